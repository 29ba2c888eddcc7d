//! The limit a pack's call keeps however it runs: in a component
//! (`component.rs`, with its fuel, memory and stack limits) or in process
//! (`native_script.rs`, on the desktop and in the web page).

/// Calls from the pack into the host (game functions, and the runtime's
/// own calls such as growing memory) one call into a pack may make: fuel
/// bounds the guest's work, this bounds the host's. The busiest starter
/// ability makes a few hundred.
pub const HOST_CALLS_PER_CALL: u32 = 10_000;
