//! Cards moved together (later-sets §11.1, CR 10.7.4; `actions/batch.rs`):
//! one process's moves are one batch whose cards see each other move, and a
//! once-per-batch move hook triggers once for all of them.

use super::{P1, P2, copy};
use crate::board::fixtures::{ability, test_cards, test_runner};
use crate::board::{Board, Side};
use crate::cards::{AbilityKind, CardDb, CardDef, CardFilter, MoveHook, Trigger, Whose, ZoneSet};
use crate::engine::runtime::Task;
use crate::engine::{AbilityCtx, AbilityRunner, MoveKind, Prompt, Zone};
use std::sync::Arc;

/// A copy of a test card under a new id and name, with one ability.
fn like(base: &str, id: &str, name: &str, kind: AbilityKind) -> CardDef {
    let mut card = copy(base, id, name);
    card.abilities = vec![ability(name, kind)];
    card
}

/// A move hook from one zone to another.
fn hook(from: Zone, to: Zone, whose: Whose, per_batch: bool) -> AbilityKind {
    AbilityKind::Triggered(Trigger::OnMove(MoveHook {
        from: ZoneSet::of(&[from]),
        to: ZoneSet::of(&[to]),
        whose,
        filter: CardFilter::default(),
        this_card: false,
        with_this_card: false,
        per_batch,
        how: crate::cards::MoveWays::ANY,
    }))
}

/// Every follower on both fields, P1's first.
fn all_followers(cx: &AbilityCtx<'_>) -> Vec<crate::engine::CardRef> {
    let q = cx.query();
    let mut cards = q.cards(P1, Zone::Field, &CardFilter::followers());
    cards.extend(q.cards(P2, Zone::Field, &CardFilter::followers()));
    cards
}

/// The cards of the later-sets §11.1 tests:
/// - "Quake" (spell): destroy every follower, together;
/// - "Slow Quake" (spell): destroy every follower, one at a time;
/// - "Avenger": whenever an enemy follower is destroyed, draw a card;
/// - "Purger" (Fanfare): discard your whole hand, together;
/// - "Batch Watcher": whenever 1 or more of your cards go from your hand to
///   your cemetery, your leader gains 1 defense;
/// - "Card Watcher": whenever a player's card goes from the hand to the
///   cemetery, your leader gains 1 defense;
/// - "Grave Counter": whenever 1 or more of your other cards go from the
///   field to the cemetery, your leader gains defense equal to their number.
fn board(p1: Side, p2: Side) -> Board {
    let mut cards = test_cards();
    cards.push(like(
        "Quick Bolt",
        "TEST-QUAKE",
        "Quake",
        AbilityKind::Spell,
    ));
    cards.push(like(
        "Quick Bolt",
        "TEST-SLOW-QUAKE",
        "Slow Quake",
        AbilityKind::Spell,
    ));
    cards.push(like(
        "V2",
        "TEST-AVENGER",
        "Avenger",
        AbilityKind::Triggered(Trigger::OnOpponentCardDestroyed(CardFilter::followers())),
    ));
    cards.push(like(
        "V1",
        "TEST-PURGER",
        "Purger",
        AbilityKind::Triggered(Trigger::Fanfare),
    ));
    cards.push(like(
        "V2",
        "TEST-BATCH-WATCH",
        "Batch Watcher",
        hook(Zone::Hand, Zone::Cemetery, Whose::Yours, true),
    ));
    cards.push(like(
        "V2",
        "TEST-CARD-WATCH",
        "Card Watcher",
        hook(Zone::Hand, Zone::Cemetery, Whose::Anyone, false),
    ));
    cards.push(like(
        "V3",
        "TEST-GRAVE-COUNT",
        "Grave Counter",
        hook(Zone::Field, Zone::Cemetery, Whose::Yours, true),
    ));
    let gain_one = |cx: &mut AbilityCtx<'_>| {
        let me = cx.controller();
        cx.change_leader_defense(me, 1);
        Ok(())
    };
    let gain_amount = |cx: &mut AbilityCtx<'_>| {
        let me = cx.controller();
        let amount = cx.info().amount;
        cx.change_leader_defense(me, amount);
        Ok(())
    };
    let runner: Arc<dyn AbilityRunner> = Arc::new(
        test_runner()
            .ability("TEST-QUAKE", 0, |cx| {
                let moves: Vec<_> = all_followers(cx)
                    .into_iter()
                    .map(|card| (card, MoveKind::Destroy))
                    .collect();
                cx.move_together(&moves);
                Ok(())
            })
            .ability("TEST-SLOW-QUAKE", 0, |cx| {
                for card in all_followers(cx) {
                    cx.destroy(card);
                }
                Ok(())
            })
            .ability("TEST-AVENGER", 0, |cx| {
                let me = cx.controller();
                cx.draw(me, 1);
                Ok(())
            })
            .ability("TEST-PURGER", 0, |cx| {
                let me = cx.controller();
                let hand = cx.query().cards(me, Zone::Hand, &CardFilter::default());
                cx.discard(&hand);
                Ok(())
            })
            .ability("TEST-BATCH-WATCH", 0, gain_one)
            .ability("TEST-CARD-WATCH", 0, gain_one)
            .ability("TEST-GRAVE-COUNT", 0, gain_amount),
    );
    Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .runner(runner)
        .side(P1, p1)
        .side(P2, p2)
        .build()
}

fn leader(s: &Board) -> i32 {
    s.game.state().player(P1).leader_defense
}

fn hand(s: &Board) -> usize {
    s.game.state().player(P1).hand.len()
}

/// Plays a card from P1's hand and answers the order of its triggers, if
/// asked, in the order offered.
fn play_and_settle(s: &mut Board, name: &str) {
    s.play(name);
    while s
        .game
        .decision()
        .is_some_and(|d| d.prompt == Prompt::ChoosePendingAbility)
    {
        s.answer(P1, &[0]);
    }
}

#[test]
fn l11_1_lb_1_a_follower_destroyed_together_with_an_enemy_sees_it_destroyed() {
    let mut s = board(
        Side::new().hand(["Quake"]).field(["Avenger"]).pp(5),
        Side::new().field(["V1"]),
    );
    play_and_settle(&mut s, "Quake");
    assert_eq!(s.game.state().player(P1).cemetery.len(), 2, "{}", s.dump());
    assert_eq!(hand(&s), 1, "Avenger drew once, for V1\n{}", s.dump());
    // The same cards destroyed one at a time: Avenger is gone before V1
    // is destroyed, so it sees nothing.
    let mut s = board(
        Side::new().hand(["Slow Quake"]).field(["Avenger"]).pp(5),
        Side::new().field(["V1"]),
    );
    play_and_settle(&mut s, "Slow Quake");
    assert_eq!(hand(&s), 0, "one at a time\n{}", s.dump());
}

#[test]
fn l11_1_lb_3_a_batch_hook_triggers_once_and_a_card_hook_once_per_card() {
    let mut s = board(
        Side::new()
            .hand(["Purger", "V1", "V2"])
            .field(["Batch Watcher", "Card Watcher"])
            .leader(20)
            .pp(5),
        Side::new(),
    );
    play_and_settle(&mut s, "Purger");
    assert_eq!(hand(&s), 0, "{}", s.dump());
    assert_eq!(leader(&s), 20 + 1 + 2, "{}", s.dump());
}

#[test]
fn l11_1_a_batch_hook_gets_the_number_of_its_cards_and_a_lone_move_is_a_batch_of_one() {
    // Three of P1's followers destroyed together: one trigger, for the two
    // others (a hook that is not `this_card` watches other cards' moves;
    // Grave Counter watches them as it was on the field).
    let mut s = board(
        Side::new()
            .hand(["Quake"])
            .field(["Grave Counter", "V1", "V2"])
            .leader(10)
            .pp(5),
        Side::new().field(["V1"]),
    );
    play_and_settle(&mut s, "Quake");
    assert_eq!(leader(&s), 12, "{}", s.dump());
    // One follower destroyed by combat: a batch of one.
    let mut s = board(
        Side::new().field(["Grave Counter", "V1"]).leader(10),
        Side::new().engaged(["V5"]),
    );
    s.attack("V1", "V5");
    assert_eq!(leader(&s), 11, "{}", s.dump());
}

#[test]
fn l11_1_rules_handling_destroys_in_one_batch() {
    // Two followers at 0 defense and an unrelated move: rules handling
    // destroys both at once, so the batch hook counts 2 in one trigger.
    let mut s = board(
        Side::new()
            .field(["Grave Counter"])
            .field(["V1"])
            .damaged(1)
            .field(["V2"])
            .damaged(2)
            .leader(10),
        Side::new(),
    );
    s.game.tasks.push(Task::CheckTiming(0));
    s.game.decision = None;
    s.game.step();
    assert_eq!(s.game.state().player(P1).cemetery.len(), 2, "{}", s.dump());
    assert_eq!(leader(&s), 12, "{}", s.dump());
    assert!(s.game.state().pending.is_empty(), "{}", s.dump());
}

#[test]
fn l11_1_lb_4_card_code_reads_a_card_that_left_as_it_was_there_for_the_turn() {
    // "Elegist": whenever another follower of yours leaves the field, deal
    // damage equal to its attack to the enemy leader. V3 (3/3) with +2/+0
    // from an effect is destroyed: 5 damage, from its last-known attack.
    let mut cards = test_cards();
    cards.push(like(
        "V1",
        "TEST-ELEGIST",
        "Elegist",
        AbilityKind::Triggered(Trigger::OnOtherLeaveField(CardFilter::followers())),
    ));
    let runner: Arc<dyn AbilityRunner> = Arc::new(test_runner().ability("TEST-ELEGIST", 0, |cx| {
        let Some(card) = cx.info().trigger_card else {
            return Ok(());
        };
        let attack = cx
            .query()
            .state()
            .last_known(card)
            .map_or(0, |was| was.stats.attack);
        let foe = cx.controller().opponent();
        cx.damage_leader(foe, attack);
        Ok(())
    }));
    let mut s = Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .runner(runner)
        .side(P1, Side::new().field(["Elegist", "V3"]))
        .side(P2, Side::new().leader(20).deck(["V1", "V1"]))
        .build();
    let v3 = s.card(P1, Zone::Field, "V3");
    s.game.add_effect(
        v3,
        crate::engine::EffectKind::Stats {
            attack: 2,
            defense: 0,
        },
        crate::engine::Duration::WhileInZone,
        None,
    );
    s.game.destroy(v3, true);
    s.game.tasks.push(Task::CheckTiming(0));
    s.game.decision = None;
    s.game.step();
    assert_eq!(s.game.state().player(P2).leader_defense, 15, "{}", s.dump());
    // In the cemetery it is 3/3 again; what it was there holds this turn.
    let now = s.game.state().characteristics(&s.game.db, v3);
    assert_eq!(now.attack, 3);
    assert_eq!(
        s.game.state().last_known(v3).map(|was| was.stats.attack),
        Some(5)
    );
    let next = s.game.state().turn + 1;
    s.game.apply(crate::engine::mutation::Mutation::SetTurn {
        active: P2,
        turn: next,
    });
    assert_eq!(
        s.game.state().last_known(v3),
        None,
        "forgotten at the next turn"
    );
}
