//! [`Catalog`]: the cards of a session and the code behind them — what a
//! match needs besides decks and a seed. Front ends (the `sve` command, the
//! client) start from one.
//!
//! A catalog holds the vanilla cards (the bundled starter data, no
//! abilities), or the packs of a folder loaded over them with the user's dev
//! packs, optionally watched for hot reload ([`Catalog::open_watched`], then
//! [`Catalog::refresh`]). Clones share one state: every clone sees a reload,
//! and the pack list and diagnostics follow it.

use crate::packs::{
    DevPacks, FallbackCard, LoadOptions, LoadedPacks, PackDiagnostic, PackInfo, PackLibrary,
    PackWatcher, ReloadChange,
};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, RwLock};
use sve_engine::cards::starter::{STARTER_CARDS_JSON, StarterDataError, parse_cards, starter_db};
use sve_engine::cards::{CardChanges, CardDb};
use sve_engine::engine::{AbilityRunner, NoAbilities};

/// Makes a fresh ability runner for one match.
pub type RunnerFactory = Arc<dyn Fn() -> Arc<dyn AbilityRunner> + Send + Sync>;

/// Card data plus the ability code for it. Clones share one state: after a
/// hot reload ([`Catalog::refresh`]) every clone sees the new cards.
#[derive(Clone)]
pub struct Catalog {
    current: Arc<RwLock<Current>>,
    live: Option<Arc<Mutex<Live>>>,
    /// One line per reload or failed reload, oldest first (at most 100).
    reload_log: Arc<Mutex<Vec<String>>>,
}

/// The cards and code matches start with now.
struct Current {
    /// Bumped at every successful reload.
    generation: u64,
    db: Arc<CardDb>,
    runners: RunnerFactory,
    /// Card id → the pack that defines it.
    owners: Arc<std::collections::HashMap<String, PackInfo>>,
    /// The packs the cards come from.
    packs: Vec<PackInfo>,
    /// Problems (and notes) of the packs as loaded now.
    diagnostics: Vec<PackDiagnostic>,
    /// The cards an error kept from playing as a pack defines them.
    fallback_cards: Vec<FallbackCard>,
}

/// A watched pack folder.
struct Live {
    library: PackLibrary,
    watcher: PackWatcher,
}

/// What a [`Catalog::refresh`] did.
#[derive(Clone, Debug)]
pub enum ReloadNews {
    /// A pack was loaded, rebuilt or dropped, and the result is live.
    Reloaded {
        /// `pack `id``, for logs.
        source: String,
        /// Whether the pack is new, a new version, or gone.
        change: ReloadChange,
        /// What changed, by card id.
        changes: CardChanges,
        /// Every card the pack defines now (its code may have changed even
        /// where its definition did not).
        pack_cards: Vec<String>,
        /// Build and load time.
        elapsed: std::time::Duration,
    },
    /// A pack failed to rebuild or load; its previous version, if any,
    /// stays live.
    Failed {
        /// The pack folder.
        dir: PathBuf,
        /// The problems, located.
        problems: Vec<PackDiagnostic>,
        /// Whether a previous version was loaded (and keeps playing); a
        /// new folder that fails to load has none.
        kept_previous: bool,
    },
}

impl fmt::Debug for Catalog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Catalog")
            .field("cards", &self.db().len())
            .field("packs", &self.packs())
            .field("diagnostics", &self.diagnostics().len())
            .finish()
    }
}

impl Catalog {
    /// The bundled starter cards with no abilities.
    pub fn vanilla() -> Result<Catalog, StarterDataError> {
        Ok(Catalog::new(
            Arc::new(starter_db()?),
            Arc::new(|| Arc::new(NoAbilities) as Arc<dyn AbilityRunner>),
            Vec::new(),
            Vec::new(),
        ))
    }

    fn new(
        db: Arc<CardDb>,
        runners: RunnerFactory,
        packs: Vec<PackInfo>,
        diagnostics: Vec<PackDiagnostic>,
    ) -> Catalog {
        Catalog {
            current: Arc::new(RwLock::new(Current {
                generation: 0,
                db,
                runners,
                owners: Arc::default(),
                packs,
                diagnostics,
                fallback_cards: Vec::new(),
            })),
            live: None,
            reload_log: Arc::default(),
        }
    }

    /// The cards and code of loaded packs.
    pub fn from_packs(loaded: LoadedPacks) -> Catalog {
        let db = Arc::clone(&loaded.db);
        let packs = loaded.packs.clone();
        let diagnostics = loaded.diagnostics.clone();
        let owners = owners_of(&loaded);
        let fallback_cards = loaded.fallback_cards.clone();
        let catalog = Catalog::new(db, runner_factory(loaded), packs, diagnostics);
        if let Ok(mut current) = catalog.current.write() {
            current.owners = owners;
            current.fallback_cards = fallback_cards;
        }
        catalog
    }

    /// The pack that defines a card, if any (bundled starter cards have
    /// none).
    pub fn pack_of(&self, card_id: &str) -> Option<PackInfo> {
        self.current
            .read()
            .ok()
            .and_then(|current| current.owners.get(card_id).cloned())
    }

    /// The starter cards with the packs of `pack_dir` and the `dev_packs`
    /// (loaded as for [`Catalog::open_with_dev_packs`]), watched: packs
    /// edited, moved in, renamed or removed become live at
    /// [`Catalog::refresh`] (a dev pack is rebuilt first).
    pub fn open_watched(
        pack_dir: &Path,
        target: &Path,
        dev_packs: &[PathBuf],
    ) -> Result<Catalog, String> {
        let base = parse_cards(STARTER_CARDS_JSON).map_err(|e| e.to_string())?;
        let options = pack_options(base, target, dev_packs);
        let roots = options.dev_packs.add_roots(&[pack_dir.to_owned()]);
        let library = PackLibrary::open(&roots, &options)?;
        let watcher = library
            .watcher()
            .map_err(|e| format!("cannot watch {}: {e}", pack_dir.display()))?;
        let mut catalog = Catalog::from_packs(library.loaded());
        catalog.live = Some(Arc::new(Mutex::new(Live { library, watcher })));
        Ok(catalog)
    }

    /// Reloads the pack folders changed since the last call (edited, moved
    /// in, renamed or removed; a dev pack is rebuilt first) and makes the
    /// result live for new matches (running matches pick them up with
    /// [`LoadedPacks::apply_to_match`]-style swaps: see
    /// [`Catalog::generation`]). Existing card ids keep their
    /// [`DefId`](sve_engine::engine::DefId)s, so deck lists stay valid.
    pub fn refresh(&self) -> Vec<ReloadNews> {
        let Some(live) = &self.live else {
            return Vec::new();
        };
        let Ok(mut live) = live.lock() else {
            return Vec::new();
        };
        let mut news = Vec::new();
        let mut log_lines = Vec::new();
        for dir in live.watcher.poll() {
            let kept_previous = live.library.is_loaded(&dir);
            match live.library.reload(&dir) {
                Ok(report) => {
                    let loaded = live.library.loaded();
                    let Ok(mut current) = self.current.write() else {
                        continue;
                    };
                    match current.db.updated_from(&loaded.db) {
                        Ok((db, changes)) => {
                            current.db = Arc::new(db);
                            current.owners = owners_of(&loaded);
                            current.packs = loaded.packs.clone();
                            current.diagnostics = loaded.diagnostics.clone();
                            current.fallback_cards = loaded.fallback_cards.clone();
                            current.runners = runner_factory(loaded);
                            current.generation += 1;
                            news.push(ReloadNews::Reloaded {
                                source: format!("pack `{}`", report.pack),
                                change: report.change,
                                changes,
                                pack_cards: report.card_ids.clone(),
                                elapsed: report.elapsed,
                            });
                        }
                        Err(e) => news.push(ReloadNews::Failed {
                            dir,
                            problems: vec![PackDiagnostic {
                                file: report.dir.clone(),
                                line: None,
                                col: None,
                                severity: crate::packs::Severity::Error,
                                message: e.to_string(),
                            }],
                            kept_previous,
                        }),
                    }
                }
                Err(problems) => news.push(ReloadNews::Failed {
                    dir,
                    problems,
                    kept_previous,
                }),
            }
        }
        for item in &news {
            log_lines.push(match item {
                ReloadNews::Reloaded {
                    source,
                    change,
                    changes,
                    elapsed,
                    ..
                } => format!(
                    "{} {source} in {} ms: {} changed, {} added, {} removed",
                    match change {
                        ReloadChange::Added => "loaded new",
                        ReloadChange::Replaced => "reloaded",
                        ReloadChange::Removed => "removed",
                    },
                    elapsed.as_millis(),
                    changes.changed.len(),
                    changes.added.len(),
                    changes.removed.len()
                ),
                ReloadNews::Failed {
                    dir,
                    problems,
                    kept_previous,
                } => format!(
                    "{} {} failed{}{}",
                    if *kept_previous {
                        "reloading"
                    } else {
                        "loading"
                    },
                    dir.display(),
                    if *kept_previous {
                        " (the previous version keeps running)"
                    } else {
                        " (not loaded)"
                    },
                    problems
                        .first()
                        .map(|p| format!(": {p}"))
                        .unwrap_or_default()
                ),
            });
        }
        if let Ok(mut log) = self.reload_log.lock() {
            log.extend(log_lines);
            let excess = log.len().saturating_sub(100);
            log.drain(..excess);
        }
        news
    }

    /// The reloads so far, one line each, oldest first.
    pub fn reload_log(&self) -> Vec<String> {
        self.reload_log
            .lock()
            .map(|l| l.clone())
            .unwrap_or_default()
    }

    /// Bumped at every successful reload: a running match whose generation
    /// is older swaps in [`Catalog::db`] and [`Catalog::runner`].
    pub fn generation(&self) -> u64 {
        self.current.read().map_or(0, |c| c.generation)
    }

    /// Whether edits are watched.
    pub fn is_watched(&self) -> bool {
        self.live.is_some()
    }

    /// The bundled starter cards with the packs of `pack_dir` on top, each
    /// loaded as shipped (no pack is built), compiled components cached in
    /// `target/sve-cache` (`target` is usually the workspace's `target/`).
    /// A folder that is missing or fails to load gives the vanilla cards
    /// and the problems as diagnostics.
    pub fn open(pack_dir: &Path, target: &Path) -> Result<Catalog, StarterDataError> {
        Catalog::open_with_dev_packs(pack_dir, target, &[])
    }

    /// [`Catalog::open`], with `dev_packs`: Rust packs the user marked as
    /// their own, built into `target/packs` when their sources changed
    /// (and loaded even when they lie outside `pack_dir`).
    pub fn open_with_dev_packs(
        pack_dir: &Path,
        target: &Path,
        dev_packs: &[PathBuf],
    ) -> Result<Catalog, StarterDataError> {
        if !pack_dir.exists() && dev_packs.is_empty() {
            return Catalog::vanilla();
        }
        let base = parse_cards(STARTER_CARDS_JSON)?;
        let options = pack_options(base, target, dev_packs);
        let roots = options.dev_packs.add_roots(&[pack_dir.to_owned()]);
        match crate::packs::load_packs(&roots, &options) {
            Ok(loaded) => Ok(Catalog::from_packs(loaded)),
            Err(message) => {
                let catalog = Catalog::vanilla()?;
                if let Ok(mut current) = catalog.current.write() {
                    current.diagnostics.push(PackDiagnostic {
                        file: pack_dir.to_owned(),
                        line: None,
                        col: None,
                        severity: crate::packs::Severity::Error,
                        message,
                    });
                }
                Ok(catalog)
            }
        }
    }

    /// Every card (the newest version after reloads).
    pub fn db(&self) -> Arc<CardDb> {
        match self.current.read() {
            Ok(current) => Arc::clone(&current.db),
            Err(poisoned) => Arc::clone(&poisoned.into_inner().db),
        }
    }

    /// What makes runners for the current code: keep it to start matches
    /// with this version of the packs after they reload.
    pub fn runner_factory(&self) -> RunnerFactory {
        match self.current.read() {
            Ok(current) => Arc::clone(&current.runners),
            Err(poisoned) => Arc::clone(&poisoned.into_inner().runners),
        }
    }

    /// A fresh ability runner for one match.
    pub fn runner(&self) -> Arc<dyn AbilityRunner> {
        (self.runner_factory())()
    }

    /// The packs the cards come from (as of the last reload).
    pub fn packs(&self) -> Vec<PackInfo> {
        self.current
            .read()
            .map(|current| current.packs.clone())
            .unwrap_or_default()
    }

    /// Problems and notes found while loading (as of the last reload).
    pub fn diagnostics(&self) -> Vec<PackDiagnostic> {
        self.current
            .read()
            .map(|current| current.diagnostics.clone())
            .unwrap_or_default()
    }
}

impl Catalog {
    /// The cards that do not play as some pack defines them because an
    /// error decided (a conflict between packs, a card outside its pack's
    /// `sets`), as of the last reload: a front end shows them where the
    /// cards are played (see `LoadedPacks::fallback_cards`).
    pub fn fallback_cards(&self) -> Vec<FallbackCard> {
        self.current
            .read()
            .map(|current| current.fallback_cards.clone())
            .unwrap_or_default()
    }

    /// One warning line per fallback card (see
    /// [`crate::packs::fallback_warnings`]).
    pub fn fallback_warnings(&self) -> Vec<String> {
        crate::packs::fallback_warnings(&self.fallback_cards())
    }
}

fn owners_of(loaded: &LoadedPacks) -> Arc<std::collections::HashMap<String, PackInfo>> {
    Arc::new(
        loaded
            .db
            .iter()
            .filter_map(|(_, def)| Some((def.id.clone(), loaded.pack_of(&def.id)?.clone())))
            .collect(),
    )
}

fn runner_factory(loaded: LoadedPacks) -> RunnerFactory {
    let loaded = Arc::new(loaded);
    Arc::new(move || loaded.runner())
}

/// Load options for the app: the bundled cards as the base, dev packs
/// built into `target/packs`, compiled components cached in
/// `target/sve-cache`.
fn pack_options(
    base: Vec<sve_engine::cards::CardDef>,
    target: &Path,
    dev_packs: &[PathBuf],
) -> LoadOptions {
    LoadOptions {
        base,
        cache_dir: Some(target.join("sve-cache")),
        dev_packs: DevPacks::new(dev_packs, &target.join("packs")),
        language: crate::packs::language_from_env(),
        script_runtime: crate::packs::script_runtime_from_env(),
    }
}
