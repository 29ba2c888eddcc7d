//! Maneuver and type change (later-sets §12.4, CR 5.32; §12.6, CR 5.25):
//! an amulet with printed attack and defense maneuvered is a follower
//! with those values until the end of the turn; a card changed into an
//! amulet keeps its abilities but has no attack or defense, can't be
//! attacked and its Ward does nothing.

use super::{P1, P2, copy};
use crate::board::fixtures::{ability, test_runner};
use crate::board::{Board, Side};
use crate::cards::{AbilityKind, ActivationZone, CardDb, CardType, Keywords};
use crate::engine::ids::AbilityIdx;
use crate::engine::{AbilityRunner, Action, Duration, EffectKind, Zone};
use std::sync::Arc;

/// P1's "Car" (an amulet, printed 3/3, Storm; `[act]`: maneuver this) and
/// "Plain Charm" (an amulet with no stats; `[act]`: maneuver this); P2's
/// "Shield Wall" (a 1/4 Ward follower).
fn board(p2: Side) -> Board {
    let mut cards = crate::board::fixtures::test_cards();
    let act = || {
        ability(
            "Maneuver",
            AbilityKind::Activated {
                quick: false,
                zone: ActivationZone::Field,
            },
        )
    };
    let mut car = copy("V3", "TEST-CAR", "Car");
    car.card_type = CardType::Amulet;
    car.evolve_cost = None;
    car.keywords = Keywords::STORM;
    car.abilities = vec![act()];
    cards.push(car);
    let mut charm = copy("V3", "TEST-PLAIN-CHARM", "Plain Charm");
    charm.card_type = CardType::Amulet;
    charm.evolve_cost = None;
    charm.attack = None;
    charm.defense = None;
    charm.abilities = vec![act()];
    cards.push(charm);
    let mut wall = copy("V1", "TEST-SHIELD-WALL", "Shield Wall");
    wall.attack = Some(1);
    wall.defense = Some(4);
    wall.keywords = Keywords::WARD;
    cards.push(wall);
    let maneuver_self = |cx: &mut crate::engine::AbilityCtx<'_>| {
        let me = cx.source();
        cx.maneuver(me);
        Ok(())
    };
    let runner: Arc<dyn AbilityRunner> =
        Arc::new(test_runner().ability("TEST-CAR", 0, maneuver_self).ability(
            "TEST-PLAIN-CHARM",
            0,
            maneuver_self,
        ));
    Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .runner(runner)
        .side(P1, Side::new().field(["Car", "Plain Charm"]).pp(2))
        .side(P2, p2)
        .build()
}

fn activate(s: &mut Board, name: &str) {
    let card = s.card(P1, Zone::Field, name);
    s.act(Action::Activate {
        card,
        ability: AbilityIdx(0),
    });
    s.settle();
}

#[test]
fn l12_4_a_maneuvered_amulet_is_a_follower_with_its_printed_stats_this_turn() {
    let mut s = board(Side::new());
    let car = s.card(P1, Zone::Field, "Car");
    // A change made while it is an amulet doesn't carry over.
    s.game.add_effect(
        car,
        EffectKind::Stats {
            attack: 5,
            defense: 5,
        },
        Duration::EndOfTurn,
        None,
    );
    assert!(
        !s.can(s.attack_action("Car", "leader")),
        "an amulet can't attack"
    );
    activate(&mut s, "Car");
    let stats = s.game.state().characteristics(s.game.db(), car);
    assert_eq!(
        (stats.card_type, stats.attack, stats.defense),
        (CardType::Follower, 3, 3),
        "{}",
        s.dump()
    );
    // A change made after it counts: +1/+1, then it attacks.
    s.game.add_effect(
        car,
        EffectKind::Stats {
            attack: 1,
            defense: 1,
        },
        Duration::EndOfTurn,
        None,
    );
    s.attack("Car", "leader");
    s.settle();
    assert_eq!(s.game.state().player(P2).leader_defense, 16);
    s.end_turn();
    let stats = s.game.state().characteristics(s.game.db(), car);
    assert_eq!(stats.card_type, CardType::Amulet, "an amulet again");
}

#[test]
fn l12_4_a_new_maneuver_starts_from_the_printed_numbers_without_old_damage() {
    let mut s = board(Side::new().engaged(["Shield Wall"]));
    let car = s.card(P1, Zone::Field, "Car");
    activate(&mut s, "Car");
    // The Car (3/3) fights the Shield Wall (1/4): 1 damage stays on it.
    s.attack("Car", "Shield Wall");
    s.settle();
    assert_eq!(s.game.state().card(car).damage, 1, "{}", s.dump());
    s.end_turn();
    s.end_turn();
    activate(&mut s, "Car");
    let stats = s.game.state().characteristics(s.game.db(), car);
    assert_eq!(
        (stats.card_type, stats.defense),
        (CardType::Follower, 3),
        "{}",
        s.dump()
    );
    assert_eq!(s.game.state().card(car).damage, 0);
}

#[test]
fn l12_4_an_amulet_without_printed_stats_cant_be_maneuvered() {
    let mut s = board(Side::new());
    let charm = s.card(P1, Zone::Field, "Plain Charm");
    activate(&mut s, "Plain Charm");
    let stats = s.game.state().characteristics(s.game.db(), charm);
    assert_eq!(stats.card_type, CardType::Amulet);
}

#[test]
fn l12_6_a_follower_changed_into_an_amulet_cant_be_attacked_and_its_ward_does_nothing() {
    let mut s = board(Side::new().engaged(["Shield Wall"]));
    let wall = s.card(P2, Zone::Field, "Shield Wall");
    s.game.add_effect(
        wall,
        EffectKind::BecomesType(CardType::Amulet),
        Duration::WhileInZone,
        None,
    );
    // The legal actions are worked out after the Car's maneuver.
    activate(&mut s, "Car");
    let stats = s.game.state().characteristics(s.game.db(), wall);
    assert_eq!(
        (stats.card_type, stats.attack, stats.defense),
        (CardType::Amulet, 0, 0)
    );
    assert!(
        stats.keywords.contains(Keywords::WARD),
        "it keeps its abilities"
    );
    assert!(!s.can(s.attack_action("Car", "Shield Wall")));
    assert!(s.can(s.attack_action("Car", "leader")), "no Ward lock");
}

#[test]
fn l12_6_the_control_an_engaged_ward_follower_locks_the_leader() {
    let mut s = board(Side::new().engaged(["Shield Wall"]));
    activate(&mut s, "Car");
    assert!(s.can(s.attack_action("Car", "Shield Wall")));
    assert!(!s.can(s.attack_action("Car", "leader")));
}
