//! The rules engine: a resumable, deterministic, headless state machine for
//! one Shadowverse: Evolve match (rules-coverage.md).
//!
//! ```
//! use std::sync::Arc;
//! use sve_engine::cards::starter::starter_db;
//! use sve_engine::decks::{starter_deck, resolve};
//! use sve_engine::engine::{Match, NoAbilities, Status};
//!
//! let db = Arc::new(starter_db().unwrap());
//! let a = resolve(&starter_deck("SD01").unwrap(), &db).unwrap();
//! let b = resolve(&starter_deck("SD02").unwrap(), &db).unwrap();
//! let mut game = Match::new(db, Arc::new(NoAbilities), [a, b], 7);
//! while let Status::Decision(decision) = game.step() {
//!     let player = decision.player;
//!     let last = decision.options.len() - 1;
//!     // Always take the last option (end the main phase, pass, ...).
//!     let pick = if decision.min == 0 { vec![] } else { (0..decision.min).map(|i| last - i).collect() };
//!     game.answer(player, &pick).unwrap();
//!     if game.state().turn > 60 { break; }
//! }
//! ```
//!
//! Layers, one folder each:
//! - `state/`: how state is stored and read (zones, characteristics).
//! - `mutation.rs`: the single choke point for changes, and the events.
//! - `actions/`: what changes cards (draw, damage, destroy, evolve).
//! - `flow/`: the procedures of a match (setup, turn, attack, play,
//!   Confirmation Timing) and legal actions.
//! - `runtime/`: step, answer, tasks and decisions.
//! - `ability.rs`: the seam to card code ([`AbilityRunner`]).
//!
//! **Architecture Invariant:** the engine names no wasmtime type and does
//! no IO; the only randomness is the match's seeded RNG.

mod ability;
mod ability_asks;
mod ability_query;
mod actions;
mod delayed;
mod event;
pub(crate) mod flow;
mod ids;
mod invariants;
mod mutation;
mod rules_handling;
mod runner_usage;
pub(crate) mod runtime;
pub mod state;
mod triggers;
pub mod view;

#[cfg(test)]
mod tests;

pub use ability::{
    AbilityCtx, AbilityFn, AbilityInfo, AbilityQuery, AbilityRunner, ConditionFn, FnRunner, Halt,
    NoAbilities, QuestionMeta, TokenDestination,
};
pub use actions::{DRIVE_POINT, MoveKind};
pub use delayed::{DelayedLasts, DelayedTrigger, MAX_DELAYED, delayed_trigger_watches};
pub use event::{DamageKind, Event, MoveCause, Resource};
pub use flow::legal::SUPER_EVOLVE_TURNS;
pub use flow::universes::{
    MAGICAL_ITEM, MAGICAL_ITEMS_AT_START, magical_items_universe, union_burst_universe,
    vanguard_universe,
};
pub use ids::{AbilityIdx, CardRef, DefId, MAX_CARD_OBJECTS, MAX_DECK_OBJECTS, ObjectId, PlayerId};
pub use runner_usage::RunnerUsage;
pub use runtime::limits::{
    MAX_CHANGES_PER_RUN, MAX_EFFECTS, MAX_RUNS_PER_ACTION, MAX_TASKS_PER_ACTION,
    QUESTION_OPTION_LIMIT,
};
pub use runtime::{
    Action, Choice, Decision, DeckList, Match, Prompt, QuestionRole, Rejection,
    SANDBOX_DAMAGE_LIMIT, SandboxAction, SandboxError, SeriesStep, Status,
};
pub use state::{
    AttackTarget, DamageChange, DamageFilter, DamageReplacement, Duration, EffectKind, GameState,
    Outcome, PendingWhat, Phase, PlayerEffect, PlayerEffectKind, TurnRecord, TurnWindow, WinReason,
    Zone,
};
