//! References to cards by name that reach outside one set of files:
//! token names (`SummonToken(Fairy)`, spec §5.5) and evolved cards' base
//! cards (§2).
//!
//! Spec §5.5 resolves a token name against the whole card library, not
//! against one file or one folder: a community starter deck summons the
//! `Fairy` its booster's neutral file defines. A compiler that sees one
//! pack at a time therefore cannot tell a misspelt token from one another
//! pack defines. [`compile_files_in_library`](crate::compile_files_in_library)
//! resolves what it can inside the set and hands back the rest as
//! [`OutsideRef`]s; whoever knows the library (the host's pack loader)
//! lists its cards in a [`CardNames`] and asks each reference
//! [`OutsideRef::check`], which gives the same warning the compiler would
//! have given, or none when another pack has the card.

use crate::diagnostics::{Diagnostic, Problem};
use crate::span::Span;
use std::collections::HashMap;

/// The names of a card library (every card of every loaded pack), as
/// references by name see them.
#[derive(Clone, Debug, Default)]
pub struct CardNames {
    by_name: HashMap<String, Named>,
}

/// What the cards of one name are.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Named {
    /// Some card of that name is a token.
    pub token: bool,
    /// Some card of that name is not an evolved follower (so it can be an
    /// evolved card's base).
    pub base: bool,
}

impl CardNames {
    /// No names yet.
    pub fn new() -> CardNames {
        CardNames::default()
    }

    /// Adds a card: its name (after the `(Evolved)` rules), whether it is a
    /// token and whether it is an evolved follower.
    pub fn add(&mut self, name: &str, is_token: bool, is_evolved: bool) {
        let entry = self.by_name.entry(name.to_owned()).or_default();
        entry.token |= is_token;
        entry.base |= !is_evolved;
    }

    /// Whether some card has this name.
    pub fn contains(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }

    pub(crate) fn get(&self, name: &str) -> Option<Named> {
        self.by_name.get(name).copied()
    }

    /// The names of token cards, sorted (so that a suggestion does not
    /// depend on hash order).
    pub(crate) fn token_names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self
            .by_name
            .iter()
            .filter(|(_, named)| named.token)
            .map(|(name, _)| name.as_str())
            .collect();
        names.sort_unstable();
        names
    }

    /// The problem a token reference earns against these names, with a
    /// "did you mean" help (none when the name is a token's).
    pub(crate) fn token_problem(
        &self,
        name: &str,
        scope: &'static str,
    ) -> Option<(Problem, Option<String>)> {
        match self.get(name) {
            None => {
                let help = crate::suggest::did_you_mean(name, self.token_names());
                Some((
                    Problem::UnresolvedToken {
                        name: name.to_owned(),
                        scope,
                    },
                    help,
                ))
            }
            Some(named) if !named.token => Some((
                Problem::NotAToken {
                    name: name.to_owned(),
                },
                None,
            )),
            Some(_) => None,
        }
    }

    /// Whether an evolved card's base card (`base`) is among these names.
    pub(crate) fn has_base(&self, base: &str) -> bool {
        self.get(base).is_some_and(|named| named.base)
    }
}

/// What an [`OutsideRef`] refers to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum OutsideRefKind {
    /// A token name in `SummonToken`, `SummonTokenAndTarget` or
    /// `Transform` (spec §5.5).
    Token,
    /// The base card of an evolved follower (its name without
    /// ` (Evolved)`, spec §2).
    EvolvedBase,
}

/// A reference by name that no file of the compiled set resolves.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct OutsideRef {
    kind: OutsideRefKind,
    name: String,
    file: String,
    span: Span,
    line: u32,
    col: u32,
    card: String,
}

/// Where the library is, for messages about names it lacks.
const LIBRARY_SCOPE: &str = "in this pack or any other loaded pack";

impl OutsideRef {
    pub(crate) fn new(
        kind: OutsideRefKind,
        name: String,
        at: (&str, Span, u32, u32),
        card: &str,
    ) -> OutsideRef {
        let (file, span, line, col) = at;
        OutsideRef {
            kind,
            name,
            file: file.to_owned(),
            span,
            line,
            col,
            card: card.to_owned(),
        }
    }

    /// A token or a base card.
    pub fn kind(&self) -> OutsideRefKind {
        self.kind
    }

    /// The card name referred to.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The file name given to the compiler.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// 1-based line of the reference.
    pub fn line(&self) -> u32 {
        self.line
    }

    /// 1-based column of the reference.
    pub fn col(&self) -> u32 {
        self.col
    }

    /// The card that holds the reference (`` `name` (id) ``).
    pub fn card(&self) -> &str {
        &self.card
    }

    /// The warning this reference earns against the whole library
    /// (`library`), or `None` when the library resolves it: a token name
    /// must name a token card somewhere, an evolved card's base must exist
    /// somewhere. The warning is the one the compiler gives inside a set
    /// (`unresolved-token`, `not-a-token`, `evolved-without-base`), with a
    /// "did you mean" over the library's tokens.
    pub fn check(&self, library: &CardNames) -> Option<Diagnostic> {
        let (problem, help) = match self.kind {
            OutsideRefKind::Token => library.token_problem(&self.name, LIBRARY_SCOPE)?,
            OutsideRefKind::EvolvedBase => {
                if library.has_base(&self.name) {
                    return None;
                }
                (
                    Problem::EvolvedWithoutBase {
                        base: self.name.clone(),
                    },
                    None,
                )
            }
        };
        Some(Diagnostic::located(
            &self.file,
            self.span,
            (self.line, self.col),
            problem,
            help,
            Some(&self.card),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token_ref(name: &str) -> OutsideRef {
        OutsideRef::new(
            OutsideRefKind::Token,
            name.to_owned(),
            ("deck/SD.txt", Span::new(10, 15), 3, 22),
            "`Caller` (X-1)",
        )
    }

    #[test]
    fn a_token_another_pack_defines_resolves_and_a_misspelt_one_is_located() {
        let mut library = CardNames::new();
        library.add("Fairy", true, false);
        library.add("Elf Knight", false, false);
        assert_eq!(token_ref("Fairy").check(&library), None);
        let missing = token_ref("Fairyy").check(&library).expect("unresolved");
        assert_eq!(
            missing.to_string(),
            "deck/SD.txt:3:22: warning[unresolved-token]: no card named `Fairyy` in this pack or any other loaded pack (help: did you mean `Fairy`?)"
        );
        assert_eq!(missing.card(), Some("`Caller` (X-1)"));
        let not_token = token_ref("Elf Knight").check(&library).expect("no token");
        assert_eq!(not_token.code(), "not-a-token");
    }

    #[test]
    fn an_evolved_card_finds_its_base_in_the_library() {
        let base = OutsideRef::new(
            OutsideRefKind::EvolvedBase,
            "Elf Knight".to_owned(),
            ("a.txt", Span::new(0, 4), 1, 1),
            "`Elf Knight (Evolved)` (X-2)",
        );
        let mut library = CardNames::new();
        library.add("Elf Knight (Evolved)", false, true);
        assert_eq!(
            base.check(&library).map(|d| d.code()),
            Some("evolved-without-base")
        );
        library.add("Elf Knight", false, false);
        assert_eq!(base.check(&library), None);
    }
}
