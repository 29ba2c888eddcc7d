//! `sve-engine`: the Shadowverse: Evolve rules as a resumable,
//! deterministic, headless state machine, and what plays it without IO:
//! card data, deck lists and construction rules, bots, replays, bot-match
//! sims, the game log and the board builder.
//!
//! - [`engine`]: the rules (`Match`, `step`, `answer`), the `AbilityRunner`
//!   seam to card code.
//! - [`cards`]: card definitions and the card database.
//! - [`decks`]: the community deck-list format and construction rules.
//! - [`bot`]: players from `random` to `hard` (search on determinized
//!   worlds), and the `oracle` for analysis.
//! - [`replay`]: the replay format and replaying.
//! - [`sim`]: bot-vs-bot matches with invariant checks.
//! - [`gamelog`]: events (one renderer for scenario lines and the game
//!   log), decision options and the board as text.
//! - [`board`]: boards built by hand, for rules and card tests.
//!
//! **Architecture Invariant:** this crate names no wasmtime type and does
//! no IO (no file, thread or network): its dependencies say so, and
//! the compiler holds it. The clock is read only to report how fast
//! things ran (sims, bots' decision times) and for a search bot's optional
//! time limit; no rule reads it. Card code reaches the game only through
//! `AbilityCtx`.

#![warn(missing_docs)]

pub mod board;
pub mod bot;
pub mod cards;
pub mod decks;
pub mod engine;
pub mod gamelog;
pub mod replay;
pub mod sim;
