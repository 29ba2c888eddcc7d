//! Passive abilities, as the engine evaluates them (rules-coverage.md
//! §1.3; later-sets §12.2 for lost abilities): which cards are passive
//! sources, the passives a card has (its own definition's and those of the
//! declared keywords it has, `cards/declared.rs`), whether they are plain
//! (`cache.rs`), and applying them: to a card's characteristics
//! (`query.rs` reads the sources and calls [`GameState::apply_passives_of`])
//! and for the gifts no characteristic holds (damage and move
//! replacements, [`GameState::passive_gifts`]).
//!
//! These run for every card and source at every reading: plain loops and
//! callbacks rather than iterator chains, and the pool-wide answers first
//! (`CardDb::has_keyword_passives`, `has_ability_loss_passives`), since
//! debug builds, which CI's instruction guard counts, run iterator adapters
//! unoptimised (docs/performance.md).

use super::lost::Applied;
use super::query::{Characteristics, add_keywords, becomes_type};
use super::{EffectKind, GameState, Zone};
use crate::cards::{
    AbilityKind, CardDb, CardDef, Grant, Keywords, PassiveCondition, PassiveDef, PassiveScope,
};
use crate::engine::ids::{CardRef, PlayerId};

impl GameState {
    /// Whether `card`, in one of [`GameState::ability_zones`], is a passive
    /// source: it has passive abilities, its own or a declared keyword's
    /// (and works in the EX area, a crest's way, when `crests_only`).
    pub(super) fn is_passive_source(&self, db: &CardDb, card: CardRef, crests_only: bool) -> bool {
        let state = self.card(card);
        if crests_only && !db.works_in_ex_area(state.def) {
            return false;
        }
        !db.passive_abilities(self.current_def_id_of(state))
            .is_empty()
            || (db.has_keyword_passives() && !self.keyword_passives_of(db, card).is_empty())
    }

    /// [`GameState::is_passive_source`], and if `card` is one, whether all
    /// its passives are plain (`cache.rs`): what a walk over the fields
    /// reads of each card, in one look.
    #[inline(always)]
    pub(super) fn passive_source_plain(
        &self,
        db: &CardDb,
        card: CardRef,
        crests_only: bool,
    ) -> Option<bool> {
        let state = self.card(card);
        if crests_only && !db.works_in_ex_area(state.def) {
            return None;
        }
        let def = self.current_def_id_of(state);
        let own = !db.passive_abilities(def).is_empty();
        if !db.has_keyword_passives() {
            return own.then(|| plain_passives(db, def));
        }
        let keywords = self.keyword_passives_of(db, card);
        (own || !keywords.is_empty()).then(|| {
            plain_passives(db, def)
                && keywords
                    .declared_numbers()
                    .all(|n| plain_passives(db, CardDb::keyword_def(n)))
        })
    }

    /// The declared keywords with passive abilities that `card` has,
    /// printed or from an effect (`cards/declared.rs`; no passive gives a
    /// declared keyword that has passive abilities, so this reads no
    /// passive): none, without a look, in a pool without such a keyword.
    fn keyword_passives_of(&self, db: &CardDb, card: CardRef) -> Keywords {
        if !db.has_keyword_passives() {
            return Keywords::empty();
        }
        self.own_keywords(db, card) & db.keyword_passives()
    }

    /// The passive abilities `card` has, found once: its current
    /// definition's, then those of its declared keywords, in keyword
    /// order.
    // Inlined: asked for every source of every card read (docs/performance.md).
    #[inline(always)]
    pub(super) fn passives_of<'a>(&self, db: &'a CardDb, card: CardRef) -> Passives<'a> {
        let def = self.current_def_id(card);
        Passives {
            def: db.get(def),
            own: db.passive_abilities(def),
            keywords: if db.has_keyword_passives() {
                self.keyword_passives_of(db, card)
            } else {
                Keywords::empty()
            },
        }
    }

    /// [`GameState::passives_of`], as far as they work: a card that lost
    /// all its abilities (later-sets §12.2), printed, by an effect or by
    /// another card's passive, has none of its own; a declared keyword an
    /// effect gave it after the loss works (as its automatic abilities do,
    /// `triggers.rs`), unless a passive takes all its abilities.
    #[inline(always)]
    fn working_passives_of<'a>(&self, db: &'a CardDb, card: CardRef) -> Passives<'a> {
        let mut passives = self.passives_of(db, card);
        if !passives.is_empty() && self.lost_abilities_now(db, card) {
            passives.own = &[];
            if self.lost_to_a_passive(db, card) {
                passives.keywords = Keywords::empty();
            }
        }
        passives
    }

    /// When a passive of `card` began to apply, on the effects' clock: the
    /// card's arrival for its own (`keyword` `None`) and a printed declared
    /// keyword's, else the last effect that gave it declared keyword
    /// `keyword` (later-sets §12.2: a gift dates from it).
    fn passive_since(&self, card: CardRef, keyword: Option<u8>) -> u32 {
        let state = self.card(card);
        let Some(n) = keyword else {
            return state.since;
        };
        let given = Keywords::declared(n);
        self.effects
            .iter()
            .filter(|e| e.card == card && e.object == state.object)
            .filter(|e| matches!(e.kind, EffectKind::Keywords(k) if k.contains(given)))
            .map(|e| e.timestamp)
            .max()
            .map_or(state.since, |at| at.max(state.since))
    }

    /// Whether every passive `card` has is plain (`cache.rs`): true for a
    /// card with none.
    #[inline(always)]
    pub(super) fn plain_source(&self, db: &CardDb, card: CardRef) -> bool {
        plain_passives(db, self.current_def_id(card))
            && (!db.has_keyword_passives()
                || self
                    .keyword_passives_of(db, card)
                    .declared_numbers()
                    .all(|n| plain_passives(db, CardDb::keyword_def(n))))
    }

    /// What `pick` takes from the grants of the passives reaching `card`
    /// whose condition holds: those of every card whose abilities work
    /// where it is, players in seat order, cards in zone order. A card
    /// that lost its abilities lost the gifts of others' passives too, but
    /// for an equipment token's own (later-sets §12.2, §5.2). For the
    /// grants no characteristic holds (damage and move replacements).
    pub(super) fn passive_gifts<T>(
        &self,
        db: &CardDb,
        card: CardRef,
        pick: impl Fn(&Grant) -> Option<T>,
    ) -> Vec<T> {
        let mut out = Vec::new();
        // As for keywords: lost all abilities by an effect, a printed
        // keyword or another passive.
        let applied = Applied {
            lost_at: self
                .characteristics(db, card)
                .keywords
                .contains(Keywords::LOSES_ALL_ABILITIES)
                .then(|| self.abilities_lost_at(db, card)),
            loss_applied: false,
        };
        for player in [PlayerId(0), PlayerId(1)] {
            for source in self.ability_cards(db, player) {
                let passives = self.working_passives_of(db, source);
                if passives.is_empty() {
                    continue;
                }
                let works = self.abilities_work_here(db, source);
                let controller = self.card(source).controller;
                passives.for_each(db, |keyword, passive| {
                    let Some(gift) = pick(&passive.grant) else {
                        return;
                    };
                    let equipped = matches!(passive.scope, PassiveScope::Equipped);
                    if applied.keeps_since(|| self.passive_since(source, keyword), equipped)
                        && self.passive_reaches(db, source, passive, card, works)
                        && self.passive_condition(db, source, controller, &passive.condition)
                    {
                        out.push(gift);
                    }
                });
            }
        }
        out
    }

    /// Applies the passives of `source` that reach `card`.
    pub(super) fn apply_passives_of(
        &self,
        db: &CardDb,
        source: CardRef,
        card: CardRef,
        out: &mut Characteristics,
        applied: Applied,
    ) {
        let passives = self.working_passives_of(db, source);
        if passives.is_empty() {
            return;
        }
        let source_state = self.card(source);
        // Passives work from the field, and a crest's from the EX area
        // (later-sets §4).
        let at = PassiveAt {
            source,
            owner: source_state.controller,
            source_works: self.abilities_work_here(db, source),
            card,
            applied,
        };
        // Plain loops, not `Passives::for_each`: this runs for every card
        // and source at every reading (docs/performance.md).
        for &idx in passives.own {
            if let Some(AbilityKind::Passive(passive)) = passives
                .def
                .abilities
                .get(usize::from(idx))
                .map(|a| &a.kind)
            {
                self.apply_passive(db, at, None, passive, out);
            }
        }
        if passives.keywords.is_empty() {
            return;
        }
        for n in passives.keywords.declared_numbers() {
            let def = CardDb::keyword_def(n);
            let abilities = &db.get(def).abilities;
            for &idx in db.passive_abilities(def) {
                if let Some(AbilityKind::Passive(passive)) =
                    abilities.get(usize::from(idx)).map(|a| &a.kind)
                {
                    self.apply_passive(db, at, Some(n), passive, out);
                }
            }
        }
    }

    /// Applies one passive of `at.source` (its own, or declared keyword
    /// `keyword`'s) to `at.card`, if it reaches it and its condition holds.
    #[inline(always)]
    fn apply_passive(
        &self,
        db: &CardDb,
        at: PassiveAt,
        keyword: Option<u8>,
        passive: &PassiveDef,
        out: &mut Characteristics,
    ) {
        let PassiveAt {
            source,
            owner,
            source_works,
            card,
            applied,
        } = at;
        // An equipment token's own ability still reaches a follower
        // that lost its abilities (later-sets §5.2, EQ-4).
        let kept_through_loss = matches!(passive.scope, PassiveScope::Equipped);
        if self.passive_reaches(db, source, passive, card, source_works)
            && self.passive_condition(db, source, owner, &passive.condition)
        {
            let loss = Keywords::LOSES_ALL_ABILITIES | Keywords::BOXED;
            match &passive.grant {
                // A loss of abilities by passives was applied among
                // the effects; what else the grant gives, below.
                Grant::Keywords(k) if applied.loss_applied && k.intersects(loss) => {
                    let rest = *k - loss;
                    if !rest.is_empty()
                        && applied
                            .keeps_since(|| self.passive_since(source, keyword), kept_through_loss)
                    {
                        out.keywords = add_keywords(out.keywords, rest);
                    }
                }
                // A card that lost all abilities lost the gifts of
                // others' passives too (later-sets §12.2); those of a
                // card that arrived afterwards work.
                Grant::Keywords(k)
                    if !k.intersects(loss)
                        && !applied.keeps_since(
                            || self.passive_since(source, keyword),
                            kept_through_loss,
                        ) => {}
                Grant::Keywords(k) => out.keywords = add_keywords(out.keywords, *k),
                Grant::Stats { attack, defense } => {
                    out.attack = out.attack.saturating_add(*attack);
                    out.defense = out.defense.saturating_add(*defense);
                }
                Grant::Cost(delta) => out.cost = out.cost.saturating_add(*delta),
                Grant::CostBy(value) => {
                    let delta = self.eval_value(db, value, source, owner);
                    out.cost = out.cost.saturating_add(delta);
                }
                // Read when damage is dealt (`damage_replacements`); no
                // pool holds declared keywords by name (made `Keywords`
                // when it is built).
                Grant::DamageTaken(_)
                | Grant::InsteadOfCemetery(_)
                | Grant::DeclaredKeywords(_) => {}
                Grant::BecomesType(card_type) => {
                    let def = db.get(self.current_def_id(card));
                    becomes_type(out, *card_type, def);
                }
            }
        }
    }

    /// Whether `source`'s passive reaches `card` where both are (its scope,
    /// and the zones it works in), its condition aside. `source_works`:
    /// the source's abilities work where it is.
    pub(super) fn passive_reaches(
        &self,
        db: &CardDb,
        source: CardRef,
        passive: &crate::cards::PassiveDef,
        card: CardRef,
        source_works: bool,
    ) -> bool {
        let target = self.card(card);
        let source_state = self.card(source);
        let owner = source_state.controller;
        let applies = match &passive.scope {
            PassiveScope::ThisCard => source == card,
            PassiveScope::OtherAlliesOnField(filter) => {
                source_works
                    && source != card
                    && target.zone == Zone::Field
                    && target.controller == owner
                    && self.matches_with(db, card, filter, Some(source), false)
            }
            PassiveScope::AlliesOnField(filter) => {
                source_works
                    && target.zone == Zone::Field
                    && target.controller == owner
                    && self.matches_with(db, card, filter, Some(source), false)
            }
            PassiveScope::EnemiesOnField(filter) => {
                source_works
                    && target.zone == Zone::Field
                    && target.controller != owner
                    && self.matches_with(db, card, filter, Some(source), false)
            }
            PassiveScope::AlliesInHand(filter) => {
                source_works
                    && target.zone == Zone::Hand
                    && target.owner == owner
                    && self.matches_with(db, card, filter, Some(source), false)
            }
            PassiveScope::AlliesIn(zones, filter) => {
                source_works
                    && zones.names(target.zone)
                    && target.owner == owner
                    && self.matches_with(db, card, filter, Some(source), false)
            }
            PassiveScope::Equipped => {
                source_works && source_state.linked_to == Some(card) && target.zone == Zone::Field
            }
            // The follower's own ability: gone with its abilities.
            PassiveScope::EquippedHas => {
                source_works
                    && source_state.linked_to == Some(card)
                    && target.zone == Zone::Field
                    && !self.lost_abilities(db, card)
            }
        };
        // A ThisCard passive works only on the field, except cost
        // changes, "can't be played from the EX area" (a condition for
        // playing it, later-sets §7) and "you may play this card from your
        // cemetery (if ...)" (§12.12), which work where the card is played
        // from.
        let zone_ok = match (&passive.scope, &passive.grant) {
            // Not in the cemetery, where only "you may play this card from
            // your cemetery" works.
            (PassiveScope::ThisCard, Grant::Cost(_) | Grant::CostBy(_)) => {
                target.zone != Zone::Cemetery
            }
            (PassiveScope::ThisCard, Grant::Keywords(k))
                if *k == Keywords::CANNOT_BE_PLAYED_FROM_EX
                    || *k == Keywords::PLAYABLE_FROM_CEMETERY =>
            {
                true
            }
            (PassiveScope::ThisCard, _) => source_works,
            _ => true,
        };
        applies && zone_ok
    }

    pub(super) fn passive_condition(
        &self,
        db: &CardDb,
        source: CardRef,
        player: PlayerId,
        condition: &PassiveCondition,
    ) -> bool {
        match condition {
            PassiveCondition::Always => true,
            PassiveCondition::YourTurn => self.active == player,
            PassiveCondition::OpponentTurn => self.active != player,
            PassiveCondition::Overflow => self.overflow(player),
            PassiveCondition::Combo(n) => self.combo(player) >= u32::from(*n),
            PassiveCondition::Spellchain(n) => self.spellchain(db, player) >= u32::from(*n),
            PassiveCondition::Necrocharge(n) => self.necrocharge(player, u32::from(*n)),
            PassiveCondition::Sanguine => self.sanguine(player),
            PassiveCondition::Value(value) => self.eval_value(db, value, source, player) > 0,
        }
    }
}

/// Where a passive is being applied (`apply_passives_of`): its source and
/// the source's controller, whether the source's abilities work where it
/// is, the card read, and what came before the passives.
#[derive(Clone, Copy)]
struct PassiveAt {
    source: CardRef,
    owner: PlayerId,
    source_works: bool,
    card: CardRef,
    applied: Applied,
}

/// The passive abilities of one card ([`GameState::passives_of`]): its
/// definition's, by index, and the declared keywords with passives it has.
/// (Walked with a callback, not an iterator: this runs for every card and
/// source at every reading, and debug builds, which CI's instruction guard
/// counts, run iterator adapters unoptimised.)
#[derive(Clone, Copy)]
pub(super) struct Passives<'a> {
    def: &'a CardDef,
    own: &'a [u8],
    keywords: Keywords,
}

impl<'a> Passives<'a> {
    /// Whether the card has none.
    // Inlined: asked for every source of every card read (docs/performance.md).
    #[inline(always)]
    pub(super) fn is_empty(&self) -> bool {
        self.own.is_empty() && self.keywords.is_empty()
    }

    /// Calls `each` with every passive, the card's own first (`None`),
    /// then each declared keyword's (`Some(n)`).
    // Inlined: asked for every source of every card read (docs/performance.md).
    #[inline(always)]
    pub(super) fn for_each(
        &self,
        db: &'a CardDb,
        mut each: impl FnMut(Option<u8>, &'a PassiveDef),
    ) {
        passives_in(self.def, self.own, &mut |passive| each(None, passive));
        if !self.keywords.is_empty() {
            for n in self.keywords.declared_numbers() {
                let def = CardDb::keyword_def(n);
                passives_in(db.get(def), db.passive_abilities(def), &mut |passive| {
                    each(Some(n), passive)
                });
            }
        }
    }
}

/// Calls `each` with the passive abilities of `def` at `indices`.
// Inlined: asked for every source of every card read (docs/performance.md).
#[inline(always)]
fn passives_in<'a>(def: &'a CardDef, indices: &[u8], each: &mut impl FnMut(&'a PassiveDef)) {
    for &idx in indices {
        if let Some(AbilityKind::Passive(passive)) =
            def.abilities.get(usize::from(idx)).map(|a| &a.kind)
        {
            each(passive);
        }
    }
}

/// Whether every passive of a definition is plain: always on, with a
/// fixed grant, so that what it gives depends only on its card and the
/// card it reaches (`cache.rs`).
pub(super) fn plain_passives(db: &CardDb, def_id: crate::engine::DefId) -> bool {
    let def = db.get(def_id);
    db.passive_abilities(def_id).iter().all(|&idx| {
        matches!(
            def.abilities.get(usize::from(idx)).map(|a| &a.kind),
            Some(AbilityKind::Passive(passive))
                if matches!(passive.condition, PassiveCondition::Always)
                    && !matches!(passive.grant, Grant::CostBy(_))
        )
    })
}
