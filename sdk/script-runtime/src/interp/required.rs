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

use super::{Frame, Interpreter, MAX_DEPTH};
use sve_script::ir::Effect;
use sve_sdk::prelude::*;

impl Interpreter<'_> {
    /// Whether every selection the ability must make has a target now.
    pub(super) fn required_targets_exist(&self, game: &Game) -> bool {
        self.effect_targets_exist(game, &self.ability.effect, &self.top_frame(), 0)
    }

    fn effect_targets_exist(
        &self,
        game: &Game,
        effect: &Effect,
        frame: &Frame<'_>,
        depth: u32,
    ) -> bool {
        if depth >= MAX_DEPTH {
            // A cycle of calls: the run reports it.
            return true;
        }
        // "Up to" selections require nothing; the rest need one card the
        // performer may select.
        let own = effect.selections().into_iter().all(|to| {
            self.choose_bounds(to.filter).0 == 0
                || self.choice_has_selectable(game, frame, to).unwrap_or(true)
        });
        if !own {
            return false;
        }
        let Effect::Sequence { steps } = effect else {
            return true;
        };
        steps.iter().all(|step| {
            self.card.ability(*step).is_none_or(|ability| {
                ability.condition.is_some()
                    || ability.has_optional_payment()
                    || self.effect_targets_exist(game, &ability.effect, frame, depth + 1)
            })
        })
    }
}
