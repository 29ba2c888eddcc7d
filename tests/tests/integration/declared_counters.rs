//! A counter kind declared by a pack (`tests/packs/overheat-rust`): Heat,
//! written entirely in the pack with no engine change. The card pool
//! numbers it; Heat Sink enters with 2 and spends them as a cost, Bellows
//! puts them with card code, and the log names them as the pack does.

use crate::declared_keywords::{board, overheat};
use sve_engine::board::Side;
use sve_engine::engine::{AbilityIdx, Action, PlayerId, Zone};

const P1: PlayerId = PlayerId(0);

#[test]
fn the_pack_declares_heat_and_its_cards_name_it() {
    let loaded = overheat();
    let heat = loaded.db.declared_counter("Heat").expect("declared");
    assert_eq!(loaded.db.counter_name(heat), "Heat");
    let declared = &loaded.db.declared_counters()[0];
    assert_eq!(
        declared.reminder,
        "Heat builds up in machines that run hot."
    );
    let sink = loaded.db.by_card_id("OVH-005").expect("Heat Sink");
    assert_eq!(loaded.db.get(sink).initial_counters, [(heat, 2)]);
}

#[test]
fn heat_sink_enters_with_2_heat_and_spends_one_per_activation() {
    let loaded = overheat();
    let mut s = board(&loaded, Side::new().hand(["Heat Sink"]).pp(5).leader(10));
    s.play("Heat Sink");
    let sink = s.card(P1, Zone::Field, "Heat Sink");
    let heat = loaded.db.declared_counter("Heat").expect("declared");
    assert_eq!(s.game.state().card(sink).counter(heat), 2);
    let vent = Action::Activate {
        card: sink,
        ability: AbilityIdx(0),
    };
    s.events();
    s.act(vent);
    s.act(vent);
    assert_eq!(s.game.state().player(P1).leader_defense, 14);
    assert_eq!(s.game.state().card(sink).counter(heat), 0);
    assert!(!s.can(vent), "no Heat left: {}", s.dump());
}

#[test]
fn bellows_puts_heat_on_each_amulet_of_yours_in_players_words() {
    let loaded = overheat();
    let mut s = board(
        &loaded,
        Side::new().field(["Heat Sink"]).hand(["Bellows"]).pp(5),
    );
    let sink = s.card(P1, Zone::Field, "Heat Sink");
    let heat = loaded.db.declared_counter("Heat").expect("declared");
    s.raw_events();
    s.play("Bellows");
    // 2 from entering the field, 1 from Bellows.
    assert_eq!(s.game.state().card(sink).counter(heat), 3, "{}", s.dump());
    let said: Vec<String> = s
        .raw_events()
        .iter()
        .filter_map(|e| sve_engine::gamelog::render(e, s.game.state(), s.game.db()).log)
        .map(|log| log.text)
        .filter(|text| text.contains("counter"))
        .collect();
    assert_eq!(said, ["Heat Sink gets 1 Heat counter (3 in all)"]);
}
