//! The game log: readable lines from `sve_engine::gamelog::render`, newest
//! at the bottom, with a text filter.

use crate::match_view::MatchView;
use crate::session::LogKind;
use egui::{Color32, RichText, Ui};

/// The log panel. It keeps the filter text.
#[derive(Debug, Default)]
pub struct LogPanel {
    filter: String,
}

impl LogPanel {
    /// Draws the log.
    pub fn ui(&mut self, ui: &mut Ui, view: &MatchView) {
        let Self { filter } = self;
        ui.heading("Game log");
        ui.horizontal(|ui| {
            let label = ui.label("Filter");
            ui.add(
                egui::TextEdit::singleline(filter)
                    .hint_text("text to find")
                    .desired_width(f32::INFINITY),
            )
            .labelled_by(label.id);
        });
        ui.separator();
        let needle = filter.to_lowercase();
        egui::ScrollArea::vertical()
            .id_salt("game log")
            .stick_to_bottom(true)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for line in &view.log {
                    if !needle.is_empty() && !line.text.to_lowercase().contains(&needle) {
                        continue;
                    }
                    let text = RichText::new(displayable(&line.text));
                    let text = match line.kind {
                        LogKind::TurnHeader => {
                            text.strong().color(Color32::from_rgb(150, 190, 255))
                        }
                        LogKind::Action => text,
                        LogKind::GameOver => text.strong().color(Color32::from_rgb(255, 210, 90)),
                        LogKind::Error => text.color(Color32::from_rgb(255, 110, 100)),
                    };
                    ui.label(text);
                }
            });
    }
}

/// The log text with characters the bundled font cannot draw replaced
/// (the engine writes "20 → 17"; egui's default font has no arrows).
pub(crate) fn displayable(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains('→') {
        std::borrow::Cow::Owned(text.replace('→', "->"))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}
