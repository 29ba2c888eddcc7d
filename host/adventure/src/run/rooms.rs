//! A room's event played out: entering a room (its fight, shop, heal or
//! scenario), a fight's result and rewards, card picks, a scenario's
//! option, a twinkle's unique event and relics. [`super::Run::apply`]
//! calls in here; the state and the choices live in [`super`].

use super::{FightRecord, Phase, Reward, Run, SHOP_TORCHES, Shop};
use crate::balance::RelicEffect;
use crate::content::Content;
use crate::events::{self, EventKind, Settled, UniqueKind};
use crate::fight::{FightKind, FightResult, FightSpec};
use crate::light;
use crate::map::RoomId;
use crate::rng::Draws;
use crate::status::FightStatus;

impl Run {
    /// Enters a room: its event begins.
    pub(super) fn enter(
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

    pub(super) fn finish_fight(
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
    pub(super) fn start_picks(
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

    pub(super) fn next_pick(
        &mut self,
        content: &Content,
        draws: &mut Draws,
        notes: &mut Vec<String>,
    ) {
        let (left, costly) = match &self.phase {
            Phase::Reward(reward) => (reward.picks_after, reward.costly),
            _ => (0, false),
        };
        self.start_picks(left, costly, content, draws, notes);
    }

    pub(super) fn pick_option(
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
    pub(super) fn after_event(&mut self, notes: &mut Vec<String>) {
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

    pub(super) fn accept_unique(&mut self, draws: &mut Draws, notes: &mut Vec<String>) {
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
