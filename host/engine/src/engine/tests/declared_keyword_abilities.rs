//! A declared keyword's continuous and activated abilities
//! (`cards/declared.rs`): a card with the keyword has them, printed or
//! given by an effect, and loses them with the keyword or with all its
//! abilities. The made-up keywords here are Plated ("this follower has
//! +0/+1 and Ward"), Rally ("other followers of yours have +1/+0") and Vent
//! ("[act] Engage this follower: deal 1 damage to the enemy leader").

use super::{P1, P2};
use crate::board::fixtures::{test_cards, test_runner};
use crate::board::{Board, Side};
use crate::cards::{
    AbilityDef, AbilityKind, ActivationZone, Badge, CardDb, CardDef, CardFilter, CostItem,
    DeclaredKeyword, Grant, Keywords, PassiveCondition, PassiveDef, PassiveScope, Trigger,
};
use crate::engine::{AbilityIdx, AbilityRunner, Action, Choice, Duration, Zone};
use std::sync::Arc;

pub(super) fn passive(name: &str, grant: Grant, scope: PassiveScope) -> AbilityDef {
    AbilityDef {
        name: name.to_owned(),
        kind: AbilityKind::Passive(PassiveDef {
            grant,
            scope,
            condition: PassiveCondition::Always,
        }),
        costs: Vec::new(),
        once_per_turn: false,
        union_burst: false,
        advanced: false,
        text: String::new(),
    }
}

fn keyword(id: &str, name: &str, abilities: Vec<AbilityDef>) -> DeclaredKeyword {
    DeclaredKeyword {
        id: id.to_owned(),
        name: name.to_owned(),
        reminder: String::new(),
        badge: Badge::Defence,
        abilities,
    }
}

/// Plated (keyword 0), Rally (keyword 1), Vent (keyword 2) and Spark
/// (keyword 3: "[act] Once per turn: deal 1 damage to the enemy leader").
pub(super) fn keywords() -> Vec<DeclaredKeyword> {
    vec![
        keyword(
            "TEST-KW-PLATED",
            "Plated",
            vec![
                passive(
                    "Plating",
                    Grant::Stats {
                        attack: 0,
                        defense: 1,
                    },
                    PassiveScope::ThisCard,
                ),
                passive(
                    "Plating",
                    Grant::Keywords(Keywords::WARD),
                    PassiveScope::ThisCard,
                ),
            ],
        ),
        keyword(
            "TEST-KW-RALLY",
            "Rally",
            vec![passive(
                "Rally",
                Grant::Stats {
                    attack: 1,
                    defense: 0,
                },
                PassiveScope::OtherAlliesOnField(CardFilter::followers()),
            )],
        ),
        keyword(
            VENT,
            "Vent",
            vec![AbilityDef {
                kind: AbilityKind::Activated {
                    quick: false,
                    zone: ActivationZone::Field,
                },
                costs: vec![CostItem::EngageSelf],
                text: "Deal 1 damage to the enemy leader.".to_owned(),
                ..passive("Vent", Grant::Cost(0), PassiveScope::ThisCard)
            }],
        ),
        keyword(
            SPARK,
            "Spark",
            vec![AbilityDef {
                kind: AbilityKind::Activated {
                    quick: false,
                    zone: ActivationZone::Field,
                },
                once_per_turn: true,
                text: "Deal 1 damage to the enemy leader.".to_owned(),
                ..passive("Spark", Grant::Cost(0), PassiveScope::ThisCard)
            }],
        ),
    ]
}

const SPARK: &str = "TEST-KW-SPARK";

pub(super) const VENT: &str = "TEST-KW-VENT";

/// A copy of test card `base` as `id`/`name`, without abilities.
pub(super) fn copy(cards: &[CardDef], base: &str, id: &str, name: &str) -> CardDef {
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

fn triggered(name: &str, kind: AbilityKind) -> AbilityDef {
    AbilityDef {
        kind,
        ..passive(name, Grant::Cost(0), PassiveScope::ThisCard)
    }
}

/// "Knight" (a 3/3, V3, with Plated printed); "Stoker" (V2 with Vent
/// printed); "Plater" (V1 whose Fanfare gives another follower of yours
/// Plated and Vent while it stays on the field); "Drummer" (V1 whose
/// Fanfare gives another follower of yours Rally while it stays on the
/// field); "Hush" (a spell: the V3s of yours lose all abilities this
/// turn).
fn db() -> CardDb {
    let mut cards = test_cards();
    let mut knight = copy(&cards, "V3", "TEST-KNIGHT", "Knight");
    knight.declared_keywords = vec!["Plated".to_owned()];
    let mut stoker = copy(&cards, "V2", "TEST-STOKER", "Stoker");
    stoker.declared_keywords = vec!["Vent".to_owned()];
    // Its own once-per-turn ability 0 and Spark's, counted apart.
    let mut sparker = copy(&cards, "V2", "TEST-SPARKER", "Sparker");
    sparker.declared_keywords = vec!["Spark".to_owned()];
    sparker.abilities = vec![AbilityDef {
        kind: AbilityKind::Activated {
            quick: false,
            zone: ActivationZone::Field,
        },
        once_per_turn: true,
        text: "Deal 1 damage to the enemy leader.".to_owned(),
        ..passive("Own Spark", Grant::Cost(0), PassiveScope::ThisCard)
    }];
    let mut drummer = copy(&cards, "V1", "TEST-DRUMMER", "Drummer");
    drummer.abilities = vec![triggered(
        "Fanfare",
        AbilityKind::Triggered(Trigger::Fanfare),
    )];
    drummer.cost = Some(1);
    let mut hush = copy(&cards, "Quick Bolt", "TEST-HUSH", "Hush");
    hush.keywords = Keywords::empty();
    hush.abilities = vec![triggered("Hush", AbilityKind::Spell)];
    let mut plater = drummer.clone();
    plater.id = "TEST-PLATER".to_owned();
    plater.name = "Plater".to_owned();
    cards.extend([knight, stoker, sparker, drummer, plater, hush]);
    CardDb::with_keywords(cards, keywords()).expect("a valid pool")
}

fn runner() -> Arc<dyn AbilityRunner> {
    Arc::new(
        test_runner()
            .ability("TEST-DRUMMER", 0, |cx| {
                let me = cx.controller();
                let source = cx.source();
                let rally = cx.query().db().declared_keyword("Rally").expect("declared");
                let other = cx
                    .query()
                    .cards(me, Zone::Field, &Default::default())
                    .into_iter()
                    .find(|c| *c != source);
                if let Some(other) = other {
                    cx.give_keywords(other, Keywords::declared(rally), Duration::WhileInZone);
                }
                Ok(())
            })
            .ability("TEST-PLATER", 0, |cx| {
                let me = cx.controller();
                let source = cx.source();
                let db = cx.query().db();
                let given = Keywords::declared(db.declared_keyword("Plated").expect("declared"))
                    | Keywords::declared(db.declared_keyword("Vent").expect("declared"));
                let other = cx
                    .query()
                    .cards(me, Zone::Field, &Default::default())
                    .into_iter()
                    .find(|c| *c != source);
                if let Some(other) = other {
                    cx.give_keywords(other, given, Duration::WhileInZone);
                }
                Ok(())
            })
            .ability(SPARK, 0, |cx| {
                let enemy = cx.controller().opponent();
                cx.damage_leader(enemy, 1);
                Ok(())
            })
            .ability("TEST-SPARKER", 0, |cx| {
                let enemy = cx.controller().opponent();
                cx.damage_leader(enemy, 1);
                Ok(())
            })
            .ability(VENT, 0, |cx| {
                let enemy = cx.controller().opponent();
                cx.damage_leader(enemy, 1);
                Ok(())
            })
            .ability("TEST-HUSH", 0, |cx| {
                let me = cx.controller();
                for card in cx.query().cards(me, Zone::Field, &Default::default()) {
                    cx.give_keywords(card, Keywords::LOSES_ALL_ABILITIES, Duration::EndOfTurn);
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
        .side(P2, Side::new().leader(20))
        .build()
}

/// The "Vent" actions offered now.
fn vent_actions(s: &Board) -> Vec<Action> {
    s.options()
        .into_iter()
        .filter_map(|choice| match choice {
            Choice::Action(action @ Action::ActivateKeyword { .. }) => Some(action),
            _ => None,
        })
        .collect()
}

#[test]
fn a_printed_declared_keywords_continuous_abilities_apply_to_its_card() {
    let s = board(Side::new().field(["Knight", "V3"]));
    let knight = s.card(P1, Zone::Field, "Knight");
    let state = s.game.state().characteristics(s.game.db(), knight);
    assert_eq!((state.attack, state.defense), (3, 4), "+0/+1 from Plated");
    assert!(state.keywords.contains(Keywords::WARD), "Ward from Plated");
    let v3 = s.card(P1, Zone::Field, "V3");
    let other = s.game.state().characteristics(s.game.db(), v3);
    assert_eq!(
        (other.defense, other.keywords.contains(Keywords::WARD)),
        (3, false)
    );
}

#[test]
fn a_declared_keyword_given_by_an_effect_brings_a_passive_reaching_other_cards() {
    let mut s = board(Side::new().field(["V3", "V1"]).hand(["Drummer"]).pp(1));
    let v1 = s.card(P1, Zone::Field, "V1");
    assert_eq!(s.game.state().characteristics(s.game.db(), v1).attack, 1);
    // Drummer gives the first other follower (V3) Rally: "other followers
    // of yours have +1/+0" reaches V1 and Drummer, not V3 itself.
    s.play("Drummer");
    let v3 = s.card(P1, Zone::Field, "V3");
    let drummer = s.card(P1, Zone::Field, "Drummer");
    let stats = |s: &Board, card| s.game.state().characteristics(s.game.db(), card).attack;
    assert_eq!(
        (stats(&s, v3), stats(&s, v1), stats(&s, drummer)),
        (3, 2, 2)
    );
    // Through the turn change (the cache checked against a fresh working
    // out in debug builds), and the next turn too: WhileInZone.
    s.end_turn();
    s.end_turn();
    assert_eq!(
        (stats(&s, v3), stats(&s, v1), stats(&s, drummer)),
        (3, 2, 2)
    );
}

#[test]
fn a_card_that_loses_all_abilities_loses_its_declared_keywords_passives() {
    let mut s = board(Side::new().field(["Knight"]).hand(["Hush"]).pp(1));
    s.play("Hush");
    let knight = s.card(P1, Zone::Field, "Knight");
    let state = s.game.state().characteristics(s.game.db(), knight);
    assert_eq!(state.defense, 3, "{}", s.dump());
    assert!(!state.keywords.contains(Keywords::WARD));
}

#[test]
fn a_declared_keyword_may_not_carry_a_passive_that_takes_abilities_away() {
    let hush = keyword(
        "TEST-KW-MUTE",
        "Mute",
        vec![passive(
            "Mute",
            Grant::Keywords(Keywords::LOSES_ALL_ABILITIES),
            PassiveScope::EnemiesOnField(CardFilter::followers()),
        )],
    );
    let message = CardDb::with_keywords(test_cards(), vec![hush])
        .expect_err("a loss of abilities")
        .to_string();
    assert!(
        message.contains("ability `Mute` is a continuous ability that takes abilities away"),
        "{message}"
    );
}

#[test]
fn a_printed_declared_keywords_activated_ability_is_played_as_the_cards() {
    let mut s = board(Side::new().field(["Stoker", "V2"]));
    let stoker = s.card(P1, Zone::Field, "Stoker");
    let vent = s.game.db().declared_keyword("Vent").expect("declared");
    assert_eq!(
        vent_actions(&s),
        vec![Action::ActivateKeyword {
            card: stoker,
            keyword: vent,
            ability: AbilityIdx(0),
        }],
        "only the card with Vent may vent"
    );
    let label = crate::gamelog::describe_choice(&Choice::Action(vent_actions(&s)[0]), &s.game);
    assert_eq!(
        label,
        "Activate Stoker's Vent: Deal 1 damage to the enemy leader."
    );
    s.events();
    s.act(vent_actions(&s)[0]);
    assert_eq!(s.game.state().player(P2).leader_defense, 19, "{}", s.dump());
    assert!(s.game.state().card(stoker).engaged, "the cost was paid");
    let events = s.events();
    assert!(
        events.contains("Stoker activates its Vent ability"),
        "{events}"
    );
    assert!(
        vent_actions(&s).is_empty(),
        "engaged: the cost can't be paid again"
    );
}

#[test]
fn a_card_that_lost_all_abilities_cant_play_its_declared_keywords_activated_ability() {
    let mut s = board(Side::new().field(["Stoker"]).hand(["Hush"]).pp(1));
    assert_eq!(vent_actions(&s).len(), 1);
    s.play("Hush");
    assert!(vent_actions(&s).is_empty(), "{}", s.dump());
}

#[test]
fn a_declared_keyword_may_not_carry_an_adv_ability() {
    let mut adv = keywords().remove(2);
    adv.abilities[0].advanced = true;
    let message = CardDb::with_keywords(test_cards(), vec![adv])
        .expect_err("an [adv] ability")
        .to_string();
    assert!(
        message.contains("ability `Vent` is an `[adv]` ability"),
        "{message}"
    );
}

#[test]
fn a_declared_keyword_given_after_a_loss_of_all_abilities_works() {
    // Later-sets §12.2: what an effect gives after the loss works, as a
    // keyword's automatic abilities do.
    let mut s = board(Side::new().field(["V3"]).hand(["Hush", "Plater"]).pp(2));
    s.play("Hush");
    s.play("Plater");
    let v3 = s.card(P1, Zone::Field, "V3");
    let state = s.game.state().characteristics(s.game.db(), v3);
    assert_eq!(state.defense, 4, "Plated's +0/+1: {}", s.dump());
    assert!(state.keywords.contains(Keywords::WARD), "Plated's Ward");
    let vent = s.game.db().declared_keyword("Vent").expect("declared");
    assert!(
        vent_actions(&s).contains(&Action::ActivateKeyword {
            card: v3,
            keyword: vent,
            ability: AbilityIdx(0),
        }),
        "Vent given after the loss may be played"
    );
}

#[test]
fn a_declared_keywords_once_per_turn_ability_is_counted_apart_from_the_cards_own() {
    let mut s = board(Side::new().field(["Sparker"]));
    let sparker = s.card(P1, Zone::Field, "Sparker");
    let spark = s.game.db().declared_keyword("Spark").expect("declared");
    let keyword = Action::ActivateKeyword {
        card: sparker,
        keyword: spark,
        ability: AbilityIdx(0),
    };
    let own = Action::Activate {
        card: sparker,
        ability: AbilityIdx(0),
    };
    s.act(keyword);
    assert_eq!(s.game.state().player(P2).leader_defense, 19);
    assert!(!s.can(keyword), "Spark is used this turn");
    assert!(s.can(own), "the card's own ability 0 is not");
    s.act(own);
    assert!(!s.can(own));
    assert_eq!(s.game.state().player(P2).leader_defense, 18);
    s.end_turn();
    s.end_turn();
    assert!(s.can(keyword) && s.can(own), "a new turn: {}", s.dump());
}
