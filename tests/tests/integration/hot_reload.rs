//! Hot reload with a Rust pack: edit a card's code on disk while a match
//! runs, see the new behaviour at the next step; a broken edit leaves the
//! old version running and reports the error with file:line:col; fixing it
//! reloads normally.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use sve_engine::board::{Board, Side, fixtures};
use sve_engine::engine::{Event, PlayerId};
use sve_packs::packs::watch::MAX_WAIT;
use sve_packs::packs::{DevPacks, LoadOptions, PackLibrary, PackWatcher};
use sve_tests::Base;

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

fn root() -> PathBuf {
    sve_tests::workspace_root()
}

/// A fresh copy of the reloadable pack that this test may edit, with the SDK
/// path made absolute.
fn pack_copy(name: &str) -> PathBuf {
    let source = root().join("tests/packs/reloadable");
    let dir = root()
        .join("target/test-packs")
        .join(name)
        .join("reloadable");
    let _ = std::fs::remove_dir_all(&dir);
    sve_tests::copy_pack_sources(&source, &dir, &["pack.toml", "src/lib.rs"]);
    dir
}

fn set_damage(dir: &Path, line: &str) {
    let file = dir.join("src/lib.rs");
    let text = std::fs::read_to_string(&file).expect("read");
    let edited: String = text
        .lines()
        .map(|l| {
            if l.starts_with("const DAMAGE") {
                line
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    // Write-then-rename, as editors do.
    let tmp = file.with_extension("rs.tmp");
    std::fs::write(&tmp, edited + "\n").expect("write");
    std::fs::rename(&tmp, &file).expect("rename");
}

/// Load options over the starter and test cards, with `dev` as the
/// user's own packs (built from source on load and reload).
fn options(dev: &[PathBuf]) -> LoadOptions {
    sve_tests::load_options(Base::StarterAndTestCards, dev)
}

/// A library of one pack folder, which is a dev pack (the tests edit it).
fn library(dir: &Path) -> PackLibrary {
    PackLibrary::open(&[dir.to_owned()], &options(&[dir.to_owned()])).expect("pack engine starts")
}

#[test]
fn editing_a_rust_card_mid_match_changes_its_behaviour_and_broken_edits_keep_the_old_one() {
    let dir = pack_copy("edit");
    let mut library = library(&dir);
    let loaded = library.loaded();
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    let mut s = Board::builder()
        .db(Arc::clone(&loaded.db))
        .runner(loaded.runner())
        .side(
            P1,
            Side::new()
                .hand(["Spark Caller", "Spark Caller", "Spark Caller"])
                .pp(3),
        )
        .build();
    s.play("Spark Caller");
    assert_eq!(
        s.game.state().player(P2).leader_defense,
        19,
        "old code: 1 damage"
    );

    // Edit: 3 damage. Reload between two steps of the running match.
    set_damage(&dir, "const DAMAGE: i32 = 3;");
    let report = library.reload(&dir).expect("the edit builds");
    assert_eq!(report.pack, "reloadable");
    let after = library.loaded();
    assert_eq!(after.packs.len(), 1, "the pack was replaced, not added");
    assert!(after.diagnostics.is_empty(), "{:?}", after.diagnostics);
    let changes = library
        .loaded()
        .apply_to_match(&mut s.game, "pack `reloadable`")
        .expect("applies");
    assert!(changes.removed.is_empty());
    s.game.step();
    assert!(s.raw_events().iter().any(
        |e| matches!(e, Event::CardsReloaded { source, .. } if source == "pack `reloadable`")
    ));
    s.play("Spark Caller");
    assert_eq!(
        s.game.state().player(P2).leader_defense,
        16,
        "new code: 3 damage"
    );

    // A broken edit: the old version keeps running, the error is located.
    set_damage(&dir, "const DAMAGE: i32 = three;");
    let problems = library.reload(&dir).expect_err("the broken edit fails");
    let first = problems[0].to_string();
    let lib_rs = dir.join("src/lib.rs").display().to_string();
    assert!(
        first.starts_with(&format!("{lib_rs}:8:21: error: cannot find value `three`")),
        "{first}"
    );
    s.play("Spark Caller");
    assert_eq!(
        s.game.state().player(P2).leader_defense,
        13,
        "still 3 damage"
    );

    // Fixed: reloads normally.
    set_damage(&dir, "const DAMAGE: i32 = 5;");
    library.reload(&dir).expect("the fix builds");
    let mut s2 = Board::builder()
        .db(Arc::clone(&library.loaded().db))
        .runner(library.loaded().runner())
        .side(P1, Side::new().hand(["Spark Caller"]).pp(1))
        .build();
    s2.play("Spark Caller");
    assert_eq!(s2.game.state().player(P2).leader_defense, 15);
}

#[test]
fn the_watcher_reports_an_edited_pack_once_per_burst() {
    let dir = pack_copy("watch");
    let watcher = PackWatcher::with_dev_packs(
        &[dir.parent().expect("parent").to_owned()],
        &DevPacks::new(std::slice::from_ref(&dir), &root().join("target/packs")),
    )
    .expect("watch");
    // A burst of writes.
    for damage in [2, 3, 4] {
        set_damage(&dir, &format!("const DAMAGE: i32 = {damage};"));
    }
    // A dev pack's build output next to it is not a change.
    std::fs::write(dir.join("reloadable.wasm"), b"not a component").expect("write");
    // notify delivers events from its own thread: on a loaded machine the
    // last write's events can come late, after a first poll has already
    // ended the burst (the watcher then rightly reloads twice, which is
    // harmless). Let them all arrive first, so that the test sees the
    // coalescing, not the delivery lag.
    std::thread::sleep(MAX_WAIT);
    let start = Instant::now();
    let mut reported = Vec::new();
    while start.elapsed() < Duration::from_secs(5) {
        reported.extend(watcher.poll());
        if !reported.is_empty() && !watcher.has_pending() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(reported, vec![dir.clone()]);
    std::thread::sleep(Duration::from_millis(100));
    assert!(watcher.poll().is_empty(), "one reload per burst");
}

#[test]
fn a_watched_catalog_rebuilds_edits_and_bumps_its_generation() {
    let dir = pack_copy("catalog");
    let catalog = sve_packs::catalog::Catalog::open_watched(
        dir.parent().expect("parent"),
        &root().join("target"),
        std::slice::from_ref(&dir),
    )
    .expect("opens");
    assert_eq!(catalog.packs().len(), 1, "{:?}", catalog.diagnostics());
    assert_eq!(catalog.generation(), 0);
    set_damage(&dir, "const DAMAGE: i32 = 4;");
    let start = Instant::now();
    let mut news = Vec::new();
    while news.is_empty() && start.elapsed() < Duration::from_secs(120) {
        news = catalog.refresh();
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        matches!(news.as_slice(), [sve_packs::catalog::ReloadNews::Reloaded { source, .. }] if source == "pack `reloadable`"),
        "{news:?}"
    );
    assert_eq!(catalog.generation(), 1);
    // The rebuild wrote the dev pack's component: its own output is not a
    // change, so no reload follows (no loop).
    let quiet = Instant::now();
    while quiet.elapsed() < Duration::from_millis(500) {
        let more = catalog.refresh();
        assert!(more.is_empty(), "{more:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(catalog.generation(), 1);
    let log = catalog.reload_log();
    assert_eq!(log.len(), 1);
    assert!(
        log[0].starts_with("reloaded pack `reloadable` in "),
        "{log:?}"
    );
    // A clone sees the new version too: a match started now deals 4.
    let clone = catalog.clone();
    let mut base_cards = fixtures::test_cards();
    base_cards.retain(|d| clone.db().by_card_id(&d.id).is_some());
    assert!(
        base_cards.is_empty(),
        "the catalog holds starter cards only"
    );
    let deck = sve_engine::decks::starter_deck("SD01").expect("deck");
    let list = sve_engine::decks::resolve(&deck, &clone.db()).expect("resolves");
    let game = sve_engine::engine::Match::new(clone.db(), clone.runner(), [list.clone(), list], 1);
    assert!(game.db().by_card_id("RELOAD-001").is_some());
}

#[test]
fn a_card_removed_by_a_reload_stays_playable_in_the_running_match() {
    let dir = pack_copy("removed");
    let mut library = library(&dir);
    let loaded = library.loaded();
    let mut s = Board::builder()
        .db(Arc::clone(&loaded.db))
        .runner(loaded.runner())
        .side(P1, Side::new().hand(["Spark Caller"]).pp(1))
        .build();
    // The pack now defines the card under another id (and 2 damage).
    let file = dir.join("src/lib.rs");
    let text = std::fs::read_to_string(&file).expect("read");
    std::fs::write(
        &file,
        text.replace("\"RELOAD-001\"", "\"RELOAD-002\"")
            .replace("const DAMAGE: i32 = 1;", "const DAMAGE: i32 = 2;"),
    )
    .expect("write");
    library.reload(&dir).expect("builds");
    let changes = library
        .loaded()
        .apply_to_match(&mut s.game, "pack `reloadable`")
        .expect("applies");
    assert_eq!(changes.removed, ["RELOAD-001"]);
    assert_eq!(changes.added, ["RELOAD-002"]);
    s.game.step();
    // The card in hand keeps its last definition and its last code.
    s.play("Spark Caller");
    assert_eq!(
        s.game.state().player(P2).leader_defense,
        19,
        "old code: 1 damage"
    );
    assert!(
        !s.raw_events()
            .iter()
            .any(|e| matches!(e, Event::AbilityFizzled { .. })),
        "no fizzle"
    );
}
