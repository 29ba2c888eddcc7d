//! The setup page: a deck, a seed and a balance file (typed, remembered,
//! dropped on the page), and a bad balance file said with its line.

use super::*;

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
