//! Rematches over loopback: both players offer and a new match seats
//! them with the seats swapped and fresh tokens; against a server bot the
//! offer is taken at once; a player who leaves is reported to the other.

// Each test binary uses part of the shared helpers.
#[allow(dead_code)]
mod common;

use common::{deck, open_table, seated, start, until};
use std::sync::Arc;
use sve_engine::cards::starter::starter_db;
use sve_engine::engine::{CardRef, NoAbilities};
use sve_net::client::Connection;
use sve_net::protocol::{ClientMsg, ClockSpec, Opponent, RematchNews, ServerMsg};
use sve_net::server::ServerConfig;

fn config() -> ServerConfig {
    let db = Arc::new(starter_db().expect("bundled cards"));
    let mut config = ServerConfig::new(db, Arc::new(NoAbilities));
    config.seed = Some(5);
    config
}

/// A host and a guest seated at one table.
async fn two_players(url: &str) -> (Connection, Connection, String) {
    let (mut host, code) = open_table(url, "Host", ClockSpec::default()).await;
    let mut guest = Connection::connect(url, "Guest").await.expect("connects");
    guest
        .send(&ClientMsg::JoinTable {
            code: code.clone(),
            deck: deck("SD05").into(),
        })
        .await
        .expect("sends");
    let token = seated(&mut host).await.token;
    seated(&mut guest).await;
    assert!(token.is_some());
    (host, guest, code)
}

/// Ends the match at once: the host concedes; both hear it is over.
async fn concede(host: &mut Connection, guest: &mut Connection) {
    host.send(&ClientMsg::Concede).await.expect("sends");
    for conn in [host, guest] {
        until(conn, |m| {
            matches!(m, ServerMsg::GameOver { .. }).then_some(())
        })
        .await;
    }
}

async fn news(conn: &mut Connection) -> RematchNews {
    until(conn, |m| match m {
        ServerMsg::Rematch(news) => Some(news),
        _ => None,
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_offer_and_a_new_match_seats_them_swapped() {
    let server = start(config()).await;
    let (mut host, mut guest, code) = two_players(&server.url()).await;
    // Before the end, a rematch is refused.
    host.send(&ClientMsg::Rematch).await.expect("sends");
    let early = until(&mut host, |m| match m {
        ServerMsg::Failed { reason } => Some(reason),
        _ => None,
    })
    .await;
    assert!(early.contains("not over"), "{early}");
    concede(&mut host, &mut guest).await;
    // The finished table still answers the inspector.
    host.send(&ClientMsg::Inspect {
        cards: vec![CardRef(1)],
    })
    .await
    .expect("sends");
    until(&mut host, |m| match m {
        ServerMsg::Inspected { .. } => Some(()),
        ServerMsg::Failed { reason } => panic!("{reason}"),
        _ => None,
    })
    .await;

    host.send(&ClientMsg::Rematch).await.expect("sends");
    assert_eq!(news(&mut host).await, RematchNews::Waiting);
    assert_eq!(
        news(&mut guest).await,
        RematchNews::Offered { by: "Host".into() }
    );
    guest.send(&ClientMsg::Rematch).await.expect("sends");
    let (new_host, new_guest) = (seated(&mut host).await, seated(&mut guest).await);
    assert_ne!(new_host.code, code, "a new table");
    assert_eq!(new_host.code, new_guest.code);
    assert_eq!(new_guest.seat, Some(0), "the seats are swapped");
    assert_eq!(new_host.seat, Some(1));
    assert_eq!(new_guest.names, ["Guest".to_string(), "Host".to_string()]);
    assert!(new_host.token.is_some() && new_guest.token.is_some());
    // The new match runs: both get its first update, and answers go to it.
    for conn in [&mut host, &mut guest] {
        until(conn, |m| matches!(m, ServerMsg::Update(_)).then_some(())).await;
    }
    guest.send(&ClientMsg::Concede).await.expect("sends");
    for conn in [&mut host, &mut guest] {
        until(conn, |m| {
            matches!(m, ServerMsg::GameOver { .. }).then_some(())
        })
        .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_leaves_is_reported_to_the_other() {
    let server = start(config()).await;
    let (mut host, mut guest, _) = two_players(&server.url()).await;
    concede(&mut host, &mut guest).await;
    guest.send(&ClientMsg::Rematch).await.expect("sends");
    assert_eq!(news(&mut guest).await, RematchNews::Waiting);
    host.send(&ClientMsg::Leave).await.expect("sends");
    let RematchNews::Declined { reason } = news(&mut guest).await else {
        panic!("the guest is told");
    };
    assert!(reason.contains("Host has left"), "{reason}");
    // The table has ended: another offer finds no match to rematch.
    guest.send(&ClientMsg::Rematch).await.expect("sends");
    let reason = until(&mut guest, |m| match m {
        ServerMsg::Failed { reason } => Some(reason),
        _ => None,
    })
    .await;
    assert!(reason.contains("no match of yours"), "{reason}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_bot_takes_the_rematch_at_once() {
    let server = start(config()).await;
    let mut player = Connection::connect(&server.url(), "Solo")
        .await
        .expect("connects");
    player
        .send(&ClientMsg::CreateTable {
            deck: deck("SD02").into(),
            opponent: Opponent::Bot {
                kind: "random".into(),
                deck: None,
            },
            clock: ClockSpec {
                per_decision_ms: Some(60_000),
                per_match_ms: None,
            },
        })
        .await
        .expect("sends");
    let first = seated(&mut player).await;
    assert_eq!(first.seat, Some(0));
    player.send(&ClientMsg::Concede).await.expect("sends");
    until(&mut player, |m| {
        matches!(m, ServerMsg::GameOver { .. }).then_some(())
    })
    .await;
    player.send(&ClientMsg::Rematch).await.expect("sends");
    let second = seated(&mut player).await;
    assert_eq!(second.seat, Some(1), "the bot sits first now");
    assert_ne!(second.code, first.code);
    assert_ne!(second.token, first.token, "a fresh seat token");
    assert_eq!(second.clock, first.clock, "the same time limits");
}
