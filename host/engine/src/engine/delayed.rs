//! Delayed triggers (CR 10.7.5, rules-coverage.md §L11.4): an automatic
//! ability that an effect creates and that waits for a later event: "at the
//! start of your next end phase, ...", "when it is put from the field into
//! the cemetery this turn, ...", "for the rest of this turn, whenever a
//! follower is destroyed, ...".
//!
//! The waiting ability is one of the creating card's own abilities, of kind
//! [`AbilityKind::Delayed`]: its trigger says what it waits for, and it never
//! triggers by itself. An effect creates it ([`AbilityCtx::create_delayed`])
//! with what it watches and how long it lasts ([`DelayedLasts`]); the match
//! keeps it in [`GameState::delayed`] and, at each event, fires the ones
//! whose trigger the event meets (`collect_delayed`).
//!
//! - It triggers even when the card that created it has left the field, and
//!   each creation is separate (two copies, two triggers). Its controller is
//!   the creating effect's; "this card" is the creating card.
//! - It fires once and is gone, unless it lasts "every time this turn".
//! - "This turn" ones that have not fired are gone at the end of the turn
//!   (CR 7.4.8); [`DelayedLasts::Once`] waits across turns.
//! - One watching a card follows that card object only (CR 4.1.4): when the
//!   card moves, the trigger fires if the move is the one it waits for, and
//!   is gone either way.
//!
//! [`GameState::delayed`]: super::GameState::delayed
//! [`AbilityCtx::create_delayed`]: super::AbilityCtx::create_delayed

use super::Match;
use super::event::{Event, MoveCause};
use super::ids::{AbilityIdx, CardRef, DefId, ObjectId, PlayerId};
use super::mutation::Mutation;
use super::state::{PendingAbility, PendingWhat, Phase, Zone};
use crate::cards::{AbilityKind, CardFilter, Trigger, Whose};

/// Delayed triggers that may wait at once: a card that makes more is
/// stopped with an error naming the limit.
pub const MAX_DELAYED: usize = 64;

/// How long a delayed trigger waits, and how often it fires (CR 10.7.5.1).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DelayedLasts {
    /// It fires at the first event it waits for, then is gone; it waits
    /// across turns ("at the start of your next end phase").
    Once,
    /// It fires at the first event it waits for this turn, then is gone;
    /// it is gone at the end of the turn if it has not fired.
    OnceThisTurn,
    /// It fires at every event it waits for until the end of this turn
    /// ("for the rest of this turn, whenever ...").
    EveryTimeThisTurn,
}

impl DelayedLasts {
    /// Whether it ends with the turn it was made in.
    pub fn this_turn(self) -> bool {
        !matches!(self, DelayedLasts::Once)
    }
}

/// A delayed trigger waiting for its event.
#[derive(Clone, Debug, PartialEq)]
pub struct DelayedTrigger {
    /// The card whose ability it is ("this card").
    pub source: CardRef,
    /// The source's object when the trigger was made.
    pub source_object: ObjectId,
    /// The definition the ability belongs to.
    pub def: DefId,
    /// Which ability of that definition (of kind [`AbilityKind::Delayed`]).
    pub ability: AbilityIdx,
    /// Who plays it: the creating effect's controller.
    pub controller: PlayerId,
    /// The card object it watches, when its trigger is about one card.
    pub watch: Option<(CardRef, ObjectId)>,
    /// How long it waits.
    pub lasts: DelayedLasts,
}

/// Whether `trigger` can be a delayed ability's, and whether it then waits
/// for one card's move (the card the creating effect names). The error names
/// a trigger no delayed ability may have yet.
pub fn delayed_trigger_watches(trigger: &Trigger) -> Result<bool, String> {
    match trigger {
        Trigger::StartMainPhase
        | Trigger::StartOpponentMainPhase
        | Trigger::StartEndPhase
        | Trigger::StartOpponentEndPhase
        | Trigger::OnOtherEnterField(_)
        | Trigger::OnOtherLeaveField(_)
        | Trigger::OnOpponentCardDestroyed(_)
        | Trigger::OnOpponentCardLeaveField(_) => Ok(false),
        Trigger::LastWords | Trigger::OnLeaveField | Trigger::OnReturnToHandFromField => Ok(true),
        Trigger::OnMove(hook) if hook.per_batch => Err(
            "a once-per-batch move hook can't be a delayed ability's trigger (a delayed ability \
             waits for one move at a time)"
                .to_string(),
        ),
        Trigger::OnMove(hook) if hook.with_this_card => Err(
            "a move hook watching its own card and others can't be a delayed ability's trigger"
                .to_string(),
        ),
        Trigger::OnMove(hook) => Ok(hook.this_card),
        other => Err(format!(
            "`{}` can't be a delayed ability's trigger (delayed abilities wait for phases, moves \
             and leaving or entering the field)",
            other.ability_name()
        )),
    }
}

/// What an event does to one delayed trigger.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Answer {
    /// Nothing.
    Waits,
    /// It fires (with the card the event is about, if any).
    Fires(Option<CardRef>),
    /// It can never fire now (its watched card moved otherwise, or its
    /// ability is gone after a reload): it is dropped.
    Gone,
}

impl Match {
    /// Fires the delayed triggers `event` meets, into `found`, and drops
    /// the ones it uses up. A board edit (a sandbox move) fires nothing but
    /// still ends the watch on the card it moved.
    pub(crate) fn collect_delayed(&mut self, event: &Event, found: &mut Vec<PendingAbility>) {
        let edit = matches!(
            event,
            Event::Moved {
                cause: MoveCause::Sandbox,
                ..
            }
        );
        let mut gone = Vec::new();
        for (idx, delayed) in self.state.delayed.iter().enumerate() {
            let answer = match self.delayed_answer(delayed, event) {
                Answer::Fires(_) if edit => Answer::Waits,
                answer => answer,
            };
            if let Answer::Fires(trigger_card) = answer {
                found.push(PendingAbility {
                    source: delayed.source,
                    source_object: delayed.source_object,
                    def: delayed.def,
                    what: PendingWhat::Ability(delayed.ability),
                    controller: delayed.controller,
                    trigger_card,
                    amount: 0,
                });
            }
            let watched_moved = matches!(
                (event, delayed.watch),
                (Event::Moved { card, from, to, .. }, Some((watched, _)))
                    if *card == watched && from != to
            );
            let used = matches!(answer, Answer::Fires(_))
                && delayed.lasts != DelayedLasts::EveryTimeThisTurn;
            if answer == Answer::Gone || used || watched_moved {
                gone.push(idx);
            }
        }
        for idx in gone.into_iter().rev() {
            self.apply(Mutation::RemoveDelayed(idx));
        }
    }

    /// Drops the delayed triggers that last only this turn (CR 7.4.8).
    pub(crate) fn expire_delayed(&mut self) {
        for idx in (0..self.state.delayed.len()).rev() {
            if self.state.delayed[idx].lasts.this_turn() {
                self.apply(Mutation::RemoveDelayed(idx));
            }
        }
    }

    /// What `event` does to `delayed`.
    fn delayed_answer(&self, delayed: &DelayedTrigger, event: &Event) -> Answer {
        let ability = self
            .db
            .get(delayed.def)
            .abilities
            .get(usize::from(delayed.ability.0));
        let Some(AbilityKind::Delayed(trigger)) = ability.map(|a| &a.kind) else {
            return Answer::Gone;
        };
        match *event {
            Event::PhaseStarted { phase } => {
                let own = self.state.active == delayed.controller;
                let fits = match trigger {
                    Trigger::StartMainPhase => phase == Phase::Main && own,
                    Trigger::StartOpponentMainPhase => phase == Phase::Main && !own,
                    Trigger::StartEndPhase => phase == Phase::End && own,
                    Trigger::StartOpponentEndPhase => phase == Phase::End && !own,
                    _ => false,
                };
                if fits {
                    Answer::Fires(None)
                } else {
                    Answer::Waits
                }
            }
            Event::Moved {
                card,
                controller,
                owner,
                from,
                to,
                cause,
                ..
            } if from != to => {
                let fits = match delayed.watch {
                    Some((watched, _)) if watched == card => {
                        self.watched_move_fits(trigger, from, to, card, cause)
                    }
                    Some(_) => false,
                    None => self
                        .any_move_fits(delayed, trigger, card, owner, controller, from, to, cause),
                };
                if fits {
                    Answer::Fires(Some(card))
                } else {
                    Answer::Waits
                }
            }
            _ => Answer::Waits,
        }
    }

    /// Whether the watched card's move is the one `trigger` waits for.
    fn watched_move_fits(
        &self,
        trigger: &Trigger,
        from: Zone,
        to: Zone,
        card: CardRef,
        cause: MoveCause,
    ) -> bool {
        match trigger {
            Trigger::LastWords => from == Zone::Field && to == Zone::Cemetery,
            Trigger::OnLeaveField => from == Zone::Field && to != Zone::Field,
            Trigger::OnReturnToHandFromField => from == Zone::Field && to == Zone::Hand,
            Trigger::OnMove(hook) => hook.answers(from, to, self.state.card(card).came_from, cause),
            _ => false,
        }
    }

    /// Whether another card's move is one `trigger` waits for, seen from
    /// the delayed trigger's controller.
    #[allow(clippy::too_many_arguments)]
    fn any_move_fits(
        &self,
        delayed: &DelayedTrigger,
        trigger: &Trigger,
        card: CardRef,
        owner: PlayerId,
        controller: PlayerId,
        from: Zone,
        to: Zone,
        cause: MoveCause,
    ) -> bool {
        let yours = controller == delayed.controller;
        let leaves = from == Zone::Field && to != Zone::Field;
        let other = card != delayed.source;
        match trigger {
            Trigger::OnOtherEnterField(filter) => {
                to == Zone::Field
                    && from != Zone::Field
                    && other
                    && self.state.card(card).controller == delayed.controller
                    && self
                        .state
                        .matches(&self.db, card, filter, Some(delayed.source))
            }
            Trigger::OnOtherLeaveField(filter) => {
                leaves && yours && other && self.matched_as_it_was(card, filter, delayed)
            }
            Trigger::OnOpponentCardLeaveField(filter) => {
                leaves && !yours && self.matched_as_it_was(card, filter, delayed)
            }
            Trigger::OnOpponentCardDestroyed(filter) => {
                leaves
                    && !yours
                    && matches!(cause, MoveCause::Destroy { .. })
                    && self.matched_as_it_was(card, filter, delayed)
            }
            Trigger::OnMove(hook) if !hook.this_card => {
                let whose = match hook.whose {
                    Whose::Yours => owner == delayed.controller,
                    Whose::Opponents => owner != delayed.controller,
                    Whose::Anyone => true,
                };
                whose
                    && hook.answers(from, to, self.state.card(card).came_from, cause)
                    && self.matched_as_it_was(card, &hook.filter, delayed)
            }
            _ => false,
        }
    }

    /// Whether a card that just moved matched `filter`: as it was on the
    /// field when it left it (CR 10.7.4.1), else as it is now.
    fn matched_as_it_was(
        &self,
        card: CardRef,
        filter: &CardFilter,
        delayed: &DelayedTrigger,
    ) -> bool {
        match self.leaving.of(card) {
            Some(was) => {
                self.state
                    .matched_where_it_was(&self.db, was, filter, Some(delayed.source))
            }
            None => self
                .state
                .matches(&self.db, card, filter, Some(delayed.source)),
        }
    }
}
