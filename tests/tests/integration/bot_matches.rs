//! Properties over many seeded bot matches with the vanilla starter decks:
//! invariants hold after every step, every match ends, bots never send an
//! answer the engine rejects, and replays reproduce matches event for event.
//!
//! A failure names the seed and the decks (seat order). The matches are
//! seeded the way `sve sim` seeds its first match, so
//! `cargo run -p sve -- sim --deck A --deck B --seed N --games 1`
//! plays it again (as does `sve_tests::BotMatch`).

use sve_engine::bot::{Bot, BotKind, RandomBot};
use sve_engine::engine::{Outcome, Status};
use sve_engine::replay::{Replay, log_hash};
use sve_engine::sim::{MatchReport, PlayOptions, replay_of};
use sve_tests::{BotMatch, no_abilities, starter_db, starter_pairings};

/// Random-bot matches in the property test: 48 per pairing, 1,008 in all.
/// Set `SVE_MATCHES_PER_PAIRING` for a longer run.
const MATCHES_PER_PAIRING: u64 = 48;

/// [`MATCHES_PER_PAIRING`], or `SVE_MATCHES_PER_PAIRING` when set.
fn matches_per_pairing() -> u64 {
    match std::env::var("SVE_MATCHES_PER_PAIRING") {
        Ok(text) => text
            .parse()
            .unwrap_or_else(|_| panic!("SVE_MATCHES_PER_PAIRING=`{text}` is not a number")),
        Err(_) => MATCHES_PER_PAIRING,
    }
}

/// The turn cap of every match here; a vanilla match ends long before.
const TURN_CAP: u32 = 200;

/// First seed of the property run (arbitrary, fixed).
const BASE_SEED: u64 = 10_000;

fn checked() -> PlayOptions {
    PlayOptions {
        turn_cap: TURN_CAP,
        check_invariants: true,
        keep_log: false,
    }
}

fn logged() -> PlayOptions {
    PlayOptions {
        turn_cap: TURN_CAP,
        check_invariants: true,
        keep_log: true,
    }
}

/// Every problem with one finished match, described with its seed and
/// decks (empty when the match was clean).
fn problems(game: &BotMatch, report: &MatchReport) -> Vec<String> {
    let mut out = Vec::new();
    let who = game.describe();
    if report.rejected_answers > 0 {
        out.push(format!(
            "{who}: {} bot answer(s) rejected",
            report.rejected_answers
        ));
    }
    for violation in report.violations.iter().take(3) {
        out.push(format!("{who}: {violation}"));
    }
    if report.violations.len() > 3 {
        out.push(format!(
            "{who}: ... and {} more violations",
            report.violations.len() - 3
        ));
    }
    if report.turn_cap_hit {
        out.push(format!(
            "{who}: hit the turn cap of {TURN_CAP} without an outcome"
        ));
    } else if report.outcome.is_none() {
        out.push(format!(
            "{who}: stopped after {} turns with no outcome and no turn cap hit",
            report.turns
        ));
    }
    out
}

#[test]
fn random_bot_matches_keep_every_invariant_and_always_end() {
    let db = starter_db();
    let mut played = 0u32;
    let mut turn_cap_hits = 0u32;
    let mut violations = 0usize;
    let mut rejected = 0u32;
    let mut wins = 0u32;
    let mut draws = 0u32;
    let mut turns = 0u64;
    let mut failures: Vec<String> = Vec::new();
    let per_pairing = matches_per_pairing();
    for (pair_idx, pair) in starter_pairings().into_iter().enumerate() {
        for i in 0..per_pairing {
            let seed = BASE_SEED + pair_idx as u64 * 1_000_000 + i;
            // Alternate seats so each deck of a pair plays both of them.
            let names = if i % 2 == 0 { pair } else { [pair[1], pair[0]] };
            let game = BotMatch::random(&db, names, seed);
            let (_, report) = game.play(&db, checked());
            played += 1;
            turns += u64::from(report.turns);
            turn_cap_hits += u32::from(report.turn_cap_hit);
            violations += report.violations.len();
            rejected += report.rejected_answers;
            match report.outcome {
                Some(Outcome::Win(..)) => wins += 1,
                Some(Outcome::Draw) => draws += 1,
                None => {}
            }
            failures.extend(problems(&game, &report));
        }
    }
    assert!(
        played >= 1_000 || per_pairing != MATCHES_PER_PAIRING,
        "only {played} matches played"
    );
    let mean_turns = turns as f64 / f64::from(played);
    eprintln!(
        "{played} random-bot matches: {wins} wins, {draws} draws, \
         {mean_turns:.1} turns on average"
    );
    assert!(
        failures.is_empty(),
        "{} problem(s) in {played} matches ({violations} invariant violations, \
         {rejected} rejected answers, {turn_cap_hits} turn-cap hits); first ones:\n{}",
        failures.len(),
        failures
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert_eq!(violations, 0);
    assert_eq!(rejected, 0);
    assert_eq!(turn_cap_hits, 0);
    assert_eq!(wins + draws, played, "every match has an outcome");
    // A match that ends at once would pass the checks above vacuously.
    assert!(
        mean_turns >= 6.0,
        "matches average only {mean_turns:.1} turns; are they really played?"
    );
}

#[test]
fn a_seed_played_twice_gives_the_identical_event_log() {
    let db = starter_db();
    let pairs = starter_pairings();
    for seed in 0..50u64 {
        let game = BotMatch::random(&db, pairs[seed as usize % pairs.len()], seed);
        let (first_match, first) = game.play(&db, logged());
        let (second_match, second) = game.play(&db, logged());
        let who = game.describe();
        assert!(!first.log.is_empty(), "{who}: no events were logged");
        assert_eq!(first.answers, second.answers, "{who}: answers differ");
        assert_eq!(
            log_hash(&first.log),
            log_hash(&second.log),
            "{who}: log hashes differ"
        );
        assert!(first.log == second.log, "{who}: event logs differ");
        assert_eq!(first.outcome, second.outcome, "{who}: outcomes differ");
        assert_eq!(first.turns, second.turns, "{who}: turn counts differ");
        assert_eq!(
            format!("{:?}", first_match.state()),
            format!("{:?}", second_match.state()),
            "{who}: final states differ"
        );
    }
}

#[test]
fn replays_survive_encoding_and_reproduce_the_event_log() {
    let db = starter_db();
    let pairs = starter_pairings();
    for seed in 0..50u64 {
        let game = BotMatch::random(&db, pairs[(seed as usize * 5) % pairs.len()], 500 + seed);
        let (recorded_match, report) = game.play(&db, logged());
        let who = game.describe();
        assert!(
            problems(&game, &report).is_empty(),
            "{who}: {:?}",
            problems(&game, &report)
        );

        let replay = replay_of(
            &db,
            [
                (game.names[0], &game.decks[0]),
                (game.names[1], &game.decks[1]),
            ],
            game.seed,
            &report,
            ["random"; 2],
        );
        let bytes = replay.encode();
        let decoded = Replay::decode(&bytes)
            .unwrap_or_else(|e| panic!("{who}: an encoded replay does not decode: {e}"));
        assert_eq!(decoded, replay, "{who}: the replay changed in encoding");

        let (replayed_match, log) = decoded
            .play(db.clone(), no_abilities())
            .unwrap_or_else(|e| panic!("{who}: the replay does not play: {e}"));
        assert_eq!(
            log_hash(&log),
            decoded.log_hash,
            "{who}: replayed log hash differs from the recorded one"
        );
        assert_eq!(log.len(), report.log.len(), "{who}: event counts differ");
        if let Some(idx) = log.iter().zip(&report.log).position(|(a, b)| a != b) {
            panic!(
                "{who}: event {idx} differs: replayed {:?}, recorded {:?}",
                log[idx], report.log[idx]
            );
        }
        assert_eq!(
            replayed_match.outcome(),
            report.outcome,
            "{who}: outcomes differ"
        );
        assert_eq!(
            format!("{:?}", replayed_match.state()),
            format!("{:?}", recorded_match.state()),
            "{who}: final states differ"
        );
    }
}

#[test]
fn greedy_bot_matches_keep_every_invariant_and_end() {
    let db = starter_db();
    let mut failures = Vec::new();
    for (i, names) in [["SD01", "SD02"], ["SD05", "SD06"]]
        .into_iter()
        .cycle()
        .take(10)
        .enumerate()
    {
        let game = BotMatch::new(&db, names, 900 + i as u64, BotKind::Greedy);
        let (_, report) = game.play(&db, checked());
        failures.extend(problems(&game, &report));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_cloned_match_plays_on_without_touching_the_original() {
    // Bots search with clones: at every decision, play the answer on a clone
    // to the next decision; the original must not move, and playing on it
    // afterwards must give the same log as a match that was never cloned.
    let db = starter_db();
    let pairs = starter_pairings();
    for seed in 0..10u64 {
        let game = BotMatch::random(&db, pairs[(seed as usize * 2) % pairs.len()], 700 + seed);
        let who = game.describe();
        let (_, clean) = game.play(&db, logged());
        let mut original = game.start(&db);
        let mut bots = [
            RandomBot::new(game.seed * 2 + 1),
            RandomBot::new(game.seed * 2 + 2),
        ];
        let mut log = Vec::new();
        while let Status::Decision(decision) = original.step() {
            let decision = decision.clone();
            log.extend(original.take_events());
            let picks = bots[decision.player.idx()].choose(&original, &decision);
            let before = format!("{:?}", original.state());
            let mut trial = original.clone();
            trial
                .answer(decision.player, &picks)
                .unwrap_or_else(|e| panic!("{who}: answer rejected on the clone: {e}"));
            let _ = trial.step();
            assert_eq!(
                before,
                format!("{:?}", original.state()),
                "{who}: playing a clone changed the original"
            );
            original
                .answer(decision.player, &picks)
                .unwrap_or_else(|e| panic!("{who}: answer rejected: {e}"));
        }
        log.extend(original.take_events());
        assert!(
            log == clean.log,
            "{who}: the event log differs after cloning"
        );
    }
}
