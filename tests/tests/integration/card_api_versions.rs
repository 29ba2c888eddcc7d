//! Packs built against a released card API keep working: the frozen builds
//! of `card-packs/rust-starter` for each released version
//! (`tests/packs/api-v0.1.0`, `tests/packs/api-v0.2.0`, never rebuilt) load
//! (through the host's adapters: 0.1.0 by way of 0.2.0), define the same
//! cards as the current build (`card-packs/rust-starter`, card API 0.3.0),
//! pass the pack's scenario files and play the same matches, event for
//! event.

use std::path::PathBuf;
use std::sync::Arc;
use sve_engine::bot::BotKind;
use sve_engine::sim::PlayOptions;
use sve_packs::catalog::Catalog;
use sve_packs::packs::LoadedPacks;
use sve_scenario::suite;
use sve_tests::Base;

fn root() -> PathBuf {
    sve_tests::workspace_root()
}

/// The starter scripts with a build of the Rust starter pack.
fn starter_with(rust_pack: &str) -> LoadedPacks {
    let loaded = sve_tests::pack_library(
        &[
            root().join("card-packs/starter-scripts"),
            root().join(rust_pack),
        ],
        Base::Starter,
    )
    .loaded();
    let errors = sve_tests::load_errors(&loaded.diagnostics);
    assert!(errors.is_empty(), "{rust_pack}: {errors:#?}");
    loaded
}

/// Each frozen build, with the card API version it was built for.
const FROZEN_BUILDS: [(&str, &str); 2] = [
    ("tests/packs/api-v0.1.0", "0.1.0"),
    ("tests/packs/api-v0.2.0", "0.2.0"),
];

fn current() -> LoadedPacks {
    starter_with("card-packs/rust-starter")
}

#[test]
fn a_pack_built_for_each_released_card_api_loads_with_the_same_cards() {
    for (build, version) in FROZEN_BUILDS {
        same_cards(&starter_with(build), version);
    }
}

fn same_cards(old: &LoadedPacks, version: &str) {
    let current = current();
    let api = |loaded: &LoadedPacks| {
        let pack = loaded.packs.iter().find(|p| p.id == "rust-starter");
        pack.map(|p| p.api_version.clone())
    };
    assert_eq!(api(old).as_deref(), Some(version));
    // The newest version the host runs is what the SDK builds today.
    let newest = sve_packs::packs::SUPPORTED_API_VERSIONS
        .last()
        .map(ToString::to_string);
    assert_eq!(api(&current), newest);
    let rust_cards: Vec<&str> = current
        .db
        .iter()
        .map(|(_, def)| def.id.as_str())
        .filter(|id| current.pack_of(id).is_some_and(|p| p.id == "rust-starter"))
        .collect();
    assert_eq!(rust_cards.len(), 7);
    for id in rust_cards {
        let def = |loaded: &LoadedPacks| {
            let found = loaded.db.by_card_id(id).map(|d| loaded.db.get(d).clone());
            found.unwrap_or_else(|| panic!("{id} is defined"))
        };
        // Keywords, triggers, costs and passives all crossed the adapter.
        assert_eq!(
            format!("{:?}", def(old)),
            format!("{:?}", def(&current)),
            "{id} built for {version}"
        );
    }
}

#[test]
fn a_pack_built_for_each_released_card_api_passes_its_scenarios() {
    let tests = root().join("card-packs/rust-starter/tests");
    let paths = suite::find_scenarios(&tests).expect("the pack's scenario files");
    assert!(paths.len() >= 10, "{paths:?}");
    for (build, _) in FROZEN_BUILDS {
        let catalog = Catalog::from_packs(starter_with(build));
        sve_tests::assert_scenarios_pass(&paths, &catalog);
    }
}

#[test]
fn every_build_plays_the_same_matches_event_for_event() {
    let current = current();
    for (build, _) in FROZEN_BUILDS {
        same_matches(&starter_with(build), &current, build);
    }
}

fn same_matches(old: &LoadedPacks, current: &LoadedPacks, build: &str) {
    // The decks whose cards the Rust pack defines.
    for [a, b] in [["SD01", "SD02"], ["SD03", "SD04"], ["SD05", "SD06"]] {
        let log = |loaded: &LoadedPacks, seed: u64| {
            let decks = [a, b].map(|name| {
                let file = sve_engine::decks::starter_deck(name).expect("bundled deck");
                sve_engine::decks::resolve(&file, &loaded.db).expect("resolves")
            });
            let mut game = sve_engine::engine::Match::new(
                Arc::clone(&loaded.db),
                loaded.runner(),
                decks,
                seed,
            );
            let mut bots = [
                BotKind::Random.build(seed + 1),
                BotKind::Random.build(seed + 2),
            ];
            let report = sve_engine::sim::play_bot_match(
                &mut game,
                &mut bots,
                PlayOptions {
                    keep_log: true,
                    ..PlayOptions::default()
                },
            );
            assert_eq!(report.fizzles, 0, "{a} vs {b}: {:?}", report.fizzle_reasons);
            sve_engine::replay::log_hash(&report.log)
        };
        for seed in [3, 4] {
            assert_eq!(
                log(old, seed),
                log(current, seed),
                "{build}: {a} vs {b}, seed {seed}"
            );
        }
    }
}
