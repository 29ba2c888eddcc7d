//! The selections an ability must make, and whether it can make them
//! (rules-coverage.md §12.4, CR 10.6.2.3.3): an ability that has to select
//! a target and has none does nothing at all, and a spell or an activated
//! ability in that case cannot be played. The whole text of one ability is
//! one unit: a `Sequence` whose "select" step has no target does none of
//! its other steps either.
//!
//! The requirement is read from the ability itself, never from a
//! hand-written `condition`: its own selections and, through `Sequence`,
//! those of the steps it always runs. A selection is required when the
//! performing player picks it (`Target...` modes) and must pick at least
//! one (no `m(0,N)` "up to"). Steps with a condition or an optional cost
//! may not run, so they require nothing; neither do the options of a
//! choice, nor the steps a restricted sequence narrows to what was already
//! selected.

//!
//! The selections each ability requires are worked out once per pack
//! ([`RequiredSelections`]): a spell's play requirement is asked at every
//! legal-action listing.

use super::{Interpreter, MAX_DEPTH};
use rustc_hash::FxHashMap;
use sve_script::ir::{self, Ability, Effect, Module, Selection};
use sve_sdk::prelude::*;

/// The selections every ability of a pack must make, in the order a check
/// takes them, worked out when the pack is decoded. Keyed by where the
/// card and the ability sit in the decoded module, which never changes
/// for the life of a [`Script`](crate::Script).
#[derive(Debug, Default)]
pub struct RequiredSelections(FxHashMap<(usize, usize), Box<[Selection]>>);

impl RequiredSelections {
    /// The required selections of every ability of every card of `module`.
    pub fn of_module(module: &Module) -> RequiredSelections {
        let mut by_ability = FxHashMap::default();
        for card in &module.cards {
            for ability in &card.abilities {
                let selections = required_selections(card, &ability.effect);
                by_ability.insert(key(card, ability), selections.into_boxed_slice());
            }
        }
        RequiredSelections(by_ability)
    }

    /// The required selections of `ability` of `card`, if worked out.
    fn of(&self, card: &ir::Card, ability: &Ability) -> Option<&[Selection]> {
        self.0.get(&key(card, ability)).map(|s| &**s)
    }
}

fn key(card: &ir::Card, ability: &Ability) -> (usize, usize) {
    (
        std::ptr::from_ref(card) as usize,
        std::ptr::from_ref(ability) as usize,
    )
}

/// The selections `effect` of `card` must make: its own that the
/// performer picks, then, through `Sequence`, those of the steps it always
/// runs, depth first (see the module docs). Deeper than [`MAX_DEPTH`] (a
/// cycle of calls) nothing is required: the run reports the cycle.
fn required_selections(card: &ir::Card, effect: &Effect) -> Vec<Selection> {
    let mut out = Vec::new();
    collect_required(card, effect, 0, &mut out);
    out
}

fn collect_required(card: &ir::Card, effect: &Effect, depth: u32, out: &mut Vec<Selection>) {
    if depth >= MAX_DEPTH {
        return;
    }
    // A selection by the name the ability declares can't be known before
    // it runs (later-sets §12.11): it requires nothing beforehand.
    out.extend(
        effect
            .selections()
            .into_iter()
            .filter(|to| !filter_reads(card, to.filter, 0, ReadAsItRuns::DeclaredName)),
    );
    let Effect::Sequence { steps } = effect else {
        return;
    };
    for step in steps {
        if let Some(ability) = card.ability(*step)
            && ability.condition.is_none()
            && !ability.has_optional_payment()
        {
            collect_required(card, &ability.effect, depth + 1, out);
        }
    }
}

/// A filter test whose answer is known only as the ability runs ([`filter_reads`]).
#[derive(Clone, Copy)]
enum ReadAsItRuns {
    /// `n(#Declared)`: the name the ability declares as it runs.
    DeclaredName,
    /// `p(m(min,X))`: the X paid for its `[costX]`.
    PaidX,
}

/// Whether the filter (or its alternative) has a test of `item`'s kind.
fn filter_reads(card: &ir::Card, filter: ir::FilterId, depth: u32, item: ReadAsItRuns) -> bool {
    let Some(filter) = card.filter(filter) else {
        return false;
    };
    filter.tests.iter().any(|test| {
        matches!(
            (item, &test.item),
            (ReadAsItRuns::DeclaredName, ir::FilterItem::DeclaredName)
                | (ReadAsItRuns::PaidX, ir::FilterItem::CostUpToX { .. })
        )
    }) || (depth < MAX_DEPTH
        && filter
            .alternative
            .is_some_and(|alt| filter_reads(card, alt, depth + 1, item)))
}

impl Interpreter<'_> {
    /// Whether every selection the ability must make has a target now.
    /// `x_known`: the X of its `[costX]` is known (it resolves, or it is
    /// executed without its cost, X = 0); before X is paid, a selection
    /// that reads X ("costing X or less") requires nothing.
    pub(super) fn required_targets_exist(&self, game: &Game, x_known: bool) -> bool {
        let frame = self.top_frame();
        // "Up to" selections require nothing; the rest need one card the
        // performer may select.
        let has_target = |to: &Selection| {
            self.choose_bounds(to.filter).0 == 0
                || (!x_known && filter_reads(self.card, to.filter, 0, ReadAsItRuns::PaidX))
                || self
                    .choice_has_selectable(game, &frame, *to)
                    .unwrap_or(true)
        };
        match self.required.and_then(|r| r.of(self.card, self.ability)) {
            Some(required) => required.iter().all(has_target),
            None => required_selections(self.card, &self.ability.effect)
                .iter()
                .all(has_target),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{RequiredSelections, required_selections};
    use sve_script::ir::Target;

    /// A spell whose first step selects, whose second has a condition and
    /// whose third selects again through a nested sequence.
    const SOURCE: &str = r#"
name Test Volley;
id TEST-001;
class Sword;
type Spell;
cost 3;
text "Test.";
ability Spell {
    effect Sequence(Strike, Maybe, Nested);
}
ability Spell name Strike {
    effect DealDamage(1) to TargetOpponentCard F;
}
ability Spell name Maybe {
    condition s(10);
    effect DealDamage(2) to TargetOpponentCard F;
}
ability Spell name Nested {
    effect Sequence(Buff);
}
ability Spell name Buff {
    effect GiveStat(Atk, 1) to TargetPlayerCard F;
}
"#;

    #[test]
    fn the_required_selections_follow_the_steps_that_always_run_in_order() {
        let compiled = sve_script::compile_file("test.txt", SOURCE);
        assert_eq!(compiled.cards.len(), 1, "{:?}", compiled.diagnostics);
        let module = compiled.into_module();
        let card = &module.cards[0];
        let main = &card.abilities[0];
        let targets: Vec<Target> = required_selections(card, &main.effect)
            .iter()
            .map(|s| s.target)
            .collect();
        // Strike's, then Buff's through Nested; Maybe has a condition.
        assert_eq!(
            targets,
            [Target::TargetOpponentCard, Target::TargetPlayerCard]
        );
        let table = RequiredSelections::of_module(&module);
        assert_eq!(
            table.of(card, main),
            Some(required_selections(card, &main.effect).as_slice())
        );
        // Another module's card is not in the table.
        let other = sve_script::compile_file("test.txt", SOURCE).into_module();
        assert_eq!(
            table.of(&other.cards[0], &other.cards[0].abilities[0]),
            None
        );
    }
}
