//! Replays: seed, deck lists, card-data fingerprint and the list of
//! answers. Because the engine is deterministic, replaying the answers
//! reproduces the match event for event; that is also how undo and desync
//! detection work.
//!
//! The sandbox-edit log (the sandbox changes a replay records, and
//! applying them where they were made) is `replay/sandbox.rs`'s; this
//! module holds the replay format and replaying.
//!
//! File format: the magic bytes `SVER`, a little-endian `u16` format
//! version, then the [`Replay`] in postcard. Engine types are converted into
//! these wire types so that engine changes never silently break old replays.
//!
//! Versions: 1 (seed, decks, fingerprint, answers, log hash), 2 (+ the
//! concession), 3 (+ hot reloads, a fingerprint without card text), 4 (+
//! who sat in each seat, [`ReplaySeat`]), 5 (+ sandbox changes,
//! [`RecordedSandbox`], so a match changed with the client's sandbox
//! tools plays back true), 6 (+ the sandbox's destroy and damage,
//! [`SandboxEdit::Destroy`] and [`SandboxEdit::DealDamage`], appended to
//! the edits, so a version 5 file reads as version 6; the new number
//! makes an older build refuse a file it could not play true), 7 (+ what
//! each deck is built on, [`Replay::bases`], appended, so a version 5 or
//! 6 file reads as version 7 with two class bases). Every version still
//! reads; a
//! replay is a file from anywhere, so decoding checks what it reads (seat
//! labels are capped at [`SEAT_LABEL_LIMIT`] bytes, with no control
//! characters) and fails with a [`ReplayError`], never a panic.
//!
//! Who writes replays: the client's match worker, `sve match`,
//! [`crate::sim::replay_of`] and the server's table, each filling in the
//! seats it knows. A replay's decks pass the construction checks before its
//! match starts, and picks are 32-bit. Versions 1 and 2 are checked against
//! the older fingerprint, which included card text. A recording with a hot
//! reload replays up to that reload and stops with
//! [`ReplayError::Reloaded`] (a watched one hands the match to the player
//! there). The fingerprint covers card data, not code, so an edit to code
//! alone shows as a `log_hash` mismatch under `sve replay --verify`.

use crate::cards::CardDb;
use crate::decks::DeckBasis;
use crate::engine::{AbilityRunner, DeckList, Event, Match, PlayerId, Status};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

mod sandbox;

pub use sandbox::{RecordedSandbox, SandboxEdit, SandboxZone, apply_sandbox};

/// Magic bytes at the start of a replay file.
pub const REPLAY_MAGIC: [u8; 4] = *b"SVER";
/// The replay format version this build writes and reads.
pub const REPLAY_VERSION: u16 = 7;
/// The longest seat label (a player's name or a bot kind) a replay may
/// hold, in bytes.
pub const SEAT_LABEL_LIMIT: usize = 64;

/// A recorded match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replay {
    /// The match seed.
    pub seed: u64,
    /// Both decks, seat order.
    pub decks: [ReplayDeck; 2],
    /// [`CardDb::fingerprint`] of the card data the match started with.
    pub card_fingerprint: u64,
    /// Every answer, in order.
    pub answers: Vec<RecordedAnswer>,
    /// [`log_hash`] of the recorded match's event log, for `--verify`.
    pub log_hash: u64,
    /// The seat that conceded after the last answer, if one did.
    pub conceded: Option<u8>,
    /// Card packs reloaded during the match (hot reload), in order.
    pub reloads: Vec<RecordedReload>,
    /// Who sat in each seat, seat order ([`ReplaySeat::Unknown`] in files
    /// of format 3 and older).
    pub seats: [ReplaySeat; 2],
    /// Sandbox changes made during the match, in order (none in files of
    /// format 4 and older).
    pub sandbox: Vec<RecordedSandbox>,
    /// What each seat's deck is built on, seat order (the class in files
    /// of format 6 and older).
    pub bases: [DeckBasis; 2],
    /// `card_fingerprint` is the older kind that covers card text
    /// ([`CardDb::fingerprint_with_text`]): set for formats 1 and 2.
    #[serde(skip)]
    pub fingerprint_with_text: bool,
}

/// Card data the match switched to while it ran (hot reload). A replay
/// records that it happened, not the code: replaying past it needs that
/// version of the packs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedReload {
    /// How many answers had been given when the new cards came in.
    pub after_answers: u32,
    /// [`CardDb::fingerprint`] of the card data from then on.
    pub card_fingerprint: u64,
    /// What was reloaded (pack names), for people.
    pub source: String,
}

/// Who played one seat of a recorded match, as far as the writer knew.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReplaySeat {
    /// The writer did not say (files older than format 4, or a writer
    /// that does not know).
    #[default]
    Unknown,
    /// A person; their name, empty when the writer has none.
    Human(String),
    /// A bot; its kind as `BotKind`'s `FromStr` reads it ("easy").
    Bot(String),
}

impl ReplaySeat {
    /// A person named `name`, the name cut to what a replay may hold
    /// (control characters dropped, at most [`SEAT_LABEL_LIMIT`] bytes).
    pub fn human(name: &str) -> ReplaySeat {
        ReplaySeat::Human(fitted_label(name))
    }

    /// A bot of `kind` ("easy"), cut like [`ReplaySeat::human`].
    pub fn bot(kind: &str) -> ReplaySeat {
        ReplaySeat::Bot(fitted_label(kind))
    }

    /// The seat's label (a name or a bot kind), empty for
    /// [`ReplaySeat::Unknown`].
    pub fn label(&self) -> &str {
        match self {
            ReplaySeat::Unknown => "",
            ReplaySeat::Human(name) => name,
            ReplaySeat::Bot(kind) => kind,
        }
    }

    /// Why the label may not be read from a file, if it may not: longer
    /// than [`SEAT_LABEL_LIMIT`] bytes or holding a control character.
    fn problem(&self) -> Option<String> {
        let label = self.label();
        if label.len() > SEAT_LABEL_LIMIT {
            Some(format!(
                "its label is {} bytes long (the limit is {SEAT_LABEL_LIMIT})",
                label.len()
            ))
        } else if label.chars().any(char::is_control) {
            Some("its label holds a control character".to_owned())
        } else {
            None
        }
    }
}

/// `text` without control characters, cut at a character boundary to at
/// most [`SEAT_LABEL_LIMIT`] bytes.
fn fitted_label(text: &str) -> String {
    let mut label = String::new();
    for c in text.chars().filter(|c| !c.is_control()) {
        if label.len() + c.len_utf8() > SEAT_LABEL_LIMIT {
            break;
        }
        label.push(c);
    }
    label
}

/// Format version 4: no sandbox changes.
#[derive(Deserialize)]
struct ReplayV4 {
    seed: u64,
    decks: [ReplayDeck; 2],
    card_fingerprint: u64,
    answers: Vec<RecordedAnswer>,
    log_hash: u64,
    conceded: Option<u8>,
    reloads: Vec<RecordedReload>,
    seats: [ReplaySeat; 2],
}

/// Format version 3: no seats.
#[derive(Deserialize)]
struct ReplayV3 {
    seed: u64,
    decks: [ReplayDeck; 2],
    card_fingerprint: u64,
    answers: Vec<RecordedAnswer>,
    log_hash: u64,
    conceded: Option<u8>,
    reloads: Vec<RecordedReload>,
}

/// Format version 2: no reloads.
#[derive(Deserialize)]
struct ReplayV2 {
    seed: u64,
    decks: [ReplayDeck; 2],
    card_fingerprint: u64,
    answers: Vec<RecordedAnswer>,
    log_hash: u64,
    conceded: Option<u8>,
}

/// Format version 1: no concession.
#[derive(Deserialize)]
struct ReplayV1 {
    seed: u64,
    decks: [ReplayDeck; 2],
    card_fingerprint: u64,
    answers: Vec<RecordedAnswer>,
    log_hash: u64,
}

/// A deck as card ids.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayDeck {
    /// Display name.
    pub name: String,
    /// Leader id.
    pub leader: String,
    /// Main deck ids.
    pub main: Vec<String>,
    /// Evolve deck ids.
    pub evolve: Vec<String>,
}

impl ReplayDeck {
    /// The deck as a deck file built on `basis` (runs of one id become one
    /// entry), for the deck-construction checks.
    pub fn as_deck_file(&self, basis: DeckBasis) -> crate::decks::DeckFile {
        use crate::decks::DeckEntry;
        let entries = |ids: &[String]| {
            let mut entries: Vec<DeckEntry> = Vec::new();
            for id in ids {
                match entries.last_mut() {
                    Some(last) if last.card_id == *id => last.count += 1,
                    _ => entries.push(DeckEntry {
                        count: 1,
                        card_id: id.clone(),
                        line: 0,
                    }),
                }
            }
            entries
        };
        crate::decks::DeckFile {
            source: format!("replay deck `{}`", self.name),
            title: self.name.clone(),
            leader: entries(std::slice::from_ref(&self.leader)),
            main: entries(&self.main),
            evolve: entries(&self.evolve),
            basis,
        }
    }
}

/// One answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedAnswer {
    /// Seat of the player who answered.
    pub player: u8,
    /// Picked option indices. 32 bits (postcard writes varints, so files
    /// from when these were 16 bits read the same).
    pub picks: Vec<u32>,
}

impl RecordedAnswer {
    /// The answer `picks` of `player`, as recorded.
    pub fn new(player: crate::engine::PlayerId, picks: &[usize]) -> RecordedAnswer {
        RecordedAnswer {
            player: player.0,
            // No decision has 2^32 options (a question offers at most
            // `engine::QUESTION_OPTION_LIMIT`); saturating keeps a bad
            // index bad.
            picks: picks
                .iter()
                .map(|p| u32::try_from(*p).unwrap_or(u32::MAX))
                .collect(),
        }
    }

    /// The picks as option indices.
    pub fn pick_indices(&self) -> Vec<usize> {
        self.picks
            .iter()
            .map(|p| usize::try_from(*p).unwrap_or(usize::MAX))
            .collect()
    }
}

/// Errors reading or replaying a replay.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// Not a replay file.
    #[error("not a replay file (missing `SVER` header)")]
    NotAReplay,
    /// Written by another format version.
    #[error(
        "replay format version {found} is not supported (this build reads versions 1 to {REPLAY_VERSION})"
    )]
    Version {
        /// The file's version.
        found: u16,
    },
    /// The body did not decode.
    #[error("replay is corrupt: {0}")]
    Corrupt(#[from] postcard::Error),
    /// A deck breaks the deck-construction rules (`sve deck check`): a
    /// replay is a file from anywhere, and a deck of 70,000 cards must not
    /// reach the engine.
    #[error("replay deck `{deck}`: {problems}")]
    Deck {
        /// Deck name.
        deck: String,
        /// Every problem, `; `-separated.
        problems: String,
    },
    /// A deck names a card the database does not have.
    #[error("replay deck `{deck}` names unknown card `{card}`")]
    UnknownCard {
        /// Deck name.
        deck: String,
        /// Card id.
        card: String,
    },
    /// A seat's label breaks the limits of [`ReplaySeat`].
    #[error("replay seat {seat}: {problem}")]
    Seat {
        /// The seat, 1 or 2.
        seat: u8,
        /// What is wrong with it.
        problem: String,
    },
    /// Card data differs from the recording.
    #[error(
        "card data differs from the recording (fingerprint {recorded:016x}, loaded {loaded:016x})"
    )]
    Fingerprint {
        /// In the replay.
        recorded: u64,
        /// Loaded now.
        loaded: u64,
    },
    /// The recording reloaded card packs at a point the replay reached.
    #[error(
        "the recording reloaded card packs ({packs}) after answer {after}; the first {after} answers replay, the rest needs the card versions it switched to, which a replay does not carry"
    )]
    Reloaded {
        /// Answers given before the reload.
        after: usize,
        /// What was reloaded.
        packs: String,
    },
    /// A recorded sandbox change does not apply.
    #[error("the sandbox change after answer {after} does not apply: {reason}")]
    Sandbox {
        /// Answers given before the change.
        after: usize,
        /// Why.
        reason: String,
    },
    /// An answer does not fit the match any more.
    #[error("answer {index} does not fit: {reason}")]
    Diverged {
        /// Index of the answer.
        index: usize,
        /// Why.
        reason: String,
    },
}

impl Replay {
    /// Encodes the replay with its header.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = REPLAY_MAGIC.to_vec();
        out.extend_from_slice(&REPLAY_VERSION.to_le_bytes());
        // OK: serialising plain owned data into a Vec cannot fail.
        out.extend(postcard::to_allocvec(self).unwrap_or_default());
        out
    }

    /// Decodes a replay file.
    pub fn decode(bytes: &[u8]) -> Result<Replay, ReplayError> {
        let body = bytes
            .strip_prefix(&REPLAY_MAGIC)
            .ok_or(ReplayError::NotAReplay)?;
        let (version, body) = body.split_at_checked(2).ok_or(ReplayError::NotAReplay)?;
        let found = u16::from_le_bytes([version[0], version[1]]);
        let replay = match found {
            REPLAY_VERSION => postcard::from_bytes(body)?,
            // Version 6 is version 7 without the bases at its end (two
            // class bases are two zero bytes); version 5 is version 6
            // without the edits 6 added.
            5 | 6 => {
                let mut padded = body.to_vec();
                padded.extend_from_slice(&[0, 0]);
                postcard::from_bytes(&padded)?
            }
            4 => {
                let v4: ReplayV4 = postcard::from_bytes(body)?;
                Replay {
                    seed: v4.seed,
                    decks: v4.decks,
                    card_fingerprint: v4.card_fingerprint,
                    answers: v4.answers,
                    log_hash: v4.log_hash,
                    conceded: v4.conceded,
                    reloads: v4.reloads,
                    seats: v4.seats,
                    sandbox: Vec::new(),
                    bases: Default::default(),
                    fingerprint_with_text: false,
                }
            }
            3 => {
                let v3: ReplayV3 = postcard::from_bytes(body)?;
                Replay {
                    seed: v3.seed,
                    decks: v3.decks,
                    card_fingerprint: v3.card_fingerprint,
                    answers: v3.answers,
                    log_hash: v3.log_hash,
                    conceded: v3.conceded,
                    reloads: v3.reloads,
                    seats: Default::default(),
                    sandbox: Vec::new(),
                    bases: Default::default(),
                    fingerprint_with_text: false,
                }
            }
            2 => {
                let v2: ReplayV2 = postcard::from_bytes(body)?;
                Replay {
                    seed: v2.seed,
                    decks: v2.decks,
                    card_fingerprint: v2.card_fingerprint,
                    answers: v2.answers,
                    log_hash: v2.log_hash,
                    conceded: v2.conceded,
                    reloads: Vec::new(),
                    seats: Default::default(),
                    sandbox: Vec::new(),
                    bases: Default::default(),
                    fingerprint_with_text: true,
                }
            }
            1 => {
                let v1: ReplayV1 = postcard::from_bytes(body)?;
                Replay {
                    seed: v1.seed,
                    decks: v1.decks,
                    card_fingerprint: v1.card_fingerprint,
                    answers: v1.answers,
                    log_hash: v1.log_hash,
                    conceded: None,
                    reloads: Vec::new(),
                    seats: Default::default(),
                    sandbox: Vec::new(),
                    bases: Default::default(),
                    fingerprint_with_text: true,
                }
            }
            _ => return Err(ReplayError::Version { found }),
        };
        for (seat, record) in (1u8..).zip(&replay.seats) {
            if let Some(problem) = record.problem() {
                return Err(ReplayError::Seat { seat, problem });
            }
        }
        Ok(replay)
    }

    /// The deck of a resolved list, as ids.
    pub fn deck_of(name: &str, deck: &DeckList, db: &CardDb) -> ReplayDeck {
        let id = |d: &crate::engine::DefId| db.get(*d).id.clone();
        ReplayDeck {
            name: name.to_owned(),
            leader: id(&deck.leader),
            main: deck.main.iter().map(id).collect(),
            evolve: deck.evolve.iter().map(id).collect(),
        }
    }

    /// Plays the replay again, its sandbox changes where they were made.
    /// Returns the final match and the full event log. A recording that
    /// reloaded card packs replays up to the reload and then stops with
    /// [`ReplayError::Reloaded`].
    pub fn play(
        &self,
        db: Arc<CardDb>,
        runner: Arc<dyn AbilityRunner>,
    ) -> Result<(Match, Vec<Event>), ReplayError> {
        let loaded = if self.fingerprint_with_text {
            db.fingerprint_with_text()
        } else {
            db.fingerprint()
        };
        if loaded != self.card_fingerprint {
            return Err(ReplayError::Fingerprint {
                recorded: self.card_fingerprint,
                loaded,
            });
        }
        let resolve = |deck: &ReplayDeck, basis: DeckBasis| -> Result<DeckList, ReplayError> {
            let id = |card: &String| {
                db.by_card_id(card).ok_or_else(|| ReplayError::UnknownCard {
                    deck: shown(&deck.name),
                    card: shown(card),
                })
            };
            Ok(DeckList {
                leader: id(&deck.leader)?,
                main: deck.main.iter().map(id).collect::<Result<_, _>>()?,
                evolve: deck.evolve.iter().map(id).collect::<Result<_, _>>()?,
                basis,
            })
        };
        let decks = [
            resolve(&self.decks[0], self.bases[0])?,
            resolve(&self.decks[1], self.bases[1])?,
        ];
        for (deck, basis) in self.decks.iter().zip(self.bases) {
            let problems = crate::decks::check_deck(&deck.as_deck_file(basis), &db);
            if !problems.is_empty() {
                let problems: Vec<String> = problems.iter().map(|p| p.message.clone()).collect();
                return Err(ReplayError::Deck {
                    deck: shown(&deck.name),
                    problems: sve_text::escape_line(&problems.join("; "), 2_000),
                });
            }
        }
        let mut game = Match::new(Arc::clone(&db), runner, decks, self.seed);
        let mut log = Vec::new();
        for (index, answer) in self.answers.iter().enumerate() {
            if let Some(reload) = self
                .reloads
                .iter()
                .find(|r| usize::try_from(r.after_answers).ok() == Some(index))
            {
                return Err(ReplayError::Reloaded {
                    after: index,
                    packs: shown(&reload.source),
                });
            }
            if let Status::GameOver(_) = game.step() {
                return Err(ReplayError::Diverged {
                    index,
                    reason: "the match ended before this answer".to_owned(),
                });
            }
            apply_sandbox(&mut game, &self.sandbox, index)?;
            log.extend(game.take_events());
            let picks = answer.pick_indices();
            game.answer(PlayerId(answer.player.min(1)), &picks)
                .map_err(|e| ReplayError::Diverged {
                    index,
                    reason: e.to_string(),
                })?;
        }
        if let Some(reload) = self
            .reloads
            .iter()
            .find(|r| usize::try_from(r.after_answers).is_ok_and(|n| n >= self.answers.len()))
        {
            return Err(ReplayError::Reloaded {
                after: self.answers.len(),
                packs: shown(&reload.source),
            });
        }
        game.step();
        apply_sandbox(&mut game, &self.sandbox, self.answers.len())?;
        if let Some(seat) = self.conceded {
            game.concede(PlayerId(seat.min(1)));
        }
        log.extend(game.take_events());
        Ok((game, log))
    }
}

/// Text from a replay file as it may appear in an error: a replay comes
/// from anywhere, so its names are escaped and capped.
fn shown(text: &str) -> String {
    sve_text::escape_line(text, 100)
}

/// A stable hash of an event log (FNV-1a over each event's postcard
/// encoding): two runs with equal hashes produced the same log.
pub fn log_hash(events: &[Event]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for event in events {
        // OK: serialising plain owned data into a Vec cannot fail.
        for byte in postcard::to_allocvec(event).unwrap_or_default() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deck(name: &str) -> ReplayDeck {
        ReplayDeck {
            name: name.to_owned(),
            leader: "SD01-LD".to_owned(),
            main: vec!["SD01-001".to_owned(); 3],
            evolve: Vec::new(),
        }
    }

    fn replay(seats: [ReplaySeat; 2]) -> Replay {
        Replay {
            seed: 7,
            decks: [deck("A"), deck("B")],
            card_fingerprint: 0x1234,
            answers: vec![RecordedAnswer {
                player: 1,
                picks: vec![0, 300],
            }],
            log_hash: 99,
            conceded: Some(0),
            reloads: Vec::new(),
            seats,
            sandbox: Vec::new(),
            bases: [DeckBasis::Class, DeckBasis::Universe],
            fingerprint_with_text: false,
        }
    }

    fn with_version(version: u16, body: &[u8]) -> Vec<u8> {
        let mut bytes = REPLAY_MAGIC.to_vec();
        bytes.extend_from_slice(&version.to_le_bytes());
        bytes.extend_from_slice(body);
        bytes
    }

    #[test]
    fn the_decks_bases_round_trip() {
        let recorded = replay([ReplaySeat::Unknown, ReplaySeat::Unknown]);
        let decoded = Replay::decode(&recorded.encode()).expect("decodes");
        assert_eq!(decoded.bases, [DeckBasis::Class, DeckBasis::Universe]);
        assert_eq!(
            decoded.decks[1].as_deck_file(decoded.bases[1]).basis,
            DeckBasis::Universe
        );
    }

    #[test]
    fn seat_labels_round_trip() {
        let recorded = replay([
            ReplaySeat::Human("Ann".to_owned()),
            ReplaySeat::Bot("greedy".to_owned()),
        ]);
        let decoded = Replay::decode(&recorded.encode()).expect("decodes");
        assert_eq!(decoded, recorded);
        assert_eq!(decoded.seats[1].label(), "greedy");
    }

    #[test]
    fn a_version_4_file_still_reads_with_no_sandbox_changes() {
        let mut recorded = replay([
            ReplaySeat::Human("Ann".to_owned()),
            ReplaySeat::Bot("easy".to_owned()),
        ]);
        let body = recorded.encode();
        // postcard writes fields in order: the sandbox changes come before
        // the bases (one byte each), one byte (the length, 0) when there
        // are none.
        let v4 = with_version(4, &body[6..body.len() - 3]);
        recorded.bases = Default::default();
        let decoded = Replay::decode(&v4).expect("version 4 decodes");
        assert_eq!(decoded, recorded);
    }

    #[test]
    fn sandbox_changes_round_trip() {
        let mut recorded = replay([ReplaySeat::Unknown, ReplaySeat::Unknown]);
        recorded.sandbox = vec![
            RecordedSandbox {
                after_answers: 0,
                edit: SandboxEdit::PutCard {
                    player: 0,
                    card: "SD01-001".to_owned(),
                    zone: SandboxZone::Field,
                },
            },
            RecordedSandbox {
                after_answers: 1,
                edit: SandboxEdit::Draw {
                    player: 1,
                    count: 2,
                },
            },
            RecordedSandbox {
                after_answers: 2,
                edit: SandboxEdit::Destroy { card: 7 },
            },
            RecordedSandbox {
                after_answers: 2,
                edit: SandboxEdit::DealDamage { card: 9, amount: 3 },
            },
        ];
        assert_eq!(Replay::decode(&recorded.encode()).expect("reads"), recorded);
    }

    #[test]
    fn a_version_5_or_6_file_reads_as_version_7_with_class_bases() {
        let mut recorded = replay([ReplaySeat::Unknown, ReplaySeat::Unknown]);
        recorded.bases = Default::default();
        recorded.sandbox = vec![RecordedSandbox {
            after_answers: 3,
            edit: SandboxEdit::SetLeaderDefense {
                player: 1,
                defense: 4,
            },
        }];
        let body = recorded.encode();
        // The two bases, class, are the last two bytes.
        assert_eq!(body[body.len() - 2..], [0, 0]);
        for version in [5, 6] {
            let old = with_version(version, &body[6..body.len() - 2]);
            assert_eq!(Replay::decode(&old).expect("decodes"), recorded);
        }
    }

    #[test]
    fn a_version_3_file_still_reads_with_unknown_seats() {
        let mut recorded = replay([ReplaySeat::Unknown, ReplaySeat::Unknown]);
        recorded.bases = Default::default();
        let body = recorded.encode();
        // postcard writes fields in order: the seats come before the
        // sandbox changes (one byte, none) and the bases (one byte each),
        // one byte (the variant) each when unknown.
        let v3 = with_version(3, &body[6..body.len() - 5]);
        let decoded = Replay::decode(&v3).expect("version 3 decodes");
        assert_eq!(decoded, recorded);
        assert!(!decoded.fingerprint_with_text);
    }

    #[test]
    fn seat_labels_past_the_cap_or_with_control_characters_are_refused() {
        let long = replay([
            ReplaySeat::Unknown,
            ReplaySeat::Human("x".repeat(SEAT_LABEL_LIMIT + 1)),
        ]);
        let error = Replay::decode(&long.encode()).expect_err("too long");
        assert_eq!(
            error.to_string(),
            format!("replay seat 2: its label is 65 bytes long (the limit is {SEAT_LABEL_LIMIT})")
        );
        let control = replay([
            ReplaySeat::Bot("gre\u{1b}[2Jedy".to_owned()),
            ReplaySeat::Unknown,
        ]);
        let error = Replay::decode(&control.encode()).expect_err("control character");
        assert_eq!(
            error.to_string(),
            "replay seat 1: its label holds a control character"
        );
        let at_cap = replay([
            ReplaySeat::Human("é".repeat(SEAT_LABEL_LIMIT / 2)),
            ReplaySeat::Unknown,
        ]);
        Replay::decode(&at_cap.encode()).expect("a label at the cap reads");
    }

    #[test]
    fn writers_fit_labels_to_what_a_replay_may_hold() {
        let seat = ReplaySeat::human(&format!("A\u{7}{}", "é".repeat(40)));
        let label = seat.label();
        assert!(label.len() <= SEAT_LABEL_LIMIT, "{label}");
        assert_eq!(label, format!("A{}", "é".repeat(31)));
        assert_eq!(
            ReplaySeat::bot("greedy"),
            ReplaySeat::Bot("greedy".to_owned())
        );
        let written = replay([seat, ReplaySeat::bot("random")]);
        assert_eq!(Replay::decode(&written.encode()).expect("reads"), written);
    }

    #[test]
    fn garbage_is_refused_without_a_panic() {
        let bytes = replay([
            ReplaySeat::Human("Ann".to_owned()),
            ReplaySeat::Bot("random".to_owned()),
        ])
        .encode();
        // Every truncation fails cleanly (the last bytes are the sandbox
        // changes' length and the bases).
        for len in 0..bytes.len() {
            assert!(Replay::decode(&bytes[..len]).is_err(), "{len} bytes");
        }
        // Every single-byte change decodes or fails; none panics.
        for index in 0..bytes.len() {
            for value in [0x00, 0x7f, 0x80, 0xff] {
                let mut changed = bytes.clone();
                changed[index] = value;
                let _ = Replay::decode(&changed);
            }
        }
        // A seat variant past the enum's.
        let mut bad_variant = bytes.clone();
        // The seat's variant, its label's length, the label, then the
        // sandbox changes' length and the two bases.
        let seat_variant = bytes.len() - "random".len() - 5;
        bad_variant[seat_variant] = 9;
        assert!(matches!(
            Replay::decode(&bad_variant),
            Err(ReplayError::Corrupt(_))
        ));
        // A string longer than the file.
        let claims_too_much = with_version(REPLAY_VERSION, &[7, 0xff, 0xff, 0x03]);
        assert!(Replay::decode(&claims_too_much).is_err());
    }
}
