//! The Adventure screen (issue 34): a run started from the start screen,
//! driven on its map: move, fight on the real match screen (the run's
//! defenses carried in), finish the fight, take a reward, place a torch
//! after its preview, move on; then resume the saved run. The snapshots
//! are the pictures in `docs/screenshots/adventure-*.png`.

use crate::common::{click, click_containing, has, has_containing, type_into, wait_for};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use std::path::{Path, PathBuf};
use std::time::Duration;
use sve_adventure::fight::{FightResult, FightSpec};
use sve_adventure::run::Phase;
use sve_engine::engine::PlayerId;
use sve_packs::catalog::Catalog;
use sve_ui::app::Screen;
use sve_ui::match_view::MatchView;
use sve_ui::play::anim::AnimSpeed;
use sve_ui::session::PaceClock;
use sve_ui::{App, AppOptions};

/// The client with its own save folder, so the run's save is this test's.
fn client_saving_in(dir: &Path) -> Harness<'static, App> {
    let app = App::new(
        Catalog::vanilla().expect("bundled card data loads"),
        AppOptions {
            bot_delay: Duration::ZERO,
            anim_speed: AnimSpeed::Off,
            pace_clock: PaceClock::ScreenOnly,
            save_dir: dir.to_path_buf(),
        },
    );
    Harness::builder()
        .with_size([1440.0, 900.0])
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app)
}

fn fresh_dir(name: &str) -> PathBuf {
    let dir = crate::common::test_save_dir().join(name);
    std::fs::remove_dir_all(&dir).ok();
    dir
}

fn run_phase(harness: &Harness<'_, App>) -> Phase {
    harness
        .state()
        .adventure()
        .game()
        .expect("a run on screen")
        .run
        .phase()
        .clone()
}

fn fight_view<'h>(harness: &'h Harness<'_, App>) -> &'h MatchView {
    harness
        .state()
        .adventure()
        .fight()
        .expect("a fight on screen")
        .match_screen()
        .view()
}

/// Starts a run with seed 7 and SD01 from the start screen.
fn start_run(harness: &mut Harness<'_, App>) {
    harness.run_steps(8);
    click(harness, "Adventure");
    assert!(matches!(harness.state().screen(), Screen::Adventure));
    type_into(harness, "Run seed", "7");
    click(harness, "Start run");
    harness.run_steps(8);
}

/// Answers the fight's setup questions with the plain choice until your
/// first main action.
fn play_to_first_main_action(harness: &mut Harness<'_, App>) {
    loop {
        wait_for(harness, "a decision of yours", |h| {
            fight_view(h).decision.is_some() && !fight_view(h).bot_thinking
        });
        if has(harness, "End turn") {
            return;
        }
        let label = ["Go first", "Keep hand", "Keep it reserved", "Pass"]
            .into_iter()
            .find(|label| has(harness, label))
            .unwrap_or_else(|| panic!("an unexpected prompt before the first main action"));
        let generation = fight_view(harness).generation;
        click(harness, label);
        wait_for(harness, "the answer taken", |h| {
            fight_view(h).generation != generation
        });
    }
}

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
    harness.snapshot("adventure_map_start");

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
    harness.snapshot("adventure_fight");
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

    // A whole match is long: the test settles it as won.
    harness
        .state_mut()
        .adventure_mut()
        .settle_fight(FightResult {
            won: true,
            defense_left: 13,
            turns: 6,
        });
    harness.run_steps(8);
    assert!(has(&harness, "Fight won"));
    click(&mut harness, "Back to the map");
    harness.run_steps(8);
    assert!(matches!(run_phase(&harness), Phase::Reward(_)));
    let game = harness.state().adventure().game().expect("the run");
    let deck = game.run.deck().main.len();
    assert!(game.run.defense() >= 13, "the fight's defense carried out");
    harness.snapshot("adventure_reward");

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
    harness.snapshot("adventure_torch_preview");
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

/// Clicks the first enabled button whose label contains `text`.
fn click_enabled_containing(harness: &mut Harness<'_, App>, text: &str) {
    use egui_kittest::kittest::NodeT as _;
    harness
        .query_all_by_label_contains(text)
        .find(|node| !node.accesskit_node().is_disabled())
        .unwrap_or_else(|| panic!("no enabled widget with {text:?} in its label"))
        .click();
    harness.run_steps(8);
}

#[test]
fn a_whole_run_goes_through_its_dialogs_to_the_summary() {
    let dir = fresh_dir("adventure-whole-run");
    let mut harness = client_saving_in(&dir);
    start_run(&mut harness);
    let mut seen = std::collections::BTreeSet::new();
    let mut seen_shop = false;
    for _ in 0..200 {
        let phase = run_phase(&harness);
        let name = format!("{phase:?}");
        seen.insert(name.split(['(', ' ']).next().unwrap_or("").to_owned());
        match phase {
            Phase::Travel => {
                if has(&harness, "Place a torch…") {
                    click(&mut harness, "Place a torch…");
                    click(&mut harness, "Place the torch");
                }
                // A torch may wake a twinkle: its dialog comes first.
                if run_phase(&harness) == Phase::Travel {
                    click_containing(&mut harness, "Move to floor");
                }
            }
            Phase::Fight(spec) => {
                click(&mut harness, "Start the fight");
                assert!(harness.state().adventure().fight().is_some());
                harness
                    .state_mut()
                    .adventure_mut()
                    .settle_fight(FightResult {
                        won: true,
                        defense_left: spec.player_defense,
                        turns: 8,
                    });
                harness.run_steps(8);
                click(&mut harness, "Back to the map");
            }
            Phase::Reward(_) => click(&mut harness, "Skip the card"),
            Phase::Shop(_) => {
                if !seen_shop {
                    seen_shop = true;
                    harness.snapshot("adventure_shop");
                }
                if has_containing(&harness, "Buy a torch") {
                    click_enabled_containing(&mut harness, "Buy a torch");
                }
                click(&mut harness, "Leave the shop");
            }
            Phase::Scenario(_) | Phase::RemoveCard { .. } => {
                // The first option the run offers.
                let node = harness
                    .query_all(egui_kittest::kittest::by().role(egui::accesskit::Role::Button))
                    .find(|node| {
                        use egui_kittest::kittest::NodeT as _;
                        let node = node.accesskit_node();
                        !node.is_disabled()
                            && node.label().is_some_and(|l| {
                                !["Save and leave", "Map key"].contains(&l.as_str())
                                    && !l.starts_with("Move to")
                                    && !l.starts_with("Deck:")
                            })
                    })
                    .expect("an option");
                node.click();
                harness.run_steps(8);
            }
            Phase::Unique(_) => click(&mut harness, "Accept"),
            Phase::Over { won } => {
                assert!(won, "every fight was settled as won");
                assert!(has(&harness, "Run won"));
                assert!(has(&harness, "New run"));
                let game = harness.state().adventure().game().expect("the run");
                assert_eq!(game.run.floor(), game.run.map().floors());
                assert!(
                    seen.contains("Shop") || seen.contains("Scenario"),
                    "{seen:?}"
                );
                return;
            }
        }
    }
    panic!("the run did not end: {seen:?}");
}
