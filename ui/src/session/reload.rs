//! What a hot reload changed, for the player: the worker compares the
//! match's card data before and after a reload
//! ([`sve_engine::cards::diff`]) and writes one line per card in player words
//! ("Waltzing Fairy: cost 3 → 2; new fanfare", "New card: Y", "Removed:
//! Z"). The lines and the new card data travel to the UI together in a
//! [`ReloadReport`], so the board draws the new printed values from the
//! snapshot that follows, never the old ones against new current values.

use crate::card_text::abilities::keyword_list;
use crate::catalog::Catalog;
use crate::catalog::PackInfo;
use std::collections::HashMap;
use std::sync::Arc;
use sve_engine::cards::diff::{AbilityKey, CardChange, CardDiff, CardDiffKind};
use sve_engine::cards::{CardDb, Keywords};

/// A reload swapped into the match: the new card data and what changed.
#[derive(Clone, Debug)]
pub struct ReloadReport {
    /// The match's card data from now on (index-compatible with the old:
    /// existing cards keep their ids).
    pub db: Arc<CardDb>,
    /// The loaded packs now.
    pub packs: Vec<PackInfo>,
    /// Card id → the pack that defines it now.
    pub card_packs: HashMap<String, PackInfo>,
    /// One line per card that changed, was added or was removed; empty
    /// when only code changed.
    pub lines: Vec<String>,
}

impl ReloadReport {
    /// The report's heading: how many cards changed, or that only code did.
    pub fn heading(&self) -> String {
        match self.lines.len() {
            0 => "Cards reloaded: no card data changed (new code plays from now on).".to_owned(),
            1 => "Cards reloaded: 1 card changed.".to_owned(),
            n => format!("Cards reloaded: {n} cards changed."),
        }
    }
}

/// Card id → the pack that defines it, for every card of the catalog
/// (cards of the bundled starter data have none).
pub fn card_packs_of(catalog: &Catalog) -> HashMap<String, PackInfo> {
    catalog
        .db()
        .iter()
        .filter_map(|(_, def)| Some((def.id.clone(), catalog.pack_of(&def.id)?)))
        .collect()
}

/// One card's change in player words: "Goblin: attack 1 → 2; new
/// fanfare", "New card: Dragon", "Removed: Fairy". Keywords are named as
/// `db`, the card data after the reload, names them.
pub fn diff_line(db: &CardDb, diff: &CardDiff) -> String {
    match &diff.kind {
        CardDiffKind::Added => format!("New card: {}", diff.name),
        CardDiffKind::Removed => format!("Removed: {}", diff.name),
        CardDiffKind::Changed(changes) => {
            let parts: Vec<String> = changes.iter().map(|c| change_words(db, c)).collect();
            format!("{}: {}", diff.name, parts.join("; "))
        }
    }
}

/// One change in player words.
fn change_words(db: &CardDb, change: &CardChange) -> String {
    match change {
        CardChange::Name { old, .. } => format!("renamed (was {old})"),
        CardChange::Class { old, new } => format!("class {} → {}", old.name(), new.name()),
        CardChange::Type { old, new } => format!("type {} → {}", old.name(), new.name()),
        CardChange::Cost { old, new } => format!("cost {} → {}", number(*old), number(*new)),
        CardChange::Attack { old, new } => {
            format!("attack {} → {}", number(*old), number(*new))
        }
        CardChange::Defense { old, new } => {
            format!("defense {} → {}", number(*old), number(*new))
        }
        CardChange::EvolveCost { old, new } => {
            format!("evolve cost {} → {}", number(*old), number(*new))
        }
        CardChange::Traits { gained, lost } => {
            let mut parts = Vec::new();
            if !gained.is_empty() {
                parts.push(format!("gains trait {}", gained.join(", ")));
            }
            if !lost.is_empty() {
                parts.push(format!("loses trait {}", lost.join(", ")));
            }
            parts.join("; ")
        }
        CardChange::Keywords { gained, lost } => keyword_changes(db, *gained, *lost),
        CardChange::Counters => "starting counters changed".to_owned(),
        CardChange::FaceEvolveCosts => "evolve costs per face changed".to_owned(),
        CardChange::Token(true) => "now a token".to_owned(),
        CardChange::Token(false) => "no longer a token".to_owned(),
        CardChange::Text => "card text changed".to_owned(),
        CardChange::AbilityAdded(key) => format!("new {}", ability_words(*key)),
        CardChange::AbilityRemoved(key) => format!("{} removed", ability_words(*key)),
        CardChange::AbilityChanged(key) => format!("{} changed", ability_words(*key)),
        CardChange::AbilityText(key) => format!("{} text changed", ability_words(*key)),
        CardChange::Unplayable(Some(reason)) => format!("can't be played now: {reason}"),
        CardChange::Unplayable(None) => "can be played again".to_owned(),
        CardChange::Other => "rules data changed".to_owned(),
    }
}

fn keyword_changes(db: &CardDb, gained: Keywords, lost: Keywords) -> String {
    let mut parts = Vec::new();
    if !gained.is_empty() {
        parts.push(format!("gains {}", keyword_list(db, gained)));
    }
    if !lost.is_empty() {
        parts.push(format!("loses {}", keyword_list(db, lost)));
    }
    parts.join("; ")
}

/// An ability kind as players say it: "fanfare", "last words", "evolve
/// ability", "act ability".
fn ability_words(key: AbilityKey) -> String {
    match key {
        AbilityKey::Triggered(name) => {
            let lower = name.to_lowercase();
            if matches!(lower.as_str(), "fanfare" | "last words") {
                lower
            } else {
                format!("{lower} ability")
            }
        }
        AbilityKey::Activated => "act ability".to_owned(),
        AbilityKey::Spell => "spell effect".to_owned(),
        AbilityKey::Passive => "continuous ability".to_owned(),
        AbilityKey::Sub => "sub-ability".to_owned(),
        // A delayed ability waits for its trigger: "delayed end phase ability".
        AbilityKey::Delayed(name) => format!("delayed {} ability", name.to_lowercase()),
    }
}

fn number<T: ToString>(value: Option<T>) -> String {
    value.map_or_else(|| "none".to_owned(), |v| v.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sve_engine::cards::Class;

    fn changed(name: &str, changes: Vec<CardChange>) -> String {
        diff_line(
            &crate::fixture::declared_db(),
            &CardDiff {
                id: "T-1".to_owned(),
                name: name.to_owned(),
                kind: CardDiffKind::Changed(changes),
            },
        )
    }

    #[test]
    fn each_card_is_one_line_in_player_words() {
        assert_eq!(
            changed(
                "Waltzing Fairy",
                vec![
                    CardChange::Cost {
                        old: Some(3),
                        new: Some(2)
                    },
                    CardChange::AbilityAdded(AbilityKey::Triggered("Fanfare")),
                ]
            ),
            "Waltzing Fairy: cost 3 → 2; new fanfare"
        );
        assert_eq!(
            changed(
                "Goblin",
                vec![
                    CardChange::Attack {
                        old: Some(1),
                        new: Some(2)
                    },
                    CardChange::Keywords {
                        gained: Keywords::WARD | Keywords::declared(0),
                        lost: Keywords::RUSH
                    },
                    CardChange::AbilityText(AbilityKey::Triggered("Evolve")),
                    CardChange::Class {
                        old: Class::Forest,
                        new: Class::Neutral
                    },
                ]
            ),
            "Goblin: attack 1 → 2; gains Ward, Overheat; loses Rush; evolve ability text changed; \
             class Forestcraft → Neutral"
        );
        let added = CardDiff {
            id: "T-2".to_owned(),
            name: "Dragon".to_owned(),
            kind: CardDiffKind::Added,
        };
        let db = crate::fixture::db();
        assert_eq!(diff_line(&db, &added), "New card: Dragon");
        let removed = CardDiff {
            kind: CardDiffKind::Removed,
            ..added
        };
        assert_eq!(diff_line(&db, &removed), "Removed: Dragon");
    }
}
