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

use super::table::{
    CARD_DATA_TIMEOUT, CONNECT_TIMEOUT, Outbox, RECONNECT_ATTEMPTS, Stop, Table, backoff,
    capitalized,
};
use super::{LinkState, OnlineSettings, Report};
use crate::session::Command;
use std::sync::Arc;
use std::sync::mpsc::Sender;
use std::time::Duration;
use sve_net::client::{ClientError, Connection};
use sve_net::protocol::{ClientMsg, ServerMsg};
use tokio::sync::mpsc::UnboundedReceiver;
use tokio::time::{Instant, sleep_until, timeout};

/// How long the last words to a server (leave, close) may take.
const LINGER: Duration = Duration::from_secs(2);

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
        table: Table::new(settings, out),
        commands,
    };
    runtime.block_on(worker.run());
}

/// The thread's end of a session: the table's state and the UI's
/// commands.
struct Worker {
    table: Table,
    commands: UnboundedReceiver<Command>,
}

impl Worker {
    async fn run(&mut self) {
        let reason = match self.play().await {
            Stop::Shutdown => return,
            Stop::Closed(reason) | Stop::Lost(reason) => reason,
        };
        tracing::info!("online session closed: {reason}");
        self.table
            .out()
            .report(Report::Link(LinkState::Closed { reason }));
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
        if let Err(err) = conn.send(&self.table.entry_request()).await {
            return Stop::Closed(connection_lost(&err));
        }
        loop {
            let stop = self.serve(&mut conn).await;
            let reason = match stop {
                Stop::Lost(reason) if self.table.can_rejoin() => reason,
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
        self.table.out().report(Report::Link(LinkState::Connecting));
        let url = self.table.settings().url.trim().to_owned();
        let name = self.table.settings().name.clone();
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
        self.table.out().report(Report::Link(LinkState::Connected {
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
                        token_kinds,
                    }) => return Ok((cards, keywords, counters, token_kinds)),
                    Ok(_) => {}
                    Err(err) => return Err(err),
                }
            }
        };
        let (faces, keywords, counters, token_kinds) = match self
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
        self.table
            .card_data(faces, &keywords, &counters, &token_kinds)
    }

    /// Serves one connection until it stops.
    async fn serve(&mut self, conn: &mut Connection) -> Stop {
        loop {
            let step = tokio::select! {
                command = self.commands.recv() => match command {
                    None | Some(Command::Shutdown) => Err(Stop::Shutdown),
                    Some(command) => match self.table.command(command) {
                        Ok(Some(msg)) => conn.send(&msg).await.map_err(|err| lost(&err)),
                        Ok(None) => Ok(()),
                        Err(stop) => Err(stop),
                    },
                },
                msg = conn.recv() => match msg {
                    Ok(msg) => self.table.message(msg),
                    Err(err) => Err(lost(&err)),
                },
            };
            if let Err(stop) = step {
                return stop;
            }
        }
    }

    /// Takes a lost seat back: new connections with a growing pause
    /// between them, each sending the seat token.
    async fn reconnect(&mut self, mut reason: String) -> Result<Connection, Stop> {
        let Some(rejoin) = self.table.rejoin_request() else {
            return Err(Stop::Closed(reason));
        };
        let url = self.table.settings().url.trim().to_owned();
        let name = self.table.settings().name.clone();
        for attempt in 1..=RECONNECT_ATTEMPTS {
            self.table
                .out()
                .report(Report::Link(LinkState::Reconnecting {
                    attempt,
                    reason: reason.clone(),
                }));
            self.pause(backoff(attempt)).await?;
            let opening = timeout(CONNECT_TIMEOUT, Connection::connect(&url, &name));
            match self.unless_shutdown(opening).await? {
                Ok(Ok(mut conn)) => {
                    if conn.send(&rejoin).await.is_ok() {
                        self.table.rejoined();
                        self.table.out().report(Report::Link(LinkState::Connected {
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
                    Some(_) => self.table.out().notice("Not connected right now: reconnecting…"),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drop_can_be_taken_back_but_a_refusal_cannot() {
        assert!(matches!(lost(&ClientError::Closed), Stop::Lost(_)));
        let refused = lost(&ClientError::Refused("taken over".into()));
        assert!(matches!(refused, Stop::Closed(reason) if reason.contains("taken over")));
    }
}
