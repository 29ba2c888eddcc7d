//! Evolving (rules-coverage.md §10.2, CR 5.16): the follower stays the same object,
//! the evolved card is linked to it and its information replaces the base
//! card's (except cost); damage, state and effects carry over.
//!
//! Which evolved card, and which face (later-sets §10, CR 4.6.4): the evolve
//! ability may name the evolved cards ("evolve this follower into an X or a
//! Y", [`CardDef::evolves_into`]); without names it takes those sharing the
//! follower's name. A double-faced evolved card may show either face whose
//! name fits, and evolves into that face. An effect's evolution takes only
//! the follower's own name (CR 5.16.1.1).
//!
//! [`CardDef::evolves_into`]: crate::cards::CardDef::evolves_into

use crate::cards::{CardDef, CardType, base_name_of};
use crate::engine::Match;
use crate::engine::event::{Event, MoveCause};
use crate::engine::ids::{CardRef, DefId};
use crate::engine::mutation::{Mutation, Place};
use crate::engine::state::{Duration, EffectKind, Zone};

/// One way a follower can evolve: an evolved card of the evolve deck and
/// the face it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EvolveOption {
    /// The face-down evolved card.
    pub evolved: CardRef,
    /// The face it evolves into: its own definition, or its back face's.
    pub face: DefId,
}

impl Match {
    /// The ways this follower can evolve now, one per face (copies of a
    /// card are alike), in evolve-deck order, front faces before backs:
    /// face-down evolved cards in its controller's evolve deck whose face
    /// fits by name. `by_ability`: as its evolve ability names them;
    /// otherwise (an effect's evolution) its own name only.
    pub(crate) fn evolve_options(&self, card: CardRef, by_ability: bool) -> Vec<EvolveOption> {
        let mut options: Vec<EvolveOption> = Vec::new();
        for option in self.evolve_candidates(card, by_ability) {
            if !options.iter().any(|o| o.face == option.face) {
                options.push(option);
            }
        }
        options
    }

    /// Whether the follower's evolve ability has an evolved card to evolve
    /// into. Asked at every listing of legal actions for each follower that
    /// could evolve: it stops at the first fit and allocates nothing.
    pub(crate) fn can_evolve_into_any(&self, card: CardRef) -> bool {
        self.evolve_candidates(card, true).next().is_some()
    }

    /// Whether `pp` play points pay for evolving this follower with its
    /// evolve ability into some face, with `use_ep` 1 EP in lieu of 1 PP
    /// (only for a cost of at least 1, CR 12.2.3): at `cost`, its evolve
    /// cost now, or, when its faces cost their own (later-sets §10), at
    /// one of theirs.
    pub(crate) fn evolve_payable(&self, card: CardRef, cost: i32, use_ep: bool, pp: i32) -> bool {
        if self
            .db
            .get(self.state.card(card).def)
            .face_evolve_costs
            .is_empty()
        {
            return pays_evolve_cost(cost, use_ep, pp);
        }
        self.evolve_candidates(card, true).any(|option| {
            self.state
                .evolve_cost_into(&self.db, card, option.face)
                .is_some_and(|cost| pays_evolve_cost(cost, use_ep, pp))
        })
    }

    /// Every fit of [`Match::evolve_options`] in its order, copies of a
    /// face included.
    fn evolve_candidates(
        &self,
        card: CardRef,
        by_ability: bool,
    ) -> impl Iterator<Item = EvolveOption> + '_ {
        let state = self.state.card(card);
        let on_field = state.zone == Zone::Field && state.evolved_with.is_none();
        let base = self.db.get(state.def);
        let fits = move |face: &CardDef| {
            // An advanced card is never an evolved card (CR 5.16.1.1, 9.2).
            face.card_type == CardType::EvolvedFollower
                && !face.advanced
                && if by_ability && !base.evolves_into.is_empty() {
                    base.evolves_into
                        .iter()
                        .any(|name| base_name_of(name) == face.base_name())
                } else {
                    face.base_name() == base.base_name()
                }
        };
        let evolve_deck: &[CardRef] = if on_field {
            &self.state.player(state.controller).evolve_deck
        } else {
            &[]
        };
        evolve_deck
            .iter()
            .copied()
            .filter(|evolved| !self.state.card(*evolved).face_up)
            .flat_map(move |evolved| {
                let front = self.state.card(evolved).def;
                std::iter::once(front)
                    .chain(self.db.back_face(front))
                    .filter(move |face| fits(self.db.get(*face)))
                    .map(move |face| EvolveOption { evolved, face })
            })
    }

    /// Evolves a follower into one of its [`Match::evolve_options`] (after
    /// any cost is paid).
    pub(crate) fn evolve_into(&mut self, card: CardRef, option: EvolveOption, super_evolve: bool) {
        let EvolveOption { evolved, face } = option;
        let controller = self.state.card(card).controller;
        // 1. The evolved card goes into the evolve zone, linked (CR 5.16.1),
        // showing the face it was revealed by (CR 4.6.4).
        self.apply(Mutation::Move {
            card: evolved,
            to_player: controller,
            to: Zone::EvolveZone,
            place: Place::Top,
            cause: MoveCause::Evolve,
        });
        if self.state.card(evolved).def != face {
            self.apply(Mutation::ShowFace(evolved, face));
        }
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
    }

    /// Evolution by an effect (CR 5.16.1.1): no cost, no EP, does not use the
    /// turn's evolve, and only into an evolved card of the follower's own
    /// name. Returns false when there is none.
    pub(crate) fn evolve_by_effect(&mut self, card: CardRef) -> bool {
        let Some(option) = self.evolve_options(card, false).first().copied() else {
            return false;
        };
        self.evolve_into(card, option, false);
        true
    }
}

/// Whether `pp` play points pay an evolve cost, with `use_ep` 1 EP in lieu
/// of 1 PP, which a cost of 0 can't take (CR 12.2.3).
pub(crate) fn pays_evolve_cost(cost: i32, use_ep: bool, pp: i32) -> bool {
    if use_ep {
        cost >= 1 && pp >= cost - 1
    } else {
        pp >= cost
    }
}
