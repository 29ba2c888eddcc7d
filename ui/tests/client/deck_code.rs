//! The deck builder's deck codes and "Play this deck", through the real
//! client: copy a starter deck's code, import it over another deck, refuse
//! a bad code, and start a match with the draft against the bot.

use crate::common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use sve_engine::decks::{self, code};
use sve_ui::App;
use sve_ui::app::Screen;
use sve_ui::deck_builder::code::IMPORTED_TITLE;
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

/// The deck builder with a starter deck loaded.
fn builder_with(deck: &str) -> Harness<'static, App> {
    let mut harness = client();
    harness.run();
    click(&mut harness, "Deck builder");
    type_into(&mut harness, "Deck file", deck);
    click(&mut harness, "Load deck");
    harness
}

#[test]
fn a_copied_code_imports_the_same_deck() {
    let mut harness = builder_with("SD01");
    let sd01 = draft(&harness);
    click(&mut harness, "Copy code");
    assert!(has(&harness, "Copied the deck code."));
    let expected = code::encode(&sd01.to_file()).expect("SD01 has a code");
    assert!(
        harness.query_all_by_value(&expected).next().is_some(),
        "the field shows the code"
    );

    // Another deck, then the code: SD01 again, titled as imported.
    replace_text(&mut harness, "Deck file", "SD02");
    click(&mut harness, "Load deck");
    assert_ne!(draft(&harness), sd01);
    click(&mut harness, "Import code");
    assert!(has_containing(
        &harness,
        "Imported a deck of 50 cards from the code."
    ));
    let imported = draft(&harness);
    assert_eq!(imported.title, IMPORTED_TITLE);
    assert_eq!(
        DeckDraft {
            title: sd01.title.clone(),
            ..imported
        },
        sd01
    );
    let file = decks::starter_deck("SD01").expect("bundled");
    assert_eq!(DeckDraft::from_file(&file).0.main, sd01.main);
}

#[test]
fn a_bad_code_is_refused_and_the_deck_kept() {
    let mut harness = builder_with("SD01");
    let sd01 = draft(&harness);
    replace_text(&mut harness, "Deck code", "SVD1AQ");
    click(&mut harness, "Import code");
    assert!(has_containing(
        &harness,
        "Cannot import the code: the deck code is cut short in the leader."
    ));
    replace_text(&mut harness, "Deck code", "not a code");
    click(&mut harness, "Import code");
    assert!(has_containing(&harness, "not a deck code"));
    assert_eq!(draft(&harness), sd01);
}

#[test]
fn play_this_deck_starts_a_match_against_the_bot() {
    // An empty deck can't be played: the builder says why and stays.
    let mut harness = client();
    harness.run();
    click(&mut harness, "Deck builder");
    click(&mut harness, "Play this deck");
    assert!(has(&harness, "The deck can't be played yet:"));
    assert!(matches!(harness.state().screen(), Screen::DeckBuilder));

    // SD03 under another title: the match has it in your seat.
    replace_text(&mut harness, "Deck file", "SD03");
    click(&mut harness, "Load deck");
    replace_text(&mut harness, "Deck title", "My Runecraft");
    click(&mut harness, "Play this deck");
    wait_for(
        &mut harness,
        "the first snapshot",
        |h| matches!(h.state().screen(), Screen::Match(m) if m.view().is_ready()),
    );
    let view = match_view(&harness);
    assert_eq!(view.deck_titles[0], "My Runecraft");
    assert_eq!(view.names[0], "P1 (you)");
    assert!(view.names[1].contains("bot"), "{}", view.names[1]);
}
