//! `docs/architecture.md` stays a true, short map of this repository.
//!
//! Three checks over the doc's text:
//!
//! - **Every path it names exists.** A path is the text of an inline code
//!   span (single backticks, outside fenced code blocks) that
//!   1. consists only of path characters (ASCII letters and digits, `_`,
//!      `-`, `.`, `/` and `~`), so placeholders and patterns such as
//!      `<pack>/tests/*.scenario`, `wit/since_v<X.Y.Z>/`, Rust paths
//!      (`engine::flow`) and item names with spaces or punctuation are not
//!      paths; and
//!   2. contains a `/`, or ends in `.rs`, `.md`, `.toml` or `.wit`.
//!
//!   Each path is relative to the repository root (the parent of this
//!   crate's folder), never to the section it sits in: write
//!   `host/engine/src/engine/mutation.rs`, not `mutation.rs`. A path ending
//!   in `/` must be a folder. Code spans are paired within a block (a
//!   paragraph, a heading or a list item), as Markdown pairs them, so a span
//!   such as an item with spaces may wrap onto the next line (the line break
//!   reads as a space, so a wrapped span is never a path; paths have no
//!   spaces to wrap at). A block with an odd number of backticks is
//!   reported, since its spans can't be read.
//! - **It names nothing outside the repository**: no `../` anywhere in the
//!   text (code blocks included), and no path starting with `/` or `~`.
//! - **It is at most [`MAX_LINES`] lines**: a map a newcomer can hold in
//!   their head. Detail belongs in the modules' own `//!` docs.
//!
//! Every problem is listed in one failure. This target uses std alone, so
//! it builds and links in moments.

use std::path::{Path, PathBuf};

/// The most lines the doc may have.
const MAX_LINES: usize = 400;

/// Where the doc is, from the repository root.
const DOC: &str = "docs/architecture.md";

/// The file endings that make a code span a path even without a `/`.
const PATH_ENDINGS: &[&str] = &[".rs", ".md", ".toml", ".wit"];

/// The repository root: the parent of the `sve-tests` crate's folder.
fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tests crate sits inside the repository")
        .to_path_buf()
}

/// A path named by the doc: its text and the 1-based line it starts on.
#[derive(Debug, PartialEq, Eq)]
struct Named {
    path: String,
    line: usize,
}

/// What the doc's text says: the paths it names and the paragraphs whose
/// backticks don't pair (by their first line).
#[derive(Debug, Default, PartialEq, Eq)]
struct Extracted {
    paths: Vec<Named>,
    unpaired: Vec<usize>,
}

/// Whether a code span's text is a path under the rule of this file's doc.
fn is_path(span: &str) -> bool {
    let path_chars = span
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/' | '~'));
    !span.is_empty()
        && path_chars
        && (span.contains('/') || PATH_ENDINGS.iter().any(|end| span.ends_with(end)))
}

/// Whether a line starts a block of its own: a heading or a list item.
fn starts_block(line: &str) -> bool {
    let line = line.trim_start();
    let numbered = line
        .split_once(". ")
        .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
    line.starts_with('#') || line.starts_with("- ") || line.starts_with("* ") || numbered
}

/// The paths a Markdown text names in its inline code spans.
fn extract(text: &str) -> Extracted {
    let mut out = Extracted::default();
    // The paragraph being read: its first line's number and its lines.
    let mut paragraph: Vec<&str> = Vec::new();
    let mut first = 0;
    let mut in_fence = false;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let fence = line.trim_start().starts_with("```");
        if fence || line.trim().is_empty() || (!in_fence && starts_block(line)) {
            spans_of(first, &paragraph, &mut out);
            paragraph.clear();
        }
        if fence {
            in_fence = !in_fence;
            continue;
        }
        if in_fence || line.trim().is_empty() {
            continue;
        }
        if paragraph.is_empty() {
            first = number;
        }
        paragraph.push(line);
    }
    spans_of(first, &paragraph, &mut out);
    out
}

/// The code spans of one block, paired across its lines.
fn spans_of(first: usize, lines: &[&str], out: &mut Extracted) {
    if lines.is_empty() {
        return;
    }
    let ticks: usize = lines.iter().map(|l| l.matches('`').count()).sum();
    if ticks % 2 == 1 {
        out.unpaired.push(first);
        return;
    }
    let mut open: Option<(usize, String)> = None;
    for (offset, line) in lines.iter().enumerate() {
        let number = first + offset;
        let mut rest = *line;
        loop {
            match &mut open {
                None => match rest.find('`') {
                    Some(at) => {
                        open = Some((number, String::new()));
                        rest = &rest[at + 1..];
                    }
                    None => break,
                },
                Some((start, span)) => match rest.find('`') {
                    Some(at) => {
                        span.push_str(&rest[..at]);
                        if is_path(span) {
                            out.paths.push(Named {
                                path: span.clone(),
                                line: *start,
                            });
                        }
                        open = None;
                        rest = &rest[at + 1..];
                    }
                    None => {
                        // The span goes on: the line break is a space.
                        span.push_str(rest);
                        span.push(' ');
                        break;
                    }
                },
            }
        }
    }
}

/// Every problem with the doc's text, as lines of a failure message.
fn problems(text: &str, root: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    let lines = text.lines().count();
    if lines > MAX_LINES {
        problems.push(format!(
            "{DOC} has {lines} lines, more than {MAX_LINES}: move module detail into the \
             module's `//!` doc and figures into docs/performance.md"
        ));
    }
    for (index, line) in text.lines().enumerate() {
        if line.contains("../") {
            problems.push(format!(
                "{DOC}:{}: names something outside the repository (`../`): {}",
                index + 1,
                line.trim()
            ));
        }
    }
    let extracted = extract(text);
    for first in extracted.unpaired {
        problems.push(format!(
            "{DOC}:{first}: the paragraph or item starting here has an odd number of backticks"
        ));
    }
    for named in extracted.paths {
        let Named { path, line } = named;
        if path.starts_with('/') || path.starts_with('~') {
            problems.push(format!(
                "{DOC}:{line}: `{path}` is outside the repository (paths are relative to its root)"
            ));
            continue;
        }
        let on_disk = root.join(&path);
        let exists = if path.ends_with('/') {
            on_disk.is_dir()
        } else {
            on_disk.exists()
        };
        if !exists {
            problems.push(format!(
                "{DOC}:{line}: `{path}` does not exist (paths are relative to the repository root)"
            ));
        }
    }
    problems
}

#[test]
fn the_architecture_doc_names_only_what_exists_and_stays_short() {
    let root = repo_root();
    let text = std::fs::read_to_string(root.join(DOC)).expect("docs/architecture.md is readable");
    let problems = problems(&text, &root);
    assert!(
        problems.is_empty(),
        "{} problem(s) in {DOC}:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_doc_names_some_paths() {
    // The check would pass vacuously if the extraction found nothing.
    let text = std::fs::read_to_string(repo_root().join(DOC)).expect("docs/architecture.md");
    let named = extract(&text).paths;
    assert!(named.len() > 50, "only {} paths found", named.len());
    assert!(
        named
            .iter()
            .any(|n| n.path == "host/engine/src/engine/mutation.rs"),
        "the mutation choke point is on the map"
    );
}

#[test]
fn extraction_follows_the_rule() {
    let text = "\
# Title with `host/engine/`

A `good/path.rs` and `Cargo.toml`, a Rust path `engine::flow`, a pattern
`<pack>/tests/*.scenario`, an item `Match::answer` and `ClientMsg::Answer { seq }`,
a span that wraps `two
words/here` and a `wrapped/
path.rs` across lines.

```
`in/a/fence.rs` is not read
```

- an item naming `wit/since_v<X.Y.Z>/` and `docs/`
";
    let extracted = extract(text);
    assert!(extracted.unpaired.is_empty());
    let found: Vec<(&str, usize)> = extracted
        .paths
        .iter()
        .map(|n| (n.path.as_str(), n.line))
        .collect();
    assert_eq!(
        found,
        [
            ("host/engine/", 1),
            ("good/path.rs", 3),
            ("Cargo.toml", 3),
            ("docs/", 13),
        ]
    );
}

#[test]
fn a_wrong_path_is_reported() {
    let root = repo_root();
    let text = "\
See `host/engine/src/engine/mutation.rs` and `host/engine/src/no_such_module.rs`.

Also `docs/nowhere.md`, `docs/architecture.md/` (not a folder) and `tests/`.
";
    let problems = problems(text, &root);
    assert_eq!(problems.len(), 3, "{problems:#?}");
    assert!(problems[0].contains("`host/engine/src/no_such_module.rs` does not exist"));
    assert!(problems[0].starts_with("docs/architecture.md:1:"));
    assert!(problems[1].contains("`docs/nowhere.md`"));
    assert!(problems[2].contains("`docs/architecture.md/`"));
}

#[test]
fn outside_paths_odd_backticks_and_length_are_reported() {
    let root = repo_root();
    let long = "line\n".repeat(MAX_LINES + 1);
    let text = format!(
        "The spec is in `../shared/docs/sve-script.md`, `/etc/passwd` or `~/notes.md`.\n\nAn `odd one.\n\n{long}"
    );
    let problems = problems(&text, &root);
    let has = |needle: &str| problems.iter().any(|p| p.contains(needle));
    assert!(has("more than 400"), "{problems:#?}");
    assert!(has("outside the repository (`../`)"), "{problems:#?}");
    assert!(
        has("`/etc/passwd` is outside the repository"),
        "{problems:#?}"
    );
    assert!(
        has("`~/notes.md` is outside the repository"),
        "{problems:#?}"
    );
    assert!(has("odd number of backticks"), "{problems:#?}");
}
