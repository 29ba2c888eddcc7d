//! The match worker a web page steps: a page has no threads, so instead
//! of [`run`](super::run)'s loop, which waits on its channel, the UI calls
//! [`Stepped::step`] once per frame (`Session::poll`). A step takes the
//! commands that came since the last one, moves the match as the loop
//! would (to its next decision, then a bot's answer once its pace allows),
//! and returns without waiting. The same [`Worker`] does the work, so a
//! page's match says and does what the desktop's does.
//!
//! A bot whose move is due later sets a browser timer that wakes the UI
//! then; while the screen animates it draws frames anyway, and says how
//! far it played (`Command::Pace`), which the next step takes in. A step
//! makes at most [`MOVES_PER_STEP`] moves, so that two bots with the
//! animations off never hold a frame for a whole match.

use super::{Repaint, Worker};
use crate::catalog::Catalog;
use crate::config::MatchConfig;
use crate::session::{Command, Update};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, TryRecvError};
use sve_engine::engine::Decision;
use web_time::Instant;

/// The most moves (a step to a decision, a bot's answer) one step makes.
pub(in crate::session) const MOVES_PER_STEP: usize = 16;

/// Where the stepped match stands between steps.
enum State {
    /// The match moved, or a command came: step it to its next decision
    /// and show it.
    Advance,
    /// A bot's decision, shown at `since`; it answers once paced. `alarm`
    /// is when a timer was set to wake the UI.
    Bot {
        decision: Decision,
        since: Instant,
        alarm: Option<Instant>,
    },
    /// Waiting for the person at the screen (or the match is over).
    Person,
    /// The worker stopped (shut down, or the UI let go).
    Stopped,
}

/// A match worker stepped by the UI.
pub(in crate::session) struct Stepped {
    worker: Worker,
    state: State,
}

impl std::fmt::Debug for Stepped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let state = match &self.state {
            State::Advance => "advance",
            State::Bot { .. } => "bot",
            State::Person => "person",
            State::Stopped => "stopped",
        };
        f.debug_struct("Stepped").field("state", &state).finish()
    }
}

impl Stepped {
    /// A new match, as [`run`](super::run) starts one; the first step
    /// shows it.
    pub(in crate::session) fn new(
        config: MatchConfig,
        catalog: Catalog,
        save_dir: PathBuf,
        commands: Receiver<Command>,
        updates: Sender<Update>,
        repaint: Repaint,
    ) -> Stepped {
        Stepped {
            worker: Worker::new(config, catalog, save_dir, commands, updates, repaint),
            state: State::Advance,
        }
    }

    /// One step: the commands that came, then the match's moves that are
    /// due. `false` once the worker stopped (then its end of the updates
    /// channel should be dropped).
    pub(in crate::session) fn step(&mut self) -> bool {
        for _ in 0..MOVES_PER_STEP {
            if self.commands().is_break() {
                self.state = State::Stopped;
            }
            match &mut self.state {
                State::Stopped => return false,
                State::Person => return true,
                State::Advance => {
                    let worker = &mut self.worker;
                    let decision = worker.advance();
                    if worker.open_if_due() || worker.start_turn_if_due() {
                        continue;
                    }
                    let bot_decision = decision.filter(|d| worker.is_bot(d.player));
                    worker.publish(bot_decision.is_some());
                    self.state = match bot_decision {
                        Some(decision) => State::Bot {
                            decision,
                            since: Instant::now(),
                            alarm: None,
                        },
                        None => State::Person,
                    };
                }
                State::Bot {
                    decision,
                    since,
                    alarm,
                } => {
                    let worker = &mut self.worker;
                    let due = worker
                        .pace
                        .due(*since, worker.config.bot_delay, worker.generation);
                    let now = Instant::now();
                    match due {
                        Some(due) if due <= now => {
                            let decision = decision.clone();
                            if !worker.reload_cards() {
                                worker.bot_answer(&decision);
                            }
                            self.state = State::Advance;
                        }
                        Some(due) => {
                            if *alarm != Some(due) {
                                *alarm = Some(due);
                                wake_after(due - now, &worker.repaint);
                            }
                            return true;
                        }
                        // The screen's next word comes with its next frame.
                        None => return true,
                    }
                }
            }
        }
        // More moves are due: the next frame makes them.
        (self.worker.repaint)();
        true
    }

    /// Takes in the commands that came; `Break` when the worker must stop.
    fn commands(&mut self) -> ControlFlow<()> {
        loop {
            match self.worker.commands.try_recv() {
                Ok(Command::Pace(pace)) => self.worker.pace.heard(pace),
                Ok(command) => {
                    if self.worker.handle(command).is_break() {
                        return ControlFlow::Break(());
                    }
                    // As the loop does after any command: step the match
                    // and show it again.
                    self.state = State::Advance;
                }
                Err(TryRecvError::Empty) => return ControlFlow::Continue(()),
                Err(TryRecvError::Disconnected) => return ControlFlow::Break(()),
            }
        }
    }
}

/// Calls `repaint` after `delay`: a browser timer in a page; natively (the
/// tests, which step in a loop) nothing. The page's replay viewer
/// (`replay/stepped.rs`) sets its timers so too.
pub(in crate::session) fn wake_after(delay: std::time::Duration, repaint: &Repaint) {
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::JsCast as _;
        let Some(window) = web_sys::window() else {
            return;
        };
        let repaint = std::sync::Arc::clone(repaint);
        let callback = wasm_bindgen::closure::Closure::once_into_js(move || repaint());
        let millis = i32::try_from(delay.as_millis()).unwrap_or(i32::MAX);
        if let Err(err) = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(callback.unchecked_ref(), millis)
        {
            tracing::warn!("the browser set no timer: {err:?}");
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (delay, repaint);
}
