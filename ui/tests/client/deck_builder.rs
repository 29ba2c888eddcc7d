//! The deck builder and the packs panel driven through the real client:
//! filter the card list, add and remove cards, choose a leader, see the
//! construction-rule problems change, save a deck file and load it back.

use crate::common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use sve_engine::decks;
use sve_ui::App;
use sve_ui::deck_builder::draft::DeckDraft;

/// Replaces the text of the field with this label.
fn replace_text(harness: &mut Harness<'_, App>, label: &str, text: &str) {
    click(harness, label);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label(label).type_text(text);
    harness.step();
    harness.step();
}

fn draft(harness: &Harness<'_, App>) -> DeckDraft {
    harness.state().deck_builder().draft().clone()
}

#[test]
fn build_check_save_and_load_a_deck() {
    let mut harness = client();
    harness.run();
    click(&mut harness, "Deck builder");
    assert!(has_containing(
        &harness,
        "a deck needs exactly 1 leader, found 0"
    ));
    assert!(has_containing(
        &harness,
        "the main deck needs 40 to 50 cards, found 0"
    ));

    // The class filter hides other classes' cards.
    type_into(&mut harness, "Search", "Treant");
    assert!(has(&harness, "Add Treant"));
    click(&mut harness, "Class filter");
    click(&mut harness, "Havencraft");
    assert!(!has(&harness, "Add Treant"));
    assert!(has_containing(&harness, "0 of "));
    click(&mut harness, "Class filter");
    click(&mut harness, "Any class");

    // Three copies from the list, a fourth from the deck: too many.
    for _ in 0..3 {
        click(&mut harness, "Add Treant");
    }
    assert!(has_containing(&harness, "3 × Treant"));
    click(&mut harness, "Add one Treant");
    assert!(has_containing(
        &harness,
        "4 cards named `Treant` in the main deck; the limit is 3"
    ));
    click(&mut harness, "Remove one Treant");
    assert!(!has_containing(&harness, "cards named `Treant`"));

    // A leader, chosen from the list; the preview shows the card.
    replace_text(&mut harness, "Search", "Arisa");
    click(&mut harness, "Set leader Arisa");
    assert!(!has_containing(&harness, "a deck needs exactly 1 leader"));
    click_containing(&mut harness, "· Arisa · Leader");
    assert!(has(&harness, "Arisa"), "the preview card is labelled");
    assert!(has(&harness, "Set as leader: Arisa"));

    // Save under target/, change the deck, load it back: the saved deck.
    type_into(&mut harness, "Deck title", "Kittest Forest");
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("sve-ui-deck-{}", std::process::id()))
        .join("kittest.txt");
    type_into(&mut harness, "Deck file", &path.display().to_string());
    click(&mut harness, "Save deck");
    assert!(has_containing(&harness, "Saved to"));
    let saved = draft(&harness);
    assert_eq!(saved.title, "Kittest Forest");
    let text = std::fs::read_to_string(&path).expect("the deck file was written");
    let file = decks::parse_deck(&text, "saved").expect("the saved deck parses");
    assert_eq!(DeckDraft::from_file(&file), (saved.clone(), Vec::new()));

    click(&mut harness, "Remove one Treant");
    assert_ne!(draft(&harness), saved);
    click(&mut harness, "Load deck");
    assert!(has_containing(&harness, "Loaded \"Kittest Forest\""));
    assert_eq!(draft(&harness), saved);
    std::fs::remove_dir_all(path.parent().expect("a folder")).ok();

    // Back to the start screen; the draft is kept for next time.
    click(&mut harness, "Back");
    assert!(has(&harness, "Start match"));
    click(&mut harness, "Deck builder");
    assert!(has_containing(&harness, "3 × Treant"));
}

#[test]
fn deck_builder_snapshot_with_a_starter_deck() {
    let mut harness = client();
    harness.run();
    click(&mut harness, "Deck builder");
    type_into(&mut harness, "Deck file", "SD01");
    click(&mut harness, "Load deck");
    replace_text(&mut harness, "Search", "Treant");
    click_containing(&mut harness, "· Treant · Follower");
    harness.remove_cursor();
    harness.run_ok();
    harness.snapshot("deck_builder_sd01");
}

#[test]
fn packs_panel_opens_from_the_start_screen() {
    let mut harness = client();
    harness.run();
    click(&mut harness, "Packs");
    assert!(has(&harness, "Loaded packs (0)"));
    assert!(has(&harness, "No problems."));
    click(&mut harness, "Back");
    assert!(has(&harness, "Start match"));
}
