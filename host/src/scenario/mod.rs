//! Scenarios: the engine's board builder ([`sve_engine::scenario`],
//! re-exported here) and scenario test files.
//!
//! - [`Scenario`] and [`Side`]: a board builder (see the engine's docs).
//! - [`ScenarioFile`], [`run_scenario`] and [`suite`]: scenario test files
//!   (`*.scenario`, `docs/scenarios.md`) that card authors write without
//!   Rust: a board, actions and answers, expected results; `sve test` and
//!   the `sve-tests` suite run them over a [`Catalog`](crate::catalog::Catalog).
//!
//! ```
//! use sve_host::scenario::{Scenario, Side};
//! use sve_host::engine::PlayerId;
//!
//! let mut s = Scenario::builder()
//!     .side(PlayerId(0), Side::new().hand(["V2"]).pp(3))
//!     .side(PlayerId(1), Side::new().field(["V1"]))
//!     .build();
//! s.play("V2");
//! assert!(s.dump().contains("field V2 2/2"));
//! ```

pub use sve_engine::scenario::*;

mod expect;
pub mod file;
mod run;
pub mod suite;

pub use file::{ParseError, ScenarioFile};
pub use run::{FILLER_CARD, Failure, RunReport, run_scenario, run_scenario_with};
