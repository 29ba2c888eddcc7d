//! Checking SVE Script packs with the compiler (`sve-script`): every
//! diagnostic of every file, located. A community set folder or set tree
//! (`.txt` scripts at any depth, no `pack.toml`) is checked as it is.
//!
//! The files are read by `script_tree` (any depth, the limits and the link
//! policy) and compiled as one pack of a library
//! ([`sve_script::compile_files_in_library`]): a token or base card the
//! pack does not define is left for the library to resolve (`references`),
//! so it is not reported here.

use super::script_tree::{ScriptFolder, ScriptTree, read_script_tree};
use super::{PackDiagnostic, Severity};
use std::path::{Path, PathBuf};

/// What checking a folder of scripts found.
#[derive(Clone, Debug, Default)]
pub struct ScriptCheck {
    /// The folder.
    pub dir: PathBuf,
    /// Script files read.
    pub files: usize,
    /// Every folder looked at and what it gave (scripts read, refused,
    /// other files), the pack folder first.
    pub folders: Vec<ScriptFolder>,
    /// Cards found (compiled and rejected).
    pub cards_total: usize,
    /// Cards that compiled without errors.
    pub cards_ok: usize,
    /// Files and folders refused, and `pack.toml` files below the top,
    /// located (the loader reports the same).
    pub refused: Vec<PackDiagnostic>,
    /// The compiler's errors and warnings, located.
    pub diagnostics: Vec<PackDiagnostic>,
    /// The compiler's diagnostics rendered like rustc's (source line and
    /// caret).
    pub rendered: String,
}

/// Whether a folder holds SVE Script files (`*.txt`) at any depth (see
/// `script_tree` for what is left out).
pub fn is_script_folder(dir: &Path) -> bool {
    super::script_tree::has_scripts(dir)
}

/// Whether a pack folder is a script pack with scripts to check: no
/// `pack.toml` or one of kind `script`, and `.txt` scripts at any depth.
pub fn is_script_pack(dir: &Path) -> bool {
    let kind_is_script = !dir.join("pack.toml").exists()
        || super::read_manifest(dir).is_ok_and(|m| m.kind == super::PackKind::Script);
    kind_is_script && is_script_folder(dir)
}

/// A pack folder's scripts, read and compiled as one pack of a library.
pub(crate) struct CompiledTree {
    /// What was read.
    pub tree: ScriptTree,
    /// What it compiled to.
    pub compiled: sve_script::Compiled,
    /// Refused files and `pack.toml` files below the top, located.
    pub refused: Vec<PackDiagnostic>,
}

/// Reads every script of the pack folder `dir` and compiles them as one
/// pack of a library.
pub(crate) fn compile_tree(dir: &Path) -> CompiledTree {
    let tree = read_script_tree(dir);
    let compiled = sve_script::compile_files_in_library(&tree.files);
    let mut refused: Vec<PackDiagnostic> = tree.refused.iter().map(|r| r.diagnostic()).collect();
    for manifest in &tree.nested_manifests {
        refused.push(PackDiagnostic {
            severity: Severity::Warning,
            ..super::error_at(
                manifest,
                format!(
                    "ignored: a pack.toml below the top of pack folder {} does not make a pack of its own; the scripts of its folder belong to that pack (to load it as a pack, move its folder to the top of the folder of packs)",
                    dir.display()
                ),
            )
        });
    }
    CompiledTree {
        tree,
        compiled,
        refused,
    }
}

/// Compiles every `.txt` script of `dir` (at any depth) as one pack and
/// reports what the compiler found.
pub fn check_scripts(dir: &Path) -> ScriptCheck {
    let CompiledTree {
        tree,
        compiled,
        refused,
    } = compile_tree(dir);
    // Declarations (`type Keyword;`, `type Counter;`) compile as cards but
    // are none.
    let declarations = compiled
        .cards
        .iter()
        .filter(|card| card.card_type.is_declaration())
        .count();
    ScriptCheck {
        dir: dir.to_owned(),
        refused,
        diagnostics: located(dir, &compiled),
        files: tree.scripts(),
        cards_ok: compiled.cards.len() - declarations,
        cards_total: compiled.cards_total() - declarations,
        rendered: compiled.render(&tree.files),
        folders: tree.folders,
    }
}

/// The compiler's diagnostics for the scripts of `dir`, as pack diagnostics
/// (file:line:col under `dir`).
pub(crate) fn located(dir: &Path, compiled: &sve_script::Compiled) -> Vec<PackDiagnostic> {
    compiled
        .diagnostics
        .iter()
        .map(|d| located_one(dir, d))
        .collect()
}

/// One compiler diagnostic for a script of `dir`, located under `dir`.
pub(crate) fn located_one(dir: &Path, d: &sve_script::Diagnostic) -> PackDiagnostic {
    PackDiagnostic {
        file: dir.join(d.file()),
        line: Some(d.line()),
        col: Some(d.col()),
        severity: match d.severity() {
            sve_script::Severity::Error => Severity::Error,
            sve_script::Severity::Warning => Severity::Warning,
        },
        message: d.message(),
    }
}
