//! Hot reload inside the engine: new definitions and code swapped into a
//! running match between two steps (see `runtime/reload.rs`).

use super::{P1, P2};
use crate::board::fixtures::{test_cards, test_runner};
use crate::board::{Board, Side};
use crate::cards::CardFilter;
use crate::engine::{Choice, Event, FnRunner, Prompt, Zone};
use std::sync::Arc;

/// Pinger's Fanfare, rewritten to deal `damage`.
fn pinger_dealing(damage: i32) -> FnRunner {
    test_runner().ability("TEST-PING", 0, move |cx| {
        let opponent = cx.controller().opponent();
        let targets = cx
            .query()
            .cards(opponent, Zone::Field, &CardFilter::followers());
        for card in cx.select_cards("Deal damage to", targets, 1, 1)? {
            cx.damage_follower(card, damage);
        }
        Ok(())
    })
}

fn reload(s: &mut Board, runner: FnRunner, edit: impl Fn(&mut crate::cards::CardDef)) {
    let defs = s
        .game
        .db()
        .iter()
        .map(|(_, d)| {
            let mut d = d.clone();
            edit(&mut d);
            d
        })
        .collect();
    let (db, changes) = s.game.db().updated(defs).expect("same ids");
    s.game
        .reload_cards(Arc::new(db), Arc::new(runner), &changes, "test");
    s.game.step();
}

#[test]
fn static_facts_come_from_the_new_definition_and_state_is_kept() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["V3"]).damaged(1))
        .build();
    reload(&mut s, test_runner(), |d| {
        if d.id == "TEST-V3" {
            d.attack = Some(7);
        }
    });
    assert!(s.dump().contains("field V3 7/2"), "{}", s.dump());
    let events = s.raw_events();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CardsReloaded { changed, .. } if changed == &["TEST-V3".to_owned()]
    )));
}

#[test]
fn a_pending_ability_reruns_with_the_new_code_and_the_answers_given() {
    let mut s = Board::builder()
        .side(P1, Side::new().hand(["Pinger"]).pp(2))
        .side(P2, Side::new().field(["V5"]))
        .build();
    s.play("Pinger");
    assert!(matches!(
        s.game.decision().map(|d| &d.prompt),
        Some(Prompt::Ability { .. })
    ));
    reload(&mut s, pinger_dealing(3), |_| {});
    // The question is asked again by the new code; answer it.
    let v5 = s.card(P2, Zone::Field, "V5");
    s.choose(|c| *c == Choice::Card(v5));
    assert!(
        s.dump().contains("field V5 5/2"),
        "new code: 3 damage\n{}",
        s.dump()
    );
}

#[test]
fn answers_that_no_longer_fit_restart_the_questions() {
    // The bolt first asks a mode (answered "second"), then a target (pending).
    let two_questions = test_runner().ability("TEST-BOLT", 0, |cx| {
        let mode = cx.choose_option("Mode", &["first", "second"])?;
        let targets = cx.query().cards(
            cx.controller().opponent(),
            Zone::Field,
            &CardFilter::followers(),
        );
        for card in cx.select_cards("Deal damage to", targets, 1, 1)? {
            cx.damage_follower(card, 1 + mode as i32);
        }
        Ok(())
    });
    let mut s = Board::builder()
        .runner(Arc::new(two_questions))
        .side(P1, Side::new().hand(["Quick Bolt"]).pp(1))
        .side(P2, Side::new().field(["V5"]))
        .build();
    s.play("Quick Bolt");
    s.choose(|c| *c == Choice::Label("second".into()));
    // Now the new code offers a single mode: the stored pick (index 1) no
    // longer fits, so the questions start over.
    let one_mode = test_runner().ability("TEST-BOLT", 0, |cx| {
        cx.choose_option("Mode", &["only"])?;
        let targets = cx.query().cards(
            cx.controller().opponent(),
            Zone::Field,
            &CardFilter::followers(),
        );
        for card in cx.select_cards("Deal damage to", targets, 1, 1)? {
            cx.damage_follower(card, 4);
        }
        Ok(())
    });
    reload(&mut s, one_mode, |_| {});
    assert_eq!(
        s.options(),
        vec![Choice::Label("only".into())],
        "asked again"
    );
    s.choose(|c| *c == Choice::Label("only".into()));
    let v5 = s.card(P2, Zone::Field, "V5");
    s.choose(|c| *c == Choice::Card(v5));
    assert!(s.dump().contains("field V5 5/1"), "{}", s.dump());
}

#[test]
fn a_main_phase_decision_is_recomputed_after_a_reload() {
    let mut s = Board::builder()
        .side(P1, Side::new().hand(["V3"]).pp(2))
        .build();
    let v3 = s.card(P1, Zone::Hand, "V3");
    assert!(!s.can(crate::engine::Action::Play { card: v3 }));
    reload(&mut s, test_runner(), |d| {
        if d.id == "TEST-V3" {
            d.cost = Some(2);
        }
    });
    assert!(
        s.can(crate::engine::Action::Play { card: v3 }),
        "now costs 2"
    );
}

#[test]
fn removed_cards_keep_their_last_definition() {
    let s = Board::builder().side(P1, Side::new().field(["V2"])).build();
    let defs: Vec<_> = test_cards()
        .into_iter()
        .filter(|d| d.id != "TEST-V2")
        .collect();
    let (db, changes) = s.game.db().updated(defs).expect("updates");
    assert!(changes.removed.contains(&"TEST-V2".to_owned()));
    assert_eq!(db.by_card_id("TEST-V2"), s.game.db().by_card_id("TEST-V2"));
}
