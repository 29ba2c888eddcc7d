//! Bad input gives a clear error and never a panic: illegal answers are
//! rejected with the state untouched, corrupt replay files are reported,
//! and malformed deck files name every problem with `file:line`.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use sve_engine::bot::{Bot, RandomBot};
use sve_engine::cards::CardDb;
use sve_engine::decks::{DeckError, check_deck, parse_deck, resolve};
use sve_engine::engine::{
    Decision, GameState, Match, Outcome, PlayerId, Rejection, Status, view::PlayerView,
};
use sve_engine::replay::{REPLAY_MAGIC, REPLAY_VERSION, Replay, ReplayError, log_hash};
use sve_engine::sim::{PlayOptions, replay_of};
use sve_packs::deck_files::load_deck;
use sve_tests::{BotMatch, no_abilities, starter_db, starter_pairings};

// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

/// Everything observable about a match, to show that a rejected answer
/// changed nothing.
struct Snapshot {
    summary: String,
    state_text: String,
    state: GameState,
    views: [PlayerView; 2],
    decision: Option<Decision>,
    outcome: Option<Outcome>,
    events: usize,
}

impl Snapshot {
    fn of(game: &Match) -> Snapshot {
        Snapshot {
            summary: format!("{game:?}"),
            state_text: format!("{:?}", game.state()),
            state: game.state().clone(),
            views: [game.view(PlayerId(0)), game.view(PlayerId(1))],
            decision: game.decision().cloned(),
            outcome: game.outcome(),
            events: game.events().len(),
        }
    }

    /// Panics with `context` when anything observable differs.
    fn assert_unchanged(&self, game: &Match, context: &str) {
        assert_eq!(
            self.summary,
            format!("{game:?}"),
            "{context}: match changed"
        );
        assert_eq!(
            self.state_text,
            format!("{:?}", game.state()),
            "{context}: state changed"
        );
        // The RNG's Debug output hides its position; compare it directly.
        assert!(self.state.rng == game.state().rng, "{context}: RNG moved");
        assert_eq!(
            self.views,
            [game.view(PlayerId(0)), game.view(PlayerId(1))],
            "{context}: a player view changed"
        );
        assert_eq!(
            self.decision.as_ref(),
            game.decision(),
            "{context}: decision changed"
        );
        assert_eq!(self.outcome, game.outcome(), "{context}: outcome changed");
        assert_eq!(
            self.events,
            game.events().len(),
            "{context}: events were emitted"
        );
    }
}

/// Answers with `picks`, expects exactly `expected`, and checks that
/// nothing changed. Returns the rejection's message.
fn expect_rejection(
    game: &mut Match,
    player: PlayerId,
    picks: &[usize],
    expected: Rejection,
    context: &str,
) -> String {
    let before = Snapshot::of(game);
    let result = game.answer(player, picks);
    let context = format!("{context}: answer {picks:?} by {player}");
    assert_eq!(result, Err(expected), "{context}");
    before.assert_unchanged(game, &context);
    result.err().map(|e| e.to_string()).unwrap_or_default()
}

/// Two random bots seeded like `sve sim`.
fn bots(seed: u64) -> [RandomBot; 2] {
    [
        RandomBot::new(seed.wrapping_mul(2).wrapping_add(1)),
        RandomBot::new(seed.wrapping_mul(2).wrapping_add(2)),
    ]
}

/// Plays random answers until the pending decision satisfies `wanted`.
/// Returns that decision, or `None` if the match ended first.
fn advance_until(
    game: &mut Match,
    bots: &mut [RandomBot; 2],
    wanted: impl Fn(&Match, &Decision) -> bool,
) -> Option<Decision> {
    loop {
        let decision = match game.step() {
            Status::GameOver(_) => return None,
            Status::Decision(d) => d.clone(),
        };
        if wanted(game, &decision) {
            return Some(decision);
        }
        if game.state().turn > 200 {
            return None;
        }
        let picks = bots[decision.player.idx()].choose(game, &decision);
        game.answer(decision.player, &picks)
            .unwrap_or_else(|e| panic!("a random bot's answer was rejected: {e}"));
    }
}

fn sd01_vs_sd02(seed: u64) -> (Arc<CardDb>, Match) {
    let db = starter_db();
    let game = BotMatch::random(&db, ["SD01", "SD02"], seed).start(&db);
    (db, game)
}

#[test]
fn answering_before_the_first_step_is_rejected_as_no_decision() {
    let (_, mut game) = sd01_vs_sd02(1);
    let message = expect_rejection(
        &mut game,
        PlayerId(0),
        &[0],
        Rejection::NoDecision,
        "fresh match",
    );
    assert_eq!(message, "no decision is pending");
}

#[test]
fn out_of_range_picks_are_rejected_and_change_nothing() {
    let (_, mut game) = sd01_vs_sd02(3);
    let mut bots = bots(3);
    let decision = advance_until(&mut game, &mut bots, |g, d| {
        d.prompt == sve_engine::engine::Prompt::MainAction && g.state().turn >= 3
    })
    .expect("seed 3 reaches a main action on turn 3");
    let n = decision.options.len();
    let message = expect_rejection(
        &mut game,
        decision.player,
        &[n],
        Rejection::OutOfRange {
            pick: n,
            options: n,
        },
        "main action",
    );
    assert_eq!(
        message,
        format!("option {n} does not exist (there are {n})")
    );
    expect_rejection(
        &mut game,
        decision.player,
        &[usize::MAX],
        Rejection::OutOfRange {
            pick: usize::MAX,
            options: n,
        },
        "main action",
    );
    // The match goes on normally after the rejections.
    game.answer(decision.player, &[n - 1])
        .expect("the last option (end the main phase) is legal");
}

#[test]
fn too_many_or_too_few_picks_are_rejected_and_change_nothing() {
    let (_, mut game) = sd01_vs_sd02(4);
    let Status::Decision(decision) = game.step() else {
        panic!("a fresh match asks who goes first");
    };
    let decision = decision.clone();
    assert_eq!((decision.min, decision.max), (1, 1));
    let message = expect_rejection(
        &mut game,
        decision.player,
        &[0, 1],
        Rejection::Count {
            got: 2,
            min: 1,
            max: 1,
        },
        "first player",
    );
    assert_eq!(message, "picked 2 options; this decision needs 1 to 1");
    expect_rejection(
        &mut game,
        decision.player,
        &[],
        Rejection::Count {
            got: 0,
            min: 1,
            max: 1,
        },
        "first player",
    );
    let many: Vec<usize> = (0..1_000).collect();
    expect_rejection(
        &mut game,
        decision.player,
        &many,
        Rejection::Count {
            got: 1_000,
            min: 1,
            max: 1,
        },
        "first player",
    );
}

#[test]
fn repeated_picks_are_rejected_and_change_nothing() {
    // A decision that takes two or more picks (ordering cards after a
    // mulligan, a hand-limit discard, engaging Ward followers) turns up
    // within a few random matches.
    let db = starter_db();
    let pairs = starter_pairings();
    for seed in 0..300u64 {
        let bot_match = BotMatch::random(&db, pairs[seed as usize % pairs.len()], seed);
        let mut game = bot_match.start(&db);
        let mut bots = bots(seed);
        let Some(decision) = advance_until(&mut game, &mut bots, |_, d| {
            let count = d.min.max(2);
            count <= d.max && count <= d.options.len()
        }) else {
            continue;
        };
        let context = format!("{} {:?}", bot_match.describe(), decision.prompt);
        let count = decision.min.max(2);
        // A valid number of picks, all in range, the last repeating another.
        for repeated in 0..count - 1 {
            let mut picks: Vec<usize> = (0..count).collect();
            picks[count - 1] = repeated;
            let message = expect_rejection(
                &mut game,
                decision.player,
                &picks,
                Rejection::Repeated { pick: repeated },
                &context,
            );
            assert_eq!(message, format!("option {repeated} is picked twice"));
        }
        let picks = bots[decision.player.idx()].choose(&game, &decision);
        game.answer(decision.player, &picks)
            .unwrap_or_else(|e| panic!("{context}: the bot's answer after rejections: {e}"));
        return;
    }
    panic!("no decision with two or more picks in 300 random matches");
}

#[test]
fn the_wrong_player_is_rejected_and_changes_nothing() {
    let (_, mut game) = sd01_vs_sd02(5);
    let mut bots = bots(5);
    for turn in [0, 2, 5] {
        let decision = advance_until(&mut game, &mut bots, |g, _| g.state().turn >= turn)
            .expect("seed 5 lasts five turns");
        let other = decision.player.opponent();
        let message = expect_rejection(
            &mut game,
            other,
            &[0],
            Rejection::WrongPlayer {
                expected: decision.player,
                got: other,
            },
            &format!("turn {turn}"),
        );
        assert_eq!(
            message,
            format!("it is {}'s decision, not {other}'s", decision.player)
        );
        // An out-of-range seat is the wrong player too, never an index panic.
        expect_rejection(
            &mut game,
            PlayerId(7),
            &[0],
            Rejection::WrongPlayer {
                expected: decision.player,
                got: PlayerId(7),
            },
            &format!("turn {turn}"),
        );
        // Answer properly to move on.
        let picks = bots[decision.player.idx()].choose(&game, &decision);
        game.answer(decision.player, &picks).expect("bot answer");
    }
}

#[test]
fn answers_after_the_game_is_over_are_rejected_and_change_nothing() {
    let db = starter_db();
    let bot_match = BotMatch::random(&db, ["SD03", "SD04"], 6);
    let (mut game, report) = bot_match.play(&db, PlayOptions::default());
    assert!(
        report.outcome.is_some(),
        "{}: no outcome",
        bot_match.describe()
    );
    for player in PlayerId::BOTH {
        for picks in [&[0][..], &[], &[0, 0], &[99]] {
            let message =
                expect_rejection(&mut game, player, picks, Rejection::GameOver, "game over");
            assert_eq!(message, "the match is over");
        }
    }

    // A concession ends the match just the same, and a second one is a no-op.
    let (_, mut game) = sd01_vs_sd02(7);
    let Status::Decision(decision) = game.step() else {
        panic!("a fresh match asks who goes first");
    };
    let player = decision.player;
    game.concede(player);
    let before = Snapshot::of(&game);
    game.concede(player.opponent());
    before.assert_unchanged(&game, "second concession");
    expect_rejection(&mut game, player, &[0], Rejection::GameOver, "conceded");
    assert!(matches!(game.step(), Status::GameOver(Outcome::Win(w, _)) if w == player.opponent()));
}

#[test]
fn rejected_answers_leave_no_trace_in_the_rest_of_the_match() {
    // At every decision, try a handful of bad answers first, then the bot's
    // own: the event log must equal a clean run of the same seed.
    let db = starter_db();
    for seed in 0..6u64 {
        let pair = starter_pairings()[seed as usize * 3];
        let bot_match = BotMatch::random(&db, pair, 40 + seed);
        let (_, clean) = bot_match.play(
            &db,
            PlayOptions {
                keep_log: true,
                ..PlayOptions::default()
            },
        );
        let mut game = bot_match.start(&db);
        let mut bots = bots(bot_match.seed);
        let mut log = Vec::new();
        let who = bot_match.describe();
        while let Status::Decision(decision) = game.step() {
            let decision = decision.clone();
            log.extend(game.take_events());
            let me = decision.player;
            let n = decision.options.len();
            let context = format!("{who}, turn {}", game.state().turn);
            expect_rejection(
                &mut game,
                me.opponent(),
                &[0],
                Rejection::WrongPlayer {
                    expected: me,
                    got: me.opponent(),
                },
                &context,
            );
            let out_of_range: Vec<usize> = (0..decision.min.max(1)).map(|i| n + i).collect();
            if out_of_range.len() <= decision.max {
                expect_rejection(
                    &mut game,
                    me,
                    &out_of_range,
                    Rejection::OutOfRange {
                        pick: n,
                        options: n,
                    },
                    &context,
                );
            }
            let too_many: Vec<usize> = (0..=decision.max).collect();
            expect_rejection(
                &mut game,
                me,
                &too_many,
                Rejection::Count {
                    got: decision.max + 1,
                    min: decision.min,
                    max: decision.max,
                },
                &context,
            );
            let picks = bots[me.idx()].choose(&game, &decision);
            game.answer(me, &picks)
                .unwrap_or_else(|e| panic!("{context}: bot answer rejected: {e}"));
            assert!(game.state().turn <= 200, "{who}: no end after 200 turns");
        }
        log.extend(game.take_events());
        assert_eq!(
            log_hash(&log),
            log_hash(&clean.log),
            "{who}: log hash differs"
        );
        assert!(
            log == clean.log,
            "{who}: event log differs from the clean run"
        );
    }
}

// ---------------------------------------------------------------------------
// Replay files
// ---------------------------------------------------------------------------

/// A real replay of a finished random-bot match, encoded.
fn recorded_replay(db: &Arc<CardDb>, seed: u64) -> (Replay, Vec<u8>) {
    let bot_match = BotMatch::random(db, ["SD05", "SD06"], seed);
    let (_, report) = bot_match.play(
        db,
        PlayOptions {
            keep_log: true,
            ..PlayOptions::default()
        },
    );
    assert!(
        report.outcome.is_some(),
        "{}: no outcome",
        bot_match.describe()
    );
    let replay = replay_of(
        db,
        [
            (bot_match.names[0], &bot_match.decks[0]),
            (bot_match.names[1], &bot_match.decks[1]),
        ],
        bot_match.seed,
        &report,
        ["random"; 2],
    );
    let bytes = replay.encode();
    (replay, bytes)
}

fn header(version: u16) -> Vec<u8> {
    let mut out = REPLAY_MAGIC.to_vec();
    out.extend_from_slice(&version.to_le_bytes());
    out
}

#[test]
fn replay_headers_that_are_wrong_say_what_is_wrong() {
    let not_a_replay = "not a replay file (missing `SVER` header)";
    for bytes in [
        &b""[..],
        b"S",
        b"SVE",
        b"SVEX\x01\x00",
        b"sver\x01\x00",
        b"PK\x03\x04 a zip file",
        b"SVER",
        b"SVER\x01",
    ] {
        let result = Replay::decode(bytes);
        assert!(
            matches!(result, Err(ReplayError::NotAReplay)),
            "{bytes:?}: {result:?}"
        );
        assert_eq!(
            result.err().map(|e| e.to_string()).as_deref(),
            Some(not_a_replay)
        );
    }
    for version in [0, REPLAY_VERSION + 1, u16::MAX] {
        let mut bytes = header(version);
        bytes.extend_from_slice(&[0; 32]);
        let result = Replay::decode(&bytes);
        assert!(
            matches!(result, Err(ReplayError::Version { found }) if found == version),
            "version {version}: {result:?}"
        );
        assert_eq!(
            result.err().map(|e| e.to_string()),
            Some(format!(
                "replay format version {version} is not supported (this build reads versions 1 to {REPLAY_VERSION})"
            ))
        );
    }
    let result = Replay::decode(&header(REPLAY_VERSION));
    assert!(
        matches!(result, Err(ReplayError::Corrupt(_))),
        "empty body: {result:?}"
    );
    assert!(
        result
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
            .starts_with("replay is corrupt: ")
    );
}

/// Decodes `bytes` and, if that works, plays the replay; reports a panic
/// as an error string naming `what`.
fn decode_and_play(db: &Arc<CardDb>, bytes: &[u8], what: &str) -> Result<bool, String> {
    catch_unwind(AssertUnwindSafe(|| match Replay::decode(bytes) {
        Err(_) => false,
        Ok(replay) => {
            // A decodable replay plays through or reports a divergence.
            let _ = replay.play(Arc::clone(db), no_abilities());
            true
        }
    }))
    .map_err(|_| format!("{what}: panicked"))
}

#[test]
fn every_truncated_replay_is_an_error_not_a_panic() {
    let db = starter_db();
    let (_, bytes) = recorded_replay(&db, 11);
    let mut problems = Vec::new();
    for len in 0..bytes.len() {
        match decode_and_play(&db, &bytes[..len], &format!("truncated to {len} bytes")) {
            Ok(true) => problems.push(format!(
                "truncated to {len} of {} bytes: decoded as a replay",
                bytes.len()
            )),
            Ok(false) => {}
            Err(panic) => problems.push(panic),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // Trailing garbage after a complete replay is tolerated or reported,
    // never a panic.
    let mut longer = bytes.clone();
    longer.extend_from_slice(b"garbage");
    decode_and_play(&db, &longer, "trailing garbage").unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn single_byte_flips_in_a_replay_never_panic() {
    let db = starter_db();
    let (replay, bytes) = recorded_replay(&db, 12);
    // A small deterministic LCG picks (position, mask) pairs.
    let mut state: u64 = 0x5eed_f1a5_5eed;
    let mut next = || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        state >> 33
    };
    let mut problems = Vec::new();
    let mut decoded = 0;
    for i in 0..400 {
        let pos = (next() as usize) % bytes.len();
        let mask = (next() % 255 + 1) as u8;
        let mut mutated = bytes.clone();
        mutated[pos] ^= mask;
        let what = format!("flip {i}: byte {pos} ^= {mask:#04x}");
        match decode_and_play(&db, &mutated, &what) {
            Ok(true) => decoded += 1,
            Ok(false) => {}
            Err(panic) => problems.push(panic),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // Many flips land in answers and still decode; those replays must have
    // been played (or rejected) without a panic above.
    assert!(
        decoded > 0,
        "no mutated replay decoded; the loop tests little"
    );
    assert_eq!(Replay::decode(&bytes).ok(), Some(replay));
}

#[test]
fn replays_that_do_not_fit_the_match_are_reported() {
    let db = starter_db();
    let (replay, _) = recorded_replay(&db, 13);

    let mut wrong_data = replay.clone();
    wrong_data.card_fingerprint ^= 1;
    let err = wrong_data
        .play(Arc::clone(&db), no_abilities())
        .expect_err("a different fingerprint is refused");
    assert!(matches!(err, ReplayError::Fingerprint { .. }), "{err:?}");
    assert!(
        err.to_string()
            .starts_with("card data differs from the recording")
    );

    let mut unknown_card = replay.clone();
    unknown_card.decks[1].main[3] = "NOPE-404".to_owned();
    let err = unknown_card
        .play(Arc::clone(&db), no_abilities())
        .expect_err("an unknown card is refused");
    assert_eq!(
        err.to_string(),
        format!(
            "replay deck `{}` names unknown card `NOPE-404`",
            replay.decks[1].name
        )
    );

    let mut too_long = replay.clone();
    too_long.answers.push(too_long.answers[0].clone());
    let err = too_long
        .play(Arc::clone(&db), no_abilities())
        .expect_err("an answer after the end is refused");
    assert_eq!(
        err.to_string(),
        format!(
            "answer {} does not fit: the match ended before this answer",
            replay.answers.len()
        )
    );

    let mut bad_pick = replay.clone();
    bad_pick.answers[0].picks = vec![9];
    let err = bad_pick
        .play(Arc::clone(&db), no_abilities())
        .expect_err("an impossible pick is refused");
    assert_eq!(
        err.to_string(),
        "answer 0 does not fit: option 9 does not exist (there are 2)"
    );

    let mut wrong_seat = replay.clone();
    wrong_seat.answers[0].player ^= 1;
    let err = wrong_seat
        .play(Arc::clone(&db), no_abilities())
        .expect_err("an answer by the wrong seat is refused");
    assert!(
        err.to_string()
            .starts_with("answer 0 does not fit: it is P"),
        "{err}"
    );
}

// ---------------------------------------------------------------------------
// Deck files
// ---------------------------------------------------------------------------

fn messages(errors: &[DeckError]) -> Vec<String> {
    errors.iter().map(ToString::to_string).collect()
}

#[test]
fn malformed_deck_lines_are_reported_with_file_and_line() {
    let text = "\u{feff}Broken deck\r\n\
                2 SD01-001\r\n\
                # Leader\r\n\
                1 BP01-LD01 // the leader\r\n\
                # Main Deck\r\n\
                0 SD01-001\r\n\
                61 SD01-002\r\n\
                -1 SD01-003\r\n\
                3x SD01-005 Fairy Whisperer\r\n\
                SD01-006\r\n\
                \r\n\
                // only a comment\r\n\
                #\r\n\
                # Tokens\r\n\
                1 BP01-T01\r\n";
    let errors = parse_deck(text, "broken.txt").expect_err("the text is malformed");
    assert_eq!(
        messages(&errors),
        [
            "broken.txt:2: card line before any section; add `# Leader`, `# Main Deck` or `# Evolve Deck`",
            "broken.txt:6: card count 0 is out of range 1..=60",
            "broken.txt:7: card count 61 is out of range 1..=60",
            "broken.txt:8: `-1` is not a card count; expected `N CARD-ID`",
            "broken.txt:10: expected `N CARD-ID`, found `SD01-006`",
            "broken.txt:13: unknown section `# `; expected `# Leader`, `# Main Deck` or `# Evolve Deck`",
            "broken.txt:14: unknown section `# tokens`; expected `# Leader`, `# Main Deck` or `# Evolve Deck`",
            "broken.txt:15: card line before any section; add `# Leader`, `# Main Deck` or `# Evolve Deck`",
        ]
    );
}

#[test]
fn unknown_card_ids_are_reported_by_check_and_resolve_with_their_lines() {
    let db = starter_db();
    let mut text = String::from("Unknowns\n# Leader\n1 NO-LEADER\n# Main Deck\n");
    // The 40 cards of SD01, then unknown ids in the main and evolve decks.
    let sd01 = sve_engine::decks::starter_deck("SD01").expect("bundled deck");
    for entry in &sd01.main {
        text.push_str(&format!("{} {}\n", entry.count, entry.card_id));
    }
    let first_unknown = text.lines().count() + 1;
    text.push_str("3 SD99-001\n1 sd01-001\n# Evolve Deck\n2 EVO-X\n");
    let deck = parse_deck(&text, "unknowns.txt").expect("well-formed text");

    let check = messages(&check_deck(&deck, &db));
    let expected = [
        "unknowns.txt:3: unknown card id `NO-LEADER`".to_owned(),
        format!("unknowns.txt:{first_unknown}: unknown card id `SD99-001`"),
        format!(
            "unknowns.txt:{}: unknown card id `sd01-001`",
            first_unknown + 1
        ),
        format!(
            "unknowns.txt:{}: unknown card id `EVO-X`",
            first_unknown + 3
        ),
    ];
    for message in &expected {
        assert!(check.contains(message), "missing {message:?} in {check:?}");
    }
    // Unknown ids still count towards the deck size (44 here, legal), and
    // the missing leader is reported once per line, not as a count.
    assert_eq!(check.len(), expected.len(), "{check:?}");

    let resolved = resolve(&deck, &db).expect_err("unknown ids do not resolve");
    let resolved = messages(&resolved);
    assert_eq!(
        resolved,
        [
            expected[0].clone(),
            expected[1].clone(),
            expected[2].clone(),
            expected[3].clone(),
            "unknowns.txt: a deck needs exactly 1 leader, found 0".to_owned(),
        ]
    );
}

#[test]
fn empty_and_sectionless_deck_files_give_clear_errors() {
    let db = starter_db();
    let deck = parse_deck("", "empty.txt").expect("an empty file parses to an empty deck");
    assert_eq!(
        messages(&check_deck(&deck, &db)),
        [
            "empty.txt: a deck needs exactly 1 leader, found 0",
            "empty.txt: the main deck needs 40 to 50 cards, found 0",
        ]
    );
    assert_eq!(
        messages(&resolve(&deck, &db).expect_err("no leader")),
        ["empty.txt: a deck needs exactly 1 leader, found 0"]
    );

    let two_leaders = "Two\n# Leader\n1 BP01-LD01\n1 BP01-LD03\n";
    let deck = parse_deck(two_leaders, "two.txt").expect("well-formed");
    let check = messages(&check_deck(&deck, &db));
    assert!(
        check.contains(&"two.txt:3: a deck needs exactly 1 leader, found 2".to_owned()),
        "{check:?}"
    );
    assert_eq!(
        messages(&resolve(&deck, &db).expect_err("two leaders")),
        ["two.txt: a deck needs exactly 1 leader, found 2"]
    );

    let missing = load_deck("/nonexistent/dir/deck.txt").expect_err("no such file");
    let missing = messages(&missing);
    assert_eq!(missing.len(), 1);
    assert!(
        missing[0].starts_with("/nonexistent/dir/deck.txt: cannot read deck file ("),
        "{missing:?}"
    );
    assert!(
        missing[0].ends_with("bundled decks are SD01, SD02, SD03, SD04, SD05, SD06"),
        "{missing:?}"
    );
}

#[test]
fn mutated_deck_files_never_panic_the_parser_or_the_checks() {
    let db = starter_db();
    let mut state: u64 = 0xdec_f11e;
    let mut next = || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize
    };
    // Bytes and strings that mean something to the format, or are awkward.
    let inserts = [
        "#",
        "//",
        "x",
        "X",
        "0",
        "9",
        "99999999999999999999",
        " ",
        "\n",
        "\r",
        "\t",
        "-",
        "\u{feff}",
        "é",
        "字",
        "🃏",
        "\u{0}",
    ];
    let mut problems = Vec::new();
    for (name, text) in sve_engine::decks::STARTER_DECKS {
        for i in 0..150 {
            let mut bytes = text.as_bytes().to_vec();
            for _ in 0..1 + next() % 3 {
                let pos = next() % (bytes.len() + 1);
                match next() % 3 {
                    0 if pos < bytes.len() => bytes[pos] ^= (next() % 255 + 1) as u8,
                    1 => {
                        let insert = inserts[next() % inserts.len()];
                        bytes.splice(pos..pos, insert.bytes());
                    }
                    _ => {
                        let end = (pos + next() % 8).min(bytes.len());
                        bytes.drain(pos..end);
                    }
                }
            }
            let mutated = String::from_utf8_lossy(&bytes).into_owned();
            // Deck files end lines at `\n`, `\r\n` or a lone `\r`.
            let line_count = sve_text::lines(&mutated).count();
            let what = format!("{name} mutation {i}");
            let result = catch_unwind(AssertUnwindSafe(|| match parse_deck(&mutated, &what) {
                Err(errors) => errors,
                Ok(deck) => {
                    let mut all = check_deck(&deck, &db);
                    if let Err(more) = resolve(&deck, &db) {
                        all.extend(more);
                    }
                    all
                }
            }));
            match result {
                Err(_) => problems.push(format!("{what}: panicked on {mutated:?}")),
                Ok(errors) => {
                    for error in errors {
                        let text = error.to_string();
                        if !text.starts_with(&format!("{what}:")) || error.message.is_empty() {
                            problems.push(format!("{what}: unclear error {text:?}"));
                        }
                        if let Some(line) = error.line
                            && (line == 0 || line > line_count)
                        {
                            problems.push(format!(
                                "{what}: error on line {line} of {line_count}: {text}"
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_version_1_replay_still_plays_and_a_concession_is_replayed() {
    let db = std::sync::Arc::new(sve_engine::cards::starter::starter_db().expect("cards"));
    let deck = |name| {
        sve_engine::decks::resolve(&sve_engine::decks::starter_deck(name).expect("deck"), &db)
            .expect("resolves")
    };
    let decks = [deck("SD01"), deck("SD02")];
    let mut game = sve_engine::engine::Match::new(
        std::sync::Arc::clone(&db),
        std::sync::Arc::new(sve_engine::engine::NoAbilities),
        decks.clone(),
        9,
    );
    // Answer the first decision, then concede.
    let decision = match game.step() {
        sve_engine::engine::Status::Decision(d) => d.clone(),
        sve_engine::engine::Status::GameOver(o) => panic!("{o:?}"),
    };
    game.answer(decision.player, &[0]).expect("legal");
    game.step();
    game.concede(sve_engine::engine::PlayerId(1));
    let replay = Replay {
        seed: 9,
        decks: [
            Replay::deck_of("SD01", &decks[0], &db),
            Replay::deck_of("SD02", &decks[1], &db),
        ],
        card_fingerprint: db.fingerprint(),
        answers: vec![sve_engine::replay::RecordedAnswer {
            player: decision.player.0,
            picks: vec![0],
        }],
        log_hash: 0,
        conceded: Some(1),
        reloads: Vec::new(),
        seats: Default::default(),
        sandbox: Vec::new(),
        bases: Default::default(),
        fingerprint_with_text: false,
    };
    let (replayed, _) = Replay::decode(&replay.encode())
        .expect("decodes")
        .play(
            std::sync::Arc::clone(&db),
            std::sync::Arc::new(sve_engine::engine::NoAbilities),
        )
        .expect("plays");
    assert_eq!(replayed.outcome(), game.outcome());
    // postcard writes fields in order: ..., `conceded` (1 tag + 1 byte),
    // `reloads` (an empty list: 1 byte), `seats` (two unknown seats: 1
    // byte each).
    let body = replay.encode();
    // Version 2: the same body without the reloads and the seats.
    let mut v2 = b"SVER".to_vec();
    v2.extend_from_slice(&2u16.to_le_bytes());
    v2.extend_from_slice(&body[6..body.len() - 3]);
    let old = Replay::decode(&v2).expect("version 2 decodes");
    assert_eq!(old.conceded, Some(1));
    assert!(old.reloads.is_empty());
    // Formats 1 and 2 recorded a fingerprint that covers card text: an old
    // replay still plays.
    let recorded_then = Replay {
        card_fingerprint: db.fingerprint_with_text(),
        ..replay.clone()
    };
    let mut v2 = b"SVER".to_vec();
    v2.extend_from_slice(&2u16.to_le_bytes());
    let body = recorded_then.encode();
    v2.extend_from_slice(&body[6..body.len() - 3]);
    Replay::decode(&v2)
        .expect("version 2 decodes")
        .play(
            std::sync::Arc::clone(&db),
            std::sync::Arc::new(sve_engine::engine::NoAbilities),
        )
        .expect("an old replay plays");
    // Version 1: without the concession either.
    let mut v1 = b"SVER".to_vec();
    v1.extend_from_slice(&1u16.to_le_bytes());
    v1.extend_from_slice(&body[6..body.len() - 5]);
    let old = Replay::decode(&v1).expect("version 1 decodes");
    assert_eq!(old.conceded, None);
    assert_eq!(old.answers, replay.answers);

    // A recording that reloaded card packs replays up to the reload and
    // says why it stops there.
    let reloaded = Replay {
        reloads: vec![sve_engine::replay::RecordedReload {
            after_answers: 1,
            card_fingerprint: 7,
            source: "pack `mine`".to_owned(),
        }],
        conceded: None,
        answers: vec![replay.answers[0].clone(), replay.answers[0].clone()],
        ..replay
    };
    let error = Replay::decode(&reloaded.encode())
        .expect("decodes")
        .play(db, std::sync::Arc::new(sve_engine::engine::NoAbilities))
        .expect_err("stops at the reload");
    assert!(
        matches!(&error, ReplayError::Reloaded { after: 1, packs } if packs == "pack `mine`"),
        "{error}"
    );
}
