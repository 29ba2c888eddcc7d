//! Fights played by hand on the match screen: to their end, back to the
//! run with their answers; and left half-played, then gone on with at the
//! same decision.

use super::*;

/// Floor 1's enemy: a random bot whose leader has 1 defense, so that your
/// first attack on it wins.
const FRAIL_ENEMY: &str = "[[encounters.tiers]]\nfrom_floor = 1\nbot = \"random\"\n\
    defense = 1\ndecks = [\"SD02\"]\n";

#[test]
fn a_fight_played_by_hand_and_left_half_played_goes_on_then_back_to_the_run_with_its_answers() {
    let (dir, mut harness) = run_with_balance("adventure-by-hand", "frail.toml", FRAIL_ENEMY);
    click_containing(&mut harness, "Move to floor 1");
    let Phase::Fight(spec) = run_phase(&harness) else {
        panic!("floor 1 is a fight");
    };
    assert_eq!(spec.enemy_defense, 1, "{spec:?}");
    click(&mut harness, "Start the fight");
    wait_for(&mut harness, "the fight's first snapshot", |h| {
        fight_view(h).is_ready()
    });
    // You answer every decision of yours: play cards, attack the enemy's
    // leader when a follower can, end turns.
    let enemy_leader = format!("{} (target)", enemy_leader_label(&harness));
    let mut attacked = false;
    let mut left_once = false;
    for _ in 0..400 {
        wait_for(&mut harness, "a decision of yours or the end", |h| {
            has(h, "Fight won")
                || has(h, "Fight lost")
                || (fight_view(h).decision.is_some() && !fight_view(h).bot_thinking)
        });
        if has(&harness, "Fight won") || has(&harness, "Fight lost") {
            break;
        }
        if !left_once && has(&harness, "End turn") {
            // Left half-played at your first main action, then gone on
            // with: the same match at the same decision.
            left_once = true;
            let left_at = fight_reading(&harness);
            leave_fight(&mut harness);
            // The map offers it once the half-played fight is kept.
            wait_for(&mut harness, "the offer to go on with the fight", |h| {
                has(h, "Go on with the fight")
            });
            click(&mut harness, "Go on with the fight");
            wait_for(&mut harness, "the match back where it was left", |h| {
                h.state()
                    .adventure()
                    .fight()
                    .is_some_and(|fight| fight.caught_up().is_some())
                    && is_asked(h)
            });
            assert_eq!(fight_reading(&harness), left_at, "the same decision");
            let fight = harness.state().adventure().fight().expect("the fight");
            assert_eq!(fight.caught_up(), Some(true));
            continue;
        }
        let generation = fight_view(&harness).generation;
        if has(&harness, &enemy_leader) {
            attacked = true;
            click(&mut harness, &enemy_leader);
        } else if has_containing(&harness, "(field, can act)") {
            click_containing(&mut harness, "(field, can act)");
            wait_for(&mut harness, "attack targets", |h| {
                has_containing(h, "(target)") || fight_view(h).generation != generation
            });
            if !has(&harness, &enemy_leader) && has_containing(&harness, "(target)") {
                // A Ward follower stands in the way: attack it.
                click_containing(&mut harness, "(target)");
            }
            continue;
        } else if has_containing(&harness, "(hand, can act)") {
            click_containing(&mut harness, "(hand, can act)");
        } else if let Some(label) = [
            "Go first",
            "Keep hand",
            "Keep it reserved",
            "Pass",
            "End turn",
        ]
        .into_iter()
        .find(|label| has(&harness, label))
        {
            click(&mut harness, label);
        } else if has(&harness, "Confirm") {
            while harness
                .query_all_by_label("Confirm")
                .next()
                .is_some_and(|node| {
                    use egui_kittest::kittest::NodeT as _;
                    node.accesskit_node().is_disabled()
                })
            {
                click_containing(&mut harness, "pickable");
            }
            click(&mut harness, "Confirm");
        } else {
            panic!("a prompt this test can't answer");
        }
        wait_for(&mut harness, "the answer taken", |h| {
            fight_view(h).generation != generation || has(h, "Fight won")
        });
    }
    assert!(attacked, "you attacked the enemy's leader");
    assert!(
        left_once,
        "you left the fight half-played and went on with it"
    );
    assert!(has(&harness, "Fight won"), "your attack on 1 defense won");
    let view = fight_view(&harness);
    let board = view.board(PlayerId(0)).expect("your board");
    let (left, turns) = (board.mine.leader_defense, board.turn);
    click(&mut harness, "Back to the map");
    harness.run_steps(8);
    assert!(harness.state().adventure().fight().is_none(), "on the map");
    let game = harness.state().adventure().game().expect("the run");
    let record = game.run.fights().last().expect("the fight recorded");
    assert!(record.won && record.floor == 1, "{record:?}");
    let answers = &game.run.fight_answers()[0].answers;
    assert!(
        answers.iter().filter(|a| a.seat == 0).count() > 3,
        "your answers are kept: {answers:?}"
    );
    assert_eq!(
        game.run.defense(),
        (left + game.run.balance().heal.after_fight).clamp(1, game.run.max_defense())
    );
    assert!(turns >= 2, "a follower attacks from your second turn");

    // The reward, then the run file plays the fight again to its result.
    assert!(matches!(run_phase(&harness), Phase::Reward(_)));
    click_containing(&mut harness, "Take ");
    while matches!(run_phase(&harness), Phase::Reward(_)) {
        click(&mut harness, "Skip the card");
    }
    // A torch here, then up: the run file holds it all, the fight's
    // answers from before and after it was left among them.
    click(&mut harness, "Place a torch…");
    click(&mut harness, "Place the torch");
    click_containing(&mut harness, "Move to floor 2");
    let game = harness.state().adventure().game().expect("the run");
    assert_eq!((game.run.floor(), game.run.torches_used()), (2, 1));
    let found = verify_run_file(&harness, &dir);
    assert_eq!((found.replayed, found.unrecorded), (1, 0));
}
