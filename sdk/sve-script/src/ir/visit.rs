//! A generic view of an effect's arguments, shared by the validator and the
//! dump so neither needs its own match over every variant.

use super::effect::{
    AbilityIdx, CheckAction, ComplexStep, Count, DamageChange, Effect, PlayerEffect, Selection,
};
use super::expr::{FilterId, ValueId};
use super::names::{SearchAction, Target};

/// One argument of an effect.
pub(crate) enum Part<'a> {
    Value(ValueId),
    OptValue(Option<ValueId>),
    Count(Count),
    OptCount(Option<Count>),
    Filter(FilterId),
    Sel(Selection),
    OptSel(Option<Selection>),
    Player(Target),
    Ability(Option<AbilityIdx>),
    /// An ability made to wait (`CreateDelayed`): named, not run now.
    Delayed(Option<AbilityIdx>),
    Abilities(&'a [AbilityIdx]),
    Faces(&'a [Option<AbilityIdx>]),
    Text(&'a str),
    /// A whole number given as a literal (not a value).
    Int(u32),
    Word(&'static str),
    CheckActions(&'a [CheckAction]),
    Options(&'a [(FilterId, SearchAction)]),
    Steps(&'a [ComplexStep]),
}

impl Effect {
    /// Every ability this effect may run by name, in order of appearance
    /// (duplicates kept): the steps of `Sequence`, the options of the
    /// choices, the sub-abilities of restricted sequences, ComplexEffect
    /// `perform`/`payCost` targets, and `GiveAbility`'s ability.
    pub fn called_abilities(&self) -> Vec<AbilityIdx> {
        let mut called = Vec::new();
        for (_, part) in self.parts().1 {
            match part {
                Part::Ability(Some(idx)) => called.push(idx),
                Part::Abilities(list) => called.extend_from_slice(list),
                Part::Faces(faces) => called.extend(faces.iter().flatten()),
                Part::Steps(steps) => {
                    for step in steps {
                        match step {
                            ComplexStep::PayCost { ability, .. }
                            | ComplexStep::Perform { ability, .. } => called.push(*ability),
                            ComplexStep::PerformIf {
                                then, otherwise, ..
                            } => called.extend(then.iter().chain(otherwise.iter())),
                            ComplexStep::RevealTopValue { .. } => {}
                        }
                    }
                }
                _ => {}
            }
        }
        called
    }

    /// The selections this effect makes itself (its `to` clauses), in
    /// order of appearance; not those of the abilities it calls.
    pub fn selections(&self) -> Vec<Selection> {
        self.parts()
            .1
            .into_iter()
            .filter_map(|(_, part)| match part {
                Part::Sel(selection) | Part::OptSel(Some(selection)) => Some(selection),
                _ => None,
            })
            .collect()
    }

    /// The canonical effect name (the first spelling in the catalogue; the
    /// passive variants use their script names).
    pub fn name(&self) -> &'static str {
        self.parts().0
    }

    /// The effect name and its arguments, labelled.
    pub(crate) fn parts(&self) -> (&'static str, Vec<(&'static str, Part<'_>)>) {
        use Part as P;
        match self {
            Effect::DrawCard { amount, player } => (
                "DrawCard",
                vec![("amount", P::Value(*amount)), ("to", P::Player(*player))],
            ),
            Effect::DrawThenDamage { draw, damage, to } => (
                "DrawThenDamage",
                vec![
                    ("draw", P::Value(*draw)),
                    ("damage", P::Value(*damage)),
                    ("to", P::Sel(*to)),
                ],
            ),
            Effect::Mill { amount } => ("Mill", vec![("amount", P::Value(*amount))]),
            Effect::RedrawHand { amount } => ("RedrawHand", vec![("amount", P::OptValue(*amount))]),
            Effect::Search {
                count,
                filter,
                action,
            } => (
                "Search",
                vec![
                    ("count", P::Count(*count)),
                    ("filter", P::Filter(*filter)),
                    ("action", P::Word(action.name())),
                ],
            ),
            Effect::SearchAndTarget {
                count,
                filter,
                action,
                then,
            } => (
                "SearchAndTarget",
                vec![
                    ("count", P::Count(*count)),
                    ("filter", P::Filter(*filter)),
                    ("action", P::Word(action.name())),
                    ("then", P::Abilities(then)),
                ],
            ),
            Effect::SearchFilteredOptions { count, options } => (
                "SearchFilteredOptions",
                vec![
                    ("count", P::Count(*count)),
                    ("options", P::Options(options)),
                ],
            ),
            Effect::TopDeckToEx { amount } => ("TopDeckToEx", vec![("amount", P::Value(*amount))]),
            Effect::TopDeckToExAndTarget { amount, then } => (
                "TopDeckToExAndTarget",
                vec![("amount", P::Value(*amount)), ("then", P::Abilities(then))],
            ),
            Effect::Destroy { to } => ("Destroy", vec![("to", P::Sel(*to))]),
            Effect::Banish { to } => ("Banish", vec![("to", P::Sel(*to))]),
            Effect::ReturnToHand { to } => ("ReturnToHand", vec![("to", P::Sel(*to))]),
            Effect::SendToCemetery { to } => ("SendToCemetery", vec![("to", P::Sel(*to))]),
            Effect::SendToEx { to } => ("SendToEx", vec![("to", P::Sel(*to))]),
            Effect::TopDeck { to } => ("TopDeck", vec![("to", P::Sel(*to))]),
            Effect::BottomDeck { to } => ("BottomDeck", vec![("to", P::Sel(*to))]),
            Effect::TopOrBottomDeck { to } => ("TopOrBottomDeck", vec![("to", P::Sel(*to))]),
            Effect::PutExToFieldAndTarget { to, then } => (
                "PutExToFieldAndTarget",
                vec![("then", P::Abilities(then)), ("to", P::Sel(*to))],
            ),
            Effect::DestroyAndControllerPerformEffect { to, ability } => (
                "DestroyAndControllerPerformEffect",
                vec![("ability", P::Ability(*ability)), ("to", P::Sel(*to))],
            ),
            Effect::Discard { count, filter } => (
                "Discard",
                vec![("count", P::Count(*count)), ("filter", P::Filter(*filter))],
            ),
            Effect::DiscardHand { player } => ("DiscardHand", vec![("to", P::Player(*player))]),
            Effect::DiscardRandomCard { amount, player } => (
                "DiscardRandomCard",
                vec![("amount", P::Value(*amount)), ("to", P::Player(*player))],
            ),
            Effect::DiscardFromOpponentHand { count, filter } => (
                "DiscardFromOpponentHand",
                vec![("count", P::Count(*count)), ("filter", P::Filter(*filter))],
            ),
            Effect::DiscardToBottomDeck { count, filter } => (
                "DiscardToBottomDeck",
                vec![("count", P::Count(*count)), ("filter", P::Filter(*filter))],
            ),
            Effect::HandToEx { count, filter } => (
                "HandToEx",
                vec![("count", P::Count(*count)), ("filter", P::Filter(*filter))],
            ),
            Effect::HandToExAndTarget {
                count,
                filter,
                then,
            } => (
                "HandToExAndTarget",
                vec![
                    ("count", P::Count(*count)),
                    ("filter", P::Filter(*filter)),
                    ("then", P::Abilities(then)),
                ],
            ),
            Effect::HandToField { count, filter } => (
                "HandToField",
                vec![("count", P::Count(*count)), ("filter", P::Filter(*filter))],
            ),
            Effect::Salvage { count, filter } => (
                "Salvage",
                vec![("count", P::Count(*count)), ("filter", P::Filter(*filter))],
            ),
            Effect::CemeteryToField {
                count,
                filter,
                source,
            } => (
                "CemeteryToField",
                vec![
                    ("count", P::Count(*count)),
                    ("filter", P::Filter(*filter)),
                    ("to", P::Player(*source)),
                ],
            ),
            Effect::CemeteryToFieldAndTarget {
                count,
                filter,
                source,
                then,
            } => (
                "CemeteryToFieldAndTarget",
                vec![
                    ("count", P::Count(*count)),
                    ("filter", P::Filter(*filter)),
                    ("then", P::Abilities(then)),
                    ("to", P::Player(*source)),
                ],
            ),
            Effect::PlaySpellFromCemetery { filter } => (
                "PlaySpellFromCemetery",
                vec![("filter", P::Filter(*filter))],
            ),
            Effect::PlaySpellFromCemeterySetCost { filter, cost } => (
                "PlaySpellFromCemeterySetCost",
                vec![("filter", P::Filter(*filter)), ("cost", P::Value(*cost))],
            ),
            Effect::DealDamage { amount, to } => (
                "DealDamage",
                vec![("amount", P::Value(*amount)), ("to", P::Sel(*to))],
            ),
            Effect::DealDamageDivided { amount, filter } => (
                "DealDamageDivided",
                vec![
                    ("amount", P::Value(*amount)),
                    ("filter", P::Filter(*filter)),
                ],
            ),
            Effect::GiveStat {
                stat,
                amount,
                amount2,
                to,
            } => (
                "GiveStat",
                vec![
                    ("stat", P::Word(stat.name())),
                    ("amount", P::Value(*amount)),
                    ("amount2", P::OptValue(*amount2)),
                    ("to", P::Sel(*to)),
                ],
            ),
            Effect::GiveStatEndOfTurn { stat, amount, to } => (
                "GiveStatEndOfTurn",
                vec![
                    ("stat", P::Word(stat.name())),
                    ("amount", P::Value(*amount)),
                    ("to", P::Sel(*to)),
                ],
            ),
            Effect::SetStat { stat, amount, to } => (
                "SetStat",
                vec![
                    ("stat", P::Word(stat.name())),
                    ("amount", P::Value(*amount)),
                    ("to", P::Sel(*to)),
                ],
            ),
            Effect::SetStatEndOfTurn { stat, amount, to } => (
                "SetStatEndOfTurn",
                vec![
                    ("stat", P::Word(stat.name())),
                    ("amount", P::Value(*amount)),
                    ("to", P::Sel(*to)),
                ],
            ),
            Effect::Engage { to } => ("EngageCard", vec![("to", P::Sel(*to))]),
            Effect::Reserve { to } => ("ReserveCard", vec![("to", P::Sel(*to))]),
            Effect::GiveTrait { trait_name, to } => (
                "GiveTrait",
                vec![("trait", P::Text(trait_name)), ("to", P::Sel(*to))],
            ),
            Effect::GiveKeyword { keyword, to } => (
                "GiveKeyword",
                vec![("keyword", P::Word(keyword.name())), ("to", P::Sel(*to))],
            ),
            Effect::GiveKeywordEndOfTurn { keyword, to } => (
                "GiveKeywordEndOfTurn",
                vec![("keyword", P::Word(keyword.name())), ("to", P::Sel(*to))],
            ),
            Effect::GiveKeywordEndOfNextTurn { keyword, to } => (
                "GiveKeywordEndOfNextTurn",
                vec![("keyword", P::Word(keyword.name())), ("to", P::Sel(*to))],
            ),
            Effect::GiveCounter {
                counter,
                amount,
                to,
            } => (
                "GiveCounter",
                vec![
                    ("counter", P::Word(counter.name())),
                    ("amount", P::Value(*amount)),
                    ("to", P::Sel(*to)),
                ],
            ),
            Effect::RemoveCounter {
                counter,
                amount,
                to,
            } => (
                "RemoveCounter",
                vec![
                    ("counter", P::Word(counter.name())),
                    ("amount", P::OptValue(*amount)),
                    ("to", P::Sel(*to)),
                ],
            ),
            Effect::MoveCounter {
                counter,
                amount,
                to,
            } => (
                "MoveCounter",
                vec![
                    ("counter", P::Word(counter.name())),
                    ("amount", P::OptValue(*amount)),
                    ("to", P::Sel(*to)),
                ],
            ),
            Effect::SummonToken {
                token,
                option,
                amount,
            } => (
                "SummonToken",
                vec![
                    ("token", P::Text(token)),
                    ("option", P::Word(option.name())),
                    ("amount", P::Value(*amount)),
                ],
            ),
            Effect::SummonTokenAndTarget {
                token,
                option,
                amount,
                then,
            } => (
                "SummonTokenAndTarget",
                vec![
                    ("token", P::Text(token)),
                    ("option", P::Word(option.name())),
                    ("amount", P::Value(*amount)),
                    ("then", P::Abilities(then)),
                ],
            ),
            Effect::Transform { token, to } => (
                "Transform",
                vec![("token", P::Text(token)), ("to", P::Sel(*to))],
            ),
            Effect::Sequence { steps } => ("Sequence", vec![("steps", P::Abilities(steps))]),
            Effect::ChooseFromList { options } => {
                ("ChooseFromList", vec![("options", P::Abilities(options))])
            }
            Effect::ChooseAmountFromList { count, options } => (
                "ChooseAmountFromList",
                vec![
                    ("count", P::Count(*count)),
                    ("options", P::Abilities(options)),
                ],
            ),
            Effect::RollDice { faces } => ("RollDice", vec![("faces", P::Faces(faces))]),
            Effect::TargetForSequence { to, then } => (
                "TargetForSequence",
                vec![("then", P::Abilities(then)), ("to", P::Sel(*to))],
            ),
            Effect::TargetForSequenceWithTargetAmount { amount, to, then } => (
                "TargetForSequenceWithTargetAmount",
                vec![
                    ("amount", P::Value(*amount)),
                    ("then", P::Abilities(then)),
                    ("to", P::Sel(*to)),
                ],
            ),
            Effect::PerformWithTargetAmount { amount, to, then } => (
                "PerformWithTargetAmount",
                vec![
                    ("amount", P::Value(*amount)),
                    ("then", P::Abilities(then)),
                    ("to", P::Sel(*to)),
                ],
            ),
            Effect::PerformAsEachTarget { to, ability } => (
                "PerformAsEachTarget",
                vec![("ability", P::Ability(*ability)), ("to", P::Sel(*to))],
            ),
            Effect::OpponentPerformEffect { ability, to } => (
                "OpponentPerformEffect",
                vec![("ability", P::Ability(*ability)), ("to", P::OptSel(*to))],
            ),
            Effect::Evolve { to } => ("Evolve", vec![("to", P::Sel(*to))]),
            Effect::Shuffle { player } => ("Shuffle", vec![("to", P::Player(*player))]),
            Effect::CheckTop { count, actions } => (
                "CheckTop",
                vec![
                    ("count", P::Count(*count)),
                    ("actions", P::CheckActions(actions)),
                ],
            ),
            Effect::RevealTop { count, actions } => (
                "RevealTop",
                vec![
                    ("count", P::Count(*count)),
                    ("actions", P::CheckActions(actions)),
                ],
            ),
            Effect::ExtraTurn => ("ExtraTurn", vec![]),
            Effect::DeclareCardName => ("DeclareCardName", vec![]),
            Effect::SkipNextTurn { player } => ("SkipNextTurn", vec![("to", P::Player(*player))]),
            Effect::WinGame { player } => ("WinGame", vec![("to", P::Player(*player))]),
            Effect::TakeControl { to } => ("TakeControl", vec![("to", P::Sel(*to))]),
            Effect::GiveControl { to } => ("GiveControl", vec![("to", P::Sel(*to))]),
            Effect::ExecuteUnionBurst { to } => ("ExecuteUnionBurst", vec![("to", P::Sel(*to))]),
            Effect::AlsoNamed { name } => ("AlsoNamed", vec![("name", P::Text(name))]),
            Effect::EvolvesInto { name } => ("EvolvesInto", vec![("name", P::Text(name))]),
            Effect::EvolvesIntoFor { name, cost } => (
                "EvolvesInto",
                vec![("name", P::Text(name)), ("cost", P::Int(*cost))],
            ),
            Effect::AlternateName { name } => ("AlternateName", vec![("name", P::Text(name))]),
            Effect::BackFaceOf { front } => ("BackFaceOf", vec![("front", P::Text(front))]),
            Effect::GiveDrive { to } => ("GiveDrive", vec![("to", P::Sel(*to))]),
            Effect::DriveCheck { count } => ("DriveCheck", vec![("count", P::Value(*count))]),
            Effect::InsteadOfCemetery { zone, duration, to } => (
                "InsteadOfCemetery",
                vec![
                    ("zone", P::Word(zone.name())),
                    ("duration", P::Word(duration.name())),
                    ("to", P::Sel(*to)),
                ],
            ),
            Effect::PlayerEffect {
                effect,
                window,
                player,
            } => {
                let (name, mut parts) = match effect {
                    PlayerEffect::NoStartPhaseDraw => (
                        "RestrictPlayer",
                        vec![("what", P::Word("NoStartPhaseDraw"))],
                    ),
                    PlayerEffect::NoMaxPpIncrease => {
                        ("RestrictPlayer", vec![("what", P::Word("NoMaxPpIncrease"))])
                    }
                    PlayerEffect::CannotPlayFollowers => (
                        "RestrictPlayer",
                        vec![("what", P::Word("CannotPlayFollowers"))],
                    ),
                    PlayerEffect::PlayCost(n) => ("ChangePlayCost", vec![("amount", P::Value(*n))]),
                    PlayerEffect::PlayFromBanished => ("AllowPlayFromBanished", vec![]),
                };
                parts.push(("window", P::Word(window.name())));
                parts.push(("to", P::Player(*player)));
                (name, parts)
            }
            Effect::Maneuver { to } => ("Maneuver", vec![("to", P::Sel(*to))]),
            Effect::ChangeType { card_type, to } => (
                "ChangeType",
                vec![("type", P::Word(card_type.name())), ("to", P::Sel(*to))],
            ),
            Effect::ReplaceDamage {
                change,
                damage,
                duration,
                next_time_only,
                to,
            } => {
                let (name, mut parts) = match change {
                    DamageChange::Less(n) => ("TakeLessDamage", vec![("amount", P::Value(*n))]),
                    DamageChange::Nothing => ("TakeNoDamage", vec![]),
                    DamageChange::AtMost(n) => ("TakeAtMostDamage", vec![("amount", P::Value(*n))]),
                };
                parts.push(("damage", P::Word(damage.name())));
                parts.push(("duration", P::Word(duration.name())));
                if *next_time_only {
                    parts.push(("next", P::Word("NextTime")));
                }
                parts.push(("to", P::Sel(*to)));
                (name, parts)
            }
            Effect::TriggerIcon { icon } => ("TriggerIcon", vec![("icon", P::Word(icon.name()))]),
            Effect::TokenKindRules {
                field,
                ex_area,
                one_per_name,
            } => {
                let zones = match (field, ex_area) {
                    (true, false) => "Field",
                    (false, true) => "ExArea",
                    _ => "FieldOrExArea",
                };
                let mut parts = vec![("zones", P::Word(zones))];
                if *one_per_name {
                    parts.push(("one", P::Word("OnePerName")));
                }
                ("TokenKindRules", parts)
            }
            Effect::Equip { token, to } => (
                "Equip",
                vec![("token", P::Text(token)), ("to", P::Sel(*to))],
            ),
            Effect::EvolveDeckToField { count, filter } => (
                "EvolveDeckToField",
                vec![("count", P::Count(*count)), ("filter", P::Filter(*filter))],
            ),
            Effect::PlayFromEvolveDeck { filter } => {
                ("PlayFromEvolveDeck", vec![("filter", P::Filter(*filter))])
            }
            Effect::CreateDelayed { ability, lasts, to } => (
                "CreateDelayed",
                vec![
                    ("ability", P::Delayed(*ability)),
                    ("lasts", P::Word(lasts.name())),
                    ("to", P::OptSel(*to)),
                ],
            ),
            Effect::FlipEvolveDeckFaceDown { filter, count } => (
                "FlipEvolveDeckFaceDown",
                vec![
                    ("filter", P::Filter(*filter)),
                    ("count", P::OptCount(*count)),
                ],
            ),
            Effect::Complex { steps } => ("ComplexEffect", vec![("steps", P::Steps(steps))]),
            Effect::ReducedCost { amount } => ("ReducedCost", vec![("amount", P::Value(*amount))]),
            Effect::AlternateCost => ("AlternateCost", vec![]),
            Effect::PassiveKeyword {
                keyword,
                duration,
                to,
            } => (
                "GiveKeyword",
                vec![
                    ("keyword", P::Word(keyword.name())),
                    ("duration", P::Word(duration.name())),
                    ("to", P::Sel(*to)),
                ],
            ),
            Effect::PassiveStat {
                stat,
                amount,
                duration,
                to,
            } => (
                "GiveStat",
                vec![
                    ("stat", P::Word(stat.name())),
                    ("amount", P::Value(*amount)),
                    ("duration", P::Word(duration.name())),
                    ("to", P::Sel(*to)),
                ],
            ),
            Effect::MinusCostOther {
                amount,
                duration,
                to,
            } => (
                "MinusCostOther",
                vec![
                    ("amount", P::Value(*amount)),
                    ("duration", P::Word(duration.name())),
                    ("to", P::Sel(*to)),
                ],
            ),
            Effect::GiveAbility {
                ability,
                duration,
                to,
            } => (
                "GiveAbility",
                vec![
                    ("ability", P::Ability(Some(*ability))),
                    ("duration", P::Word(duration.name())),
                    ("to", P::Sel(*to)),
                ],
            ),
        }
    }
}
