//! Delayed triggers (later-sets §11.4, CR 10.7.5; `engine/delayed.rs`):
//! the reference's tests DT-1..3, and the edges around them.

use super::{P1, P2};
use crate::board::fixtures::{ability, test_cards, test_runner};
use crate::board::{Board, Side};
use crate::cards::{AbilityKind, CardDb, CardDef, CardFilter, Trigger};
use crate::engine::{AbilityCtx, DelayedLasts, Halt, PlayerId, Zone};
use std::sync::Arc;

/// A 1-cost V1 named `name` (id `TEST-<name>`) whose Fanfare creates its
/// delayed ability "Later" (a draw) with `lasts`, watching the opponent's V5
/// when `trigger` is about one card.
fn watcher(name: &str, trigger: Trigger) -> CardDef {
    let mut card = test_cards()
        .into_iter()
        .find(|c| c.name == "V1")
        .expect("a test card");
    card.id = format!("TEST-{name}");
    card.name = name.to_owned();
    card.abilities = vec![
        ability("Fanfare", AbilityKind::Triggered(Trigger::Fanfare)),
        ability("Later", AbilityKind::Delayed(trigger)),
    ];
    card
}

/// The opponent's V5 on the field.
fn enemy_v5(cx: &AbilityCtx<'_>) -> Option<crate::engine::CardRef> {
    let foe = cx.controller().opponent();
    let query = cx.query();
    query
        .cards(foe, Zone::Field, &CardFilter::default())
        .into_iter()
        .find(|c| query.characteristics(*c).cost == 5)
}

/// A board where P1 holds the watchers in hand (and V5s on the field to
/// attack with), P2 has `p2` on the field.
fn board(p2: Side) -> Board {
    let mut cards = test_cards();
    cards.extend([
        watcher("Grave Watch", Trigger::LastWords),
        watcher(
            "Vigil",
            Trigger::OnOpponentCardDestroyed(CardFilter::default()),
        ),
        watcher("Dusk Bell", Trigger::StartEndPhase),
    ]);
    let create = |lasts: DelayedLasts, watches: bool| {
        move |cx: &mut AbilityCtx<'_>| -> Result<(), Halt> {
            let watch = if watches { enemy_v5(cx) } else { None };
            cx.create_delayed("Later", watch, lasts)
        }
    };
    let draw = |cx: &mut AbilityCtx<'_>| {
        let me = cx.controller();
        cx.draw(me, 1);
        Ok(())
    };
    let runner = test_runner()
        .ability(
            "TEST-Grave Watch",
            0,
            create(DelayedLasts::OnceThisTurn, true),
        )
        .ability("TEST-Grave Watch", 1, draw)
        .ability(
            "TEST-Vigil",
            0,
            create(DelayedLasts::EveryTimeThisTurn, false),
        )
        .ability("TEST-Vigil", 1, draw)
        .ability("TEST-Dusk Bell", 0, create(DelayedLasts::Once, false))
        .ability("TEST-Dusk Bell", 1, draw);
    Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .runner(Arc::new(runner))
        .side(
            P1,
            Side::new()
                .hand(["Grave Watch", "Vigil", "Dusk Bell"])
                .field(["V5", "V5"])
                .pp(10),
        )
        .side(P2, p2)
        .build()
}

/// P1's second field follower (the second V5) attacks P2's `target`.
fn second_attacks(s: &mut Board, target: &str) {
    let attacker = s.game.state().player(P1).field[1];
    let target = s.card(P2, Zone::Field, target);
    let object = s.game.state().card(target).object;
    s.act(crate::engine::Action::Attack {
        attacker,
        target: crate::engine::AttackTarget::Follower(target, object),
    });
    s.settle();
}

fn hand(s: &Board, player: PlayerId) -> usize {
    s.game.state().player(player).hand.len()
}

#[test]
fn l11_4_dt_1_a_watch_fires_for_its_card_only() {
    let mut s = board(Side::new().engaged(["V3", "V5"]));
    s.play("Grave Watch");
    assert_eq!(s.game.state().delayed.len(), 1, "{}", s.dump());
    let before = hand(&s, P1);
    s.attack("V5", "V3");
    assert_eq!(hand(&s, P1), before, "another follower destroyed: no draw");
    assert_eq!(s.game.state().delayed.len(), 1, "still waiting");
    // The other V5 of P1 trades with P2's V5, the watched one.
    second_attacks(&mut s, "V5");
    assert_eq!(hand(&s, P1), before + 1, "the watched card went: a draw");
    assert!(
        s.game.state().delayed.is_empty(),
        "it fired once, and is gone"
    );
}

#[test]
fn l11_4_dt_2_a_this_turn_watch_is_gone_at_the_end_of_the_turn() {
    let mut s = board(Side::new().engaged(["V5"]));
    s.play("Grave Watch");
    assert_eq!(s.game.state().delayed.len(), 1);
    s.end_turn();
    assert!(s.game.state().delayed.is_empty(), "{}", s.dump());
}

#[test]
fn l11_4_dt_3_every_time_this_turn_fires_at_each_event_until_the_turn_ends() {
    let mut s = board(Side::new().engaged(["V3", "V4"]));
    s.play("Vigil");
    let before = hand(&s, P1);
    s.attack("V5", "V3");
    second_attacks(&mut s, "V4");
    assert_eq!(hand(&s, P1), before + 2, "two destroyed, two draws");
    assert_eq!(s.game.state().delayed.len(), 1, "it lasts the turn");
    s.end_turn();
    assert!(s.game.state().delayed.is_empty());
}

#[test]
fn l11_4_it_fires_though_its_card_left_the_field_and_once_only() {
    let mut s = board(Side::new());
    s.play("Dusk Bell");
    // The card that made it leaves the field: the trigger still waits.
    let bell = s.card(P1, Zone::Field, "Dusk Bell");
    s.game.destroy(bell, true);
    let before = hand(&s, P1);
    s.end_turn();
    assert_eq!(hand(&s, P1), before + 1, "its end phase: a draw");
    assert!(s.game.state().delayed.is_empty(), "once, then gone");
    s.end_turn();
    // P1's next end phase draws nothing.
    let p1_before = hand(&s, P1);
    s.end_turn();
    assert_eq!(hand(&s, P1), p1_before, "{}", s.dump());
}

#[test]
fn l11_4_a_watched_card_that_moves_otherwise_ends_the_watch() {
    let mut s = board(Side::new().engaged(["V5"]));
    s.play("Grave Watch");
    let v5 = s.card(P2, Zone::Field, "V5");
    // Returned to the hand: a new object, the watch can never fire.
    s.game.apply(crate::engine::mutation::Mutation::Move {
        card: v5,
        to_player: P2,
        to: Zone::Hand,
        place: crate::engine::mutation::Place::Top,
        cause: crate::engine::MoveCause::ReturnToHand,
    });
    assert!(s.game.state().delayed.is_empty(), "{}", s.dump());
}

#[test]
fn l11_4_card_code_that_misnames_its_delayed_ability_fails_naming_it() {
    let mut cards = test_cards();
    cards.push(watcher("Grave Watch", Trigger::LastWords));
    let runner = test_runner().ability("TEST-Grave Watch", 0, |cx| {
        // A watch with no card to watch, then a name the card lacks.
        assert!(matches!(
            cx.create_delayed("Later", None, DelayedLasts::Once),
            Err(Halt::Failed(why)) if why.contains("name the card it watches")
        ));
        cx.create_delayed("Sooner", None, DelayedLasts::Once)
    });
    let mut s = Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .runner(Arc::new(runner))
        .side(P1, Side::new().hand(["Grave Watch"]).pp(10))
        .side(P2, Side::new())
        .build();
    s.play("Grave Watch");
    assert!(s.game.state().delayed.is_empty());
    assert!(
        s.events().contains("no delayed ability named `Sooner`"),
        "{}",
        s.events()
    );
}

#[test]
fn l11_4_only_the_triggers_a_delayed_ability_can_wait_for_are_taken() {
    use crate::engine::delayed_trigger_watches;
    assert_eq!(delayed_trigger_watches(&Trigger::LastWords), Ok(true));
    assert_eq!(delayed_trigger_watches(&Trigger::StartEndPhase), Ok(false));
    let refused = delayed_trigger_watches(&Trigger::Strike).expect_err("refused");
    assert!(refused.contains("Strike"), "{refused}");
}

#[test]
fn l11_4_a_reload_keeps_a_waiting_ability_by_name_and_drops_a_removed_one() {
    let mut s = board(Side::new().engaged(["V5"]));
    s.play("Dusk Bell");
    s.play("Grave Watch");
    assert_eq!(s.game.state().delayed.len(), 2);
    // An edit puts a new ability before Dusk Bell's "Later", and takes
    // Grave Watch's away.
    let defs = s
        .game
        .db()
        .iter()
        .map(|(_, d)| {
            let mut d = d.clone();
            if d.id == "TEST-Dusk Bell" {
                d.abilities.insert(
                    1,
                    ability("Sooner", AbilityKind::Triggered(Trigger::Strike)),
                );
            }
            if d.id == "TEST-Grave Watch" {
                d.abilities.truncate(1);
            }
            d
        })
        .collect();
    let (db, changes) = s.game.db().updated(defs).expect("same ids");
    let runner = test_runner().ability("TEST-Dusk Bell", 2, |cx| {
        let me = cx.controller();
        cx.draw(me, 1);
        Ok(())
    });
    s.game
        .reload_cards(Arc::new(db), Arc::new(runner), &changes, "test");
    s.game.step();
    let waiting = &s.game.state().delayed;
    assert_eq!(waiting.len(), 1, "Grave Watch's is gone");
    assert_eq!(
        waiting[0].ability,
        crate::engine::AbilityIdx(2),
        "followed by name"
    );
    let before = hand(&s, P1);
    s.end_turn();
    assert_eq!(hand(&s, P1), before + 1, "it still fires: {}", s.dump());
}

#[test]
fn l11_4_a_waiting_delayed_ability_is_in_both_players_views_until_it_fires() {
    let mut s = board(Side::new().engaged(["V5"]));
    s.play("Grave Watch");
    let def = s.game.state().delayed[0].def;
    for viewer in [P1, P2] {
        let view = s.game.view(viewer);
        let waiting = &view.sides[usize::from(P1.0)].delayed;
        assert_eq!(waiting.len(), 1, "seen by {viewer}");
        assert_eq!(waiting[0].def, def);
        assert!(waiting[0].this_turn, "a this-turn watch");
        assert!(!waiting[0].name.is_empty());
        assert!(
            view.sides[usize::from(P2.0)].delayed.is_empty(),
            "P1's, not P2's"
        );
    }
    s.end_turn();
    assert!(
        s.game.view(P1).sides[0].delayed.is_empty(),
        "gone with the turn"
    );
}
