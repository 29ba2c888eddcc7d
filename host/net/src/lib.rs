//! Online play (docs/online.md): the wire protocol, the authoritative match
//! server behind `sve serve`, and the network clients behind `sve client`
//! and `sve loadtest`.
//!
//! The server is the only authority: it owns every [`Match`], checks every
//! answer with [`Match::answer`], and sends each connection only what its
//! viewer may know ([`feed`]). Card ability code never leaves it; clients
//! get card faces ([`protocol::CardFace`]) and, for the cards they ask
//! about, the card inspector's data ([`inspect`], which the client's local
//! matches use too).
//!
//! The `native` feature (on by default) brings the server, the cluster and
//! the network clients, with tokio; without it the crate is the protocol,
//! the feed, the inspector's data and the clients' text and leak count
//! ([`client::text`], [`client::leaks`]), and builds for a web page.
//!
//! [`Match`]: sve_engine::engine::Match
//! [`Match::answer`]: sve_engine::engine::Match::answer

pub mod client;
#[cfg(feature = "native")]
pub mod cluster;
pub mod feed;
pub mod inspect;
pub mod patch;
pub mod protocol;
#[cfg(feature = "native")]
pub mod server;
