//! The `bp03-forest` branch extensions: where a Fanfare card came from, returns to the hand, GiveAbility.

use super::*;

#[test]
fn fanfare_hand_and_not_hand_tell_where_the_card_came_from() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Hand Herald", "Raise Again"])
                .cemetery(["Hand Herald"])
                .pp(2),
        )
        .build();
    s.play("Hand Herald");
    // Both Fanfares trigger; only the one whose origin fits does anything.
    s.settle();
    assert_eq!(leader(&s, P2), 19, "from the hand\n{}", s.dump());
    assert_eq!(hand_size(&s, P1), 1, "no draw");
    s.play("Raise Again");
    let herald = s.card(P1, Zone::Cemetery, "Hand Herald");
    pick(&mut s, P1, herald);
    s.settle();
    assert_eq!(leader(&s, P2), 19, "from the cemetery: no damage");
    assert_eq!(hand_size(&s, P1), 1, "one draw\n{}", s.dump());
    assert_clean(&mut s);
}

#[test]
fn returned_to_hand_from_field_fires_for_a_return_and_not_for_a_destruction() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Homing Pigeon", "V1", "V2", "V3"])
                .hand(["Recall Scout", "Sacrifice Giant"])
                .pp(1),
        )
        .build();
    s.play("Recall Scout");
    let v1 = s.card(P1, Zone::Field, "V1");
    pick(&mut s, P1, v1);
    // V1 back, Recall Scout's draw and the Pigeon's draw.
    assert_eq!(hand_size(&s, P1), 4, "{}", s.dump());
    s.act(activate(&s, "Sacrifice Giant", 0));
    let v2 = s.card(P1, Zone::Field, "V2");
    let v3 = s.card(P1, Zone::Field, "V3");
    pick_all(&mut s, P1, &[v2, v3]);
    assert_eq!(
        hand_size(&s, P1),
        3,
        "the Giant left the hand, nothing drawn\n{}",
        s.dump()
    );
    assert_clean(&mut s);
}

#[test]
fn give_ability_gives_your_followers_the_named_last_words() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Fairy Matron", "V1", "V2"])
                .hand(["Sacrifice Giant"]),
        )
        .build();
    // Both followers go to the cemetery as the alternative cost: each has
    // the given Last Words.
    s.act(activate(&s, "Sacrifice Giant", 0));
    s.settle();
    assert_eq!(hand_size(&s, P1), 2, "two Last Words\n{}", s.dump());
    assert_clean(&mut s);
}

#[test]
fn cr_10_7_4_2_a_given_last_words_fires_for_a_follower_leaving_with_its_giver() {
    let loaded = load();
    // Both at 0 defense: rules handling destroys them together. The V1 has
    // the given Last Words as it was on the field (look-back, CR 10.7.4.1),
    // and the Knight, leaving at the same moment, sees it go (CR 10.7.4.2).
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Matron Knight"])
                .damaged(1)
                .field(["V1"])
                .damaged(1)
                .hand(["V1"])
                .pp(1),
        )
        .build();
    s.play("V1");
    s.settle();
    let mut cemetery = zone_names(&s, P1, Zone::Cemetery);
    cemetery.sort();
    assert_eq!(cemetery, ["Matron Knight", "V1"], "{}", s.dump());
    // The Knight's own Last Words and the one it gave the V1.
    assert_eq!(hand_size(&s, P1), 2, "two Last Words\n{}", s.dump());
    assert_clean(&mut s);
}

#[test]
fn give_ability_gives_a_fanfare_only_while_the_giver_is_on_the_field() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().field(["Herald Banner"]).hand(["V1"]).pp(1))
        .build();
    s.play("V1");
    s.settle();
    assert_eq!(leader(&s, P2), 19, "V1's given Fanfare\n{}", s.dump());
    assert_clean(&mut s);
    let mut off = scenario(&loaded)
        .side(P1, Side::new().hand(["V1", "Herald Banner"]).pp(1))
        .build();
    off.play("V1");
    off.settle();
    assert_eq!(leader(&off, P2), 20, "no Banner on the field");
    assert_clean(&mut off);
}
