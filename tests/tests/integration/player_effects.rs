//! Effects on a player for a window of turns from the Rust SDK
//! (later-sets §12.10, §12.12), on Smog Tax and Ash Recall of
//! `tests/packs/overheat-rust`: `Game::add_player_effect`. The script
//! forms have the scenarios `s12-10-*` and `s12-12-play-from-the-banished-zone`
//! in `tests/packs/later-sets/tests/`.

use crate::packs::{overheat_rust, scenario};
use sve_engine::board::Side;
use sve_engine::engine::{Action, PlayerId, Zone};

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

#[test]
fn a_rust_spell_makes_the_opponents_next_turn_dearer_and_without_followers() {
    let loaded = overheat_rust();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Smog Tax"]).pp(1))
        .side(
            P2,
            Side::new().hand(["Gauntlet Smith", "Coolant"]).max_pp(2),
        )
        .build();
    s.play("Smog Tax");
    s.settle();
    s.end_turn();
    assert_eq!(s.game.state().active, P2);
    let smith = s.card(P2, Zone::Hand, "Gauntlet Smith");
    assert!(
        !s.can(Action::Play { card: smith }),
        "no followers this turn: {}",
        s.dump()
    );
    let view = s.game.view(P2);
    let costs: Vec<(String, i32)> = view.sides[P2.idx()]
        .hand
        .iter()
        .flatten()
        .map(|c| (loaded.db.get(c.def).name.clone(), c.cost))
        .collect();
    assert!(
        costs.contains(&("Gauntlet Smith".to_owned(), 3)),
        "the hand shows 2 + 1: {costs:?}"
    );
    // The turn after is as usual.
    s.end_turn();
    s.end_turn();
    assert!(s.can(Action::Play { card: smith }), "{}", s.dump());
}

#[test]
fn a_rust_spell_lets_its_player_play_from_the_banished_zone_this_turn() {
    let loaded = overheat_rust();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Ash Recall"])
                .banished(["Gauntlet Smith"])
                .pp(3),
        )
        .side(P2, Side::new())
        .build();
    let smith = s.card(P1, Zone::Banished, "Gauntlet Smith");
    assert!(!s.can(Action::Play { card: smith }));
    s.play("Ash Recall");
    s.settle();
    assert!(s.can(Action::Play { card: smith }), "{}", s.dump());
    s.act(Action::Play { card: smith });
    s.settle();
    let state = s.game.state();
    assert_eq!(state.card(smith).zone, Zone::Field, "{}", s.dump());
    assert_eq!(state.player(P1).pp, 0);
}
