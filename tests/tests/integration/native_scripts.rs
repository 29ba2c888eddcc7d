//! Script packs run natively (the script runtime compiled into the host,
//! `host/packs/src/packs/native_script.rs`) play exactly as in the sandbox (the
//! same runtime as a WebAssembly component): every starter pairing, with
//! random and greedy bots, gives the same event log both ways, and the
//! counts of calls into card code and back agree.

use std::path::PathBuf;
use std::sync::Arc;
use sve_engine::bot::BotKind;
use sve_engine::sim::PlayOptions;
use sve_packs::packs::{LoadOptions, LoadedPacks, ScriptRuntime, load_packs};
use sve_tests::Base;

/// Both starter packs, their scripts running where `scripts` says.
fn starter_packs(scripts: ScriptRuntime) -> LoadedPacks {
    let root = sve_tests::workspace_root();
    let dirs: Vec<PathBuf> = ["starter-scripts", "rust-starter"]
        .iter()
        .map(|pack| root.join("card-packs").join(pack))
        .collect();
    let options = LoadOptions {
        script_runtime: scripts,
        ..sve_tests::load_options(Base::Starter, &[])
    };
    let loaded = load_packs(&dirs, &options).expect("the pack engine starts");
    assert!(
        sve_tests::load_errors(&loaded.diagnostics).is_empty(),
        "{:?}",
        loaded.diagnostics
    );
    loaded
}

/// A seeded bot match's event log hash, its fizzles, and the runner's
/// calls into card code and back.
fn play(
    loaded: &LoadedPacks,
    decks: [&'static str; 2],
    bot: BotKind,
    seed: u64,
) -> (u64, u32, [u64; 2]) {
    let runner = loaded.runner();
    let options = PlayOptions {
        keep_log: true,
        ..PlayOptions::default()
    };
    let (_, report) = sve_tests::BotMatch::new(&loaded.db, decks, seed, bot).play_with(
        &loaded.db,
        Arc::clone(&runner),
        options,
    );
    let usage = runner.usage();
    (
        sve_engine::replay::log_hash(&report.log),
        report.fizzles,
        [usage.guest_calls, usage.host_calls],
    )
}

#[test]
fn native_and_sandboxed_script_packs_play_the_same_matches_event_for_event() {
    let native = starter_packs(ScriptRuntime::Native);
    let sandboxed = starter_packs(ScriptRuntime::Sandboxed);
    let mut compared = 0;
    for [a, b] in sve_tests::starter_pairings() {
        for (bot, seed) in [(BotKind::Random, 21), (BotKind::Greedy, 22)] {
            let both = [&native, &sandboxed].map(|loaded| play(loaded, [a, b], bot, seed));
            assert_eq!(both[0], both[1], "{a} vs {b}, {bot:?} bots, seed {seed}");
            assert_eq!(both[0].1, 0, "{a} vs {b}: no ability fizzled");
            compared += 1;
        }
    }
    assert_eq!(compared, 21 * 2);
}
