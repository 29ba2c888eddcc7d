//! Every number of a run as data: the map's size, the odds of its events,
//! what light does to a room, the encounters by floor, rewards, shop prices,
//! the choice events and the relics.
//!
//! The shipped defaults are [`Balance::default`], written out in
//! `host/adventure/data/balance.toml` (a test keeps the two equal). A
//! balance file is TOML in that shape; any field left out keeps its default.
//! [`Balance::from_toml`] reads one and [`Balance::check`] checks it: every
//! problem is a [`BalanceError`] naming the file and, where it can, the line.
//!
//! This module holds the numbers' shape and what the run looks up in
//! them; reading and checking a file is [`read`]'s, the shipped numbers
//! `defaults`'s.

use crate::rarity::{Rarity, RarityOdds};
use crate::status::{StatusDef, StatusGrant};
use serde::{Deserialize, Serialize};
use sve_engine::bot::BotKind;

mod defaults;
pub mod read;
#[cfg(test)]
mod tests;

pub use read::{BalanceError, MAX_BALANCE_BYTES};
pub(crate) use read::{
    check_card_refs, check_content, check_rarity_cards, check_special_cards, check_special_fights,
};

/// The shipped defaults as a file: what `sve adventure` uses without
/// `--balance`, and a template for balance files.
pub const SHIPPED_TOML: &str = include_str!("../../data/balance.toml");

/// All the numbers of a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Balance {
    /// The map's shape.
    pub map: MapBalance,
    /// The mix of events on the map.
    pub odds: EventOdds,
    /// Torches and what light does to a room.
    pub light: LightBalance,
    /// The player's start.
    pub player: PlayerBalance,
    /// Who the fights are against.
    pub encounters: Encounters,
    /// What a won fight pays.
    pub rewards: RewardBalance,
    /// Shop prices.
    pub shop: ShopBalance,
    /// What a heal room restores.
    pub heal: HealBalance,
    /// The choice events a random room may hold.
    pub scenarios: Vec<Scenario>,
    /// The relics unique events and scenarios give.
    pub relics: Vec<RelicDef>,
    /// The statuses relics and scenarios give ([`crate::status`]).
    pub statuses: Vec<StatusDef>,
    /// The special fights of unique events (`[[special_fights]]`), one
    /// drawn from the run's seed when a player accepts one; without any,
    /// a special fight is the floor's encounter at elite strength.
    pub special_fights: Vec<SpecialFight>,
    /// Card rarities by card id, over the bundled card data's
    /// ([`crate::rarity`]): `"ADV-010" = "gold"`.
    pub rarities: std::collections::BTreeMap<String, Rarity>,
}

/// The map's shape (`map`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MapBalance {
    /// Columns of rooms (odd, so the start and the boss sit in the middle).
    pub columns: u8,
    /// Floors of rooms above the start room; the last one is the boss's.
    pub floors: u8,
    /// Paths walked from the start to the boss to make the map.
    pub paths: u8,
    /// The first floor that may hold an elite.
    pub elite_min_floor: u8,
    /// Rooms with a unique event (a twinkle).
    pub unique_rooms: u8,
    /// The first floor that may hold a unique event.
    pub unique_min_floor: u8,
}

/// The relative weights of the events placed on the map's free rooms
/// (`odds`). Floor 1 is all fights, the floor below the boss all heals.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EventOdds {
    /// A fight.
    pub fight: u32,
    /// An elite fight.
    pub elite: u32,
    /// A shop.
    pub shop: u32,
    /// A heal.
    pub heal: u32,
    /// A random event.
    pub random: u32,
    /// Per cent of random events that turn out a fight, shop or heal
    /// rather than a choice scenario.
    pub random_other_percent: u32,
    /// Per cent of unique events that are a special fight rather than a
    /// relic.
    pub unique_fight_percent: u32,
}

/// Torches and light (`light`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LightBalance {
    /// Torches the player starts with.
    pub start_torches: u32,
    /// How far a placed torch lights, in rooms (a square: columns and
    /// floors both within the radius).
    pub torch_radius: u8,
    /// How far the start room's torch lights.
    pub start_torch_radius: u8,
    /// Gold per torch left when the boss is beaten.
    pub gold_per_torch_left: u32,
    /// A dark room (level 0).
    pub dark: LightEffect,
    /// A lit room (level 1).
    pub lit: LightEffect,
    /// A bright room (level 2 and above).
    pub bright: LightEffect,
}

/// What a room's light does to its event: a fight's enemy and pay, a heal's
/// rest, a shop's prices and a scenario's gains and costs. Dark rooms are
/// harder but pay more, lit ones normal, bright ones easier.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LightEffect {
    /// Added to the enemy leader's defense.
    pub enemy_defense: i32,
    /// Extra cards the enemy draws at the start.
    pub enemy_cards: u32,
    /// Per cent of the fight's gold paid.
    pub gold_percent: u32,
    /// Card picks offered after the fight (each 1 of
    /// `rewards.card_choices`).
    pub card_picks: u32,
    /// Per cent chance the fight drops a torch.
    pub torch_percent: u32,
    /// Per cent of `heal.amount` a heal room restores.
    pub heal_percent: u32,
    /// Per cent of a shop's prices paid: its cards, torches and removal.
    pub shop_price_percent: u32,
    /// Per cent of `shop.sell_price` a shop pays for a card.
    pub shop_sell_percent: u32,
    /// Per cent of a scenario option's gains (gold and defense gained)
    /// given.
    pub scenario_gain_percent: u32,
    /// Per cent of a scenario option's costs (gold paid, defense lost)
    /// taken; an option is offered only if the player can pay the scaled
    /// cost.
    pub scenario_cost_percent: u32,
}

impl LightEffect {
    /// The defense a heal room restores in this light.
    pub fn heal(&self, amount: i32) -> i32 {
        scale_signed(amount, self.heal_percent)
    }

    /// A shop's price in this light.
    pub fn price(&self, base: u32) -> u32 {
        scale(base, self.shop_price_percent)
    }

    /// What a shop pays for a card in this light.
    pub fn sale(&self, base: u32) -> u32 {
        scale(base, self.shop_sell_percent)
    }

    /// A scenario option as this light changes it: its gold and defense
    /// gains scaled by `scenario_gain_percent`, its gold and defense costs
    /// by `scenario_cost_percent` (both rounded to the nearest); torches,
    /// picks, removals, relics and statuses stay.
    pub fn scale_option(&self, option: &ScenarioOption) -> ScenarioOption {
        let by_sign = |value: i32| {
            let percent = if value >= 0 {
                self.scenario_gain_percent
            } else {
                self.scenario_cost_percent
            };
            scale_signed(value, percent)
        };
        ScenarioOption {
            gold: by_sign(option.gold),
            defense: by_sign(option.defense),
            ..option.clone()
        }
    }
}

/// `value` × `percent` / 100, rounded to the nearest (halves up).
fn scale(value: u32, percent: u32) -> u32 {
    let scaled = (u64::from(value) * u64::from(percent) + 50) / 100;
    u32::try_from(scaled).unwrap_or(u32::MAX)
}

/// [`scale`] of a signed value: its size scaled, its sign kept.
fn scale_signed(value: i32, percent: u32) -> i32 {
    let size = scale(value.unsigned_abs(), percent);
    let size = i32::try_from(size).unwrap_or(i32::MAX);
    if value < 0 { -size } else { size }
}

/// The player's start (`player`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PlayerBalance {
    /// Leader defense at the start and the most heals restore to.
    pub leader_defense: i32,
    /// Gold at the start.
    pub start_gold: u32,
}

/// The enemies (`encounters`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Encounters {
    /// Fights by floor: each tier holds from its floor up to the next
    /// tier's (`[[encounters.tiers]]`, ordered by floor).
    pub tiers: Vec<Tier>,
    /// Added to an elite's leader defense.
    pub elite_defense: i32,
    /// Extra cards an elite draws at the start.
    pub elite_cards: u32,
    /// The boss's deck.
    pub boss_deck: String,
    /// The boss's bot level.
    pub boss_bot: String,
    /// The boss leader's defense, before light changes.
    pub boss_defense: i32,
    /// A fight is stopped after this many turns and counts as lost.
    pub turn_cap: u32,
}

/// The fights of a range of floors.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tier {
    /// The first floor of the tier.
    pub from_floor: u8,
    /// The enemy bot's level (`random`, `easy`, `medium`, `hard`).
    pub bot: String,
    /// The enemy leader's defense, before elite and light changes.
    pub defense: i32,
    /// The decks an enemy of this tier plays, one picked per fight.
    pub decks: Vec<String>,
}

/// What a won fight pays (`rewards`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RewardBalance {
    /// Gold of a fight, lowest and highest, before light.
    pub fight_gold: [u32; 2],
    /// Gold of an elite, lowest and highest, before light.
    pub elite_gold: [u32; 2],
    /// Gold of the boss.
    pub boss_gold: u32,
    /// Cards offered in one pick.
    pub card_choices: u32,
    /// An elite's extra card picks.
    pub elite_card_picks: u32,
    /// How often offers are of each rarity (`[rewards.rarity]`); offers
    /// weigh cost alone without it.
    pub rarity: Option<RarityOdds>,
    /// Whether offers weigh rarity (by `rarity`); `false` weighs cost
    /// alone, as a balance without `rarity` does.
    pub weigh_rarity: bool,
}

impl RewardBalance {
    /// The rarity odds offers weigh, if they weigh rarity.
    pub fn rarity_odds(&self) -> Option<&RarityOdds> {
        self.rarity.as_ref().filter(|_| self.weigh_rarity)
    }
}

/// Shop prices (`shop`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ShopBalance {
    /// Cards for sale in one shop.
    pub cards_offered: u32,
    /// Price of a card, plus `card_price_per_cost` per play point of cost.
    pub card_price: u32,
    /// See `card_price`.
    pub card_price_per_cost: u32,
    /// What a sold card pays.
    pub sell_price: u32,
    /// Price of removing a card from the deck.
    pub remove_price: u32,
    /// Price of a torch.
    pub torch_price: u32,
}

/// A heal room (`heal`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HealBalance {
    /// Leader defense restored (never above `player.leader_defense`).
    pub amount: i32,
    /// Leader defense restored after every won fight.
    pub after_fight: i32,
}

/// A choice event: a text and its options (`[[scenarios]]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Its name, unique among scenarios.
    pub id: String,
    /// What the player reads.
    pub text: String,
    /// What the player may do (at least one).
    pub options: Vec<ScenarioOption>,
}

/// One option of a scenario; its changes apply together.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ScenarioOption {
    /// What the player reads.
    pub label: String,
    /// Gold gained (negative: paid; the option is offered only if the
    /// player can pay).
    pub gold: i32,
    /// Leader defense gained or lost (never below 1, never above the most).
    pub defense: i32,
    /// Torches gained (negative: given up, offered only if held).
    pub torches: i32,
    /// A card pick follows.
    pub card_pick: bool,
    /// The player removes a card from the deck.
    pub remove_card: bool,
    /// A relic gained, by id.
    pub relic: Option<String>,
    /// A status for the next fights.
    pub status: Option<StatusGrant>,
}

impl ScenarioOption {
    /// Whether every player can take it: it costs no gold or torches and
    /// removes no card (a deck of one card can't lose it).
    pub fn is_free(&self) -> bool {
        self.gold >= 0 && self.torches >= 0 && !self.remove_card
    }
}

/// A run-long passive (`[[relics]]`): it acts on the run (`effect`),
/// inside every fight as a card on your field (`card`), or through a
/// status in every fight (`status`); at least one of them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RelicDef {
    /// Its id, unique among relics.
    pub id: String,
    /// Its name.
    pub name: String,
    /// What it does, for the player.
    pub text: String,
    /// What it does to the run.
    #[serde(default)]
    pub effect: Option<RelicEffect>,
    /// A relic written as a card: this card (by id, of a loaded pack) is
    /// put onto your field at the start of every fight, where its
    /// abilities act as any card's (an amulet whose "at the start of your
    /// turn" heals your leader, a passive that strengthens your
    /// followers).
    #[serde(default)]
    pub card: Option<String>,
    /// A status on you or the enemy in every fight (its `fights` unused).
    #[serde(default)]
    pub status: Option<StatusGrant>,
}

/// A unique event's special fight (`[[special_fights]]`): a guardian with
/// a deck of its own and special cards on its field from the start. It
/// fights at elite strength (`encounters.elite_defense` and `elite_cards`
/// added) and in the room's light, as any fight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialFight {
    /// Its id, unique among special fights.
    pub id: String,
    /// Its name, shown before the fight.
    pub name: String,
    /// What the player reads.
    pub text: String,
    /// The guardian's deck, by name: a pack's `decks/NAME.txt`, a bundled
    /// deck, or one of this crate's ([`crate::content::BUILTIN_DECKS`]).
    pub deck: String,
    /// The guardian's bot level (`random`, `easy`, `medium`, `hard`).
    pub bot: String,
    /// The guardian leader's defense, before elite and light changes.
    pub defense: i32,
    /// Its special cards, by id: put onto the guardian's field at the
    /// start of the fight (at most [`MAX_SPECIAL_CARDS`]).
    #[serde(default)]
    pub cards: Vec<String>,
}

/// The most special cards a special fight puts onto the guardian's field.
pub const MAX_SPECIAL_CARDS: usize = 3;

/// What a relic does to the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum RelicEffect {
    /// Raises the most leader defense (and heals that much once).
    MaxDefense(i32),
    /// Per cent more gold from fights.
    FightGold(u32),
    /// Torches placed after it light this much farther.
    TorchRadius(u8),
    /// Leader defense restored after each won fight.
    HealAfterFight(i32),
    /// Torches gained once.
    Torches(u32),
}

impl Balance {
    /// The effect of a light level: 0 dark, 1 lit, 2 and above bright.
    pub fn light_effect(&self, level: u32) -> &LightEffect {
        match level {
            0 => &self.light.dark,
            1 => &self.light.lit,
            _ => &self.light.bright,
        }
    }

    /// The encounter tier of a floor.
    pub fn tier(&self, floor: u8) -> Option<&Tier> {
        self.encounters
            .tiers
            .iter()
            .rev()
            .find(|tier| tier.from_floor <= floor)
            .or(self.encounters.tiers.first())
    }

    /// A relic by id.
    pub fn relic(&self, id: &str) -> Option<&RelicDef> {
        self.relics.iter().find(|relic| relic.id == id)
    }

    /// What a scenario option does, in words for the player, after its
    /// light's scaling ([`LightEffect::scale_option`]): "+45 gold, lose 5
    /// defense, a card pick". Empty for an option that does nothing.
    pub fn option_terms(&self, option: &ScenarioOption) -> String {
        let mut terms = Vec::new();
        match option.gold {
            0 => {}
            gold if gold > 0 => terms.push(format!("+{gold} gold")),
            gold => terms.push(format!("pay {} gold", gold.unsigned_abs())),
        }
        match option.defense {
            0 => {}
            defense if defense > 0 => terms.push(format!("restore {defense} defense")),
            defense => terms.push(format!("lose {} defense", defense.unsigned_abs())),
        }
        match option.torches {
            0 => {}
            1 => terms.push("a torch".to_owned()),
            -1 => terms.push("give up a torch".to_owned()),
            n if n > 0 => terms.push(format!("{n} torches")),
            n => terms.push(format!("give up {} torches", n.unsigned_abs())),
        }
        if option.remove_card {
            terms.push("remove a card".to_owned());
        }
        if option.card_pick {
            terms.push("a card pick".to_owned());
        }
        if let Some(relic) = &option.relic {
            let name = self
                .relic(relic)
                .map_or(relic.as_str(), |r| r.name.as_str());
            terms.push(format!("relic {name}"));
        }
        if let Some(grant) = &option.status {
            let name = self
                .status(&grant.status)
                .map_or(grant.status.as_str(), |s| s.name.as_str());
            terms.push(format!("{name} on {}", grant.target.name()));
        }
        terms.join(", ")
    }

    /// A status by id.
    pub fn status(&self, id: &str) -> Option<&StatusDef> {
        self.statuses.iter().find(|status| status.id == id)
    }

    /// A special fight by id.
    pub fn special_fight(&self, id: &str) -> Option<&SpecialFight> {
        self.special_fights.iter().find(|fight| fight.id == id)
    }
}

/// A bot level's name read as the engine's [`BotKind`]; the oracle reads
/// hidden cards and is refused.
pub fn parse_bot(name: &str) -> Result<BotKind, String> {
    let kind: BotKind = name.parse()?;
    if kind.sees_hidden_cards() {
        return Err("the oracle reads hidden cards: an enemy can't be one".to_owned());
    }
    Ok(kind)
}
