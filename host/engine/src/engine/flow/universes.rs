//! The rules a deck built on a crossover universe brings:
//!
//! - what it starts the game with (rules-coverage.md §L3; later-sets rules
//!   reference §3.1, CR 14.3.1.2): a player whose deck is built on THE
//!   IDOLM@STER CINDERELLA GIRLS puts five Magical Item tokens into their
//!   EX area before the first player is decided. Not optional; the EX area
//!   starts full;
//! - which Union Burst abilities work (§L1, CR 14.5.1.2): those of cards
//!   whose owner's deck is built on Princess Connect! Re:Dive; others do
//!   not trigger and can't be activated, in every zone.
//!
//! The token is the pool's card named [`MAGICAL_ITEM`] (packs bring it,
//! as they bring the universe's cards). A universe deck whose pool lacks
//! it is refused by `decks::check_deck`; a match started anyway logs an
//! error naming it and goes on without the items.

use crate::cards::CardDb;
use crate::engine::DefId;
use crate::engine::Match;
use crate::engine::TokenDestination;
use crate::engine::event::MoveCause;
use crate::engine::ids::{CardRef, PlayerId};
use crate::engine::mutation::{Mutation, Place};
use crate::engine::state::{GameState, Zone};

/// The name of the Magical Item token (all its printings share it).
pub const MAGICAL_ITEM: &str = "Magical Item";

/// How many Magical Items a CINDERELLA GIRLS deck starts with.
pub const MAGICAL_ITEMS_AT_START: u32 = 5;

/// The vocabulary identifier of the universe whose decks start with
/// Magical Items.
pub const MAGICAL_ITEMS_UNIVERSE: &str = "Idolmaster";

/// The vocabulary identifier of the universe whose decks' Union Burst
/// abilities work.
pub const UNION_BURST_UNIVERSE: &str = "PrincessConnect";

/// The vocabulary identifier of the universe whose decks resolve the
/// Triggers their drive checks reveal (later-sets §2.3).
pub const VANGUARD_UNIVERSE: &str = "Vanguard";

/// The number of the universe whose decks resolve drive-checked Triggers.
pub fn vanguard_universe() -> Option<u8> {
    universe_number(VANGUARD_UNIVERSE)
}

/// The number of the universe whose decks start with Magical Items.
pub fn magical_items_universe() -> Option<u8> {
    universe_number(MAGICAL_ITEMS_UNIVERSE)
}

/// The number of the universe whose decks' Union Burst abilities work.
pub fn union_burst_universe() -> Option<u8> {
    universe_number(UNION_BURST_UNIVERSE)
}

fn universe_number(ident: &str) -> Option<u8> {
    sve_vocab::UNIVERSES
        .iter()
        .position(|u| u.ident == ident)
        .and_then(|n| u8::try_from(n).ok())
}

impl GameState {
    /// Whether the card's Union Burst abilities work: its owner's deck is
    /// built on Princess Connect! Re:Dive (CR 14.5.1.2; a token's owner is
    /// the player it was created for).
    pub fn union_burst_works(&self, card: CardRef) -> bool {
        let owner = self.card(card).owner;
        let basis = self.player(owner).basis.universe();
        basis.is_some() && basis == union_burst_universe()
    }

    /// Whether `player`'s drive checks may resolve Triggers: their deck is
    /// built on the Vanguard universe (CR 14.4.5.1.2).
    pub fn drive_triggers_work(&self, player: PlayerId) -> bool {
        let basis = self.player(player).basis.universe();
        basis.is_some() && basis == vanguard_universe()
    }
}

/// The pool's Magical Item token, if it has one.
pub fn magical_item(db: &CardDb) -> Option<DefId> {
    db.by_name(MAGICAL_ITEM).filter(|def| db.get(*def).is_token)
}

impl Match {
    /// CR 14.4.3.1: each player whose deck is built on the Vanguard
    /// universe puts a Starting Amulet from their deck onto their field
    /// face down (it takes a field slot); which one, only they see.
    fn starting_amulets(&mut self) {
        let Some(universe) = vanguard_universe() else {
            return;
        };
        for player in PlayerId::BOTH {
            if self.state.player(player).basis.universe() != Some(universe) {
                continue;
            }
            let amulet = self.state.player(player).deck.iter().copied().find(|card| {
                self.db
                    .get(self.state.card(*card).def)
                    .keywords
                    .contains(crate::cards::Keywords::STARTING_AMULET)
            });
            let Some(amulet) = amulet else {
                tracing::error!(
                    "{player}'s deck is built on Cardfight!! Vanguard, but holds no Starting Amulet: it starts without one"
                );
                continue;
            };
            self.move_card(
                amulet,
                player,
                Zone::Field,
                Place::Top,
                MoveCause::FaceDownSetup,
            );
            self.apply(Mutation::SetFaceUp(amulet, false));
        }
    }

    /// CR 14.4.3.2: after both mulligans the face-down Starting Amulets
    /// are turned face up. Not a move, so no Fanfare (plan A1).
    pub(crate) fn turn_starting_amulets_face_up(&mut self) {
        for player in PlayerId::BOTH {
            for card in self.state.player(player).field.clone() {
                if !self.state.card(card).face_up {
                    self.apply(Mutation::SetFaceUp(card, true));
                    self.emit(crate::engine::Event::TurnedFaceUp { card });
                }
            }
        }
    }

    /// CR 14.3.1.2: each player whose deck is built on the Magical Items'
    /// universe puts five of them into their EX area; CR 14.4.3.1: each
    /// whose deck is built on the Vanguard universe, a face-down Starting
    /// Amulet onto their field.
    pub(crate) fn universe_setup(&mut self) {
        self.starting_amulets();
        let Some(universe) = magical_items_universe() else {
            return;
        };
        for player in PlayerId::BOTH {
            if self.state.player(player).basis.universe() != Some(universe) {
                continue;
            }
            match magical_item(&self.db) {
                Some(item) => {
                    self.create_tokens(
                        player,
                        item,
                        MAGICAL_ITEMS_AT_START,
                        TokenDestination::ExArea,
                    );
                }
                None => tracing::error!(
                    "{player}'s deck is built on THE IDOLM@STER CINDERELLA GIRLS, but no loaded card is a token named `{MAGICAL_ITEM}`: it starts without its Magical Items"
                ),
            }
        }
    }
}
