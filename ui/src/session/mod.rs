//! The match runs here, off the UI thread.
//!
//! A [`Session`] owns one worker thread holding the engine's [`Match`], the
//! bots and the list of answers so far. The UI sends [`Command`]s (answer,
//! undo, concede, save a replay) and receives [`Update`]s: a [`Snapshot`] of
//! what the UI may show each time the match moves, and short notices. The
//! worker wakes the UI with `request_repaint` after each update, so the UI
//! never polls in a loop and never waits for a bot.
//!
//! A config with a replay starts the replay viewer instead (`replay.rs`):
//! it takes [`Command::Replay`] to play, pause, step and seek, and sends a
//! [`ReplayPosition`] after each snapshot.
//!
//! A web page has no threads: there [`Session::poll`] steps the same
//! worker once per frame (`worker/stepped.rs`) instead.
//!
//! [`online`] is the same boundary for a match played on a server: its
//! session sends the same [`Update`]s and takes the same [`Command`]s.
//!
//! **Architecture Invariant:** only the workers (the match's and the replay
//! viewer's) touch the [`Match`]; every change goes through
//! `Match::answer` (or `concede`), as a bot's does. The
//! UI thread sees per-player views, redacted events and log text.
//!
//! [`Match`]: sve_engine::engine::Match

pub(crate) mod inspect;
pub mod online;
mod pace;
#[cfg(feature = "desktop")]
mod pack_sources;
mod picture;
mod reload;
mod replay;
mod replay_file;
#[cfg(feature = "desktop")]
mod rust_sources;
mod sources;
mod worker;

pub use reload::{ReloadReport, card_packs_of, diff_line};
pub use sources::{CardSource, SourceAt, SourceLanguage};

use crate::catalog::Catalog;
use crate::config::MatchConfig;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::time::Duration;
use sve_engine::engine::view::PlayerView;
use sve_engine::engine::{CardRef, Decision, Event, Outcome, PlayerId};

/// A request from the UI to the worker.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Answer the pending decision. Ignored if the match has moved on since
    /// the snapshot with this `generation` (a stale double click).
    Answer {
        /// [`Snapshot::generation`] the answer was made for.
        generation: u64,
        /// Who answers.
        player: PlayerId,
        /// Indices into the decision's options.
        picks: Vec<usize>,
    },
    /// Take back the last human answer and everything after it (replay-based).
    Undo,
    /// The player concedes.
    Concede(PlayerId),
    /// Write the replay of the match so far to this file.
    SaveReplay(PathBuf),
    /// Change the match with a sandbox tool.
    Sandbox(sve_engine::engine::SandboxAction),
    /// Write the board as a scenario file in the save folder's
    /// `scenarios/`.
    SaveScenario,
    /// Write a bug-report bundle in the save folder's `bug-reports/`.
    SaveBugReport,
    /// Follow this card in the inspector (online: the server computes
    /// its data; a local match has every visible card's already).
    Inspect(CardRef),
    /// Offer (or accept) a rematch after an online match ended.
    Rematch,
    /// Move a watched replay (ignored by a played match).
    Replay(ReplayControl),
    /// How the screen paces the moves of bots and a playing replay (see
    /// [`ScreenPace`]). A server paces its own bots and ignores it.
    Pace(ScreenPace),
    /// Stop the worker.
    Shutdown,
}

/// What the screen tells the match of its animations, so that the moves
/// nobody at the screen makes (bots, a playing replay) wait for what it
/// plays: the screen's clock paces them (`pace.rs`). Answers, undo and
/// every other command are handled at once whatever it says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScreenPace {
    /// The screen took in the snapshots up to `generation` and plays out
    /// their moves: until it says `done`, the next paced move waits. It
    /// says so again every frame while it plays.
    Playing {
        /// The newest [`Snapshot::generation`] the screen has taken in.
        generation: u64,
        /// Whether it has played out (or skipped) everything up to it.
        done: bool,
        /// Whose clock may end the wait.
        clock: PaceClock,
    },
    /// The screen shows each snapshot as it comes (animations off): the
    /// match keeps its own pace.
    Off,
}

/// Whose clock ends a paced move's wait for the screen's animations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PaceClock {
    /// The screen's, with the wall clock behind it: a screen that says
    /// nothing for two seconds (a hidden window draws no frames) holds
    /// nothing up. The desktop's and the page's window.
    #[default]
    Screen,
    /// The screen's alone: the match waits for the screen's word however
    /// long a frame takes. For a harness that steps the screen's clock
    /// itself, so that what plays never depends on the machine's speed.
    ScreenOnly,
}

/// How the user moves through a watched replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayControl {
    /// Play the recorded answers one after another at the pace (from the
    /// start again when at the end).
    Play,
    /// Stop where it stands.
    Pause,
    /// One answer forward (`true`) or back, and pause.
    Step {
        /// Forward rather than back.
        forward: bool,
    },
    /// Go to the moment after this many answers (capped at the end), and
    /// pause.
    Seek(usize),
    /// The time between two answers while playing.
    Pace(Duration),
}

/// Where a watched replay stands.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayPosition {
    /// Answers played so far: the board shows the moment after them.
    pub at: usize,
    /// Answers that play (the recording's, or fewer when it diverges or
    /// reloaded card packs).
    pub length: usize,
    /// The turn number at each moment `0..=length`, to name positions and
    /// find where turns start.
    pub turns: Arc<[u32]>,
    /// Whether it plays on by itself.
    pub playing: bool,
    /// The time between two answers while playing.
    pub pace: Duration,
}

impl ReplayPosition {
    /// The turn at the current moment.
    pub fn turn(&self) -> u32 {
        self.turn_at(self.at)
    }

    /// The turn at the moment after `at` answers (0 past the end).
    pub fn turn_at(&self, at: usize) -> u32 {
        self.turns.get(at).copied().unwrap_or(0)
    }

    /// The first moment of the next turn, if the replay reaches one.
    pub fn next_turn_start(&self) -> Option<usize> {
        let turn = self.turn();
        (self.at..=self.length).find(|at| self.turn_at(*at) > turn)
    }

    /// The first moment of the current turn or, when already there, of the
    /// turn before.
    pub fn previous_turn_start(&self) -> usize {
        let start_of = |at: usize| {
            let turn = self.turn_at(at);
            (0..=at)
                .rev()
                .take_while(|moment| self.turn_at(*moment) == turn)
                .last()
                .unwrap_or(at)
        };
        let start = start_of(self.at);
        if start < self.at || start == 0 {
            start
        } else {
            start_of(start - 1)
        }
    }
}

/// A message from the worker to the UI.
#[derive(Clone, Debug)]
pub enum Update {
    /// The match moved; this is what the UI may show now.
    Snapshot(Box<Snapshot>),
    /// Something to tell the user ("replay saved to ...", an error).
    Notice(String),
    /// The worker stopped because of a bug; the message says where.
    Failed(String),
    /// A watched replay moved: where it stands now (sent after the
    /// snapshot of that moment).
    Replay(ReplayPosition),
    /// Online: a rematch started at a new table, with this seating; the
    /// screen starts over before the new match's first snapshot.
    Rematched(Box<sve_net::protocol::Seating>),
    /// The inspector's data for the cards followed online, between two
    /// snapshots (the server's answer to [`Command::Inspect`]).
    Inspected(Vec<InspectedCard>),
    /// Card packs were hot-reloaded into the match: the new card data
    /// (sent before the first snapshot drawn with it, which the screen
    /// waits for to take it in) and what changed, card by card.
    Reloaded(Box<ReloadReport>),
}

/// What the UI may know about the match at one moment.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// Bumped each time the match changes (answer, undo, concede); answers
    /// carry it back so that a stale answer is ignored.
    pub generation: u64,
    /// Per-player views the UI may draw: the human seats' views, or both
    /// seats' in a bot-vs-bot match.
    pub views: Vec<PlayerView>,
    /// The pending decision when the UI may see it (a human's, or any in a
    /// bot-vs-bot match), with a text for each option.
    pub decision: Option<DecisionView>,
    /// Who must answer now, if anyone (public information).
    pub waiting_on: Option<PlayerId>,
    /// Whether a bot is choosing its answer right now.
    pub bot_thinking: bool,
    /// The result, once the match is over.
    pub outcome: Option<Outcome>,
    /// New game-log lines (after clearing the log if `reset`).
    pub log: Delta<LogLine>,
    /// New events, redacted for the viewer, each with its words (after
    /// clearing if `reset`).
    pub events: Delta<ShownEvent>,
    /// Public facts about field cards that views do not carry.
    pub notes: Vec<(CardRef, CardNote)>,
    /// Whether [`Command::Undo`] would take something back.
    pub can_undo: bool,
    /// The card inspector's data for every card the viewers may see (public
    /// zones and the viewers' own hands), computed on the worker.
    pub inspected: Vec<InspectedCard>,
    /// Automatic abilities waiting for Confirmation Timing, described (their
    /// sources are public: they triggered on the field or leaving it).
    pub pending: Vec<String>,
    /// The clocks' time left as the server sent it with this picture
    /// (online only; `None` in a local match, which has no clocks).
    pub clocks: Option<ClockReading>,
}

/// An event the UI was shown, with the words the debug tab lists it by.
#[derive(Clone, Debug, PartialEq)]
pub struct ShownEvent {
    /// The event, redacted for the viewer.
    pub event: Event,
    /// Its game-log line's text or, for an event with none, its scenario
    /// line (`Shuffled P1 deck`); `None` when the client has no words for
    /// it (online, where only the log lines are written).
    pub text: Option<String>,
}

/// The time left on an online match's clocks at the moment the server
/// sent an update. A clock the table does not have is `None`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockReading {
    /// Each seat's thinking time left for the whole match (a per-match
    /// limit), seat order.
    pub match_left: [Option<Duration>; 2],
    /// Time left for the pending decision (a per-decision limit, while
    /// someone decides).
    pub decision_left: Option<Duration>,
}

impl ClockReading {
    /// Whether the reading has any clock at all.
    pub fn is_empty(&self) -> bool {
        self.match_left.iter().all(Option::is_none) && self.decision_left.is_none()
    }
}

/// New items for a list the UI keeps, or a replacement for it.
#[derive(Clone, Debug)]
pub struct Delta<T> {
    /// Clear the list first (after an undo).
    pub reset: bool,
    /// Items to append.
    pub items: Vec<T>,
}

impl<T> Default for Delta<T> {
    fn default() -> Delta<T> {
        Delta {
            reset: false,
            items: Vec::new(),
        }
    }
}

/// A decision as the UI shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct DecisionView {
    /// The engine's decision.
    pub decision: Decision,
    /// `gamelog::describe_choice` of each option, same order.
    pub labels: Vec<String>,
}

/// One line of the game log and its kind, as the engine's event renderer
/// writes them (`sve_engine::gamelog::render`).
pub use sve_engine::gamelog::{LogKind, LogLine};

/// Public facts about a field card that [`sve_engine::engine::view::CardView`]
/// does not carry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardNote {
    /// It entered the field this turn (so it may not attack yet).
    pub entered_this_turn: bool,
}

/// One card as the debug tab's inspector shows it: the data
/// `sve_net::inspect` computes (the one declaration of it, which the
/// server sends too) and, beside it, where a pack's source defines the
/// card. It reads as its data (`card.name`, `card.printed.attack`); the
/// inspector words the data as it draws it (`session/inspect.rs`).
#[derive(Clone, Debug, PartialEq)]
pub struct InspectedCard {
    /// The inspector's data.
    pub data: sve_net::inspect::InspectedCard,
    /// The printed card's source, when a pack defines it (filled by the
    /// match worker or the replay viewer; never online).
    pub source: Option<Arc<CardSource>>,
    /// Where each of `data.abilities` is in its script, in the same order
    /// (filled with `source`; empty when there is none).
    pub ability_sources: Vec<Option<SourceAt>>,
}

impl InspectedCard {
    /// Where the ability at `index` of `data.abilities` is in its script,
    /// when a script pack defines it.
    pub fn ability_source(&self, index: usize) -> Option<&SourceAt> {
        self.ability_sources.get(index).and_then(Option::as_ref)
    }
}

impl From<sve_net::inspect::InspectedCard> for InspectedCard {
    /// The data with no source (the match worker and the replay viewer add
    /// a pack's source locally).
    fn from(data: sve_net::inspect::InspectedCard) -> InspectedCard {
        InspectedCard {
            data,
            source: None,
            ability_sources: Vec::new(),
        }
    }
}

impl std::ops::Deref for InspectedCard {
    type Target = sve_net::inspect::InspectedCard;

    fn deref(&self) -> &sve_net::inspect::InspectedCard {
        &self.data
    }
}

/// The UI's handle on a running match.
#[derive(Debug)]
pub struct Session {
    config: MatchConfig,
    commands: Sender<Command>,
    updates: Receiver<Update>,
    /// The worker has stopped and that has been reported.
    worker_gone: bool,
    /// A web page's match worker or replay viewer, which
    /// [`Session::poll`] steps (a page has no threads; `worker/stepped.rs`,
    /// `replay/stepped.rs`).
    #[cfg(any(target_arch = "wasm32", test))]
    stepped: Option<StepsOnce>,
}

/// What a page's session steps once per frame.
#[cfg(any(target_arch = "wasm32", test))]
#[derive(Debug)]
enum StepsOnce {
    /// A match.
    Match(Box<worker::Stepped>),
    /// A replay being watched.
    Replay(Box<replay::SteppedViewer>),
}

#[cfg(any(target_arch = "wasm32", test))]
impl StepsOnce {
    /// One step; `false` once it stopped.
    fn step(&mut self) -> bool {
        match self {
            StepsOnce::Match(worker) => worker.step(),
            StepsOnce::Replay(viewer) => viewer.step(),
        }
    }
}

impl Session {
    /// Starts the worker thread for a new match, or for watching the
    /// config's replay. `repaint` is called after every update the worker
    /// sends.
    ///
    /// Scenarios and bug reports are saved under `save_dir`
    /// ([`crate::save_folder`]).
    pub fn start(
        config: MatchConfig,
        catalog: Catalog,
        save_dir: PathBuf,
        repaint: impl Fn() + Send + Sync + 'static,
    ) -> Session {
        #[cfg(target_arch = "wasm32")]
        {
            Session::stepped(config, catalog, save_dir, Arc::new(repaint))
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            Session::threaded(config, catalog, save_dir, Arc::new(repaint))
        }
    }

    /// The worker thread for a new match, or for watching the config's
    /// replay (the desktop's; a page steps them instead).
    #[cfg_attr(
        target_arch = "wasm32",
        expect(dead_code, reason = "a page has no threads: it steps its sessions")
    )]
    fn threaded(
        config: MatchConfig,
        catalog: Catalog,
        save_dir: PathBuf,
        repaint: worker::Repaint,
    ) -> Session {
        let (command_tx, command_rx) = mpsc::channel();
        let (update_tx, update_rx) = mpsc::channel();
        let worker_config = config.clone();
        let spawned = std::thread::Builder::new()
            .name("sve-match".to_owned())
            .spawn(move || match worker_config.replay.clone() {
                Some(replay) => replay::run(
                    worker_config,
                    replay,
                    catalog,
                    command_rx,
                    update_tx,
                    repaint,
                ),
                None => worker::run(
                    worker_config,
                    catalog,
                    save_dir,
                    command_rx,
                    update_tx,
                    repaint,
                ),
            });
        if let Err(err) = spawned {
            tracing::error!("cannot start the match thread: {err}");
        }
        Session {
            config,
            commands: command_tx,
            updates: update_rx,
            worker_gone: false,
            #[cfg(any(target_arch = "wasm32", test))]
            stepped: None,
        }
    }

    /// A match (or a replay) whose worker [`poll`](Session::poll) steps,
    /// on the UI's thread: a web page's (it has no threads).
    #[cfg(any(target_arch = "wasm32", test))]
    fn stepped(
        config: MatchConfig,
        catalog: Catalog,
        save_dir: PathBuf,
        repaint: worker::Repaint,
    ) -> Session {
        let (command_tx, command_rx) = mpsc::channel();
        let (update_tx, update_rx) = mpsc::channel();
        let stepped = match config.replay.clone() {
            Some(replay) => StepsOnce::Replay(Box::new(replay::SteppedViewer::new(
                config.clone(),
                replay,
                &catalog,
                command_rx,
                update_tx,
                repaint,
            ))),
            None => StepsOnce::Match(Box::new(worker::Stepped::new(
                config.clone(),
                catalog,
                save_dir,
                command_rx,
                update_tx,
                repaint,
            ))),
        };
        Session {
            config,
            commands: command_tx,
            updates: update_rx,
            worker_gone: false,
            stepped: Some(stepped),
        }
    }

    /// The settings the match was started with.
    pub fn config(&self) -> &MatchConfig {
        &self.config
    }

    /// Sends a command; a stopped worker is reported by [`Session::poll`].
    pub fn send(&self, command: Command) {
        // A send fails only when the worker is gone; `poll` reports that.
        self.commands.send(command).ok();
    }

    /// Every update that arrived since the last call. A worker that stopped
    /// without saying why is reported as [`Update::Failed`] once.
    pub fn poll(&mut self) -> Vec<Update> {
        #[cfg(any(target_arch = "wasm32", test))]
        if let Some(stepped) = &mut self.stepped
            && !stepped.step()
        {
            // Its end of the channel goes with it.
            self.stepped = None;
        }
        let mut updates = Vec::new();
        while !self.worker_gone {
            match self.updates.try_recv() {
                Ok(update) => {
                    self.worker_gone = matches!(update, Update::Failed(_));
                    updates.push(update);
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    self.worker_gone = true;
                    updates.push(Update::Failed(
                        "the match thread stopped unexpectedly".to_owned(),
                    ));
                }
            }
        }
        updates
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // The worker may be inside a bot's search; it stops at its next
        // look at the channel, so the UI does not wait for it.
        self.commands.send(Command::Shutdown).ok();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(at: usize) -> ReplayPosition {
        ReplayPosition {
            at,
            length: 7,
            turns: Arc::from([0, 0, 1, 1, 1, 2, 2, 3]),
            playing: false,
            pace: Duration::ZERO,
        }
    }

    #[test]
    fn a_stepped_match_against_a_bot_plays_to_its_end_without_a_thread() {
        // A web page's match: no worker thread; each poll steps it, as
        // each frame does in the page.
        use crate::config::{MatchConfig, Seat};
        use sve_engine::bot::{BotKind, default_answer};
        let catalog = Catalog::vanilla().expect("the starter cards");
        let db = catalog.db();
        let deck = |name: &str| crate::start::load_checked(name, &db).expect("a starter deck");
        let config = MatchConfig {
            seats: [Seat::Human, Seat::Bot(BotKind::Random)],
            decks: [deck("SD01"), deck("SD02")],
            seed: 3,
            bot_delay: Duration::ZERO,
            replay: None,
            opening: Vec::new(),
            turn_start: None,
        };
        let mut session = Session::stepped(config, catalog, std::env::temp_dir(), Arc::new(|| {}));
        let (mut answered, mut outcome) = (0, None);
        for _ in 0..100_000 {
            for update in session.poll() {
                let Update::Snapshot(snapshot) = update else {
                    continue;
                };
                outcome = snapshot.outcome.or(outcome);
                if let Some(decision) = &snapshot.decision {
                    assert_eq!(decision.decision.player, PlayerId(0), "only P1's shown");
                    session.send(Command::Answer {
                        generation: snapshot.generation,
                        player: PlayerId(0),
                        picks: default_answer(&decision.decision),
                    });
                    answered += 1;
                }
            }
            if outcome.is_some() {
                break;
            }
        }
        let Some(sve_engine::engine::Outcome::Win(_, reason)) = outcome else {
            panic!("no win after {answered} answers: {outcome:?}");
        };
        // Played out: the default answers pass, so the bot wins on damage
        // (or a deck runs out); nobody gave up.
        assert_ne!(reason, sve_engine::engine::WinReason::Concede);
        assert!(answered > 5, "{answered} answers");
        assert!(
            session.stepped.is_some(),
            "the worker waits on after the end"
        );
    }

    #[test]
    fn a_stepped_replay_plays_to_its_end_and_seeks_without_a_thread() {
        // A web page's replay viewer: a match between two bots saved as a
        // replay, then watched with each poll stepping the viewer.
        use crate::config::{MatchConfig, Seat};
        use sve_engine::bot::BotKind;
        let catalog = Catalog::vanilla().expect("the starter cards");
        let db = catalog.db();
        let deck = |name: &str| crate::start::load_checked(name, &db).expect("a starter deck");
        let config = MatchConfig {
            seats: [Seat::Bot(BotKind::Random), Seat::Bot(BotKind::Random)],
            decks: [deck("SD01"), deck("SD02")],
            seed: 5,
            bot_delay: Duration::ZERO,
            replay: None,
            opening: Vec::new(),
            turn_start: None,
        };
        let file =
            std::env::temp_dir().join(format!("sve-stepped-replay-{}.sver", std::process::id()));
        let mut played = Session::stepped(
            config,
            catalog.clone(),
            std::env::temp_dir(),
            Arc::new(|| {}),
        );
        let mut outcome = None;
        for _ in 0..100_000 {
            for update in played.poll() {
                if let Update::Snapshot(snapshot) = update {
                    outcome = snapshot.outcome.or(outcome);
                }
            }
            if outcome.is_some() {
                break;
            }
        }
        assert!(outcome.is_some(), "the bots' match ends");
        played.send(Command::SaveReplay(file.clone()));
        let saved = played.poll();
        assert!(
            saved
                .iter()
                .any(|u| matches!(u, Update::Notice(n) if n.starts_with("Replay saved to"))),
            "{saved:?}"
        );
        let bytes = std::fs::read(&file).expect("the replay was written");
        std::fs::remove_file(&file).ok();
        let replay = sve_engine::replay::Replay::decode(&bytes).expect("a replay");
        let answers = replay.answers.len();
        // Recorded with other card data (a server's packs, in a page): the
        // viewer says so when it opens it.
        let mut other = replay.clone();
        other.card_fingerprint ^= 1;
        let config = MatchConfig::from_replay(other, &db, Duration::ZERO).expect("its decks");
        let mut elsewhere = Session::stepped(
            config,
            catalog.clone(),
            std::env::temp_dir(),
            Arc::new(|| {}),
        );
        let opened = elsewhere.poll();
        assert!(
            opened.iter().any(
                |u| matches!(u, Update::Notice(n) if n.contains("recorded with other card data"))
            ),
            "{opened:?}"
        );
        let config = MatchConfig::from_replay(replay, &db, Duration::ZERO).expect("its decks");
        let mut watched = Session::stepped(config, catalog, std::env::temp_dir(), Arc::new(|| {}));
        assert!(
            matches!(watched.stepped, Some(StepsOnce::Replay(_))),
            "the viewer, stepped"
        );
        let (mut position, mut shown, mut ended) = (None, None, None);
        for _ in 0..100_000 {
            for update in watched.poll() {
                match update {
                    Update::Replay(at) => position = Some(at),
                    Update::Snapshot(snapshot) => shown = snapshot.outcome.or(shown),
                    Update::Notice(notice) => ended = Some(notice),
                    _ => {}
                }
            }
            if ended.is_some() {
                break;
            }
        }
        assert_eq!(
            ended.as_deref(),
            Some("End of the replay."),
            "its own cards"
        );
        let at = position.expect("the viewer said where it stands");
        assert_eq!((at.at, at.length), (answers, answers), "played to its end");
        assert_eq!(shown, outcome, "the match's end, shown again");
        // Back to the start, as the replay bar's slider does.
        watched.send(Command::Replay(ReplayControl::Seek(0)));
        let moved = watched.poll();
        let back = moved.iter().rev().find_map(|u| match u {
            Update::Replay(at) => Some(at.at),
            _ => None,
        });
        assert_eq!(back, Some(0), "{moved:?}");
    }

    #[test]
    fn turn_starts_are_found_from_any_moment() {
        assert_eq!(position(0).next_turn_start(), Some(2));
        assert_eq!(position(3).next_turn_start(), Some(5));
        assert_eq!(position(7).next_turn_start(), None);
        assert_eq!(position(0).previous_turn_start(), 0);
        assert_eq!(position(1).previous_turn_start(), 0);
        assert_eq!(position(4).previous_turn_start(), 2);
        assert_eq!(position(2).previous_turn_start(), 0);
        assert_eq!(position(7).previous_turn_start(), 5);
        assert_eq!(position(3).turn(), 1);
        assert_eq!(position(9).turn(), 0, "past the end");
    }
}
