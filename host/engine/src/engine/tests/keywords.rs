//! rules-coverage.md §13: keywords.

use super::{P1, P2};
use crate::board::{Board, Side};
use crate::engine::{Action, AttackTarget, Choice, Zone};

#[test]
fn s13_1_an_engaged_ward_follower_must_be_attacked() {
    let s = Board::builder()
        .side(P1, Side::new().field(["V2"]))
        .side(P2, Side::new().engaged(["Warden", "V3"]))
        .build();
    let attacker = s.card(P1, Zone::Field, "V2");
    let warden = s.card(P2, Zone::Field, "Warden");
    let targets = s.game.attack_targets(attacker);
    assert_eq!(targets.len(), 1);
    assert!(matches!(targets[0], AttackTarget::Follower(c, _) if c == warden));
}

#[test]
fn s13_1_a_reserved_ward_follower_imposes_nothing() {
    let s = Board::builder()
        .side(P1, Side::new().field(["V2"]))
        .side(P2, Side::new().field(["Warden"]))
        .build();
    let attacker = s.card(P1, Zone::Field, "V2");
    assert_eq!(
        s.game.attack_targets(attacker),
        vec![AttackTarget::Leader(P2)]
    );
}

#[test]
fn s13_1_ignore_ward_attacks_past_ward() {
    let s = Board::builder()
        .side(P1, Side::new().field(["Wardbreaker"]))
        .side(P2, Side::new().engaged(["Warden"]))
        .build();
    let attacker = s.card(P1, Zone::Field, "Wardbreaker");
    assert_eq!(s.game.attack_targets(attacker).len(), 2);
}

#[test]
fn s13_1_a_ward_follower_may_enter_engaged() {
    let mut s = Board::builder()
        .side(P1, Side::new().hand(["Warden"]).pp(2))
        .build();
    s.play("Warden");
    assert_eq!(
        s.game.decision().map(|d| d.prompt.clone()),
        Some(crate::engine::Prompt::EngageWardOnEnter {
            card: s.card(P1, Zone::Field, "Warden")
        })
    );
    s.choose(|c| *c == Choice::Yes);
    assert!(s.dump().contains("field Warden 1/4 E"), "{}", s.dump());
}

#[test]
fn s13_1_end_phase_ward_step_engages_chosen_followers() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["Warden"]))
        .build();
    s.act(Action::EndMainPhase);
    let warden = s.card(P1, Zone::Field, "Warden");
    assert_eq!(
        s.game.decision().map(|d| d.prompt.clone()),
        Some(crate::engine::Prompt::EngageWardFollowers)
    );
    s.choose(|c| *c == Choice::Card(warden));
    s.settle();
    // P2's turn now; P1's Warden stays engaged through it.
    assert!(s.game.state().card(warden).engaged);
}

#[test]
fn s13_2_storm_attacks_the_leader_the_turn_it_enters() {
    let s = Board::builder()
        .side(P1, Side::new().new_on_field(["Stormer"]))
        .build();
    let attacker = s.card(P1, Zone::Field, "Stormer");
    assert!(s.game.can_attack(attacker));
    assert_eq!(
        s.game.attack_targets(attacker),
        vec![AttackTarget::Leader(P2)]
    );
}

#[test]
fn s13_3_rush_attacks_only_followers_the_turn_it_enters() {
    let s = Board::builder()
        .side(P1, Side::new().new_on_field(["Rusher"]))
        .side(P2, Side::new().engaged(["V1"]))
        .build();
    let attacker = s.card(P1, Zone::Field, "Rusher");
    let targets = s.game.attack_targets(attacker);
    assert_eq!(targets.len(), 1);
    assert!(matches!(targets[0], AttackTarget::Follower(..)));
}

#[test]
fn s13_4_assail_may_attack_reserved_followers_not_intimidate() {
    let s = Board::builder()
        .side(P1, Side::new().field(["Assailant"]))
        .side(P2, Side::new().field(["V1", "Intimidator"]))
        .build();
    let attacker = s.card(P1, Zone::Field, "Assailant");
    let v1 = s.card(P2, Zone::Field, "V1");
    let targets = s.game.attack_targets(attacker);
    assert_eq!(targets.len(), 2);
    assert!(matches!(targets[0], AttackTarget::Follower(c, _) if c == v1));
}

#[test]
fn s13_6_drain_heals_by_the_attack_damage_dealt() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["Drainer"]).leader(10))
        .build();
    s.attack("Drainer", "leader");
    let p = s.game.state().player(P1);
    assert_eq!(p.leader_defense, 12);
    assert_eq!(s.game.state().player(P2).leader_defense, 18);
}

#[test]
fn s13_7_bane_destroys_what_it_fights_even_when_it_dies() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["Baneling"]))
        .side(P2, Side::new().engaged(["V5"]))
        .build();
    s.attack("Baneling", "V5");
    let dump = s.dump();
    assert!(
        dump.contains(
            "P2  leader 20 pp 0/0 ep 0 sep 1 deck 10 | hand - | field - | ex - | cemetery V5"
        ),
        "{dump}"
    );
    assert!(dump.contains("cemetery Baneling"), "{dump}");
}

#[test]
fn s13_7_cannot_be_destroyed_by_abilities_survives_bane() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["Baneling"]))
        .side(P2, Side::new().engaged(["Unbreakable"]))
        .build();
    s.attack("Baneling", "Unbreakable");
    let dump = s.dump();
    assert!(
        dump.contains("field Unbreakable 1/4 E"),
        "Bane is destruction by an ability (CR 11.3.2.1):\n{dump}"
    );
    assert!(dump.contains("cemetery Baneling"), "{dump}");
}

#[test]
fn s13_8_aura_cards_cannot_be_selected_by_the_opponent() {
    let mut s = Board::builder()
        .side(P1, Side::new().hand(["Quick Bolt"]).pp(1).field(["V1"]))
        .side(P2, Side::new().field(["Aura Guard", "V2"]))
        .build();
    s.play("Quick Bolt");
    let aura = s.card(P2, Zone::Field, "Aura Guard");
    let options = s.options();
    assert!(!options.contains(&Choice::Card(aura)), "{options:?}");
    assert_eq!(options.len(), 2, "own V1 and enemy V2");
}

#[test]
fn s13_9_quick_cards_are_offered_in_the_opponents_attack_window_only_with_pp() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["V2"]))
        .side(P2, Side::new().hand(["Quick Bolt"]).pp(0))
        .build();
    s.attack("V2", "leader");
    // No PP: the window passes by itself.
    assert_eq!(s.decider(), P1);
    assert_eq!(s.game.state().player(P2).leader_defense, 18);
}

/// The test cards with "Quickener": an amulet whose passive gives the
/// cards in its controller's hand Quick.
fn db_with_quickener() -> std::sync::Arc<crate::cards::CardDb> {
    use crate::cards::{CardFilter, Grant, Keywords, PassiveCondition, PassiveDef, PassiveScope};
    let quickener = PassiveDef {
        grant: Grant::Keywords(Keywords::QUICK),
        scope: PassiveScope::AlliesInHand(CardFilter::default()),
        condition: PassiveCondition::Always,
    };
    crate::board::fixtures::test_db_with_passive(
        "TEST-FORGE",
        "TEST-QUICKENER",
        "Quickener",
        quickener,
    )
    .map(std::sync::Arc::new)
    .expect("Forge is a test card")
}

#[test]
fn s13_9_a_card_given_quick_by_a_passive_is_offered_in_the_attack_window() {
    let mut s = Board::builder()
        .db(db_with_quickener())
        .side(P1, Side::new().field(["V2"]))
        .side(
            P2,
            Side::new().field(["Quickener"]).hand(["Fairy Ring"]).pp(1),
        )
        .build();
    let ring = s.card(P2, Zone::Hand, "Fairy Ring");
    s.attack("V2", "leader");
    assert_eq!(s.decider(), P2, "the window waits for P2");
    assert!(
        s.game
            .legal_quick_actions(P2)
            .contains(&Action::Play { card: ring })
    );
}

#[test]
fn s13_9_a_card_given_quick_by_an_effect_is_offered_in_the_attack_window() {
    use crate::cards::Keywords;
    use crate::engine::{Duration, EffectKind};
    let mut s = Board::builder()
        .side(P1, Side::new().field(["V2"]))
        .side(P2, Side::new().hand(["Fairy Ring", "Fairy Ring"]).pp(1))
        .build();
    let rings: Vec<_> = s.game.state().player(P2).hand.to_vec();
    s.game.add_effect(
        rings[0],
        EffectKind::Keywords(Keywords::QUICK),
        Duration::EndOfTurn,
        None,
    );
    s.attack("V2", "leader");
    assert_eq!(s.decider(), P2, "the window waits for P2");
    let offered = s.game.legal_quick_actions(P2);
    assert!(offered.contains(&Action::Play { card: rings[0] }));
    assert!(
        !offered.contains(&Action::Play { card: rings[1] }),
        "the other copy has no Quick"
    );
}
