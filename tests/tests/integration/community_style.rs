//! The community-style test set `tests/packs/community-style`: cards
//! written the way the SVE Script community writes them, one or more per
//! construct of the language. Every card loads with no warning and plays
//! (none is refused as unplayable), its decks are legal and play seeded
//! bot matches clean, and its scenario files pass.

use std::path::PathBuf;
use sve_packs::catalog::Catalog;
use sve_packs::packs::LoadedPacks;
use sve_scenario::suite::{self, FileStatus};
use sve_tests::Base;

/// Cards the set defines, tokens, leaders and evolved cards included.
const CARDS_TOTAL: usize = 179;

fn dir() -> PathBuf {
    sve_tests::workspace_root().join("tests/packs/community-style")
}

fn loaded() -> LoadedPacks {
    sve_tests::pack_library(&[dir()], Base::Starter).loaded()
}

#[test]
fn every_card_of_the_set_loads_without_a_warning_and_plays() {
    let loaded = loaded();
    let diagnostics: Vec<String> = loaded.diagnostics.iter().map(ToString::to_string).collect();
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let per_pack: Vec<(String, usize)> = loaded
        .packs
        .iter()
        .map(|p| (p.id.clone(), p.cards))
        .collect();
    assert_eq!(per_pack, [("community-style".to_owned(), CARDS_TOTAL)]);
    let refused: Vec<String> = loaded
        .db
        .iter()
        .filter_map(|(_, def)| {
            def.unplayable
                .as_ref()
                .map(|why| format!("{} {}: {why}", def.id, def.name))
        })
        .collect();
    assert!(refused.is_empty(), "unplayable cards: {refused:#?}");
}

#[test]
fn the_sets_decks_are_legal_and_play_seeded_bot_matches_clean() {
    let loaded = loaded();
    let runner = loaded.runner();
    let dirs = [dir()];
    let names: Vec<String> = sve_packs::deck_files::pack_decks(&dirs)
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    assert_eq!(names, ["CS-FOREST", "CS-HAVEN", "CS-RUNE", "CS-SWORD"]);
    let decks: Vec<_> = names
        .iter()
        .map(|name| {
            let file =
                sve_packs::deck_files::load_deck_from_packs(name, &dirs).expect("the deck reads");
            let problems = sve_engine::decks::check_deck(&file, &loaded.db);
            assert!(problems.is_empty(), "{name}: {problems:?}");
            sve_engine::decks::resolve(&file, &loaded.db).expect("resolves")
        })
        .collect();
    let mut problems = Vec::new();
    let mut played = 0;
    for a in 0..decks.len() {
        for b in a + 1..decks.len() {
            let pair = [
                (names[a].as_str(), &decks[a]),
                (names[b].as_str(), &decks[b]),
            ];
            let (problem, games) = sve_tests::clean_sim(&loaded.db, &runner, pair, 2, 11);
            played += games;
            problems.extend(problem);
        }
    }
    assert_eq!(played, 6 * 2);
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn the_sets_scenario_files_pass() {
    let root = sve_tests::workspace_root();
    let catalog = match Catalog::open(&dir(), &root.join("target")) {
        Ok(catalog) => catalog,
        Err(e) => panic!("the card data does not load: {e}"),
    };
    let errors = sve_tests::load_errors(&catalog.diagnostics());
    assert!(errors.is_empty(), "{errors:#?}");
    let paths = match suite::find_scenarios(&dir().join("tests")) {
        Ok(found) => found,
        Err(e) => panic!("{e}"),
    };
    assert!(paths.len() >= 60, "{} scenario files", paths.len());
    let reports = suite::run_files(&paths, &catalog);
    let skipped: Vec<String> = reports
        .iter()
        .filter(|r| r.status == FileStatus::Skip)
        .map(ToString::to_string)
        .collect();
    assert!(skipped.is_empty(), "{skipped:#?}");
    sve_tests::assert_reports_pass(&reports);
}

#[test]
fn a_scripts_universe_reaches_the_card_data_and_its_deck_rules() {
    let loaded = loaded();
    let def = |id: &str| {
        let found = loaded.db.by_card_id(id).expect("a card of the set");
        loaded.db.get(found).clone()
    };
    let uma = def("CS01-U01");
    assert_eq!(uma.universe_info().map(|u| u.ident), Some("Umamusume"));
    assert_eq!(def("SD01-003").universe, None);
}

#[test]
fn a_scripts_rarity_header_reaches_the_card_data() {
    use sve_engine::cards::Rarity;
    let loaded = loaded();
    let rarity = |id: &str| {
        let found = loaded.db.by_card_id(id).expect("a card of the set");
        loaded.db.get(found).rarity
    };
    // `rarity B;` and `rarity S;` in CS01-Dragon.txt.
    assert_eq!(rarity("CS01-061"), Some(Rarity::Bronze));
    assert_eq!(rarity("CS01-062"), Some(Rarity::Silver));
}
