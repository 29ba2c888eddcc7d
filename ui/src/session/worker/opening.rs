//! A config's opening: sandbox changes made once, at the first decision
//! after setup (`MatchConfig::opening`), as an adventure fight carries the
//! run's leader defenses into its match. They go through the same path as
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

    /// After an undo to `kept` answers: an opening made later than that
    /// is gone with them and is made again when the match gets there.
    pub(super) fn forget_opening_after(&mut self, kept: usize) {
        if self.opening_at.is_some_and(|at| at > kept) {
            self.opening_at = None;
        }
    }
}
