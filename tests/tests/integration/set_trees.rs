//! Community set trees (issue 11): a tree dropped into a folder of packs
//! loads whole, as one pack; its tokens resolve across folders and across
//! packs, at load and at play; a card it shares with a curated pack goes to
//! the pack the policy names, and says so; every file it refuses is named.
//!
//! The fixture is `tests/packs/community-tree/` (its README says what each
//! file is for).

use expect_test::expect;
use std::path::{Path, PathBuf};
use sve_packs::catalog::Catalog;
use sve_packs::packs::{
    LoadedPacks, PackLibrary, Severity, SharedCard, SharedCardRule, check, load_packs,
};
use sve_scenario::suite;
use sve_tests::Base;

/// Every card of the fixture that must load (the Latin-1 file's
/// `CTB02-003` must not).
const TREE_CARDS: [&str; 16] = [
    "CTS01-001",
    "CTS01-002",
    "CTS01-003",
    "CTS01-004",
    "CTS01-005",
    "SD01-003",
    "CTCS01-001",
    "CTCS01-002",
    "CTB01-001",
    "CTB01-002",
    "CTB01-T01",
    "CTB01-T02",
    "CTB02-001",
    "CTB02-002",
    "CTCP01-001",
    "CTCP01-002",
];

fn root() -> PathBuf {
    sve_tests::workspace_root()
}

fn fixture() -> PathBuf {
    root().join("tests/packs/community-tree")
}

fn load(roots: &[PathBuf]) -> LoadedPacks {
    load_packs(roots, &sve_tests::load_options(Base::Starter, &[])).expect("the pack engine starts")
}

/// A fresh, empty folder for one test under `target/test-packs/`.
fn scratch(name: &str) -> PathBuf {
    let dir = root().join("target/test-packs").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Copies a folder and everything in it.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("folder");
    for entry in std::fs::read_dir(from).expect("readable").flatten() {
        let path = entry.path();
        let dest = to.join(entry.file_name());
        if path.is_dir() {
            copy_tree(&path, &dest);
        } else {
            std::fs::copy(&path, &dest).expect("copy");
        }
    }
}

/// Every diagnostic with paths shown under `base`, one per line.
fn dump(loaded: &LoadedPacks, base: &Path) -> String {
    let prefix = format!("{}/", base.display());
    let lines: Vec<String> = loaded
        .diagnostics
        .iter()
        .map(|d| d.to_string().replace(&prefix, ""))
        .collect();
    lines.join("\n")
}

/// The fixture's scenario files pass with `loaded`'s cards and code.
fn assert_scenarios_pass(loaded: LoadedPacks) {
    let paths = suite::find_scenarios(&fixture().join("tests")).expect("the tree's scenarios");
    assert!(paths.len() >= 5, "{paths:?}");
    let catalog = Catalog::from_packs(loaded);
    sve_tests::assert_scenarios_pass(&paths, &catalog);
}

#[test]
fn a_set_tree_dropped_into_a_folder_of_packs_loads_whole_as_one_pack() {
    // card-packs/ with the curated starter scripts and the tree as shipped.
    let packs = scratch("set-tree-dropped");
    copy_tree(
        &root().join("card-packs/starter-scripts"),
        &packs.join("starter-scripts"),
    );
    copy_tree(&fixture(), &packs.join("community-tree"));
    let loaded = load(std::slice::from_ref(&packs));

    let ids: Vec<&str> = loaded.packs.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["community-tree", "starter-scripts"]);
    let tree = &loaded.packs[0];
    assert_eq!(
        (
            tree.cards,
            tree.priority,
            tree.cards_shadowed,
            tree.cards_in_conflict
        ),
        (16, -1, 1, 0),
        "every card of the tree, at any depth; one played by starter-scripts"
    );
    for id in TREE_CARDS {
        let owner = loaded.pack_of(id).map(|p| p.id.as_str());
        let expected = if id == "SD01-003" {
            "starter-scripts"
        } else {
            "community-tree"
        };
        assert_eq!(owner, Some(expected), "{id}");
    }
    let gardener = loaded.db.by_card_id("SD01-003").expect("Rose Gardener");
    assert_eq!(
        loaded.db.get(gardener).defense,
        Some(3),
        "the curated version, not the tree's copy"
    );
    assert_eq!(
        loaded.db.by_card_id("CTB02-003"),
        None,
        "its file is refused"
    );

    // Nothing in silence: the missing pack.toml, the refused file and the
    // policy's decision; no token goes unresolved.
    expect![[r#"
        community-tree: warning: no pack.toml: loaded as script pack `community-tree` version 0.0.0 with priority -1 (add a pack.toml to name it)
        community-tree/BoosterPacks/CTB02/latin1.txt:3:9: error: not a text file: bytes that are not UTF-8 at line 3, column 9 (byte 70); the file is left out
        community-tree: note: pack `community-tree`: card `SD01-003` is also in pack `starter-scripts`, whose version is used (priority 0 over -1)"#]]
    .assert_eq(&dump(&loaded, &packs));
    assert_eq!(
        loaded.shared_cards,
        [SharedCard {
            card: "SD01-003".to_owned(),
            packs: vec!["community-tree".to_owned(), "starter-scripts".to_owned()],
            used: Some("starter-scripts".to_owned()),
            rule: SharedCardRule::Priority,
        }]
    );

    // `sve pack check`'s report: files per folder, the shared card, counts.
    let report = check::check(&packs, load(std::slice::from_ref(&packs)));
    assert_eq!((report.cards_ok, report.cards_total), (131, 131));
    assert_eq!(report.errors(), 1);
    let text = report
        .text(&packs)
        .replace(&format!("{}/", packs.display()), "");
    let tree_part: String = text
        .lines()
        .take_while(|line| !line.starts_with("starter-scripts:"))
        .map(|line| format!("{line}\n"))
        .collect();
    expect![[r#"
        community-tree: ok (16 cards, card API 0.3.0, priority -1); 1 of them also in another pack, whose version is used
          scripts: 6 read, 1 refused, in 10 folder(s)
            .                                0 script(s), 1 other file(s) not read
            BoosterPacks                     0 script(s)
            BoosterPacks/CTB01               1 script(s)
            BoosterPacks/CTB01/Neutral       1 script(s)
            BoosterPacks/CTB02               1 script(s), 1 refused
            CollabPacks                      0 script(s)
            CollabPacks/Empty                0 script(s)
            CollabPacks/Moonlit              1 script(s)
            StarterDecks                     1 script(s)
            StarterDecks/CollabStarterDecks  1 script(s)
    "#]]
    .assert_eq(&tree_part);
    assert!(
        text.ends_with(&format!(
            "{}: 2 pack(s) loaded, 131 of 131 cards ok\n",
            packs.display()
        )),
        "{text}"
    );
    let json = report.json();
    assert_eq!(json["shared_cards"][0]["rule"], "priority");
    assert_eq!(json["sources"][0]["folders"][4]["refused"], 1);

    // And the tree's cards play: their scenarios pass.
    assert_scenarios_pass(loaded);
}

#[test]
fn the_tree_given_as_the_folder_to_load_is_a_folder_of_packs_whose_tokens_cross() {
    // Loaded directly, the tree's top folders are packs of their own: the
    // starter deck's Sprite Caller and its Glimmer Sprite (a booster's
    // neutral file) live in two packs.
    let loaded = load(&[root().join("card-packs"), fixture()]);
    let owner = |id: &str| loaded.pack_of(id).map(|p| p.id.clone());
    assert_eq!(owner("CTS01-001").as_deref(), Some("starterdecks"));
    assert_eq!(owner("CTB01-T01").as_deref(), Some("boosterpacks"));
    assert_eq!(owner("CTCP01-001").as_deref(), Some("collabpacks"));
    assert_eq!(owner("SD01-003").as_deref(), Some("starter-scripts"));
    let problems: Vec<String> = loaded
        .diagnostics
        .iter()
        .filter(|d| d.severity != Severity::Note)
        .map(ToString::to_string)
        .filter(|d| !d.contains("no pack.toml: loaded as script pack"))
        .collect();
    assert_eq!(problems.len(), 2, "{problems:#?}");
    assert!(problems[0].ends_with(
        "community-tree/tests: warning: not a pack, skipped: it has no pack.toml and no .txt scripts in it or in its subfolders"
    ));
    assert!(problems[1].contains("latin1.txt:3:9: error: not a text file"));
    // The token of another pack is summoned at play.
    assert_scenarios_pass(loaded);
}

/// A script pack `root/folder` with a pack.toml (`extra` added to it) and
/// one script.
fn script_pack(root: &Path, folder: &str, extra: &str, cards: &str) -> PathBuf {
    let dir = root.join(folder);
    std::fs::create_dir_all(&dir).expect("pack folder");
    std::fs::write(
        dir.join("pack.toml"),
        format!(
            "id = \"{folder}\"\nname = \"{folder}\"\nversion = \"1.0.0\"\nkind = \"script\"\napi = \"^0.1\"\n{extra}"
        ),
    )
    .expect("pack.toml");
    std::fs::write(dir.join("cards.txt"), cards).expect("cards.txt");
    dir
}

const EMBER_IMP: &str = "name Ember Imp;\nid TOK-T01;\nclass Dragon;\ntype Follower / Token;\ntrait Imp;\ncost 1;\nstats 1/1;\n";

const CALLERS: &str = "name Imp Caller;\nid CAL-001;\nclass Dragon;\ntype Follower;\ntrait Imp;\ncost 2;\nstats 1/1;\nability Fanfare {\n    effect SummonToken(Ember Imp, Field, 1);\n}\n\nname Imp Misspeller;\nid CAL-002;\nclass Dragon;\ntype Follower;\ntrait Imp;\ncost 2;\nstats 1/1;\nability Fanfare {\n    effect SummonToken(Ember Imps, Field, 1);\n}\n";

fn unresolved(loaded: &LoadedPacks) -> Vec<String> {
    loaded
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .filter(|d| d.contains("no card named"))
        .collect()
}

#[test]
fn a_token_defined_in_another_pack_resolves_at_load_at_reload_and_at_play() {
    let packs = scratch("token-other-pack");
    script_pack(&packs, "callers", "", CALLERS);
    // Without the token's pack, both names are unknown to the library.
    let mut library = PackLibrary::open(
        std::slice::from_ref(&packs),
        &sve_tests::load_options(Base::Starter, &[]),
    )
    .expect("the pack engine starts");
    let missing = unresolved(&library.loaded());
    assert_eq!(missing.len(), 2, "{missing:#?}");
    assert!(
        missing[0].ends_with(
            "callers/cards.txt:9:24: warning: no card named `Ember Imp` in this pack or any other loaded pack"
        ),
        "{missing:#?}"
    );
    // The token's pack moves in: a reload resolves the name, and only the
    // misspelt one is still named.
    let tokens = script_pack(&packs, "tokens", "", EMBER_IMP);
    library.reload(&tokens).expect("the token pack loads");
    let loaded = library.loaded();
    let missing = unresolved(&loaded);
    assert_eq!(missing.len(), 1, "{missing:#?}");
    assert!(
        missing[0].ends_with(
            "callers/cards.txt:20:24: warning: no card named `Ember Imps` in this pack or any other loaded pack (did you mean `Ember Imp`?)"
        ),
        "{missing:#?}"
    );
    // At play, the caller's pack hands the name to the host, which finds
    // the other pack's token.
    let scenario = packs.join("imp-caller.scenario");
    std::fs::write(
        &scenario,
        "# Imp Caller summons another pack's Ember Imp\n[board]\nP1 pp 2/5\nP1 hand: CAL-001\n[actions]\nplay CAL-001\n[expect]\nP1 field: CAL-001, TOK-T01\n",
    )
    .expect("scenario");
    let reports = suite::run_files(&[scenario], &Catalog::from_packs(loaded));
    sve_tests::assert_reports_pass(&reports);
}

const SHARED: &str =
    "name Shared Knight;\nid SHR-001;\nclass Sword;\ntype Follower;\ncost 2;\nstats 2/2;\n";

#[test]
fn a_card_two_dropped_sets_define_is_a_conflict_until_a_priority_decides() {
    let packs = scratch("priority-tie");
    for folder in ["set-a", "set-b"] {
        let dir = packs.join(folder).join("Cards");
        std::fs::create_dir_all(&dir).expect("folder");
        let own = format!(
            "name {folder} Own;\nid {}-001;\nclass Sword;\ntype Follower;\ncost 1;\nstats 1/1;\n",
            folder.to_uppercase()
        );
        std::fs::write(dir.join("cards.txt"), format!("{SHARED}\n{own}")).expect("script");
    }
    // Two folders without a pack.toml: both at priority -1, a tie.
    let loaded = load(std::slice::from_ref(&packs));
    assert_eq!(loaded.pack_of("SHR-001"), None, "no pack gets it");
    let errors: Vec<String> = loaded
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(ToString::to_string)
        .collect();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(
        errors[0].contains("card `SHR-001` is defined by packs `set-a`")
            && errors[0].contains("the highest `priority` (-1) is shared by `set-a` and `set-b`")
            && errors[0].contains("it is left out"),
        "{}",
        errors[0]
    );
    let conflicts: Vec<usize> = loaded.packs.iter().map(|p| p.cards_in_conflict).collect();
    assert_eq!(conflicts, [1, 1]);
    assert_eq!(loaded.shared_cards[0].rule, SharedCardRule::Conflict);
    let report = check::check(&packs, load(std::slice::from_ref(&packs)));
    assert_eq!(
        (report.cards_ok, report.cards_total),
        (2, 4),
        "the shared card is not ok in either pack"
    );

    // A pack.toml with a higher priority decides, and says so.
    std::fs::write(
        packs.join("set-b/pack.toml"),
        "id = \"set-b\"\nname = \"Set B\"\nversion = \"1.0.0\"\nkind = \"script\"\napi = \"^0.1\"\npriority = 1\n",
    )
    .expect("pack.toml");
    let loaded = load(std::slice::from_ref(&packs));
    assert_eq!(
        loaded.pack_of("SHR-001").map(|p| p.id.as_str()),
        Some("set-b")
    );
    assert!(!loaded.has_errors(), "{:#?}", loaded.diagnostics);
    assert!(
        loaded.diagnostics.iter().any(|d| d.severity == Severity::Note
            && d.message
                == "pack `set-a`: card `SHR-001` is also in pack `set-b`, whose version is used (priority 1 over -1)"),
        "{:#?}",
        loaded.diagnostics
    );
    let report = check::check(&packs, load(std::slice::from_ref(&packs)));
    assert_eq!((report.cards_ok, report.cards_total), (4, 4));
}

#[test]
fn an_edit_deep_in_a_tree_reloads_the_tree_and_names_are_checked_again() {
    let packs = scratch("set-tree-reload");
    let tree = packs.join("community-tree");
    copy_tree(&fixture(), &tree);
    let mut library = PackLibrary::open(
        std::slice::from_ref(&packs),
        &sve_tests::load_options(Base::Starter, &[]),
    )
    .expect("the pack engine starts");
    let tokens = tree.join("BoosterPacks/CTB01/Neutral/tokens.txt");
    // A file three folders down belongs to the tree's pack (the watcher
    // reloads that folder).
    assert_eq!(library.pack_dir_of(&tokens), Some(tree.clone()));
    assert_eq!(library.pack_dir_of(&tree), Some(tree.clone()));
    assert_eq!(
        library.pack_dir_of(&tree.join("BoosterPacks")),
        Some(tree.clone())
    );
    // The token is renamed: its callers are named, wherever they are.
    let text = std::fs::read_to_string(&tokens).expect("tokens");
    std::fs::write(&tokens, text.replace("Glimmer Sprite", "Glimmer Spirit")).expect("edit");
    // While a file is refused, a reload keeps the version that plays.
    let refused = library
        .reload(&tree)
        .expect_err("the Latin-1 file is refused");
    assert!(
        refused[0].to_string().contains("latin1.txt:3:9"),
        "{refused:?}"
    );
    std::fs::remove_file(tree.join("BoosterPacks/CTB02/latin1.txt")).expect("remove");
    library.reload(&tree).expect("the tree reloads");
    let missing = unresolved(&library.loaded());
    let missing: Vec<String> = missing
        .iter()
        .map(|d| d.replace(&format!("{}/", tree.display()), ""))
        .collect();
    expect![[r#"
        [
            "BoosterPacks/CTB01/forest.txt:26:24: warning: no card named `Glimmer Sprite` in this pack or any other loaded pack (did you mean `Glimmer Spirit`?)",
            "CollabPacks/Moonlit/rune.txt:14:24: warning: no card named `Glimmer Sprite` in this pack or any other loaded pack (did you mean `Glimmer Spirit`?)",
            "StarterDecks/CTS01.txt:14:24: warning: no card named `Glimmer Sprite` in this pack or any other loaded pack (did you mean `Glimmer Spirit`?)",
        ]
    "#]]
    .assert_debug_eq(&missing);
}
