//! Conversions between `sve:cards@0.1.0` and `sve:cards@0.2.0`'s types;
//! the 0.2.0 adapter converts those on to the current API's (the chain
//! keeps this file as it was when 0.2.0 was current).
//!
//! Most types kept their shape and convert case by case or field by field
//! (the macros of `wit/adapt.rs`). What changed in 0.2.0, by hand below:
//! - `keywords` was a 29-flag set; it is a 64-bit set whose bits are the
//!   vocabulary's (`sve_vocab::KEYWORDS`), and the 29 flags were the first
//!   29 keywords in order, so a flag's position is its bit;
//! - `counter` was an enum; it is the vocabulary's counter number
//!   (`sve_vocab::COUNTERS`), whose first four are the enum's cases;
//! - tuples became records: `activation`, `selection`, `stat-change` and
//!   `counter-count` (whose count grew from `u8` to `u32` in costs).

use super::sve::cards::{game as old_game, types as old};
use crate::packs::wit::adapt::{Adapt, adapt_record, adapt_variant};
use crate::packs::wit::since_v0_2_0::sve::cards::{game as new_game, types as new};

/// The 0.1.0 keyword flags, in their declared order: flag n is
/// vocabulary bit n.
const KEYWORD_FLAGS: [old::Keywords; 29] = [
    old::Keywords::WARD,
    old::Keywords::STORM,
    old::Keywords::RUSH,
    old::Keywords::ASSAIL,
    old::Keywords::INTIMIDATE,
    old::Keywords::DRAIN,
    old::Keywords::BANE,
    old::Keywords::AURA,
    old::Keywords::QUICK,
    old::Keywords::IGNORE_WARD,
    old::Keywords::PUT_ON_FIELD_ENGAGED,
    old::Keywords::USE_DEF_AS_ATK,
    old::Keywords::RUNE_FOLLOWERS_FOR_SPELLCHAIN,
    old::Keywords::CANNOT_DESTROY_BY_ABILITIES,
    old::Keywords::CANNOT_ATTACK,
    old::Keywords::CANNOT_ATTACK_LEADERS,
    old::Keywords::PLUS1_DAMAGE,
    old::Keywords::PLUS2_DAMAGE,
    old::Keywords::PLUS3_DAMAGE,
    old::Keywords::PLUS4_DAMAGE,
    old::Keywords::DAMAGE_REDUCTION1,
    old::Keywords::DAMAGE_REDUCTION_ABILITIES1,
    old::Keywords::CANNOT_DEAL_DAMAGE,
    old::Keywords::DOES_NOT_TAKE_DAMAGE,
    old::Keywords::DOES_NOT_TAKE_COMBAT_DAMAGE,
    old::Keywords::DOUBLE_COMBAT_DAMAGE,
    old::Keywords::DOUBLE_LEADER_DAMAGE,
    old::Keywords::STACK,
    old::Keywords::EARTH_RITE,
];

impl Adapt<u64> for old::Keywords {
    fn adapt(self) -> u64 {
        KEYWORD_FLAGS
            .iter()
            .enumerate()
            .filter(|(_, flag)| self.contains(**flag))
            .fold(0, |bits, (bit, _)| bits | 1 << bit)
    }
}

/// Keywords past the 29 this version names are left out: its packs can't
/// know them.
impl Adapt<old::Keywords> for u64 {
    fn adapt(self) -> old::Keywords {
        KEYWORD_FLAGS
            .iter()
            .enumerate()
            .filter(|(bit, _)| self & 1 << bit != 0)
            .fold(old::Keywords::empty(), |flags, (_, flag)| flags | *flag)
    }
}

/// Counter kinds were an enum whose cases are the vocabulary's first four
/// counters, in order.
impl Adapt<u8> for old::Counter {
    fn adapt(self) -> u8 {
        match self {
            old::Counter::Stack => 0,
            old::Counter::Spell => 1,
            old::Counter::Prayer => 2,
            old::Counter::Fable => 3,
        }
    }
}

// Both ways: in arguments and in results.
adapt_variant!(old <-> new::Zone {
    Leader, Deck, Hand, Field, ExArea, Cemetery, Banished, EvolveDeck, EvolveZone, Resolution,
    Removed,
});
adapt_variant!(old <-> new::CardType { Follower, EvolvedFollower, Spell, Amulet, Leader });
adapt_variant!(old <-> new::CardClass { Forest, Sword, Rune, Dragon, Abyss, Haven, Neutral });

// From the pack: arguments and the manifest.
adapt_variant!(old -> new::Duration { WhileInZone, EndOfTurn, EndOfOpponentNextTurn });
adapt_variant!(old -> new::TokenDestination { Field, ExArea, FieldOverflowToEx });
adapt_variant!(old -> new::ActivationZone { Field, Hand, ExArea, Cemetery });
adapt_variant!(old -> new::ChoiceOption { Yes, No; Card, Label });
adapt_variant!(old -> new::Trigger {
    Fanfare, LastWords, OnLeaveField, OnReturnToHandFromField, OnDiscarded, OnEvolve,
    OnSuperEvolve, Strike, FollowerStrike, LeaderStrike, OnDealCombatDamage,
    OnLeaderGainDefense, StartMainPhase, StartOpponentMainPhase, StartEndPhase,
    StartOpponentEndPhase;
    OnOtherEnterField, OnOtherLeaveField, OnOpponentCardDestroyed, OnOtherEvolve,
    OnOtherAttack, OnPlaySpell,
});
adapt_variant!(old -> new::PassiveScope {
    ThisCard; OtherAlliesOnField, AlliesOnField, AlliesInHand
});
adapt_variant!(old -> new::PassiveCondition {
    Always, YourTurn, OpponentTurn, Overflow, Sanguine; Combo, Spellchain, Necrocharge
});
adapt_variant!(old -> new::AbilityKind { Spell, Sub; Triggered, Activated, Passive });
/// Cost items; "bury others" became the general "move own cards".
impl Adapt<new::CostItem> for old::CostItem {
    fn adapt(self) -> new::CostItem {
        match self {
            old::CostItem::PlayPoints(n) => new::CostItem::PlayPoints(n),
            old::CostItem::EngageSelf => new::CostItem::EngageSelf,
            old::CostItem::LeaderDefense(n) => new::CostItem::LeaderDefense(n),
            old::CostItem::Discard(s) => new::CostItem::Discard(s.adapt()),
            old::CostItem::BanishFromCemetery(s) => new::CostItem::BanishFromCemetery(s.adapt()),
            old::CostItem::BurySelf => new::CostItem::BurySelf,
            // "Put N other matching cards on your field into the cemetery".
            old::CostItem::BuryOthers((count, filter)) => new::CostItem::MoveOwn(new::OwnCards {
                action: new::CostMove::Bury,
                zone: new::CostZone::Field,
                filter: new::CardFilter {
                    other: true,
                    ..filter.adapt()
                },
                min: count,
                max: count,
                all: false,
            }),
            old::CostItem::ReturnSelfToHand => new::CostItem::ReturnSelfToHand,
            old::CostItem::BanishSelf => new::CostItem::BanishSelf,
            old::CostItem::RemoveCounters(c) => new::CostItem::RemoveCounters(c.adapt()),
            old::CostItem::EarthRite(n) => new::CostItem::EarthRite(n),
        }
    }
}
adapt_variant!(old -> new::Grant { ; Keywords, Stats, Cost });
adapt_record!(old -> new::Range { min, max });
adapt_record!(old -> new::CardFilter {
    types, traits_any, keywords, without_keywords, name, not_name, class, token, cost, attack,
    engaged, other,
});
adapt_record!(old -> new::ChoiceRequest { player, text, options, min, max });
adapt_record!(old -> new::Passive { grant, scope, condition });
adapt_record!(old -> new::AbilityDef { name, kind, costs, once_per_turn, text });
/// Cards; `unplayable` came in 0.2.0.
impl Adapt<new::CardDef> for old::CardDef {
    fn adapt(self) -> new::CardDef {
        new::CardDef {
            id: self.id,
            name: self.name,
            class: self.class.adapt(),
            card_type: self.card_type.adapt(),
            traits: self.traits,
            cost: self.cost,
            attack: self.attack,
            defense: self.defense,
            evolve_cost: self.evolve_cost,
            keywords: self.keywords.adapt(),
            initial_counters: self.initial_counters.adapt(),
            is_token: self.is_token,
            abilities: self.abilities.adapt(),
            text: self.text,
            unplayable: None,
        }
    }
}
adapt_record!(old -> new::Manifest { cards });

// To the pack: calls and results.
adapt_variant!(new -> old::Halt { NeedsDecision, Failed });
adapt_record!(new -> old::AbilityCall {
    source, source_object, card_id, ability, controller, trigger_card, amount,
});
adapt_record!(new -> old::PlayerInfo {
    pp, max_pp, ep, sep, leader_defense, turns_passed, combo, spellchain, overflow, sanguine,
    cemetery_count, hand_count, deck_count,
});
adapt_record!(new_game -> old_game::TurnRecord {
    destroyed, discarded, attacked, spells_played, returned_to_hand_from_field,
});

/// Card information, with counters of kinds added after 0.1.0 left out:
/// its packs can't know them.
impl Adapt<old::CardInfo> for new::CardInfo {
    fn adapt(self) -> old::CardInfo {
        let old_counter = |index: u8| {
            [
                old::Counter::Stack,
                old::Counter::Spell,
                old::Counter::Prayer,
                old::Counter::Fable,
            ]
            .into_iter()
            .find(|counter| Adapt::<u8>::adapt(*counter) == index)
        };
        old::CardInfo {
            card: self.card,
            object: self.object,
            id: self.id,
            name: self.name,
            card_type: self.card_type.adapt(),
            class: self.class.adapt(),
            traits: self.traits,
            zone: self.zone.adapt(),
            owner: self.owner,
            controller: self.controller,
            engaged: self.engaged,
            evolved: self.evolved,
            is_token: self.is_token,
            attack: self.attack,
            defense: self.defense,
            max_defense: self.max_defense,
            cost: self.cost,
            keywords: self.keywords.adapt(),
            counters: self
                .counters
                .into_iter()
                .filter_map(|c| Some((old_counter(c.counter)?, c.count)))
                .collect(),
        }
    }
}

/// A 0.1.0 tuple as the record that replaced it.
macro_rules! adapt_tuple {
    (($a:ty, $b:ty) -> $record:ident { $first:ident, $second:ident }) => {
        impl Adapt<new::$record> for ($a, $b) {
            fn adapt(self) -> new::$record {
                new::$record {
                    $first: self.0.adapt(),
                    $second: self.1.adapt(),
                }
            }
        }
    };
}

adapt_tuple!((bool, old::ActivationZone) -> Activation { quick, zone });
adapt_tuple!((u8, old::CardFilter) -> Selection { count, filter });
adapt_tuple!((i32, i32) -> StatChange { attack, defense });
adapt_tuple!((old::Counter, u32) -> CounterCount { counter, count });
adapt_tuple!((old::Counter, u8) -> CounterCount { counter, count });

/// Counts of counters to remove in costs were `u8`.
impl Adapt<u32> for u8 {
    fn adapt(self) -> u32 {
        u32::from(self)
    }
}

/// A 0.1.0 pack's manifest in 0.2.0's types.
pub(crate) fn manifest_in(manifest: old::Manifest) -> new::Manifest {
    manifest.adapt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// The adapter reads flag n as vocabulary bit n: the frozen flags must
    /// be the vocabulary's first keywords, in order.
    #[test]
    fn the_frozen_keyword_flags_are_the_vocabularys_first_bits() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let wit = std::fs::read_to_string(root.join("wit/since_v0.1.0/cards.wit"))
            .expect("the 0.1.0 WIT");
        let start = wit.find("flags keywords {").expect("flags keywords");
        let body = &wit[start + "flags keywords {".len()..];
        let end = body.find('}').expect("the flags' closing brace");
        let flags: Vec<&str> = body[..end]
            .split(',')
            .map(str::trim)
            .filter(|flag| !flag.is_empty())
            .collect();
        let vocabulary: Vec<&str> = sve_vocab::KEYWORDS.iter().map(|k| k.wit).collect();
        assert_eq!(flags.len(), KEYWORD_FLAGS.len());
        assert_eq!(flags, vocabulary[..flags.len()]);
        for (bit, flag) in KEYWORD_FLAGS.iter().enumerate() {
            assert_eq!(Adapt::<u64>::adapt(*flag), 1 << bit, "{}", flags[bit]);
            assert_eq!(Adapt::<old::Keywords>::adapt(1u64 << bit), *flag);
        }
        // Keywords added after 0.1.0 don't reach its packs.
        assert_eq!(
            Adapt::<old::Keywords>::adapt(1u64 << 40),
            old::Keywords::empty()
        );
    }
}
