//! The crate graph's rules (docs/architecture.md, "Architecture
//! invariants"), read from the resolved graph `cargo tree` prints: what
//! each crate may never depend on, directly or through another crate.

use std::collections::BTreeSet;
use std::process::Command;

/// Each crate and what must stay out of its normal (non-dev) dependencies,
/// with the reason a failure shows.
const RULES: &[(&str, &[&str], &str)] = &[
    (
        "sve-engine",
        &[
            "sve-script",
            "sve-script-runtime",
            "sve-packs",
            "sve-net",
            "wasmtime",
            "notify",
            "tokio",
            "egui",
        ],
        "the rules engine knows no compiler, no sandbox, no IO and no UI",
    ),
    (
        "sve-vocab",
        &["sve-engine", "sve-script", "sve-text"],
        "the vocabulary is a leaf every crate (wasm guests too) can build",
    ),
    (
        "sve-text",
        &["sve-engine", "sve-script", "sve-vocab"],
        "the text policy is a leaf every crate (wasm guests too) can build",
    ),
    (
        "sve-script",
        &["sve-engine", "sve-packs", "wasmtime"],
        "the compiler builds for wasm and knows no engine",
    ),
    (
        "sve-net",
        &["wasmtime", "sve-packs", "egui"],
        "the network layer runs matches without loading packs itself",
    ),
    (
        "sve-adventure",
        &["wasmtime", "sve-packs", "egui", "tokio"],
        "the adventure core plays the cards and code its front end hands it",
    ),
];

/// The packages `root` depends on through normal dependencies, directly
/// or through others, for this machine's platform, by name (`cargo tree`).
fn normal_closure(root: &str) -> BTreeSet<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(cargo)
        .current_dir(sve_tests::workspace_root())
        .args(["tree", "-p", root, "-e", "normal", "--prefix", "none"])
        .args(["--format", "{p}", "--locked", "--offline"])
        .output()
        .expect("cargo tree runs");
    assert!(
        output.status.success(),
        "cargo tree -p {root} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8_lossy(&output.stdout);
    // Each line is `name vX.Y.Z (...)`; the first is the root itself.
    text.lines()
        .skip(1)
        .filter_map(|line| line.split_whitespace().next())
        .map(str::to_owned)
        .collect()
}

#[test]
fn no_crate_depends_on_what_its_layer_must_not_know() {
    let mut broken = Vec::new();
    for (krate, forbidden, why) in RULES {
        let closure = normal_closure(krate);
        for name in *forbidden {
            if closure.contains(*name) {
                broken.push(format!("{krate} depends on {name}: {why}"));
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn the_closure_follows_dependencies_of_dependencies() {
    // The check would pass vacuously if the closure missed indirect
    // dependencies: the packs crate reaches the vocabulary through the
    // engine and the compiler, and wasmtime directly.
    let closure = normal_closure("sve-packs");
    for name in [
        "sve-engine",
        "sve-vocab",
        "sve-text",
        "wasmtime",
        "cranelift-codegen",
    ] {
        assert!(closure.contains(name), "sve-packs should reach {name}");
    }
}
