//! Cards written as a malicious or careless pack author would: each attacks
//! one limit of the host (tests named after the attack check that it holds),
//! and two call random host functions with random arguments, drawn from the
//! match's own RNG, for the chaos property test (every match ends, no rules
//! invariant breaks).

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};
use sve_sdk::prelude::*;

struct Chaos;

/// Random host calls, as a spell.
const RANDOM_SPELL: &str = "CHAOS-RANDOM";
/// Random host calls at fanfare and last words.
const RANDOM_FOLLOWER: &str = "CHAOS-FOLLOWER";
/// Buries itself while it resolves and plays itself again from the
/// cemetery (the loop of the first hostile-pack audit).
const ECHO: &str = "CHAOS-ECHO";
/// A follower whose fanfare returns it to the hand and plays it again.
const BOOMERANG: &str = "CHAOS-BOOMERANG";
/// Adds lasting effects in an endless loop.
const EFFECT_FLOOD: &str = "CHAOS-FLOOD";
/// Reads the game in an endless loop.
const CALL_FLOOD: &str = "CHAOS-CALLS";
/// Summons and banishes a thousand tokens (within one run's budget of
/// changes; a few casts fill the card arena).
const TOKEN_FLOOD: &str = "CHAOS-TOKENS";
/// A token the floods summon.
const TOKEN: &str = "CHAOS-TOKEN";
/// Keeps state in statics and lets it steer the game.
const STATICS: &str = "CHAOS-STATICS";
/// Tries to move both leaders anywhere.
const LEADER_MOVER: &str = "CHAOS-LEADERS";
/// A free activated ability that always looks worth using.
const FREE_ACT: &str = "CHAOS-FREE-ACT";
/// Asks to select among a hundred thousand copies of one card.
const HUGE_SELECT: &str = "CHAOS-HUGE-SELECT";
/// Asks a question whose labels hold 5 MB of text in all.
const HEAVY_LABELS: &str = "CHAOS-HEAVY-LABELS";

/// Calls since the instance started: only a fresh instance per call keeps
/// this from steering a match differently from its replay.
static CALLS: AtomicU32 = AtomicU32::new(0);
/// A std HashMap in a static: its contents (and its seed) survive between
/// calls of one instance.
static SEEN: Mutex<Option<HashMap<u32, u32>>> = Mutex::new(None);

impl Pack for Chaos {
    fn cards() -> Vec<Card> {
        vec![
            Card::spell(RANDOM_SPELL, "Chaos Bolt", Class::Neutral, 0)
                .spell_effect("Does random things.", random_calls),
            Card::follower(RANDOM_FOLLOWER, "Chaos Imp", Class::Neutral, 1, 1, 1)
                .fanfare("Does random things.", random_calls)
                .last_words("Does random things.", random_calls),
            Card::spell(ECHO, "Endless Echo", Class::Neutral, 0).spell_effect(
                "Put this card into your cemetery, then play it again for 0.",
                echo,
            ),
            Card::follower(BOOMERANG, "Boomerang Imp", Class::Neutral, 0, 1, 1).fanfare(
                "Return this follower to your hand, then play it for 0.",
                boomerang,
            ),
            Card::spell(EFFECT_FLOOD, "Effect Flood", Class::Neutral, 0)
                .spell_effect("Give your leader's followers +1/+1, forever.", effect_flood),
            Card::spell(CALL_FLOOD, "Call Flood", Class::Neutral, 0)
                .spell_effect("Ask who is active, forever.", call_flood),
            Card::spell(TOKEN_FLOOD, "Token Flood", Class::Neutral, 0)
                .spell_effect("Summon and banish 1,000 tokens.", token_flood),
            Card::follower(TOKEN, "Chaos Mote", Class::Neutral, 0, 1, 1).token(),
            Card::spell(STATICS, "Remembering Spell", Class::Neutral, 0).spell_effect(
                "Draw a card the second time this is cast, else deal 1 to the enemy leader.",
                statics,
            ),
            Card::spell(LEADER_MOVER, "Leader Thief", Class::Neutral, 0)
                .spell_effect("Move both leaders anywhere.", leader_mover),
            Card::follower(FREE_ACT, "Tireless Golem", Class::Neutral, 1, 1, 1)
                .activated(
                    Vec::new(),
                    "This follower gets +1/+1 until the end of the turn.",
                    grow,
                )
                .named("Grow"),
            Card::spell(HUGE_SELECT, "Endless Choice", Class::Neutral, 0).spell_effect(
                "Select one of 100,000 copies of this card.",
                huge_select,
            ),
            Card::spell(HEAVY_LABELS, "Heavy Question", Class::Neutral, 0).spell_effect(
                "Ask a question with fifty 100 KB labels.",
                heavy_labels,
            ),
        ]
    }
}

fn heavy_labels(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    let options = (0..50)
        .map(|_| ChoiceOption::Label("x".repeat(100_000)))
        .collect();
    game.ask(me, "Which?", options, 1, 1)?;
    Ok(())
}

fn huge_select(game: &mut Game) -> Result<(), Stop> {
    let this = game.source();
    game.select("Pick one", vec![this; 100_000], 1, 1)?;
    Ok(())
}

fn random_calls(game: &mut Game) -> Result<(), Stop> {
    let steps = 1 + game.random(16);
    for _ in 0..steps {
        random_call(game)?;
    }
    Ok(())
}

fn echo(game: &mut Game) -> Result<(), Stop> {
    let this = game.source();
    game.bury(this);
    game.play_card(this, Some(0));
    Ok(())
}

fn boomerang(game: &mut Game) -> Result<(), Stop> {
    let this = game.source();
    game.return_to_hand(this);
    game.play_card(this, Some(0));
    Ok(())
}

fn effect_flood(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    let leader = game.cards_in(me, Zone::Leader);
    let target = game
        .followers(me)
        .first()
        .copied()
        .or(leader.first().copied());
    let Some(target) = target else {
        return Ok(());
    };
    for _ in 0..20_000_000u32 {
        game.give_stats(target, 1, 1, Duration::WhileInZone);
    }
    Ok(())
}

fn call_flood(game: &mut Game) -> Result<(), Stop> {
    let mut sum = 0u64;
    loop {
        sum = sum.wrapping_add(u64::from(game.active_player().index()));
        if sum == u64::MAX {
            return Ok(());
        }
    }
}

fn token_flood(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    for _ in 0..100 {
        let tokens = game
            .summon_token(me, TOKEN, 10, TokenDestination::ExArea)
            .unwrap_or_default();
        for token in tokens {
            game.banish(token);
        }
    }
    Ok(())
}

fn statics(game: &mut Game) -> Result<(), Stop> {
    let source = game.source();
    let calls = CALLS.fetch_add(1, Ordering::Relaxed) + 1;
    let remembered = {
        let mut seen = SEEN.lock().map_err(|_| Stop::Error("poisoned".into()))?;
        let map = seen.get_or_insert_with(HashMap::new);
        *map.entry(source).or_insert(0) += 1;
        // Iteration order depends on the map's seed and history.
        map.keys().next().copied().unwrap_or(0)
    };
    if calls.is_multiple_of(2) || remembered != source {
        let me = game.me();
        game.draw(me, 1);
    } else {
        let opponent = game.opponent();
        game.damage_leader(opponent, 1);
    }
    Ok(())
}

fn leader_mover(game: &mut Game) -> Result<(), Stop> {
    for player in [game.me(), game.opponent()] {
        for leader in game.cards_in(player, Zone::Leader) {
            game.put_into_ex_area(leader);
            game.put_onto_field(leader);
            game.put_onto_field_for(leader, player);
            game.return_to_hand(leader);
            game.put_into_deck(leader, true);
            game.bury(leader);
            game.banish(leader);
            game.destroy(leader);
            game.discard(&[leader]);
            game.deck_to_hand(leader);
            game.evolve(leader);
            game.play_card(leader, Some(0));
            game.engage(leader);
        }
    }
    Ok(())
}

fn grow(game: &mut Game) -> Result<(), Stop> {
    let me = game.source();
    game.give_stats(me, 1, 1, Duration::EndOfTurn);
    Ok(())
}

/// Numbers a careless or malicious author might pass.
const AMOUNTS: &[i32] = &[i32::MIN, -1_000_000, -5, -1, 0, 1, 2, 3, 5, 100, i32::MAX];

const ZONES: &[Zone] = &[
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
    Zone::Removed,
];

const DURATIONS: &[Duration] = &[
    Duration::WhileInZone,
    Duration::EndOfTurn,
    Duration::EndOfOpponentNextTurn,
];

fn pick<T: Copy>(game: &mut Game, items: &[T]) -> T {
    items[game.random(items.len() as u32) as usize % items.len()]
}

/// A player, sometimes out of range.
fn player(game: &mut Game) -> Player {
    Player::new(game.random(3) as u8)
}

/// A card: usually one that exists somewhere, sometimes any number.
fn card(game: &mut Game) -> CardRef {
    if game.random(8) == 0 {
        return match game.random(3) {
            0 => game.random(400),
            1 => u32::MAX - game.random(3),
            _ => 65_536 + game.random(8),
        };
    }
    let owner = player(game);
    let zone = pick(game, ZONES);
    let cards = game.cards_in(owner, zone);
    if cards.is_empty() {
        return game.source();
    }
    let idx = game.random(cards.len() as u32) as usize;
    cards[idx % cards.len()]
}

/// One random host call with random arguments.
fn random_call(game: &mut Game) -> Result<(), Stop> {
    let amount = pick(game, AMOUNTS);
    let duration = pick(game, DURATIONS);
    match game.random(40) {
        0 => {
            let p = player(game);
            game.draw(p, amount.unsigned_abs() % 8);
        }
        1 => {
            let c = card(game);
            game.damage_follower(c, amount);
        }
        2 => {
            let p = player(game);
            game.damage_leader(p, amount % 8);
        }
        3 => {
            let p = player(game);
            game.change_leader_defense(p, amount);
        }
        4 => {
            let c = card(game);
            game.destroy(c);
        }
        5 => {
            let c = card(game);
            game.banish(c);
        }
        6 => {
            let c = card(game);
            game.bury(c);
        }
        7 => {
            let c = card(game);
            game.return_to_hand(c);
        }
        8 => {
            let c = card(game);
            let bottom = game.random(2) == 0;
            game.put_into_deck(c, bottom);
        }
        9 => {
            let c = card(game);
            game.put_onto_field(c);
        }
        10 => {
            let c = card(game);
            let p = player(game);
            game.put_onto_field_for(c, p);
        }
        11 => {
            let c = card(game);
            game.put_into_ex_area(c);
        }
        12 => {
            let cards = [card(game), card(game)];
            game.discard(&cards);
        }
        13 => {
            let p = player(game);
            let id = pick(
                game,
                &[TOKEN, RANDOM_FOLLOWER, "NO-SUCH-CARD", LEADER_MOVER],
            );
            let count = amount.unsigned_abs() % 12;
            let to = pick(
                game,
                &[
                    TokenDestination::Field,
                    TokenDestination::ExArea,
                    TokenDestination::FieldOverflowToEx,
                ],
            );
            let _ = game.summon_token(p, id, count, to);
        }
        14 => {
            let c = card(game);
            let defense = pick(game, AMOUNTS);
            game.give_stats(c, amount, defense, duration);
        }
        15 => {
            let c = card(game);
            let keywords = pick(
                game,
                &[
                    Keywords::STORM,
                    Keywords::WARD | Keywords::BANE,
                    Keywords::CANNOT_ATTACK,
                    Keywords::STACK,
                    Keywords::PUT_ON_FIELD_ENGAGED,
                    Keywords::all(),
                ],
            );
            game.give_keywords(c, keywords, duration);
        }
        16 => {
            let c = card(game);
            game.change_cost(c, amount, duration);
        }
        17 => {
            let c = card(game);
            let cost = pick(game, &[None, Some(0), Some(-3), Some(i32::MAX)]);
            game.play_card(c, cost);
        }
        18 => {
            let c = card(game);
            let count = game.random(5) as u8;
            let use_ep = game.random(2) == 0;
            game.race(c, count, use_ep);
        }
        19 => {
            let c = card(game);
            game.turn_face_down(c);
        }
        20 => {
            let c = card(game);
            game.change_evolve_cost(c, amount, duration);
        }
        21 => {
            let c = card(game);
            game.set_evolve_cost(c, amount, duration);
        }
        22 => {
            let c = card(game);
            let name = pick(game, &["Elf", "", "\u{1b}[2J", "Officer"]);
            game.give_trait(c, name, duration);
        }
        23 => {
            let c = card(game);
            let counter = pick(
                game,
                &[
                    Counter::Stack,
                    Counter::Spell,
                    Counter::Prayer,
                    Counter::Fable,
                ],
            );
            game.add_counters(c, counter, amount);
        }
        24 => {
            let c = card(game);
            game.engage(c);
        }
        25 => {
            let c = card(game);
            game.refresh(c);
        }
        26 => {
            let p = player(game);
            game.add_play_points(p, amount);
        }
        27 => {
            let p = player(game);
            game.add_max_play_points(p, amount);
        }
        28 => {
            let p = player(game);
            game.add_evolve_points(p, amount);
        }
        29 => {
            let c = card(game);
            game.evolve(c);
        }
        30 => {
            let p = player(game);
            game.shuffle(p);
        }
        31 => {
            let p = player(game);
            game.mill(p, amount.unsigned_abs() % 6);
        }
        32 => {
            let c = card(game);
            game.deck_to_hand(c);
        }
        33 => {
            if game.random(20) == 0 {
                let p = player(game);
                game.extra_turn(p);
            }
        }
        34 => {
            let options = vec![
                ChoiceOption::Yes,
                ChoiceOption::Card(card(game)),
                ChoiceOption::Label("\u{1b}[31mred\u{1b}[0m".to_owned()),
            ];
            let min = game.random(4);
            let max = game.random(4);
            let p = player(game);
            game.ask(p, "Chaos asks", options, min, max)?;
        }
        35 => {
            let candidates = vec![card(game), card(game), card(game)];
            let min = game.random(3);
            game.select("Chaos selects", candidates, min, 2)?;
        }
        36 => {
            let candidates = vec![card(game), card(game)];
            let min = game.random(3);
            game.choose_cards("Chaos chooses", candidates, min, 1)?;
        }
        37 => {
            let c = card(game);
            let _ = game.card(c);
            let _ = game.turns_on_field(c);
            let _ = game.evolve_cost(c);
            let _ = game.came_from(c);
            let _ = game.is_face_up(c);
            let _ = game.is_racing(c);
        }
        38 => {
            let p = player(game);
            let _ = game.player(p);
            let _ = game.this_turn(p);
            let zone = pick(game, ZONES);
            let _ = game.matching(p, zone, &sve_sdk::any_card());
        }
        _ => {
            let me = game.me();
            game.log("chaos \u{1b}[2J was here");
            game.add_play_points(me, 1);
        }
    }
    Ok(())
}

sve_sdk::export_pack!(Chaos);
