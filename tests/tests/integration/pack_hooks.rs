//! Generic hooks from a pack (`tests/packs/overheat-rust`): Ember Sentry's
//! move hook, "whenever a card leaves your EX area" (later-sets §13), with
//! no engine code for it.

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
