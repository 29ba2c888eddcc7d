//! Online play with the real starter packs: the server runs every ability
//! in its wasm packs, the clients hold none of them.

use std::sync::Arc;
use sve_engine::decks::STARTER_DECKS;
use sve_engine::replay::{Replay, log_hash};
use sve_net::client::Connection;
use sve_net::client::play::{Entry, RandomAnswers, play};
use sve_net::protocol::{ClientMsg, ClockSpec, Opponent, ServerMsg};
use sve_net::server::{Server, ServerConfig};
use sve_tests::Base;

fn deck(name: &str) -> &'static str {
    STARTER_DECKS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
        .expect("bundled deck")
}

#[test]
fn a_match_with_the_starter_packs_plays_over_the_network_and_replays() {
    let root = sve_tests::workspace_root();
    let library = sve_tests::pack_library(
        &[
            root.join("card-packs/starter-scripts"),
            root.join("card-packs/rust-starter"),
        ],
        Base::Starter,
    );
    let loaded = library.loaded();
    let db = Arc::clone(&loaded.db);
    let runner = loaded.runner();
    let mut config = ServerConfig::new(Arc::clone(&db), Arc::clone(&runner));
    config.seed = Some(11);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let (host, guest, bytes) = runtime.block_on(async {
        let server = Server::start("127.0.0.1:0", config)
            .await
            .expect("server starts");
        let url = server.url();
        let (code_tx, code_rx) = tokio::sync::oneshot::channel();
        let mut a = Connection::connect(&url, "A").await.expect("connects");
        let mut b = Connection::connect(&url, "B").await.expect("connects");
        let mut host_bot = RandomAnswers::new(1);
        let host = play(
            &mut a,
            deck("SD01"),
            Entry::Create {
                opponent: Opponent::Human,
                clock: ClockSpec::default(),
                code: Some(code_tx),
            },
            &mut host_bot,
        );
        let guest = async {
            let code = code_rx.await.expect("the table opens");
            play(
                &mut b,
                deck("SD02"),
                Entry::Join(code),
                &mut RandomAnswers::new(2),
            )
            .await
        };
        let (host, guest) = tokio::join!(host, guest);
        let host = host.expect("host plays to the end");
        let guest = guest.expect("guest plays to the end");
        let token = host
            .seating
            .as_ref()
            .and_then(|s| s.token.clone())
            .expect("a seat token");
        a.send(&ClientMsg::Replay { token }).await.expect("sends");
        let bytes = loop {
            if let ServerMsg::Replay { bytes } = a.recv().await.expect("stays up") {
                break bytes;
            }
        };
        (host, guest, bytes)
    });
    assert!(host.outcome.is_some());
    assert_eq!(host.outcome, guest.outcome);
    assert_eq!(host.leaks + guest.leaks, 0);
    let replay = Replay::decode(&bytes).expect("a replay");
    let (_, events) = replay.play(db, runner).expect("replays with the packs");
    assert_eq!(
        log_hash(&events),
        replay.log_hash,
        "the served match replays identically"
    );
}
