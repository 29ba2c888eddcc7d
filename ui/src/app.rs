//! The eframe application: which screen is up, and the switches between
//! them. Each screen draws itself; the app only reacts to what they return.

use crate::adventure::{AdventureContext, AdventureRequest, AdventureScreen};
#[cfg(feature = "desktop")]
use crate::arena_screen::{ArenaRequest, ArenaScreen};
use crate::card_art::{ArtFolderField, CardArt};
use crate::catalog::Catalog;
use crate::config::MatchConfig;
use crate::deck_builder::{DeckBuilder, DeckBuilderRequest};
use crate::frame_times::FrameTimes;
use crate::online::{OnlineRequest, OnlineScreen};
#[cfg(feature = "desktop")]
use crate::packs_panel::PacksPanel;
use crate::play::anim::AnimSpeed;
use crate::play::{MatchScreen, ScreenRequest};
use crate::session::PaceClock;
use crate::session::online::{OnlineEntry, OnlineStatus};
use crate::settings::Settings;
use crate::start::{StartRequest, StartScreen};
use crate::table_link::TableLink;
use egui::Ui;
use std::time::Duration;

/// Settings the app starts with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AppOptions {
    /// The start screen's initial pause before each bot answer.
    pub bot_delay: Duration,
    /// The board's animation speed until the player picks another (or
    /// the settings of an earlier run say otherwise).
    pub anim_speed: AnimSpeed,
    /// Where the bench saves scenarios and bug reports
    /// ([`crate::save_folder`]).
    pub save_dir: std::path::PathBuf,
    /// Whose clock ends a local bot's wait for the animations: a window's
    /// screen with the wall clock behind it, or (a test harness stepping
    /// the clock) the screen's alone.
    pub pace_clock: PaceClock,
}

impl Default for AppOptions {
    fn default() -> AppOptions {
        AppOptions {
            bot_delay: Duration::from_millis(350),
            anim_speed: AnimSpeed::Normal,
            save_dir: crate::save_folder::default_save_dir(),
            pace_clock: PaceClock::Screen,
        }
    }
}

/// The screens of the client.
#[derive(Debug)]
pub enum Screen {
    /// Choose players, decks and seed.
    Start,
    /// Connect to a server and get to a match there.
    Online,
    /// A match in progress (or just finished), local or online.
    Match(Box<MatchScreen>),
    /// Build, check, save and load decks.
    DeckBuilder,
    /// The loaded card packs and their load problems.
    Packs,
    /// Bots play a deck against a gauntlet; win rates with intervals
    /// (the desktop's: its matches run on threads of their own).
    #[cfg(feature = "desktop")]
    Arena,
    /// A roguelike run of fights on a map lit with torches.
    Adventure,
}

/// The client.
#[derive(Debug)]
pub struct App {
    catalog: Catalog,
    start: StartScreen,
    online: OnlineScreen,
    deck_builder: DeckBuilder,
    #[cfg(feature = "desktop")]
    packs: PacksPanel,
    #[cfg(feature = "desktop")]
    arena: ArenaScreen,
    adventure: AdventureScreen,
    screen: Screen,
    frame_times: FrameTimes,
    anim_speed: AnimSpeed,
    pace_clock: PaceClock,
    /// Pictures for the card faces, from the user's folder.
    card_art: CardArt,
    art_folder: ArtFolderField,
    /// Where matches save scenarios and bug reports.
    save_dir: std::path::PathBuf,
    /// The zoom that follows the window's size.
    ui_scale: crate::ui_scale::UiScale,
}

impl App {
    /// The client on its start screen, playing with the cards (and
    /// ability code) of `catalog`.
    pub fn new(catalog: Catalog, options: AppOptions) -> App {
        App {
            catalog,
            start: StartScreen::new(options.bot_delay),
            online: OnlineScreen::default(),
            deck_builder: DeckBuilder::default(),
            #[cfg(feature = "desktop")]
            packs: PacksPanel::default(),
            #[cfg(feature = "desktop")]
            arena: ArenaScreen::default(),
            adventure: AdventureScreen::new(options.bot_delay),
            screen: Screen::Start,
            frame_times: FrameTimes::default(),
            anim_speed: options.anim_speed,
            pace_clock: options.pace_clock,
            card_art: CardArt::new(crate::card_art::DEFAULT_FOLDER),
            art_folder: ArtFolderField::default(),
            save_dir: options.save_dir,
            ui_scale: crate::ui_scale::UiScale::default(),
        }
    }

    /// What to remember for the next run: the start screen's decks, the
    /// Play online screen's choices, the Adventure setup page's, the
    /// animation speed and the card art folder.
    pub fn settings(&self) -> Settings {
        Settings {
            start_decks: self.start.remembered_decks(),
            online: self.online.remembered(),
            animations: Some(self.anim_speed.name().to_owned()),
            card_art: Some(self.card_art.folder().display().to_string()),
            adventure: self.adventure.remembered(),
        }
    }

    /// Takes back what an earlier run remembered (see [`App::settings`]).
    pub fn restore(&mut self, settings: &Settings) {
        self.start.restore_decks(&settings.start_decks);
        self.online.restore(&settings.online);
        self.adventure.restore(&settings.adventure);
        if let Some(speed) = settings
            .animations
            .as_deref()
            .and_then(AnimSpeed::from_name)
        {
            self.anim_speed = speed;
        }
        if let Some(folder) = settings.card_art.as_deref().map(str::trim)
            && !folder.is_empty()
        {
            self.card_art.set_folder(folder);
        }
    }

    /// The card art the faces are drawn with.
    pub fn card_art(&self) -> &CardArt {
        &self.card_art
    }

    /// The board's animation speed.
    pub fn anim_speed(&self) -> AnimSpeed {
        self.anim_speed
    }

    /// The cards the client plays with.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// Starts a match with these settings, as the start screen's Start
    /// button does (`--bench-frames` starts one without the screen).
    pub fn play(&mut self, config: MatchConfig, ctx: &egui::Context) {
        let screen =
            MatchScreen::start_saving_to(config, self.catalog.clone(), self.save_dir.clone(), ctx);
        self.screen = Screen::Match(Box::new(screen));
        crate::play::preview::unpin(ctx);
        ctx.request_repaint();
    }

    /// The screen on display.
    pub fn screen(&self) -> &Screen {
        &self.screen
    }

    /// The match screen, when a match is on screen (for tools that drive
    /// the client, such as the screenshot tour).
    pub fn match_screen_mut(&mut self) -> Option<&mut MatchScreen> {
        match &mut self.screen {
            Screen::Match(screen) => Some(screen),
            _ => None,
        }
    }

    /// The Adventure screen (its run survives leaving it for a fight).
    pub fn adventure(&self) -> &AdventureScreen {
        &self.adventure
    }

    /// The Adventure screen, to drive it (for tests and tools).
    pub fn adventure_mut(&mut self) -> &mut AdventureScreen {
        &mut self.adventure
    }

    /// The Play online screen (its settings survive leaving it).
    pub fn online(&self) -> &OnlineScreen {
        &self.online
    }

    /// The deck builder (its draft survives leaving the screen).
    pub fn deck_builder(&self) -> &DeckBuilder {
        &self.deck_builder
    }

    /// Draws one frame. eframe calls this through [`eframe::App`]; tests
    /// call it from a kittest harness.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        self.ui_scale.follow(ui.ctx());
        self.card_art.install(ui.ctx());
        let next = match &mut self.screen {
            Screen::Start => match self.start.ui(ui, &self.catalog.db()) {
                None => None,
                Some(StartRequest::Play(config)) => Some(MatchScreen::start_saving_to(
                    *config,
                    self.catalog.clone(),
                    self.save_dir.clone(),
                    ui.ctx(),
                )),
                Some(StartRequest::DeckBuilder) => {
                    self.switch_to(Screen::DeckBuilder, ui);
                    return;
                }
                Some(StartRequest::Packs) => {
                    self.switch_to(Screen::Packs, ui);
                    return;
                }
                Some(StartRequest::Online) => {
                    self.switch_to(Screen::Online, ui);
                    return;
                }
                #[cfg(feature = "desktop")]
                Some(StartRequest::Arena) => {
                    self.switch_to(Screen::Arena, ui);
                    return;
                }
                Some(StartRequest::Adventure) => {
                    self.switch_to(Screen::Adventure, ui);
                    return;
                }
            },
            Screen::Adventure => {
                let cx = AdventureContext {
                    catalog: &self.catalog,
                    save_dir: &self.save_dir,
                    frame_times: &self.frame_times,
                    anim_speed: &mut self.anim_speed,
                    pace_clock: self.pace_clock,
                };
                if self.adventure.ui(ui, cx) == AdventureRequest::Back {
                    self.switch_to(Screen::Start, ui);
                }
                return;
            }
            #[cfg(feature = "desktop")]
            Screen::Arena => {
                if self.arena.ui(ui, &self.catalog) == ArenaRequest::Back {
                    self.switch_to(Screen::Start, ui);
                }
                return;
            }
            Screen::Online => match self.online.ui(ui) {
                OnlineRequest::Stay => None,
                OnlineRequest::Back => {
                    self.switch_to(Screen::Start, ui);
                    return;
                }
                OnlineRequest::Play(seated) => Some(MatchScreen::online(seated)),
            },
            Screen::Match(screen) => {
                match screen.ui(ui, &self.frame_times, &mut self.anim_speed, self.pace_clock) {
                    ScreenRequest::Stay => None,
                    ScreenRequest::Rematch => screen.config().map(|config| {
                        MatchScreen::start_saving_to(
                            config.rematch(),
                            self.catalog.clone(),
                            self.save_dir.clone(),
                            ui.ctx(),
                        )
                    }),
                    ScreenRequest::NewMatch => {
                        self.switch_to(Screen::Start, ui);
                        return;
                    }
                }
            }
            Screen::DeckBuilder => match self.deck_builder.ui(ui, &self.catalog.db()) {
                DeckBuilderRequest::Stay => None,
                DeckBuilderRequest::Back => {
                    self.switch_to(Screen::Start, ui);
                    return;
                }
                // The start screen's path: its bot, the bot's deck, seed
                // and pace, with the draft in your seat.
                DeckBuilderRequest::Play(deck) => {
                    match self.start.config_with_deck(*deck, &self.catalog.db()) {
                        Ok(config) => Some(MatchScreen::start_saving_to(
                            config,
                            self.catalog.clone(),
                            self.save_dir.clone(),
                            ui.ctx(),
                        )),
                        Err(problems) => {
                            self.deck_builder.show_problems(problems);
                            None
                        }
                    }
                }
            },
            Screen::Packs => {
                if self.packs_ui(ui) {
                    self.switch_to(Screen::Start, ui);
                }
                return;
            }
        };
        if let Some(screen) = next {
            self.switch_to(Screen::Match(Box::new(screen)), ui);
        }
    }
}

impl App {
    /// Points the Play online screen at the server at `server` (a web
    /// page's own).
    pub fn set_server(&mut self, server: &str) {
        self.online.set_server(server);
    }

    /// Opens the table a link names (a web page's `#join=CODE` or
    /// `#watch=CODE`) on the server at `server`: the Play online screen,
    /// entering at once with its remembered name and deck.
    pub fn open_table(&mut self, link: &TableLink, server: &str, ctx: &egui::Context) {
        self.enter_online(link.entry(), server, ctx);
    }

    /// Enters a match on the server at `server` as `entry` says, from the
    /// Play online screen with its remembered name and deck (a web page
    /// that reloaded takes its seat back so,
    /// [`crate::session::online::held_seat`]).
    pub fn enter_online(&mut self, entry: OnlineEntry, server: &str, ctx: &egui::Context) {
        self.online.set_server(server);
        self.online.enter(entry, ctx);
        self.screen = Screen::Online;
        ctx.request_repaint();
    }

    /// The status of the page's live online session, whichever screen
    /// holds it (the Play online screen while it starts, the match screen
    /// once seated); `None` when there is none.
    pub fn online_status(&self) -> Option<&OnlineStatus> {
        match &self.screen {
            Screen::Online => self.online.status(),
            Screen::Match(screen) => screen.online_status(),
            _ => None,
        }
    }

    fn switch_to(&mut self, screen: Screen, ui: &Ui) {
        self.screen = screen;
        // A card pinned on one screen means nothing on the next (and a
        // match's cards may be numbered otherwise).
        crate::play::preview::unpin(ui.ctx());
        ui.ctx().request_repaint();
    }

    /// The packs screen; true when Back was clicked.
    fn packs_ui(&mut self, ui: &mut Ui) -> bool {
        let mut back = false;
        egui::Panel::top("packs bar").show(ui, |ui| {
            ui.horizontal(|ui| {
                back = ui.button("Back").clicked();
                ui.separator();
                ui.heading("Card packs");
            });
        });
        egui::CentralPanel::default().show(ui, |ui| {
            self.art_folder.ui(ui, &self.card_art);
            ui.separator();
            self.pack_list_ui(ui);
        });
        back
    }

    /// The loaded packs, their problems and the reloads.
    #[cfg(feature = "desktop")]
    fn pack_list_ui(&mut self, ui: &mut Ui) {
        // Edits made while this screen is open reload here too.
        let _ = self.catalog.refresh();
        let reloads = self.catalog.reload_log();
        self.packs.ui(
            ui,
            &self.catalog.packs(),
            &self.catalog.fallback_cards(),
            &self.catalog.diagnostics(),
            &reloads,
        );
    }

    /// A web page plays the bundled starter scripts and loads no packs
    /// (`crate::catalog`).
    #[cfg(not(feature = "desktop"))]
    fn pack_list_ui(&mut self, ui: &mut Ui) {
        let packs = self.catalog.packs();
        ui.strong(format!("Loaded packs ({})", packs.len()));
        for pack in &packs {
            ui.label(format!(
                "{} {} ({}): bundled in the page, its abilities run here (card API {}).",
                pack.id, pack.version, pack.name, pack.api_version
            ));
        }
        for note in self.catalog.notes() {
            let text = egui::RichText::new(note).color(ui.visuals().warn_fg_color);
            ui.add(egui::Label::new(text).wrap());
        }
        ui.add_space(8.0);
        ui.label(
            "A web page can't load card packs: Rust packs (compiled WebAssembly components), \
             pack folders and hot reload are the desktop client's. The page plays the bundled \
             starter cards with the starter decks' SVE Script pack.",
        );
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        if let Some(seconds) = frame.info().cpu_usage {
            self.frame_times.record(seconds);
        }
        App::ui(self, ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.settings().store(storage);
    }

    /// The window's size and place are kept (`NativeOptions::persist_window`)
    /// and our own settings, but not egui's memory: a scroll position or a
    /// half-typed field from the last run would only surprise.
    fn persist_egui_memory(&self) -> bool {
        false
    }

    fn on_exit(&mut self) {
        if !self.frame_times.is_empty() {
            tracing::info!("{}", self.frame_times.summary());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::{AdventureChoices, OnlineChoices, StoredClock, StoredDeck, StoredLimit};

    fn app() -> App {
        let catalog = Catalog::vanilla().expect("bundled card data loads");
        App::new(catalog, AppOptions::default())
    }

    #[test]
    fn remembered_settings_come_back_in_the_next_run() {
        let settings = Settings {
            start_decks: [
                Some(StoredDeck::Starter("SD03".to_owned())),
                Some(StoredDeck::File("decks/mine.txt".to_owned())),
            ],
            online: OnlineChoices {
                server: Some("ws://example.org:7878".to_owned()),
                name: Some("Ann".to_owned()),
                deck: Some(StoredDeck::Starter("SD02".to_owned())),
                clock: Some(StoredClock {
                    per_decision: StoredLimit::Preset(30),
                    custom_decision_s: 45,
                    per_match: StoredLimit::Off,
                    custom_match_min: 15,
                }),
                developer_tools: true,
            },
            animations: Some("Fast".to_owned()),
            card_art: Some("art/cards".to_owned()),
            adventure: AdventureChoices {
                deck: Some(StoredDeck::File("decks/climb.txt".to_owned())),
                balance: Some("easy.toml".to_owned()),
            },
        };
        let mut next_run = app();
        next_run.restore(&settings);
        assert_eq!(next_run.settings(), settings);
    }

    #[test]
    fn settings_that_do_not_fit_keep_the_screens_defaults() {
        let defaults = app().settings();
        let mut restored = app();
        restored.restore(&Settings::default());
        assert_eq!(restored.settings(), defaults, "nothing stored");
        restored.restore(&Settings {
            start_decks: [Some(StoredDeck::Starter("SD99".to_owned())), None],
            online: OnlineChoices {
                server: Some("   ".to_owned()),
                name: Some(String::new()),
                deck: Some(StoredDeck::Starter("no such deck".to_owned())),
                clock: None,
                developer_tools: false,
            },
            animations: Some("Warp speed".to_owned()),
            card_art: Some("  ".to_owned()),
            adventure: AdventureChoices {
                deck: Some(StoredDeck::Starter("SD99".to_owned())),
                balance: None,
            },
        });
        assert_eq!(restored.settings(), defaults, "nothing that fits");
    }
}
