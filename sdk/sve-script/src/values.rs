//! Value functions (spec §9): tiny integer expressions for amounts,
//! conditions and cost amounts.
//!
//! An expression is `left [op right]`: exactly one operator per bracket
//! level, no precedence, an empty left operand is 0 and an empty right one
//! is 1 (so `o` is "1 with Overflow, else 0" and `2c(3)4` is "4 with Combo 3,
//! else 2"). Text after the right operand is ignored by the peer
//! (`f(FX)N` is `f(FX)`); here it is also reported. Brackets group: `[3s(10)6]s(15)9`.
//!
//! Letters mean different things here and in filters (§8): in a value
//! `p(...)` counts the opponent's field and `C` is your Combo.

use crate::diagnostics::Problem;
use crate::filters::parse_filter;
use crate::ir::{BinaryOp, CondTest, Count, ValueId, ValueNode};
use crate::names::{self, TURN_STATS};
use crate::pools::ExprCtx;
use crate::span::{Piece, Span, find_closing};

/// A parsed condition: the value and whether it had the `<<` prefix.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ParsedCondition {
    pub value: ValueId,
    pub on_event: bool,
    pub prefix_span: Option<Span>,
}

/// Parses a whole value. `None` after reporting an error.
pub(crate) fn parse_value(text: Piece<'_>, ctx: &mut ExprCtx<'_>) -> Option<ValueId> {
    let text = text.trim();
    if text.text.starts_with("m(")
        && find_closing(text.text, 1, b'(', b')') == Some(text.text.len() - 1)
    {
        ctx.sink.report(text.span(), Problem::RangeOutsideCount);
        return Some(ctx.pools.int(0));
    }
    parse_expr(text, ctx)
}

/// Parses a condition, with the optional `<<` prefix (spec §4.6).
pub(crate) fn parse_condition(text: Piece<'_>, ctx: &mut ExprCtx<'_>) -> Option<ParsedCondition> {
    let text = text.trim();
    if text.text.starts_with("<<") {
        let value = parse_value(text.from(2), ctx)?;
        return Some(ParsedCondition {
            value,
            on_event: true,
            prefix_span: Some(text.upto(2).span()),
        });
    }
    let value = parse_value(text, ctx)?;
    Some(ParsedCondition {
        value,
        on_event: false,
        prefix_span: None,
    })
}

/// Parses a count: `m(min,max)` or a single value (spec §5.3 "Count").
pub(crate) fn parse_count(text: Piece<'_>, ctx: &mut ExprCtx<'_>) -> Option<Count> {
    let text = text.trim();
    if text.text.starts_with("m(") {
        let Some(close) = find_closing(text.text, 1, b'(', b')') else {
            ctx.sink.report(
                Span::new(text.offset + 1, text.offset + 2),
                Problem::Unbalanced {
                    open: '(',
                    close: ')',
                },
            );
            return None;
        };
        let args = crate::args::split_args(text.slice(2, close));
        let [min, max] = args.as_slice() else {
            ctx.sink
                .syntax(text.span(), "expected two values in `m(min,max)`");
            return None;
        };
        let min = parse_expr(*min, ctx)?;
        let max = parse_expr(*max, ctx)?;
        report_trailing(text.from(close + 1), ctx);
        return Some(Count::Between { min, max });
    }
    parse_expr(text, ctx).map(Count::Exactly)
}

/// `left [op right]` over the whole piece; trailing text is reported.
fn parse_expr(text: Piece<'_>, ctx: &mut ExprCtx<'_>) -> Option<ValueId> {
    if !ctx.enter(text.span()) {
        return None;
    }
    let result = parse_expr_inner(text.trim(), ctx);
    ctx.leave();
    result
}

fn parse_expr_inner(text: Piece<'_>, ctx: &mut ExprCtx<'_>) -> Option<ValueId> {
    let mut cursor = Cursor { text, pos: 0 };
    let left = side(&mut cursor, ctx)?;
    cursor.skip_spaces();
    if cursor.at_end() {
        return Some(left.unwrap_or_else(|| ctx.pools.int(0)));
    }
    let Some(op) = operator(&mut cursor, ctx)? else {
        report_trailing(cursor.rest(), ctx);
        return Some(left.unwrap_or_else(|| ctx.pools.int(0)));
    };
    cursor.skip_spaces();
    let right = side(&mut cursor, ctx)?;
    cursor.skip_spaces();
    report_trailing(cursor.rest(), ctx);
    let left = left.unwrap_or_else(|| ctx.pools.int(0));
    let right = right.unwrap_or_else(|| ctx.pools.int(1));
    Some(ctx.pools.value(match op {
        Op::Binary(op) => ValueNode::Binary { op, left, right },
        Op::Cond(test) => ValueNode::Cond { test, left, right },
    }))
}

fn report_trailing(rest: Piece<'_>, ctx: &mut ExprCtx<'_>) {
    let rest = rest.trim();
    if !rest.is_empty() {
        ctx.sink.report(
            rest.span(),
            Problem::TrailingValueText {
                text: rest.text.to_owned(),
            },
        );
    }
}

enum Op {
    Binary(BinaryOp),
    Cond(CondTest),
}

struct Cursor<'a> {
    text: Piece<'a>,
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.text.as_bytes().get(self.pos).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.text.text.as_bytes().get(self.pos + ahead).copied()
    }

    fn at_end(&self) -> bool {
        self.pos >= self.text.text.len()
    }

    fn skip_spaces(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r' | b'\n')) {
            self.pos += 1;
        }
    }

    fn rest(&self) -> Piece<'a> {
        self.text.from(self.pos)
    }

    fn span_from(&self, start: usize) -> Span {
        Span::new(self.text.offset + start, self.text.offset + self.pos)
    }

    /// With the cursor on a letter followed by `(`, returns the inside of
    /// the parentheses and moves past the `)`.
    fn parenthesised(&mut self, ctx: &mut ExprCtx<'_>) -> Option<Piece<'a>> {
        let open = self.pos + 1;
        let Some(close) = find_closing(self.text.text, open, b'(', b')') else {
            ctx.sink.report(
                Span::new(self.text.offset + open, self.text.offset + open + 1),
                Problem::Unbalanced {
                    open: '(',
                    close: ')',
                },
            );
            return None;
        };
        let inner = self.text.slice(open + 1, close);
        self.pos = close + 1;
        Some(inner)
    }

    /// Reads an unsigned integer literal.
    fn integer(&mut self, ctx: &mut ExprCtx<'_>) -> Option<i32> {
        let start = self.pos;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.pos += 1;
        }
        let digits = &self.text.text[start..self.pos];
        match digits.parse::<i32>() {
            Ok(value) => Some(value),
            Err(_) => {
                ctx.sink.report(
                    self.span_from(start),
                    Problem::BadNumber {
                        found: digits.to_owned(),
                        expected: "a number that fits in 32 bits",
                    },
                );
                None
            }
        }
    }
}

/// `[expr]` or an operand. `Ok(None)`-like empty operands are `Some(None)`.
fn side(cursor: &mut Cursor<'_>, ctx: &mut ExprCtx<'_>) -> Option<Option<ValueId>> {
    if cursor.peek() == Some(b'[') {
        let Some(close) = find_closing(cursor.text.text, cursor.pos, b'[', b']') else {
            ctx.sink.report(
                Span::new(
                    cursor.text.offset + cursor.pos,
                    cursor.text.offset + cursor.pos + 1,
                ),
                Problem::Unbalanced {
                    open: '[',
                    close: ']',
                },
            );
            return None;
        };
        let inner = cursor.text.slice(cursor.pos + 1, close);
        cursor.pos = close + 1;
        return parse_expr(inner, ctx).map(Some);
    }
    operand(cursor, ctx)
}

fn starts_operand(byte: Option<u8>, next: Option<u8>) -> bool {
    match byte {
        Some(b'0'..=b'9' | b'C' | b'H' | b'L' | b'A' | b'D' | b'P' | b'_' | b'$') => true,
        Some(b'r' | b'f' | b'x' | b'y' | b'p' | b'#') => next == Some(b'('),
        _ => false,
    }
}

/// `[-] (INT | Dynamic)` or nothing.
fn operand(cursor: &mut Cursor<'_>, ctx: &mut ExprCtx<'_>) -> Option<Option<ValueId>> {
    let start = cursor.pos;
    let negative =
        cursor.peek() == Some(b'-') && starts_operand(cursor.peek_at(1), cursor.peek_at(2));
    if negative {
        cursor.pos += 1;
    }
    let Some(byte) = cursor.peek() else {
        return Some(None);
    };
    let next = cursor.peek_at(1);
    let node = match byte {
        b'0'..=b'9' => {
            let value = cursor.integer(ctx)?;
            let value = if negative { -value } else { value };
            return Some(Some(ctx.pools.int(value)));
        }
        b'C' => {
            cursor.pos += 1;
            ValueNode::Combo
        }
        b'H' => {
            if next == Some(b'(') {
                let inner = cursor.parenthesised(ctx)?;
                ValueNode::HandCount(Some(parse_filter(inner, ctx)))
            } else {
                cursor.pos += 1;
                ValueNode::HandCount(None)
            }
        }
        b'L' => {
            cursor.pos += 1;
            ValueNode::LeaderDefense
        }
        b'A' => {
            cursor.pos += 1;
            ValueNode::ThisAttack
        }
        b'D' => {
            cursor.pos += 1;
            ValueNode::ThisDefense
        }
        b'P' => {
            cursor.pos += 1;
            ValueNode::ThisCost
        }
        b'_' => {
            cursor.pos += 1;
            ValueNode::Amount
        }
        b'$' if ctx.allow_vars => {
            cursor.pos += 1;
            let slot = cursor.integer(ctx)?;
            ValueNode::Var(u32::try_from(slot).unwrap_or(0))
        }
        b'r' if next == Some(b'(') => {
            let inner = cursor.parenthesised(ctx)?;
            ValueNode::ThisCounters(names::counter(inner.trim(), ctx.sink, ctx.declared)?)
        }
        b'f' | b'x' | b'y' | b'p' if next == Some(b'(') => {
            let inner = cursor.parenthesised(ctx)?;
            let filter = parse_filter(inner, ctx);
            match byte {
                b'f' => ValueNode::CountField(filter),
                b'x' => ValueNode::CountEx(filter),
                b'y' => ValueNode::CountCemetery(filter),
                _ => ValueNode::CountOpponentField(filter),
            }
        }
        b'#' if next == Some(b'(') => {
            let inner = cursor.parenthesised(ctx)?;
            turn_stat(inner, ctx)?
        }
        _ => {
            cursor.pos = start;
            return Some(None);
        }
    };
    let id = ctx.pools.value(node);
    if negative {
        return Some(Some(ctx.pools.value(ValueNode::Neg(id))));
    }
    Some(Some(id))
}

/// `#(stat[, filter])`. Unknown statistics read as 0, with a warning.
fn turn_stat(inner: Piece<'_>, ctx: &mut ExprCtx<'_>) -> Option<ValueNode> {
    let args = crate::args::split_args(inner);
    let stat_text = args.first().copied().unwrap_or(inner).trim();
    if stat_text.text == "X" && args.len() <= 1 {
        return Some(ValueNode::PaidX);
    }
    let filter = args.get(1).map(|text| parse_filter(*text, ctx));
    match names::lookup(TURN_STATS, stat_text.text) {
        Some(stat) => Some(ValueNode::TurnStat { stat, filter }),
        None => {
            let help = crate::suggest::did_you_mean(stat_text.text, names::spellings(TURN_STATS));
            ctx.sink.report_with_help(
                stat_text.span(),
                Problem::Fallback {
                    what: "turn statistic",
                    found: stat_text.text.to_owned(),
                    used: "0",
                },
                help,
            );
            Some(ValueNode::Int(0))
        }
    }
}

/// A conditional or arithmetic operator, `None` if the cursor is not on one.
fn operator(cursor: &mut Cursor<'_>, ctx: &mut ExprCtx<'_>) -> Option<Option<Op>> {
    let Some(byte) = cursor.peek() else {
        return Some(None);
    };
    let next = cursor.peek_at(1);
    let binary = |op| Some(Some(Op::Binary(op)));
    let simple = match byte {
        b'+' => Some(BinaryOp::Add),
        b'-' => Some(BinaryOp::Sub),
        b'*' => Some(BinaryOp::Mul),
        b'/' => Some(BinaryOp::Div),
        b'%' => Some(BinaryOp::Rem),
        b'=' => Some(BinaryOp::Eq),
        b'>' => Some(BinaryOp::Gt),
        b'<' => Some(BinaryOp::Lt),
        b'|' => Some(BinaryOp::Or),
        b'&' => Some(BinaryOp::And),
        _ => None,
    };
    if let Some(op) = simple {
        cursor.pos += 1;
        return binary(op);
    }
    let test = match byte {
        b'o' => {
            cursor.pos += 1;
            CondTest::Overflow
        }
        b'g' => {
            cursor.pos += 1;
            CondTest::Sanguine
        }
        b't' => {
            cursor.pos += 1;
            CondTest::YourTurn
        }
        b'c' | b's' | b'n' if next == Some(b'(') => {
            let start = cursor.pos;
            let inner = cursor.parenthesised(ctx)?.trim();
            let Ok(threshold) = inner.text.parse::<i32>() else {
                ctx.sink.report(
                    if inner.is_empty() {
                        cursor.span_from(start)
                    } else {
                        inner.span()
                    },
                    Problem::BadNumber {
                        found: inner.text.to_owned(),
                        expected: "a whole number (the threshold)",
                    },
                );
                return None;
            };
            match byte {
                b'c' => CondTest::Combo(threshold),
                b's' => CondTest::Spellchain(threshold),
                _ => CondTest::Necrocharge(threshold),
            }
        }
        b'~' if next == Some(b'(') => {
            let inner = cursor.parenthesised(ctx)?;
            CondTest::ThisMatches(parse_filter(inner, ctx))
        }
        b'?' if next == Some(b'(') => {
            let inner = cursor.parenthesised(ctx)?;
            CondTest::Positive(parse_expr(inner, ctx)?)
        }
        _ => return Some(None),
    };
    Some(Some(Op::Cond(test)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::Sink;
    use crate::ir::{Card, CardType, Class, SourceRef};
    use crate::pools::Pools;
    use expect_test::{Expect, expect};

    /// Parses a value and prints it back through the IR dump, plus codes of
    /// any diagnostics.
    fn check(input: &str, expect: Expect) {
        let mut pools = Pools::default();
        let mut sink = Sink::default();
        let declared = crate::declared::Declarations::default();
        let mut ctx = ExprCtx::new(&mut pools, &mut sink, &declared);
        let parsed = parse_condition(Piece::new(input, 0), &mut ctx);
        let mut out = match parsed {
            Some(parsed) => {
                let card = card_with(pools, parsed.value);
                let prefix = if parsed.on_event { "<<" } else { "" };
                let dump = card.dump();
                let line = dump
                    .lines()
                    .find(|line| line.trim_start().starts_with("condition: "))
                    .unwrap_or("")
                    .trim()
                    .trim_start_matches("condition: ")
                    .to_owned();
                format!("{prefix}{line}")
            }
            None => "error".to_owned(),
        };
        for item in &sink.items {
            out.push_str(&format!(" [{}]", item.problem.code()));
        }
        expect.assert_eq(&out);
    }

    fn card_with(pools: Pools, value: ValueId) -> Card {
        use crate::ir::{Ability, AbilityKind, Condition, ConditionTiming, Effect, Trigger};
        Card {
            id: "T".into(),
            id_en: None,
            name: "T".into(),
            class: Class::Neutral,
            universe: None,
            card_type: CardType::Follower,
            traits: vec![],
            rarity: None,
            cost: None,
            attack: None,
            defense: None,
            evolve_cost: None,
            keywords: vec![],
            counters: vec![],
            is_token: false,
            text: String::new(),
            abilities: vec![Ability {
                name: "Fanfare".into(),
                kind: AbilityKind::Triggered,
                trigger: Trigger::Fanfare,
                trigger_filter: None,
                condition: Some(Condition {
                    value,
                    timing: ConditionTiming::OnResolve,
                }),
                costs: vec![],
                effect: Effect::ExtraTurn,
                line: 1,
            }],
            spell_ability: None,
            values: pools.values,
            filters: pools.filters,
            source: SourceRef::default(),
        }
    }

    #[test]
    fn literals_and_operands() {
        check("3", expect!["3"]);
        check("-1", expect!["-1"]);
        check("p(#F)", expect!["p(F!k(Aura))"]);
        check("f()", expect!["f()"]);
        check("H(S)", expect!["H(S)"]);
        check("-x()", expect!["-x()"]);
        check("5-x()", expect!["5-x()"]);
        check("r(StackCounter)", expect!["r(Stack)"]);
        check("#(destroyed,F)", expect!["#(destroyed,F)"]);
        check("_", expect!["_"]);
    }

    #[test]
    fn empty_operands_default_to_zero_and_one() {
        check("o", expect!["0o1"]);
        check("c(3)", expect!["0c(3)1"]);
        check("2c(3)4", expect!["2c(3)4"]);
        check("1?(#(destroyed,F)>0)4", expect!["1?(#(destroyed,F)>0)4"]);
        check("3~(EF)4", expect!["3~(EF)4"]);
    }

    #[test]
    fn brackets_group_and_spaces_are_allowed_around_operators() {
        check("[3s(10)6]s(15)9", expect!["[3s(10)6]s(15)9"]);
        check("L < 7", expect!["L<7"]);
        check("#(spellsPlayed) = 0", expect!["#(spellsPlayed)=0"]);
        check("p() > 2", expect!["p()>2"]);
        check("[f(XF)=0]&[p(#F)]", expect!["[f(XF)=0]&p(F!k(Aura))"]);
        check("<<[#(spellsPlayed) = 3]", expect!["<<#(spellsPlayed)=3"]);
    }

    #[test]
    fn trailing_text_and_odd_forms_are_reported() {
        check("f(FX)N", expect!["f(FX) [trailing-value-text]"]);
        check("m(1,2)", expect!["0 [range-outside-count]"]);
        check("#(nope)", expect!["0 [fallback]"]);
        check("[1", expect!["error [unbalanced]"]);
        check("99999999999", expect!["error [bad-number]"]);
        check("c(x)", expect!["error [bad-number]"]);
        check("$1", expect!["0 [trailing-value-text]"]);
    }

    #[test]
    fn counts_accept_ranges() {
        let mut pools = Pools::default();
        let mut sink = Sink::default();
        let declared = crate::declared::Declarations::default();
        let mut ctx = ExprCtx::new(&mut pools, &mut sink, &declared);
        let count = parse_count(Piece::new("m(0, 2)", 0), &mut ctx);
        assert!(matches!(count, Some(Count::Between { .. })));
        let count = parse_count(Piece::new("2", 0), &mut ctx);
        assert!(matches!(count, Some(Count::Exactly(_))));
        assert!(sink.items.is_empty());
    }

    #[test]
    fn deep_brackets_are_an_error_not_a_crash() {
        let input = "[".repeat(300) + &"]".repeat(300);
        check(&input, expect!["error [syntax]"]);
    }
}
