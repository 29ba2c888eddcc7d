//! The per-card value and filter pools under construction, and the context
//! the expression parsers share (pools, diagnostics, nesting depth).

use crate::diagnostics::Sink;
use crate::ir::{Filter, FilterId, ValueId, ValueNode};
use crate::span::Span;

/// How deep `[...]`, `?(...)` and `|(...)` may nest. Deeper input is
/// reported instead of risking the stack.
pub(crate) const MAX_DEPTH: u32 = 48;

/// The pools of one card. Nodes are only ever appended, and a node is
/// appended after the nodes it refers to, which gives the ordering
/// invariants of [`crate::ir`] by construction.
#[derive(Default, Debug)]
pub(crate) struct Pools {
    pub values: Vec<ValueNode>,
    pub filters: Vec<Filter>,
}

impl Pools {
    pub fn value(&mut self, node: ValueNode) -> ValueId {
        self.values.push(node);
        ValueId(index(self.values.len() - 1))
    }

    pub fn int(&mut self, value: i32) -> ValueId {
        self.value(ValueNode::Int(value))
    }

    pub fn filter(&mut self, filter: Filter) -> FilterId {
        self.filters.push(filter);
        FilterId(index(self.filters.len() - 1))
    }

    pub fn empty_filter(&mut self) -> FilterId {
        self.filter(Filter::default())
    }
}

fn index(len: usize) -> u32 {
    u32::try_from(len).unwrap_or(u32::MAX)
}

/// What the value and filter parsers work with.
pub(crate) struct ExprCtx<'p> {
    pub pools: &'p mut Pools,
    pub sink: &'p mut Sink,
    /// Current nesting depth.
    pub depth: u32,
    /// Whether `$n` (ComplexEffect variable slots) may appear in values.
    pub allow_vars: bool,
    /// The set's declared keywords and counters (`declared.rs`).
    pub declared: &'p crate::declared::Declarations,
}

impl<'p> ExprCtx<'p> {
    pub fn new(
        pools: &'p mut Pools,
        sink: &'p mut Sink,
        declared: &'p crate::declared::Declarations,
    ) -> ExprCtx<'p> {
        ExprCtx {
            pools,
            sink,
            depth: 0,
            allow_vars: false,
            declared,
        }
    }

    /// Enters one nesting level; `false` (and an error) when too deep.
    pub fn enter(&mut self, span: Span) -> bool {
        if self.depth >= MAX_DEPTH {
            self.sink.syntax(
                span,
                format!("expression nested more than {MAX_DEPTH} levels deep"),
            );
            return false;
        }
        self.depth += 1;
        true
    }

    pub fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }
}
