//! What a match starts from: who sits in each seat, the two decks, the seed
//! and how fast bots move. The start screen builds a [`MatchConfig`]; the
//! session worker plays it.

use std::time::Duration;
use sve_host::bot::BotKind;
use sve_host::engine::{DeckList, PlayerId};

/// Who answers the decisions of one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person at this screen.
    Human,
    /// A bot of this kind, run on the session's worker thread.
    Bot(BotKind),
}

/// A deck chosen for a seat, already checked and resolved.
#[derive(Clone, Debug)]
pub struct ChosenDeck {
    /// The deck file's title line ("Regal Fairy Princess").
    pub title: String,
    /// Where it came from: a bundled deck name (`SD01`) or a file path.
    pub source: String,
    /// The resolved list the match is built from.
    pub list: DeckList,
}

/// Everything needed to start (or restart) a match.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Seat order: `seats[0]` is P1.
    pub seats: [Seat; 2],
    /// Seat order, like `seats`.
    pub decks: [ChosenDeck; 2],
    /// The match seed; with the decks and the answers it reproduces the match.
    pub seed: u64,
    /// Pause before each bot answer, so a person can follow the bot's turn.
    pub bot_delay: Duration,
}

/// How the seats are filled, which decides whose view the board shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchMode {
    /// One person against a bot; the board shows `human`'s view.
    VsBot {
        /// The person's seat.
        human: PlayerId,
    },
    /// Two people at one screen; the board shows the view of whoever decides.
    HotSeat,
    /// Two bots; the board shows both sides openly (a debugging aid).
    BotVsBot,
}

impl MatchConfig {
    /// The mode these seats make.
    pub fn mode(&self) -> MatchMode {
        match self.seats {
            [Seat::Human, Seat::Human] => MatchMode::HotSeat,
            [Seat::Human, Seat::Bot(_)] => MatchMode::VsBot { human: PlayerId(0) },
            [Seat::Bot(_), Seat::Human] => MatchMode::VsBot { human: PlayerId(1) },
            [Seat::Bot(_), Seat::Bot(_)] => MatchMode::BotVsBot,
        }
    }

    /// The seat of `player`.
    pub fn seat(&self, player: PlayerId) -> Seat {
        self.seats[player.idx()]
    }

    /// The same match settings with the next seed: a rematch is a new game,
    /// and still reproducible.
    pub fn rematch(&self) -> MatchConfig {
        MatchConfig {
            seed: self.seed.wrapping_add(1),
            ..self.clone()
        }
    }
}

/// A seed from the wall clock, for a match started without one. It is shown
/// on the board, so the match can be replayed.
pub fn entropy_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|elapsed| elapsed.as_nanos() as u64)
        .unwrap_or(0)
}
