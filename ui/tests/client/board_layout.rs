//! The board holds still and fits: the prompt strip keeps its height
//! whatever it asks, engaged followers lie sideways, and at 1024×700 no
//! part of the board reaches under the game log, even with full EX areas.
//! (A 4K window is checked in `tests/large_window.rs`.)

use crate::common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use sve_host::catalog::Catalog;
use sve_ui::App;

const SEED: u64 = 7;

/// The screen rectangle of the first widget with this exact label.
fn rect_of(harness: &Harness<'_, App>, label: &str) -> egui::Rect {
    harness
        .query_all_by_label(label)
        .next()
        .unwrap_or_else(|| panic!("no widget labelled {label:?}"))
        .rect()
}

#[test]
fn the_board_stays_put_when_the_prompt_changes() {
    let mut harness = client();
    start_match(&mut harness, "You vs bot", SEED);
    wait_for(&mut harness, "the first question", |h| {
        has(h, "Keep hand") || has(h, "Go first")
    });
    let mine = "P1 (you) leader";
    let theirs = "P2 (random bot) leader";
    let at_setup = rect_of(&harness, mine);
    play_to_main_action(&mut harness);
    assert!(has(&harness, "End turn"), "another prompt is up");
    assert_eq!(
        rect_of(&harness, mine),
        at_setup,
        "your leader did not move"
    );
    // A refused click adds a notice line to the strip: still no move.
    click(&mut harness, theirs);
    assert!(has_containing(
        &harness,
        "click one of your highlighted followers first"
    ));
    assert_eq!(
        rect_of(&harness, mine),
        at_setup,
        "your leader did not move"
    );
    // An empty EX area is one short label, not five empty slots.
    assert!(has(&harness, "EX area (empty)"));
}

#[test]
fn engaged_followers_lie_sideways() {
    let mut harness = client();
    start_match(&mut harness, "You vs bot", SEED);
    play_to_main_action(&mut harness);
    let attacker = play_until_a_follower_can_attack(&mut harness);
    let upright = rect_of(&harness, &attacker);
    assert!(upright.height() > upright.width(), "a reserved card stands");
    // Esc cancels the attack being declared.
    click(&mut harness, &attacker);
    assert!(has(&harness, "Cancel attack"));
    harness.key_press(egui::Key::Escape);
    harness.step();
    harness.step();
    assert!(!has(&harness, "Cancel attack"), "Esc cancelled the attack");
    // Attack; the attacker is engaged and lies sideways.
    click(&mut harness, &attacker);
    click_answer_containing(&mut harness, "(target)");
    play_to_main_action(&mut harness);
    let name = attacker.split(" (").next().unwrap_or_default().to_owned();
    let engaged = harness
        .query_all_by_label_contains(&format!("{name} (field"))
        .map(|node| node.rect())
        .find(|rect| rect.width() > rect.height());
    // (`board_after_an_attack.png` shows it.)
    assert!(engaged.is_some(), "{name} lies sideways once engaged");
}

#[test]
fn at_1024_by_700_nothing_on_the_board_is_under_the_log() {
    let catalog = Catalog::vanilla().expect("bundled card data loads");
    let mut harness = client_sized(catalog, [1024.0, 700.0]);
    start_match(&mut harness, "You vs bot", SEED);
    play_to_main_action(&mut harness);
    // Fill both EX areas from the sandbox.
    click(&mut harness, "Debug");
    click(&mut harness, "Sandbox");
    type_into(&mut harness, "Card id or name:", "SD01-003");
    // The side panel's animation speed is a combo box too.
    harness
        .query_all_by_role(egui::accesskit::Role::ComboBox)
        .find(|node| node.accesskit_node().label().as_deref() != Some("Animations"))
        .expect("the sandbox's zone box")
        .click();
    harness.step();
    harness.step();
    click(&mut harness, "EX area");
    for player in ["P1", "P2"] {
        click(&mut harness, player);
        for _ in 0..5 {
            click(&mut harness, "Put card");
        }
    }
    click(&mut harness, "Board");
    wait_for(&mut harness, "full EX areas", |h| {
        h.query_all_by_label_contains("EX area, ").count()
            + h.query_all_by_label_contains("EX area)").count()
            == 10
    });
    harness.run_ok();
    let log = rect_of(&harness, "Game log");
    let mut rects = Vec::new();
    // Cards and leaders are buttons (the log's lines are plain labels).
    for node in harness.query_all_by_role(egui::accesskit::Role::Button) {
        let Some(label) = node.accesskit_node().label() else {
            continue;
        };
        if ["(hand", "(field", "(EX area", "(opponent's", " leader"]
            .iter()
            .any(|part| label.contains(part))
        {
            rects.push((label, node.rect()));
        }
    }
    for heading in ["Field", "EX area"] {
        for node in harness.query_all_by_label(heading) {
            rects.push((heading.to_owned(), node.rect()));
        }
    }
    let checked = rects.len();
    for (label, rect) in rects {
        assert!(
            rect.right() < log.left(),
            "{label:?} at {rect:?} reaches under the log at {log:?}"
        );
    }
    assert!(checked > 12, "the board's widgets were found ({checked})");
    harness.remove_cursor();
    harness.run_ok();
    harness.snapshot("board_1024x700_full_ex_areas");
}
