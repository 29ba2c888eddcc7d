//! Per-turn statistics, the turns-on-field and evolve-cost filters and the evolve deck's used cards.

use super::*;

#[test]
fn destroyed_this_turn_counts_either_players_followers_and_a_new_turn_clears_it() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().field(["V3"]).hand(["Grave Counter"]).pp(1))
        .side(P2, Side::new().engaged(["V1"]))
        .build();
    let v1 = s.card(P2, Zone::Field, "V1");
    s.attack("V3", "V1");
    let record = &s.game.state().player(P2).this_turn;
    assert_eq!(record.destroyed, [v1], "{}", s.dump());
    assert_eq!(s.game.state().player(P1).this_turn.attacked.len(), 1);
    s.play("Grave Counter");
    assert_eq!(
        hand_size(&s, P1),
        1,
        "one follower destroyed: one card drawn"
    );
    assert_clean(&mut s);
    s.end_turn();
    assert_eq!(s.game.state().active, P2);
    for player in [P1, P2] {
        let record = &s.game.state().player(player).this_turn;
        assert!(
            record.destroyed.is_empty() && record.attacked.is_empty(),
            "{record:?}"
        );
    }
}

#[test]
fn nothing_destroyed_this_turn_draws_nothing() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Grave Counter"]).pp(1))
        .build();
    s.play("Grave Counter");
    assert_eq!(hand_size(&s, P1), 0);
    assert_clean(&mut s);
}

#[test]
fn spells_played_this_turn_counts_the_spell_being_played() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Spell Echo", "Spell Echo"]).pp(2))
        .build();
    s.play("Spell Echo");
    assert_eq!(leader(&s, P2), 19, "the first spell counts itself");
    s.play("Spell Echo");
    assert_eq!(leader(&s, P2), 17, "the second counts both");
    assert_eq!(s.game.state().player(P1).this_turn.spells_played.len(), 2);
    assert_clean(&mut s);
}

#[test]
fn discarded_this_turn_counts_the_card_the_fanfare_discarded() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Scavenger", "V1", "V2"]).pp(1))
        .build();
    s.play("Scavenger");
    let v1 = s.card(P1, Zone::Hand, "V1");
    pick(&mut s, P1, v1);
    let scavenger = s.card(P1, Zone::Field, "Scavenger");
    assert_eq!(attack_of(&s, scavenger), 2, "{}", s.dump());
    assert_eq!(zone_names(&s, P1, Zone::Cemetery), ["V1"]);
    assert_clean(&mut s);
}

#[test]
fn attacked_this_turn_counts_your_followers_that_attacked() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["V1", "V2"])
                .hand(["War Chronicler"])
                .pp(1),
        )
        .build();
    s.attack("V1", "leader");
    s.attack("V2", "leader");
    assert_eq!(leader(&s, P2), 17, "{}", s.dump());
    s.play("War Chronicler");
    assert_eq!(leader(&s, P2), 15, "two followers attacked");
    assert_clean(&mut s);
}

#[test]
fn turns_on_field_zero_matches_only_followers_that_entered_this_turn() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["V1"])
                .hand(["V2", "Fresh Recruiter"])
                .pp(3),
        )
        .build();
    s.play("V2");
    s.play("Fresh Recruiter");
    let v1 = s.card(P1, Zone::Field, "V1");
    let v2 = s.card(P1, Zone::Field, "V2");
    let recruiter = s.card(P1, Zone::Field, "Fresh Recruiter");
    assert_eq!(
        (
            attack_of(&s, v1),
            attack_of(&s, v2),
            attack_of(&s, recruiter)
        ),
        (1, 3, 1),
        "{}",
        s.dump()
    );
    assert_clean(&mut s);
}

#[test]
fn evolve_cost_filter_offers_only_followers_that_evolve_cheaply_enough() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Evolve Breaker"]).pp(1))
        .side(
            P2,
            Side::new()
                .field(["V1", "V5", "V2"])
                .evolved("V2 (Evolved)"),
        )
        .build();
    s.play("Evolve Breaker");
    let v1 = s.card(P2, Zone::Field, "V1");
    // V5 evolves for 3; an evolved follower cannot evolve (cost -1).
    assert_eq!(s.options(), [Choice::Card(v1)], "{}", s.dump());
    pick(&mut s, P1, v1);
    assert_eq!(
        zone_names(&s, P2, Zone::Field),
        ["V5", "V2 (Evolved)"],
        "{}",
        s.dump()
    );
    assert_clean(&mut s);
}

#[test]
fn flip_evolve_deck_face_down_turns_the_chosen_used_card_face_down() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Evolve Restorer"])
                .pp(1)
                .evolve_deck(["V3 (Evolved)"])
                .used_evolve_deck(["V1 (Evolved)", "V2 (Evolved)"]),
        )
        .build();
    s.play("Evolve Restorer");
    let evolve_deck = s.game.state().player(P1).evolve_deck.clone();
    let offered: Vec<Choice> = evolve_deck[1..].iter().map(|c| Choice::Card(*c)).collect();
    assert_eq!(s.options(), offered, "only face-up cards\n{}", s.dump());
    pick(&mut s, P1, evolve_deck[1]);
    assert_eq!(face_up(&s, P1), ["V2 (Evolved)"]);
    assert_eq!(hand_size(&s, P1), 1, "one face-up card left: one draw");
    assert_clean(&mut s);
}

#[test]
fn flip_evolve_deck_face_down_without_a_count_turns_every_used_card_face_down() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Evolve Renewal"])
                .pp(1)
                .used_evolve_deck(["V1 (Evolved)", "V2 (Evolved)"]),
        )
        .build();
    s.play("Evolve Renewal");
    assert!(face_up(&s, P1).is_empty(), "{}", s.dump());
    assert_eq!(s.game.state().player(P1).evolve_deck.len(), 2);
    assert_clean(&mut s);
}

#[test]
fn returned_to_hand_from_field_counts_the_follower_just_returned() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().field(["V1"]).hand(["Recall Scout"]).pp(1))
        .build();
    s.play("Recall Scout");
    let v1 = s.card(P1, Zone::Field, "V1");
    pick(&mut s, P1, v1);
    assert_eq!(hand_size(&s, P1), 2, "V1 back in hand and one card drawn");
    assert_eq!(
        s.game
            .state()
            .player(P1)
            .this_turn
            .returned_to_hand_from_field,
        [v1]
    );
    assert_clean(&mut s);
}
