//! A token kind declared by a Rust pack (`tests/packs/overheat-rust`):
//! Slag, which stands only on the field, one of each name there
//! (`Pack::token_kinds`, `Card::token_kind`), written entirely in the pack
//! with no engine change. Its SVE Script form (`type TokenKind;`) has the
//! scenario `tests/packs/overheat/tests/overheat-5-declared-token-kind`.

use crate::declared_keywords::{board, overheat};
use sve_engine::board::Side;
use sve_engine::engine::{CardRef, PlayerId};

const P1: PlayerId = PlayerId(0);

#[test]
fn the_pack_declares_slag_and_its_token_keeps_the_rules() {
    let loaded = overheat();
    let kinds = loaded.db.declared_token_kinds();
    assert_eq!(kinds.len(), 1, "{kinds:?}");
    assert_eq!(kinds[0].name, "Slag");
    assert_eq!(
        kinds[0].reminder,
        "Slag only stands on the field, one of each name."
    );
    let heap = loaded.db.by_card_id("OVH-T34").expect("Slag Heap");
    let def = loaded.db.get(heap);
    assert!(def.is_token, "a card of a kind is a token");
    assert!(def.traits.iter().any(|t| t == "Slag"), "{:?}", def.traits);
    let rules = loaded.db.token_rules(heap).expect("Slag's rules");
    assert!(rules.field && !rules.ex_area && rules.one_per_name);
}

#[test]
fn slag_pourer_makes_one_slag_heap_and_none_in_the_ex_area() {
    let loaded = overheat();
    let mut s = board(&loaded, Side::new().hand(["Slag Pourer"]).pp(5));
    s.play("Slag Pourer");
    let state = s.game.state();
    let names = |cards: &[CardRef]| -> Vec<String> {
        cards
            .iter()
            .map(|c| loaded.db.get(state.card(*c).def).name.clone())
            .collect()
    };
    assert_eq!(
        names(&state.player(P1).field),
        ["Slag Pourer", "Slag Heap"],
        "{}",
        s.dump()
    );
    assert!(state.player(P1).ex_area.is_empty(), "{}", s.dump());
}
