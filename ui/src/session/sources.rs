//! A card's source, for the inspector: the file and line of the card and
//! of each of its abilities, and the card's lines. Reading them from the
//! pack folders is the desktop's (`pack_sources.rs`); a web page's cards
//! come from no folder and have none.

#[cfg(not(feature = "desktop"))]
use super::InspectedCard;
#[cfg(not(feature = "desktop"))]
use crate::catalog::Catalog;
use std::path::PathBuf;

#[cfg(feature = "desktop")]
pub(super) use super::pack_sources::SourceIndex;

/// A place in a script file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SourceAt {
    /// The file (the pack folder joined with the script's path in it).
    pub path: PathBuf,
    /// 1-based line.
    pub line: u32,
}

impl SourceAt {
    /// `path:line`, the form editors and terminals understand.
    pub fn location(&self) -> String {
        format!("{}:{}", self.path.display(), self.line)
    }
}

/// What a card's source is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceLanguage {
    /// SVE Script, a script pack's text.
    Script,
    /// Rust, a Rust pack's code.
    Rust,
}

/// A pack card's source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardSource {
    /// Where the card is defined: a script's `name` statement, a Rust
    /// card's builder call (its file's first line when not `found`).
    pub at: SourceAt,
    /// The card's lines, from there to the line before the next card of
    /// the file (blank and comment lines at the end left out), at most
    /// 200; none when not `found`.
    pub lines: Vec<String>,
    /// Where each of its own abilities is, in printed order: a script
    /// ability's `ability` keyword, a Rust ability's handler `fn`
    /// (abilities the runtime adds after them have none).
    pub abilities: Vec<SourceAt>,
    /// What it is written in.
    pub language: SourceLanguage,
    /// Whether the card itself was found; a Rust card whose source does
    /// not spell its id is only its pack's file.
    pub found: bool,
}

/// The sources of the cards: a page's cards come from no pack folder, so
/// none has a source to show.
#[cfg(not(feature = "desktop"))]
#[derive(Debug, Default)]
pub(super) struct SourceIndex {}

#[cfg(not(feature = "desktop"))]
impl SourceIndex {
    /// Forgets every source (after a hot reload).
    pub(super) fn clear(&mut self) {}

    /// Adds the source to each inspected card of a pack: none here.
    pub(super) fn fill(&mut self, _catalog: &Catalog, _cards: &mut [InspectedCard]) {}
}
