//! The deck builder's deck-code row: a field holding a code, Import code
//! (the field's code replaces the draft) and Copy code (the draft's code
//! goes to the clipboard and into the field). The format is the engine's
//! (`sve_engine::decks::code`, docs/deck-codes.md); a pasted code is text
//! from anywhere, and every reason it is refused is shown.

use super::draft::DeckDraft;
use egui::Ui;
use sve_engine::decks::code;

/// The title an imported deck gets: a code carries no title.
pub const IMPORTED_TITLE: &str = "Imported deck";

/// What a click in the row did, for the builder's status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeOutcome {
    /// Done; the text says what.
    Done(String),
    /// Refused; the text says why.
    Failed(String),
}

/// The code field's text.
#[derive(Debug, Default)]
pub struct DeckCodeRow {
    text: String,
}

impl DeckCodeRow {
    /// Draws the row; a click changes `draft` (import) or the clipboard
    /// (copy) and says what it did.
    pub fn ui(&mut self, ui: &mut Ui, draft: &mut DeckDraft) -> Option<CodeOutcome> {
        let Self { text } = self;
        let mut outcome = None;
        let label = ui.label("Deck code");
        ui.add(
            egui::TextEdit::singleline(text)
                .hint_text("paste a code (SVD1…)")
                .desired_width(260.0),
        )
        .labelled_by(label.id);
        if ui
            .button("Import code")
            .on_hover_text("Replace the deck with the one in the code.")
            .clicked()
        {
            outcome = Some(import(text, draft));
        }
        if ui
            .button("Copy code")
            .on_hover_text("Copy this deck as a code, to paste anywhere.")
            .clicked()
        {
            outcome = Some(match code::encode(&draft.to_file()) {
                Ok(written) => {
                    ui.ctx().copy_text(written.clone());
                    *text = written;
                    CodeOutcome::Done("Copied the deck code.".to_owned())
                }
                Err(err) => CodeOutcome::Failed(format!("This deck has no code: {err}.")),
            });
        }
        outcome
    }
}

/// Replaces `draft` with the deck of `text`'s code, or says why not.
fn import(text: &str, draft: &mut DeckDraft) -> CodeOutcome {
    match code::decode(text, IMPORTED_TITLE) {
        Ok(file) => {
            let (imported, notes) = DeckDraft::from_file(&file);
            *draft = imported;
            let cards: u32 = file.main.iter().chain(&file.evolve).map(|e| e.count).sum();
            let mut said = format!("Imported a deck of {cards} cards from the code.");
            for note in notes {
                said.push_str(&format!(" {note}."));
            }
            CodeOutcome::Done(said)
        }
        Err(err) => CodeOutcome::Failed(format!("Cannot import the code: {err}.")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_imports_the_deck_it_was_copied_from() {
        let mut built = DeckDraft {
            title: "Mine".to_owned(),
            leader: Some("SD01-LD".to_owned()),
            main: vec![("SD01-001".to_owned(), 3), ("SD01-002".to_owned(), 2)],
            evolve: vec![("SD01-010".to_owned(), 1)],
            basis: sve_engine::decks::DeckBasis::Class,
        };
        let written = code::encode(&built.to_file()).expect("encodes");
        let mut draft = DeckDraft::default();
        assert_eq!(
            import(&written, &mut draft),
            CodeOutcome::Done("Imported a deck of 6 cards from the code.".to_owned())
        );
        built.title = IMPORTED_TITLE.to_owned();
        assert_eq!(draft, built);
    }

    #[test]
    fn a_bad_code_leaves_the_draft_and_says_why() {
        let kept = DeckDraft {
            title: "Kept".to_owned(),
            ..DeckDraft::default()
        };
        let mut draft = kept.clone();
        assert_eq!(
            import("hello", &mut draft),
            CodeOutcome::Failed(
                "Cannot import the code: not a deck code (it should start with `SVD1`).".to_owned()
            )
        );
        assert_eq!(draft, kept);
    }
}
