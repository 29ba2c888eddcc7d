//! `sve reload-bench`: the hot-reload pipeline, timed end to end.
//!
//! The pack is copied to `target/reload-bench/`, a match is started with its
//! cards, and each edit rewrites one source file (write-then-rename, as
//! editors do), alternating two versions; the time runs from the write until
//! the watcher has reported the folder, the pack is rebuilt and loaded, and
//! the running match has received the new version (`CardsReloaded`).
//!
//! Script packs alternate two versions of one ability (the first number of
//! the first `effect` line with a number, e.g. `DealDamage(3)` and
//! `DealDamage(4)`); they are compiled in-process and the runtime component
//! is not recompiled. For Rust packs the two versions differ by a comment, so
//! the figure is the cost of the pipeline (cargo dominates).

use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use sve_engine::decks;
use sve_engine::engine::{Event, Match};

pub fn run(pack: &Path, edits: u32, json: bool) -> Result<()> {
    let name = pack
        .file_name()
        .context("the pack path has no folder name")?;
    let bench_root = Path::new("target").join("reload-bench");
    let copy = bench_root.join(name);
    let _ = std::fs::remove_dir_all(&copy);
    copy_pack(pack, &copy)?;
    let edited = source_to_edit(&copy)?;
    // The copy is ours to edit: a dev pack, rebuilt at each edit (a Rust
    // pack's build script and macros run: bench only packs you trust).
    let mut library = crate::live::open_library(
        std::slice::from_ref(&bench_root),
        std::slice::from_ref(&copy),
    )?;
    let loaded = library.loaded();
    if loaded.packs.is_empty() {
        bail!("{} did not load: {:?}", pack.display(), loaded.diagnostics);
    }
    let deck = decks::starter_deck("SD01").context("bundled deck")?;
    let list = decks::resolve(&deck, &loaded.db).map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let mut game = Match::new(
        Arc::clone(&loaded.db),
        loaded.runner(),
        [list.clone(), list],
        1,
    );
    game.step();
    game.clear_events();
    let watcher = library.watcher()?;
    let original = std::fs::read_to_string(&edited)?;
    let variant = match edited.extension().and_then(|e| e.to_str()) {
        Some("txt") => other_ability_version(&original)
            .with_context(|| format!("{} has no `effect` line with a number", edited.display()))?,
        _ => format!("{original}\n// reload-bench edit\n"),
    };
    let mut times = Vec::new();
    // Compile and load time of each reload (the rest is the watcher's
    // debounce and the swap into the match).
    let mut loads = Vec::new();
    for edit in 0..edits {
        let text = if edit % 2 == 0 { &variant } else { &original };
        let tmp = edited.with_extension("bench.tmp");
        let start = Instant::now();
        std::fs::write(&tmp, text)?;
        std::fs::rename(&tmp, &edited)?;
        loop {
            if start.elapsed() > Duration::from_secs(120) {
                bail!("edit {edit} was not reloaded within 120 s");
            }
            let changed = watcher.poll();
            if changed.is_empty() {
                std::thread::sleep(Duration::from_millis(1));
                continue;
            }
            for dir in changed {
                let report = library
                    .reload(&dir)
                    .map_err(|problems| anyhow::anyhow!("reload failed: {problems:?}"))?;
                loads.push(report.elapsed.as_secs_f64() * 1000.0);
                library
                    .loaded()
                    .apply_to_match(&mut game, "reload-bench")
                    .map_err(anyhow::Error::msg)?;
            }
            game.step();
            if game
                .take_events()
                .iter()
                .any(|e| matches!(e, Event::CardsReloaded { .. }))
            {
                break;
            }
        }
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        eprintln!("edit {}: {:.1} ms", edit + 1, times[times.len() - 1]);
    }
    let (p50, p95, max) = percentiles(&mut times);
    let (load_p50, load_p95, _) = percentiles(&mut loads);
    println!("edits: {edits}  p50 {p50:.1} ms  p95 {p95:.1} ms  max {max:.1} ms");
    println!(
        "  of which compile + load: p50 {load_p50:.1} ms  p95 {load_p95:.1} ms (the watcher waits {} ms after a finished save, {} ms otherwise)",
        sve_packs::packs::watch::SETTLE.as_millis(),
        sve_packs::packs::watch::DEBOUNCE.as_millis()
    );
    if json {
        println!(
            "{}",
            serde_json::json!({
                "edits": edits, "p50_ms": p50, "p95_ms": p95, "max_ms": max,
                "load_p50_ms": load_p50, "load_p95_ms": load_p95,
            })
        );
    }
    Ok(())
}

/// p50, p95 and max of a list of milliseconds (0 for an empty list).
fn percentiles(times: &mut [f64]) -> (f64, f64, f64) {
    if times.is_empty() {
        return (0.0, 0.0, 0.0);
    }
    times.sort_by(f64::total_cmp);
    let pick = |q: f64| times[((times.len() as f64 - 1.0) * q).round() as usize];
    (pick(0.5), pick(0.95), pick(1.0))
}

/// Copies a pack folder (sources only), making a relative SDK path absolute.
fn copy_pack(from: &Path, to: &Path) -> Result<()> {
    let sdk = std::fs::canonicalize("sdk/sve-sdk").ok();
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        let source = from.join(&rel);
        if source.is_dir() {
            if rel.file_name().is_some_and(|n| n == "target") {
                continue;
            }
            std::fs::create_dir_all(to.join(&rel))?;
            for entry in std::fs::read_dir(&source)? {
                stack.push(rel.join(entry?.file_name()));
            }
        } else if source.extension().is_none_or(|e| e != "wasm") {
            let mut text = std::fs::read(&source)?;
            if rel == Path::new("Cargo.toml")
                && let Some(sdk) = &sdk
            {
                let manifest = String::from_utf8_lossy(&text)
                    .replace("../../sdk/sve-sdk", &sdk.display().to_string());
                text = manifest.into_bytes();
            }
            std::fs::write(to.join(&rel), text)?;
        }
    }
    Ok(())
}

/// The file the bench edits: a Rust pack's `src/lib.rs`, or a script
/// pack's first script with a numbered `effect` line.
fn source_to_edit(pack: &Path) -> Result<PathBuf> {
    let lib = pack.join("src").join("lib.rs");
    if lib.exists() {
        return Ok(lib);
    }
    let mut scripts: Vec<PathBuf> = std::fs::read_dir(pack)?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    scripts.sort();
    for script in scripts {
        let text = std::fs::read_to_string(&script)?;
        if other_ability_version(&text).is_some() {
            return Ok(script);
        }
    }
    bail!(
        "{} has neither src/lib.rs nor a script with a numbered `effect` line",
        pack.display()
    )
}

/// The script with the first number of its first numbered `effect` line
/// increased by one: the same ability in a second version.
fn other_ability_version(script: &str) -> Option<String> {
    let mut out = String::with_capacity(script.len() + 1);
    let mut done = false;
    for line in script.split_inclusive('\n') {
        if !done
            && line.trim_start().starts_with("effect ")
            && let Some(start) = line.find(|c: char| c.is_ascii_digit())
        {
            let digits = line[start..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(line.len(), |n| start + n);
            let n: u32 = line[start..digits].parse().ok()?;
            out.push_str(&line[..start]);
            out.push_str(&(n + 1).to_string());
            out.push_str(&line[digits..]);
            done = true;
            continue;
        }
        out.push_str(line);
    }
    done.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::other_ability_version;

    #[test]
    fn the_second_version_changes_one_number_of_one_effect() {
        let script =
            "name A;\ncost 2;\nability Fanfare {\n    effect DealDamage(3) to OpponentLeader;\n}\n";
        let other = other_ability_version(script).expect("has an effect");
        assert_eq!(other, script.replace("DealDamage(3)", "DealDamage(4)"));
        assert_eq!(other_ability_version("name A;\n"), None);
    }
}
