//! Bindings for `sve:cards@0.1.0`.

wasmtime::component::bindgen!({
    path: "../wit/since_v0.1.0",
    world: "pack",
});

/// The API version of these bindings.
pub const VERSION: semver::Version = semver::Version::new(0, 1, 0);
