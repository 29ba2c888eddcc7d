//! A run as a state machine: the state between two choices, the choices a
//! player may make now ([`Run::choices`]) and applying one ([`Run::apply`]).
//!
//! A run moves through [`Phase`]s: travelling (place a torch, move up), a
//! fight (played outside, its [`FightResult`] handed back as
//! [`Choice::Fought`]), a reward, a shop, a scenario, a card removal, a
//! unique event, and the end. Every random draw comes from the run's seed
//! and the number of choices made so far, so a run is its setup plus its
//! list of choices ([`crate::save`]).

use crate::balance::{Balance, ScenarioOption};
use crate::content::{Content, ContentError};
use crate::events::UniqueKind;
use crate::fight::board::MAX_RELIC_CARDS;
use crate::fight::{FightAnswer, FightKind, FightResult, FightSpec};
use crate::light::{self, Torch};
use crate::map::{Map, RoomId};
use crate::rng::Draws;
use crate::status::StatusGrant;
use serde::{Deserialize, Serialize};
use sve_engine::cards::CardDb;
use sve_engine::engine::DeckList;

mod rooms;
#[cfg(test)]
mod tests;

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
    /// A fight result (or a fight's answers so far) came when no fight
    /// was on.
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
    /// The answers so far of the fight on now, left half-played
    /// ([`Run::keep_fight_progress`]). Files carry them after the run's
    /// body ([`crate::save`], version 4), so the field is no part of it.
    #[serde(skip)]
    fight_progress: Vec<FightAnswer>,
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
            fight_progress: Vec::new(),
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

    /// The answers so far (both seats', in order) of the fight on now,
    /// when it was left half-played: [`crate::fight::play_on`] goes on
    /// from them at the same decision. Empty outside a fight and in a
    /// fight not begun.
    pub fn fight_progress(&self) -> &[FightAnswer] {
        &self.fight_progress
    }

    /// Keeps the answers so far of the fight on now, left half-played, so
    /// that a save or run file taken now resumes it where it stands. The
    /// fight's result ([`Run::apply_fought`]) drops them. Not a choice:
    /// the run's log is unchanged.
    pub fn keep_fight_progress(&mut self, answers: Vec<FightAnswer>) -> Result<(), RunError> {
        if self.fight().is_none() {
            return Err(RunError::NoFight);
        }
        self.fight_progress = answers;
        Ok(())
    }

    /// The decks of the fight on now, as the engine takes them: yours
    /// (seat 1) and the encounter's (seat 2).
    pub fn fight_decks(&self, content: &Content) -> Result<[DeckList; 2], String> {
        let spec = self.fight().ok_or("no fight is on")?;
        let player = self.deck.to_list(content.db()).map_err(|e| e.to_string())?;
        let enemy = content
            .deck(&spec.enemy_deck)
            .cloned()
            .ok_or_else(|| format!("no encounter deck `{}`", spec.enemy_deck))?;
        Ok([player, enemy])
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
            Choice::Fought(result) => {
                self.fight_progress.clear();
                self.finish_fight(result, content, &mut draws, &mut notes);
            }
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
}
