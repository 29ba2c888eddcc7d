//! Universe mechanics from the Rust SDK, on cards of
//! `tests/packs/overheat-rust` (their SVE Script forms have scenarios in
//! `tests/packs/later-sets/tests/`):
//!
//! - Lesson (X) (later-sets §3.2, CR 14.3.2): `sve_sdk::lesson(1)` on
//!   Rehearsal Coach banishes one Magical Item (LTS-037) from the EX area
//!   as its cost; without one the ability is not offered (`l3-*`).
//! - Union Burst (later-sets §1, CR 14.5.1): `Card::union_burst` on
//!   Sparring Partner's Fanfare; it works only in a Princess Connect! Re:Dive
//!   deck and counts as an execution; Ringside Fan answers another
//!   follower's execution, and Guild Patron's `Game::execute_union_burst`
//!   executes one without paying its cost (`ub-*`).

use crate::packs::{built, scenario};
use sve_engine::board::Side;
use sve_engine::cards::Keywords;
use sve_engine::engine::{AbilityIdx, Action, Choice, PlayerId, Zone};

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

/// The Rust test pack and the later sets' script pack over the starter
/// cards.
fn packs() -> sve_packs::packs::LoadedPacks {
    // The Rust pack is built; the script pack is read as it is.
    let loaded = sve_packs::packs::load_packs(
        &[
            built("tests/packs/overheat-rust"),
            sve_tests::workspace_root().join("tests/packs/later-sets"),
        ],
        &sve_tests::load_options(sve_tests::Base::StarterAndTestCards, &[]),
    )
    .expect("the pack engine starts");
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    loaded
}

#[test]
fn a_rust_cards_union_burst_works_only_in_a_princess_connect_deck_and_counts() {
    let loaded = packs();
    let princess_connect = sve_engine::engine::union_burst_universe().expect("a universe");
    for (basis, gain) in [(Some(princess_connect), 2), (None, 0)] {
        let mut side = Side::new().hand(["Sparring Partner"]).pp(1).leader(10);
        if let Some(universe) = basis {
            side = side.universe(universe);
        }
        let mut s = scenario(&loaded)
            .side(P1, side)
            .side(P2, Side::new())
            .build();
        s.play("Sparring Partner");
        let me = s.game.state().player(P1);
        assert_eq!(me.leader_defense, 10 + gain, "{basis:?}: {}", s.dump());
        assert_eq!(me.this_turn.union_bursts.len(), usize::from(gain > 0));
    }
    // Ringside Fan answers another follower's execution.
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Sparring Partner"])
                .field(["Ringside Fan"])
                .pp(1)
                .leader(10)
                .universe(princess_connect),
        )
        .side(P2, Side::new())
        .build();
    s.play("Sparring Partner");
    assert_eq!(s.game.state().player(P1).leader_defense, 14, "{}", s.dump());

    // Guild Patron has Sparring Partner execute its [ub] Fanfare again,
    // without paying its cost (CR 14.5.1.4).
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Guild Patron"])
                .field(["Sparring Partner"])
                .pp(1)
                .leader(10)
                .universe(princess_connect),
        )
        .side(P2, Side::new())
        .build();
    let partner = s.card(P1, Zone::Field, "Sparring Partner");
    s.play("Guild Patron");
    s.choose(|c| *c == Choice::Card(partner));
    let me = s.game.state().player(P1);
    assert_eq!(me.leader_defense, 12, "{}", s.dump());
    assert_eq!(me.this_turn.union_bursts, [partner]);
}

#[test]
fn a_rust_cards_lesson_banishes_a_magical_item_and_is_not_offered_without_one() {
    let loaded = packs();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Rehearsal Coach"])
                .ex_area(["Magical Item", "Magical Item"]),
        )
        .side(P2, Side::new())
        .build();
    let coach = s.card(P1, Zone::Field, "Rehearsal Coach");
    let rehearse = Action::Activate {
        card: coach,
        ability: AbilityIdx(0),
    };
    s.act(rehearse);
    let state = s.game.state();
    assert_eq!(state.player(P1).ex_area.len(), 1, "{}", s.dump());
    assert!(
        state.player(P1).banished.is_empty(),
        "the token ceased to exist"
    );
    assert_eq!(state.player(P1).this_turn.banished_from_ex.len(), 1);
    let keywords = state.characteristics(s.game.db(), coach).keywords;
    assert!(keywords.contains(Keywords::STORM), "{}", s.dump());

    // With a follower card in the EX area and no Magical Item, no Lesson.
    let s = scenario(&loaded)
        .side(
            P1,
            Side::new().field(["Rehearsal Coach"]).ex_area(["Stoker"]),
        )
        .side(P2, Side::new())
        .build();
    let coach = s.card(P1, Zone::Field, "Rehearsal Coach");
    assert!(!s.can(Action::Activate {
        card: coach,
        ability: AbilityIdx(0),
    }));
}
