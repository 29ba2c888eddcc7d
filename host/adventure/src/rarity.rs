//! Card rarities and how often rewards and shops offer each.
//!
//! A card's rarity comes from, in order: the balance's `[rarities]` table
//! (a balance file's, or a pack's `adventure.toml`'s), then the rarity its
//! pack prints on it (`CardDef::rarity`: the card API's `rarity`, SVE
//! Script's `rarity` header; [`Rarities::of_card`]), then the bundled card
//! data (`sve_engine::cards::starter::STARTER_CARDS_JSON`, the starter
//! decks' cards, whatever pack plays them). A card with none counts as
//! bronze.
//!
//! With `[rewards.rarity]` set ([`RarityOdds`]), each offered card first
//! draws its rarity by the odds of the floor (linear from the first floor
//! to the boss's), among the rarities that still have cards to offer, then
//! a card of that rarity weighted by cost ([`crate::rewards`]). The
//! shipped balance weighs rarity; without odds, or with `weigh_rarity =
//! false`, offers weigh cost alone.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// A card's rarity, as rewards weigh it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rarity {
    /// Bronze (the most common, and cards of unknown rarity).
    Bronze,
    /// Silver.
    Silver,
    /// Gold.
    Gold,
    /// Legendary (Ultimate and Super Legendary cards too).
    Legendary,
}

impl Rarity {
    /// Every rarity, commonest first.
    pub const ALL: [Rarity; 4] = [
        Rarity::Bronze,
        Rarity::Silver,
        Rarity::Gold,
        Rarity::Legendary,
    ];

    /// Its name, for text.
    pub fn name(self) -> &'static str {
        match self {
            Rarity::Bronze => "bronze",
            Rarity::Silver => "silver",
            Rarity::Gold => "gold",
            Rarity::Legendary => "legendary",
        }
    }

    /// The rarity rewards weigh for a printed one (Ultimate and Super
    /// Legendary cards count as legendary).
    pub fn printed(printed: sve_engine::cards::Rarity) -> Rarity {
        use sve_engine::cards::Rarity as Printed;
        match printed {
            Printed::Bronze => Rarity::Bronze,
            Printed::Silver => Rarity::Silver,
            Printed::Gold => Rarity::Gold,
            Printed::Legendary | Printed::Ultimate | Printed::SuperLegendary => Rarity::Legendary,
        }
    }

    /// A card data rarity name (`Bronze`, `S`, `Legendary`, `Super
    /// Legendary`, ...), case-insensitive.
    pub fn parse(text: &str) -> Option<Rarity> {
        match text.trim().to_ascii_lowercase().as_str() {
            "bronze" | "b" => Some(Rarity::Bronze),
            "silver" | "s" => Some(Rarity::Silver),
            "gold" | "g" => Some(Rarity::Gold),
            "legendary" | "l" | "ultimate" | "u" | "super legendary" | "sl" => {
                Some(Rarity::Legendary)
            }
            _ => None,
        }
    }
}

impl fmt::Display for Rarity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How often offers are of each rarity (`[rewards.rarity]`): relative
/// weights on the first floor and on the boss's floor, linear in between.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RarityOdds {
    /// Bronze cards.
    pub bronze: [u32; 2],
    /// Silver cards.
    pub silver: [u32; 2],
    /// Gold cards.
    pub gold: [u32; 2],
    /// Legendary cards.
    pub legendary: [u32; 2],
}

impl RarityOdds {
    /// The weight of `rarity` on `floor` of `floors`.
    pub fn weight(&self, rarity: Rarity, floor: u8, floors: u8) -> u64 {
        let [first, last] = match rarity {
            Rarity::Bronze => self.bronze,
            Rarity::Silver => self.silver,
            Rarity::Gold => self.gold,
            Rarity::Legendary => self.legendary,
        };
        let span = u64::from(floors.max(2)) - 1;
        let at = u64::from(floor.clamp(1, floors.max(1))) - 1;
        let (first, last) = (u64::from(first), u64::from(last));
        // Integer interpolation: rounded to the nearest, the same on every
        // machine.
        (first * (span - at.min(span)) + last * at.min(span) + span / 2) / span
    }

    /// The problem with these odds, if any.
    pub fn problem(&self) -> Option<String> {
        let pairs = [self.bronze, self.silver, self.gold, self.legendary];
        if pairs.iter().flatten().any(|w| *w > 1_000_000) {
            return Some("rarity weights must be at most 1000000".to_owned());
        }
        if pairs.iter().map(|[first, _]| first).sum::<u32>() == 0
            || pairs.iter().map(|[_, last]| last).sum::<u32>() == 0
        {
            return Some("rarity odds offer nothing on the first or the last floor".to_owned());
        }
        None
    }
}

/// Card rarities by card id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rarities {
    by_id: BTreeMap<String, Rarity>,
    /// The balance's `[rarities]`, which win over a card's printed one.
    overrides: BTreeMap<String, Rarity>,
}

impl Rarities {
    /// The bundled card data's rarities with `overrides` (the balance's
    /// `[rarities]`) over them.
    pub fn new(overrides: &BTreeMap<String, Rarity>) -> Rarities {
        let mut by_id = bundled();
        by_id.extend(overrides.iter().map(|(id, rarity)| (id.clone(), *rarity)));
        Rarities {
            by_id,
            overrides: overrides.clone(),
        }
    }

    /// A loaded card's rarity and whether it is known: the balance's
    /// `[rarities]`, else the rarity its pack prints on it (the card
    /// API's `rarity`, SVE Script's `rarity` header), else the bundled
    /// card data's; bronze and unknown without any.
    pub fn of_card(&self, def: &sve_engine::cards::CardDef) -> (Rarity, bool) {
        if let Some(rarity) = self.overrides.get(&def.id) {
            return (*rarity, true);
        }
        if let Some(printed) = def.rarity {
            return (Rarity::printed(printed), true);
        }
        (self.of(&def.id), self.known(&def.id))
    }

    /// A card's rarity (bronze when unknown).
    pub fn of(&self, card_id: &str) -> Rarity {
        self.by_id.get(card_id).copied().unwrap_or(Rarity::Bronze)
    }

    /// Whether a card's rarity is known (from the card data or a
    /// `[rarities]` table), not taken as bronze for want of one.
    pub fn known(&self, card_id: &str) -> bool {
        self.by_id.contains_key(card_id)
    }
}

/// The rarities the bundled card data gives, by id.
fn bundled() -> BTreeMap<String, Rarity> {
    #[derive(Deserialize)]
    struct Raw {
        id: String,
        rarity: Option<String>,
    }
    // The bundled data is part of this build (the engine's own test reads
    // it); a card without a rarity name it knows is left out.
    let raw: Vec<Raw> =
        serde_json::from_str(sve_engine::cards::starter::STARTER_CARDS_JSON).unwrap_or_default();
    raw.into_iter()
        .filter_map(|card| Some((card.id, Rarity::parse(card.rarity.as_deref()?)?)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{Rarities, Rarity, RarityOdds};
    use std::collections::BTreeMap;

    #[test]
    fn the_bundled_cards_have_their_rarities_and_overrides_win() {
        let bundled = Rarities::new(&BTreeMap::new());
        // Aria, Fairy Princess is legendary, Okami bronze, in the data.
        assert_eq!(bundled.of("SD01-001"), Rarity::Legendary);
        assert_eq!(bundled.of("BP01-021"), Rarity::Bronze);
        assert_eq!(bundled.of("NOT-A-CARD"), Rarity::Bronze);
        let over = Rarities::new(&BTreeMap::from([("BP01-021".to_owned(), Rarity::Gold)]));
        assert_eq!(over.of("BP01-021"), Rarity::Gold);
    }

    #[test]
    fn weights_run_from_the_first_floor_to_the_boss() {
        let odds = RarityOdds {
            bronze: [60, 30],
            silver: [30, 30],
            gold: [10, 30],
            legendary: [0, 10],
        };
        assert_eq!(odds.weight(Rarity::Bronze, 1, 15), 60);
        assert_eq!(odds.weight(Rarity::Bronze, 15, 15), 30);
        assert_eq!(odds.weight(Rarity::Legendary, 1, 15), 0);
        assert_eq!(odds.weight(Rarity::Legendary, 8, 15), 5);
        assert_eq!(odds.weight(Rarity::Silver, 9, 15), 30);
        assert_eq!(odds.problem(), None);
        let none = RarityOdds {
            bronze: [0, 1],
            silver: [0, 1],
            gold: [0, 1],
            legendary: [0, 1],
        };
        assert!(none.problem().is_some());
    }

    #[test]
    fn card_data_names_parse() {
        for (text, rarity) in [
            ("Bronze", Rarity::Bronze),
            ("S", Rarity::Silver),
            ("gold", Rarity::Gold),
            ("Super Legendary", Rarity::Legendary),
            ("U", Rarity::Legendary),
        ] {
            assert_eq!(Rarity::parse(text), Some(rarity), "{text}");
        }
        assert_eq!(Rarity::parse("mythic"), None);
    }
}
