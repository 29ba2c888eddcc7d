//! What servers of one cluster tell each other and keep in JetStream:
//! leases, seat tokens, the quick-match slot, the match journal, and the
//! relayed commands and messages of connections whose match lives on
//! another server.
//!
//! All of it is postcard, like the client protocol. Only servers of one
//! cluster read it, but it still comes off a network: every decode is
//! checked and a record that doesn't read is logged and dropped.

use crate::protocol::{ClockSpec, ServerMsg};
use serde::{Deserialize, Serialize};
use sve_engine::decks::DeckBasis;
use sve_engine::engine::CardRef;
use sve_engine::replay::{RecordedAnswer, ReplayDeck};

/// A server's claim on a running match, in the leases bucket under the
/// table's code. The owner renews it; once `expires_ms` (Unix time) has
/// passed, any server may take it over with a compare-and-swap on the
/// entry's revision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lease {
    /// The owning server's id.
    pub owner: String,
    /// When the claim lapses unless renewed, in Unix milliseconds.
    pub expires_ms: u64,
}

/// Where a seat token leads, in the tokens bucket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenRecord {
    /// The table's code.
    pub code: String,
    /// The seat.
    pub seat: u8,
}

/// The one player waiting in the cluster's quick-match queue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueueRecord {
    /// The server holding the player's connection.
    pub server: String,
    /// The connection.
    pub conn: u64,
}

/// One entry of a match's journal (the stream's subject for its table).
/// A match is its start and its answers: replaying them rebuilds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum JournalEntry {
    /// The first entry.
    Start(Box<StartRecord>),
    /// The answers (bot or human, in order) since the previous entry: one
    /// entry per change the table sends its viewers, so that nothing a
    /// viewer was shown is missing from the journal.
    Moves {
        /// Who answered what.
        answers: Vec<RecordedAnswer>,
        /// Each seat's thinking time left, with a per-match limit.
        time_left_ms: [Option<u64>; 2],
        /// A seat that conceded (or lost on time, or did not come back).
        conceded: Option<u8>,
    },
    /// A server took the match over from its last owner: entries the last
    /// owner tries to append after this one are refused.
    Takeover {
        /// The new owner.
        server: String,
    },
}

/// How a match started: enough to start it again anywhere.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StartRecord {
    /// The match seed.
    pub seed: u64,
    /// Both decks by card id, seat order.
    pub decks: [ReplayDeck; 2],
    /// Fingerprint of the card data it started with; a server with other
    /// cards can't take it over.
    pub card_fingerprint: u64,
    /// Both names.
    pub names: [String; 2],
    /// The human seats' tokens.
    pub tokens: [Option<String>; 2],
    /// The server bots' kinds, by name, for bot seats.
    pub bots: [Option<String>; 2],
    /// The time limits.
    pub clock: ClockSpec,
    /// What each deck is built on, seat order.
    pub bases: [DeckBasis; 2],
}

/// A player on one server joining a match another server holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RemoteEntrant {
    /// The server holding the connection.
    pub server: String,
    /// The connection.
    pub conn: u64,
    /// Display name.
    pub name: String,
    /// The deck as deck-file text (the owner checks it again).
    pub deck: String,
    /// Time limits asked for.
    pub clock: ClockSpec,
}

/// A request to another server's lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LobbyRequest {
    /// Start a match at `code` between a player waiting on the receiving
    /// server and `guest`.
    Pair {
        /// The table's code.
        code: String,
        /// Who the guest plays.
        with: PairWith,
        /// The guest.
        guest: RemoteEntrant,
    },
}

/// The waiting player a [`LobbyRequest::Pair`] seats the guest against.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PairWith {
    /// The player who opened the table with the request's code.
    Table,
    /// The player in the quick-match queue on this connection.
    Queued {
        /// The connection.
        conn: u64,
    },
}

/// The answer to a [`LobbyRequest`]: `Err` says why not, in the player's
/// words.
pub type LobbyReply = Result<(), String>;

/// A message for a connection held by another server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum RelayOut {
    /// Send this.
    Msg(ServerMsg),
    /// Refuse with this reason and close.
    Close(String),
}

/// A table command from a connection held by another server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RelayCmd {
    /// The server holding the connection.
    pub server: String,
    /// The connection.
    pub conn: u64,
    /// What it asks.
    pub cmd: WireCmd,
}

/// The table commands a remote connection can send.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WireCmd {
    /// Answer decision `seq`.
    Answer {
        /// The seat.
        seat: u8,
        /// The decision answered.
        seq: u32,
        /// The picks.
        picks: Vec<u32>,
    },
    /// Concede.
    Concede {
        /// The seat.
        seat: u8,
    },
    /// Speak for this seat from now on (after joining or reconnecting, or
    /// when the match moved to another server).
    Attach {
        /// The seat.
        seat: u8,
    },
    /// The connection went away.
    Detach {
        /// The seat.
        seat: u8,
    },
    /// Watch.
    Watch,
    /// Stop watching.
    Unwatch,
    /// Follow these cards in the inspector.
    Inspect {
        /// The seat, or `None` for a spectator.
        seat: Option<u8>,
        /// The viewer's numbers of the cards.
        cards: Vec<CardRef>,
    },
    /// Offer or accept a rematch after the match ended.
    Rematch {
        /// The seat.
        seat: u8,
    },
}

/// Encodes a record.
pub fn encode<T: Serialize>(record: &T) -> bytes::Bytes {
    crate::protocol::encode(record).into()
}

/// Decodes a record, naming what it was in the error.
pub fn decode<T: for<'de> Deserialize<'de>>(bytes: &[u8], what: &str) -> Result<T, String> {
    postcard::from_bytes(bytes).map_err(|err| format!("unreadable {what}: {err}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip_and_garbage_is_an_error() {
        let cmd = RelayCmd {
            server: "s1".into(),
            conn: 7,
            cmd: WireCmd::Answer {
                seat: 1,
                seq: 3,
                picks: vec![0, 2],
            },
        };
        let back: RelayCmd = decode(&encode(&cmd), "command").expect("reads back");
        assert_eq!(back, cmd);
        let err = decode::<JournalEntry>(&[0xff, 0xff, 0xff], "journal entry")
            .expect_err("garbage is refused");
        assert!(err.starts_with("unreadable journal entry"), "{err}");
    }
}
