//! Keywords: printed keywords (rules-coverage.md §13) and the internal passive flags
//! card text is lowered to (rules-coverage.md §13.14), as one bit set.

use bitflags::bitflags;
use serde::{Deserialize, Serialize};

bitflags! {
    /// A set of keywords a card has. Printed ones come from the card data,
    /// the rest from effects and passive abilities.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
    pub struct Keywords: u32 {
        /// §13.1: attackers must pick an engaged Ward follower.
        const WARD = 1 << 0;
        /// §13.2: may attack (leaders too) the turn it enters.
        const STORM = 1 << 1;
        /// §13.3: may attack followers the turn it enters.
        const RUSH = 1 << 2;
        /// §13.4: may attack reserved followers.
        const ASSAIL = 1 << 3;
        /// §13.5: can't be chosen as an attack target.
        const INTIMIDATE = 1 << 4;
        /// §13.6: attack damage it deals heals its leader.
        const DRAIN = 1 << 5;
        /// §13.7: destroys the followers it fights.
        const BANE = 1 << 6;
        /// §13.8: the opponent can't select it.
        const AURA = 1 << 7;
        /// §13.9: may be played in the opponent's Quick windows.
        const QUICK = 1 << 8;
        /// The attacker ignores Ward.
        const IGNORE_WARD = 1 << 9;
        /// The card is put onto the field engaged.
        const PUT_ON_FIELD_ENGAGED = 1 << 10;
        /// Deals combat damage equal to its defense.
        const USE_DEF_AS_ATK = 1 << 11;
        /// Runecraft followers in the cemetery count for Spellchain.
        const RUNE_FOLLOWERS_FOR_SPELLCHAIN = 1 << 12;
        /// Can't be destroyed by abilities (Bane included, CR 11.3.2.1).
        const CANNOT_DESTROY_BY_ABILITIES = 1 << 13;
        /// Can't attack.
        const CANNOT_ATTACK = 1 << 14;
        /// Can't attack leaders.
        const CANNOT_ATTACK_LEADERS = 1 << 15;
        /// Deals 1 more damage when fighting or attacking.
        const PLUS1_DAMAGE = 1 << 16;
        /// Deals 2 more damage.
        const PLUS2_DAMAGE = 1 << 17;
        /// Deals 3 more damage.
        const PLUS3_DAMAGE = 1 << 18;
        /// Deals 4 more damage.
        const PLUS4_DAMAGE = 1 << 19;
        /// Takes 1 less combat damage.
        const DAMAGE_REDUCTION1 = 1 << 20;
        /// Takes 1 less ability damage.
        const DAMAGE_REDUCTION_ABILITIES1 = 1 << 21;
        /// Deals no combat damage.
        const CANNOT_DEAL_DAMAGE = 1 << 22;
        /// Takes no damage at all.
        const DOES_NOT_TAKE_DAMAGE = 1 << 23;
        /// Takes no combat damage.
        const DOES_NOT_TAKE_COMBAT_DAMAGE = 1 << 24;
        /// Deals double damage to followers in combat.
        const DOUBLE_COMBAT_DAMAGE = 1 << 25;
        /// Deals double damage to leaders.
        const DOUBLE_LEADER_DAMAGE = 1 << 26;
        /// An amulet with Stack counters (rules-coverage.md §2.4).
        const STACK = 1 << 27;
        /// Has an Earth Rite cost (marker only).
        const EARTH_RITE = 1 << 28;
    }
}

/// Keyword names as the card data and SVE Script write them.
const NAMES: &[(&str, Keywords)] = &[
    ("Ward", Keywords::WARD),
    ("Storm", Keywords::STORM),
    ("Rush", Keywords::RUSH),
    ("Assail", Keywords::ASSAIL),
    ("Intimidate", Keywords::INTIMIDATE),
    ("Drain", Keywords::DRAIN),
    ("Bane", Keywords::BANE),
    ("Aura", Keywords::AURA),
    ("Quick", Keywords::QUICK),
    ("IgnoreWard", Keywords::IGNORE_WARD),
    ("PutOnFieldEngaged", Keywords::PUT_ON_FIELD_ENGAGED),
    ("UseDefAsAtk", Keywords::USE_DEF_AS_ATK),
    (
        "RuneFollowersForSpellchain",
        Keywords::RUNE_FOLLOWERS_FOR_SPELLCHAIN,
    ),
    (
        "CannotDestroyByAbilities",
        Keywords::CANNOT_DESTROY_BY_ABILITIES,
    ),
    ("CannotAttack", Keywords::CANNOT_ATTACK),
    ("CannotAttackLeaders", Keywords::CANNOT_ATTACK_LEADERS),
    ("Plus1Damage", Keywords::PLUS1_DAMAGE),
    ("Plus2Damage", Keywords::PLUS2_DAMAGE),
    ("Plus3Damage", Keywords::PLUS3_DAMAGE),
    ("Plus4Damage", Keywords::PLUS4_DAMAGE),
    ("DamageReduction1", Keywords::DAMAGE_REDUCTION1),
    (
        "DamageReductionAbilities1",
        Keywords::DAMAGE_REDUCTION_ABILITIES1,
    ),
    ("CannotDealDamage", Keywords::CANNOT_DEAL_DAMAGE),
    ("DoesNotTakeDamage", Keywords::DOES_NOT_TAKE_DAMAGE),
    (
        "DoesNotTakeCombatDamage",
        Keywords::DOES_NOT_TAKE_COMBAT_DAMAGE,
    ),
    ("DoubleCombatDamage", Keywords::DOUBLE_COMBAT_DAMAGE),
    ("DoubleLeaderDamage", Keywords::DOUBLE_LEADER_DAMAGE),
    ("Stack", Keywords::STACK),
    ("EarthRite", Keywords::EARTH_RITE),
];

impl Keywords {
    /// Looks a keyword up by its card-data name. `Cant`/`Doesnt` spellings
    /// are accepted as the community writes them (`CantAttack`).
    pub fn parse(name: &str) -> Option<Keywords> {
        let normalised = name.replace("Cant", "Cannot").replace("Doesnt", "DoesNot");
        NAMES
            .iter()
            .find(|(n, _)| *n == normalised)
            .map(|(_, k)| *k)
    }

    /// The names of the keywords in this set, in a fixed order.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        NAMES
            .iter()
            .filter(move |(_, k)| self.contains(*k))
            .map(|(n, _)| *n)
    }

    /// Extra damage this card deals from the `PlusNDamage` flags.
    pub fn plus_damage(self) -> i32 {
        let mut n = 0;
        for (flag, amount) in [
            (Keywords::PLUS1_DAMAGE, 1),
            (Keywords::PLUS2_DAMAGE, 2),
            (Keywords::PLUS3_DAMAGE, 3),
            (Keywords::PLUS4_DAMAGE, 4),
        ] {
            if self.contains(flag) {
                n += amount;
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_cant_alias() {
        assert_eq!(Keywords::parse("Ward"), Some(Keywords::WARD));
        assert_eq!(Keywords::parse("CantAttack"), Some(Keywords::CANNOT_ATTACK));
        assert_eq!(Keywords::parse("Wrath"), None);
        let set = Keywords::WARD | Keywords::BANE;
        assert_eq!(set.names().collect::<Vec<_>>(), ["Ward", "Bane"]);
    }
}
