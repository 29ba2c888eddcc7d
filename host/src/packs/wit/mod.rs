//! One module per frozen WIT version (`wit/since_vX.Y.Z/` at the workspace
//! root), each with its own bindings. `latest` is the newest; the loader
//! picks a version by the API version a pack records.

#[allow(missing_docs)] // Generated bindings.
pub mod since_v0_1_0;

pub use since_v0_1_0 as latest;

/// The API versions this host loads, oldest first.
pub const SUPPORTED: &[semver::Version] = &[since_v0_1_0::VERSION];
