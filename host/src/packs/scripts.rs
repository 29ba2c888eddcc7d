//! Checking SVE Script packs with the compiler (`sve-script`): every
//! diagnostic of every file, located. A community set folder (`.txt`
//! scripts, no `pack.toml`) is checked as it is.
//!
//! Playing script packs needs the script runtime component, which is not in
//! this build yet; checking them does not.

use super::{PackDiagnostic, Severity};
use std::path::{Path, PathBuf};

/// What checking a folder of scripts found.
#[derive(Clone, Debug, Default)]
pub struct ScriptCheck {
    /// The folder.
    pub dir: PathBuf,
    /// Script files read.
    pub files: usize,
    /// Cards found (compiled and rejected).
    pub cards_total: usize,
    /// Cards that compiled without errors.
    pub cards_ok: usize,
    /// Every error and warning, located.
    pub diagnostics: Vec<PackDiagnostic>,
    /// The diagnostics rendered like rustc's (source line and caret).
    pub rendered: String,
}

/// Whether a folder holds SVE Script files (`*.txt`).
pub fn is_script_folder(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| e.path().extension().is_some_and(|x| x == "txt"))
    })
}

/// Compiles every `.txt` script of `dir` as one set and reports what the
/// compiler found.
pub fn check_scripts(dir: &Path) -> ScriptCheck {
    let mut check = ScriptCheck {
        dir: dir.to_owned(),
        ..ScriptCheck::default()
    };
    let compiled = match sve_script::compile_dir(dir) {
        Ok(compiled) => compiled,
        Err(e) => {
            check.diagnostics.push(super::error_at(dir, e.to_string()));
            return check;
        }
    };
    check.files = compiled.files.len();
    check.cards_ok = compiled.compiled.cards.len();
    check.cards_total = check.cards_ok + compiled.compiled.rejected.len();
    check.rendered = compiled.render_diagnostics();
    check.diagnostics = located(dir, &compiled.compiled);
    check
}

/// The compiler's diagnostics for the scripts of `dir`, as pack diagnostics
/// (file:line:col under `dir`).
pub(crate) fn located(dir: &Path, compiled: &sve_script::Compiled) -> Vec<PackDiagnostic> {
    compiled
        .diagnostics
        .iter()
        .map(|d| PackDiagnostic {
            file: dir.join(d.file()),
            line: Some(d.line()),
            col: Some(d.col()),
            severity: match d.severity() {
                sve_script::Severity::Error => Severity::Error,
                sve_script::Severity::Warning => Severity::Warning,
            },
            message: d.message(),
        })
        .collect()
}
