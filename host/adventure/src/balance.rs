//! Every number of a run as data: the map's size, the odds of its events,
//! what light does to a room, the encounters by floor, rewards, shop prices,
//! the choice events and the relics.
//!
//! The shipped defaults are [`Balance::default`], written out in
//! `host/adventure/data/balance.toml` (a test keeps the two equal). A
//! balance file is TOML in that shape; any field left out keeps its default.
//! [`Balance::from_toml`] reads one and [`Balance::check`] checks it: every
//! problem is a [`BalanceError`] naming the file and, where it can, the line.

use crate::rarity::{Rarity, RarityOdds};
use crate::status::{self, StatusDef, StatusGrant};
use serde::{Deserialize, Serialize};
use std::fmt;
use sve_engine::bot::BotKind;

/// The shipped defaults as a file: what `sve adventure` uses without
/// `--balance`, and a template for balance files.
pub const SHIPPED_TOML: &str = include_str!("../data/balance.toml");

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

/// A problem with balance data, naming the file and, where it can, the
/// line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct BalanceError {
    file: String,
    line: Option<usize>,
    message: String,
}

impl BalanceError {
    /// The file (a path, or `shipped balance`).
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The 1-based line, when the problem belongs to one.
    pub fn line(&self) -> Option<usize> {
        self.line
    }

    /// What is wrong.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl BalanceError {
    /// An error in `file`, at `line` when known.
    pub(crate) fn new(file: &str, line: Option<usize>, message: String) -> BalanceError {
        BalanceError {
            file: file.to_owned(),
            line,
            message,
        }
    }

    /// An error in `file`, located at the first line of `text` holding
    /// `needle` (a key or a quoted value).
    pub(crate) fn located(file: &str, text: &str, needle: &str, message: String) -> BalanceError {
        BalanceError::new(file, locate(text, needle), message)
    }
}

impl fmt::Display for BalanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{line}: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

/// The most bytes a balance file may have.
pub const MAX_BALANCE_BYTES: usize = 1 << 20;

impl Balance {
    /// Reads a balance file's text (`file` names it in errors) and checks
    /// it with [`Balance::check`].
    pub fn from_toml(
        text: &str,
        file: &str,
        deck_exists: &dyn Fn(&str) -> bool,
    ) -> Result<Balance, BalanceError> {
        if text.len() > MAX_BALANCE_BYTES {
            return Err(BalanceError {
                file: file.to_owned(),
                line: None,
                message: format!("more than {MAX_BALANCE_BYTES} bytes"),
            });
        }
        let parse_error = |e: toml::de::Error| BalanceError {
            file: file.to_owned(),
            line: e.span().map(|span| line_of(text, span.start)),
            message: e.message().trim().to_owned(),
        };
        // Read as written first, so a wrong key or type names its line.
        let _: Balance = toml::from_str(text).map_err(parse_error)?;
        // Then over the defaults, table by table: a table written in part
        // (`[light.dark]` with `gold_percent` alone) keeps the defaults of
        // the keys it leaves out, where serde would take the type's
        // default (a lit room's numbers) for them. An array, such as the
        // tiers or the scenarios, replaces the default's whole.
        let written: toml::Table = toml::from_str(text).map_err(parse_error)?;
        let mut merged = toml::Table::try_from(Balance::default())
            .map_err(|e| BalanceError::new(file, None, format!("the defaults as TOML: {e}")))?;
        merge_tables(&mut merged, written);
        let balance: Balance = toml::Value::Table(merged).try_into().map_err(parse_error)?;
        balance.check(text, file, deck_exists)?;
        Ok(balance)
    }

    /// Checks the numbers make a playable run: a map that reaches its boss,
    /// odds that place something, bots and decks that exist, scenarios with
    /// options, relics that exist. `text` is the file the balance came from
    /// (empty for the defaults), used to find the line of a problem.
    pub fn check(
        &self,
        text: &str,
        file: &str,
        deck_exists: &dyn Fn(&str) -> bool,
    ) -> Result<(), BalanceError> {
        let fail = |needle: &str, message: String| BalanceError {
            file: file.to_owned(),
            line: locate(text, needle),
            message,
        };
        let map = &self.map;
        if !(3..=15).contains(&map.columns) || map.columns.is_multiple_of(2) {
            return Err(fail(
                "columns",
                format!("columns must be odd, 3 to 15, got {}", map.columns),
            ));
        }
        // Floor 1 is all fights, the floor below the boss all heals, and
        // the boss's floor: a run needs those three at least.
        if !(3..=60).contains(&map.floors) {
            return Err(fail(
                "floors",
                format!("floors must be 3 to 60, got {}", map.floors),
            ));
        }
        if map.paths == 0 {
            return Err(fail("paths", "a map needs at least one path".to_owned()));
        }
        let odds = &self.odds;
        if odds.fight + odds.elite + odds.shop + odds.heal + odds.random == 0 {
            return Err(fail("[odds]", "the odds place no event".to_owned()));
        }
        for (name, percent) in [
            ("random_other_percent", odds.random_other_percent),
            ("unique_fight_percent", odds.unique_fight_percent),
        ] {
            if percent > 100 {
                return Err(fail(name, format!("{name} is a per cent (0 to 100)")));
            }
        }
        for (name, effect) in [
            ("[light.dark]", &self.light.dark),
            ("[light.lit]", &self.light.lit),
            ("[light.bright]", &self.light.bright),
        ] {
            if effect.torch_percent > 100 {
                return Err(fail(name, format!("{name} torch_percent is over 100")));
            }
        }
        if self.player.leader_defense < 1 {
            return Err(fail(
                "leader_defense",
                "the player's leader_defense must be at least 1".to_owned(),
            ));
        }
        let enc = &self.encounters;
        let Some(first) = enc.tiers.first() else {
            return Err(fail("[encounters]", "no encounter tiers".to_owned()));
        };
        if first.from_floor > 1 {
            return Err(fail(
                "from_floor",
                "the first encounter tier must start at floor 1".to_owned(),
            ));
        }
        for pair in enc.tiers.windows(2) {
            if pair[1].from_floor <= pair[0].from_floor {
                return Err(fail(
                    &format!("from_floor = {}", pair[1].from_floor),
                    "encounter tiers must be ordered by from_floor".to_owned(),
                ));
            }
        }
        for tier in &enc.tiers {
            parse_bot(&tier.bot).map_err(|e| fail(&format!("\"{}\"", tier.bot), e))?;
            if tier.decks.is_empty() {
                return Err(fail(
                    &format!("from_floor = {}", tier.from_floor),
                    format!("the tier from floor {} has no decks", tier.from_floor),
                ));
            }
            for deck in &tier.decks {
                if !deck_exists(deck) {
                    return Err(fail(
                        &format!("\"{deck}\""),
                        format!("encounter deck `{deck}` doesn't exist"),
                    ));
                }
            }
        }
        parse_bot(&enc.boss_bot).map_err(|e| fail("boss_bot", e))?;
        if !deck_exists(&enc.boss_deck) {
            return Err(fail(
                "boss_deck",
                format!("boss deck `{}` doesn't exist", enc.boss_deck),
            ));
        }
        if enc.turn_cap == 0 {
            return Err(fail("turn_cap", "turn_cap must be at least 1".to_owned()));
        }
        let rewards = &self.rewards;
        for (name, [low, high]) in [
            ("fight_gold", rewards.fight_gold),
            ("elite_gold", rewards.elite_gold),
        ] {
            if low > high {
                return Err(fail(name, format!("{name}: {low} is above {high}")));
            }
        }
        if let Some(problem) = rewards.rarity.as_ref().and_then(RarityOdds::problem) {
            return Err(fail("[rewards.rarity]", problem));
        }
        if rewards.card_choices == 0 {
            return Err(fail(
                "card_choices",
                "card_choices must be at least 1".to_owned(),
            ));
        }
        if self.shop.cards_offered > 10 {
            return Err(fail(
                "cards_offered",
                "a shop offers at most 10 cards".to_owned(),
            ));
        }
        check_content(
            &self.relics,
            &self.scenarios,
            &self.statuses,
            &|id| self.relic(id).is_some(),
            &|id| self.status(id).is_some(),
            &fail,
        )?;
        check_special_fights(&self.special_fights, &[], deck_exists, &fail)?;
        if odds.random > 0 && self.scenarios.is_empty() && odds.random_other_percent < 100 {
            return Err(fail(
                "random",
                "random events need [[scenarios]] (or random_other_percent = 100)".to_owned(),
            ));
        }
        Ok(())
    }

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

    /// Checks that the cards relics and statuses put onto the field are
    /// loaded (`card_exists`); `text` and `file` as for
    /// [`Balance::check`]. Apart from `check` because the cards are known
    /// only once the packs are loaded.
    pub fn check_cards(
        &self,
        text: &str,
        file: &str,
        card_exists: &dyn Fn(&str) -> bool,
    ) -> Result<(), BalanceError> {
        let fail = |needle: &str, message: String| BalanceError {
            file: file.to_owned(),
            line: locate(text, needle),
            message,
        };
        check_card_refs(&self.relics, &self.statuses, card_exists, &fail)?;
        check_special_cards(&self.special_fights, card_exists, &fail)?;
        check_rarity_cards(&self.rarities, card_exists, &fail)
    }

    /// A special fight by id.
    pub fn special_fight(&self, id: &str) -> Option<&SpecialFight> {
        self.special_fights.iter().find(|fight| fight.id == id)
    }
}

/// Checks special fights: ids unique (among themselves and `taken`), a
/// deck that exists (or is built in), a bot that may be an enemy, a
/// defense of at least 1, at most [`MAX_SPECIAL_CARDS`] cards.
pub(crate) fn check_special_fights(
    fights: &[SpecialFight],
    taken: &[SpecialFight],
    deck_exists: &dyn Fn(&str) -> bool,
    fail: &dyn Fn(&str, String) -> BalanceError,
) -> Result<(), BalanceError> {
    for (idx, fight) in fights.iter().enumerate() {
        let here = format!("\"{}\"", fight.id);
        let twice = fights[..idx].iter().chain(taken).any(|f| f.id == fight.id);
        if twice {
            return Err(fail(
                &here,
                format!(
                    "special fight `{}` is already defined (by the balance or another pack)",
                    fight.id
                ),
            ));
        }
        if !deck_exists(&fight.deck) && crate::content::builtin_deck(&fight.deck).is_none() {
            return Err(fail(
                &format!("\"{}\"", fight.deck),
                format!(
                    "special fight `{}`: deck `{}` doesn't exist",
                    fight.id, fight.deck
                ),
            ));
        }
        parse_bot(&fight.bot).map_err(|e| {
            fail(
                &format!("\"{}\"", fight.bot),
                format!("special fight `{}`: {e}", fight.id),
            )
        })?;
        if fight.defense < 1 {
            return Err(fail(
                &here,
                format!(
                    "special fight `{}`: defense must be at least 1, got {}",
                    fight.id, fight.defense
                ),
            ));
        }
        if fight.cards.len() > MAX_SPECIAL_CARDS {
            return Err(fail(
                &here,
                format!(
                    "special fight `{}` puts {} cards onto the field, at most {MAX_SPECIAL_CARDS}",
                    fight.id,
                    fight.cards.len()
                ),
            ));
        }
    }
    Ok(())
}

/// Checks that the special cards of `fights` are loaded.
pub(crate) fn check_special_cards(
    fights: &[SpecialFight],
    card_exists: &dyn Fn(&str) -> bool,
    fail: &dyn Fn(&str, String) -> BalanceError,
) -> Result<(), BalanceError> {
    for fight in fights {
        for card in &fight.cards {
            if !card_exists(card) {
                return Err(fail(
                    &format!("\"{card}\""),
                    format!(
                        "special fight `{}` puts card `{card}` onto the field, but no loaded pack has it",
                        fight.id
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Checks relics, scenarios and statuses: ids unique within each list,
/// scenarios with options, every relic and status they name known, every
/// status sound, every relic doing something. `fail` locates a problem
/// by a needle (a key or a quoted value).
pub(crate) fn check_content(
    relics: &[RelicDef],
    scenarios: &[Scenario],
    statuses: &[StatusDef],
    known_relic: &dyn Fn(&str) -> bool,
    known_status: &dyn Fn(&str) -> bool,
    fail: &dyn Fn(&str, String) -> BalanceError,
) -> Result<(), BalanceError> {
    let quoted = |id: &str| format!("\"{id}\"");
    let mut status_ids = std::collections::BTreeSet::new();
    for def in statuses {
        if !status_ids.insert(def.id.as_str()) {
            return Err(fail(
                &quoted(&def.id),
                format!("status `{}` is defined twice", def.id),
            ));
        }
        if let Some(problem) = status::def_problem(def) {
            return Err(fail(&quoted(&def.id), problem));
        }
    }
    let mut relic_ids = std::collections::BTreeSet::new();
    for relic in relics {
        let here = quoted(&relic.id);
        if !relic_ids.insert(relic.id.as_str()) {
            return Err(fail(
                &here,
                format!("relic `{}` is defined twice", relic.id),
            ));
        }
        if relic.effect.is_none() && relic.card.is_none() && relic.status.is_none() {
            return Err(fail(
                &here,
                format!(
                    "relic `{}` does nothing (give it an effect, a card or a status)",
                    relic.id
                ),
            ));
        }
        if let Some(grant) = &relic.status
            && let Some(problem) = status::grant_problem(grant, known_status)
        {
            return Err(fail(
                &quoted(&grant.status),
                format!("relic `{}`: {problem}", relic.id),
            ));
        }
    }
    let mut scenario_ids = std::collections::BTreeSet::new();
    for scenario in scenarios {
        let here = quoted(&scenario.id);
        if !scenario_ids.insert(scenario.id.as_str()) {
            return Err(fail(
                &here,
                format!("scenario `{}` is defined twice", scenario.id),
            ));
        }
        if scenario.options.is_empty() {
            return Err(fail(
                &here,
                format!("scenario `{}` has no options", scenario.id),
            ));
        }
        // An option is offered only when the player can pay for it: one
        // that costs nothing keeps a poor player from a dead end.
        if !scenario.options.iter().any(ScenarioOption::is_free) {
            return Err(fail(
                &here,
                format!(
                    "scenario `{}` has no option every player can take (one that costs no gold or torches and removes no card)",
                    scenario.id
                ),
            ));
        }
        for option in &scenario.options {
            if let Some(relic) = &option.relic
                && !known_relic(relic)
            {
                return Err(fail(
                    &quoted(relic),
                    format!(
                        "scenario `{}` gives relic `{relic}`, which doesn't exist",
                        scenario.id
                    ),
                ));
            }
            if let Some(grant) = &option.status
                && let Some(problem) = status::grant_problem(grant, known_status)
            {
                return Err(fail(
                    &quoted(&grant.status),
                    format!("scenario `{}`: {problem}", scenario.id),
                ));
            }
        }
    }
    Ok(())
}

/// Checks that the cards `rarities` name are loaded: a rarity for a card
/// no pack has is a typo, not a card to ignore.
pub(crate) fn check_rarity_cards(
    rarities: &std::collections::BTreeMap<String, Rarity>,
    card_exists: &dyn Fn(&str) -> bool,
    fail: &dyn Fn(&str, String) -> BalanceError,
) -> Result<(), BalanceError> {
    for card in rarities.keys() {
        if !card_exists(card) {
            return Err(fail(
                &format!("\"{card}\""),
                format!("[rarities] names card `{card}`, which no loaded pack has"),
            ));
        }
    }
    Ok(())
}

/// Checks that the cards of `relics` and `statuses` are loaded.
pub(crate) fn check_card_refs(
    relics: &[RelicDef],
    statuses: &[StatusDef],
    card_exists: &dyn Fn(&str) -> bool,
    fail: &dyn Fn(&str, String) -> BalanceError,
) -> Result<(), BalanceError> {
    let relic_cards = relics
        .iter()
        .filter_map(|r| r.card.as_deref().map(|card| ("relic", r.id.as_str(), card)));
    let status_cards = statuses.iter().filter_map(|s| {
        s.card
            .as_deref()
            .map(|card| ("status", s.id.as_str(), card))
    });
    for (what, id, card) in relic_cards.chain(status_cards) {
        if !card_exists(card) {
            return Err(fail(
                &format!("\"{card}\""),
                format!(
                    "{what} `{id}` puts card `{card}` onto the field, but no loaded pack has it"
                ),
            ));
        }
    }
    Ok(())
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

/// `over` merged into `base`: tables key by key, any other value replaced.
fn merge_tables(base: &mut toml::Table, over: toml::Table) {
    for (key, value) in over {
        match (base.get_mut(&key), value) {
            (Some(toml::Value::Table(base_table)), toml::Value::Table(over_table)) => {
                merge_tables(base_table, over_table);
            }
            (_, value) => {
                base.insert(key, value);
            }
        }
    }
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset.min(text.len()))
        .map_or(1, |before| before.matches('\n').count() + 1)
}

/// The first line of `text` holding `needle` (a key or a quoted value):
/// where a problem found after parsing is reported.
fn locate(text: &str, needle: &str) -> Option<usize> {
    text.lines()
        .position(|line| {
            let line = line.split('#').next().unwrap_or("");
            line.contains(needle)
        })
        .map(|idx| idx + 1)
}

impl Default for Balance {
    fn default() -> Balance {
        Balance {
            map: MapBalance::default(),
            odds: EventOdds::default(),
            light: LightBalance::default(),
            player: PlayerBalance::default(),
            encounters: Encounters::default(),
            rewards: RewardBalance::default(),
            shop: ShopBalance::default(),
            heal: HealBalance::default(),
            scenarios: default_scenarios(),
            relics: default_relics(),
            statuses: status::default_statuses(),
            special_fights: default_special_fights(),
            rarities: std::collections::BTreeMap::new(),
        }
    }
}

impl Default for MapBalance {
    fn default() -> MapBalance {
        MapBalance {
            columns: 7,
            floors: 15,
            paths: 6,
            elite_min_floor: 5,
            unique_rooms: 3,
            unique_min_floor: 3,
        }
    }
}

impl Default for EventOdds {
    fn default() -> EventOdds {
        EventOdds {
            fight: 45,
            elite: 12,
            shop: 8,
            heal: 12,
            random: 23,
            random_other_percent: 25,
            unique_fight_percent: 40,
        }
    }
}

impl Default for LightBalance {
    fn default() -> LightBalance {
        LightBalance {
            start_torches: 3,
            torch_radius: 1,
            start_torch_radius: 2,
            gold_per_torch_left: 25,
            dark: LightEffect {
                enemy_defense: 6,
                enemy_cards: 2,
                gold_percent: 175,
                card_picks: 2,
                torch_percent: 40,
                heal_percent: 50,
                shop_price_percent: 125,
                shop_sell_percent: 150,
                scenario_gain_percent: 150,
                scenario_cost_percent: 150,
            },
            lit: LightEffect::default(),
            bright: LightEffect {
                enemy_defense: -5,
                enemy_cards: 0,
                gold_percent: 80,
                card_picks: 1,
                torch_percent: 15,
                heal_percent: 150,
                shop_price_percent: 80,
                shop_sell_percent: 100,
                scenario_gain_percent: 100,
                scenario_cost_percent: 50,
            },
        }
    }
}

impl Default for LightEffect {
    fn default() -> LightEffect {
        LightEffect {
            enemy_defense: 0,
            enemy_cards: 0,
            gold_percent: 100,
            card_picks: 1,
            torch_percent: 25,
            heal_percent: 100,
            shop_price_percent: 100,
            shop_sell_percent: 100,
            scenario_gain_percent: 100,
            scenario_cost_percent: 100,
        }
    }
}

impl Default for PlayerBalance {
    fn default() -> PlayerBalance {
        PlayerBalance {
            leader_defense: 20,
            start_gold: 50,
        }
    }
}

impl Default for Encounters {
    fn default() -> Encounters {
        let all: Vec<String> = ["SD01", "SD02", "SD03", "SD04", "SD05", "SD06"]
            .map(str::to_owned)
            .to_vec();
        Encounters {
            tiers: vec![
                Tier {
                    from_floor: 1,
                    bot: "random".to_owned(),
                    defense: 15,
                    decks: all.clone(),
                },
                Tier {
                    from_floor: 6,
                    bot: "easy".to_owned(),
                    defense: 12,
                    decks: all,
                },
            ],
            elite_defense: 5,
            elite_cards: 1,
            boss_deck: "SD06".to_owned(),
            boss_bot: "medium".to_owned(),
            boss_defense: 20,
            turn_cap: 60,
        }
    }
}

impl Default for RewardBalance {
    fn default() -> RewardBalance {
        RewardBalance {
            fight_gold: [15, 25],
            elite_gold: [35, 50],
            boss_gold: 100,
            card_choices: 3,
            elite_card_picks: 1,
            weigh_rarity: true,
            rarity: Some(RarityOdds {
                bronze: [72, 35],
                silver: [20, 30],
                gold: [6, 20],
                legendary: [2, 15],
            }),
        }
    }
}

impl Default for ShopBalance {
    fn default() -> ShopBalance {
        ShopBalance {
            cards_offered: 3,
            card_price: 30,
            card_price_per_cost: 8,
            sell_price: 15,
            remove_price: 60,
            torch_price: 35,
        }
    }
}

impl Default for HealBalance {
    fn default() -> HealBalance {
        HealBalance {
            amount: 10,
            after_fight: 4,
        }
    }
}

fn default_scenarios() -> Vec<Scenario> {
    use crate::status::Target;
    let option = |label: &str| ScenarioOption {
        label: label.to_owned(),
        ..ScenarioOption::default()
    };
    // A status for the next fight.
    let grant = |status: &str, target, turns| StatusGrant {
        status: status.to_owned(),
        target,
        turns,
        fights: 1,
    };
    vec![
        Scenario {
            id: "wayside-shrine".to_owned(),
            text: "A shrine of burnt-out candles. A few coins lie in the offering bowl.".to_owned(),
            options: vec![
                ScenarioOption {
                    gold: 30,
                    defense: -3,
                    ..option("Take the coins")
                },
                ScenarioOption {
                    gold: -20,
                    defense: 6,
                    ..option("Leave an offering")
                },
                option("Walk on"),
            ],
        },
        Scenario {
            id: "lost-lamplighter".to_owned(),
            text: "A lamplighter has lost the way and offers a spare torch for coin.".to_owned(),
            options: vec![
                ScenarioOption {
                    gold: -25,
                    torches: 1,
                    ..option("Buy the torch")
                },
                ScenarioOption {
                    card_pick: true,
                    ..option("Ask for a story")
                },
                option("Walk on"),
            ],
        },
        Scenario {
            id: "cracked-mirror".to_owned(),
            text: "A mirror shows your deck, one card too many.".to_owned(),
            options: vec![
                ScenarioOption {
                    remove_card: true,
                    defense: -2,
                    ..option("Break the card's reflection")
                },
                option("Look away"),
            ],
        },
        Scenario {
            id: "fever-marsh".to_owned(),
            text: "A marsh of sweet, sick air. Something glints in the reeds.".to_owned(),
            options: vec![
                ScenarioOption {
                    gold: 40,
                    status: Some(grant("poison", Target::You, 3)),
                    ..option("Wade in for it")
                },
                ScenarioOption {
                    gold: -15,
                    status: Some(grant("regeneration", Target::You, 3)),
                    ..option("Pay the marsh-folk for a warm bath")
                },
                option("Go around"),
            ],
        },
        Scenario {
            id: "hedge-witch".to_owned(),
            text: "A hedge witch sells curses by the ounce.".to_owned(),
            options: vec![
                ScenarioOption {
                    gold: -30,
                    status: Some(grant("weakness", Target::Enemy, 2)),
                    ..option("Buy a curse for your next enemy")
                },
                option("Walk on"),
            ],
        },
        Scenario {
            id: "ember-pedlar".to_owned(),
            text: "A pedlar sells a warm stone that never cools.".to_owned(),
            options: vec![
                ScenarioOption {
                    gold: -60,
                    relic: Some("ember-stone".to_owned()),
                    ..option("Buy the Ember Stone")
                },
                option("Walk on"),
            ],
        },
    ]
}

fn default_special_fights() -> Vec<SpecialFight> {
    vec![
        SpecialFight {
            id: "hoard-wyrm".to_owned(),
            name: "The Hoard Wyrm".to_owned(),
            text: "A dragon coils around the twinkle's light, a Dragonguard already on watch."
                .to_owned(),
            deck: "hoard-wyrm".to_owned(),
            bot: "easy".to_owned(),
            defense: 8,
            cards: vec!["SD04-006".to_owned()],
        },
        SpecialFight {
            id: "tiger-shrine".to_owned(),
            name: "The Tiger Shrine".to_owned(),
            text: "Holy flames burn at the twinkle; their keeper calls tigers out of them."
                .to_owned(),
            deck: "tiger-shrine".to_owned(),
            bot: "easy".to_owned(),
            defense: 8,
            cards: vec!["SD06-006".to_owned()],
        },
    ]
}

fn default_relics() -> Vec<RelicDef> {
    let relic = |id: &str, name: &str, text: &str, effect| RelicDef {
        id: id.to_owned(),
        name: name.to_owned(),
        text: text.to_owned(),
        effect: Some(effect),
        card: None,
        status: None,
    };
    vec![
        relic(
            "ember-stone",
            "Ember Stone",
            "Restore 2 leader defense after each won fight.",
            RelicEffect::HealAfterFight(2),
        ),
        relic(
            "oak-heart",
            "Oak Heart",
            "Your most leader defense is 5 higher.",
            RelicEffect::MaxDefense(5),
        ),
        relic(
            "gilded-lantern",
            "Gilded Lantern",
            "Torches you place light one room farther.",
            RelicEffect::TorchRadius(1),
        ),
        relic(
            "miser-purse",
            "Miser's Purse",
            "Fights pay 25% more gold.",
            RelicEffect::FightGold(25),
        ),
        relic(
            "tinder-box",
            "Tinder Box",
            "Gain 2 torches.",
            RelicEffect::Torches(2),
        ),
        RelicDef {
            id: "viper-fang".to_owned(),
            name: "Viper Fang".to_owned(),
            text: "In every fight the enemy leader takes 1 damage at the start of each of its first 3 turns.".to_owned(),
            effect: None,
            card: None,
            status: Some(StatusGrant {
                status: "poison".to_owned(),
                target: crate::status::Target::Enemy,
                turns: 3,
                fights: 1,
            }),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::{Balance, LightEffect, SHIPPED_TOML};

    fn starter(name: &str) -> bool {
        sve_engine::decks::starter_deck(name).is_some()
    }

    #[test]
    fn the_shipped_file_is_the_defaults_and_checks() {
        let read = Balance::from_toml(SHIPPED_TOML, "balance.toml", &starter)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(read, Balance::default());
    }

    #[test]
    fn a_partial_file_keeps_the_other_defaults() {
        let read = Balance::from_toml("[light]\nstart_torches = 5\n", "b.toml", &starter)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(read.light.start_torches, 5);
        assert_eq!(read.map, Balance::default().map);
    }

    #[test]
    fn a_table_written_in_part_keeps_its_other_defaults() {
        let read = Balance::from_toml(
            "[light.dark]\ngold_percent = 200\n\n[rewards]\nweigh_rarity = false\n",
            "b.toml",
            &starter,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let shipped = Balance::default();
        assert_eq!(read.light.dark.gold_percent, 200);
        assert_eq!(
            LightEffect {
                gold_percent: shipped.light.dark.gold_percent,
                ..read.light.dark.clone()
            },
            shipped.light.dark,
            "the dark room's other numbers stay the dark room's"
        );
        assert_eq!(read.rewards.rarity, shipped.rewards.rarity);
        assert_eq!(read.rewards.rarity_odds(), None, "rarity weighing off");
        assert!(shipped.rewards.rarity_odds().is_some());
    }

    #[test]
    fn a_syntax_error_names_the_file_and_line() {
        let err = Balance::from_toml(
            "[map]\ncolumns = 7\nfloors = \"many\"\n",
            "b.toml",
            &starter,
        )
        .expect_err("a string is no floor count");
        assert_eq!((err.file(), err.line()), ("b.toml", Some(3)), "{err}");
    }

    #[test]
    fn a_missing_encounter_deck_names_its_line() {
        let text = "[encounters]\nboss_deck = \"SD06\"\n\n[[encounters.tiers]]\nfrom_floor = 1\nbot = \"easy\"\ndefense = 10\ndecks = [\"SD01\", \"NOPE\"]\n";
        let err = Balance::from_toml(text, "b.toml", &starter).expect_err("NOPE is no deck");
        assert_eq!(err.line(), Some(8), "{err}");
        assert!(err.message().contains("NOPE"), "{err}");
    }

    #[test]
    fn a_scenario_with_no_options_names_its_line() {
        let text = "[[scenarios]]\nid = \"empty\"\ntext = \"nothing\"\noptions = []\n";
        let err = Balance::from_toml(text, "b.toml", &starter).expect_err("no options");
        assert_eq!(err.line(), Some(2), "{err}");
        assert!(err.to_string().starts_with("b.toml:2: "), "{err}");
    }

    #[test]
    fn a_scenario_only_some_players_can_answer_names_its_line() {
        let text = "[[scenarios]]\nid = \"toll\"\ntext = \"A toll.\"\n\n[[scenarios.options]]\nlabel = \"Pay\"\ngold = -30\n\n[[scenarios.options]]\nlabel = \"Give up a card\"\nremove_card = true\n";
        let err = Balance::from_toml(text, "b.toml", &starter).expect_err("a dead end");
        assert_eq!(err.line(), Some(2), "{err}");
        assert!(
            err.message().contains("no option every player can take"),
            "{err}"
        );
        let fair = format!("{text}\n[[scenarios.options]]\nlabel = \"Turn back\"\ndefense = -2\n");
        Balance::from_toml(&fair, "b.toml", &starter).unwrap_or_else(|e| panic!("{e}"));
    }

    #[test]
    fn a_map_too_short_for_its_fixed_floors_is_refused() {
        let err = Balance::from_toml("[map]\ncolumns = 7\nfloors = 2\n", "b.toml", &starter)
            .expect_err("2 floors hold no fight, heal and boss");
        assert_eq!(err.line(), Some(3), "{err}");
    }

    #[test]
    fn rarity_odds_that_offer_nothing_name_their_line() {
        let text = "[rewards]\ncard_choices = 3\n\n[rewards.rarity]\nbronze = [0, 5]\nsilver = [0, 5]\ngold = [0, 5]\nlegendary = [0, 5]\n";
        let err = Balance::from_toml(text, "b.toml", &starter).expect_err("nothing on floor 1");
        assert_eq!(err.line(), Some(4), "{err}");
        let fine = text.replace("bronze = [0, 5]", "bronze = [1, 5]");
        let read = Balance::from_toml(&fine, "b.toml", &starter).unwrap_or_else(|e| panic!("{e}"));
        assert!(read.rewards.rarity.is_some());
    }

    #[test]
    fn a_rarity_for_a_card_no_pack_has_names_its_line() {
        let text = "[rarities]\n\"SD01-001\" = \"gold\"\n\"NOPE-1\" = \"silver\"\n";
        let read = Balance::from_toml(text, "b.toml", &starter).unwrap_or_else(|e| panic!("{e}"));
        let db = sve_engine::cards::starter::starter_db().expect("bundled cards");
        let err = read
            .check_cards(text, "b.toml", &|id| db.by_card_id(id).is_some())
            .expect_err("NOPE-1 is no card");
        assert_eq!(err.line(), Some(3), "{err}");
    }
}
