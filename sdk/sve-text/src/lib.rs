//! `sve-text`: text as people and packs hand it to us. One policy for every reader of a
//! text file (scripts, scenario files, deck lists, `pack.toml`, card text
//! data) and for text shown back to a terminal.
//!
//! - [`decode`] turns a file's bytes into text: a UTF-8 byte order mark is
//!   dropped, `\r\n` and a lone `\r` become `\n`, and a file that is not
//!   text (a NUL byte, invalid UTF-8) is refused with its position
//!   ([`NotText`]).
//! - [`lines`] splits text on any of the three line ends, for parsers that
//!   may be given text that did not come through [`decode`].
//! - [`is_unsafe_char`] names the characters that must never reach a
//!   terminal raw (control characters, including ESC, and bidirectional
//!   overrides), and [`escape_line`] shows a line of user text with those
//!   escaped and its length capped, as diagnostics echo it.
//! - [`check_card_id`] is the one rule for what a card id may look like.
//!
//! Nothing here does IO: the host reads the bytes and calls [`decode`].

use std::borrow::Cow;
use std::fmt;

/// The UTF-8 byte order mark some editors put at the start of a file.
pub const BOM: char = '\u{feff}';

/// Longest card id, in characters.
pub const MAX_CARD_ID_CHARS: usize = 64;

/// Why bytes are not a text file.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NotTextKind {
    /// A NUL byte: binary data.
    Nul,
    /// Bytes that are not UTF-8.
    InvalidUtf8,
}

/// Bytes that are not a text file, with where the first bad byte is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("not a text file: {kind} at line {line}, column {col} (byte {offset})")]
pub struct NotText {
    /// What is wrong.
    pub kind: NotTextKind,
    /// Byte offset of the first bad byte in the file.
    pub offset: usize,
    /// 1-based line of that byte.
    pub line: u32,
    /// 1-based column (in characters) of that byte.
    pub col: u32,
}

/// A file's bytes as text: the byte order mark dropped, every line end
/// (`\r\n`, `\r`, `\n`) made `\n`. A NUL byte or invalid UTF-8 refuses the
/// file, located at its first bad byte.
pub fn decode(bytes: &[u8]) -> Result<String, NotText> {
    let nul = bytes.iter().position(|byte| *byte == 0);
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(err) => {
            let offset = nul.map_or(err.valid_up_to(), |nul| nul.min(err.valid_up_to()));
            let kind = if nul == Some(offset) {
                NotTextKind::Nul
            } else {
                NotTextKind::InvalidUtf8
            };
            return Err(not_text(bytes, offset, kind));
        }
    };
    if let Some(offset) = nul {
        return Err(not_text(bytes, offset, NotTextKind::Nul));
    }
    Ok(normalize(text).into_owned())
}

/// Text with its byte order mark dropped and every line end made `\n`;
/// borrowed when there was nothing to change.
pub fn normalize(text: &str) -> Cow<'_, str> {
    let text = text.strip_prefix(BOM).unwrap_or(text);
    if !text.contains('\r') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        if ch == '\r' {
            if chars.peek() == Some(&'\n') {
                chars.next();
            }
            out.push('\n');
        } else {
            out.push(ch);
        }
    }
    Cow::Owned(out)
}

/// The lines of `text`, split on `\r\n`, `\r` or `\n`, without their line
/// ends; a byte order mark at the start is dropped. Like [`str::lines`], a
/// final line end does not start another line.
pub fn lines(text: &str) -> Lines<'_> {
    Lines {
        rest: Some(text.strip_prefix(BOM).unwrap_or(text)),
    }
}

/// The iterator of [`lines`].
#[derive(Clone, Debug)]
pub struct Lines<'a> {
    rest: Option<&'a str>,
}

impl<'a> Iterator for Lines<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.rest?;
        if rest.is_empty() {
            self.rest = None;
            return None;
        }
        match rest.find(['\r', '\n']) {
            Some(end) => {
                let after = if rest[end..].starts_with("\r\n") {
                    end + 2
                } else {
                    end + 1
                };
                self.rest = Some(&rest[after..]);
                Some(&rest[..end])
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

/// Whether a character must not reach a terminal or a log as it is:
/// control characters (C0 including ESC and line ends, DEL, C1),
/// bidirectional marks and overrides (U+202E and kin, which reorder what is
/// shown), line and paragraph separators, a byte order mark inside text,
/// and interlinear annotation marks. Tabs and line ends are in the set:
/// a caller that allows them keeps them before asking.
pub fn is_unsafe_char(ch: char) -> bool {
    ch.is_control()
        || matches!(
            ch,
            '\u{061c}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}'
        )
}

/// One line of user text as it may be shown: unsafe characters (see
/// [`is_unsafe_char`]) written as `\u{1b}` escapes, a tab kept, and at
/// most `max_chars` characters of the original, with `…` after a cut.
pub fn escape_line(text: &str, max_chars: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max_chars.saturating_mul(4)));
    for (idx, ch) in text.chars().enumerate() {
        if idx == max_chars {
            out.push('…');
            break;
        }
        if ch != '\t' && is_unsafe_char(ch) {
            out.extend(ch.escape_unicode());
        } else {
            out.push(ch);
        }
    }
    out
}

/// What is wrong with a card id (see [`check_card_id`]).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum BadCardId {
    /// The id is empty.
    #[error("the id is empty")]
    Empty,
    /// Longer than [`MAX_CARD_ID_CHARS`].
    #[error("the id is {0} characters long; at most {MAX_CARD_ID_CHARS}")]
    TooLong(usize),
    /// A character ids may not hold.
    #[error(
        "the id holds {}, which ids may not; use letters, digits and printable ASCII punctuation such as `-`",
        describe(*.0)
    )]
    BadChar(char),
}

/// The rule for card ids, everywhere ids come from (scripts, pack
/// manifests): 1 to [`MAX_CARD_ID_CHARS`] characters, each a letter or
/// digit (any script) or printable ASCII punctuation. No spaces, no control
/// characters: ids are written in deck lists, replays and scenario files,
/// one per word. `SD01-001`, `BP01-T03` and `TEST-V1` are ids.
pub fn check_card_id(id: &str) -> Result<(), BadCardId> {
    if id.is_empty() {
        return Err(BadCardId::Empty);
    }
    let n_chars = id.chars().count();
    if n_chars > MAX_CARD_ID_CHARS {
        return Err(BadCardId::TooLong(n_chars));
    }
    match id
        .chars()
        .find(|ch| !(ch.is_alphanumeric() || ch.is_ascii_punctuation()))
    {
        Some(ch) => Err(BadCardId::BadChar(ch)),
        None => Ok(()),
    }
}

/// A character for a message: `a space`, `U+000A`, or the character
/// quoted.
fn describe(ch: char) -> String {
    if ch == ' ' {
        "a space".to_owned()
    } else if ch.is_whitespace() || is_unsafe_char(ch) {
        format!("the character U+{:04X}", u32::from(ch))
    } else {
        format!("`{ch}`")
    }
}

/// Locates the bad byte at `offset` (everything before it is UTF-8).
fn not_text(bytes: &[u8], offset: usize, kind: NotTextKind) -> NotText {
    let before = std::str::from_utf8(bytes.get(..offset).unwrap_or_default()).unwrap_or_default();
    let before = before.strip_prefix(BOM).unwrap_or(before);
    let line_start = before.rfind(['\r', '\n']).map_or(0, |idx| idx + 1);
    let n_lines = lines(before).count().max(1);
    // A prefix ending in a line end has one more (empty) line than
    // `lines` yields.
    let line = if line_start == before.len() && !before.is_empty() {
        n_lines + 1
    } else {
        n_lines
    };
    let col = before
        .get(line_start..)
        .map_or(0, |rest| rest.chars().count())
        + 1;
    NotText {
        kind,
        offset,
        line: u32::try_from(line).unwrap_or(u32::MAX),
        col: u32::try_from(col).unwrap_or(u32::MAX),
    }
}

impl fmt::Display for NotTextKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NotTextKind::Nul => "a NUL byte",
            NotTextKind::InvalidUtf8 => "bytes that are not UTF-8",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bom_is_dropped_and_every_line_end_becomes_a_newline() {
        let decoded = decode(b"\xef\xbb\xbfa\r\nb\rc\nd");
        assert_eq!(decoded.as_deref(), Ok("a\nb\nc\nd"));
        assert_eq!(normalize("plain\n"), Cow::Borrowed("plain\n"));
    }

    #[test]
    fn lines_split_on_crlf_lone_cr_and_lf() {
        let split: Vec<&str> = lines("\u{feff}a\r\nb\rc\n\nd\r").collect();
        assert_eq!(split, ["a", "b", "c", "", "d"]);
        assert_eq!(lines("").count(), 0);
    }

    #[test]
    fn a_nul_byte_is_refused_with_its_line_and_column() {
        let err = decode(b"name A;\r\nid X\0;").unwrap_err();
        assert_eq!(
            (err.kind, err.line, err.col, err.offset),
            (NotTextKind::Nul, 2, 5, 13)
        );
        assert_eq!(
            err.to_string(),
            "not a text file: a NUL byte at line 2, column 5 (byte 13)"
        );
    }

    #[test]
    fn invalid_utf8_is_refused_at_the_first_bad_byte() {
        let err = decode(b"ok\n\xff\0").unwrap_err();
        assert_eq!(
            (err.kind, err.line, err.col),
            (NotTextKind::InvalidUtf8, 2, 1)
        );
        let err = decode(b"\0\xff").unwrap_err();
        assert_eq!((err.kind, err.offset), (NotTextKind::Nul, 0));
    }

    #[test]
    fn escape_line_escapes_controls_and_bidi_and_caps_the_length() {
        assert_eq!(
            escape_line("a\u{1b}[2J\u{202e}b\tc", 100),
            "a\\u{1b}[2J\\u{202e}b\tc"
        );
        assert_eq!(escape_line("abcdef", 3), "abc…");
        assert_eq!(escape_line("é", 1), "é");
    }

    #[test]
    fn card_ids_are_checked() {
        for good in ["SD01-001", "BP01-T03", "TEST-V1", "BP01-LD01", "カード-1"] {
            assert_eq!(check_card_id(good), Ok(()), "{good}");
        }
        assert_eq!(check_card_id(""), Err(BadCardId::Empty));
        assert_eq!(check_card_id(&"x".repeat(65)), Err(BadCardId::TooLong(65)));
        assert_eq!(check_card_id("A\nB"), Err(BadCardId::BadChar('\n')));
        assert_eq!(
            BadCardId::BadChar('\n').to_string(),
            "the id holds the character U+000A, which ids may not; use letters, digits and printable ASCII punctuation such as `-`"
        );
        assert_eq!(check_card_id("A B"), Err(BadCardId::BadChar(' ')));
        assert_eq!(
            check_card_id("A\u{202e}"),
            Err(BadCardId::BadChar('\u{202e}'))
        );
    }
}
