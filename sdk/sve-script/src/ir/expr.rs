//! Value functions (spec §9) and card filters (spec §8) as flat node lists.
//!
//! Both live in per-card pools ([`crate::ir::Card::values`],
//! [`crate::ir::Card::filters`]) and refer to each other by index, so no IR
//! type is recursive and everything crosses a WIT boundary as plain lists.
//!
//! **Invariants** (checked by [`crate::ir::Card::validate`]): a value node
//! refers only to value nodes with a *smaller* index and to filters in range;
//! a filter's alternative has a smaller index than the filter; filters never
//! refer to values. Evaluating the pool front to back therefore always finds
//! a node's operands already computed, and no evaluation can loop.

use super::names::{Class, Counter, Keyword, TurnStat};
use serde::{Deserialize, Serialize};
/// The IR's arithmetic is the game's: [`sve_vocab::BinaryOp`], shared with
/// the engine's data form of values.
pub use sve_vocab::BinaryOp;

/// Index of a node in [`crate::ir::Card::values`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct ValueId(pub u32);

/// Index of a filter in [`crate::ir::Card::filters`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct FilterId(pub u32);

/// One node of a value function. Values are integers; a condition is true
/// when its value is greater than 0.
///
/// "This card" below is the card the value is evaluated for: the source card
/// normally, the first selected target for `...WithTargetAmount` amounts, the
/// acting card in `PerformAsEachTarget`, the revealed card in ComplexEffect
/// `revealTopDeck.getValue` (spec §9.4). "You" is the controller of the
/// source.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum ValueNode {
    /// An integer literal.
    Int(i32),
    /// `_`: the amount passed by the caller (`PerformWithTargetAmount`,
    /// `TargetForSequenceWithTargetAmount`, ComplexEffect `perform X { amount
    /// = v }`); 0 when nothing supplies one (spec §5.3).
    Amount,
    /// A ComplexEffect variable bound at run time by
    /// [`crate::ir::ComplexStep::RevealTopValue`] or
    /// [`crate::ir::ComplexStep::PayCost`]; 0 if not bound yet.
    Var(u32),
    /// `C`: your Combo, the number of cards you have played this turn.
    Combo,
    /// `H` / `H(filter)`: the number of (matching) cards in your hand.
    HandCount(Option<FilterId>),
    /// `L`: your leader's current defense.
    LeaderDefense,
    /// `A`: this card's current attack.
    ThisAttack,
    /// `D`: this card's current defense.
    ThisDefense,
    /// `P`: this card's current play-point cost.
    ThisCost,
    /// `r(counter)`: the number of counters of that kind on this card.
    ThisCounters(Counter),
    /// `f(filter)`: cards on your field matching (an evolved follower counts once).
    CountField(FilterId),
    /// `x(filter)`: cards in your EX area matching.
    CountEx(FilterId),
    /// `y(filter)`: cards in your cemetery matching.
    CountCemetery(FilterId),
    /// `p(filter)`: cards on the opponent's field matching (Aura cards count).
    CountOpponentField(FilterId),
    /// `#(stat[, filter])`: a per-turn statistic, optionally only matching cards.
    TurnStat {
        /// Which statistic.
        stat: TurnStat,
        /// Only cards matching this filter count.
        filter: Option<FilterId>,
    },
    /// A leading `-` on a dynamic operand: the negated value.
    Neg(ValueId),
    /// `left op right`: arithmetic or comparison.
    Binary {
        /// The operator.
        op: BinaryOp,
        /// Left operand (0 when written empty).
        left: ValueId,
        /// Right operand (1 when written empty).
        right: ValueId,
    },
    /// `left test right`: `right` if the test holds, else `left`.
    Cond {
        /// What is tested.
        test: CondTest,
        /// The value when the test fails (0 when written empty).
        left: ValueId,
        /// The value when the test holds (1 when written empty).
        right: ValueId,
    },
    /// `#(X)` (IR 20, later-sets §1.3): X of the running ability's
    /// `(PP, X)` cost; 0 without one, or when it was executed without
    /// paying its cost.
    PaidX,
}

impl ValueNode {
    /// The value nodes and the filter this node names (at most three
    /// values, at most one filter): what validation checks and what
    /// evaluation recurses into.
    pub fn references(&self) -> ([Option<ValueId>; 3], Option<FilterId>) {
        match self {
            ValueNode::Int(_)
            | ValueNode::Amount
            | ValueNode::Var(_)
            | ValueNode::Combo
            | ValueNode::LeaderDefense
            | ValueNode::PaidX
            | ValueNode::ThisAttack
            | ValueNode::ThisDefense
            | ValueNode::ThisCost
            | ValueNode::ThisCounters(_)
            | ValueNode::HandCount(None)
            | ValueNode::TurnStat { filter: None, .. } => ([None; 3], None),
            ValueNode::HandCount(Some(filter))
            | ValueNode::CountField(filter)
            | ValueNode::CountEx(filter)
            | ValueNode::CountCemetery(filter)
            | ValueNode::CountOpponentField(filter)
            | ValueNode::TurnStat {
                filter: Some(filter),
                ..
            } => ([None; 3], Some(*filter)),
            ValueNode::Neg(inner) => ([Some(*inner), None, None], None),
            ValueNode::Binary { left, right, .. } => ([Some(*left), Some(*right), None], None),
            ValueNode::Cond { test, left, right } => match test {
                CondTest::ThisMatches(filter) => ([Some(*left), Some(*right), None], Some(*filter)),
                CondTest::Positive(inner) => ([Some(*left), Some(*right), Some(*inner)], None),
                _ => ([Some(*left), Some(*right), None], None),
            },
        }
    }
}

/// Tests of the conditional operators (spec §9.3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum CondTest {
    /// `c(N)`: your Combo is at least N.
    Combo(i32),
    /// `s(N)`: your Spellchain is at least N (spells in your cemetery, plus
    /// Runecraft followers while a `RuneFollowersForSpellchain` card is on
    /// your field).
    Spellchain(i32),
    /// `n(N)`: your Necrocharge (cards in your cemetery) is at least N.
    Necrocharge(i32),
    /// `o`: Overflow, your maximum play points are 7 or more.
    Overflow,
    /// `g`: Sanguine (exact condition in rules-coverage.md §2.6).
    Sanguine,
    /// `t`: it is your turn.
    YourTurn,
    /// `~(filter)`: this card matches the filter.
    ThisMatches(FilterId),
    /// `?(expr)`: the sub-expression is greater than 0.
    Positive(ValueId),
}

/// A card filter: a conjunction of tests, an optional alternative and an
/// optional choice count. An empty filter matches every card.
///
/// A card matches when it matches [`Filter::alternative`] (if any), or else
/// when it passes every test in [`Filter::tests`].
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Filter {
    /// Tests that must all hold.
    pub tests: Vec<FilterTest>,
    /// `|(sub)`: a card matching this filter matches the whole filter
    /// whatever the tests say.
    pub alternative: Option<FilterId>,
    /// `m(min,max)`: not a test; how many cards to choose (target modes,
    /// costs, `DealDamageDivided`).
    pub choose: Option<Choose>,
}

/// How many cards to choose: between `min` and `max`, both inclusive.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Choose {
    /// Lower bound.
    pub min: u32,
    /// Upper bound.
    pub max: u32,
}

/// One test of a filter, possibly negated with `!`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct FilterTest {
    /// `!`: the card must *not* pass the test.
    pub negated: bool,
    /// The test.
    pub item: FilterItem,
}

/// The tests a filter can make (spec §8.2).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum FilterItem {
    /// `F`: followers and evolved followers.
    Follower,
    /// `S`: spells (type Spell only).
    Spell,
    /// `A`: amulets.
    Amulet,
    /// `E`: evolved cards (evolved followers and evolved spells).
    Evolved,
    /// `K`: tokens (trait list contains `Token`).
    Token,
    /// `X`: any card except the source card of the effect (in
    /// `PerformAsEachTarget`, except the acting card).
    NotSource,
    /// `R`: reserved cards (cards without an engaged state match both `R`
    /// and `N`; followers and amulets outside the field are reserved).
    Reserved,
    /// `N`: engaged cards.
    Engaged,
    /// `C`: racing followers (Umamusume).
    Racing,
    /// `n(name)`: the card's name with any `(Evolved)` removed and trimmed
    /// equals this exactly.
    Name(String),
    /// `t(a,b,...)`: the card has at least one of these traits.
    Traits(Vec<String>),
    /// `k(keyword)`: the card currently has the keyword (`#F` is
    /// `F!k(Aura)`, `#a` is `!k(Aura)`, `#e` is `k(Evolve)`).
    Keyword(Keyword),
    /// `r(counter[,n])` (or `k(counter)`): at least `at_least` counters of
    /// that kind.
    Counters {
        /// The counter kind.
        counter: Counter,
        /// The minimum (default 1).
        at_least: u32,
    },
    /// `c(class)`: the card's class (the written text resolved to a class).
    Class(Class),
    /// `c(text)` that names no class: the class name, lower-cased, contains
    /// this lower-cased text.
    ClassContains(String),
    /// `a(v)`: attack within the range (cards without attack never match).
    Attack(IntRange),
    /// `d(v)`: defense within the range (cards without defense never match).
    Defense(IntRange),
    /// `e(v)`: evolve cost within the range (cards that cannot evolve have −1).
    EvolveCost(IntRange),
    /// `p(v)`: play-point cost within the range (cards without cost never match).
    Cost(IntRange),
    /// `#(turnsOnField[, v])`: turns on the field within the range (default
    /// exactly 0, "entered this turn").
    TurnsOnField(IntRange),
    /// `n(#Declared)` (IR 23, later-sets §12.11): the card has the name
    /// declared earlier in the same ability (`DeclareCardName()`); nothing
    /// matches before a name is declared.
    DeclaredName,
    /// `p(m(min,X))` (IR 23, later-sets §1.3): a play-point cost from `min`
    /// up to the X paid for the ability's `[costX]` ("costing X or less");
    /// X is 0 when none was paid.
    CostUpToX {
        /// The lower bound.
        min: i32,
    },
}

/// An inclusive integer range; a single number `n` is `n..=n`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct IntRange {
    /// Lower bound.
    pub min: i32,
    /// Upper bound.
    pub max: i32,
}

impl IntRange {
    /// Whether `value` is in the range.
    pub fn contains(self, value: i32) -> bool {
        self.min <= value && value <= self.max
    }
}
