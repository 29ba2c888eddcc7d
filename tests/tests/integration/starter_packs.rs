//! The bundled starter packs as users get them: `card-packs/starter-scripts`
//! (SVE Script, played by the script runtime) and `card-packs/rust-starter`
//! (Rust) together define every starter card exactly once, and all six
//! decks play full bot matches in every pairing with every ability live.

use std::path::PathBuf;
use sve_engine::bot::BotKind;
use sve_engine::cards::starter::{STARTER_CARDS_JSON, parse_cards};
use sve_engine::sim::PlayOptions;
use sve_packs::packs::{LoadedPacks, PackLibrary};
use sve_tests::Base;

fn root() -> PathBuf {
    sve_tests::workspace_root()
}

/// Both starter packs over the bundled vanilla cards, as shipped (the Rust
/// pack's committed component).
fn starter_packs() -> LoadedPacks {
    starter_library().loaded()
}

fn starter_library() -> PackLibrary {
    let rust = root().join("card-packs/rust-starter");
    sve_tests::pack_library(
        &[root().join("card-packs/starter-scripts"), rust],
        Base::Starter,
    )
}

#[test]
fn the_starter_packs_define_every_starter_card_exactly_once() {
    let loaded = starter_packs();
    let errors = sve_tests::load_errors(&loaded.diagnostics);
    assert!(errors.is_empty(), "{errors:#?}");
    let warnings: Vec<String> = loaded.diagnostics.iter().map(ToString::to_string).collect();
    assert!(
        warnings.is_empty(),
        "the starter packs should load without warnings: {warnings:#?}"
    );
    let data = parse_cards(STARTER_CARDS_JSON).expect("bundled cards");
    let mut missing = Vec::new();
    for card in &data {
        let Some(pack) = loaded.pack_of(&card.id) else {
            missing.push(card.id.clone());
            continue;
        };
        let def = loaded.db.by_card_id(&card.id).map(|id| loaded.db.get(id));
        let def = def.unwrap_or_else(|| panic!("{} is in the database", card.id));
        let facts = |c: &sve_engine::cards::CardDef| {
            (
                c.name.clone(),
                c.class,
                c.card_type,
                c.traits.clone(),
                c.cost,
                c.attack,
                c.defense,
                c.evolve_cost,
            )
        };
        assert_eq!(
            facts(def),
            facts(card),
            "{} as pack `{}` defines it differs from the card data",
            card.id,
            pack.id
        );
    }
    assert!(missing.is_empty(), "no pack defines {missing:?}");
    let per_pack: Vec<(String, usize)> = loaded
        .packs
        .iter()
        .map(|p| (p.id.clone(), p.cards))
        .collect();
    assert_eq!(
        per_pack,
        [
            ("starter-scripts".to_owned(), 115),
            ("rust-starter".to_owned(), 7)
        ]
    );
    assert_eq!(115 + 7, data.len(), "each card exactly once across packs");
}

#[test]
fn every_pairing_of_the_starter_decks_plays_clean_with_every_ability_live() {
    let loaded = starter_packs();
    let runner = loaded.runner();
    let mut problems = Vec::new();
    let mut played = 0;
    for [a, b] in sve_tests::starter_pairings() {
        let decks = [a, b].map(|name| {
            let file = sve_engine::decks::starter_deck(name).expect("bundled deck");
            sve_engine::decks::resolve(&file, &loaded.db).expect("resolves")
        });
        let (problem, games) =
            sve_tests::clean_sim(&loaded.db, &runner, [(a, &decks[0]), (b, &decks[1])], 4, 77);
        played += games;
        problems.extend(problem);
    }
    // 21 unordered pairings; seats alternate, so each order is played.
    assert_eq!(played, 21 * 4);
    assert!(problems.is_empty(), "{problems:#?}");
    // The runner counted its calls into card code (what `sve sim --json`
    // reports as `wasm_share` and the per-match call counts).
    let usage = runner.usage();
    assert!(
        usage.guest_calls >= u64::from(played) && usage.host_calls > usage.guest_calls,
        "{usage:?}"
    );
    assert!(usage.guest_nanos > 0, "{usage:?}");
}

#[test]
fn the_starter_packs_audit_clean() {
    let library = starter_library();
    let findings = sve_packs::packs::audit::audit(&library.pack_cards());
    let listed: Vec<String> = findings.iter().map(ToString::to_string).collect();
    assert!(
        listed.is_empty(),
        "card text and implementation disagree:\n{}",
        listed.join("\n")
    );
}

#[test]
fn the_starter_deck_lists_ship_in_the_script_pack_and_resolve() {
    let loaded = starter_packs();
    let dirs: Vec<PathBuf> = loaded.packs.iter().map(|p| p.dir.clone()).collect();
    let names: Vec<String> = sve_packs::deck_files::pack_decks(&dirs)
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    assert_eq!(names, ["SD01", "SD02", "SD03", "SD04", "SD05", "SD06"]);
    for name in &names {
        let file = sve_packs::deck_files::load_deck_from_packs(&name.to_lowercase(), &dirs)
            .expect("the deck reads");
        assert!(
            sve_engine::decks::check_deck(&file, &loaded.db).is_empty(),
            "{name} is legal"
        );
        sve_engine::decks::resolve(&file, &loaded.db).expect("resolves");
    }
}

#[test]
fn a_seed_replayed_with_a_pooled_script_instance_gives_the_same_event_log() {
    let loaded = starter_packs();
    let decks = ["SD01", "SD05"].map(|name| {
        let file = sve_engine::decks::starter_deck(name).expect("bundled deck");
        sve_engine::decks::resolve(&file, &loaded.db).expect("resolves")
    });
    let play = || {
        // A fresh runner per match: the second takes the first's script
        // instance from the pool.
        let mut game = sve_engine::engine::Match::new(
            std::sync::Arc::clone(&loaded.db),
            loaded.runner(),
            decks.clone(),
            5,
        );
        let mut bots = [BotKind::Random.build(11), BotKind::Random.build(12)];
        let report = sve_engine::sim::play_bot_match(
            &mut game,
            &mut bots,
            PlayOptions {
                keep_log: true,
                ..PlayOptions::default()
            },
        );
        sve_engine::replay::log_hash(&report.log)
    };
    assert_eq!(play(), play());
}

/// A Rust pack says which abilities have a condition (`has-condition` in
/// the card API): the host asks only those, since every call into the pack
/// costs a fresh instance. Dragon Oracle's spell has none, Unbridled
/// Fury's needs an enemy follower.
#[test]
fn a_rust_spell_without_a_condition_is_offered_without_a_call_into_its_pack() {
    use sve_engine::board::{Board, Side};
    use sve_engine::engine::{Action, PlayerId, Zone};
    let loaded = starter_packs();
    let runner = loaded.runner();
    let mut s = Board::builder()
        .db(std::sync::Arc::clone(&loaded.db))
        .runner(runner.clone())
        .filler("Dragon Oracle")
        .side(
            PlayerId(0),
            Side::new().hand(["Dragon Oracle", "Unbridled Fury"]).pp(3),
        )
        .side(PlayerId(1), Side::new())
        .build();
    let oracle = s.card(PlayerId(0), Zone::Hand, "Dragon Oracle");
    let fury = s.card(PlayerId(0), Zone::Hand, "Unbridled Fury");
    // Building the board listed the actions once already.
    let before = runner.usage().guest_calls;
    let offered = s.game.legal_main_actions(PlayerId(0));
    assert!(
        offered.contains(&Action::Play { card: oracle }),
        "{offered:?}"
    );
    assert!(
        !offered.contains(&Action::Play { card: fury }),
        "no enemy follower to target: {offered:?}"
    );
    assert_eq!(
        runner.usage().guest_calls - before,
        1,
        "one call, Unbridled Fury's condition: {:?}",
        runner.usage()
    );
    s.play("Dragon Oracle");
    s.settle();
    // Its resolution, run again after its question is answered.
    assert!(
        runner.usage().guest_calls >= before + 2,
        "{:?}",
        runner.usage()
    );
}
