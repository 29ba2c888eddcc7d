//! The IR's version follows its shape: a change to any type the IR is made
//! of (a field, a variant, their order) changes how packaged scripts
//! decode, so it must come with a new `IR_VERSION`. This test hashes the
//! type definitions of the IR's files (structs and enums, comments left
//! out) and fails, naming the new hash, when they change while the
//! recorded hash stays.

use std::path::Path;
use sve_script::ir::{IR_SHAPE_HASH, IR_VERSION};

/// The files whose types are encoded.
const IR_FILES: [&str; 4] = [
    "src/ir/mod.rs",
    "src/ir/effect.rs",
    "src/ir/expr.rs",
    "src/ir/names.rs",
];

/// The text of every top-level `struct` and `enum` of `source` (with their
/// attributes), comments and blank lines left out.
fn type_definitions(source: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    let mut inside = false;
    let mut attributes = String::new();
    for raw in source.lines() {
        let line = raw.split("//").next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if !inside && depth == 0 {
            if line.starts_with("#[") {
                attributes.push_str(line);
                attributes.push('\n');
                continue;
            }
            let is_type = ["pub struct ", "pub enum ", "struct ", "enum "]
                .iter()
                .any(|start| line.starts_with(start));
            if is_type {
                inside = true;
                out.push_str(&attributes);
            }
            attributes.clear();
        }
        if inside {
            out.push_str(line);
            out.push('\n');
        }
        depth += line.matches('{').count();
        depth = depth.saturating_sub(line.matches('}').count());
        if inside && depth == 0 && (line.ends_with('}') || line.ends_with(';')) {
            inside = false;
        }
    }
    out
}

fn shape_hash() -> u64 {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for file in IR_FILES {
        let source = std::fs::read_to_string(root.join(file)).expect("an IR source file");
        for byte in type_definitions(&source).bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

#[test]
fn the_ir_version_changes_with_the_irs_types() {
    let hash = shape_hash();
    assert_eq!(
        hash, IR_SHAPE_HASH,
        "the IR's types changed: bump IR_VERSION (now {IR_VERSION}) in src/ir/mod.rs and set IR_SHAPE_HASH = {hash:#018x}"
    );
}

#[test]
fn the_shape_covers_fields_and_variants_but_not_comments() {
    let a = type_definitions(
        "/// doc\n#[derive(Debug)]\npub struct A {\n    x: u8, // why\n}\nimpl A {}\n",
    );
    let b = type_definitions("#[derive(Debug)]\npub struct A {\n    x: u8,\n}\nfn f() {}\n");
    assert_eq!(a, b);
    let c = type_definitions("#[derive(Debug)]\npub struct A {\n    x: u16,\n}\n");
    assert_ne!(a, c);
    let d = type_definitions("pub enum E {\n    One,\n    Two { n: u8 },\n}\n");
    assert!(d.contains("Two { n: u8 },"), "{d}");
}
