//! The replay viewer: a recorded match opened from the start screen plays
//! to its end, then the controls move through it (answer by answer, turn
//! by turn, with the slider) and the seats are named as the file says.

use crate::common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use std::sync::Arc;
use sve_engine::bot::BotKind;
use sve_engine::decks::{resolve, starter_deck};
use sve_engine::engine::{Match, NoAbilities, PlayerId};
use sve_engine::replay::ReplaySeat;
use sve_engine::sim::{PlayOptions, play_bot_match, replay_of};
use sve_ui::App;

/// Records a random-bot match of SD01 against SD02 as Ann (a person) and
/// an easy bot, and writes it to a file of its own.
fn recorded_file(name: &str) -> std::path::PathBuf {
    let db = Arc::new(sve_engine::cards::starter::starter_db().expect("card data"));
    let decks = ["SD01", "SD02"].map(|deck| {
        resolve(&starter_deck(deck).expect("bundled deck"), &db).expect("a legal deck")
    });
    let mut game = Match::new(Arc::clone(&db), Arc::new(NoAbilities), decks.clone(), 11);
    let mut bots = [BotKind::Random.build(1), BotKind::Random.build(2)];
    let report = play_bot_match(&mut game, &mut bots, PlayOptions::default());
    assert!(report.outcome.is_some(), "the recorded match ends");
    let mut replay = replay_of(
        &db,
        [("SD01", &decks[0]), ("SD02", &decks[1])],
        11,
        &report,
        ["random"; 2],
    );
    replay.seats = [ReplaySeat::human("Ann"), ReplaySeat::bot("easy")];
    let dir = std::env::temp_dir().join(format!("sve-ui-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join(name);
    std::fs::write(&path, replay.encode()).expect("the replay is written");
    path
}

/// Opens `path` from the start screen and waits for the end of the replay.
fn watch(path: &std::path::Path) -> Harness<'static, App> {
    let mut harness = client();
    harness.run();
    type_into(&mut harness, "Replay file", &path.display().to_string());
    click(&mut harness, "Watch replay");
    wait_for(&mut harness, "the end of the replay", |h| {
        has(h, "Rematch") && at(h) == Some(length(h))
    });
    harness
}

/// Answers played so far.
fn at(harness: &Harness<'_, App>) -> Option<usize> {
    match_view(harness).replay.as_ref().map(|p| p.at)
}

fn length(harness: &Harness<'_, App>) -> usize {
    match_view(harness).replay.as_ref().map_or(0, |p| p.length)
}

/// The turn the board shows.
fn board_turn(harness: &Harness<'_, App>) -> u32 {
    match_view(harness)
        .board(PlayerId(0))
        .map_or(0, |board| board.turn)
}

/// Clicks `label` and waits until the replay stands at `expected`.
fn move_to(harness: &mut Harness<'_, App>, label: &str, expected: usize) {
    // About one run in five the harness loses a click on these buttons (the
    // cause is not found yet: a stable id for the bar did not cure it), so
    // a click that moved nothing in 10 s is given once more.
    for _ in 0..3 {
        click(harness, label);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while std::time::Instant::now() < deadline {
            harness.step();
            if at(harness) == Some(expected) && match_view(harness).generation > 0 {
                // One more frame draws the controls for the new moment.
                harness.run_ok();
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(3));
        }
    }
    panic!("{label} never moved the replay to moment {expected}");
}

fn wait_until_at(harness: &mut Harness<'_, App>, expected: usize) {
    wait_for(harness, &format!("moment {expected}"), |h| {
        at(h) == Some(expected) && match_view(h).generation > 0
    });
    // One more frame draws the controls for the new moment.
    harness.run_ok();
}

#[test]
fn the_seats_are_named_as_the_replay_file_says() {
    let path = recorded_file("seats.sver");
    let harness = watch(&path);
    assert_eq!(
        match_view(&harness).names,
        ["P1 (Ann)".to_owned(), "P2 (easy bot)".to_owned()]
    );
    assert!(
        has_containing(&harness, "P1 (Ann)") || has_containing(&harness, "P2 (easy bot)"),
        "a seat label is on screen"
    );
    std::fs::remove_file(&path).ok();
}

#[test]
fn stepping_back_and_forward_changes_the_turn_shown() {
    let path = recorded_file("steps.sver");
    let mut harness = watch(&path);
    let end = length(&harness);
    assert!(match_view(&harness).outcome.is_some(), "the end is shown");
    let turns = match_view(&harness)
        .replay
        .as_ref()
        .map(|p| p.turns.to_vec())
        .expect("a replay position");

    move_to(&mut harness, "Start", 0);
    assert!(
        match_view(&harness).outcome.is_none(),
        "the first moment is before the end"
    );
    assert!(has(&harness, "Play"), "moving pauses the replay");

    // The last answer of turn 2: one step forward starts turn 3.
    let last_of_turn_2 = (0..end)
        .find(|moment| turns[*moment] == 2 && turns[moment + 1] == 3)
        .expect("the match reaches turn 3");
    harness
        .get_by_label("Position")
        .set_value_accesskit(last_of_turn_2 as f64);
    wait_until_at(&mut harness, last_of_turn_2);
    assert_eq!(board_turn(&harness), 2);
    assert!(has_containing(
        &harness,
        &format!("Turn 2 · answer {last_of_turn_2} of {end}")
    ));

    move_to(&mut harness, "Forward", last_of_turn_2 + 1);
    assert_eq!(board_turn(&harness), 3, "a step forward starts turn 3");
    move_to(&mut harness, "Back", last_of_turn_2);
    assert_eq!(board_turn(&harness), 2, "a step back is turn 2 again");

    // Turn by turn.
    let start_of_turn_3 = last_of_turn_2 + 1;
    move_to(&mut harness, "Next turn", start_of_turn_3);
    assert_eq!(board_turn(&harness), 3);
    let start_of_turn_2 = turns.iter().position(|turn| *turn == 2).expect("turn 2");
    move_to(&mut harness, "Previous turn", start_of_turn_2);
    assert_eq!(board_turn(&harness), 2);

    // The slider goes anywhere, the end included; Play runs on from there.
    harness
        .get_by_label("Position")
        .set_value_accesskit(end as f64);
    wait_until_at(&mut harness, end);
    assert!(match_view(&harness).outcome.is_some());
    move_to(&mut harness, "Start", 0);
    let log_at_start = match_view(&harness).log.len();
    click(&mut harness, "Play");
    wait_for(&mut harness, "the end again", |h| {
        at(h) == Some(end) && has(h, "Rematch")
    });
    assert!(match_view(&harness).log.len() > log_at_start);
    std::fs::remove_file(&path).ok();
}

#[test]
fn a_file_that_is_not_a_replay_is_refused_with_the_reason() {
    let dir = std::env::temp_dir().join(format!("sve-ui-replay-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let garbage = dir.join("garbage.sver");
    std::fs::write(&garbage, b"SVER\x04\x00\xff\xff\xff").expect("written");
    let long_label = dir.join("label.sver");
    let recorded = recorded_file("for-label.sver");
    let mut replay =
        sve_engine::replay::Replay::decode(&std::fs::read(&recorded).expect("recorded"))
            .expect("decodes");
    std::fs::remove_file(&recorded).ok();
    replay.seats[1] = ReplaySeat::Bot("x".repeat(100));
    std::fs::write(&long_label, replay.encode()).expect("written");

    let mut harness = client();
    harness.run();
    for (path, reason) in [
        (&garbage, "replay is corrupt"),
        (&long_label, "replay seat 2: its label is 100 bytes long"),
        (&dir, "not a regular file"),
    ] {
        replace_path(&mut harness, &path.display().to_string());
        click(&mut harness, "Watch replay");
        assert!(has_containing(&harness, reason), "{reason}");
        assert!(has(&harness, "Start match"), "still on the start screen");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Types `path` over the start screen's replay file field.
fn replace_path(harness: &mut Harness<'_, App>, path: &str) {
    click(harness, "Replay file");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label("Replay file").type_text(path);
    harness.step();
    harness.step();
}

#[test]
fn a_replay_saved_by_the_client_records_who_sat_where() {
    let mut harness = client();
    start_match(&mut harness, "Bot vs bot (watch)", 5);
    wait_for(&mut harness, "the end of the match", |h| has(h, "Rematch"));
    let dir = std::env::temp_dir().join(format!("sve-ui-replay-seats-{}", std::process::id()));
    let path = dir.join("bots.sver");
    save_replay(&mut harness, &path);
    let bytes = std::fs::read(&path).expect("the replay file was written");
    let replay = sve_engine::replay::Replay::decode(&bytes).expect("a valid replay");
    assert_eq!(
        replay.seats,
        [ReplaySeat::bot("random"), ReplaySeat::bot("random")]
    );

    // Watched again, the seats are the random bots that played.
    click(&mut harness, "New match");
    type_into(&mut harness, "Replay file", &path.display().to_string());
    click(&mut harness, "Watch replay");
    wait_for(
        &mut harness,
        "the replay",
        |h| matches!(h.state().screen(), sve_ui::app::Screen::Match(m) if m.view().is_ready()),
    );
    assert_eq!(
        match_view(&harness).names,
        ["P1 (random bot)".to_owned(), "P2 (random bot)".to_owned()]
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn replay_viewer_snapshot_at_the_start_of_turn_3() {
    let path = recorded_file("snapshot.sver");
    let mut harness = watch(&path);
    let start_of_turn_3 = match_view(&harness)
        .replay
        .as_ref()
        .and_then(|p| p.turns.iter().position(|turn| *turn == 3))
        .expect("the match reaches turn 3");
    harness
        .get_by_label("Position")
        .set_value_accesskit(start_of_turn_3 as f64);
    wait_until_at(&mut harness, start_of_turn_3);
    harness.remove_cursor();
    harness.run_ok();
    harness.snapshot("replay_viewer_turn_3");
    std::fs::remove_file(&path).ok();
}

#[test]
fn the_replay_viewers_inspector_shows_a_rust_cards_source() {
    let mut harness = client_with_packs();
    start_match(&mut harness, "You vs bot", 7);
    play_to_main_action(&mut harness);
    put_card(
        &mut harness,
        "(you) leader",
        "SD03-006",
        "P1's hand",
        "Fire Chain (hand",
    );
    click(&mut harness, "Concede");
    click_answer(&mut harness, "Yes, concede");
    wait_for(&mut harness, "the game-over panel", |h| has(h, "Rematch"));
    let dir = std::env::temp_dir().join(format!("sve-ui-rust-source-{}", std::process::id()));
    let path = dir.join("fire-chain.sver");
    save_replay(&mut harness, &path);

    click(&mut harness, "New match");
    type_into(&mut harness, "Replay file", &path.display().to_string());
    click(&mut harness, "Watch replay");
    wait_for(&mut harness, "the end of the replay", |h| {
        has(h, "Rematch") && at(h) == Some(length(h))
    });
    // A card's menu in a replay inspects; it changes nothing.
    right_click_containing(&mut harness, "Fire Chain (hand");
    assert!(!has(&harness, "Destroy") && !has_containing(&harness, "Put a copy"));
    click(&mut harness, "Inspect card");
    wait_for(&mut harness, "the inspector", |h| has(h, "Rust source"));
    assert!(has_containing(&harness, "Card::spell(FIRE_CHAIN"));
    assert!(has_containing(&harness, "rust-starter/src/lib.rs:"));
    let _ = std::fs::remove_dir_all(&dir);
}
