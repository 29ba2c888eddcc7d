//! `CreateDelayed` (IR 6, later-sets §11.4): a `(Delayed)` ability of this
//! card begins to wait for its trigger, through the card API's
//! `create-delayed`. The manifest gives such an ability the host kind
//! `delayed` (`manifest.rs`), so it never triggers by itself.

use super::targets::Subject;
use super::{Frame, Interpreter};
use sve_script::ir::{self, AbilityIdx, Selection, Trigger};
use sve_sdk::prelude::*;

impl Interpreter<'_> {
    /// Creates the delayed ability `ability`: one watching each card `to`
    /// selects, or, without `to`, one watching this card when its trigger
    /// is about one card, else one watching none.
    pub(super) fn create_delayed(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        ability: Option<AbilityIdx>,
        lasts: ir::DelayedLasts,
        to: Option<Selection>,
    ) -> Result<(), Stop> {
        // An unknown name was reported when the script compiled.
        let Some(delayed) =
            ability.and_then(|idx| self.card.abilities.get(usize::try_from(idx.0).ok()?))
        else {
            return Ok(());
        };
        let lasts = match lasts {
            ir::DelayedLasts::Once => DelayedLasts::Once,
            ir::DelayedLasts::ThisTurn => DelayedLasts::OnceThisTurn,
            ir::DelayedLasts::EveryTimeThisTurn => DelayedLasts::EveryTimeThisTurn,
        };
        let watches = matches!(
            delayed.trigger,
            Trigger::LastWords | Trigger::OnLeaveField | Trigger::OnReturnToHandFromField
        );
        match to {
            None => game.create_delayed(&delayed.name, watches.then_some(frame.this), lasts),
            Some(_) if !watches => Err(Stop::Error(format!(
                "`CreateDelayed({})` with a `to` clause: a `{}` ability waits for no one card",
                delayed.name,
                delayed.trigger.name()
            ))),
            Some(to) => {
                for subject in self.subjects(game, frame, to, "Watch")? {
                    if let Subject::Card(card) = subject {
                        game.create_delayed(&delayed.name, Some(card), lasts)?;
                    }
                }
                Ok(())
            }
        }
    }
}
