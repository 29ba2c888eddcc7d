//! The hot-reload notice: after card packs are reloaded into the match, a
//! small window over the board's corner says what changed, card by card
//! ("Waltzing Fairy: cost 3 → 2; new fanfare"), until it is dismissed or
//! the next reload replaces it. It floats, so the board never moves; the
//! lines are the worker's ([`crate::session::ReloadReport`]), their
//! arrows drawn as `->` (the bundled font has none).

use crate::play::log::displayable;
use crate::session::ReloadReport;
use egui::{Align2, RichText, Ui, vec2};

/// How many card lines the window lists before "and N more".
const MAX_LINES: usize = 40;

/// The notice of the latest reload. It keeps only its own text.
#[derive(Debug, Default)]
pub struct ReloadNotice {
    /// The heading and the card lines, while shown.
    shown: Option<(String, Vec<String>)>,
}

impl ReloadNotice {
    /// Shows what `report` changed, replacing any earlier notice.
    pub fn show(&mut self, report: &ReloadReport) {
        self.shown = Some((report.heading(), report.lines.clone()));
    }

    /// The lines shown now (heading first), for tests and tools.
    pub fn lines(&self) -> Vec<String> {
        self.shown
            .iter()
            .flat_map(|(heading, lines)| std::iter::once(heading).chain(lines))
            .cloned()
            .collect()
    }

    /// Draws the notice in the top right corner of the window, if any.
    pub fn ui(&mut self, ui: &mut Ui) {
        let Self { shown } = self;
        let Some((heading, lines)) = shown.as_ref() else {
            return;
        };
        let mut dismissed = false;
        egui::Window::new("Cards reloaded")
            .id(egui::Id::unique("reload notice"))
            .anchor(Align2::RIGHT_TOP, vec2(-320.0, 40.0))
            .collapsible(true)
            .resizable(false)
            .default_width(360.0)
            .show(ui.ctx(), |ui| {
                ui.label(RichText::new(heading).strong());
                egui::ScrollArea::vertical()
                    .max_height(220.0)
                    .show(ui, |ui| {
                        for line in lines.iter().take(MAX_LINES) {
                            ui.label(displayable(line).as_ref());
                        }
                        if lines.len() > MAX_LINES {
                            ui.label(
                                RichText::new(format!("and {} more", lines.len() - MAX_LINES))
                                    .weak(),
                            );
                        }
                    });
                if ui.button("Dismiss").clicked() {
                    dismissed = true;
                }
            });
        if dismissed {
            *shown = None;
        }
    }
}
