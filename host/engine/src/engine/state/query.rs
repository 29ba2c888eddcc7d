//! Reading derived information: a card's current characteristics in the
//! order of rules-coverage.md §1.3 (CR 10.9.1), class counts (rules-coverage.md §2) and zone
//! limits (rules-coverage.md §3.1).
//!
//! Passives are card data the engine evaluates itself. A card's
//! characteristics read the passive sources on the fields (and, for its own
//! cost, the card's own passives in the hand or EX area), never others. A
//! passive's filter reads characteristics *without* passives, so passives
//! never depend on each other and a filter on keywords cannot recurse. Rules
//! handling and legal actions read every field card once per round
//! (`GameState::field_characteristics`). Which cards are sources and what
//! their passives give is `passives.rs`.

use super::cache::FieldSources;
use super::lost::Applied;
use super::{CardState, EffectKind, GameState, Zone};
use crate::cards::{CardDb, CardDef, CardType, Grant, Keywords};
use crate::engine::ids::{CardRef, DefId, PlayerId};

/// Field limit (CR 4.4.4.1).
pub const FIELD_LIMIT: usize = 5;
/// EX area limit (CR 4.8.3.1).
pub const EX_LIMIT: usize = 5;
/// Hand limit at the end phase (CR 4.7.3.1).
pub const HAND_LIMIT: usize = 7;
/// Maximum play points (CR 3.2.4.1).
pub const MAX_PP: i32 = 10;

/// What the passive abilities on the fields make the fields'
/// characteristics depend on (`Mutation::concerns_field`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PassivesInPlay {
    /// No passive on either field: a field card's characteristics depend
    /// on its own data alone.
    None,
    /// Only plain passives (always on, a fixed grant): on the data of the
    /// field cards (a passive's filter reads its card and its source).
    Plain,
    /// Some passive with a condition or a worked-out grant: on anything.
    Any,
}

/// A card's current information.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Characteristics {
    /// Card type (of the evolved card while evolved).
    pub card_type: CardType,
    /// Current attack.
    pub attack: i32,
    /// Current defense, damage subtracted.
    pub defense: i32,
    /// Defense before damage.
    pub max_defense: i32,
    /// Current cost (never below 0).
    pub cost: i32,
    /// Current keywords.
    pub keywords: Keywords,
    /// Current evolve cost (never below 0); `None` if the card cannot
    /// evolve.
    pub evolve_cost: Option<i32>,
}

/// The timestamp [`GameState::damage_replacements`] gives a passive's
/// replacement: no effect has it, and a passive is never used up.
pub const PASSIVE_REPLACEMENT: u32 = u32::MAX;

impl GameState {
    /// The definition whose information a card currently uses: the evolved
    /// card while it is linked to one (CR 10.9.1.1).
    pub fn current_def<'db>(&self, db: &'db CardDb, card: CardRef) -> &'db CardDef {
        self.current_def_of(db, self.card(card))
    }

    /// [`GameState::current_def`] of a card's state already looked up.
    fn current_def_of<'db>(&self, db: &'db CardDb, state: &CardState) -> &'db CardDef {
        db.get(self.current_def_id_of(state))
    }

    /// The id of the definition whose information a card currently uses.
    pub fn current_def_id(&self, card: CardRef) -> crate::engine::DefId {
        self.current_def_id_of(self.card(card))
    }

    /// [`GameState::current_def_id`] of a card's state already looked up.
    pub(super) fn current_def_id_of(&self, state: &CardState) -> crate::engine::DefId {
        match state.evolved_with {
            Some(evolved) if state.zone == Zone::Field => self.card(evolved).def,
            _ => state.def,
        }
    }

    /// A card's current characteristics (rules-coverage.md §1.3). The
    /// state keeps them while they hold (`cache.rs`): reading a card again
    /// costs a lookup.
    pub fn characteristics(&self, db: &CardDb, card: CardRef) -> Characteristics {
        self.characteristics_with(db, card, true)
    }

    /// Characteristics with or without passive abilities. A passive's own
    /// filter is tested against characteristics without passives, so
    /// passives never depend on each other (and a filter on keywords cannot
    /// recurse forever).
    pub(super) fn characteristics_with(
        &self,
        db: &CardDb,
        card: CardRef,
        passives: bool,
    ) -> Characteristics {
        if passives {
            if !db.has_passives() {
                // No card has a passive: none to find, none to cache.
                return self.characteristics_from(db, card, std::iter::empty());
            }
            return match self.field_sources(db) {
                // No passive on the fields: the value costs what a lookup
                // would, so it is worked out and not kept.
                Some(field) if field.is_empty() => {
                    self.characteristics_from(db, card, std::iter::empty())
                }
                Some(field) => self.cached(db, card, || {
                    self.characteristics_from(db, card, field.iter())
                }),
                None => self.cached(db, card, || {
                    self.characteristics_from(db, card, self.passive_sources_iter(db))
                }),
            };
        }
        let out = self.printed_with_effects(db, card);
        self.finish(card, out)
    }

    /// The cached characteristics of `card`, or `work()` kept for the next
    /// readings (`cache.rs`). Debug builds check the first reuse after
    /// each change against a fresh working out, so a change the cache was
    /// not told about fails the tests.
    fn cached(
        &self,
        db: &CardDb,
        card: CardRef,
        work: impl FnOnce() -> Characteristics,
    ) -> Characteristics {
        if !db.has_passives() {
            // Effects alone: working the value out costs about what a
            // lookup would, and changes don't tell the cache (`Match::apply`).
            return work();
        }
        let serial = db.serial();
        if let Some(kept) = self.cache.get(serial, card, || self.walk_field_sources(db)) {
            #[cfg(debug_assertions)]
            if self
                .cache
                .first_check_this_tick(super::cache::Check::Card(card))
            {
                let fresh = work();
                assert_eq!(
                    kept, fresh,
                    "the cached characteristics of {card} went stale: the state changed \
                     without the cache being told"
                );
            }
            return kept;
        }
        let value = work();
        let own_plain = self.plain_source(db, card);
        self.cache.put(
            serial,
            card,
            value,
            own_plain,
            || self.walk_field_sources(db),
            self.cards.len(),
        );
        // Just worked out: reuses before the next change need no check.
        #[cfg(debug_assertions)]
        self.cache
            .first_check_this_tick(super::cache::Check::Card(card));
        value
    }

    /// The passive sources on both fields (`cache.rs`): the last reading
    /// while no change touched a card since, else read again. `None`
    /// when there are too many for a reading to hold. Without passives
    /// in the card data there are none.
    pub(crate) fn field_sources(&self, db: &CardDb) -> Option<FieldSources> {
        if !db.has_passives() {
            return Some(FieldSources::default());
        }
        let field = self
            .cache
            .field_sources(db.serial(), || self.walk_field_sources(db));
        // Debug builds check the first reuse after each change against a
        // fresh reading, so a change that moved the sources without
        // touching a card fails the tests.
        #[cfg(debug_assertions)]
        if self
            .cache
            .first_check_this_tick(super::cache::Check::FieldSources)
        {
            assert_eq!(
                field,
                self.walk_field_sources(db),
                "the field's passive sources went stale"
            );
        }
        field
    }

    /// [`GameState::field_sources`] read from the fields themselves.
    /// (Plain loops over the zones rather than the iterator chain of
    /// [`GameState::passive_sources_iter`]: this runs after every change
    /// that touched a card, and debug builds run it again to check the
    /// cache.)
    fn walk_field_sources(&self, db: &CardDb) -> Option<FieldSources> {
        let mut sources = FieldSources::default();
        for (zone, crests_only) in self.ability_zones(db) {
            for &card in zone {
                let Some(plain) = self.passive_source_plain(db, card, crests_only) else {
                    continue;
                };
                if !sources.push(card, plain) {
                    return None;
                }
            }
        }
        Some(sources)
    }

    /// The zones whose cards' abilities work there, in the order passives
    /// apply: both fields (the first player's first), both EX areas (whose
    /// crests and tokens of kinds that live there only, `true`; later-sets
    /// §4), both equipment zones (§5). A pool with no such token or no
    /// equipment has those zones left empty, without a look.
    fn ability_zones<'a>(&'a self, db: &CardDb) -> [(&'a [CardRef], bool); 6] {
        let [first, second] = &self.players;
        let none: &[CardRef] = &[];
        let (ex_first, ex_second) = if db.has_ex_area_abilities() {
            (&first.ex_area[..], &second.ex_area[..])
        } else {
            (none, none)
        };
        let (eq_first, eq_second) = if db.has_equipment() {
            (&first.equipment[..], &second.equipment[..])
        } else {
            (none, none)
        };
        [
            (&first.field[..], false),
            (&second.field[..], false),
            (ex_first, true),
            (ex_second, true),
            (eq_first, false),
            (eq_second, false),
        ]
    }

    /// Forgets every characteristic worked out so far. The mutation choke
    /// point tells the cache what each change touched; code that writes
    /// the state's fields directly (a test board's setup, a determinized
    /// world) calls this after.
    pub fn forget_characteristics(&mut self) {
        self.cache.forget();
    }

    /// Tells the cache a mutation changed the state, touching `touched`.
    pub(crate) fn note_change(&mut self, touched: super::cache::Touched) {
        self.cache.changed(touched);
    }

    /// What the passives on the fields now make the fields'
    /// characteristics depend on.
    pub(crate) fn passives_in_play(&self, db: &CardDb) -> PassivesInPlay {
        if let Some(field) = self.field_sources(db) {
            return if field.is_empty() {
                PassivesInPlay::None
            } else if field.all_plain() {
                PassivesInPlay::Plain
            } else {
                PassivesInPlay::Any
            };
        }
        let mut sources = self.passive_sources_iter(db).peekable();
        if sources.peek().is_none() {
            PassivesInPlay::None
        } else if sources.all(|source| self.plain_source(db, source)) {
            PassivesInPlay::Plain
        } else {
            PassivesInPlay::Any
        }
    }

    /// [`GameState::passive_sources`] without collecting them.
    pub(super) fn passive_sources_iter<'a>(
        &'a self,
        db: &'a CardDb,
    ) -> impl Iterator<Item = CardRef> + 'a {
        self.ability_zones(db)
            .into_iter()
            .flat_map(move |(zone, crests_only)| {
                zone.iter()
                    .copied()
                    .filter(move |&card| self.is_passive_source(db, card, crests_only))
            })
    }

    /// The crests in `player`'s EX area, whose abilities work there
    /// (later-sets §4, CR 10.3.6), and the tokens of declared kinds that
    /// live only there, which work as crests do; none, without a look, in
    /// a pool with neither.
    pub(crate) fn crests<'a>(
        &'a self,
        db: &'a CardDb,
        player: PlayerId,
    ) -> impl Iterator<Item = CardRef> + 'a {
        let ex_area: &[CardRef] = if db.has_ex_area_abilities() {
            &self.player(player).ex_area
        } else {
            &[]
        };
        ex_area
            .iter()
            .copied()
            .filter(|card| db.works_in_ex_area(self.card(*card).def))
    }

    /// The equipment tokens in `player`'s equipment zone, whose abilities
    /// work there (later-sets §5, CR 14.5.2.1.2); none, without a look, in
    /// a pool with no equipment.
    pub(crate) fn equipment<'a>(
        &'a self,
        db: &'a CardDb,
        player: PlayerId,
    ) -> impl Iterator<Item = CardRef> + 'a {
        let zone: &[CardRef] = if db.has_equipment() {
            &self.player(player).equipment
        } else {
            &[]
        };
        zone.iter().copied()
    }

    /// The cards of `player` whose abilities work where they are: their
    /// field's cards, then the crests in their EX area (later-sets §4) and
    /// their equipment (§5).
    pub(crate) fn ability_cards<'a>(
        &'a self,
        db: &'a CardDb,
        player: PlayerId,
    ) -> impl Iterator<Item = CardRef> + 'a {
        self.player(player)
            .field
            .iter()
            .copied()
            .chain(self.crests(db, player))
            .chain(self.equipment(db, player))
    }

    /// Whether a card's abilities work where it is: on the field, or a
    /// crest in an EX area (later-sets §4).
    pub(crate) fn abilities_work_here(&self, db: &CardDb, card: CardRef) -> bool {
        let state = self.card(card);
        match state.zone {
            Zone::Field => true,
            Zone::ExArea => db.works_in_ex_area(state.def),
            Zone::Equipment => db.get(state.def).equipment,
            _ => false,
        }
    }

    /// Both fields' cards, the first player's field first. (Two fields
    /// chained, not a flattened list of players: queries walk them at
    /// every action, and a chain is the cheaper iterator.)
    pub(crate) fn field_cards(&self) -> impl Iterator<Item = CardRef> + '_ {
        let [first, second] = &self.players;
        first.field.iter().chain(second.field.iter()).copied()
    }

    /// The field cards whose passive abilities may reach other cards, in
    /// field order (few or none: most cards have no passive). A query that
    /// reads many cards finds them once and hands them to
    /// [`GameState::characteristics_among`].
    pub fn passive_sources(&self, db: &CardDb) -> Vec<CardRef> {
        self.passive_sources_iter(db).collect()
    }

    /// A card's current characteristics, with the field's passive sources
    /// already found ([`GameState::passive_sources`]). Passives apply in
    /// field order; a card in the hand or the EX area also applies its
    /// own (a cost change works where the card is played from), last.
    pub fn characteristics_among(
        &self,
        db: &CardDb,
        card: CardRef,
        sources: &[CardRef],
    ) -> Characteristics {
        self.characteristics_from(db, card, sources.iter().copied())
    }

    /// A card's keywords with the passives in play, worked out afresh
    /// rather than read from the cache: for readings in the middle of a
    /// change (triggers are collected before the cache is told of it).
    pub(crate) fn keywords_afresh(&self, db: &CardDb, card: CardRef) -> Keywords {
        self.characteristics_from(db, card, self.passive_sources_iter(db))
            .keywords
    }

    /// [`GameState::characteristics_among`] with the sources as they come.
    fn characteristics_from(
        &self,
        db: &CardDb,
        card: CardRef,
        sources: impl Iterator<Item = CardRef>,
    ) -> Characteristics {
        // A loss of all abilities by a passive takes its place among the
        // effects by its timestamp (later-sets §12.2): keywords effects gave
        // before it are lost, those given after work.
        let passive_loss = self.passive_loss(db, card);
        let mut out = self.printed_with_effects_and(db, card, passive_loss);
        // Worked out once: what other passives give a card that lost its
        // abilities works if their card arrived after the last loss.
        let lost_at = out
            .keywords
            .contains(Keywords::LOSES_ALL_ABILITIES)
            .then(|| self.abilities_lost_at(db, card));
        let applied = Applied {
            lost_at,
            loss_applied: passive_loss.is_some(),
        };
        for source in sources {
            self.apply_passives_of(db, source, card, &mut out, applied);
        }
        // A crest in the EX area applied its own among the sources. In the
        // cemetery only "you may play this card from your cemetery (if
        // ...)" works (later-sets §12.12, `passive_reaches`).
        let zone = self.card(card).zone;
        if db.has_passives()
            && (matches!(zone, Zone::Hand | Zone::ExArea)
                || (zone == Zone::Cemetery
                    && db
                        .passive_keywords()
                        .contains(Keywords::PLAYABLE_FROM_CEMETERY)))
            && !self.abilities_work_here(db, card)
        {
            self.apply_passives_of(db, card, card, &mut out, applied);
        }
        self.finish(card, out)
    }

    /// Whether a card on `player`'s field has `keyword` now: how a card's
    /// player-wide permission or prohibition holds while it is on the
    /// field ("you may evolve any number of times", "you can't lose";
    /// later-sets §12.1, §12.3).
    pub fn field_grants(&self, db: &CardDb, player: PlayerId, keyword: Keywords) -> bool {
        // Most pools have no such card, and it is asked on hot paths
        // (legal actions): say no before working out characteristics.
        let may_have = db.may_print_or_grant(keyword)
            || self
                .effects
                .iter()
                .any(|e| matches!(e.kind, EffectKind::Keywords(k) if k.intersects(keyword)));
        may_have
            && self
                .ability_cards(db, player)
                .any(|card| self.characteristics(db, card).keywords.contains(keyword))
    }

    /// Whether an ability may banish `card`: not a card on the field that
    /// can't be banished (later-sets §12.7), nor may it pay a banish cost.
    pub fn may_be_banished(&self, db: &CardDb, card: CardRef) -> bool {
        self.card(card).zone != Zone::Field
            || !self
                .characteristics(db, card)
                .keywords
                .contains(Keywords::CANNOT_BE_BANISHED)
    }

    /// The current characteristics of every card on both fields, in field
    /// order: what rules handling checks after every action. The passives in
    /// play are found once for all of them.
    pub fn field_characteristics(&self, db: &CardDb) -> Vec<(CardRef, Characteristics)> {
        let mut out = Vec::new();
        self.field_characteristics_into(db, &mut out);
        out
    }

    /// [`GameState::field_characteristics`] into `out`, which is cleared
    /// first: a caller that reads the fields again and again reuses one
    /// vector.
    pub fn field_characteristics_into(
        &self,
        db: &CardDb,
        out: &mut Vec<(CardRef, Characteristics)>,
    ) {
        out.clear();
        out.reserve(self.players.iter().map(|p| p.field.len()).sum());
        match self.field_sources(db) {
            // No passive on the fields (or in the data): worked out, not
            // kept (as in `characteristics_with`).
            Some(field) if field.is_empty() => {
                for card in self.field_cards() {
                    out.push((
                        card,
                        self.characteristics_from(db, card, std::iter::empty()),
                    ));
                }
            }
            Some(field) => {
                for card in self.field_cards() {
                    let stats = self.cached(db, card, || {
                        self.characteristics_from(db, card, field.iter())
                    });
                    out.push((card, stats));
                }
            }
            None => {
                let sources = self.passive_sources(db);
                for card in self.field_cards() {
                    let stats =
                        self.cached(db, card, || self.characteristics_among(db, card, &sources));
                    out.push((card, stats));
                }
            }
        }
    }

    /// A card's traits: its current definition's, then those effects gave
    /// it (each once).
    pub fn traits(&self, db: &CardDb, card: CardRef) -> Vec<String> {
        let mut traits = self.current_def(db, card).traits.clone();
        for name in self.granted_traits_of(card) {
            if !traits.iter().any(|t| t == name) {
                traits.push(name.to_owned());
            }
        }
        traits
    }

    /// Whether the names a card's "this follower's name is also X" ability
    /// gives it count now (later-sets §8.2): only on the field, and not
    /// once the card lost its abilities.
    pub fn extra_names_work(&self, db: &CardDb, card: CardRef) -> bool {
        self.card(card).zone == Zone::Field && !self.lost_abilities_now(db, card)
    }

    /// Whether a card is a face-down advanced card in an evolve deck, the
    /// one kind of card that may leave it by an effect (later-sets §6.1, CR
    /// 9.2; face-up cards there are used, CR 4.6.3).
    pub fn unused_advanced(&self, db: &CardDb, card: CardRef) -> bool {
        let state = self.card(card);
        state.zone == Zone::EvolveDeck && !state.face_up && db.get(state.def).advanced
    }

    /// Whether a card has the trait, printed or given by an effect.
    pub fn has_trait(&self, db: &CardDb, card: CardRef, name: &str) -> bool {
        self.current_def(db, card).has_trait(name)
            || self.granted_traits_of(card).any(|t| t == name)
    }

    /// The trait names effects give this card object.
    fn granted_traits_of(&self, card: CardRef) -> impl Iterator<Item = &str> {
        self.effects_on(card)
            .filter_map(|kind| match kind {
                EffectKind::Trait(id) => self.granted_traits.get(usize::from(id)),
                _ => None,
            })
            .map(String::as_str)
    }

    /// The name of a granted trait ([`EffectKind::Trait`]).
    pub fn granted_trait_name(&self, id: u16) -> &str {
        self.granted_traits
            .get(usize::from(id))
            .map_or("?", String::as_str)
    }

    /// Printed values with persistent effects applied, before passives.
    fn printed_with_effects(&self, db: &CardDb, card: CardRef) -> Characteristics {
        self.printed_with_effects_and(db, card, None)
    }

    /// [`GameState::printed_with_effects`], with `passive_loss` (a loss of
    /// all abilities by passives: its timestamp and keywords) applied
    /// among the effects in timestamp order.
    fn printed_with_effects_and(
        &self,
        db: &CardDb,
        card: CardRef,
        passive_loss: Option<(u32, Keywords)>,
    ) -> Characteristics {
        let state = self.card(card);
        let printed = db.get(state.def);
        let def = self.current_def_of(db, state);
        let mut out = Characteristics {
            card_type: def.card_type,
            attack: def.attack.unwrap_or(0),
            defense: def.defense.unwrap_or(0),
            max_defense: 0,
            // An evolved follower keeps its base card's cost (CR 5.16.1.2).
            cost: i32::from(printed.cost.unwrap_or(0)),
            keywords: def.keywords,
            evolve_cost: printed.evolve_cost.map(i32::from),
        };
        // Persistent effects, in timestamp order (they are stored in order).
        let object = state.object;
        let mut loss = passive_loss;
        for effect in self
            .effects
            .iter()
            .filter(|e| e.card == card && e.object == object)
        {
            if let Some((at, bits)) = loss
                && effect.timestamp > at
            {
                out.keywords = add_keywords(out.keywords, bits);
                loss = None;
            }
            apply_kind(&mut out, effect.kind, def);
        }
        if let Some((_, bits)) = loss {
            out.keywords = add_keywords(out.keywords, bits);
        }
        out
    }

    /// What evolving this follower into `face` costs now (later-sets §10):
    /// the printed cost for that face ([`CardDef::evolve_cost_into`]) with
    /// the evolve-cost effects on the follower applied in order, as
    /// [`GameState::characteristics`] applies them to the printed cost.
    /// `None`: it has no evolve ability.
    ///
    /// [`CardDef::evolve_cost_into`]: crate::cards::CardDef::evolve_cost_into
    pub fn evolve_cost_into(&self, db: &CardDb, card: CardRef, face: DefId) -> Option<i32> {
        let printed = db.get(self.card(card).def);
        let mut cost = i32::from(printed.evolve_cost_into(&db.get(face).name)?);
        for kind in self.effects_on(card) {
            cost = changed_evolve_cost(cost, kind);
        }
        Some(cost)
    }

    /// The kinds of the persistent effects on a card's current object, in
    /// timestamp order.
    pub(super) fn effects_on(&self, card: CardRef) -> impl Iterator<Item = EffectKind> + '_ {
        let object = self.card(card).object;
        self.effects
            .iter()
            .filter(move |e| e.card == card && e.object == object)
            .map(|e| e.kind)
    }

    /// The replacement effects on damage of `kind` to this card object
    /// (a follower, or a leader), each with its effect's timestamp, in
    /// the order they were made, then those the passives in play give it
    /// (later-sets §11.2, §12.14), with [`PASSIVE_REPLACEMENT`] for a
    /// timestamp.
    pub fn damage_replacements<'a>(
        &'a self,
        db: &CardDb,
        card: CardRef,
        kind: crate::engine::DamageKind,
    ) -> impl Iterator<Item = (super::DamageReplacement, u32)> + 'a {
        let object = self.card(card).object;
        let effects = self.effects.iter().filter_map(move |e| match e.kind {
            EffectKind::DamageTaken(r)
                if e.card == card && e.object == object && r.damage.covers(kind) =>
            {
                Some((r, e.timestamp))
            }
            _ => None,
        });
        effects.chain(self.passive_damage_replacements(db, card, kind))
    }

    /// The damage replacements passives give `card` ("your followers take
    /// 1 less damage"), never used up: none is "the next time".
    fn passive_damage_replacements(
        &self,
        db: &CardDb,
        card: CardRef,
        kind: crate::engine::DamageKind,
    ) -> Vec<(super::DamageReplacement, u32)> {
        if !db.has_damage_passives() {
            return Vec::new();
        }
        self.passive_gifts(db, card, |grant| match grant {
            Grant::DamageTaken(replacement) if replacement.damage.covers(kind) => Some((
                super::DamageReplacement {
                    next_time_only: false,
                    ..*replacement
                },
                PASSIVE_REPLACEMENT,
            )),
            _ => None,
        })
    }

    /// Where `card` goes instead of the cemetery as it leaves the field
    /// ("if this follower would be put into the cemetery from the field,
    /// put it into your EX area instead", later-sets §11.2): the effects
    /// on it in the order they were made, then the passives in play in
    /// the order of [`GameState::passive_gifts`].
    pub fn cemetery_replacements(
        &self,
        db: &CardDb,
        card: CardRef,
    ) -> Vec<crate::cards::InsteadZone> {
        // The effects on this object first, in the order they were made.
        let object = self.card(card).object;
        let mut out: Vec<crate::cards::InsteadZone> = self
            .effects
            .iter()
            .filter(|e| e.card == card && e.object == object)
            .filter_map(|e| match e.kind {
                EffectKind::InsteadOfCemetery(zone) => Some(zone),
                _ => None,
            })
            .collect();
        if db.has_move_passives() {
            out.extend(self.passive_gifts(db, card, |grant| match grant {
                Grant::InsteadOfCemetery(zone) => Some(*zone),
                _ => None,
            }));
        }
        out
    }

    /// Whether choosing `a` or `b` can make no difference: the same printed
    /// card, in the same zone under the same controller, in the same state
    /// (engagement, damage, counters, links, history), with no lasting
    /// effect on either object. A choice among such cards offers one of
    /// them: the game goes on the same whichever is picked.
    pub fn interchangeable(&self, a: CardRef, b: CardRef) -> bool {
        let (first, second) = (self.card(a), self.card(b));
        // When each arrived is no difference between them.
        let same_state = CardState {
            object: second.object,
            since: second.since,
            ..*first
        } == *second;
        same_state && self.effects_on(a).next().is_none() && self.effects_on(b).next().is_none()
    }

    /// Whether an effect on a card object makes its cost lower.
    pub fn cost_lowered_by_effects(&self, card: CardRef) -> bool {
        self.effects_on(card)
            .any(|kind| matches!(kind, EffectKind::Cost(d) if d < 0))
    }

    /// The last steps: only followers have attack and defense; damage;
    /// costs never below 0.
    fn finish(&self, card: CardRef, mut out: Characteristics) -> Characteristics {
        if !out.card_type.is_follower() {
            out.attack = 0;
            out.defense = 0;
        }
        out.max_defense = out.defense;
        out.defense = out.defense.saturating_sub(self.card(card).damage);
        out.cost = out.cost.max(0);
        out
    }

    /// Combo: cards the player played this turn (CR 13.2.1).
    pub fn combo(&self, player: PlayerId) -> u32 {
        self.player(player).cards_played_this_turn
    }

    /// Spellchain count of the player (CR 13.3.1.1 with the Runecraft
    /// follower extension of CR 13.3.1.1†).
    pub fn spellchain(&self, db: &CardDb, player: PlayerId) -> u32 {
        let p = self.player(player);
        // Printed keywords and effects only: a passive may itself depend on
        // Spellchain, so passives are not consulted here.
        let rune_followers_count = p.field.iter().any(|c| {
            self.current_def(db, *c)
                .keywords
                .union(self.effect_keywords(*c))
                .contains(Keywords::RUNE_FOLLOWERS_FOR_SPELLCHAIN)
        });
        p.cemetery
            .iter()
            .filter(|c| {
                let def = db.get(self.card(**c).def);
                def.card_type == CardType::Spell
                    || (rune_followers_count
                        && def.card_type.is_follower()
                        && def.class == crate::cards::Class::Rune)
            })
            .count() as u32
    }

    /// Keywords a card has from persistent effects.
    pub fn effect_keywords(&self, card: CardRef) -> Keywords {
        self.effects_on(card)
            .fold(Keywords::empty(), |acc, kind| match kind {
                EffectKind::Keywords(k) => add_keywords(acc, k),
                _ => acc,
            })
    }

    /// Keywords a card has printed and from persistent effects, in
    /// timestamp order, passives left out: what triggers read, in the middle
    /// of a change, where cached characteristics may not hold yet (in a pool
    /// where a passive gives a declared keyword, they read
    /// [`GameState::keywords_afresh`] instead).
    pub fn own_keywords(&self, db: &CardDb, card: CardRef) -> Keywords {
        let printed = self.current_def(db, card).keywords;
        self.effects_on(card).fold(printed, |acc, kind| match kind {
            EffectKind::Keywords(k) => add_keywords(acc, k),
            _ => acc,
        })
    }

    /// Overflow: maximum play points 7 or more (CR 13.4.1.2).
    pub fn overflow(&self, player: PlayerId) -> bool {
        self.player(player).max_pp >= 7
    }

    /// Necrocharge (N): N or more cards in the cemetery (CR 13.5.1.2).
    pub fn necrocharge(&self, player: PlayerId, n: u32) -> bool {
        self.player(player).cemetery.len() as u32 >= n
    }

    /// Sanguine: during the player's own turn, their leader lost defense this
    /// turn (CR 13.5.2.2).
    pub fn sanguine(&self, player: PlayerId) -> bool {
        self.active == player && self.player(player).lost_defense_this_turn
    }

    /// Free slots on a player's field.
    pub fn field_room(&self, player: PlayerId) -> usize {
        FIELD_LIMIT.saturating_sub(self.player(player).field.len())
    }

    /// Free slots in a player's EX area.
    pub fn ex_room(&self, player: PlayerId) -> usize {
        EX_LIMIT.saturating_sub(self.player(player).ex_area.len())
    }
}

/// An evolve cost after one persistent effect: changed or set, never
/// below 0; other kinds leave it.
fn changed_evolve_cost(cost: i32, kind: EffectKind) -> i32 {
    match kind {
        EffectKind::EvolveCost(delta) => cost.saturating_add(delta).max(0),
        EffectKind::SetEvolveCost(set) => set.max(0),
        _ => cost,
    }
}

/// One persistent effect on characteristics so far, `def` being the
/// card's current definition (whose printed stats a maneuver restores).
fn apply_kind(out: &mut Characteristics, kind: EffectKind, def: &crate::cards::CardDef) {
    match kind {
        EffectKind::Stats { attack, defense } => {
            out.attack = out.attack.saturating_add(attack);
            out.defense = out.defense.saturating_add(defense);
        }
        EffectKind::Keywords(k) => out.keywords = add_keywords(out.keywords, k),
        EffectKind::Cost(delta) => out.cost = out.cost.saturating_add(delta),
        EffectKind::EvolveCost(_) | EffectKind::SetEvolveCost(_) => {
            out.evolve_cost = out.evolve_cost.map(|cost| changed_evolve_cost(cost, kind));
        }
        // Traits are read by `traits` and `has_trait`.
        EffectKind::Trait(_) | EffectKind::DamageTaken(_) | EffectKind::InsteadOfCemetery(_) => {}
        // Made only for an amulet with both printed values
        // (`Match::maneuver`); stat changes before it are dropped.
        EffectKind::Maneuvered => {
            if let (Some(attack), Some(defense)) = (def.attack, def.defense) {
                out.card_type = CardType::Follower;
                out.attack = attack;
                out.defense = defense;
            }
        }
        EffectKind::BecomesType(card_type) => out.card_type = card_type,
    }
}

/// A passive's type change (later-sets §12.6): into a follower only for a
/// card with both printed attack and defense, which it then has (as a
/// maneuvered amulet does); into any other type as it says.
pub(super) fn becomes_type(
    out: &mut Characteristics,
    card_type: CardType,
    def: &crate::cards::CardDef,
) {
    if card_type.is_follower() {
        if !out.card_type.is_follower()
            && let (Some(attack), Some(defense)) = (def.attack, def.defense)
        {
            out.card_type = card_type;
            out.attack = attack;
            out.defense = defense;
        }
    } else {
        out.card_type = card_type;
    }
}

/// Keywords given on top of `had`: "loses all abilities" (later-sets §12.2)
/// takes every keyword it had before (timestamp order: later gifts stay);
/// so does Boxed (§12.5), which includes it.
pub(super) fn add_keywords(had: Keywords, given: Keywords) -> Keywords {
    if given.contains(Keywords::BOXED) {
        // Boxed includes losing all abilities (CR 5.31.2).
        given | Keywords::LOSES_ALL_ABILITIES
    } else if given.contains(Keywords::LOSES_ALL_ABILITIES) {
        given
    } else {
        had | given
    }
}
