//! Driving the real client in a kittest harness: build it, click widgets by
//! their accessible labels, and wait for the match thread.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use std::time::{Duration, Instant};
use sve_packs::catalog::Catalog;
use sve_ui::app::Screen;
use sve_ui::match_view::MatchView;
use sve_ui::play::anim::AnimSpeed;
use sve_ui::session::PaceClock;
use sve_ui::{App, AppOptions};

/// The client as a test drives it: bots answer at once.
pub fn client() -> Harness<'static, App> {
    // The vanilla starter cards keep the snapshots independent of packs.
    client_of(Catalog::vanilla().expect("bundled card data loads"))
}

/// The client over these cards; bots answer at once.
pub fn client_of(catalog: Catalog) -> Harness<'static, App> {
    client_sized(catalog, [1440.0, 900.0])
}

/// The client over these cards in a window of `size` points; bots answer
/// at once, and nothing is animated, so the board shows each snapshot as
/// it comes.
pub fn client_sized(catalog: Catalog, size: [f32; 2]) -> Harness<'static, App> {
    client_built(catalog, size, AnimSpeed::Off)
}

/// The client with its animations at `speed`; bots answer at once. The
/// harness's clock is egui's time, which moves a fixed step per frame, and
/// the bots wait for the screen's word that what it plays has played out
/// (`PaceClock::ScreenOnly`), so what plays after a number of frames is
/// the same on every run, however fast the build or the machine.
pub fn client_animated(speed: AnimSpeed) -> Harness<'static, App> {
    let catalog = Catalog::vanilla().expect("bundled card data loads");
    client_built(catalog, [1440.0, 900.0], speed)
}

/// How much the harness's clock moves per frame: a sixtieth of a second,
/// as on a screen, so an animation lasts many frames and a test sees it
/// whatever frame a snapshot arrives in.
const STEP_DT: f32 = 1.0 / 60.0;

fn client_built(catalog: Catalog, size: [f32; 2], anim_speed: AnimSpeed) -> Harness<'static, App> {
    let app = App::new(
        catalog,
        AppOptions {
            bot_delay: Duration::ZERO,
            anim_speed,
            // The harness steps the screen's clock: bots wait for its word
            // however long a frame takes.
            pace_clock: PaceClock::ScreenOnly,
            save_dir: test_save_dir(),
        },
    );
    let mut builder = Harness::builder().with_size(size);
    if anim_speed != AnimSpeed::Off {
        builder = builder.with_step_dt(STEP_DT);
    }
    builder.build_ui_state(|ui, app: &mut App| app.ui(ui), app)
}

/// Where the tests' matches save scenarios and bug reports: under the
/// crate's `target/`, never the user's Documents.
pub fn test_save_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/test-saves")
}

/// Saves the replay from the end screen to `path` (typed over the field's
/// default name) and waits for the notice.
pub fn save_replay(harness: &mut Harness<'_, App>, path: &std::path::Path) {
    harness.get_by_label("Replay file").click();
    harness.step();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness
        .get_by_label("Replay file")
        .type_text(&path.display().to_string());
    harness.step();
    click(harness, "Save replay");
    wait_for(harness, "the saved notice", |h| {
        has_containing(h, "Replay saved to")
    });
}

/// The client as the binary runs it: the starter cards plus the packs of
/// the workspace's `card-packs` folder (the Rust pack plays its committed
/// component; nothing is built), so card abilities run in wasm. Bots
/// answer at once.
pub fn client_with_packs() -> Harness<'static, App> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the ui crate sits in the workspace");
    let catalog = Catalog::open(&root.join("card-packs"), &root.join("target"))
        .expect("bundled card data loads");
    assert!(
        catalog.diagnostics().is_empty(),
        "the packs load cleanly: {:?}",
        catalog.diagnostics()
    );
    assert!(
        catalog.packs().iter().any(|p| p.id == "rust-starter"),
        "the rust-starter pack is loaded: {:?}",
        catalog.packs()
    );
    client_of(catalog)
}

/// Whether a widget with exactly this label is on screen.
pub fn has(harness: &Harness<'_, App>, label: &str) -> bool {
    harness.query_all_by_label(label).next().is_some()
}

/// Whether a widget whose label contains `text` is on screen.
pub fn has_containing(harness: &Harness<'_, App>, text: &str) -> bool {
    harness.query_all_by_label_contains(text).next().is_some()
}

/// Clicks the (first) widget with this exact label and runs a frame.
pub fn click(harness: &mut Harness<'_, App>, label: &str) {
    harness
        .query_all_by_label(label)
        .next()
        .unwrap_or_else(|| panic!("no widget labelled {label:?}"))
        .click();
    // One frame handles the click, the next shows its effect.
    harness.step();
    harness.step();
}

/// Clicks the first widget whose label contains `text` and runs a frame.
pub fn click_containing(harness: &mut Harness<'_, App>, text: &str) {
    harness
        .query_all_by_label_contains(text)
        .next()
        .unwrap_or_else(|| panic!("no widget with {text:?} in its label"))
        .click();
    // One frame handles the click, the next shows its effect.
    harness.step();
    harness.step();
}

/// Clicks a widget that answers the engine, then waits until the match
/// has moved on (so no later check sees the old decision).
pub fn click_answer(harness: &mut Harness<'_, App>, label: &str) {
    let generation = match_view(harness).generation;
    click(harness, label);
    wait_for(harness, &format!("the answer {label:?}"), |h| {
        match_view(h).generation != generation
    });
}

/// Like [`click_answer`], for the first widget whose label contains `text`.
pub fn click_answer_containing(harness: &mut Harness<'_, App>, text: &str) {
    let label = first_label_containing(harness, text);
    click_answer(harness, &label);
}

/// The label of the first widget whose label contains `text`.
pub fn first_label_containing(harness: &Harness<'_, App>, text: &str) -> String {
    harness
        .query_all_by_label_contains(text)
        .next()
        .and_then(|node| node.accesskit_node().label())
        .unwrap_or_else(|| panic!("no widget with {text:?} in its label"))
}

/// Types into the text field with this label.
pub fn type_into(harness: &mut Harness<'_, App>, label: &str, text: &str) {
    click(harness, label);
    harness.get_by_label(label).type_text(text);
    harness.step();
}

/// Runs frames until `done` holds; the match thread works meanwhile.
pub fn wait_for(
    harness: &mut Harness<'_, App>,
    what: &str,
    mut done: impl FnMut(&Harness<'_, App>) -> bool,
) {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        harness.step();
        if done(harness) {
            return;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(3));
    }
}

/// The match on screen.
pub fn match_view<'h>(harness: &'h Harness<'_, App>) -> &'h MatchView {
    match harness.state().screen() {
        Screen::Match(screen) => screen.view(),
        _ => panic!("no match on screen"),
    }
}

/// Starts a match from the start screen: `mode` is the players radio
/// button's label, the bot plays at random, and the seed is fixed.
pub fn start_match(harness: &mut Harness<'_, App>, mode: &str, seed: u64) {
    harness.run();
    click(harness, mode);
    click(harness, "Random");
    type_into(harness, "Seed", &seed.to_string());
    click(harness, "Start match");
    wait_for(
        harness,
        "the first snapshot",
        |h| matches!(h.state().screen(), Screen::Match(m) if m.view().is_ready()),
    );
}

/// Answers the setup questions (who goes first, mulligan) and any prompt
/// that is not the main action with the plain choice, until it is your
/// main action or the match is over.
pub fn play_to_main_action(harness: &mut Harness<'_, App>) {
    wait_for(harness, "your main action", |h| {
        has(h, "End turn") || is_over(h) || needs_answer(h)
    });
    while !has(harness, "End turn") && !is_over(harness) {
        answer_plainly(harness);
        wait_for(harness, "your main action", |h| {
            has(h, "End turn") || is_over(h) || needs_answer(h)
        });
    }
}

/// Whether the game-over panel is up (a local match offers a rematch, an
/// online one the way back to the start screen).
fn is_over(harness: &Harness<'_, App>) -> bool {
    has(harness, "Rematch") || has(harness, "Back to start")
}

fn needs_answer(harness: &Harness<'_, App>) -> bool {
    [
        "Go first",
        "Keep hand",
        "Keep it reserved",
        "Pass",
        "Confirm",
    ]
    .iter()
    .any(|label| has(harness, label))
}

/// One plain answer to a non-main-action prompt.
pub fn answer_plainly(harness: &mut Harness<'_, App>) {
    for label in ["Go first", "Keep hand", "Keep it reserved", "Pass"] {
        if has(harness, label) {
            click_answer(harness, label);
            return;
        }
    }
    // A multi-pick prompt (hand limit, Ward step): pick until it is valid.
    while harness
        .query_all_by_label("Confirm")
        .next()
        .is_some_and(|node| node.accesskit_node().is_disabled())
    {
        click_containing(harness, "pickable");
    }
    if has(harness, "Confirm") {
        click_answer(harness, "Confirm");
    }
}

/// From your main action, plays cards and ends turns until one of your
/// followers can attack; returns that follower's label.
pub fn play_until_a_follower_can_attack(harness: &mut Harness<'_, App>) -> String {
    let mut turns = 0;
    while !has_containing(harness, "(field, can act)") {
        if has_containing(harness, "(hand, can act)") {
            click_answer_containing(harness, "(hand, can act)");
        } else {
            click_answer(harness, "End turn");
        }
        play_to_main_action(harness);
        assert!(!has(harness, "Rematch"), "the match ended before an attack");
        turns += 1;
        assert!(turns < 30, "no follower could attack");
    }
    first_label_containing(harness, "(field, can act)")
}

/// Right-clicks the first widget whose label contains `text`, then runs
/// frames until the menu is drawn.
pub fn right_click_containing(harness: &mut Harness<'_, App>, text: &str) {
    harness
        .query_all_by_label_contains(text)
        .next()
        .unwrap_or_else(|| panic!("no widget with {text:?} in its label"))
        .click_secondary();
    // One frame opens the menu (sized, unseen), the next draws it.
    harness.step();
    harness.step();
    harness.step();
}

/// Puts the card `id` into a zone with the bench menu of the leader
/// labelled `leader` (a local match): `zone` is the button's words after
/// "Put it into " ("P1's hand"), and the wait ends when a widget's label
/// contains `shown`.
pub fn put_card(harness: &mut Harness<'_, App>, leader: &str, id: &str, zone: &str, shown: &str) {
    right_click_containing(harness, leader);
    // The field keeps the last name typed: replace it.
    click(harness, "Card id or name:");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label("Card id or name:").type_text(id);
    harness.step();
    click(harness, &format!("Put it into {zone}"));
    wait_for(harness, &format!("{id} in {zone}"), |h| {
        has_containing(h, shown)
    });
    // Close the menu.
    harness.key_press(egui::Key::Escape);
    harness.step();
}

/// Sets your play points to `pp` of 10 with the bench menu (a local
/// match) and waits until the board shows them.
pub fn set_pp(harness: &mut Harness<'_, App>, pp: i32) {
    right_click_containing(harness, "(you) leader");
    for (label, value) in [("Max play points", 10), ("Play points", pp)] {
        harness.get_by_label(label).click();
        harness.step();
        harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
        harness.get_by_label(label).type_text(&value.to_string());
        harness.key_press(egui::Key::Enter);
        harness.step();
    }
    click(harness, "Set play points");
    wait_for(harness, "the play points", |h| {
        match_view(h)
            .board(sve_engine::engine::PlayerId(0))
            .is_some_and(|board| board.mine.pp == pp)
    });
}
