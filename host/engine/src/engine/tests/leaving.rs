//! rules-coverage.md §11.4: abilities that trigger on a card leaving the
//! field look back at the card as it was there (CR 10.7.4.1), and cards
//! that leave at the same moment see each other leave (CR 10.7.4.2).

use super::P1;
use crate::board::{Board, Side};
use crate::cards::Keywords;
use crate::engine::runtime::Task;
use crate::engine::{Duration, EffectKind, Prompt, Zone};

/// Runs a Confirmation Timing now (rules handling, then pending abilities).
fn check_timing(s: &mut Board) {
    s.game.tasks.push(Task::CheckTiming(0));
    s.game.decision = None;
    s.game.step();
}

fn hand(s: &Board) -> usize {
    s.game.state().player(P1).hand.len()
}

#[test]
fn s11_4_cr_10_7_4_2_followers_destroyed_together_each_see_the_other_leave() {
    // Two Mourners at 0 defense: rules handling destroys both at once
    // (CR 11.1.3), and each sees the other leave, although one of them is
    // moved first.
    let mut s = Board::builder()
        .side(
            P1,
            Side::new()
                .field(["Mourner"])
                .damaged(1)
                .field(["Mourner"])
                .damaged(1),
        )
        .build();
    check_timing(&mut s);
    assert_eq!(
        s.game.decision().map(|d| d.prompt.clone()),
        Some(Prompt::ChoosePendingAbility),
        "two abilities to order\n{}",
        s.dump()
    );
    s.answer(P1, &[0]);
    assert_eq!(s.game.state().player(P1).cemetery.len(), 2);
    assert_eq!(hand(&s), 2, "each Mourner drew\n{}", s.dump());
}

#[test]
fn s11_4_cr_10_7_4_2_a_follower_leaving_alone_is_seen_once() {
    let mut s = Board::builder()
        .side(
            P1,
            Side::new()
                .field(["Mourner", "V2"])
                .field(["V1"])
                .damaged(1),
        )
        .build();
    check_timing(&mut s);
    assert_eq!(hand(&s), 1, "{}", s.dump());
}

#[test]
fn s11_4_cr_10_7_4_1_a_leave_trigger_reads_the_card_as_it_was_on_the_field() {
    // The watcher wants an engaged evolved follower with Ward. In the
    // cemetery the card is none of these: it is a new object, not evolved,
    // reserved, and the effect that gave it Ward is gone (CR 4.1.4).
    let mut s = Board::builder()
        .side(
            P1,
            Side::new()
                .field(["Keen Watcher"])
                .engaged(["V1"])
                .evolved("V1 (Evolved)"),
        )
        .build();
    let v1 = s.card(P1, Zone::Field, "V1");
    s.game.add_effect(
        v1,
        EffectKind::Keywords(Keywords::WARD),
        Duration::WhileInZone,
        None,
    );
    s.game.destroy(v1, true);
    check_timing(&mut s);
    assert_eq!(s.game.state().card(v1).zone, Zone::Cemetery);
    assert_eq!(hand(&s), 1, "the watcher saw it\n{}", s.dump());
}

#[test]
fn s11_4_cr_10_7_4_1_a_leave_trigger_does_not_see_what_the_card_did_not_have() {
    // Reserved and without Ward: no trigger.
    let mut s = Board::builder()
        .side(
            P1,
            Side::new()
                .field(["Keen Watcher"])
                .field(["V1"])
                .evolved("V1 (Evolved)"),
        )
        .build();
    let v1 = s.card(P1, Zone::Field, "V1");
    s.game.destroy(v1, true);
    check_timing(&mut s);
    assert_eq!(hand(&s), 0, "{}", s.dump());
}
