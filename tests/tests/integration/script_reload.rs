//! Hot reload with an SVE Script pack: edit a card's ability text on disk
//! while a match runs and see the new behaviour at the next step; a broken
//! edit leaves the old version running and reports the error with
//! file:line:col; fixing the file reloads normally. Script packs compile
//! in-process, so none of this needs cargo.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use sve_engine::board::{Board, Side};
use sve_engine::engine::{Event, PlayerId};
use sve_packs::packs::{PackLibrary, PackWatcher};
use sve_tests::Base;

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

/// A fresh copy of the script pack that this test may edit.
fn pack_copy(name: &str) -> PathBuf {
    let root = sve_tests::workspace_root();
    let source = root.join("tests/packs/script-reloadable");
    let dir = root
        .join("target/test-packs")
        .join(name)
        .join("script-reloadable");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp pack folder");
    for file in ["pack.toml", "cards.txt"] {
        std::fs::copy(source.join(file), dir.join(file)).expect("copy");
    }
    dir
}

/// Rewrites the card's `effect` line (write-then-rename, as editors do).
fn set_effect(dir: &Path, effect: &str) {
    let file = dir.join("cards.txt");
    let text = std::fs::read_to_string(&file).expect("read");
    let edited: String = text
        .lines()
        .map(|l| {
            if l.trim_start().starts_with("effect ") {
                format!("    {effect}")
            } else {
                l.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let tmp = file.with_extension("txt.tmp");
    std::fs::write(&tmp, edited + "\n").expect("write");
    std::fs::rename(&tmp, &file).expect("rename");
}

fn library(dir: &Path) -> PackLibrary {
    // The scenario builder's leader and test cards too.
    sve_tests::pack_library(&[dir.to_owned()], Base::StarterAndTestCards)
}

#[test]
fn editing_a_script_card_mid_match_changes_its_behaviour_and_broken_edits_keep_the_old_one() {
    let dir = pack_copy("script-edit");
    let mut library = library(&dir);
    let loaded = library.loaded();
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    let mut s = Board::builder()
        .db(Arc::clone(&loaded.db))
        .runner(loaded.runner())
        .side(
            P1,
            Side::new()
                .hand(["Script Spark", "Script Spark", "Script Spark"])
                .pp(3),
        )
        .build();
    s.play("Script Spark");
    assert_eq!(s.game.state().player(P2).leader_defense, 19, "1 damage");

    // Edit the ability: 3 damage. Reload between two steps of the match.
    set_effect(&dir, "effect DealDamage(3) to OpponentLeader;");
    let report = library.reload(&dir).expect("the edit compiles");
    assert_eq!(report.pack, "script-reloadable");
    assert_eq!(report.card_ids, ["TEST-S01"]);
    library
        .loaded()
        .apply_to_match(&mut s.game, "pack `script-reloadable`")
        .expect("applies");
    s.game.step();
    assert!(s.raw_events().iter().any(|e| matches!(
        e,
        Event::CardsReloaded { source, .. } if source == "pack `script-reloadable`"
    )));
    s.play("Script Spark");
    assert_eq!(s.game.state().player(P2).leader_defense, 16, "3 damage now");

    // A misspelled effect: the old version keeps running, the error is
    // located at the effect name.
    set_effect(&dir, "effect DealDamag(5) to OpponentLeader;");
    let problems = library.reload(&dir).expect_err("the broken edit fails");
    let first = problems[0].to_string();
    let cards_txt = dir.join("cards.txt").display().to_string();
    assert!(
        first.starts_with(&format!("{cards_txt}:13:12: error:")),
        "{first}"
    );
    assert!(first.contains("DealDamag"), "{first}");
    s.play("Script Spark");
    assert_eq!(s.game.state().player(P2).leader_defense, 13, "still 3");

    // The fix reloads normally.
    set_effect(&dir, "effect DealDamage(2) to OpponentLeader;");
    library.reload(&dir).expect("the fix compiles");
    library
        .loaded()
        .apply_to_match(&mut s.game, "pack `script-reloadable`")
        .expect("applies");
    s.game.step();
    s.game.clear_events();
    assert_eq!(s.game.state().player(P2).leader_defense, 13);
}

/// An edit that makes the card unplayable (a cost the host can't pay:
/// play points that depend on the board) is refused like a broken edit:
/// the previous version keeps playing and the error names the card.
#[test]
fn an_edit_that_makes_a_card_unplayable_keeps_the_old_version() {
    let dir = pack_copy("script-unplayable-edit");
    let mut library = library(&dir);
    let loaded = library.loaded();
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    let file = dir.join("cards.txt");
    let text = std::fs::read_to_string(&file).expect("read");
    let edited = text.replace(
        "ability Fanfare {",
        "ability Fanfare {\n    cost (PP, f(F));",
    );
    std::fs::write(&file, edited).expect("write");
    let problems = library.reload(&dir).expect_err("the edit is refused");
    let messages: Vec<String> = problems.iter().map(ToString::to_string).collect();
    assert!(
        messages
            .iter()
            .any(|m| m.contains("TEST-S01") && m.contains("the card can't be played")),
        "{messages:#?}"
    );
    let def = {
        let loaded = library.loaded();
        let id = loaded.db.by_card_id("TEST-S01").expect("still there");
        loaded.db.get(id).clone()
    };
    assert_eq!(def.unplayable, None, "the previous version stays");
}

#[test]
fn the_watcher_sees_script_edits_in_a_folder_without_pack_toml() {
    // A community set folder: scripts only, no pack.toml.
    let root = sve_tests::workspace_root().join("target/test-packs/community");
    let dir = root.join("My Set");
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&dir).expect("folder");
    let source = sve_tests::workspace_root().join("tests/packs/script-reloadable/cards.txt");
    std::fs::copy(source, dir.join("cards.txt")).expect("copy");

    let mut library = library(&root);
    let loaded = library.loaded();
    assert_eq!(loaded.packs.len(), 1, "{:?}", loaded.diagnostics);
    assert_eq!(loaded.packs[0].id, "my-set");
    assert!(
        loaded
            .diagnostics
            .iter()
            .any(|d| d.message.contains("no pack.toml")),
        "{:?}",
        loaded.diagnostics
    );

    let watcher = PackWatcher::new(std::slice::from_ref(&root)).expect("watcher");
    set_effect(&dir, "effect DealDamage(4) to OpponentLeader;");
    let start = Instant::now();
    let changed = loop {
        let changed = watcher.poll();
        if !changed.is_empty() || start.elapsed() > Duration::from_secs(10) {
            break changed;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let canonical = std::fs::canonicalize(&dir).expect("exists");
    assert_eq!(changed, std::slice::from_ref(&canonical));
    let report = library.reload(&canonical).expect("reloads");
    assert_eq!(report.card_ids, ["TEST-S01"]);
}
