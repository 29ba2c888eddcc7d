//! Card filters (`CardFilter`): whether a card matches, read from the card
//! as it is now or, for abilities that trigger on a card leaving the field,
//! from the card as it was there ([`LookBack`], CR 10.7.4.1). One test
//! serves both, so a filter means the same thing wherever it is read.

use super::GameState;
use super::lookback::LookBack;
use super::query::Characteristics;
use crate::cards::{CardDb, CardDef, CardFilter, Keywords};
use crate::engine::ids::CardRef;

/// What a filter reads of a card.
trait Subject {
    /// The card.
    fn card(&self) -> CardRef;
    /// The definition whose information it uses (its evolved card's while
    /// evolved).
    fn def(&self) -> &CardDef;
    /// Whether it has the trait, printed or given.
    fn has_trait(&self, name: &str) -> bool;
    /// Whether the names its "name is also" ability gives it count there
    /// (later-sets §8.2).
    fn extra_names_work(&self) -> bool;
    /// Whether it is engaged.
    fn engaged(&self) -> bool;
    /// Its characteristics (only computed when a filter needs them).
    fn stats(&self) -> Characteristics;
}

/// A card as it is now.
struct Now<'a> {
    state: &'a GameState,
    db: &'a CardDb,
    card: CardRef,
    passives: bool,
}

impl Subject for Now<'_> {
    fn card(&self) -> CardRef {
        self.card
    }
    fn def(&self) -> &CardDef {
        self.state.current_def(self.db, self.card)
    }
    fn has_trait(&self, name: &str) -> bool {
        self.state.has_trait(self.db, self.card, name)
    }
    fn extra_names_work(&self) -> bool {
        self.state.extra_names_work(self.db, self.card)
    }
    fn engaged(&self) -> bool {
        self.state.card(self.card).engaged
    }
    fn stats(&self) -> Characteristics {
        self.state
            .characteristics_with(self.db, self.card, self.passives)
    }
}

/// A card as it was where it left.
struct Then<'a> {
    db: &'a CardDb,
    was: &'a LookBack,
}

impl Subject for Then<'_> {
    fn card(&self) -> CardRef {
        self.was.card
    }
    fn def(&self) -> &CardDef {
        self.db.get(self.was.def)
    }
    fn has_trait(&self, name: &str) -> bool {
        self.was.traits.iter().any(|t| t == name)
    }
    /// Every name it had on the field counts (CR 10.7.4.1.2): its "name is
    /// also" ability worked there unless it had lost its abilities.
    fn extra_names_work(&self) -> bool {
        !self
            .was
            .stats
            .keywords
            .intersects(Keywords::LOSES_ALL_ABILITIES | Keywords::BOXED)
    }
    fn engaged(&self) -> bool {
        self.was.engaged
    }
    fn stats(&self) -> Characteristics {
        self.was.stats
    }
}

impl GameState {
    /// Whether a card matches a filter. `source` is the card the filter
    /// belongs to (for "other").
    pub fn matches(
        &self,
        db: &CardDb,
        card: CardRef,
        filter: &CardFilter,
        source: Option<CardRef>,
    ) -> bool {
        self.matches_with(db, card, filter, source, true)
    }

    /// [`GameState::matches`] with or without passive abilities (a
    /// passive's own filter reads the card without passives, see
    /// `query.rs`).
    pub(super) fn matches_with(
        &self,
        db: &CardDb,
        card: CardRef,
        filter: &CardFilter,
        source: Option<CardRef>,
        passives: bool,
    ) -> bool {
        let now = Now {
            state: self,
            db,
            card,
            passives,
        };
        subject_matches(&now, filter, source)
    }

    /// Whether a card, as it was where it left (look-back, CR 10.7.4.1),
    /// matches a filter.
    pub fn matched_where_it_was(
        &self,
        db: &CardDb,
        was: &LookBack,
        filter: &CardFilter,
        source: Option<CardRef>,
    ) -> bool {
        subject_matches(&Then { db, was }, filter, source)
    }
}

fn subject_matches(subject: &impl Subject, filter: &CardFilter, source: Option<CardRef>) -> bool {
    if filter.other && source == Some(subject.card()) {
        return false;
    }
    let def = subject.def();
    if !filter.types.is_empty() && !filter.types.contains(&def.card_type) {
        return false;
    }
    if !filter.traits_any.is_empty() && !filter.traits_any.iter().any(|t| subject.has_trait(t)) {
        return false;
    }
    // Every name a card has counts (later-sets §8.2): "other than X"
    // leaves out a card also named X.
    let has_name = |name: &str| {
        def.base_name() == name
            || (def.also_named.iter().any(|also| also == name) && subject.extra_names_work())
    };
    if let Some(name) = &filter.name
        && !has_name(name)
    {
        return false;
    }
    if let Some(name) = &filter.not_name
        && has_name(name)
    {
        return false;
    }
    if filter.class.is_some_and(|c| c != def.class) {
        return false;
    }
    if filter.token.is_some_and(|t| t != def.is_token) {
        return false;
    }
    if let Some(engaged) = filter.engaged
        && subject.engaged() != engaged
    {
        return false;
    }
    let needs_stats = !filter.keywords.is_empty()
        || !filter.without_keywords.is_empty()
        || filter.cost.is_some()
        || filter.attack.is_some();
    if needs_stats {
        let stats = subject.stats();
        if !stats.keywords.contains(filter.keywords)
            || stats.keywords.intersects(filter.without_keywords)
        {
            return false;
        }
        if let Some((lo, hi)) = filter.cost
            && (def.cost.is_none() || stats.cost < lo || stats.cost > hi)
        {
            return false;
        }
        if let Some((lo, hi)) = filter.attack
            && (!def.card_type.is_follower() || stats.attack < lo || stats.attack > hi)
        {
            return false;
        }
    }
    true
}
