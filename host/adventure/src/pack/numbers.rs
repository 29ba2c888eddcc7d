//! Numbers a pack sets: the `[balance]` table of its `adventure.toml`.
//!
//! A pack may change any number of a run, as a balance file does, under
//! `[balance]`: `[balance.light.dark]` with `gold_percent = 200`,
//! `[balance.map]` with `floors = 12`, `[[balance.encounters.tiers]]` for
//! its own encounter table. Only the tables of numbers are open to it
//! ([`NUMBER_TABLES`]); relics, scenarios, statuses and rarities have their
//! own lists at the top of the file.
//!
//! Each value the pack names (a leaf: a number, a string, or a whole array
//! such as the encounter tiers) replaces the balance's; tables merge key
//! by key. Packs go in load order over the balance the run starts from
//! (the shipped one or `--balance`), so a pack's number wins over the
//! balance file's; two packs setting one number to different values is an
//! error, as is a pack replacing the encounter tiers after an earlier pack
//! added decks to them. Every problem names the pack's file and the line of
//! the key.

use crate::balance::{Balance, BalanceError};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt;

/// The balance tables a pack's `[balance]` may set numbers in.
pub const NUMBER_TABLES: [&str; 8] = [
    "map",
    "odds",
    "light",
    "player",
    "encounters",
    "rewards",
    "shop",
    "heal",
];

/// A number a pack set, where it set it.
#[derive(Clone, Debug, PartialEq)]
pub struct PackNumber {
    /// The pack's adventure file.
    pub file: String,
    /// The 1-based line of its key, when found.
    pub line: Option<usize>,
    /// Its path in the balance, as `light.dark.gold_percent`.
    pub path: String,
    /// The value it set.
    pub value: toml::Value,
}

impl fmt::Display for PackNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{line}: {} = {}", self.file, self.path, self.value),
            None => write!(f, "{}: {} = {}", self.file, self.path, self.value),
        }
    }
}

/// What the packs added so far claim: the numbers they set and whether
/// one added encounter decks, so a later pack can't undo an earlier one's
/// in silence.
#[derive(Clone, Debug, Default)]
pub struct PackClaims {
    numbers: Vec<PackNumber>,
    encounters_from: Option<String>,
}

impl PackClaims {
    /// Every number the packs set, in the order they set them.
    pub fn numbers(&self) -> &[PackNumber] {
        &self.numbers
    }

    /// Records that the pack in `file` added encounter decks to the tiers.
    pub(crate) fn added_encounters(&mut self, file: &str) {
        if self.encounters_from.is_none() {
            self.encounters_from = Some(file.to_owned());
        }
    }

    /// Records the numbers one pack set.
    pub(crate) fn extend(&mut self, numbers: Vec<PackNumber>) {
        self.numbers.extend(numbers);
    }
}

/// Lays a pack's `[balance]` table (`table`, from `text` in `file`) over
/// `balance`, checking it against what earlier packs set (`claims`); the
/// numbers it set, or the first problem. `balance` is left as it was on an
/// error.
pub(crate) fn overlay(
    balance: &mut Balance,
    table: &toml::Table,
    text: &str,
    file: &str,
    claims: &PackClaims,
) -> Result<Vec<PackNumber>, BalanceError> {
    let lines = KeyLines::new(text);
    let mut next = balance.clone();
    let mut set = Vec::new();
    for (name, value) in table {
        let at = |path: &[&str]| {
            let mut full = vec!["balance", name.as_str()];
            full.extend_from_slice(path);
            lines.line(&full)
        };
        let fail = |path: &[&str], message: String| BalanceError::new(file, at(path), message);
        if !NUMBER_TABLES.contains(&name.as_str()) {
            let hint = match name.as_str() {
                "relics" | "scenarios" | "statuses" => format!(
                    "[balance.{name}]: a pack adds its {name} with [[{name}]] at the top of adventure.toml"
                ),
                "rarities" => {
                    "[balance.rarities]: a pack gives rarities with [rarities] at the top of adventure.toml"
                        .to_owned()
                }
                _ => format!(
                    "[balance.{name}] is no table of numbers; a pack may set {}",
                    NUMBER_TABLES.join(", ")
                ),
            };
            return Err(fail(&[], hint));
        }
        let Some(section) = value.as_table() else {
            return Err(fail(&[], format!("balance.{name} must be a table")));
        };
        let mut leaves = Vec::new();
        flatten(section, &mut Vec::new(), &mut leaves);
        for (path, value) in &leaves {
            let keys: Vec<&str> = path.iter().map(String::as_str).collect();
            let full = format!("{name}.{}", path.join("."));
            if let Some(other) = claims
                .numbers
                .iter()
                .find(|number| number.path == full && number.file != file)
                && other.value != *value
            {
                return Err(fail(
                    &keys,
                    format!(
                        "{full} = {value} here, but {} sets it to {} (two packs can't set one number two ways)",
                        other_place(other),
                        other.value
                    ),
                ));
            }
            if full == "encounters.tiers"
                && let Some(other) = &claims.encounters_from
                && other != file
            {
                return Err(fail(
                    &keys,
                    format!(
                        "this pack replaces the encounter tiers, but {other}, loaded before it, added decks to them"
                    ),
                ));
            }
            set.push(PackNumber {
                file: file.to_owned(),
                line: at(&keys),
                path: full,
                value: value.clone(),
            });
        }
        let section_fail = |leaf: Option<&[String]>, message: String| {
            let keys: Vec<&str> =
                leaf.map_or(Vec::new(), |path| path.iter().map(String::as_str).collect());
            fail(&keys, message)
        };
        match name.as_str() {
            "map" => set_section(&mut next.map, name, &leaves, &section_fail)?,
            "odds" => set_section(&mut next.odds, name, &leaves, &section_fail)?,
            "light" => set_section(&mut next.light, name, &leaves, &section_fail)?,
            "player" => set_section(&mut next.player, name, &leaves, &section_fail)?,
            "encounters" => set_section(&mut next.encounters, name, &leaves, &section_fail)?,
            "rewards" => set_section(&mut next.rewards, name, &leaves, &section_fail)?,
            "shop" => set_section(&mut next.shop, name, &leaves, &section_fail)?,
            "heal" => set_section(&mut next.heal, name, &leaves, &section_fail)?,
            // OK since the name was checked against NUMBER_TABLES above.
            _ => unreachable!("balance.{name} passed the table check"),
        }
    }
    *balance = next;
    Ok(set)
}

/// A number's place for a message: `file:line`, or the file.
fn other_place(number: &PackNumber) -> String {
    match number.line {
        Some(line) => format!("{}:{line}", number.file),
        None => number.file.clone(),
    }
}

/// Every leaf of `table` (a value that is not a table; arrays are leaves
/// whole) with its key path.
fn flatten(table: &toml::Table, path: &mut Vec<String>, out: &mut Vec<(Vec<String>, toml::Value)>) {
    for (key, value) in table {
        path.push(key.clone());
        match value.as_table() {
            Some(inner) => flatten(inner, path, out),
            None => out.push((path.clone(), value.clone())),
        }
        path.pop();
    }
}

/// Sets `leaves` in one section of the balance. On a value the section
/// refuses, the leaf without which it reads is named (else the section).
fn set_section<T: Serialize + DeserializeOwned>(
    section: &mut T,
    name: &str,
    leaves: &[(Vec<String>, toml::Value)],
    fail: &dyn Fn(Option<&[String]>, String) -> BalanceError,
) -> Result<(), BalanceError> {
    let base = toml::Table::try_from(&*section)
        .map_err(|e| fail(None, format!("balance.{name} can't be written out: {e}")))?;
    let merged = |skip: Option<usize>| -> Result<T, toml::de::Error> {
        let mut table = base.clone();
        for (idx, (path, value)) in leaves.iter().enumerate() {
            if Some(idx) != skip {
                insert(&mut table, path, value.clone());
            }
        }
        toml::Value::Table(table).try_into()
    };
    match merged(None) {
        Ok(value) => {
            *section = value;
            Ok(())
        }
        Err(error) => {
            let message = error.message().trim().to_owned();
            let culprit = (0..leaves.len()).find(|idx| merged(Some(*idx)).is_ok());
            Err(match culprit.and_then(|idx| leaves.get(idx)) {
                Some((path, _)) => fail(
                    Some(path),
                    format!("balance.{name}.{}: {message}", path.join(".")),
                ),
                None => fail(None, format!("balance.{name}: {message}")),
            })
        }
    }
}

/// Sets `value` at `path` in `table`, making the tables on the way.
fn insert(table: &mut toml::Table, path: &[String], value: toml::Value) {
    let Some((last, parents)) = path.split_last() else {
        return;
    };
    let mut here = table;
    for key in parents {
        let entry = here
            .entry(key.clone())
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        if !entry.is_table() {
            *entry = toml::Value::Table(toml::Table::new());
        }
        let Some(inner) = entry.as_table_mut() else {
            return;
        };
        here = inner;
    }
    here.insert(last.clone(), value);
}

/// The lines of a file's keys, read with their spans.
struct KeyLines<'a> {
    text: &'a str,
    doc: Option<toml::Spanned<toml::de::DeTable<'a>>>,
}

impl<'a> KeyLines<'a> {
    fn new(text: &'a str) -> KeyLines<'a> {
        KeyLines {
            text,
            doc: toml::de::DeTable::parse(text).ok(),
        }
    }

    /// The 1-based line of the key at `path` (the deepest key found on the
    /// way, if the whole path is not there).
    fn line(&self, path: &[&str]) -> Option<usize> {
        let mut table = self.doc.as_ref()?.get_ref();
        let mut found = None;
        for key in path {
            let (spanned_key, value) = table
                .iter()
                .find(|(name, _)| name.get_ref().as_ref() == *key)?;
            found = Some(spanned_key.span().start);
            match value.get_ref() {
                toml::de::DeValue::Table(inner) => table = inner,
                _ => break,
            }
        }
        let offset = found?;
        Some(
            self.text
                .get(..offset)
                .map_or(1, |before| before.matches('\n').count() + 1),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::{PackClaims, overlay};
    use crate::balance::Balance;

    fn table(text: &str) -> toml::Table {
        let doc: toml::Table = toml::from_str(text).expect("TOML");
        doc.get("balance")
            .and_then(toml::Value::as_table)
            .cloned()
            .expect("a [balance] table")
    }

    fn lay(balance: &mut Balance, text: &str, file: &str, claims: &mut PackClaims) -> String {
        match overlay(balance, &table(text), text, file, claims) {
            Ok(numbers) => {
                claims.extend(numbers);
                String::new()
            }
            Err(error) => error.to_string(),
        }
    }

    #[test]
    fn a_packs_numbers_replace_the_balances_and_keep_the_rest() {
        let text = "[balance.light.dark]\ngold_percent = 200\n\n[balance.map]\nfloors = 12\n\n[[balance.encounters.tiers]]\nfrom_floor = 1\nbot = \"easy\"\ndefense = 10\ndecks = [\"SD02\"]\n";
        let mut balance = Balance::default();
        let mut claims = PackClaims::default();
        assert_eq!(lay(&mut balance, text, "p.toml", &mut claims), "");
        let shipped = Balance::default();
        assert_eq!(balance.light.dark.gold_percent, 200);
        assert_eq!(balance.light.dark.card_picks, shipped.light.dark.card_picks);
        assert_eq!(balance.light.lit, shipped.light.lit);
        assert_eq!(balance.map.floors, 12);
        assert_eq!(balance.map.columns, shipped.map.columns);
        assert_eq!(balance.encounters.tiers.len(), 1);
        assert_eq!(balance.encounters.tiers[0].decks, ["SD02"]);
        assert_eq!(balance.encounters.boss_deck, shipped.encounters.boss_deck);
        let mut said: Vec<String> = claims.numbers().iter().map(ToString::to_string).collect();
        // Tables iterate in key order, or in file order with toml's
        // preserve_order feature: sort for either.
        said.sort_by_key(|line| line.split(": ").nth(1).map(str::to_owned));
        assert_eq!(
            said,
            [
                "p.toml:7: encounters.tiers = [{ bot = \"easy\", decks = [\"SD02\"], defense = 10, from_floor = 1 }]",
                "p.toml:2: light.dark.gold_percent = 200",
                "p.toml:5: map.floors = 12",
            ]
        );
    }

    #[test]
    fn a_new_table_of_numbers_can_be_made_whole() {
        let text = "[balance.rewards.rarity]\nbronze = [70, 30]\nsilver = [20, 30]\ngold = [8, 25]\nlegendary = [2, 15]\n";
        let mut balance = Balance::default();
        assert_eq!(
            lay(&mut balance, text, "p.toml", &mut PackClaims::default()),
            ""
        );
        let odds = balance.rewards.rarity.expect("rarity odds");
        assert_eq!(odds.legendary, [2, 15]);
    }

    #[test]
    fn a_bad_number_names_its_line_and_changes_nothing() {
        let cases = [
            (
                "[balance.map]\ncolumns = 7\nfloors = \"many\"\n",
                "p.toml:3: balance.map.floors: invalid type: string \"many\", expected u8",
            ),
            (
                "[balance.light.dark]\ngold_percnt = 200\n",
                "p.toml:2: balance.light.dark.gold_percnt: unknown field `gold_percnt`",
            ),
            (
                "[balance]\nodds.fight = 3\n\n[balance.scenarios]\nx = 1\n",
                "p.toml:4: [balance.scenarios]: a pack adds its scenarios with [[scenarios]]",
            ),
            (
                "[balance.lights]\ntorch_radius = 2\n",
                "p.toml:1: [balance.lights] is no table of numbers",
            ),
            (
                "[balance]\nshop = 3\n",
                "p.toml:2: balance.shop must be a table",
            ),
        ];
        for (text, want) in cases {
            let mut balance = Balance::default();
            let got = lay(&mut balance, text, "p.toml", &mut PackClaims::default());
            assert!(got.starts_with(want), "{got}\nwanted {want}");
            assert_eq!(balance, Balance::default(), "nothing set: {got}");
        }
    }

    #[test]
    fn two_packs_setting_one_number_two_ways_is_an_error() {
        let mut balance = Balance::default();
        let mut claims = PackClaims::default();
        let a = "[balance.shop]\ntorch_price = 20\n";
        assert_eq!(lay(&mut balance, a, "a.toml", &mut claims), "");
        // The same value again is no conflict.
        assert_eq!(lay(&mut balance, a, "b.toml", &mut claims), "");
        let c = "\n[balance.shop]\ntorch_price = 50\n";
        assert_eq!(
            lay(&mut balance, c, "c.toml", &mut claims),
            "c.toml:3: shop.torch_price = 50 here, but a.toml:2 sets it to 20 (two packs can't set one number two ways)"
        );
        assert_eq!(balance.shop.torch_price, 20);
    }

    #[test]
    fn replacing_tiers_another_pack_added_decks_to_is_an_error() {
        let mut balance = Balance::default();
        let mut claims = PackClaims::default();
        claims.added_encounters("a.toml");
        let text = "[[balance.encounters.tiers]]\nfrom_floor = 1\nbot = \"easy\"\ndefense = 10\ndecks = [\"SD02\"]\n";
        let got = lay(&mut balance, text, "b.toml", &mut claims);
        assert!(
            got.starts_with("b.toml:1: this pack replaces the encounter tiers, but a.toml"),
            "{got}"
        );
    }
}
