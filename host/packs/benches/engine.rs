//! Engine benchmarks over the real code path with the vanilla starter cards:
//!
//! - `full_random_match`: one complete SD01 vs SD02 match between two
//!   random bots, a new seed every iteration (time per match → matches/s
//!   on one core).
//! - `legal_main_actions`: the active player's legal main-phase actions at a
//!   fixed mid-game position (turn 8 or later, a main action pending).
//! - `characteristics_of_fields_hands_and_ex`, `field_characteristics`:
//!   current characteristics (printed values, effects, passives) of the
//!   cards rules queries read, one by one and as rules handling reads the
//!   fields, at that same position.
//! - `match_clone`: cloning the match at that same position (what the greedy
//!   bot does once per option).
//!
//! Run with `cargo bench -p sve-packs`; measurement is kept short so the run
//! takes well under a minute after compiling.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;
use sve_engine::bot::{Bot, BotKind, RandomBot};
use sve_engine::cards::CardDb;
use sve_engine::engine::{AbilityRunner, DeckList, Match, NoAbilities, Prompt, Status};
use sve_engine::sim::{PlayOptions, play_bot_match};

/// The allocator the `sve` and `sve-ui` binaries use, so the figures are
/// the product's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The first turn of the mid-game position.
const MID_GAME_TURN: u32 = 8;

/// The starter database, the runner and SD01 vs SD02.
struct Setup {
    db: Arc<CardDb>,
    runner: Arc<dyn AbilityRunner>,
    decks: [DeckList; 2],
}

fn setup() -> Setup {
    let db =
        Arc::new(sve_engine::cards::starter::starter_db().expect("bundled starter cards load"));
    let deck = |name: &str| {
        let file = sve_engine::decks::starter_deck(name).expect("bundled starter deck");
        sve_engine::decks::resolve(&file, &db).expect("bundled starter deck resolves")
    };
    let decks = [deck("SD01"), deck("SD02")];
    Setup {
        db,
        runner: Arc::new(NoAbilities),
        decks,
    }
}

/// Plays random-bot matches forward from fixed seeds until one reaches a
/// main-action decision on turn [`MID_GAME_TURN`] or later with more than
/// the one "end the main phase" action on offer. Deterministic.
fn mid_game(setup: &Setup) -> Match {
    for seed in 1..1_000u64 {
        let mut game = Match::new(
            Arc::clone(&setup.db),
            Arc::clone(&setup.runner),
            setup.decks.clone(),
            seed,
        );
        let mut bots = [RandomBot::new(2 * seed + 1), RandomBot::new(2 * seed + 2)];
        loop {
            let decision = match game.step() {
                Status::GameOver(_) => break,
                Status::Decision(decision) => decision.clone(),
            };
            game.clear_events();
            let active = game.state().active;
            if game.state().turn >= MID_GAME_TURN
                && decision.prompt == Prompt::MainAction
                && decision.player == active
                && game.legal_main_actions(active).len() > 1
            {
                eprintln!(
                    "mid-game position: seed {seed}, turn {}, {} legal main actions, {} cards on the field",
                    game.state().turn,
                    game.legal_main_actions(active).len(),
                    game.state().player(active).field.len()
                        + game.state().player(active.opponent()).field.len(),
                );
                return game;
            }
            let picks = bots[decision.player.idx()].choose(&game, &decision);
            game.answer(decision.player, &picks)
                .expect("a random bot answers legally");
        }
    }
    panic!("no random match from seeds 1..1000 reached a mid-game main action");
}

fn full_random_match(c: &mut Criterion) {
    let setup = setup();
    let options = PlayOptions {
        turn_cap: 200,
        check_invariants: false,
        keep_log: false,
    };
    let mut seed = 0u64;
    c.bench_function("full_random_match", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = Match::new(
                Arc::clone(&setup.db),
                Arc::clone(&setup.runner),
                setup.decks.clone(),
                seed,
            );
            let mut bots = [
                BotKind::Random.build(2 * seed + 1),
                BotKind::Random.build(2 * seed + 2),
            ];
            black_box(play_bot_match(&mut game, &mut bots, options))
        })
    });
}

fn legal_main_actions(c: &mut Criterion) {
    let setup = setup();
    let game = mid_game(&setup);
    let active = game.state().active;
    c.bench_function("legal_main_actions", |b| {
        b.iter(|| black_box(&game).legal_main_actions(black_box(active)))
    });
}

fn characteristics(c: &mut Criterion) {
    let setup = setup();
    let game = mid_game(&setup);
    let state = game.state();
    // Every card a rules query reads at once: both fields, hands and EX
    // areas.
    let cards: Vec<_> = state
        .players
        .iter()
        .flat_map(|p| p.field.iter().chain(&p.hand).chain(&p.ex_area).copied())
        .collect();
    c.bench_function("characteristics_of_fields_hands_and_ex", |b| {
        b.iter(|| {
            for &card in &cards {
                black_box(state.characteristics(&setup.db, black_box(card)));
            }
        })
    });
    c.bench_function("field_characteristics", |b| {
        b.iter(|| black_box(state).field_characteristics(&setup.db))
    });
}

fn match_clone(c: &mut Criterion) {
    let setup = setup();
    let game = mid_game(&setup);
    c.bench_function("match_clone", |b| b.iter(|| black_box(&game).clone()));
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(30);
    targets = full_random_match, legal_main_actions, characteristics, match_clone
}
criterion_main!(benches);
