//! Stats, damage, counters and tokens (spec §5.4 "Stats, damage, engage",
//! "Keywords and counters", "Tokens").

use super::targets::Subject;
use super::{Frame, Interpreter, choices, deal_damage, players};
use crate::values;
use sve_script::ir::{self, FilterId, Selection, Stat, TokenOption, ValueId};
use sve_sdk::prelude::*;

impl Interpreter<'_> {
    /// `GiveStat` / `GiveStatEndOfTurn`: add `attack` (and `defense` for
    /// `AtkDef` and leaders) to each target; player stats change the named
    /// players' resources.
    pub(super) fn give_stat(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        stat: Stat,
        (attack, defense): (i32, i32),
        to: Selection,
        duration: Duration,
    ) -> Result<(), Stop> {
        if stat.is_player_stat() {
            for p in players(to.target, &self.scope(&frame)) {
                match stat {
                    Stat::MaxPlayPoints => game.add_max_play_points(p, attack),
                    Stat::PlayPoints => game.add_play_points(p, attack),
                    _ => game.add_evolve_points(p, attack),
                }
            }
            return Ok(());
        }
        let prompt = format!("Give {attack:+} {}", stat.name());
        for subject in self.subjects(game, frame, to, &prompt)? {
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

    /// `SetStat` / `SetStatEndOfTurn`: each target's stat becomes `n`.
    pub(super) fn set_stat(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        stat: Stat,
        n: i32,
        to: Selection,
        duration: Duration,
    ) -> Result<(), Stop> {
        let prompt = format!("Set {} to {n}", stat.name());
        for subject in self.subjects(game, frame, to, &prompt)? {
            match subject {
                Subject::Card(c) => {
                    let Some(info) = game.stats(c) else { continue };
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

    /// `DrawThenDamage`: choose the targets, draw `draw`, then deal
    /// `damage`, evaluated after drawing, to each target.
    pub(super) fn draw_then_damage(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        draw: ValueId,
        damage: ValueId,
        to: Selection,
    ) -> Result<(), Stop> {
        let scope = self.scope(&frame);
        let targets = self.subjects(game, frame, to, "Deal damage to")?;
        let n = super::count_u32(values::value(game, &scope, draw));
        game.draw(frame.me, n);
        // Evaluated now: the drawn cards may count (`H`).
        let amount = values::value(game, &scope, damage);
        deal_damage(game, &targets, amount);
        Ok(())
    }

    /// "Deal N damage divided among up to M enemy followers": the
    /// performing player picks the followers, then assigns each point in
    /// turn.
    pub(super) fn divided_damage(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        amount: i32,
        filter: FilterId,
    ) -> Result<(), Stop> {
        let opponent = frame.me.opponent();
        let candidates = self.candidates(game, &frame, opponent, Zone::Field, filter);
        let (min, max) = self.choose_bounds(filter);
        let text = format!("Divide {amount} damage among");
        let picked = choices::select(game, frame.me, &text, candidates, min, max)?;
        let mut shares = vec![0i32; picked.len()];
        if let [share] = shares.as_mut_slice() {
            *share = amount;
        } else if !picked.is_empty() {
            for point in 0..amount.max(0) {
                let options: Vec<ChoiceOption> =
                    picked.iter().map(|c| ChoiceOption::Card(*c)).collect();
                let text = format!("Damage point {} of {amount}: which follower?", point + 1);
                let series = SeriesStep {
                    step: point.unsigned_abs() + 1,
                    count: amount.unsigned_abs(),
                    up_to: false,
                };
                let role = QuestionRole::Effect;
                let answer = game.ask_with(frame.me, &text, options, 1, 1, role, Some(series))?;
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

    /// `MoveCounter`: move `amount` counters (`None`: all) of that kind from
    /// this card to the first target; at most as many as this card holds.
    pub(super) fn move_counter(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        counter: ir::Counter,
        amount: Option<i32>,
        to: Selection,
    ) -> Result<(), Stop> {
        let kind = crate::keywords::counter_or_stop(game, self.module, counter)?;
        let held = game
            .card(frame.this)
            .map_or(0, |info| counters_of(&info, kind));
        let n = amount.map_or(held, |n| n.clamp(0, held));
        if n == 0 {
            return Ok(());
        }
        let name = match counter {
            ir::Counter::Declared(n) => {
                crate::keywords::declared_counter_name(self.module, n).unwrap_or("declared")
            }
            builtin => builtin.name(),
        };
        let prompt = format!("Move {n} {name} counter(s) to");
        let first = self
            .subjects(game, frame, to, &prompt)?
            .into_iter()
            .find_map(|subject| match subject {
                Subject::Card(card) if card != frame.this => Some(card),
                _ => None,
            });
        if let Some(target) = first {
            game.add_counters(frame.this, kind, -n);
            game.add_counters(target, kind, n);
        }
        Ok(())
    }

    /// `SummonToken`: create `count` tokens for the performing player.
    /// Returns the tokens created (those that found room).
    pub(super) fn summon(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        token: &str,
        option: TokenOption,
        count: u32,
    ) -> Result<Vec<CardRef>, Stop> {
        let id = self.token_id(token);
        let destination = match option {
            TokenOption::Field => TokenDestination::Field,
            TokenOption::ExArea => TokenDestination::ExArea,
            TokenOption::FieldOverflowToEx => TokenDestination::FieldOverflowToEx,
            TokenOption::ChooseForEachFieldOrEx => {
                let mut created = Vec::new();
                for i in 0..count {
                    // Only zones with room are offered (each answer of this
                    // run has already put its token in place).
                    let mut options: Vec<(String, Option<TokenDestination>)> = Vec::new();
                    if room(game, frame.me, Zone::Field, FIELD_SLOTS) {
                        options.push(("Field".to_owned(), Some(TokenDestination::Field)));
                    }
                    if room(game, frame.me, Zone::ExArea, EX_SLOTS) {
                        options.push(("EX area".to_owned(), Some(TokenDestination::ExArea)));
                    }
                    if options.is_empty() {
                        break;
                    }
                    options.push(("Stop".to_owned(), None));
                    let labels: Vec<String> = options.iter().map(|(l, _)| l.clone()).collect();
                    let text = format!("{token} token {} of {count}: where does it go?", i + 1);
                    let series = SeriesStep {
                        step: i + 1,
                        count,
                        up_to: false,
                    };
                    let picked = choices::choose_one_in_series(
                        game,
                        frame.me,
                        &text,
                        &labels,
                        Some(series),
                    )?;
                    let Some((_, Some(destination))) = options.get(picked) else {
                        break;
                    };
                    created.extend(game.summon_token(frame.me, &id, 1, *destination)?);
                }
                return Ok(created);
            }
        };
        game.summon_token(frame.me, &id, count, destination)
    }
}

/// Cards a field holds (rules-coverage.md §3).
pub(super) const FIELD_SLOTS: usize = 5;
/// Cards an EX area holds (rules-coverage.md §3).
const EX_SLOTS: usize = 5;

/// Whether `player`'s `zone` has a free slot.
pub(super) fn room(game: &Game, player: Player, zone: Zone, slots: usize) -> bool {
    game.cards_in(player, zone).len() < slots
}

/// How many counters of `kind` a card holds.
pub(super) fn counters_of(info: &CardInfo, kind: Counter) -> i32 {
    info.counters
        .iter()
        .filter(|(k, _)| *k == kind)
        .map(|(_, n)| i32::try_from(*n).unwrap_or(i32::MAX))
        .fold(0, i32::saturating_add)
}
