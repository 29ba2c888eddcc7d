//! Damage, counters, cost modifiers, traits and transforming.

use super::*;

#[test]
fn draw_then_damage_evaluates_the_damage_after_drawing() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Study and Strike"]).pp(1))
        .side(P2, Side::new().field(["V3"]))
        .build();
    s.play("Study and Strike");
    let v3 = s.card(P2, Zone::Field, "V3");
    pick(&mut s, P1, v3);
    // The hand was empty when the targets were chosen: H counts the draws.
    assert_eq!(s.game.state().player(P1).hand.len(), 2);
    assert!(s.dump().contains("field V3 3/1"), "{}", s.dump());
    assert_clean(&mut s);
}

#[test]
fn move_counter_moves_the_amount_from_this_card_to_the_target() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Counter Keeper"]).pp(1).field(["V2"]))
        .build();
    s.play("Counter Keeper");
    let v2 = s.card(P1, Zone::Field, "V2");
    pick(&mut s, P1, v2);
    // 1 from `keyword Spell`, +2, then 2 move.
    let dump = s.dump();
    assert!(
        dump.contains("field V2 2/2 Spellx2, Counter Keeper 1/1 Spellx1"),
        "{dump}"
    );
    assert_clean(&mut s);
}

#[test]
fn reduced_cost_applies_in_hand_while_its_condition_holds() {
    let loaded = load();
    let cost = |max_pp: i32| {
        let s = scenario(&loaded)
            .side(
                P1,
                Side::new()
                    .hand(["Discount Golem"])
                    .pp(max_pp)
                    .max_pp(max_pp),
            )
            .build();
        let golem = s.card(P1, Zone::Hand, "Discount Golem");
        s.game.state().characteristics(s.game.db(), golem).cost
    };
    assert_eq!(cost(6), 5, "no overflow: full cost");
    assert_eq!(cost(7), 3, "overflow: 2 less");
}

#[test]
fn minus_cost_other_makes_your_matching_cards_in_hand_cheaper_while_on_the_field() {
    let loaded = load();
    let s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Spell Patron"])
                .hand(["Discount Golem", "TEST-E22"]),
        )
        .side(P2, Side::new().hand(["TEST-E22"]))
        .build();
    let cost_of = |player, name: &str| {
        let card = s.card(player, Zone::Hand, name);
        s.game.state().characteristics(s.game.db(), card).cost
    };
    let spell = loaded
        .db
        .get(loaded.db.by_card_id("TEST-E22").expect("test spell"));
    let printed = i32::from(spell.cost.expect("a spell has a cost"));
    assert_eq!(
        cost_of(P1, &spell.name),
        printed - 1,
        "your spell costs 1 less"
    );
    assert_eq!(cost_of(P1, "Discount Golem"), 5, "not a spell");
    assert_eq!(
        cost_of(P2, &spell.name),
        printed,
        "the opponent's spell is unchanged"
    );
}

#[test]
fn transform_banishes_the_target_and_puts_the_token_on_its_owners_side() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Polymorph"]).pp(1))
        .side(P2, Side::new().field(["V2", "V1"]))
        .build();
    s.play("Polymorph");
    let v2 = s.card(P2, Zone::Field, "V2");
    pick(&mut s, P1, v2);
    assert_clean(&mut s);
    assert_eq!(zone_names(&s, P2, Zone::Banished), ["V2"]);
    let mut field = zone_names(&s, P2, Zone::Field);
    field.sort();
    assert_eq!(field, ["Effect Sprite", "V1"]);
    assert!(zone_names(&s, P1, Zone::Field).is_empty());
}

#[test]
fn give_trait_gives_the_target_a_trait_that_filters_then_see() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["V1", "V2"])
                .hand(["Drill Sergeant"])
                .pp(1),
        )
        .build();
    s.play("Drill Sergeant");
    let v2 = s.card(P1, Zone::Field, "V2");
    pick(&mut s, P1, v2);
    let v1 = s.card(P1, Zone::Field, "V1");
    assert_eq!(
        (attack_of(&s, v1), attack_of(&s, v2)),
        (1, 3),
        "{}",
        s.dump()
    );
    let traits = s.game.state().traits(s.game.db(), v2);
    assert!(traits.iter().any(|t| t == "Officer"), "{traits:?}");
    assert_clean(&mut s);
}
