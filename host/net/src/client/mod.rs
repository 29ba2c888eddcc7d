//! Network clients: a [`Connection`] to a server, a loop that plays a
//! match through it ([`play`]), a check that counts what a client should
//! never have been told ([`leaks`]), a person at the terminal
//! ([`terminal`]), and the load test.
//!
//! Without the `native` feature only [`text`] (cards and events in words),
//! [`leaks`] and [`greedy::answer`] are here: a web page's client has its
//! own socket.

#[cfg(feature = "native")]
mod connection;
pub mod greedy;
pub mod leaks;
#[cfg(feature = "native")]
pub mod loadtest;
#[cfg(feature = "native")]
pub mod play;
#[cfg(feature = "native")]
pub mod terminal;
pub mod text;

#[cfg(feature = "native")]
pub use connection::{ClientError, Connection, Received};
