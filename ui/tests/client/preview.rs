//! The large card preview: pointing at a card shows it beside the board,
//! `P` (or the card's right-click menu) pins it so it stays while the
//! pointer moves on, and the same key lets it go. The deck builder's
//! lists preview the card under the pointer too.

use crate::common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use sve_ui::App;

const SEED: u64 = 7;

/// The label of the first card in your hand, as the board names it.
fn first_hand_card(harness: &Harness<'_, App>) -> String {
    first_label_containing(harness, "(hand")
}

/// The card's name: its label up to " (".
fn name_of(label: &str) -> String {
    label.split(" (").next().unwrap_or_default().to_owned()
}

/// Moves the pointer onto the widget labelled `label` and runs frames.
fn hover(harness: &mut Harness<'_, App>, label: &str) {
    harness.get_by_label(label).hover();
    harness.step();
    harness.step();
}

/// Presses `P` and runs frames.
fn press_pin(harness: &mut Harness<'_, App>) {
    harness.key_press(egui::Key::P);
    harness.step();
    harness.step();
}

#[test]
fn hovering_a_card_previews_it_and_p_pins_it_until_pressed_again() {
    let mut harness = client();
    start_match(&mut harness, "You vs bot", SEED);
    play_to_main_action(&mut harness);
    harness.remove_cursor();
    harness.step();
    assert!(!has_containing(&harness, "Preview: "), "nothing is hovered");

    let card = first_hand_card(&harness);
    let name = name_of(&card);
    hover(&mut harness, &card);
    assert!(
        has(&harness, &format!("Preview: {name}")),
        "the hovered card is previewed"
    );
    // The preview sits beside the board, over the side panel: right of
    // every card and leader.
    let preview = harness.get_by_label(&format!("Preview: {name}")).rect();
    for node in harness.query_all_by_role(egui::accesskit::Role::Button) {
        let Some(label) = node.accesskit_node().label() else {
            continue;
        };
        if ["(hand", "(field", " leader"]
            .iter()
            .any(|part| label.contains(part))
        {
            assert!(
                node.rect().right() < preview.left(),
                "{label:?} at {:?} is under the preview at {preview:?}",
                node.rect()
            );
        }
    }

    // Away from the card, the preview goes.
    harness.remove_cursor();
    harness.step();
    harness.step();
    assert!(!has_containing(&harness, "Preview: "), "the pointer left");

    // P pins the hovered card; it stays when the pointer moves away.
    hover(&mut harness, &card);
    press_pin(&mut harness);
    harness.hover_at(egui::pos2(5.0, 5.0));
    harness.step();
    harness.step();
    assert!(
        has(&harness, &format!("Pinned: {name}")),
        "the pinned card stays"
    );
    harness.run_ok();
    harness.snapshot("board_pinned_preview");

    // P with no card under the pointer unpins.
    press_pin(&mut harness);
    assert!(!has_containing(&harness, "Pinned: "), "unpinned");
    assert!(!has_containing(&harness, "Preview: "), "nothing hovered");
}

#[test]
fn the_right_click_menu_pins_and_the_preview_unpins() {
    let mut harness = client();
    start_match(&mut harness, "You vs bot", SEED);
    play_to_main_action(&mut harness);
    let card = first_hand_card(&harness);
    let name = name_of(&card);
    harness.get_by_label(&card).click_secondary();
    harness.step();
    harness.step();
    click(&mut harness, "Pin preview");
    harness.remove_cursor();
    harness.step();
    assert!(
        has(&harness, &format!("Pinned: {name}")),
        "pinned from the menu"
    );
    // The pinned preview's own button lets it go.
    click(&mut harness, "Unpin");
    harness.remove_cursor();
    harness.step();
    assert!(!has_containing(&harness, "Pinned: "), "unpinned");
}

#[test]
fn the_deck_builder_previews_the_card_under_the_pointer() {
    let mut harness = client();
    harness.run();
    click(&mut harness, "Deck builder");
    type_into(&mut harness, "Search", "Treant");
    // A click on the row leaves the search field, so P pins instead of
    // typing.
    let row = first_label_containing(&harness, "Treant ·");
    click(&mut harness, &row);
    hover(&mut harness, &row);
    let name = name_of(row.split(" · ").nth(1).unwrap_or_default());
    assert!(
        has(&harness, &format!("Preview: {name}")),
        "the row under the pointer is previewed"
    );
    press_pin(&mut harness);
    harness.remove_cursor();
    harness.step();
    harness.step();
    assert!(
        has(&harness, &format!("Pinned: {name}")),
        "pinned in the builder"
    );
}
