//! Advanced cards and `[adv]` abilities from the Rust SDK (later-sets §6),
//! on cards of `tests/packs/overheat-rust`: `Card::advanced` makes Forge
//! Colossus an advanced card, and Colossus Caller's `[adv]` ability
//! (`Card::advanced_ability`) puts it from the evolve deck onto the field,
//! paying 1 PP with 1 EP. The script forms have scenarios `l6-*` in
//! `tests/packs/later-sets/tests/`.

use crate::packs::{overheat_rust, scenario};
use sve_engine::board::Side;
use sve_engine::engine::{AbilityIdx, Action, PlayerId, Zone};

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

#[test]
fn a_rust_adv_ability_summons_an_advanced_card_from_the_evolve_deck_and_uses_the_turns_evolve() {
    let loaded = overheat_rust();
    let colossus = loaded
        .db
        .by_card_id("OVH-017")
        .expect("Forge Colossus loads");
    assert!(loaded.db.get(colossus).advanced);
    let caller = loaded
        .db
        .by_card_id("OVH-018")
        .expect("Colossus Caller loads");
    assert!(loaded.db.get(caller).abilities[0].advanced);

    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Colossus Caller"])
                .evolve_deck(["Forge Colossus"])
                .pp(0)
                .ep(1),
        )
        .side(P2, Side::new())
        .build();
    let card = s.card(P1, Zone::Field, "Colossus Caller");
    let plain = Action::Activate {
        card,
        ability: AbilityIdx(0),
    };
    let with_ep = Action::ActivateWithEp {
        card,
        ability: AbilityIdx(0),
    };
    assert!(!s.can(plain), "no PP: {}", s.dump());
    s.act(with_ep);
    s.settle();
    assert!(
        s.find(P1, Zone::Field, "Forge Colossus").is_some(),
        "{}",
        s.dump()
    );
    assert_eq!(s.game.state().player(P1).ep, 0);
    assert!(s.game.state().player(P1).evolved_this_turn);
    assert!(!s.can(with_ep), "once per turn, as an evolve");
}
