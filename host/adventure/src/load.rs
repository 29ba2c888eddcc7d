//! A new run's balance, loaded the one way every front end loads it (the
//! terminal's `sve adventure new` and `sim`, the client's Adventure
//! screen): a balance file, or the shipped numbers without one, checked
//! against the decks and cards loaded, then the loaded packs'
//! `adventure.toml` added in load order ([`crate::pack`]).
//!
//! The front end reads the balance file's text (with its own reader of
//! outside files) and hands it in with the name errors show; every
//! problem after that is a [`BalanceError`] naming the file and, where it
//! can, the line. Nothing is changed on an error: the caller gets no
//! balance and starts no run.

use crate::balance::{Balance, BalanceError};
use crate::pack::{Lookups, PackNumber};
use std::path::PathBuf;

/// What [`SHIPPED`] errors name as their file.
pub const SHIPPED: &str = "shipped balance";

/// A balance file's text and the name its errors show (its path).
#[derive(Clone, Copy, Debug)]
pub struct BalanceFile<'a> {
    /// The file's name in errors.
    pub file: &'a str,
    /// Its text.
    pub text: &'a str,
}

/// A new run's balance and the numbers the packs set over it.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadedBalance {
    /// The balance the run plays.
    pub balance: Balance,
    /// Each number a pack's `[balance]` set, for the player to see.
    pub pack_numbers: Vec<PackNumber>,
}

/// The balance of a new run: `file`'s (the shipped numbers without one),
/// checked against the decks and cards `lookups` knows, with the adventure
/// files of the packs in `pack_dirs` added in that order.
pub fn run_balance(
    file: Option<BalanceFile<'_>>,
    pack_dirs: &[PathBuf],
    lookups: Lookups<'_>,
) -> Result<LoadedBalance, BalanceError> {
    let balance = match file {
        None => {
            let balance = Balance::default();
            balance.check("", SHIPPED, lookups.deck_exists)?;
            balance
        }
        Some(BalanceFile { file, text }) => {
            let balance = Balance::from_toml(text, file, lookups.deck_exists)?;
            balance.check_cards(text, file, lookups.card_exists)?;
            balance
        }
    };
    let (balance, pack_numbers) = balance.with_packs(pack_dirs, lookups)?;
    tracing::debug!(
        packs = pack_dirs.len(),
        pack_numbers = pack_numbers.len(),
        "adventure balance loaded"
    );
    Ok(LoadedBalance {
        balance,
        pack_numbers,
    })
}

#[cfg(test)]
mod tests {
    use super::{BalanceFile, run_balance};
    use crate::balance::Balance;
    use crate::pack::Lookups;

    fn lookups_all() -> Lookups<'static> {
        Lookups {
            deck_exists: &|_| true,
            card_exists: &|_| true,
        }
    }

    #[test]
    fn without_a_file_a_run_plays_the_shipped_numbers() {
        let loaded = run_balance(None, &[], lookups_all()).expect("the shipped balance");
        assert_eq!(loaded.balance, Balance::default());
        assert!(loaded.pack_numbers.is_empty());
    }

    #[test]
    fn a_file_sets_its_numbers_over_the_shipped_ones() {
        let text = "[map]\nfloors = 6\n";
        let file = BalanceFile {
            file: "short.toml",
            text,
        };
        let loaded = run_balance(Some(file), &[], lookups_all()).expect("a balance");
        assert_eq!(loaded.balance.map.floors, 6);
        assert_eq!(loaded.balance.odds, Balance::default().odds);
    }

    #[test]
    fn a_bad_file_names_its_file_and_line() {
        let text = "[map]\ncolumns = 7\nfloors = \"many\"\n";
        let file = BalanceFile {
            file: "bad.toml",
            text,
        };
        let error = run_balance(Some(file), &[], lookups_all()).expect_err("a bad number");
        assert_eq!((error.file(), error.line()), ("bad.toml", Some(3)));
        assert!(error.to_string().starts_with("bad.toml:3: "), "{error}");
    }

    #[test]
    fn a_card_no_pack_has_is_an_error_at_its_line() {
        let text = "[rarities]\n\"NOPE-001\" = \"gold\"\n";
        let file = BalanceFile {
            file: "cards.toml",
            text,
        };
        let lookups = Lookups {
            deck_exists: &|_| true,
            card_exists: &|id| id != "NOPE-001",
        };
        let error = run_balance(Some(file), &[], lookups).expect_err("an unknown card");
        assert_eq!(error.line(), Some(2), "{error}");
    }
}
