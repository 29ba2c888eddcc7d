//! A series as one question in the prompt: how many tokens go onto the
//! field and into the EX area, how many points each card takes, or which
//! options resolve in which order; then one Confirm that hands the
//! screen a [`SeriesPlan`] to answer every question of the series.

use super::plan::SeriesPlan;
use super::question::{SeriesKind, SeriesQuestion};
use crate::intent::{Intent, Intents};
use crate::play::board::BoardContext;
use crate::play::legal::{EX_SLOTS, FIELD_SLOTS};
use egui::{RichText, Ui};
use sve_engine::engine::CardRef;

/// What the player has set in the panel so far, kept for the question it
/// was set at (by match generation).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeriesDraft {
    generation: Option<u64>,
    draft: Draft,
}

/// The panel's settings, by kind of series.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
enum Draft {
    /// Nothing set yet.
    #[default]
    Fresh,
    /// Tokens onto the field and into the EX area.
    Tokens { to_field: u32, to_ex_area: u32 },
    /// Points per option, in option order.
    Points(Vec<u32>),
    /// Options ticked, in the order they were ticked.
    Options(Vec<usize>),
}

impl SeriesDraft {
    /// The draft for the question at `generation`: a fresh one when the
    /// question changed.
    fn at(&mut self, generation: u64) -> &mut Draft {
        if self.generation != Some(generation) {
            self.generation = Some(generation);
            self.draft = Draft::Fresh;
        }
        &mut self.draft
    }
}

/// Draws a series' question as one panel.
pub fn series_ui(
    ui: &mut Ui,
    cx: &BoardContext<'_>,
    question: &SeriesQuestion,
    draft: &mut SeriesDraft,
    intents: &mut Intents,
) {
    let draft = draft.at(cx.view.generation);
    match &question.kind {
        SeriesKind::Tokens {
            token,
            field,
            ex_area,
            ..
        } => {
            let room = |offered: &Option<usize>, held: usize, slots: usize| {
                offered.map_or(0, |_| {
                    u32::try_from(slots.saturating_sub(held)).unwrap_or(u32::MAX)
                })
            };
            let rooms = (
                room(field, cx.board.mine.field.len(), FIELD_SLOTS),
                room(ex_area, cx.board.mine.ex_area.len(), EX_SLOTS),
            );
            tokens_ui(ui, question, token, rooms, draft, intents);
        }
        SeriesKind::Points { unit, targets } => {
            points_ui(ui, cx, question, unit, targets, draft, intents);
        }
        SeriesKind::Options { labels, stop } => {
            options_ui(ui, question, labels, *stop, draft, intents);
        }
    }
}

fn headline(ui: &mut Ui, text: String) {
    ui.label(RichText::new(text).size(15.0).strong());
}

fn confirm(ui: &mut Ui, enabled: bool, hover: String) -> bool {
    ui.add_enabled(
        enabled,
        egui::Button::new(RichText::new("Confirm").strong()),
    )
    .on_hover_text(hover)
    .clicked()
}

/// Tokens: how many go onto the field and into the EX area (all that fit
/// by default).
fn tokens_ui(
    ui: &mut Ui,
    question: &SeriesQuestion,
    token: &str,
    (field_room, ex_room): (u32, u32),
    draft: &mut Draft,
    intents: &mut Intents,
) {
    let remaining = question.remaining();
    let max_field = remaining.min(field_room);
    let all = |to_field: u32| (to_field, remaining.saturating_sub(to_field).min(ex_room));
    if !matches!(draft, Draft::Tokens { .. }) {
        let (to_field, to_ex_area) = all(max_field);
        *draft = Draft::Tokens {
            to_field,
            to_ex_area,
        };
    }
    let Draft::Tokens {
        to_field,
        to_ex_area,
    } = draft
    else {
        return;
    };
    let more = if question.step > 1 { " more" } else { "" };
    let tokens = if token.is_empty() {
        "tokens".to_owned()
    } else {
        format!("{token} tokens")
    };
    headline(
        ui,
        format!(
            "Put up to {remaining}{more} {tokens}: choose how many go onto your field and into your EX area."
        ),
    );
    ui.horizontal_wrapped(|ui| {
        ui.add_enabled(
            max_field > 0,
            egui::Slider::new(to_field, 0..=max_field)
                .text(format!("onto the field (max {max_field})")),
        );
        *to_field = (*to_field).min(max_field);
        let max_ex = remaining.saturating_sub(*to_field).min(ex_room);
        *to_ex_area = (*to_ex_area).min(max_ex);
        ui.add_enabled(
            max_ex > 0,
            egui::Slider::new(to_ex_area, 0..=max_ex)
                .text(format!("into the EX area (max {max_ex})")),
        );
        if ui
            .button("All")
            .on_hover_text("As many as fit: the field first, then the EX area.")
            .clicked()
        {
            (*to_field, *to_ex_area) = all(max_field);
        }
        if ui.button("None").clicked() {
            (*to_field, *to_ex_area) = (0, 0);
        }
        let total = *to_field + *to_ex_area;
        if confirm(ui, true, format!("Put {total} {tokens}.")) {
            intents.push(Intent::AnswerSeries(SeriesPlan::tokens(
                question,
                *to_field,
                *to_ex_area,
            )));
        }
    });
}

/// Points: how many each card takes, every point handed out (spread
/// evenly by default, the first cards taking the odd points).
fn points_ui(
    ui: &mut Ui,
    cx: &BoardContext<'_>,
    question: &SeriesQuestion,
    unit: &str,
    targets: &[CardRef],
    draft: &mut Draft,
    intents: &mut Intents,
) {
    let remaining = question.remaining();
    if !matches!(draft, Draft::Points(points) if points.len() == targets.len()) {
        *draft = Draft::Points(even_split(remaining, targets.len()));
    }
    let Draft::Points(points) = draft else {
        return;
    };
    headline(
        ui,
        format!("{unit}s: {remaining} to hand out. Choose how many each one takes."),
    );
    let labels = target_labels(cx, targets.len());
    ui.horizontal_wrapped(|ui| {
        for (option, label) in labels.iter().enumerate() {
            let given: u32 = points.iter().sum();
            let left = remaining.saturating_sub(given);
            let Some(share) = points.get_mut(option) else {
                continue;
            };
            let max = *share + left;
            ui.add(egui::Slider::new(share, 0..=max).text(label.as_str()));
        }
        let given: u32 = points.iter().sum();
        ui.label(format!("{given} of {remaining} handed out"));
        if ui
            .button("Even split")
            .on_hover_text("The same number each, the first ones taking any left over.")
            .clicked()
        {
            *points = even_split(remaining, targets.len());
        }
        let plan = || {
            targets
                .iter()
                .copied()
                .zip(points.iter().copied())
                .collect()
        };
        if confirm(
            ui,
            given == remaining,
            format!("Hand out all {remaining} {}s as set.", unit.to_lowercase()),
        ) {
            intents.push(Intent::AnswerSeries(SeriesPlan::points(question, plan())));
        }
    });
}

/// The options' labels as the engine words them (`DecisionView::labels`),
/// numbered where two would read the same.
fn target_labels(cx: &BoardContext<'_>, count: usize) -> Vec<String> {
    let labels: Vec<String> = (0..count)
        .map(|option| {
            cx.decision
                .and_then(|view| view.labels.get(option).cloned())
                .unwrap_or_else(|| format!("Card {}", option + 1))
        })
        .collect();
    labels
        .iter()
        .enumerate()
        .map(|(i, label)| {
            let same = labels.iter().filter(|l| *l == label).count();
            if same > 1 {
                let nth = labels[..=i].iter().filter(|l| *l == label).count();
                format!("{label} #{nth}")
            } else {
                label.clone()
            }
        })
        .collect()
}

/// `total` split over `parts` as evenly as can be, the first parts taking
/// what is left over.
fn even_split(total: u32, parts: usize) -> Vec<u32> {
    let Ok(n) = u32::try_from(parts) else {
        return vec![0; parts];
    };
    if n == 0 {
        return Vec::new();
    }
    (0..n)
        .map(|i| total / n + u32::from(i < total % n))
        .collect()
}

/// Options: which ones, in the order they resolve (the order they are
/// ticked); at least one while Stop is not offered yet.
fn options_ui(
    ui: &mut Ui,
    question: &SeriesQuestion,
    labels: &[String],
    stop: Option<usize>,
    draft: &mut Draft,
    intents: &mut Intents,
) {
    let remaining = question.remaining();
    if !matches!(draft, Draft::Options(_)) {
        *draft = Draft::Options(Vec::new());
    }
    let Draft::Options(ticked) = draft else {
        return;
    };
    let least = if stop.is_some() { 0 } else { 1 };
    let more = if question.step > 1 { " more" } else { "" };
    headline(
        ui,
        format!(
            "Choose up to {remaining}{more} of these options; they resolve in the order you tick them."
        ),
    );
    ui.horizontal_wrapped(|ui| {
        for (option, label) in labels.iter().enumerate() {
            if Some(option) == stop {
                continue;
            }
            let place = ticked.iter().position(|t| *t == option);
            let full = ticked.len() >= usize::try_from(remaining).unwrap_or(usize::MAX);
            let text = match place {
                Some(at) => format!("{}. {label}", at + 1),
                None => label.clone(),
            };
            let response = ui.add_enabled(
                place.is_some() || !full,
                egui::Button::selectable(place.is_some(), text),
            );
            if response.clicked() {
                match place {
                    Some(at) => {
                        ticked.remove(at);
                    }
                    None => ticked.push(option),
                }
            }
        }
        ui.label(format!("{} chosen", ticked.len()));
        let chosen: Vec<String> = ticked
            .iter()
            .filter_map(|option| labels.get(*option).cloned())
            .collect();
        let enough = chosen.len() >= least;
        if confirm(ui, enough, format!("Resolve {} option(s).", chosen.len())) {
            intents.push(Intent::AnswerSeries(SeriesPlan::options(question, chosen)));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_split_gives_the_first_parts_the_odd_points() {
        assert_eq!(even_split(3, 2), vec![2, 1]);
        assert_eq!(even_split(4, 2), vec![2, 2]);
        assert_eq!(even_split(2, 3), vec![1, 1, 0]);
        assert_eq!(even_split(5, 0), Vec::<u32>::new());
    }
}
