//! Evolving (rules-coverage.md §10.2, CR 5.16): the follower stays the same object,
//! the evolved card is linked to it and its information replaces the base
//! card's (except cost); damage, state and effects carry over.

use crate::engine::Match;
use crate::engine::event::{Event, MoveCause};
use crate::engine::ids::CardRef;
use crate::engine::mutation::{Mutation, Place};
use crate::engine::state::{Duration, EffectKind, Zone};

impl Match {
    /// A face-down evolved card in the controller's evolve deck that can
    /// evolve this follower (same name, CR 12.2.2).
    pub(crate) fn evolve_card_for(&self, card: CardRef) -> Option<CardRef> {
        let state = self.state.card(card);
        if state.zone != Zone::Field || state.evolved_with.is_some() {
            return None;
        }
        let base_name = self.db.get(state.def).base_name();
        let candidates = self.db.evolved_for(base_name);
        self.state
            .player(state.controller)
            .evolve_deck
            .iter()
            .copied()
            .find(|e| {
                let evolved = self.state.card(*e);
                !evolved.face_up && candidates.contains(&evolved.def)
            })
    }

    /// Evolves a follower (after any cost is paid). Returns false when no
    /// evolved card is available.
    pub(crate) fn evolve(&mut self, card: CardRef, super_evolve: bool) -> bool {
        let Some(evolved) = self.evolve_card_for(card) else {
            return false;
        };
        let controller = self.state.card(card).controller;
        // 1. The evolved card goes into the evolve zone, linked (CR 5.16.1).
        self.apply(Mutation::Move {
            card: evolved,
            to_player: controller,
            to: Zone::EvolveZone,
            place: Place::Top,
            cause: MoveCause::Evolve,
        });
        self.apply(Mutation::Link {
            base: card,
            evolved,
        });
        self.apply(Mutation::SetEvolved { card, super_evolve });
        // Super evolution: +1/+1 after evolving (CR 12.2.4.1).
        if super_evolve {
            self.add_effect(
                card,
                EffectKind::Stats {
                    attack: 1,
                    defense: 1,
                },
                Duration::WhileInZone,
                Some(card),
            );
        }
        // 4. The "evolves" event: On Evolve and friends trigger.
        self.emit(Event::Evolved {
            card,
            evolved,
            super_evolve,
        });
        true
    }

    /// Evolution by an effect (CR 5.16.1.1): no cost, no EP, does not use the
    /// turn's evolve.
    pub(crate) fn evolve_by_effect(&mut self, card: CardRef) -> bool {
        self.evolve(card, false)
    }
}
