//! Bindings for `sve:cards@0.3.0`, the current card API (unreleased: later
//! steps of the plan still add to it): the host's game API (`host_api/mod.rs`)
//! and the conversions to engine types are written against these.
//!
//! Generated for the `script-pack` world: the `pack` world plus the
//! `script` import that hands a script pack its compiled cards. Rust packs
//! import a subset of it, so one set of bindings serves both kinds.

wasmtime::component::bindgen!({
    path: "../../wit/since_v0.3.0",
    world: "script-pack",
});

/// A loaded pack's exports (either kind of pack).
pub type Pack = ScriptPack;
/// A pack pre-instantiated against the host's linker.
pub type PackPre<T> = ScriptPackPre<T>;

/// The API version of these bindings.
pub const VERSION: semver::Version = semver::Version::new(0, 3, 0);
