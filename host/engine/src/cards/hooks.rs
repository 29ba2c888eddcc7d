//! Generic trigger hooks (the later-sets plan, §2.1 "generic hooks over
//! special cases"): a pack's automatic ability that answers any card move,
//! from any zones to any zones, without an engine change per mechanic
//! (later-sets §13: "whenever a card leaves your EX area").
//!
//! A move hook answers the moves of one card at a time, or once per batch
//! of cards moved together (`per_batch`, `engine/actions/batch.rs`). Playing a card
//! passes it through the resolution zone; a hook reads such a move as one,
//! from the zone it was played from to where it lands (hand → field for a
//! follower played from the hand), unless the hook names the resolution
//! zone itself.

use super::CardFilter;
use crate::engine::Zone;
use serde::{Deserialize, Serialize};

/// A set of zones: bit n for the zone `Zone` lists n-th.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct ZoneSet(pub u32);

impl ZoneSet {
    /// No zone (a hook reads it as "any zone").
    pub const ANY: ZoneSet = ZoneSet(0);

    /// The set of these zones.
    pub fn of(zones: &[Zone]) -> ZoneSet {
        ZoneSet(
            zones
                .iter()
                .fold(0, |bits, zone| bits | ZoneSet::bit(*zone)),
        )
    }

    /// The zone's bit.
    pub fn bit(zone: Zone) -> u32 {
        1 << (zone as u32)
    }

    /// Whether the set holds the zone; the empty set holds every zone.
    pub fn admits(self, zone: Zone) -> bool {
        self.0 == 0 || self.0 & ZoneSet::bit(zone) != 0
    }

    /// Whether the set names the zone itself (not as "any zone").
    pub fn names(self, zone: Zone) -> bool {
        self.0 & ZoneSet::bit(zone) != 0
    }
}

/// Whose cards a hook watches, from the point of view of the card with the
/// hook.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum Whose {
    /// Cards you own.
    #[default]
    Yours,
    /// Cards your opponent owns.
    Opponents,
    /// Anyone's.
    Anyone,
}

/// "Whenever a card moves from one of `from` to one of `to`": an automatic
/// ability's trigger.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct MoveHook {
    /// The zones the card leaves ([`ZoneSet::ANY`]: any).
    pub from: ZoneSet,
    /// The zones the card enters ([`ZoneSet::ANY`]: any).
    pub to: ZoneSet,
    /// Whose cards.
    pub whose: Whose,
    /// Which cards: read where the card was when it leaves the field (as it
    /// was there, CR 10.7.4.1), else where it is now.
    pub filter: CardFilter,
    /// Only this card's own moves (the hook's card watches itself, from
    /// any zone); otherwise other cards' moves, watched from the field.
    pub this_card: bool,
    /// Once for all the matching cards of a batch of moves ("whenever 1 or
    /// more cards ...", later-sets §11.1), with their number as the
    /// ability's amount; otherwise once per card.
    #[serde(default)]
    pub per_batch: bool,
}

impl MoveHook {
    /// Whether the hook answers a move from `from` to `to`, as the
    /// engine reports it, of a card that came into `from` from
    /// `came_from` (see the module docs for the resolution zone).
    pub fn answers(&self, from: Zone, to: Zone, came_from: Option<Zone>) -> bool {
        if to == Zone::Resolution && !self.to.names(Zone::Resolution) {
            return false;
        }
        let from = match (from, came_from) {
            (Zone::Resolution, Some(before)) if !self.from.names(Zone::Resolution) => before,
            _ => from,
        };
        self.from.admits(from) && self.to.admits(to)
    }
}
