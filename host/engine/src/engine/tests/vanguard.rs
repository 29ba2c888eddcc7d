//! The Vanguard collab's drive checks (later-sets §2.3–§2.4, CR 14.4.5,
//! 14.4.6): Single Drive and Twin Drive as Strike abilities, the trigger
//! zone, and the four Trigger icons. Named `l2_<scenario>_...` after the
//! reference's tests VG-1..3, with our own test cards: Drive Knight (3/3,
//! Single Drive), Twin Lancer (2/2, Twin Drive) and a Trigger card of each
//! icon (1/1 followers).

use super::{P1, P2, copy};
use crate::board::fixtures::test_runner;
use crate::board::{Board, Side};
use crate::cards::{CardDb, CardDef, Keywords, TriggerIcon};
use crate::engine::flow::universes::vanguard_universe;
use crate::engine::{AbilityRunner, Choice, Event, Prompt, Zone};
use std::sync::Arc;

fn with_icon(id: &str, name: &str, icon: TriggerIcon) -> CardDef {
    let mut card = copy("V1", id, name);
    card.trigger_icon = Some(icon);
    card
}

fn board(p1: Side, p2: Side) -> Board {
    let mut cards = crate::board::fixtures::test_cards();
    let mut knight = copy("V3", "TEST-DRIVE", "Drive Knight");
    knight.keywords = Keywords::SINGLE_DRIVE;
    let mut lancer = copy("V2", "TEST-TWIN", "Twin Lancer");
    lancer.keywords = Keywords::TWIN_DRIVE;
    cards.extend([
        knight,
        lancer,
        with_icon("TEST-HEAL", "Heal Sprite", TriggerIcon::Heal),
        with_icon("TEST-DRAW", "Draw Sprite", TriggerIcon::Draw),
        with_icon("TEST-CRIT", "Critical Sprite", TriggerIcon::Critical),
        with_icon("TEST-STAND", "Stand Sprite", TriggerIcon::Stand),
    ]);
    let runner: Arc<dyn AbilityRunner> = Arc::new(test_runner());
    Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .runner(runner)
        .side(P1, p1)
        .side(P2, p2)
        .build()
}

/// A side whose deck is built on the Vanguard universe.
fn vanguard() -> Side {
    Side::new().universe(vanguard_universe().expect("the vocabulary has Vanguard"))
}

fn names(s: &Board, zone: Zone) -> Vec<String> {
    let state = s.game.state();
    state
        .player(P1)
        .zone(zone)
        .iter()
        .map(|c| s.game.db().get(state.card(*c).def).name.clone())
        .collect()
}

fn leader(s: &Board, player: crate::engine::PlayerId) -> i32 {
    s.game.state().player(player).leader_defense
}

/// The pending decision is about a drive-checked Trigger.
fn asks_about_trigger(s: &Board) -> bool {
    s.game
        .decision()
        .is_some_and(|d| matches!(d.prompt, Prompt::DriveTrigger { .. }))
}

#[test]
fn l2_vg1_single_drive_reveals_a_heal_trigger_that_may_resolve() {
    let mut s = board(
        vanguard()
            .field(["Drive Knight"])
            .deck(["V1", "Heal Sprite"])
            .leader(10),
        Side::new(),
    );
    s.attack("Drive Knight", "leader");
    assert!(asks_about_trigger(&s), "{}", s.dump());
    // The card waits in the trigger zone, public to both players.
    assert_eq!(names(&s, Zone::Trigger), ["Heal Sprite"]);
    let seen = s.game.view(P2).sides[P1.idx()].trigger_zone.clone();
    assert_eq!(seen.len(), 1);
    s.choose(|c| *c == Choice::Yes);
    s.settle();
    assert_eq!(leader(&s, P1), 13, "{}", s.dump());
    assert_eq!(leader(&s, P2), 17);
    assert_eq!(names(&s, Zone::Cemetery), ["Heal Sprite"]);
    assert_eq!(names(&s, Zone::Deck), ["V1"]);
    assert!(names(&s, Zone::Trigger).is_empty());
    let events = s.raw_events();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::TriggerResolved {
            icon: TriggerIcon::Heal,
            ..
        }
    )));
}

#[test]
fn l2_vg2_a_class_deck_resolves_no_trigger_and_the_card_goes_under() {
    let mut s = board(
        Side::new()
            .field(["Drive Knight"])
            .deck(["V1", "Heal Sprite"])
            .leader(10),
        Side::new(),
    );
    s.attack("Drive Knight", "leader");
    assert!(!asks_about_trigger(&s), "{}", s.dump());
    s.settle();
    assert_eq!(leader(&s, P1), 10);
    // Top card last: the Heal card is now at the bottom.
    assert_eq!(names(&s, Zone::Deck), ["Heal Sprite", "V1"]);
    assert!(names(&s, Zone::Trigger).is_empty());
}

#[test]
fn l2_vg2_a_declined_trigger_goes_to_the_bottom_of_the_deck() {
    let mut s = board(
        vanguard()
            .field(["Drive Knight"])
            .deck(["V1", "Heal Sprite"])
            .leader(10),
        Side::new(),
    );
    s.attack("Drive Knight", "leader");
    s.choose(|c| *c == Choice::No);
    s.settle();
    assert_eq!(leader(&s, P1), 10);
    assert_eq!(names(&s, Zone::Deck), ["Heal Sprite", "V1"]);
    assert!(names(&s, Zone::Cemetery).is_empty());
}

#[test]
fn l2_vg3_twin_drive_finishes_the_first_check_before_the_second() {
    let mut s = board(
        vanguard()
            .field(["Twin Lancer"])
            .deck(["Heal Sprite", "V1", "Draw Sprite"]),
        Side::new(),
    );
    s.attack("Twin Lancer", "leader");
    assert_eq!(names(&s, Zone::Trigger), ["Draw Sprite"]);
    s.choose(|c| *c == Choice::Yes);
    // The draw took V1, so the second check reveals the Heal card.
    assert_eq!(names(&s, Zone::Hand), ["V1"], "{}", s.dump());
    assert_eq!(names(&s, Zone::Trigger), ["Heal Sprite"]);
    s.choose(|c| *c == Choice::Yes);
    s.settle();
    assert_eq!(names(&s, Zone::Cemetery), ["Draw Sprite", "Heal Sprite"]);
    assert_eq!(leader(&s, P1), 23);
    assert!(names(&s, Zone::Deck).is_empty());
}

#[test]
fn l2_critical_gives_the_chosen_follower_two_attack_before_damage() {
    let mut s = board(
        vanguard()
            .field(["Drive Knight"])
            .deck(["V1", "Critical Sprite"]),
        Side::new(),
    );
    let knight = s.card(P1, Zone::Field, "Drive Knight");
    s.attack("Drive Knight", "leader");
    s.choose(|c| *c == Choice::Card(knight));
    s.settle();
    assert_eq!(leader(&s, P2), 15, "3 + 2 damage: {}", s.dump());
    let end = s.game.state().characteristics(s.game.db(), knight);
    assert_eq!(end.attack, 5, "until the end of the turn");
}

#[test]
fn l2_stand_refreshes_a_follower_that_then_cant_attack_leaders() {
    let mut s = board(
        vanguard()
            .field(["Drive Knight"])
            .engaged(["V2"])
            .deck(["V1", "Stand Sprite"]),
        Side::new(),
    );
    let v2 = s.card(P1, Zone::Field, "V2");
    s.attack("Drive Knight", "leader");
    s.choose(|c| *c == Choice::Card(v2));
    s.settle();
    let state = s.game.state();
    assert!(!state.card(v2).engaged, "{}", s.dump());
    let keywords = state.characteristics(s.game.db(), v2).keywords;
    assert!(keywords.contains(Keywords::CANNOT_ATTACK_LEADERS));
    assert!(!s.can(s.attack_action("V2", "leader")));
}

#[test]
fn l2_a_drive_check_of_an_empty_deck_does_nothing_and_loses_nothing() {
    let mut s = board(vanguard().field(["Twin Lancer"]).deck([]), Side::new());
    s.attack("Twin Lancer", "leader");
    s.settle();
    assert!(s.game.state().outcome.is_none(), "{}", s.dump());
    assert_eq!(leader(&s, P2), 18);
    assert!(s.game.check_invariants().is_empty());
}

#[test]
fn l2_a_card_without_an_icon_goes_under_without_a_question() {
    let mut s = board(
        vanguard().field(["Drive Knight"]).deck(["V2", "V1"]),
        Side::new(),
    );
    s.attack("Drive Knight", "leader");
    assert!(!asks_about_trigger(&s));
    s.settle();
    assert_eq!(names(&s, Zone::Deck), ["V1", "V2"]);
    let log = s.events();
    assert!(
        log.contains("Drive Knight: Single Drive\nP1 drive checks with Drive Knight: V1 is revealed\nP1's V1 goes to the bottom of the deck"),
        "{log}"
    );
}
