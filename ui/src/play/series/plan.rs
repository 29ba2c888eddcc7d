//! The player's one answer to a series, and the per-step answers it
//! gives the engine's questions in turn.

use super::question::{SeriesKind, SeriesQuestion};
use std::collections::VecDeque;
use sve_engine::engine::{AbilityIdx, CardRef, Prompt};

/// The player's one answer to a series, answering its questions one by
/// one as the engine asks them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeriesPlan {
    /// The card whose ability asks.
    card: CardRef,
    /// Which of its abilities.
    ability: AbilityIdx,
    /// The step of the next question the plan answers.
    next_step: u32,
    /// What is still to be answered.
    wants: Wants,
    /// The match generation whose question the plan answered last, so a
    /// question is answered once.
    answered: Option<u64>,
}

/// What a plan still wants, by kind of series.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Wants {
    /// Tokens still to put onto the field, then into the EX area; the
    /// rest are not put.
    Tokens { to_field: u32, to_ex_area: u32 },
    /// Points still to give each card, in this order.
    Points(Vec<(CardRef, u32)>),
    /// The options still to choose, in order (by label); then Stop.
    Options(VecDeque<String>),
}

impl SeriesPlan {
    fn new(first: &SeriesQuestion, wants: Wants) -> SeriesPlan {
        SeriesPlan {
            card: first.card,
            ability: first.ability,
            next_step: first.step,
            wants,
            answered: None,
        }
    }

    /// Puts `to_field` tokens onto the field, then `to_ex_area` into the
    /// EX area, from `first` on.
    pub fn tokens(first: &SeriesQuestion, to_field: u32, to_ex_area: u32) -> SeriesPlan {
        SeriesPlan::new(
            first,
            Wants::Tokens {
                to_field,
                to_ex_area,
            },
        )
    }

    /// Gives each card its number of points, from `first` on.
    pub fn points(first: &SeriesQuestion, shares: Vec<(CardRef, u32)>) -> SeriesPlan {
        SeriesPlan::new(first, Wants::Points(shares))
    }

    /// Chooses these options (labels) in this order, then stops.
    pub fn options(first: &SeriesQuestion, labels: Vec<String>) -> SeriesPlan {
        SeriesPlan::new(first, Wants::Options(labels.into()))
    }

    /// What the plan answers to the question on screen, asked at match
    /// `generation` with `prompt`; `question` is its reading as a series
    /// question, if it is one.
    pub fn answer(
        &mut self,
        prompt: &Prompt,
        question: Option<&SeriesQuestion>,
        generation: u64,
    ) -> PlanStep {
        if self.answered == Some(generation) {
            return PlanStep::Wait;
        }
        let ours = question.filter(|q| {
            q.card == self.card && q.ability == self.ability && q.step == self.next_step
        });
        let Some(question) = ours else {
            return self.aside_or_over(prompt, question);
        };
        let option = match (&mut self.wants, &question.kind) {
            (
                Wants::Tokens {
                    to_field,
                    to_ex_area,
                },
                SeriesKind::Tokens {
                    field,
                    ex_area,
                    stop,
                    ..
                },
            ) => {
                if *to_field > 0 && field.is_some() {
                    *to_field -= 1;
                    *field
                } else if *to_ex_area > 0 && ex_area.is_some() {
                    *to_ex_area -= 1;
                    *ex_area
                } else {
                    // Nothing more is wanted, or nowhere it was wanted has
                    // room.
                    (*to_field, *to_ex_area) = (0, 0);
                    // Stopping ends the series.
                    stop.inspect(|_| self.next_step = question.count)
                }
            }
            (Wants::Points(shares), SeriesKind::Points { targets, .. }) => shares
                .iter_mut()
                .filter(|(_, left)| *left > 0)
                .find_map(|(card, left)| {
                    let option = targets.iter().position(|t| t == card)?;
                    *left -= 1;
                    Some(option)
                }),
            (Wants::Options(wanted), SeriesKind::Options { labels, stop }) => {
                // An option no longer offered (its condition turned false)
                // is passed over.
                let mut option = None;
                while let Some(label) = wanted.pop_front() {
                    option = labels.iter().position(|l| *l == label);
                    if option.is_some() {
                        break;
                    }
                }
                option.or_else(|| stop.inspect(|_| self.next_step = question.count))
            }
            _ => None,
        };
        let Some(option) = option else {
            return PlanStep::Over;
        };
        self.answered = Some(generation);
        let last = self.next_step >= question.count;
        self.next_step += 1;
        if last {
            PlanStep::Last(option)
        } else {
            PlanStep::Answer(option)
        }
    }

    /// A question on screen that is not the plan's next one. A choice of
    /// options resolves each option before the next question, so that
    /// option's own questions (a target, a cost) come between: the player
    /// answers them and the plan waits, until the resolution is over (a
    /// main phase or Quick question) or its own series goes elsewhere.
    fn aside_or_over(&self, prompt: &Prompt, question: Option<&SeriesQuestion>) -> PlanStep {
        let between_options = matches!(self.wants, Wants::Options(_));
        let resolution_over = matches!(
            prompt,
            Prompt::MainAction
                | Prompt::QuickWindow
                | Prompt::ChooseFirstPlayer
                | Prompt::Mulligan
                | Prompt::MulliganOrder
        );
        let series_moved_on =
            question.is_some_and(|q| q.card == self.card && q.ability == self.ability);
        if between_options && !resolution_over && !series_moved_on {
            PlanStep::Aside
        } else {
            PlanStep::Over
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
    /// A question between the plan's steps: the player answers it, the
    /// plan waits.
    Aside,
    /// The question is not the plan's: drop the plan.
    Over,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::DecisionView;
    use sve_engine::engine::{Choice, Decision, PlayerId, QuestionRole};

    fn asked(text: &str, options: Vec<Choice>) -> (Prompt, SeriesQuestion) {
        let prompt = Prompt::Ability {
            card: CardRef(3),
            ability: AbilityIdx(0),
            text: text.to_owned(),
            role: QuestionRole::Effect,
            series: None,
        };
        let view = DecisionView {
            labels: Vec::new(),
            decision: Decision::pick_one(PlayerId(0), prompt.clone(), options),
        };
        let question = SeriesQuestion::of(&view).expect("a series question");
        (prompt, question)
    }

    fn labels(labels: &[&str]) -> Vec<Choice> {
        labels
            .iter()
            .map(|l| Choice::Label((*l).to_owned()))
            .collect()
    }

    fn token(step: u32, offered: &[&str]) -> (Prompt, SeriesQuestion) {
        asked(
            &format!("Fairy token {step} of 9: where does it go?"),
            labels(offered),
        )
    }

    #[test]
    fn a_token_plan_fills_the_field_then_the_ex_area_then_stops() {
        let (prompt, first) = token(1, &["Field", "EX area", "Stop"]);
        let mut plan = SeriesPlan::tokens(&first, 1, 1);
        assert_eq!(plan.answer(&prompt, Some(&first), 10), PlanStep::Answer(0));
        assert_eq!(plan.answer(&prompt, Some(&first), 10), PlanStep::Wait);
        // The field is full now: only the EX area and Stop are offered.
        let (prompt, second) = token(2, &["EX area", "Stop"]);
        assert_eq!(plan.answer(&prompt, Some(&second), 11), PlanStep::Answer(0));
        let (prompt, third) = token(3, &["EX area", "Stop"]);
        assert_eq!(plan.answer(&prompt, Some(&third), 12), PlanStep::Last(1));
        // Another Aria's series starts at 1: not this plan's.
        let mut plan = SeriesPlan::tokens(&first, 1, 0);
        assert_eq!(plan.answer(&prompt, Some(&second), 13), PlanStep::Over);
    }

    #[test]
    fn a_points_plan_gives_each_card_its_share_and_ends_at_the_last_point() {
        let cards = vec![Choice::Card(CardRef(7)), Choice::Card(CardRef(8))];
        let step = |i: u32| asked(&format!("Damage point {i} of 3: which?"), cards.clone());
        let (prompt, first) = step(1);
        let mut plan = SeriesPlan::points(&first, vec![(CardRef(7), 1), (CardRef(8), 2)]);
        assert_eq!(plan.answer(&prompt, Some(&first), 1), PlanStep::Answer(0));
        let (prompt, second) = step(2);
        assert_eq!(plan.answer(&prompt, Some(&second), 2), PlanStep::Answer(1));
        let (prompt, third) = step(3);
        assert_eq!(plan.answer(&prompt, Some(&third), 3), PlanStep::Last(1));
    }

    #[test]
    fn an_options_plan_waits_for_an_options_own_questions_then_stops() {
        let step = |i: u32, offered: &[&str]| {
            asked(
                &format!("Menu: choose an option ({i} of up to 3)"),
                labels(offered),
            )
        };
        let (prompt, first) = step(1, &["Draw One", "Ping", "Mend"]);
        let mut plan = SeriesPlan::options(&first, vec!["Ping".into(), "Draw One".into()]);
        assert_eq!(plan.answer(&prompt, Some(&first), 1), PlanStep::Answer(1));
        // Ping asks for its target: the player's question.
        let target = Prompt::Ability {
            card: CardRef(3),
            ability: AbilityIdx(0),
            text: "Deal 2 damage to".to_owned(),
            role: QuestionRole::Effect,
            series: None,
        };
        assert_eq!(plan.answer(&target, None, 2), PlanStep::Aside);
        let (prompt, second) = step(2, &["Draw One", "Mend", "Stop"]);
        assert_eq!(plan.answer(&prompt, Some(&second), 3), PlanStep::Answer(0));
        let (prompt, third) = step(3, &["Mend", "Stop"]);
        assert_eq!(plan.answer(&prompt, Some(&third), 4), PlanStep::Last(1));
        // Back in the main phase, a waiting plan is over.
        let mut plan = SeriesPlan::options(&first, vec!["Ping".into()]);
        assert_eq!(plan.answer(&Prompt::MainAction, None, 5), PlanStep::Over);
    }

    #[test]
    fn a_token_plan_ends_at_any_other_question() {
        let (prompt, first) = token(1, &["Field", "EX area", "Stop"]);
        let mut plan = SeriesPlan::tokens(&first, 3, 0);
        assert_eq!(plan.answer(&prompt, None, 1), PlanStep::Over);
    }
}
