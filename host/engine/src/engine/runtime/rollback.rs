//! Rolling back an ability run. A run that asks a question or fails is
//! undone (`ability.rs`): the state goes back to what it was when the run
//! began. What undoing needs is taken lazily, at the run's first change
//! ([`Match::before_change`]), not when the run begins: a run that asks its
//! question (or finds nothing to do) before it changes anything costs
//! nothing, and most questions come first ("choose a follower: …").
//!
//! At that first change the state is copied except for its cards, and the
//! card arena starts recording what each write overwrites (`state/arena.rs`):
//! the cards are most of the state's bytes and a run changes few of them.
//! Undoing puts the recorded cards back and the copy in place.
//!
//! Every change of a run passes through [`Match::before_change`]: the
//! mutation choke point (`mutation.rs`) and a draw from the match RNG.
//!
//! The events the run emitted and the work it scheduled (a Ward choice for a
//! follower it put out) go with it (`Match::run_card_code`). Debug builds
//! keep the cards as well and check that the journal gave them back.

use super::Match;
use crate::engine::state::cache::Touched;
use crate::engine::state::{GameState, JournalMark};

/// The state an ability run in progress would roll back to.
#[derive(Clone, Debug, Default)]
pub(crate) enum RunSnapshot {
    /// No run is in progress.
    #[default]
    Idle,
    /// A run is in progress and has changed nothing yet: the state now is
    /// the state it began with.
    Unchanged,
    /// A run is in progress and has changed the state: this is how to put
    /// back the state it began with.
    Taken(Box<Undo>),
}

/// How to put back the state a run began with.
#[derive(Clone, Debug)]
pub(crate) struct Undo {
    /// The state as the run began, but for its cards (left empty).
    rest: GameState,
    /// Where the card arena's journal stood as the run began.
    cards_at: JournalMark,
    /// Debug builds keep the cards too, to check the journal against.
    #[cfg(debug_assertions)]
    cards: crate::engine::state::CardArena,
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
            self.run_snapshot = RunSnapshot::Taken(Box::new(self.undo_now()));
        }
        if self.db.has_passives() {
            self.state.note_change(Touched::None);
        }
    }

    /// How to put back the state as it is now: everything but the cards
    /// copied, and the cards' journal marked.
    fn undo_now(&mut self) -> Undo {
        let cards_at = self.state.cards.record();
        // The cards are taken out for the copy (a move, not a copy) and
        // put back.
        let cards = std::mem::take(&mut self.state.cards);
        let rest = self.state.clone();
        self.state.cards = cards;
        Undo {
            rest,
            cards_at,
            #[cfg(debug_assertions)]
            cards: self.state.cards.clone(),
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
        if let RunSnapshot::Taken(began_with) = inner {
            if undo {
                let Undo {
                    mut rest,
                    cards_at,
                    #[cfg(debug_assertions)]
                        cards: cards_then,
                } = *began_with;
                let mut cards = std::mem::take(&mut self.state.cards);
                cards.undo_to(cards_at);
                #[cfg(debug_assertions)]
                assert!(
                    cards == cards_then,
                    "undoing the card arena's journal did not give back the cards the run began with"
                );
                rest.cards = cards;
                self.state = rest;
            } else if matches!(self.run_snapshot, RunSnapshot::Unchanged) {
                self.run_snapshot = RunSnapshot::Taken(began_with);
            }
        }
        // With no run left in progress, nothing can be undone: the journal
        // is emptied (an enclosing run still in progress may yet need it).
        if matches!(self.run_snapshot, RunSnapshot::Idle) {
            self.state.cards.stop_recording();
        }
    }
}
