//! A config's opening: sandbox changes made once, at the first decision
//! after setup (`MatchConfig::opening`), as an adventure fight carries the
//! run's leader defenses into its match; and its turn starts, made at the
//! first decision of each turn after it (`MatchConfig::turn_start`), as
//! an adventure fight's statuses act. They go through the same path as
//! the sandbox tools (`sandbox.rs`), so the replay records them and undo
//! makes them again where they were made.

use super::Worker;
use sve_engine::engine::Phase;

impl Worker {
    /// Makes the opening's changes if this is the first decision after
    /// setup and they are not made yet; true when it made them (the
    /// match then steps again).
    pub(super) fn open_if_due(&mut self) -> bool {
        let state = self.game.state();
        let due = self.opening_at.is_none()
            && !self.config.opening.is_empty()
            && state.phase != Phase::Setup
            && state.turn >= 1
            && self.game.decision().is_some();
        if !due {
            return false;
        }
        self.opening_at = Some(self.history.len());
        for action in self.config.opening.clone() {
            self.sandbox_edit(action);
        }
        true
    }

    /// Makes the config's turn-start changes (`MatchConfig::turn_start`)
    /// if this is the first decision of a turn after the opening and they
    /// are not made yet for it; true when it changed the match (which then
    /// steps again).
    pub(super) fn start_turn_if_due(&mut self) -> bool {
        let Some(hook) = self.config.turn_start.clone() else {
            return false;
        };
        let state = self.game.state();
        let opened = self.opening_at.is_some() || self.config.opening.is_empty();
        let due = opened
            && state.phase != Phase::Setup
            && state.turn >= 1
            && state.outcome.is_none()
            && self.game.decision().is_some();
        if !due {
            return false;
        }
        let active = state.active;
        let turn = state.player(active).turns_passed;
        if self
            .turns_started
            .iter()
            .any(|(player, started, _)| *player == active && *started == turn)
        {
            return false;
        }
        self.turns_started.push((active, turn, self.history.len()));
        let actions = (hook.0)(&self.game);
        let changed = !actions.is_empty();
        for action in actions {
            // A status may have ended the match: nothing more to do.
            if self.game.state().outcome.is_some() {
                break;
            }
            self.sandbox_edit(action);
        }
        changed
    }

    /// After an undo to `kept` answers: an opening (and turn starts) made
    /// later than that is gone with them and is made again when the match
    /// gets there.
    pub(super) fn forget_opening_after(&mut self, kept: usize) {
        if self.opening_at.is_some_and(|at| at > kept) {
            self.opening_at = None;
        }
        self.turns_started.retain(|(_, _, at)| *at <= kept);
    }
}
