//! The replay viewer a web page steps: a page has no threads, so instead
//! of [`Viewer::run`]'s loop, which waits on its channel, the UI calls
//! [`SteppedViewer::step`] once per frame (`Session::poll`), as it does a
//! page's match worker (`worker/stepped.rs`). A step takes the commands
//! that came (the replay bar's controls, the screen's pace), shows the
//! moment if it changed, and, while the replay plays, moves on once the
//! pace allows (`Pace::due`, the rule the thread waits by); a move due
//! later sets a browser timer that wakes the page.

use super::Viewer;
use crate::catalog::Catalog;
use crate::config::MatchConfig;
use crate::session::worker::{MOVES_PER_STEP, wake_after};
use crate::session::{Command, Update};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, TryRecvError};
use sve_engine::replay::Replay;
use web_time::Instant;

/// A replay viewer stepped by the UI.
pub(in crate::session) struct SteppedViewer {
    viewer: Viewer,
    /// The moment changed since it was last shown.
    unshown: bool,
    /// The end of the replay was said (see [`Viewer::show`]).
    announced_end: bool,
    /// When the moment on screen was shown: the wait for the next move
    /// starts there.
    since: Instant,
    /// When a timer was set to wake the UI for the next move.
    alarm: Option<Instant>,
    /// The viewer stopped (shut down, or the UI let go).
    stopped: bool,
}

impl std::fmt::Debug for SteppedViewer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SteppedViewer")
            .field("at", &self.viewer.at)
            .field("length", &self.viewer.length)
            .field("playing", &self.viewer.playing)
            .finish()
    }
}

impl SteppedViewer {
    /// A viewer of `replay`, as [`super::run`] starts one (it plays the
    /// recording through once to learn how far it plays); the first step
    /// shows its first moment.
    pub(in crate::session) fn new(
        config: MatchConfig,
        replay: Arc<Replay>,
        catalog: &Catalog,
        commands: Receiver<Command>,
        updates: Sender<Update>,
        repaint: crate::session::worker::Repaint,
    ) -> SteppedViewer {
        SteppedViewer {
            viewer: Viewer::new(config, replay, catalog, commands, updates, repaint),
            unshown: true,
            announced_end: false,
            since: Instant::now(),
            alarm: None,
            stopped: false,
        }
    }

    /// One step: the commands that came, the moment shown if it changed,
    /// and the moves that are due. `false` once the viewer stopped (then
    /// its end of the updates channel should be dropped).
    pub(in crate::session) fn step(&mut self) -> bool {
        if self.stopped || self.commands().is_break() {
            self.stopped = true;
            return false;
        }
        for _ in 0..MOVES_PER_STEP {
            if self.unshown {
                self.unshown = false;
                self.viewer.show(&mut self.announced_end);
                self.since = Instant::now();
                self.alarm = None;
            }
            let viewer = &mut self.viewer;
            if !viewer.playing || viewer.at >= viewer.length {
                return true;
            }
            let now = Instant::now();
            match viewer.hold.due(self.since, viewer.pace, viewer.generation) {
                Some(due) if due <= now => {
                    viewer.go_to(viewer.at + 1);
                    self.unshown = true;
                }
                Some(due) => {
                    if self.alarm != Some(due) {
                        self.alarm = Some(due);
                        wake_after(due - now, &viewer.repaint);
                    }
                    return true;
                }
                // The screen's next word comes with its next frame.
                None => return true,
            }
        }
        // More moves are due: the next frame makes them.
        (self.viewer.repaint)();
        true
    }

    /// Takes in the commands that came; `Break` when the viewer must stop.
    fn commands(&mut self) -> std::ops::ControlFlow<()> {
        loop {
            match self.viewer.commands.try_recv() {
                Ok(Command::Pace(pace)) => self.viewer.hold.heard(pace),
                Ok(command) => {
                    if self.viewer.handle(command).is_break() {
                        return std::ops::ControlFlow::Break(());
                    }
                    self.unshown = true;
                }
                Err(TryRecvError::Empty) => return std::ops::ControlFlow::Continue(()),
                Err(TryRecvError::Disconnected) => return std::ops::ControlFlow::Break(()),
            }
        }
    }
}
