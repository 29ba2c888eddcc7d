//! `sve pack list | check | audit | build`.

use crate::PackCommand;
use crate::live::{load_packs_for, play_roots};
use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};
use sve_host::packs::{LoadedPacks, PackDiagnostic, Severity};

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
                    "{} {} — {} (card API {}, {} cards) {}",
                    pack.id,
                    pack.version,
                    pack.name,
                    pack.api_version,
                    pack.cards,
                    pack.dir.display()
                );
            }
            for diagnostic in &loaded.diagnostics {
                println!("{diagnostic}");
            }
            Ok(())
        }
        PackCommand::Check { path, json } => check(path, dev_packs, *json),
        PackCommand::Audit { path, json } => audit(path, dev_packs, *json),
        PackCommand::Build { path, out } => {
            let manifest = sve_host::packs::read_manifest(path).map_err(anyhow::Error::msg)?;
            if manifest.kind == sve_host::packs::PackKind::Script {
                return build_script_pack(&manifest, out.as_deref());
            }
            eprintln!(
                "building pack `{}` ({}); cargo runs its build script and macros with your rights",
                manifest.id,
                path.display()
            );
            let built = sve_host::packs::build_rust_pack(
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
/// built that play would not build) and reports every problem and note.
/// For SVE Script folders the compiler's diagnostics are also rendered like
/// rustc's, with the source line.
fn check(path: &Path, dev_packs: &[PathBuf], json: bool) -> Result<()> {
    let loaded = load_packs_for(&[path.to_owned()], dev_packs)?;
    // The loader names files under the absolute folder: so do the checks,
    // so that a compiler diagnostic is printed once.
    let absolute = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_owned());
    let script_dirs = script_folders(&absolute);
    let checks: Vec<sve_host::packs::scripts::ScriptCheck> = script_dirs
        .iter()
        .map(|dir| sve_host::packs::scripts::check_scripts(dir))
        .collect();
    // A card its pack can't play in full is loaded (and listed, with why)
    // but not ok.
    let unplayable = loaded
        .db
        .iter()
        .filter(|(_, def)| def.unplayable.is_some())
        .count();
    let cards_ok = loaded
        .packs
        .iter()
        .map(|p| p.cards)
        .sum::<usize>()
        .saturating_sub(unplayable);
    // A script folder has as many cards as its scripts define, whether
    // they compiled and loaded or not; any other pack, as many as loaded.
    let script_cards: usize = checks.iter().map(|c| c.cards_total).sum();
    let other_cards: usize = loaded
        .packs
        .iter()
        .filter(|p| !script_dirs.contains(&p.dir))
        .map(|p| p.cards)
        .sum();
    let cards_total = script_cards + other_cards;
    let errors = loaded
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    if json {
        // `PackDiagnostic` serializes as file, line, col, severity,
        // message.
        println!(
            "{}",
            serde_json::json!({
                "packs": loaded.packs,
                "cards_total": cards_total,
                "cards_ok": cards_ok,
                "diagnostics": loaded.diagnostics,
            })
        );
    } else {
        print_check(&loaded, &checks);
        println!(
            "{}: {} pack(s) loaded, {cards_ok} of {cards_total} cards",
            path.display(),
            loaded.packs.len()
        );
    }
    if errors > 0 {
        bail!("{errors} error(s) found");
    }
    Ok(())
}

/// The text report of `sve pack check`: each loaded pack, the compiler's
/// rendered diagnostics, then every other diagnostic of the load.
fn print_check(loaded: &LoadedPacks, checks: &[sve_host::packs::scripts::ScriptCheck]) {
    for pack in &loaded.packs {
        println!(
            "{}: ok ({} cards, card API {})",
            pack.id, pack.cards, pack.api_version
        );
    }
    let mut rendered: Vec<&PackDiagnostic> = Vec::new();
    for check in checks {
        print!("{}", check.rendered);
        rendered.extend(&check.diagnostics);
    }
    for diagnostic in &loaded.diagnostics {
        if !rendered.contains(&diagnostic) {
            println!("{diagnostic}");
        }
    }
}

/// The SVE Script folders among a pack folder or a folder of packs.
fn script_folders(path: &Path) -> Vec<PathBuf> {
    if sve_host::packs::is_pack_dir(path) {
        return if sve_host::packs::scripts::is_script_folder(path) {
            vec![path.to_owned()]
        } else {
            Vec::new()
        };
    }
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(path)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| sve_host::packs::scripts::is_script_folder(p))
                .collect()
        })
        .unwrap_or_default();
    dirs.sort();
    dirs
}

/// `sve pack audit`: text against implementation, per card.
fn audit(path: &Path, dev_packs: &[PathBuf], json: bool) -> Result<()> {
    let library = crate::live::open_library(&[path.to_owned()], dev_packs)?;
    let loaded = library.loaded();
    for diagnostic in loaded
        .diagnostics
        .iter()
        .filter(|d| d.severity == sve_host::packs::Severity::Error)
    {
        eprintln!("{diagnostic}");
    }
    let packs = library.pack_cards();
    let findings = sve_host::packs::audit::audit(&packs);
    let counts = sve_host::packs::audit::counts(&findings);
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
    manifest: &sve_host::packs::PackManifest,
    out: Option<&std::path::Path>,
) -> Result<()> {
    let compiled = sve_host::packs::script_pack::compile_folder(&manifest.dir)
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
    let bytes = sve_host::packs::script_pack::package(&compiled.ir).map_err(anyhow::Error::msg)?;
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
