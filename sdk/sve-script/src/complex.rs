//! ComplexEffect scripts (spec §5.10): one statement per line.
//!
//! ```text
//! let <var> = <expression>
//! perform <AbilityName> [{ amount = <text> }]
//! performCostless <AbilityName> [{ amount = <text> }]
//! performIf <value> then <AbilityName> [else <AbilityName>]
//! ```
//!
//! Variables are text macros in the peer. Here a variable bound to plain
//! text is expanded at compile time (naive substring replacement, in
//! definition order, as the peer does), and a variable bound at run time
//! (`revealTopDeck.getValue(...)`, `payCost(...).movedCardsCount`) becomes a
//! slot: its name is replaced by `$<slot>`, which the value parser reads as
//! [`crate::ir::ValueNode::Var`]. Replacement is applied to expression text
//! only (the right side of `let`, `amount = ...`, the `performIf`
//! condition), never to ability names.

use crate::diagnostics::{NameKind, Problem, Sink};
use crate::ir::{ComplexStep, PayResult, ValueId};
use crate::lower::CardCtx;
use crate::names::report_unknown;
use crate::pools::ExprCtx;
use crate::span::{Piece, Span, find_closing};
use crate::values::parse_value;

const STATEMENTS: &[&str] = &["let", "perform", "performCostless", "performIf"];

/// Lowers a ComplexEffect script into steps. `None` after an error.
pub(crate) fn lower_complex(script: Piece<'_>, cx: &mut CardCtx) -> Option<Vec<ComplexStep>> {
    let mut lowering = Lowering {
        vars: Vec::new(),
        next_slot: 0,
        steps: Vec::new(),
        failed: false,
    };
    let mut start = 0;
    for (idx, byte) in script
        .text
        .bytes()
        .enumerate()
        .chain([(script.text.len(), b'\n')])
    {
        if byte == b'\n' {
            let line = script.slice(start, idx).trim();
            start = idx + 1;
            if !line.is_empty() {
                lowering.statement(line, cx);
            }
        }
    }
    if lowering.steps.is_empty() && !lowering.failed {
        cx.sink.syntax(
            script.span(),
            "empty ComplexEffect script: expected `perform <ability>` or `let <var> = ...` lines",
        );
        return None;
    }
    (!lowering.failed).then_some(lowering.steps)
}

struct Lowering {
    /// Variables and what their name expands to.
    vars: Vec<(String, String)>,
    next_slot: u32,
    steps: Vec<ComplexStep>,
    failed: bool,
}

impl Lowering {
    fn statement(&mut self, line: Piece<'_>, cx: &mut CardCtx) {
        let (keyword, rest) = line.split_word();
        let rest = rest.trim();
        match keyword.text.to_ascii_lowercase().as_str() {
            "let" => self.let_statement(line, rest, cx),
            "perform" => self.perform(line, rest, false, cx),
            "performcostless" => self.perform(line, rest, true, cx),
            "performif" => self.perform_if(line, rest, cx),
            _ => {
                report_unknown(
                    &mut cx.sink,
                    keyword,
                    NameKind::ComplexStatement,
                    "`let`, `perform`, `performCostless` or `performIf`",
                    STATEMENTS.iter().copied(),
                );
                self.failed = true;
            }
        }
    }

    fn let_statement(&mut self, line: Piece<'_>, rest: Piece<'_>, cx: &mut CardCtx) {
        let Some(eq) = rest.text.find('=') else {
            cx.sink
                .syntax(line.span(), "expected `let <name> = <expression>`");
            self.failed = true;
            return;
        };
        let name = rest.upto(eq).trim();
        let expression = rest.from(eq + 1).trim();
        if name.is_empty() || name.text.contains(char::is_whitespace) {
            cx.sink
                .syntax(line.span(), "expected one variable name after `let`");
            self.failed = true;
            return;
        }
        let lower = expression.text.to_ascii_lowercase();
        if lower.starts_with("revealtopdeck.getvalue(") {
            let open = "revealTopDeck.getValue".len();
            let Some(close) = find_closing(expression.text, open, b'(', b')') else {
                cx.sink.report(
                    expression.span(),
                    Problem::Unbalanced {
                        open: '(',
                        close: ')',
                    },
                );
                self.failed = true;
                return;
            };
            let inner = expression.slice(open + 1, close);
            let Some(value) = self.value(inner, line.span(), cx) else {
                self.failed = true;
                return;
            };
            let var = self.bind(name.text);
            self.steps.push(ComplexStep::RevealTopValue { var, value });
        } else if lower.starts_with("paycost(") {
            let open = "payCost".len();
            let Some(close) = find_closing(expression.text, open, b'(', b')') else {
                cx.sink.report(
                    expression.span(),
                    Problem::Unbalanced {
                        open: '(',
                        close: ')',
                    },
                );
                self.failed = true;
                return;
            };
            let ability_name = expression.slice(open + 1, close).trim().unquote();
            let field = expression.from(close + 1).trim();
            let result = match field.text {
                ".movedCardsCount" => PayResult::MovedCards,
                ".removedCountersCount" => PayResult::RemovedCounters,
                _ => {
                    cx.sink.report(
                        field.span(),
                        Problem::UnexpectedText {
                            found: field.text.to_owned(),
                            expected: "`.movedCardsCount` or `.removedCountersCount`",
                        },
                    );
                    self.failed = true;
                    return;
                }
            };
            let ability = cx.resolve_ability(ability_name);
            let var = self.bind(name.text);
            if let Some(ability) = ability {
                self.steps.push(ComplexStep::PayCost {
                    var,
                    ability,
                    result,
                });
            }
        } else {
            let text = self.expand(expression.text);
            self.vars.retain(|(existing, _)| existing != name.text);
            self.vars.push((name.text.to_owned(), text));
        }
    }

    fn perform(&mut self, line: Piece<'_>, rest: Piece<'_>, costless: bool, cx: &mut CardCtx) {
        let (name, block) = match rest.text.find('{') {
            Some(open) => (rest.upto(open).trim(), Some(rest.from(open))),
            None => (rest, None),
        };
        let name = name.unquote();
        if name.is_empty() {
            cx.sink
                .syntax(line.span(), "expected an ability name after `perform`");
            self.failed = true;
            return;
        }
        let amount = match block {
            Some(block) => match self.amount_block(block, line.span(), cx) {
                Some(amount) => Some(amount),
                None => {
                    self.failed = true;
                    return;
                }
            },
            None => None,
        };
        if let Some(ability) = cx.resolve_ability(name) {
            self.steps.push(ComplexStep::Perform {
                ability,
                amount,
                costless,
            });
        }
    }

    /// `{ amount = <text> }`
    fn amount_block(&mut self, block: Piece<'_>, line: Span, cx: &mut CardCtx) -> Option<ValueId> {
        let Some(close) = find_closing(block.text, 0, b'{', b'}') else {
            cx.sink.report(
                Span::new(block.offset, block.offset + 1),
                Problem::Unbalanced {
                    open: '{',
                    close: '}',
                },
            );
            return None;
        };
        let trailing = block.from(close + 1).trim();
        if !trailing.is_empty() {
            cx.sink.report(
                trailing.span(),
                Problem::UnexpectedText {
                    found: trailing.text.to_owned(),
                    expected: "the end of the line after `}`",
                },
            );
            return None;
        }
        let inner = block.slice(1, close).trim();
        let (key, rest) = inner.split_word();
        let rest = rest.trim();
        let value_text = match (key.text, rest.text.strip_prefix('=')) {
            ("amount", Some(_)) => rest.from(1),
            _ => match key.text.strip_prefix("amount=") {
                Some(_) => key.from("amount=".len()),
                None => {
                    cx.sink.report(
                        inner.span(),
                        Problem::UnexpectedText {
                            found: inner.text.to_owned(),
                            expected: "`amount = <value>`",
                        },
                    );
                    return None;
                }
            },
        };
        self.value(value_text, line, cx)
    }

    fn perform_if(&mut self, line: Piece<'_>, rest: Piece<'_>, cx: &mut CardCtx) {
        let words = rest.words();
        let then_at = words
            .iter()
            .position(|w| w.text.eq_ignore_ascii_case("then"));
        let Some(then_at) = then_at.filter(|&at| at > 0) else {
            cx.sink.syntax(
                line.span(),
                "expected `performIf <value> then <ability> [else <ability>]`",
            );
            self.failed = true;
            return;
        };
        let else_at = words
            .iter()
            .position(|w| w.text.eq_ignore_ascii_case("else"));
        let condition_text = rest.upto(words[then_at].offset - rest.offset);
        let join = |slice: &[Piece<'_>]| -> Option<(String, Span)> {
            let first = slice.first()?;
            let last = slice.last()?;
            let text: Vec<&str> = slice.iter().map(|w| w.text).collect();
            Some((
                text.join(" ").replace('"', ""),
                first.span().to(last.span()),
            ))
        };
        let then_words = match else_at {
            Some(else_at) if else_at > then_at => &words[then_at + 1..else_at],
            _ => &words[then_at + 1..],
        };
        let else_words = match else_at {
            Some(else_at) if else_at > then_at => &words[else_at + 1..],
            _ => &[][..],
        };
        let Some(condition) = self.value(condition_text, line.span(), cx) else {
            self.failed = true;
            return;
        };
        let Some((then_name, then_span)) = join(then_words) else {
            cx.sink
                .syntax(line.span(), "expected an ability name after `then`");
            self.failed = true;
            return;
        };
        let then = cx.resolve_ability(Piece::new(&then_name, then_span.start as usize));
        let otherwise = match join(else_words) {
            Some((name, span)) => cx.resolve_ability(Piece::new(&name, span.start as usize)),
            None => None,
        };
        self.steps.push(ComplexStep::PerformIf {
            condition,
            then,
            otherwise,
        });
    }

    /// Expands variables in `text` and parses it as a value. Problems in
    /// expanded text point at the whole line (positions inside it no longer
    /// match the source).
    fn value(&mut self, text: Piece<'_>, line: Span, cx: &mut CardCtx) -> Option<ValueId> {
        let expanded = self.expand(text.text);
        if expanded == text.text {
            let mut expr = ExprCtx {
                allow_vars: true,
                ..cx.expr()
            };
            return parse_value(text, &mut expr);
        }
        let mut sink = Sink::default();
        let result = {
            let mut expr = ExprCtx {
                pools: &mut cx.pools,
                sink: &mut sink,
                depth: 0,
                allow_vars: true,
                declared: cx.declared,
            };
            parse_value(Piece::new(&expanded, text.offset), &mut expr)
        };
        for mut item in sink.items {
            item.span = line;
            cx.sink.items.push(item);
        }
        result
    }

    fn expand(&self, text: &str) -> String {
        let mut out = text.to_owned();
        for (name, value) in &self.vars {
            if !name.is_empty() {
                out = out.replace(name.as_str(), value);
            }
        }
        out
    }

    /// Binds `name` to a new run-time slot.
    fn bind(&mut self, name: &str) -> u32 {
        let slot = self.next_slot;
        self.next_slot += 1;
        self.vars.retain(|(existing, _)| existing != name);
        self.vars.push((name.to_owned(), format!("${slot}")));
        slot
    }
}
