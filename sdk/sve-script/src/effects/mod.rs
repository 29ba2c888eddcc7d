//! The effect catalogue (spec §5.4 standard effects, §5.7 passive effects,
//! §5.8 cost modifiers, §11 branch effects) and the lowering of an effect
//! call to an [`Effect`].
//!
//! [`STANDARD`] and [`PASSIVE`] list every accepted spelling, aliases
//! included. Each kind knows which `to` clause it accepts ([`ToForm`]);
//! [`lower_effect`] then reads the arguments in the order of the effect's
//! signature, applying the defaults of §5.3 (a missing value is 1, a missing
//! count is 1, a missing filter matches everything).

mod args;
mod catalogue;
mod targets;

use args::Args;
pub(crate) use catalogue::{EffectKind, PASSIVE, STANDARD, ToForm};
use targets::{check_stat_target, ignored_to, player_target, selection, target_only};

use crate::ast::EffectCallAst;
use crate::complex::lower_complex;
use crate::diagnostics::{NameKind, Problem};
use crate::filters::parse_filter;
use crate::ir::{
    DamageChange, DelayedLasts, Duration, Effect, PlayerEffect, SearchAction, Target, TokenOption,
    Trigger,
};
use crate::lower::CardCtx;
use crate::names::{
    self, CHANGED_TYPES, DAMAGE_DURATIONS, DAMAGE_TAKEN, DELAYED_LASTS, INSTEAD_ZONES, NEXT_TIME,
    ONE_PER_NAME, RESTRICTIONS, SEARCH_ACTIONS, TOKEN_OPTIONS, TOKEN_ZONES, TRIGGER_ICONS,
    TURN_WINDOWS,
};
use crate::span::Piece;

/// Lowers one `effect` clause for an ability with trigger `trigger` (which
/// decides between the standard, passive and cost-modifier tables).
pub(crate) fn lower_effect(
    call: &EffectCallAst<'_>,
    trigger: Trigger,
    cx: &mut CardCtx,
) -> Option<Effect> {
    let kind = resolve_kind(call.name, trigger, cx)?;
    let mut args = Args {
        effect: call.name.text,
        name_span: call.name.span(),
        pieces: &call.args,
        next: 0,
    };
    let to = call.to;
    let form = kind.to_form();
    let effect = match kind {
        EffectKind::DrawCard => {
            let amount = args.value(cx)?;
            Effect::DrawCard {
                amount,
                player: player_target(to, call.name, cx)?,
            }
        }
        EffectKind::DrawThenDamage => {
            let draw = args.value(cx)?;
            let damage = args.value(cx)?;
            Effect::DrawThenDamage {
                draw,
                damage,
                to: selection(to, cx)?,
            }
        }
        EffectKind::Mill => Effect::Mill {
            amount: args.value(cx)?,
        },
        EffectKind::RedrawHand => Effect::RedrawHand {
            amount: args.opt_value(cx)?,
        },
        EffectKind::Search | EffectKind::SearchAndTarget => {
            let count = args.count(cx)?;
            let filter = args.filter(cx);
            let action = args.word(
                SEARCH_ACTIONS,
                NameKind::SearchAction,
                "where the cards go: `Hand`, `Cemetery`, `Field` or `ExArea`",
                cx,
            )?;
            if kind == EffectKind::Search {
                Effect::Search {
                    count,
                    filter,
                    action,
                }
            } else {
                if !matches!(action, SearchAction::Field | SearchAction::ExArea) {
                    cx.sink.report(
                        call.name.span(),
                        Problem::Note {
                            message: "`SearchAndTarget` is only implemented for `Field` and `ExArea` (spec §13)".into(),
                        },
                    );
                }
                Effect::SearchAndTarget {
                    count,
                    filter,
                    action,
                    then: args.abilities(cx),
                }
            }
        }
        EffectKind::SearchFilteredOptions => {
            let count = args.count(cx)?;
            let mut options = Vec::new();
            while args.has_more() && options.len() < 3 {
                let filter = args.filter(cx);
                let action = args.word(
                    SEARCH_ACTIONS,
                    NameKind::SearchAction,
                    "where the cards go: `Hand`, `Cemetery`, `Field` or `ExArea`",
                    cx,
                )?;
                options.push((filter, action));
            }
            Effect::SearchFilteredOptions { count, options }
        }
        EffectKind::TopDeckToEx => Effect::TopDeckToEx {
            amount: args.value(cx)?,
        },
        EffectKind::TopDeckToExAndTarget => Effect::TopDeckToExAndTarget {
            amount: args.value(cx)?,
            then: args.abilities(cx),
        },
        EffectKind::Destroy => Effect::Destroy {
            to: selection(to, cx)?,
        },
        EffectKind::Banish => Effect::Banish {
            to: selection(to, cx)?,
        },
        EffectKind::ReturnToHand => Effect::ReturnToHand {
            to: selection(to, cx)?,
        },
        EffectKind::SendToCemetery => Effect::SendToCemetery {
            to: selection(to, cx)?,
        },
        EffectKind::SendToEx => Effect::SendToEx {
            to: selection(to, cx)?,
        },
        EffectKind::TopDeck => Effect::TopDeck {
            to: selection(to, cx)?,
        },
        EffectKind::BottomDeck => Effect::BottomDeck {
            to: selection(to, cx)?,
        },
        EffectKind::TopOrBottomDeck => Effect::TopOrBottomDeck {
            to: selection(to, cx)?,
        },
        EffectKind::PutExToFieldAndTarget => {
            let then = args.abilities(cx);
            Effect::PutExToFieldAndTarget {
                to: selection(to, cx)?,
                then,
            }
        }
        EffectKind::DestroyAndControllerPerformEffect => {
            let ability = args.ability(cx)?;
            Effect::DestroyAndControllerPerformEffect {
                to: selection(to, cx)?,
                ability,
            }
        }
        EffectKind::Discard => {
            let count = args.count(cx)?;
            Effect::Discard {
                count,
                filter: args.filter(cx),
            }
        }
        EffectKind::DiscardHand => Effect::DiscardHand {
            player: player_target(to, call.name, cx)?,
        },
        EffectKind::DiscardRandomCard => {
            let amount = args.value(cx)?;
            Effect::DiscardRandomCard {
                amount,
                player: player_target(to, call.name, cx)?,
            }
        }
        EffectKind::DiscardFromOpponentHand => {
            let count = args.count(cx)?;
            Effect::DiscardFromOpponentHand {
                count,
                filter: args.filter(cx),
            }
        }
        EffectKind::DiscardToBottomDeck => {
            let count = args.count(cx)?;
            Effect::DiscardToBottomDeck {
                count,
                filter: args.filter(cx),
            }
        }
        EffectKind::HandToEx => {
            let count = args.count(cx)?;
            Effect::HandToEx {
                count,
                filter: args.filter(cx),
            }
        }
        EffectKind::HandToExAndTarget => {
            let count = args.count(cx)?;
            let filter = args.filter(cx);
            Effect::HandToExAndTarget {
                count,
                filter,
                then: args.abilities(cx),
            }
        }
        EffectKind::EvolveDeckToField => {
            let count = args.count(cx)?;
            Effect::EvolveDeckToField {
                count,
                filter: args.filter(cx),
            }
        }
        EffectKind::PlayFromEvolveDeck => Effect::PlayFromEvolveDeck {
            filter: args.filter(cx),
        },
        EffectKind::HandToField => {
            let count = args.count(cx)?;
            Effect::HandToField {
                count,
                filter: args.filter(cx),
            }
        }
        EffectKind::Salvage => {
            let count = args.count(cx)?;
            Effect::Salvage {
                count,
                filter: args.filter(cx),
            }
        }
        EffectKind::CemeteryToField | EffectKind::CemeteryToFieldAndTarget => {
            let count = args.count(cx)?;
            let filter = args.filter(cx);
            let then = if kind == EffectKind::CemeteryToFieldAndTarget {
                Some(args.abilities(cx))
            } else {
                None
            };
            let source = target_only(to, cx)?;
            if !matches!(source, Target::This | Target::TriggerCard) {
                cx.sink.report(
                    call.name.span(),
                    Problem::TargetMismatch {
                        effect: call.name.text.to_owned(),
                        target: source.name(),
                        problem: "is not read (only `Self` and `TriggerCard` mean something)",
                    },
                );
            }
            match then {
                Some(then) => Effect::CemeteryToFieldAndTarget {
                    count,
                    filter,
                    source,
                    then,
                },
                None => Effect::CemeteryToField {
                    count,
                    filter,
                    source,
                },
            }
        }
        EffectKind::PlaySpellFromCemetery => Effect::PlaySpellFromCemetery {
            filter: args.filter(cx),
        },
        EffectKind::PlaySpellFromCemeterySetCost => {
            let filter = args.filter(cx);
            Effect::PlaySpellFromCemeterySetCost {
                filter,
                cost: args.value(cx)?,
            }
        }
        EffectKind::DealDamage => {
            let amount = args.value(cx)?;
            Effect::DealDamage {
                amount,
                to: selection(to, cx)?,
            }
        }
        EffectKind::DealDamageDivided => {
            let amount = args.value(cx)?;
            let filter = match to {
                Some(to) => {
                    let mut expr = cx.expr();
                    parse_filter(to.rest, &mut expr)
                }
                None => cx.pools.empty_filter(),
            };
            Effect::DealDamageDivided { amount, filter }
        }
        EffectKind::GiveStat => {
            let stat = args.stat(cx)?;
            let amount = args.value(cx)?;
            let amount2 = args.opt_value(cx)?;
            let to = selection(to, cx)?;
            check_stat_target(stat, to.target, call.name, cx);
            Effect::GiveStat {
                stat,
                amount,
                amount2,
                to,
            }
        }
        EffectKind::GiveStatEndOfTurn | EffectKind::SetStat | EffectKind::SetStatEndOfTurn => {
            let stat = args.stat(cx)?;
            let amount = args.value(cx)?;
            let to = selection(to, cx)?;
            check_stat_target(stat, to.target, call.name, cx);
            match kind {
                EffectKind::GiveStatEndOfTurn => Effect::GiveStatEndOfTurn { stat, amount, to },
                EffectKind::SetStat => Effect::SetStat { stat, amount, to },
                _ => Effect::SetStatEndOfTurn { stat, amount, to },
            }
        }
        EffectKind::Engage => Effect::Engage {
            to: selection(to, cx)?,
        },
        EffectKind::Reserve => Effect::Reserve {
            to: selection(to, cx)?,
        },
        EffectKind::GiveTrait => {
            let trait_name = args.text("a trait", cx)?;
            Effect::GiveTrait {
                trait_name,
                to: selection(to, cx)?,
            }
        }
        EffectKind::GiveKeyword
        | EffectKind::GiveKeywordEndOfTurn
        | EffectKind::GiveKeywordEndOfNextTurn => {
            let keyword = args.keyword(cx)?;
            let to = selection(to, cx)?;
            match kind {
                EffectKind::GiveKeyword => Effect::GiveKeyword { keyword, to },
                EffectKind::GiveKeywordEndOfTurn => Effect::GiveKeywordEndOfTurn { keyword, to },
                _ => Effect::GiveKeywordEndOfNextTurn { keyword, to },
            }
        }
        EffectKind::GiveCounter => {
            let counter = args.counter(cx)?;
            let amount = args.value(cx)?;
            Effect::GiveCounter {
                counter,
                amount,
                to: selection(to, cx)?,
            }
        }
        EffectKind::RemoveCounter | EffectKind::MoveCounter => {
            let counter = args.counter(cx)?;
            let amount = args.opt_value(cx)?;
            let to = selection(to, cx)?;
            if kind == EffectKind::RemoveCounter {
                Effect::RemoveCounter {
                    counter,
                    amount,
                    to,
                }
            } else {
                Effect::MoveCounter {
                    counter,
                    amount,
                    to,
                }
            }
        }
        EffectKind::SummonToken | EffectKind::SummonTokenAndTarget => {
            let token = args.token(cx)?;
            let option = args.word(
                TOKEN_OPTIONS,
                NameKind::TokenOption,
                "`Field`, `ExArea`, `FieldOverflowToEx` or `ChooseForEachFieldOrEx`",
                cx,
            )?;
            let amount = args.value(cx)?;
            if kind == EffectKind::SummonToken {
                Effect::SummonToken {
                    token,
                    option,
                    amount,
                }
            } else {
                if option == TokenOption::ChooseForEachFieldOrEx {
                    cx.sink.report(
                        call.name.span(),
                        Problem::Note {
                            message: "`SummonTokenAndTarget` with `ChooseForEachFieldOrEx` is not implemented by the peer (spec §13)".into(),
                        },
                    );
                }
                Effect::SummonTokenAndTarget {
                    token,
                    option,
                    amount,
                    then: args.abilities(cx),
                }
            }
        }
        EffectKind::Transform => {
            let token = args.token(cx)?;
            Effect::Transform {
                token,
                to: selection(to, cx)?,
            }
        }
        EffectKind::Equip => {
            let token = args.token(cx)?;
            Effect::Equip {
                token,
                to: selection(to, cx)?,
            }
        }
        EffectKind::Sequence => Effect::Sequence {
            steps: args.abilities(cx),
        },
        EffectKind::ChooseFromList => Effect::ChooseFromList {
            options: args.abilities(cx),
        },
        EffectKind::ChooseAmountFromList => {
            let count = args.count(cx)?;
            Effect::ChooseAmountFromList {
                count,
                options: args.abilities(cx),
            }
        }
        EffectKind::RollDice => Effect::RollDice {
            faces: args.faces(cx),
        },
        EffectKind::TargetForSequence => {
            let then = args.abilities(cx);
            Effect::TargetForSequence {
                to: selection(to, cx)?,
                then,
            }
        }
        EffectKind::TargetForSequenceWithTargetAmount | EffectKind::PerformWithTargetAmount => {
            let amount = args.value(cx)?;
            let then = args.abilities(cx);
            let to = selection(to, cx)?;
            if kind == EffectKind::PerformWithTargetAmount {
                Effect::PerformWithTargetAmount { amount, to, then }
            } else {
                Effect::TargetForSequenceWithTargetAmount { amount, to, then }
            }
        }
        EffectKind::PerformAsEachTarget => {
            let ability = args.ability(cx)?;
            Effect::PerformAsEachTarget {
                to: selection(to, cx)?,
                ability,
            }
        }
        EffectKind::OpponentPerformEffect => {
            let ability = args.ability(cx)?;
            let to = match to {
                Some(_) => Some(selection(to, cx)?),
                None => None,
            };
            Effect::OpponentPerformEffect { ability, to }
        }
        EffectKind::Evolve => Effect::Evolve {
            to: selection(to, cx)?,
        },
        EffectKind::Shuffle => Effect::Shuffle {
            player: player_target(to, call.name, cx)?,
        },
        EffectKind::CheckTop | EffectKind::RevealTop => {
            let count = args.count(cx)?;
            let actions = args.check_actions(cx)?;
            if kind == EffectKind::CheckTop {
                Effect::CheckTop { count, actions }
            } else {
                Effect::RevealTop { count, actions }
            }
        }
        EffectKind::ExtraTurn => Effect::ExtraTurn,
        EffectKind::DeclareCardName => Effect::DeclareCardName,
        EffectKind::SkipNextTurn => Effect::SkipNextTurn {
            player: player_target(to, call.name, cx)?,
        },
        EffectKind::WinGame => Effect::WinGame {
            player: player_target(to, call.name, cx)?,
        },
        EffectKind::TakeControl => Effect::TakeControl {
            to: selection(to, cx)?,
        },
        EffectKind::GiveControl => Effect::GiveControl {
            to: selection(to, cx)?,
        },
        EffectKind::ExecuteUnionBurst => Effect::ExecuteUnionBurst {
            to: selection(to, cx)?,
        },
        EffectKind::GiveDrive => Effect::GiveDrive {
            to: selection(to, cx)?,
        },
        EffectKind::TakeLessDamage | EffectKind::TakeNoDamage | EffectKind::TakeAtMostDamage => {
            let change = match kind {
                EffectKind::TakeLessDamage => DamageChange::Less(args.value(cx)?),
                EffectKind::TakeAtMostDamage => DamageChange::AtMost(args.value(cx)?),
                _ => DamageChange::Nothing,
            };
            let damage = args.word(
                DAMAGE_TAKEN,
                NameKind::DamageTaken,
                "`Any`, `Ability` or `Combat`",
                cx,
            )?;
            let duration = args.word(
                DAMAGE_DURATIONS,
                NameKind::Duration,
                "`WhileOnField`, `EndOfTurn` or `EndOfNextTurn`",
                cx,
            )?;
            let next_time_only = if args.has_more() {
                args.word(NEXT_TIME, NameKind::DamageTaken, "`NextTime`", cx)?
            } else {
                false
            };
            Effect::ReplaceDamage {
                change,
                damage,
                duration,
                next_time_only,
                to: selection(to, cx)?,
            }
        }
        EffectKind::Maneuver => Effect::Maneuver {
            to: selection(to, cx)?,
        },
        EffectKind::ChangeType => Effect::ChangeType {
            card_type: args.word(
                CHANGED_TYPES,
                NameKind::CardType,
                "`Follower` or `Amulet`",
                cx,
            )?,
            to: selection(to, cx)?,
        },
        EffectKind::RestrictPlayer
        | EffectKind::ChangePlayCost
        | EffectKind::AllowPlayFromBanished => {
            let effect = match kind {
                EffectKind::RestrictPlayer => args.word(
                    RESTRICTIONS,
                    NameKind::Restriction,
                    "`NoStartPhaseDraw`, `NoMaxPpIncrease` or `CannotPlayFollowers`",
                    cx,
                )?,
                EffectKind::ChangePlayCost => PlayerEffect::PlayCost(args.value(cx)?),
                _ => PlayerEffect::PlayFromBanished,
            };
            let window = args.word(
                TURN_WINDOWS,
                NameKind::TurnWindow,
                "`ThisTurn` or `NextTurn`",
                cx,
            )?;
            Effect::PlayerEffect {
                effect,
                window,
                player: player_target(to, call.name, cx)?,
            }
        }
        EffectKind::DriveCheck => Effect::DriveCheck {
            count: args.value(cx)?,
        },
        EffectKind::CreateDelayed => {
            let ability = args.ability(cx)?;
            let lasts = if args.has_more() {
                args.word(
                    DELAYED_LASTS,
                    NameKind::DelayedLasts,
                    "`Once`, `ThisTurn` or `EveryTimeThisTurn`",
                    cx,
                )?
            } else {
                DelayedLasts::Once
            };
            let to = match to {
                Some(_) => Some(selection(to, cx)?),
                None => None,
            };
            Effect::CreateDelayed { ability, lasts, to }
        }
        EffectKind::FlipEvolveDeckFaceDown => {
            let filter = args.filter(cx);
            let count = args.opt_count(cx)?;
            Effect::FlipEvolveDeckFaceDown { filter, count }
        }
        EffectKind::Complex => {
            args.next = args.pieces.len();
            Effect::Complex {
                steps: lower_complex(call.args_text, cx)?,
            }
        }
        EffectKind::ReducedCost => Effect::ReducedCost {
            amount: args.value(cx)?,
        },
        EffectKind::AlternateCost => Effect::AlternateCost,
        EffectKind::PassiveKeyword => {
            let keyword = args.keyword(cx)?;
            let duration = args.duration(cx)?;
            Effect::PassiveKeyword {
                keyword,
                duration,
                to: selection(to, cx)?,
            }
        }
        EffectKind::PassiveStat => {
            let stat = args.stat(cx)?;
            let amount = args.value(cx)?;
            let duration = args.duration(cx)?;
            Effect::PassiveStat {
                stat,
                amount,
                duration,
                to: selection(to, cx)?,
            }
        }
        EffectKind::InsteadOfCemetery => {
            let zone = args.word(
                INSTEAD_ZONES,
                NameKind::HookZone,
                "`Banished`, `ExArea`, `Hand`, `DeckTop` or `DeckBottom`",
                cx,
            )?;
            // A passive's duration (`WhileOnField`, `OpponentTurn`), or an
            // ability's effect's.
            let duration = if trigger == Trigger::Passive {
                args.duration(cx)?
            } else {
                args.word(
                    DAMAGE_DURATIONS,
                    NameKind::Duration,
                    "`WhileOnField`, `EndOfTurn` or `EndOfNextTurn`",
                    cx,
                )?
            };
            Effect::InsteadOfCemetery {
                zone,
                duration,
                to: selection(to, cx)?,
            }
        }
        EffectKind::AlsoNamed => Effect::AlsoNamed {
            name: args.text("a card name", cx)?,
        },
        EffectKind::EvolvesInto => {
            let name = args.text("an evolved card's name", cx)?;
            // `EvolvesInto(name, cost)`: that face's own evolve cost.
            match args.take() {
                Some(cost) => {
                    let value = crate::filters::literal_u32(cost, &mut cx.sink)?;
                    // Card data holds a cost up to 255, as `evolve N;` does.
                    if value > u32::from(u8::MAX) {
                        let cost = cost.trim();
                        cx.sink.report(
                            cost.span(),
                            Problem::BadNumber {
                                found: cost.text.to_owned(),
                                expected: "an evolve cost from 0 to 255",
                            },
                        );
                        return None;
                    }
                    Effect::EvolvesIntoFor { name, cost: value }
                }
                None => Effect::EvolvesInto { name },
            }
        }
        EffectKind::AlternateName => Effect::AlternateName {
            name: args.text("the name this printing shows", cx)?,
        },
        EffectKind::BackFaceOf => Effect::BackFaceOf {
            front: args.text("the front face's card id", cx)?,
        },
        EffectKind::TriggerIcon => Effect::TriggerIcon {
            icon: args.word(
                TRIGGER_ICONS,
                NameKind::TriggerIcon,
                "`Critical`, `Draw`, `Stand` or `Heal`",
                cx,
            )?,
        },
        EffectKind::TokenKindRules => {
            let (field, ex_area) = args.word(
                TOKEN_ZONES,
                NameKind::HookZone,
                "`Field`, `ExArea` or `FieldOrExArea`",
                cx,
            )?;
            let one_per_name = if args.has_more() {
                args.word(ONE_PER_NAME, NameKind::TokenOption, "`OnePerName`", cx)?
            } else {
                false
            };
            Effect::TokenKindRules {
                field,
                ex_area,
                one_per_name,
            }
        }
        EffectKind::MinusCostOther => {
            let amount = args.value(cx)?;
            let duration = args.duration(cx)?;
            Effect::MinusCostOther {
                amount,
                duration,
                to: selection(to, cx)?,
            }
        }
        EffectKind::GiveAbility => {
            let name = args.require("an ability name", cx)?;
            let ability = cx.resolve_ability(name);
            let duration = if args.has_more() {
                args.duration(cx)?
            } else {
                Duration::WhileOnField
            };
            let Some(ability) = ability else {
                cx.sink.syntax(
                    name.span(),
                    "`GiveAbility` needs an existing triggered ability of this card",
                );
                return None;
            };
            Effect::GiveAbility {
                ability,
                duration,
                to: selection(to, cx)?,
            }
        }
    };
    if form == ToForm::None
        && let Some(to) = to
    {
        ignored_to(to, call.name, cx);
    }
    args.finish(cx);
    Some(effect)
}

/// Finds the effect kind for a name, in the table that fits the ability.
fn resolve_kind(name: Piece<'_>, trigger: Trigger, cx: &mut CardCtx) -> Option<EffectKind> {
    if trigger == Trigger::Passive {
        if let Some(kind) = names::lookup(PASSIVE, name.text) {
            return Some(kind);
        }
        if names::lookup(STANDARD, name.text).is_some() {
            cx.sink.report(
                name.span(),
                Problem::WrongEffectContext {
                    effect: name.text.to_owned(),
                    context: "a `Passive` ability",
                    expected: "a passive effect: `GiveKeyword`, `GiveStat`, `MinusCostOther`, `GiveAbility` or a damage replacement (`TakeLessDamage`, ...)",
                },
            );
            return None;
        }
        names::report_unknown(
            &mut cx.sink,
            name,
            NameKind::Effect,
            "a passive effect: `GiveKeyword`, `GiveStat`, `MinusCostOther` or `GiveAbility`",
            names::spellings(PASSIVE),
        );
        return None;
    }
    // §5.1: in standard effects `Counters` reads as `Counter` first.
    let normalized = name.text.replace("Counters", "Counter");
    let kind = names::lookup(STANDARD, name.text).or_else(|| names::lookup(STANDARD, &normalized));
    let Some(kind) = kind else {
        if names::lookup(PASSIVE, name.text).is_some() {
            cx.sink.report(
                name.span(),
                Problem::WrongEffectContext {
                    effect: name.text.to_owned(),
                    context: "this ability",
                    expected: "a `Passive` ability for passive effects",
                },
            );
            return None;
        }
        names::report_unknown(
            &mut cx.sink,
            name,
            NameKind::Effect,
            "an effect name from the catalogue (spec §5.4)",
            names::spellings(STANDARD),
        );
        return None;
    };
    let in_modifier = trigger == Trigger::ModifiedCost;
    if kind.is_cost_modifier() != in_modifier {
        let (context, expected) = if in_modifier {
            (
                "a `ModifiedCost` ability",
                "`ReducedCost(n)` or `AlternateCost()`",
            )
        } else {
            (
                "this ability",
                "an ability with trigger `ModifiedCost` for cost modifiers",
            )
        };
        cx.sink.report(
            name.span(),
            Problem::WrongEffectContext {
                effect: name.text.to_owned(),
                context,
                expected,
            },
        );
        return None;
    }
    Some(kind)
}
