//! Replacement effects on damage (later-sets §11.2, §12.14, CR 10.10):
//! "the next time" shields, reductions that add up, caps, and the order
//! the player taking the damage chooses. Named `l11_2_<scenario>_...` after
//! the reference's tests RE-1, RE-2 and RE-4 (RE-3, "banish instead", is
//! in `leaving.rs`).

use super::{P1, P2, copy};
use crate::board::{Board, Side};
use crate::cards::{CardDb, Keywords};
use crate::engine::{
    Choice, DamageChange, DamageFilter, DamageKind, DamageReplacement, Duration, EffectKind,
    Prompt, Zone,
};
use std::sync::Arc;

/// P1 attacks with "Zero" (a V1 with 0 attack), V1, V2 and V3; P2 has
/// V2 and V5 on the field.
fn board() -> Board {
    let mut cards = crate::board::fixtures::test_cards();
    let mut zero = copy("V1", "TEST-ZERO", "Zero");
    zero.attack = Some(0);
    cards.push(zero);
    Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .side(P1, Side::new().field(["Zero", "V1", "V2", "V3"]))
        .side(P2, Side::new().engaged(["V2", "V5"]))
        .build()
}

fn replacement(change: DamageChange, next_time_only: bool) -> DamageReplacement {
    DamageReplacement {
        change,
        damage: DamageFilter::Any,
        next_time_only,
    }
}

/// Puts `r` on `card` (a follower, or a leader card) as an effect.
fn put(s: &mut Board, card: crate::engine::CardRef, r: DamageReplacement, duration: Duration) {
    s.game
        .add_effect(card, EffectKind::DamageTaken(r), duration, None);
}

fn leader_defense(s: &Board) -> i32 {
    s.game.state().player(P2).leader_defense
}

fn damage_effects_on(s: &Board, card: crate::engine::CardRef) -> usize {
    s.game
        .state()
        .effects
        .iter()
        .filter(|e| e.card == card && matches!(e.kind, EffectKind::DamageTaken(_)))
        .count()
}

#[test]
fn l11_2_re1_a_next_time_shield_is_not_used_up_by_0_damage() {
    let mut s = board();
    let leader = s.game.state().player(P2).leader;
    put(
        &mut s,
        leader,
        replacement(DamageChange::Nothing, true),
        Duration::WhileInZone,
    );
    s.attack("Zero", "leader");
    s.settle();
    assert_eq!(leader_defense(&s), 20);
    assert_eq!(damage_effects_on(&s, leader), 1, "0 damage uses nothing up");
    s.attack("V2", "leader");
    s.settle();
    assert_eq!(leader_defense(&s), 20, "the shield stopped the 2/2");
    assert_eq!(damage_effects_on(&s, leader), 0, "and is used up");
    s.attack("V1", "leader");
    s.settle();
    assert_eq!(leader_defense(&s), 19, "the next attack hits");
}

#[test]
fn l11_2_re2_two_reductions_this_turn_add_up_then_end() {
    let mut s = board();
    let leader = s.game.state().player(P2).leader;
    let less = replacement(DamageChange::Less(1), false);
    put(&mut s, leader, less, Duration::EndOfTurn);
    put(&mut s, leader, less, Duration::EndOfTurn);
    s.game
        .deal_damage_to_leader(P2, 3, DamageKind::Ability, None);
    assert_eq!(leader_defense(&s), 19);
    s.attack("V3", "leader");
    s.settle();
    assert_eq!(leader_defense(&s), 18, "3 − 1 − 1");
    s.end_turn();
    assert_eq!(damage_effects_on(&s, leader), 0, "they end with the turn");
}

#[test]
fn l11_2_re4_a_cap_and_more_damage_let_the_taker_choose() {
    let mut s = board();
    let leader = s.game.state().player(P2).leader;
    let v3 = s.card(P1, Zone::Field, "V3");
    s.game.add_effect(
        v3,
        EffectKind::Keywords(Keywords::PLUS2_DAMAGE),
        Duration::WhileInZone,
        None,
    );
    put(
        &mut s,
        leader,
        replacement(DamageChange::AtMost(4), false),
        Duration::WhileInZone,
    );
    s.attack("V3", "leader");
    let decision = s.game.decision().cloned().expect("an order question");
    assert_eq!(decision.player, P2);
    assert_eq!(
        decision.prompt,
        Prompt::DamageOrder {
            card: leader,
            amounts: vec![4, 5]
        }
    );
    assert_eq!(
        decision.options,
        [
            Choice::Label("take 4 damage (+2, then at most 4)".to_owned()),
            Choice::Label("take 5 damage (at most 4, then +2)".to_owned()),
        ]
    );
    s.answer(P2, &[0]);
    s.settle();
    assert_eq!(leader_defense(&s), 16);
    // An ability's 20 damage under the cap: 4 (later-sets §12.14).
    s.game
        .deal_damage_to_leader(P2, 20, DamageKind::Ability, None);
    assert_eq!(leader_defense(&s), 12);
}

#[test]
fn l12_14_a_followers_shield_stops_one_fight_and_is_used_up() {
    let mut s = board();
    let v2 = s.card(P2, Zone::Field, "V2");
    put(
        &mut s,
        v2,
        replacement(DamageChange::Nothing, true),
        Duration::WhileInZone,
    );
    s.attack("V3", "V2");
    s.settle();
    let state = s.game.state();
    assert_eq!(state.card(v2).zone, Zone::Field);
    assert_eq!(state.card(v2).damage, 0);
    assert_eq!(damage_effects_on(&s, v2), 0);
    let v3 = s.card(P1, Zone::Field, "V3");
    assert_eq!(s.game.state().card(v3).damage, 2, "V2 still hit back");
}

#[test]
fn l11_2_two_shields_for_one_hit_let_the_taker_keep_either() {
    let mut s = board();
    let leader = s.game.state().player(P2).leader;
    let none = replacement(DamageChange::Nothing, true);
    put(&mut s, leader, none, Duration::WhileInZone);
    let mut combat_only = none;
    combat_only.damage = DamageFilter::Combat;
    put(&mut s, leader, combat_only, Duration::WhileInZone);
    s.attack("V2", "leader");
    assert_eq!(
        s.offered_labels(),
        [
            "take 0 damage (none, then none; uses up \"the next time, takes no damage\")",
            "take 0 damage (none, then none; uses up \"the next time, takes no combat damage\")",
        ],
        "either shield stops it, each named"
    );
    // Spend the combat-only one; the other still stops ability damage.
    s.answer(P2, &[1]);
    s.settle();
    assert_eq!(leader_defense(&s), 20);
    assert_eq!(damage_effects_on(&s, leader), 1);
    s.game
        .deal_damage_to_leader(P2, 3, DamageKind::Ability, None);
    assert_eq!(leader_defense(&s), 20);
    assert_eq!(damage_effects_on(&s, leader), 0);
}

#[test]
fn l12_14_ability_damage_only_is_not_stopped_in_a_fight() {
    let mut s = board();
    let leader = s.game.state().player(P2).leader;
    let mut no_ability_damage = replacement(DamageChange::Nothing, false);
    no_ability_damage.damage = DamageFilter::Ability;
    put(&mut s, leader, no_ability_damage, Duration::WhileInZone);
    s.game
        .deal_damage_to_leader(P2, 5, DamageKind::Ability, None);
    assert_eq!(leader_defense(&s), 20);
    assert!(
        !s.game.state().player(P2).lost_defense_this_turn,
        "prevented damage is no defense loss"
    );
    s.attack("V2", "leader");
    s.settle();
    assert_eq!(leader_defense(&s), 18);
}

#[test]
fn l11_2_a_shield_used_in_a_fight_holds_while_the_other_damage_is_asked() {
    // V3 attacks V5. V5's shield stops V3's 3 (one result, used up at
    // once); V5's 5 + 2 to V3 under V3's cap of 4 has two results, so P1
    // is asked. The answer must not work V5's damage out again without
    // its shield.
    let mut s = board();
    let v3 = s.card(P1, Zone::Field, "V3");
    let v5 = s.card(P2, Zone::Field, "V5");
    put(
        &mut s,
        v5,
        replacement(DamageChange::Nothing, true),
        Duration::WhileInZone,
    );
    s.game.add_effect(
        v5,
        EffectKind::Keywords(Keywords::PLUS2_DAMAGE),
        Duration::WhileInZone,
        None,
    );
    put(
        &mut s,
        v3,
        replacement(DamageChange::AtMost(4), false),
        Duration::WhileInZone,
    );
    s.attack("V3", "V5");
    let decision = s.game.decision().cloned().expect("P1 orders V3's damage");
    assert!(matches!(decision.prompt, Prompt::DamageOrder { card, .. } if card == v3));
    s.answer(P1, &[0]);
    s.settle();
    let state = s.game.state();
    assert_eq!(state.card(v5).damage, 0, "{}", s.dump());
    assert_eq!(damage_effects_on(&s, v5), 0, "used up once");
    assert_eq!(state.card(v3).zone, Zone::Cemetery, "V3 took 4");
}

#[test]
fn l11_2_a_bot_takes_the_least_damage_offered() {
    use rand_core::SeedableRng;
    let mut s = board();
    let v3 = s.card(P1, Zone::Field, "V3");
    let v5 = s.card(P2, Zone::Field, "V5");
    s.game.add_effect(
        v3,
        EffectKind::Keywords(Keywords::DOUBLE_COMBAT_DAMAGE),
        Duration::WhileInZone,
        None,
    );
    s.game.add_effect(
        v5,
        EffectKind::Keywords(Keywords::DAMAGE_REDUCTION1),
        Duration::WhileInZone,
        None,
    );
    s.attack("V3", "V5");
    let decision = s.game.decision().cloned().expect("an order question");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let pick = crate::bot::policy::answer(&s.game, &decision, &mut rng, 0.0);
    assert_eq!(pick, [1], "4 damage (−1, then ×2) rather than 5");
}

/// P2's "Bulwark Totem" (an amulet: "your followers take 1 less damage")
/// beside an engaged V5; P1 attacks with V3.
fn totem_board(with_totem: bool) -> Board {
    use crate::cards::{
        AbilityKind, CardFilter, Grant, PassiveCondition, PassiveDef, PassiveScope,
    };
    let mut cards = crate::board::fixtures::test_cards();
    let mut totem = copy("Stack Totem", "TEST-BULWARK-TOTEM", "Bulwark Totem");
    totem.keywords = Keywords::empty();
    totem.initial_counters.clear();
    totem.abilities = vec![crate::board::fixtures::ability(
        "Bulwark",
        AbilityKind::Passive(PassiveDef {
            grant: Grant::DamageTaken(replacement(DamageChange::Less(1), false)),
            scope: PassiveScope::AlliesOnField(CardFilter::followers()),
            condition: PassiveCondition::Always,
        }),
    )];
    cards.push(totem);
    let p2 = if with_totem {
        Side::new().field(["Bulwark Totem"]).engaged(["V5"])
    } else {
        Side::new().engaged(["V5"])
    };
    Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .side(P1, Side::new().field(["V3"]))
        .side(P2, p2)
        .build()
}

#[test]
fn l11_2_a_passive_replacement_works_while_its_source_is_in_play() {
    // Combat: V3 deals 3 to V5, which takes 2 with the totem; V3 takes
    // all 5 (the totem is not its controller's).
    let mut s = totem_board(true);
    let v5 = s.card(P2, Zone::Field, "V5");
    let v3 = s.card(P1, Zone::Field, "V3");
    s.attack("V3", "V5");
    s.settle();
    assert_eq!(s.game.state().card(v5).damage, 2, "{}", s.dump());
    assert_eq!(s.game.state().card(v3).zone, Zone::Cemetery);
    // Ability damage too; and never used up.
    s.game
        .deal_damage_to_follower(v5, 2, DamageKind::Ability, None);
    assert_eq!(s.game.state().card(v5).damage, 3);
    // The control, and the source gone: full damage.
    let mut s = totem_board(false);
    let v5 = s.card(P2, Zone::Field, "V5");
    s.attack("V3", "V5");
    s.settle();
    assert_eq!(s.game.state().card(v5).damage, 3);
    let mut s = totem_board(true);
    let v5 = s.card(P2, Zone::Field, "V5");
    let totem = s.card(P2, Zone::Field, "Bulwark Totem");
    s.game.banish(totem);
    s.game
        .deal_damage_to_follower(v5, 2, DamageKind::Ability, None);
    assert_eq!(s.game.state().card(v5).damage, 2, "{}", s.dump());
}

/// P1 holds "Scorcher" (a spell: draw a card, deal 6 damage to the enemy
/// leader, draw a card); P2's leader takes at most 4 damage per instance
/// and 1 less this turn.
fn scorcher_board() -> Board {
    use crate::board::fixtures::{ability, test_runner};
    use crate::cards::AbilityKind;
    let mut cards = crate::board::fixtures::test_cards();
    let mut scorcher = copy("Quick Bolt", "TEST-SCORCHER", "Scorcher");
    scorcher.abilities = vec![ability("Spell", AbilityKind::Spell)];
    cards.push(scorcher);
    let runner: Arc<dyn crate::engine::AbilityRunner> =
        Arc::new(test_runner().ability("TEST-SCORCHER", 0, |cx| {
            let me = cx.controller();
            cx.draw(me, 1);
            cx.damage_leader(me.opponent(), 6);
            cx.draw(me, 1);
            Ok(())
        }));
    let mut s = Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .runner(runner)
        .side(
            P1,
            Side::new()
                .hand(["Scorcher"])
                .deck(["V1", "V1", "V1"])
                .pp(5),
        )
        .side(P2, Side::new())
        .build();
    let leader = s.game.state().player(P2).leader;
    put(
        &mut s,
        leader,
        replacement(DamageChange::AtMost(4), false),
        Duration::WhileInZone,
    );
    put(
        &mut s,
        leader,
        replacement(DamageChange::Less(1), false),
        Duration::EndOfTurn,
    );
    s
}

#[test]
fn l11_2_the_player_taking_ability_damage_chooses_the_order() {
    let mut s = scorcher_board();
    let leader = s.game.state().player(P2).leader;
    s.play("Scorcher");
    let decision = s.game.decision().cloned().expect("an order question");
    assert_eq!(decision.player, P2, "the player taking it chooses");
    assert_eq!(
        decision.prompt,
        Prompt::DamageOrder {
            card: leader,
            amounts: vec![3, 4]
        }
    );
    assert_eq!(
        s.offered_labels(),
        [
            "take 3 damage (at most 4, then −1)",
            "take 4 damage (−1, then at most 4)"
        ]
    );
    // Nothing of the spell is kept while it asks.
    assert_eq!(s.game.state().player(P1).hand.len(), 0, "{}", s.dump());
    // P2 may take more (a Vengeance threshold, say).
    s.answer(P2, &[1]);
    s.settle();
    assert_eq!(leader_defense(&s), 16, "{}", s.dump());
    assert_eq!(
        s.game.state().player(P1).hand.len(),
        2,
        "each draw once, the run made again with the answer"
    );
}

#[test]
fn l11_2_ability_damage_with_one_result_asks_nothing() {
    let mut s = scorcher_board();
    let leader = s.game.state().player(P2).leader;
    s.game
        .apply(crate::engine::mutation::Mutation::ExpireEndOfTurnEffects);
    assert_eq!(damage_effects_on(&s, leader), 1, "the cap alone");
    s.play("Scorcher");
    s.settle();
    assert_eq!(leader_defense(&s), 16);
    assert_eq!(s.game.state().player(P1).hand.len(), 2);
}
