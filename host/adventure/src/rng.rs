//! The run's one source of randomness: draws from a [`ChaCha8Rng`] seeded by
//! the run's seed and a named purpose, so the same seed and choices make the
//! same run. Nothing here reads a clock or a thread's state.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// A seeded stream of numbers for one purpose of one run.
pub struct Draws {
    rng: ChaCha8Rng,
}

impl Draws {
    /// The stream for `purpose` (a fixed tag) at step `step` of the run
    /// with `seed`: independent streams for independent questions, so
    /// adding a draw in one place never shifts another.
    pub fn new(seed: u64, purpose: &str, step: u64) -> Draws {
        let mut mixed = splitmix(seed ^ splitmix(step.wrapping_add(0x5ad_f00d)));
        for byte in purpose.bytes() {
            mixed = splitmix(mixed ^ u64::from(byte));
        }
        Draws {
            rng: ChaCha8Rng::seed_from_u64(mixed),
        }
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        // Rejection keeps the draw uniform for any `n`.
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let x = self.rng.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// True with `percent` per cent chance (100 and above: always).
    pub fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < u64::from(percent)
    }

    /// A number in `low..=high` (`low` when `high < low`).
    pub fn between(&mut self, low: u32, high: u32) -> u32 {
        if high <= low {
            return low;
        }
        low + self.below(u64::from(high - low) + 1) as u32
    }

    /// An index picked with chance proportional to its weight; `None` when
    /// every weight is 0.
    pub fn weighted(&mut self, weights: &[u64]) -> Option<usize> {
        let total: u64 = weights.iter().sum();
        if total == 0 {
            return None;
        }
        let mut roll = self.below(total);
        for (idx, weight) in weights.iter().enumerate() {
            if roll < *weight {
                return Some(idx);
            }
            roll -= weight;
        }
        None
    }

    /// Shuffles a list in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for idx in (1..items.len()).rev() {
            let other = self.below(idx as u64 + 1) as usize;
            items.swap(idx, other);
        }
    }

    /// A fresh seed for something seeded of its own (a fight).
    pub fn seed(&mut self) -> u64 {
        self.rng.next_u64()
    }
}

/// SplitMix64's finaliser: spreads a seed's bits.
fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::Draws;

    #[test]
    fn the_same_seed_purpose_and_step_draw_the_same_numbers() {
        let a: Vec<u64> = (0..8)
            .map(|_| 0)
            .scan(Draws::new(7, "map", 0), |d, _| Some(d.below(100)))
            .collect();
        let b: Vec<u64> = (0..8)
            .map(|_| 0)
            .scan(Draws::new(7, "map", 0), |d, _| Some(d.below(100)))
            .collect();
        let c: Vec<u64> = (0..8)
            .map(|_| 0)
            .scan(Draws::new(7, "events", 0), |d, _| Some(d.below(100)))
            .collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn weighted_picks_only_weighted_indexes() {
        let mut draws = Draws::new(1, "w", 0);
        for _ in 0..200 {
            assert_eq!(draws.weighted(&[0, 3, 0]), Some(1));
        }
        assert_eq!(draws.weighted(&[0, 0]), None);
    }
}
