//! Later sets §12.2, "loses all abilities": the keyword flag
//! `LOSES_ALL_ABILITIES`, given by an effect, takes every keyword the card
//! had before it (timestamp order: later gifts work), stops the card's
//! passives, and leaves it no triggered or activated ability, on the field
//! and as it was there when it leaves (look-back, LB-2). §12.5, Boxed:
//! the same, and the card doesn't refresh in its controller's start phase.

use super::{P1, P2};
use crate::board::fixtures::test_cards;
use crate::board::{Board, Side};
use crate::cards::{
    AbilityDef, AbilityKind, CardDb, CardFilter, Grant, Keywords, PassiveCondition, PassiveDef,
    PassiveScope,
};
use crate::engine::runtime::Task;
use crate::engine::{Action, Duration, EffectKind, PlayerId, Zone};
use std::sync::Arc;

/// A passive that gives your other followers `grant`.
fn to_other_followers(grant: Grant) -> AbilityDef {
    AbilityDef {
        name: "Rally".to_owned(),
        kind: AbilityKind::Passive(PassiveDef {
            grant,
            scope: PassiveScope::OtherAlliesOnField(CardFilter::followers()),
            condition: PassiveCondition::Always,
        }),
        costs: Vec::new(),
        once_per_turn: false,
        union_burst: false,
        advanced: false,
        text: String::new(),
    }
}

/// "Nullifier": a V2 whose passive takes all abilities of enemy followers.
fn nullifier() -> crate::cards::CardDef {
    let mut nullifier = super::copy("V2", "TEST-NULLIFIER", "Nullifier");
    nullifier.abilities = vec![AbilityDef {
        kind: AbilityKind::Passive(PassiveDef {
            grant: Grant::Keywords(Keywords::LOSES_ALL_ABILITIES),
            scope: PassiveScope::EnemiesOnField(CardFilter::followers()),
            condition: PassiveCondition::Always,
        }),
        ..to_other_followers(Grant::Keywords(Keywords::empty()))
    }];
    nullifier
}

/// The test cards, "Banner": a V2 whose passive gives your other
/// followers +1/+1, and "Standard": a V2 whose passive gives them Storm.
fn board(p1: Side, p2: Side) -> Board {
    let mut cards = test_cards();
    let mut banner = super::copy("V2", "TEST-BANNER", "Banner");
    banner.abilities = vec![to_other_followers(Grant::Stats {
        attack: 1,
        defense: 1,
    })];
    cards.push(banner);
    let mut standard = super::copy("V2", "TEST-STANDARD", "Standard");
    standard.abilities = vec![to_other_followers(Grant::Keywords(Keywords::STORM))];
    cards.push(standard);
    cards.push(nullifier());
    // An amulet, so a passive over enemy followers doesn't reach it.
    let mut post = super::copy("Forge", "TEST-POST", "Standard Post");
    post.abilities = vec![to_other_followers(Grant::Keywords(Keywords::STORM))];
    cards.push(post);
    Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .runner(Arc::new(crate::board::fixtures::test_runner()))
        .side(P1, p1)
        .side(P2, p2)
        .build()
}

/// Gives a card "loses all abilities" (or any keywords) by an effect.
fn give(s: &mut Board, player: PlayerId, name: &str, keywords: Keywords) {
    let card = s.card(player, Zone::Field, name);
    s.game.add_effect(
        card,
        EffectKind::Keywords(keywords),
        Duration::WhileInZone,
        None,
    );
}

fn keywords(s: &Board, player: PlayerId, name: &str) -> Keywords {
    let card = s.card(player, Zone::Field, name);
    s.game.state().characteristics(&s.game.db, card).keywords
}

#[test]
fn l12_2_lb_2_a_card_that_lost_its_abilities_has_no_last_words() {
    for lost in [false, true] {
        let mut s = board(Side::new(), Side::new().field(["Last Drawer"]));
        if lost {
            give(&mut s, P2, "Last Drawer", Keywords::LOSES_ALL_ABILITIES);
        }
        let card = s.card(P2, Zone::Field, "Last Drawer");
        s.game.destroy(card, true);
        s.game.tasks.push(Task::CheckTiming(0));
        s.game.decision = None;
        s.game.step();
        let drew = s.game.state().player(P2).hand.len();
        assert_eq!(drew, usize::from(!lost), "lost: {lost}\n{}", s.dump());
    }
}

#[test]
fn l12_2_keywords_before_are_lost_and_keywords_given_afterwards_work() {
    let mut s = board(Side::new().field(["Warden"]), Side::new());
    give(&mut s, P1, "Warden", Keywords::STORM);
    give(&mut s, P1, "Warden", Keywords::LOSES_ALL_ABILITIES);
    let now = keywords(&s, P1, "Warden");
    assert!(
        !now.contains(Keywords::WARD),
        "printed Ward is lost: {now:?}"
    );
    assert!(
        !now.contains(Keywords::STORM),
        "earlier Storm is lost: {now:?}"
    );
    give(&mut s, P1, "Warden", Keywords::RUSH);
    let now = keywords(&s, P1, "Warden");
    assert!(now.contains(Keywords::RUSH), "later Rush works: {now:?}");
    assert!(now.contains(Keywords::LOSES_ALL_ABILITIES));
    // Its stats stay.
    let card = s.card(P1, Zone::Field, "Warden");
    let stats = s.game.state().characteristics(&s.game.db, card);
    assert_eq!((stats.attack, stats.defense), (1, 4));
}

#[test]
fn l12_2_a_follower_that_entered_this_turn_and_lost_its_abilities_cant_attack() {
    // Stormer came this turn: its Storm lets it attack; lost, it is an
    // ordinary follower that entered this turn (later-sets §12.2's test).
    let mut s = board(
        Side::new().new_on_field(["Stormer"]),
        Side::new().field(["V1"]),
    );
    let stormer = s.card(P1, Zone::Field, "Stormer");
    let attacks = |s: &Board| {
        s.game
            .legal_main_actions(P1)
            .iter()
            .any(|a| matches!(a, Action::Attack { attacker, .. } if *attacker == stormer))
    };
    assert!(attacks(&s), "Storm attacks at once: {}", s.dump());
    give(&mut s, P1, "Stormer", Keywords::LOSES_ALL_ABILITIES);
    assert!(!attacks(&s), "no Storm, new on the field: {}", s.dump());
    // An effect giving it Storm afterwards works (timestamp order).
    give(&mut s, P1, "Stormer", Keywords::STORM);
    assert!(attacks(&s), "{}", s.dump());
}

#[test]
fn l12_2_its_passives_stop() {
    let mut s = board(Side::new().field(["Banner", "V1"]), Side::new());
    let v1 = s.card(P1, Zone::Field, "V1");
    let attack = |s: &Board| s.game.state().characteristics(&s.game.db, v1).attack;
    assert_eq!(attack(&s), 2, "Banner's +1/+1\n{}", s.dump());
    give(&mut s, P1, "Banner", Keywords::LOSES_ALL_ABILITIES);
    assert_eq!(attack(&s), 1, "Banner's passive stopped\n{}", s.dump());
}

#[test]
fn l12_2_a_card_that_lost_its_abilities_has_nothing_to_activate() {
    let mut s = board(Side::new().field(["Forge"]).pp(3), Side::new());
    let forge = s.card(P1, Zone::Field, "Forge");
    let activates = |s: &Board| {
        s.game.legal_main_actions(P1).contains(&Action::Activate {
            card: forge,
            ability: crate::engine::AbilityIdx(0),
        })
    };
    assert!(activates(&s), "{}", s.dump());
    give(&mut s, P1, "Forge", Keywords::LOSES_ALL_ABILITIES);
    assert!(!activates(&s), "{}", s.dump());
}

#[test]
fn l12_5_a_boxed_follower_loses_its_abilities_and_stays_engaged_through_its_start_phase() {
    let mut s = board(
        Side::new(),
        Side::new().engaged(["Warden"]).deck(["V1", "V1"]),
    );
    let warden = s.card(P2, Zone::Field, "Warden");
    // P1 boxes it until the end of P2's next turn.
    s.game.add_effect(
        warden,
        EffectKind::Keywords(Keywords::BOXED),
        Duration::EndOfOpponentNextTurn { controller: P1 },
        None,
    );
    let now = keywords(&s, P2, "Warden");
    assert!(now.contains(Keywords::BOXED) && now.contains(Keywords::LOSES_ALL_ABILITIES));
    assert!(!now.contains(Keywords::WARD), "{now:?}");
    s.end_turn();
    assert_eq!(s.game.state().active, P2, "{}", s.dump());
    assert!(
        s.game.state().card(warden).engaged,
        "a Boxed card doesn't refresh\n{}",
        s.dump()
    );
    s.end_turn();
    assert_eq!(s.game.state().active, P1, "{}", s.dump());
    assert!(
        keywords(&s, P2, "Warden").contains(Keywords::WARD),
        "no longer Boxed after its controller's turn\n{}",
        s.dump()
    );
}

#[test]
fn l12_2_a_passive_of_a_card_that_arrives_after_the_loss_works() {
    // Standard on the field before the loss: its Storm is lost with the
    // rest; played afterwards, its passive is a later gift, which works.
    let mut before = board(Side::new().field(["Warden", "Standard"]), Side::new());
    give(&mut before, P1, "Warden", Keywords::LOSES_ALL_ABILITIES);
    assert!(
        !keywords(&before, P1, "Warden").contains(Keywords::STORM),
        "{}",
        before.dump()
    );
    let mut after = board(
        Side::new().field(["Warden"]).hand(["Standard"]).pp(5),
        Side::new(),
    );
    give(&mut after, P1, "Warden", Keywords::LOSES_ALL_ABILITIES);
    after.play("Standard");
    after.settle();
    let now = keywords(&after, P1, "Warden");
    assert!(now.contains(Keywords::STORM), "{now:?}\n{}", after.dump());
    assert!(!now.contains(Keywords::WARD), "its own Ward stays lost");
}

#[test]
fn l12_2_the_last_loss_takes_what_came_before_it() {
    // Lost, Standard arrives (its Storm works), lost again: Storm is gone.
    let mut s = board(
        Side::new().field(["Warden"]).hand(["Standard"]).pp(5),
        Side::new(),
    );
    give(&mut s, P1, "Warden", Keywords::LOSES_ALL_ABILITIES);
    s.play("Standard");
    s.settle();
    assert!(keywords(&s, P1, "Warden").contains(Keywords::STORM));
    give(&mut s, P1, "Warden", Keywords::LOSES_ALL_ABILITIES);
    let now = keywords(&s, P1, "Warden");
    assert!(!now.contains(Keywords::STORM), "{now:?}\n{}", s.dump());
}

#[test]
fn l12_2_a_passive_loss_keeps_later_gifts_whatever_the_seat_order() {
    // P2's Nullifier takes P1's Warden's abilities; the amulet Standard
    // Post arrives on P1's field afterwards (read before P2's field): its
    // Storm works, and so does a keyword an effect gives after the loss.
    let mut s = board(
        Side::new().field(["Warden"]).hand(["Standard Post"]).pp(5),
        Side::new().field(["Nullifier"]),
    );
    let now = keywords(&s, P1, "Warden");
    assert!(now.contains(Keywords::LOSES_ALL_ABILITIES) && !now.contains(Keywords::WARD));
    s.play("Standard Post");
    s.settle();
    give(&mut s, P1, "Warden", Keywords::RUSH);
    let now = keywords(&s, P1, "Warden");
    assert!(now.contains(Keywords::STORM), "{now:?}\n{}", s.dump());
    assert!(now.contains(Keywords::RUSH), "{now:?}");
    assert!(!now.contains(Keywords::WARD), "its own Ward stays lost");
}

/// CR 10.7.4.1 with a passive loss: "Watcher" (P2: whenever an enemy card
/// leaves the field, deal 1 damage to the enemy leader) has lost its
/// abilities to P1's Nullifier; when the Nullifier itself leaves, the
/// Watcher looks back at the moment before, when it had none, so nothing
/// triggers. Once the Nullifier is gone, it watches again.
#[test]
fn l12_2_a_card_whose_abilities_a_leaving_card_took_does_not_see_it_leave() {
    let mut cards = test_cards();
    cards.push(nullifier());
    let mut watcher = super::copy("V3", "TEST-WATCHER", "Watcher");
    watcher.abilities = vec![AbilityDef {
        kind: AbilityKind::Triggered(crate::cards::Trigger::OnOpponentCardLeaveField(
            CardFilter::default(),
        )),
        ..to_other_followers(Grant::Keywords(Keywords::empty()))
    }];
    cards.push(watcher);
    let runner = crate::board::fixtures::test_runner().ability("TEST-WATCHER", 0, |cx| {
        let them = cx.controller().opponent();
        cx.damage_leader(them, 1);
        Ok(())
    });
    let mut s = Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .runner(Arc::new(runner))
        .side(P1, Side::new().field(["Nullifier", "V1"]))
        .side(P2, Side::new().field(["Watcher"]))
        .build();
    let banish = |s: &mut Board, name: &str| {
        let card = s.card(P1, Zone::Field, name);
        s.game.banish(card);
        s.game.tasks.push(Task::MainAction);
        s.game.tasks.push(Task::CheckTiming(0));
        s.game.decision = None;
        s.settle();
        assert!(s.game.state().outcome.is_none(), "{}", s.dump());
    };
    banish(&mut s, "Nullifier");
    assert_eq!(s.game.state().player(P1).leader_defense, 20, "{}", s.dump());
    banish(&mut s, "V1");
    assert_eq!(s.game.state().player(P1).leader_defense, 19, "{}", s.dump());
}
