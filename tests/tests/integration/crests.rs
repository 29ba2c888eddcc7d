//! Crests from the Rust SDK (later-sets §4), on cards of
//! `tests/packs/overheat-rust`: `Card::crest` makes Crest: Forge Heart, and
//! Forge Herald's `Game::summon_token` to the EX area puts it there; the
//! rules make one of the two it asks for, and its automatic ability works
//! from the EX area. The script forms have scenarios `l4-*` in
//! `tests/packs/later-sets/tests/`.

use crate::packs::{overheat_rust, scenario};
use sve_engine::board::Side;
use sve_engine::cards::CardType;
use sve_engine::engine::{Action, PlayerId, Zone};

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

#[test]
fn a_rust_crest_is_made_once_per_name_works_from_the_ex_area_and_is_never_played() {
    let loaded = overheat_rust();
    // `Card::rarity` reaches the card data (the Adventure's rewards weigh it).
    let golem = loaded.db.by_card_id("OVH-001").expect("Boiler Golem loads");
    assert_eq!(
        loaded.db.get(golem).rarity,
        Some(sve_engine::cards::Rarity::Gold)
    );
    let crest = loaded.db.by_card_id("OVH-014").expect("the crest loads");
    assert_eq!(loaded.db.get(crest).card_type, CardType::Crest);
    assert!(loaded.db.get(crest).is_token, "every crest is a token");

    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Forge Herald"]).pp(1).leader(10))
        .side(P2, Side::new())
        .build();
    s.play("Forge Herald");
    let ex_area = &s.game.state().player(P1).ex_area;
    assert_eq!(ex_area.len(), 1, "one per name: {}", s.dump());
    let made = ex_area[0];
    assert!(
        !s.can(Action::Play { card: made }),
        "a crest is never played"
    );
    s.end_turn();
    s.end_turn();
    assert_eq!(s.game.state().active, P1);
    assert_eq!(
        s.game.state().player(P1).leader_defense,
        11,
        "its Start Main Phase ability worked from the EX area: {}",
        s.dump()
    );
    assert_eq!(s.game.state().card(made).zone, Zone::ExArea);
}

/// Later-sets §4 (BP20-T06's form) from the Rust SDK: with Crest: Forge
/// Council in P1's EX area, Forge Triad's "choose one"
/// (`Game::choose_options`) takes 1 to all three options; without it, one.
#[test]
fn a_rust_crest_lets_its_controller_choose_any_number_of_options() {
    let loaded = overheat_rust();
    for with_crest in [true, false] {
        let p1 = Side::new()
            .hand(["Forge Triad"])
            .deck(["Forge Triad", "Forge Triad"])
            .pp(1)
            .leader(10);
        let p1 = if with_crest {
            p1.ex_area(["Crest: Forge Council"])
        } else {
            p1
        };
        let mut s = scenario(&loaded)
            .side(P1, p1)
            .side(P2, Side::new().leader(20))
            .build();
        s.play("Forge Triad");
        let decision = s.game.decision().cloned().expect("the options");
        let range = (decision.min, decision.max);
        if with_crest {
            assert_eq!(range, (1, 3), "1 to all of them");
            s.answer(P1, &[0, 1, 2]);
        } else {
            assert_eq!(range, (1, 1), "choose one");
            s.answer(P1, &[1]);
        }
        s.settle();
        let state = s.game.state();
        let expected = if with_crest { (1, 12, 19) } else { (0, 12, 20) };
        let hand = state.player(P1).hand.len();
        let leaders = (
            state.player(P1).leader_defense,
            state.player(P2).leader_defense,
        );
        assert_eq!((hand, leaders.0, leaders.1), expected, "{}", s.dump());
    }
}
