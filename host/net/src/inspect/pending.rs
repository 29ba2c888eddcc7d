//! The automatic abilities waiting for Confirmation Timing
//! (rules-coverage.md §11.4), as a viewer may know them. Their triggering
//! is public (`Event::AbilityTriggered` names card and ability to every
//! viewer), so each line names the ability; the card's number is given
//! only while the viewer can see the card.

use super::Sight;
use serde::{Deserialize, Serialize};
use sve_engine::cards::CardDb;
use sve_engine::engine::{CardRef, GameState, PlayerId};
use sve_engine::gamelog;

/// One pending automatic ability.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingLine {
    /// Who plays it.
    pub controller: PlayerId,
    /// Its card, while the viewer can see that card (online: the viewer's
    /// number for it).
    pub card: Option<CardRef>,
    /// "Card name: ability name", as the game log names it.
    pub ability: String,
}

/// The pending automatic abilities, in the order the engine keeps them.
pub fn pending_abilities(state: &GameState, db: &CardDb, sight: Sight) -> Vec<PendingLine> {
    state
        .pending
        .iter()
        .map(|pending| {
            let def = db.get(pending.def);
            let seen = state
                .cards
                .get(pending.source.idx())
                .is_some_and(|c| sight.sees(c.zone, c.owner));
            PendingLine {
                controller: pending.controller,
                card: seen.then_some(pending.source),
                ability: gamelog::ability_phrase(def, pending.what.ability()),
            }
        })
        .collect()
}
