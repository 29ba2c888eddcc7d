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
    closure(&["-p", root, "-e", "normal"])
}

/// The packages `cargo tree ARGS` lists, by name, the root left out.
fn closure(tree_args: &[&str]) -> BTreeSet<String> {
    let root = tree_args.get(1).copied().unwrap_or_default();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(cargo)
        .current_dir(sve_tests::workspace_root())
        .arg("tree")
        .args(tree_args)
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

#[test]
fn the_web_page_links_the_script_runtime_and_no_sandbox_watcher_or_pack_folders() {
    // The page's module: `sve-ui` without `desktop` for wasm32, so
    // `sve-packs` without `components` (proc macros run at build time, on
    // the build machine, and are not linked).
    let page = closure(&[
        "-p",
        "sve-ui",
        "--no-default-features",
        "--target",
        "wasm32-unknown-unknown",
        "-e",
        "normal,no-proc-macro",
    ]);
    for name in [
        "wasmtime",
        "notify",
        "wit-component",
        "wasmparser",
        "target-lexicon",
        "mimalloc",
    ] {
        assert!(!page.contains(name), "the web page links {name}");
    }
    for name in [
        "sve-packs",
        "sve-script-runtime",
        "sve-script",
        "sve-engine",
    ] {
        assert!(page.contains(name), "the web page should link {name}");
    }
}
