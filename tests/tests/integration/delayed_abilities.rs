//! Delayed abilities written in Rust against the SDK
//! (`tests/packs/overheat-rust`, Afterglow Wisp; rules-coverage §L11.4): a
//! Fanfare creates two, one waiting for the next end phase, one watching
//! the Wisp itself this turn, through the card API's `create-delayed`.

use crate::declared_keywords::{board, overheat};
use sve_engine::board::Side;
use sve_engine::engine::{Choice, PlayerId, Zone};

const P1: PlayerId = PlayerId(0);

#[test]
fn a_fanfare_makes_two_delayed_abilities_wait_and_each_fires_once() {
    let loaded = overheat();
    let mut s = board(
        &loaded,
        Side::new()
            .hand(["Afterglow Wisp", "Stoker", "Coolant"])
            .pp(5)
            .leader(10),
    );
    s.play("Afterglow Wisp");
    assert_eq!(s.game.state().delayed.len(), 2, "{}", s.dump());
    // The watched Wisp leaves the field (Stoker gives it Overheat, Coolant
    // returns it to the hand): Cinders draws a card.
    s.play("Stoker");
    let wisp = s.card(P1, Zone::Field, "Afterglow Wisp");
    s.choose(|c| *c == Choice::Card(wisp));
    s.play("Coolant");
    let hand = s.game.state().player(P1).hand.len();
    s.choose(|c| *c == Choice::Card(wisp));
    // The Wisp came back to the hand, and Cinders drew one more.
    assert_eq!(
        s.game.state().player(P1).hand.len(),
        hand + 2,
        "{}",
        s.dump()
    );
    assert_eq!(s.game.state().delayed.len(), 1, "Afterglow still waits");
    // The Wisp is gone, but Afterglow still fires at the end phase, once.
    s.end_turn();
    assert_eq!(s.game.state().player(P1).leader_defense, 12, "{}", s.dump());
    assert!(s.game.state().delayed.is_empty());
    s.end_turn();
    s.end_turn();
    assert_eq!(s.game.state().player(P1).leader_defense, 12, "once only");
}
