//! Architecture Invariant: the UI never changes engine state itself. Only
//! the session workers (`src/session/worker/`, which plays a match, and
//! `src/session/replay.rs`, which watches a recording) hold a `Match`, and
//! they change it only through `step`, `answer` and `concede`. This test
//! is a tripwire over the sources, not a proof: it fails when another
//! module imports the engine's `Match` or `GameState`, or when a worker
//! calls anything else that takes `&mut self` on the match. The workers'
//! helpers may read: `src/session/inspect.rs` a `&GameState` (the card
//! inspector's data), `src/session/picture.rs` a `&Match` (the snapshot),
//! whose only change to it is taking the new events.
//!
//! Architecture Invariant: built without its `desktop` feature, as a web
//! page builds it, the client links nothing a page can't run: no sandbox
//! (wasmtime) or pack folders' watcher (notify), only `sve-packs` without
//! its `components` (the script runtime in process), no network runtime,
//! no launching of programs.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

#[test]
fn a_web_page_build_links_nothing_desktop_only() {
    // The graph `cargo tree` resolves for the page's target.
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = std::process::Command::new(cargo)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["tree", "-p", "sve-ui", "--no-default-features"])
        // Proc macros run on the build machine: not linked.
        .args([
            "--target",
            "wasm32-unknown-unknown",
            "-e",
            "normal,no-proc-macro",
        ])
        .args([
            "--prefix",
            "none",
            "--format",
            "{p}",
            "--locked",
            "--offline",
        ])
        .output()
        .expect("cargo tree runs");
    assert!(
        output.status.success(),
        "cargo tree failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8_lossy(&output.stdout);
    // Each line is `name vX.Y.Z (...)`.
    let linked: BTreeSet<&str> = text
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    for needed in [
        "sve-engine",
        "sve-net",
        "eframe",
        "sve-packs",
        "sve-script-runtime",
    ] {
        assert!(
            linked.contains(needed),
            "the page links {needed}: {linked:?}"
        );
    }
    let desktop_only = [
        "wasmtime",
        "wit-component",
        "notify",
        "mio",
        "tokio-tungstenite",
        "async-nats",
        "which",
        "mimalloc",
    ];
    let found: Vec<&str> = desktop_only
        .into_iter()
        .filter(|name| linked.contains(name))
        .collect();
    assert!(
        found.is_empty(),
        "the web page's build links desktop-only crates: {found:?}"
    );
}

#[test]
fn only_the_session_worker_touches_the_match() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let session = src.join("session");
    // The match's worker is a folder of files, the replay's one file.
    let match_worker = session.join("worker");
    let replay_worker = session.join("replay.rs");
    let is_worker = |file: &Path| file.starts_with(&match_worker) || *file == replay_worker;
    let inspect = session.join("inspect.rs");
    let picture = session.join("picture.rs");
    for file in rust_files(&src) {
        let text = std::fs::read_to_string(&file).expect("a readable source file");
        let imported = engine_imports(&text);
        if is_worker(&file) || file == picture {
            continue;
        }
        let forbidden: &[&str] = if file == inspect {
            assert!(
                !text.contains("&mut GameState"),
                "the inspector's data only reads engine state"
            );
            &["Match"]
        } else {
            &["Match", "GameState"]
        };
        for name in forbidden {
            assert!(
                !imported.iter().any(|word| word == name),
                "{} imports the engine's {name}: only the session workers may hold a match",
                file.display()
            );
        }
    }
    let workers = [
        (match_worker.clone(), rust_files(&match_worker)),
        (replay_worker.clone(), vec![replay_worker.clone()]),
    ];
    for (worker, files) in &workers {
        assert!(!files.is_empty(), "{} has no sources", worker.display());
        let text: String = files
            .iter()
            .map(|file| std::fs::read_to_string(file).expect("the worker source"))
            .collect::<Vec<_>>()
            .join("\n");
        let mutating_calls: Vec<&str> = ["game.answer(", "game.concede(", "game.step("]
            .into_iter()
            .filter(|call| text.contains(call))
            .collect();
        assert_eq!(
            mutating_calls.len(),
            3,
            "{} drives the match with step/answer/concede",
            worker.display()
        );
        for forbidden in ["state_mut", "game.apply(", "game.state.", "fn state_mut"] {
            assert!(
                !text.contains(forbidden),
                "{} must not change engine state directly ({forbidden})",
                worker.display()
            );
        }
    }
    // The picture reads the match and takes its new events, nothing more.
    let text = std::fs::read_to_string(&picture).expect("the picture source");
    assert!(text.contains("game.take_events("));
    for forbidden in [
        "game.answer(",
        "game.concede(",
        "game.step(",
        "state_mut",
        "game.apply(",
        "game.sandbox(",
        "game.reload_cards(",
    ] {
        assert!(
            !text.contains(forbidden),
            "the picture only reads the match ({forbidden})"
        );
    }
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return files;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
    files
}

/// The names brought in by `use sve_engine::engine...;` statements.
fn engine_imports(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("use sve_engine::engine") {
        let statement = &rest[start..];
        let end = statement.find(';').unwrap_or(statement.len());
        names.extend(
            statement[..end]
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .filter(|word| !word.is_empty())
                .map(str::to_owned),
        );
        rest = &statement[end..];
    }
    names
}
