//! Conversions between the current card API's WIT types and engine types
//! (older versions are adapted to the current one first: `wit/`).

use super::guest_text::{TextKind, clean, clean_uncapped};
use super::wit::latest::sve::cards::types as w;
use sve_engine::cards::{
    AbilityDef, AbilityKind, ActivationZone, Badge, CardDef, CardFilter, CardType, Class, CostItem,
    CostMove, CostPick, CostZone, Counter, DeclaredCounter, DeclaredKeyword, DeclaredTokenKind,
    FaceEvolveCost, FuseCost, Grant, InsteadZone, Keywords, MAX_VALUE_NODES, MoveHook, MoveWays,
    OwnCardsCost, PassiveCondition, PassiveDef, PassiveScope, Rarity, TokenRules, Trigger,
    TriggerIcon, TurnStat, ValueExpr, ValueNode, ValueOp, ValueTest, ValueZone, Whose, ZoneSet,
};
use sve_engine::engine::{
    DamageChange, DamageFilter, DamageReplacement, Duration, PlayerEffectKind, TokenDestination,
    TurnWindow, Zone,
};

/// A card-API keyword set: its bits are the vocabulary's, as the engine's
/// are. A bit no keyword of this host has is refused, naming the bit: a
/// pack that sets it means a keyword the host can't play.
pub(crate) fn keywords_in(k: w::Keywords) -> Result<Keywords, String> {
    let unknown = Keywords::from_builtin(k).unknown_builtin();
    if unknown == 0 {
        return Ok(Keywords::from_builtin(k));
    }
    let bits: Vec<String> = (0..w::Keywords::BITS)
        .filter(|bit| unknown & (1 << bit) != 0)
        .map(|bit| bit.to_string())
        .collect();
    Err(format!(
        "keyword bit {} is no keyword this host knows (it knows bits 0 to {}): the pack needs a host with that keyword",
        bits.join(", "),
        Keywords::all().builtin_bits().ilog2()
    ))
}

/// The built-in keywords of a set, as the card API's bits (its declared
/// keywords cross apart: `declared-keywords`).
pub(crate) fn keywords_out(k: Keywords) -> w::Keywords {
    k.builtin_bits()
}

pub(crate) fn zone_in(z: w::Zone) -> Zone {
    match z {
        w::Zone::Leader => Zone::Leader,
        w::Zone::Deck => Zone::Deck,
        w::Zone::Hand => Zone::Hand,
        w::Zone::Field => Zone::Field,
        w::Zone::ExArea => Zone::ExArea,
        w::Zone::Cemetery => Zone::Cemetery,
        w::Zone::Banished => Zone::Banished,
        w::Zone::EvolveDeck => Zone::EvolveDeck,
        w::Zone::EvolveZone => Zone::EvolveZone,
        w::Zone::Resolution => Zone::Resolution,
        w::Zone::Removed => Zone::RemovedFromGame,
        w::Zone::Equipment => Zone::Equipment,
        w::Zone::Trigger => Zone::Trigger,
        w::Zone::Drive => Zone::Drive,
    }
}

pub(crate) fn zone_out(z: Zone) -> w::Zone {
    match z {
        Zone::Leader => w::Zone::Leader,
        Zone::Deck => w::Zone::Deck,
        Zone::Hand => w::Zone::Hand,
        Zone::Field => w::Zone::Field,
        Zone::ExArea => w::Zone::ExArea,
        Zone::Cemetery => w::Zone::Cemetery,
        Zone::Banished => w::Zone::Banished,
        Zone::EvolveDeck => w::Zone::EvolveDeck,
        Zone::EvolveZone => w::Zone::EvolveZone,
        Zone::Resolution => w::Zone::Resolution,
        Zone::RemovedFromGame => w::Zone::Removed,
        Zone::Equipment => w::Zone::Equipment,
        Zone::Trigger => w::Zone::Trigger,
        Zone::Drive => w::Zone::Drive,
    }
}

pub(crate) fn card_type_in(t: w::CardType) -> CardType {
    match t {
        w::CardType::Follower => CardType::Follower,
        w::CardType::EvolvedFollower => CardType::EvolvedFollower,
        w::CardType::Spell => CardType::Spell,
        w::CardType::Amulet => CardType::Amulet,
        w::CardType::Leader => CardType::Leader,
        w::CardType::Crest => CardType::Crest,
    }
}

pub(crate) fn card_type_out(t: CardType) -> w::CardType {
    match t {
        CardType::Follower => w::CardType::Follower,
        CardType::EvolvedFollower => w::CardType::EvolvedFollower,
        CardType::Spell => w::CardType::Spell,
        CardType::Amulet => w::CardType::Amulet,
        CardType::Leader => w::CardType::Leader,
        CardType::Crest => w::CardType::Crest,
    }
}

pub(crate) fn class_in(c: w::CardClass) -> Class {
    match c {
        w::CardClass::Forest => Class::Forest,
        w::CardClass::Sword => Class::Sword,
        w::CardClass::Rune => Class::Rune,
        w::CardClass::Dragon => Class::Dragon,
        w::CardClass::Abyss => Class::Abyss,
        w::CardClass::Haven => Class::Haven,
        w::CardClass::Neutral => Class::Neutral,
    }
}

pub(crate) fn class_out(c: Class) -> w::CardClass {
    match c {
        Class::Forest => w::CardClass::Forest,
        Class::Sword => w::CardClass::Sword,
        Class::Rune => w::CardClass::Rune,
        Class::Dragon => w::CardClass::Dragon,
        Class::Abyss => w::CardClass::Abyss,
        Class::Haven => w::CardClass::Haven,
        Class::Neutral => w::CardClass::Neutral,
    }
}

/// A card-API counter number as the engine's counter kind; an error
/// naming the number when no counter has it.
pub(crate) fn counter_in(c: w::Counter) -> Result<Counter, String> {
    Counter::from_index(c).ok_or_else(|| {
        format!(
            "counter number {c} is no counter this host knows (0 to {}, or {} + a declared kind)",
            Counter::ALL.len() - 1,
            sve_vocab::DECLARED_COUNTER_BASE
        )
    })
}

/// A counter number in a pack's manifest: a built-in kind. The pool
/// numbers declared kinds when packs merge, so a manifest names those
/// (`declared-counters`, `remove-declared-counters`).
fn printed_counter_in(c: w::Counter) -> Result<Counter, String> {
    match counter_in(c)? {
        Counter::Declared(_) => Err(format!(
            "counter number {c} is a declared kind's, which a manifest can't know yet; name declared kinds instead"
        )),
        kind => Ok(kind),
    }
}

pub(crate) fn counter_out(c: Counter) -> w::Counter {
    c.index()
}

pub(crate) fn duration_in(d: w::Duration) -> Duration {
    match d {
        w::Duration::WhileInZone => Duration::WhileInZone,
        w::Duration::EndOfTurn => Duration::EndOfTurn,
        // The controller is filled in by the caller.
        w::Duration::EndOfOpponentNextTurn => Duration::EndOfTurn,
    }
}

/// A card-API replacement effect on damage (later-sets §11.2). A negative
/// amount is refused, naming it: "takes −1 less" would be more damage,
/// which is no replacement the rules know.
pub(crate) fn damage_replacement_in(r: w::DamageReplacement) -> Result<DamageReplacement, String> {
    let change = match r.change {
        w::DamageChange::Less(n) if n >= 0 => DamageChange::Less(n),
        w::DamageChange::Nothing => DamageChange::Nothing,
        w::DamageChange::AtMost(n) if n >= 0 => DamageChange::AtMost(n),
        w::DamageChange::Less(n) | w::DamageChange::AtMost(n) => {
            return Err(format!(
                "a damage replacement's amount is {n}; it must be 0 or more"
            ));
        }
    };
    let damage = match r.damage {
        w::DamageFilter::Any => DamageFilter::Any,
        w::DamageFilter::Ability => DamageFilter::Ability,
        w::DamageFilter::Combat => DamageFilter::Combat,
    };
    Ok(DamageReplacement {
        change,
        damage,
        next_time_only: r.next_time_only,
    })
}

/// A card-API effect on a player (later-sets §12.10, §12.12).
pub(crate) fn player_effect_in(e: w::PlayerEffect) -> PlayerEffectKind {
    match e {
        w::PlayerEffect::NoStartPhaseDraw => PlayerEffectKind::NoStartPhaseDraw,
        w::PlayerEffect::NoMaxPpIncrease => PlayerEffectKind::NoMaxPpIncrease,
        w::PlayerEffect::CannotPlayFollowers => PlayerEffectKind::CannotPlayFollowers,
        w::PlayerEffect::PlayCost(n) => PlayerEffectKind::PlayCost(n),
        w::PlayerEffect::PlayFromBanished => PlayerEffectKind::PlayFromBanished,
    }
}

/// Where a card goes instead of the cemetery (later-sets §11.2).
pub(crate) fn instead_zone_in(zone: w::InsteadZone) -> InsteadZone {
    match zone {
        w::InsteadZone::Banished => InsteadZone::Banished,
        w::InsteadZone::ExArea => InsteadZone::ExArea,
        w::InsteadZone::Hand => InsteadZone::Hand,
        w::InsteadZone::DeckTop => InsteadZone::DeckTop,
        w::InsteadZone::DeckBottom => InsteadZone::DeckBottom,
    }
}

/// A card-API window of turns.
pub(crate) fn turn_window_in(w: w::TurnWindow) -> TurnWindow {
    match w {
        w::TurnWindow::ThisTurn => TurnWindow::ThisTurn,
        w::TurnWindow::NextTurn => TurnWindow::NextTurn,
    }
}

pub(crate) fn token_destination_in(d: w::TokenDestination) -> TokenDestination {
    match d {
        w::TokenDestination::Field => TokenDestination::Field,
        w::TokenDestination::ExArea => TokenDestination::ExArea,
        w::TokenDestination::FieldOverflowToEx => TokenDestination::FieldOverflowToEx,
    }
}

/// A filter from a pack; its names and traits are cleaned as card names
/// and traits are (`guest_text`), so they still match the cards they name.
pub(crate) fn filter_in(f: w::CardFilter) -> Result<CardFilter, String> {
    let name = |name: String| clean(&name, TextKind::Name);
    Ok(CardFilter {
        types: f.types.into_iter().map(card_type_in).collect(),
        traits_any: f
            .traits_any
            .iter()
            .map(|t| clean(t, TextKind::Trait))
            .collect(),
        keywords: keywords_in(f.keywords)?,
        without_keywords: keywords_in(f.without_keywords)?,
        name: f.name.map(name),
        not_name: f.not_name.map(name),
        class: f.class.map(class_in),
        token: f.token,
        cost: f.cost.map(|r| (r.min, r.max)),
        attack: f.attack.map(|r| (r.min, r.max)),
        engaged: f.engaged,
        other: f.other,
    })
}

fn trigger_in(t: w::Trigger) -> Result<Trigger, String> {
    Ok(match t {
        w::Trigger::Fanfare => Trigger::Fanfare,
        w::Trigger::LastWords => Trigger::LastWords,
        w::Trigger::OnLeaveField => Trigger::OnLeaveField,
        w::Trigger::OnReturnToHandFromField => Trigger::OnReturnToHandFromField,
        w::Trigger::OnOtherEnterField(f) => Trigger::OnOtherEnterField(filter_in(f)?),
        w::Trigger::OnOtherLeaveField(f) => Trigger::OnOtherLeaveField(filter_in(f)?),
        w::Trigger::OnOpponentCardDestroyed(f) => Trigger::OnOpponentCardDestroyed(filter_in(f)?),
        w::Trigger::OnOpponentCardLeaveField(f) => Trigger::OnOpponentCardLeaveField(filter_in(f)?),
        w::Trigger::OnDiscarded => Trigger::OnDiscarded,
        w::Trigger::OnEvolve => Trigger::OnEvolve,
        w::Trigger::OnSuperEvolve => Trigger::OnSuperEvolve,
        w::Trigger::OnOtherEvolve(f) => Trigger::OnOtherEvolve(filter_in(f)?),
        w::Trigger::OnOtherUnionBurst(f) => Trigger::OnOtherUnionBurst(filter_in(f)?),
        w::Trigger::OnFuse(f) => Trigger::OnFuse(filter_in(f)?),
        w::Trigger::OnFused(f) => Trigger::OnFused(filter_in(f)?),
        w::Trigger::OnEquipped => Trigger::OnEquipped,
        w::Trigger::OnDrive => Trigger::OnDrive,
        w::Trigger::OnDriveCheck(f) => Trigger::OnDriveCheck(filter_in(f)?),
        w::Trigger::OnDriveCheckTrigger(f) => Trigger::OnDriveCheckTrigger(filter_in(f)?),
        w::Trigger::Strike => Trigger::Strike,
        w::Trigger::FollowerStrike => Trigger::FollowerStrike,
        w::Trigger::LeaderStrike => Trigger::LeaderStrike,
        w::Trigger::OnOtherAttack(f) => Trigger::OnOtherAttack(filter_in(f)?),
        w::Trigger::OnPlaySpell(f) => Trigger::OnPlaySpell(filter_in(f)?),
        w::Trigger::OnDealCombatDamage => Trigger::OnDealCombatDamage,
        w::Trigger::OnLeaderGainDefense => Trigger::OnLeaderGainDefense,
        w::Trigger::OnLeaderDefenseZero => Trigger::OnLeaderDefenseZero,
        w::Trigger::StartMainPhase => Trigger::StartMainPhase,
        w::Trigger::StartOpponentMainPhase => Trigger::StartOpponentMainPhase,
        w::Trigger::StartEndPhase => Trigger::StartEndPhase,
        w::Trigger::StartOpponentEndPhase => Trigger::StartOpponentEndPhase,
        w::Trigger::OnMove(hook) => {
            let hook = MoveHook {
                from: zone_set_in(hook.leaving)?,
                to: zone_set_in(hook.entering)?,
                whose: match hook.whose {
                    w::Whose::Yours => Whose::Yours,
                    w::Whose::Opponents => Whose::Opponents,
                    w::Whose::Anyone => Whose::Anyone,
                },
                filter: filter_in(hook.filter)?,
                this_card: hook.this_card,
                with_this_card: hook.with_this_card,
                per_batch: hook.per_batch,
                how: move_ways_in(hook.how)?,
            };
            if let Some(problem) = hook.problem() {
                return Err(problem.to_owned());
            }
            Trigger::OnMove(hook)
        }
    })
}

/// A card-API set of move ways, its bits the engine's. A bit no way of
/// this host has is refused, naming the bit.
fn move_ways_in(bits: w::MoveWays) -> Result<MoveWays, String> {
    match bits & !MoveWays::KNOWN.0 {
        0 => Ok(MoveWays(bits)),
        unknown => Err(format!(
            "move way bit {} is no way this host knows (it knows bits 0 to {})",
            unknown.trailing_zeros(),
            MoveWays::KNOWN.0.count_ones() - 1
        )),
    }
}

/// A card-API zone set: its bits are the `zone` cases', as the engine's
/// are. A bit no zone of this host has is refused, naming the bit.
fn zone_set_in(bits: w::ZoneSet) -> Result<ZoneSet, String> {
    let known = ZoneSet::bit(Zone::Drive) * 2 - 1;
    match bits & !known {
        0 => Ok(ZoneSet(bits)),
        unknown => Err(format!(
            "zone bit {} is no zone this host knows (it knows bits 0 to {})",
            unknown.trailing_zeros(),
            known.count_ones() - 1
        )),
    }
}

fn cost_in(c: w::CostItem) -> Result<CostItem, String> {
    Ok(match c {
        w::CostItem::PlayPoints(n) => CostItem::PlayPoints(n),
        w::CostItem::EngageSelf => CostItem::EngageSelf,
        w::CostItem::LeaderDefense(n) => CostItem::LeaderDefense(n),
        w::CostItem::Discard(s) => CostItem::Discard(s.count, filter_in(s.filter)?),
        w::CostItem::BanishFromCemetery(s) => {
            CostItem::BanishFromCemetery(s.count, filter_in(s.filter)?)
        }
        w::CostItem::BurySelf => CostItem::BurySelf,
        w::CostItem::MoveOwn(own) => CostItem::MoveOwn(OwnCardsCost {
            action: match own.action {
                w::CostMove::Bury => CostMove::Bury,
                w::CostMove::ReturnToHand => CostMove::ReturnToHand,
                w::CostMove::Banish => CostMove::Banish,
            },
            from: match own.zone {
                w::CostZone::Field => CostZone::Field,
                w::CostZone::ExArea => CostZone::ExArea,
                w::CostZone::FieldAndExArea => CostZone::FieldAndExArea,
            },
            filter: filter_in(own.filter)?,
            pick: if own.all {
                CostPick::All
            } else {
                CostPick::Choose {
                    min: own.min,
                    max: own.max.max(own.min),
                }
            },
        }),
        w::CostItem::ReturnSelfToHand => CostItem::ReturnSelfToHand,
        w::CostItem::BanishSelf => CostItem::BanishSelf,
        // More than 255 counters can't be paid anyway.
        w::CostItem::RemoveCounters(c) => CostItem::RemoveCounters(
            printed_counter_in(c.counter)?,
            u8::try_from(c.count).unwrap_or(u8::MAX),
        ),
        w::CostItem::RemoveDeclaredCounters(c) => CostItem::RemoveNamedCounters(
            clean_uncapped(&c.name, TextKind::Name),
            u8::try_from(c.count).unwrap_or(u8::MAX),
        ),
        w::CostItem::EarthRite(n) => CostItem::EarthRite(n),
        w::CostItem::DrivePoint => CostItem::DrivePoint,
        w::CostItem::PlayPointsX => CostItem::PlayPointsX,
        w::CostItem::SkipNextTurn => CostItem::SkipNextTurn,
        // `ability_in` takes the mark off the costs first.
        w::CostItem::UnionBurst => return Err("`union-burst` is a mark, not a cost".to_owned()),
        w::CostItem::Advanced => return Err("`advanced` is a mark, not a cost".to_owned()),
        w::CostItem::Fuse(fuse) => CostItem::Fuse(FuseCost {
            min: fuse.min,
            max: fuse.max,
            filter: filter_in(fuse.filter)?,
        }),
    })
}

fn passive_in(p: w::Passive) -> Result<PassiveDef, String> {
    Ok(PassiveDef {
        grant: match p.grant {
            w::Grant::Keywords(k) => Grant::Keywords(keywords_in(k)?),
            w::Grant::Stats(s) => Grant::Stats {
                attack: s.attack,
                defense: s.defense,
            },
            w::Grant::Cost(delta) => Grant::Cost(delta),
            w::Grant::CostBy(value) => Grant::CostBy(value_in(value)?),
            w::Grant::DamageTaken(r) if r.next_time_only => {
                return Err(
                    "a continuous ability's damage replacement is never used up: it can't be `next-time-only`"
                        .to_owned(),
                );
            }
            w::Grant::DamageTaken(r) => Grant::DamageTaken(damage_replacement_in(r)?),
            w::Grant::InsteadOfCemetery(zone) => Grant::InsteadOfCemetery(instead_zone_in(zone)),
            w::Grant::BecomesType(t) => Grant::BecomesType(card_type_in(t)),
            w::Grant::DeclaredKeywords(names) => {
                // No pool numbers more; a longer list is a hostile one.
                if names.len() > sve_engine::cards::MAX_DECLARED_KEYWORDS {
                    return Err(format!(
                        "a continuous ability gives {} declared keywords; a pool declares at most {}",
                        names.len(),
                        sve_engine::cards::MAX_DECLARED_KEYWORDS
                    ));
                }
                Grant::DeclaredKeywords(
                    names
                        .iter()
                        .map(|name| clean_uncapped(name, TextKind::Name))
                        .collect(),
                )
            }
        },
        scope: match p.scope {
            w::PassiveScope::ThisCard => PassiveScope::ThisCard,
            w::PassiveScope::OtherAlliesOnField(f) => {
                PassiveScope::OtherAlliesOnField(filter_in(f)?)
            }
            w::PassiveScope::AlliesOnField(f) => PassiveScope::AlliesOnField(filter_in(f)?),
            w::PassiveScope::Equipped => PassiveScope::Equipped,
            w::PassiveScope::EquippedHas => PassiveScope::EquippedHas,
            w::PassiveScope::AlliesIn(a) => {
                PassiveScope::AlliesIn(zone_set_in(a.zones)?, filter_in(a.filter)?)
            }
            w::PassiveScope::AlliesInHand(f) => PassiveScope::AlliesInHand(filter_in(f)?),
            w::PassiveScope::EnemiesOnField(f) => PassiveScope::EnemiesOnField(filter_in(f)?),
        },
        condition: match p.condition {
            w::PassiveCondition::Always => PassiveCondition::Always,
            w::PassiveCondition::YourTurn => PassiveCondition::YourTurn,
            w::PassiveCondition::OpponentTurn => PassiveCondition::OpponentTurn,
            w::PassiveCondition::Overflow => PassiveCondition::Overflow,
            w::PassiveCondition::Combo(n) => PassiveCondition::Combo(n),
            w::PassiveCondition::Spellchain(n) => PassiveCondition::Spellchain(n),
            w::PassiveCondition::Necrocharge(n) => PassiveCondition::Necrocharge(n),
            w::PassiveCondition::Sanguine => PassiveCondition::Sanguine,
            w::PassiveCondition::Value(value) => PassiveCondition::Value(value_in(value)?),
        },
    })
}

/// A value from a pack, checked: at most [`MAX_VALUE_NODES`] nodes, each
/// naming only earlier ones.
fn value_in(value: w::Value) -> Result<ValueExpr, String> {
    if value.len() > MAX_VALUE_NODES {
        return Err(format!(
            "a value has {} nodes; at most {MAX_VALUE_NODES}",
            value.len()
        ));
    }
    let test_in = |t: w::ValueTest| -> Result<ValueTest, String> {
        Ok(match t {
            w::ValueTest::Combo(n) => ValueTest::Combo(n),
            w::ValueTest::Spellchain(n) => ValueTest::Spellchain(n),
            w::ValueTest::Necrocharge(n) => ValueTest::Necrocharge(n),
            w::ValueTest::Overflow => ValueTest::Overflow,
            w::ValueTest::Sanguine => ValueTest::Sanguine,
            w::ValueTest::YourTurn => ValueTest::YourTurn,
            w::ValueTest::ThisMatches(f) => ValueTest::ThisMatches(filter_in(f)?),
            w::ValueTest::Positive(n) => ValueTest::Positive(n),
        })
    };
    let nodes = value
        .into_iter()
        .map(|node| {
            Ok(match node {
                w::ValueNode::Int(n) => ValueNode::Int(n),
                w::ValueNode::Combo => ValueNode::Combo,
                w::ValueNode::HandCount(f) => ValueNode::HandCount(f.map(filter_in).transpose()?),
                w::ValueNode::LeaderDefense => ValueNode::LeaderDefense,
                w::ValueNode::ThisAttack => ValueNode::ThisAttack,
                w::ValueNode::ThisDefense => ValueNode::ThisDefense,
                w::ValueNode::ThisCost => ValueNode::ThisCost,
                w::ValueNode::ThisCounters(c) => ValueNode::ThisCounters(printed_counter_in(c)?),
                w::ValueNode::Count(count) => ValueNode::Count(
                    match count.zone {
                        w::ValueZone::Field => ValueZone::Field,
                        w::ValueZone::ExArea => ValueZone::ExArea,
                        w::ValueZone::Cemetery => ValueZone::Cemetery,
                        w::ValueZone::OpponentField => ValueZone::OpponentField,
                    },
                    filter_in(count.filter)?,
                ),
                w::ValueNode::TurnStat(t) => ValueNode::TurnStat(
                    match t.stat {
                        w::TurnStat::Destroyed => TurnStat::Destroyed,
                        w::TurnStat::Discarded => TurnStat::Discarded,
                        w::TurnStat::Attacked => TurnStat::Attacked,
                        w::TurnStat::SpellsPlayed => TurnStat::SpellsPlayed,
                        w::TurnStat::ReturnedToHandFromField => TurnStat::ReturnedToHandFromField,
                        w::TurnStat::EvolveDeckFaceUp => TurnStat::EvolveDeckFaceUp,
                        w::TurnStat::EvolveDeckFaceDown => TurnStat::EvolveDeckFaceDown,
                        w::TurnStat::TurnsOnField => TurnStat::TurnsOnField,
                        w::TurnStat::BanishedFromEx => TurnStat::BanishedFromEx,
                        w::TurnStat::UnionBursts => TurnStat::UnionBursts,
                    },
                    t.filter.map(filter_in).transpose()?,
                ),
                w::ValueNode::Neg(a) => ValueNode::Neg(a),
                w::ValueNode::Binary(b) => ValueNode::Binary(
                    match b.op {
                        w::ValueOp::Add => ValueOp::Add,
                        w::ValueOp::Sub => ValueOp::Sub,
                        w::ValueOp::Mul => ValueOp::Mul,
                        w::ValueOp::Div => ValueOp::Div,
                        w::ValueOp::Rem => ValueOp::Rem,
                        w::ValueOp::Eq => ValueOp::Eq,
                        w::ValueOp::Gt => ValueOp::Gt,
                        w::ValueOp::Lt => ValueOp::Lt,
                        w::ValueOp::Or => ValueOp::Or,
                        w::ValueOp::And => ValueOp::And,
                    },
                    b.left,
                    b.right,
                ),
                w::ValueNode::Cond(c) => ValueNode::Cond(test_in(c.test)?, c.left, c.right),
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let expr = ValueExpr { nodes };
    expr.check()?;
    Ok(expr)
}

fn ability_in(a: w::AbilityDef) -> Result<AbilityDef, String> {
    let ability = AbilityDef {
        name: clean_uncapped(&a.name, TextKind::AbilityName),
        kind: match a.kind {
            w::AbilityKind::Triggered(t) => AbilityKind::Triggered(trigger_in(t)?),
            w::AbilityKind::Activated(activation) => AbilityKind::Activated {
                quick: activation.quick,
                zone: match activation.zone {
                    w::ActivationZone::Field => ActivationZone::Field,
                    w::ActivationZone::Hand => ActivationZone::Hand,
                    w::ActivationZone::ExArea => ActivationZone::ExArea,
                    w::ActivationZone::Cemetery => ActivationZone::Cemetery,
                },
            },
            w::AbilityKind::Spell => AbilityKind::Spell,
            w::AbilityKind::Sub => AbilityKind::Sub,
            w::AbilityKind::Passive(p) => AbilityKind::Passive(passive_in(p)?),
            w::AbilityKind::Delayed(t) => {
                let trigger = trigger_in(t)?;
                sve_engine::engine::delayed_trigger_watches(&trigger)
                    .map_err(|why| format!("ability `{}`: {why}", a.name))?;
                AbilityKind::Delayed(trigger)
            }
        },
        union_burst: a.costs.iter().any(|c| matches!(c, w::CostItem::UnionBurst)),
        // A Ride (a Drive Point cost) is an `[adv]` ability, marked or
        // not (CR 14.4.9.5).
        advanced: a
            .costs
            .iter()
            .any(|c| matches!(c, w::CostItem::Advanced | w::CostItem::DrivePoint)),
        costs: a
            .costs
            .into_iter()
            .filter(|c| !matches!(c, w::CostItem::UnionBurst | w::CostItem::Advanced))
            .map(cost_in)
            .collect::<Result<_, _>>()?,
        once_per_turn: a.once_per_turn,
        text: clean_uncapped(&a.text, TextKind::CardText),
    };
    if let Some(problem) = ability.placement_problem() {
        return Err(format!("ability `{}`: {problem}", ability.name));
    }
    Ok(ability)
}

/// A manifest card as an engine definition. Every string but the id is
/// cleaned of control characters (`guest_text`); lengths and the id are
/// checked afterwards by `check_cards`, which refuses rather than cuts.
/// A value no engine type has (an unknown counter number or keyword bit) is
/// an error naming the card.
pub(crate) fn card_def_in(c: w::CardDef) -> Result<CardDef, String> {
    let on_card = |e: String| format!("card `{}`: {e}", super::guest_text::quoted(&c.id));
    let initial_counters = c
        .initial_counters
        .iter()
        .map(|count| Ok((printed_counter_in(count.counter)?, count.count)))
        .collect::<Result<_, String>>()
        .map_err(on_card)?;
    let abilities = c
        .abilities
        .into_iter()
        .map(ability_in)
        .collect::<Result<_, _>>()
        .map_err(on_card)?;
    let keywords = keywords_in(c.keywords).map_err(on_card)?;
    let universe = c.universe.map(universe_in).transpose().map_err(on_card)?;
    let def = CardDef {
        id: c.id,
        name: clean_uncapped(&c.name, TextKind::Name),
        class: class_in(c.class),
        card_type: card_type_in(c.card_type),
        traits: c
            .traits
            .iter()
            .map(|t| clean_uncapped(t, TextKind::Trait))
            .collect(),
        cost: c.cost,
        attack: c.attack,
        defense: c.defense,
        evolve_cost: c.evolve_cost,
        keywords,
        initial_counters,
        is_token: c.is_token,
        abilities,
        text: clean_uncapped(&c.text, TextKind::CardText),
        shown_name: None,
        unplayable: c.unplayable.map(|why| clean(&why, TextKind::Message)),
        declared_keywords: c
            .declared_keywords
            .iter()
            .map(|name| clean_uncapped(name, TextKind::Name))
            .collect(),
        universe,
        declared_counters: c
            .declared_counters
            .iter()
            .map(|count| (clean_uncapped(&count.name, TextKind::Name), count.count))
            .collect(),
        rarity: c.rarity.map(rarity_in),
        advanced: c.advanced,
        also_named: c
            .also_named
            .iter()
            .map(|name| clean_uncapped(name, TextKind::Name))
            .collect(),
        alternate_name: c
            .alternate_name
            .as_deref()
            .map(|name| clean_uncapped(name, TextKind::Name)),
        back_of: c
            .back_of
            .as_deref()
            .map(|id| clean_uncapped(id, TextKind::Name)),
        evolves_into: c
            .evolves_into
            .iter()
            .map(|name| clean_uncapped(name, TextKind::Name))
            .collect(),
        face_evolve_costs: c
            .face_evolve_costs
            .iter()
            .map(|own| FaceEvolveCost {
                name: clean_uncapped(&own.name, TextKind::Name),
                cost: own.cost,
            })
            .collect(),
        equipment: c.equipment,
        trigger_icon: c.trigger_icon.map(trigger_icon_in),
        token_kind: c
            .token_kind
            .map(|name| clean_uncapped(&name, TextKind::Name)),
    };
    match def.placement_problem().or_else(|| def.face_cost_problem()) {
        Some(problem) => Err(format!(
            "card `{}`: {problem}",
            super::guest_text::quoted(&def.id)
        )),
        None => Ok(def),
    }
}

/// A card-API Trigger icon as the engine's.
fn trigger_icon_in(icon: w::TriggerIcon) -> TriggerIcon {
    match icon {
        w::TriggerIcon::Critical => TriggerIcon::Critical,
        w::TriggerIcon::Draw => TriggerIcon::Draw,
        w::TriggerIcon::Stand => TriggerIcon::Stand,
        w::TriggerIcon::Heal => TriggerIcon::Heal,
    }
}

/// A card-API rarity as the engine's.
fn rarity_in(r: w::Rarity) -> Rarity {
    match r {
        w::Rarity::Bronze => Rarity::Bronze,
        w::Rarity::Silver => Rarity::Silver,
        w::Rarity::Gold => Rarity::Gold,
        w::Rarity::Legendary => Rarity::Legendary,
        w::Rarity::Ultimate => Rarity::Ultimate,
        w::Rarity::SuperLegendary => Rarity::SuperLegendary,
    }
}

/// A card-API universe number: the vocabulary's (`UNIVERSES`). A number no
/// universe of this host has is refused, naming it.
fn universe_in(n: u8) -> Result<u8, String> {
    match sve_vocab::UNIVERSES.get(usize::from(n)) {
        Some(_) => Ok(n),
        None => Err(format!(
            "universe {n} is no universe this host knows (it knows 0 to {})",
            sve_vocab::UNIVERSES.len() - 1
        )),
    }
}

/// A keyword the pack declares, as the engine's declaration. Whether the
/// engine plays it (its abilities' kinds, a built-in name) is the card
/// pool's check (`CardDb::with_keywords`), made when packs merge.
pub(crate) fn keyword_decl_in(k: w::KeywordDecl) -> Result<DeclaredKeyword, String> {
    let on_keyword = |e: String| format!("keyword `{}`: {e}", super::guest_text::quoted(&k.name));
    let abilities = k
        .abilities
        .into_iter()
        .map(ability_in)
        .collect::<Result<_, _>>()
        .map_err(on_keyword)?;
    Ok(DeclaredKeyword {
        id: k.id,
        name: clean_uncapped(&k.name, TextKind::Name),
        reminder: clean_uncapped(&k.reminder, TextKind::CardText),
        badge: match k.badge {
            w::KeywordBadge::Defence => Badge::Defence,
            w::KeywordBadge::Attack => Badge::Attack,
            w::KeywordBadge::Lethal => Badge::Lethal,
            w::KeywordBadge::Timing => Badge::Timing,
            w::KeywordBadge::Other => Badge::Other,
        },
        abilities,
    })
}

/// A token kind the pack declares, as the engine's declaration (names and
/// zones are checked when packs merge, `CardDb::with_declarations`).
pub(crate) fn token_kind_decl_in(k: w::TokenKindDecl) -> DeclaredTokenKind {
    DeclaredTokenKind {
        name: clean_uncapped(&k.name, TextKind::Name),
        reminder: clean_uncapped(&k.reminder, TextKind::CardText),
        rules: TokenRules {
            field: k.field,
            ex_area: k.ex_area,
            one_per_name: k.one_per_name,
        },
    }
}

/// A counter kind the pack declares, as the engine's declaration (names
/// are checked when packs merge, `CardDb::with_declarations`).
pub(crate) fn counter_decl_in(c: w::CounterDecl) -> DeclaredCounter {
    DeclaredCounter {
        name: clean_uncapped(&c.name, TextKind::Name),
        reminder: clean_uncapped(&c.reminder, TextKind::CardText),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(keywords: w::Keywords) -> w::CardDef {
        w::CardDef {
            id: "T-KW-001".to_owned(),
            name: "Bit Setter".to_owned(),
            class: w::CardClass::Neutral,
            card_type: w::CardType::Follower,
            traits: Vec::new(),
            cost: Some(1),
            attack: Some(1),
            defense: Some(1),
            evolve_cost: None,
            keywords,
            initial_counters: Vec::new(),
            is_token: false,
            abilities: Vec::new(),
            text: String::new(),
            unplayable: None,
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

    #[test]
    fn a_keyword_bit_the_host_does_not_know_is_an_error_naming_the_card_and_bit() {
        let unknown_bit = Keywords::all().builtin_bits().ilog2() + 1;
        let known = Keywords::WARD.builtin_bits();
        let err = card_def_in(card(known | (1 << unknown_bit))).expect_err("an unknown bit");
        assert!(err.contains("T-KW-001"), "{err}");
        assert!(
            err.contains(&format!("keyword bit {unknown_bit} is no keyword")),
            "{err}"
        );
        let def = card_def_in(card(known)).expect("known bits load");
        assert_eq!(def.keywords, Keywords::WARD);
    }

    #[test]
    fn when_a_follower_equips_this_on_a_card_that_is_no_equipment_is_refused() {
        let mut gauntlet = card(0);
        gauntlet.abilities.push(w::AbilityDef {
            name: "Bonded".to_owned(),
            kind: w::AbilityKind::Triggered(w::Trigger::OnEquipped),
            costs: Vec::new(),
            once_per_turn: false,
            text: String::new(),
            has_condition: false,
        });
        let err = card_def_in(gauntlet.clone()).expect_err("not an equipment token");
        assert!(
            err.contains("T-KW-001") && err.contains("`Bonded`"),
            "{err}"
        );
        assert!(err.contains("not an equipment token"), "{err}");
        gauntlet.is_token = true;
        gauntlet.equipment = true;
        gauntlet.card_type = w::CardType::Amulet;
        card_def_in(gauntlet).expect("an equipment token may have it");
    }

    #[test]
    fn a_filter_with_an_unknown_keyword_bit_is_refused_too() {
        let err = keywords_in(1 << 63).expect_err("bit 63");
        assert!(err.contains("keyword bit 63"), "{err}");
    }
}
