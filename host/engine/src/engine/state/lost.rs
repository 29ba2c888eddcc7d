//! "Loses all abilities" (later-sets §12.2, §12.5 Boxed): whether a card
//! has lost them (printed, by an effect, or by a passive in play) and
//! when it last did, on the clock of effects' timestamps, so that what is
//! given afterwards (an effect's keywords, the passives of cards that
//! arrived later, [`CardState::since`]) works. `query.rs` applies it when
//! it works out characteristics.

use super::{EffectKind, GameState};
use crate::cards::{AbilityKind, CardDb, Grant, Keywords};
use crate::engine::ids::CardRef;

impl GameState {
    /// Whether a card has lost all its abilities (later-sets §12.2), printed
    /// or by an effect: its passives stop, its triggered and activated
    /// abilities are gone (abilities given afterwards work).
    pub fn lost_abilities(&self, db: &CardDb, card: CardRef) -> bool {
        // Asked for every passive source at every reading: the pool-wide
        // answers first.
        (db.may_print(Keywords::LOSES_ALL_ABILITIES)
            && self
                .current_def(db, card)
                .keywords
                .contains(Keywords::LOSES_ALL_ABILITIES))
            || (!self.effects.is_empty()
                && self.effects_on(card).any(|kind| {
                    matches!(kind, EffectKind::Keywords(k)
                        if k.intersects(Keywords::LOSES_ALL_ABILITIES | Keywords::BOXED))
                }))
    }

    /// When a card last lost all its abilities, on the clock of effects'
    /// timestamps (later-sets §12.2): the last effect that took them, or
    /// the arrival of the last card whose passive takes them (each loss
    /// takes what came before it). What the passives of cards that
    /// arrived later ([`CardState::since`]) give it works; `u32::MAX` when
    /// they are printed lost, so no other card's passive gives it anything.
    ///
    /// [`CardState::since`]: super::CardState::since
    pub(super) fn abilities_lost_at(&self, db: &CardDb, card: CardRef) -> u32 {
        let printed = db.may_print(Keywords::LOSES_ALL_ABILITIES)
            && self
                .current_def(db, card)
                .keywords
                .contains(Keywords::LOSES_ALL_ABILITIES);
        if printed {
            return u32::MAX;
        }
        let object = self.card(card).object;
        let by_effect = self
            .effects
            .iter()
            .filter(|e| {
                e.card == card
                    && e.object == object
                    && matches!(e.kind, EffectKind::Keywords(k)
                        if k.intersects(Keywords::LOSES_ALL_ABILITIES | Keywords::BOXED))
            })
            .map(|e| e.timestamp)
            .max();
        let by_passive = self.passive_loss(db, card).map(|(at, _)| at);
        by_effect.max(by_passive).unwrap_or(u32::MAX)
    }

    /// The loss of all abilities passives in play give `card`: the arrival
    /// of the last card whose passive takes them, with the keywords they
    /// give (`LOSES_ALL_ABILITIES`, `BOXED`). `None` at once in a pool
    /// without such a passive.
    pub(super) fn passive_loss(&self, db: &CardDb, card: CardRef) -> Option<(u32, Keywords)> {
        // Asked at every working out of characteristics: the pool-wide
        // answer first, without building the search.
        if !db.has_ability_loss_passives() {
            return None;
        }
        self.passives_taking_abilities(db, card)
            .fold(None, |loss, (source, bits)| {
                let at = self.card(source).since;
                Some(match loss {
                    Some((was, had)) => (at.max(was), had | bits),
                    None => (at, bits),
                })
            })
    }

    /// Whether a card has lost all its abilities in any way: printed, by an
    /// effect ([`GameState::lost_abilities`]) or by a passive in play
    /// ("enemy followers lose all abilities"). The passives are read
    /// without the cache, so this holds in the middle of a change too
    /// (where triggers are collected), and only in a pool that has such a
    /// passive.
    pub fn lost_abilities_now(&self, db: &CardDb, card: CardRef) -> bool {
        self.lost_abilities(db, card) || self.lost_to_a_passive(db, card)
    }

    /// Whether a passive in play takes all of a card's abilities (or boxes
    /// it). Read from the passives themselves, each reaching the card by
    /// its scope and condition as they read it (without passives), so it
    /// never depends on another passive's result and can be asked while
    /// passives are applied; `false` at once in a pool without such a
    /// passive.
    #[inline(always)]
    pub(crate) fn lost_to_a_passive(&self, db: &CardDb, card: CardRef) -> bool {
        // Asked for every passive source at every reading: the pool-wide
        // answer first, inlined, without building the search.
        db.has_ability_loss_passives() && self.taken_by_a_passive(db, card)
    }

    /// [`GameState::lost_to_a_passive`]'s search, in a pool with such a
    /// passive.
    fn taken_by_a_passive(&self, db: &CardDb, card: CardRef) -> bool {
        self.passives_taking_abilities(db, card).next().is_some()
    }

    /// The cards whose passive in play takes all of `card`'s abilities (or
    /// boxes it), each with the loss keywords its passives give, as
    /// [`GameState::lost_to_a_passive`] reads them; none at once in a pool
    /// without such a passive.
    fn passives_taking_abilities<'s>(
        &'s self,
        db: &'s CardDb,
        card: CardRef,
    ) -> impl Iterator<Item = (CardRef, Keywords)> + 's {
        const LOSS: Keywords = Keywords::LOSES_ALL_ABILITIES.union(Keywords::BOXED);
        // Without such a passive in the pool, no look at the zones.
        let sources = db
            .has_ability_loss_passives()
            .then(|| self.passive_sources_iter(db));
        sources.into_iter().flatten().filter_map(move |source| {
            let def_id = self.current_def_id(source);
            let def = db.get(def_id);
            let works = self.abilities_work_here(db, source);
            let controller = self.card(source).controller;
            let bits = db
                .passive_abilities(def_id)
                .iter()
                .filter_map(
                    |&idx| match def.abilities.get(usize::from(idx)).map(|a| &a.kind) {
                        Some(AbilityKind::Passive(passive)) => match passive.grant {
                            Grant::Keywords(k)
                                if k.intersects(LOSS)
                                    && self.passive_reaches(db, source, passive, card, works)
                                    && self.passive_condition(
                                        db,
                                        source,
                                        controller,
                                        &passive.condition,
                                    ) =>
                            {
                                Some(k & LOSS)
                            }
                            _ => None,
                        },
                        _ => None,
                    },
                )
                .fold(Keywords::empty(), |all, k| all | k);
            (!bits.is_empty()).then_some((source, bits))
        })
    }
}

/// What applying passives to one card needs to know of what came before
/// them (`characteristics_from`, `passive_gifts`).
#[derive(Clone, Copy)]
pub(super) struct Applied {
    /// When the card last lost all its abilities, if it has lost them.
    pub(super) lost_at: Option<u32>,
    /// A loss of all abilities by passives was applied with the effects.
    pub(super) loss_applied: bool,
}

impl Applied {
    /// Whether a keyword gift of a passive dating from `since` reaches the
    /// card: it has its abilities, the passive is its equipment's own, or
    /// the passive began to apply after the card last lost them
    /// (later-sets §12.2, §5.2). A passive dates from its card's arrival,
    /// or, for a declared keyword's passive, from when the card got the
    /// keyword (`GameState::passive_since`).
    /// `since` is asked only when the card lost its abilities.
    pub(super) fn keeps_since(self, since: impl FnOnce() -> u32, kept_through_loss: bool) -> bool {
        self.lost_at
            .is_none_or(|at| kept_through_loss || since() > at)
    }
}
