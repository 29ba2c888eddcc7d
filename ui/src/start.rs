//! The start screen: who plays (you vs a bot, two people hot-seat, or two
//! bots), each side's deck (a bundled starter deck or a deck file), the bot
//! level, an optional seed and the bots' pace; buttons to the Play online
//! screen, the deck builder, the packs panel, the Arena and the Adventure.

use crate::config::{ChosenDeck, MatchConfig, Seat, entropy_seed};
use crate::deck_choice::{DeckChoice, StarterTitles};
use crate::settings::StoredDeck;
use egui::{Color32, RichText, Ui};
use std::time::Duration;
use sve_engine::bot::BotKind;
use sve_engine::cards::CardDb;
use sve_engine::decks::{self, DeckError};
use sve_engine::engine::PlayerId;

/// Who plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModeChoice {
    /// You (P1) against a bot (P2).
    VsBot,
    /// Two people at one screen.
    HotSeat,
    /// Two bots; you watch.
    BotVsBot,
}

/// What the start screen asks of the app.
#[derive(Debug)]
pub enum StartRequest {
    /// Start a match with these settings.
    Play(Box<MatchConfig>),
    /// Open the deck builder.
    DeckBuilder,
    /// Open the packs panel.
    Packs,
    /// Open the Play online screen.
    Online,
    /// Open the Arena screen (the desktop's).
    #[cfg(feature = "desktop")]
    Arena,
    /// Open the Adventure screen.
    Adventure,
}

/// The start screen's settings.
#[derive(Debug)]
pub struct StartScreen {
    mode: ModeChoice,
    decks: [DeckChoice; 2],
    bot: BotKind,
    seed_text: String,
    bot_delay_ms: u32,
    starter_titles: StarterTitles,
    errors: Vec<String>,
    /// A replay file to watch (a web page picks one instead).
    #[cfg(not(target_arch = "wasm32"))]
    replay_path: String,
}

impl StartScreen {
    /// SD01 (you) against SD02 (greedy bot), random seed, bots moving
    /// every `bot_delay`.
    pub fn new(bot_delay: Duration) -> StartScreen {
        StartScreen {
            mode: ModeChoice::VsBot,
            decks: [DeckChoice::starter("SD01"), DeckChoice::starter("SD02")],
            bot: BotKind::Greedy,
            seed_text: String::new(),
            bot_delay_ms: u32::try_from(bot_delay.as_millis()).unwrap_or(u32::MAX),
            starter_titles: StarterTitles::default(),
            errors: Vec::new(),
            #[cfg(not(target_arch = "wasm32"))]
            replay_path: String::new(),
        }
    }

    /// The decks to remember for the next run, seat order.
    pub fn remembered_decks(&self) -> [Option<StoredDeck>; 2] {
        self.decks.each_ref().map(|deck| Some(StoredDeck::of(deck)))
    }

    /// Takes back the decks of an earlier run; a seat with none, or with a
    /// starter deck this client lacks, keeps its deck.
    pub fn restore_decks(&mut self, stored: &[Option<StoredDeck>; 2]) {
        for (deck, stored) in self.decks.iter_mut().zip(stored) {
            if let Some(choice) = stored.as_ref().and_then(StoredDeck::choice) {
                *deck = choice;
            }
        }
    }

    /// Draws the screen; returns a match to start or a screen to open.
    pub fn ui(&mut self, ui: &mut Ui, db: &CardDb) -> Option<StartRequest> {
        let mut start = None;
        // A web page's replay comes from the browser's file picker.
        #[cfg(target_arch = "wasm32")]
        if let Some(picked) = crate::web::replay_picker::take() {
            let config = picked
                .bytes
                .map_err(|why| vec![format!("Cannot read {}: {why}", picked.name)])
                .and_then(|bytes| self.config_of_replay(&picked.name, &bytes, db));
            match config {
                Ok(config) => {
                    self.errors.clear();
                    start = Some(StartRequest::Play(Box::new(config)));
                }
                Err(errors) => self.errors = errors,
            }
        }
        egui::CentralPanel::default().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(24.0);
                ui.heading(RichText::new("Shadowverse: Evolve").size(30.0));
                ui.label(
                    "Play a starter deck against a bot, with a friend at this screen, or online.",
                );
            });
            ui.add_space(16.0);
            ui.vertical_centered(|ui| {
                egui::Frame::new()
                    .inner_margin(16.0)
                    .corner_radius(8)
                    .fill(Color32::from_rgb(30, 32, 40))
                    .show(ui, |ui| {
                        ui.set_width(600.0);
                        ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                            self.settings_ui(ui);
                            ui.add_space(12.0);
                            let text = RichText::new("Start match").size(18.0).strong();
                            let button = egui::Button::new(text).min_size(egui::vec2(180.0, 36.0));
                            if ui.add(button).clicked() {
                                match self.config(db) {
                                    Ok(config) => {
                                        self.errors.clear();
                                        start = Some(StartRequest::Play(Box::new(config)));
                                    }
                                    Err(errors) => self.errors = errors,
                                }
                            }
                            ui.add_space(8.0);
                            #[cfg(target_arch = "wasm32")]
                            if ui
                                .button("Watch a replay…")
                                .on_hover_text("Open a replay file (.sver) saved from a match.")
                                .clicked()
                            {
                                crate::web::replay_picker::open();
                            }
                            #[cfg(not(target_arch = "wasm32"))]
                            ui.horizontal(|ui| {
                                let label = ui.label("Replay file");
                                ui.add(
                                    egui::TextEdit::singleline(&mut self.replay_path)
                                        .hint_text("game.sver")
                                        .desired_width(300.0),
                                )
                                .labelled_by(label.id);
                                if ui.button("Watch replay").clicked() {
                                    match self.replay_config(db) {
                                        Ok(config) => {
                                            self.errors.clear();
                                            start = Some(StartRequest::Play(Box::new(config)));
                                        }
                                        Err(errors) => self.errors = errors,
                                    }
                                }
                            });
                            for error in &self.errors {
                                ui.colored_label(Color32::from_rgb(255, 110, 100), error);
                            }
                        });
                    });
                ui.add_space(16.0);
                ui.horizontal(|ui| {
                    // Centre the five buttons under the settings frame.
                    ui.add_space((ui.available_width() - 650.0).max(0.0) / 2.0);
                    let size = egui::vec2(120.0, 28.0);
                    if ui
                        .add(egui::Button::new("Play online").min_size(size))
                        .clicked()
                    {
                        start = Some(StartRequest::Online);
                    }
                    if ui
                        .add(egui::Button::new("Deck builder").min_size(size))
                        .clicked()
                    {
                        start = Some(StartRequest::DeckBuilder);
                    }
                    if ui.add(egui::Button::new("Packs").min_size(size)).clicked() {
                        start = Some(StartRequest::Packs);
                    }
                    #[cfg(feature = "desktop")]
                    if ui
                        .add(egui::Button::new("Arena").min_size(size))
                        .on_hover_text(
                            "Bots play your deck against others: win rates you can trust.",
                        )
                        .clicked()
                    {
                        start = Some(StartRequest::Arena);
                    }
                    if ui
                        .add(egui::Button::new("Adventure").min_size(size))
                        .on_hover_text(
                            "A roguelike run: climb a map of fights you light with torches.",
                        )
                        .clicked()
                    {
                        start = Some(StartRequest::Adventure);
                    }
                });
            });
        });
        start
    }

    fn settings_ui(&mut self, ui: &mut Ui) {
        let Self {
            mode,
            decks,
            bot,
            seed_text,
            bot_delay_ms,
            starter_titles,
            errors: _,
            #[cfg(not(target_arch = "wasm32"))]
                replay_path: _,
        } = self;
        ui.label(RichText::new("Players").strong());
        ui.horizontal(|ui| {
            ui.radio_value(mode, ModeChoice::VsBot, "You vs bot");
            ui.radio_value(mode, ModeChoice::HotSeat, "Hot-seat (two players)");
            ui.radio_value(mode, ModeChoice::BotVsBot, "Bot vs bot (watch)");
        });
        ui.add_space(8.0);
        let seat_names = match mode {
            ModeChoice::VsBot => ["Your deck", "Bot's deck"],
            ModeChoice::HotSeat | ModeChoice::BotVsBot => ["P1 deck", "P2 deck"],
        };
        egui::Grid::new("deck choice")
            .num_columns(2)
            .spacing([12.0, 8.0])
            .show(ui, |ui| {
                for (seat, deck) in decks.iter_mut().enumerate() {
                    ui.label(seat_names[seat]);
                    deck.ui(ui, ("deck", seat), seat_names[seat], starter_titles);
                    ui.end_row();
                }
                let has_bot = *mode != ModeChoice::HotSeat;
                ui.label("Bot level");
                ui.add_enabled_ui(has_bot, |ui| {
                    crate::bot_choice::bot_level_radios(ui, bot);
                });
                ui.end_row();
                let delay_label = ui.label("Bot move delay");
                ui.horizontal(|ui| {
                    ui.add_enabled(
                        has_bot,
                        egui::Slider::new(bot_delay_ms, 0..=1500).show_value(false),
                    )
                    .labelled_by(delay_label.id);
                    ui.label(format!("{bot_delay_ms} ms"));
                });
                ui.end_row();
                let seed_label = ui.label("Seed");
                ui.add(
                    egui::TextEdit::singleline(seed_text)
                        .hint_text("blank = random")
                        .desired_width(180.0),
                )
                .labelled_by(seed_label.id);
                ui.end_row();
            });
    }

    /// A match against the bot with `deck` in your seat and the rest of
    /// this screen's settings (the bot's deck and level, the seed, the
    /// pace): the deck builder's "Play this deck" starts here, as the
    /// screen's own Start match does.
    pub fn config_with_deck(
        &self,
        deck: ChosenDeck,
        db: &CardDb,
    ) -> Result<MatchConfig, Vec<String>> {
        self.config_of(db, Some(deck))
    }

    /// The match these settings describe, or every problem with them.
    fn config(&self, db: &CardDb) -> Result<MatchConfig, Vec<String>> {
        self.config_of(db, None)
    }

    /// The match of these settings, with `own_deck` (and a bot to play
    /// against) in P1's seat when given.
    fn config_of(
        &self,
        db: &CardDb,
        own_deck: Option<ChosenDeck>,
    ) -> Result<MatchConfig, Vec<String>> {
        let mode = if own_deck.is_some() {
            ModeChoice::VsBot
        } else {
            self.mode
        };
        let mut own_deck = own_deck;
        let mut errors = Vec::new();
        let seed = match self.seed_text.trim() {
            "" => Some(entropy_seed()),
            text => match text.parse::<u64>() {
                Ok(seed) => Some(seed),
                Err(_) => {
                    errors.push(format!("The seed must be a whole number (got {text:?})."));
                    None
                }
            },
        };
        let mut chosen = Vec::new();
        for (seat, deck) in self.decks.iter().enumerate() {
            if seat == 0
                && let Some(own) = own_deck.take()
            {
                chosen.push(own);
                continue;
            }
            let arg = deck.arg();
            if arg.is_empty() {
                errors.push(format!("Choose a deck file for {}.", PlayerId(seat as u8)));
                continue;
            }
            match load_checked(&arg, db) {
                Ok(deck) => chosen.push(deck),
                Err(problems) => errors.extend(problems),
            }
        }
        let (Some(seed), Ok([first, second])) = (seed, <[ChosenDeck; 2]>::try_from(chosen)) else {
            return Err(errors);
        };
        let seats = match mode {
            ModeChoice::VsBot => [Seat::Human, Seat::Bot(self.bot)],
            ModeChoice::HotSeat => [Seat::Human, Seat::Human],
            ModeChoice::BotVsBot => [Seat::Bot(self.bot), Seat::Bot(self.bot)],
        };
        Ok(MatchConfig {
            seats,
            decks: [first, second],
            seed,
            bot_delay: Duration::from_millis(u64::from(self.bot_delay_ms)),
            replay: None,
            opening: Vec::new(),
            turn_start: None,
        })
    }

    /// A match that watches the replay file typed on the screen (a web
    /// page picks one instead: `web/replay_picker.rs`).
    #[cfg(not(target_arch = "wasm32"))]
    fn replay_config(&self, db: &CardDb) -> Result<MatchConfig, Vec<String>> {
        let path = self.replay_path.trim();
        if path.is_empty() {
            return Err(vec!["Type the path of a replay file to watch.".to_owned()]);
        }
        let bytes = read_replay_file(std::path::Path::new(path))
            .map_err(|e| vec![format!("Cannot read {path}: {e}")])?;
        self.config_of_replay(path, &bytes, db)
    }

    /// A match that watches the replay in `bytes` (read from `name`).
    fn config_of_replay(
        &self,
        name: &str,
        bytes: &[u8],
        db: &CardDb,
    ) -> Result<MatchConfig, Vec<String>> {
        let replay =
            sve_engine::replay::Replay::decode(bytes).map_err(|e| vec![format!("{name}: {e}")])?;
        MatchConfig::from_replay(
            replay,
            db,
            Duration::from_millis(u64::from(self.bot_delay_ms)),
        )
    }
}

/// The largest replay file the start screen opens: a long match's answers
/// take a few kilobytes.
pub const MAX_REPLAY_BYTES: u64 = 16 * 1024 * 1024;

/// Reads a replay file someone gave us: a regular file (not a device or a
/// fifo, which could block or never end) of at most [`MAX_REPLAY_BYTES`].
#[cfg(not(target_arch = "wasm32"))]
fn read_replay_file(path: &std::path::Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read as _;
    let metadata = std::fs::metadata(path)?;
    if !metadata.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(MAX_REPLAY_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_REPLAY_BYTES {
        return Err(std::io::Error::other(format!(
            "larger than {} MiB, too large for a replay",
            MAX_REPLAY_BYTES / (1024 * 1024)
        )));
    }
    Ok(bytes)
}

/// Loads, checks and resolves a deck; every problem is one line of text.
pub fn load_checked(arg: &str, db: &CardDb) -> Result<ChosenDeck, Vec<String>> {
    let to_text =
        |errors: Vec<DeckError>| errors.iter().map(ToString::to_string).collect::<Vec<_>>();
    let file = crate::catalog::load_deck(arg).map_err(to_text)?;
    let problems = decks::check_deck(&file, db);
    if !problems.is_empty() {
        return Err(to_text(problems));
    }
    let list = decks::resolve(&file, db).map_err(to_text)?;
    Ok(ChosenDeck {
        title: file.title,
        source: file.source,
        list,
    })
}
