//! One client connection: the hello handshake, frame checks, the rate
//! limit, and routing each request to the lobby or to the connection's
//! table.
//!
//! Anything a client sends is hostile until proven otherwise: a frame that
//! is too big, not binary, not a message of this protocol, or one too many
//! in a second closes the connection with the reason. Requests that are
//! merely wrong (no such table, a stale answer) get an answer and the
//! connection goes on.

use super::lobby::{
    Entrant, Lobby, Miss, OUTBOX_CAPACITY, Outbox, Outgoing, send, valid_code, valid_token,
};
use crate::cluster::records::WireCmd;
use crate::protocol::{
    CardFace, ClientMsg, ClockSpec, FrameError, KeywordFace, MAX_CLIENT_FRAME_BYTES, Opponent,
    PROTOCOL_VERSION, ServerMsg, decode, encode,
};
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use tokio::sync::mpsc;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite;
use tokio_tungstenite::tungstenite::error::CapacityError;

/// WebSocket close code for a policy violation (RFC 6455 §7.4.1).
const POLICY_VIOLATION: u16 = 1008;

/// Longest player name kept (longer names are cut).
const MAX_NAME_CHARS: usize = 32;

/// Serves one connection until it closes.
pub(super) async fn serve(socket: WebSocket, lobby: Arc<Lobby>) {
    let (sink, mut stream) = socket.split();
    let (out, outgoing) = mpsc::channel::<Outgoing>(OUTBOX_CAPACITY);
    let writer = tokio::spawn(write(sink, outgoing));
    let mut conn = Conn {
        id: lobby.new_conn(out.clone()),
        name: None,
        out,
        bucket: TokenBucket::new(lobby.config.messages_per_sec, lobby.config.message_burst),
        lobby,
    };
    while let Some(frame) = stream.next().await {
        let verdict = match frame {
            Ok(Message::Binary(bytes)) => conn.frame(&bytes).await,
            Ok(Message::Text(_)) => {
                Err("text frames are not part of the protocol; send binary postcard frames".into())
            }
            Ok(Message::Close(_)) => break,
            Ok(Message::Ping(_) | Message::Pong(_)) => Ok(()),
            Err(err) => match too_large(err) {
                // The socket refused a frame over the limit before reading
                // it: the client still hears why.
                Ok(frame) => Err(frame.to_string()),
                Err(err) => {
                    tracing::debug!("connection {}: {err}", conn.id);
                    break;
                }
            },
        };
        if let Err(reason) = verdict {
            tracing::info!("connection {} closed: {reason}", conn.id);
            let _ = conn.out.try_send(Outgoing::Close(reason));
            break;
        }
    }
    conn.lobby.leave(conn.id, true);
    drop(conn);
    // The writer ends once every sender (the lobby's and the tables') has
    // let go, or at once after a close; a table that has not yet heard of
    // the leave could hold it a little longer.
    let abort = writer.abort_handle();
    if tokio::time::timeout(WRITER_LINGER, writer).await.is_err() {
        abort.abort();
    }
}

/// Sends a connection's messages in order until its close or its end.
/// Messages already waiting when one is sent go out in the same write.
async fn write(
    mut sink: futures_util::stream::SplitSink<WebSocket, Message>,
    mut outgoing: mpsc::Receiver<Outgoing>,
) {
    let mut next = outgoing.recv().await;
    while let Some(item) = next.take() {
        let reason = match item {
            Outgoing::Close(reason) => reason,
            Outgoing::Msg(msg) => {
                let mut fed = sink.feed(Message::Binary(encode(&msg).into())).await;
                while fed.is_ok() {
                    match outgoing.try_recv() {
                        Ok(Outgoing::Msg(msg)) => {
                            fed = sink.feed(Message::Binary(encode(&msg).into())).await;
                        }
                        Ok(close) => {
                            next = Some(close);
                            break;
                        }
                        Err(_) => break,
                    }
                }
                if fed.is_err() || sink.flush().await.is_err() {
                    return;
                }
                if next.is_none() {
                    next = outgoing.recv().await;
                }
                continue;
            }
        };
        let refused = encode(&ServerMsg::Refused {
            reason: reason.clone(),
        });
        let _ = sink.send(Message::Binary(refused.into())).await;
        let frame = CloseFrame {
            code: POLICY_VIOLATION,
            reason: close_reason(&reason).into(),
        };
        let _ = sink.send(Message::Close(Some(frame))).await;
        return;
    }
}

/// The frame a socket error refused for its size, or the error itself.
///
/// The WebSocket reader checks the size a frame announces (the limits of
/// `upgrade`) before it reads the frame, and fails the read; the socket
/// can still send.
fn too_large(err: axum::Error) -> Result<FrameError, axum::Error> {
    let inner = err.into_inner();
    match inner.downcast_ref::<tungstenite::Error>() {
        Some(tungstenite::Error::Capacity(CapacityError::MessageTooLong { size, max_size })) => {
            Ok(FrameError::TooLarge {
                len: *size,
                max: *max_size,
            })
        }
        _ => Err(axum::Error::new(inner)),
    }
}

/// How long a closed connection's last messages may take to go out.
const WRITER_LINGER: std::time::Duration = std::time::Duration::from_secs(2);

/// A close frame's reason is at most 123 bytes (RFC 6455 §5.5).
fn close_reason(reason: &str) -> String {
    let mut cut = reason.len().min(123);
    while !reason.is_char_boundary(cut) {
        cut -= 1;
    }
    reason[..cut].to_owned()
}

struct Conn {
    id: u64,
    /// Set by the hello.
    name: Option<String>,
    out: Outbox,
    bucket: TokenBucket,
    lobby: Arc<Lobby>,
}

impl Conn {
    /// One frame; `Err` closes the connection with the reason.
    async fn frame(&mut self, bytes: &[u8]) -> Result<(), String> {
        if !self.bucket.take() {
            return Err("too many messages; slow down".into());
        }
        let msg: ClientMsg =
            decode(bytes, MAX_CLIENT_FRAME_BYTES).map_err(|err| err.to_string())?;
        let Some(name) = self.name.clone() else {
            return self.hello(msg);
        };
        self.request(msg, name).await;
        Ok(())
    }

    fn hello(&mut self, msg: ClientMsg) -> Result<(), String> {
        let ClientMsg::Hello { protocol, name } = msg else {
            return Err("the first message must be Hello".into());
        };
        if protocol != PROTOCOL_VERSION {
            return Err(format!(
                "protocol version mismatch: this server speaks version {PROTOCOL_VERSION}, the client version {protocol}"
            ));
        }
        let name: String = name
            .chars()
            .filter(|c| !c.is_control())
            .take(MAX_NAME_CHARS)
            .collect();
        let name = match name.trim() {
            "" => format!("Player {}", self.id & 0xffff),
            name => name.to_owned(),
        };
        self.name = Some(name);
        self.reply(ServerMsg::Welcome {
            protocol: PROTOCOL_VERSION,
            server: self.lobby.config.name.clone(),
        });
        Ok(())
    }

    fn reply(&self, msg: ServerMsg) {
        send(&self.out, msg);
    }

    fn failed(&self, reason: impl Into<String>) {
        self.reply(ServerMsg::Failed {
            reason: reason.into(),
        });
    }

    /// Whether this connection is already busy (seated, watching or
    /// waiting): it must leave before starting something else.
    ///
    /// A connection that starts something else declines a rematch of its
    /// last match.
    fn busy(&self) -> bool {
        if self.lobby.route(self.id).is_some() || self.lobby.is_waiting(self.id) {
            self.failed("you are already at a table or waiting; leave first");
            return true;
        }
        self.lobby.forget_last_match(self.id);
        false
    }

    fn entrant(&self, name: String, deck: &str, clock: ClockSpec) -> Option<Entrant> {
        match self.lobby.check_deck(deck) {
            Ok(deck) => Some(Entrant {
                conn: self.id,
                name,
                deck,
                out: self.out.clone(),
                clock,
            }),
            Err(reasons) => {
                self.reply(ServerMsg::DeckRefused { reasons });
                None
            }
        }
    }

    async fn request(&mut self, msg: ClientMsg, name: String) {
        match msg {
            ClientMsg::Hello { .. } => self.failed("already said hello"),
            ClientMsg::CreateTable {
                deck,
                opponent,
                clock,
            } => {
                if self.busy() {
                    return;
                }
                if let Err(err) = self.lobby.config.clock_bounds.check(&clock) {
                    return self.failed(err.to_string());
                }
                let Some(entrant) = self.entrant(name, &deck, clock) else {
                    return;
                };
                let against_bot = matches!(opponent, Opponent::Bot { .. });
                match self.lobby.create(entrant, opponent).await {
                    // Against a bot the table opens and starts at once; its
                    // Seated message follows.
                    Ok(code) if !against_bot => self.reply(ServerMsg::TableOpen { code }),
                    Ok(_) => {}
                    Err(reason) => self.failed(reason),
                }
            }
            ClientMsg::JoinTable { code, deck } => {
                if self.busy() {
                    return;
                }
                let Some(code) = valid_code(&code) else {
                    return self.failed(format!("no table waits with code {code}"));
                };
                let Some(entrant) = self.entrant(name, &deck, ClockSpec::default()) else {
                    return;
                };
                let result = match self.lobby.join(&code, entrant) {
                    Ok(()) => Ok(()),
                    Err(Miss::Failed(reason)) => Err(reason),
                    Err(Miss::Elsewhere(entrant)) => match self.lobby.remote.clone() {
                        Some(remote) => remote.join(&self.lobby, &code, *entrant, &deck).await,
                        None => Err(format!("no table waits with code {code}")),
                    },
                };
                if let Err(reason) = result {
                    self.failed(reason);
                }
            }
            ClientMsg::QuickMatch { deck } => {
                if self.busy() {
                    return;
                }
                let Some(entrant) = self.entrant(name, &deck, ClockSpec::default()) else {
                    return;
                };
                let started = match self.lobby.remote.clone() {
                    Some(remote) => remote.quick(&self.lobby, entrant, &deck).await,
                    None => self.lobby.quick(entrant).await,
                };
                match started {
                    Ok(true) => {}
                    Ok(false) => self.reply(ServerMsg::Queued),
                    Err(reason) => self.failed(reason),
                }
            }
            ClientMsg::Spectate { code } => {
                if self.busy() {
                    return;
                }
                let Some(code) = valid_code(&code) else {
                    return self.failed(format!("no match is running at table {code}"));
                };
                let result = match self.lobby.spectate(&code, self.id) {
                    Ok(()) => Ok(()),
                    Err(Miss::Failed(reason)) => Err(reason),
                    Err(Miss::Elsewhere(())) => match self.lobby.remote.clone() {
                        Some(remote) => remote.spectate(&self.lobby, &code, self.id).await,
                        None => Err(format!("no match is running at table {code}")),
                    },
                };
                if let Err(reason) = result {
                    self.failed(reason);
                }
            }
            ClientMsg::Reconnect { token } => {
                if self.busy() {
                    return;
                }
                if !valid_token(&token) {
                    return self.failed("no match has that seat token");
                }
                let result = match self.lobby.reconnect(&token, self.id) {
                    Ok(()) => Ok(()),
                    Err(Miss::Failed(reason)) => Err(reason),
                    Err(Miss::Elsewhere(())) => match self.lobby.remote.clone() {
                        Some(remote) => remote.reconnect(&self.lobby, &token, self.id).await,
                        None if self.lobby.had_token(&token) => {
                            Err("that match is over; its replay can be downloaded".into())
                        }
                        None => Err("no match has that seat token".into()),
                    },
                };
                if let Err(reason) = result {
                    self.failed(reason);
                }
            }
            ClientMsg::Answer { seq, picks } => {
                self.to_table(|seat| WireCmd::Answer { seat, seq, picks })
            }
            ClientMsg::Concede => self.to_table(|seat| WireCmd::Concede { seat }),
            // After a match, leaving declines its rematch (`Lobby::leave`).
            ClientMsg::Leave => {
                if let Some(route) = self.lobby.route(self.id)
                    && let Some(seat) = route.seat
                {
                    let _ = self.lobby.send(&route, self.id, WireCmd::Concede { seat });
                }
                self.lobby.leave(self.id, false);
            }
            ClientMsg::CardData => {
                let db = &self.lobby.config.db;
                let cards = db.iter().map(|(_, def)| CardFace::of(def)).collect();
                let keywords = db.declared_keywords().iter().map(KeywordFace::of).collect();
                let counters = db.declared_counters().to_vec();
                let token_kinds = db.declared_token_kinds().to_vec();
                self.reply(ServerMsg::CardData {
                    cards,
                    keywords,
                    counters,
                    token_kinds,
                });
            }
            ClientMsg::Replay { token } => {
                let mut bytes = self.lobby.replay(&token).map(|b| b.as_ref().clone());
                if bytes.is_none()
                    && valid_token(&token)
                    && let Some(remote) = &self.lobby.remote
                {
                    bytes = remote.replay(&token).await;
                }
                match bytes {
                    Some(bytes) => self.reply(ServerMsg::Replay { bytes }),
                    None => self.failed("no finished match has that seat token"),
                }
            }
            ClientMsg::Ping { nonce } => self.reply(ServerMsg::Pong { nonce }),
            ClientMsg::Inspect { mut cards } => {
                // After the end, the finished table still answers while
                // it waits for rematch offers.
                let route = self.lobby.route(self.id);
                let Some(route) = route.or_else(|| self.lobby.last_match(self.id)) else {
                    return self.failed("you are not at a table");
                };
                cards.truncate(crate::protocol::MAX_INSPECTED);
                let cmd = WireCmd::Inspect {
                    seat: route.seat,
                    cards,
                };
                if let Err(reason) = self.lobby.send(&route, self.id, cmd) {
                    self.failed(reason);
                }
            }
            ClientMsg::Rematch => {
                let last = self.lobby.last_match(self.id);
                let Some((route, seat)) = last.and_then(|r| r.seat.map(|seat| (r, seat))) else {
                    let reason = if self.lobby.route(self.id).is_some() {
                        "the match is not over yet"
                    } else {
                        "no match of yours has just ended"
                    };
                    return self.failed(reason);
                };
                if self
                    .lobby
                    .send(&route, self.id, WireCmd::Rematch { seat })
                    .is_err()
                {
                    self.failed("that match no longer takes a rematch");
                }
            }
        }
    }

    /// Sends a seat's command to its table.
    fn to_table(&self, cmd: impl FnOnce(u8) -> WireCmd) {
        let Some(route) = self.lobby.route(self.id) else {
            let reason = if self.lobby.is_waiting(self.id) {
                "the match has not started yet"
            } else {
                "you are not playing at a table"
            };
            return self.failed(reason);
        };
        let Some(seat) = route.seat else {
            return self.failed("spectators can't act in the match");
        };
        if let Err(reason) = self.lobby.send(&route, self.id, cmd(seat)) {
            self.failed(reason);
        }
    }
}

/// The rate limit: `rate` messages a second on average, `burst` at once.
struct TokenBucket {
    tokens: f64,
    rate: f64,
    burst: f64,
    last: Instant,
}

impl TokenBucket {
    fn new(rate: u32, burst: u32) -> TokenBucket {
        TokenBucket {
            tokens: f64::from(burst),
            rate: f64::from(rate),
            burst: f64::from(burst),
            last: Instant::now(),
        }
    }

    /// Spends one token; `false` when none is left.
    fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.last).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.last = now;
        if self.tokens < 1.0 {
            return false;
        }
        self.tokens -= 1.0;
        true
    }
}
