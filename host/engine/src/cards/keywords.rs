//! Keywords: printed keywords (rules-coverage.md §13), the internal passive flags
//! card text is lowered to (rules-coverage.md §13.14), and the keywords packs
//! declare (`cards/declared.rs`), as one bit set.

use serde::{Deserialize, Serialize};

sve_vocab::for_each_keyword!(sve_vocab::keywords_bitflags;
    /// A set of keywords a card has. Printed ones come from the card data,
    /// the rest from effects and passive abilities. The low 64 bits are the
    /// built-in keywords, declared once in `sve_vocab::for_each_keyword!`
    /// (the card API's `keywords` bits); the high 64 are the card pool's
    /// declared keywords, bit 64 + n for [`CardDb::declared_keyword`]
    /// number n.
    ///
    /// [`CardDb::declared_keyword`]: crate::cards::CardDb::declared_keyword
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
    pub struct Keywords: u128
);

impl Keywords {
    /// The set of the built-in keywords whose vocabulary bits are set
    /// in `bits` (unknown bits kept: callers check with
    /// [`Keywords::unknown_builtin`]).
    pub const fn from_builtin(bits: u64) -> Keywords {
        Keywords::from_bits_retain(bits as u128)
    }

    /// The set of the card pool's declared keywords whose numbers are the
    /// set bits of `bits`.
    pub const fn from_declared(bits: u64) -> Keywords {
        Keywords::from_bits_retain((bits as u128) << 64)
    }

    /// The card pool's declared keyword number `n` (below 64).
    pub const fn declared(n: u8) -> Keywords {
        Keywords::from_bits_retain(1 << (64 + n as u32))
    }

    /// The built-in keywords, as the card API's `keywords` bits.
    pub const fn builtin_bits(self) -> u64 {
        // OK: the low half, by definition.
        self.bits() as u64
    }

    /// The declared keywords, bit n for the pool's declared keyword n.
    pub const fn declared_bits(self) -> u64 {
        // OK: the high half, by definition.
        (self.bits() >> 64) as u64
    }

    /// The numbers of the declared keywords in this set, ascending.
    pub fn declared_numbers(self) -> impl Iterator<Item = u8> {
        // One step per keyword in the set, not per possible number: asked
        // of every passive source at every reading.
        let mut bits = self.declared_bits();
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                // OK: below 64, a u64's bit number.
                let n = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                n
            })
        })
    }

    /// The built-in bits this set has that the vocabulary doesn't know.
    pub const fn unknown_builtin(self) -> u64 {
        self.builtin_bits() & !Keywords::all().builtin_bits()
    }

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
