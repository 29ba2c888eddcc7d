//! [`RunnerUsage`]: what an [`AbilityRunner`](super::AbilityRunner) counts of
//! its calls into card code, for figures such as `sve sim --json`'s
//! `wasm_share`.

/// Counters of a runner's calls into card code ([`AbilityRunner::usage`]),
/// so a figure can say where a match's time goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct RunnerUsage {
    /// Calls into card code (conditions and resolutions).
    pub guest_calls: u64,
    /// Calls the card code made into the game during those calls.
    pub host_calls: u64,
    /// Wall time inside those calls, instantiation included, in
    /// nanoseconds.
    pub guest_nanos: u64,
}

impl RunnerUsage {
    /// The counters of `self` plus those of `other`.
    pub fn plus(self, other: RunnerUsage) -> RunnerUsage {
        RunnerUsage {
            guest_calls: self.guest_calls + other.guest_calls,
            host_calls: self.host_calls + other.host_calls,
            guest_nanos: self.guest_nanos + other.guest_nanos,
        }
    }

    /// What was counted between `earlier` and `self`.
    pub fn since(self, earlier: RunnerUsage) -> RunnerUsage {
        RunnerUsage {
            guest_calls: self.guest_calls.saturating_sub(earlier.guest_calls),
            host_calls: self.host_calls.saturating_sub(earlier.host_calls),
            guest_nanos: self.guest_nanos.saturating_sub(earlier.guest_nanos),
        }
    }
}
