//! Structural validation of a card's IR: every index in range and the pool
//! ordering invariants of [`crate::ir`] hold. The compiler only produces
//! valid IR; a runtime that decodes IR it did not compile itself
//! ([`crate::ir::Module::from_bytes`] does this) can then index without checks.

use super::effect::{AbilityIdx, CheckAction, ComplexStep, Cost, Count, Selection};
use super::expr::{FilterId, ValueId, ValueNode};
use super::visit::Part;
use super::{Card, Effect};

/// Why a card's IR is not valid.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum InvalidIr {
    /// A value node refers to a value that is not before it.
    #[error("value node {node} refers to value {target}, which is not an earlier node")]
    ValueOrder {
        /// The referring node.
        node: u32,
        /// The index it refers to.
        target: u32,
    },
    /// An index outside its pool.
    #[error("{what} index {index} is out of range ({len} entries)")]
    OutOfRange {
        /// Which pool.
        what: &'static str,
        /// The index.
        index: u32,
        /// The pool size.
        len: usize,
    },
    /// A filter's alternative is not an earlier filter.
    #[error("filter {filter} has alternative {target}, which is not an earlier filter")]
    FilterOrder {
        /// The filter.
        filter: u32,
        /// Its alternative.
        target: u32,
    },
}

impl Card {
    /// Checks every index and the pool ordering invariants.
    pub fn validate(&self) -> Result<(), InvalidIr> {
        let checker = Checker { card: self };
        for (idx, node) in self.values.iter().enumerate() {
            checker.value_node(idx, node)?;
        }
        for (idx, filter) in self.filters.iter().enumerate() {
            if let Some(alternative) = filter.alternative
                && usize::try_from(alternative.0).map_or(true, |alt| alt >= idx)
            {
                return Err(InvalidIr::FilterOrder {
                    filter: u32::try_from(idx).unwrap_or(u32::MAX),
                    target: alternative.0,
                });
            }
        }
        if let Some(spell) = self.spell_ability {
            checker.ability(Some(spell))?;
        }
        for ability in &self.abilities {
            if let Some(filter) = ability.trigger_filter {
                checker.filter(filter)?;
            }
            if let Some(condition) = ability.condition {
                checker.value(condition.value)?;
            }
            for cost in &ability.costs {
                checker.cost(cost)?;
            }
            checker.effect(&ability.effect)?;
        }
        Ok(())
    }
}

impl Card {
    /// How deep evaluating this card's values and filters can nest: the
    /// longest chain of value nodes, each naming the next, ending in a
    /// filter's chain of alternatives. Valid IR only names earlier nodes,
    /// so this is finite; a runtime that evaluates recursively bounds its
    /// stack with it. Call it on validated IR (out-of-range names count 0).
    pub fn evaluation_depth(&self) -> usize {
        // The depth found so far for an earlier node (none for a name out
        // of range).
        fn depth_of(depths: &[usize], index: u32) -> Option<usize> {
            usize::try_from(index)
                .ok()
                .and_then(|i| depths.get(i))
                .copied()
        }
        let mut filters: Vec<usize> = Vec::with_capacity(self.filters.len());
        for filter in &self.filters {
            let alternative = filter.alternative.and_then(|alt| depth_of(&filters, alt.0));
            filters.push(1 + alternative.unwrap_or(0));
        }
        let mut values: Vec<usize> = Vec::with_capacity(self.values.len());
        for node in &self.values {
            let (named, filter) = node.references();
            let deepest = named
                .into_iter()
                .flatten()
                .filter_map(|id| depth_of(&values, id.0))
                .chain(filter.and_then(|id| depth_of(&filters, id.0)))
                .max();
            values.push(1 + deepest.unwrap_or(0));
        }
        let deepest_value = values.iter().copied().max().unwrap_or(0);
        let deepest_filter = filters.iter().copied().max().unwrap_or(0);
        deepest_value.max(deepest_filter)
    }
}

struct Checker<'a> {
    card: &'a Card,
}

impl Checker<'_> {
    fn value(&self, id: ValueId) -> Result<(), InvalidIr> {
        in_range("value", id.0, self.card.values.len())
    }

    fn filter(&self, id: FilterId) -> Result<(), InvalidIr> {
        in_range("filter", id.0, self.card.filters.len())
    }

    fn ability(&self, idx: Option<AbilityIdx>) -> Result<(), InvalidIr> {
        match idx {
            Some(idx) => in_range("ability", idx.0, self.card.abilities.len()),
            None => Ok(()),
        }
    }

    fn selection(&self, selection: Selection) -> Result<(), InvalidIr> {
        self.filter(selection.filter)
    }

    fn count(&self, count: Count) -> Result<(), InvalidIr> {
        match count {
            Count::Exactly(value) => self.value(value),
            Count::Between { min, max } => {
                self.value(min)?;
                self.value(max)
            }
        }
    }

    fn value_node(&self, idx: usize, node: &ValueNode) -> Result<(), InvalidIr> {
        let earlier = |target: ValueId| {
            if usize::try_from(target.0).is_ok_and(|target| target < idx) {
                Ok(())
            } else {
                Err(InvalidIr::ValueOrder {
                    node: u32::try_from(idx).unwrap_or(u32::MAX),
                    target: target.0,
                })
            }
        };
        let (named, filter) = node.references();
        for target in named.into_iter().flatten() {
            earlier(target)?;
        }
        match filter {
            Some(filter) => self.filter(filter),
            None => Ok(()),
        }
    }

    fn cost(&self, cost: &Cost) -> Result<(), InvalidIr> {
        match *cost {
            Cost::PlayPoints(value)
            | Cost::LeaderDefense(value)
            | Cost::EarthRite(value)
            | Cost::Condition(value) => self.value(value),
            Cost::Discard { count, filter }
            | Cost::BanishFromCemetery { count, filter }
            | Cost::Fuse { count, filter, .. } => {
                self.value(count)?;
                self.filter(filter)
            }
            Cost::SendToCemetery(selection)
            | Cost::ReturnToHand(selection)
            | Cost::Banish(selection) => self.selection(selection),
            Cost::RemoveCounters { amount, from, .. } => {
                if let Some(amount) = amount {
                    self.count(amount)?;
                }
                self.selection(from)
            }
            Cost::EngageSelf
            | Cost::OncePerTurn
            | Cost::Quick
            | Cost::Delayed
            | Cost::Moves(_)
            | Cost::UnionBurst
            | Cost::MovedHow(_)
            | Cost::WithThisCard
            | Cost::Advanced
            | Cost::Ride
            | Cost::PlayPointsX
            | Cost::SkipNextTurn => Ok(()),
        }
    }

    fn check_action(&self, action: &CheckAction) -> Result<(), InvalidIr> {
        if let Some(filter) = action.filter {
            self.filter(filter)?;
        }
        if let Some(count) = action.count {
            self.count(count)?;
        }
        Ok(())
    }

    fn effect(&self, effect: &Effect) -> Result<(), InvalidIr> {
        for (_, part) in effect.parts().1 {
            match part {
                Part::Value(value) => self.value(value)?,
                Part::OptValue(value) => {
                    if let Some(value) = value {
                        self.value(value)?;
                    }
                }
                Part::Count(count) => self.count(count)?,
                Part::OptCount(count) => {
                    if let Some(count) = count {
                        self.count(count)?;
                    }
                }
                Part::Filter(filter) => self.filter(filter)?,
                Part::Sel(selection) => self.selection(selection)?,
                Part::OptSel(selection) => {
                    if let Some(selection) = selection {
                        self.selection(selection)?;
                    }
                }
                Part::Ability(ability) | Part::Delayed(ability) => self.ability(ability)?,
                Part::Abilities(abilities) => {
                    for ability in abilities {
                        self.ability(Some(*ability))?;
                    }
                }
                Part::Faces(faces) => {
                    for face in faces {
                        self.ability(*face)?;
                    }
                }
                Part::CheckActions(actions) => {
                    for action in actions {
                        self.check_action(action)?;
                    }
                }
                Part::Options(options) => {
                    for (filter, _) in options {
                        self.filter(*filter)?;
                    }
                }
                Part::Steps(steps) => {
                    for step in steps {
                        self.complex_step(step)?;
                    }
                }
                Part::Player(_) | Part::Text(_) | Part::Int(_) | Part::Word(_) => {}
            }
        }
        Ok(())
    }

    fn complex_step(&self, step: &ComplexStep) -> Result<(), InvalidIr> {
        match step {
            ComplexStep::RevealTopValue { value, .. } => self.value(*value),
            ComplexStep::PayCost { ability, .. } => self.ability(Some(*ability)),
            ComplexStep::Perform {
                ability, amount, ..
            } => {
                self.ability(Some(*ability))?;
                match amount {
                    Some(amount) => self.value(*amount),
                    None => Ok(()),
                }
            }
            ComplexStep::PerformIf {
                condition,
                then,
                otherwise,
            } => {
                self.value(*condition)?;
                self.ability(*then)?;
                self.ability(*otherwise)
            }
        }
    }
}

fn in_range(what: &'static str, index: u32, len: usize) -> Result<(), InvalidIr> {
    if usize::try_from(index).is_ok_and(|index| index < len) {
        Ok(())
    } else {
        Err(InvalidIr::OutOfRange { what, index, len })
    }
}
