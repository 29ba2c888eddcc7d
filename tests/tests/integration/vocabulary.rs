//! The two readers of class and card type names, the starter card data's
//! (`sve_engine::cards::Class::parse`, `CardType::parse`) and SVE Script's
//! (`class` and `type` headers), accept the same spellings: both read
//! `sve_vocab`'s lists, and this checks it from outside, spelling by
//! spelling, with the spellings either reader accepted before they shared
//! the lists.

use sve_engine::cards::{CardType, Class};

/// Class spellings: printed names, bare words, any case, `craft` with and
/// without a space, spaces around, and names of no class.
const CLASS_SPELLINGS: &[&str] = &[
    "Forestcraft",
    "Swordcraft",
    "Runecraft",
    "Dragoncraft",
    "Abysscraft",
    "Havencraft",
    "Neutral",
    "forest",
    "sword",
    "rune",
    "dragon",
    "abyss",
    "haven",
    "neutral",
    "Forest",
    "sWORD",
    "RUNECRAFT",
    "Dragon craft",
    "haven CRAFT",
    "Neutralcraft",
    "  abyss  ",
    "craft",
    "Forestcraftcraft",
    "Moon",
    "Forest-craft",
    "Sword craftsman",
    "Forests",
];

/// Card type spellings: printed names in any case, spaces around, and
/// names of no type.
const TYPE_SPELLINGS: &[&str] = &[
    "Follower",
    "Evolved Follower",
    "Spell",
    "Evolved Spell",
    "Amulet",
    "Leader",
    "follower",
    "EVOLVED FOLLOWER",
    "evolved spell",
    " Amulet ",
    "Evovled Follower",
    "EvolvedFollower",
    "Evolved  Follower",
    "Token",
    "Followers",
];

/// What SVE Script makes of a `class` or `type` header's value: the name
/// it compiled to, or `None` when it fell back (an unknown name, with a
/// warning). The probe compiles whatever its type: a spell needs its
/// `Spell` ability, which other types merely never call.
fn script_reads(header: &str, value: &str) -> Option<String> {
    let (other, what) = if header == "class" {
        ("type Follower;", "class")
    } else {
        ("class Neutral;", "card type")
    };
    let source = format!(
        "name Vocabulary Probe;\nid TEST-V01;\n{other}\n{header} {value};\ncost 1;\nstats 1/1;\n\
         ability Spell {{\n    effect DealDamage(1) to OpponentLeader;\n}}\n"
    );
    let compiled = sve_script::compile_file("probe.txt", &source);
    let unknown = format!("unknown {what} ");
    let fell_back = compiled
        .diagnostics
        .iter()
        .any(|d| d.code() == "fallback" && d.message().starts_with(&unknown));
    if fell_back {
        return None;
    }
    let Some(card) = compiled.cards.first() else {
        panic!("the probe compiles: {:#?}", compiled.diagnostics);
    };
    Some(if header == "class" {
        card.class.name().to_owned()
    } else {
        card.card_type.name().to_owned()
    })
}

#[test]
fn starter_data_and_scripts_read_the_same_class_spellings() {
    for spelling in CLASS_SPELLINGS {
        let engine = Class::parse(spelling).map(|class| class.name().to_owned());
        let script = script_reads("class", spelling);
        assert_eq!(engine, script, "class `{spelling}`");
    }
    assert_eq!(Class::parse("Dragon craft"), Some(Class::Dragon));
}

#[test]
fn starter_data_and_scripts_read_the_same_card_type_spellings() {
    for spelling in TYPE_SPELLINGS {
        let engine = CardType::parse(spelling).map(|card_type| card_type.name().to_owned());
        // The engine plays an evolved spell (the Carrot) as a spell.
        let script = script_reads("type", spelling).map(|name| match name.as_str() {
            "Evolved Spell" => "Spell".to_owned(),
            _ => name,
        });
        assert_eq!(engine, script, "type `{spelling}`");
    }
}
