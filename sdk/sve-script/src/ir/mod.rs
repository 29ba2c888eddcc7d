//! The compiled form of SVE Script: typed, checked, versioned, flat.
//!
//! A [`Module`] is a list of [`Card`]s. A card holds its static facts (id,
//! name, class, type, traits, cost, stats, evolve cost, keywords including
//! the derived ones, initial counters, text) and its [`Ability`]s. An ability
//! is a trigger, an optional trigger filter, an optional condition, a list of
//! [`Cost`]s and exactly one [`Effect`].
//!
//! Value functions and filters are not trees of boxes: each card owns two
//! pools, [`Card::values`] and [`Card::filters`], and everything refers to
//! them by index ([`ValueId`], [`FilterId`]); named sub-abilities are
//! indices into [`Card::abilities`] ([`AbilityIdx`]). No IR type is
//! recursive, so the IR crosses a WIT boundary as plain records and lists.
//!
//! # Running the IR
//!
//! An interpreter resolves an ability in these steps, each a point where it
//! can stop and ask a player (and be resumed):
//!
//! 1. Condition ([`Ability::condition`]): evaluate the value; if ≤ 0 the
//!    ability does nothing (for a [`ConditionTiming::OnEvent`] condition this
//!    check happens when the event occurs, and decides whether the ability is
//!    queued at all).
//! 2. Costs ([`Ability::costs`]), in order. On activated abilities they were
//!    paid on activation (conditions are among them, as
//!    [`Cost::Condition`]); on triggered abilities and sub-abilities the
//!    player may pay or decline, and declining skips the effect.
//! 3. The effect ([`Ability::effect`]): one game action. Effects that run
//!    other abilities (`Sequence`, `ChooseFromList`, `TargetForSequence`, the
//!    `...AndTarget` family, `Complex`) push those abilities as frames, each
//!    going through steps 1–3 with the caller's trigger card, source card,
//!    target restriction and amount.
//!
//! Values are evaluated over the pool: node `k` refers only to nodes `< k`,
//! so either a recursive walk from the root or a forward pass works.
//! Calls by name can form cycles (the compiler warns, `recursive-call`), so
//! an interpreter must bound its call depth.
//!
//! Encode with [`Module::to_bytes`] (postcard, prefixed by [`IR_VERSION`]);
//! [`Module::from_bytes`] reads the versions the rule of [`IR_VERSION`]
//! keeps readable, and validates every card.

mod dump;
mod effect;
mod expr;
mod hook;
mod names;
mod validate;
mod visit;

pub use effect::{
    AbilityIdx, CheckAction, ComplexStep, Cost, Count, DamageChange, DamageTaken, DelayedLasts,
    Effect, InsteadZone, PayResult, PlayerEffect, Selection, TriggerIcon, TurnWindow,
};
pub use expr::{
    BinaryOp, Choose, CondTest, Filter, FilterId, FilterItem, FilterTest, IntRange, ValueId,
    ValueNode,
};
pub use hook::{HookWays, HookZones, MoveHook};
pub use names::{
    AbilityKind, CardType, CheckActionKind, Class, Counter, Duration, HookWhose, HookZone, Keyword,
    Rarity, SearchAction, Stat, Target, TokenOption, Trigger, TurnStat, Universe,
};
pub use validate::InvalidIr;

use serde::{Deserialize, Serialize};

/// The version of the IR layout: every encoded module starts with it, and
/// [`Module::from_bytes`] reads the versions from [`IR_OLDEST_READABLE`]
/// to this one.
///
/// # Versions
///
/// Packaged IR (a script pack built into a component by `sve pack build`)
/// is postcard: fields have no names and enum variants are numbered in
/// declaration order. So there are two kinds of change to the IR's types:
///
/// - **Appending**: a new variant at the end of an enum (a new effect,
///   keyword, trigger, ...), and new types reached only through it. Every
///   module encoded before still decodes, with the same meaning. Bump
///   `IR_VERSION` and leave [`IR_OLDEST_READABLE`]: packs packaged before
///   keep loading.
/// - **Anything else**: a field added, removed or retyped, a variant
///   inserted, removed or moved, a changed meaning. Older bytes would
///   decode wrong or not at all. Bump `IR_VERSION` and set
///   [`IR_OLDEST_READABLE`] to it: packs packaged before are refused with a
///   message that asks for a rebuild.
///
/// `tests/ir_version.rs` holds the rule. It traces the schema the serde
/// derives really encode, compares it with the schema recorded for this
/// version (`ir-schema/v{IR_VERSION}.json`), and checks that every
/// recorded version from [`IR_OLDEST_READABLE`] on is an append-only
/// prefix of today's. A packaged module of each readable version
/// (`tests/data/`) must decode.
///
/// 2: the IR after the first public session's changes (per-turn
/// statistics, racing, alternative costs, given abilities).
/// 3: appended the Vanguard and Princess Connect! Re:Dive universes
/// (version 2 stays readable).
/// 4: appended keywords a pack declares (`CardType::Keyword`,
/// `Keyword::Declared`), `Keyword::CannotBePlayedFromEx` and
/// `Keyword::CannotBeDestroyed` (versions 2 and 3 stay readable).
/// 5: appended counter kinds a pack declares (`CardType::Counter`,
/// `Counter::Declared`) and the keywords `CannotBeBanished`,
/// `EvolveAnyNumber`, `CannotLose`, `MustBeSelected`,
/// `PlayableFromCemetery`, `EnemiesMustAttack` and
/// `OpponentsCannotDrawOutsideStartPhase` (after `Keyword::Declared`;
/// versions 2 to 4 stay readable).
/// 6: appended delayed abilities: the cost marker `Cost::Delayed` and the
/// effect `Effect::CreateDelayed` with `DelayedLasts` (versions 2 to 5 stay
/// readable).
/// 7: appended move hooks: the trigger `Trigger::OnMove` and its `moves`
/// line as the marker `Cost::Moves` with `MoveHook`, `HookZones`,
/// `HookZone` and `HookWhose`; the keywords `LosesAllAbilities` and
/// `Boxed` (versions 2 to 6 stay readable).
/// 8: appended the turn statistic `TurnStat::BanishedFromEx` (Lessons;
/// versions 2 to 7 stay readable).
/// 9: appended Union Burst: the mark `Cost::UnionBurst`, the turn
/// statistic `TurnStat::UnionBursts`, the trigger
/// `Trigger::OnOtherUnionBurst` and the effect `Effect::ExecuteUnionBurst`;
/// and the ways a `moves` line asks for, the marker `Cost::MovedHow` with
/// `HookWays` (versions 2 to 8 stay readable).
/// 10: appended the card type `CardType::Crest` (versions 2 to 9 stay
/// readable).
/// 11: appended Fuse: the cost `Cost::Fuse`, the triggers
/// `Trigger::OnFuse` and `Trigger::OnFused`, the statistic
/// `TurnStat::Fused` and the counter `Counter::Fusion` (versions 2 to 10
/// stay readable).
/// 12: appended the mark `Cost::Advanced` (`[adv]` abilities; versions 2
/// to 11 stay readable).
/// 13: appended the passive effect `Effect::AlsoNamed` ("this follower's
/// name is also X"; versions 2 to 12 stay readable).
/// 14: appended the effects `Effect::EvolveDeckToField` and
/// `Effect::PlayFromEvolveDeck` (advanced cards; versions 2 to 13 stay
/// readable).
/// 15: appended the passive effects `Effect::EvolvesInto` and
/// `Effect::BackFaceOf` (double-faced evolved cards; versions 2 to 14 stay
/// readable).
/// 16: appended the effect `Effect::Equip` and the passive targets
/// `Target::Equipped` and `Target::EquippedFollower` (equipment; versions 2
/// to 15 stay readable).
/// 17: appended the trigger `Trigger::OnEquipped` ("when a follower equips
/// this"; versions 2 to 16 stay readable).
/// 18: appended the passive effect `Effect::TriggerIcon` and the keywords
/// `Drive`, `SingleDrive` and `TwinDrive` (the Vanguard collab; versions 2
/// to 17 stay readable).
/// 19: appended the trigger `Trigger::OnDrive`, the cost `Cost::Ride`,
/// the effect `Effect::GiveDrive`, the keyword `StartingAmulet` and the
/// triggers `OnDriveCheck` and `OnDriveCheckTrigger`, the effect
/// `Effect::DriveCheck` (Ride, Drive, the Starting Amulet, drive checks;
/// versions 2 to 18 stay readable).
/// 20: appended the effect `Effect::ReplaceDamage` with `DamageChange`
/// and `DamageTaken` (replacement effects on damage), and the keyword
/// `BanishesEnemiesInstead` (later-sets §11.2); the cost `Cost::PlayPointsX`
/// and the value `ValueNode::PaidX` (X costs, later-sets §1.3); the effects
/// `Effect::Maneuver` and `Effect::ChangeType` (§12.4, §12.6; versions 2
/// to 19 stay readable).
/// 21: appended the card type `CardType::TokenKind` and the passive effect
/// `Effect::TokenKindRules` (token kinds a pack declares; versions 2 to 20
/// stay readable).
/// 22: appended the effect `Effect::PlayerEffect` with `PlayerEffect` and
/// `TurnWindow` (effects on a player for a window of turns, later-sets
/// §12.10, §12.12), and the passive effect `Effect::InsteadOfCemetery`
/// with `InsteadZone` (§11.2), and the trigger `Trigger::OnLeaderDefenseZero`
/// (§12.3; versions 2 to 21 stay readable).
/// 23: appended the cost `Cost::SkipNextTurn` ("skip your next turn" as a
/// cost, later-sets §12.9), the effect `Effect::DeclareCardName` and the
/// filter item `FilterItem::DeclaredName` (declaring a card name, §12.11),
/// and the filter item `FilterItem::CostUpToX` ("costing X or less",
/// §1.3; versions 2 to 22 stay readable).
/// 24: appended the passive effects `Effect::EvolvesIntoFor` (an evolve
/// cost of its own for one face, later-sets §10) and
/// `Effect::AlternateName` (a printing's other name, §8.1), and the
/// keyword `ChooseAnyNumberOfOptions` (§4, BP20-T06; versions 2 to 23
/// stay readable).
pub const IR_VERSION: u32 = 24;

/// A card name without a trailing `(Evolved)`: what evolved cards and
/// their base cards share.
pub fn base_name_of(name: &str) -> &str {
    name.strip_suffix("(Evolved)").map_or(name, str::trim_end)
}

/// The oldest IR version [`Module::from_bytes`] still reads: the last
/// version whose change was not an append (see [`IR_VERSION`]).
pub const IR_OLDEST_READABLE: u32 = 2;

/// A compiled set of cards, as handed to a runtime.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Module {
    /// The cards, in source order.
    pub cards: Vec<Card>,
}

/// One compiled card.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Card {
    /// Official card id (`SD01-001`, `BP01-LD01`, `BP01-T03`).
    pub id: String,
    /// English-edition id when it differs (`id-en`); informational.
    pub id_en: Option<String>,
    /// Card name. Evolved followers always end in ` (Evolved)` and pair with
    /// their base card by [`Card::base_name`].
    pub name: String,
    /// Class (unknown classes compile to Neutral, with a warning).
    pub class: Class,
    /// Crossover universe, if any.
    pub universe: Option<Universe>,
    /// Card type.
    pub card_type: CardType,
    /// Traits in order; tokens end with `Token`.
    pub traits: Vec<String>,
    /// Rarity, if given.
    pub rarity: Option<Rarity>,
    /// Play-point cost; `None` for evolved cards and leaders.
    pub cost: Option<u32>,
    /// Attack (followers and evolved followers).
    pub attack: Option<u32>,
    /// Defense (followers and evolved followers).
    pub defense: Option<u32>,
    /// Evolve cost (`evolve N;`).
    pub evolve_cost: Option<u32>,
    /// Keywords in first-written order, without duplicates; includes the
    /// derived `Evolve` and `EarthRite` (spec §2).
    pub keywords: Vec<Keyword>,
    /// Counters the card is created with (counter names in `keyword` lines).
    pub counters: Vec<(Counter, u32)>,
    /// Whether the card is a token (its traits contain `Token`).
    pub is_token: bool,
    /// The card text (display only; never interpreted).
    pub text: String,
    /// Abilities in source order.
    pub abilities: Vec<Ability>,
    /// For spells, the ability that is the spell's effect: the first ability
    /// with trigger `Spell` (spec §4.5). Its condition is a play requirement.
    pub spell_ability: Option<AbilityIdx>,
    /// The value-function pool (see the module docs for the invariants).
    pub values: Vec<ValueNode>,
    /// The filter pool.
    pub filters: Vec<Filter>,
    /// Where the card was defined.
    pub source: SourceRef,
}

impl Card {
    /// The name without a trailing `(Evolved)`: what evolved cards and their
    /// base cards share.
    pub fn base_name(&self) -> &str {
        base_name_of(&self.name)
    }

    /// Whether the card has the keyword.
    pub fn has_keyword(&self, keyword: Keyword) -> bool {
        self.keywords.contains(&keyword)
    }

    /// The ability at `idx`, if in range.
    pub fn ability(&self, idx: AbilityIdx) -> Option<&Ability> {
        self.abilities.get(usize::try_from(idx.0).ok()?)
    }

    /// The value node at `id`, if in range.
    pub fn value(&self, id: ValueId) -> Option<&ValueNode> {
        self.values.get(usize::try_from(id.0).ok()?)
    }

    /// The filter at `id`, if in range.
    pub fn filter(&self, id: FilterId) -> Option<&Filter> {
        self.filters.get(usize::try_from(id.0).ok()?)
    }

    /// The module's declared counter kinds the card uses anywhere (it is
    /// created with them, its effects put, remove or move them, its costs
    /// remove them, its filters and values count them), each once, in
    /// number order.
    pub fn declared_counters(&self) -> Vec<u16> {
        let created = self.counters.iter().map(|(counter, _)| *counter);
        let in_effects = self.abilities.iter().filter_map(|a| match a.effect {
            Effect::GiveCounter { counter, .. }
            | Effect::RemoveCounter { counter, .. }
            | Effect::MoveCounter { counter, .. } => Some(counter),
            _ => None,
        });
        let in_costs = self
            .abilities
            .iter()
            .flat_map(|a| &a.costs)
            .filter_map(|cost| match cost {
                Cost::RemoveCounters { counter, .. } => Some(*counter),
                _ => None,
            });
        let in_filters = self
            .filters
            .iter()
            .flat_map(|f| &f.tests)
            .filter_map(|test| match test.item {
                FilterItem::Counters { counter, .. } => Some(counter),
                _ => None,
            });
        let in_values = self.values.iter().filter_map(|value| match value {
            ValueNode::ThisCounters(counter) => Some(*counter),
            _ => None,
        });
        let mut declared: Vec<u16> = created
            .chain(in_effects)
            .chain(in_costs)
            .chain(in_filters)
            .chain(in_values)
            .filter_map(|counter| match counter {
                Counter::Declared(n) => Some(n),
                _ => None,
            })
            .collect();
        declared.sort_unstable();
        declared.dedup();
        declared
    }

    /// A stable, compact text dump (used by snapshot tests and `sve` tools).
    /// Values and filters are printed back in script syntax.
    pub fn dump(&self) -> String {
        dump::card(self)
    }
}

/// Where a card or ability came from.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct SourceRef {
    /// The file name given to the compiler.
    pub file: String,
    /// 1-based line of the `name` statement (of the `ability` keyword for
    /// abilities).
    pub line: u32,
}

/// One ability of a card.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Ability {
    /// The ability's name (`name ...` in the header, quotes removed), or the
    /// trigger word when it has none. Calls by name reach the first ability
    /// with that name.
    pub name: String,
    /// What kind of ability (follows from the trigger).
    pub kind: AbilityKind,
    /// The trigger word.
    pub trigger: Trigger,
    /// A `filter` line, for triggers that honour it (`OnOther...`,
    /// `OnOpponentCardLeaveField`, `OnPlaySpell`): tested against the
    /// trigger card. (A passive's `filter` line becomes the filter of its
    /// effect's selection instead.)
    pub trigger_filter: Option<FilterId>,
    /// The condition, for every kind but activated abilities (whose
    /// conditions are [`Cost::Condition`] items).
    pub condition: Option<Condition>,
    /// Costs, in order.
    pub costs: Vec<Cost>,
    /// What the ability does.
    pub effect: Effect,
    /// 1-based line of the `ability` keyword.
    pub line: u32,
}

impl Ability {
    /// Whether the ability has `(OncePerTurn)`.
    pub fn is_once_per_turn(&self) -> bool {
        self.costs.contains(&Cost::OncePerTurn)
    }

    /// Whether the ability has `(Quick)`.
    pub fn is_quick(&self) -> bool {
        self.costs.contains(&Cost::Quick)
    }

    /// Whether a triggered ability or sub-ability asks the player to pay
    /// (some cost item is not internal).
    pub fn has_optional_payment(&self) -> bool {
        self.costs.iter().any(|cost| !cost.is_internal())
    }
}

/// A condition and when it is checked (spec §4.6).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Condition {
    /// The value; true when > 0.
    pub value: ValueId,
    /// When it is checked.
    pub timing: ConditionTiming,
}

/// When a condition is evaluated.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum ConditionTiming {
    /// When the ability is about to resolve (the usual case; for a spell's
    /// main ability, as a play requirement; for passives, continuously).
    OnResolve,
    /// `<<`: when the trigger event happens, with player context only; false
    /// means the ability is not queued. At resolution it counts as true.
    OnEvent,
}

/// Why [`Module::from_bytes`] failed.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct WireError {
    kind: WireErrorKind,
}

impl WireError {
    /// Whether the bytes were written for another IR version.
    pub fn is_version_mismatch(&self) -> bool {
        matches!(self.kind, WireErrorKind::Version { .. })
    }
}

#[derive(Debug, thiserror::Error)]
enum WireErrorKind {
    #[error(
        "the pack's compiled scripts are IR version {found}; this host reads versions {IR_OLDEST_READABLE} to {IR_VERSION}: {}",
        if *found < IR_OLDEST_READABLE {
            "rebuild the pack with `sve pack build`"
        } else {
            "the pack was built by a newer compiler; update the host"
        }
    )]
    Version { found: u32 },
    #[error("malformed IR bytes: {0}")]
    Malformed(#[from] postcard::Error),
    #[error("invalid IR in card `{card}`: {source}")]
    Invalid {
        card: String,
        #[source]
        source: InvalidIr,
    },
}

impl Module {
    /// A module of these cards.
    pub fn new(cards: Vec<Card>) -> Module {
        Module { cards }
    }

    /// Postcard bytes: [`IR_VERSION`] as a varint, then the cards.
    pub fn to_bytes(&self) -> Result<Vec<u8>, WireError> {
        postcard::to_allocvec(&(IR_VERSION, &self.cards)).map_err(|err| WireError {
            kind: WireErrorKind::Malformed(err),
        })
    }

    /// Decodes bytes written by [`Module::to_bytes`] of any version from
    /// [`IR_OLDEST_READABLE`] to [`IR_VERSION`], then validates every card
    /// ([`Card::validate`]), so a runtime can index the pools without
    /// further checks.
    pub fn from_bytes(bytes: &[u8]) -> Result<Module, WireError> {
        let (version, rest) = postcard::take_from_bytes::<u32>(bytes).map_err(|err| WireError {
            kind: WireErrorKind::Malformed(err),
        })?;
        if !(IR_OLDEST_READABLE..=IR_VERSION).contains(&version) {
            return Err(WireError {
                kind: WireErrorKind::Version { found: version },
            });
        }
        let cards: Vec<Card> = postcard::from_bytes(rest).map_err(|err| WireError {
            kind: WireErrorKind::Malformed(err),
        })?;
        for card in &cards {
            card.validate().map_err(|source| WireError {
                kind: WireErrorKind::Invalid {
                    card: card.id.clone(),
                    source,
                },
            })?;
        }
        Ok(Module { cards })
    }
}
