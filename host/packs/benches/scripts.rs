//! SVE Script packs on the real path: compiling (parse, check, IR and
//! packaging), loading a script pack into the runtime component (what a hot
//! reload does), and whole random-bot matches played by the starter packs,
//! their scripts run natively and in the sandbox (running scenario files:
//! `cargo bench -p sve-scenario`).
//!
//! Run with `cargo bench -p sve-packs --bench scripts`. Throughput is
//! reported in cards per second for the compile benchmarks.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use sve_engine::bot::BotKind;
use sve_engine::cards::starter::{STARTER_CARDS_JSON, parse_cards, starter_db};
use sve_engine::decks::{resolve, starter_deck};
use sve_engine::engine::{Match, NoAbilities};
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
    PackLibrary::open(
        &[
            root().join("card-packs/starter-scripts"),
            root().join("card-packs/rust-starter"),
        ],
        &LoadOptions {
            base: parse_cards(STARTER_CARDS_JSON).expect("bundled cards"),
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

criterion_group!(benches, compile, load, matches);
criterion_main!(benches);
