//! Spells that misbehave on purpose (each must fizzle with a clear error
//! while the match goes on), plus two for benchmarks of the call boundary.

use sve_sdk::prelude::*;

struct Hostile;

/// (id, name) of each hostile spell, in ability order.
const SPELLS: &[(&str, &str)] = &[
    ("HOSTILE-LOOP", "Endless Loop"),
    ("HOSTILE-ALLOC", "Unbounded Allocation"),
    ("HOSTILE-RECURSE", "Deep Recursion"),
    ("HOSTILE-PANIC", "Panic"),
    ("HOSTILE-FILE", "Read a File"),
    ("HOSTILE-CLOCK", "Read the Clock"),
    ("HOSTILE-ASK", "Ask Forever"),
    ("HOSTILE-OK", "Well Behaved"),
    ("HOSTILE-HUGE", "Huge Numbers"),
    ("HOSTILE-BADCARD", "Offer a Missing Card"),
    ("BENCH-NOOP", "No-op"),
    ("BENCH-CALLS", "Thousand Host Calls"),
];

impl Pack for Hostile {
    fn cards() -> Vec<CardDef> {
        SPELLS
            .iter()
            .map(|(id, name)| {
                Card::spell(id, name, Class::Neutral, 0)
                    .spell_effect(name)
                    .build()
            })
            .collect()
    }

    fn resolve(game: &mut Game, call: &Call) -> Result<(), Stop> {
        match call.card_id.as_str() {
            "HOSTILE-LOOP" => {
                let mut n: u64 = 0;
                loop {
                    n = n.wrapping_add(game.source() as u64);
                    if n == u64::MAX {
                        return Ok(());
                    }
                }
            }
            "HOSTILE-ALLOC" => {
                let mut hoard: Vec<Vec<u8>> = Vec::new();
                loop {
                    hoard.push(vec![1u8; 1 << 20]);
                    if hoard.len() == usize::MAX {
                        return Ok(());
                    }
                }
            }
            "HOSTILE-RECURSE" => {
                fn dive(n: u64, pad: [u64; 16]) -> u64 {
                    if n == u64::MAX {
                        return pad[0];
                    }
                    dive(n + 1, pad) + pad[(n % 16) as usize]
                }
                let depth = dive(0, [game.source() as u64; 16]);
                Err(Stop::Error(format!("returned from depth {depth}")))
            }
            "HOSTILE-PANIC" => panic!("the card's code is broken"),
            "HOSTILE-FILE" => match std::fs::read_to_string("/etc/passwd") {
                Ok(text) => Err(Stop::Error(format!("read {} bytes", text.len()))),
                Err(e) => Err(Stop::Error(format!("no file access: {e}"))),
            },
            "HOSTILE-CLOCK" => {
                let now = std::time::SystemTime::now();
                Err(Stop::Error(format!("read the clock: {now:?}")))
            }
            "HOSTILE-ASK" => loop {
                game.yes_no("Again?")?;
            },
            "HOSTILE-HUGE" => {
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
            "HOSTILE-BADCARD" => {
                game.ask(
                    game.me(),
                    "Pick a card that does not exist",
                    vec![ChoiceOption::Card(60_000)],
                    1,
                    1,
                )?;
                Ok(())
            }
            "BENCH-NOOP" => Ok(()),
            "BENCH-CALLS" => {
                let mut sum = 0u32;
                for _ in 0..1000 {
                    sum = sum.wrapping_add(u32::from(game.active_player()));
                }
                if sum > 1000 {
                    return Err(Stop::Error("impossible".to_owned()));
                }
                Ok(())
            }
            "HOSTILE-OK" => {
                let me = game.me();
                game.draw(me, 1);
                Ok(())
            }
            _ => Err(Stop::unknown(call)),
        }
    }
}

sve_sdk::export_pack!(Hostile);
