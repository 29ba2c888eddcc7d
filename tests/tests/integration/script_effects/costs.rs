//! Costs that move the payer's own cards (rules-coverage.md §12.3): chosen
//! from the field or the EX area, optional on triggered abilities,
//! required to activate; never skipped.

use super::*;
use sve_engine::engine::{AbilityIdx, Action};

fn activate_on_field(s: &Board, name: &str) -> Action {
    Action::Activate {
        card: s.card(P1, Zone::Field, name),
        ability: AbilityIdx(0),
    }
}

#[test]
fn a_fanfare_paying_by_returning_another_card_to_the_hand_gets_its_effect() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Tidy Elf"]).pp(1).field(["V1", "V2"]))
        .build();
    s.play("Tidy Elf");
    // The cost is optional: yes, then which card.
    s.choose(|c| *c == Choice::Yes);
    let v2 = s.card(P1, Zone::Field, "V2");
    pick(&mut s, P1, v2);
    assert_eq!(zone_names(&s, P1, Zone::Field), ["V1", "Tidy Elf"]);
    assert!(zone_names(&s, P1, Zone::Hand).contains(&"V2".to_owned()));
    let elf = s.card(P1, Zone::Field, "Tidy Elf");
    assert_eq!(attack_of(&s, elf), 2);
    assert_clean(&mut s);
}

#[test]
fn declining_the_cost_skips_the_effect() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Tidy Elf"]).pp(1).field(["V1"]))
        .build();
    s.play("Tidy Elf");
    s.choose(|c| *c == Choice::No);
    let elf = s.card(P1, Zone::Field, "Tidy Elf");
    assert_eq!(attack_of(&s, elf), 1);
    assert_eq!(zone_names(&s, P1, Zone::Field), ["V1", "Tidy Elf"]);
    assert_clean(&mut s);
}

#[test]
fn with_no_other_card_to_return_the_fanfare_asks_nothing_and_does_nothing() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Tidy Elf"]).pp(1))
        .build();
    s.play("Tidy Elf");
    assert!(at_main_action(&s), "{}", s.dump());
    let elf = s.card(P1, Zone::Field, "Tidy Elf");
    assert_eq!(attack_of(&s, elf), 1, "the cost can't be paid with itself");
    assert_clean(&mut s);
}

#[test]
fn an_act_banishing_a_card_of_the_ex_area_needs_one_and_pays_with_it() {
    let loaded = load();
    let s = scenario(&loaded)
        .side(P1, Side::new().field(["Ex Burner"]))
        .build();
    let act = activate_on_field(&s, "Ex Burner");
    assert!(
        !s.game.legal_main_actions(P1).contains(&act),
        "no card in the EX area: the act can't be paid"
    );
    let mut s = scenario(&loaded)
        .side(P1, Side::new().field(["Ex Burner"]).ex_area(["V3"]))
        .build();
    let before = leader(&s, P2);
    let act = activate_on_field(&s, "Ex Burner");
    s.act(act);
    assert_eq!(zone_names(&s, P1, Zone::ExArea), Vec::<String>::new());
    assert_eq!(zone_names(&s, P1, Zone::Banished), ["V3"]);
    assert_eq!(leader(&s, P2), before - 2);
    assert_clean(&mut s);
}

#[test]
fn a_cost_of_one_or_two_followers_lets_the_payer_choose_how_many() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Pair Sacrifice", "V1", "V2"])
                .deck(["V3", "V3"]),
        )
        .build();
    let hand = hand_size(&s, P1);
    let act = activate_on_field(&s, "Pair Sacrifice");
    s.act(act);
    let (v1, v2) = (s.card(P1, Zone::Field, "V1"), s.card(P1, Zone::Field, "V2"));
    pick_all(&mut s, P1, &[v1, v2]);
    assert_eq!(zone_names(&s, P1, Zone::Field), ["Pair Sacrifice"]);
    assert_eq!(zone_names(&s, P1, Zone::Cemetery), ["V1", "V2"]);
    assert_eq!(hand_size(&s, P1), hand + 1);
    assert_clean(&mut s);
}

/// `OnOpponentCardLeaveField` sees a card returned to the hand too, not
/// only a destroyed one.
#[test]
fn an_enemy_follower_returned_to_the_hand_triggers_a_leave_watcher() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Ebb Gust"])
                .pp(1)
                .field(["Tide Watcher"])
                .deck(["V3", "V3"]),
        )
        .side(P2, Side::new().field(["V2"]))
        .build();
    let hand = hand_size(&s, P1);
    s.play("Ebb Gust");
    let v2 = s.card(P2, Zone::Field, "V2");
    pick(&mut s, P1, v2);
    assert_eq!(zone_names(&s, P2, Zone::Field), Vec::<String>::new());
    // Ebb Gust left the hand; the watcher drew one.
    assert_eq!(hand_size(&s, P1), hand, "{}", s.dump());
    assert_clean(&mut s);
}
