//! Deck codes: a deck's cards as one short line of text to paste into a
//! chat, and back (docs/deck-codes.md).
//!
//! A code is [`PREFIX`] (`SVD`, then the format version, `1`), then the
//! payload in unpadded base64url. The payload lists the leader, main deck
//! and evolve deck sections in that order; each is a count of entries and
//! the entries, each entry the copies and the card id, the id front-coded
//! against the previous id of its section (the length of the prefix they
//! share, then the rest), so `SD01-001` after `SD01-002` costs one byte of
//! text. Titles are not part of a code. A deck built on its leader's
//! universe is version 2 (`SVD2`): the same payload after one byte, 1 for
//! the universe basis; a class deck stays version 1, so older builds read
//! it.
//!
//! Decoding reads text from anywhere: it refuses, with a [`DeckCodeError`]
//! naming what is wrong, codes longer than [`MAX_CODE_CHARS`], sections of
//! more than [`MAX_ENTRIES`] entries, copies outside 1 to 255, ids that
//! break the card id rule (`sve_text::check_card_id`) and bytes
//! left over; it never panics. It does not check the deck against the
//! construction rules or the card database: that is
//! [`check_deck`](super::check_deck)'s work, on the [`DeckFile`] a code
//! becomes.

use super::{DeckBasis, DeckEntry, DeckFile};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sve_text::{check_card_id, escape_line};

/// What every code of this format starts with: `SVD` and the version.
pub const PREFIX: &str = "SVD1";
/// The longest code decoding reads, in characters.
pub const MAX_CODE_CHARS: usize = 4_096;
/// The most entries (different card ids) one section may hold.
pub const MAX_ENTRIES: usize = 100;

/// The names of the sections, in payload order.
const SECTIONS: [&str; 3] = ["leader", "main deck", "evolve deck"];

/// Why a deck code cannot be read, or a deck cannot be written as one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeckCodeError {
    /// Nothing was given.
    #[error("the deck code is empty")]
    Empty,
    /// Longer than [`MAX_CODE_CHARS`].
    #[error("the deck code is {0} characters long; at most {MAX_CODE_CHARS}")]
    TooLong(usize),
    /// Does not start with `SVD`.
    #[error("not a deck code (it should start with `{PREFIX}`)")]
    NotACode,
    /// Starts with `SVD` and a version this build does not read.
    #[error("deck code version `{0}` is not supported (this build reads versions 1 and 2)")]
    Version(String),
    /// A version 2 code whose basis byte is no basis.
    #[error("the deck code names basis {0}, which is no deck basis (0 class, 1 universe)")]
    Basis(u8),
    /// The payload is not base64url.
    #[error("the deck code is damaged: {0}")]
    NotBase64(String),
    /// The payload ends in the middle of a section.
    #[error("the deck code is cut short in the {section}")]
    CutShort {
        /// The section being read.
        section: &'static str,
    },
    /// Bytes after the last section.
    #[error("the deck code has {0} bytes too many at its end")]
    TrailingBytes(usize),
    /// A section with more than [`MAX_ENTRIES`] entries.
    #[error("the {section} lists {entries} different cards; at most {MAX_ENTRIES}")]
    TooManyEntries {
        /// The section.
        section: &'static str,
        /// How many it claims.
        entries: usize,
    },
    /// An entry with 0 copies, or more than fit in a byte.
    #[error("the {section} has {count} copies of `{card}`; a code holds 1 to 255")]
    Count {
        /// The section.
        section: &'static str,
        /// The card id (escaped).
        card: String,
        /// The copies.
        count: u32,
    },
    /// An id that breaks the card id rule or shares more than the
    /// previous id holds.
    #[error("the {section} has a bad card id `{card}`: {reason}")]
    CardId {
        /// The section.
        section: &'static str,
        /// The id as far as it could be read (escaped).
        card: String,
        /// What is wrong with it.
        reason: String,
    },
}

/// The deck `file` as a code: its leader, main and evolve entries, in
/// their order (its title and source are not part of it). Fails when an
/// entry cannot be written: 0 copies or more than 255, a bad card id, or
/// more than [`MAX_ENTRIES`] entries in a section.
pub fn encode(file: &DeckFile) -> Result<String, DeckCodeError> {
    let mut payload = Vec::new();
    let version = match file.basis {
        DeckBasis::Class => "SVD1",
        DeckBasis::Universe => {
            payload.push(1);
            "SVD2"
        }
    };
    for (section, entries) in SECTIONS.into_iter().zip(sections(file)) {
        if entries.len() > MAX_ENTRIES {
            return Err(DeckCodeError::TooManyEntries {
                section,
                entries: entries.len(),
            });
        }
        // OK since MAX_ENTRIES < 256.
        payload.push(entries.len() as u8);
        let mut previous: &str = "";
        for entry in entries {
            let card = entry.card_id.as_str();
            check_card_id(card).map_err(|reason| DeckCodeError::CardId {
                section,
                card: shown(card),
                reason: reason.to_string(),
            })?;
            let count = u8::try_from(entry.count)
                .ok()
                .filter(|count| *count > 0)
                .ok_or_else(|| DeckCodeError::Count {
                    section,
                    card: shown(card),
                    count: entry.count,
                })?;
            // A card id has at most 64 characters, but of up to 4 bytes.
            let Ok(length) = u8::try_from(card.len()) else {
                return Err(DeckCodeError::CardId {
                    section,
                    card: shown(card),
                    reason: format!("it is {} bytes long; a code holds 255", card.len()),
                });
            };
            let shared = shared_prefix(previous, card);
            let rest = &card.as_bytes()[usize::from(shared)..];
            payload.extend([count, shared, length - shared]);
            payload.extend_from_slice(rest);
            previous = card;
        }
    }
    Ok(format!("{version}{}", URL_SAFE_NO_PAD.encode(payload)))
}

/// Reads a code (spaces and line breaks around and inside it are
/// ignored) as a deck file titled `title`, with `source` "deck code" and
/// each entry's `line` its place in its section, from 1.
pub fn decode(code: &str, title: &str) -> Result<DeckFile, DeckCodeError> {
    let n_chars = code.chars().count();
    if n_chars > MAX_CODE_CHARS {
        return Err(DeckCodeError::TooLong(n_chars));
    }
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    if code.is_empty() {
        return Err(DeckCodeError::Empty);
    }
    let Some(versioned) = code.strip_prefix("SVD") else {
        return Err(DeckCodeError::NotACode);
    };
    let (body, has_basis) = match (versioned.strip_prefix('1'), versioned.strip_prefix('2')) {
        (Some(body), _) => (body, false),
        (_, Some(body)) => (body, true),
        _ => {
            let version: String = versioned.chars().take(1).collect();
            return Err(DeckCodeError::Version(shown(&version)));
        }
    };
    let payload = URL_SAFE_NO_PAD
        .decode(body)
        .map_err(|err| DeckCodeError::NotBase64(err.to_string()))?;
    let mut reader = Reader {
        bytes: &payload,
        at: 0,
    };
    let basis = if has_basis {
        let Some(byte) = payload.first().copied() else {
            return Err(DeckCodeError::CutShort { section: "basis" });
        };
        reader.at = 1;
        match byte {
            0 => DeckBasis::Class,
            1 => DeckBasis::Universe,
            other => return Err(DeckCodeError::Basis(other)),
        }
    } else {
        DeckBasis::Class
    };
    let mut parts: [Vec<DeckEntry>; 3] = Default::default();
    for (section, entries) in SECTIONS.into_iter().zip(&mut parts) {
        *entries = read_section(&mut reader, section)?;
    }
    let left = payload.len() - reader.at;
    if left > 0 {
        return Err(DeckCodeError::TrailingBytes(left));
    }
    let [leader, main, evolve] = parts;
    Ok(DeckFile {
        source: "deck code".to_owned(),
        title: title.to_owned(),
        leader,
        main,
        evolve,
        basis,
    })
}

/// The sections of a deck file, in payload order.
fn sections(file: &DeckFile) -> [&[DeckEntry]; 3] {
    [&file.leader, &file.main, &file.evolve]
}

/// One section's entries.
fn read_section(
    reader: &mut Reader<'_>,
    section: &'static str,
) -> Result<Vec<DeckEntry>, DeckCodeError> {
    let cut_short = DeckCodeError::CutShort { section };
    let entries = usize::from(reader.byte().ok_or(cut_short.clone())?);
    if entries > MAX_ENTRIES {
        return Err(DeckCodeError::TooManyEntries { section, entries });
    }
    let mut out: Vec<DeckEntry> = Vec::with_capacity(entries);
    let mut previous: Vec<u8> = Vec::new();
    for line in 1..=entries {
        let (Some(count), Some(shared), Some(rest_len)) =
            (reader.byte(), reader.byte(), reader.byte())
        else {
            return Err(cut_short);
        };
        let rest = reader
            .take(usize::from(rest_len))
            .ok_or(cut_short.clone())?;
        let Some(kept) = previous.get(..usize::from(shared)) else {
            return Err(DeckCodeError::CardId {
                section,
                card: shown(&String::from_utf8_lossy(rest)),
                reason: format!(
                    "it shares {shared} bytes with the previous id, which has {}",
                    previous.len()
                ),
            });
        };
        let mut id_bytes = kept.to_vec();
        id_bytes.extend_from_slice(rest);
        let card = String::from_utf8(id_bytes).map_err(|err| DeckCodeError::CardId {
            section,
            card: shown(&String::from_utf8_lossy(err.as_bytes())),
            reason: "it is not UTF-8".to_owned(),
        })?;
        check_card_id(&card).map_err(|reason| DeckCodeError::CardId {
            section,
            card: shown(&card),
            reason: reason.to_string(),
        })?;
        if count == 0 {
            return Err(DeckCodeError::Count {
                section,
                card: shown(&card),
                count: 0,
            });
        }
        previous = card.as_bytes().to_vec();
        out.push(DeckEntry {
            count: u32::from(count),
            card_id: card,
            line,
        });
    }
    Ok(out)
}

/// The payload being read.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// The next byte, if any is left.
    fn byte(&mut self) -> Option<u8> {
        let byte = *self.bytes.get(self.at)?;
        self.at += 1;
        Some(byte)
    }

    /// The next `n` bytes, if that many are left.
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let taken = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(taken)
    }
}

/// The length in bytes of the longest common prefix of `a` and `b` that
/// ends on a character boundary of both; `b` is at most 255 bytes long.
fn shared_prefix(a: &str, b: &str) -> u8 {
    let shared = a
        .char_indices()
        .zip(b.chars())
        .take_while(|((_, x), y)| x == y)
        .map(|((at, x), _)| at + x.len_utf8())
        .last()
        .unwrap_or(0);
    // OK since the prefix is no longer than `b`.
    u8::try_from(shared).unwrap_or(0)
}

/// Text from a code as it may appear in an error: escaped and capped.
fn shown(text: &str) -> String {
    escape_line(text, 80)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decks::starter_deck;
    use proptest::prelude::*;

    fn entry(count: u32, card_id: &str, line: usize) -> DeckEntry {
        DeckEntry {
            count,
            card_id: card_id.to_owned(),
            line,
        }
    }

    fn deck(leader: &[(u32, &str)], main: &[(u32, &str)], evolve: &[(u32, &str)]) -> DeckFile {
        let entries = |part: &[(u32, &str)]| {
            part.iter()
                .enumerate()
                .map(|(at, (count, id))| entry(*count, id, at + 1))
                .collect()
        };
        DeckFile {
            source: "deck code".to_owned(),
            title: "T".to_owned(),
            leader: entries(leader),
            main: entries(main),
            evolve: entries(evolve),
            basis: DeckBasis::Class,
        }
    }

    #[test]
    fn every_starter_deck_round_trips_in_a_short_code() {
        for name in ["SD01", "SD02", "SD03", "SD04", "SD05", "SD06"] {
            let file = starter_deck(name).expect("bundled deck");
            let code = encode(&file).expect("encodes");
            assert!(code.starts_with(PREFIX), "{code}");
            assert!(code.len() < 200, "{name}: {} characters", code.len());
            let back = decode(&code, &file.title).expect("decodes");
            let plain = |entries: &[DeckEntry]| -> Vec<(u32, String)> {
                entries
                    .iter()
                    .map(|e| (e.count, e.card_id.clone()))
                    .collect()
            };
            for (original, decoded) in sections(&file).into_iter().zip(sections(&back)) {
                assert_eq!(plain(original), plain(decoded), "{name}");
            }
            assert_eq!(back.title, file.title);
        }
    }

    #[test]
    fn sd01_has_the_code_docs_deck_codes_shows() {
        let file = starter_deck("SD01").expect("bundled deck");
        assert_eq!(
            encode(&file).expect("encodes"),
            "SVD1AQEACUJQMDEtTEQwMRADAAhTRDAxLTAxMQIACEJQMDEtMTcxAwAIU0QwMS0wMDEDBwEyAwcBMwMHATUDBwE2AwcBOQMGAjEzAwcBNgIACEJQMDEtMDE3AgYCMjECBwEzAgcBNQIFAzE3OQEGAjgwBAEACEJQMDEtMTcyAwAIU0QwMS0wMDQDBgIxMAMHATI"
        );
    }

    #[test]
    fn a_small_deck_has_a_known_code() {
        let file = deck(
            &[(1, "SD01-LD")],
            &[(3, "SD01-001"), (2, "SD01-002")],
            &[(1, "SD01-010")],
        );
        let code = encode(&file).expect("encodes");
        // Leader: 1 entry, 1 copy, 0 shared, 7 bytes. Main: 2 entries, the
        // second sharing 7 bytes with the first and adding 1.
        let payload = URL_SAFE_NO_PAD
            .decode(&code[PREFIX.len()..])
            .expect("base64");
        let mut expected = vec![1, 1, 0, 7];
        expected.extend(b"SD01-LD");
        expected.extend([2, 3, 0, 8]);
        expected.extend(b"SD01-001");
        expected.extend([2, 7, 1, b'2', 1, 1, 0, 8]);
        expected.extend(b"SD01-010");
        assert_eq!(payload, expected);
        assert_eq!(decode(&code, "T").expect("decodes"), file);
        // Spaces and line breaks from a chat window are ignored.
        let spaced = format!("  {}\n{} ", &code[..10], &code[10..]);
        assert_eq!(decode(&spaced, "T").expect("decodes"), file);
    }

    #[test]
    fn a_universe_deck_is_a_version_2_code_and_a_class_deck_stays_version_1() {
        let sd01 = starter_deck("SD01").expect("bundled");
        let class = encode(&sd01).expect("encodes");
        assert!(class.starts_with("SVD1"), "{class}");
        let universe = DeckFile {
            basis: DeckBasis::Universe,
            ..sd01.clone()
        };
        let code = encode(&universe).expect("encodes");
        assert!(code.starts_with("SVD2"), "{code}");
        let back = decode(&code, &sd01.title).expect("decodes");
        assert_eq!(back.basis, DeckBasis::Universe);
        assert_eq!(
            back.main,
            decode(&class, &sd01.title).expect("decodes").main
        );
        let bad = format!("SVD2{}", URL_SAFE_NO_PAD.encode([7u8, 0, 0, 0]));
        assert_eq!(decode(&bad, "T"), Err(DeckCodeError::Basis(7)));
    }

    #[test]
    fn garbage_is_refused_naming_what_is_wrong() {
        let refused = |code: &str| decode(code, "T").expect_err(code).to_string();
        assert_eq!(refused(""), "the deck code is empty");
        assert_eq!(refused("  \n"), "the deck code is empty");
        assert_eq!(
            refused("hello"),
            "not a deck code (it should start with `SVD1`)"
        );
        assert_eq!(
            refused("SVD9AAAA"),
            "deck code version `9` is not supported (this build reads versions 1 and 2)"
        );
        assert!(refused("SVD1!!!").starts_with("the deck code is damaged: "));
        assert_eq!(
            refused(&"A".repeat(MAX_CODE_CHARS + 1)),
            "the deck code is 4097 characters long; at most 4096"
        );
        let code = |payload: &[u8]| format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(payload));
        assert_eq!(
            refused(&code(&[])),
            "the deck code is cut short in the leader"
        );
        assert_eq!(
            refused(&code(&[1, 1, 0, 7, b'S'])),
            "the deck code is cut short in the leader"
        );
        assert_eq!(
            refused(&code(&[0, 200])),
            "the main deck lists 200 different cards; at most 100"
        );
        assert_eq!(
            refused(&code(&[0, 1, 0, 0, 2, b'V', b'1', 0])),
            "the main deck has 0 copies of `V1`; a code holds 1 to 255"
        );
        assert_eq!(
            refused(&code(&[0, 1, 1, 3, 2, b'V', b'1', 0])),
            "the main deck has a bad card id `V1`: it shares 3 bytes with the previous id, which has 0"
        );
        assert_eq!(
            refused(&code(&[0, 1, 1, 0, 3, b'V', b' ', b'1', 0])),
            "the main deck has a bad card id `V 1`: the id holds a space, which ids may not; use letters, digits and printable ASCII punctuation such as `-`"
        );
        assert_eq!(
            refused(&code(&[0, 1, 1, 0, 2, 0xff, 0xfe, 0])),
            "the main deck has a bad card id `\u{fffd}\u{fffd}`: it is not UTF-8"
        );
        assert_eq!(
            refused(&code(&[0, 0, 0, 9, 9])),
            "the deck code has 2 bytes too many at its end"
        );
    }

    #[test]
    fn decks_a_code_cannot_hold_are_refused_when_encoding() {
        let too_many = deck(&[], &[(256, "SD01-001")], &[]);
        assert_eq!(
            encode(&too_many).expect_err("256 copies").to_string(),
            "the main deck has 256 copies of `SD01-001`; a code holds 1 to 255"
        );
        let bad_id = deck(&[(1, "no spaces")], &[], &[]);
        assert!(encode(&bad_id).is_err());
    }

    proptest! {
        #[test]
        fn any_code_decodes_or_fails_cleanly(text in ".{0,300}") {
            let _ = decode(&text, "T");
            let _ = decode(&format!("{PREFIX}{text}"), "T");
        }

        #[test]
        fn any_payload_decodes_or_fails_cleanly(payload in proptest::collection::vec(any::<u8>(), 0..300)) {
            let code = format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(&payload));
            if let Ok(file) = decode(&code, "T") {
                // What decodes encodes back to the same payload's meaning.
                prop_assert_eq!(decode(&encode(&file).expect("re-encodes"), "T").expect("decodes"), file);
            }
        }

        #[test]
        fn decks_round_trip(
            parts in proptest::collection::vec(
                proptest::collection::vec((1u32..=255, "[A-Z]{2}[0-9]{2}-[0-9A-Z]{1,4}"), 0..12),
                3,
            )
        ) {
            let entries = |part: &Vec<(u32, String)>| -> Vec<DeckEntry> {
                part.iter().enumerate().map(|(at, (count, id))| entry(*count, id, at + 1)).collect()
            };
            let file = DeckFile {
                source: "deck code".to_owned(),
                title: "T".to_owned(),
                leader: entries(&parts[0]),
                main: entries(&parts[1]),
                evolve: entries(&parts[2]),
                basis: DeckBasis::Class,
            };
            let code = encode(&file).expect("encodes");
            prop_assert_eq!(decode(&code, "T").expect("decodes"), file);
        }
    }
}
