//! Look-back information (rules-coverage.md §11.4, CR 10.7.4.1): abilities
//! that trigger on a card leaving the field read the card as it was there,
//! not as it is where it went. A card that changes zones is a new object
//! that has lost its effects, damage, engaged state and evolved card
//! (CR 4.1.4), so what the triggers need is kept before it moves.

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
