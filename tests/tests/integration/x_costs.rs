//! `[costX]` from the Rust SDK (later-sets §1.3), on Heat Exchanger of
//! `tests/packs/overheat-rust`: `CostItem::PlayPointsX` asks X as the cost
//! is paid, and `Game::paid_x` reads it. The script form has the scenarios
//! `l1-3-an-x-cost-chosen-and-read` and `ub-4-...` in
//! `tests/packs/later-sets/tests/`.

use crate::packs::{overheat_rust, scenario};
use sve_engine::board::Side;
use sve_engine::engine::{AbilityIdx, Action, Choice, PlayerId, Prompt, Zone};

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

#[test]
fn a_rust_x_cost_is_asked_paid_and_read() {
    let loaded = overheat_rust();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().field(["Heat Exchanger"]).pp(4))
        .side(P2, Side::new())
        .build();
    let sink = s.card(P1, Zone::Field, "Heat Exchanger");
    s.act(Action::Activate {
        card: sink,
        ability: AbilityIdx(0),
    });
    let decision = s.game.decision().cloned().expect("X is asked");
    assert_eq!(decision.prompt, Prompt::ChooseX { card: sink });
    assert_eq!(decision.options[3], Choice::Label("X = 3".to_owned()));
    s.answer(P1, &[3]);
    s.settle();
    let me = s.game.state().player(P1);
    assert_eq!((me.pp, me.leader_defense), (1, 23), "{}", s.dump());
}
