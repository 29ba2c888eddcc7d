//! Failover with real processes: two `sve serve --nats` processes and one
//! `nats-server`. The server running a match is killed (SIGKILL) in the
//! middle of it; the match finishes on the other server, and its replay
//! verifies.
//!
//! Skipped (and says so) without a `nats-server`, unless
//! `SVE_REQUIRE_NATS` is set, as in CI.

mod support;

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::mpsc as std_mpsc;
use std::time::Duration;
use sve_engine::cards::starter::starter_db;
use sve_engine::decks::STARTER_DECKS;
use sve_engine::engine::NoAbilities;
use sve_engine::replay::{Replay, log_hash};
use sve_net::client::Connection;
use sve_net::client::play::{Answerer, Counted, PlayReport, RandomAnswers, follow};
use sve_net::cluster::nats_server::NatsServer;
use sve_net::protocol::{ClientMsg, ClockSpec, Opponent, ServerMsg};

/// A `sve serve` process; killed when dropped.
struct ServeProcess {
    child: Child,
    url: String,
}

impl ServeProcess {
    fn start(nats: &NatsServer, id: &str) -> ServeProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sve"))
            .args([
                "--vanilla",
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--lease-ms",
                "900",
            ])
            .args(["--nats", &nats.url(), "--server-id", id, "--seed", "5"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("sve serve starts");
        let url = support::served_url(&mut child);
        ServeProcess { child, url }
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for ServeProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

fn deck(name: &str) -> String {
    STARTER_DECKS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| (*text).to_owned())
        .expect("bundled deck")
}

async fn play_on(
    conn: &mut Connection,
    answerer: &mut dyn Answerer,
    report: &mut PlayReport,
) -> bool {
    let mut no_code = None;
    let play = follow(conn, answerer, report, &mut no_code);
    tokio::time::timeout(Duration::from_secs(60), play)
        .await
        .expect("the match ends or the connection drops in time")
        .is_ok()
}

#[test]
fn a_match_finishes_on_another_server_after_its_server_is_killed() {
    let Some(nats) =
        NatsServer::for_test("a_match_finishes_on_another_server_after_its_server_is_killed")
    else {
        return;
    };
    let mut owner = ServeProcess::start(&nats, "owner");
    let survivor = ServeProcess::start(&nats, "survivor");
    let (kill, killed) = std_mpsc::channel::<()>();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let (owner_url, survivor_url) = (owner.url.clone(), survivor.url.clone());
    let client = std::thread::spawn(move || {
        runtime.block_on(async {
            let mut host = Connection::connect(&owner_url, "Host")
                .await
                .expect("connects");
            host.send(&ClientMsg::CreateTable {
                deck: deck("SD02"),
                opponent: Opponent::Human,
                clock: ClockSpec::default(),
            })
            .await
            .expect("sends");
            let code = loop {
                if let ServerMsg::TableOpen { code } = host.recv().await.expect("stays up") {
                    break code;
                }
            };
            let mut guest = Connection::connect(&survivor_url, "Guest")
                .await
                .expect("connects");
            guest
                .send(&ClientMsg::JoinTable {
                    code,
                    deck: deck("SD06"),
                })
                .await
                .expect("sends");
            let mut host_bot = Counted::new(RandomAnswers::new(21), move |answers| {
                if answers == 8 {
                    let _ = kill.send(());
                }
            });
            let mut guest_bot = RandomAnswers::new(22);
            let (mut host_report, mut guest_report) =
                (PlayReport::default(), PlayReport::default());
            let host_side = async {
                let finished = play_on(&mut host, &mut host_bot, &mut host_report).await;
                assert!(!finished, "the host's server was killed mid-match");
                let before = host_bot.answers;
                let token = host_report
                    .seating
                    .as_ref()
                    .and_then(|s| s.token.clone())
                    .expect("seated");
                let mut again = Connection::connect(&survivor_url, "Host")
                    .await
                    .expect("the other server is up");
                again
                    .send(&ClientMsg::Reconnect {
                        token: token.clone(),
                    })
                    .await
                    .expect("sends");
                assert!(
                    play_on(&mut again, &mut host_bot, &mut host_report).await,
                    "the host plays to the end on the other server"
                );
                again
                    .send(&ClientMsg::Replay { token })
                    .await
                    .expect("sends");
                let bytes = loop {
                    match again.recv().await.expect("stays up") {
                        ServerMsg::Replay { bytes } => break bytes,
                        ServerMsg::Failed { reason } => panic!("no replay: {reason}"),
                        _ => {}
                    }
                };
                (before, bytes)
            };
            let guest_side = play_on(&mut guest, &mut guest_bot, &mut guest_report);
            let ((before, bytes), guest_finished) = tokio::join!(host_side, guest_side);
            assert!(guest_finished, "the guest's connection never dropped");
            assert!(
                host_bot.answers > before,
                "the match went on after the kill"
            );
            assert_eq!(host_report.outcome, guest_report.outcome);
            bytes
        })
    });
    killed.recv().expect("the host answered enough");
    owner.kill();
    let bytes = client.join().expect("the clients finished");
    let replay = Replay::decode(&bytes).expect("a replay");
    let db = Arc::new(starter_db().expect("bundled cards"));
    let (_, log) = replay.play(db, Arc::new(NoAbilities)).expect("it replays");
    assert_eq!(log_hash(&log), replay.log_hash, "identical log");
}
