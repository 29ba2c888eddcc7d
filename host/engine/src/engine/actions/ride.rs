//! Ride and Drive (later-sets §2.4–§2.5, CR 14.4.7–14.4.9, 11.10.1).
//!
//! A Ride is an `[adv]`-marked activated ability of a field follower ("Ride
//! (N): give this follower Drive"): it is the turn's evolve-equivalent
//! ability and 1 EP may pay 1 PP of it (as any `[adv]` ability, CR
//! 14.4.9.5), and besides its play points it costs a face-down Drive Point
//! from its controller's evolve deck, put into their drive zone linked to
//! the follower ([`CostItem::DrivePoint`](crate::cards::CostItem)). While
//! that link holds, the follower can't pay that cost again, so it rides
//! once (CR 14.4.9.1). When it leaves the field the link is gone
//! (`apply_move`) and rules handling returns the Drive Point face up to the
//! evolve deck, used (CR 11.10.1, `rules_handling.rs`).
//!
//! "Give a follower Drive" (CR 14.4.7.3) does nothing to an object given
//! Drive before (`CardState::given_drive`, even after it lost Drive); else
//! the follower gets Drive, Single Drive and Rush while it stays on the
//! field, and its On Drive abilities trigger (`Event::DriveGiven`).

use crate::cards::Keywords;
use crate::engine::Match;
use crate::engine::event::MoveCause;
use crate::engine::ids::{CardRef, PlayerId};
use crate::engine::mutation::{Mutation, Place};
use crate::engine::state::{Duration, EffectKind, Zone};

/// The name every Drive Point card has (CP03's "Drive Point"; packs bring
/// the card).
pub const DRIVE_POINT: &str = "Drive Point";

impl Match {
    /// The first face-down Drive Point of `player`'s evolve deck, if any.
    pub(crate) fn unused_drive_point(&self, player: PlayerId) -> Option<CardRef> {
        self.state
            .player(player)
            .evolve_deck
            .iter()
            .copied()
            .find(|card| {
                let state = self.state.card(*card);
                !state.face_up && self.db.get(state.def).name == DRIVE_POINT
            })
    }

    /// Whether `follower` has a Drive Point linked to it (it rode as this
    /// object).
    pub(crate) fn has_ridden(&self, follower: CardRef) -> bool {
        PlayerId::BOTH.into_iter().any(|player| {
            self.state
                .player(player)
                .drive_zone
                .iter()
                .any(|point| self.state.card(*point).linked_to == Some(follower))
        })
    }

    /// Whether `player` can pay a Ride's Drive Point for `follower`: it is
    /// on the field, has not ridden, and a face-down Drive Point waits in
    /// the evolve deck (CR 14.4.9.2).
    pub(crate) fn can_pay_drive_point(&self, player: PlayerId, follower: CardRef) -> bool {
        self.state.card(follower).zone == Zone::Field
            && !self.has_ridden(follower)
            && self.unused_drive_point(player).is_some()
    }

    /// Pays a Ride's Drive Point: the first face-down one of `player`'s
    /// evolve deck goes to their drive zone, linked to `follower`.
    pub(crate) fn pay_drive_point(&mut self, player: PlayerId, follower: CardRef) {
        let Some(point) = self.unused_drive_point(player) else {
            return;
        };
        self.move_card(point, player, Zone::Drive, Place::Top, MoveCause::Cost);
        self.apply(Mutation::LinkDrivePoint { point, follower });
    }

    /// Gives `card` Drive (CR 14.4.7.3). Returns whether it was given: not
    /// to a card off the field, nor to an object given Drive before.
    pub(crate) fn give_drive(&mut self, card: CardRef, source: Option<CardRef>) -> bool {
        let state = self.state.card(card);
        if state.zone != Zone::Field || state.given_drive {
            return false;
        }
        self.add_effect(
            card,
            EffectKind::Keywords(Keywords::DRIVE | Keywords::SINGLE_DRIVE | Keywords::RUSH),
            Duration::WhileInZone,
            source,
        );
        self.apply(Mutation::GiveDrive(card));
        true
    }
}
