//! The starter decks' SVE Script pack (`card-packs/starter-scripts`) as the
//! web page bundles it: its scripts compiled into the module, each under
//! the name the pack folder lists it by, in that order. A page reads no
//! folders, so it plays these (`page.rs`); a test holds the list to the
//! folder and the id and name to its `pack.toml`, so a script added there
//! can't be left out of the page in silence.

/// The pack's id (`pack.toml`).
pub const ID: &str = "starter-scripts";

/// The pack's name (`pack.toml`).
pub const NAME: &str = "Starter decks SD01-SD06: cards written in SVE Script";

/// The pack's version (`pack.toml`).
pub const VERSION: &str = "0.1.0";

/// The pack's folder in the repository, for messages.
pub const FOLDER: &str = "card-packs/starter-scripts";

/// Each script's name in the pack folder and its bytes, by name.
pub const SCRIPTS: [(&str, &[u8]); 7] = [
    (
        "BP01.txt",
        include_bytes!("../../../card-packs/starter-scripts/BP01.txt"),
    ),
    (
        "SD01.txt",
        include_bytes!("../../../card-packs/starter-scripts/SD01.txt"),
    ),
    (
        "SD02.txt",
        include_bytes!("../../../card-packs/starter-scripts/SD02.txt"),
    ),
    (
        "SD03.txt",
        include_bytes!("../../../card-packs/starter-scripts/SD03.txt"),
    ),
    (
        "SD04.txt",
        include_bytes!("../../../card-packs/starter-scripts/SD04.txt"),
    ),
    (
        "SD05.txt",
        include_bytes!("../../../card-packs/starter-scripts/SD05.txt"),
    ),
    (
        "SD06.txt",
        include_bytes!("../../../card-packs/starter-scripts/SD06.txt"),
    ),
];

/// The scripts as the compiler takes them, each decoded as the desktop's
/// loader decodes a script file (`sve_text::decode`: no byte order mark,
/// `\n` line ends); `Err` names a file that is not text.
pub fn source_files() -> Result<Vec<sve_script::SourceFile>, String> {
    SCRIPTS
        .iter()
        .map(|(name, bytes)| {
            sve_text::decode(bytes)
                .map(|text| sve_script::SourceFile {
                    name: (*name).to_owned(),
                    text,
                })
                .map_err(|not_text| format!("{FOLDER}/{name}: {not_text}"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn folder() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join(FOLDER)
    }

    #[test]
    fn the_page_bundles_every_script_of_the_starter_pack_in_folder_order() {
        let mut names = Vec::new();
        for entry in std::fs::read_dir(folder()).expect("the starter pack's folder") {
            let entry = entry.expect("a folder entry");
            let name = entry.file_name().to_string_lossy().into_owned();
            if entry.path().is_dir() {
                // The pack's own folders hold decks, scenarios and texts.
                assert!(
                    ["decks", "tests", "text"].contains(&name.as_str()),
                    "{FOLDER}/{name}/ may hold scripts: bundle them in `SCRIPTS`"
                );
            } else if name.ends_with(".txt") {
                names.push(name);
            }
        }
        names.sort();
        let bundled: Vec<&str> = SCRIPTS.iter().map(|(name, _)| *name).collect();
        assert_eq!(bundled, names, "ui/src/catalog/starter_scripts.rs");
        for (name, bytes) in SCRIPTS {
            let on_disk = std::fs::read(folder().join(name)).expect("the script");
            assert_eq!(bytes, on_disk.as_slice(), "{name}");
        }
        assert_eq!(source_files().map(|files| files.len()), Ok(SCRIPTS.len()));
    }

    #[test]
    fn the_bundled_pack_is_named_as_its_pack_toml() {
        let manifest = std::fs::read_to_string(folder().join("pack.toml")).expect("pack.toml");
        for (key, value) in [("id", ID), ("name", NAME), ("version", VERSION)] {
            assert!(
                manifest.contains(&format!("{key} = \"{value}\"")),
                "pack.toml's {key} is not {value:?}"
            );
        }
    }
}
