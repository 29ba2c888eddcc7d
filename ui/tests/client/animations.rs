//! Animations on the board, driven by the harness's clock: an opponent's
//! play shows large and clears, Esc and the Skip button skip what plays,
//! the bot's moves wait for what plays, the speed "Off" shows nothing and
//! is remembered.
//!
//! The harness is the only clock. It moves a fixed step per frame, and
//! stands still while the screen waits on the match (an answer on its
//! way, a bot's move the screen's word made due); the match paces its bots
//! by the screen's word alone (`PaceClock::ScreenOnly`). So what plays in
//! which frame is the same on every run, in a debug or a release build,
//! on a fast machine or a loaded one.

use crate::common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use std::time::{Duration, Instant};
use sve_engine::engine::{Event, PlayerId};
use sve_ui::App;
use sve_ui::app::Screen;
use sve_ui::play::anim::{AnimKind, AnimSpeed};
use sve_ui::session::ScreenPace;

const SEED: u64 = 7;

/// The caption over the bot's played card.
const BOT_PLAYS: &str = "P2 (random bot) plays ";

#[test]
fn an_opponents_play_shows_large_then_clears() {
    let mut harness = client_animated(AnimSpeed::Normal);
    start_match(&mut harness, "You vs bot", SEED);
    play_to_main_action(&mut harness);
    settle(&mut harness);
    for _ in 0..8 {
        let plays_before = bot_plays(&harness);
        let mut captions = 0;
        let mut shown_large = false;
        end_turn_and_watch(&mut harness, |h| {
            captions += usize::from(has_containing(h, BOT_PLAYS));
            shown_large |= playing(h)
                .iter()
                .any(|kind| matches!(kind, AnimKind::ShowPlayed { player, .. } if *player == PlayerId(1)));
        });
        if bot_plays(&harness) == plays_before {
            assert_eq!(captions, 0, "no play, no large card");
            continue;
        }
        assert!(shown_large, "the bot's play is shown large");
        assert!(captions > 10, "for more than a few frames: {captions}");
        assert!(!has_containing(&harness, BOT_PLAYS), "then it clears");
        return;
    }
    panic!("the bot played no card in eight turns");
}

#[test]
fn esc_and_the_skip_button_skip_what_plays() {
    let mut harness = client_animated(AnimSpeed::Normal);
    start_match(&mut harness, "You vs bot", SEED);
    play_to_main_action(&mut harness);
    settle(&mut harness);
    // Esc first, then the Skip button, each while the bot's play shows
    // large; the bot's turn goes on after each.
    let mut skips = vec!["Skip", "Esc"];
    for _ in 0..12 {
        end_turn_and_watch(&mut harness, |h| {
            if !has_containing(h, BOT_PLAYS) {
                return;
            }
            let Some(how) = skips.pop() else {
                return;
            };
            // The press alone, in one frame: the next frame may already
            // show the bot's next move, which the skip lets come at once.
            let press = if how == "Esc" {
                key_event(true)
            } else {
                let at = h.get_by_label("Skip").rect().center();
                h.input_mut().events.push(egui::Event::PointerMoved(at));
                pointer_event(at, true)
            };
            h.input_mut().events.push(press.clone());
            step(h);
            assert!(
                !has_containing(h, BOT_PLAYS),
                "{how}: the large card is gone"
            );
            assert!(
                playing(h).is_empty() && idle(h),
                "{how}: nothing plays or waits"
            );
            assert!(
                screen_waits_on_match(h),
                "{how}: the bot's next move is due at once"
            );
            let release = match press {
                egui::Event::PointerButton { pos, .. } => pointer_event(pos, false),
                _ => key_event(false),
            };
            h.input_mut().events.push(release);
        });
        if skips.is_empty() {
            return;
        }
    }
    panic!("the bot played fewer than two cards in twelve turns");
}

#[test]
fn speed_off_shows_nothing_and_is_remembered() {
    let mut harness = client_animated(AnimSpeed::Normal);
    start_match(&mut harness, "You vs bot", SEED);
    click(&mut harness, "Animations");
    click(&mut harness, "Off");
    assert_eq!(harness.state().anim_speed(), AnimSpeed::Off);
    assert_eq!(
        harness.state().settings().animations.as_deref(),
        Some("Off")
    );
    play_to_main_action(&mut harness);
    settle(&mut harness);
    let plays_before = bot_plays(&harness);
    for _ in 0..8 {
        end_turn_and_watch(&mut harness, |h| {
            assert!(!has_containing(h, BOT_PLAYS), "no large card");
            assert!(idle(h), "nothing plays");
            assert!(!has(h, "Skip"), "nothing to skip");
        });
        if bot_plays(&harness) > plays_before {
            return;
        }
    }
    panic!("the bot played no card in eight turns");
}

#[test]
fn the_bots_moves_wait_for_their_animations() {
    let mut harness = client_animated(AnimSpeed::Normal);
    start_match(&mut harness, "You vs bot", SEED);
    play_to_main_action(&mut harness);
    settle(&mut harness);
    let (mut arrivals, mut early) = (0, 0);
    for _ in 0..4 {
        // Your own answer shows at once; the bot's moves after it are
        // what is paced.
        answer(&mut harness, "End turn");
        run_until(&mut harness, "the bot's turn", |h| {
            let before = match_view(h).events.len();
            let done_at = done_at(h);
            step(h);
            if match_view(h).events.len() > before {
                arrivals += 1;
                early += usize::from(done_at > now(h));
            }
            if !has(h, "End turn") && !harness_waits(h) {
                // A prompt of yours in the bot's turn (its answer is
                // taken in before the loop looks again).
                answer_prompt(h);
            }
            has(h, "End turn") && idle(h)
        });
    }
    assert_eq!(
        early, 0,
        "of {arrivals} moves, {early} came while the last still played"
    );
    // Unpaced, a bot with no delay makes its whole turn before the
    // screen has drawn the first move: no move comes on its own.
    assert!(
        arrivals >= 4,
        "the bot's moves come one at a time: {arrivals} did"
    );
}

/// From your main action: plays a card if one can be played (so the hand
/// never reaches its limit), else ends the turn; then runs frames until it
/// is your main action again and nothing plays, calling `watch` after
/// each frame.
fn end_turn_and_watch(
    harness: &mut Harness<'_, App>,
    mut watch: impl FnMut(&mut Harness<'_, App>),
) {
    if has_containing(harness, "(hand, can act)") {
        let label = first_label_containing(harness, "(hand, can act)");
        answer(harness, &label);
    } else {
        answer(harness, "End turn");
    }
    run_until(harness, "the bot's turn", |h| {
        step(h);
        watch(h);
        if !has(h, "End turn") && !harness_waits(h) {
            // A prompt of yours (a target, a Ward step): answer it plainly.
            answer_prompt(h);
        }
        has(h, "End turn") && idle(h)
    });
}

/// The most frames a wait may run with the clock moving: a minute of
/// the harness's clock, the same on every machine.
const MAX_FRAMES: u32 = 3600;

/// Calls `frame` (which runs frames with [`step`]) until it returns true;
/// fails after [`MAX_FRAMES`] frames of the harness's clock, or when the
/// clock stood still for a minute of the wall clock waiting on the match
/// (a hang: one move takes milliseconds).
fn run_until(
    harness: &mut Harness<'_, App>,
    what: &str,
    mut frame: impl FnMut(&mut Harness<'_, App>) -> bool,
) {
    let start = now(harness);
    let mut still_since = Instant::now();
    loop {
        let before = now(harness);
        if frame(harness) {
            return;
        }
        if now(harness) > before {
            still_since = Instant::now();
        }
        assert!(
            now(harness) - start < f64::from(MAX_FRAMES) / 60.0,
            "{what}: the harness's clock ran a minute"
        );
        assert!(
            still_since.elapsed() < Duration::from_secs(60),
            "{what}: the match thread made no move in a minute"
        );
    }
}

/// Runs one frame. The harness's clock moves one step, except while the
/// screen waits on the match (see [`screen_waits_on_match`]): then it
/// stands still until the match moves, so a bot moves at the moment the
/// screen's word frees it, however long its thread takes on this machine.
fn step(harness: &mut Harness<'_, App>) {
    let held = screen_waits_on_match(harness);
    let now = now(harness);
    harness.input_mut().time = held.then_some(now);
    harness.step();
    if held {
        // Let the match thread work.
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Whether the screen waits on the match: a bot is to answer and the
/// screen told the match it played out the newest snapshot (or that it
/// does not animate), so the bot's move is due.
fn screen_waits_on_match(harness: &Harness<'_, App>) -> bool {
    let Screen::Match(screen) = harness.state().screen() else {
        return false;
    };
    let view = screen.view();
    view.bot_thinking
        && match screen.animations().last_word() {
            Some(ScreenPace::Playing {
                generation, done, ..
            }) => done && generation == view.generation,
            Some(ScreenPace::Off) => true,
            None => false,
        }
}

/// Clicks the (first) widget with this exact label, an answer to the
/// match, and runs frames with the clock standing still until the match
/// has moved on: the answer takes no time on the harness's clock.
fn answer(harness: &mut Harness<'_, App>, label: &str) {
    let generation = match_view(harness).generation;
    harness
        .query_all_by_label(label)
        .next()
        .unwrap_or_else(|| panic!("no widget labelled {label:?}"))
        .click();
    let now = now(harness);
    let waited = Instant::now();
    while match_view(harness).generation == generation {
        harness.input_mut().time = Some(now);
        harness.step();
        assert!(
            waited.elapsed() < Duration::from_secs(60),
            "the answer {label:?}: the match thread made no move in a minute"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    harness.input_mut().time = None;
}

/// One plain answer to a prompt of yours in the bot's turn (a target, a
/// Ward step), each answer taking no time on the harness's clock.
fn answer_prompt(harness: &mut Harness<'_, App>) {
    for label in ["Keep it reserved", "Pass"] {
        if has(harness, label) {
            answer(harness, label);
            return;
        }
    }
    // A multi-pick prompt: pick until it is valid.
    while harness
        .query_all_by_label("Confirm")
        .next()
        .is_some_and(|node| node.accesskit_node().is_disabled())
    {
        click_containing(harness, "pickable");
    }
    if has(harness, "Confirm") {
        answer(harness, "Confirm");
    }
}

/// Runs frames until nothing plays: from here on, what plays in which
/// frame no longer depends on how many frames the setup took.
fn settle(harness: &mut Harness<'_, App>) {
    run_until(harness, "the setup's animations", |h| {
        step(h);
        idle(h)
    });
}

/// Esc going down (`pressed`) or up.
fn key_event(pressed: bool) -> egui::Event {
    egui::Event::Key {
        key: egui::Key::Escape,
        physical_key: None,
        pressed,
        repeat: false,
        modifiers: egui::Modifiers::NONE,
    }
}

/// The primary button going down (`pressed`) or up at `pos`.
fn pointer_event(pos: egui::Pos2, pressed: bool) -> egui::Event {
    egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    }
}

/// The harness's clock.
fn now(harness: &Harness<'_, App>) -> f64 {
    harness.ctx.input(|input| input.time)
}

/// Whether the screen waits on the bot (no decision of yours is up).
fn harness_waits(harness: &Harness<'_, App>) -> bool {
    match_view(harness).decision_for(PlayerId(0)).is_none()
}

/// How many cards the bot has played so far.
fn bot_plays(harness: &Harness<'_, App>) -> usize {
    match_view(harness)
        .events
        .iter()
        .filter(|shown| matches!(shown.event, Event::CardPlayed { player, .. } if player == PlayerId(1)))
        .count()
}

/// The animations playing now.
fn playing(harness: &Harness<'_, App>) -> Vec<AnimKind> {
    let now = harness.ctx.input(|input| input.time);
    match harness.state().screen() {
        Screen::Match(screen) => screen.animations().playing(now),
        _ => Vec::new(),
    }
}

/// Whether nothing plays or waits now.
fn idle(harness: &Harness<'_, App>) -> bool {
    let now = harness.ctx.input(|input| input.time);
    match harness.state().screen() {
        Screen::Match(screen) => !screen.animations().is_busy(now),
        _ => true,
    }
}

/// When the queued animations have played.
fn done_at(harness: &Harness<'_, App>) -> f64 {
    match harness.state().screen() {
        Screen::Match(screen) => screen.animations().done_at(),
        _ => 0.0,
    }
}
