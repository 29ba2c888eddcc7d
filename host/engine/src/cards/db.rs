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

use super::declared::{
    Declarations, DeclaredCounter, DeclaredKeyword, DeclaredTokenKind, MAX_DECLARED_COUNTERS,
    MAX_DECLARED_KEYWORDS, TokenRules, resolve_declared_grants,
};
use super::{Activations, CardDef, CardType, Counter, Keywords, TriggerKinds};
use crate::engine::DefId;
use crate::engine::state::DECLARED_KINDS_PER_CARD;
use rustc_hash::FxHashMap;

mod reload;

/// Errors building a [`CardDb`].
#[derive(Debug, thiserror::Error)]
pub enum CardDbError {
    /// Two definitions share one id.
    #[error("card id `{0}` is defined twice")]
    DuplicateId(String),
    /// More definitions than ids fit.
    #[error("too many card definitions ({0}); the limit is {KEYWORD_DEF_BASE}")]
    TooMany(usize),
    /// More declared keywords than a card pool can number.
    #[error("{0} declared keywords; a card pool can have at most {MAX_DECLARED_KEYWORDS}")]
    TooManyKeywords(usize),
    /// Two declarations of one keyword name.
    #[error("keyword `{0}` is declared twice")]
    DuplicateKeyword(String),
    /// A declaration the engine can't play.
    #[error("{0}")]
    UnsupportedKeyword(String),
    /// A card names a keyword no declaration in the pool declares.
    #[error("card `{card}` has the keyword `{keyword}`, which no loaded pack declares")]
    UnknownKeyword {
        /// The card id.
        card: String,
        /// The keyword's name.
        keyword: String,
    },
    /// More declared counter kinds than a card pool can number.
    #[error("{0} declared counters; a card pool can have at most {MAX_DECLARED_COUNTERS}")]
    TooManyCounters(usize),
    /// Two declarations of one counter name.
    #[error("counter `{0}` is declared twice")]
    DuplicateCounter(String),
    /// A counter declaration the pool can't have.
    #[error("{0}")]
    UnsupportedCounter(String),
    /// A card enters with counters of a kind no declaration in the pool
    /// declares.
    #[error("card `{card}` uses `{counter}` counters, a kind no loaded pack declares")]
    UnknownCounter {
        /// The card id.
        card: String,
        /// The counter's name.
        counter: String,
    },
    /// Two declarations of one token kind name.
    #[error("token kind `{0}` is declared twice")]
    DuplicateTokenKind(String),
    /// A token kind declaration the pool can't have.
    #[error("{0}")]
    UnsupportedTokenKind(String),
    /// A card names a token kind no declaration in the pool declares, or
    /// is no follower or amulet.
    #[error("card `{card}` is a `{kind}` token, {why}")]
    BadTokenKind {
        /// The card id.
        card: String,
        /// The kind's name.
        kind: String,
        /// What is wrong.
        why: &'static str,
    },
    /// A back face (later-sets §10) that doesn't pair with a front face.
    #[error("card `{card}` is the back face of `{front}`, {why}")]
    BadBackFace {
        /// The back face's id.
        card: String,
        /// The id it names as its front face.
        front: String,
        /// What is wrong.
        why: &'static str,
    },
    /// A definition has more abilities than a card can track.
    #[error("card `{id}` has {count} abilities; at most {MAX_ABILITIES}")]
    TooManyAbilities {
        /// The card id.
        id: String,
        /// How many abilities it has.
        count: usize,
    },
}

/// The [`DefId`] of the pool's declared keyword 0 (keyword n is this +
/// n): the top of the id space, so that cards added by a reload never move
/// a keyword's definition, and a keyword added never moves a card's.
pub const KEYWORD_DEF_BASE: u16 = u16::MAX - MAX_DECLARED_KEYWORDS as u16;

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
    /// Double-faced cards (later-sets §10): front face → back face.
    back_faces: FxHashMap<DefId, DefId>,
    /// Back face → front face.
    front_faces: FxHashMap<DefId, DefId>,
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
    /// Every keyword some definition prints.
    printed_keywords: Keywords,
    /// Some definition's passive may lower a cost.
    passive_lowers_costs: bool,
    fingerprint: u64,
    /// Some definition has a passive ability.
    has_passives: bool,
    /// Whether any card is a token whose abilities work in the EX area (a
    /// crest, later-sets §4, or a declared kind's): only then are EX
    /// areas looked at for abilities.
    has_ex_area_abilities: bool,
    /// Per definition, the rules of its token kind (a crest's, or a
    /// declared kind's); `None` for every other card.
    token_rules: Vec<Option<TokenRules>>,
    /// The pool's declared token kinds.
    token_kinds: Vec<DeclaredTokenKind>,
    /// Whether any card is an equipment token (later-sets §5): only then
    /// are equipment zones looked at for abilities.
    has_equipment: bool,
    /// Whether any passive replaces damage: only then are the passives in
    /// play read when damage is dealt.
    has_damage_passives: bool,
    /// Whether any passive replaces a move to the cemetery: only then are
    /// the passives in play read as cards leave the field.
    has_move_passives: bool,
    /// Whether any passive makes cards lose all their abilities (or boxes
    /// them): only then do triggers and activations read passives for it.
    has_ability_loss_passives: bool,
    /// The pool's declared keywords, by number.
    keywords: Vec<DeclaredKeyword>,
    /// Each declared keyword's abilities as a definition (`DefId`
    /// [`KEYWORD_DEF_BASE`] + its number).
    keyword_defs: Vec<CardDef>,
    /// Per declared keyword, the kinds of its abilities' triggers.
    keyword_trigger_kinds: Vec<TriggerKinds>,
    /// Per declared keyword, where its activated abilities work from.
    keyword_activations: Vec<Activations>,
    /// The declared keywords that have activated abilities.
    keyword_activators: Keywords,
    /// Per declared keyword, the indices of its passive abilities.
    keyword_passive_abilities: Vec<Box<[u8]>>,
    /// The declared keywords that have passive abilities.
    keyword_passives: Keywords,
    /// Whether `keyword_passives` is not empty.
    has_keyword_passives: bool,
    /// Declared keyword name → number.
    keyword_by_name: FxHashMap<String, u8>,
    /// The pool's declared counter kinds, by number.
    counters: Vec<DeclaredCounter>,
    /// This database's number among those the process built (see
    /// [`CardDb::serial`]); 0 for the empty default.
    serial: u64,
}

/// The serial number the next database built gets.
static NEXT_SERIAL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl CardDb {
    /// Builds a database; ids must be unique.
    pub fn new(defs: Vec<CardDef>) -> Result<CardDb, CardDbError> {
        CardDb::with_keywords(defs, Vec::new())
    }

    /// Builds a database with the keywords the pool's packs declare: ids
    /// (cards' and keywords') and keyword names must be unique, every
    /// keyword a card names must be declared, and every declaration one
    /// the engine plays ([`DeclaredKeyword::unsupported`]). Keyword n is
    /// the n-th of `keywords`.
    pub fn with_keywords(
        defs: Vec<CardDef>,
        keywords: Vec<DeclaredKeyword>,
    ) -> Result<CardDb, CardDbError> {
        CardDb::with_declarations(
            defs,
            Declarations {
                keywords,
                ..Declarations::default()
            },
        )
    }

    /// Builds a database with everything the pool's packs declare:
    /// keywords as [`CardDb::with_keywords`] says, and counter kinds, whose
    /// names must be unique and no built-in counter's, and which every
    /// card that enters with such counters must name. Counter kind n is the
    /// n-th of `declarations.counters`.
    pub fn with_declarations(
        mut defs: Vec<CardDef>,
        declarations: Declarations,
    ) -> Result<CardDb, CardDbError> {
        let Declarations {
            mut keywords,
            counters,
            token_kinds,
        } = declarations;
        number_counters(&mut defs, &counters)?;
        let token_rules = token_kind_rules(&mut defs, &token_kinds)?;
        if defs.len() >= usize::from(KEYWORD_DEF_BASE) {
            return Err(CardDbError::TooMany(defs.len()));
        }
        if keywords.len() > MAX_DECLARED_KEYWORDS {
            return Err(CardDbError::TooManyKeywords(keywords.len()));
        }
        let mut keyword_by_name = FxHashMap::default();
        for (n, keyword) in keywords.iter().enumerate() {
            if let Some(why) = keyword.unsupported() {
                return Err(CardDbError::UnsupportedKeyword(why));
            }
            // OK: at most MAX_DECLARED_KEYWORDS (64), checked above.
            if keyword_by_name
                .insert(keyword.name.clone(), n as u8)
                .is_some()
            {
                return Err(CardDbError::DuplicateKeyword(keyword.name.clone()));
            }
        }
        for def in &mut defs {
            for name in &def.declared_keywords {
                let Some(n) = keyword_by_name.get(name) else {
                    return Err(CardDbError::UnknownKeyword {
                        card: def.id.clone(),
                        keyword: name.clone(),
                    });
                };
                def.keywords |= Keywords::declared(*n);
            }
        }
        // Continuous abilities giving declared keywords, by name.
        let with_passives: Vec<bool> = keywords
            .iter()
            .map(|k| {
                k.abilities
                    .iter()
                    .any(|a| matches!(a.kind, super::AbilityKind::Passive(_)))
            })
            .collect();
        for def in &mut defs {
            let problem =
                resolve_declared_grants(&mut def.abilities, &keyword_by_name, &with_passives)
                    .map_err(|keyword| CardDbError::UnknownKeyword {
                        card: def.id.clone(),
                        keyword,
                    })?;
            if let Some(why) = problem
                && def.unplayable.is_none()
            {
                def.unplayable = Some(why);
            }
        }
        for keyword in &mut keywords {
            let problem =
                resolve_declared_grants(&mut keyword.abilities, &keyword_by_name, &with_passives)
                    .map_err(|name| CardDbError::UnknownKeyword {
                    card: keyword.id.clone(),
                    keyword: name,
                })?;
            if let Some(why) = problem {
                return Err(CardDbError::UnsupportedKeyword(format!(
                    "keyword `{}`: {why}",
                    keyword.name
                )));
            }
        }
        let mut by_id = FxHashMap::with_capacity_and_hasher(defs.len(), Default::default());
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
        }
        let (back_faces, front_faces) = pair_faces(&defs, &by_id)?;
        let keyword_defs: Vec<CardDef> = keywords.iter().map(DeclaredKeyword::as_def).collect();
        for def in &keyword_defs {
            if by_id.contains_key(&def.id)
                || keyword_defs.iter().filter(|d| d.id == def.id).count() > 1
            {
                return Err(CardDbError::DuplicateId(def.id.clone()));
            }
        }
        let keyword_trigger_kinds: Vec<TriggerKinds> =
            keyword_defs.iter().map(trigger_kinds_of).collect();
        let fingerprint = fingerprint_of(&defs, &keywords);
        let passive_abilities: Vec<Box<[u8]>> = defs.iter().map(passive_indices).collect();
        let keyword_passive_abilities: Vec<Box<[u8]>> =
            keyword_defs.iter().map(passive_indices).collect();
        // OK: at most MAX_DECLARED_KEYWORDS (64), checked above.
        let keyword_passives = keyword_passive_abilities
            .iter()
            .enumerate()
            .filter(|(_, list)| !list.is_empty())
            .fold(Keywords::empty(), |all, (n, _)| {
                all | Keywords::declared(n as u8)
            });
        let has_passives =
            passive_abilities.iter().any(|list| !list.is_empty()) || !keyword_passives.is_empty();
        // What passives may do is asked of a declared keyword's too: a
        // card with the keyword has them (cards/declared.rs).
        let every_def = || defs.iter().chain(&keyword_defs);
        let trigger_kinds: Vec<TriggerKinds> = defs.iter().map(trigger_kinds_of).collect();
        let all_trigger_kinds = trigger_kinds
            .iter()
            .chain(&keyword_trigger_kinds)
            .fold(TriggerKinds::NONE, |all, kinds| all.with(*kinds));
        let activations: Vec<Activations> = defs
            .iter()
            .map(|def| Activations::of(&def.abilities))
            .collect();
        let keyword_activations: Vec<Activations> = keyword_defs
            .iter()
            .map(|def| Activations::of(&def.abilities))
            .collect();
        // OK: at most MAX_DECLARED_KEYWORDS (64), checked above.
        let keyword_activators = keyword_activations
            .iter()
            .enumerate()
            .filter(|(_, zones)| !zones.is_empty())
            .fold(Keywords::empty(), |all, (n, _)| {
                all | Keywords::declared(n as u8)
            });
        let all_activations = activations
            .iter()
            .chain(&keyword_activations)
            .fold(Activations::default(), |all, zones| all.with(*zones));
        let passive_keywords = every_def()
            .flat_map(|def| &def.abilities)
            .filter_map(|a| match &a.kind {
                super::AbilityKind::Passive(passive) => match passive.grant {
                    super::Grant::Keywords(keywords) => Some(keywords),
                    _ => None,
                },
                _ => None,
            })
            .fold(Keywords::empty(), |all, keywords| all | keywords);
        let printed_keywords = defs
            .iter()
            .fold(Keywords::empty(), |all, def| all | def.keywords);
        let passive_lowers_costs =
            every_def()
                .flat_map(|def| &def.abilities)
                .any(|a| match &a.kind {
                    super::AbilityKind::Passive(passive) => match passive.grant {
                        super::Grant::Cost(delta) => delta < 0,
                        super::Grant::CostBy(_) => true,
                        _ => false,
                    },
                    _ => false,
                });
        let has_ex_area_abilities = token_rules
            .iter()
            .any(|rules| rules.is_some_and(TokenRules::works_in_ex_area));
        let has_equipment = defs.iter().any(|def| def.equipment);
        let has_damage_passives = every_def().flat_map(|def| &def.abilities).any(|a| {
            matches!(&a.kind, super::AbilityKind::Passive(p) if matches!(p.grant, super::Grant::DamageTaken(_)))
        });
        let has_move_passives = every_def().flat_map(|def| &def.abilities).any(|a| {
            matches!(&a.kind, super::AbilityKind::Passive(p) if matches!(p.grant, super::Grant::InsteadOfCemetery(_)))
        });
        let has_ability_loss_passives = every_def().flat_map(|def| &def.abilities).any(|a| {
            matches!(&a.kind, super::AbilityKind::Passive(p)
                if matches!(p.grant, super::Grant::Keywords(k)
                    if k.intersects(Keywords::LOSES_ALL_ABILITIES | Keywords::BOXED)))
        });
        let fingerprint = if token_kinds.is_empty() {
            fingerprint
        } else {
            // A declared kind's rules play: a pool without any keeps the
            // fingerprint it had before kinds could be declared.
            fnv_continue(fingerprint, &token_kinds_rules(&token_kinds))
        };
        Ok(CardDb {
            has_passives,
            has_damage_passives,
            has_move_passives,
            has_ability_loss_passives,
            has_ex_area_abilities,
            token_rules,
            token_kinds,
            has_equipment,
            passive_keywords,
            printed_keywords,
            passive_lowers_costs,
            activations,
            keyword_activations,
            keyword_activators,
            all_activations,
            trigger_kinds,
            all_trigger_kinds,
            defs,
            by_id,
            back_faces,
            front_faces,
            passive_abilities,
            keyword_passive_abilities,
            has_keyword_passives: !keyword_passives.is_empty(),
            keyword_passives,
            fingerprint,
            serial: NEXT_SERIAL.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            keywords,
            keyword_defs,
            keyword_trigger_kinds,
            keyword_by_name,
            counters,
        })
    }

    /// The pool's declared counter kinds, by number.
    pub fn declared_counters(&self) -> &[DeclaredCounter] {
        &self.counters
    }

    /// The declared counter kind with this name.
    pub fn declared_counter(&self, name: &str) -> Option<Counter> {
        let n = self.counters.iter().position(|c| c.name == name)?;
        // OK: at most MAX_DECLARED_COUNTERS (64), checked when built.
        Some(Counter::Declared(n as u8))
    }

    /// A counter kind's name: the built-in name, or the declaring pack's
    /// (`"declared"` for a number the pool doesn't declare).
    pub fn counter_name(&self, counter: Counter) -> &str {
        match counter {
            Counter::Declared(n) => self
                .counters
                .get(usize::from(n))
                .map_or("declared", |c| c.name.as_str()),
            builtin => builtin.name(),
        }
    }

    /// Whether `counter` is a kind this pool has: every built-in one, and
    /// the declared ones it numbers.
    pub fn has_counter(&self, counter: Counter) -> bool {
        match counter {
            Counter::Declared(n) => usize::from(n) < self.counters.len(),
            _ => true,
        }
    }

    /// The pool's declared keywords, by number.
    pub fn declared_keywords(&self) -> &[DeclaredKeyword] {
        &self.keywords
    }

    /// The number of the declared keyword with this name.
    pub fn declared_keyword(&self, name: &str) -> Option<u8> {
        self.keyword_by_name.get(name).copied()
    }

    /// Declared keyword number `n`.
    pub fn declared(&self, n: u8) -> Option<&DeclaredKeyword> {
        self.keywords.get(usize::from(n))
    }

    /// Whether the pool declares any keyword: without one, no card has a
    /// keyword's abilities, and triggers look at cards' own only.
    pub fn has_declared_keywords(&self) -> bool {
        !self.keywords.is_empty()
    }

    /// The definition declared keyword `n`'s abilities run as.
    pub fn keyword_def(n: u8) -> DefId {
        DefId(KEYWORD_DEF_BASE + u16::from(n))
    }

    /// The declared keyword a definition id is the abilities of, if it is
    /// one.
    pub fn keyword_of_def(id: DefId) -> Option<u8> {
        id.0.checked_sub(KEYWORD_DEF_BASE)
            .and_then(|n| u8::try_from(n).ok())
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
    #[inline]
    pub fn has_passives(&self) -> bool {
        self.has_passives
    }

    /// Whether any card of the pool is a token whose abilities work in the
    /// EX area (a crest, later-sets §4, or a declared kind's): without one,
    /// the EX areas hold no card whose abilities work there.
    pub fn has_ex_area_abilities(&self) -> bool {
        self.has_ex_area_abilities
    }

    /// The rules of the token kind a definition is (a crest's, or a
    /// declared kind's), if it is one.
    pub fn token_rules(&self, id: DefId) -> Option<TokenRules> {
        self.token_rules.get(usize::from(id.0)).copied().flatten()
    }

    /// Whether the definition is a token whose abilities work in the EX
    /// area (a crest, or a declared kind that exists only there).
    pub fn works_in_ex_area(&self, id: DefId) -> bool {
        self.token_rules(id)
            .is_some_and(TokenRules::works_in_ex_area)
    }

    /// The pool's declared token kinds.
    pub fn declared_token_kinds(&self) -> &[DeclaredTokenKind] {
        &self.token_kinds
    }

    /// Whether any card of the pool is an equipment token (later-sets §5).
    pub fn has_equipment(&self) -> bool {
        self.has_equipment
    }

    /// Whether any passive of the pool replaces damage (later-sets §11.2).
    pub fn has_damage_passives(&self) -> bool {
        self.has_damage_passives
    }

    /// Whether some card has a passive replacing a move to the cemetery
    /// ([`Grant::InsteadOfCemetery`](super::Grant::InsteadOfCemetery)):
    /// without one, leaving the field reads no passives for it.
    pub fn has_move_passives(&self) -> bool {
        self.has_move_passives
    }

    /// Whether some card has a passive that makes cards lose all their
    /// abilities (later-sets §12.2) or boxes them: without one, only
    /// effects and printed keywords take abilities away.
    #[inline]
    pub fn has_ability_loss_passives(&self) -> bool {
        self.has_ability_loss_passives
    }

    /// Whether the definition's ability is marked `[ub]` (Union Burst,
    /// CR 14.5.1); `false` for an index it has no ability at.
    pub fn is_union_burst(&self, id: DefId, ability: crate::engine::AbilityIdx) -> bool {
        self.get(id)
            .abilities
            .get(usize::from(ability.0))
            .is_some_and(|a| a.union_burst)
    }

    /// The kinds of trigger a definition's automatic abilities have.
    pub fn trigger_kinds(&self, id: DefId) -> TriggerKinds {
        match self.trigger_kinds.get(usize::from(id.0)) {
            Some(kinds) => *kinds,
            None => CardDb::keyword_of_def(id)
                .and_then(|n| self.keyword_trigger_kinds.get(usize::from(n)))
                .copied()
                .unwrap_or(TriggerKinds::NONE),
        }
    }

    /// The kinds of trigger the abilities of a set's declared keywords
    /// have together.
    pub fn declared_trigger_kinds(&self, keywords: Keywords) -> TriggerKinds {
        keywords
            .declared_numbers()
            .filter_map(|n| self.keyword_trigger_kinds.get(usize::from(n)))
            .fold(TriggerKinds::NONE, |all, kinds| all.with(*kinds))
    }

    /// Where a definition's activated abilities (a card's, or a declared
    /// keyword's) work from.
    #[inline]
    pub fn activations(&self, id: DefId) -> Activations {
        // As `passive_abilities`: a card's first.
        let idx = usize::from(id.0);
        if let Some(zones) = self.activations.get(idx) {
            return *zones;
        }
        self.keyword_activations
            .get(idx.wrapping_sub(usize::from(KEYWORD_DEF_BASE)))
            .copied()
            .unwrap_or_default()
    }

    /// The declared keywords that have activated abilities (none in most
    /// pools): a card with one of them may play them.
    #[inline]
    pub fn keyword_activators(&self) -> Keywords {
        self.keyword_activators
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

    /// Whether some continuous ability gives a declared keyword ("your
    /// followers have Overheat"): then a card's declared keywords are read
    /// with the passives in play, not from the card alone.
    #[inline]
    pub fn passives_give_declared_keywords(&self) -> bool {
        self.passive_keywords.declared_bits() != 0
    }

    /// Whether some card of the pool may have `keyword` by its printing
    /// or some definition's passive (not by an effect on it): what a
    /// rule that few cards bring asks before it looks at every card.
    pub fn may_print_or_grant(&self, keyword: Keywords) -> bool {
        (self.printed_keywords | self.passive_keywords).intersects(keyword)
    }

    /// Whether some card of the pool is printed with `keyword`.
    pub fn may_print(&self, keyword: Keywords) -> bool {
        self.printed_keywords.intersects(keyword)
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

    /// The indices of a definition's passive abilities (a card's, or a
    /// declared keyword's).
    #[inline]
    pub fn passive_abilities(&self, id: DefId) -> &[u8] {
        // A card's first (asked for every card at every reading): cards'
        // ids are below KEYWORD_DEF_BASE, keywords' from it.
        let idx = usize::from(id.0);
        if let Some(list) = self.passive_abilities.get(idx) {
            return list;
        }
        self.keyword_passive_abilities
            .get(idx.wrapping_sub(usize::from(KEYWORD_DEF_BASE)))
            .map_or(&[], |list| list)
    }

    /// The declared keywords that have passive abilities (none in most
    /// pools): a card with one of them is a passive source wherever its
    /// abilities work.
    #[inline]
    pub fn keyword_passives(&self) -> Keywords {
        self.keyword_passives
    }

    /// Whether some declared keyword has passive abilities
    /// ([`CardDb::keyword_passives`] is not empty): asked first, on hot
    /// paths.
    #[inline]
    pub fn has_keyword_passives(&self) -> bool {
        self.has_keyword_passives
    }

    /// The definition behind an id of this database.
    ///
    /// Panics if `id` did not come from this database.
    pub fn get(&self, id: DefId) -> &CardDef {
        match self.defs.get(id.idx()) {
            Some(def) => def,
            None => &self.keyword_defs[usize::from(id.0 - KEYWORD_DEF_BASE)],
        }
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

    /// The card names a player may declare (later-sets §12.11, CR 5.33):
    /// every card name of the pool, tokens' included, once each, in
    /// alphabetical order. An evolved card is named as its follower, a
    /// printing's alternate name can't be declared (CR 5.33.1.1), and
    /// neither can a back face's name.
    pub fn declarable_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .defs
            .iter()
            // Back faces are not offered (later-sets §10; plan C8).
            .filter(|def| def.card_type != CardType::Leader && def.back_of.is_none())
            .map(|def| def.base_name().to_owned())
            .collect();
        names.sort_unstable();
        names.dedup();
        names
    }

    /// The back face of a double-faced card's front face (later-sets §10).
    pub fn back_face(&self, front: DefId) -> Option<DefId> {
        self.back_faces.get(&front).copied()
    }

    /// The front face of a double-faced card's back face: the card it is
    /// everywhere but in an evolve zone showing the back (CR 2.14.2.1).
    pub fn front_face(&self, back: DefId) -> Option<DefId> {
        self.front_faces.get(&back).copied()
    }

    /// Whether any card of the pool has two faces.
    pub fn has_double_faces(&self) -> bool {
        !self.back_faces.is_empty()
    }

    /// Every card definition with its id (declared keywords' definitions
    /// are not cards: [`CardDb::declared_keywords`]).
    pub fn iter(&self) -> impl Iterator<Item = (DefId, &CardDef)> {
        self.defs
            .iter()
            .enumerate()
            .map(|(i, d)| (DefId(i as u16), d))
    }

    /// Number of card definitions.
    pub fn len(&self) -> usize {
        self.defs.len()
    }

    /// Whether the database is empty.
    pub fn is_empty(&self) -> bool {
        self.defs.is_empty()
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

/// Checks the pool's token kind declarations and gives each definition the
/// rules of its kind: a crest's (later-sets §4), a declared kind's (by the
/// name the card gives), or none. A card of a kind is a token (CR 9.1);
/// one that may not be on the field is no follower to play, and its
/// abilities work in the EX area, where it lives (CR 10.3.6): an activated
/// ability printed as a permanent's, which would work on the field, works
/// from the EX area.
fn token_kind_rules(
    defs: &mut [CardDef],
    kinds: &[DeclaredTokenKind],
) -> Result<Vec<Option<TokenRules>>, CardDbError> {
    for (n, kind) in kinds.iter().enumerate() {
        if let Some(why) = kind.unsupported() {
            return Err(CardDbError::UnsupportedTokenKind(why));
        }
        if kinds[..n].iter().any(|k| k.name == kind.name) {
            return Err(CardDbError::DuplicateTokenKind(kind.name.clone()));
        }
    }
    let mut all = Vec::with_capacity(defs.len());
    for def in defs.iter_mut() {
        let rules = match (&def.token_kind, def.card_type) {
            (None, CardType::Crest) => Some(TokenRules::CREST),
            (None, _) => None,
            (Some(name), card_type) => {
                let bad = |why| CardDbError::BadTokenKind {
                    card: def.id.clone(),
                    kind: name.clone(),
                    why,
                };
                let Some(kind) = kinds.iter().find(|k| &k.name == name) else {
                    return Err(bad("a kind no loaded pack declares"));
                };
                if !card_type.is_permanent() || def.equipment || def.advanced {
                    return Err(bad(
                        "but only a follower or an amulet (not equipment, not advanced) can be a token of a declared kind",
                    ));
                }
                Some(kind.rules)
            }
        };
        if let Some(rules) = rules {
            def.is_token = true;
            if rules.works_in_ex_area() {
                for ability in &mut def.abilities {
                    if let super::AbilityKind::Activated { zone, .. } = &mut ability.kind
                        && *zone == super::ActivationZone::Field
                    {
                        *zone = super::ActivationZone::ExArea;
                    }
                }
            }
        }
        all.push(rules);
    }
    Ok(all)
}

/// What of the declared token kinds plays: each kind without its
/// reminder.
fn token_kinds_rules(kinds: &[DeclaredTokenKind]) -> Vec<DeclaredTokenKind> {
    kinds
        .iter()
        .map(|kind| DeclaredTokenKind {
            reminder: String::new(),
            ..kind.clone()
        })
        .collect()
}

/// Checks the pool's counter declarations and gives each card that names a
/// declared kind its counters by number.
fn number_counters(defs: &mut [CardDef], counters: &[DeclaredCounter]) -> Result<(), CardDbError> {
    if counters.len() > usize::from(MAX_DECLARED_COUNTERS) {
        return Err(CardDbError::TooManyCounters(counters.len()));
    }
    for (n, counter) in counters.iter().enumerate() {
        if let Some(why) = counter.unsupported() {
            return Err(CardDbError::UnsupportedCounter(why));
        }
        if counters[..n].iter().any(|c| c.name == counter.name) {
            return Err(CardDbError::DuplicateCounter(counter.name.clone()));
        }
    }
    for def in defs {
        let entering = def.declared_counters.iter().filter(|(_, n)| *n > 0).count();
        if entering > DECLARED_KINDS_PER_CARD {
            return Err(CardDbError::UnsupportedCounter(format!(
                "card `{}` enters with {entering} kinds of declared counter; a card carries at most {DECLARED_KINDS_PER_CARD}",
                def.id
            )));
        }
        for (name, count) in &def.declared_counters {
            let Some(n) = counters.iter().position(|c| &c.name == name) else {
                return Err(CardDbError::UnknownCounter {
                    card: def.id.clone(),
                    counter: name.clone(),
                });
            };
            // OK: at most MAX_DECLARED_COUNTERS (64), checked above.
            let kind = Counter::Declared(n as u8);
            // A count of 0 names a kind the card's abilities use.
            if *count > 0 && !def.initial_counters.iter().any(|(k, _)| *k == kind) {
                def.initial_counters.push((kind, *count));
            }
        }
        let playable = def.unplayable.is_none();
        let costs = def.abilities.iter_mut().flat_map(|a| a.costs.iter_mut());
        for cost in costs {
            let super::CostItem::RemoveNamedCounters(name, count) = cost else {
                continue;
            };
            match counters.iter().position(|c| &c.name == name) {
                // OK: at most MAX_DECLARED_COUNTERS (64), checked above.
                Some(n) => {
                    *cost = super::CostItem::RemoveCounters(Counter::Declared(n as u8), *count)
                }
                // A card that can't be played never pays it.
                None if !playable => {}
                None => {
                    return Err(CardDbError::UnknownCounter {
                        card: def.id.clone(),
                        counter: name.clone(),
                    });
                }
            }
        }
    }
    Ok(())
}

/// FNV-1a over the postcard encoding of the definitions: stable across runs
/// and platforms, which `std`'s hasher does not promise. What is shown and
/// never played (card and ability text, a translated name) is left out, so
/// the language cards are shown in never changes the fingerprint.
fn fingerprint_of(defs: &[CardDef], keywords: &[DeclaredKeyword]) -> u64 {
    let rules = defs.iter().map(|def| {
        let mut rules = def.clone();
        rules.text.clear();
        rules.shown_name = None;
        rules.rarity = None;
        rules.alternate_name = None;
        for ability in &mut rules.abilities {
            ability.text.clear();
        }
        rules
    });
    // A declared keyword's rules are its name and abilities.
    let keyword_rules = keywords.iter().map(|keyword| {
        let mut rules = keyword.as_def();
        rules.text.clear();
        for ability in &mut rules.abilities {
            ability.text.clear();
        }
        rules
    });
    let rules: Vec<CardDef> = rules.chain(keyword_rules).collect();
    fnv_of(rules.iter())
}

/// The indices of a definition's passive abilities.
fn passive_indices(def: &CardDef) -> Box<[u8]> {
    def.abilities
        .iter()
        .enumerate()
        .filter(|(_, a)| matches!(a.kind, super::AbilityKind::Passive(_)))
        // OK: a card has at most MAX_ABILITIES (checked when built).
        .filter_map(|(idx, _)| u8::try_from(idx).ok())
        .collect()
}

/// The kinds of trigger a definition's automatic abilities have.
fn trigger_kinds_of(def: &CardDef) -> TriggerKinds {
    TriggerKinds::of_all(def.abilities.iter().filter_map(|a| match &a.kind {
        super::AbilityKind::Triggered(trigger) => Some(trigger),
        _ => None,
    }))
}

/// FNV-1a over the definitions' postcard encodings.
fn fnv_of<'a>(defs: impl Iterator<Item = &'a CardDef>) -> u64 {
    fnv_continue(0xcbf2_9ce4_8422_2325, defs)
}

/// FNV-1a of more items, from the hash of those before them.
fn fnv_continue<'a, T: serde::Serialize + 'a>(
    mut hash: u64,
    items: impl IntoIterator<Item = &'a T>,
) -> u64 {
    for def in items {
        // OK: serialising plain data into a Vec cannot fail.
        let bytes = postcard::to_allocvec(def).unwrap_or_default();
        for byte in bytes {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

/// Front face → back face, and back face → front face.
type FacePairs = (FxHashMap<DefId, DefId>, FxHashMap<DefId, DefId>);

/// Pairs each back face with the front face it names (later-sets §10, CR
/// 2.14): both evolved followers, neither advanced nor a token, one back
/// per front, and a back face no one's front.
fn pair_faces(
    defs: &[CardDef],
    by_id: &FxHashMap<String, DefId>,
) -> Result<FacePairs, CardDbError> {
    let mut back_faces = FxHashMap::default();
    let mut front_faces = FxHashMap::default();
    for (idx, def) in defs.iter().enumerate() {
        let Some(front_id) = &def.back_of else {
            continue;
        };
        let bad = |why| CardDbError::BadBackFace {
            card: def.id.clone(),
            front: front_id.clone(),
            why,
        };
        let Some(&front) = by_id.get(front_id) else {
            return Err(bad("which is not in the pool"));
        };
        let front_def = &defs[front.idx()];
        let is_evolved =
            |d: &CardDef| d.card_type == CardType::EvolvedFollower && !d.advanced && !d.is_token;
        if !is_evolved(def) || !is_evolved(front_def) {
            return Err(bad(
                "but only evolved cards have two faces (both faces evolved followers, neither advanced nor a token)",
            ));
        }
        if front_def.back_of.is_some() {
            return Err(bad("which is itself a back face"));
        }
        // OK: the length was checked against u16::MAX by the caller.
        let back = DefId(idx as u16);
        if back_faces.insert(front, back).is_some() {
            return Err(bad("which already has a back face"));
        }
        front_faces.insert(back, front);
    }
    Ok((back_faces, front_faces))
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
            union_burst: false,
            advanced: false,
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
