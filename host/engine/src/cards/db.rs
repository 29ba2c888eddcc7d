//! The card database: every card definition the loaded packs provide,
//! indexed by id and by name.
//!
//! Besides the lookups (and evolved cards by their base card's name), it
//! keeps per definition what the hot paths ask before they read a card's
//! abilities: its passive abilities (every characteristics query), its
//! trigger kinds (`trigger_kinds.rs`, after every event) and the zones its
//! activated abilities work from (`activations.rs`, at every legal-action
//! listing); and over all definitions, the keywords some passive gives and
//! whether a passive may lower a cost. Its content fingerprint, which
//! replays record, covers what plays and leaves out what is only shown
//! (card and ability text, a translated name), so the language never breaks
//! a replay.

use super::{Activations, CardDef, CardType, Keywords, TriggerKinds};
use crate::engine::DefId;
use rustc_hash::FxHashMap;
use std::collections::HashMap;

/// Errors building a [`CardDb`].
#[derive(Debug, thiserror::Error)]
pub enum CardDbError {
    /// Two definitions share one id.
    #[error("card id `{0}` is defined twice")]
    DuplicateId(String),
    /// More definitions than ids fit.
    #[error("too many card definitions ({0}); the limit is 65535")]
    TooMany(usize),
    /// A definition has more abilities than a card can track.
    #[error("card `{id}` has {count} abilities; at most {MAX_ABILITIES}")]
    TooManyAbilities {
        /// The card id.
        id: String,
        /// How many abilities it has.
        count: usize,
    },
}

/// The most abilities one card definition may have: a card's state keeps
/// one bit per ability for its once-per-turn uses
/// ([`AbilityUses`](crate::engine::state::AbilityUses)).
pub const MAX_ABILITIES: usize = 64;

/// What a reload changed, by card id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardChanges {
    /// Definitions that differ from before.
    pub changed: Vec<String>,
    /// New ids.
    pub added: Vec<String>,
    /// Ids no longer defined (kept with their last definition).
    pub removed: Vec<String>,
}

impl CardChanges {
    /// Whether nothing changed.
    pub fn is_empty(&self) -> bool {
        self.changed.is_empty() && self.added.is_empty() && self.removed.is_empty()
    }
}

/// All card definitions of a match. Cheap to share (`Arc<CardDb>`).
#[derive(Debug, Default, Clone)]
pub struct CardDb {
    defs: Vec<CardDef>,
    /// Card id → definition (looked up at every call into card code).
    by_id: FxHashMap<String, DefId>,
    evolved_by_base_name: HashMap<String, Vec<DefId>>,
    /// Per definition, the indices of its passive abilities (most cards
    /// have none): characteristics scan these on every query.
    passive_abilities: Vec<Box<[u8]>>,
    /// Per definition, the kinds of its automatic abilities' triggers:
    /// collecting triggers passes over a card none of whose kinds an event
    /// could set off.
    trigger_kinds: Vec<TriggerKinds>,
    /// Every definition's kinds together.
    all_trigger_kinds: TriggerKinds,
    /// Per definition, where its activated abilities work from: legal
    /// actions pass over a card without one there.
    activations: Vec<Activations>,
    /// Every definition's together.
    all_activations: Activations,
    /// Every keyword some definition's passive gives.
    passive_keywords: Keywords,
    /// Some definition's passive may lower a cost.
    passive_lowers_costs: bool,
    fingerprint: u64,
    /// Some definition has a passive ability.
    has_passives: bool,
    /// This database's number among those the process built (see
    /// [`CardDb::serial`]); 0 for the empty default.
    serial: u64,
}

/// The serial number the next database built gets.
static NEXT_SERIAL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl CardDb {
    /// Builds a database; ids must be unique.
    pub fn new(defs: Vec<CardDef>) -> Result<CardDb, CardDbError> {
        if defs.len() >= u16::MAX as usize {
            return Err(CardDbError::TooMany(defs.len()));
        }
        let mut by_id = FxHashMap::with_capacity_and_hasher(defs.len(), Default::default());
        let mut evolved_by_base_name: HashMap<String, Vec<DefId>> = HashMap::new();
        for (idx, def) in defs.iter().enumerate() {
            // OK: the length was checked against u16::MAX above.
            let id = DefId(idx as u16);
            if by_id.insert(def.id.clone(), id).is_some() {
                return Err(CardDbError::DuplicateId(def.id.clone()));
            }
            if def.abilities.len() > MAX_ABILITIES {
                return Err(CardDbError::TooManyAbilities {
                    id: def.id.clone(),
                    count: def.abilities.len(),
                });
            }
            if def.card_type == CardType::EvolvedFollower {
                evolved_by_base_name
                    .entry(def.base_name().to_owned())
                    .or_default()
                    .push(id);
            }
        }
        let fingerprint = fingerprint_of(&defs);
        let passive_abilities: Vec<Box<[u8]>> = defs
            .iter()
            .map(|def| {
                def.abilities
                    .iter()
                    .enumerate()
                    .filter(|(_, a)| matches!(a.kind, super::AbilityKind::Passive(_)))
                    // OK: a card has at most MAX_ABILITIES (checked above).
                    .filter_map(|(idx, _)| u8::try_from(idx).ok())
                    .collect()
            })
            .collect();
        let has_passives = passive_abilities.iter().any(|list| !list.is_empty());
        let trigger_kinds: Vec<TriggerKinds> = defs
            .iter()
            .map(|def| {
                TriggerKinds::of_all(def.abilities.iter().filter_map(|a| match &a.kind {
                    super::AbilityKind::Triggered(trigger) => Some(trigger),
                    _ => None,
                }))
            })
            .collect();
        let all_trigger_kinds = trigger_kinds
            .iter()
            .fold(TriggerKinds::NONE, |all, kinds| all.with(*kinds));
        let activations: Vec<Activations> = defs
            .iter()
            .map(|def| Activations::of(&def.abilities))
            .collect();
        let all_activations = activations
            .iter()
            .fold(Activations::default(), |all, zones| all.with(*zones));
        let passive_keywords = defs
            .iter()
            .flat_map(|def| &def.abilities)
            .filter_map(|a| match &a.kind {
                super::AbilityKind::Passive(passive) => match passive.grant {
                    super::Grant::Keywords(keywords) => Some(keywords),
                    _ => None,
                },
                _ => None,
            })
            .fold(Keywords::empty(), |all, keywords| all | keywords);
        let passive_lowers_costs =
            defs.iter()
                .flat_map(|def| &def.abilities)
                .any(|a| match &a.kind {
                    super::AbilityKind::Passive(passive) => match passive.grant {
                        super::Grant::Cost(delta) => delta < 0,
                        super::Grant::CostBy(_) => true,
                        _ => false,
                    },
                    _ => false,
                });
        Ok(CardDb {
            has_passives,
            passive_keywords,
            passive_lowers_costs,
            activations,
            all_activations,
            trigger_kinds,
            all_trigger_kinds,
            defs,
            by_id,
            evolved_by_base_name,
            passive_abilities,
            fingerprint,
            serial: NEXT_SERIAL.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        })
    }

    /// A number no other database built by this process has (clones share
    /// it: a database never changes once built). A state's cached
    /// characteristics are keyed by it, so a state read with another
    /// database (after a hot reload) works them out again.
    pub fn serial(&self) -> u64 {
        self.serial
    }

    /// Whether any definition has a passive ability: without one, a card's
    /// characteristics depend on the card alone and are cheap to work
    /// out, so states don't cache them (`engine/state/cache.rs`).
    pub fn has_passives(&self) -> bool {
        self.has_passives
    }

    /// The kinds of trigger a definition's automatic abilities have.
    pub fn trigger_kinds(&self, id: DefId) -> TriggerKinds {
        self.trigger_kinds
            .get(usize::from(id.0))
            .copied()
            .unwrap_or(TriggerKinds::NONE)
    }

    /// Where a definition's activated abilities work from.
    pub fn activations(&self, id: DefId) -> Activations {
        self.activations
            .get(usize::from(id.0))
            .copied()
            .unwrap_or_default()
    }

    /// Where any definition's activated abilities work from.
    pub fn all_activations(&self) -> Activations {
        self.all_activations
    }

    /// Every keyword some definition's passive gives (a card without a
    /// keyword printed or given by an effect can have it only if this
    /// holds it).
    pub fn passive_keywords(&self) -> Keywords {
        self.passive_keywords
    }

    /// Whether some definition's passive may lower a card's cost (a card
    /// no effect makes cheaper costs at least its printed cost unless this
    /// holds).
    pub fn passive_lowers_costs(&self) -> bool {
        self.passive_lowers_costs
    }

    /// The kinds of trigger any definition has.
    pub fn all_trigger_kinds(&self) -> TriggerKinds {
        self.all_trigger_kinds
    }

    /// The indices of a definition's passive abilities.
    pub fn passive_abilities(&self, id: DefId) -> &[u8] {
        self.passive_abilities
            .get(usize::from(id.0))
            .map_or(&[], |list| list)
    }

    /// The definition behind an id of this database.
    ///
    /// Panics if `id` did not come from this database.
    pub fn get(&self, id: DefId) -> &CardDef {
        &self.defs[id.idx()]
    }

    /// Looks a card up by its official id.
    pub fn by_card_id(&self, card_id: &str) -> Option<DefId> {
        self.by_id.get(card_id).copied()
    }

    /// Looks a card up by exact name (the first definition with that name).
    pub fn by_name(&self, name: &str) -> Option<DefId> {
        self.defs
            .iter()
            .position(|d| d.name == name)
            .map(|i| DefId(i as u16))
    }

    /// Evolved cards that evolve a follower with this base name.
    pub fn evolved_for(&self, base_name: &str) -> &[DefId] {
        self.evolved_by_base_name
            .get(base_name)
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }

    /// Every definition with its id.
    pub fn iter(&self) -> impl Iterator<Item = (DefId, &CardDef)> {
        self.defs
            .iter()
            .enumerate()
            .map(|(i, d)| (DefId(i as u16), d))
    }

    /// Number of definitions.
    pub fn len(&self) -> usize {
        self.defs.len()
    }

    /// Whether the database is empty.
    pub fn is_empty(&self) -> bool {
        self.defs.is_empty()
    }

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
        Ok((CardDb::new(merged)?, changes))
    }

    /// A content hash of every definition: replays record it so that a
    /// replay made with different card data is detected.
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// The fingerprint replay formats 1 and 2 recorded: every definition
    /// with its text. Computed on demand (only old replays ask for it).
    pub fn fingerprint_with_text(&self) -> u64 {
        fnv_of(self.defs.iter())
    }
}

/// FNV-1a over the postcard encoding of the definitions: stable across runs
/// and platforms, which `std`'s hasher does not promise. What is shown and
/// never played (card and ability text, a translated name) is left out, so
/// the language cards are shown in never changes the fingerprint.
fn fingerprint_of(defs: &[CardDef]) -> u64 {
    let rules = defs.iter().map(|def| {
        let mut rules = def.clone();
        rules.text.clear();
        rules.shown_name = None;
        for ability in &mut rules.abilities {
            ability.text.clear();
        }
        rules
    });
    let rules: Vec<CardDef> = rules.collect();
    fnv_of(rules.iter())
}

/// FNV-1a over the definitions' postcard encodings.
fn fnv_of<'a>(defs: impl Iterator<Item = &'a CardDef>) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for def in defs {
        // OK: serialising plain data into a Vec cannot fail.
        let bytes = postcard::to_allocvec(def).unwrap_or_default();
        for byte in bytes {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::{CardDb, CardDbError, MAX_ABILITIES};
    use crate::cards::{AbilityDef, AbilityKind};

    #[test]
    fn a_card_with_more_abilities_than_a_card_can_track_is_refused() {
        let mut cards = crate::board::fixtures::test_cards();
        let spell = AbilityDef {
            name: "Spell".to_owned(),
            kind: AbilityKind::Spell,
            costs: Vec::new(),
            once_per_turn: false,
            text: String::new(),
        };
        cards[0].abilities = vec![spell; MAX_ABILITIES + 1];
        let id = cards[0].id.clone();
        match CardDb::new(cards) {
            Err(CardDbError::TooManyAbilities { id: named, count }) => {
                assert_eq!((named, count), (id, MAX_ABILITIES + 1));
            }
            other => panic!("expected a refusal, got {other:?}"),
        }
    }
}
