//! Snapshot tests of the compiler, one grammar area per section: small
//! scripts in, the IR dump and the rendered diagnostics out.
//!
//! `check` and `check_abilities` are the only callers of the API, so an API
//! change touches two functions. `UPDATE_EXPECT=1 cargo test -p sve-script`
//! rewrites the expectations; review the diff.

use expect_test::Expect;
use sve_script::{SourceFile, compile_files};

/// Compiles `source` as the file `cards.txt` and prints every compiled card,
/// every rejected card and every diagnostic, rendered.
pub(crate) fn check(source: &str, expect: Expect) {
    let file = SourceFile {
        name: "cards.txt".into(),
        text: source.into(),
    };
    let compiled = compile_files(std::slice::from_ref(&file));
    let mut out = String::new();
    for card in &compiled.cards {
        out.push_str(&card.dump());
    }
    for rejected in &compiled.rejected {
        out.push_str(&format!(
            "rejected {:?} ({}) at line {}\n",
            rejected.name,
            rejected.id.as_deref().unwrap_or("no id"),
            rejected.line
        ));
    }
    if !compiled.diagnostics.is_empty() {
        out.push('\n');
        out.push_str(&compiled.render(std::slice::from_ref(&file)));
    }
    expect.assert_eq(&out);
}

/// Wraps ability blocks (and extra headers) in a vanilla follower, with
/// tokens named `Fairy` and `Knight` defined after it, and prints only the
/// abilities and the diagnostics.
pub(crate) fn check_abilities(body: &str, expect: Expect) {
    let source = format!(
        "name Test Card;\nid T-001;\nclass Neutral;\ntype Follower;\ncost 1;\nstats 1/1;\n{body}\n\
         name Fairy;\nid T-T1;\nclass Forest;\ntype Follower / Token;\ncost 1;\nstats 1/1;\n\
         name Knight;\nid T-T2;\nclass Sword;\ntype Follower / Token;\ncost 1;\nstats 1/1;\n"
    );
    let file = SourceFile {
        name: "cards.txt".into(),
        text: source,
    };
    let compiled = compile_files(std::slice::from_ref(&file));
    let mut out = String::new();
    if let Some(card) = compiled.cards.iter().find(|card| card.id == "T-001") {
        let dump = card.dump();
        for line in dump
            .lines()
            .filter(|line| line.starts_with("  #") || line.starts_with("    "))
        {
            out.push_str(line.strip_prefix("  ").unwrap_or(line));
            out.push('\n');
        }
        let keywords = dump.lines().find(|line| line.starts_with("  keywords:"));
        if let Some(keywords) = keywords {
            out.push_str(keywords.trim_start());
            out.push('\n');
        }
    } else {
        out.push_str("(rejected)\n");
    }
    if !compiled.diagnostics.is_empty() {
        out.push('\n');
        out.push_str(&compiled.render(std::slice::from_ref(&file)));
    }
    expect.assert_eq(&out);
}

mod abilities;
mod costs;
mod declared;
mod effects;
mod filters_and_values;
mod headers;
mod whole_files;
