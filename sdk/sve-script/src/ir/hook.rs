//! An `OnMove` ability's `moves` line (IR 7): which card moves trigger it.
//! Kept as a cost marker ([`Cost::Moves`](super::Cost::Moves)) so that the
//! IR change is an append.

use super::names::{HookWhose, HookZone};
use serde::{Deserialize, Serialize};

/// A set of [`HookZone`]s: bit n for the zone `HookZone::ALL` lists n-th;
/// empty means any zone.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct HookZones(pub u16);

impl HookZones {
    /// Any zone.
    pub const ANY: HookZones = HookZones(0);

    /// The set with this zone added.
    pub fn with(self, zone: HookZone) -> HookZones {
        HookZones(self.0 | HookZones::bit(zone))
    }

    /// The zones in the set, in `HookZone::ALL` order (none: any zone).
    pub fn zones(self) -> impl Iterator<Item = HookZone> {
        HookZone::ALL
            .iter()
            .copied()
            .filter(move |zone| self.0 & HookZones::bit(*zone) != 0)
    }

    fn bit(zone: HookZone) -> u16 {
        let n = HookZone::ALL
            .iter()
            .position(|z| *z == zone)
            .unwrap_or_default();
        1 << n
    }
}

/// "Whenever a card moves from one of `from` to one of `to`" (the
/// `moves` line of an `OnMove` ability; the ability's `filter` line says
/// which cards).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct MoveHook {
    /// The zones the card leaves.
    pub from: HookZones,
    /// The zones the card enters.
    pub to: HookZones,
    /// Whose cards, from the ability's card's point of view.
    pub whose: HookWhose,
    /// Only this card's own moves (`ThisCard`); otherwise other cards'
    /// moves, watched from the field.
    pub this_card: bool,
    /// Once per batch of cards moved together (`Batch`), with their number
    /// as the amount `_`; otherwise once per card.
    pub per_batch: bool,
}

/// How a card must have moved for an `OnMove` ability (IR 9, the `moves`
/// line's `Destroyed`, `Discarded`, `Banished`, `Buried`, `Returned` and
/// `Played` options): bit n for the n-th of [`HookWays::NAMES`]; empty
/// means any way. Kept in its own cost marker
/// ([`Cost::MovedHow`](super::Cost::MovedHow)), so IR 7's `MoveHook` stays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct HookWays(pub u8);

impl HookWays {
    /// The ways' words, in bit order (the card API's `move-ways` bits).
    pub const NAMES: [&'static str; 6] = [
        "Destroyed",
        "Discarded",
        "Banished",
        "Buried",
        "Returned",
        "Played",
    ];

    /// The way a word names, as a set of one.
    pub fn named(word: &str) -> Option<HookWays> {
        let n = HookWays::NAMES.iter().position(|name| *name == word)?;
        Some(HookWays(1 << n))
    }
}

impl std::fmt::Display for HookWays {
    /// As a `moves` line writes them: `Discarded, Destroyed` (bit order).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = HookWays::NAMES
            .iter()
            .enumerate()
            .filter(|(n, _)| self.0 & (1 << n) != 0)
            .map(|(_, name)| *name)
            .collect();
        f.write_str(&names.join(", "))
    }
}

impl std::fmt::Display for HookZones {
    /// As a `moves` line writes it: `Field|ExArea`, or `Any`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self.zones().map(HookZone::name).collect();
        if names.is_empty() {
            f.write_str("Any")
        } else {
            f.write_str(&names.join("|"))
        }
    }
}

impl std::fmt::Display for MoveHook {
    /// As a `moves` line writes it: `Hand to Cemetery, Yours, Batch`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} to {}, {}", self.from, self.to, self.whose)?;
        if self.this_card {
            f.write_str(", ThisCard")?;
        }
        if self.per_batch {
            f.write_str(", Batch")?;
        }
        Ok(())
    }
}
