//! Crests (later-sets §4): tokens that exist only in an EX area, one per
//! name there, whose abilities work in the EX area and which can't be
//! played. Named `l4_<scenario>_...` after the reference's tests CR-1..4.

use super::{P1, P2, copy};
use crate::board::fixtures::{ability, test_cards, test_runner};
use crate::board::{Board, Side};
use crate::cards::{
    AbilityKind, CardDb, CardDef, CardFilter, CardType, Grant, Keywords, PassiveCondition,
    PassiveDef, PassiveScope, Trigger,
};
use crate::engine::mutation::Place;
use crate::engine::{AbilityRunner, Action, MoveCause, TokenDestination, Zone};
use std::sync::Arc;

/// A crest token named `name` with one ability.
fn crest(id: &str, name: &str, kind: AbilityKind) -> CardDef {
    let mut card = copy("Stack Totem", id, name);
    card.card_type = CardType::Crest;
    card.cost = None;
    card.is_token = false; // the pool makes every crest a token
    card.traits = vec!["Token".into()];
    card.abilities = vec![ability(name, kind)];
    card
}

fn ward_to_followers() -> AbilityKind {
    AbilityKind::Passive(PassiveDef {
        grant: Grant::Keywords(Keywords::WARD),
        scope: PassiveScope::AlliesOnField(CardFilter::followers()),
        condition: PassiveCondition::Always,
    })
}

/// "Crest: Shield" (your followers have Ward), "Crest: Dawn" (at the start
/// of your main phase, your leader gains 1 defense), "Shield Bearer" (a V1
/// with Shield's passive), "Crest Maker" (a spell: put two Crest: Shield
/// and a Crest: Dawn into your EX area) and "Crest Caller" (a spell: put a
/// Crest: Shield onto your field).
fn board(p1: Side, p2: Side) -> Board {
    let mut cards = test_cards();
    cards.push(crest(
        "TEST-CREST-SHIELD",
        "Crest: Shield",
        ward_to_followers(),
    ));
    cards.push(crest(
        "TEST-CREST-DAWN",
        "Crest: Dawn",
        AbilityKind::Triggered(Trigger::StartMainPhase),
    ));
    let mut bearer = copy("V1", "TEST-BEARER", "Shield Bearer");
    bearer.abilities = vec![ability("Shield", ward_to_followers())];
    cards.push(bearer);
    for (id, name) in [
        ("TEST-CREST-MAKER", "Crest Maker"),
        ("TEST-CREST-CALLER", "Crest Caller"),
    ] {
        let mut spell = copy("Quick Bolt", id, name);
        spell.abilities = vec![ability("Spell", AbilityKind::Spell)];
        cards.push(spell);
    }
    let token = |cx: &crate::engine::AbilityCtx<'_>, name: &str| {
        cx.query()
            .db()
            .by_name(name)
            .ok_or_else(|| crate::engine::Halt::Failed(format!("no {name}")))
    };
    let runner: Arc<dyn AbilityRunner> = Arc::new(
        test_runner()
            .ability("TEST-CREST-MAKER", 0, move |cx| {
                let me = cx.controller();
                let shield = token(cx, "Crest: Shield")?;
                let dawn = token(cx, "Crest: Dawn")?;
                cx.summon_token(me, shield, 2, TokenDestination::ExArea);
                cx.summon_token(me, dawn, 1, TokenDestination::ExArea);
                Ok(())
            })
            .ability("TEST-CREST-CALLER", 0, move |cx| {
                let me = cx.controller();
                let shield = token(cx, "Crest: Shield")?;
                cx.summon_token(me, shield, 1, TokenDestination::Field);
                Ok(())
            })
            .ability("TEST-CREST-DAWN", 0, |cx| {
                let me = cx.controller();
                cx.change_leader_defense(me, 1);
                Ok(())
            }),
    );
    Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .runner(runner)
        .side(P1, p1.leader(10))
        .side(P2, p2.leader(10))
        .build()
}

fn names(s: &Board, zone: Zone) -> Vec<String> {
    let state = s.game.state();
    let p = state.player(P1);
    let cards = match zone {
        Zone::ExArea => &p.ex_area,
        Zone::Banished => &p.banished,
        Zone::Field => &p.field,
        _ => unreachable!("a zone the tests read"),
    };
    cards
        .iter()
        .map(|c| s.game.db().get(state.card(*c).def).name.clone())
        .collect()
}

fn has_ward(s: &Board, name: &str) -> bool {
    let card = s.card(P1, Zone::Field, name);
    s.game
        .state()
        .characteristics(s.game.db(), card)
        .keywords
        .contains(Keywords::WARD)
}

#[test]
fn every_crest_is_a_token_and_is_never_played() {
    let s = board(Side::new().ex_area(["Crest: Shield"]).pp(10), Side::new());
    let shield = s.card(P1, Zone::ExArea, "Crest: Shield");
    assert!(s.game.db().get(s.game.state().card(shield).def).is_token);
    assert!(!s.can(Action::Play { card: shield }), "{}", s.dump());
}

#[test]
fn l4_cr1_one_crest_per_name_in_an_ex_area() {
    // Two asked for, one made; a crest of another name beside it.
    let mut s = board(Side::new().hand(["Crest Maker"]).pp(5), Side::new());
    s.play("Crest Maker");
    assert_eq!(names(&s, Zone::ExArea), ["Crest: Shield", "Crest: Dawn"]);
    // With one there already, none more.
    let mut s = board(
        Side::new()
            .hand(["Crest Maker"])
            .ex_area(["Crest: Shield"])
            .pp(5),
        Side::new(),
    );
    s.play("Crest Maker");
    assert_eq!(names(&s, Zone::ExArea), ["Crest: Shield", "Crest: Dawn"]);
}

#[test]
fn l4_cr1_a_crest_is_not_moved_into_an_ex_area_holding_its_name() {
    let mut s = board(
        Side::new().ex_area(["Crest: Shield", "Crest: Dawn"]),
        Side::new().ex_area(["Crest: Shield"]),
    );
    let shield = s.card(P1, Zone::ExArea, "Crest: Shield");
    let dawn = s.card(P1, Zone::ExArea, "Crest: Dawn");
    s.game
        .move_card(shield, P2, Zone::ExArea, Place::Top, MoveCause::PutByEffect);
    assert_eq!(s.game.state().card(shield).zone, Zone::ExArea);
    assert_eq!(s.game.state().card(shield).controller, P1, "not moved");
    // Another name goes: each player may hold their own.
    s.game
        .move_card(dawn, P2, Zone::ExArea, Place::Top, MoveCause::PutByEffect);
    assert_eq!(s.game.state().player(P2).ex_area.len(), 2, "{}", s.dump());
}

#[test]
fn l4_cr2_a_crests_passive_works_from_the_ex_area_and_a_followers_does_not() {
    let s = board(
        Side::new().ex_area(["Crest: Shield"]).field(["V1"]),
        Side::new().field(["V2"]),
    );
    assert!(has_ward(&s, "V1"), "{}", s.dump());
    let v2 = s.card(P2, Zone::Field, "V2");
    let v2_keywords = s.game.state().characteristics(s.game.db(), v2).keywords;
    assert!(
        !v2_keywords.contains(Keywords::WARD),
        "only its controller's"
    );
    let s = board(
        Side::new().ex_area(["Shield Bearer"]).field(["V1"]),
        Side::new(),
    );
    assert!(
        !has_ward(&s, "V1"),
        "a follower in the EX area gives nothing"
    );
}

#[test]
fn l4_cr3_a_crest_that_leaves_the_ex_area_vanishes() {
    let mut s = board(
        Side::new().ex_area(["Crest: Shield", "V1"]).field(["V2"]),
        Side::new(),
    );
    let shield = s.card(P1, Zone::ExArea, "Crest: Shield");
    s.game.banish(shield);
    assert_eq!(names(&s, Zone::ExArea), ["V1"]);
    assert!(names(&s, Zone::Banished).is_empty(), "{}", s.dump());
    assert_eq!(s.game.state().card(shield).zone, Zone::RemovedFromGame);
    s.game.state.forget_characteristics();
    assert!(!has_ward(&s, "V2"), "its passive went with it");
}

#[test]
fn l4_cr4_no_crest_is_made_in_a_full_ex_area_nor_on_the_field() {
    let mut s = board(
        Side::new()
            .hand(["Crest Maker", "Crest Caller"])
            .ex_area(["V1", "V1", "V1", "V1", "V1"])
            .pp(5),
        Side::new(),
    );
    s.play("Crest Maker");
    assert_eq!(names(&s, Zone::ExArea), ["V1"; 5], "{}", s.dump());
    s.play("Crest Caller");
    assert!(names(&s, Zone::Field).is_empty(), "{}", s.dump());
}

#[test]
fn a_crests_automatic_ability_works_in_the_ex_area() {
    let mut s = board(Side::new().ex_area(["Crest: Dawn"]), Side::new());
    s.end_turn();
    s.end_turn();
    assert_eq!(s.game.state().active, P1);
    assert_eq!(s.game.state().player(P1).leader_defense, 11, "{}", s.dump());
    assert_eq!(s.game.state().player(P2).leader_defense, 10);
}
