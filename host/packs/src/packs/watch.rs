//! Watching pack folders for edits (hot reload).
//!
//! A notify watcher reports every file event under the roots; each path is
//! mapped to its pack folder and the folder's last event time is recorded.
//! [`PackWatcher::poll`] hands out the folders that have been quiet for the
//! debounce interval, so an editor's burst of writes (temp file, rename,
//! metadata: a few milliseconds) becomes one reload, and a folder that
//! never goes quiet is still reloaded after [`MAX_WAIT`]. A burst whose
//! last event finishes a save (a file renamed into place, as editors
//! save) waits only [`SETTLE`]: the save is known to be complete.
//! A pack folder moved in, renamed or removed
//! is reported too (a folder event at the top of a root), so the library
//! loads, renames or drops it. A shipped component (`<pack>/<id>.wasm`)
//! replaced by a rebuild is a change; a dev pack's own build output is not
//! (its sources are what changes, and the reload writes the component: a
//! loop otherwise). `target/`, scenario files and temporary files are
//! ignored.

use notify::{RecursiveMode, Watcher};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a pack folder must be quiet before it is reloaded: longer
/// than the gaps inside an editor's save (they are under a millisecond to a
/// few), short next to a person's edits. A reload that came too early is
/// harmless: it fails to compile a half-written file, keeps the old cards,
/// and the burst's last event reloads again.
pub const DEBOUNCE: Duration = Duration::from_millis(8);
/// How long a folder whose last event finished a save (a file renamed
/// into place) waits: enough for the events of the same save
/// that the kernel queues right behind it (metadata, the temp file's
/// removal), far less than a person's next save.
pub const SETTLE: Duration = Duration::from_millis(2);
/// The longest a folder that keeps changing waits for its reload.
pub const MAX_WAIT: Duration = Duration::from_millis(250);

/// When a folder's burst of changes began, its latest change, and whether
/// that change finished a save.
#[derive(Clone, Copy, Debug)]
struct Burst {
    first: Instant,
    last: Instant,
    saved: bool,
}

impl Burst {
    /// Whether the burst is over at `now`: quiet for [`SETTLE`] after a
    /// finished save, for the debounce interval otherwise, or going on for
    /// [`MAX_WAIT`].
    fn is_over(&self, now: Instant, debounce: Duration) -> bool {
        let quiet = now.duration_since(self.last);
        quiet >= debounce
            || (self.saved && quiet >= SETTLE)
            || now.duration_since(self.first) >= MAX_WAIT
    }
}

/// Whether a file event finishes a save: a file renamed into place, the
/// last step of an editor's write-then-rename (the whole new text was
/// written to a temporary file first). Reads are no change at all
/// (`None`). A write in place is a change in progress: a program writing
/// several files, or one file in several writes, closes each as it goes,
/// so only a quiet folder says such a burst is over.
fn finishes_save(kind: &notify::EventKind) -> Option<bool> {
    use notify::EventKind;
    use notify::event::{ModifyKind, RenameMode};
    match kind {
        EventKind::Access(_) => None,
        EventKind::Modify(ModifyKind::Name(RenameMode::To | RenameMode::Both)) => Some(true),
        _ => Some(false),
    }
}

/// Watches pack folders and reports which ones changed.
pub struct PackWatcher {
    // Kept alive for as long as the watcher is.
    _watcher: notify::RecommendedWatcher,
    changed: Arc<Mutex<HashMap<PathBuf, Burst>>>,
    debounce: Duration,
}

impl std::fmt::Debug for PackWatcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PackWatcher").finish_non_exhaustive()
    }
}

impl PackWatcher {
    /// Starts watching `roots` (recursively), with no dev packs.
    pub fn new(roots: &[PathBuf]) -> Result<PackWatcher, notify::Error> {
        PackWatcher::with_dev_packs(roots, &super::DevPacks::default())
    }

    /// Starts watching `roots` (recursively); the components of `dev`
    /// packs are their build output, not a change.
    pub fn with_dev_packs(
        roots: &[PathBuf],
        dev: &super::DevPacks,
    ) -> Result<PackWatcher, notify::Error> {
        let changed: Arc<Mutex<HashMap<PathBuf, Burst>>> = Arc::default();
        let sink = Arc::clone(&changed);
        // Events carry absolute paths: compare against absolute roots.
        let owned_roots: Vec<PathBuf> = roots
            .iter()
            .map(|r| std::fs::canonicalize(r).unwrap_or_else(|_| r.clone()))
            .collect();
        // The folders at the top of the roots, so that one renamed or
        // removed (no longer on disk) is still known as a folder.
        let mut known_folders: HashSet<PathBuf> = owned_roots
            .iter()
            .filter_map(|root| std::fs::read_dir(root).ok())
            .flat_map(|entries| entries.flatten().map(|e| e.path()))
            .filter(|path| path.is_dir())
            .collect();
        let dev = dev.clone();
        let mut watcher =
            notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
                let Ok(event) = event else { return };
                let Some(saved) = finishes_save(&event.kind) else {
                    return;
                };
                for path in &event.paths {
                    if is_ignored(path, &owned_roots) {
                        continue;
                    }
                    let Some(dir) = changed_folder(path, &owned_roots, &mut known_folders) else {
                        continue;
                    };
                    if is_component_file(path, &dir) && dev.contains(&dir) {
                        continue;
                    }
                    if let Ok(mut changed) = sink.lock() {
                        let now = Instant::now();
                        changed
                            .entry(dir)
                            .and_modify(|burst| {
                                burst.last = now;
                                burst.saved = saved;
                            })
                            .or_insert(Burst {
                                first: now,
                                last: now,
                                saved,
                            });
                    }
                }
            })?;
        for root in roots {
            watcher.watch(root, RecursiveMode::Recursive)?;
        }
        Ok(PackWatcher {
            _watcher: watcher,
            changed,
            debounce: DEBOUNCE,
        })
    }

    /// Pack folders whose burst of changes is over (see [`Burst::is_over`]);
    /// each is reported once per burst.
    pub fn poll(&self) -> Vec<PathBuf> {
        let Ok(mut changed) = self.changed.lock() else {
            return Vec::new();
        };
        let now = Instant::now();
        let mut ready: Vec<PathBuf> = changed
            .iter()
            .filter(|(_, burst)| burst.is_over(now, self.debounce))
            .map(|(dir, _)| dir.clone())
            .collect();
        for dir in &ready {
            changed.remove(dir);
        }
        // Folders gone first: after a rename the old copy is dropped before
        // the new one loads, so the two never claim the same cards.
        ready.sort_by_key(|dir| (dir.exists(), dir.clone()));
        ready
    }

    /// Whether a change is waiting for its burst to end.
    pub fn has_pending(&self) -> bool {
        self.changed.lock().is_ok_and(|c| !c.is_empty())
    }
}

/// Whether a file is an editor's temporary or backup file (a swap file, a
/// lock, `name~`, `name.tmp`): never a source.
pub(crate) fn is_editor_file(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.ends_with(".tmp")
        || name.ends_with('~')
        || name.starts_with(".#")
        || name.ends_with(".swp")
}

/// Whether `path` is a component file at the top of pack folder `dir`
/// (`<id>.wasm`, what `sve pack build` writes).
fn is_component_file(path: &Path, dir: &Path) -> bool {
    path.parent() == Some(dir) && path.extension().is_some_and(|x| x == "wasm")
}

/// Build outputs and editor droppings (a `target` or `.git` folder counts
/// only below a watched root). A `.wasm` file counts only at the top of a
/// pack folder (a shipped component); one deeper is build output.
fn is_ignored(path: &Path, roots: &[PathBuf]) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let below_root = roots
        .iter()
        .find_map(|root| path.strip_prefix(root).ok())
        .unwrap_or(path);
    let is_nested_wasm = name.ends_with(".wasm") && below_root.components().count() != 2;
    is_nested_wasm
        // Card tests change no card.
        || name.ends_with(".scenario")
        || is_editor_file(path)
        || below_root
            .components()
            .any(|c| c.as_os_str() == "target" || c.as_os_str() == ".git")
}

/// The pack folder a file event concerns: [`pack_folder`] for a file in a
/// pack, or the folder itself when the event is about a folder at the top
/// of a root: one moved in or created as a pack, or one that was known and
/// is gone (renamed away or removed). A `pack.toml` that changes or goes
/// also concerns its folder, which may stop being a pack.
fn changed_folder(
    path: &Path,
    roots: &[PathBuf],
    known_folders: &mut HashSet<PathBuf>,
) -> Option<PathBuf> {
    // A root may be a folder of packs or a pack itself (a dev pack outside
    // the pack folder): only in the first are its children pack folders.
    let in_folder_of_packs = roots
        .iter()
        .any(|root| path.parent() == Some(root.as_path()) && !super::is_pack_root(root));
    if in_folder_of_packs {
        if path.is_dir() {
            known_folders.insert(path.to_owned());
            return super::is_pack_dir(path).then(|| path.to_owned());
        }
        if !path.exists() && known_folders.remove(path) {
            return Some(path.to_owned());
        }
        return None;
    }
    if let Some(dir) = pack_folder(path, roots) {
        return Some(dir);
    }
    let is_manifest = path.file_name().is_some_and(|n| n == "pack.toml");
    let folder = path.parent()?;
    (is_manifest
        && roots
            .iter()
            .any(|root| folder.parent() == Some(root.as_path())))
    .then(|| folder.to_owned())
}

/// The pack folder of `path`: a root that is itself a pack, or the root's
/// child folder that `path` lies in, if that child is a pack (the folders
/// `PackLibrary` loads). A pack's subfolders (`decks/`, `tests/`, `src/`,
/// a set tree's `BoosterPacks/BP01/`) belong to the pack.
pub(crate) fn pack_folder(path: &Path, roots: &[PathBuf]) -> Option<PathBuf> {
    for root in roots {
        let Ok(below) = path.strip_prefix(root) else {
            continue;
        };
        if super::is_pack_root(root) {
            return Some(root.clone());
        }
        let child = root.join(below.components().next()?);
        // A file directly in the root is in no pack.
        if child == path {
            return None;
        }
        return super::is_pack_dir(&child).then_some(child);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{Burst, DEBOUNCE, MAX_WAIT, SETTLE, finishes_save};
    use notify::EventKind;
    use notify::event::{AccessKind, AccessMode, DataChange, ModifyKind, RenameMode};
    use std::time::{Duration, Instant};

    #[test]
    fn a_finished_save_ends_its_burst_sooner_than_a_write_in_progress() {
        let start = Instant::now();
        let burst = |saved| Burst {
            first: start,
            last: start,
            saved,
        };
        let after = |d: Duration| start + d;
        // Just after a finished save: over once it settled, not before.
        assert!(!burst(true).is_over(after(Duration::ZERO), DEBOUNCE));
        assert!(burst(true).is_over(after(SETTLE), DEBOUNCE));
        // A write still in progress waits the whole debounce.
        assert!(!burst(false).is_over(after(SETTLE), DEBOUNCE));
        assert!(burst(false).is_over(after(DEBOUNCE), DEBOUNCE));
        // A folder that never goes quiet is still reported.
        let busy = Burst {
            first: start,
            last: after(MAX_WAIT),
            saved: false,
        };
        assert!(busy.is_over(after(MAX_WAIT), DEBOUNCE));
    }

    #[test]
    fn renaming_a_file_into_place_finishes_a_save_and_writing_one_does_not() {
        let close_write = EventKind::Access(AccessKind::Close(AccessMode::Write));
        let read = EventKind::Access(AccessKind::Close(AccessMode::Read));
        let renamed = EventKind::Modify(ModifyKind::Name(RenameMode::To));
        let written = EventKind::Modify(ModifyKind::Data(DataChange::Any));
        assert_eq!(finishes_save(&close_write), None);
        assert_eq!(finishes_save(&renamed), Some(true));
        assert_eq!(finishes_save(&written), Some(false));
        assert_eq!(finishes_save(&read), None);
    }
}
