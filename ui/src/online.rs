//! The Play online screen: the server's address, the player's name and
//! deck, the time limits of a table it opens (`clock_choice.rs`), and the
//! ways into a match on the server (open a table for a friend, play the
//! server's bot, quick match, join or watch by code), and the Developer
//! tools setting (the match screen's Debug tab, off by default online). The app keeps the
//! screen, so its choices last as long as the app runs.
//!
//! The screen starts an [`OnlineSession`] and shows how it is getting on
//! (connecting, the code of an open table with a Copy button, waiting in
//! the queue, why it failed). Once the session is seated and has the
//! server's card faces, it is handed to the app, which shows the same
//! match screen as a local match.

use crate::clock_choice::ClockChoice;
use crate::deck_choice::{DeckChoice, StarterTitles};
use crate::session::online::{
    DEFAULT_SERVER, LinkState, OnlineEntry, OnlineSession, OnlineSettings, OnlineStatus,
};
use crate::settings::{OnlineChoices, StoredClock, StoredDeck};
use crate::table_link::TableLink;
use egui::{Color32, RichText, Ui};
use std::sync::Arc;
use sve_engine::bot::BotKind;
use sve_engine::cards::CardDb;
use sve_net::protocol::Seating;

/// What the Play online screen asks of the app.
#[derive(Debug)]
pub enum OnlineRequest {
    /// Keep showing this screen.
    Stay,
    /// Back to the start screen.
    Back,
    /// The session is seated: show its match.
    Play(OnlineMatch),
}

/// A session that is seated at a match and has the server's card faces.
#[derive(Debug)]
pub struct OnlineMatch {
    /// The session.
    pub session: Box<OnlineSession>,
    /// The server's card faces as a database.
    pub cards: Arc<CardDb>,
    /// Where the session sits.
    pub seating: Seating,
    /// Whether the match screen offers its Debug tab (the screen's
    /// Developer tools setting).
    pub developer_tools: bool,
}

/// The screen's settings and the session it is starting, if any.
#[derive(Debug)]
pub struct OnlineScreen {
    url: String,
    name: String,
    deck: DeckChoice,
    titles: StarterTitles,
    code: String,
    bot: BotKind,
    /// The time limits of the tables this screen opens.
    clock: ClockChoice,
    /// Whether the matches offer the match screen's Debug tab.
    developer_tools: bool,
    session: Option<OnlineSession>,
    /// Why the last attempt failed.
    error: Option<String>,
}

impl Default for OnlineScreen {
    fn default() -> OnlineScreen {
        OnlineScreen {
            url: DEFAULT_SERVER.to_owned(),
            name: "Player".to_owned(),
            deck: DeckChoice::starter("SD01"),
            titles: StarterTitles::default(),
            code: String::new(),
            bot: BotKind::Greedy,
            clock: ClockChoice::default(),
            developer_tools: false,
            session: None,
            error: None,
        }
    }
}

impl OnlineScreen {
    /// The session being started, if any (for tests and tools).
    pub fn status(&self) -> Option<&OnlineStatus> {
        self.session.as_ref().map(OnlineSession::status)
    }

    /// The time limits the screen's next table asks for.
    pub fn clock(&self) -> &ClockChoice {
        &self.clock
    }

    /// The last failure shown on the screen.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The choices to remember for the next run.
    pub fn remembered(&self) -> OnlineChoices {
        OnlineChoices {
            server: Some(self.url.clone()),
            name: Some(self.name.clone()),
            deck: Some(StoredDeck::of(&self.deck)),
            clock: Some(StoredClock::from(&self.clock)),
            developer_tools: self.developer_tools,
        }
    }

    /// Takes back the choices of an earlier run; what is missing, blank or
    /// does not fit keeps the screen's default.
    pub fn restore(&mut self, stored: &OnlineChoices) {
        let filled = |text: &Option<String>| {
            text.as_ref()
                .map(|text| text.trim().to_owned())
                .filter(|text| !text.is_empty())
        };
        if let Some(server) = filled(&stored.server) {
            self.url = server;
        }
        if let Some(name) = filled(&stored.name) {
            self.name = name;
        }
        if let Some(deck) = stored.deck.as_ref().and_then(StoredDeck::choice) {
            self.deck = deck;
        }
        if let Some(clock) = &stored.clock {
            self.clock = clock.choice();
        }
        self.developer_tools = stored.developer_tools;
    }

    /// Points the screen at the server `url` (`ws://host:port/`): a web
    /// page's own server.
    pub fn set_server(&mut self, url: &str) {
        self.url = url.trim().to_owned();
    }

    /// Starts a session for `entry` at once, with the screen's settings
    /// (a table link opened the client): as if its button was clicked.
    pub fn enter(&mut self, entry: OnlineEntry, ctx: &egui::Context) {
        if let OnlineEntry::Join(code)
        | OnlineEntry::Spectate(code)
        | OnlineEntry::Reconnect { code, .. } = &entry
        {
            self.code = code.clone();
        }
        self.start(entry, ctx);
    }

    /// Draws the screen.
    pub fn ui(&mut self, ui: &mut Ui) -> OnlineRequest {
        if let Some(ready) = self.take_updates() {
            return OnlineRequest::Play(ready);
        }
        let mut request = OnlineRequest::Stay;
        egui::Panel::top("online bar").show(ui, |ui| {
            ui.horizontal(|ui| {
                if ui.button("Back").clicked() {
                    // Leaving the screen leaves the table or the queue.
                    self.session = None;
                    request = OnlineRequest::Back;
                }
                ui.separator();
                ui.heading("Play online");
            });
        });
        egui::CentralPanel::default().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                egui::Frame::new()
                    .inner_margin(16.0)
                    .corner_radius(8)
                    .fill(Color32::from_rgb(30, 32, 40))
                    .show(ui, |ui| {
                        ui.set_width(640.0);
                        ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                            let idle = self.session.is_none();
                            ui.add_enabled_ui(idle, |ui| {
                                self.settings_ui(ui);
                                ui.add_space(12.0);
                                if let Some(entry) = self.actions_ui(ui) {
                                    self.start(entry, ui.ctx());
                                }
                            });
                            ui.add_space(12.0);
                            self.progress_ui(ui);
                        });
                    });
            });
        });
        request
    }

    /// Takes in the session's news; hands the session over once seated.
    fn take_updates(&mut self) -> Option<OnlineMatch> {
        let session = self.session.as_mut()?;
        session.pump();
        let status = session.status();
        if let LinkState::Closed { reason } = &status.link {
            self.error = Some(reason.clone());
            self.session = None;
            return None;
        }
        let (Some(cards), Some(seating)) = (status.cards.clone(), status.seating.clone()) else {
            return None;
        };
        let session = self.session.take()?;
        Some(OnlineMatch {
            session: Box::new(session),
            cards,
            seating,
            developer_tools: self.developer_tools,
        })
    }

    fn settings_ui(&mut self, ui: &mut Ui) {
        let Self {
            url,
            name,
            deck,
            titles,
            developer_tools,
            ..
        } = self;
        egui::Grid::new("online settings")
            .num_columns(2)
            .spacing([12.0, 8.0])
            .show(ui, |ui| {
                let label = ui.label("Server");
                ui.add(egui::TextEdit::singleline(url).desired_width(320.0))
                    .labelled_by(label.id);
                ui.end_row();
                let label = ui.label("Your name");
                ui.add(egui::TextEdit::singleline(name).desired_width(200.0))
                    .labelled_by(label.id);
                ui.end_row();
                ui.label("Deck");
                deck.ui(ui, "online deck", "Your deck", titles);
                ui.end_row();
                ui.label("");
                ui.checkbox(developer_tools, "Developer tools")
                    .on_hover_text(
                        "The match screen's Debug tab: raw events, card numbers, \
                         the card inspector.",
                    );
                ui.end_row();
            });
    }

    /// The ways in; the entry chosen this frame, if any.
    fn actions_ui(&mut self, ui: &mut Ui) -> Option<OnlineEntry> {
        let Self {
            code, bot, clock, ..
        } = self;
        let mut entry = None;
        ui.label(RichText::new("Start a match").strong());
        ui.label(
            RichText::new("Time limits of a table you open (Create table, the server's bot):")
                .weak(),
        );
        egui::Grid::new("online clock")
            .num_columns(2)
            .spacing([12.0, 8.0])
            .show(ui, |ui| clock.ui(ui));
        ui.horizontal(|ui| {
            if ui
                .button("Create table")
                .on_hover_text("Open a table and give its code to your opponent.")
                .clicked()
            {
                entry = Some(OnlineEntry::CreateTable);
            }
            if ui
                .button("Quick match")
                .on_hover_text("Play whoever else is waiting.")
                .clicked()
            {
                entry = Some(OnlineEntry::QuickMatch);
            }
        });
        ui.horizontal(|ui| {
            if ui.button("Play the server's bot").clicked() {
                entry = Some(OnlineEntry::VsServerBot(*bot));
            }
            crate::bot_choice::bot_level_radios(ui, bot);
        });
        ui.add_space(8.0);
        ui.label(RichText::new("Join or watch a table").strong());
        ui.horizontal(|ui| {
            let label = ui.label("Table code");
            ui.add(
                egui::TextEdit::singleline(code)
                    .hint_text("6 letters")
                    .desired_width(120.0),
            )
            .labelled_by(label.id);
            if ui.button("Join table").clicked() {
                entry = Some(OnlineEntry::Join(code.trim().to_owned()));
            }
            if ui
                .button("Spectate")
                .on_hover_text("Watch the match: public information only.")
                .clicked()
            {
                entry = Some(OnlineEntry::Spectate(code.trim().to_owned()));
            }
        });
        entry
    }

    /// Starts a session for `entry`, or says what is missing.
    fn start(&mut self, entry: OnlineEntry, ctx: &egui::Context) {
        let needs_code = matches!(&entry, OnlineEntry::Join(code) | OnlineEntry::Spectate(code) if code.is_empty());
        if needs_code {
            self.error = Some("Type the table's code first.".to_owned());
            return;
        }
        if self.url.trim().is_empty() {
            self.error = Some("Type the server's address (ws://host:port/).".to_owned());
            return;
        }
        let deck = match &entry {
            // A spectator brings no deck.
            OnlineEntry::Spectate(_) => String::new(),
            _ => match self.deck.text() {
                Ok(text) => text,
                Err(error) => {
                    self.error = Some(error);
                    return;
                }
            },
        };
        self.error = None;
        let settings = OnlineSettings {
            url: self.url.trim().to_owned(),
            name: self.name.trim().to_owned(),
            deck,
            entry,
            clock: self.clock.spec(),
        };
        let ctx = ctx.clone();
        self.session = Some(OnlineSession::start(settings, move || {
            ctx.request_repaint()
        }));
    }

    /// How the session is getting on, or why the last one failed.
    fn progress_ui(&mut self, ui: &mut Ui) {
        if let Some(error) = &self.error {
            ui.colored_label(Color32::from_rgb(255, 110, 100), error);
        }
        let Some(session) = &self.session else {
            return;
        };
        let status = session.status();
        let link = match &status.link {
            LinkState::Connecting => format!("Connecting to {}…", self.url.trim()),
            LinkState::Connected { server } => format!("Connected to {server}."),
            LinkState::Reconnecting { attempt, .. } => format!("Reconnecting (attempt {attempt})…"),
            LinkState::Closed { reason } => reason.clone(),
        };
        ui.label(link);
        if let Some(code) = &status.table_code {
            ui.horizontal(|ui| {
                ui.label("Table open. Your opponent joins with the code");
                ui.label(RichText::new(code).monospace().size(20.0).strong());
                if ui.button("Copy code").clicked() {
                    ui.ctx().copy_text(code.clone());
                }
                let link = TableLink::Join(code.clone()).url(&self.url);
                if let Some(link) = link
                    && ui
                        .button("Copy link")
                        .on_hover_text(format!(
                            "{link}\nOpens the table in a browser (the page `sve serve` hands out)."
                        ))
                        .clicked()
                {
                    ui.ctx().copy_text(link);
                }
            });
            ui.label("Waiting for an opponent…");
        } else if status.queued {
            ui.label("In the quick-match queue: waiting for an opponent…");
        }
        if ui.button("Cancel").clicked() {
            // Dropping the session leaves the table or the queue.
            self.session = None;
        }
    }
}
