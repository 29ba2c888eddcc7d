//! [`Catalog`]: the cards of a session and the code behind them — what a
//! match needs besides decks and a seed. Front ends (the `sve` command, the
//! client) start from one.

use crate::cards::CardDb;
use crate::cards::starter::{STARTER_CARDS_JSON, StarterDataError, parse_cards, starter_db};
use crate::engine::{AbilityRunner, NoAbilities};
use crate::packs::{LoadOptions, LoadedPacks, PackDiagnostic, PackInfo, load_packs};
use std::fmt;
use std::path::Path;
use std::sync::Arc;

/// Makes a fresh ability runner for one match.
pub type RunnerFactory = Arc<dyn Fn() -> Arc<dyn AbilityRunner> + Send + Sync>;

/// Card data plus the ability code for it.
#[derive(Clone)]
pub struct Catalog {
    db: Arc<CardDb>,
    runners: RunnerFactory,
    packs: Vec<PackInfo>,
    diagnostics: Vec<PackDiagnostic>,
}

impl fmt::Debug for Catalog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Catalog")
            .field("cards", &self.db.len())
            .field("packs", &self.packs)
            .field("diagnostics", &self.diagnostics.len())
            .finish()
    }
}

impl Catalog {
    /// The bundled starter cards with no abilities.
    pub fn vanilla() -> Result<Catalog, StarterDataError> {
        Ok(Catalog {
            db: Arc::new(starter_db()?),
            runners: Arc::new(|| Arc::new(NoAbilities) as Arc<dyn AbilityRunner>),
            packs: Vec::new(),
            diagnostics: Vec::new(),
        })
    }

    /// The cards and code of loaded packs.
    pub fn from_packs(loaded: LoadedPacks) -> Catalog {
        let db = Arc::clone(&loaded.db);
        let packs = loaded.packs.clone();
        let diagnostics = loaded.diagnostics.clone();
        let loaded = Arc::new(loaded);
        Catalog {
            db,
            runners: Arc::new(move || loaded.runner()),
            packs,
            diagnostics,
        }
    }

    /// The bundled starter cards with the packs of `pack_dir` on top,
    /// building stale Rust packs into `target/packs` (relative to the working
    /// directory). A folder that is missing or fails to load gives the
    /// vanilla cards and the problems as diagnostics.
    pub fn open(pack_dir: &Path) -> Result<Catalog, StarterDataError> {
        if !pack_dir.exists() {
            return Catalog::vanilla();
        }
        let base = parse_cards(STARTER_CARDS_JSON)?;
        let target = Path::new("target");
        let options = LoadOptions {
            base,
            cache_dir: Some(target.join("sve-cache")),
            build_target_dir: Some(target.join("packs")),
        };
        match load_packs(&[pack_dir.to_owned()], &options) {
            Ok(loaded) => Ok(Catalog::from_packs(loaded)),
            Err(message) => {
                let mut catalog = Catalog::vanilla()?;
                catalog.diagnostics.push(PackDiagnostic {
                    file: pack_dir.to_owned(),
                    line: None,
                    col: None,
                    severity: crate::packs::Severity::Error,
                    message,
                });
                Ok(catalog)
            }
        }
    }

    /// Every card.
    pub fn db(&self) -> &Arc<CardDb> {
        &self.db
    }

    /// A fresh ability runner for one match.
    pub fn runner(&self) -> Arc<dyn AbilityRunner> {
        (self.runners)()
    }

    /// The packs the cards come from.
    pub fn packs(&self) -> &[PackInfo] {
        &self.packs
    }

    /// Problems found while loading.
    pub fn diagnostics(&self) -> &[PackDiagnostic] {
        &self.diagnostics
    }
}
