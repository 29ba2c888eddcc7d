//! Static card facts: everything the engine knows about a card without
//! running any card code. Abilities are data here (kind, trigger, costs,
//! timing, once-per-turn, passive effects); what an ability does is code an
//! `AbilityRunner` runs.
//!
//! A card its pack can't play in full is `unplayable`, with the reason: a
//! deck that holds it is refused, and card code can't summon it.

use super::Keywords;
use super::value::ValueExpr;
use serde::{Deserialize, Serialize};
use std::fmt;

sve_vocab::for_each_class!(sve_vocab::class_enum;
    /// The seven classes (rules-coverage.md §2.1), declared once in
    /// `sve_vocab::for_each_class!` with their printed names and the
    /// spellings `parse` reads.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
    pub enum Class
);

/// Card types (rules-coverage.md §1.1): primary type plus the "evolved" special type.
/// Their names are `sve_vocab::CARD_TYPES`'s; an evolved spell (the
/// Umamusume Carrot) plays as a spell, so it has no type of its own here.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum CardType {
    /// A follower.
    Follower,
    /// An evolved follower (lives in the evolve deck).
    EvolvedFollower,
    /// A spell.
    Spell,
    /// An amulet.
    Amulet,
    /// A leader.
    Leader,
    /// A crest (later-sets §4, CR 2.3.2): always a token, it exists only in
    /// an EX area, where its abilities work; it can't be played.
    Crest,
}

impl CardType {
    /// Every card type, in declaration order.
    pub const ALL: &'static [CardType] = &[
        CardType::Follower,
        CardType::EvolvedFollower,
        CardType::Spell,
        CardType::Amulet,
        CardType::Leader,
        CardType::Crest,
    ];

    /// Parses the card-data spelling (`Follower`, `Evolved Follower`, any
    /// case) by `sve_vocab::card_type_named`; `Evolved Spell` is a spell.
    pub fn parse(text: &str) -> Option<CardType> {
        let info = sve_vocab::card_type_named(text)?;
        CardType::ALL
            .iter()
            .copied()
            .find(|card_type| card_type.ident() == info.plays_as)
    }

    /// Whether cards of this type are followers on the field.
    pub fn is_follower(self) -> bool {
        matches!(self, CardType::Follower | CardType::EvolvedFollower)
    }

    /// Whether the card goes onto the field when played.
    pub fn is_permanent(self) -> bool {
        matches!(self, CardType::Follower | CardType::Amulet)
    }

    /// The printed type name (`Evolved Follower`), from the vocabulary.
    pub fn name(self) -> &'static str {
        sve_vocab::card_type_by_ident(self.ident()).map_or(self.ident(), |info| info.name)
    }

    /// Its identifier in the vocabulary (`sve_vocab::CARD_TYPES`).
    fn ident(self) -> &'static str {
        match self {
            CardType::Follower => "Follower",
            CardType::EvolvedFollower => "EvolvedFollower",
            CardType::Spell => "Spell",
            CardType::Amulet => "Amulet",
            CardType::Leader => "Leader",
            CardType::Crest => "Crest",
        }
    }
}

sve_vocab::for_each_counter!(sve_vocab::counter_enum;
    /// Named counters (rules-coverage.md §12.9), declared once in
    /// `sve_vocab::for_each_counter!`.
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
    pub enum Counter; declared Declared
);

impl Counter {
    /// Parses a counter name, with or without a `Counter` suffix.
    pub fn parse(text: &str) -> Option<Counter> {
        Counter::named(text.trim().trim_end_matches("Counter").trim())
    }
}

/// Everything static about one card.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct CardDef {
    /// Official card id (`SD01-001`, `BP01-LD01`, `BP01-T03`).
    pub id: String,
    /// Card name; evolved cards pair with their base card by name.
    pub name: String,
    /// Class.
    pub class: Class,
    /// Card type.
    pub card_type: CardType,
    /// Traits in printed order (tokens also carry `Token`).
    pub traits: Vec<String>,
    /// Play-point cost; `None` for evolved followers and leaders.
    pub cost: Option<u8>,
    /// Printed attack (followers only).
    pub attack: Option<i32>,
    /// Printed defense (followers only).
    pub defense: Option<i32>,
    /// Evolve cost in play points, when the card has `[evolve]`.
    pub evolve_cost: Option<u8>,
    /// Printed keywords.
    pub keywords: Keywords,
    /// Counters the card enters the field with (e.g. one Stack counter).
    pub initial_counters: Vec<(Counter, u32)>,
    /// Whether the card is a token.
    pub is_token: bool,
    /// Abilities, in printed order.
    pub abilities: Vec<AbilityDef>,
    /// Card text as printed (display only; never interpreted).
    pub text: String,
    /// The name shown to players when it differs from `name`: a
    /// translation from a pack's text files (display only; rules match
    /// `name`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shown_name: Option<String>,
    /// Why its pack can't play the card as printed (a construct it has no
    /// form for): decks holding it are refused with this reason, and no
    /// match ever plays part of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unplayable: Option<String>,
    /// The keywords packs declare that the card has printed, by name
    /// (`cards/declared.rs`): the database sets their bits in `keywords`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub declared_keywords: Vec<String>,
    /// The kinds of counter packs declare that the card uses, by name, with
    /// how many it enters the field with (0: its abilities use the kind):
    /// the database numbers them and adds the counts to `initial_counters`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub declared_counters: Vec<(String, u32)>,
    /// The crossover universe the card belongs to, as its number in
    /// `sve_vocab::UNIVERSES` (CR 6.1.1.5: a deck may be built on its
    /// leader's universe instead of its class).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub universe: Option<u8>,
    /// The printed rarity, if the card data gives one: no rules meaning
    /// (the Adventure's rewards weigh it; the card pool's fingerprint
    /// leaves it out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rarity: Option<Rarity>,
    /// An advanced card (later-sets §6, CR 9.2): built into the evolve
    /// deck, never an evolved card, and only ever on the field, in an EX
    /// area, being played or in the evolve deck: sent anywhere else, it
    /// goes there and then face up into its owner's evolve deck.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub advanced: bool,
    /// The names its printed "this follower's name is also X" ability
    /// gives it (later-sets §8.2): they count in every name check while it
    /// is on the field and has not lost its abilities; the deck limit uses
    /// the card name alone.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also_named: Vec<String>,
    /// The other name this printing shows, if any (later-sets §8.1, CR
    /// 2.13): display only. The rules and every effect use `name`, and it
    /// can't be declared (CR 5.33.1.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alternate_name: Option<String>,
    /// This definition is the back face of the double-faced card with this
    /// id (later-sets §10, CR 2.14): the card is that one everywhere but in
    /// an evolve zone showing this face, where this information applies.
    /// A back face is never built into a deck on its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub back_of: Option<String>,
    /// The names of the evolved cards its evolve ability names ("evolve
    /// this follower into an X or a Y", later-sets §10): either face of an
    /// evolved card whose name is one of them may be shown. Empty: the
    /// evolved cards sharing its name, as the starter sets print them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub evolves_into: Vec<String>,
    /// Evolve costs of their own for some of the evolved cards its evolve
    /// abilities name (later-sets §10, CR 2.14: BP09-018 evolves into one
    /// face for 1 and into the other for 4): evolving into a face of that
    /// name costs this instead of `evolve_cost`, before effects change it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub face_evolve_costs: Vec<FaceEvolveCost>,
    /// An equipment token (later-sets §5, CR 14.5.2): made in an equipment
    /// zone linked to a follower ("equip it with a X token"), only ever
    /// there, and gone once its follower has left the field. Its passives
    /// reach the follower it equips ([`PassiveScope::Equipped`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub equipment: bool,
    /// The Trigger icon a Vanguard collab card carries (later-sets §2.1,
    /// CR 14.4.1): what resolving it does when a drive check of a
    /// Vanguard deck reveals it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trigger_icon: Option<TriggerIcon>,
    /// The token kind a pack declares that this token is, by name
    /// (`cards/declared.rs`, [`TokenRules`](super::TokenRules)): the
    /// database makes the card a token keeping the kind's rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token_kind: Option<String>,
}

/// A Trigger icon (later-sets §2.3, CR 14.4.5.1.3): what the card does
/// when a drive check reveals it and its player resolves it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum TriggerIcon {
    /// A follower on the player's field gets +2/+0 until the end of the
    /// turn.
    Critical,
    /// The player draws a card.
    Draw,
    /// A follower on the player's field is refreshed, and can't attack
    /// leaders this turn.
    Stand,
    /// The player's leader gets +3 defense.
    Heal,
}

impl TriggerIcon {
    /// The icon's name as cards print it ("Heal").
    pub fn name(self) -> &'static str {
        match self {
            TriggerIcon::Critical => "Critical",
            TriggerIcon::Draw => "Draw",
            TriggerIcon::Stand => "Stand",
            TriggerIcon::Heal => "Heal",
        }
    }

    /// Whether resolving it needs a follower on its player's field.
    pub fn needs_follower(self) -> bool {
        matches!(self, TriggerIcon::Critical | TriggerIcon::Stand)
    }
}

/// A card name without a trailing ` (Evolved)`: the name evolved cards and
/// their base cards share.
pub fn base_name_of(name: &str) -> &str {
    name.strip_suffix("(Evolved)")
        .map(str::trim_end)
        .unwrap_or(name)
}

/// A card's printed rarity (no rules meaning).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum Rarity {
    /// Bronze (`B`).
    Bronze,
    /// Silver (`S`).
    Silver,
    /// Gold (`G`).
    Gold,
    /// Legendary (`L`).
    Legendary,
    /// Ultimate (`U`).
    Ultimate,
    /// Super Legendary (`SL`).
    SuperLegendary,
}

impl Rarity {
    /// Every rarity, commonest first.
    pub const ALL: [Rarity; 6] = [
        Rarity::Bronze,
        Rarity::Silver,
        Rarity::Gold,
        Rarity::Legendary,
        Rarity::Ultimate,
        Rarity::SuperLegendary,
    ];

    /// Its printed name (`Super Legendary`).
    pub fn name(self) -> &'static str {
        match self {
            Rarity::Bronze => "Bronze",
            Rarity::Silver => "Silver",
            Rarity::Gold => "Gold",
            Rarity::Legendary => "Legendary",
            Rarity::Ultimate => "Ultimate",
            Rarity::SuperLegendary => "Super Legendary",
        }
    }

    /// Reads a printed name or its letter (`Gold`, `g`, `SL`), any case.
    pub fn parse(text: &str) -> Option<Rarity> {
        let text = text.trim();
        Rarity::ALL.into_iter().find(|rarity| {
            rarity.name().eq_ignore_ascii_case(text) || rarity.letters().eq_ignore_ascii_case(text)
        })
    }

    /// Its letters on the card (`SL`).
    fn letters(self) -> &'static str {
        match self {
            Rarity::Bronze => "B",
            Rarity::Silver => "S",
            Rarity::Gold => "G",
            Rarity::Legendary => "L",
            Rarity::Ultimate => "U",
            Rarity::SuperLegendary => "SL",
        }
    }
}

/// The most evolve costs of their own a card may give its faces
/// ([`CardDef::face_evolve_costs`]): far more than any printed card has
/// faces, and few enough that checking them stays cheap.
pub const MAX_FACE_EVOLVE_COSTS: usize = 8;

/// An evolve ability's own cost for the evolved cards of one name
/// (later-sets §10; [`CardDef::face_evolve_costs`]).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct FaceEvolveCost {
    /// The evolved card's name (either face's, with or without
    /// ` (Evolved)`).
    pub name: String,
    /// The evolve cost in play points.
    pub cost: u8,
}

impl CardDef {
    /// What is wrong with where this card's abilities are, if anything: an
    /// ability that reaches "the follower this equips" (the trigger
    /// `OnEquipped`, the passive scopes `Equipped` and `EquippedHas`) works
    /// only on an equipment token (later-sets §5.2); anywhere else it would
    /// never fire. Card loaders refuse such a card, naming the ability.
    pub fn placement_problem(&self) -> Option<String> {
        if self.equipment {
            return None;
        }
        let stray = self.abilities.iter().find(|ability| match &ability.kind {
            AbilityKind::Triggered(trigger) | AbilityKind::Delayed(trigger) => {
                matches!(trigger, Trigger::OnEquipped)
            }
            AbilityKind::Passive(passive) => matches!(
                passive.scope,
                PassiveScope::Equipped | PassiveScope::EquippedHas
            ),
            _ => false,
        })?;
        Some(format!(
            "ability `{}` reaches the follower this card equips, but the card is not an equipment token",
            stray.name
        ))
    }

    /// What is wrong with its evolve costs per face, if anything
    /// ([`CardDef::face_evolve_costs`]): each needs an evolve ability
    /// (`evolve_cost`) naming that evolved card (its own name when it
    /// names none), once. Card loaders refuse such a card, naming the face.
    pub fn face_cost_problem(&self) -> Option<String> {
        if self.face_evolve_costs.len() > MAX_FACE_EVOLVE_COSTS {
            return Some(format!(
                "{} evolve costs of their own, more than the {MAX_FACE_EVOLVE_COSTS} a card may have",
                self.face_evolve_costs.len()
            ));
        }
        for (i, own) in self.face_evolve_costs.iter().enumerate() {
            let face = base_name_of(&own.name);
            let named = if self.evolves_into.is_empty() {
                face == self.base_name()
            } else {
                self.evolves_into.iter().any(|n| base_name_of(n) == face)
            };
            let problem = if self.evolve_cost.is_none() {
                "the card has no evolve ability"
            } else if !named {
                "its evolve ability doesn't name that evolved card"
            } else if self.face_evolve_costs[..i]
                .iter()
                .any(|other| base_name_of(&other.name) == face)
            {
                "it is given twice"
            } else {
                continue;
            };
            return Some(format!("evolve cost for `{}`: {problem}", own.name));
        }
        None
    }

    /// The card's universe's vocabulary entry, if it has one.
    pub fn universe_info(&self) -> Option<&'static sve_vocab::UniverseInfo> {
        self.universe
            .and_then(|n| sve_vocab::UNIVERSES.get(usize::from(n)))
    }

    /// The name to show players: the translation when there is one, else
    /// the name.
    pub fn display_name(&self) -> &str {
        self.shown_name.as_deref().unwrap_or(&self.name)
    }

    /// The name with a trailing ` (Evolved)` removed: the name evolved cards
    /// and their base cards share.
    pub fn base_name(&self) -> &str {
        base_name_of(&self.name)
    }

    /// The printed evolve cost of evolving into a face named `face_name`:
    /// its own cost when an evolve ability gives that face one
    /// ([`CardDef::face_evolve_costs`]), otherwise `evolve_cost`.
    pub fn evolve_cost_into(&self, face_name: &str) -> Option<u8> {
        let face = base_name_of(face_name);
        self.face_evolve_costs
            .iter()
            .find(|own| base_name_of(&own.name) == face)
            .map(|own| own.cost)
            .or(self.evolve_cost)
    }

    /// Whether the card has the trait (exact match).
    pub fn has_trait(&self, name: &str) -> bool {
        self.traits.iter().any(|t| t == name)
    }

    /// An Umamusume Carrot: the evolved spell that racing serves (rules-coverage.md
    /// §2.10). The card data knows it as a spell named `Carrot`; it is the
    /// only spell an evolve deck holds, up to 10 of them.
    pub fn is_carrot(&self) -> bool {
        self.card_type == CardType::Spell && self.base_name() == "Carrot"
    }
}

impl fmt::Display for CardDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.name)
    }
}

/// One ability of a card, as data: kind, trigger, cost and flags. What it does
/// is up to the [`AbilityRunner`](crate::engine::AbilityRunner).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct AbilityDef {
    /// Ability name (SVE Script's `name`, or the trigger word).
    pub name: String,
    /// What kind of ability this is.
    pub kind: AbilityKind,
    /// Costs, paid in order (rules-coverage.md §12.3). On automatic abilities they
    /// are optional: the controller may pay them when the ability resolves.
    pub costs: Vec<CostItem>,
    /// The ability may be used (activated) or may become pending only once
    /// per turn per card object (CR 10.7.2.2).
    pub once_per_turn: bool,
    /// Marked `[ub]` (Union Burst, CR 14.5.1): it works only while its
    /// card's owner's deck is built on Princess Connect! Re:Dive, and each
    /// resolution counts as an execution for the turn.
    #[serde(default)]
    pub union_burst: bool,
    /// Marked `[adv]` (CR 12.16): an activated ability equivalent to an
    /// evolve ability (one of them per player per turn, 8.3.2.1), of whose
    /// play point cost 1 EP may pay 1 PP.
    #[serde(default)]
    pub advanced: bool,
    /// Card text of this ability, for display.
    pub text: String,
}

impl AbilityDef {
    /// What is wrong with where this ability's marks and costs are, if
    /// anything: `[adv]` marks an activated ability (CR 12.16); Fuse is the
    /// cost of an activated ability that works in the hand (CR 12.18.2)
    /// and fuses at least one card. Card loaders refuse such an ability,
    /// naming it, instead of letting it never work.
    pub fn placement_problem(&self) -> Option<&'static str> {
        if self.advanced && !matches!(self.kind, AbilityKind::Activated { .. }) {
            return Some("`[adv]` marks an activated ability");
        }
        let fuse = self.costs.iter().find_map(|cost| match cost {
            CostItem::Fuse(fuse) => Some(fuse),
            _ => None,
        })?;
        if !matches!(
            self.kind,
            AbilityKind::Activated {
                zone: ActivationZone::Hand,
                ..
            }
        ) {
            return Some("Fuse is the cost of an activated ability that works in the hand");
        }
        if fuse.min == 0 || fuse.max < fuse.min {
            return Some("a Fuse fuses at least one card, and no more than its most");
        }
        None
    }
}

/// The kinds of ability (rules-coverage.md §12.1).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum AbilityKind {
    /// Automatic: becomes pending when its trigger happens.
    Triggered(Trigger),
    /// Activated by its controller in the main phase (and in Quick windows
    /// when `quick`), from `zone`.
    Activated {
        /// Has `[q]`: usable in the opponent's Quick windows.
        quick: bool,
        /// Where the ability works (normally the field, CR 10.3.5).
        zone: ActivationZone,
    },
    /// A spell's text, performed when the spell resolves.
    Spell,
    /// A named sub-ability that only runs when other card code calls it.
    Sub,
    /// A continuous effect evaluated by the host.
    Passive(PassiveDef),
    /// Automatic, but delayed (CR 10.7.5): it never triggers by itself; an
    /// effect of its card creates it (`AbilityCtx::create_delayed`), and it
    /// then waits for its trigger (`engine/delayed.rs`).
    Delayed(Trigger),
}

/// Where an activated ability can be used from.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum ActivationZone {
    /// On the field (the default).
    Field,
    /// In the hand.
    Hand,
    /// In the EX area.
    ExArea,
    /// In the cemetery.
    Cemetery,
}

/// The payload of the filtered triggers.
type Filter = CardFilter;
/// The payload of the move trigger.
type MoveHook = super::MoveHook;

sve_vocab::for_each_trigger!(sve_vocab::trigger_enum;
    /// Trigger conditions of automatic abilities (rules-coverage.md §12.5),
    /// declared once in `sve_vocab::for_each_trigger!`.
    #[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
    pub enum Trigger
);

/// One part of a cost (rules-coverage.md §12.3).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum CostItem {
    /// Pay N play points.
    PlayPoints(u8),
    /// Engage this card (it must be reserved).
    EngageSelf,
    /// Give your leader −N defense (needs at least N).
    LeaderDefense(u8),
    /// Discard N matching cards from your hand.
    Discard(u8, CardFilter),
    /// Banish N matching cards from your cemetery.
    BanishFromCemetery(u8, CardFilter),
    /// Put this card from the field into the cemetery.
    BurySelf,
    /// Put your own cards into the cemetery, return them to your hand or
    /// banish them.
    MoveOwn(OwnCardsCost),
    /// Return this card from the field to its owner's hand.
    ReturnSelfToHand,
    /// Banish this card.
    BanishSelf,
    /// Remove N counters of a kind from this card.
    RemoveCounters(Counter, u8),
    /// Remove N counters of a kind a pack declares, named: the card
    /// database numbers the kind (making it a [`CostItem::RemoveCounters`])
    /// when the pool is built, so a playable card never has this form.
    RemoveNamedCounters(String, u8),
    /// Earth Rite (N): remove N Stack counters from one of your Stack amulets.
    EarthRite(u8),
    /// Fuse (later-sets §9, CR 12.18.2): discard from your hand and/or bury
    /// from your EX area matching cards other than this one, and put this
    /// card from your hand into your EX area. Only an activated ability
    /// that works in the hand can pay it.
    Fuse(FuseCost),
    /// A Ride's Drive Point (later-sets §2.5, CR 14.4.9.2): a face-down
    /// Drive Point from your evolve deck goes to your drive zone, linked to
    /// this follower on the field, which must not have one linked already.
    DrivePoint,
    /// `[costX]`: pay X play points, X chosen by the payer as the cost is
    /// paid, from 0 to what they can pay (later-sets §1.3). The ability
    /// reads X (`AbilityCtx::paid_x`); executed without paying its cost,
    /// X is 0 (CR 14.5.1.5).
    PlayPointsX,
    /// "Skip your next turn" as a cost (later-sets §12.9, CR 5.26): the
    /// payer's next turn does not begin. Always payable; paid while a skip
    /// is already due, it still skips one turn (CR 5.26.2.1).
    SkipNextTurn,
}

/// How many cards, and which, a [`CostItem::Fuse`] fuses: "Fuse 2
/// followers" is `min = max = 2`; "Fuse 3 or less" is `min = 1, max = 3`
/// (CR 12.18.2.2).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct FuseCost {
    /// Fewest cards fused (at least 1).
    pub min: u8,
    /// Most cards fused.
    pub max: u8,
    /// Which cards may be fused.
    pub filter: CardFilter,
}

/// A cost that moves the payer's own cards: "put 2 followers on your
/// field into your cemetery", "return another card on your field to your
/// hand", "banish a card in your EX area".
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct OwnCardsCost {
    /// Where the cards go.
    pub action: CostMove,
    /// Where they are.
    pub from: CostZone,
    /// Which of them can pay (the source itself too, unless the filter
    /// says "other").
    pub filter: CardFilter,
    /// How many.
    pub pick: CostPick,
}

/// Where an [`OwnCardsCost`] moves cards.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum CostMove {
    /// Into the owner's cemetery.
    Bury,
    /// To the owner's hand.
    ReturnToHand,
    /// Banished.
    Banish,
}

/// Where an [`OwnCardsCost`] takes cards from.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum CostZone {
    /// The payer's field.
    Field,
    /// The payer's EX area.
    ExArea,
    /// Both.
    FieldAndExArea,
}

/// How many cards an [`OwnCardsCost`] takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum CostPick {
    /// The payer chooses `min` to `max` of them; payable with at least
    /// `min`.
    Choose {
        /// Fewest.
        min: u8,
        /// Most.
        max: u8,
    },
    /// Every match (always payable, even with none).
    All,
}

/// A continuous effect as data (rules-coverage.md §12.7), evaluated by the host.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct PassiveDef {
    /// What the passive gives.
    pub grant: Grant,
    /// Which cards receive it.
    pub scope: PassiveScope,
    /// While what holds.
    pub condition: PassiveCondition,
}

/// What a passive gives to the cards in its scope.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum Grant {
    /// Keywords.
    Keywords(Keywords),
    /// Keywords a pack declares, by name ("your followers have Overheat"):
    /// made [`Grant::Keywords`] with their bits when the card pool is built
    /// (`CardDb::with_declarations`), so no passive in a pool has it.
    DeclaredKeywords(Vec<String>),
    /// Attack and defense modifiers.
    Stats {
        /// Attack change.
        attack: i32,
        /// Defense change.
        defense: i32,
    },
    /// Cost change while in hand or EX area (negative = cheaper).
    Cost(i32),
    /// A cost change worked out when it applies (negative = cheaper).
    CostBy(ValueExpr),
    /// A replacement effect on the damage the cards it reaches take
    /// ("this follower takes 1 less damage", later-sets §11.2), while the
    /// passive applies; never "the next time" (a passive is not used up).
    DamageTaken(crate::engine::DamageReplacement),
    /// A replacement effect on moving: a card it reaches that would be
    /// put into the cemetery from the field goes to this zone instead
    /// ("if this follower would be put into the cemetery from the field,
    /// put it into your EX area instead", later-sets §11.2).
    InsteadOfCemetery(InsteadZone),
    /// The card is of this type while the passive applies ("while this
    /// has 4 or more counters, it's a follower", later-sets §12.6, CR
    /// 5.25): an amulet becomes a follower only with both printed attack
    /// and defense, and has them.
    BecomesType(CardType),
}

/// Where a card goes instead of the cemetery ([`Grant::InsteadOfCemetery`]):
/// its owner's zone.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum InsteadZone {
    /// Banished (a prohibition on banishing beats it: CR 1.3.3).
    Banished,
    /// The EX area.
    ExArea,
    /// The hand.
    Hand,
    /// The top of the deck.
    DeckTop,
    /// The bottom of the deck.
    DeckBottom,
}

impl InsteadZone {
    /// In players' words: "your EX area", "the bottom of your deck".
    pub fn words(self) -> &'static str {
        match self {
            InsteadZone::Banished => "the banished zone",
            InsteadZone::ExArea => "its owner's EX area",
            InsteadZone::Hand => "its owner's hand",
            InsteadZone::DeckTop => "the top of its owner's deck",
            InsteadZone::DeckBottom => "the bottom of its owner's deck",
        }
    }
}

/// Which cards a passive applies to.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum PassiveScope {
    /// The card itself (in the zone its ability works in).
    ThisCard,
    /// Other matching cards on your field.
    OtherAlliesOnField(CardFilter),
    /// Matching cards on your field, this one included.
    AlliesOnField(CardFilter),
    /// Matching cards in your hand.
    AlliesInHand(CardFilter),
    /// Your matching cards in any of these zones, while this card is on
    /// the field: "cards you play from your EX area cost 1 less" is a cost
    /// change to your cards in the EX area, read as they are played from it
    /// (later-sets §13).
    AlliesIn(super::ZoneSet, CardFilter),
    /// The follower this equipment token equips (later-sets §5.2): the
    /// token's own ability, working from the equipment zone; it reaches
    /// the follower even after the follower lost its abilities.
    Equipped,
    /// "The equipped follower has ...": an ability of the follower's own
    /// (CR 14.5.2), lost when the follower loses its abilities.
    EquippedHas,
    /// Matching cards on the opponent's field: "enemy followers lose all
    /// abilities", "... have -1/-0" (later-sets §12.2).
    EnemiesOnField(CardFilter),
}

/// When a passive is on (rules-coverage.md §2 class conditions).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum PassiveCondition {
    /// Always.
    Always,
    /// During its controller's turn.
    YourTurn,
    /// During the opponent's turn.
    OpponentTurn,
    /// Overflow is active.
    Overflow,
    /// Combo count at least N.
    Combo(u8),
    /// Spellchain at least N.
    Spellchain(u8),
    /// Necrocharge N.
    Necrocharge(u8),
    /// Sanguine is active.
    Sanguine,
    /// A value worked out when it applies is more than 0.
    Value(ValueExpr),
}

/// A host-evaluated card filter (a flattened subset of SVE Script filters):
/// every set field must match. The default matches every card.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct CardFilter {
    /// Card must be one of these types (empty = any).
    pub types: Vec<CardType>,
    /// Card must have at least one of these traits (empty = any).
    pub traits_any: Vec<String>,
    /// Card must have all these keywords.
    pub keywords: Keywords,
    /// Card must not have any of these keywords.
    pub without_keywords: Keywords,
    /// Card name (base name) must equal this.
    pub name: Option<String>,
    /// Card name must not equal this.
    pub not_name: Option<String>,
    /// Class must be this.
    pub class: Option<Class>,
    /// Token-ness must match.
    pub token: Option<bool>,
    /// Cost must be within this inclusive range.
    pub cost: Option<(i32, i32)>,
    /// Attack must be within this inclusive range.
    pub attack: Option<(i32, i32)>,
    /// Engaged state must match (field cards).
    pub engaged: Option<bool>,
    /// Exclude the source card itself.
    pub other: bool,
}

impl CardFilter {
    /// Followers (evolved ones included).
    pub fn followers() -> CardFilter {
        CardFilter {
            types: vec![CardType::Follower, CardType::EvolvedFollower],
            ..CardFilter::default()
        }
    }

    /// Cards of one type.
    pub fn of_type(card_type: CardType) -> CardFilter {
        CardFilter {
            types: vec![card_type],
            ..CardFilter::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The engine's card types are the vocabulary's (`sve_vocab::CARD_TYPES`):
    /// each is a vocabulary type that plays as itself, and each vocabulary
    /// type plays as one of them.
    #[test]
    fn card_types_are_the_vocabularys() {
        for card_type in CardType::ALL {
            let info = sve_vocab::card_type_by_ident(card_type.ident());
            assert_eq!(
                info.map(|info| info.plays_as),
                Some(card_type.ident()),
                "{card_type:?}"
            );
            assert_eq!(CardType::parse(card_type.name()), Some(*card_type));
        }
        for info in sve_vocab::CARD_TYPES {
            let parsed = CardType::parse(info.name).map(CardType::ident);
            assert_eq!(parsed, Some(info.plays_as), "{}", info.ident);
        }
        assert_eq!(
            CardType::parse(" evolved follower"),
            Some(CardType::EvolvedFollower)
        );
        assert_eq!(CardType::parse("Evolved Spell"), Some(CardType::Spell));
        assert_eq!(CardType::EvolvedFollower.name(), "Evolved Follower");
    }

    #[test]
    fn classes_are_the_vocabularys() {
        let names: Vec<&str> = Class::ALL.iter().map(|class| class.name()).collect();
        let vocabulary: Vec<&str> = sve_vocab::CLASSES.iter().map(|class| class.name).collect();
        assert_eq!(names, vocabulary);
        assert_eq!(Class::parse("Forestcraft"), Some(Class::Forest));
        assert_eq!(Class::parse("forest"), Some(Class::Forest));
        assert_eq!(Class::parse("Forest craft"), Some(Class::Forest));
        assert_eq!(Class::parse("Moon"), None);
    }
}
