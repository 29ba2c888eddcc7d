//! [`AnimQueue`]: the animations waiting or playing, on a clock the caller
//! passes in (egui's `input.time` on screen, any number in tests). It
//! knows nothing of egui or of the board: it says which animations play
//! at a time and how far along each is.
//!
//! Beats play one after another, so a bot's play, attack and the deaths
//! it causes read in order. The board is drawn from the latest snapshot
//! all along, so the queue never holds anything back. A local match waits
//! for the queue before a bot's next move (see [`AnimQueue::done_at`]);
//! when snapshots still come faster than their animations (an online
//! server's bots), at most [`MAX_LAG`]
//! seconds pile up: past that, the animations that have not started are
//! dropped and the newest batch plays next, so what moves is never long
//! behind the board.

use super::beat::{AnimKind, Beat};
use super::speed::AnimSpeed;

/// The most seconds (at normal speed) a new batch waits behind the
/// animations already queued.
pub const MAX_LAG: f64 = 2.5;

/// Animations in time.
#[derive(Clone, Debug, Default)]
pub struct AnimQueue {
    scheduled: Vec<Scheduled>,
    /// When the next beat may start.
    next_start: f64,
}

/// An animation playing now, with how far along it is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Playing<'a> {
    /// What it shows.
    pub kind: &'a AnimKind,
    /// From 0 (it just started) to 1 (it ends).
    pub progress: f32,
}

#[derive(Clone, Debug, PartialEq)]
struct Scheduled {
    kind: AnimKind,
    start: f64,
    end: f64,
}

impl AnimQueue {
    /// Queues `beats` after the ones waiting, at `speed`, `now` being the
    /// clock's time. Nothing is queued when animations are off.
    pub fn schedule(&mut self, beats: impl IntoIterator<Item = Beat>, now: f64, speed: AnimSpeed) {
        let Some(factor) = speed.factor() else {
            return;
        };
        self.prune(now);
        let mut start = self.next_start.max(now);
        if start > now + MAX_LAG * factor {
            // Too far behind the match: skip what has not started, and
            // play this batch once what plays now is over.
            self.scheduled.retain(|it| it.start <= now);
            start = self.scheduled.iter().map(|it| it.end).fold(now, f64::max);
        }
        for beat in beats {
            for anim in beat.anims {
                self.scheduled.push(Scheduled {
                    kind: anim.kind,
                    start,
                    end: start + anim.duration * factor,
                });
            }
            start += beat.length * factor;
        }
        self.next_start = start;
    }

    /// The animations playing at `now`, oldest first.
    pub fn playing(&self, now: f64) -> impl Iterator<Item = Playing<'_>> {
        self.scheduled
            .iter()
            .filter(move |it| it.start <= now && now < it.end)
            .map(move |it| Playing {
                kind: &it.kind,
                progress: ((now - it.start) / (it.end - it.start)).clamp(0.0, 1.0) as f32,
            })
    }

    /// Whether anything is playing or waiting at `now`.
    pub fn is_busy(&self, now: f64) -> bool {
        self.scheduled.iter().any(|it| now < it.end)
    }

    /// When the next waiting animation starts, if one waits (so the screen
    /// can sleep until then).
    pub fn next_start_after(&self, now: f64) -> Option<f64> {
        self.scheduled
            .iter()
            .map(|it| it.start)
            .filter(|start| *start > now)
            .min_by(f64::total_cmp)
    }

    /// When what is queued has played: the moment the next batch would
    /// start. It moves only when something is queued or skipped.
    pub fn done_at(&self) -> f64 {
        self.next_start
    }

    /// Drops every animation, playing or waiting: the board shows the
    /// match as it is.
    pub fn skip(&mut self, now: f64) {
        self.scheduled.clear();
        self.next_start = now;
    }

    /// Forgets the animations that ended before `now`.
    pub fn prune(&mut self, now: f64) {
        self.scheduled.retain(|it| now < it.end);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::anim::beat::{Anim, Spot};
    use sve_engine::engine::{CardRef, PlayerId};

    fn damage(amount: i32) -> AnimKind {
        AnimKind::Change {
            at: Spot::Leader(PlayerId(1)),
            amount,
        }
    }

    fn beat(kind: AnimKind, length: f64) -> Beat {
        Beat {
            anims: vec![Anim {
                kind,
                duration: 1.0,
            }],
            length,
        }
    }

    fn playing_at(queue: &AnimQueue, now: f64) -> Vec<(AnimKind, f32)> {
        queue
            .playing(now)
            .map(|it| (it.kind.clone(), it.progress))
            .collect()
    }

    #[test]
    fn beats_play_one_after_another() {
        let mut queue = AnimQueue::default();
        queue.schedule(
            [beat(damage(-1), 0.5), beat(damage(-2), 0.5)],
            10.0,
            AnimSpeed::Normal,
        );
        assert_eq!(playing_at(&queue, 10.25), [(damage(-1), 0.25)]);
        assert_eq!(
            playing_at(&queue, 10.75),
            [(damage(-1), 0.75), (damage(-2), 0.25)],
            "the second starts half a second in and overlaps the first"
        );
        assert_eq!(playing_at(&queue, 11.25), [(damage(-2), 0.75)]);
        assert!(queue.is_busy(11.25));
        assert!(playing_at(&queue, 11.5).is_empty());
        assert!(!queue.is_busy(11.5));
    }

    #[test]
    fn a_later_batch_waits_for_the_one_playing() {
        let mut queue = AnimQueue::default();
        queue.schedule([beat(damage(-1), 1.0)], 0.0, AnimSpeed::Normal);
        queue.schedule([beat(damage(-2), 1.0)], 0.2, AnimSpeed::Normal);
        assert_eq!(playing_at(&queue, 0.5), [(damage(-1), 0.5)]);
        assert_eq!(queue.next_start_after(0.5), Some(1.0));
        assert_eq!(playing_at(&queue, 1.5), [(damage(-2), 0.5)]);
    }

    #[test]
    fn speed_scales_durations_and_off_queues_nothing() {
        let mut fast = AnimQueue::default();
        fast.schedule([beat(damage(-1), 1.0)], 0.0, AnimSpeed::Fast);
        assert_eq!(playing_at(&fast, 0.25), [(damage(-1), 0.5)]);
        assert!(!fast.is_busy(0.5));
        let mut slow = AnimQueue::default();
        slow.schedule([beat(damage(-1), 1.0)], 0.0, AnimSpeed::Slow);
        assert!(slow.is_busy(1.5));
        let mut off = AnimQueue::default();
        off.schedule([beat(damage(-1), 1.0)], 0.0, AnimSpeed::Off);
        assert!(!off.is_busy(0.0));
        assert!(playing_at(&off, 0.0).is_empty());
    }

    #[test]
    fn skip_drops_what_plays_and_what_waits() {
        let mut queue = AnimQueue::default();
        let beats = (1..=5).map(|n| beat(damage(-n), 1.0));
        queue.schedule(beats, 0.0, AnimSpeed::Normal);
        assert!(queue.is_busy(0.5));
        queue.skip(0.5);
        assert!(!queue.is_busy(0.5));
        assert!(playing_at(&queue, 3.0).is_empty());
        // What comes after a skip plays at once.
        queue.schedule([beat(damage(-9), 1.0)], 0.6, AnimSpeed::Normal);
        assert_eq!(playing_at(&queue, 0.6), [(damage(-9), 0.0)]);
    }

    #[test]
    fn a_backlog_past_max_lag_drops_what_has_not_started() {
        let mut queue = AnimQueue::default();
        let token = |n: u32| AnimKind::Token { card: CardRef(n) };
        let beats = (0..20).map(|n| beat(token(n), 1.0));
        queue.schedule(beats, 0.0, AnimSpeed::Normal);
        // Twenty seconds are queued and the second plays at 1.5: the next
        // batch comes after it, and the eighteen waiting are dropped.
        queue.schedule([beat(damage(-1), 1.0)], 1.5, AnimSpeed::Normal);
        assert_eq!(playing_at(&queue, 2.5), [(damage(-1), 0.5)]);
        assert!(!queue.is_busy(3.0));
        // Within the lag, a batch waits its turn.
        queue.schedule([beat(token(1), 1.0)], 3.0, AnimSpeed::Normal);
        queue.schedule([beat(token(2), 1.0)], 3.0, AnimSpeed::Normal);
        assert_eq!(playing_at(&queue, 4.5), [(token(2), 0.5)]);
    }

    #[test]
    fn prune_forgets_finished_animations() {
        let mut queue = AnimQueue::default();
        queue.schedule([beat(damage(-1), 0.1)], 0.0, AnimSpeed::Normal);
        queue.prune(2.0);
        assert_eq!(queue.scheduled.len(), 0);
    }
}
