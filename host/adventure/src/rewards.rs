//! What a won fight pays: gold, a chance of a torch, and picks of one card
//! of several offered from the loaded cards (or skip).
//!
//! Offers come from the [`CardPool`]: the loaded cards a deck may hold
//! (followers, spells and amulets, no tokens, none marked unplayable) of the
//! leader's class or neutral. Card data has no rarity yet, so offers are
//! weighted by cost and floor: early floors favour cheap cards, later ones
//! costly cards. A special fight offers the pool's most costly cards.

use crate::balance::{Balance, LightEffect};
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
}

/// The loaded cards rewards and shops offer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardPool {
    cards: Vec<PoolCard>,
}

impl CardPool {
    /// The offerable cards of a card database, in its order.
    pub fn from_db(db: &CardDb) -> CardPool {
        let cards = db
            .iter()
            .filter(|(_, def)| {
                matches!(
                    def.card_type,
                    CardType::Follower | CardType::Spell | CardType::Amulet
                ) && !def.is_token
                    && def.unplayable.is_none()
            })
            .map(|(_, def)| PoolCard {
                id: def.id.clone(),
                name: def.display_name().to_owned(),
                cost: def.cost.unwrap_or(0),
                class: def.class,
            })
            .collect();
        CardPool { cards }
    }

    /// Every card of the pool.
    pub fn cards(&self) -> &[PoolCard] {
        &self.cards
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

    /// `count` different cards for a deck of `class` on `floor` of
    /// `floors`, weighted by cost (see the module docs); fewer when the
    /// pool is small. `costly` offers the most costly cards only.
    pub fn offer(
        &self,
        class: Class,
        floor: u8,
        floors: u8,
        count: u32,
        costly: bool,
        draws: &mut Draws,
    ) -> Vec<String> {
        let mut cards = self.for_class(class);
        if costly && let Some(top) = cards.iter().map(|card| card.cost).max() {
            let cut = top.saturating_sub(2);
            cards.retain(|card| card.cost >= cut);
        }
        let mut offer = Vec::new();
        while (offer.len() as u32) < count && !cards.is_empty() {
            let weights: Vec<u64> = cards
                .iter()
                .map(|card| cost_weight(card.cost, floor, floors))
                .collect();
            let Some(idx) = draws.weighted(&weights) else {
                break;
            };
            offer.push(cards.swap_remove(idx).id.clone());
        }
        offer
    }
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
    use super::{CardPool, cost_weight};
    use crate::rng::Draws;
    use sve_engine::cards::Class;

    #[test]
    fn offers_are_different_cards_of_the_class_or_neutral() {
        let db = sve_engine::cards::starter::starter_db().expect("bundled cards");
        let pool = CardPool::from_db(&db);
        assert!(!pool.cards().is_empty());
        let mut draws = Draws::new(3, "offer", 0);
        for floor in 1..15 {
            let offer = pool.offer(Class::Forest, floor, 15, 3, false, &mut draws);
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

    #[test]
    fn later_floors_favour_costly_cards() {
        assert!(cost_weight(1, 1, 15) > cost_weight(6, 1, 15));
        assert!(cost_weight(6, 14, 15) > cost_weight(1, 14, 15));
    }
}
