//! Constructs the community-style set (`tests/packs/community-style`)
//! showed misbehaving, each played from a card of that set: Stack amulets
//! written with `keyword Stack;`, a spell's delayed end-phase ability, and
//! the filter shortcut `#e` ("can evolve").

use super::*;

/// The community-style set over the starter cards and the test cards.
fn load_community() -> LoadedPacks {
    let root = sve_tests::workspace_root();
    let loaded = sve_tests::pack_library(
        &[root.join("tests/packs/community-style")],
        Base::StarterAndTestCards,
    )
    .loaded();
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    loaded
}

fn stack_counters(s: &Board, card: CardRef) -> u32 {
    s.game
        .state()
        .card(card)
        .counter(sve_engine::cards::Counter::Stack)
}

#[test]
fn an_amulet_written_with_keyword_stack_pays_earth_rite() {
    let loaded = load_community();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Runic Obelisk", "Earthbound Invoker"])
                .pp(4),
        )
        .side(P2, Side::new().field(["V3"]))
        .build();
    // One counter from `keyword Stack;`, one from its Fanfare.
    s.play("Runic Obelisk");
    let obelisk = s.card(P1, Zone::Field, "Runic Obelisk");
    assert_eq!(stack_counters(&s, obelisk), 2);
    s.play("Earthbound Invoker");
    // The Earth Rite is an optional cost: offered, paid, then the target.
    s.choose(|c| *c == Choice::Yes);
    let v3 = s.card(P2, Zone::Field, "V3");
    pick(&mut s, P1, v3);
    assert_eq!(stack_counters(&s, obelisk), 1);
    assert_eq!(zone_names(&s, P2, Zone::Field), Vec::<String>::new());
    assert_clean(&mut s);
}

#[test]
fn a_script_stack_amulet_without_counters_goes_to_the_cemetery() {
    let loaded = load_community();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Chime of Dawn"]).pp(2).leader(10))
        .build();
    s.play("Chime of Dawn");
    let chime = s.card(P1, Zone::Field, "Chime of Dawn");
    assert_eq!(stack_counters(&s, chime), 2);
    // Each of P1's main phases takes one off; at none it is destroyed and
    // its Last Words give the leader 3.
    for _ in 0..2 {
        s.end_turn();
        s.end_turn();
    }
    assert_eq!(zone_names(&s, P1, Zone::Field), Vec::<String>::new());
    assert_eq!(zone_names(&s, P1, Zone::Cemetery), ["Chime of Dawn"]);
    assert_eq!(leader(&s, P1), 13);
    assert_clean(&mut s);
}

#[test]
fn a_spells_end_phase_ability_fires_at_the_end_of_the_turn_it_was_played() {
    let loaded = load_community();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Twilight Vigil"])
                .pp(2)
                .leader(10)
                .cemetery(["Arcane Bolt"]),
        )
        .build();
    s.play("Twilight Vigil");
    assert_eq!(leader(&s, P1), 10, "not before the end phase");
    s.end_turn();
    // 1 + the spells in the cemetery (Arcane Bolt and Twilight Vigil).
    assert_eq!(leader(&s, P1), 13);
    // Only the turn it was played: the next end phase of P1 adds nothing.
    s.end_turn();
    s.end_turn();
    assert_eq!(leader(&s, P1), 13);
    assert_clean(&mut s);
}

#[test]
fn hash_e_offers_only_followers_that_can_still_evolve() {
    let loaded = load_community();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Evolution Catalyst"])
                .pp(2)
                .field(["Mossback Ranger", "Cog Squire"])
                .evolve_deck(["CS01-004"]),
        )
        .build();
    s.play("Evolution Catalyst");
    let ranger = s.card(P1, Zone::Field, "Mossback Ranger");
    assert_eq!(
        s.options(),
        [Choice::Card(ranger)],
        "Cog Squire has no evolve cost"
    );
    pick(&mut s, P1, ranger);
    assert!(
        s.game.state().card(ranger).evolved_with.is_some(),
        "{}",
        s.dump()
    );
    assert_clean(&mut s);
}

#[test]
fn hash_e_makes_a_spell_unplayable_without_a_follower_that_can_evolve() {
    let loaded = load_community();
    let s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Evolution Catalyst"])
                .pp(2)
                .field(["Cog Squire"]),
        )
        .build();
    let play = sve_engine::engine::Action::Play {
        card: s.card(P1, Zone::Hand, "Evolution Catalyst"),
    };
    assert!(!s.can(play), "{}", s.dump());
}
