//! Loading packs as untrusted input: loading never builds (a Rust pack's
//! build script and macros run natively, so only the user's explicit
//! request builds one), a shipped component is checked against its sources
//! by hash, two packs never take one card by folder order (nor is the
//! clash blamed by it: `sets` say who owns a card), no card falls back to
//! another version in silence, and a broken pack file is reported for
//! what it is.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use sve_engine::cards::starter::{STARTER_CARDS_JSON, parse_cards};
use sve_packs::packs::{
    FallbackCard, FallbackReason, Freshness, LoadOptions, LoadedPacks, PlayedVersion, Severity,
    build_rust_pack, check, freshness, load_packs, read_manifest,
};
use sve_tests::Base;

fn root() -> PathBuf {
    sve_tests::workspace_root()
}

/// Load options over the bundled cards, with `dev` as the user's own packs.
fn options(dev: &[PathBuf]) -> LoadOptions {
    sve_tests::load_options(Base::Starter, dev)
}

fn load(dirs: &[PathBuf], dev: &[PathBuf]) -> LoadedPacks {
    load_packs(dirs, &options(dev)).expect("the pack engine starts")
}

/// A fresh, empty folder for one test under `target/test-packs/`.
fn scratch(name: &str) -> PathBuf {
    let dir = root().join("target/test-packs").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Copies a test pack's sources (no built component) into `dest`, with
/// the SDK path made absolute.
fn copy_sources(source: &str, dest: &Path) {
    sve_tests::copy_pack_sources(
        &root().join(source),
        dest,
        &["pack.toml", "Cargo.lock", "build.rs", "src/lib.rs"],
    );
}

/// A script pack folder `root/folder` with a `pack.toml` and one script.
fn script_pack(root: &Path, folder: &str, toml_extra: &str, cards: &str) -> PathBuf {
    let dir = root.join(folder);
    std::fs::create_dir_all(&dir).expect("pack folder");
    std::fs::write(
        dir.join("pack.toml"),
        format!(
            "id = \"{folder}\"\nname = \"{folder}\"\nversion = \"1.0.0\"\nkind = \"script\"\napi = \"^0.1\"\n{toml_extra}"
        ),
    )
    .expect("pack.toml");
    std::fs::write(dir.join("cards.txt"), cards).expect("cards.txt");
    dir
}

/// An SVE Script follower.
fn follower(id: &str, name: &str, stats: &str) -> String {
    format!("name {name};\nid {id};\nclass Forest;\ntype Follower;\ncost 1;\nstats {stats};\n\n")
}

fn errors(loaded: &LoadedPacks) -> Vec<String> {
    sve_tests::load_errors(&loaded.diagnostics)
}

// Item 1: no pack code runs outside the sandbox unless the user asks.

#[test]
fn loading_never_runs_a_packs_build_script() {
    let packs = scratch("never-build");
    let dir = packs.join("build-script");
    copy_sources("tests/packs/build-script", &dir);
    let marker = dir.join("build-script-ran");

    // Every way a front end loads packs: a library, a catalog, a watched
    // catalog with an edit, and a reload.
    let loaded = load(std::slice::from_ref(&packs), &[]);
    assert!(loaded.packs.is_empty(), "a source-only pack is not loaded");
    let message = errors(&loaded).join("\n");
    assert!(
        message.contains("is Rust source without a built component")
            && message.contains("sve pack build")
            && message.contains("--dev-pack")
            && message.contains("runs the pack's build script and macros with your rights"),
        "{message}"
    );
    let catalog =
        sve_packs::catalog::Catalog::open(&packs, &root().join("target")).expect("bundled cards");
    assert!(catalog.packs().is_empty());
    let watched = sve_packs::catalog::Catalog::open_watched(&packs, &root().join("target"), &[])
        .expect("watched");
    let lib_rs = dir.join("src/lib.rs");
    let text = std::fs::read_to_string(&lib_rs).expect("read");
    std::fs::write(&lib_rs, format!("{text}\n// an edit\n")).expect("edit");
    let start = Instant::now();
    let mut news = Vec::new();
    while news.is_empty() && start.elapsed() < Duration::from_secs(5) {
        news = watched.refresh();
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        matches!(
            news.as_slice(),
            [sve_packs::catalog::ReloadNews::Failed {
                kept_previous: false,
                ..
            }]
        ),
        "{news:?}"
    );
    let mut library =
        sve_packs::packs::PackLibrary::open(std::slice::from_ref(&packs), &options(&[]))
            .expect("opens");
    assert!(library.reload(&dir).is_err());
    assert!(
        !marker.exists(),
        "the build script ran: {}",
        marker.display()
    );
}

#[test]
fn only_an_explicit_build_or_a_dev_pack_runs_the_build_script() {
    let packs = scratch("explicit-build");
    let dir = packs.join("build-script");
    copy_sources("tests/packs/build-script", &dir);
    let marker = dir.join("build-script-ran");
    let manifest = read_manifest(&dir).expect("manifest");

    // `sve pack build`: the user asked, the build script runs (the marker
    // shows the test would see it run).
    let mut output = String::new();
    let built = build_rust_pack(&manifest, &root().join("target/packs"), &mut |line| {
        output.push_str(line);
        output.push('\n');
    });
    if let Err(e) = built {
        panic!("building the pack failed: {e}\n{output}");
    }
    assert!(marker.exists(), "an explicit build runs the build script");
    std::fs::remove_file(&marker).expect("remove marker");
    assert_eq!(freshness(&manifest), Freshness::Current);
    let loaded = load(std::slice::from_ref(&packs), &[]);
    assert_eq!(loaded.packs.len(), 1);
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);

    // An edit: a shipped pack loads its component as shipped, with a
    // warning naming the command that rebuilds it; nothing is built.
    let lib_rs = dir.join("src/lib.rs");
    let text = std::fs::read_to_string(&lib_rs).expect("read");
    std::fs::write(&lib_rs, text.replace("Built Follower", "Rebuilt Follower")).expect("edit");
    assert!(matches!(freshness(&manifest), Freshness::Stale { .. }));
    let loaded = load(std::slice::from_ref(&packs), &[]);
    assert_eq!(loaded.packs.len(), 1, "loaded as shipped");
    let warnings: Vec<String> = loaded.diagnostics.iter().map(ToString::to_string).collect();
    assert!(
        warnings.len() == 1
            && warnings[0].contains("warning: loaded as shipped, but its sources have changed")
            && warnings[0].contains(&format!("sve pack build {}", loaded.packs[0].dir.display())),
        "{warnings:?}"
    );
    let name = |loaded: &LoadedPacks| {
        let id = loaded.db.by_card_id("BUILD-001").expect("the card");
        loaded.db.get(id).name.clone()
    };
    assert_eq!(name(&loaded), "Built Follower");
    assert!(!marker.exists(), "loading did not build");

    // Marked as the user's own: rebuilt from the changed sources.
    let loaded = load(std::slice::from_ref(&packs), std::slice::from_ref(&dir));
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    assert_eq!(name(&loaded), "Rebuilt Follower");
    assert!(marker.exists(), "a dev pack is built");
    assert_eq!(freshness(&manifest), Freshness::Current);
}

#[test]
fn the_committed_rust_starter_component_matches_its_sources() {
    let manifest = read_manifest(&root().join("card-packs/rust-starter")).expect("manifest");
    let state = freshness(&manifest);
    assert!(
        state == Freshness::Current,
        "card-packs/rust-starter/rust-starter.wasm does not match its sources ({state:?}); \
         rebuild it with `cargo run --release -p sve -- pack build card-packs/rust-starter` \
         and commit the new rust-starter.wasm"
    );
}

// Item 12: duplicate card ids.

/// A copy of the starter scripts (which define SD01-001) in `packs`.
fn starter_scripts_in(packs: &Path) -> PathBuf {
    let source = root().join("card-packs/starter-scripts");
    let dir = packs.join("starter-scripts");
    std::fs::create_dir_all(&dir).expect("folder");
    for entry in std::fs::read_dir(&source)
        .expect("starter scripts")
        .flatten()
    {
        let path = entry.path();
        let is_pack_file = path.extension().is_some_and(|x| x == "txt")
            || path.file_name().is_some_and(|n| n == "pack.toml");
        if is_pack_file && let Some(name) = path.file_name() {
            std::fs::copy(&path, dir.join(name)).expect("copy");
        }
    }
    dir
}

#[test]
fn a_pack_folder_sorting_first_cannot_take_another_packs_card() {
    // The starter scripts declare set SD01; a pack without `sets` that
    // defines SD01-001 loses it, and is the one blamed, whichever way its
    // folder sorts.
    for folder in ["aaa-hijack", "zzz-hijack"] {
        let packs = scratch(&format!("hijack-{folder}"));
        starter_scripts_in(&packs);
        let cards =
            follower("SD01-001", "Hijacker", "9/9") + &follower("HIJ-001", "Own Card", "1/1");
        script_pack(&packs, folder, "", &cards);
        let loaded = load(std::slice::from_ref(&packs), &[]);
        assert_eq!(
            loaded.pack_of("SD01-001").map(|p| p.id.as_str()),
            Some("starter-scripts"),
            "{folder}: the pack that declares the set plays its card"
        );
        let id = loaded.db.by_card_id("SD01-001").expect("the card");
        assert_ne!(loaded.db.get(id).name, "Hijacker");
        let errors = errors(&loaded);
        assert_eq!(errors.len(), 1, "{errors:#?}");
        assert!(
            errors[0].contains(&format!("{folder}/pack.toml: error: card `SD01-001` is also defined by pack `starter-scripts`, which declares its set (`SD01`) in `sets`; this pack declares no `sets`, so its version is not played")),
            "{}",
            errors[0]
        );
        // Each pack keeps its other cards; the starter scripts all play.
        assert_eq!(
            loaded.pack_of("HIJ-001").map(|p| p.id.as_str()),
            Some(folder)
        );
        let starter = loaded
            .packs
            .iter()
            .find(|p| p.id == "starter-scripts")
            .expect("loaded");
        assert_eq!(
            starter.cards_used(),
            starter.cards,
            "the victim loses nothing"
        );
    }
}

/// A copy of the test pack `tests/packs/<source>` (its pack.toml and
/// scripts) in `packs/<folder>`.
fn test_pack_in(packs: &Path, source: &str, folder: &str) -> PathBuf {
    let dir = packs.join(folder);
    std::fs::create_dir_all(&dir).expect("folder");
    for name in ["pack.toml", "cards.txt"] {
        std::fs::copy(
            root().join("tests/packs").join(source).join(name),
            dir.join(name),
        )
        .expect("copy");
    }
    dir
}

/// The bundled definition of a card.
fn bundled(id: &str) -> sve_engine::cards::CardDef {
    let base = parse_cards(STARTER_CARDS_JSON).expect("bundled cards");
    base.into_iter().find(|c| c.id == id).expect("bundled")
}

#[test]
fn a_pack_without_sets_is_blamed_for_its_clash_and_the_owners_card_plays_with_a_warning() {
    for folder in ["aaa-x", "zzz-x"] {
        let packs = scratch(&format!("undeclared-{folder}"));
        starter_scripts_in(&packs);
        test_pack_in(&packs, "undeclared-sets", folder);
        let loaded = load(std::slice::from_ref(&packs), &[]);
        assert_eq!(
            loaded.pack_of("SD01-001").map(|p| p.id.as_str()),
            Some("starter-scripts"),
            "{folder}"
        );
        assert_eq!(
            loaded.pack_of("UND01-001").map(|p| p.id.as_str()),
            Some("undeclared-sets")
        );
        let errors: Vec<&sve_packs::packs::PackDiagnostic> = loaded
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert_eq!(errors.len(), 1, "{errors:#?}");
        assert!(
            errors[0].file.ends_with(format!("{folder}/pack.toml")),
            "filed at the pack that added the clash: {}",
            errors[0]
        );
        assert_eq!(
            loaded.fallback_cards,
            [FallbackCard {
                card: "SD01-001".to_owned(),
                not_played: vec!["undeclared-sets".to_owned()],
                played: PlayedVersion::Pack("starter-scripts".to_owned()),
                reason: FallbackReason::Sets,
            }]
        );
        assert_eq!(
            loaded.fallback_warnings(),
            [
                "warning: card `SD01-001` plays as pack `starter-scripts`'s version, not as the version of pack `undeclared-sets` (the card's set is not among that pack's `sets` and it does not list the card in `overrides`; `sve pack check` says more)"
            ]
        );
        let used: Vec<(String, usize, usize)> = loaded
            .packs
            .iter()
            .map(|p| (p.id.clone(), p.cards, p.cards_used()))
            .collect();
        assert!(
            used.contains(&("starter-scripts".to_owned(), 115, 115))
                && used.contains(&("undeclared-sets".to_owned(), 2, 1)),
            "{used:?}"
        );
        let catalog = sve_packs::catalog::Catalog::from_packs(loaded);
        assert_eq!(catalog.fallback_cards().len(), 1, "the client can show it");
        let report = check::check(&packs, load(std::slice::from_ref(&packs), &[]));
        assert_eq!((report.cards_ok, report.cards_total), (116, 117));
        assert_eq!(report.json()["fallback_cards"][0]["card"], "SD01-001");
    }
}

#[test]
fn a_card_outside_its_packs_declared_sets_is_that_packs_error_and_never_plays_from_it() {
    for folder in ["aaa-x", "zzz-x"] {
        let packs = scratch(&format!("outside-sets-{folder}"));
        starter_scripts_in(&packs);
        test_pack_in(&packs, "outside-sets", folder);
        let loaded = load(std::slice::from_ref(&packs), &[]);
        assert_eq!(
            loaded.pack_of("SD01-001").map(|p| p.id.as_str()),
            Some("starter-scripts"),
            "{folder}"
        );
        assert_eq!(
            loaded.pack_of("OUT01-001").map(|p| p.id.as_str()),
            Some("outside-sets")
        );
        let errors = errors(&loaded);
        assert_eq!(errors.len(), 1, "{errors:#?}");
        assert!(
            errors[0].contains(&format!("{folder}/pack.toml: error: card `SD01-001` is outside this pack's sets (`OUT01`): add its set to `sets`, or list it in `overrides` to replace another pack's version")),
            "{}",
            errors[0]
        );
        assert_eq!(loaded.fallback_cards.len(), 1);
    }
    // Alone, the card is still refused: the bundled card stays.
    let packs = scratch("outside-sets-alone");
    test_pack_in(&packs, "outside-sets", "outside-sets");
    let loaded = load(std::slice::from_ref(&packs), &[]);
    assert_eq!(loaded.pack_of("SD01-001"), None);
    let id = loaded.db.by_card_id("SD01-001").expect("the card");
    assert_eq!(loaded.db.get(id), &bundled("SD01-001"));
    let errors = errors(&loaded);
    assert!(
        errors.len() == 1 && errors[0].contains("(it keeps its bundled definition)"),
        "{errors:#?}"
    );
    assert_eq!(loaded.fallback_cards[0].played, PlayedVersion::Bundled);
}

#[test]
fn two_packs_declaring_one_set_and_defining_one_card_are_both_blamed_and_the_fallback_warned() {
    let mut seen = Vec::new();
    for folder in ["aaa-x", "zzz-x"] {
        let packs = scratch(&format!("declared-twice-{folder}"));
        starter_scripts_in(&packs);
        test_pack_in(&packs, "declares-starter-set", folder);
        let loaded = load(std::slice::from_ref(&packs), &[]);
        assert_eq!(loaded.pack_of("SD01-001"), None, "{folder}");
        let id = loaded.db.by_card_id("SD01-001").expect("the card");
        assert_eq!(loaded.db.get(id), &bundled("SD01-001"));
        let mut errors: Vec<String> = loaded
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| {
                assert!(
                    d.message.contains("`declares-starter-set`")
                        && d.message.contains("`starter-scripts`")
                        && d.message.contains("each declaring the set in `sets`"),
                    "both named: {d}"
                );
                d.file
                    .strip_prefix(&packs)
                    .map(|p| p.display().to_string())
                    .unwrap_or_default()
            })
            .collect();
        errors.sort();
        let mut expected = [
            format!("{folder}/pack.toml"),
            "starter-scripts/pack.toml".to_owned(),
        ];
        expected.sort();
        assert_eq!(errors, expected, "filed at both");
        let warnings = loaded.fallback_warnings();
        assert_eq!(
            warnings.len(),
            1,
            "one line for the card wherever it is played: {warnings:?}"
        );
        assert!(
            warnings[0].starts_with("warning: card `SD01-001` plays as its bundled version (no abilities), not as the versions of packs"),
            "{}",
            warnings[0]
        );
        seen.push(loaded.fallback_cards[0].reason);
    }
    assert_eq!(seen, [FallbackReason::Conflict, FallbackReason::Conflict]);
}

#[test]
fn a_declared_override_replaces_another_packs_card_and_is_shown_as_a_note() {
    let packs = scratch("override");
    starter_scripts_in(&packs);
    script_pack(
        &packs,
        "fixes",
        "overrides = [\"SD01-001\"]\n",
        &follower("SD01-001", "Fixed Card", "2/2"),
    );
    let loaded = load(std::slice::from_ref(&packs), &[]);
    assert!(errors(&loaded).is_empty(), "{:?}", errors(&loaded));
    assert_eq!(
        loaded.pack_of("SD01-001").map(|p| p.id.as_str()),
        Some("fixes")
    );
    let id = loaded.db.by_card_id("SD01-001").expect("the card");
    assert_eq!(loaded.db.get(id).name, "Fixed Card");
    let notes: Vec<String> = loaded
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Note)
        .map(ToString::to_string)
        .collect();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].ends_with(
            "fixes/pack.toml: note: pack `fixes` replaces card `SD01-001` of pack `starter-scripts` (declared in `overrides`)"
        ),
        "{}",
        notes[0]
    );
}

#[test]
fn two_packs_overriding_one_card_both_lose_it() {
    let packs = scratch("override-twice");
    starter_scripts_in(&packs);
    for folder in ["first-fix", "second-fix"] {
        script_pack(
            &packs,
            folder,
            "overrides = [\"SD01-001\"]\n",
            &follower("SD01-001", folder, "3/3"),
        );
    }
    let loaded = load(std::slice::from_ref(&packs), &[]);
    assert_eq!(loaded.pack_of("SD01-001"), None);
    let errors = errors(&loaded);
    assert_eq!(errors.len(), 2, "filed at both: {errors:#?}");
    for (error, folder) in errors.iter().zip(["first-fix", "second-fix"]) {
        assert!(
            error.contains(&format!("{folder}/pack.toml: error: card `SD01-001` is listed in `overrides` by packs `first-fix`"))
                && error.contains("and `second-fix`")
                && error.contains("only one pack may replace a card"),
            "{error}"
        );
    }
}

// Item 10: messages that mislead, and checks that match play.

/// A Rust pack folder with a given component file and no sources.
fn shipped_pack(packs: &Path, id: &str, component: &[u8]) -> PathBuf {
    let dir = packs.join(id);
    std::fs::create_dir_all(&dir).expect("folder");
    std::fs::write(
        dir.join("pack.toml"),
        format!(
            "id = \"{id}\"\nname = \"{id}\"\nversion = \"1.0.0\"\nkind = \"rust\"\napi = \"^0.1\"\n"
        ),
    )
    .expect("pack.toml");
    std::fs::write(dir.join(format!("{id}.wasm")), component).expect("component");
    dir
}

#[test]
fn a_corrupt_component_is_reported_as_not_a_valid_component() {
    let packs = scratch("corrupt");
    let real = std::fs::read(root().join("card-packs/rust-starter/rust-starter.wasm"))
        .expect("the committed component");
    shipped_pack(&packs, "garbage", b"this is not wasm at all");
    shipped_pack(&packs, "truncated", &real[..real.len() / 2]);
    let loaded = load(std::slice::from_ref(&packs), &[]);
    let errors = errors(&loaded);
    assert_eq!(errors.len(), 2, "{errors:#?}");
    for error in &errors {
        assert!(
            error.contains("error: not a valid wasm component: ") && !error.contains("export_pack"),
            "{error}"
        );
    }
}

#[test]
fn a_panicking_manifest_reports_the_panic_message() {
    let dir = crate::packs::built("tests/packs/manifest-panic");
    let loaded = load(&[dir], &[]);
    let errors = errors(&loaded);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(
        errors[0].contains("the manifest call failed")
            && errors[0].contains("the card list is deliberately broken"),
        "{}",
        errors[0]
    );
}

#[test]
fn a_script_pack_whose_api_the_host_does_not_meet_is_refused_as_play_refuses_it() {
    let packs = scratch("script-api");
    script_pack(
        &packs,
        "future-script",
        "",
        &follower("FUT-001", "Future Card", "1/1"),
    );
    let toml = packs.join("future-script/pack.toml");
    let text = std::fs::read_to_string(&toml).expect("read");
    std::fs::write(&toml, text.replace("^0.1", "^9.0")).expect("write");
    // `sve pack check` loads through this very function.
    let loaded = load(std::slice::from_ref(&packs), &[]);
    assert!(loaded.packs.is_empty(), "refused");
    let errors = errors(&loaded);
    assert!(
        errors.len() == 1
            && errors[0].contains(
                "field `api` = \"^9.0\" does not accept any card API version this host runs (0.1.0, 0.2.0, 0.3.0)"
            ),
        "{errors:#?}"
    );
}

// Loading reads untrusted folders: no link, device or loop may hang it.

#[cfg(unix)]
#[test]
fn a_pack_whose_files_link_to_a_device_or_loop_loads_without_hanging() {
    use std::os::unix::fs::symlink;
    let packs = scratch("links");
    // Sources whose hash must not read /dev/zero or walk a loop forever.
    let dir = packs.join("linked-sources");
    copy_sources("tests/packs/build-script", &dir);
    symlink("/dev/zero", dir.join("src/zero.rs")).expect("link");
    symlink("/dev/zero", dir.join("build.rs.link")).expect("link");
    symlink(&dir, dir.join("src/loop")).expect("link");
    std::fs::remove_file(dir.join("Cargo.lock")).expect("remove");
    symlink("/dev/zero", dir.join("Cargo.lock")).expect("link");
    std::fs::write(dir.join("build-script.wasm"), b"not a component").expect("write");
    // A manifest and a component that are devices.
    let device_toml = packs.join("device-toml");
    std::fs::create_dir_all(&device_toml).expect("folder");
    symlink("/dev/zero", device_toml.join("pack.toml")).expect("link");
    let device_wasm = shipped_pack(&packs, "device-wasm", b"");
    std::fs::remove_file(device_wasm.join("device-wasm.wasm")).expect("remove");
    symlink("/dev/zero", device_wasm.join("device-wasm.wasm")).expect("link");

    let start = Instant::now();
    let loaded = load(std::slice::from_ref(&packs), &[]);
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
    assert!(loaded.packs.is_empty());
    let errors = errors(&loaded);
    assert_eq!(errors.len(), 3, "{errors:#?}");
    assert!(
        errors
            .iter()
            .any(|e| e.contains("device-toml/pack.toml: error: cannot read: not a regular file")),
        "{errors:#?}"
    );
    assert!(
        errors
            .iter()
            .any(|e| e.contains("device-wasm.wasm") && e.contains("not a regular file")),
        "{errors:#?}"
    );
    assert!(
        errors
            .iter()
            .any(|e| e.contains("linked-sources") && e.contains("not a valid wasm component")),
        "{errors:#?}"
    );
}

#[test]
fn a_pack_cannot_pass_for_another_by_taking_its_id() {
    let packs = scratch("same-id");
    let real = script_pack(&packs, "real", "", &follower("REAL-001", "Real", "1/1"));
    let copy = script_pack(&packs, "copy", "", &follower("COPY-001", "Copy", "1/1"));
    for dir in [&real, &copy] {
        let toml = dir.join("pack.toml");
        let text = std::fs::read_to_string(&toml).expect("read");
        let text = text.replacen("id = \"real\"", "id = \"shared\"", 1);
        let text = text.replacen("id = \"copy\"", "id = \"shared\"", 1);
        std::fs::write(&toml, text).expect("write");
    }
    let loaded = load(std::slice::from_ref(&packs), &[]);
    assert_eq!(
        loaded.packs.len(),
        2,
        "both load; their folders tell them apart"
    );
    let warnings: Vec<String> = loaded
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .map(ToString::to_string)
        .collect();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0]
            .contains("real/pack.toml: warning: pack id `shared` is also the id of the pack in ")
            && warnings[0].contains("copy"),
        "{}",
        warnings[0]
    );
}

#[test]
fn a_pack_file_that_is_a_fifo_is_refused_without_blocking() {
    let packs = scratch("fifo");
    let toml = packs.join("fifo-toml");
    std::fs::create_dir_all(&toml).expect("folder");
    let script = packs.join("fifo-script");
    std::fs::create_dir_all(&script).expect("folder");
    // Opening a FIFO for reading blocks until a writer comes: the loader
    // must ask what a file is before it opens it.
    for fifo in [toml.join("pack.toml"), script.join("cards.txt")] {
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(made.success(), "mkfifo {}", fifo.display());
    }
    std::fs::write(script.join("more.txt"), "").expect("write");
    let loaded = load(std::slice::from_ref(&packs), &[]);
    let errors = errors(&loaded);
    assert!(
        errors
            .iter()
            .any(|e| e.contains("fifo-toml/pack.toml") && e.contains("not a regular file")),
        "{errors:#?}"
    );
    // The script folder's FIFO is not a file: it is refused, named and
    // not opened.
    assert!(
        errors.iter().any(|e| e.contains("fifo-script/cards.txt")
            && e.contains("cannot read: not a regular file")),
        "{errors:#?}"
    );
}

// Every construct plays or is an error for its card (issue 11).

#[test]
fn a_card_with_a_construct_the_runtime_cannot_play_is_listed_as_unplayable_and_refused_in_decks() {
    let packs = scratch("unplayable");
    // A continuous ability can't reach cards by a keyword the pack
    // declares (an ability's own effects can).
    let grudge = "name Grudge Keeper;\nid UNP-001;\nclass Forest;\ntype Follower;\ncost 1;\nstats 1/1;\n\
                  ability Passive {\n    effect GiveKeyword(Ward, WhileOnField) to AllPlayerCards Fk(Overheat);\n}\n\n";
    let overheat = "name Overheat;\nid UNP-K01;\ntype Keyword;\ntext \"Hot.\";\n\
                    ability StartEndPhase {\n    effect DealDamage(1) to Self;\n}\n\n";
    let cards = format!(
        "{grudge}{}{overheat}",
        follower("UNP-002", "Plain Elf", "1/1")
    );
    script_pack(&packs, "unplayable", "", &cards);
    let loaded = load(std::slice::from_ref(&packs), &[]);
    let errors = errors(&loaded);
    assert!(
        errors.len() == 1
            && errors[0].contains("cards.txt:7")
            && errors[0].contains("UNP-001")
            && errors[0].contains("the card can't be played"),
        "{errors:#?}"
    );
    let def = |id: &str| {
        let found = loaded.db.by_card_id(id).map(|d| loaded.db.get(d).clone());
        found.unwrap_or_else(|| panic!("{id} is listed"))
    };
    assert!(def("UNP-001").unplayable.is_some());
    assert_eq!(def("UNP-002").unplayable, None);
    // A deck holding it is refused with the reason.
    let mut deck = "# Leader\n1 BP01-LD01\n# Main Deck\n3 UNP-001\n".to_owned();
    for id in [
        "SD01-001", "SD01-002", "SD01-003", "SD01-005", "SD01-006", "SD01-009",
    ] {
        deck.push_str(&format!("3 {id}\n"));
    }
    for id in [
        "SD01-011", "SD01-012", "SD01-013", "SD01-014", "SD01-015", "SD01-016", "SD01-010",
        "SD01-004",
    ] {
        deck.push_str(&format!("3 {id}\n"));
    }
    let file = sve_engine::decks::parse_deck(&deck, "grudge.txt").expect("parses");
    let problems: Vec<String> = sve_engine::decks::check_deck(&file, &loaded.db)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("grudge.txt:4: `UNP-001` (Grudge Keeper) can't be played: ")),
        "{problems:#?}"
    );
}

#[test]
fn a_keyword_giving_a_keyword_with_continuous_abilities_is_its_packs_error_and_the_pool_loads() {
    let packs = scratch("keyword-gives-keyword");
    let plated = "name Plated;\nid KGK-K01;\ntype Keyword;\ntext \"Tough.\";\n\
                  ability Passive {\n    effect GiveStat(Def, 1, WhileOnField) to Self;\n}\n\n";
    let spread = "name Spread;\nid KGK-K02;\ntype Keyword;\ntext \"Shares.\";\n\
                  ability Passive {\n    effect GiveKeyword(Plated, WhileOnField) to AllPlayerCards F;\n}\n\n";
    let cards = format!(
        "{plated}{spread}{}",
        follower("KGK-001", "Plain Elf", "1/1")
    );
    script_pack(&packs, "keyword-gives-keyword", "", &cards);
    let loaded = load(std::slice::from_ref(&packs), &[]);
    let errors = errors(&loaded);
    assert!(
        errors
            .iter()
            .any(|e| e.contains("keyword `Spread` gives the keyword `Plated`")),
        "{errors:#?}"
    );
    assert!(
        loaded.db.by_card_id("KGK-001").is_some(),
        "the pool still loads"
    );
    assert!(loaded.db.declared_keyword("Spread").is_none());
    assert!(loaded.db.declared_keyword("Plated").is_some());
}
