//! Where a Rust pack's card is in its source, for the inspector. A Rust
//! pack ships compiled code, and the card API has no source positions,
//! so this reads the pack's `src/` again and finds the card by its id:
//! the string literal of the id (`"SD03-006"`), through the constant
//! that holds it when there is one (`const FIRE_CHAIN: &str = "SD03-006";`
//! then `Card::spell(FIRE_CHAIN, …)`), is the card's definition; its
//! lines run to the next card; each ability's handler named as the last
//! argument of a builder call (`.spell_effect("…", fire_chain)`) is found
//! by its `fn`. A card whose source does not spell its id, or a pack
//! shipped without its sources, is only named by its file.

use super::sources::{CardSource, SourceAt, SourceLanguage};
use std::path::{Path, PathBuf};

/// Most `.rs` files read from one pack.
const MAX_FILES: usize = 200;
/// The largest `.rs` file read, in bytes.
const MAX_FILE_BYTES: u64 = 1 << 20;
/// Folders below `src/` followed at most.
const MAX_DEPTH: usize = 8;
/// Most lines of a card's definition the inspector is given.
const MAX_CARD_LINES: usize = 80;

/// A Rust pack's source files, read once.
#[derive(Debug, Default)]
pub(super) struct RustSources {
    /// The pack's folder.
    dir: PathBuf,
    /// Each `.rs` file under `src/` with its text, `src/lib.rs` first.
    files: Vec<(PathBuf, String)>,
}

impl RustSources {
    /// Reads the `.rs` files under `dir/src` (none when the pack ships
    /// without its sources).
    pub(super) fn read(dir: &Path) -> RustSources {
        let mut files = Vec::new();
        collect_rs(&dir.join("src"), 0, &mut files);
        files.sort_by_key(|(path, _)| (!path.ends_with("lib.rs"), path.clone()));
        tracing::debug!("read {} Rust files of {}", files.len(), dir.display());
        RustSources {
            dir: dir.to_owned(),
            files,
        }
    }

    /// Where the card `card_id` is: its definition and its abilities'
    /// handlers, or, when its id is nowhere in the source, only the file
    /// the pack's code is in.
    pub(super) fn card(&self, card_id: &str) -> CardSource {
        self.locate(card_id).unwrap_or_else(|| CardSource {
            at: SourceAt {
                path: self.main_file(),
                line: 1,
            },
            lines: Vec::new(),
            abilities: Vec::new(),
            language: SourceLanguage::Rust,
            found: false,
        })
    }

    /// The file a card whose definition is not found is named by:
    /// `src/lib.rs`, else the first source file, else the pack's folder.
    fn main_file(&self) -> PathBuf {
        self.files
            .first()
            .map_or_else(|| self.dir.clone(), |(path, _)| path.clone())
    }

    fn locate(&self, card_id: &str) -> Option<CardSource> {
        let literal = format!("\"{card_id}\"");
        let (file, text, literal_line) = self.files.iter().find_map(|(path, text)| {
            let line = text.lines().position(|line| line.contains(&literal))?;
            Some((path, text, line))
        })?;
        let lines: Vec<&str> = text.lines().collect();
        // Through a constant: the card is where the constant is used.
        let definition = constant_name(lines.get(literal_line)?)
            .and_then(|name| {
                lines
                    .iter()
                    .enumerate()
                    .find(|(at, line)| *at != literal_line && names(line, name))
                    .map(|(at, _)| at)
            })
            .unwrap_or(literal_line);
        let card_lines = definition_lines(&lines, definition);
        let abilities = card_lines
            .iter()
            .filter_map(|line| handler_of(line))
            .filter_map(|handler| self.function(handler))
            .collect();
        Some(CardSource {
            at: SourceAt {
                path: file.clone(),
                line: line_number(definition),
            },
            lines: card_lines.iter().map(|line| (*line).to_owned()).collect(),
            abilities,
            language: SourceLanguage::Rust,
            found: true,
        })
    }

    /// Where `fn name(` is, in any file.
    fn function(&self, name: &str) -> Option<SourceAt> {
        let wanted = format!("fn {name}(");
        self.files.iter().find_map(|(path, text)| {
            let at = text.lines().position(|line| line.contains(&wanted))?;
            Some(SourceAt {
                path: path.clone(),
                line: line_number(at),
            })
        })
    }
}

/// A 0-based line index as a 1-based line number.
fn line_number(index: usize) -> u32 {
    u32::try_from(index + 1).unwrap_or(u32::MAX)
}

/// The `.rs` files under `dir`, depth-first, within the limits.
fn collect_rs(dir: &Path, depth: usize, out: &mut Vec<(PathBuf, String)>) {
    if depth > MAX_DEPTH {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if out.len() >= MAX_FILES {
            return;
        }
        // Links are not followed: only the pack's own files.
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        if meta.is_dir() {
            collect_rs(&path, depth + 1, out);
        } else if meta.is_file()
            && path.extension().is_some_and(|ext| ext == "rs")
            && meta.len() <= MAX_FILE_BYTES
        {
            match std::fs::read_to_string(&path) {
                Ok(text) => out.push((path, text)),
                Err(err) => tracing::warn!("{}: {err}", path.display()),
            }
        }
    }
}

/// `NAME` of a line `const NAME: &str = "…";` (or `pub const`).
fn constant_name(line: &str) -> Option<&str> {
    let rest = line.trim_start();
    let rest = rest.strip_prefix("pub ").unwrap_or(rest);
    let rest = rest.strip_prefix("const ")?;
    let name = rest.split(':').next()?.trim();
    is_identifier(name).then_some(name)
}

/// Whether `line` names the identifier `name` (not as part of another).
fn names(line: &str, name: &str) -> bool {
    line.match_indices(name).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = line[at + name.len()..].chars().next();
        !before.is_some_and(is_identifier_char) && !after.is_some_and(is_identifier_char)
    })
}

/// The lines of the definition starting at `first`: to the line before
/// the next card (a line starting `Card::`) or before the first line
/// indented less than the first, at most [`MAX_CARD_LINES`].
fn definition_lines<'a>(lines: &[&'a str], first: usize) -> Vec<&'a str> {
    let indent = |line: &str| line.len() - line.trim_start().len();
    let Some(head) = lines.get(first) else {
        return Vec::new();
    };
    let depth = indent(head);
    let mut out = vec![*head];
    for line in lines.iter().skip(first + 1).take(MAX_CARD_LINES - 1) {
        let trimmed = line.trim_start();
        if trimmed.starts_with("Card::") || (!trimmed.is_empty() && indent(line) < depth) {
            break;
        }
        out.push(*line);
    }
    while out.last().is_some_and(|line| line.trim().is_empty()) {
        out.pop();
    }
    out
}

/// The handler a builder call names as its last argument:
/// `.fanfare("…", tsubaki),` → `tsubaki`.
fn handler_of(line: &str) -> Option<&str> {
    let line = line.trim().trim_end_matches(',').trim_end_matches(';');
    let inner = line.strip_suffix(')')?;
    let (_, last) = inner.rsplit_once(',')?;
    let last = last.trim();
    is_identifier(last).then_some(last)
}

fn is_identifier_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

fn is_identifier(text: &str) -> bool {
    !text.is_empty()
        && !text.starts_with(|c: char| c.is_ascii_digit())
        && text.chars().all(is_identifier_char)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rust_starter() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("the ui crate sits in the workspace")
            .join("card-packs/rust-starter")
    }

    #[test]
    fn a_rust_card_is_found_through_its_id_constant_with_its_handlers() {
        let dir = rust_starter();
        let sources = RustSources::read(&dir);
        let lib = dir.join("src/lib.rs");
        let fire_chain = sources.card("SD03-006");
        assert!(fire_chain.found);
        assert_eq!(fire_chain.at.path, lib);
        let text = std::fs::read_to_string(&lib).expect("the pack's source");
        let lines: Vec<&str> = text.lines().collect();
        let definition = lines[fire_chain.at.line as usize - 1];
        assert!(
            definition.contains("Card::spell(FIRE_CHAIN"),
            "{definition:?}"
        );
        assert_eq!(
            fire_chain.lines.first().map(String::as_str),
            Some(definition)
        );
        assert!(
            fire_chain
                .lines
                .iter()
                .all(|l| !l.contains("Card::follower")),
            "it ends before the next card: {:?}",
            fire_chain.lines
        );
        let [handler] = fire_chain.abilities.as_slice() else {
            panic!("one handler: {:?}", fire_chain.abilities);
        };
        assert!(lines[handler.line as usize - 1].starts_with("fn fire_chain("));
        // Alucard: a fanfare and a Strike, in order.
        let alucard = sources.card("SD05-002");
        let handlers: Vec<&str> = alucard
            .abilities
            .iter()
            .map(|at| lines[at.line as usize - 1])
            .collect();
        assert_eq!(handlers.len(), 2, "{handlers:?}");
        assert!(handlers[0].starts_with("fn alucard_necrocharge("));
        assert!(handlers[1].starts_with("fn alucard_strike("));
    }

    #[test]
    fn a_card_the_source_does_not_spell_is_named_by_its_file() {
        let dir = rust_starter();
        let missing = RustSources::read(&dir).card("NOT-A-CARD");
        assert!(!missing.found);
        assert_eq!(missing.at.path, dir.join("src/lib.rs"));
        assert!(missing.lines.is_empty());
        // A pack shipped without its sources: the folder.
        let shipped = RustSources::read(Path::new("/nonexistent/pack"));
        assert_eq!(shipped.card("X-1").at.path, Path::new("/nonexistent/pack"));
    }

    #[test]
    fn handlers_constants_and_names_are_read_from_single_lines() {
        assert_eq!(
            handler_of(r#".fanfare("Choose", tsubaki),"#),
            Some("tsubaki")
        );
        assert_eq!(handler_of(".condition(has_enemy_targets),"), None);
        assert_eq!(handler_of(r#".text("a, b")"#), None);
        assert_eq!(
            constant_name(r#"const FIRE_CHAIN: &str = "SD03-006";"#),
            Some("FIRE_CHAIN")
        );
        assert!(names("Card::spell(FIRE_CHAIN, x)", "FIRE_CHAIN"));
        assert!(!names("Card::spell(FIRE_CHAIN_2, x)", "FIRE_CHAIN"));
    }
}
