//! rules-coverage.md §10: evolution and super evolution.

use super::{P1, P2};
use crate::board::{Board, Side};
use crate::engine::{Action, Zone};

fn evolve(card: crate::engine::CardRef, use_ep: bool, super_evolve: bool) -> Action {
    Action::Evolve {
        card,
        use_ep,
        super_evolve,
    }
}

#[test]
fn s10_2_evolving_keeps_damage_effects_and_state_and_replaces_stats() {
    let mut s = Board::builder()
        .side(
            P1,
            Side::new()
                .field(["V2"])
                .damaged(1)
                .pp(2)
                .evolve_deck(["V2 (Evolved)"]),
        )
        .build();
    let v2 = s.card(P1, Zone::Field, "V2");
    s.game.add_effect(
        v2,
        crate::engine::EffectKind::Stats {
            attack: 2,
            defense: 0,
        },
        crate::engine::Duration::WhileInZone,
        None,
    );
    s.act(evolve(v2, false, false));
    // V2 (Evolved) is 4/4; +2/+0 and 1 damage carry over (CR 5.16.2).
    assert!(s.dump().contains("field V2 (Evolved) 6/3"), "{}", s.dump());
    let p1 = s.game.state().player(P1);
    assert_eq!(p1.pp, 0, "evolve cost 2 paid");
    assert!(p1.evolved_this_turn);
    assert!(s.events().contains("V2 (Evolved) evolves"));
}

#[test]
fn s10_1_one_ep_replaces_one_pp_only_when_the_cost_has_pp() {
    let s = Board::builder()
        .side(
            P1,
            Side::new()
                .field(["V2"])
                .pp(1)
                .ep(1)
                .evolve_deck(["V2 (Evolved)"]),
        )
        .build();
    let v2 = s.card(P1, Zone::Field, "V2");
    assert!(!s.can(evolve(v2, false, false)), "2 PP needed");
    assert!(s.can(evolve(v2, true, false)), "1 PP + 1 EP");
}

#[test]
fn s10_5_only_one_evolve_ability_per_turn() {
    let mut s = Board::builder()
        .side(
            P1,
            Side::new()
                .field(["V1", "V2"])
                .pp(10)
                .evolve_deck(["V1 (Evolved)", "V2 (Evolved)"]),
        )
        .build();
    let v1 = s.card(P1, Zone::Field, "V1");
    let v2 = s.card(P1, Zone::Field, "V2");
    s.act(evolve(v1, false, false));
    assert!(!s.can(evolve(v2, false, false)));
}

#[test]
fn s10_4_a_follower_that_evolved_this_turn_may_attack_followers_only() {
    let mut s = Board::builder()
        .side(
            P1,
            Side::new()
                .new_on_field(["V1"])
                .pp(1)
                .evolve_deck(["V1 (Evolved)"]),
        )
        .side(P2, Side::new().engaged(["V2"]))
        .build();
    let v1 = s.card(P1, Zone::Field, "V1");
    assert!(!s.game.can_attack(v1));
    s.act(evolve(v1, false, false));
    assert!(s.game.can_attack(v1));
    let targets = s.game.attack_targets(v1);
    assert_eq!(targets.len(), 1);
    assert!(matches!(
        targets[0],
        crate::engine::AttackTarget::Follower(..)
    ));
}

#[test]
fn s10_6_super_evolution_needs_turns_passed_and_sep_and_adds_one_one() {
    let early = Board::builder()
        .side(
            P1,
            Side::new()
                .field(["V1"])
                .pp(5)
                .turns_passed(6)
                .evolve_deck(["V1 (Evolved)"]),
        )
        .build();
    let v1 = early.card(P1, Zone::Field, "V1");
    assert!(
        !early.can(evolve(v1, false, true)),
        "first player needs 7 turns passed"
    );
    let mut s = Board::builder()
        .side(
            P1,
            Side::new()
                .field(["V1"])
                .pp(5)
                .turns_passed(7)
                .evolve_deck(["V1 (Evolved)"]),
        )
        .build();
    s.act(evolve(v1, false, true));
    assert!(
        s.dump().contains("field V1 (Evolved) 4/4"),
        "3/3 + 1/1:\n{}",
        s.dump()
    );
    assert_eq!(s.game.state().player(P1).sep, 0);
    // Second player: 6 turns are enough.
    let second = Board::builder()
        .active(P2)
        .side(
            P2,
            Side::new()
                .field(["V1"])
                .pp(5)
                .turns_passed(6)
                .evolve_deck(["V1 (Evolved)"]),
        )
        .build();
    let v1 = second.card(P2, Zone::Field, "V1");
    assert!(second.can(evolve(v1, false, true)));
}

#[test]
fn s10_7_the_evolved_card_returns_face_up_when_its_follower_leaves() {
    let mut s = Board::builder()
        .side(
            P1,
            Side::new()
                .field(["V1"])
                .pp(1)
                .evolve_deck(["V1 (Evolved)", "V1 (Evolved)"]),
        )
        .side(P2, Side::new().engaged(["V5"]))
        .build();
    let v1 = s.card(P1, Zone::Field, "V1");
    s.act(evolve(v1, false, false));
    s.attack("V1 (Evolved)", "V5");
    let p1 = s.game.state().player(P1);
    assert_eq!(p1.cemetery.len(), 1, "the base card goes to the cemetery");
    let face_up: Vec<bool> = p1
        .evolve_deck
        .iter()
        .map(|c| s.game.state().card(*c).face_up)
        .collect();
    assert_eq!(
        face_up,
        vec![false, true],
        "used evolved card is face up (CR 4.6.3)"
    );
    assert!(s.game.check_invariants().is_empty());
}
