//! `sve-host`: what runs the rules engine ([`sve_engine`]) with the world
//! around it: card packs as sandboxed WebAssembly components, files, hot
//! reload, scenario test files and the `sve` command line.
//!
//! - [`packs`]: card packs as sandboxed WebAssembly components.
//! - [`catalog`]: cards plus the code behind them, ready for matches.
//! - [`decks`]: deck files on disk and in packs (the format and the
//!   construction rules are the engine's).
//! - [`scenario`]: scenario test files (the board builder is the engine's).
//! - [`bug_report`]: bundles that reproduce a match exactly.
//! - [`text_file`]: the one reader of text files users and packs give us.
//!
//! The engine's modules are re-exported under their own names
//! ([`engine`], [`cards`], [`bot`], [`replay`], [`sim`], [`gamelog`]), so
//! front ends need one dependency.

#![warn(missing_docs)]

pub use sve_engine::{bot, cards, engine, gamelog, replay, sim};

pub mod arena;
pub mod bug_report;
pub mod catalog;
pub mod decks;
pub mod packs;
pub mod scenario;
pub mod text_file;
