//! Series the engine asks one step at a time, answered in one panel: a
//! distribution of damage points and a choice of up to N options. The
//! cards come from the community-style test pack (script cards).

use crate::common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use sve_engine::engine::PlayerId;
use sve_packs::catalog::Catalog;
use sve_ui::App;

/// The client over the starter cards and the community-style test pack,
/// in a local match against the random bot at its first main action.
fn community_match() -> Harness<'static, App> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the ui crate sits in the workspace");
    let catalog = Catalog::open(
        &root.join("tests/packs/community-style"),
        &root.join("target"),
    )
    .expect("card data loads");
    assert!(
        catalog.diagnostics().is_empty(),
        "the pack loads cleanly: {:?}",
        catalog.diagnostics()
    );
    let mut harness = client_of(catalog);
    start_match(&mut harness, "You vs bot", 7);
    play_to_main_action(&mut harness);
    harness
}

/// The defense of each of the opponent's field followers, in field order.
fn their_defenses(harness: &Harness<'_, App>) -> Vec<i32> {
    let board = match_view(harness)
        .board(PlayerId(0))
        .expect("the board is drawn");
    board.theirs.field.iter().map(|card| card.defense).collect()
}

#[test]
fn damage_points_are_handed_out_in_one_step() {
    let mut harness = community_match();
    let theirs = "P2 (random bot) leader";
    put_card(&mut harness, theirs, "BP01-021", "P2's field", "Okami (");
    put_card(
        &mut harness,
        theirs,
        "BP01-124",
        "P2's field",
        "Undead King (",
    );
    put_card(
        &mut harness,
        "(you) leader",
        "CS01-055",
        "P1's hand",
        "Dimension Rift (hand",
    );
    set_pp(&mut harness, 2);
    assert_eq!(their_defenses(&harness), [5, 6]);

    click_answer_containing(&mut harness, "Dimension Rift (hand, can act)");
    wait_for(&mut harness, "the targets question", |h| {
        has_containing(h, "Divide 3 damage among")
    });
    click_containing(&mut harness, "Okami (opponent's field");
    click_containing(&mut harness, "Undead King (opponent's field");
    click_answer(&mut harness, "Confirm");
    // One panel for the three points, not three questions.
    wait_for(&mut harness, "the points panel", |h| {
        has_containing(h, "Damage points: 3 to hand out")
    });
    assert!(!has_containing(&harness, "Damage point 1 of 3"));
    assert!(
        has_containing(&harness, "3 of 3 handed out"),
        "an even split"
    );

    // All three to the Undead King: Okami's share down to 0 first.
    let spin = egui::accesskit::Role::SpinButton;
    let set = |harness: &mut Harness<'_, App>, label: &str, value: &str| {
        let label = first_label_containing(harness, label);
        harness.get_by_role_and_label(spin, &label).click();
        harness.step();
        harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
        harness.get_by_role_and_label(spin, &label).type_text(value);
        harness.key_press(egui::Key::Enter);
        harness.step();
        harness.step();
    };
    set(&mut harness, "Okami 5/5", "0");
    assert!(has_containing(&harness, "1 of 3 handed out"));
    let confirm_enabled =
        |h: &Harness<'_, App>| !h.get_by_label("Confirm").accesskit_node().is_disabled();
    assert!(
        !confirm_enabled(&harness),
        "every point is handed out first"
    );
    set(&mut harness, "Undead King 6/6", "3");
    assert!(confirm_enabled(&harness));
    click(&mut harness, "Confirm");
    wait_for(&mut harness, "the damage dealt", |h| {
        their_defenses(h) == [5, 3] && has(h, "End turn")
    });
}

#[test]
fn up_to_n_options_are_chosen_in_one_step_and_undo_takes_back_one_step() {
    let mut harness = community_match();
    put_card(
        &mut harness,
        "(you) leader",
        "CS01-069",
        "P1's hand",
        "Draconic Ritual (hand",
    );
    set_pp(&mut harness, 3);
    let mine = |h: &Harness<'_, App>| {
        let board = match_view(h).board(PlayerId(0)).expect("board");
        (board.mine.deck_count, board.mine.hand.len())
    };
    let (deck, hand) = mine(&harness);

    click_answer_containing(&mut harness, "Draconic Ritual (hand, can act)");
    wait_for(&mut harness, "the options panel", |h| {
        has_containing(h, "Choose up to 2 of these options")
    });
    assert!(!has_containing(&harness, "(1 of up to 2)"));
    // Ticked in this order: Ramp resolves first, then Ponder.
    click(&mut harness, "Ramp");
    click(&mut harness, "Ponder");
    assert!(has(&harness, "1. Ramp") && has(&harness, "2. Ponder"));
    assert!(
        harness
            .get_by_label("Inferno")
            .accesskit_node()
            .is_disabled(),
        "two are the most"
    );
    harness.remove_cursor();
    harness.run_ok();
    harness.snapshot("flow_options_series");
    click(&mut harness, "Confirm");
    // The spell left the hand and Ponder drew a card (Ramp finds the
    // maximum at 10 already).
    wait_for(&mut harness, "both options resolved", |h| {
        mine(h) == (deck - 1, hand) && has(h, "End turn")
    });

    // The engine got one answer per question: undo takes back the last
    // one only, and the panel asks for the one option left.
    click(&mut harness, "Undo");
    wait_for(&mut harness, "the second question again", |h| {
        has_containing(h, "Choose up to 1 more of these options")
    });
    assert_eq!(mine(&harness), (deck, hand - 1), "Ponder is taken back");
}
