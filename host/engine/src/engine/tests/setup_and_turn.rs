//! rules-coverage.md §6 (setup and mulligan) and §7 (turn structure).

use super::{P1, P2};
use crate::board::{Board, Side};
use crate::bot::default_answer;
use crate::cards::starter::starter_db;
use crate::decks::{resolve, starter_deck};
use crate::engine::{Choice, Match, NoAbilities, Prompt, Status, Zone};
use std::sync::Arc;

fn starter_match(seed: u64) -> Match {
    let db = Arc::new(starter_db().expect("bundled cards"));
    let deck = |name| resolve(&starter_deck(name).expect("bundled deck"), &db).expect("resolves");
    Match::new(
        Arc::clone(&db),
        Arc::new(NoAbilities),
        [deck("SD01"), deck("SD02")],
        seed,
    )
}

fn decision_prompt(game: &mut Match) -> Prompt {
    match game.step() {
        Status::Decision(d) => d.prompt.clone(),
        Status::GameOver(o) => panic!("game over: {o:?}"),
    }
}

#[test]
fn s6_setup_first_player_mulligans_and_starting_resources() {
    let mut game = starter_match(11);
    assert_eq!(decision_prompt(&mut game), Prompt::ChooseFirstPlayer);
    let chooser = game.decision().map(|d| d.player).expect("decision");
    // The chooser goes second.
    game.answer(chooser, &[1]).expect("valid");
    let first = chooser.opponent();
    assert_eq!(decision_prompt(&mut game), Prompt::Mulligan);
    assert_eq!(
        game.decision().map(|d| d.player),
        Some(first),
        "first player mulligans first"
    );
    for player in [P1, P2] {
        assert_eq!(
            game.state().player(player).hand.len(),
            4,
            "opening hand of 4"
        );
    }
    // First player redraws: the whole hand goes to the bottom, 4 new cards.
    let old_hand = game.state().player(first).hand.clone();
    game.answer(first, &[1]).expect("valid");
    assert_eq!(decision_prompt(&mut game), Prompt::MulliganOrder);
    game.answer(first, &[3, 2, 1, 0]).expect("valid");
    let new_hand = game.state().player(first).hand.clone();
    assert_eq!(new_hand.len(), 4);
    assert!(old_hand.iter().all(|c| !new_hand.contains(c)));
    let deck = &game.state().player(first).deck;
    let bottom: Vec<_> = old_hand.iter().rev().copied().collect();
    assert_eq!(
        &deck[..4],
        &bottom[..],
        "returned cards sit at the bottom, first pick lowest"
    );
    assert_eq!(decision_prompt(&mut game), Prompt::Mulligan);
    game.answer(first.opponent(), &[0]).expect("valid");
    assert_eq!(decision_prompt(&mut game), Prompt::MainAction);
    let state = game.state();
    assert_eq!(state.turn, 1);
    assert_eq!(state.active, first);
    let p = state.player(first);
    let q = state.player(first.opponent());
    assert_eq!(
        (p.pp, p.max_pp, p.ep, p.sep, p.leader_defense),
        (1, 1, 0, 1, 20)
    );
    assert_eq!(
        (q.pp, q.max_pp, q.ep, q.sep, q.leader_defense),
        (0, 0, 3, 1, 20)
    );
    assert_eq!(p.hand.len(), 4, "the first player does not draw on turn 1");
}

#[test]
fn s7_1_start_phase_raises_max_pp_refills_refreshes_and_draws() {
    let mut s = Board::builder()
        .side(P1, Side::new().pp(0).max_pp(4))
        .side(P2, Side::new().pp(1).max_pp(9).engaged(["V1"]))
        .build();
    s.end_turn();
    let p2 = s.game.state().player(P2);
    assert_eq!((p2.pp, p2.max_pp), (10, 10));
    assert_eq!(p2.hand.len(), 1);
    let v1 = s.card(P2, Zone::Field, "V1");
    assert!(!s.game.state().card(v1).engaged);
    s.end_turn();
    let p2 = s.game.state().player(P2);
    assert_eq!(p2.max_pp, 10, "never above 10");
}

#[test]
fn s7_3_hand_limit_discards_down_to_seven() {
    let mut s = Board::builder()
        .side(
            P1,
            Side::new().hand(["V1", "V1", "V1", "V1", "V1", "V2", "V2", "V3", "V3"]),
        )
        .build();
    s.act(crate::engine::Action::EndMainPhase);
    let decision = s.game.decision().cloned().expect("hand limit decision");
    assert_eq!(decision.prompt, Prompt::HandLimit { discard: 2 });
    assert_eq!((decision.min, decision.max), (2, 2));
    // Too few picks are rejected, state untouched.
    assert!(s.game.answer(P1, &[0]).is_err());
    s.answer(P1, &[7, 8]);
    let p1 = s.game.state().player(P1);
    assert_eq!(p1.hand.len(), 7);
    assert_eq!(p1.cemetery.len(), 2);
}

#[test]
fn s7_3_until_end_of_turn_effects_expire() {
    let mut s = Board::builder().side(P1, Side::new().field(["V2"])).build();
    let v2 = s.card(P1, Zone::Field, "V2");
    s.game.add_effect(
        v2,
        crate::engine::EffectKind::Stats {
            attack: 3,
            defense: 0,
        },
        crate::engine::Duration::EndOfTurn,
        None,
    );
    assert!(s.dump().contains("field V2 5/2"));
    s.end_turn();
    assert!(s.dump().contains("field V2 2/2"), "{}", s.dump());
}

#[test]
fn s7_3_an_effect_until_the_opponents_next_turn_made_in_their_turn_lasts_through_the_next_one() {
    // P1's effect, "until the end of the opponent's next turn", made in
    // P2's turn (a Quick play): P2's next turn is the one after P1's.
    let mut s = Board::builder()
        .active(P2)
        .side(P1, Side::new().field(["V2"]))
        .build();
    let v2 = s.card(P1, Zone::Field, "V2");
    s.game.add_effect(
        v2,
        crate::engine::EffectKind::Stats {
            attack: 3,
            defense: 0,
        },
        crate::engine::Duration::EndOfOpponentNextTurn { controller: P1 },
        None,
    );
    s.end_turn();
    assert!(
        s.dump().contains("V2 5/2"),
        "P2's turn it was made in\n{}",
        s.dump()
    );
    s.end_turn();
    assert!(s.dump().contains("V2 5/2"), "P1's own turn\n{}", s.dump());
    s.end_turn();
    assert!(
        s.dump().contains("V2 2/2"),
        "ended with P2's next turn\n{}",
        s.dump()
    );
}

#[test]
fn s7_3_an_effect_until_the_opponents_next_turn_made_in_your_turn_ends_with_theirs() {
    let mut s = Board::builder().side(P1, Side::new().field(["V2"])).build();
    let v2 = s.card(P1, Zone::Field, "V2");
    s.game.add_effect(
        v2,
        crate::engine::EffectKind::Stats {
            attack: 3,
            defense: 0,
        },
        crate::engine::Duration::EndOfOpponentNextTurn { controller: P1 },
        None,
    );
    s.end_turn();
    assert!(s.dump().contains("V2 5/2"), "{}", s.dump());
    s.end_turn();
    assert!(s.dump().contains("V2 2/2"), "{}", s.dump());
}

#[test]
fn s7_2_a_card_costs_play_points_and_needs_field_room() {
    let mut s = Board::builder()
        .side(
            P1,
            Side::new()
                .hand(["V3", "V2"])
                .pp(2)
                .field(["V1", "V1", "V1", "V1"]),
        )
        .build();
    let v3 = s.card(P1, Zone::Hand, "V3");
    assert!(!s.can(crate::engine::Action::Play { card: v3 }), "3 > 2 PP");
    s.play("V2");
    assert_eq!(s.game.state().player(P1).pp, 0);
    assert_eq!(s.game.state().player(P1).field.len(), 5);
    assert_eq!(s.game.state().combo(P1), 1, "Combo counts played cards");
}

#[test]
fn s11_6_quick_window_in_the_end_phase_for_the_non_active_player() {
    let mut s = Board::builder()
        .side(P2, Side::new().hand(["Quick Bolt"]).pp(1))
        .side(P1, Side::new().field(["V2"]))
        .build();
    s.act(crate::engine::Action::EndMainPhase);
    assert_eq!(
        s.game.decision().map(|d| d.prompt.clone()),
        Some(Prompt::QuickWindow)
    );
    assert_eq!(s.decider(), P2);
    s.play("Quick Bolt");
    let v2 = s.card(P1, Zone::Field, "V2");
    s.choose(|c| *c == Choice::Card(v2));
    assert!(s.dump().contains("cemetery V2"));
}

#[test]
fn default_answers_finish_a_starter_match() {
    let mut game = starter_match(3);
    for _ in 0..5000 {
        let decision = match game.step() {
            Status::GameOver(_) => return,
            Status::Decision(d) => d.clone(),
        };
        let picks = default_answer(&decision);
        game.answer(decision.player, &picks)
            .expect("default answers are legal");
    }
    panic!("match did not end");
}
