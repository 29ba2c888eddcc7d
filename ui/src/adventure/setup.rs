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
//!
//! A balance file dropped on the page is taken too: on the desktop its
//! path goes into the field; a web page, which reads no paths, gets the
//! file's text and name from the browser and keeps them for the run
//! ([`BalanceSource::Text`]).

use super::game::{self, BalanceSource, RunGame};
use crate::catalog::Catalog;
use crate::deck_choice::{DeckChoice, StarterTitles};
use crate::settings::{AdventureChoices, StoredDeck};
use egui::{Color32, RichText, Ui};
use std::path::Path;

/// The largest balance file a drop gives the page (the shipped one is
/// 6 KiB).
pub const MAX_BALANCE_BYTES: usize = 1 << 20;

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
    /// A balance file dropped without a path (in a web page): its name and
    /// text, used instead of the path.
    dropped: Option<(String, String)>,
    /// A dropped file the browser is reading: its name and bytes once read.
    #[cfg(target_arch = "wasm32")]
    reading: std::rc::Rc<std::cell::RefCell<Option<(String, Result<Vec<u8>, String>)>>>,
    titles: StarterTitles,
    errors: Vec<String>,
}

impl Default for SetupForm {
    fn default() -> SetupForm {
        SetupForm {
            deck: DeckChoice::starter("SD01"),
            seed_text: String::new(),
            balance_text: String::new(),
            dropped: None,
            #[cfg(target_arch = "wasm32")]
            reading: Default::default(),
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
        let dropped = ui.ctx().input(|input| input.raw.dropped_files.clone());
        if let Some(file) = dropped.last() {
            self.take_dropped(ui.ctx(), file);
        }
        #[cfg(target_arch = "wasm32")]
        {
            let read = self.reading.borrow_mut().take();
            if let Some((name, bytes)) = read {
                self.take_balance_bytes(name, bytes);
            }
        }
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
                let about = "A balance file (TOML, as host/adventure/data/balance.toml) sets \
                     the run's numbers: floors, odds, light, encounters, shop prices. The \
                     loaded packs' adventure files go over it. Type its path, or drop the \
                     file on the page.";
                if let Some((name, _)) = &self.dropped {
                    let mut clear = false;
                    ui.horizontal(|ui| {
                        ui.label(format!("{name} (dropped)"))
                            .labelled_by(balance_label.id)
                            .on_hover_text(about);
                        clear = ui.small_button("Clear").clicked();
                    });
                    if clear {
                        self.dropped = None;
                    }
                } else if cfg!(target_arch = "wasm32") {
                    ui.label("drop a balance file on the page; none = the shipped numbers")
                        .labelled_by(balance_label.id)
                        .on_hover_text(about);
                } else {
                    ui.add(
                        egui::TextEdit::singleline(&mut self.balance_text)
                            .hint_text("blank = the shipped numbers")
                            .desired_width(360.0),
                    )
                    .labelled_by(balance_label.id)
                    .on_hover_text(about);
                }
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

    /// Takes a file dropped on the page as the balance file: on the
    /// desktop its path goes into the field; a web page reads the file
    /// (the browser does it later) and takes its bytes.
    #[cfg(not(target_arch = "wasm32"))]
    fn take_dropped(&mut self, _ctx: &egui::Context, file: &egui::DroppedFileHandle) {
        self.balance_text = file.path().display().to_string();
        self.dropped = None;
        self.errors.clear();
    }

    /// Takes a file dropped on the page as the balance file: on the
    /// desktop its path goes into the field; a web page reads the file
    /// (the browser does it later) and takes its bytes.
    #[cfg(target_arch = "wasm32")]
    fn take_dropped(&mut self, ctx: &egui::Context, file: &egui::DroppedFileHandle) {
        let name = file.path().display().to_string();
        let (file, slot, ctx) = (file.clone(), self.reading.clone(), ctx.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let bytes = file.bytes_async().await;
            *slot.borrow_mut() = Some((name, bytes));
            ctx.request_repaint();
        });
    }

    /// Takes a balance file's bytes read elsewhere (a file dropped on a
    /// web page) as the new run's balance file, called `name` in messages;
    /// a file that could not be read, is too large or is not text is said
    /// on the page.
    pub fn take_balance_bytes(&mut self, name: String, bytes: Result<Vec<u8>, String>) {
        let name = if name.is_empty() {
            "the dropped file".to_owned()
        } else {
            name
        };
        let text = bytes.and_then(|bytes| {
            if bytes.len() > MAX_BALANCE_BYTES {
                Err(format!(
                    "{} bytes; at most {MAX_BALANCE_BYTES} are read",
                    bytes.len()
                ))
            } else {
                sve_text::decode(&bytes).map_err(|e| e.to_string())
            }
        });
        match text {
            Ok(text) => {
                self.dropped = Some((name, text));
                self.errors.clear();
            }
            Err(why) => self.errors = vec![format!("{name}: {why}")],
        }
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
        let balance = match (&self.dropped, self.balance_text.trim()) {
            (Some((name, text)), _) => Some(BalanceSource::Text {
                name: name.clone(),
                text: text.clone(),
            }),
            (None, "") => None,
            (None, path) => Some(BalanceSource::Path(path.into())),
        };
        match RunGame::start(catalog, &deck, seed, balance.as_ref(), dir.to_path_buf()) {
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
