//! Keywords a pack declares (`cards/declared.rs`): a card has the
//! keyword's abilities while it has the keyword, however it got it.
//! The made-up keyword here is Overheat: "at the start of your end phase,
//! this follower deals 1 damage to itself".

use super::{P1, P2};
use crate::board::fixtures::{test_cards, test_runner};
use crate::board::{Board, Side};
use crate::cards::{
    AbilityDef, AbilityKind, ActivationZone, Badge, CardDb, CardDbError, CardDef, DeclaredKeyword,
    Keywords, Trigger,
};
use crate::engine::{AbilityRunner, Duration, Zone};
use std::sync::Arc;

pub(super) const OVERHEAT: &str = "TEST-KW-OVERHEAT";

fn triggered(name: &str, trigger: Trigger) -> AbilityDef {
    AbilityDef {
        name: name.to_owned(),
        kind: AbilityKind::Triggered(trigger),
        costs: Vec::new(),
        once_per_turn: false,
        union_burst: false,
        advanced: false,
        text: String::new(),
    }
}

pub(super) fn overheat() -> DeclaredKeyword {
    DeclaredKeyword {
        id: OVERHEAT.to_owned(),
        name: "Overheat".to_owned(),
        reminder: "At the start of your end phase, this follower deals 1 damage to itself."
            .to_owned(),
        badge: Badge::Lethal,
        abilities: vec![
            triggered("Overheat", Trigger::StartEndPhase),
            // "When it leaves the field, its leader takes 1 damage": read
            // as the card was on the field (look-back).
            triggered("Meltdown", Trigger::OnLeaveField),
        ],
    }
}

/// A copy of test card `base` as `id`/`name`.
fn copy(cards: &[CardDef], base: &str, id: &str, name: &str) -> CardDef {
    let mut card = cards
        .iter()
        .find(|c| c.name == base)
        .cloned()
        .expect("a test card");
    card.id = id.to_owned();
    card.name = name.to_owned();
    card.abilities.clear();
    card
}

/// The test cards, "Blaze" (V3 with Overheat printed), "Igniter" (V1
/// whose Fanfare gives each other follower of yours Overheat while it
/// stays on the field) and "Recall" (a spell: return your V3 to your hand).
fn db() -> CardDb {
    let mut cards = test_cards();
    let mut blaze = copy(&cards, "V3", "TEST-BLAZE", "Blaze");
    blaze.declared_keywords = vec!["Overheat".to_owned()];
    let mut igniter = copy(&cards, "V1", "TEST-IGNITER", "Igniter");
    igniter.abilities = vec![triggered("Fanfare", Trigger::Fanfare)];
    igniter.cost = Some(1);
    let mut recall = copy(&cards, "Quick Bolt", "TEST-RECALL", "Recall");
    recall.keywords = Keywords::empty();
    recall.abilities = vec![AbilityDef {
        kind: AbilityKind::Spell,
        ..triggered("Recall", Trigger::Fanfare)
    }];
    cards.extend([blaze, igniter, recall]);
    CardDb::with_keywords(cards, vec![overheat()]).expect("a valid pool")
}

fn runner() -> Arc<dyn AbilityRunner> {
    Arc::new(
        test_runner()
            .ability(OVERHEAT, 0, |cx| {
                let me = cx.source();
                cx.damage_follower(me, 1);
                Ok(())
            })
            .ability(OVERHEAT, 1, |cx| {
                let me = cx.controller();
                cx.damage_leader(me, 1);
                Ok(())
            })
            .ability("TEST-IGNITER", 0, |cx| {
                let me = cx.controller();
                let source = cx.source();
                let overheat = cx
                    .query()
                    .db()
                    .declared_keyword("Overheat")
                    .expect("declared");
                let allies = cx.query().cards(me, Zone::Field, &Default::default());
                for ally in allies.into_iter().filter(|c| *c != source) {
                    cx.give_keywords(ally, Keywords::declared(overheat), Duration::WhileInZone);
                }
                Ok(())
            })
            .ability("TEST-RECALL", 0, |cx| {
                let me = cx.controller();
                let v3 = cx
                    .query()
                    .cards(me, Zone::Field, &Default::default())
                    .into_iter()
                    .find(|c| cx.query().db().get(cx.query().state().card(*c).def).name == "V3");
                if let Some(v3) = v3 {
                    cx.return_to_hand(v3);
                }
                Ok(())
            }),
    )
}

fn board(p1: Side) -> Board {
    Board::builder()
        .db(Arc::new(db()))
        .runner(runner())
        .side(P1, p1)
        .side(P2, Side::new())
        .build()
}

#[test]
fn a_printed_declared_keyword_gives_its_card_the_keywords_abilities() {
    let mut s = board(Side::new().field(["Blaze", "V3"]));
    let blaze = s.card(P1, Zone::Field, "Blaze");
    let keywords = s.game.state().characteristics(s.game.db(), blaze).keywords;
    assert_eq!(
        keywords.declared_bits(),
        1,
        "Overheat is the pool's keyword 0"
    );
    s.end_turn();
    assert!(s.dump().contains("Blaze 3/2"), "{}", s.dump());
    assert!(
        s.dump().contains("V3 3/3"),
        "only Blaze overheats: {}",
        s.dump()
    );
}

#[test]
fn a_declared_keyword_given_by_an_effect_brings_its_abilities() {
    let mut s = board(Side::new().field(["V3"]).hand(["Igniter"]).pp(1));
    s.play("Igniter");
    s.end_turn();
    assert!(s.dump().contains("V3 3/2"), "{}", s.dump());
}

#[test]
fn a_given_declared_keyword_is_lost_with_the_object_that_had_it() {
    let mut s = board(Side::new().field(["V3"]).hand(["Igniter", "Recall"]).pp(10));
    s.play("Igniter");
    // Back to the hand and onto the field: a new object, without Overheat.
    s.play("Recall");
    s.play("V3");
    let v3 = s.card(P1, Zone::Field, "V3");
    let keywords = s.game.state().characteristics(s.game.db(), v3).keywords;
    assert_eq!(keywords.declared_bits(), 0);
    s.end_turn();
    assert!(s.dump().contains("V3 3/3"), "{}", s.dump());
}

#[test]
fn a_declared_keywords_leave_trigger_reads_the_card_as_it_was_on_the_field() {
    let mut s = board(
        Side::new()
            .field(["V3"])
            .hand(["Igniter", "Recall"])
            .pp(10)
            .leader(20),
    );
    s.play("Igniter");
    s.play("Recall");
    assert_eq!(s.game.state().player(P1).leader_defense, 19, "{}", s.dump());
}

#[test]
fn a_pool_refuses_what_it_cant_play_naming_it() {
    let mut unknown = test_cards();
    unknown[0].declared_keywords = vec!["Frostbite".to_owned()];
    let id = unknown[0].id.clone();
    match CardDb::with_keywords(unknown, vec![overheat()]) {
        Err(CardDbError::UnknownKeyword { card, keyword }) => {
            assert_eq!((card, keyword.as_str()), (id, "Frostbite"));
        }
        other => panic!("expected a refusal, got {other:?}"),
    }

    let twice = CardDb::with_keywords(test_cards(), vec![overheat(), overheat()]);
    assert!(matches!(twice, Err(CardDbError::DuplicateKeyword(name)) if name == "Overheat"));

    let builtin = DeclaredKeyword {
        name: "Ward".to_owned(),
        ..overheat()
    };
    let message = CardDb::with_keywords(test_cards(), vec![builtin])
        .expect_err("a built-in name")
        .to_string();
    assert!(
        message.contains("`Ward`, which is a built-in keyword"),
        "{message}"
    );

    let mut twice = overheat();
    for name in ["Vent", "Flare"] {
        twice.abilities.push(AbilityDef {
            kind: AbilityKind::Activated {
                quick: false,
                zone: ActivationZone::Field,
            },
            once_per_turn: true,
            ..triggered(name, Trigger::Fanfare)
        });
    }
    let message = CardDb::with_keywords(test_cards(), vec![twice])
        .expect_err("two once-per-turn abilities")
        .to_string();
    assert!(
        message.contains("ability `Flare` is a second once-per-turn ability"),
        "{message}"
    );
}

#[test]
fn keyword_numbers_and_card_ids_survive_a_reload_that_adds_both() {
    let old = db();
    let mut cards: Vec<CardDef> = old.iter().map(|(_, d)| d.clone()).collect();
    let mut extra = cards[0].clone();
    extra.id = "TEST-NEW".to_owned();
    cards.push(extra);
    let frost = DeclaredKeyword {
        id: "TEST-KW-FROST".to_owned(),
        name: "Frostbite".to_owned(),
        ..overheat()
    };
    // Declared in the other order: numbers stay by name.
    let fresh = CardDb::with_keywords(cards, vec![frost, overheat()]).expect("fresh");
    let (updated, changes) = old.updated_from(&fresh).expect("updated");
    assert_eq!(changes.added, ["TEST-NEW"]);
    assert_eq!(updated.declared_keyword("Overheat"), Some(0));
    assert_eq!(updated.declared_keyword("Frostbite"), Some(1));
    assert_eq!(updated.get(CardDb::keyword_def(0)).id, OVERHEAT);
    assert_eq!(updated.by_card_id(OVERHEAT), None, "a keyword is no card");
    assert_ne!(old.fingerprint(), updated.fingerprint());
}

#[test]
fn a_damaged_card_with_a_given_keyword_leaves_with_passives_cached() {
    // Triggers are collected in the middle of a move; with a passive on
    // the field the cached characteristics don't hold there yet, so a
    // card's declared keywords are read from the card itself (a debug
    // build checks every cached reading).
    let side = Side::new()
        .field(["Captain", "V3"])
        .hand(["Igniter", "Recall"])
        .pp(10)
        .leader(20)
        .damaged(2);
    let mut s = board(side);
    s.play("Igniter");
    let v3 = s.card(P1, Zone::Field, "V3");
    let _ = s.game.state().characteristics(s.game.db(), v3);
    s.play("Recall");
    assert_eq!(s.game.state().player(P1).leader_defense, 19, "{}", s.dump());
}
