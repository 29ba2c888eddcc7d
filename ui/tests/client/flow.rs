//! The resolution flow in the real client: an "up to N" series answered
//! in one step, the card and ability a question is for, End turn held
//! while an attack is declared, cards dragged from the hand, and an
//! ability taken back at its cost question.

use crate::common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use sve_engine::engine::PlayerId;
use sve_ui::App;

const ARIA: &str = "Aria, Fairy Princess";

fn mine(harness: &Harness<'_, App>) -> (usize, usize) {
    let board = match_view(harness)
        .board(PlayerId(0))
        .expect("the board is drawn");
    (board.mine.field.len(), board.mine.ex_area.len())
}

/// A match with Aria in the hand, 6 play points and the field empty.
fn aria_ready() -> Harness<'static, App> {
    let mut harness = client_with_packs();
    start_match(&mut harness, "You vs bot", 7);
    play_to_main_action(&mut harness);
    let hand = format!("{ARIA} (hand");
    put_card(&mut harness, "(you) leader", "SD01-001", "P1's hand", &hand);
    set_pp(&mut harness, 6);
    assert_eq!(mine(&harness), (0, 0), "the field and EX area start empty");
    harness
}

/// Plays Aria (kept reserved: she has Ward) up to her fanfare's question.
fn play_aria(harness: &mut Harness<'_, App>) {
    click_answer_containing(harness, &format!("{ARIA} (hand, can act)"));
    wait_for(harness, "the Ward question", |h| has(h, "Keep it reserved"));
    click_answer(harness, "Keep it reserved");
    wait_for(harness, "the token question", |h| {
        has_containing(h, "choose how many go onto your field")
    });
}

#[test]
fn arias_fanfare_puts_all_nine_fairies_with_one_confirm() {
    let mut harness = aria_ready();
    play_aria(&mut harness);
    // One question with the counts (all that fit by default), not nine.
    assert!(has_containing(&harness, "onto the field (max 4)"));
    assert!(has_containing(&harness, "into the EX area (max 5)"));
    assert!(!has_containing(&harness, "token 1 of 9"));
    // Beside it, the card and the ability that ask, in card text.
    assert!(
        has(&harness, &format!("{ARIA} · Fanfare")),
        "the asking card"
    );
    assert!(has_containing(
        &harness,
        "Put up to 9 Fairy tokens onto your field or into your EX area."
    ));
    harness.remove_cursor();
    harness.run_ok();
    harness.snapshot("flow_token_series");

    click(&mut harness, "Confirm");
    wait_for(&mut harness, "all the fairies placed", |h| {
        mine(h) == (5, 5) && has(h, "End turn")
    });
    assert!(!has_containing(&harness, "where does it go?"));
}

#[test]
fn a_smaller_count_puts_fewer_fairies_and_stops() {
    let mut harness = aria_ready();
    play_aria(&mut harness);
    click(&mut harness, "None");
    // Two onto the field, typed into the slider's value.
    let spin = egui::accesskit::Role::SpinButton;
    harness
        .get_by_role_and_label(spin, "onto the field (max 4)")
        .click();
    harness.step();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness
        .get_by_role_and_label(spin, "onto the field (max 4)")
        .type_text("2");
    harness.key_press(egui::Key::Enter);
    harness.step();
    let value = harness
        .get_by_role_and_label(spin, "onto the field (max 4)")
        .accesskit_node()
        .value();
    assert_eq!(value.as_deref(), Some("2"));
    click(&mut harness, "Confirm");
    wait_for(&mut harness, "two fairies placed", |h| {
        mine(h) == (3, 0) && has(h, "End turn")
    });
}

#[test]
fn a_spells_target_question_names_the_spell_and_its_text() {
    let mut harness = client_with_packs();
    start_match(&mut harness, "You vs bot", 7);
    play_to_main_action(&mut harness);
    let justice = "Sylvan Justice";
    put_card(
        &mut harness,
        "(you) leader",
        "SD01-016",
        "P1's hand",
        &format!("{justice} (hand"),
    );
    put_card(
        &mut harness,
        "P2 (random bot) leader",
        "Treant",
        "P2's field",
        "Treant (opponent's field",
    );
    set_pp(&mut harness, 2);
    click_answer_containing(&mut harness, &format!("{justice} (hand, can act)"));
    // The spell is in the resolution zone: its name comes from the play.
    wait_for(&mut harness, "the target question", |h| {
        has(h, "Deal 3 damage to") && has(h, justice)
    });
    assert!(has_containing(&harness, "Deal it 3 damage"));
    harness.remove_cursor();
    harness.run_ok();
    harness.snapshot("flow_spell_target");
}

#[test]
fn end_turn_waits_while_an_attack_is_being_declared() {
    let mut harness = client();
    start_match(&mut harness, "You vs bot", 7);
    play_to_main_action(&mut harness);
    let attacker = play_until_a_follower_can_attack(&mut harness);
    let end_turn_enabled =
        |h: &Harness<'_, App>| !h.get_by_label("End turn").accesskit_node().is_disabled();
    assert!(end_turn_enabled(&harness));

    // Choosing the attacker holds End turn, with a hover saying why.
    click(&mut harness, &attacker);
    assert!(
        has(&harness, "Cancel attack"),
        "an attack is being declared"
    );
    assert!(!end_turn_enabled(&harness));
    harness.get_by_label("End turn").hover();
    harness.run_ok();
    assert!(has_containing(
        &harness,
        "choose its target, or cancel it (Esc)"
    ));
    harness.snapshot("flow_end_turn_held_during_attack");

    // Space explains instead of ending the turn.
    harness.remove_cursor();
    harness.key_press(egui::Key::Space);
    harness.step();
    harness.step();
    assert!(
        has(&harness, "Cancel attack"),
        "the attack is still being declared"
    );
    assert!(has_containing(&harness, "An attack is being declared"));

    // Esc cancels the attack and End turn is back.
    harness.key_press(egui::Key::Escape);
    harness.step();
    harness.step();
    assert!(!has(&harness, "Cancel attack"));
    assert!(end_turn_enabled(&harness));
}

/// Drags from `from` to half way to `to`, leaving the button held.
fn drag_half_way(harness: &mut Harness<'_, App>, from: egui::Pos2, to: egui::Pos2) {
    harness.hover_at(from);
    harness.step();
    harness.drag_at(from);
    harness.step();
    harness.hover_at(from + (to - from) * 0.25);
    harness.step();
    harness.hover_at(from + (to - from) * 0.5);
    harness.step();
}

#[test]
fn dragging_an_attacker_marks_its_targets_under_an_arrowhead() {
    let mut harness = client();
    start_match(&mut harness, "You vs bot", 7);
    play_to_main_action(&mut harness);
    let attacker = play_until_a_follower_can_attack(&mut harness);
    let from = harness.get_by_label(&attacker).rect().center();
    let leader = first_label_containing(&harness, "P2 (random bot) leader");
    assert!(!leader.contains("(target)"), "no target before the drag");
    let to = harness.get_by_label(&leader).rect().center();
    drag_half_way(&mut harness, from, to);
    // The targets are marked while the drag goes on, as after a click.
    assert!(has(&harness, "P2 (random bot) leader (target)"));
    harness.snapshot("flow_drag_attack_arrow");

    // Dropped on nothing, the attack is not declared and the marks go.
    let nowhere = from + egui::vec2(0.0, 200.0);
    harness.hover_at(nowhere);
    harness.step();
    harness.drop_at(nowhere);
    harness.step();
    harness.step();
    assert!(!has(&harness, "P2 (random bot) leader (target)"));
    assert!(has(&harness, "End turn"), "still your main action");
}

#[test]
fn dragging_a_card_from_the_hand_onto_the_field_plays_it() {
    let mut harness = client();
    start_match(&mut harness, "You vs bot", 7);
    play_to_main_action(&mut harness);
    let card = first_label_containing(&harness, "(hand, can act)");
    let name = card
        .split(" (hand")
        .next()
        .expect("a card label starts with its name")
        .to_owned();
    let from = harness.get_by_label(&card).rect().center();
    // An empty field slot, right of your leader.
    let leader = harness.get_by_label("P1 (you) leader").rect();
    let to = egui::pos2(leader.right() + 160.0, leader.center().y + 20.0);
    drag_half_way(&mut harness, from, to);
    harness.hover_at(to);
    harness.step();
    harness.snapshot("flow_drag_play_from_hand");
    harness.drop_at(to);
    harness.step();
    wait_for(&mut harness, "the dragged card played", |h| {
        has_containing(h, &format!("P1 plays {name} from the hand"))
    });
}

#[test]
fn cancel_the_play_takes_an_ability_back_at_its_cost_question() {
    let mut harness = client_with_packs();
    start_match(&mut harness, "You vs bot", 7);
    play_to_main_action(&mut harness);
    // Penguin Wizard: [act] [engage], discard a spell: draw a card. Two
    // spells in hand, so the cost asks which.
    put_card(
        &mut harness,
        "(you) leader",
        "SD03-008",
        "P1's field",
        "Penguin Wizard (field",
    );
    put_card(
        &mut harness,
        "(you) leader",
        "SD03-005",
        "P1's hand",
        "Insight (hand",
    );
    put_card(
        &mut harness,
        "(you) leader",
        "SD03-015",
        "P1's hand",
        "Magic Missile (hand",
    );
    let hand_before = match_view(&harness)
        .board(PlayerId(0))
        .map(|b| b.mine.hand.len());
    click(&mut harness, "Act");
    click_answer_containing(&mut harness, "Activate Penguin Wizard");
    wait_for(&mut harness, "the cost question", |h| {
        has_containing(h, "Choose cards to discard")
    });
    // The engine's cancel, not an undo: the log keeps the announcement and
    // tells of the cancel.
    click_answer(&mut harness, "Cancel the play");
    wait_for(&mut harness, "the main action again", |h| {
        has(h, "End turn") && !has_containing(h, "Choose cards to discard")
    });
    assert!(has_containing(
        &harness,
        "takes back the ability of Penguin Wizard"
    ));
    let board = match_view(&harness)
        .board(PlayerId(0))
        .expect("the board is drawn");
    assert_eq!(
        Some(board.mine.hand.len()),
        hand_before,
        "nothing discarded"
    );
    assert!(
        board.mine.field.iter().all(|card| !card.engaged),
        "the Wizard is reserved again"
    );
    assert!(has_containing(&harness, "Penguin Wizard (field, can act)"));
}
