//! Sandbox tools: changes outside the rules, through the choke point.

use super::{P1, P2};
use crate::engine::{Action, Event, Outcome, SandboxAction, SandboxError, WinReason, Zone};
use crate::scenario::{Scenario, Side};

#[test]
fn a_card_put_on_the_field_can_act_and_triggers_nothing() {
    let mut s = Scenario::builder()
        .side(P2, Side::new().field(["V2"]))
        .build();
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
    let mut s = Scenario::builder()
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
    let mut s = Scenario::builder().build();
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
