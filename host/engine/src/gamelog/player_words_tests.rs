//! The game log speaks the player's language: over seeded bot matches
//! (starter decks salted with the test cards, so abilities, tokens,
//! counters, Ward, Drain and spells all happen) and over every way a card
//! moves, no log line holds an engine identifier (`IgnoreWard`,
//! `OnEvolve`, `RemovedFromGame`) or says "nowhere".

use super::render;
use crate::board::fixtures::{test_db, test_runner};
use crate::board::{Board, Side};
use crate::bot::BotKind;
use crate::cards::CardDb;
use crate::decks::{resolve, starter_deck};
use crate::engine::{AbilityIdx, DeckList, Event, Match, MoveCause, PlayerId, Status, Zone};
use std::sync::Arc;

/// The test cards shuffled into each starter deck: one of each of these
/// replaces a starter card, three copies each.
const SALT: &[&str] = &[
    "TEST-PING",
    "TEST-LW",
    "TEST-DRAIN",
    "TEST-BOLT",
    "TEST-WARD",
    "TEST-TOTEM",
    "TEST-FAIRIES",
    "TEST-IGNORE",
    "TEST-STRIKE",
    "TEST-BANE",
    "TEST-TOKEN",
    "TEST-MOURN",
];

#[test]
fn bot_match_logs_have_no_engine_identifiers_or_nowhere() {
    let db = Arc::new(test_db());
    let mut lines = 0;
    for (seed, decks) in [
        (1, ["SD01", "SD02"]),
        (2, ["SD03", "SD04"]),
        (3, ["SD05", "SD06"]),
        (4, ["SD02", "SD05"]),
    ] {
        let log = bot_match_log(&db, decks, seed);
        lines += log.len();
        for line in &log {
            assert_player_words(&db, line, &format!("seed {seed}"));
        }
    }
    assert!(lines > 200, "the matches wrote {lines} log lines");
    if std::env::var_os("SVE_PRINT_LOG").is_some() {
        eprintln!("{}", bot_match_log(&db, ["SD01", "SD02"], 1).join("\n"));
    }
}

#[test]
fn every_move_reads_as_player_words() {
    let s = Board::builder()
        .side(PlayerId(1), Side::new().field(["V1"]))
        .build();
    let v1 = s.card(PlayerId(1), Zone::Field, "V1");
    let def = s.game.state().card(v1).def;
    let zones = [
        Zone::Leader,
        Zone::Deck,
        Zone::Hand,
        Zone::Field,
        Zone::ExArea,
        Zone::Cemetery,
        Zone::Banished,
        Zone::EvolveDeck,
        Zone::EvolveZone,
        Zone::Resolution,
        Zone::RemovedFromGame,
    ];
    let causes = [
        MoveCause::Setup,
        MoveCause::Draw,
        MoveCause::Mulligan,
        MoveCause::Play,
        MoveCause::SpellResolved,
        MoveCause::Destroy { by_ability: false },
        MoveCause::Bury,
        MoveCause::Discard,
        MoveCause::Banish,
        MoveCause::ReturnToHand,
        MoveCause::ToDeck,
        MoveCause::PutByEffect,
        MoveCause::TokenCreated,
        MoveCause::TokenRemoved,
        MoveCause::RulesHandling,
        MoveCause::Cost,
        MoveCause::Sandbox,
        MoveCause::Evolve,
        MoveCause::Race,
        MoveCause::ControlChange,
    ];
    let mut texts = Vec::new();
    for cause in causes {
        for from in zones {
            for to in zones {
                let event = Event::Moved {
                    card: v1,
                    def: Some(def),
                    owner: PlayerId(1),
                    controller: PlayerId(1),
                    from,
                    to,
                    cause,
                    evolved: None,
                };
                if let Some(log) = render(&event, s.game.state(), s.game.db()).log {
                    texts.push(log.text);
                }
            }
        }
    }
    for text in &texts {
        assert_player_words(s.game.db(), text, "a move");
    }
    assert!(texts.contains(&"P2's V1 is put into the hand".to_owned()));
}

#[test]
fn spells_counters_and_failures_read_as_player_words() {
    let s = Board::builder()
        .side(PlayerId(0), Side::new().field(["Stack Totem"]))
        .build();
    let totem = s.card(PlayerId(0), Zone::Field, "Stack Totem");
    let db = s.game.db();
    let bolt = db.by_card_id("TEST-BOLT").expect("a test card");
    let spell = db
        .get(bolt)
        .abilities
        .iter()
        .position(|a| a.kind == crate::cards::AbilityKind::Spell)
        .and_then(|idx| u8::try_from(idx).ok())
        .map(AbilityIdx)
        .expect("Quick Bolt has a spell ability");
    let counter = crate::cards::Counter::Stack;
    // A card the state lacks reads with its definition's name.
    let gone = crate::engine::CardRef(1_999);
    let events = [
        Event::AbilityResolved {
            card: gone,
            def: bolt,
            ability: crate::engine::PendingWhat::Ability(spell),
        },
        Event::CountersChanged {
            card: totem,
            counter,
            from: 2,
            to: 1,
        },
        Event::CountersChanged {
            card: totem,
            counter,
            from: 1,
            to: 3,
        },
        Event::AbilityFizzled {
            card: gone,
            def: bolt,
            ability: spell,
            reason: "card code panicked".to_owned(),
        },
    ];
    let texts: Vec<String> = events
        .iter()
        .filter_map(|e| render(e, s.game.state(), s.game.db()).log)
        .map(|log| log.text)
        .collect();
    for text in &texts {
        assert_player_words(s.game.db(), text, "an ability");
    }
    expect_test::expect![[r#"
        Quick Bolt (spell)
        Stack Totem loses 1 Stack counter (1 left)
        Stack Totem gets 2 Stack counters (3 in all)
        error: Quick Bolt (spell) failed and did nothing (TEST-BOLT ability 0): card code panicked"#]]
    .assert_eq(&texts.join("\n"));
}

/// The log lines of one bot match, each rendered against the state right
/// after its step, as the client and the terminal render them.
fn bot_match_log(db: &Arc<CardDb>, decks: [&str; 2], seed: u64) -> Vec<String> {
    let deck = |name: &str| salted(db, name);
    let mut game = Match::new(
        Arc::clone(db),
        Arc::new(test_runner()),
        [deck(decks[0]), deck(decks[1])],
        seed,
    );
    let mut bots = [BotKind::Random.build(seed), BotKind::Greedy.build(seed + 1)];
    let mut log = Vec::new();
    for _ in 0..20_000 {
        let status = game.step();
        let decision = match status {
            Status::GameOver(_) => None,
            Status::Decision(decision) => Some(decision.clone()),
        };
        for event in game.take_events() {
            if let Some(line) = render(&event, game.state(), game.db()).log {
                log.push(line.text);
            }
        }
        let Some(decision) = decision else { break };
        let picks = bots[decision.player.idx()].choose(&game, &decision);
        if game.answer(decision.player, &picks).is_err() {
            break;
        }
    }
    log
}

/// A starter deck with the [`SALT`] cards in place of some of its own.
fn salted(db: &CardDb, name: &str) -> DeckList {
    let file = starter_deck(name).expect("a bundled deck");
    let mut deck = resolve(&file, db).expect("resolves against the starter cards");
    let salt = SALT
        .iter()
        .flat_map(|id| std::iter::repeat_n(*id, 3))
        .filter_map(|id| db.by_card_id(id));
    for (slot, def) in deck.main.iter_mut().zip(salt) {
        *slot = def;
    }
    deck
}

/// Fails unless `line` reads as player words once card names are set
/// aside: no CamelCase or snake_case word, no Rust syntax, no "nowhere".
fn assert_player_words(db: &CardDb, line: &str, context: &str) {
    let mut words = line.to_owned();
    for (_, def) in db.iter() {
        words = words.replace(def.display_name(), "");
    }
    assert!(
        !words.contains("nowhere"),
        "{context}: {line:?} says nowhere"
    );
    for bad in ["::", "{", "}", "Some(", "None", "_"] {
        assert!(!words.contains(bad), "{context}: {line:?} has {bad:?}");
    }
    for word in words.split(|c: char| !c.is_alphanumeric()) {
        let mut chars = word.chars();
        let inner_capital = chars.next().is_some()
            && word
                .chars()
                .zip(word.chars().skip(1))
                .any(|(a, b)| a.is_lowercase() && b.is_uppercase());
        assert!(
            !inner_capital,
            "{context}: {line:?} has the identifier {word:?}"
        );
    }
}
