//! How a match's state is stored: plain typed data, cheap to clone
//! (rules-coverage.md Appendix C items 1–4). Reading derived information (current
//! stats, class counts) is in [`query`]; changing state goes only through
//! [`Match::apply`](crate::engine::Match) in `mutation.rs`.
//!
//! - `arena`: every card of the match by `CardRef`, with the journal of
//!   writes a rollback undoes; `marks`: a card's counters and once-per-turn
//!   uses as small fixed-size values, so a card's state is `Copy`;
//!   `card_list`: a zone's list, copied on write between clones.
//! - `query`: current characteristics, class counts and zone limits;
//!   `cache`: characteristics kept until a change makes them stale; `value`:
//!   a passive's `ValueExpr` worked out.
//! - `filter`: card filters, read from a card as it is or as it was on the
//!   field (`lookback`, CR 10.7.4.1); `effects`: lasting effects with their
//!   durations.
//!
//! A card that changes zones is a new object with a new `ObjectId` (CR
//! 4.1.4); its `CardRef` stays the same for the whole match.

mod arena;
pub(crate) mod cache;
mod card_list;
mod effects;
mod filter;
mod lookback;
mod lost;
mod marks;
mod passives;
mod player_effects;
pub(crate) mod query;
mod value;

pub use arena::CardArena;
pub(crate) use arena::JournalMark;
pub use card_list::{CardList, CardListIter};
pub use effects::{DamageChange, DamageFilter, DamageReplacement, Duration, Effect, EffectKind};
pub use lookback::{LastKnown, LookBack, MAX_LAST_KNOWN};
pub use marks::{AbilityUses, Counters, DECLARED_KINDS_PER_CARD};
pub use player_effects::{PlayerEffect, PlayerEffectKind, TurnWindow};
pub use query::Characteristics;

use super::ids::{AbilityIdx, CardRef, DefId, ObjectId, PlayerId};
use crate::cards::Counter;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// Zones (rules-coverage.md §3.1). Every card of a match is in exactly one.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Zone {
    /// Leader area.
    Leader,
    /// Main deck (private, ordered).
    Deck,
    /// Hand (private).
    Hand,
    /// Field (limit 5).
    Field,
    /// EX area (limit 5).
    ExArea,
    /// Cemetery.
    Cemetery,
    /// Banished zone.
    Banished,
    /// Evolve deck area (face-down cards private, face-up ones public).
    EvolveDeck,
    /// Evolve zone: an evolved card linked under a field follower.
    EvolveZone,
    /// Resolution zone: a card being played.
    Resolution,
    /// Tokens that left the field or EX area cease to exist (CR 9.1.3).
    RemovedFromGame,
    /// Equipment zone (later-sets §5, CR 4.16): equipment tokens, each
    /// linked to a follower on the field; public.
    Equipment,
    /// Trigger zone (later-sets §2.3, CR 4.15): the card a drive check
    /// revealed, until its Trigger is resolved or declined; public.
    Trigger,
    /// Drive zone (later-sets §2.5, CR 4.14): the Drive Points Rides put
    /// there, each linked to the follower that rode; public.
    Drive,
}

impl Zone {
    /// Whether the cards in this zone are hidden from the opponent.
    pub fn is_private(self) -> bool {
        matches!(self, Zone::Deck | Zone::Hand | Zone::EvolveDeck)
    }

    /// A short lower-case name for logs.
    pub fn name(self) -> &'static str {
        match self {
            Zone::Leader => "leader area",
            Zone::Deck => "deck",
            Zone::Hand => "hand",
            Zone::Field => "field",
            Zone::ExArea => "EX area",
            Zone::Cemetery => "cemetery",
            Zone::Banished => "banished zone",
            Zone::EvolveDeck => "evolve deck",
            Zone::EvolveZone => "evolve zone",
            Zone::Resolution => "resolution zone",
            Zone::RemovedFromGame => "nowhere",
            Zone::Equipment => "equipment zone",
            Zone::Trigger => "trigger zone",
            Zone::Drive => "drive zone",
        }
    }
}

/// The phase of the current turn (rules-coverage.md §7).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Phase {
    /// Before the first turn: mulligans.
    Setup,
    /// Start phase.
    Start,
    /// Main phase.
    Main,
    /// End phase.
    End,
    /// The match is over.
    GameOver,
}

/// How a match ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Outcome {
    /// This player won.
    Win(PlayerId, WinReason),
    /// Both players lost at once, or an endless loop (CR 15.2.1.3).
    Draw,
}

/// Why the loser lost.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum WinReason {
    /// Leader defense 0 or less (CR 11.2.1).
    LeaderDefense,
    /// Drew from an empty deck (CR 11.2.2).
    DeckOut,
    /// The opponent conceded.
    Concede,
    /// A card's effect said its controller wins (CR 1.2.4, 5.23).
    Effect,
}

/// One card object and its placement state: plain data, so the card
/// arena clones as one copy.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardState {
    /// The printed card.
    pub def: DefId,
    /// Who owns it (whose zones it returns to).
    pub owner: PlayerId,
    /// Who controls it.
    pub controller: PlayerId,
    /// Current zone.
    pub zone: Zone,
    /// Rules identity; changes at every zone change.
    pub object: ObjectId,
    /// Engaged (sideways) rather than reserved.
    pub engaged: bool,
    /// Face up (only meaningful in the evolve deck: face-up cards are used).
    pub face_up: bool,
    /// Damage on a field follower.
    pub damage: i32,
    /// Counters.
    pub counters: Counters,
    /// On a field follower: the evolved card linked to it.
    pub evolved_with: Option<CardRef>,
    /// On an evolved card or a Carrot in the evolve zone: the follower it
    /// is linked to.
    pub linked_to: Option<CardRef>,
    /// On a field follower: the Carrots linked to it (it has raced that
    /// many times; Umamusume, rules-coverage.md §2.10).
    #[serde(default)]
    pub raced: u8,
    /// The zone it came from into its current zone, looking through the
    /// resolution zone (a card played from the hand came from the hand).
    #[serde(default)]
    pub came_from: Option<Zone>,
    /// Turn number when it entered its current zone.
    pub entered_turn: u32,
    /// Turn number it evolved in (0 = not evolved).
    pub evolved_turn: u32,
    /// It super-evolved.
    pub super_evolved: bool,
    /// It fought a Bane follower since the last rules handling (CR 11.3.2).
    pub fought_bane: bool,
    /// Uses of once-per-turn abilities in the latest turn it used one.
    pub ability_uses: AbilityUses,
    /// This object has been given Drive (later-sets §2.4, CR 14.4.7.3):
    /// giving it Drive again does nothing, even after it lost Drive.
    #[serde(default)]
    pub given_drive: bool,
    /// When this object began, on the clock of effects' timestamps
    /// ([`GameState::next_timestamp`]): its passives' timestamp. A card
    /// that lost its abilities keeps what passives of cards that arrived
    /// later give it (later-sets §12.2).
    #[serde(default)]
    pub since: u32,
}

impl CardState {
    /// A new card object of `def` owned (and controlled) by `owner`, in
    /// `zone`: face down, nothing on it, entered in turn 0. Callers set
    /// what differs (face up, the turn it entered).
    pub fn new(def: DefId, owner: PlayerId, zone: Zone, object: ObjectId) -> CardState {
        CardState {
            def,
            owner,
            controller: owner,
            zone,
            object,
            engaged: false,
            face_up: false,
            damage: 0,
            counters: Counters::default(),
            evolved_with: None,
            linked_to: None,
            raced: 0,
            came_from: None,
            entered_turn: 0,
            evolved_turn: 0,
            super_evolved: false,
            fought_bane: false,
            ability_uses: AbilityUses::default(),
            given_drive: false,
            since: 0,
        }
    }

    /// Number of counters of one kind.
    pub fn counter(&self, kind: Counter) -> u32 {
        self.counters.get(kind)
    }
}

/// Per-player state (rules-coverage.md Appendix C item 3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerState {
    /// The leader card.
    pub leader: CardRef,
    /// Main deck; the **last** element is the top card.
    pub deck: CardList,
    /// Hand.
    pub hand: CardList,
    /// Field, in placement order.
    pub field: CardList,
    /// EX area.
    pub ex_area: CardList,
    /// Cemetery, oldest first.
    pub cemetery: CardList,
    /// Banished zone.
    pub banished: CardList,
    /// Evolve deck area (face-down and face-up cards).
    pub evolve_deck: CardList,
    /// Equipment zone (later-sets §5): equipment tokens, each linked to
    /// the follower it equips (`CardState::linked_to`).
    #[serde(default)]
    pub equipment: CardList,
    /// Trigger zone (later-sets §2.3): the card being drive-checked, only
    /// ever during a drive check.
    #[serde(default)]
    pub trigger_zone: CardList,
    /// Drive zone (later-sets §2.5): Drive Points, each linked to the
    /// follower whose Ride put it there (`CardState::linked_to`).
    #[serde(default)]
    pub drive_zone: CardList,
    /// Current play points (0..=max_pp).
    pub pp: i32,
    /// Maximum play points (0..=10).
    pub max_pp: i32,
    /// Evolution points (≥ 0, no cap).
    pub ep: i32,
    /// Super-evolution points (≥ 0).
    pub sep: i32,
    /// Leader defense (no cap; may go below 0).
    pub leader_defense: i32,
    /// Own turns begun, the current one included (CR 3.3).
    pub turns_passed: u32,
    /// This player goes first.
    pub goes_first: bool,
    /// Used the turn's evolve ability.
    pub evolved_this_turn: bool,
    /// Had to draw from an empty deck (loss at rules handling).
    pub drew_from_empty_deck: bool,
    /// Leader lost defense this turn (Sanguine).
    pub lost_defense_this_turn: bool,
    /// Cards played this turn (Combo).
    pub cards_played_this_turn: u32,
    /// Spells played this turn.
    pub spells_played_this_turn: u32,
    /// What this player's cards went through this turn, for card text that
    /// counts it ("if a follower was destroyed this turn").
    #[serde(default)]
    pub this_turn: TurnRecord,
    /// The player has conceded.
    pub conceded: bool,
    /// The player's next turn does not begin (CR 5.26; however many
    /// effects said so, one turn).
    #[serde(default)]
    pub skip_next_turn: bool,
    /// What the player's deck is built on (CR 6.1.1.5), public: Union
    /// Burst, Magical Items and other universe rules depend on it.
    #[serde(default)]
    pub basis: Basis,
}

/// What a player's deck is built on in a match (CR 6.1.1.5): its leader's
/// class, or a crossover universe (the number of its entry in
/// `sve_vocab::UNIVERSES`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Basis {
    /// The leader's class (universe rules do nothing for this player).
    #[default]
    Class,
    /// A crossover universe, by its number.
    Universe(u8),
}

impl Basis {
    /// The universe the deck is built on, if it is.
    pub fn universe(self) -> Option<u8> {
        match self {
            Basis::Class => None,
            Basis::Universe(n) => Some(n),
        }
    }

    /// The universe's vocabulary entry, if the deck is built on one.
    pub fn universe_info(self) -> Option<&'static sve_vocab::UniverseInfo> {
        self.universe()
            .and_then(|n| sve_vocab::UNIVERSES.get(usize::from(n)))
    }
}

/// One player's cards that something happened to during the current turn,
/// in the order it happened; cleared when a turn begins. Each list names
/// the card, which card code inspects wherever it is now.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TurnRecord {
    /// The player's cards destroyed (controller when destroyed).
    pub destroyed: Vec<CardRef>,
    /// Cards the player discarded.
    pub discarded: Vec<CardRef>,
    /// The player's cards that attacked.
    pub attacked: Vec<CardRef>,
    /// Spells the player played.
    pub spells_played: Vec<CardRef>,
    /// The player's cards returned from their field to the hand.
    pub returned_to_hand_from_field: Vec<CardRef>,
    /// Cards banished from the player's EX area (a Lesson's Magical Items
    /// among them: later-sets §3.2).
    #[serde(default)]
    pub banished_from_ex: Vec<CardRef>,
    /// The sources of the player's Union Burst abilities executed (played
    /// and resolved, CR 14.5.1.3), one entry per execution.
    #[serde(default)]
    pub union_bursts: Vec<CardRef>,
}

impl TurnRecord {
    /// Empties every list, keeping their room for the next turn.
    pub fn clear(&mut self) {
        let TurnRecord {
            destroyed,
            discarded,
            attacked,
            spells_played,
            returned_to_hand_from_field,
            banished_from_ex,
            union_bursts,
        } = self;
        for list in [
            destroyed,
            discarded,
            attacked,
            spells_played,
            returned_to_hand_from_field,
            banished_from_ex,
            union_bursts,
        ] {
            list.clear();
        }
    }
}

impl PlayerState {
    /// The cards of a per-player zone.
    pub fn zone(&self, zone: Zone) -> &[CardRef] {
        match zone {
            Zone::Deck => &self.deck,
            Zone::Hand => &self.hand,
            Zone::Field => &self.field,
            Zone::ExArea => &self.ex_area,
            Zone::Cemetery => &self.cemetery,
            Zone::Banished => &self.banished,
            Zone::EvolveDeck => &self.evolve_deck,
            Zone::Equipment => &self.equipment,
            Zone::Trigger => &self.trigger_zone,
            Zone::Drive => &self.drive_zone,
            Zone::Leader => std::slice::from_ref(&self.leader),
            Zone::EvolveZone | Zone::Resolution | Zone::RemovedFromGame => &[],
        }
    }

    pub(crate) fn zone_mut(&mut self, zone: Zone) -> Option<&mut Vec<CardRef>> {
        Some(match zone {
            Zone::Deck => &mut *self.deck,
            Zone::Hand => &mut *self.hand,
            Zone::Field => &mut *self.field,
            Zone::ExArea => &mut *self.ex_area,
            Zone::Cemetery => &mut *self.cemetery,
            Zone::Banished => &mut *self.banished,
            Zone::EvolveDeck => &mut *self.evolve_deck,
            Zone::Equipment => &mut *self.equipment,
            Zone::Trigger => &mut *self.trigger_zone,
            Zone::Drive => &mut *self.drive_zone,
            Zone::Leader | Zone::EvolveZone | Zone::Resolution | Zone::RemovedFromGame => {
                return None;
            }
        })
    }
}

/// An attack in progress (rules-coverage.md §8.3).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Combat {
    /// The attacking follower and its object at declaration.
    pub attacker: (CardRef, ObjectId),
    /// What it attacks.
    pub target: AttackTarget,
}

/// An attack target.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum AttackTarget {
    /// A follower (card and object at declaration).
    Follower(CardRef, ObjectId),
    /// A player's leader.
    Leader(PlayerId),
}

/// An automatic ability waiting to be played (rules-coverage.md §11.4).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PendingAbility {
    /// The card whose ability it is.
    pub source: CardRef,
    /// The source's object when it triggered.
    pub source_object: ObjectId,
    /// The definition the ability belongs to (look-back, CR 10.7.4).
    pub def: DefId,
    /// Which ability of that definition, or a keyword ability.
    pub what: PendingWhat,
    /// Who plays it.
    pub controller: PlayerId,
    /// The card that caused the trigger, if any.
    pub trigger_card: Option<CardRef>,
    /// A number carried by the event (damage dealt, defense gained).
    pub amount: i32,
}

/// What a pending ability is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PendingWhat {
    /// An ability of the card's definition.
    Ability(AbilityIdx),
    /// The Drain keyword ability (CR 12.13): the leader gains `amount`.
    Drain,
    /// Single Drive (1) or Twin Drive (2) (later-sets §2.4, CR 14.4.6):
    /// that many drive checks, one after the other.
    DriveChecks(u8),
}

impl PendingWhat {
    /// The card ability, if it is one.
    pub fn ability(self) -> Option<AbilityIdx> {
        match self {
            PendingWhat::Ability(idx) => Some(idx),
            PendingWhat::Drain | PendingWhat::DriveChecks(_) => None,
        }
    }
}

/// The whole state of a match at a decision point, minus the pending work.
#[derive(Clone, Debug)]
pub struct GameState {
    /// Every card of the match, indexed by [`CardRef`].
    pub cards: CardArena,
    /// Both players.
    pub players: [PlayerState; 2],
    /// The resolution zone (shared).
    pub resolution: Vec<CardRef>,
    /// Global turn number (1 = the first player's first turn; 0 in setup).
    pub turn: u32,
    /// Whose turn it is.
    pub active: PlayerId,
    /// Current phase.
    pub phase: Phase,
    /// Persistent effects in timestamp order.
    pub effects: Vec<Effect>,
    /// Automatic abilities waiting for Confirmation Timing.
    pub pending: Vec<PendingAbility>,
    /// The attack in progress.
    pub combat: Option<Combat>,
    /// Players who take another turn after this one, most recent last.
    pub extra_turns: Vec<PlayerId>,
    /// Effects on players for a window of turns, oldest first
    /// (`player_effects.rs`, later-sets §12.10, §12.12).
    pub player_effects: Vec<PlayerEffect>,
    /// Delayed triggers waiting for their events, oldest first
    /// (`engine/delayed.rs`).
    pub delayed: Vec<crate::engine::DelayedTrigger>,
    /// The cards that left the field this turn, as they were there
    /// (last-known information, later-sets §11.1; `lookback.rs`).
    pub last_known: Vec<LastKnown>,
    /// Next object id to hand out.
    pub next_object: u32,
    /// Next effect timestamp.
    pub next_timestamp: u32,
    /// The match's only source of randomness.
    pub rng: ChaCha8Rng,
    /// Set when the match is over.
    pub outcome: Option<Outcome>,
    /// Trait names effects have given ([`EffectKind::Trait`] indexes
    /// them); each name once.
    pub granted_traits: Vec<String>,
    /// How many cards are in the evolve zone, kept where cards move (the
    /// zone has no list of its own): rules handling looks for unlinked
    /// evolved cards only while there are some. The invariant check
    /// recounts it.
    pub evolve_zone_cards: u32,
    /// Characteristics worked out since the state last changed
    /// (`cache.rs`); a clone starts without them.
    pub(crate) cache: cache::CharacteristicsCache,
}

impl GameState {
    /// A card's state.
    ///
    /// Panics if `card` is not a card of this match.
    pub fn card(&self, card: CardRef) -> &CardState {
        &self.cards[card.idx()]
    }

    /// Every card of the match, arena order.
    pub fn card_refs(&self) -> impl Iterator<Item = CardRef> + use<> {
        (0..self.cards.len()).filter_map(CardRef::from_idx)
    }

    /// The ref the next new card object gets, or `None` when the match
    /// already holds [`MAX_CARD_OBJECTS`](crate::engine::ids::MAX_CARD_OBJECTS).
    pub fn next_card_ref(&self) -> Option<CardRef> {
        if self.cards.len() >= crate::engine::ids::MAX_CARD_OBJECTS {
            return None;
        }
        CardRef::from_idx(self.cards.len())
    }

    /// A player's state.
    pub fn player(&self, player: PlayerId) -> &PlayerState {
        &self.players[player.idx()]
    }

    /// The player who is not active.
    pub fn non_active(&self) -> PlayerId {
        self.active.opponent()
    }

    /// Whether the card is still the same object.
    pub fn is_same_object(&self, card: CardRef, object: ObjectId) -> bool {
        self.cards
            .get(card.idx())
            .is_some_and(|c| c.object == object)
    }
}
