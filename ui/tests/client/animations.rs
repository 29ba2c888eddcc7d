//! Animations on the board, driven by the harness's clock (a fixed step
//! per frame): an opponent's play shows large and clears, Esc and the
//! Skip button skip what plays, the speed "Off" shows nothing and is
//! remembered.

use crate::common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use std::time::{Duration, Instant};
use sve_engine::engine::{Event, PlayerId};
use sve_ui::App;
use sve_ui::app::Screen;
use sve_ui::play::anim::{AnimKind, AnimSpeed};

const SEED: u64 = 7;

/// The caption over the bot's played card.
const BOT_PLAYS: &str = "P2 (random bot) plays ";

#[test]
fn an_opponents_play_shows_large_then_clears() {
    let mut harness = client_animated(AnimSpeed::Normal);
    start_match(&mut harness, "You vs bot", SEED);
    play_to_main_action(&mut harness);
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
    // Two thousandths of a second per frame, and every frame sleeps at
    // least that long: the screen's clock never runs ahead of the wall
    // clock the match's pace keeps, so the screen still plays the bot's
    // turn when the turn is over, however fast or idle the machine is.
    // (At a sixtieth per frame, only a slow machine got there.)
    const STEP: f32 = 0.002;
    // A seed whose random bot plays its cards late in its turns early on,
    // which keeps the test short.
    const SKIP_SEED: u64 = 9;
    let mut harness = client_animated_stepping(AnimSpeed::Normal, STEP);
    start_match(&mut harness, "You vs bot", SKIP_SEED);
    play_to_main_action(&mut harness);
    // Esc first, then the Skip button, each on a bot turn that ends with
    // its large card still up.
    let mut skips = vec!["Skip", "Esc"];
    for _ in 0..12 {
        end_turn_and_watch(&mut harness, |h| {
            // Once the bot is done, so no new event arrives meanwhile.
            if !(has(h, "End turn") && has_containing(h, BOT_PLAYS)) {
                return;
            }
            let Some(how) = skips.pop() else {
                return;
            };
            if how == "Esc" {
                h.key_press(egui::Key::Escape);
            } else {
                h.get_by_label("Skip").click();
            }
            h.step();
            assert!(
                !has_containing(h, BOT_PLAYS),
                "{how}: the large card is gone"
            );
            assert!(
                playing(h).is_empty() && idle(h),
                "{how}: nothing plays or waits"
            );
        });
        if skips.is_empty() {
            return;
        }
    }
    panic!("no large card was up when the bot's turn ended often enough, in twelve turns");
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
    // A tenth of a second per frame: the screen's clock runs well ahead
    // of the wall clock the match's pace keeps, so a move that waited for
    // the animations before it always finds them played.
    const STEP: f64 = 0.1;
    let mut harness = client_animated_stepping(AnimSpeed::Normal, STEP as f32);
    start_match(&mut harness, "You vs bot", SEED);
    play_to_main_action(&mut harness);
    let (mut arrivals, mut early) = (0, 0);
    for _ in 0..4 {
        // Your own answer shows at once; the bot's moves after it are
        // what is paced.
        click_answer(&mut harness, "End turn");
        let deadline = Instant::now() + Duration::from_secs(120);
        while !(has(&harness, "End turn") && idle(&harness)) {
            let before = match_view(&harness).events.len();
            let now = harness.ctx.input(|input| input.time);
            let done_at = done_at(&harness);
            harness.step();
            if match_view(&harness).events.len() > before {
                arrivals += 1;
                // The frame that took the move in ran at `now + STEP`.
                early += usize::from(done_at > now + STEP);
            }
            if !has(&harness, "End turn") && !harness_waits(&harness) {
                // A prompt of yours in the bot's turn (its answer is
                // taken in before the loop looks again).
                answer_plainly(&mut harness);
            }
            assert!(Instant::now() < deadline, "timed out in the bot's turn");
            std::thread::sleep(Duration::from_millis(2));
        }
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
        click_answer_containing(harness, "(hand, can act)");
    } else {
        click_answer(harness, "End turn");
    }
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        harness.step();
        watch(harness);
        if has(harness, "End turn") && idle(harness) {
            return;
        }
        if !has(harness, "End turn") && !harness_waits(harness) {
            // A prompt of yours (a target, a Ward step): answer it plainly.
            answer_plainly(harness);
        }
        assert!(
            Instant::now() < deadline,
            "timed out waiting for the bot's turn"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
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
