//! Where the playtesting bench saves what it writes for the user: board
//! scenarios (`scenarios/`), bug-report bundles (`bug-reports/`) and the
//! Adventure's saved run (`adventure/`), in one
//! folder the user can find, shown in the sandbox tools with a button that
//! opens it.
//!
//! The folder is `$SVE_SAVE_DIR` when set; otherwise "SVE Bench" in the
//! user's Documents folder, or in the home folder when there is no
//! Documents folder; with no home folder at all, "SVE Bench" in the working
//! folder. The path is made absolute, so what the screen shows is where the
//! files are.
//!
//! `AppOptions::save_dir` carries the folder to each match (the client's
//! tests give `ui/target/test-saves`); the buttons open it with the
//! platform's file manager (`launch`).

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The variable that names the save folder.
pub const SAVE_DIR_VAR: &str = "SVE_SAVE_DIR";

/// The name of the save folder inside Documents or home.
const FOLDER_NAME: &str = "SVE Bench";

/// The save folder the environment gives (see the module docs).
pub fn default_save_dir() -> PathBuf {
    let home = std::env::var_os("HOME").or_else(|| std::env::var_os("USERPROFILE"));
    let working = std::env::current_dir().unwrap_or_default();
    save_dir_from(std::env::var_os(SAVE_DIR_VAR), home, &working, Path::is_dir)
}

/// The save folder for these values of `$SVE_SAVE_DIR` and the home
/// folder, relative paths taken from `working`; `is_dir` says whether a
/// Documents folder exists.
pub fn save_dir_from(
    save_dir: Option<OsString>,
    home: Option<OsString>,
    working: &Path,
    is_dir: impl Fn(&Path) -> bool,
) -> PathBuf {
    let chosen = match (save_dir.filter(|dir| !dir.is_empty()), home) {
        (Some(dir), _) => PathBuf::from(dir),
        (None, Some(home)) if !home.is_empty() => {
            let home = PathBuf::from(home);
            let documents = home.join("Documents");
            if is_dir(&documents) {
                documents.join(FOLDER_NAME)
            } else {
                home.join(FOLDER_NAME)
            }
        }
        (None, _) => PathBuf::from(FOLDER_NAME),
    };
    working.join(chosen)
}

/// The folder scenarios are saved in.
pub fn scenarios_dir(save_dir: &Path) -> PathBuf {
    save_dir.join("scenarios")
}

/// The folder an Adventure run is saved in (`src/adventure/game.rs`).
pub fn adventure_dir(save_dir: &Path) -> PathBuf {
    save_dir.join("adventure")
}

/// The folder bug-report bundles are saved in.
pub fn bug_reports_dir(save_dir: &Path) -> PathBuf {
    save_dir.join("bug-reports")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variable_wins_then_documents_then_home_and_paths_are_absolute() {
        let working = Path::new("/work");
        let with_documents = |p: &Path| p == Path::new("/home/ann/Documents");
        let no_documents = |_: &Path| false;
        assert_eq!(
            save_dir_from(
                Some("saves".into()),
                Some("/home/ann".into()),
                working,
                with_documents
            ),
            PathBuf::from("/work/saves")
        );
        assert_eq!(
            save_dir_from(Some("/tmp/s".into()), None, working, no_documents),
            PathBuf::from("/tmp/s")
        );
        assert_eq!(
            save_dir_from(None, Some("/home/ann".into()), working, with_documents),
            PathBuf::from("/home/ann/Documents/SVE Bench")
        );
        assert_eq!(
            save_dir_from(
                Some("".into()),
                Some("/home/ann".into()),
                working,
                no_documents
            ),
            PathBuf::from("/home/ann/SVE Bench")
        );
        assert_eq!(
            save_dir_from(None, None, working, no_documents),
            PathBuf::from("/work/SVE Bench")
        );
        assert_eq!(
            scenarios_dir(Path::new("/s")),
            PathBuf::from("/s/scenarios")
        );
        assert_eq!(
            bug_reports_dir(Path::new("/s")),
            PathBuf::from("/s/bug-reports")
        );
    }
}
