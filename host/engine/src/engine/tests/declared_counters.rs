//! Counter kinds a pack declares (`cards/declared.rs`, CR 15.1): a card
//! enters with them, card code puts, counts and removes them, costs remove
//! them, and the log names them as the pack does. The made-up kind here is
//! Grace.

use super::P1;
use crate::board::fixtures::{test_cards, test_runner};
use crate::board::{Board, Side};
use crate::cards::{
    AbilityDef, AbilityKind, ActivationZone, CardDb, CardDbError, CardDef, CostItem, Counter,
    Declarations, DeclaredCounter, Trigger,
};
use crate::engine::state::Counters;
use crate::engine::{AbilityIdx, AbilityRunner, Action, Zone};
use std::sync::Arc;

fn grace() -> DeclaredCounter {
    DeclaredCounter {
        name: "Grace".to_owned(),
        reminder: "Havencraft's blessings; Sanctum spends them.".to_owned(),
    }
}

fn counter(name: &str) -> DeclaredCounter {
    DeclaredCounter {
        name: name.to_owned(),
        reminder: String::new(),
    }
}

/// "Sanctum" (V1 that enters with 2 Grace counters; activated: remove 1
/// Grace counter, draw a card) and "Blesser" (V1 whose Fanfare puts 3
/// Grace counters on each other follower of yours).
fn cards() -> Vec<CardDef> {
    let mut cards = test_cards();
    let v1 = cards
        .iter()
        .find(|c| c.name == "V1")
        .cloned()
        .expect("a test card");
    let mut sanctum = CardDef {
        id: "TEST-SANCTUM".to_owned(),
        name: "Sanctum".to_owned(),
        declared_counters: vec![("Grace".to_owned(), 2)],
        ..v1.clone()
    };
    sanctum.abilities = vec![AbilityDef {
        name: "Pray".to_owned(),
        kind: AbilityKind::Activated {
            quick: false,
            zone: ActivationZone::Field,
        },
        // Named: the pool numbers it.
        costs: vec![CostItem::RemoveNamedCounters("Grace".to_owned(), 1)],
        once_per_turn: false,
        union_burst: false,
        advanced: false,
        text: String::new(),
    }];
    let mut blesser = CardDef {
        id: "TEST-BLESSER".to_owned(),
        name: "Blesser".to_owned(),
        ..v1
    };
    blesser.abilities = vec![AbilityDef {
        name: "Fanfare".to_owned(),
        kind: AbilityKind::Triggered(Trigger::Fanfare),
        costs: Vec::new(),
        once_per_turn: false,
        union_burst: false,
        advanced: false,
        text: String::new(),
    }];
    cards.extend([sanctum, blesser]);
    cards
}

fn db() -> CardDb {
    CardDb::with_declarations(
        cards(),
        Declarations {
            counters: vec![counter("Soul"), grace()],
            ..Declarations::default()
        },
    )
    .expect("a valid pool")
}

fn runner() -> Arc<dyn AbilityRunner> {
    Arc::new(
        test_runner()
            .ability("TEST-SANCTUM", 0, |cx| {
                let me = cx.controller();
                cx.draw(me, 1);
                Ok(())
            })
            .ability("TEST-BLESSER", 0, |cx| {
                let me = cx.controller();
                let source = cx.source();
                let grace = cx.query().db().declared_counter("Grace").expect("declared");
                let allies = cx.query().cards(me, Zone::Field, &Default::default());
                for ally in allies.into_iter().filter(|c| *c != source) {
                    cx.add_counters(ally, grace, 3);
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
        .build()
}

#[test]
fn declared_counters_are_numbered_in_order_and_named_by_the_pool() {
    let db = db();
    let grace = db.declared_counter("Grace").expect("declared");
    assert_eq!(grace, Counter::Declared(1));
    assert_eq!(grace.index(), sve_vocab::DECLARED_COUNTER_BASE + 1);
    assert_eq!(Counter::from_index(grace.index()), Some(grace));
    assert_eq!(db.counter_name(grace), "Grace");
    assert_eq!(db.counter_name(Counter::Stack), "Stack");
    assert!(!db.has_counter(Counter::Declared(2)));
    let sanctum = db.by_card_id("TEST-SANCTUM").expect("a card");
    assert_eq!(db.get(sanctum).initial_counters, [(grace, 2)]);
    assert_eq!(
        db.get(sanctum).abilities[0].costs,
        [CostItem::RemoveCounters(grace, 1)],
        "the named cost is numbered"
    );
}

#[test]
fn a_card_enters_with_its_declared_counters_and_a_cost_removes_them() {
    let mut s = board(Side::new().hand(["Sanctum"]).deck(["V2", "V2", "V2"]).pp(5));
    s.play("Sanctum");
    let sanctum = s.card(P1, Zone::Field, "Sanctum");
    let grace = s.game.db().declared_counter("Grace").expect("declared");
    assert_eq!(s.game.state().card(sanctum).counter(grace), 2);
    let pray = Action::Activate {
        card: sanctum,
        ability: AbilityIdx(0),
    };
    s.events();
    s.act(pray);
    s.act(pray);
    assert_eq!(s.game.state().card(sanctum).counter(grace), 0);
    assert_eq!(s.game.state().player(P1).hand.len(), 2, "{}", s.dump());
    assert!(!s.can(pray), "no Grace counter left to remove");
    let log = s.events();
    assert!(log.contains("Grace"), "the log names the kind: {log}");
}

#[test]
fn card_code_puts_declared_counters_and_the_log_says_them_in_players_words() {
    let mut s = board(Side::new().field(["V2"]).hand(["Blesser"]).pp(5));
    s.play("Blesser");
    let v2 = s.card(P1, Zone::Field, "V2");
    let grace = s.game.db().declared_counter("Grace").expect("declared");
    assert_eq!(s.game.state().card(v2).counter(grace), 3);
    let counted: Vec<(Counter, u32)> = s.game.state().card(v2).counters.iter().collect();
    assert_eq!(counted, [(grace, 3)]);
    let texts: Vec<String> = s
        .raw_events()
        .iter()
        .filter_map(|e| crate::gamelog::render(e, s.game.state(), s.game.db()).log)
        .map(|log| log.text)
        .filter(|text| text.contains("counter"))
        .collect();
    assert_eq!(texts, ["V2 gets 3 Grace counters (3 in all)"]);
}

#[test]
fn a_card_holds_four_declared_kinds_and_refuses_a_fifth_by_name() {
    let mut counters = Counters::default();
    for n in [3, 0, 2, 1] {
        assert!(counters.set(Counter::Declared(n), 1));
    }
    assert!(counters.has_room(Counter::Declared(2)), "a kind it has");
    assert!(!counters.has_room(Counter::Declared(4)));
    assert!(!counters.set(Counter::Declared(4), 1));
    assert_eq!(counters.get(Counter::Declared(4)), 0);
    assert!(counters.set(Counter::Stack, 2), "built-in kinds always fit");
    // Kind order, whatever order they came in; equal content compares
    // equal.
    let kinds: Vec<Counter> = counters.iter().map(|(k, _)| k).collect();
    assert_eq!(
        kinds,
        [
            Counter::Stack,
            Counter::Declared(0),
            Counter::Declared(1),
            Counter::Declared(2),
            Counter::Declared(3)
        ]
    );
    let mut other = Counters::default();
    for n in 0..4 {
        assert!(other.set(Counter::Declared(n), 1));
    }
    assert!(other.set(Counter::Stack, 2));
    assert_eq!(counters, other);
    // Removing a kind frees its slot.
    assert!(counters.set(Counter::Declared(1), 0));
    assert!(counters.set(Counter::Declared(4), 5));
    assert_eq!(counters.get(Counter::Declared(4)), 5);
    let json = serde_json::to_string(&counters).expect("serializes");
    let back: Counters = serde_json::from_str(&json).expect("reads back");
    assert_eq!(back, counters);
}

#[test]
fn the_pool_refuses_bad_counter_declarations_by_name() {
    let with = |counters: Vec<DeclaredCounter>| {
        CardDb::with_declarations(
            cards(),
            Declarations {
                counters,
                ..Declarations::default()
            },
        )
    };
    let message = |result: Result<CardDb, CardDbError>| match result {
        Ok(_) => panic!("accepted"),
        Err(e) => e.to_string(),
    };
    assert_eq!(
        message(with(vec![grace(), grace()])),
        "counter `Grace` is declared twice"
    );
    assert_eq!(
        message(with(vec![grace(), counter("Stack")])),
        "declares the counter `Stack`, which is the built-in `Stack` counter"
    );
    assert_eq!(
        message(with(Vec::new())),
        "card `TEST-SANCTUM` uses `Grace` counters, a kind no loaded pack declares"
    );
    let many = (0..65).map(|n| counter(&format!("Kind{n}"))).collect();
    assert_eq!(
        message(with(many)),
        "65 declared counters; a card pool can have at most 64"
    );
}

#[test]
fn counter_numbers_survive_a_reload_that_declares_them_in_another_order() {
    let old = db();
    let fresh = CardDb::with_declarations(
        cards(),
        Declarations {
            counters: vec![grace(), counter("Ember"), counter("Soul")],
            ..Declarations::default()
        },
    )
    .expect("fresh");
    assert_eq!(fresh.declared_counter("Grace"), Some(Counter::Declared(0)));
    let (updated, changes) = old.updated_from(&fresh).expect("updated");
    assert!(changes.changed.is_empty(), "{changes:?}");
    assert_eq!(updated.declared_counter("Soul"), Some(Counter::Declared(0)));
    assert_eq!(
        updated.declared_counter("Grace"),
        Some(Counter::Declared(1))
    );
    assert_eq!(
        updated.declared_counter("Ember"),
        Some(Counter::Declared(2))
    );
    let sanctum = updated.by_card_id("TEST-SANCTUM").expect("a card");
    assert_eq!(
        updated.get(sanctum).initial_counters,
        [(Counter::Declared(1), 2)]
    );
    assert_eq!(
        updated.get(sanctum).abilities[0].costs,
        [CostItem::RemoveCounters(Counter::Declared(1), 1)]
    );
}
