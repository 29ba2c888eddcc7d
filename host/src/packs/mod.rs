//! Card packs as sandboxed WebAssembly components.
//!
//! The pipeline, one step per module:
//! 1. `manifest`: each `card-packs/<pack>/pack.toml` names the pack's id,
//!    version, kind and the card API range it needs.
//! 2. `build`: a Rust pack ships as its built component (`<id>.wasm`).
//!    Loading never builds: cargo runs a pack's build script and macros
//!    natively, so a pack is built only on the user's request (`sve pack
//!    build`, or a pack marked as the user's own: [`DevPacks`]). The
//!    component records a hash of the sources it was built from; it
//!    imports nothing but the game API (`wit/since_v0.1.0`).
//! 3. `component`: the component's recorded API version is checked, then it
//!    is compiled (cached on disk by content hash) and pre-instantiated.
//! 4. The manifest export is called once to read the cards as data
//!    (`convert`), checked, and merged into one [`CardDb`]: pack cards
//!    replace the bundled vanilla definitions of the same id. A pack
//!    replaces another pack's card only if it lists the id in `overrides`;
//!    any other claim on one id by two packs is an error and neither pack
//!    gets the card (folder names never decide).
//! 5. `runner`: per match, a [`PackRunner`] runs each card's abilities in its
//!    pack's store (fuel, memory and stack limits; rebuilt after a trap). The
//!    game API is implemented over the engine's `AbilityCtx` (`host_api`).
//!
//! Key types: [`LoadedPacks`] (what a load produced: card database, pack
//! list, diagnostics, runner factory), [`PackRunner`], [`PackDiagnostic`].
//!
//! **Architecture Invariant:** wasmtime types stay inside this module; the
//! engine sees only the `AbilityRunner` trait.

pub mod audit;
pub mod build;
pub(crate) mod component;
mod convert;
pub mod guest_text;
mod host_api;
mod lazy_args;
pub mod manifest;
mod runner;
pub mod script_pack;
pub mod scripts;
pub mod text_data;
pub mod watch;
pub(crate) mod wit;

pub use build::{
    Freshness, build_rust_pack, component_path, freshness, is_stale, recorded_source_hash,
    source_hash,
};
use component::PackEngine;
pub use component::{component_imports, component_parse_error, recorded_api_version};
pub use manifest::{PackKind, PackManifest, read_manifest};
pub use runner::PackRunner;
pub use watch::PackWatcher;
pub use wit::SUPPORTED as SUPPORTED_API_VERSIONS;

use crate::cards::{CardDb, CardDef};
use crate::engine::AbilityRunner;
use runner::PackCode;
use serde::Serialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Most cards one pack may define.
pub const MAX_CARDS_PER_PACK: usize = 5000;
/// Longest text field accepted in a manifest (see [`guest_text`] for the
/// other caps).
pub const MAX_TEXT_LEN: usize = guest_text::MAX_CARD_TEXT_CHARS;
/// Counter entries a card may enter the field with (one per kind of
/// counter is all a card needs).
pub const MAX_INITIAL_COUNTERS: usize = 8;
/// Largest encoded size of one card's rules (the card without its texts):
/// bounds every list the engine walks while it plays the card. The
/// busiest starter card takes a few hundred bytes.
pub const MAX_CARD_RULES_BYTES: usize = 16 << 10;
/// Largest pack component (`<id>.wasm`) read.
pub const MAX_COMPONENT_BYTES: u64 = 128 << 20;
/// Largest `pack.toml` read.
pub const MAX_MANIFEST_BYTES: u64 = 1 << 20;

pub(crate) use crate::text_file::read_capped;

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The pack (or a card) was not loaded.
    Error,
    /// Loaded, but something deserves attention.
    Warning,
    /// Worth knowing, nothing wrong: a declared override (which pack
    /// replaces which card of which pack).
    Note,
}

/// A problem found while loading packs, located where possible.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PackDiagnostic {
    /// The file.
    pub file: PathBuf,
    /// 1-based line, when known.
    pub line: Option<u32>,
    /// 1-based column, when known.
    pub col: Option<u32>,
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for PackDiagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // A file or folder name inside a pack is pack text too.
        let file = self.file.display().to_string();
        write!(f, "{}", sve_script::text::escape_line(&file, usize::MAX))?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(col) = self.col {
                write!(f, ":{col}")?;
            }
        }
        let severity = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        };
        // Messages quote folder names, ids and compiler output: every line
        // is shown escaped too (line breaks kept, as in cargo's output).
        write!(f, ": {severity}: ")?;
        for (idx, line) in self.message.split('\n').enumerate() {
            if idx > 0 {
                writeln!(f)?;
            }
            write!(f, "{}", sve_script::text::escape_line(line, 4_000))?;
        }
        Ok(())
    }
}

fn error_at(file: impl Into<PathBuf>, message: impl Into<String>) -> PackDiagnostic {
    PackDiagnostic {
        file: file.into(),
        line: None,
        col: None,
        severity: Severity::Error,
        message: message.into(),
    }
}

/// A loaded pack.
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
}

/// Options for [`load_packs`].
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
}

/// The Rust packs the user builds from source: their own working copies
/// (`sve --dev-pack DIR`, the client's `SVE_DEV_PACKS`). Building runs a
/// pack's build script and procedural macros natively with the user's
/// rights, so no other pack is ever built by loading it.
#[derive(Clone, Debug, Default)]
pub struct DevPacks {
    /// Canonical folders.
    dirs: Vec<PathBuf>,
    /// The cargo target directory they build into.
    target_dir: PathBuf,
}

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
pub const DEV_PACKS_ENV: &str = "SVE_DEV_PACKS";

/// The pack folders [`DEV_PACKS_ENV`] names (none when it is unset).
pub fn dev_packs_from_env() -> Vec<PathBuf> {
    std::env::var_os(DEV_PACKS_ENV)
        .map(|list| {
            std::env::split_paths(&list)
                .filter(|path| !path.as_os_str().is_empty())
                .collect()
        })
        .unwrap_or_default()
}

/// The language the app shows card text in: `SVE_LANG` (`ja`, `en`, ...),
/// or `None` for the scripts' own text.
pub fn language_from_env() -> Option<String> {
    std::env::var("SVE_LANG")
        .ok()
        .map(|lang| lang.trim().to_owned())
        .filter(|lang| !lang.is_empty())
}

/// What loading a folder of packs produced.
pub struct LoadedPacks {
    /// Every card: the base cards with pack cards merged in.
    pub db: Arc<CardDb>,
    /// The packs that loaded.
    pub packs: Vec<PackInfo>,
    /// Every problem found; packs with errors were skipped.
    pub diagnostics: Vec<PackDiagnostic>,
    engine: PackEngine,
    code: Arc<Vec<PackCode>>,
    by_card: Arc<HashMap<String, usize>>,
}

impl std::fmt::Debug for LoadedPacks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoadedPacks")
            .field("packs", &self.packs)
            .field("diagnostics", &self.diagnostics)
            .finish_non_exhaustive()
    }
}

impl LoadedPacks {
    /// Swaps these cards and this code into a running match (hot reload):
    /// the match keeps its state; see [`Match::reload_cards`]. Returns what
    /// changed for the match's cards.
    pub fn apply_to_match(
        &self,
        game: &mut crate::engine::Match,
        source: &str,
    ) -> Result<crate::cards::CardChanges, String> {
        let defs = self.db.iter().map(|(_, def)| def.clone()).collect();
        let (db, changes) = game.db().updated(defs).map_err(|e| e.to_string())?;
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
        )
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

/// One pack, compiled and read.
struct ReadPack {
    info: PackInfo,
    cards: Vec<CardDef>,
    code: PackCode,
    overrides: Vec<String>,
    /// Problems that did not stop the pack (script warnings, cards left
    /// out, a missing `pack.toml`).
    notes: Vec<PackDiagnostic>,
}

/// Why a pack is being loaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LoadMode {
    /// At start: a script pack loads the cards that compile and reports the
    /// rest.
    Open,
    /// A hot reload: any error keeps the previous version running.
    Reload,
}

/// Loads every pack folder in `dirs` (a folder with a `pack.toml`, or a
/// folder of such folders). Problems become diagnostics; a bad pack never
/// stops the others.
pub fn load_packs(dirs: &[PathBuf], options: &LoadOptions) -> Result<LoadedPacks, String> {
    Ok(PackLibrary::open(dirs, options)?.loaded())
}

/// The packs of one or more folders, kept loaded so that single packs can
/// be reloaded (hot reload) while the others stay as they are.
pub struct PackLibrary {
    options: LoadOptions,
    engine: PackEngine,
    roots: Vec<PathBuf>,
    packs: Vec<ReadPack>,
    /// Code of cards a reload removed from their pack: matches that still
    /// hold them keep playing them with their last good code.
    retired: Vec<(PackCode, Vec<String>)>,
    diagnostics: Vec<PackDiagnostic>,
}

/// What a successful reload changed.
#[derive(Clone, Debug)]
pub struct ReloadReport {
    /// The pack's id.
    pub pack: String,
    /// Its folder.
    pub dir: PathBuf,
    /// Cards it defines now.
    pub cards: usize,
    /// Their ids.
    pub card_ids: Vec<String>,
    /// Build and load time.
    pub elapsed: std::time::Duration,
    /// Warnings of the new version (the reload happened).
    pub warnings: Vec<PackDiagnostic>,
    /// Whether the pack is new, a new version, or gone.
    pub change: ReloadChange,
}

/// What a reload did to a pack folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReloadChange {
    /// A folder that was not loaded now is (moved in, renamed to, fixed).
    Added,
    /// A new version replaced the loaded one.
    Replaced,
    /// The folder is gone or no longer a pack: its cards are no longer
    /// offered; matches that hold them keep their last code.
    Removed,
}

impl PackLibrary {
    /// Loads every pack of `roots`.
    pub fn open(roots: &[PathBuf], options: &LoadOptions) -> Result<PackLibrary, String> {
        let roots: Vec<PathBuf> = roots.iter().map(|r| canonical(r)).collect();
        let roots = roots.as_slice();
        let engine = PackEngine::new(options.cache_dir.clone()).map_err(|e| e.to_string())?;
        let mut library = PackLibrary {
            options: options.clone(),
            engine,
            roots: roots.to_vec(),
            packs: Vec::new(),
            retired: Vec::new(),
            diagnostics: Vec::new(),
        };
        for dir in pack_dirs(roots, &mut library.diagnostics) {
            match load_pack(&dir, &library.engine, &library.options, LoadMode::Open) {
                Ok(mut pack) => {
                    library.diagnostics.append(&mut pack.notes);
                    library.packs.push(pack);
                }
                Err(mut problems) => library.diagnostics.append(&mut problems),
            }
        }
        Ok(library)
    }

    /// Each loaded pack's id with the cards it defines, before merging (a
    /// card two packs define appears twice): what [`audit::audit`] reads.
    pub fn pack_cards(&self) -> Vec<(String, Vec<CardDef>)> {
        self.packs
            .iter()
            .map(|p| (p.info.id.clone(), p.cards.clone()))
            .collect()
    }

    /// The folders this library loads packs from.
    pub fn roots(&self) -> &[PathBuf] {
        &self.roots
    }

    /// Reloads one pack folder: loads it if it is new, replaces it if it
    /// was loaded, and drops it if it is gone or no longer a pack (a folder
    /// renamed or removed). A dev pack is rebuilt first if its sources
    /// changed; no other pack is built. On failure the previous version,
    /// if any, stays loaded and the problems are returned, located. Packs
    /// whose folders are gone are dropped on the way (a rename whose event
    /// was missed must not keep the old copy playing).
    pub fn reload(&mut self, dir: &Path) -> Result<ReloadReport, Vec<PackDiagnostic>> {
        let start = std::time::Instant::now();
        let dir = &canonical(dir);
        self.drop_gone_packs(Some(dir));
        let loaded_idx = self.packs.iter().position(|p| p.info.dir == *dir);
        if !is_pack_dir(dir) {
            // Problems of this folder from earlier loads are stale.
            self.diagnostics.retain(|d| !d.file.starts_with(dir));
            let pack = match loaded_idx {
                Some(idx) => {
                    let old = self.packs.remove(idx);
                    let id = old.info.id.clone();
                    self.retire(old, &[]);
                    id
                }
                None if !dir.exists() => folder_name(dir),
                None => {
                    return Err(vec![error_at(
                        dir,
                        "not a pack folder: it has no pack.toml and no .txt scripts",
                    )]);
                }
            };
            return Ok(ReloadReport {
                pack,
                dir: dir.to_owned(),
                cards: 0,
                card_ids: Vec::new(),
                elapsed: start.elapsed(),
                warnings: Vec::new(),
                change: ReloadChange::Removed,
            });
        }
        let mut pack = load_pack(dir, &self.engine, &self.options, LoadMode::Reload)?;
        let report = ReloadReport {
            pack: pack.info.id.clone(),
            dir: dir.to_owned(),
            cards: pack.cards.len(),
            card_ids: pack.cards.iter().map(|c| c.id.clone()).collect(),
            elapsed: start.elapsed(),
            warnings: std::mem::take(&mut pack.notes),
            change: if loaded_idx.is_some() {
                ReloadChange::Replaced
            } else {
                ReloadChange::Added
            },
        };
        match loaded_idx {
            Some(idx) => {
                let kept: Vec<String> = pack.cards.iter().map(|c| c.id.clone()).collect();
                let old = std::mem::replace(&mut self.packs[idx], pack);
                self.retire(old, &kept);
            }
            None => self.packs.push(pack),
        }
        // Problems of this folder from earlier loads are now stale.
        self.diagnostics.retain(|d| !d.file.starts_with(dir));
        Ok(report)
    }

    /// Keeps the code of an old version's cards that are not in `kept`
    /// for the matches that hold them.
    fn retire(&mut self, old: ReadPack, kept: &[String]) {
        let removed: Vec<String> = old
            .cards
            .iter()
            .filter(|c| !kept.contains(&c.id))
            .map(|c| c.id.clone())
            .collect();
        if !removed.is_empty() {
            tracing::warn!(
                "pack `{}` no longer defines {}; running matches keep their last version",
                old.info.id,
                removed.join(", ")
            );
            self.retired.push((old.code, removed));
        }
    }

    /// Drops the loaded packs whose folders no longer exist (except
    /// `except`, which the caller handles).
    fn drop_gone_packs(&mut self, except: Option<&Path>) {
        let gone: Vec<usize> = (0..self.packs.len())
            .filter(|idx| {
                let dir = &self.packs[*idx].info.dir;
                Some(dir.as_path()) != except && !dir.exists()
            })
            .collect();
        for idx in gone.into_iter().rev() {
            let old = self.packs.remove(idx);
            let dir = old.info.dir.clone();
            self.diagnostics.retain(|d| !d.file.starts_with(&dir));
            self.retire(old, &[]);
        }
    }

    /// Whether a pack from this folder is loaded now.
    pub fn is_loaded(&self, dir: &Path) -> bool {
        let dir = canonical(dir);
        self.packs.iter().any(|p| p.info.dir == dir)
    }

    /// A watcher over this library's roots that knows its dev packs (their
    /// build output is not a change).
    pub fn watcher(&self) -> Result<PackWatcher, notify::Error> {
        PackWatcher::with_dev_packs(&self.roots, &self.options.dev_packs)
    }

    /// The pack folder a changed file (or a pack folder itself) belongs
    /// to, if any.
    pub fn pack_dir_of(&self, path: &Path) -> Option<PathBuf> {
        let is_loaded_folder = self
            .roots
            .iter()
            .any(|root| path == root || path.parent() == Some(root.as_path()));
        if is_loaded_folder && is_pack_dir(path) {
            return Some(path.to_owned());
        }
        watch::pack_folder(path, &self.roots)
    }

    /// The current cards and code, merged (see [`LoadedPacks`]).
    ///
    /// A pack card replaces a base card of the same id. Between packs, the
    /// policy does not depend on folder names or load order: a card that
    /// two or more packs define goes to the one pack that lists it in
    /// `overrides` (a note names who replaces whom); with no such pack, or
    /// more than one, it is an error naming every pack involved, and no
    /// pack gets the card (it keeps its base definition, if any).
    pub fn loaded(&self) -> LoadedPacks {
        let mut diagnostics = self.diagnostics.clone();
        let mut defs: Vec<CardDef> = self.options.base.clone();
        let mut index: HashMap<String, usize> = defs
            .iter()
            .enumerate()
            .map(|(i, d)| (d.id.clone(), i))
            .collect();
        let contested = self.contested_cards(&index, &mut diagnostics);
        self.report_shared_pack_ids(&mut diagnostics);
        let mut by_card = HashMap::new();
        let mut packs = Vec::new();
        let mut code = Vec::new();
        for (pack_idx, pack) in self.packs.iter().enumerate() {
            for card in &pack.cards {
                if let Some(winner) = contested.get(card.id.as_str())
                    && *winner != Some(pack_idx)
                {
                    continue;
                }
                by_card.insert(card.id.clone(), pack_idx);
                match index.get(&card.id) {
                    Some(i) => defs[*i] = card.clone(),
                    None => {
                        index.insert(card.id.clone(), defs.len());
                        defs.push(card.clone());
                    }
                }
            }
            packs.push(pack.info.clone());
            code.push(pack.code.clone());
        }
        // Removed cards run their last good code (their definitions stay in
        // running matches through `CardDb::updated`).
        for (retired_code, ids) in &self.retired {
            let idx = code.len();
            let mut used = false;
            for id in ids {
                if !by_card.contains_key(id) && !contested.contains_key(id.as_str()) {
                    by_card.insert(id.clone(), idx);
                    used = true;
                }
            }
            if used {
                code.push(retired_code.clone());
            }
        }
        let db = match CardDb::new(defs) {
            Ok(db) => db,
            Err(e) => {
                // OK: ids were merged by id above, so this cannot repeat one;
                // report instead of panicking all the same.
                diagnostics.push(error_at(&self.roots[0], e.to_string()));
                CardDb::default()
            }
        };
        LoadedPacks {
            db: Arc::new(db),
            packs,
            diagnostics,
            engine: self.engine.clone(),
            code: Arc::new(code),
            by_card: Arc::new(by_card),
        }
    }

    /// Two folders whose packs share an id load both (their folders tell
    /// them apart), but every message, replay and bug report names a pack
    /// by its id, so one could pass for the other: a warning names both.
    fn report_shared_pack_ids(&self, diagnostics: &mut Vec<PackDiagnostic>) {
        for (idx, pack) in self.packs.iter().enumerate() {
            if let Some(first) = self.packs[..idx]
                .iter()
                .find(|other| other.info.id == pack.info.id)
            {
                diagnostics.push(PackDiagnostic {
                    severity: Severity::Warning,
                    ..error_at(
                        pack.info.dir.join("pack.toml"),
                        format!(
                            "pack id `{}` is also the id of the pack in {}; messages and replays name packs by id, so give one of them another id",
                            pack.info.id,
                            first.info.dir.display()
                        ),
                    )
                });
            }
        }
    }

    /// The card ids two or more packs define, each with the pack that gets
    /// it (`None`: no pack does). Adds a note per declared override and an
    /// error per conflict (see [`PackLibrary::loaded`]).
    fn contested_cards(
        &self,
        base: &HashMap<String, usize>,
        diagnostics: &mut Vec<PackDiagnostic>,
    ) -> HashMap<&str, Option<usize>> {
        let mut claims: HashMap<&str, Vec<usize>> = HashMap::new();
        for (pack_idx, pack) in self.packs.iter().enumerate() {
            for card in &pack.cards {
                claims.entry(card.id.as_str()).or_default().push(pack_idx);
            }
        }
        let mut ids: Vec<&str> = claims
            .iter()
            .filter(|(_, claimants)| claimants.len() > 1)
            .map(|(id, _)| *id)
            .collect();
        ids.sort_unstable();
        let mut contested = HashMap::new();
        for id in ids {
            let Some(claimants) = claims.get(id) else {
                continue;
            };
            let Some(&last) = claimants.last() else {
                continue;
            };
            let pack = |idx: usize| &self.packs[idx].info;
            let named = |list: &[usize]| {
                let names: Vec<String> = list
                    .iter()
                    .map(|idx| format!("`{}` ({})", pack(*idx).id, pack(*idx).dir.display()))
                    .collect();
                join_and(&names)
            };
            let overriding: Vec<usize> = claimants
                .iter()
                .copied()
                .filter(|idx| self.packs[*idx].overrides.iter().any(|o| o == id))
                .collect();
            let fallback = if base.contains_key(id) {
                "it keeps its bundled definition"
            } else {
                "it is left out"
            };
            // Located at the last claimant's pack.toml; the message names
            // them all, since any of them may be the one to fix.
            match overriding.as_slice() {
                [winner] => {
                    contested.insert(id, Some(*winner));
                    for other in claimants.iter().filter(|idx| *idx != winner) {
                        diagnostics.push(PackDiagnostic {
                            severity: Severity::Note,
                            ..error_at(
                                pack(*winner).dir.join("pack.toml"),
                                format!(
                                    "pack `{}` replaces card `{id}` of pack `{}` (declared in `overrides`)",
                                    pack(*winner).id,
                                    pack(*other).id
                                ),
                            )
                        });
                    }
                }
                [] => {
                    contested.insert(id, None);
                    diagnostics.push(error_at(
                        pack(last).dir.join("pack.toml"),
                        format!(
                            "card `{id}` is defined by packs {} and none of them lists it in `overrides`, so no pack gets it ({fallback}); a pack that means to replace another pack's card lists the card's id in `overrides` in its pack.toml, otherwise give the card an id of its own",
                            named(claimants)
                        ),
                    ));
                }
                _ => {
                    contested.insert(id, None);
                    diagnostics.push(error_at(
                        pack(last).dir.join("pack.toml"),
                        format!(
                            "card `{id}` is listed in `overrides` by packs {}, so no pack gets it ({fallback}); only one pack may replace a card: remove it from the others' `overrides`",
                            named(&overriding)
                        ),
                    ));
                }
            }
        }
        contested
    }
}

/// The last part of a path, for a folder that is gone.
fn folder_name(dir: &Path) -> String {
    dir.file_name().map_or_else(
        || dir.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// `a`, `a and b`, `a, b and c`.
fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The absolute form of a path (as file events report paths), or the path
/// itself when it does not exist.
fn canonical(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_owned())
}

/// Whether a folder is a pack: it has a `pack.toml`, or it is a folder of
/// SVE Script files (a community set folder).
pub fn is_pack_dir(dir: &Path) -> bool {
    dir.join("pack.toml").exists() || scripts::is_script_folder(dir)
}

/// Pack folders: each given folder that is a pack, else its subfolders
/// that are.
fn pack_dirs(dirs: &[PathBuf], diagnostics: &mut Vec<PackDiagnostic>) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in dirs {
        if is_pack_dir(dir) {
            out.push(dir.clone());
            continue;
        }
        match std::fs::read_dir(dir) {
            Ok(entries) => {
                let mut subdirs: Vec<PathBuf> = entries
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| is_pack_dir(p))
                    .collect();
                subdirs.sort();
                out.extend(subdirs);
            }
            Err(e) => diagnostics.push(error_at(dir, format!("cannot read pack folder: {e}"))),
        }
    }
    out
}

fn load_pack(
    dir: &Path,
    engine: &PackEngine,
    options: &LoadOptions,
    mode: LoadMode,
) -> Result<ReadPack, Vec<PackDiagnostic>> {
    let mut notes = Vec::new();
    let manifest = if dir.join("pack.toml").exists() {
        read_manifest(dir).map_err(|e| vec![error_at(e.file, e.message)])?
    } else {
        let manifest = script_pack::default_manifest(dir);
        notes.push(PackDiagnostic {
            severity: Severity::Warning,
            ..error_at(
                dir,
                format!(
                    "no pack.toml: loaded as script pack `{}` version 0.0.0 (add a pack.toml to name it)",
                    manifest.id
                ),
            )
        });
        manifest
    };
    let mut pack = if manifest.kind == PackKind::Script {
        load_script_pack(&manifest, engine, mode)?
    } else {
        load_rust_pack(&manifest, engine, options)?
    };
    if let Some(language) = &options.language {
        let (texts, mut problems) = text_data::read(dir, language);
        text_data::apply(&mut pack.cards, &texts);
        notes.append(&mut problems);
    }
    notes.append(&mut pack.notes);
    pack.notes = notes;
    Ok(pack)
}

/// Loads a Rust pack's component. A dev pack ([`DevPacks`]) is built first
/// when its sources differ from what the component was built from; any
/// other pack loads its component as shipped: a source-only pack is not
/// loaded (the diagnostic says how to build it), and one whose sources
/// changed since its build loads with a warning.
fn load_rust_pack(
    manifest: &PackManifest,
    engine: &PackEngine,
    options: &LoadOptions,
) -> Result<ReadPack, Vec<PackDiagnostic>> {
    let dir = &manifest.dir;
    let is_dev = options.dev_packs.contains(dir);
    let freshness = freshness(manifest);
    let mut notes = Vec::new();
    match (&freshness, is_dev) {
        (Freshness::Missing | Freshness::Stale { .. }, true) => {
            build_dev_pack(manifest, options.dev_packs.target_dir())?;
        }
        (Freshness::Missing, false) => {
            return Err(vec![error_at(
                dir.join("Cargo.toml"),
                format!(
                    "pack `{}` is Rust source without a built component ({}), so it is not loaded; \
                     to build it run `sve pack build {}`, or mark it as your own working copy with \
                     `sve --dev-pack {}` (the client: {DEV_PACKS_ENV}) to build it on load and on \
                     every edit. Building runs the pack's build script and macros with your \
                     rights: do it only for code you trust",
                    manifest.id,
                    component_path(manifest).display(),
                    dir.display(),
                    dir.display()
                ),
            )]);
        }
        (Freshness::Stale { recorded, .. }, false) => {
            let built_from = match recorded {
                Some(_) => "its sources have changed since it was built",
                None => "it records no hash of the sources it was built from",
            };
            notes.push(PackDiagnostic {
                severity: Severity::Warning,
                ..error_at(
                    component_path(manifest),
                    format!(
                        "loaded as shipped, but {built_from}; to play the sources, rebuild it with \
                         `sve pack build {}` (this runs the pack's build script and macros with \
                         your rights), or use `sve --dev-pack {}`",
                        dir.display(),
                        dir.display()
                    ),
                )
            });
        }
        (Freshness::Current | Freshness::NoSources, _) => {}
    }
    let file = component_path(manifest);
    let bytes = read_capped(&file, MAX_COMPONENT_BYTES).map_err(|e| {
        let message = if freshness == Freshness::NoSources {
            format!("cannot read the pack's component ({e}), and the pack has no sources (Cargo.toml) to build it from")
        } else {
            format!(
                "cannot read the built pack ({e}); build it with `sve pack build {}`",
                dir.display()
            )
        };
        vec![error_at(&file, message)]
    })?;
    let mut pack = load_component(manifest, &file, &bytes, engine, Arc::from(Vec::new()))?;
    pack.notes.splice(0..0, notes);
    Ok(pack)
}

/// Builds a dev pack with cargo; compiler errors come back located.
fn build_dev_pack(manifest: &PackManifest, target_dir: &Path) -> Result<(), Vec<PackDiagnostic>> {
    let dir = &manifest.dir;
    tracing::info!(
        "building dev pack `{}` with cargo (its sources changed)",
        manifest.id
    );
    let mut output = Vec::new();
    match build_rust_pack(manifest, target_dir, &mut |line| {
        output.push(line.to_owned())
    }) {
        Ok(_) => Ok(()),
        Err(build::BuildError::Cargo { diagnostics, dir }) => {
            let mut problems: Vec<PackDiagnostic> = diagnostics
                .into_iter()
                .filter(|d| d.severity == Severity::Error)
                .collect();
            if problems.is_empty() {
                problems.push(error_at(
                    dir.join("Cargo.toml"),
                    format!("cargo build failed:\n{}", output.join("\n")),
                ));
            }
            Err(problems)
        }
        Err(e) => Err(vec![error_at(dir.join("Cargo.toml"), e.to_string())]),
    }
}

/// Compiles a script folder and loads it into the script runtime.
fn load_script_pack(
    manifest: &PackManifest,
    engine: &PackEngine,
    mode: LoadMode,
) -> Result<ReadPack, Vec<PackDiagnostic>> {
    if !scripts::is_script_folder(&manifest.dir) {
        return load_packaged_script_pack(manifest, engine);
    }
    let compiled = script_pack::compile_folder(&manifest.dir).map_err(|d| vec![d])?;
    if compiled.has_errors() && (mode == LoadMode::Reload || compiled.cards_ok == 0) {
        return Err(compiled
            .diagnostics
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .collect());
    }
    let runtime = script_pack::runtime_component().map_err(|e| vec![error_at(&manifest.dir, e)])?;
    let file = manifest.dir.join("pack.toml");
    let mut pack = load_component(
        manifest,
        &file,
        runtime,
        engine,
        Arc::from(compiled.ir.as_slice()),
    )?;
    pack.info.content_hash = format!(
        "{:016x}",
        fnv1a(&compiled.ir) ^ script_pack::runtime_hash().rotate_left(1)
    );
    if compiled.cards_ok < compiled.cards_total {
        pack.notes.push(error_at(
            &manifest.dir,
            format!(
                "{} of {} cards compiled; the others are left out",
                compiled.cards_ok, compiled.cards_total
            ),
        ));
    }
    pack.notes.extend(compiled.diagnostics);
    Ok(pack)
}

/// Checks, compiles and reads one pack component.
fn load_component(
    manifest: &PackManifest,
    file: &Path,
    bytes: &[u8],
    engine: &PackEngine,
    pack_data: Arc<[u8]>,
) -> Result<ReadPack, Vec<PackDiagnostic>> {
    // Errors here may quote the component (import names, a trap's
    // backtrace with the guest's function names): pack text.
    let fail = |message: String| {
        let message = guest_text::clean(&message, guest_text::TextKind::Report);
        vec![error_at(file, message)]
    };
    if let Some(error) = component_parse_error(bytes) {
        return Err(fail(format!("not a valid wasm component: {error}")));
    }
    let Some(recorded) = recorded_api_version(bytes) else {
        return Err(fail(
            "the pack records no card API version (was it built with sve-sdk's export_pack!?)"
                .to_owned(),
        ));
    };
    let supported: Vec<String> = wit::SUPPORTED.iter().map(ToString::to_string).collect();
    let version = semver::Version::parse(recorded.trim()).map_err(|_| {
        fail(format!(
            "the pack records an unreadable card API version `{}`",
            guest_text::quoted(&recorded)
        ))
    })?;
    if !wit::SUPPORTED.contains(&version) {
        return Err(fail(format!(
            "pack `{}` was built for card API {version}; this host supports {}",
            manifest.id,
            supported.join(", ")
        )));
    }
    if !manifest.api.matches(&version) {
        return Err(vec![error_at(
            manifest.dir.join("pack.toml"),
            format!(
                "field `api` = \"{}\" does not accept the API version the pack was built with ({version})",
                manifest.api
            ),
        )]);
    }
    let component = engine.compile(bytes).map_err(|e| fail(e.to_string()))?;
    let pre = engine.prepare(&component).map_err(|e| {
        fail(format!(
            "the pack imports something outside the card API {version}: {e}"
        ))
    })?;
    let (mut store, pack) = engine
        .instantiate(&pre, Arc::clone(&pack_data))
        .map_err(|e| fail(e.to_string()))?;
    let raw = pack.call_manifest(&mut store).map_err(|e| {
        // The guest's own words (a panic's message) are in its log.
        let log = &store.data().log;
        let mut message = format!("the manifest call failed: {e:#}");
        for line in log.iter().rev().take(5).rev() {
            message.push_str(&format!("\n  pack log: {}", shown_log_line(line)));
        }
        fail(message)
    })?;
    let notes = manifest_log_notes(&manifest.dir, file, &store.data().log);
    let cards: Vec<CardDef> = raw.cards.into_iter().map(convert::card_def_in).collect();
    check_cards(&cards).map_err(|problems| {
        problems
            .into_iter()
            .map(|m| error_at(file, m))
            .collect::<Vec<_>>()
    })?;
    Ok(ReadPack {
        info: PackInfo {
            id: manifest.id.clone(),
            name: manifest.name.clone(),
            version: manifest.version.to_string(),
            api_version: version.to_string(),
            cards: cards.len(),
            dir: manifest.dir.clone(),
            content_hash: format!("{:016x}", fnv1a(bytes)),
        },
        cards,
        code: PackCode {
            id: manifest.id.clone(),
            pre,
            pool: (!pack_data.is_empty()).then(Arc::default),
            data: pack_data,
        },
        overrides: manifest.overrides.clone(),
        notes,
    })
}

/// A compiled script pack shipped as one file (`<id>.wasm`, what `sve pack
/// build` writes) in a folder without scripts: its IR comes from the
/// file's custom section and runs in this build's runtime (an IR version
/// this runtime does not read is refused with both versions named).
fn load_packaged_script_pack(
    manifest: &PackManifest,
    engine: &PackEngine,
) -> Result<ReadPack, Vec<PackDiagnostic>> {
    let file = component_path(manifest);
    let bytes = read_capped(&file, MAX_COMPONENT_BYTES).map_err(|e| {
        vec![error_at(
            &manifest.dir,
            format!(
                "a script pack needs .txt scripts or a compiled {} ({e})",
                file.display()
            ),
        )]
    })?;
    let Some(ir) = script_pack::packaged_ir(&bytes) else {
        return Err(vec![error_at(
            &file,
            format!(
                "not a compiled script pack: no `{}` section",
                script_pack::IR_SECTION
            ),
        )]);
    };
    let runtime = script_pack::runtime_component().map_err(|e| vec![error_at(&file, e)])?;
    let mut pack = load_component(manifest, &file, runtime, engine, Arc::from(ir))?;
    pack.info.content_hash = format!("{:016x}", fnv1a(&bytes));
    if pack.notes.iter().any(|d| d.severity == Severity::Error) {
        return Err(pack.notes);
    }
    Ok(pack)
}

/// A line of a pack's log as it may be shown: control characters dropped,
/// at most 500 characters.
fn shown_log_line(line: &str) -> String {
    let mut shown: String = line.chars().filter(|c| !c.is_control()).take(500).collect();
    if line.chars().count() > 500 {
        shown.push('…');
    }
    shown
}

/// Lines a pack logged while listing its cards, as diagnostics: the script
/// runtime reports `warning: FILE:LINE: message` for what it cannot play.
/// Each line is pack text ([`guest_text`]): cleaned and capped, and a
/// `FILE` that is not a plain file name of the pack's folder (a path, `..`)
/// leaves the note unlocated.
fn manifest_log_notes(dir: &Path, file: &Path, log: &[String]) -> Vec<PackDiagnostic> {
    log.iter()
        .map(|line| guest_text::clean(line, guest_text::TextKind::Message))
        .filter_map(|line| {
            let (severity, rest) = if let Some(rest) = line.strip_prefix("warning: ") {
                (Severity::Warning, rest)
            } else {
                (Severity::Error, line.strip_prefix("error: ")?)
            };
            let mut parts = rest.splitn(3, ':');
            let located = (parts.next(), parts.next(), parts.next());
            Some(match located {
                (Some(name), Some(n), Some(message))
                    if n.trim().parse::<u32>().is_ok() && is_plain_file_name(name) =>
                {
                    PackDiagnostic {
                        file: dir.join(name),
                        line: n.trim().parse().ok(),
                        col: None,
                        severity,
                        message: message.trim().to_owned(),
                    }
                }
                _ => PackDiagnostic {
                    severity,
                    ..error_at(file, rest)
                },
            })
        })
        .collect()
}

/// A file name with no folder part: `cards.txt`, not `../x` or `/etc/x`.
fn is_plain_file_name(name: &str) -> bool {
    !name.is_empty()
        && name != "."
        && name != ".."
        && !name.contains(['/', '\\'])
        && Path::new(name).file_name() == Some(std::ffi::OsStr::new(name))
}

/// FNV-1a: a stable hash across runs and platforms.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Sanity checks on a manifest's cards: sizes, id format (the rule of
/// [`sve_script::text::check_card_id`]), names, lengths of every text field
/// ([`guest_text`]), ability counts. A message names the card by its id,
/// shown with control characters escaped.
fn check_cards(cards: &[CardDef]) -> Result<(), Vec<String>> {
    use guest_text::{TextKind, check_len, quoted};
    let mut problems = Vec::new();
    if cards.len() > MAX_CARDS_PER_PACK {
        return Err(vec![format!(
            "the manifest defines {} cards; a pack may define at most {MAX_CARDS_PER_PACK}",
            cards.len()
        )]);
    }
    let mut seen = std::collections::HashSet::new();
    for card in cards {
        let id = quoted(&card.id);
        if let Err(bad) = sve_script::text::check_card_id(&card.id) {
            problems.push(format!(
                "card `{id}` (named `{}`) has a bad id: {bad}",
                quoted(&card.name)
            ));
            continue;
        }
        if card.name.is_empty() {
            problems.push(format!("card `{id}` has an empty name"));
        }
        if !seen.insert(card.id.as_str()) {
            problems.push(format!("card `{id}` is defined twice in the pack"));
        }
        let fields = [
            (&card.name, TextKind::Name),
            (&card.text, TextKind::CardText),
        ]
        .into_iter()
        .chain(card.traits.iter().map(|t| (t, TextKind::Trait)))
        .chain(card.abilities.iter().flat_map(|a| {
            [
                (&a.name, TextKind::AbilityName),
                (&a.text, TextKind::CardText),
            ]
        }));
        for (text, kind) in fields {
            if let Err(why) = check_len(text, kind) {
                problems.push(format!("card `{id}`: {why}"));
            }
        }
        if card.traits.len() > guest_text::MAX_TRAITS {
            problems.push(format!(
                "card `{id}` has {} traits; at most {}",
                card.traits.len(),
                guest_text::MAX_TRAITS
            ));
        }
        if card.abilities.len() > 64 {
            problems.push(format!(
                "card `{id}` has {} abilities; at most 64",
                card.abilities.len()
            ));
        }
        if card.initial_counters.len() > MAX_INITIAL_COUNTERS {
            problems.push(format!(
                "card `{id}` enters with {} counter entries; at most {MAX_INITIAL_COUNTERS}",
                card.initial_counters.len()
            ));
        }
        // Everything else the engine walks at play (filter lists, costs,
        // passives) is bounded by the size of the card's rules.
        let mut rules = card.clone();
        rules.text.clear();
        for ability in &mut rules.abilities {
            ability.text.clear();
            ability.name.clear();
        }
        let size = postcard::to_allocvec(&rules).map_or(usize::MAX, |bytes| bytes.len());
        if size > MAX_CARD_RULES_BYTES {
            problems.push(format!(
                "card `{id}`'s rules (filters, costs, passives) take {size} bytes; at most {MAX_CARD_RULES_BYTES}"
            ));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::fixtures::test_cards;

    #[test]
    fn a_card_with_huge_rules_or_counter_lists_is_refused() {
        use crate::cards::{AbilityDef, AbilityKind, CardFilter, Counter, Trigger};
        let mut huge_filter = test_cards().remove(1);
        huge_filter.abilities.push(AbilityDef {
            name: String::new(),
            kind: AbilityKind::Triggered(Trigger::OnOtherEnterField(CardFilter {
                traits_any: vec!["Elf".to_owned(); 20_000],
                ..CardFilter::default()
            })),
            costs: Vec::new(),
            once_per_turn: false,
            text: String::new(),
        });
        let problems = check_cards(&[huge_filter]).unwrap_err();
        assert!(
            problems[0].contains("rules (filters, costs, passives) take"),
            "{problems:?}"
        );
        let mut counters = test_cards().remove(1);
        counters.initial_counters = vec![(Counter::Stack, 0); 9];
        let problems = check_cards(&[counters]).unwrap_err();
        assert_eq!(
            problems,
            ["card `TEST-V1` enters with 9 counter entries; at most 8"]
        );
    }

    #[test]
    fn an_oversized_manifest_is_refused() {
        let one = test_cards().remove(1);
        let many: Vec<CardDef> = (0..=MAX_CARDS_PER_PACK)
            .map(|i| CardDef {
                id: format!("BIG-{i}"),
                ..one.clone()
            })
            .collect();
        let problems = check_cards(&many).unwrap_err();
        assert_eq!(
            problems,
            ["the manifest defines 5001 cards; a pack may define at most 5000"]
        );
        let mut huge = one.clone();
        huge.text = "x".repeat(MAX_TEXT_LEN + 1);
        let problems = check_cards(&[huge]).unwrap_err();
        assert_eq!(
            problems,
            ["card `TEST-V1`: its text is 10001 characters long; at most 10000"]
        );
    }

    #[test]
    fn a_card_id_with_a_newline_is_refused() {
        let one = test_cards().remove(1);
        let split = CardDef {
            id: "SD01\n001".to_owned(),
            ..one.clone()
        };
        let problems = check_cards(&[split]).unwrap_err();
        assert_eq!(
            problems,
            [
                "card `SD01\\u{a}001` (named `V1`) has a bad id: the id holds the character U+000A, which ids may not; use letters, digits and printable ASCII punctuation such as `-`"
            ]
        );
    }

    #[test]
    fn empty_overlong_and_spaced_card_ids_are_refused() {
        let one = test_cards().remove(1);
        for (id, reason) in [
            ("", "the id is empty"),
            (&"X".repeat(65), "the id is 65 characters long; at most 64"),
            ("SD01 001", "the id holds a space"),
            ("SD01-\u{1b}[2J", "the id holds the character U+001B"),
        ] {
            let card = CardDef {
                id: id.to_owned(),
                ..one.clone()
            };
            let problems = check_cards(&[card]).unwrap_err();
            assert!(problems[0].contains(reason), "{id:?}: {problems:?}");
            assert!(!problems[0].contains('\u{1b}'), "{problems:?}");
        }
    }

    #[test]
    fn an_oversized_trait_or_ability_name_is_refused_naming_the_field() {
        let mut card = test_cards().remove(1);
        card.traits = vec!["t".repeat(65)];
        let problems = check_cards(&[card]).unwrap_err();
        assert_eq!(
            problems,
            ["card `TEST-V1`: its trait is 65 characters long; at most 64"]
        );
    }

    #[test]
    fn duplicate_ids_in_one_pack_are_named() {
        let one = test_cards().remove(1);
        let problems = check_cards(&[one.clone(), one]).unwrap_err();
        assert_eq!(problems, ["card `TEST-V1` is defined twice in the pack"]);
    }

    #[test]
    fn a_file_name_with_escapes_is_shown_escaped() {
        let d = PackDiagnostic {
            file: PathBuf::from("card-packs/a/\u{1b}[2J.txt"),
            line: None,
            col: None,
            severity: Severity::Warning,
            message: "x".to_owned(),
        };
        assert_eq!(d.to_string(), "card-packs/a/\\u{1b}[2J.txt: warning: x");
    }

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

    #[test]
    fn diagnostics_render_file_line_col() {
        let d = PackDiagnostic {
            file: PathBuf::from("card-packs/a/cards.txt"),
            line: Some(3),
            col: Some(7),
            severity: Severity::Error,
            message: "unknown effect `Drwa`".to_owned(),
        };
        assert_eq!(
            d.to_string(),
            "card-packs/a/cards.txt:3:7: error: unknown effect `Drwa`"
        );
    }
}
