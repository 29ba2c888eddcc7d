//! Cost items (spec §7): `(PP, 1)`, `(EngageSelf)`, `(Discard, 1, S)`,
//! `(SendToCemetery, TargetPlayerCard, Fm(2,2))`, `(EarthRite)`, ...
//!
//! `(Lesson, n)` (THE IDOLM@STER CINDERELLA GIRLS, later-sets §3.2, CR
//! 14.3.2) is written out here as what it means: banish exactly n cards
//! named Magical Item from your EX area, `(Banish, TargetPlayerCardEx,
//! n(Magical Item)m(n,n))`; so it needs no IR of its own.
//!
//! `(Fuse, n[, filter])` and `(FuseUpTo, n[, filter])` (later-sets §9, CR
//! 12.18) fuse n, or 1 to n, matching cards; the runtime makes the `Act`
//! ability that pays one work in the hand.
//!
//! Whether costs are mandatory or optional depends on the ability kind; that
//! is decided by the runtime from [`crate::ir::AbilityKind`].

use crate::ast::CostItemAst;
use crate::diagnostics::{NameKind, Problem};
use crate::filters::parse_filter;
use crate::ir::{Cost, Count, FilterId, Selection, Target};
use crate::lower::CardCtx;
use crate::names::{self, TARGETS, Table};
use crate::span::Piece;
use crate::values::{parse_count, parse_value};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum CostKind {
    PlayPoints,
    EngageSelf,
    LeaderDefense,
    Discard,
    BanishFromCemetery,
    SendToCemetery,
    ReturnToHand,
    Banish,
    RemoveCounters,
    EarthRite,
    OncePerTurn,
    Quick,
    Delayed,
    Lesson,
    UnionBurst,
    Fuse,
    FuseUpTo,
    Advanced,
    Ride,
    SkipNextTurn,
}

const COSTS: Table<CostKind> = &[
    ("PP", CostKind::PlayPoints),
    ("EngageSelf", CostKind::EngageSelf),
    ("LeaderDefense", CostKind::LeaderDefense),
    ("LeaderDef", CostKind::LeaderDefense),
    ("Discard", CostKind::Discard),
    ("BanishFromCemetery", CostKind::BanishFromCemetery),
    ("SendToCemetery", CostKind::SendToCemetery),
    ("ReturnToHand", CostKind::ReturnToHand),
    ("Banish", CostKind::Banish),
    ("RemoveCounters", CostKind::RemoveCounters),
    ("EarthRite", CostKind::EarthRite),
    ("OncePerTurn", CostKind::OncePerTurn),
    ("Quick", CostKind::Quick),
    ("Delayed", CostKind::Delayed),
    ("Lesson", CostKind::Lesson),
    ("UnionBurst", CostKind::UnionBurst),
    ("Fuse", CostKind::Fuse),
    ("FuseUpTo", CostKind::FuseUpTo),
    ("Advanced", CostKind::Advanced),
    ("Ride", CostKind::Ride),
    ("SkipNextTurn", CostKind::SkipNextTurn),
];

/// The name of the token a Lesson banishes.
const MAGICAL_ITEM: &str = "Magical Item";

/// Target modes a card-moving cost can use.
const COST_TARGETS: &[Target] = &[
    Target::This,
    Target::TargetPlayerCard,
    Target::TargetPlayerCardEx,
    Target::AllPlayerCards,
    Target::AllPlayerCardsEx,
    Target::AllPlayerCardsFieldAndEx,
];

/// Lowers one cost item. `None` after an error.
pub(crate) fn lower_cost(item: &CostItemAst<'_>, cx: &mut CardCtx) -> Option<Cost> {
    let Some(name) = item.args.first().copied().filter(|name| !name.is_empty()) else {
        cx.sink.syntax(
            item.span,
            "empty cost item: expected `(PP, n)`, `(EngageSelf)`, ...",
        );
        return None;
    };
    let kind = names::resolve(
        COSTS,
        name,
        NameKind::Cost,
        "a cost such as `PP`, `EngageSelf`, `Discard`, `SendToCemetery` or `OncePerTurn`",
        &mut cx.sink,
    )?;
    let rest = item.args.get(1..).unwrap_or(&[]);
    let arg = |idx: usize| rest.get(idx).copied().filter(|piece| !piece.is_empty());
    let used;
    let cost = match kind {
        CostKind::PlayPoints if arg(0).is_some_and(|piece| piece.trim().text == "X") => {
            used = 1;
            Cost::PlayPointsX
        }
        CostKind::PlayPoints | CostKind::LeaderDefense | CostKind::EarthRite => {
            used = 1;
            let value = value_or_one(arg(0), cx)?;
            match kind {
                CostKind::PlayPoints => Cost::PlayPoints(value),
                CostKind::LeaderDefense => Cost::LeaderDefense(value),
                _ => Cost::EarthRite(value),
            }
        }
        CostKind::EngageSelf
        | CostKind::OncePerTurn
        | CostKind::Quick
        | CostKind::Delayed
        | CostKind::UnionBurst
        | CostKind::Advanced
        | CostKind::Ride
        | CostKind::SkipNextTurn => {
            used = 0;
            match kind {
                CostKind::EngageSelf => Cost::EngageSelf,
                CostKind::OncePerTurn => Cost::OncePerTurn,
                CostKind::Delayed => Cost::Delayed,
                CostKind::UnionBurst => Cost::UnionBurst,
                CostKind::Advanced => Cost::Advanced,
                CostKind::Ride => Cost::Ride,
                CostKind::SkipNextTurn => Cost::SkipNextTurn,
                _ => Cost::Quick,
            }
        }
        CostKind::Fuse | CostKind::FuseUpTo => {
            used = 2;
            Cost::Fuse {
                count: value_or_one(arg(0), cx)?,
                up_to: kind == CostKind::FuseUpTo,
                filter: filter_or_empty(arg(1), cx),
            }
        }
        CostKind::Discard | CostKind::BanishFromCemetery => {
            used = 2;
            let count = value_or_one(arg(0), cx)?;
            let filter = filter_or_empty(arg(1), cx);
            if kind == CostKind::Discard {
                Cost::Discard { count, filter }
            } else {
                Cost::BanishFromCemetery { count, filter }
            }
        }
        CostKind::SendToCemetery | CostKind::ReturnToHand | CostKind::Banish => {
            used = 2;
            let Some(target_word) = arg(0) else {
                cx.sink.report(
                    name.span(),
                    Problem::MissingArgument {
                        effect: name.text.to_owned(),
                        argument: "a target (`Self`, `TargetPlayerCard`, `AllPlayerCards`, ...)",
                    },
                );
                return None;
            };
            let selection = cost_selection(target_word, arg(1), cx)?;
            match kind {
                CostKind::SendToCemetery => Cost::SendToCemetery(selection),
                CostKind::ReturnToHand => Cost::ReturnToHand(selection),
                _ => Cost::Banish(selection),
            }
        }
        CostKind::Lesson => {
            used = 1;
            let count = match arg(0) {
                Some(text) => crate::filters::literal_u32(text, &mut cx.sink)?,
                None => 1,
            };
            let filter = cx.pools.filter(crate::ir::Filter {
                tests: vec![crate::ir::FilterTest {
                    negated: false,
                    item: crate::ir::FilterItem::Name(MAGICAL_ITEM.to_owned()),
                }],
                alternative: None,
                choose: Some(crate::ir::Choose {
                    min: count,
                    max: count,
                }),
            });
            Cost::Banish(Selection {
                target: Target::TargetPlayerCardEx,
                filter,
            })
        }
        CostKind::RemoveCounters => {
            used = 4;
            let Some(counter_word) = arg(0) else {
                cx.sink.report(
                    name.span(),
                    Problem::MissingArgument {
                        effect: name.text.to_owned(),
                        argument: "a counter (`Stack`, `Spell`, `Prayer`, `Fable` or `Fusion`)",
                    },
                );
                return None;
            };
            let counter = names::counter(counter_word, &mut cx.sink, cx.declared)?;
            let amount: Option<Count> = match arg(1) {
                Some(text) => Some(parse_count(text, &mut cx.expr())?),
                None => None,
            };
            let from = match arg(2) {
                Some(target_word) => cost_selection(target_word, arg(3), cx)?,
                None => Selection {
                    target: Target::This,
                    filter: cx.pools.empty_filter(),
                },
            };
            Cost::RemoveCounters {
                counter,
                amount,
                from,
            }
        }
    };
    for extra in rest.iter().skip(used) {
        cx.sink.report(
            extra.span(),
            Problem::ExtraArgument {
                effect: name.text.to_owned(),
                found: extra.text.to_owned(),
            },
        );
    }
    Some(cost)
}

fn value_or_one(text: Option<Piece<'_>>, cx: &mut CardCtx) -> Option<crate::ir::ValueId> {
    match text {
        Some(text) => parse_value(text, &mut cx.expr()),
        None => Some(cx.pools.int(1)),
    }
}

fn filter_or_empty(text: Option<Piece<'_>>, cx: &mut CardCtx) -> FilterId {
    match text {
        Some(text) => parse_filter(text, &mut cx.expr()),
        None => cx.pools.empty_filter(),
    }
}

fn cost_selection(
    target_word: Piece<'_>,
    filter: Option<Piece<'_>>,
    cx: &mut CardCtx,
) -> Option<Selection> {
    let target = names::resolve(
        TARGETS,
        target_word.trim(),
        NameKind::Target,
        "`Self`, `TargetPlayerCard`, `TargetPlayerCardEx` or an `AllPlayerCards...` mode",
        &mut cx.sink,
    )?;
    if !COST_TARGETS.contains(&target) {
        cx.sink.report(
            target_word.span(),
            Problem::TargetMismatch {
                effect: "this cost".into(),
                target: target.name(),
                problem: "is not one of your own cards",
            },
        );
    }
    if target == Target::This
        && let Some(filter) = filter
    {
        cx.sink.report(
            filter.span(),
            Problem::FilterIgnoredByTarget {
                target: target.name(),
                filter: filter.text.to_owned(),
            },
        );
    }
    let filter = filter_or_empty(filter, cx);
    Some(Selection { target, filter })
}
