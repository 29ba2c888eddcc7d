//! The page's catalog. `sve-packs`' desktop side loads packs from folders,
//! with wasmtime and notify, none of which a page has; a page plays the
//! bundled starter cards with the starter decks' SVE Script pack over them
//! (`starter_scripts.rs`), compiled when the page starts and run in the
//! page by `sve_packs::packs::in_process`: the same compiler, runtime and
//! game API as the desktop's, so the cards and their abilities are the
//! desktop's (and a replay of either plays back on the other). Never
//! reloaded. It has the methods the screens call on the desktop's catalog,
//! and deck loading that knows the bundled decks by name and reads no
//! files.

use super::starter_scripts;
use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use sve_engine::cards::CardDb;
use sve_engine::cards::starter::{STARTER_CARDS_JSON, StarterDataError, parse_cards, starter_db};
use sve_engine::decks::{DeckError, DeckFile, STARTER_DECKS, starter_deck};
use sve_engine::engine::{AbilityRunner, NoAbilities};
use sve_packs::packs::in_process::InProcessPack;

/// Makes a fresh ability runner for one match.
pub type RunnerFactory = Arc<dyn Fn() -> Arc<dyn AbilityRunner> + Send + Sync>;

/// Card data plus the ability code for it.
#[derive(Clone)]
pub struct Catalog {
    db: Arc<CardDb>,
    runners: RunnerFactory,
    /// The pack whose abilities run, and the ids of its cards.
    pack: Option<(PackInfo, Arc<HashSet<String>>)>,
    /// Why the pack did not load, and its warnings: the packs screen
    /// shows them.
    notes: Vec<String>,
}

impl fmt::Debug for Catalog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Catalog")
            .field("cards", &self.db.len())
            .finish()
    }
}

impl Catalog {
    /// The bundled starter cards with no abilities.
    pub fn vanilla() -> Result<Catalog, StarterDataError> {
        Ok(Catalog {
            db: Arc::new(starter_db()?),
            runners: Arc::new(|| Arc::new(NoAbilities) as Arc<dyn AbilityRunner>),
            pack: None,
            notes: Vec::new(),
        })
    }

    /// The bundled starter cards with the starter decks' SVE Script pack
    /// over them, their abilities run in the page: what the page plays.
    /// When the pack does not load (a bug: a test loads it), the vanilla
    /// cards, with the reason in [`Catalog::notes`] and the log.
    pub fn starter() -> Result<Catalog, StarterDataError> {
        let base = parse_cards(STARTER_CARDS_JSON)?;
        // Cards whose printed text the pack may give code to.
        let with_text: Vec<String> = base
            .iter()
            .filter(|card| !card.text.trim().is_empty())
            .map(|card| card.id.clone())
            .collect();
        let loaded = starter_scripts::source_files().and_then(|files| {
            InProcessPack::load(starter_scripts::ID, base, &files).map_err(|err| err.to_string())
        });
        match loaded {
            Ok(pack) => {
                let mut catalog = Catalog::of_pack(pack);
                let without_code: Vec<String> = with_text
                    .into_iter()
                    .filter(|id| catalog.pack_of(id).is_none())
                    .collect();
                if !without_code.is_empty() {
                    catalog.notes.push(format!(
                        "{} bundled cards play without their abilities here: no script pack of the \
                         page defines them (the desktop client plays them from the Rust pack \
                         card-packs/rust-starter): {}",
                        without_code.len(),
                        without_code.join(", ")
                    ));
                }
                Ok(catalog)
            }
            Err(problem) => {
                tracing::error!("the starter scripts did not load: {problem}");
                let mut catalog = Catalog::vanilla()?;
                catalog.notes.push(format!(
                    "The starter decks' scripts did not load, so their cards play without abilities: {problem}"
                ));
                Ok(catalog)
            }
        }
    }

    /// The cards of a pack loaded in process, its abilities run by it.
    fn of_pack(pack: InProcessPack) -> Catalog {
        let info = PackInfo {
            id: pack.id().to_owned(),
            name: starter_scripts::NAME.to_owned(),
            version: starter_scripts::VERSION.to_owned(),
            api_version: sve_packs::packs::in_process::API_VERSION.to_owned(),
            dir: PathBuf::from(starter_scripts::FOLDER),
            content_hash: "bundled in the page".to_owned(),
        };
        let ids = Arc::new(pack.card_ids().map(str::to_owned).collect());
        let notes = pack
            .warnings()
            .iter()
            .map(|warning| format!("{}: {warning}", starter_scripts::FOLDER))
            .collect();
        let db = pack.db();
        Catalog {
            db,
            runners: Arc::new(move || pack.runner()),
            pack: Some((info, ids)),
            notes,
        }
    }

    /// Why the starter pack did not load, its warnings (none as shipped),
    /// and the bundled cards it gives no code (those the desktop plays
    /// from a Rust pack).
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// The card data.
    pub fn db(&self) -> Arc<CardDb> {
        Arc::clone(&self.db)
    }

    /// Makes runners for the cards' code, one per match.
    pub fn runner_factory(&self) -> RunnerFactory {
        Arc::clone(&self.runners)
    }

    /// A runner for one match.
    pub fn runner(&self) -> Arc<dyn AbilityRunner> {
        (self.runners)()
    }

    /// Bumped at every reload: a page's cards never reload.
    pub fn generation(&self) -> u64 {
        0
    }

    /// Whether pack folders are watched: a page has none.
    pub fn is_watched(&self) -> bool {
        false
    }

    /// The packs the cards come from: the starter scripts, if they
    /// loaded.
    pub fn packs(&self) -> Vec<PackInfo> {
        self.pack.iter().map(|(info, _)| info.clone()).collect()
    }

    /// The pack that defines a card, if any.
    pub fn pack_of(&self, card_id: &str) -> Option<PackInfo> {
        let (info, ids) = self.pack.as_ref()?;
        ids.contains(card_id).then(|| info.clone())
    }
}

/// A loaded card pack, with the fields of `sve_packs::packs::PackInfo`
/// the screens show: in a page, the bundled starter scripts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackInfo {
    /// Id from `pack.toml`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The pack's version.
    pub version: String,
    /// The card API version it was built against.
    pub api_version: String,
    /// Its folder.
    pub dir: PathBuf,
    /// A hash of the component's bytes (hex).
    pub content_hash: String,
}

/// A bundled deck by name; a page reads no deck files.
pub fn load_deck(arg: &str) -> Result<DeckFile, Vec<DeckError>> {
    starter_deck(arg).ok_or_else(|| {
        let known: Vec<&str> = STARTER_DECKS.iter().map(|(name, _)| *name).collect();
        vec![DeckError {
            source_name: arg.to_owned(),
            line: None,
            message: format!(
                "a web page reads no deck files; bundled decks are {}",
                known.join(", ")
            ),
        }]
    })
}

/// [`load_deck`]: a page has no pack folders to find decks in.
pub fn load_deck_from_packs(arg: &str, _pack_dirs: &[PathBuf]) -> Result<DeckFile, Vec<DeckError>> {
    load_deck(arg)
}

/// A file's text: a page reads no files.
pub fn read_text_file(path: &Path) -> Result<String, NoFiles> {
    Err(NoFiles(path.to_owned()))
}

/// Why [`read_text_file`] read nothing.
#[derive(Debug)]
pub struct NoFiles(PathBuf);

impl fmt::Display for NoFiles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: a web page reads no files", self.0.display())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sve_engine::sim::smoke_test_starter_decks;

    /// The catalog the page starts with (`web.rs`), run natively: run it
    /// with `cargo test -p sve-ui --no-default-features --lib catalog::page`.
    #[test]
    fn the_page_plays_the_starter_decks_with_the_starter_scripts_abilities() {
        let catalog = Catalog::starter().expect("the bundled cards");
        let packs = catalog.packs();
        assert_eq!(packs.len(), 1, "{:?}", catalog.notes());
        assert_eq!(packs[0].id, "starter-scripts");
        assert_eq!(catalog.pack_of("SD01-001"), Some(packs[0].clone()));
        // The starter cards written in Rust play without code, and the
        // packs screen says which.
        assert_eq!(catalog.pack_of("SD02-001"), None);
        let [note] = catalog.notes() else {
            panic!("one note: {:?}", catalog.notes());
        };
        assert!(note.starts_with("7 bundled cards play without"), "{note}");
        for id in [
            "BP01-017", "BP01-119", "SD02-001", "SD02-016", "SD03-006", "SD04-002", "SD05-002",
        ] {
            assert!(note.contains(id), "{note}");
        }

        // Every starter pairing that uses the pack's cards, with the bots
        // of the engine's reload smoke test: the pack's code runs, and no
        // ability fizzles.
        let db = catalog.db();
        let runner = catalog.runner();
        let (_, ids) = catalog.pack.clone().expect("the pack");
        let changed: Vec<String> = ids.iter().cloned().collect();
        let report = smoke_test_starter_decks(&db, &runner, &changed, 1);
        assert!(report.games > 0, "no match played");
        assert!(report.is_clean(), "{report:?}");
        assert!(runner.usage().guest_calls > 0, "no card code ran");
    }
}
