//! The worker loop: steps the match, lets bots answer (paced by the
//! configured delay), waits for human answers, and implements undo by
//! rebuilding the match from seed, decks and the kept answers. Watching a
//! replay is `replay.rs`'s work.

use super::pace::{Pace, Paced};
use super::reload::{ReloadReport, card_packs_of, diff_line};
use super::sources::SourceIndex;
use super::{Command, Delta, LogLine, ShownEvent, Snapshot, Update, picture};
use crate::config::{MatchConfig, MatchMode, Seat};
use crate::save_folder;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::Duration;
use sve_engine::bot::Bot;
use sve_engine::cards::diff::diff_dbs;
use sve_engine::cards::{CardChanges, CardDb};
use sve_engine::engine::{
    CardRef, Decision, Event, Match, PlayerId, Rejection, SandboxAction, Status, Zone,
};
use sve_engine::gamelog;
use sve_engine::replay::{
    RecordedAnswer, RecordedReload, RecordedSandbox, Replay, ReplaySeat, apply_sandbox, log_hash,
};
use sve_packs::catalog::{Catalog, ReloadNews, RunnerFactory};
use sve_packs::packs::ReloadChange;

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

    /// Lets the bot answer `decision` once its pace allows: after the bot
    /// delay, and not while the screen holds the match to play out the
    /// last moves. Any other command (undo, concede) goes first and the
    /// loop looks again.
    fn pace_bot(&mut self, decision: &Decision) -> ControlFlow<()> {
        match self
            .pace
            .wait(&self.commands, self.config.bot_delay, self.generation)
        {
            Paced::Command(command) => self.handle(command),
            Paced::Due => {
                if !self.reload_cards() {
                    self.bot_answer(decision);
                }
                ControlFlow::Continue(())
            }
            Paced::Hangup => ControlFlow::Break(()),
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

    /// Rebuilds edited packs and swaps the new cards and code into the
    /// running match (hot reload). Returns whether the match changed.
    fn reload_cards(&mut self) -> bool {
        // A reload the user made (news from the catalog) is reported card
        // by card; the catch-up reload after an undo is not news.
        let mut pack_news = false;
        for news in self.catalog.refresh() {
            pack_news |= matches!(news, ReloadNews::Reloaded { .. });
            match news {
                ReloadNews::Failed {
                    dir,
                    problems,
                    kept_previous,
                } => {
                    let mut message = if kept_previous {
                        format!(
                            "Reloading {} failed; the previous version keeps running.",
                            dir.display()
                        )
                    } else {
                        format!("Loading {} failed; it is not loaded.", dir.display())
                    };
                    for problem in problems.iter().take(3) {
                        message.push_str(&format!("\n{problem}"));
                    }
                    self.notice(message);
                }
                ReloadNews::Reloaded {
                    source,
                    change: ReloadChange::Removed,
                    ..
                } => {
                    // Nothing new to play: no smoke test.
                    self.notice(format!(
                        "Removed {source} (its folder is gone): this match keeps playing the cards it holds."
                    ));
                }
                ReloadNews::Reloaded {
                    source,
                    change,
                    changes,
                    pack_cards,
                    elapsed,
                } => {
                    let verb = if change == ReloadChange::Added {
                        "Loaded new"
                    } else {
                        "Reloaded"
                    };
                    self.notice(format!(
                        "{verb} {source} in {} ms: {} changed, {} added, {} removed. Smoke test running…",
                        elapsed.as_millis(),
                        changes.changed.len(),
                        changes.added.len(),
                        changes.removed.len()
                    ));
                    self.spawn_smoke_test(source, pack_cards);
                }
            }
        }
        let generation = self.catalog.generation();
        if generation == self.cards_generation {
            return false;
        }
        self.cards_generation = generation;
        self.sources.clear();
        let defs = self.catalog.db().iter().map(|(_, d)| d.clone()).collect();
        match self.game.db().updated(defs) {
            Ok((db, changes)) => {
                let lines: Vec<String> = diff_dbs(self.game.db(), &db, &changes)
                    .iter()
                    .map(diff_line)
                    .collect();
                let point = ReloadPoint {
                    at: self.history.len(),
                    db: Arc::new(db),
                    runners: self.catalog.runner_factory(),
                    changes,
                    source: "card packs".to_owned(),
                };
                self.game.reload_cards(
                    Arc::clone(&point.db),
                    (point.runners)(),
                    &point.changes,
                    &point.source,
                );
                if pack_news || !lines.is_empty() {
                    for line in &lines {
                        tracing::info!("reloaded card: {line}");
                    }
                    let report = ReloadReport {
                        db: Arc::clone(&point.db),
                        packs: self.catalog.packs(),
                        card_packs: card_packs_of(&self.catalog),
                        lines,
                    };
                    self.send(Update::Reloaded(Box::new(report)));
                }
                self.reloads.push(point);
                true
            }
            Err(e) => {
                self.notice(format!("Reload not applied: {e}"));
                false
            }
        }
    }

    /// The reload smoke test, off this thread: short random-bot matches with
    /// the starter decks that use the reloaded pack's cards; the result
    /// arrives as a notice.
    fn spawn_smoke_test(&self, source: String, cards: Vec<String>) {
        let db = self.catalog.db();
        let runner = self.catalog.runner();
        let updates = self.updates.clone();
        let repaint = Arc::clone(&self.repaint);
        let spawned = std::thread::Builder::new()
            .name("sve-smoke-test".to_owned())
            .spawn(move || {
                let report = sve_engine::sim::smoke_test_starter_decks(&db, &runner, &cards, 10);
                let message = if report.decks.is_empty() {
                    format!("Smoke test after {source}: no starter deck uses its cards.")
                } else if report.is_clean() {
                    format!(
                        "Smoke test after {source}: {} matches with {}, no errors.",
                        report.games,
                        report.decks.join(", ")
                    )
                } else {
                    format!(
                        "Smoke test after {source}: {} errors, {} invariant violations, {} turn-cap hits in {} matches{}",
                        report.errors,
                        report.violations.len(),
                        report.turn_cap_hits,
                        report.games,
                        report
                            .violations
                            .first()
                            .map(|v| format!(" (first: {v})"))
                            .unwrap_or_default()
                    )
                };
                updates.send(Update::Notice(message)).ok();
                repaint();
            });
        if let Err(err) = spawned {
            tracing::warn!("cannot start the smoke test: {err}");
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
            Command::Sandbox(action) => {
                let words = sandbox_words(&action, &self.game);
                let record = RecordedSandbox::new(self.history.len(), &action, self.game.db());
                match self.game.sandbox(action) {
                    Ok(()) => {
                        match record {
                            Some(record) => self.sandbox_edits.push(record),
                            // The engine refuses what has no record.
                            None => tracing::error!("a sandbox change without a replay record"),
                        }
                        self.generation += 1;
                        // After the snapshot that shows it: a new snapshot
                        // clears the notices of the one before.
                        self.after_snapshot.push(words);
                    }
                    Err(err) => self.notice(format!("Sandbox: {err}")),
                }
            }
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

    fn bot_answer(&mut self, decision: &Decision) {
        let player = decision.player;
        let Some(bot) = self.bots[player.idx()].as_mut() else {
            return;
        };
        let picks = bot.choose(&self.game, decision);
        if picks.is_empty() && decision.min > 0 {
            // A bot with no answer gives up, as in the `sve` command.
            self.concede(player);
            return;
        }
        if let Err(rejection) = self.apply(player, picks, AnsweredBy::Bot) {
            tracing::error!("bot {player} gave an illegal answer ({rejection}); it concedes");
            self.concede(player);
        }
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

    /// Takes back the last human answer and every bot answer after it by
    /// rebuilding the match from seed and decks and re-applying the rest,
    /// with the cards each answer was given under (hot reloads happen again
    /// where they happened). Cards reloaded after the point undone to stay:
    /// the match goes on with the newest version. After a concession, undo
    /// takes back the concession only.
    fn undo(&mut self) {
        let keep = if self.conceded_at.is_some() {
            self.history.len()
        } else {
            match self
                .history
                .iter()
                .rposition(|entry| entry.by == AnsweredBy::Human)
            {
                Some(last_human) => last_human,
                None => {
                    self.notice("Nothing to undo yet.".to_owned());
                    return;
                }
            }
        };
        let mut answers = std::mem::take(&mut self.history);
        answers.truncate(keep);
        let mut reloads = std::mem::take(&mut self.reloads);
        let later_reloads = reloads.iter().any(|point| point.at > keep);
        reloads.retain(|point| point.at <= keep);
        // Sandbox changes made before the answer taken back stay, at the
        // decisions they were made at.
        let mut edits = std::mem::take(&mut self.sandbox_edits);
        edits.retain(|edit| usize::try_from(edit.after_answers).is_ok_and(|at| at <= keep));
        self.game = new_match(&self.config, &self.start_cards);
        self.full_log.clear();
        self.conceded_at = None;
        self.conceded_by = None;
        self.unsent_log = Delta {
            reset: true,
            items: Vec::new(),
        };
        self.unsent_events = Delta {
            reset: true,
            items: Vec::new(),
        };
        let mut pending_reloads = reloads.into_iter().peekable();
        for entry in answers {
            if let Status::GameOver(_) = self.game.step() {
                tracing::error!("undo: the rebuilt match ended early");
                break;
            }
            while let Some(point) = pending_reloads.next_if(|point| point.at == self.history.len())
            {
                self.replay_reload(point);
            }
            self.replay_sandbox(&edits);
            self.collect_events();
            let picks = entry.answer.pick_indices();
            if let Err(rejection) = self.game.answer(PlayerId(entry.answer.player), &picks) {
                // Determinism makes this unreachable unless the engine has a
                // bug; keep what could be rebuilt.
                tracing::error!("undo: a recorded answer no longer fits ({rejection})");
                break;
            }
            self.history.push(entry);
        }
        self.game.step();
        for point in pending_reloads {
            self.replay_reload(point);
        }
        self.replay_sandbox(&edits);
        self.sandbox_edits = edits;
        if later_reloads {
            // Go on with the newest cards: the next check reloads them
            // against the rebuilt match.
            self.cards_generation = u64::MAX;
        }
        self.generation += 1;
    }

    /// Applies the sandbox changes made after as many answers as the
    /// rebuilt match has (undo), after that point's reloads.
    fn replay_sandbox(&mut self, edits: &[RecordedSandbox]) {
        if let Err(err) = apply_sandbox(&mut self.game, edits, self.history.len()) {
            // The same changes applied to the same match before: only an
            // engine bug gets here.
            tracing::error!("undo: {err}");
        }
    }

    /// Applies a recorded reload to the rebuilt match (undo) and keeps it.
    fn replay_reload(&mut self, point: ReloadPoint) {
        self.game.reload_cards(
            Arc::clone(&point.db),
            (point.runners)(),
            &point.changes,
            &point.source,
        );
        self.game.step();
        self.reloads.push(point);
    }

    fn can_undo(&self) -> bool {
        self.conceded_at.is_some()
            || self
                .history
                .iter()
                .any(|entry| entry.by == AnsweredBy::Human)
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

    /// The replay of the match so far.
    fn replay(&self) -> Replay {
        let deck = |seat: usize| {
            let chosen = &self.config.decks[seat];
            Replay::deck_of(&chosen.title, &chosen.list, self.game.db())
        };
        Replay {
            seed: self.config.seed,
            decks: [deck(0), deck(1)],
            card_fingerprint: self.start_cards.0.fingerprint(),
            answers: self.history.iter().map(|e| e.answer.clone()).collect(),
            log_hash: log_hash(&self.full_log),
            conceded: self.conceded_by.map(|p| p.0),
            reloads: self
                .reloads
                .iter()
                .map(|point| RecordedReload {
                    after_answers: u32::try_from(point.at).unwrap_or(u32::MAX),
                    card_fingerprint: point.db.fingerprint(),
                    source: point.source.clone(),
                })
                .collect(),
            seats: self.config.seats.map(|seat| match seat {
                Seat::Human => ReplaySeat::human(""),
                Seat::Bot(kind) => ReplaySeat::bot(crate::match_view::bot_name(kind)),
            }),
            sandbox: self.sandbox_edits.clone(),
            fingerprint_with_text: false,
        }
    }

    /// Writes the board as a scenario file (see `sve_engine::board`).
    fn save_scenario(&mut self) {
        let path = save_folder::scenarios_dir(&self.save_dir).join(format!(
            "seed{}-turn{}.scenario",
            self.config.seed,
            self.game.state().turn
        ));
        let text = sve_engine::board::board_as_text(&self.game);
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&path, text));
        self.notice(match written {
            Ok(()) => format!("Board saved as scenario {}", path.display()),
            Err(err) => format!("Could not save the scenario to {}: {err}", path.display()),
        });
    }

    /// Writes a bug-report bundle (see `sve_packs::bug_report`).
    fn save_bug_report(&mut self) {
        let replay = self.replay();
        let lines: Vec<String> = self
            .full_log
            .iter()
            .filter_map(|e| gamelog::describe(e, self.game.state(), self.game.db()))
            .collect();
        let dir = save_folder::bug_reports_dir(&self.save_dir);
        let message = match sve_packs::bug_report::write_bundle(
            &dir,
            &self.game,
            &replay,
            &self.catalog.packs(),
            &lines,
        ) {
            Ok(folder) => format!("Bug report saved in {}", folder.display()),
            Err(err) => format!("Could not save the bug report: {err}"),
        };
        self.notice(message);
    }

    fn save_replay(&mut self, path: &Path) {
        let replay = self.replay();
        let written = path
            .parent()
            .filter(|dir| !dir.as_os_str().is_empty())
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(path, replay.encode()));
        let message = match written {
            Ok(()) => replay_saved(path, self.sandbox_edits.len()),
            Err(err) => {
                tracing::warn!("writing replay {}: {err}", path.display());
                format!("Could not save the replay to {}: {err}", path.display())
            }
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

/// The notice for a replay written to `path`, which records `edits`
/// sandbox changes (replayed where they were made).
fn replay_saved(path: &Path, edits: usize) -> String {
    match edits {
        0 => format!("Replay saved to {}", path.display()),
        1 => format!(
            "Replay saved to {} with its sandbox change, which it plays back.",
            path.display()
        ),
        n => format!(
            "Replay saved to {} with its {n} sandbox changes, which it plays back.",
            path.display()
        ),
    }
}

/// What a sandbox change does, in the words of its notice ("Sandbox: put
/// Goblin into P1's hand."), read from `game` before the change.
fn sandbox_words(action: &SandboxAction, game: &Match) -> String {
    let db = game.db();
    // The engine refuses a card that is not on the field before any name
    // is shown, so the name matters only for a card it has.
    let card_name = |card: CardRef| {
        if game.state().card_refs().any(|c| c == card) {
            game.state().current_def(db, card).display_name().to_owned()
        } else {
            "the card".to_owned()
        }
    };
    let what = match action {
        SandboxAction::PutCard { player, def, zone } => {
            let name = db.get(*def).display_name();
            let place = match zone {
                Zone::Field => format!("onto {player}'s field"),
                Zone::Deck => format!("on top of {player}'s deck"),
                Zone::EvolveDeck => format!("into {player}'s evolve deck, face down"),
                zone => format!("into {player}'s {}", zone.name()),
            };
            format!("put {name} {place}")
        }
        SandboxAction::SetPlayPoints { player, pp, max_pp } => {
            format!("{player}'s play points set to {pp}/{max_pp}")
        }
        SandboxAction::SetEvolvePoints { player, ep } => {
            format!("{player}'s evolve points set to {ep}")
        }
        SandboxAction::SetSuperEvolvePoints { player, sep } => {
            format!("{player}'s super-evolve points set to {sep}")
        }
        SandboxAction::SetLeaderDefense { player, defense } => {
            format!("{player}'s leader defense set to {defense}")
        }
        SandboxAction::Draw { player, count } => {
            format!(
                "{player} drew {count} card{}",
                if *count == 1 { "" } else { "s" }
            )
        }
        SandboxAction::Destroy { card } => format!("destroyed {}", card_name(*card)),
        SandboxAction::DealDamage { card, amount } => {
            format!("dealt {amount} damage to {}", card_name(*card))
        }
    };
    format!("Sandbox: {what}.")
}

/// A new match with fresh pack instances.
fn new_match(config: &MatchConfig, cards: &(Arc<CardDb>, RunnerFactory)) -> Match {
    let lists = [config.decks[0].list.clone(), config.decks[1].list.clone()];
    Match::new(Arc::clone(&cards.0), (cards.1)(), lists, config.seed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_sandbox_change_has_its_notice() {
        use sve_engine::board::{Board, Side};
        let s = Board::builder()
            .side(PlayerId(1), Side::new().field(["V1"]))
            .build();
        let game = &s.game;
        let def = game.db().by_name("V2").expect("a test follower");
        let put = SandboxAction::PutCard {
            player: PlayerId(0),
            def,
            zone: Zone::Field,
        };
        assert_eq!(
            sandbox_words(&put, game),
            "Sandbox: put V2 onto P1's field."
        );
        let draw = SandboxAction::Draw {
            player: PlayerId(1),
            count: 2,
        };
        assert_eq!(sandbox_words(&draw, game), "Sandbox: P2 drew 2 cards.");
        let pp = SandboxAction::SetPlayPoints {
            player: PlayerId(0),
            pp: 3,
            max_pp: 5,
        };
        assert_eq!(
            sandbox_words(&pp, game),
            "Sandbox: P1's play points set to 3/5."
        );
        let v1 = s.card(PlayerId(1), Zone::Field, "V1");
        assert_eq!(
            sandbox_words(&SandboxAction::Destroy { card: v1 }, game),
            "Sandbox: destroyed V1."
        );
        let damage = SandboxAction::DealDamage {
            card: v1,
            amount: 2,
        };
        assert_eq!(
            sandbox_words(&damage, game),
            "Sandbox: dealt 2 damage to V1."
        );
    }

    #[test]
    fn a_replay_saved_after_sandbox_changes_says_it_plays_them_back() {
        let path = Path::new("match.sver");
        assert_eq!(replay_saved(path, 0), "Replay saved to match.sver");
        assert_eq!(
            replay_saved(path, 2),
            "Replay saved to match.sver with its 2 sandbox changes, which it plays back."
        );
    }
}
