//! Card abilities in the real client: the catalog is built from the
//! workspace's `card-packs` (as `sve-ui` does), a deck file is chosen on the
//! start screen, and a wasm ability's prompt is answered through the UI.

use crate::common::*;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use sve_engine::engine::PlayerId;

const SEED: u64 = 7;

/// The SD04 starter list (it has three Dragon Oracles), as a deck file.
const DECK: &str = "\
Dragon Oracle test deck
# Leader
1 BP01-LD07
# Main Deck
3 SD04-001
3 SD04-002
3 SD04-003
3 SD04-005
3 SD04-006
3 SD04-009
3 SD04-011
3 SD04-012
3 SD04-014
2 BP01-094
2 BP01-097
2 BP01-098
2 BP01-099
2 BP01-174
1 BP01-176
2 BP01-179
# Evolve Deck
3 SD04-004
3 SD04-010
3 SD04-013
1 BP01-175
";

#[test]
fn dragon_oracle_prompt_is_answered_through_the_ui() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("sve-ui-abilities-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp folder");
    let deck = dir.join("oracle.txt");
    std::fs::write(&deck, DECK).expect("the deck file is written");

    let mut harness = client_with_packs();
    harness.run();
    click(&mut harness, "You vs bot");
    // The combo box, not the grid's "Your deck" label beside it.
    harness
        .get_by_role_and_label(egui::accesskit::Role::ComboBox, "Your deck")
        .click();
    harness.run();
    click(&mut harness, "Deck file…");
    type_into(&mut harness, "Your deck file", &deck.display().to_string());
    click(&mut harness, "Random");
    type_into(&mut harness, "Seed", &SEED.to_string());
    click(&mut harness, "Start match");
    wait_for(
        &mut harness,
        "the first snapshot",
        |h| matches!(h.state().screen(), sve_ui::app::Screen::Match(m) if m.view().is_ready()),
    );
    play_to_main_action(&mut harness);

    // End turns until Dragon Oracle (cost 2) can be played.
    let mut turns = 0;
    while !has(&harness, "Dragon Oracle (hand, can act)") {
        assert!(!has(&harness, "Rematch"), "the match ended first");
        click_answer(&mut harness, "End turn");
        play_to_main_action(&mut harness);
        turns += 1;
        assert!(turns < 10, "Dragon Oracle never became playable");
    }

    let hand = |h: &egui_kittest::Harness<'_, sve_ui::App>| {
        match_view(h)
            .board(PlayerId(0))
            .map(|b| b.mine.hand.len())
            .expect("your board")
    };
    let before = hand(&harness);
    click_answer(&mut harness, "Dragon Oracle (hand, can act)");

    // The wasm ability asks; answer it with its label button.
    wait_for(&mut harness, "the Dragon Oracle prompt", |h| {
        has_containing(h, "Dragon Oracle: choose one")
    });
    assert!(has(&harness, "Increase your maximum play points by 1"));
    click_answer(&mut harness, "Draw a card");
    play_to_main_action(&mut harness);

    // The spell left the hand and a card was drawn: the count is unchanged,
    // and the log's next line after the play is the draw.
    assert_eq!(hand(&harness), before, "Dragon Oracle drew a card");
    let log: Vec<String> = harness
        .query_all_by_label_contains("P1 ")
        .filter_map(|node| node.accesskit_node().value())
        .collect();
    let play = log
        .iter()
        .rposition(|line| line == "P1 plays Dragon Oracle from the hand")
        .unwrap_or_else(|| panic!("the play is in the log: {log:#?}"));
    assert!(
        log.get(play + 1)
            .is_some_and(|line| line.starts_with("P1 draws ")),
        "the draw follows the play: {log:#?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
