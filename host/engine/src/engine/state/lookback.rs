//! Look-back information (rules-coverage.md §11.4, CR 10.7.4.1): abilities
//! that trigger on a card leaving the field read the card as it was there,
//! not as it is where it went. A card that changes zones is a new object
//! that has lost its effects, damage, engaged state and evolved card
//! (CR 4.1.4), so what the triggers need is kept before it moves.
//!
//! What card code reads of such a card ("deal damage equal to its attack"
//! in its Last Words, later-sets §11.1 LB-4) is kept as well, for the rest
//! of the turn and while the card stays where it went ([`LastKnown`]).

use super::AbilityUses;
use super::GameState;
use super::query::Characteristics;
use crate::cards::CardDb;
use crate::engine::ids::{CardRef, DefId, ObjectId, PlayerId};

/// A card as it was on the field, just before it left.
#[derive(Clone, Debug, PartialEq)]
pub struct LookBack {
    /// The card.
    pub card: CardRef,
    /// The object it was on the field.
    pub object: ObjectId,
    /// Who controlled it there.
    pub controller: PlayerId,
    /// The definition it used there: its evolved card's while evolved.
    pub def: DefId,
    /// Its characteristics there, effects and passives applied.
    pub stats: Characteristics,
    /// Its traits there, given ones included.
    pub traits: Vec<String>,
    /// Whether it was engaged.
    pub engaged: bool,
    /// Its once-per-turn uses there (for its own "another card" triggers).
    pub ability_uses: AbilityUses,
}

impl GameState {
    /// A card's look-back information, read now (before it moves).
    pub fn look_back(&self, db: &CardDb, card: CardRef) -> LookBack {
        let state = self.card(card);
        LookBack {
            card,
            object: state.object,
            controller: state.controller,
            def: self.current_def_id(card),
            stats: self.characteristics(db, card),
            traits: self.traits(db, card),
            engaged: state.engaged,
            ability_uses: state.ability_uses,
        }
    }
}

/// At most this many cards' last-known information is kept (the oldest
/// goes first); it is forgotten when a turn begins.
pub const MAX_LAST_KNOWN: usize = 32;

/// A card that left the field this turn, as it was there, and the object it
/// became where it went: the information holds while the card is still
/// that object.
#[derive(Clone, Debug, PartialEq)]
pub struct LastKnown {
    /// The card as it was on the field.
    pub was: LookBack,
    /// The object it became when it left.
    pub became: ObjectId,
}

impl GameState {
    /// A card's last-known information (later-sets §11.1): as it was on
    /// the field, if it left the field this turn and has not moved since.
    pub fn last_known(&self, card: CardRef) -> Option<&LookBack> {
        let object = self.card(card).object;
        self.last_known
            .iter()
            .rev()
            .find(|known| known.was.card == card && known.became == object)
            .map(|known| &known.was)
    }

    /// Keeps a card's look-back as its last-known information, now that it
    /// left the field and became its current object.
    pub(crate) fn keep_last_known(&mut self, was: LookBack) {
        if self.last_known.len() >= MAX_LAST_KNOWN {
            self.last_known.remove(0);
        }
        let became = self.card(was.card).object;
        self.last_known.push(LastKnown { was, became });
    }
}
