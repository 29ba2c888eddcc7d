//! The eframe application: which screen is up, and the switches between
//! them. Each screen draws itself; the app only reacts to what they return.

use crate::frame_times::FrameTimes;
use crate::play::{MatchScreen, ScreenRequest};
use crate::start::StartScreen;
use std::time::Duration;
use sve_host::catalog::Catalog;

/// Settings the app starts with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AppOptions {
    /// The start screen's initial pause before each bot answer.
    pub bot_delay: Duration,
}

impl Default for AppOptions {
    fn default() -> AppOptions {
        AppOptions {
            bot_delay: Duration::from_millis(350),
        }
    }
}

/// The screens of the client. The deck builder and the online lobby will be
/// screens here when they come.
#[derive(Debug)]
pub enum Screen {
    /// Choose players, decks and seed.
    Start,
    /// A match in progress (or just finished).
    Match(Box<MatchScreen>),
}

/// The client.
#[derive(Debug)]
pub struct App {
    catalog: Catalog,
    start: StartScreen,
    screen: Screen,
    frame_times: FrameTimes,
}

impl App {
    /// The client on its start screen, playing with the cards (and
    /// ability code) of `catalog`.
    pub fn new(catalog: Catalog, options: AppOptions) -> App {
        App {
            catalog,
            start: StartScreen::new(options.bot_delay),
            screen: Screen::Start,
            frame_times: FrameTimes::default(),
        }
    }

    /// The screen on display.
    pub fn screen(&self) -> &Screen {
        &self.screen
    }

    /// Draws one frame. eframe calls this through [`eframe::App`]; tests
    /// call it from a kittest harness.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let next = match &mut self.screen {
            Screen::Start => self
                .start
                .ui(ui, &self.catalog.db())
                .map(|config| MatchScreen::start(config, self.catalog.clone(), ui.ctx())),
            Screen::Match(screen) => match screen.ui(ui, &self.frame_times) {
                ScreenRequest::Stay => None,
                ScreenRequest::Rematch => Some(MatchScreen::start(
                    screen.config().rematch(),
                    self.catalog.clone(),
                    ui.ctx(),
                )),
                ScreenRequest::NewMatch => {
                    self.screen = Screen::Start;
                    ui.ctx().request_repaint();
                    return;
                }
            },
        };
        if let Some(screen) = next {
            self.screen = Screen::Match(Box::new(screen));
            ui.ctx().request_repaint();
        }
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        if let Some(seconds) = frame.info().cpu_usage {
            self.frame_times.record(seconds);
        }
        App::ui(self, ui);
    }

    fn on_exit(&mut self) {
        if !self.frame_times.is_empty() {
            tracing::info!("{}", self.frame_times.summary());
        }
    }
}
