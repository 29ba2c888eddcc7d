//! The card pool a running match switches to after a hot reload: ids keep
//! their [`DefId`](crate::engine::DefId)s, declarations keep their numbers
//! by name, and the fresh cards' declared keywords and counters are
//! numbered as kept.

use super::{CardChanges, CardDb, CardDbError};
use crate::cards::{
    AbilityDef, AbilityKind, CardDef, CostItem, Counter, Declarations, Grant, Keywords,
};
use std::collections::HashMap;

impl CardDb {
    /// The database a running match switches to after a reload: every id
    /// already here keeps its [`DefId`] (so the match's state stays valid),
    /// definitions present in `defs` replace the old ones, new ids are
    /// appended, and ids missing from `defs` keep their last definition
    /// (reported as removed).
    pub fn updated(&self, defs: Vec<CardDef>) -> Result<(CardDb, CardChanges), CardDbError> {
        let mut changes = CardChanges::default();
        let mut merged = self.defs.clone();
        let mut incoming: HashMap<String, CardDef> = HashMap::with_capacity(defs.len());
        let mut order = Vec::with_capacity(defs.len());
        for def in defs {
            order.push(def.id.clone());
            if incoming.insert(def.id.clone(), def).is_some() {
                return Err(CardDbError::DuplicateId(order.pop().unwrap_or_default()));
            }
        }
        for slot in &mut merged {
            match incoming.remove(&slot.id) {
                Some(def) => {
                    if def != *slot {
                        changes.changed.push(def.id.clone());
                        *slot = def;
                    }
                }
                None => changes.removed.push(slot.id.clone()),
            }
        }
        for id in order {
            if let Some(def) = incoming.remove(&id) {
                changes.added.push(def.id.clone());
                merged.push(def);
            }
        }
        Ok((
            CardDb::with_declarations(
                merged,
                Declarations {
                    keywords: self.keywords.clone(),
                    counters: self.counters.clone(),
                    token_kinds: self.token_kinds.clone(),
                },
            )?,
            changes,
        ))
    }

    /// [`CardDb::updated`] to the cards and declarations of a database
    /// built afresh (a reload): declared keywords and counters keep their
    /// numbers by name, new ones are numbered after them, and ones no
    /// longer declared keep their last declaration (a running match may
    /// still hold them).
    pub fn updated_from(&self, fresh: &CardDb) -> Result<(CardDb, CardChanges), CardDbError> {
        let mut keywords = self.keywords.clone();
        for keyword in fresh.declared_keywords() {
            match keywords.iter_mut().find(|k| k.name == keyword.name) {
                Some(slot) => *slot = keyword.clone(),
                None => keywords.push(keyword.clone()),
            }
        }
        let mut counters = self.counters.clone();
        for counter in fresh.declared_counters() {
            match counters.iter_mut().find(|c| c.name == counter.name) {
                Some(slot) => *slot = counter.clone(),
                None => counters.push(counter.clone()),
            }
        }
        let mut token_kinds = self.token_kinds.clone();
        for kind in &fresh.token_kinds {
            match token_kinds.iter_mut().find(|k| k.name == kind.name) {
                Some(slot) => *slot = kind.clone(),
                None => token_kinds.push(kind.clone()),
            }
        }
        // The fresh cards' declared counters were numbered in the fresh
        // pool: number them as kept.
        let kept_number = |kind: Counter| match kind {
            Counter::Declared(_) => counters
                .iter()
                .position(|c| c.name == fresh.counter_name(kind))
                // OK: at most MAX_DECLARED_COUNTERS (64) fresh ones are
                // added to the kept ones; `updated` checks the total.
                .map_or(kind, |n| Counter::Declared(n as u8)),
            builtin => builtin,
        };
        // So were their declared keywords, printed and given by continuous
        // abilities (by name, made bits when the fresh pool was built).
        let kept_keyword: Vec<Option<u8>> = fresh
            .keywords
            .iter()
            .map(|fresh_one| {
                // OK: at most MAX_DECLARED_KEYWORDS (64), checked when built.
                keywords
                    .iter()
                    .position(|k| k.name == fresh_one.name)
                    .map(|n| n as u8)
            })
            .collect();
        let renumber = |abilities: &mut [AbilityDef]| {
            for ability in abilities {
                if let AbilityKind::Passive(passive) = &mut ability.kind
                    && let Grant::Keywords(k) = &mut passive.grant
                {
                    *k = kept_numbers(*k, &kept_keyword);
                }
            }
        };
        for keyword in &mut keywords {
            if fresh.keywords.iter().any(|k| k.name == keyword.name) {
                renumber(&mut keyword.abilities);
            }
        }
        let defs = fresh
            .iter()
            .map(|(_, def)| {
                let mut def = def.clone();
                def.keywords = kept_numbers(def.keywords, &kept_keyword);
                renumber(&mut def.abilities);
                for (kind, _) in &mut def.initial_counters {
                    *kind = kept_number(*kind);
                }
                let costs = def.abilities.iter_mut().flat_map(|a| a.costs.iter_mut());
                for cost in costs {
                    if let CostItem::RemoveCounters(kind, _) = cost {
                        *kind = kept_number(*kind);
                    }
                }
                def
            })
            .collect();
        let kept = CardDb {
            keywords,
            counters,
            token_kinds,
            ..self.clone()
        };
        kept.updated(defs)
    }
}

/// `keywords` with its declared keywords numbered by `kept` (fresh number
/// n is kept number `kept[n]`; one the kept pool lacks is dropped) and its
/// built-in ones as they are.
fn kept_numbers(keywords: Keywords, kept: &[Option<u8>]) -> Keywords {
    let builtin = Keywords::from_builtin(keywords.builtin_bits());
    keywords
        .declared_numbers()
        .filter_map(|n| kept.get(usize::from(n)).copied().flatten())
        .fold(builtin, |all, n| all | Keywords::declared(n))
}
