//! `sve:cards@0.2.0`, frozen: its bindings and the adapter that runs packs
//! built against it on the current API.
//!
//! Packs of this version import only the `pack` world's game API (the
//! script runtime, the one `script` importer, is built with the host), so
//! the bindings are for that world. The 0.1.0 adapter is chained through
//! this one: it converts to these types, which convert on to the current
//! ones.

mod adapter;
mod game;

pub(crate) use adapter::manifest_in;

wasmtime::component::bindgen!({
    path: "../../wit/since_v0.2.0",
    world: "pack",
});

/// The API version of these bindings.
pub const VERSION: semver::Version = semver::Version::new(0, 2, 0);
