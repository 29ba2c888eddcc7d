//! The page's replay marks (feature `page-test-hook`): while the match
//! screen watches a replay, the page marks where it stands on `<body>` as
//! `data-sve-replay` = `AT/LENGTH`, followed by the result shown
//! (`Win(PlayerId(0), LeaderDefense)`, as `data-sve-outcome` words one)
//! once the board shows one, for the browser test
//! (`host/cli/tests/browser_offline.rs`) that opens a replay the page saved.

use crate::App;

/// The last mark written.
#[derive(Debug, Default)]
pub(super) struct ReplayMarks {
    marked: Option<String>,
}

impl ReplayMarks {
    /// After a frame: marks the watched replay's position if it changed.
    pub(super) fn after_frame(&mut self, app: &App) {
        let crate::app::Screen::Match(screen) = app.screen() else {
            return;
        };
        let view = screen.view();
        let Some(position) = &view.replay else {
            return;
        };
        let mut text = format!("{}/{}", position.at, position.length);
        if let Some(outcome) = view.outcome {
            text.push_str(&format!(" {outcome:?}"));
        }
        if self.marked.as_ref() != Some(&text) {
            super::mark_text("data-sve-replay", &text);
            self.marked = Some(text);
        }
    }
}
