//! Effects on a player for a window of turns (later-sets §12.10, §12.12):
//! next-turn restrictions, play-cost changes, playing from the banished
//! zone.

use super::{P1, P2};
use crate::board::{Board, Side};
use crate::engine::mutation::Mutation;
use crate::engine::state::{PlayerEffect, PlayerEffectKind, TurnWindow};
use crate::engine::{Action, Zone};

fn add(s: &mut Board, player: crate::engine::PlayerId, kind: PlayerEffectKind, window: TurnWindow) {
    s.game.apply(Mutation::AddPlayerEffect(PlayerEffect {
        player,
        kind,
        window,
        created_turn: 0,
    }));
}

fn board(p1: Side, p2: Side) -> Board {
    Board::builder().side(P1, p1).side(P2, p2).build()
}

#[test]
fn l12_10_no_draw_and_no_max_pp_increase_apply_in_that_players_next_turn_only() {
    let mut s = board(
        Side::new(),
        Side::new().max_pp(3).deck(["V1", "V1", "V1", "V1"]),
    );
    add(
        &mut s,
        P2,
        PlayerEffectKind::NoStartPhaseDraw,
        TurnWindow::NextTurn,
    );
    add(
        &mut s,
        P2,
        PlayerEffectKind::NoMaxPpIncrease,
        TurnWindow::NextTurn,
    );
    let hand = s.game.state().player(P2).hand.len();
    s.end_turn();
    assert_eq!(s.game.state().active, P2);
    let p2 = s.game.state().player(P2);
    assert_eq!(p2.hand.len(), hand, "no start-phase draw: {}", s.dump());
    assert_eq!(p2.max_pp, 3, "no maximum PP increase");
    assert_eq!(p2.pp, 3, "PP still refilled");
    // The window is over with that turn: the next one draws and grows.
    s.end_turn();
    assert!(
        s.game.state().player_effects.is_empty(),
        "{:?}",
        s.game.state().player_effects
    );
    s.end_turn();
    let p2 = s.game.state().player(P2);
    assert_eq!(p2.hand.len(), hand + 1);
    assert_eq!(p2.max_pp, 4);
}

#[test]
fn l12_10_a_player_who_cant_play_followers_still_plays_other_cards() {
    let mut s = board(
        Side::new(),
        Side::new()
            .hand(["V1", "Stack Altar"])
            .max_pp(5)
            .deck(["V1", "V1", "V1"]),
    );
    add(
        &mut s,
        P2,
        PlayerEffectKind::CannotPlayFollowers,
        TurnWindow::NextTurn,
    );
    s.end_turn();
    let v1 = s.card(P2, Zone::Hand, "V1");
    let altar = s.card(P2, Zone::Hand, "Stack Altar");
    assert!(!s.can(Action::Play { card: v1 }), "{}", s.dump());
    assert!(s.can(Action::Play { card: altar }));
    // Its next turn plays followers again.
    s.end_turn();
    s.end_turn();
    assert!(s.can(Action::Play { card: v1 }), "{}", s.dump());
}

#[test]
fn l12_10_each_cost_increase_adds_one_and_only_in_the_next_turn() {
    let mut s = board(
        Side::new().hand(["V1"]).pp(1),
        Side::new().hand(["V1"]).max_pp(2).deck(["V1", "V1", "V1"]),
    );
    // P1's own turn: an effect on P2 doesn't touch P1's plays.
    add(
        &mut s,
        P2,
        PlayerEffectKind::PlayCost(1),
        TurnWindow::NextTurn,
    );
    add(
        &mut s,
        P2,
        PlayerEffectKind::PlayCost(1),
        TurnWindow::NextTurn,
    );
    let mine = s.card(P1, Zone::Hand, "V1");
    assert!(s.can(Action::Play { card: mine }));
    s.end_turn();
    // P2 has 3 PP; V1 costs 1 + 1 + 1.
    let theirs = s.card(P2, Zone::Hand, "V1");
    let view = s.game.view(P2);
    let shown = view.sides[P2.idx()]
        .hand
        .iter()
        .flatten()
        .find(|c| c.card == theirs)
        .map(|c| c.cost);
    assert_eq!(shown, Some(3), "the hand shows what it costs now");
    assert!(s.can(Action::Play { card: theirs }));
    s.play("V1");
    assert_eq!(s.game.state().player(P2).pp, 0, "{}", s.dump());
}

#[test]
fn l12_12_cards_are_played_from_the_banished_zone_for_the_rest_of_the_turn() {
    let mut s = board(Side::new().banished(["V2"]).hand(["V1"]).pp(4), Side::new());
    let v2 = s.card(P1, Zone::Banished, "V2");
    assert!(!s.can(Action::Play { card: v2 }), "not without an effect");
    add(
        &mut s,
        P1,
        PlayerEffectKind::PlayFromBanished,
        TurnWindow::ThisTurn,
    );
    // The next main-phase question offers it.
    s.play("V1");
    s.settle();
    assert!(s.can(Action::Play { card: v2 }), "{}", s.dump());
    s.act(Action::Play { card: v2 });
    s.settle();
    assert_eq!(s.game.state().card(v2).zone, Zone::Field);
    assert_eq!(s.game.state().player(P1).pp, 1, "its cost paid");
    assert!(
        s.events()
            .contains("P1 may play cards from their banished zone for the rest of this turn"),
        "the log says so"
    );
}

#[test]
fn l12_12_the_permission_ends_with_the_turn() {
    let mut s = board(
        Side::new()
            .banished(["V1"])
            .pp(3)
            .max_pp(3)
            .deck(["V1", "V1"]),
        Side::new().deck(["V1", "V1"]),
    );
    add(
        &mut s,
        P1,
        PlayerEffectKind::PlayFromBanished,
        TurnWindow::ThisTurn,
    );
    s.end_turn();
    s.end_turn();
    assert_eq!(s.game.state().active, P1);
    let v1 = s.card(P1, Zone::Banished, "V1");
    assert!(!s.can(Action::Play { card: v1 }), "{}", s.dump());
}
