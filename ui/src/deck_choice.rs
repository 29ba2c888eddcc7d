//! The deck a player brings: a bundled starter deck or a deck file, chosen
//! with the same widget on the start screen and on the Play online screen.

use egui::Ui;
use sve_engine::decks::{self, STARTER_DECKS};

/// Where a deck comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeckSource {
    /// A bundled starter deck, by name (`SD01`).
    Starter(String),
    /// A deck file in the community deck-list format.
    File,
}

/// One deck choice: the source, and the path typed for a deck file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckChoice {
    /// Where the deck comes from.
    pub source: DeckSource,
    /// The deck file's path (used when `source` is [`DeckSource::File`]).
    pub path: String,
}

/// The bundled starter decks as (name, title) pairs, for the deck menu.
#[derive(Clone, Debug)]
pub struct StarterTitles(Vec<(String, String)>);

impl Default for StarterTitles {
    fn default() -> StarterTitles {
        StarterTitles(
            STARTER_DECKS
                .iter()
                .map(|(name, _)| {
                    let title = decks::starter_deck(name)
                        .map(|d| d.title)
                        .unwrap_or_default();
                    ((*name).to_owned(), title)
                })
                .collect(),
        )
    }
}

impl StarterTitles {
    /// "SD01 · Regal Fairy Princess", or the bare name without a title.
    pub fn text(&self, name: &str) -> String {
        match self.0.iter().find(|(n, _)| n == name) {
            Some((_, title)) if !title.is_empty() => format!("{name} · {title}"),
            _ => name.to_owned(),
        }
    }
}

impl DeckChoice {
    /// A bundled starter deck.
    pub fn starter(name: &str) -> DeckChoice {
        DeckChoice {
            source: DeckSource::Starter(name.to_owned()),
            path: String::new(),
        }
    }

    /// Draws the deck menu (starter decks, then "Deck file…") and, for a
    /// deck file, the path field. `label` is the menu's accessible name;
    /// the path field's is "`label` file".
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        id_salt: impl egui::AsIdSalt,
        label: &str,
        titles: &StarterTitles,
    ) {
        let Self { source, path } = self;
        ui.horizontal(|ui| {
            let selected = match &*source {
                DeckSource::Starter(name) => titles.text(name),
                DeckSource::File => "Deck file…".to_owned(),
            };
            egui::ComboBox::from_id_salt(id_salt)
                .selected_text(selected)
                .width(260.0)
                .show_ui(ui, |ui| {
                    for (name, _) in &titles.0 {
                        ui.selectable_value(
                            source,
                            DeckSource::Starter(name.clone()),
                            titles.text(name),
                        );
                    }
                    ui.selectable_value(source, DeckSource::File, "Deck file…");
                })
                .response
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, label));
            if *source == DeckSource::File {
                ui.add(
                    egui::TextEdit::singleline(path)
                        .hint_text("path/to/deck.txt")
                        .desired_width(240.0),
                )
                .widget_info(|| {
                    egui::WidgetInfo::labeled(egui::Role::TextInput, true, format!("{label} file"))
                });
            }
        });
    }

    /// What [`decks::load_deck`] takes: the starter deck's name or the
    /// trimmed path; empty when no file was typed.
    pub fn arg(&self) -> String {
        match &self.source {
            DeckSource::Starter(name) => name.clone(),
            DeckSource::File => self.path.trim().to_owned(),
        }
    }

    /// The deck as deck-file text (what a server is sent), or why it can't
    /// be read.
    pub fn text(&self) -> Result<String, String> {
        match &self.source {
            DeckSource::Starter(name) => STARTER_DECKS
                .iter()
                .find(|(starter, _)| starter == name)
                .map(|(_, text)| (*text).to_owned())
                .ok_or_else(|| format!("There is no bundled deck named {name}.")),
            DeckSource::File => {
                let path = self.path.trim();
                if path.is_empty() {
                    return Err("Type the path of your deck file.".to_owned());
                }
                crate::catalog::read_text_file(std::path::Path::new(path))
                    .map_err(|err| format!("Cannot read the deck file {path}: {err}"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_starter_deck_is_sent_as_its_bundled_text() {
        let text = DeckChoice::starter("SD01").text().expect("bundled");
        let bundled = STARTER_DECKS.iter().find(|(n, _)| *n == "SD01");
        assert_eq!(Some(text.as_str()), bundled.map(|(_, t)| *t));
    }

    #[test]
    fn a_missing_deck_file_says_so() {
        let choice = DeckChoice {
            source: DeckSource::File,
            path: "/no/such/deck.txt".to_owned(),
        };
        let err = choice.text().expect_err("no file");
        assert!(
            err.starts_with("Cannot read the deck file /no/such/deck.txt"),
            "{err}"
        );
        let empty = DeckChoice {
            source: DeckSource::File,
            path: "  ".to_owned(),
        };
        assert_eq!(
            empty.text(),
            Err("Type the path of your deck file.".to_owned())
        );
    }
}
