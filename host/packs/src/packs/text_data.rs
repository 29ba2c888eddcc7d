//! Card text in other languages: the community's per-language text files,
//! read when present beside a pack's scripts.
//!
//! A text file is a JSON array per set, one object per card:
//!
//! ```json
//! [{ "id": "SD01-001", "name": "...", "trait": "...", "cardText": "...",
//!    "effectText": [{ "key": "1", "trigger": "[fanfare]", "cost": "", "body": "..." }] }]
//! ```
//!
//! Files are read with [`read_text_file`](crate::text_file::read_text_file)
//! (a byte order mark is fine; a file that is not text is a warning).
//! A file's language comes from its place: `text/<lang>/<set>.json`, or a
//! `<set>.<lang>.json` file in the pack folder. With a language chosen
//! ([`LoadOptions::language`](super::LoadOptions::language), `SVE_LANG` for
//! the app and `sve`), a card's displayed text is its entry's `cardText`, or
//! its `effectText` lines when `cardText` is empty; cards without an entry
//! keep the script's `text`. A translated name is shown to players
//! ([`CardDef::display_name`]); rules keep matching the card's own name
//! (evolved forms, "named" filters).
//!
//! The card-data fingerprint replays record leaves out what is only shown
//! (`CardDb::fingerprint`), so the chosen language never breaks a replay.

use super::guest_text::{self, TextKind};
use super::{PackDiagnostic, Severity};
use serde::Deserialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use sve_engine::cards::CardDef;

/// One card's entry in a text file (unknown fields are ignored).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CardText {
    /// Card id.
    pub id: String,
    /// The name in this language (shown to players; see the module docs).
    #[serde(default)]
    pub name: String,
    /// The whole card text.
    #[serde(default)]
    pub card_text: String,
    /// The text ability by ability.
    #[serde(default)]
    pub effect_text: Vec<EffectText>,
}

/// One ability's text.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct EffectText {
    /// The ability's key (informational).
    #[serde(default)]
    pub key: String,
    /// Its trigger as printed (`[fanfare]`).
    #[serde(default)]
    pub trigger: String,
    /// Its cost as printed.
    #[serde(default)]
    pub cost: String,
    /// What it does.
    #[serde(default)]
    pub body: String,
}

impl CardText {
    /// The text to show: `cardText`, or the abilities line by line.
    pub fn display_text(&self) -> String {
        if !self.card_text.trim().is_empty() {
            return self.card_text.clone();
        }
        self.effect_text
            .iter()
            .map(|e| {
                let head: Vec<&str> = [e.trigger.trim(), e.cost.trim()]
                    .into_iter()
                    .filter(|s| !s.is_empty())
                    .collect();
                if head.is_empty() {
                    e.body.trim().to_owned()
                } else {
                    format!("{}: {}", head.join(" "), e.body.trim())
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The text files of `dir` in `language`.
pub fn files_for(dir: &Path, language: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let lang_dir = dir.join("text").join(language);
    for folder in [lang_dir.as_path(), dir] {
        let Ok(entries) = std::fs::read_dir(folder) else {
            continue;
        };
        for path in entries.flatten().map(|e| e.path()) {
            let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            let in_lang_dir = folder == lang_dir && name.ends_with(".json");
            let suffixed = name.ends_with(&format!(".{language}.json"));
            if in_lang_dir || (folder == dir && suffixed) {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Reads the text files of `dir` in `language`: entries by card id, and a
/// warning for each file that does not read (the cards keep their script
/// text).
pub fn read(dir: &Path, language: &str) -> (HashMap<String, CardText>, Vec<PackDiagnostic>) {
    let mut entries = HashMap::new();
    let mut problems = Vec::new();
    for file in files_for(dir, language) {
        let parsed = crate::text_file::read_text_file(&file)
            .map_err(|e| {
                let line = e.not_text().map(|not_text| not_text.line);
                (line, format!("cannot read the text file: {}", e.reason()))
            })
            .and_then(|text| {
                serde_json::from_str::<Vec<CardText>>(&text).map_err(|e| {
                    let line = u32::try_from(e.line()).ok();
                    // serde quotes the file's strings: pack text.
                    let message = format!("not a card text file: {e}");
                    (line, guest_text::clean(&message, TextKind::Message))
                })
            });
        match parsed {
            Ok(cards) => {
                for card in cards {
                    entries.insert(card.id.clone(), card);
                }
            }
            Err((line, message)) => problems.push(PackDiagnostic {
                file,
                line,
                col: None,
                severity: Severity::Warning,
                message,
            }),
        }
    }
    (entries, problems)
}

/// Shows `cards` in `language` where a text file has them: the text, and
/// the name as [`CardDef::shown_name`] (rules keep matching `name`). Both
/// are pack text, cleaned and capped as [`guest_text`] says.
pub fn apply(cards: &mut [CardDef], texts: &HashMap<String, CardText>) {
    for card in cards {
        if let Some(entry) = texts.get(&card.id) {
            let text = guest_text::clean(&entry.display_text(), TextKind::CardText);
            if !text.trim().is_empty() {
                card.text = text;
            }
            let name = guest_text::clean(entry.name.trim(), TextKind::Name);
            if !name.is_empty() && name != card.name {
                card.shown_name = Some(name);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn effect_lines_stand_in_for_an_empty_card_text() {
        let entry: CardText = serde_json::from_str(
            r#"{"id":"X","name":"N","trait":"T","cardText":"","effectText":[
                {"key":"1","trigger":"[fanfare]","cost":"","body":"Draw a card."},
                {"key":"2","trigger":"","cost":"","body":"Ward."}]}"#,
        )
        .expect("parses");
        assert_eq!(entry.display_text(), "[fanfare]: Draw a card.\nWard.");
    }

    #[test]
    fn files_are_found_by_folder_or_suffix_and_bad_ones_are_warnings() {
        let dir = std::env::temp_dir().join(format!("sve-text-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("text/ja")).expect("folders");
        std::fs::write(
            dir.join("text/ja/SD01.json"),
            r#"[{"id":"SD01-001","cardText":"ファンファーレ"}]"#,
        )
        .expect("write");
        std::fs::write(dir.join("BP01.ja.json"), "[{\"id\": 3}]").expect("write");
        std::fs::write(dir.join("BP01.fr.json"), "[]").expect("write");
        let (entries, problems) = read(&dir, "ja");
        assert_eq!(entries["SD01-001"].display_text(), "ファンファーレ");
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].file.ends_with("BP01.ja.json"));
        assert_eq!(problems[0].line, Some(1));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
