//! Limits on the work card code can make the engine do. Card code is
//! untrusted (packs come from strangers), and fuel only bounds the work done
//! inside the guest; these bound what its calls make the host do.
//!
//! - **Per ability run** ([`MAX_CHANGES_PER_RUN`]): one run of an ability may
//!   change the state so many times. Past that, and when a run asks for more
//!   card objects than a match may hold ([`MAX_CARD_OBJECTS`]) or more
//!   lasting effects than [`MAX_EFFECTS`], the run is stopped: everything it
//!   did is rolled back and the ability fizzles with the reason, like any
//!   other failure of card code. The match goes on.
//! - **Between two answers** ([`MAX_RUNS_PER_ACTION`], [`MAX_TASKS_PER_ACTION`]):
//!   between two answers the engine runs at most so many abilities and
//!   tasks. More means a loop no player can stop (a spell that plays itself
//!   from the cemetery), which the rules call a draw (CR 15.2.1.3, as in
//!   Confirmation Timing's `LOOP_LIMIT`); the
//!   [`Event::EndlessLoop`] names the card whose ability was running. A
//!   loop that asks a player something at each turn of it (a free,
//!   repeatable ability) is one a player can stop, so it is not a draw:
//!   bots stop it themselves (`bot::ActionCap`) and bot matches cap the
//!   answers of one turn (`sim::MAX_ANSWERS_PER_TURN`).
//!
//! All counters are deterministic (counts, not time), so a replay stops
//! exactly where the recording did.
//!
//! Questions are bounded as well: one ability run asks at most
//! `QUESTION_LIMIT` of them (`flow/check_timing.rs`), and a question offers at
//! most [`QUESTION_OPTION_LIMIT`] options.

use crate::engine::Match;
use crate::engine::event::Event;
use crate::engine::ids::{CardRef, MAX_CARD_OBJECTS};
use crate::engine::mutation::Mutation;
use crate::engine::state::Outcome;

/// State changes (mutations) one ability run may make. The busiest starter
/// card makes a few dozen.
pub const MAX_CHANGES_PER_RUN: u64 = 5_000;

/// Lasting effects a match may hold at once.
pub const MAX_EFFECTS: usize = 10_000;

/// Effects on players (later-sets §12.10) a match may hold at once: every
/// card play and view reads them all.
pub const MAX_PLAYER_EFFECTS: usize = 256;

/// Options one question of card code may offer (as many as there can be
/// cards, plus room for labels).
pub const QUESTION_OPTION_LIMIT: usize = MAX_CARD_OBJECTS + 64;

/// Ability runs between two answers before the match is a draw by an
/// endless loop.
pub const MAX_RUNS_PER_ACTION: u32 = 1_000;

/// Engine tasks between two answers before the match is a draw by an
/// endless loop (a backstop: any loop also runs abilities).
pub const MAX_TASKS_PER_ACTION: u32 = 200_000;

/// The counters behind the limits. Kept outside [`GameState`] so that
/// rolling a run back does not reset them.
///
/// [`GameState`]: crate::engine::GameState
#[derive(Clone, Debug, Default)]
pub(crate) struct Work {
    /// Mutations applied since the match began.
    changes: u64,
    /// Those of `changes` that moved a card or turned one face up: the
    /// changes that can show a player a card they did not know (see
    /// `AbilityCtx::choose_with`).
    moves: u64,
    /// Those of `changes` rules handling could find work after
    /// (`Mutation::concerns_rules`).
    rules_changes: u64,
    /// Those of `changes` that could alter both fields' characteristics
    /// (`Mutation::concerns_field`).
    field_changes: u64,
    /// `changes` when the current ability run began; `None` outside runs.
    run_start: Option<u64>,
    /// Why the current run must stop, once a limit is hit.
    run_stop: Option<String>,
    /// Ability runs since the last answer.
    runs: u32,
    /// Tasks since the last answer.
    tasks: u32,
}

/// What [`Work::begin_run`] saved, to restore when the run ends (runs can
/// nest: an ability that plays a card runs that card's abilities later, as
/// tasks, but rules handling inside a run may not).
pub(crate) struct RunMark {
    run_start: Option<u64>,
    run_stop: Option<String>,
}

impl Work {
    /// Mutations that moved a card or turned one face up since the match
    /// began.
    pub(crate) fn moves(&self) -> u64 {
        self.moves
    }

    /// Mutations rules handling could find work after, since the match
    /// began (`Mutation::concerns_rules`).
    pub(crate) fn rules_changes(&self) -> u64 {
        self.rules_changes
    }

    /// Counts one mutation rules handling could find work after (besides
    /// [`Work::count_change`]).
    pub(crate) fn count_rules_change(&mut self) {
        self.rules_changes += 1;
    }

    /// Mutations applied since the match began (those of undone ability
    /// runs included).
    pub(crate) fn changes(&self) -> u64 {
        self.changes
    }

    /// Mutations that could alter both fields' characteristics, since the
    /// match began (`Mutation::concerns_field`).
    pub(crate) fn field_changes(&self) -> u64 {
        self.field_changes
    }

    /// Counts one mutation that could alter both fields' characteristics
    /// (besides [`Work::count_change`]).
    pub(crate) fn count_field_change(&mut self) {
        self.field_changes += 1;
    }

    /// Counts one mutation that moves a card or turns one face up (after
    /// [`Work::count_change`] counted it as a change).
    pub(crate) fn count_move(&mut self) {
        self.moves += 1;
    }

    /// A player answered: a new action starts.
    pub(crate) fn new_action(&mut self) {
        self.runs = 0;
        self.tasks = 0;
    }

    /// Counts one mutation; past the run's budget the run is marked to stop.
    pub(crate) fn count_change(&mut self) {
        self.changes += 1;
        if let Some(start) = self.run_start
            && self.changes - start > MAX_CHANGES_PER_RUN
        {
            self.stop_run(format!(
                "it made more than {MAX_CHANGES_PER_RUN} changes to the game in one run"
            ));
        }
    }

    /// Marks the current run (if any) to stop, keeping the first reason.
    pub(crate) fn stop_run(&mut self, reason: String) {
        if self.run_start.is_some() && self.run_stop.is_none() {
            self.run_stop = Some(reason);
        }
    }

    /// Whether an ability run is being counted.
    pub(crate) fn in_run(&self) -> bool {
        self.run_start.is_some()
    }

    /// Why the current run must stop, if it must.
    pub(crate) fn run_stop(&self) -> Option<&str> {
        self.run_stop.as_deref()
    }

    /// Starts counting an ability run.
    pub(crate) fn begin_run(&mut self) -> RunMark {
        let mark = RunMark {
            run_start: self.run_start,
            run_stop: self.run_stop.take(),
        };
        self.run_start = Some(self.changes);
        mark
    }

    /// Ends a run: returns why it had to stop, if it did.
    pub(crate) fn end_run(&mut self, mark: RunMark) -> Option<String> {
        let stop = self.run_stop.take();
        self.run_start = mark.run_start;
        self.run_stop = mark.run_stop;
        stop
    }
}

impl Match {
    /// Counts a task; true when the action has run too long (the match is
    /// then over).
    pub(crate) fn count_task(&mut self) -> bool {
        self.work.tasks += 1;
        if self.work.tasks > MAX_TASKS_PER_ACTION {
            self.endless_loop(
                None,
                format!("more than {MAX_TASKS_PER_ACTION} steps without a player's decision"),
            );
            return true;
        }
        false
    }

    /// Counts an ability run of `card`; true when the action has run too
    /// many (the match is then over).
    pub(crate) fn count_run(&mut self, card: CardRef) -> bool {
        self.work.runs += 1;
        if self.work.runs > MAX_RUNS_PER_ACTION {
            self.endless_loop(
                Some(card),
                format!("more than {MAX_RUNS_PER_ACTION} abilities without a player's decision"),
            );
            return true;
        }
        false
    }

    /// Ends the match in a draw: a loop no player can stop (CR 15.2.1.3).
    pub(crate) fn endless_loop(&mut self, card: Option<CardRef>, reason: String) {
        tracing::warn!("endless loop: {reason}; the match is a draw");
        self.emit(Event::EndlessLoop { card, reason });
        self.apply(Mutation::SetOutcome(Outcome::Draw));
    }

    /// Whether one more card object fits; if not, the running ability is
    /// marked to stop.
    pub(crate) fn room_for_card(&mut self) -> bool {
        if self.state.next_card_ref().is_some() {
            return true;
        }
        self.work.stop_run(format!(
            "the match already holds {MAX_CARD_OBJECTS} card objects, the most it may"
        ));
        false
    }

    /// Whether one more lasting effect fits; if not, the running ability
    /// is marked to stop. The limit holds card code only: an effect the
    /// rules make outside an ability run (super evolution's +1/+1, a
    /// racing follower's Rush) always fits, so packs that filled the table
    /// can't take those away.
    pub(crate) fn room_for_player_effect(&mut self) -> bool {
        if self.state.player_effects.len() < MAX_PLAYER_EFFECTS || !self.work.in_run() {
            return true;
        }
        self.work.stop_run(format!(
            "the match already holds {MAX_PLAYER_EFFECTS} effects on players, the most it may"
        ));
        false
    }

    pub(crate) fn room_for_effect(&mut self) -> bool {
        if self.state.effects.len() < MAX_EFFECTS || !self.work.in_run() {
            return true;
        }
        self.work.stop_run(format!(
            "the match already holds {MAX_EFFECTS} lasting effects, the most it may"
        ));
        false
    }
}
