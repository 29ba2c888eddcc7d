//! What a client should never have been told: a client-side check that
//! tests and `sve loadtest` run on every update they receive.

use crate::protocol::Update;
use sve_engine::engine::{Event, PlayerId};

/// Counts the things in `update` this viewer may not know: a card of
/// another player's hand or face-down evolve deck shown face up, and a
/// card named while it moved between two places hidden from this viewer.
/// `seat` is `None` for a spectator.
pub fn count(update: &Update, seat: Option<u8>) -> u32 {
    let own = |player: PlayerId| seat == Some(player.0);
    let mut leaks = 0;
    for (i, side) in update.view.sides.iter().enumerate() {
        if own(PlayerId(i as u8)) {
            continue;
        }
        leaks += side.hand.iter().filter(|c| c.is_some()).count() as u32;
        leaks += side.evolve_deck.iter().filter(|c| c.is_some()).count() as u32;
    }
    if let Some(decision) = &update.view.decision
        && !own(decision.player)
    {
        leaks += 1;
    }
    for event in &update.events {
        if let Event::Moved {
            def: Some(_),
            owner,
            from,
            to,
            ..
        } = event
        {
            let hidden = |zone: sve_engine::engine::Zone| {
                zone == sve_engine::engine::Zone::Deck || (zone.is_private() && !own(*owner))
            };
            if hidden(*from) && hidden(*to) {
                leaks += 1;
            }
        }
    }
    leaks
}
