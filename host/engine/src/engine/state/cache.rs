//! Characteristics cached per state. Working out a card's characteristics
//! means applying its effects and every passive on the field, and the same
//! cards are read again and again (rules handling reads both fields after
//! every action, legal actions and the conditions they ask read them
//! again), while most changes touch one card or none.
//!
//! What a value depends on decides how long it holds:
//!
//! - With the field's passive sources all **plain** (a passive whose
//!   condition is "always" and whose grant is a fixed number or keyword),
//!   and at most [`SOURCES`] of them, a card's value depends only on the
//!   card itself (its definition, zone, controller, object, damage,
//!   engaged state, the card it evolved into, the effects on it) and on
//!   the sources themselves (the same data): a passive's scope and filter
//!   read nothing else. The entry keeps the sources it was worked out
//!   with, and holds until a change touches the card or one of them
//!   ([`Touched`], from the mutation), or the field's sources are no
//!   longer the same cards. No source at all is the common case.
//! - Otherwise (a passive that counts cards, reads the turn or works out
//!   a value) the entry holds only until the next change of any kind.
//!
//! The field's passive sources themselves are read once per stretch of
//! changes that touch no card ([`FieldSources`]): every query with
//! passives needs them, and with none on the fields (the common case) a
//! value is worked out as cheaply as it would be looked up, so it is not
//! kept at all.
//!
//! The state changes through the mutation choke point (`mutation.rs`),
//! which tells the cache what each change touched; whoever writes the
//! state's fields directly calls [`GameState::forget_characteristics`],
//! which forgets every entry. A state replaced wholesale (a rollback, a
//! cancel, a determinized world) brings its own entries, and a clone
//! starts with none, so cloning stays cheap and the entries always belong
//! to the state they sit in. Entries are keyed by the card database
//! ([`CardDb::serial`]): after a hot reload they are worked out again.
//!
//! The entries sit in a `RefCell`: a state moves between threads with its
//! match but is never read from two at once (a cancel point, shared
//! between clones of a match, keeps its state behind a lock). A mutex
//! here cost two atomic instructions per reading, about half of every
//! lookup's time (docs/performance.md). A reader that finds the entries
//! borrowed (working out the field's sources reads characteristics)
//! works the value out without the cache. A change holds `&mut`, so it
//! borrows nothing.
//!
//! Debug builds check reuses, and readings of the field's sources, against a
//! fresh working out, so a change the cache is not told about fails the
//! tests. Each entry is checked at its first reuse after every change, not
//! at every reuse ([`CharacteristicsCache::first_check_this_tick`]): the
//! bug the check finds is a change, and every change moves the clock, while
//! the reuses between two changes read one and the same state (checking
//! them all made debug matches a fifth slower; docs/performance.md).
//!
//! [`GameState::forget_characteristics`]: super::GameState::forget_characteristics
//! [`CardDb::serial`]: crate::cards::CardDb::serial

use super::query::Characteristics;
use crate::engine::ids::CardRef;
use std::cell::{RefCell, RefMut};

/// Which cards a change touched, as far as their own characteristics go
/// (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Touched {
    /// No card's own data.
    None,
    /// One card's.
    One(CardRef),
    /// Two cards'.
    Two(CardRef, CardRef),
    /// Any card's: every entry is forgotten.
    All,
}

/// Most passive sources an entry that outlives a change may depend on.
pub(crate) const SOURCES: usize = 4;

/// The field's passive sources, in field order, when they are all plain
/// and at most [`SOURCES`] (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Sources {
    len: u8,
    cards: [u32; SOURCES],
}

impl Sources {
    /// Adds a source; `false` when there are already [`SOURCES`].
    pub(crate) fn push(&mut self, card: CardRef) -> bool {
        let Some(slot) = self.cards.get_mut(usize::from(self.len)) else {
            return false;
        };
        *slot = card.0;
        self.len += 1;
        true
    }

    fn iter(&self) -> impl Iterator<Item = CardRef> + '_ {
        self.cards
            .iter()
            .take(usize::from(self.len))
            .map(|c| CardRef(*c))
    }
}

/// Most passive sources a reading of the fields holds. The fields hold
/// five cards each, a few more only until rules handling puts them back
/// (CR 4.4.4.1); past this the reading says nothing and queries walk the
/// fields themselves.
pub(crate) const FIELD_SOURCES: usize = 12;

/// The cards on both fields with passive abilities, in field order, and
/// whether all their passives are plain (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FieldSources {
    len: u8,
    plain: bool,
    cards: [u32; FIELD_SOURCES],
}

impl Default for FieldSources {
    /// No source: all (none) plain.
    fn default() -> FieldSources {
        FieldSources {
            len: 0,
            plain: true,
            cards: [0; FIELD_SOURCES],
        }
    }
}

impl FieldSources {
    /// Adds a source whose passives are `plain` or not; `false` when
    /// there are already [`FIELD_SOURCES`].
    pub(crate) fn push(&mut self, card: CardRef, plain: bool) -> bool {
        let Some(slot) = self.cards.get_mut(usize::from(self.len)) else {
            return false;
        };
        *slot = card.0;
        self.len += 1;
        self.plain &= plain;
        true
    }

    /// No card on either field has a passive.
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Every source's passives are plain.
    pub(crate) fn all_plain(&self) -> bool {
        self.plain
    }

    /// The sources, in field order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = CardRef> + '_ {
        self.cards
            .iter()
            .take(usize::from(self.len))
            .map(|c| CardRef(*c))
    }

    /// What a cached value may depend on: the sources when they are all
    /// plain and at most [`SOURCES`].
    fn as_dependency(&self) -> Option<Sources> {
        if !self.plain || usize::from(self.len) > SOURCES {
            return None;
        }
        let mut sources = Sources::default();
        for card in self.iter() {
            sources.push(card);
        }
        Some(sources)
    }
}

/// A state's cached characteristics (with passives), one entry per card.
#[derive(Default)]
pub(crate) struct CharacteristicsCache(RefCell<Entries>);

#[derive(Default)]
struct Entries {
    /// The database the entries were worked out with.
    db: u64,
    /// The state's clock, one tick per change; starts at 1 (see
    /// [`Entries::now`]).
    clock: u64,
    /// Entries worked out at or before this tick hold nothing (everything
    /// was forgotten then).
    floor: u64,
    /// At which tick the field's sources were last looked at, and what
    /// they were (`None`: more than [`FIELD_SOURCES`]). They change only
    /// with a card's own data, so the reading holds while no card is
    /// touched.
    field: (u64, Option<FieldSources>),
    /// What a value worked out at that reading may depend on
    /// ([`FieldSources::as_dependency`]), kept with it.
    field_dependency: Option<Sources>,
    /// The last tick a change touched any card (or forgot everything).
    last_touch: u64,
    /// Per card, by [`CardRef`]: the value.
    slots: Vec<Slot>,
    /// Per card, by [`CardRef`]: the last tick a change touched it (0
    /// past the end: not since the cache began).
    touched: Vec<u64>,
    /// Debug builds: the tick the field's sources were last checked at.
    #[cfg(debug_assertions)]
    checked_field: u64,
    /// Debug builds: per card, by [`CardRef`], the tick its entry was last
    /// checked at.
    #[cfg(debug_assertions)]
    checked: Vec<u64>,
}

/// What a debug build checks against a fresh working out
/// ([`CharacteristicsCache::first_check_this_tick`]).
#[cfg(debug_assertions)]
#[derive(Clone, Copy, Debug)]
pub(crate) enum Check {
    /// The reading of the field's passive sources.
    FieldSources,
    /// A card's cached characteristics.
    Card(CardRef),
}

#[derive(Clone, Copy)]
struct Slot {
    /// The tick the value was worked out at (0: never).
    at: u64,
    /// The sources it depends on, if it may outlive a change.
    sources: Option<Sources>,
    /// The value.
    value: Characteristics,
}

impl Entries {
    /// The current tick (a fresh cache starts at 1, so that a slot never
    /// filled, at 0, never holds).
    fn now(&mut self) -> u64 {
        if self.clock == 0 {
            self.clock = 1;
        }
        self.clock
    }

    /// Forgets every entry.
    fn forget_all(&mut self) {
        self.floor = self.now();
        self.last_touch = self.floor;
        self.clock += 1;
    }

    /// The field's sources now: the last reading while no card was
    /// touched since, else `field()`.
    fn field_now(
        &mut self,
        now: u64,
        field: impl FnOnce() -> Option<FieldSources>,
    ) -> Option<FieldSources> {
        if self.field.0 <= self.last_touch {
            let sources = field();
            self.field = (now, sources);
            self.field_dependency = sources.and_then(|f| f.as_dependency());
        }
        self.field.1
    }

    /// What a value worked out now may depend on: the field's sources
    /// when they are all plain and few ([`Entries::field_now`]).
    fn dependency_now(
        &mut self,
        now: u64,
        field: impl FnOnce() -> Option<FieldSources>,
    ) -> Option<Sources> {
        self.field_now(now, field);
        self.field_dependency
    }

    /// The entries for database `db`: entries of another are forgotten.
    fn for_db(&mut self, db: u64) {
        if self.db != db {
            self.db = db;
            self.forget_all();
        }
    }

    /// Whether a change touched `card` at or after tick `at`.
    fn touched_since(&self, card: CardRef, at: u64) -> bool {
        self.touched.get(card.idx()).is_some_and(|t| *t >= at)
    }

    /// Records that the change at tick `now` touched `card`.
    fn touch(&mut self, card: CardRef, now: u64) {
        if self.touched.len() <= card.idx() {
            grow(&mut self.touched, card.idx() + 1, 0);
        }
        if let Some(t) = self.touched.get_mut(card.idx()) {
            *t = now;
        }
    }
}

impl CharacteristicsCache {
    /// The entries, for a change: no lock is needed.
    fn entries_mut(&mut self) -> &mut Entries {
        self.0.get_mut()
    }

    /// Forgets every entry: the state changed in a way the cache was not
    /// told about.
    pub(crate) fn forget(&mut self) {
        self.entries_mut().forget_all();
    }

    /// Records a change of the state: entries that hold only until the
    /// next change are forgotten, and those that depend on a card it
    /// touched.
    pub(crate) fn changed(&mut self, touched: Touched) {
        let entries = self.entries_mut();
        let now = entries.now();
        if touched != Touched::None {
            entries.last_touch = now;
        }
        // With no entry yet, what a change touched matters to none (only
        // entries worked out before a change depend on it).
        if !entries.slots.is_empty() {
            match touched {
                Touched::None => {}
                Touched::One(card) => entries.touch(card, now),
                Touched::Two(a, b) => {
                    entries.touch(a, now);
                    entries.touch(b, now);
                }
                Touched::All => entries.floor = now,
            }
        }
        entries.clock = now + 1;
    }

    /// Debug builds: whether a reuse of `what` is the first since the
    /// last change (or ever), and so is to be checked against a fresh
    /// working out; it counts as checked from now on. Inside another
    /// reading of the entries every reuse is checked.
    #[cfg(debug_assertions)]
    pub(crate) fn first_check_this_tick(&self, what: Check) -> bool {
        let Some(mut guard) = self.entries() else {
            return true;
        };
        let entries: &mut Entries = &mut guard;
        let now = entries.now();
        let last = match what {
            Check::FieldSources => &mut entries.checked_field,
            Check::Card(card) => {
                if entries.checked.len() <= card.idx() {
                    grow(&mut entries.checked, card.idx() + 1, 0);
                }
                match entries.checked.get_mut(card.idx()) {
                    Some(last) => last,
                    None => return true,
                }
            }
        };
        let first = *last != now;
        *last = now;
        first
    }

    /// The entries, unless a reading of them is in progress further up
    /// the stack (working out the field's sources reads characteristics).
    fn entries(&self) -> Option<RefMut<'_, Entries>> {
        self.0.try_borrow_mut().ok()
    }

    /// The field's passive sources read with database `db`: the last
    /// reading while no change touched a card since, else `field()`
    /// (kept for the next). Read inside another reading of the entries,
    /// it is `field()` itself.
    pub(crate) fn field_sources(
        &self,
        db: u64,
        field: impl FnOnce() -> Option<FieldSources>,
    ) -> Option<FieldSources> {
        let Some(mut guard) = self.entries() else {
            return field();
        };
        let entries: &mut Entries = &mut guard;
        entries.for_db(db);
        let now = entries.now();
        entries.field_now(now, field)
    }

    /// The cached characteristics of `card` read with database `db`, if
    /// they still hold. `field` gives the field's passive sources now
    /// ([`FieldSources`]); it is asked again only after a change touched
    /// a card.
    pub(crate) fn get(
        &self,
        db: u64,
        card: CardRef,
        field: impl FnOnce() -> Option<FieldSources>,
    ) -> Option<Characteristics> {
        let mut guard = self.entries()?;
        let entries: &mut Entries = &mut guard;
        if entries.db != db {
            return None;
        }
        let now = entries.now();
        let slot = entries.slots.get(card.idx())?;
        if slot.at <= entries.floor {
            return None;
        }
        if slot.at == now {
            return Some(slot.value);
        }
        let (at, sources, value) = (slot.at, slot.sources?, slot.value);
        if entries.touched_since(card, at) || sources.iter().any(|s| entries.touched_since(s, at)) {
            return None;
        }
        (entries.dependency_now(now, field) == Some(sources)).then_some(value)
    }

    /// Keeps the characteristics of `card`, worked out with database `db`
    /// from the state as it is now. `own_plain`: the card's own passives
    /// are all plain; `field` as for [`CharacteristicsCache::get`];
    /// `cards` is how many cards the state has.
    pub(crate) fn put(
        &self,
        db: u64,
        card: CardRef,
        value: Characteristics,
        own_plain: bool,
        field: impl FnOnce() -> Option<FieldSources>,
        cards: usize,
    ) {
        let Some(mut guard) = self.entries() else {
            return;
        };
        let entries: &mut Entries = &mut guard;
        entries.for_db(db);
        let now = entries.now();
        let sources = if own_plain {
            entries.dependency_now(now, field)
        } else {
            None
        };
        if entries.slots.len() <= card.idx() {
            let len = cards.max(card.idx() + 1);
            let never = Slot {
                at: 0,
                sources: None,
                value,
            };
            grow(&mut entries.slots, len, never);
        }
        if let Some(slot) = entries.slots.get_mut(card.idx()) {
            *slot = Slot {
                at: now,
                sources,
                value,
            };
        }
    }
}

/// Lengthens `list` to at least `len`, with room for a few more (tokens)
/// but not the doubling a `Vec` would do: a running match keeps these
/// lists as long as it lives.
fn grow<T: Copy>(list: &mut Vec<T>, len: usize, fill: T) {
    const ROOM: usize = 16;
    let len = len + ROOM;
    list.reserve_exact(len.saturating_sub(list.len()));
    list.resize(len, fill);
}

impl Clone for CharacteristicsCache {
    /// A clone starts empty: cloning a state stays cheap, and the clone
    /// works out what it reads.
    fn clone(&self) -> Self {
        CharacteristicsCache::default()
    }
}

impl std::fmt::Debug for CharacteristicsCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CharacteristicsCache")
    }
}

#[cfg(test)]
mod tests {
    use super::{CharacteristicsCache, FieldSources, Touched};
    use crate::cards::{CardType, Keywords};
    use crate::engine::ids::CardRef;
    use crate::engine::state::Characteristics;

    const DB: u64 = 7;
    const A: CardRef = CardRef(1);
    const B: CardRef = CardRef(2);
    const S: CardRef = CardRef(3);

    fn value(attack: i32) -> Characteristics {
        Characteristics {
            card_type: CardType::Follower,
            attack,
            defense: 1,
            max_defense: 1,
            cost: 1,
            keywords: Keywords::empty(),
            evolve_cost: None,
        }
    }

    /// The fields holding these plain sources.
    fn sources(cards: &[CardRef]) -> Option<FieldSources> {
        let mut out = FieldSources::default();
        for card in cards {
            assert!(out.push(*card, true));
        }
        Some(out)
    }

    /// The fields holding a source whose passives are not plain.
    fn not_plain() -> Option<FieldSources> {
        let mut out = FieldSources::default();
        assert!(out.push(S, false));
        Some(out)
    }

    /// A cache holding A (depending on `deps`) worked out at this tick.
    fn holding_a(own_plain: bool, deps: &[CardRef]) -> CharacteristicsCache {
        let cache = CharacteristicsCache::default();
        cache.put(DB, A, value(5), own_plain, || sources(deps), 10);
        cache
    }

    #[test]
    fn an_entry_holds_until_the_next_change_when_passives_are_not_plain() {
        let mut cache = CharacteristicsCache::default();
        cache.put(DB, A, value(5), true, not_plain, 10);
        assert_eq!(cache.get(DB, A, not_plain), Some(value(5)));
        cache.changed(Touched::None);
        assert_eq!(cache.get(DB, A, not_plain), None);
    }

    #[test]
    fn a_card_with_passives_of_its_own_that_are_not_plain_holds_until_the_next_change() {
        let mut cache = holding_a(false, &[]);
        assert_eq!(cache.get(DB, A, || sources(&[])), Some(value(5)));
        cache.changed(Touched::None);
        assert_eq!(cache.get(DB, A, || sources(&[])), None);
    }

    #[test]
    fn a_plain_entry_outlives_changes_that_touch_other_cards() {
        let mut cache = holding_a(true, &[S]);
        cache.changed(Touched::None);
        cache.changed(Touched::One(B));
        assert_eq!(cache.get(DB, A, || sources(&[S])), Some(value(5)));
    }

    #[test]
    fn a_plain_entry_is_forgotten_when_its_card_or_a_source_is_touched() {
        for touched in [
            Touched::One(A),
            Touched::One(S),
            Touched::Two(B, A),
            Touched::All,
        ] {
            let mut cache = holding_a(true, &[S]);
            cache.changed(touched);
            assert_eq!(cache.get(DB, A, || sources(&[S])), None, "{touched:?}");
        }
    }

    #[test]
    fn a_touch_of_a_card_never_read_still_counts() {
        // S was never worked out itself: its touch must still reach A.
        let mut cache = holding_a(true, &[S]);
        cache.changed(Touched::One(CardRef(9)));
        cache.changed(Touched::One(S));
        assert_eq!(cache.get(DB, A, || sources(&[S])), None);
    }

    #[test]
    fn a_plain_entry_is_forgotten_when_the_field_has_other_sources() {
        // B, with a passive, comes onto the field (a move touches it).
        let mut cache = holding_a(true, &[S]);
        cache.changed(Touched::One(B));
        assert_eq!(cache.get(DB, A, || sources(&[S, B])), None);
        let mut cache = holding_a(true, &[S]);
        cache.changed(Touched::One(B));
        assert_eq!(cache.get(DB, A, not_plain), None, "the field is not plain");
        let mut cache = holding_a(true, &[S]);
        cache.changed(Touched::One(B));
        assert_eq!(cache.get(DB, A, || None), None, "too many sources to read");
    }

    #[test]
    fn the_field_is_looked_at_again_only_after_a_card_was_touched() {
        let mut cache = holding_a(true, &[S]);
        cache.changed(Touched::None);
        let looked = std::cell::Cell::new(0);
        let field = || {
            looked.set(looked.get() + 1);
            sources(&[S])
        };
        assert_eq!(cache.get(DB, A, field), Some(value(5)));
        assert_eq!(looked.get(), 0, "the reading at `put` still holds");
        cache.changed(Touched::One(B));
        cache.put(DB, B, value(1), true, field, 10);
        assert_eq!(looked.get(), 1);
        cache.changed(Touched::None);
        assert_eq!(cache.get(DB, A, field), Some(value(5)));
        assert_eq!(cache.get(DB, B, field), Some(value(1)));
        assert_eq!(looked.get(), 1);
    }

    #[test]
    fn the_fields_sources_are_read_again_only_after_a_card_was_touched() {
        let mut cache = CharacteristicsCache::default();
        let looked = std::cell::Cell::new(0);
        let field = || {
            looked.set(looked.get() + 1);
            sources(&[S])
        };
        assert_eq!(cache.field_sources(DB, field), sources(&[S]));
        cache.changed(Touched::None);
        assert_eq!(cache.field_sources(DB, field), sources(&[S]));
        assert_eq!(looked.get(), 1, "no card touched: the reading holds");
        cache.changed(Touched::One(B));
        assert_eq!(cache.field_sources(DB, field), sources(&[S]));
        assert_eq!(looked.get(), 2);
        assert_eq!(cache.field_sources(DB + 1, field), sources(&[S]));
        assert_eq!(looked.get(), 3, "another database reads again");
        cache.forget();
        assert_eq!(cache.field_sources(DB + 1, field), sources(&[S]));
        assert_eq!(looked.get(), 4, "a forget reads again");
    }

    #[test]
    fn another_database_a_clone_or_a_forget_finds_nothing() {
        let mut cache = holding_a(true, &[]);
        assert_eq!(cache.get(DB + 1, A, || sources(&[])), None);
        assert_eq!(cache.clone().get(DB, A, || sources(&[])), None);
        cache.forget();
        assert_eq!(cache.get(DB, A, || sources(&[])), None);
    }

    #[test]
    fn a_value_worked_out_during_a_change_is_not_kept_past_it() {
        // Match::apply: a tick at the start, the change (a trigger reads A
        // half-changed), then the touch and a tick at the end.
        let mut cache = CharacteristicsCache::default();
        cache.put(DB, B, value(1), true, || sources(&[]), 10);
        cache.changed(Touched::None);
        cache.put(DB, A, value(5), true, || sources(&[]), 10);
        cache.changed(Touched::One(A));
        assert_eq!(cache.get(DB, A, || sources(&[])), None);
        assert_eq!(cache.get(DB, B, || sources(&[])), Some(value(1)));
    }
}
