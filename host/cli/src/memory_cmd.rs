//! `sve match-memory`: the heap one running match holds.
//!
//! Many matches are played by random bots to the same turn and kept alive
//! together, as a server keeps its tables; the heap in use is read before
//! and after (the bytes of every live block in this thread's mimalloc heap,
//! where the matches are built), and the difference is divided among
//! them. Card code is not counted per match: a pack's instances are shared
//! by every match of the process and live outside the heap (wasmtime maps
//! their memory itself).

use anyhow::{Result, bail};
use std::sync::Arc;
use sve_engine::bot::BotKind;
use sve_engine::cards::CardDb;
use sve_engine::engine::{AbilityRunner, DeckList, Match, Prompt, Status};

/// What to measure.
pub struct MemoryArgs {
    /// Matches held at once.
    pub matches: u32,
    /// The turn each match is played to (a main-phase decision on it or
    /// later).
    pub turn: u32,
    /// Seed of the first match.
    pub seed: u64,
    /// Print one JSON object on the last line.
    pub json: bool,
}

/// Plays, holds and measures the matches; prints the figures.
pub fn run(
    db: &Arc<CardDb>,
    runner: &Arc<dyn AbilityRunner>,
    decks: [DeckList; 2],
    args: MemoryArgs,
) -> Result<()> {
    let Some(_) = heap_in_use() else {
        bail!("match-memory could not walk the allocator's heap");
    };
    // One match first, dropped: caches and pools that the process keeps
    // whatever the number of matches (a pack's instances, the runtime's
    // decoded cards) are made before the first reading.
    drop(mid_game(db, runner, &decks, args.seed, args.turn));
    let before = heap_in_use().unwrap_or(0);
    let mut held = Vec::with_capacity(args.matches as usize);
    let mut turns = 0u64;
    for i in 0..u64::from(args.matches) {
        let game = mid_game(db, runner, &decks, args.seed + i, args.turn);
        turns += u64::from(game.state().turn);
        held.push(game);
    }
    let after = heap_in_use().unwrap_or(0);
    let count = held.len().max(1) as u64;
    let per_match = after.saturating_sub(before) / count;
    let running = held.iter().filter(|g| g.outcome().is_none()).count();
    let mean_turn = turns as f64 / count as f64;
    let shallow = std::mem::size_of::<Match>();
    println!(
        "matches held:         {} ({running} still running)",
        held.len()
    );
    println!("mean turn:            {mean_turn:.1}");
    println!("heap per match:       {per_match} bytes");
    println!("Match struct:         {shallow} bytes (inside the heap figure)");
    if args.json {
        println!(
            "{}",
            serde_json::json!({
                "matches": held.len(),
                "running": running,
                "mean_turn": mean_turn,
                "heap_bytes_per_match": per_match,
                "match_struct_bytes": shallow,
            })
        );
    }
    Ok(())
}

/// A match played by random bots until a main-phase decision on `turn` or
/// later (or its end), with its event list taken, as a server does.
fn mid_game(
    db: &Arc<CardDb>,
    runner: &Arc<dyn AbilityRunner>,
    decks: &[DeckList; 2],
    seed: u64,
    turn: u32,
) -> Match {
    let mut game = Match::new(Arc::clone(db), Arc::clone(runner), decks.clone(), seed);
    let mut bots = [
        BotKind::Random.build(2 * seed + 1),
        BotKind::Random.build(2 * seed + 2),
    ];
    loop {
        let decision = match game.step() {
            Status::GameOver(_) => break,
            Status::Decision(decision) => decision.clone(),
        };
        game.clear_events();
        if game.state().turn >= turn && decision.prompt == Prompt::MainAction {
            break;
        }
        let picks = bots[decision.player.idx()].choose(&game, &decision);
        if game.answer(decision.player, &picks).is_err() {
            // A bot's answer is legal by construction; should one not be,
            // the match is held as it stands.
            break;
        }
    }
    game.clear_events();
    game
}

/// Bytes of heap in use now: the sizes of the live blocks of this thread's
/// heap (the process allocates with mimalloc, `main.rs`; a heap is per
/// thread, and every match here is built on this one). `None` if the
/// heap could not be walked.
fn heap_in_use() -> Option<u64> {
    use libmimalloc_sys::{mi_heap_area_t, mi_heap_get_default, mi_heap_t, mi_heap_visit_blocks};
    use std::ffi::c_void;

    /// Adds a live block's size to the total `arg` points to.
    unsafe extern "C" fn add_block(
        _heap: *const mi_heap_t,
        _area: *const mi_heap_area_t,
        block: *mut c_void,
        block_size: usize,
        arg: *mut c_void,
    ) -> bool {
        // The visitor is called once per area with no block, then per block.
        if !block.is_null() {
            // SAFETY: `arg` is the `&mut u64` passed below, alive for the
            // whole walk, and nothing else touches it meanwhile.
            unsafe { *arg.cast::<u64>() += block_size as u64 };
        }
        true
    }

    let mut total: u64 = 0;
    // SAFETY: the default heap is this thread's own; walking it reads
    // mimalloc's bookkeeping and calls `add_block`, which allocates nothing.
    let walked = unsafe {
        mi_heap_visit_blocks(
            mi_heap_get_default(),
            true,
            Some(add_block),
            (&raw mut total).cast(),
        )
    };
    walked.then_some(total)
}
