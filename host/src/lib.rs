//! `sve-host`: the Shadowverse: Evolve rules engine and everything that
//! drives it headless: card data, deck files, bots, replays and the `sve`
//! command line.
//!
//! - [`engine`]: the rules as a resumable state machine.
//! - [`cards`]: card definitions and the card database.
//! - [`catalog`]: cards plus the code behind them, ready for matches.
//! - [`packs`]: card packs as sandboxed WebAssembly components.
//! - [`decks`]: deck files (community deck-list format) and construction rules.
//! - [`bot`]: `random` and `greedy` players.
//! - [`bug_report`]: bundles that reproduce a match exactly.
//! - [`replay`]: the replay format.
//! - [`sim`]: many bot-vs-bot matches with invariant checks.
//! - [`text_file`]: the one reader of text files users and packs give us.

#![warn(missing_docs)]

pub mod bot;
pub mod bug_report;
pub mod cards;
pub mod catalog;
pub mod decks;
pub mod engine;
pub mod gamelog;
pub mod packs;
pub mod replay;
pub mod scenario;
pub mod sim;
pub mod text_file;
