//! Restricted sequences, amounts, performing players and choices.

use super::*;

#[test]
fn target_for_sequence_acts_on_the_selected_follower_only_and_still_hits_the_leader() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Sequence Squire"])
                .pp(1)
                .field(["V1", "V2"]),
        )
        .build();
    s.play("Sequence Squire");
    let v2 = s.card(P1, Zone::Field, "V2");
    pick(&mut s, P1, v2);
    let v1 = s.card(P1, Zone::Field, "V1");
    let squire = s.card(P1, Zone::Field, "Sequence Squire");
    let dump = s.dump();
    assert!(
        dump.contains("field V1 1/1, V2 3/3, Sequence Squire 1/1"),
        "{dump}"
    );
    assert!(has_keyword(&s, v2, Keywords::RUSH));
    assert!(!has_keyword(&s, v1, Keywords::RUSH));
    assert!(!has_keyword(&s, squire, Keywords::RUSH));
    assert_eq!(leader(&s, P2), 19, "Self-less modes are not restricted");
    assert_clean(&mut s);
}

#[test]
fn target_for_sequence_without_a_target_does_nothing() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Sequence Squire"]).pp(1))
        .build();
    s.play("Sequence Squire");
    assert!(at_main_action(&s), "nothing to select\n{}", s.dump());
    assert_eq!(leader(&s, P2), 20, "the ability as a whole does nothing");
    assert_clean(&mut s);
}

#[test]
fn target_for_sequence_with_target_amount_passes_the_targets_attack() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Measured Strike"]).pp(1))
        .side(P2, Side::new().field(["V2", "V3"]))
        .build();
    s.play("Measured Strike");
    let v3 = s.card(P2, Zone::Field, "V3");
    pick(&mut s, P1, v3);
    assert_eq!(zone_names(&s, P2, Zone::Cemetery), ["V3"], "3 damage");
    assert!(s.dump().contains("field V2 2/2"), "{}", s.dump());
    assert_eq!(leader(&s, P1), 23, "_ = 3 reaches every sub-ability");
    assert_clean(&mut s);
}

#[test]
fn perform_with_target_amount_passes_the_amount_without_restricting_targets() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Borrowed Might"]).pp(1).field(["V2"]))
        .side(P2, Side::new().field(["V1", "V3"]))
        .build();
    s.play("Borrowed Might");
    let v2 = s.card(P1, Zone::Field, "V2");
    pick(&mut s, P1, v2);
    assert_eq!(s.game.state().player(P1).hand.len(), 2, "drew P = 2");
    assert_eq!(zone_names(&s, P2, Zone::Cemetery), ["V1"]);
    assert!(s.dump().contains("field V3 3/1"), "{}", s.dump());
    assert_clean(&mut s);
}

#[test]
fn perform_as_each_target_acts_as_each_other_follower_in_the_chosen_order() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Rally Captain"])
                .pp(3)
                .field(["V1", "V2"]),
        )
        .build();
    s.play("Rally Captain");
    let v1 = s.card(P1, Zone::Field, "V1");
    let v2 = s.card(P1, Zone::Field, "V2");
    // Two actors: one question orders them (the last goes last).
    assert_eq!(s.options(), [Choice::Card(v1), Choice::Card(v2)]);
    pick(&mut s, P1, v2);
    // V2 deals its attack 2, V1 deals 1; each grows itself, the Captain (X)
    // does nothing.
    assert_eq!(leader(&s, P2), 17);
    let dump = s.dump();
    assert!(
        dump.contains("field V1 2/1, V2 3/2, Rally Captain 3/3"),
        "{dump}"
    );
    assert_clean(&mut s);
}

#[test]
fn destroy_and_controller_perform_lets_the_destroyed_cards_controller_draw() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Grim Bargain"]).pp(1).field(["V1"]))
        .side(P2, Side::new().field(["V2"]))
        .build();
    s.play("Grim Bargain");
    let v2 = s.card(P2, Zone::Field, "V2");
    pick(&mut s, P1, v2);
    assert_eq!(zone_names(&s, P2, Zone::Cemetery), ["V2"]);
    assert_eq!(
        s.game.state().player(P2).hand.len(),
        2,
        "the opponent draws"
    );
    assert_eq!(s.game.state().player(P1).hand.len(), 0);
    assert_clean(&mut s);
}

#[test]
fn destroy_and_controller_perform_does_nothing_more_when_nothing_was_destroyed() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Grim Bargain"]).pp(1))
        .side(P2, Side::new().field(["Unbreakable"]))
        .build();
    s.play("Grim Bargain");
    let unbreakable = s.card(P2, Zone::Field, "Unbreakable");
    pick(&mut s, P1, unbreakable);
    assert_eq!(zone_names(&s, P2, Zone::Field), ["Unbreakable"]);
    assert_eq!(s.game.state().player(P2).hand.len(), 0, "nobody draws");
    assert_clean(&mut s);
}

#[test]
fn opponent_perform_effect_makes_the_opponent_choose_what_to_discard() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Tithe Collector", "V4"]).pp(1))
        .side(P2, Side::new().hand(["V1", "V2"]))
        .build();
    s.play("Tithe Collector");
    let v2 = s.card(P2, Zone::Hand, "V2");
    let v1 = s.card(P2, Zone::Hand, "V1");
    assert_eq!(
        s.options(),
        [Choice::Card(v1), Choice::Card(v2)],
        "P2's hand"
    );
    pick(&mut s, P2, v2);
    assert_eq!(zone_names(&s, P2, Zone::Cemetery), ["V2"]);
    assert_eq!(zone_names(&s, P2, Zone::Hand), ["V1"]);
    assert_eq!(zone_names(&s, P1, Zone::Hand), ["V4"], "yours is untouched");
    assert_clean(&mut s);
}

#[test]
fn opponent_perform_effect_with_targets_restricts_the_opponents_run() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Cruel Bargain"]).pp(1).field(["V2"]))
        .side(P2, Side::new().field(["V1", "V3"]))
        .build();
    s.play("Cruel Bargain");
    let v3 = s.card(P2, Zone::Field, "V3");
    pick(&mut s, P1, v3);
    assert_eq!(zone_names(&s, P2, Zone::Cemetery), ["V3"]);
    assert_eq!(zone_names(&s, P2, Zone::Field), ["V1"]);
    assert_eq!(
        zone_names(&s, P1, Zone::Field),
        ["V2"],
        "not the opponent's"
    );
    assert_eq!(
        s.game.state().player(P2).hand.len(),
        1,
        "the opponent draws"
    );
    assert_eq!(s.game.state().player(P1).hand.len(), 0);
    assert_clean(&mut s);
}

#[test]
fn opponent_perform_effect_selections_leave_out_your_aura_followers() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Forced Hand"])
                .pp(1)
                .field(["Aura Guard", "V2"]),
        )
        .build();
    s.play("Forced Hand");
    // The opponent selects among your followers: Aura protects from them.
    let v2 = s.card(P1, Zone::Field, "V2");
    assert_eq!(s.options(), [Choice::Card(v2)]);
    pick(&mut s, P2, v2);
    assert!(
        s.dump().contains("field Aura Guard 1/1, V2 2/1"),
        "{}",
        s.dump()
    );
    assert_clean(&mut s);
}

#[test]
fn opponent_perform_effect_puts_cards_onto_the_opponents_field() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Gift of Return"]).pp(1))
        .side(P2, Side::new().cemetery(["V2"]))
        .build();
    s.play("Gift of Return");
    let v2 = s.card(P2, Zone::Cemetery, "V2");
    pick(&mut s, P2, v2);
    assert_clean(&mut s);
    assert_eq!(
        zone_names(&s, P2, Zone::Field),
        ["V2"],
        "the performer's field"
    );
    assert!(zone_names(&s, P1, Zone::Field).is_empty());
}

#[test]
fn choose_amount_from_list_runs_two_different_available_options() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Menu of Choices"]).pp(1))
        .build();
    s.play("Menu of Choices");
    // Mend's condition (leader below 20) is false: not offered.
    assert_eq!(labels(&s), ["Draw One", "Ping Leader"]);
    // The question says its step of the series in its data.
    assert_eq!(series_step(&s), Some((1, 2, true)));
    pick_label(&mut s, "Ping Leader");
    // An option runs once; after the minimum the player may stop.
    assert_eq!(labels(&s), ["Draw One", "Stop"]);
    assert_eq!(series_step(&s), Some((2, 2, true)));
    pick_label(&mut s, "Draw One");
    assert_eq!(leader(&s, P2), 18);
    assert_eq!(s.game.state().player(P1).hand.len(), 1);
    assert!(at_main_action(&s), "two options at most\n{}", s.dump());
    assert_clean(&mut s);
}

#[test]
fn choose_amount_from_list_may_stop_after_the_minimum() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Menu of Choices"]).pp(1).leader(15))
        .build();
    s.play("Menu of Choices");
    assert_eq!(labels(&s), ["Draw One", "Ping Leader", "Mend"]);
    pick_label(&mut s, "Mend");
    pick_label(&mut s, "Stop");
    assert_eq!(leader(&s, P1), 18);
    assert_eq!(leader(&s, P2), 20);
    assert_clean(&mut s);
}

#[test]
fn roll_dice_resolves_the_face_the_match_rng_rolls() {
    let loaded = load();
    let roll = || {
        let mut s = scenario(&loaded)
            .side(P1, Side::new().hand(["Fate Dice"]).pp(1))
            .build();
        s.play("Fate Dice");
        assert_clean(&mut s);
        20 - leader(&s, P2)
    };
    let first = roll();
    assert!((1..=6).contains(&first), "rolled {first}");
    assert_eq!(roll(), first, "the match RNG is seeded");
}

/// The pending question's step of a series, from its data: (step, count,
/// up to).
fn series_step(s: &Board) -> Option<(u32, u32, bool)> {
    match &s.game.decision()?.prompt {
        Prompt::Ability {
            series: Some(step), ..
        } => Some((step.step, step.count, step.up_to)),
        _ => None,
    }
}
