//! What keeps a player from losing a match by a slip, and what saves
//! them clicks: Concede and New match ask first (Esc or Cancel keep
//! playing), Space ends the turn, number keys answer a prompt's options,
//! and the top bar follows the match to its end.

use crate::common::*;
use sve_engine::engine::PlayerId;

const SEED: u64 = 7;

#[test]
fn concede_and_new_match_ask_first() {
    let mut harness = client();
    start_match(&mut harness, "You vs bot", SEED);
    play_to_main_action(&mut harness);

    click(&mut harness, "Concede");
    assert!(has(&harness, "Yes, concede"));
    harness.key_press(egui::Key::Escape);
    harness.step();
    harness.step();
    assert!(!has(&harness, "Yes, concede"), "Esc closed the question");
    assert!(has(&harness, "End turn"), "the match goes on");

    click(&mut harness, "New match");
    assert!(has(&harness, "Yes, new match"));
    harness.remove_cursor();
    harness.run_ok();
    harness.snapshot("confirm_new_match");
    click(&mut harness, "Cancel");
    assert!(!has(&harness, "Yes, new match"));
    assert!(has(&harness, "End turn"), "still in the match");

    click(&mut harness, "Concede");
    click_answer(&mut harness, "Yes, concede");
    wait_for(&mut harness, "the game-over panel", |h| has(h, "Rematch"));
    assert!(
        text_shown(&harness, "Game over · P2 (random bot) wins"),
        "the top bar says the game is over"
    );
    // Nothing is left to lose: New match goes straight to the start.
    click(&mut harness, "New match");
    assert!(has(&harness, "Start match"));
}

#[test]
fn space_ends_the_turn_and_number_keys_answer_the_prompt() {
    let mut harness = client();
    start_match(&mut harness, "You vs bot", SEED);
    wait_for(&mut harness, "the first question", |h| {
        has(h, "Keep hand") || has(h, "Go first")
    });
    // 1 is the prompt's first button ("Go first" or "Keep hand").
    while has(&harness, "Keep hand") || has(&harness, "Go first") {
        let generation = match_view(&harness).generation;
        harness.key_press(egui::Key::Num1);
        wait_for(&mut harness, "the answer of key 1", |h| {
            match_view(h).generation != generation
        });
        wait_for(&mut harness, "the next question", |h| {
            has(h, "Keep hand") || has(h, "Go first") || has(h, "End turn")
        });
    }
    assert!(has_containing(&harness, "P1 keeps their opening hand"));
    play_to_main_action(&mut harness);
    assert!(
        text_shown(&harness, "· your turn"),
        "the top bar says whose turn"
    );

    let turn = match_view(&harness)
        .board(PlayerId(0))
        .expect("a board")
        .turn;
    harness.key_press(egui::Key::Space);
    wait_for(&mut harness, "the bot's turn and back", |h| {
        match_view(h)
            .board(PlayerId(0))
            .is_some_and(|b| b.turn > turn)
    });
    play_to_main_action(&mut harness);
    assert!(text_shown(&harness, "· your turn"));
}

/// Whether a text is on screen, as a widget's label or a label's value.
fn text_shown(harness: &egui_kittest::Harness<'_, sve_ui::App>, text: &str) -> bool {
    use egui_kittest::kittest::{NodeT as _, Queryable as _};
    harness.query_all_by_label_contains("").any(|node| {
        let node = node.accesskit_node();
        node.label().is_some_and(|l| l.contains(text))
            || node.value().is_some_and(|v| v.contains(text))
    })
}
