//! Sandbox tools for playtesters and card authors: change a match outside
//! the rules (put any card anywhere, set resources, draw, destroy a card,
//! deal damage). Every change still goes through the mutation choke point
//! and is logged as a [`Event::Sandbox`]; cards put somewhere this way
//! trigger nothing. A destroyed card and damage are the game's own, so
//! what they trigger (last words, "when this follower takes damage")
//! triggers, as that is what they are used to test; Stack holds. Rules
//! handling runs afterwards (a leader set to 0 loses, a follower with no
//! defense left is destroyed), and a main-phase or Quick decision is asked
//! again, after a check timing that plays what triggered, since its legal
//! actions may have changed.
//!
//! Replays record sandbox changes (`replay/sandbox.rs`, `RecordedSandbox`) and
//! apply each at the decision it was made at, so a sandboxed match plays
//! back true.

use super::{Match, Resume, Task};
use crate::engine::event::{DamageKind, Event, MoveCause, Resource};
use crate::engine::ids::{CardRef, DefId, PlayerId};
use crate::engine::mutation::{Mutation, Place};
use crate::engine::state::Zone;
use crate::engine::state::query::{EX_LIMIT, FIELD_LIMIT, MAX_PP};

/// A change made with a sandbox tool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SandboxAction {
    /// A new copy of a card into a player's zone (hand, field, EX area,
    /// cemetery, banished zone, top of the deck, or evolve deck face down).
    PutCard {
        /// Whose zone.
        player: PlayerId,
        /// Which card.
        def: DefId,
        /// Which zone.
        zone: Zone,
    },
    /// Set play points and maximum play points (0..=10, pp ≤ max).
    SetPlayPoints {
        /// Whose.
        player: PlayerId,
        /// Current play points.
        pp: i32,
        /// Maximum play points.
        max_pp: i32,
    },
    /// Set evolution points (≥ 0).
    SetEvolvePoints {
        /// Whose.
        player: PlayerId,
        /// The value.
        ep: i32,
    },
    /// Set super-evolution points (≥ 0).
    SetSuperEvolvePoints {
        /// Whose.
        player: PlayerId,
        /// The value.
        sep: i32,
    },
    /// Set leader defense.
    SetLeaderDefense {
        /// Whose.
        player: PlayerId,
        /// The value.
        defense: i32,
    },
    /// Draw cards.
    Draw {
        /// Who.
        player: PlayerId,
        /// How many (at most 40).
        count: u32,
    },
    /// Destroy a card on the field (as the rules destroy, not an
    /// ability: last words trigger, Stack holds).
    Destroy {
        /// The card.
        card: CardRef,
    },
    /// Deal damage to a follower on the field (not from any card; damage
    /// replacements of its keywords apply).
    DealDamage {
        /// The follower.
        card: CardRef,
        /// How much (1 to [`SANDBOX_DAMAGE_LIMIT`]).
        amount: i32,
    },
}

/// The most damage one sandbox change deals.
pub const SANDBOX_DAMAGE_LIMIT: i32 = 99;

/// Why a sandbox change was refused. The match is untouched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SandboxError {
    /// The match is over.
    #[error("the match is over")]
    GameOver,
    /// Cards can't be put there.
    #[error("cards can't be put into the {0} with a sandbox tool")]
    Zone(&'static str),
    /// The zone is full.
    #[error("the {0} is full")]
    Full(&'static str),
    /// A value out of its rules range.
    #[error("{0}")]
    OutOfRange(String),
    /// The card can't exist in that zone (an evolved card outside the evolve
    /// deck, a leader anywhere).
    #[error("{0}")]
    WrongCard(String),
}

impl Match {
    /// Applies a sandbox change (see the module docs).
    pub fn sandbox(&mut self, action: SandboxAction) -> Result<(), SandboxError> {
        if self.state.outcome.is_some() {
            return Err(SandboxError::GameOver);
        }
        let mut description = self.check_sandbox(&action)?;
        // Taking back an activation after a sandbox change would undo the
        // change too: the change ends the chance to cancel.
        self.drop_cancel_point();
        match action {
            SandboxAction::PutCard { player, def, zone } => {
                let card = self.state.next_card_ref().ok_or(SandboxError::Full(
                    "match (it holds the most card objects a match may hold)",
                ))?;
                self.apply(Mutation::CreateCard { def, owner: player });
                let place = Place::Top;
                self.apply(Mutation::Move {
                    card,
                    to_player: player,
                    to: zone,
                    place,
                    cause: MoveCause::Sandbox,
                });
                if zone == Zone::Field {
                    let counters = self.db.get(def).initial_counters.clone();
                    for (counter, n) in counters {
                        self.apply(Mutation::AddCounters(card, counter, n as i32));
                    }
                }
            }
            SandboxAction::SetPlayPoints { player, pp, max_pp } => {
                self.apply(Mutation::SetResource(
                    player,
                    Resource::MaxPlayPoints,
                    max_pp,
                ));
                self.apply(Mutation::SetResource(player, Resource::PlayPoints, pp));
            }
            SandboxAction::SetEvolvePoints { player, ep } => {
                self.apply(Mutation::SetResource(player, Resource::EvolvePoints, ep));
            }
            SandboxAction::SetSuperEvolvePoints { player, sep } => {
                self.apply(Mutation::SetResource(
                    player,
                    Resource::SuperEvolvePoints,
                    sep,
                ));
            }
            SandboxAction::SetLeaderDefense { player, defense } => {
                self.apply(Mutation::SetLeaderDefense(player, defense));
            }
            SandboxAction::Draw { player, count } => {
                for _ in 0..count {
                    self.draw(player);
                }
            }
            SandboxAction::Destroy { card } => {
                self.destroy(card, false);
                if self.state.card(card).zone == Zone::Field {
                    // Stack takes a counter off instead (CR 13.3.2.2).
                    description.push_str(" (it stays on the field)");
                }
            }
            SandboxAction::DealDamage { card, amount } => {
                let dealt = self.deal_damage_to_follower(card, amount, DamageKind::Ability, None);
                if dealt != amount {
                    description.push_str(&format!(" ({dealt} dealt)"));
                }
            }
        }
        self.emit(Event::Sandbox { description });
        // A sandbox change never overfills a zone (`check_sandbox`); a card
        // it destroys with more than one replacement goes where the first
        // sends it, as the sandbox's own damage takes the least.
        for _ in 0..2 * crate::engine::state::query::FIELD_LIMIT {
            match self.rules_handling().and_then(|question| question.instead) {
                Some((card, places)) => match places.first() {
                    Some(first) => self.move_choices.push((card, *first)),
                    None => break,
                },
                None => break,
            }
        }
        if let Some((_, resume)) = &self.decision {
            let again = match resume {
                Resume::MainAction => Some(Task::MainAction),
                Resume::QuickWindow => Some(Task::QuickWindow),
                _ => None,
            };
            if let Some(task) = again {
                self.decision = None;
                self.tasks.push(task);
                // What a destroy or damage triggered is played first.
                if !self.state.pending.is_empty() {
                    self.tasks.push(Task::CheckTiming(0));
                }
            }
        }
        Ok(())
    }

    /// Checks a sandbox change and describes it for the log.
    fn check_sandbox(&self, action: &SandboxAction) -> Result<String, SandboxError> {
        Ok(match action {
            SandboxAction::PutCard { player, def, zone } => {
                let card = self.db.get(*def);
                let zone_name = zone.name();
                let (list, limit) = match zone {
                    Zone::Field => (self.state.player(*player).field.len(), FIELD_LIMIT),
                    Zone::ExArea => (self.state.player(*player).ex_area.len(), EX_LIMIT),
                    Zone::Hand
                    | Zone::Cemetery
                    | Zone::Banished
                    | Zone::Deck
                    | Zone::EvolveDeck => (0, usize::MAX),
                    _ => return Err(SandboxError::Zone(zone_name)),
                };
                if list >= limit {
                    return Err(SandboxError::Full(zone_name));
                }
                let evolved = card.card_type == crate::cards::CardType::EvolvedFollower;
                if card.card_type == crate::cards::CardType::Leader
                    || (evolved != (*zone == Zone::EvolveDeck))
                    || (*zone == Zone::Field && !card.card_type.is_permanent())
                {
                    return Err(SandboxError::WrongCard(format!(
                        "{} ({}) can't be put into the {zone_name}",
                        card.name,
                        card.card_type.name()
                    )));
                }
                format!("{} put into {player}'s {zone_name}", card.name)
            }
            SandboxAction::SetPlayPoints { player, pp, max_pp } => {
                if !(0..=MAX_PP).contains(max_pp) || !(0..=*max_pp).contains(pp) {
                    return Err(SandboxError::OutOfRange(format!(
                        "play points must satisfy 0 ≤ pp ≤ max ≤ {MAX_PP}, got {pp}/{max_pp}"
                    )));
                }
                format!("{player}'s play points set to {pp}/{max_pp}")
            }
            SandboxAction::SetEvolvePoints { player, ep } => {
                if *ep < 0 {
                    return Err(SandboxError::OutOfRange(format!(
                        "evolution points can't be negative, got {ep}"
                    )));
                }
                format!("{player}'s evolution points set to {ep}")
            }
            SandboxAction::SetSuperEvolvePoints { player, sep } => {
                if *sep < 0 {
                    return Err(SandboxError::OutOfRange(format!(
                        "super-evolution points can't be negative, got {sep}"
                    )));
                }
                format!("{player}'s super-evolution points set to {sep}")
            }
            SandboxAction::SetLeaderDefense { player, defense } => {
                format!("{player}'s leader defense set to {defense}")
            }
            SandboxAction::Draw { player, count } => {
                if *count > 40 {
                    return Err(SandboxError::OutOfRange(format!(
                        "draw at most 40 cards at once, got {count}"
                    )));
                }
                format!("{player} draws {count}")
            }
            SandboxAction::Destroy { card } => {
                let name = self.field_card_name(*card, false)?;
                format!("{name} destroyed")
            }
            SandboxAction::DealDamage { card, amount } => {
                if !(1..=SANDBOX_DAMAGE_LIMIT).contains(amount) {
                    return Err(SandboxError::OutOfRange(format!(
                        "damage must be 1 to {SANDBOX_DAMAGE_LIMIT}, got {amount}"
                    )));
                }
                let name = self.field_card_name(*card, true)?;
                format!("{amount} damage dealt to {name}")
            }
        })
    }

    /// The shown name of a card on the field (a follower when
    /// `follower`), or why a sandbox change can't reach it.
    fn field_card_name(&self, card: CardRef, follower: bool) -> Result<String, SandboxError> {
        // A replay names cards by number: it may name none.
        if self.state.cards.get(card.idx()).is_none() {
            return Err(SandboxError::WrongCard(format!(
                "there is no card {}",
                card.0
            )));
        }
        let def = self.state.current_def(&self.db, card);
        let name = def.display_name().to_owned();
        if self.state.card(card).zone != Zone::Field {
            return Err(SandboxError::WrongCard(format!(
                "{name} is not on the field"
            )));
        }
        if follower
            && !self
                .state
                .characteristics(&self.db, card)
                .card_type
                .is_follower()
        {
            return Err(SandboxError::WrongCard(format!("{name} is not a follower")));
        }
        Ok(name)
    }
}
