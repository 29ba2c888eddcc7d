//! The turn (rules-coverage.md §7, CR 7.2–7.4): start phase, main phase loop, end
//! phase, and the Quick windows (rules-coverage.md §11.6).

use crate::cards::Keywords;
use crate::engine::Match;
use crate::engine::event::{Event, Resource};
use crate::engine::mutation::{Mutation, PlayerFlag};
use crate::engine::runtime::{Choice, Decision, Prompt, Resume, Task};
use crate::engine::state::query::{HAND_LIMIT, MAX_PP};
use crate::engine::state::{Phase, PlayerEffectKind};

impl Match {
    /// Start phase (rules-coverage.md §7.1).
    pub(crate) fn begin_turn(&mut self) {
        let mut next = if self.state.turn == 0 {
            self.state.active
        } else if let Some(extra) = self.state.extra_turns.pop() {
            // CR 5.28.1.1: the most recently created extra turn first.
            extra
        } else {
            self.state.active.opponent()
        };
        // CR 5.26.2: a skipped turn does not begin; the other player's
        // follows. Each flag skips one turn, so this ends.
        while self.state.player(next).skip_next_turn {
            self.apply(Mutation::SetFlag(next, PlayerFlag::SkipNextTurn, false));
            self.emit(Event::TurnSkipped { player: next });
            next = next.opponent();
        }
        self.apply(Mutation::SetTurn {
            active: next,
            turn: self.state.turn + 1,
        });
        self.apply(Mutation::SetPhase(Phase::Start));
        // 1. Maximum PP +1, not above 10 (turns passed counted by SetTurn),
        // unless an effect says it doesn't increase (later-sets §12.10).
        let max_pp = self.state.player(next).max_pp;
        let max_pp = if self
            .state
            .player_effect_applies(next, PlayerEffectKind::NoMaxPpIncrease)
        {
            max_pp
        } else {
            (max_pp + 1).min(MAX_PP)
        };
        self.apply(Mutation::SetResource(next, Resource::MaxPlayPoints, max_pp));
        // 2. PP refilled.
        self.apply(Mutation::SetResource(next, Resource::PlayPoints, max_pp));
        // 3. Refresh every card on the field, but a Boxed one (CR 5.31.3).
        for card in self.state.player(next).field.clone() {
            let boxed = !self.state.effects.is_empty()
                && self
                    .state
                    .own_keywords(&self.db, card)
                    .contains(Keywords::BOXED);
            if !boxed {
                self.apply(Mutation::SetEngaged(card, false));
            }
        }
        // 4. Draw, except the first player's first turn (CR 7.2.4.1), or
        // while an effect says they don't (later-sets §12.10).
        let player = self.state.player(next);
        let first_turn_of_first = player.goes_first && player.turns_passed == 1;
        let no_draw = self
            .state
            .player_effect_applies(next, PlayerEffectKind::NoStartPhaseDraw);
        if !first_turn_of_first && !no_draw {
            self.draw(next);
        }
        // 5. Confirmation Timing, then the main phase.
        self.tasks.push(Task::StartMainPhase);
        self.tasks.push(Task::CheckTiming(0));
    }

    /// Main phase steps 1–2 (rules-coverage.md §7.2).
    pub(crate) fn start_main_phase(&mut self) {
        self.apply(Mutation::SetPhase(Phase::Main));
        self.tasks.push(Task::MainAction);
        self.tasks.push(Task::CheckTiming(0));
    }

    /// Main phase step 3: ask the active player for an action.
    pub(crate) fn ask_main_action(&mut self) {
        let player = self.state.active;
        let options = self
            .legal_main_actions(player)
            .into_iter()
            .map(Choice::Action)
            .collect();
        self.ask(
            Decision::pick_one(player, Prompt::MainAction, options),
            Resume::MainAction,
        );
    }

    /// End phase steps 1–2 (rules-coverage.md §7.3), then the rest in order.
    pub(crate) fn start_end_phase(&mut self) {
        self.apply(Mutation::SetPhase(Phase::End));
        self.tasks.push(Task::EndTurn);
        self.tasks.push(Task::HandLimit);
        self.tasks.push(Task::QuickWindow);
        self.tasks.push(Task::WardStep);
        self.tasks.push(Task::CheckTiming(0));
    }

    /// End phase step 3–4: the active player may engage reserved Ward
    /// followers (CR 7.4.3), then Confirmation Timing.
    pub(crate) fn ward_step(&mut self) {
        let player = self.state.active;
        let options: Vec<Choice> = self
            .state
            .player(player)
            .field
            .iter()
            .copied()
            .filter(|c| {
                !self.state.card(*c).engaged
                    && self
                        .state
                        .characteristics(&self.db, *c)
                        .keywords
                        .contains(Keywords::WARD)
            })
            .map(Choice::Card)
            .collect();
        if options.is_empty() {
            self.tasks.push(Task::CheckTiming(0));
            return;
        }
        let max = options.len();
        self.ask(
            Decision {
                player,
                prompt: Prompt::EngageWardFollowers,
                options,
                min: 0,
                max,
            },
            Resume::WardStep,
        );
    }

    /// A Quick window (rules-coverage.md §11.6): the non-active player may play a
    /// Quick card or ability, or pass. Without any legal Quick play the
    /// window passes by itself.
    pub(crate) fn quick_window(&mut self) {
        let player = self.state.non_active();
        let actions = self.legal_quick_actions(player);
        if actions.is_empty() {
            return;
        }
        let mut options = vec![Choice::Pass];
        options.extend(actions.into_iter().map(Choice::Action));
        self.ask(
            Decision::pick_one(player, Prompt::QuickWindow, options),
            Resume::QuickWindow,
        );
    }

    /// End phase step 7: discard down to the hand limit (CR 7.4.7).
    pub(crate) fn hand_limit(&mut self) {
        let player = self.state.active;
        let hand = &self.state.player(player).hand;
        if hand.len() <= HAND_LIMIT {
            return;
        }
        let discard = hand.len() - HAND_LIMIT;
        let options = hand.iter().copied().map(Choice::Card).collect();
        self.ask(
            Decision {
                player,
                prompt: Prompt::HandLimit { discard },
                options,
                min: discard,
                max: discard,
            },
            Resume::HandLimit,
        );
    }

    /// End phase steps 8–9: "this turn" effects and delayed triggers end
    /// (CR 7.4.8), the turn passes.
    pub(crate) fn end_turn(&mut self) {
        self.apply(Mutation::ExpireEndOfTurnEffects);
        self.expire_delayed();
        self.tasks.push(Task::BeginTurn);
    }
}
