//! `to` clauses (spec §5.1 step 4, §6): target mode and filter, target
//! word only, or nothing, with the checks that a mode fits the effect.

use crate::ast::ToClause;
use crate::diagnostics::{NameKind, Problem};
use crate::filters::parse_filter;
use crate::ir::{Selection, Stat, Target};
use crate::lower::CardCtx;
use crate::names::{self, TARGETS};
use crate::span::Piece;

/// `to <Target> <Filter...>`: the target (default `Self`) and the rest of
/// the line as the filter.
pub(super) fn selection(to: Option<ToClause<'_>>, cx: &mut CardCtx) -> Option<Selection> {
    let Some(to) = to else {
        return Some(Selection {
            target: Target::This,
            filter: cx.pools.empty_filter(),
        });
    };
    let (word, rest) = to.rest.split_word();
    let target = if word.is_empty() {
        Target::This
    } else {
        resolve_target(word, cx)?
    };
    let filter_text = rest.trim();
    if target.ignores_filter() && !filter_text.is_empty() {
        cx.sink.report(
            filter_text.span(),
            Problem::FilterIgnoredByTarget {
                target: target.name(),
                filter: filter_text.text.to_owned(),
            },
        );
    }
    let filter = parse_filter(filter_text, &mut cx.expr());
    Some(Selection { target, filter })
}

fn resolve_target(word: Piece<'_>, cx: &mut CardCtx) -> Option<Target> {
    let target = names::resolve(
        TARGETS,
        word,
        NameKind::Target,
        "a target mode such as `Self`, `TargetOpponentCard` or `AllPlayerCards`",
        &mut cx.sink,
    )?;
    if target == Target::TargetOpponentCardsDivided {
        cx.sink.report(
            word.span(),
            Problem::InternalTarget {
                target: target.name(),
            },
        );
    }
    Some(target)
}

/// `to <Target>` for effects that take a target word only: one further
/// word is ignored (with a warning), more is an error.
pub(super) fn target_only(to: Option<ToClause<'_>>, cx: &mut CardCtx) -> Option<Target> {
    let Some(to) = to else {
        return Some(Target::This);
    };
    let words = to.rest.words();
    let target = match words.first() {
        Some(word) => resolve_target(*word, cx)?,
        None => Target::This,
    };
    if let Some(extra) = words.get(1) {
        cx.sink.report(
            extra.span(),
            Problem::IgnoredWord {
                word: extra.text.to_owned(),
            },
        );
    }
    if let Some(extra) = words.get(2) {
        cx.sink.report(
            extra.span(),
            Problem::UnexpectedText {
                found: extra.text.to_owned(),
                expected: "the end of the clause: this effect takes only a target word",
            },
        );
        return None;
    }
    Some(target)
}

/// A target for player-level effects (`DrawCard`, `DiscardHand`, ...).
pub(super) fn player_target(
    to: Option<ToClause<'_>>,
    effect: Piece<'_>,
    cx: &mut CardCtx,
) -> Option<Target> {
    let target = target_only(to, cx)?;
    if !target.is_player() {
        cx.sink.report(
            to.map_or(effect.span(), |to| to.rest.span()),
            Problem::TargetMismatch {
                effect: effect.text.to_owned(),
                target: target.name(),
                problem: "selects cards, but only `Self`, `Leader`, `Opponent`, `OpponentLeader`, `AllPlayers` and `AllLeaders` are read",
            },
        );
    }
    Some(target)
}

pub(super) fn check_stat_target(stat: Stat, target: Target, effect: Piece<'_>, cx: &mut CardCtx) {
    if stat.is_player_stat() && !target.is_player() {
        cx.sink.report(
            effect.span(),
            Problem::TargetMismatch {
                effect: effect.text.to_owned(),
                target: target.name(),
                problem: "selects cards, but player stats (`PP`, `MaxPP`, `EP`) need a player target",
            },
        );
    }
}

/// `to X` on an effect that takes no target: the first word is ignored
/// (with a warning), further words are an error.
pub(super) fn ignored_to(to: ToClause<'_>, effect: Piece<'_>, cx: &mut CardCtx) {
    let words = to.rest.words();
    cx.sink.report(
        to.to
            .span()
            .to(words.first().map_or(to.to.span(), |w| w.span())),
        Problem::IgnoredTarget {
            effect: effect.text.to_owned(),
            word: words.first().map_or("", |w| w.text).to_owned(),
        },
    );
    if let Some(extra) = words.get(1) {
        cx.sink.report(
            extra.span(),
            Problem::UnexpectedText {
                found: extra.text.to_owned(),
                expected: "the end of the clause: this effect takes no target",
            },
        );
    }
}
