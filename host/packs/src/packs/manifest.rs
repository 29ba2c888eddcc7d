//! `pack.toml`: a pack's id, name, version, kind and the card API range it
//! needs.
//!
//! ```toml
//! id = "rust-starter"
//! name = "Starter decks: cards written in Rust"
//! version = "0.1.0"
//! kind = "rust"      # or "script"
//! api = "^0.2"       # semver requirement on the card API
//! priority = 0       # optional: who plays a card several packs define
//! sets = ["SD01"]    # optional: the set codes whose cards this pack owns
//! ```
//!
//! A card id's set code is the part before its first `-` ([`set_code`]):
//! `SD01-001` is in set `SD01`. A pack that lists `sets` may define only
//! cards of those sets, plus the ids it lists in `overrides`
//! (`shared_cards` reports any other card as the pack's error). A pack
//! without `sets` (an older pack.toml, a folder without one) owns no set
//! by declaration: it still loads, and a card it shares with a pack that
//! declares the card's set goes to that pack.

use serde::Deserialize;
use std::path::{Path, PathBuf};

/// Longest pack id, in characters.
pub const MAX_ID_LEN: usize = 64;
/// Longest pack name, in characters.
pub const MAX_NAME_LEN: usize = 100;
/// Most card ids one pack may list in `overrides`.
pub const MAX_OVERRIDES: usize = 5000;
/// Longest card id listed in `overrides`, in characters.
pub const MAX_CARD_ID_LEN: usize = 64;
/// Most set codes one pack may list in `sets`.
pub const MAX_SETS: usize = 1000;
/// Longest set code listed in `sets`, in characters.
pub const MAX_SET_CODE_LEN: usize = 32;
/// The range of `priority`.
pub const PRIORITY_RANGE: std::ops::RangeInclusive<i32> = -1000..=1000;
/// The priority of a pack whose `pack.toml` does not give one.
pub const DEFAULT_PRIORITY: i32 = 0;
/// The priority of a folder loaded without a `pack.toml` (a community set
/// or set tree dropped in as shipped): below every pack that has one, so a
/// curated pack's version of a card is the one played.
pub const NO_MANIFEST_PRIORITY: i32 = -1;

/// The kinds of packs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PackKind {
    /// Written in Rust against `sve-sdk`, built with cargo.
    Rust,
    /// Written in SVE Script.
    Script,
}

/// A parsed and checked `pack.toml`.
#[derive(Clone, Debug, PartialEq)]
pub struct PackManifest {
    /// The pack's folder.
    pub dir: PathBuf,
    /// Unique id (lower-case letters, digits, `-`, `_`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// The pack's own version.
    pub version: semver::Version,
    /// Rust or script.
    pub kind: PackKind,
    /// The card API versions the pack accepts.
    pub api: semver::VersionReq,
    /// Card ids of other packs this pack replaces.
    pub overrides: Vec<String>,
    /// When packs define the same card and none lists it in `overrides`,
    /// the pack with the highest priority plays it (a tie is an error).
    /// [`DEFAULT_PRIORITY`] unless `pack.toml` says;
    /// [`NO_MANIFEST_PRIORITY`] for a folder without one.
    pub priority: i32,
    /// The set codes whose cards this pack owns ([`set_code`]); empty when
    /// `pack.toml` lists none (or there is no `pack.toml`): the pack then
    /// owns no set by declaration.
    pub sets: Vec<String>,
}

impl PackManifest {
    /// Whether this pack declares the set of `card_id` in `sets`.
    pub fn owns(&self, card_id: &str) -> bool {
        declares(&self.sets, card_id)
    }
}

/// A card id's set code: the part before its first `-` (`SD01-001` →
/// `SD01`), or the whole id when it has no `-`.
pub fn set_code(card_id: &str) -> &str {
    card_id.split_once('-').map_or(card_id, |(set, _)| set)
}

/// Whether `sets` holds the set code of `card_id`.
pub fn declares(sets: &[String], card_id: &str) -> bool {
    let code = set_code(card_id);
    sets.iter().any(|set| set == code)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawManifest {
    id: String,
    name: String,
    version: String,
    kind: PackKind,
    api: String,
    #[serde(default)]
    overrides: Vec<String>,
    #[serde(default)]
    priority: Option<i64>,
    #[serde(default)]
    sets: Vec<String>,
}

/// A problem with a `pack.toml`, naming the file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {message}")]
pub struct ManifestError {
    /// The file.
    pub file: PathBuf,
    /// What is wrong.
    pub message: String,
}

/// Reads `dir/pack.toml`.
pub fn read_manifest(dir: &Path) -> Result<PackManifest, ManifestError> {
    let file = dir.join("pack.toml");
    let error = |message: String| ManifestError {
        file: file.clone(),
        message,
    };
    let text = crate::text_file::read_text_file_capped(&file, super::MAX_MANIFEST_BYTES)
        .map_err(|e| error(e.reason()))?;
    // Pack text: shown cleaned, and a TOML error may quote the file.
    let mut manifest = parse_manifest(&text, dir).map_err(|message| {
        error(super::guest_text::clean(
            &message,
            super::guest_text::TextKind::Report,
        ))
    })?;
    super::guest_text::clean_in_place(&mut manifest.name, super::guest_text::TextKind::Name);
    Ok(manifest)
}

/// Parses the text of a `pack.toml` whose folder is `dir`.
pub fn parse_manifest(text: &str, dir: &Path) -> Result<PackManifest, String> {
    let raw: RawManifest = toml::from_str(text).map_err(|e| e.to_string().trim().to_owned())?;
    if raw.id.chars().count() > MAX_ID_LEN {
        return Err(format!(
            "field `id`: {} characters; at most {MAX_ID_LEN}",
            raw.id.chars().count()
        ));
    }
    if raw.id.is_empty()
        || !raw
            .id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
    {
        return Err(format!(
            "field `id`: {:?} must be lower-case letters, digits, `-` or `_`",
            raw.id
        ));
    }
    if raw.name.trim().is_empty() {
        return Err("field `name` is empty".to_owned());
    }
    if raw.name.chars().count() > MAX_NAME_LEN {
        return Err(format!(
            "field `name`: {} characters; at most {MAX_NAME_LEN}",
            raw.name.chars().count()
        ));
    }
    if raw.name.chars().any(sve_text::is_unsafe_char) {
        return Err(
            "field `name` holds a control character (a newline, tab, escape or bidi override)"
                .to_owned(),
        );
    }
    if raw.overrides.len() > MAX_OVERRIDES {
        return Err(format!(
            "field `overrides`: {} card ids; at most {MAX_OVERRIDES}",
            raw.overrides.len()
        ));
    }
    for card_id in &raw.overrides {
        // The one card-id rule, as for the cards themselves.
        if card_id.chars().count() > MAX_CARD_ID_LEN || sve_text::check_card_id(card_id).is_err() {
            let shown: String = card_id.chars().take(MAX_CARD_ID_LEN).collect();
            return Err(format!(
                "field `overrides`: {shown:?} is not a card id (1 to {MAX_CARD_ID_LEN} characters, no spaces or control characters)"
            ));
        }
    }
    if raw.sets.len() > MAX_SETS {
        return Err(format!(
            "field `sets`: {} set codes; at most {MAX_SETS}",
            raw.sets.len()
        ));
    }
    for set in &raw.sets {
        if set.chars().count() > MAX_SET_CODE_LEN
            || set.contains('-')
            || sve_text::check_card_id(set).is_err()
        {
            let shown: String = set.chars().take(MAX_SET_CODE_LEN).collect();
            return Err(format!(
                "field `sets`: {shown:?} is not a set code (the part of a card id before its first `-`, such as \"SD01\": 1 to {MAX_SET_CODE_LEN} characters, no `-`, spaces or control characters)"
            ));
        }
    }
    let priority = match raw.priority {
        None => DEFAULT_PRIORITY,
        Some(priority) => i32::try_from(priority)
            .ok()
            .filter(|p| PRIORITY_RANGE.contains(p))
            .ok_or_else(|| {
                format!(
                    "field `priority`: {priority} is out of range; use {} to {}",
                    PRIORITY_RANGE.start(),
                    PRIORITY_RANGE.end()
                )
            })?,
    };
    let version = semver::Version::parse(&raw.version).map_err(|e| {
        format!(
            "field `version`: `{}` is not a semver version ({e})",
            raw.version
        )
    })?;
    let api = semver::VersionReq::parse(&raw.api).map_err(|e| {
        format!(
            "field `api`: `{}` is not a semver requirement such as \"^0.1\" ({e})",
            raw.api
        )
    })?;
    Ok(PackManifest {
        dir: dir.to_owned(),
        id: raw.id,
        name: raw.name,
        version,
        kind: raw.kind,
        api,
        overrides: raw.overrides,
        priority,
        sets: raw.sets,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_complete_manifest_parses() {
        let m = parse_manifest(
            "id = \"sd\"\nname = \"Starter\"\nversion = \"1.2.0\"\nkind = \"rust\"\napi = \"^0.1\"\n",
            Path::new("card-packs/sd"),
        )
        .expect("valid");
        assert_eq!(m.id, "sd");
        assert_eq!(m.kind, PackKind::Rust);
        assert!(m.api.matches(&semver::Version::new(0, 1, 3)));
    }

    #[test]
    fn missing_and_wrong_fields_are_named() {
        let dir = Path::new("p");
        let missing = parse_manifest(
            "id = \"a\"\nname = \"A\"\nkind = \"rust\"\napi = \"^0.1\"\n",
            dir,
        )
        .unwrap_err();
        assert!(missing.contains("missing field `version`"), "{missing}");
        let bad_kind = parse_manifest(
            "id = \"a\"\nname = \"A\"\nversion = \"1.0.0\"\nkind = \"lua\"\napi = \"^0.1\"\n",
            dir,
        )
        .unwrap_err();
        assert!(bad_kind.contains("unknown variant `lua`"), "{bad_kind}");
        let bad_version = parse_manifest(
            "id = \"a\"\nname = \"A\"\nversion = \"one\"\nkind = \"rust\"\napi = \"^0.1\"\n",
            dir,
        )
        .unwrap_err();
        assert!(bad_version.starts_with("field `version`"), "{bad_version}");
    }

    #[test]
    fn priority_defaults_to_zero_and_stays_in_range() {
        assert_eq!(with("a", "A", "").map(|m| m.priority), Ok(DEFAULT_PRIORITY));
        assert_eq!(
            with("a", "A", "priority = -5\n").map(|m| m.priority),
            Ok(-5)
        );
        assert_eq!(
            with("a", "A", "priority = 5000000000\n").map(|m| m.priority),
            Err("field `priority`: 5000000000 is out of range; use -1000 to 1000".to_owned())
        );
        let text = with("a", "A", "priority = \"high\"\n").unwrap_err();
        assert!(text.contains("priority"), "{text}");
    }

    fn with(id: &str, name: &str, extra: &str) -> Result<PackManifest, String> {
        parse_manifest(
            &format!(
                "id = {id:?}\nname = {name:?}\nversion = \"1.0.0\"\nkind = \"rust\"\napi = \"^0.1\"\n{extra}"
            ),
            Path::new("p"),
        )
    }

    #[test]
    fn sets_are_optional_checked_and_own_the_cards_of_their_codes() {
        let none = with("a", "A", "").expect("valid");
        assert!(none.sets.is_empty(), "no `sets`: owns no set");
        assert!(!none.owns("SD01-001"));
        let m = with("a", "A", "sets = [\"SD01\", \"BP01\"]\n").expect("valid");
        assert_eq!(m.sets, ["SD01", "BP01"]);
        assert!(m.owns("SD01-001") && m.owns("BP01-119"));
        assert!(!m.owns("SD02-001") && !m.owns("SD011-001") && !m.owns("sd01-001"));
        assert_eq!(set_code("SD01-001"), "SD01");
        assert_eq!(set_code("BP01-P01-EN"), "BP01");
        assert_eq!(set_code("TOKEN"), "TOKEN");
        let dashed = with("a", "A", "sets = [\"SD01-001\"]\n").unwrap_err();
        assert!(
            dashed.starts_with("field `sets`: \"SD01-001\" is not a set code"),
            "{dashed}"
        );
        for bad in ["\"\"", "\"S D\"", "\"SD\\n01\"", "5"] {
            let text = with("a", "A", &format!("sets = [{bad}]\n")).unwrap_err();
            assert!(text.contains("sets"), "{bad}: {text}");
        }
        let long = with("a", "A", &format!("sets = [{:?}]\n", "S".repeat(33))).unwrap_err();
        assert!(long.contains("1 to 32 characters"), "{long}");
        let many: Vec<String> = (0..=MAX_SETS).map(|i| format!("\"S{i}\"")).collect();
        let many = with("a", "A", &format!("sets = [{}]\n", many.join(", "))).unwrap_err();
        assert_eq!(many, "field `sets`: 1001 set codes; at most 1000");
    }

    #[test]
    fn an_overlong_or_control_character_id_or_name_is_refused() {
        let long_id = with(&"a".repeat(65), "A", "").unwrap_err();
        assert_eq!(long_id, "field `id`: 65 characters; at most 64");
        assert!(with(&"a".repeat(64), "A", "").is_ok());
        let newline_id = with("a\nb", "A", "").unwrap_err();
        assert_eq!(
            newline_id,
            "field `id`: \"a\\nb\" must be lower-case letters, digits, `-` or `_`"
        );
        let long_name = with("a", &"N".repeat(101), "").unwrap_err();
        assert_eq!(long_name, "field `name`: 101 characters; at most 100");
        let escape = parse_manifest(
            "id = \"a\"\nname = \"Name\\u001b[2J\"\nversion = \"1.0.0\"\nkind = \"rust\"\napi = \"^0.1\"\n",
            Path::new("p"),
        )
        .unwrap_err();
        assert!(escape.contains("control character"), "{escape}");
        let bad_override = with("a", "A", "overrides = [\"SD01-001\\n\"]\n").unwrap_err();
        assert!(
            bad_override.starts_with("field `overrides`"),
            "{bad_override}"
        );
    }
}
