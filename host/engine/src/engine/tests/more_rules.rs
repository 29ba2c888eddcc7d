//! More rules edge cases: Intimidate and Ward together, Bane with 0
//! damage, Drain against a follower, 0-cost evolution and EP, class counts,
//! extra turns.

use super::{P1, P2};
use crate::board::{Board, Side};
use crate::cards::Keywords;
use crate::engine::mutation::Mutation;
use crate::engine::{Action, AttackTarget, Duration, EffectKind, Zone};

#[test]
fn s13_5_an_engaged_ward_follower_with_intimidate_creates_no_ward_lock() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["V2"]))
        .side(P2, Side::new().engaged(["Warden", "V3"]))
        .build();
    let warden = s.card(P2, Zone::Field, "Warden");
    s.game.add_effect(
        warden,
        EffectKind::Keywords(Keywords::INTIMIDATE),
        Duration::WhileInZone,
        None,
    );
    let attacker = s.card(P1, Zone::Field, "V2");
    let v3 = s.card(P2, Zone::Field, "V3");
    let targets = s.game.attack_targets(attacker);
    assert!(
        targets
            .iter()
            .any(|t| matches!(t, AttackTarget::Follower(c, _) if *c == v3))
    );
    assert!(targets.contains(&AttackTarget::Leader(P2)));
    assert!(
        !targets
            .iter()
            .any(|t| matches!(t, AttackTarget::Follower(c, _) if *c == warden))
    );
}

#[test]
fn s8_3_a_zero_attack_bane_follower_still_fights_and_destroys() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["Baneling"]))
        .side(P2, Side::new().engaged(["V5"]))
        .build();
    let bane = s.card(P1, Zone::Field, "Baneling");
    s.game.add_effect(
        bane,
        EffectKind::Stats {
            attack: -1,
            defense: 0,
        },
        Duration::WhileInZone,
        None,
    );
    s.attack("Baneling", "V5");
    let dump = s.dump();
    assert!(
        dump.contains("cemetery V5"),
        "0 damage, but they fought:\n{dump}"
    );
}

#[test]
fn s13_6_drain_heals_by_attack_damage_dealt_to_a_follower() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["Drainer"]).leader(10))
        .side(P2, Side::new().engaged(["V5"]))
        .build();
    s.attack("Drainer", "V5");
    assert_eq!(s.game.state().player(P1).leader_defense, 12);
}

#[test]
fn s10_1_a_zero_cost_evolve_cannot_use_an_evolution_point() {
    let s = Board::builder()
        .side(
            P1,
            Side::new()
                .field(["Roc"])
                .pp(0)
                .ep(2)
                .evolve_deck(["Roc (Evolved)"]),
        )
        .build();
    let roc = s.card(P1, Zone::Field, "Roc");
    assert!(s.can(Action::Evolve {
        card: roc,
        use_ep: false,
        super_evolve: false
    }));
    assert!(!s.can(Action::Evolve {
        card: roc,
        use_ep: true,
        super_evolve: false
    }));
}

#[test]
fn s2_class_counts_overflow_sanguine_spellchain_necrocharge() {
    let mut s = Board::builder()
        .side(
            P1,
            Side::new()
                .pp(7)
                .cemetery(["Quick Bolt", "Fairy Ring", "V1"])
                .field(["V3"]),
        )
        .side(P2, Side::new().pp(6).engaged(["V1"]))
        .build();
    let state = s.game.state();
    assert!(state.overflow(P1));
    assert!(!state.overflow(P2));
    assert_eq!(state.spellchain(s.game.db(), P1), 2);
    assert!(state.necrocharge(P1, 3));
    assert!(!state.necrocharge(P1, 4));
    assert!(!state.sanguine(P1));
    s.game
        .deal_damage_to_leader(P1, 2, crate::engine::DamageKind::Ability, None);
    assert!(
        s.game.state().sanguine(P1),
        "lost defense during its own turn"
    );
    assert!(!s.game.state().sanguine(P2));
}

#[test]
fn s7_0_an_extra_turn_goes_to_the_same_player() {
    let mut s = Board::builder().build();
    s.game.apply(Mutation::AddExtraTurn(P1));
    s.end_turn();
    assert_eq!(s.game.state().active, P1);
    assert_eq!(s.game.state().turn, 10);
    s.end_turn();
    assert_eq!(s.game.state().active, P2);
}

#[test]
fn s2_4_cr_13_3_2_2_stack_replaces_putting_the_card_into_the_cemetery_as_a_cost() {
    use crate::cards::Counter;
    let mut s = Board::builder()
        .side(P1, Side::new().field(["Stack Altar"]).leader(10))
        .build();
    let altar = s.card(P1, Zone::Field, "Stack Altar");
    s.act(Action::Activate {
        card: altar,
        ability: crate::engine::AbilityIdx(0),
    });
    // The cost is paid: the altar lost a Stack counter instead of leaving,
    // and the ability resolved.
    assert_eq!(s.game.state().card(altar).zone, Zone::Field);
    assert_eq!(s.game.state().card(altar).counter(Counter::Stack), 1);
    assert_eq!(s.game.state().player(P1).leader_defense, 11);
}

#[test]
fn a_card_made_cheaper_by_an_effect_can_be_played_below_its_printed_cost() {
    let mut s = Board::builder()
        .side(P1, Side::new().hand(["V2"]).pp(1))
        .build();
    let v2 = s.card(P1, Zone::Hand, "V2");
    let play = Action::Play { card: v2 };
    assert!(!s.game.legal_main_actions(P1).contains(&play), "costs 2");
    s.game
        .add_effect(v2, EffectKind::Cost(-1), Duration::EndOfTurn, None);
    assert!(s.game.legal_main_actions(P1).contains(&play), "costs 1 now");
}

#[test]
fn a_card_made_cheaper_by_a_passive_can_be_played_below_its_printed_cost() {
    use crate::cards::{CardFilter, Grant, PassiveCondition, PassiveDef, PassiveScope};
    let discount = PassiveDef {
        grant: Grant::Cost(-1),
        scope: PassiveScope::AlliesInHand(CardFilter::default()),
        condition: PassiveCondition::Always,
    };
    let db = crate::board::fixtures::test_db_with_passive(
        "TEST-FORGE",
        "TEST-DISCOUNTER",
        "Discounter",
        discount,
    )
    .map(std::sync::Arc::new)
    .expect("Forge is a test card");
    let s = Board::builder()
        .db(db)
        .side(P1, Side::new().field(["Discounter"]).hand(["V2"]).pp(1))
        .build();
    let v2 = s.card(P1, Zone::Hand, "V2");
    assert!(
        s.game
            .legal_main_actions(P1)
            .contains(&Action::Play { card: v2 })
    );
}

#[test]
fn a_card_made_cheaper_by_its_own_passive_can_be_played_below_its_printed_cost() {
    use crate::cards::{Grant, PassiveCondition, PassiveDef, PassiveScope};
    // No card on the field has a passive: only the card's own reaches it
    // in the hand (`cost_may_be_lowered`).
    let discount = PassiveDef {
        grant: Grant::Cost(-1),
        scope: PassiveScope::ThisCard,
        condition: PassiveCondition::Always,
    };
    let db = crate::board::fixtures::test_db_with_passive(
        "TEST-V2",
        "TEST-THRIFTY",
        "Thrifty",
        discount,
    )
    .map(std::sync::Arc::new)
    .expect("V2 is a test card");
    let s = Board::builder()
        .db(db)
        .side(P1, Side::new().field(["V1"]).hand(["Thrifty", "V2"]).pp(1))
        .build();
    let thrifty = s.card(P1, Zone::Hand, "Thrifty");
    let v2 = s.card(P1, Zone::Hand, "V2");
    let actions = s.game.legal_main_actions(P1);
    assert!(actions.contains(&Action::Play { card: thrifty }), "costs 1");
    assert!(!actions.contains(&Action::Play { card: v2 }), "costs 2");
}

/// The test cards without their passives: characteristics then depend on
/// a card's own data alone, and rules handling skips changes that touch
/// nothing it reads (`Mutation::concerns_rules`).
fn db_without_passives() -> std::sync::Arc<crate::cards::CardDb> {
    use crate::cards::{AbilityKind, CardDb};
    let mut cards = crate::board::fixtures::test_cards();
    for card in &mut cards {
        card.abilities
            .retain(|a| !matches!(a.kind, AbilityKind::Passive(_)));
    }
    let db = CardDb::new(cards).expect("unique ids");
    assert!(!db.has_passives());
    std::sync::Arc::new(db)
}

#[test]
fn without_passives_rules_handling_still_sees_what_changes_after_turns_pass() {
    use crate::cards::CardFilter;
    // Pinger's Fanfare deals 3 damage to each enemy follower and gives its
    // controller 9 PP, over the maximum.
    let runner = crate::board::fixtures::test_runner().ability("TEST-PING", 0, |cx| {
        let enemy = cx.controller().opponent();
        let followers = cx
            .query()
            .cards(enemy, Zone::Field, &CardFilter::followers());
        for card in followers {
            cx.damage_follower(card, 3);
        }
        cx.add_play_points(cx.controller(), 9);
        Ok(())
    });
    let mut s = Board::builder()
        .db(db_without_passives())
        .runner(std::sync::Arc::new(runner))
        .side(P1, Side::new().field(["V2"]).hand(["Pinger"]).pp(2))
        .side(P2, Side::new().field(["V3"]))
        .build();
    // Turns and phases pass (changes rules handling skips)...
    s.end_turn();
    s.end_turn();
    assert_eq!(s.game.state().active, P1);
    // ...then damage and PP it must see.
    let v3 = s.card(P2, Zone::Field, "V3");
    s.play("Pinger");
    s.settle();
    assert_eq!(s.game.state().card(v3).zone, Zone::Cemetery, "{}", s.dump());
    let p1 = s.game.state().player(P1);
    assert!(p1.pp <= p1.max_pp, "PP {} over {}", p1.pp, p1.max_pp);
}

#[test]
fn without_passives_rules_handling_skips_only_changes_it_cannot_find_work_after() {
    let mut s = Board::builder()
        .db(db_without_passives())
        .side(P1, Side::new().field(["V2"]))
        .side(P2, Side::new().field(["V3"]))
        .build();
    let (v2, v3) = (s.card(P1, Zone::Field, "V2"), s.card(P2, Zone::Field, "V3"));
    assert!(s.game.rules_handling().is_none());
    // Engaging a card is nothing rules handling reads: it is skipped (and
    // debug builds check that it had nothing to do).
    s.game.apply(Mutation::SetEngaged(v2, true));
    let skipped_at = s.game.work.rules_changes();
    assert!(s.game.rules_handling().is_none());
    assert_eq!(s.game.work.rules_changes(), skipped_at);
    // Lethal damage is: the follower is destroyed.
    s.game.apply(Mutation::DamageFollower {
        card: v3,
        amount: 10,
        kind: crate::engine::DamageKind::Ability,
        source: None,
    });
    assert!(s.game.work.rules_changes() > skipped_at);
    assert!(s.game.rules_handling().is_none());
    assert_eq!(s.game.state().card(v3).zone, Zone::Cemetery, "{}", s.dump());
}

#[test]
fn without_passives_the_fields_reading_holds_until_a_change_that_could_alter_it() {
    let mut s = Board::builder()
        .db(db_without_passives())
        .side(P1, Side::new().field(["V2"]).pp(3))
        .side(P2, Side::new().field(["V3"]))
        .build();
    let (v2, v3) = (s.card(P1, Zone::Field, "V2"), s.card(P2, Zone::Field, "V3"));
    assert!(s.game.rules_handling().is_none());
    assert!(s.game.settled_field().is_some());
    // Engaging a follower and paying PP alter no characteristics: rules
    // handling (it reads the PP) and legal actions use the reading again
    // (debug builds check it against a fresh one).
    s.game.apply(Mutation::SetEngaged(v2, true));
    s.game.apply(Mutation::SetResource(
        P1,
        crate::engine::event::Resource::PlayPoints,
        1,
    ));
    assert!(s.game.settled_field().is_some());
    assert!(s.game.rules_handling().is_none());
    assert!(s.game.settled_field().is_some());
    // Damage does: the reading is dropped, and the follower destroyed.
    s.game.apply(Mutation::DamageFollower {
        card: v3,
        amount: 10,
        kind: crate::engine::DamageKind::Ability,
        source: None,
    });
    assert!(s.game.settled_field().is_none());
    assert!(s.game.rules_handling().is_none());
    assert_eq!(s.game.state().card(v3).zone, Zone::Cemetery, "{}", s.dump());
}

/// Test cards plus "Reaper", whose plain passive reads its allies' data:
/// engaged other allies on the field get -0/-10.
fn db_with_reaper(
    condition: crate::cards::PassiveCondition,
) -> std::sync::Arc<crate::cards::CardDb> {
    use crate::cards::{CardFilter, Grant, PassiveDef, PassiveScope};
    let passive = PassiveDef {
        grant: Grant::Stats {
            attack: 0,
            defense: -10,
        },
        scope: PassiveScope::OtherAlliesOnField(CardFilter {
            engaged: Some(true),
            ..CardFilter::default()
        }),
        condition,
    };
    crate::board::fixtures::test_db_with_passive("TEST-FORGE", "TEST-REAPER", "Reaper", passive)
        .map(std::sync::Arc::new)
        .expect("Forge is a test card")
}

#[test]
fn with_plain_passives_the_fields_reading_holds_until_a_field_card_changes() {
    use crate::engine::state::query::PassivesInPlay;
    let mut s = Board::builder()
        .db(db_with_reaper(crate::cards::PassiveCondition::Always))
        .side(P1, Side::new().field(["Reaper", "V2"]).hand(["V3"]).pp(3))
        .build();
    let (v2, v3) = (s.card(P1, Zone::Field, "V2"), s.card(P1, Zone::Hand, "V3"));
    assert!(s.game.rules_handling().is_none());
    assert_eq!(s.game.passives_as_read(), PassivesInPlay::Plain);
    // PP and a hand card's data are nothing a plain passive on the field
    // reads: the reading holds, and rules handling is skipped (debug
    // builds check both against a fresh working out).
    s.game.apply(Mutation::SetResource(
        P1,
        crate::engine::event::Resource::PlayPoints,
        1,
    ));
    s.game.apply(Mutation::SetEngaged(v3, true));
    assert!(s.game.settled_field().is_some());
    assert!(s.game.rules_handling().is_none());
    // Engaging a field card is: Reaper's passive now reaches V2, which
    // is destroyed.
    s.game.apply(Mutation::SetEngaged(v2, true));
    assert!(s.game.settled_field().is_none());
    assert!(s.game.rules_handling().is_none());
    assert_eq!(s.game.state().card(v2).zone, Zone::Cemetery, "{}", s.dump());
}

#[test]
fn with_a_conditional_passive_on_the_field_any_change_drops_the_reading() {
    use crate::engine::state::query::PassivesInPlay;
    let mut s = Board::builder()
        .db(db_with_reaper(crate::cards::PassiveCondition::Overflow))
        .side(P1, Side::new().field(["Reaper", "V2"]).pp(3))
        .build();
    assert!(s.game.rules_handling().is_none());
    assert_eq!(s.game.passives_as_read(), PassivesInPlay::Any);
    s.game.apply(Mutation::SetResource(
        P1,
        crate::engine::event::Resource::MaxPlayPoints,
        7,
    ));
    assert!(s.game.settled_field().is_none());
}

/// Trader (Fanfare: you may discard a card; if you do, draw 2), played
/// with `others` beside it in hand, and its optional cost said yes to.
fn trader_paying_with(others: [&str; 3]) -> Board {
    let mut s = Board::builder()
        .side(
            P1,
            Side::new()
                .hand(["Trader", others[0], others[1], others[2]])
                .pp(3),
        )
        .build();
    let trader = s.card(P1, Zone::Hand, "Trader");
    s.act(Action::Play { card: trader });
    s.choose(|c| *c == crate::engine::Choice::Yes);
    s
}

#[test]
fn a_cost_does_not_ask_which_of_identical_cards_pays() {
    // Three copies of V1, the same in every way: which one is discarded is
    // no choice, so none is asked and one copy pays.
    let s = trader_paying_with(["V1", "V1", "V1"]);
    let p1 = s.game.state().player(P1);
    let in_cemetery: Vec<_> = p1
        .cemetery
        .iter()
        .map(|c| s.game.db().get(s.game.state().card(*c).def).name.clone())
        .collect();
    assert_eq!(in_cemetery, ["V1"], "one copy discarded");
    // Two copies stay, two cards drawn.
    assert_eq!(p1.hand.len(), 4);
    assert_eq!(
        s.game.decision().map(|d| &d.prompt),
        Some(&crate::engine::Prompt::MainAction)
    );
}

#[test]
fn a_cost_offers_one_of_each_kind_of_card_when_they_differ() {
    let s = trader_paying_with(["V1", "V1", "V2"]);
    let which = s.game.decision().cloned().expect("which card pays");
    assert!(matches!(
        which.prompt,
        crate::engine::Prompt::CostCards { .. }
    ));
    assert_eq!(which.choosable().len(), 2, "one V1 and the V2");
}

#[test]
fn engaged_or_changed_copies_are_not_interchangeable() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["V2", "V2", "V2"]))
        .build();
    let field = s.game.state().player(P1).field.clone();
    assert!(s.game.state().interchangeable(field[0], field[1]));
    s.game.apply(Mutation::SetEngaged(field[1], true));
    assert!(!s.game.state().interchangeable(field[0], field[1]));
    s.game
        .add_effect(field[2], EffectKind::Cost(-1), Duration::EndOfTurn, None);
    assert!(!s.game.state().interchangeable(field[0], field[2]));
}
