//! The lobby's side of a cluster (`sve serve --nats URL`): what a server
//! does when a player's table, or the other player, is on another server,
//! and how a match outlives the server that ran it.
//!
//! - **Joining and quick match across servers.** The server holding the
//!   waiting player runs the match; the other player's server routes its
//!   connection there ([`Target::Remote`]) and relays: commands go to the
//!   table's subject, the table's messages come back on the connection's.
//! - **Leases.** The owner renews every lease it holds three times a
//!   lease; one it can't renew (another server took it) stops its table.
//! - **Failover.** A server that has connections routed to a match whose
//!   lease lapsed, or that gets a reconnect or spectator for it, takes the
//!   lease over by compare-and-swap, rebuilds the match from its journal
//!   and plays on; connections on other servers follow the lease to the
//!   new owner, and players whose server died come back with their seat
//!   tokens to any server.
//! - **The journal** ([`Journal`]): a table appends its start, then its
//!   new answers before it shows them to anyone, expecting the journal's
//!   last sequence: a server that lost the lease can't append after the
//!   one that took it.
//!
//! Here: [`Remote`] and its background tasks, and relaying between
//! servers; `lobby.rs`: requests the local lobby could not serve;
//! `failover.rs`: leases, heartbeats, following and taking over matches;
//! `journal.rs`: [`Journal`].

mod failover;
mod journal;
mod lobby;

pub(crate) use journal::Journal;

use super::lobby::{Lobby, OUTBOX_CAPACITY, Outbox, Outgoing, send};
use super::table::TableCmd;
use crate::cluster::records::{LobbyRequest, RelayCmd, RelayOut, WireCmd, decode, encode};
use crate::cluster::{Cluster, ClusterError};
use crate::protocol::{RematchNews, ServerMsg};
use futures_util::StreamExt;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError, Weak};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

/// Commands waiting to be relayed to other servers' tables.
const RELAY_QUEUE: usize = 4096;

/// This server's part in a cluster.
pub(crate) struct Remote {
    /// The cluster's storage and messaging.
    pub cluster: Arc<Cluster>,
    /// The leases this server holds: the revision to renew and the table.
    owned: Mutex<HashMap<String, Owned>>,
    /// One takeover at a time on this server.
    takeover: tokio::sync::Mutex<()>,
    /// Commands for tables on other servers, relayed in order.
    relay: mpsc::Sender<(String, RelayCmd)>,
    /// The lobby this is part of (set by [`Remote::spawn`]).
    lobby: OnceLock<Weak<Lobby>>,
    /// Connections of other servers seated or watching at tables here.
    guests: Mutex<HashMap<u64, Guest>>,
}

/// A connection of another server at a table of this one: if that server
/// stops beating, its players count as absent (their grace starts) and its
/// spectators leave.
struct Guest {
    server: String,
    table: mpsc::Sender<TableCmd>,
    seat: Option<u8>,
}

struct Owned {
    revision: u64,
    table: mpsc::Sender<TableCmd>,
}

/// Where a match runs.
enum Owner {
    /// Here.
    Here,
    /// On this server.
    There(String),
}

impl Remote {
    /// This server's part in `cluster`, and the queue its relay task reads
    /// (give it to [`Remote::spawn`]).
    pub fn new(cluster: Cluster) -> (Arc<Remote>, mpsc::Receiver<(String, RelayCmd)>) {
        let (relay, relayed) = mpsc::channel(RELAY_QUEUE);
        let remote = Arc::new(Remote {
            cluster: Arc::new(cluster),
            owned: Mutex::new(HashMap::new()),
            takeover: tokio::sync::Mutex::new(()),
            relay,
            lobby: OnceLock::new(),
            guests: Mutex::new(HashMap::new()),
        });
        (remote, relayed)
    }

    fn owned(&self) -> MutexGuard<'_, HashMap<String, Owned>> {
        self.owned.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn me(&self) -> &str {
        self.cluster.id()
    }

    /// Starts the background tasks: the relay of commands, the delivery of
    /// relayed messages to this server's connections, the lobby's request
    /// handler, and the lease keeper.
    pub async fn spawn(
        self: &Arc<Self>,
        lobby: &Arc<Lobby>,
        mut relayed: mpsc::Receiver<(String, RelayCmd)>,
    ) -> Result<Vec<JoinHandle<()>>, ClusterError> {
        let _ = self.lobby.set(Arc::downgrade(lobby));
        let client = self.cluster.client().clone();
        let subscribe = |subject: String| {
            let client = client.clone();
            async move {
                client
                    .subscribe(subject.clone())
                    .await
                    .map_err(|err| ClusterError::Nats {
                        what: format!("subscribe to {subject}"),
                        reason: err.to_string(),
                    })
            }
        };
        let mut deliveries = subscribe(self.cluster.my_conns_subject()).await?;
        let mut requests = subscribe(self.cluster.lobby_subject(self.me())).await?;
        let mut tasks = Vec::new();

        let cluster = Arc::clone(&self.cluster);
        tasks.push(tokio::spawn(async move {
            while let Some((code, cmd)) = relayed.recv().await {
                cluster.relay_cmd(&code, &cmd).await;
            }
        }));

        let weak = Arc::downgrade(lobby);
        tasks.push(tokio::spawn(async move {
            while let Some(message) = deliveries.next().await {
                let Some(lobby) = weak.upgrade() else { break };
                let conn = message
                    .subject
                    .rsplit('.')
                    .next()
                    .and_then(|c| c.parse().ok());
                match (
                    conn,
                    decode::<RelayOut>(&message.payload, "relayed message"),
                ) {
                    (Some(conn), Ok(out)) => deliver(&lobby, conn, out),
                    (_, Err(err)) => tracing::warn!("{err}"),
                    (None, _) => tracing::warn!("relayed message to {}", message.subject),
                }
            }
        }));

        let weak = Arc::downgrade(lobby);
        let client = self.cluster.client().clone();
        tasks.push(tokio::spawn(async move {
            while let Some(message) = requests.next().await {
                let Some(lobby) = weak.upgrade() else { break };
                let reply = match decode::<LobbyRequest>(&message.payload, "lobby request") {
                    Ok(request) => lobby::answer_request(&lobby, request),
                    Err(err) => Err(err),
                };
                if let Some(to) = message.reply
                    && let Err(err) = client.publish(to, encode(&reply)).await
                {
                    tracing::warn!("can't answer a lobby request: {err}");
                }
            }
        }));

        // Two loops three times a lease: one keeps this server's heartbeat
        // and leases, the other follows other servers (their heartbeats,
        // and the matches this server's connections are routed to). Apart,
        // a slow lookup never delays a renewal.
        let period = self.cluster.lease_time() / 3;
        let every_period = |weak: Weak<Lobby>, keep_leases: bool| async move {
            let mut tick = tokio::time::interval(period);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                let Some(lobby) = weak.upgrade() else { break };
                let Some(remote) = lobby.remote.clone() else {
                    break;
                };
                if keep_leases {
                    if let Err(err) = remote.cluster.beat().await {
                        tracing::warn!("{err}");
                    }
                    remote.renew_leases().await;
                } else {
                    remote.check_guests().await;
                    remote.follow_routes(&lobby).await;
                }
            }
        };
        tasks.push(tokio::spawn(every_period(Arc::downgrade(lobby), true)));
        tasks.push(tokio::spawn(every_period(Arc::downgrade(lobby), false)));
        Ok(tasks)
    }

    /// Relays a connection's command to the table at `code` on another
    /// server; `Err` when the relay queue is full.
    pub fn send_cmd(&self, code: &str, conn: u64, cmd: WireCmd) -> Result<(), ()> {
        let cmd = RelayCmd {
            server: self.me().to_owned(),
            conn,
            cmd,
        };
        self.relay.try_send((code.to_owned(), cmd)).map_err(drop)
    }

    /// Where the messages of connection `conn` on `server` go: relayed,
    /// in order, until the table lets go of it.
    fn outbox_for(&self, server: &str, conn: u64) -> Option<Outbox> {
        if server == self.me() {
            return self.lobby.get()?.upgrade()?.outbox(conn);
        }
        let (out, mut outgoing) = mpsc::channel::<Outgoing>(OUTBOX_CAPACITY);
        let cluster = Arc::clone(&self.cluster);
        let server = server.to_owned();
        tokio::spawn(async move {
            while let Some(item) = outgoing.recv().await {
                let (out, last) = match item {
                    Outgoing::Msg(msg) => (RelayOut::Msg(msg), false),
                    Outgoing::Close(reason) => (RelayOut::Close(reason), true),
                };
                cluster.relay_out(&server, conn, &out).await;
                if last {
                    break;
                }
            }
        });
        Some(out)
    }

    /// A connection of another server seated at a rematch here: its
    /// server's heartbeat now counts for the new table.
    pub fn rehome_guest(&self, conn: u64, table: &mpsc::Sender<TableCmd>, seat: u8) {
        if let Some(guest) = self.guests().get_mut(&conn) {
            guest.table = table.clone();
            guest.seat = Some(seat);
        }
    }

    /// A connection left: it no longer waits in the cluster's queue or at
    /// the tables it opened.
    pub fn withdraw(self: &Arc<Self>, conn: u64, queued: bool, tables: Vec<String>) {
        let cluster = Arc::clone(&self.cluster);
        tokio::spawn(async move {
            if queued {
                cluster.withdraw(conn).await;
            }
            for code in tables {
                cluster.close_waiting(&code).await;
            }
        });
    }

    /// Whether `code` can be a new table's code; for a waiting table
    /// (`waiting`) it is claimed for this server.
    pub async fn code_is_free(&self, code: &str, waiting: bool) -> Result<bool, String> {
        let error = |err: ClusterError| err.to_string();
        if self.cluster.lease(code).await.map_err(error)?.is_some() {
            return Ok(false);
        }
        if waiting {
            self.cluster.open_waiting(code).await.map_err(error)
        } else {
            Ok(self
                .cluster
                .waiting_server(code)
                .await
                .map_err(error)?
                .is_none())
        }
    }

    /// A finished match's replay kept by the cluster.
    pub async fn replay(&self, token: &str) -> Option<Vec<u8>> {
        self.cluster.replay(token).await.ok().flatten()
    }

    /// A command relayed from another server's connection, for a table
    /// that runs here.
    fn forward(self: &Arc<Self>, table: &mpsc::Sender<TableCmd>, relayed: RelayCmd) {
        let (server, conn) = (relayed.server.as_str(), relayed.conn);
        match relayed.cmd {
            WireCmd::Attach { seat } => self.welcome_guest(conn, server, table, Some(seat)),
            WireCmd::Watch => self.welcome_guest(conn, server, table, None),
            WireCmd::Detach { .. } | WireCmd::Unwatch => {
                self.guests().remove(&conn);
            }
            WireCmd::Answer { .. }
            | WireCmd::Concede { .. }
            | WireCmd::Inspect { .. }
            | WireCmd::Rematch { .. } => {}
        }
        let out = || self.outbox_for(server, conn);
        if let Some(cmd) = TableCmd::from_wire(relayed.cmd, conn, out)
            && table.try_send(cmd).is_err()
        {
            tracing::warn!("a table is too busy for a relayed command");
        }
    }
}

/// A relayed message for one of this server's connections.
fn deliver(lobby: &Lobby, conn: u64, out: RelayOut) {
    let Some(outbox) = lobby.outbox(conn) else {
        return;
    };
    match out {
        RelayOut::Msg(msg) => {
            let mut state = lobby.state();
            match &msg {
                // The match ended: its table takes rematch offers for a
                // while, through the route it had.
                ServerMsg::GameOver { .. } => {
                    if let Some(route) = state.routes.remove(&conn)
                        && route.seat.is_some()
                    {
                        state.after.insert(conn, route);
                    }
                }
                // No rematch: the last match's table has ended.
                ServerMsg::Rematch(RematchNews::Declined { .. }) => {
                    state.after.remove(&conn);
                }
                // A rematch started by the last match's table, on the
                // same server: the connection's commands go there now.
                ServerMsg::Seated(seating) => {
                    if let (Some(seat), false) = (seating.seat, state.routes.contains_key(&conn))
                        && let Some(last) = state.after.remove(&conn)
                    {
                        state.seat_route(conn, seating.code.clone(), seat, last.target);
                    }
                }
                _ => {}
            }
            drop(state);
            send(&outbox, msg);
        }
        RelayOut::Close(reason) => {
            lobby.state().routes.remove(&conn);
            let _ = outbox.try_send(Outgoing::Close(reason));
        }
    }
}
