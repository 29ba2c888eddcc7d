//! Card definitions and the card database: the static facts the engine
//! reads (rules-coverage.md §1). Card *behaviour* is not here: abilities are data
//! (trigger, cost, timing) and their effects run in an
//! [`AbilityRunner`](crate::engine::AbilityRunner).

mod activations;
mod db;
mod declared;
mod def;
pub mod diff;
mod hooks;
mod keywords;
pub mod starter;
mod trigger_kinds;
mod value;

pub use activations::Activations;
pub use db::{CardChanges, CardDb, CardDbError, KEYWORD_DEF_BASE, MAX_ABILITIES};
pub use declared::{
    Badge, Declarations, DeclaredCounter, DeclaredKeyword, DeclaredTokenKind,
    MAX_DECLARED_COUNTERS, MAX_DECLARED_KEYWORDS, TokenRules,
};
pub use def::{
    AbilityDef, AbilityKind, ActivationZone, CardDef, CardFilter, CardType, Class, CostItem,
    CostMove, CostPick, CostZone, Counter, FaceEvolveCost, FuseCost, Grant, InsteadZone,
    OwnCardsCost, PassiveCondition, PassiveDef, PassiveScope, Rarity, Trigger, TriggerIcon,
    base_name_of,
};
pub use hooks::{MoveHook, MoveWays, Whose, ZoneSet};
pub use keywords::Keywords;
pub use trigger_kinds::TriggerKinds;
pub use value::{MAX_VALUE_NODES, TurnStat, ValueExpr, ValueNode, ValueOp, ValueTest, ValueZone};
