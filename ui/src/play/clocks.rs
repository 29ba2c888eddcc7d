//! An online match's clocks on the board, under each leader: the seat's
//! thinking time left and, for the player the server waits on, the
//! decision's countdown. Red under ten seconds. A table without time
//! limits shows nothing. The countdown itself is `match_clocks.rs`.

use crate::match_clocks::{LOW_TIME, MatchClocks, SeatClocks, clock_text};
use egui::{Color32, RichText, Ui};
use std::time::Duration;
use sve_engine::engine::PlayerId;

/// Draws `seat`'s clocks (under its leader) as they stand now, and asks
/// for the next frame when a shown second changes. `name` is the seat's
/// name on screen.
pub fn seat_clocks_ui(ui: &mut Ui, clocks: &MatchClocks, seat: PlayerId, name: &str) {
    let now = ui.input(|input| input.time);
    let SeatClocks {
        match_left,
        decision_left,
        running,
    } = clocks.seat(seat, now);
    // One line each: side by side they would not fit the leader's width.
    if let Some(left) = match_left {
        let text = format!("Thinking time {}", clock_text(left));
        ui.label(clock_rich_text(text, left, running))
            .on_hover_text(format!(
                "{name}'s thinking time for the rest of the match. It runs while \
                 they decide; whoever runs out loses."
            ));
    }
    if let Some(left) = decision_left {
        let text = format!("Decision {}", clock_text(left));
        ui.label(clock_rich_text(text, left, running))
            .on_hover_text(
                "Time left for this decision. When it runs out, the server plays \
                 the default answer (pass, no, or the first option).",
            );
    }
    if let Some(next) = clocks.next_change(now) {
        ui.ctx().request_repaint_after(next);
    }
}

/// A clock's text: bright while it runs, red under [`LOW_TIME`].
fn clock_rich_text(text: String, left: Duration, running: bool) -> RichText {
    let colour = if left < LOW_TIME {
        Color32::from_rgb(255, 110, 100)
    } else if running {
        Color32::WHITE
    } else {
        Color32::from_gray(160)
    };
    let text = RichText::new(text).monospace().color(colour);
    if running { text.strong() } else { text }
}
