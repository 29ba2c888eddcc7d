//! More rules edge cases: Intimidate and Ward together, Bane with 0
//! damage, Drain against a follower, 0-cost evolution and EP, class counts,
//! extra turns.

use super::{P1, P2};
use crate::cards::Keywords;
use crate::engine::mutation::Mutation;
use crate::engine::{Action, AttackTarget, Duration, EffectKind, Zone};
use crate::scenario::{Scenario, Side};

#[test]
fn s13_5_an_engaged_ward_follower_with_intimidate_creates_no_ward_lock() {
    let mut s = Scenario::builder()
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
    let mut s = Scenario::builder()
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
    let mut s = Scenario::builder()
        .side(P1, Side::new().field(["Drainer"]).leader(10))
        .side(P2, Side::new().engaged(["V5"]))
        .build();
    s.attack("Drainer", "V5");
    assert_eq!(s.game.state().player(P1).leader_defense, 12);
}

#[test]
fn s10_1_a_zero_cost_evolve_cannot_use_an_evolution_point() {
    let s = Scenario::builder()
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
    let mut s = Scenario::builder()
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
    let mut s = Scenario::builder().build();
    s.game.apply(Mutation::AddExtraTurn(P1));
    s.end_turn();
    assert_eq!(s.game.state().active, P1);
    assert_eq!(s.game.state().turn, 10);
    s.end_turn();
    assert_eq!(s.game.state().active, P2);
}
