//! Keywords a pack declares (the later-sets plan, §2.1 "pack-declared
//! words"): a set's new keyword, written entirely in its pack, with no
//! engine change.
//!
//! A declaration gives the keyword's name, reminder text and badge, and the
//! abilities a card has by having the keyword. The card pool numbers its
//! declared keywords from 0 ([`CardDb::declared_keyword`]); keyword number n
//! is bit 64 + n of [`Keywords`](super::Keywords), so a card gets a declared
//! keyword as it gets a built-in one, printed (`CardDef::declared_keywords`,
//! by name), from an effect, or from a continuous ability
//! ([`Grant::DeclaredKeywords`](super::Grant::DeclaredKeywords), by name,
//! made bits when the pool is built). A keyword a continuous ability gives
//! brings its automatic and activated abilities; one with continuous
//! abilities of its own can't be given so (the passives in play would
//! depend on themselves: the card is refused, naming it), so a card's
//! keyword passives are read from its printed and effect keywords
//! (`GameState::own_keywords`). Its abilities,
//! automatic, continuous and activated, are the card's: they run in the
//! declaring pack, each declaration a definition of the database
//! ([`CardDb::keyword_def`]) whose id card code is called by, with the card
//! that has the keyword as the source.
//!
//! What a declared keyword's abilities may be is checked when the pool is
//! built ([`DeclaredKeyword::unsupported`]); anything else is refused by name.
//!
//! Counter kinds are declared the same way ([`DeclaredCounter`]): a name and
//! a reminder. Declared kind n is [`Counter::Declared`]`(n)`, which the
//! card API numbers `sve_vocab::DECLARED_COUNTER_BASE + n`.
//!
//! So are token kinds ([`DeclaredTokenKind`]): a name, a reminder and the
//! rules its tokens keep ([`TokenRules`]): where they may exist and whether
//! a zone holds one of a name at most. Crests are the built-in kind
//! ([`TokenRules::CREST`]); a token card names its kind
//! (`CardDef::token_kind`).
//!
//! [`CardDb::declared_keyword`]: super::CardDb::declared_keyword
//! [`CardDb::keyword_def`]: super::CardDb::keyword_def

use super::{AbilityDef, AbilityKind, CardDef, CardType, Class, Counter, Grant, Keywords};
use serde::{Deserialize, Serialize};

pub use sve_vocab::MAX_DECLARED_COUNTERS;

/// What a card pool's packs declare beside their cards.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct Declarations {
    /// Keywords, numbered in this order.
    pub keywords: Vec<DeclaredKeyword>,
    /// Counter kinds, numbered in this order.
    pub counters: Vec<DeclaredCounter>,
    /// Token kinds, by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub token_kinds: Vec<DeclaredTokenKind>,
}

/// The rules a kind of token keeps (later-sets §4's crest rules, made a
/// declaration a pack can write): the zones its tokens may exist in, and
/// whether a zone holds at most one of them of a name.
///
/// A token of the kind put anywhere else ceases to exist (CR 9.1.3,
/// 9.1.4.4); one put into a zone of its player that holds a token of its
/// name and kind, when `one_per_name`, is not put there (CR 9.1.5.1). A
/// kind that exists only in the EX area has its abilities work there, as
/// a crest's do (CR 10.3.6): else they would never work. A token that
/// can't be on the field can't be played.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TokenRules {
    /// Its tokens may be on the field.
    pub field: bool,
    /// Its tokens may be in an EX area.
    pub ex_area: bool,
    /// A zone of a player holds at most one token of the kind of a name.
    pub one_per_name: bool,
}

impl TokenRules {
    /// A crest's (later-sets §4): only in an EX area, one of a name there.
    pub const CREST: TokenRules = TokenRules {
        field: false,
        ex_area: true,
        one_per_name: true,
    };

    /// Whether its abilities work in the EX area: it exists only there.
    pub fn works_in_ex_area(self) -> bool {
        self.ex_area && !self.field
    }

    /// Where its tokens may be, in players' words ("the field or an EX
    /// area").
    pub fn zones_words(self) -> &'static str {
        match (self.field, self.ex_area) {
            (true, true) => "the field or an EX area",
            (true, false) => "the field",
            (false, true) => "an EX area",
            (false, false) => "nowhere",
        }
    }
}

/// A kind of token a pack declares: a set's new crest-like card type.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct DeclaredTokenKind {
    /// Its name, as cards write it (`Relic`); unique in the pool, and no
    /// built-in kind's (`Crest`, `Equipment`, `Token`).
    pub name: String,
    /// Its reminder text (display only).
    pub reminder: String,
    /// The rules its tokens keep.
    pub rules: TokenRules,
}

impl DeclaredTokenKind {
    /// Why the pool can't have this declaration, if it can't.
    pub fn unsupported(&self) -> Option<String> {
        let name = self.name.trim();
        if name.is_empty() {
            return Some("declares a token kind with no name".to_owned());
        }
        if ["Crest", "Equipment", "Token"].contains(&name) {
            return Some(format!(
                "declares the token kind `{name}`, which is a built-in word"
            ));
        }
        if !self.rules.field && !self.rules.ex_area {
            return Some(format!(
                "token kind `{name}` may exist in no zone: give it the field, an EX area or both"
            ));
        }
        None
    }
}

/// A kind of counter a pack declares (CR 15.1: counters are named markers;
/// the later sets name many: grace, soul, fusion, ...). What a counter
/// does is written in the cards that put, count and remove it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct DeclaredCounter {
    /// Its name, as cards and scripts write it (`Grace`); unique in the
    /// pool and no built-in counter's.
    pub name: String,
    /// Its reminder text (display only).
    pub reminder: String,
}

impl DeclaredCounter {
    /// Why the pool can't have this declaration, if it can't.
    pub fn unsupported(&self) -> Option<String> {
        if self.name.trim().is_empty() {
            return Some("declares a counter with no name".to_owned());
        }
        Counter::parse(&self.name).map(|builtin| {
            format!(
                "declares the counter `{}`, which is the built-in `{}` counter",
                self.name,
                builtin.name()
            )
        })
    }
}

/// The most keywords one card pool may declare: one bit each in the high
/// half of [`Keywords`].
pub const MAX_DECLARED_KEYWORDS: usize = 64;

/// A keyword a pack declares.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct DeclaredKeyword {
    /// The id card code knows the keyword's abilities by (unique among the
    /// pool's card and keyword ids).
    pub id: String,
    /// Its name, as cards and scripts write it (`Overheat`); unique in the
    /// pool and no built-in keyword's.
    pub name: String,
    /// Its reminder text (display only).
    pub reminder: String,
    /// What it is about, for how the client draws its badge.
    pub badge: Badge,
    /// The abilities a card with the keyword has.
    pub abilities: Vec<AbilityDef>,
}

/// What a declared keyword is about: the built-in keywords'
/// [`sve_vocab::Family`], for the badge's colour.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub enum Badge {
    /// Protects.
    Defence,
    /// When and what it may attack.
    Attack,
    /// What its damage does.
    Lethal,
    /// When it may be played.
    Timing,
    /// Everything else.
    #[default]
    Other,
}

impl Badge {
    /// The vocabulary family the client draws it as.
    pub fn family(self) -> sve_vocab::Family {
        match self {
            Badge::Defence => sve_vocab::Family::Defence,
            Badge::Attack => sve_vocab::Family::Attack,
            Badge::Lethal => sve_vocab::Family::Lethal,
            Badge::Timing => sve_vocab::Family::Timing,
            Badge::Other => sve_vocab::Family::Other,
        }
    }
}

impl DeclaredKeyword {
    /// Why the engine can't play this declaration yet, if it can't: the
    /// abilities a declared keyword carries are automatic, continuous and
    /// activated ones, at most one of them once per turn (a card counts a
    /// keyword's uses by the keyword, `AbilityUses::key`), none `[adv]` or
    /// Union Burst, and no continuous one takes abilities away (the keyword
    /// would take itself).
    pub fn unsupported(&self) -> Option<String> {
        if Keywords::parse(&self.name).is_some() {
            return Some(format!(
                "declares the keyword `{}`, which is a built-in keyword",
                self.name
            ));
        }
        // Its abilities are numbered as a card's are (`AbilityIdx`).
        if self.abilities.len() > super::MAX_ABILITIES {
            return Some(format!(
                "keyword `{}` has {} abilities; at most {}",
                self.name,
                self.abilities.len(),
                super::MAX_ABILITIES
            ));
        }
        // A card counts a keyword's once-per-turn uses by the keyword
        // (`AbilityUses::key`): one such ability per keyword.
        let first_once = self.abilities.iter().position(|a| a.once_per_turn);
        self.abilities.iter().enumerate().find_map(|(idx, ability)| {
            let what = match &ability.kind {
                _ if ability.once_per_turn && first_once != Some(idx) => {
                    "a second once-per-turn ability (a keyword may have one)"
                }
                _ if ability.advanced => "an `[adv]` ability",
                _ if ability.union_burst => "a Union Burst ability",
                AbilityKind::Triggered(_) | AbilityKind::Activated { .. } => return None,
                AbilityKind::Passive(passive)
                    if matches!(passive.grant, Grant::Keywords(k)
                        if k.intersects(Keywords::LOSES_ALL_ABILITIES | Keywords::BOXED)) =>
                {
                    "a continuous ability that takes abilities away (or boxes)"
                }
                AbilityKind::Passive(_) => return None,
                AbilityKind::Spell => "a spell effect",
                AbilityKind::Sub | AbilityKind::Delayed(_) => return None,
            };
            Some(format!(
                "keyword `{}`: ability `{}` is {what}; a declared keyword's abilities are automatic, continuous and activated ones, at most one once per turn, none `[adv]` or Union Burst, none taking abilities away (others are not implemented yet)",
                self.name, ability.name
            ))
        })
    }

    /// The definition its abilities are run as: named as the keyword, with
    /// the reminder as its text. Never a card of any zone.
    pub(crate) fn as_def(&self) -> CardDef {
        CardDef {
            id: self.id.clone(),
            name: self.name.clone(),
            class: Class::Neutral,
            card_type: CardType::Amulet,
            traits: Vec::new(),
            cost: None,
            attack: None,
            defense: None,
            evolve_cost: None,
            keywords: Keywords::empty(),
            initial_counters: Vec::new(),
            is_token: false,
            abilities: self.abilities.clone(),
            text: self.reminder.clone(),
            shown_name: None,
            unplayable: Some("a keyword's abilities, not a card".to_owned()),
            declared_keywords: Vec::new(),
            declared_counters: Vec::new(),
            universe: None,
            rarity: None,
            advanced: false,
            also_named: Vec::new(),
            alternate_name: None,
            back_of: None,
            evolves_into: Vec::new(),
            face_evolve_costs: Vec::new(),
            equipment: false,
            trigger_icon: None,
            token_kind: None,
        }
    }
}

/// Makes each continuous ability's [`Grant::DeclaredKeywords`] among
/// `abilities` a [`Grant::Keywords`] with the named keywords' bits
/// (`by_name`). Returns the first name no pack declares as the error, and
/// why the abilities can't be played, if they can't: a keyword given by a
/// continuous ability may carry automatic and activated abilities, not
/// continuous ones (`with_passives`, per keyword number; the passives in
/// play would depend on the passives in play).
///
/// [`Grant::DeclaredKeywords`]: super::Grant::DeclaredKeywords
/// [`Grant::Keywords`]: super::Grant::Keywords
pub(super) fn resolve_declared_grants(
    abilities: &mut [AbilityDef],
    by_name: &rustc_hash::FxHashMap<String, u8>,
    with_passives: &[bool],
) -> Result<Option<String>, String> {
    let mut problem = None;
    for ability in abilities {
        let AbilityKind::Passive(passive) = &mut ability.kind else {
            continue;
        };
        let Grant::DeclaredKeywords(names) = &passive.grant else {
            continue;
        };
        let mut bits = Keywords::empty();
        for name in names {
            let n = *by_name.get(name).ok_or_else(|| name.clone())?;
            if with_passives.get(usize::from(n)).copied().unwrap_or(false) {
                // Not given at all: the card can't be played.
                problem.get_or_insert_with(|| format!(
                    "ability `{}` gives the keyword `{name}` by a continuous ability, and `{name}` has continuous abilities of its own: not implemented yet",
                    ability.name
                ));
                continue;
            }
            bits |= Keywords::declared(n);
        }
        passive.grant = Grant::Keywords(bits);
    }
    Ok(problem)
}
