//! The match screen: top bar, the board (or the debug tab), the prompt in
//! the middle of the board, the animations over it (`anim/`) and the game
//! log at the side, under the recap of the opponent's last turn and the
//! animation speed. It owns the
//! session (a local [`Session`] or an [`OnlineSession`]: both send the same
//! snapshots and take the same commands) and the [`MatchView`], gathers
//! [`Intent`]s from its panels while drawing, then applies them: answers
//! go to the session, the rest changes on-screen state only. Online, undo
//! and the sandbox are off, and the top bar shows the link to the server
//! (`online_bar.rs`).
//!
//! The Debug tab (raw events with card numbers, the card inspector, the
//! sandbox) is always offered in a local match; online it is offered only
//! with the Play online screen's Developer tools setting on
//! ([`OnlineChoices::developer_tools`](crate::settings::OnlineChoices::developer_tools)),
//! so a player is not shown a developer's view of the match unasked.

pub mod anim;
pub mod bench_menu;
pub mod board;
pub mod card;
pub mod clicks;
pub mod clocks;
pub mod confirm;
pub mod debug;
pub mod game_over;
pub mod inspector;
pub mod legal;
pub mod log;
pub mod online_bar;
pub mod phase;
pub mod preview;
pub mod prompt;
pub mod recap;
pub mod reload_notice;
pub mod replay_bar;
pub mod sandbox;
pub mod selection;
pub mod series;
pub mod shortcuts;
pub mod side_line;
pub mod source;
pub mod strip;

use crate::catalog::Catalog;
use crate::config::{MatchConfig, MatchMode};
use crate::frame_times::FrameTimes;
use crate::intent::{Intent, Intents};
use crate::match_view::{MatchView, PlayMode};
use crate::online::OnlineMatch;
use crate::session::online::{LinkState, OnlineSession, OnlineStatus};
use crate::session::{Command, PaceClock, ScreenPace, Session, Update};
use anim::{AnimLayer, AnimSpeed};
use board::{BoardContext, BoardPanel, Half, LEADER_WIDTH};
use confirm::{Confirm, confirm_ui};
use debug::DebugPanel;
use egui::{Color32, RichText, Ui, Vec2, vec2};
use game_over::GameOverPanel;
use legal::LegalMoves;
use log::LogPanel;
use online_bar::OnlineBar;
use prompt::PromptPanel;
use recap::RecapPanel;
use selection::Selection;
use sve_engine::engine::PlayerId;

/// The tabs of the match screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MatchTab {
    /// The board, where the match is played.
    #[default]
    Board,
    /// Debug tools.
    Debug,
}

/// What the match screen asks of the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScreenRequest {
    /// Keep showing this screen.
    Stay,
    /// Start the same settings again with the next seed.
    Rematch,
    /// Back to the start screen.
    NewMatch,
}

/// What plays the match: the local worker or a server.
#[derive(Debug)]
enum Driver {
    /// The match runs on this computer's worker thread.
    Local(Session),
    /// The match runs on a server.
    Online(OnlineSession),
}

impl Driver {
    fn poll(&mut self) -> Vec<Update> {
        match self {
            Driver::Local(session) => session.poll(),
            Driver::Online(session) => session.poll(),
        }
    }

    fn send(&self, command: Command) {
        match self {
            Driver::Local(session) => session.send(command),
            Driver::Online(session) => session.send(command),
        }
    }
}

/// A match being played.
#[derive(Debug)]
pub struct MatchScreen {
    session: Driver,
    view: MatchView,
    tab: MatchTab,
    selection: Selection,
    /// The seat drawn at the bottom.
    perspective: PlayerId,
    /// Hot-seat: the board is hidden until this player says they are at the screen.
    cover: Option<PlayerId>,
    /// Hot-seat: the player who last said they are at the screen.
    revealed: Option<PlayerId>,
    /// The last explanation or worker notice.
    notice: Option<String>,
    /// The worker stopped; the match cannot go on.
    failure: Option<String>,
    board: BoardPanel,
    prompt: PromptPanel,
    log: LogPanel,
    game_over: GameOverPanel,
    debug: DebugPanel,
    /// Whether the top bar offers the Debug tab (see the module doc).
    debug_tab: bool,
    online_bar: OnlineBar,
    /// A local match's open confirmation (Concede, New match).
    confirm: Option<Confirm>,
    /// The events of each snapshot played out over the board.
    anim: AnimLayer,
    /// The opponent's last turn, beside the log.
    recap: RecapPanel,
    /// What the last hot reload changed, card by card.
    reload_notice: reload_notice::ReloadNotice,
    /// Reloaded card data waiting for the snapshot drawn with it.
    reloaded_cards: Option<Box<crate::session::ReloadReport>>,
    /// The board's right-click menu of bench tools (local matches).
    bench_menu: bench_menu::BenchMenu,
    /// An "up to N" series being answered from one plan (`series.rs`).
    series: Option<series::SeriesPlan>,
}

impl MatchScreen {
    /// Starts a match that saves scenarios and bug reports in the
    /// environment's save folder ([`crate::save_folder::default_save_dir`]);
    /// `ctx` is woken whenever the worker has news.
    pub fn start(config: MatchConfig, catalog: Catalog, ctx: &egui::Context) -> MatchScreen {
        let save_dir = crate::save_folder::default_save_dir();
        MatchScreen::start_saving_to(config, catalog, save_dir, ctx)
    }

    /// Starts a match that saves scenarios and bug reports under
    /// `save_dir`; `ctx` is woken whenever the worker has news.
    pub fn start_saving_to(
        config: MatchConfig,
        catalog: Catalog,
        save_dir: std::path::PathBuf,
        ctx: &egui::Context,
    ) -> MatchScreen {
        let mut view = MatchView::new(&config, catalog.db());
        view.save_dir = Some(save_dir.clone());
        view.packs = catalog.packs();
        view.card_packs = crate::session::card_packs_of(&catalog);
        let perspective = match config.mode() {
            MatchMode::VsBot { human } => human,
            MatchMode::HotSeat | MatchMode::BotVsBot => PlayerId(0),
        };
        let game_over = GameOverPanel::new(config.seed);
        let ctx = ctx.clone();
        let session = Session::start(config, catalog, save_dir, move || ctx.request_repaint());
        MatchScreen {
            session: Driver::Local(session),
            view,
            tab: MatchTab::Board,
            selection: Selection::default(),
            perspective,
            cover: None,
            revealed: None,
            notice: None,
            failure: None,
            board: BoardPanel::default(),
            prompt: PromptPanel::default(),
            log: LogPanel::default(),
            game_over,
            debug: DebugPanel::default(),
            debug_tab: true,
            online_bar: OnlineBar::default(),
            confirm: None,
            anim: AnimLayer::default(),
            recap: RecapPanel::default(),
            reload_notice: reload_notice::ReloadNotice::default(),
            reloaded_cards: None,
            bench_menu: bench_menu::BenchMenu::default(),
            series: None,
        }
    }

    /// The match of a seated online session: drawn from the server's card
    /// faces, from the seat it plays (seat 1's side when watching); the
    /// Debug tab only with the developer tools setting.
    pub fn online(seated: OnlineMatch) -> MatchScreen {
        let OnlineMatch {
            session,
            cards,
            seating,
            developer_tools,
        } = seated;
        let seat = seating.seat.map(PlayerId);
        let view = MatchView::online(cards, &seating.names, seat);
        MatchScreen {
            session: Driver::Online(*session),
            view,
            tab: MatchTab::Board,
            selection: Selection::default(),
            perspective: seat.unwrap_or(PlayerId(0)),
            cover: None,
            revealed: None,
            notice: None,
            failure: None,
            board: BoardPanel::default(),
            prompt: PromptPanel::default(),
            log: LogPanel::default(),
            game_over: GameOverPanel::for_table(&seating.code),
            debug: DebugPanel::online(),
            debug_tab: developer_tools,
            online_bar: OnlineBar::default(),
            confirm: None,
            anim: AnimLayer::default(),
            recap: RecapPanel::default(),
            reload_notice: reload_notice::ReloadNotice::default(),
            reloaded_cards: None,
            bench_menu: bench_menu::BenchMenu::default(),
            series: None,
        }
    }

    /// The settings this match was started with (`None` online: the server
    /// chose them).
    pub fn config(&self) -> Option<&MatchConfig> {
        match &self.session {
            Driver::Local(session) => Some(session.config()),
            Driver::Online(_) => None,
        }
    }

    /// The online session's state (`None` for a local match).
    pub fn online_status(&self) -> Option<&OnlineStatus> {
        match &self.session {
            Driver::Local(_) => None,
            Driver::Online(session) => Some(session.status()),
        }
    }

    /// What the screen knows about the match (for tests and tools).
    pub fn view(&self) -> &MatchView {
        &self.view
    }

    /// Answers the bottom seat's pending decision with `picks`, as its
    /// clicks would (for tools that drive the client, such as the
    /// screenshot tour).
    pub fn answer(&mut self, picks: Vec<usize>) {
        let mut intents = Intents::default();
        intents.push(Intent::Answer(picks));
        self.apply(intents);
    }

    /// Does what a panel's `intent` asks, as if it had been clicked this
    /// frame (for tools that drive the client, such as the web page's test
    /// hook: the inspector, a rematch, a replay saved); what it asks of the
    /// app (a local rematch, a new match) is returned.
    pub fn act(&mut self, intent: Intent) -> ScreenRequest {
        let mut intents = Intents::default();
        intents.push(intent);
        self.apply(intents)
    }

    /// The notice of the last hot reload (for tests and tools).
    pub fn reload_notice(&self) -> &reload_notice::ReloadNotice {
        &self.reload_notice
    }

    /// The animations over the board (for tests and tools).
    pub fn animations(&self) -> &AnimLayer {
        &self.anim
    }

    /// Draws the screen and applies what the panels asked for.
    /// `anim_speed` is the client's animation setting, which the screen's
    /// menu may change; `pace_clock` says whose clock ends a local bot's
    /// wait for the animations.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        frame_times: &FrameTimes,
        anim_speed: &mut AnimSpeed,
        pace_clock: PaceClock,
    ) -> ScreenRequest {
        let now = ui.input(|input| input.time);
        self.take_updates(now, *anim_speed);
        self.follow_series();
        let mut intents = Intents::default();
        // Read before the bar draws: Esc that closes a dialog this frame
        // must not also cancel the selection.
        let confirming = self.confirm.is_some() || self.online_bar.is_confirming();
        self.top_bar_ui(ui, &mut intents);
        if let Some(position) = &self.view.replay {
            egui::Panel::bottom("replay bar").show(ui, |ui| {
                replay_bar::replay_bar_ui(ui, position, &mut intents);
            });
        }
        let side_panel = egui::Panel::right("log panel")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    self.recap.toggle_ui(ui);
                    if anim::speed_menu_ui(ui, anim_speed) == Some(AnimSpeed::Off) {
                        self.anim.skip(now);
                    }
                });
                self.recap.ui(ui, &self.view, self.perspective.opponent());
                ui.separator();
                self.log.ui(ui, &self.view);
            });
        egui::CentralPanel::default().show(ui, |ui| match self.tab {
            MatchTab::Board => self.board_tab_ui(ui, confirming, now, &mut intents),
            MatchTab::Debug => {
                // Sandbox and save results arrive as notices. Their line is
                // kept when there is none, so a notice coming or going
                // never moves the tools under the pointer.
                let line = ui.text_style_height(&egui::TextStyle::Body);
                ui.horizontal_wrapped(|ui| {
                    ui.set_min_height(line);
                    if let Some(notice) = &self.notice {
                        ui.label(RichText::new(notice).strong());
                    }
                });
                self.debug.ui(ui, &self.view, frame_times, &mut intents);
            }
        });
        // The large card preview, over the side panel: never over the
        // board, and never through the hot-seat cover.
        if self.cover.is_some() {
            preview::unpin(ui.ctx());
        } else if self.tab == MatchTab::Board {
            preview::preview_area_ui(ui.ctx(), &self.view.db, side_panel.response.rect);
        }
        self.tell_pace(ui.ctx(), now, *anim_speed, pace_clock);
        self.apply(intents)
    }

    /// Tells a local match what the animations hold up, once the frame
    /// has queued and skipped what it will (see [`ScreenPace`]). While it
    /// holds the match, the screen draws every frame (the Debug tab too):
    /// under [`PaceClock::Screen`], its word each frame is what keeps the
    /// match waiting, and its last word frees it.
    fn tell_pace(
        &mut self,
        ctx: &egui::Context,
        now: f64,
        anim_speed: AnimSpeed,
        clock: PaceClock,
    ) {
        if let Driver::Local(session) = &self.session
            && let Some(word) = self
                .anim
                .pace_word(self.view.generation, now, anim_speed, clock)
        {
            if matches!(word, ScreenPace::Playing { done: false, .. }) {
                ctx.request_repaint();
            }
            session.send(Command::Pace(word));
        }
    }

    /// An online rematch: the same screen and session, a new match at a
    /// new table, maybe from the other seat.
    fn start_over(&mut self, seating: &sve_net::protocol::Seating) {
        let seat = seating.seat.map(PlayerId);
        self.view = MatchView::online(std::sync::Arc::clone(&self.view.db), &seating.names, seat);
        self.perspective = seat.unwrap_or(PlayerId(0));
        self.selection = Selection::default();
        self.notice = None;
        self.game_over = GameOverPanel::for_table(&seating.code);
        self.anim = AnimLayer::default();
        self.recap = RecapPanel::default();
        self.log = LogPanel::default();
        self.series = None;
        // The inspector's card numbers were the last match's.
        self.debug = DebugPanel::online();
        self.bench_menu = bench_menu::BenchMenu::default();
        self.confirm = None;
    }

    /// Takes in the session's news; `now` is the screen's time, from
    /// which the clocks count down and the animations of the new events
    /// start.
    fn take_updates(&mut self, now: f64, anim_speed: AnimSpeed) {
        for update in self.session.poll() {
            match update {
                Update::Snapshot(snapshot) => {
                    if snapshot.generation != self.view.generation {
                        self.notice = None;
                    }
                    self.anim
                        .take_events(&snapshot.events, self.view.my_seat(), now, anim_speed);
                    // Reloaded cards come in with the first snapshot drawn
                    // with them: printed and current values change together.
                    if let Some(report) = self.reloaded_cards.take() {
                        self.view.take_cards(&report);
                    }
                    self.view.apply(*snapshot, now);
                }
                Update::Notice(notice) => self.notice = Some(notice),
                Update::Inspected(cards) => self.view.inspected = cards,
                Update::Rematched(seating) => self.start_over(&seating),
                Update::Failed(message) => self.failure = Some(message),
                Update::Replay(position) => self.view.replay = Some(position),
                Update::Reloaded(report) => {
                    self.reload_notice.show(&report);
                    self.reloaded_cards = Some(report);
                }
            }
        }
        let stopped = match &self.session {
            Driver::Local(_) => false,
            Driver::Online(session) => {
                let status = session.status();
                status.over || matches!(status.link, LinkState::Closed { .. })
            }
        };
        if stopped || self.view.outcome.is_some() {
            // No more updates will correct the clocks: they stand still.
            self.view.stop_clocks(now);
        }
        self.selection.follow(self.view.generation);
        // Hot-seat: a new player's decision hides the board until they are
        // at the screen, so neither sees the other's hand.
        self.cover = match (self.view.mode, self.view.outcome, self.view.waiting_on) {
            (PlayMode::Local(MatchMode::HotSeat), None, Some(player))
                if self.revealed != Some(player) =>
            {
                Some(player)
            }
            _ => None,
        };
    }

    fn top_bar_ui(&mut self, ui: &mut Ui, intents: &mut Intents) {
        let view = &self.view;
        let online = match &self.session {
            Driver::Local(_) => None,
            Driver::Online(session) => Some(session.status()),
        };
        let online_bar = &mut self.online_bar;
        let confirm = &mut self.confirm;
        egui::Panel::top("match bar").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.selectable_value(&mut self.tab, MatchTab::Board, "Board");
                if self.debug_tab {
                    ui.selectable_value(&mut self.tab, MatchTab::Debug, "Debug");
                }
                ui.separator();
                if let Some(board) = view.board(self.perspective) {
                    ui.label(RichText::new(phase::phase_text(view, &board)).strong());
                }
                ui.separator();
                match online {
                    Some(status) => online_bar.ui(ui, view, status, intents),
                    None => local_bar_ui(ui, view, confirm, intents),
                }
            });
            if let Some(status) = online {
                online_bar.link_ui(ui, view, status);
            }
        });
    }

    fn board_tab_ui(&mut self, ui: &mut Ui, confirming: bool, now: f64, intents: &mut Intents) {
        if let Some(failure) = &self.failure {
            ui.colored_label(Color32::from_rgb(255, 110, 100), failure);
            ui.label("Start a new match from the top bar.");
            return;
        }
        if let Some(player) = self.cover {
            ui.add_space(120.0);
            ui.vertical_centered(|ui| {
                ui.heading(format!("{}'s decision", self.view.seat_name(player)));
                ui.label(format!(
                    "Pass the screen to {player}; the other player looks away."
                ));
                if ui.button(format!("Show {player}'s board")).clicked() {
                    intents.push(Intent::RevealBoard);
                }
            });
            return;
        }
        let Some(board) = self.view.board(self.perspective) else {
            ui.label("Setting up the match…");
            return;
        };
        // The zone panel takes its room first; the board fits the rest.
        self.board.zone_panel_ui(ui, &self.view, board);
        let decision = self.view.decision_for(board.me);
        let moves = decision.map(LegalMoves::of).unwrap_or_default();
        let card_width = card_width_for(ui.available_size());
        // A follower dragged to attack counts as the chosen attacker:
        // its legal targets are marked as after a click.
        let dragging = board::dragged_attacker(ui.ctx()).filter(|card| moves.can_attack(*card));
        let selection = match dragging {
            Some(attacker) if self.selection.attacker.is_none() => Selection {
                attacker: Some(attacker),
                ..self.selection.clone()
            },
            _ => self.selection.clone(),
        };
        let cx = BoardContext {
            view: &self.view,
            board,
            decision,
            moves,
            selection: &selection,
            card_size: vec2(card_width, card_width * CARD_ASPECT),
        };
        if !confirming {
            // Before the shortcuts: Esc that skips does not also cancel.
            self.anim.skip_input_ui(ui, now);
        }
        if self.view.outcome.is_none() {
            shortcuts::shortcuts_ui(ui, &cx, confirming, intents);
        }
        anim::spots::begin_frame(ui, cx.card_size);
        let shown = egui::ScrollArea::vertical()
            .id_salt("board")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                self.board.half_ui(ui, &cx, Half::Theirs, intents);
                ui.add_space(6.0);
                if self.view.outcome.is_some() {
                    self.game_over
                        .ui(ui, &self.view, board.me, self.notice.as_deref(), intents);
                } else {
                    self.prompt.ui(ui, &cx, self.notice.as_deref(), intents);
                }
                ui.add_space(6.0);
                self.board.half_ui(ui, &cx, Half::Mine, intents);
            });
        self.anim.ui(ui, &self.view, shown.inner_rect, now);
        preview::pin_key_ui(ui);
        // The bench works on a local match; a watched replay and an
        // online match keep only its inspector (the sandbox changes a
        // match being played here).
        let sandbox = self.config().is_some_and(|config| config.replay.is_none());
        self.bench_menu.ui(ui, &cx, sandbox, intents);
        self.debug.inspector_window_ui(ui, &self.view, intents);
        self.reload_notice.ui(ui);
    }

    /// Answers the question on screen from the series plan when it is the
    /// plan's next one; any other question ends the plan, or is left to
    /// the player between the plan's steps (`series/plan.rs`). While no
    /// question is on screen (the worker is busy) the plan waits.
    fn follow_series(&mut self) {
        let Some(plan) = &mut self.series else {
            return;
        };
        let Some(decision) = self.view.decision_for(self.perspective) else {
            return;
        };
        let question = series::SeriesQuestion::of(decision);
        let step = plan.answer(
            &decision.decision.prompt,
            question.as_ref(),
            self.view.generation,
        );
        let option = match step {
            series::PlanStep::Answer(option) => option,
            series::PlanStep::Last(option) => {
                self.series = None;
                option
            }
            series::PlanStep::Wait | series::PlanStep::Aside => return,
            series::PlanStep::Over => {
                tracing::debug!("the series plan ends at a question it does not answer");
                self.series = None;
                return;
            }
        };
        self.session.send(Command::Answer {
            generation: self.view.generation,
            player: self.perspective,
            picks: vec![option],
        });
    }

    fn apply(&mut self, mut intents: Intents) -> ScreenRequest {
        // Concede, New match and Leave (as NewMatch) come here confirmed
        // (`confirm.rs`).
        let mut request = ScreenRequest::Stay;
        for intent in intents.drain() {
            match intent {
                Intent::Answer(picks) => {
                    self.selection.attacker = None;
                    self.notice = None;
                    self.session.send(Command::Answer {
                        generation: self.view.generation,
                        player: self.perspective,
                        picks,
                    });
                }
                Intent::AnswerSeries(plan) => {
                    self.selection.attacker = None;
                    self.notice = None;
                    self.series = Some(plan);
                    self.follow_series();
                }
                Intent::SelectAttacker(attacker) => {
                    self.notice = None;
                    self.selection.attacker = attacker;
                }
                Intent::TogglePick(option) => {
                    self.notice = None;
                    self.selection.toggle(option);
                }
                Intent::ClearPicks => self.selection.picks.clear(),
                Intent::Explain(text) => self.notice = Some(text),
                Intent::Undo => {
                    // The answers a plan gave may be taken back: it ends.
                    self.series = None;
                    self.session.send(Command::Undo);
                }
                Intent::Concede => self.session.send(Command::Concede(self.perspective)),
                Intent::SaveReplay(path) => self.session.send(Command::SaveReplay(path)),
                Intent::Sandbox(action) => self.session.send(Command::Sandbox(action)),
                Intent::SaveScenario => self.session.send(Command::SaveScenario),
                Intent::SaveBugReport => self.session.send(Command::SaveBugReport),
                Intent::Replay(control) => self.session.send(Command::Replay(control)),
                Intent::Rematch => match &self.session {
                    // Online the server seats both players again.
                    Driver::Online(session) => session.send(Command::Rematch),
                    Driver::Local(_) => request = ScreenRequest::Rematch,
                },
                Intent::NewMatch => request = ScreenRequest::NewMatch,
                Intent::Inspect(card) => {
                    self.debug.inspect(card);
                    // Online the server sends the card's data (and keeps
                    // sending it with each update).
                    self.session.send(Command::Inspect(card));
                }
                Intent::Launch(launch) => {
                    self.notice = Some(match launch.spawn() {
                        Ok(()) => format!("Asked the system to {}.", launch.what),
                        Err(err) => {
                            tracing::warn!("{err}");
                            err
                        }
                    });
                }
                Intent::RevealBoard => {
                    if let Some(player) = self.cover.take() {
                        self.perspective = player;
                        self.revealed = Some(player);
                    }
                }
            }
        }
        request
    }
}

/// A board card's height over its width.
const CARD_ASPECT: f32 = 1.38;

/// The board's card width for a central area of `available` points: ten
/// cards and the leader box across (both fields' five slots and the EX
/// area beside them), and the two halves with the prompt strip down, so
/// a large window (`ui_scale.rs` zooms 4K ones) fills with the board
/// rather than leaving it in a corner.
fn card_width_for(available: Vec2) -> f32 {
    /// Cards across: five field slots, five EX slots and their gaps.
    const CARDS_ACROSS: f32 = 10.9;
    /// Card heights down: a field row and a hand row on each side.
    const CARDS_DOWN: f32 = 4.0;
    /// What is not cards down: the prompt strip, zone labels, gaps.
    const FIXED_DOWN: f32 = 200.0;
    let across = (available.x - LEADER_WIDTH - 40.0) / CARDS_ACROSS;
    let down = (available.y - FIXED_DOWN) / CARDS_DOWN / CARD_ASPECT;
    across.min(down).clamp(56.0, 150.0)
}

/// A local match's part of the top bar: decks and seed, New match, Concede
/// and Undo. While a person plays a running match, New match and Concede
/// ask first (`confirm.rs`).
fn local_bar_ui(
    ui: &mut Ui,
    view: &MatchView,
    confirm: &mut Option<Confirm>,
    intents: &mut Intents,
) {
    ui.label(format!(
        "{} vs {} · seed {}",
        view.deck_titles[0], view.deck_titles[1], view.seed
    ));
    let can_concede = view.outcome.is_none() && view.mode != PlayMode::Local(MatchMode::BotVsBot);
    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
        if ui.button("New match").clicked() {
            if can_concede {
                *confirm = Some(Confirm::NewMatch);
            } else {
                intents.push(Intent::NewMatch);
            }
        }
        if ui
            .add_enabled(can_concede, egui::Button::new("Concede"))
            .clicked()
        {
            *confirm = Some(Confirm::Concede);
        }
        let undo = ui
            .add_enabled(view.can_undo, egui::Button::new("Undo"))
            .on_hover_text("Take back your last decision (and the bot's answers after it).");
        if undo.clicked() {
            intents.push(Intent::Undo);
        }
    });
    if !can_concede {
        // The match ended meanwhile: there is nothing left to confirm.
        *confirm = None;
    }
    confirm_ui(ui, confirm, intents);
}
