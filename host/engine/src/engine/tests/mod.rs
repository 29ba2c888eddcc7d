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
mod declared_keyword_abilities;
mod declared_keywords;
mod declared_keywords_by_passives;
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
mod maneuver;
mod more_rules;
mod move_hooks;
mod move_replacement_choices;
mod names;
mod player_effects;
mod reload;
mod replacements;
mod rules_handling_choices;
mod sandbox;
mod setup_and_turn;
mod token_kinds;
mod union_burst_nesting;
mod vanguard;
mod x_costs;

use crate::engine::PlayerId;

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

/// A deck-list line of `count` copies of `card_id`, written on `line`.
fn deck_entry(card_id: &str, count: u32, line: usize) -> crate::decks::DeckEntry {
    crate::decks::DeckEntry {
        card_id: card_id.to_owned(),
        count,
        line,
    }
}

/// A legal 42-card main deck of the test cards (lines 3 to 18).
fn legal_test_main_deck() -> Vec<crate::decks::DeckEntry> {
    let others = [
        "TEST-WARD",
        "TEST-STORM",
        "TEST-RUSH",
        "TEST-ASSAIL",
        "TEST-BANE",
        "TEST-DRAIN",
        "TEST-INTIM",
        "TEST-TOTEM",
        "TEST-BOLT",
    ];
    (1..=5)
        .map(|n| deck_entry(&format!("TEST-V{n}"), 3, n + 2))
        .chain(
            others
                .into_iter()
                .enumerate()
                .map(|(n, id)| deck_entry(id, 3, n + 10)),
        )
        .collect()
}

/// A class deck of the Test Leader with these main and evolve decks.
fn test_deck_file(
    main: Vec<crate::decks::DeckEntry>,
    evolve: Vec<crate::decks::DeckEntry>,
) -> crate::decks::DeckFile {
    crate::decks::DeckFile {
        source: "test".to_owned(),
        title: "Test".to_owned(),
        leader: vec![deck_entry("TEST-LD", 1, 1)],
        main,
        evolve,
        basis: crate::decks::DeckBasis::Class,
    }
}

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
