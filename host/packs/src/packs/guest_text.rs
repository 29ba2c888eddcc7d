//! Text from a pack is data: the policy for every string a pack hands the
//! host (manifest cards, log lines, error messages, question prompts and
//! labels, traits it gives) before it reaches a terminal, a log, the UI or
//! a replay.
//!
//! - Control characters (C0 including ESC, DEL, C1), bidirectional marks
//!   and overrides such as U+202E, and the other characters
//!   [`sve_text::is_unsafe_char`] names are replaced by U+FFFD (a
//!   visible `�`), so text can neither drive a terminal nor reorder what is
//!   shown. A tab becomes a space. Plain spaces stay.
//! - Card text ([`TextKind::CardText`]) and reports about a pack's files
//!   ([`TextKind::Report`]) may have line breaks; `\r\n` and a lone `\r`
//!   become `\n`. Every other kind is one line: a line break becomes a
//!   space.
//! - Each kind has a length cap in characters (the constants below); a
//!   longer string is cut on a character boundary and ends with `…`.
//!
//! Card ids are not cleaned: a pack's card id that breaks the rule of
//! [`sve_text::check_card_id`] refuses the pack with a message
//! naming the card (`check_cards` in this module's parent), because a
//! silently changed id would break decks and replays that name it.
//!
//! Manifest fields longer than their cap refuse the pack rather than being
//! cut (the author sees why); text that arrives while a match runs (log
//! lines, errors, questions, traits) is cut, and the match goes on.

use sve_text::{BOM, escape_line, is_unsafe_char};

/// Longest card name or token name.
pub const MAX_NAME_CHARS: usize = 200;
/// Longest trait name.
pub const MAX_TRAIT_CHARS: usize = 64;
/// Most traits one card may have.
pub const MAX_TRAITS: usize = 16;
/// Longest ability name.
pub const MAX_ABILITY_NAME_CHARS: usize = 200;
/// Longest card text or ability text.
pub const MAX_CARD_TEXT_CHARS: usize = 10_000;
/// Longest prompt of a question a pack asks.
pub const MAX_PROMPT_CHARS: usize = 500;
/// Longest label of an option of a question.
pub const MAX_LABEL_CHARS: usize = 200;
/// Longest log line, error message or manifest note from a pack.
pub const MAX_MESSAGE_CHARS: usize = 1_000;
/// Longest report about a pack's own files (a TOML error quoting a line).
pub const MAX_REPORT_CHARS: usize = 4_000;
/// Longest pack text quoted inside a host message (an id in an error).
pub const MAX_QUOTED_CHARS: usize = 80;

/// The kinds of pack text, each with its cap and line rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextKind {
    /// A card's or token's name (also a name in a card filter).
    Name,
    /// A trait name.
    Trait,
    /// An ability's name.
    AbilityName,
    /// Card text or ability text: the one kind with line breaks.
    CardText,
    /// The prompt of a question.
    Prompt,
    /// A label of a question's option.
    Label,
    /// A log line or an error message.
    Message,
    /// A message about a pack's file that may span lines (a TOML error
    /// quoting the line it is about).
    Report,
}

impl TextKind {
    /// The cap in characters.
    pub fn max_chars(self) -> usize {
        match self {
            TextKind::Name => MAX_NAME_CHARS,
            TextKind::Trait => MAX_TRAIT_CHARS,
            TextKind::AbilityName => MAX_ABILITY_NAME_CHARS,
            TextKind::CardText => MAX_CARD_TEXT_CHARS,
            TextKind::Prompt => MAX_PROMPT_CHARS,
            TextKind::Label => MAX_LABEL_CHARS,
            TextKind::Message => MAX_MESSAGE_CHARS,
            TextKind::Report => MAX_REPORT_CHARS,
        }
    }

    /// Whether line breaks are kept.
    pub fn allows_line_breaks(self) -> bool {
        matches!(self, TextKind::CardText | TextKind::Report)
    }

    /// The name messages use for this kind.
    pub fn label(self) -> &'static str {
        match self {
            TextKind::Name => "name",
            TextKind::Trait => "trait",
            TextKind::AbilityName => "ability name",
            TextKind::CardText => "text",
            TextKind::Prompt => "prompt",
            TextKind::Label => "label",
            TextKind::Message => "message",
            TextKind::Report => "report",
        }
    }
}

/// A pack's string made safe to show: unsafe characters replaced, line
/// breaks kept only where `kind` allows them, and cut to the kind's cap
/// with `…` (see the module docs).
pub fn clean(text: &str, kind: TextKind) -> String {
    clean_chars(text, kind, kind.max_chars())
}

/// [`clean`] without the length cap: for manifest fields, whose length is
/// checked (and refused) separately with [`check_len`].
pub fn clean_uncapped(text: &str, kind: TextKind) -> String {
    clean_chars(text, kind, usize::MAX)
}

/// Cleans a pack's string in place, when it needs it (most do not: this
/// then costs one scan and no allocation).
pub fn clean_in_place(text: &mut String, kind: TextKind) {
    if needs_cleaning(text, kind, kind.max_chars()) {
        *text = clean(text, kind);
    }
}

/// Whether a manifest field fits its cap; the error names the field and
/// both lengths.
pub fn check_len(text: &str, kind: TextKind) -> Result<(), String> {
    let n_chars = text.chars().count();
    if n_chars > kind.max_chars() {
        Err(format!(
            "its {} is {n_chars} characters long; at most {}",
            kind.label(),
            kind.max_chars()
        ))
    } else {
        Ok(())
    }
}

/// Pack text quoted inside a host message (an id that was refused, a
/// version string): unsafe characters shown as `\u{..}` escapes, so the
/// reader sees what is wrong, and cut to [`MAX_QUOTED_CHARS`].
pub fn quoted(text: &str) -> String {
    escape_line(text, MAX_QUOTED_CHARS)
}

fn needs_cleaning(text: &str, kind: TextKind, max_chars: usize) -> bool {
    let mut n_chars = 0;
    for ch in text.chars() {
        n_chars += 1;
        let allowed = ch == '\n' && kind.allows_line_breaks();
        if n_chars > max_chars || (is_unsafe_char(ch) && !allowed) {
            return true;
        }
    }
    false
}

fn clean_chars(text: &str, kind: TextKind, max_chars: usize) -> String {
    let text = text.strip_prefix(BOM).unwrap_or(text);
    let mut out = String::with_capacity(text.len().min(max_chars.saturating_mul(4)));
    let mut chars = text.chars().peekable();
    let mut n_chars = 0;
    while let Some(ch) = chars.next() {
        if n_chars == max_chars {
            out.push('…');
            break;
        }
        n_chars += 1;
        let line_break = match ch {
            '\n' => true,
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                true
            }
            _ => false,
        };
        if line_break {
            out.push(if kind.allows_line_breaks() { '\n' } else { ' ' });
        } else if ch == '\t' {
            out.push(' ');
        } else if is_unsafe_char(ch) {
            out.push(char::REPLACEMENT_CHARACTER);
        } else {
            out.push(ch);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_bidi_overrides_are_replaced_visibly() {
        assert_eq!(
            clean("a\u{1b}[2Jb\u{202e}c\u{7f}d\u{9b}e", TextKind::Name),
            "a\u{fffd}[2Jb\u{fffd}c\u{fffd}d\u{fffd}e"
        );
        assert_eq!(
            clean("two  spaces\tand tab", TextKind::Label),
            "two  spaces and tab"
        );
    }

    #[test]
    fn only_card_text_keeps_line_breaks() {
        assert_eq!(clean("a\r\nb\rc\nd", TextKind::CardText), "a\nb\nc\nd");
        assert_eq!(clean("a\r\nb\nc", TextKind::Name), "a b c");
        assert_eq!(clean("x\u{2028}y", TextKind::CardText), "x\u{fffd}y");
    }

    #[test]
    fn long_text_is_cut_on_a_character_boundary_with_a_marker() {
        let long = "é".repeat(MAX_LABEL_CHARS + 10);
        let cut = clean(&long, TextKind::Label);
        assert_eq!(cut.chars().count(), MAX_LABEL_CHARS + 1);
        assert!(cut.ends_with("é…"));
        let exact = "é".repeat(MAX_LABEL_CHARS);
        assert_eq!(clean(&exact, TextKind::Label), exact);
    }

    #[test]
    fn clean_in_place_leaves_clean_text_alone() {
        let mut fine = "Forest Bat".to_owned();
        clean_in_place(&mut fine, TextKind::Name);
        assert_eq!(fine, "Forest Bat");
        let mut bad = "Bat\u{1b}".to_owned();
        clean_in_place(&mut bad, TextKind::Name);
        assert_eq!(bad, "Bat\u{fffd}");
    }

    #[test]
    fn quoted_text_shows_escapes() {
        assert_eq!(quoted("SD01\n001"), "SD01\\u{a}001");
        assert_eq!(
            check_len(&"x".repeat(201), TextKind::Name).unwrap_err(),
            "its name is 201 characters long; at most 200"
        );
    }
}
