//! `sve loadtest`: many bot matches against one server at once, with
//! answer latencies and a leak count.

use super::Connection;
use super::play::{Entry, PacedAnswers, PlayReport, play};
use crate::protocol::{ClockSpec, Opponent};
use serde::Serialize;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{Semaphore, oneshot};

/// How long one match may take before it counts as an error.
const MATCH_TIME_LIMIT: Duration = Duration::from_secs(180);

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadtestOptions {
    /// The servers: match `i`'s host connects to the `i`-th (round the
    /// list) and its guest to the next, so with several servers of one
    /// cluster every match crosses servers.
    pub urls: Vec<String>,
    /// Matches to play.
    pub matches: u32,
    /// Matches at once.
    pub concurrency: u32,
    /// Both players' deck, as deck-file text.
    pub deck: String,
    /// Seed of the bots' answers.
    pub seed: u64,
    /// Mean think time of the bots before each answer (zero: they answer
    /// at once, and the test measures the server saturated).
    pub think: Duration,
}

/// The figures (`sve loadtest --json` prints them as its last line).
#[derive(Clone, Debug, Default, Serialize)]
pub struct LoadtestReport {
    /// Matches started.
    pub matches: u32,
    /// The bots' mean think time before each answer.
    pub think_ms: u64,
    /// Matches that reached their end on both clients.
    pub completed: u32,
    /// Matches with a client error.
    pub errors: u32,
    /// Things clients were told that they may not know.
    pub leaks: u32,
    /// Answers sent.
    pub answers: u64,
    /// Median time from an answer to the next update.
    pub answer_p50_ms: f64,
    /// 99th percentile of the same.
    pub answer_p99_ms: f64,
    /// Completed matches per second of wall time.
    pub matches_per_sec: f64,
    /// Wall time.
    pub seconds: f64,
    /// The first few errors, for people.
    pub first_errors: Vec<String>,
}

/// Runs the load test.
pub async fn run(options: LoadtestOptions) -> LoadtestReport {
    let start = Instant::now();
    let permits = Arc::new(Semaphore::new(options.concurrency.max(1) as usize));
    let mut tasks = Vec::new();
    for i in 0..options.matches {
        let permits = Arc::clone(&permits);
        let options = options.clone();
        tasks.push(tokio::spawn(async move {
            let _permit = permits.acquire_owned().await;
            one_match(&options, u64::from(i)).await
        }));
    }
    let mut report = LoadtestReport {
        matches: options.matches,
        think_ms: options.think.as_millis() as u64,
        ..LoadtestReport::default()
    };
    let mut latencies: Vec<Duration> = Vec::new();
    for task in tasks {
        match task.await {
            Ok(Ok(clients)) => {
                report.completed += 1;
                for client in clients {
                    report.leaks += client.leaks;
                    report.answers += u64::from(client.answers);
                    latencies.extend(client.latencies);
                }
            }
            Ok(Err(err)) => {
                report.errors += 1;
                if report.first_errors.len() < 5 {
                    report.first_errors.push(err);
                }
            }
            Err(err) => {
                report.errors += 1;
                if report.first_errors.len() < 5 {
                    report.first_errors.push(format!("task failed: {err}"));
                }
            }
        }
    }
    latencies.sort_unstable();
    report.answer_p50_ms = percentile_ms(&latencies, 0.50);
    report.answer_p99_ms = percentile_ms(&latencies, 0.99);
    report.seconds = start.elapsed().as_secs_f64();
    report.matches_per_sec = f64::from(report.completed) / report.seconds.max(1e-9);
    report
}

/// The `q` quantile of sorted durations, in milliseconds.
pub fn percentile_ms(sorted: &[Duration], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let at = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[at.min(sorted.len() - 1)].as_secs_f64() * 1000.0
}

/// One match between two bot clients: one opens a table, the other joins
/// by its code.
async fn one_match(options: &LoadtestOptions, i: u64) -> Result<[PlayReport; 2], String> {
    let n = options.urls.len().max(1);
    let url = |k: u64| {
        options
            .urls
            .get((k as usize) % n)
            .map_or("", String::as_str)
    };
    let mut host = Connection::connect(url(i), &format!("load-{i}-a"))
        .await
        .map_err(|e| e.to_string())?;
    let mut guest = Connection::connect(url(i + 1), &format!("load-{i}-b"))
        .await
        .map_err(|e| e.to_string())?;
    let (code_tx, code_rx) = oneshot::channel();
    let seed = options.seed.wrapping_mul(1_000_003).wrapping_add(i * 2);
    let deck = options.deck.clone();
    let host_side = async {
        let mut bot = PacedAnswers::new(seed, options.think);
        let entry = Entry::Create {
            opponent: Opponent::Human,
            clock: ClockSpec::default(),
            code: Some(code_tx),
        };
        play(&mut host, &deck, entry, &mut bot).await
    };
    let guest_side = async {
        let code = code_rx
            .await
            .map_err(|_| super::ClientError::Failed("the table never opened".into()))?;
        let mut bot = PacedAnswers::new(seed + 1, options.think);
        play(&mut guest, &deck, Entry::Join(code), &mut bot).await
    };
    // A match that stalls (a lost message, a stuck table) is an error of
    // the run, not a run that never ends.
    let both = tokio::time::timeout(MATCH_TIME_LIMIT, async {
        tokio::join!(host_side, guest_side)
    });
    let Ok((a, b)) = both.await else {
        return Err(format!(
            "match {i} did not end within {} s",
            MATCH_TIME_LIMIT.as_secs()
        ));
    };
    let reports = [a.map_err(|e| e.to_string())?, b.map_err(|e| e.to_string())?];
    host.close().await;
    guest.close().await;
    if reports[0].outcome != reports[1].outcome {
        return Err(format!(
            "the clients saw different results: {:?} and {:?}",
            reports[0].outcome, reports[1].outcome
        ));
    }
    Ok(reports)
}
