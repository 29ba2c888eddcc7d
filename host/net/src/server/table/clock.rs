//! The table's clocks and timeouts: the per-decision and per-match
//! thinking time ([`ClockSpec`](crate::protocol::ClockSpec)), charged when
//! a seat answers and shown to viewers as [`Clocks`], and the absent
//! player's grace. Here: what each clock shows, the next moment something
//! happens by itself, and what happens then (a default answer, or a
//! concession). Sending, answering and conceding are the parent module's.

use super::{Player, Table};
use crate::protocol::Clocks;
use std::time::Duration;
use sve_engine::bot::default_answer;
use sve_engine::engine::PlayerId;
use tokio::time::Instant;

impl Table {
    /// Milliseconds an absent seat has left before conceding.
    pub(super) fn grace_ms(&self, seat: u8) -> u64 {
        let grace = self.lobby.config.grace;
        match &self.seats[usize::from(seat) % 2].player {
            Player::Human {
                away_since: Some(since),
                ..
            } => grace.saturating_sub(since.elapsed()).as_millis() as u64,
            _ => grace.as_millis() as u64,
        }
    }

    /// Takes the time since the decision was asked off the decider's clock.
    pub(super) fn charge_clock(&mut self, player: PlayerId) {
        let spent = self.asked_at.elapsed();
        if let Some(left) = &mut self.seats[player.idx()].time_left {
            *left = left.saturating_sub(spent);
        }
    }

    pub(super) fn clocks(&self) -> Clocks {
        let spent = self.asked_at.elapsed();
        let decider = self.decider();
        let left = |seat: usize| {
            self.seats[seat].time_left.map(|left| {
                let left = if decider.map(PlayerId::idx) == Some(seat) {
                    left.saturating_sub(spent)
                } else {
                    left
                };
                left.as_millis() as u64
            })
        };
        Clocks {
            match_left_ms: [left(0), left(1)],
            decision_left_ms: self
                .clock
                .per_decision_ms
                .filter(|_| decider.is_some())
                .map(|ms| ms.saturating_sub(spent.as_millis() as u64)),
        }
    }

    /// The next moment something happens by itself: a decision times out,
    /// a clock runs out, an absent player's grace ends.
    pub(super) fn next_deadline(&self) -> Option<Instant> {
        let mut deadlines = Vec::new();
        if let Some(player) = self.decider() {
            if let Some(ms) = self.clock.per_decision_ms {
                deadlines.push(self.asked_at + Duration::from_millis(ms));
            }
            if let Some(left) = self.seats[player.idx()].time_left {
                deadlines.push(self.asked_at + left);
            }
        }
        for seat in &self.seats {
            if let Player::Human {
                away_since: Some(since),
                ..
            } = seat.player
            {
                deadlines.push(since + self.lobby.config.grace);
            }
        }
        // Updates held back (`HOLD_FOR`) go when due.
        let held = self.seats.iter().map(|s| &s.held);
        let held = held.chain(self.watchers.iter().map(|w| &w.held));
        deadlines.extend(held.filter_map(super::Held::deadline));
        deadlines.into_iter().min()
    }

    pub(super) fn on_deadline(&mut self) {
        let now = Instant::now();
        let held = self.seats.iter().map(|s| &s.held);
        let mut held = held.chain(self.watchers.iter().map(|w| &w.held));
        if held.any(|held| held.deadline().is_some_and(|due| due <= now)) {
            self.flush_held = true;
            self.dirty = true;
        }
        for seat in 0..2u8 {
            if let Player::Human {
                away_since: Some(since),
                ..
            } = self.seats[usize::from(seat)].player
                && now >= since + self.lobby.config.grace
            {
                let name = self.seats[usize::from(seat)].name.clone();
                self.notice(format!("{name} did not come back in time and concedes."));
                self.concede(seat);
                return;
            }
        }
        let Some(player) = self.decider() else {
            return;
        };
        let spent = now.saturating_duration_since(self.asked_at);
        let seat = &self.seats[player.idx()];
        if seat.time_left.is_some_and(|left| spent >= left) {
            let name = seat.name.clone();
            self.notice(format!("{name} ran out of time and loses."));
            self.concede(player.0);
            return;
        }
        if self
            .clock
            .per_decision_ms
            .is_some_and(|ms| spent >= Duration::from_millis(ms))
            && let Some(decision) = self.game.decision().cloned()
        {
            let name = seat.name.clone();
            self.notice(format!(
                "{name}'s time for this decision ran out; the default was played."
            ));
            let picks: Vec<u32> = default_answer(&decision)
                .into_iter()
                .map(|p| p as u32)
                .collect();
            self.answer(player.0, self.seq, &picks);
        }
    }
}
