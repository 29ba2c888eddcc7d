//! Small identifiers shared by every part of the engine.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the two players. `PlayerId(0)` is the first seat of the match
/// (not necessarily the player who goes first).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// Both players, seat order.
    pub const BOTH: [PlayerId; 2] = [PlayerId(0), PlayerId(1)];

    /// The other player.
    pub fn opponent(self) -> PlayerId {
        PlayerId(1 - self.0)
    }

    /// Index into per-player arrays.
    pub fn idx(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0 + 1)
    }
}

/// A physical card of the match (a slot in the card arena). It stays the same
/// while the card moves between zones; see [`ObjectId`] for rules identity.
///
/// 32 bits and made only through [`CardRef::from_idx`], which checks: a
/// match holds at most [`MAX_CARD_OBJECTS`] cards, so refs never wrap and
/// a new card never aliases an old one.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct CardRef(pub u32);

/// Most card objects (deck cards, leaders and tokens) one match may hold.
/// Two legal decks hold at most 2 × (50 + 10 + 1) = 122 cards; the rest is
/// room for tokens. A token past the limit is not created, and the
/// ability that asked for it fizzles (see `AbilityCtx`).
pub const MAX_CARD_OBJECTS: usize = 2000;

/// Most main- and evolve-deck cards one seat starts a match with (a legal
/// deck has at most 60): two seats use at most half of
/// [`MAX_CARD_OBJECTS`], the rest is room for tokens.
pub const MAX_DECK_OBJECTS: usize = 500;

impl CardRef {
    /// Index into the card arena.
    pub fn idx(self) -> usize {
        self.0 as usize
    }

    /// The ref of arena slot `idx`, if it fits in 32 bits.
    pub fn from_idx(idx: usize) -> Option<CardRef> {
        u32::try_from(idx).ok().map(CardRef)
    }
}

impl fmt::Display for CardRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// The rules identity of a card: a card that changes zones becomes a new
/// object (rules-coverage.md §0.4, CR 4.1.4), so effects, damage and "this card"
/// references tied to the old object stop applying.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct ObjectId(pub u32);

/// Index of a card definition in the [`CardDb`](crate::cards::CardDb).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct DefId(pub u16);

impl DefId {
    /// Index into the definition table.
    pub fn idx(self) -> usize {
        self.0 as usize
    }
}

/// Index of an ability within its card definition.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct AbilityIdx(pub u8);
