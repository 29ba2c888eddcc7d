//! Names (later-sets §8): "this follower's name is also X" counts in every
//! name check while the card is on the field with its abilities, and in
//! look-back information; a printing's alternate name counts nowhere.
//! Named `l8_<scenario>_...` after the reference's tests N-1..2.

use super::{P1, P2, copy};
use crate::board::fixtures::{ability, test_runner};
use crate::board::{Board, Side};
use crate::cards::{AbilityKind, CardDb, CardFilter, Keywords};
use crate::engine::{AbilityRunner, Choice, Zone};
use std::sync::Arc;

/// "Lloyd" (a V1 whose name is also Puppet), "Silent Lloyd" (the same,
/// having lost all its abilities) and "Cute Earrings" (a V1 printing whose
/// alternate name is "Shiny Earrings").
fn board(p1: Side) -> Board {
    let mut cards = crate::board::fixtures::test_cards();
    let mut lloyd = copy("V1", "TEST-LLOYD", "Lloyd");
    lloyd.also_named = vec!["Puppet".to_owned()];
    cards.push(lloyd.clone());
    let mut silent = copy("V1", "TEST-SILENT-LLOYD", "Silent Lloyd");
    silent.also_named = vec!["Puppet".to_owned()];
    silent.keywords |= Keywords::LOSES_ALL_ABILITIES;
    cards.push(silent);
    let mut earrings = copy("V1", "TEST-EARRINGS", "Cute Earrings");
    earrings.alternate_name = Some("Shiny Earrings".to_owned());
    cards.push(earrings);
    let mut namer = copy("Quick Bolt", "TEST-NAMER", "Namer");
    namer.abilities = vec![ability("Spell", AbilityKind::Spell)];
    cards.push(namer);
    // "Namer": declare a card name; if it is V2, 2 damage to the enemy
    // leader.
    let runner: Arc<dyn AbilityRunner> = Arc::new(test_runner().ability("TEST-NAMER", 0, |cx| {
        let name = cx.declare_card_name("Declare a card name")?;
        if name == "V2" {
            let enemy = cx.controller().opponent();
            cx.damage_leader(enemy, 2);
        }
        Ok(())
    }));
    Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .runner(runner)
        .side(P1, p1)
        .side(P2, Side::new().leader(10))
        .build()
}

fn named(name: &str) -> CardFilter {
    CardFilter {
        name: Some(name.to_owned()),
        ..CardFilter::default()
    }
}

fn other_than(name: &str) -> CardFilter {
    CardFilter {
        not_name: Some(name.to_owned()),
        ..CardFilter::default()
    }
}

#[test]
fn l8_n1_an_extra_name_counts_on_the_field_and_nowhere_else() {
    let s = board(Side::new().field(["Lloyd"]).ex_area(["Lloyd"]));
    let state = s.game.state();
    let db = s.game.db();
    let on_field = s.card(P1, Zone::Field, "Lloyd");
    let in_ex = s.card(P1, Zone::ExArea, "Lloyd");
    assert!(state.matches(db, on_field, &named("Puppet"), None));
    assert!(state.matches(db, on_field, &named("Lloyd"), None));
    assert!(!state.matches(db, on_field, &other_than("Puppet"), None));
    assert!(!state.matches(db, in_ex, &named("Puppet"), None));
    assert!(state.matches(db, in_ex, &other_than("Puppet"), None));
}

#[test]
fn l8_n2_a_card_that_lost_its_abilities_has_no_extra_name() {
    let s = board(Side::new().field(["Silent Lloyd"]));
    let card = s.card(P1, Zone::Field, "Silent Lloyd");
    assert!(
        !s.game
            .state()
            .matches(s.game.db(), card, &named("Puppet"), None)
    );
}

#[test]
fn l8_look_back_keeps_every_name_the_card_had_on_the_field() {
    let s = board(Side::new().field(["Lloyd", "Silent Lloyd"]));
    let state = s.game.state();
    let db = s.game.db();
    for (name, puppet) in [("Lloyd", true), ("Silent Lloyd", false)] {
        let card = s.card(P1, Zone::Field, name);
        let was = state.look_back(db, card);
        assert_eq!(
            state.matched_where_it_was(db, &was, &named("Puppet"), None),
            puppet,
            "{name}"
        );
    }
}

#[test]
fn l8_an_alternate_printed_name_has_no_rules_meaning() {
    let s = board(Side::new().field(["Cute Earrings"]));
    let state = s.game.state();
    let db = s.game.db();
    let card = s.card(P1, Zone::Field, "Cute Earrings");
    assert!(!state.matches(db, card, &named("Shiny Earrings"), None));
    assert!(state.matches(db, card, &named("Cute Earrings"), None));
    let id = state.card(card).def;
    assert_eq!(db.get(id).display_name(), "Cute Earrings");
}

#[test]
fn l8_n3_a_declared_name_is_a_card_name_never_an_alternate_one() {
    let mut s = board(Side::new().hand(["Namer"]).pp(1));
    s.play("Namer");
    let offered = s.offered_labels();
    assert!(offered.contains(&"Cute Earrings".to_owned()), "{offered:?}");
    assert!(offered.contains(&"Lloyd".to_owned()));
    assert!(
        !offered.contains(&"Shiny Earrings".to_owned()),
        "no alternate name"
    );
    assert!(
        !offered.contains(&"Puppet".to_owned()),
        "an extra name is no card name"
    );
    assert!(!offered.iter().any(|name| name.ends_with("(Evolved)")));
    assert!(!offered.contains(&"Test Leader".to_owned()));
    let mut sorted = offered.clone();
    sorted.sort();
    assert_eq!(offered, sorted, "alphabetical");
    s.choose(|choice| *choice == Choice::Label("V2".to_owned()));
    s.settle();
    assert_eq!(s.game.state().player(P2).leader_defense, 8, "{}", s.dump());
}
