//! The lobby: tables waiting for a player, tables running, the quick-match
//! queue, seat tokens and the replays of finished matches.
//!
//! Its state sits behind one mutex that is only ever held for map
//! operations, never across an await or a match step.

use super::ServerConfig;
use super::table::{self, TableCmd};
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
    /// The table's command queue.
    pub table: mpsc::Sender<TableCmd>,
}

#[derive(Default)]
struct LobbyState {
    waiting: HashMap<String, Entrant>,
    queue: Option<Entrant>,
    running: HashMap<String, mpsc::Sender<TableCmd>>,
    routes: HashMap<u64, Route>,
    tokens: HashMap<String, (String, u8)>,
    replays: HashMap<String, Arc<Vec<u8>>>,
    replay_order: VecDeque<String>,
}

/// The server's shared state.
pub(super) struct Lobby {
    /// How the server was started.
    pub config: ServerConfig,
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
    pub fn new(config: ServerConfig) -> Arc<Lobby> {
        let seed = match config.seed {
            Some(seed) => seed,
            None => secret::<8>().map(u64::from_le_bytes).unwrap_or(0),
        };
        Arc::new(Lobby {
            config,
            state: Mutex::new(LobbyState::default()),
            seeds: Mutex::new(ChaCha8Rng::seed_from_u64(seed)),
            next_conn: AtomicU64::new(1),
        })
    }

    fn state(&self) -> MutexGuard<'_, LobbyState> {
        // A panic elsewhere while holding the lock left plain maps behind:
        // still consistent enough to serve.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A number for a new connection.
    pub fn new_conn(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
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
    pub fn create(
        self: &Arc<Self>,
        entrant: Entrant,
        opponent: Opponent,
    ) -> Result<String, String> {
        let mut state = self.state();
        let code = new_code(&state)?;
        match opponent {
            Opponent::Human => {
                state.waiting.insert(code.clone(), entrant);
            }
            Opponent::Bot { kind, deck } => {
                let kind = BotKind::from_str(&kind)?;
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

    /// Sits at a waiting table.
    pub fn join(self: &Arc<Self>, code: &str, entrant: Entrant) -> Result<(), String> {
        let code = code.trim().to_ascii_uppercase();
        let mut state = self.state();
        let Some(host) = state.waiting.remove(&code) else {
            return Err(if state.running.contains_key(&code) {
                format!("table {code} has started; spectate it instead")
            } else {
                format!("no table waits with code {code}")
            });
        };
        if host.conn == entrant.conn {
            state.waiting.insert(code, host);
            return Err("you can't join your own table".into());
        }
        self.start(
            &mut state,
            code,
            [Sitter::Human(host), Sitter::Human(entrant)],
        )
    }

    /// Queues for a quick match; `true` when a match started.
    pub fn quick(self: &Arc<Self>, entrant: Entrant) -> Result<bool, String> {
        let mut state = self.state();
        match state.queue.take() {
            Some(first) if first.conn != entrant.conn => {
                let code = new_code(&state)?;
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

    /// Watches a running table.
    pub fn spectate(&self, code: &str, conn: u64, out: Outbox) -> Result<(), String> {
        let code = code.trim().to_ascii_uppercase();
        let mut state = self.state();
        let Some(table) = state.running.get(&code).cloned() else {
            return Err(format!("no match is running at table {code}"));
        };
        table
            .try_send(TableCmd::Watch { conn, out })
            .map_err(|_| format!("table {code} is busy; try again"))?;
        state.routes.insert(
            conn,
            Route {
                code,
                seat: None,
                table,
            },
        );
        Ok(())
    }

    /// Takes a seat back with its token.
    pub fn reconnect(&self, token: &str, conn: u64, out: Outbox) -> Result<(), String> {
        let mut state = self.state();
        let Some((code, seat)) = state.tokens.get(token).cloned() else {
            return Err(if state.replays.contains_key(token) {
                "that match is over; its replay can be downloaded".into()
            } else {
                "no match has that seat token".into()
            });
        };
        let Some(table) = state.running.get(&code).cloned() else {
            return Err(format!("table {code} is gone"));
        };
        table
            .try_send(TableCmd::Attach { seat, conn, out })
            .map_err(|_| format!("table {code} is busy; try again"))?;
        // The seat's previous connection, if any is left, no longer speaks
        // for it.
        state
            .routes
            .retain(|_, r| !(r.code == code && r.seat == Some(seat)));
        state.routes.insert(
            conn,
            Route {
                code,
                seat: Some(seat),
                table,
            },
        );
        Ok(())
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

    /// The connection is gone or left: it stops waiting, and its table
    /// hears of it.
    pub fn leave(&self, conn: u64) {
        let mut state = self.state();
        state.waiting.retain(|_, e| e.conn != conn);
        if state.queue.as_ref().is_some_and(|e| e.conn == conn) {
            state.queue = None;
        }
        if let Some(route) = state.routes.remove(&conn) {
            let cmd = match route.seat {
                Some(seat) => TableCmd::Detach { seat, conn },
                None => TableCmd::Unwatch { conn },
            };
            if route.table.try_send(cmd).is_err() {
                tracing::warn!("table {} did not hear that a client left", route.code);
            }
        }
    }

    /// A table's match ended: its replay is kept for its players' tokens.
    pub fn finished(&self, code: &str, tokens: &[String], replay: Vec<u8>) {
        let mut state = self.state();
        state.running.remove(code);
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

    /// The replay of a finished match, by one of its seat tokens.
    pub fn replay(&self, token: &str) -> Option<Arc<Vec<u8>>> {
        self.state().replays.get(token).cloned()
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
                state.routes.insert(
                    entrant.conn,
                    Route {
                        code: code.clone(),
                        seat: Some(seat as u8),
                        table: tx.clone(),
                    },
                );
            }
        }
        state.running.insert(code.clone(), tx);
        let table = table::Table::new(Arc::clone(self), code, seed, sitters, tokens);
        tokio::spawn(table.run(rx));
        Ok(())
    }
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
