//! Card packs end to end: Rust packs built with cargo for wasm32, loaded by
//! the host, run in matches. Covers the sandbox (hostile packs), API
//! versioning, every ability of the `rust-starter` pack and the template
//! authors copy (`examples/rust-pack`).

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use sve_engine::board::{Board, Side};
use sve_engine::engine::{Action, Choice, Event, PlayerId, Prompt, Zone};
use sve_packs::packs::{LoadedPacks, load_packs, read_manifest};
use sve_tests::Base;

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

fn root() -> PathBuf {
    sve_tests::workspace_root()
}

/// Builds a test pack (cargo, wasm32) when its sources differ from its
/// component, and returns its folder. The tests build their own packs
/// explicitly; a pack of `card-packs/` ships its component and is used as
/// committed (`the_committed_rust_starter_component_matches_its_sources`
/// checks that it is current), never rebuilt here.
pub(crate) fn built(relative: &str) -> PathBuf {
    static LOCK: OnceLock<std::sync::Mutex<()>> = OnceLock::new();
    let _guard = LOCK.get_or_init(Default::default).lock();
    let dir = root().join(relative);
    let manifest = read_manifest(&dir).expect("pack.toml reads");
    if !relative.starts_with("card-packs/") && sve_packs::packs::is_stale(&manifest) {
        let mut output = String::new();
        let result = sve_packs::packs::build_rust_pack(
            &manifest,
            &root().join("target").join("packs"),
            &mut |line| {
                output.push_str(line);
                output.push('\n');
            },
        );
        if let Err(e) = result {
            panic!("building {relative} failed: {e}\n{output}");
        }
    }
    dir
}

/// Loads packs over the starter cards and the test cards.
pub(crate) fn load(packs: &[&str]) -> LoadedPacks {
    let dirs: Vec<PathBuf> = packs.iter().map(|p| built(p)).collect();
    load_packs(
        &dirs,
        &sve_tests::load_options(Base::StarterAndTestCards, &[]),
    )
    .expect("the pack engine starts")
}

/// `tests/packs/overheat-rust` (the Rust path of the later sets' cards),
/// built if stale, loaded beside the starter and test cards with no
/// diagnostic.
pub(crate) fn overheat_rust() -> LoadedPacks {
    let loaded = sve_packs::packs::load_packs(
        &[built("tests/packs/overheat-rust")],
        &sve_tests::load_options(sve_tests::Base::StarterAndTestCards, &[]),
    )
    .expect("the pack engine starts");
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    loaded
}

pub(crate) fn scenario(loaded: &LoadedPacks) -> sve_engine::board::BoardBuilder {
    Board::builder()
        .db(Arc::clone(&loaded.db))
        .runner(loaded.runner())
}

pub(crate) fn fizzles(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::AbilityFizzled { reason, .. } => Some(reason.clone()),
            _ => None,
        })
        .collect()
}

/// Plays a hostile spell and returns the fizzle reason; then checks the
/// match goes on and the pack still works (its store was rebuilt).
fn play_hostile(name: &str) -> String {
    let loaded = load(&["tests/packs/hostile"]);
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand([name, "Well Behaved"]))
        .build();
    s.play(name);
    let reasons = fizzles(&s.raw_events());
    assert_eq!(reasons.len(), 1, "{name}: {reasons:?}");
    assert_eq!(
        s.game.decision().map(|d| d.prompt.clone()),
        Some(Prompt::MainAction),
        "the match goes on"
    );
    s.play("Well Behaved");
    assert!(fizzles(&s.raw_events()).is_empty(), "the pack works again");
    assert_eq!(s.game.state().player(P1).hand.len(), 1, "Well Behaved drew");
    reasons[0].clone()
}

#[test]
fn an_endless_loop_runs_out_of_fuel() {
    let reason = play_hostile("Endless Loop");
    assert!(
        reason.contains("pack `hostile` trapped: ran out of fuel"),
        "{reason}"
    );
}

#[test]
fn unbounded_allocation_hits_the_memory_cap() {
    let reason = play_hostile("Unbounded Allocation");
    assert!(reason.contains("pack `hostile` trapped"), "{reason}");
}

#[test]
fn deep_recursion_overflows_the_bounded_stack() {
    let reason = play_hostile("Deep Recursion");
    assert!(reason.contains("stack overflow"), "{reason}");
}

#[test]
fn a_panic_is_reported_with_its_message() {
    let reason = play_hostile("Panic");
    assert!(reason.contains("trapped"), "{reason}");
    assert!(reason.contains("the card's code is broken"), "{reason}");
}

#[test]
fn a_pack_cannot_read_files() {
    let reason = play_hostile("Read a File");
    assert!(
        reason.starts_with("pack `hostile`: no file access"),
        "{reason}"
    );
}

#[test]
fn a_pack_cannot_read_the_clock() {
    let reason = play_hostile("Read the Clock");
    assert!(reason.contains("trapped"), "{reason}");
    assert!(reason.contains("time not implemented"), "{reason}");
}

#[test]
fn a_question_offering_a_missing_card_fizzles() {
    let reason = play_hostile("Offer a Missing Card");
    assert!(
        reason.contains("a question offered card 60000, which does not exist"),
        "{reason}"
    );
}

#[test]
fn huge_numbers_saturate_instead_of_overflowing() {
    let loaded = load(&["tests/packs/hostile"]);
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Huge Numbers"]).field(["V2"]))
        .build();
    s.play("Huge Numbers");
    assert!(fizzles(&s.raw_events()).is_empty());
    assert_eq!(
        s.game.outcome(),
        Some(sve_engine::engine::Outcome::Win(
            P1,
            sve_engine::engine::WinReason::LeaderDefense
        ))
    );
    assert!(
        s.game.check_invariants().is_empty(),
        "{:?}",
        s.game.check_invariants()
    );
}

#[test]
fn an_ability_that_never_stops_asking_is_stopped() {
    let loaded = load(&["tests/packs/hostile"]);
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Ask Forever"]))
        .build();
    s.play("Ask Forever");
    let mut asked = 0;
    while let Some(decision) = s.game.decision().cloned() {
        if decision.prompt == Prompt::MainAction {
            break;
        }
        asked += 1;
        s.answer(decision.player, &[0]);
    }
    assert_eq!(asked, 100);
    let reasons = fizzles(&s.raw_events());
    assert_eq!(reasons, ["asked more than 100 questions in one ability"]);
}

#[test]
fn packs_import_nothing_but_the_card_api() {
    for pack in ["tests/packs/hostile", "card-packs/rust-starter"] {
        let dir = built(pack);
        let manifest = read_manifest(&dir).expect("manifest");
        let bytes = std::fs::read(sve_packs::packs::component_path(&manifest)).expect("built");
        let imports = sve_packs::packs::component_imports(&bytes);
        assert_eq!(
            imports,
            ["sve:cards/types@0.3.0", "sve:cards/game@0.3.0"],
            "{pack}"
        );
    }
    // The frozen builds for the released card APIs.
    for version in ["0.1.0", "0.2.0"] {
        let path = format!("tests/packs/api-v{version}/rust-starter.wasm");
        let bytes = std::fs::read(sve_tests::workspace_root().join(&path))
            .unwrap_or_else(|e| panic!("the {version} test component: {e}"));
        assert_eq!(
            sve_packs::packs::component_imports(&bytes),
            [
                format!("sve:cards/types@{version}"),
                format!("sve:cards/game@{version}")
            ]
        );
    }
}

#[test]
fn a_pack_built_for_an_unsupported_api_is_refused_naming_both_versions() {
    let loaded = load(&["tests/packs/future-api", "card-packs/rust-starter"]);
    let messages: Vec<String> = loaded.diagnostics.iter().map(ToString::to_string).collect();
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(
        messages[0].ends_with(
            "error: pack `future-api` was built for card API 9.0.0; this host supports 0.1.0, 0.2.0, 0.3.0"
        ),
        "{messages:?}"
    );
    assert_eq!(loaded.packs.len(), 1, "the supported pack still loads");
    assert_eq!(loaded.packs[0].id, "rust-starter");
}

// The template authors copy (`examples/rust-pack`): it builds, and its
// cards play as its README says.

#[test]
fn the_rust_pack_template_builds_and_its_cards_play() {
    let loaded = load(&["examples/rust-pack"]);
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Spark Elf", "Growth"]).pp(3))
        .side(P2, Side::new().field(["V5"]))
        .build();
    let growth = s.card(P1, Zone::Hand, "Growth");
    assert!(
        !s.can(Action::Play { card: growth }),
        "Growth's condition: a follower of yours to select"
    );
    s.play("Spark Elf");
    let v5 = s.card(P2, Zone::Field, "V5");
    s.choose(|c| *c == Choice::Card(v5));
    assert!(s.dump().contains("field V5 5/4"), "{}", s.dump());
    s.play("Growth");
    let elf = s.card(P1, Zone::Field, "Spark Elf");
    s.choose(|c| *c == Choice::Card(elf));
    assert!(s.dump().contains("field Spark Elf 3/3"), "{}", s.dump());
}

// The rust-starter pack, one test per ability.

fn starter() -> LoadedPacks {
    let loaded = load(&["card-packs/rust-starter"]);
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    assert_eq!(
        loaded.pack_of("SD02-001").map(|p| p.id.as_str()),
        Some("rust-starter")
    );
    assert_eq!(loaded.pack_of("SD01-001"), None, "a bundled card");
    loaded
}

#[test]
fn sd02_001_tsubaki_destroys_a_selected_enemy_follower() {
    let loaded = starter();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Tsubaki"]).pp(6))
        .side(P2, Side::new().field(["V1", "V3"]))
        .build();
    s.play("Tsubaki");
    s.choose(|c| *c == Choice::Label("Destroy an enemy follower".into()));
    let v3 = s.card(P2, Zone::Field, "V3");
    s.choose(|c| *c == Choice::Card(v3));
    assert!(
        s.dump().contains("field V1 1/1 | ex - | cemetery V3"),
        "{}",
        s.dump()
    );
}

#[test]
fn sd02_001_tsubaki_can_take_storm_and_attack_at_once() {
    let loaded = starter();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Tsubaki"]).pp(6))
        .build();
    s.play("Tsubaki");
    // No enemy follower: Storm is the only option.
    s.choose(|c| *c == Choice::Label("Give this follower Storm".into()));
    s.attack("Tsubaki", "leader");
    assert_eq!(s.game.state().player(P2).leader_defense, 15);
}

#[test]
fn sd02_016_unbridled_fury_deals_x_equal_to_your_followers() {
    let loaded = starter();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Unbridled Fury"])
                .pp(1)
                .field(["V1", "V1", "V2"]),
        )
        .side(P2, Side::new().field(["V5"]))
        .build();
    s.play("Unbridled Fury");
    let v5 = s.card(P2, Zone::Field, "V5");
    s.choose(|c| *c == Choice::Card(v5));
    assert!(s.dump().contains("field V5 5/2"), "{}", s.dump());
}

#[test]
fn sd02_016_unbridled_fury_needs_a_target_to_be_played() {
    let loaded = starter();
    let s = scenario(&loaded)
        .side(P1, Side::new().hand(["Unbridled Fury"]).pp(1))
        .build();
    let card = s.card(P1, Zone::Hand, "Unbridled Fury");
    assert!(!s.can(Action::Play { card }));
}

#[test]
fn sd03_006_fire_chain_divides_three_damage() {
    let loaded = starter();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Fire Chain", "Fire Chain"]).pp(4))
        .side(P2, Side::new().field(["V2", "V3"]))
        .build();
    s.play("Fire Chain");
    let decision = s.game.decision().cloned().expect("targets");
    assert_eq!((decision.min, decision.max), (1, 2));
    s.answer(P1, &[0, 1]);
    s.choose(|c| matches!(c, Choice::Label(l) if l.starts_with("2 to V2")));
    assert!(
        s.dump().contains("field V3 3/2"),
        "V2 dies to 2, V3 takes 1:\n{}",
        s.dump()
    );
    // One target takes all 3.
    s.play("Fire Chain");
    s.answer(P1, &[0]);
    assert!(s.dump().contains("cemetery V2, V3"), "{}", s.dump());
}

#[test]
fn bp01_119_spectre_pays_two_defense_for_rush_and_a_mill() {
    let loaded = starter();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Spectre", "Spectre"]).pp(4))
        .side(P2, Side::new().engaged(["V1"]))
        .build();
    s.play("Spectre");
    assert_eq!(
        s.game
            .decision()
            .map(|d| matches!(d.prompt, Prompt::PayOptionalCost { .. })),
        Some(true)
    );
    s.choose(|c| *c == Choice::Yes);
    let p1 = s.game.state().player(P1);
    assert_eq!(
        (p1.leader_defense, p1.cemetery.len(), p1.deck.len()),
        (18, 1, 9)
    );
    let spectre = s.card(P1, Zone::Field, "Spectre");
    assert!(s.game.can_attack(spectre), "Rush");
    // Declining the cost: nothing happens.
    s.play("Spectre");
    s.choose(|c| *c == Choice::No);
    assert_eq!(s.game.state().player(P1).leader_defense, 18);
}

#[test]
fn bp01_017_elf_metallurgist_deals_three_with_combo_three() {
    let loaded = starter();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Elf Metallurgist", "V1", "V1"]).pp(4))
        .side(P2, Side::new().field(["V5"]))
        .build();
    let v5 = s.card(P2, Zone::Field, "V5");
    s.play("V1");
    s.play("V1");
    s.play("Elf Metallurgist");
    s.choose(|c| *c == Choice::Card(v5));
    assert!(
        s.dump().contains("field V5 5/2"),
        "Combo 3 (this card counts):\n{}",
        s.dump()
    );
}

#[test]
fn bp01_017_elf_metallurgist_deals_one_without_combo() {
    let loaded = starter();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Elf Metallurgist"]).pp(2))
        .side(P2, Side::new().field(["V5"]))
        .build();
    s.play("Elf Metallurgist");
    let v5 = s.card(P2, Zone::Field, "V5");
    s.choose(|c| *c == Choice::Card(v5));
    assert!(s.dump().contains("field V5 5/4"), "{}", s.dump());
}

#[test]
fn sd04_002_dragon_oracle_ramps_or_draws() {
    let loaded = starter();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Dragon Oracle", "Dragon Oracle"])
                .pp(4)
                .max_pp(4),
        )
        .build();
    s.play("Dragon Oracle");
    s.choose(|c| matches!(c, Choice::Label(l) if l.starts_with("Increase")));
    assert_eq!(s.game.state().player(P1).max_pp, 5);
    s.play("Dragon Oracle");
    s.choose(|c| *c == Choice::Label("Draw a card".into()));
    assert_eq!(s.game.state().player(P1).hand.len(), 1);
}

#[test]
fn sd05_002_alucard_necrocharge_fanfare_and_strike() {
    let loaded = starter();
    let ten = ["V1"; 10];
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new().hand(["Alucard"]).pp(7).cemetery(ten).leader(10),
        )
        .side(P2, Side::new().field(["V3"]))
        .build();
    s.play("Alucard");
    assert!(
        s.dump().contains("Alucard 6/4"),
        "Necrocharge 10: +2 attack\n{}",
        s.dump()
    );
    s.attack("Alucard", "leader");
    // Strike: select V3, 4 damage, leader +4; then 6 to the enemy leader.
    let v3 = s.card(P2, Zone::Field, "V3");
    s.choose(|c| *c == Choice::Card(v3));
    assert_eq!(s.game.state().player(P1).leader_defense, 14);
    assert_eq!(s.game.state().player(P2).leader_defense, 14);
    assert!(s.dump().contains("cemetery V3"), "{}", s.dump());
}

#[test]
fn sd05_002_alucard_without_necrocharge_keeps_its_attack() {
    let loaded = starter();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Alucard"]).pp(7))
        .build();
    s.play("Alucard");
    assert!(s.dump().contains("Alucard 4/4"), "{}", s.dump());
}

#[test]
fn the_reload_smoke_test_plays_the_decks_that_use_the_changed_cards() {
    let loaded = starter();
    let lists: Vec<(String, sve_engine::engine::DeckList)> = sve_engine::decks::STARTER_DECKS
        .iter()
        .map(|(name, _)| {
            let file = sve_engine::decks::starter_deck(name).expect("bundled deck");
            let list = sve_engine::decks::resolve(&file, &loaded.db).expect("resolves");
            ((*name).to_owned(), list)
        })
        .collect();
    let named: Vec<(&str, &sve_engine::engine::DeckList)> =
        lists.iter().map(|(n, d)| (n.as_str(), d)).collect();
    let report = sve_engine::sim::smoke_test(
        &loaded.db,
        &loaded.runner(),
        &named,
        &["SD02-001".to_owned()],
        4,
    );
    assert_eq!(report.decks, ["SD02"]);
    assert_eq!(report.games, 4);
    assert!(report.is_clean(), "{report:?}");
}

#[test]
fn a_community_script_folder_is_checked_with_located_diagnostics() {
    let corpus = root().join("sdk/sve-script/tests/corpus");
    let check = sve_packs::packs::scripts::check_scripts(&corpus);
    assert_eq!((check.cards_ok, check.cards_total), (122, 122));
    let dir = root().join("target/test-packs/script-check");
    std::fs::create_dir_all(&dir).expect("folder");
    std::fs::write(
        dir.join("set.txt"),
        "name Broken Elf;\nid X-001;\nclass Forest;\ntype Follower;\ncost 2;\nstats 2/2;\nability Fanfare {\n    effect Drwa(1);\n};\nname Fine Elf;\nid X-002;\nclass Forest;\ntype Follower;\ncost 1;\nstats 1/1;\n",
    )
    .expect("write");
    let check = sve_packs::packs::scripts::check_scripts(&dir);
    assert_eq!((check.cards_ok, check.cards_total), (1, 2));
    let first = check.diagnostics[0].to_string();
    assert!(
        first.ends_with("set.txt:8:12: error: unknown effect `Drwa`: expected an effect name from the catalogue (spec §5.4)"),
        "{first}"
    );
    assert!(
        check.rendered.contains("did you mean `Draw`?"),
        "{}",
        check.rendered
    );
}
