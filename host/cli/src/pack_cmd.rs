//! `sve pack list | check | audit | build`.

use crate::PackCommand;
use crate::live::{load_packs_for, play_roots};
use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};

pub(crate) fn pack_command(
    command: &PackCommand,
    packs_dir: &Path,
    dev_packs: &[PathBuf],
) -> Result<()> {
    match command {
        PackCommand::List => {
            let loaded = load_packs_for(&play_roots(packs_dir, dev_packs), dev_packs)?;
            for pack in &loaded.packs {
                println!(
                    "{} {} — {} (card API {}, {} cards, {} used, priority {}) {}",
                    pack.id,
                    pack.version,
                    pack.name,
                    pack.api_version,
                    pack.cards,
                    pack.cards_used(),
                    pack.priority,
                    pack.dir.display()
                );
            }
            for diagnostic in &loaded.diagnostics {
                println!("{diagnostic}");
            }
            for warning in loaded.fallback_warnings() {
                println!("{warning}");
            }
            Ok(())
        }
        PackCommand::Check { path, json } => check(path, dev_packs, *json),
        PackCommand::Audit { path, json } => audit(path, dev_packs, *json),
        PackCommand::Build { path, out } => {
            let manifest = sve_packs::packs::read_manifest(path).map_err(anyhow::Error::msg)?;
            if manifest.kind == sve_packs::packs::PackKind::Script {
                return build_script_pack(&manifest, out.as_deref());
            }
            eprintln!(
                "building pack `{}` ({}); cargo runs its build script and macros with your rights",
                manifest.id,
                path.display()
            );
            let built = sve_packs::packs::build_rust_pack(
                &manifest,
                &Path::new("target").join("packs"),
                &mut |line| eprintln!("{line}"),
            )?;
            let size = std::fs::metadata(&built).map(|m| m.len()).unwrap_or(0);
            println!("built {} ({size} bytes)", built.display());
            if let Some(out) = out {
                std::fs::copy(&built, out)
                    .with_context(|| format!("copying to {}", out.display()))?;
                println!("copied to {}", out.display());
            }
            Ok(())
        }
    }
}

/// `sve pack check`: loads the pack (or folder of packs) exactly as play
/// does (the same loader, `api` check, limits and dev packs; nothing is
/// built that play would not build) and reports every problem and note
/// (`sve_packs::packs::check`): per pack its cards and priority, the script
/// files read per folder, which pack plays the cards several packs define,
/// and the compiler's diagnostics rendered like rustc's.
fn check(path: &Path, dev_packs: &[PathBuf], json: bool) -> Result<()> {
    let loaded = load_packs_for(&[path.to_owned()], dev_packs)?;
    let report = sve_packs::packs::check::check(path, loaded);
    if json {
        println!("{}", report.json());
    } else {
        print!("{}", report.text(path));
    }
    let errors = report.errors();
    if errors > 0 {
        bail!("{errors} error(s) found");
    }
    Ok(())
}

/// `sve pack audit`: text against implementation, per card.
fn audit(path: &Path, dev_packs: &[PathBuf], json: bool) -> Result<()> {
    let library = crate::live::open_library(&[path.to_owned()], dev_packs)?;
    let loaded = library.loaded();
    for diagnostic in loaded
        .diagnostics
        .iter()
        .filter(|d| d.severity == sve_packs::packs::Severity::Error)
    {
        eprintln!("{diagnostic}");
    }
    let packs = library.pack_cards();
    let findings = sve_packs::packs::audit::audit(&packs);
    let counts = sve_packs::packs::audit::counts(&findings);
    let cards: usize = packs.iter().map(|(_, cards)| cards.len()).sum();
    if json {
        println!(
            "{}",
            serde_json::json!({ "cards": cards, "counts": counts, "findings": findings })
        );
    } else {
        for finding in &findings {
            println!("{finding}");
        }
        println!(
            "{cards} cards audited: {} finding(s) {}",
            findings.len(),
            serde_json::to_string(&counts).unwrap_or_default()
        );
    }
    if !findings.is_empty() {
        bail!("{} audit finding(s)", findings.len());
    }
    Ok(())
}

/// `sve pack build` for a script pack: the script runtime component with
/// the compiled scripts in a custom section, written to
/// `target/packs/<id>.wasm` (and `out`).
fn build_script_pack(
    manifest: &sve_packs::packs::PackManifest,
    out: Option<&std::path::Path>,
) -> Result<()> {
    let compiled = sve_packs::packs::script_pack::compile_folder(&manifest.dir)
        .map_err(|d| anyhow::anyhow!("{d}"))?;
    for diagnostic in &compiled.diagnostics {
        eprintln!("{diagnostic}");
    }
    if compiled.has_errors() {
        bail!(
            "{} of {} cards compile; fix the errors above",
            compiled.cards_ok,
            compiled.cards_total
        );
    }
    let bytes = sve_packs::packs::script_pack::package(&compiled.ir).map_err(anyhow::Error::msg)?;
    let dir = std::path::Path::new("target").join("packs");
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let file = dir.join(format!("{}.wasm", manifest.id));
    std::fs::write(&file, &bytes).with_context(|| format!("writing {}", file.display()))?;
    println!(
        "built {} ({} cards, {} bytes); to ship it, put it beside this pack.toml as {}.wasm in a folder without the scripts",
        file.display(),
        compiled.cards_ok,
        bytes.len(),
        manifest.id
    );
    if let Some(out) = out {
        std::fs::copy(&file, out).with_context(|| format!("copying to {}", out.display()))?;
        println!("copied to {}", out.display());
    }
    Ok(())
}
