//! Hot reload in the real client: a watched pack is edited while a match
//! waits for the player; the client rebuilds it, swaps it into the running
//! match and runs the reload smoke test, reporting both on screen.

use crate::common::*;
use std::path::{Path, PathBuf};
use sve_packs::catalog::Catalog;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the ui crate sits in the workspace")
        .to_owned()
}

/// A copy of the reloadable test pack this test may edit.
fn pack_copy() -> PathBuf {
    let source = root().join("tests/packs/reloadable");
    let dir = root().join("target/test-packs/ui-reload/reloadable");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("src")).expect("folder");
    for file in ["pack.toml", "src/lib.rs"] {
        std::fs::copy(source.join(file), dir.join(file)).expect("copy");
    }
    let manifest = std::fs::read_to_string(source.join("Cargo.toml"))
        .expect("Cargo.toml")
        .replace(
            "../../../sdk/sve-sdk",
            &root().join("sdk/sve-sdk").display().to_string(),
        );
    std::fs::write(dir.join("Cargo.toml"), manifest).expect("write");
    dir
}

#[test]
fn an_edited_pack_is_reloaded_into_the_running_match_with_a_smoke_test() {
    let dir = pack_copy();
    // The copy is the user's own working copy: a dev pack, rebuilt on edit.
    let catalog = Catalog::open_watched(
        dir.parent().expect("parent"),
        &root().join("target"),
        std::slice::from_ref(&dir),
    )
    .expect("the pack loads and is watched");
    assert!(
        catalog.diagnostics().is_empty(),
        "{:?}",
        catalog.diagnostics()
    );
    let mut harness = client_of(catalog);
    start_match(&mut harness, "You vs bot", 7);
    play_to_main_action(&mut harness);
    // Edit the card's code the way an editor saves: write, then rename.
    let file = dir.join("src/lib.rs");
    let text = std::fs::read_to_string(&file).expect("read");
    let tmp = file.with_extension("rs.tmp");
    std::fs::write(
        &tmp,
        text.replace("const DAMAGE: i32 = 1;", "const DAMAGE: i32 = 3;"),
    )
    .expect("write");
    std::fs::rename(&tmp, &file).expect("rename");
    wait_for(&mut harness, "the smoke test after the reload", |h| {
        has_containing(
            h,
            "Smoke test after pack `reloadable`: no starter deck uses its cards.",
        )
    });
    assert!(has(&harness, "End turn"), "the match goes on");
}

/// A copy of the script test pack a test may edit, under `target/test-packs/<folder>`.
fn script_pack_copy_in(folder: &str) -> PathBuf {
    let source = root().join("tests/packs/script-reloadable");
    let dir = root()
        .join("target/test-packs")
        .join(folder)
        .join("script-reloadable");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("folder");
    for file in ["pack.toml", "cards.txt"] {
        std::fs::copy(source.join(file), dir.join(file)).expect("copy");
    }
    dir
}

#[test]
fn undo_after_a_reload_keeps_the_new_cards_and_the_replay_records_the_reload() {
    let dir = script_pack_copy_in("ui-undo-reload");
    let catalog = Catalog::open_watched(dir.parent().expect("parent"), &root().join("target"), &[])
        .expect("the pack loads and is watched");
    assert!(
        catalog.diagnostics().is_empty(),
        "{:?}",
        catalog.diagnostics()
    );
    let start_fingerprint = catalog.db().fingerprint();
    let mut harness = client_of(catalog);
    start_match(&mut harness, "You vs bot", 7);
    play_to_main_action(&mut harness);

    // Edit the card's text on disk; the running match takes the new cards.
    let file = dir.join("cards.txt");
    let text = std::fs::read_to_string(&file).expect("read");
    // A new cost changes the card data (text alone is display only).
    let edited = text
        .replace("DealDamage(1)", "DealDamage(2)")
        .replace("Deal 1 damage", "Deal 2 damage")
        .replace("cost 1;", "cost 2;");
    std::fs::write(&file, edited).expect("write");
    wait_for(&mut harness, "the reload", |h| {
        has_containing(h, "Reloaded ")
    });

    // One more move, then take it back: the rebuilt match replays the
    // reload where it happened and goes on.
    click(&mut harness, "End turn");
    play_to_main_action(&mut harness);
    click(&mut harness, "Undo");
    play_to_main_action(&mut harness);
    assert!(
        !has_containing(&harness, "diverges"),
        "undo rebuilt the match"
    );

    // Replays are saved from the end screen.
    click(&mut harness, "Concede");
    click(&mut harness, "Yes, concede");
    wait_for(&mut harness, "the end screen", |h| has(h, "Rematch"));
    let path = root().join("target/test-packs/ui-undo-reload/undone.sver");
    save_replay(&mut harness, &path);
    let bytes = std::fs::read(&path).expect("the replay file was written");
    let replay = sve_engine::replay::Replay::decode(&bytes).expect("a valid replay");
    assert_eq!(
        replay.card_fingerprint, start_fingerprint,
        "the cards it started with"
    );
    assert_eq!(replay.reloads.len(), 1, "{:?}", replay.reloads);
    let reload = &replay.reloads[0];
    assert_ne!(reload.card_fingerprint, start_fingerprint);
    assert!(
        usize::try_from(reload.after_answers).is_ok_and(|n| n <= replay.answers.len()),
        "the reload came before the answers kept: {reload:?}, {} answers",
        replay.answers.len()
    );
}

#[test]
fn a_reload_says_what_changed_card_by_card_and_the_board_takes_the_new_cards() {
    let dir = script_pack_copy_in("ui-reload-notice");
    let catalog = Catalog::open_watched(dir.parent().expect("parent"), &root().join("target"), &[])
        .expect("the pack loads and is watched");
    let mut harness = client_of(catalog);
    start_match(&mut harness, "You vs bot", 7);
    play_to_main_action(&mut harness);

    // A Script Spark into the hand with the sandbox, to see its new stats.
    click(&mut harness, "Debug");
    click(&mut harness, "Sandbox");
    type_into(&mut harness, "Card id or name:", "TEST-S01");
    click(&mut harness, "Put card");
    wait_for(&mut harness, "the Spark in the hand", |h| {
        match_view(h)
            .inspected
            .iter()
            .any(|c| c.id == "TEST-S01" && c.zone == sve_engine::engine::Zone::Hand)
    });
    click(&mut harness, "Board");

    // Cheaper and stronger, and a second card in the file.
    let file = dir.join("cards.txt");
    let text = std::fs::read_to_string(&file).expect("read");
    let edited = text
        .replace("cost 1;", "cost 2;")
        .replace("stats 1/1;", "stats 2/1;")
        + "\nname Script Ember;\nid TEST-S02;\nclass Rune;\ntype Follower;\ncost 1;\nstats 1/1;\n";
    std::fs::write(&file, edited).expect("write");
    wait_for(&mut harness, "the reload notice", |h| {
        has(h, "Script Spark: cost 1 -> 2; attack 1 -> 2")
    });
    assert!(has(&harness, "New card: Script Ember"));
    assert!(has(&harness, "Cards reloaded: 2 cards changed."));

    // The board reads the new printed values with the snapshot drawn with
    // them: attack 2 is printed, not a buff.
    wait_for(&mut harness, "a snapshot with the new cards", |h| {
        let view = match_view(h);
        let printed_attack = view
            .db
            .by_card_id("TEST-S01")
            .and_then(|spark| view.db.get(spark).attack);
        printed_attack == Some(2)
            && view
                .inspected
                .iter()
                .any(|c| c.id == "TEST-S01" && c.printed.attack == Some(2) && c.current.attack == 2)
    });
    assert!(
        match_view(&harness).db.by_card_id("TEST-S02").is_some(),
        "the new card is known"
    );

    click(&mut harness, "Dismiss");
    assert!(!has(&harness, "New card: Script Ember"), "dismissed");
}
