//! What a won fight pays: gold, a chance of a torch, and picks of one card
//! of several offered from the loaded cards (or skip).
//!
//! Offers come from the [`CardPool`]: the loaded cards a deck may hold
//! (followers, spells and amulets, no tokens, none marked unplayable) of the
//! leader's class or neutral, weighted by cost and floor: early floors
//! favour cheap cards, later ones costly cards. With rarity odds
//! ([`crate::rarity`]) each card first draws its rarity by the floor's
//! odds. A special fight offers the pool's most costly cards.

use crate::balance::{Balance, LightEffect};
use crate::rarity::{Rarities, Rarity, RarityOdds};
use crate::rng::Draws;
use serde::{Deserialize, Serialize};
use sve_engine::cards::{CardDb, CardType, Class};

/// One card a run may be offered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PoolCard {
    /// Its card id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its play point cost.
    pub cost: u8,
    /// Its class.
    pub class: Class,
    /// Its rarity.
    pub rarity: Rarity,
    /// Whether its rarity is known (from the bundled card data or a
    /// `[rarities]` table), not taken as bronze for want of one.
    pub rated: bool,
}

/// What an offer is for: whose deck, where, how many.
#[derive(Clone, Copy, Debug)]
pub struct Offer<'a> {
    /// The leader's class (its cards and neutral ones are offered).
    pub class: Class,
    /// The floor the offer is made on.
    pub floor: u8,
    /// The map's floors.
    pub floors: u8,
    /// How many different cards.
    pub count: u32,
    /// The pool's most costly cards only.
    pub costly: bool,
    /// The rarity odds, when offers weigh rarity.
    pub rarity: Option<&'a RarityOdds>,
}

/// The loaded cards rewards and shops offer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardPool {
    cards: Vec<PoolCard>,
}

impl CardPool {
    /// The offerable cards of a card database, in its order, with their
    /// rarities.
    pub fn from_db(db: &CardDb, rarities: &Rarities) -> CardPool {
        let cards = db
            .iter()
            .filter(|(_, def)| {
                matches!(
                    def.card_type,
                    CardType::Follower | CardType::Spell | CardType::Amulet
                ) && !def.is_token
                    && def.unplayable.is_none()
            })
            .map(|(_, def)| {
                let (rarity, rated) = rarities.of_card(def);
                PoolCard {
                    id: def.id.clone(),
                    name: def.display_name().to_owned(),
                    cost: def.cost.unwrap_or(0),
                    class: def.class,
                    rarity,
                    rated,
                }
            })
            .collect();
        CardPool { cards }
    }

    /// Every card of the pool.
    pub fn cards(&self) -> &[PoolCard] {
        &self.cards
    }

    /// The cards whose rarity no card data or `[rarities]` table gives:
    /// they count as bronze (a pack's own cards, whose loaded card data
    /// keeps no rarity, [`crate::rarity`]).
    pub fn unrated(&self) -> impl Iterator<Item = &PoolCard> {
        self.cards.iter().filter(|card| !card.rated)
    }

    /// A line for the player when offers weigh rarity (`weighs_rarity`)
    /// and some cards of the pool count as bronze for want of a rarity:
    /// how many, the first few, and where to give them one. `None`
    /// otherwise.
    pub fn unrated_note(&self, weighs_rarity: bool) -> Option<String> {
        let unrated: Vec<&PoolCard> = self.unrated().collect();
        if !weighs_rarity || unrated.is_empty() {
            return None;
        }
        let shown: Vec<String> = unrated
            .iter()
            .take(3)
            .map(|card| format!("{} ({})", card.name, card.id))
            .collect();
        let more = match unrated.len() - shown.len() {
            0 => String::new(),
            more => format!(" and {more} more"),
        };
        let (card, have, count) = match unrated.len() {
            1 => ("card", "has", "counts"),
            _ => ("cards", "have", "count"),
        };
        Some(format!(
            "{} {card} of the reward pool {have} no rarity and {count} as bronze: {}{more}. \
             A pack gives its cards rarities in its adventure.toml's [rarities] table.",
            unrated.len(),
            shown.join(", ")
        ))
    }

    /// A card by id.
    pub fn get(&self, id: &str) -> Option<&PoolCard> {
        self.cards.iter().find(|card| card.id == id)
    }

    /// The cards a deck with a leader of `class` may be offered.
    pub fn for_class(&self, class: Class) -> Vec<&PoolCard> {
        self.cards
            .iter()
            .filter(|card| card.class == class || card.class == Class::Neutral)
            .collect()
    }

    /// `ask.count` different cards (fewer when the pool is small), weighted
    /// as the module docs say.
    pub fn offer(&self, ask: Offer<'_>, draws: &mut Draws) -> Vec<String> {
        let mut cards = self.for_class(ask.class);
        if ask.costly
            && let Some(top) = cards.iter().map(|card| card.cost).max()
        {
            let cut = top.saturating_sub(2);
            cards.retain(|card| card.cost >= cut);
        }
        let mut offer = Vec::new();
        while (offer.len() as u32) < ask.count && !cards.is_empty() {
            let rarity = ask
                .rarity
                .and_then(|odds| draw_rarity(odds, &cards, ask.floor, ask.floors, draws));
            let weights: Vec<u64> = cards
                .iter()
                .map(|card| match rarity {
                    Some(rarity) if card.rarity != rarity => 0,
                    _ => cost_weight(card.cost, ask.floor, ask.floors),
                })
                .collect();
            let Some(idx) = draws.weighted(&weights) else {
                break;
            };
            offer.push(cards.swap_remove(idx).id.clone());
        }
        offer
    }
}

/// A rarity drawn by `odds` among those `cards` hold; `None` when the odds
/// give none of them any weight (the offer then weighs cost alone).
fn draw_rarity(
    odds: &RarityOdds,
    cards: &[&PoolCard],
    floor: u8,
    floors: u8,
    draws: &mut Draws,
) -> Option<Rarity> {
    let weights: Vec<u64> = Rarity::ALL
        .iter()
        .map(|rarity| {
            if cards.iter().any(|card| card.rarity == *rarity) {
                odds.weight(*rarity, floor, floors)
            } else {
                0
            }
        })
        .collect();
    draws
        .weighted(&weights)
        .and_then(|idx| Rarity::ALL.get(idx).copied())
}

/// The weight of a card of `cost` on `floor`: highest for the cost the
/// floor aims at (2 on the first floor, rising to 7 at the boss).
pub fn cost_weight(cost: u8, floor: u8, floors: u8) -> u64 {
    let aim = 2 + u64::from(floor) * 5 / u64::from(floors.max(1));
    let distance = u64::from(cost).abs_diff(aim);
    12 / (1 + distance) + 1
}

/// What a won fight pays, before the card picks are made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payout {
    /// Gold.
    pub gold: u32,
    /// Torches dropped.
    pub torches: u32,
    /// Card picks to offer.
    pub card_picks: u32,
}

/// The payout of a won fight of `gold_range` in a room whose light has
/// `effect`, with relics adding `gold_bonus_percent`.
pub fn payout(
    balance: &Balance,
    gold_range: [u32; 2],
    effect: &LightEffect,
    extra_picks: u32,
    gold_bonus_percent: u32,
    draws: &mut Draws,
) -> Payout {
    let base = draws.between(gold_range[0], gold_range[1]);
    let gold = base * effect.gold_percent / 100 * (100 + gold_bonus_percent) / 100;
    let torches = u32::from(draws.chance(effect.torch_percent));
    let card_picks = if balance.rewards.card_choices == 0 {
        0
    } else {
        effect.card_picks + extra_picks
    };
    Payout {
        gold,
        torches,
        card_picks,
    }
}

#[cfg(test)]
mod tests {
    use super::{CardPool, Offer, cost_weight};
    use crate::rarity::{Rarities, Rarity, RarityOdds};
    use crate::rng::Draws;
    use std::collections::BTreeMap;
    use sve_engine::cards::Class;

    fn pool() -> CardPool {
        let db = sve_engine::cards::starter::starter_db().expect("bundled cards");
        CardPool::from_db(&db, &Rarities::new(&BTreeMap::new()))
    }

    fn ask(floor: u8, rarity: Option<&RarityOdds>) -> Offer<'_> {
        Offer {
            class: Class::Forest,
            floor,
            floors: 15,
            count: 3,
            costly: false,
            rarity,
        }
    }

    #[test]
    fn cards_no_card_data_or_table_rates_count_as_bronze_and_are_named() {
        // The bundled cards all have a rarity; the engine's test cards,
        // as a pack's own cards, have none in their loaded card data.
        assert_eq!(pool().unrated().count(), 0);
        assert_eq!(pool().unrated_note(true), None);
        let db = sve_engine::board::fixtures::test_db();
        let unrated = CardPool::from_db(&db, &Rarities::new(&BTreeMap::new()));
        let v1 = unrated.get("TEST-V1").expect("a test follower in the pool");
        assert_eq!((v1.rarity, v1.rated), (Rarity::Bronze, false));
        let note = unrated.unrated_note(true).expect("said");
        assert!(note.contains("count as bronze"), "{note}");
        assert!(note.contains("[rarities]"), "{note}");
        assert_eq!(unrated.unrated_note(false), None, "cost alone: no matter");
        // A [rarities] table rates it.
        let table = BTreeMap::from([("TEST-V1".to_owned(), Rarity::Gold)]);
        let rated = CardPool::from_db(&db, &Rarities::new(&table));
        let v1 = rated.get("TEST-V1").expect("in the pool");
        assert_eq!((v1.rarity, v1.rated), (Rarity::Gold, true));
        assert_eq!(rated.unrated().count(), unrated.unrated().count() - 1);
    }

    #[test]
    fn a_packs_printed_rarity_rates_its_card_and_the_table_wins_over_it() {
        use sve_engine::cards::{CardDb, Rarity as Printed};
        let mut cards = sve_engine::board::fixtures::test_cards();
        let v1 = cards.iter_mut().find(|c| c.id == "TEST-V1").expect("V1");
        v1.rarity = Some(Printed::Ultimate);
        let db = CardDb::new(cards).expect("a valid pool");
        let pool = CardPool::from_db(&db, &Rarities::new(&BTreeMap::new()));
        let v1 = pool.get("TEST-V1").expect("in the pool");
        assert_eq!((v1.rarity, v1.rated), (Rarity::Legendary, true));
        let table = BTreeMap::from([("TEST-V1".to_owned(), Rarity::Silver)]);
        let pool = CardPool::from_db(&db, &Rarities::new(&table));
        assert_eq!(pool.get("TEST-V1").map(|c| c.rarity), Some(Rarity::Silver));
    }

    #[test]
    fn offers_are_different_cards_of_the_class_or_neutral() {
        let pool = pool();
        assert!(!pool.cards().is_empty());
        let mut draws = Draws::new(3, "offer", 0);
        for floor in 1..15 {
            let offer = pool.offer(ask(floor, None), &mut draws);
            assert_eq!(offer.len(), 3);
            let mut ids = offer.clone();
            ids.dedup();
            assert_eq!(ids.len(), 3);
            for id in &offer {
                let card = pool.get(id).expect("offered from the pool");
                assert!(matches!(card.class, Class::Forest | Class::Neutral));
            }
        }
    }

    /// The share of offered cards of each rarity over many offers.
    fn shares(pool: &CardPool, floor: u8, odds: Option<&RarityOdds>) -> [f64; 4] {
        let mut counts = [0u32; 4];
        let mut draws = Draws::new(11, "offer", u64::from(floor));
        for _ in 0..2_000 {
            for id in pool.offer(ask(floor, odds), &mut draws) {
                let rarity = pool.get(&id).expect("from the pool").rarity;
                counts[rarity as usize] += 1;
            }
        }
        let total = f64::from(counts.iter().sum::<u32>());
        counts.map(|n| f64::from(n) / total)
    }

    #[test]
    fn rarity_odds_set_the_share_of_each_rarity_by_floor() {
        let pool = pool();
        let odds = RarityOdds {
            bronze: [70, 30],
            silver: [20, 30],
            gold: [8, 25],
            legendary: [2, 15],
        };
        let early = shares(&pool, 1, Some(&odds));
        let late = shares(&pool, 15, Some(&odds));
        let by_cost = shares(&pool, 15, None);
        // Later floors offer rarer cards, and more of them than cost alone.
        assert!(late[Rarity::Legendary as usize] > early[Rarity::Legendary as usize] * 2.0);
        assert!(late[Rarity::Bronze as usize] < early[Rarity::Bronze as usize]);
        assert!(
            late[Rarity::Legendary as usize] > by_cost[Rarity::Legendary as usize],
            "{late:?} {by_cost:?}"
        );
        // The first pick of an offer follows the odds closely; the shares
        // over whole offers (three different cards) drift toward the pool.
        assert!(
            (early[Rarity::Bronze as usize] - 0.7).abs() < 0.15,
            "{early:?}"
        );
    }

    /// The share of each rarity among the cards offered on `floor` to
    /// every class, with `odds` (or cost alone), over many offers.
    fn shares_of_all_classes(pool: &CardPool, floor: u8, odds: Option<&RarityOdds>) -> [f64; 4] {
        let classes = [
            Class::Forest,
            Class::Sword,
            Class::Rune,
            Class::Dragon,
            Class::Abyss,
            Class::Haven,
        ];
        let mut counts = [0u32; 4];
        let mut draws = Draws::new(13, "offer", u64::from(floor));
        for class in classes {
            for _ in 0..1_000 {
                let ask = Offer {
                    class,
                    ..ask(floor, odds)
                };
                for id in pool.offer(ask, &mut draws) {
                    counts[pool.get(&id).expect("from the pool").rarity as usize] += 1;
                }
            }
        }
        let total = f64::from(counts.iter().sum::<u32>());
        counts.map(|n| f64::from(n) / total)
    }

    #[test]
    fn the_shipped_rarity_odds_offer_rarer_cards_higher_up() {
        let balance = crate::balance::Balance::default();
        let odds = balance
            .rewards
            .rarity
            .as_ref()
            .expect("the shipped balance weighs rarity");
        let db = sve_engine::cards::starter::starter_db().expect("bundled cards");
        let rarities = Rarities::new(&balance.rarities);
        let pool = CardPool::from_db(&db, &rarities);
        // The loaded cards carry their rarity: none is bronze for want of one.
        for card in pool.cards() {
            assert!(rarities.known(&card.id), "{} has no rarity", card.id);
        }
        let percent = |shares: [f64; 4]| shares.map(|share| (share * 1000.0).round() / 10.0);
        let mut rows = Vec::new();
        for floor in [1, 5, 10, 14] {
            let weighed = shares_of_all_classes(&pool, floor, Some(odds));
            let by_cost = shares_of_all_classes(&pool, floor, None);
            rows.push((floor, weighed, by_cost));
            eprintln!(
                "floor {floor:>2}: bronze/silver/gold/legendary % with rarity {:?}, by cost alone {:?}",
                percent(weighed),
                percent(by_cost)
            );
        }
        let rare =
            |shares: [f64; 4]| shares[Rarity::Gold as usize] + shares[Rarity::Legendary as usize];
        let (_, first, first_by_cost) = rows[0];
        let (_, last, last_by_cost) = rows[3];
        // Early offers stay mostly bronze; late ones offer gold and
        // legendary cards much more often than cost alone does.
        assert!(first[Rarity::Bronze as usize] > 0.6, "{first:?}");
        assert!(
            rare(first) <= rare(first_by_cost) + 0.02,
            "{first:?} {first_by_cost:?}"
        );
        assert!(
            rare(last) > 1.5 * rare(last_by_cost),
            "{last:?} {last_by_cost:?}"
        );
        assert!(
            last[Rarity::Legendary as usize] >= last_by_cost[Rarity::Legendary as usize],
            "{last:?} {last_by_cost:?}"
        );
        assert!(
            rows.windows(2)
                .all(|pair| rare(pair[1].1) > rare(pair[0].1)),
            "rising"
        );
    }

    #[test]
    fn later_floors_favour_costly_cards() {
        assert!(cost_weight(1, 1, 15) > cost_weight(6, 1, 15));
        assert!(cost_weight(6, 14, 15) > cost_weight(1, 14, 15));
    }
}
