//! The sandbox-edit log: the sandbox changes a match recorded
//! ([`RecordedSandbox`], each a [`SandboxEdit`]), their conversion from and
//! to the engine's [`SandboxAction`], and applying them at the decision
//! they were made at ([`apply_sandbox`]). The replay file that carries
//! them, its format versions and replaying the answers are the parent
//! module's ([`super::Replay`]).

use super::{ReplayError, shown};
use crate::cards::CardDb;
use crate::engine::{CardRef, Match, PlayerId, SandboxAction, Zone};
use serde::{Deserialize, Serialize};

/// A sandbox change made while the match waited for an answer: replaying
/// applies it at the same decision, before that answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedSandbox {
    /// How many answers had been given when the change was made.
    pub after_answers: u32,
    /// The change.
    pub edit: SandboxEdit,
}

/// A [`SandboxAction`] as a replay holds it: cards by id, seats as numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SandboxEdit {
    /// A new copy of the card with this id into a seat's zone.
    PutCard {
        /// The seat, 0 or 1.
        player: u8,
        /// The card id.
        card: String,
        /// The zone.
        zone: SandboxZone,
    },
    /// Set play points and maximum play points.
    SetPlayPoints {
        /// The seat.
        player: u8,
        /// Play points.
        pp: i32,
        /// Maximum play points.
        max_pp: i32,
    },
    /// Set evolve points.
    SetEvolvePoints {
        /// The seat.
        player: u8,
        /// The value.
        ep: i32,
    },
    /// Set super-evolve points.
    SetSuperEvolvePoints {
        /// The seat.
        player: u8,
        /// The value.
        sep: i32,
    },
    /// Set leader defense.
    SetLeaderDefense {
        /// The seat.
        player: u8,
        /// The value.
        defense: i32,
    },
    /// Draw cards.
    Draw {
        /// The seat.
        player: u8,
        /// How many.
        count: u32,
    },
    /// Destroy a card on the field (format 6).
    Destroy {
        /// The card's number in the match (the engine numbers cards the
        /// same way on every replay).
        card: u32,
    },
    /// Deal damage to a follower on the field (format 6).
    DealDamage {
        /// The card's number in the match.
        card: u32,
        /// How much.
        amount: i32,
    },
}

/// The zones a sandbox change may put a card into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SandboxZone {
    /// The hand.
    Hand,
    /// The field.
    Field,
    /// The EX area.
    ExArea,
    /// The cemetery.
    Cemetery,
    /// The banished zone.
    Banished,
    /// The top of the deck.
    Deck,
    /// The evolve deck, face down.
    EvolveDeck,
}

impl SandboxZone {
    fn of(zone: Zone) -> Option<SandboxZone> {
        Some(match zone {
            Zone::Hand => SandboxZone::Hand,
            Zone::Field => SandboxZone::Field,
            Zone::ExArea => SandboxZone::ExArea,
            Zone::Cemetery => SandboxZone::Cemetery,
            Zone::Banished => SandboxZone::Banished,
            Zone::Deck => SandboxZone::Deck,
            Zone::EvolveDeck => SandboxZone::EvolveDeck,
            Zone::Leader
            | Zone::EvolveZone
            | Zone::Resolution
            | Zone::RemovedFromGame
            | Zone::Equipment
            | Zone::Trigger
            | Zone::Drive => {
                return None;
            }
        })
    }

    fn zone(self) -> Zone {
        match self {
            SandboxZone::Hand => Zone::Hand,
            SandboxZone::Field => Zone::Field,
            SandboxZone::ExArea => Zone::ExArea,
            SandboxZone::Cemetery => Zone::Cemetery,
            SandboxZone::Banished => Zone::Banished,
            SandboxZone::Deck => Zone::Deck,
            SandboxZone::EvolveDeck => Zone::EvolveDeck,
        }
    }
}

impl RecordedSandbox {
    /// The record of `action`, made after `after_answers` answers; `None`
    /// for a card put into a zone no sandbox change reaches (the engine
    /// refuses those, so a change that was applied always has a record).
    pub fn new(
        after_answers: usize,
        action: &SandboxAction,
        db: &CardDb,
    ) -> Option<RecordedSandbox> {
        let seat = |player: PlayerId| u8::try_from(player.idx()).unwrap_or(1);
        let edit = match *action {
            SandboxAction::PutCard { player, def, zone } => SandboxEdit::PutCard {
                player: seat(player),
                card: db.get(def).id.clone(),
                zone: SandboxZone::of(zone)?,
            },
            SandboxAction::SetPlayPoints { player, pp, max_pp } => SandboxEdit::SetPlayPoints {
                player: seat(player),
                pp,
                max_pp,
            },
            SandboxAction::SetEvolvePoints { player, ep } => SandboxEdit::SetEvolvePoints {
                player: seat(player),
                ep,
            },
            SandboxAction::SetSuperEvolvePoints { player, sep } => {
                SandboxEdit::SetSuperEvolvePoints {
                    player: seat(player),
                    sep,
                }
            }
            SandboxAction::SetLeaderDefense { player, defense } => SandboxEdit::SetLeaderDefense {
                player: seat(player),
                defense,
            },
            SandboxAction::Draw { player, count } => SandboxEdit::Draw {
                player: seat(player),
                count,
            },
            SandboxAction::Destroy { card } => SandboxEdit::Destroy { card: card.0 },
            SandboxAction::DealDamage { card, amount } => SandboxEdit::DealDamage {
                card: card.0,
                amount,
            },
        };
        Some(RecordedSandbox {
            after_answers: u32::try_from(after_answers).unwrap_or(u32::MAX),
            edit,
        })
    }

    /// The engine's action for this record, its card found in `db`.
    pub fn action(&self, db: &CardDb) -> Result<SandboxAction, ReplayError> {
        let seat = |player: u8| PlayerId(player.min(1));
        Ok(match &self.edit {
            SandboxEdit::PutCard { player, card, zone } => SandboxAction::PutCard {
                player: seat(*player),
                def: db.by_card_id(card).ok_or_else(|| ReplayError::Sandbox {
                    after: self.after_answers as usize,
                    reason: format!("it names unknown card `{}`", shown(card)),
                })?,
                zone: zone.zone(),
            },
            SandboxEdit::SetPlayPoints { player, pp, max_pp } => SandboxAction::SetPlayPoints {
                player: seat(*player),
                pp: *pp,
                max_pp: *max_pp,
            },
            SandboxEdit::SetEvolvePoints { player, ep } => SandboxAction::SetEvolvePoints {
                player: seat(*player),
                ep: *ep,
            },
            SandboxEdit::SetSuperEvolvePoints { player, sep } => {
                SandboxAction::SetSuperEvolvePoints {
                    player: seat(*player),
                    sep: *sep,
                }
            }
            SandboxEdit::SetLeaderDefense { player, defense } => SandboxAction::SetLeaderDefense {
                player: seat(*player),
                defense: *defense,
            },
            SandboxEdit::Draw { player, count } => SandboxAction::Draw {
                player: seat(*player),
                count: *count,
            },
            // The engine refuses a number that names no card on the field.
            SandboxEdit::Destroy { card } => SandboxAction::Destroy {
                card: CardRef(*card),
            },
            SandboxEdit::DealDamage { card, amount } => SandboxAction::DealDamage {
                card: CardRef(*card),
                amount: *amount,
            },
        })
    }
}

/// Applies, in order, every change of `edits` made after `after_answers`
/// answers, each followed by a `step` (as the client's worker steps after
/// each change, so a re-asked decision is asked again). Returns how many
/// were applied. A change the engine refuses, or one naming a card `game`
/// does not have, stops with [`ReplayError::Sandbox`].
pub fn apply_sandbox(
    game: &mut Match,
    edits: &[RecordedSandbox],
    after_answers: usize,
) -> Result<usize, ReplayError> {
    let mut applied = 0;
    for edit in edits
        .iter()
        .filter(|edit| usize::try_from(edit.after_answers).ok() == Some(after_answers))
    {
        let action = edit.action(game.db())?;
        game.sandbox(action).map_err(|err| ReplayError::Sandbox {
            after: after_answers,
            reason: err.to_string(),
        })?;
        game.step();
        applied += 1;
    }
    Ok(applied)
}
