//! Name tables: every spelling the language accepts for triggers, targets,
//! keywords, counters, stats, durations and option words, with aliases, and
//! the case-insensitive header vocabularies (class, type, rarity, universe).
//!
//! Lookups of script names are case-sensitive (spec §1.6); misses are turned
//! into "unknown ..." diagnostics with a suggestion from the same table.

use crate::diagnostics::{NameKind, Problem, Sink};
use crate::ir::{
    CardType, CheckActionKind, Class, Counter, DamageTaken, DelayedLasts, Duration, HookWhose,
    HookZone, InsteadZone, Keyword, PlayerEffect, Rarity, SearchAction, Stat, Target, TokenOption,
    Trigger, TriggerIcon, TurnStat, TurnWindow, Universe,
};
use crate::span::Piece;
use crate::suggest::did_you_mean;

/// A spelling and what it means.
pub(crate) type Table<T> = &'static [(&'static str, T)];

pub(crate) const TRIGGERS: Table<Trigger> = &[
    ("Fanfare", Trigger::Fanfare),
    ("FanfareHand", Trigger::FanfareHand),
    ("FanfareNotHand", Trigger::FanfareNotHand),
    ("LastWords", Trigger::LastWords),
    ("OnLeaveField", Trigger::OnLeaveField),
    ("OnReturnToHandFromField", Trigger::OnReturnToHandFromField),
    (
        "OnOtherReturnToHandFromField",
        Trigger::OnOtherReturnToHandFromField,
    ),
    ("OnOtherEnterField", Trigger::OnOtherEnterField),
    ("OnOtherLeaveField", Trigger::OnOtherLeaveField),
    (
        "OnOpponentCardLeaveField",
        Trigger::OnOpponentCardLeaveField,
    ),
    ("OnDiscarded", Trigger::OnDiscarded),
    ("OnEvolve", Trigger::OnEvolve),
    ("OnOtherEvolve", Trigger::OnOtherEvolve),
    ("OnRace", Trigger::OnRace),
    ("OnOtherRace", Trigger::OnOtherRace),
    ("Strike", Trigger::Strike),
    ("FollowerStrike", Trigger::FollowerStrike),
    ("LeaderStrike", Trigger::LeaderStrike),
    ("OnOtherAttack", Trigger::OnOtherAttack),
    ("OnPlaySpell", Trigger::OnPlaySpell),
    ("OnDealCombatDamage", Trigger::OnDealCombatDamage),
    ("OnLeaderGainDefense", Trigger::OnLeaderGainDefense),
    ("OnLeaderDefenseZero", Trigger::OnLeaderDefenseZero),
    ("StartMainPhase", Trigger::StartMainPhase),
    ("StartOpponentMainPhase", Trigger::StartOpponentMainPhase),
    ("StartEndPhase", Trigger::StartEndPhase),
    ("Spell", Trigger::Spell),
    ("Passive", Trigger::Passive),
    ("ModifiedCost", Trigger::ModifiedCost),
    ("Act", Trigger::Act),
    ("Activate", Trigger::Act),
    ("Activated", Trigger::Act),
    ("OnMove", Trigger::OnMove),
    ("OnOtherUnionBurst", Trigger::OnOtherUnionBurst),
    ("OnFuse", Trigger::OnFuse),
    ("OnFused", Trigger::OnFused),
    ("OnEquipped", Trigger::OnEquipped),
    ("OnDrive", Trigger::OnDrive),
    ("OnDriveCheck", Trigger::OnDriveCheck),
    ("OnDriveCheckTrigger", Trigger::OnDriveCheckTrigger),
];

/// The zones a `moves` line names (`Any` is read apart).
pub(crate) const HOOK_ZONES: Table<HookZone> = &[
    ("Deck", HookZone::Deck),
    ("Hand", HookZone::Hand),
    ("Field", HookZone::Field),
    ("ExArea", HookZone::ExArea),
    ("Cemetery", HookZone::Cemetery),
    ("Banished", HookZone::Banished),
    ("EvolveDeck", HookZone::EvolveDeck),
    ("Resolution", HookZone::Resolution),
];

/// The options after a `moves` line's zones.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum HookOption {
    /// Whose cards.
    Whose(HookWhose),
    /// This card's own moves.
    ThisCard,
    /// Others' moves and this card's own too (IR 24).
    ThisCardToo,
    /// Once per batch.
    Batch,
    /// A way the card must have moved (IR 9).
    Way(crate::ir::HookWays),
}

/// The words of [`HookOption`].
pub(crate) const HOOK_OPTIONS: Table<HookOption> = &[
    ("Yours", HookOption::Whose(HookWhose::Yours)),
    ("Opponents", HookOption::Whose(HookWhose::Opponents)),
    ("Anyone", HookOption::Whose(HookWhose::Anyone)),
    ("ThisCard", HookOption::ThisCard),
    ("ThisCardToo", HookOption::ThisCardToo),
    ("Batch", HookOption::Batch),
    ("Destroyed", HookOption::Way(crate::ir::HookWays(1 << 0))),
    ("Discarded", HookOption::Way(crate::ir::HookWays(1 << 1))),
    ("Banished", HookOption::Way(crate::ir::HookWays(1 << 2))),
    ("Buried", HookOption::Way(crate::ir::HookWays(1 << 3))),
    ("Returned", HookOption::Way(crate::ir::HookWays(1 << 4))),
    ("Played", HookOption::Way(crate::ir::HookWays(1 << 5))),
];

pub(crate) const TARGETS: Table<Target> = &[
    ("Self", Target::This),
    ("Leader", Target::Leader),
    ("Opponent", Target::Opponent),
    ("OpponentLeader", Target::OpponentLeader),
    ("AllLeaders", Target::AllLeaders),
    ("AllPlayers", Target::AllPlayers),
    ("AllPlayerCards", Target::AllPlayerCards),
    ("AllPlayerCardsEx", Target::AllPlayerCardsEx),
    ("AllPlayerCardsFieldAndEx", Target::AllPlayerCardsFieldAndEx),
    ("AllOpponentCards", Target::AllOpponentCards),
    ("AllOpponentCardsEx", Target::AllOpponentCardsEx),
    (
        "AllOpponentCardsFieldAndEx",
        Target::AllOpponentCardsFieldAndEx,
    ),
    (
        "AllOpponentCardsAndLeader",
        Target::AllOpponentCardsAndLeader,
    ),
    ("AllCards", Target::AllCards),
    ("TriggerCard", Target::TriggerCard),
    ("TargetPlayerCard", Target::TargetPlayerCard),
    ("TargetPlayerCardEx", Target::TargetPlayerCardEx),
    ("TargetOpponentCard", Target::TargetOpponentCard),
    ("TargetOpponentCardEx", Target::TargetOpponentCardEx),
    (
        "TargetOpponentCardOrLeader",
        Target::TargetOpponentCardOrLeader,
    ),
    ("TargetCard", Target::TargetCard),
    ("TargetCardEx", Target::TargetCardEx),
    ("TargetPlayerCardOrLeader", Target::TargetPlayerCardOrLeader),
    (
        "TargetOpponentCardsDivided",
        Target::TargetOpponentCardsDivided,
    ),
    ("Equipped", Target::Equipped),
    ("EquippedFollower", Target::EquippedFollower),
];

pub(crate) const KEYWORDS: Table<Keyword> = &[
    ("Ward", Keyword::Ward),
    ("Storm", Keyword::Storm),
    ("Rush", Keyword::Rush),
    ("Assail", Keyword::Assail),
    ("Intimidate", Keyword::Intimidate),
    ("Drain", Keyword::Drain),
    ("Bane", Keyword::Bane),
    ("Aura", Keyword::Aura),
    ("Quick", Keyword::Quick),
    ("Evolve", Keyword::Evolve),
    ("EarthRite", Keyword::EarthRite),
    ("serve", Keyword::Serve1),
    ("serve1", Keyword::Serve1),
    ("serve2", Keyword::Serve2),
    ("serve3", Keyword::Serve3),
    ("IgnoreWard", Keyword::IgnoreWard),
    ("PutOnFieldEngaged", Keyword::PutOnFieldEngaged),
    ("UseDefAsAtk", Keyword::UseDefAsAtk),
    (
        "RuneFollowersForSpellchain",
        Keyword::RuneFollowersForSpellchain,
    ),
    (
        "CannotDestroyByAbilities",
        Keyword::CannotDestroyByAbilities,
    ),
    ("CannotAttack", Keyword::CannotAttack),
    ("CannotAttackLeaders", Keyword::CannotAttackLeaders),
    ("Plus1Damage", Keyword::Plus1Damage),
    ("Plus2Damage", Keyword::Plus2Damage),
    ("Plus3Damage", Keyword::Plus3Damage),
    ("Plus4Damage", Keyword::Plus4Damage),
    ("DamageReduction1", Keyword::DamageReduction1),
    (
        "DamageReductionAbilities1",
        Keyword::DamageReductionAbilities1,
    ),
    ("CannotDealDamage", Keyword::CannotDealDamage),
    ("DoesNotTakeDamage", Keyword::DoesNotTakeDamage),
    ("DoesNotTakeCombatDamage", Keyword::DoesNotTakeCombatDamage),
    ("DoubleCombatDamage", Keyword::DoubleCombatDamage),
    ("DoubleLeaderDamage", Keyword::DoubleLeaderDamage),
    ("CannotBePlayedFromEx", Keyword::CannotBePlayedFromEx),
    ("CannotBeDestroyed", Keyword::CannotBeDestroyed),
    ("CannotBeBanished", Keyword::CannotBeBanished),
    ("EvolveAnyNumber", Keyword::EvolveAnyNumber),
    ("CannotLose", Keyword::CannotLose),
    ("MustBeSelected", Keyword::MustBeSelected),
    ("PlayableFromCemetery", Keyword::PlayableFromCemetery),
    ("EnemiesMustAttack", Keyword::EnemiesMustAttack),
    (
        "OpponentsCannotDrawOutsideStartPhase",
        Keyword::OpponentsCannotDrawOutsideStartPhase,
    ),
    ("LosesAllAbilities", Keyword::LosesAllAbilities),
    ("Boxed", Keyword::Boxed),
    ("Drive", Keyword::Drive),
    ("SingleDrive", Keyword::SingleDrive),
    ("TwinDrive", Keyword::TwinDrive),
    ("StartingAmulet", Keyword::StartingAmulet),
    ("BanishesEnemiesInstead", Keyword::BanishesEnemiesInstead),
    (
        "ChooseAnyNumberOfOptions",
        Keyword::ChooseAnyNumberOfOptions,
    ),
];

pub(crate) const COUNTERS: Table<Counter> = &[
    ("Stack", Counter::Stack),
    ("Spell", Counter::Spell),
    ("Prayer", Counter::Prayer),
    ("Fable", Counter::Fable),
    ("Fusion", Counter::Fusion),
];

pub(crate) const STATS: Table<Stat> = &[
    ("Atk", Stat::Attack),
    ("Attack", Stat::Attack),
    ("Def", Stat::Defense),
    ("Defense", Stat::Defense),
    ("AtkDef", Stat::AttackDefense),
    ("AttackDefense", Stat::AttackDefense),
    ("Cost", Stat::Cost),
    ("EvolveCost", Stat::EvolveCost),
    ("MaxPP", Stat::MaxPlayPoints),
    ("MaxPlayPoint", Stat::MaxPlayPoints),
    ("MaxPlayPoints", Stat::MaxPlayPoints),
    ("PP", Stat::PlayPoints),
    ("PlayPoint", Stat::PlayPoints),
    ("PlayPoints", Stat::PlayPoints),
    ("EP", Stat::EvolvePoints),
    ("EvolvePoint", Stat::EvolvePoints),
];

pub(crate) const DURATIONS: Table<Duration> = &[
    ("WhileOnField", Duration::WhileOnField),
    ("OpponentTurn", Duration::OpponentTurn),
    ("EndOfTurn", Duration::EndOfTurn),
    ("EndOfNextTurn", Duration::EndOfNextTurn),
];

/// `CreateDelayed`'s second argument: how long the ability waits.
/// The Trigger icons (`TriggerIcon`'s argument, later-sets §2.1).
pub(crate) const TRIGGER_ICONS: Table<TriggerIcon> = &[
    ("Critical", TriggerIcon::Critical),
    ("Draw", TriggerIcon::Draw),
    ("Stand", TriggerIcon::Stand),
    ("Heal", TriggerIcon::Heal),
];

/// `TakeLessDamage`'s, `TakeNoDamage`'s and `TakeAtMostDamage`'s kind
/// word: which damage they replace.
pub(crate) const DAMAGE_TAKEN: Table<DamageTaken> = &[
    ("Any", DamageTaken::Any),
    ("Ability", DamageTaken::Ability),
    ("Combat", DamageTaken::Combat),
];

/// Their duration: `OpponentTurn` (a passive's) is no duration of an
/// effect.
pub(crate) const DAMAGE_DURATIONS: Table<Duration> = &[
    ("WhileOnField", Duration::WhileOnField),
    ("EndOfTurn", Duration::EndOfTurn),
    ("EndOfNextTurn", Duration::EndOfNextTurn),
];

/// `RestrictPlayer`'s first argument: what the player may not do.
pub(crate) const RESTRICTIONS: Table<PlayerEffect> = &[
    ("NoStartPhaseDraw", PlayerEffect::NoStartPhaseDraw),
    ("NoMaxPpIncrease", PlayerEffect::NoMaxPpIncrease),
    ("CannotPlayFollowers", PlayerEffect::CannotPlayFollowers),
];

/// The window of an effect on a player (`RestrictPlayer`,
/// `ChangePlayCost`, `AllowPlayFromBanished`).
pub(crate) const TURN_WINDOWS: Table<TurnWindow> = &[
    ("ThisTurn", TurnWindow::ThisTurn),
    ("NextTurn", TurnWindow::NextTurn),
];

/// `InsteadOfCemetery`'s argument: where the card goes instead.
pub(crate) const INSTEAD_ZONES: Table<InsteadZone> = &[
    ("Banished", InsteadZone::Banished),
    ("ExArea", InsteadZone::ExArea),
    ("Hand", InsteadZone::Hand),
    ("DeckTop", InsteadZone::DeckTop),
    ("DeckBottom", InsteadZone::DeckBottom),
];

/// `ChangeType`'s argument: the types a card on the field may become.
pub(crate) const CHANGED_TYPES: Table<CardType> = &[
    ("Follower", CardType::Follower),
    ("Amulet", CardType::Amulet),
];

/// Their optional last word: only the next time.
pub(crate) const NEXT_TIME: Table<bool> = &[("NextTime", true)];

/// `TokenKindRules`'s first argument: where the kind's tokens may be
/// (on the field, in an EX area).
pub(crate) const TOKEN_ZONES: Table<(bool, bool)> = &[
    ("Field", (true, false)),
    ("ExArea", (false, true)),
    ("FieldOrExArea", (true, true)),
];

/// `TokenKindRules`'s optional last word: one of a name per zone.
pub(crate) const ONE_PER_NAME: Table<bool> = &[("OnePerName", true)];

pub(crate) const DELAYED_LASTS: Table<DelayedLasts> = &[
    ("Once", DelayedLasts::Once),
    ("ThisTurn", DelayedLasts::ThisTurn),
    ("EveryTimeThisTurn", DelayedLasts::EveryTimeThisTurn),
];

pub(crate) const TOKEN_OPTIONS: Table<TokenOption> = &[
    ("Field", TokenOption::Field),
    ("ExArea", TokenOption::ExArea),
    ("FieldOverflowToEx", TokenOption::FieldOverflowToEx),
    (
        "ChooseForEachFieldOrEx",
        TokenOption::ChooseForEachFieldOrEx,
    ),
];

pub(crate) const SEARCH_ACTIONS: Table<SearchAction> = &[
    ("Hand", SearchAction::Hand),
    ("Cemetery", SearchAction::Cemetery),
    ("Field", SearchAction::Field),
    ("ExArea", SearchAction::ExArea),
];

pub(crate) const CHECK_ACTIONS: Table<CheckActionKind> = &[
    ("Hand", CheckActionKind::Hand),
    ("Cemetery", CheckActionKind::Cemetery),
    ("Field", CheckActionKind::Field),
    ("BottomDeck", CheckActionKind::BottomDeck),
    ("TopOrBottomDeck", CheckActionKind::TopOrBottomDeck),
    ("TopDeckAnyOrder", CheckActionKind::TopDeckAnyOrder),
    ("TopDeckSameOrder", CheckActionKind::TopDeckSameOrder),
    ("BottomDeckAnyOrder", CheckActionKind::BottomDeckAnyOrder),
];

pub(crate) const TURN_STATS: Table<TurnStat> = &[
    ("destroyed", TurnStat::Destroyed),
    ("discard", TurnStat::Discarded),
    ("discarded", TurnStat::Discarded),
    ("attacked", TurnStat::Attacked),
    ("spellsPlayed", TurnStat::SpellsPlayed),
    ("evolveDeckFaceUp", TurnStat::EvolveDeckFaceUp),
    ("evolveDeckFaceDown", TurnStat::EvolveDeckFaceDown),
    ("turnsOnField", TurnStat::TurnsOnField),
    ("returnedToHandFromField", TurnStat::ReturnedToHandFromField),
    ("banishedFromEx", TurnStat::BanishedFromEx),
    ("unionBursts", TurnStat::UnionBursts),
    ("fused", TurnStat::Fused),
];

/// Exact, case-sensitive lookup.
pub(crate) fn lookup<T: Copy>(table: Table<T>, name: &str) -> Option<T> {
    table
        .iter()
        .find(|(spelling, _)| *spelling == name)
        .map(|(_, value)| *value)
}

/// All spellings of a table, for suggestions.
pub(crate) fn spellings<T>(table: Table<T>) -> impl Iterator<Item = &'static str> {
    table.iter().map(|(spelling, _)| *spelling)
}

/// Looks `name` up and reports an "unknown ..." error with a suggestion on
/// a miss.
pub(crate) fn resolve<T: Copy>(
    table: Table<T>,
    name: Piece<'_>,
    what: NameKind,
    expected: &'static str,
    sink: &mut Sink,
) -> Option<T> {
    let found = lookup(table, name.text);
    if found.is_none() {
        report_unknown(sink, name, what, expected, spellings(table));
    }
    found
}

/// Reports an unknown name with the closest candidate as help.
pub(crate) fn report_unknown<'c>(
    sink: &mut Sink,
    name: Piece<'_>,
    what: NameKind,
    expected: &'static str,
    candidates: impl IntoIterator<Item = &'c str>,
) {
    let help = did_you_mean(name.text, candidates);
    let shown = if name.text.is_empty() {
        "(nothing)".to_owned()
    } else {
        name.text.to_owned()
    };
    sink.report_with_help(
        name.span(),
        Problem::UnknownName {
            what,
            found: shown,
            expected,
        },
        help,
    );
}

/// A keyword name after the `Cant`→`Cannot` and `Doesnt`→`DoesNot`
/// rewriting of spec §3.
pub(crate) fn normalize_keyword(name: &str) -> String {
    name.replace("Cant", "Cannot").replace("Doesnt", "DoesNot")
}

/// What a keyword-position name means: a keyword or a counter (spec §3:
/// counters are written where keywords are).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum KeywordOrCounter {
    Keyword(Keyword),
    Counter(Counter),
}

/// Resolves a keyword or counter name (aliases applied), reporting misses.
pub(crate) fn keyword_or_counter(
    name: Piece<'_>,
    sink: &mut Sink,
    declared: &crate::declared::Declarations,
) -> Option<KeywordOrCounter> {
    let normalized = normalize_keyword(name.text);
    if let Some(keyword) = lookup(KEYWORDS, &normalized) {
        return Some(KeywordOrCounter::Keyword(keyword));
    }
    if let Some(counter) = counter_name(&normalized) {
        return Some(KeywordOrCounter::Counter(counter));
    }
    if let Some(keyword) = declared.keyword(name.text.trim()) {
        return Some(KeywordOrCounter::Keyword(keyword));
    }
    if let Some(counter) = declared.counter(name.text) {
        return Some(KeywordOrCounter::Counter(counter));
    }
    let mut candidates: Vec<&str> = spellings(KEYWORDS).chain(spellings(COUNTERS)).collect();
    candidates.extend(declared.keyword_names());
    candidates.extend(declared.counter_names());
    report_unknown(
        sink,
        name,
        NameKind::Keyword,
        "a keyword such as `Ward`, `Storm` or `Rush`, a counter, or a keyword or counter a `type Keyword;` or `type Counter;` card of the pack declares",
        candidates,
    );
    None
}

/// A counter name, with or without a `Counter` suffix (`StackCounter`).
pub(crate) fn counter_name(name: &str) -> Option<Counter> {
    let stem = name.trim();
    let stem = stem.strip_suffix("Counter").unwrap_or(stem).trim();
    lookup(COUNTERS, stem)
}

/// Resolves a counter name, built-in or one a `type Counter;` card of the
/// set declares, reporting misses.
pub(crate) fn counter(
    name: Piece<'_>,
    sink: &mut Sink,
    declared: &crate::declared::Declarations,
) -> Option<Counter> {
    let found = counter_name(name.text).or_else(|| declared.counter(name.text));
    if found.is_none() {
        let mut candidates: Vec<&str> = spellings(COUNTERS).collect();
        candidates.extend(declared.counter_names());
        report_unknown(
            sink,
            name,
            NameKind::Counter,
            "`Stack`, `Spell`, `Prayer`, `Fable`, `Fusion` or a counter a `type Counter;` card of the pack declares",
            candidates,
        );
    }
    found
}

/// `class` header values and `c(...)` filter items: case-insensitive, an
/// optional `craft` suffix, read by the vocabulary
/// (`sve_vocab::class_named`, the engine's reader too).
pub(crate) fn class(text: &str) -> Option<Class> {
    let info = sve_vocab::class_named(text)?;
    Class::ALL
        .iter()
        .copied()
        .find(|class| class.name() == info.name)
}

/// `universe` header values: a word or printed name of a universe of
/// `sve_vocab::UNIVERSES`, in any case.
pub(crate) fn universe(text: &str) -> Option<Universe> {
    let info = sve_vocab::universe_named(text)?;
    Universe::ALL
        .iter()
        .copied()
        .find(|universe| universe.name() == info.name)
}

/// Everything a `universe` header may say, for "did you mean".
pub(crate) fn universe_spellings() -> impl Iterator<Item = &'static str> {
    sve_vocab::UNIVERSES
        .iter()
        .flat_map(|universe| universe.words.iter().copied())
}

/// `rarity` header values, case-insensitive (`SL` is Legendary, a peer quirk).
pub(crate) fn rarity(text: &str) -> Option<Rarity> {
    match text.trim().to_ascii_lowercase().as_str() {
        "l" | "legendary" | "sl" => Some(Rarity::Legendary),
        "g" | "gold" => Some(Rarity::Gold),
        "s" | "silver" => Some(Rarity::Silver),
        "b" | "bronze" => Some(Rarity::Bronze),
        "u" | "ultimate" => Some(Rarity::Ultimate),
        "super legendary" => Some(Rarity::SuperLegendary),
        _ => None,
    }
}

/// The result of reading a `type` header.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct TypeReading {
    /// The type, `None` when the text is unknown (the caller falls back to
    /// Follower).
    pub card_type: Option<CardType>,
    /// `/ token` was present.
    pub token: bool,
    /// `/ advanced` was present (later-sets §6: an advanced card).
    pub advanced: bool,
    /// `/ equipment` was present (later-sets §5: an equipment token).
    pub equipment: bool,
}

/// `type` header values: lower-cased, `/ token` removed, and the rest read
/// by the vocabulary (`sve_vocab::card_type_named`, the engine's reader
/// too: printed names, any case).
pub(crate) fn card_type(text: &str) -> TypeReading {
    let lower = text.to_ascii_lowercase();
    let token = lower.contains("/ token");
    // Later-sets §6: an advanced card's special type.
    let advanced = lower.contains("/ advanced");
    // Later-sets §5: an equipment token.
    let equipment = lower.contains("/ equipment");
    let stem = lower
        .replace("/ token", "")
        .replace("/ advanced", "")
        .replace("/ equipment", "");
    // `Keyword` declares a keyword and `Counter` a counter kind
    // (`declared.rs`): no types of the game's cards, so not the
    // vocabulary's.
    if stem.trim() == "keyword" {
        return TypeReading {
            card_type: Some(CardType::Keyword),
            token,
            advanced,
            equipment,
        };
    }
    if stem.trim() == "counter" {
        return TypeReading {
            card_type: Some(CardType::Counter),
            token,
            advanced,
            equipment,
        };
    }
    if stem.trim() == "tokenkind" {
        return TypeReading {
            card_type: Some(CardType::TokenKind),
            token,
            advanced,
            equipment,
        };
    }
    let card_type = sve_vocab::card_type_named(&stem).and_then(|info| {
        CardType::ALL
            .iter()
            .copied()
            .find(|card_type| card_type.name() == info.name)
    });
    TypeReading {
        card_type,
        token,
        advanced,
        equipment,
    }
}

/// The `/ Token` spellings of the types tokens have, for suggestions.
const TOKEN_TYPE_SPELLINGS: &[&str] = &["Follower / Token", "Spell / Token", "Amulet / Token"];

/// Written spellings of card types, for suggestions: the vocabulary's
/// names, then the token types.
pub(crate) fn type_spellings() -> impl Iterator<Item = &'static str> {
    sve_vocab::CARD_TYPES
        .iter()
        .map(|card_type| card_type.name)
        .chain(TOKEN_TYPE_SPELLINGS.iter().copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_enum_value_has_its_canonical_spelling_in_the_tables() {
        for trigger in Trigger::ALL {
            assert_eq!(lookup(TRIGGERS, trigger.name()), Some(*trigger));
        }
        for target in Target::ALL {
            assert_eq!(lookup(TARGETS, target.name()), Some(*target));
        }
        for keyword in Keyword::ALL {
            assert_eq!(lookup(KEYWORDS, keyword.name()), Some(*keyword));
        }
        for stat in Stat::ALL {
            assert_eq!(lookup(STATS, stat.name()), Some(*stat));
        }
        for counter in Counter::ALL {
            assert_eq!(counter_name(counter.name()), Some(*counter));
        }
        for stat in TurnStat::ALL {
            assert_eq!(lookup(TURN_STATS, stat.name()), Some(*stat));
        }
    }

    /// Script keywords the host has no keyword for: derived ones and
    /// Umamusume's serve (which the runtime turns into an ability).
    const SCRIPT_ONLY_KEYWORDS: &[Keyword] = &[
        Keyword::Evolve,
        Keyword::Serve1,
        Keyword::Serve2,
        Keyword::Serve3,
    ];

    /// Vocabulary keywords scripts write as something else: `Stack` is a
    /// counter in scripts (its keyword is set by the host).
    const WRITTEN_AS_COUNTERS: &[&str] = &["Stack"];

    /// The vocabulary (`sve-vocab`) is the one list of keywords: each one
    /// scripts can write has its IR keyword of the same name (the runtime
    /// maps them by name), and each IR keyword is the vocabulary's or a
    /// script-only one.
    #[test]
    fn ir_keywords_are_the_vocabularys() {
        for info in sve_vocab::KEYWORDS {
            let in_ir = Keyword::ALL.iter().any(|k| k.name() == info.name);
            let as_counter = WRITTEN_AS_COUNTERS.contains(&info.name);
            assert!(
                in_ir != as_counter,
                "vocabulary keyword `{}`: add `{}` to ir::Keyword and the KEYWORDS table",
                info.name,
                info.name
            );
        }
        for keyword in Keyword::ALL {
            let in_vocabulary = sve_vocab::keyword_named(keyword.name()).is_some();
            assert!(
                in_vocabulary != SCRIPT_ONLY_KEYWORDS.contains(keyword),
                "IR keyword `{keyword}` is neither the vocabulary's nor script-only"
            );
        }
    }

    /// Script triggers with no host trigger of the same name: where the
    /// card came from (the runtime's condition tells), races (run by the
    /// serve ability) and the ability kinds written as triggers.
    const SCRIPT_ONLY_TRIGGERS: &[Trigger] = &[
        Trigger::FanfareHand,
        Trigger::FanfareNotHand,
        Trigger::OnOtherReturnToHandFromField,
        Trigger::OnRace,
        Trigger::OnOtherRace,
        Trigger::Spell,
        Trigger::Passive,
        Trigger::ModifiedCost,
        Trigger::Act,
    ];

    /// Host triggers scripts do not write.
    const HOST_ONLY_TRIGGERS: &[&str] = &[
        "OnOpponentCardDestroyed",
        "OnSuperEvolve",
        "StartOpponentEndPhase",
    ];

    /// Triggers are the vocabulary's (`sve_vocab::for_each_trigger!`), name
    /// for name, but for the lists above.
    #[test]
    fn ir_triggers_are_the_vocabularys() {
        for trigger in Trigger::ALL {
            let in_vocabulary = sve_vocab::TRIGGERS
                .iter()
                .any(|t| t.ident == trigger.name());
            assert!(
                in_vocabulary != SCRIPT_ONLY_TRIGGERS.contains(trigger),
                "IR trigger `{trigger}` is neither the vocabulary's nor script-only"
            );
        }
        for info in sve_vocab::TRIGGERS {
            let in_ir = Trigger::ALL.iter().any(|t| t.name() == info.ident);
            assert!(
                in_ir != HOST_ONLY_TRIGGERS.contains(&info.ident),
                "vocabulary trigger `{}`: add it to ir::Trigger and TRIGGERS, or to HOST_ONLY_TRIGGERS",
                info.ident
            );
        }
    }

    /// Counter kinds are the vocabulary's, name for name.
    #[test]
    fn ir_counters_are_the_vocabularys() {
        let ir: Vec<&str> = Counter::ALL.iter().map(|c| c.name()).collect();
        let vocabulary: Vec<&str> = sve_vocab::COUNTERS.iter().map(|c| c.name).collect();
        assert_eq!(
            ir, vocabulary,
            "ir::Counter and sve_vocab's counters differ"
        );
    }

    /// Classes and card types are the vocabulary's (`sve_vocab::CLASSES`,
    /// `sve_vocab::CARD_TYPES`), name for name and in the same order, and
    /// the compiler reads them as the vocabulary does.
    #[test]
    fn ir_classes_and_card_types_are_the_vocabularys() {
        let ir: Vec<&str> = Class::ALL.iter().map(|c| c.name()).collect();
        let vocabulary: Vec<&str> = sve_vocab::CLASSES.iter().map(|c| c.name).collect();
        assert_eq!(ir, vocabulary, "ir::Class and sve_vocab's classes differ");
        // `Keyword` and `Counter` are declarations a pack makes, not types
        // of the game's cards: the vocabulary doesn't list them.
        let ir: Vec<&str> = CardType::ALL
            .iter()
            .filter(|t| !t.is_declaration())
            .map(|t| t.name())
            .collect();
        let vocabulary: Vec<&str> = sve_vocab::CARD_TYPES.iter().map(|t| t.name).collect();
        assert_eq!(ir, vocabulary, "ir::CardType and sve_vocab's types differ");
        for info in sve_vocab::CLASSES {
            assert_eq!(class(info.word).map(Class::name), Some(info.name));
        }
        for info in sve_vocab::CARD_TYPES {
            let reading = card_type(info.name);
            assert_eq!(reading.card_type.map(CardType::name), Some(info.name));
        }
    }

    #[test]
    fn keyword_aliases() {
        assert_eq!(normalize_keyword("CantAttack"), "CannotAttack");
        assert_eq!(normalize_keyword("DoesntTakeDamage"), "DoesNotTakeDamage");
        assert_eq!(lookup(KEYWORDS, "serve"), lookup(KEYWORDS, "serve1"));
        assert_eq!(counter_name("StackCounter"), Some(Counter::Stack));
    }

    #[test]
    fn header_vocabularies_are_case_insensitive() {
        assert_eq!(class("Forestcraft"), Some(Class::Forest));
        assert_eq!(class("sWORD"), Some(Class::Sword));
        assert_eq!(class("Nope"), None);
        assert_eq!(class(" forest craft "), Some(Class::Forest));
        assert_eq!(class("RUNE"), Some(Class::Rune));
        assert_eq!(rarity("SL"), Some(Rarity::Legendary));
        assert_eq!(rarity("Super Legendary"), Some(Rarity::SuperLegendary));
        assert_eq!(universe("imas"), Some(Universe::Idolmaster));
        assert_eq!(universe("PriConne"), Some(Universe::PrincessConnect));
        // The IR's universes are the vocabulary's, in its order.
        let names: Vec<&str> = Universe::ALL.iter().map(|u| u.name()).collect();
        let listed: Vec<&str> = sve_vocab::UNIVERSES.iter().map(|u| u.name).collect();
        assert_eq!(names, listed);
        let token = card_type("Follower / Token");
        assert_eq!(token.card_type, Some(CardType::Follower));
        assert!(token.token);
        assert_eq!(card_type("spell").card_type, Some(CardType::Spell));
        assert_eq!(
            card_type(" Evolved Spell ").card_type,
            Some(CardType::EvolvedSpell)
        );
        assert_eq!(
            card_type("Evolved Follower / Token").card_type,
            Some(CardType::EvolvedFollower)
        );
        assert_eq!(card_type("Evovled Follower").card_type, None);
        // No space after the slash: not the `/ token` marker.
        assert_eq!(card_type("Follower /Token").card_type, None);
    }
}
