//! The run's dialogs: whole runs played through shops, scenarios,
//! twinkles and fights to the summary, and each dialog on a run made by
//! rule to its phase.

use super::*;

/// The shipped map and events with enemies the medium bot beats: random
/// bots in every fight, the player's leader at 40 defense.
const EASY_ENEMIES: &str = "[player]\nleader_defense = 40\n\n\
    [encounters]\nboss_bot = \"random\"\n\n\
    [[encounters.tiers]]\nfrom_floor = 1\nbot = \"random\"\ndefense = 15\n\
    decks = [\"SD01\", \"SD02\", \"SD03\", \"SD04\", \"SD05\", \"SD06\"]\n";

#[test]
fn a_whole_run_goes_through_its_dialogs_to_the_summary() {
    let (dir, mut harness) =
        run_with_balance("adventure-whole-run", "easy-enemies.toml", EASY_ENEMIES);
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

#[test]
fn a_short_run_plays_every_fight_on_the_match_screen_to_its_summary() {
    let (dir, mut harness) = run_with_balance("adventure-short-run", "short.toml", SHORT_RUN);
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
