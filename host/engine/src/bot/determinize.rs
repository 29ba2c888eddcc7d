//! Determinization: a whole match that agrees with everything one player
//! knows, with what they can't see dealt again at random.
//!
//! A searching bot plays ahead on these worlds, never on the real match,
//! so what it decides can't depend on a hidden card. What a player knows:
//! - every public zone, their own hand and their own face-down evolve deck;
//! - the cards of their own pending decision (a search shows deck cards);
//! - a card in the opponent's hand that went there from a public zone
//!   (returned from the field, added from the cemetery): it stays known;
//! - the opponent's deck list, as for the bundled starter decks and open
//!   deck lists: what of it is unseen is the pool the hidden cards are
//!   dealt from.
//!
//! What is dealt again:
//! - the opponent's hand (but its known cards) and deck, from one pool;
//! - the player's own deck order (they know its contents);
//! - the opponent's face-down evolve cards;
//! - the match RNG, reseeded: the real one would tell future shuffles.
//!
//! Not dealt again: a face-down Starting Amulet on the opponent's field
//! (later-sets §2.2, during the mulligans). Its name is no secret: a deck
//! built on the Vanguard universe holds Starting Amulets of one name only
//! (a deck rule), and the deck list is known.
//!
//! Cards keep their places (`CardRef`s, objects, zones); only the printed
//! definitions move between hidden places. The pool is sorted before it is
//! shuffled, so where a card really lies can't show through the deal.

use crate::engine::state::GameState;
use crate::engine::{CardRef, Choice, DefId, Match, PlayerId, Zone};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// A match consistent with what `viewer` knows of `game`, its hidden cards
/// and its RNG drawn from `rng` (see the module docs).
pub fn determinize(game: &Match, viewer: PlayerId, rng: &mut ChaCha8Rng) -> Match {
    let mut world = game.clone();
    // Cards are re-dealt by hand below, not by mutations.
    world.settled.forget();
    world.events.clear();
    // A cancel point holds the real state, hidden cards and all; bots never
    // cancel, so the world forgets it.
    world.drop_cancel_point();
    let shown = shown_by_decision(game, viewer);
    let state = &mut world.state;
    let opponent = viewer.opponent();
    let opponent_pool: Vec<CardRef> = {
        let side = state.player(opponent);
        side.hand
            .iter()
            .filter(|c| !known_in_hand(state, **c))
            .chain(&side.deck)
            .copied()
            .filter(|c| !shown.contains(c))
            .collect()
    };
    redeal(state, &opponent_pool, rng);
    let own_deck: Vec<CardRef> = state
        .player(viewer)
        .deck
        .iter()
        .copied()
        .filter(|c| !shown.contains(c))
        .collect();
    redeal(state, &own_deck, rng);
    let face_down: Vec<CardRef> = state
        .player(opponent)
        .evolve_deck
        .iter()
        .copied()
        .filter(|c| !state.card(*c).face_up && !shown.contains(c))
        .collect();
    redeal(state, &face_down, rng);
    state.rng = ChaCha8Rng::seed_from_u64(rng.next_u64());
    state.forget_characteristics();
    world
}

/// Whether a card in a hand is known to both players: it came to the hand
/// from a public zone.
fn known_in_hand(state: &GameState, card: CardRef) -> bool {
    state
        .card(card)
        .came_from
        .is_some_and(|zone| !zone.is_private() && zone != Zone::Leader)
}

/// The cards `viewer`'s own pending decision shows them.
fn shown_by_decision(game: &Match, viewer: PlayerId) -> Vec<CardRef> {
    let Some(decision) = game.decision().filter(|d| d.player == viewer) else {
        return Vec::new();
    };
    decision
        .options
        .iter()
        .filter_map(|option| match option {
            Choice::Card(card) => Some(*card),
            _ => None,
        })
        .collect()
}

/// Deals the definitions of `places` among them again.
fn redeal(state: &mut GameState, places: &[CardRef], rng: &mut ChaCha8Rng) {
    if places.len() < 2 {
        return;
    }
    let mut defs: Vec<DefId> = places.iter().map(|c| state.card(*c).def).collect();
    defs.sort_unstable();
    for i in (1..defs.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        defs.swap(i, j);
    }
    for (place, def) in places.iter().zip(defs) {
        state.cards[place.idx()].def = def;
    }
}
