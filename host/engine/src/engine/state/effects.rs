//! Persistent effects (rules-coverage.md §12.8, CR 10.9): modifiers with a duration,
//! applied to one card object or to a player.

use crate::cards::Keywords;
use crate::engine::ids::{CardRef, ObjectId, PlayerId};
use serde::{Deserialize, Serialize};

/// A persistent effect on one card object.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Effect {
    /// The card it applies to.
    pub card: CardRef,
    /// The object it applies to; the effect ends when the card changes zones.
    pub object: ObjectId,
    /// What it does.
    pub kind: EffectKind,
    /// How long it lasts.
    pub duration: Duration,
    /// The card whose ability created it.
    pub source: Option<CardRef>,
    /// Creation order (CR 10.9.1.4).
    pub timestamp: u32,
    /// The turn it was made in (set when it is added): an effect lasting
    /// until the end of the opponent's next turn made in that opponent's
    /// own turn outlasts it.
    #[serde(default)]
    pub created_turn: u32,
}

/// What a persistent effect changes.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum EffectKind {
    /// Attack and defense modifiers ("+X/+Y").
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
    /// Evolve cost change (negative = cheaper).
    EvolveCost(i32),
    /// The evolve cost becomes this (later changes still apply).
    SetEvolveCost(i32),
    /// Gains a trait: an index into [`GameState::granted_traits`](super::GameState::granted_traits).
    Trait(u16),
    /// Changes the damage the card (a follower, or a leader) takes: a
    /// replacement effect (later-sets §11.2, §12.14, CR 10.10).
    DamageTaken(DamageReplacement),
    /// Maneuvered (later-sets §12.4, CR 5.32): an amulet with printed
    /// attack and defense is a follower with those values; stat changes
    /// made before it don't carry over, abilities given stay.
    Maneuvered,
    /// Its card type becomes this one (later-sets §12.6, CR 5.25): "change
    /// it into an amulet"; it keeps its abilities, and a non-follower has
    /// no attack or defense.
    BecomesType(crate::cards::CardType),
    /// If it would be put into the cemetery from the field, it goes to
    /// this zone instead (later-sets §11.2): a replacement effect on
    /// moving, made by an ability for a duration.
    InsteadOfCemetery(crate::cards::InsteadZone),
}

/// A replacement effect on the damage one follower or leader would take
/// (later-sets §11.2, §12.14, CR 10.10): "takes N less damage", "takes no
/// damage", "if it would take more than N damage, it takes N instead", each
/// for every instance while it lasts or only "the next time".
/// `flow/damage_order.rs` orders it with the others that apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageReplacement {
    /// What it does to the amount.
    pub change: DamageChange,
    /// Which damage it replaces.
    pub damage: DamageFilter,
    /// Only the next time: used up by the first damage of more than 0 it
    /// meets, and not by damage already brought to 0 (CR 1.3.2.2).
    pub next_time_only: bool,
}

impl DamageReplacement {
    /// In players' words: "the next time, takes no damage from abilities",
    /// "takes 1 less damage", "takes at most 4 combat damage".
    pub fn words(self) -> String {
        let damage = match self.damage {
            DamageFilter::Any => "damage",
            DamageFilter::Ability => "damage from abilities",
            DamageFilter::Combat => "combat damage",
        };
        let change = match self.change {
            DamageChange::Less(n) => format!("takes {n} less {damage}"),
            DamageChange::Nothing => format!("takes no {damage}"),
            DamageChange::AtMost(n) => format!("takes at most {n} {damage}"),
        };
        if self.next_time_only {
            format!("the next time, {change}")
        } else {
            change
        }
    }
}

/// How a [`DamageReplacement`] changes an amount of damage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DamageChange {
    /// Takes N less damage.
    Less(i32),
    /// Takes no damage.
    Nothing,
    /// Takes N damage instead of more (a cap per instance).
    AtMost(i32),
}

/// Which damage a [`DamageReplacement`] replaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DamageFilter {
    /// Any damage.
    Any,
    /// Damage from abilities.
    Ability,
    /// Damage of an attack or a fight (attack and combat damage).
    Combat,
}

impl DamageFilter {
    /// Whether damage of `kind` is of this kind.
    pub fn covers(self, kind: crate::engine::DamageKind) -> bool {
        use crate::engine::DamageKind;
        match self {
            DamageFilter::Any => true,
            DamageFilter::Ability => kind == DamageKind::Ability,
            DamageFilter::Combat => matches!(kind, DamageKind::Attack | DamageKind::Combat),
        }
    }
}

/// How long an effect lasts (rules-coverage.md §12.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Duration {
    /// While the card stays in its zone.
    WhileInZone,
    /// Until the end of the current turn (end phase step 8).
    EndOfTurn,
    /// Until the end of the next turn of `controller`'s opponent: the first
    /// turn of theirs that begins after the effect was made.
    EndOfOpponentNextTurn {
        /// Controller of the effect.
        controller: PlayerId,
    },
}
