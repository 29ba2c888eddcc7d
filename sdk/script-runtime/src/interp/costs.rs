//! Costs the interpreter pays itself (spec §7, rules-coverage.md §12.3): the
//! optional costs of sub-abilities ("you may pay ...: ..."), and ComplexEffect
//! `payCost(...)`, which also reports how many cards the payment moved or
//! how many counters it removed.
//!
//! The host pays the costs of activated and triggered abilities it plays;
//! only what sub-abilities carry comes here. Cards used to pay come from
//! the payer's own zones and are chosen, not selected, so Aura does not
//! apply (rules-coverage.md §12.3).

use super::stats::counters_of;
use super::{Frame, Interpreter, bounds, choices, count_u32, len_u32};
use crate::values;
use sve_script::ir::{Cost, Count, Selection, Target};
use sve_sdk::prelude::*;

/// What a payment did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Paid {
    /// Cards the payment moved (discarded, buried, returned, banished).
    pub(super) moved_cards: u32,
    /// Counters the payment removed.
    pub(super) removed_counters: u32,
}

impl Interpreter<'_> {
    /// Whether the performing player can pay every item of `costs` now.
    pub(super) fn can_pay(&self, game: &Game, frame: &Frame<'_>, costs: &[Cost]) -> bool {
        let scope = self.scope(frame);
        let value = |v| values::value(game, &scope, v);
        let me = game.player(frame.me);
        costs.iter().all(|cost| match *cost {
            Cost::PlayPoints(v) => me.pp >= value(v),
            // Payable with at least that much defense (rules-coverage.md §12.3).
            Cost::LeaderDefense(v) => me.leader_defense >= value(v),
            Cost::EngageSelf => game
                .card(frame.this)
                .is_some_and(|c| c.zone == Zone::Field && !c.engaged),
            Cost::Discard { count, filter } => {
                let n = values::cards_matching(game, &scope, frame.me, Zone::Hand, filter).len();
                len_u32(n) >= count_u32(value(count))
            }
            Cost::BanishFromCemetery { count, filter } => {
                let n =
                    values::cards_matching(game, &scope, frame.me, Zone::Cemetery, filter).len();
                len_u32(n) >= count_u32(value(count))
            }
            Cost::SendToCemetery(from) | Cost::ReturnToHand(from) | Cost::Banish(from) => {
                let banish = matches!(cost, Cost::Banish(_));
                self.payable_cards(game, frame, from, banish).is_some()
            }
            Cost::RemoveCounters {
                counter,
                amount,
                from,
            } => {
                let Some(kind) = crate::keywords::counter(game, self.module, counter) else {
                    return false;
                };
                let needed = self.counters_needed(game, frame, amount);
                !self
                    .counter_holders(game, frame, from, kind, needed)
                    .is_empty()
            }
            Cost::EarthRite(v) => !self.earth_rite_amulets(game, frame, value(v)).is_empty(),
            Cost::OncePerTurn
            | Cost::Quick
            | Cost::Delayed
            | Cost::Moves(_)
            | Cost::UnionBurst
            | Cost::MovedHow(_)
            | Cost::WithThisCard
            | Cost::Advanced
            // A turn can always be skipped (CR 5.26.2.1).
            | Cost::SkipNextTurn => true,
            Cost::Condition(v) => value(v) > 0,
            // X may be 0 (later-sets §1.3).
            Cost::PlayPointsX => true,
            // Only the host pays a Fuse, for the `Act` ability that works
            // in the hand (the card pool refuses it anywhere else), and a
            // Ride's Drive Point (only `Act` abilities have one).
            Cost::Fuse { .. } | Cost::Ride => false,
        })
    }

    /// Pays `costs` in order (the caller checked [`Interpreter::can_pay`]).
    pub(super) fn pay(
        &self,
        game: &mut Game,
        frame: &Frame<'_>,
        costs: &[Cost],
    ) -> Result<Paid, Stop> {
        let scope = self.scope(frame);
        let me = frame.me;
        let mut paid = Paid::default();
        for (at, cost) in costs.iter().enumerate() {
            match *cost {
                Cost::PlayPoints(v) => {
                    let n = values::value(game, &scope, v);
                    game.add_play_points(me, -n);
                }
                Cost::LeaderDefense(v) => {
                    let n = values::value(game, &scope, v);
                    game.change_leader_defense(me, -n);
                }
                Cost::EngageSelf => game.engage(frame.this),
                Cost::SkipNextTurn => game.skip_next_turn(me),
                Cost::Discard { count, filter } => {
                    let n = count_u32(values::value(game, &scope, count));
                    let hand = values::cards_matching(game, &scope, me, Zone::Hand, filter);
                    let text = "Discard to pay the cost";
                    let picked = choices::choose_cards_to_pay(game, me, text, hand, n, n)?;
                    game.discard(&picked);
                    paid.moved_cards += len_u32(picked.len());
                }
                Cost::BanishFromCemetery { count, filter } => {
                    let n = count_u32(values::value(game, &scope, count));
                    let cemetery = values::cards_matching(game, &scope, me, Zone::Cemetery, filter);
                    let text = "Banish from your cemetery to pay the cost";
                    let picked = choices::choose_cards_to_pay(game, me, text, cemetery, n, n)?;
                    super::moves::move_all(game, &picked, MoveKind::Banish);
                    paid.moved_cards += len_u32(picked.len());
                }
                Cost::SendToCemetery(from) | Cost::ReturnToHand(from) | Cost::Banish(from) => {
                    let banish = matches!(cost, Cost::Banish(_));
                    let Some((candidates, min, max)) =
                        self.payable_cards(game, frame, from, banish)
                    else {
                        continue;
                    };
                    let picked = if from.target == Target::TargetPlayerCard
                        || from.target == Target::TargetPlayerCardEx
                    {
                        let text = "Choose cards to pay the cost";
                        choices::choose_cards_to_pay(game, me, text, candidates, min, max)?
                    } else {
                        candidates
                    };
                    let kind = match cost {
                        Cost::SendToCemetery(_) => MoveKind::Bury,
                        Cost::ReturnToHand(_) => MoveKind::ReturnToHand,
                        _ => MoveKind::Banish,
                    };
                    super::moves::move_all(game, &picked, kind);
                    paid.moved_cards += len_u32(picked.len());
                }
                Cost::RemoveCounters {
                    counter,
                    amount,
                    from,
                } => {
                    let kind = crate::keywords::counter_or_stop(game, self.module, counter)?;
                    let needed = self.counters_needed(game, frame, amount);
                    let holders = self.counter_holders(game, frame, from, kind, needed);
                    let text = "Remove counters from";
                    let Some(card) = choices::choose_cards_to_pay(game, me, text, holders, 1, 1)?
                        .first()
                        .copied()
                    else {
                        continue;
                    };
                    let held = game.card(card).map_or(0, |info| counters_of(&info, kind));
                    let n = match amount {
                        // Omitted: all of them.
                        None => held,
                        Some(Count::Exactly(_)) => needed.min(held),
                        Some(count @ Count::Between { .. }) => {
                            let (min, max) = bounds(game, &scope, count);
                            let max = max.min(count_u32(held));
                            let labels: Vec<String> = (min..=max).map(|n| n.to_string()).collect();
                            let text = "How many counters do you remove?";
                            let picked = choices::choose_one(game, me, text, &labels)?;
                            let picked = u32::try_from(picked).unwrap_or(0);
                            i32::try_from(min.saturating_add(picked)).unwrap_or(0)
                        }
                    };
                    game.add_counters(card, kind, -n);
                    paid.removed_counters += count_u32(n);
                }
                Cost::EarthRite(v) => {
                    let n = values::value(game, &scope, v).max(0);
                    let amulets = self.earth_rite_amulets(game, frame, n);
                    let text = "Earth Rite: remove Stack counters from";
                    if let Some(amulet) =
                        choices::choose_cards_to_pay(game, me, text, amulets, 1, 1)?
                            .first()
                            .copied()
                    {
                        game.add_counters(amulet, Counter::Stack, -n);
                        paid.removed_counters += count_u32(n);
                    }
                }
                Cost::OncePerTurn
                | Cost::Quick
                | Cost::Condition(_)
                | Cost::Delayed
                | Cost::Moves(_)
                | Cost::UnionBurst
                | Cost::MovedHow(_)
                | Cost::WithThisCard
                | Cost::Advanced => {}
                // "You may pay X" (later-sets §1.3): the payer chooses X
                // from 0 to the play points the cost's other play points
                // leave; the rest of the resolution reads it.
                Cost::PlayPointsX => {
                    // Those paid after it (the ones before are paid).
                    let others: i32 = costs[at + 1..]
                        .iter()
                        .filter_map(|cost| match *cost {
                            Cost::PlayPoints(v) => Some(values::value(game, &scope, v).max(0)),
                            _ => None,
                        })
                        .sum();
                    let most = game.player(me).pp.saturating_sub(others).max(0);
                    let labels: Vec<String> = (0..=most).map(|x| format!("X = {x}")).collect();
                    let picked =
                        choices::choose_one(game, me, "Choose X: pay X play points", &labels)?;
                    let x = i32::try_from(picked).unwrap_or(0).min(most);
                    game.add_play_points(me, -x);
                    super::resolution::pay_x(x);
                }
                // Never payable here (`can_pay`): the host pays a Fuse and
                // a Ride.
                Cost::Fuse { .. } | Cost::Ride => {}
            }
        }
        Ok(paid)
    }

    /// The cards a `SendToCemetery`/`ReturnToHand`/`Banish` cost can use and
    /// how many must and may be chosen, or `None` if it cannot be paid:
    /// `Self` this card on the field; `TargetPlayerCard(Ex)` the filter's
    /// `m(min,max)` (default 1) of your matching field (EX area) cards;
    /// `AllPlayerCards...` every matching card (always payable). A
    /// `banish` cost leaves out field cards that can't be banished
    /// (later-sets §12.7).
    fn payable_cards(
        &self,
        game: &Game,
        frame: &Frame<'_>,
        from: Selection,
        banish: bool,
    ) -> Option<(Vec<CardRef>, u32, u32)> {
        let scope = self.scope(frame);
        let mine = |zone| {
            let mut cards = values::cards_matching(game, &scope, frame.me, zone, from.filter);
            if banish && zone == Zone::Field {
                cards.retain(|card| {
                    !game
                        .stats(*card)
                        .is_some_and(|s| s.keywords.contains(Keywords::CANNOT_BE_BANISHED))
                });
            }
            cards
        };
        match from.target {
            Target::This => game
                .card(frame.this)
                .filter(|info| info.zone == Zone::Field && info.controller == frame.me)
                .filter(|_| {
                    !(banish
                        && game
                            .stats(frame.this)
                            .is_some_and(|s| s.keywords.contains(Keywords::CANNOT_BE_BANISHED)))
                })
                .map(|_| (vec![frame.this], 1, 1)),
            Target::TargetPlayerCard | Target::TargetPlayerCardEx => {
                let zone = if from.target == Target::TargetPlayerCard {
                    Zone::Field
                } else {
                    Zone::ExArea
                };
                let candidates = mine(zone);
                let (min, max) = self.choose_bounds(from.filter);
                (len_u32(candidates.len()) >= min).then_some((candidates, min, max))
            }
            Target::AllPlayerCards => Some((mine(Zone::Field), 0, u32::MAX)),
            Target::AllPlayerCardsEx => Some((mine(Zone::ExArea), 0, u32::MAX)),
            Target::AllPlayerCardsFieldAndEx => {
                let mut all = mine(Zone::Field);
                all.extend(mine(Zone::ExArea));
                Some((all, 0, u32::MAX))
            }
            _ => None,
        }
    }

    /// How many counters a `RemoveCounters` cost needs at least: 1 when the
    /// amount is omitted (it then removes all), else its (minimum) value.
    fn counters_needed(&self, game: &Game, frame: &Frame<'_>, amount: Option<Count>) -> i32 {
        let scope = self.scope(frame);
        match amount {
            None => 1,
            Some(count) => i32::try_from(bounds(game, &scope, count).0).unwrap_or(i32::MAX),
        }
    }

    /// The cards a `RemoveCounters` cost can take `needed` counters from:
    /// this card, or your matching field cards for `TargetPlayerCard`.
    fn counter_holders(
        &self,
        game: &Game,
        frame: &Frame<'_>,
        from: Selection,
        kind: Counter,
        needed: i32,
    ) -> Vec<CardRef> {
        let scope = self.scope(frame);
        let candidates = match from.target {
            Target::TargetPlayerCard => {
                values::cards_matching(game, &scope, frame.me, Zone::Field, from.filter)
            }
            _ => vec![frame.this],
        };
        candidates
            .into_iter()
            .filter(|card| {
                game.card(*card)
                    .is_some_and(|info| counters_of(&info, kind) >= needed.max(0))
            })
            .collect()
    }

    /// Your amulets on the field holding at least `n` Stack counters (Earth
    /// Rite, rules-coverage.md §2.4).
    fn earth_rite_amulets(&self, game: &Game, frame: &Frame<'_>, n: i32) -> Vec<CardRef> {
        game.cards_in(frame.me, Zone::Field)
            .into_iter()
            .filter(|card| {
                game.card(*card).is_some_and(|info| {
                    info.card_type == CardType::Amulet && counters_of(&info, Counter::Stack) >= n
                })
            })
            .collect()
    }
}
