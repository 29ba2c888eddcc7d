//! Generic hooks from a pack (`tests/packs/overheat-rust`): Ember Sentry's
//! move hook, "whenever a card leaves your EX area" (later-sets §13), and
//! Slag Collector's once-per-batch hook over Meltdown's cards moved
//! together (later-sets §11.1), and Slag Mourner's hook on its own card
//! and the others, with no engine code for them.

use crate::packs::{load, scenario};
use sve_engine::board::Side;
use sve_engine::engine::PlayerId;

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

#[test]
fn a_move_hook_answers_a_card_leaving_your_ex_area_once_and_not_the_hand() {
    let loaded = load(&["tests/packs/overheat-rust"]);
    let from_ex = Side::new()
        .field(["Ember Sentry"])
        .ex_area(["Rose Gardener"])
        .pp(5)
        .leader(10);
    let mut s = scenario(&loaded)
        .side(P1, from_ex)
        .side(P2, Side::new())
        .build();
    s.play("Rose Gardener");
    assert_eq!(s.game.state().player(P1).leader_defense, 11, "{}", s.dump());

    let from_hand = Side::new()
        .field(["Ember Sentry"])
        .hand(["Rose Gardener"])
        .pp(5)
        .leader(10);
    let mut s = scenario(&loaded)
        .side(P1, from_hand)
        .side(P2, Side::new())
        .build();
    s.play("Rose Gardener");
    assert_eq!(s.game.state().player(P1).leader_defense, 10, "{}", s.dump());
}

#[test]
fn a_once_per_batch_hook_answers_cards_moved_together_once_with_their_number() {
    let loaded = load(&["tests/packs/overheat-rust"]);
    // Meltdown destroys all four followers together. Slag Collector,
    // destroyed with them, sees the two other followers of its player go, as
    // it was on the field: one trigger, amount 2.
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Meltdown"])
                .field(["Slag Collector", "Stoker", "Bellows"])
                .pp(5)
                .leader(10),
        )
        .side(P2, Side::new().field(["Stoker"]))
        .build();
    s.play("Meltdown");
    let me = s.game.state().player(P1);
    assert_eq!(me.cemetery.len(), 4, "{}", s.dump());
    assert_eq!(me.leader_defense, 12, "{}", s.dump());
    assert!(s.game.state().pending.is_empty(), "{}", s.dump());

    // A follower destroyed alone is a batch of one.
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new().field(["Slag Collector", "Bellows"]).leader(10),
        )
        .side(P2, Side::new().engaged(["Stoker"]))
        .build();
    s.attack("Bellows", "Stoker");
    assert_eq!(s.game.state().player(P1).leader_defense, 11, "{}", s.dump());
}

#[test]
fn a_hook_on_its_own_card_and_the_others_answers_each_once() {
    let loaded = load(&["tests/packs/overheat-rust"]);
    // Meltdown destroys Slag Mourner and two other followers of P1's
    // together: three triggers (itself and each other one); P2's Stoker is
    // not P1's.
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Meltdown"])
                .field(["Slag Mourner", "Stoker", "Bellows"])
                .pp(5)
                .leader(10),
        )
        .side(P2, Side::new().field(["Stoker"]))
        .build();
    s.play("Meltdown");
    s.settle();
    assert_eq!(s.game.state().player(P1).leader_defense, 13, "{}", s.dump());
}
