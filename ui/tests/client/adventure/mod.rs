//! The Adventure screen (issue 34), a file per face of it: the setup page
//! ([`setup`]), the map screen driven through a run's first rooms
//! ([`map`]), the dialogs of whole runs and of runs made by rule to each
//! phase ([`dialogs`]), fights played by hand, to their end or left
//! half-played and gone on with ([`fights`]), and a pack's content in the
//! client ([`packs`]). Every run's file plays its fights again. This file
//! holds what they share: a client with its own save folder, runs started
//! from a balance file, snapshots and readings of the run and the fight.
//! The snapshots are the pictures in `docs/screenshots/adventure-*.png`.

mod dialogs;
mod fights;
mod map;
mod packs;
mod setup;

use crate::common::{click, click_containing, has, has_containing, type_into, wait_for};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use std::path::{Path, PathBuf};
use std::time::Duration;
use sve_adventure::fight::{FightResult, FightSpec};
use sve_adventure::run::Phase;
use sve_engine::engine::PlayerId;
use sve_packs::catalog::Catalog;
use sve_ui::adventure::fight::LAST_FIGHT_FILE;
use sve_ui::app::Screen;
use sve_ui::match_view::MatchView;
use sve_ui::play::anim::AnimSpeed;
use sve_ui::session::PaceClock;
use sve_ui::{App, AppOptions};

/// The client with its own save folder, so the run's save is this test's.
fn client_saving_in(dir: &Path) -> Harness<'static, App> {
    client_of_saving_in(Catalog::vanilla().expect("bundled card data loads"), dir)
}

/// [`client_saving_in`] with the cards of `catalog`.
fn client_of_saving_in(catalog: Catalog, dir: &Path) -> Harness<'static, App> {
    let app = App::new(
        catalog,
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

/// Takes the snapshot `name`, a picture in `docs/screenshots`. A handful
/// of pixels may differ: the CI machine's software renderer drew 2 of the
/// summary's 1,296,000 pixels otherwise than this machine's (stop 43).
fn snapshot(harness: &mut Harness<'_, App>, name: &str) {
    harness.snapshot_options(
        name,
        &egui_kittest::SnapshotOptions::new().max_failed_pixels(8),
    );
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

/// A client saving in the fresh folder `name`, on the Adventure screen
/// with a run of seed 7 started from the balance file `file` (in that
/// folder) holding `text`.
fn run_with_balance(name: &str, file: &str, text: &str) -> (PathBuf, Harness<'static, App>) {
    let dir = fresh_dir(name);
    std::fs::create_dir_all(&dir).expect("a folder");
    let balance = dir.join(file);
    std::fs::write(&balance, text).expect("written");
    let mut harness = client_saving_in(&dir);
    harness.run_steps(8);
    click(&mut harness, "Adventure");
    type_into(&mut harness, "Run seed", "7");
    type_into(&mut harness, "Balance file", &balance.display().to_string());
    click(&mut harness, "Start run");
    harness.run_steps(8);
    (dir, harness)
}

/// The fight as the screen shows it: the turn, both sides, your
/// decision's options and the game log.
fn fight_reading(harness: &Harness<'_, App>) -> String {
    let view = fight_view(harness);
    let board = view.board(PlayerId(0)).expect("your board");
    let log: Vec<&str> = view.log.iter().map(|line| line.text.as_str()).collect();
    format!(
        "turn {} {:?}\n{:?}\n{:?}\n{:?}\n{}",
        board.turn,
        board.phase,
        board.mine,
        board.theirs,
        view.decision.as_ref().map(|d| &d.labels),
        log.join("\n")
    )
}

/// Whether the fight waits on a decision of yours, nothing playing.
fn is_asked(harness: &Harness<'_, App>) -> bool {
    let view = fight_view(harness);
    view.decision.is_some() && !view.bot_thinking
}

/// Leaves the fight on screen ("New match"), back to the map.
fn leave_fight(harness: &mut Harness<'_, App>) {
    click(harness, "New match");
    click(harness, "Yes, new match");
    wait_for(harness, "back on the map", |h| {
        h.state().adventure().fight().is_none()
    });
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

/// A run of SD01 with `balance`, its choices made by rule until `reached`
/// holds: a torch wherever one may go, the first option or move offered,
/// no card taken, and every fight handed in as won (no match is played).
fn run_until(
    catalog: &Catalog,
    balance: sve_adventure::balance::Balance,
    reached: impl Fn(&Phase) -> bool,
) -> Option<sve_adventure::run::Run> {
    use sve_adventure::content::Content;
    use sve_adventure::run::{Choice, Run, RunDeck, RunSetup};
    let find = |name: &str| sve_packs::deck_files::load_deck_from_packs(name, &[]).ok();
    let content = Content::new(catalog.db(), catalog.runner(), &balance, &find)
        .unwrap_or_else(|e| panic!("{e}"));
    let list = sve_adventure::content::resolve_named("SD01", content.db(), &find).expect("SD01");
    for seed in 1..40 {
        let mut run = Run::new(RunSetup {
            seed,
            deck_name: "SD01".to_owned(),
            deck: RunDeck::from_list(&list, content.db()),
            balance: balance.clone(),
            card_fingerprint: content.fingerprint(),
        });
        for _ in 0..200 {
            if reached(run.phase()) {
                return Some(run);
            }
            let choices = run.choices();
            let choice = match run.phase() {
                Phase::Over { .. } => break,
                Phase::Fight(_) => Choice::Fought(FightResult {
                    won: true,
                    defense_left: 20,
                    turns: 5,
                }),
                Phase::Reward(_) => Choice::SkipCard,
                Phase::Shop(_) => Choice::Leave,
                _ if choices.contains(&Choice::PlaceTorch) => Choice::PlaceTorch,
                _ => choices.first().cloned().expect("a choice"),
            };
            run.apply(choice, &content).expect("offered");
        }
    }
    None
}

/// A client resuming `run`, saved in `dir`.
fn resumed_at(
    catalog: Catalog,
    dir: &Path,
    run: &sve_adventure::run::Run,
) -> Harness<'static, App> {
    let adventure = dir.join("adventure");
    std::fs::create_dir_all(&adventure).expect("a folder");
    std::fs::write(
        adventure.join("run.svas"),
        sve_adventure::save::save(run).expect("saved"),
    )
    .expect("written");
    let mut harness = client_of_saving_in(catalog, dir);
    harness.run_steps(8);
    click(&mut harness, "Adventure");
    click(&mut harness, "Resume saved run");
    harness.run_steps(4);
    harness
}

/// A three-floor run (a fight, a rest, the boss) from a balance file, its
/// boss a random bot of 8 defense: short enough to play every fight.
const SHORT_RUN: &str = "[map]\nfloors = 3\nunique_rooms = 0\n\n\
    [encounters]\nboss_bot = \"random\"\nboss_defense = 8\n";

/// Plays the run file the client saved in `dir` again, every fight from
/// its answers (as `sve adventure replay` does), and checks it rebuilds
/// the run on screen.
fn verify_run_file(harness: &Harness<'_, App>, dir: &Path) -> sve_adventure::save::FightsVerified {
    use sve_adventure::save;
    let game = harness.state().adventure().game().expect("the run");
    let bytes = std::fs::read(dir.join("adventure").join("run.svar")).expect("the run file");
    let file = save::read_run_file(&bytes).expect("it reads");
    let rebuilt = save::replay(&file, &game.content).expect("it replays");
    assert_eq!(rebuilt, game.run, "the run file rebuilds the run");
    save::verify_fights(&file, &game.content).unwrap_or_else(|e| panic!("{e}"))
}

/// The accessible name of the enemy's leader on the fight's board.
fn enemy_leader_label(harness: &Harness<'_, App>) -> String {
    format!("{} leader", fight_view(harness).seat_name(PlayerId(1)))
}
