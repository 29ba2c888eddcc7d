//! Abilities the manifest adds after a card's own: what the card data has
//! no word for is offered as an ability the host already plays.
//!
//! The manifest and the interpreter both read this list, so an ability
//! index past the card's own always means the same thing to both.
//!
//! Three mechanics the card data has no word for: an `AlternateCost` is an
//! ability played from the hand (with a copy from the EX area) that pays its
//! costs and plays the card for 0 through the card API's `play-card`; a
//! `serveN` keyword is an activated ability that serves Carrots and then runs
//! the card's race abilities ([`super::serve`]); a `GiveAbility` passive is a
//! trigger of the giving card on the other card's event that runs the given
//! ability as that card ([`super::granted`]).

use super::serve;
use sve_script::ir::{self, AbilityIdx, Effect};
use sve_sdk::prelude::*;

/// One added ability.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extra {
    /// The `serveN` keywords' ability (see [`serve`]).
    Serve,
    /// An `AlternateCost` ability used from the EX area: the card's own
    /// ability at this index works from the hand.
    AlternateCostFromEx(AbilityIdx),
    /// A `GiveAbility` passive (branch §11): the triggered ability
    /// `ability` of this card, played for another card of yours that the
    /// passive at `passive` reaches, as that card.
    Granted {
        /// The `GiveAbility` passive.
        passive: AbilityIdx,
        /// The triggered ability it gives.
        ability: AbilityIdx,
    },
}

/// The abilities added after `card`'s own, in index order.
pub fn extras(card: &ir::Card) -> Vec<Extra> {
    let mut extras = Vec::new();
    if !serve::counts(card).is_empty() {
        extras.push(Extra::Serve);
    }
    for (idx, ability) in card.abilities.iter().enumerate() {
        let Ok(idx) = u32::try_from(idx) else {
            continue;
        };
        match ability.effect {
            Effect::AlternateCost if ability.kind == ir::AbilityKind::CostModifier => {
                extras.push(Extra::AlternateCostFromEx(AbilityIdx(idx)));
            }
            Effect::GiveAbility { ability: given, .. }
                if ability.kind == ir::AbilityKind::Passive =>
            {
                extras.push(Extra::Granted {
                    passive: AbilityIdx(idx),
                    ability: given,
                });
            }
            _ => {}
        }
    }
    extras
}

/// The added ability `call` is for, if its index is past the card's own.
pub fn extra_of(card: &ir::Card, call: &Call) -> Option<Extra> {
    let past = usize::from(call.ability).checked_sub(card.abilities.len())?;
    extras(card).get(past).copied()
}
