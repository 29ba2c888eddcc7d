//! Argument lists (spec §5.2): split at commas outside parentheses and
//! double quotes, trim each piece and drop one pair of surrounding quotes.
//!
//! Like the peer, the split counts every `(` and `)` seen so far and splits
//! only where the counts are equal; square brackets do not protect commas.

use crate::span::Piece;

/// The arguments of `text` (the inside of an argument list). An empty or
/// blank list has no arguments; a blank argument between commas is kept as
/// an empty piece (it takes its default).
pub(crate) fn split_args(text: Piece<'_>) -> Vec<Piece<'_>> {
    if text.text.trim().is_empty() {
        return Vec::new();
    }
    let mut args = Vec::new();
    let mut opens = 0usize;
    let mut closes = 0usize;
    let mut in_quotes = false;
    let mut start = 0usize;
    for (idx, byte) in text.text.bytes().enumerate() {
        match byte {
            b'"' => in_quotes = !in_quotes,
            b'(' if !in_quotes => opens += 1,
            b')' if !in_quotes => closes += 1,
            b',' if !in_quotes && opens == closes => {
                args.push(text.slice(start, idx).trim().unquote());
                start = idx + 1;
            }
            _ => {}
        }
    }
    args.push(text.from(start).trim().unquote());
    args
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(input: &str) -> Vec<&str> {
        split_args(Piece::new(input, 0))
            .into_iter()
            .map(|piece| piece.text)
            .collect()
    }

    #[test]
    fn commas_inside_parentheses_and_quotes_do_not_split() {
        assert_eq!(
            texts("1, Ft(Academic)!n(Anne, Belle of Mysteria), Hand"),
            ["1", "Ft(Academic)!n(Anne, Belle of Mysteria)", "Hand"]
        );
        assert_eq!(
            texts("\"Leonidas's Resolve, Again\", Field, 1"),
            ["Leonidas's Resolve, Again", "Field", "1"]
        );
        assert_eq!(
            texts("Viking, Steelclad Knight, Knight"),
            ["Viking", "Steelclad Knight", "Knight"]
        );
    }

    #[test]
    fn brackets_do_not_protect_commas() {
        assert_eq!(texts("[1,2]"), ["[1", "2]"]);
    }

    #[test]
    fn empty_lists_and_blank_arguments() {
        assert!(texts("").is_empty());
        assert!(texts("   ").is_empty());
        assert_eq!(texts("1, , 2"), ["1", "", "2"]);
        assert_eq!(texts("\"\""), [""]);
    }

    #[test]
    fn offsets_point_into_the_source() {
        let args = split_args(Piece::new("a,  \"bc\"", 10));
        assert_eq!(args[1].text, "bc");
        assert_eq!(args[1].offset, 15);
    }
}
