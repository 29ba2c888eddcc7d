//! Checking and lowering one card: static facts, then each ability's
//! trigger, clauses, costs, condition and effect, then the checks that need
//! the whole card (ability names, the spell rule, derived keywords).
//!
//! Every problem is reported to the card's sink; a card with any error is
//! not emitted, but lowering goes on to find the card's other problems.

use crate::ast::{AbilityAst, ClauseKind};
use crate::costs::lower_cost;
use crate::declared::Declarations;
use crate::diagnostics::{NameKind, Problem, Sink};
use crate::effects::lower_effect;
use crate::facts::{add_keyword, lower_facts};
use crate::filters::parse_filter;
use crate::ir::{
    self, Ability, AbilityIdx, AbilityKind, CardType, Condition, ConditionTiming, Cost, Effect,
    FilterItem, Keyword, SourceRef, Target, Trigger,
};
use crate::names::{self, TRIGGERS};
use crate::parser::ParsedCard;
use crate::pools::{ExprCtx, Pools};
use crate::references::OutsideRefKind;
use crate::span::{Piece, Span};
use crate::suggest::did_you_mean;

/// The per-card state shared by the lowering functions.
pub(crate) struct CardCtx<'d> {
    pub pools: Pools,
    pub sink: Sink,
    /// The keywords the compiled set declares.
    pub declared: &'d Declarations,
    /// Name and trigger of every ability, for calls by name.
    names: Vec<(String, Option<Trigger>)>,
    /// Which abilities are called by name somewhere.
    referenced: Vec<bool>,
    /// Token names used by `SummonToken`-like effects, for linking.
    pub token_refs: Vec<(String, Span)>,
}

impl CardCtx<'_> {
    pub fn expr(&mut self) -> ExprCtx<'_> {
        ExprCtx::new(&mut self.pools, &mut self.sink, self.declared)
    }

    /// Resolves a call by name (spec §4.5): exact, case-sensitive, after
    /// trimming; the first ability with that name wins. Activated and
    /// passive abilities cannot be called. A miss is a warning and the step
    /// is skipped, as in the peer; but an effect written where the name goes
    /// (`Sequence(DrawCard(1), ...)`) is an error, since the card could
    /// never do what it says.
    pub fn resolve_ability(&mut self, name: Piece<'_>) -> Option<AbilityIdx> {
        let name = name.trim();
        let found = self
            .names
            .iter()
            .position(|(candidate, _)| candidate == name.text);
        let Some(idx) = found else {
            if let Some(effect) = inline_effect(name.text) {
                self.sink.report(
                    name.span(),
                    Problem::InlineEffect {
                        effect: effect.to_owned(),
                        found: name.text.to_owned(),
                    },
                );
                return None;
            }
            let help = did_you_mean(name.text, self.names.iter().map(|(n, _)| n.as_str()));
            self.sink.report_with_help(
                name.span(),
                Problem::UnknownAbility {
                    name: name.text.to_owned(),
                },
                help,
            );
            return None;
        };
        let kind = self
            .names
            .get(idx)
            .and_then(|(_, trigger)| trigger.map(Trigger::kind));
        if let Some(kind @ (AbilityKind::Activated | AbilityKind::Passive)) = kind {
            self.sink.report(
                name.span(),
                Problem::NotCallable {
                    name: name.text.to_owned(),
                    kind: kind.name(),
                },
            );
            return None;
        }
        if let Some(flag) = self.referenced.get_mut(idx) {
            *flag = true;
        }
        Some(AbilityIdx(u32::try_from(idx).unwrap_or(u32::MAX)))
    }
}

/// The effect name of a call written as `Effect(args)` where an ability
/// name belongs, if the word before `(` is an effect.
fn inline_effect(text: &str) -> Option<&str> {
    let (head, rest) = text.split_once('(')?;
    let head = head.trim();
    let is_effect = crate::names::lookup(crate::effects::STANDARD, head).is_some()
        || crate::names::lookup(crate::effects::PASSIVE, head).is_some();
    (is_effect && rest.trim_end().ends_with(')')).then_some(head)
}

/// A lowered card, or the reasons it was not.
pub(crate) struct LoweredCard {
    /// `None` when the card had errors.
    pub card: Option<ir::Card>,
    /// Everything reported about the card.
    pub sink: Sink,
    /// `` `name` (id) `` for messages.
    pub label: String,
    /// Token names it refers to.
    pub token_refs: Vec<(String, Span)>,
    /// References by name the set does not resolve, left for the library
    /// (filled by `link`).
    pub outside_refs: Vec<(OutsideRefKind, String, Span)>,
    /// Where its `name` statement is.
    pub name_span: Span,
    /// The card name (after the `(Evolved)` rules).
    pub name: String,
    /// The card id as written.
    pub id: String,
    /// Whether the card is a token.
    pub is_token: bool,
    /// The compiled card type.
    pub card_type: CardType,
    /// Whether it names a keyword the set declares (set by `lib.rs`).
    pub names_declared: bool,
}

/// Lowers one parsed card. `line_of` maps a byte offset to its line.
pub(crate) fn lower_card(
    parsed: ParsedCard<'_>,
    file: &str,
    line_of: &dyn Fn(usize) -> u32,
    declared: &Declarations,
) -> LoweredCard {
    let ParsedCard { ast, sink } = parsed;
    let mut cx = CardCtx {
        pools: Pools::default(),
        sink,
        declared,
        names: ast
            .abilities
            .iter()
            .map(|ability| {
                (
                    ability_name(ability),
                    names::lookup(TRIGGERS, ability.trigger.text),
                )
            })
            .collect(),
        referenced: vec![false; ast.abilities.len()],
        token_refs: Vec::new(),
    };
    let mut facts = lower_facts(&ast, &mut cx.sink, declared);
    let label = if facts.id.is_empty() {
        format!("`{}`", facts.name)
    } else {
        format!("`{}` ({})", facts.name, facts.id)
    };

    if facts.card_type == CardType::Counter
        && let Some(ability) = ast.abilities.first()
    {
        // What a counter does is written in the cards that use it.
        cx.sink.syntax(
            ability.trigger.span(),
            "a counter declaration (`type Counter;`) has no abilities: write what its counters do in the cards that put, count or remove them",
        );
    }
    let mut abilities = Vec::new();
    let equipment = facts.is_token
        && facts
            .traits
            .iter()
            .any(|t| t == crate::facts::EQUIPMENT_TRAIT);
    for ability in &ast.abilities {
        if let Some(lowered) = lower_ability(ability, &mut cx, line_of) {
            // `Equipped` and `EquippedFollower` name the follower an
            // equipment token equips: only that token's passives can
            // (later-sets §5).
            let stray = lowered
                .effect
                .selections()
                .into_iter()
                .map(|selection| selection.target)
                .find(|target| matches!(target, Target::Equipped | Target::EquippedFollower));
            if let Some(target) = stray
                && (lowered.kind != AbilityKind::Passive || !equipment)
            {
                cx.sink.report(
                    ability.trigger.span(),
                    Problem::EquippedOutsideEquipment {
                        target: target.name(),
                    },
                );
                continue;
            }
            if lowered.trigger == Trigger::OnEquipped && !equipment {
                cx.sink
                    .report(ability.trigger.span(), Problem::OnEquippedOutsideEquipment);
                continue;
            }
            abilities.push(lowered);
        }
    }
    let all_lowered = abilities.len() == ast.abilities.len();
    let spell_ability = if facts.card_type == CardType::Spell {
        ast.abilities
            .iter()
            .position(|ability| ability.trigger.text == "Spell")
            .map(|idx| AbilityIdx(u32::try_from(idx).unwrap_or(u32::MAX)))
    } else {
        None
    };
    if all_lowered {
        card_checks(
            &ast.abilities,
            &abilities,
            spell_ability,
            &mut facts,
            &mut cx,
        );
    }
    if facts.card_type == CardType::Spell && spell_ability.is_none() {
        cx.sink.report(
            ast.keyword.span().to(ast.name.span()),
            Problem::SpellWithoutSpellAbility,
        );
    }
    read_as_it_runs_checks(
        &abilities,
        &cx.pools.filters,
        ast.keyword.span().to(ast.name.span()),
        &mut cx.sink,
    );

    let name_span = ast.keyword.span().to(ast.name.span());
    let summary = (
        facts.name.clone(),
        facts.id.clone(),
        facts.is_token,
        facts.card_type,
    );
    let CardCtx {
        pools,
        sink,
        token_refs,
        ..
    } = cx;
    let card = if sink.has_errors() || !all_lowered {
        None
    } else {
        Some(ir::Card {
            abilities,
            spell_ability,
            values: pools.values,
            filters: pools.filters,
            source: SourceRef {
                file: file.to_owned(),
                line: line_of(ast.keyword.offset),
            },
            ..facts
        })
    };
    let (name, id, is_token, card_type) = summary;
    LoweredCard {
        card,
        sink,
        label,
        token_refs,
        outside_refs: Vec::new(),
        name_span,
        name,
        id,
        is_token,
        card_type,
        names_declared: false,
    }
}

/// The name an ability is called by: its `name`, or its trigger word.
fn ability_name(ability: &AbilityAst<'_>) -> String {
    match &ability.name {
        Some((name, _)) => name.clone(),
        None => ability.trigger.text.to_owned(),
    }
}

/// Lowers one ability: trigger, clauses in order (activated abilities keep
/// conditions as cost items where they were written), the `filter` line
/// (§4.3, §5.7), then effect-specific notes. `None` after an error.
fn lower_ability(
    ability: &AbilityAst<'_>,
    cx: &mut CardCtx,
    line_of: &dyn Fn(usize) -> u32,
) -> Option<Ability> {
    let trigger = if ability.trigger.is_empty() {
        None
    } else {
        names::resolve(
            TRIGGERS,
            ability.trigger,
            NameKind::Trigger,
            "a trigger such as `Fanfare`, `Spell`, `Act`, `OnEvolve` or `Passive`",
            &mut cx.sink,
        )
    };
    let trigger = trigger?;
    let kind = trigger.kind();
    let mut effect: Option<Effect> = None;
    let mut effect_seen = false;
    let mut effect_clause_seen_at: Option<usize> = None;
    let mut effect_to_filter = false;
    let mut costs: Vec<Cost> = Vec::new();
    let mut cost_lines = 0;
    let mut condition: Option<Condition> = None;
    let mut condition_lines = 0;
    let mut filter_line: Option<(Piece<'_>, usize)> = None;
    let mut failed = false;

    for (position, clause) in ability.clauses.iter().enumerate() {
        match &clause.kind {
            ClauseKind::Effect(call) => {
                if effect_seen {
                    cx.sink.report(clause.keyword.span(), Problem::SecondEffect);
                }
                effect_seen = true;
                effect_clause_seen_at = Some(position);
                effect_to_filter = call
                    .to
                    .is_some_and(|to| !to.rest.split_word().1.trim().is_empty());
                effect = lower_effect(call, trigger, cx);
                if effect.is_none() {
                    failed = true;
                }
            }
            ClauseKind::Cost(items) => {
                cost_lines += 1;
                if cost_lines > 1 && kind != AbilityKind::Activated {
                    cx.sink.report(
                        clause.keyword.span(),
                        Problem::DuplicateClause { clause: "cost" },
                    );
                    failed = true;
                    continue;
                }
                for item in items {
                    match lower_cost(item, cx) {
                        Some(Cost::Delayed) if !can_wait(trigger) => {
                            cx.sink.report(
                                item.span,
                                Problem::NotADelayedTrigger {
                                    trigger: trigger.name().to_owned(),
                                },
                            );
                            failed = true;
                        }
                        // Fuse is paid from the hand, by an activated
                        // ability (later-sets §9, CR 12.18.2).
                        Some(Cost::Fuse { .. }) if kind != AbilityKind::Activated => {
                            cx.sink.report(
                                item.span,
                                Problem::FuseOutsideAct {
                                    trigger: trigger.name().to_owned(),
                                },
                            );
                            failed = true;
                        }
                        Some(cost @ (Cost::Advanced | Cost::Ride))
                            if kind != AbilityKind::Activated =>
                        {
                            cx.sink.report(
                                item.span,
                                Problem::AdvancedOutsideAct {
                                    trigger: trigger.name().to_owned(),
                                    cost: if cost == Cost::Ride {
                                        "(Ride)"
                                    } else {
                                        "(Advanced)"
                                    },
                                },
                            );
                            failed = true;
                        }
                        Some(cost) => costs.push(cost),
                        None => failed = true,
                    }
                }
            }
            ClauseKind::Condition(text) => {
                condition_lines += 1;
                if condition_lines > 1 && kind != AbilityKind::Activated {
                    cx.sink.report(
                        clause.keyword.span(),
                        Problem::DuplicateClause {
                            clause: "condition",
                        },
                    );
                    failed = true;
                    continue;
                }
                let Some(parsed) = crate::values::parse_condition(*text, &mut cx.expr()) else {
                    failed = true;
                    continue;
                };
                let on_event = parsed.on_event && kind == AbilityKind::Triggered;
                if parsed.on_event && !on_event {
                    cx.sink.report(
                        parsed.prefix_span.unwrap_or(text.span()),
                        Problem::EventConditionOutsideTrigger,
                    );
                }
                if kind == AbilityKind::Activated {
                    costs.push(Cost::Condition(parsed.value));
                } else {
                    condition = Some(Condition {
                        value: parsed.value,
                        timing: if on_event {
                            ConditionTiming::OnEvent
                        } else {
                            ConditionTiming::OnResolve
                        },
                    });
                }
            }
            ClauseKind::Filter(text) => {
                if filter_line.is_some() {
                    cx.sink.report(
                        clause.keyword.span(),
                        Problem::DuplicateClause { clause: "filter" },
                    );
                    failed = true;
                    continue;
                }
                filter_line = Some((*text, position));
            }
            ClauseKind::Moves(text) => {
                if trigger != Trigger::OnMove {
                    cx.sink.report(
                        clause.keyword.span(),
                        Problem::MovesOutsideOnMove {
                            trigger: trigger.name().to_owned(),
                        },
                    );
                    failed = true;
                    continue;
                }
                if costs.iter().any(|c| matches!(c, Cost::Moves(_))) {
                    cx.sink.report(
                        clause.keyword.span(),
                        Problem::DuplicateClause { clause: "moves" },
                    );
                    failed = true;
                    continue;
                }
                match crate::moves_line::lower_moves(*text, &mut cx.sink) {
                    Some((hook, ways, with_this_card)) => {
                        costs.push(Cost::Moves(hook));
                        if ways != crate::ir::HookWays::default() {
                            costs.push(Cost::MovedHow(ways));
                        }
                        if with_this_card {
                            costs.push(Cost::WithThisCard);
                        }
                    }
                    None => failed = true,
                }
            }
            ClauseKind::Text => {}
        }
    }
    if trigger == Trigger::OnMove && !costs.iter().any(|c| matches!(c, Cost::Moves(_))) && !failed {
        cx.sink.report(
            ability.keyword.span().to(ability.trigger.span()),
            Problem::OnMoveWithoutMoves,
        );
        failed = true;
    }

    if !effect_seen {
        if ability.had_bad_clause {
            return None;
        }
        cx.sink.report(
            ability.keyword.span().to(ability.trigger.span()),
            Problem::MissingEffect,
        );
        return None;
    }

    // `filter` lines (§4.3, §5.7).
    let mut trigger_filter = None;
    if let Some((text, position)) = filter_line {
        if trigger == Trigger::Passive {
            let before_effect = effect_clause_seen_at.is_some_and(|at| position < at);
            if effect_to_filter {
                if before_effect {
                    cx.sink.report(text.span(), Problem::PassiveFilterConflict);
                    failed = true;
                } else {
                    cx.sink.report(text.span(), Problem::PassiveFilterTwice);
                }
            } else {
                let filter = parse_filter(text, &mut cx.expr());
                if let Some(effect) = effect.as_mut() {
                    set_passive_filter(effect, filter);
                }
            }
        } else if trigger.takes_filter() {
            let filter = parse_filter(text, &mut cx.expr());
            let tests_source = cx
                .pools
                .filters
                .get(filter.0 as usize)
                .is_some_and(|f| f.tests.iter().any(|t| t.item == FilterItem::NotSource));
            if tests_source {
                cx.sink.report(
                    text.span(),
                    Problem::Note {
                        message: "`X` in a trigger filter is tested against the trigger card itself (spec §8.2), so it never matches: leave it out".into(),
                    },
                );
            }
            trigger_filter = Some(filter);
        } else {
            let reason = if kind == AbilityKind::Activated {
                "activated abilities drop `filter` lines"
            } else {
                "this trigger does not take a filter (only the `OnOther...`, `OnOpponentCardLeaveField`, `OnPlaySpell` and `OnMove` triggers and passives do)"
            };
            cx.sink
                .report(text.span(), Problem::IgnoredFilterLine { reason });
        }
    }

    if failed {
        return None;
    }
    let effect = effect?;
    let header_span = ability.keyword.span().to(ability.trigger.span());
    match effect {
        Effect::AlternateCost if costs.is_empty() => cx.sink.report(
            header_span,
            Problem::Note {
                message: "`AlternateCost()` without a `cost` line lets the card be played for free".into(),
            },
        ),
        Effect::ReducedCost { .. } if !costs.is_empty() => cx.sink.report(
            header_span,
            Problem::Note {
                message: "the `cost` line of a `ReducedCost` ability is ignored: only `AlternateCost` uses costs".into(),
            },
        ),
        _ => {}
    }
    let name = ability_name(ability);
    Some(Ability {
        name,
        kind,
        trigger,
        trigger_filter,
        condition,
        costs,
        effect,
        line: line_of(ability.keyword.offset),
    })
}

/// Puts a passive's `filter` line into its target selection.
fn set_passive_filter(effect: &mut Effect, filter: ir::FilterId) {
    match effect {
        Effect::PassiveKeyword { to, .. }
        | Effect::PassiveStat { to, .. }
        | Effect::MinusCostOther { to, .. }
        | Effect::GiveAbility { to, .. } => to.filter = filter,
        _ => {}
    }
}

/// Checks that need every ability: duplicate names, the spell rule,
/// unreferenced sub-abilities, derived keywords (§2, §4.5, §13a).
fn card_checks(
    asts: &[AbilityAst<'_>],
    abilities: &[Ability],
    spell_ability: Option<AbilityIdx>,
    facts: &mut ir::Card,
    cx: &mut CardCtx,
) {
    for (idx, ability) in abilities.iter().enumerate() {
        let Some(ast) = asts.get(idx) else { continue };
        let header_span = ast
            .name
            .as_ref()
            .map_or(ast.keyword.span().to(ast.trigger.span()), |(_, span)| *span);
        if abilities[..idx]
            .iter()
            .any(|earlier| earlier.name == ability.name)
        {
            cx.sink.report(
                header_span,
                Problem::DuplicateAbilityName {
                    name: ability.name.clone(),
                },
            );
        }
        let is_main_spell = spell_ability.is_some_and(|main| main.0 as usize == idx);
        if is_main_spell && !ability.costs.is_empty() {
            cx.sink.report(header_span, Problem::IgnoredSpellCost);
        }
        let referenced = cx.referenced.get(idx).copied().unwrap_or(false);
        if ability.trigger == Trigger::Spell && !is_main_spell && !referenced {
            cx.sink.report(
                header_span,
                Problem::UnreferencedSubAbility {
                    name: ability.name.clone(),
                },
            );
        }
        if matches!(ability.effect, Effect::EvolvesIntoFor { .. }) && facts.evolve_cost.is_none() {
            cx.sink.report(header_span, Problem::FaceCostWithoutEvolve);
        }
        if let Effect::Evolve { to } = &ability.effect
            && to.target == Target::This
        {
            add_keyword(facts, Keyword::Evolve);
        }
        if ability
            .costs
            .iter()
            .any(|cost| matches!(cost, Cost::EarthRite(_)))
        {
            add_keyword(facts, Keyword::EarthRite);
        }
        if let Some(path) = call_cycle(abilities, idx) {
            cx.sink.report(
                header_span,
                Problem::RecursiveCall {
                    name: ability.name.clone(),
                    path,
                },
            );
        }
    }
}

/// A filter test that reads what an ability makes as it runs needs an
/// ability of the card that makes it: `n(#Declared)` a `DeclareCardName()`,
/// `p(m(min,X))` a `(PP, X)` cost. Without one it would match nothing, or
/// every card costing `min` or less, in silence (later-sets §12.11, §1.3).
fn read_as_it_runs_checks(
    abilities: &[Ability],
    filters: &[ir::Filter],
    card_span: crate::span::Span,
    sink: &mut Sink,
) {
    let reads = |wanted: fn(&ir::FilterItem) -> bool| {
        filters
            .iter()
            .any(|filter| filter.tests.iter().any(|test| wanted(&test.item)))
    };
    // Sub-abilities are abilities of the card too.
    let declares = abilities
        .iter()
        .any(|ability| ability.effect == Effect::DeclareCardName);
    if reads(|item| *item == ir::FilterItem::DeclaredName) && !declares {
        sink.report(
            card_span,
            Problem::ReadWithoutMaker {
                test: "n(#Declared)",
                maker: "`DeclareCardName()`",
            },
        );
    }
    let pays_x = abilities
        .iter()
        .any(|ability| ability.costs.contains(&Cost::PlayPointsX));
    if reads(|item| matches!(item, ir::FilterItem::CostUpToX { .. })) && !pays_x {
        sink.report(
            card_span,
            Problem::ReadWithoutMaker {
                test: "p(m(min,X))",
                maker: "a `(PP, X)` cost",
            },
        );
    }
}

/// If ability `start` can reach itself through calls by name, the path as
/// text (`` `A` → `B` → `A` ``).
fn call_cycle(abilities: &[Ability], start: usize) -> Option<String> {
    // Depth-first search over at most `abilities.len()` nodes; `via` keeps
    // the predecessor of each visited node to print the path.
    let mut via: Vec<Option<usize>> = vec![None; abilities.len()];
    let mut visited = vec![false; abilities.len()];
    let mut stack = vec![start];
    while let Some(current) = stack.pop() {
        let Some(ability) = abilities.get(current) else {
            continue;
        };
        for callee in ability.effect.called_abilities() {
            let callee = callee.0 as usize;
            if callee == start {
                let mut names = vec![ability.name.as_str()];
                let mut at = current;
                while let Some(previous) = via.get(at).copied().flatten() {
                    names.push(abilities.get(previous).map_or("?", |a| a.name.as_str()));
                    at = previous;
                }
                names.reverse();
                names.push(abilities.get(start).map_or("?", |a| a.name.as_str()));
                let path: Vec<String> = names.iter().map(|name| format!("`{name}`")).collect();
                return Some(path.join(" → "));
            }
            if let Some(seen) = visited.get_mut(callee)
                && !*seen
            {
                *seen = true;
                if let Some(slot) = via.get_mut(callee) {
                    *slot = Some(current);
                }
                stack.push(callee);
            }
        }
    }
    None
}

/// Whether a `(Delayed)` ability may have this trigger: the ones the host's
/// delayed triggers wait for (a phase's start, a card's move).
fn can_wait(trigger: Trigger) -> bool {
    matches!(
        trigger,
        Trigger::StartMainPhase
            | Trigger::StartOpponentMainPhase
            | Trigger::StartEndPhase
            | Trigger::LastWords
            | Trigger::OnLeaveField
            | Trigger::OnReturnToHandFromField
            | Trigger::OnOtherEnterField
            | Trigger::OnOtherLeaveField
            | Trigger::OnOpponentCardLeaveField
    )
}
