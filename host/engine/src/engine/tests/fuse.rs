//! Fuse (later-sets §9, CR 12.18): an activated ability that works in the
//! hand, whose cost discards and/or buries other matching cards and puts
//! the card into the EX area. Named `l9_<scenario>_...` after the
//! reference's tests F-1..4.

use super::{P1, copy};
use crate::board::fixtures::{ability, test_cards, test_runner};
use crate::board::{Board, Side};
use crate::cards::{
    AbilityKind, ActivationZone, CardDb, CardFilter, CostItem, Counter, FuseCost, Trigger,
};
use crate::engine::{AbilityIdx, AbilityRunner, Action, Choice, Zone};
use std::sync::Arc;

/// "Fuser" (Fuse a follower: put a fusion counter on this, and draw a card
/// if you fused a V3), "Wide Fuser" (Fuse 3 or less: draw as many cards as
/// you fused), "Fusee" (a follower: when this is fused by your card's
/// ability, draw a card) and "Fusion Watcher" (a follower: whenever you
/// fuse a follower, your leader gains 1 defense).
fn board(p1: Side) -> Board {
    let mut cards = test_cards();
    let fuse = |name: &str, min: u8, max: u8| {
        let mut fuse = ability(
            name,
            AbilityKind::Activated {
                quick: false,
                zone: ActivationZone::Hand,
            },
        );
        fuse.costs = vec![CostItem::Fuse(FuseCost {
            min,
            max,
            filter: CardFilter::followers(),
        })];
        fuse
    };
    let mut fuser = copy("V1", "TEST-FUSER", "Fuser");
    fuser.abilities = vec![fuse("Fuse", 1, 1)];
    cards.push(fuser);
    let mut wide = copy("V1", "TEST-WIDE-FUSER", "Wide Fuser");
    wide.abilities = vec![fuse("Fuse", 1, 3)];
    cards.push(wide);
    let mut fusee = copy("V1", "TEST-FUSEE", "Fusee");
    fusee.abilities = vec![ability(
        "Fused",
        AbilityKind::Triggered(Trigger::OnFused(CardFilter::default())),
    )];
    cards.push(fusee);
    let mut watcher = copy("V2", "TEST-FUSION-WATCHER", "Fusion Watcher");
    watcher.abilities = vec![ability(
        "Watch",
        AbilityKind::Triggered(Trigger::OnFuse(CardFilter::followers())),
    )];
    cards.push(watcher);
    let runner: Arc<dyn AbilityRunner> = Arc::new(
        test_runner()
            .ability("TEST-FUSER", 0, |cx| {
                let source = cx.info().source;
                cx.add_counters(source, Counter::Fusion, 1);
                let fused_a_v3 = cx.info().fused.iter().any(|card| {
                    let query = cx.query();
                    query.db().get(query.state().card(*card).def).name == "V3"
                });
                if fused_a_v3 {
                    cx.draw(cx.controller(), 1);
                }
                Ok(())
            })
            .ability("TEST-WIDE-FUSER", 0, |cx| {
                let fused = u32::try_from(cx.info().fused.len()).unwrap_or(0);
                cx.draw(cx.controller(), fused);
                Ok(())
            })
            .ability("TEST-FUSEE", 0, |cx| {
                cx.draw(cx.controller(), 1);
                Ok(())
            })
            .ability("TEST-FUSION-WATCHER", 0, |cx| {
                cx.change_leader_defense(cx.controller(), 1);
                Ok(())
            }),
    );
    Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .runner(runner)
        .side(P1, p1.leader(10))
        .side(super::P2, Side::new().leader(10))
        .build()
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

fn fuse_action(s: &Board, name: &str) -> Action {
    Action::Activate {
        card: s.card(P1, Zone::Hand, name),
        ability: AbilityIdx(0),
    }
}

/// The cards the pending question offers, by name.
fn offered(s: &Board) -> Vec<String> {
    let state = s.game.state();
    s.options()
        .iter()
        .filter_map(|choice| match choice {
            Choice::Card(card) => Some(s.game.db().get(state.card(*card).def).name.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn l9_f1_fusing_one_card_from_the_hand() {
    let mut s = board(Side::new().hand(["Fuser", "V1"]).deck(["V2", "V2"]));
    let fuse = fuse_action(&s, "Fuser");
    s.act(fuse);
    assert_eq!(names(&s, Zone::ExArea), ["Fuser"], "{}", s.dump());
    assert_eq!(names(&s, Zone::Cemetery), ["V1"]);
    assert!(names(&s, Zone::Hand).is_empty(), "no V3 fused: no draw");
    let fuser = s.card(P1, Zone::ExArea, "Fuser");
    assert_eq!(s.game.state().card(fuser).counter(Counter::Fusion), 1);
    let log = s.events();
    assert!(log.contains("Fuser fuses V1"), "{log}");
}

#[test]
fn l9_f1_the_text_knows_which_cards_were_fused() {
    let mut s = board(Side::new().hand(["Fuser", "V3"]).deck(["V2", "V2"]));
    let fuse = fuse_action(&s, "Fuser");
    s.act(fuse);
    assert_eq!(names(&s, Zone::Hand), ["V2"], "{}", s.dump());
}

#[test]
fn l9_f2_a_full_ex_area_fuses_from_the_ex_area_first() {
    let mut s = board(
        Side::new()
            .hand(["Fuser", "V1"])
            .ex_area([
                "V3",
                "Stack Totem",
                "Stack Totem",
                "Stack Totem",
                "Stack Totem",
            ])
            .deck(["V2", "V2"]),
    );
    let fuse = fuse_action(&s, "Fuser");
    s.act(fuse);
    // The only follower there makes the room: no question, V1 stays.
    assert_eq!(names(&s, Zone::Cemetery), ["V3"], "{}", s.dump());
    assert_eq!(names(&s, Zone::Hand), ["V1", "V2"], "fused a V3: draw");
    assert_eq!(
        names(&s, Zone::ExArea),
        [
            "Stack Totem",
            "Stack Totem",
            "Stack Totem",
            "Stack Totem",
            "Fuser"
        ]
    );
}

#[test]
fn l9_f2_with_two_ex_candidates_the_room_card_is_asked_among_them_alone() {
    let mut s = board(
        Side::new()
            .hand(["Wide Fuser", "V1"])
            .ex_area(["V3", "V2", "Stack Totem", "Stack Totem", "Stack Totem"])
            .deck(["V2", "V2", "V2"]),
    );
    let fuse = fuse_action(&s, "Wide Fuser");
    s.act(fuse);
    assert_eq!(offered(&s), ["V3", "V2"], "EX cards only: {}", s.dump());
    s.choose(|c| matches!(c, Choice::Card(_)));
    // Then up to two more, from anywhere.
    assert_eq!(offered(&s), ["V1", "V2"], "{}", s.dump());
    let decision = s.game.decision().cloned().expect("asked");
    assert_eq!((decision.min, decision.max), (0, 2));
    s.answer(P1, &[0]);
    assert_eq!(names(&s, Zone::Cemetery), ["V3", "V1"], "{}", s.dump());
    assert_eq!(
        names(&s, Zone::Hand),
        ["V2", "V2"],
        "drew one per fused card"
    );
}

#[test]
fn l9_f3_no_room_and_nothing_to_fuse_there_means_no_fuse() {
    let s = board(
        Side::new()
            .hand(["Fuser", "V1"])
            .ex_area(["Stack Totem"; 5]),
    );
    let fuse = fuse_action(&s, "Fuser");
    assert!(!s.can(fuse), "{}", s.dump());
    let s = board(Side::new().hand(["Fuser", "Stack Totem"]));
    assert!(!s.can(fuse_action(&s, "Fuser")), "no matching card");
}

#[test]
fn l9_f4_a_fused_card_triggers_from_the_cemetery_and_a_watcher_sees_each() {
    let mut s = board(
        Side::new()
            .hand(["Wide Fuser", "Fusee", "V1"])
            .field(["Fusion Watcher"])
            .deck(["V2", "V2", "V2", "V2"]),
    );
    let fuse = fuse_action(&s, "Wide Fuser");
    s.act(fuse);
    assert_eq!(offered(&s), ["Fusee", "V1"]);
    s.answer(P1, &[0, 1]);
    s.settle();
    // Wide Fuser drew 2, Fusee drew 1; the watcher saw two followers fused.
    assert_eq!(names(&s, Zone::Hand).len(), 3, "{}", s.dump());
    assert_eq!(s.game.state().player(P1).leader_defense, 12);
    assert_eq!(names(&s, Zone::ExArea), ["Wide Fuser"]);
}

#[test]
fn l9_fuse_works_only_in_the_hand_and_its_card_is_no_longer_there() {
    let s = board(Side::new().field(["Fuser"]).hand(["V1"]));
    let on_field = Action::Activate {
        card: s.card(P1, Zone::Field, "Fuser"),
        ability: AbilityIdx(0),
    };
    assert!(!s.can(on_field));
}
