//! The recap of the opponent's last turn, beside the log: the bot's play
//! in the log's words, without its draws.

use crate::common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use sve_engine::engine::{Event, PlayerId};
use sve_ui::App;

#[test]
fn the_recap_lists_the_opponents_last_turn() {
    let mut harness = client();
    start_match(&mut harness, "You vs bot", 7);
    play_to_main_action(&mut harness);
    let mut turns = 0;
    let played = loop {
        let seen = match_view(&harness).events.len();
        if has_containing(&harness, "(hand, can act)") {
            click_answer_containing(&mut harness, "(hand, can act)");
        } else {
            click_answer(&mut harness, "End turn");
        }
        play_to_main_action(&mut harness);
        let view = match_view(&harness);
        let bot_play = view
            .events
            .iter()
            .skip(seen)
            .find_map(|shown| match shown.event {
                Event::CardPlayed {
                    player: PlayerId(1),
                    def,
                    ..
                } => Some(view.db.get(def).display_name().to_owned()),
                _ => None,
            });
        if let Some(name) = bot_play {
            break name;
        }
        turns += 1;
        assert!(turns < 8, "the bot played no card in eight turns");
    };
    let play_line = format!("P2 plays {played} from the hand");
    let draws = count(&harness, "P2 draws a card");
    assert_eq!(count(&harness, &play_line), 1, "in the log");

    click(&mut harness, "Their last turn");
    assert_eq!(count(&harness, &play_line), 2, "in the log and the recap");
    assert!(
        has_containing(&harness, ": P2 (random bot)"),
        "the recap's heading"
    );
    assert_eq!(
        count(&harness, "P2 draws a card"),
        draws,
        "draws are left out"
    );

    click(&mut harness, "Their last turn");
    assert_eq!(count(&harness, &play_line), 1, "closed again");
}

/// How many widgets have exactly this label.
fn count(harness: &Harness<'_, App>, label: &str) -> usize {
    harness.query_all_by_label(label).count()
}
