//! The lobby: tables waiting for a player, tables running, the quick-match
//! queue, seat tokens and the replays of finished matches.
//!
//! Its state sits behind one mutex that is only ever held for map
//! operations, never across an await or a match step.
//!
//! After a match, a player's connection is routed to the finished table
//! (`LobbyState::after`), where a rematch is offered. Seat tokens and table
//! codes come from the OS random source, never from a match's seeded RNG.

use super::ServerConfig;
use super::remote::Remote;
use super::table::{self, TableCmd};
use crate::cluster::records::{LobbyReply, PairWith, WireCmd};
use crate::protocol::{ClockSpec, Opponent, ServerMsg};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use std::collections::{HashMap, VecDeque};
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use sve_engine::bot::BotKind;
use sve_engine::decks::{check_deck, parse_deck, resolve};
use sve_engine::engine::DeckList;
use tokio::sync::mpsc;

/// What a connection's writer sends: a message, or a last message and
/// the close.
#[derive(Debug)]
pub(super) enum Outgoing {
    /// A message.
    Msg(ServerMsg),
    /// Refuse with this reason and close the connection.
    Close(String),
}

/// Where a connection's messages go: a bounded queue to its writer.
pub(super) type Outbox = mpsc::Sender<Outgoing>;

/// Messages waiting for one slow connection before it is dropped.
pub(super) const OUTBOX_CAPACITY: usize = 1024;

/// Commands waiting for one table; past this a client is told the table is
/// busy (only a flood gets there: connections are rate-limited).
pub(super) const TABLE_QUEUE: usize = 256;

/// Sends `msg` without waiting; a connection too slow to take it is told
/// to close (its seat then counts as absent).
pub(super) fn send(out: &Outbox, msg: ServerMsg) -> bool {
    match out.try_send(Outgoing::Msg(msg)) {
        Ok(()) => true,
        Err(mpsc::error::TrySendError::Full(_)) => {
            tracing::warn!("a client is too slow to read its messages; closing it");
            // The writer drains the queue in order; the close goes in as
            // soon as there is room, or the writer's end notices the drop.
            let _ = out.try_send(Outgoing::Close("too slow to read messages".into()));
            false
        }
        Err(mpsc::error::TrySendError::Closed(_)) => false,
    }
}

/// A deck that passed the server's checks.
#[derive(Clone, Debug)]
pub(super) struct ReadyDeck {
    /// Its title line.
    pub title: String,
    /// The cards.
    pub list: DeckList,
}

/// A player taking a seat.
#[derive(Clone)]
pub(super) struct Entrant {
    /// Their connection.
    pub conn: u64,
    /// Display name.
    pub name: String,
    /// Their deck.
    pub deck: ReadyDeck,
    /// Their connection's messages.
    pub out: Outbox,
    /// The time limits they asked for (the creator's count).
    pub clock: ClockSpec,
}

/// Who sits in a seat of a new table.
pub(super) enum Sitter {
    /// A connected player.
    Human(Entrant),
    /// A server bot.
    Bot {
        /// Which bot.
        kind: BotKind,
        /// Its deck.
        deck: ReadyDeck,
    },
}

/// Where a seated connection's table commands go.
#[derive(Clone, Debug)]
pub(super) struct Route {
    /// The table's code.
    pub code: String,
    /// The seat, or `None` for a spectator.
    pub seat: Option<u8>,
    /// The table.
    pub target: Target,
}

/// Where a table runs.
#[derive(Clone, Debug)]
pub(super) enum Target {
    /// Here: its command queue.
    Local(mpsc::Sender<TableCmd>),
    /// On another server of the cluster (as last known).
    Remote {
        /// That server's id.
        owner: String,
    },
}

#[derive(Default)]
pub(super) struct LobbyState {
    /// Tables waiting for a player, by code.
    pub waiting: HashMap<String, Entrant>,
    /// The player waiting for a quick match here.
    pub queue: Option<Entrant>,
    /// Tables running here.
    pub running: HashMap<String, mpsc::Sender<TableCmd>>,
    /// Where each seated or watching connection's commands go.
    pub routes: HashMap<u64, Route>,
    /// Where each player's last match was, after it ended: its table
    /// takes rematch offers for a while (`table/rematch.rs`).
    pub after: HashMap<u64, Route>,
    /// Seat tokens of the tables running here.
    pub tokens: HashMap<String, (String, u8)>,
    replays: HashMap<String, Arc<Vec<u8>>>,
    replay_order: VecDeque<String>,
    /// Every open connection's messages (relayed messages find theirs here).
    pub conns: HashMap<u64, Outbox>,
}

/// The server's shared state.
pub(super) struct Lobby {
    /// How the server was started.
    pub config: ServerConfig,
    /// The cluster, when this server is one of several.
    pub remote: Option<Arc<Remote>>,
    state: Mutex<LobbyState>,
    seeds: Mutex<ChaCha8Rng>,
    next_conn: AtomicU64,
}

/// A secret could not be drawn from the OS.
fn secret_error(err: getrandom::Error) -> String {
    tracing::error!("the OS random source failed: {err}");
    "the server can't draw a secret right now".into()
}

/// Random bytes from the OS (table codes and seat tokens are secrets).
fn secret<const N: usize>() -> Result<[u8; N], String> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(secret_error)?;
    Ok(bytes)
}

/// Letters for table codes, without look-alikes (0/O, 1/I/L).
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

impl Lobby {
    /// A lobby with nothing in it.
    pub fn new(config: ServerConfig, remote: Option<Arc<Remote>>) -> Arc<Lobby> {
        let seed = match config.seed {
            Some(seed) => seed,
            None => secret::<8>().map(u64::from_le_bytes).unwrap_or(0),
        };
        // In a cluster connection numbers travel between servers: each
        // server counts from its own random base so that they don't meet.
        let first_conn = match &remote {
            Some(_) => secret::<4>().map_or(1, |b| u64::from(u32::from_le_bytes(b)) << 32 | 1),
            None => 1,
        };
        Arc::new(Lobby {
            config,
            remote,
            state: Mutex::new(LobbyState::default()),
            seeds: Mutex::new(ChaCha8Rng::seed_from_u64(seed)),
            next_conn: AtomicU64::new(first_conn),
        })
    }

    /// The lobby's state, locked (never across an await).
    pub fn state(&self) -> MutexGuard<'_, LobbyState> {
        // A panic elsewhere while holding the lock left plain maps behind:
        // still consistent enough to serve.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A number for a new connection, whose messages go to `out`.
    pub fn new_conn(&self, out: Outbox) -> u64 {
        let conn = self.next_conn.fetch_add(1, Ordering::Relaxed);
        self.state().conns.insert(conn, out);
        conn
    }

    /// The messages of an open connection of this server.
    pub fn outbox(&self, conn: u64) -> Option<Outbox> {
        self.state().conns.get(&conn).cloned()
    }

    /// Sends a seat's or a spectator's command to its table, wherever
    /// the table runs.
    pub fn send(&self, route: &Route, conn: u64, cmd: WireCmd) -> Result<(), String> {
        let busy = || format!("table {} is busy; try again", route.code);
        match &route.target {
            Target::Local(table) => {
                let Some(cmd) = TableCmd::from_wire(cmd, conn, || self.outbox(conn)) else {
                    return Ok(());
                };
                table.try_send(cmd).map_err(|_| busy())
            }
            Target::Remote { .. } => match &self.remote {
                Some(remote) => remote.send_cmd(&route.code, conn, cmd).map_err(|()| busy()),
                None => Err(busy()),
            },
        }
    }

    /// Reads and checks a deck sent as deck-file text.
    pub fn check_deck(&self, text: &str) -> Result<ReadyDeck, Vec<String>> {
        let lines = |errors: Vec<sve_engine::decks::DeckError>| {
            errors.iter().map(ToString::to_string).collect::<Vec<_>>()
        };
        let file = parse_deck(text, "your deck").map_err(lines)?;
        let problems = check_deck(&file, &self.config.db);
        if !problems.is_empty() {
            return Err(lines(problems));
        }
        let list = resolve(&file, &self.config.db).map_err(lines)?;
        Ok(ReadyDeck {
            title: file.title,
            list,
        })
    }

    /// Opens a table: against a server bot it starts at once; otherwise it
    /// waits for a player with the returned code.
    pub async fn create(
        self: &Arc<Self>,
        entrant: Entrant,
        opponent: Opponent,
    ) -> Result<String, String> {
        let code = self.new_code(matches!(opponent, Opponent::Human)).await?;
        let mut state = self.state();
        match opponent {
            Opponent::Human => {
                state.waiting.insert(code.clone(), entrant);
            }
            Opponent::Bot { kind, deck } => {
                let kind = BotKind::from_str(&kind)?;
                if kind.sees_hidden_cards() && !self.config.allow_oracle {
                    return Err(format!(
                        "the {kind} bot sees hidden cards; it is for analysis, not an opponent, \
                         and this server does not offer it (its operator can, with \
                         `sve serve --allow-oracle`)"
                    ));
                }
                let deck = match deck {
                    Some(text) => self.check_deck(&text).map_err(|reasons| {
                        format!("the bot's deck can't be played: {}", reasons.join("; "))
                    })?,
                    None => entrant.deck.clone(),
                };
                self.start(
                    &mut state,
                    code.clone(),
                    [Sitter::Human(entrant), Sitter::Bot { kind, deck }],
                )?;
            }
        }
        Ok(code)
    }

    /// Sits at a table waiting here; `Err(Miss::Elsewhere)` hands the
    /// entrant back when no table waits here with that code.
    pub fn join(self: &Arc<Self>, code: &str, entrant: Entrant) -> Result<(), Miss<Box<Entrant>>> {
        let mut state = self.state();
        let Some(host) = state.waiting.remove(code) else {
            if state.running.contains_key(code) {
                return Err(Miss::Failed(format!(
                    "table {code} has started; spectate it instead"
                )));
            }
            return Err(Miss::Elsewhere(Box::new(entrant)));
        };
        if host.conn == entrant.conn {
            state.waiting.insert(code.to_owned(), host);
            return Err(Miss::Failed("you can't join your own table".into()));
        }
        self.start(
            &mut state,
            code.to_owned(),
            [Sitter::Human(host), Sitter::Human(entrant)],
        )
        .map_err(Miss::Failed)
    }

    /// Starts the match of a table waiting here against a player another
    /// server holds (`with` says which waiting player).
    pub fn pair(self: &Arc<Self>, code: String, with: PairWith, guest: Entrant) -> LobbyReply {
        let mut state = self.state();
        let host = match with {
            PairWith::Table => state.waiting.remove(&code),
            PairWith::Queued { conn } => match state.queue.take() {
                Some(queued) if queued.conn == conn => Some(queued),
                other => {
                    state.queue = other;
                    None
                }
            },
        };
        let Some(host) = host else {
            return Err(format!("no table waits with code {code}"));
        };
        self.start(
            &mut state,
            code,
            [Sitter::Human(host), Sitter::Human(guest)],
        )
    }

    /// Queues for a quick match on this server alone; `true` when a match
    /// started.
    pub async fn quick(self: &Arc<Self>, entrant: Entrant) -> Result<bool, String> {
        let code = self.new_code(false).await?;
        let mut state = self.state();
        match state.queue.take() {
            Some(first) if first.conn != entrant.conn => {
                self.start(
                    &mut state,
                    code,
                    [Sitter::Human(first), Sitter::Human(entrant)],
                )?;
                Ok(true)
            }
            _ => {
                state.queue = Some(entrant);
                Ok(false)
            }
        }
    }

    /// Watches a table running here; `Err(Miss::Elsewhere)` when none
    /// runs here with that code.
    pub fn spectate(&self, code: &str, conn: u64) -> Result<(), Miss> {
        let mut state = self.state();
        let Some(table) = state.running.get(code).cloned() else {
            return Err(Miss::Elsewhere(()));
        };
        let Some(out) = state.conns.get(&conn).cloned() else {
            return Ok(());
        };
        table
            .try_send(TableCmd::Watch { conn, out })
            .map_err(|_| Miss::Failed(format!("table {code} is busy; try again")))?;
        state.routes.insert(
            conn,
            Route {
                code: code.to_owned(),
                seat: None,
                target: Target::Local(table),
            },
        );
        Ok(())
    }

    /// Takes back a seat at a table running here with its token;
    /// `Err(Miss::Elsewhere)` when the token is not for one.
    pub fn reconnect(&self, token: &str, conn: u64) -> Result<(), Miss> {
        let mut state = self.state();
        let Some((code, seat)) = state.tokens.get(token).cloned() else {
            return Err(Miss::Elsewhere(()));
        };
        let Some(table) = state.running.get(&code).cloned() else {
            return Err(Miss::Failed(format!("table {code} is gone")));
        };
        let Some(out) = state.conns.get(&conn).cloned() else {
            return Ok(());
        };
        table
            .try_send(TableCmd::Attach { seat, conn, out })
            .map_err(|_| Miss::Failed(format!("table {code} is busy; try again")))?;
        state.seat_route(conn, code, seat, Target::Local(table));
        Ok(())
    }

    /// Whether a finished match here had this seat token.
    pub fn had_token(&self, token: &str) -> bool {
        self.state().replays.contains_key(token)
    }

    /// Where this connection's table commands go, if it sits at a running
    /// table.
    pub fn route(&self, conn: u64) -> Option<Route> {
        self.state().routes.get(&conn).cloned()
    }

    /// Whether this connection waits for an opponent (at a table or in the
    /// queue).
    pub fn is_waiting(&self, conn: u64) -> bool {
        let state = self.state();
        state.waiting.values().any(|e| e.conn == conn)
            || state.queue.as_ref().is_some_and(|e| e.conn == conn)
    }

    /// The connection left its table or the queue (`closed`: it is gone
    /// altogether): it stops waiting, and its table hears of it.
    pub fn leave(&self, conn: u64, closed: bool) {
        let mut state = self.state();
        if closed {
            state.conns.remove(&conn);
        }
        let mut withdrawn = Vec::new();
        state.waiting.retain(|code, e| {
            let keep = e.conn != conn;
            if !keep {
                withdrawn.push(code.clone());
            }
            keep
        });
        let queued = state.queue.as_ref().is_some_and(|e| e.conn == conn);
        if queued {
            state.queue = None;
        }
        let route = state.routes.remove(&conn);
        let after = state.after.remove(&conn);
        drop(state);
        if let Some(remote) = &self.remote {
            remote.withdraw(conn, queued, withdrawn);
        }
        self.decline_rematch(conn, after);
        if let Some(route) = route {
            let cmd = match route.seat {
                Some(seat) => WireCmd::Detach { seat },
                None => WireCmd::Unwatch,
            };
            if self.send(&route, conn, cmd).is_err() {
                tracing::warn!("table {} did not hear that a client left", route.code);
            }
        }
    }

    /// The connection starts something else: its last match's table
    /// hears that it declines a rematch.
    pub fn forget_last_match(&self, conn: u64) {
        let after = self.state().after.remove(&conn);
        self.decline_rematch(conn, after);
    }

    fn decline_rematch(&self, conn: u64, after: Option<Route>) {
        if let Some(route) = after
            && let Some(seat) = route.seat
        {
            // The table may be gone already (its offer ran out): nothing
            // is left to decline then.
            let _ = self.send(&route, conn, WireCmd::Detach { seat });
        }
    }

    /// Where this connection's last match is, after it ended (for a
    /// rematch).
    pub fn last_match(&self, conn: u64) -> Option<Route> {
        self.state().after.get(&conn).cloned()
    }

    /// Starts a rematch: a new table, with a new code and seat tokens,
    /// through the same path as a fresh table. Returns its code and its
    /// command queue.
    pub async fn rematch(
        self: &Arc<Self>,
        sitters: [Sitter; 2],
    ) -> Result<(String, mpsc::Sender<TableCmd>), String> {
        let code = self.new_table_code().await?;
        let mut state = self.state();
        for sitter in &sitters {
            if let Sitter::Human(entrant) = sitter {
                // A connection that closed while the code was found.
                if entrant.out.is_closed() {
                    return Err(format!("{} has left", entrant.name));
                }
                state.after.remove(&entrant.conn);
            }
        }
        self.start(&mut state, code.clone(), sitters)?;
        let table = state
            .running
            .get(&code)
            .cloned()
            .ok_or_else(|| format!("table {code} did not start"))?;
        Ok((code, table))
    }

    /// A finished table stopped taking rematch offers.
    pub fn retired(&self, code: &str) {
        self.state().after.retain(|_, r| r.code != code);
    }

    /// A table's match ended: its replay is kept for its players' tokens,
    /// and its players' routes become their last match's.
    pub fn finished(&self, code: &str, tokens: &[String], replay: Vec<u8>) {
        let mut state = self.state();
        state.running.remove(code);
        let ended: Vec<(u64, Route)> = state
            .routes
            .iter()
            .filter(|(_, r)| r.code == code && r.seat.is_some())
            .map(|(conn, r)| (*conn, r.clone()))
            .collect();
        state.after.extend(ended);
        state.routes.retain(|_, r| r.code != code);
        let replay = Arc::new(replay);
        for token in tokens {
            state.tokens.remove(token);
            state.replays.insert(token.clone(), Arc::clone(&replay));
            state.replay_order.push_back(token.clone());
        }
        while state.replay_order.len() > self.config.kept_replays.max(1) * 2 {
            if let Some(old) = state.replay_order.pop_front() {
                state.replays.remove(&old);
            }
        }
    }

    /// A table stopped without finishing (its match moved to another
    /// server): this server forgets it.
    pub fn abandoned(&self, code: &str) {
        let mut state = self.state();
        state.running.remove(code);
        state.routes.retain(|_, r| r.code != code);
        state.tokens.retain(|_, (c, _)| c != code);
    }

    /// The replay of a finished match here, by one of its seat tokens.
    pub fn replay(&self, token: &str) -> Option<Arc<Vec<u8>>> {
        self.state().replays.get(token).cloned()
    }

    /// A code for a table that starts at once.
    pub async fn new_table_code(&self) -> Result<String, String> {
        self.new_code(false).await
    }

    /// A new table's code: unused here, and in a cluster claimed for a
    /// waiting table (`waiting`) or free of any lease.
    async fn new_code(&self, waiting: bool) -> Result<String, String> {
        for _ in 0..16 {
            let code = {
                let state = self.state();
                new_code(&state)?
            };
            let free = match &self.remote {
                Some(remote) => remote.code_is_free(&code, waiting).await?,
                None => true,
            };
            if free {
                return Ok(code);
            }
        }
        Err("no free table code was found; try again".into())
    }

    /// Starts a match at `code` with these two seats.
    fn start(
        self: &Arc<Self>,
        state: &mut LobbyState,
        code: String,
        sitters: [Sitter; 2],
    ) -> Result<(), String> {
        let seed = self
            .seeds
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .next_u64();
        let mut tokens = [None, None];
        for (seat, sitter) in sitters.iter().enumerate() {
            if matches!(sitter, Sitter::Human(_)) {
                tokens[seat] = Some(hex(&secret::<16>()?));
            }
        }
        let (tx, rx) = mpsc::channel(TABLE_QUEUE);
        for (seat, sitter) in sitters.iter().enumerate() {
            if let (Sitter::Human(entrant), Some(token)) = (sitter, &tokens[seat]) {
                state
                    .tokens
                    .insert(token.clone(), (code.clone(), seat as u8));
                // A player another server holds has its route there.
                if state.conns.contains_key(&entrant.conn) {
                    state.routes.insert(
                        entrant.conn,
                        Route {
                            code: code.clone(),
                            seat: Some(seat as u8),
                            target: Target::Local(tx.clone()),
                        },
                    );
                }
            }
        }
        state.running.insert(code.clone(), tx.clone());
        let table = table::Table::new(Arc::clone(self), code, seed, sitters, tokens, tx);
        tokio::spawn(table.run(rx));
        Ok(())
    }
}

impl LobbyState {
    /// Routes `conn` to `seat` at `code`; the seat's previous connection,
    /// if any is left, no longer speaks for it.
    pub fn seat_route(&mut self, conn: u64, code: String, seat: u8, target: Target) {
        self.routes
            .retain(|_, r| !(r.code == code && r.seat == Some(seat)));
        self.routes.insert(
            conn,
            Route {
                code,
                seat: Some(seat),
                target,
            },
        );
    }
}

/// Why a request could not be served here.
#[derive(Debug)]
pub(super) enum Miss<T = ()> {
    /// Nothing here has that code or token: another server of the cluster
    /// may (`T` is what the request hands back for it).
    Elsewhere(T),
    /// It failed, for this reason.
    Failed(String),
}

/// Whether a code sent by a client can be a table code (it becomes part of
/// a NATS subject and key, so nothing else may get through).
pub(super) fn valid_code(code: &str) -> Option<String> {
    let code = code.trim().to_ascii_uppercase();
    (code.len() == 6 && code.bytes().all(|b| CODE_ALPHABET.contains(&b))).then_some(code)
}

/// Whether a token sent by a client can be a seat token.
pub(super) fn valid_token(token: &str) -> bool {
    token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit())
}

fn new_code(state: &LobbyState) -> Result<String, String> {
    loop {
        let bytes = secret::<6>()?;
        let code: String = bytes
            .iter()
            .map(|b| CODE_ALPHABET[*b as usize % CODE_ALPHABET.len()] as char)
            .collect();
        if !state.waiting.contains_key(&code) && !state.running.contains_key(&code) {
            return Ok(code);
        }
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
