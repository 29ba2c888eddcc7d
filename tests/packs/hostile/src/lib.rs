//! Spells that misbehave on purpose (each must fizzle with a clear error
//! while the match goes on), plus two for benchmarks of the call boundary.

use sve_sdk::prelude::*;

struct Hostile;

/// (id, name, effect) of each hostile spell.
const SPELLS: &[(&str, &str, Effect)] = &[
    ("HOSTILE-LOOP", "Endless Loop", endless_loop),
    (
        "HOSTILE-ALLOC",
        "Unbounded Allocation",
        unbounded_allocation,
    ),
    ("HOSTILE-RECURSE", "Deep Recursion", deep_recursion),
    ("HOSTILE-PANIC", "Panic", panic),
    ("HOSTILE-FILE", "Read a File", read_a_file),
    ("HOSTILE-CLOCK", "Read the Clock", read_the_clock),
    ("HOSTILE-ASK", "Ask Forever", ask_forever),
    ("HOSTILE-OK", "Well Behaved", well_behaved),
    ("HOSTILE-HUGE", "Huge Numbers", huge_numbers),
    (
        "HOSTILE-BADCARD",
        "Offer a Missing Card",
        offer_a_missing_card,
    ),
    ("BENCH-NOOP", "No-op", no_op),
    ("BENCH-CALLS", "Thousand Host Calls", thousand_host_calls),
];

impl Pack for Hostile {
    fn cards() -> Vec<Card> {
        SPELLS
            .iter()
            .map(|(id, name, effect)| {
                Card::spell(id, name, Class::Neutral, 0).spell_effect(name, *effect)
            })
            .collect()
    }
}

fn endless_loop(game: &mut Game) -> Result<(), Stop> {
    let mut n: u64 = 0;
    loop {
        n = n.wrapping_add(game.source() as u64);
        if n == u64::MAX {
            return Ok(());
        }
    }
}

fn unbounded_allocation(_game: &mut Game) -> Result<(), Stop> {
    let mut hoard: Vec<Vec<u8>> = Vec::new();
    loop {
        hoard.push(vec![1u8; 1 << 20]);
        if hoard.len() == usize::MAX {
            return Ok(());
        }
    }
}

fn deep_recursion(game: &mut Game) -> Result<(), Stop> {
    fn dive(n: u64, pad: [u64; 16]) -> u64 {
        if n == u64::MAX {
            return pad[0];
        }
        dive(n + 1, pad) + pad[(n % 16) as usize]
    }
    let depth = dive(0, [game.source() as u64; 16]);
    Err(Stop::Error(format!("returned from depth {depth}")))
}

fn panic(_game: &mut Game) -> Result<(), Stop> {
    panic!("the card's code is broken")
}

fn read_a_file(_game: &mut Game) -> Result<(), Stop> {
    match std::fs::read_to_string("/etc/passwd") {
        Ok(text) => Err(Stop::Error(format!("read {} bytes", text.len()))),
        Err(e) => Err(Stop::Error(format!("no file access: {e}"))),
    }
}

fn read_the_clock(_game: &mut Game) -> Result<(), Stop> {
    let now = std::time::SystemTime::now();
    Err(Stop::Error(format!("read the clock: {now:?}")))
}

fn ask_forever(game: &mut Game) -> Result<(), Stop> {
    loop {
        game.yes_no("Again?")?;
    }
}

fn huge_numbers(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    for card in game.followers(me) {
        game.give_stats(card, i32::MAX, i32::MAX, Duration::WhileInZone);
        game.give_stats(card, i32::MAX, i32::MAX, Duration::WhileInZone);
        game.damage_follower(card, i32::MAX);
    }
    let opponent = game.opponent();
    game.damage_leader(opponent, i32::MAX);
    game.damage_leader(opponent, i32::MAX);
    game.add_play_points(me, i32::MAX);
    game.add_evolve_points(me, i32::MAX);
    game.add_evolve_points(me, i32::MAX);
    Ok(())
}

fn offer_a_missing_card(game: &mut Game) -> Result<(), Stop> {
    game.ask(
        game.me(),
        "Pick a card that does not exist",
        vec![ChoiceOption::Card(60_000)],
        1,
        1,
    )?;
    Ok(())
}

fn no_op(_game: &mut Game) -> Result<(), Stop> {
    Ok(())
}

fn thousand_host_calls(game: &mut Game) -> Result<(), Stop> {
    let mut sum = 0u32;
    for _ in 0..1000 {
        sum = sum.wrapping_add(u32::from(game.active_player().index()));
    }
    if sum > 1000 {
        return Err(Stop::Error("impossible".to_owned()));
    }
    Ok(())
}

fn well_behaved(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    game.draw(me, 1);
    Ok(())
}

sve_sdk::export_pack!(Hostile);
