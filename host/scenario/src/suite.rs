//! Board files in folders: find every `*.scenario` under a path, run
//! each with one [`Catalog`], and report PASS, FAIL (with the problems or
//! the expected-against-actual diff) or SKIP per file. `sve test` and the
//! `sve-tests` suite both run scenarios through here.
//!
//! ```no_run
//! use std::path::Path;
//! use sve_packs::catalog::Catalog;
//! use sve_scenario::suite;
//!
//! let catalog = Catalog::open(Path::new("card-packs"), Path::new("target")).expect("cards");
//! let paths = suite::find_scenarios(Path::new("card-packs")).expect("readable folders");
//! let reports = suite::run_files(&paths, &catalog);
//! for report in &reports {
//!     print!("{report}");
//! }
//! assert!(reports.iter().all(|r| !r.is_failure()));
//! ```

use super::{Failure, ScenarioFile, run_scenario};
use crate::catalog::Catalog;
use serde::Serialize;
use std::fmt;
use std::path::{Path, PathBuf};
use sve_text::escape_line;

/// Most characters of one reported line (an error, a line of a diff).
pub const MAX_SHOWN_LINE_CHARS: usize = 500;

/// The extension of scenario files.
pub const EXTENSION: &str = "scenario";

/// A folder that could not be read while looking for scenario files.
#[derive(Debug, thiserror::Error)]
#[error("cannot read {}", path.display())]
pub struct FindError {
    path: PathBuf,
    source: std::io::Error,
}

impl FindError {
    /// The file or folder that could not be read.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// What became of one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FileStatus {
    /// Every expectation held.
    Pass,
    /// A problem in the file, or an expectation that did not hold.
    Fail,
    /// The file starts with `# skip: reason`.
    Skip,
}

/// The result of one scenario file.
#[derive(Clone, Debug, Serialize)]
pub struct FileReport {
    /// The file.
    pub path: PathBuf,
    /// Pass, fail or skip.
    pub status: FileStatus,
    /// What the scenario shows (its first comment line).
    pub title: Option<String>,
    /// Why it was skipped.
    pub skip_reason: Option<String>,
    /// Problems with the file itself, as `file:line: message`.
    pub errors: Vec<String>,
    /// Expectations that did not hold.
    pub failures: Vec<Failure>,
}

impl FileReport {
    /// Whether the file failed (a problem or a mismatch).
    pub fn is_failure(&self) -> bool {
        self.status == FileStatus::Fail
    }
}

impl fmt::Display for FileReport {
    /// `PASS path`, `SKIP path (reason)`, or `FAIL path` followed by each
    /// problem and mismatch, indented. Board files may come with a
    /// pack: what a line quotes from one is shown with control characters
    /// escaped and cut at [`MAX_SHOWN_LINE_CHARS`] characters.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = |text: &str| escape_line(text, MAX_SHOWN_LINE_CHARS);
        let path = escape_line(&self.path.display().to_string(), usize::MAX);
        match self.status {
            FileStatus::Pass => writeln!(f, "PASS {path}"),
            FileStatus::Skip => writeln!(
                f,
                "SKIP {path} ({})",
                shown(self.skip_reason.as_deref().unwrap_or("no reason given"))
            ),
            FileStatus::Fail => {
                writeln!(f, "FAIL {path}")?;
                for error in &self.errors {
                    writeln!(f, "  {}", shown(error))?;
                }
                for failure in &self.failures {
                    for line in failure.to_string().lines() {
                        writeln!(f, "  {}", shown(line))?;
                    }
                }
                Ok(())
            }
        }
    }
}

/// Counts over a run of files.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Files that passed.
    pub passed: usize,
    /// Files that failed.
    pub failed: usize,
    /// Files skipped.
    pub skipped: usize,
}

impl Summary {
    /// Counts the reports.
    pub fn of(reports: &[FileReport]) -> Summary {
        let mut summary = Summary::default();
        for report in reports {
            match report.status {
                FileStatus::Pass => summary.passed += 1,
                FileStatus::Fail => summary.failed += 1,
                FileStatus::Skip => summary.skipped += 1,
            }
        }
        summary
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} passed, {} failed, {} skipped",
            self.passed, self.failed, self.skipped
        )
    }
}

/// Every `*.scenario` file under `root` (recursively), sorted by path; a
/// file given directly is returned whatever its extension.
pub fn find_scenarios(root: &Path) -> Result<Vec<PathBuf>, FindError> {
    let mut found = Vec::new();
    if root.is_file() {
        found.push(root.to_owned());
        return Ok(found);
    }
    let mut folders = vec![root.to_owned()];
    while let Some(folder) = folders.pop() {
        let entries = std::fs::read_dir(&folder).map_err(|source| FindError {
            path: folder.clone(),
            source,
        })?;
        for entry in entries {
            let entry = entry.map_err(|source| FindError {
                path: folder.clone(),
                source,
            })?;
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == EXTENSION) {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}

/// Reads and runs one scenario file.
pub fn run_file(path: &Path, catalog: &Catalog) -> FileReport {
    let mut report = FileReport {
        path: path.to_owned(),
        status: FileStatus::Fail,
        title: None,
        skip_reason: None,
        errors: Vec::new(),
        failures: Vec::new(),
    };
    let text = match crate::text_file::read_text_file(path) {
        Ok(text) => text,
        Err(e) => {
            report.errors.push(e.to_string());
            return report;
        }
    };
    // A skipped file is not even parsed: it may wait for a format change.
    if let Some(reason) = text
        .lines()
        .next()
        .and_then(|l| l.trim().strip_prefix('#'))
        .and_then(|l| l.trim().strip_prefix("skip:"))
    {
        report.status = FileStatus::Skip;
        report.skip_reason = Some(reason.trim().to_owned());
        return report;
    }
    let located = |errors: Vec<super::ParseError>| -> Vec<String> {
        errors
            .iter()
            .map(|e| format!("{}:{}: {}", path.display(), e.line(), e.message()))
            .collect()
    };
    let file = match ScenarioFile::parse(&text) {
        Ok(file) => file,
        Err(errors) => {
            report.errors = located(errors);
            return report;
        }
    };
    report.title = file.title().map(str::to_owned);
    match run_scenario(&file, catalog) {
        Ok(run) if run.passed() => report.status = FileStatus::Pass,
        Ok(run) => report.failures = run.failures,
        Err(errors) => report.errors = located(errors),
    }
    report
}

/// Runs every file, in order.
pub fn run_files(paths: &[PathBuf], catalog: &Catalog) -> Vec<FileReport> {
    paths.iter().map(|path| run_file(path, catalog)).collect()
}
