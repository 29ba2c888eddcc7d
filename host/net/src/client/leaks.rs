//! What a client should never have been told: a client-side check that
//! tests and `sve loadtest` run on every update they receive.

use crate::inspect::InspectedCard;
use crate::protocol::Update;
use sve_engine::engine::{Event, PlayerId, Zone};

/// Counts the things in `update` this viewer may not know: a card of
/// another player's hand or face-down evolve deck shown face up, and a
/// card named while it moved between two places hidden from this viewer,
/// and an inspected card in a place hidden from it ([`count_inspected`]).
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
    leaks + count_inspected(&update.inspected, seat)
}

/// Counts the inspected cards this viewer may not know: one in a deck, or
/// in another player's hand or evolve deck. (A modifier's hidden source
/// carries nothing to count; the leak property test searches the bytes.)
pub fn count_inspected(cards: &[InspectedCard], seat: Option<u8>) -> u32 {
    let hidden = |card: &InspectedCard| match card.zone {
        Zone::Deck => true,
        Zone::Hand | Zone::EvolveDeck => seat != Some(card.controller.0),
        _ => false,
    };
    cards.iter().filter(|card| hidden(card)).count() as u32
}
