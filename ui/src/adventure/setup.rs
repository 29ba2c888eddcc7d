//! The Adventure screen's first page: start a new run (a seed, blank for
//! a random one, a starting deck, and a balance file, blank for the
//! shipped numbers) or resume the saved one.
//!
//! A balance file is loaded as `sve adventure new --balance FILE` loads
//! it, the loaded packs' adventure files added ([`game::run_balance`]);
//! a bad one (or a pack's) is said here with its file and line, the form
//! keeps what was typed and the saved run stays. The client remembers the
//! starting deck and the balance file between runs
//! ([`crate::settings::AdventureChoices`]); the seed is new each time.

use super::game::{self, RunGame};
use crate::catalog::Catalog;
use crate::deck_choice::{DeckChoice, StarterTitles};
use crate::settings::{AdventureChoices, StoredDeck};
use egui::{Color32, RichText, Ui};
use std::path::Path;

/// What the page asks of the Adventure screen.
#[derive(Debug)]
pub enum SetupRequest {
    /// A run to play (new or resumed).
    Play(Box<RunGame>),
    /// Back to the start screen.
    Back,
}

/// The new-run form.
#[derive(Debug)]
pub struct SetupForm {
    deck: DeckChoice,
    seed_text: String,
    /// The balance file's path, blank for the shipped numbers.
    balance_text: String,
    titles: StarterTitles,
    errors: Vec<String>,
}

impl Default for SetupForm {
    fn default() -> SetupForm {
        SetupForm {
            deck: DeckChoice::starter("SD01"),
            seed_text: String::new(),
            balance_text: String::new(),
            titles: StarterTitles::default(),
            errors: Vec::new(),
        }
    }
}

impl SetupForm {
    /// What the form remembers for the client's next run: the starting
    /// deck and the balance file as typed.
    pub fn remembered(&self) -> AdventureChoices {
        AdventureChoices {
            deck: Some(StoredDeck::of(&self.deck)),
            balance: Some(self.balance_text.clone()),
        }
    }

    /// Takes back what an earlier run remembered; a starter deck this
    /// client lacks keeps the form's deck.
    pub fn restore(&mut self, choices: &AdventureChoices) {
        if let Some(deck) = choices.deck.as_ref().and_then(StoredDeck::choice) {
            self.deck = deck;
        }
        if let Some(balance) = &choices.balance {
            self.balance_text = balance.trim().to_owned();
        }
    }

    /// Draws the page; `dir` is where runs are saved.
    pub fn ui(&mut self, ui: &mut Ui, catalog: &Catalog, dir: &Path) -> Option<SetupRequest> {
        let mut request = None;
        egui::CentralPanel::default().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(24.0);
                ui.heading(RichText::new("Adventure").size(30.0));
                ui.label(
                    "Climb the floors of rooms to the boss. Torches light your way: \
                     dark rooms are harder and pay more.",
                );
            });
            ui.add_space(16.0);
            ui.vertical_centered(|ui| {
                egui::Frame::new()
                    .inner_margin(16.0)
                    .corner_radius(8)
                    .fill(Color32::from_rgb(30, 32, 40))
                    .show(ui, |ui| {
                        ui.set_width(560.0);
                        ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                            request = self.form_ui(ui, catalog, dir);
                        });
                    });
            });
        });
        request
    }

    fn form_ui(&mut self, ui: &mut Ui, catalog: &Catalog, dir: &Path) -> Option<SetupRequest> {
        let mut request = None;
        egui::Grid::new("adventure setup")
            .num_columns(2)
            .spacing([12.0, 8.0])
            .show(ui, |ui| {
                ui.label("Starting deck");
                self.deck
                    .ui(ui, "adventure deck", "Starting deck", &self.titles);
                ui.end_row();
                let seed_label = ui.label("Run seed");
                ui.add(
                    egui::TextEdit::singleline(&mut self.seed_text)
                        .hint_text("blank = random")
                        .desired_width(180.0),
                )
                .labelled_by(seed_label.id);
                ui.end_row();
                let balance_label = ui.label("Balance file");
                ui.add(
                    egui::TextEdit::singleline(&mut self.balance_text)
                        .hint_text("blank = the shipped numbers")
                        .desired_width(360.0),
                )
                .labelled_by(balance_label.id)
                .on_hover_text(
                    "A balance file (TOML, as host/adventure/data/balance.toml) sets the \
                     run's numbers: floors, odds, light, encounters, shop prices. The \
                     loaded packs' adventure files go over it.",
                );
                ui.end_row();
            });
        ui.add_space(12.0);
        ui.horizontal(|ui| {
            let text = RichText::new("Start run").size(18.0).strong();
            if ui
                .add(egui::Button::new(text).min_size(egui::vec2(160.0, 34.0)))
                .clicked()
            {
                request = self.start(catalog, dir);
            }
            let saved = game::has_save(dir);
            if ui
                .add_enabled(saved, egui::Button::new("Resume saved run"))
                .on_disabled_hover_text("No run is saved yet.")
                .clicked()
            {
                match RunGame::resume(catalog, dir.to_path_buf()) {
                    Ok(game) => request = Some(SetupRequest::Play(Box::new(game))),
                    Err(error) => self.errors = vec![error],
                }
            }
            if ui.button("Back").clicked() {
                request = Some(SetupRequest::Back);
            }
        });
        ui.label(
            RichText::new(format!(
                "Runs are saved in {} after every choice; a new run replaces the saved one.",
                dir.display()
            ))
            .small(),
        );
        for error in &self.errors {
            ui.colored_label(Color32::from_rgb(255, 110, 100), error);
        }
        request
    }

    fn start(&mut self, catalog: &Catalog, dir: &Path) -> Option<SetupRequest> {
        let seed = match self.seed_text.trim() {
            "" => crate::config::entropy_seed(),
            text => match text.parse::<u64>() {
                Ok(seed) => seed,
                Err(_) => {
                    self.errors = vec![format!("The seed must be a whole number (got {text:?}).")];
                    return None;
                }
            },
        };
        let deck = self.deck.arg();
        if deck.is_empty() {
            self.errors = vec!["Type the path of your deck file.".to_owned()];
            return None;
        }
        let balance = match self.balance_text.trim() {
            "" => None,
            path => Some(std::path::PathBuf::from(path)),
        };
        match RunGame::start(catalog, &deck, seed, balance.as_deref(), dir.to_path_buf()) {
            Ok(game) => {
                self.errors.clear();
                Some(SetupRequest::Play(Box::new(game)))
            }
            Err(error) => {
                self.errors = vec![error];
                None
            }
        }
    }
}
