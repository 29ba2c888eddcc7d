//! One running match, owned by its own task.
//!
//! The table is the only writer of its [`Match`]. It takes commands from
//! the seats' connections (answers, concessions, comings and goings),
//! answers for server bots, keeps the clocks, and after every change sends
//! each connected seat and spectator an [`Update`] from that viewer's
//! [`SeatFeed`]. Feeds see every event even while their viewer is away, so
//! a reconnecting player's card numbers stay right; a spectator's new feed
//! reads the whole log when it arrives, and is sent it (public
//! information only, as every spectator update). Each update also
//! carries the pending abilities and the inspector's data for the cards
//! that viewer follows. After the end the table waits a while for rematch
//! offers (`table/rematch.rs`). The clocks and timeouts are
//! `table/clock.rs`'s; the journal a cluster keeps of the match, and
//! restoring a table from it, are `table/journal.rs`'s. At the end the
//! table writes the match's [`Replay`], and the lobby keeps it for the
//! seats to fetch.

use super::lobby::{Entrant, Lobby, Outbox, Sitter, send};
use super::remote::Journal;
use crate::cluster::records::WireCmd;
use crate::feed::{SeatFeed, Viewer};
use crate::patch::Sent;
use crate::protocol::{ClockSpec, MAX_INSPECTED, Seating, ServerMsg, Update};
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;
use sve_engine::bot::{Bot, BotKind};
use sve_engine::decks::DeckBasis;
use sve_engine::engine::{CardRef, Event, Match, Outcome, PlayerId, Status};
use sve_engine::replay::{RecordedAnswer, Replay, ReplayDeck, ReplaySeat, log_hash};
use tokio::sync::mpsc;
use tokio::time::Instant;

mod clock;
mod journal;
mod rematch;

/// Events kept per seat to resend on reconnecting.
const RECENT_EVENTS: usize = 200;

/// Most events of the log so far a spectator is sent on arriving (the
/// last ones; a whole match is a few hundred to a couple of thousand).
const SPECTATOR_HISTORY: usize = 5_000;

/// How long an update may wait for the next one, for a viewer who neither
/// answered nor must answer (the other seat while a player takes a run of
/// decisions, and spectators): the updates of that time go as one, with
/// all their events. Below what a person notices, and it halves the
/// messages a match sends while one player plays out a turn.
const HOLD_FOR: Duration = Duration::from_millis(20);

/// Bot answers in a row before the table gives up on its bot (a bot that
/// never ends its turn would otherwise hold the task).
const MAX_BOT_ANSWERS_IN_A_ROW: usize = 5_000;

/// What a table is told.
#[derive(Debug)]
pub(crate) enum TableCmd {
    /// A seat answers decision `seq`.
    Answer {
        /// The seat.
        seat: u8,
        /// The decision answered.
        seq: u32,
        /// The picks.
        picks: Vec<u32>,
    },
    /// A seat concedes.
    Concede {
        /// The seat.
        seat: u8,
    },
    /// A connection takes a seat (a reconnect).
    Attach {
        /// The seat.
        seat: u8,
        /// The connection.
        conn: u64,
        /// Its messages.
        out: Outbox,
    },
    /// A seat's connection went away.
    Detach {
        /// The seat.
        seat: u8,
        /// The connection that went (an older one is ignored).
        conn: u64,
    },
    /// A spectator arrives.
    Watch {
        /// The connection.
        conn: u64,
        /// Its messages.
        out: Outbox,
    },
    /// A spectator leaves.
    Unwatch {
        /// The connection.
        conn: u64,
    },
    /// A seat or spectator follows these cards in the inspector.
    Inspect {
        /// The seat, or `None` for a spectator (found by `conn`).
        seat: Option<u8>,
        /// The connection.
        conn: u64,
        /// The viewer's numbers of the cards (capped by the table).
        cards: Vec<CardRef>,
    },
    /// A seat offers (or accepts) a rematch after the match ended.
    Rematch {
        /// The seat.
        seat: u8,
    },
    /// Stop at once without finishing: the match has moved to another
    /// server (this one lost its lease).
    Stop,
}

impl TableCmd {
    /// The command a connection's request makes; `out` finds where its
    /// messages go, asked only to attach or watch (without it there is no
    /// command).
    pub(crate) fn from_wire(
        cmd: WireCmd,
        conn: u64,
        out: impl FnOnce() -> Option<Outbox>,
    ) -> Option<TableCmd> {
        Some(match cmd {
            WireCmd::Answer { seat, seq, picks } => TableCmd::Answer { seat, seq, picks },
            WireCmd::Concede { seat } => TableCmd::Concede { seat },
            WireCmd::Attach { seat } => TableCmd::Attach {
                seat,
                conn,
                out: out()?,
            },
            WireCmd::Detach { seat } => TableCmd::Detach { seat, conn },
            WireCmd::Watch => TableCmd::Watch { conn, out: out()? },
            WireCmd::Unwatch => TableCmd::Unwatch { conn },
            WireCmd::Inspect { seat, cards } => TableCmd::Inspect { seat, conn, cards },
            WireCmd::Rematch { seat } => TableCmd::Rematch { seat },
        })
    }
}

enum Player {
    Human {
        /// The connection now speaking for the seat.
        conn: Option<(u64, Outbox)>,
        /// Since when the seat has been empty.
        away_since: Option<Instant>,
    },
    Bot(Box<dyn Bot + Send>),
}

struct Seat {
    name: String,
    token: Option<String>,
    player: Player,
    feed: SeatFeed,
    recent: VecDeque<Event>,
    /// Thinking time left, with a per-match limit.
    time_left: Option<Duration>,
    /// The cards its player follows in the inspector (its numbers).
    inspecting: Vec<CardRef>,
    /// The last view its connection was sent, which the next update
    /// patches.
    sent: Sent,
    /// Events its next update carries, held back (see [`HOLD_FOR`]).
    held: Held,
}

struct Watcher {
    conn: u64,
    out: Outbox,
    feed: SeatFeed,
    /// The cards it follows in the inspector.
    inspecting: Vec<CardRef>,
    /// The last view it was sent.
    sent: Sent,
    /// Events its next update carries, held back (see [`HOLD_FOR`]).
    held: Held,
}

/// A viewer's events since its last update, while its update waits for
/// the next one (see [`HOLD_FOR`]).
#[derive(Default)]
struct Held {
    events: Vec<Event>,
    /// When the oldest of them was held.
    since: Option<Instant>,
}

impl Held {
    /// Holds `events` back.
    fn hold(&mut self, events: Vec<Event>) {
        self.events.extend(events);
        self.since.get_or_insert_with(Instant::now);
    }

    /// The events held, then `events`: what the update sent now carries.
    fn release(&mut self, events: Vec<Event>) -> Vec<Event> {
        self.since = None;
        if self.events.is_empty() {
            return events;
        }
        let mut all = std::mem::take(&mut self.events);
        all.extend(events);
        all
    }

    /// When the update held back must go.
    fn deadline(&self) -> Option<Instant> {
        self.since.map(|since| since + HOLD_FOR)
    }
}

/// One match and who is at it.
pub(crate) struct Table {
    lobby: Arc<Lobby>,
    code: String,
    game: Match,
    seed: u64,
    /// Each seat's deck by card id, for the journal and the replay.
    decks: [ReplayDeck; 2],
    /// What each seat's deck is built on, for the journal and the replay.
    bases: [DeckBasis; 2],
    /// The server bots' kinds.
    bot_kinds: [Option<BotKind>; 2],
    seats: [Seat; 2],
    watchers: Vec<Watcher>,
    clock: ClockSpec,
    /// Number of the pending decision.
    seq: u32,
    /// When the pending decision was asked.
    asked_at: Instant,
    answers: Vec<RecordedAnswer>,
    /// The seat whose answer the next publish follows: it is sent its
    /// update at once.
    answered_by: Option<u8>,
    /// The next publish sends every update held back (see [`HOLD_FOR`]).
    flush_held: bool,
    log: Vec<Event>,
    conceded: Option<u8>,
    /// Something changed that the viewers have not been sent yet.
    dirty: bool,
    /// This table's own command queue (a cluster's relay feeds it).
    commands: mpsc::Sender<TableCmd>,
    /// In a cluster: the match's journal and lease.
    journal: Option<Journal>,
    /// Rebuilt from its journal after another server's end: its players
    /// are told where they sit when they come back.
    restored: bool,
}

impl Table {
    /// A table for these two seats (`tokens` for the human ones).
    pub(crate) fn new(
        lobby: Arc<Lobby>,
        code: String,
        seed: u64,
        sitters: [Sitter; 2],
        tokens: [Option<String>; 2],
        commands: mpsc::Sender<TableCmd>,
    ) -> Table {
        // The creator's limits (a rematch gives both players the
        // match's, and may seat a bot first).
        let clock = sitters
            .iter()
            .find_map(|s| match s {
                Sitter::Human(entrant) => Some(entrant.clock),
                Sitter::Bot { .. } => None,
            })
            .unwrap_or_default();
        let decks = sitters.each_ref().map(|s| match s {
            Sitter::Human(e) => e.deck.clone(),
            Sitter::Bot { deck, .. } => deck.clone(),
        });
        let bot_kinds = sitters.each_ref().map(|s| match s {
            Sitter::Human(_) => None,
            Sitter::Bot { kind, .. } => Some(*kind),
        });
        let game = Match::new(
            Arc::clone(&lobby.config.db),
            Arc::clone(&lobby.config.runner),
            [decks[0].list.clone(), decks[1].list.clone()],
            seed,
        );
        let bases = decks.each_ref().map(|d| d.list.basis);
        let decks = decks.map(|d| Replay::deck_of(&d.title, &d.list, game.db()));
        let journal = lobby
            .remote
            .as_ref()
            .map(|remote| Journal::new(remote, &code));
        let [s0, s1] = sitters;
        let [t0, t1] = tokens;
        let seat = |seat: u8, sitter: Sitter, token: Option<String>| {
            let (name, player) = match sitter {
                Sitter::Human(Entrant {
                    conn, name, out, ..
                }) => (
                    name,
                    Player::Human {
                        conn: Some((conn, out)),
                        away_since: None,
                    },
                ),
                Sitter::Bot { kind, .. } => (
                    bot_name(kind),
                    Player::Bot(
                        kind.build_within(seed.wrapping_add(u64::from(seat) + 1), BOT_THINK_LIMIT),
                    ),
                ),
            };
            Seat {
                name,
                token,
                player,
                feed: SeatFeed::new(Viewer::Seat(PlayerId(seat))),
                recent: VecDeque::new(),
                time_left: clock.per_match_ms.map(Duration::from_millis),
                inspecting: Vec::new(),
                sent: Sent::new(),
                held: Held::default(),
            }
        };
        Table {
            code,
            seed,
            decks,
            bases,
            bot_kinds,
            seats: [seat(0, s0, t0), seat(1, s1, t1)],
            watchers: Vec::new(),
            clock,
            seq: 0,
            asked_at: Instant::now(),
            answers: Vec::new(),
            answered_by: None,
            flush_held: false,
            log: Vec::new(),
            conceded: None,
            dirty: false,
            journal,
            restored: false,
            commands,
            game,
            lobby,
        }
    }

    /// Plays the match to its end, hands the replay to the lobby, then
    /// takes rematch offers.
    pub(crate) async fn run(mut self, mut commands: mpsc::Receiver<TableCmd>) {
        if let Err(reason) = self.open().await {
            tracing::error!("table {}: can't start: {reason}", self.code);
            for seat in 0..2 {
                self.send_to(
                    seat,
                    ServerMsg::Failed {
                        reason: format!("the match could not start: {reason}"),
                    },
                );
            }
            self.lobby.abandoned(&self.code);
            return;
        }
        if !self.restored {
            for seat in 0..2 {
                self.send_seating(seat);
            }
        }
        self.advance();
        self.dirty = true;
        if !self.settle().await {
            return;
        }
        while self.game.outcome().is_none() {
            let deadline = self.next_deadline();
            tokio::select! {
                cmd = commands.recv() => match cmd {
                    Some(TableCmd::Stop) => return self.stop(),
                    Some(cmd) => self.handle(cmd),
                    // The lobby dropped the table: the server is stopping.
                    None => return,
                },
                () = sleep_until(deadline) => self.on_deadline(),
            }
            if !self.settle().await {
                return;
            }
        }
        self.finish().await;
        self.after_match(&mut commands).await;
    }

    fn handle(&mut self, cmd: TableCmd) {
        match cmd {
            TableCmd::Answer { seat, seq, picks } => self.answer(seat, seq, &picks),
            TableCmd::Concede { seat } => {
                self.notice(format!(
                    "{} conceded.",
                    self.seats[usize::from(seat) % 2].name
                ));
                self.concede(seat);
            }
            TableCmd::Attach { seat, conn, out } => self.attach(seat, conn, out),
            TableCmd::Detach { seat, conn } => self.detach(seat, conn),
            TableCmd::Watch { conn, out } => self.watch(conn, out),
            TableCmd::Unwatch { conn } => self.watchers.retain(|w| w.conn != conn),
            TableCmd::Inspect { seat, conn, cards } => self.inspect(seat, conn, cards),
            // A rematch is offered once the match is over (`rematch.rs`).
            TableCmd::Rematch { seat } => self.send_to(
                seat,
                ServerMsg::Failed {
                    reason: "the match is not over yet".into(),
                },
            ),
            TableCmd::Stop => {}
        }
    }

    fn answer(&mut self, seat: u8, seq: u32, picks: &[u32]) {
        let reject = |table: &Table, reason: String| {
            table.send_to(seat, ServerMsg::Rejected { reason });
        };
        if seq != self.seq {
            return reject(
                self,
                format!(
                    "stale answer: decision {seq} is no longer pending (the pending one is {})",
                    self.seq
                ),
            );
        }
        let picks: Vec<usize> = picks.iter().map(|p| *p as usize).collect();
        let player = PlayerId(seat);
        self.charge_clock(player);
        match self.game.answer(player, &picks) {
            Ok(()) => {
                self.answered_by = Some(seat);
                self.answers.push(RecordedAnswer::new(player, &picks));
                self.seq += 1;
                self.asked_at = Instant::now();
                self.advance();
                self.dirty = true;
            }
            Err(rejection) => reject(self, rejection.to_string()),
        }
    }

    /// Runs the match to the next human decision, answering for bots.
    ///
    /// A server bot thinks (the greedy one plays clones of the match) on
    /// this table's task: on a multi-thread runtime the worker first hands
    /// its other tasks to another thread, so that no other table waits
    /// for this one's bot.
    fn advance(&mut self) {
        let has_bot = self.bot_kinds.iter().any(Option::is_some);
        let multi_thread = || {
            tokio::runtime::Handle::try_current().is_ok_and(|handle| {
                handle.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread
            })
        };
        if has_bot && multi_thread() {
            tokio::task::block_in_place(|| self.advance_here());
        } else {
            self.advance_here();
        }
    }

    fn advance_here(&mut self) {
        let mut bot_answers = 0;
        loop {
            let decision = match self.game.step() {
                Status::GameOver(_) => return,
                Status::Decision(decision) => decision.clone(),
            };
            let seat = decision.player.idx();
            let Player::Bot(bot) = &mut self.seats[seat].player else {
                return;
            };
            bot_answers += 1;
            let picks = bot.choose(&self.game, &decision);
            let legal = bot_answers <= MAX_BOT_ANSWERS_IN_A_ROW
                && self.game.answer(decision.player, &picks).is_ok();
            if legal {
                self.answers
                    .push(RecordedAnswer::new(decision.player, &picks));
                self.seq += 1;
                self.asked_at = Instant::now();
            } else {
                tracing::error!(
                    "table {}: the server bot could not answer; it concedes",
                    self.code
                );
                self.concede(seat as u8);
                return;
            }
        }
    }

    fn concede(&mut self, seat: u8) {
        if self.game.outcome().is_some() {
            return;
        }
        self.conceded = Some(seat);
        self.game.concede(PlayerId(seat));
        self.dirty = true;
    }

    /// Sends every viewer what changed. A viewer who neither answered nor
    /// must answer now has its update held back a moment (see
    /// [`HOLD_FOR`]), unless the match is over, this is a resync, or held
    /// updates are due.
    fn publish(&mut self, resync: bool) {
        let events = self.game.take_events();
        let clocks = self.clocks();
        let waiting_on = self.decider();
        let flush = std::mem::take(&mut self.flush_held) || resync || self.game.outcome().is_some();
        let answered_by = self.answered_by.take();
        for seat in 0..2 {
            let s = &mut self.seats[seat];
            let shown = s.feed.events(&events);
            let out = match &s.player {
                Player::Bot(_) => continue,
                Player::Human { conn, .. } => conn.as_ref().map(|(_, out)| out),
            };
            s.recent.extend(shown.iter().cloned());
            let excess = s.recent.len().saturating_sub(RECENT_EVENTS);
            s.recent.drain(..excess);
            let Some(out) = out else {
                // Away: a reconnect is sent the whole view and the recent
                // events.
                s.sent.forget();
                s.held = Held::default();
                continue;
            };
            let concerned =
                waiting_on == Some(PlayerId(seat as u8)) || answered_by == Some(seat as u8);
            if !flush && !concerned {
                s.held.hold(shown);
                continue;
            }
            let update = Update {
                view: s.feed.view(&self.game),
                events: s.held.release(shown),
                decision_seq: self.seq,
                waiting_on,
                clocks,
                resync,
                pending: s.feed.pending(&self.game),
                inspected: s.feed.inspect(&self.game, &s.inspecting),
            };
            if !send(out, s.sent.message(update)) {
                s.sent.forget();
            }
        }
        let game = &self.game;
        let seq = self.seq;
        self.watchers.retain_mut(|w| {
            let shown = w.feed.events(&events);
            if !flush {
                w.held.hold(shown);
                return true;
            }
            let update = Update {
                events: w.held.release(shown),
                view: w.feed.view(game),
                decision_seq: seq,
                waiting_on,
                clocks,
                resync,
                pending: w.feed.pending(game),
                inspected: w.feed.inspect(game, &w.inspecting),
            };
            send(&w.out, w.sent.message(update))
        });
        self.log.extend(events);
    }

    fn send_to(&self, seat: u8, msg: ServerMsg) {
        if let Player::Human {
            conn: Some((_, out)),
            ..
        } = &self.seats[usize::from(seat) % 2].player
        {
            send(out, msg);
        }
    }

    fn notice(&mut self, text: String) {
        for seat in 0..2 {
            self.send_to(seat, ServerMsg::Notice { text: text.clone() });
        }
        self.watchers
            .retain(|w| send(&w.out, ServerMsg::Notice { text: text.clone() }));
    }

    fn send_seating(&self, seat: u8) {
        let s = &self.seats[usize::from(seat)];
        let seating = Seating {
            code: self.code.clone(),
            seat: Some(seat),
            token: s.token.clone(),
            names: self.names(),
            clock: self.clock,
        };
        self.send_to(seat, ServerMsg::Seated(Box::new(seating)));
    }

    fn names(&self) -> [String; 2] {
        [self.seats[0].name.clone(), self.seats[1].name.clone()]
    }

    fn attach(&mut self, seat: u8, conn: u64, out: Outbox) {
        let grace = self.grace_ms(seat);
        let s = &mut self.seats[usize::from(seat) % 2];
        let Player::Human {
            conn: slot,
            away_since,
        } = &mut s.player
        else {
            return;
        };
        if let Some((_, old)) = slot.replace((conn, out)) {
            // A second connection with the token takes over the seat.
            let _ = old.try_send(super::lobby::Outgoing::Close(
                "this seat was taken over by a new connection".into(),
            ));
        }
        *away_since = None;
        let recent: Vec<Event> = s.recent.iter().cloned().collect();
        let view = s.feed.view(&self.game);
        // A new connection follows no card until it asks, and is sent the
        // recent events, the held ones among them.
        s.inspecting.clear();
        s.held = Held::default();
        let pending = s.feed.pending(&self.game);
        self.send_seating(seat);
        let update = Update {
            view,
            events: recent,
            decision_seq: self.seq,
            waiting_on: self.decider(),
            clocks: self.clocks(),
            resync: true,
            pending,
            inspected: Vec::new(),
        };
        // A resync goes whole; the updates after it patch it.
        let s = &mut self.seats[usize::from(seat) % 2];
        let msg = s.sent.message(update);
        self.send_to(seat, msg);
        self.presence(seat, true, grace);
    }

    fn detach(&mut self, seat: u8, conn: u64) {
        let s = &mut self.seats[usize::from(seat) % 2];
        let Player::Human {
            conn: slot,
            away_since,
        } = &mut s.player
        else {
            return;
        };
        if slot.as_ref().is_some_and(|(c, _)| *c == conn) {
            *slot = None;
            *away_since = Some(Instant::now());
            let grace = self.grace_ms(seat);
            self.presence(seat, false, grace);
        }
    }

    fn presence(&mut self, seat: u8, connected: bool, grace_ms: u64) {
        let msg = ServerMsg::Presence {
            seat,
            connected,
            grace_ms,
        };
        self.send_to(1 - seat.min(1), msg.clone());
        self.watchers.retain(|w| send(&w.out, msg.clone()));
    }

    /// A spectator arrives: it is told where it sits, then the match as a
    /// spectator sees it, with the public log so far. The whole log goes
    /// through its new feed, in order, as if it had watched from the
    /// start: the feed redacts each event for a spectator (no card moving
    /// between places hidden from it is named) and numbers the cards as
    /// the view that follows does.
    fn watch(&mut self, conn: u64, out: Outbox) {
        let mut feed = SeatFeed::new(Viewer::Spectator);
        let mut history = feed.events(&self.log);
        history.drain(..history.len().saturating_sub(SPECTATOR_HISTORY));
        let view = feed.view(&self.game);
        let pending = feed.pending(&self.game);
        let seating = Seating {
            code: self.code.clone(),
            seat: None,
            token: None,
            names: self.names(),
            clock: self.clock,
        };
        let update = Update {
            view,
            events: history,
            decision_seq: self.seq,
            waiting_on: self.decider(),
            clocks: self.clocks(),
            resync: true,
            pending,
            inspected: Vec::new(),
        };
        let mut sent = Sent::new();
        if send(&out, ServerMsg::Seated(Box::new(seating))) && send(&out, sent.message(update)) {
            self.watchers.push(Watcher {
                conn,
                out,
                feed,
                inspecting: Vec::new(),
                sent,
                held: Held::default(),
            });
        }
    }

    /// A seat (by `seat`) or a spectator (by `conn`) follows `cards` in
    /// the inspector from now on; it is told their data at once.
    fn inspect(&mut self, seat: Option<u8>, conn: u64, mut cards: Vec<CardRef>) {
        cards.truncate(MAX_INSPECTED);
        let game = &self.game;
        match seat {
            Some(seat) => {
                let s = &mut self.seats[usize::from(seat) % 2];
                let inspected = s.feed.inspect(game, &cards);
                s.inspecting = cards;
                self.send_to(seat, ServerMsg::Inspected { cards: inspected });
            }
            None => {
                if let Some(w) = self.watchers.iter_mut().find(|w| w.conn == conn) {
                    let inspected = w.feed.inspect(game, &cards);
                    w.inspecting = cards;
                    send(&w.out, ServerMsg::Inspected { cards: inspected });
                }
            }
        }
    }

    /// Whose decision is pending, if a human's.
    fn decider(&self) -> Option<PlayerId> {
        self.game.decision().map(|d| d.player)
    }

    /// Who sat where, for the replay: a person by name, a server bot by
    /// kind.
    fn replay_seats(&self) -> [ReplaySeat; 2] {
        [0, 1].map(|i| match self.bot_kinds[i] {
            Some(kind) => ReplaySeat::bot(kind.name()),
            None => ReplaySeat::human(&self.seats[i].name),
        })
    }

    async fn finish(&mut self) {
        let Some(outcome) = self.game.outcome() else {
            return;
        };
        let replay = Replay {
            seed: self.seed,
            decks: self.decks.clone(),
            card_fingerprint: self.game.db().fingerprint(),
            answers: std::mem::take(&mut self.answers),
            log_hash: log_hash(&self.log),
            conceded: self.conceded,
            reloads: Vec::new(),
            seats: self.replay_seats(),
            sandbox: Vec::new(),
            bases: self.bases,
            fingerprint_with_text: false,
        };
        // The replay is kept before the players hear that the match is
        // over, so that they can ask for it at once, from any server.
        let tokens: Vec<String> = self.seats.iter().filter_map(|s| s.token.clone()).collect();
        let replay = replay.encode();
        if let Some(journal) = &self.journal {
            journal.finish(&tokens, &replay).await;
        }
        self.lobby.finished(&self.code, &tokens, replay);
        let msg = ServerMsg::GameOver { outcome };
        for seat in 0..2 {
            self.send_to(seat, msg.clone());
        }
        self.watchers.retain(|w| send(&w.out, msg.clone()));
        describe_end(&self.code, outcome);
    }
}

fn describe_end(code: &str, outcome: Outcome) {
    tracing::info!("table {code}: match over: {outcome:?}");
}

/// Longest a server bot thinks about one decision: a hard bot's full
/// budget takes about a second and a half on a loaded 2-core machine
/// (docs/bots.md), and its table waits meanwhile.
const BOT_THINK_LIMIT: std::time::Duration = std::time::Duration::from_millis(750);

fn bot_name(kind: BotKind) -> String {
    format!("{kind:?} bot").to_lowercase()
}

async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(deadline) => tokio::time::sleep_until(deadline).await,
        None => std::future::pending().await,
    }
}
