//! Player choices in rules handling (later-sets §11.3, CR 11.4.1, 11.5.1):
//! a field or EX area over its limit keeps the cards its player chooses;
//! the others go to the cemetery, not destroyed, in the same batch as the
//! step's destructions. Named `l11_3_<scenario>_...` after the reference's
//! tests RH-1..3, with the basic rule (`s3_3_...`) and Stack replacing the
//! move of an amulet let go (`s2_4_...`, CR 13.3.2.2).

use super::P1;
use crate::board::{Board, Side};
use crate::cards::Counter;
use crate::engine::mutation::{Mutation, Place};
use crate::engine::runtime::Task;
use crate::engine::{CardRef, Choice, DamageKind, Event, MoveCause, Prompt, Zone};

/// Moves a hand card past `zone`'s limit, as no rule does today (the
/// limits are constants), then runs Confirmation Timing.
fn overfill(s: &mut Board, name: &str, zone: Zone) -> CardRef {
    let card = s.card(P1, Zone::Hand, name);
    s.game.apply(Mutation::Move {
        card,
        to_player: P1,
        to: zone,
        place: Place::Top,
        cause: MoveCause::Sandbox,
    });
    s.game.tasks.push(Task::CheckTiming(0));
    s.game.decision = None;
    s.game.step();
    card
}

/// P1 with a full field, `first` then V2 to V5, and `extra` in the hand.
fn full_field(first: &str, extra: &str) -> Board {
    Board::builder()
        .side(
            P1,
            Side::new()
                .field([first, "V2", "V3", "V4", "V5"])
                .hand([extra])
                .deck(["V2"]),
        )
        .build()
}

#[test]
fn l11_3_rh1_the_card_let_go_from_a_full_field_is_not_destroyed_and_its_last_words_trigger() {
    let mut s = full_field("Last Drawer", "V1");
    overfill(&mut s, "V1", Zone::Field);
    let drawer = s.card(P1, Zone::Field, "Last Drawer");
    s.choose(|c| *c == Choice::Card(drawer));
    s.settle();
    let events = s.raw_events();
    assert!(
        events.iter().any(|e| matches!(e, Event::Moved {
            card, to: Zone::Cemetery, cause: MoveCause::RulesHandling, ..
        } if *card == drawer)),
        "{events:?}"
    );
    assert_eq!(
        s.game.state().player(P1).hand.len(),
        1,
        "its Last Words drew: {}",
        s.dump()
    );
}

#[test]
fn l11_3_rh2_an_over_full_ex_area_keeps_the_cards_its_player_chooses() {
    let mut s = Board::builder()
        .side(
            P1,
            Side::new()
                .ex_area(["V1", "V2", "V3", "V4", "V5"])
                .hand(["Warden"]),
        )
        .build();
    overfill(&mut s, "Warden", Zone::ExArea);
    let decision = s.game.decision().cloned().expect("a limit question");
    assert_eq!(
        decision.prompt,
        Prompt::ZoneLimit {
            zone: Zone::ExArea,
            excess: 1
        }
    );
    let v3 = s.card(P1, Zone::ExArea, "V3");
    s.choose(|c| *c == Choice::Card(v3));
    assert_eq!(s.game.state().card(v3).zone, Zone::Cemetery);
    assert_eq!(s.game.state().player(P1).ex_area.len(), 5);
}

#[test]
fn l11_3_rh3_a_kept_card_at_0_defense_is_still_destroyed_beside_the_one_let_go() {
    let mut s = full_field("V1", "Warden");
    let v1 = s.card(P1, Zone::Field, "V1");
    s.game.apply(Mutation::DamageFollower {
        card: v1,
        amount: 1,
        kind: DamageKind::Ability,
        source: None,
    });
    let warden = overfill(&mut s, "Warden", Zone::Field);
    // V1 is kept (the warden goes), yet it has 0 defense left.
    s.choose(|c| *c == Choice::Card(warden));
    s.settle();
    let moved: Vec<(CardRef, MoveCause)> = s
        .raw_events()
        .iter()
        .filter_map(|e| match e {
            Event::Moved {
                card,
                to: Zone::Cemetery,
                cause,
                ..
            } => Some((*card, *cause)),
            _ => None,
        })
        .collect();
    assert!(
        moved.contains(&(warden, MoveCause::RulesHandling)),
        "{moved:?}"
    );
    assert!(
        moved.contains(&(v1, MoveCause::Destroy { by_ability: false })),
        "{moved:?}"
    );
}

#[test]
fn s3_3_cr_11_4_1_the_player_chooses_what_stays_on_an_over_full_field() {
    let mut s = full_field("V1", "Warden");
    let warden = overfill(&mut s, "Warden", Zone::Field);
    let decision = s.game.decision().cloned().expect("a limit question");
    assert_eq!(
        decision.prompt,
        Prompt::ZoneLimit {
            zone: Zone::Field,
            excess: 1
        }
    );
    assert_eq!(decision.options.len(), 6);
    assert_eq!(decision.options[0], Choice::Card(warden), "newest first");
    let v1 = s.card(P1, Zone::Field, "V1");
    s.choose(|c| *c == Choice::Card(v1));
    assert_eq!(s.game.state().card(v1).zone, Zone::Cemetery);
    assert_eq!(s.game.state().card(warden).zone, Zone::Field);
    assert_eq!(s.game.state().player(P1).field.len(), 5);
}

#[test]
fn s2_4_cr_13_3_2_2_stack_replaces_the_move_from_an_over_full_field() {
    let mut s = full_field("Stack Totem", "Warden");
    let totem = s.card(P1, Zone::Field, "Stack Totem");
    overfill(&mut s, "Warden", Zone::Field);
    s.choose(|c| *c == Choice::Card(totem));
    // It lost its counter instead of leaving: the field is still over-full.
    assert_eq!(s.game.state().card(totem).zone, Zone::Field);
    assert_eq!(s.game.state().card(totem).counter(Counter::Stack), 0);
    assert!(matches!(
        s.game.decision().map(|d| &d.prompt),
        Some(Prompt::ZoneLimit { .. })
    ));
}

#[test]
fn l11_3_two_over_full_zones_at_once_each_keep_their_players_choice() {
    // A full field and a full EX area each get one card more; the first
    // answer must not be forgotten when the second is given.
    let mut s = Board::builder()
        .side(
            P1,
            Side::new()
                .field(["V1", "V2", "V3", "V4", "V5"])
                .ex_area(["V1", "V2", "V3", "V4", "V5"])
                .hand(["Warden", "Last Drawer"]),
        )
        .build();
    for (name, zone) in [("Warden", Zone::Field), ("Last Drawer", Zone::ExArea)] {
        let card = s.card(P1, Zone::Hand, name);
        s.game.apply(Mutation::Move {
            card,
            to_player: P1,
            to: zone,
            place: Place::Top,
            cause: MoveCause::Sandbox,
        });
    }
    s.game.tasks.push(Task::CheckTiming(0));
    s.game.decision = None;
    s.game.step();
    for _ in 0..2 {
        let decision = s.game.decision().cloned().expect("a limit question");
        assert!(
            matches!(decision.prompt, Prompt::ZoneLimit { .. }),
            "{:?}",
            decision.prompt
        );
        s.answer(P1, &[0]);
    }
    s.settle();
    let state = s.game.state();
    assert_eq!(state.player(P1).field.len(), 5, "{}", s.dump());
    assert_eq!(state.player(P1).ex_area.len(), 5, "{}", s.dump());
    assert_eq!(state.player(P1).cemetery.len(), 2);
}
