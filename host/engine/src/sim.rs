//! Bot-vs-bot matches: one at a time ([`play_bot_match`]) or many with a
//! summary ([`run_sim`]), checking invariants after every step.

use crate::bot::{Bot, BotKind};
use crate::cards::CardDb;
use crate::engine::{
    AbilityRunner, DeckList, Event, Match, Outcome, PlayerId, RunnerUsage, Status,
};
use crate::replay::{RecordedAnswer, Replay, ReplaySeat};
use serde::Serialize;
use std::sync::Arc;
use std::time::Instant;

/// Answers one turn of a bot match may take before the match is stopped
/// as a loop (reported as a violation and a turn-cap hit).
pub const MAX_ANSWERS_PER_TURN: u32 = 5_000;

/// Options for one bot match.
#[derive(Clone, Copy, Debug)]
pub struct PlayOptions {
    /// Stop after this many turns and report it.
    pub turn_cap: u32,
    /// Check invariants after every step.
    pub check_invariants: bool,
    /// Keep the full event log.
    pub keep_log: bool,
}

impl Default for PlayOptions {
    fn default() -> PlayOptions {
        PlayOptions {
            turn_cap: 200,
            check_invariants: false,
            keep_log: false,
        }
    }
}

/// What happened in one bot match.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// How it ended (`None` when the turn cap stopped it).
    pub outcome: Option<Outcome>,
    /// Turns played.
    pub turns: u32,
    /// The turn cap stopped the match.
    pub turn_cap_hit: bool,
    /// The player who went first.
    pub first_player: PlayerId,
    /// Abilities that fizzled with an error.
    pub fizzles: u32,
    /// Why the first few fizzled (card id and reason).
    pub fizzle_reasons: Vec<String>,
    /// Bot answers the engine rejected (a bug in a bot or the engine).
    pub rejected_answers: u32,
    /// Invariant violations, with the turn they were found in.
    pub violations: Vec<String>,
    /// Every answer (for a replay).
    pub answers: Vec<RecordedAnswer>,
    /// Mutations the match applied ([`Match::mutations_applied`]).
    pub mutations: u64,
    /// The event log, when asked for.
    pub log: Vec<Event>,
}

/// Plays one match between two bots.
pub fn play_bot_match(
    game: &mut Match,
    bots: &mut [Box<dyn Bot + Send>; 2],
    options: PlayOptions,
) -> MatchReport {
    let mut report = MatchReport {
        outcome: None,
        turns: 0,
        turn_cap_hit: false,
        first_player: PlayerId(0),
        fizzles: 0,
        fizzle_reasons: Vec::new(),
        rejected_answers: 0,
        violations: Vec::new(),
        answers: Vec::new(),
        mutations: 0,
        log: Vec::new(),
    };
    // (turn, answers given in it)
    let mut answers_turn = (0u32, 0u32);
    loop {
        if let Status::GameOver(outcome) = game.step() {
            report.outcome = Some(outcome);
            break;
        }
        for event in game.events() {
            if let Event::AbilityFizzled { def, reason, .. } = event {
                report.fizzles += 1;
                if report.fizzle_reasons.len() < 3 {
                    let id = &game.db().get(*def).id;
                    report.fizzle_reasons.push(format!("{id}: {reason}"));
                }
            }
        }
        if options.keep_log {
            report.log.extend(game.take_events());
        } else {
            game.clear_events();
        }
        if options.check_invariants {
            for problem in game.check_invariants() {
                report
                    .violations
                    .push(format!("turn {}: {problem}", game.state().turn));
            }
        }
        // A turn that takes thousands of answers is a loop the bots do not
        // stop (bots cap their own actions; this is the backstop).
        if game.state().turn != answers_turn.0 {
            answers_turn = (game.state().turn, 0);
        }
        answers_turn.1 += 1;
        if answers_turn.1 > MAX_ANSWERS_PER_TURN {
            report.violations.push(format!(
                "turn {}: more than {MAX_ANSWERS_PER_TURN} answers in one turn",
                game.state().turn
            ));
            report.turn_cap_hit = true;
            break;
        }
        if game.state().turn > options.turn_cap {
            report.turn_cap_hit = true;
            break;
        }
        // The decision is read in place (not cloned): the bot borrows the
        // match only until it has chosen.
        let Some(decision) = game.decision() else {
            break;
        };
        let player = decision.player;
        let picks = bots[player.idx()].choose(game, decision);
        match game.answer(player, &picks) {
            Ok(()) => report.answers.push(RecordedAnswer::new(player, &picks)),
            Err(rejection) => {
                report.rejected_answers += 1;
                report.violations.push(format!(
                    "turn {}: bot answer {picks:?} rejected: {rejection}",
                    game.state().turn
                ));
                break;
            }
        }
    }
    if options.keep_log {
        report.log.extend(game.take_events());
    }
    report.turns = game.state().turn;
    report.mutations = game.mutations_applied();
    report.first_player = PlayerId::BOTH
        .into_iter()
        .find(|p| game.state().player(*p).goes_first)
        .unwrap_or(PlayerId(0));
    report
}

/// Options for a sim run.
#[derive(Clone, Copy, Debug)]
pub struct SimOptions {
    /// Matches to play.
    pub games: u32,
    /// Base seed; match `i` uses `seed + i`.
    pub seed: u64,
    /// Bot kind for both sides.
    pub bot: BotKind,
    /// Per-match options.
    pub play: PlayOptions,
}

/// The summary of a sim run. `wins[0]` belongs to the first deck given.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SimSummary {
    /// Deck names.
    pub decks: [String; 2],
    /// Matches played.
    pub games: u32,
    /// Wins per deck.
    pub wins: [u32; 2],
    /// Draws.
    pub draws: u32,
    /// Wins by the player who went first.
    pub first_player_wins: u32,
    /// Matches stopped by the turn cap.
    pub turn_cap_hits: u32,
    /// Fizzled abilities and rejected answers.
    pub errors: u32,
    /// Invariant violations.
    pub invariant_violations: u32,
    /// The first few violations, described.
    pub violation_samples: Vec<String>,
    /// The first few errors (fizzled abilities), described.
    pub error_samples: Vec<String>,
    /// Mean turns per match.
    pub mean_turns: f64,
    /// Matches per second of wall time.
    pub matches_per_sec: f64,
    /// The fraction of wall time spent inside calls into card code
    /// (instantiating it included; 0 without packs).
    pub wasm_share: f64,
    /// Calls into card code per match.
    pub guest_calls_per_match: f64,
    /// Calls card code made back into the game, per match.
    pub host_calls_per_match: f64,
    /// Mutations applied per match: the game's work, abilities' included.
    pub mutations_per_match: f64,
    /// Decisions answered per match.
    pub decisions_per_match: f64,
    /// Wall time outside card code per mutation, in nanoseconds: the
    /// engine's cost per unit of game work, comparable between matches
    /// with and without abilities.
    pub engine_ns_per_mutation: f64,
}

/// Cards and code swapped in between two matches of a sim (hot reload). The
/// database must keep the ids of the old one ([`CardDb::updated`]).
pub type Swap = (Arc<CardDb>, Arc<dyn AbilityRunner>);

/// Plays `options.games` matches between two decks, seats alternating
/// (deck A takes seat 1 in even matches, seat 2 in odd ones). After each
/// match `between` hears how many are done and may return new cards and
/// code for the following matches.
pub fn run_sim(
    db: &Arc<CardDb>,
    runner: &Arc<dyn AbilityRunner>,
    decks: [(&str, &DeckList); 2],
    options: SimOptions,
    mut between: impl FnMut(u32) -> Option<Swap>,
) -> SimSummary {
    let mut db = Arc::clone(db);
    let mut runner = Arc::clone(runner);
    let mut summary = SimSummary {
        decks: [decks[0].0.to_owned(), decks[1].0.to_owned()],
        ..SimSummary::default()
    };
    let start = Instant::now();
    let mut total_turns: u64 = 0;
    let mut total_mutations: u64 = 0;
    let mut total_decisions: u64 = 0;
    // Card-code work of the runners swapped out so far, and where the
    // current runner's counters stood when it came in.
    let mut usage = RunnerUsage::default();
    let mut usage_base = runner.usage();
    for game_idx in 0..options.games {
        let seed = options.seed.wrapping_add(u64::from(game_idx));
        let swapped = game_idx % 2 == 1;
        let seats = if swapped {
            [decks[1].1.clone(), decks[0].1.clone()]
        } else {
            [decks[0].1.clone(), decks[1].1.clone()]
        };
        let mut game = Match::new(Arc::clone(&db), Arc::clone(&runner), seats, seed);
        let mut bots = [
            options.bot.build(seed.wrapping_mul(2).wrapping_add(1)),
            options.bot.build(seed.wrapping_mul(2).wrapping_add(2)),
        ];
        let report = play_bot_match(&mut game, &mut bots, options.play);
        summary.games += 1;
        total_turns += u64::from(report.turns);
        total_mutations += report.mutations;
        total_decisions += report.answers.len() as u64;
        summary.errors += report.fizzles + report.rejected_answers;
        summary.invariant_violations += report.violations.len() as u32;
        for reason in &report.fizzle_reasons {
            if summary.error_samples.len() < 10 {
                summary.error_samples.push(format!("seed {seed}: {reason}"));
            }
        }
        for violation in report.violations.iter().take(3) {
            if summary.violation_samples.len() < 10 {
                summary
                    .violation_samples
                    .push(format!("seed {seed}: {violation}"));
            }
        }
        if report.turn_cap_hit {
            summary.turn_cap_hits += 1;
        }
        match report.outcome {
            Some(Outcome::Win(winner, _)) => {
                let deck = winner.idx() ^ usize::from(swapped);
                summary.wins[deck] += 1;
                if winner == report.first_player {
                    summary.first_player_wins += 1;
                }
            }
            Some(Outcome::Draw) => summary.draws += 1,
            None => {}
        }
        if let Some((new_db, new_runner)) = between(game_idx + 1) {
            usage = usage.plus(runner.usage().since(usage_base));
            usage_base = new_runner.usage();
            db = new_db;
            runner = new_runner;
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    let usage = usage.plus(runner.usage().since(usage_base));
    let games = f64::from(summary.games.max(1));
    summary.mean_turns = total_turns as f64 / games;
    summary.matches_per_sec = f64::from(summary.games) / elapsed.max(1e-9);
    summary.wasm_share = (usage.guest_nanos as f64 / 1e9 / elapsed.max(1e-9)).min(1.0);
    summary.guest_calls_per_match = usage.guest_calls as f64 / games;
    summary.host_calls_per_match = usage.host_calls as f64 / games;
    summary.mutations_per_match = total_mutations as f64 / games;
    summary.decisions_per_match = total_decisions as f64 / games;
    let engine_secs = (elapsed - usage.guest_nanos as f64 / 1e9).max(0.0);
    summary.engine_ns_per_mutation = engine_secs * 1e9 / (total_mutations.max(1) as f64);
    summary
}

/// A replay of a finished bot match (its log hash is meaningful only when
/// the match kept its log); `bots` are the two bots' kinds as
/// `BotKind::from_str` reads them ("random").
pub fn replay_of(
    db: &CardDb,
    decks: [(&str, &DeckList); 2],
    seed: u64,
    report: &MatchReport,
    bots: [&str; 2],
) -> Replay {
    Replay {
        seed,
        decks: [
            Replay::deck_of(decks[0].0, decks[0].1, db),
            Replay::deck_of(decks[1].0, decks[1].1, db),
        ],
        card_fingerprint: db.fingerprint(),
        answers: report.answers.clone(),
        log_hash: crate::replay::log_hash(&report.log),
        conceded: None,
        reloads: Vec::new(),
        seats: bots.map(ReplaySeat::bot),
        sandbox: Vec::new(),
        bases: [decks[0].1.basis, decks[1].1.basis],
        fingerprint_with_text: false,
    }
}

/// What a reload smoke test found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SmokeReport {
    /// Matches played.
    pub games: u32,
    /// Decks that used the changed cards.
    pub decks: Vec<String>,
    /// Fizzled abilities and rejected answers.
    pub errors: u32,
    /// Invariant violations (with seeds).
    pub violations: Vec<String>,
    /// Matches stopped by the turn cap.
    pub turn_cap_hits: u32,
}

impl SmokeReport {
    /// Whether nothing went wrong.
    pub fn is_clean(&self) -> bool {
        self.errors == 0 && self.violations.is_empty() && self.turn_cap_hits == 0
    }
}

/// [`smoke_test`] over the bundled starter decks (those that resolve
/// against `db`): what `sve --watch --smoke-test` and the client run after a
/// reload.
pub fn smoke_test_starter_decks(
    db: &Arc<CardDb>,
    runner: &Arc<dyn AbilityRunner>,
    changed: &[String],
    games_per_deck: u32,
) -> SmokeReport {
    let lists: Vec<(String, DeckList)> = crate::decks::STARTER_DECKS
        .iter()
        .filter_map(|(name, _)| {
            let file = crate::decks::starter_deck(name)?;
            Some(((*name).to_owned(), crate::decks::resolve(&file, db).ok()?))
        })
        .collect();
    let named: Vec<(&str, &DeckList)> = lists.iter().map(|(n, d)| (n.as_str(), d)).collect();
    smoke_test(db, runner, &named, changed, games_per_deck)
}

/// The reload smoke test: a short batch of random-bot matches (invariants
/// checked) for every given deck that contains one of `changed` card ids,
/// each against the next deck in the list. Decks without the changed cards
/// are skipped; with none left, nothing is played.
pub fn smoke_test(
    db: &Arc<CardDb>,
    runner: &Arc<dyn AbilityRunner>,
    decks: &[(&str, &DeckList)],
    changed: &[String],
    games_per_deck: u32,
) -> SmokeReport {
    let mut report = SmokeReport::default();
    let uses_changed = |deck: &DeckList| {
        deck.main
            .iter()
            .chain(&deck.evolve)
            .any(|d| changed.contains(&db.get(*d).id))
    };
    for (idx, (name, deck)) in decks.iter().enumerate() {
        if !uses_changed(deck) {
            continue;
        }
        report.decks.push((*name).to_owned());
        let (_, opponent) = decks[(idx + 1) % decks.len()];
        for game in 0..games_per_deck {
            let seed = 0x5eed_0000 + u64::from(game);
            let seats = [(*deck).clone(), opponent.clone()];
            let mut m = Match::new(Arc::clone(db), Arc::clone(runner), seats, seed);
            let mut bots = [BotKind::Random.build(seed), BotKind::Random.build(seed + 1)];
            let result = play_bot_match(
                &mut m,
                &mut bots,
                PlayOptions {
                    turn_cap: 200,
                    check_invariants: true,
                    keep_log: false,
                },
            );
            report.games += 1;
            report.errors += result.fizzles + result.rejected_answers;
            report.turn_cap_hits += u32::from(result.turn_cap_hit);
            report.violations.extend(
                result
                    .violations
                    .into_iter()
                    .map(|v| format!("{name} seed {seed}: {v}")),
            );
        }
    }
    report
}

#[cfg(test)]
mod tests {
    use super::{PlayOptions, SimOptions, run_sim};
    use crate::bot::BotKind;
    use crate::engine::{AbilityRunner, NoAbilities};
    use std::sync::Arc;

    #[test]
    fn a_sim_reports_the_games_work_and_the_engines_time_per_mutation() {
        let db = Arc::new(crate::cards::starter::starter_db().expect("bundled cards"));
        let runner: Arc<dyn AbilityRunner> = Arc::new(NoAbilities);
        let deck = |name: &str| {
            let file = crate::decks::starter_deck(name).expect("a starter deck");
            crate::decks::resolve(&file, &db).expect("resolves")
        };
        let (a, b) = (deck("SD01"), deck("SD05"));
        let options = SimOptions {
            games: 2,
            seed: 3,
            bot: BotKind::Random,
            play: PlayOptions::default(),
        };
        let summary = run_sim(&db, &runner, [("SD01", &a), ("SD05", &b)], options, |_| {
            None
        });
        assert_eq!(summary.games, 2);
        // A match asks many decisions and applies more mutations.
        assert!(summary.decisions_per_match > 10.0, "{summary:?}");
        assert!(
            summary.mutations_per_match > summary.decisions_per_match,
            "{summary:?}"
        );
        assert!(summary.engine_ns_per_mutation > 0.0, "{summary:?}");
    }
}
