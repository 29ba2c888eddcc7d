//! `[costX]` costs (later-sets §1.3): the payer chooses X as the cost is
//! paid and the ability reads it; a Union Burst ability executed without
//! paying its cost has X = 0 (CR 14.5.1.5). Named `l1_ub4_...` after the
//! reference's test UB-4.

use super::{P1, P2, copy};
use crate::board::fixtures::{ability, test_runner};
use crate::board::{Board, Side};
use crate::cards::{AbilityKind, ActivationZone, CardDb, CardFilter, CostItem};
use crate::engine::flow::universes::union_burst_universe;
use crate::engine::ids::AbilityIdx;
use crate::engine::{AbilityRunner, Action, Choice, Prompt, Zone};
use std::sync::Arc;

/// "Summoner" (`[ub]` `[act]` `[costX]`: put a follower costing X or less
/// from your cemetery onto your field) and "Executor" (a spell: a
/// Summoner on your field executes its `[ub]` ability without paying its
/// cost). P1's deck is built on Princess Connect! Re:Dive.
fn board(p1: Side) -> Board {
    let mut cards = crate::board::fixtures::test_cards();
    let mut summoner = copy("V2", "TEST-X-SUMMONER", "Summoner");
    let mut call = ability(
        "Call Back",
        AbilityKind::Activated {
            quick: false,
            zone: ActivationZone::Field,
        },
    );
    call.union_burst = true;
    call.costs = vec![CostItem::PlayPointsX];
    summoner.abilities = vec![call];
    cards.push(summoner);
    let mut executor = copy("Quick Bolt", "TEST-X-EXECUTOR", "Executor");
    executor.abilities = vec![ability("Spell", AbilityKind::Spell)];
    cards.push(executor);
    let mut zero = copy("V1", "TEST-X-ZERO", "Zero");
    zero.cost = Some(0);
    cards.push(zero);
    let runner: Arc<dyn AbilityRunner> = Arc::new(
        test_runner()
            .ability("TEST-X-SUMMONER", 0, |cx| {
                let x = cx.info().x;
                let me = cx.controller();
                let cheap = CardFilter {
                    cost: Some((0, x)),
                    ..CardFilter::followers()
                };
                let found = cx.query().cards(me, Zone::Cemetery, &cheap);
                if let Some(card) = found.first().copied() {
                    cx.put_onto_field(card);
                }
                Ok(())
            })
            .ability("TEST-X-EXECUTOR", 0, |cx| {
                let me = cx.controller();
                let summoners = cx.query().cards(me, Zone::Field, &CardFilter::default());
                for card in summoners {
                    cx.execute_union_burst(card, AbilityIdx(0));
                }
                Ok(())
            }),
    );
    let universe = union_burst_universe().expect("the vocabulary has Princess Connect");
    Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .runner(runner)
        .side(P1, p1.universe(universe))
        .side(P2, Side::new())
        .build()
}

fn activate_summoner(s: &mut Board) {
    let card = s.card(P1, Zone::Field, "Summoner");
    s.act(Action::Activate {
        card,
        ability: AbilityIdx(0),
    });
}

#[test]
fn l1_3_the_payer_chooses_x_and_the_ability_reads_it() {
    let mut s = board(Side::new().field(["Summoner"]).cemetery(["V1"]).pp(3));
    activate_summoner(&mut s);
    let decision = s.game.decision().cloned().expect("X is asked");
    assert_eq!(
        decision.prompt,
        Prompt::ChooseX {
            card: s.card(P1, Zone::Field, "Summoner")
        }
    );
    assert_eq!(
        decision.options[..4],
        [
            Choice::Label("X = 0".to_owned()),
            Choice::Label("X = 1".to_owned()),
            Choice::Label("X = 2".to_owned()),
            Choice::Label("X = 3".to_owned()),
        ]
    );
    assert_eq!(
        decision.options.last(),
        Some(&Choice::Cancel),
        "PP only so far"
    );
    s.answer(P1, &[1]);
    s.settle();
    assert_eq!(s.game.state().player(P1).pp, 2, "X = 1 paid");
    assert!(s.find(P1, Zone::Field, "V1").is_some(), "{}", s.dump());
}

#[test]
fn l1_3_x_chosen_as_0_summons_nothing_costing_1() {
    let mut s = board(Side::new().field(["Summoner"]).cemetery(["V1"]).pp(3));
    activate_summoner(&mut s);
    s.answer(P1, &[0]);
    s.settle();
    assert_eq!(s.game.state().player(P1).pp, 3);
    assert!(s.find(P1, Zone::Cemetery, "V1").is_some());
}

#[test]
fn l1_3_with_no_play_points_x_is_0_without_asking() {
    let mut s = board(Side::new().field(["Summoner"]).cemetery(["Zero"]).pp(0));
    activate_summoner(&mut s);
    s.settle();
    assert!(
        s.find(P1, Zone::Field, "Zero").is_some(),
        "X = 0: a 0-cost one"
    );
}

#[test]
fn l1_ub4_executed_without_paying_its_cost_x_is_0() {
    let mut s = board(
        Side::new()
            .field(["Summoner"])
            .cemetery(["V1"])
            .hand(["Executor"])
            .pp(5),
    );
    s.play("Executor");
    s.settle();
    let state = s.game.state();
    assert!(s.find(P1, Zone::Cemetery, "V1").is_some(), "{}", s.dump());
    let executor_cost = s
        .game
        .db()
        .get(state.card(s.card(P1, Zone::Cemetery, "Executor")).def)
        .cost;
    assert_eq!(
        state.player(P1).pp,
        5 - i32::from(executor_cost.unwrap_or(0)),
        "only the Executor's cost was paid"
    );
    assert_eq!(
        state.player(P1).this_turn.union_bursts.len(),
        1,
        "it was executed"
    );
}

#[test]
fn l1_3_choosing_x_can_be_taken_back() {
    let mut s = board(Side::new().field(["Summoner"]).cemetery(["V1"]).pp(3));
    activate_summoner(&mut s);
    let cancel = s.options().len() - 1;
    s.answer(P1, &[cancel]);
    let state = s.game.state();
    assert_eq!(state.player(P1).pp, 3);
    assert_eq!(
        s.game.decision().map(|d| d.prompt.clone()),
        Some(Prompt::MainAction),
        "back to the main phase"
    );
}
