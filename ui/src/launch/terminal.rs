//! Terminal editors started from the GUI. vim, nano, Helix and their kind
//! draw in a terminal: started from a desktop launcher they have none, and
//! started beside a client run from a shell they would fight it for that
//! one. So they open in a terminal window of their own: `$TERMINAL`, else
//! the first known terminal program on `PATH` (Debian's
//! `x-terminal-emulator` first), each given the command the way it takes
//! one (`xterm -e vim …`, `gnome-terminal -- vim …`, `kitty vim …`).

/// A terminal program, with the arguments that come before the command it
/// runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terminal {
    /// The program.
    pub program: String,
    /// Its arguments before the command (`-e`, `--`, `start --`).
    pub before: Vec<String>,
}

/// Known terminal programs, in the order they are looked for on `PATH`,
/// with what comes before the command each runs.
const KNOWN: [(&str, &[&str]); 16] = [
    ("x-terminal-emulator", &["-e"]),
    ("gnome-terminal", &["--"]),
    ("konsole", &["-e"]),
    ("xfce4-terminal", &["-x"]),
    ("mate-terminal", &["-x"]),
    ("kitty", &[]),
    ("alacritty", &["-e"]),
    ("foot", &[]),
    ("wezterm", &["start", "--"]),
    ("ghostty", &["-e"]),
    ("tilix", &["-e"]),
    ("terminator", &["-x"]),
    ("lxterminal", &["-e"]),
    ("urxvt", &["-e"]),
    ("st", &["-e"]),
    ("xterm", &["-e"]),
];

impl Terminal {
    /// The terminal to open editors in: the one `$TERMINAL` names (`value`,
    /// split at whitespace into the program and its own arguments), else
    /// the first known one `on_path` finds. `None` when there is none.
    pub fn find(value: Option<&str>, on_path: impl Fn(&str) -> bool) -> Option<Terminal> {
        if let Some(mut words) = value.map(str::split_whitespace)
            && let Some(program) = words.next()
        {
            let mut before: Vec<String> = words.map(str::to_owned).collect();
            // A terminal not known here most likely takes `-e`, as xterm does.
            before.extend(
                before_command(program)
                    .unwrap_or(&["-e"])
                    .iter()
                    .map(|s| (*s).to_owned()),
            );
            return Some(Terminal {
                program: program.to_owned(),
                before,
            });
        }
        KNOWN
            .iter()
            .find(|(name, _)| on_path(name))
            .map(|(name, before)| Terminal {
                program: (*name).to_owned(),
                before: before.iter().map(|s| (*s).to_owned()).collect(),
            })
    }

    /// The program's file name (`xterm` for `/usr/bin/xterm`).
    pub fn name(&self) -> &str {
        file_name(&self.program)
    }
}

/// What comes before the command for a known terminal program.
fn before_command(program: &str) -> Option<&'static [&'static str]> {
    let name = file_name(program);
    KNOWN
        .iter()
        .find(|(known, _)| *known == name)
        .map(|(_, before)| *before)
}

/// Whether the editor `program`, given `args`, draws in a terminal rather
/// than a window of its own. Emacs opens a window unless told `-nw`; its
/// client does with `-c` and runs in the terminal with `-t`/`-nw`.
pub fn draws_in_terminal(program: &str, args: &[String]) -> bool {
    let has = |flags: &[&str]| args.iter().any(|arg| flags.contains(&arg.as_str()));
    match file_name(program).trim_end_matches(".exe") {
        "vi" | "vim" | "nvim" | "view" | "nano" | "pico" | "micro" | "kak" | "mg" | "joe"
        | "jed" | "hx" | "helix" | "ne" | "vis" | "mcedit" => true,
        "emacs" => has(&["-nw", "--no-window-system"]),
        "emacsclient" => has(&["-t", "-nw", "--tty"]),
        _ => false,
    }
}

/// The last part of a program's path.
fn file_name(program: &str) -> &str {
    std::path::Path::new(program)
        .file_name()
        .and_then(|name| name.to_str())
        .unwrap_or(program)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn terminal_names_a_known_program_which_gets_its_own_way_to_run_a_command() {
        let nothing = |_: &str| false;
        let gnome = Terminal::find(Some("gnome-terminal"), nothing).expect("named");
        assert_eq!(gnome.before, words(&["--"]));
        let kitty =
            Terminal::find(Some("/usr/bin/kitty --single-instance"), nothing).expect("named");
        assert_eq!(kitty.program, "/usr/bin/kitty");
        assert_eq!(kitty.name(), "kitty");
        assert_eq!(kitty.before, words(&["--single-instance"]));
        let unknown = Terminal::find(Some("my-term"), nothing).expect("named");
        assert_eq!(unknown.before, words(&["-e"]));
    }

    #[test]
    fn without_terminal_the_first_known_program_on_path_is_used() {
        let found = Terminal::find(None, |name| name == "xterm" || name == "konsole");
        assert_eq!(
            found,
            Some(Terminal {
                program: "konsole".to_owned(),
                before: words(&["-e"]),
            })
        );
        assert_eq!(Terminal::find(None, |_| false), None);
        // A blank $TERMINAL is as good as none.
        assert_eq!(
            Terminal::find(Some("  "), |name| name == "xterm").map(|t| t.program),
            Some("xterm".to_owned())
        );
    }

    #[test]
    fn terminal_editors_are_told_from_graphical_ones() {
        assert!(draws_in_terminal("/usr/bin/vim", &[]));
        assert!(draws_in_terminal("hx", &[]));
        assert!(!draws_in_terminal("code", &words(&["--wait"])));
        assert!(!draws_in_terminal("emacs", &[]));
        assert!(draws_in_terminal("emacs", &words(&["-nw"])));
        assert!(!draws_in_terminal("emacsclient", &words(&["-c"])));
        assert!(draws_in_terminal("emacsclient", &words(&["-t"])));
    }
}
