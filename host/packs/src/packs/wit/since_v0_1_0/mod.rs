//! `sve:cards@0.1.0`, frozen: its bindings and the adapter that runs packs
//! built against it on 0.2.0's types and game API, which the 0.2.0 adapter
//! runs on the current API (a chain: a new version changes only the
//! adapter of the one before it).
//!
//! Packs of this version import only the `pack` world's game API (the
//! script runtime, the one `script` importer, is built with the host), so
//! the bindings are for that world.

mod adapter;
mod game;

pub(crate) use adapter::manifest_in;

wasmtime::component::bindgen!({
    path: "../../wit/since_v0.1.0",
    world: "pack",
});

/// The API version of these bindings.
pub const VERSION: semver::Version = semver::Version::new(0, 1, 0);
