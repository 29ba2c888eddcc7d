//! How good a position is for one player: a hand-tuned sum over both
//! sides, and that sum as a chance to win for search.
//!
//! It reads only what both players may know about the opponent (their
//! board and counts, never their hand's cards), so it is fair on any
//! match, determinized or real.

use crate::cards::{CardDb, CardType, Keywords};
use crate::engine::state::GameState;
use crate::engine::{CardRef, Match, Outcome, PlayerId};

use super::tactics;

/// Which evaluation a search scores its playouts with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Evaluation {
    /// [`score`]: life, board, hand, points, deck.
    #[default]
    Basic,
    /// [`score`] plus the [`tactics`] of the player to act: lethal on
    /// board, and opposing followers engaged within reach of a killer.
    Tactical,
}

/// A won position's score.
pub const WIN: f64 = 1e6;

/// How good `game` is for `me`: positive is better for `me`. A finished
/// match scores ±[`WIN`] (0 for a draw).
pub fn score(game: &Match, me: PlayerId) -> f64 {
    match game.outcome() {
        Some(Outcome::Win(winner, _)) if winner == me => return WIN,
        Some(Outcome::Win(..)) => return -WIN,
        Some(Outcome::Draw) => return 0.0,
        None => {}
    }
    let state = game.state();
    let db = game.db();
    side_value(state, db, me) - side_value(state, db, me.opponent())
}

/// [`score`] with the [`tactics`] terms: the player to act gains
/// [`tactics::LETHAL_BONUS`] with lethal on board, and the other side's
/// followers that are exposed to it count for less.
pub fn tactical_score(game: &Match, me: PlayerId) -> f64 {
    let base = score(game, me);
    if game.outcome().is_some() {
        return base;
    }
    let state = game.state();
    let db = game.db();
    let active = state.active;
    let waiting = active.opponent();
    let exposed: f64 = state
        .player(waiting)
        .field
        .iter()
        .filter(|card| tactics::exposed(state, db, active, **card))
        .map(|card| card_value(state, db, *card) * tactics::EXPOSED_SHARE)
        .sum();
    let lethal = if tactics::lethal_on_board(state, db, active) {
        tactics::LETHAL_BONUS
    } else {
        0.0
    };
    let for_active = lethal + exposed;
    if active == me {
        base + for_active
    } else {
        base - for_active
    }
}

/// `score` as a chance to win in `0..=1` (a logistic curve: a lead of
/// [`SCALE`] points is about 73%).
pub fn win_chance(game: &Match, me: PlayerId) -> f64 {
    win_chance_by(game, me, Evaluation::Basic)
}

/// [`win_chance`] by the given evaluation.
pub fn win_chance_by(game: &Match, me: PlayerId, evaluation: Evaluation) -> f64 {
    match game.outcome() {
        Some(Outcome::Win(winner, _)) => return if winner == me { 1.0 } else { 0.0 },
        Some(Outcome::Draw) => return 0.5,
        None => {}
    }
    let points = match evaluation {
        Evaluation::Basic => score(game, me),
        Evaluation::Tactical => tactical_score(game, me),
    };
    1.0 / (1.0 + (-points / SCALE).exp())
}

/// Score points worth one unit of log-odds in [`win_chance`].
pub const SCALE: f64 = 10.0;

/// One side's worth: life (each point worth more when it runs low), the
/// board, cards in hand, points to evolve with, and a thin deck as a risk.
fn side_value(state: &GameState, db: &CardDb, player: PlayerId) -> f64 {
    let p = state.player(player);
    let life = f64::from(p.leader_defense.max(0));
    // The last 10 points of defense count double: lethal comes into reach.
    let life_value = life + life.min(10.0);
    let board: f64 = p
        .field
        .iter()
        .map(|card| card_value(state, db, *card))
        .sum();
    let ex: f64 = p.ex_area.len() as f64 * 1.2;
    let hand = p.hand.len().min(9) as f64 * 1.4;
    let points = f64::from(p.ep.max(0)) * 1.0 + f64::from(p.sep.max(0)) * 1.5;
    let deck_risk = if p.deck.len() < 4 {
        (4 - p.deck.len()) as f64 * 3.0
    } else {
        0.0
    };
    life_value + board + ex + hand + points + f64::from(p.max_pp) * 0.3 - deck_risk
}

/// A card on the field: followers by their stats and keywords, amulets by
/// cost.
fn card_value(state: &GameState, db: &CardDb, card: CardRef) -> f64 {
    let stats = state.characteristics(db, card);
    match stats.card_type {
        CardType::Follower | CardType::EvolvedFollower => {
            let attack = f64::from(stats.attack.max(0));
            let defense = f64::from(stats.defense.max(0));
            let k = stats.keywords;
            let mut value = 1.5 + attack * 1.1 + defense * 0.9;
            if k.contains(Keywords::WARD) {
                value += 1.0 + defense * 0.2;
            }
            if k.contains(Keywords::BANE) {
                value += 2.0;
            }
            if k.contains(Keywords::DRAIN) {
                value += attack * 0.3;
            }
            if k.intersects(Keywords::STORM | Keywords::ASSAIL) {
                value += 0.5;
            }
            if k.intersects(Keywords::AURA | Keywords::INTIMIDATE) {
                value += 0.8;
            }
            if state.card(card).evolved_with.is_some() {
                value += 0.5;
            }
            value
        }
        _ => 1.0 + f64::from(stats.cost.max(0)) * 0.6,
    }
}
