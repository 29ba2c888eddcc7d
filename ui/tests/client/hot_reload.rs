//! Hot reload in the real client: a watched pack is edited while a match
//! waits for the player; the client rebuilds it, swaps it into the running
//! match and runs the reload smoke test, reporting both on screen.

use crate::common::*;
use egui_kittest::Harness;
use std::path::{Path, PathBuf};
use std::time::Duration;
use sve_host::catalog::Catalog;
use sve_ui::{App, AppOptions};

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
    let catalog = Catalog::open_watched(dir.parent().expect("parent"), &root().join("target"))
        .expect("the pack loads and is watched");
    assert!(
        catalog.diagnostics().is_empty(),
        "{:?}",
        catalog.diagnostics()
    );
    let app = App::new(
        catalog,
        AppOptions {
            bot_delay: Duration::ZERO,
        },
    );
    let mut harness = Harness::builder()
        .with_size([1440.0, 900.0])
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
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
