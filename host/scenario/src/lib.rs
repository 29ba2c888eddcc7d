//! `sve-scenario`: scenario test files for card authors
//! (`docs/scenarios.md`): a board, actions and answers, expected results,
//! written without Rust, run over a
//! [`Catalog`](sve_packs::catalog::Catalog)'s cards and code.
//!
//! - [`file`]: reads `*.scenario` (syntax only, every problem with its
//!   line).
//! - [`run_scenario`]: builds the board with the engine's scenario builder
//!   and plays the actions through `answer` (routine questions get default
//!   answers).
//! - `answers`: options in the file's own words: what an `answer` line
//!   picks, and questions and options in messages.
//! - `expect`: reads the board and events back in the file's own words and
//!   diffs them.
//! - `options`: a decision's options in the file's words (which options
//!   an `answer` names, options and questions in messages).
//! - [`suite`]: finds and runs the files of a folder, for `sve test` and the
//!   `sve-tests` suite.
//!
//! The board builder itself is the engine's: [`sve_engine::board`].

#![warn(missing_docs)]

// The engine's and the host's modules under the names the files use.
use sve_engine::board::{BoardBuilder, BuildError, text};
use sve_engine::{bot, cards, engine, gamelog};
use sve_packs::{catalog, text_file};

mod expect;
pub mod file;
mod options;
mod run;
pub mod suite;

pub use file::{ParseError, ScenarioFile};
pub use run::{FILLER_CARD, Failure, RunReport, run_scenario, run_scenario_with};
