//! The procedures of a match, one area per file, each step labelled with
//! its rules-coverage.md section and CR clause: setup (§6), the turn (§7), playing
//! cards and abilities (§12.4), attacks (§8) and the order of their damage
//! replacements (§9.3), Confirmation Timing (§11.2), what a universe deck
//! starts with (`universes.rs`, §L3),
//! costs (§12.3), Fuse (`fuse.rs`, §L9), taking back an activation while its costs are paid
//! (`cancel.rs`) and the legal-action generator that serves the UI, bots
//! and network alike.

mod attack;
mod cancel;
mod check_timing;
mod costs;
pub(crate) mod damage_order;
mod drive;
mod fuse;
pub(crate) mod legal;
mod play;
pub(crate) mod play_rules;
mod setup;
mod turn;
pub(crate) mod universes;

pub(crate) use attack::ChosenDamage;
pub(crate) use cancel::CancelPoint;
pub(crate) use drive::DriveCheck;
