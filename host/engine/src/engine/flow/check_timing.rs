//! Confirmation Timing (rules-coverage.md §11.2, CR 10.5.2) and playing pending
//! automatic abilities (CR 10.7.3).

use crate::cards::AbilityKind;
use crate::engine::Match;
use crate::engine::ability::Halt;
use crate::engine::event::Event;
use crate::engine::ids::PlayerId;
use crate::engine::mutation::Mutation;
use crate::engine::runtime::{AbilityRun, Choice, Decision, Prompt, Resume, RunOrigin, Task};
use crate::engine::state::PendingWhat;

/// Abilities played in one Confirmation Timing before the match is called a
/// draw as an endless loop (CR 15.2.1.3; SVEN uses the same bound).
pub const LOOP_LIMIT: u32 = 1000;

/// Questions one ability run may ask before it is stopped: card code that
/// never stops asking must not hold a match hostage.
pub const QUESTION_LIMIT: usize = 100;

impl Match {
    /// One pass of the Confirmation Timing loop:
    /// 1. rules handling until nothing applies;
    /// 2. the active player plays one pending ability (their choice), then
    ///    the loop starts again;
    /// 3. else the non-active player does;
    /// 4. else Confirmation Timing ends.
    pub(crate) fn check_timing(&mut self, played: u32) {
        if let Some(question) = self.rules_handling() {
            // Which cards stay in an over-full zone (CR 11.4.1, 11.5.1),
            // or which replacement applies to a card it moves (CR
            // 10.10.2); then this Confirmation Timing goes on.
            let resume = Resume::RulesHandling {
                played,
                instead: question.instead,
            };
            self.ask(question.decision, resume);
            return;
        }
        // Most Confirmation Timings end here: nothing is pending.
        if self.state.outcome.is_some() || self.state.pending.is_empty() {
            return;
        }
        for player in [self.state.active, self.state.non_active()] {
            let mine: Vec<usize> = self
                .state
                .pending
                .iter()
                .enumerate()
                .filter(|(_, p)| p.controller == player)
                .map(|(i, _)| i)
                .collect();
            // The player orders their pending abilities (CR 10.7.3.1). Only
            // copies that are the same in every way (one ability of one card,
            // for the same trigger card and amount) need no question: their
            // order cannot matter. Copies of one ability for different
            // cards (each remembers its card, CR 10.7.2.1) are asked.
            let interchangeable = mine.windows(2).all(|w| {
                let (a, b) = (&self.state.pending[w[0]], &self.state.pending[w[1]]);
                a.source == b.source
                    && a.source_object == b.source_object
                    && a.what == b.what
                    && a.def == b.def
                    && a.trigger_card == b.trigger_card
                    && a.amount == b.amount
            });
            match mine.len() {
                0 => continue,
                _ if interchangeable => self.play_pending(player, mine[0], played),
                _ => {
                    let options = mine.into_iter().map(Choice::Pending).collect();
                    self.ask(
                        Decision::pick_one(player, Prompt::ChoosePendingAbility, options),
                        Resume::ChoosePending(player, played),
                    );
                }
            }
            return;
        }
    }

    /// Takes one pending ability and plays it, then Confirmation Timing
    /// continues.
    pub(crate) fn play_pending(&mut self, player: PlayerId, idx: usize, played: u32) {
        let Some(pending) = self.state.pending.get(idx).cloned() else {
            return;
        };
        debug_assert_eq!(pending.controller, player);
        self.apply(Mutation::TakePending(idx));
        if played >= LOOP_LIMIT {
            self.endless_loop(
                Some(pending.source),
                format!("more than {LOOP_LIMIT} abilities in one Confirmation Timing"),
            );
            return;
        }
        self.tasks.push(Task::CheckTiming(played + 1));
        self.tasks.push(Task::Run(Box::new(AbilityRun {
            source: pending.source,
            source_object: pending.source_object,
            def: pending.def,
            what: pending.what,
            controller: pending.controller,
            trigger_card: pending.trigger_card,
            amount: pending.amount,
            origin: RunOrigin::Triggered,
            answers: Vec::new(),
            cost_settled: false,
            cancel: None,
            take_back: None,
            fused: Vec::new(),
            pp_paid_by_ep: 0,
            x: 0,
        })));
    }

    /// Plays an ability: condition and optional cost for automatic ones,
    /// then the card code (re-run with one more answer after each question).
    pub(crate) fn run_ability(&mut self, mut run: Box<AbilityRun>) {
        let ability_idx = match run.what {
            PendingWhat::Drain => {
                // Drain: the leader gains the damage dealt (CR 12.13.2).
                self.change_leader_defense(run.controller, run.amount);
                self.emit(Event::AbilityResolved {
                    card: run.source,
                    def: run.def,
                    ability: run.what,
                });
                return;
            }
            PendingWhat::DriveChecks(checks) => {
                // Single / Twin Drive (CR 14.4.6): the checks, one after
                // the other.
                self.emit(Event::AbilityResolved {
                    card: run.source,
                    def: run.def,
                    ability: run.what,
                });
                if checks > 0 {
                    self.tasks.push(Task::DriveCheck(super::DriveCheck {
                        player: run.controller,
                        source: run.source,
                        then: checks - 1,
                    }));
                }
                return;
            }
            PendingWhat::Ability(idx) => idx,
        };
        let ability = &self.db.get(run.def).abilities[usize::from(ability_idx.0)];
        if run.origin == RunOrigin::Triggered && run.answers.is_empty() && !run.cost_settled {
            // "If" conditions are checked when the ability is played.
            let call = super::legal::ConditionCall {
                source: run.source,
                source_object: run.source_object,
                def: run.def,
                controller: run.controller,
                trigger_card: run.trigger_card,
                amount: run.amount,
                executing: false,
            };
            if !self.condition_of(&call, ability_idx) {
                return;
            }
            if !ability.costs.is_empty() && !matches!(ability.kind, AbilityKind::Spell) {
                if !self.can_pay_costs(run.controller, run.source, &ability.costs) {
                    return;
                }
                let controller = run.controller;
                let card = run.source;
                self.ask(
                    Decision::pick_one(
                        controller,
                        Prompt::PayOptionalCost { card },
                        vec![Choice::Yes, Choice::No],
                    ),
                    Resume::OptionalCost(run),
                );
                return;
            }
            run.cost_settled = true;
        }
        if run.answers.len() >= QUESTION_LIMIT {
            let reason = format!("asked more than {QUESTION_LIMIT} questions in one ability");
            self.emit(Event::AbilityFizzled {
                card: run.source,
                def: run.def,
                ability: ability_idx,
                reason,
            });
            return;
        }
        match self.run_card_code(&run) {
            Ok(()) => self.emit(Event::AbilityResolved {
                card: run.source,
                def: run.def,
                ability: run.what,
            }),
            Err(Halt::Ask(decision, take_back)) => {
                run.take_back = take_back;
                self.ask(decision, Resume::Ability(run));
            }
            Err(Halt::StaleAnswers) => {
                // The code changed under the answers (hot reload): ask again
                // from the first question.
                run.answers.clear();
                self.tasks.push(Task::Run(run));
            }
            Err(Halt::Failed(reason)) => {
                let def = self.db.get(run.def);
                tracing::warn!(card = %def.id, ability = ability_idx.0, %reason, "ability fizzled");
                self.emit(Event::AbilityFizzled {
                    card: run.source,
                    def: run.def,
                    ability: ability_idx,
                    reason,
                });
            }
        }
    }
}
