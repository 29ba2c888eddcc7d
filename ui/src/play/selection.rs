//! The answer being built on screen: the attacker chosen before its target,
//! and the cards picked so far for a multi-pick prompt. It belongs to one
//! decision and is cleared when the match moves on.

use sve_engine::engine::CardRef;

/// Purely on-screen state of the decision being answered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// The generation of the match this selection belongs to.
    pub generation: u64,
    /// The follower whose attack is being declared.
    pub attacker: Option<CardRef>,
    /// Picked option indices, in pick order (order matters for the
    /// mulligan order).
    pub picks: Vec<usize>,
}

impl Selection {
    /// Forgets everything when the match has moved to another generation.
    pub fn follow(&mut self, generation: u64) {
        if self.generation != generation {
            *self = Selection {
                generation,
                ..Selection::default()
            };
        }
    }

    /// Adds the option, or removes it if it was picked.
    pub fn toggle(&mut self, option: usize) {
        match self.picks.iter().position(|p| *p == option) {
            Some(at) => {
                self.picks.remove(at);
            }
            None => self.picks.push(option),
        }
    }

    /// 1-based pick order of an option, if picked.
    pub fn pick_number(&self, option: usize) -> Option<usize> {
        self.picks
            .iter()
            .position(|p| *p == option)
            .map(|at| at + 1)
    }
}
