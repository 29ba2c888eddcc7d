//! The page's replay marks (feature `page-test-hook`): while the match
//! screen watches a replay, the page marks where it stands on `<body>` as
//! `data-sve-replay` = `AT/LENGTH`, followed by the result shown
//! (`Win(PlayerId(0), LeaderDefense)`, as `data-sve-outcome` words one)
//! once the board shows one, for the browser test
//! (`host/cli/tests/browser_offline.rs`) that opens a replay the page saved.
//! With `?seek` the page lets the replay play [`PLAYED_BEFORE_SEEK`] moves
//! at its pace, then seeks to its end as the replay bar's slider does, so
//! that the test need not watch every move in a software-drawn browser.

use crate::App;
use crate::intent::Intent;
use crate::session::ReplayControl;

/// The moves a replay plays at its pace before `?seek` seeks to its end.
const PLAYED_BEFORE_SEEK: usize = 5;

/// The last mark written, and whether to seek.
#[derive(Debug, Default)]
pub(super) struct ReplayMarks {
    marked: Option<String>,
    /// Seek to the end once the replay has played a few moves.
    seek: bool,
}

impl ReplayMarks {
    /// Marks that seek to a replay's end (`?seek`) or not.
    pub(super) fn new(seek: bool) -> ReplayMarks {
        ReplayMarks { marked: None, seek }
    }

    /// After a frame: marks the watched replay's position if it changed,
    /// and seeks if asked and due.
    pub(super) fn after_frame(&mut self, app: &mut App) {
        let Some(screen) = app.match_screen_mut() else {
            return;
        };
        let view = screen.view();
        let Some(position) = &view.replay else {
            return;
        };
        let (at, length) = (position.at, position.length);
        let mut text = format!("{at}/{length}");
        if let Some(outcome) = view.outcome {
            text.push_str(&format!(" {outcome:?}"));
        }
        if self.marked.as_ref() != Some(&text) {
            super::mark_text("data-sve-replay", &text);
            self.marked = Some(text);
        }
        if self.seek && at >= PLAYED_BEFORE_SEEK.min(length) && at < length {
            self.seek = false;
            tracing::info!("test hook: seeking the replay from {at} to its end, {length}");
            screen.act(Intent::Replay(ReplayControl::Seek(length)));
        }
    }
}
