//! ComplexEffect scripts (spec §5.10): the compiler has already expanded
//! text variables, so what is left is a list of steps run in order, with
//! run-time variables ([`ValueNode::Var`](sve_script::ir::ValueNode::Var))
//! as numbered slots that `revealTopDeck.getValue` and `payCost` fill.

use super::{Frame, Interpreter, choices};
use crate::values::{self, Scope};
use sve_script::ir::{AbilityIdx, ComplexStep, PayResult, ValueId};
use sve_sdk::prelude::*;

/// The most variable slots a script may use. Compiled scripts number their
/// slots from 0, one per binding, so real scripts use a handful.
const MAX_VARS: usize = 64;

impl Interpreter<'_> {
    /// Runs a ComplexEffect script. Declining (or being unable) to pay a
    /// `payCost` ends the whole script.
    pub(super) fn complex(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        steps: &[ComplexStep],
    ) -> Result<(), Stop> {
        let mut vars: Vec<i32> = Vec::new();
        for step in steps {
            match *step {
                ComplexStep::RevealTopValue { var, value } => {
                    // The card stays on top; the card API has no reveal
                    // event, so only the value it gives shows.
                    let top = game.cards_in(frame.me, Zone::Deck).last().copied();
                    let n = top.map_or(0, |card| {
                        let scope = Scope {
                            this: card,
                            ..self.vars_scope(&frame, &vars)
                        };
                        values::value(game, &scope, value)
                    });
                    self.bind(&mut vars, var, n)?;
                }
                ComplexStep::PayCost {
                    var,
                    ability,
                    result,
                } => {
                    let Some(paid) = self.pay_cost(game, &frame, ability)? else {
                        return Ok(());
                    };
                    let n = match result {
                        PayResult::MovedCards => paid.moved_cards,
                        PayResult::RemovedCounters => paid.removed_counters,
                    };
                    self.bind(&mut vars, var, i32::try_from(n).unwrap_or(i32::MAX))?;
                }
                ComplexStep::Perform {
                    ability,
                    amount,
                    costless,
                } => {
                    let amount = amount.map_or(frame.amount, |v| self.eval(game, &frame, &vars, v));
                    self.perform(game, ability, Frame { amount, ..frame }, !costless)?;
                }
                ComplexStep::PerformIf {
                    condition,
                    then,
                    otherwise,
                } => {
                    let branch = if self.eval(game, &frame, &vars, condition) > 0 {
                        then
                    } else {
                        otherwise
                    };
                    if let Some(idx) = branch {
                        self.sub(game, idx, frame)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// `payCost(X)`: the performing player may pay the costs of ability X
    /// (asked only when there is something to pay). `None` when they cannot
    /// or decline.
    fn pay_cost(
        &self,
        game: &mut Game,
        frame: &Frame<'_>,
        ability: AbilityIdx,
    ) -> Result<Option<super::costs::Paid>, Stop> {
        let Some(ability) = self.card.ability(ability) else {
            return Ok(None);
        };
        if !ability.has_optional_payment() {
            return Ok(Some(super::costs::Paid::default()));
        }
        if !self.can_pay(game, frame, &ability.costs) {
            return Ok(None);
        }
        let question = format!("Pay the cost of {}?", ability.name);
        if !choices::may_pay(game, frame.me, &question)? {
            return Ok(None);
        }
        self.pay(game, frame, &ability.costs).map(Some)
    }

    /// The scope of `frame` with the script's variables bound.
    fn vars_scope<'s>(&self, frame: &Frame<'_>, vars: &'s [i32]) -> Scope<'s>
    where
        Self: 's,
    {
        Scope {
            vars,
            ..self.scope(frame)
        }
    }

    fn eval(&self, game: &Game, frame: &Frame<'_>, vars: &[i32], value: ValueId) -> i32 {
        values::value(game, &self.vars_scope(frame, vars), value)
    }

    /// Stores `n` in slot `var`.
    fn bind(&self, vars: &mut Vec<i32>, var: u32, n: i32) -> Result<(), Stop> {
        let slot = usize::try_from(var)
            .ok()
            .filter(|slot| *slot < MAX_VARS)
            .ok_or_else(|| {
                Stop::Error(format!(
                    "card {}: ComplexEffect variable slot {var} is out of range",
                    self.card.id
                ))
            })?;
        if vars.len() <= slot {
            vars.resize(slot + 1, 0);
        }
        if let Some(cell) = vars.get_mut(slot) {
            *cell = n;
        }
        Ok(())
    }
}
