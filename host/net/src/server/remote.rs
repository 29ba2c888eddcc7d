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

use super::lobby::{Entrant, Lobby, OUTBOX_CAPACITY, Outbox, Outgoing, Target, send};
use super::table::{Table, TableCmd};
use crate::cluster::records::{
    JournalEntry, LobbyRequest, PairWith, QueueRecord, RelayCmd, RelayOut, RemoteEntrant,
    StartRecord, TokenRecord, WireCmd, decode, encode,
};
use crate::cluster::{Cluster, ClusterError, now_ms};
use crate::protocol::{ClockSpec, ServerMsg};
use futures_util::StreamExt;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError, Weak};
use sve_engine::replay::RecordedAnswer;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

/// Commands waiting to be relayed to other servers' tables.
const RELAY_QUEUE: usize = 4096;

/// Lease renewals in flight at once.
const RENEWALS_AT_ONCE: usize = 128;

/// Lease lookups in flight at once when following routes.
const LOOKUPS_AT_ONCE: usize = 64;

/// Tries at putting the takeover mark after the old owner's last entry.
const MARK_ATTEMPTS: usize = 16;

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
                    Ok(request) => answer_request(&lobby, request),
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

    // --- requests the local lobby could not serve ---

    /// Joins the table waiting at `code` on another server.
    pub async fn join(
        self: &Arc<Self>,
        lobby: &Arc<Lobby>,
        code: &str,
        entrant: Entrant,
        deck: &str,
    ) -> Result<(), String> {
        let error = |err: ClusterError| err.to_string();
        let Some(server) = self.cluster.waiting_server(code).await.map_err(error)? else {
            return Err(
                if self.cluster.lease(code).await.map_err(error)?.is_some() {
                    format!("table {code} has started; spectate it instead")
                } else {
                    format!("no table waits with code {code}")
                },
            );
        };
        if server == self.me() {
            return Err(format!("no table waits with code {code}"));
        }
        self.pair_there(lobby, &server, code, PairWith::Table, entrant, deck)
            .await
    }

    /// Waits for a quick match with any player of the cluster; `true`
    /// when a match started.
    pub async fn quick(
        self: &Arc<Self>,
        lobby: &Arc<Lobby>,
        entrant: Entrant,
        deck: &str,
    ) -> Result<bool, String> {
        let error = |err: ClusterError| err.to_string();
        let conn = entrant.conn;
        // Each round either queues, pairs, or finds that another server
        // changed the queue first; a few rounds settle any race.
        for _ in 0..8 {
            match self.cluster.queued().await.map_err(error)? {
                None => {
                    let record = QueueRecord {
                        server: self.me().to_owned(),
                        conn,
                    };
                    lobby.state().queue = Some(entrant.clone_for_queue());
                    if self.cluster.enqueue(&record).await.map_err(error)? {
                        return Ok(false);
                    }
                    lobby.state().queue = None;
                }
                Some((record, _)) if record.server == self.me() && record.conn == conn => {
                    return Ok(false);
                }
                Some((record, revision)) => {
                    if !self.cluster.dequeue(revision).await {
                        continue;
                    }
                    let code = lobby.new_table_code().await?;
                    let with = PairWith::Queued { conn: record.conn };
                    let paired = if record.server == self.me() {
                        lobby.pair(code, with, entrant.clone_for_queue())
                    } else {
                        self.pair_there(
                            lobby,
                            &record.server,
                            &code,
                            with,
                            entrant.clone_for_queue(),
                            deck,
                        )
                        .await
                    };
                    match paired {
                        Ok(()) => return Ok(true),
                        // The waiting player left: look again.
                        Err(reason) => tracing::debug!("quick match not paired: {reason}"),
                    }
                }
            }
        }
        Err("the quick-match queue is busy; try again".into())
    }

    /// Asks `server` to start a match with its waiting player and this
    /// connection's player; the connection is routed there first, so that
    /// the match's first messages find their way back.
    async fn pair_there(
        self: &Arc<Self>,
        lobby: &Arc<Lobby>,
        server: &str,
        code: &str,
        with: PairWith,
        entrant: Entrant,
        deck: &str,
    ) -> Result<(), String> {
        let conn = entrant.conn;
        let target = Target::Remote {
            owner: server.to_owned(),
        };
        lobby.state().seat_route(conn, code.to_owned(), 1, target);
        let request = LobbyRequest::Pair {
            code: code.to_owned(),
            with,
            guest: RemoteEntrant {
                server: self.me().to_owned(),
                conn,
                name: entrant.name,
                deck: deck.to_owned(),
                clock: ClockSpec::default(),
            },
        };
        let reply = self.cluster.ask_lobby(server, &request).await;
        if reply.is_err() {
            lobby.state().routes.remove(&conn);
        }
        reply
    }

    /// Watches the match at `code` wherever it runs.
    pub async fn spectate(
        self: &Arc<Self>,
        lobby: &Arc<Lobby>,
        code: &str,
        conn: u64,
    ) -> Result<(), String> {
        match self.locate(lobby, code).await? {
            Owner::Here => lobby.spectate(code, conn).map_err(|miss| match miss {
                super::lobby::Miss::Failed(reason) => reason,
                super::lobby::Miss::Elsewhere(()) => format!("no match is running at table {code}"),
            }),
            Owner::There(owner) => {
                lobby.state().routes.insert(
                    conn,
                    super::lobby::Route {
                        code: code.to_owned(),
                        seat: None,
                        target: Target::Remote { owner },
                    },
                );
                self.send_cmd(code, conn, WireCmd::Watch)
                    .map_err(|()| format!("table {code} is busy; try again"))
            }
        }
    }

    /// Takes a seat back with its token, wherever its match runs.
    pub async fn reconnect(
        self: &Arc<Self>,
        lobby: &Arc<Lobby>,
        token: &str,
        conn: u64,
    ) -> Result<(), String> {
        let error = |err: ClusterError| err.to_string();
        let Some(TokenRecord { code, seat }) = self.cluster.token(token).await.map_err(error)?
        else {
            return Err(
                if self.cluster.replay(token).await.map_err(error)?.is_some() {
                    "that match is over; its replay can be downloaded".into()
                } else {
                    "no match has that seat token".into()
                },
            );
        };
        match self.locate(lobby, &code).await? {
            Owner::Here => lobby.reconnect(token, conn).map_err(|miss| match miss {
                super::lobby::Miss::Failed(reason) => reason,
                super::lobby::Miss::Elsewhere(()) => format!("table {code} is gone"),
            }),
            Owner::There(owner) => {
                lobby
                    .state()
                    .seat_route(conn, code.clone(), seat, Target::Remote { owner });
                self.send_cmd(&code, conn, WireCmd::Attach { seat })
                    .map_err(|()| format!("table {code} is busy; try again"))
            }
        }
    }

    /// A finished match's replay kept by the cluster.
    pub async fn replay(&self, token: &str) -> Option<Vec<u8>> {
        self.cluster.replay(token).await.ok().flatten()
    }

    // --- leases and failover ---

    /// Renews every lease this server holds; a table whose lease another
    /// server took stops.
    async fn renew_leases(&self) {
        let held: Vec<(String, u64)> = self
            .owned()
            .iter()
            .map(|(code, owned)| (code.clone(), owned.revision))
            .collect();
        // Renewals go out together: one at a time, a server with hundreds
        // of tables on a loaded NATS could take longer than a lease.
        let renewals = futures_util::stream::iter(held)
            .map(|(code, revision)| async move {
                let renewed = self.cluster.renew(&code, revision).await;
                (code, renewed)
            })
            .buffer_unordered(RENEWALS_AT_ONCE);
        let renewed: Vec<_> = renewals.collect().await;
        for (code, renewed) in renewed {
            match renewed {
                Ok(Some(revision)) => {
                    if let Some(owned) = self.owned().get_mut(&code) {
                        owned.revision = revision;
                    }
                }
                Ok(None) => {
                    // A match that ended meanwhile released its lease.
                    if let Some(owned) = self.owned().remove(&code) {
                        tracing::warn!("table {code}: another server took the match over");
                        let _ = owned.table.try_send(TableCmd::Stop);
                    }
                }
                // NATS is away: keep the table; if the lease lapses in the
                // meantime, the journal refuses this server's next answer.
                Err(err) => tracing::warn!("table {code}: lease not renewed: {err}"),
            }
        }
    }

    fn guests(&self) -> MutexGuard<'_, HashMap<u64, Guest>> {
        self.guests.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Seats at tables here held by servers that stopped beating are
    /// absent from now on.
    async fn check_guests(&self) {
        let mut servers: Vec<String> = {
            let mut guests = self.guests();
            guests.retain(|_, guest| !guest.table.is_closed());
            guests.values().map(|g| g.server.clone()).collect()
        };
        servers.sort_unstable();
        servers.dedup();
        for server in servers {
            match self.cluster.is_alive(&server).await {
                Ok(true) => {}
                Ok(false) => {
                    tracing::warn!("server {server} stopped beating; its players count as absent");
                    let mut guests = self.guests();
                    guests.retain(|conn, guest| {
                        if guest.server != server {
                            return true;
                        }
                        let cmd = match guest.seat {
                            Some(seat) => TableCmd::Detach { seat, conn: *conn },
                            None => TableCmd::Unwatch { conn: *conn },
                        };
                        let _ = guest.table.try_send(cmd);
                        false
                    });
                }
                Err(err) => tracing::debug!("{err}"),
            }
        }
    }

    /// Notes a connection of another server at a table here.
    fn welcome_guest(
        &self,
        conn: u64,
        server: &str,
        table: &mpsc::Sender<TableCmd>,
        seat: Option<u8>,
    ) {
        if server != self.me() {
            self.guests().insert(
                conn,
                Guest {
                    server: server.to_owned(),
                    table: table.clone(),
                    seat,
                },
            );
        }
    }

    /// Follows the matches this server's connections are routed to on
    /// other servers: to a new owner, or here after taking over a match
    /// whose owner stopped renewing its lease.
    async fn follow_routes(self: &Arc<Self>, lobby: &Arc<Lobby>) {
        let mut codes: HashMap<String, String> = HashMap::new();
        for route in lobby.state().routes.values() {
            if let Target::Remote { owner } = &route.target {
                codes.insert(route.code.clone(), owner.clone());
            }
        }
        let located: Vec<_> = futures_util::stream::iter(codes)
            .map(|(code, known)| async move {
                let owner = self.locate(lobby, &code).await;
                (code, known, owner)
            })
            .buffer_unordered(LOOKUPS_AT_ONCE)
            .collect()
            .await;
        for (code, known, owner) in located {
            match owner {
                Ok(Owner::Here) => self.localize(lobby, &code),
                Ok(Owner::There(owner)) if owner != known => {
                    self.repoint(lobby, &code, &owner);
                }
                Ok(Owner::There(_)) => {}
                Err(reason) => tracing::debug!("table {code}: {reason}"),
            }
        }
    }

    /// Where the match at `code` runs, taking it over if its lease lapsed.
    async fn locate(self: &Arc<Self>, lobby: &Arc<Lobby>, code: &str) -> Result<Owner, String> {
        let error = |err: ClusterError| err.to_string();
        let gone = || format!("no match is running at table {code}");
        let live = |lease: &crate::cluster::records::Lease| {
            if lease.owner == self.me() {
                // Ours but not running here: it stopped a moment ago.
                Err(gone())
            } else {
                Ok(Owner::There(lease.owner.clone()))
            }
        };
        if lobby.state().running.contains_key(code) {
            return Ok(Owner::Here);
        }
        let Some((lease, _)) = self.cluster.lease(code).await.map_err(error)? else {
            return Err(gone());
        };
        if lease.expires_ms > now_ms() {
            return live(&lease);
        }
        // The owner stopped renewing: take the match over, one takeover at
        // a time on this server, looking again once it is our turn.
        let _one_at_a_time = self.takeover.lock().await;
        if lobby.state().running.contains_key(code) {
            return Ok(Owner::Here);
        }
        // Read the journal before taking the lease: a server that can't
        // play this match must leave it.
        let (entries, _) = self.cluster.read_journal(code).await.map_err(error)?;
        let Some(JournalEntry::Start(start)) = entries.first() else {
            return Err(format!("table {code} has no journal to take over"));
        };
        if start.card_fingerprint != lobby.config.db.fingerprint() {
            return Err(format!(
                "table {code} plays other cards than this server's; it can't be taken over here"
            ));
        }
        let start = start.clone();
        let Some((lease, revision)) = self.cluster.lease(code).await.map_err(error)? else {
            return Err(gone());
        };
        if lease.expires_ms > now_ms() {
            return live(&lease);
        }
        let Some(revision) = self.cluster.renew(code, revision).await.map_err(error)? else {
            // Another server took it first.
            return match self.cluster.lease(code).await.map_err(error)? {
                Some((lease, _)) => live(&lease),
                None => Err(gone()),
            };
        };
        // The lease is ours, but the old owner may still be appending (it
        // may only be slow). A takeover mark in the journal fences it: its
        // next append expects an older last entry and is refused. Until
        // the mark lands, whatever it appended is read again.
        let (moves, last) = self.mark_takeover(code).await?;
        tracing::info!(
            "table {code}: taking the match over ({} journal entries after its start)",
            moves.len()
        );
        let journal = Journal::resumed(self, code, last, &moves, revision);
        self.restore(lobby, code, &start, &moves, journal)?;
        Ok(Owner::Here)
    }

    /// Appends this server's takeover mark to the journal of `code`, after
    /// whatever its last owner appended; returns the entries after the
    /// start, up to the mark, and the mark's sequence.
    async fn mark_takeover(&self, code: &str) -> Result<(Vec<JournalEntry>, u64), String> {
        let error = |err: ClusterError| err.to_string();
        let mark = JournalEntry::Takeover {
            server: self.me().to_owned(),
        };
        for _ in 0..MARK_ATTEMPTS {
            let (mut entries, last) = self.cluster.read_journal(code).await.map_err(error)?;
            match self.cluster.append(code, &mark, last).await {
                Ok(sequence) if !entries.is_empty() => {
                    entries.remove(0);
                    return Ok((entries, sequence));
                }
                Ok(_) => return Err(format!("table {code} has no journal to take over")),
                Err(ClusterError::Fenced) => continue,
                Err(err) => return Err(err.to_string()),
            }
        }
        Err(format!(
            "table {code}: its old owner kept appending; the takeover gave up"
        ))
    }

    fn restore(
        self: &Arc<Self>,
        lobby: &Arc<Lobby>,
        code: &str,
        start: &StartRecord,
        moves: &[JournalEntry],
        journal: Journal,
    ) -> Result<(), String> {
        let (tx, rx) = mpsc::channel(super::lobby::TABLE_QUEUE);
        let table = Table::restore(
            Arc::clone(lobby),
            code.to_owned(),
            start,
            moves,
            journal,
            tx.clone(),
        )?;
        {
            let mut state = lobby.state();
            for (seat, token) in start.tokens.iter().enumerate() {
                if let Some(token) = token {
                    state
                        .tokens
                        .insert(token.clone(), (code.to_owned(), seat as u8));
                }
            }
            state.running.insert(code.to_owned(), tx);
        }
        tokio::spawn(table.run(rx));
        Ok(())
    }

    /// The match at `code` now runs here: this server's connections routed
    /// to it elsewhere take their seats here.
    fn localize(&self, lobby: &Lobby, code: &str) {
        let mut state = lobby.state();
        let Some(table) = state.running.get(code).cloned() else {
            return;
        };
        let mut attach = Vec::new();
        for (conn, route) in state.routes.iter_mut() {
            if route.code == code && matches!(route.target, Target::Remote { .. }) {
                route.target = Target::Local(table.clone());
                attach.push((*conn, route.seat));
            }
        }
        for (conn, seat) in attach {
            let Some(out) = state.conns.get(&conn).cloned() else {
                continue;
            };
            let cmd = match seat {
                Some(seat) => TableCmd::Attach { seat, conn, out },
                None => TableCmd::Watch { conn, out },
            };
            if table.try_send(cmd).is_err() {
                tracing::warn!("table {code} is too busy to seat connection {conn}");
            }
        }
    }

    /// The match at `code` moved to `owner`: this server's connections
    /// routed to it take their seats there.
    fn repoint(&self, lobby: &Lobby, code: &str, owner: &str) {
        let mut moved = Vec::new();
        for (conn, route) in lobby.state().routes.iter_mut() {
            if route.code == code && matches!(route.target, Target::Remote { .. }) {
                route.target = Target::Remote {
                    owner: owner.to_owned(),
                };
                moved.push((*conn, route.seat));
            }
        }
        for (conn, seat) in moved {
            let cmd = match seat {
                Some(seat) => WireCmd::Attach { seat },
                None => WireCmd::Watch,
            };
            if self.send_cmd(code, conn, cmd).is_err() {
                tracing::warn!("connection {conn} could not follow table {code}");
            }
        }
    }
}

impl Entrant {
    /// The same player, for another attempt at pairing.
    fn clone_for_queue(&self) -> Entrant {
        Entrant {
            conn: self.conn,
            name: self.name.clone(),
            deck: self.deck.clone(),
            out: self.out.clone(),
            clock: self.clock,
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
            let over = matches!(msg, ServerMsg::GameOver { .. });
            send(&outbox, msg);
            if over {
                lobby.state().routes.remove(&conn);
            }
        }
        RelayOut::Close(reason) => {
            lobby.state().routes.remove(&conn);
            let _ = outbox.try_send(Outgoing::Close(reason));
        }
    }
}

/// Another server's request to this server's lobby.
fn answer_request(lobby: &Arc<Lobby>, request: LobbyRequest) -> Result<(), String> {
    let LobbyRequest::Pair { code, with, guest } = request;
    let Some(code) = super::lobby::valid_code(&code) else {
        return Err("not a table code".into());
    };
    let deck = lobby
        .check_deck(&guest.deck)
        .map_err(|reasons| format!("deck refused: {}", reasons.join("; ")))?;
    let Some(remote) = lobby.remote.clone() else {
        return Err("this server is not in a cluster".into());
    };
    let Some(out) = remote.outbox_for(&guest.server, guest.conn) else {
        return Err("the connection is gone".into());
    };
    let entrant = Entrant {
        conn: guest.conn,
        name: guest.name,
        deck,
        out,
        clock: guest.clock,
    };
    lobby.pair(code.clone(), with, entrant)?;
    if let Some(table) = lobby.state().running.get(&code) {
        remote.welcome_guest(guest.conn, &guest.server, table, Some(1));
    }
    Ok(())
}

/// A match's journal and lease, held by the table that runs it.
pub(crate) struct Journal {
    remote: Arc<Remote>,
    code: String,
    /// Sequence of the journal's last entry (0 before the start).
    last: u64,
    /// Answers journaled so far.
    written: usize,
    /// Whether the concession is journaled.
    conceded: bool,
    /// The lease's revision when it was claimed or taken over.
    revision: u64,
}

impl Journal {
    /// The journal of a new match, not yet started.
    pub fn new(remote: &Arc<Remote>, code: &str) -> Journal {
        Journal {
            remote: Arc::clone(remote),
            code: code.to_owned(),
            last: 0,
            written: 0,
            conceded: false,
            revision: 0,
        }
    }

    /// The journal of a match taken over, read up to `last`.
    fn resumed(
        remote: &Arc<Remote>,
        code: &str,
        last: u64,
        moves: &[JournalEntry],
        revision: u64,
    ) -> Journal {
        let mut journal = Journal::new(remote, code);
        journal.last = last;
        journal.revision = revision;
        for entry in moves {
            if let JournalEntry::Moves {
                answers, conceded, ..
            } = entry
            {
                journal.written += answers.len();
                journal.conceded |= conceded.is_some();
            }
        }
        journal
    }

    fn cluster(&self) -> &Cluster {
        &self.remote.cluster
    }

    /// Claims the new match's lease, journals its start and records its
    /// seat tokens.
    pub async fn start(&mut self, start: &StartRecord) -> Result<(), String> {
        let error = |err: ClusterError| err.to_string();
        let code = self.code.clone();
        let Some(revision) = self.cluster().claim(&code).await.map_err(error)? else {
            return Err(format!("table code {code} is already in use"));
        };
        self.revision = revision;
        let entry = JournalEntry::Start(Box::new(start.clone()));
        self.last = self
            .cluster()
            .append(&code, &entry, 0)
            .await
            .map_err(error)?;
        for (seat, token) in start.tokens.iter().enumerate() {
            if let Some(token) = token {
                let record = TokenRecord {
                    code: code.clone(),
                    seat: seat as u8,
                };
                self.cluster()
                    .put_token(token, &record)
                    .await
                    .map_err(error)?;
            }
        }
        self.cluster().close_waiting(&code).await;
        Ok(())
    }

    /// Starts taking commands from other servers' connections and keeps
    /// the lease renewed.
    pub async fn serve(&self, table: mpsc::Sender<TableCmd>) -> Result<(), String> {
        let subject = self.cluster().table_subject(&self.code);
        let mut commands = self
            .cluster()
            .client()
            .subscribe(subject.clone())
            .await
            .map_err(|err| format!("can't subscribe to {subject}: {err}"))?;
        self.remote.owned().insert(
            self.code.clone(),
            Owned {
                revision: self.revision,
                table: table.clone(),
            },
        );
        let remote = Arc::clone(&self.remote);
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    message = commands.next() => {
                        let Some(message) = message else { break };
                        match decode::<RelayCmd>(&message.payload, "relayed command") {
                            Ok(cmd) => remote.forward(&table, cmd),
                            Err(err) => tracing::warn!("{err}"),
                        }
                    }
                    () = table.closed() => break,
                }
            }
            let _ = commands.unsubscribe().await;
        });
        Ok(())
    }

    /// Journals the answers after the last journaled one, and the
    /// concession if it is new.
    pub async fn record(
        &mut self,
        answers: &[RecordedAnswer],
        conceded: Option<u8>,
        time_left_ms: [Option<u64>; 2],
    ) -> Result<(), ClusterError> {
        let new_concession = conceded.is_some() && !self.conceded;
        if self.written >= answers.len() && !new_concession {
            return Ok(());
        }
        let entry = JournalEntry::Moves {
            answers: answers[self.written.min(answers.len())..].to_vec(),
            time_left_ms,
            conceded: conceded.filter(|_| new_concession),
        };
        let code = self.code.clone();
        self.last = self.cluster().append(&code, &entry, self.last).await?;
        self.written = answers.len();
        self.conceded |= new_concession;
        Ok(())
    }

    /// Stops renewing the lease (the table stops here).
    pub fn disown(&self) {
        self.remote.owned().remove(&self.code);
    }

    /// The match is over: its replay is kept for its players' tokens, its
    /// tokens and journal are dropped and its lease released.
    pub async fn finish(&self, tokens: &[String], replay: &[u8]) {
        for token in tokens {
            if let Err(err) = self.cluster().put_replay(token, replay).await {
                tracing::warn!("table {}: {err}", self.code);
            }
            self.cluster().drop_token(token).await;
        }
        self.cluster().purge_journal(&self.code).await;
        self.remote.owned().remove(&self.code);
        self.cluster().release(&self.code).await;
    }
}

impl Remote {
    /// A command relayed from another server's connection, for a table
    /// that runs here.
    fn forward(self: &Arc<Self>, table: &mpsc::Sender<TableCmd>, relayed: RelayCmd) {
        let (server, conn) = (relayed.server.as_str(), relayed.conn);
        let out = match relayed.cmd {
            WireCmd::Attach { seat } => {
                self.welcome_guest(conn, server, table, Some(seat));
                self.outbox_for(server, conn)
            }
            WireCmd::Watch => {
                self.welcome_guest(conn, server, table, None);
                self.outbox_for(server, conn)
            }
            WireCmd::Detach { .. } | WireCmd::Unwatch => {
                self.guests().remove(&conn);
                None
            }
            WireCmd::Answer { .. } | WireCmd::Concede { .. } => None,
        };
        if let Some(cmd) = TableCmd::from_wire(relayed.cmd, relayed.conn, out)
            && table.try_send(cmd).is_err()
        {
            tracing::warn!("a table is too busy for a relayed command");
        }
    }
}
