//! Characteristics cached per state (`state/cache.rs`): every way the state
//! or the card data changes is seen at the next reading. Test builds also
//! check every reuse against a fresh working out, so these tests fail on a
//! stale value whichever reading it reaches.

use super::{P1, P2};
use crate::board::fixtures::{test_db_with_passive, test_runner};
use crate::board::{Board, Side};
use crate::cards::{
    AbilityKind, CardDb, CardDef, CardFilter, Grant, PassiveCondition, PassiveDef, PassiveScope,
};
use crate::engine::{CardRef, DamageKind, Duration, GameState, Halt, Zone};
use std::sync::Arc;

fn attack(s: &Board, card: CardRef) -> i32 {
    s.game.state().characteristics(s.game.db(), card).attack
}

fn defense(s: &Board, card: CardRef) -> i32 {
    s.game.state().characteristics(s.game.db(), card).defense
}

/// The test cards with "Rally": other allied followers get +2/+0 during
/// your turn (a passive that reads the turn, so not plain).
fn db_with_rally() -> Arc<CardDb> {
    let rally = PassiveDef {
        grant: Grant::Stats {
            attack: 2,
            defense: 0,
        },
        scope: PassiveScope::OtherAlliesOnField(CardFilter::followers()),
        condition: PassiveCondition::YourTurn,
    };
    test_db_with_passive("TEST-V1", "TEST-RALLY", "Rally", rally)
        .map(Arc::new)
        .expect("V1 is a test card")
}

/// A match moves between threads (arena workers, a server's tables) with
/// its state's cache; the cache is not shared between threads, so a
/// state is `Send` but not `Sync` (cancel points hold theirs behind a
/// lock).
#[test]
fn a_match_with_its_states_cache_can_move_between_threads() {
    fn movable<T: Send>() {}
    movable::<GameState>();
    movable::<crate::engine::Match>();
}

#[test]
fn a_passive_that_reads_the_turn_is_worked_out_again_when_the_turn_passes() {
    let mut s = Board::builder()
        .db(db_with_rally())
        .side(P1, Side::new().field(["Rally", "V2"]))
        .build();
    let v2 = s.card(P1, Zone::Field, "V2");
    assert_eq!(attack(&s, v2), 4);
    assert_eq!(attack(&s, v2), 4, "read again, unchanged");
    // No mutation touches V2 or Rally: only the turn changes.
    s.end_turn();
    assert_eq!(s.game.state().active, P2);
    assert_eq!(attack(&s, v2), 2);
}

#[test]
fn a_plain_passive_ends_when_its_source_leaves() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["Captain", "V2"]))
        .build();
    let v2 = s.card(P1, Zone::Field, "V2");
    assert_eq!(attack(&s, v2), 3);
    let captain = s.card(P1, Zone::Field, "Captain");
    s.game.destroy(captain, true);
    assert_eq!(attack(&s, v2), 2);
}

#[test]
fn a_plain_passive_reaches_a_card_that_arrives_after_a_reading() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["V2"]).hand(["Captain"]).pp(3))
        .build();
    let v2 = s.card(P1, Zone::Field, "V2");
    assert_eq!(attack(&s, v2), 2);
    s.play("Captain");
    assert_eq!(attack(&s, v2), 3);
}

#[test]
fn damage_is_seen_at_the_next_reading() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["Captain", "V3"]))
        .build();
    let v3 = s.card(P1, Zone::Field, "V3");
    let before = defense(&s, v3);
    s.game
        .deal_damage_to_follower(v3, 1, DamageKind::Ability, None);
    assert_eq!(defense(&s, v3), before - 1);
}

#[test]
fn a_rolled_back_run_leaves_no_value_it_read_behind() {
    // Pinger's Fanfare buffs V2, reads it, then fails: the run is rolled
    // back, and so is what it read.
    let runner = test_runner().ability("TEST-PING", 0, |cx| {
        let named_v2 = CardFilter {
            name: Some("V2".to_owned()),
            ..CardFilter::default()
        };
        let v2 = cx
            .query()
            .cards(cx.controller(), Zone::Field, &named_v2)
            .first()
            .copied()
            .ok_or_else(|| Halt::Failed("no V2".to_owned()))?;
        cx.give_stats(v2, 5, 0, Duration::EndOfTurn);
        assert_eq!(cx.query().characteristics(v2).attack, 8);
        Err(Halt::Failed("fails after reading".to_owned()))
    });
    let mut s = Board::builder()
        .runner(Arc::new(runner))
        .side(
            P1,
            Side::new().field(["Captain", "V2"]).hand(["Pinger"]).pp(2),
        )
        .build();
    let v2 = s.card(P1, Zone::Field, "V2");
    assert_eq!(attack(&s, v2), 3);
    s.play("Pinger");
    assert_eq!(attack(&s, v2), 3, "the buff was rolled back");
}

#[test]
fn a_reload_that_changes_a_passive_is_seen_though_the_state_did_not_change() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["Captain", "V2"]))
        .build();
    let v2 = s.card(P1, Zone::Field, "V2");
    assert_eq!(attack(&s, v2), 3);
    let defs: Vec<CardDef> = s
        .game
        .db()
        .iter()
        .map(|(_, d)| {
            let mut d = d.clone();
            if d.id == "TEST-CAPTAIN"
                && let Some(AbilityKind::Passive(passive)) =
                    d.abilities.first_mut().map(|a| &mut a.kind)
            {
                passive.grant = Grant::Stats {
                    attack: 3,
                    defense: 0,
                };
            }
            d
        })
        .collect();
    let (db, changes) = s.game.db().updated(defs).expect("same ids");
    s.game
        .reload_cards(Arc::new(db), Arc::new(test_runner()), &changes, "test");
    s.game.step();
    assert_eq!(attack(&s, v2), 5);
}

#[test]
fn a_state_written_by_hand_is_read_afresh_once_told() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["Captain", "V3"]))
        .build();
    let v3 = s.card(P1, Zone::Field, "V3");
    let before = defense(&s, v3);
    s.game.state.cards[v3.idx()].damage = 1;
    s.game.state.forget_characteristics();
    assert_eq!(defense(&s, v3), before - 1);
}

#[test]
fn a_cancel_brings_back_the_values_from_before_the_activation() {
    use crate::engine::{AbilityIdx, Action, Choice};
    let mut s = Board::builder()
        .side(
            P1,
            Side::new()
                .field(["Sifter", "Captain", "V2"])
                .hand(["V1", "V2", "V3"])
                .pp(3),
        )
        .build();
    let sifter = s.card(P1, Zone::Field, "Sifter");
    let field: Vec<CardRef> = s.game.state().player(P1).field.iter().copied().collect();
    let read = |s: &Board| {
        field
            .iter()
            .map(|c| s.game.state().characteristics(s.game.db(), *c))
            .collect::<Vec<_>>()
    };
    let before = read(&s);
    s.act(Action::Activate {
        card: sifter,
        ability: AbilityIdx(0),
    });
    assert!(s.game.state().card(sifter).engaged, "paying");
    read(&s);
    s.choose(|c| *c == Choice::Cancel);
    assert!(!s.game.state().card(sifter).engaged, "cancelled");
    assert_eq!(read(&s), before);
}
