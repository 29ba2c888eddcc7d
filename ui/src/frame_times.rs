//! CPU time per frame over the last few seconds, as eframe reports it, for
//! the debug tab and a line in the log when the window closes.

use std::collections::VecDeque;

/// How many frames are kept.
const KEPT_FRAMES: usize = 600;

/// The CPU time of recent frames, in milliseconds.
#[derive(Clone, Debug, Default)]
pub struct FrameTimes {
    millis: VecDeque<f32>,
}

impl FrameTimes {
    /// Adds one frame's CPU time.
    pub fn record(&mut self, seconds: f32) {
        if self.millis.len() == KEPT_FRAMES {
            self.millis.pop_front();
        }
        self.millis.push_back(seconds * 1000.0);
    }

    /// Number of frames kept.
    pub fn len(&self) -> usize {
        self.millis.len()
    }

    /// Whether no frame was recorded (as in tests, which have no window).
    pub fn is_empty(&self) -> bool {
        self.millis.is_empty()
    }

    /// The `fraction` quantile in milliseconds (0.95 for p95).
    pub fn quantile(&self, fraction: f32) -> Option<f32> {
        let mut sorted: Vec<f32> = self.millis.iter().copied().collect();
        sorted.sort_by(f32::total_cmp);
        let last = sorted.len().checked_sub(1)?;
        let at = ((last as f32) * fraction.clamp(0.0, 1.0)).round() as usize;
        sorted.get(at).copied()
    }

    /// "p50 1.2 ms · p95 3.4 ms over 600 frames", or a note when empty.
    pub fn summary(&self) -> String {
        match (self.quantile(0.5), self.quantile(0.95), self.quantile(1.0)) {
            (Some(p50), Some(p95), Some(max)) => format!(
                "Frame CPU time: p50 {p50:.1} ms · p95 {p95:.1} ms · max {max:.1} ms over {} frames",
                self.len()
            ),
            _ => "Frame CPU time is measured in the window only.".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_of_recorded_frames() {
        let mut times = FrameTimes::default();
        assert_eq!(times.quantile(0.95), None);
        for ms in 1..=100 {
            times.record(ms as f32 / 1000.0);
        }
        assert_eq!(times.quantile(0.5).map(f32::round), Some(51.0));
        assert_eq!(times.quantile(0.95).map(f32::round), Some(95.0));
    }
}
