//! Builds the SVE Script runtime (`sdk/script-runtime`) for
//! `wasm32-unknown-unknown` so the app embeds it: playing script packs then
//! needs no Rust toolchain, and `cargo run` on a fresh clone is all a user
//! does.
//!
//! The nested cargo uses its own target directory (`<target>/script-runtime`)
//! so it never waits on the lock the outer build holds, and so one build
//! serves every profile (dev, test, release).

use std::path::{Path, PathBuf};
use std::process::Command;

const TARGET: &str = "wasm32-unknown-unknown";

fn main() {
    let manifest_dir = PathBuf::from(env("CARGO_MANIFEST_DIR"));
    let workspace = manifest_dir
        .parent()
        .and_then(Path::parent)
        .expect("the pack host crate lives in `host/packs` of the workspace")
        .to_owned();
    for path in [
        "sdk/script-runtime/src",
        "sdk/script-runtime/Cargo.toml",
        "sdk/sve-sdk/src",
        "sdk/sve-sdk/Cargo.toml",
        "sdk/sve-script/src",
        "sdk/sve-script/Cargo.toml",
        "sdk/sve-text/src",
        "sdk/sve-text/Cargo.toml",
        "sdk/sve-vocab/src",
        "sdk/sve-vocab/Cargo.toml",
        "wit",
        "Cargo.lock",
    ] {
        println!("cargo:rerun-if-changed={}", workspace.join(path).display());
    }
    let out_dir = PathBuf::from(env("OUT_DIR"));
    let target_dir = runtime_target_dir(&out_dir);
    ensure_wasm_target();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let status = Command::new(cargo)
        .current_dir(&workspace)
        .args(["build", "--release", "--quiet", "-p", "sve-script-runtime"])
        .args(["--target", TARGET])
        .arg("--target-dir")
        .arg(&target_dir)
        // What the outer build sets for itself must not leak into the guest
        // build (clippy's wrapper, host rustflags, a target override).
        .env_remove("RUSTC_WORKSPACE_WRAPPER")
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("CARGO_BUILD_TARGET")
        .env_remove("CARGO_TARGET_DIR")
        .env("CARGO_PROFILE_RELEASE_DEBUG", "false")
        .env("CARGO_PROFILE_RELEASE_STRIP", "true")
        .status();
    match status {
        Ok(status) if status.success() => {}
        Ok(status) => panic!(
            "building the SVE Script runtime for {TARGET} failed ({status}); \
             rust-toolchain.toml installs that target with rustup"
        ),
        Err(e) => panic!("cannot run cargo to build the SVE Script runtime: {e}"),
    }
    let built = target_dir
        .join(TARGET)
        .join("release")
        .join("sve_script_runtime.wasm");
    let embedded = out_dir.join("sve_script_runtime.wasm");
    if let Err(e) = std::fs::copy(&built, &embedded) {
        panic!("cannot copy {}: {e}", built.display());
    }
    println!(
        "cargo:rustc-env=SVE_SCRIPT_RUNTIME_WASM={}",
        embedded.display()
    );
}

/// Adds the wasm target to the toolchain when its standard library is
/// missing. rustup installs a `rust-toolchain.toml`'s targets only when it
/// installs the toolchain itself; a machine that already had the pinned
/// toolchain lacks them, and `cargo run` must still work there.
fn ensure_wasm_target() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let libdir = Command::new(rustc)
        .args(["--print", "target-libdir", "--target", TARGET])
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()));
    if libdir.is_some_and(|dir| dir.is_dir()) {
        return;
    }
    println!(
        "cargo:warning=the {TARGET} target is missing; adding it with `rustup target add {TARGET}`"
    );
    // A failure here is reported by the nested build below, with the hint.
    let _ = Command::new("rustup")
        .args(["target", "add", TARGET])
        .status();
}

fn env(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| panic!("cargo sets {name} for build scripts"))
}

/// `<target>/script-runtime`, where `<target>` holds the outer build's
/// profile folders (OUT_DIR is `<target>/<profile>/build/<pkg>/out`).
fn runtime_target_dir(out_dir: &Path) -> PathBuf {
    let target = out_dir
        .ancestors()
        .find(|dir| dir.file_name().is_some_and(|name| name == "build"))
        .and_then(Path::parent)
        .and_then(Path::parent)
        .unwrap_or(out_dir);
    target.join("script-runtime")
}
