//! Script files as editors and attackers write them: a byte order mark,
//! CRLF or CR-only line ends, binary garbage, terminal escapes and giant
//! lines. Each case is one test named after it.

use std::path::PathBuf;

const TWO_CARDS: &str = "name First;\nid TXT-001;\nclass Rune;\ntype Spell;\ncost 1;\n\
                         ability Spell { effect DealDamage(1) to OpponentLeader; }\n\
                         name Second;\nid TXT-002;\nclass Rune;\ntype Spell;\ncost 1;\n\
                         ability Spell { effect Drwa(1); }\n";

/// A fresh, empty folder under the system temp dir.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sve-script-text-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Compiles one file's bytes through `compile_dir`, as packs load.
fn compile_bytes(name: &str, bytes: &[u8]) -> sve_script::CompiledDir {
    let dir = temp_dir(name);
    std::fs::write(dir.join("cards.txt"), bytes).expect("write");
    let compiled = sve_script::compile_dir(&dir).expect("readable");
    let _ = std::fs::remove_dir_all(&dir);
    compiled
}

fn located(compiled: &sve_script::Compiled) -> Vec<String> {
    compiled
        .diagnostics
        .iter()
        .map(|d| format!("{}:{}:{} {}", d.file(), d.line(), d.col(), d.code()))
        .collect()
}

#[test]
fn a_utf8_bom_does_not_cost_a_script_its_first_card() {
    let mut bytes = "\u{feff}".as_bytes().to_vec();
    bytes.extend_from_slice(TWO_CARDS.as_bytes());
    let result = compile_bytes("bom", &bytes);
    assert_eq!(result.compiled.cards_total(), 2);
    assert_eq!(result.compiled.cards[0].id, "TXT-001");
    assert_eq!(
        located(&result.compiled),
        ["cards.txt:12:24 unknown-effect"]
    );
    // Text handed to the compiler directly is read the same way.
    let direct = sve_script::compile_file("cards.txt", &format!("\u{feff}{TWO_CARDS}"));
    assert_eq!(direct.cards[0].id, "TXT-001");
    assert_eq!(located(&direct), ["cards.txt:12:24 unknown-effect"]);
}

#[test]
fn a_cr_only_script_compiles_every_card_with_correct_positions() {
    let cr_only = TWO_CARDS.replace('\n', "\r");
    let result = compile_bytes("cr", cr_only.as_bytes());
    assert_eq!(result.compiled.cards_total(), 2);
    assert_eq!(result.compiled.cards.len(), 1);
    assert_eq!(
        located(&result.compiled),
        ["cards.txt:12:24 unknown-effect"]
    );
    // Rendering against the text as given still shows the right line.
    let direct = sve_script::compile_file("cards.txt", &cr_only);
    assert_eq!(located(&direct), ["cards.txt:12:24 unknown-effect"]);
    let rendered = direct.diagnostics[0].render(&cr_only);
    assert!(
        rendered
            .contains("12 | ability Spell { effect Drwa(1); }\n   |                        ^^^^"),
        "{rendered}"
    );
}

#[test]
fn a_crlf_script_keeps_its_columns() {
    let crlf = TWO_CARDS.replace('\n', "\r\n");
    let direct = sve_script::compile_file("cards.txt", &crlf);
    assert_eq!(direct.cards_total(), 2);
    assert_eq!(located(&direct), ["cards.txt:12:24 unknown-effect"]);
    let rendered = direct.diagnostics[0].render(&crlf);
    assert!(!rendered.contains('\r'), "{rendered:?}");
}

#[test]
fn a_binary_script_file_is_refused_naming_the_file() {
    let result = compile_bytes("binary", b"\x7fELF\x02\x01\x01\0\0\0garbage");
    assert_eq!(result.compiled.cards_total(), 0);
    assert_eq!(result.compiled.error_count(), 1);
    assert_eq!(
        result.compiled.diagnostics[0].to_string(),
        "cards.txt:1:8: error[not-text]: not a text file: a NUL byte at line 1, column 8 (byte 7); the file is left out"
    );
}

#[test]
fn a_script_with_ansi_escapes_reaches_the_terminal_clean() {
    let source = "name Evil;\nid EVIL-1;\nclass Rune;\ntype Spell;\ncost 1;\n\
                  ability Spell { effect \u{1b}[2J\u{1b}[H\u{202e}Boom(1); }\n";
    let compiled = sve_script::compile_file("evil.txt", source);
    assert!(!compiled.diagnostics.is_empty());
    let rendered = compiled.render(&[sve_script::SourceFile {
        name: "evil.txt".to_owned(),
        text: source.to_owned(),
    }]);
    assert!(!rendered.contains('\u{1b}'), "{rendered:?}");
    assert!(!rendered.contains('\u{202e}'), "{rendered:?}");
    assert!(rendered.contains("\\u{1b}[2J"), "{rendered}");
    for diagnostic in &compiled.diagnostics {
        assert!(!diagnostic.to_string().contains('\u{1b}'));
    }
}

#[test]
fn a_giant_script_line_cannot_flood_the_terminal() {
    let giant = "x".repeat(5_000_000);
    let source = format!(
        "name Big;\nid BIG-1;\nclass Rune;\ntype Spell;\ncost 1;\n{giant} Boom;\n\
         ability Spell {{ effect Draw(1); {giant} }}\n"
    );
    let compiled = sve_script::compile_file("big.txt", &source);
    assert!(!compiled.diagnostics.is_empty());
    for diagnostic in &compiled.diagnostics {
        let rendered = diagnostic.render(&source);
        assert!(rendered.len() < 4_000, "{} bytes", rendered.len());
        assert!(diagnostic.to_string().len() < 2_000);
    }
}

#[test]
fn a_card_id_with_a_newline_is_refused_by_the_compiler() {
    let source = "name Split;\nid SPLIT\n-001;\nclass Rune;\ntype Spell;\ncost 1;\n\
                  ability Spell { effect Draw(1); }\n";
    let compiled = sve_script::compile_file("split.txt", source);
    assert!(compiled.cards.is_empty());
    assert_eq!(located(&compiled), ["split.txt:2:4 bad-card-id"]);
    assert!(
        compiled.diagnostics[0]
            .message()
            .contains("the id holds the character U+000A"),
        "{}",
        compiled.diagnostics[0].message()
    );
}
