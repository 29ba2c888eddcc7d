//! [`PackLibrary`]: the packs of one or more folders, kept loaded so that
//! one pack can be reloaded (hot reload: edited, moved in, renamed,
//! removed) while the others stay, and merged into one card database under
//! the policy for cards several packs define (`shared_cards`), with names
//! resolved across packs (`references`).
//!
//! A reload touches one pack folder. A script pack compiles its scripts in
//! process and reuses the memoized runtime component, so no wasm is
//! compiled; a failure keeps the previous version, if any, and returns
//! located diagnostics. The merged database keeps every existing id's
//! `DefId` and a removed card's last definition (`CardDb::updated`), and the
//! library keeps a removed card's last code, so a match that holds it plays
//! on; `LoadedPacks::apply_to_match` swaps the result into a running match.

use super::component::PackEngine;
use super::layout::{is_pack_dir, is_pack_folder_of, pack_dirs};
use super::load::load_pack;
use super::runner::PackCode;
use super::{
    LoadMode, LoadOptions, LoadedPacks, PackDiagnostic, PackSources, PackWatcher, ReadPack,
    Severity, error_at, references, shared_cards, watch,
};
use rustc_hash::FxHashMap;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use sve_engine::cards::{
    CardDb, CardDef, CostItem, Declarations, DeclaredCounter, DeclaredKeyword, DeclaredTokenKind,
    MAX_DECLARED_COUNTERS, MAX_DECLARED_KEYWORDS,
};

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
        if is_pack_folder_of(path, &self.roots) {
            return Some(path.to_owned());
        }
        watch::pack_folder(path, &self.roots)
    }

    /// The current cards and code, merged (see [`LoadedPacks`]).
    ///
    /// A pack card replaces a base card of the same id. Between packs, the
    /// policy does not depend on folder names or load order: a pack that
    /// declares `sets` plays none of its cards outside them (unless it
    /// lists them in `overrides`); a card that two or more packs define
    /// goes to the one pack that lists it in `overrides`, else to the
    /// packs that declare its set, else to the one with the highest
    /// `priority`; each such decision is a note. Two overriding packs, or
    /// a tie, is an error naming every pack involved, and no pack gets the
    /// card (it keeps its base definition, if any); every card an error
    /// decided is a [`super::FallbackCard`]. See `shared_cards`. Then every name a
    /// script pack refers to but does not define is looked up among all
    /// the merged cards (`references`).
    pub fn loaded(&self) -> LoadedPacks {
        let mut diagnostics = self.diagnostics.clone();
        let mut defs: Vec<CardDef> = self.options.base.clone();
        let mut index: HashMap<String, usize> = defs
            .iter()
            .enumerate()
            .map(|(i, d)| (d.id.clone(), i))
            .collect();
        let resolution = shared_cards::resolve(&self.packs, &index, &mut diagnostics);
        let contested = &resolution.winners;
        self.report_shared_pack_ids(&mut diagnostics);
        let mut by_card = FxHashMap::default();
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
            let mut info = pack.info.clone();
            info.cards_shadowed = resolution.shadowed[pack_idx];
            info.cards_in_conflict = resolution.in_conflict[pack_idx];
            packs.push(info);
            code.push(pack.code.clone());
        }
        let keywords = self.declared_keywords(&mut defs, &mut by_card, &mut diagnostics);
        let counters = self.declared_counters(&mut defs, &by_card, &mut diagnostics);
        let token_kinds = self.declared_token_kinds(&mut defs, &by_card, &mut diagnostics);
        diagnostics.extend(references::check(&self.packs, &defs));
        let sources = self
            .packs
            .iter()
            .filter(|pack| !pack.folders.is_empty())
            .map(|pack| PackSources {
                pack: pack.info.id.clone(),
                dir: pack.info.dir.clone(),
                folders: pack.folders.clone(),
            })
            .collect();
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
        let declarations = Declarations {
            keywords,
            counters,
            token_kinds,
        };
        let db = match CardDb::with_declarations(defs, declarations) {
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
            shared_cards: resolution.shared,
            fallback_cards: resolution.fallback,
            sources,
            engine: self.engine.clone(),
            code: Arc::new(code),
            by_card: Arc::new(by_card),
            scripts: self.options.script_runtime,
            routes: Arc::default(),
        }
    }

    /// The keywords the packs declare, for the card pool. A declaration
    /// the engine can't play, or whose id is a card's, is its pack's error;
    /// a name two packs declare is an error at both, and neither
    /// declaration is used (load order decides nothing). A card naming a
    /// keyword left without a declaration is unplayable, with the name.
    /// Each declaration's abilities run in its pack (`by_card`).
    fn declared_keywords(
        &self,
        defs: &mut [CardDef],
        by_card: &mut FxHashMap<String, usize>,
        diagnostics: &mut Vec<PackDiagnostic>,
    ) -> Vec<DeclaredKeyword> {
        let at = |pack: &ReadPack| pack.info.dir.join("pack.toml");
        let mut declared: Vec<(usize, DeclaredKeyword)> = Vec::new();
        for (pack_idx, pack) in self.packs.iter().enumerate() {
            for keyword in &pack.keywords {
                let problem = keyword.unsupported().or_else(|| {
                    (by_card.contains_key(&keyword.id)
                        || declared.iter().any(|(_, k)| k.id == keyword.id))
                    .then(|| {
                        format!(
                            "keyword `{}`: its id `{}` is already a card's or keyword's id",
                            keyword.name, keyword.id
                        )
                    })
                });
                match problem {
                    Some(why) => diagnostics.push(error_at(at(pack), why)),
                    None => declared.push((pack_idx, keyword.clone())),
                }
            }
        }
        let mut keywords = Vec::new();
        let kept = self.without_clashes(declared, "keyword", |k| &k.name, diagnostics);
        for (pack_idx, keyword) in kept {
            if keywords.len() == MAX_DECLARED_KEYWORDS {
                diagnostics.push(error_at(
                    at(&self.packs[pack_idx]),
                    format!(
                        "keyword `{}` is one more than the {MAX_DECLARED_KEYWORDS} declared keywords a card pool can have",
                        keyword.name
                    ),
                ));
                continue;
            }
            by_card.insert(keyword.id.clone(), pack_idx);
            keywords.push(keyword);
        }
        // A keyword whose continuous ability gives a keyword with
        // continuous abilities of its own (itself included) can't be
        // played (the passives in play would depend on themselves): its
        // pack's error, and it is not declared.
        let with_passives: Vec<String> = keywords
            .iter()
            .filter(|k| {
                k.abilities
                    .iter()
                    .any(|a| matches!(a.kind, sve_engine::cards::AbilityKind::Passive(_)))
            })
            .map(|k| k.name.clone())
            .collect();
        keywords.retain(|keyword| {
            let Some(given) = granted_names(&keyword.abilities).find(|n| with_passives.contains(n))
            else {
                return true;
            };
            if let Some(pack) = by_card.get(&keyword.id).and_then(|p| self.packs.get(*p)) {
                diagnostics.push(error_at(
                    at(pack),
                    format!(
                        "keyword `{}` gives the keyword `{given}` by a continuous ability, and `{given}` has continuous abilities of its own: not implemented yet",
                        keyword.name
                    ),
                ));
            }
            false
        });
        for def in defs.iter_mut() {
            let mut missing: Vec<String> = def
                .declared_keywords
                .iter()
                .filter(|name| !keywords.iter().any(|k| &k.name == *name))
                .cloned()
                .collect();
            for name in drop_undeclared_grants(&mut def.abilities, &keywords) {
                if !missing.contains(&name) {
                    missing.push(name);
                }
            }
            if missing.is_empty() {
                continue;
            }
            let why = format!(
                "has the keyword `{}`, which no loaded pack declares",
                missing.join("`, `")
            );
            if let Some(pack) = by_card.get(&def.id).and_then(|p| self.packs.get(*p)) {
                diagnostics.push(error_at(at(pack), format!("card `{}` {why}", def.id)));
            }
            def.declared_keywords.retain(|name| !missing.contains(name));
            def.unplayable.get_or_insert(why);
        }
        // A keyword's continuous ability giving a keyword left without a
        // declaration gives the others only (the pool must build).
        let declared = keywords.clone();
        for keyword in &mut keywords {
            let missing = drop_undeclared_grants(&mut keyword.abilities, &declared);
            if missing.is_empty() {
                continue;
            }
            if let Some(pack) = by_card.get(&keyword.id).and_then(|p| self.packs.get(*p)) {
                diagnostics.push(error_at(
                    at(pack),
                    format!(
                        "keyword `{}` gives the keyword `{}`, which no loaded pack declares",
                        keyword.name,
                        missing.join("`, `")
                    ),
                ));
            }
        }
        keywords
    }

    /// The counter kinds the packs declare, for the card pool, as
    /// [`PackLibrary::declared_keywords`] takes keywords: a bad declaration is
    /// its pack's error, a name two packs declare is an error at both and
    /// neither is used, and a card entering with counters of a kind left
    /// without a declaration is unplayable, with the name.
    fn declared_counters(
        &self,
        defs: &mut [CardDef],
        by_card: &FxHashMap<String, usize>,
        diagnostics: &mut Vec<PackDiagnostic>,
    ) -> Vec<DeclaredCounter> {
        let at = |pack: &ReadPack| pack.info.dir.join("pack.toml");
        let mut declared: Vec<(usize, DeclaredCounter)> = Vec::new();
        for (pack_idx, pack) in self.packs.iter().enumerate() {
            for counter in &pack.counters {
                match counter.unsupported() {
                    Some(why) => diagnostics.push(error_at(at(pack), why)),
                    None => declared.push((pack_idx, counter.clone())),
                }
            }
        }
        let mut counters = Vec::new();
        let kept = self.without_clashes(declared, "counter", |c| &c.name, diagnostics);
        for (pack_idx, counter) in kept {
            if counters.len() == usize::from(MAX_DECLARED_COUNTERS) {
                diagnostics.push(error_at(
                    at(&self.packs[pack_idx]),
                    format!(
                        "counter `{}` is one more than the {MAX_DECLARED_COUNTERS} declared counters a card pool can have",
                        counter.name
                    ),
                ));
                continue;
            }
            counters.push(counter);
        }
        for def in defs.iter_mut() {
            let costs = def.abilities.iter().flat_map(|a| &a.costs);
            let named = costs.filter_map(|cost| match cost {
                CostItem::RemoveNamedCounters(name, _) => Some(name),
                _ => None,
            });
            let mut missing: Vec<String> = def
                .declared_counters
                .iter()
                .map(|(name, _)| name)
                .chain(named)
                .filter(|name| !counters.iter().any(|c| &c.name == *name))
                .cloned()
                .collect();
            missing.dedup();
            if missing.is_empty() {
                continue;
            }
            let why = format!(
                "uses `{}` counters, a kind no loaded pack declares",
                missing.join("`, `")
            );
            if let Some(pack) = by_card.get(&def.id).and_then(|p| self.packs.get(*p)) {
                diagnostics.push(error_at(at(pack), format!("card `{}` {why}", def.id)));
            }
            def.declared_counters
                .retain(|(name, _)| !missing.contains(name));
            def.unplayable.get_or_insert(why);
        }
        counters
    }

    /// The token kinds the packs declare, for the card pool, as
    /// [`PackLibrary::declared_counters`] takes counters: a bad declaration
    /// is its pack's error, a name two packs declare is an error at both
    /// and neither is used, and a card of a kind left without a declaration,
    /// or that can't be a token of one (not a follower or an amulet), is
    /// unplayable, with the reason.
    fn declared_token_kinds(
        &self,
        defs: &mut [CardDef],
        by_card: &FxHashMap<String, usize>,
        diagnostics: &mut Vec<PackDiagnostic>,
    ) -> Vec<DeclaredTokenKind> {
        let at = |pack: &ReadPack| pack.info.dir.join("pack.toml");
        let mut declared: Vec<(usize, DeclaredTokenKind)> = Vec::new();
        for (pack_idx, pack) in self.packs.iter().enumerate() {
            for kind in &pack.token_kinds {
                match kind.unsupported() {
                    Some(why) => diagnostics.push(error_at(at(pack), why)),
                    None => declared.push((pack_idx, kind.clone())),
                }
            }
        }
        let kinds: Vec<DeclaredTokenKind> = self
            .without_clashes(declared, "token kind", |k| &k.name, diagnostics)
            .into_iter()
            .map(|(_, kind)| kind)
            .collect();
        for def in defs.iter_mut() {
            let Some(name) = &def.token_kind else {
                continue;
            };
            let why = if !kinds.iter().any(|k| &k.name == name) {
                format!("is a `{name}` token, a kind no loaded pack declares")
            } else if !def.card_type.is_permanent() || def.equipment || def.advanced {
                format!(
                    "is a `{name}` token, but only a follower or an amulet (not equipment, not advanced) can be a token of a declared kind"
                )
            } else {
                continue;
            };
            if let Some(pack) = by_card.get(&def.id).and_then(|p| self.packs.get(*p)) {
                diagnostics.push(error_at(at(pack), format!("card `{}` {why}", def.id)));
            }
            def.token_kind = None;
            def.unplayable.get_or_insert(why);
        }
        kinds
    }

    /// The declarations (keywords or counters, `what`) whose name no other
    /// pack declares too; a name two packs declare is an error at each,
    /// and none of its declarations is kept (load order decides nothing).
    fn without_clashes<T>(
        &self,
        declared: Vec<(usize, T)>,
        what: &str,
        name: impl Fn(&T) -> &String,
        diagnostics: &mut Vec<PackDiagnostic>,
    ) -> Vec<(usize, T)> {
        let clash = |idx: usize| {
            declared
                .iter()
                .enumerate()
                .find(|(other, (_, d))| *other != idx && name(d) == name(&declared[idx].1))
                .map(|(_, (pack, _))| *pack)
        };
        let clashes: Vec<Option<usize>> = (0..declared.len()).map(clash).collect();
        let mut kept = Vec::new();
        for ((pack_idx, declaration), clash) in declared.into_iter().zip(clashes) {
            let Some(other) = clash else {
                kept.push((pack_idx, declaration));
                continue;
            };
            let (this, that) = (&self.packs[pack_idx], &self.packs[other]);
            diagnostics.push(error_at(
                this.info.dir.join("pack.toml"),
                format!(
                    "{what} `{}` is declared by this pack and by `{}`; neither declaration is used",
                    name(&declaration),
                    that.info.id
                ),
            ));
        }
        kept
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
}

/// The last part of a path, for a folder that is gone.
fn folder_name(dir: &Path) -> String {
    dir.file_name().map_or_else(
        || dir.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The absolute form of a path (as file events report paths), or the path
/// itself when it does not exist.
pub(super) fn canonical(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_owned())
}

/// Drops from the continuous abilities among `abilities` that give
/// declared keywords by name (`Grant::DeclaredKeywords`) the names none of
/// `keywords` declares, and returns them: the pool must build without them.
fn drop_undeclared_grants(
    abilities: &mut [sve_engine::cards::AbilityDef],
    keywords: &[DeclaredKeyword],
) -> Vec<String> {
    let mut missing = Vec::new();
    for ability in abilities {
        let sve_engine::cards::AbilityKind::Passive(passive) = &mut ability.kind else {
            continue;
        };
        let sve_engine::cards::Grant::DeclaredKeywords(names) = &mut passive.grant else {
            continue;
        };
        names.retain(|name| {
            let known = keywords.iter().any(|k| &k.name == name);
            if !known && !missing.contains(name) {
                missing.push(name.clone());
            }
            known
        });
    }
    missing
}

/// The declared keywords the continuous abilities among `abilities` give
/// by name.
fn granted_names(abilities: &[sve_engine::cards::AbilityDef]) -> impl Iterator<Item = &String> {
    abilities.iter().flat_map(|ability| match &ability.kind {
        sve_engine::cards::AbilityKind::Passive(passive) => match &passive.grant {
            sve_engine::cards::Grant::DeclaredKeywords(names) => names.as_slice(),
            _ => &[],
        },
        _ => &[],
    })
}
