//! Bytes per `Update` frame a seat is sent on random-bot matches with the
//! cards of `card-packs/` (as `sve serve` plays them): the frame as sent,
//! what the pending abilities add to it, what the card inspector adds
//! when the seat follows one card (`ClientMsg::Inspect`), and what it
//! would add if every update carried every card the seat can see. The
//! last figure is why the inspector is asked for rather than pushed
//! (docs/online.md).
//!
//! ```sh
//! cargo run --release -p sve --example update_bytes -- 50
//! ```

use anyhow::{Context, Result};
use std::path::Path;
use std::sync::Arc;
use sve_engine::bot::{Bot, RandomBot};
use sve_engine::decks::{resolve, starter_deck};
use sve_engine::engine::{CardRef, DeckList, Match, PlayerId, Status};
use sve_net::feed::{SeatFeed, Viewer};
use sve_net::inspect::InspectedCard;
use sve_net::protocol::{Clocks, ServerMsg, Update, encode};
use sve_packs::catalog::Catalog;

fn main() -> Result<()> {
    let matches: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(20);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let catalog = Catalog::open(&root.join("card-packs"), &root.join("target"))
        .context("loading card-packs/")?;
    let db = catalog.db();
    let diagnostics = catalog.diagnostics();
    println!(
        "{} packs loaded, {} diagnostics",
        catalog.packs().len(),
        diagnostics.len()
    );
    let deck = |name: &str| -> Result<DeckList> {
        let file = starter_deck(name).context("a bundled deck")?;
        resolve(&file, &db).map_err(|errors| anyhow::anyhow!("{errors:?}"))
    };
    let decks = [deck("SD01")?, deck("SD05")?];
    let mut frames = Vec::new();
    let mut pending_bytes = 0usize;
    let mut one_card = Vec::new();
    let mut every_card = Vec::new();
    for seed in 0..matches {
        let mut game = Match::new(Arc::clone(&db), catalog.runner(), decks.clone(), seed);
        let mut feed = SeatFeed::new(Viewer::Seat(PlayerId(0)));
        let mut bots = [RandomBot::new(seed), RandomBot::new(seed ^ 0xabcd)];
        for step in 0..5_000u32 {
            let decision = match game.step() {
                Status::GameOver(_) => None,
                Status::Decision(d) => Some(d.clone()),
            };
            let events = feed.events(&game.take_events());
            let view = feed.view(&game);
            let visible: Vec<CardRef> = view
                .sides
                .iter()
                .flat_map(|side| side.shown_cards())
                .map(|card| card.card)
                .collect();
            // The seat follows one card: the first on a field, if any.
            let followed: Vec<CardRef> = view
                .sides
                .iter()
                .flat_map(|side| side.field.first())
                .map(|card| card.card)
                .take(1)
                .collect();
            let pending = feed.pending(&game);
            pending_bytes += encode(&pending).len() - 1;
            if !followed.is_empty() {
                one_card.push(encode(&feed.inspect(&game, &followed)).len() - 1);
            }
            every_card.push(encode(&feed.inspect(&game, &visible)).len() - 1);
            let update = Update {
                events,
                view,
                decision_seq: step,
                waiting_on: decision.as_ref().map(|d| d.player),
                clocks: Clocks::default(),
                resync: false,
                pending,
                inspected: Vec::<InspectedCard>::new(),
            };
            frames.push(encode(&ServerMsg::Update(Box::new(update))).len());
            let Some(decision) = decision else { break };
            let picks = bots[decision.player.idx()].choose(&game, &decision);
            game.answer(decision.player, &picks)
                .map_err(|r| anyhow::anyhow!("a bot's answer was refused: {r}"))?;
        }
    }
    let n = frames.len();
    let total: usize = frames.iter().sum();
    println!("{matches} matches, {n} updates to seat 1");
    println!(
        "update frame (protocol 3, nothing followed): mean {:.0} B, p50 {} B, max {} B",
        total as f64 / n as f64,
        percentile(&mut frames, 50),
        frames.last().copied().unwrap_or(0)
    );
    println!(
        "  of which the two new lists: {:.1} B (pending abilities {:.2} B, inspector 1 B)",
        (pending_bytes + 2 * n) as f64 / n as f64,
        pending_bytes as f64 / n as f64
    );
    println!(
        "  protocol 2's frame for the same update: mean {:.0} B",
        (total - pending_bytes - 2 * n) as f64 / n as f64
    );
    report("following one field card adds", &mut one_card);
    report(
        "every visible card in every update would add",
        &mut every_card,
    );
    Ok(())
}

fn report(what: &str, sizes: &mut [usize]) {
    let mean = sizes.iter().sum::<usize>() as f64 / sizes.len().max(1) as f64;
    println!(
        "{what}: mean {mean:.0} B, p50 {} B, max {} B ({} updates)",
        percentile(sizes, 50),
        sizes.iter().max().copied().unwrap_or(0),
        sizes.len()
    );
}

fn percentile(sizes: &mut [usize], p: usize) -> usize {
    sizes.sort_unstable();
    sizes
        .get(sizes.len().saturating_sub(1) * p / 100)
        .copied()
        .unwrap_or(0)
}
