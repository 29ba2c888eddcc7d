//! Effects that run other abilities of the card (spec §5.4 "Sequencing and
//! choices", §5.6): choices among them, a die roll, and the effects that
//! pass a target restriction, an amount, an acting card or a performing
//! player on to the abilities they call.
//!
//! Each called ability goes through [`Interpreter::sub`]: its own
//! condition, its optional costs, its effect (spec §4.5).

use super::targets::Subject;
use super::{Frame, Interpreter, choices, len_u32};
use crate::values;
use sve_script::ir::{AbilityIdx, Selection, ValueId};
use sve_sdk::prelude::*;

impl Interpreter<'_> {
    /// Runs `then` as a restricted sequence on `subjects` with `_` =
    /// `amount` (spec §5.6).
    pub(super) fn then_on(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        subjects: &[Subject],
        amount: i32,
        then: &[AbilityIdx],
    ) -> Result<(), Stop> {
        let frame = Frame {
            amount,
            only: Some(subjects),
            ..frame
        };
        for step in then {
            self.sub(game, *step, frame)?;
        }
        Ok(())
    }

    /// `ChooseFromList` (`count` = 1..=1) and `ChooseAmountFromList`: the
    /// performing player picks an available option, it resolves, and so on
    /// until `max` different options ran; after `min` of them the player may
    /// stop. Options whose condition is false or whose costs cannot be paid
    /// are not offered. While a card grants the player
    /// `ChooseAnyNumberOfOptions` (a crest's "you may choose any number
    /// instead", later-sets §4, BP20-T06), they may choose from 1 to every
    /// option that can be performed.
    pub(super) fn choose_from_list(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        (min, max): (u32, u32),
        options: &[AbilityIdx],
    ) -> Result<(), Stop> {
        const STOP: &str = "Stop";
        let (min, max) = if game.player_granted(frame.me, Keywords::CHOOSE_ANY_NUMBER_OF_OPTIONS) {
            (min.min(1), len_u32(options.len()))
        } else {
            (min, max)
        };
        let mut chosen: Vec<AbilityIdx> = Vec::new();
        for round in 0..max.min(len_u32(options.len())) {
            let offered: Vec<AbilityIdx> = options
                .iter()
                .copied()
                .filter(|idx| !chosen.contains(idx) && self.available(game, *idx, &frame))
                .collect();
            if offered.is_empty() {
                break;
            }
            let mut labels: Vec<String> = offered
                .iter()
                .filter_map(|idx| self.card.ability(*idx))
                .map(|ability| ability.name.clone())
                .collect();
            if round >= min {
                labels.push(STOP.to_owned());
            }
            let text = if max > 1 {
                format!(
                    "{}: choose an option ({} of up to {max})",
                    self.card.name,
                    round + 1
                )
            } else {
                format!("{}: choose one", self.card.name)
            };
            let series = (max > 1).then(|| SeriesStep {
                step: round + 1,
                count: max,
                up_to: true,
            });
            let picked = choices::choose_one_in_series(game, frame.me, &text, &labels, series)?;
            let Some(idx) = offered.get(picked).copied() else {
                // The player stopped.
                break;
            };
            chosen.push(idx);
            self.sub(game, idx, frame)?;
        }
        Ok(())
    }

    /// `RollDice`: a six-sided die from the match RNG picks the face to
    /// resolve (face `n` is the `n`th name); a blank face does nothing.
    pub(super) fn roll_dice(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        faces: &[Option<AbilityIdx>],
    ) -> Result<(), Stop> {
        // The card API has no event for a die roll, so the result shows
        // only through what the face does.
        let roll = game.random(6) as usize;
        if let Some(Some(idx)) = faces.get(roll) {
            self.sub(game, *idx, frame)?;
        }
        Ok(())
    }

    /// `TargetForSequence`: select, then a restricted sequence on the
    /// selection with the caller's amount.
    pub(super) fn target_for_sequence(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        to: Selection,
        then: &[AbilityIdx],
    ) -> Result<(), Stop> {
        let targets = self.subjects(game, frame, to, "Select")?;
        if self.found_nothing(to, &targets) {
            return Ok(());
        }
        self.then_on(game, frame, &targets, frame.amount, then)
    }

    /// `TargetForSequenceWithTargetAmount` (`restrict`) and
    /// `PerformWithTargetAmount`: select, evaluate `amount` with the first
    /// selected card as "this card" (spec §9.4; the acting card when nothing
    /// was selected), then run `then` with that amount, restricted to the
    /// selection or not.
    pub(super) fn with_target_amount(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        amount: ValueId,
        to: Selection,
        then: &[AbilityIdx],
        restrict: bool,
    ) -> Result<(), Stop> {
        let targets = self.subjects(game, frame, to, "Select")?;
        if self.found_nothing(to, &targets) {
            return Ok(());
        }
        let first = targets.first().and_then(|subject| match *subject {
            Subject::Card(card) => Some(card),
            Subject::Player(p) => game.cards_in(p, Zone::Leader).first().copied(),
        });
        let scope = self.scope(&Frame {
            this: first.unwrap_or(frame.this),
            ..frame
        });
        let n = values::value(game, &scope, amount);
        if restrict {
            self.then_on(game, frame, &targets, n, then)
        } else {
            let frame = Frame { amount: n, ..frame };
            for step in then {
                self.sub(game, *step, frame)?;
            }
            Ok(())
        }
    }

    /// `PerformAsEachTarget`: for each selected card, in the order the
    /// performing player chooses, resolve `ability` as if that card were the
    /// source (`Self`, `X`, `A`, `D`, `P`, `r()` name it; `TriggerCard`
    /// stays the trigger card).
    pub(super) fn perform_as_each_target(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        to: Selection,
        ability: Option<AbilityIdx>,
    ) -> Result<(), Stop> {
        let Some(ability) = ability else {
            return Ok(());
        };
        let targets: Vec<CardRef> = self
            .subjects(game, frame, to, "Select")?
            .into_iter()
            .filter_map(|subject| match subject {
                Subject::Card(card) => Some(card),
                Subject::Player(_) => None,
            })
            .collect();
        let text = "Which card performs the effect next?";
        for card in choices::order(game, frame.me, text, targets)? {
            self.sub(
                game,
                ability,
                Frame {
                    this: card,
                    ..frame
                },
            )?;
        }
        Ok(())
    }

    /// `OpponentPerformEffect`: the other player resolves `ability` as its
    /// controller, making its choices. With a `to` clause the current
    /// performer selects first and the opponent's run is restricted to
    /// that selection.
    pub(super) fn opponent_perform(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        ability: Option<AbilityIdx>,
        to: Option<Selection>,
    ) -> Result<(), Stop> {
        let Some(ability) = ability else {
            return Ok(());
        };
        let opponent = frame.me.opponent();
        let Some(to) = to else {
            return self.sub(
                game,
                ability,
                Frame {
                    me: opponent,
                    ..frame
                },
            );
        };
        let targets = self.subjects(game, frame, to, "Select")?;
        if self.found_nothing(to, &targets) {
            return Ok(());
        }
        let frame = Frame {
            me: opponent,
            only: Some(&targets),
            ..frame
        };
        self.sub(game, ability, frame)
    }

    /// `DestroyAndControllerPerformEffect`: destroy the targets, then the
    /// controller of the first card that was destroyed performs `ability`
    /// (you for your card, otherwise the opponent).
    ///
    /// The host's destroy keeps "can't be destroyed by abilities" (the peer
    /// skips that check; the rules win, rules-coverage.md §9.4), so a card
    /// that stays on the field names no performer.
    pub(super) fn destroy_and_controller_perform(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        to: Selection,
        ability: Option<AbilityIdx>,
    ) -> Result<(), Stop> {
        let mut performer = None;
        for subject in self.subjects(game, frame, to, "Destroy")? {
            let Subject::Card(card) = subject else {
                continue;
            };
            let Some(controller) = game.stats(card).map(|info| info.controller) else {
                continue;
            };
            game.destroy(card);
            let destroyed = game.stats(card).is_none_or(|info| info.zone != Zone::Field);
            if destroyed && performer.is_none() {
                performer = Some(controller);
            }
        }
        if let (Some(me), Some(ability)) = (performer, ability) {
            self.sub(game, ability, Frame { me, ..frame })?;
        }
        Ok(())
    }
}
