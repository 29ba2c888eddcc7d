//! The server and its clients over loopback: whole matches, spectators,
//! reconnects, clocks and hostile input.

mod common;

use common::{deck, open_table, seated, start, until};
use std::sync::Arc;
use std::time::Duration;
use sve_engine::bot::default_answer;
use sve_engine::cards::starter::starter_db;
use sve_engine::engine::{Event, NoAbilities, Outcome, PlayerId, WinReason};
use sve_engine::replay::{Replay, log_hash};
use sve_net::client::greedy::GreedyAnswers;
use sve_net::client::play::{Answerer, Entry, PlayReport, RandomAnswers, follow, play};
use sve_net::client::{ClientError, Connection, leaks};
use sve_net::feed::Viewer;
use sve_net::protocol::{ClientMsg, ClockSpec, Opponent, Seating, ServerMsg, Update};
use sve_net::server::ServerConfig;

fn config() -> ServerConfig {
    let db = Arc::new(starter_db().expect("bundled cards"));
    let mut config = ServerConfig::new(db, Arc::new(NoAbilities));
    config.seed = Some(7);
    config
}

async fn update(conn: &mut Connection) -> Update {
    until(conn, |m| match m {
        ServerMsg::Update(u) => Some(*u),
        _ => None,
    })
    .await
}

/// The next update that asks this connection something.
async fn decision(conn: &mut Connection) -> Update {
    loop {
        let u = update(conn).await;
        if u.view.decision.is_some() {
            return u;
        }
    }
}

/// A host and a guest at one table, nobody has answered yet.
async fn table(url: &str, clock: ClockSpec) -> (Connection, Connection, String) {
    let (host, code) = open_table(url, "Host", clock).await;
    let mut guest = Connection::connect(url, "Guest").await.expect("connects");
    guest
        .send(&ClientMsg::JoinTable {
            code: code.to_lowercase(),
            deck: deck("SD05").into(),
        })
        .await
        .expect("sends");
    (host, guest, code)
}

/// Plays on to the end as a random bot.
async fn finish(conn: &mut Connection, seating: Seating, seed: u64) -> PlayReport {
    let mut report = PlayReport {
        seating: Some(seating),
        ..PlayReport::default()
    };
    follow(conn, &mut RandomAnswers::new(seed), &mut report, &mut None)
        .await
        .expect("plays to the end");
    report
}

/// Plays on to the end with `answerer`.
async fn finish_with(
    conn: &mut Connection,
    seating: Seating,
    answerer: &mut dyn Answerer,
) -> PlayReport {
    let mut report = PlayReport {
        seating: Some(seating),
        ..PlayReport::default()
    };
    follow(conn, answerer, &mut report, &mut None)
        .await
        .expect("plays to the end");
    report
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_greedy_client_bot_beats_a_random_one_from_its_view_alone() {
    let server = start(config()).await;
    let faces = Connection::connect(&server.url(), "Faces")
        .await
        .expect("connects")
        .card_faces()
        .await
        .expect("the server's card faces");
    const MATCHES: u64 = 12;
    let mut greedy_wins = 0;
    for game in 0..MATCHES {
        let (mut host, mut guest, _) = table(&server.url(), ClockSpec::default()).await;
        let (host_seat, guest_seat) = (seated(&mut host).await, seated(&mut guest).await);
        let mut greedy = GreedyAnswers::new(game, faces.clone());
        let mut random = RandomAnswers::new(100 + game);
        // Greedy takes each deck and seat in turn.
        let greedy_hosts = game % 2 == 0;
        let (host_bot, guest_bot): (&mut dyn Answerer, &mut dyn Answerer) = if greedy_hosts {
            (&mut greedy, &mut random)
        } else {
            (&mut random, &mut greedy)
        };
        let (a, b) = tokio::join!(
            finish_with(&mut host, host_seat.clone(), host_bot),
            finish_with(&mut guest, guest_seat.clone(), guest_bot)
        );
        assert_eq!(a.outcome, b.outcome);
        assert_eq!(a.leaks + b.leaks, 0, "nothing hidden reached a client");
        let greedy_seat = if greedy_hosts {
            host_seat.seat
        } else {
            guest_seat.seat
        };
        if let (Some(Outcome::Win(winner, _)), Some(seat)) = (a.outcome, greedy_seat)
            && winner == PlayerId(seat)
        {
            greedy_wins += 1;
        }
    }
    // The matches are seeded, so this count is the same at every run.
    assert!(
        greedy_wins >= 10,
        "greedy won {greedy_wins} of {MATCHES} against random"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bot_clients_play_a_match_and_get_its_replay() {
    let config = config();
    let db = Arc::clone(&config.db);
    let server = start(config).await;
    let (mut host, mut guest, _) = table(&server.url(), ClockSpec::default()).await;
    let (host_seat, guest_seat) = (seated(&mut host).await, seated(&mut guest).await);
    assert_eq!(host_seat.names, ["Host".to_string(), "Guest".to_string()]);
    let token = host_seat.token.clone().expect("players get a seat token");
    let (a, b) = tokio::join!(
        finish(&mut host, host_seat, 1),
        finish(&mut guest, guest_seat, 2)
    );
    assert!(a.outcome.is_some());
    assert_eq!(a.outcome, b.outcome, "both clients see the same result");
    assert_eq!(a.leaks + b.leaks, 0, "nothing hidden reached a client");
    assert!(a.answers + b.answers > 20, "a real match was played");

    host.send(&ClientMsg::Replay { token })
        .await
        .expect("sends");
    let bytes = until(&mut host, |m| match m {
        ServerMsg::Replay { bytes } => Some(bytes),
        _ => None,
    })
    .await;
    let replay = Replay::decode(&bytes).expect("a replay file");
    let (replayed, events) = replay
        .play(db, Arc::new(NoAbilities))
        .expect("the replay plays");
    assert_eq!(
        log_hash(&events),
        replay.log_hash,
        "the replay is the match"
    );
    assert_eq!(replayed.outcome(), a.outcome);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scripted_client_gets_rejections_and_plays_a_server_bot() {
    let server = start(config()).await;
    let mut conn = Connection::connect(&server.url(), "Scripted")
        .await
        .expect("connects");
    conn.send(&ClientMsg::CreateTable {
        deck: deck("SD02").into(),
        opponent: Opponent::Bot {
            kind: "greedy".into(),
            deck: Some(deck("SD03").into()),
        },
        clock: ClockSpec::default(),
    })
    .await
    .expect("sends");
    let seating = seated(&mut conn).await;
    assert_eq!(seating.names[1], "greedy bot");
    let first = decision(&mut conn).await;
    let options = first
        .view
        .decision
        .as_ref()
        .map(|d| d.options.len())
        .unwrap_or(0);
    // An answer to a decision that is not the pending one.
    conn.send(&ClientMsg::Answer {
        seq: first.decision_seq + 5,
        picks: vec![0],
    })
    .await
    .expect("sends");
    let stale = until(&mut conn, |m| match m {
        ServerMsg::Rejected { reason } => Some(reason),
        _ => None,
    })
    .await;
    assert!(stale.contains("stale answer"), "{stale}");
    // An option that does not exist: the engine's own words.
    conn.send(&ClientMsg::Answer {
        seq: first.decision_seq,
        picks: vec![options as u32 + 3],
    })
    .await
    .expect("sends");
    let wrong = until(&mut conn, |m| match m {
        ServerMsg::Rejected { reason } => Some(reason),
        _ => None,
    })
    .await;
    assert!(wrong.contains("does not exist"), "{wrong}");
    // The decision is still there: answer it properly and play on.
    conn.send(&ClientMsg::Answer {
        seq: first.decision_seq,
        picks: vec![0],
    })
    .await
    .expect("sends");
    let report = finish(&mut conn, seating, 5).await;
    assert!(report.outcome.is_some());
    assert_eq!(report.leaks, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_sees_the_match_but_no_hand() {
    let server = start(config()).await;
    let (mut host, mut guest, code) = table(&server.url(), ClockSpec::default()).await;
    let (host_seat, guest_seat) = (seated(&mut host).await, seated(&mut guest).await);
    let mut watcher = Connection::connect(&server.url(), "Watcher")
        .await
        .expect("connects");
    watcher
        .send(&ClientMsg::Spectate { code: code.clone() })
        .await
        .expect("sends");
    let seating = seated(&mut watcher).await;
    assert_eq!(seating.seat, None);
    assert_eq!(seating.token, None, "spectators hold no seat");
    // A spectator can't act.
    watcher.send(&ClientMsg::Concede).await.expect("sends");
    let refused = until(&mut watcher, |m| match m {
        ServerMsg::Failed { reason } => Some(reason),
        _ => None,
    })
    .await;
    assert!(refused.contains("spectators"), "{refused}");
    let watch = async {
        let mut events = 0;
        let mut seen_leaks = 0;
        let outcome = loop {
            match watcher.recv().await.expect("stays up") {
                ServerMsg::Update(u) => {
                    events += u.events.len();
                    seen_leaks += leaks::count(&u, None);
                    assert!(u.view.decision.is_none());
                }
                ServerMsg::GameOver { outcome } => break outcome,
                _ => {}
            }
        };
        (events, seen_leaks, outcome)
    };
    let (a, _, (events, seen_leaks, outcome)) = tokio::join!(
        finish(&mut host, host_seat, 3),
        finish(&mut guest, guest_seat, 4),
        watch
    );
    // A spectator's updates are coalesced (the table's `HOLD_FOR`; bots
    // answering at once may finish a match within one), but every event
    // of the match reaches it.
    assert!(events > 10, "{events} events");
    assert_eq!(seen_leaks, 0);
    assert_eq!(Some(outcome), a.outcome);
}

/// A viewer who neither answered nor must answer has its update held back
/// a moment (the table's `HOLD_FOR`), then sent with every event of the
/// while, without waiting for anything else to happen.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_held_back_update_reaches_a_spectator_on_its_own() {
    let server = start(config()).await;
    let (mut host, mut guest, code) = table(&server.url(), ClockSpec::default()).await;
    let (_, _) = (seated(&mut host).await, seated(&mut guest).await);
    let mut watcher = Connection::connect(&server.url(), "Watcher")
        .await
        .expect("connects");
    watcher
        .send(&ClientMsg::Spectate { code })
        .await
        .expect("sends");
    seated(&mut watcher).await;
    let joined = update(&mut watcher).await;
    // Whoever must answer first answers once; then nobody acts.
    let first = tokio::select! {
        u = decision(&mut host) => (u, &mut host),
        u = decision(&mut guest) => (u, &mut guest),
    };
    let (asked, conn) = first;
    conn.send(&ClientMsg::Answer {
        seq: asked.decision_seq,
        picks: vec![0],
    })
    .await
    .expect("sends");
    let next = tokio::time::timeout(Duration::from_secs(10), update(&mut watcher))
        .await
        .expect("the held update arrives by itself");
    assert!(next.decision_seq > joined.decision_seq, "{next:?}");
    assert!(!next.events.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_joining_mid_match_gets_the_public_log_so_far() {
    let server = start(config()).await;
    let mut host = Connection::connect(&server.url(), "Host")
        .await
        .expect("connects");
    host.send(&ClientMsg::CreateTable {
        deck: deck("SD01").into(),
        opponent: Opponent::Bot {
            kind: "random".into(),
            deck: Some(deck("SD05").into()),
        },
        clock: ClockSpec::default(),
    })
    .await
    .expect("sends");
    let code = seated(&mut host).await.code;
    // The host plays default answers into the third turn; the match then
    // waits on the host, so nothing happens while the spectator comes.
    let mut heard: Vec<Event> = Vec::new();
    loop {
        let u = update(&mut host).await;
        heard.extend(u.events);
        let Some(asked) = u.view.decision else {
            continue;
        };
        let turns = heard
            .iter()
            .filter(|e| matches!(e, Event::TurnStarted { .. }))
            .count();
        if turns >= 3 {
            break;
        }
        let picks = default_answer(&asked)
            .into_iter()
            .map(|p| p as u32)
            .collect();
        host.send(&ClientMsg::Answer {
            seq: u.decision_seq,
            picks,
        })
        .await
        .expect("sends");
    }
    let mut watcher = Connection::connect(&server.url(), "Late")
        .await
        .expect("connects");
    watcher
        .send(&ClientMsg::Spectate { code })
        .await
        .expect("sends");
    seated(&mut watcher).await;
    let first = update(&mut watcher).await;
    assert!(first.resync, "the first update resends the log");
    // The same log as the host's, event for event, from the match's start.
    assert_eq!(first.events.len(), heard.len(), "{:?}", first.events);
    for (shown, host_saw) in first.events.iter().zip(&heard) {
        assert_eq!(
            std::mem::discriminant(shown),
            std::mem::discriminant(host_saw)
        );
    }
    assert!(
        first
            .events
            .iter()
            .any(|e| matches!(e, Event::GameStarted { .. }))
    );
    assert!(
        first
            .events
            .iter()
            .any(|e| matches!(e, Event::TurnStarted { turn: 1, .. }))
    );
    // Public information only: no card moving between places hidden from
    // a spectator is named, and the host's own draws are not shown.
    assert_eq!(leaks::count(&first, None), 0);
    let mut hidden_moves = 0;
    for event in &first.events {
        if let Event::Moved {
            def,
            owner,
            from,
            to,
            ..
        } = event
            && Viewer::Spectator.cannot_see(*from, *owner)
            && Viewer::Spectator.cannot_see(*to, *owner)
        {
            hidden_moves += 1;
            assert_eq!(*def, None, "{event:?}");
        }
    }
    assert!(hidden_moves > 0, "the log has draws");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_reconnects_mid_decision() {
    let server = start(config()).await;
    let (mut host, mut guest, _) = table(&server.url(), ClockSpec::default()).await;
    let host_seat = seated(&mut host).await;
    let guest_seat = seated(&mut guest).await;
    // Whoever is asked first drops the connection while asked.
    let first_host = update(&mut host).await;
    let (asked, seating, mut other, other_seating, pending) = if first_host.view.decision.is_some()
    {
        (host, host_seat, guest, guest_seat, first_host)
    } else {
        let pending = decision(&mut guest).await;
        (guest, guest_seat, host, host_seat, pending)
    };
    asked.close().await;
    let seat = seating.seat.expect("a player");
    let away = until(&mut other, |m| match m {
        ServerMsg::Presence {
            seat: s,
            connected: false,
            grace_ms,
        } if s == seat => Some(grace_ms),
        _ => None,
    })
    .await;
    assert!(away > 100_000, "the default grace is two minutes: {away}");

    let mut back = Connection::connect(&server.url(), "Back")
        .await
        .expect("connects");
    back.send(&ClientMsg::Reconnect {
        token: seating.token.clone().expect("token"),
    })
    .await
    .expect("sends");
    let again = seated(&mut back).await;
    assert_eq!(again.seat, seating.seat);
    let resync = update(&mut back).await;
    assert!(resync.resync);
    assert!(!resync.events.is_empty(), "the recent log is resent");
    assert_eq!(resync.decision_seq, pending.decision_seq);
    assert_eq!(
        resync.view.decision, pending.view.decision,
        "the same question"
    );
    until(&mut other, |m| {
        matches!(m, ServerMsg::Presence { seat: s, connected: true, .. } if s == seat).then_some(())
    })
    .await;
    // Answer the resent decision, then play on to the end.
    let picks = resync
        .view
        .decision
        .as_ref()
        .map(|d| default_answer(d).into_iter().map(|p| p as u32).collect())
        .unwrap_or_default();
    back.send(&ClientMsg::Answer {
        seq: resync.decision_seq,
        picks,
    })
    .await
    .expect("sends");
    let (a, b) = tokio::join!(
        finish(&mut back, again, 8),
        finish(&mut other, other_seating, 9)
    );
    assert_eq!(a.outcome, b.outcome);
    assert!(a.outcome.is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_absent_player_concedes_after_the_grace_period() {
    let mut config = config();
    config.grace = Duration::from_millis(300);
    let server = start(config).await;
    let (host, mut guest, _) = table(&server.url(), ClockSpec::default()).await;
    // The host leaves once the match has started (before it, leaving just
    // closes the waiting table).
    seated(&mut guest).await;
    host.close().await;
    let notice = until(&mut guest, |m| match m {
        ServerMsg::Notice { text } => Some(text),
        _ => None,
    })
    .await;
    assert!(notice.contains("did not come back"), "{notice}");
    let outcome = until(&mut guest, |m| match m {
        ServerMsg::GameOver { outcome } => Some(outcome),
        _ => None,
    })
    .await;
    assert_eq!(outcome, Outcome::Win(PlayerId(1), WinReason::Concede));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_decision_times_out_to_its_default() {
    let mut config = config();
    // Far below what a server takes by default, to keep the test short.
    config.clock_bounds.per_decision_ms = 100..=1_000;
    let server = start(config).await;
    let mut conn = Connection::connect(&server.url(), "Slow")
        .await
        .expect("connects");
    conn.send(&ClientMsg::CreateTable {
        deck: deck("SD01").into(),
        opponent: Opponent::Bot {
            kind: "random".into(),
            deck: None,
        },
        clock: ClockSpec {
            per_decision_ms: Some(200),
            per_match_ms: None,
        },
    })
    .await
    .expect("sends");
    let first = decision(&mut conn).await;
    assert!(first.clocks.decision_left_ms.is_some_and(|ms| ms <= 200));
    let notice = until(&mut conn, |m| match m {
        ServerMsg::Notice { text } => Some(text),
        _ => None,
    })
    .await;
    assert!(notice.contains("ran out"), "{notice}");
    let next = update(&mut conn).await;
    assert!(
        next.decision_seq > first.decision_seq,
        "the default was played"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn table_clocks_out_of_bounds_are_refused_naming_the_bound() {
    let server = start(config()).await;
    let mut conn = Connection::connect(&server.url(), "Clocks")
        .await
        .expect("connects");
    let clock = |per_decision_ms, per_match_ms| ClockSpec {
        per_decision_ms,
        per_match_ms,
    };
    let asks = [
        // A thinking time of nothing: the creator would lose at once.
        (
            clock(None, Some(0)),
            "thinking time per player must be at least 1 min",
        ),
        (
            clock(Some(0), None),
            "time per decision must be at least 5 s",
        ),
        (
            clock(None, Some(u64::MAX)),
            "thinking time per player must be at most 10 h",
        ),
        (
            clock(Some(7_200_000), Some(600_000)),
            "time per decision must be at most 1 h",
        ),
    ];
    for (clock, bound) in asks {
        conn.send(&ClientMsg::CreateTable {
            deck: deck("SD01").into(),
            opponent: Opponent::Human,
            clock,
        })
        .await
        .expect("sends");
        let reason = until(&mut conn, |m| match m {
            ServerMsg::Failed { reason } => Some(reason),
            ServerMsg::TableOpen { code } => panic!("{clock:?} opened table {code}"),
            _ => None,
        })
        .await;
        assert!(reason.contains(bound), "{clock:?}: {reason}");
    }
    // The bounds themselves are allowed.
    let (_, code) = open_table(&server.url(), "Edges", clock(Some(5_000), Some(36_000_000))).await;
    assert_eq!(code.len(), 6);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_oracle_bot_is_an_operators_opt_in() {
    let against_oracle = ClientMsg::CreateTable {
        deck: deck("SD01").into(),
        opponent: Opponent::Bot {
            kind: "oracle".into(),
            deck: None,
        },
        clock: ClockSpec::default(),
    };
    let server = start(config()).await;
    let mut conn = Connection::connect(&server.url(), "Analyst")
        .await
        .expect("connects");
    conn.send(&against_oracle).await.expect("sends");
    let reason = until(&mut conn, |m| match m {
        ServerMsg::Failed { reason } => Some(reason),
        ServerMsg::Seated(_) => panic!("an oracle table started without the operator's leave"),
        _ => None,
    })
    .await;
    assert!(reason.contains("sees hidden cards"), "{reason}");
    assert!(reason.contains("--allow-oracle"), "{reason}");

    let mut config = config();
    config.allow_oracle = true;
    let server = start(config).await;
    let mut conn = Connection::connect(&server.url(), "Analyst")
        .await
        .expect("connects");
    conn.send(&against_oracle).await.expect("sends");
    let seating = seated(&mut conn).await;
    assert_eq!(seating.names[1], "oracle bot");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_mismatch_is_refused_naming_both_versions() {
    let server = start(config()).await;
    let mut conn = Connection::open(&server.url()).await.expect("connects");
    conn.send(&ClientMsg::Hello {
        protocol: 999,
        name: "Future".into(),
    })
    .await
    .expect("sends");
    match conn.recv().await {
        Err(ClientError::Refused(reason)) => {
            let ours = format!("version {}", sve_net::protocol::PROTOCOL_VERSION);
            assert!(reason.contains(&ours), "{reason}");
            assert!(reason.contains("999"), "{reason}");
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_deck_is_refused_with_reasons() {
    let server = start(config()).await;
    let mut conn = Connection::connect(&server.url(), "Cheat")
        .await
        .expect("connects");
    conn.send(&ClientMsg::QuickMatch {
        deck: "Tiny\n# Leader\n1 SD01-LD01\n# Main Deck\n3 SD01-001\n".into(),
    })
    .await
    .expect("sends");
    let reasons = until(&mut conn, |m| match m {
        ServerMsg::DeckRefused { reasons } => Some(reasons),
        _ => None,
    })
    .await;
    assert!(!reasons.is_empty());
    assert!(reasons.join(" ").contains("40"), "{reasons:?}");
    // The connection goes on.
    conn.send(&ClientMsg::Ping { nonce: 4 })
        .await
        .expect("sends");
    until(&mut conn, |m| {
        matches!(m, ServerMsg::Pong { nonce: 4 }).then_some(())
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_frames_close_the_connection_with_a_reason() {
    let server = start(config()).await;
    let mut conn = Connection::connect(&server.url(), "Garbage")
        .await
        .expect("connects");
    conn.send_raw(vec![0xff, 0xff, 0xff, 0xff, 0xff, 0x01])
        .await
        .expect("sends");
    match conn.recv().await {
        Err(ClientError::Refused(reason)) => assert!(reason.contains("malformed"), "{reason}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
    // The server is still up for others.
    let mut next = Connection::connect(&server.url(), "Next")
        .await
        .expect("connects");
    next.send(&ClientMsg::Ping { nonce: 1 })
        .await
        .expect("sends");
    until(&mut next, |m| {
        matches!(m, ServerMsg::Pong { nonce: 1 }).then_some(())
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frame_of_an_unknown_kind_is_refused_in_the_protocols_words() {
    let server = start(config()).await;
    let mut conn = Connection::connect(&server.url(), "Garbage")
        .await
        .expect("connects");
    // Message kind 200 (a postcard varint): no client message has it.
    conn.send_raw(vec![0xc8, 0x01]).await.expect("sends");
    match conn.recv().await {
        Err(ClientError::Refused(reason)) => {
            assert!(
                reason.starts_with("malformed frame: expected a client message ("),
                "{reason}"
            );
            assert!(!reason.contains("Serde"), "{reason}");
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_frame_is_refused_naming_its_size_and_the_limit() {
    let server = start(config()).await;
    let mut conn = Connection::connect(&server.url(), "Big")
        .await
        .expect("connects");
    let len = sve_net::protocol::MAX_CLIENT_FRAME_BYTES + 10_000;
    conn.send_raw(vec![0; len]).await.expect("sends");
    match conn.recv().await {
        Err(ClientError::Refused(reason)) => assert_eq!(
            reason,
            format!(
                "frame of {len} bytes is over the limit of {} bytes",
                sve_net::protocol::MAX_CLIENT_FRAME_BYTES
            )
        ),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_flood_is_cut_off() {
    let mut config = config();
    config.messages_per_sec = 10;
    config.message_burst = 20;
    let server = start(config).await;
    let mut conn = Connection::connect(&server.url(), "Flood")
        .await
        .expect("connects");
    let mut refused = None;
    for nonce in 0..200 {
        if conn.send(&ClientMsg::Ping { nonce }).await.is_err() {
            break;
        }
    }
    for _ in 0..400 {
        match conn.recv().await {
            Ok(_) => {}
            Err(ClientError::Refused(reason)) => {
                refused = Some(reason);
                break;
            }
            Err(_) => break,
        }
    }
    let reason = refused.expect("the flood was refused");
    assert!(reason.contains("too many messages"), "{reason}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_meet_in_the_quick_match_queue() {
    let server = start(config()).await;
    let url = server.url();
    let a = async {
        let mut conn = Connection::connect(&url, "A").await.expect("connects");
        play(
            &mut conn,
            deck("SD04"),
            Entry::Queue,
            &mut RandomAnswers::new(1),
        )
        .await
        .expect("plays")
    };
    let b = async {
        let mut conn = Connection::connect(&url, "B").await.expect("connects");
        play(
            &mut conn,
            deck("SD06"),
            Entry::Queue,
            &mut RandomAnswers::new(2),
        )
        .await
        .expect("plays")
    };
    let (a, b) = tokio::join!(a, b);
    assert!(a.outcome.is_some());
    assert_eq!(a.outcome, b.outcome);
    let (sa, sb) = (a.seating.expect("seated"), b.seating.expect("seated"));
    assert_eq!(sa.code, sb.code, "one table");
    assert_ne!(sa.seat, sb.seat);
}
