//! What the server tests share: bundled decks, starting a server, and
//! reading a connection until the expected message.

use std::time::Duration;
use sve_engine::decks::STARTER_DECKS;
use sve_net::client::Connection;
use sve_net::protocol::{ClientMsg, ClockSpec, Opponent, Seating, ServerMsg};
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

/// Opens a table (SD01, against whoever joins) as `name` and returns the
/// connection and the table's code.
pub async fn open_table(url: &str, name: &str, clock: ClockSpec) -> (Connection, String) {
    let mut host = Connection::connect(url, name).await.expect("connects");
    host.send(&ClientMsg::CreateTable {
        deck: deck("SD01").into(),
        opponent: Opponent::Human,
        clock,
    })
    .await
    .expect("sends");
    let code = until(&mut host, |m| match m {
        ServerMsg::TableOpen { code } => Some(code),
        _ => None,
    })
    .await;
    (host, code)
}

/// The next seating.
pub async fn seated(conn: &mut Connection) -> Seating {
    until(conn, |m| match m {
        ServerMsg::Seated(s) => Some(*s),
        _ => None,
    })
    .await
}
