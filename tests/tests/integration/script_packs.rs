//! Loading SVE Script packs: overrides between packs (errata, unreleased
//! versions), a card defined twice without one, and card text in other
//! languages from the community's text files.

use std::path::{Path, PathBuf};
use sve_packs::packs::{LoadOptions, LoadedPacks, load_packs};
use sve_tests::Base;

const SPARK: &str = "name Script Spark;\nid TEST-S01;\nclass Rune;\ntype Follower;\ntrait Test;\ncost 1;\nstats 1/1;\ntext \"[fanfare] Deal 1 damage to the enemy leader.\";\nability Fanfare {\n    effect DealDamage(1) to OpponentLeader;\n}\n";

/// A folder of packs made of `(folder, pack.toml, script)`.
fn packs(name: &str, packs: &[(&str, &str, &str)]) -> PathBuf {
    let root = sve_tests::workspace_root()
        .join("target/test-packs")
        .join(name);
    let _ = std::fs::remove_dir_all(&root);
    for (folder, toml, script) in packs {
        let dir = root.join(folder);
        std::fs::create_dir_all(&dir).expect("pack folder");
        std::fs::write(dir.join("pack.toml"), toml).expect("pack.toml");
        std::fs::write(dir.join("cards.txt"), script).expect("script");
    }
    root
}

fn toml(id: &str, overrides: &str) -> String {
    format!(
        "id = \"{id}\"\nname = \"{id}\"\nversion = \"0.1.0\"\nkind = \"script\"\napi = \"^0.1\"\n{overrides}"
    )
}

fn load(root: &Path) -> LoadedPacks {
    load_in(root, None)
}

fn load_in(root: &Path, language: Option<&str>) -> LoadedPacks {
    load_packs(
        &[root.to_owned()],
        &LoadOptions {
            language: language.map(str::to_owned),
            ..sve_tests::load_options(Base::Starter, &[])
        },
    )
    .expect("pack engine")
}

#[test]
fn an_override_replaces_the_card_whatever_the_load_order() {
    let errata = SPARK.replace("stats 1/1;", "stats 2/2;");
    // "a-errata" loads before "b-base": the override must still win.
    let root = packs(
        "override",
        &[
            (
                "a-errata",
                &toml("a-errata", "overrides = [\"TEST-S01\"]\n"),
                &errata,
            ),
            ("b-base", &toml("b-base", ""), SPARK),
        ],
    );
    let loaded = load(&root);
    assert!(!loaded.has_errors(), "{:?}", loaded.diagnostics);
    let id = loaded.db.by_card_id("TEST-S01").expect("defined");
    assert_eq!(loaded.db.get(id).attack, Some(2), "the errata's stats");
    assert_eq!(
        loaded.pack_of("TEST-S01").map(|p| p.id.as_str()),
        Some("a-errata")
    );
}

#[test]
fn a_card_defined_twice_without_an_override_is_an_error_naming_both_packs() {
    let root = packs(
        "twice",
        &[
            ("a-first", &toml("a-first", ""), SPARK),
            ("b-second", &toml("b-second", ""), SPARK),
        ],
    );
    let loaded = load(&root);
    let errors = sve_tests::load_errors(&loaded.diagnostics);
    assert_eq!(errors.len(), 1, "{errors:?}");
    // Neither declares `sets`: the clash is the arrangement's, filed at the
    // folder that holds both, never at the pack that loads last.
    assert!(errors[0].contains("twice: error: "), "{}", errors[0]);
    assert!(
        errors[0].contains("card `TEST-S01` is defined by packs `a-first`")
            && errors[0].contains("and `b-second`")
            && errors[0].contains("it is left out"),
        "{}",
        errors[0]
    );
    // No pack gets the card: the first folder does not win.
    assert_eq!(loaded.pack_of("TEST-S01"), None);
    assert_eq!(loaded.db.by_card_id("TEST-S01"), None);
}

#[test]
fn text_files_beside_the_scripts_show_card_text_in_the_chosen_language() {
    let root = packs("language", &[("set", &toml("set", ""), SPARK)]);
    let ja = root.join("set/text/ja");
    std::fs::create_dir_all(&ja).expect("text folder");
    std::fs::write(
        ja.join("cards.json"),
        r#"[{"id": "TEST-S01", "name": "スクリプトスパーク", "trait": "テスト", "cardText": "",
            "effectText": [{"key": "1", "trigger": "[fanfare]", "cost": "", "body": "相手のリーダーに1ダメージ。"}]}]"#,
    )
    .expect("text file");
    let text = |loaded: &LoadedPacks| {
        let id = loaded.db.by_card_id("TEST-S01").expect("defined");
        loaded.db.get(id).text.clone()
    };
    let japanese = load_in(&root, Some("ja"));
    assert!(
        japanese.diagnostics.is_empty(),
        "{:?}",
        japanese.diagnostics
    );
    assert_eq!(text(&japanese), "[fanfare]: 相手のリーダーに1ダメージ。");
    // Players see the translated name; the rules still see the card's own.
    let spark = japanese.db.by_name("Script Spark").expect("rules name");
    assert_eq!(japanese.db.get(spark).display_name(), "スクリプトスパーク");
    // The language cards are shown in does not change the card data a
    // replay checks.
    assert_eq!(japanese.db.fingerprint(), load(&root).db.fingerprint());
    // Another language, or none: the script's text.
    assert_eq!(
        text(&load_in(&root, Some("fr"))),
        "[fanfare] Deal 1 damage to the enemy leader."
    );
    assert_eq!(
        text(&load(&root)),
        "[fanfare] Deal 1 damage to the enemy leader."
    );
}

#[test]
fn a_compiled_script_pack_file_loads_without_its_scripts() {
    // Build: the scripts compile into one file (runtime + IR section).
    let source = packs("packaged-src", &[("spark", &toml("spark", ""), SPARK)]);
    let compiled =
        sve_packs::packs::script_pack::compile_folder(&source.join("spark")).expect("compiles");
    let bytes = sve_packs::packs::script_pack::package(&compiled.ir).expect("packages");
    // Ship: a folder with the pack.toml and `<id>.wasm`, no scripts.
    let root = sve_tests::workspace_root().join("target/test-packs/packaged");
    let _ = std::fs::remove_dir_all(&root);
    let dir = root.join("spark");
    std::fs::create_dir_all(&dir).expect("folder");
    std::fs::write(dir.join("pack.toml"), toml("spark", "")).expect("pack.toml");
    std::fs::write(dir.join("spark.wasm"), &bytes).expect("component");
    let loaded = load(&root);
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    assert_eq!(
        loaded.pack_of("TEST-S01").map(|p| p.id.as_str()),
        Some("spark")
    );
    // A file that is not a compiled script pack is refused, located.
    std::fs::write(dir.join("spark.wasm"), b"\0asm\x0d\0\x01\0").expect("write");
    let loaded = load(&root);
    let errors: Vec<String> = loaded.diagnostics.iter().map(ToString::to_string).collect();
    assert!(
        errors
            .iter()
            .any(|e| e.contains("spark.wasm") && e.contains("not a compiled script pack")),
        "{errors:?}"
    );
}

#[test]
fn a_continuous_ability_or_a_leave_trigger_reading_a_declared_keyword_is_refused_naming_it() {
    let script = "name Kindle;\nid TEST-K01;\ntype Keyword;\ntext \"Nothing.\";\nability StartEndPhase name Kindle {\n    effect DealDamage(1) to Self;\n}\n\nname Kindle Lord;\nid TEST-S02;\nclass Rune;\ntype Follower;\ncost 2;\nstats 2/2;\ntext \"Your followers with Kindle have +1/+0.\";\nability Passive name Lordship {\n    effect GiveStat(Atk, 1, WhileOnField) to AllPlayerCards Fk(Kindle);\n}\n\nname Kindle Mourner;\nid TEST-S03;\nclass Rune;\ntype Follower;\ncost 2;\nstats 2/2;\ntext \"Whenever another follower with Kindle leaves the field, draw a card.\";\nability OnOtherLeaveField name Mourning {\n    filter Fk(Kindle);\n    effect Draw(1);\n}\n\nname Kindle Watcher;\nid TEST-S04;\nclass Rune;\ntype Follower;\ncost 2;\nstats 2/2;\ntext \"While you have a follower with Kindle, this follower has +1/+0.\";\nability Passive name Watching {\n    condition f(Fk(Kindle)) > 0;\n    effect GiveStat(Atk, 1, WhileOnField) to Self;\n}\n\nname Kindle Matron;\nid TEST-S05;\nclass Rune;\ntype Amulet;\ncost 1;\ntext \"Your followers with Kindle have \\\"[lastwords] Draw a card.\\\"\";\nability LastWords name Parting Gift {\n    effect DrawCard(1);\n}\nability Passive {\n    effect GiveAbility(Parting Gift) to AllPlayerCards Fk(Kindle);\n}\n\nname Kindle Hook;\nid TEST-S06;\nclass Rune;\ntype Amulet;\ncost 1;\ntext \"Whenever a follower with Kindle goes from the field to the cemetery, draw a card.\";\nability OnMove name Hooked {\n    moves Field to Cemetery, Anyone;\n    filter Fk(Kindle);\n    effect DrawCard(1);\n}\n";
    let root = packs(
        "declared-keyword-reach",
        &[(
            "kindle",
            &toml("kindle", "").replace("^0.1", "^0.3"),
            script,
        )],
    );
    let loaded = load(&root);
    // An error: the card is not played with its passive dropped.
    let message = sve_tests::load_errors(&loaded.diagnostics).join("\n");
    assert!(
        message.contains("TEST-S02") && message.contains("names a keyword the pack declares"),
        "{message}"
    );
    // Nor may a leave-the-field trigger's filter: it would be read where
    // the card went.
    assert!(
        message.contains("TEST-S03")
            && message.contains("leave-the-field trigger's filter names a keyword"),
        "{message}"
    );
    // Nor a given leave-the-field ability, nor a move hook from the field.
    assert!(
        message.contains("TEST-S05")
            && message.contains(
                "its filter names a keyword the pack declares (`k(...)`), which a leave-the-field ability"
            ),
        "{message}"
    );
    assert!(
        message.contains("TEST-S06")
            && message.contains("leave-the-field trigger's filter names a keyword"),
        "{message}"
    );
    // A continuous ability's condition counting by one says why.
    assert!(
        message.contains("TEST-S04")
            && message.contains("is read by an ability's own effects and conditions only"),
        "{message}"
    );
}
