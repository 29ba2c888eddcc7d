//! Conversions between `sve:cards@0.2.0` and the current API's types.
//!
//! Every type converts case by case or field by field (the macros of
//! `wit/adapt.rs`). What 0.3.0 added, a 0.2.0 pack has none of (its
//! manifest declares no keyword) and never sees (a card's declared
//! keywords are left out of what it reads).

use super::sve::cards::{game as old_game, types as old};
use crate::packs::wit::adapt::{Adapt, adapt_record, adapt_variant};
use crate::packs::wit::latest::sve::cards::{game as new_game, types as new};

// In arguments.
adapt_variant!(old -> new::Zone {
    Leader, Deck, Hand, Field, ExArea, Cemetery, Banished, EvolveDeck, EvolveZone, Resolution,
    Removed,
});

/// A 0.2.0 pack knows no equipment zone (0.3.0, later-sets §5): a card
/// there is nowhere it could act on, as a card that ceased to exist.
impl Adapt<old::Zone> for new::Zone {
    fn adapt(self) -> old::Zone {
        match self {
            new::Zone::Leader => old::Zone::Leader,
            new::Zone::Deck => old::Zone::Deck,
            new::Zone::Hand => old::Zone::Hand,
            new::Zone::Field => old::Zone::Field,
            new::Zone::ExArea => old::Zone::ExArea,
            new::Zone::Cemetery => old::Zone::Cemetery,
            new::Zone::Banished => old::Zone::Banished,
            new::Zone::EvolveDeck => old::Zone::EvolveDeck,
            new::Zone::EvolveZone => old::Zone::EvolveZone,
            new::Zone::Resolution => old::Zone::Resolution,
            new::Zone::Removed | new::Zone::Equipment | new::Zone::Trigger | new::Zone::Drive => {
                old::Zone::Removed
            }
        }
    }
}
adapt_variant!(old -> new::CardType { Follower, EvolvedFollower, Spell, Amulet, Leader });

/// A 0.2.0 pack knows no crest (0.3.0, later-sets §4): it reads one as an
/// amulet, the type nearest to it (a card with neither attack nor defense
/// that stays where it is put).
impl Adapt<old::CardType> for new::CardType {
    fn adapt(self) -> old::CardType {
        match self {
            new::CardType::Follower => old::CardType::Follower,
            new::CardType::EvolvedFollower => old::CardType::EvolvedFollower,
            new::CardType::Spell => old::CardType::Spell,
            new::CardType::Amulet | new::CardType::Crest => old::CardType::Amulet,
            new::CardType::Leader => old::CardType::Leader,
        }
    }
}
adapt_variant!(old <-> new::CardClass { Forest, Sword, Rune, Dragon, Abyss, Haven, Neutral });
adapt_record!(old <-> new::CounterCount { counter, count });

// From the pack: arguments and the manifest.
adapt_variant!(old -> new::Duration { WhileInZone, EndOfTurn, EndOfOpponentNextTurn });
adapt_variant!(old -> new::TokenDestination { Field, ExArea, FieldOverflowToEx });
adapt_variant!(old -> new::ActivationZone { Field, Hand, ExArea, Cemetery });
adapt_variant!(old -> new::ChoiceOption { Yes, No; Card, Label });
adapt_variant!(old -> new::QuestionRole { Effect, OptionalCost, Cost });
adapt_variant!(old -> new::Trigger {
    Fanfare, LastWords, OnLeaveField, OnReturnToHandFromField, OnDiscarded, OnEvolve,
    OnSuperEvolve, Strike, FollowerStrike, LeaderStrike, OnDealCombatDamage,
    OnLeaderGainDefense, StartMainPhase, StartOpponentMainPhase, StartEndPhase,
    StartOpponentEndPhase;
    OnOtherEnterField, OnOtherLeaveField, OnOpponentCardDestroyed, OnOpponentCardLeaveField,
    OnOtherEvolve, OnOtherAttack, OnPlaySpell,
});
adapt_variant!(old -> new::CostMove { Bury, ReturnToHand, Banish });
adapt_variant!(old -> new::CostZone { Field, ExArea, FieldAndExArea });
adapt_variant!(old -> new::CostItem {
    EngageSelf, BurySelf, ReturnSelfToHand, BanishSelf;
    PlayPoints, LeaderDefense, Discard, BanishFromCemetery, MoveOwn, RemoveCounters, EarthRite,
});
adapt_variant!(old -> new::ValueZone { Field, ExArea, Cemetery, OpponentField });
adapt_variant!(old -> new::ValueOp { Add, Sub, Mul, Div, Rem, Eq, Gt, Lt, Or, And });
adapt_variant!(old -> new::ValueTest {
    Overflow, Sanguine, YourTurn; Combo, Spellchain, Necrocharge, ThisMatches, Positive
});
adapt_variant!(old -> new::ValueNode {
    Combo, LeaderDefense, ThisAttack, ThisDefense, ThisCost;
    Int, HandCount, ThisCounters, Count, Neg, Binary, Cond,
});
adapt_variant!(old -> new::Grant { ; Keywords, Stats, Cost, CostBy });
adapt_variant!(old -> new::PassiveScope {
    ThisCard; OtherAlliesOnField, AlliesOnField, AlliesInHand
});
adapt_variant!(old -> new::PassiveCondition {
    Always, YourTurn, OpponentTurn, Overflow, Sanguine; Combo, Spellchain, Necrocharge, Value
});
adapt_variant!(old -> new::AbilityKind { Spell, Sub; Triggered, Activated, Passive });
adapt_record!(old -> new::Range { min, max });
adapt_record!(old -> new::CardFilter {
    types, traits_any, keywords, without_keywords, name, not_name, class, token, cost, attack,
    engaged, other,
});
adapt_record!(old -> new::Selection { count, filter });
adapt_record!(old -> new::OwnCards { action, zone, filter, min, max, all });
adapt_record!(old -> new::StatChange { attack, defense });
adapt_record!(old -> new::ValueBinary { op, left, right });
adapt_record!(old -> new::ValueCond { test, left, right });
adapt_record!(old -> new::ValueCount { zone, filter });
adapt_record!(old -> new::Passive { grant, scope, condition });
adapt_record!(old -> new::Activation { quick, zone });
adapt_record!(old -> new::ChoiceRequest { player, text, options, min, max });
adapt_record!(old -> new::SeriesStep { step, count, up_to });
// Packs of this version have no `has-condition`: the host asks every
// condition, as it did.
adapt_record!(old -> new::AbilityDef {
    name, kind, costs, once_per_turn, text; has_condition = true
});
adapt_record!(old -> new::CardDef {
    id, name, class, card_type, traits, cost, attack, defense, evolve_cost, keywords,
    initial_counters, is_token, abilities, text, unplayable;
    declared_keywords = Vec::new(),
    universe = None,
    declared_counters = Vec::new(),
    rarity = None,
    advanced = false,
    also_named = Vec::new(),
    alternate_name = None,
    back_of = None,
    evolves_into = Vec::new(),
    face_evolve_costs = Vec::new(),
    equipment = false,
    trigger_icon = None,
    token_kind = None,
});
adapt_record!(old -> new::Manifest {
    cards;
    keywords = Vec::new(),
    counters = Vec::new(),
    token_kinds = Vec::new(),
});

// To the pack: calls and results.
adapt_variant!(new -> old::Halt { NeedsDecision, Failed });
adapt_record!(new -> old::AbilityCall {
    source, source_object, card_id, ability, controller, trigger_card, amount,
});
adapt_record!(new -> old::CardInfo {
    card, object, id, name, card_type, class, traits, zone, owner, controller, engaged, evolved,
    is_token, attack, defense, max_defense, cost, keywords, counters,
});
adapt_record!(new -> old::CardStats {
    card, object, card_type, class, zone, owner, controller, engaged, evolved, is_token, attack,
    defense, max_defense, cost, keywords,
});
adapt_record!(new -> old::PlayerInfo {
    pp, max_pp, ep, sep, leader_defense, turns_passed, combo, spellchain, overflow, sanguine,
    cemetery_count, hand_count, deck_count,
});
adapt_record!(new_game -> old_game::TurnRecord {
    destroyed, discarded, attacked, spells_played, returned_to_hand_from_field,
});

/// A 0.2.0 pack's manifest in the current API's types.
pub(crate) fn manifest_in(manifest: old::Manifest) -> new::Manifest {
    manifest.adapt()
}
