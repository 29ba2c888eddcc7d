//! The effect catalogue: every effect kind, every accepted spelling (aliases
//! included) in the standard and passive tables, and which `to` clause each
//! kind takes (spec §5.1, §5.4, §5.7, §5.8, §11).

use crate::names::Table;

/// Every effect, one per meaning (aliases share a kind).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum EffectKind {
    DrawCard,
    DrawThenDamage,
    Mill,
    RedrawHand,
    Search,
    SearchAndTarget,
    SearchFilteredOptions,
    TopDeckToEx,
    TopDeckToExAndTarget,
    Destroy,
    Banish,
    ReturnToHand,
    SendToCemetery,
    SendToEx,
    TopDeck,
    BottomDeck,
    TopOrBottomDeck,
    PutExToFieldAndTarget,
    DestroyAndControllerPerformEffect,
    Discard,
    DiscardHand,
    DiscardRandomCard,
    DiscardFromOpponentHand,
    DiscardToBottomDeck,
    HandToEx,
    HandToExAndTarget,
    HandToField,
    Salvage,
    CemeteryToField,
    CemeteryToFieldAndTarget,
    PlaySpellFromCemetery,
    PlaySpellFromCemeterySetCost,
    DealDamage,
    DealDamageDivided,
    GiveStat,
    GiveStatEndOfTurn,
    SetStat,
    SetStatEndOfTurn,
    Engage,
    Reserve,
    GiveTrait,
    GiveKeyword,
    GiveKeywordEndOfTurn,
    GiveKeywordEndOfNextTurn,
    GiveCounter,
    RemoveCounter,
    MoveCounter,
    SummonToken,
    SummonTokenAndTarget,
    Transform,
    Sequence,
    ChooseFromList,
    ChooseAmountFromList,
    RollDice,
    TargetForSequence,
    TargetForSequenceWithTargetAmount,
    PerformWithTargetAmount,
    PerformAsEachTarget,
    OpponentPerformEffect,
    Evolve,
    Shuffle,
    CheckTop,
    RevealTop,
    ExtraTurn,
    SkipNextTurn,
    DeclareCardName,
    WinGame,
    TakeControl,
    GiveControl,
    CreateDelayed,
    ExecuteUnionBurst,
    GiveDrive,
    TakeLessDamage,
    TakeNoDamage,
    TakeAtMostDamage,
    Maneuver,
    ChangeType,
    DriveCheck,
    AlsoNamed,
    EvolvesInto,
    BackFaceOf,
    AlternateName,
    TriggerIcon,
    TokenKindRules,
    RestrictPlayer,
    ChangePlayCost,
    AllowPlayFromBanished,
    InsteadOfCemetery,
    Equip,
    EvolveDeckToField,
    PlayFromEvolveDeck,
    FlipEvolveDeckFaceDown,
    Complex,
    ReducedCost,
    AlternateCost,
    PassiveKeyword,
    PassiveStat,
    MinusCostOther,
    GiveAbility,
}

/// Standard effects and their aliases (non-passive abilities). The cost
/// modifiers `ReducedCost` and `AlternateCost` are here too; lowering
/// allows them only in `ModifiedCost` abilities.
pub(crate) const STANDARD: Table<EffectKind> = &[
    ("DrawCard", EffectKind::DrawCard),
    ("Draw", EffectKind::DrawCard),
    ("DrawThenDamage", EffectKind::DrawThenDamage),
    ("Mill", EffectKind::Mill),
    ("RedrawHand", EffectKind::RedrawHand),
    ("Search", EffectKind::Search),
    ("SearchAndTarget", EffectKind::SearchAndTarget),
    ("SearchFilteredOptions", EffectKind::SearchFilteredOptions),
    ("TopDeckToEx", EffectKind::TopDeckToEx),
    ("TopDeckToExArea", EffectKind::TopDeckToEx),
    ("TopDeckToExAndTarget", EffectKind::TopDeckToExAndTarget),
    ("Destroy", EffectKind::Destroy),
    ("DestroyCard", EffectKind::Destroy),
    ("Banish", EffectKind::Banish),
    ("BanishCard", EffectKind::Banish),
    ("ReturnToHand", EffectKind::ReturnToHand),
    ("SendToCemetery", EffectKind::SendToCemetery),
    ("SendToEx", EffectKind::SendToEx),
    ("SendToExArea", EffectKind::SendToEx),
    ("TopDeck", EffectKind::TopDeck),
    ("BottomDeck", EffectKind::BottomDeck),
    ("TopOrBottomDeck", EffectKind::TopOrBottomDeck),
    ("PutExToFieldAndTarget", EffectKind::PutExToFieldAndTarget),
    (
        "DestroyAndControllerPerformEffect",
        EffectKind::DestroyAndControllerPerformEffect,
    ),
    ("Discard", EffectKind::Discard),
    ("DiscardHand", EffectKind::DiscardHand),
    ("DiscardRandomCard", EffectKind::DiscardRandomCard),
    ("DiscardRandomCards", EffectKind::DiscardRandomCard),
    (
        "DiscardFromOpponentHand",
        EffectKind::DiscardFromOpponentHand,
    ),
    ("DiscardToBottomDeck", EffectKind::DiscardToBottomDeck),
    ("HandToEx", EffectKind::HandToEx),
    ("HandToExArea", EffectKind::HandToEx),
    ("HandToExAndTarget", EffectKind::HandToExAndTarget),
    ("HandToExAreaAndTarget", EffectKind::HandToExAndTarget),
    ("HandToField", EffectKind::HandToField),
    ("Salvage", EffectKind::Salvage),
    ("CemeteryToField", EffectKind::CemeteryToField),
    (
        "CemeteryToFieldAndTarget",
        EffectKind::CemeteryToFieldAndTarget,
    ),
    ("PlaySpellFromCemetery", EffectKind::PlaySpellFromCemetery),
    (
        "PlaySpellFromCemeterySetCost",
        EffectKind::PlaySpellFromCemeterySetCost,
    ),
    ("DealDamage", EffectKind::DealDamage),
    ("DealDamageDivided", EffectKind::DealDamageDivided),
    ("GiveStat", EffectKind::GiveStat),
    ("GiveStatEndOfTurn", EffectKind::GiveStatEndOfTurn),
    ("SetStat", EffectKind::SetStat),
    ("SetStatEndOfTurn", EffectKind::SetStatEndOfTurn),
    ("EngageCard", EffectKind::Engage),
    ("Engage", EffectKind::Engage),
    ("ReserveCard", EffectKind::Reserve),
    ("Reserve", EffectKind::Reserve),
    ("Refresh", EffectKind::Reserve),
    ("GiveTrait", EffectKind::GiveTrait),
    ("GiveKeyword", EffectKind::GiveKeyword),
    ("GiveKeywordEndOfTurn", EffectKind::GiveKeywordEndOfTurn),
    (
        "GiveKeywordEndOfNextTurn",
        EffectKind::GiveKeywordEndOfNextTurn,
    ),
    ("GiveCounter", EffectKind::GiveCounter),
    ("GiveCounters", EffectKind::GiveCounter),
    ("RemoveCounter", EffectKind::RemoveCounter),
    ("RemoveCounters", EffectKind::RemoveCounter),
    ("MoveCounter", EffectKind::MoveCounter),
    ("MoveCounters", EffectKind::MoveCounter),
    ("SummonToken", EffectKind::SummonToken),
    ("SummonTokenAndTarget", EffectKind::SummonTokenAndTarget),
    ("Transform", EffectKind::Transform),
    ("Sequence", EffectKind::Sequence),
    ("ChooseFromList", EffectKind::ChooseFromList),
    ("ChooseAmountFromList", EffectKind::ChooseAmountFromList),
    ("RollDice", EffectKind::RollDice),
    ("TargetForSequence", EffectKind::TargetForSequence),
    ("TargetForEffectSequence", EffectKind::TargetForSequence),
    (
        "TargetForSequenceWithTargetAmount",
        EffectKind::TargetForSequenceWithTargetAmount,
    ),
    (
        "PerformWithTargetAmount",
        EffectKind::PerformWithTargetAmount,
    ),
    ("PerformAsEachTarget", EffectKind::PerformAsEachTarget),
    ("OpponentPerformEffect", EffectKind::OpponentPerformEffect),
    ("Evolve", EffectKind::Evolve),
    ("Shuffle", EffectKind::Shuffle),
    ("ShuffleDeck", EffectKind::Shuffle),
    ("CheckTop", EffectKind::CheckTop),
    ("RevealTop", EffectKind::RevealTop),
    ("ExtraTurn", EffectKind::ExtraTurn),
    ("SkipNextTurn", EffectKind::SkipNextTurn),
    ("DeclareCardName", EffectKind::DeclareCardName),
    ("WinGame", EffectKind::WinGame),
    ("TakeControl", EffectKind::TakeControl),
    ("GiveControl", EffectKind::GiveControl),
    ("CreateDelayed", EffectKind::CreateDelayed),
    ("ExecuteUnionBurst", EffectKind::ExecuteUnionBurst),
    ("GiveDrive", EffectKind::GiveDrive),
    ("TakeLessDamage", EffectKind::TakeLessDamage),
    ("TakeNoDamage", EffectKind::TakeNoDamage),
    ("TakeAtMostDamage", EffectKind::TakeAtMostDamage),
    ("Maneuver", EffectKind::Maneuver),
    ("ChangeType", EffectKind::ChangeType),
    ("DriveCheck", EffectKind::DriveCheck),
    ("RestrictPlayer", EffectKind::RestrictPlayer),
    ("ChangePlayCost", EffectKind::ChangePlayCost),
    ("AllowPlayFromBanished", EffectKind::AllowPlayFromBanished),
    ("InsteadOfCemetery", EffectKind::InsteadOfCemetery),
    ("EvolveDeckToField", EffectKind::EvolveDeckToField),
    ("PlayFromEvolveDeck", EffectKind::PlayFromEvolveDeck),
    ("FlipEvolveDeckFaceDown", EffectKind::FlipEvolveDeckFaceDown),
    ("Equip", EffectKind::Equip),
    ("ComplexEffect", EffectKind::Complex),
    ("Complex", EffectKind::Complex),
    ("ReducedCost", EffectKind::ReducedCost),
    ("AlternateCost", EffectKind::AlternateCost),
];

/// Passive effects (spec §5.7; `GiveAbility` from §11).
pub(crate) const PASSIVE: Table<EffectKind> = &[
    ("GiveKeyword", EffectKind::PassiveKeyword),
    ("GiveStat", EffectKind::PassiveStat),
    ("MinusCostOther", EffectKind::MinusCostOther),
    ("GiveAbility", EffectKind::GiveAbility),
    ("AlsoNamed", EffectKind::AlsoNamed),
    ("EvolvesInto", EffectKind::EvolvesInto),
    ("BackFaceOf", EffectKind::BackFaceOf),
    ("AlternateName", EffectKind::AlternateName),
    ("TriggerIcon", EffectKind::TriggerIcon),
    ("TokenKindRules", EffectKind::TokenKindRules),
    // While the card is in play, the cards it reaches take less damage
    // (later-sets §11.2); never `NextTime`.
    ("TakeLessDamage", EffectKind::TakeLessDamage),
    ("TakeNoDamage", EffectKind::TakeNoDamage),
    ("TakeAtMostDamage", EffectKind::TakeAtMostDamage),
    // While the card is in play, the cards it reaches go elsewhere
    // instead of the cemetery as they leave the field (later-sets §11.2).
    ("InsteadOfCemetery", EffectKind::InsteadOfCemetery),
    // While the passive applies, this card is of that type ("while it has
    // 4 or more counters, it's a follower", later-sets §12.6).
    ("ChangeType", EffectKind::ChangeType),
];

/// Which `to` clause an effect accepts (spec §5.1 step 4).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum ToForm {
    /// `to <Target> <Filter...>`
    TargetAndFilter,
    /// `to <Target>`
    Target,
    /// `to <Filter...>` (only `DealDamageDivided`)
    Filter,
    /// no `to` (the word after `to` is ignored)
    None,
}

impl EffectKind {
    pub fn to_form(self) -> ToForm {
        use EffectKind::*;
        match self {
            DrawCard
            | DiscardHand
            | DiscardRandomCard
            | CemeteryToField
            | CemeteryToFieldAndTarget
            | Shuffle
            | SkipNextTurn
            | WinGame
            | RestrictPlayer
            | ChangePlayCost
            | AllowPlayFromBanished => ToForm::Target,
            DealDamageDivided => ToForm::Filter,
            DrawThenDamage
            | Destroy
            | TakeControl
            | GiveControl
            | ExecuteUnionBurst
            | GiveDrive
            | TakeLessDamage
            | TakeNoDamage
            | TakeAtMostDamage
            | InsteadOfCemetery
            | Maneuver
            | ChangeType
            | CreateDelayed
            | Banish
            | ReturnToHand
            | SendToCemetery
            | SendToEx
            | TopDeck
            | BottomDeck
            | TopOrBottomDeck
            | PutExToFieldAndTarget
            | DestroyAndControllerPerformEffect
            | DealDamage
            | GiveStat
            | GiveStatEndOfTurn
            | SetStat
            | SetStatEndOfTurn
            | Engage
            | Reserve
            | GiveTrait
            | GiveKeyword
            | GiveKeywordEndOfTurn
            | GiveKeywordEndOfNextTurn
            | GiveCounter
            | RemoveCounter
            | MoveCounter
            | Transform
            | Equip
            | TargetForSequence
            | TargetForSequenceWithTargetAmount
            | PerformWithTargetAmount
            | PerformAsEachTarget
            | OpponentPerformEffect
            | Evolve
            | PassiveKeyword
            | PassiveStat
            | MinusCostOther
            | GiveAbility => ToForm::TargetAndFilter,
            Mill
            | RedrawHand
            | Search
            | SearchAndTarget
            | SearchFilteredOptions
            | TopDeckToEx
            | TopDeckToExAndTarget
            | Discard
            | DiscardFromOpponentHand
            | DiscardToBottomDeck
            | HandToEx
            | HandToExAndTarget
            | HandToField
            | EvolveDeckToField
            | PlayFromEvolveDeck
            | Salvage
            | PlaySpellFromCemetery
            | PlaySpellFromCemeterySetCost
            | SummonToken
            | SummonTokenAndTarget
            | Sequence
            | ChooseFromList
            | ChooseAmountFromList
            | RollDice
            | CheckTop
            | RevealTop
            | ExtraTurn
            | DeclareCardName
            | FlipEvolveDeckFaceDown
            | Complex
            | ReducedCost
            | AlternateCost
            | AlsoNamed
            | EvolvesInto
            | BackFaceOf
            | AlternateName
            | TriggerIcon
            | TokenKindRules
            | DriveCheck => ToForm::None,
        }
    }

    pub fn is_cost_modifier(self) -> bool {
        matches!(self, EffectKind::ReducedCost | EffectKind::AlternateCost)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_has_every_effect_and_alias_once() {
        let mut names: Vec<_> = STANDARD.iter().map(|(name, _)| *name).collect();
        names.extend(PASSIVE.iter().map(|(name, _)| *name));
        // 92 standard spellings: the 84 of §5.4 (aliases and the two cost
        // modifiers included), the §11 branch effect, `SkipNextTurn`,
        // `WinGame`, `TakeControl` and `GiveControl` (later-sets §12.9,
        // §12.3, §12.8), `CreateDelayed` (§11.4) and `ExecuteUnionBurst`
        // (§1.3), `EvolveDeckToField` and `PlayFromEvolveDeck` (§6.1),
        // `Equip` (§5), `GiveDrive` (§2.4), `DriveCheck` (§2.3),
        // `TakeLessDamage`, `TakeNoDamage`, `TakeAtMostDamage` (§11.2),
        // `Maneuver` (§12.4), `ChangeType` (§12.6), `RestrictPlayer`,
        // `ChangePlayCost`, `AllowPlayFromBanished` (§12.10, §12.12),
        // `InsteadOfCemetery` (§11.2, also a passive one), `DeclareCardName`
        // (§12.11). Plus 15
        // passive ones (`AlsoNamed` and `AlternateName`, later-sets §8;
        // `EvolvesInto` (with a cost of its own or not) and
        // `BackFaceOf`, §10; `TriggerIcon`, §2.1; `TokenKindRules`, a
        // declared token kind's; the three damage replacements and
        // `InsteadOfCemetery`, §11.2; `ChangeType`, §12.6);
        // `GiveKeyword`/`GiveStat` appear in both tables with different
        // meanings.
        const NEW_EFFECT: &str = "a new effect needs: its `EffectKind` here, each spelling in \
            STANDARD (or PASSIVE), its `to` clause in `EffectKind::to_form`, its lowering in \
            src/effects/mod.rs, its variant appended at the END of `ir::Effect` \
            (src/ir/effect.rs; then bump IR_VERSION as tests/ir_version.rs says: an append \
            keeps packaged packs loading), and its run in sdk/script-runtime/src/interp/mod.rs; \
            then update the count here";
        assert_eq!(STANDARD.len(), 106, "{NEW_EFFECT}");
        assert_eq!(PASSIVE.len(), 15, "{NEW_EFFECT}");
        let mut standard: Vec<_> = STANDARD.iter().map(|(name, _)| *name).collect();
        standard.sort_unstable();
        standard.dedup();
        assert_eq!(standard.len(), STANDARD.len(), "duplicate spelling");
        assert!(names.contains(&"TargetForEffectSequence"));
    }
}
