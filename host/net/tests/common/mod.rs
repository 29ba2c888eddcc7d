//! What the server tests share: bundled decks, starting a server, and
//! reading a connection until the expected message.

use std::time::Duration;
use sve_engine::decks::STARTER_DECKS;
use sve_net::client::Connection;
use sve_net::protocol::{Seating, ServerMsg};
use sve_net::server::{Server, ServerConfig};

/// A bundled starter deck's text.
pub fn deck(name: &str) -> &'static str {
    STARTER_DECKS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
        .expect("bundled deck")
}

/// A server on a free loopback port.
pub async fn start(config: ServerConfig) -> Server {
    Server::start("127.0.0.1:0", config)
        .await
        .expect("server starts")
}

/// Reads messages until `pick` takes one (30 s at most).
pub async fn until<T>(conn: &mut Connection, mut pick: impl FnMut(ServerMsg) -> Option<T>) -> T {
    let wait = async {
        loop {
            let msg = conn.recv().await.expect("the connection stays up");
            if let Some(found) = pick(msg) {
                return found;
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(30), wait)
        .await
        .expect("the expected message came in time")
}

/// The next seating.
pub async fn seated(conn: &mut Connection) -> Seating {
    until(conn, |m| match m {
        ServerMsg::Seated(s) => Some(*s),
        _ => None,
    })
    .await
}
