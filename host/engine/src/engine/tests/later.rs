//! Later sets' rules (the later-sets reference, docs/later-sets-plan.md),
//! named `l<section>_<test>_...` after its sections and test scenarios.

use super::{P1, P2, copy};
use crate::board::fixtures::{test_cards, test_runner};
use crate::board::{Board, Side};
use crate::cards::{
    AbilityDef, AbilityKind, CardDb, CardDef, Counter, Grant, Keywords, PassiveCondition,
    PassiveDef, PassiveScope, ValueExpr, ValueNode, ValueOp,
};
use crate::engine::{Action, Zone};
use std::sync::Arc;

/// "Lantern" (V1 that can't be played from the EX area) and "Sleeper" (V1
/// that can't be played from the EX area while it has Spell counters).
fn board(p1: Side) -> Board {
    let mut cards = test_cards();
    let mut lantern = copy("V1", "TEST-LANTERN", "Lantern");
    lantern.keywords |= Keywords::CANNOT_BE_PLAYED_FROM_EX;
    let sleeper = with_passive(
        "V1",
        "TEST-SLEEPER",
        "Sleeper",
        PassiveDef {
            grant: Grant::Keywords(Keywords::CANNOT_BE_PLAYED_FROM_EX),
            scope: PassiveScope::ThisCard,
            condition: PassiveCondition::Value(ValueExpr {
                nodes: vec![
                    ValueNode::ThisCounters(Counter::Spell),
                    ValueNode::Int(0),
                    ValueNode::Binary(ValueOp::Gt, 0, 1),
                ],
            }),
        },
    );
    cards.extend([lantern, sleeper]);
    board_of(cards, p1, Side::new())
}

/// A board over `cards`, run by the test cards' runner.
fn board_of(cards: Vec<CardDef>, p1: Side, p2: Side) -> Board {
    Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .runner(Arc::new(test_runner()))
        .side(P1, p1)
        .side(P2, p2)
        .build()
}

/// A copy of `base` as `id`/`name` whose one ability is a passive.
fn with_passive(base: &str, id: &str, name: &str, passive: PassiveDef) -> CardDef {
    let mut card = copy(base, id, name);
    card.abilities = vec![AbilityDef {
        name: name.to_owned(),
        kind: AbilityKind::Passive(passive),
        costs: Vec::new(),
        once_per_turn: false,
        union_burst: false,
        advanced: false,
        text: String::new(),
    }];
    card
}

fn play(s: &Board, zone: Zone, name: &str) -> Action {
    Action::Play {
        card: s.card(P1, zone, name),
    }
}

/// Whether P1 may play the card now, listed afresh from the state.
fn playable(s: &Board, zone: Zone, name: &str) -> bool {
    s.game.legal_main_actions(P1).contains(&play(s, zone, name))
}

#[test]
fn l7_ex1_a_card_that_cant_be_played_from_the_ex_area_still_plays_from_the_hand() {
    let s = board(Side::new().ex_area(["Lantern"]).pp(5));
    assert!(!s.can(play(&s, Zone::ExArea, "Lantern")), "{}", s.dump());
    let s = board(Side::new().hand(["Lantern"]).pp(5));
    assert!(s.can(play(&s, Zone::Hand, "Lantern")));
}

#[test]
fn l7_the_conditional_form_holds_while_its_condition_does() {
    let mut s = board(Side::new().ex_area(["Sleeper"]).pp(5));
    // An effect playing it is refused alike (`play_by_effect`): checked by
    // the same `refused_from`.
    let sleeper = s.card(P1, Zone::ExArea, "Sleeper");
    assert!(
        playable(&s, Zone::ExArea, "Sleeper"),
        "no counters: playable"
    );
    // A Spell counter on it, as card code would put one.
    s.game.state.cards[sleeper.idx()]
        .counters
        .set(Counter::Spell, 1);
    s.game.state.forget_characteristics();
    assert!(!playable(&s, Zone::ExArea, "Sleeper"), "{}", s.dump());
}

/// "Ex Patron" (V1: while it is on your field, cards you play from your EX
/// area cost 1 less), over the test cards.
fn patron_board(p1: Side) -> Board {
    let mut cards = test_cards();
    cards.push(with_passive(
        "V1",
        "TEST-PATRON",
        "Ex Patron",
        PassiveDef {
            grant: Grant::Cost(-1),
            scope: PassiveScope::AlliesIn(
                crate::cards::ZoneSet::of(&[Zone::ExArea]),
                crate::cards::CardFilter::default(),
            ),
            condition: PassiveCondition::Always,
        },
    ));
    board_of(cards, p1, Side::new())
}

fn cost(s: &Board, zone: Zone, name: &str) -> i32 {
    let card = s.card(P1, zone, name);
    s.game.state().characteristics(s.game.db(), card).cost
}

#[test]
fn l13_h3_ex_area_discounts_stack_floor_at_0_and_skip_the_hand() {
    let s = patron_board(
        Side::new()
            .field(["Ex Patron"])
            .ex_area(["V3"])
            .hand(["V3"]),
    );
    assert_eq!(cost(&s, Zone::ExArea, "V3"), 2, "3 less 1");
    assert_eq!(cost(&s, Zone::Hand, "V3"), 3, "the hand is no EX area");
    let s = patron_board(
        Side::new()
            .field(["Ex Patron", "Ex Patron"])
            .ex_area(["V3", "V1"])
            .pp(1),
    );
    assert_eq!(cost(&s, Zone::ExArea, "V3"), 1, "two discounts stack");
    assert_eq!(cost(&s, Zone::ExArea, "V1"), 0, "never below 0");
    assert!(
        s.can(play(&s, Zone::ExArea, "V3")),
        "1 PP pays for it: {}",
        s.dump()
    );
    let s = patron_board(Side::new().ex_area(["V3"]));
    assert_eq!(
        cost(&s, Zone::ExArea, "V3"),
        3,
        "only while a patron is on the field"
    );
}

/// "Stubborn" (V3: while it is your turn, this follower can't be destroyed).
fn stubborn_board(p1: Side, p2: Side) -> Board {
    let mut cards = test_cards();
    cards.push(with_passive(
        "V3",
        "TEST-STUBBORN",
        "Stubborn",
        PassiveDef {
            grant: Grant::Keywords(Keywords::CANNOT_BE_DESTROYED),
            scope: PassiveScope::ThisCard,
            condition: PassiveCondition::YourTurn,
        },
    ));
    board_of(cards, p1, p2)
}

#[test]
fn l13_h5_cant_be_destroyed_is_read_at_each_attempt_damage_included() {
    let mut s = stubborn_board(Side::new().field(["Stubborn"]), Side::new().engaged(["V5"]));
    s.attack("Stubborn", "V5");
    // 3/3 into 5/5: at 0 defense or less, but not destroyed on its turn.
    let stubborn = s.card(P1, Zone::Field, "Stubborn");
    assert!(
        s.game
            .state()
            .characteristics(s.game.db(), stubborn)
            .defense
            <= 0
    );
    // The opponent's turn: the condition fails, and rules handling
    // destroys it at its next check.
    s.end_turn();
    assert!(
        s.find(P1, Zone::Field, "Stubborn").is_none(),
        "{}",
        s.dump()
    );
    assert!(
        s.find(P1, Zone::Cemetery, "Stubborn").is_some(),
        "{}",
        s.dump()
    );
}

/// The test cards with "Free Evolver" (V1: you may evolve any number of
/// times per turn), "Unyielding" (V1: you can't lose), "Fixed Star" (V2:
/// can't be banished) and "Lure" (V2: must be selected).
fn brief_board(p1: Side, p2: Side) -> Board {
    let mut cards = test_cards();
    for (id, name, base, keyword) in [
        (
            "TEST-FREE-EVO",
            "Free Evolver",
            "V1",
            Keywords::EVOLVE_ANY_NUMBER,
        ),
        ("TEST-UNYIELD", "Unyielding", "V1", Keywords::CANNOT_LOSE),
        (
            "TEST-FIXED",
            "Fixed Star",
            "V2",
            Keywords::CANNOT_BE_BANISHED,
        ),
        ("TEST-LURE", "Lure", "V2", Keywords::MUST_BE_SELECTED),
    ] {
        let mut card = copy(base, id, name);
        card.keywords |= keyword;
        cards.push(card);
    }
    board_of(cards, p1, p2)
}

fn evolve(s: &Board, name: &str) -> Action {
    Action::Evolve {
        card: s.card(P1, Zone::Field, name),
        use_ep: false,
        super_evolve: false,
    }
}

#[test]
fn l12_1_with_the_limit_lifted_each_evolution_pays_its_own_cost() {
    let side = || {
        Side::new()
            .field(["V2", "V3"])
            .evolve_deck(["V2 (Evolved)", "V3 (Evolved)"])
            .pp(5)
    };
    let mut s = brief_board(side().field(["Free Evolver", "V2", "V3"]), Side::new());
    s.act(evolve(&s, "V2"));
    assert!(s.can(evolve(&s, "V3")), "{}", s.dump());
    s.act(evolve(&s, "V3"));
    let p1 = s.game.state().player(P1);
    assert_eq!(p1.pp, 0, "2 and 3 play points: {}", s.dump());
    // Without it, the second evolution is not offered.
    let mut s = brief_board(side(), Side::new());
    s.act(evolve(&s, "V2"));
    assert!(!s.can(evolve(&s, "V3")), "{}", s.dump());
}

#[test]
fn l12_3_you_cant_lose_while_it_is_on_the_field_and_lose_once_it_is_gone() {
    let mut s = brief_board(
        Side::new().field(["V5", "V4"]),
        Side::new().engaged(["Unyielding"]).leader(3),
    );
    s.attack("V5", "leader");
    assert_eq!(s.game.outcome(), None, "{}", s.dump());
    assert_eq!(s.game.state().player(P2).leader_defense, -2);
    // Once it is destroyed, the next rules handling ends the game.
    s.attack("V4", "Unyielding");
    assert_eq!(
        s.game.outcome(),
        Some(crate::engine::Outcome::Win(
            P1,
            crate::engine::WinReason::LeaderDefense
        ))
    );
}

#[test]
fn l12_3_a_draw_from_an_empty_deck_while_you_cant_lose_never_loses() {
    let mut s = brief_board(
        Side::new().field(["V4"]),
        Side::new().deck([]).engaged(["Unyielding"]),
    );
    // P2 draws from an empty deck at the start of their turn.
    s.end_turn();
    assert_eq!(s.game.outcome(), None, "{}", s.dump());
    assert!(!s.game.state().player(P2).drew_from_empty_deck);
    // Unyielding attacks (and so is engaged); back on P1's turn, V4
    // destroys it: that draw still loses nothing.
    s.attack("Unyielding", "leader");
    s.end_turn();
    s.attack("V4", "Unyielding");
    assert!(
        s.find(P2, Zone::Field, "Unyielding").is_none(),
        "{}",
        s.dump()
    );
    assert_eq!(s.game.outcome(), None, "{}", s.dump());
}

#[test]
fn l12_15_an_enemy_that_must_be_selected_is_the_selection() {
    let mut s = brief_board(
        Side::new().hand(["Pinger"]).pp(5),
        Side::new().field(["V3", "Lure"]),
    );
    s.play("Pinger");
    // Lure is the one follower Pinger may select.
    let lure = s.card(P2, Zone::Field, "Lure");
    assert_eq!(s.options(), vec![crate::engine::Choice::Card(lure)]);
    s.settle();
    assert_eq!(s.game.state().card(lure).damage, 1, "{}", s.dump());
    let v3 = s.card(P2, Zone::Field, "V3");
    assert_eq!(s.game.state().card(v3).damage, 0);
}

#[test]
fn l12_9_a_skipped_turn_does_not_begin_and_two_skips_skip_one_turn() {
    let mut s = brief_board(Side::new().field(["V1"]), Side::new());
    let turn = s.game.state().turn;
    s.game.state.players[P2.idx()].skip_next_turn = true;
    s.end_turn();
    assert_eq!(s.game.state().active, P1, "{}", s.dump());
    assert_eq!(
        s.game.state().turn,
        turn + 1,
        "the skipped turn never began"
    );
    assert!(!s.game.state().player(P2).skip_next_turn);
    // Both players skipping: P2's turn is skipped, then P1's, so P2 plays
    // next, and each flag is spent.
    s.game.state.players[P1.idx()].skip_next_turn = true;
    s.game.state.players[P2.idx()].skip_next_turn = true;
    s.end_turn();
    assert_eq!(s.game.state().active, P2);
    assert!(!s.game.state().player(P1).skip_next_turn);
    assert!(!s.game.state().player(P2).skip_next_turn);
    s.end_turn();
    assert_eq!(s.game.state().active, P1, "one turn skipped each");
}

#[test]
fn l12_8_a_card_taken_keeps_its_state_waits_a_turn_to_attack_and_goes_home_when_it_leaves() {
    let mut s = brief_board(Side::new().field(["V1"]), Side::new().field(["V3"]));
    let v3 = s.card(P2, Zone::Field, "V3");
    s.game.state.cards[v3.idx()].damage = 1;
    let object = s.game.state().card(v3).object;
    s.game
        .apply(crate::engine::mutation::Mutation::ChangeControl { card: v3, to: P1 });
    let state = s.game.state().card(v3);
    assert_eq!((state.controller, state.zone), (P1, Zone::Field));
    assert_eq!((state.damage, state.object), (1, object), "the same object");
    assert!(s.game.state().player(P2).field.is_empty());
    // Both players see it on P1's field as taken.
    for viewer in [P1, P2] {
        let view = s.game.view(viewer);
        let shown = view.sides[0].field.iter().find(|c| c.card == v3);
        assert!(shown.is_some_and(|c| c.taken), "seen by {viewer}");
        assert!(
            view.sides[0].field.iter().filter(|c| c.taken).count() == 1,
            "V1 is P1's own"
        );
    }
    assert!(
        !s.can(s.attack_action("V3", "leader")),
        "not on its new controller's field since the turn began"
    );
    s.end_turn();
    s.end_turn();
    assert!(s.can(s.attack_action("V3", "leader")), "{}", s.dump());
    // It leaves to its owner's zones.
    s.game.destroy(v3, true);
    assert!(s.find(P2, Zone::Cemetery, "V3").is_some(), "{}", s.dump());
}
