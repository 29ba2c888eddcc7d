//! Every pack's scenario files (`docs/scenarios.md`), as `sve test` runs
//! them: those of `card-packs/<pack>/tests/` with the packs of
//! `card-packs` over the bundled starter cards, and those of each test
//! pack `tests/packs/<pack>/tests/` with that pack loaded beside
//! `card-packs`. A failure lists every failing file with its problems or
//! its expected-against-actual diff.

use std::path::{Path, PathBuf};
use sve_packs::catalog::Catalog;
use sve_packs::packs::{Severity, load_packs};
use sve_scenario::suite;
use sve_tests::Base;

/// Test packs whose scenario files are not run here, each with the reason
/// (none today: every test pack's scenarios run).
const NOT_RUN: &[(&str, &str)] = &[];

#[test]
fn every_pack_scenario_passes() {
    let root = sve_tests::workspace_root();
    let packs = root.join("card-packs");
    let catalog = match Catalog::open(&packs, &root.join("target")) {
        Ok(catalog) => catalog,
        Err(e) => panic!("the bundled card data does not load: {e}"),
    };
    let load_errors = sve_tests::load_errors(&catalog.diagnostics());
    assert!(
        load_errors.is_empty(),
        "the packs do not load:\n{}",
        load_errors.join("\n")
    );
    let paths = scenarios_of_packs(&packs);
    assert!(
        !paths.is_empty(),
        "no scenario files under {}",
        packs.display()
    );
    sve_tests::assert_scenarios_pass(&paths, &catalog);
}

#[test]
fn every_test_pack_scenario_passes() {
    let root = sve_tests::workspace_root();
    let test_packs = root.join("tests/packs");
    let mut ran = Vec::new();
    let mut reports = Vec::new();
    for pack in pack_folders_with_tests(&test_packs) {
        let name = folder_name(&pack);
        if let Some((_, reason)) = NOT_RUN.iter().find(|(not_run, _)| *not_run == name) {
            eprintln!("not run: the scenarios of tests/packs/{name}: {reason}");
            continue;
        }
        // The test pack beside the shipped packs, as a user would have it.
        let roots = [root.join("card-packs"), pack.clone()];
        let loaded = load_packs(&roots, &sve_tests::load_options(Base::Starter, &[]))
            .expect("the pack engine starts");
        for diagnostic in loaded
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
        {
            // A test pack may hold a broken file on purpose (the community
            // tree's Latin-1 file); the scenarios say whether it matters.
            eprintln!("tests/packs/{name}: {diagnostic}");
        }
        let catalog = Catalog::from_packs(loaded);
        let paths = scenarios_of_packs(&pack);
        reports.extend(suite::run_files(&paths, &catalog));
        ran.push(name);
    }
    assert!(
        ran.iter().any(|name| name == "community-tree"),
        "the community tree's scenarios must run: {ran:?}"
    );
    sve_tests::assert_reports_pass(&reports);
}

/// The scenario files of a pack (`<pack>/tests/`), or of every pack of a
/// folder of packs (`<folder>/<pack>/tests/`), sorted.
fn scenarios_of_packs(folder: &Path) -> Vec<PathBuf> {
    let mut tests_folders = vec![folder.join("tests")];
    let pack_dirs = std::fs::read_dir(folder).expect("the folder is readable");
    tests_folders.extend(pack_dirs.flatten().map(|entry| entry.path().join("tests")));
    let mut paths = Vec::new();
    for tests in tests_folders.iter().filter(|dir| dir.is_dir()) {
        match suite::find_scenarios(tests) {
            Ok(found) => paths.extend(found),
            Err(e) => panic!("{e}"),
        }
    }
    paths.sort();
    paths.dedup();
    paths
}

/// The test packs that have a `tests/` folder, sorted.
fn pack_folders_with_tests(test_packs: &Path) -> Vec<PathBuf> {
    let entries = std::fs::read_dir(test_packs).expect("tests/packs is readable");
    let mut packs: Vec<PathBuf> = entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|dir| dir.join("tests").is_dir())
        .collect();
    packs.sort();
    packs
}

fn folder_name(dir: &Path) -> String {
    dir.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}
