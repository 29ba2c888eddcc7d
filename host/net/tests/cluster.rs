//! Several servers sharing one real `nats-server` (JetStream): a table
//! opened on one server and joined from another, the quick-match queue
//! across servers, a spectator on the other server, and a match that goes
//! on when the server running it dies.
//!
//! Without a `nats-server` these tests say they were skipped and pass;
//! with `SVE_REQUIRE_NATS` set (as in CI) they must run.

mod common;

use common::{deck, open_table, seated, start, until};
use std::sync::Arc;
use std::sync::mpsc as std_mpsc;
use std::time::Duration;
use sve_engine::bot::default_answer;
use sve_engine::cards::starter::starter_db;
use sve_engine::engine::{NoAbilities, Outcome};
use sve_engine::replay::{Replay, log_hash};
use sve_net::client::play::{Answerer, Counted, PlayReport, RandomAnswers, follow};
use sve_net::client::{ClientError, Connection};
use sve_net::cluster::ClusterConfig;
use sve_net::cluster::nats_server::NatsServer;
use sve_net::protocol::{ClientMsg, ClockSpec, RematchNews, Seating, ServerMsg, Update};
use sve_net::server::ServerConfig;

fn config(nats: &NatsServer, id: &str, seed: u64) -> ServerConfig {
    let db = Arc::new(starter_db().expect("bundled cards"));
    let mut config = ServerConfig::new(db, Arc::new(NoAbilities));
    config.seed = Some(seed);
    config.server_id = Some(id.to_owned());
    let mut cluster = ClusterConfig::new(nats.url());
    // Short leases keep the failover test quick.
    cluster.lease = Duration::from_millis(900);
    config.cluster = Some(cluster);
    config
}

fn runtime(workers: usize) -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(workers)
        .enable_all()
        .build()
        .expect("a runtime")
}

/// Plays on to the end with `answerer`, from wherever the connection is.
async fn play_on(
    conn: &mut Connection,
    answerer: &mut dyn Answerer,
    report: &mut PlayReport,
) -> Result<(), ClientError> {
    let mut no_code = None;
    let play = follow(conn, answerer, report, &mut no_code);
    tokio::time::timeout(Duration::from_secs(60), play)
        .await
        .expect("the match ends in time")
}

/// Downloads the replay of `seating`'s match and checks that playing it
/// again gives the recorded log.
async fn verified_replay(conn: &mut Connection, seating: &Seating) -> Replay {
    let token = seating.token.clone().expect("a player has a seat token");
    conn.send(&ClientMsg::Replay { token })
        .await
        .expect("sends");
    let bytes = until(conn, |m| match m {
        ServerMsg::Replay { bytes } => Some(bytes),
        ServerMsg::Failed { reason } => panic!("no replay: {reason}"),
        _ => None,
    })
    .await;
    let replay = Replay::decode(&bytes).expect("a replay file");
    let db = Arc::new(starter_db().expect("bundled cards"));
    let (_, log) = replay.play(db, Arc::new(NoAbilities)).expect("it replays");
    assert_eq!(
        log_hash(&log),
        replay.log_hash,
        "the replay gives the match's log"
    );
    replay
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_opened_on_one_server_is_joined_and_watched_from_another() {
    let Some(nats) =
        NatsServer::for_test("a_table_opened_on_one_server_is_joined_and_watched_from_another")
    else {
        return;
    };
    let a = start(config(&nats, "a", 1)).await;
    let b = start(config(&nats, "b", 2)).await;
    let (mut host, code) = open_table(&a.url(), "Host", ClockSpec::default()).await;
    let mut guest = Connection::connect(&b.url(), "Guest")
        .await
        .expect("connects");
    guest
        .send(&ClientMsg::JoinTable {
            code: code.clone(),
            deck: deck("SD05").into(),
        })
        .await
        .expect("sends");
    let host_seat = seated(&mut host).await;
    let guest_seat = seated(&mut guest).await;
    assert_eq!(host_seat.code, code);
    assert_eq!(guest_seat.seat, Some(1));
    assert_eq!(guest_seat.names, ["Host".to_owned(), "Guest".to_owned()]);

    // A spectator on the other server watches the table.
    let mut watcher = Connection::connect(&b.url(), "Watcher")
        .await
        .expect("connects");
    watcher
        .send(&ClientMsg::Spectate { code: code.clone() })
        .await
        .expect("sends");
    let watching = until(&mut watcher, |m| match m {
        ServerMsg::Seated(s) => Some(*s),
        ServerMsg::Failed { reason } => panic!("can't spectate: {reason}"),
        _ => None,
    })
    .await;
    assert_eq!(watching.seat, None);

    let mut host_report = PlayReport {
        seating: Some(host_seat),
        ..PlayReport::default()
    };
    let mut guest_report = PlayReport {
        seating: Some(guest_seat),
        ..PlayReport::default()
    };
    let mut host_bot = RandomAnswers::new(3);
    let mut guest_bot = RandomAnswers::new(4);
    let watch = async {
        let mut updates = 0;
        loop {
            match watcher.recv().await.expect("the spectator stays connected") {
                ServerMsg::Update(update) => {
                    let update: Update = *update;
                    assert!(
                        update.view.decision.is_none(),
                        "a spectator is asked nothing"
                    );
                    updates += 1;
                }
                ServerMsg::GameOver { outcome } => return (updates, outcome),
                _ => {}
            }
        }
    };
    let (host_result, guest_result, (watched, watched_outcome)) = tokio::join!(
        play_on(&mut host, &mut host_bot, &mut host_report),
        play_on(&mut guest, &mut guest_bot, &mut guest_report),
        watch,
    );
    host_result.expect("the host plays to the end");
    guest_result.expect("the guest plays to the end across servers");
    assert!(guest_report.answers > 0 && guest_report.leaks == 0);
    assert_eq!(host_report.outcome, guest_report.outcome);
    assert_eq!(Some(watched_outcome), host_report.outcome);
    assert!(watched > 1, "the spectator saw the match move");

    // The guest gets the replay from its own server, although the match
    // ran on the other one.
    let seating = guest_report.seating.clone().expect("seated");
    let replay = verified_replay(&mut guest, &seating).await;
    assert_eq!(
        replay.answers.len() as u32,
        host_report.answers + guest_report.answers,
        "every answer of both players is in the replay"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_quick_match_queue_pairs_players_on_different_servers() {
    let Some(nats) =
        NatsServer::for_test("the_quick_match_queue_pairs_players_on_different_servers")
    else {
        return;
    };
    let a = start(config(&nats, "a", 5)).await;
    let b = start(config(&nats, "b", 6)).await;
    let mut first = Connection::connect(&a.url(), "First")
        .await
        .expect("connects");
    first
        .send(&ClientMsg::QuickMatch {
            deck: deck("SD02").into(),
        })
        .await
        .expect("sends");
    until(&mut first, |m| matches!(m, ServerMsg::Queued).then_some(())).await;
    let mut second = Connection::connect(&b.url(), "Second")
        .await
        .expect("connects");
    second
        .send(&ClientMsg::QuickMatch {
            deck: deck("SD03").into(),
        })
        .await
        .expect("sends");
    let seat_of = |m: ServerMsg| match m {
        ServerMsg::Seated(s) => Some(*s),
        ServerMsg::Failed { reason } => panic!("quick match failed: {reason}"),
        _ => None,
    };
    let first_seat = until(&mut first, seat_of).await;
    let second_seat = until(&mut second, seat_of).await;
    assert_eq!(first_seat.code, second_seat.code);
    assert_eq!(first_seat.names, ["First".to_owned(), "Second".to_owned()]);
    let mut reports = [first_seat, second_seat].map(|seating| PlayReport {
        seating: Some(seating),
        ..PlayReport::default()
    });
    let [first_report, second_report] = &mut reports;
    let (mut bot1, mut bot2) = (RandomAnswers::new(1), RandomAnswers::new(2));
    let (r1, r2) = tokio::join!(
        play_on(&mut first, &mut bot1, first_report),
        play_on(&mut second, &mut bot2, second_report),
    );
    r1.expect("the first player plays to the end");
    r2.expect("the second player plays to the end");
    assert_eq!(first_report.outcome, second_report.outcome);
}

/// Two servers of one cluster: the owner on a runtime of its own, so that
/// it can die whole (its tables, connections and NATS client stop at once,
/// as in a crash, when `kill` is sent), and the survivor on `main`.
struct TwoServers {
    main: tokio::runtime::Runtime,
    owner_url: String,
    survivor_url: String,
    kill: std_mpsc::Sender<()>,
    /// Stops the owner's runtime once `kill` is sent; join it at the end.
    reaper: std::thread::JoinHandle<()>,
    /// Kept alive for the test's length.
    _servers: (sve_net::server::Server, sve_net::server::Server),
}

impl TwoServers {
    fn start(nats: &NatsServer, owner_seed: u64, survivor_seed: u64) -> TwoServers {
        let owner_runtime = runtime(1);
        let owner = owner_runtime.block_on(start(config(nats, "owner", owner_seed)));
        let owner_url = owner.url();
        let main = runtime(2);
        let survivor = main.block_on(start(config(nats, "survivor", survivor_seed)));
        let survivor_url = survivor.url();
        let (kill, killed) = std_mpsc::channel::<()>();
        let reaper = std::thread::spawn(move || {
            if killed.recv().is_ok() {
                owner_runtime.shutdown_background();
            }
        });
        TwoServers {
            main,
            owner_url,
            survivor_url,
            kill,
            reaper,
            _servers: (owner, survivor),
        }
    }
}

/// A table opened by "Host" (SD01) on the owner and joined by "Guest"
/// (SD05) from the survivor: both connections and the table's code.
async fn table_across(owner_url: &str, survivor_url: &str) -> (Connection, Connection, String) {
    let (host, code) = open_table(owner_url, "Host", ClockSpec::default()).await;
    let mut guest = Connection::connect(survivor_url, "Guest")
        .await
        .expect("connects");
    guest
        .send(&ClientMsg::JoinTable {
            code: code.clone(),
            deck: deck("SD05").into(),
        })
        .await
        .expect("sends");
    (host, guest, code)
}

#[test]
fn a_match_goes_on_on_another_server_when_its_server_dies() {
    let Some(nats) = NatsServer::for_test("a_match_goes_on_on_another_server_when_its_server_dies")
    else {
        return;
    };
    let TwoServers {
        main,
        owner_url,
        survivor_url,
        kill,
        reaper,
        _servers,
    } = TwoServers::start(&nats, 8, 9);

    main.block_on(async {
        let (mut host, mut guest, _) = table_across(&owner_url, &survivor_url).await;

        let mut host_bot = Counted::new(RandomAnswers::new(11), move |answers| {
            if answers == 6 {
                let _ = kill.send(());
            }
        });
        let mut guest_bot = RandomAnswers::new(12);
        let mut host_report = PlayReport::default();
        let mut guest_report = PlayReport::default();
        let host_side = async {
            // On the owner until it dies under the host's feet...
            let dropped = play_on(&mut host, &mut host_bot, &mut host_report).await;
            assert!(dropped.is_err(), "the host's server died mid-match");
            let answered_before = host_bot.answers;
            // ...then back with the seat token, on the other server.
            let token = host_report
                .seating
                .as_ref()
                .and_then(|s| s.token.clone())
                .expect("the host was seated");
            let mut again = Connection::connect(&survivor_url, "Host")
                .await
                .expect("connects to the other server");
            again
                .send(&ClientMsg::Reconnect { token })
                .await
                .expect("sends");
            play_on(&mut again, &mut host_bot, &mut host_report)
                .await
                .expect("the host plays to the end on the other server");
            (again, answered_before)
        };
        // The guest's connection, on the surviving server, never drops.
        let guest_side = play_on(&mut guest, &mut guest_bot, &mut guest_report);
        let ((mut again, answered_before), guest_result) = tokio::join!(host_side, guest_side);
        guest_result.expect("the guest plays to the end without reconnecting");
        assert!(
            guest_report.resyncs >= 1,
            "the guest was seated again by the server that took the match over"
        );
        assert!(host_bot.answers > answered_before, "the match went on");
        assert!(host_report.outcome.is_some());
        assert_eq!(host_report.outcome, guest_report.outcome);

        // The match that finished on the survivor has the log of its
        // replay, which holds the answers played on the owner and after.
        let seating = host_report.seating.clone().expect("seated");
        let replay = verified_replay(&mut again, &seating).await;
        assert!(replay.answers.len() as u32 > answered_before);
    });
    reaper.join().expect("the owner was stopped");
}

#[test]
fn players_of_a_server_that_dies_count_as_absent_and_concede_after_the_grace() {
    let Some(nats) = NatsServer::for_test(
        "players_of_a_server_that_dies_count_as_absent_and_concede_after_the_grace",
    ) else {
        return;
    };
    let main = runtime(2);
    let mut owner_config = config(&nats, "owner", 13);
    owner_config.grace = Duration::from_millis(500);
    let owner = main.block_on(start(owner_config));
    // The guest's server runs on a runtime of its own, to die whole.
    let guest_runtime = runtime(1);
    let guests_server = guest_runtime.block_on(start(config(&nats, "guests", 14)));
    let guest_url = guests_server.url();
    main.block_on(async {
        let (mut host, code) = open_table(&owner.url(), "Host", ClockSpec::default()).await;
        let mut guest = Connection::connect(&guest_url, "Guest")
            .await
            .expect("connects");
        guest
            .send(&ClientMsg::JoinTable {
                code,
                deck: deck("SD04").into(),
            })
            .await
            .expect("sends");
        until(&mut guest, |m| {
            matches!(m, ServerMsg::Seated(_)).then_some(())
        })
        .await;
        until(&mut host, |m| {
            matches!(m, ServerMsg::Seated(_)).then_some(())
        })
        .await;
        guest_runtime.shutdown_background();
        let absent = until(&mut host, |m| match m {
            ServerMsg::Presence {
                seat, connected, ..
            } => Some((seat, connected)),
            _ => None,
        })
        .await;
        assert_eq!(absent, (1, false), "the host hears that the guest is gone");
        let outcome = until(&mut host, |m| match m {
            ServerMsg::GameOver { outcome } => Some(outcome),
            _ => None,
        })
        .await;
        assert!(
            matches!(
                outcome,
                sve_engine::engine::Outcome::Win(sve_engine::engine::PlayerId(0), _)
            ),
            "the absent guest conceded: {outcome:?}"
        );
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeover_mark_fences_an_old_owner_that_is_only_slow() {
    use sve_net::cluster::Cluster;
    use sve_net::cluster::records::JournalEntry;
    let Some(nats) = NatsServer::for_test("a_takeover_mark_fences_an_old_owner_that_is_only_slow")
    else {
        return;
    };
    let settings = ClusterConfig::new(nats.url());
    let old = Cluster::connect(&settings, "old".into())
        .await
        .expect("connects");
    let new = Cluster::connect(&settings, "new".into())
        .await
        .expect("connects");
    let moves = |n: u8| JournalEntry::Moves {
        answers: vec![sve_engine::replay::RecordedAnswer {
            player: 0,
            picks: vec![u32::from(n)],
        }],
        time_left_ms: [None, None],
        conceded: None,
    };
    // The old owner journals two batches; the last one it knows of is `last`.
    let first = old.append("ABCDEF", &moves(0), 0).await.expect("appends");
    let last = old
        .append("ABCDEF", &moves(1), first)
        .await
        .expect("appends");
    // The new owner reads the journal and puts its mark after it.
    let (entries, seen) = new.read_journal("ABCDEF").await.expect("reads");
    assert_eq!((entries.len(), seen), (2, last));
    let mark = JournalEntry::Takeover {
        server: "new".into(),
    };
    new.append("ABCDEF", &mark, seen).await.expect("marks");
    // The old owner, unaware, can't append any more.
    let refused = old.append("ABCDEF", &moves(2), last).await;
    assert!(
        matches!(refused, Err(sve_net::cluster::ClusterError::Fenced)),
        "{refused:?}"
    );
    let (entries, _) = new.read_journal("ABCDEF").await.expect("reads");
    assert_eq!(entries.last(), Some(&mark), "nothing came after the mark");
}

#[test]
fn a_player_queued_on_a_server_that_died_does_not_block_the_queue() {
    let Some(nats) =
        NatsServer::for_test("a_player_queued_on_a_server_that_died_does_not_block_the_queue")
    else {
        return;
    };
    let main = runtime(2);
    let doomed_runtime = runtime(1);
    let doomed = doomed_runtime.block_on(start(config(&nats, "doomed", 15)));
    let survivor = main.block_on(start(config(&nats, "survivor", 16)));
    let quick = |name: &'static str, url: String| async move {
        let mut conn = Connection::connect(&url, name).await.expect("connects");
        conn.send(&ClientMsg::QuickMatch {
            deck: deck("SD01").into(),
        })
        .await
        .expect("sends");
        conn
    };
    let doomed_url = doomed.url();
    let mut ghost = doomed_runtime.block_on(quick("Ghost", doomed_url));
    doomed_runtime.block_on(until(&mut ghost, |m| {
        matches!(m, ServerMsg::Queued).then_some(())
    }));
    doomed_runtime.shutdown_background();
    main.block_on(async {
        // Past the dead server's last heartbeat.
        tokio::time::sleep(Duration::from_millis(1_200)).await;
        let mut first = quick("First", survivor.url()).await;
        until(&mut first, |m| match m {
            ServerMsg::Queued => Some(()),
            ServerMsg::Seated(s) => panic!("seated against the dead server's player: {s:?}"),
            _ => None,
        })
        .await;
        let mut second = quick("Second", survivor.url()).await;
        let seating = seated(&mut second).await;
        assert_eq!(seating.names, ["First".to_owned(), "Second".to_owned()]);
    });
}

/// A rematch across servers: the table ran on `a`, its guest's connection
/// is on `b`. Both offer; the new match starts on `a` as a fresh table
/// (new code, seats swapped, fresh tokens), and the guest's commands,
/// relayed from `b`, reach it: the guest inspects a card and concedes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_across_servers_seats_both_players_again() {
    let Some(nats) = NatsServer::for_test("a_rematch_across_servers_seats_both_players_again")
    else {
        return;
    };
    let a = start(config(&nats, "a", 5)).await;
    let b = start(config(&nats, "b", 6)).await;
    let (mut host, code) = open_table(&a.url(), "Host", ClockSpec::default()).await;
    let mut guest = Connection::connect(&b.url(), "Guest")
        .await
        .expect("connects");
    guest
        .send(&ClientMsg::JoinTable {
            code: code.clone(),
            deck: deck("SD05").into(),
        })
        .await
        .expect("sends");
    seated(&mut host).await;
    seated(&mut guest).await;
    host.send(&ClientMsg::Concede).await.expect("sends");
    for conn in [&mut host, &mut guest] {
        until(conn, |m| {
            matches!(m, ServerMsg::GameOver { .. }).then_some(())
        })
        .await;
    }

    guest.send(&ClientMsg::Rematch).await.expect("sends");
    until(&mut host, |m| match m {
        ServerMsg::Rematch(RematchNews::Offered { by }) => Some(by),
        _ => None,
    })
    .await;
    host.send(&ClientMsg::Rematch).await.expect("sends");
    let (new_host, new_guest) = (seated(&mut host).await, seated(&mut guest).await);
    assert_ne!(new_guest.code, code);
    assert_eq!(new_guest.code, new_host.code);
    assert_eq!((new_guest.seat, new_host.seat), (Some(0), Some(1)));

    // The guest's commands reach the new table from the other server:
    // answers (both players answer until they hold their hands) and an
    // inspect.
    let (hand_card, _) = tokio::join!(
        answer_until_a_hand(&mut guest),
        answer_until_a_hand(&mut host)
    );
    guest
        .send(&ClientMsg::Inspect {
            cards: vec![hand_card],
        })
        .await
        .expect("sends");
    let inspected = until(&mut guest, |m| match m {
        ServerMsg::Inspected { cards } => Some(cards),
        _ => None,
    })
    .await;
    assert_eq!(inspected.len(), 1);
    assert_eq!(inspected[0].card, hand_card);
    guest.send(&ClientMsg::Concede).await.expect("sends");
    for conn in [&mut host, &mut guest] {
        until(conn, |m| {
            matches!(m, ServerMsg::GameOver { .. }).then_some(())
        })
        .await;
    }
}

/// Answers with the default until this seat holds its hand; returns the
/// number of a card in it.
async fn answer_until_a_hand(conn: &mut Connection) -> sve_engine::engine::CardRef {
    loop {
        let update = until(conn, |m| match m {
            ServerMsg::Update(u) => Some(*u),
            _ => None,
        })
        .await;
        let me = update.view.viewer.idx();
        if let Some(card) = update.view.sides[me].hand.iter().flatten().next() {
            return card.card;
        }
        if let Some(decision) = &update.view.decision {
            let picks = default_answer(decision).into_iter().map(|p| p as u32);
            conn.send(&ClientMsg::Answer {
                seq: update.decision_seq,
                picks: picks.collect(),
            })
            .await
            .expect("sends");
        }
    }
}

/// Answers `count` decisions with the default answer, then returns the
/// sequence number of the next one, left pending.
async fn answer_then_leave_pending(conn: &mut Connection, count: usize) -> u32 {
    let mut answered = 0;
    loop {
        let update = until(conn, |m| match m {
            ServerMsg::Update(u) => Some(*u),
            _ => None,
        })
        .await;
        let Some(decision) = &update.view.decision else {
            continue;
        };
        if answered == count {
            return update.decision_seq;
        }
        answered += 1;
        let picks = default_answer(decision).into_iter().map(|p| p as u32);
        conn.send(&ClientMsg::Answer {
            seq: update.decision_seq,
            picks: picks.collect(),
        })
        .await
        .expect("sends");
    }
}

/// Given the update that asks `pending` again, answers it, sees the match
/// go past it, concedes, and returns the outcome.
async fn answer_again_and_concede(conn: &mut Connection, asked: Update, pending: u32) -> Outcome {
    assert_eq!(
        asked.decision_seq, pending,
        "the decision pending when the server died is asked again"
    );
    let decision = asked.view.decision.as_ref().expect("a decision");
    let picks = default_answer(decision).into_iter().map(|p| p as u32);
    conn.send(&ClientMsg::Answer {
        seq: asked.decision_seq,
        picks: picks.collect(),
    })
    .await
    .expect("sends");
    until(conn, |m| match m {
        ServerMsg::Update(u) if u.decision_seq > pending => Some(()),
        ServerMsg::Rejected { reason } => panic!("the answer was rejected: {reason}"),
        _ => None,
    })
    .await;
    conn.send(&ClientMsg::Concede).await.expect("sends");
    until(conn, |m| match m {
        ServerMsg::GameOver { outcome } => Some(outcome),
        _ => None,
    })
    .await
}

/// A human seat's decision is pending when the server running its match
/// dies. Back with its seat token on the server that takes the match
/// over, the seat is asked that decision again without sending anything
/// first (the server never waits for an answer it did not ask for after
/// a takeover); it answers, and the match goes on.
#[test]
fn a_pending_decision_is_asked_again_after_a_takeover() {
    let Some(nats) = NatsServer::for_test("a_pending_decision_is_asked_again_after_a_takeover")
    else {
        return;
    };
    let TwoServers {
        main,
        owner_url,
        survivor_url,
        kill,
        reaper,
        _servers,
    } = TwoServers::start(&nats, 17, 18);

    main.block_on(async {
        let (mut host, mut guest, _) = table_across(&owner_url, &survivor_url).await;
        let mut guest_bot = RandomAnswers::new(19);
        let mut guest_report = PlayReport::default();
        let host_side = async {
            let seating = seated(&mut host).await;
            let token = seating.token.clone().expect("the host has a seat token");
            // The host answers a few decisions, then leaves the next one
            // pending.
            let pending = answer_then_leave_pending(&mut host, 3).await;
            // Its server dies with the decision pending.
            let _ = kill.send(());
            let dropped = tokio::time::timeout(Duration::from_secs(30), async {
                while host.recv().await.is_ok() {}
            })
            .await;
            assert!(dropped.is_ok(), "the host's server died");

            let mut again = Connection::connect(&survivor_url, "Host")
                .await
                .expect("connects to the other server");
            again
                .send(&ClientMsg::Reconnect { token })
                .await
                .expect("sends");
            // Nothing is sent: the server asks again by itself.
            let asked = until(&mut again, |m| match m {
                ServerMsg::Update(u) if u.view.decision.is_some() => Some(*u),
                ServerMsg::Failed { reason } => panic!("can't reconnect: {reason}"),
                _ => None,
            })
            .await;
            answer_again_and_concede(&mut again, asked, pending).await
        };
        let guest_side = play_on(&mut guest, &mut guest_bot, &mut guest_report);
        let (host_outcome, guest_result) = tokio::join!(host_side, guest_side);
        guest_result.expect("the guest plays to the end");
        assert_eq!(Some(host_outcome), guest_report.outcome);
    });
    reaper.join().expect("the owner was stopped");
}

/// As [`a_pending_decision_is_asked_again_after_a_takeover`], for a seat
/// whose own connection, on the server that takes the match over, never
/// drops: it is asked its pending decision again without answering
/// first, and the match goes on.
#[test]
fn a_pending_decision_of_a_seat_on_the_surviving_server_is_asked_again() {
    let Some(nats) =
        NatsServer::for_test("a_pending_decision_of_a_seat_on_the_surviving_server_is_asked_again")
    else {
        return;
    };
    let TwoServers {
        main,
        owner_url,
        survivor_url,
        kill,
        reaper,
        _servers,
    } = TwoServers::start(&nats, 21, 22);

    main.block_on(async {
        let (mut host, mut guest, _) = table_across(&owner_url, &survivor_url).await;
        let guest_side = async {
            seated(&mut guest).await;
            let pending = answer_then_leave_pending(&mut guest, 3).await;
            let _ = kill.send(());
            let asked = until(&mut guest, |m| match m {
                ServerMsg::Update(u) if u.resync && u.view.decision.is_some() => Some(*u),
                _ => None,
            })
            .await;
            answer_again_and_concede(&mut guest, asked, pending).await
        };
        let host_side = async {
            let mut host_bot = RandomAnswers::new(23);
            let mut report = PlayReport::default();
            let dropped = play_on(&mut host, &mut host_bot, &mut report).await;
            assert!(dropped.is_err(), "the host's server died mid-match");
            let token = report
                .seating
                .as_ref()
                .and_then(|s| s.token.clone())
                .expect("the host was seated");
            let mut again = Connection::connect(&survivor_url, "Host")
                .await
                .expect("connects to the other server");
            again
                .send(&ClientMsg::Reconnect { token })
                .await
                .expect("sends");
            play_on(&mut again, &mut host_bot, &mut report)
                .await
                .expect("the host plays to the end on the other server");
            report.outcome
        };
        let (guest_outcome, host_outcome) = tokio::join!(guest_side, host_side);
        assert_eq!(Some(guest_outcome), host_outcome);
    });
    reaper.join().expect("the owner was stopped");
}
