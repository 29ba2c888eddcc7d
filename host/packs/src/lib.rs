//! `sve-packs`: the card packs around the rules engine ([`sve_engine`]),
//! and the files users give us: packs as sandboxed WebAssembly components
//! or SVE Script, hot reload, deck files, bug reports and the deck arena.
//!
//! - [`packs`]: card packs as sandboxed WebAssembly components.
//! - [`catalog`]: cards plus the code behind them, ready for matches.
//! - [`deck_files`]: deck files on disk and in packs (the format and the
//!   construction rules are the engine's).
//! - [`arena`]: many bot matches between decks, with statistics.
//! - [`bug_report`]: bundles that reproduce a match exactly.
//! - [`text_file`]: the one reader of text files users and packs give us.
//!
//! The engine is a crate of its own, and front ends name it directly
//! (`sve_engine::engine::Match`, not through this crate); scenario test
//! files are the `sve-scenario` crate's.

#![warn(missing_docs)]

pub mod arena;
pub mod bug_report;
pub mod catalog;
pub mod deck_files;
pub mod packs;
pub mod text_file;
