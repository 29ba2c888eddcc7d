//! Building Rust packs: `cargo build` for `wasm32-unknown-unknown`, then the
//! core module is turned into a component in-process (wit-component). The
//! guest imports only the game API: no WASI at all (the tightest
//! sandbox).
//!
//! Rust packs share one cargo target dir, so their dependencies build once.
//! cargo names a cdylib after its crate alone, so a build first removes the
//! crate's previous output, and builds run one at a time, across processes
//! too (a mutex, and `sve-pack-build.lock` in the target dir): two packs with
//! one crate name never read each other's code. Compiler errors come back
//! located. The component records a hash of the sources it was built from in
//! its `sve:source-hash` section (`source_hash.rs`); [`freshness`] compares
//! it with the sources now.

use super::manifest::PackManifest;
use super::source_hash::{
    MAX_SOURCE_BYTES, combine_digests, file_digest, source_digests, source_hash,
};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The target packs are built for.
pub const PACK_TARGET: &str = "wasm32-unknown-unknown";

/// Errors building a pack.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// cargo could not be started.
    #[error("cannot run cargo: {0}")]
    Spawn(std::io::Error),
    /// cargo reported errors (also streamed to the caller as they came).
    #[error("cargo build failed for {}{}", dir.display(), first_error(diagnostics))]
    Cargo {
        /// The pack folder.
        dir: PathBuf,
        /// The compiler's errors, located.
        diagnostics: Vec<super::PackDiagnostic>,
    },
    /// cargo succeeded but produced no `.wasm`.
    #[error("cargo built no .wasm for {0}; is the crate-type `cdylib`?")]
    NoArtifact(PathBuf),
    /// The core module could not become a component.
    #[error("{file}: not a pack module: {message}")]
    Componentize {
        /// The module.
        file: PathBuf,
        /// Why.
        message: String,
    },
    /// Reading or writing a file failed.
    #[error("{file}: {error}")]
    Io {
        /// The file.
        file: PathBuf,
        /// The error.
        error: std::io::Error,
    },
}

/// Where the loader finds a Rust pack's built component.
pub fn component_path(manifest: &PackManifest) -> PathBuf {
    manifest.dir.join(format!("{}.wasm", manifest.id))
}

/// The custom section where a built component records the hash of the
/// sources it was built from ([`source_hash`]). It tells whether a
/// component is stale, nothing more: whoever built the component wrote it,
/// so it proves nothing about what the component does.
pub const SOURCE_HASH_SECTION: &str = "sve:source-hash";

/// Whether a Rust pack's component must be built before its sources can
/// play: it is missing, or it records another hash of the sources than
/// theirs now (or none). File times play no part: a fresh clone gives every
/// file the time of the clone.
pub fn is_stale(manifest: &PackManifest) -> bool {
    !matches!(freshness(manifest), Freshness::Current)
}

/// How a Rust pack's component relates to its sources.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Freshness {
    /// The component records the hash of the sources as they are.
    Current,
    /// There is no component (`<id>.wasm`) yet.
    Missing,
    /// The pack ships no sources (no `Cargo.toml`): nothing to compare.
    NoSources,
    /// The sources differ from what the component was built from.
    Stale {
        /// The hash the component records, if any.
        recorded: Option<String>,
        /// The hash of the sources now.
        current: String,
    },
}

/// Compares a Rust pack's component with its sources ([`source_hash`]
/// against the hash recorded at build time).
pub fn freshness(manifest: &PackManifest) -> Freshness {
    if !manifest.dir.join("Cargo.toml").exists() {
        return Freshness::NoSources;
    }
    let Ok(bytes) = super::read_capped(&component_path(manifest), super::MAX_COMPONENT_BYTES)
    else {
        return Freshness::Missing;
    };
    let current = source_hash(&manifest.dir);
    let recorded = recorded_source_hash(&bytes);
    if recorded.as_deref() == Some(current.as_str()) {
        Freshness::Current
    } else {
        Freshness::Stale { recorded, current }
    }
}

/// The hash a component records of the sources it was built from (at
/// most 64 characters are read: the section is the pack's to write).
pub fn recorded_source_hash(bytes: &[u8]) -> Option<String> {
    super::component::custom_section(bytes, SOURCE_HASH_SECTION).map(|data| {
        String::from_utf8_lossy(&data[..data.len().min(64)])
            .chars()
            .filter(|c| !c.is_control())
            .collect::<String>()
            .trim()
            .to_owned()
    })
}

/// Builds a Rust pack with cargo and writes its component next to its
/// `pack.toml`, recording the hash of the sources it was built from
/// ([`SOURCE_HASH_SECTION`]). Every line cargo prints (progress, compiler
/// errors) is passed to `on_line` as it comes.
///
/// This runs the pack's build script and procedural macros natively, with
/// the rights of the user: call it only on an explicit request (`sve pack
/// build`, a pack the user marked as their own with `--dev-pack`), never
/// to load a pack.
///
/// Packs share one target dir (their dependencies build once), but cargo
/// names a cdylib after the crate alone, so two packs whose crates share a
/// name (two copies of the template, a playtester's fork) share an output
/// file. cargo may then call one pack fresh while the file holds the
/// other's code. So each build first removes the crate's previous output,
/// which makes cargo compile the pack crate again (it only builds a pack
/// whose sources changed, so that compile was due anyway), and builds run
/// one at a time, across processes too (a lock file in the target dir), so
/// no build reads another's output.
pub fn build_rust_pack(
    manifest: &PackManifest,
    target_dir: &Path,
    on_line: &mut dyn FnMut(&str),
) -> Result<PathBuf, BuildError> {
    static ONE_BUILD_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    // A build that panicked left nothing this one relies on: it removes
    // the crate's output and runs cargo from scratch.
    let _build = ONE_BUILD_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    // Other processes (the client and `sve` side by side) take the same
    // lock file in the shared target dir; the OS releases it when the file
    // closes, a crashed process included.
    let _other_processes = lock_target_dir(target_dir);
    // Read before cargo runs: an edit made during the build leaves the
    // component stale, and the next load sees it. Cargo itself may write
    // Cargo.lock (to bring it up to date), which is part of the build: its
    // new contents are what the component is built from.
    let mut sources = source_digests(&manifest.dir);
    forget_previous_output(manifest, target_dir);
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut child = Command::new(cargo)
        .arg("build")
        .arg("--release")
        .arg("--target")
        .arg(PACK_TARGET)
        .arg("--manifest-path")
        .arg(manifest.dir.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(target_dir)
        .arg("--message-format")
        .arg("json")
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("CARGO_TARGET_DIR")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(BuildError::Spawn)?;
    // stderr carries progress and rendered diagnostics; stream it from a
    // thread while stdout's JSON messages are read here.
    let stderr = child.stderr.take();
    let (line_tx, line_rx) = std::sync::mpsc::channel::<String>();
    let reader = std::thread::spawn(move || {
        if let Some(stderr) = stderr {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if line_tx.send(line).is_err() {
                    break;
                }
            }
        }
    });
    let mut artifact = None;
    let mut diagnostics = Vec::new();
    if let Some(stdout) = child.stdout.take() {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            while let Ok(progress) = line_rx.try_recv() {
                on_line(&progress);
            }
            let Ok(message) = serde_json::from_str::<serde_json::Value>(&line) else {
                continue;
            };
            if let Some(path) = wasm_artifact(&message) {
                artifact = Some(path);
            }
            if let Some((rendered, diagnostic)) = compiler_message(&message, &manifest.dir) {
                for rendered_line in rendered.lines() {
                    on_line(rendered_line);
                }
                diagnostics.extend(diagnostic);
            }
        }
    }
    let status = child.wait().map_err(BuildError::Spawn)?;
    let _ = reader.join();
    for progress in line_rx.try_iter() {
        on_line(&progress);
    }
    if !status.success() {
        return Err(BuildError::Cargo {
            dir: manifest.dir.clone(),
            diagnostics,
        });
    }
    let core_file = artifact.ok_or_else(|| BuildError::NoArtifact(manifest.dir.clone()))?;
    let core = std::fs::read(&core_file).map_err(|error| BuildError::Io {
        file: core_file.clone(),
        error,
    })?;
    let mut component = componentize(&core).map_err(|message| BuildError::Componentize {
        file: core_file.clone(),
        message,
    })?;
    sources.retain(|(name, _)| name != "Cargo.lock");
    let lock = manifest.dir.join("Cargo.lock");
    if std::fs::symlink_metadata(&lock).is_ok() {
        let mut budget = MAX_SOURCE_BYTES;
        sources.push(("Cargo.lock".to_owned(), file_digest(&lock, &mut budget)));
        sources.sort();
    }
    super::component::append_custom_section(
        &mut component,
        SOURCE_HASH_SECTION,
        combine_digests(&sources).as_bytes(),
    );
    let out = component_path(manifest);
    // Write-then-rename: a watcher never sees a half-written component.
    let tmp = out.with_extension("wasm.tmp");
    std::fs::write(&tmp, &component)
        .and_then(|()| std::fs::rename(&tmp, &out))
        .map_err(|error| BuildError::Io {
            file: out.clone(),
            error,
        })?;
    Ok(out)
}

/// Takes the target dir's build lock file, waiting for another process's
/// build to finish. `None` when the lock cannot be taken (a read-only
/// folder, a file system without locks): the build goes on unguarded, as
/// cargo's own lock still covers the compile.
fn lock_target_dir(target_dir: &Path) -> Option<std::fs::File> {
    std::fs::create_dir_all(target_dir).ok()?;
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(target_dir.join("sve-pack-build.lock"))
        .ok()?;
    match file.lock() {
        Ok(()) => Some(file),
        Err(error) => {
            tracing::warn!("cannot lock {}: {error}", target_dir.display());
            None
        }
    }
}

/// Removes the pack crate's cdylib from the shared target dir (see
/// [`build_rust_pack`]). A missing file is fine; a Cargo.toml that does not
/// parse is left to cargo to report.
fn forget_previous_output(manifest: &PackManifest, target_dir: &Path) {
    let Some(lib) = lib_name(&manifest.dir.join("Cargo.toml")) else {
        return;
    };
    let release = target_dir.join(PACK_TARGET).join("release");
    let file = format!("{lib}.wasm");
    for path in [release.join(&file), release.join("deps").join(&file)] {
        let _ = std::fs::remove_file(path);
    }
}

/// The library name cargo gives a crate's output: `[lib] name`, or the
/// package name with `-` made `_`.
fn lib_name(cargo_toml: &Path) -> Option<String> {
    let doc: toml::Table = std::fs::read_to_string(cargo_toml).ok()?.parse().ok()?;
    let name = doc
        .get("lib")
        .and_then(|lib| lib.get("name"))
        .or_else(|| doc.get("package")?.get("name"))?
        .as_str()?;
    Some(name.replace('-', "_"))
}

/// Turns a core module built with `sve-sdk` into a component.
pub fn componentize(core: &[u8]) -> Result<Vec<u8>, String> {
    wit_component::ComponentEncoder::default()
        .module(core)
        .and_then(|encoder| encoder.validate(true).encode())
        .map_err(|e| format!("{e:#}"))
}

fn first_error(diagnostics: &[super::PackDiagnostic]) -> String {
    diagnostics
        .iter()
        .find(|d| d.severity == super::Severity::Error)
        .map(|d| format!(": {d}"))
        .unwrap_or_default()
}

/// A rustc diagnostic from a cargo `compiler-message`: its rendered text and,
/// for errors and warnings, a located diagnostic (paths made relative to the
/// pack folder's parent so they read `my-pack/src/lib.rs:12:5`).
fn compiler_message(
    message: &serde_json::Value,
    pack_dir: &Path,
) -> Option<(String, Option<super::PackDiagnostic>)> {
    if message.get("reason")?.as_str()? != "compiler-message" {
        return None;
    }
    let inner = message.get("message")?;
    let rendered = inner.get("rendered")?.as_str()?.to_owned();
    let severity = match inner.get("level")?.as_str()? {
        "error" => super::Severity::Error,
        "warning" => super::Severity::Warning,
        _ => return Some((rendered, None)),
    };
    let text = inner.get("message")?.as_str()?.to_owned();
    let span = inner
        .get("spans")?
        .as_array()?
        .iter()
        .find(|s| s.get("is_primary").and_then(|p| p.as_bool()) == Some(true));
    let (file, line, col) = match span {
        Some(span) => (
            pack_dir.join(span.get("file_name")?.as_str()?),
            span.get("line_start")
                .and_then(|l| l.as_u64())
                .map(|l| l as u32),
            span.get("column_start")
                .and_then(|c| c.as_u64())
                .map(|c| c as u32),
        ),
        None => (pack_dir.join("Cargo.toml"), None, None),
    };
    Some((
        rendered,
        Some(super::PackDiagnostic {
            file,
            line,
            col,
            severity,
            message: text,
        }),
    ))
}

/// The `.wasm` file named by a cargo `compiler-artifact` JSON message.
fn wasm_artifact(message: &serde_json::Value) -> Option<PathBuf> {
    if message.get("reason")?.as_str()? != "compiler-artifact" {
        return None;
    }
    message
        .get("filenames")?
        .as_array()?
        .iter()
        .filter_map(|f| f.as_str())
        .find(|f| f.ends_with(".wasm"))
        .map(PathBuf::from)
}

#[cfg(test)]
mod tests {
    use super::lib_name;

    fn name_of(cargo_toml: &str) -> Option<String> {
        let dir = std::env::temp_dir().join(format!("sve-lib-name-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let file = dir.join(format!("{}.toml", cargo_toml.len()));
        std::fs::write(&file, cargo_toml).expect("write");
        let name = lib_name(&file);
        let _ = std::fs::remove_file(file);
        name
    }

    #[test]
    fn the_output_is_named_after_the_lib_or_the_package() {
        assert_eq!(
            name_of("[package]\nname = \"my-pack\"\n").as_deref(),
            Some("my_pack")
        );
        assert_eq!(
            name_of("[package]\nname = \"my-pack\"\n\n[lib]\nname = \"cards\"\ncrate-type = [\"cdylib\"]\n")
                .as_deref(),
            Some("cards")
        );
        assert_eq!(name_of("not toml ["), None);
    }
}
