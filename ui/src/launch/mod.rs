//! Other programs the client starts for the user: their editor on a card's
//! script line, and the file manager on a folder the client saved into.
//!
//! A terminal editor (vim, nano, ...) opens in a terminal window of its
//! own (`terminal.rs`).
//!
//! A panel builds a [`Launch`] (program and arguments, decided here) and
//! queues it as an intent; the screen calls [`Launch::spawn`] after
//! drawing. Programs run without a shell (a path with spaces or quotes
//! stays one argument) and without blocking the UI: a thread waits for the
//! program to end so it leaves no zombie, and logs a failed exit. A program
//! that cannot start comes back as an error the screen shows as a notice.

mod terminal;

pub use terminal::Terminal;

use crate::session::SourceAt;
use std::ffi::OsString;
#[cfg(feature = "desktop")]
use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A program to start, with its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launch {
    /// The program, found on `PATH` when it is a bare name.
    pub program: OsString,
    /// Its arguments, each passed as it is.
    pub args: Vec<OsString>,
    /// What it does, for the notice ("open cards.txt:12 in vim").
    pub what: String,
    /// A folder to create before starting (one the program opens).
    pub creates: Option<PathBuf>,
}

impl Launch {
    /// Starts the program and returns at once; a thread waits for it.
    /// `Err` says why it could not start.
    pub fn spawn(&self) -> Result<(), String> {
        if let Some(folder) = &self.creates {
            std::fs::create_dir_all(folder).map_err(|err| {
                format!(
                    "Could not {}: the folder cannot be made ({err}).",
                    self.what
                )
            })?;
        }
        let mut child = Command::new(&self.program)
            .args(&self.args)
            .spawn()
            .map_err(|err| {
                format!(
                    "Could not {}: {} did not start ({err}).",
                    self.what,
                    self.program.to_string_lossy()
                )
            })?;
        let what = self.what.clone();
        let spawned = std::thread::Builder::new()
            .name("sve-launch".to_owned())
            .spawn(move || match child.wait() {
                Ok(status) if !status.success() => {
                    tracing::warn!("{what}: the program ended with {status}");
                }
                Ok(_) => {}
                Err(err) => tracing::warn!("{what}: waiting for the program failed: {err}"),
            });
        if let Err(err) = spawned {
            // The program runs; only its exit status goes unread.
            tracing::warn!("cannot start a thread to wait for the program: {err}");
        }
        Ok(())
    }
}

/// The user's editor, from `$VISUAL` or else `$EDITOR`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Editor {
    /// The program.
    program: String,
    /// Arguments the variable gives after it (`code --wait`).
    args: Vec<String>,
    /// Where it draws.
    runs_in: RunsIn,
}

/// Where an editor draws.
#[derive(Clone, Debug, PartialEq, Eq)]
enum RunsIn {
    /// Where it is started: a window of its own (a graphical editor), or
    /// the terminal the client was started from.
    AsStarted,
    /// A new window of this terminal program (a terminal editor).
    Terminal(Terminal),
    /// Nowhere: a terminal editor, with no terminal to open it in.
    NoTerminal,
}

/// How an editor is told the line to open at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LineArgument {
    /// `+12 file` (vi, vim, nano, emacs, ...).
    Plus,
    /// `--goto file:12` (VS Code and its builds).
    Goto,
    /// `file:12` (Sublime Text, Zed, Helix).
    Suffix,
    /// The file alone: the editor is not known to take a line.
    None,
}

impl Editor {
    /// The editor the environment names: `$VISUAL`, else `$EDITOR`.
    /// A terminal editor gets a terminal window: `$TERMINAL`, else a known
    /// terminal on `PATH`, else (no terminal program) the terminal the
    /// client runs in, when it runs in one.
    #[cfg(feature = "desktop")]
    pub fn from_env() -> Option<Editor> {
        let var = |name: &str| std::env::var(name).ok();
        let editor = Editor::from_vars(var("VISUAL").as_deref(), var("EDITOR").as_deref())?;
        // `PATH` is searched only for an editor that needs a terminal.
        let terminal = terminal::draws_in_terminal(&editor.program, &editor.args)
            .then(|| {
                Terminal::find(var("TERMINAL").as_deref(), |name| {
                    which::which(name).is_ok()
                })
            })
            .flatten();
        Some(editor.placed(terminal, std::io::stdin().is_terminal()))
    }

    /// The editor the environment names: a web page has no environment
    /// and starts no programs.
    #[cfg(not(feature = "desktop"))]
    pub fn from_env() -> Option<Editor> {
        None
    }

    /// This editor, placed: a terminal editor opens in a window of
    /// `terminal`, else in the terminal the client was started from when
    /// `started_in_terminal`, else nowhere (opening it says why). A
    /// graphical editor opens as it is.
    pub fn placed(mut self, terminal: Option<Terminal>, started_in_terminal: bool) -> Editor {
        self.runs_in = match terminal {
            _ if !terminal::draws_in_terminal(&self.program, &self.args) => RunsIn::AsStarted,
            Some(terminal) => RunsIn::Terminal(terminal),
            None if started_in_terminal => RunsIn::AsStarted,
            None => RunsIn::NoTerminal,
        };
        self
    }

    /// The editor named by these values of `$VISUAL` and `$EDITOR`: the
    /// first that holds a program name. The value is split at whitespace
    /// into the program and its arguments (no shell quoting).
    pub fn from_vars(visual: Option<&str>, editor: Option<&str>) -> Option<Editor> {
        [visual, editor].into_iter().flatten().find_map(|value| {
            let mut words = value.split_whitespace().map(str::to_owned);
            let program = words.next()?;
            Some(Editor {
                program,
                args: words.collect(),
                runs_in: RunsIn::AsStarted,
            })
        })
    }

    /// The program's file name (`vim` for `/usr/bin/vim`).
    pub fn name(&self) -> &str {
        Path::new(&self.program)
            .file_name()
            .and_then(|name| name.to_str())
            .unwrap_or(&self.program)
    }

    /// What opening a location does, for a button's hover text ("Open
    /// cards.txt:12 in vim, in a new xterm window").
    pub fn describe(&self, location: &str) -> String {
        match &self.runs_in {
            RunsIn::Terminal(terminal) => format!(
                "Open {location} in {}, in a new {} window",
                self.name(),
                terminal.name()
            ),
            RunsIn::AsStarted | RunsIn::NoTerminal => {
                format!("Open {location} in {}", self.name())
            }
        }
    }

    /// The launch that opens `at` in this editor, at its line where the
    /// editor is known to take one, in a terminal window for a terminal
    /// editor. `Err` says why it can't open: a terminal editor with no
    /// terminal to draw in.
    pub fn open(&self, at: &SourceAt) -> Result<Launch, String> {
        let launch = self.open_as_started(at);
        match &self.runs_in {
            RunsIn::AsStarted => Ok(launch),
            RunsIn::Terminal(terminal) => {
                let mut args: Vec<OsString> = terminal.before.iter().map(OsString::from).collect();
                args.push(launch.program);
                args.extend(launch.args);
                Ok(Launch {
                    program: OsString::from(&terminal.program),
                    args,
                    what: format!("{} in a new {} window", launch.what, terminal.name()),
                    creates: None,
                })
            }
            RunsIn::NoTerminal => Err(format!(
                "{} draws in a terminal, and no terminal program was found to open it in: set \
                 $TERMINAL (for example to xterm), or $VISUAL to a graphical editor. The \
                 location is {}.",
                self.name(),
                at.location()
            )),
        }
    }

    /// The launch of the editor itself on `at`.
    fn open_as_started(&self, at: &SourceAt) -> Launch {
        let mut args: Vec<OsString> = self.args.iter().map(OsString::from).collect();
        let path = at.path.as_os_str().to_owned();
        let with_line = || {
            let mut arg = path.clone();
            arg.push(format!(":{}", at.line));
            arg
        };
        match self.line_argument() {
            LineArgument::Plus => {
                args.push(format!("+{}", at.line).into());
                args.push(path.clone());
            }
            LineArgument::Goto => {
                args.push("--goto".into());
                args.push(with_line());
            }
            LineArgument::Suffix => args.push(with_line()),
            LineArgument::None => args.push(path.clone()),
        }
        Launch {
            program: OsString::from(&self.program),
            args,
            what: format!("open {} in {}", at.location(), self.name()),
            creates: None,
        }
    }

    fn line_argument(&self) -> LineArgument {
        let name = self.name().trim_end_matches(".exe");
        match name {
            "vi" | "vim" | "nvim" | "gvim" | "mvim" | "view" | "nano" | "pico" | "emacs"
            | "emacsclient" | "micro" | "kak" | "mg" | "joe" | "jed" | "gedit" => {
                LineArgument::Plus
            }
            "code" | "code-insiders" | "codium" | "vscodium" | "cursor" => LineArgument::Goto,
            "subl" | "sublime_text" | "zed" | "zeditor" | "hx" | "helix" => LineArgument::Suffix,
            _ => LineArgument::None,
        }
    }
}

/// The launch that shows `folder` in the system's file manager
/// (`xdg-open` on Linux and the BSDs, `open` on macOS, `explorer` on
/// Windows), making the folder first if it is not there yet.
pub fn open_folder(folder: &Path) -> Launch {
    let program = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    Launch {
        program: program.into(),
        args: vec![folder.as_os_str().to_owned()],
        what: format!("open the folder {}", folder.display()),
        creates: Some(folder.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at() -> SourceAt {
        SourceAt {
            path: PathBuf::from("/packs/my pack/cards.txt"),
            line: 12,
        }
    }

    fn args(launch: &Launch) -> Vec<String> {
        launch
            .args
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect()
    }

    #[test]
    fn visual_comes_before_editor_and_blank_values_are_skipped() {
        let editor = Editor::from_vars(Some("  "), Some("nano")).expect("nano");
        assert_eq!(editor.name(), "nano");
        let editor = Editor::from_vars(Some("code --wait"), Some("nano")).expect("code");
        assert_eq!(editor.name(), "code");
        assert_eq!(Editor::from_vars(None, None), None);
        assert_eq!(Editor::from_vars(Some(""), None), None);
    }

    #[test]
    fn each_known_editor_gets_the_line_its_way_and_paths_stay_one_argument() {
        let open = |value: &str| {
            Editor::from_vars(Some(value), None)
                .expect("editor")
                .open(&at())
                .expect("an editor as started opens")
        };
        let vim = open("/usr/bin/vim");
        assert_eq!(vim.program, OsString::from("/usr/bin/vim"));
        assert_eq!(args(&vim), ["+12", "/packs/my pack/cards.txt"]);
        assert_eq!(
            args(&open("code --wait")),
            ["--wait", "--goto", "/packs/my pack/cards.txt:12"]
        );
        assert_eq!(args(&open("hx")), ["/packs/my pack/cards.txt:12"]);
        assert_eq!(args(&open("mystery-editor")), ["/packs/my pack/cards.txt"]);
        assert_eq!(vim.what, "open /packs/my pack/cards.txt:12 in vim");
    }

    fn xterm() -> Terminal {
        Terminal::find(Some("xterm"), |_| false).expect("named")
    }

    #[test]
    fn a_terminal_editor_opens_in_a_terminal_window() {
        let vim = Editor::from_vars(Some("vim"), None)
            .expect("vim")
            .placed(Some(xterm()), true);
        let launch = vim.open(&at()).expect("opens");
        assert_eq!(launch.program, OsString::from("xterm"));
        assert_eq!(
            args(&launch),
            ["-e", "vim", "+12", "/packs/my pack/cards.txt"]
        );
        assert_eq!(
            launch.what,
            "open /packs/my pack/cards.txt:12 in vim in a new xterm window"
        );
        assert_eq!(
            vim.describe("cards.txt:12"),
            "Open cards.txt:12 in vim, in a new xterm window"
        );
        let gnome = Terminal::find(Some("gnome-terminal"), |_| false);
        let nano = Editor::from_vars(None, Some("nano"))
            .expect("nano")
            .placed(gnome, false);
        let launch = nano.open(&at()).expect("opens");
        assert_eq!(
            args(&launch),
            ["--", "nano", "+12", "/packs/my pack/cards.txt"]
        );
    }

    #[test]
    fn a_graphical_editor_opens_as_it_is_whatever_the_terminal() {
        let code = Editor::from_vars(Some("code --wait"), None)
            .expect("code")
            .placed(Some(xterm()), false);
        let launch = code.open(&at()).expect("opens");
        assert_eq!(launch.program, OsString::from("code"));
        assert_eq!(code.describe("x:1"), "Open x:1 in code");
    }

    #[test]
    fn with_no_terminal_program_a_terminal_editor_uses_the_clients_terminal_or_says_why_not() {
        let vim = || Editor::from_vars(Some("vim"), None).expect("vim");
        let launch = vim().placed(None, true).open(&at()).expect("opens");
        assert_eq!(launch.program, OsString::from("vim"));
        let err = vim()
            .placed(None, false)
            .open(&at())
            .expect_err("nowhere to draw");
        assert!(err.contains("set $TERMINAL"), "{err}");
        assert!(err.contains("/packs/my pack/cards.txt:12"), "{err}");
    }

    #[test]
    fn a_program_that_does_not_exist_is_an_error_not_a_panic() {
        let launch = Launch {
            program: "/nonexistent/sve-no-such-program".into(),
            args: Vec::new(),
            what: "open a folder".to_owned(),
            creates: None,
        };
        let err = launch.spawn().expect_err("nothing to start");
        assert!(err.starts_with("Could not open a folder"), "{err}");
    }

    #[test]
    fn a_folder_opens_with_the_systems_file_manager() {
        let launch = open_folder(Path::new("/tmp/bug reports"));
        assert_eq!(args(&launch), ["/tmp/bug reports"]);
        assert!(!launch.program.is_empty());
    }
}
