//! The web page's link to the server: no thread and no waiting. The UI
//! steps a [`PageLink`] once per frame (`OnlineSession::pump`); a step
//! takes the UI's commands and the socket's events that came since the
//! last one, and acts on the clock's deadlines, then returns. The socket
//! wakes the UI when something comes, and the transport sets an alarm for
//! each deadline, so a page that shows nothing new draws no frames.
//!
//! It says and takes what the desktop's thread does (`worker.rs`), through
//! the same [`Table`]: hello, card faces, the entry request, then the match;
//! a lost seat is taken back with the seat token after the same back-off.
//! Frames are decoded here, and view patches applied (`sve_net::patch`),
//! as `sve_net::client::Connection` does on the desktop.

use super::socket::{Socket, SocketEvent, Transport, Wake};
use super::table::{
    CARD_DATA_TIMEOUT, CONNECT_TIMEOUT, RECONNECT_ATTEMPTS, Stop, Table, backoff, capitalized,
};
use super::{LinkState, Report};
use crate::session::Command;
use sve_net::patch::Mirror;
use sve_net::protocol::{
    ClientMsg, MAX_SERVER_FRAME_BYTES, PROTOCOL_VERSION, ServerMsg, decode, encode,
};
use tokio::sync::mpsc::UnboundedReceiver;
use tokio::sync::mpsc::error::TryRecvError;
use web_time::Instant;

/// Where a connection is in its opening.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// Waiting for the socket to open.
    Opening,
    /// The hello went out; waiting for the welcome.
    Hello,
    /// Asked for the card faces; waiting for them.
    Cards,
    /// In the lobby or the match: messages go to the table.
    Serving,
}

/// One connection and where it is.
struct Linked {
    socket: Box<dyn Socket>,
    stage: Stage,
    /// The last view, which the server's patches apply to.
    mirror: Mirror,
    /// The reconnection attempt this connection is (`None`: the first).
    attempt: Option<u32>,
    /// When the stage must be over.
    deadline: Option<Instant>,
}

/// The link's state between steps.
enum State {
    /// A connection is open or opening (boxed: its mirror holds a whole
    /// update).
    Linked(Box<Linked>),
    /// Waiting before reconnection attempt `attempt`.
    Waiting { attempt: u32, until: Instant },
    /// The session is over and the UI was told why (or let go).
    Done,
}

/// The page's online session, stepped by the UI.
pub(super) struct PageLink {
    table: Table,
    commands: UnboundedReceiver<Command>,
    transport: Box<dyn Transport>,
    wake: Wake,
    state: State,
}

impl std::fmt::Debug for PageLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let state = match &self.state {
            State::Linked(linked) => format!("{:?} (attempt {:?})", linked.stage, linked.attempt),
            State::Waiting { attempt, .. } => format!("waiting for attempt {attempt}"),
            State::Done => "done".to_owned(),
        };
        f.debug_struct("PageLink").field("state", &state).finish()
    }
}

impl PageLink {
    /// Opens the first connection.
    pub(super) fn start(
        table: Table,
        commands: UnboundedReceiver<Command>,
        transport: Box<dyn Transport>,
        wake: Wake,
        now: Instant,
    ) -> PageLink {
        let mut link = PageLink {
            table,
            commands,
            transport,
            wake,
            state: State::Done,
        };
        link.table.out().report(Report::Link(LinkState::Connecting));
        link.state = match link.open(None, now) {
            Ok(linked) => State::Linked(Box::new(linked)),
            Err(reason) => link.close(reason),
        };
        link
    }

    /// One step: the UI's commands, the socket's events, the deadlines.
    pub(super) fn step(&mut self, now: Instant) {
        if let Err(stop) = self.commands_step() {
            return self.stop(stop, now);
        }
        if let Err(stop) = self.socket_step(now) {
            return self.stop(stop, now);
        }
        if let Err(stop) = self.clock_step(now) {
            self.stop(stop, now);
        }
    }

    /// Whether the session is over.
    #[cfg(test)]
    pub(super) fn is_done(&self) -> bool {
        matches!(self.state, State::Done)
    }

    /// Opens connection `attempt` (`None`: the first) with its deadline.
    fn open(&self, attempt: Option<u32>, now: Instant) -> Result<Linked, String> {
        let url = self.table.settings().url.trim();
        let socket = self
            .transport
            .open(url, self.wake.clone())
            .map_err(|err| cannot_connect(url, &err))?;
        self.transport
            .wake_after(CONNECT_TIMEOUT, self.wake.clone());
        Ok(Linked {
            socket,
            stage: Stage::Opening,
            mirror: Mirror::new(),
            attempt,
            deadline: Some(now + CONNECT_TIMEOUT),
        })
    }

    fn commands_step(&mut self) -> Result<(), Stop> {
        loop {
            let command = match self.commands.try_recv() {
                Ok(command) => command,
                Err(TryRecvError::Empty) => return Ok(()),
                Err(TryRecvError::Disconnected) => return Err(Stop::Shutdown),
            };
            match &mut self.state {
                State::Linked(linked) if linked.stage == Stage::Serving => {
                    if let Some(msg) = self.table.command(command)? {
                        send(linked.socket.as_mut(), &msg).map_err(Stop::Lost)?;
                    }
                }
                _ if matches!(command, Command::Shutdown) => return Err(Stop::Shutdown),
                State::Waiting { .. } => self
                    .table
                    .out()
                    .notice("Not connected right now: reconnecting…"),
                // Nothing can be answered before the match starts.
                State::Linked(_) | State::Done => {}
            }
        }
    }

    fn socket_step(&mut self, now: Instant) -> Result<(), Stop> {
        loop {
            let State::Linked(linked) = &mut self.state else {
                return Ok(());
            };
            let Some(event) = linked.socket.next_event() else {
                return Ok(());
            };
            match event {
                SocketEvent::Opened => {
                    let hello = ClientMsg::Hello {
                        protocol: PROTOCOL_VERSION,
                        name: self.table.settings().name.clone(),
                    };
                    send(linked.socket.as_mut(), &hello).map_err(Stop::Lost)?;
                    linked.stage = Stage::Hello;
                }
                SocketEvent::Frame(bytes) => {
                    let msg = read(&mut linked.mirror, &bytes)?;
                    self.message(msg, now)?;
                    #[cfg(any(test, feature = "page-test-hook"))]
                    self.autoplay_step()?;
                }
                SocketEvent::Closed { reason } | SocketEvent::Failed(reason)
                    if linked.stage == Stage::Opening =>
                {
                    let url = self.table.settings().url.trim();
                    let reason = if reason.is_empty() {
                        cannot_connect(url, "the connection was refused")
                    } else {
                        cannot_connect(url, &reason)
                    };
                    // A first connection that fails ends the session; a
                    // reconnection tries again.
                    return Err(match linked.attempt {
                        None => Stop::Closed(reason),
                        Some(_) => Stop::Lost(reason),
                    });
                }
                SocketEvent::Closed { reason } if reason.is_empty() => {
                    return Err(Stop::Lost("The server closed the connection.".to_owned()));
                }
                SocketEvent::Closed { reason } => {
                    return Err(Stop::Closed(format!(
                        "The server closed the connection: {reason}"
                    )));
                }
                SocketEvent::Failed(reason) => {
                    return Err(Stop::Lost(format!("The connection broke: {reason}")));
                }
            }
        }
    }

    /// Sends the answer the test hook's autoplay chose, if any, as the
    /// board's click would.
    #[cfg(any(test, feature = "page-test-hook"))]
    fn autoplay_step(&mut self) -> Result<(), Stop> {
        let State::Linked(linked) = &mut self.state else {
            return Ok(());
        };
        if linked.stage != Stage::Serving {
            return Ok(());
        }
        let Some(answer) = self.table.autoplay_answer() else {
            return Ok(());
        };
        if let Some(msg) = self.table.command(answer)? {
            send(linked.socket.as_mut(), &msg).map_err(Stop::Lost)?;
        }
        Ok(())
    }

    /// One message, by the connection's stage.
    fn message(&mut self, msg: ServerMsg, now: Instant) -> Result<(), Stop> {
        let State::Linked(linked) = &mut self.state else {
            return Ok(());
        };
        match (linked.stage, msg) {
            (Stage::Serving, msg) => return self.table.message(msg),
            (Stage::Hello, ServerMsg::Welcome { server, .. }) => {
                self.table
                    .out()
                    .report(Report::Link(LinkState::Connected { server }));
                if linked.attempt.is_some() {
                    let rejoin = self
                        .table
                        .rejoin_request()
                        .ok_or_else(|| Stop::Closed("There is no seat to take back.".to_owned()))?;
                    send(linked.socket.as_mut(), &rejoin).map_err(Stop::Lost)?;
                    self.table.rejoined();
                    linked.stage = Stage::Serving;
                    linked.deadline = None;
                } else {
                    send(linked.socket.as_mut(), &ClientMsg::CardData).map_err(Stop::Lost)?;
                    linked.stage = Stage::Cards;
                    linked.deadline = Some(now + CARD_DATA_TIMEOUT);
                    self.transport
                        .wake_after(CARD_DATA_TIMEOUT, self.wake.clone());
                }
            }
            (
                Stage::Cards,
                ServerMsg::CardData {
                    cards,
                    keywords,
                    counters,
                    token_kinds,
                },
            ) => {
                self.table
                    .card_data(cards, &keywords, &counters, &token_kinds)?;
                send(linked.socket.as_mut(), &self.table.entry_request()).map_err(Stop::Lost)?;
                linked.stage = Stage::Serving;
                linked.deadline = None;
            }
            // Nothing else is asked for yet.
            (Stage::Cards, _) => {}
            (Stage::Opening | Stage::Hello, other) => {
                return Err(Stop::Closed(capitalized(&format!(
                    "unexpected message from the server: {}",
                    kind(&other)
                ))));
            }
        }
        Ok(())
    }

    fn clock_step(&mut self, now: Instant) -> Result<(), Stop> {
        match &self.state {
            State::Linked(linked) if linked.deadline.is_some_and(|deadline| now >= deadline) => {
                let (stage, attempt) = (&linked.stage, &linked.attempt);
                let url = self.table.settings().url.trim();
                Err(match (stage, attempt) {
                    (Stage::Cards, _) => {
                        Stop::Closed("The server did not send its card data in time.".to_owned())
                    }
                    (_, None) => Stop::Closed(format!(
                        "The server at {url} did not answer within {} seconds.",
                        CONNECT_TIMEOUT.as_secs()
                    )),
                    (_, Some(_)) => Stop::Lost(format!("{url} did not answer in time")),
                })
            }
            State::Waiting { attempt, until, .. } if now >= *until => {
                let attempt = *attempt;
                match self.open(Some(attempt), now) {
                    Ok(linked) => self.state = State::Linked(Box::new(linked)),
                    Err(err) => self.retry(attempt + 1, err, now),
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// The session can't go on this connection.
    fn stop(&mut self, stop: Stop, now: Instant) {
        let previous = std::mem::replace(&mut self.state, State::Done);
        let (attempt, stage, mut socket) = match previous {
            State::Linked(linked) => (linked.attempt, Some(linked.stage), Some(linked.socket)),
            State::Waiting { attempt, .. } => (Some(attempt), None, None),
            State::Done => return,
        };
        match stop {
            Stop::Shutdown => {
                // The player let go: leave the table (a running match is
                // conceded), then close.
                if let Some(socket) = &mut socket {
                    send(socket.as_mut(), &ClientMsg::Leave).ok();
                    socket.close();
                }
            }
            Stop::Lost(reason) if self.table.can_rejoin() => {
                drop(socket);
                // A connection that got as far as serving starts the
                // attempts over; a failed attempt is followed by the next.
                let next = match (stage, attempt) {
                    (Some(Stage::Serving), _) | (_, None) => 1,
                    (_, Some(attempt)) => attempt + 1,
                };
                tracing::info!("connection lost: {reason}; reconnecting");
                self.retry(next, reason, now);
            }
            Stop::Lost(reason) | Stop::Closed(reason) => {
                if let Some(socket) = &mut socket {
                    socket.close();
                }
                self.state = self.close(reason);
            }
        }
    }

    /// Waits before reconnection attempt `attempt`, or gives up.
    fn retry(&mut self, attempt: u32, reason: String, now: Instant) {
        if attempt > RECONNECT_ATTEMPTS {
            self.state = self.close(format!(
                "The connection could not be taken back after {RECONNECT_ATTEMPTS} attempts: {reason}"
            ));
            return;
        }
        self.table
            .out()
            .report(Report::Link(LinkState::Reconnecting {
                attempt,
                reason: reason.clone(),
            }));
        let pause = backoff(attempt);
        self.transport.wake_after(pause, self.wake.clone());
        self.state = State::Waiting {
            attempt,
            until: now + pause,
        };
    }

    /// Tells the UI the session is over.
    fn close(&self, reason: String) -> State {
        tracing::info!("online session closed: {reason}");
        self.table
            .out()
            .report(Report::Link(LinkState::Closed { reason }));
        State::Done
    }
}

/// Sends one message.
fn send(socket: &mut dyn Socket, msg: &ClientMsg) -> Result<(), String> {
    socket
        .send(encode(msg))
        .map_err(|err| format!("The connection broke: {err}"))
}

/// One frame as the message it stands for: a patch as the whole update,
/// a refusal as the end of the session.
fn read(mirror: &mut Mirror, bytes: &[u8]) -> Result<ServerMsg, Stop> {
    let msg = decode(bytes, MAX_SERVER_FRAME_BYTES).map_err(|err| {
        Stop::Closed(format!(
            "The server sent a frame this client can't read ({err}); is it another version?"
        ))
    })?;
    Ok(match msg {
        ServerMsg::Refused { reason } => {
            return Err(Stop::Closed(format!(
                "The server closed the connection: {reason}"
            )));
        }
        ServerMsg::Update(update) => ServerMsg::Update(Box::new(mirror.whole(*update).clone())),
        // A patch that does not fit (a message lost between servers): a
        // reconnect is sent the whole board again.
        ServerMsg::Patch(patch) => match mirror.apply(*patch) {
            Ok(update) => ServerMsg::Update(Box::new(update.clone())),
            Err(err) => {
                return Err(Stop::Lost(format!("Bad view patch from the server: {err}")));
            }
        },
        msg => msg,
    })
}

/// Why a connection could not be opened, in the player's words.
fn cannot_connect(url: &str, err: &str) -> String {
    format!("Can't reach the server at {url}: {err}. Is `sve serve` running there?")
}

/// A message's kind, for an error (its contents may be long).
fn kind(msg: &ServerMsg) -> String {
    let text = format!("{msg:?}");
    text.split([' ', '(', '{'])
        .next()
        .unwrap_or_default()
        .to_owned()
}

#[cfg(all(test, feature = "desktop"))]
mod tests {
    //! The page's link run natively over thread sockets against an
    //! in-process server: stepped by `OnlineSession::pump` as the page's
    //! frames step it, never waiting inside a step.

    use super::super::thread_socket::ThreadTransport;
    use super::super::{LinkState, OnlineEntry, OnlineSession, OnlineSettings};
    use super::*;
    use crate::session::Update;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};
    use std::time::Duration;
    use sve_engine::bot::{BotKind, default_answer};
    use sve_engine::cards::starter::starter_db;
    use sve_engine::decks::STARTER_DECKS;
    use sve_engine::engine::{NoAbilities, PlayerId};
    use sve_net::protocol::ClockSpec;
    use sve_net::server::{Server, ServerConfig};

    /// A server on a free loopback port, on a runtime of its own.
    struct TestServer {
        _runtime: tokio::runtime::Runtime,
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
            config.seed = Some(11);
            let server = runtime
                .block_on(Server::start("127.0.0.1:0", config))
                .expect("the server starts");
            TestServer {
                _runtime: runtime,
                server,
            }
        }
    }

    fn settings(url: &str, entry: OnlineEntry) -> OnlineSettings {
        OnlineSettings {
            url: url.to_owned(),
            name: "Page".to_owned(),
            deck: STARTER_DECKS
                .iter()
                .find(|(name, _)| *name == "SD01")
                .map(|(_, text)| (*text).to_owned())
                .expect("a starter deck"),
            entry,
            clock: ClockSpec::default(),
        }
    }

    /// Pumps `session` as frames would until `done` holds; the updates
    /// polled meanwhile.
    fn until(
        session: &mut OnlineSession,
        what: &str,
        mut done: impl FnMut(&OnlineSession, &[Update]) -> bool,
    ) -> Vec<Update> {
        let deadline = Instant::now() + Duration::from_secs(30);
        let mut updates = Vec::new();
        loop {
            updates.extend(session.poll());
            if done(session, &updates) {
                return updates;
            }
            if let LinkState::Closed { reason } = &session.status().link {
                panic!("closed while waiting for {what}: {reason}");
            }
            assert!(Instant::now() < deadline, "no {what} in 30 s");
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    fn asks_me(update: &Update, seat: PlayerId) -> Option<(u64, Vec<usize>)> {
        let Update::Snapshot(snapshot) = update else {
            return None;
        };
        let decision = snapshot.decision.as_ref()?;
        (decision.decision.player == seat)
            .then(|| (snapshot.generation, default_answer(&decision.decision)))
    }

    #[test]
    fn a_page_plays_the_servers_bot_answers_and_concedes() {
        let server = TestServer::start();
        let entry = OnlineEntry::VsServerBot(BotKind::Random);
        let mut session = OnlineSession::polled(
            settings(&server.server.url(), entry),
            Arc::new(|| {}),
            Box::new(ThreadTransport),
            false,
        );
        let updates = until(&mut session, "a seat and a board", |s, updates| {
            s.status().seating.is_some() && updates.iter().any(|u| matches!(u, Update::Snapshot(_)))
        });
        assert!(session.status().cards.is_some(), "the server's card faces");
        assert!(matches!(session.status().link, LinkState::Connected { .. }));
        let seat = session.status().seat().expect("a seat");
        // Answer the decisions asked of this seat, as clicks would, until
        // the match has moved on a few times.
        let mut answered = 0;
        let mut pending = updates;
        while answered < 3 {
            if let Some((generation, picks)) = pending.iter().rev().find_map(|u| asks_me(u, seat)) {
                session.send(Command::Answer {
                    generation,
                    player: seat,
                    picks,
                });
                answered += 1;
            }
            pending = until(&mut session, "the next picture", |_, updates| {
                updates.iter().any(|u| asks_me(u, seat).is_some())
            });
        }
        session.send(Command::Concede(seat));
        until(&mut session, "the end of the match", |s, _| s.status().over);
        let link = session.page.as_ref().expect("a page link");
        assert!(
            !link.is_done(),
            "a finished match keeps its link for a rematch"
        );
    }

    #[test]
    fn autoplay_plays_a_whole_match_against_the_servers_bot() {
        // The test hook's autoplay (the browser test's bundle): the page
        // answers every decision itself, through the same commands as
        // clicks, until the server says the match is over.
        let server = TestServer::start();
        let entry = OnlineEntry::VsServerBot(BotKind::Random);
        let mut session = OnlineSession::polled(
            settings(&server.server.url(), entry),
            Arc::new(|| {}),
            Box::new(ThreadTransport),
            true,
        );
        let deadline = Instant::now() + Duration::from_secs(120);
        let (mut asked, mut outcome) = (0, None);
        while !session.status().over {
            for update in session.poll() {
                if let Update::Snapshot(snapshot) = update {
                    asked += usize::from(snapshot.decision.is_some());
                    outcome = snapshot.outcome.or(outcome);
                }
            }
            if let LinkState::Closed { reason } = &session.status().link {
                panic!("closed mid-match: {reason}");
            }
            assert!(Instant::now() < deadline, "no end in 120 s ({asked} asked)");
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(asked > 10, "the page answered {asked} decisions");
        // Played out, not given up.
        let Some(sve_engine::engine::Outcome::Win(_, reason)) = outcome else {
            panic!("no win: {outcome:?}");
        };
        assert_ne!(reason, sve_engine::engine::WinReason::Concede);
    }

    #[test]
    fn an_unreachable_server_is_explained() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
        let url = format!("ws://{}/", listener.local_addr().expect("its address"));
        drop(listener);
        let mut session = OnlineSession::polled(
            settings(&url, OnlineEntry::CreateTable),
            Arc::new(|| {}),
            Box::new(ThreadTransport),
            false,
        );
        let deadline = Instant::now() + Duration::from_secs(30);
        while !matches!(session.status().link, LinkState::Closed { .. }) {
            session.pump();
            assert!(Instant::now() < deadline, "still trying");
            std::thread::sleep(Duration::from_millis(2));
        }
        let LinkState::Closed { reason } = &session.status().link else {
            unreachable!()
        };
        assert!(
            reason.starts_with(&format!("Can't reach the server at {url}")),
            "{reason}"
        );
    }

    #[test]
    fn a_reloaded_page_takes_its_seat_back_with_the_held_token() {
        // A page reloads: its session is gone without a word to the
        // server (the old connection still open, as at the instant of a
        // reload), and the new page enters with the token it held.
        let server = TestServer::start();
        let url = server.server.url();
        let entry = OnlineEntry::VsServerBot(BotKind::Random);
        let mut old = OnlineSession::polled(
            settings(&url, entry),
            Arc::new(|| {}),
            Box::new(ThreadTransport),
            false,
        );
        until(&mut old, "a board", |s, updates| {
            s.status().seating.is_some() && updates.iter().any(|u| matches!(u, Update::Snapshot(_)))
        });
        let seating = old.status().seating.clone().expect("seated");
        let token = seating.token.clone().expect("a player's token");
        let entry = OnlineEntry::Reconnect {
            code: seating.code.clone(),
            token,
        };
        let mut new = OnlineSession::polled(
            settings(&url, entry),
            Arc::new(|| {}),
            Box::new(ThreadTransport),
            false,
        );
        let updates = until(&mut new, "the board again", |s, updates| {
            s.status().seating.is_some() && updates.iter().any(|u| matches!(u, Update::Snapshot(_)))
        });
        let again = new.status().seating.clone().expect("seated again");
        assert_eq!((&again.code, again.seat), (&seating.code, seating.seat));
        assert!(new.status().cards.is_some(), "the card faces came first");
        // The match goes on from the new page: its decisions are asked
        // there, and its concession ends the match.
        let seat = new.status().seat().expect("a seat");
        if let Some((generation, picks)) = updates.iter().rev().find_map(|u| asks_me(u, seat)) {
            new.send(Command::Answer {
                generation,
                player: seat,
                picks,
            });
        }
        new.send(Command::Concede(seat));
        until(&mut new, "the end of the match", |s, _| s.status().over);
        drop(old);
    }

    #[test]
    fn a_held_token_the_server_does_not_know_is_explained() {
        let server = TestServer::start();
        let entry = OnlineEntry::Reconnect {
            code: "K7QH2M".to_owned(),
            token: "0123456789abcdef0123456789abcdef".to_owned(),
        };
        let mut session = OnlineSession::polled(
            settings(&server.server.url(), entry),
            Arc::new(|| {}),
            Box::new(ThreadTransport),
            false,
        );
        let deadline = Instant::now() + Duration::from_secs(30);
        while !matches!(session.status().link, LinkState::Closed { .. }) {
            session.pump();
            assert!(Instant::now() < deadline, "still trying");
            std::thread::sleep(Duration::from_millis(2));
        }
        let LinkState::Closed { reason } = &session.status().link else {
            unreachable!()
        };
        assert!(
            reason.starts_with("Your seat at table K7QH2M could not be taken back: "),
            "{reason}"
        );
    }

    /// Thread sockets the test can cut, as a network failure would.
    #[derive(Default)]
    struct Cuttable {
        cut: Arc<AtomicBool>,
        opened: Arc<Mutex<usize>>,
    }

    struct CutSocket {
        inner: Box<dyn Socket>,
        cut: Arc<AtomicBool>,
    }

    impl Socket for CutSocket {
        fn send(&mut self, frame: Vec<u8>) -> Result<(), String> {
            self.inner.send(frame)
        }

        fn next_event(&mut self) -> Option<SocketEvent> {
            if self.cut.swap(false, Ordering::SeqCst) {
                self.inner.close();
                return Some(SocketEvent::Closed {
                    reason: String::new(),
                });
            }
            self.inner.next_event()
        }

        fn close(&mut self) {
            self.inner.close();
        }
    }

    impl Transport for Cuttable {
        fn open(&self, url: &str, wake: Wake) -> Result<Box<dyn Socket>, String> {
            *self.opened.lock().expect("count") += 1;
            Ok(Box::new(CutSocket {
                inner: ThreadTransport.open(url, wake)?,
                cut: Arc::clone(&self.cut),
            }))
        }

        fn wake_after(&self, _delay: Duration, _wake: Wake) {}
    }

    #[test]
    fn a_cut_connection_is_taken_back_with_the_seat_token() {
        let server = TestServer::start();
        let transport = Cuttable::default();
        let (cut, opened) = (Arc::clone(&transport.cut), Arc::clone(&transport.opened));
        let entry = OnlineEntry::VsServerBot(BotKind::Random);
        let mut session = OnlineSession::polled(
            settings(&server.server.url(), entry),
            Arc::new(|| {}),
            Box::new(transport),
            false,
        );
        until(&mut session, "a board", |s, updates| {
            s.status().seating.is_some() && updates.iter().any(|u| matches!(u, Update::Snapshot(_)))
        });
        let code = session.status().seating.as_ref().map(|s| s.code.clone());
        cut.store(true, Ordering::SeqCst);
        until(&mut session, "reconnecting", |s, _| {
            matches!(s.status().link, LinkState::Reconnecting { attempt: 1, .. })
        });
        // The seat comes back at the same table, with the board sent whole.
        until(&mut session, "the board again", |s, updates| {
            matches!(s.status().link, LinkState::Connected { .. })
                && updates.iter().any(|u| matches!(u, Update::Snapshot(_)))
        });
        assert_eq!(
            session.status().seating.as_ref().map(|s| s.code.clone()),
            code
        );
        assert_eq!(*opened.lock().expect("count"), 2, "one new connection");
    }
}
