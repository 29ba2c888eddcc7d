//! The wasm pack boundary, measured on the real path: a call into a Rust
//! pack (with its fresh instance), guest→host calls, an ability with one
//! re-entrant choice, whole random-bot matches with wasm abilities against
//! the same decks with vanilla cards, and the worst a hostile ability run
//! can cost before a limit stops it (`worst_case`). Builds the needed packs
//! first (cargo, wasm32).

use criterion::{Criterion, criterion_group, criterion_main};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use sve_engine::board::{Board, Side, fixtures};
use sve_engine::bot::BotKind;
use sve_engine::cards::starter::{STARTER_CARDS_JSON, parse_cards, starter_db};
use sve_engine::decks::{resolve, starter_deck};
use sve_engine::engine::{Choice, Match, NoAbilities, PlayerId};
use sve_engine::sim::{PlayOptions, play_bot_match};
use sve_packs::packs::{LoadOptions, LoadedPacks, load_packs, read_manifest};

/// The allocator the `sve` and `sve-ui` binaries use, so the figures are
/// the product's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn root() -> PathBuf {
    // The workspace root, two folders above `host/packs`.
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn load(packs: &[&str]) -> LoadedPacks {
    let target = root().join("target");
    let mut base = parse_cards(STARTER_CARDS_JSON).expect("bundled cards");
    base.extend(fixtures::test_cards());
    let dirs: Vec<PathBuf> = packs
        .iter()
        .map(|p| {
            let dir = root().join(p);
            let manifest = read_manifest(&dir).expect("pack.toml");
            if sve_packs::packs::is_stale(&manifest) {
                sve_packs::packs::build_rust_pack(&manifest, &target.join("packs"), &mut |_| {})
                    .expect("pack builds");
            }
            dir
        })
        .collect();
    let loaded = load_packs(
        &dirs,
        &LoadOptions {
            base,
            cache_dir: Some(target.join("sve-cache")),
            dev_packs: Default::default(),
            language: None,
            script_runtime: Default::default(),
        },
    )
    .expect("packs load");
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    loaded
}

/// A board where P1 can play `card` (cost 0 or 2 PP available).
fn board(loaded: &LoadedPacks, card: &str) -> Board {
    Board::builder()
        .db(Arc::clone(&loaded.db))
        .runner(loaded.runner())
        .side(PlayerId(0), Side::new().hand([card]).pp(2))
        .build()
}

fn boundary(c: &mut Criterion) {
    let loaded = load(&["tests/packs/hostile", "card-packs/rust-starter"]);
    let mut group = c.benchmark_group("packs");
    group.measurement_time(Duration::from_secs(3));
    group.warm_up_time(Duration::from_secs(1));
    group.sample_size(30);

    // A Rust pack gets a fresh instance at every call, so
    // `play_wasm_noop_spell` includes one instantiation: against
    // `play_vanilla_card` it is what one call into a Rust pack costs.

    // The same play with and without a wasm call: the difference is one
    // host→guest call (plus the engine's snapshot for the run).
    let noop = board(&loaded, "No-op");
    let vanilla = board(&loaded, "Test Fairy");
    for (name, start) in [
        ("play_vanilla_card", &vanilla),
        ("play_wasm_noop_spell", &noop),
    ] {
        group.bench_function(name, |b| {
            b.iter_batched(
                || start.game.clone(),
                |mut game| {
                    let idx = game
                        .decision()
                        .and_then(|d| {
                            d.options
                                .iter()
                                .position(|o| matches!(o, Choice::Action(a) if *a != sve_engine::engine::Action::EndMainPhase))
                        })
                        .expect("a play");
                    game.answer(PlayerId(0), &[idx]).expect("legal");
                    game.step();
                    game
                },
                criterion::BatchSize::SmallInput,
            )
        });
    }

    // 1,000 guest→host calls in one ability (subtract the no-op play).
    let calls = board(&loaded, "Thousand Host Calls");
    group.bench_function("play_wasm_spell_with_1000_host_calls", |b| {
        b.iter_batched(
            || calls.game.clone(),
            |mut game| {
                game.answer(PlayerId(0), &[0]).expect("legal");
                game.step();
                game
            },
            criterion::BatchSize::SmallInput,
        )
    });

    // An ability with one re-entrant choice: the run asks, is rolled back,
    // the player answers, the run completes.
    let oracle = Board::builder()
        .db(Arc::clone(&loaded.db))
        .runner(loaded.runner())
        .side(PlayerId(0), Side::new().hand(["Dragon Oracle"]).pp(2))
        .build();
    group.bench_function("ability_with_one_choice", |b| {
        b.iter_batched(
            || oracle.game.clone(),
            |mut game| {
                game.answer(PlayerId(0), &[0]).expect("play");
                game.step();
                game.answer(PlayerId(0), &[1]).expect("draw a card");
                game.step();
                game
            },
            criterion::BatchSize::SmallInput,
        )
    });
    group.finish();
}

fn matches(c: &mut Criterion) {
    let loaded = load(&["card-packs/rust-starter"]);
    let vanilla_db = Arc::new(starter_db().expect("bundled cards"));
    let decks = |db: &sve_engine::cards::CardDb| {
        [
            resolve(&starter_deck("SD02").expect("deck"), db).expect("resolves"),
            resolve(&starter_deck("SD05").expect("deck"), db).expect("resolves"),
        ]
    };
    let mut group = c.benchmark_group("random_match_sd02_vs_sd05");
    group.measurement_time(Duration::from_secs(4));
    group.sample_size(30);
    let mut seed = 0u64;
    group.bench_function("vanilla", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = Match::new(
                Arc::clone(&vanilla_db),
                Arc::new(NoAbilities),
                decks(&vanilla_db),
                seed,
            );
            let mut bots = [BotKind::Random.build(seed), BotKind::Random.build(seed + 1)];
            play_bot_match(&mut game, &mut bots, PlayOptions::default())
        })
    });
    let mut seed = 0u64;
    group.bench_function("wasm_abilities", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = Match::new(
                Arc::clone(&loaded.db),
                loaded.runner(),
                decks(&loaded.db),
                seed,
            );
            let mut bots = [BotKind::Random.build(seed), BotKind::Random.build(seed + 1)];
            play_bot_match(&mut game, &mut bots, PlayOptions::default())
        })
    });
    group.finish();
}

/// One ability run of each hostile card, from playing it to the next
/// decision: each runs until a limit stops it (fuel, host-call fuel, the
/// per-run budget of changes, the card arena) and is rolled back.
fn worst_case(c: &mut Criterion) {
    let loaded = load(&["tests/packs/hostile", "tests/packs/chaos"]);
    let mut group = c.benchmark_group("worst_case");
    group.measurement_time(Duration::from_secs(4));
    group.warm_up_time(Duration::from_secs(1));
    group.sample_size(10);
    for (name, card) in [
        ("guest_loop_until_out_of_fuel", "Endless Loop"),
        ("host_calls_until_the_call_limit", "Call Flood"),
        ("effects_until_the_change_budget", "Effect Flood"),
        ("tokens_500_summoned_and_banished", "Token Flood"),
        ("allocate_until_the_memory_cap", "Unbounded Allocation"),
    ] {
        let start = Board::builder()
            .db(Arc::clone(&loaded.db))
            .runner(loaded.runner())
            .side(PlayerId(0), Side::new().hand([card]).field(["V2"]).pp(2))
            .build();
        let play = start
            .game
            .decision()
            .and_then(|d| {
                d.options.iter().position(|o| {
                    matches!(o, Choice::Action(sve_engine::engine::Action::Play { .. }))
                })
            })
            .expect("the card can be played");
        group.bench_function(name, |b| {
            b.iter_batched(
                || start.game.clone(),
                |mut game| {
                    game.answer(PlayerId(0), &[play]).expect("play");
                    game.step();
                    game
                },
                criterion::BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, boundary, matches, worst_case);
criterion_main!(benches);
