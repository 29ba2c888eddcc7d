//! Equipment (later-sets §5, CR 4.16, 14.5.2, 11.11): equipment tokens made
//! linked to a follower, their own abilities and "the equipped follower
//! has", removal once unlinked, and following the follower's controller.
//! Named `l5_<scenario>_...` after the reference's tests EQ-1..4 (with our
//! own test tokens: Guard Blade deals 2 more and takes 1 less, Keepsake
//! gives Storm).

use super::{P1, P2, copy};
use crate::board::fixtures::{ability, test_runner};
use crate::board::{Board, Side};
use crate::cards::{
    AbilityKind, CardDb, CardDef, Grant, Keywords, PassiveCondition, PassiveDef, PassiveScope,
};
use crate::engine::runtime::Task;
use crate::engine::{AbilityRunner, Event, Zone};
use std::sync::Arc;

fn passive(grant: Keywords, scope: PassiveScope) -> crate::cards::AbilityDef {
    ability(
        "Passive",
        AbilityKind::Passive(PassiveDef {
            grant: Grant::Keywords(grant),
            scope,
            condition: PassiveCondition::Always,
        }),
    )
}

fn equipment(id: &str, name: &str, grant: Keywords, scope: PassiveScope) -> CardDef {
    let mut token = copy("Test Fairy", id, name);
    token.card_type = crate::cards::CardType::Amulet;
    token.attack = None;
    token.defense = None;
    token.cost = None;
    token.equipment = true;
    token.abilities = vec![passive(grant, scope)];
    token
}

/// Guard Blade (its own ability: the equipped follower deals 2 more damage
/// and takes 1 less), Keepsake ("the equipped follower has Storm"), and
/// the spells "Arm" and "Keep" (equip each follower on your field with one
/// of them).
fn board(p1: Side, p2: Side) -> Board {
    let mut cards = crate::board::fixtures::test_cards();
    cards.push(equipment(
        "TEST-BLADE",
        "Guard Blade",
        Keywords::PLUS2_DAMAGE | Keywords::DAMAGE_REDUCTION1,
        PassiveScope::Equipped,
    ));
    cards.push(equipment(
        "TEST-KEEPSAKE",
        "Keepsake",
        Keywords::STORM,
        PassiveScope::EquippedHas,
    ));
    for (id, name) in [("TEST-ARM", "Arm"), ("TEST-KEEP", "Keep")] {
        let mut spell = copy("Quick Bolt", id, name);
        spell.abilities = vec![ability("Spell", AbilityKind::Spell)];
        cards.push(spell);
    }
    let equip_all = |token: &'static str| {
        move |cx: &mut crate::engine::AbilityCtx<'_>| {
            let me = cx.controller();
            let token = cx.query().db().by_card_id(token).expect("a test token");
            for card in cx.query().state().player(me).field.clone() {
                cx.equip(card, token);
            }
            Ok(())
        }
    };
    let runner: Arc<dyn AbilityRunner> = Arc::new(
        test_runner()
            .ability("TEST-ARM", 0, equip_all("TEST-BLADE"))
            .ability("TEST-KEEP", 0, equip_all("TEST-KEEPSAKE")),
    );
    Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .runner(runner)
        .side(P1, p1)
        .side(P2, p2)
        .build()
}

/// Runs rules handling and the Confirmation Timing after a direct change.
fn settle_after_change(s: &mut Board) {
    s.game.tasks.push(Task::CheckTiming(0));
    s.game.decision = None;
    s.settle();
}

/// V3 on P1's field, equipped with a Guard Blade and a Keepsake.
fn v3_with_blade_and_keepsake() -> Board {
    let mut s = board(
        Side::new().field(["V3"]).hand(["Arm", "Keep"]).pp(2),
        Side::new(),
    );
    for spell in ["Arm", "Keep"] {
        s.play(spell);
        s.settle();
    }
    s
}

#[test]
fn l5_eq1_equip_makes_the_token_in_the_equipment_zone_linked() {
    let mut s = board(Side::new().field(["V3"]).hand(["Arm"]).pp(1), Side::new());
    let v3 = s.card(P1, Zone::Field, "V3");
    s.play("Arm");
    s.settle();
    let state = s.game.state();
    let blade = s.card(P1, Zone::Equipment, "Guard Blade");
    assert_eq!(state.card(blade).linked_to, Some(v3), "{}", s.dump());
    assert!(s.raw_events().iter().any(
        |e| matches!(e, Event::Equipped { token, follower } if *token == blade && *follower == v3)
    ));
    let keywords = s.game.state().characteristics(s.game.db(), v3).keywords;
    assert!(keywords.contains(Keywords::PLUS2_DAMAGE | Keywords::DAMAGE_REDUCTION1));
    // Both players see it, linked.
    let view = s.game.view(P2);
    assert_eq!(view.sides[P1.idx()].equipment.len(), 1);
    assert_eq!(view.sides[P1.idx()].equipment[0].follower, Some(v3));
}

#[test]
fn l5_eq2_the_blade_changes_combat_damage_both_ways() {
    let mut s = board(
        Side::new().field(["V5"]).hand(["Arm"]).pp(1),
        Side::new().engaged(["V4"]),
    );
    s.play("Arm");
    s.settle();
    s.attack("V5", "V4");
    s.settle();
    // V5 deals 5 + 2 = 7 to V4 (4/4): destroyed. V4 deals 4 − 1 = 3 to
    // V5 (5/5): 5/2.
    assert!(s.find(P2, Zone::Field, "V4").is_none(), "{}", s.dump());
    let v5 = s.card(P1, Zone::Field, "V5");
    assert_eq!(s.game.state().characteristics(s.game.db(), v5).defense, 2);
}

#[test]
fn l5_eq3_equipment_of_a_follower_that_left_is_removed() {
    let mut s = v3_with_blade_and_keepsake();
    assert_eq!(s.game.state().player(P1).equipment.len(), 2);
    let v3 = s.card(P1, Zone::Field, "V3");
    s.game.destroy(v3, true);
    settle_after_change(&mut s);
    let state = s.game.state();
    assert!(state.player(P1).equipment.is_empty(), "{}", s.dump());
    for token in ["Guard Blade", "Keepsake"] {
        let gone = state
            .cards
            .iter()
            .any(|c| s.game.db().get(c.def).name == token && c.zone == Zone::RemovedFromGame);
        assert!(gone, "{token} ceased to exist");
    }
}

#[test]
fn l5_eq4_a_follower_that_loses_its_abilities_keeps_the_tokens_own_only() {
    let mut s = v3_with_blade_and_keepsake();
    let v3 = s.card(P1, Zone::Field, "V3");
    let before = s.game.state().characteristics(s.game.db(), v3).keywords;
    assert!(before.contains(Keywords::STORM | Keywords::PLUS2_DAMAGE));
    s.game.add_effect(
        v3,
        crate::engine::EffectKind::Keywords(Keywords::LOSES_ALL_ABILITIES),
        crate::engine::Duration::WhileInZone,
        None,
    );
    let after = s.game.state().characteristics(s.game.db(), v3).keywords;
    assert!(
        !after.contains(Keywords::STORM),
        "Keepsake's Storm was its own"
    );
    assert!(
        after.contains(Keywords::PLUS2_DAMAGE | Keywords::DAMAGE_REDUCTION1),
        "the blade's ability is the token's"
    );
}

#[test]
fn l5_equipment_follows_its_followers_controller() {
    let mut s = board(Side::new().field(["V3"]).hand(["Arm"]).pp(1), Side::new());
    s.play("Arm");
    s.settle();
    let v3 = s.card(P1, Zone::Field, "V3");
    let blade = s.card(P1, Zone::Equipment, "Guard Blade");
    s.game
        .apply(crate::engine::mutation::Mutation::ChangeControl { card: v3, to: P2 });
    settle_after_change(&mut s);
    let state = s.game.state();
    assert!(state.player(P2).equipment.contains(&blade), "{}", s.dump());
    assert_eq!(state.card(blade).linked_to, Some(v3));
    assert!(state.player(P1).equipment.is_empty());
}

#[test]
fn l5_only_an_equipment_token_equips_a_follower_on_the_field() {
    let mut s = board(Side::new().field(["V3"]).hand(["V1"]), Side::new());
    let v1_in_hand = s.card(P1, Zone::Hand, "V1");
    let v3 = s.card(P1, Zone::Field, "V3");
    let blade = s.game.db().by_card_id("TEST-BLADE").expect("the blade");
    let fairy = s.game.db().by_card_id("TEST-TOKEN").expect("a plain token");
    assert!(
        s.game.equip(P1, v1_in_hand, blade).is_none(),
        "not on the field"
    );
    assert!(s.game.equip(P1, v3, fairy).is_none(), "not equipment");
    assert!(s.game.equip(P1, v3, blade).is_some());
}
