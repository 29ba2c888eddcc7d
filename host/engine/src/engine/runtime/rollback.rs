//! Rolling back an ability run. A run that asks a question or fails is
//! undone (`ability.rs`): the state goes back to what it was when the run
//! began. The copy of the state is taken lazily, at the run's first change
//! ([`Match::before_change`]), not when the run begins: a run that asks its
//! question (or finds nothing to do) before it changes anything costs no
//! copy, and most questions come first ("choose a follower: …").
//!
//! Every change of a run passes through [`Match::before_change`]: the
//! mutation choke point (`mutation.rs`) and a draw from the match RNG.

use super::Match;
use crate::engine::state::GameState;
use crate::engine::state::cache::Touched;

/// The state an ability run in progress would roll back to.
#[derive(Clone, Debug, Default)]
pub(crate) enum RunSnapshot {
    /// No run is in progress.
    #[default]
    Idle,
    /// A run is in progress and has changed nothing yet: the state now is
    /// the state it began with.
    Unchanged,
    /// A run is in progress and has changed the state: this is the state
    /// it began with.
    Taken(Box<GameState>),
}

/// What [`Match::begin_rollback`] saved of an enclosing run, to restore when
/// the inner run ends.
pub(crate) struct RollbackMark(RunSnapshot);

impl Match {
    /// Called before every change to the state: the first change of an
    /// ability run copies the state the run began with, and the cached
    /// characteristics that hold only until the next change are forgotten
    /// (`state/cache.rs`).
    #[inline]
    pub(crate) fn before_change(&mut self) {
        if matches!(self.run_snapshot, RunSnapshot::Unchanged) {
            self.run_snapshot = RunSnapshot::Taken(Box::new(self.state.clone()));
        }
        if self.db.has_passives() {
            self.state.note_change(Touched::None);
        }
    }

    /// Starts watching an ability run's changes.
    pub(crate) fn begin_rollback(&mut self) -> RollbackMark {
        RollbackMark(std::mem::replace(
            &mut self.run_snapshot,
            RunSnapshot::Unchanged,
        ))
    }

    /// Ends an ability run: with `undo`, puts the state back as the run
    /// found it. An enclosing run that had changed nothing before this one
    /// began takes over this run's copy (what it began with is what this
    /// one began with), if this one's changes stay.
    pub(crate) fn end_rollback(&mut self, mark: RollbackMark, undo: bool) {
        let inner = std::mem::replace(&mut self.run_snapshot, mark.0);
        let RunSnapshot::Taken(began_with) = inner else {
            return;
        };
        if undo {
            self.state = *began_with;
        } else if matches!(self.run_snapshot, RunSnapshot::Unchanged) {
            self.run_snapshot = RunSnapshot::Taken(began_with);
        }
    }
}
