//! The engine's scenario board builder ([`sve_engine::scenario`]),
//! re-exported. Scenario test files are the `sve-scenario` crate's.

pub use sve_engine::scenario::*;
