//! Racing (Umamusume, rules-coverage.md §2.10, CR 14.2): a serve ability puts Carrot
//! cards from the evolve deck into the evolve zone, linked to a follower;
//! the follower has raced and has Rush. Serving counts as the turn's
//! evolve (1 EP may replace 1 PP), and a follower that races already cannot
//! be served again. When the follower leaves the field its Carrots are
//! unlinked and rules handling returns them face up (CR 11.8).
//!
//! Carrots are the spells named `Carrot` ([`CardDef::is_carrot`]).
//!
//! [`CardDef::is_carrot`]: crate::cards::CardDef::is_carrot

use crate::cards::{CardDb, CardType, Keywords};
use crate::engine::Match;
use crate::engine::event::MoveCause;
use crate::engine::ids::CardRef;
use crate::engine::mutation::{Mutation, Place};
use crate::engine::state::GameState;
use crate::engine::state::{Duration, EffectKind, Zone};

/// The face-down Carrots of the follower's controller, in deck order.
fn carrots_for(state: &GameState, db: &CardDb, card: CardRef) -> Vec<CardRef> {
    let controller = state.card(card).controller;
    state
        .player(controller)
        .evolve_deck
        .iter()
        .copied()
        .filter(|c| {
            let carrot = state.card(*c);
            !carrot.face_up && db.get(carrot.def).is_carrot()
        })
        .collect()
}

/// Whether `card` can be served `count` Carrots now, paying `count` play
/// points, or one less and 1 evolution point with `use_ep`.
pub(crate) fn can_race(
    state: &GameState,
    db: &CardDb,
    card: CardRef,
    count: u8,
    use_ep: bool,
) -> bool {
    let this = state.card(card);
    let player = state.player(this.controller);
    let follower = matches!(
        state.characteristics(db, card).card_type,
        CardType::Follower | CardType::EvolvedFollower
    );
    let pp_cost = i32::from(count) - i32::from(use_ep);
    count > 0
        && this.zone == Zone::Field
        && follower
        && this.raced == 0
        && !player.evolved_this_turn
        && (!use_ep || player.ep >= 1)
        && player.pp >= pp_cost
        && carrots_for(state, db, card).len() >= usize::from(count)
}

impl Match {
    /// Serves `card` `count` Carrots (see [`can_race`]);
    /// returns false, changing nothing, when it cannot.
    pub(crate) fn race(&mut self, card: CardRef, count: u8, use_ep: bool) -> bool {
        if !can_race(&self.state, &self.db, card, count, use_ep) {
            return false;
        }
        let controller = self.state.card(card).controller;
        // Serving pays like the evolve ability (CR 14.2.2.4–14.2.2.5).
        self.pay_turns_evolve(controller, i32::from(count), use_ep);
        for carrot in carrots_for(&self.state, &self.db, card)
            .into_iter()
            .take(usize::from(count))
        {
            self.apply(Mutation::Move {
                card: carrot,
                to_player: controller,
                to: Zone::EvolveZone,
                place: Place::Top,
                cause: MoveCause::Race,
            });
            self.apply(Mutation::LinkCarrot { base: card, carrot });
        }
        self.add_effect(
            card,
            EffectKind::Keywords(Keywords::RUSH),
            Duration::WhileInZone,
            Some(card),
        );
        true
    }
}
