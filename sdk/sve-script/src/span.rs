//! Source positions: byte spans, located string slices, and the line index
//! that turns a byte offset into a 1-based line and column.
//!
//! Every parser in this crate works on [`Piece`]s, slices of the file that
//! remember where they start, so a diagnostic raised deep inside a filter of
//! an argument of an effect still points at the right column.

use serde::{Deserialize, Serialize};

/// A byte range `start..end` in one source file, as the compiler read it
/// (after [`sve_text::normalize`]).
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default, Serialize, Deserialize,
)]
pub struct Span {
    /// Offset of the first byte.
    pub start: u32,
    /// Offset one past the last byte (`end >= start`).
    pub end: u32,
}

impl Span {
    /// The span `start..end`; the ends are swapped if given in reverse.
    pub fn new(start: usize, end: usize) -> Span {
        let (start, end) = if end < start {
            (end, start)
        } else {
            (start, end)
        };
        Span {
            start: clamp_u32(start),
            end: clamp_u32(end),
        }
    }

    /// An empty span at `offset`.
    pub fn at(offset: usize) -> Span {
        Span::new(offset, offset)
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

fn clamp_u32(value: usize) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

/// A slice of the source that knows its byte offset in the file.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Piece<'a> {
    /// The text.
    pub text: &'a str,
    /// Byte offset of `text` in the file.
    pub offset: usize,
}

impl<'a> Piece<'a> {
    pub fn new(text: &'a str, offset: usize) -> Piece<'a> {
        Piece { text, offset }
    }

    pub fn span(self) -> Span {
        Span::new(self.offset, self.offset + self.text.len())
    }

    pub fn is_empty(self) -> bool {
        self.text.is_empty()
    }

    pub fn end(self) -> usize {
        self.offset + self.text.len()
    }

    /// The sub-slice `start..end` (byte offsets relative to this piece).
    /// Out-of-range or non-boundary offsets are clamped to an empty piece at
    /// the end rather than panicking.
    pub fn slice(self, start: usize, end: usize) -> Piece<'a> {
        match self.text.get(start..end) {
            Some(text) => Piece::new(text, self.offset + start),
            None => Piece::new("", self.end()),
        }
    }

    /// The sub-slice from `start` to the end.
    pub fn from(self, start: usize) -> Piece<'a> {
        self.slice(start, self.text.len())
    }

    /// The sub-slice from the beginning up to `end`.
    pub fn upto(self, end: usize) -> Piece<'a> {
        self.slice(0, end)
    }

    pub fn trim(self) -> Piece<'a> {
        self.trim_start().trim_end()
    }

    pub fn trim_start(self) -> Piece<'a> {
        let trimmed = self.text.trim_start();
        Piece::new(trimmed, self.offset + (self.text.len() - trimmed.len()))
    }

    pub fn trim_end(self) -> Piece<'a> {
        Piece::new(self.text.trim_end(), self.offset)
    }

    /// Removes one pair of surrounding double quotes, if the text both starts
    /// and ends with `"` (§5.2).
    pub fn unquote(self) -> Piece<'a> {
        let text = self.text;
        if text.len() >= 2 && text.starts_with('"') && text.ends_with('"') {
            self.slice(1, text.len() - 1)
        } else {
            self
        }
    }

    /// Splits off the first run of non-whitespace characters: `(word, rest)`,
    /// with `rest` starting right after the word (not trimmed).
    pub fn split_word(self) -> (Piece<'a>, Piece<'a>) {
        let trimmed = self.trim_start();
        let len = trimmed
            .text
            .find(char::is_whitespace)
            .unwrap_or(trimmed.text.len());
        (trimmed.upto(len), trimmed.from(len))
    }

    /// All whitespace-separated words.
    pub fn words(self) -> Vec<Piece<'a>> {
        let mut words = Vec::new();
        let mut rest = self;
        loop {
            let (word, after) = rest.split_word();
            if word.is_empty() {
                return words;
            }
            words.push(word);
            rest = after;
        }
    }
}

/// Maps byte offsets to 1-based lines and columns.
#[derive(Clone, Debug)]
pub(crate) struct LineIndex {
    line_starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(source: &str) -> LineIndex {
        let mut line_starts = vec![0];
        line_starts.extend(source.match_indices('\n').map(|(idx, _)| idx + 1));
        LineIndex { line_starts }
    }

    /// 1-based `(line, column)` of `offset`; the column counts characters.
    pub fn line_col(&self, source: &str, offset: usize) -> (u32, u32) {
        let offset = offset.min(source.len());
        let line_idx = match self.line_starts.binary_search(&offset) {
            Ok(idx) => idx,
            Err(idx) => idx.saturating_sub(1),
        };
        let line_start = self.line_starts.get(line_idx).copied().unwrap_or(0);
        let col = source
            .get(line_start..offset)
            .map_or(offset - line_start, |prefix| prefix.chars().count());
        (clamp_u32(line_idx + 1), clamp_u32(col + 1))
    }
}

/// The text of the 1-based line `line` without its line ending, if present.
pub(crate) fn line_text(source: &str, line: u32) -> Option<&str> {
    let idx = usize::try_from(line).ok()?.checked_sub(1)?;
    source
        .split('\n')
        .nth(idx)
        .map(|text| text.strip_suffix('\r').unwrap_or(text))
}

/// Byte offset of the matching closing delimiter for the opening one at
/// `open` (which must hold `open_ch`), counting nesting. `None` when the
/// delimiters do not balance.
pub(crate) fn find_closing(text: &str, open: usize, open_ch: u8, close_ch: u8) -> Option<usize> {
    let bytes = text.as_bytes();
    if bytes.get(open) != Some(&open_ch) {
        return None;
    }
    let mut depth = 0usize;
    for (idx, &byte) in bytes.iter().enumerate().skip(open) {
        if byte == open_ch {
            depth += 1;
        } else if byte == close_ch {
            depth -= 1;
            if depth == 0 {
                return Some(idx);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_from_one_and_in_characters() {
        let source = "ab\ncdé f\n";
        let index = LineIndex::new(source);
        assert_eq!(index.line_col(source, 0), (1, 1));
        assert_eq!(index.line_col(source, 3), (2, 1));
        // `f` is after a two-byte `é`: byte 8, column 5.
        assert_eq!(index.line_col(source, 8), (2, 5));
        assert_eq!(index.line_col(source, 99), (3, 1));
    }

    #[test]
    fn pieces_keep_their_offsets_through_trimming_and_slicing() {
        let piece = Piece::new("  \"Forest Bat\" ", 10);
        let inner = piece.trim().unquote();
        assert_eq!(inner.text, "Forest Bat");
        assert_eq!(inner.offset, 13);
        assert_eq!(piece.slice(50, 60).text, "");
    }

    #[test]
    fn words_split_on_any_whitespace() {
        let words = Piece::new(" to  TargetCard\tKn(Forest Bat)", 0).words();
        let texts: Vec<_> = words.iter().map(|w| w.text).collect();
        assert_eq!(texts, ["to", "TargetCard", "Kn(Forest", "Bat)"]);
        assert_eq!(words[1].offset, 5);
    }

    #[test]
    fn closing_delimiters_nest() {
        assert_eq!(find_closing("f(a(b)c)d", 1, b'(', b')'), Some(7));
        assert_eq!(find_closing("f(a(b)c", 1, b'(', b')'), None);
        assert_eq!(find_closing("x", 0, b'(', b')'), None);
    }
}
