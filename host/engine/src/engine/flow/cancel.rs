//! Taking an activation back while its costs are paid.
//!
//! A player who announces an activated ability whose cost asks which cards
//! pay it (discard 2, banish 1 from your cemetery, Earth Rite, ...) or what
//! X is (`[costX]`) may
//! change their mind at that question: [`Choice::Cancel`] puts the match
//! back exactly as it was just before the announcement and asks the same
//! main-phase or Quick question again. In the same way, a player who said
//! yes to an automatic ability's optional cost that asks for cards ("you
//! may discard a card: ...", CR 10.4.7.4) may take the yes back at that
//! question, and is asked "pay the cost?" again. The rules' procedure (CR 10.6.2,
//! rules-coverage.md §12.4) has no step for it; it is the table courtesy
//! of taking back a play nothing has come of yet, offered only while that
//! is true:
//!
//! - the costs paid so far only changed public numbers and states (play
//!   points, engaging the card itself, leader defense, counters on it):
//!   no card has moved, so none was revealed from a hand, none was
//!   discarded, none left the field (no Last Words, no Stack replacement);
//! - no random outcome was drawn since (the match RNG is unchanged);
//! - the ability's card is in a public zone. Announcing an ability of a
//!   card in the hand shows that card to the opponent (an activated
//!   ability follows the play procedure, CR 10.6.2.1, without moving the
//!   card); a cancel can't make them forget it, so such an activation
//!   can't be taken back in the engine.
//!
//! So a cancel tells the opponent nothing they were not told by the
//! announcement, and what it restores (play points, engaged state,
//! defense, counters, the once-per-turn use) is public: the opponent's
//! view after a cancel hides what it hid before. The void events are not
//! taken back from the event stream (front ends may have shown them);
//! [`Event::ActivationCancelled`] follows them and says they are void.
//!
//! A cancel is an ordinary answer, so a replay that holds one replays the
//! same. Bots never pick it ([`Decision::choosable`]).
//!
//! Card code that asks about an optional cost itself (a script's
//! sub-ability with a cost) gets the same take-back without a point to
//! restore: its run keeps nothing while it asks, so the cancel drops the
//! yes from the run's answers (`AbilityCtx::choose_with`,
//! `Resume::Ability`).
//!
//! Where it lives: announcing such an activation (or saying yes to such an
//! optional cost) keeps a `CancelPoint`, the state and pending work from
//! before it, in the run. While the conditions above hold, the cost's card
//! question offers `Choice::Cancel` as its last option, to be picked alone.
//! A determinized world (the point holds the real hidden cards) and a
//! sandbox edit (going back would undo it) drop the point. For card code's
//! own optional costs, the question roles of the card API's `ask`
//! (`QuestionRole`) say which questions are the cost's, and the take-back is
//! offered while no card moved and no random number was drawn since the yes
//! (`Work::moves`, `AbilityRun::take_back`).

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::cards::CostItem;
use crate::engine::Match;
use crate::engine::event::Event;
use crate::engine::runtime::{AbilityRun, Action, Choice, Decision, Resume, Task};
use crate::engine::state::GameState;

/// The match as it was just before a player announced an activation, kept
/// while the activation's costs are paid so that the player can take it
/// back. Shared (`Arc`): clones of the match (bots, undo) share it, across
/// threads too.
#[derive(Debug)]
pub(crate) struct CancelPoint {
    /// The state before the announcement. A state is not `Sync` (its
    /// characteristics cache is a `RefCell`, `state/cache.rs`), so the
    /// shared point holds it behind a lock, taken only to compare its RNG
    /// and to go back to it.
    state: Mutex<GameState>,
    /// The pending work before the announcement.
    tasks: Vec<Task>,
    /// The question the announcement answered, asked again on a cancel.
    decision: Decision,
    /// What answers that question.
    resume: Resume,
}

impl CancelPoint {
    /// The state before the announcement. Nothing panics while the lock is
    /// held; if something did, the state is still whole.
    fn state(&self) -> MutexGuard<'_, GameState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Match {
    /// The point to come back to if the player takes back `action`, which
    /// answers `decision` (a main-phase or Quick question, answered by
    /// `resume`). Call before anything of the action happens. `None` when
    /// the action could never offer a cancel: not an activation, its card
    /// not in a public zone, or no cost of it that asks for cards with only
    /// cancellable costs before it (so most actions clone nothing).
    pub(crate) fn cancel_point(
        &self,
        action: Action,
        decision: &Decision,
        resume: &Resume,
    ) -> Option<Arc<CancelPoint>> {
        let (card, def, ability) = match action {
            Action::Activate { card, ability } | Action::ActivateWithEp { card, ability } => {
                (card, self.state.current_def_id(card), ability)
            }
            Action::ActivateKeyword {
                card,
                keyword,
                ability,
            } => (card, crate::cards::CardDb::keyword_def(keyword), ability),
            _ => return None,
        };
        let costs = &self
            .db
            .get(def)
            .abilities
            .get(usize::from(ability.0))?
            .costs;
        self.point_before_costs(card, costs, decision, || resume.clone())
    }

    /// The point to come back to if the player takes back the "yes" to
    /// `run`'s optional cost, which answered `decision` (the automatic
    /// ability's "pay the cost?"). Call when the yes is answered, before
    /// anything is paid. `None` under the same terms as
    /// [`Match::cancel_point`]: the card in a hidden zone, or no cost that
    /// asks for cards with only cancellable costs before it.
    pub(crate) fn optional_cost_cancel_point(
        &self,
        run: &AbilityRun,
        decision: &Decision,
    ) -> Option<Arc<CancelPoint>> {
        let ability = run.what.ability()?;
        let def = self.db.get(run.def);
        let costs = &def.abilities.get(usize::from(ability.0))?.costs;
        self.point_before_costs(run.source, costs, decision, || {
            Resume::OptionalCost(Box::new(AbilityRun {
                cancel: None,
                ..run.clone()
            }))
        })
    }

    /// The match as it is now, to come back to from the costs `costs` of
    /// an ability of `card` (asking `decision` again, answered by
    /// `resume`), when they could ever offer a cancel: the card is in a
    /// public zone and a cost asks for cards with only cancellable costs
    /// before it.
    fn point_before_costs(
        &self,
        card: crate::engine::ids::CardRef,
        costs: &[CostItem],
        decision: &Decision,
        resume: impl FnOnce() -> Resume,
    ) -> Option<Arc<CancelPoint>> {
        if self.state.card(card).zone.is_private() {
            return None;
        }
        let first_question = costs.iter().position(asks_the_payer)?;
        if !costs[..first_question].iter().all(cancellable) {
            return None;
        }
        Some(Arc::new(CancelPoint {
            state: Mutex::new(self.state.clone()),
            tasks: self.tasks.clone(),
            decision: decision.clone(),
            resume: resume(),
        }))
    }

    /// Whether the question for cost item `item` of `run` (costs `costs`)
    /// offers a cancel: the run was announced with a cancel point, every
    /// item paid before it can be taken back, and no random outcome was
    /// drawn since the announcement.
    pub(crate) fn offers_cancel(&self, run: &AbilityRun, costs: &[CostItem], item: usize) -> bool {
        run.cancel.as_ref().is_some_and(|point| {
            costs
                .get(..item)
                .is_some_and(|paid| paid.iter().all(cancellable))
                && point.state().rng == self.state.rng
        })
    }

    /// Takes back the activation `run` is paying for: the state and the
    /// pending work as they were before it was announced, one
    /// [`Event::ActivationCancelled`], and the question it answered asked
    /// again. Returns whether there was a point to go back to.
    pub(crate) fn cancel_activation(&mut self, run: &AbilityRun) -> bool {
        let Some(point) = run.cancel.as_deref() else {
            return false;
        };
        self.state = point.state().clone();
        self.tasks = point.tasks.clone();
        // The state changed without mutations: rules handling must look
        // again (see `Settled`).
        self.settled.forget();
        if let Some(ability) = run.what.ability() {
            self.emit(Event::activation_cancelled(run.source, run.def, ability));
        }
        self.ask(point.decision.clone(), point.resume.clone());
        true
    }

    /// Forgets the pending question's cancel: its option goes and the
    /// point is dropped. For a determinized world (the point holds the
    /// real hidden cards) and a sandbox edit (going back would undo it).
    pub(crate) fn drop_cancel_point(&mut self) {
        let Some((decision, Resume::CostCards(run, _) | Resume::ChooseX(run, _))) =
            &mut self.decision
        else {
            return;
        };
        run.cancel = None;
        if let Some(cancel) = decision.cancel_option() {
            decision.options.truncate(cancel);
        }
    }
}

/// Whether paying `item` asks the payer a question when there is a choice:
/// which cards pay it, or X.
fn asks_the_payer(item: &CostItem) -> bool {
    matches!(
        item,
        CostItem::PlayPointsX
            | CostItem::Discard(..)
            | CostItem::BanishFromCemetery(..)
            | CostItem::MoveOwn(_)
            | CostItem::EarthRite(_)
            | CostItem::Fuse(_)
    )
}

/// Whether paying `item` can be taken back: it changes public numbers and
/// states only and moves no card (see the module docs).
fn cancellable(item: &CostItem) -> bool {
    match item {
        CostItem::PlayPoints(_)
        | CostItem::PlayPointsX
        | CostItem::EngageSelf
        | CostItem::LeaderDefense(_)
        | CostItem::SkipNextTurn
        | CostItem::RemoveCounters(..)
        | CostItem::RemoveNamedCounters(..) => true,
        CostItem::Discard(..)
        | CostItem::BanishFromCemetery(..)
        | CostItem::BurySelf
        | CostItem::MoveOwn(_)
        | CostItem::ReturnSelfToHand
        | CostItem::BanishSelf
        | CostItem::EarthRite(_)
        | CostItem::Fuse(_)
        | CostItem::DrivePoint => false,
    }
}

/// The options of a cost question: the candidate cards, and the cancel
/// last when `cancel` says so.
pub(crate) fn cost_options(
    candidates: impl IntoIterator<Item = crate::engine::ids::CardRef>,
    cancel: bool,
) -> Vec<Choice> {
    let mut options: Vec<Choice> = candidates.into_iter().map(Choice::Card).collect();
    if cancel {
        options.push(Choice::Cancel);
    }
    options
}
