//! Cards moved together (later-sets §11.1, CR 10.7.4): one process moves
//! several cards "at the same time" as one batch.
//!
//! A batch is decided from the state before any of its cards moves: which
//! field cards leave (prohibitions and Stack, `leave.rs`) and what each was
//! there (look-back). The cards then move one after the other, and while
//! the batch lasts every card that left the field keeps watching, as it was
//! there, for the moves after its own (CR 10.7.4.2: "cards moved together
//! see each other").
//!
//! Per-card triggers are collected as each card moves. A move hook written
//! "once per batch" (`MoveHook::per_batch`, "whenever 1 or more cards ...")
//! is collected once for the whole batch, when it ends, with the number of
//! its cards that matched as the ability's amount. A move outside any batch
//! is a batch of one.

use crate::cards::InsteadZone;
use crate::engine::Match;
use crate::engine::event::MoveCause;
use crate::engine::ids::CardRef;
use crate::engine::mutation::{Mutation, Place};
use crate::engine::state::{PendingAbility, Zone};
use serde::{Deserialize, Serialize};

use super::Leave;

/// How card code moves a card in a batch ([`Match::move_together`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveKind {
    /// Destroy a field card by an ability (CR 5.6).
    Destroy,
    /// Banish it (CR 5.7).
    Banish,
    /// Put it into its owner's cemetery without destroying it (CR 5.34).
    Bury,
    /// Return it to its owner's hand.
    ReturnToHand,
    /// Discard it from its owner's hand.
    Discard,
    /// Put it on top of its owner's deck.
    DeckTop,
    /// Put it at the bottom of its owner's deck.
    DeckBottom,
}

impl MoveKind {
    /// Where the card goes, where in that zone, and why.
    fn destination(self) -> (Zone, Place, MoveCause) {
        match self {
            MoveKind::Destroy => (
                Zone::Cemetery,
                Place::Top,
                MoveCause::Destroy { by_ability: true },
            ),
            MoveKind::Banish => (Zone::Banished, Place::Top, MoveCause::Banish),
            MoveKind::Bury => (Zone::Cemetery, Place::Top, MoveCause::Bury),
            MoveKind::ReturnToHand => (Zone::Hand, Place::Top, MoveCause::ReturnToHand),
            MoveKind::Discard => (Zone::Cemetery, Place::Top, MoveCause::Discard),
            MoveKind::DeckTop => (Zone::Deck, Place::Top, MoveCause::ToDeck),
            MoveKind::DeckBottom => (Zone::Deck, Place::Bottom, MoveCause::ToDeck),
        }
    }
}

/// The batch in progress: the once-per-batch hooks its moves answered so
/// far, one pending ability each with the count of its matches.
#[derive(Clone, Debug, Default)]
pub(crate) struct MoveBatch {
    /// Open (a process is moving cards together).
    open: bool,
    /// The hooks answered, each with its count so far as its amount.
    hooks: Vec<PendingAbility>,
}

impl Match {
    /// Runs `moves` as one batch (nested calls join the outer batch): the
    /// cards leaving the field in it keep watching the moves after theirs,
    /// and once-per-batch hooks trigger once, when it ends.
    pub(crate) fn together<R>(&mut self, moves: impl FnOnce(&mut Match) -> R) -> R {
        if self.batch.open {
            return moves(self);
        }
        self.batch.open = true;
        let outer_leaving = self.leaving.hold();
        let result = moves(self);
        self.leaving.release(outer_leaving);
        self.batch.open = false;
        for pending in std::mem::take(&mut self.batch.hooks) {
            self.apply(Mutation::AddPending(pending));
        }
        result
    }

    /// Counts a once-per-batch hook's match: joins the batch in progress,
    /// or, outside one, triggers at once for a batch of one card.
    pub(crate) fn batch_hook_matched(&mut self, pending: PendingAbility) {
        if !self.batch.open {
            self.apply(Mutation::AddPending(PendingAbility {
                amount: 1,
                ..pending
            }));
            return;
        }
        let same = |p: &&mut PendingAbility| {
            p.source == pending.source
                && p.source_object == pending.source_object
                && p.def == pending.def
                && p.what == pending.what
                && p.controller == pending.controller
        };
        match self.batch.hooks.iter_mut().find(same) {
            Some(counted) => counted.amount += 1,
            None => self.batch.hooks.push(PendingAbility {
                amount: 1,
                ..pending
            }),
        }
    }

    /// Moves cards together, as card code asks (CR 10.7.4.2): the field
    /// cards' moves are decided and remembered from the state before any of
    /// them moves (`leave_field_together`), then the others move. A card
    /// card code may not move that way (a leader, an evolved card, a card
    /// not in its hand for a discard) stays where it is; the caller checks.
    /// `instead`: the replacement each card's controller chose, for the
    /// cards that had more than one (CR 10.10.2).
    pub(crate) fn move_together(
        &mut self,
        moves: &[(CardRef, MoveKind)],
        instead: &[(CardRef, InsteadZone)],
    ) {
        self.together(|m| {
            let mut leaving = Vec::new();
            let mut elsewhere = Vec::new();
            for &(card, kind) in moves {
                let zone = m.state.card(card).zone;
                let (to, place, cause) = kind.destination();
                match (zone, kind) {
                    (Zone::Field, MoveKind::Discard) => {}
                    (Zone::Field, _) => leaving.push(Leave {
                        instead: instead
                            .iter()
                            .find(|(chosen, _)| *chosen == card)
                            .map(|(_, zone)| *zone),
                        ..Leave::new(card, to, place, cause)
                    }),
                    (_, MoveKind::Destroy) => {}
                    _ => elsewhere.push((card, kind)),
                }
            }
            m.leave_field_together(&leaving);
            for (card, kind) in elsewhere {
                match kind {
                    MoveKind::Discard => m.discard(card),
                    MoveKind::Banish => m.banish(card),
                    MoveKind::Bury => m.bury(card),
                    MoveKind::ReturnToHand => m.return_to_hand(card),
                    MoveKind::DeckTop => m.put_into_deck(card, false),
                    MoveKind::DeckBottom => m.put_into_deck(card, true),
                    MoveKind::Destroy => {}
                }
            }
        });
    }
}
