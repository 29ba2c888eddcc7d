//! What a compiled set declares beside its cards: keywords (its
//! `type Keyword;` cards, [`CardType::Keyword`]), each with its name,
//! reminder (`text`) and the abilities a card with it has; and counter
//! kinds (its `type Counter;` cards, [`CardType::Counter`]), each with its
//! name and reminder.
//!
//! The set's declarations are read from the parsed cards before any card is
//! lowered, so a card may name a keyword or counter declared later or in
//! another file of the set; a keyword name resolves to
//! [`Keyword::Declared`]`(n)`, the set's n-th keyword declaration, and a
//! counter name to [`Counter::Declared`]`(n)`, its n-th counter
//! declaration. That numbering is the module's only if every declaration
//! compiles: when one does not, `link.rs` refuses every card that names a
//! declared keyword or counter (each card records whether it did:
//! [`Declarations::take_used`]).

use crate::ast::CardAst;
use crate::ir::{CardType, Counter, Keyword};
use crate::lexer::HeaderKey;
use std::cell::Cell;

/// The names of a set's declarations, each kind in module order.
#[derive(Debug, Default)]
pub(crate) struct Declarations {
    keywords: Vec<String>,
    counters: Vec<String>,
    /// Whether a name was resolved since the last [`Declarations::take_used`].
    used: Cell<bool>,
}

impl Declarations {
    /// The declarations among a set's parsed cards, in order.
    pub fn of_cards<'a>(cards: impl IntoIterator<Item = &'a CardAst<'a>>) -> Declarations {
        let mut declarations = Declarations::default();
        for card in cards {
            let declared = card.headers.iter().find_map(|header| {
                (header.key == HeaderKey::Type)
                    .then(|| crate::names::card_type(header.value.text).card_type)
                    .flatten()
            });
            let name = card.name.text.to_owned();
            match declared {
                Some(CardType::Keyword) => declarations.keywords.push(name),
                Some(CardType::Counter) => declarations.counters.push(name),
                _ => {}
            }
        }
        declarations
    }

    /// The keyword a name declares, if the set declares it.
    pub fn keyword(&self, name: &str) -> Option<Keyword> {
        let n = self.keywords.iter().position(|declared| declared == name)?;
        self.used.set(true);
        u16::try_from(n).ok().map(Keyword::Declared)
    }

    /// The counter kind a name declares (with or without a `Counter`
    /// suffix, as built-in counters are written), if the set declares it.
    pub fn counter(&self, name: &str) -> Option<Counter> {
        let name = name.trim();
        let stem = name.strip_suffix("Counter").unwrap_or(name).trim();
        let n = self
            .counters
            .iter()
            .position(|declared| declared == name || declared == stem)?;
        self.used.set(true);
        u16::try_from(n).ok().map(Counter::Declared)
    }

    /// How many declarations of `card_type` (keywords or counters) the set
    /// makes.
    pub fn count(&self, card_type: CardType) -> usize {
        match card_type {
            CardType::Keyword => self.keywords.len(),
            CardType::Counter => self.counters.len(),
            _ => 0,
        }
    }

    /// The declared keyword names, for suggestions.
    pub fn keyword_names(&self) -> impl Iterator<Item = &str> {
        self.keywords.iter().map(String::as_str)
    }

    /// The declared counter names, for suggestions.
    pub fn counter_names(&self) -> impl Iterator<Item = &str> {
        self.counters.iter().map(String::as_str)
    }

    /// Whether a declared name was resolved since the last call (one card's
    /// lowering), and resets it.
    pub fn take_used(&self) -> bool {
        self.used.replace(false)
    }
}
