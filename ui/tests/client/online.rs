//! The Play online screen against an in-process `sve_net` server with the
//! vanilla starter cards: a match against the server's bot (the board
//! with the hand, answers taken, a confirmed concession), a table joined
//! by code by a `sve_net` client bot and watched by a second client, the
//! messages for a refused deck, an unknown code and an unreachable server,
//! reconnecting after the connection drops, and the clocks of a table with
//! time limits (and none without).
//!
//! Nothing here waits for a fixed time: every wait is for a state, with
//! the generous deadline of `wait_for`.

use crate::common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use sve_engine::cards::starter::starter_db;
use sve_engine::decks::STARTER_DECKS;
use sve_engine::engine::{NoAbilities, Outcome, PlayerId, WinReason};
use sve_net::client::Connection;
use sve_net::client::play::{Entry, RandomAnswers, play};
use sve_net::protocol::ClockSpec;
use sve_net::server::{Server, ServerConfig};
use sve_ui::App;
use sve_ui::app::Screen;
use sve_ui::session::online::{LinkState, OnlineStatus};
use tokio::net::{TcpListener, TcpStream};
use tokio::runtime::Runtime;
use tokio::sync::broadcast;

/// A server on a free loopback port, on a runtime of its own that lives
/// as long as this value.
struct TestServer {
    runtime: Runtime,
    server: Server,
}

impl TestServer {
    fn start() -> TestServer {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("a runtime for the server");
        let db = Arc::new(starter_db().expect("bundled cards"));
        let mut config = ServerConfig::new(db, Arc::new(NoAbilities));
        config.seed = Some(7);
        let server = runtime
            .block_on(Server::start("127.0.0.1:0", config))
            .expect("the server starts");
        TestServer { runtime, server }
    }

    fn url(&self) -> String {
        self.server.url()
    }
}

/// A TCP proxy in front of the server whose connections the test can cut,
/// as a network failure would: the client sees its connection end without
/// a word from the server.
struct Proxy {
    url: String,
    cut: broadcast::Sender<()>,
    accepted: Arc<AtomicUsize>,
}

impl Proxy {
    fn start(server: &TestServer) -> Proxy {
        let upstream = server.server.addr();
        let listener = server
            .runtime
            .block_on(TcpListener::bind("127.0.0.1:0"))
            .expect("the proxy binds");
        let addr = listener.local_addr().expect("an address");
        let (cut, _) = broadcast::channel(8);
        let accepted = Arc::new(AtomicUsize::new(0));
        let (cut_tx, count) = (cut.clone(), Arc::clone(&accepted));
        server.runtime.spawn(async move {
            while let Ok((inbound, _)) = listener.accept().await {
                count.fetch_add(1, Ordering::SeqCst);
                tokio::spawn(pipe(inbound, upstream, cut_tx.subscribe()));
            }
        });
        Proxy {
            url: format!("ws://{addr}/"),
            cut,
            accepted,
        }
    }

    /// Closes every connection open through the proxy now.
    fn cut(&self) {
        self.cut.send(()).expect("a connection to cut");
    }

    fn connections(&self) -> usize {
        self.accepted.load(Ordering::SeqCst)
    }
}

async fn pipe(mut inbound: TcpStream, upstream: SocketAddr, mut cut: broadcast::Receiver<()>) {
    let Ok(mut outbound) = TcpStream::connect(upstream).await else {
        return;
    };
    tokio::select! {
        _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {}
        _ = cut.recv() => {}
    }
    // Both sockets close as they drop here.
}

/// From the start screen to the Play online screen, with `url` typed over
/// the default server address.
fn open_online(harness: &mut Harness<'_, App>, url: &str) {
    harness.run();
    click(harness, "Play online");
    assert!(matches!(harness.state().screen(), Screen::Online));
    replace_text(harness, "Server", url);
}

/// Types `text` over the whole content of the field labelled `label`.
fn replace_text(harness: &mut Harness<'_, App>, label: &str, text: &str) {
    harness.get_by_label(label).click();
    harness.step();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label(label).type_text(text);
    harness.step();
}

/// The session the Play online screen is starting.
fn lobby_status<'h>(harness: &'h Harness<'_, App>) -> Option<&'h OnlineStatus> {
    harness.state().online().status()
}

/// The online session of the match on screen.
fn match_status<'h>(harness: &'h Harness<'_, App>) -> &'h OnlineStatus {
    match harness.state().screen() {
        Screen::Match(screen) => screen.online_status().expect("an online match"),
        _ => panic!("no match on screen"),
    }
}

/// Waits for the match screen with its first picture.
fn wait_for_board(harness: &mut Harness<'_, App>) {
    wait_for(
        harness,
        "the online board",
        |h| matches!(h.state().screen(), Screen::Match(m) if m.view().is_ready()),
    );
}

/// The error the Play online screen shows, once it shows one.
fn wait_for_error(harness: &mut Harness<'_, App>) -> String {
    wait_for(harness, "a message on the Play online screen", |h| {
        h.state().online().error().is_some()
    });
    assert!(
        lobby_status(harness).is_none(),
        "the failed session is gone"
    );
    harness
        .state()
        .online()
        .error()
        .unwrap_or_default()
        .to_owned()
}

/// Answers setup questions until it is this seat's main action.
fn to_main_action(harness: &mut Harness<'_, App>) {
    play_to_main_action(harness);
    assert!(has(harness, "End turn"), "the match is still on");
}

#[test]
fn a_match_against_the_server_bot_shows_the_hand_takes_answers_and_concedes() {
    let server = TestServer::start();
    let mut harness = client();
    open_online(&mut harness, &server.url());
    replace_text(&mut harness, "Your name", "Ann");
    click(&mut harness, "Developer tools");
    click(&mut harness, "Random");
    click(&mut harness, "Play the server's bot");
    wait_for_board(&mut harness);

    // The board is drawn from the server's card faces: the opening hand
    // shows as cards of this seat's hand.
    let view = match_view(&harness);
    let hand = view
        .board(PlayerId(0))
        .map(|board| board.mine.hand.len())
        .unwrap_or(0);
    assert!(hand >= 4, "an opening hand of {hand} cards");
    assert!(has_containing(&harness, "(hand"), "hand cards on the board");
    assert!(has_containing(&harness, "Online table"));
    assert!(has(&harness, "Ann (you) leader"));
    assert!(has(&harness, "random bot leader"));
    assert!(!has(&harness, "Undo"), "no undo online");

    // Answers go to the server, which moves the match on.
    to_main_action(&mut harness);
    let seen = match_view(&harness).generation;
    click_answer(&mut harness, "End turn");
    assert!(match_view(&harness).generation > seen);
    assert!(!has_containing(&harness, "did not take that answer"));
    to_main_action(&mut harness);

    // The debug tab has no sandbox online, but the card inspector.
    click(&mut harness, "Debug");
    assert!(has(&harness, "Events"));
    assert!(has(&harness, "Card inspector"));
    assert!(!has(&harness, "Sandbox"));
    click(&mut harness, "Board");

    // The inspector online: a middle click on a hand card asks the
    // server, whose answer fills the window; the card's source stays on
    // the server.
    harness
        .query_all_by_label_contains("(hand")
        .next()
        .expect("a hand card")
        .click_button(egui::PointerButton::Middle);
    wait_for(&mut harness, "the inspector, filled by the server", |h| {
        has(h, "The card's source stays on the server.")
    });
    let inspected = &match_view(&harness).inspected;
    assert_eq!(inspected.len(), 1, "the one card asked about");
    assert!(has_containing(
        &harness,
        &format!("{} ({})", inspected[0].name, inspected[0].id)
    ));
    click(&mut harness, "Close window");

    // Concede asks first; Cancel keeps playing.
    click(&mut harness, "Concede");
    assert!(has(&harness, "Yes, concede"));
    click(&mut harness, "Cancel");
    assert!(!has(&harness, "Yes, concede"));
    click(&mut harness, "Concede");
    click(&mut harness, "Yes, concede");
    wait_for(&mut harness, "the game-over panel", |h| {
        has(h, "Back to start")
    });
    assert!(has(&harness, "You lose"));
    assert_eq!(
        match_view(&harness).outcome,
        Some(Outcome::Win(PlayerId(1), WinReason::Concede))
    );

    // The replay comes from the server, asked for with the seat token.
    let path = std::env::temp_dir().join(format!("sve-ui-online-{}.sver", std::process::id()));
    save_replay(&mut harness, &path);
    let bytes = std::fs::read(&path).expect("the replay was written");
    let replay = sve_engine::replay::Replay::decode(&bytes).expect("a replay file");
    assert_eq!(
        replay.conceded,
        Some(0),
        "the replay records the concession"
    );
    let _ = std::fs::remove_file(&path);

    // A rematch against the server's bot starts at once: a new table,
    // with the seats swapped.
    let first_code = match_status(&harness)
        .seating
        .as_ref()
        .map(|s| s.code.clone());
    click(&mut harness, "Rematch");
    wait_for(&mut harness, "the rematch's board", |h| {
        let code = match_status(h).seating.as_ref().map(|s| s.code.clone());
        code != first_code && match_view(h).is_ready() && match_view(h).outcome.is_none()
    });
    let seat = match_status(&harness).seating.as_ref().and_then(|s| s.seat);
    assert_eq!(seat, Some(1), "the bot sits first now");
    assert!(has(&harness, "Ann (you) leader"));
    click(&mut harness, "Concede");
    click(&mut harness, "Yes, concede");
    wait_for(&mut harness, "the rematch's game-over panel", |h| {
        has(h, "Back to start")
    });

    click(&mut harness, "Back to start");
    assert!(matches!(harness.state().screen(), Screen::Start));
}

#[test]
fn the_debug_tab_is_online_only_with_the_developer_setting() {
    let server = TestServer::start();
    let mut harness = client();
    open_online(&mut harness, &server.url());
    click(&mut harness, "Play the server's bot");
    wait_for_board(&mut harness);
    assert!(has(&harness, "Board"));
    assert!(
        !has(&harness, "Debug"),
        "no debug tab online without the developer setting"
    );
    click(&mut harness, "Leave");
    click(&mut harness, "Yes, leave");

    // The setting is on the Play online screen, and remembered.
    open_online(&mut harness, &server.url());
    click(&mut harness, "Developer tools");
    assert!(harness.state().settings().online.developer_tools);
    click(&mut harness, "Play the server's bot");
    wait_for_board(&mut harness);
    click(&mut harness, "Debug");
    assert!(has(&harness, "Events"), "the debug tab with the setting on");
}

#[test]
fn the_log_names_the_opponent_the_table_seated() {
    let server = TestServer::start();
    let mut harness = client();
    open_online(&mut harness, &server.url());
    click(&mut harness, "Play the server's bot");
    wait_for_board(&mut harness);
    to_main_action(&mut harness);
    click_answer(&mut harness, "End turn");
    to_main_action(&mut harness);
    let log: Vec<String> = match_view(&harness)
        .log
        .iter()
        .map(|line| line.text.clone())
        .collect();
    assert!(
        log.iter()
            .any(|line| line.contains("Turn") && line.contains("greedy bot")),
        "the bot's turn by its name: {log:?}"
    );
    assert!(
        !log.iter().any(|line| line.contains("Opponent")),
        "no \"Opponent\" where the name is known: {log:?}"
    );
    assert!(has_containing(&harness, "greedy bot —"), "on screen");
}

#[test]
fn a_table_joined_by_code_is_played_watched_and_left() {
    let server = TestServer::start();
    let mut harness = client();
    open_online(&mut harness, &server.url());
    click(&mut harness, "Create table");
    wait_for(&mut harness, "the table's code", |h| {
        lobby_status(h).is_some_and(|s| s.table_code.is_some())
    });
    assert!(has(&harness, "Copy code"));
    assert!(has_containing(&harness, "Waiting for an opponent"));
    let code = lobby_status(&harness)
        .and_then(|s| s.table_code.clone())
        .expect("a code");

    // A client bot of `sve_net` joins with the code.
    let deck = STARTER_DECKS
        .iter()
        .find(|(name, _)| *name == "SD05")
        .map(|(_, text)| (*text).to_owned())
        .expect("a bundled deck");
    let url = server.url();
    let join_code = code.clone();
    let guest = server.runtime.spawn(async move {
        let mut conn = Connection::connect(&url, "Bo").await?;
        play(
            &mut conn,
            &deck,
            Entry::Join(join_code),
            &mut RandomAnswers::new(3),
        )
        .await
    });
    wait_for_board(&mut harness);
    assert!(
        has(&harness, "Bo leader"),
        "the guest's name from the seating"
    );
    to_main_action(&mut harness);

    // A second client watches the table by its code: public information
    // only, and nothing to answer.
    let mut watcher = client();
    open_online(&mut watcher, &server.url());
    type_into(&mut watcher, "Table code", &code);
    click(&mut watcher, "Spectate");
    wait_for_board(&mut watcher);
    assert!(has_containing(&watcher, &format!("Watching table {code}")));
    let view = match_view(&watcher);
    assert!(view.decision.is_none());
    let board = view.board(PlayerId(0)).expect("a board");
    assert!(board.mine.hand.iter().all(Option::is_none));
    assert!(board.theirs.hand.iter().all(Option::is_none));
    let concede = watcher.get_by_label("Concede");
    assert!(
        concede.accesskit_node().is_disabled(),
        "a watcher can't concede"
    );

    // Leaving asks first, then concedes the running match.
    click(&mut harness, "Leave");
    click(&mut harness, "Yes, leave");
    assert!(matches!(harness.state().screen(), Screen::Start));
    let report = server
        .runtime
        .block_on(async { tokio::time::timeout(Duration::from_secs(120), guest).await })
        .expect("the guest's match ends in time")
        .expect("the guest's task runs")
        .expect("the guest plays to the end");
    assert_eq!(
        report.outcome,
        Some(Outcome::Win(PlayerId(1), WinReason::Concede))
    );
    wait_for(&mut watcher, "the watcher's game over", |h| {
        has(h, "Back to start")
    });
    assert!(has_containing(&watcher, "Bo wins"));
}

#[test]
fn refusals_and_an_unreachable_server_are_explained_on_the_screen() {
    let server = TestServer::start();
    let mut harness = client();
    harness.run();
    click(&mut harness, "Play online");
    harness.remove_cursor();
    harness.run_ok();
    harness.snapshot("play_online_screen");
    replace_text(&mut harness, "Server", &server.url());

    // A deck the server refuses: every reason on the screen.
    let file = std::env::temp_dir().join(format!("sve-ui-online-{}.txt", std::process::id()));
    std::fs::write(
        &file,
        "Too small\n# Leader\n1 BP01-LD01\n# Main Deck\n3 SD01-001\n",
    )
    .expect("a deck file");
    click(&mut harness, "Your deck");
    click(&mut harness, "Deck file…");
    type_into(&mut harness, "Your deck file", &file.display().to_string());
    click(&mut harness, "Create table");
    let error = wait_for_error(&mut harness);
    assert!(
        error.starts_with("The server refused your deck:"),
        "{error}"
    );
    assert!(has_containing(&harness, "The server refused your deck"));
    let _ = std::fs::remove_file(&file);

    // A code no table has.
    click(&mut harness, "Your deck");
    click(&mut harness, "SD01 · Regal Fairy Princess");
    type_into(&mut harness, "Table code", "ZZZZZZ");
    click(&mut harness, "Join table");
    let error = wait_for_error(&mut harness);
    assert!(error.contains("No table waits with code ZZZZZZ"), "{error}");

    // A server that is not there: a port that was free a moment ago.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port();
    replace_text(&mut harness, "Server", &format!("ws://127.0.0.1:{port}/"));
    click(&mut harness, "Quick match");
    let error = wait_for_error(&mut harness);
    assert!(
        error.starts_with("Can't reach the server at ws://127.0.0.1:"),
        "{error}"
    );
    assert!(matches!(harness.state().screen(), Screen::Online));
}

#[test]
fn a_dropped_connection_is_taken_back_with_the_seat_token() {
    let server = TestServer::start();
    let proxy = Proxy::start(&server);
    let mut harness = client();
    open_online(&mut harness, &proxy.url);
    click(&mut harness, "Random");
    click(&mut harness, "Play the server's bot");
    wait_for_board(&mut harness);
    to_main_action(&mut harness);
    assert_eq!(proxy.connections(), 1);
    let before = match_view(&harness).generation;

    // The network drops the connection; the session reconnects on its own
    // and the server resends the seat, the board and the pending decision.
    proxy.cut();
    wait_for(&mut harness, "the reconnection", |h| {
        proxy.connections() >= 2
            && matches!(match_status(h).link, LinkState::Connected { .. })
            && match_view(h).generation > before
    });
    assert!(match_status(&harness).seating.is_some());
    to_main_action(&mut harness);

    // The seat answers again after the reconnection.
    let seen = match_view(&harness).generation;
    click_answer(&mut harness, "End turn");
    assert!(match_view(&harness).generation > seen);
    assert!(!has_containing(&harness, "did not take that answer"));
}

#[test]
fn an_opponent_who_loses_the_connection_shows_a_countdown() {
    let server = TestServer::start();
    let proxy = Proxy::start(&server);
    let mut harness = client();
    open_online(&mut harness, &server.url());
    click(&mut harness, "Create table");
    wait_for(&mut harness, "the table's code", |h| {
        lobby_status(h).is_some_and(|s| s.table_code.is_some())
    });
    let code = lobby_status(&harness)
        .and_then(|s| s.table_code.clone())
        .expect("a code");

    // The guest comes through the proxy, so the test can cut only theirs.
    let deck = STARTER_DECKS
        .iter()
        .find(|(name, _)| *name == "SD02")
        .map(|(_, text)| (*text).to_owned())
        .expect("a bundled deck");
    let url = proxy.url.clone();
    let guest = server.runtime.spawn(async move {
        let mut conn = Connection::connect(&url, "Bo").await?;
        play(
            &mut conn,
            &deck,
            Entry::Join(code),
            &mut RandomAnswers::new(5),
        )
        .await
    });
    wait_for_board(&mut harness);
    to_main_action(&mut harness);

    proxy.cut();
    wait_for(&mut harness, "the opponent's countdown", |h| {
        has_containing(h, "Bo lost the connection: they concede in ")
    });
    let left = match_status(&harness).away_left(PlayerId(1), std::time::Instant::now());
    assert!(left.is_some_and(|left| left > Duration::ZERO), "{left:?}");
    let ended = server
        .runtime
        .block_on(async { tokio::time::timeout(Duration::from_secs(60), guest).await })
        .expect("the guest's task ends")
        .expect("the guest's task runs");
    assert!(ended.is_err(), "the guest lost its connection");

    // This seat is still connected and may still leave (conceding).
    assert!(matches!(
        match_status(&harness).link,
        LinkState::Connected { .. }
    ));
    click(&mut harness, "Leave");
    click(&mut harness, "Yes, leave");
    assert!(matches!(harness.state().screen(), Screen::Start));
}

/// The clocks' labels on screen ("Decision 28 s", "Thinking time 9:59"):
/// those whose label starts with `prefix`, as seconds.
fn clocks_on_screen(harness: &Harness<'_, App>, prefix: &str) -> Vec<u64> {
    harness
        .query_all_by_label_contains(prefix)
        .filter_map(|node| {
            // A plain label carries its text as the node's value.
            let node = node.accesskit_node();
            node.label().or_else(|| node.value())
        })
        .filter_map(|label| label.strip_prefix(prefix).and_then(seconds_of))
        .collect()
}

/// "42 s" or "9:59" as seconds.
fn seconds_of(text: &str) -> Option<u64> {
    if let Some(seconds) = text.strip_suffix(" s") {
        return seconds.parse().ok();
    }
    let (minutes, seconds) = text.split_once(':')?;
    Some(minutes.parse::<u64>().ok()? * 60 + seconds.parse::<u64>().ok()?)
}

#[test]
fn a_table_with_time_limits_shows_both_clocks_to_players_and_watchers() {
    let server = TestServer::start();
    let mut harness = client();
    open_online(&mut harness, &server.url());
    click(&mut harness, "Decision limit");
    click(&mut harness, "30 s");
    click(&mut harness, "Thinking time limit");
    click(&mut harness, "10 min");
    let limits = ClockSpec {
        per_decision_ms: Some(30_000),
        per_match_ms: Some(600_000),
    };
    assert_eq!(harness.state().online().clock().spec(), limits);
    click(&mut harness, "Random");
    click(&mut harness, "Play the server's bot");
    wait_for_board(&mut harness);
    let seating = match_status(&harness).seating.clone().expect("seated");
    assert_eq!(seating.clock, limits, "the server took the limits");
    assert!(has_containing(
        &harness,
        "Clocks: 30 s a decision, 10:00 thinking time each"
    ));

    // Whoever the server waits on has a decision countdown within the
    // limit, and each seat its thinking time.
    wait_for(&mut harness, "the decision countdown", |h| {
        !clocks_on_screen(h, "Decision ").is_empty()
    });
    let decision = clocks_on_screen(&harness, "Decision ");
    assert_eq!(decision.len(), 1, "one decision runs: {decision:?}");
    assert!((1..=30).contains(&decision[0]), "{decision:?}");
    let thinking = clocks_on_screen(&harness, "Thinking time ");
    assert_eq!(thinking.len(), 2, "a clock per seat: {thinking:?}");
    assert!(
        thinking.iter().all(|left| (1..=600).contains(left)),
        "{thinking:?}"
    );

    // A watcher sees both seats' clocks too.
    let mut watcher = client();
    open_online(&mut watcher, &server.url());
    type_into(&mut watcher, "Table code", &seating.code);
    click(&mut watcher, "Spectate");
    wait_for_board(&mut watcher);
    wait_for(&mut watcher, "the watcher's clocks", |h| {
        clocks_on_screen(h, "Thinking time ").len() == 2
    });
    assert!(has_containing(&watcher, "Clocks: 30 s a decision"));

    // The limits are remembered for the next table.
    click(&mut harness, "Leave");
    click(&mut harness, "Yes, leave");
    assert!(matches!(harness.state().screen(), Screen::Start));
    click(&mut harness, "Play online");
    assert_eq!(harness.state().online().clock().spec(), limits);
    assert!(has(&harness, "Decision limit"));
}

#[test]
fn a_table_without_time_limits_shows_no_clock() {
    let server = TestServer::start();
    let mut harness = client();
    open_online(&mut harness, &server.url());
    assert_eq!(
        harness.state().online().clock().spec(),
        ClockSpec::default(),
        "no limits unless asked for"
    );
    click(&mut harness, "Random");
    click(&mut harness, "Play the server's bot");
    wait_for_board(&mut harness);
    to_main_action(&mut harness);
    assert!(clocks_on_screen(&harness, "Decision ").is_empty());
    assert!(clocks_on_screen(&harness, "Thinking time ").is_empty());
    assert!(!has_containing(&harness, "Clocks:"));
    assert!(match_view(&harness).clocks.is_none());
}
