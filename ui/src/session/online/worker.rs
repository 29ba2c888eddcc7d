//! The online session's thread: a current-thread tokio runtime driving one
//! connection at a time, from the hello to the end of the match.
//!
//! In order: connect and say hello, ask for the card faces, send the
//! entry request (create, join, queue, watch), then serve: the server's
//! messages become reports for the UI, the UI's commands become messages.
//! A seated player whose connection drops reconnects with the seat token;
//! before the match starts, or when the server closes the connection with
//! a reason, the session ends with that reason. Every wait also listens
//! for the UI's `Shutdown`, so leaving never waits on the network.

use super::cards::{card_db, check_inspected, check_outcome, check_update, seat, shown_name};
use super::snapshot::Snapshots;
use super::{LinkState, OnlineEntry, OnlineSettings, Report};
use crate::session::{Command, InspectedCard, Update};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::Sender;
use std::time::Duration;
use sve_engine::cards::CardDb;
use sve_engine::engine::PlayerId;
use sve_net::client::text::Faces;
use sve_net::client::{ClientError, Connection};
use sve_net::protocol::{ClientMsg, Opponent, RematchNews, Seating, ServerMsg};
use tokio::sync::mpsc::UnboundedReceiver;
use tokio::time::{Instant, sleep_until, timeout};

/// How long opening a connection (TCP, WebSocket and hello) may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// How long the server may take to send its card faces.
const CARD_DATA_TIMEOUT: Duration = Duration::from_secs(30);

/// How long the last words to a server (leave, close) may take.
const LINGER: Duration = Duration::from_secs(2);

/// Reconnection attempts before giving up (about three minutes with the
/// back-off, longer than the server's default grace of two).
const RECONNECT_ATTEMPTS: u32 = 60;

/// Runs a session until the match ends, the server closes it or the UI
/// lets go.
pub(super) fn run(
    settings: OnlineSettings,
    commands: UnboundedReceiver<Command>,
    reports: Sender<Report>,
    repaint: Arc<dyn Fn() + Send + Sync>,
) {
    let out = Outbox { reports, repaint };
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            out.report(Report::Link(LinkState::Closed {
                reason: format!("The client could not start its network runtime: {err}"),
            }));
            return;
        }
    };
    let mut worker = Worker {
        settings,
        commands,
        out,
        cards: None,
        snapshots: None,
        seating: None,
        rejoining: false,
        over: false,
        pending_seq: None,
        answered: None,
        replay_to: None,
    };
    runtime.block_on(worker.run());
}

/// Reports for the UI, each followed by a repaint.
struct Outbox {
    reports: Sender<Report>,
    repaint: Arc<dyn Fn() + Send + Sync>,
}

impl Outbox {
    fn report(&self, report: Report) {
        // A send fails only when the UI dropped the session; the next look
        // at the commands then stops the thread.
        self.reports.send(report).ok();
        (self.repaint)();
    }

    fn notice(&self, text: impl Into<String>) {
        self.report(Report::Match(Update::Notice(text.into())));
    }
}

/// Why serving a connection stopped.
enum Stop {
    /// The UI let go of the session.
    Shutdown,
    /// The session is over, for this reason (for the player).
    Closed(String),
    /// The connection dropped for this reason; it may be taken back.
    Lost(String),
}

struct Worker {
    settings: OnlineSettings,
    commands: UnboundedReceiver<Command>,
    out: Outbox,
    /// The server's card faces as a database, once they arrived.
    cards: Option<Arc<CardDb>>,
    /// Set once the card faces arrived.
    snapshots: Option<Snapshots>,
    /// Where this connection sits, once seated.
    seating: Option<Seating>,
    /// A reconnect (or a new spectate) was sent and its seating has not
    /// come yet: a failure now ends the session.
    rejoining: bool,
    /// The server said the match is over.
    over: bool,
    /// The `decision_seq` of the latest update, when it asks this seat.
    pending_seq: Option<u32>,
    /// The generation last answered (a double click is sent once).
    answered: Option<u64>,
    /// Where the replay the server is asked for goes.
    replay_to: Option<PathBuf>,
}

impl Worker {
    async fn run(&mut self) {
        let reason = match self.play().await {
            Stop::Shutdown => return,
            Stop::Closed(reason) | Stop::Lost(reason) => reason,
        };
        tracing::info!("online session closed: {reason}");
        self.out.report(Report::Link(LinkState::Closed { reason }));
    }

    /// Connects, enters, and serves connection after connection.
    async fn play(&mut self) -> Stop {
        let mut conn = match self.connect().await {
            Ok(conn) => conn,
            Err(stop) => return stop,
        };
        if let Err(stop) = self.card_data(&mut conn).await {
            return stop;
        }
        if let Err(err) = conn.send(&self.entry_request()).await {
            return Stop::Closed(connection_lost(&err));
        }
        loop {
            let stop = self.serve(&mut conn).await;
            let reason = match stop {
                Stop::Lost(reason) if self.can_rejoin() => reason,
                Stop::Lost(_) => return stop,
                Stop::Shutdown => {
                    // The player let go: leave the table (a running match
                    // is conceded), then close; neither may keep the
                    // thread long.
                    let leave = async {
                        let _ = conn.send(&ClientMsg::Leave).await;
                        conn.close().await;
                    };
                    let _ = timeout(LINGER, leave).await;
                    return stop;
                }
                Stop::Closed(_) => {
                    // Not the player's choice: close without conceding.
                    let _ = timeout(LINGER, conn.close()).await;
                    return stop;
                }
            };
            tracing::info!("connection lost: {reason}; reconnecting");
            conn = match self.reconnect(reason).await {
                Ok(conn) => conn,
                Err(stop) => return stop,
            };
        }
    }

    /// Opens a connection and says hello.
    async fn connect(&mut self) -> Result<Connection, Stop> {
        self.out.report(Report::Link(LinkState::Connecting));
        let url = self.settings.url.trim().to_owned();
        let name = self.settings.name.clone();
        let opening = timeout(CONNECT_TIMEOUT, Connection::connect(&url, &name));
        let conn = match self.unless_shutdown(opening).await? {
            Ok(Ok(conn)) => conn,
            Ok(Err(err)) => return Err(Stop::Closed(cannot_connect(&url, &err))),
            Err(_) => {
                return Err(Stop::Closed(format!(
                    "The server at {url} did not answer within {} seconds.",
                    CONNECT_TIMEOUT.as_secs()
                )));
            }
        };
        self.out.report(Report::Link(LinkState::Connected {
            server: conn.server.clone(),
        }));
        Ok(conn)
    }

    /// Asks for the card faces and builds the card database from them.
    async fn card_data(&mut self, conn: &mut Connection) -> Result<(), Stop> {
        if let Err(err) = conn.send(&ClientMsg::CardData).await {
            return Err(Stop::Closed(connection_lost(&err)));
        }
        let wait = async {
            loop {
                match conn.recv().await {
                    Ok(ServerMsg::CardData {
                        cards,
                        keywords,
                        counters,
                    }) => return Ok((cards, keywords, counters)),
                    Ok(_) => {}
                    Err(err) => return Err(err),
                }
            }
        };
        let (faces, keywords, counters) = match self
            .unless_shutdown(timeout(CARD_DATA_TIMEOUT, wait))
            .await?
        {
            Ok(Ok(data)) => data,
            Ok(Err(err)) => return Err(Stop::Closed(connection_lost(&err))),
            Err(_) => {
                return Err(Stop::Closed(
                    "The server did not send its card data in time.".to_owned(),
                ));
            }
        };
        let db = Arc::new(
            card_db(&faces, &keywords, &counters)
                .map_err(|reason| Stop::Closed(capitalized(&reason)))?,
        );
        self.cards = Some(Arc::clone(&db));
        self.out.report(Report::Cards(db));
        self.snapshots = Some(Snapshots::new(Faces(faces)));
        Ok(())
    }

    /// The request that enters the match.
    fn entry_request(&self) -> ClientMsg {
        let deck = self.settings.deck.clone();
        match &self.settings.entry {
            OnlineEntry::CreateTable => ClientMsg::CreateTable {
                deck,
                opponent: Opponent::Human,
                clock: self.settings.clock,
            },
            OnlineEntry::VsServerBot(kind) => ClientMsg::CreateTable {
                deck,
                opponent: Opponent::Bot {
                    kind: crate::match_view::bot_name(*kind).to_owned(),
                    deck: None,
                },
                clock: self.settings.clock,
            },
            OnlineEntry::Join(code) => ClientMsg::JoinTable {
                code: code.trim().to_owned(),
                deck,
            },
            OnlineEntry::QuickMatch => ClientMsg::QuickMatch { deck },
            OnlineEntry::Spectate(code) => ClientMsg::Spectate {
                code: code.trim().to_owned(),
            },
        }
    }

    /// Whether a lost connection can be taken back: seated at a running
    /// match.
    fn can_rejoin(&self) -> bool {
        self.seating.is_some() && !self.over
    }

    /// The request that takes the seat back (or watches again).
    fn rejoin_request(&self) -> Option<ClientMsg> {
        let seating = self.seating.as_ref()?;
        Some(match &seating.token {
            Some(token) => ClientMsg::Reconnect {
                token: token.clone(),
            },
            None => ClientMsg::Spectate {
                code: seating.code.clone(),
            },
        })
    }

    /// Serves one connection until it stops.
    async fn serve(&mut self, conn: &mut Connection) -> Stop {
        loop {
            let step = tokio::select! {
                command = self.commands.recv() => match command {
                    None | Some(Command::Shutdown) => Err(Stop::Shutdown),
                    Some(command) => self.command(conn, command).await,
                },
                msg = conn.recv() => match msg {
                    Ok(msg) => self.message(msg),
                    Err(err) => Err(lost(&err)),
                },
            };
            if let Err(stop) = step {
                return stop;
            }
        }
    }

    /// One command from the UI.
    async fn command(&mut self, conn: &mut Connection, command: Command) -> Result<(), Stop> {
        let msg = match command {
            Command::Answer {
                generation, picks, ..
            } => {
                let current = self.snapshots.as_ref().map(Snapshots::generation);
                let Some(seq) = self.pending_seq.filter(|_| current == Some(generation)) else {
                    // Made for a picture that is gone: the match moved on.
                    return Ok(());
                };
                if self.answered == Some(generation) {
                    return Ok(());
                }
                self.answered = Some(generation);
                ClientMsg::Answer {
                    seq,
                    picks: picks
                        .into_iter()
                        .map(|pick| u32::try_from(pick).unwrap_or(u32::MAX))
                        .collect(),
                }
            }
            Command::Concede(_) => ClientMsg::Concede,
            // One card at a time: the one the inspector shows.
            Command::Inspect(card) => ClientMsg::Inspect { cards: vec![card] },
            Command::Rematch => ClientMsg::Rematch,
            Command::SaveReplay(path) => {
                let Some(token) = self.seating.as_ref().and_then(|s| s.token.clone()) else {
                    self.out
                        .notice("Only the match's players can download its replay.");
                    return Ok(());
                };
                self.replay_to = Some(path);
                ClientMsg::Replay { token }
            }
            Command::Undo
            | Command::Replay(_)
            | Command::Sandbox(_)
            | Command::SaveScenario
            | Command::SaveBugReport => {
                self.out.notice("That is only available in a local match.");
                return Ok(());
            }
            // The server paces its bots; the screen's animations can't.
            Command::Pace(_) => return Ok(()),
            Command::Shutdown => return Err(Stop::Shutdown),
        };
        conn.send(&msg).await.map_err(|err| lost(&err))
    }

    /// One message from the server.
    fn message(&mut self, msg: ServerMsg) -> Result<(), Stop> {
        match msg {
            ServerMsg::TableOpen { code } => self.out.report(Report::TableOpen(code)),
            ServerMsg::Queued => self.out.report(Report::Queued),
            ServerMsg::Seated(mut seating) => {
                // Untrusted text, shown on the board and in the log.
                seating.names = seating.names.each_ref().map(|name| shown_name(name));
                if let Some(number) = seating.seat {
                    seat(PlayerId(number), "seat of this connection").map_err(protocol)?;
                }
                self.rejoining = false;
                // A new table's seating is a rematch: a match to play.
                let rematch = self
                    .seating
                    .as_ref()
                    .is_some_and(|old| old.code != seating.code);
                if rematch {
                    self.over = false;
                }
                if let Some(snapshots) = &mut self.snapshots {
                    snapshots.set_names(seating.names.clone());
                }
                self.seating = Some((*seating).clone());
                self.out.report(Report::Seated(seating));
            }
            ServerMsg::Update(update) => {
                let (Some(snapshots), Some(cards)) = (&mut self.snapshots, &self.cards) else {
                    return Err(protocol("an update came before the card data".to_owned()));
                };
                if self.seating.is_none() {
                    return Err(protocol("an update came before the seating".to_owned()));
                }
                check_update(&update, cards).map_err(protocol)?;
                self.pending_seq = update.view.decision.as_ref().map(|_| update.decision_seq);
                self.answered = None;
                let snapshot = snapshots.snapshot(*update);
                self.out
                    .report(Report::Match(Update::Snapshot(Box::new(snapshot))));
            }
            ServerMsg::Rejected { reason } => {
                self.answered = None;
                self.out
                    .notice(format!("The server did not take that answer: {reason}"));
            }
            ServerMsg::Presence {
                seat: number,
                connected,
                grace_ms,
            } => {
                let player = PlayerId(number);
                seat(player, "seat whose connection changed").map_err(protocol)?;
                self.out.report(Report::Presence {
                    seat: player,
                    connected,
                    grace: Duration::from_millis(grace_ms),
                });
            }
            ServerMsg::Notice { text } => self.out.notice(text),
            ServerMsg::GameOver { outcome } => {
                check_outcome(outcome).map_err(protocol)?;
                self.over = true;
                self.out.report(Report::GameOver);
            }
            ServerMsg::DeckRefused { reasons } => {
                return Err(Stop::Closed(format!(
                    "The server refused your deck:\n{}",
                    reasons.join("\n")
                )));
            }
            ServerMsg::Failed { reason } => {
                if self.rejoining || self.seating.is_none() {
                    return Err(Stop::Closed(capitalized(&reason)));
                }
                self.out.notice(capitalized(&reason));
            }
            ServerMsg::Replay { bytes } => self.save_replay(&bytes),
            ServerMsg::Refused { reason } => {
                return Err(Stop::Closed(format!(
                    "The server closed the connection: {reason}"
                )));
            }
            ServerMsg::Inspected { cards } => {
                let Some(known) = &self.cards else {
                    return Err(protocol(
                        "inspected cards came before the card data".to_owned(),
                    ));
                };
                check_inspected(&cards, known).map_err(protocol)?;
                let cards = cards.into_iter().map(InspectedCard::from).collect();
                self.out.report(Report::Match(Update::Inspected(cards)));
            }
            ServerMsg::Rematch(news) => self.out.notice(match news {
                RematchNews::Waiting => "Rematch offered; waiting for your opponent.".to_owned(),
                RematchNews::Offered { by } => format!("{by} offers a rematch."),
                RematchNews::Declined { reason } => format!("No rematch: {reason}."),
            }),
            ServerMsg::Welcome { .. } | ServerMsg::CardData { .. } | ServerMsg::Pong { .. } => {}
            // `Connection::recv` hands patches on as whole updates.
            ServerMsg::Patch(_) => {
                return Err(protocol(
                    "a view patch the connection did not apply".to_owned(),
                ));
            }
        }
        Ok(())
    }

    fn save_replay(&mut self, bytes: &[u8]) {
        let Some(path) = self.replay_to.take() else {
            return;
        };
        match std::fs::write(&path, bytes) {
            Ok(()) => self
                .out
                .notice(format!("Replay saved to {}", path.display())),
            Err(err) => self
                .out
                .notice(format!("Cannot write {}: {err}", path.display())),
        }
    }

    /// Takes a lost seat back: new connections with a growing pause
    /// between them, each sending the seat token.
    async fn reconnect(&mut self, mut reason: String) -> Result<Connection, Stop> {
        let Some(rejoin) = self.rejoin_request() else {
            return Err(Stop::Closed(reason));
        };
        let url = self.settings.url.trim().to_owned();
        let name = self.settings.name.clone();
        for attempt in 1..=RECONNECT_ATTEMPTS {
            self.out.report(Report::Link(LinkState::Reconnecting {
                attempt,
                reason: reason.clone(),
            }));
            self.pause(backoff(attempt)).await?;
            let opening = timeout(CONNECT_TIMEOUT, Connection::connect(&url, &name));
            match self.unless_shutdown(opening).await? {
                Ok(Ok(mut conn)) => {
                    if conn.send(&rejoin).await.is_ok() {
                        self.rejoining = true;
                        self.pending_seq = None;
                        self.out.report(Report::Link(LinkState::Connected {
                            server: conn.server.clone(),
                        }));
                        return Ok(conn);
                    }
                }
                Ok(Err(err)) => reason = cannot_connect(&url, &err),
                Err(_) => reason = format!("{url} did not answer in time"),
            }
        }
        Err(Stop::Closed(format!(
            "The connection could not be taken back after {RECONNECT_ATTEMPTS} attempts: {reason}"
        )))
    }

    /// Waits `pause`; commands other than `Shutdown` arriving meanwhile
    /// can't reach the server and are dropped with a notice.
    async fn pause(&mut self, pause: Duration) -> Result<(), Stop> {
        let until = Instant::now() + pause;
        loop {
            tokio::select! {
                () = sleep_until(until) => return Ok(()),
                command = self.commands.recv() => match command {
                    None | Some(Command::Shutdown) => return Err(Stop::Shutdown),
                    Some(_) => self.out.notice("Not connected right now: reconnecting…"),
                },
            }
        }
    }

    /// Runs `work` unless the UI lets go first; other commands meanwhile
    /// are dropped (nothing can be answered before the match starts).
    async fn unless_shutdown<T>(&mut self, work: impl Future<Output = T>) -> Result<T, Stop> {
        let mut work = std::pin::pin!(work);
        loop {
            tokio::select! {
                done = &mut work => return Ok(done),
                command = self.commands.recv() => match command {
                    None | Some(Command::Shutdown) => return Err(Stop::Shutdown),
                    Some(_) => {}
                },
            }
        }
    }
}

/// The pause before reconnection attempt `attempt` (from 1): 250 ms,
/// doubling up to 4 s.
fn backoff(attempt: u32) -> Duration {
    let doublings = attempt.saturating_sub(1).min(4);
    Duration::from_millis(250 << doublings)
}

/// A frame that breaks the protocol ends the session.
fn protocol(reason: String) -> Stop {
    tracing::warn!("bad message from the server: {reason}");
    Stop::Closed(format!(
        "The server sent a message this client can't use ({reason})."
    ))
}

/// How a broken connection ends serving: a reason from the server closes
/// the session, a plain drop can be taken back.
fn lost(err: &ClientError) -> Stop {
    match err {
        // A patch that does not fit (a message lost between servers): a
        // reconnect is sent the whole board again.
        ClientError::Socket(_) | ClientError::Closed | ClientError::Patch(_) => {
            Stop::Lost(connection_lost(err))
        }
        ClientError::Connect { .. }
        | ClientError::Frame(_)
        | ClientError::Refused(_)
        | ClientError::Failed(_)
        | ClientError::Unexpected(_) => Stop::Closed(connection_lost(err)),
    }
}

/// A connection error in the player's words.
fn connection_lost(err: &ClientError) -> String {
    match err {
        ClientError::Refused(reason) => format!("The server closed the connection: {reason}"),
        ClientError::Closed => "The server closed the connection.".to_owned(),
        ClientError::Socket(err) => format!("The connection broke: {err}"),
        ClientError::Frame(err) => {
            format!(
                "The server sent a frame this client can't read ({err}); is it another version?"
            )
        }
        ClientError::Connect { .. }
        | ClientError::Failed(_)
        | ClientError::Unexpected(_)
        | ClientError::Patch(_) => capitalized(&err.to_string()),
    }
}

/// Why a connection could not be opened, in the player's words.
fn cannot_connect(url: &str, err: &ClientError) -> String {
    match err {
        ClientError::Connect { source, .. } => {
            format!("Can't reach the server at {url}: {source}. Is `sve serve` running there?")
        }
        other => connection_lost(other),
    }
}

/// `text` with its first letter in upper case (the server's reasons are
/// lower-case fragments; the screen shows sentences).
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_grows_to_four_seconds() {
        assert_eq!(backoff(1), Duration::from_millis(250));
        assert_eq!(backoff(2), Duration::from_millis(500));
        assert_eq!(backoff(5), Duration::from_secs(4));
        assert_eq!(backoff(60), Duration::from_secs(4));
    }

    #[test]
    fn reasons_read_as_sentences() {
        assert_eq!(capitalized("no table waits"), "No table waits");
        assert_eq!(capitalized(""), "");
    }

    #[test]
    fn a_drop_can_be_taken_back_but_a_refusal_cannot() {
        assert!(matches!(lost(&ClientError::Closed), Stop::Lost(_)));
        let refused = lost(&ClientError::Refused("taken over".into()));
        assert!(matches!(refused, Stop::Closed(reason) if reason.contains("taken over")));
    }
}
