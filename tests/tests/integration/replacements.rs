//! Replacement effects on damage from the Rust SDK (later-sets §11.2,
//! §12.14), on Heat Shield of `tests/packs/overheat-rust`:
//! `Game::replace_leader_damage` with a "next time" shield and a
//! reduction for the turn; and Slag Wall's continuous one
//! (`Grant::DamageTaken`). The script forms have the scenarios `l11-2-*`
//! and `l12-14-*` in `tests/packs/later-sets/tests/`.

use crate::packs::{overheat_rust, scenario};
use sve_engine::board::Side;
use sve_engine::engine::{DamageChange, DamageFilter, DamageReplacement, EffectKind, PlayerId};

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

#[test]
fn a_rust_shield_stops_the_next_attack_and_is_used_up() {
    let loaded = overheat_rust();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Heat Shield"]).pp(1))
        .side(P2, Side::new().field(["Forge Rider", "Gauntlet Smith"]))
        .build();
    s.play("Heat Shield");
    s.settle();
    let state = s.game.state();
    let leader = state.player(P1).leader;
    let on_leader: Vec<DamageReplacement> = state
        .effects
        .iter()
        .filter(|e| e.card == leader)
        .filter_map(|e| match e.kind {
            EffectKind::DamageTaken(r) => Some(r),
            _ => None,
        })
        .collect();
    assert_eq!(
        on_leader,
        [
            DamageReplacement {
                change: DamageChange::Nothing,
                damage: DamageFilter::Any,
                next_time_only: true,
            },
            DamageReplacement {
                change: DamageChange::Less(1),
                damage: DamageFilter::Ability,
                next_time_only: false,
            },
        ]
    );
    s.end_turn();
    s.attack("Forge Rider", "leader");
    s.settle();
    assert_eq!(s.game.state().player(P1).leader_defense, 20, "{}", s.dump());
    s.attack("Gauntlet Smith", "leader");
    s.settle();
    assert_eq!(s.game.state().player(P1).leader_defense, 18, "used up");
}

#[test]
fn a_rust_passive_makes_its_followers_take_1_less_damage_while_it_stands() {
    let loaded = overheat_rust();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().field(["Gauntlet Smith"]))
        .side(
            P2,
            Side::new().field(["Slag Wall"]).engaged(["Gauntlet Smith"]),
        )
        .build();
    s.attack("Gauntlet Smith", "Gauntlet Smith");
    s.settle();
    let state = s.game.state();
    let theirs = state.player(P2).field[1];
    assert_eq!(state.card(theirs).damage, 1, "{}", s.dump());
    assert!(
        state.player(P1).field.is_empty(),
        "the attacker took all 2: {}",
        s.dump()
    );
}

#[test]
fn a_rust_passive_returns_its_follower_to_the_hand_instead_of_the_cemetery() {
    // Later-sets §11.2: Cinder Cat's own move replacement.
    let loaded = overheat_rust();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().field(["Cinder Cat"]))
        .side(P2, Side::new().engaged(["Gauntlet Smith"]))
        .build();
    s.attack("Cinder Cat", "Gauntlet Smith");
    s.settle();
    let state = s.game.state();
    let cat = state
        .player(P1)
        .hand
        .iter()
        .copied()
        .find(|c| loaded.db.get(state.card(*c).def).name == "Cinder Cat");
    assert!(cat.is_some(), "back in the hand: {}", s.dump());
    assert!(state.player(P1).cemetery.is_empty(), "{}", s.dump());
}

#[test]
fn a_rust_card_that_keeps_you_alive_falls_when_your_leader_reaches_0() {
    // Later-sets §12.3: Boiler Heart's "when your leader's defense becomes
    // 0 or less" (`Trigger::OnLeaderDefenseZero`).
    let loaded = overheat_rust();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().field(["Boiler Heart"]).leader(2))
        .side(P2, Side::new().field(["Gauntlet Smith"]))
        .build();
    s.end_turn();
    s.attack("Gauntlet Smith", "leader");
    s.settle();
    let state = s.game.state();
    assert_eq!(state.outcome, None, "{}", s.dump());
    assert_eq!(state.player(P1).leader_defense, 1, "{}", s.dump());
    assert!(state.player(P1).field.is_empty(), "the amulet fell");
}
