//! SVE Script packs on the real path: compiling (parse, check, IR and
//! packaging), loading a script pack into the runtime component (what a hot
//! reload does), whole random-bot matches played by the starter packs,
//! their scripts run natively and in the sandbox, and what one native call
//! costs in those matches (running scenario files: `cargo bench -p
//! sve-scenario`).
//!
//! Run with `cargo bench -p sve-packs --bench scripts`. Throughput is
//! reported in cards per second for the compile benchmarks.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use sve_engine::board::{Board, Side, fixtures};
use sve_engine::bot::BotKind;
use sve_engine::cards::CardDef;
use sve_engine::cards::starter::{STARTER_CARDS_JSON, parse_cards, starter_db};
use sve_engine::decks::{resolve, starter_deck};
use sve_engine::engine::{Match, NoAbilities, PlayerId, RunnerUsage};
use sve_engine::sim::{PlayOptions, play_bot_match};
use sve_packs::packs::script_pack::{compile_folder, package};
use sve_packs::packs::{LoadOptions, LoadedPacks, PackLibrary, ScriptRuntime};

/// The allocator the `sve` and `sve-ui` binaries use, so the figures are
/// the product's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn root() -> PathBuf {
    // The workspace root, two folders above `host/packs`.
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A 100-card set file: starter cards (tokens and evolved forms included)
/// with their ids made unique, as one file.
fn hundred_card_file() -> String {
    let dir = root().join("card-packs/starter-scripts");
    let mut cards = Vec::new();
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("starter scripts")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    names.sort();
    for file in names {
        let text = std::fs::read_to_string(file).expect("script");
        for card in text.split("// ------------------------------").skip(1) {
            cards.push(card.to_owned());
        }
    }
    cards.truncate(100);
    assert_eq!(cards.len(), 100, "the starter pack has at least 100 cards");
    cards.join("// ------------------------------")
}

fn compile(c: &mut Criterion) {
    let mut group = c.benchmark_group("script_compile");
    group.measurement_time(Duration::from_secs(4));
    let starter = root().join("card-packs/starter-scripts");
    let cards = compile_folder(&starter).expect("compiles").cards_ok as u64;
    group.throughput(Throughput::Elements(cards));
    group.bench_function("starter_pack_folder_to_packaged_component", |b| {
        b.iter(|| {
            let compiled = compile_folder(&starter).expect("compiles");
            package(&compiled.ir).expect("packages")
        });
    });
    let file = hundred_card_file();
    group.throughput(Throughput::Elements(100));
    group.bench_function("one_100_card_file_to_ir_bytes", |b| {
        b.iter(|| {
            let compiled = sve_script::compile_file("set.txt", &file);
            assert_eq!(compiled.cards.len(), 100);
            compiled.into_module().to_bytes().expect("encodes")
        });
    });
    group.finish();
}

fn load(c: &mut Criterion) {
    let mut group = c.benchmark_group("script_load");
    group.measurement_time(Duration::from_secs(4));
    let dir = root().join("card-packs/starter-scripts");
    let mut library = PackLibrary::open(
        std::slice::from_ref(&dir),
        &LoadOptions {
            base: parse_cards(STARTER_CARDS_JSON).expect("bundled cards"),
            cache_dir: Some(root().join("target").join("sve-cache")),
            dev_packs: Default::default(),
            language: None,
            script_runtime: Default::default(),
        },
    )
    .expect("pack engine");
    group.bench_function("reload_starter_script_pack", |b| {
        b.iter(|| library.reload(&dir).expect("reloads"));
    });
    group.finish();
}

/// Both starter packs, their scripts running where `scripts` says.
fn starter_packs(scripts: ScriptRuntime) -> LoadedPacks {
    packs_from(
        &[
            root().join("card-packs/starter-scripts"),
            root().join("card-packs/rust-starter"),
        ],
        scripts,
        parse_cards(STARTER_CARDS_JSON).expect("bundled cards"),
    )
}

/// The packs in `dirs` over the `base` cards, their scripts running where
/// `scripts` says.
fn packs_from(dirs: &[PathBuf], scripts: ScriptRuntime, base: Vec<CardDef>) -> LoadedPacks {
    PackLibrary::open(
        dirs,
        &LoadOptions {
            base,
            cache_dir: Some(root().join("target").join("sve-cache")),
            dev_packs: Default::default(),
            language: None,
            script_runtime: scripts,
        },
    )
    .expect("pack engine")
    .loaded()
}

fn matches(c: &mut Criterion) {
    let mut group = c.benchmark_group("script_matches");
    group.sample_size(30);
    let vanilla = Arc::new(starter_db().expect("bundled cards"));
    let decks = |db: &sve_engine::cards::CardDb| {
        ["SD01", "SD05"].map(|name| resolve(&starter_deck(name).expect("deck"), db).expect("ok"))
    };
    let options = PlayOptions::default();
    let mut seed = 0u64;
    group.bench_function("random_match_sd01_sd05_vanilla", |b| {
        let lists = decks(&vanilla);
        b.iter(|| {
            seed += 1;
            let mut game = Match::new(
                Arc::clone(&vanilla),
                Arc::new(NoAbilities),
                lists.clone(),
                seed,
            );
            let mut bots = [BotKind::Random.build(seed), BotKind::Random.build(seed + 1)];
            play_bot_match(&mut game, &mut bots, options)
        });
    });
    for (name, scripts) in [
        (
            "random_match_sd01_sd05_starter_packs",
            ScriptRuntime::Native,
        ),
        (
            "random_match_sd01_sd05_starter_packs_sandboxed",
            ScriptRuntime::Sandboxed,
        ),
    ] {
        let loaded = starter_packs(scripts);
        group.bench_function(name, |b| {
            let lists = decks(&loaded.db);
            b.iter(|| {
                seed += 1;
                let mut game =
                    Match::new(Arc::clone(&loaded.db), loaded.runner(), lists.clone(), seed);
                let mut bots = [BotKind::Random.build(seed), BotKind::Random.build(seed + 1)];
                play_bot_match(&mut game, &mut bots, options)
            });
        });
    }
    group.finish();
}

/// What one call into a natively run script pack costs, on the real path:
/// random-bot SD01 vs SD05 matches with the starter script pack alone (so
/// every ability is native SVE Script; with the Rust starter pack too, its
/// few calls of ~9 µs each would dominate the mean), timed by the runner's
/// own counters ([`RunnerUsage`], what `sve sim --json`'s `wasm_share`
/// comes from: each call from its start to its end, the game calls it
/// makes back included). One iteration is one call: the matches played
/// for a sample are timed and divided by their calls.
fn native_calls(c: &mut Criterion) {
    // The board below fills its decks with the engine's test cards.
    let mut base = parse_cards(STARTER_CARDS_JSON).expect("bundled cards");
    base.extend(fixtures::test_cards());
    let loaded = packs_from(
        &[root().join("card-packs/starter-scripts")],
        ScriptRuntime::Native,
        base,
    );
    let lists = ["SD01", "SD05"]
        .map(|name| resolve(&starter_deck(name).expect("deck"), &loaded.db).expect("ok"));
    let mut group = c.benchmark_group("native_script_call");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(3));
    let options = PlayOptions::default();
    group.bench_function("mean_per_call_in_random_sd01_sd05_matches", |b| {
        b.iter_custom(|iters| {
            // Every sample plays the same matches from seed 1 on, as many
            // as it takes, so two builds are timed on the same calls.
            let mut seed = 0u64;
            let mut usage = RunnerUsage::default();
            while usage.guest_calls < iters {
                seed += 1;
                let runner = loaded.runner();
                let mut game = Match::new(
                    Arc::clone(&loaded.db),
                    Arc::clone(&runner),
                    lists.clone(),
                    seed,
                );
                let mut bots = [BotKind::Random.build(seed), BotKind::Random.build(seed + 1)];
                play_bot_match(&mut game, &mut bots, options);
                usage = usage.plus(runner.usage());
            }
            per_call(usage, iters)
        });
    });
    // The call itself, with no work for the game in it: a hand of seven
    // Insight (SD03-005, "Draw a card."), whose play requirement reads
    // nothing (no target to find), asked once per card at each listing of
    // the main phase's legal actions. Timed as above, by the runner.
    let insight = Board::builder()
        .db(Arc::clone(&loaded.db))
        .runner(loaded.runner())
        .side(PlayerId(0), Side::new().hand(["Insight"; 7]).pp(2))
        .build();
    group.bench_function("noop_condition", |b| {
        b.iter_custom(|iters| {
            let runner = loaded.runner();
            let mut game = insight.game.clone();
            game.set_runner(Arc::clone(&runner));
            while runner.usage().guest_calls < iters {
                let actions = game.legal_main_actions(PlayerId(0));
                assert_eq!(actions.len(), 8, "seven plays and the end of the phase");
            }
            per_call(runner.usage(), iters)
        });
    });
    // The same listing in wall time, with the runner and without abilities:
    // the difference over seven is the whole of a call, the lookups before
    // the runner's clock starts included.
    for (name, runner) in [
        ("listing_with_seven_noop_conditions", loaded.runner()),
        (
            "listing_with_seven_noop_conditions_vanilla",
            Arc::new(NoAbilities) as Arc<dyn sve_engine::engine::AbilityRunner>,
        ),
    ] {
        let mut game = insight.game.clone();
        game.set_runner(runner);
        group.bench_function(name, |b| {
            b.iter(|| game.legal_main_actions(PlayerId(0)));
        });
    }
    group.finish();
}

/// The time of `iters` calls at the mean of those `usage` counted.
fn per_call(usage: RunnerUsage, iters: u64) -> Duration {
    let nanos =
        u128::from(usage.guest_nanos) * u128::from(iters) / u128::from(usage.guest_calls.max(1));
    Duration::from_nanos(u64::try_from(nanos).unwrap_or(u64::MAX))
}

criterion_group!(benches, compile, load, matches, native_calls);
criterion_main!(benches);
