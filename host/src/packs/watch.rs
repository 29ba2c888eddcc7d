//! Watching pack folders for edits (hot reload).
//!
//! A notify watcher reports every file event under the roots; each path is
//! mapped to its pack folder and the folder's last event time is recorded.
//! [`PackWatcher::poll`] hands out the folders that have been quiet for the
//! debounce interval, so an editor's burst of writes (temp file, rename,
//! metadata) becomes one reload. Build outputs (`*.wasm`, `target/`),
//! scenario files and temporary files are ignored, so a rebuild does not trigger itself.

use notify::{RecursiveMode, Watcher};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a pack folder must be quiet before it is reloaded.
pub const DEBOUNCE: Duration = Duration::from_millis(30);

/// Watches pack folders and reports which ones changed.
pub struct PackWatcher {
    // Kept alive for as long as the watcher is.
    _watcher: notify::RecommendedWatcher,
    changed: Arc<Mutex<HashMap<PathBuf, Instant>>>,
    debounce: Duration,
}

impl std::fmt::Debug for PackWatcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PackWatcher").finish_non_exhaustive()
    }
}

impl PackWatcher {
    /// Starts watching `roots` (recursively).
    pub fn new(roots: &[PathBuf]) -> Result<PackWatcher, notify::Error> {
        let changed: Arc<Mutex<HashMap<PathBuf, Instant>>> = Arc::default();
        let sink = Arc::clone(&changed);
        // Events carry absolute paths: compare against absolute roots.
        let owned_roots: Vec<PathBuf> = roots
            .iter()
            .map(|r| std::fs::canonicalize(r).unwrap_or_else(|_| r.clone()))
            .collect();
        let mut watcher =
            notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
                let Ok(event) = event else { return };
                if matches!(event.kind, notify::EventKind::Access(_)) {
                    return;
                }
                for path in &event.paths {
                    if is_ignored(path, &owned_roots) {
                        continue;
                    }
                    if let Some(dir) = pack_folder(path, &owned_roots)
                        && let Ok(mut changed) = sink.lock()
                    {
                        changed.insert(dir, Instant::now());
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

    /// Pack folders whose last change is at least the debounce interval old;
    /// each is reported once per burst of changes.
    pub fn poll(&self) -> Vec<PathBuf> {
        let Ok(mut changed) = self.changed.lock() else {
            return Vec::new();
        };
        let now = Instant::now();
        let ready: Vec<PathBuf> = changed
            .iter()
            .filter(|(_, at)| now.duration_since(**at) >= self.debounce)
            .map(|(dir, _)| dir.clone())
            .collect();
        for dir in &ready {
            changed.remove(dir);
        }
        ready
    }

    /// Whether a change is waiting for its burst to end.
    pub fn has_pending(&self) -> bool {
        self.changed.lock().is_ok_and(|c| !c.is_empty())
    }
}

/// Build outputs and editor droppings (a `target` or `.git` folder counts
/// only below a watched root).
fn is_ignored(path: &Path, roots: &[PathBuf]) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let below_root = roots
        .iter()
        .find_map(|root| path.strip_prefix(root).ok())
        .unwrap_or(path);
    name.ends_with(".wasm")
        // Card tests change no card.
        || name.ends_with(".scenario")
        || name.ends_with(".tmp")
        || name.ends_with('~')
        || name.starts_with(".#")
        || name.ends_with(".swp")
        || below_root
            .components()
            .any(|c| c.as_os_str() == "target" || c.as_os_str() == ".git")
}

/// The pack folder of `path`: a root that is itself a pack, or the root's
/// child folder that `path` lies in, if that child is a pack (the folders
/// `PackLibrary` loads). A pack's subfolders (`decks/`, `tests/`, `src/`)
/// belong to the pack.
pub(crate) fn pack_folder(path: &Path, roots: &[PathBuf]) -> Option<PathBuf> {
    for root in roots {
        let Ok(below) = path.strip_prefix(root) else {
            continue;
        };
        if super::is_pack_dir(root) {
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
