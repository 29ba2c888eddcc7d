//! The page's catalog: what a web page plays with until card packs build
//! for it. `sve-packs` loads packs from folders, with wasmtime and notify,
//! none of which a page has; here are the bundled starter cards with no
//! abilities (as `Catalog::vanilla` on the desktop), never reloaded, and
//! the methods the screens call on the desktop's catalog.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use sve_engine::cards::CardDb;
use sve_engine::cards::starter::{StarterDataError, starter_db};
use sve_engine::decks::{DeckError, DeckFile, STARTER_DECKS, starter_deck};
use sve_engine::engine::{AbilityRunner, NoAbilities};

/// Makes a fresh ability runner for one match.
pub type RunnerFactory = Arc<dyn Fn() -> Arc<dyn AbilityRunner> + Send + Sync>;

/// Card data plus the ability code for it.
#[derive(Clone)]
pub struct Catalog {
    db: Arc<CardDb>,
    runners: RunnerFactory,
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
        })
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

    /// The packs the cards come from: none.
    pub fn packs(&self) -> Vec<PackInfo> {
        Vec::new()
    }

    /// The pack that defines a card: none.
    pub fn pack_of(&self, _card_id: &str) -> Option<PackInfo> {
        None
    }
}

/// A loaded card pack, with the fields of `sve_packs::packs::PackInfo`
/// the screens show. A page loads no packs, so it never makes one.
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
