//! Shared helpers for the cross-crate tests: the bundled starter card
//! database, the six starter decks resolved against it, seeded bot matches
//! played the way `sve sim` plays them, and the options packs load with.
//!
//! The helpers panic with a message when the bundled data does not load:
//! that data ships inside `sve-engine`, so a failure there is a bug in the
//! build, not bad input.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use sve_engine::bot::BotKind;
use sve_engine::cards::CardDb;
use sve_engine::engine::{AbilityRunner, DeckList, Match, NoAbilities};
use sve_engine::sim::{MatchReport, PlayOptions, play_bot_match};

/// What pack tests load over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base {
    /// The bundled starter cards.
    Starter,
    /// The starter cards and the scenario builder's test cards (its
    /// leader, `V1`..`V5`, one card per keyword).
    StarterAndTestCards,
}

/// Load options for tests: `base` under the packs, the workspace's
/// compiled-component cache, and `dev` as the user's own packs (built from
/// source into the workspace's `target/packs`).
pub fn load_options(base: Base, dev: &[PathBuf]) -> sve_packs::packs::LoadOptions {
    let mut cards =
        sve_engine::cards::starter::parse_cards(sve_engine::cards::starter::STARTER_CARDS_JSON)
            .unwrap_or_else(|e| panic!("the bundled starter cards do not load: {e}"));
    if base == Base::StarterAndTestCards {
        cards.extend(sve_engine::board::fixtures::test_cards());
    }
    let target = workspace_root().join("target");
    sve_packs::packs::LoadOptions {
        base: cards,
        cache_dir: Some(target.join("sve-cache")),
        dev_packs: sve_packs::packs::DevPacks::new(dev, &target.join("packs")),
        language: None,
        // `SVE_SCRIPT_RUNTIME=sandboxed cargo test` runs every test's script
        // packs in the sandbox instead.
        script_runtime: sve_packs::packs::script_runtime_from_env(),
    }
}

/// The packs of `dirs` (no dev packs) over `base`.
///
/// # Panics
///
/// If the pack engine does not start.
pub fn pack_library(dirs: &[PathBuf], base: Base) -> sve_packs::packs::PackLibrary {
    sve_packs::packs::PackLibrary::open(dirs, &load_options(base, &[]))
        .unwrap_or_else(|e| panic!("the pack engine does not start: {e}"))
}

/// Plays `games` random-bot matches between two decks with the
/// invariants checked; returns what went wrong (errors, violations,
/// turn-cap hits), if anything, and the number of matches played.
pub fn clean_sim(
    db: &Arc<CardDb>,
    runner: &Arc<dyn AbilityRunner>,
    decks: [(&str, &DeckList); 2],
    games: u32,
    seed: u64,
) -> (Option<String>, u32) {
    let summary = sve_engine::sim::run_sim(
        db,
        runner,
        decks,
        sve_engine::sim::SimOptions {
            games,
            seed,
            bot: BotKind::Random,
            play: PlayOptions {
                check_invariants: true,
                ..PlayOptions::default()
            },
        },
        |_| None,
    );
    let [(a, _), (b, _)] = decks;
    let problem =
        (summary.errors + summary.invariant_violations + summary.turn_cap_hits > 0).then(|| {
            format!(
                "{a} vs {b}: {} errors {:?}, {} violations {:?}, {} turn-cap hits",
                summary.errors,
                summary.error_samples,
                summary.invariant_violations,
                summary.violation_samples,
                summary.turn_cap_hits
            )
        });
    (problem, summary.games)
}

/// The errors among a load's diagnostics, as they print.
pub fn load_errors(diagnostics: &[sve_packs::packs::PackDiagnostic]) -> Vec<String> {
    diagnostics
        .iter()
        .filter(|d| d.severity == sve_packs::packs::Severity::Error)
        .map(ToString::to_string)
        .collect()
}

/// Runs scenario files against a catalog and fails listing every failing
/// file (see [`assert_reports_pass`]).
///
/// # Panics
///
/// If any file fails.
pub fn assert_scenarios_pass(paths: &[PathBuf], catalog: &sve_packs::catalog::Catalog) {
    assert_reports_pass(&sve_scenario::suite::run_files(paths, catalog));
}

/// Fails listing every failing scenario file with its problems or its
/// expected-against-actual diff (files skipped are printed).
///
/// # Panics
///
/// If any file failed.
pub fn assert_reports_pass(reports: &[sve_scenario::suite::FileReport]) {
    use sve_scenario::suite::{FileStatus, Summary};
    for report in reports.iter().filter(|r| r.status == FileStatus::Skip) {
        eprint!("{report}");
    }
    let failed: Vec<String> = reports
        .iter()
        .filter(|r| r.is_failure())
        .map(ToString::to_string)
        .collect();
    assert!(
        failed.is_empty(),
        "{} scenario files failed ({}):\n{}",
        failed.len(),
        Summary::of(reports),
        failed.join("")
    );
}

/// Copies a test pack's sources (`files`, relative to the pack; the ones
/// that exist) into `dest`, with its path to the SDK made absolute so the
/// copy builds anywhere.
///
/// # Panics
///
/// If a file cannot be copied.
pub fn copy_pack_sources(source: &Path, dest: &Path, files: &[&str]) {
    std::fs::create_dir_all(dest.join("src")).expect("pack folder");
    for file in files {
        if source.join(file).exists() {
            std::fs::copy(source.join(file), dest.join(file)).expect("copy");
        }
    }
    let cargo_toml = std::fs::read_to_string(source.join("Cargo.toml"))
        .expect("Cargo.toml")
        .replace(
            "../../../sdk/sve-sdk",
            &workspace_root().join("sdk/sve-sdk").display().to_string(),
        );
    std::fs::write(dest.join("Cargo.toml"), cargo_toml).expect("write Cargo.toml");
}

/// The names of the bundled starter decks, in order.
pub const STARTER_DECK_NAMES: [&str; 6] = ["SD01", "SD02", "SD03", "SD04", "SD05", "SD06"];

/// The bundled starter cards as a shared database.
///
/// # Panics
///
/// If the bundled card data does not load (a build bug).
pub fn starter_db() -> Arc<CardDb> {
    match sve_engine::cards::starter::starter_db() {
        Ok(db) => Arc::new(db),
        Err(e) => panic!("the bundled starter cards do not load: {e}"),
    }
}

/// The vanilla ability runner (starter cards have stats and keywords only).
pub fn no_abilities() -> Arc<dyn AbilityRunner> {
    Arc::new(NoAbilities)
}

/// A bundled starter deck (`SD01` ... `SD06`) resolved against `db`.
///
/// # Panics
///
/// If `name` is not a bundled deck or its cards are missing from `db`.
pub fn starter_deck(db: &CardDb, name: &str) -> DeckList {
    let Some(file) = sve_engine::decks::starter_deck(name) else {
        panic!("`{name}` is not a bundled starter deck");
    };
    match sve_engine::decks::resolve(&file, db) {
        Ok(list) => list,
        Err(errors) => {
            let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
            panic!(
                "starter deck {name} does not resolve: {}",
                messages.join("; ")
            )
        }
    }
}

/// Every unordered pair of starter decks, mirrors included: 21 pairs.
pub fn starter_pairings() -> Vec<[&'static str; 2]> {
    let mut pairs = Vec::new();
    for (i, a) in STARTER_DECK_NAMES.iter().enumerate() {
        for b in &STARTER_DECK_NAMES[i..] {
            pairs.push([*a, *b]);
        }
    }
    pairs
}

/// One seeded bot match, seeded the way `sve sim` seeds it: the match uses
/// `seed`, the bots `2 * seed + 1` and `2 * seed + 2`.
#[derive(Clone, Debug)]
pub struct BotMatch {
    /// Deck names, seat order.
    pub names: [&'static str; 2],
    /// The decks, seat order.
    pub decks: [DeckList; 2],
    /// The match seed.
    pub seed: u64,
    /// Which bot plays both seats.
    pub bot: BotKind,
}

impl BotMatch {
    /// A random-bot match between two starter decks.
    pub fn random(db: &CardDb, names: [&'static str; 2], seed: u64) -> BotMatch {
        BotMatch::new(db, names, seed, BotKind::Random)
    }

    /// A match between two starter decks with the given bot kind on both
    /// seats.
    pub fn new(db: &CardDb, names: [&'static str; 2], seed: u64, bot: BotKind) -> BotMatch {
        BotMatch {
            names,
            decks: [starter_deck(db, names[0]), starter_deck(db, names[1])],
            seed,
            bot,
        }
    }

    /// A fresh match at its start (no step taken yet).
    pub fn start(&self, db: &Arc<CardDb>) -> Match {
        self.start_with(db, no_abilities())
    }

    /// A fresh match at its start whose abilities `runner` runs.
    pub fn start_with(&self, db: &Arc<CardDb>, runner: Arc<dyn AbilityRunner>) -> Match {
        Match::new(Arc::clone(db), runner, self.decks.clone(), self.seed)
    }

    /// Plays the match to its end (or the turn cap) and returns the final
    /// match with the report.
    pub fn play(&self, db: &Arc<CardDb>, options: PlayOptions) -> (Match, MatchReport) {
        self.play_with(db, no_abilities(), options)
    }

    /// [`BotMatch::play`], its abilities run by `runner`.
    pub fn play_with(
        &self,
        db: &Arc<CardDb>,
        runner: Arc<dyn AbilityRunner>,
        options: PlayOptions,
    ) -> (Match, MatchReport) {
        let mut game = self.start_with(db, runner);
        let mut bots = [
            self.bot.build(self.seed.wrapping_mul(2).wrapping_add(1)),
            self.bot.build(self.seed.wrapping_mul(2).wrapping_add(2)),
        ];
        let report = play_bot_match(&mut game, &mut bots, options);
        (game, report)
    }

    /// `seed 17, SD01 vs SD04 (random)`: names the match in failure
    /// messages so it can be played again.
    pub fn describe(&self) -> String {
        format!(
            "seed {}, {} vs {} ({:?} bots)",
            self.seed, self.names[0], self.names[1], self.bot
        )
    }
}

/// The workspace root (the folder of the top-level `Cargo.toml`).
pub fn workspace_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(std::path::Path::to_path_buf)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_21_unordered_starter_pairings() {
        let pairs = starter_pairings();
        assert_eq!(pairs.len(), 21);
        assert!(pairs.contains(&["SD03", "SD03"]));
        assert!(pairs.contains(&["SD01", "SD06"]));
        assert!(!pairs.contains(&["SD06", "SD01"]));
    }

    #[test]
    fn every_starter_deck_resolves() {
        let db = starter_db();
        for name in STARTER_DECK_NAMES {
            let deck = starter_deck(&db, name);
            assert_eq!(deck.main.len(), 40, "{name}");
        }
    }
}
