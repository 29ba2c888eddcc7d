//! Sandbox tools: changes outside the rules, through the choke point.

use super::{P1, P2};
use crate::board::{Board, Side};
use crate::engine::{Action, Event, Outcome, SandboxAction, SandboxError, WinReason, Zone};

#[test]
fn a_card_put_on_the_field_can_act_and_triggers_nothing() {
    let mut s = Board::builder().side(P2, Side::new().field(["V2"])).build();
    let pinger = s.game.db().by_name("Pinger").expect("test card");
    s.game
        .sandbox(SandboxAction::PutCard {
            player: P1,
            def: pinger,
            zone: Zone::Field,
        })
        .expect("room on the field");
    s.game.step();
    // Its Fanfare did not trigger (no target question) and it may attack.
    let card = s.card(P1, Zone::Field, "Pinger");
    assert!(
        s.can(s.attack_action("Pinger", "leader")),
        "{:?}",
        s.options()
    );
    assert!(s.game.can_attack(card));
    let events = s.raw_events();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Sandbox { description } if description == "Pinger put into P1's field"
    )));
    assert!(s.game.check_invariants().is_empty());
}

#[test]
fn resources_are_set_within_their_ranges_and_the_legal_actions_follow() {
    let mut s = Board::builder()
        .side(P1, Side::new().hand(["V3"]).pp(1))
        .build();
    let v3 = s.card(P1, Zone::Hand, "V3");
    assert!(!s.can(Action::Play { card: v3 }));
    s.game
        .sandbox(SandboxAction::SetPlayPoints {
            player: P1,
            pp: 3,
            max_pp: 3,
        })
        .expect("in range");
    s.game.step();
    assert!(
        s.can(Action::Play { card: v3 }),
        "the main action was asked again"
    );
    let before = s.dump();
    let refused = s.game.sandbox(SandboxAction::SetPlayPoints {
        player: P1,
        pp: 5,
        max_pp: 11,
    });
    assert!(matches!(refused, Err(SandboxError::OutOfRange(_))));
    assert_eq!(s.dump(), before, "state untouched");
}

#[test]
fn a_leader_set_to_zero_loses_and_wrong_cards_are_refused() {
    let mut s = Board::builder().build();
    let evolved = s.game.db().by_name("V2 (Evolved)").expect("test card");
    let refused = s.game.sandbox(SandboxAction::PutCard {
        player: P1,
        def: evolved,
        zone: Zone::Hand,
    });
    assert_eq!(
        refused,
        Err(SandboxError::WrongCard(
            "V2 (Evolved) (Evolved Follower) can't be put into the hand".to_owned()
        ))
    );
    s.game
        .sandbox(SandboxAction::SetLeaderDefense {
            player: P2,
            defense: 0,
        })
        .expect("any value");
    assert_eq!(
        s.game.outcome(),
        Some(Outcome::Win(P1, WinReason::LeaderDefense))
    );
    assert_eq!(
        s.game.sandbox(SandboxAction::Draw {
            player: P1,
            count: 1
        }),
        Err(SandboxError::GameOver)
    );
}

#[test]
fn a_destroyed_card_goes_to_the_cemetery_and_its_last_words_resolve() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["Last Drawer"]).deck(["V1", "V1"]))
        .build();
    let drawer = s.card(P1, Zone::Field, "Last Drawer");
    let hand = s.game.state().player(P1).hand.len();
    s.game
        .sandbox(SandboxAction::Destroy { card: drawer })
        .expect("on the field");
    s.game.step();
    assert!(s.find(P1, Zone::Cemetery, "Last Drawer").is_some());
    assert_eq!(
        s.game.state().player(P1).hand.len(),
        hand + 1,
        "its Last Words drew a card before the main action was asked again"
    );
    assert!(!s.options().is_empty(), "the main action is asked again");
    assert!(s.raw_events().iter().any(|e| matches!(
        e,
        Event::Sandbox { description } if description == "Last Drawer destroyed"
    )));
    assert!(s.game.check_invariants().is_empty());
}

#[test]
fn damage_lowers_defense_and_a_follower_with_none_left_is_destroyed() {
    let mut s = Board::builder()
        .side(P2, Side::new().field(["V3", "V1"]))
        .build();
    let v3 = s.card(P2, Zone::Field, "V3");
    let defense = s.game.state().characteristics(s.game.db(), v3).defense;
    s.game
        .sandbox(SandboxAction::DealDamage {
            card: v3,
            amount: 1,
        })
        .expect("a follower on the field");
    s.game.step();
    let now = s.game.state().characteristics(s.game.db(), v3).defense;
    assert_eq!(now, defense - 1, "damage is subtracted from defense");
    let v1 = s.card(P2, Zone::Field, "V1");
    s.game
        .sandbox(SandboxAction::DealDamage {
            card: v1,
            amount: 99,
        })
        .expect("a follower on the field");
    s.game.step();
    assert!(s.find(P2, Zone::Cemetery, "V1").is_some(), "rules handling");
    assert!(s.game.check_invariants().is_empty());
}

#[test]
fn destroy_and_damage_reach_only_cards_on_the_field() {
    let mut s = Board::builder()
        .side(P1, Side::new().hand(["V1"]).field(["Stack Altar"]))
        .build();
    let before = s.dump();
    let in_hand = s.card(P1, Zone::Hand, "V1");
    assert_eq!(
        s.game.sandbox(SandboxAction::Destroy { card: in_hand }),
        Err(SandboxError::WrongCard("V1 is not on the field".to_owned()))
    );
    let altar = s.card(P1, Zone::Field, "Stack Altar");
    assert_eq!(
        s.game.sandbox(SandboxAction::DealDamage {
            card: altar,
            amount: 2
        }),
        Err(SandboxError::WrongCard(
            "Stack Altar is not a follower".to_owned()
        ))
    );
    assert!(matches!(
        s.game.sandbox(SandboxAction::DealDamage {
            card: in_hand,
            amount: 0
        }),
        Err(SandboxError::OutOfRange(_))
    ));
    // A replay names cards by number: a number past the match's cards.
    assert_eq!(
        s.game.sandbox(SandboxAction::Destroy {
            card: crate::engine::CardRef(u32::MAX)
        }),
        Err(SandboxError::WrongCard(format!(
            "there is no card {}",
            u32::MAX
        )))
    );
    assert_eq!(s.dump(), before, "state untouched");
    // Stack takes a counter off instead: the notice says it stayed.
    s.game
        .sandbox(SandboxAction::Destroy { card: altar })
        .expect("on the field");
    assert!(s.find(P1, Zone::Field, "Stack Altar").is_some());
    assert!(s.raw_events().iter().any(|e| matches!(
        e,
        Event::Sandbox { description }
            if description == "Stack Altar destroyed (it stays on the field)"
    )));
}
