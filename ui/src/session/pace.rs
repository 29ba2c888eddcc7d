//! The pace of moves nobody at the screen makes: a bot's answers and a
//! playing replay's steps.
//!
//! Each waits a fixed delay after the move before it. While the screen
//! animates, each also waits for the screen to say it has played out the
//! snapshot that showed the move before ([`ScreenPace::Playing`] with
//! `done`): the screen's clock, not the wall clock, says when the board
//! and what moves on it have caught up with the match. A drawing screen
//! says it is still playing every frame.
//!
//! Under [`PaceClock::Screen`] (a window) the wall clock stands behind
//! it: a screen that says nothing for [`UNHEARD`] (a hidden window draws
//! no frames) holds nothing up. Under [`PaceClock::ScreenOnly`] (a test
//! harness that steps the screen's clock itself) the move waits for the
//! screen's word however long it takes, so what happens never depends on
//! how fast the machine is. (The fixed delay is the wall clock's: a
//! harness sets it to zero.)
//!
//! Why the screen's word and not a hold it computes up front: the screen
//! once told the match how long its animations would still play, and the
//! match counted that down on the wall clock. A harness's clock moves a
//! fixed step per frame whatever the wall clock does, so on a fast build
//! the bots ran ahead of the screen and on a slow machine behind it, and
//! a test's outcome hung on the machine's speed (issue 37).

use super::{Command, PaceClock, ScreenPace};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;
// `std::time::Instant::now` panics in a web page; on the desktop this is
// std's.
use web_time::Instant;

/// How long a move waits for a silent screen under [`PaceClock::Screen`]:
/// from the last word heard (or the start of the wait, if later).
pub(super) const UNHEARD: Duration = Duration::from_secs(2);

/// What the screen said of the pace.
#[derive(Debug, Default)]
pub(super) struct Pace {
    /// Its last word while it animates (`None`: it shows snapshots as they
    /// come, or has said nothing yet).
    screen: Option<Heard>,
}

/// The screen's last word while it animates.
#[derive(Debug)]
struct Heard {
    /// The newest snapshot generation it took in.
    taken: u64,
    /// Whether it has played out everything up to `taken`.
    done: bool,
    /// Whether the wall clock stands behind its word.
    clock: PaceClock,
    /// When the word came.
    at: Instant,
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
        self.screen = match pace {
            ScreenPace::Off => None,
            ScreenPace::Playing {
                generation,
                done,
                clock,
            } => Some(Heard {
                taken: generation,
                done,
                clock,
                at: Instant::now(),
            }),
        };
    }

    /// Waits for the move after snapshot `shown`: `delay` from now, and,
    /// while the screen animates, until it says it played `shown` out.
    /// The screen's words that arrive meanwhile are taken in; any other
    /// command returns early.
    pub(super) fn wait(
        &mut self,
        commands: &Receiver<Command>,
        delay: Duration,
        shown: u64,
    ) -> Paced {
        let start = Instant::now();
        loop {
            let due = self.due(start, delay, shown);
            let received = match due {
                Some(due) => commands.recv_timeout(due.saturating_duration_since(Instant::now())),
                None => commands.recv().map_err(|_| RecvTimeoutError::Disconnected),
            };
            match received {
                Ok(Command::Pace(pace)) => self.heard(pace),
                Ok(command) => return Paced::Command(command),
                Err(RecvTimeoutError::Timeout) => return Paced::Due,
                Err(RecvTimeoutError::Disconnected) => return Paced::Hangup,
            }
        }
    }
}

impl Pace {
    /// When the move after snapshot `shown`, whose wait began at `start`,
    /// is due: `delay` after `start` and, while the screen animates, once
    /// it says it played `shown` out (or, under [`PaceClock::Screen`],
    /// [`UNHEARD`] after its last word). `None`: not until the screen
    /// says more. A page's stepped worker asks this each frame, where a
    /// thread [`wait`](Self::wait)s.
    pub(super) fn due(&self, start: Instant, delay: Duration, shown: u64) -> Option<Instant> {
        let paced = start + delay;
        match &self.screen {
            None => Some(paced),
            Some(heard) if heard.done && heard.taken >= shown => Some(paced),
            Some(heard) => match heard.clock {
                PaceClock::Screen => Some(paced.max(heard.at.max(start) + UNHEARD)),
                PaceClock::ScreenOnly => None,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::channel;

    fn playing(generation: u64, done: bool, clock: PaceClock) -> Command {
        Command::Pace(ScreenPace::Playing {
            generation,
            done,
            clock,
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
    fn the_move_waits_for_the_screen_to_play_its_snapshot_out() {
        let (send, commands) = channel();
        // A hang-up would end the wait: the screen stays.
        let _screen_stays = send.clone();
        let mut pace = Pace::default();
        // The screen took in generation 3 and plays it; it says it is done
        // three frames later, after words about 3 still playing.
        send.send(playing(3, false, PaceClock::ScreenOnly)).ok();
        let screen = std::thread::spawn(move || {
            for done in [false, false, true] {
                std::thread::sleep(Duration::from_millis(10));
                send.send(playing(3, done, PaceClock::ScreenOnly)).ok();
            }
        });
        let started = Instant::now();
        assert!(matches!(
            pace.wait(&commands, Duration::ZERO, 3),
            Paced::Due
        ));
        assert!(started.elapsed() >= Duration::from_millis(30));
        screen.join().ok();
    }

    #[test]
    fn a_word_about_an_older_snapshot_holds_the_next_move() {
        let (send, commands) = channel();
        let mut pace = Pace::default();
        // Done with 4, but 5 is shown: the move still waits (until another
        // command here), and only the word about 5 frees it.
        pace.heard(ScreenPace::Playing {
            generation: 4,
            done: true,
            clock: PaceClock::ScreenOnly,
        });
        let screen = {
            let send = send.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(50));
                send.send(Command::Undo).ok();
            })
        };
        assert!(matches!(
            pace.wait(&commands, Duration::ZERO, 5),
            Paced::Command(Command::Undo)
        ));
        screen.join().ok();
        send.send(playing(5, true, PaceClock::ScreenOnly)).ok();
        assert!(matches!(
            pace.wait(&commands, Duration::ZERO, 5),
            Paced::Due
        ));
        assert!(commands.try_recv().is_err(), "the word was taken in");
    }

    #[test]
    fn a_silent_screen_holds_a_window_only_so_long() {
        let (_send, commands) = channel();
        let mut pace = Pace::default();
        pace.heard(ScreenPace::Playing {
            generation: 1,
            done: false,
            clock: PaceClock::Screen,
        });
        let started = Instant::now();
        assert!(matches!(
            pace.wait(&commands, Duration::ZERO, 1),
            Paced::Due
        ));
        assert!(started.elapsed() >= UNHEARD);
    }

    #[test]
    fn a_window_that_keeps_playing_holds_past_unheard() {
        let (send, commands) = channel();
        let _screen_stays = send.clone();
        let mut pace = Pace::default();
        pace.heard(ScreenPace::Playing {
            generation: 1,
            done: false,
            clock: PaceClock::Screen,
        });
        // A drawing window says it still plays every frame (a tenth of a
        // second here), past UNHEARD, then that it is done.
        let played = UNHEARD + Duration::from_millis(500);
        let screen = std::thread::spawn(move || {
            let started = Instant::now();
            while started.elapsed() < played {
                std::thread::sleep(Duration::from_millis(100));
                send.send(playing(1, false, PaceClock::Screen)).ok();
            }
            send.send(playing(1, true, PaceClock::Screen)).ok();
        });
        let started = Instant::now();
        assert!(matches!(
            pace.wait(&commands, Duration::ZERO, 1),
            Paced::Due
        ));
        assert!(started.elapsed() >= played);
        screen.join().ok();
    }

    #[test]
    fn a_harness_screen_holds_the_move_until_it_says_done() {
        let (send, commands) = channel();
        let _screen_stays = send.clone();
        let mut pace = Pace::default();
        pace.heard(ScreenPace::Playing {
            generation: 1,
            done: false,
            clock: PaceClock::ScreenOnly,
        });
        // A harness's frame may take any time on a loaded machine: here
        // it says nothing for longer than a window may, then that it is
        // done.
        let silent = UNHEARD + Duration::from_millis(300);
        let screen = std::thread::spawn(move || {
            std::thread::sleep(silent);
            send.send(playing(1, true, PaceClock::ScreenOnly)).ok();
        });
        let started = Instant::now();
        assert!(matches!(
            pace.wait(&commands, Duration::ZERO, 1),
            Paced::Due
        ));
        assert!(started.elapsed() >= silent);
        screen.join().ok();
    }

    #[test]
    fn a_harness_screen_lets_other_commands_through_while_it_holds() {
        let (send, commands) = channel();
        let mut pace = Pace::default();
        pace.heard(ScreenPace::Playing {
            generation: 1,
            done: false,
            clock: PaceClock::ScreenOnly,
        });
        let screen = std::thread::spawn(move || {
            std::thread::sleep(UNHEARD + Duration::from_millis(200));
            // Another command first: the wait was still on.
            send.send(Command::Undo).ok();
        });
        assert!(matches!(
            pace.wait(&commands, Duration::ZERO, 1),
            Paced::Command(Command::Undo)
        ));
        screen.join().ok();
    }

    #[test]
    fn other_commands_come_first_and_a_hangup_ends_the_wait() {
        let (send, commands) = channel();
        let mut pace = Pace::default();
        pace.heard(ScreenPace::Playing {
            generation: 1,
            done: false,
            clock: PaceClock::ScreenOnly,
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

    #[test]
    fn animations_turned_off_free_the_move() {
        let (send, commands) = channel();
        let mut pace = Pace::default();
        pace.heard(ScreenPace::Playing {
            generation: 1,
            done: false,
            clock: PaceClock::ScreenOnly,
        });
        send.send(Command::Pace(ScreenPace::Off)).ok();
        assert!(matches!(
            pace.wait(&commands, Duration::ZERO, 1),
            Paced::Due
        ));
    }
}
