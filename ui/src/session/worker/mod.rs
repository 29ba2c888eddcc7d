//! The worker loop: steps the match, lets bots answer (paced by the
//! configured delay), waits for human answers, and implements undo by
//! rebuilding the match from seed, decks and the kept answers. Watching a
//! replay is `replay.rs`'s work.
//!
//! This module holds the [`Worker`] itself: its state, the command loop
//! ([`run`]), answers and concessions, and what it sends the UI. The rest
//! is one idea a file:
//!
//! - `bots.rs`: pacing the bots and taking their answers;
//! - `undo.rs`: undo, by rebuilding the match;
//! - `hot_reload.rs`: swapping reloaded card packs into the match, and the
//!   reload smoke test;
//! - `sandbox.rs`: the sandbox changes the UI asks for;
//! - `opening.rs`: the config's opening sandbox changes (an adventure
//!   fight's carried defenses);
//! - `save.rs`: the match's replay, and saving it, a scenario or a bug
//!   report;
//! - `stepped.rs`: the same worker stepped once per frame by a web page,
//!   which has no threads.
//!
//! What it sends: each [`Snapshot`] holds the views, the decision with a
//! text per option, the renderer's [`LogLine`]s, and [`ShownEvent`]s that
//! carry the same words for the debug tab, so no event is worded twice.
//! Against a bot only the human seat's view and log are sent; hot-seat
//! sends both, and the UI covers the board between turns.
//!
//! Pacing: bot answers and replay steps wait for the screen
//! (`Command::Pace`); every other command is
//! handled at once.
//!
//! Undo replays every answer but the last human one (and the bot answers
//! after it), each under the cards it was given under. Reloads after the
//! undone point collapse into one reload to the newest cards, so undo never
//! takes back an edit. While it waits, the worker polls a watched
//! `Catalog` and sends `Update::Reloaded` before the next snapshot. Each
//! sandbox change is confirmed by a notice sent after the snapshot that
//! shows it. A saved replay fills in the seats it knows.

use super::pace::Pace;
use super::sources::SourceIndex;
use super::{Command, Delta, LogLine, ShownEvent, Snapshot, Update, picture};
use crate::catalog::{Catalog, RunnerFactory};
use crate::config::{MatchConfig, MatchMode, Seat};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::Duration;
use sve_engine::bot::Bot;
use sve_engine::cards::{CardChanges, CardDb};
use sve_engine::engine::{Decision, Event, Match, PlayerId, Rejection, Status};
use sve_engine::replay::{RecordedAnswer, RecordedSandbox};

mod bots;
mod hot_reload;
mod opening;
mod sandbox;
mod save;
#[cfg(any(target_arch = "wasm32", test))]
mod stepped;
mod undo;

#[cfg(any(target_arch = "wasm32", test))]
pub(super) use stepped::{MOVES_PER_STEP, Stepped, wake_after};

/// Wakes the UI after an update.
pub(super) type Repaint = Arc<dyn Fn() + Send + Sync>;

/// How often a waiting match looks for reloaded card packs.
const RELOAD_POLL: Duration = Duration::from_millis(50);

/// Runs a match until [`Command::Shutdown`] or until the UI drops its end of
/// the channel. A panic inside the engine or a bot is reported to the UI as
/// [`Update::Failed`] instead of vanishing with the thread.
pub(super) fn run(
    config: MatchConfig,
    catalog: Catalog,
    save_dir: PathBuf,
    commands: Receiver<Command>,
    updates: Sender<Update>,
    repaint: Repaint,
) {
    let failed = (updates.clone(), Arc::clone(&repaint));
    guarded("match", failed, || {
        Worker::new(config, catalog, save_dir, commands, updates, repaint).run();
    });
}

/// Runs a session thread's `body`; a panic in it (the engine's or a
/// bot's) is logged and reported to the UI as [`Update::Failed`] instead
/// of vanishing with the thread. `what` names the thread in the log.
pub(super) fn guarded(
    what: &str,
    (updates, repaint): (Sender<Update>, Repaint),
    body: impl FnOnce(),
) {
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(body));
    if let Err(panic) = result {
        let message = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_owned());
        tracing::error!("the {what} thread panicked: {message}");
        updates
            .send(Update::Failed(format!("the engine stopped: {message}")))
            .ok();
        repaint();
    }
}

/// Who gave an answer; undo takes back human answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AnsweredBy {
    Human,
    Bot,
}

/// One applied answer.
#[derive(Clone, Debug)]
struct Answered {
    answer: RecordedAnswer,
    by: AnsweredBy,
}

/// Card data a running match switched to (hot reload), and when. Undo
/// rebuilds the match along the same timeline: the answers before a reload
/// are replayed with the cards they were given under.
#[derive(Clone)]
struct ReloadPoint {
    /// `history.len()` when the new cards came in.
    at: usize,
    db: Arc<CardDb>,
    /// Makes runners for this version of the code: a rebuilt match gets
    /// fresh pack instances, as every match does.
    runners: RunnerFactory,
    changes: CardChanges,
    source: String,
}

struct Worker {
    config: MatchConfig,
    catalog: Catalog,
    game: Match,
    bots: [Option<Box<dyn Bot + Send>>; 2],
    /// Every applied answer, in order: the replay of the match.
    history: Vec<Answered>,
    /// Every event of the match, unredacted, for the replay's log hash.
    full_log: Vec<Event>,
    /// `full_log.len()` when a player conceded: a replay records answers
    /// only, so its log ends before the concession.
    conceded_at: Option<usize>,
    /// Who conceded, for the replay.
    conceded_by: Option<PlayerId>,
    /// Every sandbox change applied, with the answers before it: the
    /// replay records them, and undo applies again those made before the
    /// point it goes back to.
    sandbox_edits: Vec<RecordedSandbox>,
    /// `history.len()` when the config's opening was made (`opening.rs`).
    opening_at: Option<usize>,
    /// The turns whose config's turn-start changes were made: the player,
    /// its `turns_passed`, and `history.len()` then (`opening.rs`).
    turns_started: Vec<(PlayerId, u32, usize)>,
    generation: u64,
    /// When bots answer.
    pace: Pace,
    /// The catalog generation the match plays with (hot reload).
    cards_generation: u64,
    /// The cards the match started with, and runners for their code.
    start_cards: (Arc<CardDb>, RunnerFactory),
    /// Cards swapped in since, in order.
    reloads: Vec<ReloadPoint>,
    /// The script packs' card sources, for the inspector.
    sources: SourceIndex,
    unsent_log: Delta<LogLine>,
    unsent_events: Delta<ShownEvent>,
    /// Notices to send after the next snapshot (what a sandbox change did).
    after_snapshot: Vec<String>,
    /// Where scenarios and bug reports are saved.
    save_dir: PathBuf,
    commands: Receiver<Command>,
    updates: Sender<Update>,
    repaint: Repaint,
}

impl Worker {
    fn new(
        config: MatchConfig,
        catalog: Catalog,
        save_dir: PathBuf,
        commands: Receiver<Command>,
        updates: Sender<Update>,
        repaint: Repaint,
    ) -> Worker {
        tracing::info!(
            seed = config.seed,
            "new match: {} vs {}",
            config.decks[0].source,
            config.decks[1].source
        );
        let bots = [0, 1].map(|seat: u64| match config.seats[seat as usize] {
            Seat::Human => None,
            // Each bot gets its own seed, derived like the `sve` command's.
            Seat::Bot(kind) => Some(kind.build(config.seed.wrapping_add(seat + 1))),
        });
        let start_cards = (catalog.db(), catalog.runner_factory());
        Worker {
            cards_generation: catalog.generation(),
            game: new_match(&config, &start_cards),
            start_cards,
            reloads: Vec::new(),
            sources: SourceIndex::default(),
            config,
            catalog,
            bots,
            history: Vec::new(),
            full_log: Vec::new(),
            conceded_at: None,
            conceded_by: None,
            sandbox_edits: Vec::new(),
            opening_at: None,
            turns_started: Vec::new(),
            generation: 0,
            pace: Pace::default(),
            unsent_log: Delta::default(),
            unsent_events: Delta::default(),
            after_snapshot: Vec::new(),
            save_dir,
            commands,
            updates,
            repaint,
        }
    }

    fn run(&mut self) {
        loop {
            let decision = self.advance();
            if self.open_if_due() || self.start_turn_if_due() {
                continue;
            }
            let bot_decision = decision.filter(|d| self.is_bot(d.player));
            self.publish(bot_decision.is_some());
            let next = match bot_decision {
                Some(decision) => self.pace_bot(&decision),
                None => self.wait_for_command(),
            };
            if next.is_break() {
                return;
            }
        }
    }

    /// Waits for the UI's next command; with a watched catalog, swaps in
    /// reloaded cards meanwhile (the match then goes round the loop again).
    /// The screen's word on its pace is taken in without showing the
    /// match again.
    fn wait_for_command(&mut self) -> ControlFlow<()> {
        if !self.catalog.is_watched() {
            loop {
                match self.commands.recv() {
                    Ok(Command::Pace(pace)) => self.pace.heard(pace),
                    Ok(command) => return self.handle(command),
                    Err(_) => return ControlFlow::Break(()),
                }
            }
        }
        loop {
            match self.commands.recv_timeout(RELOAD_POLL) {
                Ok(Command::Pace(pace)) => self.pace.heard(pace),
                Ok(command) => return self.handle(command),
                Err(RecvTimeoutError::Disconnected) => return ControlFlow::Break(()),
                Err(RecvTimeoutError::Timeout) => {
                    if self.reload_cards() {
                        return ControlFlow::Continue(());
                    }
                }
            }
        }
    }

    /// Steps the match to its next decision (or its end) and gathers the
    /// events. Returns the decision.
    fn advance(&mut self) -> Option<Decision> {
        let decision = match self.game.step() {
            Status::Decision(decision) => Some(decision.clone()),
            Status::GameOver(_) => None,
        };
        self.collect_events();
        decision
    }

    fn is_bot(&self, player: PlayerId) -> bool {
        matches!(self.config.seat(player), Seat::Bot(_))
    }

    fn handle(&mut self, command: Command) -> ControlFlow<()> {
        match command {
            Command::Answer {
                generation,
                player,
                picks,
            } => {
                if generation != self.generation {
                    tracing::debug!("ignored a stale answer for generation {generation}");
                } else if self.is_bot(player) {
                    tracing::warn!("ignored an answer for the bot's seat {player}");
                } else if let Err(rejection) = self.apply(player, picks, AnsweredBy::Human) {
                    self.notice(format!("Not allowed: {rejection}"));
                }
            }
            Command::Undo => self.undo(),
            Command::Concede(player) => {
                if !self.is_bot(player) {
                    self.concede(player);
                }
            }
            Command::SaveReplay(path) => self.save_replay(&path),
            Command::Sandbox(action) => self.sandbox_edit(action),
            Command::SaveScenario => self.save_scenario(),
            Command::SaveBugReport => self.save_bug_report(),
            // A played match has no recording to move through.
            // Every visible card's data is in each snapshot already.
            Command::Replay(_) | Command::Inspect(_) => {}
            Command::Rematch => self.notice("Start a new match from the start screen.".to_owned()),
            Command::Pace(pace) => self.pace.heard(pace),
            Command::Shutdown => return ControlFlow::Break(()),
        }
        ControlFlow::Continue(())
    }

    fn apply(
        &mut self,
        player: PlayerId,
        picks: Vec<usize>,
        by: AnsweredBy,
    ) -> Result<(), Rejection> {
        self.game.answer(player, &picks)?;
        self.history.push(Answered {
            answer: RecordedAnswer::new(player, &picks),
            by,
        });
        self.generation += 1;
        Ok(())
    }

    fn concede(&mut self, player: PlayerId) {
        if self.game.outcome().is_some() {
            return;
        }
        self.conceded_at = Some(self.full_log.len());
        self.conceded_by = Some(player);
        self.game.concede(player);
        self.generation += 1;
    }

    /// Moves the match's new events into the full log, the UI's (redacted)
    /// event list and the game log.
    fn collect_events(&mut self) {
        let events = picture::take_events(
            &mut self.game,
            self.config.mode(),
            &mut self.unsent_log,
            &mut self.unsent_events,
        );
        self.full_log.extend(events);
    }

    /// Sends what the UI may know now.
    fn publish(&mut self, bot_thinking: bool) {
        let mode = self.config.mode();
        let decision_shown = self
            .game
            .decision()
            .is_some_and(|d| !self.is_bot(d.player) || mode == MatchMode::BotVsBot);
        let mut snapshot = Snapshot {
            generation: self.generation,
            bot_thinking,
            log: std::mem::take(&mut self.unsent_log),
            events: std::mem::take(&mut self.unsent_events),
            can_undo: self.can_undo(),
            ..picture::snapshot(&self.game, mode, decision_shown)
        };
        self.sources.fill(&self.catalog, &mut snapshot.inspected);
        self.send(Update::Snapshot(Box::new(snapshot)));
        for notice in std::mem::take(&mut self.after_snapshot) {
            self.notice(notice);
        }
    }

    fn notice(&mut self, message: String) {
        self.send(Update::Notice(message));
    }

    fn send(&self, update: Update) {
        // The UI hung up: the next command receive ends the loop.
        self.updates.send(update).ok();
        (self.repaint)();
    }
}

/// A new match with fresh pack instances.
fn new_match(config: &MatchConfig, cards: &(Arc<CardDb>, RunnerFactory)) -> Match {
    let lists = [config.decks[0].list.clone(), config.decks[1].list.clone()];
    Match::new(Arc::clone(&cards.0), (cards.1)(), lists, config.seed)
}
