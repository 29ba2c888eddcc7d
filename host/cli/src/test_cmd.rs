//! `sve test PATH`: runs every scenario file (`*.scenario`, see
//! `docs/scenarios.md`) under a path with the cards of the pack folder, and
//! prints PASS, FAIL (with the diff) or SKIP per file and a summary.

use crate::live::{load_packs_for, play_roots};
use anyhow::{Context, Result};
use std::path::Path;
use sve_packs::catalog::Catalog;
use sve_scenario::suite::{self, Summary};

/// Runs the scenarios under `path`; exits with status 1 when any fails.
pub(crate) fn run(
    path: &Path,
    packs: &Path,
    dev_packs: &[std::path::PathBuf],
    vanilla: bool,
    json: bool,
) -> Result<()> {
    let catalog = if vanilla || (!packs.exists() && dev_packs.is_empty()) {
        Catalog::vanilla().context("loading the bundled card data")?
    } else {
        let loaded = load_packs_for(&play_roots(packs, dev_packs), dev_packs)?;
        for diagnostic in &loaded.diagnostics {
            eprintln!("{diagnostic}");
        }
        Catalog::from_packs(loaded)
    };
    let paths = suite::find_scenarios(path)
        .with_context(|| format!("looking for scenario files under {}", path.display()))?;
    if paths.is_empty() {
        eprintln!("no *.{} files under {}", suite::EXTENSION, path.display());
    }
    let mut reports = Vec::new();
    for file in &paths {
        let report = suite::run_file(file, &catalog);
        if !json {
            print!("{report}");
        }
        reports.push(report);
    }
    let summary = Summary::of(&reports);
    if json {
        let object = serde_json::json!({ "files": reports, "summary": summary });
        println!("{object}");
    } else {
        println!("{summary}");
    }
    if summary.failed > 0 {
        // The reports above say what failed; an error here would only add
        // a backtrace to them.
        std::process::exit(1);
    }
    Ok(())
}
