//! Reading an effect call's arguments in signature order, with the
//! defaults of spec §5.3: a missing value is 1, a missing count is exactly
//! 1, a missing filter matches everything; names, keywords, stats and option
//! words are required.

use crate::diagnostics::{NameKind, Problem};
use crate::filters::parse_filter;
use crate::ir::{
    AbilityIdx, CheckAction, Count, Counter, Duration, FilterId, Keyword, Stat, ValueId,
};
use crate::lower::CardCtx;
use crate::names::{self, CHECK_ACTIONS, DURATIONS, KeywordOrCounter, STATS, Table};
use crate::span::{Piece, Span};
use crate::values::{parse_count, parse_value};

/// The most names a list of abilities keeps (spec §5.2).
const MAX_NAMES: usize = 5;

/// The arguments of one call, read in signature order.
pub(super) struct Args<'a, 'c> {
    pub effect: &'a str,
    pub name_span: Span,
    pub pieces: &'c [Piece<'a>],
    pub next: usize,
}

impl<'a> Args<'a, '_> {
    pub(super) fn has_more(&self) -> bool {
        self.next < self.pieces.len()
    }

    /// The next argument; `None` when missing or blank.
    pub(super) fn take(&mut self) -> Option<Piece<'a>> {
        let piece = self.pieces.get(self.next).copied();
        self.next += 1;
        piece.filter(|piece| !piece.is_empty())
    }

    pub(super) fn require(
        &mut self,
        argument: &'static str,
        cx: &mut CardCtx,
    ) -> Option<Piece<'a>> {
        let piece = self.take();
        if piece.is_none() {
            cx.sink.report(
                self.name_span,
                Problem::MissingArgument {
                    effect: self.effect.to_owned(),
                    argument,
                },
            );
        }
        piece
    }

    /// A value; 1 when missing.
    pub(super) fn value(&mut self, cx: &mut CardCtx) -> Option<ValueId> {
        match self.take() {
            Some(text) => parse_value(text, &mut cx.expr()),
            None => Some(cx.pools.int(1)),
        }
    }

    /// An optional value: `Some(None)` when missing, `None` on error.
    pub(super) fn opt_value(&mut self, cx: &mut CardCtx) -> Option<Option<ValueId>> {
        match self.take() {
            Some(text) => parse_value(text, &mut cx.expr()).map(Some),
            None => Some(None),
        }
    }

    /// A count; exactly 1 when missing.
    pub(super) fn count(&mut self, cx: &mut CardCtx) -> Option<Count> {
        match self.take() {
            Some(text) => parse_count(text, &mut cx.expr()),
            None => Some(Count::Exactly(cx.pools.int(1))),
        }
    }

    pub(super) fn opt_count(&mut self, cx: &mut CardCtx) -> Option<Option<Count>> {
        match self.take() {
            Some(text) => parse_count(text, &mut cx.expr()).map(Some),
            None => Some(None),
        }
    }

    /// A filter argument; empty (matches all) when missing.
    pub(super) fn filter(&mut self, cx: &mut CardCtx) -> FilterId {
        match self.take() {
            Some(text) => parse_filter(text, &mut cx.expr()),
            None => cx.pools.empty_filter(),
        }
    }

    pub(super) fn keyword(&mut self, cx: &mut CardCtx) -> Option<Keyword> {
        let text = self.require("a keyword", cx)?;
        match names::keyword_or_counter(text, &mut cx.sink, cx.declared)? {
            KeywordOrCounter::Keyword(keyword) => Some(keyword),
            KeywordOrCounter::Counter(counter) => {
                cx.sink.report(
                    text.span(),
                    Problem::CounterAsKeyword {
                        name: counter.name().to_owned(),
                    },
                );
                None
            }
        }
    }

    pub(super) fn counter(&mut self, cx: &mut CardCtx) -> Option<Counter> {
        let text = self.require("a counter (`Stack`, `Spell`, `Prayer` or `Fable`)", cx)?;
        let normalized = names::normalize_keyword(text.text);
        match names::counter_name(&normalized).or_else(|| cx.declared.counter(text.text)) {
            Some(counter) => Some(counter),
            None => {
                cx.sink.report(
                    text.span(),
                    Problem::NotACounter {
                        found: text.text.to_owned(),
                    },
                );
                None
            }
        }
    }

    pub(super) fn stat(&mut self, cx: &mut CardCtx) -> Option<Stat> {
        self.word(
            STATS,
            NameKind::Stat,
            "a stat such as `Atk`, `Def`, `AtkDef`, `Cost`, `PP` or `MaxPP`",
            cx,
        )
    }

    pub(super) fn duration(&mut self, cx: &mut CardCtx) -> Option<Duration> {
        self.word(
            DURATIONS,
            NameKind::Duration,
            "`WhileOnField` or `OpponentTurn`",
            cx,
        )
    }

    /// A required word from a table.
    pub(super) fn word<T: Copy>(
        &mut self,
        table: Table<T>,
        what: NameKind,
        expected: &'static str,
        cx: &mut CardCtx,
    ) -> Option<T> {
        let text = self.require(expected, cx)?;
        names::resolve(table, text, what, expected, &mut cx.sink)
    }

    /// A required text (trait name), whitespace collapsed.
    pub(super) fn text(&mut self, argument: &'static str, cx: &mut CardCtx) -> Option<String> {
        let text = self.require(argument, cx)?;
        Some(text.text.split_whitespace().collect::<Vec<_>>().join(" "))
    }

    /// A token card name; remembered for linking.
    pub(super) fn token(&mut self, cx: &mut CardCtx) -> Option<String> {
        let text = self.require("a token card name", cx)?;
        let name = text.text.split_whitespace().collect::<Vec<_>>().join(" ");
        cx.token_refs.push((name.clone(), text.span()));
        Some(name)
    }

    /// One ability name: `Some(None)` if it names no callable ability.
    pub(super) fn ability(&mut self, cx: &mut CardCtx) -> Option<Option<AbilityIdx>> {
        let text = self.require("an ability name", cx)?;
        Some(cx.resolve_ability(text))
    }

    /// The remaining arguments as ability names (at most 5 kept).
    pub(super) fn abilities(&mut self, cx: &mut CardCtx) -> Vec<AbilityIdx> {
        let mut found = Vec::new();
        let mut kept = 0;
        while self.has_more() {
            let Some(text) = self.take() else {
                continue;
            };
            if kept == MAX_NAMES {
                cx.sink.report(
                    text.span(),
                    Problem::ExtraArgument {
                        effect: self.effect.to_owned(),
                        found: text.text.to_owned(),
                    },
                );
                continue;
            }
            kept += 1;
            if let Some(idx) = cx.resolve_ability(text) {
                found.push(idx);
            }
        }
        found
    }

    /// Exactly six die faces; blank or `_` is "nothing".
    pub(super) fn faces(&mut self, cx: &mut CardCtx) -> Vec<Option<AbilityIdx>> {
        let mut faces = Vec::new();
        for _ in 0..6 {
            let face = match self.take() {
                Some(text) if text.text != "_" => cx.resolve_ability(text),
                _ => None,
            };
            faces.push(face);
        }
        faces
    }

    /// `CheckTop`/`RevealTop` actions (spec §5.9): at most 3.
    pub(super) fn check_actions(&mut self, cx: &mut CardCtx) -> Option<Vec<CheckAction>> {
        let mut actions = Vec::new();
        while self.has_more() {
            let Some(text) = self.take() else {
                continue;
            };
            if actions.len() == 3 {
                cx.sink.report(
                    text.span(),
                    Problem::TooManyCheckActions {
                        effect: self.effect.to_owned(),
                    },
                );
                return None;
            }
            actions.push(check_action(text, cx)?);
        }
        Some(actions)
    }

    /// Warns about arguments nobody read.
    pub(super) fn finish(self, cx: &mut CardCtx) {
        for extra in self.pieces.iter().skip(self.next) {
            cx.sink.report(
                extra.span(),
                Problem::ExtraArgument {
                    effect: self.effect.to_owned(),
                    found: extra.text.to_owned(),
                },
            );
        }
    }
}

fn check_action(text: Piece<'_>, cx: &mut CardCtx) -> Option<CheckAction> {
    let inner = if text.text.starts_with('(') && text.text.ends_with(')') && text.text.len() >= 2 {
        text.slice(1, text.text.len() - 1)
    } else {
        text
    };
    let parts = crate::args::split_args(inner);
    let Some(name) = parts.first() else {
        cx.sink
            .syntax(text.span(), "expected an action such as `(Hand, 1)`");
        return None;
    };
    let kind = names::resolve(
        CHECK_ACTIONS,
        *name,
        NameKind::CheckAction,
        "`Hand`, `Cemetery`, `Field`, `BottomDeck`, `TopOrBottomDeck`, `TopDeckAnyOrder`, `TopDeckSameOrder` or `BottomDeckAnyOrder`",
        &mut cx.sink,
    )?;
    let (filter, count) = match parts.as_slice() {
        [_] => (None, None),
        [_, count] => (None, Some(parse_count(*count, &mut cx.expr())?)),
        [_, filter, count, rest @ ..] => {
            for extra in rest {
                cx.sink.report(
                    extra.span(),
                    Problem::ExtraArgument {
                        effect: kind.name().to_owned(),
                        found: extra.text.to_owned(),
                    },
                );
            }
            let filter = parse_filter(*filter, &mut cx.expr());
            (Some(filter), Some(parse_count(*count, &mut cx.expr())?))
        }
        [] => (None, None),
    };
    Some(CheckAction {
        kind,
        filter,
        count,
    })
}
