//! Lesson (X) from the Rust SDK (later-sets §3.2, CR 14.3.2):
//! `sve_sdk::lesson(1)` on Rehearsal Coach (`tests/packs/overheat-rust`)
//! banishes one Magical Item (`tests/packs/later-sets`, LTS-037) from the EX
//! area as its cost; without one the ability is not offered. The script
//! form, `(Lesson, n)`, has its scenarios in `tests/packs/later-sets/tests/l3-*`.

use crate::packs::{built, scenario};
use sve_engine::board::Side;
use sve_engine::cards::Keywords;
use sve_engine::engine::{AbilityIdx, Action, PlayerId, Zone};

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

#[test]
fn a_rust_cards_lesson_banishes_a_magical_item_and_is_not_offered_without_one() {
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
