//! What a card carries beside its placement: its counters and the
//! once-per-turn abilities it has used. Both are small fixed-size values,
//! so a [`CardState`](super::CardState) is plain data (`Copy`) and cloning
//! a match's card arena is one copy, not a hundred small vectors (bots
//! clone the match thousands of times per decision).
//!
//! Both serialize as the lists they replaced (`[(kind, n), …]` and
//! `[(ability, turn), …]`), so saved states read the same.

use crate::cards::Counter;
use crate::engine::ids::AbilityIdx;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// How many built-in counter kinds there are.
const KINDS: usize = Counter::ALL.len();

/// How many kinds of declared counter one card can carry at once (the
/// later-sets plan, Q3); a fifth kind is refused by name
/// ([`Counters::has_room`]).
pub const DECLARED_KINDS_PER_CARD: usize = 4;

/// A card's counters: a count per kind.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Counters {
    // Indexed by `Counter::index` (the built-in kinds are numbered 0.. in
    // order; a test checks it).
    counts: [u32; KINDS],
    // Declared kinds as (kind number, count), sorted by number, with the
    // free slots (count 0) at the end: one content, one representation,
    // so equal counters compare equal.
    declared: [(u8, u32); DECLARED_KINDS_PER_CARD],
}

impl Counters {
    /// How many counters of `kind` the card has.
    pub fn get(&self, kind: Counter) -> u32 {
        match kind {
            Counter::Declared(n) => self
                .declared
                .iter()
                .find(|(k, count)| *k == n && *count > 0)
                .map_or(0, |(_, count)| *count),
            builtin => self.counts[usize::from(builtin.index())],
        }
    }

    /// Whether the card can hold counters of `kind`: always for a built-in
    /// kind and for a declared kind it has, else while it has fewer than
    /// [`DECLARED_KINDS_PER_CARD`] declared kinds.
    pub fn has_room(&self, kind: Counter) -> bool {
        match kind {
            Counter::Declared(n) => self
                .declared
                .iter()
                .any(|(k, count)| *count == 0 || *k == n),
            _ => true,
        }
    }

    /// Sets the number of counters of `kind`; `false` (and no change) when
    /// the card has no room for a new declared kind.
    pub fn set(&mut self, kind: Counter, count: u32) -> bool {
        let Counter::Declared(n) = kind else {
            self.counts[usize::from(kind.index())] = count;
            return true;
        };
        if !self.has_room(kind) {
            return false;
        }
        let mut slots: Vec<(u8, u32)> = self
            .declared
            .iter()
            .copied()
            .filter(|(k, c)| *c > 0 && *k != n)
            .collect();
        if count > 0 {
            slots.push((n, count));
        }
        slots.sort_unstable();
        self.declared = [(0, 0); DECLARED_KINDS_PER_CARD];
        for (slot, pair) in self.declared.iter_mut().zip(slots) {
            *slot = pair;
        }
        true
    }

    /// The kinds the card has counters of, with their numbers, in kind
    /// order (built-in kinds first).
    pub fn iter(&self) -> impl Iterator<Item = (Counter, u32)> + '_ {
        let builtin = Counter::ALL.iter().map(|kind| (*kind, self.get(*kind)));
        let declared = self
            .declared
            .iter()
            .map(|(n, count)| (Counter::Declared(*n), *count));
        builtin.chain(declared).filter(|(_, n)| *n > 0)
    }

    /// Whether the card has no counters.
    pub fn is_empty(&self) -> bool {
        self.iter().next().is_none()
    }

    /// Removes every counter.
    pub fn clear(&mut self) {
        *self = Counters::default();
    }
}

impl FromIterator<(Counter, u32)> for Counters {
    /// Counters from `(kind, n)` pairs; a kind named twice adds up.
    fn from_iter<I: IntoIterator<Item = (Counter, u32)>>(pairs: I) -> Counters {
        let mut counters = Counters::default();
        for (kind, n) in pairs {
            // A fifth declared kind has no room (card definitions are
            // checked for it when the pool is built).
            let _ = counters.set(kind, counters.get(kind).saturating_add(n));
        }
        counters
    }
}

impl std::fmt::Debug for Counters {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for Counters {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Counters {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Counters, D::Error> {
        let pairs = Vec::<(Counter, u32)>::deserialize(deserializer)?;
        Ok(pairs.into_iter().collect())
    }
}

/// The once-per-turn abilities a card has used, and in which turn: only
/// the uses of one turn are kept, the latest, which is all the rules ask
/// about ("has it been used this turn?"). Its own abilities are counted by
/// their index; the once-per-turn ability of declared keyword n the card
/// has, by [`AbilityUses::key`] (64 + n: a keyword has at most one).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct AbilityUses {
    /// The turn the uses below are from.
    turn: u32,
    /// A bit per ability index: a card has at most
    /// [`MAX_ABILITIES`](crate::cards::MAX_ABILITIES) abilities (the card
    /// database refuses more).
    used: u64,
    /// A bit per declared keyword (key 64 + n). Two `u64`s, not a `u128`:
    /// a `u128` would align every `CardState` to 16 bytes, and states are
    /// copied before every ability run.
    keyword_used: u64,
}

impl AbilityUses {
    /// What the uses of ability `ability` of definition `def` are counted
    /// by: its index for a card's own, 64 + n for declared keyword n's
    /// (`cards/declared.rs`: its one once-per-turn ability).
    pub fn key(def: crate::engine::DefId, ability: AbilityIdx) -> AbilityIdx {
        match crate::cards::CardDb::keyword_of_def(def) {
            // OK: below 64 + MAX_DECLARED_KEYWORDS (64), within a u8.
            Some(n) => AbilityIdx(crate::cards::MAX_ABILITIES as u8 + n),
            None => ability,
        }
    }

    /// Records that `ability` was used in `turn`. Uses from an earlier
    /// turn are forgotten.
    pub fn record(&mut self, ability: AbilityIdx, turn: u32) {
        if turn != self.turn {
            *self = AbilityUses {
                turn,
                used: 0,
                keyword_used: 0,
            };
        }
        let (own, keyword) = Self::bits(ability);
        self.used |= own;
        self.keyword_used |= keyword;
    }

    /// Whether `ability` was used in `turn`.
    pub fn used_in(&self, ability: AbilityIdx, turn: u32) -> bool {
        let (own, keyword) = Self::bits(ability);
        self.turn == turn && (self.used & own != 0 || self.keyword_used & keyword != 0)
    }

    /// The abilities used, with the turn of their use, in index order.
    pub fn iter(&self) -> impl Iterator<Item = (AbilityIdx, u32)> + '_ {
        (0..128u8)
            .map(AbilityIdx)
            .filter(|a| self.used_in(*a, self.turn))
            .map(|a| (a, self.turn))
    }

    /// Whether no use is recorded.
    pub fn is_empty(&self) -> bool {
        self.used == 0 && self.keyword_used == 0
    }

    /// Forgets every use (the card became a new object).
    pub fn clear(&mut self) {
        *self = AbilityUses::default();
    }

    /// The bits of an ability's key: (own, keyword); none past the last
    /// keyword's.
    fn bits(ability: AbilityIdx) -> (u64, u64) {
        let key = u32::from(ability.0);
        let own = 1u64.checked_shl(key).unwrap_or(0);
        let keyword = key
            .checked_sub(crate::cards::MAX_ABILITIES as u32)
            .and_then(|n| 1u64.checked_shl(n))
            .unwrap_or(0);
        (own, keyword)
    }
}

impl std::fmt::Debug for AbilityUses {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for AbilityUses {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for AbilityUses {
    /// Reads a list of `(ability, turn)` uses, keeping the latest turn's.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<AbilityUses, D::Error> {
        let pairs = Vec::<(AbilityIdx, u32)>::deserialize(deserializer)?;
        let latest = pairs.iter().map(|(_, turn)| *turn).max().unwrap_or(0);
        let mut uses = AbilityUses::default();
        for (ability, turn) in pairs {
            if turn == latest {
                uses.record(ability, turn);
            }
        }
        Ok(uses)
    }
}

#[cfg(test)]
mod tests {
    use super::{AbilityUses, Counters};
    use crate::cards::Counter;
    use crate::engine::ids::AbilityIdx;

    #[test]
    fn counter_kinds_are_numbered_in_order_from_zero() {
        for (position, kind) in Counter::ALL.iter().enumerate() {
            assert_eq!(usize::from(kind.index()), position, "{kind:?}");
        }
    }

    #[test]
    fn counters_count_per_kind_and_read_back_as_the_old_list() {
        let mut counters = Counters::default();
        assert!(counters.is_empty());
        counters.set(Counter::Spell, 2);
        counters.set(Counter::Stack, 3);
        assert_eq!(counters.get(Counter::Spell), 2);
        assert_eq!(
            counters.iter().collect::<Vec<_>>(),
            [(Counter::Stack, 3), (Counter::Spell, 2)]
        );
        let json = serde_json::to_string(&counters).expect("serializes");
        let old_list: Vec<(Counter, u32)> = serde_json::from_str(&json).expect("a list of pairs");
        assert_eq!(old_list, [(Counter::Stack, 3), (Counter::Spell, 2)]);
        let back: Counters = serde_json::from_str(&json).expect("reads back");
        assert_eq!(back, counters);
        counters.clear();
        assert!(counters.is_empty());
    }

    #[test]
    fn ability_uses_keep_only_the_latest_turn() {
        let mut uses = AbilityUses::default();
        uses.record(AbilityIdx(0), 3);
        uses.record(AbilityIdx(63), 3);
        assert!(uses.used_in(AbilityIdx(0), 3));
        assert!(uses.used_in(AbilityIdx(63), 3));
        assert!(!uses.used_in(AbilityIdx(1), 3));
        assert!(!uses.used_in(AbilityIdx(0), 4));
        uses.record(AbilityIdx(1), 5);
        assert!(!uses.used_in(AbilityIdx(0), 5), "turn 3's use is gone");
        assert_eq!(uses.iter().collect::<Vec<_>>(), [(AbilityIdx(1), 5)]);
        // An old saved list with several turns reads as its latest turn.
        let old = "[[0,3],[2,5],[1,5]]";
        let read: AbilityUses = serde_json::from_str(old).expect("reads");
        assert_eq!(
            read.iter().collect::<Vec<_>>(),
            [(AbilityIdx(1), 5), (AbilityIdx(2), 5)]
        );
        uses.clear();
        assert!(uses.is_empty());
    }
}
