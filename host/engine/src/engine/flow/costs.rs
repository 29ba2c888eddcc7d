//! Costs (rules-coverage.md §12.3, CR 10.4): checking that every part can be paid,
//! and paying the parts in order. Cards used to pay come from the payer's
//! own zones and are chosen, not selected (Aura does not apply).

use super::cancel::cost_options;
use super::fuse::FuseStep;
use crate::cards::{CostItem, CostMove, CostPick, CostZone, Counter, Keywords, OwnCardsCost};
use crate::engine::Match;
use crate::engine::actions::Leave;
use crate::engine::event::{MoveCause, Resource};
use crate::engine::ids::{CardRef, PlayerId};
use crate::engine::mutation::{Mutation, Place, PlayerFlag};
use crate::engine::runtime::{AbilityRun, Choice, Decision, Prompt, Resume, RunOrigin, Task};
use crate::engine::state::Zone;

impl Match {
    /// Whether every cost item can be paid in full (CR 10.4.2.2).
    pub(crate) fn can_pay_costs(
        &self,
        player: PlayerId,
        card: CardRef,
        costs: &[CostItem],
    ) -> bool {
        self.can_pay_costs_with(player, card, costs, 0)
    }

    /// [`Match::can_pay_costs`] with `pp_paid_otherwise` play points of the
    /// cost paid some other way (1 EP for 1 PP of an `[adv]` ability).
    pub(crate) fn can_pay_costs_with(
        &self,
        player: PlayerId,
        card: CardRef,
        costs: &[CostItem],
        pp_paid_otherwise: i32,
    ) -> bool {
        let p = self.state.player(player);
        let state = self.state.card(card);
        let mut pp_needed = -pp_paid_otherwise;
        for item in costs {
            let payable = match item {
                CostItem::PlayPoints(n) => {
                    pp_needed += i32::from(*n);
                    p.pp >= pp_needed
                }
                CostItem::EngageSelf => state.zone == Zone::Field && !state.engaged,
                CostItem::LeaderDefense(n) => p.leader_defense >= i32::from(*n),
                CostItem::BurySelf | CostItem::ReturnSelfToHand => state.zone == Zone::Field,
                CostItem::BanishSelf => self.state.may_be_banished(&self.db, card),
                CostItem::RemoveCounters(kind, n) => state.counter(*kind) >= u32::from(*n),
                // Numbered when the pool was built; left named only on a
                // card that can't be played.
                CostItem::RemoveNamedCounters(..) => false,
                CostItem::Fuse(fuse) => self.can_fuse(player, card, fuse),
                CostItem::DrivePoint => self.can_pay_drive_point(player, card),
                // X may be 0; a turn can always be skipped (CR 5.26.2.1).
                CostItem::PlayPointsX | CostItem::SkipNextTurn => true,
                _ => self.cost_candidates(player, card, item).len() >= self.cost_count(item).0,
            };
            if !payable {
                return false;
            }
        }
        true
    }

    /// Pays cost items from `item` on; items that need a choice of cards ask
    /// for it, offering a cancel while the activation can still be taken
    /// back (`cancel.rs`). Afterwards the ability runs.
    pub(crate) fn pay_costs(&mut self, mut run: Box<AbilityRun>, item: usize) {
        let costs = self.db.get(run.def).abilities
            [usize::from(run.what.ability().map_or(0, |a| a.0))]
        .costs
        .clone();
        let player = run.controller;
        let card = run.source;
        for (idx, cost) in costs.iter().enumerate().skip(item) {
            match cost {
                CostItem::PlayPoints(n) => {
                    // 1 EP paid 1 PP of an `[adv]` ability's cost.
                    let paid = (*n).min(run.pp_paid_by_ep);
                    run.pp_paid_by_ep -= paid;
                    let pp = self.state.player(player).pp;
                    self.apply(Mutation::SetResource(
                        player,
                        Resource::PlayPoints,
                        (pp - i32::from(*n - paid)).max(0),
                    ));
                }
                CostItem::EngageSelf => self.set_engaged(card, true),
                CostItem::LeaderDefense(n) => self.change_leader_defense(player, -i32::from(*n)),
                CostItem::BurySelf => self.pay_by_moving(card, Zone::Cemetery),
                CostItem::ReturnSelfToHand => self.pay_by_moving(card, Zone::Hand),
                CostItem::BanishSelf => self.pay_by_moving(card, Zone::Banished),
                CostItem::RemoveCounters(kind, n) => {
                    self.apply(Mutation::AddCounters(card, *kind, -i32::from(*n)));
                }
                CostItem::DrivePoint => self.pay_drive_point(player, card),
                CostItem::SkipNextTurn => {
                    self.apply(Mutation::SetFlag(player, PlayerFlag::SkipNextTurn, true));
                }
                CostItem::PlayPointsX => {
                    let most = self.most_x(&run, &costs, idx);
                    if most > 0 {
                        self.ask_x(run, &costs, idx, most);
                        return;
                    }
                }
                CostItem::Fuse(fuse) => match self.fuse_step(&mut run, fuse) {
                    FuseStep::Fuse(cards) => self.fuse(&mut run, cards),
                    FuseStep::Ask {
                        candidates,
                        min,
                        max,
                        purpose,
                    } => {
                        self.ask_cost_cards(run, &costs, idx, candidates, (min, max), purpose);
                        return;
                    }
                },
                _ => {
                    let (min, max) = self.cost_count(cost);
                    let candidates =
                        self.distinct_candidates(self.cost_candidates(player, card, cost), max);
                    // No choice to make: every candidate pays.
                    if candidates.len() <= min
                        || matches!(cost, CostItem::MoveOwn(own) if own.pick == CostPick::All)
                    {
                        self.pay_cost_with_cards(&run, idx, &candidates);
                        continue;
                    }
                    let max = max.min(candidates.len());
                    let purpose = cost_purpose(cost);
                    self.ask_cost_cards(run, &costs, idx, candidates, (min, max), purpose);
                    return;
                }
            }
        }
        // Paid: there is nothing to take back any more.
        run.cancel = None;
        self.tasks.push(Task::Run(run));
    }

    /// The most X a `[costX]` cost (item `item` of `costs`) can be: the
    /// play points left after the fixed play points of the items after it
    /// (those before it are paid), less what 1 EP pays.
    fn most_x(&self, run: &AbilityRun, costs: &[CostItem], item: usize) -> i32 {
        let later: i32 = costs
            .iter()
            .skip(item + 1)
            .map(|cost| match cost {
                CostItem::PlayPoints(n) => i32::from(*n),
                _ => 0,
            })
            .sum();
        let later = later - i32::from(run.pp_paid_by_ep);
        (self.state.player(run.controller).pp - later.max(0)).max(0)
    }

    /// Asks `run`'s controller for X, 0 to `most`, offering a cancel while
    /// the activation can be taken back; the answer pays it
    /// ([`Match::pay_x`]).
    fn ask_x(&mut self, run: Box<AbilityRun>, costs: &[CostItem], item: usize, most: i32) {
        let cancel = self.offers_cancel(&run, costs, item);
        let mut options: Vec<Choice> = (0..=most)
            .map(|x| Choice::Label(format!("X = {x}")))
            .collect();
        if cancel {
            options.push(Choice::Cancel);
        }
        self.ask(
            Decision::pick_one(
                run.controller,
                Prompt::ChooseX { card: run.source },
                options,
            ),
            Resume::ChooseX(run, item),
        );
    }

    /// Pays X play points for the `[costX]` item `item` of `run`, keeps X
    /// for the ability, and goes on paying.
    pub(crate) fn pay_x(&mut self, mut run: Box<AbilityRun>, item: usize, x: i32) {
        let player = run.controller;
        let pp = self.state.player(player).pp;
        let x = x.clamp(0, pp.max(0));
        if x > 0 {
            self.apply(Mutation::SetResource(player, Resource::PlayPoints, pp - x));
        }
        run.x = x;
        self.tasks.push(Task::PayCosts(run, item + 1));
    }

    /// Asks which of `candidates` pay cost item `item` of `run` (costs
    /// `costs`), `min` to `max` of them, offering a cancel while the
    /// activation can still be taken back (`cancel.rs`); the answer goes on
    /// paying ([`Match::cost_cards_chosen`]).
    fn ask_cost_cards(
        &mut self,
        run: Box<AbilityRun>,
        costs: &[CostItem],
        item: usize,
        candidates: Vec<CardRef>,
        (min, max): (usize, usize),
        purpose: &str,
    ) {
        let cancel = self.offers_cancel(&run, costs, item);
        self.ask(
            Decision {
                player: run.controller,
                prompt: Prompt::CostCards {
                    card: run.source,
                    purpose: purpose.to_owned(),
                    optional: run.origin == RunOrigin::Triggered,
                },
                options: cost_options(candidates, cancel),
                min,
                max,
            },
            Resume::CostCards(run, item),
        );
    }

    /// Takes the cards chosen for cost item `item` of `run`, and goes on
    /// paying: a Fuse's first answer may be only the card that makes room
    /// in the EX area (`fuse.rs`), after which the rest is asked.
    pub(crate) fn cost_cards_chosen(
        &mut self,
        mut run: Box<AbilityRun>,
        item: usize,
        cards: Vec<CardRef>,
    ) {
        if !self.is_fuse_cost(&run, item) {
            self.pay_cost_with_cards(&run, item, &cards);
        } else if self.fuse_needs_room(&run) {
            // The card that makes room: the rest is asked next.
            run.fused.extend(cards);
            self.tasks.push(Task::PayCosts(run, item));
            return;
        } else {
            let mut fused = std::mem::take(&mut run.fused);
            fused.extend(cards);
            self.fuse(&mut run, fused);
        }
        self.tasks.push(Task::PayCosts(run, item + 1));
    }

    /// Pays one card-choosing cost item with the chosen cards, moved
    /// together (one batch, later-sets §11.1).
    pub(crate) fn pay_cost_with_cards(&mut self, run: &AbilityRun, item: usize, cards: &[CardRef]) {
        self.together(|m| m.pay_with_chosen(run, item, cards));
    }

    /// [`Match::pay_cost_with_cards`] inside its batch.
    fn pay_with_chosen(&mut self, run: &AbilityRun, item: usize, cards: &[CardRef]) {
        let Some(ability) = run.what.ability() else {
            return;
        };
        let Some(cost) = self.db.get(run.def).abilities[usize::from(ability.0)]
            .costs
            .get(item)
            .cloned()
        else {
            return;
        };
        if let CostItem::MoveOwn(own) = &cost {
            let to = match own.action {
                CostMove::Bury => Zone::Cemetery,
                CostMove::ReturnToHand => Zone::Hand,
                CostMove::Banish => Zone::Banished,
            };
            // The chosen cards on the field leave it together (CR
            // 10.7.4.2), Stack replacing a move as it does for any other;
            // cards from the EX area just move.
            let (on_field, elsewhere): (Vec<CardRef>, Vec<CardRef>) = cards
                .iter()
                .partition(|card| self.state.card(**card).zone == Zone::Field);
            let leaving: Vec<Leave> = on_field
                .into_iter()
                .map(|card| Leave::new(card, to, Place::Top, MoveCause::Cost))
                .collect();
            self.leave_field_together(&leaving);
            for card in elsewhere {
                let owner = self.state.card(card).owner;
                self.move_card(card, owner, to, Place::Top, MoveCause::Cost);
            }
            return;
        }
        for &chosen in cards {
            let owner = self.state.card(chosen).owner;
            match cost {
                CostItem::Discard(..) => self.discard(chosen),
                CostItem::BanishFromCemetery(..) => {
                    self.move_card(chosen, owner, Zone::Banished, Place::Top, MoveCause::Cost)
                }
                CostItem::EarthRite(n) => {
                    self.apply(Mutation::AddCounters(chosen, Counter::Stack, -i32::from(n)))
                }
                _ => {}
            }
        }
    }

    /// Pays "put / return / banish this card" by moving it: off the field
    /// as any card leaves it (a Stack amulet loses a counter instead,
    /// CR 13.3.2.2), from elsewhere directly.
    fn pay_by_moving(&mut self, card: CardRef, to: Zone) {
        let state = self.state.card(card);
        if state.zone == Zone::Field {
            self.leave_field(card, to, Place::Top, MoveCause::Cost);
        } else {
            let owner = state.owner;
            self.move_card(card, owner, to, Place::Top, MoveCause::Cost);
        }
    }

    /// Cards that could pay a card-choosing cost item.
    fn cost_candidates(&self, player: PlayerId, card: CardRef, item: &CostItem) -> Vec<CardRef> {
        let p = self.state.player(player);
        match item {
            CostItem::Discard(_, filter) => p
                .hand
                .iter()
                .copied()
                .filter(|c| *c != card && self.state.matches(&self.db, *c, filter, Some(card)))
                .collect(),
            CostItem::BanishFromCemetery(_, filter) => p
                .cemetery
                .iter()
                .copied()
                .filter(|c| *c != card && self.state.matches(&self.db, *c, filter, Some(card)))
                .collect(),
            CostItem::MoveOwn(OwnCardsCost {
                action,
                from,
                filter,
                ..
            }) => {
                let zones: &[&Vec<CardRef>] = match from {
                    CostZone::Field => &[&p.field],
                    CostZone::ExArea => &[&p.ex_area],
                    CostZone::FieldAndExArea => &[&p.field, &p.ex_area],
                };
                zones
                    .iter()
                    .flat_map(|zone| zone.iter().copied())
                    .filter(|c| self.state.matches(&self.db, *c, filter, Some(card)))
                    // A card that can't be banished can't pay a banish
                    // cost (later-sets §12.7).
                    .filter(|c| {
                        *action != CostMove::Banish || self.state.may_be_banished(&self.db, *c)
                    })
                    .collect()
            }
            CostItem::EarthRite(n) => p
                .field
                .iter()
                .copied()
                .filter(|c| {
                    self.state.card(*c).counter(Counter::Stack) >= u32::from(*n)
                        && self
                            .state
                            .characteristics(&self.db, *c)
                            .keywords
                            .contains(Keywords::STACK)
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The candidates with each group of interchangeable cards
    /// ([`GameState::interchangeable`]) cut to `max`: which of two identical
    /// Magical Items pays a Lesson is no choice, so it is not asked.
    ///
    /// [`GameState::interchangeable`]: crate::engine::state::GameState::interchangeable
    pub(super) fn distinct_candidates(&self, candidates: Vec<CardRef>, max: usize) -> Vec<CardRef> {
        let mut kept: Vec<CardRef> = Vec::with_capacity(candidates.len());
        for card in candidates {
            let copies = kept
                .iter()
                .filter(|other| self.state.interchangeable(**other, card))
                .count();
            if copies < max {
                kept.push(card);
            }
        }
        kept
    }

    /// How many cards a card-choosing cost item takes, fewest and most
    /// (Earth Rite: one amulet; "all" takes what there is).
    fn cost_count(&self, item: &CostItem) -> (usize, usize) {
        match item {
            CostItem::Discard(n, _) | CostItem::BanishFromCemetery(n, _) => {
                (usize::from(*n), usize::from(*n))
            }
            CostItem::MoveOwn(own) => match own.pick {
                CostPick::Choose { min, max } => (usize::from(min), usize::from(max.max(min))),
                CostPick::All => (0, usize::MAX),
            },
            CostItem::EarthRite(_) => (1, 1),
            _ => (0, 0),
        }
    }
}

fn cost_purpose(item: &CostItem) -> &'static str {
    match item {
        CostItem::Discard(..) => "discard",
        CostItem::BanishFromCemetery(..) => "banish from your cemetery",
        CostItem::MoveOwn(own) => match own.action {
            CostMove::Bury => "put into your cemetery",
            CostMove::ReturnToHand => "return to your hand",
            CostMove::Banish => "banish",
        },
        CostItem::EarthRite(_) => "Earth Rite: remove Stack counters",
        _ => "pay",
    }
}
