//! An executed `[ub]` ability resolves inside the ability that executes it
//! (later-sets §1.3, CR 14.5.1.4): the rest of the outer ability comes
//! after it and sees what it did; its questions join the outer run's.

use super::{P1, P2, copy};
use crate::board::fixtures::{ability, test_runner};
use crate::board::{Board, Side};
use crate::cards::{AbilityKind, ActivationZone, CardDb, CardFilter};
use crate::engine::flow::universes::union_burst_universe;
use crate::engine::ids::AbilityIdx;
use crate::engine::{AbilityRunner, Choice, Event, PendingWhat, Zone};
use std::sync::Arc;

/// "Caller" (`[ub]` `[act]`: you may draw a card) on P1's field; "Herald"
/// (a spell: a Caller on your field executes its `[ub]` ability without
/// paying its cost, then deal damage to the enemy leader equal to the
/// cards in your hand). P1's deck is built on Princess Connect! Re:Dive.
fn board() -> Board {
    let mut cards = crate::board::fixtures::test_cards();
    let mut caller = copy("V2", "TEST-UB-CALLER", "Caller");
    let mut call = ability(
        "Call",
        AbilityKind::Activated {
            quick: false,
            zone: ActivationZone::Field,
        },
    );
    call.union_burst = true;
    caller.abilities = vec![call];
    cards.push(caller);
    let mut relay = copy("V1", "TEST-UB-RELAY", "Relay");
    let mut pass_on = ability(
        "Pass On",
        AbilityKind::Activated {
            quick: false,
            zone: ActivationZone::Field,
        },
    );
    pass_on.union_burst = true;
    relay.abilities = vec![pass_on];
    cards.push(relay);
    for (id, name) in [("TEST-UB-HERALD", "Herald"), ("TEST-UB-RELAYER", "Relayer")] {
        let mut spell = copy("Quick Bolt", id, name);
        spell.abilities = vec![ability("Spell", AbilityKind::Spell)];
        cards.push(spell);
    }
    let runner: Arc<dyn AbilityRunner> = Arc::new(
        test_runner()
            .ability("TEST-UB-CALLER", 0, |cx| {
                let me = cx.controller();
                if cx.yes_no("Draw a card?")? {
                    cx.draw(me, 1);
                }
                Ok(())
            })
            // Relay: a Caller on your field executes its [ub] ability.
            .ability("TEST-UB-RELAY", 0, |cx| {
                execute_each(cx, "Caller");
                Ok(())
            })
            // Relayer: a Relay executes its [ub] ability, then damage to
            // the enemy leader equal to the cards in your hand.
            .ability("TEST-UB-RELAYER", 0, |cx| {
                execute_each(cx, "Relay");
                let me = cx.controller();
                let hand = cx.query().cards(me, Zone::Hand, &CardFilter::default());
                let amount = i32::try_from(hand.len()).unwrap_or(0);
                cx.damage_leader(me.opponent(), amount);
                Ok(())
            })
            .ability("TEST-UB-HERALD", 0, |cx| {
                execute_each(cx, "Caller");
                let me = cx.controller();
                let hand = cx.query().cards(me, Zone::Hand, &CardFilter::default());
                let amount = i32::try_from(hand.len()).unwrap_or(0);
                cx.damage_leader(me.opponent(), amount);
                Ok(())
            }),
    );
    let universe = union_burst_universe().expect("the vocabulary has Princess Connect");
    Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .runner(runner)
        .side(
            P1,
            Side::new()
                .field(["Caller", "Relay"])
                .hand(["Herald", "Relayer"])
                .deck(["V1", "V1"])
                .pp(5)
                .universe(universe),
        )
        .side(P2, Side::new())
        .build()
}

/// Has each follower named `name` on the controller's field execute its
/// first `[ub]` ability.
fn execute_each(cx: &mut crate::engine::AbilityCtx<'_>, name: &str) {
    let me = cx.controller();
    let followers = cx.query().cards(me, Zone::Field, &CardFilter::followers());
    for card in followers {
        let named = cx.query().db().get(cx.query().state().card(card).def).name == name;
        if named {
            cx.execute_union_burst(card, AbilityIdx(0));
        }
    }
}

#[test]
fn l1_3_an_executed_ability_resolves_inside_the_one_that_executes_it() {
    let mut s = board();
    s.events();
    s.play("Herald");
    // Caller's question comes in the middle of Herald's resolution.
    let decision = s.game.decision().cloned().expect("Caller asks");
    assert_eq!(decision.player, P1);
    s.choose(|c| *c == Choice::Yes);
    s.settle();
    let state = s.game.state();
    assert_eq!(state.player(P1).hand.len(), 2, "{}", s.dump());
    assert_eq!(
        state.player(P2).leader_defense,
        18,
        "Herald's damage counts Relayer and the card Caller drew first"
    );
    assert_eq!(state.player(P1).this_turn.union_bursts.len(), 1);
    // Caller's ability resolved before Herald's.
    let resolved: Vec<&str> = s
        .raw_events()
        .iter()
        .filter_map(|e| match e {
            Event::AbilityResolved {
                def,
                ability: PendingWhat::Ability(_),
                ..
            } => Some(s.game.db().get(*def).name.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(resolved, ["Caller", "Herald"]);
}

#[test]
fn l1_3_declined_inside_the_outer_ability_nothing_of_it_is_kept_twice() {
    let mut s = board();
    s.play("Herald");
    assert!(s.game.decision().is_some(), "Caller asks");
    s.choose(|c| *c == Choice::No);
    s.settle();
    let state = s.game.state();
    assert_eq!(state.player(P1).hand.len(), 1);
    assert_eq!(state.player(P2).leader_defense, 19, "Relayer alone");
    assert_eq!(
        state.player(P1).this_turn.union_bursts.len(),
        1,
        "executed once, though its run was made twice"
    );
}

#[test]
fn l1_3_an_execution_inside_an_executed_ability_resolves_after_the_running_one() {
    // Relayer executes Relay's [ub] ability inside it; Relay's executing
    // Caller's is one level more, so Caller's resolves after Relayer's:
    // Relayer's damage counts Herald alone, not Caller's draw.
    let mut s = board();
    s.play("Relayer");
    assert!(s.game.decision().is_some(), "Caller asks, last");
    s.choose(|c| *c == Choice::Yes);
    s.settle();
    let state = s.game.state();
    assert_eq!(state.player(P2).leader_defense, 19, "{}", s.dump());
    assert_eq!(state.player(P1).hand.len(), 2, "Herald, and Caller's draw");
    assert_eq!(
        state.player(P1).this_turn.union_bursts.len(),
        2,
        "Relay's and Caller's"
    );
}
