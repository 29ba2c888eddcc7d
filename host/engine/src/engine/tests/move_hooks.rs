//! Move hooks (`cards/hooks.rs`): an automatic ability that answers any
//! card move between the zones it names (later-sets §13: "whenever a card
//! leaves your EX area"), for one card at a time.

use super::{P1, P2, copy};
use crate::board::fixtures::{ability, test_cards, test_runner};
use crate::board::{Board, Side};
use crate::cards::{
    AbilityKind, CardDb, CardDef, CardFilter, MoveHook, MoveWays, Trigger, Whose, ZoneSet,
};
use crate::engine::{AbilityRunner, Zone};
use std::sync::Arc;

fn hooked(id: &str, name: &str, hook: MoveHook) -> CardDef {
    let mut card = copy("V1", id, name);
    card.abilities = vec![ability(
        "Hook",
        AbilityKind::Triggered(Trigger::OnMove(hook)),
    )];
    card
}

/// "Ex Watcher": whenever a card leaves your EX area, your leader gains 1
/// defense. "Self Watcher": when this card is put onto the field from the
/// EX area, the same. "Grave Watcher": whenever an enemy follower goes from
/// the field to the cemetery, the same.
fn board(p1: Side, p2: Side) -> Board {
    let mut cards = test_cards();
    cards.push(hooked(
        "TEST-HOOK-EX",
        "Ex Watcher",
        MoveHook {
            from: ZoneSet::of(&[Zone::ExArea]),
            ..MoveHook::default()
        },
    ));
    cards.push(hooked(
        "TEST-HOOK-SELF",
        "Self Watcher",
        MoveHook {
            from: ZoneSet::of(&[Zone::ExArea]),
            to: ZoneSet::of(&[Zone::Field]),
            this_card: true,
            ..MoveHook::default()
        },
    ));
    cards.push(hooked(
        "TEST-HOOK-GRAVE",
        "Grave Watcher",
        MoveHook {
            from: ZoneSet::of(&[Zone::Field]),
            to: ZoneSet::of(&[Zone::Cemetery]),
            whose: Whose::Opponents,
            filter: CardFilter::followers(),
            this_card: false,
            with_this_card: false,
            per_batch: false,
            how: MoveWays::ANY,
        },
    ));
    cards.push(hooked(
        "TEST-HOOK-FALLEN",
        "Fallen Watcher",
        MoveHook {
            from: ZoneSet::of(&[Zone::Field]),
            to: ZoneSet::of(&[Zone::Cemetery]),
            filter: CardFilter::followers(),
            with_this_card: true,
            ..MoveHook::default()
        },
    ));
    cards.push(hooked(
        "TEST-HOOK-DISCARD",
        "Discard Watcher",
        MoveHook {
            from: ZoneSet::of(&[Zone::Hand]),
            to: ZoneSet::of(&[Zone::Cemetery]),
            how: MoveWays::DISCARDED,
            ..MoveHook::default()
        },
    ));
    cards.push(hooked(
        "TEST-HOOK-HAND",
        "Hand Watcher",
        MoveHook {
            from: ZoneSet::of(&[Zone::Hand]),
            to: ZoneSet::of(&[Zone::Cemetery]),
            ..MoveHook::default()
        },
    ));
    let gain = |cx: &mut crate::engine::AbilityCtx<'_>| {
        let me = cx.controller();
        cx.change_leader_defense(me, 1);
        Ok(())
    };
    let runner: Arc<dyn AbilityRunner> = Arc::new(
        test_runner()
            .ability("TEST-HOOK-EX", 0, gain)
            .ability("TEST-HOOK-SELF", 0, gain)
            .ability("TEST-HOOK-GRAVE", 0, gain)
            .ability("TEST-HOOK-FALLEN", 0, gain)
            .ability("TEST-HOOK-DISCARD", 0, gain)
            .ability("TEST-HOOK-HAND", 0, gain),
    );
    Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .runner(runner)
        .side(P1, p1.leader(10))
        .side(P2, p2)
        .build()
}

fn leader(s: &Board) -> i32 {
    s.game.state().player(P1).leader_defense
}

#[test]
fn a_card_played_from_your_ex_area_leaves_it_once() {
    let mut s = board(
        Side::new().field(["Ex Watcher"]).ex_area(["V1"]).pp(5),
        Side::new(),
    );
    s.play("V1");
    assert_eq!(leader(&s), 11, "{}", s.dump());
    // A card played from the hand leaves no EX area.
    let mut s = board(
        Side::new().field(["Ex Watcher"]).hand(["V1"]).pp(5),
        Side::new(),
    );
    s.play("V1");
    assert_eq!(leader(&s), 10, "{}", s.dump());
}

#[test]
fn a_hook_on_this_card_reads_a_play_as_one_move_from_where_it_was_played() {
    let mut s = board(Side::new().ex_area(["Self Watcher"]).pp(5), Side::new());
    s.play("Self Watcher");
    assert_eq!(leader(&s), 11, "{}", s.dump());
    let mut s = board(Side::new().hand(["Self Watcher"]).pp(5), Side::new());
    s.play("Self Watcher");
    assert_eq!(leader(&s), 10, "from the hand: {}", s.dump());
}

#[test]
fn a_hook_watches_whose_cards_and_which_as_they_were_on_the_field() {
    let mut s = board(
        Side::new().field(["Grave Watcher", "V5"]),
        Side::new().engaged(["V1"]),
    );
    s.attack("V5", "V1");
    assert_eq!(leader(&s), 11, "the enemy V1 died: {}", s.dump());
    let mut s = board(
        Side::new().field(["Grave Watcher", "V1"]),
        Side::new().engaged(["V5"]),
    );
    s.attack("V1", "V5");
    assert_eq!(leader(&s), 10, "an own follower died: {}", s.dump());
}

#[test]
fn a_hook_that_asks_for_discards_does_not_answer_a_spell_played_from_the_hand() {
    // Played from the hand, a spell goes from the hand to the cemetery:
    // the hook without a way answers it, the one asking for discards not.
    let mut s = board(
        Side::new()
            .field(["Hand Watcher"])
            .hand(["Fairy Ring"])
            .pp(5),
        Side::new(),
    );
    s.play("Fairy Ring");
    s.choose(|_| true);
    assert_eq!(leader(&s), 11, "{}", s.dump());
    let mut s = board(
        Side::new()
            .field(["Discard Watcher"])
            .hand(["Fairy Ring"])
            .pp(5),
        Side::new(),
    );
    s.play("Fairy Ring");
    s.choose(|_| true);
    assert_eq!(leader(&s), 10, "{}", s.dump());
    // The hand limit's discard is one.
    let mut s = board(
        Side::new()
            .field(["Discard Watcher"])
            .hand(["V1", "V1", "V1", "V1", "V1", "V1", "V1", "V1"]),
        Side::new(),
    );
    s.end_turn();
    assert_eq!(leader(&s), 11, "{}", s.dump());
}

#[test]
fn a_moves_way_is_read_from_its_cause_and_a_costs_destination() {
    use crate::engine::MoveCause;
    let way = MoveWays::of_move;
    assert_eq!(way(MoveCause::Discard, Zone::Cemetery), MoveWays::DISCARDED);
    assert_eq!(
        way(MoveCause::Destroy { by_ability: false }, Zone::Cemetery),
        MoveWays::DESTROYED
    );
    assert_eq!(
        way(MoveCause::SpellResolved, Zone::Cemetery),
        MoveWays::PLAYED
    );
    assert_eq!(way(MoveCause::Cost, Zone::Banished), MoveWays::BANISHED);
    assert_eq!(way(MoveCause::Cost, Zone::Cemetery), MoveWays::BURIED);
    assert_eq!(way(MoveCause::Draw, Zone::Hand), MoveWays(0));
    assert!(MoveWays::ANY.admits(MoveWays(0)));
    assert!(!MoveWays::DISCARDED.admits(MoveWays::PLAYED));
}

#[test]
fn a_hook_may_watch_its_own_card_and_the_others() {
    // "Whenever this follower or another follower of yours goes from the
    // field to the cemetery": another of yours dies, then Fallen Watcher
    // itself, each once; an enemy follower's death is no one of yours.
    let mut s = board(
        Side::new().field(["Fallen Watcher", "V1"]),
        Side::new().engaged(["V5"]),
    );
    s.attack("V1", "V5");
    assert_eq!(leader(&s), 11, "another of yours died: {}", s.dump());
    let watcher = s.card(P1, Zone::Field, "Fallen Watcher");
    s.game.destroy(watcher, true);
    s.game
        .tasks
        .push(crate::engine::runtime::Task::CheckTiming(0));
    s.game.decision = None;
    s.settle();
    assert_eq!(leader(&s), 12, "this card died: {}", s.dump());
    let mut s = board(
        Side::new().field(["Fallen Watcher", "V5"]),
        Side::new().engaged(["V1"]),
    );
    s.attack("V5", "V1");
    assert_eq!(leader(&s), 10, "an enemy follower: {}", s.dump());
}

#[test]
fn a_hook_watching_its_own_card_too_is_not_once_per_batch_nor_only_its_own() {
    let both = MoveHook {
        with_this_card: true,
        ..MoveHook::default()
    };
    assert_eq!(both.problem(), None);
    for hook in [
        MoveHook {
            per_batch: true,
            ..both.clone()
        },
        MoveHook {
            this_card: true,
            ..both.clone()
        },
    ] {
        assert!(hook.problem().is_some(), "{hook:?}");
    }
}
