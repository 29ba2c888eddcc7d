//! The questions asked before a choice that cannot be taken back:
//! conceding, leaving an online table, and leaving a running local match
//! for a new one. A panel keeps an `Option<Confirm>`, opens it where the
//! choice is clicked and draws [`confirm_ui`] every frame; only the "yes"
//! button pushes the choice's [`Intent`]. Esc, a click beside the dialog
//! and Cancel close it without a choice.

use crate::intent::{Intent, Intents};
use egui::{RichText, Ui};

/// A choice waiting for its confirmation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirm {
    /// Concede the match.
    Concede,
    /// Leave an online table (conceding a running match).
    Leave,
    /// Abandon a running local match for the start screen.
    NewMatch,
}

impl Confirm {
    /// The question and the text of the button that says yes.
    fn words(self) -> (&'static str, &'static str) {
        match self {
            Confirm::Concede => ("Concede this match? Your opponent wins.", "Yes, concede"),
            Confirm::Leave => (
                "Leave the table? Leaving a running match concedes it.",
                "Yes, leave",
            ),
            Confirm::NewMatch => (
                "Leave this match for a new one? It cannot be resumed.",
                "Yes, new match",
            ),
        }
    }

    /// What a confirmed choice asks for.
    fn intent(self) -> Intent {
        match self {
            Confirm::Concede => Intent::Concede,
            // Leaving drops the session, which leaves the table.
            Confirm::Leave | Confirm::NewMatch => Intent::NewMatch,
        }
    }
}

/// The open confirmation, as a modal dialog; closes it when answered.
pub fn confirm_ui(ui: &Ui, confirm: &mut Option<Confirm>, intents: &mut Intents) {
    let Some(open) = *confirm else {
        return;
    };
    let (question, yes) = open.words();
    let modal = egui::Modal::new(egui::Id::unique("sve confirm")).show(ui.ctx(), |ui| {
        ui.set_width(340.0);
        ui.label(RichText::new(question).strong());
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button(yes).clicked() {
                intents.push(open.intent());
                *confirm = None;
            }
            if ui
                .button("Cancel")
                .on_hover_text("Keep playing (Esc).")
                .clicked()
            {
                *confirm = None;
            }
        });
    });
    if modal.should_close() {
        *confirm = None;
    }
}
