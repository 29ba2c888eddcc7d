//! The order of move replacements (CR 10.10.2, later-sets §11.2): when
//! more than one replacement could send a card going from the field to the
//! cemetery elsewhere, its controller chooses which applies, whether card
//! code moves it (asked inside the action) or rules handling does (asked
//! before its round).

use super::{P1, P2, copy};
use crate::board::fixtures::{ability, test_runner};
use crate::board::{Board, Side};
use crate::cards::{
    AbilityKind, CardDb, CardFilter, Grant, InsteadZone, Keywords, PassiveCondition, PassiveDef,
    PassiveScope,
};
use crate::engine::actions::MoveKind;
use crate::engine::runtime::Task;
use crate::engine::{AbilityRunner, Choice, Prompt, Zone};
use std::sync::Arc;

/// P1: "Voider" (enemy followers that would go from the field to the
/// cemetery are banished instead) on the field, "Smite" (destroy Last
/// Drawer, then draw a card) and "Doom" (destroy every enemy follower
/// together) in the hand. P2: Last Drawer (Last Words: draw a card; "if
/// this card would be put into the cemetery from the field, put it into
/// your EX area instead") and V2.
fn board() -> Board {
    let mut cards = crate::board::fixtures::test_cards();
    let mut voider = copy("V1", "TEST-VOIDER", "Voider");
    voider.keywords |= Keywords::BANISHES_ENEMIES_INSTEAD;
    cards.push(voider);
    for (id, name) in [("TEST-SMITE", "Smite"), ("TEST-DOOM", "Doom")] {
        let mut spell = copy("Quick Bolt", id, name);
        spell.abilities = vec![ability("Spell", AbilityKind::Spell)];
        cards.push(spell);
    }
    let drawer = cards
        .iter_mut()
        .find(|c| c.name == "Last Drawer")
        .expect("a test card");
    drawer.abilities.push(ability(
        "Elsewhere",
        AbilityKind::Passive(PassiveDef {
            grant: Grant::InsteadOfCemetery(InsteadZone::ExArea),
            scope: PassiveScope::ThisCard,
            condition: PassiveCondition::Always,
        }),
    ));
    let enemies = |cx: &crate::engine::AbilityCtx<'_>| {
        let them = cx.controller().opponent();
        cx.query()
            .cards(them, Zone::Field, &CardFilter::followers())
    };
    let runner: Arc<dyn AbilityRunner> = Arc::new(
        test_runner()
            .ability("TEST-SMITE", 0, move |cx| {
                let me = cx.controller();
                if let Some(drawer) = enemies(cx).first().copied() {
                    cx.destroy(drawer);
                }
                cx.draw(me, 1);
                Ok(())
            })
            .ability("TEST-DOOM", 0, move |cx| {
                let moves: Vec<_> = enemies(cx)
                    .into_iter()
                    .map(|card| (card, MoveKind::Destroy))
                    .collect();
                cx.move_together(&moves);
                Ok(())
            }),
    );
    Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .runner(runner)
        .side(
            P1,
            Side::new()
                .field(["Voider"])
                .hand(["Smite", "Doom"])
                .deck(["V1", "V1"])
                .pp(5),
        )
        .side(
            P2,
            Side::new().field(["Last Drawer", "V2"]).deck(["V1", "V1"]),
        )
        .build()
}

fn zone_of(s: &Board, card: crate::engine::CardRef) -> Zone {
    s.game.state().card(card).zone
}

#[test]
fn l11_2_card_codes_destroy_asks_the_controller_which_replacement_applies() {
    for (pick, expected) in [(0, Zone::ExArea), (1, Zone::Banished)] {
        let mut s = board();
        let drawer = s.card(P2, Zone::Field, "Last Drawer");
        s.play("Smite");
        let decision = s.game.decision().cloned().expect("a replacement question");
        assert_eq!(decision.player, P2, "the card's controller chooses");
        assert_eq!(decision.prompt, Prompt::MoveReplacement { card: drawer });
        assert_eq!(
            decision.options,
            [
                Choice::Label("its owner's EX area".to_owned()),
                Choice::Label("the banished zone".to_owned()),
            ],
            "its own replacement first, then the enemy's"
        );
        assert_eq!(zone_of(&s, drawer), Zone::Field, "nothing moved yet");
        s.answer(P2, &[pick]);
        s.settle();
        assert_eq!(zone_of(&s, drawer), expected, "{}", s.dump());
        assert_eq!(
            s.game.state().player(P1).hand.len(),
            2,
            "Doom and Smite's one draw"
        );
        assert_eq!(
            s.game.state().player(P2).hand.len(),
            0,
            "no Last Words either way"
        );
    }
}

#[test]
fn l11_2_a_batch_asks_only_for_the_card_with_a_choice() {
    let mut s = board();
    let drawer = s.card(P2, Zone::Field, "Last Drawer");
    let v2 = s.card(P2, Zone::Field, "V2");
    s.play("Doom");
    let decision = s.game.decision().cloned().expect("a replacement question");
    assert_eq!(decision.prompt, Prompt::MoveReplacement { card: drawer });
    s.answer(P2, &[1]);
    s.settle();
    assert_eq!(zone_of(&s, drawer), Zone::Banished, "{}", s.dump());
    assert_eq!(zone_of(&s, v2), Zone::Banished, "V2 has one: Voider's");
    assert!(
        s.game
            .decision()
            .is_none_or(|d| d.prompt == Prompt::MainAction)
    );
}

#[test]
fn l11_2_rules_handling_asks_before_its_round() {
    for (pick, expected) in [(0, Zone::ExArea), (1, Zone::Banished)] {
        let mut s = board();
        let drawer = s.card(P2, Zone::Field, "Last Drawer");
        s.game
            .deal_damage_to_follower(drawer, 1, crate::engine::DamageKind::Ability, None);
        s.game.tasks.push(Task::CheckTiming(0));
        s.game.decision = None;
        s.game.step();
        let decision = s.game.decision().cloned().expect("a replacement question");
        assert_eq!(decision.player, P2);
        assert_eq!(decision.prompt, Prompt::MoveReplacement { card: drawer });
        s.answer(P2, &[pick]);
        s.settle();
        assert_eq!(zone_of(&s, drawer), expected, "{}", s.dump());
    }
}

#[test]
fn l11_2_a_bot_keeps_its_card_where_it_comes_back_soonest() {
    use rand_core::SeedableRng;
    let mut s = board();
    s.play("Smite");
    let decision = s.game.decision().cloned().expect("a replacement question");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let pick = crate::bot::policy::answer(&s.game, &decision, &mut rng, 0.0);
    assert_eq!(pick, [0], "the EX area rather than banished");
}

#[test]
fn l11_2_banished_instead_given_by_an_effect_applies_too() {
    // No card of the pool prints "banish instead": an effect gives it to
    // P1's V1, and P2's V2 destroyed is banished.
    let mut s = Board::builder()
        .side(P1, Side::new().field(["V1"]))
        .side(P2, Side::new().field(["V2"]))
        .build();
    let v1 = s.card(P1, Zone::Field, "V1");
    let v2 = s.card(P2, Zone::Field, "V2");
    s.game.add_effect(
        v1,
        crate::engine::EffectKind::Keywords(Keywords::BANISHES_ENEMIES_INSTEAD),
        crate::engine::Duration::WhileInZone,
        None,
    );
    s.game.destroy(v2, true);
    assert_eq!(zone_of(&s, v2), Zone::Banished, "{}", s.dump());
}

#[test]
fn l11_2_the_sandbox_sends_a_card_with_two_replacements_where_the_first_does() {
    let mut s = board();
    let drawer = s.card(P2, Zone::Field, "Last Drawer");
    s.game
        .sandbox(crate::engine::SandboxAction::DealDamage {
            card: drawer,
            amount: 5,
        })
        .expect("a follower on the field");
    assert_eq!(zone_of(&s, drawer), Zone::ExArea, "{}", s.dump());
}

#[test]
fn l11_2_no_replacement_question_when_the_round_ends_the_match() {
    let mut s = board();
    let drawer = s.card(P2, Zone::Field, "Last Drawer");
    s.game
        .deal_damage_to_follower(drawer, 1, crate::engine::DamageKind::Ability, None);
    s.game
        .deal_damage_to_leader(P2, 20, crate::engine::DamageKind::Ability, None);
    s.game.tasks.push(Task::CheckTiming(0));
    s.game.decision = None;
    s.game.step();
    assert!(s.game.state().outcome.is_some(), "{}", s.dump());
    assert!(
        s.game
            .decision()
            .is_none_or(|d| !matches!(d.prompt, Prompt::MoveReplacement { .. })),
        "nothing is asked of a match that is over"
    );
}

#[test]
fn l11_2_a_bot_banishes_a_card_it_took_rather_than_return_it() {
    use rand_core::SeedableRng;
    let mut s = board();
    s.play("Smite");
    let mut decision = s.game.decision().cloned().expect("a replacement question");
    // As if P1 had taken control of it: P1 decides for P2's card.
    decision.player = P1;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let pick = crate::bot::policy::answer(&s.game, &decision, &mut rng, 0.0);
    assert_eq!(pick, [1], "banished, out of its owner's reach");
}
