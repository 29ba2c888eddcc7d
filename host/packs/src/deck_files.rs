//! Deck files on disk and in packs: reading a deck list by path or by
//! name. The format and the construction rules are the engine's
//! ([`sve_engine::decks`]); this module only finds and reads the files.
//!
//! A pack may ship deck lists (`decks/NAME.txt` in its folder): a deck named
//! on the command line (`--deck NAME`) is looked for there first, then among
//! the bundled starter decks, then as a file path.

use sve_engine::decks::{DeckError, DeckFile, STARTER_DECKS, parse_deck, starter_deck};

use crate::text_file::read_text_file;
use std::path::{Path, PathBuf};

/// Loads a deck from a file path, or a bundled deck by name.
pub fn load_deck(arg: &str) -> Result<DeckFile, Vec<DeckError>> {
    if let Some(deck) = starter_deck(arg) {
        return Ok(deck);
    }
    let path = Path::new(arg);
    let text = read_text_file(path).map_err(|e| {
        let known: Vec<&str> = STARTER_DECKS.iter().map(|(n, _)| *n).collect();
        vec![DeckError {
            source_name: arg.to_owned(),
            line: e.not_text().map(|not_text| not_text.line as usize),
            message: match e.io_error() {
                Some(io) => format!(
                    "cannot read deck file ({io}); bundled decks are {}",
                    known.join(", ")
                ),
                None => format!("deck file: {}", e.reason()),
            },
        }]
    })?;
    parse_deck(&text, arg)
}

/// The deck lists packs ship: every `decks/*.txt` of each pack folder,
/// named by file stem (`card-packs/starter-scripts/decks/SD01.txt` is
/// `SD01`), sorted by name.
pub fn pack_decks(pack_dirs: &[PathBuf]) -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    for dir in pack_dirs {
        let Ok(entries) = std::fs::read_dir(dir.join("decks")) else {
            continue;
        };
        for path in entries.flatten().map(|e| e.path()) {
            if path.extension().is_some_and(|x| x == "txt")
                && let Some(stem) = path.file_stem()
            {
                out.push((stem.to_string_lossy().into_owned(), path));
            }
        }
    }
    out.sort();
    out
}

/// Loads a deck by name from the packs' deck lists ([`pack_decks`]), else a
/// bundled deck by name, else a deck file by path.
pub fn load_deck_from_packs(arg: &str, pack_dirs: &[PathBuf]) -> Result<DeckFile, Vec<DeckError>> {
    let named = pack_decks(pack_dirs)
        .into_iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(arg));
    match named {
        Some((_, path)) => {
            let text = read_text_file(&path).map_err(|e| {
                vec![DeckError {
                    source_name: path.display().to_string(),
                    line: e.not_text().map(|not_text| not_text.line as usize),
                    message: format!("deck file: {}", e.reason()),
                }]
            })?;
            parse_deck(&text, &path.display().to_string())
        }
        None => load_deck(arg),
    }
}
