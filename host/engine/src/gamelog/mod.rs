//! Engine events, decision options and the board as text.
//!
//! One renderer ([`render`]) turns an event into both of its texts at once:
//! the line scenario files' `event` expectations match (`Destroyed P2
//! SD01-011 field cemetery`) and the game-log line the terminal, the
//! client and bug reports show ("P2's Goblin is destroyed"). A new `Event`
//! variant is rendered there, once; the compiler asks for it.
//!
//! - `render.rs`: [`render`], the one match over `Event`.
//! - `record.rs`: what it returns, [`EventText`] ([`EventLine`],
//!   [`LogLine`] and its [`LogKind`]).
//! - `kinds.rs`: [`LineKind`], the kind words of event lines, declared
//!   once for the renderer and the scenario file parser.
//! - `words.rs`: the words lines, logs and menus share: zone words,
//!   keyword lists ([`keywords_text`], [`keywords_text_in`] with the card
//!   pool's declared keywords), ability names ([`ability_name`])
//!   and [`DRAIN`], the name of the one resolution with no ability; and
//!   the player's words of logs and menus ([`ability_phrase`], places).
//!
//! The scenario lines are a file format (scenario files' `event` lines
//! read them); the log lines are for players: plain words, no engine
//! identifiers (a test over seeded bot matches checks).
//! - `choice.rs`: decision options as menu lines ([`describe_choice`]).
//! - `board.rs`: the board as compact text ([`board_text`]).

mod board;
mod choice;
mod kinds;
#[cfg(test)]
mod player_words_tests;
mod record;
mod render;
mod words;

pub use board::{board_text, view_text};
pub use choice::{CANCEL_LABEL, describe_choice};
pub use kinds::LineKind;
pub use record::{EventLine, EventText, LogKind, LogLine};
pub use render::render;
pub use words::{
    DRAIN, ability_name, ability_phrase, ability_words, keywords_text, keywords_text_in,
};

use crate::cards::CardDb;
use crate::engine::{Event, GameState};

/// The game-log line for an event ("P1 plays Elf Metallurgist from the
/// hand"), or `None` for events not worth a line: the text of
/// [`render`]'s [`EventText::log`].
pub fn describe(event: &Event, state: &GameState, db: &CardDb) -> Option<String> {
    render(event, state, db).log.map(|log| log.text)
}
