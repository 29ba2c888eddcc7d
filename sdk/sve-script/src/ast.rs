//! The syntax tree: cards as groups of raw statements, abilities as clauses,
//! effect calls split into name, arguments and `to` clause, cost items as
//! argument lists. Every node keeps [`Piece`]s of the source so later stages
//! can point at it. Names are not resolved here and value functions and
//! filters are still text: that is lowering's job.

use crate::lexer::HeaderKey;
use crate::span::{Piece, Span};

/// One card: the statements from its `name` up to the next `name`.
#[derive(Clone, Debug)]
pub(crate) struct CardAst<'a> {
    /// The `name` keyword.
    pub keyword: Piece<'a>,
    /// The card name as written (trimmed).
    pub name: Piece<'a>,
    /// Header statements after `name`, in order.
    pub headers: Vec<HeaderAst<'a>>,
    /// `serve...` keyword lists.
    pub serves: Vec<Piece<'a>>,
    /// Abilities, in order.
    pub abilities: Vec<AbilityAst<'a>>,
}

/// `keyword value;`
#[derive(Clone, Copy, Debug)]
pub(crate) struct HeaderAst<'a> {
    pub key: HeaderKey,
    pub keyword: Piece<'a>,
    pub value: Piece<'a>,
}

/// `ability Trigger [name N] { clauses }`
#[derive(Clone, Debug)]
pub(crate) struct AbilityAst<'a> {
    /// The `ability` keyword.
    pub keyword: Piece<'a>,
    /// The trigger word (empty if missing; reported by the parser).
    pub trigger: Piece<'a>,
    /// The ability name: remaining header words joined by single spaces,
    /// every `"` removed.
    pub name: Option<(String, Span)>,
    /// Body clauses in order.
    pub clauses: Vec<ClauseAst<'a>>,
    /// Some clause could not be parsed (already reported); follow-on
    /// errors such as a missing effect are not reported again.
    pub had_bad_clause: bool,
}

/// One `;`-separated clause of an ability body.
#[derive(Clone, Debug)]
pub(crate) struct ClauseAst<'a> {
    /// The clause keyword as written.
    pub keyword: Piece<'a>,
    /// What the clause says.
    pub kind: ClauseKind<'a>,
}

#[derive(Clone, Debug)]
pub(crate) enum ClauseKind<'a> {
    /// `effect Name(args) [to ...]`
    Effect(EffectCallAst<'a>),
    /// `cost (item), (item)` / `costs ...`
    Cost(Vec<CostItemAst<'a>>),
    /// `condition <value>`
    Condition(Piece<'a>),
    /// `filter <filter>`
    Filter(Piece<'a>),
    /// `moves <zones> to <zones>[, options]` (an `OnMove` ability's)
    Moves(Piece<'a>),
    /// Legacy per-ability `text "..."`: accepted and ignored.
    Text,
}

/// `Name(args) [to words...]`
#[derive(Clone, Debug)]
pub(crate) struct EffectCallAst<'a> {
    /// The effect name (text before `(`, trimmed).
    pub name: Piece<'a>,
    /// The raw text between the parentheses (ComplexEffect scripts).
    pub args_text: Piece<'a>,
    /// The arguments, split (§5.2).
    pub args: Vec<Piece<'a>>,
    /// What follows `to`, if there is a `to`.
    pub to: Option<ToClause<'a>>,
}

/// `to <rest>`
#[derive(Clone, Copy, Debug)]
pub(crate) struct ToClause<'a> {
    /// The word `to`.
    pub to: Piece<'a>,
    /// Everything after it, trimmed (target word, filter words).
    pub rest: Piece<'a>,
}

/// `(Name, arg, ...)` in a cost clause.
#[derive(Clone, Debug)]
pub(crate) struct CostItemAst<'a> {
    /// The whole item including parentheses.
    pub span: Span,
    /// Its arguments; the first is the cost name.
    pub args: Vec<Piece<'a>>,
}
