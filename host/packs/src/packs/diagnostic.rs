//! [`PackDiagnostic`]: a problem found while loading packs, located where
//! possible, and shown with everything it quotes escaped.

use serde::Serialize;
use std::path::PathBuf;

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The pack (or a card) was not loaded.
    Error,
    /// Loaded, but something deserves attention.
    Warning,
    /// Worth knowing, nothing wrong: a declared override (which pack
    /// replaces which card of which pack).
    Note,
}

/// A problem found while loading packs, located where possible.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PackDiagnostic {
    /// The file.
    pub file: PathBuf,
    /// 1-based line, when known.
    pub line: Option<u32>,
    /// 1-based column, when known.
    pub col: Option<u32>,
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for PackDiagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // A file or folder name inside a pack is pack text too.
        let file = self.file.display().to_string();
        write!(f, "{}", sve_text::escape_line(&file, usize::MAX))?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(col) = self.col {
                write!(f, ":{col}")?;
            }
        }
        let severity = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        };
        // Messages quote folder names, ids and compiler output: every line
        // is shown escaped too (line breaks kept, as in cargo's output).
        write!(f, ": {severity}: ")?;
        for (idx, line) in self.message.split('\n').enumerate() {
            if idx > 0 {
                writeln!(f)?;
            }
            write!(f, "{}", sve_text::escape_line(line, 4_000))?;
        }
        Ok(())
    }
}

pub(super) fn error_at(file: impl Into<PathBuf>, message: impl Into<String>) -> PackDiagnostic {
    PackDiagnostic {
        file: file.into(),
        line: None,
        col: None,
        severity: Severity::Error,
        message: message.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_name_with_escapes_is_shown_escaped() {
        let d = PackDiagnostic {
            file: PathBuf::from("card-packs/a/\u{1b}[2J.txt"),
            line: None,
            col: None,
            severity: Severity::Warning,
            message: "x".to_owned(),
        };
        assert_eq!(d.to_string(), "card-packs/a/\\u{1b}[2J.txt: warning: x");
    }

    #[test]
    fn diagnostics_render_file_line_col() {
        let d = PackDiagnostic {
            file: PathBuf::from("card-packs/a/cards.txt"),
            line: Some(3),
            col: Some(7),
            severity: Severity::Error,
            message: "unknown effect `Drwa`".to_owned(),
        };
        assert_eq!(
            d.to_string(),
            "card-packs/a/cards.txt:3:7: error: unknown effect `Drwa`"
        );
    }
}
