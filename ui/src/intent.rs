//! Intents: what a panel wants to happen. Panels push them while drawing;
//! the match screen applies them after drawing (Rerun's command queue). Only
//! [`Intent::Answer`] and the session intents reach the engine, through the
//! worker's `Match::answer`.

use std::path::PathBuf;
use sve_engine::engine::CardRef;

/// One thing a panel asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Intent {
    /// Answer the decision on screen with these option indices.
    Answer(Vec<usize>),
    /// Answer a series of "up to N" questions in turn from one plan
    /// (`play/series.rs`); its first question is the one on screen.
    AnswerSeries(crate::play::series::SeriesPlan),
    /// Choose (or clear) the follower whose attack is being declared.
    SelectAttacker(Option<CardRef>),
    /// Add or remove an option from a multi-pick answer being built.
    TogglePick(usize),
    /// Clear the picks of a multi-pick answer.
    ClearPicks,
    /// Tell the user why a click did nothing.
    Explain(String),
    /// Take back the last answer of a person at this screen.
    Undo,
    /// The person whose board is shown concedes.
    Concede,
    /// Write the replay to this file.
    SaveReplay(PathBuf),
    /// Start the same match settings again with the next seed.
    Rematch,
    /// Go back to the start screen.
    NewMatch,
    /// Hot-seat: the next player is at the screen; show their board.
    RevealBoard,
    /// Change the match with a sandbox tool.
    Sandbox(sve_engine::engine::SandboxAction),
    /// Write the board as a scenario file.
    SaveScenario,
    /// Write a bug-report bundle.
    SaveBugReport,
    /// Move the watched replay.
    Replay(crate::session::ReplayControl),
    /// Open the card inspector on this card.
    Inspect(CardRef),
    /// Start another program (the user's editor, the file manager).
    Launch(crate::launch::Launch),
}

/// The intents gathered during one frame.
#[derive(Clone, Debug, Default)]
pub struct Intents {
    queue: Vec<Intent>,
}

impl Intents {
    /// Queues an intent.
    pub fn push(&mut self, intent: Intent) {
        self.queue.push(intent);
    }

    /// Takes every queued intent, oldest first.
    pub fn drain(&mut self) -> Vec<Intent> {
        std::mem::take(&mut self.queue)
    }

    /// Whether nothing is queued.
    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }

    /// The queued intents (for tests).
    pub fn as_slice(&self) -> &[Intent] {
        &self.queue
    }
}
