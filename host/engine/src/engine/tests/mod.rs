//! Rules scenario tests, one module per rules-coverage.md section. Each test builds a
//! board with [`Board`](crate::board::Board), acts, and checks the
//! board and events.

mod abilities;
mod advanced;
mod attack;
mod batches;
mod cache;
mod cancel;
mod crests;
mod declared_counters;
mod declared_keywords;
mod delayed;
mod double_faces;
mod equipment;
mod evolution;
mod fuse;
mod keywords;
mod later;
mod leaving;
mod lessons;
mod lost_abilities;
mod more_rules;
mod move_hooks;
mod names;
mod reload;
mod rules_handling_choices;
mod sandbox;
mod setup_and_turn;
mod vanguard;

use crate::engine::PlayerId;

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

/// A copy of the test card `base` as `id`/`name`, with no abilities.
fn copy(base: &str, id: &str, name: &str) -> crate::cards::CardDef {
    let mut card = crate::board::fixtures::test_cards()
        .into_iter()
        .find(|c| c.name == base)
        .expect("a test card");
    card.id = id.to_owned();
    card.name = name.to_owned();
    card.abilities.clear();
    card
}
