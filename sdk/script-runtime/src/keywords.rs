//! Names of the IR mapped onto the card API's types.

use sve_script::ir;
use sve_sdk::types::{CardType, Class, Counter, Keywords};

/// The card-API flag of a keyword; `None` for keywords the host has no flag
/// for (the derived `Evolve`, and Umamusume's `serve`).
pub fn keyword(keyword: ir::Keyword) -> Option<Keywords> {
    use ir::Keyword as K;
    Some(match keyword {
        K::Ward => Keywords::WARD,
        K::Storm => Keywords::STORM,
        K::Rush => Keywords::RUSH,
        K::Assail => Keywords::ASSAIL,
        K::Intimidate => Keywords::INTIMIDATE,
        K::Drain => Keywords::DRAIN,
        K::Bane => Keywords::BANE,
        K::Aura => Keywords::AURA,
        K::Quick => Keywords::QUICK,
        K::EarthRite => Keywords::EARTH_RITE,
        K::IgnoreWard => Keywords::IGNORE_WARD,
        K::PutOnFieldEngaged => Keywords::PUT_ON_FIELD_ENGAGED,
        K::UseDefAsAtk => Keywords::USE_DEF_AS_ATK,
        K::RuneFollowersForSpellchain => Keywords::RUNE_FOLLOWERS_FOR_SPELLCHAIN,
        K::CannotDestroyByAbilities => Keywords::CANNOT_DESTROY_BY_ABILITIES,
        K::CannotAttack => Keywords::CANNOT_ATTACK,
        K::CannotAttackLeaders => Keywords::CANNOT_ATTACK_LEADERS,
        K::Plus1Damage => Keywords::PLUS1_DAMAGE,
        K::Plus2Damage => Keywords::PLUS2_DAMAGE,
        K::Plus3Damage => Keywords::PLUS3_DAMAGE,
        K::Plus4Damage => Keywords::PLUS4_DAMAGE,
        K::DamageReduction1 => Keywords::DAMAGE_REDUCTION1,
        K::DamageReductionAbilities1 => Keywords::DAMAGE_REDUCTION_ABILITIES1,
        K::CannotDealDamage => Keywords::CANNOT_DEAL_DAMAGE,
        K::DoesNotTakeDamage => Keywords::DOES_NOT_TAKE_DAMAGE,
        K::DoesNotTakeCombatDamage => Keywords::DOES_NOT_TAKE_COMBAT_DAMAGE,
        K::DoubleCombatDamage => Keywords::DOUBLE_COMBAT_DAMAGE,
        K::DoubleLeaderDamage => Keywords::DOUBLE_LEADER_DAMAGE,
        K::Evolve | K::Serve1 | K::Serve2 | K::Serve3 => return None,
    })
}

/// All flags of a keyword list (keywords without a flag are left out).
pub fn keywords(list: &[ir::Keyword]) -> Keywords {
    list.iter()
        .filter_map(|k| keyword(*k))
        .fold(Keywords::empty(), |all, k| all | k)
}

/// The card-API counter of a counter kind.
pub fn counter(counter: ir::Counter) -> Counter {
    match counter {
        ir::Counter::Stack => Counter::Stack,
        ir::Counter::Spell => Counter::Spell,
        ir::Counter::Prayer => Counter::Prayer,
        ir::Counter::Fable => Counter::Fable,
    }
}

/// The card-API class.
pub fn class(class: ir::Class) -> Class {
    match class {
        ir::Class::Forest => Class::Forest,
        ir::Class::Sword => Class::Sword,
        ir::Class::Rune => Class::Rune,
        ir::Class::Dragon => Class::Dragon,
        ir::Class::Abyss => Class::Abyss,
        ir::Class::Haven => Class::Haven,
        ir::Class::Neutral => Class::Neutral,
    }
}

/// The card-API card type (an evolved spell plays as a spell).
pub fn card_type(card_type: ir::CardType) -> CardType {
    match card_type {
        ir::CardType::Follower => CardType::Follower,
        ir::CardType::EvolvedFollower => CardType::EvolvedFollower,
        ir::CardType::Spell | ir::CardType::EvolvedSpell => CardType::Spell,
        ir::CardType::Amulet => CardType::Amulet,
        ir::CardType::Leader => CardType::Leader,
    }
}
