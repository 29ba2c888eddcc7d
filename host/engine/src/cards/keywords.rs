//! Keywords: printed keywords (rules-coverage.md §13) and the internal passive flags
//! card text is lowered to (rules-coverage.md §13.14), as one bit set.

use serde::{Deserialize, Serialize};

sve_vocab::for_each_keyword!(sve_vocab::keywords_bitflags;
    /// A set of keywords a card has. Printed ones come from the card data,
    /// the rest from effects and passive abilities. The bits are declared
    /// once, in `sve_vocab::for_each_keyword!`; 64 bits leave room to grow.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
    pub struct Keywords
);

impl Keywords {
    /// Looks a keyword up by its card-data name. `Cant`/`Doesnt` spellings
    /// are accepted as the community writes them (`CantAttack`).
    pub fn parse(name: &str) -> Option<Keywords> {
        let normalised = name.replace("Cant", "Cannot").replace("Doesnt", "DoesNot");
        Keywords::named(&normalised)
    }

    /// The card-data name of a set of exactly one keyword
    /// (`Keywords::DRAIN` is `"Drain"`), usable in constants; `None` for
    /// an empty set or several keywords.
    pub const fn single_name(self) -> Option<&'static str> {
        let mut i = 0;
        while i < sve_vocab::KEYWORDS.len() {
            let info = &sve_vocab::KEYWORDS[i];
            if self.bits() == 1 << info.bit {
                return Some(info.name);
            }
            i += 1;
        }
        None
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
        assert_eq!(Keywords::DRAIN.single_name(), Some("Drain"));
        assert_eq!(set.single_name(), None);
        assert_eq!(Keywords::empty().single_name(), None);
    }
}
