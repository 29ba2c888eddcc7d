//! The prompt in the middle of the board: what the engine asks (beside
//! it, the card and ability asking, `source.rs`), the
//! options that have no object on the board (yes/no, pass, end turn, labels,
//! pending abilities, cards in hidden zones), and the confirm button of a
//! multi-pick answer. A short notice line explains refused clicks. The
//! strip has a fixed height (`strip.rs`); its own buttons are numbered
//! for the keyboard (`shortcuts.rs`).
//!
//! When a cost question offers the engine's `Choice::Cancel` (taking back an
//! activation, or a yes to an optional cost), "Cancel the play" ("Cancel
//! paying" for an optional cost) and Esc send it, locally and online; only
//! where the engine offers none do they fall back to an undo.

use super::board::BoardContext;
use super::clicks::waiting_text;
use super::series::{SeriesDraft, SeriesQuestion, series_ui};
use super::shortcuts::{
    CANCEL_HINT, END_TURN_HINT, END_TURN_MUST_ATTACK, END_TURN_WHILE_ATTACKING, option_hint,
};
use super::source::{asking_source, source_ui};
use super::strip::strip_ui;
use crate::intent::{Intent, Intents};
use egui::{Color32, RichText, Ui};
use sve_engine::engine::view::CardView;
use sve_engine::engine::{CardRef, Choice, Prompt, QuestionRole};

/// The prompt panel. Picks live in the
/// [`Selection`](super::selection::Selection); the panel keeps only what
/// is set for an "up to N" series being answered in one step
/// (`series/`).
#[derive(Debug, Default)]
pub struct PromptPanel {
    /// The settings of the series on screen.
    series: SeriesDraft,
}

/// The width of the column naming the card and ability that ask.
const SOURCE_WIDTH: f32 = 300.0;

/// An option the prompt shows as a button of its own, numbered for the
/// keyboard (`shortcuts.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberedOption {
    /// The option's index in the decision.
    pub option: usize,
    /// The button's text.
    pub text: String,
    /// Whether it is picked into a multi-pick answer rather than
    /// answering at once.
    pub toggles: bool,
}

impl NumberedOption {
    /// What clicking the button (or pressing its number) asks for.
    pub fn intent(&self) -> Intent {
        if self.toggles {
            Intent::TogglePick(self.option)
        } else {
            Intent::Answer(vec![self.option])
        }
    }
}

impl PromptPanel {
    /// Draws the prompt strip (a fixed height, `strip.rs`).
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        cx: &BoardContext<'_>,
        notice: Option<&str>,
        intents: &mut Intents,
    ) {
        let Self { series } = self;
        strip_ui(ui, "prompt", Color32::from_rgb(34, 38, 50), |ui| {
            match cx.decision {
                Some(view) => {
                    let mut question_ui = |ui: &mut Ui| match SeriesQuestion::of(view) {
                        Some(question) => series_ui(ui, cx, &question, series, intents),
                        None => decision_ui(ui, cx, intents),
                    };
                    match asking_source(cx) {
                        // The card and ability asking, beside the question.
                        Some(source) => {
                            ui.horizontal_top(|ui| {
                                ui.vertical(|ui| source_ui(ui, cx, &source, SOURCE_WIDTH));
                                ui.separator();
                                ui.vertical(question_ui);
                            });
                        }
                        None => question_ui(ui),
                    }
                }
                None => {
                    let text = if cx.view.bot_thinking {
                        match cx.view.waiting_on {
                            Some(bot) => format!("{} is thinking…", cx.view.seat_name(bot)),
                            None => waiting_text(cx),
                        }
                    } else {
                        waiting_text(cx)
                    };
                    ui.label(RichText::new(text).size(15.0));
                }
            }
            if let Some(notice) = notice {
                ui.label(RichText::new(notice).color(Color32::from_rgb(255, 210, 90)));
            }
        });
    }
}

/// The options the prompt shows as buttons of their own, in the order
/// they are drawn and numbered: options with no object on the board,
/// activated abilities of cards without buttons of their own, then cards
/// the board does not show.
pub fn numbered_options(cx: &BoardContext<'_>) -> Vec<NumberedOption> {
    let Some(view) = cx.decision else {
        return Vec::new();
    };
    if SeriesQuestion::of(view).is_some() {
        // One panel answers the whole series (`series_ui`).
        return Vec::new();
    }
    let decision = &view.decision;
    let moves = &cx.moves;
    let single_pick = decision.min == 1 && decision.max == 1;
    let label = |option: usize| view.labels.get(option).cloned().unwrap_or_default();
    let mut numbered = Vec::new();
    for option in &moves.buttons {
        let Some(choice) = decision.options.get(*option) else {
            continue;
        };
        numbered.push(NumberedOption {
            option: *option,
            text: button_text(cx, choice, &label(*option)),
            toggles: !single_pick,
        });
    }
    // The buttons of activated abilities sit under your field cards only.
    let mut activations: Vec<usize> = moves
        .cards
        .iter()
        .filter(|(card, _)| !cx.board.mine.field.iter().any(|c| c.card == **card))
        .flat_map(|(_, m)| m.activate.iter().copied())
        .collect();
    activations.sort_unstable();
    numbered.extend(activations.into_iter().map(|option| NumberedOption {
        option,
        text: label(option),
        toggles: false,
    }));
    // Cards the board does not show (cemetery, deck, evolve deck).
    let mut off_board: Vec<(CardRef, usize)> = moves
        .cards
        .iter()
        .filter_map(|(card, m)| m.pick.map(|option| (*card, option)))
        .filter(|(card, _)| find_card(cx, *card).is_none())
        .collect();
    off_board.sort_by_key(|(_, option)| *option);
    numbered.extend(off_board.into_iter().map(|(_, option)| NumberedOption {
        option,
        text: label(option),
        toggles: !single_pick,
    }));
    numbered
}

fn decision_ui(ui: &mut Ui, cx: &BoardContext<'_>, intents: &mut Intents) {
    let Some(view) = cx.decision else {
        return;
    };
    let decision = &view.decision;
    let moves = &cx.moves;
    let single_pick = decision.min == 1 && decision.max == 1;
    ui.label(RichText::new(prompt_text(cx)).size(15.0).strong());
    ui.horizontal_wrapped(|ui| {
        if let Some(attacker) = cx.selection.attacker {
            let name = find_card(cx, attacker)
                .map_or_else(|| "the attacker".to_owned(), |c| name_of(cx, c));
            ui.label(format!(
                "Attacking with {name}: click a red-marked follower or the leader."
            ));
            if ui
                .button("Cancel attack")
                .on_hover_text(CANCEL_HINT)
                .clicked()
            {
                intents.push(Intent::SelectAttacker(None));
            }
        }
        for (option_idx, numbered) in numbered_options(cx).into_iter().enumerate() {
            let response = if numbered.toggles {
                let picked = cx.selection.pick_number(numbered.option).is_some();
                ui.selectable_label(picked, &numbered.text)
            } else {
                ui.button(&numbered.text)
            };
            let response = match option_hint(option_idx) {
                Some(hint) => response.on_hover_text(hint),
                None => response,
            };
            if response.clicked() {
                intents.push(numbered.intent());
            }
        }
        if decision.prompt == Prompt::MulliganOrder && ui.button("Keep the hand's order").clicked()
        {
            intents.push(Intent::Answer((0..decision.options.len()).collect()));
        }
        if !single_pick {
            let picked = cx.selection.picks.len();
            let valid = (decision.min..=decision.max).contains(&picked);
            let need = if decision.min == decision.max {
                format!("{}", decision.min)
            } else {
                format!("{} to {}", decision.min, decision.max)
            };
            ui.label(format!("Picked {picked} of {need}"));
            if ui
                .add_enabled(valid, egui::Button::new("Confirm"))
                .clicked()
            {
                intents.push(Intent::Answer(cx.selection.picks.clone()));
            }
            if picked > 0 && ui.button("Clear").on_hover_text(CANCEL_HINT).clicked() {
                intents.push(Intent::ClearPicks);
            }
        }
        if let Some(cancel) = cancel_play(cx) {
            ui.add_space(12.0);
            if ui.button(cancel.label).on_hover_text(cancel.hint).clicked() {
                intents.push(cancel.intent);
            }
        }
        if let Some(option) = moves.end_turn {
            ui.add_space(12.0);
            let end_turn = egui::Button::new(RichText::new("End turn").strong())
                .fill(Color32::from_rgb(70, 60, 110));
            // An attack being declared is finished or cancelled first.
            let declaring = cx.selection.attacker.is_some();
            let response = ui
                .add_enabled(!declaring, end_turn)
                .on_hover_text(END_TURN_HINT)
                .on_disabled_hover_text(END_TURN_WHILE_ATTACKING);
            if response.clicked() {
                intents.push(Intent::Answer(vec![option]));
            }
        } else if end_turn_withheld(cx) {
            ui.add_space(12.0);
            ui.add_enabled(false, egui::Button::new(RichText::new("End turn").strong()))
                .on_disabled_hover_text(END_TURN_MUST_ATTACK);
        }
    });
}

/// Whether this is your main-phase action and the engine does not offer
/// to end the turn: it withholds it only while your followers must attack
/// first (later-sets §12.10).
pub(super) fn end_turn_withheld(cx: &BoardContext<'_>) -> bool {
    cx.decision.is_some_and(|view| {
        matches!(view.decision.prompt, Prompt::MainAction) && cx.moves.end_turn.is_none()
    })
}

/// Hover text of "Cancel the play" when the engine takes the play back.
const CANCEL_PLAY_HINT: &str = "Take the ability back before its costs are paid: your play points and cards \
     are as they were, and you choose again.";

/// Hover text of "Cancel the play" when an undo takes the play back.
const CANCEL_PLAY_BY_UNDO_HINT: &str = "Take the card or ability back before its costs are paid: the match goes back to \
     before you chose it (an undo).";

/// The button that takes back a yes to an optional cost.
const CANCEL_PAYING: &str = "Cancel paying";

/// Hover text of "Cancel paying" when the engine takes the yes back.
const CANCEL_PAYING_HINT: &str = "Take back your yes to this optional cost: nothing is paid, and you are asked \
     again whether to pay it.";

/// Hover text of "Cancel paying" when an undo takes the yes back.
const CANCEL_PAYING_BY_UNDO_HINT: &str = "Take back your yes to this optional cost: the match goes back to before you \
     said it (an undo).";

/// The button that takes a play, or a yes to an optional cost, back
/// while its costs are chosen: its label, hover text and what it sends.
#[derive(Clone, Debug, PartialEq)]
pub struct CancelButton {
    /// "Cancel the play" or "Cancel paying".
    pub label: &'static str,
    /// What it does, in words.
    pub hint: &'static str,
    /// What a click (or Esc) sends.
    pub intent: Intent,
}

/// The cancel button (and what Esc sends) when the pending question can
/// take the play or the yes back: the engine's cancel whenever it offers
/// one (locally and online), else an undo where undo is on. An optional
/// cost's question says "Cancel paying", an activation's "Cancel the
/// play".
pub fn cancel_play(cx: &BoardContext<'_>) -> Option<CancelButton> {
    let optional = cx.decision.is_some_and(|view| {
        matches!(
            view.decision.prompt,
            Prompt::CostCards { optional: true, .. }
                | Prompt::Ability {
                    role: QuestionRole::Cost,
                    ..
                }
        )
    });
    let (intent, by_undo) = match cx.moves.cancel {
        Some(option) => (Intent::Answer(vec![option]), false),
        None if cancels_by_undo(cx) => (Intent::Undo, true),
        None => return None,
    };
    let (label, hint) = match (optional, by_undo) {
        (false, false) => ("Cancel the play", CANCEL_PLAY_HINT),
        (false, true) => ("Cancel the play", CANCEL_PLAY_BY_UNDO_HINT),
        (true, false) => (CANCEL_PAYING, CANCEL_PAYING_HINT),
        (true, true) => (CANCEL_PAYING, CANCEL_PAYING_BY_UNDO_HINT),
    };
    Some(CancelButton {
        label,
        hint,
        intent,
    })
}

/// Whether the pending question is which cards pay a cost (or X) of the
/// play or ability you just chose, the engine offers no cancel (a card shown from
/// the hand, a card already paid, ...) and undo is on: then "cancel" is
/// the undo of that choice (local matches; online there is no undo).
pub fn cancels_by_undo(cx: &BoardContext<'_>) -> bool {
    cx.view.can_undo
        && cx.moves.cancel.is_none()
        && cx.decision.is_some_and(|view| {
            matches!(
                view.decision.prompt,
                Prompt::CostCards { .. } | Prompt::ChooseX { .. }
            )
        })
}

/// The question, in words, for the player at the screen.
fn prompt_text(cx: &BoardContext<'_>) -> String {
    let Some(view) = cx.decision else {
        return String::new();
    };
    let named = |card: &CardRef| {
        find_card(cx, *card).map_or_else(|| "the card".to_owned(), |c| name_of(cx, c))
    };
    match &view.decision.prompt {
        Prompt::ChooseFirstPlayer => "You won the toss: go first or second?".to_owned(),
        Prompt::Mulligan => {
            "Keep this opening hand, or put it at the bottom of your deck and draw 4 new cards?".to_owned()
        }
        Prompt::MulliganOrder => {
            "Click your old hand's cards in the order they go under your deck: the first you pick ends up at the very bottom."
                .to_owned()
        }
        Prompt::MainAction => {
            "Your turn: click a glowing card to play it, click a follower and then its target to attack, evolve with the button under a follower, or end your turn."
                .to_owned()
        }
        Prompt::QuickWindow => "Quick timing: play a Quick card (glowing) or pass.".to_owned(),
        Prompt::EngageWardOnEnter { card } => format!(
            "{} has Ward: put it onto the field engaged? (Engaged Ward followers must be attacked first.)",
            named(card)
        ),
        Prompt::EngageWardFollowers => {
            "End phase: engage any of your Ward followers? (Engaged Ward followers must be attacked first.)".to_owned()
        }
        Prompt::HandLimit { discard } => {
            format!("Your hand is over the limit of 7: choose {discard} card(s) to discard.")
        }
        Prompt::ChoosePendingAbility => {
            "Several of your abilities are waiting: choose which one resolves next.".to_owned()
        }
        Prompt::ZoneLimit { zone, excess } => format!(
            "Your {} is over its limit: choose {excess} card(s) to put into your cemetery.",
            zone.name()
        ),
        Prompt::DamageOrder { card, .. } => format!(
            "Several effects change the damage {} takes: choose their order.",
            named(card)
        ),
        Prompt::MoveReplacement { card } => format!(
            "{} would go to the cemetery, and more than one effect would send it elsewhere instead: choose where it goes.",
            named(card)
        ),
        Prompt::EvolveInto { card } => format!(
            "Evolve {} into which card? A double-faced card evolves into the face you show.",
            named(card)
        ),
        Prompt::DriveTrigger { card, icon } => format!(
            "Drive check: {} is a {} Trigger. Resolve it?",
            named(card),
            icon.name()
        ),
        Prompt::ChooseX { card } => format!(
            "Choose X for {}'s ability: you pay X play points, and its effect reads X.",
            named(card)
        ),
        Prompt::PayOptionalCost { card } => format!("Pay the cost of {}'s ability?", named(card)),
        Prompt::CostCards { purpose, .. } => format!("Choose cards to {purpose}."),
        Prompt::Ability { text, .. } => crate::card_text::plain_words(text),
    }
}

/// A button's text: the engine's option text, in the prompt's words where
/// "Yes"/"No" would be unclear.
fn button_text(cx: &BoardContext<'_>, choice: &Choice, label: &str) -> String {
    let prompt = cx.decision.map(|d| &d.decision.prompt);
    match (prompt, choice) {
        (Some(Prompt::Mulligan), Choice::No) => "Keep hand".to_owned(),
        (Some(Prompt::Mulligan), Choice::Yes) => "Mulligan (redraw 4)".to_owned(),
        (Some(Prompt::EngageWardOnEnter { .. }), Choice::Yes) => "Engage it".to_owned(),
        (Some(Prompt::EngageWardOnEnter { .. }), Choice::No) => "Keep it reserved".to_owned(),
        (Some(Prompt::PayOptionalCost { .. }), Choice::Yes) => "Pay".to_owned(),
        (Some(Prompt::PayOptionalCost { .. }), Choice::No) => "Don't pay".to_owned(),
        _ => label.to_owned(),
    }
}

/// A card the board shows (hands, fields, EX areas), by reference.
fn find_card<'a>(cx: &BoardContext<'a>, card: CardRef) -> Option<&'a CardView> {
    let mine = cx.board.mine;
    let theirs = cx.board.theirs;
    mine.hand
        .iter()
        .flatten()
        .chain(&mine.field)
        .chain(&mine.ex_area)
        .chain(&theirs.field)
        .chain(&theirs.ex_area)
        .find(|c| c.card == card)
}

fn name_of(cx: &BoardContext<'_>, card: &CardView) -> String {
    cx.view
        .db
        .get(card.evolved.unwrap_or(card.def))
        .display_name()
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture;
    use crate::match_view::MatchView;
    use crate::play::selection::Selection;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable as _;
    use sve_engine::engine::{Decision, PlayerId};

    /// A harness drawing only the prompt of `view`; its state is the queue.
    fn prompt_harness(view: MatchView) -> Harness<'static, Intents> {
        let selection = Selection::default();
        Harness::new_ui_state(
            move |ui, intents: &mut Intents| {
                fixture::with_board(&view, &selection, |cx| {
                    PromptPanel::default().ui(ui, cx, None, intents);
                });
            },
            Intents::default(),
        )
    }

    #[test]
    fn the_mulligan_prompt_answers_keep_or_redraw() {
        let db = fixture::db();
        let mine = fixture::side(&db, "Arisa", 0);
        let theirs = fixture::side(&db, "Erika", 0);
        let mulligan =
            Decision::pick_one(PlayerId(0), Prompt::Mulligan, vec![Choice::No, Choice::Yes]);
        let mut harness = prompt_harness(fixture::vs_bot(db, mine, theirs, Some(mulligan)));
        harness.get_by_label("Mulligan (redraw 4)").click();
        harness.run();
        assert_eq!(harness.state().as_slice(), [Intent::Answer(vec![1])]);
    }

    #[test]
    fn a_withheld_end_turn_is_shown_off_and_space_says_why() {
        let db = fixture::db();
        let mine = fixture::side(&db, "Arisa", 0);
        let theirs = fixture::side(&db, "Erika", 0);
        // A main-phase action offering only an attack: the engine withholds
        // the end of the turn while a follower must attack.
        let attack = sve_engine::engine::Action::Attack {
            attacker: sve_engine::engine::CardRef(3),
            target: sve_engine::engine::AttackTarget::Leader(PlayerId(1)),
        };
        let decision = fixture::main_action(vec![Choice::Action(attack)]);
        let mut harness = prompt_harness(fixture::vs_bot(db, mine, theirs, Some(decision)));
        use egui_kittest::kittest::NodeT as _;
        let end_turn = harness.get_by_label("End turn");
        assert!(end_turn.accesskit_node().is_disabled(), "shown, but off");
        end_turn.click();
        harness.run();
        assert!(
            harness.state().is_empty(),
            "a disabled button answers nothing"
        );
    }

    #[test]
    fn end_turn_answers_the_end_of_the_main_phase() {
        let db = fixture::db();
        let mine = fixture::side(&db, "Arisa", 0);
        let theirs = fixture::side(&db, "Erika", 0);
        let decision = fixture::main_action(vec![Choice::Action(
            sve_engine::engine::Action::EndMainPhase,
        )]);
        let mut harness = prompt_harness(fixture::vs_bot(db, mine, theirs, Some(decision)));
        harness.get_by_label("End turn").click();
        harness.run();
        assert_eq!(harness.state().as_slice(), [Intent::Answer(vec![0])]);
    }

    /// A question of which cards pay a cost, as the engine asks it (with
    /// its cancel as the last option when `engine_cancel`).
    fn cost_cards_view(can_undo: bool, engine_cancel: bool) -> MatchView {
        cost_view(
            can_undo,
            engine_cancel,
            Prompt::CostCards {
                card: sve_engine::engine::CardRef(3),
                purpose: "put into the cemetery".to_owned(),
                optional: false,
            },
        )
    }

    /// A question `prompt` of which cards pay a cost, with the engine's
    /// cancel as the last option when `engine_cancel`.
    fn cost_view(can_undo: bool, engine_cancel: bool, prompt: Prompt) -> MatchView {
        let db = fixture::db();
        let mine = fixture::side(&db, "Arisa", 0);
        let theirs = fixture::side(&db, "Erika", 0);
        let mut options = vec![Choice::Card(sve_engine::engine::CardRef(4))];
        if engine_cancel {
            options.push(Choice::Cancel);
        }
        let decision = Decision::pick_one(PlayerId(0), prompt, options);
        let mut view = fixture::vs_bot(db, mine, theirs, Some(decision));
        view.can_undo = can_undo;
        view
    }

    #[test]
    fn an_optional_costs_question_offers_to_cancel_paying() {
        let engine_optional = Prompt::CostCards {
            card: sve_engine::engine::CardRef(3),
            purpose: "discard".to_owned(),
            optional: true,
        };
        let card_code_optional = Prompt::Ability {
            card: sve_engine::engine::CardRef(3),
            ability: sve_engine::engine::AbilityIdx(0),
            text: "Discard to pay the cost".to_owned(),
            role: QuestionRole::Cost,
            series: None,
        };
        for prompt in [engine_optional, card_code_optional] {
            let mut harness = prompt_harness(cost_view(false, true, prompt));
            assert!(harness.query_by_label("Cancel the play").is_none());
            harness.get_by_label("Cancel paying").click();
            harness.run();
            assert_eq!(harness.state().as_slice(), [Intent::Answer(vec![1])]);
        }
    }

    #[test]
    fn a_cost_question_offers_to_cancel_the_play_by_undo() {
        let mut harness = prompt_harness(cost_cards_view(true, false));
        harness.get_by_label("Cancel the play").click();
        harness.run();
        assert_eq!(harness.state().as_slice(), [Intent::Undo]);
    }

    #[test]
    fn without_undo_or_an_engine_cancel_a_cost_question_has_no_cancel() {
        let harness = prompt_harness(cost_cards_view(false, false));
        assert!(harness.query_by_label("Cancel the play").is_none());
    }

    #[test]
    fn the_engine_cancel_is_sent_when_offered_even_without_undo() {
        for can_undo in [false, true] {
            let mut harness = prompt_harness(cost_cards_view(can_undo, true));
            // Not a numbered button of its own: only "Cancel the play".
            assert!(
                harness
                    .query_by_label(sve_engine::gamelog::CANCEL_LABEL)
                    .is_none()
            );
            harness.get_by_label("Cancel the play").click();
            harness.run();
            assert_eq!(harness.state().as_slice(), [Intent::Answer(vec![1])]);
        }
    }
}
