//! Attacks on the host by hostile card code (`tests/packs/chaos`), one test
//! per attack, named after it: endless effect loops, host-call and
//! state-change floods, card-arena overflow, statics that steer a match,
//! a bot that never ends its turn, leaders moved by card code, and a chaos
//! property test that calls random host functions with random arguments.

use crate::packs::{fizzles, load, scenario};
use std::sync::Arc;
use sve_engine::board::Side;
use sve_engine::bot::{Bot, BotKind, GreedyBot};
use sve_engine::engine::{
    Action, DeckList, Event, MAX_CARD_OBJECTS, Match, Outcome, PlayerId, Prompt, Status, Zone,
};
use sve_engine::replay::{RecordedAnswer, Replay, ReplayDeck, ReplayError, log_hash};
use sve_engine::sim::{PlayOptions, play_bot_match, replay_of};
use sve_packs::packs::LoadedPacks;

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

fn chaos() -> LoadedPacks {
    let loaded = load(&["tests/packs/chaos"]);
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    loaded
}

/// A starter deck with `cards` (3 copies each) in place of its first main
/// deck cards.
fn deck_with(loaded: &LoadedPacks, starter: &str, cards: &[&str]) -> DeckList {
    let mut deck = sve_tests::starter_deck(&loaded.db, starter);
    let mut slot = 0;
    for id in cards {
        let def = loaded.db.by_card_id(id).expect("a chaos card");
        for _ in 0..3 {
            deck.main[slot] = def;
            slot += 1;
        }
    }
    deck
}

#[test]
fn a_spell_cannot_bury_itself_while_it_resolves_to_play_itself_again() {
    let loaded = chaos();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Endless Echo"]))
        .build();
    s.play("Endless Echo");
    assert!(fizzles(&s.raw_events()).is_empty());
    assert_eq!(s.game.outcome(), None);
    let echo = s.card(P1, Zone::Cemetery, "Endless Echo");
    assert_eq!(s.game.state().player(P1).cemetery, [echo], "played once");
    assert!(s.can(Action::EndMainPhase), "the match goes on");
}

#[test]
fn a_follower_that_replays_itself_forever_ends_the_match_in_a_draw() {
    let loaded = chaos();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Boomerang Imp"]))
        .build();
    s.play("Boomerang Imp");
    let events = s.raw_events();
    assert_eq!(s.game.outcome(), Some(Outcome::Draw));
    let looped = events.iter().find_map(|e| match e {
        Event::EndlessLoop { card, reason } => Some((*card, reason.clone())),
        _ => None,
    });
    let (card, reason) = looped.expect("the loop is reported");
    let imp = card.expect("the looping card is named");
    assert_eq!(
        s.game.db().get(s.game.state().card(imp).def).id,
        "CHAOS-BOOMERANG"
    );
    assert!(reason.contains("abilities"), "{reason}");
    // Bounded: the loop stopped after about a thousand plays, not millions.
    assert!(events.len() < 100_000, "{} events", events.len());
    assert!(s.game.check_invariants().is_empty());
}

#[test]
fn an_ability_adding_effects_forever_is_stopped_and_rolled_back() {
    let loaded = chaos();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Effect Flood", "Chaos Bolt"])
                .field(["V2"]),
        )
        .build();
    let effects_before = s.game.state().effects.len();
    s.play("Effect Flood");
    let reasons = fizzles(&s.raw_events());
    assert_eq!(reasons.len(), 1, "{reasons:?}");
    assert!(
        reasons[0].contains("stopped: it made more than 5000 changes to the game in one run"),
        "{}",
        reasons[0]
    );
    assert_eq!(s.game.state().effects.len(), effects_before, "rolled back");
    assert_eq!(
        s.game.decision().map(|d| d.prompt.clone()),
        Some(Prompt::MainAction),
        "the match goes on"
    );
}

#[test]
fn an_ability_calling_the_host_forever_is_stopped() {
    let loaded = chaos();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Call Flood"]))
        .build();
    s.play("Call Flood");
    let reasons = fizzles(&s.raw_events());
    assert_eq!(reasons.len(), 1, "{reasons:?}");
    assert_eq!(
        reasons[0],
        "stopped: it made more than 10000 calls to the game in one run"
    );
    assert_eq!(
        s.game.decision().map(|d| d.prompt.clone()),
        Some(Prompt::MainAction)
    );
}

#[test]
fn summoning_tens_of_thousands_of_tokens_never_wraps_card_refs() {
    let loaded = chaos();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Token Flood"; 6]))
        .build();
    let leaders: Vec<_> = PlayerId::BOTH
        .iter()
        .map(|p| s.game.state().player(*p).leader)
        .collect();
    // Each cast summons and banishes 500 tokens (the EX area holds 5 at a
    // time), within one run's budget; they fill the card arena in four.
    let mut casts = 0;
    let (reasons, cards_before) = loop {
        let cards_before = s.game.state().cards.len();
        s.play("Token Flood");
        casts += 1;
        let reasons = fizzles(&s.raw_events());
        if !reasons.is_empty() || casts == 6 {
            break (reasons, cards_before);
        }
    };
    assert_eq!(casts, 4, "the fourth cast passes the limit");
    assert_eq!(reasons.len(), 1, "{reasons:?}");
    assert!(
        reasons[0].contains(&format!("already holds {MAX_CARD_OBJECTS} card objects")),
        "{}",
        reasons[0]
    );
    let state = s.game.state();
    assert_eq!(state.cards.len(), cards_before, "the run was rolled back");
    // Every card is its own object: nothing aliases.
    let objects: std::collections::HashSet<_> = state.cards.iter().map(|c| c.object).collect();
    assert_eq!(objects.len(), state.cards.len());
    for (player, leader) in PlayerId::BOTH.iter().zip(leaders) {
        assert_eq!(state.player(*player).leader, leader);
        assert_eq!(state.card(leader).zone, Zone::Leader);
    }
    assert!(s.game.check_invariants().is_empty());
}

#[test]
fn a_replay_with_a_seventy_thousand_card_deck_is_refused() {
    let db = sve_tests::starter_db();
    let deck = sve_tests::starter_deck(&db, "SD01");
    let mut huge = Replay::deck_of("huge", &deck, &db);
    let filler = huge.main[0].clone();
    huge.main = vec![filler; 70_000];
    let replay = Replay {
        seed: 1,
        decks: [huge, Replay::deck_of("SD01", &deck, &db)],
        card_fingerprint: db.fingerprint(),
        answers: Vec::new(),
        log_hash: 0,
        conceded: None,
        reloads: Vec::new(),
        seats: Default::default(),
        sandbox: Vec::new(),
        bases: Default::default(),
        fingerprint_with_text: false,
    };
    let decoded = Replay::decode(&replay.encode()).expect("it decodes");
    match decoded.play(Arc::clone(&db), sve_tests::no_abilities()) {
        Err(ReplayError::Deck { deck, problems }) => {
            assert_eq!(deck, "huge");
            assert!(
                problems.contains("40 to 50 cards, found 70000"),
                "{problems}"
            );
        }
        Err(other) => panic!("refused for another reason: {other}"),
        Ok(_) => panic!("a 70,000-card deck was played"),
    }
}

#[test]
fn a_pick_past_sixteen_bits_survives_a_replay_round_trip() {
    let answer = RecordedAnswer::new(P2, &[70_000, 3]);
    let deck = ReplayDeck {
        name: "d".to_owned(),
        leader: "L".to_owned(),
        main: Vec::new(),
        evolve: Vec::new(),
    };
    let replay = Replay {
        seed: 0,
        decks: [deck.clone(), deck],
        card_fingerprint: 0,
        answers: vec![answer.clone()],
        log_hash: 0,
        conceded: None,
        reloads: Vec::new(),
        seats: Default::default(),
        sandbox: Vec::new(),
        bases: Default::default(),
        fingerprint_with_text: false,
    };
    let decoded = Replay::decode(&replay.encode()).expect("it decodes");
    assert_eq!(decoded.answers, [answer]);
    assert_eq!(decoded.answers[0].picks, [70_000, 3]);
}

#[test]
fn statics_in_a_pack_never_steer_a_match_away_from_its_replay() {
    let loaded = chaos();
    let decks = [
        deck_with(&loaded, "SD01", &["CHAOS-STATICS", "CHAOS-FOLLOWER"]),
        deck_with(&loaded, "SD02", &["CHAOS-STATICS", "CHAOS-RANDOM"]),
    ];
    let options = PlayOptions {
        turn_cap: 200,
        check_invariants: true,
        keep_log: true,
    };
    for seed in 0..20u64 {
        // Greedy bots search clones of the match, which share its runner.
        let mut game = Match::new(Arc::clone(&loaded.db), loaded.runner(), decks.clone(), seed);
        let mut bots: [Box<dyn Bot + Send>; 2] =
            [BotKind::Greedy.build(seed), BotKind::Greedy.build(seed + 1)];
        let report = play_bot_match(&mut game, &mut bots, options);
        assert!(
            report.violations.is_empty(),
            "seed {seed}: {:?}",
            report.violations
        );
        let replay = replay_of(
            &loaded.db,
            [("one", &decks[0]), ("two", &decks[1])],
            seed,
            &report,
            ["greedy"; 2],
        );
        let (_, log) = replay
            .play(Arc::clone(&loaded.db), loaded.runner())
            .unwrap_or_else(|e| panic!("seed {seed}: the replay fails: {e}"));
        assert_eq!(
            log_hash(&log),
            replay.log_hash,
            "seed {seed}: the replay diverged"
        );
    }
}

/// A Rust pack gets a fresh instance at every call, and the instance pool
/// resets a reused slot's memory (with `PAGEMAP_SCAN` where the kernel
/// has it, only the pages written): the Remembering Spell's call counter
/// reads 1 every time, so each copy deals 1 damage and none draws.
#[test]
fn a_packs_statics_start_fresh_at_every_call() {
    let loaded = chaos();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new().hand([
                "Remembering Spell",
                "Remembering Spell",
                "Remembering Spell",
            ]),
        )
        .build();
    let defense = s.game.state().player(P2).leader_defense;
    let deck = s.game.state().player(P1).deck.len();
    for played in 1..=3 {
        s.play("Remembering Spell");
        let state = s.game.state();
        assert_eq!(
            state.player(P2).leader_defense,
            defense - played,
            "copy {played} saw a call count or a map left by an earlier call"
        );
        assert_eq!(state.player(P1).deck.len(), deck, "copy {played} drew");
    }
}

#[test]
fn a_free_repeatable_ability_does_not_keep_a_greedy_bots_turn_going() {
    let loaded = chaos();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().field(["Tireless Golem"]))
        .build();
    let mut bot = GreedyBot::new(7);
    let turn = s.game.state().turn;
    let mut actions = 0;
    while s.game.state().turn == turn {
        let decision = match s.game.step() {
            Status::GameOver(_) => break,
            Status::Decision(d) => d.clone(),
        };
        if decision.player == P1 && decision.prompt == Prompt::MainAction {
            actions += 1;
        }
        assert!(actions <= 100, "the bot never ended its turn");
        let picks = bot.choose(&s.game, &decision);
        s.game
            .answer(decision.player, &picks)
            .expect("a legal answer");
    }
    assert!(actions > 1, "the bot used the free ability");
}

#[test]
fn no_host_call_moves_a_leader() {
    let loaded = chaos();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Leader Thief"]))
        .build();
    s.play("Leader Thief");
    let state = s.game.state();
    for player in PlayerId::BOTH {
        let leader = state.player(player).leader;
        assert_eq!(
            state.card(leader).zone,
            Zone::Leader,
            "{player}'s leader moved"
        );
        assert!(!state.player(player).ex_area.contains(&leader));
        assert!(!state.player(player).field.contains(&leader));
    }
    assert!(
        s.game.check_invariants().is_empty(),
        "{:?}",
        s.game.check_invariants()
    );
    assert!(s.can(Action::EndMainPhase), "the match goes on");
}

/// Chaos matches in the property test; `SVE_CHAOS_MATCHES` for a longer
/// run (the closing note's figure: 10,000).
fn chaos_matches() -> u64 {
    match std::env::var("SVE_CHAOS_MATCHES") {
        Ok(text) => text
            .parse()
            .unwrap_or_else(|_| panic!("SVE_CHAOS_MATCHES=`{text}` is not a number")),
        Err(_) => 60,
    }
}

#[test]
fn random_host_calls_never_break_an_invariant_and_every_match_ends() {
    let loaded = chaos();
    let decks = [
        deck_with(
            &loaded,
            "SD03",
            &["CHAOS-RANDOM", "CHAOS-FOLLOWER", "CHAOS-LEADERS"],
        ),
        deck_with(
            &loaded,
            "SD05",
            &["CHAOS-RANDOM", "CHAOS-FOLLOWER", "CHAOS-FREE-ACT"],
        ),
    ];
    let options = PlayOptions {
        turn_cap: 300,
        check_invariants: true,
        keep_log: false,
    };
    let mut problems = Vec::new();
    let mut fizzled = 0;
    for seed in 0..chaos_matches() {
        let mut game = Match::new(Arc::clone(&loaded.db), loaded.runner(), decks.clone(), seed);
        let mut bots: [Box<dyn Bot + Send>; 2] = [
            BotKind::Random.build(seed),
            BotKind::Random.build(seed ^ 0x5eed),
        ];
        let report = play_bot_match(&mut game, &mut bots, options);
        fizzled += report.fizzles;
        for violation in report.violations.iter().take(2) {
            problems.push(format!("seed {seed}: {violation}"));
        }
        if report.outcome.is_none() {
            problems.push(format!(
                "seed {seed}: no outcome after {} turns",
                report.turns
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
    // The chaos cards did run (and some of their calls were refused).
    assert!(fizzled > 0);
}

#[test]
fn a_selection_among_a_hundred_thousand_candidates_is_refused_before_any_work() {
    let loaded = chaos();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Endless Choice"]))
        .build();
    s.play("Endless Choice");
    let reasons = fizzles(&s.raw_events());
    assert_eq!(
        reasons,
        ["a selection's candidates: 100000 entries; at most 2064"]
    );
    assert!(s.can(Action::EndMainPhase), "the match goes on");
}

#[test]
fn a_question_with_megabytes_of_labels_is_refused_before_they_are_copied() {
    let loaded = chaos();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Heavy Question"]))
        .build();
    s.play("Heavy Question");
    let reasons = fizzles(&s.raw_events());
    assert_eq!(reasons.len(), 1, "{reasons:?}");
    assert!(
        reasons[0].starts_with("a question is larger than a call may pass"),
        "{}",
        reasons[0]
    );
    assert!(s.can(Action::EndMainPhase), "the match goes on");
}
