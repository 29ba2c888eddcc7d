//! Robustness: the compiler never panics, whatever it is fed, and what it
//! returns is always well formed (diagnostics inside the source and
//! renderable, IR valid and round-tripping through postcard).
//!
//! Three generators of `CASES` inputs each, 3,000 inputs per run (4,000
//! compilations: each token soup is compiled joined by spaces and without):
//! - random text over the characters scripts are made of;
//! - token soup: random sequences of the language's own words and symbols;
//! - mutated corpus files: a starter-deck file with random deletions,
//!   insertions, duplications and character flips.

use proptest::prelude::*;
use sve_script::ir::Module;

const CORPUS: &[&str] = &[
    include_str!("corpus/BP01.txt"),
    include_str!("corpus/SD01.txt"),
    include_str!("corpus/SD02.txt"),
    include_str!("corpus/SD03.txt"),
    include_str!("corpus/SD04.txt"),
    include_str!("corpus/SD05.txt"),
    include_str!("corpus/SD06.txt"),
];

/// Inputs per generator in a `cargo test` run.
const CASES: u32 = 1_000;

/// Inputs per generator: `CASES`, or `SVE_FUZZ_CASES` for a long run
/// (`SVE_FUZZ_CASES=100000 cargo test --release -p sve-script --test fuzz`).
fn cases() -> u32 {
    std::env::var("SVE_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(CASES)
}

const TOKENS: &[&str] = &[
    "name",
    "id",
    "class",
    "type",
    "trait",
    "cost",
    "stats",
    "text",
    "keywords",
    "evolve",
    "serve1",
    "ability",
    "Fanfare",
    "Spell",
    "Act",
    "Passive",
    "ModifiedCost",
    "OnEvolve",
    "effect",
    "cost",
    "condition",
    "filter",
    "to",
    "Self",
    "TargetOpponentCard",
    "AllPlayerCards",
    "DealDamage",
    "Sequence",
    "ComplexEffect",
    "CheckTop",
    "GiveStat",
    "SummonToken",
    "RollDice",
    "perform",
    "let",
    "performIf",
    "then",
    "else",
    "revealTopDeck.getValue(",
    "payCost(",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ";",
    ",",
    "\"",
    "<<",
    "m(",
    "#F",
    "#(",
    "!",
    "|(",
    "~(",
    "?(",
    "F",
    "S",
    "A",
    "X",
    "t(",
    "n(",
    "k(",
    "p(",
    "f(",
    "c(",
    "s(",
    "o",
    "_",
    "-",
    "+",
    "=",
    ">",
    "1",
    "2",
    "99999999999",
    " ",
    "\n",
    "\r\n",
    "\t",
    "é",
    "//",
    "Ward",
    "Stack",
    "AtkDef",
];

fn check_no_panic(source: &str) {
    let compiled = sve_script::compile_file("fuzz.txt", source);
    for diagnostic in &compiled.diagnostics {
        assert!(diagnostic.line() >= 1 && diagnostic.col() >= 1);
        assert!(diagnostic.span().start as usize <= source.len());
        assert!(!diagnostic.render(source).is_empty());
        assert!(!diagnostic.message().is_empty());
    }
    for card in &compiled.cards {
        assert_eq!(card.validate(), Ok(()), "invalid IR for {}", card.id);
        let _ = card.dump();
    }
    let module = compiled.into_module();
    let bytes = module.to_bytes().expect("encodes");
    assert_eq!(Module::from_bytes(&bytes).expect("decodes"), module);
}

#[derive(Clone, Debug)]
enum Edit {
    Delete { at: usize, len: usize },
    Insert { at: usize, text: String },
    Duplicate { at: usize, len: usize },
    Flip { at: usize, ch: char },
}

fn edit_strategy() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 0usize..40).prop_map(|(at, len)| Edit::Delete { at, len }),
        (any::<usize>(), prop::sample::select(TOKENS)).prop_map(|(at, text)| Edit::Insert {
            at,
            text: text.to_owned()
        }),
        (any::<usize>(), 0usize..200).prop_map(|(at, len)| Edit::Duplicate { at, len }),
        (any::<usize>(), any::<char>()).prop_map(|(at, ch)| Edit::Flip { at, ch }),
    ]
}

/// The nearest char boundary at or before `at % (len + 1)`.
fn boundary(text: &str, at: usize) -> usize {
    let mut at = at % (text.len() + 1);
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn apply(text: &str, edit: &Edit) -> String {
    let mut out = text.to_owned();
    match edit {
        Edit::Delete { at, len } => {
            let start = boundary(&out, *at);
            let end = boundary(&out, start + len);
            if end >= start {
                out.replace_range(start..end, "");
            }
        }
        Edit::Insert { at, text } => {
            let at = boundary(&out, *at);
            out.insert_str(at, text);
        }
        Edit::Duplicate { at, len } => {
            let start = boundary(&out, *at);
            let end = boundary(&out, start + len).max(start);
            let copy = out[start..end].to_owned();
            out.insert_str(end, &copy);
        }
        Edit::Flip { at, ch } => {
            let at = boundary(&out, *at);
            let end = out[at..].chars().next().map_or(at, |c| at + c.len_utf8());
            out.replace_range(at..end, &ch.to_string());
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn random_text_never_panics(source in "[a-zA-Z0-9 \\n\\t;{}()\\[\\]<>!#|~?,\"_+*/%=&.:-]{0,300}") {
        check_no_panic(&source);
    }

    #[test]
    fn token_soup_never_panics(tokens in prop::collection::vec(prop::sample::select(TOKENS), 0..120)) {
        check_no_panic(&tokens.join(" "));
        check_no_panic(&tokens.concat());
    }

    #[test]
    fn mutated_corpus_files_never_panic(
        file in prop::sample::select(CORPUS),
        edits in prop::collection::vec(edit_strategy(), 1..8),
    ) {
        let mut text = file.to_owned();
        for edit in &edits {
            text = apply(&text, edit);
        }
        check_no_panic(&text);
    }
}
