//! Playing one match through a [`Connection`]: enter (create, join or
//! queue), then answer every decision with an [`Answerer`] until the match
//! ends.

use super::{ClientError, Connection, Received, leaks};
use crate::protocol::{ClientMsg, ClockSpec, Opponent, RematchNews, Seating, ServerMsg, Update};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use std::time::{Duration, Instant};
use sve_engine::bot::{default_answer, random_answer};
use sve_engine::engine::Outcome;
use tokio::sync::oneshot;

/// How a client gets to a match.
#[derive(Debug)]
pub enum Entry {
    /// Open a table; its code is sent to `code` (if given) once open.
    Create {
        /// Who sits opposite.
        opponent: Opponent,
        /// Time limits.
        clock: ClockSpec,
        /// Where the code goes.
        code: Option<oneshot::Sender<String>>,
    },
    /// Join a waiting table by code.
    Join(String),
    /// The quick-match queue.
    Queue,
}

impl Entry {
    /// The request that enters the match with `deck`, and where a created
    /// table's code is to be sent.
    pub fn into_request(self, deck: &str) -> (ClientMsg, Option<oneshot::Sender<String>>) {
        let deck = deck.to_owned();
        match self {
            Entry::Create {
                opponent,
                clock,
                code,
            } => (
                ClientMsg::CreateTable {
                    deck,
                    opponent,
                    clock,
                },
                code,
            ),
            Entry::Join(code) => (ClientMsg::JoinTable { code, deck }, None),
            Entry::Queue => (ClientMsg::QuickMatch { deck }, None),
        }
    }
}

/// Something that answers decisions from what the client was told.
pub trait Answerer: Send {
    /// Picks for the pending decision of `update` (it has one).
    fn answer(&mut self, update: &Update, seating: &Seating) -> Vec<u32>;

    /// How long to wait before sending the next answer (a bot paced like
    /// a person); none by default. Latencies are measured from the send.
    fn think_time(&mut self) -> Duration {
        Duration::ZERO
    }
}

/// Uniformly random legal answers (the `random` client bot).
pub struct RandomAnswers(ChaCha8Rng);

impl RandomAnswers {
    /// With a seed.
    pub fn new(seed: u64) -> RandomAnswers {
        RandomAnswers(ChaCha8Rng::seed_from_u64(seed))
    }
}

impl Answerer for RandomAnswers {
    fn answer(&mut self, update: &Update, _: &Seating) -> Vec<u32> {
        let Some(decision) = &update.view.decision else {
            return Vec::new();
        };
        random_answer(&mut self.0, decision)
            .into_iter()
            .map(|p| p as u32)
            .collect()
    }
}

/// The cautious default of every decision: pass, no, or the first option
/// (the `first` client bot).
pub struct DefaultAnswers;

impl Answerer for DefaultAnswers {
    fn answer(&mut self, update: &Update, _: &Seating) -> Vec<u32> {
        update
            .view
            .decision
            .as_ref()
            .map(|d| default_answer(d).into_iter().map(|p| p as u32).collect())
            .unwrap_or_default()
    }
}

/// An answerer that calls `hook` with the number of answers so far after
/// each one (tests use it to act at a given point of a match).
pub struct Counted<A, F> {
    /// The answerer that picks.
    pub inner: A,
    /// Answers so far.
    pub answers: u32,
    hook: F,
}

impl<A: Answerer, F: FnMut(u32) + Send> Counted<A, F> {
    /// `inner`, counted.
    pub fn new(inner: A, hook: F) -> Counted<A, F> {
        Counted {
            inner,
            answers: 0,
            hook,
        }
    }
}

impl<A: Answerer, F: FnMut(u32) + Send> Answerer for Counted<A, F> {
    fn answer(&mut self, update: &Update, seating: &Seating) -> Vec<u32> {
        let picks = self.inner.answer(update, seating);
        self.answers += 1;
        (self.hook)(self.answers);
        picks
    }
}

/// Random answers after a think time drawn evenly from `0..=2 × mean`
/// (the load test's paced bots).
pub struct PacedAnswers {
    inner: RandomAnswers,
    rng: ChaCha8Rng,
    mean: Duration,
}

impl PacedAnswers {
    /// With a seed and the mean think time.
    pub fn new(seed: u64, mean: Duration) -> PacedAnswers {
        PacedAnswers {
            inner: RandomAnswers::new(seed),
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_7a11),
            mean,
        }
    }
}

impl Answerer for PacedAnswers {
    fn answer(&mut self, update: &Update, seating: &Seating) -> Vec<u32> {
        self.inner.answer(update, seating)
    }

    fn think_time(&mut self) -> Duration {
        let max = (self.mean.as_micros() as u64).saturating_mul(2);
        if max == 0 {
            return Duration::ZERO;
        }
        Duration::from_micros(self.rng.next_u64() % (max + 1))
    }
}

/// How a match went, from one client's side.
#[derive(Clone, Debug, Default)]
pub struct PlayReport {
    /// Where the client sat.
    pub seating: Option<Seating>,
    /// The result, if the match ended.
    pub outcome: Option<Outcome>,
    /// Answers sent.
    pub answers: u32,
    /// For each answer, the time until the server's next update.
    pub latencies: Vec<Duration>,
    /// Things the client was told that it may not know ([`leaks::count`]).
    pub leaks: u32,
    /// Updates received.
    pub updates: u32,
    /// Of those, updates that resent the whole view after a reconnect or a
    /// move of the match to another server.
    pub resyncs: u32,
}

/// Enters a match and plays it to the end with `answerer`.
pub async fn play(
    conn: &mut Connection,
    deck: &str,
    entry: Entry,
    answerer: &mut dyn Answerer,
) -> Result<PlayReport, ClientError> {
    let (request, mut code_to) = entry.into_request(deck);
    conn.send(&request).await?;
    let mut report = PlayReport::default();
    follow(conn, answerer, &mut report, &mut code_to).await?;
    Ok(report)
}

/// Plays on from wherever the connection is (after entering, or after a
/// reconnect) until the match ends.
pub async fn follow(
    conn: &mut Connection,
    answerer: &mut dyn Answerer,
    report: &mut PlayReport,
    code_to: &mut Option<oneshot::Sender<String>>,
) -> Result<(), ClientError> {
    let mut answered: Option<u32> = None;
    let mut sent_at: Option<Instant> = None;
    loop {
        let msg = match conn.recv_view().await? {
            Received::Update(update) => {
                report.updates += 1;
                if let Some(at) = sent_at.take() {
                    report.latencies.push(at.elapsed());
                }
                if update.resync {
                    report.resyncs += 1;
                    // A resync follows a reconnect or a move to another
                    // server: an answer sent before it may never have
                    // arrived (had it, the resync would show the next
                    // decision), so the pending one is answered again.
                    answered = None;
                }
                let seat = report.seating.as_ref().and_then(|s| s.seat);
                report.leaks += leaks::count(update, seat);
                let pending =
                    update.view.decision.is_some() && answered != Some(update.decision_seq);
                let answer = match (pending, &report.seating) {
                    (true, Some(seating)) => {
                        Some((update.decision_seq, answerer.answer(update, seating)))
                    }
                    _ => None,
                };
                if let Some((seq, picks)) = answer {
                    let think = answerer.think_time();
                    if !think.is_zero() {
                        tokio::time::sleep(think).await;
                    }
                    answered = Some(seq);
                    sent_at = Some(Instant::now());
                    report.answers += 1;
                    conn.send(&ClientMsg::Answer { seq, picks }).await?;
                }
                continue;
            }
            Received::Other(msg) => msg,
        };
        match msg {
            ServerMsg::TableOpen { code } => {
                if let Some(to) = code_to.take() {
                    let _ = to.send(code);
                }
            }
            ServerMsg::Seated(seating) => report.seating = Some(*seating),
            ServerMsg::GameOver { outcome } => {
                report.outcome = Some(outcome);
                return Ok(());
            }
            ServerMsg::Rejected { reason } => {
                return Err(ClientError::Failed(format!("answer rejected: {reason}")));
            }
            ServerMsg::DeckRefused { reasons } => {
                return Err(ClientError::Failed(format!(
                    "deck refused: {}",
                    reasons.join("; ")
                )));
            }
            ServerMsg::Failed { reason } => return Err(ClientError::Failed(reason)),
            ServerMsg::Inspected { cards } => {
                let seat = report.seating.as_ref().and_then(|s| s.seat);
                report.leaks += leaks::count_inspected(&cards, seat);
            }
            ServerMsg::Rematch(RematchNews::Declined { reason }) => {
                return Err(ClientError::Failed(format!("no rematch: {reason}")));
            }
            ServerMsg::Queued
            | ServerMsg::Rematch(RematchNews::Waiting | RematchNews::Offered { .. })
            | ServerMsg::Presence { .. }
            | ServerMsg::Notice { .. }
            | ServerMsg::CardData { .. }
            | ServerMsg::Replay { .. }
            | ServerMsg::Pong { .. }
            | ServerMsg::Welcome { .. } => {}
            ServerMsg::Refused { reason } => return Err(ClientError::Refused(reason)),
            // `Connection::recv_view` hands updates on as `Received::Update`.
            ServerMsg::Update(_) | ServerMsg::Patch(_) => {
                return Err(ClientError::Unexpected("an update out of turn".into()));
            }
        }
    }
}
