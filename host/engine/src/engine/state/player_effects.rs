//! Effects on a player for a window of turns (later-sets §12.10, §12.12):
//! "during your opponent's next turn, they can't draw in their start
//! phase", "... cards they play cost 1 more", "for the rest of this turn,
//! you may play cards from your banished zone". Unlike an [`Effect`]
//! (`effects.rs`) they belong to no card: they outlast the card that made
//! them and apply only within their window.
//!
//! [`Effect`]: super::Effect

use super::GameState;
use crate::engine::ids::PlayerId;
use serde::{Deserialize, Serialize};

/// One effect on a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerEffect {
    /// The player it applies to.
    pub player: PlayerId,
    /// What it does.
    pub kind: PlayerEffectKind,
    /// When it applies.
    pub window: TurnWindow,
    /// The turn it was made in (set when it is added).
    pub created_turn: u32,
}

/// What an effect on a player changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayerEffectKind {
    /// They don't draw in their start phase.
    NoStartPhaseDraw,
    /// Their maximum PP doesn't increase in their start phase.
    NoMaxPpIncrease,
    /// They can't play followers during their main phase, by effects
    /// neither (later-sets §12.10, a ruling).
    CannotPlayFollowers,
    /// Cards they play cost this much more (less when negative); each
    /// effect adds its own, and a cost never goes below 0.
    PlayCost(i32),
    /// They may play cards from their banished zone, paying the cost.
    PlayFromBanished,
}

impl PlayerEffectKind {
    /// In players' words, with the player's name: "P2 can't draw in their
    /// start phase".
    pub fn words(self, player: PlayerId) -> String {
        match self {
            PlayerEffectKind::NoStartPhaseDraw => {
                format!("{player} doesn't draw in their start phase")
            }
            PlayerEffectKind::NoMaxPpIncrease => {
                format!("{player}'s maximum PP doesn't increase")
            }
            PlayerEffectKind::CannotPlayFollowers => {
                format!("{player} can't play followers in their main phase")
            }
            PlayerEffectKind::PlayCost(n) if n >= 0 => {
                format!("cards {player} plays cost {n} more")
            }
            PlayerEffectKind::PlayCost(n) => {
                format!("cards {player} plays cost {} less", n.unsigned_abs())
            }
            PlayerEffectKind::PlayFromBanished => {
                format!("{player} may play cards from their banished zone")
            }
        }
    }
}

/// When an effect on a player applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TurnWindow {
    /// For the rest of the turn it was made in.
    ThisTurn,
    /// During the player's next turn: the first turn of theirs that begins
    /// after it was made.
    NextTurn,
}

impl TurnWindow {
    /// In players' words: "this turn", "during their next turn".
    pub fn words(self) -> &'static str {
        match self {
            TurnWindow::ThisTurn => "for the rest of this turn",
            TurnWindow::NextTurn => "during their next turn",
        }
    }
}

impl PlayerEffect {
    /// Whether it applies in turn `turn`, `active`'s.
    pub fn applies(&self, turn: u32, active: PlayerId) -> bool {
        match self.window {
            TurnWindow::ThisTurn => turn == self.created_turn,
            TurnWindow::NextTurn => active == self.player && turn > self.created_turn,
        }
    }

    /// Whether it ends as turn `turn`, `active`'s, ends: its window is
    /// over.
    pub fn ends_with(&self, turn: u32, active: PlayerId) -> bool {
        match self.window {
            TurnWindow::ThisTurn => true,
            TurnWindow::NextTurn => self.applies(turn, active),
        }
    }
}

impl GameState {
    /// The effects on `player` that apply now.
    pub fn player_effects_now(&self, player: PlayerId) -> impl Iterator<Item = PlayerEffectKind> {
        self.player_effects
            .iter()
            .filter(move |e| e.player == player && e.applies(self.turn, self.active))
            .map(|e| e.kind)
    }

    /// Whether an effect of this kind applies to `player` now.
    pub fn player_effect_applies(&self, player: PlayerId, kind: PlayerEffectKind) -> bool {
        !self.player_effects.is_empty() && self.player_effects_now(player).any(|k| k == kind)
    }

    /// How much more the cards `player` plays now cost (the sum of the
    /// effects' changes).
    pub fn play_cost_change(&self, player: PlayerId) -> i32 {
        if self.player_effects.is_empty() {
            return 0;
        }
        // Saturating: a pack may ask for any amount.
        self.player_effects_now(player)
            .map(|kind| match kind {
                PlayerEffectKind::PlayCost(n) => n,
                _ => 0,
            })
            .fold(0, i32::saturating_add)
    }
}
