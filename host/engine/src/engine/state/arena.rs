//! Every card of a match, indexed by [`CardRef`], with a journal of the
//! writes an ability run may have to undo.
//!
//! An ability run that asks a question or fails is undone
//! (`runtime/rollback.rs`). The cards are most of a state's bytes (about
//! 8 KB in a starter-deck match) and a run changes a few of them, so a
//! run's undo copies the rest of the state and, for the cards, records
//! each card's state before a write ([`CardArena::record`]): undoing
//! writes those back in reverse order. Reading a card costs what reading
//! a plain `Vec` would; only writes look at the journal.

use super::CardState;
use crate::engine::ids::CardRef;
use std::ops::{Deref, Index, IndexMut};

/// The cards of a match, indexed by [`CardRef`] (reads go through the
/// slice). Writes go through [`IndexMut`] or [`CardArena::push`], which
/// record what they overwrite while a run may be undone.
#[derive(Clone, Debug, Default)]
pub struct CardArena {
    cards: Vec<CardState>,
    journal: Journal,
}

/// A position in the journal: undoing back to it restores the cards as
/// they were when it was taken ([`CardArena::record`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct JournalMark(usize);

#[derive(Clone, Debug, Default)]
struct Journal {
    /// Writes are recorded.
    on: bool,
    /// What each recorded write overwrote, oldest first.
    entries: Vec<Entry>,
}

#[derive(Clone, Debug)]
enum Entry {
    /// A card's state before a write.
    Changed(CardRef, CardState),
    /// A card was added at the end.
    Added,
}

impl CardArena {
    /// Adds a card at the end (its [`CardRef`] is the old length).
    pub fn push(&mut self, card: CardState) {
        if self.journal.on {
            self.journal.entries.push(Entry::Added);
        }
        self.cards.push(card);
    }

    /// Starts recording writes (if not already) and marks where undoing
    /// would go back to.
    pub(crate) fn record(&mut self) -> JournalMark {
        self.journal.on = true;
        JournalMark(self.journal.entries.len())
    }

    /// Puts every card back as it was at `mark`, newest write first, and
    /// forgets the writes after it. Recording goes on.
    pub(crate) fn undo_to(&mut self, mark: JournalMark) {
        while self.journal.entries.len() > mark.0 {
            match self.journal.entries.pop() {
                Some(Entry::Changed(card, was)) => {
                    if let Some(slot) = self.cards.get_mut(card.idx()) {
                        *slot = was;
                    }
                }
                Some(Entry::Added) => {
                    self.cards.pop();
                }
                None => break,
            }
        }
    }

    /// Stops recording and forgets what was recorded: no run can be
    /// undone any more.
    pub(crate) fn stop_recording(&mut self) {
        self.journal.on = false;
        self.journal.entries.clear();
    }

    /// The cards as a plain list.
    pub fn as_slice(&self) -> &[CardState] {
        &self.cards
    }
}

impl From<Vec<CardState>> for CardArena {
    fn from(cards: Vec<CardState>) -> CardArena {
        CardArena {
            cards,
            journal: Journal::default(),
        }
    }
}

impl Deref for CardArena {
    type Target = [CardState];

    fn deref(&self) -> &[CardState] {
        &self.cards
    }
}

impl Index<usize> for CardArena {
    type Output = CardState;

    fn index(&self, idx: usize) -> &CardState {
        &self.cards[idx]
    }
}

impl IndexMut<usize> for CardArena {
    /// The card at `idx`, for a write: while recording, its state is
    /// recorded first.
    fn index_mut(&mut self, idx: usize) -> &mut CardState {
        let card = &mut self.cards[idx];
        if self.journal.on {
            // An index within the arena is a card reference (the arena
            // never holds more than `MAX_CARD_OBJECTS`).
            if let Some(card_ref) = CardRef::from_idx(idx) {
                self.journal.entries.push(Entry::Changed(card_ref, *card));
            }
        }
        card
    }
}

impl PartialEq for CardArena {
    /// Two arenas are equal when their cards are (the journal is how they
    /// got there).
    fn eq(&self, other: &CardArena) -> bool {
        self.cards == other.cards
    }
}

#[cfg(test)]
mod tests {
    use super::CardArena;
    use crate::engine::ids::{CardRef, DefId, ObjectId, PlayerId};
    use crate::engine::state::{CardState, Zone};

    fn card(def: u16) -> CardState {
        CardState::new(
            DefId(def),
            PlayerId(0),
            Zone::Deck,
            ObjectId(u32::from(def)),
        )
    }

    fn arena() -> CardArena {
        CardArena::from(vec![card(1), card(2), card(3)])
    }

    #[test]
    fn undoing_puts_back_every_write_and_addition_since_the_mark() {
        let mut cards = arena();
        let before = cards.clone();
        let mark = cards.record();
        cards[1].damage = 2;
        cards[1].damage = 5;
        cards[2].engaged = true;
        cards.push(card(4));
        cards[3].damage = 1;
        assert_eq!(cards.len(), 4);
        cards.undo_to(mark);
        assert_eq!(cards, before);
    }

    #[test]
    fn an_inner_mark_undoes_only_what_came_after_it() {
        let mut cards = arena();
        let outer = cards.record();
        cards[0].damage = 1;
        let after_outer_write = cards.clone();
        let inner = cards.record();
        cards[0].damage = 7;
        cards.push(card(9));
        cards.undo_to(inner);
        assert_eq!(cards, after_outer_write);
        cards.undo_to(outer);
        assert_eq!(cards, arena());
    }

    #[test]
    fn writes_are_not_recorded_before_record_or_after_stop_recording() {
        let mut cards = arena();
        cards[0].damage = 3;
        let mark = cards.record();
        cards.stop_recording();
        cards[1].damage = 4;
        cards.undo_to(mark);
        assert_eq!(cards[0].damage, 3);
        assert_eq!(cards[1].damage, 4, "nothing was recorded to undo");
        assert!(CardRef::from_idx(cards.len()).is_some());
    }
}
