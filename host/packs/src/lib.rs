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
//!
//! Features:
//! - `components` (on by default): all of the above, with wasmtime, notify
//!   and the file system. Without it the crate is
//!   `packs::in_process` alone, what the client's web page links: a
//!   script pack compiled from its sources and played in process over the
//!   same game API, for wasm32 too.

#![warn(missing_docs)]

#[cfg(feature = "components")]
pub mod arena;
#[cfg(feature = "components")]
pub mod bug_report;
#[cfg(feature = "components")]
pub mod catalog;
#[cfg(feature = "components")]
pub mod deck_files;
pub mod packs;
#[cfg(feature = "components")]
pub mod text_file;
