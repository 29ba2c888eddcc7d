//! The replay viewer's controls, under the board of a watched replay:
//! back to the start, a turn back, one answer back, play or pause, one
//! answer forward, a turn forward, to the end; a slider over every moment
//! of the recording; the pace of play. Each pushes an
//! [`Intent::Replay`]; the session's replay worker moves the match.

use crate::intent::{Intent, Intents};
use crate::session::{ReplayControl, ReplayPosition};
use egui::Ui;
use std::time::Duration;

/// The paces offered, slowest first: the time between two answers.
pub const PACES: [Duration; 6] = [
    Duration::from_millis(2_000),
    Duration::from_millis(1_000),
    Duration::from_millis(500),
    Duration::from_millis(250),
    Duration::from_millis(100),
    Duration::ZERO,
];

/// Draws the controls for `position`.
pub fn replay_bar_ui(ui: &mut Ui, position: &ReplayPosition, intents: &mut Intents) {
    // Ids of their own: a notice appearing above the bar (the end of the
    // replay) must not renumber the buttons between two frames, or a click
    // aimed at one is lost.
    ui.push_id("replay bar", |ui| controls_ui(ui, position, intents));
}

fn controls_ui(ui: &mut Ui, position: &ReplayPosition, intents: &mut Intents) {
    let mut push = |control| intents.push(Intent::Replay(control));
    let (at, length) = (position.at, position.length);
    ui.horizontal(|ui| {
        if ui
            .add_enabled(at > 0, egui::Button::new("Start"))
            .on_hover_text("Back to the first moment of the match.")
            .clicked()
        {
            push(ReplayControl::Seek(0));
        }
        if ui
            .add_enabled(at > 0, egui::Button::new("Previous turn"))
            .on_hover_text("To the start of this turn, or of the turn before.")
            .clicked()
        {
            push(ReplayControl::Seek(position.previous_turn_start()));
        }
        if ui
            .add_enabled(at > 0, egui::Button::new("Back"))
            .on_hover_text("One answer back.")
            .clicked()
        {
            push(ReplayControl::Step { forward: false });
        }
        if position.playing {
            if ui.button("Pause").clicked() {
                push(ReplayControl::Pause);
            }
        } else if ui
            .button("Play")
            .on_hover_text("Play the answers at the chosen speed (from the start at the end).")
            .clicked()
        {
            push(ReplayControl::Play);
        }
        if ui
            .add_enabled(at < length, egui::Button::new("Forward"))
            .on_hover_text("One answer forward.")
            .clicked()
        {
            push(ReplayControl::Step { forward: true });
        }
        let next_turn = position.next_turn_start();
        if ui
            .add_enabled(next_turn.is_some(), egui::Button::new("Next turn"))
            .on_hover_text("To the start of the next turn.")
            .clicked()
            && let Some(next_turn) = next_turn
        {
            push(ReplayControl::Seek(next_turn));
        }
        if ui
            .add_enabled(at < length, egui::Button::new("End"))
            .on_hover_text("To the last moment of the recording.")
            .clicked()
        {
            push(ReplayControl::Seek(length));
        }
        ui.separator();
        let speed_label = ui.label("Speed");
        let mut pace = position.pace;
        egui::ComboBox::from_id_salt("replay speed")
            .selected_text(pace_text(pace))
            .show_ui(ui, |ui| {
                for choice in PACES {
                    ui.selectable_value(&mut pace, choice, pace_text(choice));
                }
            })
            .response
            .labelled_by(speed_label.id);
        if pace != position.pace {
            push(ReplayControl::Pace(pace));
        }
    });
    ui.horizontal(|ui| {
        let position_label = ui.label("Position");
        let mut moment = at;
        let width = (ui.available_width() - 260.0).max(120.0);
        ui.spacing_mut().slider_width = width;
        let slider = ui
            .add(egui::Slider::new(&mut moment, 0..=length).show_value(false))
            .labelled_by(position_label.id);
        if slider.changed() && moment != at {
            push(ReplayControl::Seek(moment));
        }
        ui.label(position_text(position));
    });
}

/// "Turn 3 · answer 12 of 240": where the replay stands, in words.
pub fn position_text(position: &ReplayPosition) -> String {
    format!(
        "Turn {} · answer {} of {}",
        position.turn(),
        position.at,
        position.length
    )
}

/// "1 s per answer", "250 ms per answer", "As fast as it goes".
fn pace_text(pace: Duration) -> String {
    match pace.as_millis() {
        0 => "As fast as it goes".to_owned(),
        ms if ms % 1_000 == 0 => format!("{} s per answer", ms / 1_000),
        ms => format!("{ms} ms per answer"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui_kittest::kittest::Queryable as _;
    use std::sync::Arc;

    fn position(at: usize, playing: bool) -> ReplayPosition {
        ReplayPosition {
            at,
            length: 6,
            turns: Arc::from([0, 1, 1, 2, 2, 2, 3]),
            playing,
            pace: Duration::from_millis(500),
        }
    }

    fn clicked(at: usize, playing: bool, label: &str) -> Vec<Intent> {
        let position = position(at, playing);
        let mut harness = egui_kittest::Harness::new_ui_state(
            |ui, intents: &mut Intents| replay_bar_ui(ui, &position, intents),
            Intents::default(),
        );
        harness.run();
        harness.state_mut().drain();
        harness.get_by_label(label).click();
        harness.run();
        harness.state_mut().drain()
    }

    #[test]
    fn the_buttons_ask_for_the_moves_they_name() {
        let replay = |control| vec![Intent::Replay(control)];
        assert_eq!(clicked(3, false, "Play"), replay(ReplayControl::Play));
        assert_eq!(clicked(3, true, "Pause"), replay(ReplayControl::Pause));
        assert_eq!(
            clicked(3, false, "Back"),
            replay(ReplayControl::Step { forward: false })
        );
        assert_eq!(
            clicked(3, false, "Forward"),
            replay(ReplayControl::Step { forward: true })
        );
        assert_eq!(clicked(3, false, "Start"), replay(ReplayControl::Seek(0)));
        assert_eq!(clicked(3, false, "End"), replay(ReplayControl::Seek(6)));
        // Turn 2 runs from moment 3 to 5: the next turn starts at 6, the
        // previous at 1 (moment 3 is already this turn's start).
        assert_eq!(
            clicked(3, false, "Next turn"),
            replay(ReplayControl::Seek(6))
        );
        assert_eq!(
            clicked(3, false, "Previous turn"),
            replay(ReplayControl::Seek(1))
        );
        assert_eq!(
            clicked(4, false, "Previous turn"),
            replay(ReplayControl::Seek(3))
        );
    }

    #[test]
    fn the_slider_seeks_to_the_moment_it_is_set_to() {
        let position = position(0, false);
        let mut harness = egui_kittest::Harness::new_ui_state(
            |ui, intents: &mut Intents| replay_bar_ui(ui, &position, intents),
            Intents::default(),
        );
        harness.run();
        harness.state_mut().drain();
        harness.get_by_label("Position").set_value_accesskit(4.0);
        harness.run();
        assert_eq!(
            harness.state_mut().drain(),
            vec![Intent::Replay(ReplayControl::Seek(4))]
        );
    }

    #[test]
    fn the_position_is_told_in_turns_and_answers() {
        assert_eq!(position_text(&position(4, false)), "Turn 2 · answer 4 of 6");
        assert_eq!(pace_text(Duration::from_millis(2_000)), "2 s per answer");
        assert_eq!(pace_text(Duration::from_millis(250)), "250 ms per answer");
        assert_eq!(pace_text(Duration::ZERO), "As fast as it goes");
    }
}
