//! A run as a state machine: the state between two choices, the choices a
//! player may make now ([`Run::choices`]) and applying one ([`Run::apply`]).
//!
//! A run moves through [`Phase`]s: travelling (place a torch, move up), a
//! fight (played outside, its [`FightResult`] handed back as
//! [`Choice::Fought`]), a reward, a shop, a scenario, a card removal, a
//! unique event, and the end. Every random draw comes from the run's seed
//! and the number of choices made so far, so a run is its setup plus its
//! list of choices ([`crate::save`]).

use crate::balance::{Balance, RelicEffect, ScenarioOption};
use crate::content::{Content, ContentError};
use crate::events::{self, EventKind, Settled, UniqueKind};
use crate::fight::board::MAX_RELIC_CARDS;
use crate::fight::{FightAnswer, FightKind, FightResult, FightSpec};
use crate::light::{self, Torch};
use crate::map::{Map, RoomId};
use crate::rng::Draws;
use crate::status::{FightStatus, StatusGrant};
use serde::{Deserialize, Serialize};
use sve_engine::cards::CardDb;
use sve_engine::engine::DeckList;

/// The most cards a run's main deck may hold (rewards and shops stop
/// offering cards there).
pub const MAX_DECK_CARDS: usize = 80;

/// Torches one shop sells.
pub const SHOP_TORCHES: u32 = 2;

/// A run's deck, by card id (ids outlive a card database's numbering).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunDeck {
    /// The leader.
    pub leader: String,
    /// The main deck.
    pub main: Vec<String>,
    /// The evolve deck.
    pub evolve: Vec<String>,
}

impl RunDeck {
    /// A resolved deck list as ids.
    pub fn from_list(list: &DeckList, db: &CardDb) -> RunDeck {
        let id = |def| db.get(def).id.clone();
        RunDeck {
            leader: id(list.leader),
            main: list.main.iter().map(|d| id(*d)).collect(),
            evolve: list.evolve.iter().map(|d| id(*d)).collect(),
        }
    }

    /// The deck as the engine takes it; every card must be loaded.
    pub fn to_list(&self, db: &CardDb) -> Result<DeckList, ContentError> {
        let def = |id: &String| {
            db.by_card_id(id)
                .ok_or_else(|| ContentError::MissingCard(id.clone()))
        };
        Ok(DeckList {
            leader: def(&self.leader)?,
            main: self.main.iter().map(def).collect::<Result<_, _>>()?,
            evolve: self.evolve.iter().map(def).collect::<Result<_, _>>()?,
            // Adventure decks grow from starter decks: built on a class.
            basis: sve_engine::decks::DeckBasis::Class,
        })
    }

    /// The index of the first copy of each different main-deck card: what
    /// a removal or a sale offers.
    pub fn distinct(&self) -> Vec<usize> {
        let mut seen = std::collections::BTreeSet::new();
        (0..self.main.len())
            .filter(|idx| seen.insert(self.main[*idx].as_str()))
            .collect()
    }
}

/// What a run starts from: with its choices, all a run file holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunSetup {
    /// The run's seed.
    pub seed: u64,
    /// The starting deck's name.
    pub deck_name: String,
    /// The starting deck.
    pub deck: RunDeck,
    /// The numbers.
    pub balance: Balance,
    /// The card data's fingerprint ([`Content::fingerprint`]).
    pub card_fingerprint: u64,
}

/// Where a run stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// In a room whose event is over: place a torch here, or move up.
    Travel,
    /// A fight to play; its result comes back as [`Choice::Fought`].
    Fight(FightSpec),
    /// Card picks after a fight or event.
    Reward(Reward),
    /// A shop.
    Shop(Shop),
    /// A choice scenario, by index in [`Balance::scenarios`].
    Scenario(usize),
    /// A card to remove from the deck; a card pick may follow.
    RemoveCard {
        /// A card pick follows the removal.
        then_pick: bool,
    },
    /// A unique event the player may accept or decline.
    Unique(UniqueKind),
    /// The run is over.
    Over {
        /// The boss was beaten.
        won: bool,
    },
}

/// Card picks on offer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reward {
    /// The cards offered now, by id.
    pub offer: Vec<String>,
    /// Picks left after this one.
    pub picks_after: u32,
    /// The offers are of the pool's most costly cards.
    pub costly: bool,
}

/// A shop's stock, priced by the room's light when entered
/// ([`crate::balance::LightEffect::price`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shop {
    /// Cards for sale: id and price (a bought card leaves the list).
    pub cards: Vec<(String, u32)>,
    /// Torches still for sale.
    pub torches: u32,
    /// A card was removed here already (one removal per shop).
    pub removed: bool,
    /// The room's light level when entered.
    pub light: u32,
    /// The price of a torch here.
    pub torch_price: u32,
    /// What this shop pays for a card.
    pub sell_price: u32,
    /// The price of removing a card here.
    pub remove_price: u32,
}

/// Something a player can do, or the result of a fight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Choice {
    /// Move to a room on the floor above.
    Move(RoomId),
    /// Place a torch in the current room.
    PlaceTorch,
    /// The fight's result (never listed by [`Run::choices`]: the fight is
    /// played, then its result applied).
    Fought(FightResult),
    /// Take an offered card, by index in the offer.
    TakeCard(usize),
    /// Take no card.
    SkipCard,
    /// Buy a shop's card, by index in its stock.
    Buy(usize),
    /// Buy a torch.
    BuyTorch,
    /// Sell a card of the deck, by main-deck index.
    Sell(usize),
    /// Remove a card of the deck, by main-deck index (paid in a shop).
    Remove(usize),
    /// Leave the shop.
    Leave,
    /// A scenario's option, by index.
    Pick(usize),
    /// Accept a unique event.
    Accept,
    /// Decline a unique event.
    Decline,
}

/// One fight of the run, for its summary.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FightRecord {
    /// What kind.
    pub kind: FightKind,
    /// The floor.
    pub floor: u8,
    /// The room's light level.
    pub light: u32,
    /// The player won.
    pub won: bool,
    /// Gold it paid.
    pub gold: u32,
    /// Rewards it gave: card picks, torches and relics.
    pub rewards: u32,
    /// Statuses on either side.
    pub statuses: u32,
    /// Relic cards on your field.
    pub relic_cards: u32,
}

/// A fight's recorded answers ([`Run::apply_fought`]): what a run file
/// keeps to play the fight again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedFight {
    /// The index in the run's log of the fight's result
    /// ([`Choice::Fought`]).
    pub choice: u32,
    /// Every answer of both seats, in order.
    pub answers: Vec<FightAnswer>,
}

/// A choice the run can't take now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    /// The choice is not among [`Run::choices`].
    #[error("{0:?} is not a choice now")]
    NotOffered(Choice),
    /// A fight result came when no fight was on.
    #[error("a fight result came, but no fight is on")]
    NoFight,
}

/// A run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Run {
    setup: RunSetup,
    map: Map,
    position: RoomId,
    deck: RunDeck,
    defense: i32,
    max_defense: i32,
    gold: u32,
    torches: u32,
    placed: Vec<Torch>,
    torch_radius_bonus: u8,
    relics: Vec<String>,
    uniques_done: Vec<RoomId>,
    phase: Phase,
    fights: Vec<FightRecord>,
    torches_used: u32,
    log: Vec<Choice>,
    /// Statuses events gave for the next fights; `fights` counts down.
    statuses: Vec<StatusGrant>,
    fight_answers: Vec<RecordedFight>,
}

impl Run {
    /// A new run: the map from the seed, the start room's torch, the
    /// player's start from the balance.
    pub fn new(setup: RunSetup) -> Run {
        let balance = &setup.balance;
        let map = Map::generate(setup.seed, balance);
        let start = map.start();
        Run {
            position: start,
            deck: setup.deck.clone(),
            defense: balance.player.leader_defense,
            max_defense: balance.player.leader_defense,
            gold: balance.player.start_gold,
            torches: balance.light.start_torches,
            placed: vec![Torch {
                room: start,
                radius: balance.light.start_torch_radius,
            }],
            torch_radius_bonus: 0,
            relics: Vec::new(),
            uniques_done: Vec::new(),
            phase: Phase::Travel,
            fights: Vec::new(),
            torches_used: 0,
            log: Vec::new(),
            statuses: Vec::new(),
            fight_answers: Vec::new(),
            map,
            setup,
        }
    }

    /// What the run started from.
    pub fn setup(&self) -> &RunSetup {
        &self.setup
    }

    /// The numbers.
    pub fn balance(&self) -> &Balance {
        &self.setup.balance
    }

    /// The map.
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// The room the player is in.
    pub fn position(&self) -> RoomId {
        self.position
    }

    /// The floor the player is on.
    pub fn floor(&self) -> u8 {
        self.map.room(self.position).map_or(0, |room| room.floor)
    }

    /// The deck.
    pub fn deck(&self) -> &RunDeck {
        &self.deck
    }

    /// The leader's defense, carried from fight to fight.
    pub fn defense(&self) -> i32 {
        self.defense
    }

    /// The most leader defense heals restore to.
    pub fn max_defense(&self) -> i32 {
        self.max_defense
    }

    /// Gold.
    pub fn gold(&self) -> u32 {
        self.gold
    }

    /// Torches held.
    pub fn torches(&self) -> u32 {
        self.torches
    }

    /// Torches placed, the start room's first.
    pub fn placed(&self) -> &[Torch] {
        &self.placed
    }

    /// Torches the player placed (the start room's not counted).
    pub fn torches_used(&self) -> u32 {
        self.torches_used
    }

    /// The radius of the next torch placed.
    pub fn torch_radius(&self) -> u8 {
        self.balance().light.torch_radius + self.torch_radius_bonus
    }

    /// Relics held, by id.
    pub fn relics(&self) -> &[String] {
        &self.relics
    }

    /// Where the run stands.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The fights so far.
    pub fn fights(&self) -> &[FightRecord] {
        &self.fights
    }

    /// The choices made so far, fight results included.
    pub fn log(&self) -> &[Choice] {
        &self.log
    }

    /// Statuses events gave for the next fights (each `fights` is how many
    /// fights it still lasts).
    pub fn pending_statuses(&self) -> &[StatusGrant] {
        &self.statuses
    }

    /// The recorded answers of the fights played with
    /// [`Run::apply_fought`].
    pub fn fight_answers(&self) -> &[RecordedFight] {
        &self.fight_answers
    }

    /// The relic cards the next fight puts onto your field, by card id:
    /// the first [`MAX_RELIC_CARDS`] relics with a card, in the order they
    /// were gained.
    pub fn relic_cards(&self) -> Vec<String> {
        self.relics
            .iter()
            .filter_map(|id| self.balance().relic(id)?.card.clone())
            .take(MAX_RELIC_CARDS)
            .collect()
    }

    /// Whether the run is over, and how: `Some(true)` beaten the boss.
    pub fn outcome(&self) -> Option<bool> {
        match self.phase {
            Phase::Over { won } => Some(won),
            _ => None,
        }
    }

    /// The light level of a room now.
    pub fn light(&self, room: RoomId) -> u32 {
        light::level(&self.map, &self.placed, room)
    }

    /// What the player sees of a room now.
    pub fn sight(&self, room: RoomId) -> light::Sight {
        light::sight(&self.map, &self.placed, self.position, room)
    }

    /// The fight to play now, if one is on.
    pub fn fight(&self) -> Option<&FightSpec> {
        match &self.phase {
            Phase::Fight(spec) => Some(spec),
            _ => None,
        }
    }

    /// The choices the player may make now (none during a fight or after
    /// the end).
    pub fn choices(&self) -> Vec<Choice> {
        let mut out = Vec::new();
        match &self.phase {
            Phase::Travel => {
                if self.can_place_torch() {
                    out.push(Choice::PlaceTorch);
                }
                out.extend(
                    self.map
                        .next(self.position)
                        .iter()
                        .map(|r| Choice::Move(*r)),
                );
            }
            Phase::Fight(_) | Phase::Over { .. } => {}
            Phase::Reward(reward) => {
                if self.deck.main.len() < MAX_DECK_CARDS {
                    out.extend((0..reward.offer.len()).map(Choice::TakeCard));
                }
                out.push(Choice::SkipCard);
            }
            Phase::Shop(shop) => {
                for (idx, (_, price)) in shop.cards.iter().enumerate() {
                    if self.gold >= *price && self.deck.main.len() < MAX_DECK_CARDS {
                        out.push(Choice::Buy(idx));
                    }
                }
                if shop.torches > 0 && self.gold >= shop.torch_price {
                    out.push(Choice::BuyTorch);
                }
                if !shop.removed && self.gold >= shop.remove_price && self.deck.main.len() > 1 {
                    out.extend(self.deck.distinct().into_iter().map(Choice::Remove));
                }
                if self.deck.main.len() > 1 {
                    out.extend(self.deck.distinct().into_iter().map(Choice::Sell));
                }
                out.push(Choice::Leave);
            }
            Phase::Scenario(idx) => {
                if let Some(scenario) = self.balance().scenarios.get(*idx) {
                    for option_idx in 0..scenario.options.len() {
                        let Some(option) = self.scenario_option(option_idx) else {
                            continue;
                        };
                        let affordable = i64::from(self.gold) + i64::from(option.gold) >= 0
                            && i64::from(self.torches) + i64::from(option.torches) >= 0
                            && (!option.remove_card || self.deck.main.len() > 1);
                        if affordable {
                            out.push(Choice::Pick(option_idx));
                        }
                    }
                }
            }
            Phase::RemoveCard { .. } => {
                out.extend(self.deck.distinct().into_iter().map(Choice::Remove));
            }
            Phase::Unique(_) => out.extend([Choice::Accept, Choice::Decline]),
        }
        out
    }

    /// A scenario option as the room's light changes it
    /// ([`crate::balance::LightEffect::scale_option`]), by index in the
    /// scenario on now; `None` outside a scenario.
    pub fn scenario_option(&self, option_idx: usize) -> Option<ScenarioOption> {
        let Phase::Scenario(idx) = self.phase else {
            return None;
        };
        let option = self.balance().scenarios.get(idx)?.options.get(option_idx)?;
        let effect = self.balance().light_effect(self.light(self.position));
        Some(effect.scale_option(option))
    }

    /// Applies a fight's result with the answers that played it (both
    /// seats, as [`crate::fight::FightReport::answers`]), which the run
    /// file keeps so a replay can play the fight again.
    pub fn apply_fought(
        &mut self,
        result: FightResult,
        answers: Vec<FightAnswer>,
        content: &Content,
    ) -> Result<Vec<String>, RunError> {
        let choice = self.log.len() as u32;
        let notes = self.apply(Choice::Fought(result), content)?;
        self.fight_answers.push(RecordedFight { choice, answers });
        Ok(notes)
    }

    /// Applies a choice (or a fight's result) and returns what happened,
    /// in words for the player. A choice not offered changes nothing.
    pub fn apply(&mut self, choice: Choice, content: &Content) -> Result<Vec<String>, RunError> {
        match &choice {
            Choice::Fought(_) => {
                if self.fight().is_none() {
                    return Err(RunError::NoFight);
                }
            }
            other => {
                if !self.choices().contains(other) {
                    return Err(RunError::NotOffered(choice));
                }
            }
        }
        let step = self.log.len() as u64;
        self.log.push(choice.clone());
        let mut notes = Vec::new();
        let mut draws = Draws::new(self.setup.seed, "choice", step);
        match choice {
            Choice::Move(room) => self.enter(room, content, &mut draws, &mut notes),
            Choice::PlaceTorch => {
                self.torches -= 1;
                self.torches_used += 1;
                self.placed.push(Torch {
                    room: self.position,
                    radius: self.torch_radius(),
                });
                notes.push(format!(
                    "You place a torch (radius {}); {} left.",
                    self.torch_radius(),
                    self.torches
                ));
                // A torch that makes this room bright wakes its twinkle.
                self.after_event(&mut notes);
            }
            Choice::Fought(result) => self.finish_fight(result, content, &mut draws, &mut notes),
            Choice::TakeCard(idx) => {
                if let Phase::Reward(reward) = &self.phase
                    && let Some(id) = reward.offer.get(idx)
                {
                    notes.push(format!("{} joins your deck.", content.name_of(id)));
                    self.deck.main.push(id.clone());
                }
                self.next_pick(content, &mut draws, &mut notes);
            }
            Choice::SkipCard => self.next_pick(content, &mut draws, &mut notes),
            Choice::Buy(idx) => {
                if let Phase::Shop(shop) = &mut self.phase
                    && idx < shop.cards.len()
                {
                    let (id, price) = shop.cards.remove(idx);
                    self.gold -= price;
                    notes.push(format!("Bought {} for {price} gold.", content.name_of(&id)));
                    self.deck.main.push(id);
                }
            }
            Choice::BuyTorch => {
                if let Phase::Shop(shop) = &mut self.phase {
                    let price = shop.torch_price;
                    shop.torches -= 1;
                    self.gold -= price;
                    self.torches += 1;
                    notes.push(format!("Bought a torch for {price} gold."));
                }
            }
            Choice::Sell(idx) => {
                let price = match &self.phase {
                    Phase::Shop(shop) => shop.sell_price,
                    _ => self.balance().shop.sell_price,
                };
                let id = self.deck.main.remove(idx);
                self.gold += price;
                notes.push(format!("Sold {} for {price} gold.", content.name_of(&id)));
            }
            Choice::Remove(idx) => {
                let id = self.deck.main.remove(idx);
                notes.push(format!("{} leaves your deck.", content.name_of(&id)));
                match &mut self.phase {
                    Phase::Shop(shop) => {
                        shop.removed = true;
                        self.gold -= shop.remove_price;
                    }
                    Phase::RemoveCard { then_pick: true } => {
                        self.start_picks(1, false, content, &mut draws, &mut notes);
                    }
                    _ => self.after_event(&mut notes),
                }
            }
            Choice::Leave => self.after_event(&mut notes),
            Choice::Pick(option_idx) => {
                self.pick_option(option_idx, content, &mut draws, &mut notes)
            }
            Choice::Accept => self.accept_unique(&mut draws, &mut notes),
            Choice::Decline => {
                notes.push("You leave the twinkle be.".to_owned());
                self.phase = Phase::Travel;
            }
        }
        Ok(notes)
    }

    fn can_place_torch(&self) -> bool {
        self.torches > 0 && !self.placed.iter().any(|t| t.room == self.position)
    }

    /// Enters a room: its event begins.
    fn enter(
        &mut self,
        room: RoomId,
        content: &Content,
        draws: &mut Draws,
        notes: &mut Vec<String>,
    ) {
        self.position = room;
        let level = self.light(room);
        let event = self.map.room(room).map_or(EventKind::Fight, |r| r.event);
        let floor = self.floor();
        notes.push(format!(
            "Floor {floor}: a {} room, {}.",
            event.name(),
            light::Light::of(level).name()
        ));
        let event = match event {
            EventKind::Random => match events::settle_random(self.balance(), draws) {
                Settled::Event(kind) => {
                    notes.push(format!("The room turns out to hold a {}.", kind.name()));
                    kind
                }
                Settled::Scenario(idx) => {
                    if let Some(scenario) = self.balance().scenarios.get(idx) {
                        notes.push(scenario.text.clone());
                    }
                    self.phase = Phase::Scenario(idx);
                    return;
                }
            },
            other => other,
        };
        match event {
            EventKind::Fight => self.start_fight(FightKind::Normal, level, draws),
            EventKind::Elite => self.start_fight(FightKind::Elite, level, draws),
            EventKind::Boss => self.start_fight(FightKind::Boss, level, draws),
            EventKind::Shop => {
                let class = content.class_of(&self.deck.leader);
                let shop = &self.setup.balance.shop;
                let effect = self.setup.balance.light_effect(level);
                let ask = crate::rewards::Offer {
                    class,
                    floor,
                    floors: self.map.floors(),
                    count: shop.cards_offered,
                    costly: false,
                    rarity: self.setup.balance.rewards.rarity_odds(),
                };
                let cards = content
                    .pool()
                    .offer(ask, draws)
                    .into_iter()
                    .map(|id| {
                        let price = shop.card_price
                            + shop.card_price_per_cost * u32::from(content.cost_of(&id));
                        (id, effect.price(price))
                    })
                    .collect();
                let shop = Shop {
                    cards,
                    torches: SHOP_TORCHES,
                    removed: false,
                    light: level,
                    torch_price: effect.price(shop.torch_price),
                    sell_price: effect.sale(shop.sell_price),
                    remove_price: effect.price(shop.remove_price),
                };
                if effect.shop_price_percent != 100 || effect.shop_sell_percent != 100 {
                    notes.push(format!(
                        "In this light the shop asks {}% of its prices and pays {}% for cards.",
                        effect.shop_price_percent, effect.shop_sell_percent
                    ));
                }
                self.phase = Phase::Shop(shop);
            }
            EventKind::Heal => {
                let before = self.defense;
                let amount = self
                    .balance()
                    .light_effect(level)
                    .heal(self.balance().heal.amount);
                self.defense = (self.defense + amount).min(self.max_defense);
                notes.push(format!(
                    "You rest: leader defense {before} → {}.",
                    self.defense
                ));
                self.after_event(notes);
            }
            EventKind::Start | EventKind::Random => self.after_event(notes),
        }
    }

    /// The fight of this room, by floor, kind and light.
    fn start_fight(&mut self, kind: FightKind, level: u32, draws: &mut Draws) {
        let balance = &self.setup.balance;
        let floor = self.floor();
        let enc = &balance.encounters;
        let effect = balance.light_effect(level);
        // A special fight draws its guardian from the run's seed.
        let special = match kind {
            FightKind::Special if !balance.special_fights.is_empty() => balance
                .special_fights
                .get(draws.below(balance.special_fights.len() as u64) as usize)
                .cloned(),
            _ => None,
        };
        let (deck, bot, base_defense) = if let Some(special) = &special {
            (special.deck.clone(), special.bot.clone(), special.defense)
        } else if kind == FightKind::Boss {
            (
                enc.boss_deck.clone(),
                enc.boss_bot.clone(),
                enc.boss_defense,
            )
        } else {
            let tier = balance.tier(floor);
            let deck = tier
                .and_then(|t| t.decks.get(draws.below(t.decks.len() as u64) as usize))
                .cloned()
                .unwrap_or_else(|| enc.boss_deck.clone());
            (
                deck,
                tier.map_or_else(|| enc.boss_bot.clone(), |t| t.bot.clone()),
                tier.map_or(balance.player.leader_defense, |t| t.defense),
            )
        };
        let (extra_defense, extra_cards) = match kind {
            FightKind::Normal => (0, 0),
            FightKind::Elite | FightKind::Special => (enc.elite_defense, enc.elite_cards),
            FightKind::Boss => (0, 0),
        };
        let enemy_defense = (base_defense + extra_defense + effect.enemy_defense).max(1);
        let enemy_cards = extra_cards + effect.enemy_cards;
        let turn_cap = enc.turn_cap;
        let seed = draws.seed();
        let statuses = self.fight_statuses();
        let spec = FightSpec {
            kind,
            floor,
            light: level,
            enemy_deck: deck,
            enemy_bot: bot,
            enemy_defense,
            enemy_cards,
            player_defense: self.defense,
            seed,
            turn_cap,
            player_cards: self.relic_cards(),
            enemy_field: special.as_ref().map_or_else(Vec::new, |s| s.cards.clone()),
            special: special.map(|s| s.id),
            statuses,
        };
        self.phase = Phase::Fight(spec);
    }

    /// The statuses of the fight starting now: every relic's, then the
    /// events' (each counting down one fight, gone at 0).
    fn fight_statuses(&mut self) -> Vec<FightStatus> {
        let balance = &self.setup.balance;
        let relic_grants = self
            .relics
            .iter()
            .filter_map(|id| balance.relic(id)?.status.as_ref());
        let out: Vec<FightStatus> = relic_grants
            .chain(&self.statuses)
            .filter_map(|grant| Some(FightStatus::new(balance.status(&grant.status)?, grant)))
            .collect();
        for grant in &mut self.statuses {
            grant.fights = grant.fights.saturating_sub(1);
        }
        self.statuses.retain(|grant| grant.fights > 0);
        out
    }

    fn finish_fight(
        &mut self,
        result: FightResult,
        content: &Content,
        draws: &mut Draws,
        notes: &mut Vec<String>,
    ) {
        let Phase::Fight(spec) = self.phase.clone() else {
            return;
        };
        let mut record = FightRecord {
            kind: spec.kind,
            floor: spec.floor,
            light: spec.light,
            won: result.won,
            gold: 0,
            rewards: 0,
            statuses: spec.statuses.len() as u32,
            relic_cards: spec.player_cards.len() as u32,
        };
        if !result.won {
            notes.push(format!(
                "You lost the fight on floor {}. The run is over.",
                spec.floor
            ));
            self.fights.push(record);
            self.phase = Phase::Over { won: false };
            return;
        }
        let heal: i32 = self.balance().heal.after_fight
            + self
                .relic_effects()
                .filter_map(|e| match e {
                    RelicEffect::HealAfterFight(n) => Some(n),
                    _ => None,
                })
                .sum::<i32>();
        self.defense = (result.defense_left + heal).clamp(1, self.max_defense);
        let balance = self.setup.balance.clone();
        if spec.kind == FightKind::Boss {
            let bonus = self.torches * balance.light.gold_per_torch_left;
            record.gold = balance.rewards.boss_gold + bonus;
            self.gold += record.gold;
            notes.push(format!(
                "The boss falls! {} gold, {bonus} of it for your {} torches left.",
                record.gold, self.torches
            ));
            self.fights.push(record);
            self.phase = Phase::Over { won: true };
            return;
        }
        let elite = matches!(spec.kind, FightKind::Elite | FightKind::Special);
        let gold_range = if elite {
            balance.rewards.elite_gold
        } else {
            balance.rewards.fight_gold
        };
        let extra_picks = if elite {
            balance.rewards.elite_card_picks
        } else {
            0
        };
        let gold_bonus: u32 = self
            .relic_effects()
            .filter_map(|e| match e {
                RelicEffect::FightGold(n) => Some(n),
                _ => None,
            })
            .sum();
        let payout = crate::rewards::payout(
            &balance,
            gold_range,
            balance.light_effect(spec.light),
            extra_picks,
            gold_bonus,
            draws,
        );
        self.gold += payout.gold;
        self.torches += payout.torches;
        record.gold = payout.gold;
        record.rewards = payout.card_picks + payout.torches;
        notes.push(format!(
            "You won with {} defense left: {} gold{}.",
            self.defense,
            payout.gold,
            if payout.torches > 0 {
                " and a torch"
            } else {
                ""
            }
        ));
        if spec.kind == FightKind::Special {
            record.rewards += u32::from(self.gain_random_relic(draws, notes));
        }
        self.fights.push(record);
        self.start_picks(
            payout.card_picks,
            spec.kind == FightKind::Special,
            content,
            draws,
            notes,
        );
    }

    /// Offers `picks` card picks in a row (none: the event is over).
    fn start_picks(
        &mut self,
        picks: u32,
        costly: bool,
        content: &Content,
        draws: &mut Draws,
        notes: &mut Vec<String>,
    ) {
        if picks == 0 {
            self.after_event(notes);
            return;
        }
        let class = content.class_of(&self.deck.leader);
        let ask = crate::rewards::Offer {
            class,
            floor: self.floor(),
            floors: self.map.floors(),
            count: self.balance().rewards.card_choices,
            costly,
            rarity: self.balance().rewards.rarity_odds(),
        };
        let offer = content.pool().offer(ask, draws);
        if offer.is_empty() {
            self.after_event(notes);
            return;
        }
        self.phase = Phase::Reward(Reward {
            offer,
            picks_after: picks - 1,
            costly,
        });
    }

    fn next_pick(&mut self, content: &Content, draws: &mut Draws, notes: &mut Vec<String>) {
        let (left, costly) = match &self.phase {
            Phase::Reward(reward) => (reward.picks_after, reward.costly),
            _ => (0, false),
        };
        self.start_picks(left, costly, content, draws, notes);
    }

    fn pick_option(
        &mut self,
        option_idx: usize,
        content: &Content,
        draws: &mut Draws,
        notes: &mut Vec<String>,
    ) {
        let Some(option) = self.scenario_option(option_idx) else {
            return;
        };
        let terms = self.balance().option_terms(&option);
        if terms.is_empty() {
            notes.push(option.label.clone());
        } else {
            notes.push(format!("{} ({terms}).", option.label));
        }
        self.gold = (i64::from(self.gold) + i64::from(option.gold)).max(0) as u32;
        self.torches = (i64::from(self.torches) + i64::from(option.torches)).max(0) as u32;
        self.defense = (self.defense + option.defense).clamp(1, self.max_defense);
        if let Some(relic) = &option.relic {
            self.gain_relic(relic, notes);
        }
        if let Some(grant) = &option.status
            && let Some(def) = self.balance().status(&grant.status)
        {
            let fights = grant.fights;
            notes.push(format!(
                "For your next {}: {}",
                if fights == 1 {
                    "fight".to_owned()
                } else {
                    format!("{fights} fights")
                },
                FightStatus::new(def, grant).describe()
            ));
            self.statuses.push(grant.clone());
        }
        if option.remove_card {
            self.phase = Phase::RemoveCard {
                then_pick: option.card_pick,
            };
        } else {
            self.start_picks(u32::from(option.card_pick), false, content, draws, notes);
        }
    }

    /// After a room's event: its unique event if bright enough and not yet
    /// met, else travel.
    fn after_event(&mut self, notes: &mut Vec<String>) {
        let unique = self.map.room(self.position).and_then(|room| room.unique);
        match unique {
            Some(kind)
                if !self.uniques_done.contains(&self.position)
                    && events::unique_triggers(self.light(self.position)) =>
            {
                self.uniques_done.push(self.position);
                notes.push("In the bright light, the twinkle here takes shape.".to_owned());
                self.phase = Phase::Unique(kind);
            }
            _ => self.phase = Phase::Travel,
        }
    }

    fn accept_unique(&mut self, draws: &mut Draws, notes: &mut Vec<String>) {
        match self.phase {
            Phase::Unique(UniqueKind::Relic) => {
                self.gain_random_relic(draws, notes);
                self.phase = Phase::Travel;
            }
            Phase::Unique(UniqueKind::Fight) => {
                let level = self.light(self.position);
                self.start_fight(FightKind::Special, level, draws);
                let special = self
                    .fight()
                    .and_then(|spec| spec.special.as_deref())
                    .and_then(|id| self.balance().special_fight(id));
                match special {
                    Some(special) => {
                        notes.push(format!("{}: {}", special.name, special.text));
                    }
                    None => notes.push("A guardian of the twinkle steps out.".to_owned()),
                }
            }
            _ => {}
        }
    }

    /// A relic not held yet, if any is left; whether one was gained.
    fn gain_random_relic(&mut self, draws: &mut Draws, notes: &mut Vec<String>) -> bool {
        let left: Vec<String> = self
            .balance()
            .relics
            .iter()
            .filter(|r| !self.relics.contains(&r.id))
            .map(|r| r.id.clone())
            .collect();
        if left.is_empty() {
            notes.push("The twinkle fades: there is no relic left to find.".to_owned());
            return false;
        }
        let id = left[draws.below(left.len() as u64) as usize].clone();
        self.gain_relic(&id, notes);
        true
    }

    fn gain_relic(&mut self, id: &str, notes: &mut Vec<String>) {
        let Some(relic) = self.balance().relic(id).cloned() else {
            return;
        };
        notes.push(format!("You gain {}: {}", relic.name, relic.text));
        self.relics.push(relic.id.clone());
        match relic.effect {
            None => {}
            Some(RelicEffect::MaxDefense(n)) => {
                self.max_defense += n;
                self.defense = (self.defense + n).clamp(1, self.max_defense);
            }
            Some(RelicEffect::Torches(n)) => self.torches += n,
            Some(RelicEffect::TorchRadius(n)) => self.torch_radius_bonus += n,
            Some(RelicEffect::FightGold(_) | RelicEffect::HealAfterFight(_)) => {}
        }
    }

    fn relic_effects(&self) -> impl Iterator<Item = RelicEffect> + '_ {
        self.relics
            .iter()
            .filter_map(|id| self.balance().relic(id)?.effect)
    }
}

#[cfg(test)]
mod tests {
    use super::{Choice, Phase, Run, RunDeck, RunError, RunSetup};
    use crate::balance::Balance;
    use crate::content::{self, Content};
    use crate::fight::FightResult;
    use std::sync::Arc;
    use sve_engine::decks::starter_deck;
    use sve_engine::engine::{AbilityRunner, NoAbilities};

    fn start(seed: u64) -> (Run, Content) {
        let db = Arc::new(sve_engine::cards::starter::starter_db().expect("bundled cards"));
        let runner: Arc<dyn AbilityRunner> = Arc::new(NoAbilities);
        let content = Content::new(Arc::clone(&db), runner, &Balance::default(), &starter_deck)
            .expect("starter decks");
        let list = content::resolve_named("SD01", &db, &starter_deck).expect("SD01");
        let run = Run::new(RunSetup {
            seed,
            deck_name: "SD01".to_owned(),
            deck: RunDeck::from_list(&list, &db),
            balance: Balance::default(),
            card_fingerprint: content.fingerprint(),
        });
        (run, content)
    }

    #[test]
    fn a_run_starts_in_the_lit_start_room_with_three_torches() {
        let (run, _) = start(1);
        assert_eq!((run.torches(), run.defense(), run.floor()), (3, 20, 0));
        assert_eq!(run.placed().len(), 1);
        // The start room holds its torch: only moves are offered.
        assert!(run.choices().iter().all(|c| matches!(c, Choice::Move(_))));
        for room in run.map().next(run.position()) {
            assert!(run.light(*room) >= 1, "the start torch lights floor 1");
        }
    }

    #[test]
    fn floor_one_is_a_fight_and_a_win_pays_then_offers_cards() {
        let (mut run, content) = start(2);
        let first = run.choices()[0].clone();
        run.apply(first, &content).expect("a move");
        let spec = run.fight().expect("floor 1 is all fights").clone();
        assert_eq!(spec.player_defense, 20);
        assert!(run.choices().is_empty());
        let gold = run.gold();
        run.apply(
            Choice::Fought(FightResult {
                won: true,
                defense_left: 14,
                turns: 9,
            }),
            &content,
        )
        .expect("the fight's result");
        assert_eq!(run.defense(), 14 + Balance::default().heal.after_fight);
        assert!(run.gold() > gold);
        assert!(matches!(run.phase(), Phase::Reward(_)), "{:?}", run.phase());
        let deck = run.deck().main.len();
        run.apply(Choice::TakeCard(0), &content).expect("a pick");
        assert_eq!(run.deck().main.len(), deck + 1);
    }

    #[test]
    fn a_lost_fight_ends_the_run_and_refuses_more_choices() {
        let (mut run, content) = start(3);
        let first = run.choices()[0].clone();
        run.apply(first.clone(), &content).expect("a move");
        let lost = FightResult {
            won: false,
            defense_left: 0,
            turns: 12,
        };
        run.apply(Choice::Fought(lost), &content)
            .expect("the result");
        assert_eq!(run.outcome(), Some(false));
        assert_eq!(
            run.apply(first.clone(), &content),
            Err(RunError::NotOffered(first))
        );
        assert_eq!(
            run.apply(Choice::Fought(lost), &content),
            Err(RunError::NoFight)
        );
    }

    #[test]
    fn a_placed_torch_lights_the_room_and_costs_a_torch() {
        let (mut run, content) = start(4);
        let first = run.choices()[0].clone();
        run.apply(first, &content).expect("a move");
        run.apply(
            Choice::Fought(FightResult {
                won: true,
                defense_left: 20,
                turns: 9,
            }),
            &content,
        )
        .expect("won");
        while !matches!(run.phase(), Phase::Travel) {
            run.apply(Choice::SkipCard, &content).expect("skip");
        }
        let here = run.position();
        let before = run.light(here);
        run.apply(Choice::PlaceTorch, &content).expect("a torch");
        assert_eq!(run.light(here), before + 1);
        assert_eq!((run.torches(), run.torches_used()), (2, 1));
        assert!(
            !run.choices().contains(&Choice::PlaceTorch),
            "one torch per room"
        );
    }

    /// Won fights, no card picks: whatever the run asks until it travels.
    fn settle_to_travel(run: &mut Run, content: &Content) {
        while !matches!(run.phase(), Phase::Travel) {
            let choice = match run.phase() {
                Phase::Fight(_) => Choice::Fought(FightResult {
                    won: true,
                    defense_left: 20,
                    turns: 7,
                }),
                Phase::Reward(_) => Choice::SkipCard,
                other => panic!("no {other:?} on this map before travel"),
            };
            run.apply(choice, content).expect("offered");
        }
    }

    #[test]
    fn light_changes_a_fights_enemy_and_its_pay() {
        let db = Arc::new(sve_engine::cards::starter::starter_db().expect("bundled cards"));
        let runner: Arc<dyn AbilityRunner> = Arc::new(NoAbilities);
        // All fights, no twinkles.
        let mut balance = Balance::default();
        balance.map.unique_rooms = 0;
        balance.odds.elite = 0;
        balance.odds.shop = 0;
        balance.odds.heal = 0;
        balance.odds.random = 0;
        let content =
            Content::new(Arc::clone(&db), runner, &balance, &starter_deck).expect("content");
        let list = content::resolve_named("SD01", &db, &starter_deck).expect("SD01");
        let mut run = Run::new(RunSetup {
            seed: 8,
            deck_name: "SD01".to_owned(),
            deck: RunDeck::from_list(&list, &db),
            balance: balance.clone(),
            card_fingerprint: content.fingerprint(),
        });
        let tier = balance.tier(1).expect("a tier").defense;
        let mut specs = Vec::new();
        // Floors 1 and 2 are lit by the start torch (radius 2), floor 3 is
        // dark: no torch is placed.
        for _ in 0..3 {
            let next = run.map().next(run.position())[0];
            run.apply(Choice::Move(next), &content).expect("a move");
            let spec = run.fight().expect("all fights").clone();
            assert_eq!(spec.light, run.light(next));
            specs.push(spec);
            if specs.len() < 3 {
                settle_to_travel(&mut run, &content);
            }
        }
        assert_eq!((specs[0].light, specs[2].light), (1, 0));
        let dark = &balance.light.dark;
        assert_eq!((specs[0].enemy_defense, specs[0].enemy_cards), (tier, 0));
        assert_eq!(
            (specs[2].enemy_defense, specs[2].enemy_cards),
            (tier + dark.enemy_defense, dark.enemy_cards)
        );
        // The dark room pays more gold and two card picks.
        let (gold, torches) = (run.gold(), run.torches());
        run.apply(
            Choice::Fought(FightResult {
                won: true,
                defense_left: 20,
                turns: 7,
            }),
            &content,
        )
        .expect("won");
        let [low, high] = balance.rewards.fight_gold;
        let paid = run.gold() - gold;
        let percent = dark.gold_percent;
        assert!(
            (low * percent / 100..=high * percent / 100).contains(&paid),
            "{paid} gold"
        );
        assert!(matches!(
            run.phase(),
            Phase::Reward(reward) if reward.picks_after + 1 == dark.card_picks
        ));
        // Its rewards: the picks and the torch it may have dropped.
        let dropped = run.torches() - torches;
        assert_eq!(run.fights()[2].rewards, dark.card_picks + dropped);
    }

    /// A run of 6 floors whose free rooms (floors 2 to 4) all hold `only`,
    /// no twinkles, fights paying no gold and leaving 2 defense.
    fn one_event_run(only: crate::events::EventKind, balance: Balance) -> (Run, Content) {
        use crate::events::EventKind;
        let db = Arc::new(sve_engine::cards::starter::starter_db().expect("bundled cards"));
        let runner: Arc<dyn AbilityRunner> = Arc::new(NoAbilities);
        let mut balance = balance;
        balance.map.floors = 6;
        balance.map.unique_rooms = 0;
        balance.rewards.fight_gold = [0, 0];
        balance.heal.after_fight = 0;
        let odds = &mut balance.odds;
        odds.fight = u32::from(only == EventKind::Fight);
        odds.elite = 0;
        odds.shop = u32::from(only == EventKind::Shop);
        odds.heal = u32::from(only == EventKind::Heal);
        odds.random = u32::from(only == EventKind::Random);
        odds.random_other_percent = 0;
        let content =
            Content::new(Arc::clone(&db), runner, &balance, &starter_deck).expect("content");
        let list = content::resolve_named("SD01", &db, &starter_deck).expect("SD01");
        let run = Run::new(RunSetup {
            seed: 12,
            deck_name: "SD01".to_owned(),
            deck: RunDeck::from_list(&list, &db),
            balance,
            card_fingerprint: content.fingerprint(),
        });
        (run, content)
    }

    /// The light a room on floor 2 or 3 gets, and how the test reaches it:
    /// floor 2 is lit by the start torch alone and bright with a torch
    /// placed on floor 1; floor 3 is dark.
    #[derive(Clone, Copy, Debug)]
    enum Reach {
        Dark,
        Lit,
        Bright,
    }

    /// Climbs to the room `reach` names, settling every event on the way
    /// (fights won with 2 defense left, no cards, shops left, the last
    /// option of scenarios), and returns the defense held just before
    /// entering it.
    fn climb(run: &mut Run, content: &Content, reach: Reach) -> i32 {
        let floor = match reach {
            Reach::Dark => 3,
            Reach::Lit | Reach::Bright => 2,
        };
        loop {
            while !matches!(run.phase(), Phase::Travel) {
                let choice = match run.phase() {
                    Phase::Fight(_) => Choice::Fought(FightResult {
                        won: true,
                        defense_left: 2,
                        turns: 7,
                    }),
                    Phase::Reward(_) => Choice::SkipCard,
                    Phase::Shop(_) => Choice::Leave,
                    Phase::Scenario(_) => run.choices().last().cloned().expect("a free option"),
                    other => panic!("no {other:?} on this map"),
                };
                run.apply(choice, content).expect("offered");
            }
            if run.floor() == 1 && matches!(reach, Reach::Bright) {
                run.apply(Choice::PlaceTorch, content).expect("a torch");
            }
            let before = run.defense();
            let next = run.map().next(run.position())[0];
            run.apply(Choice::Move(next), content).expect("a move");
            if run.floor() == floor {
                let expected = match reach {
                    Reach::Dark => 0,
                    Reach::Lit => 1,
                    Reach::Bright => 2,
                };
                assert_eq!(run.light(next), expected, "{reach:?}");
                return before;
            }
        }
    }

    #[test]
    fn light_changes_how_much_a_heal_restores() {
        use crate::events::EventKind;
        let mut balance = Balance::default();
        balance.heal.amount = 6;
        for (reach, percent) in [(Reach::Dark, 50), (Reach::Lit, 100), (Reach::Bright, 150)] {
            let (mut run, content) = one_event_run(EventKind::Heal, balance.clone());
            let before = climb(&mut run, &content, reach);
            assert_eq!(
                run.defense() - before,
                6 * percent / 100,
                "{reach:?}: from {before}"
            );
            let effect = run.balance().light_effect(run.light(run.position()));
            assert_eq!(effect.heal_percent, percent as u32, "the shipped numbers");
        }
    }

    #[test]
    fn light_changes_a_shops_prices_and_what_it_pays() {
        use crate::events::EventKind;
        let balance = Balance::default();
        let prices = balance.shop.clone();
        for (reach, price_percent, sell_percent) in [
            (Reach::Dark, 125, 150),
            (Reach::Lit, 100, 100),
            (Reach::Bright, 80, 100),
        ] {
            let (mut run, content) = one_event_run(EventKind::Shop, balance.clone());
            climb(&mut run, &content, reach);
            let Phase::Shop(shop) = run.phase().clone() else {
                panic!("{reach:?}: a shop, not {:?}", run.phase());
            };
            let scaled = |base: u32| (base * price_percent + 50) / 100;
            for (id, price) in &shop.cards {
                let base =
                    prices.card_price + prices.card_price_per_cost * u32::from(content.cost_of(id));
                assert_eq!(*price, scaled(base), "{reach:?}: {id}");
            }
            assert_eq!(shop.torch_price, scaled(prices.torch_price), "{reach:?}");
            assert_eq!(shop.remove_price, scaled(prices.remove_price), "{reach:?}");
            let sale = (prices.sell_price * sell_percent + 50) / 100;
            assert_eq!(shop.sell_price, sale, "{reach:?}");
            // What the player pays and gets is the shop's price.
            let gold = run.gold();
            run.apply(Choice::Sell(0), &content).expect("a sale");
            assert_eq!(run.gold(), gold + sale, "{reach:?}");
            if run.gold() >= shop.torch_price {
                run.apply(Choice::BuyTorch, &content).expect("a torch");
                assert_eq!(run.gold(), gold + sale - shop.torch_price, "{reach:?}");
            }
        }
    }

    #[test]
    fn light_scales_a_scenarios_gains_and_costs() {
        use crate::balance::{Scenario, ScenarioOption};
        use crate::events::EventKind;
        let mut balance = Balance::default();
        balance.player.start_gold = 12;
        balance.scenarios = vec![Scenario {
            id: "toll".to_owned(),
            text: "A toll bridge.".to_owned(),
            options: vec![
                ScenarioOption {
                    label: "Rob the keeper".to_owned(),
                    gold: 20,
                    defense: -4,
                    ..ScenarioOption::default()
                },
                ScenarioOption {
                    label: "Pay the toll".to_owned(),
                    gold: -10,
                    defense: 4,
                    ..ScenarioOption::default()
                },
                ScenarioOption {
                    label: "Walk on".to_owned(),
                    ..ScenarioOption::default()
                },
            ],
        }];
        // (gold, defense) of robbing and of paying, and whether 12 gold pays.
        for (reach, rob, pay, affordable) in [
            (Reach::Dark, (30, -6), (-15, 6), false),
            (Reach::Lit, (20, -4), (-10, 4), true),
            (Reach::Bright, (20, -2), (-5, 4), true),
        ] {
            let (mut run, content) = one_event_run(EventKind::Random, balance.clone());
            climb(&mut run, &content, reach);
            assert!(matches!(run.phase(), Phase::Scenario(0)), "{reach:?}");
            let robbed = run.scenario_option(0).expect("an option");
            let paid = run.scenario_option(1).expect("an option");
            assert_eq!((robbed.gold, robbed.defense), rob, "{reach:?}");
            assert_eq!((paid.gold, paid.defense), pay, "{reach:?}");
            assert_eq!(
                run.choices().contains(&Choice::Pick(1)),
                affordable,
                "{reach:?}: 12 gold against {}",
                paid.gold
            );
            // Robbing gives what the light says.
            let (gold, defense) = (run.gold(), run.defense());
            let notes = run.apply(Choice::Pick(0), &content).expect("offered");
            assert_eq!(i64::from(run.gold()) - i64::from(gold), i64::from(rob.0));
            assert_eq!(run.defense(), (defense + rob.1).max(1), "{reach:?}");
            assert!(
                notes[0].contains(&format!("+{} gold", rob.0)),
                "{reach:?}: {notes:?}"
            );
        }
    }

    #[test]
    fn a_special_fight_is_a_guardian_with_its_own_deck_and_special_cards() {
        use crate::events::{EventKind, UniqueKind};
        use crate::fight::{ENEMY, FightKind, FightOptions, board};
        use sve_engine::engine::{SandboxAction, Zone};
        // Every room from floor 1 holds a twinkle's special fight (put
        // back after `one_event_run` turns twinkles off).
        let mut balance = Balance::default();
        balance.map.unique_min_floor = 1;
        balance.odds.unique_fight_percent = 100;
        let (run, content) = one_event_run(EventKind::Heal, balance);
        let mut setup = run.setup().clone();
        setup.balance.map.unique_rooms = 100;
        let balance = setup.balance.clone();
        let mut run = Run::new(setup);
        let first = run.map().next(run.position())[0];
        run.apply(Choice::Move(first), &content).expect("a move");
        settle_to_travel(&mut run, &content);
        run.apply(Choice::PlaceTorch, &content).expect("a torch");
        assert_eq!(run.phase(), &Phase::Unique(UniqueKind::Fight));
        let notes = run.apply(Choice::Accept, &content).expect("accepted");
        let spec = run.fight().expect("the special fight").clone();
        assert_eq!(spec.kind, FightKind::Special);
        let id = spec.special.clone().expect("a shipped special fight");
        let special = balance.special_fight(&id).expect("defined").clone();
        assert!(notes[0].starts_with(&special.name), "{notes:?}");
        // Its own deck, bot, defense (elite and bright light added) and
        // cards on its field.
        assert_eq!(spec.enemy_deck, special.deck);
        assert_eq!(spec.enemy_bot, special.bot);
        assert_eq!(
            spec.enemy_defense,
            special.defense + balance.encounters.elite_defense + balance.light.bright.enemy_defense
        );
        assert_eq!(spec.enemy_field, special.cards);
        let deck = content.deck(&spec.enemy_deck).expect("a built-in deck");
        assert_eq!(
            content.db().get(deck.leader).class,
            content.db().get(deck.main[0]).class,
            "a deck of one class"
        );
        let opening = board::opening(&spec, content.db()).expect("loaded cards");
        let special_card = content.db().by_card_id(&special.cards[0]).expect("loaded");
        assert!(
            opening.contains(&SandboxAction::PutCard {
                player: ENEMY,
                def: special_card,
                zone: Zone::Field,
            }),
            "{opening:?}"
        );
        // It plays to its end as a real match.
        let report = crate::sim::play_fight(
            &run,
            &content,
            &spec,
            crate::balance::parse_bot("easy").expect("a bot"),
            FightOptions {
                check_invariants: true,
            },
        )
        .expect("the decks resolve");
        assert_eq!(report.errors, 0, "{:?}", report.error_samples);
        assert!(report.violations.is_empty(), "{:?}", report.violations);
        // The other shipped guardian is drawn by another seed.
        let drawn: std::collections::BTreeSet<String> = (0..12)
            .filter_map(|seed| {
                let mut setup = run.setup().clone();
                setup.seed = seed;
                let mut other = Run::new(setup);
                let first = other.map().next(other.position())[0];
                other.apply(Choice::Move(first), &content).ok()?;
                settle_to_travel(&mut other, &content);
                other.apply(Choice::PlaceTorch, &content).ok()?;
                other.apply(Choice::Accept, &content).ok()?;
                other.fight()?.special.clone()
            })
            .collect();
        assert_eq!(drawn.len(), balance.special_fights.len(), "{drawn:?}");
    }

    #[test]
    fn a_shop_sells_cards_and_torches_buys_cards_and_removes_one() {
        let db = Arc::new(sve_engine::cards::starter::starter_db().expect("bundled cards"));
        let runner: Arc<dyn AbilityRunner> = Arc::new(NoAbilities);
        // Shops on every free room, and gold to spend.
        let mut balance = Balance::default();
        balance.map.floors = 5;
        balance.map.unique_rooms = 0;
        balance.player.start_gold = 500;
        balance.odds.fight = 0;
        balance.odds.elite = 0;
        balance.odds.heal = 0;
        balance.odds.random = 0;
        balance.odds.shop = 1;
        let content =
            Content::new(Arc::clone(&db), runner, &balance, &starter_deck).expect("content");
        let list = content::resolve_named("SD01", &db, &starter_deck).expect("SD01");
        let mut run = Run::new(RunSetup {
            seed: 4,
            deck_name: "SD01".to_owned(),
            deck: RunDeck::from_list(&list, &db),
            balance: balance.clone(),
            card_fingerprint: content.fingerprint(),
        });
        for _ in 0..2 {
            settle_to_travel(&mut run, &content);
            let next = run.map().next(run.position())[0];
            run.apply(Choice::Move(next), &content).expect("a move");
        }
        let Phase::Shop(shop) = run.phase().clone() else {
            panic!("floor 2 is a shop, not {:?}", run.phase());
        };
        let prices = &balance.shop;
        assert_eq!(shop.cards.len() as u32, prices.cards_offered);
        for (id, price) in &shop.cards {
            let cost = u32::from(content.cost_of(id));
            assert_eq!(
                *price,
                prices.card_price + prices.card_price_per_cost * cost
            );
        }
        let (gold, deck) = (run.gold(), run.deck().main.len());
        run.apply(Choice::Buy(0), &content).expect("a card");
        assert_eq!(run.gold(), gold - shop.cards[0].1);
        assert_eq!(run.deck().main.last(), Some(&shop.cards[0].0));
        let Phase::Shop(after) = run.phase() else {
            panic!("still shopping");
        };
        assert_eq!(after.cards.len(), shop.cards.len() - 1, "sold once");
        let torches = run.torches();
        run.apply(Choice::BuyTorch, &content).expect("a torch");
        run.apply(Choice::BuyTorch, &content).expect("another");
        assert_eq!(run.torches(), torches + 2);
        assert!(!run.choices().contains(&Choice::BuyTorch), "two a shop");
        let gold = run.gold();
        run.apply(Choice::Remove(0), &content).expect("a removal");
        assert_eq!(run.gold(), gold - prices.remove_price);
        assert!(
            !run.choices().iter().any(|c| matches!(c, Choice::Remove(_))),
            "one removal a shop"
        );
        run.apply(Choice::Sell(0), &content).expect("a sale");
        assert_eq!(run.gold(), gold - prices.remove_price + prices.sell_price);
        assert_eq!(run.deck().main.len(), deck + 1 - 2);
        run.apply(Choice::Leave, &content).expect("out");
        assert_eq!(run.phase(), &Phase::Travel);
    }

    #[test]
    fn a_unique_event_waits_for_bright_light_and_may_be_declined() {
        use crate::events::UniqueKind;
        let db = Arc::new(sve_engine::cards::starter::starter_db().expect("bundled cards"));
        let runner: Arc<dyn AbilityRunner> = Arc::new(NoAbilities);
        // Every room from floor 1 holds a unique relic; the free rooms
        // are heals.
        let mut balance = Balance::default();
        balance.map.floors = 5;
        balance.map.unique_rooms = 100;
        balance.map.unique_min_floor = 1;
        balance.odds.unique_fight_percent = 0;
        balance.odds.fight = 0;
        balance.odds.elite = 0;
        balance.odds.shop = 0;
        balance.odds.random = 0;
        balance.odds.heal = 1;
        let content =
            Content::new(Arc::clone(&db), runner, &balance, &starter_deck).expect("content");
        let list = content::resolve_named("SD01", &db, &starter_deck).expect("SD01");
        let mut run = Run::new(RunSetup {
            seed: 3,
            deck_name: "SD01".to_owned(),
            deck: RunDeck::from_list(&list, &db),
            balance,
            card_fingerprint: content.fingerprint(),
        });
        // Floor 1, lit by the start torch alone: the fight, and no twinkle.
        let first = run.map().next(run.position())[0];
        run.apply(Choice::Move(first), &content).expect("a move");
        assert_eq!(run.light(first), 1);
        settle_to_travel(&mut run, &content);
        assert_eq!(run.phase(), &Phase::Travel, "level 1 wakes no twinkle");
        // A torch makes the room bright: the twinkle takes shape.
        run.apply(Choice::PlaceTorch, &content).expect("a torch");
        assert_eq!(run.light(first), 2);
        assert_eq!(run.phase(), &Phase::Unique(UniqueKind::Relic));
        assert_eq!(run.choices(), [Choice::Accept, Choice::Decline]);
        run.apply(Choice::Decline, &content).expect("declined");
        assert_eq!(run.phase(), &Phase::Travel);
        assert!(run.relics().is_empty());
        // Floor 2 is bright from both torches: after the heal, its twinkle
        // comes at once, and accepting it gives a relic.
        let second = run.map().next(run.position())[0];
        run.apply(Choice::Move(second), &content).expect("a move");
        assert!(run.light(second) >= 2);
        assert_eq!(run.phase(), &Phase::Unique(UniqueKind::Relic));
        run.apply(Choice::Accept, &content).expect("accepted");
        assert_eq!(run.relics().len(), 1);
        assert_eq!(run.phase(), &Phase::Travel);
    }

    /// A balance of 5 floors whose free rooms are all one scenario: an
    /// option giving you poison for the next fight and a relic poisoning
    /// the enemy in every fight.
    fn status_balance() -> Balance {
        use crate::balance::{RelicDef, Scenario, ScenarioOption};
        use crate::status::{StatusGrant, Target};
        let mut balance = Balance::default();
        balance.map.floors = 5;
        balance.map.unique_rooms = 0;
        balance.odds.fight = 0;
        balance.odds.elite = 0;
        balance.odds.shop = 0;
        balance.odds.heal = 0;
        balance.odds.random = 1;
        balance.odds.random_other_percent = 0;
        let grant = |target, turns| StatusGrant {
            status: "poison".to_owned(),
            target,
            turns,
            fights: 1,
        };
        balance.relics.push(RelicDef {
            id: "venom".to_owned(),
            name: "Venom".to_owned(),
            text: "The enemy is poisoned.".to_owned(),
            effect: None,
            card: Some("SD01-002".to_owned()),
            status: Some(grant(Target::Enemy, 3)),
        });
        balance.scenarios = vec![Scenario {
            id: "spring".to_owned(),
            text: "A bitter spring.".to_owned(),
            options: vec![
                ScenarioOption {
                    label: "Drink".to_owned(),
                    status: Some(grant(Target::You, 2)),
                    relic: Some("venom".to_owned()),
                    ..ScenarioOption::default()
                },
                ScenarioOption {
                    label: "Walk on".to_owned(),
                    ..ScenarioOption::default()
                },
            ],
        }];
        balance
    }

    #[test]
    fn statuses_from_events_last_their_fights_and_relics_every_fight() {
        use crate::status::Target;
        let db = Arc::new(sve_engine::cards::starter::starter_db().expect("bundled cards"));
        let runner: Arc<dyn AbilityRunner> = Arc::new(NoAbilities);
        let balance = status_balance();
        balance
            .check("", "test", &|name| starter_deck(name).is_some())
            .unwrap_or_else(|e| panic!("{e}"));
        let content =
            Content::new(Arc::clone(&db), runner, &balance, &starter_deck).expect("content");
        let list = content::resolve_named("SD01", &db, &starter_deck).expect("SD01");
        let mut run = Run::new(RunSetup {
            seed: 9,
            deck_name: "SD01".to_owned(),
            deck: RunDeck::from_list(&list, &db),
            balance,
            card_fingerprint: content.fingerprint(),
        });
        let won = Choice::Fought(FightResult {
            won: true,
            defense_left: 20,
            turns: 7,
        });
        let mut specs = Vec::new();
        let mut drank = false;
        while run.outcome().is_none() {
            if let Some(spec) = run.fight() {
                specs.push(spec.clone());
                run.apply(won.clone(), &content).expect("a result");
                continue;
            }
            let choice = match run.phase() {
                Phase::Scenario(_) if !drank => {
                    drank = true;
                    Choice::Pick(0)
                }
                Phase::Scenario(_) => Choice::Pick(1),
                Phase::Reward(_) => Choice::SkipCard,
                _ => run
                    .choices()
                    .into_iter()
                    .find(|c| matches!(c, Choice::Move(_)))
                    .expect("a move"),
            };
            let picked_status = choice == Choice::Pick(0);
            run.apply(choice, &content).expect("offered");
            if picked_status {
                assert_eq!(run.pending_statuses().len(), 1);
                assert_eq!(run.relics(), ["venom"]);
            }
        }
        assert_eq!(run.outcome(), Some(true));
        // Floor 1's fight came before the spring: no status, no relic.
        assert!(specs[0].statuses.is_empty() && specs[0].player_cards.is_empty());
        // The boss: your poison (the next fight only) and the relic's.
        let boss = specs.last().expect("the boss fight");
        let targets: Vec<Target> = boss.statuses.iter().map(|s| s.target).collect();
        assert_eq!(targets, [Target::Enemy, Target::You], "{boss:?}");
        assert_eq!(boss.player_cards, ["SD01-002"]);
        assert!(run.pending_statuses().is_empty(), "the poison was used up");
    }

    mod props {
        use super::super::{Choice, Phase, Run, RunDeck, RunSetup};
        use crate::balance::Balance;
        use crate::content::{self, Content};
        use crate::fight::FightResult;
        use proptest::prelude::*;
        use std::sync::Arc;
        use sve_engine::decks::starter_deck;
        use sve_engine::engine::{AbilityRunner, NoAbilities};

        /// A run of `seed` whose map holds many twinkles and whose player
        /// has torches to wake them.
        fn start(seed: u64) -> (Run, Content) {
            let mut balance = Balance::default();
            balance.map.unique_rooms = 12;
            balance.map.unique_min_floor = 1;
            balance.light.start_torches = 8;
            let db = Arc::new(sve_engine::cards::starter::starter_db().expect("bundled cards"));
            let runner: Arc<dyn AbilityRunner> = Arc::new(NoAbilities);
            let content = Content::new(Arc::clone(&db), runner, &balance, &starter_deck)
                .expect("starter decks");
            let list = content::resolve_named("SD01", &db, &starter_deck).expect("SD01");
            let run = Run::new(RunSetup {
                seed,
                deck_name: "SD01".to_owned(),
                deck: RunDeck::from_list(&list, &db),
                balance,
                card_fingerprint: content.fingerprint(),
            });
            (run, content)
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(24))]

            /// Whatever the player chooses: a move goes one floor up, to
            /// the room above or a side neighbour the map links; a twinkle
            /// wakes only in a room at light 2 or more (20 woke in the 24
            /// cases when this was written);
            /// the light level of every room is its torches' count; a
            /// torch costs one.
            #[test]
            fn any_run_climbs_one_floor_a_move_and_wakes_twinkles_only_in_bright_light(
                seed in any::<u64>(),
                picks in prop::collection::vec(any::<u16>(), 400),
            ) {
                let (mut run, content) = start(seed);
                for pick in picks {
                    if run.outcome().is_some() {
                        break;
                    }
                    let choice = if let Phase::Fight(_) = run.phase() {
                        // Most fights won, some lost (ending the run).
                        Choice::Fought(FightResult {
                            won: pick % 16 != 0,
                            defense_left: i32::from(pick % 20) + 1,
                            turns: 7,
                        })
                    } else {
                        let choices = run.choices();
                        prop_assert!(!choices.is_empty(), "stuck in {:?}", run.phase());
                        choices[usize::from(pick) % choices.len()].clone()
                    };
                    let (from, torches) = (run.position(), run.torches());
                    run.apply(choice.clone(), &content).expect("an offered choice");
                    let map = run.map();
                    match choice {
                        Choice::Move(to) => {
                            let (a, b) = (map.room(from).expect("a room"), map.room(to).expect("a room"));
                            prop_assert_eq!(run.position(), to);
                            prop_assert_eq!(b.floor, a.floor + 1);
                            prop_assert!(b.column.abs_diff(a.column) <= 1);
                            prop_assert!(map.next(from).contains(&to));
                        }
                        Choice::PlaceTorch => prop_assert_eq!(run.torches(), torches - 1),
                        _ => {}
                    }
                    if let Phase::Unique(_) = run.phase() {
                        prop_assert!(run.light(run.position()) >= 2);
                        prop_assert!(map.room(run.position()).is_some_and(|r| r.unique.is_some()));
                    }
                    for room in map.ids() {
                        prop_assert_eq!(
                            run.light(room),
                            crate::light::level(map, run.placed(), room)
                        );
                    }
                }
            }
        }
    }
}
