//! Lobby requests the local lobby could not serve: joining a table another
//! server holds, the cluster's quick-match queue, spectating and
//! reconnecting wherever the match runs, and other servers' requests to
//! this one.

use super::{Owner, Remote};
use crate::cluster::ClusterError;
use crate::cluster::records::{
    LobbyRequest, PairWith, QueueRecord, RemoteEntrant, TokenRecord, WireCmd,
};
use crate::protocol::ClockSpec;
use crate::server::lobby::{Entrant, Lobby, Miss, Route, Target, valid_code};
use std::sync::Arc;

impl Remote {
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
        if !self.cluster.is_alive(&server).await.map_err(error)? {
            // Its server died with the waiting player: the table is gone.
            self.cluster.close_waiting(code).await;
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
                    lobby.state().queue = Some(entrant.clone());
                    if self.cluster.enqueue(&record).await.map_err(error)? {
                        return Ok(false);
                    }
                    lobby.state().queue = None;
                }
                Some((record, _)) if record.server == self.me() && record.conn == conn => {
                    return Ok(false);
                }
                Some((record, revision)) => {
                    // A player left in the queue by a server that died is
                    // dropped from it (dequeued) without asking that server.
                    let gone = record.server != self.me()
                        && !self.cluster.is_alive(&record.server).await.map_err(error)?;
                    if !self.cluster.dequeue(revision).await || gone {
                        continue;
                    }
                    let code = lobby.new_table_code().await?;
                    let with = PairWith::Queued { conn: record.conn };
                    let paired = if record.server == self.me() {
                        lobby.pair(code, with, entrant.clone())
                    } else {
                        self.pair_there(lobby, &record.server, &code, with, entrant.clone(), deck)
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
}

/// Another server's request to this server's lobby.
pub(super) fn answer_request(lobby: &Arc<Lobby>, request: LobbyRequest) -> Result<(), String> {
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
