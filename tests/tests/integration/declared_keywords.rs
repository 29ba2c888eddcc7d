//! A keyword declared by a pack (`tests/packs/overheat-rust`): Overheat,
//! "At the start of your end phase, this follower deals 1 damage to
//! itself", written entirely in the pack with no engine change. The card
//! pool numbers it, cards have it printed or given, and the host runs its
//! ability in the declaring pack with the card that has it as the source.

use crate::packs::{load, scenario};
use sve_engine::board::{Board, Side};
use sve_engine::cards::Keywords;
use sve_engine::engine::{AbilityIdx, Action, Choice, PlayerId, Zone};
use sve_packs::packs::LoadedPacks;

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

/// The overheat-rust pack loaded over the starter cards, without errors.
pub(crate) fn overheat() -> LoadedPacks {
    let loaded = load(&["tests/packs/overheat-rust"]);
    let errors = sve_tests::load_errors(&loaded.diagnostics);
    assert!(errors.is_empty(), "{errors:?}");
    loaded
}

/// A board of the loaded cards with `p1` and an empty P2 side.
pub(crate) fn board(loaded: &LoadedPacks, p1: Side) -> Board {
    scenario(loaded).side(P1, p1).side(P2, Side::new()).build()
}

/// Answers the pending question by picking the card named `name`.
fn pick(s: &mut Board, name: &str) {
    let card = s.card(P1, Zone::Field, name);
    s.choose(|c| *c == Choice::Card(card));
}

#[test]
fn the_pack_declares_overheat_with_its_words_and_badge() {
    let loaded = overheat();
    let n = loaded.db.declared_keyword("Overheat").expect("declared");
    let keyword = loaded.db.declared(n).expect("numbered");
    assert_eq!(
        keyword.reminder,
        "At the start of your end phase, this follower deals 1 damage to itself."
    );
    assert_eq!(keyword.badge, sve_engine::cards::Badge::Lethal);
    let golem = loaded.db.by_card_id("OVH-001").expect("Boiler Golem");
    let printed = loaded.db.get(golem).keywords;
    assert_eq!(printed.declared_bits(), 1 << n);
    assert_eq!(
        loaded.db.by_card_id("OVH-K01"),
        None,
        "a keyword is no card"
    );
}

#[test]
fn overheat_1_a_printed_overheat_deals_1_damage_at_the_end_of_your_turn() {
    let loaded = overheat();
    let mut s = board(
        &loaded,
        Side::new().field(["Boiler Golem", "Rose Gardener"]),
    );
    s.events();
    s.end_turn();
    let golem = s.card(P1, Zone::Field, "Boiler Golem");
    let rose = s.card(P1, Zone::Field, "Rose Gardener");
    assert_eq!(s.game.state().card(golem).damage, 1, "{}", s.dump());
    assert_eq!(s.game.state().card(rose).damage, 0, "{}", s.dump());
    let events = s.events();
    assert!(
        events.contains("Overheat"),
        "the log names the keyword: {events}"
    );
}

#[test]
fn overheat_2_given_by_an_effect_it_brings_its_ability() {
    let loaded = overheat();
    let mut s = board(
        &loaded,
        Side::new().field(["Rose Gardener"]).hand(["Stoker"]).pp(1),
    );
    s.play("Stoker");
    if s.game.decision().is_some() {
        pick(&mut s, "Rose Gardener");
    }
    let rose = s.card(P1, Zone::Field, "Rose Gardener");
    let n = loaded.db.declared_keyword("Overheat").expect("declared");
    let keywords = s.game.state().characteristics(s.game.db(), rose).keywords;
    assert_eq!(keywords.declared_bits(), 1 << n);
    s.end_turn();
    assert_eq!(s.game.state().card(rose).damage, 1, "{}", s.dump());
    let stoker = s.card(P1, Zone::Field, "Stoker");
    assert_eq!(s.game.state().card(stoker).damage, 0, "{}", s.dump());
}

#[test]
fn overheat_3_a_given_overheat_is_lost_when_its_follower_leaves_the_field() {
    let loaded = overheat();
    let side = Side::new()
        .field(["Rose Gardener"])
        .hand(["Stoker", "Coolant"])
        .pp(10);
    let mut s = board(&loaded, side);
    s.play("Stoker");
    if s.game.decision().is_some() {
        pick(&mut s, "Rose Gardener");
    }
    s.play("Coolant");
    if s.game.decision().is_some() {
        pick(&mut s, "Rose Gardener");
    }
    assert!(
        s.find(P1, Zone::Hand, "Rose Gardener").is_some(),
        "{}",
        s.dump()
    );
    s.play("Rose Gardener");
    let rose = s.card(P1, Zone::Field, "Rose Gardener");
    s.end_turn();
    assert_eq!(
        s.game.state().card(rose).damage,
        0,
        "a new object: {}",
        s.dump()
    );
}

#[test]
fn a_rust_keywords_continuous_abilities_are_its_cards() {
    let loaded = overheat();
    let s = board(
        &loaded,
        Side::new().field(["Riveted Sentinel", "Rose Gardener"]),
    );
    let sentinel = s.card(P1, Zone::Field, "Riveted Sentinel");
    let stats = s.game.state().characteristics(s.game.db(), sentinel);
    assert_eq!((stats.attack, stats.defense), (2, 3), "+0/+1 from Riveted");
    assert!(stats.keywords.contains(Keywords::WARD), "Ward from Riveted");
    let rose = s.card(P1, Zone::Field, "Rose Gardener");
    let other = s.game.state().characteristics(s.game.db(), rose);
    assert!(
        !other.keywords.contains(Keywords::WARD),
        "only its own card"
    );
}

#[test]
fn a_rust_keywords_activated_ability_is_played_as_its_cards() {
    let loaded = overheat();
    let mut s = board(&loaded, Side::new().field(["Exhaust Stack"]).leader(15));
    let stack = s.card(P1, Zone::Field, "Exhaust Stack");
    let exhaust = loaded.db.declared_keyword("Exhaust").expect("declared");
    let action = Action::ActivateKeyword {
        card: stack,
        keyword: exhaust,
        ability: AbilityIdx(0),
    };
    assert!(
        s.options().contains(&Choice::Action(action)),
        "{:?}",
        s.options()
    );
    s.events();
    s.act(action);
    assert_eq!(s.game.state().player(P1).leader_defense, 16, "{}", s.dump());
    assert!(s.game.state().card(stack).engaged, "its cost was paid");
    let events = s.events();
    assert!(
        events.contains("Exhaust Stack activates its Exhaust ability"),
        "{events}"
    );
}

#[test]
fn a_rust_continuous_ability_gives_a_declared_keyword_by_name() {
    let loaded = overheat();
    let mut s = board(
        &loaded,
        Side::new()
            .field(["Exhaust Banner", "Rose Gardener"])
            .leader(15),
    );
    let rose = s.card(P1, Zone::Field, "Rose Gardener");
    let exhaust = loaded.db.declared_keyword("Exhaust").expect("declared");
    let action = Action::ActivateKeyword {
        card: rose,
        keyword: exhaust,
        ability: AbilityIdx(0),
    };
    assert!(
        s.options().contains(&Choice::Action(action)),
        "{:?}",
        s.options()
    );
    s.act(action);
    assert_eq!(s.game.state().player(P1).leader_defense, 16, "{}", s.dump());
    assert!(s.game.state().card(rose).engaged, "its cost was paid");
}

/// The script pack's Overheat deck (`tests/packs/overheat/decks`: its
/// keywords with automatic, continuous and activated abilities, and a
/// filter by one) plays clean against SD01: 100 random-bot and 20
/// easy-bot matches with no fizzle, rejected answer, invariant violation
/// or turn-cap hit, and its bots play Vent, the keyword's activated
/// ability.
#[test]
fn the_overheat_script_deck_plays_clean_and_vents() {
    use std::sync::Arc;
    use sve_engine::bot::{Bot, BotKind};
    use sve_engine::engine::{Event, Match};
    use sve_engine::sim::{PlayOptions, play_bot_match};
    let dir = sve_tests::workspace_root().join("tests/packs/overheat");
    let loaded =
        sve_tests::pack_library(std::slice::from_ref(&dir), sve_tests::Base::Starter).loaded();
    let errors = sve_tests::load_errors(&loaded.diagnostics);
    assert!(errors.is_empty(), "{errors:#?}");
    let file = sve_packs::deck_files::load_deck_from_packs("Overheat", std::slice::from_ref(&dir))
        .expect("the deck reads");
    let deck = sve_engine::decks::resolve(&file, &loaded.db).expect("resolves");
    let starter = sve_tests::starter_deck(&loaded.db, "SD01");
    let options = PlayOptions {
        turn_cap: 200,
        check_invariants: true,
        keep_log: true,
    };
    let mut failures = Vec::new();
    let mut vents = 0;
    for (kind, games) in [(BotKind::Random, 100u64), (BotKind::Greedy, 20)] {
        for seed in 0..games {
            let decks = [deck.clone(), starter.clone()];
            let mut game = Match::new(Arc::clone(&loaded.db), loaded.runner(), decks, seed);
            let mut bots: [Box<dyn Bot + Send>; 2] = [kind.build(seed), kind.build(seed + 1)];
            let report = play_bot_match(&mut game, &mut bots, options);
            vents += report
                .log
                .iter()
                .filter(|e| matches!(e, Event::KeywordAbilityActivated { .. }))
                .count();
            if !report.violations.is_empty()
                || report.fizzles > 0
                || report.rejected_answers > 0
                || report.turn_cap_hit
            {
                failures.push(format!("{kind:?} seed {seed}: {:?}", report.violations));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(vents > 0, "no bot played Vent in 120 matches");
}
