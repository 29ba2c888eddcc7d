//! rules-coverage.md §8 (CR 8.4): who may attack, legal targets, the attack steps and
//! combat damage; §9 damage and destruction.

use super::{P1, P2};
use crate::board::{Board, Side};
use crate::engine::{Action, AttackTarget, Choice, Zone};
use expect_test::expect;

#[test]
fn s8_1_a_follower_that_entered_this_turn_cannot_attack() {
    let s = Board::builder()
        .side(P1, Side::new().new_on_field(["V2"]))
        .build();
    let attacker = s.card(P1, Zone::Field, "V2");
    assert!(!s.game.can_attack(attacker));
    assert_eq!(s.options(), vec![Choice::Action(Action::EndMainPhase)]);
}

#[test]
fn s8_2_only_engaged_followers_and_the_leader_are_targets() {
    let s = Board::builder()
        .side(P1, Side::new().field(["V2"]))
        .side(P2, Side::new().field(["V1"]).engaged(["V3"]))
        .build();
    let attacker = s.card(P1, Zone::Field, "V2");
    let engaged = s.card(P2, Zone::Field, "V3");
    let targets = s.game.attack_targets(attacker);
    assert_eq!(targets.len(), 2);
    assert!(matches!(targets[0], AttackTarget::Follower(c, _) if c == engaged));
    assert_eq!(targets[1], AttackTarget::Leader(P2));
}

#[test]
fn s8_3_attacking_the_leader_engages_and_deals_attack_damage() {
    let mut s = Board::builder().side(P1, Side::new().field(["V3"])).build();
    s.attack("V3", "leader");
    expect![[r#"
        turn 9 Main
        P1* leader 20 pp 0/0 ep 0 sep 1 deck 10 | hand - | field V3 3/3 E | ex - | cemetery -
        P2  leader 17 pp 0/0 ep 0 sep 1 deck 10 | hand - | field - | ex - | cemetery -
        decision P1 MainAction
    "#]]
    .assert_eq(&s.dump());
    expect![[r#"
        V3 attacks P2's leader
        P2's leader: 20 → 17 defense
    "#]]
    .assert_eq(&s.events());
}

#[test]
fn s8_3_step_7_both_followers_deal_damage_and_rules_handling_destroys() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["V3"]))
        .side(P2, Side::new().engaged(["V2"]))
        .build();
    s.attack("V3", "V2");
    expect![[r#"
        turn 9 Main
        P1* leader 20 pp 0/0 ep 0 sep 1 deck 10 | hand - | field V3 3/1 E | ex - | cemetery -
        P2  leader 20 pp 0/0 ep 0 sep 1 deck 10 | hand - | field - | ex - | cemetery V2
        decision P1 MainAction
    "#]]
    .assert_eq(&s.dump());
}

#[test]
fn s8_3_target_that_left_during_the_quick_window_takes_and_deals_no_damage() {
    // P2 answers the attack with Quick Bolt on their own follower... on the
    // attacker instead: the attacker dies before damage, so no damage at all.
    let mut s = Board::builder()
        .side(P1, Side::new().field(["V2"]))
        .side(P2, Side::new().engaged(["V3"]).hand(["Quick Bolt"]).pp(1))
        .build();
    s.attack("V2", "V3");
    // Quick window for P2: play Quick Bolt, select the attacker.
    assert_eq!(s.decider(), P2);
    s.play("Quick Bolt");
    let attacker = s.card(P1, Zone::Field, "V2");
    s.choose(|c| *c == Choice::Card(attacker));
    // The window would reopen after the play, but P2 has nothing left to
    // play, so it closes by itself.
    let dump = s.dump();
    assert!(
        dump.contains(
            "P1* leader 20 pp 0/0 ep 0 sep 1 deck 10 | hand - | field - | ex - | cemetery V2"
        ),
        "{dump}"
    );
    assert!(
        dump.contains("field V3 3/3 E"),
        "the target took no damage:\n{dump}"
    );
}

#[test]
fn s9_damage_stays_on_followers_across_turns() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["V3"]).damaged(2))
        .build();
    s.end_turn();
    assert!(s.dump().contains("field V3 3/1"), "{}", s.dump());
}

#[test]
fn s14_leader_at_zero_loses_at_rules_handling() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["V3"]))
        .side(P2, Side::new().leader(3))
        .build();
    s.attack("V3", "leader");
    assert_eq!(
        s.game.outcome(),
        Some(crate::engine::Outcome::Win(
            P1,
            crate::engine::WinReason::LeaderDefense
        ))
    );
    assert!(
        s.events()
            .ends_with("P1 wins (P2 leader defense reached 0)\n")
    );
}

#[test]
fn s14_drawing_from_an_empty_deck_loses() {
    let mut s = Board::builder().side(P2, Side::new().deck([])).build();
    // P2 has no deck (the builder's default deck is replaced by nothing).
    s.end_turn();
    assert_eq!(
        s.game.outcome(),
        Some(crate::engine::Outcome::Win(
            P1,
            crate::engine::WinReason::DeckOut
        ))
    );
}

#[test]
fn s9_3_cr_10_10_2_the_player_taking_the_damage_orders_its_replacements() {
    // V3 deals double combat damage; V5 takes 1 less. ×2 then −1 is 5,
    // −1 then ×2 is 4: P2, whose follower takes it, chooses.
    use crate::cards::Keywords;
    use crate::engine::{Duration, EffectKind, Prompt};
    let mut s = Board::builder()
        .side(P1, Side::new().field(["V3"]))
        .side(P2, Side::new().engaged(["V5"]))
        .build();
    let v3 = s.card(P1, Zone::Field, "V3");
    let v5 = s.card(P2, Zone::Field, "V5");
    let give = |s: &mut Board, card, keywords| {
        s.game.add_effect(
            card,
            EffectKind::Keywords(keywords),
            Duration::WhileInZone,
            None,
        );
    };
    give(&mut s, v3, Keywords::DOUBLE_COMBAT_DAMAGE);
    give(&mut s, v5, Keywords::DAMAGE_REDUCTION1);
    s.attack("V3", "V5");
    let decision = s.game.decision().cloned().expect("an order question");
    assert_eq!(decision.player, P2);
    assert_eq!(
        decision.prompt,
        Prompt::DamageOrder {
            card: v5,
            amounts: vec![5, 4]
        }
    );
    assert_eq!(
        decision.options,
        [
            Choice::Label("take 5 damage (×2, then −1)".to_owned()),
            Choice::Label("take 4 damage (−1, then ×2)".to_owned()),
        ]
    );
    s.answer(P2, &[1]);
    assert_eq!(s.game.state().card(v5).damage, 4, "{}", s.dump());
    assert_eq!(s.game.state().card(v3).zone, Zone::Cemetery, "V5 dealt 5");
}

#[test]
fn s9_3_one_replacement_asks_nothing() {
    use crate::cards::Keywords;
    use crate::engine::{Duration, EffectKind};
    let mut s = Board::builder()
        .side(P1, Side::new().field(["V3"]))
        .side(P2, Side::new().engaged(["V5"]))
        .build();
    let v3 = s.card(P1, Zone::Field, "V3");
    let v5 = s.card(P2, Zone::Field, "V5");
    s.game.add_effect(
        v3,
        EffectKind::Keywords(Keywords::DOUBLE_COMBAT_DAMAGE),
        Duration::WhileInZone,
        None,
    );
    s.attack("V3", "V5");
    assert_eq!(s.game.state().card(v5).zone, Zone::Cemetery, "6 damage");
}
