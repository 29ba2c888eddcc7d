//! Pack text is data: terminal escapes, bidirectional overrides, stray line
//! breaks and strings of tens of megabytes from a pack (`tests/packs/
//! hostile-text`) reach the host's messages, log, questions and card data
//! cleaned and capped; a card id that breaks the id rule refuses its pack,
//! naming the card. One test per attack, named after it.

use super::packs::load;
use std::sync::Arc;
use sve_engine::board::{Board, Side};
use sve_engine::engine::{Choice, Event, PlayerId, Prompt};
use sve_packs::packs::guest_text::{
    MAX_LABEL_CHARS, MAX_MESSAGE_CHARS, MAX_PROMPT_CHARS, MAX_TRAIT_CHARS,
};
use sve_packs::packs::{LoadOptions, LoadedPacks, Severity, load_packs, script_pack};

const P1: PlayerId = PlayerId(0);
const PACK: &str = "tests/packs/hostile-text";

/// Characters that drive a terminal or reorder what it shows.
const DANGEROUS: &[char] = &['\u{1b}', '\u{7}', '\u{9b}', '\u{202e}', '\r'];

fn assert_clean(text: &str, context: &str) {
    for ch in DANGEROUS {
        assert!(
            !text.contains(*ch),
            "{context}: {ch:?} in {:?}",
            short(text)
        );
    }
}

fn assert_one_line(text: &str, context: &str) {
    assert_clean(text, context);
    assert!(
        !text.contains('\n'),
        "{context}: a line break in {:?}",
        short(text)
    );
}

fn short(text: &str) -> String {
    text.chars().take(200).collect()
}

fn loaded() -> LoadedPacks {
    load(&[PACK])
}

/// Plays one spell of the pack with a follower on the field; returns the
/// fizzle reasons and the scenario.
fn play(loaded: &LoadedPacks, name: &str) -> (Vec<String>, Board) {
    let mut s = Board::builder()
        .db(Arc::clone(&loaded.db))
        .runner(loaded.runner())
        .side(P1, Side::new().hand([name, "Well Behaved"]).field(["V1"]))
        .build();
    s.play(name);
    let reasons = s
        .raw_events()
        .iter()
        .filter_map(|e| match e {
            Event::AbilityFizzled { reason, .. } => Some(reason.clone()),
            _ => None,
        })
        .collect();
    (reasons, s)
}

/// The one fizzle reason of a spell; the match goes on and the pack still
/// plays afterwards.
fn fizzle_of(name: &str) -> String {
    let loaded = loaded();
    let (reasons, mut s) = play(&loaded, name);
    assert_eq!(reasons.len(), 1, "{name}: {reasons:?}");
    assert_eq!(
        s.game.decision().map(|d| d.prompt.clone()),
        Some(Prompt::MainAction),
        "the match goes on"
    );
    s.play("Well Behaved");
    assert_eq!(s.game.state().player(P1).hand.len(), 1, "Well Behaved drew");
    reasons[0].clone()
}

#[test]
fn a_pack_error_with_ansi_escapes_reaches_the_terminal_clean() {
    let reason = fizzle_of("Escape Error");
    assert_one_line(&reason, "fizzle reason");
    assert!(reason.starts_with("pack `hostile-text`: "), "{reason}");
    assert!(reason.contains("[2J"), "visible, not run: {reason}");
    assert!(reason.contains("gotcha second line"), "{reason}");
}

#[test]
fn an_eight_megabyte_pack_message_is_capped() {
    let reason = fizzle_of("Huge Error");
    assert_one_line(&reason, "fizzle reason");
    assert!(
        reason.chars().count() <= MAX_MESSAGE_CHARS + 40,
        "{} characters",
        reason.chars().count()
    );
    assert!(reason.ends_with('…'), "a visible cut: {}", short(&reason));
}

#[test]
fn a_pack_panic_with_ansi_escapes_reaches_the_terminal_clean() {
    let reason = fizzle_of("Escape Panic");
    assert_one_line(&reason, "fizzle reason");
    assert!(reason.contains("trapped"), "{reason}");
    assert!(reason.contains("boom"), "the panic text is kept: {reason}");
}

#[test]
fn an_eight_megabyte_log_line_is_capped() {
    let reason = fizzle_of("Huge Log");
    assert_one_line(&reason, "fizzle reason");
    assert!(
        reason.contains("(panic: "),
        "the logged line is quoted: {}",
        short(&reason)
    );
    assert!(
        reason.contains("LLL…"),
        "cut with a marker: {}",
        short(&reason)
    );
    assert!(
        reason.chars().count() <= MAX_MESSAGE_CHARS + 100,
        "{} characters",
        reason.chars().count()
    );
}

#[test]
fn a_question_with_ansi_escapes_and_huge_labels_is_asked_clean() {
    let loaded = loaded();
    let (reasons, s) = play(&loaded, "Escape Question");
    assert!(reasons.is_empty(), "{reasons:?}");
    let decision = s.game.decision().expect("the question is asked");
    let Prompt::Ability { text, .. } = &decision.prompt else {
        panic!("not the pack's question: {:?}", decision.prompt);
    };
    assert_one_line(text, "prompt");
    assert!(text.chars().count() <= MAX_PROMPT_CHARS + 1);
    assert!(text.starts_with("Pick"), "{}", short(text));
    for option in &decision.options {
        let Choice::Label(label) = option else {
            panic!("not a label: {option:?}");
        };
        assert_one_line(label, "label");
        assert!(label.chars().count() <= MAX_LABEL_CHARS + 1);
    }
}

#[test]
fn a_trait_given_with_ansi_escapes_and_a_line_break_is_clean() {
    let loaded = loaded();
    let (reasons, s) = play(&loaded, "Escape Trait");
    assert!(reasons.is_empty(), "{reasons:?}");
    let follower = s.game.state().player(P1).field[0];
    let traits = s.game.state().traits(&loaded.db, follower);
    let given = traits
        .iter()
        .find(|t| t.starts_with("Red"))
        .unwrap_or_else(|| panic!("no given trait in {traits:?}"));
    assert_one_line(given, "trait");
    assert!(given.chars().count() <= MAX_TRAIT_CHARS + 1);
}

#[test]
fn manifest_strings_with_ansi_escapes_and_line_breaks_load_clean() {
    let loaded = loaded();
    let card = loaded.db.get(
        loaded
            .db
            .by_card_id("TEXT-ESC-NAME")
            .expect("the card loads"),
    );
    assert_one_line(&card.name, "name");
    assert!(
        card.name.starts_with("Escape") && card.name.ends_with(" Bat"),
        "{}",
        card.name
    );
    assert_clean(&card.text, "text");
    assert_eq!(
        card.text.lines().count(),
        3,
        "card text keeps its line breaks: {:?}",
        card.text
    );
    for t in &card.traits {
        assert_one_line(t, "trait");
    }
    for ability in &card.abilities {
        assert_one_line(&ability.name, "ability name");
        assert_clean(&ability.text, "ability text");
    }
    // A `pack.toml` name with escapes is refused, not cleaned (the
    // manifest's unit tests).
}

#[test]
fn a_manifest_note_with_escapes_and_a_path_outside_the_pack_is_clean_and_unlocated() {
    let loaded = loaded();
    let note = loaded
        .diagnostics
        .iter()
        .find(|d| d.message.contains("note"))
        .unwrap_or_else(|| panic!("no manifest note in {:?}", loaded.diagnostics));
    assert_eq!(note.severity, Severity::Warning);
    assert_one_line(&note.to_string(), "note");
    assert_eq!(note.line, None, "a path outside the pack is not a location");
    assert!(!note.file.to_string_lossy().contains("passwd"), "{note}");
}

/// A packaged script pack (`<id>.wasm`, IR in a custom section) skips the
/// compiler's id check: its manifest reaches the host's card checks as a
/// third-party pack's would.
fn packaged_pack_with_id(name: &str, id: &str) -> LoadedPacks {
    let source = "name Split Card;\nid GOOD-001;\nclass Rune;\ntype Spell;\ncost 1;\n\
                  ability Spell { effect Draw(1); }\n";
    let mut module = sve_script::compile_file("cards.txt", source).into_module();
    module.cards[0].id = id.to_owned();
    let ir = module.to_bytes().expect("encodes");
    let bytes = script_pack::package(&ir).expect("packages");
    let dir = sve_tests::workspace_root()
        .join("target/test-pack-text")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("folder");
    std::fs::write(
        dir.join("pack.toml"),
        format!("id = \"{name}\"\nname = \"Crafted\"\nversion = \"0.1.0\"\nkind = \"script\"\napi = \"^0.1\"\n"),
    )
    .expect("write");
    std::fs::write(dir.join(format!("{name}.wasm")), bytes).expect("write");
    load_packs(&[dir], &LoadOptions::default()).expect("engine")
}

#[test]
fn a_card_id_with_a_newline_is_refused() {
    let loaded = packaged_pack_with_id("split-id", "SD01\n001");
    assert!(loaded.packs.is_empty(), "the pack is refused");
    let error = loaded
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
        .expect("an error");
    assert_eq!(
        error.message,
        "card `SD01\\u{a}001` (named `Split Card`) has a bad id: the id holds the character U+000A, which ids may not; use letters, digits and printable ASCII punctuation such as `-`"
    );
}

#[test]
fn a_card_id_with_ansi_escapes_is_refused_and_shown_escaped() {
    let loaded = packaged_pack_with_id("escape-id", "X\u{1b}[2J");
    let error = loaded
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
        .expect("an error");
    assert_one_line(&error.to_string(), "error");
    assert!(error.message.contains("`X\\u{1b}[2J`"), "{}", error.message);
}

#[test]
fn an_overlong_card_id_is_refused() {
    let loaded = packaged_pack_with_id("long-id", &"X".repeat(10_000));
    let error = loaded
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
        .expect("an error");
    assert!(
        error
            .message
            .contains("the id is 10000 characters long; at most 64"),
        "{}",
        error.message
    );
    assert!(
        error.message.len() < 400,
        "the id is quoted short: {}",
        error.message.len()
    );
}
