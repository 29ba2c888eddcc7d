//! Zone counts open the zone's public cards in a panel beside the board,
//! never over it: your evolve deck face up, the opponent's face down and
//! only counted.

use crate::common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use sve_ui::App;

const SEED: u64 = 7;

/// The `index`-th widget labelled `label` (the opponent's half is drawn
/// first, so 0 is theirs and 1 is yours).
fn nth(harness: &Harness<'_, App>, label: &str, index: usize) -> egui::Rect {
    harness
        .query_all_by_label(label)
        .nth(index)
        .unwrap_or_else(|| panic!("no widget {index} labelled {label:?}"))
        .rect()
}

/// The right edge of the board: its cards, leaders and zone headings.
fn board_right(harness: &Harness<'_, App>) -> f32 {
    let mut right = f32::MIN;
    for node in harness.query_all_by_role(egui::accesskit::Role::Button) {
        let Some(label) = node.accesskit_node().label() else {
            continue;
        };
        if ["(hand", "(field", " leader"]
            .iter()
            .any(|part| label.contains(part))
        {
            right = right.max(node.rect().right());
        }
    }
    for heading in ["Field", "EX area (empty)"] {
        for node in harness.query_all_by_label(heading) {
            right = right.max(node.rect().right());
        }
    }
    right
}

#[test]
fn zone_counts_open_the_public_cards_in_a_panel_beside_the_board() {
    let mut harness = client();
    start_match(&mut harness, "You vs bot", SEED);
    play_to_main_action(&mut harness);
    assert!(!has_containing(&harness, "'s evolve deck"), "no panel yet");

    // Your evolve deck: its face-down cards are yours to see.
    let theirs = nth(&harness, "Evolve deck 10", 0);
    let yours = nth(&harness, "Evolve deck 10", 1);
    assert!(
        theirs.top() < yours.top(),
        "theirs is drawn first, at the top"
    );
    harness
        .query_all_by_label("Evolve deck 10")
        .nth(1)
        .expect("your evolve deck's count")
        .click();
    harness.step();
    harness.step();
    let heading = "P1 (you)'s evolve deck";
    assert!(has(&harness, heading), "the panel is open");
    let panel_cards: Vec<egui::Rect> = harness
        .query_all_by_label_contains(&format!("({heading})"))
        .map(|node| node.rect())
        .collect();
    assert_eq!(panel_cards.len(), 10, "the ten evolved cards, face up");
    let right = board_right(&harness);
    for card in &panel_cards {
        assert!(
            card.left() > right,
            "a zone card at {card:?} covers the board (its right edge at {right})"
        );
    }
    assert!(
        !has_containing(&harness, "face down (hidden)"),
        "nothing of yours is hidden from you"
    );
    harness.remove_cursor();
    harness.run_ok();
    harness.snapshot("board_zone_panel");

    // The opponent's: counted, not shown.
    harness
        .query_all_by_label("Evolve deck 10")
        .next()
        .expect("their evolve deck's count")
        .click();
    harness.step();
    harness.step();
    assert!(has(&harness, "P2 (random bot)'s evolve deck"));
    assert!(has(&harness, "10 face down (hidden)."));
    assert_eq!(
        harness
            .query_all_by_label_contains("(P2 (random bot)'s evolve deck)")
            .count(),
        0,
        "no card of theirs is shown"
    );

    // Close.
    click(&mut harness, "Close");
    assert!(!has_containing(&harness, "'s evolve deck"), "closed");
}

#[test]
fn at_1024_by_700_the_zone_panel_leaves_the_board_whole() {
    let catalog = sve_packs::catalog::Catalog::vanilla().expect("bundled card data loads");
    let mut harness = client_sized(catalog, [1024.0, 700.0]);
    start_match(&mut harness, "You vs bot", SEED);
    play_to_main_action(&mut harness);
    harness
        .query_all_by_label("Evolve deck 10")
        .nth(1)
        .expect("your evolve deck's count")
        .click();
    harness.step();
    harness.step();
    harness.remove_cursor();
    harness.run_ok();
    let heading = "P1 (you)'s evolve deck";
    let panel_left = harness
        .query_all_by_label_contains(&format!("({heading})"))
        .map(|node| node.rect().left())
        .fold(f32::MAX, f32::min);
    let right = board_right(&harness);
    assert!(
        right < panel_left,
        "the board reaches {right}, under the zone panel at {panel_left}"
    );
    harness.snapshot("board_1024x700_zone_panel");
}
