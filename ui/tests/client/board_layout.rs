//! The board holds still and fits: the prompt strip keeps its height
//! whatever it asks, engaged followers lie sideways, and at 1024×700 no
//! part of the board reaches under the game log, even with full EX areas.
//! (A 4K window is checked in `tests/large_window.rs`.)

use crate::common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use std::time::{Duration, Instant};
use sve_packs::catalog::Catalog;
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
    for (player, seat) in [("P1", 0), ("P2", 1)] {
        click(&mut harness, player);
        for put in 1..=5 {
            put_into_ex_area(&mut harness, seat, put);
        }
        // The notice of the last put comes after the board: once it is
        // up, nothing moves under the next click.
        wait_for(&mut harness, "the last put's notice", |h| {
            has_containing(h, &format!("into {player}'s EX area."))
        });
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

/// The cards in `seat`'s EX area, as the match view holds them (the board
/// is hidden while the sandbox tab is open).
fn ex_area_len(harness: &Harness<'_, App>, seat: usize) -> usize {
    match_view(harness)
        .views
        .first()
        .map_or(0, |view| view.sides[seat].ex_area.len())
}

/// Clicks "Put card" until `seat`'s EX area holds `count` cards. Under a
/// loaded machine a quick click is sometimes lost, so the click is
/// repeated only when a whole 10 s passed with nothing put: a put in
/// flight is never doubled.
fn put_into_ex_area(harness: &mut Harness<'_, App>, seat: usize, count: usize) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while ex_area_len(harness, seat) < count {
        assert!(
            Instant::now() < deadline,
            "timed out putting card {count} into seat {seat}'s EX area: {}",
            where_cards_are(harness)
        );
        click(harness, "Put card");
        let retry = Instant::now() + Duration::from_secs(10);
        while ex_area_len(harness, seat) < count && Instant::now() < retry {
            harness.step();
            std::thread::sleep(Duration::from_millis(3));
        }
    }
}

/// Each side's zone sizes and the match's last notice, for a failure.
fn where_cards_are(harness: &Harness<'_, App>) -> String {
    let view = match_view(harness);
    let sides = view.views.first().map(|v| {
        v.sides
            .iter()
            .map(|side| {
                format!(
                    "hand {} field {} EX {} cemetery {} deck {}",
                    side.hand.len(),
                    side.field.len(),
                    side.ex_area.len(),
                    side.cemetery.len(),
                    side.deck_count
                )
            })
            .collect::<Vec<_>>()
    });
    let last_log: Vec<_> = view.log.iter().rev().take(3).collect();
    let notices: Vec<_> = harness
        .query_all_by_label_contains("Sandbox")
        .filter_map(|node| node.accesskit_node().label())
        .collect();
    format!("sides {sides:?}; last log lines {last_log:?}; sandbox labels {notices:?}")
}
