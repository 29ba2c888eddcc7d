//! Keywords a compiled set declares: its `type Keyword;` cards
//! ([`CardType::Keyword`]), each a keyword of the pack's own with its name,
//! reminder (`text`) and the abilities a card with it has.
//!
//! The set's declarations are read from the parsed cards before any card is
//! lowered, so a card may name a keyword declared later or in another file
//! of the set; a name resolves to [`Keyword::Declared`]`(n)`, the set's n-th
//! declaration. That numbering is the module's only if every declaration
//! compiles: when one does not, `lib.rs` refuses every card that names a
//! declared keyword (each card records whether it did: [`DeclaredKeywords::take_used`]).

use crate::ast::CardAst;
use crate::ir::{CardType, Keyword};
use crate::lexer::HeaderKey;
use std::cell::Cell;

/// The names of a set's keyword declarations, in module order.
#[derive(Debug, Default)]
pub(crate) struct DeclaredKeywords {
    names: Vec<String>,
    /// Whether a name was resolved since the last [`DeclaredKeywords::take_used`].
    used: Cell<bool>,
}

impl DeclaredKeywords {
    /// The declarations among a set's parsed cards, in order.
    pub fn of_cards<'a>(cards: impl IntoIterator<Item = &'a CardAst<'a>>) -> DeclaredKeywords {
        let names = cards
            .into_iter()
            .filter(|card| {
                card.headers.iter().any(|header| {
                    header.key == HeaderKey::Type
                        && crate::names::card_type(header.value.text).card_type
                            == Some(CardType::Keyword)
                })
            })
            .map(|card| card.name.text.to_owned())
            .collect();
        DeclaredKeywords {
            names,
            used: Cell::new(false),
        }
    }

    /// The keyword a name declares, if the set declares it.
    pub fn keyword(&self, name: &str) -> Option<Keyword> {
        let n = self.names.iter().position(|declared| declared == name)?;
        self.used.set(true);
        u16::try_from(n).ok().map(Keyword::Declared)
    }

    /// How many keywords the set declares.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// The declared names, for suggestions.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(String::as_str)
    }

    /// Whether a declared name was resolved since the last call (one card's
    /// lowering), and resets it.
    pub fn take_used(&self) -> bool {
        self.used.replace(false)
    }
}
