//! Every pack's scenario files (`card-packs/<pack>/tests/**/*.scenario`,
//! see `docs/scenarios.md`), run with the packs of `card-packs` over the
//! bundled starter cards, as `sve test` runs them. A failure lists every
//! failing file with its problems or its expected-against-actual diff.

use sve_host::catalog::Catalog;
use sve_scenario::suite;

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
    let mut paths = Vec::new();
    let pack_dirs = std::fs::read_dir(&packs).expect("card-packs is readable");
    for entry in pack_dirs.flatten() {
        let tests = entry.path().join("tests");
        if tests.is_dir() {
            match suite::find_scenarios(&tests) {
                Ok(found) => paths.extend(found),
                Err(e) => panic!("{e}"),
            }
        }
    }
    paths.sort();
    assert!(
        !paths.is_empty(),
        "no scenario files under {}",
        packs.display()
    );
    sve_tests::assert_scenarios_pass(&paths, &catalog);
}
