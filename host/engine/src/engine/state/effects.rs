//! Persistent effects (rules-coverage.md §12.8, CR 10.9): modifiers with a duration,
//! applied to one card object or to a player.

use crate::cards::Keywords;
use crate::engine::ids::{CardRef, ObjectId, PlayerId};
use serde::{Deserialize, Serialize};

/// A persistent effect on one card object.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Effect {
    /// The card it applies to.
    pub card: CardRef,
    /// The object it applies to; the effect ends when the card changes zones.
    pub object: ObjectId,
    /// What it does.
    pub kind: EffectKind,
    /// How long it lasts.
    pub duration: Duration,
    /// The card whose ability created it.
    pub source: Option<CardRef>,
    /// Creation order (CR 10.9.1.4).
    pub timestamp: u32,
    /// The turn it was made in (set when it is added): an effect lasting
    /// until the end of the opponent's next turn made in that opponent's
    /// own turn outlasts it.
    #[serde(default)]
    pub created_turn: u32,
}

/// What a persistent effect changes.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum EffectKind {
    /// Attack and defense modifiers ("+X/+Y").
    Stats {
        /// Attack change.
        attack: i32,
        /// Defense change.
        defense: i32,
    },
    /// Gains keywords.
    Keywords(Keywords),
    /// Cost change (negative = cheaper).
    Cost(i32),
    /// Evolve cost change (negative = cheaper).
    EvolveCost(i32),
    /// The evolve cost becomes this (later changes still apply).
    SetEvolveCost(i32),
    /// Gains a trait: an index into [`GameState::granted_traits`](super::GameState::granted_traits).
    Trait(u16),
}

/// How long an effect lasts (rules-coverage.md §12.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Duration {
    /// While the card stays in its zone.
    WhileInZone,
    /// Until the end of the current turn (end phase step 8).
    EndOfTurn,
    /// Until the end of the next turn of `controller`'s opponent: the first
    /// turn of theirs that begins after the effect was made.
    EndOfOpponentNextTurn {
        /// Controller of the effect.
        controller: PlayerId,
    },
}
