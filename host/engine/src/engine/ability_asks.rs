//! Questions an action of card code asks inside its run: the order of
//! replacement effects on damage and on a move (CR 10.10.2), which card
//! code can't ask itself. The action does nothing until the answer is in
//! the run's series; the run stops at once, is rolled back, asked, and
//! made again with the answer (`ability.rs`, `AbilityCtx::pending`).

use super::AbilityCtx;
use super::Halt;
use super::actions::Leave;
use super::event::{DamageKind, MoveCause};
use super::flow::damage_order::damage_order_question;
use super::ids::CardRef;
use super::mutation::Place;
use super::runtime::Decision;
use super::state::Zone;
use crate::cards::{InsteadZone, Keywords};

impl AbilityCtx<'_> {
    /// Asks a question an action needs answered to go on, in the run's
    /// series of answers like card code's own questions: the order of
    /// replacement effects on damage or on a move (CR 10.10.2), which card
    /// code can't ask itself. Returns the picks, or `None` when the answer
    /// is not known yet (the action then does nothing, and the run stops
    /// at its next question or when it returns, see
    /// [`AbilityCtx::pending`]) or no longer fits (the run is made
    /// again from its first question, as for a stale answer).
    pub(crate) fn ask_in_action(&mut self, decision: Decision) -> Option<Vec<usize>> {
        // A run past a limit is failing: nothing more to ask.
        if self.pending.is_some() || self.stopped().is_some() {
            return None;
        }
        // Any question ends an optional cost's payment (see `choose_with`).
        self.optional_yes = None;
        let Some((answered_by, answer)) = self.answers.get(self.asked) else {
            self.pending = Some(Halt::Ask(decision, None));
            return None;
        };
        self.asked += 1;
        if *answered_by != decision.player || decision.validate(answer).is_err() {
            self.pending = Some(Halt::StaleAnswers);
            return None;
        }
        Some(answer.clone())
    }

    /// The damage `taker` (a follower with `keywords`, or a leader's card
    /// with `None`) takes of `amount` of ability damage once its
    /// replacements apply (later-sets §11.2), using up the "next time"
    /// effects the result uses. When their orders give different results
    /// the player taking it chooses (CR 10.10.2, `Prompt::DamageOrder`, as
    /// for an attack's damage); `None` while that answer is not known.
    pub(super) fn after_replacements(
        &mut self,
        taker: CardRef,
        amount: i32,
        keywords: Option<Keywords>,
    ) -> Option<i32> {
        let mut outcomes = self
            .m
            .damage_hit(taker, amount, DamageKind::Ability, keywords)
            .outcomes();
        let outcome = if outcomes.len() > 1 {
            let player = self.m.state.card(taker).controller;
            let question = damage_order_question(player, taker, &outcomes);
            let pick = *self.ask_in_action(question)?.first()?;
            outcomes.swap_remove(pick)
        } else {
            let Some(outcome) = outcomes.pop() else {
                return Some(0);
            };
            outcome
        };
        self.m.use_up_effects(taker, &outcome.used_up);
        Some(outcome.amount)
    }

    /// Moves a card on the field to the cemetery for `cause`, or where
    /// the replacement its controller chooses sends it instead.
    pub(super) fn leave_for_the_cemetery(&mut self, card: CardRef, cause: MoveCause) {
        let Some(instead) = self.choose_replacement(card, cause) else {
            return;
        };
        self.m.leave_field_together(&[Leave {
            instead,
            ..Leave::new(card, Zone::Cemetery, Place::Top, cause)
        }]);
    }

    /// The replacement the controller of `card` (on the field, going to
    /// the cemetery for `cause`) chooses when more than one could send it
    /// elsewhere (CR 10.10.2, `Prompt::MoveReplacement`): `Some(None)` when
    /// there is nothing to choose, `None` while the answer is not known
    /// (the move then does not happen; see [`AbilityCtx::ask_in_action`]).
    pub(super) fn choose_replacement(
        &mut self,
        card: CardRef,
        cause: MoveCause,
    ) -> Option<Option<InsteadZone>> {
        if !self.m.may_replace_cemetery_moves() {
            return Some(None);
        }
        let leave = Leave::new(card, Zone::Cemetery, Place::Top, cause);
        let options = self.m.cemetery_replacement_choices(&leave);
        if options.len() < 2 {
            return Some(None);
        }
        let question = self.m.move_replacement_question(card, &options);
        let pick = *self.ask_in_action(question)?.first()?;
        Some(options.get(pick).copied())
    }
}
