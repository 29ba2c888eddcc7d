//! Card text markup as the community writes it (`[fanfare] Draw a card.`,
//! `[evolve][cost02]: Evolve this follower.`): the text split into plain
//! runs and bracket tags. Card text comes from packs and is untrusted, so
//! this never panics: the text is capped ([`MAX_CHARS`]), control
//! characters become spaces, a bracket with no partner is dropped and a
//! bracketed run that is not a tag (too long, odd characters) stays as its
//! words without the brackets. What a tag means is [`super::glossary`]'s.

/// The most characters of one card text that are read; the rest is cut
/// and marked with `…`. Real card text is a few hundred characters.
pub const MAX_CHARS: usize = 2_000;

/// The longest tag word (`[lastwords]`, `[forestcraft]`); a longer
/// bracketed run is text.
const MAX_TAG_CHARS: usize = 24;

/// One run of card text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Text as printed (cleaned).
    Plain(String),
    /// A tag's word: lower case, without brackets, spaces, `-` or `_`
    /// (`[Last Words]` is `lastwords`).
    Tag(String),
}

/// Splits `text` into plain runs and tags. Adjacent plain runs are merged.
pub fn parse(text: &str) -> Vec<Piece> {
    let cleaned = clean(text);
    let mut pieces = Vec::new();
    let mut plain = String::new();
    let mut rest = cleaned.as_str();
    while let Some(at) = rest.find(['[', ']']) {
        plain.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        if rest[at..].starts_with(']') {
            // A closing bracket with no opening one: dropped.
            rest = after;
            continue;
        }
        match after.find(['[', ']']) {
            Some(close) if after[close..].starts_with(']') => {
                let inside = &after[..close];
                match tag_word(inside) {
                    Some(word) => {
                        push_plain(&mut pieces, &mut plain);
                        pieces.push(Piece::Tag(word));
                    }
                    // Not a tag: its words stay, the brackets go.
                    None => plain.push_str(inside),
                }
                rest = &after[close + 1..];
            }
            // Another `[` first, or none at all: this one has no partner.
            _ => rest = after,
        }
    }
    plain.push_str(rest);
    push_plain(&mut pieces, &mut plain);
    pieces
}

/// `text` capped at [`MAX_CHARS`], with control characters (but line
/// breaks) as spaces.
fn clean(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(MAX_CHARS * 4));
    for (idx, chr) in text.chars().enumerate() {
        if idx == MAX_CHARS {
            out.push('…');
            break;
        }
        let shown = match chr {
            '\n' => '\n',
            '\r' => continue,
            // Bidi overrides and isolates could reorder what follows.
            '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => ' ',
            chr if chr.is_control() => ' ',
            chr => chr,
        };
        out.push(shown);
    }
    out
}

/// The tag word of a bracket's inside, or `None` when it is not one.
fn tag_word(inside: &str) -> Option<String> {
    let trimmed = inside.trim();
    if trimmed.is_empty() || trimmed.chars().count() > MAX_TAG_CHARS {
        return None;
    }
    if !trimmed
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '_'))
    {
        return None;
    }
    Some(
        trimmed
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .collect(),
    )
}

fn push_plain(pieces: &mut Vec<Piece>, plain: &mut String) {
    if !plain.is_empty() {
        pieces.push(Piece::Plain(std::mem::take(plain)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pieces as `plain` and `<tag>`, for short expectations.
    fn shape(text: &str) -> String {
        parse(text)
            .iter()
            .map(|piece| match piece {
                Piece::Plain(text) => text.clone(),
                Piece::Tag(word) => format!("<{word}>"),
            })
            .collect()
    }

    #[test]
    fn tags_are_split_from_the_text_and_normalised() {
        assert_eq!(
            shape("[evolve][cost02]: Evolve this follower."),
            "<evolve><cost02>: Evolve this follower."
        );
        assert_eq!(
            shape("[Last Words] Draw. [q_uick]"),
            "<lastwords> Draw. <quick>"
        );
    }

    #[test]
    fn text_without_tags_is_one_plain_run() {
        assert_eq!(
            parse("Ward. Draw a card."),
            vec![Piece::Plain("Ward. Draw a card.".to_owned())]
        );
        assert_eq!(parse(""), Vec::new());
    }

    #[test]
    fn malformed_brackets_are_dropped_and_never_panic() {
        assert_eq!(shape("Pay [cost0"), "Pay cost0");
        assert_eq!(shape("a]]b"), "ab");
        assert_eq!(shape("[[fanfare]]"), "<fanfare>");
        assert_eq!(shape("[a [b] c]"), "a <b> c");
        assert_eq!(shape("["), "");
        assert_eq!(shape("]["), "");
        assert_eq!(shape("[]"), "");
        // Not a tag: the words stay, without brackets.
        assert_eq!(shape("[not: a tag!]"), "not: a tag!");
        assert_eq!(
            shape("[averyveryverylongwordthatisnotatag]"),
            "averyveryverylongwordthatisnotatag"
        );
        // Multi-byte text around brackets.
        assert_eq!(shape("é[ü]ß[fanfare]→"), "éüß<fanfare>→");
    }

    #[test]
    fn huge_text_is_capped_and_control_characters_are_spaces() {
        let huge = "[fanfare] ".repeat(10_000);
        let pieces = parse(&huge);
        let chars: usize = pieces
            .iter()
            .map(|p| match p {
                Piece::Plain(t) => t.chars().count(),
                Piece::Tag(_) => 9,
            })
            .sum();
        assert!(chars <= MAX_CHARS + 1, "{chars}");
        assert_eq!(shape("a\u{7}b\r\nc\u{202e}d"), "a b\nc d");
    }
}
