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
//!
//! A hook may also ask how the card moved ([`MoveWays`]): "whenever you
//! discard" is a move from the hand to the cemetery by a discard, which a
//! spell played from the hand is not.

use super::CardFilter;
use crate::engine::{MoveCause, Zone};
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

/// How a card moved, as a hook asks: bit n for the n-th way below; the
/// empty set means any way.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct MoveWays(pub u32);

impl MoveWays {
    /// Any way (a hook that does not ask).
    pub const ANY: MoveWays = MoveWays(0);
    /// Destroyed (by an ability, an attack or 0 defense).
    pub const DESTROYED: MoveWays = MoveWays(1 << 0);
    /// Discarded from the hand (as a cost too).
    pub const DISCARDED: MoveWays = MoveWays(1 << 1);
    /// Banished (as a cost too).
    pub const BANISHED: MoveWays = MoveWays(1 << 2);
    /// Put into the cemetery without being destroyed or discarded (buried,
    /// as a cost too).
    pub const BURIED: MoveWays = MoveWays(1 << 3);
    /// Returned to the hand (as a cost too).
    pub const RETURNED: MoveWays = MoveWays(1 << 4);
    /// Played: a card played, or a spell that resolved.
    pub const PLAYED: MoveWays = MoveWays(1 << 5);
    /// Every way a hook can name.
    pub const KNOWN: MoveWays = MoveWays((1 << 6) - 1);

    /// The way a move by `cause` into `to` is (none of the named ways for
    /// draws, setup, rules handling and the like).
    pub fn of_move(cause: MoveCause, to: Zone) -> MoveWays {
        match cause {
            MoveCause::Destroy { .. } => MoveWays::DESTROYED,
            MoveCause::Discard => MoveWays::DISCARDED,
            MoveCause::Banish => MoveWays::BANISHED,
            MoveCause::Bury => MoveWays::BURIED,
            MoveCause::ReturnToHand => MoveWays::RETURNED,
            MoveCause::Play | MoveCause::SpellResolved => MoveWays::PLAYED,
            // A cost's cards go where the cost says.
            MoveCause::Cost => match to {
                Zone::Cemetery => MoveWays::BURIED,
                Zone::Banished => MoveWays::BANISHED,
                Zone::Hand => MoveWays::RETURNED,
                _ => MoveWays(0),
            },
            _ => MoveWays(0),
        }
    }

    /// Whether a hook asking for these ways answers a move made `way`.
    pub fn admits(self, way: MoveWays) -> bool {
        self.0 == 0 || self.0 & way.0 != 0
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
    /// Other cards' moves and this card's own too ("whenever this
    /// follower or another follower of yours leaves the field",
    /// later-sets §11.1): its own as `this_card` reads them, whatever
    /// `whose` and `filter` say. Only without `this_card` and `per_batch`
    /// (card loaders refuse the rest, [`MoveHook::problem`]).
    #[serde(default)]
    pub with_this_card: bool,
    /// Once for all the matching cards of a batch of moves ("whenever 1 or
    /// more cards ...", later-sets §11.1), with their number as the
    /// ability's amount; otherwise once per card.
    #[serde(default)]
    pub per_batch: bool,
    /// How the card must have moved ([`MoveWays::ANY`]: any way).
    #[serde(default)]
    pub how: MoveWays,
}

impl MoveHook {
    /// What is wrong with the hook's options together, if anything.
    pub fn problem(&self) -> Option<&'static str> {
        if !self.with_this_card {
            None
        } else if self.this_card {
            Some("a move hook watching only its own card can't also watch it with the others")
        } else if self.per_batch {
            Some("a once-per-batch move hook can't also watch its own card")
        } else {
            None
        }
    }

    /// Whether the hook answers a move from `from` to `to` by `cause`, as
    /// the engine reports it, of a card that came into `from` from
    /// `came_from` (see the module docs for the resolution zone).
    pub fn answers(&self, from: Zone, to: Zone, came_from: Option<Zone>, cause: MoveCause) -> bool {
        if !self.how.admits(MoveWays::of_move(cause, to)) {
            return false;
        }
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
