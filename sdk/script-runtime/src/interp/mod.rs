//! The effect interpreter: runs one ability of the IR through [`Game`].
//!
//! Abilities are re-entrant like every `sve-sdk` ability: a question either
//! returns its answer or stops the run with [`Stop::Halt`], and the host runs
//! the ability again from the start with the answers so far. The
//! interpreter is therefore straight-line code that propagates with `?` and
//! keeps no state of its own.
//!
//! Each effect maps onto the `Game` calls a Rust author would write for the
//! same card text. Effects the runtime does not implement yet are listed by
//! [`unsupported`]; the manifest warns about them at load time and running
//! one fails the ability with a message.

use crate::values::{self, Scope};
use sve_script::ir::{
    self, Ability, AbilityIdx, CheckAction, CheckActionKind, Cost, Count, Effect, Module,
    Selection, Stat, Target, TokenOption,
};
use sve_sdk::prelude::*;

/// Deepest chain of sub-abilities (calls by name may form cycles).
const MAX_DEPTH: u32 = 16;

/// Why an effect cannot run in this runtime, or `None` if it can.
pub fn unsupported(effect: &Effect) -> Option<String> {
    let name = match effect {
        Effect::DrawThenDamage { .. } => "DrawThenDamage",
        Effect::RedrawHand { .. } => "RedrawHand",
        Effect::SearchAndTarget { .. } => "SearchAndTarget",
        Effect::SearchFilteredOptions { .. } => "SearchFilteredOptions",
        Effect::TopDeckToEx { .. } => "TopDeckToEx",
        Effect::TopDeckToExAndTarget { .. } => "TopDeckToExAndTarget",
        Effect::TopOrBottomDeck { .. } => "TopOrBottomDeck",
        Effect::PutExToFieldAndTarget { .. } => "PutExToFieldAndTarget",
        Effect::DestroyAndControllerPerformEffect { .. } => "DestroyAndControllerPerformEffect",
        Effect::DiscardFromOpponentHand { .. } => "DiscardFromOpponentHand",
        Effect::DiscardToBottomDeck { .. } => "DiscardToBottomDeck",
        Effect::HandToExAndTarget { .. } => "HandToExAndTarget",
        Effect::CemeteryToFieldAndTarget { .. } => "CemeteryToFieldAndTarget",
        Effect::PlaySpellFromCemetery { .. } => "PlaySpellFromCemetery",
        Effect::PlaySpellFromCemeterySetCost { .. } => "PlaySpellFromCemeterySetCost",
        Effect::GiveTrait { .. } => "GiveTrait",
        Effect::MoveCounter { .. } => "MoveCounter",
        Effect::SummonTokenAndTarget { .. } => "SummonTokenAndTarget",
        Effect::Transform { .. } => "Transform",
        Effect::ChooseAmountFromList { .. } => "ChooseAmountFromList",
        Effect::RollDice { .. } => "RollDice",
        Effect::TargetForSequence { .. } => "TargetForSequence",
        Effect::TargetForSequenceWithTargetAmount { .. } => "TargetForSequenceWithTargetAmount",
        Effect::PerformWithTargetAmount { .. } => "PerformWithTargetAmount",
        Effect::PerformAsEachTarget { .. } => "PerformAsEachTarget",
        Effect::OpponentPerformEffect { .. } => "OpponentPerformEffect",
        Effect::FlipEvolveDeckFaceDown { .. } => "FlipEvolveDeckFaceDown",
        Effect::Complex { .. } => "ComplexEffect",
        Effect::ReducedCost { .. } | Effect::AlternateCost => return None,
        Effect::MinusCostOther { .. } => "MinusCostOther",
        Effect::GiveAbility { .. } => "GiveAbility",
        _ => return None,
    };
    Some(format!(
        "effect {name} is not supported by the script runtime yet"
    ))
}

/// Something an effect acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Subject {
    /// A card (never a leader card).
    Card(CardRef),
    /// A player, or their leader.
    Player(Player),
}

/// Runs one ability call of one card.
pub struct Interpreter<'a> {
    card: &'a ir::Card,
    module: &'a Module,
    call: &'a Call,
    ability: &'a Ability,
}

/// The context of one (sub-)ability run.
#[derive(Clone, Copy, Debug)]
struct Frame {
    amount: i32,
    depth: u32,
}

impl<'a> Interpreter<'a> {
    /// The interpreter for `call`, or an error if the pack has no such card
    /// or ability.
    pub fn new(module: &'a Module, call: &'a Call) -> Result<Interpreter<'a>, Stop> {
        let card = module
            .cards
            .iter()
            .find(|c| c.id == call.card_id)
            .ok_or_else(|| Stop::unknown(call))?;
        let ability = card
            .ability(AbilityIdx(u32::from(call.ability)))
            .ok_or_else(|| Stop::unknown(call))?;
        Ok(Interpreter {
            card,
            module,
            call,
            ability,
        })
    }

    fn scope(&self, amount: i32) -> Scope<'a> {
        Scope {
            card: self.card,
            me: self.call.controller,
            source: self.call.source,
            this: self.call.source,
            amount,
        }
    }

    /// Whether the ability may be played now: its trigger filter (tested
    /// against the trigger card), its condition, and for activated
    /// abilities their `Condition` cost items.
    pub fn condition(&self, game: &Game) -> Result<bool, Stop> {
        let scope = self.scope(self.call.amount);
        if let Some(filter) = self.ability.trigger_filter
            && self.ability.kind == ir::AbilityKind::Triggered
        {
            let Some(info) = self.call.trigger_card.and_then(|c| game.card(c)) else {
                return Ok(false);
            };
            if !values::matches(&scope, filter, &info) {
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
        Ok(true)
    }

    /// Runs the ability's effect (the host has checked its condition and
    /// paid its costs).
    pub fn resolve(&self, game: &mut Game) -> Result<(), Stop> {
        let frame = Frame {
            amount: self.call.amount,
            depth: 0,
        };
        self.effect(game, self.ability, &self.ability.effect, frame)
    }

    /// Runs a sub-ability: its condition, its optional costs, its effect.
    fn sub(&self, game: &mut Game, idx: AbilityIdx, frame: Frame) -> Result<(), Stop> {
        if frame.depth >= MAX_DEPTH {
            return Err(Stop::Error(format!(
                "card {}: sub-abilities nested deeper than {MAX_DEPTH}",
                self.card.id
            )));
        }
        let Some(ability) = self.card.ability(idx) else {
            return Ok(());
        };
        let scope = self.scope(frame.amount);
        if let Some(condition) = ability.condition
            && values::value(game, &scope, condition.value) <= 0
        {
            return Ok(());
        }
        if ability.has_optional_payment() {
            if !self.can_pay(game, &scope, &ability.costs) {
                return Ok(());
            }
            let question = format!("Pay the cost of {}?", ability.name);
            if !game.yes_no(&question)? {
                return Ok(());
            }
            self.pay(game, &scope, &ability.costs)?;
        }
        let frame = Frame {
            depth: frame.depth + 1,
            ..frame
        };
        self.effect(game, ability, &ability.effect, frame)
    }

    fn can_pay(&self, game: &Game, scope: &Scope<'_>, costs: &[Cost]) -> bool {
        let me = game.player(scope.me);
        costs.iter().all(|cost| match *cost {
            Cost::PlayPoints(v) => me.pp >= values::value(game, scope, v),
            Cost::LeaderDefense(v) => me.leader_defense > values::value(game, scope, v),
            Cost::EngageSelf => game.card(scope.source).is_some_and(|c| !c.engaged),
            Cost::Discard { count, filter } => {
                let n = values::cards_matching(game, scope, scope.me, Zone::Hand, filter).len();
                i32::try_from(n).unwrap_or(i32::MAX) >= values::value(game, scope, count)
            }
            Cost::OncePerTurn | Cost::Quick | Cost::Condition(_) => true,
            _ => false,
        })
    }

    fn pay(&self, game: &mut Game, scope: &Scope<'_>, costs: &[Cost]) -> Result<(), Stop> {
        for cost in costs {
            match *cost {
                Cost::PlayPoints(v) => {
                    let n = values::value(game, scope, v);
                    game.add_play_points(scope.me, -n);
                }
                Cost::LeaderDefense(v) => {
                    let n = values::value(game, scope, v);
                    game.change_leader_defense(scope.me, -n);
                }
                Cost::EngageSelf => game.engage(scope.source),
                Cost::Discard { count, filter } => {
                    let n = count_u32(values::value(game, scope, count));
                    let hand = values::cards_matching(game, scope, scope.me, Zone::Hand, filter);
                    let picked = game.choose_cards("Discard to pay the cost", hand, n, n)?;
                    game.discard(&picked);
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn token_id(&self, name: &str) -> String {
        let wanted = name.trim_matches('"');
        self.module
            .cards
            .iter()
            .find(|c| c.is_token && (c.name == wanted || c.base_name() == wanted))
            .or_else(|| self.module.cards.iter().find(|c| c.name == wanted))
            .map_or_else(|| wanted.to_owned(), |c| c.id.clone())
    }

    #[allow(clippy::too_many_lines)] // One arm per effect reads best as one match.
    fn effect(
        &self,
        game: &mut Game,
        ability: &Ability,
        effect: &Effect,
        frame: Frame,
    ) -> Result<(), Stop> {
        let scope = self.scope(frame.amount);
        let value = |game: &Game, v| values::value(game, &scope, v);
        let me = scope.me;
        match effect {
            Effect::DrawCard { amount, player } => {
                let n = count_u32(value(game, *amount));
                for p in players(*player, &scope) {
                    game.draw(p, n);
                }
            }
            Effect::Mill { amount } => game.mill(me, count_u32(value(game, *amount))),
            Effect::Search {
                count,
                filter,
                action,
            } => {
                let deck = values::cards_matching(game, &scope, me, Zone::Deck, *filter);
                let (min, max) = bounds(game, &scope, *count);
                let picked = game.choose_cards("Choose from your deck", deck, min, max)?;
                for card in picked {
                    match action {
                        ir::SearchAction::Hand => game.deck_to_hand(card),
                        ir::SearchAction::Cemetery => game.bury(card),
                        ir::SearchAction::Field => {
                            game.put_onto_field(card);
                        }
                        ir::SearchAction::ExArea => {
                            game.put_into_ex_area(card);
                        }
                    }
                }
                game.shuffle(me);
            }
            Effect::Destroy { to } => self.each_card(game, ability, *to, "Destroy", |g, c| {
                g.destroy(c);
            })?,
            Effect::Banish { to } => self.each_card(game, ability, *to, "Banish", |g, c| {
                g.banish(c);
            })?,
            Effect::ReturnToHand { to } => {
                self.each_card(game, ability, *to, "Return to hand", |g, c| {
                    g.return_to_hand(c);
                })?;
            }
            Effect::SendToCemetery { to } => {
                self.each_card(game, ability, *to, "Put into the cemetery", |g, c| {
                    g.bury(c);
                })?;
            }
            Effect::SendToEx { to } => {
                self.each_card(game, ability, *to, "Put into the EX area", |g, c| {
                    g.put_into_ex_area(c);
                })?;
            }
            Effect::TopDeck { to } => {
                self.each_card(game, ability, *to, "Put on top of the deck", |g, c| {
                    g.put_into_deck(c, false);
                })?;
            }
            Effect::BottomDeck { to } => {
                self.each_card(
                    game,
                    ability,
                    *to,
                    "Put on the bottom of the deck",
                    |g, c| {
                        g.put_into_deck(c, true);
                    },
                )?;
            }
            Effect::Engage { to } => self.each_card(game, ability, *to, "Engage", |g, c| {
                g.engage(c);
            })?,
            Effect::Reserve { to } => self.each_card(game, ability, *to, "Reserve", |g, c| {
                g.refresh(c);
            })?,
            Effect::Evolve { to } => self.each_card(game, ability, *to, "Evolve", |g, c| {
                g.evolve(c);
            })?,
            Effect::Discard { count, filter } => {
                let hand = values::cards_matching(game, &scope, me, Zone::Hand, *filter);
                let (min, max) = bounds(game, &scope, *count);
                let picked = game.choose_cards("Discard", hand, min, max)?;
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
                    for _ in 0..n {
                        let hand = game.cards_in(p, Zone::Hand);
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
            }
            Effect::HandToEx { count, filter } | Effect::HandToField { count, filter } => {
                let hand = values::cards_matching(game, &scope, me, Zone::Hand, *filter);
                let (min, max) = bounds(game, &scope, *count);
                let picked = game.choose_cards("Choose from your hand", hand, min, max)?;
                for card in picked {
                    if matches!(effect, Effect::HandToField { .. }) {
                        game.put_onto_field(card);
                    } else {
                        game.put_into_ex_area(card);
                    }
                }
            }
            Effect::Salvage { count, filter } => {
                let cemetery = values::cards_matching(game, &scope, me, Zone::Cemetery, *filter);
                let (min, max) = bounds(game, &scope, *count);
                let picked = game.choose_cards(
                    "Choose cards to put into your hand from your cemetery",
                    cemetery,
                    min,
                    max,
                )?;
                for card in picked {
                    game.return_to_hand(card);
                }
            }
            Effect::CemeteryToField {
                count,
                filter,
                source,
            } => {
                let owner = match source {
                    Target::Opponent | Target::OpponentLeader => scope.opponent(),
                    _ => me,
                };
                let cemetery = values::cards_matching(game, &scope, owner, Zone::Cemetery, *filter);
                let (min, max) = bounds(game, &scope, *count);
                let picked = game.choose_cards(
                    "Choose cards to put onto your field from the cemetery",
                    cemetery,
                    min,
                    max,
                )?;
                for card in picked {
                    game.put_onto_field(card);
                }
            }
            Effect::DealDamage { amount, to } => {
                let n = value(game, *amount);
                let prompt = format!("Deal {n} damage to");
                for subject in self.subjects(game, ability, *to, &prompt)? {
                    match subject {
                        Subject::Card(card) => game.damage_follower(card, n),
                        Subject::Player(p) => game.damage_leader(p, n),
                    }
                }
            }
            Effect::DealDamageDivided { amount, filter } => {
                self.divided_damage(game, &scope, value(game, *amount), *filter)?;
            }
            Effect::GiveStat {
                stat,
                amount,
                amount2,
                to,
            } => {
                let a = value(game, *amount);
                let d = amount2.map_or(a, |v| value(game, v));
                self.give_stat(game, ability, *stat, a, d, *to, Duration::WhileInZone)?;
            }
            Effect::GiveStatEndOfTurn { stat, amount, to } => {
                let n = value(game, *amount);
                self.give_stat(game, ability, *stat, n, n, *to, Duration::EndOfTurn)?;
            }
            Effect::SetStat { stat, amount, to }
            | Effect::SetStatEndOfTurn { stat, amount, to } => {
                let n = value(game, *amount);
                let duration = if matches!(effect, Effect::SetStat { .. }) {
                    Duration::WhileInZone
                } else {
                    Duration::EndOfTurn
                };
                self.set_stat(game, ability, *stat, n, *to, duration)?;
            }
            Effect::GiveKeyword { keyword, to }
            | Effect::GiveKeywordEndOfTurn { keyword, to }
            | Effect::GiveKeywordEndOfNextTurn { keyword, to } => {
                let duration = match effect {
                    Effect::GiveKeyword { .. } => Duration::WhileInZone,
                    Effect::GiveKeywordEndOfTurn { .. } => Duration::EndOfTurn,
                    _ => Duration::EndOfOpponentNextTurn,
                };
                let Some(flag) = crate::keywords::keyword(*keyword) else {
                    return Ok(());
                };
                let prompt = format!("Give {}", keyword.name());
                self.each_card(game, ability, *to, &prompt, |g, c| {
                    g.give_keywords(c, flag, duration);
                })?;
            }
            Effect::GiveCounter {
                counter,
                amount,
                to,
            } => {
                let n = value(game, *amount);
                let kind = crate::keywords::counter(*counter);
                self.each_card(game, ability, *to, "Put counters on", |g, c| {
                    g.add_counters(c, kind, n);
                })?;
            }
            Effect::RemoveCounter {
                counter,
                amount,
                to,
            } => {
                let n = amount.map_or(i32::MAX, |v| value(game, v));
                let kind = crate::keywords::counter(*counter);
                self.each_card(game, ability, *to, "Remove counters from", |g, c| {
                    g.add_counters(c, kind, n.saturating_neg());
                })?;
            }
            Effect::SummonToken {
                token,
                option,
                amount,
            } => {
                let n = count_u32(value(game, *amount));
                self.summon(game, token, *option, n)?;
            }
            Effect::Sequence { steps } => {
                for step in steps {
                    self.sub(game, *step, frame)?;
                }
            }
            Effect::ChooseFromList { options } => {
                let labels: Vec<&str> = options
                    .iter()
                    .filter_map(|idx| self.card.ability(*idx))
                    .map(|a| a.name.as_str())
                    .collect();
                if labels.is_empty() {
                    return Ok(());
                }
                let picked =
                    game.choose_one(&format!("{}: choose one", self.card.name), &labels)?;
                if let Some(idx) = options.get(picked) {
                    self.sub(game, *idx, frame)?;
                }
            }
            Effect::Shuffle { player } => {
                for p in players(*player, &scope) {
                    game.shuffle(p);
                }
            }
            Effect::CheckTop { count, actions } | Effect::RevealTop { count, actions } => {
                self.check_top(game, &scope, *count, actions)?;
            }
            Effect::ExtraTurn => game.extra_turn(me),
            // Data, not actions: the host applies passives and cost
            // modifiers itself.
            Effect::PassiveKeyword { .. }
            | Effect::PassiveStat { .. }
            | Effect::ReducedCost { .. }
            | Effect::AlternateCost => {}
            other => {
                return Err(Stop::Error(
                    unsupported(other).unwrap_or_else(|| format!("effect {other:?} failed")),
                ));
            }
        }
        Ok(())
    }

    /// Applies `act` to every card the selection names (leaders are skipped:
    /// card actions do not apply to them).
    fn each_card(
        &self,
        game: &mut Game,
        ability: &Ability,
        to: Selection,
        prompt: &str,
        mut act: impl FnMut(&mut Game, CardRef),
    ) -> Result<(), Stop> {
        for subject in self.subjects(game, ability, to, prompt)? {
            if let Subject::Card(card) = subject {
                act(game, card);
            }
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn give_stat(
        &self,
        game: &mut Game,
        ability: &Ability,
        stat: Stat,
        attack: i32,
        defense: i32,
        to: Selection,
        duration: Duration,
    ) -> Result<(), Stop> {
        let scope = self.scope(self.call.amount);
        if stat.is_player_stat() {
            for p in players(to.target, &scope) {
                match stat {
                    Stat::MaxPlayPoints => game.add_max_play_points(p, attack),
                    Stat::PlayPoints => game.add_play_points(p, attack),
                    _ => game.add_evolve_points(p, attack),
                }
            }
            return Ok(());
        }
        let prompt = format!("Give {attack:+} {}", stat.name());
        for subject in self.subjects(game, ability, to, &prompt)? {
            match (subject, stat) {
                (Subject::Player(p), Stat::Defense | Stat::AttackDefense) => {
                    game.change_leader_defense(p, defense);
                }
                (Subject::Player(_), _) => {}
                (Subject::Card(c), Stat::Attack) => game.give_stats(c, attack, 0, duration),
                (Subject::Card(c), Stat::Defense) => game.give_stats(c, 0, defense, duration),
                (Subject::Card(c), Stat::AttackDefense) => {
                    game.give_stats(c, attack, defense, duration);
                }
                (Subject::Card(c), Stat::Cost) => game.change_cost(c, attack, duration),
                (Subject::Card(c), Stat::EvolveCost) => {
                    game.change_evolve_cost(c, attack, duration);
                }
                // Player stats were handled above.
                (Subject::Card(_), _) => {}
            }
        }
        Ok(())
    }

    fn set_stat(
        &self,
        game: &mut Game,
        ability: &Ability,
        stat: Stat,
        n: i32,
        to: Selection,
        duration: Duration,
    ) -> Result<(), Stop> {
        let prompt = format!("Set {} to {n}", stat.name());
        for subject in self.subjects(game, ability, to, &prompt)? {
            match subject {
                Subject::Card(c) => {
                    let Some(info) = game.card(c) else { continue };
                    match stat {
                        Stat::Attack => game.give_stats(c, n - info.attack, 0, duration),
                        Stat::Defense => game.give_stats(c, 0, n - info.defense, duration),
                        Stat::AttackDefense => {
                            game.give_stats(c, n - info.attack, n - info.defense, duration);
                        }
                        Stat::Cost => game.change_cost(c, n - info.cost, duration),
                        Stat::EvolveCost => game.set_evolve_cost(c, n, duration),
                        // Player stats of a card target mean its controller's.
                        Stat::PlayPoints => game
                            .add_play_points(info.controller, n - game.player(info.controller).pp),
                        Stat::MaxPlayPoints => {
                            let max = game.player(info.controller).max_pp;
                            game.add_max_play_points(info.controller, n - max);
                        }
                        Stat::EvolvePoints => {
                            let ep = game.player(info.controller).ep;
                            game.add_evolve_points(info.controller, n - ep);
                        }
                    }
                }
                Subject::Player(p) => {
                    let info = game.player(p);
                    match stat {
                        Stat::Defense => game.change_leader_defense(p, n - info.leader_defense),
                        Stat::PlayPoints => game.add_play_points(p, n - info.pp),
                        Stat::MaxPlayPoints => game.add_max_play_points(p, n - info.max_pp),
                        Stat::EvolvePoints => game.add_evolve_points(p, n - info.ep),
                        _ => {}
                    }
                }
            }
        }
        Ok(())
    }

    /// What a selection names: fixed sets, the trigger card, or the
    /// controller's choice of `m(min,max)` cards (1 by default).
    fn subjects(
        &self,
        game: &mut Game,
        _ability: &Ability,
        to: Selection,
        prompt: &str,
    ) -> Result<Vec<Subject>, Stop> {
        let scope = self.scope(self.call.amount);
        let me = scope.me;
        let opp = scope.opponent();
        let matching = |game: &Game, player: Player, zone: Zone| {
            values::cards_matching(game, &scope, player, zone, to.filter)
                .into_iter()
                .map(Subject::Card)
                .collect::<Vec<_>>()
        };
        let cards = |game: &Game, zones: &[(Player, Zone)]| {
            zones
                .iter()
                .flat_map(|(p, z)| values::cards_matching(game, &scope, *p, *z, to.filter))
                .collect::<Vec<_>>()
        };
        let subjects = match to.target {
            Target::This => vec![Subject::Card(self.call.source)],
            Target::Leader => vec![Subject::Player(me)],
            Target::Opponent | Target::OpponentLeader => vec![Subject::Player(opp)],
            Target::AllLeaders | Target::AllPlayers => {
                vec![Subject::Player(me), Subject::Player(opp)]
            }
            Target::AllPlayerCards => matching(game, me, Zone::Field),
            Target::AllPlayerCardsEx => matching(game, me, Zone::ExArea),
            Target::AllPlayerCardsFieldAndEx => {
                let mut all = matching(game, me, Zone::Field);
                all.extend(matching(game, me, Zone::ExArea));
                all
            }
            Target::AllOpponentCards => matching(game, opp, Zone::Field),
            Target::AllOpponentCardsEx => matching(game, opp, Zone::ExArea),
            Target::AllOpponentCardsFieldAndEx => {
                let mut all = matching(game, opp, Zone::Field);
                all.extend(matching(game, opp, Zone::ExArea));
                all
            }
            Target::AllOpponentCardsAndLeader => {
                let mut all = matching(game, opp, Zone::Field);
                all.push(Subject::Player(opp));
                all
            }
            Target::AllCards => {
                let mut all = matching(game, me, Zone::Field);
                all.extend(matching(game, opp, Zone::Field));
                all
            }
            Target::TriggerCard => self
                .call
                .trigger_card
                .filter(|c| {
                    game.card(*c)
                        .is_some_and(|info| values::matches(&scope, to.filter, &info))
                })
                .map(Subject::Card)
                .into_iter()
                .collect(),
            Target::TargetPlayerCard => {
                self.select(game, cards(game, &[(me, Zone::Field)]), to, prompt)?
            }
            Target::TargetPlayerCardEx => {
                self.select(game, cards(game, &[(me, Zone::ExArea)]), to, prompt)?
            }
            Target::TargetOpponentCard | Target::TargetOpponentCardsDivided => {
                self.select(game, cards(game, &[(opp, Zone::Field)]), to, prompt)?
            }
            Target::TargetOpponentCardEx => {
                self.select(game, cards(game, &[(opp, Zone::ExArea)]), to, prompt)?
            }
            Target::TargetCard => self.select(
                game,
                cards(game, &[(me, Zone::Field), (opp, Zone::Field)]),
                to,
                prompt,
            )?,
            Target::TargetCardEx => self.select(
                game,
                cards(game, &[(me, Zone::ExArea), (opp, Zone::ExArea)]),
                to,
                prompt,
            )?,
            Target::TargetOpponentCardOrLeader | Target::TargetPlayerCardOrLeader => {
                let (side, zone_owner) = if to.target == Target::TargetOpponentCardOrLeader {
                    (opp, opp)
                } else {
                    (me, me)
                };
                // The leader is eligible whatever the filter.
                let mut candidates = cards(game, &[(side, Zone::Field)]);
                candidates.extend(game.cards_in(zone_owner, Zone::Leader));
                self.select(game, candidates, to, prompt)?
            }
        };
        Ok(subjects)
    }

    /// The controller selects `m(min,max)` (default exactly 1) of
    /// `candidates`; leader cards come back as players.
    fn select(
        &self,
        game: &mut Game,
        candidates: Vec<CardRef>,
        to: Selection,
        prompt: &str,
    ) -> Result<Vec<Subject>, Stop> {
        if candidates.is_empty() {
            return Ok(Vec::new());
        }
        let (min, max) = self
            .card
            .filter(to.filter)
            .and_then(|f| f.choose)
            .map_or((1, 1), |c| (c.min, c.max));
        let picked = game.select(prompt, candidates, min, max)?;
        Ok(picked
            .into_iter()
            .map(|card| match game.card(card) {
                Some(info) if info.card_type == CardType::Leader => Subject::Player(info.owner),
                _ => Subject::Card(card),
            })
            .collect())
    }

    /// "Deal N damage divided among up to M enemy followers": the
    /// controller picks the followers, then assigns each point in turn.
    fn divided_damage(
        &self,
        game: &mut Game,
        scope: &Scope<'_>,
        amount: i32,
        filter: ir::FilterId,
    ) -> Result<(), Stop> {
        let candidates = values::cards_matching(game, scope, scope.opponent(), Zone::Field, filter);
        let (min, max) = self
            .card
            .filter(filter)
            .and_then(|f| f.choose)
            .map_or((1, 1), |c| (c.min, c.max));
        let picked = game.select(
            &format!("Divide {amount} damage among"),
            candidates,
            min,
            max,
        )?;
        let mut shares = vec![0i32; picked.len()];
        if let [_] = picked.as_slice() {
            shares[0] = amount;
        } else if !picked.is_empty() {
            for point in 0..amount.max(0) {
                let options: Vec<ChoiceOption> =
                    picked.iter().map(|c| ChoiceOption::Card(*c)).collect();
                let text = format!("Damage point {} of {amount}: which follower?", point + 1);
                let answer = game.ask(scope.me, &text, options, 1, 1)?;
                if let Some(share) = answer.first().and_then(|i| shares.get_mut(*i as usize)) {
                    *share += 1;
                }
            }
        }
        for (card, share) in picked.iter().zip(shares) {
            if share > 0 {
                game.damage_follower(*card, share);
            }
        }
        Ok(())
    }

    fn summon(
        &self,
        game: &mut Game,
        token: &str,
        option: TokenOption,
        count: u32,
    ) -> Result<(), Stop> {
        let id = self.token_id(token);
        let me = self.call.controller;
        let destination = match option {
            TokenOption::Field => TokenDestination::Field,
            TokenOption::ExArea => TokenDestination::ExArea,
            TokenOption::FieldOverflowToEx => TokenDestination::FieldOverflowToEx,
            TokenOption::ChooseForEachFieldOrEx => {
                for i in 0..count {
                    let text = format!("{token} token {} of {count}: where does it go?", i + 1);
                    let choice = game.choose_one(&text, &["Field", "EX area", "Stop"])?;
                    let destination = match choice {
                        0 => TokenDestination::Field,
                        1 => TokenDestination::ExArea,
                        _ => break,
                    };
                    game.summon_token(me, &id, 1, destination)?;
                }
                return Ok(());
            }
        };
        game.summon_token(me, &id, count, destination)?;
        Ok(())
    }

    /// `CheckTop` / `RevealTop`: look at the top cards and apply the actions
    /// in order; what is left stays on top in its order.
    fn check_top(
        &self,
        game: &mut Game,
        scope: &Scope<'_>,
        count: Count,
        actions: &[CheckAction],
    ) -> Result<(), Stop> {
        let (_, n) = bounds(game, scope, count);
        // The top of the deck is the end of the zone list.
        let mut left: Vec<CardRef> = game
            .cards_in(scope.me, Zone::Deck)
            .into_iter()
            .rev()
            .take(n as usize)
            .collect();
        for action in actions {
            let eligible: Vec<CardRef> = left
                .iter()
                .copied()
                .filter(|card| {
                    action.filter.is_none_or(|f| {
                        game.card(*card)
                            .is_some_and(|info| values::matches(scope, f, &info))
                    })
                })
                .collect();
            let chosen = match action.count {
                Some(count) => {
                    let (_, max) = bounds(game, scope, count);
                    let text = format!("Choose up to {max} card(s): {}", action_text(action.kind));
                    game.choose_cards(&text, eligible, 0, max)?
                }
                None => eligible,
            };
            for card in &chosen {
                match action.kind {
                    CheckActionKind::Hand => game.deck_to_hand(*card),
                    CheckActionKind::Cemetery => game.bury(*card),
                    CheckActionKind::Field => {
                        game.put_onto_field(*card);
                    }
                    CheckActionKind::BottomDeck | CheckActionKind::BottomDeckAnyOrder => {
                        game.put_into_deck(*card, true);
                    }
                    CheckActionKind::TopOrBottomDeck
                    | CheckActionKind::TopDeckAnyOrder
                    | CheckActionKind::TopDeckSameOrder => {}
                }
            }
            let moved = !matches!(
                action.kind,
                CheckActionKind::TopOrBottomDeck
                    | CheckActionKind::TopDeckAnyOrder
                    | CheckActionKind::TopDeckSameOrder
            );
            if moved {
                left.retain(|card| !chosen.contains(card));
            }
        }
        Ok(())
    }
}

fn action_text(kind: CheckActionKind) -> &'static str {
    match kind {
        CheckActionKind::Hand => "put into your hand",
        CheckActionKind::Cemetery => "put into your cemetery",
        CheckActionKind::Field => "put onto your field",
        CheckActionKind::BottomDeck | CheckActionKind::BottomDeckAnyOrder => {
            "put on the bottom of your deck"
        }
        CheckActionKind::TopOrBottomDeck
        | CheckActionKind::TopDeckAnyOrder
        | CheckActionKind::TopDeckSameOrder => "leave on top",
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
