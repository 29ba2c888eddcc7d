//! Adventure content from packs: a pack folder's `adventure.toml` adds
//! relics, scenarios (random events), statuses and encounter decks to the
//! balance, as the pack's cards join the card pool (docs/adventure.md,
//! "What packs add").
//!
//! The file is TOML with these lists and tables, each optional:
//!
//! - `[[relics]]`, `[[scenarios]]`, `[[statuses]]`, `[[special_fights]]`:
//!   as in a balance file ([`crate::balance`], [`crate::status`]); a relic
//!   or status may name a card of the loaded packs to put onto the field in
//!   every fight, a special fight its own deck and special cards.
//! - `[[encounters]]`: `deck` (a `decks/NAME.txt` of a loaded pack, or a
//!   bundled deck), added to the fights of the tiers whose floors meet
//!   `from_floor..=to_floor` (1 and the floor below the boss by default).
//! - `[rarities]`: the pack's cards' rarities for rewards
//!   (`"ADV-010" = "gold"`, [`crate::rarity`]).
//! - `[balance]`: numbers over the balance's, in its tables (map, odds,
//!   light, player, encounters, rewards, shop, heal), as a balance file
//!   sets them ([`numbers`]).
//!
//! Everything is checked before anything is added: every problem is a
//! [`BalanceError`] naming the pack's file and the line, an id another
//! pack or the balance already uses included. Packs are added in the
//! order given, so the result doesn't depend on the file system.
//!
//! This module reads the one file it is about; the packs themselves (cards,
//! code, decks) are the front end's to load.

use crate::balance::{
    Balance, BalanceError, RelicDef, Scenario, SpecialFight, check_card_refs, check_content,
    check_rarity_cards, check_special_cards, check_special_fights,
};
use crate::rarity::Rarity;
use crate::status::StatusDef;
use serde::{Deserialize, Serialize};
use std::io::Read as _;
use std::path::{Path, PathBuf};

pub mod numbers;

pub use numbers::{NUMBER_TABLES, PackClaims, PackNumber};

/// The file a pack's adventure content is in, at the pack folder's top.
pub const FILE_NAME: &str = "adventure.toml";

/// The most bytes a pack's adventure file may have.
pub const MAX_PACK_FILE_BYTES: u64 = 256 * 1024;

/// A pack's adventure content, as its file says.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PackAdventure {
    /// Relics the run's unique events and scenarios may give.
    pub relics: Vec<RelicDef>,
    /// Choice scenarios random rooms may hold.
    pub scenarios: Vec<Scenario>,
    /// Statuses relics and scenarios may give.
    pub statuses: Vec<StatusDef>,
    /// Encounter decks added to the fights of some floors.
    pub encounters: Vec<PackEncounter>,
    /// Special fights unique events may hold, as in a balance file.
    pub special_fights: Vec<SpecialFight>,
    /// Card rarities, by card id.
    pub rarities: std::collections::BTreeMap<String, Rarity>,
    /// Numbers over the balance's (`[balance]`, [`numbers`]).
    pub balance: Option<toml::Table>,
}

/// An encounter deck a pack adds (`[[encounters]]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackEncounter {
    /// The deck, by name.
    pub deck: String,
    /// The first floor it may be fought on (1 by default).
    #[serde(default = "first_floor")]
    pub from_floor: u8,
    /// The last floor (inclusive; the floor below the boss by default).
    #[serde(default)]
    pub to_floor: Option<u8>,
}

fn first_floor() -> u8 {
    1
}

/// What pack content is checked against: the decks and cards loaded.
#[derive(Clone, Copy)]
pub struct Lookups<'a> {
    /// Whether a deck of that name can be found.
    pub deck_exists: &'a dyn Fn(&str) -> bool,
    /// Whether a card of that id is loaded.
    pub card_exists: &'a dyn Fn(&str) -> bool,
}

impl std::fmt::Debug for Lookups<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Lookups")
    }
}

/// The adventure file of the pack in `dir`: its path (for messages) and
/// text, or `None` when the pack has none.
pub fn read_pack_file(dir: &Path) -> Result<Option<(String, String)>, BalanceError> {
    let path = dir.join(FILE_NAME);
    let shown = path.display().to_string();
    let fail = |message: String| BalanceError::new(&shown, None, message);
    let metadata = match std::fs::metadata(&path) {
        Ok(metadata) => metadata,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(fail(error.to_string())),
    };
    if !metadata.is_file() {
        return Err(fail("not a regular file".to_owned()));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(&path)
        .and_then(|file| file.take(MAX_PACK_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|error| fail(error.to_string()))?;
    if bytes.len() as u64 > MAX_PACK_FILE_BYTES {
        return Err(fail(format!("more than {MAX_PACK_FILE_BYTES} bytes")));
    }
    let text = String::from_utf8(bytes).map_err(|error| {
        let line = String::from_utf8_lossy(&bytes_before(&error))
            .matches('\n')
            .count()
            + 1;
        BalanceError::new(&shown, Some(line), "not UTF-8 text".to_owned())
    })?;
    Ok(Some((shown, text)))
}

/// The bytes of a UTF-8 error's input before the first bad byte.
fn bytes_before(error: &std::string::FromUtf8Error) -> Vec<u8> {
    let valid = error.utf8_error().valid_up_to();
    error.as_bytes().get(..valid).unwrap_or_default().to_vec()
}

impl Balance {
    /// This balance with the adventure files of the packs in `dirs` added,
    /// in that order (packs without one add nothing), and the numbers the
    /// packs set ([`numbers`]), for the player to see.
    pub fn with_packs(
        mut self,
        dirs: &[PathBuf],
        lookups: Lookups<'_>,
    ) -> Result<(Balance, Vec<PackNumber>), BalanceError> {
        let mut claims = PackClaims::default();
        for dir in dirs {
            if let Some((file, text)) = read_pack_file(dir)? {
                self.add_pack(&text, &file, lookups, &mut claims)?;
            }
        }
        Ok((self, claims.numbers().to_vec()))
    }

    /// Adds a pack's adventure file (`text`, named `file` in errors) once
    /// all of it checks, after the packs `claims` holds; on an error
    /// nothing is added. The pack's numbers come first, so its lists are
    /// checked against them (an encounter's floors against its map).
    pub fn add_pack(
        &mut self,
        text: &str,
        file: &str,
        lookups: Lookups<'_>,
        claims: &mut PackClaims,
    ) -> Result<(), BalanceError> {
        let pack: PackAdventure = toml::from_str(text).map_err(|e| {
            let line = e.span().map_or(1, |span| {
                text.get(..span.start)
                    .map_or(1, |before| before.matches('\n').count() + 1)
            });
            BalanceError::new(file, Some(line), e.message().trim().to_owned())
        })?;
        let before = self.clone();
        let added = self.add_checked(pack, text, file, lookups, claims);
        if added.is_err() {
            *self = before;
        }
        added
    }

    /// [`Balance::add_pack`] once the file is read: changes `self` as it
    /// goes, which the caller undoes on an error.
    fn add_checked(
        &mut self,
        pack: PackAdventure,
        text: &str,
        file: &str,
        lookups: Lookups<'_>,
        claims: &mut PackClaims,
    ) -> Result<(), BalanceError> {
        let fail =
            |needle: &str, message: String| BalanceError::located(file, text, needle, message);
        let numbers = match &pack.balance {
            Some(table) => numbers::overlay(self, table, text, file, claims)?,
            None => Vec::new(),
        };
        if !numbers.is_empty() {
            // The numbers must still make a playable run.
            self.check(text, file, lookups.deck_exists)?;
        }
        let quoted = |id: &str| format!("\"{id}\"");
        for relic in &pack.relics {
            if self.relic(&relic.id).is_some() {
                return Err(fail(
                    &quoted(&relic.id),
                    format!(
                        "relic `{}` is already defined (by the balance or another pack)",
                        relic.id
                    ),
                ));
            }
        }
        for scenario in &pack.scenarios {
            if self.scenarios.iter().any(|s| s.id == scenario.id) {
                return Err(fail(
                    &quoted(&scenario.id),
                    format!(
                        "scenario `{}` is already defined (by the balance or another pack)",
                        scenario.id
                    ),
                ));
            }
        }
        for status in &pack.statuses {
            if self.status(&status.id).is_some() {
                return Err(fail(
                    &quoted(&status.id),
                    format!(
                        "status `{}` is already defined (by the balance or another pack)",
                        status.id
                    ),
                ));
            }
        }
        check_content(
            &pack.relics,
            &pack.scenarios,
            &pack.statuses,
            &|id| self.relic(id).is_some() || pack.relics.iter().any(|r| r.id == id),
            &|id| self.status(id).is_some() || pack.statuses.iter().any(|s| s.id == id),
            &fail,
        )?;
        check_card_refs(&pack.relics, &pack.statuses, lookups.card_exists, &fail)?;
        check_special_fights(
            &pack.special_fights,
            &self.special_fights,
            lookups.deck_exists,
            &fail,
        )?;
        check_special_cards(&pack.special_fights, lookups.card_exists, &fail)?;
        check_rarity_cards(&pack.rarities, lookups.card_exists, &fail)?;
        for (card, rarity) in &pack.rarities {
            if self.rarities.get(card).is_some_and(|set| set != rarity) {
                return Err(fail(
                    &format!("\"{card}\""),
                    format!(
                        "card `{card}` already has another rarity (from the balance or another pack)"
                    ),
                ));
            }
        }
        let mut tiers = self.encounters.tiers.clone();
        for encounter in &pack.encounters {
            self.add_encounter(&mut tiers, encounter, lookups, &fail)?;
        }
        self.encounters.tiers = tiers;
        self.relics.extend(pack.relics);
        self.scenarios.extend(pack.scenarios);
        self.statuses.extend(pack.statuses);
        self.special_fights.extend(pack.special_fights);
        self.rarities.extend(pack.rarities);
        claims.extend(numbers);
        if !pack.encounters.is_empty() {
            claims.added_encounters(file);
        }
        Ok(())
    }

    /// Adds one encounter deck to the tiers whose floors meet its own.
    fn add_encounter(
        &self,
        tiers: &mut [crate::balance::Tier],
        encounter: &PackEncounter,
        lookups: Lookups<'_>,
        fail: &dyn Fn(&str, String) -> BalanceError,
    ) -> Result<(), BalanceError> {
        let here = format!("\"{}\"", encounter.deck);
        if !(lookups.deck_exists)(&encounter.deck) {
            return Err(fail(
                &here,
                format!("encounter deck `{}` doesn't exist", encounter.deck),
            ));
        }
        // The boss's floor has its own deck: fights end a floor below.
        let last_fight_floor = self.map.floors.saturating_sub(1);
        let from = encounter.from_floor;
        let to = encounter.to_floor.unwrap_or(last_fight_floor);
        if from < 1 || to < from || to > last_fight_floor {
            return Err(fail(
                &here,
                format!(
                    "encounter deck `{}`: floors {from} to {to} are not within 1 to {last_fight_floor}",
                    encounter.deck
                ),
            ));
        }
        let starts: Vec<u8> = tiers.iter().map(|tier| tier.from_floor).collect();
        let mut added = false;
        for (idx, tier) in tiers.iter_mut().enumerate() {
            let tier_end = starts
                .get(idx + 1)
                .map_or(last_fight_floor, |next| next.saturating_sub(1));
            if tier.from_floor <= to && from <= tier_end {
                if !tier.decks.contains(&encounter.deck) {
                    tier.decks.push(encounter.deck.clone());
                }
                added = true;
            }
        }
        if !added {
            return Err(fail(
                &here,
                format!(
                    "encounter deck `{}`: no encounter tier holds floors {from} to {to}",
                    encounter.deck
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{Lookups, PackClaims};
    use crate::balance::Balance;

    fn starter(name: &str) -> bool {
        sve_engine::decks::starter_deck(name).is_some() || name == "PACK-DECK"
    }

    fn card(id: &str) -> bool {
        id == "ADV-001"
    }

    const LOOKUPS: Lookups<'static> = Lookups {
        deck_exists: &starter,
        card_exists: &card,
    };

    const PACK: &str = r#"
[[statuses]]
id = "burn"
name = "Burn"
text = "2 damage a turn."
leader_damage = 2

[[relics]]
id = "idol"
name = "Idol"
text = "A card on your field."
card = "ADV-001"

[[relics]]
id = "brand"
name = "Brand"
text = "The enemy burns."
status = { status = "burn", target = "enemy", turns = 2 }

[[scenarios]]
id = "fire-pit"
text = "A pit of coals."

[[scenarios.options]]
label = "Walk through"
status = { status = "burn", turns = 1 }

[[encounters]]
deck = "PACK-DECK"
from_floor = 7

[[special_fights]]
id = "idol-keeper"
name = "The Idol Keeper"
text = "Its idol watches you."
deck = "PACK-DECK"
bot = "medium"
defense = 22
cards = ["ADV-001"]

[rarities]
"ADV-001" = "gold"
"#;

    #[test]
    fn a_pack_adds_relics_scenarios_statuses_and_encounter_decks() {
        let mut balance = Balance::default();
        let before = balance.clone();
        balance
            .add_pack(
                PACK,
                "pack/adventure.toml",
                LOOKUPS,
                &mut PackClaims::default(),
            )
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(balance.relics.len(), before.relics.len() + 2);
        assert_eq!(balance.scenarios.len(), before.scenarios.len() + 1);
        assert!(balance.status("burn").is_some());
        assert_eq!(
            balance.relic("idol").and_then(|r| r.card.as_deref()),
            Some("ADV-001")
        );
        // Floors 7 on: the first tier (1 to 5) is untouched, the second
        // (6 on) fights the pack's deck too.
        let tiers = &balance.encounters.tiers;
        assert!(!tiers[0].decks.contains(&"PACK-DECK".to_owned()));
        assert!(tiers[1].decks.contains(&"PACK-DECK".to_owned()));
        assert_eq!(
            balance.rarities.get("ADV-001"),
            Some(&crate::rarity::Rarity::Gold)
        );
        let keeper = balance.special_fight("idol-keeper").expect("added");
        assert_eq!((keeper.deck.as_str(), keeper.defense), ("PACK-DECK", 22));
        assert_eq!(keeper.cards, ["ADV-001"]);
        assert_eq!(
            balance.special_fights.len(),
            before.special_fights.len() + 1
        );
        balance
            .check("", "merged", &starter)
            .unwrap_or_else(|e| panic!("{e}"));
    }

    #[test]
    fn a_special_fights_missing_deck_card_or_bot_names_its_line() {
        let fight = |deck: &str, bot: &str, card: &str| {
            format!(
                "[[special_fights]]\nid = \"keeper\"\nname = \"Keeper\"\ntext = \"t\"\ndeck = \"{deck}\"\nbot = \"{bot}\"\ndefense = 20\ncards = [\"{card}\"]\n"
            )
        };
        for (text, line, words) in [
            (
                fight("NO-DECK", "easy", "ADV-001"),
                5,
                "deck `NO-DECK` doesn't exist",
            ),
            (fight("PACK-DECK", "oracle", "ADV-001"), 6, "hidden cards"),
            (fight("PACK-DECK", "easy", "ADV-999"), 8, "card `ADV-999`"),
            (fight("hoard-wyrm", "easy", "ADV-999"), 8, "card `ADV-999`"),
        ] {
            let mut balance = Balance::default();
            let before = balance.clone();
            let err = balance
                .add_pack(&text, "p.toml", LOOKUPS, &mut PackClaims::default())
                .expect_err("a bad special fight");
            assert_eq!(err.line(), Some(line), "{err}");
            assert!(err.message().contains(words), "{err}");
            assert_eq!(balance, before, "nothing added");
        }
        let taken = fight("PACK-DECK", "easy", "ADV-001").replace("keeper", "hoard-wyrm");
        let err = Balance::default()
            .add_pack(&taken, "p.toml", LOOKUPS, &mut PackClaims::default())
            .expect_err("the shipped balance has it");
        assert!(err.message().contains("already defined"), "{err}");
    }

    #[test]
    fn a_pack_error_names_the_file_and_line_and_adds_nothing() {
        let cases: [(&str, usize, &str); 10] = [
            // Numbers that leave the run without its boss's deck.
            ("[balance.encounters]\nboss_deck = \"NOPE\"\n", 2, "NOPE"),
            // Numbers that leave a map too short.
            ("[balance.map]\nfloors = 2\n", 2, "floors must be 3 to 60"),
            // A rarity for a card no pack has.
            ("[rarities]\n\"ZZZ-1\" = \"gold\"\n", 2, "ZZZ-1"),
            // A rarity that isn't one.
            (
                "[rarities]\n\"ADV-001\" = \"mythic\"\n",
                2,
                "unknown variant",
            ),
            // An id the balance has.
            (
                "[[relics]]\nid = \"oak-heart\"\nname = \"x\"\ntext = \"x\"\neffect = { torches = 1 }\n",
                2,
                "already defined",
            ),
            // A deck that doesn't exist.
            ("[[encounters]]\ndeck = \"NOPE\"\n", 2, "NOPE"),
            // A scenario with no options.
            (
                "[[scenarios]]\nid = \"empty\"\ntext = \"nothing\"\noptions = []\n",
                2,
                "no options",
            ),
            // A status nobody defines.
            (
                "[[relics]]\nid = \"r\"\nname = \"r\"\ntext = \"r\"\nstatus = { status = \"plague\", turns = 2 }\n",
                5,
                "plague",
            ),
            // A card no pack has.
            (
                "[[statuses]]\nid = \"s\"\nname = \"s\"\ntext = \"s\"\ncard = \"ZZZ-9\"\n",
                5,
                "ZZZ-9",
            ),
            // A syntax error.
            ("[[relics]]\nid = 3\n", 2, "invalid type"),
        ];
        for (text, line, needle) in cases {
            let mut balance = Balance::default();
            let err = balance
                .add_pack(
                    text,
                    "p/adventure.toml",
                    LOOKUPS,
                    &mut PackClaims::default(),
                )
                .expect_err(needle);
            assert_eq!(
                (err.file(), err.line()),
                ("p/adventure.toml", Some(line)),
                "{err}"
            );
            assert!(err.to_string().contains(needle), "{err}");
            assert_eq!(balance, Balance::default(), "nothing added: {err}");
        }
    }

    #[test]
    fn a_packs_numbers_come_before_its_lists() {
        // The pack's map is 20 floors high: its encounter deck may be
        // fought on floor 18, which the shipped map (15) doesn't have.
        let text = "[balance.map]\nfloors = 20\n\n[balance.light.dark]\ngold_percent = 250\n\n[[encounters]]\ndeck = \"PACK-DECK\"\nfrom_floor = 18\n";
        let mut claims = PackClaims::default();
        let mut balance = Balance::default();
        balance
            .add_pack(text, "p/adventure.toml", LOOKUPS, &mut claims)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(balance.map.floors, 20);
        assert_eq!(balance.light.dark.gold_percent, 250);
        assert!(
            balance.encounters.tiers[1]
                .decks
                .contains(&"PACK-DECK".to_owned())
        );
        let said: Vec<String> = claims.numbers().iter().map(ToString::to_string).collect();
        assert!(
            said.contains(&"p/adventure.toml:2: map.floors = 20".to_owned()),
            "{said:?}"
        );
        // Without its numbers, floor 18 is off the map.
        let mut shipped = Balance::default();
        let err = shipped
            .add_pack(
                "[[encounters]]\ndeck = \"PACK-DECK\"\nfrom_floor = 18\n",
                "p/adventure.toml",
                LOOKUPS,
                &mut PackClaims::default(),
            )
            .expect_err("floor 18 of 15");
        assert_eq!(err.line(), Some(2), "{err}");
    }

    #[test]
    fn two_packs_giving_a_card_two_rarities_is_an_error() {
        let mut balance = Balance::default();
        balance
            .add_pack(
                "[rarities]\n\"ADV-001\" = \"silver\"\n",
                "a.toml",
                LOOKUPS,
                &mut PackClaims::default(),
            )
            .unwrap_or_else(|e| panic!("{e}"));
        // The same rarity again is no conflict.
        balance
            .add_pack(
                "[rarities]\n\"ADV-001\" = \"silver\"\n",
                "b.toml",
                LOOKUPS,
                &mut PackClaims::default(),
            )
            .unwrap_or_else(|e| panic!("{e}"));
        let err = balance
            .add_pack(
                "\n[rarities]\n\"ADV-001\" = \"gold\"\n",
                "c.toml",
                LOOKUPS,
                &mut PackClaims::default(),
            )
            .expect_err("another rarity");
        assert_eq!((err.file(), err.line()), ("c.toml", Some(3)), "{err}");
    }

    #[test]
    fn packs_are_read_from_their_folders_in_order() {
        let root = std::env::temp_dir().join(format!("sve-adventure-pack-{}", std::process::id()));
        let with = root.join("with");
        let without = root.join("without");
        std::fs::create_dir_all(&with).expect("a folder");
        std::fs::create_dir_all(&without).expect("a folder");
        std::fs::write(with.join(super::FILE_NAME), PACK).expect("writes");
        let (balance, numbers) = Balance::default()
            .with_packs(&[without.clone(), with.clone()], LOOKUPS)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(numbers.is_empty(), "the pack sets no numbers");
        assert!(balance.relic("idol").is_some());
        // The same pack twice: its ids clash with its own first copy.
        let err = Balance::default()
            .with_packs(&[with.clone(), with.clone()], LOOKUPS)
            .expect_err("ids twice");
        assert!(err.file().ends_with("adventure.toml"), "{err}");
        std::fs::write(with.join(super::FILE_NAME), b"id = \"\xff\"\n").expect("writes");
        let err = Balance::default()
            .with_packs(&[with], LOOKUPS)
            .expect_err("not UTF-8");
        assert!(err.to_string().contains("not UTF-8"), "{err}");
        std::fs::remove_dir_all(&root).ok();
    }
}
