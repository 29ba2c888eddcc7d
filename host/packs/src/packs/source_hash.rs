//! The hash of a Rust pack's sources a built component records, which tells
//! whether the component is stale: the pack's own files and those of every
//! crate it depends on by path (the SDK and its vocabulary), with the extra
//! inputs such a crate declares (the SDK's WIT folder). A change to the SDK
//! or to the card API therefore makes every pack built against the old one
//! stale, as it should.
//!
//! The pack is untrusted and this runs at load: symbolic links are not
//! followed (a link to `/dev/zero` or a loop), only regular files are read,
//! the walk stops at [`MAX_SOURCE_FILES`] files, a file larger than
//! [`MAX_SOURCE_FILE_BYTES`] counts by its name and size, [`MAX_SOURCE_BYTES`]
//! in all are read, and path dependencies are followed [`MAX_DEPENDENCY_DEPTH`]
//! deep.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Most source files a pack's hash covers.
pub const MAX_SOURCE_FILES: usize = 10_000;
/// Largest source file read for the hash.
pub const MAX_SOURCE_FILE_BYTES: u64 = 16 << 20;
/// Most source bytes read for one pack's hash.
pub const MAX_SOURCE_BYTES: u64 = 128 << 20;
/// How many path dependencies deep the hash follows (pack → SDK →
/// vocabulary is two).
pub const MAX_DEPENDENCY_DEPTH: usize = 4;
/// Largest `Cargo.toml` read for its dependencies.
const MAX_MANIFEST_BYTES: u64 = 1 << 20;

/// What a source file contributes to the hash: its path as the walk names
/// it (relative to the pack, dependencies under `dep:<path>/`) and a digest
/// of its contents.
pub(crate) type SourceDigest = (String, u64);

/// A hash of a Rust pack's sources: `pack.toml`, `Cargo.toml`,
/// `Cargo.lock`, `build.rs` and every file under `src/`, each with its path
/// relative to the pack folder; then the same for each path dependency
/// (transitively) and the files of the `hash-inputs` a dependency lists
/// under `[package.metadata.sve]`. Line endings are normalised (a checkout
/// that turns LF into CRLF changes no source), editor droppings are left
/// out, and a file that cannot be read counts by its name alone (so the
/// hash differs from any build that could read it).
pub fn source_hash(dir: &Path) -> String {
    combine_digests(&source_digests(dir))
}

/// Each source file's digest, sorted by name (see [`source_hash`]).
pub(crate) fn source_digests(dir: &Path) -> Vec<SourceDigest> {
    let mut walk = Walk::default();
    walk.crate_files(dir, "", 0);
    let mut budget = MAX_SOURCE_BYTES;
    let mut digests: Vec<SourceDigest> = walk
        .files
        .into_iter()
        .map(|(name, path)| (name, file_digest(&path, &mut budget)))
        .collect();
    digests.sort();
    digests
}

/// The files a hash covers, found before any is read.
#[derive(Default)]
struct Walk {
    /// Name in the hash, and where the file is.
    files: Vec<(String, PathBuf)>,
    /// Crate folders already walked (a dependency cycle, or two crates
    /// sharing one).
    seen: HashSet<PathBuf>,
}

impl Walk {
    fn full(&self) -> bool {
        self.files.len() >= MAX_SOURCE_FILES
    }

    /// A crate's own files, then its path dependencies and declared inputs.
    fn crate_files(&mut self, dir: &Path, prefix: &str, depth: usize) {
        let key = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_owned());
        if !self.seen.insert(key) {
            return;
        }
        for name in ["pack.toml", "Cargo.toml", "Cargo.lock", "build.rs"] {
            if std::fs::symlink_metadata(dir.join(name)).is_ok() {
                self.files.push((format!("{prefix}{name}"), dir.join(name)));
            }
        }
        self.tree(&dir.join("src"), &format!("{prefix}src/"));
        if depth >= MAX_DEPENDENCY_DEPTH {
            return;
        }
        let Some(manifest) = read_manifest(&dir.join("Cargo.toml")) else {
            return;
        };
        for input in manifest_paths(&manifest, &["package", "metadata", "sve"], "hash-inputs") {
            self.tree(&dir.join(&input), &format!("{prefix}input:{input}/"));
        }
        for table in ["dependencies", "build-dependencies"] {
            let Some(deps) = manifest.get(table).and_then(toml::Value::as_table) else {
                continue;
            };
            for dep in deps.values() {
                if let Some(path) = dep.get("path").and_then(toml::Value::as_str) {
                    self.crate_files(&dir.join(path), &format!("{prefix}dep:{path}/"), depth + 1);
                }
            }
        }
    }

    /// Every regular file under `root`, named `prefix` + its relative path.
    fn tree(&mut self, root: &Path, prefix: &str) {
        let mut stack = vec![(root.to_owned(), 0usize)];
        while let Some((folder, depth)) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&folder) else {
                continue;
            };
            for entry in entries.flatten() {
                if self.full() {
                    return;
                }
                let path = entry.path();
                // `DirEntry::file_type` does not follow symbolic links.
                let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
                if is_dir && depth < 32 {
                    stack.push((path, depth + 1));
                } else if !is_dir
                    && !super::watch::is_editor_file(&path)
                    && let Ok(relative) = path.strip_prefix(root)
                {
                    let parts: Vec<String> = relative
                        .components()
                        .map(|c| c.as_os_str().to_string_lossy().into_owned())
                        .collect();
                    self.files
                        .push((format!("{prefix}{}", parts.join("/")), path));
                }
            }
        }
    }
}

/// A `Cargo.toml` as TOML, when it is a small regular file that parses.
fn read_manifest(path: &Path) -> Option<toml::Table> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    if !meta.is_file() || meta.len() > MAX_MANIFEST_BYTES {
        return None;
    }
    let bytes = super::read_capped(path, MAX_MANIFEST_BYTES).ok()?;
    std::str::from_utf8(&bytes).ok()?.parse().ok()
}

/// The strings of the array `key` in the table at `table_path`.
fn manifest_paths(manifest: &toml::Table, table_path: &[&str], key: &str) -> Vec<String> {
    let mut table = Some(manifest);
    for name in table_path {
        table = table
            .and_then(|t| t.get(*name))
            .and_then(toml::Value::as_table);
    }
    table
        .and_then(|t| t.get(key))
        .and_then(toml::Value::as_array)
        .map(|values| {
            values
                .iter()
                .filter_map(toml::Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

/// A digest of one source file, read only if it is a regular file within
/// the size limits (`budget` is what is left of [`MAX_SOURCE_BYTES`]);
/// otherwise a digest of what it is (a link, too large, unreadable).
pub(crate) fn file_digest(path: &Path, budget: &mut u64) -> u64 {
    let mut hash = Fnv::default();
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        hash.write(b"\xff unreadable");
        return hash.0;
    };
    if !meta.is_file() {
        hash.write(b"\xff not a regular file");
        return hash.0;
    }
    if meta.len() > MAX_SOURCE_FILE_BYTES || meta.len() > *budget {
        hash.write(b"\xff too large: ");
        hash.write(&meta.len().to_le_bytes());
        return hash.0;
    }
    match super::read_capped(path, MAX_SOURCE_FILE_BYTES) {
        Ok(bytes) => {
            *budget = budget.saturating_sub(bytes.len() as u64);
            hash.write(&normalise_line_endings(&bytes));
        }
        Err(_) => hash.write(b"\xff unreadable"),
    }
    hash.0
}

/// The hash of a list of digests, as a component records it.
pub(crate) fn combine_digests(files: &[SourceDigest]) -> String {
    let mut hash = Fnv::default();
    for (name, digest) in files {
        hash.write(name.as_bytes());
        hash.write(&[0]);
        hash.write(&digest.to_le_bytes());
        hash.write(&[0xff]);
    }
    format!("fnv1a64:{:016x}", hash.0)
}

/// A streaming FNV-1a hash (stable across runs and platforms).
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 = (self.0 ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// CRLF and lone CR become LF.
fn normalise_line_endings(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut iter = bytes.iter().peekable();
    while let Some(&byte) = iter.next() {
        if byte == b'\r' {
            if iter.peek() == Some(&&b'\n') {
                iter.next();
            }
            out.push(b'\n');
        } else {
            out.push(byte);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("sve-source-hash-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch");
        dir
    }

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().expect("parent")).expect("dirs");
        std::fs::write(path, text).expect("write");
    }

    /// A pack depending on an SDK by path, the SDK declaring an input
    /// folder outside its crate: a change in any of them changes the hash.
    #[test]
    fn dependencies_and_their_declared_inputs_count() {
        let root = scratch("deps");
        write(
            &root.join("pack/Cargo.toml"),
            "[package]\nname = \"p\"\n[dependencies]\nsdk = { path = \"../sdk\" }\n",
        );
        write(&root.join("pack/src/lib.rs"), "// pack");
        write(
            &root.join("sdk/Cargo.toml"),
            "[package]\nname = \"sdk\"\n[package.metadata.sve]\nhash-inputs = [\"../wit\"]\n[dependencies]\nback = { path = \"../pack\" }\n",
        );
        write(&root.join("sdk/src/lib.rs"), "// sdk");
        write(&root.join("wit/cards.wit"), "package a:b@0.1.0;");
        let pack = root.join("pack");
        let before = source_hash(&pack);
        let names: Vec<String> = source_digests(&pack).into_iter().map(|(n, _)| n).collect();
        assert_eq!(
            names,
            [
                "Cargo.toml",
                "dep:../sdk/Cargo.toml",
                "dep:../sdk/input:../wit/cards.wit",
                "dep:../sdk/src/lib.rs",
                "src/lib.rs"
            ],
            "the cycle back to the pack is walked once"
        );
        for (file, text) in [
            ("sdk/src/lib.rs", "// sdk 2"),
            ("wit/cards.wit", "package a:b@0.2.0;"),
            ("pack/src/lib.rs", "// pack 2"),
        ] {
            let previous = source_hash(&pack);
            write(&root.join(file), text);
            assert_ne!(source_hash(&pack), previous, "{file}");
        }
        assert_ne!(source_hash(&pack), before);
        let _ = std::fs::remove_dir_all(&root);
    }
}
