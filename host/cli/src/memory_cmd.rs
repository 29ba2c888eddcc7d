//! `sve match-memory`: the heap one running match holds.
//!
//! Many matches are played by random bots to the same turn and kept alive
//! together, as a server keeps its tables; the heap in use is read before
//! and after (glibc's `mallinfo2`), and the difference is divided among
//! them. Card code is not counted per match: a pack's instances are shared
//! by every match of the process and live outside the heap (wasmtime maps
//! their memory itself).

use anyhow::{Result, bail};
use std::sync::Arc;
use sve_host::bot::BotKind;
use sve_host::cards::CardDb;
use sve_host::engine::{AbilityRunner, DeckList, Match, Prompt, Status};

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
        bail!("match-memory reads glibc's heap figures: it runs on Linux with glibc only");
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

/// Bytes of heap in use now (allocated chunks, mapped ones included).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn heap_in_use() -> Option<u64> {
    // SAFETY: `mallinfo2` only reads the allocator's counters; it takes no
    // arguments and returns a plain struct.
    let info = unsafe { libc::mallinfo2() };
    Some((info.uordblks + info.hblkhd) as u64)
}

/// Heap figures are read from glibc; elsewhere there are none.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn heap_in_use() -> Option<u64> {
    None
}
