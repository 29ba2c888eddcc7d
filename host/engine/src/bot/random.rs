//! The random bot: uniform over the legal answers.

use super::{ActionCap, Bot, random_answer};
use crate::engine::{Decision, Match};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// Uniformly random legal answers.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: ChaCha8Rng,
    cap: ActionCap,
}

impl RandomBot {
    /// A random bot with a seed.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            cap: ActionCap::default(),
        }
    }
}

impl Bot for RandomBot {
    fn choose(&mut self, game: &Match, decision: &Decision) -> Vec<usize> {
        if let Some(end) = self.cap.check(game, decision) {
            return end;
        }
        random_answer(&mut self.rng, decision)
    }
}
