//! The script files of one pack folder: every `.txt` file under it, at any
//! depth, read under the rules for files from outside.
//!
//! The community ships its sets as a tree (`StarterDecks/*.txt`,
//! `BoosterPacks/BP01/*.txt`, `CollabPacks/<name>/*.txt`); a pack folder
//! holds such a tree whole. What is read, and what is not:
//!
//! - every file whose name ends in `.txt` (any case), in path order;
//! - not the pack's own folders at its top: `decks/` (deck lists, also
//!   `.txt`), `tests/` (scenario files) and `text/` (card text in other
//!   languages); not hidden files or folders (a name starting with `.`);
//! - a link is read when it leads to a regular file inside the pack folder;
//!   a link that leaves the pack folder, and a link to a folder, are
//!   refused (no loop, no file from elsewhere);
//! - at most [`MAX_SCRIPT_DEPTH`] folders deep, [`MAX_SCRIPT_FILES`] script
//!   files, [`MAX_TREE_ENTRIES`] entries looked at and
//!   [`MAX_SCRIPT_TREE_BYTES`] read in all; each file at most
//!   [`sve_script::MAX_SCRIPT_FILE_BYTES`], a regular file (a FIFO or a
//!   device is refused without being opened), and text
//!   ([`sve_text::decode`]).
//!
//! Nothing is left out in silence: every refused file or folder is a
//! [`RefusedFile`] naming it and the reason (an error where the pack is
//! loaded), and every folder read is counted in a [`ScriptFolder`]
//! (`sve pack check` lists them). Files that are not `.txt` are counted,
//! not read.

use serde::Serialize;
use std::path::{Path, PathBuf};
use sve_script::SourceFile;

/// Most folder levels below a pack folder that are read
/// (`BoosterPacks/BP01` is 2).
pub const MAX_SCRIPT_DEPTH: usize = 8;
/// Most script files one pack reads: the whole community corpus is 28.
pub const MAX_SCRIPT_FILES: usize = 2_000;
/// Most folder entries (files and folders) looked at in one pack folder.
pub const MAX_TREE_ENTRIES: usize = 20_000;
/// Most script bytes one pack reads in all: the community corpus is under
/// 1 MB.
pub const MAX_SCRIPT_TREE_BYTES: u64 = 64 << 20;
/// Most refused files named one by one; the rest are counted in one more
/// entry.
pub const MAX_REFUSALS_NAMED: usize = 200;

/// The folders at the top of a pack that are not scripts, with their own
/// meaning (see `docs/sve-script.md`).
pub const RESERVED_FOLDERS: [&str; 3] = ["decks", "tests", "text"];

/// The script files of a pack folder, and what was not read.
#[derive(Clone, Debug, Default)]
pub struct ScriptTree {
    /// The pack folder.
    pub dir: PathBuf,
    /// The scripts read, in path order; each named by its path relative to
    /// the pack folder, with `/` between folders
    /// (`BoosterPacks/BP01/forest.txt`).
    pub files: Vec<SourceFile>,
    /// Every folder looked at, the pack folder first (`.`), in path order.
    pub folders: Vec<ScriptFolder>,
    /// Files and folders that were not read, and why.
    pub refused: Vec<RefusedFile>,
    /// `pack.toml` files below the pack folder's top (not packs of their
    /// own: their folders' scripts belong to this pack).
    pub nested_manifests: Vec<PathBuf>,
}

/// How many files one folder of a pack gave.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScriptFolder {
    /// The folder relative to the pack folder, `/`-separated; `.` for the
    /// pack folder itself.
    pub folder: String,
    /// Script files read.
    pub scripts: usize,
    /// Script files (or folders) refused.
    pub refused: usize,
    /// Other files, not read as scripts (not `.txt`; the pack's own
    /// `pack.toml` is not counted).
    pub other_files: usize,
}

/// A file or folder of a pack that was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefusedFile {
    /// The file or folder.
    pub path: PathBuf,
    /// Why, lower case: `not a regular file`, `a link that leaves the pack
    /// folder`, ...
    pub reason: String,
    /// Where the first bad byte is, for a file that is not text.
    pub at: Option<(u32, u32)>,
}

impl RefusedFile {
    /// As a pack diagnostic (an error: the pack misses what the file
    /// holds).
    pub fn diagnostic(&self) -> super::PackDiagnostic {
        super::PackDiagnostic {
            line: self.at.map(|(line, _)| line),
            col: self.at.map(|(_, col)| col),
            ..super::error_at(&self.path, self.reason.clone())
        }
    }
}

impl ScriptTree {
    /// Script files read.
    pub fn scripts(&self) -> usize {
        self.files.len()
    }
}

/// Reads the scripts of the pack folder `dir` (see the module docs).
/// Never fails: a folder that cannot be read is a refusal.
pub fn read_script_tree(dir: &Path) -> ScriptTree {
    let root = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_owned());
    let mut walk = Walk {
        root,
        tree: ScriptTree {
            dir: dir.to_owned(),
            ..ScriptTree::default()
        },
        entries: 0,
        bytes: 0,
        refusals: 0,
        stopped: None,
    };
    walk.folder(dir, &[], 0);
    if walk.refusals > MAX_REFUSALS_NAMED {
        let more = walk.refusals - MAX_REFUSALS_NAMED;
        walk.tree.refused.push(RefusedFile {
            path: dir.to_owned(),
            reason: format!("{more} more files or folders were not read (not named one by one)"),
            at: None,
        });
    }
    walk.tree
}

/// Whether a folder holds a script anywhere below it, under the same rules
/// as [`read_script_tree`] (reserved and hidden folders left out, links to
/// folders not followed, the same depth and entry limits). Reads no file.
pub fn has_scripts(dir: &Path) -> bool {
    let mut entries = 0usize;
    let mut stack = vec![(dir.to_owned(), 0usize)];
    while let Some((folder, depth)) = stack.pop() {
        let Ok(listing) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in listing.flatten() {
            entries += 1;
            if entries > MAX_TREE_ENTRIES {
                return false;
            }
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with('.') {
                continue;
            }
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                let reserved = depth == 0 && RESERVED_FOLDERS.contains(&name.as_ref());
                if !reserved && depth < MAX_SCRIPT_DEPTH {
                    stack.push((entry.path(), depth + 1));
                }
            } else if is_script_name(&name) {
                return true;
            }
        }
    }
    false
}

/// Whether a folder has `.txt` scripts directly in it (not in subfolders).
pub fn has_top_level_scripts(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|entries| {
        entries.flatten().any(|entry| {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            !name.starts_with('.')
                && is_script_name(&name)
                && entry.file_type().is_ok_and(|kind| !kind.is_dir())
        })
    })
}

/// Whether a file name is a script's: it ends in `.txt`, any case.
fn is_script_name(name: &str) -> bool {
    Path::new(name)
        .extension()
        .is_some_and(|ext| ext.eq_ignore_ascii_case("txt"))
}

/// The state of one [`read_script_tree`].
struct Walk {
    /// The pack folder, canonical: links must stay inside it.
    root: PathBuf,
    tree: ScriptTree,
    /// Entries looked at so far.
    entries: usize,
    /// Script bytes read so far.
    bytes: u64,
    /// Refusals so far (named or not).
    refusals: usize,
    /// Why the walk stopped early, once it has.
    stopped: Option<String>,
}

impl Walk {
    /// Reads one folder (`parts`: its path below the pack folder).
    fn folder(&mut self, path: &Path, parts: &[String], depth: usize) {
        let tally_idx = self.tree.folders.len();
        self.tree.folders.push(ScriptFolder {
            folder: if parts.is_empty() {
                ".".to_owned()
            } else {
                parts.join("/")
            },
            scripts: 0,
            refused: 0,
            other_files: 0,
        });
        let listing = match std::fs::read_dir(path) {
            Ok(listing) => listing,
            Err(e) => {
                self.refuse(
                    tally_idx,
                    path,
                    format!("cannot read the folder: {e}"),
                    None,
                );
                return;
            }
        };
        let mut entries: Vec<std::fs::DirEntry> = Vec::new();
        for entry in listing {
            match entry {
                Ok(entry) => entries.push(entry),
                Err(e) => {
                    self.refuse(
                        tally_idx,
                        path,
                        format!("cannot list the folder: {e}"),
                        None,
                    );
                }
            }
        }
        entries.sort_by_key(std::fs::DirEntry::file_name);
        for entry in entries {
            self.entries += 1;
            if self.entries > MAX_TREE_ENTRIES && self.stopped.is_none() {
                self.stopped = Some(format!(
                    "not read: the pack folder holds more than {MAX_TREE_ENTRIES} files and folders (the limit)"
                ));
            }
            if let Some(why) = self.stopped.clone() {
                self.refuse(tally_idx, &entry.path(), why, None);
                continue;
            }
            self.entry(&entry, parts, depth, tally_idx);
        }
    }

    /// One entry of a folder.
    fn entry(&mut self, entry: &std::fs::DirEntry, parts: &[String], depth: usize, tally: usize) {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            return;
        }
        // `DirEntry::file_type` does not follow links.
        let Ok(kind) = entry.file_type() else {
            self.refuse(tally, &path, "cannot tell what it is".to_owned(), None);
            return;
        };
        let is_script = is_script_name(&name);
        if kind.is_symlink() {
            let target = std::fs::canonicalize(&path);
            let leaves = target.as_ref().map_or(true, |t| !t.starts_with(&self.root));
            let to_folder = target.as_ref().is_ok_and(|t| t.is_dir());
            if to_folder {
                self.refuse(
                    tally,
                    &path,
                    "a link to a folder is not followed; copy the folder into the pack".to_owned(),
                    None,
                );
                return;
            }
            if !is_script {
                self.tree.folders[tally].other_files += 1;
                return;
            }
            if leaves {
                let reason = match &target {
                    Ok(target) => format!(
                        "a link that leaves the pack folder (to {}) is not read; copy the file into the pack",
                        target.display()
                    ),
                    Err(e) => format!("a link that leads nowhere readable ({e})"),
                };
                self.refuse(tally, &path, reason, None);
                return;
            }
        } else if kind.is_dir() {
            if depth == 0 && RESERVED_FOLDERS.contains(&name.as_str()) {
                return;
            }
            if depth >= MAX_SCRIPT_DEPTH {
                self.refuse(
                    tally,
                    &path,
                    format!(
                        "folder not read: it is more than {MAX_SCRIPT_DEPTH} folders below the pack folder (the limit)"
                    ),
                    None,
                );
                return;
            }
            let mut below = parts.to_vec();
            below.push(name);
            self.folder(&path, &below, depth + 1);
            return;
        }
        if !is_script {
            if name == "pack.toml" {
                // The pack's own manifest is read by the loader; one
                // further down makes no pack of its own.
                if depth > 0 {
                    self.tree.nested_manifests.push(path);
                } else {
                    return;
                }
            }
            self.tree.folders[tally].other_files += 1;
            return;
        }
        self.script(&path, parts, &name, tally);
    }

    /// Reads one script file.
    fn script(&mut self, path: &Path, parts: &[String], name: &str, tally: usize) {
        if self.tree.files.len() >= MAX_SCRIPT_FILES {
            self.refuse(
                tally,
                path,
                format!(
                    "not read: the pack already has {MAX_SCRIPT_FILES} script files (the limit)"
                ),
                None,
            );
            return;
        }
        let bytes = match super::read_capped(path, sve_script::MAX_SCRIPT_FILE_BYTES) {
            Ok(bytes) => bytes,
            Err(e) => {
                self.refuse(tally, path, format!("cannot read: {e}"), None);
                return;
            }
        };
        self.bytes += bytes.len() as u64;
        if self.bytes > MAX_SCRIPT_TREE_BYTES {
            self.refuse(
                tally,
                path,
                format!(
                    "not read: the pack's scripts take more than {MAX_SCRIPT_TREE_BYTES} bytes in all (the limit)"
                ),
                None,
            );
            return;
        }
        match sve_text::decode(&bytes) {
            Ok(text) => {
                let mut relative = parts.to_vec();
                relative.push(name.to_owned());
                self.tree.files.push(SourceFile {
                    name: relative.join("/"),
                    text,
                });
                self.tree.folders[tally].scripts += 1;
            }
            Err(not_text) => self.refuse(
                tally,
                path,
                format!("{not_text}; the file is left out"),
                Some((not_text.line, not_text.col)),
            ),
        }
    }

    fn refuse(&mut self, tally: usize, path: &Path, reason: String, at: Option<(u32, u32)>) {
        if let Some(folder) = self.tree.folders.get_mut(tally) {
            folder.refused += 1;
        }
        self.refusals += 1;
        if self.refusals <= MAX_REFUSALS_NAMED {
            self.tree.refused.push(RefusedFile {
                path: path.to_owned(),
                reason,
                at,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir()
            .join(format!("sve-script-tree-{}", std::process::id()))
            .join(name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch folder");
        dir
    }

    fn write(dir: &Path, file: &str, text: &[u8]) {
        let path = dir.join(file);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("folder");
        }
        std::fs::write(path, text).expect("write");
    }

    #[test]
    fn scripts_at_any_depth_are_read_in_path_order_and_counted_per_folder() {
        let dir = scratch("depth");
        write(&dir, "b/BP01/forest.txt", b"x");
        write(&dir, "a.txt", b"x");
        write(&dir, "b/BP01/README.md", b"x");
        write(&dir, "b/c/d/e.TXT", b"x");
        write(&dir, "decks/SD01.txt", b"a deck");
        write(&dir, "tests/x.txt", b"x");
        write(&dir, "text/ja/x.txt", b"x");
        write(&dir, ".git/x.txt", b"x");
        std::fs::create_dir_all(dir.join("empty")).expect("folder");
        let tree = read_script_tree(&dir);
        let names: Vec<&str> = tree.files.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["a.txt", "b/BP01/forest.txt", "b/c/d/e.TXT"]);
        let folders: Vec<(&str, usize, usize)> = tree
            .folders
            .iter()
            .map(|f| (f.folder.as_str(), f.scripts, f.other_files))
            .collect();
        assert_eq!(
            folders,
            [
                (".", 1, 0),
                ("b", 0, 0),
                ("b/BP01", 1, 1),
                ("b/c", 0, 0),
                ("b/c/d", 1, 0),
                ("empty", 0, 0)
            ]
        );
        assert!(tree.refused.is_empty(), "{:?}", tree.refused);
        assert!(has_scripts(&dir));
        assert!(has_top_level_scripts(&dir));
        assert!(has_scripts(&dir.join("b")));
        assert!(!has_top_level_scripts(&dir.join("b")));
        assert!(!has_scripts(&dir.join("empty")));
    }

    #[test]
    fn files_that_are_not_text_or_too_deep_are_refused_naming_them() {
        let dir = scratch("refused");
        write(&dir, "ok.txt", b"x");
        write(&dir, "latin1.txt", b"name Caf\xe9;\n");
        let deep: String = (0..=MAX_SCRIPT_DEPTH).map(|i| format!("d{i}/")).collect();
        write(&dir, &format!("{deep}lost.txt"), b"x");
        write(&dir, "sub/pack.toml", b"id = \"inner\"");
        let tree = read_script_tree(&dir);
        assert_eq!(tree.scripts(), 1);
        let refused: Vec<String> = tree
            .refused
            .iter()
            .map(|r| r.diagnostic().to_string())
            .collect();
        assert_eq!(refused.len(), 2, "{refused:#?}");
        assert!(
            refused[0].contains("d7/d8: error: folder not read: it is more than 8 folders"),
            "{refused:#?}"
        );
        assert!(
            refused[1].contains("latin1.txt:1:9: error: ")
                && refused[1].contains("the file is left out"),
            "{refused:#?}"
        );
        assert_eq!(tree.nested_manifests, [dir.join("sub/pack.toml")]);
    }

    #[test]
    fn files_past_the_script_count_limit_are_refused_one_by_one_up_to_a_cap() {
        let dir = scratch("many");
        let total = MAX_SCRIPT_FILES + MAX_REFUSALS_NAMED + 5;
        for idx in 0..total {
            write(&dir, &format!("set/{idx:05}.txt"), b"");
        }
        let tree = read_script_tree(&dir);
        assert_eq!(tree.scripts(), MAX_SCRIPT_FILES);
        assert_eq!(tree.folders[1].refused, MAX_REFUSALS_NAMED + 5);
        assert_eq!(tree.refused.len(), MAX_REFUSALS_NAMED + 1);
        assert!(
            tree.refused[0].diagnostic().to_string().ends_with(
                "set/02000.txt: error: not read: the pack already has 2000 script files (the limit)"
            ),
            "{:?}",
            tree.refused[0]
        );
        assert_eq!(
            tree.refused[MAX_REFUSALS_NAMED].reason,
            "5 more files or folders were not read (not named one by one)"
        );
    }

    #[cfg(unix)]
    #[test]
    fn links_leaving_the_pack_and_links_to_folders_are_refused_without_hanging() {
        use std::os::unix::fs::symlink;
        let dir = scratch("links");
        let outside = scratch("links-outside");
        write(&outside, "secret.txt", b"name Secret;");
        write(&dir, "real.txt", b"name Real;");
        symlink(outside.join("secret.txt"), dir.join("secret.txt")).expect("link");
        symlink(dir.join("real.txt"), dir.join("alias.txt")).expect("link");
        symlink(&dir, dir.join("loop")).expect("link");
        symlink("/dev/zero", dir.join("zero.txt")).expect("link");
        let tree = read_script_tree(&dir);
        let names: Vec<&str> = tree.files.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["alias.txt", "real.txt"]);
        let refused: Vec<(String, &str)> = tree
            .refused
            .iter()
            .map(|r| {
                (
                    r.path
                        .file_name()
                        .map_or(String::new(), |n| n.to_string_lossy().into_owned()),
                    r.reason.as_str(),
                )
            })
            .collect();
        assert_eq!(refused.len(), 3, "{refused:#?}");
        assert!(refused[0].0 == "loop" && refused[0].1.starts_with("a link to a folder"));
        assert!(refused[1].0 == "secret.txt" && refused[1].1.contains("leaves the pack folder"));
        assert!(refused[2].0 == "zero.txt" && refused[2].1.contains("leaves the pack folder"));
    }
}
