//! The client in a 4K window (3840×2160 pixels at a screen scale of 1):
//! zoomed so the board, its text and the side panels fill the screen
//! (`ui_scale.rs`). A test binary of its own: cargo runs test binaries one
//! after another, so its 4K snapshot renders while no other test does
//! (the software renderer times out on it under the `client` binary's
//! parallel tests).

#[allow(dead_code)]
#[path = "client/common/mod.rs"]
mod common;

use common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use std::time::Duration;
use sve_packs::catalog::Catalog;
use sve_ui::play::anim::AnimSpeed;
use sve_ui::session::PaceClock;
use sve_ui::{App, AppOptions};

const SEED: u64 = 7;

/// The client in a window of `size` points, its renderer set up at once
/// rather than at the first snapshot: a render that times out (a 4K one
/// on the software renderer, while other tests render too) then keeps the
/// renderer for another try. Bots answer at once; nothing is animated.
fn client_rendered_at_once(catalog: Catalog, size: [f32; 2]) -> Harness<'static, App> {
    let app = App::new(
        catalog,
        AppOptions {
            bot_delay: Duration::ZERO,
            anim_speed: AnimSpeed::Off,
            pace_clock: PaceClock::ScreenOnly,
            save_dir: test_save_dir(),
        },
    );
    Harness::builder()
        .with_size(size)
        .wgpu()
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app)
}

/// The screen rectangle of the first widget with this exact label.
fn rect_of(harness: &Harness<'_, App>, label: &str) -> egui::Rect {
    harness
        .query_all_by_label(label)
        .next()
        .unwrap_or_else(|| panic!("no widget labelled {label:?}"))
        .rect()
}

/// A snapshot of a 4K window. The software renderer the tests use may
/// time out on that many pixels while other tests render too: a render
/// that timed out is tried again (a different picture still fails).
fn snapshot_large(harness: &mut Harness<'_, App>, name: &str) {
    const ATTEMPTS: u32 = 4;
    for attempt in 1..=ATTEMPTS {
        match harness.try_snapshot(name) {
            Ok(()) => return,
            Err(egui_kittest::SnapshotError::RenderError { err }) if attempt < ATTEMPTS => {
                eprintln!("rendering {name} failed ({err}); again");
            }
            Err(err) => panic!("{err}"),
        }
    }
}

/// Makes the harness a window of `pixels` at a screen scale of 1: as
/// eframe's integration does, the window's size in points follows the
/// client's zoom (points = pixels ÷ zoom).
fn as_window_of(harness: &mut Harness<'_, App>, pixels: egui::Vec2) {
    for _ in 0..3 {
        let zoom = harness.ctx.zoom_factor();
        harness.set_size(pixels / zoom);
        harness.step();
    }
}

#[test]
fn at_3840_by_2160_the_client_is_zoomed_to_fill_the_screen() {
    let catalog = Catalog::vanilla().expect("bundled card data loads");
    let pixels = egui::vec2(3840.0, 2160.0);
    let mut harness = client_rendered_at_once(catalog, pixels.into());
    as_window_of(&mut harness, pixels);
    assert_eq!(harness.ctx.zoom_factor(), 2.0, "a 4K window is zoomed");
    start_match(&mut harness, "You vs bot", SEED);
    play_to_main_action(&mut harness);
    play_until_a_follower_can_attack(&mut harness);
    harness.remove_cursor();
    harness.run_ok();
    snapshot_large(&mut harness, "board_3840x2160_mid_game");

    // Rects are in points: the window is 1920×1080 of them.
    let screen = harness.ctx.content_rect();
    assert_eq!(screen.size(), egui::vec2(1920.0, 1080.0));
    let log = rect_of(&harness, "Game log");
    let mine = rect_of(&harness, "P1 (you) leader");
    let mut widest = 0.0_f32;
    let mut bottom = 0.0_f32;
    for node in harness.query_all_by_role(egui::accesskit::Role::Button) {
        let label = node.accesskit_node().label().unwrap_or_default();
        if ["(hand", "(field", " leader"]
            .iter()
            .any(|p| label.contains(p))
        {
            let rect = node.rect();
            assert!(rect.right() < log.left(), "{label:?} under the log");
            if label.contains("(hand") {
                widest = widest.max(rect.width());
            }
            bottom = bottom.max(rect.bottom());
        }
    }
    // The board fills the screen rather than a corner of it: the cards
    // grow with the room (112 points is the most at 1440×900) and the
    // hand sits low on the screen.
    assert!(widest > 120.0, "a hand card is {widest} points wide");
    assert!(
        bottom > 0.75 * screen.height(),
        "the board reaches down to {bottom} of {}",
        screen.height()
    );
    assert!(mine.width() * 2.0 >= 300.0, "the leader is {mine:?} points");
}
