//! Keyboard shortcuts on the board: Space ends the turn when "End turn"
//! is a legal answer and no attack is being declared, Esc cancels the attack or the picks being built,
//! and 1–9 pick the prompt's numbered options (the buttons of the prompt
//! strip, in order; see [`numbered_options`](super::prompt::numbered_options)).
//! A key becomes the same [`Intent`] as a click on its button, so it is
//! answered through the same path. Esc on an open confirmation closes
//! the dialog (`confirm.rs`) and does nothing else; while animations
//! play, Esc skips them (`anim/layer.rs`) and does nothing else. Shortcuts are off
//! while a text field or another widget has keyboard focus, so typing
//! and keyboard navigation keep their keys.

use super::board::BoardContext;
use super::prompt::numbered_options;
use crate::intent::{Intent, Intents};
use egui::{Key, Modifiers, Ui};

/// The hover text of the "End turn" button.
pub const END_TURN_HINT: &str = "End your turn (Space).";

/// Why "End turn" is off while an attack is being declared (its hover
/// text, and the notice when Space is pressed then).
pub const END_TURN_WHILE_ATTACKING: &str =
    "An attack is being declared: choose its target, or cancel it (Esc), before ending your turn.";

/// Why "End turn" is off at a main-phase action that doesn't offer it:
/// the engine withholds it only while an enemy card says each of your
/// followers must attack once a turn if able, and one still can
/// (later-sets §12.10).
pub const END_TURN_MUST_ATTACK: &str = "A card on the enemy field says each of your followers must attack once a \
     turn if able: attack with the ones that still can before ending your turn.";

/// The hover text of buttons that cancel the selection.
pub const CANCEL_HINT: &str = "Shortcut: Esc.";

/// The number keys, in order: key `n` picks numbered option `n - 1`.
const NUMBER_KEYS: [Key; 9] = [
    Key::Num1,
    Key::Num2,
    Key::Num3,
    Key::Num4,
    Key::Num5,
    Key::Num6,
    Key::Num7,
    Key::Num8,
    Key::Num9,
];

/// The hover text of the numbered option at `option_idx` (0-based), if
/// a number key picks it.
pub fn option_hint(option_idx: usize) -> Option<String> {
    (option_idx < NUMBER_KEYS.len()).then(|| format!("Shortcut: {}", option_idx + 1))
}

/// Reads this frame's shortcut keys and pushes what they ask for.
/// `confirming` says a confirmation dialog is open: keys wait for it.
pub fn shortcuts_ui(ui: &Ui, cx: &BoardContext<'_>, confirming: bool, intents: &mut Intents) {
    let focused = ui.ctx().memory(|memory| memory.focused().is_some());
    if confirming || focused || ui.ctx().egui_wants_keyboard_input() {
        return;
    }
    let pressed = |key: Key| ui.input_mut(|input| input.consume_key(Modifiers::NONE, key));
    if pressed(Key::Escape) {
        if cx.selection.attacker.is_some() {
            intents.push(Intent::SelectAttacker(None));
        } else if !cx.selection.picks.is_empty() {
            intents.push(Intent::ClearPicks);
        } else if let Some(cancel) = super::prompt::cancel_play(cx) {
            // Nothing picked yet: Esc takes the play (or the yes to an
            // optional cost) back, as the cancel button does.
            intents.push(cancel.intent);
        }
    }
    if cx.decision.is_none() {
        return;
    }
    if pressed(Key::Space) {
        match cx.moves.end_turn {
            Some(_) if cx.selection.attacker.is_some() => {
                intents.push(Intent::Explain(END_TURN_WHILE_ATTACKING.to_owned()));
                return;
            }
            Some(option) => {
                intents.push(Intent::Answer(vec![option]));
                return;
            }
            None if super::prompt::end_turn_withheld(cx) => {
                intents.push(Intent::Explain(END_TURN_MUST_ATTACK.to_owned()));
                return;
            }
            None => {}
        }
    }
    let options = numbered_options(cx);
    for (key, option) in NUMBER_KEYS.iter().zip(&options) {
        if pressed(*key) {
            intents.push(option.intent());
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture;
    use crate::match_view::MatchView;
    use crate::play::selection::Selection;
    use egui_kittest::Harness;
    use sve_engine::engine::{Action, Choice, Decision, PlayerId, Prompt};

    /// A harness reading only the shortcuts of `view`'s decision; its state
    /// is the queue.
    fn keys_harness(view: MatchView, confirming: bool) -> Harness<'static, Intents> {
        let selection = Selection::default();
        Harness::new_ui_state(
            move |ui, intents: &mut Intents| {
                fixture::with_board(&view, &selection, |cx| {
                    shortcuts_ui(ui, cx, confirming, intents);
                });
            },
            Intents::default(),
        )
    }

    fn mulligan_view() -> MatchView {
        let db = fixture::db();
        let mine = fixture::side(&db, "Arisa", 0);
        let theirs = fixture::side(&db, "Erika", 0);
        let mulligan =
            Decision::pick_one(PlayerId(0), Prompt::Mulligan, vec![Choice::No, Choice::Yes]);
        fixture::vs_bot(db, mine, theirs, Some(mulligan))
    }

    #[test]
    fn number_keys_answer_the_prompts_options_in_order() {
        let mut harness = keys_harness(mulligan_view(), false);
        harness.key_press(Key::Num2);
        harness.run();
        assert_eq!(harness.state().as_slice(), [Intent::Answer(vec![1])]);
    }

    #[test]
    fn keys_wait_while_a_confirmation_is_open() {
        let mut harness = keys_harness(mulligan_view(), true);
        harness.key_press(Key::Num1);
        harness.run();
        assert!(harness.state().is_empty());
    }

    #[test]
    fn space_ends_the_turn_only_when_it_is_an_answer() {
        let db = fixture::db();
        let mine = fixture::side(&db, "Arisa", 0);
        let theirs = fixture::side(&db, "Erika", 0);
        let decision = fixture::main_action(vec![Choice::Action(Action::EndMainPhase)]);
        let mut harness = keys_harness(fixture::vs_bot(db, mine, theirs, Some(decision)), false);
        harness.key_press(Key::Space);
        harness.run();
        assert_eq!(harness.state().as_slice(), [Intent::Answer(vec![0])]);

        let mut harness = keys_harness(mulligan_view(), false);
        harness.key_press(Key::Space);
        harness.run();
        assert!(harness.state().is_empty(), "a mulligan has no End turn");
    }

    #[test]
    fn space_says_why_when_followers_must_attack_first() {
        let db = fixture::db();
        let mine = fixture::side(&db, "Arisa", 0);
        let theirs = fixture::side(&db, "Erika", 0);
        let attack = Action::Attack {
            attacker: sve_engine::engine::CardRef(3),
            target: sve_engine::engine::AttackTarget::Leader(PlayerId(1)),
        };
        let decision = fixture::main_action(vec![Choice::Action(attack)]);
        let mut harness = keys_harness(fixture::vs_bot(db, mine, theirs, Some(decision)), false);
        harness.key_press(Key::Space);
        harness.run();
        assert_eq!(
            harness.state().as_slice(),
            [Intent::Explain(END_TURN_MUST_ATTACK.to_owned())]
        );
    }

    #[test]
    fn escape_sends_the_engines_cancel_of_a_cost_question() {
        let db = fixture::db();
        let mine = fixture::side(&db, "Arisa", 0);
        let theirs = fixture::side(&db, "Erika", 0);
        let decision = Decision {
            player: PlayerId(0),
            prompt: Prompt::CostCards {
                card: sve_engine::engine::CardRef(3),
                purpose: "discard".to_owned(),
                optional: false,
            },
            options: vec![
                Choice::Card(sve_engine::engine::CardRef(4)),
                Choice::Card(sve_engine::engine::CardRef(5)),
                Choice::Cancel,
            ],
            min: 1,
            max: 1,
        };
        // Online: no undo, and the engine's cancel still works.
        let mut view = fixture::vs_bot(db, mine, theirs, Some(decision));
        view.can_undo = false;
        let mut harness = keys_harness(view, false);
        harness.key_press(Key::Escape);
        harness.run();
        assert_eq!(harness.state().as_slice(), [Intent::Answer(vec![2])]);
    }
}
