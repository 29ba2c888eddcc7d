//! A declared keyword given by a continuous ability ("your followers have
//! Overheat", `Grant::DeclaredKeywords`, made `Grant::Keywords` when the
//! pool is built): the cards it reaches have the keyword's automatic and
//! activated abilities while it reaches them. A keyword with continuous
//! abilities of its own can't be given that way (the passives in play
//! would depend on themselves): the card is refused, naming it.

use super::declared_keyword_abilities::{VENT, copy, keywords, passive};
use super::declared_keywords::{OVERHEAT, overheat};
use super::{P1, P2};
use crate::board::fixtures::{test_cards, test_runner};
use crate::board::{Board, Side};
use crate::cards::{CardDb, CardDbError, CardFilter, Grant, PassiveScope};
use crate::engine::{AbilityRunner, Action, Zone};
use std::sync::Arc;

/// Plated (0), Rally (1), Vent (2), Spark (3) and Overheat (4); "Heat
/// Banner", an amulet: "your followers have Overheat and Vent"; "Plate
/// Banner": "your followers have Plated".
fn db_with(extra: Vec<crate::cards::CardDef>) -> Result<CardDb, CardDbError> {
    let mut cards = test_cards();
    cards.extend(extra);
    let mut declared = keywords();
    declared.push(overheat());
    CardDb::with_keywords(cards, declared)
}

fn banner(id: &str, name: &str, keywords: &[&str]) -> crate::cards::CardDef {
    let mut card = copy(&test_cards(), "Stack Totem", id, name);
    card.keywords = crate::cards::Keywords::empty();
    card.initial_counters.clear();
    card.abilities = vec![passive(
        "Banner",
        Grant::DeclaredKeywords(keywords.iter().map(|k| (*k).to_owned()).collect()),
        PassiveScope::AlliesOnField(CardFilter::followers()),
    )];
    card
}

fn runner() -> Arc<dyn AbilityRunner> {
    Arc::new(
        test_runner()
            .ability(OVERHEAT, 0, |cx| {
                let me = cx.source();
                cx.damage_follower(me, 1);
                Ok(())
            })
            .ability(VENT, 0, |cx| {
                let them = cx.controller().opponent();
                cx.damage_leader(them, 1);
                Ok(())
            }),
    )
}

fn board() -> Board {
    let db = db_with(vec![banner(
        "TEST-HEAT-BANNER",
        "Heat Banner",
        &["Overheat", "Vent"],
    )])
    .expect("a valid pool");
    assert!(db.passives_give_declared_keywords());
    Board::builder()
        .db(Arc::new(db))
        .runner(runner())
        .side(P1, Side::new().field(["Heat Banner", "V3"]))
        .side(P2, Side::new())
        .build()
}

#[test]
fn a_keyword_given_by_a_continuous_ability_brings_its_automatic_abilities() {
    let mut s = board();
    let v3 = s.card(P1, Zone::Field, "V3");
    let overheat = s.game.db().declared_keyword("Overheat").expect("declared");
    let keywords = s.game.state().characteristics(s.game.db(), v3).keywords;
    assert!(
        keywords.contains(crate::cards::Keywords::declared(overheat)),
        "the banner gives it"
    );
    s.end_turn();
    assert_eq!(s.game.state().card(v3).damage, 1, "{}", s.dump());
}

#[test]
fn a_keyword_given_by_a_continuous_ability_brings_its_activated_abilities() {
    let mut s = board();
    let v3 = s.card(P1, Zone::Field, "V3");
    let vent = s.game.db().declared_keyword("Vent").expect("declared");
    let offered = |s: &Board| {
        s.game.legal_main_actions(P1).into_iter().any(|action| {
            matches!(action, Action::ActivateKeyword { card, keyword, .. }
                if card == v3 && keyword == vent)
        })
    };
    assert!(offered(&s), "Vent is offered while the banner stands");
    let vent_action = s
        .game
        .legal_main_actions(P1)
        .into_iter()
        .find(|a| matches!(a, Action::ActivateKeyword { card, .. } if *card == v3))
        .expect("offered");
    s.act(vent_action);
    s.settle();
    assert_eq!(s.game.state().player(P2).leader_defense, 19, "{}", s.dump());
    assert!(s.game.state().card(v3).engaged, "Vent's cost");
    let banner = s.card(P1, Zone::Field, "Heat Banner");
    s.game.banish(banner);
    assert!(!offered(&s), "and goes with it");
    s.end_turn();
    assert_eq!(s.game.state().card(v3).damage, 0, "no Overheat either");
}

#[test]
fn a_keyword_with_continuous_abilities_given_by_one_is_refused_naming_it() {
    let db = db_with(vec![banner(
        "TEST-PLATE-BANNER",
        "Plate Banner",
        &["Plated"],
    )])
    .expect("the pool loads");
    let card = db.by_card_id("TEST-PLATE-BANNER").expect("listed");
    let why = db.get(card).unplayable.clone().expect("refused");
    assert!(why.contains("Plated"), "{why}");
    assert!(!db.passives_give_declared_keywords() || why.contains("continuous"));
    let unknown = db_with(vec![banner(
        "TEST-ODD-BANNER",
        "Odd Banner",
        &["Frostbite"],
    )]);
    assert!(
        matches!(&unknown, Err(CardDbError::UnknownKeyword { keyword, .. }) if keyword == "Frostbite"),
        "{unknown:?}"
    );
}

#[test]
fn a_reload_that_numbers_the_keywords_otherwise_keeps_what_cards_give_and_have() {
    // The running pool numbers Overheat 4; the fresh one declares a new
    // keyword first, so Overheat is 5 there. The kept pool keeps 4 for
    // Overheat and numbers the new one 5: the banner's grant and Blaze's
    // printed keyword must name Overheat, not the new keyword.
    let banner = || banner("TEST-HEAT-BANNER", "Heat Banner", &["Overheat"]);
    let blaze = || {
        let mut card = copy(&test_cards(), "V3", "TEST-BLAZE", "Blaze");
        card.declared_keywords = vec!["Overheat".to_owned()];
        card
    };
    let old = db_with(vec![banner(), blaze()]).expect("a valid pool");
    let mut cards = test_cards();
    cards.extend([banner(), blaze()]);
    let mut declared = keywords();
    let mut frost = overheat();
    frost.id = "TEST-KW-FROST".to_owned();
    frost.name = "Frostbite".to_owned();
    declared.insert(4, frost);
    declared.push(overheat());
    let fresh = CardDb::with_keywords(cards, declared).expect("a valid fresh pool");
    assert_eq!(fresh.declared_keyword("Overheat"), Some(5));
    let (kept, _) = old.updated_from(&fresh).expect("updated");
    let overheat = kept.declared_keyword("Overheat").expect("kept");
    assert_eq!(overheat, 4);
    assert_eq!(kept.declared_keyword("Frostbite"), Some(5));
    let only_overheat = crate::cards::Keywords::declared(overheat);
    let blaze = kept.get(kept.by_card_id("TEST-BLAZE").expect("listed"));
    assert_eq!(
        crate::cards::Keywords::from_declared(blaze.keywords.declared_bits()),
        only_overheat
    );
    let banner = kept.get(kept.by_card_id("TEST-HEAT-BANNER").expect("listed"));
    let given = banner.abilities.iter().find_map(|a| match &a.kind {
        crate::cards::AbilityKind::Passive(p) => match &p.grant {
            Grant::Keywords(k) => Some(*k),
            _ => None,
        },
        _ => None,
    });
    assert_eq!(given, Some(only_overheat));
}

/// "Mourn" ("whenever another card of yours leaves the field, deal 1
/// damage to the enemy leader"), given to your followers by "Mourn
/// Banner"; V3 and V1 on P1's field beside it.
fn mourn_board() -> Board {
    const MOURN: &str = "TEST-KW-MOURN";
    let mourn = crate::cards::DeclaredKeyword {
        id: MOURN.to_owned(),
        name: "Mourn".to_owned(),
        reminder: String::new(),
        badge: crate::cards::Badge::Lethal,
        abilities: vec![crate::cards::AbilityDef {
            kind: crate::cards::AbilityKind::Triggered(crate::cards::Trigger::OnOtherLeaveField(
                CardFilter::default(),
            )),
            ..passive("Mourn", Grant::Cost(0), PassiveScope::ThisCard)
        }],
    };
    let mut cards = test_cards();
    cards.push(banner("TEST-MOURN-BANNER", "Mourn Banner", &["Mourn"]));
    let db = CardDb::with_keywords(cards, vec![mourn]).expect("a valid pool");
    assert!(db.passives_give_declared_keywords());
    let runner = test_runner().ability(MOURN, 0, |cx| {
        let them = cx.controller().opponent();
        cx.damage_leader(them, 1);
        Ok(())
    });
    Board::builder()
        .db(Arc::new(db))
        .runner(Arc::new(runner))
        .side(P1, Side::new().field(["Mourn Banner", "V3", "V1"]))
        .side(P2, Side::new())
        .build()
}

/// Banishes `card` as the rules would (outside any ability), then plays the
/// check timing that follows, back to P1's next main-phase action.
fn banish_and_settle(s: &mut Board, card: crate::engine::CardRef) {
    s.game.banish(card);
    back_to_main(s);
}

/// The check timing after a change made from outside, then the active
/// player's next main-phase action.
fn back_to_main(s: &mut Board) {
    use crate::engine::runtime::Task;
    s.game.tasks.push(Task::MainAction);
    s.game.tasks.push(Task::CheckTiming(0));
    s.game.decision = None;
    s.settle();
    assert!(s.game.state().outcome.is_none(), "{}", s.dump());
}

/// CR 10.7.4.1: a "whenever another card leaves the field" ability looks
/// back at the moment before the card left, so a follower that keeps the
/// keyword only while the leaving card gives it still sees it go (and
/// once it is gone, the keyword is gone too).
#[test]
fn a_keyword_given_by_the_card_that_leaves_still_sees_it_leave() {
    let mut s = mourn_board();
    let banner = s.card(P1, Zone::Field, "Mourn Banner");
    let v1 = s.card(P1, Zone::Field, "V1");
    banish_and_settle(&mut s, banner);
    // V3 and V1 both had Mourn from the banner as it left.
    assert_eq!(s.game.state().player(P2).leader_defense, 18, "{}", s.dump());
    banish_and_settle(&mut s, v1);
    assert_eq!(
        s.game.state().player(P2).leader_defense,
        18,
        "with the banner gone, V3 has no Mourn: {}",
        s.dump()
    );
}

/// The control: while the banner stands, each follower with Mourn sees
/// the other leave.
#[test]
fn a_keyword_given_by_a_card_that_stays_sees_another_card_leave() {
    let mut s = mourn_board();
    let v1 = s.card(P1, Zone::Field, "V1");
    banish_and_settle(&mut s, v1);
    assert_eq!(s.game.state().player(P2).leader_defense, 19, "{}", s.dump());
}

/// Cards leaving together each look back at the same moment (CR
/// 10.7.4.2): V3 sees the banner and V1 go, V1 (as it was) the banner.
#[test]
fn a_keyword_given_by_a_card_leaving_with_others_sees_them_all_leave() {
    use crate::engine::actions::Leave;
    use crate::engine::event::MoveCause;
    use crate::engine::mutation::Place;
    let mut s = mourn_board();
    let banner = s.card(P1, Zone::Field, "Mourn Banner");
    let v1 = s.card(P1, Zone::Field, "V1");
    let leaves =
        [banner, v1].map(|card| Leave::new(card, Zone::Banished, Place::Top, MoveCause::Banish));
    s.game.leave_field_together(&leaves);
    back_to_main(&mut s);
    assert_eq!(s.game.state().player(P2).leader_defense, 17, "{}", s.dump());
}
