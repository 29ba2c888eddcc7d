//! "Up to N" choices in one step. Card code asks some "up to N" effects
//! one object at a time: Aria, Fairy Princess's fanfare (SD01-001, "Put
//! up to 9 Fairy tokens onto your field or into your EX area") asks "Fairy
//! token 1 of 9: where does it go?" with Field, EX area and Stop, nine
//! times. The prompt turns such a series into one question (how many go to
//! the field, how many to the EX area, or all that fit) and the match
//! screen answers the engine's questions in turn from that one answer.
//!
//! Nothing changes below the client: the engine asks the same questions
//! and gets the same answers a click per question would give, so replays,
//! the network protocol, bots and the card API are untouched. A question
//! that does not continue the series (another decision, the series ended
//! early because a zone filled) ends the plan, and the player answers
//! what is on screen as usual.

use crate::session::DecisionView;
use sve_host::engine::{AbilityIdx, CardRef, Choice, Prompt};

/// The wording of the script runtime's per-token question
/// (`sve-script-runtime`, `interp/stats.rs`, `ChooseForEachFieldOrEx`):
/// `"{token} token {step} of {count}: where does it go?"`.
const TOKEN_QUESTION_END: &str = ": where does it go?";

/// One question of a token series: where the `step`th of `count` tokens
/// goes, with the options the engine offers for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenSeries {
    /// The card whose ability asks.
    pub card: CardRef,
    /// Which of its abilities.
    pub ability: AbilityIdx,
    /// The token's name ("Fairy").
    pub token: String,
    /// Which token this question places, from 1.
    pub step: u32,
    /// How many tokens the effect may put at most.
    pub count: u32,
    /// The "Field" option, when the field has room.
    pub field: Option<usize>,
    /// The "EX area" option, when the EX area has room.
    pub ex_area: Option<usize>,
    /// The "Stop" option.
    pub stop: Option<usize>,
}

impl TokenSeries {
    /// Recognises a decision as one question of a token series, or `None`.
    pub fn of(view: &DecisionView) -> Option<TokenSeries> {
        let decision = &view.decision;
        let Prompt::Ability {
            card,
            ability,
            text,
        } = &decision.prompt
        else {
            return None;
        };
        if decision.min != 1 || decision.max != 1 {
            return None;
        }
        let head = text.strip_suffix(TOKEN_QUESTION_END)?;
        let (token, numbers) = head.rsplit_once(" token ")?;
        let (step, count) = numbers.split_once(" of ")?;
        let step: u32 = step.trim().parse().ok()?;
        let count: u32 = count.trim().parse().ok()?;
        if token.is_empty() || step == 0 || step > count {
            return None;
        }
        let mut series = TokenSeries {
            card: *card,
            ability: *ability,
            token: token.to_owned(),
            step,
            count,
            field: None,
            ex_area: None,
            stop: None,
        };
        for (option, choice) in decision.options.iter().enumerate() {
            let Choice::Label(label) = choice else {
                return None;
            };
            let slot = match label.as_str() {
                "Field" => &mut series.field,
                "EX area" => &mut series.ex_area,
                "Stop" => &mut series.stop,
                _ => return None,
            };
            *slot = Some(option);
        }
        Some(series)
    }

    /// How many tokens are still to be placed, this one included.
    pub fn remaining(&self) -> u32 {
        self.count + 1 - self.step
    }
}

/// The player's one answer to a token series: how many of the remaining
/// tokens go to the field and how many to the EX area. The field is filled
/// first, then the EX area; the rest are not put.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeriesPlan {
    /// The card whose ability asks.
    pub card: CardRef,
    /// Which of its abilities.
    pub ability: AbilityIdx,
    /// The step of the next question the plan answers.
    pub next_step: u32,
    /// Tokens still to put onto the field.
    pub to_field: u32,
    /// Tokens still to put into the EX area.
    pub to_ex_area: u32,
    /// The match generation whose question the plan answered last, so a
    /// question is answered once.
    answered: Option<u64>,
}

impl SeriesPlan {
    /// A plan for the series `first` belongs to, from its question on.
    pub fn new(first: &TokenSeries, to_field: u32, to_ex_area: u32) -> SeriesPlan {
        SeriesPlan {
            card: first.card,
            ability: first.ability,
            next_step: first.step,
            to_field,
            to_ex_area,
            answered: None,
        }
    }

    /// What the plan answers to `question`, asked at match `generation`:
    /// `Some(option)`, or `None` when the question is not the plan's next
    /// one (the plan is then over). An option already answered at this
    /// generation is not answered twice: `Wait`.
    pub fn answer(&mut self, question: &TokenSeries, generation: u64) -> PlanStep {
        if self.answered == Some(generation) {
            return PlanStep::Wait;
        }
        if question.card != self.card
            || question.ability != self.ability
            || question.step != self.next_step
        {
            return PlanStep::Over;
        }
        let option = if self.to_field > 0 && question.field.is_some() {
            self.to_field -= 1;
            question.field
        } else if self.to_ex_area > 0 && question.ex_area.is_some() {
            self.to_ex_area -= 1;
            question.ex_area
        } else {
            // Nothing more is wanted, or nowhere it was wanted has room.
            self.to_field = 0;
            self.to_ex_area = 0;
            question.stop
        };
        let Some(option) = option else {
            return PlanStep::Over;
        };
        self.answered = Some(generation);
        self.next_step += 1;
        let last = question.stop == Some(option) || question.step == question.count;
        if last {
            PlanStep::Last(option)
        } else {
            PlanStep::Answer(option)
        }
    }
}

/// What a [`SeriesPlan`] does with the question on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlanStep {
    /// Answer with this option; the plan goes on.
    Answer(usize),
    /// Answer with this option; the plan is done.
    Last(usize),
    /// The plan already answered this question: wait for the next one.
    Wait,
    /// The question is not the plan's: drop the plan.
    Over,
}

#[cfg(test)]
mod tests {
    use super::*;
    use sve_host::engine::{Decision, PlayerId};

    fn question(step: u32, labels: &[&str]) -> DecisionView {
        let options = labels
            .iter()
            .map(|l| Choice::Label((*l).to_owned()))
            .collect();
        DecisionView {
            decision: Decision::pick_one(
                PlayerId(0),
                Prompt::Ability {
                    card: CardRef(3),
                    ability: AbilityIdx(0),
                    text: format!("Fairy token {step} of 9: where does it go?"),
                },
                options,
            ),
            labels: labels.iter().map(|l| (*l).to_owned()).collect(),
        }
    }

    #[test]
    fn a_token_question_is_recognised_with_its_options() {
        let series =
            TokenSeries::of(&question(2, &["Field", "EX area", "Stop"])).expect("a token question");
        assert_eq!(series.token, "Fairy");
        assert_eq!((series.step, series.count, series.remaining()), (2, 9, 8));
        assert_eq!(
            (series.field, series.ex_area, series.stop),
            (Some(0), Some(1), Some(2))
        );
        let mut other = question(1, &["Field", "Stop"]);
        other.decision.prompt = Prompt::Ability {
            card: CardRef(3),
            ability: AbilityIdx(0),
            text: "Choose a follower".to_owned(),
        };
        assert_eq!(TokenSeries::of(&other), None);
    }

    #[test]
    fn a_plan_fills_the_field_then_the_ex_area_then_stops() {
        let first = TokenSeries::of(&question(1, &["Field", "EX area", "Stop"])).expect("series");
        let mut plan = SeriesPlan::new(&first, 1, 1);
        assert_eq!(plan.answer(&first, 10), PlanStep::Answer(0));
        assert_eq!(plan.answer(&first, 10), PlanStep::Wait);
        // The field is full now: only the EX area and Stop are offered.
        let second = TokenSeries::of(&question(2, &["EX area", "Stop"])).expect("series");
        assert_eq!(plan.answer(&second, 11), PlanStep::Answer(0));
        let third = TokenSeries::of(&question(3, &["EX area", "Stop"])).expect("series");
        assert_eq!(plan.answer(&third, 12), PlanStep::Last(1));
        // Another Aria's series starts at 1: not this plan's.
        let mut plan = SeriesPlan::new(&first, 1, 0);
        assert_eq!(plan.answer(&second, 13), PlanStep::Over);
    }
}
