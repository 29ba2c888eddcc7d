//! The pace of moves nobody at the screen makes: a bot's answers and a
//! playing replay's steps.
//!
//! Each waits a fixed delay after the move before it. While the screen
//! animates ([`ScreenPace::Playing`]), each also waits for the screen to
//! take in the snapshot that showed the move before and to play out its
//! animations: the board and what moves on it stay in step with the match,
//! instead of the board running seconds ahead of the animations. A screen
//! that stops drawing (a hidden window) holds nothing up for long: a move
//! waits at most [`UNHEARD`] for its word, and no hold lasts past
//! [`MAX_HOLD`].

use super::{Command, ScreenPace};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The longest the screen may hold the match: a screen that asks more (a
/// bug, a huge backlog) can't stall it.
pub(super) const MAX_HOLD: Duration = Duration::from_secs(10);

/// How long a move waits for an animating screen to say it took in the
/// snapshot before it.
pub(super) const UNHEARD: Duration = Duration::from_secs(2);

/// What the screen said of the pace.
#[derive(Debug, Default)]
pub(super) struct Pace {
    /// The screen animates, and has taken in the snapshots up to this
    /// generation (`None`: it shows snapshots as they come).
    taken: Option<u64>,
    /// No paced move happens before this moment.
    hold_until: Option<Instant>,
}

/// How waiting for the next paced move ended.
#[derive(Debug)]
pub(super) enum Paced {
    /// The move is due.
    Due,
    /// A command came first (anything but the screen's pace): handle it,
    /// then look again.
    Command(Command),
    /// The screen hung up.
    Hangup,
}

impl Pace {
    /// Takes in what the screen said.
    pub(super) fn heard(&mut self, pace: ScreenPace) {
        match pace {
            ScreenPace::Off => *self = Pace::default(),
            ScreenPace::Playing { generation, hold } => {
                if self.taken.is_some_and(|taken| taken > generation) {
                    // An older word, overtaken.
                    return;
                }
                self.taken = Some(generation);
                self.hold_until = Some(Instant::now() + hold.min(MAX_HOLD));
            }
        }
    }

    /// Waits for the move after snapshot `shown`: `delay` from now, and,
    /// while the screen animates, until it took `shown` in and played it
    /// out. The screen's words that arrive meanwhile are taken in; any
    /// other command returns early.
    pub(super) fn wait(
        &mut self,
        commands: &Receiver<Command>,
        delay: Duration,
        shown: u64,
    ) -> Paced {
        let start = Instant::now();
        let paced = start + delay;
        loop {
            let due = match self.taken {
                None => paced,
                Some(taken) if taken >= shown => self.hold_until.map_or(paced, |h| h.max(paced)),
                Some(_) => paced.max(start + UNHEARD),
            };
            match commands.recv_timeout(due.saturating_duration_since(Instant::now())) {
                Ok(Command::Pace(pace)) => self.heard(pace),
                Ok(command) => return Paced::Command(command),
                Err(RecvTimeoutError::Timeout) => return Paced::Due,
                Err(RecvTimeoutError::Disconnected) => return Paced::Hangup,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::channel;

    fn playing(generation: u64, hold_ms: u64) -> Command {
        Command::Pace(ScreenPace::Playing {
            generation,
            hold: Duration::from_millis(hold_ms),
        })
    }

    #[test]
    fn a_screen_that_does_not_animate_holds_nothing() {
        let (_send, commands) = channel();
        let mut pace = Pace::default();
        let started = Instant::now();
        assert!(matches!(
            pace.wait(&commands, Duration::from_millis(5), 3),
            Paced::Due
        ));
        let waited = started.elapsed();
        assert!(waited >= Duration::from_millis(5) && waited < UNHEARD);
    }

    #[test]
    fn an_animating_screen_holds_the_move_while_it_plays() {
        let (send, commands) = channel();
        let mut pace = Pace::default();
        send.send(playing(3, 40)).ok();
        let started = Instant::now();
        assert!(matches!(
            pace.wait(&commands, Duration::ZERO, 3),
            Paced::Due
        ));
        assert!(started.elapsed() >= Duration::from_millis(40));
    }

    #[test]
    fn the_move_waits_for_the_screen_to_take_its_snapshot_in() {
        let (send, commands) = channel();
        let mut pace = Pace::default();
        pace.heard(ScreenPace::Playing {
            generation: 2,
            hold: Duration::ZERO,
        });
        // Generation 3 is shown; the screen says so a little later (and
        // stays: a screen that hangs up ends the wait).
        let _screen_stays = send.clone();
        let started = Instant::now();
        let screen = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(30));
            send.send(playing(3, 20)).ok();
        });
        assert!(matches!(
            pace.wait(&commands, Duration::ZERO, 3),
            Paced::Due
        ));
        assert!(started.elapsed() >= Duration::from_millis(50));
        screen.join().ok();
    }

    #[test]
    fn a_skip_lifts_the_hold_and_an_old_word_is_ignored() {
        let (send, commands) = channel();
        let mut pace = Pace::default();
        pace.heard(ScreenPace::Playing {
            generation: 5,
            hold: Duration::from_secs(3600),
        });
        // A word about an older snapshot, then the skip.
        send.send(playing(4, 3_600_000)).ok();
        send.send(playing(5, 0)).ok();
        assert!(matches!(
            pace.wait(&commands, Duration::ZERO, 5),
            Paced::Due
        ));
    }

    #[test]
    fn a_hold_is_capped() {
        let mut pace = Pace::default();
        pace.heard(ScreenPace::Playing {
            generation: 1,
            hold: Duration::from_secs(3600),
        });
        let held = pace
            .hold_until
            .map(|until| until.saturating_duration_since(Instant::now()));
        assert!(held.is_some_and(|held| held <= MAX_HOLD));
    }

    #[test]
    fn other_commands_come_first_and_a_hangup_ends_the_wait() {
        let (send, commands) = channel();
        let mut pace = Pace::default();
        pace.heard(ScreenPace::Playing {
            generation: 1,
            hold: Duration::from_secs(3600),
        });
        send.send(Command::Undo).ok();
        assert!(matches!(
            pace.wait(&commands, Duration::ZERO, 1),
            Paced::Command(Command::Undo)
        ));
        drop(send);
        assert!(matches!(
            pace.wait(&commands, Duration::ZERO, 1),
            Paced::Hangup
        ));
    }
}
