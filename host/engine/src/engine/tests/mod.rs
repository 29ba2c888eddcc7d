//! Rules scenario tests, one module per rules-coverage.md section. Each test builds a
//! board with [`Board`](crate::board::Board), acts, and checks the
//! board and events.

mod abilities;
mod attack;
mod batches;
mod cache;
mod cancel;
mod declared_counters;
mod declared_keywords;
mod delayed;
mod evolution;
mod keywords;
mod later;
mod leaving;
mod lost_abilities;
mod more_rules;
mod move_hooks;
mod reload;
mod sandbox;
mod setup_and_turn;

use crate::engine::PlayerId;

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);
