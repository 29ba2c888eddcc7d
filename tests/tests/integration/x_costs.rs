//! `[costX]`, Maneuver and type change from the Rust SDK (later-sets §1.3,
//! §12.4, §12.6), on Heat Exchanger, Rolling Fort and Stone Gaze of
//! `tests/packs/overheat-rust`: `CostItem::PlayPointsX` asks X as the cost
//! is paid and `Game::paid_x` reads it; `Card::stats` on an amulet,
//! `Game::maneuver`, `Game::change_type`. The script forms have the
//! scenarios `l1-3-an-x-cost-chosen-and-read`, `ub-4-...`, `s12-4-...` and
//! `s12-6-...` in `tests/packs/later-sets/tests/`.

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

#[test]
fn a_rust_amulet_is_maneuvered_and_a_rust_spell_changes_a_follower_into_an_amulet() {
    use sve_engine::cards::CardType;
    let loaded = overheat_rust();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Rolling Fort"])
                .hand(["Stone Gaze"])
                .pp(1),
        )
        .side(P2, Side::new().field(["Gauntlet Smith"]))
        .build();
    let fort = s.card(P1, Zone::Field, "Rolling Fort");
    s.act(Action::Activate {
        card: fort,
        ability: AbilityIdx(0),
    });
    s.settle();
    let stats = s.game.state().characteristics(s.game.db(), fort);
    assert_eq!(
        (stats.card_type, stats.attack, stats.defense),
        (CardType::Follower, 2, 2),
        "{}",
        s.dump()
    );
    s.play("Stone Gaze");
    s.settle();
    let smith = s.card(P2, Zone::Field, "Gauntlet Smith");
    let stats = s.game.state().characteristics(s.game.db(), smith);
    assert_eq!(stats.card_type, CardType::Amulet, "{}", s.dump());
}
