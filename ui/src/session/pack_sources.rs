//! Where a card's source is, for the inspector: the file and line of the
//! card and of each of its abilities, and the card's lines.
//!
//! The pack loader keeps IR, not source spans, so this module reads a
//! script pack's tree again (`sve_packs::packs::script_tree`, the same
//! reader and limits as loading) and compiles it with `sve-script`, whose
//! IR names each card's file and line and each ability's line. A Rust
//! pack's `src/` is read and searched for the card's id
//! (`rust_sources.rs`). That runs on the match worker (or the replay
//! viewer's), once per pack, when a card of the pack is first inspected
//! (a few milliseconds for a hundred cards), and again after a hot
//! reload. The bundled card data has no source: its cards get `None`.

use super::InspectedCard;
use super::rust_sources::RustSources;
use super::sources::{CardSource, SourceAt, SourceLanguage};
use crate::catalog::Catalog;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use sve_net::inspect::AbilityLine;
use sve_packs::packs::script_tree::read_script_tree;
use sve_packs::packs::scripts::is_script_pack;

/// Most lines of a card's source the inspector is given.
const MAX_SOURCE_LINES: usize = 200;

/// The sources of the packs' cards, read once per pack and kept until
/// the cards are reloaded.
#[derive(Debug, Default)]
pub(super) struct SourceIndex {
    /// Pack folder → its sources.
    packs: HashMap<PathBuf, PackSources>,
}

/// One pack's sources.
#[derive(Debug)]
enum PackSources {
    /// A script pack's compiled cards, by id.
    Script(HashMap<String, Arc<CardSource>>),
    /// A Rust pack's files, and the cards found in them so far.
    Rust {
        files: RustSources,
        found: HashMap<String, Arc<CardSource>>,
    },
}

impl SourceIndex {
    /// Forgets every source (after a hot reload).
    pub(super) fn clear(&mut self) {
        self.packs.clear();
    }

    /// Adds the script source to each inspected card of a script pack, and
    /// to its abilities.
    pub(super) fn fill(&mut self, catalog: &Catalog, cards: &mut [InspectedCard]) {
        for card in cards {
            card.source = self.source_of(catalog, &card.id);
            card.ability_sources = card
                .data
                .abilities
                .iter()
                .map(|ability| self.ability_source(catalog, ability))
                .collect();
        }
    }

    fn ability_source(&mut self, catalog: &Catalog, ability: &AbilityLine) -> Option<SourceAt> {
        let source = self.source_of(catalog, &ability.card_id)?;
        if !source.found {
            return None;
        }
        Some(
            source
                .abilities
                .get(ability.index)
                .cloned()
                .unwrap_or_else(|| source.at.clone()),
        )
    }

    /// The source of the card `card_id`, when a pack defines it.
    pub(super) fn source_of(
        &mut self,
        catalog: &Catalog,
        card_id: &str,
    ) -> Option<Arc<CardSource>> {
        let pack = catalog.pack_of(card_id)?;
        let sources = self.packs.entry(pack.dir.clone()).or_insert_with(|| {
            if is_script_pack(&pack.dir) {
                PackSources::Script(index_pack(&pack.dir))
            } else {
                PackSources::Rust {
                    files: RustSources::read(&pack.dir),
                    found: HashMap::new(),
                }
            }
        });
        match sources {
            PackSources::Script(cards) => cards.get(card_id).cloned(),
            PackSources::Rust { files, found } => Some(Arc::clone(
                found
                    .entry(card_id.to_owned())
                    .or_insert_with(|| Arc::new(files.card(card_id))),
            )),
        }
    }
}

/// Every compiled card of the script pack in `dir`, by id.
pub(super) fn index_pack(dir: &Path) -> HashMap<String, Arc<CardSource>> {
    let tree = read_script_tree(dir);
    let compiled = sve_script::compile_files_in_library(&tree.files);
    let texts: HashMap<&str, &str> = tree
        .files
        .iter()
        .map(|file| (file.name.as_str(), file.text.as_str()))
        .collect();
    // The first line of each card, per file: a card's lines end where the
    // next card of its file starts.
    let mut starts: HashMap<&str, Vec<u32>> = HashMap::new();
    for card in &compiled.cards {
        starts
            .entry(card.source.file.as_str())
            .or_default()
            .push(card.source.line);
    }
    for lines in starts.values_mut() {
        lines.sort_unstable();
    }
    let mut out = HashMap::new();
    for card in &compiled.cards {
        let file = card.source.file.as_str();
        let first = card.source.line;
        let next = starts
            .get(file)
            .and_then(|lines| lines.iter().find(|line| **line > first).copied());
        let lines = texts
            .get(file)
            .map(|text| card_lines(text, first, next))
            .unwrap_or_default();
        let source = CardSource {
            at: SourceAt {
                path: dir.join(file),
                line: first,
            },
            lines,
            abilities: card
                .abilities
                .iter()
                .map(|a| SourceAt {
                    path: dir.join(file),
                    line: a.line,
                })
                .collect(),
            language: SourceLanguage::Script,
            found: true,
        };
        out.insert(card.id.clone(), Arc::new(source));
    }
    tracing::debug!(
        "indexed the sources of {} cards in {}",
        out.len(),
        dir.display()
    );
    out
}

/// The lines `first..next` (1-based, `next` excluded, to the end when
/// `None`) of `text`, without the blank and comment lines at the end.
fn card_lines(text: &str, first: u32, next: Option<u32>) -> Vec<String> {
    let skip = usize::try_from(first.saturating_sub(1)).unwrap_or(usize::MAX);
    let take = next.map_or(usize::MAX, |next| {
        usize::try_from(next.saturating_sub(first)).unwrap_or(usize::MAX)
    });
    let mut lines: Vec<String> = text
        .lines()
        .skip(skip)
        .take(take.min(MAX_SOURCE_LINES))
        .map(str::to_owned)
        .collect();
    while lines
        .last()
        .is_some_and(|line| line.trim().is_empty() || line.trim_start().starts_with("//"))
    {
        lines.pop();
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn workspace() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("the ui crate sits in the workspace")
            .to_owned()
    }

    #[test]
    fn a_script_card_has_its_file_line_and_lines() {
        let dir = workspace().join("tests/packs/script-reloadable");
        let index = index_pack(&dir);
        let spark = index.get("TEST-S01").expect("the Spark compiles");
        assert_eq!(spark.at.path, dir.join("cards.txt"));
        assert_eq!(spark.at.line, 4, "its `name` statement");
        assert_eq!(
            spark.lines.first().map(String::as_str),
            Some("name Script Spark;")
        );
        assert_eq!(spark.lines.last().map(String::as_str), Some("}"));
        let lines: Vec<u32> = spark.abilities.iter().map(|at| at.line).collect();
        assert_eq!(lines, [12], "the `ability Fanfare` line");
        assert_eq!(
            spark.at.location(),
            format!("{}:4", dir.join("cards.txt").display())
        );
    }

    #[test]
    fn a_card_ends_before_the_next_and_trailing_comments_are_left_out() {
        let text = "name A;\nid A-1;\n\n// ---- B\nname B;\nid B-1;\n";
        assert_eq!(card_lines(text, 1, Some(5)), ["name A;", "id A-1;"]);
        assert_eq!(card_lines(text, 5, None), ["name B;", "id B-1;"]);
        assert!(card_lines(text, 40, None).is_empty(), "past the end");
    }
}
