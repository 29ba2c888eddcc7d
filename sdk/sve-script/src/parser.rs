//! From statements to the syntax tree: groups statements into cards (a card
//! starts at `name`, spec §1.3), reads ability headers (§4.1), splits bodies
//! into clauses (§4.3), effect calls into name, arguments and `to` clause
//! (§5.1) and cost clauses into items (§7).
//!
//! Syntax errors are reported to the sink of the card they belong to, so
//! the caller can reject just that card. Statements before the first card
//! are reported to the file sink.

use crate::args::split_args;
use crate::ast::{
    AbilityAst, CardAst, ClauseAst, ClauseKind, CostItemAst, EffectCallAst, HeaderAst, ToClause,
};
use crate::diagnostics::{NameKind, Problem, Sink};
use crate::lexer::{HeaderKey, Stmt};
use crate::names::report_unknown;
use crate::span::{Piece, Span, find_closing};

/// A card and the problems found while parsing it.
pub(crate) struct ParsedCard<'a> {
    pub ast: CardAst<'a>,
    pub sink: Sink,
}

/// The clause keywords of spec §4.3 (case-sensitive).
pub(crate) const CLAUSE_KEYWORDS: &[&str] = &[
    "effect",
    "cost",
    "costs",
    "condition",
    "filter",
    "moves",
    "text",
];

/// Groups statements into cards and parses their abilities. Problems the
/// lexer reported inside a card (from its `name` to the next card's) are
/// moved to that card, so that card alone is rejected.
pub(crate) fn parse_cards<'a>(stmts: Vec<Stmt<'a>>, file_sink: &mut Sink) -> Vec<ParsedCard<'a>> {
    let mut cards = group_cards(stmts, file_sink);
    let starts: Vec<u32> = cards
        .iter()
        .map(|card| card.ast.keyword.span().start)
        .collect();
    let lexed = std::mem::take(&mut file_sink.items);
    for item in lexed {
        // `starts` is ascending: the owner is the last card starting at or
        // before the problem.
        let after = starts.partition_point(|&start| start <= item.span.start);
        let owner = after.checked_sub(1);
        match owner.and_then(|idx| cards.get_mut(idx)) {
            Some(card) => card.sink.items.push(item),
            None => file_sink.items.push(item),
        }
    }
    cards
}

fn group_cards<'a>(stmts: Vec<Stmt<'a>>, file_sink: &mut Sink) -> Vec<ParsedCard<'a>> {
    let mut cards: Vec<ParsedCard<'a>> = Vec::new();
    for stmt in stmts {
        match stmt {
            Stmt::Header {
                key: HeaderKey::Name,
                keyword,
                value,
            } => cards.push(ParsedCard {
                ast: CardAst {
                    keyword,
                    name: value,
                    headers: Vec::new(),
                    serves: Vec::new(),
                    abilities: Vec::new(),
                },
                sink: Sink::default(),
            }),
            other => {
                let Some(card) = cards.last_mut() else {
                    let keyword = match &other {
                        Stmt::Header { keyword, .. }
                        | Stmt::Serve { keyword, .. }
                        | Stmt::Ability { keyword, .. } => *keyword,
                    };
                    file_sink.report(
                        keyword.span(),
                        Problem::OutsideCard {
                            keyword: keyword.text.to_owned(),
                        },
                    );
                    continue;
                };
                match other {
                    Stmt::Header {
                        key,
                        keyword,
                        value,
                    } => card.ast.headers.push(HeaderAst {
                        key,
                        keyword,
                        value,
                    }),
                    Stmt::Serve { list, .. } => card.ast.serves.push(list),
                    Stmt::Ability {
                        keyword,
                        header,
                        body,
                    } => {
                        let ability = parse_ability(keyword, header, body, &mut card.sink);
                        card.ast.abilities.push(ability);
                    }
                }
            }
        }
    }
    cards
}

fn parse_ability<'a>(
    keyword: Piece<'a>,
    header: Piece<'a>,
    body: Piece<'a>,
    sink: &mut Sink,
) -> AbilityAst<'a> {
    let words = header.words();
    let trigger = words
        .first()
        .copied()
        .unwrap_or(Piece::new("", header.offset));
    if trigger.is_empty() {
        sink.report(
            Span::at(header.offset),
            Problem::UnexpectedText {
                found: "{".into(),
                expected: "a trigger word such as `Fanfare` after `ability`",
            },
        );
    }
    let mut name = None;
    if let Some(second) = words.get(1) {
        if second.text == "name" {
            let name_words = &words[2..];
            let joined: Vec<&str> = name_words.iter().map(|w| w.text).collect();
            let text = joined.join(" ").replace('"', "");
            match (name_words.first(), name_words.last()) {
                (Some(first), Some(last)) if !text.trim().is_empty() => {
                    name = Some((text.trim().to_owned(), first.span().to(last.span())));
                }
                _ => sink.report(
                    Span::at(second.end()),
                    Problem::UnexpectedText {
                        found: "{".into(),
                        expected: "an ability name after `name`",
                    },
                ),
            }
        } else {
            let rest_span = second
                .span()
                .to(words.last().map_or(second.span(), |w| w.span()));
            sink.report(
                rest_span,
                Problem::BadAbilityHeader {
                    found: second.text.to_owned(),
                },
            );
        }
    }
    let errors_before = sink.items.len();
    let clauses = parse_clauses(body, sink);
    let had_bad_clause = sink.has_errors_since(errors_before);
    AbilityAst {
        keyword,
        trigger,
        name,
        clauses,
        had_bad_clause,
    }
}

fn parse_clauses<'a>(body: Piece<'a>, sink: &mut Sink) -> Vec<ClauseAst<'a>> {
    let mut clauses = Vec::new();
    let mut start = 0;
    let text = body.text;
    let mut pieces = Vec::new();
    for (idx, byte) in text.bytes().enumerate() {
        if byte == b';' {
            pieces.push(body.slice(start, idx));
            start = idx + 1;
        }
    }
    pieces.push(body.from(start));
    for piece in pieces {
        let piece = piece.trim();
        if piece.is_empty() {
            continue;
        }
        if let Some(clause) = parse_clause(piece, sink) {
            clauses.push(clause);
        }
    }
    clauses
}

fn parse_clause<'a>(piece: Piece<'a>, sink: &mut Sink) -> Option<ClauseAst<'a>> {
    let (keyword, rest) = piece.split_word();
    let arg = rest.trim();
    let expected = match keyword.text {
        "effect" => "Effect(...)",
        "cost" | "costs" => "(Cost, ...)",
        "condition" => "value",
        "filter" => "filter",
        "moves" => "<zones> to <zones>",
        "text" => "text",
        _ => {
            report_unknown(
                sink,
                keyword,
                NameKind::Clause,
                "`effect`, `cost`, `condition`, `filter` or `moves`",
                CLAUSE_KEYWORDS.iter().copied(),
            );
            return None;
        }
    };
    if keyword.text == "text" {
        sink.report(piece.span(), Problem::LegacyTextClause);
        return Some(ClauseAst {
            keyword,
            kind: ClauseKind::Text,
        });
    }
    if arg.is_empty() {
        sink.report(
            keyword.span(),
            Problem::EmptyClause {
                clause: keyword.text.to_owned(),
                expected,
            },
        );
        return None;
    }
    let kind = match keyword.text {
        "effect" => ClauseKind::Effect(parse_effect_call(arg, sink)?),
        "cost" | "costs" => ClauseKind::Cost(parse_cost_items(arg, sink)?),
        "condition" => ClauseKind::Condition(arg),
        "moves" => ClauseKind::Moves(arg),
        _ => ClauseKind::Filter(arg),
    };
    Some(ClauseAst { keyword, kind })
}

/// `Name(args) [to ...]` (spec §5.1 steps 1–3).
pub(crate) fn parse_effect_call<'a>(text: Piece<'a>, sink: &mut Sink) -> Option<EffectCallAst<'a>> {
    let Some(open) = text.text.find('(') else {
        let name = text.split_word().0;
        sink.report(
            name.span(),
            Problem::MissingParen {
                effect: name.text.to_owned(),
            },
        );
        return None;
    };
    let name = text.upto(open).trim();
    let Some(close) = find_closing(text.text, open, b'(', b')') else {
        sink.report(
            Span::new(text.offset + open, text.offset + open + 1),
            Problem::Unbalanced {
                open: '(',
                close: ')',
            },
        );
        return None;
    };
    let args_text = text.slice(open + 1, close);
    let args = split_args(args_text);
    let rest = text.from(close + 1).trim();
    let to = if rest.is_empty() {
        None
    } else {
        let (word, after) = rest.split_word();
        if word.text != "to" {
            sink.report(
                rest.span(),
                Problem::UnexpectedText {
                    found: rest.text.to_owned(),
                    expected: "`to <target> <filter>` or the end of the clause after the arguments",
                },
            );
            return None;
        }
        Some(ToClause {
            to: word,
            rest: after.trim(),
        })
    };
    Some(EffectCallAst {
        name,
        args_text,
        args,
        to,
    })
}

/// `(item), (item) ...`: items in parentheses separated by commas and/or
/// whitespace (spec §7).
fn parse_cost_items<'a>(text: Piece<'a>, sink: &mut Sink) -> Option<Vec<CostItemAst<'a>>> {
    let mut items = Vec::new();
    let bytes = text.text.as_bytes();
    let mut idx = 0;
    while idx < bytes.len() {
        let byte = bytes[idx];
        if byte.is_ascii_whitespace() || byte == b',' {
            idx += 1;
            continue;
        }
        if byte != b'(' {
            let junk = text.from(idx).split_word().0;
            sink.report(
                junk.span(),
                Problem::UnexpectedText {
                    found: junk.text.to_owned(),
                    expected: "`(` to start a cost item such as `(PP, 1)` or `(EngageSelf)`",
                },
            );
            return None;
        }
        let Some(close) = find_closing(text.text, idx, b'(', b')') else {
            sink.report(
                Span::new(text.offset + idx, text.offset + idx + 1),
                Problem::Unbalanced {
                    open: '(',
                    close: ')',
                },
            );
            return None;
        };
        let inner = text.slice(idx + 1, close);
        items.push(CostItemAst {
            span: Span::new(text.offset + idx, text.offset + close + 1),
            args: split_args(inner),
        });
        idx = close + 1;
    }
    Some(items)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexer::lex;

    fn parse(source: &str) -> (Vec<ParsedCard<'_>>, Sink) {
        let mut sink = Sink::default();
        let stmts = lex(source, &mut sink);
        let cards = parse_cards(stmts, &mut sink);
        (cards, sink)
    }

    #[test]
    fn cards_start_at_name_and_collect_statements() {
        let (cards, sink) = parse(
            "id X;\nname A;\nid A-1;\nability Fanfare { effect Draw(1); }\nname B;\nserve;\n",
        );
        assert_eq!(sink.items.len(), 1, "`id X` before any card");
        assert_eq!(cards.len(), 2);
        assert_eq!(cards[0].ast.name.text, "A");
        assert_eq!(cards[0].ast.headers.len(), 1);
        assert_eq!(cards[0].ast.abilities.len(), 1);
        assert_eq!(cards[1].ast.serves.len(), 1);
    }

    #[test]
    fn ability_names_join_words_and_drop_quotes() {
        let (cards, _) = parse(
            "name A;\nability Act name \"Give +1/+1\" {\n effect Draw(1);\n}\nability Spell name Earth   Rite { effect Draw(1); }",
        );
        let names: Vec<_> = cards[0]
            .ast
            .abilities
            .iter()
            .map(|a| a.name.clone().map(|(n, _)| n))
            .collect();
        assert_eq!(
            names,
            [Some("Give +1/+1".into()), Some("Earth Rite".into())]
        );
    }

    #[test]
    fn junk_in_an_ability_header_is_an_error() {
        let (cards, _) = parse("name A;\nability Fanfare now { effect Draw(1); }");
        assert_eq!(cards[0].sink.items[0].problem.code(), "bad-ability-header");
    }

    #[test]
    fn effect_calls_split_into_name_arguments_and_to_clause() {
        let mut sink = Sink::default();
        let call = parse_effect_call(
            Piece::new("DealDamage(2c(3)4) to TargetOpponentCard Kn(Forest Bat)", 0),
            &mut sink,
        );
        let Some(call) = call else {
            panic!("no call: {:?}", sink.items)
        };
        assert_eq!(call.name.text, "DealDamage");
        assert_eq!(call.args.len(), 1);
        assert_eq!(
            call.to.map(|t| t.rest.text),
            Some("TargetOpponentCard Kn(Forest Bat)")
        );
    }

    #[test]
    fn effect_call_errors() {
        for (input, code) in [
            ("Draw", "missing-parenthesis"),
            ("Draw(1", "unbalanced"),
            ("Draw(1) from Self", "unexpected-text"),
        ] {
            let mut sink = Sink::default();
            assert!(parse_effect_call(Piece::new(input, 0), &mut sink).is_none());
            assert_eq!(sink.items[0].problem.code(), code, "{input}");
        }
    }

    #[test]
    fn cost_items_are_parenthesised_argument_lists() {
        let mut sink = Sink::default();
        let items = parse_cost_items(
            Piece::new("(PP, 1), (EngageSelf) (Discard, 1, S)", 0),
            &mut sink,
        );
        let items = items.unwrap_or_default();
        let names: Vec<_> = items.iter().map(|item| item.args[0].text).collect();
        assert_eq!(names, ["PP", "EngageSelf", "Discard"]);
        assert!(parse_cost_items(Piece::new("PP, 1", 0), &mut sink).is_none());
    }

    #[test]
    fn unknown_clause_keywords_get_suggestions() {
        let (cards, _) = parse("name A;\nability Fanfare { efect Draw(1); Effect Draw(1); }");
        let problems = &cards[0].sink.items;
        assert_eq!(problems[0].help.as_deref(), Some("did you mean `effect`?"));
        assert_eq!(problems[1].help.as_deref(), Some("did you mean `effect`?"));
    }
}
