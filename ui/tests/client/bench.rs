//! The playtesting bench on the board: a right click opens a menu of bench
//! tools on a card or a place, each sandbox change is confirmed by a
//! notice, and "Inspect card" opens the inspector over the board with the
//! card's script source.

use crate::common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use std::path::{Path, PathBuf};
use sve_packs::catalog::Catalog;
use sve_ui::App;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the ui crate sits in the workspace")
        .to_owned()
}

fn hand_size(harness: &Harness<'_, App>) -> usize {
    let view = match_view(harness);
    view.board(view.views[0].viewer)
        .map_or(0, |board| board.mine.hand.len())
}

#[test]
fn the_board_menu_puts_a_copy_of_a_card_and_draws_with_a_notice_for_each() {
    let mut harness = client();
    start_match(&mut harness, "You vs bot", 7);
    play_to_main_action(&mut harness);

    let card = first_label_containing(&harness, "(hand");
    let name = card
        .split(" (hand")
        .next()
        .expect("a card label starts with its name")
        .to_owned();
    let before = hand_size(&harness);
    right_click_containing(&mut harness, &card);
    assert!(has(&harness, "Inspect card"), "the bench part of the menu");
    harness.remove_cursor();
    harness.run_ok();
    harness.snapshot("bench_card_menu");
    click(&mut harness, "Put a copy into P1's hand");
    wait_for(&mut harness, "the sandbox notice", |h| {
        has_containing(h, &format!("Sandbox: put {name} into P1's hand."))
    });
    assert_eq!(hand_size(&harness), before + 1);

    // The leader's menu draws.
    right_click_containing(&mut harness, "(you) leader");
    assert!(has(&harness, "Set leader defense"));
    click(&mut harness, "Draw a card (P1)");
    wait_for(&mut harness, "the draw notice", |h| {
        has_containing(h, "Sandbox: P1 drew 1 card.")
    });
    assert_eq!(hand_size(&harness), before + 2);
}

#[test]
fn inspecting_a_script_card_from_the_board_shows_its_source() {
    let catalog = Catalog::open(&root().join("tests/packs"), &root().join("target"))
        .expect("the test packs load");
    assert!(
        catalog.db().by_card_id("TEST-S01").is_some(),
        "the script-reloadable pack is among the test packs"
    );
    let mut harness = client_of(catalog);
    start_match(&mut harness, "You vs bot", 7);
    play_to_main_action(&mut harness);

    // Put a Script Spark into the hand from the leader's menu.
    right_click_containing(&mut harness, "(you) leader");
    type_into(&mut harness, "Card id or name:", "TEST-S01");
    click(&mut harness, "Put it into P1's hand");
    wait_for(&mut harness, "the Spark in the hand", |h| {
        has_containing(h, "Script Spark (hand")
    });

    right_click_containing(&mut harness, "Script Spark (hand");
    click(&mut harness, "Inspect card");
    wait_for(&mut harness, "the inspector's window over the board", |h| {
        has_containing(h, "Script Spark (TEST-S01)")
    });
    assert!(has(&harness, "   4  name Script Spark;"));
    let cards = root().join("tests/packs/script-reloadable/cards.txt");
    assert!(
        has(&harness, &format!("{}:4", cards.display())),
        "the card's file and line"
    );
    click(&mut harness, "Copy location");
    assert!(has_containing(&harness, "Copied "));

    // A middle click on a card inspects it at once.
    click(&mut harness, "Close window");
    wait_for(&mut harness, "the inspector closed", |h| {
        !has_containing(h, "Script Spark (TEST-S01)")
    });
    harness
        .query_all_by_label_contains("Script Spark (hand")
        .next()
        .expect("the Spark in the hand")
        .click_button(egui::PointerButton::Middle);
    wait_for(&mut harness, "the inspector again", |h| {
        has_containing(h, "Script Spark (TEST-S01)")
    });
}

#[test]
fn undo_keeps_the_sandbox_changes_made_before_the_answer_it_takes_back() {
    let mut harness = client();
    start_match(&mut harness, "You vs bot", 7);
    play_to_main_action(&mut harness);
    let before = hand_size(&harness);
    right_click_containing(&mut harness, "(you) leader");
    click(&mut harness, "Draw a card (P1)");
    wait_for(&mut harness, "the draw", |h| hand_size(h) == before + 1);
    click_answer(&mut harness, "End turn");
    play_to_main_action(&mut harness);
    click(&mut harness, "Undo");
    wait_for(&mut harness, "the first turn again", |h| {
        match_view(h)
            .board(sve_engine::engine::PlayerId(0))
            .is_some_and(|board| board.turn == 1)
            && has(h, "End turn")
    });
    assert_eq!(hand_size(&harness), before + 1, "the drawn card stays");
}

/// The defenses of the opponent's field followers, field order.
fn their_defenses(harness: &Harness<'_, App>) -> Vec<i32> {
    let view = match_view(harness);
    view.board(view.views[0].viewer)
        .map_or_else(Vec::new, |board| {
            board.theirs.field.iter().map(|c| c.defense).collect()
        })
}

#[test]
fn a_field_cards_menu_destroys_and_deals_damage_and_the_replay_plays_them_back() {
    let mut harness = client();
    start_match(&mut harness, "You vs bot", 7);
    play_to_main_action(&mut harness);
    let theirs = "P2 (random bot) leader";
    put_card(&mut harness, theirs, "BP01-021", "P2's field", "Okami (");
    put_card(
        &mut harness,
        theirs,
        "BP01-124",
        "P2's field",
        "Undead King (",
    );
    assert_eq!(their_defenses(&harness), [5, 6]);

    // Two damage to Okami, dialled in its menu.
    right_click_containing(&mut harness, "Okami (opponent's field");
    assert!(has(&harness, "Destroy"));
    harness.get_by_label("Damage").click();
    harness.step();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label("Damage").type_text("2");
    harness.key_press(egui::Key::Enter);
    harness.step();
    harness.remove_cursor();
    harness.run_ok();
    harness.snapshot("bench_field_card_menu");
    click(&mut harness, "Deal 2 damage");
    wait_for(&mut harness, "the damage notice", |h| {
        has_containing(h, "Sandbox: dealt 2 damage to Okami.")
    });
    assert_eq!(their_defenses(&harness), [3, 6]);

    // The Undead King destroyed.
    right_click_containing(&mut harness, "Undead King (opponent's field");
    click(&mut harness, "Destroy");
    wait_for(&mut harness, "the destroy notice", |h| {
        has_containing(h, "Sandbox: destroyed Undead King.")
    });
    assert_eq!(their_defenses(&harness), [3]);
    let view = match_view(&harness);
    let board = view.board(view.views[0].viewer).expect("the board");
    assert_eq!(board.theirs.cemetery.len(), 1, "in the cemetery");

    // The replay records both and plays back true.
    click(&mut harness, "Concede");
    click_answer(&mut harness, "Yes, concede");
    wait_for(&mut harness, "the game-over panel", |h| has(h, "Rematch"));
    let dir = std::env::temp_dir().join(format!("sve-ui-bench-{}", std::process::id()));
    let path = dir.join("destroyed.sver");
    save_replay(&mut harness, &path);
    let bytes = std::fs::read(&path).expect("the replay file was written");
    let replay = sve_engine::replay::Replay::decode(&bytes).expect("a valid replay");
    use sve_engine::replay::SandboxEdit;
    assert!(
        replay
            .sandbox
            .iter()
            .any(|r| matches!(r.edit, SandboxEdit::DealDamage { amount: 2, .. }))
    );
    assert!(
        replay
            .sandbox
            .iter()
            .any(|r| matches!(r.edit, SandboxEdit::Destroy { .. }))
    );
    let db = std::sync::Arc::new(sve_engine::cards::starter::starter_db().expect("card data"));
    let (game, log) = replay
        .play(db, std::sync::Arc::new(sve_engine::engine::NoAbilities))
        .expect("the replay plays");
    assert_eq!(
        sve_engine::replay::log_hash(&log),
        replay.log_hash,
        "the replay reproduces the match, destroy and damage included"
    );
    assert_eq!(
        game.state()
            .player(sve_engine::engine::PlayerId(1))
            .cemetery
            .len(),
        1
    );
    let _ = std::fs::remove_dir_all(&dir);
}
