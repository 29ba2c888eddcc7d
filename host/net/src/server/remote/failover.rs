//! Leases and failover: renewing this server's leases, noticing servers
//! that stopped beating, following matches to their owners, and taking a
//! match over (lease by compare-and-swap, a takeover mark in the journal,
//! the match rebuilt from it).

use super::{Guest, Journal, Owner, Remote};
use crate::cluster::records::{JournalEntry, Lease, StartRecord, WireCmd};
use crate::cluster::{ClusterError, now_ms};
use crate::server::lobby::{Lobby, TABLE_QUEUE, Target};
use crate::server::table::{Table, TableCmd};
use futures_util::StreamExt;
use std::collections::HashMap;
use std::sync::{Arc, MutexGuard, PoisonError};
use tokio::sync::mpsc;

/// Lease renewals in flight at once.
const RENEWALS_AT_ONCE: usize = 128;

/// Lease lookups in flight at once when following routes.
const LOOKUPS_AT_ONCE: usize = 64;

/// Tries at putting the takeover mark after the old owner's last entry.
const MARK_ATTEMPTS: usize = 16;

impl Remote {
    // --- leases and failover ---

    /// Renews every lease this server holds; a table whose lease another
    /// server took stops.
    pub(super) async fn renew_leases(&self) {
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

    pub(super) fn guests(&self) -> MutexGuard<'_, HashMap<u64, Guest>> {
        self.guests.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Seats at tables here held by servers that stopped beating are
    /// absent from now on.
    pub(super) async fn check_guests(&self) {
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
    pub(super) fn welcome_guest(
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
    pub(super) async fn follow_routes(self: &Arc<Self>, lobby: &Arc<Lobby>) {
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
    pub(super) async fn locate(
        self: &Arc<Self>,
        lobby: &Arc<Lobby>,
        code: &str,
    ) -> Result<Owner, String> {
        let error = |err: ClusterError| err.to_string();
        let gone = || format!("no match is running at table {code}");
        let live = |lease: &Lease| {
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
        let (tx, rx) = mpsc::channel(TABLE_QUEUE);
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
