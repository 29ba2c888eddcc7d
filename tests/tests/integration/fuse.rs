//! Fuse from the Rust SDK (later-sets §9), on Slag Smelter of
//! `tests/packs/overheat-rust`: `Card::fuse` makes an activated ability that
//! works in the hand, and `Game::fused_cards` tells its code what the cost
//! fused. The script forms have scenarios `f-*` in
//! `tests/packs/later-sets/tests/`.

use crate::packs::{overheat_rust, scenario};
use sve_engine::board::Side;
use sve_engine::cards::{AbilityKind, ActivationZone, CostItem, Counter};
use sve_engine::engine::{AbilityIdx, Action, Choice, PlayerId, Zone};

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

#[test]
fn a_rust_fuse_works_from_the_hand_and_its_code_reads_the_fused_cards() {
    let loaded = overheat_rust();
    let smelter = loaded.db.by_card_id("OVH-016").expect("Slag Smelter loads");
    let fuse = &loaded.db.get(smelter).abilities[0];
    assert_eq!(
        fuse.kind,
        AbilityKind::Activated {
            quick: false,
            zone: ActivationZone::Hand
        }
    );
    assert!(matches!(&fuse.costs[..], [CostItem::Fuse(cost)] if (cost.min, cost.max) == (1, 2)));

    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Slag Smelter", "V1", "V2", "Quick Bolt"])
                .deck(["V3", "V3"]),
        )
        .side(P2, Side::new())
        .build();
    let card = s.card(P1, Zone::Hand, "Slag Smelter");
    s.act(Action::Activate {
        card,
        ability: AbilityIdx(0),
    });
    // Followers only, one or two: the spell is not offered.
    let offered: Vec<String> = s
        .options()
        .iter()
        .filter_map(|choice| match choice {
            Choice::Card(c) => Some(s.game.db().get(s.game.state().card(*c).def).name.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(offered, ["V1", "V2"], "{}", s.dump());
    s.answer(P1, &[0, 1]);
    s.settle();
    let state = s.game.state();
    assert_eq!(state.card(card).zone, Zone::ExArea, "{}", s.dump());
    assert_eq!(state.card(card).counter(Counter::Fusion), 2);
    assert_eq!(state.player(P1).cemetery.len(), 2);
    // The spell stayed, and one card was drawn.
    assert_eq!(state.player(P1).hand.len(), 2, "{}", s.dump());
}
