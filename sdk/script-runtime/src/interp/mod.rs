//! The effect interpreter: runs one ability of the IR through [`Game`].
//!
//! Abilities are re-entrant like every `sve-sdk` ability: a question either
//! returns its answer or stops the run with [`Stop::Halt`], and the host runs
//! the ability again from the start with the answers so far. The
//! interpreter is therefore straight-line code that propagates with `?` and
//! keeps no state of its own between runs.
//!
//! Each effect maps onto the `Game` calls a Rust author would write for the
//! same card text. What the card data has no word for plays through the
//! abilities the manifest adds after a card's own (`extras`: `serve`,
//! `granted`, an alternative cost from the EX area).
//!
//! An ability runs in a [`Frame`]: who performs it ("you"), which card is
//! "this card", the amount `_`, and, inside a restricted sequence (spec
//! §5.6), the subjects its card selections are narrowed to. Effects that run
//! other abilities pass a changed frame on. The code is split by effect
//! family:
//! - `targets`: what a selection names (spec §6) and the restriction;
//! - `required`: the selections an ability must make (no target: it does
//!   nothing, and a spell cannot be played);
//! - `choices`: questions to whichever player performs the effect;
//! - `sequences`: effects that run other abilities (§5.4 "Sequencing and
//!   choices", the `...PerformEffect` pair);
//! - `moves`: moving cards between deck, hand, cemetery, EX area and field;
//! - `stats`: stats, damage, counters and tokens;
//! - `costs`: optional costs of sub-abilities (spec §7, rules-coverage.md §12.3);
//! - `complex`: ComplexEffect scripts (spec §5.10);
//! - `extras`: the abilities the manifest adds after a card's own;
//! - `serve`: Umamusume serve abilities;
//! - `granted`: abilities a `GiveAbility` passive gives.

mod choices;
mod complex;
mod costs;
mod delayed;
pub mod extras;
pub mod granted;
mod moves;
mod required;
pub(crate) mod resolution;
mod sequences;
pub mod serve;
mod stats;
mod targets;

use crate::values::{self, Scope};
pub use required::RequiredSelections;
use sve_script::ir::{self, Ability, AbilityIdx, Cost, Count, Effect, Module, Target};
use sve_sdk::prelude::*;
use targets::Subject;

/// Deepest chain of sub-abilities (calls by name may form cycles).
const MAX_DEPTH: u32 = 16;

/// Runs one ability call of one card.
pub struct Interpreter<'a> {
    card: &'a ir::Card,
    module: &'a Module,
    call: &'a Call,
    ability: &'a Ability,
    /// The module's required selections, worked out at decode; without
    /// them they are worked out at each check.
    required: Option<&'a RequiredSelections>,
}

/// The context one (sub-)ability runs in (spec §5.6, §9.4).
#[derive(Clone, Copy, Debug)]
struct Frame<'r> {
    /// "You": who performs the ability and makes its choices. The
    /// ability's controller, or the other player under
    /// `OpponentPerformEffect` and `DestroyAndControllerPerformEffect`.
    me: Player,
    /// "This card": the source, or the acting card of `PerformAsEachTarget`.
    this: CardRef,
    /// `_`: the amount passed by the caller.
    amount: i32,
    /// In a restricted sequence, the subjects the caller obtained: card
    /// selections keep only these. `None` outside restricted sequences.
    only: Option<&'r [Subject]>,
    /// How many sub-abilities deep this run is.
    depth: u32,
}

/// What [`Stop::unknown`] says, naming the card by its IR id: a host that
/// calls a card by its index may leave `call.card_id` empty
/// ([`Script::resolve_card`](crate::Script::resolve_card)).
fn no_ability(card: &ir::Card, call: &Call) -> Stop {
    Stop::Error(format!(
        "this pack has no ability {} for card {}",
        call.ability, card.id
    ))
}

impl<'a> Interpreter<'a> {
    /// The interpreter for `call` to `card` (the card the call names), or an
    /// error if the card has no such ability.
    pub fn for_card(
        module: &'a Module,
        card: &'a ir::Card,
        call: &'a Call,
    ) -> Result<Interpreter<'a>, Stop> {
        // An added ability that stands for one of the card's own (see
        // `extras`) runs that one.
        let idx = match extras::extra_of(card, call) {
            Some(extras::Extra::AlternateCostFromEx(own)) => own,
            _ => AbilityIdx(u32::from(call.ability)),
        };
        let ability = card.ability(idx).ok_or_else(|| no_ability(card, call))?;
        Ok(Interpreter {
            card,
            module,
            call,
            ability,
            required: None,
        })
    }

    /// The same interpreter, reading the selections abilities require
    /// from `required` (worked out for this module).
    pub fn with_required(self, required: &'a RequiredSelections) -> Interpreter<'a> {
        Interpreter {
            required: Some(required),
            ..self
        }
    }

    /// Whether the ability may be played now: its trigger filter (tested
    /// against the trigger card), its condition, and for activated
    /// abilities their `Condition` cost items. Asked for executing a `[ub]`
    /// ability without its cost, only the selections it must make count
    /// (later-sets §1.3, CR 14.5.1.4.1).
    pub fn condition(&self, game: &Game) -> Result<bool, Stop> {
        // Only a `[ub]` ability is ever executed so (and asking the host
        // costs a call into it at every condition).
        if self
            .ability
            .costs
            .iter()
            .any(|c| matches!(c, Cost::UnionBurst))
            && game.executing_union_burst()
        {
            return Ok(self.required_targets_exist(game, true));
        }
        let scope = self.scope(&self.top_frame());
        if self.ability.kind == ir::AbilityKind::Triggered && !self.trigger_fits(game) {
            return Ok(false);
        }
        if let Some(filter) = self.ability.trigger_filter
            && self.ability.kind == ir::AbilityKind::Triggered
            && !self.host_looked_back(filter)
        {
            let Some(card) = self.call.trigger_card else {
                return Ok(false);
            };
            if !values::matches_card(game, &scope, filter, card) {
                return Ok(false);
            }
        }
        if let Some(condition) = self.ability.condition
            && values::value(game, &scope, condition.value) <= 0
        {
            return Ok(false);
        }
        for cost in &self.ability.costs {
            if let Cost::Condition(value) = cost
                && values::value(game, &scope, *value) <= 0
            {
                return Ok(false);
            }
        }
        // A selection it must make has no target: it cannot be played, or
        // does nothing (CR 10.6.2.3.3).
        if !self.required_targets_exist(game, false) {
            return Ok(false);
        }
        if self.ability.effect == Effect::AlternateCost {
            return self.playable(game);
        }
        Ok(true)
    }

    /// Whether the source card could be played now, as an alternative cost
    /// requires: a follower or amulet needs room on the field, a spell its
    /// main ability's condition.
    fn playable(&self, game: &Game) -> Result<bool, Stop> {
        // The play itself: what the host would charge for it after the
        // alternative cost's own play points (effects on the player may
        // make it cost more, or forbid it: later-sets §12.10). A card
        // that only lacks room is left to the check below, as paying the
        // costs may make room.
        let me = self.call.controller;
        let pp = game.player(me).pp;
        let scope = self.scope(&self.top_frame());
        let own_pp: i32 = self
            .ability
            .costs
            .iter()
            .map(|cost| match cost {
                Cost::PlayPoints(n) => values::value(game, &scope, *n),
                _ => 0,
            })
            .fold(0, i32::saturating_add);
        // Room on the field is checked below (the host leaves it out:
        // paying the costs may make it).
        match game.play_cost(self.call.source, Some(0)) {
            Some(charged) if charged <= pp.saturating_sub(own_pp) => {}
            _ => return Ok(false),
        }
        // Costs are paid before the card is played: one that puts your
        // field cards into the cemetery makes the room it needs.
        let makes_room = self.ability.costs.iter().any(|cost| {
            matches!(
                cost,
                Cost::SendToCemetery(ir::Selection {
                    target: Target::TargetPlayerCard,
                    ..
                })
            )
        });
        match self.card.card_type {
            ir::CardType::Follower | ir::CardType::Amulet => Ok(makes_room
                || stats::room(game, self.call.controller, Zone::Field, stats::FIELD_SLOTS)),
            ir::CardType::Spell => {
                match self
                    .card
                    .spell_ability
                    .and_then(|main| self.card.ability(main))
                {
                    Some(ability) => Interpreter { ability, ..*self }.condition(game),
                    None => Ok(true),
                }
            }
            _ => Ok(false),
        }
    }

    /// Whether the host tested this trigger filter when the card left the
    /// field, with the card as it was there (look-back, CR 10.7.4.1): a
    /// filter with a flat form on a leave-the-field trigger. Tested again
    /// here, it would see the card where it went, without the keywords
    /// effects gave it, its engaged state or its evolved card.
    fn host_looked_back(&self, filter: ir::FilterId) -> bool {
        matches!(
            self.ability.trigger,
            ir::Trigger::OnOtherLeaveField
                | ir::Trigger::OnOpponentCardLeaveField
                | ir::Trigger::OnOtherReturnToHandFromField
        ) && crate::manifest::flat_filter(self.card, filter).is_some()
    }

    /// What the host's trigger does not tell apart (see `manifest`): where
    /// a Fanfare card came from, where a card that left the field went.
    fn trigger_fits(&self, game: &Game) -> bool {
        let from_hand = || game.came_from(self.call.source) == Some(Zone::Hand);
        match self.ability.trigger {
            ir::Trigger::FanfareHand => from_hand(),
            ir::Trigger::FanfareNotHand => !from_hand(),
            ir::Trigger::OnOtherReturnToHandFromField => {
                self.call.trigger_card.is_some_and(|card| {
                    game.stats(card).is_some_and(|info| info.zone == Zone::Hand)
                        && game.came_from(card) == Some(Zone::Field)
                })
            }
            _ => true,
        }
    }

    /// Runs the ability's effect (the host has checked its condition and
    /// paid its costs). If a selection it must make has no target by now,
    /// it does nothing at all (CR 10.6.2.3.3).
    pub fn resolve(&self, game: &mut Game) -> Result<(), Stop> {
        let _resolution = resolution::Resolution::begin();
        if !self.required_targets_exist(game, true) {
            return Ok(());
        }
        self.effect(game, &self.ability.effect, self.top_frame())
    }

    /// The frame of the ability the host called.
    fn top_frame(&self) -> Frame<'static> {
        Frame {
            me: self.call.controller,
            this: self.call.source,
            amount: self.call.amount,
            only: None,
            depth: 0,
        }
    }

    /// What values and filters are evaluated for in `frame`.
    fn scope(&self, frame: &Frame<'_>) -> Scope<'a> {
        Scope {
            module: self.module,
            card: self.card,
            me: frame.me,
            source: self.call.source,
            this: frame.this,
            amount: frame.amount,
            vars: &[],
        }
    }

    /// Runs a sub-ability like a `Sequence` step (spec §4.5): its
    /// condition, its optional costs, its effect.
    fn sub(&self, game: &mut Game, idx: AbilityIdx, frame: Frame<'_>) -> Result<(), Stop> {
        self.perform(game, idx, frame, true)
    }

    /// Runs a sub-ability; `ask_costs` false skips its optional costs
    /// (ComplexEffect `performCostless`).
    fn perform(
        &self,
        game: &mut Game,
        idx: AbilityIdx,
        frame: Frame<'_>,
        ask_costs: bool,
    ) -> Result<(), Stop> {
        if frame.depth >= MAX_DEPTH {
            return Err(Stop::Error(format!(
                "card {}: sub-abilities nested deeper than {MAX_DEPTH}",
                self.card.id
            )));
        }
        let Some(ability) = self.card.ability(idx) else {
            return Ok(());
        };
        let scope = self.scope(&frame);
        if let Some(condition) = ability.condition
            && values::value(game, &scope, condition.value) <= 0
        {
            return Ok(());
        }
        if ask_costs && ability.has_optional_payment() {
            if !self.can_pay(game, &frame, &ability.costs) {
                return Ok(());
            }
            let question = format!("Pay the cost of {}?", ability.name);
            if !choices::may_pay(game, frame.me, &question)? {
                return Ok(());
            }
            self.pay(game, &frame, &ability.costs)?;
        }
        let frame = Frame {
            depth: frame.depth + 1,
            ..frame
        };
        self.effect(game, &ability.effect, frame)
    }

    /// Whether a sub-ability is an available option of `ChooseFromList`
    /// and its kin: its condition holds and its costs can be paid.
    fn available(&self, game: &Game, idx: AbilityIdx, frame: &Frame<'_>) -> bool {
        let Some(ability) = self.card.ability(idx) else {
            return false;
        };
        let scope = self.scope(frame);
        let condition = ability
            .condition
            .is_none_or(|c| values::value(game, &scope, c.value) > 0);
        condition && (!ability.has_optional_payment() || self.can_pay(game, frame, &ability.costs))
    }

    /// The card id of the token named `name` (spec §5.5).
    fn token_id(&self, name: &str) -> String {
        let wanted = name.trim_matches('"');
        self.module
            .cards
            .iter()
            .find(|c| c.is_token && (c.name == wanted || c.base_name() == wanted))
            .or_else(|| self.module.cards.iter().find(|c| c.name == wanted))
            .map_or_else(|| wanted.to_owned(), |c| c.id.clone())
    }

    /// Runs one effect in `frame`.
    #[allow(clippy::too_many_lines)] // One arm per effect reads best as one match.
    fn effect(&self, game: &mut Game, effect: &Effect, frame: Frame<'_>) -> Result<(), Stop> {
        let scope = self.scope(&frame);
        let value = |game: &Game, v| values::value(game, &scope, v);
        let me = frame.me;
        match effect {
            // ---- Moving cards from the deck ----
            Effect::DrawCard { amount, player } => {
                let n = count_u32(value(game, *amount));
                for p in players(*player, &scope) {
                    game.draw(p, n);
                }
            }
            Effect::DrawThenDamage { draw, damage, to } => {
                self.draw_then_damage(game, frame, *draw, *damage, *to)?;
            }
            Effect::Mill { amount } => game.mill(me, count_u32(value(game, *amount))),
            Effect::RedrawHand { amount } => self.redraw_hand(game, frame, *amount),
            Effect::Search {
                count,
                filter,
                action,
            } => {
                self.search(game, frame, *count, *filter, *action)?;
            }
            Effect::SearchAndTarget {
                count,
                filter,
                action,
                then,
            } => {
                let moved = self.search(game, frame, *count, *filter, *action)?;
                self.then_on(game, frame, &cards(&moved), frame.amount, then)?;
            }
            Effect::SearchFilteredOptions { count, options } => {
                self.search_filtered_options(game, frame, *count, options)?;
            }
            Effect::TopDeckToEx { amount } => {
                self.top_deck_to_ex(game, frame, value(game, *amount));
            }
            Effect::TopDeckToExAndTarget { amount, then } => {
                let moved = self.top_deck_to_ex(game, frame, value(game, *amount));
                self.then_on(game, frame, &cards(&moved), frame.amount, then)?;
            }

            // ---- Moving cards on the field or in an EX area ----
            Effect::Destroy { to } => {
                self.move_each(game, frame, *to, "Destroy", MoveKind::Destroy)?;
            }
            Effect::Banish { to } => self.move_each(game, frame, *to, "Banish", MoveKind::Banish)?,
            Effect::Equip { token, to } => {
                let id = self.token_id(token);
                let mut failure = None;
                self.each_card(game, frame, *to, &format!("Equip with {token}"), |g, c| {
                    if let Err(stop) = g.equip(c, &id)
                        && failure.is_none()
                    {
                        failure = Some(stop);
                    }
                })?;
                if let Some(stop) = failure {
                    return Err(stop);
                }
            }
            Effect::Transform { token, to } => {
                // Each target is banished and the token takes its place: the
                // same player's field or EX area (the card API has no slot
                // order, so it joins the end of that zone).
                let id = self.token_id(token);
                let mut transformed = Vec::new();
                self.each_card(
                    game,
                    frame,
                    *to,
                    &format!("Transform into {token}"),
                    |g, c| {
                        if let Some(info) = g.stats(c) {
                            transformed.push((c, info.controller, info.zone));
                        }
                    },
                )?;
                for (card, controller, zone) in transformed {
                    let destination = match zone {
                        Zone::Field => TokenDestination::Field,
                        Zone::ExArea => TokenDestination::ExArea,
                        _ => continue,
                    };
                    game.banish(card);
                    // A card that can't be banished stays, and no token
                    // takes its place (later-sets §12.7, open question A5).
                    if game.stats(card).is_some_and(|stats| stats.zone == zone) {
                        continue;
                    }
                    game.summon_token(controller, &id, 1, destination)?;
                }
            }
            Effect::ReturnToHand { to } => {
                self.move_each(game, frame, *to, "Return to hand", MoveKind::ReturnToHand)?;
            }
            Effect::SendToCemetery { to } => {
                let prompt = "Put into the cemetery";
                self.move_each(game, frame, *to, prompt, MoveKind::Bury)?;
            }
            Effect::SendToEx { to } => {
                self.each_card(game, frame, *to, "Put into the EX area", |g, c| {
                    g.put_into_ex_area(c);
                })?;
            }
            Effect::TopDeck { to } => {
                let prompt = "Put on top of the deck";
                self.move_each(game, frame, *to, prompt, MoveKind::DeckTop)?;
            }
            Effect::BottomDeck { to } => {
                let prompt = "Put on the bottom of the deck";
                self.move_each(game, frame, *to, prompt, MoveKind::DeckBottom)?;
            }
            Effect::TopOrBottomDeck { to } => self.top_or_bottom_deck(game, frame, *to)?,
            Effect::PutExToFieldAndTarget { to, then } => {
                let moved = self.put_ex_to_field(game, frame, *to)?;
                self.then_on(game, frame, &cards(&moved), frame.amount, then)?;
            }
            Effect::DestroyAndControllerPerformEffect { to, ability } => {
                self.destroy_and_controller_perform(game, frame, *to, *ability)?;
            }

            // ---- Moving cards from the hand ----
            Effect::Discard { count, filter } => {
                let hand = values::cards_matching(game, &scope, me, Zone::Hand, *filter);
                let (min, max) = bounds(game, &scope, *count);
                let picked = choices::choose_cards(game, me, "Discard", hand, min, max)?;
                game.discard(&picked);
            }
            Effect::DiscardHand { player } => {
                for p in players(*player, &scope) {
                    let hand = game.cards_in(p, Zone::Hand);
                    game.discard(&hand);
                }
            }
            Effect::DiscardRandomCard { amount, player } => {
                let n = count_u32(value(game, *amount));
                for p in players(*player, &scope) {
                    discard_random(game, p, n);
                }
            }
            Effect::DiscardFromOpponentHand { count, filter } => {
                self.discard_from_opponent_hand(game, frame, *count, *filter)?;
            }
            Effect::DiscardToBottomDeck { count, filter } => {
                self.discard_to_bottom_deck(game, frame, *count, *filter)?;
            }
            Effect::HandToEx { count, filter } => {
                self.hand_to(game, frame, *count, *filter, moves::Place::ExArea)?;
            }
            Effect::HandToExAndTarget {
                count,
                filter,
                then,
            } => {
                let moved = self.hand_to(game, frame, *count, *filter, moves::Place::ExArea)?;
                self.then_on(game, frame, &cards(&moved), frame.amount, then)?;
            }
            Effect::HandToField { count, filter } => {
                self.hand_to(game, frame, *count, *filter, moves::Place::Field)?;
            }
            Effect::EvolveDeckToField { count, filter } => {
                self.evolve_deck_to_field(game, frame, *count, *filter)?;
            }
            Effect::PlayFromEvolveDeck { filter } => {
                self.play_from_evolve_deck(game, frame, *filter)?;
            }

            // ---- Moving cards from the cemetery ----
            Effect::Salvage { count, filter } => {
                let cemetery = values::cards_matching(game, &scope, me, Zone::Cemetery, *filter);
                let (min, max) = bounds(game, &scope, *count);
                let text = "Choose cards to put into your hand from your cemetery";
                let picked = choices::choose_cards(game, me, text, cemetery, min, max)?;
                moves::move_all(game, &picked, MoveKind::ReturnToHand);
            }
            Effect::CemeteryToField {
                count,
                filter,
                source,
            } => {
                self.cemetery_to_field(game, frame, *count, *filter, *source)?;
            }
            Effect::CemeteryToFieldAndTarget {
                count,
                filter,
                source,
                then,
            } => {
                let moved = self.cemetery_to_field(game, frame, *count, *filter, *source)?;
                self.then_on(game, frame, &cards(&moved), frame.amount, then)?;
            }

            // ---- Stats, damage, engage ----
            Effect::DealDamage { amount, to } => {
                let n = value(game, *amount);
                let prompt = format!("Deal {n} damage to");
                let targets = self.subjects(game, frame, *to, &prompt)?;
                deal_damage(game, &targets, n);
            }
            Effect::DealDamageDivided { amount, filter } => {
                self.divided_damage(game, frame, value(game, *amount), *filter)?;
            }
            Effect::GiveStat {
                stat,
                amount,
                amount2,
                to,
            } => {
                let a = value(game, *amount);
                let d = amount2.map_or(a, |v| value(game, v));
                self.give_stat(game, frame, *stat, (a, d), *to, Duration::WhileInZone)?;
            }
            Effect::GiveStatEndOfTurn { stat, amount, to } => {
                let n = value(game, *amount);
                self.give_stat(game, frame, *stat, (n, n), *to, Duration::EndOfTurn)?;
            }
            Effect::SetStat { stat, amount, to } => {
                let n = value(game, *amount);
                self.set_stat(game, frame, *stat, n, *to, Duration::WhileInZone)?;
            }
            Effect::SetStatEndOfTurn { stat, amount, to } => {
                let n = value(game, *amount);
                self.set_stat(game, frame, *stat, n, *to, Duration::EndOfTurn)?;
            }
            Effect::Engage { to } => self.each_card(game, frame, *to, "Engage", |g, c| {
                g.engage(c);
            })?,
            Effect::Reserve { to } => self.each_card(game, frame, *to, "Reserve", |g, c| {
                g.refresh(c);
            })?,

            // ---- Keywords and counters ----
            Effect::GiveKeyword { keyword, to }
            | Effect::GiveKeywordEndOfTurn { keyword, to }
            | Effect::GiveKeywordEndOfNextTurn { keyword, to } => {
                let duration = match effect {
                    Effect::GiveKeyword { .. } => Duration::WhileInZone,
                    Effect::GiveKeywordEndOfTurn { .. } => Duration::EndOfTurn,
                    _ => Duration::EndOfOpponentNextTurn,
                };
                if let ir::Keyword::Declared(n) = keyword {
                    // A keyword the pack declares: given by its name, which
                    // the card pool numbers.
                    let name = crate::keywords::declared_name(self.module, *n)
                        .ok_or_else(|| Stop::Error(format!("no keyword declaration #{n} in this pack")))?;
                    if game.declared_keyword(name).is_none() {
                        return Err(Stop::Error(format!(
                            "no loaded pack declares the keyword `{name}`"
                        )));
                    }
                    let prompt = format!("Give {name}");
                    self.each_card(game, frame, *to, &prompt, |g, c| {
                        // OK: declared, checked just above.
                        let _ = g.give_declared_keyword(c, name, duration);
                    })?;
                    return Ok(());
                }
                let Some(flag) = crate::keywords::keyword(*keyword) else {
                    // The derived keywords (`Evolve`, `EarthRite`) and
                    // `serve` are no flags: the compiler refuses giving them.
                    return Err(Stop::Error(format!(
                        "keyword `{}` can't be given",
                        keyword.name()
                    )));
                };
                let prompt = format!("Give {}", keyword.name());
                self.each_card(game, frame, *to, &prompt, |g, c| {
                    g.give_keywords(c, flag, duration);
                })?;
            }
            Effect::GiveCounter {
                counter,
                amount,
                to,
            } => {
                let n = value(game, *amount);
                let kind = crate::keywords::counter_or_stop(game, self.module, *counter)?;
                self.each_card(game, frame, *to, "Put counters on", |g, c| {
                    g.add_counters(c, kind, n);
                })?;
            }
            Effect::RemoveCounter {
                counter,
                amount,
                to,
            } => {
                let n = amount.map_or(i32::MAX, |v| value(game, v));
                let kind = crate::keywords::counter_or_stop(game, self.module, *counter)?;
                self.each_card(game, frame, *to, "Remove counters from", |g, c| {
                    g.add_counters(c, kind, n.saturating_neg());
                })?;
            }
            Effect::MoveCounter {
                counter,
                amount,
                to,
            } => {
                let n = amount.map(|v| value(game, v));
                self.move_counter(game, frame, *counter, n, *to)?;
            }

            // ---- Tokens ----
            Effect::SummonToken {
                token,
                option,
                amount,
            } => {
                let n = count_u32(value(game, *amount));
                self.summon(game, frame, token, *option, n)?;
            }
            Effect::SummonTokenAndTarget {
                token,
                option,
                amount,
                then,
            } => {
                let n = count_u32(value(game, *amount));
                let created = self.summon(game, frame, token, *option, n)?;
                self.then_on(game, frame, &cards(&created), frame.amount, then)?;
            }

            // ---- Sequencing and choices ----
            Effect::Sequence { steps } => {
                for step in steps {
                    self.sub(game, *step, frame)?;
                }
            }
            Effect::ChooseFromList { options } => {
                let count = (1, 1);
                self.choose_from_list(game, frame, count, options)?;
            }
            Effect::ChooseAmountFromList { count, options } => {
                let count = bounds(game, &scope, *count);
                self.choose_from_list(game, frame, count, options)?;
            }
            Effect::RollDice { faces } => self.roll_dice(game, frame, faces)?,
            Effect::TargetForSequence { to, then } => {
                self.target_for_sequence(game, frame, *to, then)?;
            }
            Effect::TargetForSequenceWithTargetAmount { amount, to, then } => {
                self.with_target_amount(game, frame, *amount, *to, then, true)?;
            }
            Effect::PerformWithTargetAmount { amount, to, then } => {
                self.with_target_amount(game, frame, *amount, *to, then, false)?;
            }
            Effect::PerformAsEachTarget { to, ability } => {
                self.perform_as_each_target(game, frame, *to, *ability)?;
            }
            Effect::OpponentPerformEffect { ability, to } => {
                self.opponent_perform(game, frame, *ability, *to)?;
            }

            // ---- Other effects ----
            Effect::Evolve { to } => self.each_card(game, frame, *to, "Evolve", |g, c| {
                g.evolve(c);
            })?,
            Effect::Shuffle { player } => {
                for p in players(*player, &scope) {
                    game.shuffle(p);
                }
            }
            Effect::CheckTop { count, actions } | Effect::RevealTop { count, actions } => {
                self.check_top(game, frame, *count, actions)?;
            }
            Effect::ExtraTurn => game.extra_turn(me),
            Effect::DeclareCardName => {
                let name = game.declare_card_name("Declare a card name")?;
                resolution::declare(name);
            }
            Effect::SkipNextTurn { player } => {
                for p in players(*player, &scope) {
                    game.skip_next_turn(p);
                }
            }
            Effect::WinGame { player } => {
                for p in players(*player, &scope) {
                    game.win_game(p);
                }
            }
            Effect::CreateDelayed { ability, lasts, to } => {
                self.create_delayed(game, frame, *ability, *lasts, *to)?;
            }
            Effect::TakeControl { to } => {
                self.each_card(game, frame, *to, "Take control of", |g, c| {
                    g.take_control(c, me);
                })?
            }
            Effect::GiveControl { to } => {
                self.each_card(game, frame, *to, "Give control of", |g, c| {
                    g.take_control(c, me.opponent());
                })?
            }
            Effect::ExecuteUnionBurst { to } => {
                let mut followers = Vec::new();
                self.each_card(game, frame, *to, "Execute a Union Burst of", |_, c| {
                    followers.push(c);
                })?;
                for follower in followers {
                    game.execute_union_burst(follower)?;
                }
            }
            Effect::PlayerEffect {
                effect,
                window,
                player,
            } => {
                let effect = match effect {
                    ir::PlayerEffect::NoStartPhaseDraw => PlayerEffect::NoStartPhaseDraw,
                    ir::PlayerEffect::NoMaxPpIncrease => PlayerEffect::NoMaxPpIncrease,
                    ir::PlayerEffect::CannotPlayFollowers => PlayerEffect::CannotPlayFollowers,
                    ir::PlayerEffect::PlayCost(n) => PlayerEffect::PlayCost(value(game, *n)),
                    ir::PlayerEffect::PlayFromBanished => PlayerEffect::PlayFromBanished,
                };
                let window = match window {
                    ir::TurnWindow::ThisTurn => TurnWindow::ThisTurn,
                    ir::TurnWindow::NextTurn => TurnWindow::NextTurn,
                };
                for p in players(*player, &scope) {
                    game.add_player_effect(p, effect, window);
                }
            }
            Effect::DriveCheck { count } => {
                for _ in 0..count_u32(value(game, *count)).min(10) {
                    game.drive_check()?;
                }
            }
            Effect::ReplaceDamage {
                change,
                damage,
                duration,
                next_time_only,
                to,
            } => {
                let change = match change {
                    ir::DamageChange::Less(n) => DamageChange::Less(value(game, *n).max(0)),
                    ir::DamageChange::Nothing => DamageChange::Nothing,
                    ir::DamageChange::AtMost(n) => DamageChange::AtMost(value(game, *n).max(0)),
                };
                let damage = match damage {
                    ir::DamageTaken::Any => DamageFilter::Any,
                    ir::DamageTaken::Ability => DamageFilter::Ability,
                    ir::DamageTaken::Combat => DamageFilter::Combat,
                };
                let duration = match duration {
                    ir::Duration::EndOfTurn => Duration::EndOfTurn,
                    ir::Duration::EndOfNextTurn => Duration::EndOfOpponentNextTurn,
                    ir::Duration::WhileOnField => Duration::WhileInZone,
                    // The compiler never writes it (a passive's duration).
                    ir::Duration::OpponentTurn => {
                        return Err(Stop::Error(
                            "a damage replacement can't last `OpponentTurn`".to_owned(),
                        ));
                    }
                };
                let replacement = DamageReplacement {
                    change,
                    damage,
                    next_time_only: *next_time_only,
                };
                let targets = self.subjects(game, frame, *to, "Protect")?;
                for subject in targets {
                    match subject {
                        Subject::Card(card) => {
                            game.replace_follower_damage(card, replacement, duration);
                        }
                        Subject::Player(p) => game.replace_leader_damage(p, replacement, duration),
                    }
                }
            }
            Effect::Maneuver { to } => {
                let mut amulets = Vec::new();
                self.each_card(game, frame, *to, "Maneuver", |_, c| amulets.push(c))?;
                for amulet in amulets {
                    game.maneuver(amulet);
                }
            }
            Effect::ChangeType { card_type, to } => {
                let card_type = match card_type {
                    ir::CardType::Follower => CardType::Follower,
                    ir::CardType::Amulet => CardType::Amulet,
                    // The compiler writes no other (`CHANGED_TYPES`).
                    other => {
                        return Err(Stop::Error(format!(
                            "a card can't be changed into a {}",
                            other.name()
                        )));
                    }
                };
                let mut cards = Vec::new();
                self.each_card(game, frame, *to, "Change the type of", |_, c| cards.push(c))?;
                for card in cards {
                    game.change_type(card, card_type, Duration::WhileInZone);
                }
            }
            Effect::GiveDrive { to } => {
                let mut followers = Vec::new();
                self.each_card(game, frame, *to, "Give Drive to", |_, c| {
                    followers.push(c);
                })?;
                for follower in followers {
                    game.give_drive(follower);
                }
            }
            Effect::FlipEvolveDeckFaceDown { filter, count } => {
                let face_up: Vec<CardRef> =
                    values::cards_matching(game, &scope, me, Zone::EvolveDeck, *filter)
                        .into_iter()
                        .filter(|card| game.is_face_up(*card))
                        .collect();
                let flipped = match count {
                    None => face_up,
                    Some(count) => {
                        let (min, max) = bounds(game, &scope, *count);
                        let text = "Choose face-up evolve cards to turn face down";
                        choices::choose_cards(game, me, text, face_up, min, max)?
                    }
                };
                for card in flipped {
                    game.turn_face_down(card);
                }
            }
            Effect::Complex { steps } => self.complex(game, frame, steps)?,

            // Data, not actions: the host applies passives and cost
            // modifiers itself.
            Effect::PassiveKeyword { .. }
            | Effect::PassiveStat { .. }
            | Effect::ReducedCost { .. }
            | Effect::MinusCostOther { .. }
            // A given ability plays through `granted`.
            | Effect::GiveAbility { .. }
            // Names and faces are card data (`manifest`).
            | Effect::AlsoNamed { .. }
            | Effect::EvolvesInto { .. }
            | Effect::EvolvesIntoFor { .. }
            | Effect::AlternateName { .. }
            | Effect::BackFaceOf { .. }
            | Effect::TriggerIcon { .. }
            | Effect::TokenKindRules { .. } => {}
            // In an ability (a passive's is card data, see `manifest`):
            // each target on the field goes elsewhere instead of the
            // cemetery while it lasts.
            Effect::InsteadOfCemetery { zone, duration, to } => {
                let zone = match zone {
                    ir::InsteadZone::Banished => InsteadZone::Banished,
                    ir::InsteadZone::ExArea => InsteadZone::ExArea,
                    ir::InsteadZone::Hand => InsteadZone::Hand,
                    ir::InsteadZone::DeckTop => InsteadZone::DeckTop,
                    ir::InsteadZone::DeckBottom => InsteadZone::DeckBottom,
                };
                let duration = match duration {
                    ir::Duration::EndOfTurn => Duration::EndOfTurn,
                    ir::Duration::EndOfNextTurn => Duration::EndOfOpponentNextTurn,
                    ir::Duration::WhileOnField => Duration::WhileInZone,
                    ir::Duration::OpponentTurn => {
                        return Err(Stop::Error(
                            "a move replacement can't last `OpponentTurn`".to_owned(),
                        ));
                    }
                };
                let mut cards = Vec::new();
                self.each_card(game, frame, *to, "Send elsewhere", |_, c| cards.push(c))?;
                for card in cards {
                    game.replace_cemetery_move(card, zone, duration);
                }
            }
            // The alternative cost is paid: play the card for no play
            // points (see `manifest`).
            Effect::AlternateCost => {
                if !game.play_card(self.call.source, Some(0)) {
                    game.log("the card paid for by an alternative cost could not be played");
                }
            }

            Effect::PlaySpellFromCemetery { filter } => {
                self.play_spell_from_cemetery(game, frame, *filter, None)?;
            }
            Effect::PlaySpellFromCemeterySetCost { filter, cost } => {
                self.play_spell_from_cemetery(game, frame, *filter, Some(*cost))?;
            }

            Effect::GiveTrait { trait_name, to } => {
                self.each_card(game, frame, *to, "Give a trait", |g, c| {
                    g.give_trait(c, trait_name, Duration::WhileInZone);
                })?;
            }

        }
        Ok(())
    }
}

/// The players a player-level target names.
fn players(target: Target, scope: &Scope<'_>) -> Vec<Player> {
    match target {
        Target::Opponent | Target::OpponentLeader => vec![scope.opponent()],
        Target::AllLeaders | Target::AllPlayers => vec![scope.me, scope.opponent()],
        _ => vec![scope.me],
    }
}

/// Cards as subjects, for a restricted sequence over moved or created cards.
fn cards(list: &[CardRef]) -> Vec<Subject> {
    list.iter().copied().map(Subject::Card).collect()
}

/// Deals `n` damage to each subject; leaders take it as leader damage.
fn deal_damage(game: &mut Game, targets: &[Subject], n: i32) {
    for subject in targets {
        match *subject {
            Subject::Card(card) => game.damage_follower(card, n),
            Subject::Player(p) => game.damage_leader(p, n),
        }
    }
}

/// Discards `n` random cards from `player`'s hand, one at a time.
fn discard_random(game: &mut Game, player: Player, n: u32) {
    for _ in 0..n {
        let hand = game.cards_in(player, Zone::Hand);
        let Ok(len) = u32::try_from(hand.len()) else {
            break;
        };
        if len == 0 {
            break;
        }
        let pick = game.random(len) as usize;
        if let Some(card) = hand.get(pick) {
            game.discard(&[*card]);
        }
    }
}

/// A count as `(min, max)`: `Exactly(n)` is `n..=n`.
fn bounds(game: &Game, scope: &Scope<'_>, count: Count) -> (u32, u32) {
    match count {
        Count::Exactly(v) => {
            let n = count_u32(values::value(game, scope, v));
            (n, n)
        }
        Count::Between { min, max } => {
            let min = count_u32(values::value(game, scope, min));
            let max = count_u32(values::value(game, scope, max));
            (min.min(max), max)
        }
    }
}

/// A value used as a count: negative counts are 0.
fn count_u32(n: i32) -> u32 {
    u32::try_from(n.max(0)).unwrap_or(0)
}

/// A length as a count.
fn len_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
