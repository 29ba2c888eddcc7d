//! What `sve pack check` reports about a pack or a folder of packs, loaded
//! exactly as play loads them: per pack its cards and priority, the script
//! files read per folder (and refused), which pack plays each card several
//! packs define, every diagnostic (the compiler's rendered like rustc's),
//! and the count of cards that are ok.
//!
//! A card is ok when it compiled and loaded and no error set it aside
//! (`shared_cards`): a card two packs define with nothing to decide is not
//! ok in either, nor is a card outside its pack's `sets`.

use super::scripts::{ScriptCheck, check_scripts, is_script_pack};
use super::{LoadedPacks, PackDiagnostic, PackInfo, PackSources, Severity, pack_folders};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The result of checking a pack or folder of packs.
#[derive(Debug)]
pub struct PackCheck {
    /// What loading produced.
    pub loaded: LoadedPacks,
    /// Each script pack's compile, for the rendered diagnostics and the
    /// cards of script packs that did not load.
    pub scripts: Vec<ScriptCheck>,
    /// Cards found: a script pack's as its scripts define them (loaded or
    /// not), any other pack's as loaded.
    pub cards_total: usize,
    /// Cards that are ok (see the module docs).
    pub cards_ok: usize,
}

/// Checks `path` (a pack, or a folder of packs) given what loading it
/// produced.
pub fn check(path: &Path, loaded: LoadedPacks) -> PackCheck {
    // The loader names files under the absolute folder: so do the checks,
    // so that a compiler diagnostic is printed once.
    let absolute = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_owned());
    let script_dirs: Vec<PathBuf> = pack_folders(std::slice::from_ref(&absolute))
        .into_iter()
        .filter(|dir| is_script_pack(dir))
        .collect();
    let scripts: Vec<ScriptCheck> = script_dirs.iter().map(|dir| check_scripts(dir)).collect();
    // A card its pack can't play in full is loaded (and listed, with why)
    // but not ok.
    let unplayable = loaded
        .db
        .iter()
        .filter(|(_, def)| def.unplayable.is_some())
        .count();
    // A pack version an error set aside (a conflict, a card outside the
    // pack's `sets`) is not ok.
    let set_aside: usize = loaded
        .fallback_cards
        .iter()
        .map(|card| card.not_played.len())
        .sum();
    let cards_ok = loaded
        .packs
        .iter()
        .map(|p| p.cards)
        .sum::<usize>()
        .saturating_sub(set_aside)
        .saturating_sub(unplayable);
    let script_cards: usize = scripts.iter().map(|c| c.cards_total).sum();
    let other_cards: usize = loaded
        .packs
        .iter()
        .filter(|p| !script_dirs.contains(&p.dir))
        .map(|p| p.cards)
        .sum();
    PackCheck {
        loaded,
        scripts,
        cards_total: script_cards + other_cards,
        cards_ok,
    }
}

impl PackCheck {
    /// Number of errors.
    pub fn errors(&self) -> usize {
        self.loaded
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count()
    }

    /// The report as JSON: `packs`, `cards_total`, `cards_ok`, `sources`
    /// (per script pack, the files read per folder), `shared_cards` (card,
    /// packs, used, rule), `fallback_cards` (card, not_played, played,
    /// reason: the cards an error decided), `declared` (the keywords packs
    /// declare: name, id, pack, badge, reminder, abilities) and
    /// `diagnostics` (file, line, col, severity, message).
    pub fn json(&self) -> serde_json::Value {
        let declared: Vec<serde_json::Value> = self
            .loaded
            .db
            .declared_keywords()
            .iter()
            .map(|keyword| {
                serde_json::json!({
                    "name": keyword.name,
                    "id": keyword.id,
                    "pack": self.loaded.pack_of(&keyword.id).map(|p| p.id.as_str()),
                    "badge": format!("{:?}", keyword.badge),
                    "reminder": keyword.reminder,
                    "abilities": keyword.abilities.len(),
                })
            })
            .collect();
        serde_json::json!({
            "declared": declared,
            "packs": self.loaded.packs,
            "cards_total": self.cards_total,
            "cards_ok": self.cards_ok,
            "sources": self.loaded.sources,
            "shared_cards": self.loaded.shared_cards,
            "fallback_cards": self.loaded.fallback_cards,
            "diagnostics": self.loaded.diagnostics,
        })
    }

    /// The report as text: each pack and the script files it read per
    /// folder, the compiler's rendered diagnostics, every other diagnostic
    /// (notes included), then `PATH: N pack(s) loaded, K of T cards ok`.
    pub fn text(&self, path: &Path) -> String {
        let mut out = String::new();
        for pack in &self.loaded.packs {
            out.push_str(&pack_line(pack));
            out.push('\n');
            if let Some(sources) = self.loaded.sources.iter().find(|s| s.dir == pack.dir) {
                out.push_str(&sources_text(sources));
            }
        }
        // A script pack that did not load still had its files read.
        for check in &self.scripts {
            if !self.loaded.packs.iter().any(|p| p.dir == check.dir) {
                let _ = writeln!(out, "{}: not loaded", check.dir.display());
                out.push_str(&sources_text(&PackSources {
                    pack: String::new(),
                    dir: check.dir.clone(),
                    folders: check.folders.clone(),
                }));
            }
        }
        for keyword in self.loaded.db.declared_keywords() {
            let pack = self
                .loaded
                .pack_of(&keyword.id)
                .map_or("?", |p| p.id.as_str());
            let _ = writeln!(
                out,
                "  keyword {} ({}, declared by {pack}): {}",
                keyword.name, keyword.id, keyword.reminder
            );
        }
        for counter in self.loaded.db.declared_counters() {
            let _ = writeln!(
                out,
                "  counter {} (declared): {}",
                counter.name, counter.reminder
            );
        }
        for kind in self.loaded.db.declared_token_kinds() {
            let rules = kind.rules;
            let _ = writeln!(
                out,
                "  token kind {} (declared; in {}{}): {}",
                kind.name,
                rules.zones_words(),
                if rules.one_per_name {
                    ", one of a name per zone"
                } else {
                    ""
                },
                kind.reminder
            );
        }
        let mut rendered: Vec<&PackDiagnostic> = Vec::new();
        for check in &self.scripts {
            out.push_str(&check.rendered);
            rendered.extend(&check.diagnostics);
        }
        for diagnostic in &self.loaded.diagnostics {
            if !rendered.contains(&diagnostic) {
                let _ = writeln!(out, "{diagnostic}");
            }
        }
        let _ = writeln!(
            out,
            "{}: {} pack(s) loaded, {} of {} cards ok",
            path.display(),
            self.loaded.packs.len(),
            self.cards_ok,
            self.cards_total
        );
        out
    }
}

/// `id: ok (N cards, card API X, priority P)`, and the cards other packs
/// play.
fn pack_line(pack: &PackInfo) -> String {
    let mut line = format!(
        "{}: ok ({} cards, card API {}, priority {})",
        pack.id, pack.cards, pack.api_version, pack.priority
    );
    if pack.cards_shadowed > 0 {
        let _ = write!(
            line,
            "; {} of them also in another pack, whose version is used",
            pack.cards_shadowed
        );
    }
    if pack.cards_in_conflict > 0 {
        let _ = write!(
            line,
            "; {} of them also in another pack with nothing to decide between them: not played",
            pack.cards_in_conflict
        );
    }
    line
}

/// The script files a pack read, per folder.
fn sources_text(sources: &PackSources) -> String {
    let refused = sources.refused();
    let refused = if refused > 0 {
        format!(", {refused} refused")
    } else {
        String::new()
    };
    let mut out = format!(
        "  scripts: {} read{refused}, in {} folder(s)\n",
        sources.scripts(),
        sources.folders.len()
    );
    let width = sources
        .folders
        .iter()
        .map(|f| f.folder.chars().count())
        .max()
        .unwrap_or(0);
    for folder in &sources.folders {
        let name = crate::text_file::shown(&folder.folder);
        let _ = write!(out, "    {name:<width$}  {} script(s)", folder.scripts);
        if folder.refused > 0 {
            let _ = write!(out, ", {} refused", folder.refused);
        }
        if folder.other_files > 0 {
            let _ = write!(out, ", {} other file(s) not read", folder.other_files);
        }
        out.push('\n');
    }
    out
}
