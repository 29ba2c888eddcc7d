//! The map: floors of rooms generated from a seed, and the paths up them.
//!
//! Rooms sit on a grid of `columns` × `floors` above a start room (floor 0,
//! the middle column). A move goes one floor up, to the room directly above
//! or to one of its side neighbours; the last floor holds the boss alone, in
//! the middle. The map is made by walking [`MapBalance::paths`] paths from
//! the start to the boss, each step picked at random among the legal ones
//! that don't cross an earlier path's step, so every room lies on a path
//! from the start to the boss. Events are placed afterwards
//! ([`crate::events::place`]).

use crate::balance::{Balance, MapBalance};
use crate::events::{self, EventKind, UniqueKind};
use crate::rng::Draws;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A room of one map, by number (rooms are numbered by floor, then column).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct RoomId(pub u16);

impl RoomId {
    /// The index of the room in [`Map::rooms`].
    pub fn idx(self) -> usize {
        usize::from(self.0)
    }
}

/// One room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Room {
    /// Its floor (0 is the start room's).
    pub floor: u8,
    /// Its column (0 is the leftmost).
    pub column: u8,
    /// The rooms a player here may move to, on the floor above.
    pub next: Vec<RoomId>,
    /// Its event.
    pub event: EventKind,
    /// A unique event, shown as a twinkle even in the dark.
    pub unique: Option<UniqueKind>,
}

/// The rooms and paths of one run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Map {
    columns: u8,
    floors: u8,
    rooms: Vec<Room>,
    start: RoomId,
    boss: RoomId,
}

impl Map {
    /// The map of a run with this seed and balance (checked balance:
    /// [`Balance::check`]).
    pub fn generate(seed: u64, balance: &Balance) -> Map {
        let mut map = layout(seed, &balance.map);
        events::place(&mut map.rooms, seed, balance);
        map
    }

    /// Columns of the grid.
    pub fn columns(&self) -> u8 {
        self.columns
    }

    /// Floors above the start room (the last is the boss's).
    pub fn floors(&self) -> u8 {
        self.floors
    }

    /// Every room, by [`RoomId`].
    pub fn rooms(&self) -> &[Room] {
        &self.rooms
    }

    /// One room (`None` for a number not on this map).
    pub fn room(&self, id: RoomId) -> Option<&Room> {
        self.rooms.get(id.idx())
    }

    /// The start room.
    pub fn start(&self) -> RoomId {
        self.start
    }

    /// The boss's room.
    pub fn boss(&self) -> RoomId {
        self.boss
    }

    /// The room at a floor and column, if there is one.
    pub fn at(&self, floor: u8, column: u8) -> Option<RoomId> {
        self.rooms
            .iter()
            .position(|room| room.floor == floor && room.column == column)
            .map(|idx| RoomId(idx as u16))
    }

    /// The rooms a player in `id` may move to.
    pub fn next(&self, id: RoomId) -> &[RoomId] {
        self.room(id).map_or(&[], |room| room.next.as_slice())
    }

    /// The rooms next to `id` (a column and a floor away at most, on any
    /// side): those a player there sees dimly.
    pub fn neighbours(&self, id: RoomId) -> Vec<RoomId> {
        let Some(here) = self.room(id) else {
            return Vec::new();
        };
        self.ids()
            .filter(|other| *other != id)
            .filter(|other| {
                self.room(*other).is_some_and(|room| {
                    room.floor.abs_diff(here.floor) <= 1 && room.column.abs_diff(here.column) <= 1
                })
            })
            .collect()
    }

    /// Every room's id.
    pub fn ids(&self) -> impl Iterator<Item = RoomId> + '_ {
        (0..self.rooms.len()).map(|idx| RoomId(idx as u16))
    }

    /// Whether the boss can be reached from `id` by moves.
    pub fn reaches_boss(&self, id: RoomId) -> bool {
        let mut seen = BTreeSet::new();
        let mut open = vec![id];
        while let Some(room) = open.pop() {
            if room == self.boss {
                return true;
            }
            if seen.insert(room) {
                open.extend(self.next(room).iter().copied());
            }
        }
        false
    }
}

/// The rooms and paths, with no events yet.
fn layout(seed: u64, shape: &MapBalance) -> Map {
    let center = shape.columns / 2;
    let last = shape.floors;
    // A room may sit only where it can still be reached from the start and
    // still reach the boss, each move shifting one column at most.
    let allowed = |floor: u8, column: u8| {
        column < shape.columns && column.abs_diff(center) <= floor.min(last - floor)
    };
    let mut draws = Draws::new(seed, "map", 0);
    // Steps as ((floor, column), column above).
    let mut steps: BTreeSet<((u8, u8), u8)> = BTreeSet::new();
    for _ in 0..shape.paths {
        let mut column = center;
        for floor in 0..last {
            let crosses = |to: u8| {
                // Two steps cross when they swap columns between two floors.
                to != column && steps.contains(&((floor, to), column))
            };
            let candidates: Vec<u8> = [column.checked_sub(1), Some(column), column.checked_add(1)]
                .into_iter()
                .flatten()
                .filter(|to| allowed(floor + 1, *to) && !crosses(*to))
                .collect();
            // Straight up is legal whenever the boss is not yet one column
            // per floor away, and then a step toward the middle is (a
            // crossing step there would leave the allowed rooms), so there
            // is always a candidate; the fallback is never taken.
            let to = match candidates.len() {
                0 => column,
                n => candidates[draws.below(n as u64) as usize],
            };
            steps.insert(((floor, column), to));
            column = to;
        }
    }
    let mut cells: BTreeSet<(u8, u8)> = BTreeSet::new();
    cells.insert((0, center));
    for ((floor, column), to) in &steps {
        cells.insert((*floor, *column));
        cells.insert((floor + 1, *to));
    }
    let cells: Vec<(u8, u8)> = cells.into_iter().collect();
    let id_of = |cell: (u8, u8)| RoomId(cells.binary_search(&cell).unwrap_or(0) as u16);
    let mut rooms: Vec<Room> = cells
        .iter()
        .map(|(floor, column)| Room {
            floor: *floor,
            column: *column,
            next: Vec::new(),
            event: EventKind::Fight,
            unique: None,
        })
        .collect();
    for ((floor, column), to) in &steps {
        let from = id_of((*floor, *column));
        let target = id_of((floor + 1, *to));
        if let Some(room) = rooms.get_mut(from.idx())
            && !room.next.contains(&target)
        {
            room.next.push(target);
        }
    }
    for room in &mut rooms {
        room.next.sort();
    }
    Map {
        columns: shape.columns,
        floors: last,
        start: id_of((0, center)),
        boss: id_of((last, center)),
        rooms,
    }
}

#[cfg(test)]
mod tests {
    use super::{Map, RoomId};
    use crate::balance::Balance;
    use crate::events::EventKind;
    use proptest::prelude::*;

    fn balance(columns: u8, floors: u8, paths: u8) -> Balance {
        let mut balance = Balance::default();
        balance.map.columns = columns;
        balance.map.floors = floors;
        balance.map.paths = paths;
        balance
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn the_boss_is_reachable_from_every_room(
            seed in any::<u64>(),
            columns in prop::sample::select(vec![3u8, 5, 7, 9]),
            floors in 3u8..25,
            paths in 1u8..8,
        ) {
            let map = Map::generate(seed, &balance(columns, floors, paths));
            for id in map.ids() {
                prop_assert!(map.reaches_boss(id), "seed {seed}: room {id:?} can't reach the boss");
            }
        }

        #[test]
        fn moves_go_one_floor_up_to_the_room_above_or_its_sides(
            seed in any::<u64>(),
            floors in 3u8..25,
        ) {
            let map = Map::generate(seed, &balance(7, floors, 6));
            for id in map.ids() {
                let here = map.room(id).expect("an id of the map");
                if id != map.boss() {
                    prop_assert!(!here.next.is_empty(), "seed {seed}: {id:?} is a dead end");
                }
                for next in &here.next {
                    let there = map.room(*next).expect("a step's room is on the map");
                    prop_assert_eq!(there.floor, here.floor + 1);
                    prop_assert!(there.column.abs_diff(here.column) <= 1);
                }
            }
        }

        #[test]
        fn paths_never_cross(seed in any::<u64>()) {
            let map = Map::generate(seed, &Balance::default());
            for id in map.ids() {
                let here = map.room(id).expect("an id of the map");
                for next in &here.next {
                    let there = map.room(*next).expect("on the map");
                    if there.column == here.column {
                        continue;
                    }
                    // The mirror step between the same two columns.
                    let crossing = map
                        .at(here.floor, there.column)
                        .zip(map.at(there.floor, here.column))
                        .is_some_and(|(a, b)| map.next(a).contains(&b));
                    prop_assert!(!crossing, "seed {seed}: steps cross above {id:?}");
                }
            }
        }
    }

    #[test]
    fn the_start_is_alone_at_the_bottom_and_the_boss_alone_at_the_top() {
        let map = Map::generate(42, &Balance::default());
        let start = map.room(map.start()).expect("start");
        let boss = map.room(map.boss()).expect("boss");
        assert_eq!(
            (start.floor, start.column, start.event),
            (0, 3, EventKind::Start)
        );
        assert_eq!(
            (boss.floor, boss.column, boss.event),
            (15, 3, EventKind::Boss)
        );
        assert_eq!(map.rooms().iter().filter(|r| r.floor == 0).count(), 1);
        assert_eq!(map.rooms().iter().filter(|r| r.floor == 15).count(), 1);
        assert_eq!(map.start(), RoomId(0));
    }

    #[test]
    fn the_same_seed_makes_the_same_map() {
        let balance = Balance::default();
        assert_eq!(Map::generate(9, &balance), Map::generate(9, &balance));
        assert_ne!(Map::generate(9, &balance), Map::generate(10, &balance));
    }
}
