//! The card inspector's data, computed from engine state for one viewer,
//! and the automatic abilities waiting for Confirmation Timing.
//!
//! One implementation serves local play and the server: the client's match
//! worker calls [`inspect_cards`] for the seats it shows, and the server
//! calls [`inspect_card`] for the cards a connection asks about, through
//! that connection's [`crate::feed::SeatFeed`], which renames the cards.
//! Everything here is data (serde, postcard on the wire); the client writes
//! the words (`sve-ui`'s `session/inspect.rs`).
//!
//! **What never appears:** a card the [`Sight`] can't see is never
//! inspected, and a modifier whose source is such a card names it as
//! [`ModifierSource::Hidden`], with no id and no name. Ability lines carry
//! card text and the ability's kind and costs, which are printed rules;
//! ability code and script source stay where the cards are loaded.

mod compute;
mod pending;

pub use compute::{inspect_card, inspect_cards};
pub use pending::{PendingLine, pending_abilities};

use serde::{Deserialize, Serialize};
use sve_engine::cards::{
    AbilityDef, AbilityKind, ActivationZone, CardType, CostItem, Grant, Keywords,
};
use sve_engine::engine::state::Characteristics;
use sve_engine::engine::{CardRef, Duration, PlayerId, Zone};

/// Whose hidden cards a viewer sees: decks are hidden from everyone, and
/// a hand or evolve deck from everyone but the players listed. The same
/// rule as [`crate::feed::Viewer::cannot_see`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sight {
    hands_of: [bool; 2],
}

impl Sight {
    /// Public information only (a spectator, or hot-seat's shared screen).
    pub fn public() -> Sight {
        Sight::default()
    }

    /// Public information and the hands and evolve decks of `players`.
    pub fn of_players(players: &[PlayerId]) -> Sight {
        let mut sight = Sight::default();
        for player in players {
            if let Some(seen) = sight.hands_of.get_mut(player.idx()) {
                *seen = true;
            }
        }
        sight
    }

    /// Whether a card in `zone` owned by `owner` is visible.
    pub fn sees(self, zone: Zone, owner: PlayerId) -> bool {
        match zone {
            Zone::Deck => false,
            Zone::Hand | Zone::EvolveDeck => {
                self.hands_of.get(owner.idx()).copied().unwrap_or(false)
            }
            _ => true,
        }
    }

    /// Whether this viewer sees the hand of `player`.
    pub fn sees_hand_of(self, player: PlayerId) -> bool {
        self.sees(Zone::Hand, player)
    }
}

/// One card as the inspector shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InspectedCard {
    /// The card (online: the viewer's number for it).
    pub card: CardRef,
    /// Printed card id.
    pub id: String,
    /// Printed name (as shown to players).
    pub name: String,
    /// The printed card's text (community markup, as card data holds it).
    pub text: String,
    /// Who controls it.
    pub controller: PlayerId,
    /// Where it is.
    pub zone: Zone,
    /// The printed (base) values.
    pub printed: PrintedValues,
    /// The current values (`defense` has damage subtracted).
    pub current: CurrentValues,
    /// Each current keyword with where it comes from.
    pub keywords: Vec<KeywordLine>,
    /// The persistent effects on this object, oldest first.
    pub modifiers: Vec<Modifier>,
    /// Damage on it.
    pub damage: i32,
    /// Counters: (kind, how many).
    pub counters: Vec<(String, u32)>,
    /// Engaged rather than reserved.
    pub engaged: bool,
    /// The evolved card linked to it on the field.
    pub evolved: Option<ShownCard>,
    /// The printed card's abilities, then the evolved card's.
    pub abilities: Vec<AbilityLine>,
}

/// A card's printed values; `None` where the card has none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrintedValues {
    /// Cost.
    pub cost: Option<i32>,
    /// Attack.
    pub attack: Option<i32>,
    /// Defense.
    pub defense: Option<i32>,
    /// Keywords.
    pub keywords: Keywords,
}

/// A card's current values, as the engine's characteristics query gives
/// them (rules-coverage.md §10.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CurrentValues {
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
    /// Current evolve cost; `None` if the card cannot evolve.
    pub evolve_cost: Option<i32>,
}

impl From<Characteristics> for CurrentValues {
    fn from(c: Characteristics) -> CurrentValues {
        CurrentValues {
            card_type: c.card_type,
            attack: c.attack,
            defense: c.defense,
            max_defense: c.max_defense,
            cost: c.cost,
            keywords: c.keywords,
            evolve_cost: c.evolve_cost,
        }
    }
}

/// A visible card named by reference, id and name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShownCard {
    /// The card (online: the viewer's number for it).
    pub card: CardRef,
    /// Card id.
    pub id: String,
    /// Name.
    pub name: String,
}

/// A current keyword and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeywordLine {
    /// The keyword (one flag).
    pub keyword: Keywords,
    /// Its origin.
    pub source: KeywordSource,
}

/// Where a current keyword comes from (the first that has it, in order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum KeywordSource {
    /// The printed card.
    Printed,
    /// The evolved card linked to it.
    Evolved,
    /// A persistent effect on it.
    Effect,
    /// A passive ability (of this card or another).
    Passive,
}

/// A persistent effect on a card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    /// What it changes.
    pub change: Change,
    /// The card whose ability made it; `None` for effects of no card.
    pub source: Option<ModifierSource>,
    /// How long it lasts.
    pub duration: Duration,
}

/// What a persistent effect changes (the engine's `EffectKind`, with a
/// granted trait by name).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Change {
    /// "+X/+Y".
    Stats {
        /// Attack change.
        attack: i32,
        /// Defense change.
        defense: i32,
    },
    /// Gains keywords.
    Keywords(Keywords),
    /// Cost change (negative = cheaper).
    Cost(i32),
    /// Evolve cost change.
    EvolveCost(i32),
    /// The evolve cost becomes this.
    SetEvolveCost(i32),
    /// Gains the trait of this name.
    Trait(String),
    /// Changes the damage it takes (a replacement effect, later-sets
    /// §11.2).
    DamageTaken(sve_engine::engine::DamageReplacement),
    /// Maneuvered: a follower with its printed stats this turn
    /// (later-sets §12.4).
    Maneuvered,
    /// Its card type became this one (later-sets §12.6).
    BecomesType(sve_engine::cards::CardType),
    /// It goes to this zone instead of the cemetery as it leaves the field
    /// (later-sets §11.2).
    InsteadOfCemetery(sve_engine::cards::InsteadZone),
}

/// The card a modifier came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ModifierSource {
    /// A card the viewer sees.
    Card(ShownCard),
    /// A card the viewer can't see now (in a deck or another player's
    /// hand): neither its number nor its name is given.
    Hidden,
}

/// One ability as the inspector lists it: printed rules, never code.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AbilityLine {
    /// The name of the card that has it (the printed or the evolved card).
    pub card: String,
    /// The id of the card that has it.
    pub card_id: String,
    /// Its index among that card's abilities.
    pub index: usize,
    /// Its name.
    pub name: String,
    /// Card text.
    pub text: String,
    /// Its kind and timing.
    pub kind: AbilitySort,
    /// Once per turn.
    pub once_per_turn: bool,
    /// Its costs.
    pub costs: Vec<CostItem>,
}

/// An ability's kind, as the inspector words it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AbilitySort {
    /// Automatic, by its trigger's ability name (`Trigger::ability_name`).
    Triggered {
        /// The trigger's ability name ("Fanfare").
        ability_name: String,
    },
    /// Activated.
    Activated {
        /// Also at Quick timing.
        quick: bool,
        /// Where it works.
        zone: ActivationZone,
    },
    /// A spell's text.
    Spell,
    /// Part of another ability.
    Sub,
    /// A passive, by what it gives.
    Passive(GrantSort),
}

/// What a passive gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GrantSort {
    /// Keywords.
    Keywords(Keywords),
    /// "+X/+Y".
    Stats {
        /// Attack change.
        attack: i32,
        /// Defense change.
        defense: i32,
    },
    /// A fixed cost change.
    Cost(i32),
    /// A cost change worked out when it applies.
    CostBy,
    /// A replacement effect on the damage the cards it reaches take
    /// (later-sets §11.2).
    DamageTaken(sve_engine::engine::DamageReplacement),
    /// The cards it reaches go to this zone instead of the cemetery as
    /// they leave the field (later-sets §11.2).
    InsteadOfCemetery(sve_engine::cards::InsteadZone),
    /// It is of this type while the passive applies (later-sets §12.6).
    BecomesType(sve_engine::cards::CardType),
}

/// An ability's name as players read it: its own name, or, for an
/// automatic ability given none (SVE Script names such an ability by its
/// trigger's identifier, `OnOtherEnterField`), the name the vocabulary
/// gives its trigger ("Other Enters Field", `Trigger::ability_name`),
/// whose players' words ("Whenever another card is put onto your field")
/// the client shows by [`AbilitySort::Triggered`]. Engine identifiers
/// never go on the wire. The engine's game log words abilities the same
/// way ([`sve_engine::gamelog::ability_words`]).
pub fn ability_words(ability: &AbilityDef) -> &str {
    sve_engine::gamelog::ability_words(ability)
}

impl AbilitySort {
    /// The kind of an ability definition.
    pub fn of(ability: &AbilityDef) -> AbilitySort {
        match &ability.kind {
            // A delayed ability is an automatic one (CR 10.7.5) that waits
            // once created: it is shown by what it waits for.
            AbilityKind::Triggered(trigger) | AbilityKind::Delayed(trigger) => {
                AbilitySort::Triggered {
                    ability_name: trigger.ability_name().to_owned(),
                }
            }
            AbilityKind::Activated { quick, zone } => AbilitySort::Activated {
                quick: *quick,
                zone: *zone,
            },
            AbilityKind::Spell => AbilitySort::Spell,
            AbilityKind::Sub => AbilitySort::Sub,
            AbilityKind::Passive(passive) => AbilitySort::Passive(match &passive.grant {
                Grant::Keywords(k) => GrantSort::Keywords(*k),
                // Made `Keywords` when the pool is built: a pool's cards
                // never hold it.
                Grant::DeclaredKeywords(_) => GrantSort::Keywords(Keywords::empty()),
                Grant::Stats { attack, defense } => GrantSort::Stats {
                    attack: *attack,
                    defense: *defense,
                },
                Grant::Cost(n) => GrantSort::Cost(*n),
                Grant::CostBy(_) => GrantSort::CostBy,
                Grant::DamageTaken(r) => GrantSort::DamageTaken(*r),
                Grant::InsteadOfCemetery(zone) => GrantSort::InsteadOfCemetery(*zone),
                Grant::BecomesType(t) => GrantSort::BecomesType(*t),
            }),
        }
    }
}
