//! The deck being built: a title, a leader and counted card ids for the
//! main and evolve decks, in the order they were added. It is written as a
//! community deck-list file and checked by parsing that very text, so the
//! line numbers of its problems are those of the saved file.

use crate::config::ChosenDeck;
use sve_engine::cards::{CardDb, CardDef, CardType};
use sve_engine::decks::{self, DeckBasis, DeckEntry, DeckError, DeckFile};

/// Where a card goes when it is added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The leader (one card; adding another replaces it).
    Leader,
    /// The main deck.
    Main,
    /// The evolve deck.
    Evolve,
}

impl Part {
    /// The part of the deck a card belongs in, by its type; `None` for
    /// tokens, which are not built into decks.
    pub fn of(def: &CardDef) -> Option<Part> {
        if def.is_token {
            return None;
        }
        Some(match def.card_type {
            CardType::Leader => Part::Leader,
            // Every crest is a token; one printed otherwise stays out.
            CardType::Crest => return None,
            // Carrots are spells that live in the evolve deck (Umamusume).
            CardType::EvolvedFollower => Part::Evolve,
            CardType::Spell if def.is_carrot() => Part::Evolve,
            CardType::Follower | CardType::Spell | CardType::Amulet => Part::Main,
        })
    }
}

/// A deck under construction.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeckDraft {
    /// The title line.
    pub title: String,
    /// The leader's card id.
    pub leader: Option<String>,
    /// Main deck: card id and copies, in the order added.
    pub main: Vec<(String, u32)>,
    /// Evolve deck: card id and copies, in the order added.
    pub evolve: Vec<(String, u32)>,
    /// What the deck is built on: its leader's class, or its universe.
    pub basis: DeckBasis,
}

/// The name used in error messages for a deck that has no file yet.
const SOURCE: &str = "deck";

impl DeckDraft {
    /// The draft of a parsed deck file. Repeated ids are merged; a second
    /// leader is dropped, and each such change is returned as a note.
    pub fn from_file(file: &DeckFile) -> (DeckDraft, Vec<String>) {
        let mut notes = Vec::new();
        let mut draft = DeckDraft {
            title: file.title.clone(),
            basis: file.basis,
            ..DeckDraft::default()
        };
        for entry in &file.leader {
            if draft.leader.is_none() && entry.count == 1 {
                draft.leader = Some(entry.card_id.clone());
            } else {
                notes.push(format!(
                    "line {}: only one leader is kept; `{} {}` was dropped",
                    entry.line, entry.count, entry.card_id
                ));
            }
        }
        for (entries, part) in [(&file.main, Part::Main), (&file.evolve, Part::Evolve)] {
            for entry in entries {
                draft.add_copies(part, &entry.card_id, entry.count);
            }
        }
        (draft, notes)
    }

    /// The cards of one counted part.
    pub fn part(&self, part: Part) -> &[(String, u32)] {
        match part {
            Part::Main => &self.main,
            Part::Evolve => &self.evolve,
            Part::Leader => &[],
        }
    }

    fn part_mut(&mut self, part: Part) -> Option<&mut Vec<(String, u32)>> {
        match part {
            Part::Main => Some(&mut self.main),
            Part::Evolve => Some(&mut self.evolve),
            Part::Leader => None,
        }
    }

    /// Adds one copy (or sets the leader).
    pub fn add(&mut self, part: Part, card_id: &str) {
        self.add_copies(part, card_id, 1);
    }

    fn add_copies(&mut self, part: Part, card_id: &str, count: u32) {
        let Some(cards) = self.part_mut(part) else {
            self.leader = Some(card_id.to_owned());
            return;
        };
        match cards.iter_mut().find(|(id, _)| id == card_id) {
            Some((_, n)) => *n += count,
            None => cards.push((card_id.to_owned(), count)),
        }
    }

    /// Removes one copy (or the leader); the entry goes at zero.
    pub fn remove(&mut self, part: Part, card_id: &str) {
        let Some(cards) = self.part_mut(part) else {
            if self.leader.as_deref() == Some(card_id) {
                self.leader = None;
            }
            return;
        };
        if let Some(index) = cards.iter().position(|(id, _)| id == card_id) {
            cards[index].1 -= 1;
            if cards[index].1 == 0 {
                cards.remove(index);
            }
        }
    }

    /// How many cards one part holds.
    pub fn total(&self, part: Part) -> u32 {
        match part {
            Part::Leader => u32::from(self.leader.is_some()),
            _ => self.part(part).iter().map(|(_, n)| n).sum(),
        }
    }

    /// The title as written: no `//` (a comment) and no leading `#` (a
    /// section), never empty (the first line would not be a title).
    pub fn title_line(&self) -> String {
        let title = self.title.replace("//", "/");
        let title = title.trim().trim_start_matches('#').trim();
        if title.is_empty() {
            "Untitled deck".to_owned()
        } else {
            title.to_owned()
        }
    }

    /// The deck in the community deck-list format.
    pub fn to_text(&self, db: &CardDb) -> String {
        let mut text = format!("{}\n\n", self.title_line());
        if self.basis == DeckBasis::Universe {
            text.push_str("# Basis universe\n");
        }
        text.push_str("# Leader\n");
        if let Some(leader) = &self.leader {
            text.push_str(&entry_line(db, 1, leader));
        }
        text.push_str("\n# Main Deck\n");
        for (id, count) in &self.main {
            text.push_str(&entry_line(db, *count, id));
        }
        text.push_str("\n# Evolve Deck\n");
        for (id, count) in &self.evolve {
            text.push_str(&entry_line(db, *count, id));
        }
        text
    }

    /// The draft as a deck file: the leader, then the main and evolve
    /// entries in the order added (each entry's `line` its place in its
    /// part). This is what a deck code holds.
    pub fn to_file(&self) -> DeckFile {
        let entries = |cards: &[(String, u32)]| {
            cards
                .iter()
                .enumerate()
                .map(|(at, (card_id, count))| DeckEntry {
                    count: *count,
                    card_id: card_id.clone(),
                    line: at + 1,
                })
                .collect()
        };
        DeckFile {
            source: SOURCE.to_owned(),
            title: self.title_line(),
            leader: entries(
                &self
                    .leader
                    .iter()
                    .map(|id| (id.clone(), 1))
                    .collect::<Vec<_>>(),
            ),
            main: entries(&self.main),
            evolve: entries(&self.evolve),
            basis: self.basis,
        }
    }

    /// The draft as a deck to play, when it is legal; otherwise every
    /// problem, one line each (located at lines of [`Self::to_text`]).
    pub fn chosen(&self, db: &CardDb) -> Result<ChosenDeck, Vec<String>> {
        let to_lines = |errors: Vec<DeckError>| -> Vec<String> {
            errors.iter().map(ToString::to_string).collect()
        };
        let file = decks::parse_deck(&self.to_text(db), SOURCE).map_err(to_lines)?;
        let problems = decks::check_deck(&file, db);
        if !problems.is_empty() {
            return Err(to_lines(problems));
        }
        let list = decks::resolve(&file, db).map_err(to_lines)?;
        Ok(ChosenDeck {
            title: file.title,
            source: "deck builder".to_owned(),
            list,
        })
    }

    /// Every construction-rule problem, located at lines of [`Self::to_text`].
    pub fn problems(&self, db: &CardDb) -> Vec<DeckError> {
        match decks::parse_deck(&self.to_text(db), SOURCE) {
            Ok(file) => decks::check_deck(&file, db),
            Err(errors) => errors,
        }
    }
}

/// `N CARD-ID  // Name`: the name is a comment, so the line parses the same
/// with or without it.
fn entry_line(db: &CardDb, count: u32, card_id: &str) -> String {
    match db.by_card_id(card_id) {
        Some(def) => format!("{count} {card_id}  // {}\n", db.get(def).display_name()),
        None => format!("{count} {card_id}\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture;

    fn id_of(db: &CardDb, name: &str) -> String {
        let def = db.by_name(name).expect("a starter card");
        db.get(def).id.clone()
    }

    #[test]
    fn a_written_deck_parses_back_to_the_same_draft() {
        let db = fixture::db();
        let mut draft = DeckDraft {
            title: "Forest test".to_owned(),
            ..DeckDraft::default()
        };
        draft.add(Part::Leader, &id_of(&db, "Arisa"));
        for _ in 0..3 {
            draft.add(Part::Main, &id_of(&db, "Treant"));
        }
        draft.add(Part::Main, "NOPE-001");
        let file = decks::parse_deck(&draft.to_text(&db), "round trip").expect("parses");
        let (back, notes) = DeckDraft::from_file(&file);
        assert_eq!(back, draft);
        assert!(notes.is_empty());
    }

    #[test]
    fn carrots_go_in_the_evolve_deck_and_other_spells_in_the_main_deck() {
        let db = fixture::db();
        let spell = db
            .iter()
            .map(|(_, def)| def)
            .find(|def| def.card_type == CardType::Spell && !def.is_token)
            .expect("a starter spell")
            .clone();
        assert_eq!(Part::of(&spell), Some(Part::Main));
        let carrot = CardDef {
            name: "Carrot".to_owned(),
            ..spell
        };
        assert_eq!(Part::of(&carrot), Some(Part::Evolve));
    }

    #[test]
    fn problems_name_their_line_in_the_written_file() {
        let db = fixture::db();
        let mut draft = DeckDraft::default();
        draft.add(Part::Main, "NOPE-001");
        let problems = draft.problems(&db);
        let messages: Vec<String> = problems.iter().map(|p| p.message.clone()).collect();
        assert!(messages.contains(&"a deck needs exactly 1 leader, found 0".to_owned()));
        let unknown = problems
            .iter()
            .find(|p| p.message.contains("unknown card id"))
            .expect("the unknown id is reported");
        let line = unknown.line.expect("a line");
        let text = draft.to_text(&db);
        assert_eq!(text.lines().nth(line - 1), Some("1 NOPE-001"));
    }

    #[test]
    fn removing_the_last_copy_removes_the_entry_and_titles_stay_titles() {
        let mut draft = DeckDraft {
            title: "# not a section // nor a comment".to_owned(),
            ..DeckDraft::default()
        };
        draft.add(Part::Evolve, "X");
        draft.remove(Part::Evolve, "X");
        assert!(draft.evolve.is_empty());
        assert_eq!(draft.title_line(), "not a section / nor a comment");
    }
}
