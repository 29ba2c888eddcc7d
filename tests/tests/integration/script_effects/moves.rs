//! Effects that move cards: tokens, the deck, the hand, the EX area and the cemetery.

use super::*;

#[test]
fn summon_token_and_target_gives_only_the_new_tokens_rush() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Sprite Caller"]).pp(1).field(["V1"]))
        .build();
    s.play("Sprite Caller");
    let field = s.game.state().player(P1).field.clone();
    assert_eq!(
        zone_names(&s, P1, Zone::Field),
        ["V1", "Effect Sprite", "Effect Sprite"]
    );
    assert!(!has_keyword(&s, field[0], Keywords::RUSH));
    assert!(has_keyword(&s, field[1], Keywords::RUSH));
    assert!(has_keyword(&s, field[2], Keywords::RUSH));
    assert_clean(&mut s);
}

#[test]
fn summon_token_and_target_with_one_free_slot_targets_the_one_token_made() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Sprite Caller"])
                .pp(1)
                .field(["V1", "V1", "V1", "V1"]),
        )
        .build();
    s.play("Sprite Caller");
    let field = s.game.state().player(P1).field.clone();
    assert_eq!(field.len(), 5, "{}", s.dump());
    let sprites: Vec<CardRef> = field
        .iter()
        .copied()
        .filter(|c| has_keyword(&s, *c, Keywords::RUSH))
        .collect();
    assert_eq!(sprites.len(), 1);
    assert_clean(&mut s);
}

#[test]
fn hand_to_ex_and_target_discounts_only_the_moved_card() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new().hand(["Stash Away", "V3"]).pp(1).ex_area(["V4"]),
        )
        .build();
    s.play("Stash Away");
    let v3 = s.card(P1, Zone::Hand, "V3");
    pick(&mut s, P1, v3);
    assert_eq!(zone_names(&s, P1, Zone::ExArea), ["V4", "V3"]);
    let v4 = s.card(P1, Zone::ExArea, "V4");
    assert_eq!((cost(&s, v3), cost(&s, v4)), (2, 4));
    assert_clean(&mut s);
}

#[test]
fn cemetery_to_field_and_target_gives_the_revived_follower_storm() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Raise Again"])
                .pp(1)
                .cemetery(["V2"])
                .new_on_field(["V1"]),
        )
        .build();
    s.play("Raise Again");
    let v2 = s.card(P1, Zone::Cemetery, "V2");
    pick(&mut s, P1, v2);
    let v1 = s.card(P1, Zone::Field, "V1");
    assert!(has_keyword(&s, v2, Keywords::STORM));
    assert!(!s.game.can_attack(v1), "V1 got nothing");
    s.attack("V2", "leader");
    assert_eq!(leader(&s, P2), 18);
    assert_clean(&mut s);
}

#[test]
fn search_and_target_puts_the_found_card_onto_the_field_with_more_defense() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Seek Ally"])
                .pp(1)
                .field(["V1"])
                .deck(["V1", "V3", "V1"]),
        )
        .build();
    s.play("Seek Ally");
    let v3 = s.card(P1, Zone::Deck, "V3");
    pick(&mut s, P1, v3);
    assert!(s.dump().contains("field V1 1/1, V3 3/5"), "{}", s.dump());
    assert_eq!(zone_names(&s, P1, Zone::Deck), ["V1", "V1"]);
    assert_clean(&mut s);
}

#[test]
fn top_deck_to_ex_and_target_discounts_the_two_top_cards() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Unearth"])
                .pp(1)
                .ex_area(["V3"])
                .deck(["V1", "V4", "V5"]),
        )
        .build();
    s.play("Unearth");
    assert_eq!(zone_names(&s, P1, Zone::ExArea), ["V3", "V5", "V4"]);
    let costs: Vec<i32> = s
        .game
        .state()
        .player(P1)
        .ex_area
        .iter()
        .map(|c| cost(&s, *c))
        .collect();
    assert_eq!(costs, [3, 4, 3]);
    assert_clean(&mut s);
}

#[test]
fn top_deck_to_ex_stops_when_the_ex_area_is_full() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Set Aside"])
                .pp(1)
                .ex_area(["V1", "V1", "V1", "V1"])
                .deck(["V2", "V3", "V4"]),
        )
        .build();
    s.play("Set Aside");
    assert_eq!(
        zone_names(&s, P1, Zone::ExArea),
        ["V1", "V1", "V1", "V1", "V4"]
    );
    assert_eq!(zone_names(&s, P1, Zone::Deck), ["V2", "V3"]);
    assert_clean(&mut s);
}

#[test]
fn put_ex_to_field_and_target_gives_the_chosen_card_storm() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new().hand(["Call Forth"]).pp(1).ex_area(["V2", "V3"]),
        )
        .build();
    s.play("Call Forth");
    let v3 = s.card(P1, Zone::ExArea, "V3");
    pick(&mut s, P1, v3);
    assert_eq!(zone_names(&s, P1, Zone::ExArea), ["V2"]);
    s.attack("V3", "leader");
    assert_eq!(leader(&s, P2), 17);
    assert_clean(&mut s);
}

#[test]
fn redraw_hand_returns_the_hand_and_draws_as_many() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Fresh Start", "V4", "V5"]).pp(1))
        .build();
    s.play("Fresh Start");
    let p1 = s.game.state().player(P1);
    assert_eq!((p1.hand.len(), p1.deck.len()), (2, 10), "{}", s.dump());
    assert_clean(&mut s);
}

#[test]
fn discard_to_bottom_deck_puts_the_chosen_card_under_the_deck() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Tuck Away", "V4", "V5"])
                .pp(1)
                .deck(["V1", "V2"]),
        )
        .build();
    s.play("Tuck Away");
    let decision = s.game.decision().cloned().expect("a choice");
    assert_eq!((decision.min, decision.max), (0, 2), "up to 2");
    let v5 = s.card(P1, Zone::Hand, "V5");
    pick_all(&mut s, P1, &[v5]);
    assert_eq!(zone_names(&s, P1, Zone::Deck), ["V5", "V1", "V2"]);
    assert_eq!(zone_names(&s, P1, Zone::Hand), ["V4"]);
    assert_clean(&mut s);
}

#[test]
fn discard_from_opponent_hand_lets_you_choose_among_their_followers() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Mind Rot"]).pp(1))
        .side(P2, Side::new().hand(["Stack Totem", "V2"]))
        .build();
    s.play("Mind Rot");
    let v2 = s.card(P2, Zone::Hand, "V2");
    assert_eq!(s.options(), [Choice::Card(v2)], "followers only");
    pick(&mut s, P1, v2);
    assert_eq!(zone_names(&s, P2, Zone::Cemetery), ["V2"]);
    assert_eq!(zone_names(&s, P2, Zone::Hand), ["Stack Totem"]);
    assert_clean(&mut s);
}

#[test]
fn search_filtered_options_lets_the_player_pick_the_action_of_a_card_matching_two() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Sorting Hat"])
                .pp(1)
                .deck(["V1", "V4", "Stack Totem"]),
        )
        .build();
    s.play("Sorting Hat");
    let v1 = s.card(P1, Zone::Deck, "V1");
    let v4 = s.card(P1, Zone::Deck, "V4");
    assert_eq!(
        s.options(),
        [Choice::Card(v1), Choice::Card(v4)],
        "followers"
    );
    pick_all(&mut s, P1, &[v1, v4]);
    // V4 only matches `F`: into the hand. V1 also costs 2 or less.
    assert_eq!(
        labels(&s),
        ["V1: put into your hand", "V1: put onto your field"]
    );
    pick_label(&mut s, "V1: put onto your field");
    assert_eq!(zone_names(&s, P1, Zone::Field), ["V1"]);
    assert_eq!(zone_names(&s, P1, Zone::Hand), ["V4"]);
    assert_eq!(zone_names(&s, P1, Zone::Deck), ["Stack Totem"]);
    assert_clean(&mut s);
}

#[test]
fn top_or_bottom_deck_puts_the_target_on_the_chosen_end() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Tidal Shift"]).pp(1))
        .side(P2, Side::new().field(["V3"]).deck(["V1", "V2"]))
        .build();
    s.play("Tidal Shift");
    let v3 = s.card(P2, Zone::Field, "V3");
    pick(&mut s, P1, v3);
    pick_label(&mut s, "Bottom of the deck");
    assert_eq!(zone_names(&s, P2, Zone::Deck), ["V3", "V1", "V2"]);
    assert_clean(&mut s);
}

#[test]
fn a_ward_follower_put_out_before_a_question_offers_its_engage_choice_once() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Ward Summoner"]).pp(1))
        .side(P2, Side::new().field(["V3"]))
        .build();
    s.play("Ward Summoner");
    // The target question rolls the run back and runs it again; the Warden
    // it put out asks about Ward once, after the ability.
    let v3 = s.card(P2, Zone::Field, "V3");
    pick(&mut s, P1, v3);
    let mut ward_questions = 0;
    while let Some(decision) = s.game.decision() {
        match decision.prompt {
            Prompt::EngageWardOnEnter { .. } => {
                ward_questions += 1;
                s.choose(|c| *c == Choice::No);
            }
            _ => break,
        }
    }
    assert_eq!(ward_questions, 1, "{}", s.dump());
    assert!(at_main_action(&s), "{}", s.dump());
    assert_clean(&mut s);
}
