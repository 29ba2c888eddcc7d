//! The client driven through its real widgets, with a fixed seed: a match
//! against the random bot (mulligan, playing a card, an attack, refused
//! clicks, undo, the log, conceding, rematch), a bot-vs-bot match to its
//! natural end, and a snapshot of the board.

use crate::common::*;
use egui_kittest::kittest::Queryable as _;
use sve_engine::engine::PlayerId;

const SEED: u64 = 7;

#[test]
fn vs_bot_mulligan_play_attack_undo_and_concede() {
    let mut harness = client();
    start_match(&mut harness, "You vs bot", SEED);

    // Setup: the mulligan prompt is on the board.
    wait_for(&mut harness, "the mulligan", |h| {
        has(h, "Keep hand") || has(h, "Go first")
    });
    play_to_main_action(&mut harness);
    assert!(has_containing(&harness, "P1 keeps their opening hand"));

    // A refused click says why nothing happened.
    click(&mut harness, "P2 (random bot) leader");
    assert!(has_containing(
        &harness,
        "click one of your highlighted followers first"
    ));

    // So does a card the player cannot pay for.
    if has(&harness, "Treant (hand)") {
        click(&mut harness, "Treant (hand)");
        assert!(has_containing(
            &harness,
            "Treant costs 3 PP and you have 1 PP."
        ));
    }

    // Play a card until one is playable, ending turns as needed.
    let mut turns = 0;
    while !has_containing(&harness, "(hand, can act)") {
        click_answer(&mut harness, "End turn");
        play_to_main_action(&mut harness);
        turns += 1;
        assert!(turns < 6, "no playable card in six turns");
    }
    let hand_before = match_view(&harness)
        .board(PlayerId(0))
        .map(|b| b.mine.hand.len());
    click_answer_containing(&mut harness, "(hand, can act)");
    wait_for(&mut harness, "the play in the log", |h| {
        has_containing(h, "P1 plays")
    });
    play_to_main_action(&mut harness);

    // Undo takes the play back, and the log line with it.
    click_answer(&mut harness, "Undo");
    wait_for(&mut harness, "the undo", |h| !has_containing(h, "P1 plays"));
    play_to_main_action(&mut harness);
    let hand_after = match_view(&harness)
        .board(PlayerId(0))
        .map(|b| b.mine.hand.len());
    assert_eq!(hand_before, hand_after);

    // Play again, then end turns until a follower can attack; attack.
    click_answer_containing(&mut harness, "(hand, can act)");
    wait_for(&mut harness, "the play in the log", |h| {
        has_containing(h, "P1 plays")
    });
    play_to_main_action(&mut harness);
    let attacker = play_until_a_follower_can_attack(&mut harness);
    let attacker_name = attacker.split(" (").next().unwrap_or_default().to_owned();
    click(&mut harness, &attacker);
    wait_for(&mut harness, "attack targets", |h| {
        has_containing(h, "(target)")
    });
    click_answer_containing(&mut harness, "(target)");
    let attack_line = format!("{attacker_name} attacks ");
    wait_for(&mut harness, "the attack in the log", |h| {
        has_containing(h, &attack_line)
    });
    play_to_main_action(&mut harness);
    harness.remove_cursor();
    harness.run_ok();
    harness.snapshot("board_after_an_attack");

    // Evolve from the button under a follower, when one can.
    if has(&harness, "Evolve") {
        click(&mut harness, "Evolve");
        click_answer_containing(&mut harness, "Evolve (");
        wait_for(&mut harness, "the evolution in the log", |h| {
            has_containing(h, " evolves")
        });
        play_to_main_action(&mut harness);
    }

    // Concede: the game-over panel names the winner and the reason.
    click(&mut harness, "Concede");
    click_answer(&mut harness, "Yes, concede");
    wait_for(&mut harness, "the game-over panel", |h| has(h, "Rematch"));
    assert!(has(&harness, "You lose"));
    assert!(has(&harness, "P1 (you) conceded."));

    // Rematch: a new match with the next seed.
    click(&mut harness, "Rematch");
    wait_for(&mut harness, "the rematch", |h| {
        has_containing(h, &format!("seed {}", SEED + 1)) && match_view(h).is_ready()
    });
}

#[test]
fn bot_vs_bot_match_reaches_game_over_and_saves_a_replay() {
    let mut harness = client();
    start_match(&mut harness, "Bot vs bot (watch)", SEED);
    wait_for(&mut harness, "the end of the match", |h| has(h, "Rematch"));
    assert!(
        has_containing(&harness, " wins ("),
        "the log names the winner"
    );
    assert!(
        has_containing(&harness, "leader defense reached 0")
            || has_containing(&harness, "empty deck"),
        "the panel gives the reason"
    );

    let dir = std::env::temp_dir().join(format!("sve-ui-test-{}", std::process::id()));
    let path = dir.join("bots.sver");
    save_replay(&mut harness, &path);
    assert!(
        !notice_shown(&harness, "won't play back the same"),
        "no sandbox change, no warning"
    );
    let bytes = std::fs::read(&path).expect("the replay file was written");
    let replay = sve_engine::replay::Replay::decode(&bytes).expect("a valid replay");
    assert_eq!(replay.seed, SEED);
    let db = std::sync::Arc::new(sve_engine::cards::starter::starter_db().expect("card data"));
    let (_, log) = replay
        .play(db, std::sync::Arc::new(sve_engine::engine::NoAbilities))
        .expect("the replay plays");
    assert_eq!(
        sve_engine::replay::log_hash(&log),
        replay.log_hash,
        "the replay reproduces the match"
    );

    // Watch it from the start screen: it plays out to the same end.
    click(&mut harness, "New match");
    type_into(&mut harness, "Replay file", &path.display().to_string());
    click(&mut harness, "Watch replay");
    wait_for(&mut harness, "the end of the replay", |h| {
        has(h, "Rematch") && notice_shown(h, "End of the replay.")
    });
    assert!(has_containing(&harness, " wins ("));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn board_snapshot_at_the_first_main_action() {
    let mut harness = client();
    start_match(&mut harness, "You vs bot", SEED);
    play_to_main_action(&mut harness);
    harness.remove_cursor();
    harness.run_ok();
    harness.snapshot("board_first_main_action");
}

#[test]
fn hot_seat_hides_the_board_between_players() {
    let mut harness = client();
    start_match(&mut harness, "Hot-seat (two players)", SEED);
    // Each player's first decision comes behind a cover naming them.
    let mut revealed = Vec::new();
    while revealed.len() < 2 {
        wait_for(&mut harness, "a cover or a prompt", |h| {
            has_containing(h, "'s board") || has(h, "Keep hand") || has(h, "Go first")
        });
        if has_containing(&harness, "'s board") {
            let button = first_label_containing(&harness, "'s board");
            assert!(
                !has_containing(&harness, "(hand"),
                "no hand shows behind the cover"
            );
            click(&mut harness, &button);
            revealed.push(button);
        } else {
            answer_plainly(&mut harness);
        }
    }
    revealed.sort();
    assert_eq!(revealed, ["Show P1's board", "Show P2's board"]);
}

/// Whether the debug tab lists an event whose words contain `text`: its
/// rows start with the event's number, the game log's lines do not.
fn event_row(harness: &egui_kittest::Harness<'_, sve_ui::App>, text: &str) -> bool {
    harness.query_all_by_label_contains(text).any(|node| {
        let node = egui_kittest::kittest::NodeT::accesskit_node(&node);
        node.label()
            .or_else(|| node.value())
            .is_some_and(|label| label.trim_start().starts_with(|c: char| c.is_ascii_digit()))
    })
}

#[test]
fn debug_tab_shows_the_events_and_the_decision() {
    let mut harness = client();
    start_match(&mut harness, "You vs bot", SEED);
    play_to_main_action(&mut harness);
    click(&mut harness, "Debug");
    // Events in the game log's words, the raw form a toggle away.
    assert!(event_row(&harness, "draws"));
    assert!(!has_containing(&harness, "Moved {"), "raw form hidden");
    click(&mut harness, "Show raw");
    assert!(has_containing(&harness, "Moved {"), "raw form shown");
    assert!(event_row(&harness, "draws"), "words kept");
    click(&mut harness, "Show raw");
    assert!(!has_containing(&harness, "Moved {"));
    assert!(event_row(&harness, "goes first"));
    type_into(&mut harness, "Event filter", "opening hand");
    assert!(event_row(&harness, "keeps their opening hand"));
    assert!(!event_row(&harness, "goes first"), "filtered out");
    click(&mut harness, "Decision");
    assert!(has_containing(&harness, "MainAction"));
    assert!(notice_shown(&harness, "No automatic abilities pending."));
    assert!(has_containing(&harness, "End the main phase"));
    harness.remove_cursor();
    harness.run_ok();
    harness.snapshot("debug_decision");
}

#[test]
fn debug_tab_inspects_a_card_on_the_field() {
    let mut harness = client();
    start_match(&mut harness, "You vs bot", SEED);
    play_to_main_action(&mut harness);
    // Play cards, ending turns as needed, until a follower of P1's is on
    // the field.
    let on_field = |h: &egui_kittest::Harness<'_, sve_ui::App>| {
        match_view(h)
            .inspected
            .iter()
            .find(|c| {
                c.controller == PlayerId(0)
                    && c.zone == sve_engine::engine::Zone::Field
                    && c.printed.attack.is_some()
            })
            .cloned()
    };
    let mut turns = 0;
    while on_field(&harness).is_none() {
        if has_containing(&harness, "(hand, can act)") {
            click_answer_containing(&mut harness, "(hand, can act)");
        } else {
            click_answer(&mut harness, "End turn");
        }
        play_to_main_action(&mut harness);
        turns += 1;
        assert!(turns < 12, "no follower of P1 reached the field");
    }
    let card = on_field(&harness).expect("a field card");

    click(&mut harness, "Debug");
    click(&mut harness, "Card inspector");
    assert!(has_containing(&harness, "Pick a card on the left"));
    click(
        &mut harness,
        &format!("{} · P1 field {}", card.name, card.card),
    );
    assert!(has(
        &harness,
        &format!("{} ({}) {}", card.name, card.id, card.card)
    ));
    assert!(has(&harness, "Printed"));
    assert!(has(&harness, "Current"));
    let printed_vs_current = format!(
        "Printed {}/{} · current {}/{}",
        card.printed.attack.expect("a follower"),
        card.printed.defense.expect("a follower"),
        card.current.attack,
        card.current.defense
    );
    assert!(has(&harness, &printed_vs_current), "{printed_vs_current}");
    assert!(has(
        &harness,
        &format!("attack now {}", card.current.attack)
    ));
    assert!(has_containing(&harness, "Modifiers"));
    assert!(has_containing(&harness, "Damage: "));
    assert!(has_containing(&harness, "starter card data"));
    harness.remove_cursor();
    harness.run_ok();
    harness.snapshot("debug_card_inspector");
}

#[test]
fn start_screen_snapshot_and_a_bad_seed() {
    let mut harness = client();
    harness.run();
    harness.snapshot("start_screen");
    type_into(&mut harness, "Seed", "seven");
    click(&mut harness, "Start match");
    assert!(has_containing(&harness, "The seed must be a whole number"));
}

#[test]
fn sandbox_tools_put_a_card_draw_and_save_the_board() {
    let mut harness = client();
    start_match(&mut harness, "You vs bot", SEED);
    play_to_main_action(&mut harness);
    let hand_before = match_view(&harness)
        .board(PlayerId(0))
        .expect("a board")
        .mine
        .hand
        .len();
    click(&mut harness, "Debug");
    click(&mut harness, "Sandbox");
    type_into(&mut harness, "Card id or name:", "SD01-003");
    click(&mut harness, "Put card");
    wait_for(&mut harness, "the sandbox card in hand", |h| {
        match_view(h)
            .board(PlayerId(0))
            .is_some_and(|b| b.mine.hand.len() == hand_before + 1)
    });
    click(&mut harness, "Save board as scenario");
    wait_for(&mut harness, "the scenario notice", |h| {
        has_containing(h, "Board saved as scenario")
    });
    let turn = match_view(&harness)
        .board(PlayerId(0))
        .expect("a board")
        .turn;
    // The worker writes in the save folder the tests give the client.
    let path = test_save_dir()
        .join("scenarios")
        .join(format!("seed{SEED}-turn{turn}.scenario"));
    let text = std::fs::read_to_string(&path).expect("scenario written");
    assert!(text.contains("SD01-003"), "{text}");
    // Draw a card for P1.
    click(&mut harness, "Draw cards");
    wait_for(&mut harness, "the drawn card", |h| {
        match_view(h)
            .board(PlayerId(0))
            .is_some_and(|b| b.mine.hand.len() == hand_before + 2)
    });
}

#[test]
fn a_replay_saved_after_sandbox_changes_plays_back_true() {
    let mut harness = client();
    start_match(&mut harness, "You vs bot", SEED);
    play_to_main_action(&mut harness);
    let changed = |h: &egui_kittest::Harness<'_, sve_ui::App>, generation| {
        match_view(h).generation != generation
    };
    // Two changes at the first decision: more play points and a draw.
    click(&mut harness, "Debug");
    click(&mut harness, "Sandbox");
    let generation = match_view(&harness).generation;
    click(&mut harness, "Set play points");
    wait_for(&mut harness, "the play points", |h| changed(h, generation));
    let generation = match_view(&harness).generation;
    click(&mut harness, "Draw cards");
    wait_for(&mut harness, "the draw", |h| changed(h, generation));
    // A turn each, then a card put into the hand.
    click(&mut harness, "Board");
    click_answer(&mut harness, "End turn");
    play_to_main_action(&mut harness);
    click(&mut harness, "Debug");
    type_into(&mut harness, "Card id or name:", "SD01-003");
    let generation = match_view(&harness).generation;
    click(&mut harness, "Put card");
    wait_for(&mut harness, "the card put", |h| changed(h, generation));
    click(&mut harness, "Board");
    click(&mut harness, "Concede");
    click_answer(&mut harness, "Yes, concede");
    wait_for(&mut harness, "the game-over panel", |h| has(h, "Rematch"));
    let dir = std::env::temp_dir().join(format!("sve-ui-test-{}", std::process::id()));
    let path = dir.join("sandboxed.sver");
    save_replay(&mut harness, &path);
    assert!(notice_shown(
        &harness,
        "with its 3 sandbox changes, which it plays back."
    ));

    let bytes = std::fs::read(&path).expect("the replay file was written");
    let replay = sve_engine::replay::Replay::decode(&bytes).expect("a valid replay");
    assert_eq!(replay.sandbox.len(), 3, "{:?}", replay.sandbox);
    assert!(replay.sandbox[2].after_answers > replay.sandbox[0].after_answers);
    let db = std::sync::Arc::new(sve_engine::cards::starter::starter_db().expect("card data"));
    let (_, log) = replay
        .play(db, std::sync::Arc::new(sve_engine::engine::NoAbilities))
        .expect("the replay plays");
    assert_eq!(
        sve_engine::replay::log_hash(&log),
        replay.log_hash,
        "the replay reproduces the match, sandbox changes included"
    );

    // The replay viewer plays it to its end, the changes where they were.
    click(&mut harness, "New match");
    type_into(&mut harness, "Replay file", &path.display().to_string());
    click(&mut harness, "Watch replay");
    wait_for(&mut harness, "the end of the replay", |h| {
        has(h, "Rematch") && notice_shown(h, "End of the replay.")
    });
    let position = match_view(&harness)
        .replay
        .clone()
        .expect("a replay position");
    assert_eq!(
        position.length,
        replay.answers.len(),
        "it plays all through"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Whether a text (a label's value, as notices are) is on screen.
fn notice_shown(harness: &egui_kittest::Harness<'_, sve_ui::App>, text: &str) -> bool {
    use egui_kittest::kittest::NodeT as _;
    harness.query_all_by_label_contains("").any(|node| {
        node.accesskit_node()
            .value()
            .is_some_and(|v| v.contains(text))
    })
}

#[test]
fn dragging_a_follower_onto_the_enemy_leader_attacks() {
    let mut harness = client();
    start_match(&mut harness, "You vs bot", SEED);
    play_to_main_action(&mut harness);
    let attacker = play_until_a_follower_can_attack(&mut harness);
    let attacker_name = attacker.split(" (").next().unwrap_or_default().to_owned();
    let from = harness.get_by_label(&attacker).rect().center();
    let leader = first_label_containing(&harness, "P2 (random bot) leader");
    let to = harness.get_by_label(&leader).rect().center();
    harness.hover_at(from);
    harness.step();
    harness.drag_at(from);
    harness.step();
    harness.hover_at(from + (to - from) * 0.5);
    harness.step();
    harness.hover_at(to);
    harness.step();
    harness.drop_at(to);
    harness.step();
    let attack_line = format!("{attacker_name} attacks P2's leader");
    wait_for(&mut harness, "the dragged attack in the log", |h| {
        has_containing(h, &attack_line)
    });
}
