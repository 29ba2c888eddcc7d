//! Card filters (spec §8): `F`, `Ft(Pixie)X`, `Fp(m(0,2))`, `!St(Umamusume)`.
//!
//! The filter is scanned left to right. `!` negates the next item only; the
//! shortcuts `#F` (`F!k(Aura)`), `#a` (`!k(Aura)`) and `#e` (`k(Evolve)`)
//! expand to their items; flag letters are one character; parameter letters
//! take a balanced `(...)`. Like the peer, any other character is skipped,
//! so `1` is an empty filter and `Amulet` reads as `A` — but this compiler
//! warns about it. Each kind of item may appear once (the peer crashes on
//! duplicates; here it is an error).
//!
//! Letters mean different things here and in value functions (§9): in a
//! filter `p(...)` is the play-point cost and `C` is "racing".

use crate::diagnostics::{Problem, Sink};
use crate::ir::{Choose, Filter, FilterId, FilterItem, FilterTest, IntRange, Keyword};
use crate::names::{self, KeywordOrCounter};
use crate::pools::ExprCtx;
use crate::span::{Piece, Span, find_closing};

/// Parses a filter into the pool. Problems go to the sink; the filter
/// returned then holds the items that could be read.
pub(crate) fn parse_filter(text: Piece<'_>, ctx: &mut ExprCtx<'_>) -> FilterId {
    let text = text.trim();
    if !ctx.enter(text.span()) {
        return ctx.pools.empty_filter();
    }
    let filter = FilterScanner {
        text,
        pos: 0,
        negate: None,
        junk: None,
        seen: Vec::new(),
        filter: Filter::default(),
    }
    .run(ctx);
    ctx.leave();
    ctx.pools.filter(filter)
}

struct FilterScanner<'a> {
    text: Piece<'a>,
    pos: usize,
    /// Offset of a pending `!`.
    negate: Option<usize>,
    /// Start of a run of skipped characters.
    junk: Option<usize>,
    /// Item letters seen so far (duplicates are errors).
    seen: Vec<char>,
    filter: Filter,
}

const FLAGS: &str = "FSAEKXRNC";
const PARAMS: &str = "ntkrcadep|mi#";

impl FilterScanner<'_> {
    fn run(mut self, ctx: &mut ExprCtx<'_>) -> Filter {
        let text = self.text.text;
        while let Some(ch) = text[self.pos..].chars().next() {
            let at = self.pos;
            let next = text[at + ch.len_utf8()..].chars().next();
            if ch.is_whitespace() {
                self.flush_junk(ctx.sink);
                self.pos += ch.len_utf8();
                continue;
            }
            if ch == '!' {
                self.flush_junk(ctx.sink);
                if let Some(previous) = self.negate {
                    // `!!` reads as one `!`, as in the peer.
                    self.negate = Some(previous);
                } else {
                    self.negate = Some(at);
                }
                self.pos += 1;
                continue;
            }
            if ch == '#' && matches!(next, Some('F' | 'a' | 'e')) {
                self.flush_junk(ctx.sink);
                let span = Span::new(self.text.offset + at, self.text.offset + at + 2);
                match next {
                    Some('F') => {
                        self.push(ctx.sink, 'F', span, FilterItem::Follower, false);
                        self.push(
                            ctx.sink,
                            'k',
                            span,
                            FilterItem::Keyword(Keyword::Aura),
                            true,
                        );
                    }
                    Some('a') => {
                        self.push(
                            ctx.sink,
                            'k',
                            span,
                            FilterItem::Keyword(Keyword::Aura),
                            true,
                        );
                    }
                    _ => {
                        self.push(
                            ctx.sink,
                            'k',
                            span,
                            FilterItem::Keyword(Keyword::Evolve),
                            false,
                        );
                    }
                }
                self.pos += 2;
                continue;
            }
            if FLAGS.contains(ch) {
                self.flush_junk(ctx.sink);
                let span = Span::new(self.text.offset + at, self.text.offset + at + 1);
                let item = match ch {
                    'F' => FilterItem::Follower,
                    'S' => FilterItem::Spell,
                    'A' => FilterItem::Amulet,
                    'E' => FilterItem::Evolved,
                    'K' => FilterItem::Token,
                    'X' => FilterItem::NotSource,
                    'R' => FilterItem::Reserved,
                    'N' => FilterItem::Engaged,
                    _ => FilterItem::Racing,
                };
                self.push(ctx.sink, ch, span, item, false);
                self.pos += 1;
                continue;
            }
            if PARAMS.contains(ch) && next == Some('(') {
                self.flush_junk(ctx.sink);
                let open = at + 1;
                let Some(close) = find_closing(text, open, b'(', b')') else {
                    ctx.sink.report(
                        Span::new(self.text.offset + open, self.text.offset + open + 1),
                        Problem::Unbalanced {
                            open: '(',
                            close: ')',
                        },
                    );
                    self.negate = None;
                    self.pos = text.len();
                    break;
                };
                let inner = self.text.slice(open + 1, close);
                let span = Span::new(self.text.offset + at, self.text.offset + close + 1);
                self.param(ch, inner, span, ctx);
                self.pos = close + 1;
                continue;
            }
            if self.junk.is_none() {
                self.junk = Some(at);
            }
            self.pos += ch.len_utf8();
        }
        self.flush_junk(ctx.sink);
        if let Some(at) = self.negate {
            let offset = self.text.offset + at;
            ctx.sink
                .report(Span::new(offset, offset + 1), Problem::DanglingNegation);
        }
        self.filter
    }

    fn flush_junk(&mut self, sink: &mut Sink) {
        if let Some(start) = self.junk.take() {
            let junk = self.text.slice(start, self.pos);
            sink.report(
                junk.span(),
                Problem::JunkInFilter {
                    junk: junk.text.to_owned(),
                },
            );
        }
    }

    /// Adds a test, applying a pending `!` (and `extra_negation` for the
    /// shortcuts' own `!`).
    fn push(
        &mut self,
        sink: &mut Sink,
        key: char,
        span: Span,
        item: FilterItem,
        extra_negation: bool,
    ) {
        let negated = self.negate.take().is_some() || extra_negation;
        if !self.mark_seen(sink, key, span) {
            return;
        }
        self.filter.tests.push(FilterTest { negated, item });
    }

    fn mark_seen(&mut self, sink: &mut Sink, key: char, span: Span) -> bool {
        if self.seen.contains(&key) {
            sink.report(
                span,
                Problem::DuplicateFilterItem {
                    item: key.to_string(),
                },
            );
            return false;
        }
        self.seen.push(key);
        true
    }

    fn param(&mut self, letter: char, inner: Piece<'_>, span: Span, ctx: &mut ExprCtx<'_>) {
        match letter {
            'm' | '|' | 'i' => {
                if let Some(at) = self.negate.take() {
                    let offset = self.text.offset + at;
                    ctx.sink.report(
                        Span::new(offset, offset + 1),
                        Problem::NegatedNonTest { item: letter },
                    );
                }
                if letter == 'i' {
                    ctx.sink.report(span, Problem::InternalFilterItem);
                    return;
                }
                if !self.mark_seen(ctx.sink, letter, span) {
                    return;
                }
                if letter == 'm' {
                    if let Some(choose) = choose(inner, ctx.sink) {
                        self.filter.choose = Some(choose);
                    }
                } else {
                    self.filter.alternative = Some(parse_filter(inner, ctx));
                }
            }
            _ => {
                let item = match letter {
                    'n' => name_item(inner, span, ctx.sink),
                    't' => traits_item(inner, span, ctx.sink),
                    'k' => keyword_item(inner, ctx.sink, ctx.declared),
                    'r' => counters_item(inner, ctx.sink, ctx.declared),
                    'c' => Some(class_item(inner, ctx.sink)),
                    'a' => range(inner, ctx.sink).map(FilterItem::Attack),
                    'd' => range(inner, ctx.sink).map(FilterItem::Defense),
                    'e' => range(inner, ctx.sink).map(FilterItem::EvolveCost),
                    'p' => cost_item(inner, ctx.sink),
                    _ => turns_on_field(inner, ctx.sink),
                };
                match item {
                    Some(item) => self.push(ctx.sink, letter, span, item, false),
                    None => {
                        self.negate = None;
                    }
                }
            }
        }
    }
}

/// Collapses runs of whitespace to one space, as the peer's re-joining of
/// `to` words does.
fn collapse_spaces(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What `n(...)` holds to match the name `DeclareCardName()` declared.
const DECLARED_NAME: &str = "#Declared";

fn name_item(inner: Piece<'_>, span: Span, sink: &mut Sink) -> Option<FilterItem> {
    let name = collapse_spaces(inner.trim().unquote().text);
    if name.is_empty() {
        sink.syntax(span, "expected a card name inside `n(...)`");
        return None;
    }
    // `#` starts no card name: `n(#Declared)` is the name declared earlier
    // in the ability (later-sets §12.11).
    if name == DECLARED_NAME {
        return Some(FilterItem::DeclaredName);
    }
    Some(FilterItem::Name(name))
}

fn traits_item(inner: Piece<'_>, span: Span, sink: &mut Sink) -> Option<FilterItem> {
    let traits: Vec<String> = inner
        .text
        .split(',')
        .map(|t| collapse_spaces(t.trim().trim_matches('"')))
        .filter(|t| !t.is_empty())
        .collect();
    if traits.is_empty() {
        sink.syntax(span, "expected at least one trait inside `t(...)`");
        return None;
    }
    Some(FilterItem::Traits(traits))
}

fn keyword_item(
    inner: Piece<'_>,
    sink: &mut Sink,
    declared: &crate::declared::Declarations,
) -> Option<FilterItem> {
    // A keyword the pack declares (`k(Overheat)`) is one too: the runtime
    // asks the host whether the card has it by its name.
    match names::keyword_or_counter(inner.trim(), sink, declared)? {
        KeywordOrCounter::Keyword(keyword) => Some(FilterItem::Keyword(keyword)),
        KeywordOrCounter::Counter(counter) => Some(FilterItem::Counters {
            counter,
            at_least: 1,
        }),
    }
}

fn counters_item(
    inner: Piece<'_>,
    sink: &mut Sink,
    declared: &crate::declared::Declarations,
) -> Option<FilterItem> {
    let args = crate::args::split_args(inner);
    let Some(name) = args.first() else {
        sink.syntax(inner.span(), "expected a counter name inside `r(...)`");
        return None;
    };
    let counter = names::counter(*name, sink, declared)?;
    let at_least = match args.get(1) {
        Some(n) if !n.is_empty() => literal_u32(*n, sink)?,
        _ => 1,
    };
    Some(FilterItem::Counters { counter, at_least })
}

fn class_item(inner: Piece<'_>, sink: &mut Sink) -> FilterItem {
    let text = inner.trim();
    match names::class(text.text) {
        Some(class) => FilterItem::Class(class),
        None => {
            sink.report(
                text.span(),
                Problem::Fallback {
                    what: "class",
                    found: text.text.to_owned(),
                    used: "a text match on the class name",
                },
            );
            FilterItem::ClassContains(text.text.to_ascii_lowercase())
        }
    }
}

fn turns_on_field(inner: Piece<'_>, sink: &mut Sink) -> Option<FilterItem> {
    let args = crate::args::split_args(inner);
    let stat = args.first().copied().unwrap_or(inner);
    if stat.text != "turnsOnField" {
        names::report_unknown(
            sink,
            stat,
            crate::diagnostics::NameKind::TurnStat,
            "`turnsOnField` (the only statistic a filter can test)",
            ["turnsOnField"],
        );
        return None;
    }
    let range_value = match args.get(1) {
        Some(text) if !text.is_empty() => range(*text, sink)?,
        _ => IntRange { min: 0, max: 0 },
    };
    Some(FilterItem::TurnsOnField(range_value))
}

/// `p(v)`, where `v` may also be `m(min,X)`: up to the X paid for the
/// ability's `[costX]` (later-sets §1.3).
fn cost_item(inner: Piece<'_>, sink: &mut Sink) -> Option<FilterItem> {
    let text = inner.trim();
    if let Some(args) = text
        .text
        .strip_prefix("m(")
        .and_then(|rest| rest.strip_suffix(')'))
        && let Some((min, max)) = args.split_once(',')
        && max.trim() == "X"
    {
        let min_piece = text.slice(2, 2 + min.len());
        return literal_i32(min_piece, sink).map(|min| FilterItem::CostUpToX { min });
    }
    range(inner, sink).map(FilterItem::Cost)
}

/// `m(min,max)` or a single integer.
fn range(inner: Piece<'_>, sink: &mut Sink) -> Option<IntRange> {
    let inner = inner.trim();
    if let Some(rest) = inner.text.strip_prefix("m(") {
        let close = find_closing(inner.text, 1, b'(', b')');
        if close != Some(inner.text.len() - 1) || rest.is_empty() {
            sink.syntax(inner.span(), "expected `m(min,max)` or a number");
            return None;
        }
        let args = crate::args::split_args(inner.slice(2, inner.text.len() - 1));
        let [min, max] = args.as_slice() else {
            sink.syntax(inner.span(), "expected two numbers in `m(min,max)`");
            return None;
        };
        let min = literal_i32(*min, sink)?;
        let max = literal_i32(*max, sink)?;
        return Some(IntRange { min, max });
    }
    let value = literal_i32(inner, sink)?;
    Some(IntRange {
        min: value,
        max: value,
    })
}

fn choose(inner: Piece<'_>, sink: &mut Sink) -> Option<Choose> {
    let args = crate::args::split_args(inner);
    let [min, max] = args.as_slice() else {
        sink.syntax(inner.span(), "expected two numbers in `m(min,max)`");
        return None;
    };
    Some(Choose {
        min: literal_u32(*min, sink)?,
        max: literal_u32(*max, sink)?,
    })
}

pub(crate) fn literal_i32(text: Piece<'_>, sink: &mut Sink) -> Option<i32> {
    let trimmed = text.trim();
    match trimmed.text.parse::<i32>() {
        Ok(value) => Some(value),
        Err(_) => {
            sink.report(
                trimmed.span(),
                Problem::BadNumber {
                    found: trimmed.text.to_owned(),
                    expected: "a whole number",
                },
            );
            None
        }
    }
}

pub(crate) fn literal_u32(text: Piece<'_>, sink: &mut Sink) -> Option<u32> {
    let trimmed = text.trim();
    match trimmed.text.parse::<u32>() {
        Ok(value) => Some(value),
        Err(_) => {
            sink.report(
                trimmed.span(),
                Problem::BadNumber {
                    found: trimmed.text.to_owned(),
                    expected: "a whole number of at least 0",
                },
            );
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pools::Pools;

    /// Parses a filter and prints its items and the diagnostics codes.
    fn check(input: &str) -> String {
        let mut pools = Pools::default();
        let mut sink = Sink::default();
        let declared = crate::declared::Declarations::default();
        let mut ctx = ExprCtx::new(&mut pools, &mut sink, &declared);
        let id = parse_filter(Piece::new(input, 0), &mut ctx);
        let mut out = format!(
            "{:?}",
            pools
                .filters
                .get(id.0 as usize)
                .map(|f| (&f.tests, f.alternative, f.choose))
        );
        for item in &sink.items {
            out.push_str(&format!(" [{}]", item.problem.code()));
        }
        out
    }

    #[test]
    fn flags_params_and_negation() {
        let out = check("Ft(Pixie, Elf)X!n(Anne, Belle of  Mysteria)");
        assert!(out.contains("Follower"), "{out}");
        assert!(out.contains("Traits([\"Pixie\", \"Elf\"])"), "{out}");
        assert!(
            out.contains("negated: true, item: Name(\"Anne, Belle of Mysteria\")"),
            "{out}"
        );
        assert!(!out.contains(" ["), "{out}");
    }

    #[test]
    fn shortcuts_expand() {
        let out = check("#F");
        assert!(out.contains("negated: false, item: Follower"), "{out}");
        assert!(out.contains("negated: true, item: Keyword(Aura)"), "{out}");
        assert!(check("#e").contains("Keyword(Evolve)"));
        assert!(check("#a").contains("negated: true, item: Keyword(Aura)"));
    }

    #[test]
    fn corpus_junk_is_skipped_with_a_warning() {
        let out = check("1");
        assert!(out.starts_with("Some(([], None, None))"), "{out}");
        assert!(out.ends_with("[junk-in-filter]"), "{out}");
        let out = check("Amulet");
        assert!(out.contains("Amulet"), "{out}");
        assert!(out.ends_with("[junk-in-filter]"), "{out}");
    }

    #[test]
    fn ranges_choice_and_alternatives() {
        let out = check("Fp(m(0,2))m(1,2)");
        assert!(out.contains("Cost(IntRange { min: 0, max: 2 })"), "{out}");
        assert!(out.contains("Some(Choose { min: 1, max: 2 })"), "{out}");
        let out = check("A|(t(Umamusume))");
        assert!(out.contains("Some(FilterId(0))"), "{out}");
        let out = check("d(3)");
        assert!(
            out.contains("Defense(IntRange { min: 3, max: 3 })"),
            "{out}"
        );
    }

    #[test]
    fn duplicates_and_errors() {
        assert!(check("FF").ends_with("[duplicate-filter-item]"));
        assert!(check("#Fk(Ward)").ends_with("[duplicate-filter-item]"));
        assert!(check("n(Forest").ends_with("[unbalanced]"));
        assert!(check("k(Wardd)").ends_with("[unknown-keyword]"));
        assert!(check("p(x)").ends_with("[bad-number]"));
        assert!(check("F!").ends_with("[dangling-negation]"));
        assert!(check("c(Sword)").contains("Class(Sword)"));
        assert!(check("c(craft)").ends_with("[fallback]"));
        assert!(check("r(StackCounter,2)").contains("at_least: 2"));
        assert!(check("k(Stack)").contains("Counters"));
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let input = "|(".repeat(500) + &")".repeat(500);
        assert!(check(&input).contains("[syntax]"));
    }
}
