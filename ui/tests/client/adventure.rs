//! The Adventure screen (issue 34): a run started from the start screen,
//! driven on its map: move, fight on the real match screen (the run's
//! defenses carried in), leave it, let a bot play it to its end on the
//! match screen, take a reward, place a torch after its preview, move on;
//! then resume the saved run. Whole runs, from a balance file named on
//! the setup page, play every fight on the match screen (the medium bot
//! on your side) to the summary. A run with a pack's relics and statuses
//! plays them in its fight turn by turn, shown as badges. A fight played
//! by hand to its end (your attack on a leader of 1 defense) goes back to
//! the run with its answers, and every run's file plays its fights again
//! from them. The snapshots
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
    snapshot(&mut harness, "adventure_fight");
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

    // Leaving the match keeps the fight to play; then the medium bot plays
    // your side on the match screen, and the match is played to its end
    // (the same seed and bots give the same match every time).
    click(&mut harness, "New match");
    click(&mut harness, "Yes, new match");
    harness.run_steps(8);
    assert!(
        harness.state().adventure().fight().is_none(),
        "back on the map"
    );
    assert_eq!(run_phase(&harness), Phase::Fight(spec.clone()));
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

/// The shipped map and events with enemies the medium bot beats: random
/// bots in every fight, the player's leader at 40 defense.
const EASY_ENEMIES: &str = "[player]\nleader_defense = 40\n\n\
    [encounters]\nboss_bot = \"random\"\n\n\
    [[encounters.tiers]]\nfrom_floor = 1\nbot = \"random\"\ndefense = 15\n\
    decks = [\"SD01\", \"SD02\", \"SD03\", \"SD04\", \"SD05\", \"SD06\"]\n";

#[test]
fn a_whole_run_goes_through_its_dialogs_to_the_summary() {
    let dir = fresh_dir("adventure-whole-run");
    std::fs::create_dir_all(&dir).expect("a folder");
    let balance = dir.join("easy-enemies.toml");
    std::fs::write(&balance, EASY_ENEMIES).expect("written");
    let mut harness = client_saving_in(&dir);
    harness.run_steps(8);
    click(&mut harness, "Adventure");
    type_into(&mut harness, "Run seed", "7");
    type_into(&mut harness, "Balance file", &balance.display().to_string());
    click(&mut harness, "Start run");
    harness.run_steps(8);
    let mut seen = std::collections::BTreeSet::new();
    let mut seen_shop = false;
    let mut seen_scenario = false;
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
                // Played on the match screen to its end by the medium bot,
                // its result handed back to the run on the map.
                let fought = harness
                    .state()
                    .adventure()
                    .game()
                    .expect("the run")
                    .run
                    .fights()
                    .len();
                click(&mut harness, "Let the medium bot play it");
                wait_for(&mut harness, "the end of the fight", |h| {
                    has(h, "Fight won") || has(h, "Fight lost")
                });
                click(&mut harness, "Back to the map");
                assert!(harness.state().adventure().fight().is_none());
                let run = &harness.state().adventure().game().expect("the run").run;
                assert_eq!(run.fights().len(), fought + 1);
                let record = run.fights().last().expect("the fight recorded");
                assert_eq!(record.floor, spec.floor, "{record:?}");
            }
            Phase::Reward(_) => click(&mut harness, "Skip the card"),
            Phase::Shop(_) => {
                if !seen_shop {
                    seen_shop = true;
                    snapshot(&mut harness, "adventure_shop");
                }
                if has_containing(&harness, "Buy a torch") {
                    click_enabled_containing(&mut harness, "Buy a torch");
                }
                click(&mut harness, "Leave the shop");
            }
            Phase::Scenario(_) | Phase::RemoveCard { .. } => {
                if matches!(run_phase(&harness), Phase::Scenario(_)) && !seen_scenario {
                    seen_scenario = true;
                    snapshot(&mut harness, "adventure_event");
                }
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
                assert!(won, "the medium bot won every fight");
                assert!(has(&harness, "Run won"));
                assert!(has(&harness, "New run"));
                snapshot(&mut harness, "adventure_summary");
                let game = harness.state().adventure().game().expect("the run");
                assert_eq!(game.run.floor(), game.run.map().floors());
                assert!(
                    seen.contains("Shop") || seen.contains("Scenario"),
                    "{seen:?}"
                );
                let fights = game.run.fights().len();
                let found = verify_run_file(&harness, &dir);
                assert_eq!((found.replayed as usize, found.unrecorded), (fights, 0));
                return;
            }
        }
    }
    panic!("the run did not end: {seen:?}");
}

#[test]
fn a_balance_file_sets_the_runs_numbers_and_a_bad_one_is_said_with_its_line() {
    let dir = fresh_dir("adventure-balance-file");
    std::fs::create_dir_all(&dir).expect("a folder");
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "[map]\ncolumns = 7\nfloors = \"many\"\n").expect("written");
    let mut harness = client_saving_in(&dir);
    // A run played with the shipped numbers, saved.
    start_run(&mut harness);
    let saved = harness
        .state()
        .adventure()
        .game()
        .expect("a run")
        .run
        .clone();
    assert_eq!(saved.map().floors(), 15, "the shipped map");
    let save_file = dir.join("adventure").join("run.svas");
    let saved_bytes = std::fs::read(&save_file).expect("the run saved");
    click(&mut harness, "Save and leave");
    click(&mut harness, "Adventure");

    // A bad balance file: said on the Adventure screen with its file and
    // line; no run starts, the form keeps it, the saved run stays.
    let bad_path = bad.display().to_string();
    type_into(&mut harness, "Balance file", &bad_path);
    click(&mut harness, "Start run");
    harness.run_steps(4);
    assert!(
        harness.state().adventure().game().is_none(),
        "no run started"
    );
    assert!(
        has_containing(&harness, &format!("{bad_path}:3: invalid type")),
        "the error names the file and line"
    );
    assert_eq!(
        std::fs::read(&save_file).expect("the save"),
        saved_bytes,
        "the saved run is untouched"
    );

    // Mended, the same file starts a run with its numbers: the balance
    // `sve adventure new --balance` loads from it.
    std::fs::write(&bad, "[map]\nfloors = 5\n\n[player]\nstart_gold = 77\n").expect("written");
    let catalog = Catalog::vanilla().expect("bundled card data loads");
    let expected = sve_ui::adventure::game::run_balance(&catalog, Some(&bad))
        .unwrap_or_else(|e| panic!("{e}"))
        .balance;
    assert_eq!((expected.map.floors, expected.player.start_gold), (5, 77));
    click(&mut harness, "Start run");
    harness.run_steps(8);
    let game = harness.state().adventure().game().expect("a run");
    assert_eq!(game.run.balance(), &expected);
    assert_eq!((game.run.map().floors(), game.run.gold()), (5, 77));
    assert!(has_containing(&harness, "The run's numbers come from"));
    assert!(has(&harness, "0 of 5"), "the sidebar's floor");

    // The saved run was replaced by the new one only now, and resumes.
    click(&mut harness, "Save and leave");
    click(&mut harness, "Adventure");
    click(&mut harness, "Resume saved run");
    let resumed = harness.state().adventure().game().expect("the resumed run");
    assert_eq!(resumed.run.map().floors(), 5);
}

#[test]
fn the_setup_pages_deck_and_balance_file_are_remembered_between_runs() {
    use egui_kittest::kittest::NodeT as _;
    use sve_ui::settings::{AdventureChoices, Settings, StoredDeck};
    let dir = fresh_dir("adventure-remembered");
    std::fs::create_dir_all(&dir).expect("a folder");
    let balance = dir.join("short.toml");
    std::fs::write(&balance, SHORT_RUN).expect("written");
    let path = balance.display().to_string();
    // What an earlier run of the client stored.
    let mut harness = client_saving_in(&dir);
    harness.state_mut().restore(&Settings {
        adventure: AdventureChoices {
            deck: Some(StoredDeck::Starter("SD03".to_owned())),
            balance: Some(path.clone()),
        },
        ..Settings::default()
    });
    harness.run_steps(8);
    click(&mut harness, "Adventure");
    let field = harness
        .get_by_label("Balance file")
        .accesskit_node()
        .value();
    assert_eq!(field.as_deref(), Some(path.as_str()), "the remembered file");
    type_into(&mut harness, "Run seed", "7");
    click(&mut harness, "Start run");
    harness.run_steps(8);
    let game = harness.state().adventure().game().expect("a run");
    assert_eq!(game.run.setup().deck_name, "SD03", "the remembered deck");
    assert_eq!(game.run.map().floors(), 3, "the remembered file's numbers");
    // The page's choices go into what the client stores for its next run.
    assert_eq!(
        harness.state().settings().adventure,
        AdventureChoices {
            deck: Some(StoredDeck::Starter("SD03".to_owned())),
            balance: Some(path),
        }
    );
}

#[test]
fn the_setup_page_asks_for_a_deck_a_seed_and_a_balance_file() {
    // A save folder named relative to the crate, so the page's line saying
    // where runs are saved reads the same on every machine.
    let dir = PathBuf::from("target/test-saves/adventure-setup-page");
    std::fs::remove_dir_all(&dir).ok();
    let mut harness = client_saving_in(&dir);
    harness.run_steps(8);
    click(&mut harness, "Adventure");
    for label in ["Starting deck", "Run seed", "Balance file", "Start run"] {
        assert!(has(&harness, label), "{label}");
    }
    harness.remove_cursor();
    harness.run_steps(2);
    snapshot(&mut harness, "adventure_setup");
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

#[test]
fn a_scenarios_card_removal_shows_its_dialog() {
    use sve_adventure::balance::{Balance, Scenario, ScenarioOption};
    let catalog = Catalog::vanilla().expect("bundled card data loads");

    // A scenario whose first option takes a card out of the deck.
    let mut balance = Balance::default();
    balance.map.floors = 5;
    balance.map.unique_rooms = 0;
    balance.odds = sve_adventure::balance::EventOdds {
        fight: 0,
        elite: 0,
        shop: 0,
        heal: 0,
        random: 1,
        random_other_percent: 0,
        ..balance.odds
    };
    balance.scenarios = vec![Scenario {
        id: "cracked-mirror".to_owned(),
        text: "A mirror shows your deck, one card too many.".to_owned(),
        options: vec![
            ScenarioOption {
                label: "Break the card's reflection".to_owned(),
                remove_card: true,
                defense: -2,
                ..ScenarioOption::default()
            },
            ScenarioOption {
                label: "Look away".to_owned(),
                ..ScenarioOption::default()
            },
        ],
    }];
    let run = run_until(&catalog, balance, |phase| {
        matches!(phase, Phase::Scenario(_))
    })
    .expect("the mirror");
    let dir = fresh_dir("adventure-removal");
    let mut harness = resumed_at(catalog.clone(), &dir, &run);
    assert!(has_containing(&harness, "A mirror shows your deck"));
    click_containing(&mut harness, "Break the card's reflection");
    assert!(has(&harness, "Choose a card to take out of your deck."));
    harness.remove_cursor();
    harness.run_steps(2);
    snapshot(&mut harness, "adventure_remove");
    let deck = run.deck().main.len();
    use egui_kittest::kittest::NodeT as _;
    let remove = harness
        .query_all_by_label_contains("Remove ")
        .filter_map(|node| node.accesskit_node().label())
        .find(|label| label.starts_with("Remove ") && label.contains("(cost "))
        .expect("a card to remove");
    click(&mut harness, &remove);
    let game = harness.state().adventure().game().expect("the run");
    assert_eq!(
        game.run.deck().main.len(),
        deck - 1,
        "{remove} left the deck"
    );
}

/// Twinkles everywhere, and torches to make them bright; `fight_percent`
/// of them are guardians.
fn twinkles(fight_percent: u32) -> sve_adventure::balance::Balance {
    let mut balance = sve_adventure::balance::Balance::default();
    balance.map.floors = 6;
    balance.map.unique_rooms = 12;
    balance.map.unique_min_floor = 1;
    balance.odds.unique_fight_percent = fight_percent;
    balance.light.start_torches = 6;
    balance
}

#[test]
fn a_twinkles_relic_shows_its_dialog() {
    use sve_adventure::events::UniqueKind;
    let catalog = Catalog::vanilla().expect("bundled card data loads");
    let run = run_until(&catalog, twinkles(0), |phase| {
        *phase == Phase::Unique(UniqueKind::Relic)
    })
    .expect("a twinkle's relic");
    let dir = fresh_dir("adventure-unique");
    let mut harness = resumed_at(catalog.clone(), &dir, &run);
    assert!(has(&harness, "A twinkle takes shape"));
    assert!(has(&harness, "Decline"));
    harness.remove_cursor();
    harness.run_steps(2);
    snapshot(&mut harness, "adventure_unique");
    let relics = run.relics().len();
    click(&mut harness, "Accept");
    let game = harness.state().adventure().game().expect("the run");
    assert_eq!(game.run.relics().len(), relics + 1, "the relic is yours");
}

#[test]
fn a_guardians_fight_shows_its_dialog() {
    // A twinkle that is a guardian: its fight's dialog names it and its
    // special cards.
    let catalog = Catalog::vanilla().expect("bundled card data loads");
    let run = run_until(
        &catalog,
        twinkles(100),
        |phase| matches!(phase, Phase::Fight(spec) if spec.special.is_some()),
    )
    .expect("a guardian's fight");
    let dir = fresh_dir("adventure-guardian");
    let mut harness = resumed_at(catalog, &dir, &run);
    let spec = run.fight().expect("the fight");
    let guardian = run
        .balance()
        .special_fight(spec.special.as_deref().expect("a guardian"))
        .expect("shipped");
    assert!(has(&harness, &guardian.name));
    assert!(has(&harness, "On the enemy's field"));
    assert!(has(&harness, "Start the fight"));
    harness.remove_cursor();
    harness.run_steps(2);
    snapshot(&mut harness, "adventure_guardian");
}

/// A file dropped on the window, as the desktop's integration hands it in.
#[derive(Debug)]
struct DroppedPath(PathBuf);

impl egui::DroppedFile for DroppedPath {
    fn path(&self) -> &Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

#[test]
fn a_balance_file_dropped_on_the_page_sets_the_runs_numbers() {
    let dir = fresh_dir("adventure-dropped");
    std::fs::create_dir_all(&dir).expect("a folder");
    let balance = dir.join("short.toml");
    std::fs::write(&balance, SHORT_RUN).expect("written");
    let mut harness = client_saving_in(&dir);
    harness.run_steps(8);
    click(&mut harness, "Adventure");

    // On the desktop a dropped file's path goes into the field.
    harness
        .input_mut()
        .dropped_files
        .push(std::sync::Arc::new(DroppedPath(balance.clone())));
    harness.run_steps(2);
    let field = {
        use egui_kittest::kittest::NodeT as _;
        harness
            .get_by_label("Balance file")
            .accesskit_node()
            .value()
    };
    assert_eq!(field, Some(balance.display().to_string()));

    // A web page gets the file's bytes from the browser (no path): the
    // page names the file and the run takes its text.
    let page = |h: &mut Harness<'_, App>, name: &str, bytes: Result<Vec<u8>, String>| {
        h.state_mut()
            .adventure_mut()
            .setup_mut()
            .take_balance_bytes(name.to_owned(), bytes);
        h.run_steps(2);
    };
    page(
        &mut harness,
        "odd.toml",
        Ok(b"[map]\nfloors = \"many\"\n".to_vec()),
    );
    assert!(has(&harness, "odd.toml (dropped)"));
    type_into(&mut harness, "Run seed", "7");
    click(&mut harness, "Start run");
    assert!(
        has_containing(&harness, "odd.toml:2"),
        "a bad dropped file is said with its line"
    );
    assert!(harness.state().adventure().game().is_none(), "no run");
    page(&mut harness, "binary.toml", Ok(vec![0, 159, 146, 150]));
    assert!(has_containing(&harness, "binary.toml: "), "not text");
    click(&mut harness, "Clear");
    assert!(
        !has(&harness, "odd.toml (dropped)"),
        "back to the typed path"
    );
    page(
        &mut harness,
        "short.toml",
        Ok(SHORT_RUN.as_bytes().to_vec()),
    );
    assert!(has(&harness, "short.toml (dropped)"));
    click(&mut harness, "Start run");
    harness.run_steps(8);
    let game = harness.state().adventure().game().expect("a run");
    assert_eq!(game.run.map().floors(), 3, "the dropped file's numbers");
    assert!(
        game.notes
            .iter()
            .any(|note| note == "The run's numbers come from short.toml."),
        "{:?}",
        game.notes
    );
}

/// A three-floor run (a fight, a rest, the boss) from a balance file, its
/// boss a random bot of 8 defense: short enough to play every fight.
const SHORT_RUN: &str = "[map]\nfloors = 3\nunique_rooms = 0\n\n\
    [encounters]\nboss_bot = \"random\"\nboss_defense = 8\n";

#[test]
fn a_short_run_plays_every_fight_on_the_match_screen_to_its_summary() {
    let dir = fresh_dir("adventure-short-run");
    std::fs::create_dir_all(&dir).expect("a folder");
    let balance = dir.join("short.toml");
    std::fs::write(&balance, SHORT_RUN).expect("written");
    let mut harness = client_saving_in(&dir);
    harness.run_steps(8);
    click(&mut harness, "Adventure");
    type_into(&mut harness, "Run seed", "7");
    type_into(&mut harness, "Balance file", &balance.display().to_string());
    click(&mut harness, "Start run");
    harness.run_steps(8);
    let mut fights = 0;
    for _ in 0..20 {
        match run_phase(&harness) {
            Phase::Travel => click_containing(&mut harness, "Move to floor"),
            Phase::Fight(spec) => {
                // The medium bot plays your side on the match screen, to
                // the match's end; its result goes back to the run.
                click(&mut harness, "Let the medium bot play it");
                wait_for(&mut harness, "the end of the fight", |h| {
                    has(h, "Fight won") || has(h, "Fight lost")
                });
                let view = fight_view(&harness);
                let board = view.board(PlayerId(0)).expect("your board");
                let left = board.mine.leader_defense;
                let won = matches!(
                    view.outcome,
                    Some(sve_engine::engine::Outcome::Win(winner, _)) if winner == PlayerId(0)
                );
                assert_eq!(has(&harness, "Fight won"), won);
                click(&mut harness, "Back to the map");
                harness.run_steps(8);
                assert!(
                    harness.state().adventure().fight().is_none(),
                    "back on the map"
                );
                fights += 1;
                let run = &harness.state().adventure().game().expect("the run").run;
                let record = run.fights().last().expect("the fight recorded");
                assert_eq!((record.won, record.floor), (won, spec.floor), "{record:?}");
                assert_eq!(run.fights().len(), fights);
                if won && spec.floor < 3 {
                    let after_fight = run.balance().heal.after_fight;
                    assert_eq!(
                        run.defense(),
                        (left + after_fight).clamp(1, run.max_defense()),
                        "the match's defense carried out"
                    );
                    assert!(matches!(run_phase(&harness), Phase::Reward(_)));
                }
            }
            Phase::Reward(_) => click(&mut harness, "Skip the card"),
            Phase::Over { won } => {
                assert!(has(&harness, if won { "Run won" } else { "Run lost" }));
                assert!(has(&harness, "New run"));
                assert!(fights >= 1);
                if won {
                    assert_eq!(fights, 2, "floor 1's fight and the boss");
                }
                // The run file plays every fight again from its answers.
                let found = verify_run_file(&harness, &dir);
                assert_eq!((found.replayed as usize, found.unrecorded), (fights, 0));
                return;
            }
            other => panic!("a three-floor run has no {other:?}"),
        }
    }
    panic!("the run did not end");
}

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

/// Floor 1's enemy: a random bot whose leader has 1 defense, so that your
/// first attack on it wins.
const FRAIL_ENEMY: &str = "[[encounters.tiers]]\nfrom_floor = 1\nbot = \"random\"\n\
    defense = 1\ndecks = [\"SD02\"]\n";

#[test]
fn a_fight_played_by_hand_goes_back_to_the_run_with_its_answers_then_a_torch_and_a_move() {
    let dir = fresh_dir("adventure-by-hand");
    std::fs::create_dir_all(&dir).expect("a folder");
    let balance = dir.join("frail.toml");
    std::fs::write(&balance, FRAIL_ENEMY).expect("written");
    let mut harness = client_saving_in(&dir);
    harness.run_steps(8);
    click(&mut harness, "Adventure");
    type_into(&mut harness, "Run seed", "7");
    type_into(&mut harness, "Balance file", &balance.display().to_string());
    click(&mut harness, "Start run");
    harness.run_steps(8);
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
    for _ in 0..400 {
        wait_for(&mut harness, "a decision of yours or the end", |h| {
            has(h, "Fight won")
                || has(h, "Fight lost")
                || (fight_view(h).decision.is_some() && !fight_view(h).bot_thinking)
        });
        if has(&harness, "Fight won") || has(&harness, "Fight lost") {
            break;
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
    // A torch here, then up: the run file holds it all.
    click(&mut harness, "Place a torch…");
    click(&mut harness, "Place the torch");
    click_containing(&mut harness, "Move to floor 2");
    let game = harness.state().adventure().game().expect("the run");
    assert_eq!((game.run.floor(), game.run.torches_used()), (2, 1));
    let found = verify_run_file(&harness, &dir);
    assert_eq!((found.replayed, found.unrecorded), (1, 0));
}

#[test]
fn a_packs_card_without_a_rarity_is_named_as_bronze_in_the_new_runs_notes() {
    // A script pack's card with no `rarity` line: no table or card data
    // rates it, so rewards count it bronze, and the run says so.
    let dir = fresh_dir("adventure-unrated");
    let pack = dir.join("packs").join("unrated");
    std::fs::create_dir_all(&pack).expect("a folder");
    std::fs::write(
        pack.join("pack.toml"),
        "id = \"unrated\"\nname = \"Unrated\"\nversion = \"0.1.0\"\n\
         kind = \"script\"\napi = \"^0.3\"\nsets = [\"UNR\"]\n",
    )
    .expect("written");
    std::fs::write(
        pack.join("UNR.txt"),
        "name Lone Squire;\nid UNR-001;\nclass Forest;\ntype Follower;\n\
         trait Officer;\ncost 2;\nstats 2/2;\n",
    )
    .expect("written");
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the ui crate sits in the workspace");
    let catalog = Catalog::open(&dir.join("packs"), &workspace.join("target"))
        .expect("bundled card data loads");
    assert!(
        catalog.diagnostics().is_empty(),
        "{:?}",
        catalog.diagnostics()
    );
    let mut harness = client_of_saving_in(catalog, &dir);
    start_run(&mut harness);
    assert!(has_containing(
        &harness,
        "1 card of the reward pool has no rarity and counts as bronze: Lone Squire (UNR-001)."
    ));
}

/// The bundled cards with the Adventure example pack
/// (`tests/packs/adventure-example`: relics, statuses and their cards).
fn catalog_with_the_adventure_example(dir: &Path) -> Catalog {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the ui crate sits in the workspace");
    let packs = dir.join("packs");
    copy_dir(
        &workspace.join("tests/packs/adventure-example"),
        &packs.join("adventure-example"),
    );
    let catalog =
        Catalog::open(&packs, &workspace.join("target")).expect("bundled card data loads");
    assert!(
        catalog.diagnostics().is_empty(),
        "the example pack loads: {:?}",
        catalog.diagnostics()
    );
    catalog
}

#[test]
fn the_client_plays_the_packs_relics_and_statuses_in_its_fights() {
    use sve_adventure::balance::{Scenario, ScenarioOption};
    use sve_adventure::content::Content;
    use sve_adventure::run::{Choice, Run, RunDeck, RunSetup};
    use sve_adventure::status::{StatusGrant, Target};
    let dir = fresh_dir("adventure-pack-content");
    let catalog = catalog_with_the_adventure_example(&dir);
    // A new run in the client has the pack's relics, scenarios and
    // statuses, as `sve adventure` does.
    let packed = sve_ui::adventure::game::run_balance(&catalog, None)
        .unwrap_or_else(|e| panic!("{e}"))
        .balance;
    for relic in ["lantern-idol", "venom-vial"] {
        assert!(packed.relic(relic).is_some(), "{relic} from the pack");
    }
    assert!(packed.status("chains").is_some());
    let mut started = client_of_saving_in(catalog.clone(), &dir);
    start_run(&mut started);
    let game = started.state().adventure().game().expect("a run");
    assert_eq!(
        game.run.balance(),
        &packed,
        "the new run plays the packs' content"
    );
    drop(started);

    // A short run whose free rooms give the pack's two relics and put its
    // chains on the next enemy, saved at its boss fight.
    let mut balance = packed;
    balance.map.floors = 5;
    balance.map.unique_rooms = 0;
    balance.odds.fight = 0;
    balance.odds.elite = 0;
    balance.odds.shop = 0;
    balance.odds.heal = 0;
    balance.odds.random = 1;
    balance.odds.random_other_percent = 0;
    let option = |label: &str, relic: &str| ScenarioOption {
        label: label.to_owned(),
        relic: Some(relic.to_owned()),
        ..ScenarioOption::default()
    };
    balance.scenarios = vec![Scenario {
        id: "cache".to_owned(),
        text: "A cache of relics.".to_owned(),
        options: vec![
            ScenarioOption {
                status: Some(StatusGrant {
                    status: "chains".to_owned(),
                    target: Target::Enemy,
                    turns: 3,
                    fights: 1,
                }),
                ..option("Take the vial", "venom-vial")
            },
            option("Take the idol", "lantern-idol"),
        ],
    }];
    let dirs: Vec<_> = catalog.packs().into_iter().map(|pack| pack.dir).collect();
    let find = |name: &str| sve_packs::deck_files::load_deck_from_packs(name, &dirs).ok();
    let content = Content::new(catalog.db(), catalog.runner(), &balance, &find)
        .unwrap_or_else(|e| panic!("{e}"));
    let list = sve_adventure::content::resolve_named("SD01", content.db(), &find).expect("SD01");
    let mut run = Run::new(RunSetup {
        seed: 21,
        deck_name: "SD01".to_owned(),
        deck: RunDeck::from_list(&list, content.db()),
        balance,
        card_fingerprint: content.fingerprint(),
    });
    let mut picks = [Choice::Pick(0), Choice::Pick(1)].into_iter();
    while run.fight().is_none_or(|spec| spec.floor < 5) {
        let choice = match run.phase() {
            Phase::Fight(_) => Choice::Fought(FightResult {
                won: true,
                defense_left: 20,
                turns: 5,
            }),
            Phase::Reward(_) => Choice::SkipCard,
            Phase::Scenario(_) => picks.next().expect("two scenarios"),
            _ => run
                .choices()
                .into_iter()
                .find(|c| matches!(c, Choice::Move(_)))
                .expect("a move"),
        };
        run.apply(choice, &content).expect("offered");
    }
    let spec = run.fight().expect("the boss fight").clone();
    assert_eq!(spec.player_cards, ["ADV-001"], "{spec:?}");
    assert_eq!(spec.statuses.len(), 2, "{spec:?}");
    let adventure = dir.join("adventure");
    std::fs::create_dir_all(&adventure).expect("a folder");
    std::fs::write(
        adventure.join("run.svas"),
        sve_adventure::save::save(&run).expect("saved"),
    )
    .expect("written");

    let mut harness = client_of_saving_in(catalog, &dir);
    harness.run_steps(8);
    click(&mut harness, "Adventure");
    click(&mut harness, "Resume saved run");
    assert!(has_containing(
        &harness,
        "Relic cards on your field in every fight: Lantern Idol"
    ));
    assert!(has_containing(
        &harness,
        "Status, this fight: Poison on the enemy for 3 turns"
    ));
    assert!(has_containing(
        &harness,
        "Status, this fight: Chains on the enemy for 3 turns"
    ));
    click(&mut harness, "Start the fight");
    wait_for(&mut harness, "the fight's first snapshot", |h| {
        fight_view(h).is_ready()
    });
    play_to_first_main_action(&mut harness);
    let field_ids = |h: &Harness<'_, App>, mine: bool| -> Vec<String> {
        let view = fight_view(h);
        let board = view.board(PlayerId(0)).expect("your board");
        let side = if mine { &board.mine } else { &board.theirs };
        side.field
            .iter()
            .map(|card| view.db.get(card.def).id.clone())
            .collect()
    };
    assert!(
        field_ids(&harness, true).contains(&"ADV-001".to_owned()),
        "the relic card"
    );
    assert!(
        field_ids(&harness, false).contains(&"ADV-003".to_owned()),
        "the chains"
    );
    assert!(has_containing(
        &harness,
        "Relic cards on your field: Lantern Idol"
    ));
    let enemy_defense = |h: &Harness<'_, App>| {
        fight_view(h)
            .board(PlayerId(0))
            .expect("your board")
            .theirs
            .leader_defense
    };
    // Each of the enemy's first three turns begins with its poison (its
    // first may have come before your first main action). The statuses
    // are badges on what they sit on: the poison on the enemy's leader,
    // the chains on their card, each with the enemy's turns it has left.
    let mut seen = Vec::new();
    while enemy_turns(&harness) < 3 {
        let before = enemy_defense(&harness);
        end_turn(&mut harness);
        let turn = enemy_turns(&harness);
        seen.push((turn, before, enemy_defense(&harness)));
        let left = 3 - turn;
        if left > 0 {
            let poison = format!("Poison {left}");
            assert!(
                within(&harness, &poison, &enemy_leader_label(&harness)),
                "{poison} on the enemy's leader: {seen:?}"
            );
            let tooltip = if left == 1 {
                "For the enemy's next turn.".to_owned()
            } else {
                format!("For the enemy's next {left} turns.")
            };
            assert_eq!(
                hover_tooltip(&mut harness, &poison),
                format!(
                    "Poison on the enemy: 1 damage to the leader at the start of each of its turns.\n{tooltip}"
                )
            );
            assert!(within(
                &harness,
                &format!("Chains {left}"),
                "Heavy Chains (opponent's field"
            ));
            if seen.len() == 1 {
                // The picture in docs/adventure.md: the badges, the
                // poison's tooltip shown.
                harness.get_by_label(&poison).hover();
                let _ = harness.run_ok();
                snapshot(&mut harness, "adventure_fight_statuses");
                harness.hover_at(egui::pos2(2.0, 2.0));
                harness.run_steps(2);
            }
        } else {
            assert!(!badge_shown(&harness, "Poison "), "the poison is over");
            assert!(within(
                &harness,
                "Chains over",
                "Heavy Chains (opponent's field"
            ));
            assert!(
                hover_tooltip(&mut harness, "Chains over")
                    .ends_with("Over: its card leaves at the start of the enemy's next turn.")
            );
        }
    }
    assert!(seen.len() >= 2, "{seen:?}");
    for (turn, before, after) in &seen {
        assert_eq!(after, &(before - 1), "the enemy's turn {turn}: {seen:?}");
    }
    // Its chains leave at the start of its fourth turn, and their badge.
    end_turn(&mut harness);
    assert_eq!(enemy_turns(&harness), 4);
    assert!(
        !field_ids(&harness, false).contains(&"ADV-003".to_owned()),
        "the chains left"
    );
    assert!(!badge_shown(&harness, "Chains "), "the chains' badge left");
    assert!(!has_containing(&harness, "Status:"), "no bar of statuses");
}

/// Whether a status badge whose text starts with `name` is on the board.
fn badge_shown(harness: &Harness<'_, App>, name: &str) -> bool {
    use egui_kittest::kittest::NodeT as _;
    harness.query_all_by_label_contains(name).any(|node| {
        let node = node.accesskit_node();
        node.value()
            .or(node.label())
            .is_some_and(|text| text.starts_with(name) && !text.contains(" on "))
    })
}

/// The accessible name of the enemy's leader on the fight's board.
fn enemy_leader_label(harness: &Harness<'_, App>) -> String {
    format!("{} leader", fight_view(harness).seat_name(PlayerId(1)))
}

/// Whether the widget labelled `badge` lies on the one whose label starts
/// with `on` (a leader or a card the badge sits on).
fn within(harness: &Harness<'_, App>, badge: &str, on: &str) -> bool {
    let Some(badge) = harness.query_by_label(badge) else {
        return false;
    };
    let badge = badge.rect();
    harness
        .query_all_by_label_contains(on)
        .any(|node| node.rect().contains_rect(badge))
}

/// Points at the badge labelled `badge` (`Poison 2`) and returns the
/// tooltip shown, the text starting with the status's name and side.
fn hover_tooltip(harness: &mut Harness<'_, App>, badge: &str) -> String {
    let name = badge.rsplit_once(' ').map_or(badge, |(name, _)| name);
    harness.get_by_label(badge).hover();
    // The tooltip waits for the pointer to rest.
    let _ = harness.run_ok();
    harness.run_steps(2);
    let head = format!("{name} on ");
    let text = harness
        .query_all_by_label_contains(&head)
        .filter_map(|node| {
            use egui_kittest::kittest::NodeT as _;
            let node = node.accesskit_node();
            node.value().or(node.label())
        })
        .find(|text| text.starts_with(&head))
        .unwrap_or_default();
    // Away again, so the next frames draw no tooltip.
    harness.hover_at(egui::pos2(2.0, 2.0));
    harness.run_steps(2);
    text
}

fn enemy_turns(harness: &Harness<'_, App>) -> u32 {
    fight_view(harness)
        .board(PlayerId(0))
        .expect("your board")
        .theirs
        .turns_passed
}

/// Ends your turn, answers the plain prompts of the enemy's (passes), and
/// waits for your next main action.
fn end_turn(harness: &mut Harness<'_, App>) {
    let turns = enemy_turns(harness);
    loop {
        wait_for(harness, "a decision of yours", |h| {
            fight_view(h).decision.is_some() && !fight_view(h).bot_thinking
        });
        if enemy_turns(harness) > turns && has(harness, "End turn") {
            return;
        }
        let label = ["End turn", "Pass", "Keep it reserved"]
            .into_iter()
            .find(|label| has(harness, label))
            .unwrap_or_else(|| panic!("an unexpected prompt in the enemy's turn"));
        let generation = fight_view(harness).generation;
        click(harness, label);
        wait_for(harness, "the answer taken", |h| {
            fight_view(h).generation != generation
        });
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a folder");
    for entry in std::fs::read_dir(from).expect("a pack folder") {
        let entry = entry.expect("an entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("a copy");
        }
    }
}
