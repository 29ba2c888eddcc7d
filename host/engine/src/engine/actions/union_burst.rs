//! Executing a Union Burst ability without paying its cost (later-sets
//! §1.3, CR 14.5.1.4): card code ("execute one of its `[ub]` abilities
//! without paying its cost") names a follower and one of its `[ub]`
//! abilities that could be played now; the ability is played by the normal
//! procedure with nothing paid (no play points, no engaging, no cards
//! moved), its trigger condition and "if" condition ignored
//! (14.5.1.4.1), and no once-per-turn limit (the ability is executed, not
//! activated). It resolves inside the running ability
//! (`AbilityCtx::execute_union_burst`; one asked inside an executed
//! ability resolves right after the running one, [`Match::queue_union_burst`]),
//! and counts as an execution from
//! the moment it is played, as every `[ub]` ability does
//! (`Mutation::RecordUnionBurst`).
//!
//! The abilities that "could be played now" are the follower's `[ub]`
//! automatic and activated abilities, while it is on the field, its `[ub]`
//! abilities work (its owner's deck is built on Princess Connect! Re:Dive)
//! and it has not lost its abilities, each with the targets it must select
//! (its card code's `condition`, asked with `executing-union-burst`: the
//! trigger and "if" conditions don't count then). With none, nothing
//! happens and nothing is executed (rules-coverage.md §L1).

use crate::cards::AbilityKind;
use crate::engine::event::Event;
use crate::engine::ids::{AbilityIdx, CardRef};
use crate::engine::mutation::Mutation;
use crate::engine::runtime::{AbilityRun, RunOrigin, Task};
use crate::engine::state::{PendingWhat, Zone};
use crate::engine::{AbilityCtx, AbilityInfo, Halt, Match};
use std::sync::Arc;

impl Match {
    /// The follower's `[ub]` abilities that could be executed now, in
    /// printed order, with their names.
    pub(crate) fn union_burst_options(&self, card: CardRef) -> Vec<(AbilityIdx, String)> {
        let state = self.state.card(card);
        let def = self.state.current_def(&self.db, card);
        if state.zone != Zone::Field
            || !def.card_type.is_follower()
            || !self.state.union_burst_works(card)
            || self.state.lost_abilities_now(&self.db, card)
        {
            return Vec::new();
        }
        def.abilities
            .iter()
            .enumerate()
            .filter(|(_, a)| {
                a.union_burst
                    && matches!(
                        a.kind,
                        AbilityKind::Triggered(_) | AbilityKind::Activated { .. }
                    )
            })
            .filter_map(|(i, a)| Some((AbilityIdx(u8::try_from(i).ok()?), a.name.clone())))
            .filter(|(idx, _)| self.could_execute(card, *idx))
            .collect()
    }

    /// Whether the `[ub]` ability has what it must select to be executed
    /// now: its condition asked as an execution's (CR 14.5.1.4.1).
    fn could_execute(&self, card: CardRef, ability: AbilityIdx) -> bool {
        let state = self.state.card(card);
        let call = crate::engine::flow::legal::ConditionCall {
            source: card,
            source_object: state.object,
            def: self.state.current_def_id(card),
            controller: state.controller,
            trigger_card: None,
            amount: 0,
            executing: true,
        };
        self.condition_of(&call, ability)
    }

    /// Queues the follower's `[ub]` ability `ability` (one
    /// [`union_burst_options`](Match::union_burst_options) lists) to be
    /// executed without paying its cost right after the running ability:
    /// for an execution asked inside an executed ability, past the one
    /// level they nest (`AbilityCtx::execute_union_burst`).
    pub(crate) fn queue_union_burst(&mut self, card: CardRef, ability: AbilityIdx) {
        let state = self.state.card(card);
        let def = self.state.current_def_id(card);
        let origin = match self.db.get(def).abilities[usize::from(ability.0)].kind {
            AbilityKind::Activated { .. } => RunOrigin::Activated,
            _ => RunOrigin::Triggered,
        };
        self.tasks.push(Task::Run(Box::new(AbilityRun {
            source: card,
            source_object: state.object,
            def,
            what: PendingWhat::Ability(ability),
            controller: state.controller,
            trigger_card: None,
            amount: 0,
            origin,
            answers: Vec::new(),
            // Nothing to pay and no condition to check (CR 14.5.1.4.1).
            cost_settled: true,
            cancel: None,
            take_back: None,
            fused: Vec::new(),
            pp_paid_by_ep: 0,
            x: 0,
        })));
    }
}

/// `[ub]` abilities executed inside one another at most. Each is a call
/// into card code on the same native stack (a sandboxed pack's store may
/// use 512 KiB of it), and a server's worker threads have 2 MiB: one
/// level. An execution asked inside an executed ability resolves right
/// after the running ability instead.
const MAX_EXECUTING_DEPTH: u8 = 1;

impl AbilityCtx<'_> {
    /// Executes the follower's Union Burst ability without paying its
    /// cost (CR 14.5.1.4), inside this ability: nothing is paid, its
    /// trigger, "if" condition and once-per-turn limit are ignored, X is 0,
    /// and it resolves now, its questions joining this run's (so the rest
    /// of this ability comes after it). It counts as an execution from the
    /// moment it is played and resolves with its own `AbilityResolved`
    /// ("whenever a `[ub]` ability of another follower is executed").
    /// Returns whether it was executed: false for an ability not among
    /// [`union_burst_abilities`](AbilityCtx::union_burst_abilities), and
    /// while this run waits for an answer. If it fails, so does this
    /// ability: its changes can't be undone apart. Executed abilities nest
    /// one level (`MAX_EXECUTING_DEPTH`): one asked inside an executed
    /// ability resolves right after the running ability, as a card played
    /// by an effect does.
    pub fn execute_union_burst(&mut self, card: CardRef, ability: AbilityIdx) -> bool {
        if self.pending.is_some() || self.stopped().is_some() {
            return false;
        }
        if !self
            .m
            .union_burst_options(card)
            .iter()
            .any(|(idx, _)| *idx == ability)
        {
            return false;
        }
        if self.executing_depth >= MAX_EXECUTING_DEPTH {
            // Past the levels that nest, right after the running ability
            // (a deviation, rules-coverage §L1).
            self.m.queue_union_burst(card, ability);
            return true;
        }
        let state = self.m.state.card(card);
        let def = self.m.state.current_def_id(card);
        let inner = AbilityInfo {
            source: card,
            source_object: state.object,
            def,
            ability,
            controller: state.controller,
            trigger_card: None,
            amount: 0,
            fused: Vec::new(),
            x: 0,
            executing: false,
        };
        let player = state.controller;
        self.m.apply(Mutation::RecordUnionBurst { player, card });
        let outer = std::mem::replace(&mut self.info, inner);
        // The executed ability's questions end any optional payment.
        self.optional_yes = None;
        self.executing_depth += 1;
        let runner = Arc::clone(&self.m.runner);
        let result = runner.resolve(self);
        self.executing_depth -= 1;
        self.info = outer;
        // A yes the executed ability took is not the running one's to take
        // back.
        self.optional_yes = None;
        if self.pending.is_some() {
            return false;
        }
        match result {
            Ok(()) => {
                self.m.emit(Event::AbilityResolved {
                    card,
                    def,
                    ability: PendingWhat::Ability(ability),
                });
                true
            }
            Err(halt @ (Halt::Ask(..) | Halt::StaleAnswers)) => {
                self.pending = Some(halt);
                false
            }
            Err(Halt::Failed(reason)) => {
                let name = self.m.db.get(def).display_name();
                self.pending = Some(Halt::Failed(format!(
                    "the [ub] ability {name} executed failed: {reason}"
                )));
                false
            }
        }
    }
}
