//! The public API around the compiler: reading a folder, the IR wire
//! format and its validation.

use expect_test::expect;
use std::path::PathBuf;
use sve_script::ir::{self, FilterId, IR_VERSION, Module, ValueId, ValueNode};

const SMALL: &str = "name Spark;\nid API-001;\nclass Rune;\ntype Spell;\ncost 1;\n\
                     ability Spell { effect DealDamage(1c(2)2) to TargetOpponentCard F; }\n";

/// A fresh, empty folder under the system temp dir.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sve-script-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn compile_dir_reads_every_txt_file_in_name_order() {
    let dir = temp_dir("dir");
    std::fs::write(dir.join("b.txt"), SMALL.replace("API-001", "API-002")).expect("write");
    std::fs::write(dir.join("a.TXT"), SMALL).expect("write");
    std::fs::write(dir.join("notes.md"), "name Ignored;").expect("write");
    // Not UTF-8: left out, with an error naming the file and the byte.
    let mut bytes = SMALL.replace("API-001", "API-003").into_bytes();
    bytes.extend_from_slice(b"// \xff\xfe\n");
    std::fs::write(dir.join("c.txt"), bytes).expect("write");

    let result = sve_script::compile_dir(&dir).expect("readable");
    let names: Vec<_> = result.files.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["a.TXT", "b.txt"]);
    let ids: Vec<_> = result
        .compiled
        .cards
        .iter()
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(ids, ["API-001", "API-002"]);
    let codes: Vec<_> = result
        .compiled
        .diagnostics
        .iter()
        .map(|d| d.code())
        .collect();
    assert_eq!(codes, ["not-text"]);
    assert!(result.compiled.diagnostics[0].is_error());
    assert_eq!(
        result.compiled.diagnostics[0].to_string(),
        "c.txt:7:4: error[not-text]: not a text file: bytes that are not UTF-8 at line 7, column 4 (byte 128); the file is left out"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_pack_of_a_library_leaves_names_it_lacks_for_the_library_to_resolve() {
    use sve_script::{CardNames, OutsideRefKind, SourceFile, compile_files_in_library};
    let caller = "name Caller;\nid LIB-001;\nclass Forest;\ntype Follower;\ncost 1;\nstats 1/1;\n\
                  ability Fanfare { effect SummonToken(Fairy, Field, 1); }\n\
                  name Own Token User;\nid LIB-002;\nclass Forest;\ntype Follower;\ncost 1;\nstats 1/1;\n\
                  ability Fanfare { effect SummonToken(Seed, Field, 1); }\n\
                  name Seed;\nid LIB-T01;\nclass Forest;\ntype Follower / Token;\ncost 1;\nstats 1/1;\n\
                  name Lone (Evolved);\nid LIB-003;\nclass Forest;\ntype Evolved Follower;\nstats 2/2;\n";
    let files = [SourceFile {
        name: "decks/starter.txt".to_owned(),
        text: caller.to_owned(),
    }];
    // On its own, the set warns; as a pack of a library, it hands the two
    // names it lacks back, located, and resolves its own token.
    let alone = sve_script::compile_files(&files);
    let codes: Vec<&str> = alone.diagnostics.iter().map(|d| d.code()).collect();
    assert_eq!(codes, ["unresolved-token", "evolved-without-base"]);
    let in_library = compile_files_in_library(&files);
    assert!(
        in_library.diagnostics.is_empty(),
        "{:?}",
        in_library.diagnostics
    );
    let refs: Vec<(OutsideRefKind, &str, u32, u32)> = in_library
        .outside_refs
        .iter()
        .map(|r| (r.kind(), r.name(), r.line(), r.col()))
        .collect();
    assert_eq!(
        refs,
        [
            (OutsideRefKind::Token, "Fairy", 7, 38),
            (OutsideRefKind::EvolvedBase, "Lone", 21, 1)
        ]
    );
    // Another pack defines them: nothing to say. A library without them:
    // the compiler's warnings, with the library's words.
    let mut library = CardNames::new();
    library.add("Fairy", true, false);
    library.add("Lone", false, false);
    assert!(
        in_library
            .outside_refs
            .iter()
            .all(|r| r.check(&library).is_none())
    );
    let empty = CardNames::new();
    let warning = in_library.outside_refs[0]
        .check(&empty)
        .expect("unresolved")
        .to_string();
    assert_eq!(
        warning,
        "decks/starter.txt:7:38: warning[unresolved-token]: no card named `Fairy` in this pack or any other loaded pack"
    );
}

#[test]
fn compile_dir_on_a_missing_folder_is_an_error_naming_it() {
    let missing = std::env::temp_dir().join("sve-script-no-such-folder");
    let err = sve_script::compile_dir(&missing).expect_err("missing folder");
    assert_eq!(err.path(), missing);
    assert!(err.to_string().starts_with("cannot read `"));
}

#[test]
fn modules_round_trip_and_other_versions_are_refused() {
    let compiled = sve_script::compile_file("small.txt", SMALL);
    assert!(compiled.diagnostics.is_empty());
    let module = compiled.into_module();
    let bytes = module.to_bytes().expect("encodes");
    assert_eq!(bytes.first().copied(), Some(IR_VERSION as u8));
    assert_eq!(Module::from_bytes(&bytes).expect("decodes"), module);

    let mut other_version = bytes.clone();
    other_version[0] = (IR_VERSION + 1) as u8;
    let err = Module::from_bytes(&other_version).expect_err("version");
    assert!(err.is_version_mismatch());
    assert!(err.to_string().contains("newer compiler"), "{err}");

    let truncated = &bytes[..bytes.len() / 2];
    assert!(Module::from_bytes(truncated).is_err());
}

#[test]
fn invalid_ir_is_refused_on_decode() {
    let mut module = sve_script::compile_file("small.txt", SMALL).into_module();
    let card = &mut module.cards[0];
    // A node that refers to itself would loop an interpreter.
    card.values
        .push(ValueNode::Neg(ValueId(card.values.len() as u32)));
    assert!(matches!(
        card.validate(),
        Err(ir::InvalidIr::ValueOrder { .. })
    ));
    card.values.pop();
    card.values.push(ValueNode::CountField(FilterId(99)));
    assert!(matches!(
        card.validate(),
        Err(ir::InvalidIr::OutOfRange { .. })
    ));
    let bytes = module.to_bytes().expect("encodes");
    let err = Module::from_bytes(&bytes).expect_err("invalid");
    assert!(err.to_string().contains("API-001"), "{err}");
}

#[test]
fn evaluation_depth_is_the_longest_chain_of_values_and_filter_alternatives() {
    let mut module = sve_script::compile_file("small.txt", SMALL).into_module();
    let card = &mut module.cards[0];
    card.values.clear();
    card.filters.clear();
    let filter = |alternative| ir::Filter {
        tests: Vec::new(),
        alternative,
        choose: None,
    };
    // A filter with the first as its alternative: a chain of two.
    card.filters.push(filter(None));
    card.filters.push(filter(Some(FilterId(0))));
    assert_eq!(card.evaluation_depth(), 2);
    // 1, then -1, then 1 + -1: three deep; counting the chained filter
    // under a value: three.
    card.values.push(ValueNode::Int(1));
    card.values.push(ValueNode::Neg(ValueId(0)));
    card.values.push(ValueNode::Binary {
        op: ir::BinaryOp::Add,
        left: ValueId(1),
        right: ValueId(0),
    });
    card.values.push(ValueNode::CountField(FilterId(1)));
    assert_eq!(card.evaluation_depth(), 3);
    // A value over both: four.
    card.values.push(ValueNode::Binary {
        op: ir::BinaryOp::Add,
        left: ValueId(2),
        right: ValueId(3),
    });
    assert_eq!(card.evaluation_depth(), 4);
}

#[test]
fn diagnostics_expose_position_severity_and_card() {
    let source = "name Bad;\nid API-009;\nclass Rune;\ntype Spell;\ncost 1;\nability Spell { effect Drw(1); }\n";
    let compiled = sve_script::compile_file("bad.txt", source);
    assert_eq!(compiled.cards_total(), 1);
    assert_eq!(compiled.error_count(), 1);
    assert_eq!(compiled.warning_count(), 0);
    let diagnostic = &compiled.diagnostics[0];
    assert_eq!(diagnostic.severity(), sve_script::Severity::Error);
    assert_eq!(diagnostic.file(), "bad.txt");
    assert_eq!((diagnostic.line(), diagnostic.col()), (6, 24));
    assert_eq!(diagnostic.card(), Some("`Bad` (API-009)"));
    assert_eq!(diagnostic.help(), Some("did you mean `Draw`?"));
    assert_eq!(
        diagnostic.to_string(),
        "bad.txt:6:24: error[unknown-effect]: unknown effect `Drw`: expected an effect name from the catalogue (spec §5.4) (help: did you mean `Draw`?)"
    );
    let rejected = &compiled.rejected[0];
    assert_eq!(
        (rejected.id.as_deref(), rejected.line),
        (Some("API-009"), 1)
    );
}

/// What a runtime sees: values and filters as flat pools, children before
/// parents, effects pointing into them by index.
#[test]
fn the_ir_is_flat_pools_indexed_by_the_effects() {
    let compiled = sve_script::compile_file("small.txt", SMALL);
    let card = &compiled.cards[0];
    let mut out = String::new();
    for (idx, node) in card.values.iter().enumerate() {
        out.push_str(&format!("value {idx}: {node:?}\n"));
    }
    for (idx, filter) in card.filters.iter().enumerate() {
        out.push_str(&format!("filter {idx}: {filter:?}\n"));
    }
    out.push_str(&format!("effect: {:?}\n", card.abilities[0].effect));
    expect![[r#"
        value 0: Int(1)
        value 1: Int(2)
        value 2: Cond { test: Combo(2), left: ValueId(0), right: ValueId(1) }
        filter 0: Filter { tests: [FilterTest { negated: false, item: Follower }], alternative: None, choose: None }
        effect: DealDamage { amount: ValueId(2), to: Selection { target: TargetOpponentCard, filter: FilterId(0) } }
    "#]].assert_eq(&out);
}
