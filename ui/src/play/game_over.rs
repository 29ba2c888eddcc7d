//! The end of a match: winner and reason, rematch (local), save replay,
//! new match (or, online, back to the start screen).

use super::strip::strip_ui;
use crate::intent::{Intent, Intents};
use crate::match_view::{MatchView, PlayMode};
use egui::{Color32, RichText, Ui};
use std::path::PathBuf;
use sve_engine::engine::{Outcome, PlayerId, WinReason};

/// The game-over panel. It keeps the replay path being typed.
#[derive(Debug)]
pub struct GameOverPanel {
    replay_path: String,
}

impl GameOverPanel {
    /// A panel suggesting a replay file named after the seed.
    pub fn new(seed: u64) -> GameOverPanel {
        GameOverPanel {
            replay_path: format!("sve-replay-{seed}.sver"),
        }
    }

    /// A panel suggesting a replay file named after an online table's code.
    pub fn for_table(code: &str) -> GameOverPanel {
        let code: String = code.chars().filter(char::is_ascii_alphanumeric).collect();
        GameOverPanel {
            replay_path: format!("sve-replay-{code}.sver"),
        }
    }

    /// Draws the panel for a finished match, seen from `me`.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        view: &MatchView,
        me: PlayerId,
        notice: Option<&str>,
        intents: &mut Intents,
    ) {
        let Self { replay_path } = self;
        let Some(outcome) = view.outcome else {
            return;
        };
        // The prompt's strip, in the same place and of the same height.
        strip_ui(ui, "game over", Color32::from_rgb(52, 44, 30), |ui| {
            ui.label(
                RichText::new(headline(view, me, outcome))
                    .size(22.0)
                    .strong(),
            );
            ui.label(reason_text(view, outcome));
            ui.horizontal_wrapped(|ui| {
                let online = matches!(view.mode, PlayMode::Online { .. });
                // Online, the server seats both players again at a new
                // table once both offered (at once against its bot).
                let watching = view.mode == (PlayMode::Online { seat: None });
                if !watching && ui.button("Rematch").clicked() {
                    intents.push(Intent::Rematch);
                }
                let back = if online { "Back to start" } else { "New match" };
                if ui.button(back).clicked() {
                    intents.push(Intent::NewMatch);
                }
                if view.can_undo && ui.button("Undo last move").clicked() {
                    intents.push(Intent::Undo);
                }
                // A spectator has no seat token to ask the server for
                // the replay with.
                if view.mode == (PlayMode::Online { seat: None }) {
                    return;
                }
                ui.separator();
                let label = ui.label("Replay file");
                ui.add(egui::TextEdit::singleline(replay_path).desired_width(220.0))
                    .labelled_by(label.id);
                let path = replay_path.trim();
                if ui
                    .add_enabled(!path.is_empty(), egui::Button::new("Save replay"))
                    .clicked()
                {
                    intents.push(Intent::SaveReplay(PathBuf::from(path)));
                }
            });
            if let Some(notice) = notice {
                ui.label(RichText::new(notice).color(Color32::from_rgb(255, 210, 90)));
            }
        });
    }
}

fn headline(view: &MatchView, me: PlayerId, outcome: Outcome) -> String {
    match outcome {
        Outcome::Draw => "Draw".to_owned(),
        Outcome::Win(winner, _) => match view.my_seat() {
            Some(_) if winner == me => "You win!".to_owned(),
            Some(_) => "You lose".to_owned(),
            None => format!("{} wins", view.seat_name(winner)),
        },
    }
}

/// Why the match ended, in words.
pub fn reason_text(view: &MatchView, outcome: Outcome) -> String {
    match outcome {
        Outcome::Draw => "Both players lost at the same time.".to_owned(),
        Outcome::Win(winner, reason) => {
            let loser = view.seat_name(winner.opponent());
            match reason {
                WinReason::LeaderDefense => format!("{loser}'s leader defense reached 0."),
                WinReason::DeckOut => format!("{loser} had to draw from an empty deck."),
                WinReason::Concede => format!("{loser} conceded."),
                WinReason::Effect => format!("{loser} lost to a card's effect."),
            }
        }
    }
}
