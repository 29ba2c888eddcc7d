//! An online match's clocks between the server's updates: each seat's
//! thinking time left and the pending decision's countdown, and how they
//! read on screen. `play/clocks.rs` draws them.
//!
//! The server says how much time is left only when it sends an update.
//! Between updates the screen counts down from the last reading: the
//! clocks of the player the server waits on run, the others stand still.
//! Time is the screen's own (egui's `input.time`), so a test that drives
//! frames drives the clocks too, and nothing here reads the wall clock.
//! The server stays the judge: when a clock runs out it plays the default
//! answer or ends the match, and its next update corrects the picture.
//!
//! A table without time limits sends no clock, and there is nothing to
//! count.

use crate::session::ClockReading;
use std::time::Duration;
use sve_engine::engine::PlayerId;
use sve_net::protocol::ClockSpec;

/// Under this much time a clock warns (it is drawn in red).
pub const LOW_TIME: Duration = Duration::from_secs(10);

/// The clocks as the server's last update left them, and when it came.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatchClocks {
    reading: ClockReading,
    /// The player the server waits on: only their clocks run.
    waiting_on: Option<PlayerId>,
    /// The screen's time (egui's `input.time`, in seconds) when the
    /// reading arrived.
    read_at: f64,
}

/// One seat's clocks at one moment; `None` for a clock that is not shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatClocks {
    /// Thinking time left for the rest of the match.
    pub match_left: Option<Duration>,
    /// Time left for the decision the server waits on this seat for.
    pub decision_left: Option<Duration>,
    /// These clocks are running (the server waits on this seat).
    pub running: bool,
}

impl MatchClocks {
    /// The clocks of `reading`, which arrived at the screen's time
    /// `read_at` while the server waited on `waiting_on`. `None` when the
    /// table has no clock.
    pub fn new(
        reading: ClockReading,
        waiting_on: Option<PlayerId>,
        read_at: f64,
    ) -> Option<MatchClocks> {
        (!reading.is_empty()).then_some(MatchClocks {
            reading,
            waiting_on,
            read_at,
        })
    }

    /// `seat`'s clocks at the screen's time `now`: the last reading, less
    /// the time since it arrived for the seat the server waits on.
    pub fn seat(&self, seat: PlayerId, now: f64) -> SeatClocks {
        let running = self.waiting_on == Some(seat);
        let spent = if running {
            elapsed(self.read_at, now)
        } else {
            Duration::ZERO
        };
        let match_left = self
            .reading
            .match_left
            .get(seat.idx())
            .copied()
            .flatten()
            .map(|left| left.saturating_sub(spent));
        let decision_left = self
            .reading
            .decision_left
            .filter(|_| running)
            .map(|left| left.saturating_sub(spent));
        SeatClocks {
            match_left,
            decision_left,
            running,
        }
    }

    /// How long after `now` a running clock next shows another text (its
    /// whole seconds change), or `None` when no clock runs.
    pub fn next_change(&self, now: f64) -> Option<Duration> {
        let seat = self.waiting_on?;
        let clocks = self.seat(seat, now);
        [clocks.match_left, clocks.decision_left]
            .into_iter()
            .flatten()
            .filter(|left| !left.is_zero())
            .map(|left| {
                // The text rounds up, so it changes as the time left
                // reaches the whole second below.
                let into_second = Duration::from_nanos(u64::from(left.subsec_nanos()));
                if into_second.is_zero() {
                    Duration::from_secs(1)
                } else {
                    into_second
                }
            })
            .min()
    }

    /// The clocks stopped at `now`: what they show then, with none running
    /// (the match is over, or the link to the server is gone for good).
    pub fn stopped(&self, now: f64) -> MatchClocks {
        let Some(seat) = self.waiting_on else {
            return *self;
        };
        let clocks = self.seat(seat, now);
        let mut reading = self.reading;
        if let Some(slot) = reading.match_left.get_mut(seat.idx()) {
            *slot = clocks.match_left;
        }
        reading.decision_left = clocks.decision_left;
        MatchClocks {
            reading,
            waiting_on: None,
            read_at: now,
        }
    }
}

/// "1:05:00", "2:30", "42 s": hours, minutes and seconds, with seconds
/// alone under a minute; rounded up, so a clock shows "0 s" only once it
/// has run out.
pub fn clock_text(left: Duration) -> String {
    let seconds = left.as_nanos().div_ceil(1_000_000_000);
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else if minutes > 0 {
        format!("{minutes}:{seconds:02}")
    } else {
        format!("{seconds} s")
    }
}

/// A table's time limits in words ("30 s a decision, 20:00 thinking time
/// each"), or `None` without limits.
pub fn limits_text(limits: &ClockSpec) -> Option<String> {
    let ClockSpec {
        per_decision_ms,
        per_match_ms,
    } = *limits;
    let decision = per_decision_ms.map(|ms| format!("{} a decision", limit_text(ms)));
    let budget = per_match_ms.map(|ms| format!("{} thinking time each", limit_text(ms)));
    match (decision, budget) {
        (Some(decision), Some(budget)) => Some(format!("{decision}, {budget}")),
        (one, other) => one.or(other),
    }
}

/// A limit of `ms` milliseconds: "30 s", "1:30", "20:00".
fn limit_text(ms: u64) -> String {
    clock_text(Duration::from_millis(ms))
}

/// The time from `since` to `now` on the screen's clock; none if `now` is
/// not later (a clock never runs backwards).
fn elapsed(since: f64, now: f64) -> Duration {
    if now > since {
        Duration::try_from_secs_f64(now - since).unwrap_or(Duration::MAX)
    } else {
        Duration::ZERO
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// About 5 minutes for each seat and 29.5 s for the decision, P2
    /// deciding, read at the screen's time 100 s.
    fn clocks() -> MatchClocks {
        let reading = ClockReading {
            match_left: [
                Some(Duration::from_secs(300)),
                Some(Duration::from_millis(299_500)),
            ],
            decision_left: Some(Duration::from_millis(29_500)),
        };
        MatchClocks::new(reading, Some(PlayerId(1)), 100.0).expect("clocks")
    }

    #[test]
    fn clocks_read_seconds_under_a_minute_and_minutes_above() {
        assert_eq!(clock_text(Duration::from_secs(42)), "42 s");
        assert_eq!(clock_text(Duration::from_millis(9_001)), "10 s");
        assert_eq!(clock_text(Duration::from_secs(60)), "1:00");
        assert_eq!(clock_text(Duration::from_secs(65)), "1:05");
        assert_eq!(clock_text(Duration::from_millis(119_001)), "2:00");
        assert_eq!(clock_text(Duration::from_secs(20 * 60)), "20:00");
        assert_eq!(clock_text(Duration::from_secs(3_900)), "1:05:00");
        assert_eq!(clock_text(Duration::from_millis(1)), "1 s");
        assert_eq!(clock_text(Duration::ZERO), "0 s");
    }

    #[test]
    fn limits_read_as_words() {
        let both = ClockSpec {
            per_decision_ms: Some(30_000),
            per_match_ms: Some(1_200_000),
        };
        assert_eq!(
            limits_text(&both).as_deref(),
            Some("30 s a decision, 20:00 thinking time each")
        );
        let decision = ClockSpec {
            per_decision_ms: Some(90_000),
            per_match_ms: None,
        };
        assert_eq!(limits_text(&decision).as_deref(), Some("1:30 a decision"));
        assert_eq!(limits_text(&ClockSpec::default()), None);
    }

    #[test]
    fn only_the_clocks_of_the_player_waited_on_run() {
        let clocks = clocks();
        let at = |seat, now| clocks.seat(PlayerId(seat), now);
        // On arrival: the reading as sent.
        assert_eq!(
            at(1, 100.0).match_left,
            Some(Duration::from_millis(299_500))
        );
        assert_eq!(
            at(1, 100.0).decision_left,
            Some(Duration::from_millis(29_500))
        );
        // 12.25 s later: P2's clocks are down by that much, P1's stand.
        let later = at(1, 112.25);
        assert!(later.running);
        assert_eq!(later.match_left, Some(Duration::from_millis(287_250)));
        assert_eq!(later.decision_left, Some(Duration::from_millis(17_250)));
        let waiting = at(0, 112.25);
        assert!(!waiting.running);
        assert_eq!(waiting.match_left, Some(Duration::from_secs(300)));
        assert_eq!(waiting.decision_left, None, "P1 has no decision");
        // Past the end: zero, never less; a time before the reading
        // counts as none spent.
        assert_eq!(at(1, 500.0).decision_left, Some(Duration::ZERO));
        assert_eq!(
            at(1, 50.0).decision_left,
            Some(Duration::from_millis(29_500))
        );
    }

    #[test]
    fn the_next_repaint_comes_when_a_shown_second_changes() {
        let clocks = clocks();
        // P2's clocks show "5:00" and "30 s", half a second into their
        // seconds.
        assert_eq!(clocks.next_change(100.0), Some(Duration::from_millis(500)));
        assert_eq!(clocks.next_change(100.25), Some(Duration::from_millis(250)));
        // 0.5 s later both clocks sit on whole seconds: the next change
        // is a second away.
        assert_eq!(clocks.next_change(100.5), Some(Duration::from_secs(1)));
        // Once the decision is out, the match clock still runs.
        assert!(clocks.next_change(131.0).is_some());
        let idle = MatchClocks::new(clocks.reading, None, 100.0).expect("clocks");
        assert_eq!(idle.next_change(120.0), None, "nothing runs");
    }

    #[test]
    fn stopped_clocks_keep_what_they_showed() {
        let stopped = clocks().stopped(110.0);
        let later = stopped.seat(PlayerId(1), 200.0);
        assert!(!later.running);
        assert_eq!(later.match_left, Some(Duration::from_millis(289_500)));
        assert_eq!(stopped.next_change(200.0), None);
    }

    #[test]
    fn a_table_without_limits_has_no_clocks() {
        assert_eq!(
            MatchClocks::new(ClockReading::default(), Some(PlayerId(0)), 0.0),
            None
        );
    }
}
