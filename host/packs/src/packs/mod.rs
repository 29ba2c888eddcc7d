//! Card packs as sandboxed WebAssembly components.
//!
//! The pipeline, one step per module:
//! 0. `layout`: which folders are packs. Each folder at the top of
//!    `card-packs/` with a `pack.toml` or `.txt` scripts at any depth is
//!    one pack; a script pack's scripts are all its `.txt` files, at any
//!    depth (`script_tree`: limits, links, every refused file named).
//! 1. `manifest`: each `card-packs/<pack>/pack.toml` names the pack's id,
//!    version, kind, the card API range it needs, the cards it replaces
//!    (`overrides`) and its `priority`.
//! 2. `build`: a Rust pack ships as its built component (`<id>.wasm`).
//!    Loading never builds: cargo runs a pack's build script and macros
//!    natively, so a pack is built only on the user's request (`sve pack
//!    build`, or a pack marked as the user's own: [`DevPacks`]). The
//!    component records a hash of the sources it was built from; it
//!    imports nothing but the game API (`wit/`, any supported version).
//! 3. `component`: the component's recorded API version is checked, then it
//!    is compiled (cached on disk by content hash) and pre-instantiated.
//! 4. `load`: the manifest export is called once to read the cards as data
//!    (`convert`) and every card is checked; `library` merges the packs
//!    into one [`CardDb`] and reloads single packs: pack cards
//!    replace the bundled vanilla definitions of the same id. A pack that
//!    lists `sets` defines only cards of those sets (and its `overrides`).
//!    A card two packs define goes to the pack that lists it in
//!    `overrides`, else to the packs that declare its set, else to the
//!    pack with the highest `priority`; a tie is an error and neither
//!    pack gets the card (folder names and load order never decide who
//!    plays or who is blamed; `shared_cards`). Token names and base cards a script pack does not
//!    define are resolved against the whole library (`references`).
//! 5. `runner`: per match, a [`PackRunner`] runs each card's abilities in its
//!    pack's store (fuel, memory and stack limits; rebuilt after a trap). The
//!    game API is implemented over the engine's `AbilityCtx` (`host_api`;
//!    `lazy_args` for the imports whose string lists are checked before
//!    they are copied).
//!
//! Key types: [`LoadedPacks`] (what a load produced: card database, pack
//! list, diagnostics, runner factory), [`PackRunner`], [`PackDiagnostic`].
//!
//! Without the `components` feature (the web page's build) none of that
//! is here: `in_process` plays one script pack from its sources through
//! the same convert, game API and native runner modules, with the card
//! API's types from the SDK and host traits written by `build.rs`
//! (`in_process/wit.rs`) in place of wasmtime's bindings.
//!
//! **Architecture Invariant:** wasmtime types stay inside this module; the
//! engine sees only the `AbilityRunner` trait.

// Without `components`: what runs a script pack in process (the web
// page's build, `in_process`), with the card API's types and host traits
// from `in_process/wit.rs` instead of wasmtime's bindgen.
#[cfg(feature = "components")]
pub mod audit;
#[cfg(feature = "components")]
pub mod build;
#[cfg(feature = "components")]
pub mod check;
#[cfg(feature = "components")]
pub(crate) mod component;
// In process, declarations are refused and the sandbox's own entries (the
// `script` import, the imports `lazy_args` takes over) have no caller.
#[cfg_attr(not(feature = "components"), allow(dead_code))]
mod convert;
#[cfg(feature = "components")]
mod diagnostic;
pub mod guest_text;
#[cfg_attr(not(feature = "components"), allow(dead_code))]
mod host_api;
#[cfg(not(feature = "components"))]
pub mod in_process;
#[cfg(feature = "components")]
pub mod layout;
mod lazy_args;
#[cfg(feature = "components")]
mod library;
mod limits;
#[cfg(feature = "components")]
mod load;
#[cfg(feature = "components")]
pub mod manifest;
mod native_run;
mod native_script;
#[cfg(feature = "components")]
mod references;
#[cfg(feature = "components")]
mod runner;
#[cfg(feature = "components")]
pub mod script_pack;
#[cfg(feature = "components")]
pub mod script_tree;
#[cfg(feature = "components")]
pub mod scripts;
#[cfg(feature = "components")]
mod shared_cards;
#[cfg(feature = "components")]
pub mod source_hash;
#[cfg(feature = "components")]
pub mod text_data;
#[cfg(feature = "components")]
pub mod watch;
#[cfg(feature = "components")]
pub(crate) mod wit;
#[cfg(not(feature = "components"))]
#[path = "in_process/wit.rs"]
pub(crate) mod wit;

#[cfg(feature = "components")]
pub use build::{
    Freshness, build_rust_pack, component_path, freshness, is_stale, recorded_source_hash,
};
#[cfg(feature = "components")]
use component::PackEngine;
#[cfg(feature = "components")]
pub use component::{component_imports, component_parse_error, recorded_api_version};
#[cfg(feature = "components")]
use diagnostic::error_at;
#[cfg(feature = "components")]
pub use diagnostic::{PackDiagnostic, Severity};
#[cfg(feature = "components")]
pub use layout::{is_pack_dir, is_pack_root, pack_folders};
#[cfg(feature = "components")]
use library::canonical;
#[cfg(feature = "components")]
pub use library::{PackLibrary, ReloadChange, ReloadReport};
#[cfg(feature = "components")]
use load::fnv1a;
#[cfg(feature = "components")]
pub use manifest::{PackKind, PackManifest, read_manifest};
#[cfg(feature = "components")]
pub use runner::{PackRunner, ScriptRuntime};
#[cfg(feature = "components")]
pub use shared_cards::{FallbackCard, FallbackReason, PlayedVersion, SharedCard, SharedCardRule};
#[cfg(feature = "components")]
pub use source_hash::source_hash;
#[cfg(feature = "components")]
pub use watch::PackWatcher;
#[cfg(feature = "components")]
pub use wit::SUPPORTED as SUPPORTED_API_VERSIONS;

#[cfg(feature = "components")]
use runner::PackCode;
#[cfg(feature = "components")]
use rustc_hash::FxHashMap;
#[cfg(feature = "components")]
use serde::Serialize;
#[cfg(feature = "components")]
use std::path::{Path, PathBuf};
#[cfg(feature = "components")]
use std::sync::Arc;
#[cfg(feature = "components")]
use sve_engine::cards::{CardDb, CardDef};
#[cfg(feature = "components")]
use sve_engine::engine::AbilityRunner;

/// Most cards one pack may define.
#[cfg(feature = "components")]
pub const MAX_CARDS_PER_PACK: usize = 5000;
/// Longest text field accepted in a manifest (see [`guest_text`] for the
/// other caps).
#[cfg(feature = "components")]
pub const MAX_TEXT_LEN: usize = guest_text::MAX_CARD_TEXT_CHARS;
/// Counter entries a card may enter the field with (one per kind of
/// counter is all a card needs).
#[cfg(feature = "components")]
pub const MAX_INITIAL_COUNTERS: usize = 8;
/// Largest encoded size of one card's rules (the card without its texts):
/// bounds every list the engine walks while it plays the card. The
/// busiest starter card takes a few hundred bytes.
#[cfg(feature = "components")]
pub const MAX_CARD_RULES_BYTES: usize = 16 << 10;
/// Largest pack component (`<id>.wasm`) read.
#[cfg(feature = "components")]
pub const MAX_COMPONENT_BYTES: u64 = 128 << 20;
/// Largest `pack.toml` read.
#[cfg(feature = "components")]
pub const MAX_MANIFEST_BYTES: u64 = 1 << 20;

#[cfg(feature = "components")]
pub(crate) use crate::text_file::read_capped;

/// A loaded pack.
#[cfg(feature = "components")]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PackInfo {
    /// Id from `pack.toml`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The pack's version.
    pub version: String,
    /// The card API version it was built against.
    pub api_version: String,
    /// Number of cards it defines.
    pub cards: usize,
    /// Its folder.
    pub dir: PathBuf,
    /// A hash of the component's bytes (hex): bug reports and replays name
    /// the exact build a match ran with.
    pub content_hash: String,
    /// Who plays a card several packs define: the highest priority, unless
    /// a pack lists the card in `overrides` (`pack.toml`'s `priority`; 0
    /// when it does not say, -1 for a folder without a pack.toml).
    pub priority: i32,
    /// Cards of this pack that another pack's version replaces (by
    /// `overrides`, `sets` or a higher priority; or, as an error, because
    /// they are outside this pack's `sets`): defined here, not played.
    pub cards_shadowed: usize,
    /// Cards of this pack that no pack plays because of an error: another
    /// pack also defines them with nothing to decide between them, or
    /// they are outside this pack's `sets` and no other pack defines them
    /// (they keep their bundled definitions, if any).
    pub cards_in_conflict: usize,
}

#[cfg(feature = "components")]
impl PackInfo {
    /// Cards of this pack that play: those not shadowed or in conflict.
    pub fn cards_used(&self) -> usize {
        self.cards
            .saturating_sub(self.cards_shadowed)
            .saturating_sub(self.cards_in_conflict)
    }
}

/// The script files a script pack was read from, counted per folder.
#[cfg(feature = "components")]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PackSources {
    /// The pack's id.
    pub pack: String,
    /// Its folder.
    pub dir: PathBuf,
    /// Every folder read, the pack folder (`.`) first.
    pub folders: Vec<script_tree::ScriptFolder>,
}

#[cfg(feature = "components")]
impl PackSources {
    /// Script files read in all.
    pub fn scripts(&self) -> usize {
        self.folders.iter().map(|f| f.scripts).sum()
    }

    /// Script files (or folders) refused in all.
    pub fn refused(&self) -> usize {
        self.folders.iter().map(|f| f.refused).sum()
    }
}

/// Options for [`load_packs`].
#[cfg(feature = "components")]
#[derive(Clone, Debug, Default)]
pub struct LoadOptions {
    /// Card definitions packs build on (the bundled vanilla starter cards);
    /// a pack card with the same id replaces one of these.
    pub base: Vec<CardDef>,
    /// Keep compiled components here between runs.
    pub cache_dir: Option<PathBuf>,
    /// Rust packs the user marked as their own working copies: built from
    /// their sources when those differ from the component (at load and at
    /// each reload). Every other pack loads its component as shipped.
    pub dev_packs: DevPacks,
    /// Show card text in this language where a pack has text files for it
    /// (`text_data`); `None` keeps the scripts' text.
    pub language: Option<String>,
    /// Where script packs run (natively unless asked otherwise).
    pub script_runtime: ScriptRuntime,
}

/// The Rust packs the user builds from source: their own working copies
/// (`sve --dev-pack DIR`, the client's `SVE_DEV_PACKS`). Building runs a
/// pack's build script and procedural macros natively with the user's
/// rights, so no other pack is ever built by loading it.
#[cfg(feature = "components")]
#[derive(Clone, Debug, Default)]
pub struct DevPacks {
    /// Canonical folders.
    dirs: Vec<PathBuf>,
    /// The cargo target directory they build into.
    target_dir: PathBuf,
}

#[cfg(feature = "components")]
impl DevPacks {
    /// The pack folders `dirs` (made absolute), built into `target_dir`.
    pub fn new(dirs: &[PathBuf], target_dir: &Path) -> DevPacks {
        DevPacks {
            dirs: dirs.iter().map(|dir| canonical(dir)).collect(),
            target_dir: target_dir.to_owned(),
        }
    }

    /// Whether `dir` is one of them.
    pub fn contains(&self, dir: &Path) -> bool {
        let dir = canonical(dir);
        self.dirs.contains(&dir)
    }

    /// The folders, absolute.
    pub fn dirs(&self) -> &[PathBuf] {
        &self.dirs
    }

    /// The cargo target directory they build into.
    pub fn target_dir(&self) -> &Path {
        &self.target_dir
    }

    /// `roots` plus each dev pack that lies in none of them (a root, or a
    /// root's child): the folders to load so that every dev pack plays.
    pub fn add_roots(&self, roots: &[PathBuf]) -> Vec<PathBuf> {
        let mut all: Vec<PathBuf> = roots.iter().map(|root| canonical(root)).collect();
        for dir in &self.dirs {
            let inside = all
                .iter()
                .any(|root| dir == root || dir.parent() == Some(root.as_path()));
            if !inside {
                all.push(dir.clone());
            }
        }
        all
    }
}

/// The environment variable that names the client's dev packs: an OS path
/// list (`:`-separated on Unix, `;` on Windows).
#[cfg(feature = "components")]
pub const DEV_PACKS_ENV: &str = "SVE_DEV_PACKS";

/// The pack folders [`DEV_PACKS_ENV`] names (none when it is unset).
#[cfg(feature = "components")]
pub fn dev_packs_from_env() -> Vec<PathBuf> {
    std::env::var_os(DEV_PACKS_ENV)
        .map(|list| {
            std::env::split_paths(&list)
                .filter(|path| !path.as_os_str().is_empty())
                .collect()
        })
        .unwrap_or_default()
}

/// Where the app runs script packs: `SVE_SCRIPT_RUNTIME=sandboxed` runs
/// them in the script runtime's WebAssembly component, as Rust packs run
/// (to compare, or to rule the native runtime out when chasing a bug);
/// anything else, or nothing, runs them natively.
#[cfg(feature = "components")]
pub fn script_runtime_from_env() -> ScriptRuntime {
    match std::env::var("SVE_SCRIPT_RUNTIME").as_deref() {
        Ok("sandboxed") => ScriptRuntime::Sandboxed,
        _ => ScriptRuntime::Native,
    }
}

/// The language the app shows card text in: `SVE_LANG` (`ja`, `en`, ...),
/// or `None` for the scripts' own text.
#[cfg(feature = "components")]
pub fn language_from_env() -> Option<String> {
    std::env::var("SVE_LANG")
        .ok()
        .map(|lang| lang.trim().to_owned())
        .filter(|lang| !lang.is_empty())
}

/// What loading a folder of packs produced.
#[cfg(feature = "components")]
pub struct LoadedPacks {
    /// Every card: the base cards with pack cards merged in.
    pub db: Arc<CardDb>,
    /// The packs that loaded.
    pub packs: Vec<PackInfo>,
    /// Every problem found; packs with errors were skipped.
    pub diagnostics: Vec<PackDiagnostic>,
    /// Every card id that two or more packs define, and which plays it
    /// (`shared_cards`).
    pub shared_cards: Vec<SharedCard>,
    /// Every card that does not play as some pack defines it because an
    /// error decided (a conflict, a card outside a pack's `sets`): front
    /// ends warn about each where cards are played ([`Self::fallback_warnings`]).
    pub fallback_cards: Vec<FallbackCard>,
    /// The folders each loaded script pack read, with their file counts.
    pub sources: Vec<PackSources>,
    engine: PackEngine,
    code: Arc<Vec<PackCode>>,
    by_card: Arc<FxHashMap<String, usize>>,
    scripts: ScriptRuntime,
    /// Where each definition's abilities run, shared by the runners.
    routes: Arc<runner::SharedRoutes>,
}

#[cfg(feature = "components")]
impl std::fmt::Debug for LoadedPacks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoadedPacks")
            .field("packs", &self.packs)
            .field("diagnostics", &self.diagnostics)
            .finish_non_exhaustive()
    }
}

#[cfg(feature = "components")]
impl LoadedPacks {
    /// Swaps these cards and this code into a running match (hot reload):
    /// the match keeps its state; see [`Match::reload_cards`]. Returns what
    /// changed for the match's cards.
    pub fn apply_to_match(
        &self,
        game: &mut sve_engine::engine::Match,
        source: &str,
    ) -> Result<sve_engine::cards::CardChanges, String> {
        let (db, changes) = game
            .db()
            .updated_from(&self.db)
            .map_err(|e| e.to_string())?;
        game.reload_cards(Arc::new(db), self.runner(), &changes, source);
        Ok(changes)
    }

    /// The pack that defines a card (its code runs there), if any.
    pub fn pack_of(&self, card_id: &str) -> Option<&PackInfo> {
        self.by_card
            .get(card_id)
            .and_then(|idx| self.packs.get(*idx))
    }

    /// A fresh runner for one match.
    pub fn runner(&self) -> Arc<dyn AbilityRunner> {
        Arc::new(self.pack_runner())
    }

    /// A fresh runner for one match, as its concrete type.
    pub fn pack_runner(&self) -> PackRunner {
        PackRunner::new(
            self.engine.clone(),
            Arc::clone(&self.code),
            Arc::clone(&self.by_card),
            self.scripts,
            Arc::clone(&self.routes),
        )
    }

    /// One warning line per [`FallbackCard`] (at most
    /// [`MAX_FALLBACK_WARNINGS`], then a line counting the rest), for a
    /// front end to show where the cards are played: no pack's version is
    /// set aside in silence.
    pub fn fallback_warnings(&self) -> Vec<String> {
        fallback_warnings(&self.fallback_cards)
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

/// Most [`FallbackCard`]s [`fallback_warnings`] shows one line each.
#[cfg(feature = "components")]
pub const MAX_FALLBACK_WARNINGS: usize = 20;

/// `warning: card `X` plays as ..., not as pack `Y`'s (...)`, one line per
/// card, at most [`MAX_FALLBACK_WARNINGS`], then `warning: N more cards
/// ...`.
#[cfg(feature = "components")]
pub fn fallback_warnings(cards: &[FallbackCard]) -> Vec<String> {
    let mut lines: Vec<String> = cards
        .iter()
        .take(MAX_FALLBACK_WARNINGS)
        .map(|card| format!("warning: {card}"))
        .collect();
    if cards.len() > MAX_FALLBACK_WARNINGS {
        lines.push(format!(
            "warning: {} more cards do not play as a pack defines them (`sve pack check` lists them)",
            cards.len() - MAX_FALLBACK_WARNINGS
        ));
    }
    lines
}

/// One pack, compiled and read.
#[cfg(feature = "components")]
struct ReadPack {
    info: PackInfo,
    cards: Vec<CardDef>,
    /// The keywords the pack declares.
    keywords: Vec<sve_engine::cards::DeclaredKeyword>,
    /// The counter kinds the pack declares.
    counters: Vec<sve_engine::cards::DeclaredCounter>,
    /// The token kinds the pack declares.
    token_kinds: Vec<sve_engine::cards::DeclaredTokenKind>,
    code: PackCode,
    overrides: Vec<String>,
    /// `pack.toml`'s `priority` (see [`PackInfo::priority`]).
    priority: i32,
    /// `pack.toml`'s `sets`: the set codes whose cards the pack owns
    /// (empty: none by declaration).
    sets: Vec<String>,
    /// The folders a script pack's scripts came from (empty for other
    /// packs).
    folders: Vec<script_tree::ScriptFolder>,
    /// Names a script pack refers to but does not define, resolved against
    /// the library at each merge (`references`).
    outside_refs: Vec<sve_script::OutsideRef>,
    /// Problems that did not stop the pack (script warnings, cards left
    /// out, a missing `pack.toml`).
    notes: Vec<PackDiagnostic>,
}

/// Why a pack is being loaded.
#[cfg(feature = "components")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LoadMode {
    /// At start: a script pack loads the cards that compile and reports the
    /// rest.
    Open,
    /// A hot reload: any error keeps the previous version running.
    Reload,
}

/// Loads every pack folder in `dirs` (a pack folder, or a folder of pack
/// folders: see `layout`). Problems become diagnostics; a bad pack never
/// stops the others.
#[cfg(feature = "components")]
pub fn load_packs(dirs: &[PathBuf], options: &LoadOptions) -> Result<LoadedPacks, String> {
    Ok(PackLibrary::open(dirs, options)?.loaded())
}

#[cfg(all(test, feature = "components"))]
mod tests {
    use super::*;

    #[test]
    fn dev_packs_outside_the_roots_become_roots_of_their_own() {
        let dev = DevPacks::new(
            &[
                PathBuf::from("/nowhere/card-packs/mine"),
                PathBuf::from("/elsewhere/theirs"),
            ],
            Path::new("target/packs"),
        );
        assert!(dev.contains(Path::new("/nowhere/card-packs/mine")));
        assert!(!dev.contains(Path::new("/nowhere/card-packs/other")));
        assert_eq!(
            dev.add_roots(&[PathBuf::from("/nowhere/card-packs")]),
            [
                PathBuf::from("/nowhere/card-packs"),
                PathBuf::from("/elsewhere/theirs")
            ]
        );
    }
}
