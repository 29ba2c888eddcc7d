//! What a server takes from a client's table options: the bounds of a
//! table's clocks ([`ClockBounds`]). A clock outside them is refused with
//! the bound it broke ([`ClockError`]): a thinking time of 0 ms would
//! make its player lose at once, and one of years would keep a table
//! alive for ever. (Which server bots a table may have is the lobby's
//! check, with [`ServerConfig::allow_oracle`](super::ServerConfig).)

use crate::protocol::ClockSpec;
use std::fmt;
use std::ops::RangeInclusive;

/// The time limits a server accepts in a [`ClockSpec`], in milliseconds
/// (no limit, `None`, is always accepted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockBounds {
    /// The time for one decision.
    pub per_decision_ms: RangeInclusive<u64>,
    /// Each player's thinking time for the match.
    pub per_match_ms: RangeInclusive<u64>,
}

impl ClockBounds {
    /// The bounds of `sve serve`: 5 s to 1 h a decision, 1 min to 10 h of
    /// thinking time (the ranges the egui client offers, and what a
    /// person can play with: running out of a decision plays its default,
    /// running out of thinking time loses).
    pub const DEFAULT: ClockBounds = ClockBounds {
        per_decision_ms: RangeInclusive::new(5_000, 3_600_000),
        per_match_ms: RangeInclusive::new(60_000, 36_000_000),
    };

    /// Whether `clock` is within these bounds; `Err` names the first
    /// limit out of them and its bound.
    pub fn check(&self, clock: &ClockSpec) -> Result<(), ClockError> {
        let limits = [
            (
                Limit::PerDecision,
                clock.per_decision_ms,
                &self.per_decision_ms,
            ),
            (Limit::PerMatch, clock.per_match_ms, &self.per_match_ms),
        ];
        for (limit, asked, bounds) in limits {
            let Some(asked) = asked else {
                continue;
            };
            if asked < *bounds.start() {
                return Err(ClockError::TooShort {
                    limit,
                    asked,
                    min: *bounds.start(),
                });
            }
            if asked > *bounds.end() {
                return Err(ClockError::TooLong {
                    limit,
                    asked,
                    max: *bounds.end(),
                });
            }
        }
        Ok(())
    }
}

impl Default for ClockBounds {
    fn default() -> ClockBounds {
        ClockBounds::DEFAULT
    }
}

/// One of a table's time limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// [`ClockSpec::per_decision_ms`].
    PerDecision,
    /// [`ClockSpec::per_match_ms`].
    PerMatch,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limit::PerDecision => "time per decision",
            Limit::PerMatch => "thinking time per player",
        })
    }
}

/// A table's clock that a server does not accept.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    /// Under the server's minimum.
    #[error("the {limit} must be at least {}; this table asked for {}", shown(*min), shown(*asked))]
    TooShort {
        /// The limit.
        limit: Limit,
        /// What the table asked for, in milliseconds.
        asked: u64,
        /// The minimum, in milliseconds.
        min: u64,
    },
    /// Over the server's maximum.
    #[error("the {limit} must be at most {}; this table asked for {}", shown(*max), shown(*asked))]
    TooLong {
        /// The limit.
        limit: Limit,
        /// What the table asked for, in milliseconds.
        asked: u64,
        /// The maximum, in milliseconds.
        max: u64,
    },
}

/// Milliseconds for people, in the largest unit that divides them.
fn shown(ms: u64) -> String {
    match ms {
        0 => "0 ms".into(),
        ms if ms % 3_600_000 == 0 => format!("{} h", ms / 3_600_000),
        ms if ms % 60_000 == 0 => format!("{} min", ms / 60_000),
        ms if ms % 1_000 == 0 => format!("{} s", ms / 1_000),
        ms => format!("{ms} ms"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(per_decision_ms: Option<u64>, per_match_ms: Option<u64>) -> ClockSpec {
        ClockSpec {
            per_decision_ms,
            per_match_ms,
        }
    }

    #[test]
    fn no_limit_and_the_bounds_themselves_are_accepted() {
        let bounds = ClockBounds::DEFAULT;
        assert_eq!(bounds.check(&ClockSpec::default()), Ok(()));
        assert_eq!(bounds.check(&spec(Some(5_000), Some(60_000))), Ok(()));
        assert_eq!(
            bounds.check(&spec(Some(3_600_000), Some(36_000_000))),
            Ok(())
        );
    }

    #[test]
    fn a_clock_out_of_bounds_names_the_bound() {
        let bounds = ClockBounds::DEFAULT;
        let err = bounds.check(&spec(None, Some(0))).expect_err("0 ms");
        assert_eq!(
            err.to_string(),
            "the thinking time per player must be at least 1 min; this table asked for 0 ms"
        );
        let err = bounds.check(&spec(Some(4_999), None)).expect_err("short");
        assert_eq!(
            err.to_string(),
            "the time per decision must be at least 5 s; this table asked for 4999 ms"
        );
        let err = bounds
            .check(&spec(Some(7_200_000), None))
            .expect_err("long");
        assert_eq!(
            err.to_string(),
            "the time per decision must be at most 1 h; this table asked for 2 h"
        );
    }
}
