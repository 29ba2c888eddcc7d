//! The map screen: move, fight on the real match screen (the run's
//! defenses carried in), leave the fight half-played and go on with it
//! where it was left, let a bot play it to its end, take a reward, place
//! a torch after its preview, move on; then resume the saved run.

use super::*;

#[test]
fn a_run_moves_fights_takes_a_reward_and_lights_a_torch() {
    let dir = fresh_dir("adventure-run");
    let mut harness = client_saving_in(&dir);
    start_run(&mut harness);
    assert_eq!(run_phase(&harness), Phase::Travel);
    assert!(
        !has(&harness, "Place a torch…"),
        "the start room holds its own torch"
    );
    snapshot(&mut harness, "adventure_map_start");

    // Floor 1 is all fights: moving starts one.
    click_containing(&mut harness, "Move to floor 1");
    harness.run_steps(8);
    let spec: FightSpec = match run_phase(&harness) {
        Phase::Fight(spec) => spec,
        other => panic!("floor 1 is a fight, not {other:?}"),
    };
    assert!(has(&harness, "Start the fight"));
    click(&mut harness, "Start the fight");
    wait_for(&mut harness, "the fight's first snapshot", |h| {
        fight_view(h).is_ready()
    });
    play_to_first_main_action(&mut harness);
    let defenses = |h: &Harness<'_, App>| {
        let board = fight_view(h).board(PlayerId(0)).expect("your board");
        (board.mine.leader_defense, board.theirs.leader_defense)
    };
    assert_eq!(
        defenses(&harness),
        (spec.player_defense, spec.enemy_defense),
        "the run's defenses are carried into the match"
    );
    assert!(has_containing(&harness, "Adventure fight"));
    // No pointer over the board: a button's hover would show in the
    // picture as soon or as late as the frames come.
    harness.remove_cursor();
    harness.run_steps(2);
    snapshot(&mut harness, "adventure_fight");
    // Leaving the match keeps the fight to play with its answers so far,
    // in the save; gone on with, the match stands where it was left.
    let left_at = fight_reading(&harness);
    leave_fight(&mut harness);
    assert_eq!(run_phase(&harness), Phase::Fight(spec.clone()));
    let game = harness.state().adventure().game().expect("the run");
    let so_far = game.run.fight_progress().len();
    assert!(so_far > 0, "the answers so far are kept: {:?}", game.notes);
    let saved = std::fs::read(dir.join("adventure").join("run.svas")).expect("saved");
    let saved = sve_adventure::save::load(&saved).expect("loads");
    assert_eq!(saved.fight_progress().len(), so_far, "the save keeps them");
    assert!(has_containing(&harness, &format!("after {so_far} answers")));
    // The map offers it once the half-played fight is kept.
    wait_for(&mut harness, "the offer to go on with the fight", |h| {
        has(h, "Go on with the fight")
    });
    click(&mut harness, "Go on with the fight");
    wait_for(&mut harness, "the match back where it was left", |h| {
        fight_view(h).is_ready() && !has(h, "Going on with the fight") && is_asked(h)
    });
    assert_eq!(
        fight_reading(&harness),
        left_at,
        "the same match, the same decision"
    );
    wait_for(&mut harness, "the match's answers checked", |h| {
        h.state()
            .adventure()
            .fight()
            .is_some_and(|fight| fight.caught_up().is_some())
    });
    let fight = harness.state().adventure().fight().expect("the fight");
    assert_eq!(
        fight.caught_up(),
        Some(true),
        "the enemy answered as it did"
    );

    // Undo takes back your last setup answer, and the opening with it;
    // the match makes it again when it gets back there.
    let generation = fight_view(&harness).generation;
    click(&mut harness, "Undo");
    wait_for(&mut harness, "the undo", |h| {
        fight_view(h).generation != generation
    });
    play_to_first_main_action(&mut harness);
    assert_eq!(
        defenses(&harness),
        (spec.player_defense, spec.enemy_defense),
        "the opening is made again after an undo"
    );

    // Left again, the medium bot plays your side on the match screen from
    // the fight's start, and the match is played to its end (the same seed
    // and bots give the same match every time).
    leave_fight(&mut harness);
    click(&mut harness, "Let the medium bot play it");
    wait_for(&mut harness, "the fight's first snapshot", |h| {
        fight_view(h).is_ready()
    });
    wait_for(&mut harness, "the end of the fight", |h| {
        has(h, "Fight won") || has(h, "Fight lost")
    });
    let view = fight_view(&harness);
    let board = view.board(PlayerId(0)).expect("your board");
    let (left, turns) = (board.mine.leader_defense, board.turn);
    assert!(
        matches!(view.outcome, Some(sve_engine::engine::Outcome::Win(winner, _)) if winner == PlayerId(0)),
        "the medium bot beats floor 1's random bot: {:?}",
        view.outcome
    );
    assert!(has(&harness, "Fight won"));
    assert!(has_containing(
        &harness,
        &format!("Your leader's defense: {left} after {turns} turns.")
    ));
    click(&mut harness, "Back to the map");
    harness.run_steps(8);
    assert!(matches!(run_phase(&harness), Phase::Reward(_)));
    let game = harness.state().adventure().game().expect("the run");
    assert_eq!(
        game.run.fight_answers().len(),
        1,
        "the match's answers are kept: {:?}",
        game.notes
    );
    assert!(
        dir.join("adventure").join(LAST_FIGHT_FILE).is_file(),
        "the fight's replay"
    );
    let deck = game.run.deck().main.len();
    let record = game.run.fights().last().expect("the fight recorded");
    assert!(record.won && record.floor == 1, "{record:?}");
    let after_fight = game.run.balance().heal.after_fight;
    assert_eq!(
        game.run.defense(),
        (left + after_fight).clamp(1, game.run.max_defense()),
        "the match's defense carried out"
    );
    snapshot(&mut harness, "adventure_reward");

    click_containing(&mut harness, "Take ");
    while matches!(run_phase(&harness), Phase::Reward(_)) {
        click(&mut harness, "Skip the card");
    }
    let game = harness.state().adventure().game().expect("the run");
    assert_eq!(game.run.deck().main.len(), deck + 1, "the card joined");
    assert_eq!(run_phase(&harness), Phase::Travel);
    let torches = game.run.torches();

    // The torch: preview, then confirm.
    click(&mut harness, "Place a torch…");
    assert!(has_containing(&harness, "A torch here would light"));
    assert!(has(&harness, "Place the torch"));
    snapshot(&mut harness, "adventure_torch_preview");
    click(&mut harness, "Place the torch");
    let game = harness.state().adventure().game().expect("the run");
    assert_eq!(game.run.torches(), torches - 1);
    assert!(!has(&harness, "Place a torch…"), "one torch per room");

    // Up to floor 2: only the offered rooms are buttons.
    let moves = harness
        .query_all_by_label_contains("Move to floor ")
        .count();
    assert!(moves >= 1);
    assert!(
        harness
            .query_all_by_label_contains("Move to floor 3")
            .next()
            .is_none(),
        "no room two floors up is offered"
    );
    click_containing(&mut harness, "Move to floor 2");
    let game = harness.state().adventure().game().expect("the run");
    assert_eq!(game.run.floor(), 2);
    let saved_run = game.run.clone();
    // A fight, shop or other event may be open here; the map is saved
    // either way. Leave, and resume in a new client.
    drop(harness);
    let mut resumed = client_saving_in(&dir);
    resumed.run_steps(8);
    click(&mut resumed, "Adventure");
    click(&mut resumed, "Resume saved run");
    let game = resumed.state().adventure().game().expect("the resumed run");
    assert_eq!(game.run, saved_run, "the save holds the whole run");
}
