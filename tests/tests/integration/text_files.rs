//! Text files in every reader: a UTF-8 byte order mark, CRLF and CR-only
//! line ends read as plain lines; a file that is not text is refused naming
//! the file; an over-full board is an error naming its line. One test per
//! case, named after it.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use sve_engine::board::{Board, BuildError, Side};
use sve_engine::engine::PlayerId;
use sve_packs::catalog::Catalog;
use sve_packs::deck_files::load_deck;
use sve_packs::packs::{LoadOptions, PackLibrary, Severity, load_packs, read_manifest};
use sve_scenario::file::ScenarioFile;
use sve_scenario::suite::{FileStatus, run_file};
use sve_tests::Base;

/// A fresh folder under the workspace's target dir.
fn temp_dir(name: &str) -> PathBuf {
    let dir = sve_tests::workspace_root()
        .join("target/test-text-files")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    dir
}

/// The text with a byte order mark and every `\n` made `line_end`.
fn as_written(text: &str, line_end: &str) -> Vec<u8> {
    format!("\u{feff}{}", text.replace('\n', line_end)).into_bytes()
}

fn starter_deck_text() -> String {
    let path = sve_tests::workspace_root().join("card-packs/starter-scripts/decks/SD01.txt");
    std::fs::read_to_string(path).expect("the SD01 deck list")
}

fn load_deck_bytes(name: &str, bytes: &[u8]) -> PathBuf {
    let file = temp_dir(name).join("deck.txt");
    std::fs::write(&file, bytes).expect("write");
    file
}

#[test]
fn a_deck_list_with_a_bom_and_crlf_line_ends_loads_like_the_plain_one() {
    let plain = load_deck_bytes("deck-plain", starter_deck_text().as_bytes());
    let crlf = load_deck_bytes("deck-crlf", &as_written(&starter_deck_text(), "\r\n"));
    let plain = load_deck(&plain.display().to_string()).expect("plain deck");
    let crlf = load_deck(&crlf.display().to_string()).expect("BOM and CRLF deck");
    assert_eq!(crlf.title, plain.title);
    assert_eq!(crlf.leader, plain.leader);
    assert_eq!(crlf.main, plain.main);
    assert_eq!(crlf.evolve, plain.evolve);
}

#[test]
fn a_cr_only_deck_list_loads_like_the_plain_one() {
    let plain = load_deck_bytes("deck-plain-cr", starter_deck_text().as_bytes());
    let cr = load_deck_bytes("deck-cr", &as_written(&starter_deck_text(), "\r"));
    let plain = load_deck(&plain.display().to_string()).expect("plain deck");
    let cr = load_deck(&cr.display().to_string()).expect("CR-only deck");
    assert_eq!(cr.main, plain.main);
    assert!(!cr.main.is_empty());
}

#[test]
fn a_binary_deck_file_is_refused_naming_the_file() {
    let file = load_deck_bytes("deck-binary", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR");
    let errors = load_deck(&file.display().to_string()).expect_err("not text");
    assert_eq!(errors.len(), 1);
    let message = errors[0].to_string();
    assert!(message.contains(&file.display().to_string()), "{message}");
    assert!(
        message.contains("not a text file: bytes that are not UTF-8 at line 1, column 1"),
        "{message}"
    );
}

const SCENARIO: &str = "# Okami on the field\n[board]\nP1 field: BP01-021\n\n[expect]\nP1 BP01-021 attack 5 defense 5\n";

fn run_scenario_bytes(name: &str, bytes: &[u8]) -> sve_scenario::suite::FileReport {
    let file = temp_dir(name).join("okami.scenario");
    std::fs::write(&file, bytes).expect("write");
    let catalog = Catalog::vanilla().expect("starter cards");
    run_file(&file, &catalog)
}

#[test]
fn a_scenario_file_with_a_bom_and_crlf_line_ends_passes() {
    let report = run_scenario_bytes("scenario-crlf", &as_written(SCENARIO, "\r\n"));
    assert_eq!(report.status, FileStatus::Pass, "{report}");
    assert_eq!(report.title.as_deref(), Some("Okami on the field"));
}

#[test]
fn a_cr_only_scenario_file_passes() {
    let report = run_scenario_bytes("scenario-cr", &as_written(SCENARIO, "\r"));
    assert_eq!(report.status, FileStatus::Pass, "{report}");
}

#[test]
fn a_binary_scenario_file_is_refused_naming_the_file() {
    let report = run_scenario_bytes("scenario-binary", b"# title\n[board]\n\0\0\0");
    assert_eq!(report.status, FileStatus::Fail);
    assert_eq!(report.errors.len(), 1, "{report}");
    assert!(
        report.errors[0]
            .contains("okami.scenario: not a text file: a NUL byte at line 3, column 1"),
        "{report}"
    );
}

#[test]
fn an_over_full_field_in_a_scenario_file_is_an_error_naming_the_line() {
    let text = "# six on the field\n[board]\nP1 pp 3\nP1 field: BP01-021 x6\n[expect]\nP1 pp 3\n";
    let errors = ScenarioFile::parse(text).expect_err("six field cards");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].line(), 4);
    assert!(
        errors[0]
            .message()
            .contains("`field:` lists 6 cards; the field holds at most 5"),
        "{}",
        errors[0].message()
    );
}

#[test]
fn an_over_full_ex_area_in_a_scenario_file_is_an_error_naming_the_line() {
    let text = "[board]\nP2 ex: BP01-021, BP01-021, BP01-021, BP01-021, BP01-021, BP01-021\n[expect]\nP1 pp 0\n";
    let errors = ScenarioFile::parse(text).expect_err("six EX cards");
    assert_eq!(errors[0].line(), 2);
    assert!(
        errors[0].message().contains("the EX area holds at most 5"),
        "{}",
        errors[0].message()
    );
}

#[test]
fn the_board_builder_refuses_an_over_full_field_instead_of_dropping_cards() {
    let err = Board::builder()
        .side(
            PlayerId(0),
            Side::new().field(["V1", "V1", "V1", "V1", "V1", "V2"]),
        )
        .try_build()
        .err()
        .expect("six field cards");
    assert!(
        matches!(
            err,
            BuildError::ZoneFull {
                count: 6,
                limit: 5,
                ..
            }
        ),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "P1's field has 6 cards; it holds at most 5"
    );
}

fn library(dir: &Path) -> PackLibrary {
    sve_tests::pack_library(&[dir.to_owned()], Base::StarterAndTestCards)
}

/// A copy of the reloadable script pack, its files written as given.
fn script_pack(name: &str, cards: &[u8], manifest: &[u8]) -> PathBuf {
    let dir = temp_dir(name).join("script-reloadable");
    std::fs::create_dir_all(&dir).expect("folder");
    std::fs::write(dir.join("cards.txt"), cards).expect("write");
    std::fs::write(dir.join("pack.toml"), manifest).expect("write");
    dir
}

fn reloadable(file: &str) -> String {
    let path = sve_tests::workspace_root()
        .join("tests/packs/script-reloadable")
        .join(file);
    std::fs::read_to_string(path).expect("the reloadable script pack")
}

#[test]
fn a_script_with_a_bom_keeps_its_first_card() {
    let dir = script_pack(
        "script-bom",
        &as_written(&reloadable("cards.txt"), "\n"),
        reloadable("pack.toml").as_bytes(),
    );
    let loaded = library(&dir).loaded();
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    assert!(loaded.db.by_card_id("TEST-S01").is_some());
}

#[test]
fn a_cr_only_script_loads_every_card() {
    let dir = script_pack(
        "script-cr",
        reloadable("cards.txt").replace('\n', "\r").as_bytes(),
        reloadable("pack.toml").as_bytes(),
    );
    let loaded = library(&dir).loaded();
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    assert_eq!(loaded.packs[0].cards, 1);
}

#[test]
fn a_cr_only_script_with_a_mistake_fails_to_load_with_its_position() {
    let broken = reloadable("cards.txt").replace("DealDamage(1)", "DealDamag(1)");
    let dir = script_pack(
        "script-cr-broken",
        broken.replace('\n', "\r").as_bytes(),
        reloadable("pack.toml").as_bytes(),
    );
    let loaded = load_packs(std::slice::from_ref(&dir), &LoadOptions::default()).expect("engine");
    assert!(loaded.has_errors(), "0 of 1 cards must not pass quietly");
    let error = loaded
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error && d.line.is_some())
        .expect("a located error");
    assert_eq!((error.line, error.col), (Some(13), Some(12)), "{error}");
}

#[test]
fn a_binary_script_file_makes_a_hot_reload_fail_and_the_old_cards_keep_playing() {
    let dir = script_pack(
        "script-binary",
        reloadable("cards.txt").as_bytes(),
        reloadable("pack.toml").as_bytes(),
    );
    let mut library = library(&dir);
    let loaded = library.loaded();
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    let mut s = Board::builder()
        .db(Arc::clone(&loaded.db))
        .runner(loaded.runner())
        .side(
            PlayerId(0),
            Side::new().hand(["Script Spark", "Script Spark"]).pp(2),
        )
        .build();
    s.play("Script Spark");
    assert_eq!(s.game.state().player(PlayerId(1)).leader_defense, 19);

    std::fs::write(dir.join("cards.txt"), b"\x7fELF\x02\x01\x01\0\0\0\0garbage").expect("write");
    let problems = library
        .reload(&dir)
        .expect_err("binary garbage does not reload");
    let first = problems[0].to_string();
    assert!(
        first.contains("cards.txt:1:8: error: not a text file: a NUL byte"),
        "{first}"
    );
    // The previous version is still loaded and plays.
    assert!(library.loaded().db.by_card_id("TEST-S01").is_some());
    s.play("Script Spark");
    assert_eq!(s.game.state().player(PlayerId(1)).leader_defense, 18);
}

#[test]
fn a_pack_toml_with_a_bom_and_crlf_reads() {
    let dir = script_pack(
        "manifest-bom",
        reloadable("cards.txt").as_bytes(),
        &as_written(&reloadable("pack.toml"), "\r\n"),
    );
    let manifest = read_manifest(&dir).expect("BOM and CRLF manifest");
    assert_eq!(manifest.id, "script-reloadable");
}

#[test]
fn a_binary_pack_toml_is_refused_naming_the_file() {
    let dir = script_pack(
        "manifest-binary",
        reloadable("cards.txt").as_bytes(),
        b"id = \"x\0\"",
    );
    let err = read_manifest(&dir).expect_err("binary manifest");
    assert!(err.file.ends_with("pack.toml"));
    assert_eq!(
        err.message,
        "not a text file: a NUL byte at line 1, column 8 (byte 7)"
    );
}

#[test]
fn a_binary_card_text_file_is_a_warning_naming_the_file() {
    let dir = script_pack(
        "text-data-binary",
        reloadable("cards.txt").as_bytes(),
        reloadable("pack.toml").as_bytes(),
    );
    std::fs::write(dir.join("cards.ja.json"), b"[{\"id\":\"TEST-S01\0\"}]").expect("write");
    std::fs::write(
        dir.join("more.ja.json"),
        as_written(
            "[{\"id\":\"TEST-S01\",\"name\":\"\\u001b[31mRed\",\"cardText\":\"a\\r\\nb\"}]",
            "\r\n",
        ),
    )
    .expect("write");
    let loaded = load_packs(
        std::slice::from_ref(&dir),
        &LoadOptions {
            language: Some("ja".to_owned()),
            ..LoadOptions::default()
        },
    )
    .expect("engine");
    let warning = loaded
        .diagnostics
        .iter()
        .find(|d| d.file.ends_with("cards.ja.json"))
        .expect("a warning for the binary file");
    assert_eq!(warning.severity, Severity::Warning);
    assert!(
        warning.message.contains("not a text file: a NUL byte"),
        "{warning}"
    );
    // The other file applies, its pack text cleaned.
    let card = loaded
        .db
        .get(loaded.db.by_card_id("TEST-S01").expect("card"));
    assert_eq!(card.shown_name.as_deref(), Some("\u{fffd}[31mRed"));
    assert_eq!(card.text, "a\nb");
}

#[test]
fn a_deck_list_with_ansi_escapes_is_reported_escaped() {
    let file = load_deck_bytes(
        "deck-escapes",
        "\u{1b}]0;pwned\u{7}Title\n# Leader\n1 BP01-LD01\n# Main Deck\n3 \u{1b}[2JNOPE-1\n"
            .as_bytes(),
    );
    let deck = load_deck(&file.display().to_string()).expect("parses");
    assert!(!deck.title.contains('\u{1b}'), "{:?}", deck.title);
    let db = sve_engine::cards::starter::starter_db().expect("starter cards");
    let problems = sve_engine::decks::check_deck(&deck, &db);
    let shown: Vec<String> = problems.iter().map(ToString::to_string).collect();
    assert!(
        shown.iter().any(|p| p.contains("\\u{1b}[2JNOPE-1")),
        "{shown:?}"
    );
    assert!(shown.iter().all(|p| !p.contains('\u{1b}')), "{shown:?}");
}

#[test]
fn a_failing_scenario_report_with_ansi_escapes_is_printed_escaped() {
    let report = run_scenario_bytes(
        "scenario-escapes",
        "# t\n[board]\nP1 field: \u{1b}[2JNOPE\n".as_bytes(),
    );
    assert_eq!(report.status, FileStatus::Fail);
    let printed = report.to_string();
    assert!(!printed.contains('\u{1b}'), "{printed:?}");
    assert!(printed.contains("\\u{1b}[2J"), "{printed}");
}
