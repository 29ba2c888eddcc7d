//! The deck arena: many bot matches between entrants (a bot level with a
//! deck), played on several threads, summarised with confidence
//! intervals and ratings. `sve arena` and the client's Arena screen run it.
//!
//! Each [`Matchup`] plays its games in pairs with one seed per pair: in
//! the first game entrant `a` takes seat 1, in the second `b` does. With
//! [`Matchup::decks_stay_with_seats`] (bot against bot on the same two
//! decks) each seat keeps its deck, so the pair deals the very same cards
//! and only the players swap; otherwise each entrant keeps its own deck
//! (deck against deck). Results never depend on the number of threads:
//! every game's seeds come from its matchup and index alone.

pub mod stats;

use serde::Serialize;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use sve_engine::bot::{BotKind, DecisionTimes};
use sve_engine::cards::CardDb;
use sve_engine::engine::{AbilityRunner, DeckList, Match, Outcome, PlayerId};
use sve_engine::sim::{PlayOptions, play_bot_match};

/// One side of a matchup.
#[derive(Clone, Debug)]
pub struct Entrant {
    /// What reports call it (a bot level, a deck name, or both).
    pub name: String,
    /// Who plays.
    pub bot: BotKind,
    /// What it plays.
    pub deck: DeckList,
}

/// Two entrants and how many games they play.
#[derive(Clone, Debug)]
pub struct Matchup {
    /// The first entrant.
    pub a: Entrant,
    /// The second entrant.
    pub b: Entrant,
    /// Games to play (rounded up to an even number: games come in pairs).
    pub games: u32,
    /// Each seat keeps its deck and the entrants swap seats (bot against
    /// bot: both deals of a pair are the same); otherwise each entrant
    /// plays its own deck in either seat.
    pub decks_stay_with_seats: bool,
}

/// Options for an arena run.
#[derive(Clone, Copy, Debug)]
pub struct ArenaOptions {
    /// Base seed: game pair `k` of matchup `m` uses a seed made from both.
    pub seed: u64,
    /// Threads to play on (at least 1).
    pub threads: usize,
    /// Stop a match after this many turns (a draw in the tally).
    pub turn_cap: u32,
}

/// What one matchup came to.
#[derive(Clone, Debug, Default, Serialize)]
pub struct MatchupResult {
    /// The first entrant's name.
    pub a: String,
    /// The second entrant's name.
    pub b: String,
    /// Games played.
    pub games: u32,
    /// Games `a` won.
    pub a_wins: u32,
    /// Games `b` won.
    pub b_wins: u32,
    /// Draws, turn-cap stops included.
    pub draws: u32,
    /// `a`'s score rate: wins plus half the draws, over games.
    pub a_rate: f64,
    /// Wilson 95% interval of `a_rate`.
    pub a_ci95: [f64; 2],
    /// Games won by the player who went first, over decided games.
    pub first_player_rate: f64,
    /// Mean turns per game.
    pub mean_turns: f64,
    /// Fizzled abilities and rejected answers (a bug somewhere when not 0).
    pub errors: u32,
    /// Each entrant's median decision time in ms, `a` then `b` (0 for
    /// bots that don't search).
    pub decision_ms_p50: [f64; 2],
    /// Each entrant's 95th-percentile decision time in ms.
    pub decision_ms_p95: [f64; 2],
    /// Each entrant's decision times.
    #[serde(skip)]
    pub times: [DecisionTimes; 2],
}

/// The whole run: every matchup, and ratings over all entrants.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ArenaReport {
    /// One entry per matchup, in the order given.
    pub pairs: Vec<MatchupResult>,
    /// Every entrant by name, in first-seen order.
    pub entrants: Vec<String>,
    /// Bradley–Terry ratings on the Elo scale (centred on 1500), by entrant.
    pub ratings: Vec<f64>,
    /// Games played in all.
    pub games: u32,
    /// Wall time in seconds.
    pub seconds: f64,
}

impl ArenaReport {
    /// `a`'s score rate against `b` (row against column), over every
    /// matchup between them; `None` where they never met.
    pub fn rate(&self, a: &str, b: &str) -> Option<f64> {
        let (mut scored, mut games) = (0.0, 0.0);
        for pair in &self.pairs {
            let (wins, losses) = if pair.a == a && pair.b == b {
                (pair.a_wins, pair.b_wins)
            } else if pair.a == b && pair.b == a {
                (pair.b_wins, pair.a_wins)
            } else {
                continue;
            };
            scored += f64::from(wins) + f64::from(pair.draws) / 2.0;
            games += f64::from(wins + losses + pair.draws);
        }
        (games > 0.0).then(|| scored / games)
    }
}

/// One game to play: its matchup, its index there, its seed.
#[derive(Clone, Copy)]
struct Job {
    matchup: usize,
    game: u32,
    seed: u64,
}

/// One game's result, from the matchup's `a` side.
struct GameResult {
    job: Job,
    /// 1 for an `a` win, 0 for a `b` win, `None` for a draw or a stop.
    a_won: Option<bool>,
    /// The player who went first won.
    first_won: Option<bool>,
    turns: u32,
    errors: u32,
    /// Decision times of `a`'s bot and `b`'s bot.
    times: [Option<DecisionTimes>; 2],
}

/// Plays every matchup and reports. `runners` makes a fresh ability
/// runner for each game (a runner's pack instances serve one match at a
/// time). `progress` hears (games done, games in all) after each game, on
/// the calling thread, and returns whether to go on: `false` stops the
/// run after the games being played (the report covers the games done).
pub fn run(
    db: &Arc<CardDb>,
    runners: &(dyn Fn() -> Arc<dyn AbilityRunner> + Sync),
    matchups: &[Matchup],
    options: ArenaOptions,
    mut progress: impl FnMut(u32, u32) -> bool,
) -> ArenaReport {
    let started = std::time::Instant::now();
    let jobs: Vec<Job> = matchups
        .iter()
        .enumerate()
        .flat_map(|(m, matchup)| {
            let games = matchup.games.div_ceil(2) * 2;
            (0..games).map(move |game| Job {
                matchup: m,
                game,
                seed: pair_seed(options.seed, m, game / 2),
            })
        })
        .collect();
    let total = jobs.len() as u32;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    // A rendezvous channel: a thread waits for each result to be heard
    // before it begins another game, so a stop is not outrun by games that
    // finished unheard (vanilla games take well under a millisecond).
    let (sender, receiver) = mpsc::sync_channel(0);
    let mut results: Vec<GameResult> = Vec::with_capacity(jobs.len());
    std::thread::scope(|scope| {
        for _ in 0..options.threads.max(1) {
            let sender = sender.clone();
            let (jobs, next, stop) = (&jobs, &next, &stop);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed)
                    && let Some(job) = jobs.get(next.fetch_add(1, Ordering::Relaxed))
                {
                    let result = play(
                        db,
                        runners(),
                        &matchups[job.matchup],
                        *job,
                        options.turn_cap,
                    );
                    if sender.send(result).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        for result in receiver {
            results.push(result);
            if !progress(results.len() as u32, total) {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    results.sort_by_key(|r| (r.job.matchup, r.job.game));
    summarise(matchups, &results, started.elapsed().as_secs_f64())
}

/// The seed of game pair `pair` of matchup `matchup`.
fn pair_seed(seed: u64, matchup: usize, pair: u32) -> u64 {
    // SplitMix64's mixing: nearby inputs give unrelated seeds.
    let mut z = seed
        .wrapping_add((matchup as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
        .wrapping_add(u64::from(pair).wrapping_mul(0xbf58_476d_1ce4_e5b9));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Plays one game of a matchup.
fn play(
    db: &Arc<CardDb>,
    runner: Arc<dyn AbilityRunner>,
    matchup: &Matchup,
    job: Job,
    turn_cap: u32,
) -> GameResult {
    // Even games: `a` in seat 1; odd games: `b` in seat 1.
    let a_seat = u8::from(!job.game.is_multiple_of(2));
    let entrants = if a_seat == 0 {
        [&matchup.a, &matchup.b]
    } else {
        [&matchup.b, &matchup.a]
    };
    let decks = if matchup.decks_stay_with_seats {
        [matchup.a.deck.clone(), matchup.b.deck.clone()]
    } else {
        [entrants[0].deck.clone(), entrants[1].deck.clone()]
    };
    let mut game = Match::new(Arc::clone(db), runner, decks, job.seed);
    // Each seat's bot seed follows the seat, so both games of a pair give
    // the seat's player the same luck.
    let mut bots = [
        entrants[0]
            .bot
            .build(job.seed.wrapping_mul(2).wrapping_add(1)),
        entrants[1]
            .bot
            .build(job.seed.wrapping_mul(2).wrapping_add(2)),
    ];
    let report = play_bot_match(
        &mut game,
        &mut bots,
        PlayOptions {
            turn_cap,
            check_invariants: false,
            keep_log: false,
        },
    );
    let a_player = PlayerId(a_seat);
    let (a_won, first_won) = match report.outcome {
        Some(Outcome::Win(winner, _)) => (
            Some(winner == a_player),
            Some(winner == report.first_player),
        ),
        _ => (None, None),
    };
    let times = |seat: u8| bots[usize::from(seat)].decision_times().cloned();
    GameResult {
        job,
        a_won,
        first_won,
        turns: report.turns,
        errors: report.fizzles + report.rejected_answers,
        times: [times(a_seat), times(1 - a_seat)],
    }
}

/// Tallies the games into the report.
fn summarise(matchups: &[Matchup], results: &[GameResult], seconds: f64) -> ArenaReport {
    let mut pairs: Vec<MatchupResult> = matchups
        .iter()
        .map(|m| MatchupResult {
            a: m.a.name.clone(),
            b: m.b.name.clone(),
            ..MatchupResult::default()
        })
        .collect();
    let mut turns = vec![0u64; matchups.len()];
    let mut first = vec![(0u32, 0u32); matchups.len()];
    for result in results {
        let m = result.job.matchup;
        let pair = &mut pairs[m];
        pair.games += 1;
        match result.a_won {
            Some(true) => pair.a_wins += 1,
            Some(false) => pair.b_wins += 1,
            None => pair.draws += 1,
        }
        if let Some(won) = result.first_won {
            first[m].0 += u32::from(won);
            first[m].1 += 1;
        }
        turns[m] += u64::from(result.turns);
        pair.errors += result.errors;
        for (side, times) in result.times.iter().enumerate() {
            if let Some(times) = times {
                pair.times[side].merge(times);
            }
        }
    }
    for (m, pair) in pairs.iter_mut().enumerate() {
        let games = f64::from(pair.games.max(1));
        let scored = f64::from(pair.a_wins) + f64::from(pair.draws) / 2.0;
        pair.a_rate = scored / games;
        pair.a_ci95 = stats::wilson95(scored, f64::from(pair.games));
        pair.first_player_rate = f64::from(first[m].0) / f64::from(first[m].1.max(1));
        pair.mean_turns = turns[m] as f64 / games;
        pair.decision_ms_p50 = [
            pair.times[0].percentile_ms(50.0),
            pair.times[1].percentile_ms(50.0),
        ];
        pair.decision_ms_p95 = [
            pair.times[0].percentile_ms(95.0),
            pair.times[1].percentile_ms(95.0),
        ];
    }
    let mut entrants: Vec<String> = Vec::new();
    for pair in &pairs {
        for name in [&pair.a, &pair.b] {
            if !entrants.contains(name) {
                entrants.push(name.clone());
            }
        }
    }
    let index = |name: &str| entrants.iter().position(|e| e == name).unwrap_or(0);
    let mut score = vec![vec![0.0; entrants.len()]; entrants.len()];
    for pair in &pairs {
        let (a, b) = (index(&pair.a), index(&pair.b));
        if a == b {
            continue;
        }
        let half = f64::from(pair.draws) / 2.0;
        score[a][b] += f64::from(pair.a_wins) + half;
        score[b][a] += f64::from(pair.b_wins) + half;
    }
    ArenaReport {
        games: results.len() as u32,
        ratings: stats::bradley_terry_elo(&score),
        entrants,
        pairs,
        seconds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sve_engine::cards::starter::starter_db;
    use sve_engine::engine::NoAbilities;

    fn entrant(db: &CardDb, name: &str, bot: BotKind, deck: &str) -> Entrant {
        let file = sve_engine::decks::starter_deck(deck).expect("a bundled deck");
        Entrant {
            name: name.to_owned(),
            bot,
            deck: sve_engine::decks::resolve(&file, db).expect("it resolves"),
        }
    }

    fn run_with(threads: usize) -> ArenaReport {
        let db = Arc::new(starter_db().expect("the bundled card data"));
        let runners = || Arc::new(NoAbilities) as Arc<dyn AbilityRunner>;
        let matchups = [
            Matchup {
                a: entrant(&db, "random", BotKind::Random, "SD01"),
                b: entrant(&db, "easy", BotKind::Greedy, "SD02"),
                games: 6,
                decks_stay_with_seats: true,
            },
            Matchup {
                a: entrant(&db, "SD03", BotKind::Random, "SD03"),
                b: entrant(&db, "SD04", BotKind::Random, "SD04"),
                games: 5,
                decks_stay_with_seats: false,
            },
        ];
        let options = ArenaOptions {
            seed: 11,
            threads,
            turn_cap: 200,
        };
        let mut calls = 0;
        let report = run(&db, &runners, &matchups, options, |done, total| {
            calls += 1;
            assert_eq!(done, calls);
            assert_eq!(total, 12);
            true
        });
        assert_eq!(calls, 12);
        report
    }

    #[test]
    fn a_run_stops_when_asked() {
        let db = Arc::new(starter_db().expect("the bundled card data"));
        let runners = || Arc::new(NoAbilities) as Arc<dyn AbilityRunner>;
        let matchups = [Matchup {
            a: entrant(&db, "a", BotKind::Random, "SD01"),
            b: entrant(&db, "b", BotKind::Random, "SD02"),
            games: 40,
            decks_stay_with_seats: true,
        }];
        let options = ArenaOptions {
            seed: 3,
            threads: 1,
            turn_cap: 200,
        };
        let report = run(&db, &runners, &matchups, options, |done, _| done < 3);
        // The thread may have begun one more game before it hears.
        assert!(
            (3..=4).contains(&report.games),
            "one thread stops at the third game or the one after: {}",
            report.games
        );
        assert_eq!(report.pairs[0].games, report.games);
    }

    #[test]
    fn results_do_not_depend_on_threads() {
        let one = run_with(1);
        let two = run_with(3);
        assert_eq!(one.games, 12, "6 games, and 5 rounded up to 6");
        for (a, b) in one.pairs.iter().zip(&two.pairs) {
            assert_eq!(
                (a.a_wins, a.b_wins, a.draws, a.mean_turns.to_bits()),
                (b.a_wins, b.b_wins, b.draws, b.mean_turns.to_bits())
            );
        }
        let pair = &one.pairs[0];
        assert_eq!(pair.a_wins + pair.b_wins + pair.draws, 6);
        assert!(pair.a_ci95[0] <= pair.a_rate && pair.a_rate <= pair.a_ci95[1]);
        assert_eq!(pair.errors, 0);
        assert_eq!(one.entrants, ["random", "easy", "SD03", "SD04"]);
        assert_eq!(one.ratings.len(), 4);
        let rate = one.rate("easy", "random").expect("they met");
        assert!((rate - (1.0 - pair.a_rate)).abs() < 1e-9);
        assert_eq!(one.rate("easy", "SD03"), None);
    }
}
