//! Torches and light: a torch lights every room within its radius (columns
//! and floors both within it, a square glow), and a room's light level is
//! the number of torches covering it.
//!
//! Level 0 is dark: the room's event is hidden unless the player stands
//! next to it, when it is dimly lit and shown. Level 1 is lit, 2 and above
//! bright; what each does to a fight is balance data
//! ([`crate::balance::LightEffect`]). Unique events show as twinkles even
//! in the dark and trigger only when bright ([`crate::events::unique_triggers`]).

use crate::map::{Map, RoomId};
use serde::{Deserialize, Serialize};

/// A placed torch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Torch {
    /// The room it stands in.
    pub room: RoomId,
    /// How far it lights.
    pub radius: u8,
}

/// How a light level reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Light {
    /// Level 0.
    Dark,
    /// Level 1.
    Lit,
    /// Level 2 and above.
    Bright,
}

impl Light {
    /// The reading of a level.
    pub fn of(level: u32) -> Light {
        match level {
            0 => Light::Dark,
            1 => Light::Lit,
            _ => Light::Bright,
        }
    }

    /// Its name, for text.
    pub fn name(self) -> &'static str {
        match self {
            Light::Dark => "dark",
            Light::Lit => "lit",
            Light::Bright => "bright",
        }
    }
}

/// What the player at `player` can see of one room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sight {
    /// The room's light level.
    pub level: u32,
    /// Dark, but next to the player: shown dimly.
    pub dim: bool,
    /// Whether its event is shown (lit, or dim).
    pub event_shown: bool,
    /// Whether a unique event twinkles there (shown even in the dark).
    pub twinkle: bool,
}

/// Whether `torch` lights `room`.
pub fn covers(map: &Map, torch: Torch, room: RoomId) -> bool {
    let (Some(at), Some(there)) = (map.room(torch.room), map.room(room)) else {
        return false;
    };
    at.floor.abs_diff(there.floor) <= torch.radius
        && at.column.abs_diff(there.column) <= torch.radius
}

/// The light level of `room`: how many torches cover it.
pub fn level(map: &Map, torches: &[Torch], room: RoomId) -> u32 {
    torches
        .iter()
        .filter(|torch| covers(map, **torch, room))
        .count() as u32
}

/// What a player standing in `player` sees of `room`.
pub fn sight(map: &Map, torches: &[Torch], player: RoomId, room: RoomId) -> Sight {
    let level = level(map, torches, room);
    let next_to = room == player || map.neighbours(player).contains(&room);
    let dim = level == 0 && next_to;
    Sight {
        level,
        dim,
        event_shown: level > 0 || dim,
        twinkle: map.room(room).is_some_and(|r| r.unique.is_some()),
    }
}

/// The rooms a new torch would change, each with its level before and
/// after: what a torch-placement preview shows.
pub fn preview(map: &Map, torches: &[Torch], new: Torch) -> Vec<(RoomId, u32, u32)> {
    map.ids()
        .filter(|room| covers(map, new, *room))
        .map(|room| {
            let before = level(map, torches, room);
            (room, before, before + 1)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{Light, Torch, covers, level, preview, sight};
    use crate::balance::Balance;
    use crate::events::unique_triggers;
    use crate::map::{Map, RoomId};

    fn map() -> Map {
        let mut balance = Balance::default();
        // Many paths fill most of the grid, so rooms at given places exist.
        balance.map.paths = 40;
        Map::generate(5, &balance)
    }

    fn room(map: &Map, floor: u8, column: u8) -> RoomId {
        map.at(floor, column)
            .unwrap_or_else(|| panic!("a room at floor {floor}, column {column}"))
    }

    #[test]
    fn a_torch_lights_a_square_of_its_radius() {
        let map = map();
        let torch = Torch {
            room: room(&map, 5, 3),
            radius: 1,
        };
        for id in map.ids() {
            let r = map.room(id).expect("on the map");
            let inside = r.floor.abs_diff(5) <= 1 && r.column.abs_diff(3) <= 1;
            assert_eq!(covers(&map, torch, id), inside, "{r:?}");
        }
        let wide = Torch { radius: 2, ..torch };
        assert!(covers(&map, wide, room(&map, 7, 1)));
        assert!(!covers(&map, wide, room(&map, 8, 3)));
    }

    #[test]
    fn levels_add_up_over_torches() {
        let map = map();
        let a = Torch {
            room: room(&map, 5, 3),
            radius: 1,
        };
        let b = Torch {
            room: room(&map, 6, 4),
            radius: 1,
        };
        let both = [a, b];
        assert_eq!(level(&map, &both, room(&map, 5, 4)), 2);
        assert_eq!(level(&map, &both, room(&map, 4, 2)), 1);
        assert_eq!(level(&map, &both, room(&map, 7, 5)), 1);
        assert_eq!(level(&map, &both, room(&map, 9, 3)), 0);
        assert_eq!(level(&map, &[a, a, a], room(&map, 5, 3)), 3);
        assert_eq!(Light::of(0), Light::Dark);
        assert_eq!(Light::of(1), Light::Lit);
        assert_eq!(Light::of(4), Light::Bright);
    }

    #[test]
    fn dark_rooms_next_to_the_player_show_their_event_dimly() {
        let map = map();
        let player = room(&map, 8, 3);
        let beside = room(&map, 9, 4);
        let far = room(&map, 10, 3);
        let seen = sight(&map, &[], player, beside);
        assert!(seen.dim && seen.event_shown && seen.level == 0);
        let unseen = sight(&map, &[], player, far);
        assert!(!unseen.dim && !unseen.event_shown);
        let torch = Torch {
            room: room(&map, 10, 3),
            radius: 1,
        };
        let lit = sight(&map, &[torch], player, far);
        assert!(lit.event_shown && !lit.dim && lit.level == 1);
    }

    #[test]
    fn unique_events_twinkle_in_the_dark_and_trigger_only_when_bright() {
        let map = map();
        let unique = map
            .ids()
            .find(|id| map.room(*id).is_some_and(|r| r.unique.is_some()))
            .expect("the default balance places unique events");
        let far = map.start();
        assert!(sight(&map, &[], far, unique).twinkle);
        assert!(!unique_triggers(0));
        assert!(!unique_triggers(1));
        assert!(unique_triggers(2));
        assert!(unique_triggers(3));
    }

    #[test]
    fn a_preview_names_each_room_a_torch_would_change() {
        let map = map();
        let torch = Torch {
            room: room(&map, 5, 3),
            radius: 1,
        };
        let changes = preview(&map, &[torch], torch);
        assert_eq!(changes.len(), 9);
        assert!(
            changes
                .iter()
                .all(|(_, before, after)| *before == 1 && *after == 2)
        );
    }

    mod props {
        use super::super::{Light, Torch, covers, level, preview, sight};
        use crate::balance::Balance;
        use crate::events::unique_triggers;
        use crate::map::{Map, RoomId};
        use proptest::prelude::*;

        /// A map of `seed` and torches at rooms picked by `spots`, of the
        /// radii `radii`.
        fn lit(seed: u64, spots: &[(u16, u8)]) -> (Map, Vec<Torch>) {
            let map = Map::generate(seed, &Balance::default());
            let rooms: Vec<RoomId> = map.ids().collect();
            let torches = spots
                .iter()
                .map(|&(spot, radius)| Torch {
                    room: rooms[usize::from(spot) % rooms.len()],
                    radius,
                })
                .collect();
            (map, torches)
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(64))]

            #[test]
            fn a_rooms_level_counts_the_torches_whose_square_covers_it(
                seed in any::<u64>(),
                spots in prop::collection::vec((any::<u16>(), 0u8..4), 0..8),
                split in any::<prop::sample::Index>(),
            ) {
                let (map, torches) = lit(seed, &spots);
                let cut = split.index(torches.len() + 1);
                let (first, rest) = torches.split_at(cut);
                for room in map.ids() {
                    let there = map.room(room).expect("on the map");
                    let covering = torches
                        .iter()
                        .filter(|torch| {
                            let at = map.room(torch.room).expect("on the map");
                            at.floor.abs_diff(there.floor) <= torch.radius
                                && at.column.abs_diff(there.column) <= torch.radius
                        })
                        .count() as u32;
                    prop_assert_eq!(level(&map, &torches, room), covering);
                    // Levels add up: any split of the torches sums to the whole.
                    prop_assert_eq!(
                        level(&map, first, room) + level(&map, rest, room),
                        covering
                    );
                    // A torch always lights its own room.
                    for torch in &torches {
                        prop_assert!(covers(&map, *torch, torch.room));
                    }
                }
            }

            #[test]
            fn a_preview_is_exactly_the_new_torchs_square_one_level_up(
                seed in any::<u64>(),
                spots in prop::collection::vec((any::<u16>(), 0u8..4), 1..8),
            ) {
                let (map, mut torches) = lit(seed, &spots);
                let new = torches.pop().expect("one torch at least");
                let changes = preview(&map, &torches, new);
                let mut after = torches.clone();
                after.push(new);
                for room in map.ids() {
                    let change = changes.iter().find(|(id, _, _)| *id == room);
                    prop_assert_eq!(change.is_some(), covers(&map, new, room));
                    if let Some((_, before, then)) = change {
                        prop_assert_eq!(*before, level(&map, &torches, room));
                        prop_assert_eq!(*then, level(&map, &after, room));
                    }
                }
            }

            #[test]
            fn dark_rooms_show_only_beside_the_player_and_twinkles_need_bright_light(
                seed in any::<u64>(),
                spots in prop::collection::vec((any::<u16>(), 0u8..3), 0..5),
                at in any::<u16>(),
            ) {
                let (map, torches) = lit(seed, &spots);
                let rooms: Vec<RoomId> = map.ids().collect();
                let player = rooms[usize::from(at) % rooms.len()];
                let here = map.room(player).expect("on the map");
                for room in map.ids() {
                    let there = map.room(room).expect("on the map");
                    let seen = sight(&map, &torches, player, room);
                    let beside = there.floor.abs_diff(here.floor) <= 1
                        && there.column.abs_diff(here.column) <= 1;
                    prop_assert_eq!(seen.level, level(&map, &torches, room));
                    prop_assert_eq!(seen.dim, seen.level == 0 && beside);
                    prop_assert_eq!(seen.event_shown, seen.level > 0 || beside);
                    prop_assert_eq!(seen.twinkle, there.unique.is_some());
                    prop_assert_eq!(
                        unique_triggers(seen.level),
                        Light::of(seen.level) == Light::Bright
                    );
                }
            }
        }
    }
}
