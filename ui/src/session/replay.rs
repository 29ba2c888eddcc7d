//! The replay viewer's worker: plays a recorded match's answers, one at a
//! time at the chosen pace or wherever the user seeks, and sends the same
//! snapshots a played match does (both sides open, as bot-vs-bot).
//!
//! A replay records answers (and the sandbox changes made between them),
//! and the engine is deterministic, so a moment of the match is the seed,
//! the decks, the first `at` answers and the sandbox changes made up to
//! then: going forward applies more answers to the match held here, each
//! followed by the changes made at the decision it leads to; going back
//! rebuilds it from the seed (as undo does). Seeks that queue up while
//! the user drags the slider are merged into one, so the window never
//! waits for moments nobody will look at.
//!
//! On the desktop the viewer runs on a thread of its own ([`run`]); a web
//! page steps it once per frame instead (`replay/stepped.rs`).
//!
//! When it starts, the viewer plays the whole recording once to learn how
//! far it plays (a recording made with other cards can diverge; one that
//! reloaded card packs stops at the reload) and the turn at each moment,
//! which the controls show.

#[cfg(any(target_arch = "wasm32", test))]
mod stepped;

#[cfg(any(target_arch = "wasm32", test))]
pub(super) use stepped::SteppedViewer;

use super::pace::{Pace, Paced};
use super::sources::SourceIndex;
use super::worker::Repaint;
use super::{Command, Delta, LogLine, ReplayControl, ReplayPosition, ShownEvent, Update, picture};
use crate::catalog::{Catalog, RunnerFactory};
use crate::config::MatchConfig;
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender};
use std::time::Duration;
use sve_engine::cards::CardDb;
use sve_engine::engine::{Match, PlayerId, Status};
use sve_engine::replay::{Replay, apply_sandbox};

/// Watches `replay` until [`Command::Shutdown`] or until the UI hangs up.
/// A panic inside the engine is reported as [`Update::Failed`].
pub(super) fn run(
    config: MatchConfig,
    replay: Arc<Replay>,
    catalog: Catalog,
    commands: Receiver<Command>,
    updates: Sender<Update>,
    repaint: Repaint,
) {
    let failed = (updates.clone(), Arc::clone(&repaint));
    super::worker::guarded("replay", failed, || {
        Viewer::new(config, replay, &catalog, commands, updates, repaint).run();
    });
}

/// How far a recording plays, learnt by playing it through once.
struct Reach {
    /// Answers that play.
    length: usize,
    /// The turn at each moment `0..=length`.
    turns: Vec<u32>,
    /// Why it stops before its last answer, if it does.
    stop: Option<String>,
    /// The recording was made with other card data than the viewer's.
    other_cards: bool,
}

/// What the viewer says of a recording made with other card data (card
/// packs the client has not loaded, or, in a web page, any packs).
const OTHER_CARDS: &str = "It was recorded with other card data than this client has (card packs not loaded here), so it may not play as the match did.";

struct Viewer {
    config: MatchConfig,
    replay: Arc<Replay>,
    cards: (Arc<CardDb>, RunnerFactory),
    /// The cards' packs, whose sources the inspector shows.
    catalog: Catalog,
    /// The packs' card sources, for the inspector.
    sources: SourceIndex,
    /// The match after `at` answers.
    game: Match,
    at: usize,
    length: usize,
    turns: Arc<[u32]>,
    /// Why the replay ends before its recording does.
    stop: Option<String>,
    /// The recording was made with other card data: said when it opens
    /// and at its end.
    other_cards: bool,
    /// Whether the opening's word about other card data is still to say.
    warn_cards: bool,
    playing: bool,
    /// The time between two steps while playing.
    pace: Duration,
    /// What the screen said of its animations.
    hold: Pace,
    generation: u64,
    unsent_log: Delta<LogLine>,
    unsent_events: Delta<ShownEvent>,
    commands: Receiver<Command>,
    updates: Sender<Update>,
    repaint: Repaint,
}

impl Viewer {
    fn new(
        config: MatchConfig,
        replay: Arc<Replay>,
        catalog: &Catalog,
        commands: Receiver<Command>,
        updates: Sender<Update>,
        repaint: Repaint,
    ) -> Viewer {
        let cards = (catalog.db(), catalog.runner_factory());
        let reach = reach(&config, &replay, &cards);
        let mut viewer = Viewer {
            game: new_match(&config, &cards),
            cards,
            catalog: catalog.clone(),
            sources: SourceIndex::default(),
            at: 0,
            length: reach.length,
            turns: reach.turns.into(),
            stop: reach.stop,
            other_cards: reach.other_cards,
            warn_cards: reach.other_cards,
            playing: true,
            pace: config.bot_delay,
            hold: Pace::default(),
            config,
            replay,
            generation: 0,
            unsent_log: Delta::default(),
            unsent_events: Delta::default(),
            commands,
            updates,
            repaint,
        };
        viewer.game.step();
        viewer.collect_events();
        viewer
    }

    fn run(&mut self) {
        let mut announced_end = false;
        loop {
            self.show(&mut announced_end);
            let at_end = self.at >= self.length;
            let command = if self.playing && !at_end {
                match self.hold.wait(&self.commands, self.pace, self.generation) {
                    Paced::Command(command) => command,
                    Paced::Due => {
                        self.go_to(self.at + 1);
                        continue;
                    }
                    Paced::Hangup => return,
                }
            } else {
                // A hold while paused only matters once playing: take it
                // in without showing anything again.
                loop {
                    match self.commands.recv() {
                        Ok(Command::Pace(pace)) => self.hold.heard(pace),
                        Ok(command) => break command,
                        Err(_) => return,
                    }
                }
            };
            if self.handle(command).is_break() {
                return;
            }
        }
    }

    /// Shows the moment: its snapshot and where the replay stands, then,
    /// the first time it stands at its end (`announced_end` says whether it
    /// was said already), that it ended and why.
    fn show(&mut self, announced_end: &mut bool) {
        self.publish();
        let at_end = self.at >= self.length;
        if at_end && !*announced_end {
            // After the snapshot, or the new generation would clear it.
            *announced_end = true;
            self.warn_cards = false;
            let notice = match (&self.stop, self.other_cards) {
                (Some(reason), _) => format!("End of the replay. {reason}"),
                (None, true) => format!("End of the replay. {OTHER_CARDS}"),
                (None, false) => "End of the replay.".to_owned(),
            };
            self.notice(notice);
        } else if self.warn_cards {
            self.warn_cards = false;
            self.notice(OTHER_CARDS.to_owned());
        }
        *announced_end &= at_end;
    }

    /// Applies `first` and every command already waiting behind it; the
    /// moves among them become one move to where they lead.
    fn handle(&mut self, first: Command) -> ControlFlow<()> {
        let mut target = self.at;
        let mut next = Some(first);
        while let Some(command) = next {
            match command {
                Command::Replay(control) => match control {
                    ReplayControl::Play => {
                        if target >= self.length {
                            target = 0;
                        }
                        self.playing = true;
                    }
                    ReplayControl::Pause => self.playing = false,
                    ReplayControl::Step { forward } => {
                        self.playing = false;
                        target = if forward {
                            target.saturating_add(1)
                        } else {
                            target.saturating_sub(1)
                        };
                    }
                    ReplayControl::Seek(at) => {
                        self.playing = false;
                        target = at;
                    }
                    ReplayControl::Pace(pace) => self.pace = pace,
                },
                Command::SaveReplay(path) => self.save_replay(&path),
                Command::Pace(pace) => self.hold.heard(pace),
                Command::Shutdown => return ControlFlow::Break(()),
                // Every visible card's data is in each snapshot already.
                Command::Inspect(_) => {}
                Command::Answer { .. }
                | Command::Rematch
                | Command::Undo
                | Command::Concede(_)
                | Command::Sandbox(_)
                | Command::SaveScenario
                | Command::SaveBugReport => {
                    self.notice("Not while watching a replay.".to_owned());
                }
            }
            next = self.commands.try_recv().ok();
        }
        self.go_to(target);
        // A control that only changed the pace or paused still shows.
        self.generation += 1;
        ControlFlow::Continue(())
    }

    /// Moves to the moment after `target` answers (capped at the end).
    fn go_to(&mut self, target: usize) {
        let target = target.min(self.length);
        if target < self.at {
            self.rebuild();
        }
        while self.at < target {
            let Some(answer) = self.replay.answers.get(self.at) else {
                break;
            };
            let player = PlayerId(answer.player.min(1));
            if let Err(rejection) = self.game.answer(player, &answer.pick_indices()) {
                // The first pass played this very answer: only an engine
                // bug gets here. Keep what plays.
                tracing::error!("replay: answer {} no longer fits ({rejection})", self.at);
                self.length = self.at;
                break;
            }
            self.at += 1;
            self.game.step();
            self.apply_sandbox();
            self.collect_events();
        }
        if self.at == self.replay.answers.len()
            && self.game.outcome().is_none()
            && let Some(seat) = self.replay.conceded
        {
            self.game.concede(PlayerId(seat.min(1)));
            self.collect_events();
        }
        self.generation += 1;
    }

    /// Back to the first moment: a new match from the seed.
    fn rebuild(&mut self) {
        self.game = new_match(&self.config, &self.cards);
        self.at = 0;
        self.unsent_log = Delta {
            reset: true,
            items: Vec::new(),
        };
        self.unsent_events = Delta {
            reset: true,
            items: Vec::new(),
        };
        self.game.step();
        self.apply_sandbox();
        self.collect_events();
    }

    /// Applies the recording's sandbox changes made after `at` answers.
    fn apply_sandbox(&mut self) {
        if let Err(err) = apply_sandbox(&mut self.game, &self.replay.sandbox, self.at) {
            // The first pass applied this very change: only an engine bug
            // gets here. Keep what plays.
            tracing::error!("replay: {err}");
            self.length = self.at;
        }
    }

    fn collect_events(&mut self) {
        picture::take_events(
            &mut self.game,
            self.config.mode(),
            &mut self.unsent_log,
            &mut self.unsent_events,
        );
    }

    /// Sends the moment's snapshot, then where the replay stands.
    fn publish(&mut self) {
        let mut snapshot = super::Snapshot {
            generation: self.generation,
            log: std::mem::take(&mut self.unsent_log),
            events: std::mem::take(&mut self.unsent_events),
            ..picture::snapshot(&self.game, self.config.mode(), true)
        };
        self.sources.fill(&self.catalog, &mut snapshot.inspected);
        self.send(Update::Snapshot(Box::new(snapshot)));
        self.send(Update::Replay(ReplayPosition {
            at: self.at,
            length: self.length,
            turns: Arc::clone(&self.turns),
            playing: self.playing && self.at < self.length,
            pace: self.pace,
        }));
    }

    /// Writes the recording being watched, as it was read.
    fn save_replay(&mut self, path: &Path) {
        let message = match super::replay_file::keep(path, &self.replay.encode()) {
            Ok(kept) => format!("Replay saved to {kept}"),
            Err(why) => why,
        };
        self.notice(message);
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

/// Plays the recording through once: how many answers play, the turn at
/// each moment, and why it stops early if it does.
fn reach(config: &MatchConfig, replay: &Replay, cards: &(Arc<CardDb>, RunnerFactory)) -> Reach {
    let mut game = new_match(config, cards);
    let mut turns = Vec::with_capacity(replay.answers.len() + 1);
    let mut stop = None;
    let loaded = cards.0.fingerprint();
    let other_cards = !replay.fingerprint_with_text && loaded != replay.card_fingerprint;
    if other_cards {
        tracing::warn!(
            "replay recorded with card data {:016x}, loaded {loaded:016x}",
            replay.card_fingerprint
        );
    }
    for (index, answer) in replay.answers.iter().enumerate() {
        if let Some(reload) = replay
            .reloads
            .iter()
            .find(|r| usize::try_from(r.after_answers).ok() == Some(index))
        {
            stop = Some(format!(
                "The recording reloaded card packs ({}) here; the rest of it needs the cards it switched to, which a replay does not carry.",
                crate::catalog::shown(&reload.source)
            ));
            break;
        }
        if let Status::GameOver(_) = game.step() {
            stop = Some(format!(
                "The match ended before answer {}; was it recorded with other cards?",
                index + 1
            ));
            break;
        }
        if let Err(err) = apply_sandbox(&mut game, &replay.sandbox, index) {
            stop = Some(format!("{err}; was it recorded with other cards?"));
            break;
        }
        turns.push(game.state().turn);
        let player = PlayerId(answer.player.min(1));
        if let Err(rejection) = game.answer(player, &answer.pick_indices()) {
            turns.pop();
            stop = Some(format!(
                "It diverges at answer {} ({rejection}); was it recorded with other cards?",
                index + 1
            ));
            break;
        }
    }
    let length = turns.len();
    game.step();
    if stop.is_none()
        && let Err(err) = apply_sandbox(&mut game, &replay.sandbox, length)
    {
        stop = Some(format!("{err}; was it recorded with other cards?"));
    }
    turns.push(game.state().turn);
    Reach {
        length,
        turns,
        stop,
        other_cards,
    }
}

/// A new match with fresh pack instances.
fn new_match(config: &MatchConfig, cards: &(Arc<CardDb>, RunnerFactory)) -> Match {
    let lists = [config.decks[0].list.clone(), config.decks[1].list.clone()];
    Match::new(Arc::clone(&cards.0), (cards.1)(), lists, config.seed)
}
