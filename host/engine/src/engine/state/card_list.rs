//! A zone's list of cards, shared by the clones of a match until one of
//! them changes it (copy on write).
//!
//! Bots clone the match thousands of times per decision and most clones
//! change few zones before they are dropped: a clone then costs a reference
//! count per zone instead of an allocation and a copy. Reading goes through
//! `Deref` to the `Vec`; any mutable use (`push`, `remove`, `&mut` access)
//! first makes the list this match's own.

use crate::engine::ids::CardRef;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

/// The cards of one zone, in the zone's order.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct CardList(Arc<Vec<CardRef>>);

impl CardList {
    /// The cards as a plain vector of this match's own.
    pub fn to_vec(&self) -> Vec<CardRef> {
        self.0.as_ref().clone()
    }
}

impl Deref for CardList {
    type Target = Vec<CardRef>;

    fn deref(&self) -> &Vec<CardRef> {
        &self.0
    }
}

impl DerefMut for CardList {
    /// The list, copied first if another clone of the match shares it.
    fn deref_mut(&mut self) -> &mut Vec<CardRef> {
        Arc::make_mut(&mut self.0)
    }
}

impl From<Vec<CardRef>> for CardList {
    fn from(cards: Vec<CardRef>) -> CardList {
        CardList(Arc::new(cards))
    }
}

impl FromIterator<CardRef> for CardList {
    fn from_iter<I: IntoIterator<Item = CardRef>>(cards: I) -> CardList {
        CardList::from(cards.into_iter().collect::<Vec<_>>())
    }
}

impl<'a> IntoIterator for &'a CardList {
    type Item = &'a CardRef;
    type IntoIter = std::slice::Iter<'a, CardRef>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl IntoIterator for CardList {
    type Item = CardRef;
    type IntoIter = CardListIter;

    /// The cards in order, read from the shared list (no copy): a
    /// clone taken to walk a zone while changing the match costs a
    /// reference count.
    fn into_iter(self) -> CardListIter {
        CardListIter {
            list: self.0,
            next: 0,
        }
    }
}

/// The cards of a [`CardList`], by value.
#[derive(Clone, Debug)]
pub struct CardListIter {
    list: Arc<Vec<CardRef>>,
    next: usize,
}

impl Iterator for CardListIter {
    type Item = CardRef;

    fn next(&mut self) -> Option<CardRef> {
        let card = self.list.get(self.next).copied()?;
        self.next += 1;
        Some(card)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.list.len().saturating_sub(self.next);
        (left, Some(left))
    }
}

impl ExactSizeIterator for CardListIter {}

impl PartialEq<Vec<CardRef>> for CardList {
    fn eq(&self, other: &Vec<CardRef>) -> bool {
        self.0.as_ref() == other
    }
}

impl<const N: usize> PartialEq<[CardRef; N]> for CardList {
    fn eq(&self, other: &[CardRef; N]) -> bool {
        self.0.as_slice() == other
    }
}

impl std::fmt::Debug for CardList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl Serialize for CardList {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for CardList {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<CardList, D::Error> {
        Vec::<CardRef>::deserialize(deserializer).map(CardList::from)
    }
}

#[cfg(test)]
mod tests {
    use super::CardList;
    use crate::engine::ids::CardRef;

    #[test]
    fn a_clone_shares_the_list_until_one_side_changes_it() {
        let mut hand: CardList = vec![CardRef(1), CardRef(2)].into();
        let copy = hand.clone();
        assert!(std::sync::Arc::ptr_eq(&hand.0, &copy.0), "shared");
        hand.push(CardRef(3));
        assert_eq!(hand, vec![CardRef(1), CardRef(2), CardRef(3)]);
        assert_eq!(copy, vec![CardRef(1), CardRef(2)], "the clone is untouched");
        let json = serde_json::to_string(&hand).expect("serializes");
        assert_eq!(json, "[1,2,3]");
        let back: CardList = serde_json::from_str(&json).expect("reads");
        assert_eq!(back, hand);
    }
}
