//! `sve arena`: bot levels or decks against each other over many matches,
//! with win rates, Wilson 95% intervals, first-player rates, mean turns,
//! decision times and Bradley–Terry ratings.

use anyhow::{Result, bail};
use clap::Args;
use std::sync::Arc;
use sve_engine::bot::BotKind;
use sve_engine::cards::CardDb;
use sve_engine::decks::DeckFile;
use sve_engine::engine::{AbilityRunner, DeckList};
use sve_packs::arena::{self, ArenaOptions, ArenaReport, Entrant, Matchup};

/// `sve arena` options.
#[derive(Args)]
pub struct ArenaArgs {
    /// Deck file, or a deck name (a pack's `decks/NAME.txt`, else bundled).
    /// With several bots: one deck (a mirror) or two (each pair of games
    /// swaps them). With one bot: two or more decks, each against each.
    #[arg(long, num_args = 1, required = true)]
    deck: Vec<String>,
    /// Bots, comma-separated: random, easy, medium, hard, oracle. Each
    /// plays each.
    #[arg(long, value_delimiter = ',', required = true)]
    bots: Vec<String>,
    /// Games per pairing (rounded up to even: games come in pairs).
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Base seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads (default: the machine's cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Stop a match after this many turns (counted as a draw).
    #[arg(long, default_value_t = 200)]
    turn_cap: u32,
    /// Print one JSON object on the last line.
    #[arg(long)]
    json: bool,
    /// Print the pairs as CSV (after the tables).
    #[arg(long)]
    csv: bool,
}

impl ArenaArgs {
    /// The decks asked for, as given.
    pub fn decks(&self) -> Vec<String> {
        self.deck.clone()
    }
}

/// Runs `sve arena`.
pub fn run(
    db: &Arc<CardDb>,
    runners: &(dyn Fn() -> Arc<dyn AbilityRunner> + Sync),
    decks: Vec<(DeckFile, DeckList)>,
    args: ArenaArgs,
) -> Result<()> {
    let bots: Vec<BotKind> = args
        .bots
        .iter()
        .map(|b| b.parse::<BotKind>().map_err(anyhow::Error::msg))
        .collect::<Result<_>>()?;
    let matchups = matchups(&bots, &decks, args.games)?;
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let total: u64 = matchups
        .iter()
        .map(|m| u64::from(m.games.div_ceil(2) * 2))
        .sum();
    let bar = indicatif::ProgressBar::new(total);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec} eta {eta}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let report = arena::run(
        db,
        runners,
        &matchups,
        ArenaOptions {
            seed: args.seed,
            threads,
            turn_cap: args.turn_cap,
        },
        |done, _| {
            bar.set_position(u64::from(done));
            true
        },
    );
    bar.finish_and_clear();
    print_tables(&report);
    if args.csv {
        print_csv(&report);
    }
    if args.json {
        println!("{}", json(&report, args.seed));
    }
    Ok(())
}

/// The pairings: every pair of bots on the given deck(s), or every pair of
/// decks with the one bot.
fn matchups(bots: &[BotKind], decks: &[(DeckFile, DeckList)], games: u32) -> Result<Vec<Matchup>> {
    let mut matchups = Vec::new();
    match (bots, decks) {
        ([_, _, ..], [_] | [_, _]) => {
            let names = unique_names(bots.iter().map(|b| b.name().to_owned()).collect());
            let (deck_a, deck_b) = (&decks[0].1, &decks[decks.len() - 1].1);
            for i in 0..bots.len() {
                for j in i + 1..bots.len() {
                    matchups.push(Matchup {
                        a: Entrant {
                            name: names[i].clone(),
                            bot: bots[i],
                            deck: deck_a.clone(),
                        },
                        b: Entrant {
                            name: names[j].clone(),
                            bot: bots[j],
                            deck: deck_b.clone(),
                        },
                        games,
                        decks_stay_with_seats: true,
                    });
                }
            }
        }
        ([bot], [_, _, ..]) => {
            let names = unique_names(decks.iter().map(|(f, _)| f.source.clone()).collect());
            for i in 0..decks.len() {
                for j in i + 1..decks.len() {
                    let entrant = |k: usize| Entrant {
                        name: names[k].clone(),
                        bot: *bot,
                        deck: decks[k].1.clone(),
                    };
                    matchups.push(Matchup {
                        a: entrant(i),
                        b: entrant(j),
                        games,
                        decks_stay_with_seats: false,
                    });
                }
            }
        }
        _ => bail!(
            "give two or more bots with one or two decks (bots against each other), \
             or one bot with two or more decks (decks against each other); got {} bots and {} decks",
            bots.len(),
            decks.len()
        ),
    }
    Ok(matchups)
}

/// Names made distinct: a repeated one gets `#2`, `#3`, ...
fn unique_names(names: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(names.len());
    for name in names {
        let mut candidate = name.clone();
        let mut n = 2;
        while out.contains(&candidate) {
            candidate = format!("{name}#{n}");
            n += 1;
        }
        out.push(candidate);
    }
    out
}

fn print_tables(report: &ArenaReport) {
    println!(
        "{:<16} {:<16} {:>6} {:>6} {:>6} {:>6} {:>7} {:>15} {:>7} {:>6} {:>9} {:>9}",
        "a",
        "b",
        "games",
        "a_win",
        "b_win",
        "draw",
        "a_rate",
        "95% interval",
        "first",
        "turns",
        "a_p95_ms",
        "b_p95_ms"
    );
    for pair in &report.pairs {
        println!(
            "{:<16} {:<16} {:>6} {:>6} {:>6} {:>6} {:>6.1}% {:>6.1}%–{:>5.1}% {:>6.1}% {:>6.1} {:>7.1}/{:<7.1} {:>7.1}/{:<7.1}",
            pair.a,
            pair.b,
            pair.games,
            pair.a_wins,
            pair.b_wins,
            pair.draws,
            pair.a_rate * 100.0,
            pair.a_ci95[0] * 100.0,
            pair.a_ci95[1] * 100.0,
            pair.first_player_rate * 100.0,
            pair.mean_turns,
            pair.decision_ms_p50[0],
            pair.decision_ms_p95[0],
            pair.decision_ms_p50[1],
            pair.decision_ms_p95[1],
        );
        if pair.errors > 0 {
            println!(
                "  {} errors (fizzled abilities or rejected answers)",
                pair.errors
            );
        }
    }
    if report.entrants.len() > 2 {
        println!();
        print!("{:<16}", "row vs column");
        for name in &report.entrants {
            print!(" {name:>10.10}");
        }
        println!();
        for row in &report.entrants {
            print!("{row:<16.16}");
            for column in &report.entrants {
                match report.rate(row, column) {
                    Some(rate) if row != column => print!(" {:>9.1}%", rate * 100.0),
                    _ => print!(" {:>10}", "-"),
                }
            }
            println!();
        }
    }
    println!();
    println!("ratings (Bradley-Terry, Elo scale):");
    let mut order: Vec<usize> = (0..report.entrants.len()).collect();
    order.sort_by(|a, b| report.ratings[*b].total_cmp(&report.ratings[*a]));
    for i in order {
        println!("  {:<16} {:>6.0}", report.entrants[i], report.ratings[i]);
    }
    println!(
        "{} games in {:.1} s ({:.2} games/s)",
        report.games,
        report.seconds,
        f64::from(report.games) / report.seconds.max(1e-9)
    );
}

fn print_csv(report: &ArenaReport) {
    println!(
        "a,b,games,a_wins,b_wins,draws,a_rate,a_ci95_low,a_ci95_high,first_player_rate,mean_turns,errors,a_decision_ms_p95,b_decision_ms_p95"
    );
    for p in &report.pairs {
        println!(
            "{},{},{},{},{},{},{:.4},{:.4},{:.4},{:.4},{:.2},{},{:.2},{:.2}",
            csv_field(&p.a),
            csv_field(&p.b),
            p.games,
            p.a_wins,
            p.b_wins,
            p.draws,
            p.a_rate,
            p.a_ci95[0],
            p.a_ci95[1],
            p.first_player_rate,
            p.mean_turns,
            p.errors,
            p.decision_ms_p95[0],
            p.decision_ms_p95[1]
        );
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// The report as the last line's JSON object.
fn json(report: &ArenaReport, seed: u64) -> serde_json::Value {
    let pairs: Vec<serde_json::Value> = report
        .pairs
        .iter()
        .map(|p| {
            let mut times = serde_json::Map::new();
            times.insert(p.a.clone(), p.decision_ms_p95[0].into());
            times.insert(p.b.clone(), p.decision_ms_p95[1].into());
            serde_json::json!({
                "a": p.a,
                "b": p.b,
                "games": p.games,
                "a_wins": p.a_wins,
                "b_wins": p.b_wins,
                "draws": p.draws,
                "a_rate": p.a_rate,
                "a_ci95": p.a_ci95,
                "first_player_rate": p.first_player_rate,
                "mean_turns": p.mean_turns,
                "errors": p.errors,
                "decision_ms_p95": times,
            })
        })
        .collect();
    let ratings: serde_json::Map<String, serde_json::Value> = report
        .entrants
        .iter()
        .zip(&report.ratings)
        .map(|(name, rating)| (name.clone(), (*rating).into()))
        .collect();
    serde_json::json!({
        "pairs": pairs,
        "ratings": ratings,
        "games": report.games,
        "seed": seed,
        "seconds": report.seconds,
    })
}
