//! The starter-deck corpus: every card of `starter-cards.json`, written in
//! SVE Script under `tests/corpus/` (one file per set, as the community
//! does). The folder must compile with no diagnostic at all, and each card's
//! compiled static facts must equal the data file's.

use serde_json::Value;
use std::path::{Path, PathBuf};
use sve_script::ir::{self, Keyword};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

fn starter_data() -> Vec<Value> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../host/engine/data/starter-cards.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    let data: Value = serde_json::from_str(&text).expect("starter-cards.json is JSON");
    data.as_array()
        .cloned()
        .expect("starter-cards.json is an array")
}

#[test]
fn the_starter_corpus_compiles_without_diagnostics() {
    let dir = sve_script::compile_dir(corpus_dir()).expect("corpus folder is readable");
    assert!(
        dir.compiled.diagnostics.is_empty(),
        "{}",
        dir.render_diagnostics()
    );
    assert!(dir.compiled.rejected.is_empty());
    assert_eq!(dir.files.len(), 7);
}

#[test]
fn compiled_static_facts_equal_the_card_data() {
    let dir = sve_script::compile_dir(corpus_dir()).expect("corpus folder is readable");
    let data = starter_data();
    assert_eq!(
        dir.compiled.cards.len(),
        data.len(),
        "one script per data card"
    );
    let mut mismatches = Vec::new();
    for expected in &data {
        let id = expected["id"].as_str().expect("id");
        let Some(card) = dir.compiled.cards.iter().find(|card| card.id == id) else {
            mismatches.push(format!("{id}: not in the corpus"));
            continue;
        };
        let actual = facts_as_json(card);
        for field in [
            "name",
            "class",
            "type",
            "traits",
            "rarity",
            "cost",
            "attack",
            "defense",
            "evolve_cost",
            "keywords",
            "text",
            "token",
        ] {
            if actual[field] != expected[field] {
                mismatches.push(format!(
                    "{id} {field}: compiled {} but data says {}",
                    actual[field], expected[field]
                ));
            }
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn the_corpus_ir_survives_a_postcard_round_trip() {
    let dir = sve_script::compile_dir(corpus_dir()).expect("corpus folder is readable");
    let module = dir.compiled.into_module();
    let bytes = module.to_bytes().expect("encodes");
    let decoded = ir::Module::from_bytes(&bytes).expect("decodes and validates");
    assert_eq!(decoded, module);
}

/// The static facts in the data file's shape. Keywords the compiler derives
/// (`Evolve`, `EarthRite`) are left out, as the data file does.
fn facts_as_json(card: &ir::Card) -> Value {
    let keywords: Vec<&str> = card
        .keywords
        .iter()
        .filter(|keyword| !Keyword::is_derived(**keyword))
        .map(|keyword| keyword.name())
        .collect();
    serde_json::json!({
        "name": card.name,
        "class": card.class.name(),
        "type": card.card_type.name(),
        "traits": card.traits,
        "rarity": card.rarity.map(|rarity| rarity.name()),
        "cost": card.cost,
        "attack": card.attack,
        "defense": card.defense,
        "evolve_cost": card.evolve_cost,
        "keywords": keywords,
        "text": card.text,
        "token": card.is_token,
    })
}
