//! `sve pack list | check | audit | build`.

use crate::PackCommand;
use crate::live::load_packs_for;
use anyhow::{Context, Result, bail};

pub(crate) fn pack_command(command: &PackCommand, packs_dir: &std::path::Path) -> Result<()> {
    match command {
        PackCommand::List => {
            let loaded = load_packs_for(packs_dir)?;
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
        PackCommand::Check { path, json } => {
            let is_script = match sve_host::packs::read_manifest(path) {
                Ok(manifest) => manifest.kind == sve_host::packs::PackKind::Script,
                Err(_) => {
                    !path.join("pack.toml").exists()
                        && sve_host::packs::scripts::is_script_folder(path)
                }
            };
            if is_script {
                return check_scripts(path, *json);
            }
            let loaded = load_packs_for(path)?;
            let cards_total: usize = loaded.packs.iter().map(|p| p.cards).sum();
            let cards_failed = loaded
                .diagnostics
                .iter()
                .filter(|d| d.severity == sve_host::packs::Severity::Error)
                .count();
            if *json {
                // `PackDiagnostic` serializes as file, line, col, severity,
                // message.
                let diagnostics = &loaded.diagnostics;
                println!(
                    "{}",
                    serde_json::json!({
                        "packs": loaded.packs,
                        "cards_total": cards_total,
                        "cards_ok": cards_total,
                        "diagnostics": diagnostics,
                    })
                );
            } else {
                for pack in &loaded.packs {
                    println!(
                        "{}: ok ({} cards, card API {})",
                        pack.id, pack.cards, pack.api_version
                    );
                }
                for diagnostic in &loaded.diagnostics {
                    println!("{diagnostic}");
                }
            }
            if cards_failed > 0 {
                bail!("{cards_failed} problem(s) found");
            }
            Ok(())
        }
        PackCommand::Audit { path, json } => audit(path, *json),
        PackCommand::Build { path, out } => {
            let manifest = sve_host::packs::read_manifest(path).map_err(anyhow::Error::msg)?;
            if manifest.kind == sve_host::packs::PackKind::Script {
                return build_script_pack(&manifest, out.as_deref());
            }
            eprintln!("building pack `{}` ({})", manifest.id, path.display());
            let built = sve_host::packs::build_rust_pack(
                &manifest,
                &std::path::Path::new("target").join("packs"),
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

/// `sve pack audit`: text against implementation, per card.
fn audit(path: &std::path::Path, json: bool) -> Result<()> {
    let library = crate::live::open_library(path)?;
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

/// `sve pack check` on SVE Script files: every diagnostic, rendered like
/// rustc's, or as JSON.
fn check_scripts(path: &std::path::Path, json: bool) -> Result<()> {
    let check = sve_host::packs::scripts::check_scripts(path);
    if json {
        let diagnostics = &check.diagnostics;
        println!(
            "{}",
            serde_json::json!({
                "packs": [{ "dir": path.display().to_string(), "kind": "script", "files": check.files }],
                "cards_total": check.cards_total,
                "cards_ok": check.cards_ok,
                "diagnostics": diagnostics,
            })
        );
    } else {
        print!("{}", check.rendered);
        println!(
            "{}: {} files, {} of {} cards compile",
            path.display(),
            check.files,
            check.cards_ok,
            check.cards_total
        );
    }
    let errors = check
        .diagnostics
        .iter()
        .filter(|d| d.severity == sve_host::packs::Severity::Error)
        .count();
    if errors > 0 {
        bail!("{errors} error(s) found");
    }
    Ok(())
}
