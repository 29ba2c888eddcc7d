//! Tactical terms of the *hard* evaluation ([`super::eval::Evaluation::Tactical`]):
//! what the player about to act can do with the board as it stands.
//!
//! Search scores a playout at the start of the bot's next turn. There the
//! basic evaluation sees two positions as alike when one of them has lethal
//! on board (enough attack to clear the engaged Ward followers and take the
//! leader's last points) and the other has not, and it counts an opposing
//! follower that is engaged, so open to attack and in reach of a killer,
//! as fully as a safe one. These terms read only the field, which both
//! players see, so they are fair on any match.

use crate::cards::{CardDb, CardType, Keywords};
use crate::engine::state::{Characteristics, GameState};
use crate::engine::{CardRef, PlayerId};

/// Score points (of [`super::eval::score`]) for having lethal on board as
/// the player to act: about three units of log-odds at the usual scale.
pub const LETHAL_BONUS: f64 = 30.0;

/// The share of an opposing follower's value lost when it is engaged and
/// one of the acting player's followers kills it in one attack.
pub const EXPOSED_SHARE: f64 = 0.4;

/// A follower on the field with its characteristics, if it is one.
fn follower(state: &GameState, db: &CardDb, card: CardRef) -> Option<Characteristics> {
    let stats = state.characteristics(db, card);
    matches!(
        stats.card_type,
        CardType::Follower | CardType::EvolvedFollower
    )
    .then_some(stats)
}

/// Whether `attacker` destroys a follower with `target`'s stats in one
/// attack.
fn kills(attacker: &Characteristics, target: &Characteristics) -> bool {
    attacker.attack >= target.defense.max(1) || attacker.keywords.contains(Keywords::BANE)
}

/// `player`'s reserved followers with some attack: those that may attack
/// at the start of its turn.
fn ready_attackers(state: &GameState, db: &CardDb, player: PlayerId) -> Vec<Characteristics> {
    state
        .player(player)
        .field
        .iter()
        .filter(|card| !state.card(**card).engaged)
        .filter_map(|card| follower(state, db, *card))
        .filter(|stats| stats.attack > 0)
        .collect()
}

/// Whether `player`, attacking with every reserved follower it has (at
/// the start of its turn, all of them), can clear the opponent's
/// engaged Ward followers and deal the leader's remaining defense.
///
/// Each Ward follower takes the weakest attacker that kills it; the rest
/// go to the leader. A rough count: it ignores abilities, evolving and
/// attackers that may not attack leaders.
pub fn lethal_on_board(state: &GameState, db: &CardDb, player: PlayerId) -> bool {
    let opponent = state.player(player.opponent());
    let mut attackers = ready_attackers(state, db, player);
    attackers.sort_by_key(|stats| stats.attack);
    let mut wards: Vec<Characteristics> = opponent
        .field
        .iter()
        .filter(|card| state.card(**card).engaged)
        .filter_map(|card| follower(state, db, *card))
        .filter(|stats| {
            stats.keywords.contains(Keywords::WARD)
                && !stats.keywords.contains(Keywords::INTIMIDATE)
        })
        .collect();
    wards.sort_by_key(|stats| std::cmp::Reverse(stats.defense));
    for ward in &wards {
        let Some(idx) = attackers.iter().position(|a| kills(a, ward)) else {
            return false;
        };
        attackers.remove(idx);
    }
    let damage: i32 = attackers.iter().map(|a| a.attack).sum();
    damage >= opponent.leader_defense.max(1)
}

/// Whether an opposing follower is engaged (so it may be attacked) and one
/// of `player`'s reserved followers kills it in one attack.
pub fn exposed(state: &GameState, db: &CardDb, player: PlayerId, card: CardRef) -> bool {
    if !state.card(card).engaged {
        return false;
    }
    let Some(target) = follower(state, db, card) else {
        return false;
    };
    if target.keywords.contains(Keywords::INTIMIDATE) {
        return false;
    }
    ready_attackers(state, db, player)
        .iter()
        .any(|a| kills(a, &target))
}
