//! Hot reload of whole pack folders: a folder moved into the watched
//! folder loads without an edit, a renamed folder plays its new copy (and
//! the old one stops), a removed folder's cards leave new matches while a
//! running match keeps playing them, a shipped component replaced by a
//! rebuild reloads, and a dev pack's own build output is not a change.
//! Script packs compile in-process, so none of this needs cargo.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use sve_engine::board::{Board, Side};
use sve_engine::engine::{Event, PlayerId};
use sve_packs::catalog::{Catalog, ReloadNews};
use sve_packs::packs::{DevPacks, PackWatcher, ReloadChange};
use sve_tests::Base;

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

fn root() -> PathBuf {
    sve_tests::workspace_root()
}

/// A fresh, empty folder for one test under `target/test-packs/`.
fn scratch(name: &str) -> PathBuf {
    let dir = root().join("target/test-packs").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    std::fs::canonicalize(&dir).expect("exists")
}

/// A copy of the script test pack (card TEST-S01, 1 damage) at `dir`.
fn script_pack_at(dir: &Path) {
    let source = root().join("tests/packs/script-reloadable");
    std::fs::create_dir_all(dir).expect("pack folder");
    for file in ["pack.toml", "cards.txt"] {
        std::fs::copy(source.join(file), dir.join(file)).expect("copy");
    }
}

/// The watched catalog's news until some arrive (or 10 s pass), and the
/// news of the next 200 ms (a rename is two folder events).
fn news_of(catalog: &Catalog) -> Vec<ReloadNews> {
    let start = Instant::now();
    let mut news = Vec::new();
    while news.is_empty() && start.elapsed() < Duration::from_secs(10) {
        news = catalog.refresh();
        std::thread::sleep(Duration::from_millis(10));
    }
    let settle = Instant::now();
    while settle.elapsed() < Duration::from_millis(200) {
        news.extend(catalog.refresh());
        std::thread::sleep(Duration::from_millis(10));
    }
    news
}

fn cost_of(catalog: &Catalog, card_id: &str) -> Option<u8> {
    let db = catalog.db();
    db.get(db.by_card_id(card_id)?).cost
}

#[test]
fn a_pack_folder_moved_in_loads_without_an_edit() {
    let base = scratch("move-in");
    let packs = base.join("packs");
    std::fs::create_dir_all(&packs).expect("packs folder");
    let outside = base.join("outside");
    script_pack_at(&outside);
    let catalog = Catalog::open_watched(&packs, &root().join("target"), &[]).expect("watched");
    assert!(catalog.packs().is_empty());

    std::fs::rename(&outside, packs.join("moved-in")).expect("move in");
    assert_one_reload(&catalog, ReloadChange::Added);
    assert_eq!(
        catalog.pack_of("TEST-S01").map(|p| p.id),
        Some("script-reloadable".to_owned())
    );
    assert_eq!(catalog.packs().len(), 1);
}

#[test]
fn a_renamed_pack_folder_plays_its_new_copy_and_drops_the_old_one() {
    let packs = scratch("rename");
    let old = packs.join("old-name");
    script_pack_at(&old);
    let catalog = Catalog::open_watched(&packs, &root().join("target"), &[]).expect("watched");
    assert_eq!(catalog.packs().len(), 1);

    let new = packs.join("new-name");
    std::fs::rename(&old, &new).expect("rename");
    let news = news_of(&catalog);
    assert!(
        news.iter().any(|n| matches!(
            n,
            ReloadNews::Reloaded {
                change: ReloadChange::Removed,
                ..
            }
        )),
        "{news:?}"
    );
    let dirs: Vec<PathBuf> = catalog.packs().into_iter().map(|p| p.dir).collect();
    assert_eq!(
        dirs,
        std::slice::from_ref(&new),
        "only the new copy is loaded"
    );

    // An edit to the renamed copy is what plays.
    let file = new.join("cards.txt");
    let text = std::fs::read_to_string(&file).expect("read");
    std::fs::write(&file, text.replace("cost 1;", "cost 3;")).expect("edit");
    assert_one_reload(&catalog, ReloadChange::Replaced);
    assert_eq!(cost_of(&catalog, "TEST-S01"), Some(3));
    let conflicts: Vec<String> = catalog
        .diagnostics()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(conflicts.is_empty(), "{conflicts:?}");
}

#[test]
fn a_removed_pack_folder_leaves_new_matches_and_a_running_match_keeps_its_cards() {
    let packs = scratch("remove");
    let dir = packs.join("script-reloadable");
    script_pack_at(&dir);
    let mut library =
        sve_tests::pack_library(std::slice::from_ref(&packs), Base::StarterAndTestCards);
    let loaded = library.loaded();
    let mut s = Board::builder()
        .db(Arc::clone(&loaded.db))
        .runner(loaded.runner())
        .side(P1, Side::new().hand(["Script Spark"]).pp(1))
        .build();

    std::fs::remove_dir_all(&dir).expect("remove the pack");
    let report = library.reload(&dir).expect("a removal reloads");
    assert_eq!(report.change, ReloadChange::Removed);
    assert_eq!(report.pack, "script-reloadable");
    let after = library.loaded();
    assert!(after.packs.is_empty());
    assert_eq!(
        after.db.by_card_id("TEST-S01"),
        None,
        "new matches do not get the card"
    );

    let changes = after
        .apply_to_match(&mut s.game, "pack `script-reloadable`")
        .expect("applies");
    assert_eq!(changes.removed, ["TEST-S01"]);
    s.game.step();
    s.play("Script Spark");
    assert_eq!(
        s.game.state().player(P2).leader_defense,
        19,
        "its last code still runs"
    );
    assert!(
        !s.raw_events()
            .iter()
            .any(|e| matches!(e, Event::AbilityFizzled { .. })),
        "no fizzle"
    );
}

#[test]
fn a_shipped_component_replaced_by_a_rebuild_reloads() {
    let packs = scratch("replace-component");
    let sources = root().join("target/test-packs/replace-component-sources");
    let _ = std::fs::remove_dir_all(&sources);
    script_pack_at(&sources);
    let package = |cost: u32| {
        let file = sources.join("cards.txt");
        let text = std::fs::read_to_string(&file).expect("read");
        let text = text
            .lines()
            .map(|l| {
                if l.starts_with("cost ") {
                    format!("cost {cost};")
                } else {
                    l.to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        std::fs::write(&file, text).expect("write");
        let compiled = sve_packs::packs::script_pack::compile_folder(&sources).expect("compiles");
        sve_packs::packs::script_pack::package(&compiled.ir).expect("packages")
    };
    // A packaged script pack: pack.toml and the component, no scripts.
    let shipped = packs.join("shipped");
    std::fs::create_dir_all(&shipped).expect("folder");
    std::fs::copy(sources.join("pack.toml"), shipped.join("pack.toml")).expect("pack.toml");
    let component = shipped.join("script-reloadable.wasm");
    std::fs::write(&component, package(1)).expect("component");
    let catalog = Catalog::open_watched(&packs, &root().join("target"), &[]).expect("watched");
    assert_eq!(
        cost_of(&catalog, "TEST-S01"),
        Some(1),
        "{:?}",
        catalog.diagnostics()
    );

    // A rebuild writes the new component beside it and renames it in.
    let tmp = shipped.join("script-reloadable.wasm.tmp");
    std::fs::write(&tmp, package(2)).expect("write");
    std::fs::rename(&tmp, &component).expect("rename");
    assert_one_reload(&catalog, ReloadChange::Replaced);
    assert_eq!(cost_of(&catalog, "TEST-S01"), Some(2));
}

#[test]
fn a_dev_packs_own_build_output_does_not_trigger_a_reload() {
    let packs = scratch("dev-output");
    let dev = packs.join("mine");
    let shipped = packs.join("theirs");
    script_pack_at(&dev);
    script_pack_at(&shipped);
    let watcher = PackWatcher::with_dev_packs(
        std::slice::from_ref(&packs),
        &DevPacks::new(std::slice::from_ref(&dev), &root().join("target/packs")),
    )
    .expect("watcher");
    std::fs::write(dev.join("mine.wasm"), b"build output").expect("write");
    std::fs::write(shipped.join("theirs.wasm"), b"a new component").expect("write");
    let start = Instant::now();
    let mut reported = Vec::new();
    while start.elapsed() < Duration::from_millis(500) {
        reported.extend(watcher.poll());
        std::thread::sleep(Duration::from_millis(10));
    }
    // On a loaded machine a write's events can reach the watcher late and
    // end up as two bursts of the same folder; what matters here is which
    // folders are reported.
    reported.dedup();
    assert_eq!(reported, [shipped], "only the shipped pack's component");
}

#[test]
fn a_new_pack_that_fails_to_load_claims_no_previous_version() {
    let base = scratch("new-broken");
    let packs = base.join("packs");
    std::fs::create_dir_all(&packs).expect("packs folder");
    let outside = base.join("broken");
    script_pack_at(&outside);
    let toml = outside.join("pack.toml");
    let text = std::fs::read_to_string(&toml).expect("read");
    std::fs::write(&toml, text.replace("^0.1", "^9.0")).expect("write");
    let catalog = Catalog::open_watched(&packs, &root().join("target"), &[]).expect("watched");

    std::fs::rename(&outside, packs.join("broken")).expect("move in");
    let news = news_of(&catalog);
    assert!(
        matches!(
            news.as_slice(),
            [ReloadNews::Failed {
                kept_previous: false,
                ..
            }]
        ),
        "{news:?}"
    );
    let log = catalog.reload_log();
    assert!(
        log.len() == 1 && log[0].starts_with("loading ") && log[0].contains("(not loaded)"),
        "{log:?}"
    );
    assert!(!log[0].contains("previous version"), "{log:?}");
}

/// Asserts that the catalog's next news is one successful reload of this
/// kind.
fn assert_one_reload(catalog: &Catalog, change: ReloadChange) {
    let news = news_of(catalog);
    assert!(
        matches!(
            news.as_slice(),
            [ReloadNews::Reloaded { change: got, .. }] if *got == change
        ),
        "{news:?}"
    );
}
