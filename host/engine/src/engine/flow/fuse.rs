//! Fuse (later-sets §9, CR 12.18): the cost of an activated ability that
//! works in the hand. "Fuse [N matching cards]" discards from the hand
//! and/or buries from the EX area N matching cards other than this one,
//! together (CR 12.18.2.1), and puts this card from the hand into the EX
//! area. "Fuse N or less" fuses 1 to N (CR 12.18.2.2).
//!
//! The card must fit into the EX area once the buried EX cards have left
//! it (CR 4.8.3.2): with a full EX area at least one fused card comes from
//! there, so that choice is asked first, among the EX cards alone; the rest
//! is asked after it. The fused cards are the run's
//! ([`AbilityRun::fused`]), for its text ("if you fused a follower") and
//! for the triggers "whenever you fuse" and "when this is fused"
//! ([`Event::Fused`], `triggers.rs`).

use crate::cards::{CostItem, FuseCost};
use crate::engine::Match;
use crate::engine::event::{Event, MoveCause};
use crate::engine::ids::{CardRef, PlayerId};
use crate::engine::mutation::Place;
use crate::engine::runtime::AbilityRun;
use crate::engine::state::Zone;
use crate::engine::state::query::EX_LIMIT;

/// What paying a Fuse cost needs next.
pub(super) enum FuseStep {
    /// Nothing more to choose: fuse these cards.
    Fuse(Vec<CardRef>),
    /// Ask which of `candidates` to fuse, `min` to `max` of them.
    Ask {
        /// The cards that may be chosen.
        candidates: Vec<CardRef>,
        /// Fewest.
        min: usize,
        /// Most.
        max: usize,
        /// The question's words.
        purpose: &'static str,
    },
}

impl Match {
    /// The cards `card` could fuse: matching cards in its controller's hand
    /// and EX area, other than itself.
    fn fuse_candidates(&self, player: PlayerId, card: CardRef, cost: &FuseCost) -> Vec<CardRef> {
        let p = self.state.player(player);
        p.hand
            .iter()
            .chain(p.ex_area.iter())
            .copied()
            .filter(|c| *c != card && self.state.matches(&self.db, *c, &cost.filter, Some(card)))
            .collect()
    }

    /// Whether `player`'s EX area has no room for one more card.
    fn ex_area_full(&self, player: PlayerId) -> bool {
        self.state.player(player).ex_area.len() >= EX_LIMIT
    }

    /// Whether a Fuse cost can be paid (CR 10.4.2.2): the card is in the
    /// hand, enough cards can be fused, and with a full EX area one of
    /// them is there (CR 4.8.3.2).
    pub(super) fn can_fuse(&self, player: PlayerId, card: CardRef, cost: &FuseCost) -> bool {
        if self.state.card(card).zone != Zone::Hand || cost.min == 0 {
            return false;
        }
        let candidates = self.fuse_candidates(player, card, cost);
        if candidates.len() < usize::from(cost.min) {
            return false;
        }
        !self.ex_area_full(player)
            || candidates
                .iter()
                .any(|c| self.state.card(*c).zone == Zone::ExArea)
    }

    /// Whether the run's Fuse still needs the card that makes room: the EX
    /// area is full and none of the cards chosen so far is there.
    pub(super) fn fuse_needs_room(&self, run: &AbilityRun) -> bool {
        self.ex_area_full(run.controller)
            && !run
                .fused
                .iter()
                .any(|c| self.state.card(*c).zone == Zone::ExArea)
    }

    /// The next step of paying a Fuse cost for `run`, given the cards
    /// already chosen (`run.fused`). A choice with a single possible answer
    /// is made without asking.
    pub(super) fn fuse_step(&self, run: &mut AbilityRun, cost: &FuseCost) -> FuseStep {
        let player = run.controller;
        let rest = |run: &AbilityRun| -> Vec<CardRef> {
            self.fuse_candidates(player, run.source, cost)
                .into_iter()
                .filter(|c| !run.fused.contains(c))
                .collect()
        };
        if self.fuse_needs_room(run) {
            let from_ex: Vec<CardRef> = rest(run)
                .into_iter()
                .filter(|c| self.state.card(*c).zone == Zone::ExArea)
                .collect();
            let from_ex = self.distinct_candidates(from_ex, 1);
            match from_ex.as_slice() {
                [] => return FuseStep::Fuse(run.fused.clone()),
                [only] => run.fused.push(*only),
                _ => {
                    return FuseStep::Ask {
                        candidates: from_ex,
                        min: 1,
                        max: 1,
                        purpose: "fuse (a card in your EX area, to make room)",
                    };
                }
            }
        }
        let chosen = run.fused.len();
        let min = usize::from(cost.min).saturating_sub(chosen);
        let max = usize::from(cost.max.max(cost.min)).saturating_sub(chosen);
        let candidates = self.distinct_candidates(rest(run), max);
        if max == 0 || candidates.len() <= min {
            let mut all = run.fused.clone();
            all.extend(candidates);
            return FuseStep::Fuse(all);
        }
        FuseStep::Ask {
            candidates,
            min,
            max,
            purpose: "fuse",
        }
    }

    /// Whether cost item `item` of `run`'s ability is a Fuse.
    pub(crate) fn is_fuse_cost(&self, run: &AbilityRun, item: usize) -> bool {
        run.what.ability().is_some_and(|ability| {
            matches!(
                self.db.get(run.def).abilities[usize::from(ability.0)]
                    .costs
                    .get(item),
                Some(CostItem::Fuse(_))
            )
        })
    }

    /// Fuses `cards` for `run`: hand cards are discarded and EX cards
    /// buried, together (CR 12.18.2.1), then the source goes from the hand
    /// into the EX area and the ability follows it there. One
    /// [`Event::Fused`] per fused card.
    pub(super) fn fuse(&mut self, run: &mut AbilityRun, cards: Vec<CardRef>) {
        let source = run.source;
        self.together(|m| {
            for &card in &cards {
                let state = m.state.card(card);
                let owner = state.owner;
                match state.zone {
                    Zone::Hand => m.discard(card),
                    Zone::ExArea => {
                        m.move_card(card, owner, Zone::Cemetery, Place::Top, MoveCause::Bury);
                    }
                    _ => {}
                }
            }
            let owner = m.state.card(source).owner;
            m.move_card(source, owner, Zone::ExArea, Place::Top, MoveCause::Cost);
            for &card in &cards {
                let def = m.state.card(card).def;
                m.emit(Event::Fused {
                    card,
                    def,
                    by: source,
                });
            }
        });
        run.source_object = self.state.card(source).object;
        run.fused = cards;
    }
}
