//! What each room holds, decided for the whole map at once so the mix
//! follows the configured odds ([`crate::balance::EventOdds`]).
//!
//! Floor 1 is all fights and the floor below the boss all heals; the other
//! rooms ("free rooms") share out the odds: each event gets its share of
//! the free rooms (largest remainders), the list is shuffled onto them, and
//! elites below `elite_min_floor` trade places with later rooms. Unique
//! events are placed on top, on rooms from `unique_min_floor` up. A random
//! event is settled when the player enters it ([`settle_random`]).

use crate::balance::Balance;
use crate::map::Room;
use crate::rng::Draws;
use serde::{Deserialize, Serialize};

/// A room's event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum EventKind {
    /// The start room (holds the start torch).
    Start,
    /// A fight against a bot.
    Fight,
    /// A harder fight that pays more.
    Elite,
    /// Buy and sell cards, remove a card, buy torches.
    Shop,
    /// Restore leader defense.
    Heal,
    /// Mostly a choice scenario, sometimes a fight, shop or heal.
    Random,
    /// The last fight.
    Boss,
}

impl EventKind {
    /// The events placed by odds, in the order of [`EventOdds`]'s fields.
    ///
    /// [`EventOdds`]: crate::balance::EventOdds
    pub const PLACED: [EventKind; 5] = [
        EventKind::Fight,
        EventKind::Elite,
        EventKind::Shop,
        EventKind::Heal,
        EventKind::Random,
    ];

    /// Its name, for text and JSON.
    pub fn name(self) -> &'static str {
        match self {
            EventKind::Start => "start",
            EventKind::Fight => "fight",
            EventKind::Elite => "elite",
            EventKind::Shop => "shop",
            EventKind::Heal => "heal",
            EventKind::Random => "random",
            EventKind::Boss => "boss",
        }
    }

    /// Whether it is a fight of some kind.
    pub fn is_fight(self) -> bool {
        matches!(self, EventKind::Fight | EventKind::Elite | EventKind::Boss)
    }
}

/// A unique event: it triggers only at light level 2 or more, after the
/// room's own event, and the player may decline it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UniqueKind {
    /// A relic no one else gets.
    Relic,
    /// A special fight at elite strength whose reward includes a relic and
    /// a pick of the pool's most costly cards.
    Fight,
}

/// The light level a unique event needs to trigger.
pub const UNIQUE_MIN_LIGHT: u32 = 2;

/// Whether a unique event triggers at this light level.
pub fn unique_triggers(level: u32) -> bool {
    level >= UNIQUE_MIN_LIGHT
}

/// The weight of each placed event in the odds.
pub fn weights(balance: &Balance) -> [u32; 5] {
    let odds = &balance.odds;
    [odds.fight, odds.elite, odds.shop, odds.heal, odds.random]
}

/// Whether a room's event is fixed by its floor rather than drawn from the
/// odds: the start, floor 1, the floor below the boss, the boss.
pub fn is_fixed_floor(floor: u8, floors: u8) -> bool {
    floor <= 1 || floor + 1 >= floors
}

/// Places the events of a map's rooms (see the module docs).
pub fn place(rooms: &mut [Room], seed: u64, balance: &Balance) {
    let floors = balance.map.floors;
    for room in rooms.iter_mut() {
        room.event = match room.floor {
            0 => EventKind::Start,
            1 => EventKind::Fight,
            f if f == floors => EventKind::Boss,
            f if f + 1 == floors => EventKind::Heal,
            _ => EventKind::Random,
        };
    }
    let free: Vec<usize> = (0..rooms.len())
        .filter(|idx| !is_fixed_floor(rooms[*idx].floor, floors))
        .collect();
    let mut mix = shares(&weights(balance), free.len());
    let mut draws = Draws::new(seed, "events", 0);
    draws.shuffle(&mut mix);
    for (room_idx, event) in free.iter().zip(&mix) {
        rooms[*room_idx].event = *event;
    }
    // Elites too early trade places with a later non-elite room.
    let min = balance.map.elite_min_floor;
    for position in 0..free.len() {
        let here = free[position];
        if rooms[here].event != EventKind::Elite || rooms[here].floor >= min {
            continue;
        }
        let later: Vec<usize> = free
            .iter()
            .copied()
            .filter(|idx| rooms[*idx].floor >= min && rooms[*idx].event != EventKind::Elite)
            .collect();
        match later.len() {
            0 => rooms[here].event = EventKind::Fight,
            n => {
                let there = later[draws.below(n as u64) as usize];
                rooms[here].event = rooms[there].event;
                rooms[there].event = EventKind::Elite;
            }
        }
    }
    let mut candidates: Vec<usize> = (0..rooms.len())
        .filter(|idx| {
            let floor = rooms[*idx].floor;
            floor >= balance.map.unique_min_floor.max(1) && floor < floors
        })
        .collect();
    let mut unique_draws = Draws::new(seed, "unique", 0);
    unique_draws.shuffle(&mut candidates);
    for idx in candidates
        .into_iter()
        .take(usize::from(balance.map.unique_rooms))
    {
        rooms[idx].unique = Some(if unique_draws.chance(balance.odds.unique_fight_percent) {
            UniqueKind::Fight
        } else {
            UniqueKind::Relic
        });
    }
}

/// The events to place on `rooms` free rooms: each event's share of the
/// weights, rounded by largest remainders, so the counts add up to `rooms`.
pub fn shares(weights: &[u32; 5], rooms: usize) -> Vec<EventKind> {
    let total: u64 = weights.iter().map(|w| u64::from(*w)).sum();
    if total == 0 {
        return vec![EventKind::Fight; rooms];
    }
    let exact: Vec<u64> = weights
        .iter()
        .map(|w| u64::from(*w) * rooms as u64)
        .collect();
    let mut counts: Vec<u64> = exact.iter().map(|e| e / total).collect();
    let mut left = rooms as u64 - counts.iter().sum::<u64>();
    // Largest remainder first; ties to the earlier event.
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by_key(|idx| std::cmp::Reverse(exact[*idx] % total));
    for idx in order {
        if left == 0 {
            break;
        }
        counts[idx] += 1;
        left -= 1;
    }
    EventKind::PLACED
        .iter()
        .zip(counts)
        .flat_map(|(event, count)| std::iter::repeat_n(*event, count as usize))
        .collect()
}

/// What a random event turns out to be when the player enters it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Settled {
    /// Another event (a fight, shop or heal).
    Event(EventKind),
    /// A choice scenario, by index in [`Balance::scenarios`].
    Scenario(usize),
}

/// Settles a random event: `random_other_percent` of the time a fight, shop
/// or heal (by their odds), else a scenario.
pub fn settle_random(balance: &Balance, draws: &mut Draws) -> Settled {
    let others = [
        (EventKind::Fight, balance.odds.fight),
        (EventKind::Shop, balance.odds.shop),
        (EventKind::Heal, balance.odds.heal),
    ];
    let other = draws.chance(balance.odds.random_other_percent) || balance.scenarios.is_empty();
    if other {
        let weights: Vec<u64> = others.iter().map(|(_, w)| u64::from(*w)).collect();
        let kind = draws
            .weighted(&weights)
            .map_or(EventKind::Fight, |idx| others[idx].0);
        return Settled::Event(kind);
    }
    Settled::Scenario(draws.below(balance.scenarios.len() as u64) as usize)
}

#[cfg(test)]
mod tests {
    use super::{EventKind, is_fixed_floor, shares, weights};
    use crate::balance::Balance;
    use crate::map::Map;
    use proptest::prelude::*;

    #[test]
    fn shares_add_up_and_follow_the_weights() {
        let mix = shares(&[45, 12, 8, 12, 23], 100);
        assert_eq!(mix.len(), 100);
        let count = |kind| mix.iter().filter(|e| **e == kind).count();
        assert_eq!(count(EventKind::Fight), 45);
        assert_eq!(count(EventKind::Random), 23);
        assert_eq!(shares(&[1, 1, 1, 0, 0], 2).len(), 2);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Each event's share of a map's free rooms is within one room of
        /// its odds, whatever the odds and the seed.
        #[test]
        fn the_event_mix_matches_the_configured_odds(
            seed in any::<u64>(),
            odds in prop::array::uniform5(0u32..50),
            elite_min_floor in 1u8..8,
        ) {
            prop_assume!(odds.iter().sum::<u32>() > 0);
            // Elites outnumbering the rest could find no later room to
            // trade with (they then become fights, off the odds).
            prop_assume!(odds[0] + odds[2] + odds[3] + odds[4] >= odds[1]);
            let mut balance = Balance::default();
            balance.odds.fight = odds[0];
            balance.odds.elite = odds[1];
            balance.odds.shop = odds[2];
            balance.odds.heal = odds[3];
            balance.odds.random = odds[4];
            balance.map.elite_min_floor = elite_min_floor;
            let map = Map::generate(seed, &balance);
            let free: Vec<_> = map
                .rooms()
                .iter()
                .filter(|r| !is_fixed_floor(r.floor, balance.map.floors))
                .collect();
            let total: u32 = weights(&balance).iter().sum();
            for (kind, weight) in EventKind::PLACED.iter().zip(weights(&balance)) {
                let got = free.iter().filter(|r| r.event == *kind).count() as f64;
                let want = f64::from(weight) * free.len() as f64 / f64::from(total);
                prop_assert!((got - want).abs() <= 1.0,
                    "seed {seed}: {} rooms of {kind:?}, odds say {want:.1}", got);
            }
            for room in &free {
                if room.event == EventKind::Elite {
                    prop_assert!(room.floor >= elite_min_floor);
                }
            }
        }
    }

    #[test]
    fn unique_events_sit_on_their_floors() {
        let balance = Balance::default();
        for seed in 0..20 {
            let map = Map::generate(seed, &balance);
            let unique: Vec<_> = map.rooms().iter().filter(|r| r.unique.is_some()).collect();
            assert_eq!(unique.len(), 3, "seed {seed}");
            assert!(unique.iter().all(|r| r.floor >= 3 && r.floor < 15));
        }
    }
}
