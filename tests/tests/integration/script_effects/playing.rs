//! Playing cards from effects: spells from the cemetery and alternative costs.

use super::*;

#[test]
fn play_spell_from_cemetery_plays_it_for_its_cost_after_the_ability() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Spell Recall"])
                .cemetery(["Spell Echo", "V1"])
                .pp(2),
        )
        .build();
    s.play("Spell Recall");
    let echo = s.card(P1, Zone::Cemetery, "Spell Echo");
    assert_eq!(
        s.options(),
        [Choice::Card(echo)],
        "spells only\n{}",
        s.dump()
    );
    pick(&mut s, P1, echo);
    // Spell Echo counts the two spells played this turn.
    assert_eq!(leader(&s, P2), 18, "{}", s.dump());
    assert_eq!(s.game.state().player(P1).pp, 0, "both costs paid");
    // Spell Recall stays in the resolution zone until its effect, the
    // played spell included, is done.
    assert_eq!(
        zone_names(&s, P1, Zone::Cemetery),
        ["V1", "Spell Echo", "Spell Recall"]
    );
    assert!(at_main_action(&s), "{}", s.dump());
    assert_clean(&mut s);
}

#[test]
fn play_spell_from_cemetery_offers_nothing_you_cannot_pay_for() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Spell Recall"])
                .cemetery(["Spell Echo"])
                .pp(1),
        )
        .build();
    s.play("Spell Recall");
    assert!(at_main_action(&s), "no question\n{}", s.dump());
    assert_eq!(leader(&s, P2), 20);
    assert_eq!(
        zone_names(&s, P1, Zone::Cemetery),
        ["Spell Echo", "Spell Recall"]
    );
    assert_clean(&mut s);
}

#[test]
fn play_spell_from_cemetery_set_cost_plays_it_for_the_set_cost() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Free Recall"])
                .cemetery(["Spell Echo"])
                .pp(1),
        )
        .build();
    s.play("Free Recall");
    let echo = s.card(P1, Zone::Cemetery, "Spell Echo");
    pick(&mut s, P1, echo);
    assert_eq!(leader(&s, P2), 18, "{}", s.dump());
    assert_eq!(s.game.state().player(P1).pp, 0);
    assert_clean(&mut s);
}

#[test]
fn an_alternative_cost_plays_the_card_without_play_points() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new().field(["V1", "V2"]).hand(["Sacrifice Giant"]),
        )
        .build();
    let giant = s.card(P1, Zone::Hand, "Sacrifice Giant");
    assert!(
        !s.can(sve_engine::engine::Action::Play { card: giant }),
        "0 PP: no normal play"
    );
    s.act(activate(&s, "Sacrifice Giant", 0));
    // Exactly two followers: the cost takes both without asking.
    assert_eq!(
        zone_names(&s, P1, Zone::Field),
        ["Sacrifice Giant"],
        "{}",
        s.dump()
    );
    assert_eq!(zone_names(&s, P1, Zone::Cemetery), ["V1", "V2"]);
    assert_eq!(s.game.state().player(P1).this_turn.spells_played.len(), 0);
    assert!(
        s.raw_events().iter().any(|e| matches!(
            e,
            Event::CardPlayed { card, .. } if *card == giant
        )),
        "the card is played"
    );
    assert_clean(&mut s);
}

#[test]
fn an_alternative_cost_that_cannot_be_paid_is_not_offered() {
    let loaded = load();
    let s = scenario(&loaded)
        .side(P1, Side::new().field(["V1"]).hand(["Sacrifice Giant"]))
        .build();
    assert!(!s.can(activate(&s, "Sacrifice Giant", 0)), "one follower");
    let no_cost = scenario(&loaded)
        .side(P1, Side::new().hand(["Sacrifice Giant"]))
        .build();
    assert!(
        !no_cost.can(activate(&no_cost, "Sacrifice Giant", 0)),
        "no follower"
    );
}

#[test]
fn an_alternative_cost_that_clears_the_field_plays_onto_a_full_field() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["V1", "V2", "V3", "V4", "V5"])
                .hand(["Sacrifice Giant"]),
        )
        .build();
    // The costs are paid before the card is played: they make the room.
    s.act(activate(&s, "Sacrifice Giant", 0));
    let v1 = s.card(P1, Zone::Field, "V1");
    let v2 = s.card(P1, Zone::Field, "V2");
    pick_all(&mut s, P1, &[v1, v2]);
    assert_eq!(
        zone_names(&s, P1, Zone::Field),
        ["V3", "V4", "V5", "Sacrifice Giant"],
        "{}",
        s.dump()
    );
    assert_clean(&mut s);
}

#[test]
fn an_alternative_cost_with_play_points_pays_them_and_resolves_the_spell() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Grave Bolt"])
                .cemetery(["Spell Echo", "Spell Echo", "V1"])
                .pp(1),
        )
        .build();
    s.act(activate(&s, "Grave Bolt", 1));
    if s.game
        .decision()
        .is_some_and(|d| d.prompt != Prompt::MainAction)
    {
        let spells: Vec<CardRef> = s.game.state().player(P1).cemetery[..2].to_vec();
        pick_all(&mut s, P1, &spells);
    }
    assert_eq!(leader(&s, P2), 17, "{}", s.dump());
    assert_eq!(s.game.state().player(P1).pp, 0);
    assert_eq!(
        zone_names(&s, P1, Zone::Banished),
        ["Spell Echo", "Spell Echo"]
    );
    assert_eq!(zone_names(&s, P1, Zone::Cemetery), ["V1", "Grave Bolt"]);
    assert_clean(&mut s);
}

#[test]
fn an_alternative_cost_asks_which_followers_go_when_there_are_more() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["V1", "V2", "V3"])
                .hand(["Sacrifice Giant"]),
        )
        .build();
    s.act(activate(&s, "Sacrifice Giant", 0));
    let v1 = s.card(P1, Zone::Field, "V1");
    let v3 = s.card(P1, Zone::Field, "V3");
    pick_all(&mut s, P1, &[v1, v3]);
    assert_eq!(
        zone_names(&s, P1, Zone::Field),
        ["V2", "Sacrifice Giant"],
        "{}",
        s.dump()
    );
    assert_clean(&mut s);
}

#[test]
fn an_alternative_cost_works_from_the_ex_area_too() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new().field(["V1", "V2"]).ex_area(["Sacrifice Giant"]),
        )
        .build();
    let giant = s.card(P1, Zone::ExArea, "Sacrifice Giant");
    // Its own ability (index 0) works from the hand; the copy after it
    // from the EX area.
    let from_ex = sve_engine::engine::Action::Activate {
        card: giant,
        ability: sve_engine::engine::AbilityIdx(1),
    };
    assert!(s.can(from_ex), "{}", s.dump());
    s.act(from_ex);
    assert_eq!(
        zone_names(&s, P1, Zone::Field),
        ["Sacrifice Giant"],
        "{}",
        s.dump()
    );
    assert_clean(&mut s);
}

#[test]
fn cr_10_6_2_3_3_a_spell_whose_selection_has_no_target_cannot_be_played() {
    // Tidal Shift selects an enemy follower and has no hand-written
    // condition: the requirement comes from its selection, and a follower
    // with Aura cannot be selected (CR 12.15.2).
    let loaded = load();
    let playable = |enemies: &[&str]| {
        let mut side = Side::new();
        for name in enemies {
            side = side.field([*name]);
        }
        let s = scenario(&loaded)
            .side(P1, Side::new().hand(["Tidal Shift"]).pp(1))
            .side(P2, side)
            .build();
        let spell = s.card(P1, Zone::Hand, "Tidal Shift");
        s.can(sve_engine::engine::Action::Play { card: spell })
    };
    assert!(!playable(&[]), "no enemy follower");
    assert!(!playable(&["Aura Guard"]), "only an Aura follower");
    assert!(playable(&["Aura Guard", "V1"]), "a follower to select");
}
