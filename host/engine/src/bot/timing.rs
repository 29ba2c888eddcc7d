//! How long a bot's decisions take: measured for reports only (`sve arena`
//! prints the percentiles). A bot's answers never depend on it unless it
//! is given a time budget ([`super::SearchConfig::time_limit`]).

use std::time::Duration;

/// The thinking time of each decision a bot did not answer at once.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DecisionTimes {
    millis: Vec<f64>,
}

impl DecisionTimes {
    /// Records one decision.
    pub fn record(&mut self, took: Duration) {
        self.millis.push(took.as_secs_f64() * 1000.0);
    }

    /// Adds another bot's records (bots of one level across matches).
    pub fn merge(&mut self, other: &DecisionTimes) {
        self.millis.extend_from_slice(&other.millis);
    }

    /// Decisions recorded.
    pub fn count(&self) -> usize {
        self.millis.len()
    }

    /// The `p`-th percentile in milliseconds (nearest rank; `p` in 0..=100),
    /// or 0 with no decisions.
    pub fn percentile_ms(&self, p: f64) -> f64 {
        if self.millis.is_empty() {
            return 0.0;
        }
        let mut sorted = self.millis.clone();
        sorted.sort_by(f64::total_cmp);
        let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
        sorted[rank.clamp(1, sorted.len()) - 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_by_nearest_rank() {
        let mut times = DecisionTimes::default();
        for ms in 1..=100 {
            times.record(Duration::from_millis(ms));
        }
        assert_eq!(times.count(), 100);
        assert!((times.percentile_ms(50.0) - 50.0).abs() < 1e-9);
        assert!((times.percentile_ms(95.0) - 95.0).abs() < 1e-9);
        assert!((times.percentile_ms(100.0) - 100.0).abs() < 1e-9);
        assert_eq!(DecisionTimes::default().percentile_ms(95.0), 0.0);
    }
}
