//! Passives with a value the host works out when it applies
//! (rules-coverage.md §12.7): cost reductions by Spellchain steps, a
//! condition counting the opponent's followers.

use super::*;

#[test]
fn a_cost_reduction_grows_with_each_spellchain_step() {
    let loaded = load();
    for (spells, expected) in [(4, 10), (5, 7), (9, 7), (10, 4), (15, 1)] {
        let mut side = Side::new().hand(["Chain Sage"]);
        for _ in 0..spells {
            side = side.cemetery(["Quick Bolt"]);
        }
        let s = scenario(&loaded).side(P1, side).build();
        let sage = s.card(P1, Zone::Hand, "Chain Sage");
        assert_eq!(cost(&s, sage), expected, "Spellchain {spells}");
    }
}

#[test]
fn a_passive_counting_the_opponents_followers_turns_on_at_two() {
    let loaded = load();
    for (enemies, barred) in [(1, false), (2, true)] {
        let mut side = Side::new();
        for _ in 0..enemies {
            side = side.field(["V1"]);
        }
        let s = scenario(&loaded)
            .side(P1, Side::new().field(["Wary Guard"]))
            .side(P2, side)
            .build();
        let guard = s.card(P1, Zone::Field, "Wary Guard");
        assert_eq!(
            has_keyword(&s, guard, Keywords::CANNOT_ATTACK_LEADERS),
            barred,
            "{enemies} enemy followers"
        );
    }
}
