//! A pack's adventure content in the client: its cards' rarities named
//! in the notes, its relics and statuses played in fights and shown as
//! badges turn by turn.

use super::*;

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
