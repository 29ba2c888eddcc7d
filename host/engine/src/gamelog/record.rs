//! What the renderer makes of one event: the line scenario files match and
//! the game-log line, side by side.

use super::kinds::LineKind;
use std::fmt;

/// One event as text, made by [`render`](super::render): the line a
/// scenario file's `event` expectations match, and the game-log line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventText {
    /// The scenario line, or `None` for events `event` lines cannot name.
    pub line: Option<EventLine>,
    /// The game-log line, or `None` for events not worth one.
    pub log: Option<LogLine>,
}

/// An event as scenario files write it: a kind word, then words
/// (`Destroyed P2 SD01-011 field cemetery`, `Damaged P2 leader 1
/// ability`). `event` expectations match it word by word; the syntax is
/// documented in `docs/scenarios.md`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventLine {
    /// The kind word (`Destroyed`, `Damaged`, `PP`, ...).
    pub kind: LineKind,
    /// The words after the kind, separated by spaces; empty for a bare
    /// kind (`EndlessLoop`).
    pub rest: String,
}

/// A game-log line ("P1 plays Elf Metallurgist from the hand").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    /// What kind of line, for styling.
    pub kind: LogKind,
    /// The text.
    pub text: String,
}

/// Kinds of game-log lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogKind {
    /// "— Turn 3: P1 —".
    TurnHeader,
    /// Anything that happened.
    Action,
    /// The match ended (or a player conceded).
    GameOver,
    /// A card ability failed (a bug in card code).
    Error,
}

impl EventText {
    /// Neither a scenario line nor a log line.
    pub(super) const NOTHING: EventText = EventText {
        line: None,
        log: None,
    };

    /// A scenario line alone.
    pub(super) fn line(kind: LineKind, rest: impl Into<String>) -> EventText {
        EventText {
            line: Some(EventLine {
                kind,
                rest: rest.into(),
            }),
            log: None,
        }
    }

    /// A log line alone, of [`LogKind::Action`].
    pub(super) fn log(text: impl Into<String>) -> EventText {
        EventText::NOTHING.and_log(text)
    }

    /// This with a log line of [`LogKind::Action`].
    pub(super) fn and_log(self, text: impl Into<String>) -> EventText {
        self.and_log_of(LogKind::Action, text)
    }

    /// This with a log line of `kind`.
    pub(super) fn and_log_of(self, kind: LogKind, text: impl Into<String>) -> EventText {
        EventText {
            log: Some(LogLine {
                kind,
                text: text.into(),
            }),
            ..self
        }
    }

    /// Whether neither scenario lines nor the log see the event.
    pub fn is_empty(&self) -> bool {
        self.line.is_none() && self.log.is_none()
    }

    /// The log line's text, if the log shows the event.
    pub fn log_text(&self) -> Option<&str> {
        self.log.as_ref().map(|log| log.text.as_str())
    }
}

impl EventLine {
    /// Every word of the line, the kind first.
    pub fn words(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.kind.as_str()).chain(self.rest.split_whitespace())
    }
}

impl fmt::Display for EventLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.rest.is_empty() {
            f.write_str(self.kind.as_str())
        } else {
            write!(f, "{} {}", self.kind.as_str(), self.rest)
        }
    }
}
