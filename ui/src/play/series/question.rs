//! Recognising one question of a series. The decision's data says it: a
//! card's ability asks (`Prompt::Ability`) with its step of a series
//! (`series`: step i of N, or of up to N), one pick, and the shape of the
//! options tells the kind apart (cards each step: a distribution; the
//! token zones: a token series; labels with an "up to" count: a choice of
//! options). The words that name what a step hands out ("Fairy token",
//! "Damage point") come from the question's text, before its numbers.
//!
//! Packs built against the 0.1.0 card API can't say the step: for their
//! questions the numbers too are read from the text, wherever they stand
//! in it ("… 2 of 9 …", "… (2 of up to 3)").

use crate::session::DecisionView;
use sve_engine::engine::{AbilityIdx, CardRef, Choice, Prompt};

/// The option labels of a token series (`sve-script-runtime`,
/// `interp/stats.rs`, `ChooseForEachFieldOrEx`).
const FIELD: &str = "Field";
/// See [`FIELD`].
const EX_AREA: &str = "EX area";
/// The option that ends a series early, in every kind.
const STOP: &str = "Stop";

/// One question of a series: the `step`th of at most `count`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeriesQuestion {
    /// The card whose ability asks.
    pub card: CardRef,
    /// Which of its abilities.
    pub ability: AbilityIdx,
    /// Which step this question is, from 1.
    pub step: u32,
    /// How many steps the series has at most.
    pub count: u32,
    /// What each step chooses, with the options offered for it.
    pub kind: SeriesKind,
}

/// What the steps of a series choose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeriesKind {
    /// Where each token goes: "Fairy token 1 of 9: where does it go?".
    Tokens {
        /// The token's name ("Fairy"), empty when the question has none.
        token: String,
        /// The "Field" option, when the field has room.
        field: Option<usize>,
        /// The "EX area" option, when the EX area has room.
        ex_area: Option<usize>,
        /// The "Stop" option.
        stop: Option<usize>,
    },
    /// Which card takes each point: "Damage point 1 of 3: which
    /// follower?". Option `i` is `targets[i]`.
    Points {
        /// What one step hands out, as the question says it ("Damage
        /// point").
        unit: String,
        /// The cards offered, in option order.
        targets: Vec<CardRef>,
    },
    /// Which option resolves next: "choose an option (1 of up to 2)".
    /// Option `i` is `labels[i]`.
    Options {
        /// The options' labels, in option order ("Stop" among them).
        labels: Vec<String>,
        /// The "Stop" option, once enough options are chosen.
        stop: Option<usize>,
    },
}

impl SeriesQuestion {
    /// Recognises a decision as one question of a series, or `None`.
    pub fn of(view: &DecisionView) -> Option<SeriesQuestion> {
        let decision = &view.decision;
        let Prompt::Ability {
            card,
            ability,
            text,
            series,
            ..
        } = &decision.prompt
        else {
            return None;
        };
        if decision.min != 1 || decision.max != 1 || decision.options.is_empty() {
            return None;
        }
        let numbers = match series {
            Some(series) => StepNumbers {
                before: step_numbers(text).map_or("", |words| words.before),
                step: series.step,
                count: series.count,
                up_to: series.up_to,
            },
            None => step_numbers(text)?,
        };
        let kind = kind_of(&decision.options, &numbers)?;
        Some(SeriesQuestion {
            card: *card,
            ability: *ability,
            step: numbers.step,
            count: numbers.count,
            kind,
        })
    }

    /// How many steps are still to come, this one included.
    pub fn remaining(&self) -> u32 {
        self.count + 1 - self.step
    }

    /// Whether `other` is a question of the same series (same card and
    /// ability, same kind of steps).
    pub fn same_series(&self, other: &SeriesQuestion) -> bool {
        self.card == other.card
            && self.ability == other.ability
            && std::mem::discriminant(&self.kind) == std::mem::discriminant(&other.kind)
    }
}

/// The kind of series the options make, or `None` when they make none.
fn kind_of(options: &[Choice], numbers: &StepNumbers<'_>) -> Option<SeriesKind> {
    let labels: Option<Vec<&str>> = options
        .iter()
        .map(|choice| match choice {
            Choice::Label(label) => Some(label.as_str()),
            _ => None,
        })
        .collect();
    let position = |labels: &[&str], wanted: &str| labels.iter().position(|l| *l == wanted);
    if let Some(labels) = labels {
        let stop = position(&labels, STOP);
        if numbers.up_to {
            // At least one real option beside Stop.
            return (labels.len() > usize::from(stop.is_some())).then(|| SeriesKind::Options {
                labels: labels.iter().map(|l| (*l).to_owned()).collect(),
                stop,
            });
        }
        let zones_only = labels.iter().all(|l| [FIELD, EX_AREA, STOP].contains(l));
        let before = numbers.before.trim();
        let token = before.strip_suffix("token").map_or(before, str::trim);
        return zones_only.then(|| SeriesKind::Tokens {
            token: token.to_owned(),
            field: position(&labels, FIELD),
            ex_area: position(&labels, EX_AREA),
            stop,
        });
    }
    if numbers.up_to {
        return None;
    }
    let targets: Option<Vec<CardRef>> = options
        .iter()
        .map(|choice| match choice {
            Choice::Card(card) => Some(*card),
            _ => None,
        })
        .collect();
    let unit = numbers.before.trim();
    Some(SeriesKind::Points {
        unit: if unit.is_empty() { "Pick" } else { unit }.to_owned(),
        targets: targets?,
    })
}

/// "`step` of `count`" or "`step` of up to `count`" in a question, with
/// the words before the step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct StepNumbers<'a> {
    before: &'a str,
    step: u32,
    count: u32,
    up_to: bool,
}

/// The last "`i` of `N`" or "`i` of up to `N`" in `text` with
/// `1 <= i <= N`, or `None`.
fn step_numbers(text: &str) -> Option<StepNumbers<'_>> {
    let mut found = None;
    for (at, _) in text.match_indices(" of ") {
        let head = &text[..at];
        let digits_start = head
            .rfind(|c: char| !c.is_ascii_digit())
            .map_or(0, |i| i + 1);
        let Ok(step) = head[digits_start..].parse::<u32>() else {
            continue;
        };
        let tail = &text[at + " of ".len()..];
        let (up_to, tail) = match tail.strip_prefix("up to ") {
            Some(rest) => (true, rest),
            None => (false, tail),
        };
        let digits_end = tail
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(tail.len());
        let Ok(count) = tail[..digits_end].parse::<u32>() else {
            continue;
        };
        if step == 0 || step > count {
            continue;
        }
        let before = head[..digits_start].trim_end_matches('(');
        found = Some(StepNumbers {
            before,
            step,
            count,
            up_to,
        });
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use sve_engine::engine::{Decision, PlayerId, QuestionRole, SeriesStep};

    /// A question of card 3's first ability, with no series step in its
    /// data (as a 0.1.0 pack asks).
    pub(crate) fn asked(text: &str, options: Vec<Choice>) -> DecisionView {
        asked_in_series(text, options, None)
    }

    /// A question of card 3's first ability, step `series` of a series.
    pub(crate) fn asked_in_series(
        text: &str,
        options: Vec<Choice>,
        series: Option<SeriesStep>,
    ) -> DecisionView {
        DecisionView {
            labels: options.iter().map(|o| format!("{o:?}")).collect(),
            decision: Decision::pick_one(
                PlayerId(0),
                Prompt::Ability {
                    card: CardRef(3),
                    ability: AbilityIdx(0),
                    text: text.to_owned(),
                    role: QuestionRole::Effect,
                    series,
                },
                options,
            ),
        }
    }

    #[test]
    fn the_step_in_the_data_is_read_whatever_the_words() {
        let step = |step, count, up_to| Some(SeriesStep { step, count, up_to });
        // A Rust pack's own wording, with no numbers in it.
        let view = asked_in_series(
            "Where should this Bat go?",
            labels(&["Field", "EX area"]),
            step(3, 4, false),
        );
        let series = SeriesQuestion::of(&view).expect("a token question");
        assert_eq!((series.step, series.count, series.remaining()), (3, 4, 2));
        assert!(matches!(
            series.kind,
            SeriesKind::Tokens { field: Some(0), .. }
        ));
        let view = asked_in_series(
            "Pick a follower for the next damage",
            vec![Choice::Card(CardRef(7)), Choice::Card(CardRef(8))],
            step(1, 2, false),
        );
        let series = SeriesQuestion::of(&view).expect("a distribution");
        assert_eq!((series.step, series.count), (1, 2));
        assert!(matches!(&series.kind, SeriesKind::Points { unit, .. } if unit == "Pick"));
        // The data wins over numbers in the text; the words before them
        // still name the unit.
        let view = asked_in_series(
            "Damage point 1 of 5: which follower?",
            vec![Choice::Card(CardRef(7))],
            step(2, 3, false),
        );
        let series = SeriesQuestion::of(&view).expect("a distribution");
        assert_eq!((series.step, series.count), (2, 3));
        assert!(matches!(&series.kind, SeriesKind::Points { unit, .. } if unit == "Damage point"));
        let view = asked_in_series("Menu", labels(&["Draw One", "Stop"]), step(1, 2, true));
        let series = SeriesQuestion::of(&view).expect("a choice of options");
        assert!(matches!(
            series.kind,
            SeriesKind::Options { stop: Some(1), .. }
        ));
    }

    fn labels(labels: &[&str]) -> Vec<Choice> {
        labels
            .iter()
            .map(|l| Choice::Label((*l).to_owned()))
            .collect()
    }

    #[test]
    fn step_numbers_are_found_wherever_they_stand() {
        let numbers = step_numbers("Fairy token 2 of 9: where does it go?").expect("numbers");
        assert_eq!(
            (numbers.before, numbers.step, numbers.count, numbers.up_to),
            ("Fairy token ", 2, 9, false)
        );
        let numbers = step_numbers("Ritual: choose an option (1 of up to 2)").expect("numbers");
        assert_eq!((numbers.step, numbers.count, numbers.up_to), (1, 2, true));
        assert_eq!(step_numbers("Choose one of the following"), None);
        assert_eq!(step_numbers("Card 4 of 3"), None, "a step past the count");
    }

    #[test]
    fn a_token_question_is_recognised_with_its_options() {
        let view = asked(
            "Fairy token 2 of 9: where does it go?",
            labels(&["Field", "EX area", "Stop"]),
        );
        let series = SeriesQuestion::of(&view).expect("a token question");
        assert_eq!((series.step, series.count, series.remaining()), (2, 9, 8));
        assert_eq!(
            series.kind,
            SeriesKind::Tokens {
                token: "Fairy".to_owned(),
                field: Some(0),
                ex_area: Some(1),
                stop: Some(2),
            }
        );
        // Other labels are not a token series.
        let view = asked("Fairy token 2 of 9", labels(&["Field", "Hand"]));
        assert_eq!(SeriesQuestion::of(&view), None);
    }

    #[test]
    fn a_point_by_point_distribution_is_recognised_from_its_cards() {
        let view = asked(
            "Damage point 1 of 3: which follower?",
            vec![Choice::Card(CardRef(7)), Choice::Card(CardRef(8))],
        );
        let series = SeriesQuestion::of(&view).expect("a distribution");
        assert_eq!((series.step, series.count), (1, 3));
        assert_eq!(
            series.kind,
            SeriesKind::Points {
                unit: "Damage point".to_owned(),
                targets: vec![CardRef(7), CardRef(8)],
            }
        );
        // A choice of one card with no step numbers is a plain question.
        let view = asked("Deal 3 damage to", vec![Choice::Card(CardRef(7))]);
        assert_eq!(SeriesQuestion::of(&view), None);
    }

    #[test]
    fn a_choice_of_options_is_recognised_by_its_up_to_count() {
        let view = asked(
            "Menu: choose an option (2 of up to 3)",
            labels(&["Draw One", "Mend", "Stop"]),
        );
        let series = SeriesQuestion::of(&view).expect("a choice of options");
        assert_eq!((series.step, series.count, series.remaining()), (2, 3, 2));
        assert_eq!(
            series.kind,
            SeriesKind::Options {
                labels: vec!["Draw One".into(), "Mend".into(), "Stop".into()],
                stop: Some(2),
            }
        );
        // "Choose one" asks once: no series.
        let view = asked("Menu: choose one", labels(&["Draw One", "Mend"]));
        assert_eq!(SeriesQuestion::of(&view), None);
        // Only Stop is no choice.
        let view = asked("Menu: choose an option (2 of up to 3)", labels(&["Stop"]));
        assert_eq!(SeriesQuestion::of(&view), None);
    }

    #[test]
    fn a_multi_pick_question_is_no_series() {
        let mut view = asked(
            "Damage point 1 of 3: which follower?",
            vec![Choice::Card(CardRef(7)), Choice::Card(CardRef(8))],
        );
        view.decision.max = 2;
        assert_eq!(SeriesQuestion::of(&view), None);
    }
}
