//! What a run plays with, handed in by the front end: the card database and
//! the code behind it (from packs, or the bundled cards alone), the
//! encounter decks the balance names, and the card pool rewards draw from.
//! This crate loads no packs itself.

use crate::balance::Balance;
use crate::rewards::CardPool;
use std::collections::BTreeMap;
use std::sync::Arc;
use sve_engine::cards::{CardDb, Class};
use sve_engine::decks::{self, DeckFile};
use sve_engine::engine::{AbilityRunner, DeckList};

/// The decks this crate ships for the shipped special fights
/// (`host/adventure/data/decks/`), by name: found when the front end's
/// decks hold none of that name.
pub const BUILTIN_DECKS: &[(&str, &str)] = &[
    ("hoard-wyrm", include_str!("../data/decks/hoard-wyrm.txt")),
    (
        "tiger-shrine",
        include_str!("../data/decks/tiger-shrine.txt"),
    ),
];

/// A deck of [`BUILTIN_DECKS`], parsed.
pub fn builtin_deck(name: &str) -> Option<DeckFile> {
    BUILTIN_DECKS
        .iter()
        .find(|(builtin, _)| *builtin == name)
        .and_then(|(builtin, text)| decks::parse_deck(text, builtin).ok())
}

/// The cards, code and decks of a run.
pub struct Content {
    db: Arc<CardDb>,
    runner: Arc<dyn AbilityRunner>,
    decks: BTreeMap<String, DeckList>,
    pool: CardPool,
}

/// A deck a run can't play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ContentError {
    /// No deck of that name.
    #[error("no deck `{0}` (a pack's decks/NAME.txt, or a bundled deck SD01..SD06)")]
    NoDeck(String),
    /// The deck names cards that aren't loaded, or breaks a rule.
    #[error("deck `{name}` doesn't resolve: {problems}")]
    Unresolved {
        /// The deck.
        name: String,
        /// Its problems, joined.
        problems: String,
    },
    /// A card of the run's deck is no longer loaded.
    #[error("card `{0}` of the run's deck is not loaded")]
    MissingCard(String),
    /// A relic, status or special fight puts a card onto the field that
    /// isn't loaded.
    #[error("{0}")]
    FieldCard(String),
}

impl Content {
    /// The content of runs with `balance`: every encounter deck it names is
    /// found with `find_deck` and resolved against `db` now, and every card
    /// its relics and statuses put onto the field is looked up, so a fight
    /// can never miss its deck or its cards.
    pub fn new(
        db: Arc<CardDb>,
        runner: Arc<dyn AbilityRunner>,
        balance: &Balance,
        find_deck: &dyn Fn(&str) -> Option<DeckFile>,
    ) -> Result<Content, ContentError> {
        let mut names: Vec<&str> = balance
            .encounters
            .tiers
            .iter()
            .flat_map(|tier| tier.decks.iter().map(String::as_str))
            .collect();
        names.push(&balance.encounters.boss_deck);
        names.extend(balance.special_fights.iter().map(|f| f.deck.as_str()));
        let mut decks = BTreeMap::new();
        for name in names {
            if decks.contains_key(name) {
                continue;
            }
            let list = resolve_named(name, &db, find_deck)?;
            decks.insert(name.to_owned(), list);
        }
        balance
            .check_cards("", "balance", &|id| db.by_card_id(id).is_some())
            .map_err(|e| ContentError::FieldCard(e.message().to_owned()))?;
        let pool = CardPool::from_db(&db, &crate::rarity::Rarities::new(&balance.rarities));
        Ok(Content {
            db,
            runner,
            decks,
            pool,
        })
    }

    /// The card database.
    pub fn db(&self) -> &Arc<CardDb> {
        &self.db
    }

    /// The code behind the cards.
    pub fn runner(&self) -> &Arc<dyn AbilityRunner> {
        &self.runner
    }

    /// An encounter deck, by the name the balance gives it.
    pub fn deck(&self, name: &str) -> Option<&DeckList> {
        self.decks.get(name)
    }

    /// The card pool.
    pub fn pool(&self) -> &CardPool {
        &self.pool
    }

    /// The class of a leader card, by id (neutral when unknown).
    pub fn class_of(&self, card_id: &str) -> Class {
        self.db
            .by_card_id(card_id)
            .map_or(Class::Neutral, |def| self.db.get(def).class)
    }

    /// A card's shown name, by id (the id when unknown).
    pub fn name_of(&self, card_id: &str) -> String {
        self.db
            .by_card_id(card_id)
            .map_or(card_id.to_owned(), |def| {
                self.db.get(def).display_name().to_owned()
            })
    }

    /// A card's cost, by id (0 when unknown or costless).
    pub fn cost_of(&self, card_id: &str) -> u8 {
        self.db
            .by_card_id(card_id)
            .and_then(|def| self.db.get(def).cost)
            .unwrap_or(0)
    }

    /// The fingerprint of the card data: a run file records it, and a
    /// replay with other cards is refused.
    pub fn fingerprint(&self) -> u64 {
        self.db.fingerprint()
    }
}

/// A deck found by name (the front end's `find_deck`, then
/// [`BUILTIN_DECKS`]) and resolved against the cards.
pub fn resolve_named(
    name: &str,
    db: &CardDb,
    find_deck: &dyn Fn(&str) -> Option<DeckFile>,
) -> Result<DeckList, ContentError> {
    let file = find_deck(name)
        .or_else(|| builtin_deck(name))
        .ok_or_else(|| ContentError::NoDeck(name.to_owned()))?;
    decks::resolve(&file, db).map_err(|problems| ContentError::Unresolved {
        name: name.to_owned(),
        problems: problems
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; "),
    })
}
