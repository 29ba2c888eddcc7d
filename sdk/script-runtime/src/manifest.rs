//! Lowering IR cards to the card data the host reads: facts, ability kinds
//! with their triggers, costs and passives.
//!
//! What the card API cannot say as data is checked at run time instead: a
//! trigger filter that has no flat form is tested in the `condition` export
//! (the host asks it with the trigger card before playing the ability).
//! So every ability says `has-condition: true`: the host asks each
//! condition (scripts run natively in the host anyway, where a call costs
//! no instance).
//! Whatever cannot work at all is reported through `warn` (the host shows
//! these lines as pack warnings) and the ability is kept as a `sub` that
//! never fires.

use crate::declared_reach::{
    leaves_by_declared_keyword, names_declared_keyword, no_data_form, no_flat_form,
};
use crate::host_value::{host_value, negated, on_opponent_turn};
use crate::interp::extras::Extra;
use crate::keywords::{builtin_counter, card_type, class, keyword, keywords};
use sve_script::ir::{self, Ability, Cost, Effect, FilterId, FilterItem, Module, Selection};
use sve_sdk::prelude::*;
use sve_sdk::wire::{
    AbilityDef, AbilityKind, CardDef, CounterDecl, DeclaredCounterCount, FaceEvolveCost,
    KeywordBadge, KeywordDecl, TokenKindDecl,
};

/// Every card of the module as card data.
///
/// A card with anything that has no form here (a trigger, cost, passive,
/// cost change or given ability the card data cannot say and the runtime
/// cannot play) is marked unplayable with the first problem, and every
/// problem is reported through `error` (`file:line: card ...`): the card
/// is never played in part, and no cost is ever dropped.
pub fn cards(module: &Module, error: &mut dyn FnMut(String)) -> Vec<CardDef> {
    module
        .cards
        .iter()
        .filter(|card| !card.card_type.is_declaration())
        .map(|card| {
            let mut problems = Vec::new();
            let mut def = card_def(card, module, &mut |problem| problems.push(problem));
            def.declared_keywords = declared_names(module, card, &mut |p| problems.push(p));
            def.declared_counters = declared_counter_names(module, card, &mut |p| problems.push(p));
            if let Some(first) = problems.first() {
                def.unplayable = Some(first.clone());
            }
            for problem in problems {
                error(format!("{problem}; the card can't be played"));
            }
            def
        })
        .collect()
}

/// The keywords the module declares (its `type Keyword;` cards): name,
/// reminder (the card's `text`) and abilities. A declaration with anything
/// that has no form here is left out, with each problem reported through
/// `error`; the host then makes every card naming it unplayable, with the
/// name.
pub fn declared_keywords(module: &Module, error: &mut dyn FnMut(String)) -> Vec<KeywordDecl> {
    module
        .cards
        .iter()
        .filter(|card| card.card_type == ir::CardType::Keyword)
        .filter_map(|card| {
            let mut problems = Vec::new();
            let def = card_def(card, module, &mut |problem| problems.push(problem));
            for problem in &problems {
                error(format!("{problem}; the keyword is not declared"));
            }
            problems.is_empty().then_some(KeywordDecl {
                id: def.id,
                name: def.name,
                reminder: def.text,
                badge: KeywordBadge::Other,
                abilities: def.abilities,
            })
        })
        .collect()
}

/// The counter kinds the module declares (its `type Counter;` cards):
/// name and reminder (the card's `text`).
pub fn declared_counters(module: &Module) -> Vec<CounterDecl> {
    module
        .cards
        .iter()
        .filter(|card| card.card_type == ir::CardType::Counter)
        .map(|card| CounterDecl {
            name: card.name.clone(),
            reminder: card.text.clone(),
        })
        .collect()
}

/// The token kinds the module declares (its `type TokenKind;` cards): name,
/// reminder (the card's `text`) and the rules of its passive
/// `TokenKindRules` (without one: the field or an EX area, any number of a
/// name, as every token).
pub fn declared_token_kinds(module: &Module) -> Vec<TokenKindDecl> {
    module
        .cards
        .iter()
        .filter(|card| card.card_type == ir::CardType::TokenKind)
        .map(|card| {
            let rules = card_data(card).find_map(|effect| match effect {
                Effect::TokenKindRules {
                    field,
                    ex_area,
                    one_per_name,
                } => Some((*field, *ex_area, *one_per_name)),
                _ => None,
            });
            let (field, ex_area, one_per_name) = rules.unwrap_or((true, true, false));
            TokenKindDecl {
                name: card.name.clone(),
                reminder: card.text.clone(),
                field,
                ex_area,
                one_per_name,
            }
        })
        .collect()
}

/// The module's declared counter kinds a card uses, by name, with how many
/// it is created with (0 for a kind only its abilities use): the host
/// makes the card unplayable, naming the kind, when no loaded pack
/// declares it.
fn declared_counter_names(
    module: &Module,
    card: &ir::Card,
    problem: &mut dyn FnMut(String),
) -> Vec<DeclaredCounterCount> {
    card.declared_counters()
        .into_iter()
        .filter_map(|n| {
            let Some(name) = crate::keywords::declared_counter_name(module, n) else {
                problem(format!(
                    "{}: card {} names counter declaration #{n}, which the module doesn't have",
                    card.source.file, card.id
                ));
                return None;
            };
            let count = card
                .counters
                .iter()
                .filter(|(kind, _)| *kind == ir::Counter::Declared(n))
                .map(|(_, count)| *count)
                .sum();
            Some(DeclaredCounterCount {
                name: name.to_owned(),
                count,
            })
        })
        .collect()
}

/// The names of the keywords the module declares that a card has.
fn declared_names(
    module: &Module,
    card: &ir::Card,
    problem: &mut dyn FnMut(String),
) -> Vec<String> {
    card.keywords
        .iter()
        .filter_map(|keyword| match keyword {
            ir::Keyword::Declared(n) => {
                let name = crate::keywords::declared_name(module, *n);
                if name.is_none() {
                    problem(format!(
                        "{}:{}: card {}: keyword declaration #{n} is not in the pack",
                        card.source.file, card.source.line, card.id
                    ));
                }
                name.map(str::to_owned)
            }
            _ => None,
        })
        .collect()
}

fn to_u8(n: u32) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

fn to_i32(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// One card as card data.
pub fn card_def(card: &ir::Card, module: &Module, warn: &mut dyn FnMut(String)) -> CardDef {
    let mut abilities: Vec<AbilityDef> = card
        .abilities
        .iter()
        .enumerate()
        .map(|(idx, ability)| {
            let mut warn_here = |message: String| {
                warn(format!(
                    "{}:{}: card {} ability `{}`: {message}",
                    card.source.file, ability.line, card.id, ability.name
                ));
            };
            ability_def(card, module, idx, ability, &mut warn_here)
        })
        .collect();
    // What the card data has no word for, after the card's own abilities
    // (`interp::extras`).
    let own = abilities.len();
    for extra in crate::interp::extras::extras(card) {
        let added = match extra {
            // `serveN`: an ability played from the field (`interp::serve`).
            Extra::Serve => AbilityDef {
                name: "Serve".to_owned(),
                kind: AbilityKind::Activated(Activation {
                    quick: false,
                    zone: ActivationZone::Field,
                }),
                costs: Vec::new(),
                once_per_turn: false,
                text: String::new(),
                has_condition: true,
            },
            // A given ability: a trigger of this card on the other card's
            // event (`interp::granted`).
            Extra::Granted { .. } => granted_def(card, extra, warn),
            // The alternative cost again, from the EX area.
            Extra::AlternateCostFromEx(idx) => {
                // (Always one of the card's own: `extras` lists only those.)
                let mut from_hand = usize::try_from(idx.0)
                    .ok()
                    .filter(|i| *i < own)
                    .and_then(|i| abilities.get(i).cloned())
                    .unwrap_or_else(|| AbilityDef {
                        name: String::new(),
                        kind: AbilityKind::Sub,
                        costs: Vec::new(),
                        once_per_turn: false,
                        text: String::new(),
                        has_condition: true,
                    });
                if let AbilityKind::Activated(activation) = &mut from_hand.kind {
                    activation.zone = ActivationZone::ExArea;
                }
                from_hand
            }
        };
        abilities.push(added);
    }
    CardDef {
        id: card.id.clone(),
        name: card.name.clone(),
        class: class(card.class),
        card_type: card_type(card.card_type),
        traits: card.traits.clone(),
        cost: card.cost.map(to_u8),
        attack: card.attack.map(to_i32),
        defense: card.defense.map(to_i32),
        evolve_cost: card.evolve_cost.map(to_u8),
        keywords: (keywords(&card.keywords) | stack_flag(card)).bits(),
        // Declared kinds cross by name (`declared_counter_names`).
        initial_counters: card
            .counters
            .iter()
            .filter_map(|(kind, n)| {
                Some(CounterCount {
                    counter: builtin_counter(*kind)?.index(),
                    count: *n,
                })
            })
            .collect(),
        is_token: card.is_token,
        abilities,
        text: card.text.clone(),
        unplayable: None,
        // SVE Script has no form for a pack's own keywords yet (issue 33,
        // plan step 3): a script naming one is refused by the compiler.
        declared_keywords: Vec::new(),
        // Filled in by `cards`, which knows the module's declarations.
        declared_counters: Vec::new(),
        universe: card.universe.and_then(|universe| {
            // OK: the IR's universes are the vocabulary's, in its order
            // (a test of sve-script checks).
            ir::Universe::ALL
                .iter()
                .position(|u| *u == universe)
                .and_then(|n| u8::try_from(n).ok())
        }),
        rarity: card.rarity.map(rarity),
        // `type ... / Advanced;` gives the trait (later-sets §6).
        advanced: card.traits.iter().any(|t| t == sve_script::ADVANCED_TRAIT),
        // Later-sets §8.2: its passive `AlsoNamed(X)` abilities.
        also_named: card_data(card)
            .filter_map(|effect| match effect {
                Effect::AlsoNamed { name } => Some(name.clone()),
                _ => None,
            })
            .collect(),
        // Later-sets §8.1: its passive `AlternateName(X)`.
        alternate_name: card_data(card).find_map(|effect| match effect {
            Effect::AlternateName { name } => Some(name.clone()),
            _ => None,
        }),
        // Later-sets §10: its passive `BackFaceOf(id)` and `EvolvesInto(X)`.
        back_of: card_data(card).find_map(|effect| match effect {
            Effect::BackFaceOf { front } => Some(front.clone()),
            _ => None,
        }),
        evolves_into: card_data(card)
            .filter_map(|effect| match effect {
                Effect::EvolvesInto { name } | Effect::EvolvesIntoFor { name, .. } => {
                    Some(name.clone())
                }
                _ => None,
            })
            .collect(),
        face_evolve_costs: card_data(card)
            .filter_map(|effect| match effect {
                Effect::EvolvesIntoFor { name, cost } => Some(FaceEvolveCost {
                    name: name.clone(),
                    cost: to_u8(*cost),
                }),
                _ => None,
            })
            .collect(),
        // `type Amulet / Equipment;` gives the trait (later-sets §5).
        equipment: card.is_token && card.traits.iter().any(|t| t == sve_script::EQUIPMENT_TRAIT),
        // Later-sets §2.1: its passive `TriggerIcon(icon)`.
        trigger_icon: card_data(card).find_map(|effect| match effect {
            Effect::TriggerIcon { icon } => Some(trigger_icon(*icon)),
            _ => None,
        }),
        // A token carrying the name of a token kind the module declares
        // as a trait is of that kind.
        token_kind: card
            .is_token
            .then(|| {
                card.traits.iter().find(|t| {
                    module
                        .cards
                        .iter()
                        .any(|decl| decl.card_type == ir::CardType::TokenKind && &decl.name == *t)
                })
            })
            .flatten()
            .cloned(),
    }
}

/// A script's Trigger icon as the card API's.
fn trigger_icon(icon: ir::TriggerIcon) -> TriggerIcon {
    match icon {
        ir::TriggerIcon::Critical => TriggerIcon::Critical,
        ir::TriggerIcon::Draw => TriggerIcon::Draw,
        ir::TriggerIcon::Stand => TriggerIcon::Stand,
        ir::TriggerIcon::Heal => TriggerIcon::Heal,
    }
}

/// The effects of a card's passive abilities, some of which are card data
/// rather than grants (`AlsoNamed`, `EvolvesInto`, `BackFaceOf`).
fn card_data(card: &ir::Card) -> impl Iterator<Item = &Effect> {
    card.abilities
        .iter()
        .filter(|ability| ability.kind == ir::AbilityKind::Passive)
        .map(|ability| &ability.effect)
}

/// The card-API rarity of a script's `rarity` header.
fn rarity(rarity: ir::Rarity) -> Rarity {
    match rarity {
        ir::Rarity::Bronze => Rarity::Bronze,
        ir::Rarity::Silver => Rarity::Silver,
        ir::Rarity::Gold => Rarity::Gold,
        ir::Rarity::Legendary => Rarity::Legendary,
        ir::Rarity::Ultimate => Rarity::Ultimate,
        ir::Rarity::SuperLegendary => Rarity::SuperLegendary,
    }
}

/// `keyword Stack;` writes a counter (the card enters with one Stack
/// counter) and also makes the card a Stack card: the host's flag under
/// which it loses a counter instead of leaving the field, goes to the
/// cemetery with none left and can pay for Earth Rite.
fn stack_flag(card: &ir::Card) -> Keywords {
    if card
        .counters
        .iter()
        .any(|(kind, _)| *kind == ir::Counter::Stack)
    {
        Keywords::STACK
    } else {
        Keywords::empty()
    }
}

fn ability_def(
    card: &ir::Card,
    module: &Module,
    idx: usize,
    ability: &Ability,
    warn: &mut dyn FnMut(String),
) -> AbilityDef {
    let sub = AbilityKind::Sub;
    let kind = match ability.kind {
        // "On Race" and "whenever another follower of yours races" run as
        // part of the serve ability (`interp::serve`).
        ir::AbilityKind::Triggered
            if matches!(
                ability.trigger,
                ir::Trigger::OnRace | ir::Trigger::OnOtherRace
            ) =>
        {
            sub
        }
        // The host looks a leaving card up as it was on the field only with
        // a flat filter; card code would read this one where the card went,
        // without the keywords effects gave it: refused, not wrong.
        ir::AbilityKind::Triggered if leaves_by_declared_keyword(card, ability) => {
            warn(
                "a leave-the-field trigger's filter names a keyword the pack declares (`k(...)`), \
                 which would be read where the card went, not as it was on the field"
                    .to_owned(),
            );
            sub
        }
        ir::AbilityKind::Triggered => match trigger(card, ability) {
            Some(trigger) if ability.costs.contains(&Cost::Delayed) => {
                AbilityKind::Delayed(trigger)
            }
            Some(trigger) => AbilityKind::Triggered(trigger),
            None => {
                warn(format!(
                    "trigger `{}` is not supported yet",
                    ability.trigger.name()
                ));
                sub
            }
        },
        // A Fuse is paid from the hand (later-sets §9, CR 12.18.2).
        ir::AbilityKind::Activated => AbilityKind::Activated(Activation {
            quick: ability.is_quick(),
            zone: if ability
                .costs
                .iter()
                .any(|cost| matches!(cost, Cost::Fuse { .. }))
            {
                ActivationZone::Hand
            } else {
                ActivationZone::Field
            },
        }),
        // A given ability plays through the ability `extras` adds for it.
        ir::AbilityKind::Passive if matches!(ability.effect, Effect::GiveAbility { .. }) => sub,
        // "Its name is also X", the name it shows, what it evolves into (at
        // what cost) and whose back face it is are card data (`also_named`,
        // `alternate_name`, `evolves_into`, `face_evolve_costs`,
        // `back_of`), not grants.
        ir::AbilityKind::Passive
            if matches!(
                ability.effect,
                Effect::AlsoNamed { .. }
                    | Effect::EvolvesInto { .. }
                    | Effect::EvolvesIntoFor { .. }
                    | Effect::AlternateName { .. }
                    | Effect::BackFaceOf { .. }
                    | Effect::TriggerIcon { .. }
                    | Effect::TokenKindRules { .. }
            ) =>
        {
            sub
        }
        ir::AbilityKind::Passive => match passive(module, card, ability) {
            Ok(passive) => AbilityKind::Passive(passive),
            Err(problem) => {
                warn(problem);
                sub
            }
        },
        // An alternative cost is offered as an ability played from the
        // hand: paying its costs plays the card for no play points
        // (`interp` resolves it with the card API's `play-card`).
        // Every cost must lower: a dropped item would make the card cheaper
        // than its text.
        ir::AbilityKind::CostModifier if ability.effect == Effect::AlternateCost => {
            let mut problems = Vec::new();
            let items = costs(card, module, &ability.costs, &mut |p| problems.push(p));
            if items.is_empty() || !problems.is_empty() {
                for problem in problems {
                    warn(problem);
                }
                warn("the alternative cost cannot be paid as written".to_owned());
                sub
            } else {
                AbilityKind::Activated(Activation {
                    quick: card.has_keyword(ir::Keyword::Quick),
                    zone: ActivationZone::Hand,
                })
            }
        }
        ir::AbilityKind::CostModifier => match reduced_cost(card, ability) {
            Ok(passive) => AbilityKind::Passive(passive),
            Err(problem) => {
                warn(problem);
                sub
            }
        },
        ir::AbilityKind::Spell => {
            let main = card
                .spell_ability
                .is_some_and(|main| usize::try_from(main.0).ok() == Some(idx));
            if main { AbilityKind::Spell } else { sub }
        }
    };
    let costs = match kind {
        AbilityKind::Triggered(_) | AbilityKind::Activated(_) | AbilityKind::Delayed(_) => {
            costs(card, module, &ability.costs, warn)
        }
        _ => Vec::new(),
    };
    AbilityDef {
        name: ability.name.clone(),
        kind,
        costs,
        once_per_turn: ability.is_once_per_turn(),
        text: String::new(),
        has_condition: true,
    }
}

/// The ability the manifest adds for a `GiveAbility` passive: the given
/// ability riding on the "another card" trigger of its own trigger, for the
/// cards the passive reaches (a filter with no flat form is checked by
/// `condition`).
fn granted_def(card: &ir::Card, extra: Extra, warn: &mut dyn FnMut(String)) -> AbilityDef {
    use crate::interp::granted;
    let sub = |name: String| AbilityDef {
        name,
        kind: AbilityKind::Sub,
        costs: Vec::new(),
        once_per_turn: false,
        text: String::new(),
        has_condition: true,
    };
    let Some((passive, given)) = granted::given_of(card, extra) else {
        return sub(String::new());
    };
    let here = |message: String| {
        format!(
            "{}:{}: card {} ability `{}`: {message}; the ability can't be given",
            card.source.file, passive.line, card.id, passive.name
        )
    };
    if let Some(problem) = granted::unsupported(given, passive) {
        warn(here(problem));
        return sub(given.name.clone());
    }
    let Effect::GiveAbility { to, .. } = passive.effect else {
        return sub(given.name.clone());
    };
    // A given leave-the-field ability is tested where the card went when
    // its filter has no flat form: one naming a declared keyword would
    // miss a keyword an effect gave (as `leaves_by_declared_keyword`).
    if matches!(
        given.trigger,
        ir::Trigger::LastWords | ir::Trigger::OnLeaveField | ir::Trigger::OnReturnToHandFromField
    ) && names_declared_keyword(card, to.filter)
    {
        warn(here(
            "its filter names a keyword the pack declares (`k(...)`), which a leave-the-field \
             ability would read where the card went, not as it was on the field"
                .to_owned(),
        ));
        return sub(given.name.clone());
    }
    let filter = flat_filter(card, to.filter).unwrap_or_else(sve_sdk::any_card);
    match granted::host_trigger(given.trigger, filter) {
        Some(trigger) => AbilityDef {
            name: given.name.clone(),
            kind: AbilityKind::Triggered(trigger),
            costs: Vec::new(),
            once_per_turn: given.is_once_per_turn(),
            text: String::new(),
            has_condition: true,
        },
        None => sub(given.name.clone()),
    }
}

/// A constant value, if the value is a literal.
fn constant(card: &ir::Card, value: ir::ValueId) -> Option<i32> {
    match card.value(value)? {
        ir::ValueNode::Int(n) => Some(*n),
        _ => None,
    }
}

fn small(card: &ir::Card, value: ir::ValueId) -> Option<u8> {
    constant(card, value).and_then(|n| u8::try_from(n).ok())
}

fn costs(
    card: &ir::Card,
    module: &Module,
    items: &[Cost],
    warn: &mut dyn FnMut(String),
) -> Vec<CostItem> {
    let mut out = Vec::new();
    for cost in items {
        let item = match *cost {
            Cost::OncePerTurn
            | Cost::Quick
            | Cost::Condition(_)
            | Cost::Delayed
            | Cost::Moves(_)
            | Cost::MovedHow(_)
            | Cost::WithThisCard => continue,
            // The host's mark of a Union Burst ability.
            Cost::UnionBurst => Some(CostItem::UnionBurst),
            // The host's mark of an `[adv]` ability.
            Cost::Advanced => Some(CostItem::Advanced),
            // A Ride is an `[adv]` ability (CR 14.4.9.5) with a Drive
            // Point to pay.
            Cost::Ride => {
                out.push(CostItem::Advanced);
                Some(CostItem::DrivePoint)
            }
            Cost::PlayPoints(v) => small(card, v).map(CostItem::PlayPoints),
            Cost::PlayPointsX => Some(CostItem::PlayPointsX),
            Cost::SkipNextTurn => Some(CostItem::SkipNextTurn),
            Cost::EngageSelf => Some(CostItem::EngageSelf),
            Cost::LeaderDefense(v) => small(card, v).map(CostItem::LeaderDefense),
            Cost::EarthRite(v) => small(card, v).map(CostItem::EarthRite),
            Cost::Fuse {
                count,
                up_to,
                filter,
            } => small(card, count)
                .zip(flat_filter(card, filter))
                .map(|(n, filter)| {
                    CostItem::Fuse(FuseCost {
                        min: if up_to { 1 } else { n },
                        max: n,
                        filter,
                    })
                }),
            Cost::Discard { count, filter } => {
                selection(small(card, count), flat_filter(card, filter)).map(CostItem::Discard)
            }
            Cost::BanishFromCemetery { count, filter } => {
                selection(small(card, count), flat_filter(card, filter))
                    .map(CostItem::BanishFromCemetery)
            }
            Cost::SendToCemetery(Selection {
                target: ir::Target::This,
                ..
            }) => Some(CostItem::BurySelf),
            Cost::ReturnToHand(Selection {
                target: ir::Target::This,
                ..
            }) => Some(CostItem::ReturnSelfToHand),
            Cost::Banish(Selection {
                target: ir::Target::This,
                ..
            }) => Some(CostItem::BanishSelf),
            // "Put n followers on your field into your cemetery", "return
            // another card on your field to your hand": the count is the
            // filter's `m(min,max)` (1 without one).
            Cost::SendToCemetery(from) => own_cards(card, CostMove::Bury, from),
            Cost::ReturnToHand(from) => own_cards(card, CostMove::ReturnToHand, from),
            Cost::Banish(from) => own_cards(card, CostMove::Banish, from),
            Cost::RemoveCounters {
                counter: kind,
                amount: Some(ir::Count::Exactly(v)),
                from:
                    Selection {
                        target: ir::Target::This,
                        ..
                    },
            } => small(card, v).and_then(|n| match kind {
                // A declared kind by its name: the card pool numbers it.
                ir::Counter::Declared(declared) => {
                    let name = crate::keywords::declared_counter_name(module, declared)?;
                    Some(CostItem::RemoveDeclaredCounters(DeclaredCounterCount {
                        name: name.to_owned(),
                        count: u32::from(n),
                    }))
                }
                builtin => Some(CostItem::RemoveCounters(CounterCount {
                    counter: builtin_counter(builtin)?.index(),
                    count: u32::from(n),
                })),
            }),
            _ => None,
        };
        match item {
            Some(item) => out.push(item),
            None => warn(format!(
                "cost {cost:?} has no form the host can pay (costs must be constant)"
            )),
        }
    }
    out
}

/// The trigger of a triggered ability, with its filter where the trigger
/// takes one (a filter with no flat form matches any card here and is
/// checked by the `condition` export).
fn trigger(card: &ir::Card, ability: &Ability) -> Option<Trigger> {
    use ir::Trigger as T;
    let filter = || {
        ability
            .trigger_filter
            .and_then(|f| flat_filter(card, f))
            .unwrap_or_else(sve_sdk::any_card)
    };
    Some(match ability.trigger {
        // The branch's hand/not-hand Fanfares and "another card of yours is
        // returned to the hand" are the host's Fanfare and "leaves the
        // field"; `interp`'s condition tells where the card came from or
        // went.
        T::Fanfare | T::FanfareHand | T::FanfareNotHand => Trigger::Fanfare,
        T::OnOtherReturnToHandFromField => Trigger::OnOtherLeaveField(filter()),
        T::LastWords => Trigger::LastWords,
        T::OnLeaveField => Trigger::OnLeaveField,
        T::OnReturnToHandFromField => Trigger::OnReturnToHandFromField,
        T::OnOtherEnterField => Trigger::OnOtherEnterField(filter()),
        T::OnOtherLeaveField => Trigger::OnOtherLeaveField(filter()),
        T::OnOpponentCardLeaveField => Trigger::OnOpponentCardLeaveField(filter()),
        T::OnDiscarded => Trigger::OnDiscarded,
        T::OnEvolve => Trigger::OnEvolve,
        T::OnOtherEvolve => Trigger::OnOtherEvolve(filter()),
        T::Strike => Trigger::Strike,
        T::FollowerStrike => Trigger::FollowerStrike,
        T::LeaderStrike => Trigger::LeaderStrike,
        T::OnOtherAttack => Trigger::OnOtherAttack(filter()),
        T::OnPlaySpell => Trigger::OnPlaySpell(filter()),
        T::OnDealCombatDamage => Trigger::OnDealCombatDamage,
        T::OnLeaderGainDefense => Trigger::OnLeaderGainDefense,
        T::OnLeaderDefenseZero => Trigger::OnLeaderDefenseZero,
        T::StartMainPhase => Trigger::StartMainPhase,
        T::StartOpponentMainPhase => Trigger::StartOpponentMainPhase,
        T::StartEndPhase => Trigger::StartEndPhase,
        T::OnMove => {
            let hook = ability.costs.iter().find_map(|cost| match cost {
                Cost::Moves(hook) => Some(*hook),
                _ => None,
            })?;
            let how = ability.costs.iter().find_map(|cost| match cost {
                Cost::MovedHow(ways) => Some(u32::from(ways.0)),
                _ => None,
            });
            let with_this_card = ability.costs.contains(&Cost::WithThisCard);
            let mut hook = move_hook(hook, how.unwrap_or(0), filter());
            hook.with_this_card = with_this_card;
            Trigger::OnMove(hook)
        }
        T::OnOtherUnionBurst => Trigger::OnOtherUnionBurst(filter()),
        T::OnFuse => Trigger::OnFuse(filter()),
        T::OnFused => Trigger::OnFused(filter()),
        T::OnEquipped => Trigger::OnEquipped,
        T::OnDrive => Trigger::OnDrive,
        T::OnDriveCheck => Trigger::OnDriveCheck(filter()),
        T::OnDriveCheckTrigger => Trigger::OnDriveCheckTrigger(filter()),
        // Played by the serve ability, or not triggers at all.
        T::OnRace | T::OnOtherRace | T::Spell | T::Passive | T::ModifiedCost | T::Act => {
            return None;
        }
    })
}

/// An `OnMove` ability's `moves` line as the card API's hook.
fn move_hook(hook: ir::MoveHook, how: u32, filter: sve_sdk::types::CardFilter) -> MoveHook {
    let zones = |set: ir::HookZones| {
        let zones: Vec<Zone> = set
            .zones()
            .map(|zone| match zone {
                ir::HookZone::Deck => Zone::Deck,
                ir::HookZone::Hand => Zone::Hand,
                ir::HookZone::Field => Zone::Field,
                ir::HookZone::ExArea => Zone::ExArea,
                ir::HookZone::Cemetery => Zone::Cemetery,
                ir::HookZone::Banished => Zone::Banished,
                ir::HookZone::EvolveDeck => Zone::EvolveDeck,
                ir::HookZone::Resolution => Zone::Resolution,
            })
            .collect();
        sve_sdk::zone_set(&zones)
    };
    MoveHook {
        leaving: zones(hook.from),
        entering: zones(hook.to),
        whose: match hook.whose {
            ir::HookWhose::Yours => Whose::Yours,
            ir::HookWhose::Opponents => Whose::Opponents,
            ir::HookWhose::Anyone => Whose::Anyone,
        },
        filter,
        this_card: hook.this_card,
        with_this_card: false,
        per_batch: hook.per_batch,
        how,
    }
}

/// A passive as data: what it grants, to which cards, when.
fn passive(module: &Module, card: &ir::Card, ability: &Ability) -> Result<Passive, String> {
    let (grant, duration, to) = match &ability.effect {
        Effect::PassiveKeyword {
            keyword: ir::Keyword::Declared(n),
            duration,
            to,
        } => {
            // By name: the host numbers the pool's declared keywords.
            let name = crate::keywords::declared_name(module, *n)
                .ok_or_else(|| format!("keyword declaration #{n} is not in the pack"))?;
            (
                Grant::DeclaredKeywords(vec![name.to_owned()]),
                *duration,
                *to,
            )
        }
        Effect::PassiveKeyword {
            keyword: k,
            duration,
            to,
        } => {
            let flag =
                keyword(*k).ok_or_else(|| format!("keyword `{}` cannot be granted", k.name()))?;
            (Grant::Keywords(flag.bits()), *duration, *to)
        }
        Effect::PassiveStat {
            stat,
            amount,
            duration,
            to,
        } => {
            let n = constant(card, *amount)
                .ok_or_else(|| "a passive stat must be a constant".to_owned())?;
            let grant = match stat {
                ir::Stat::Attack => stats(n, 0),
                ir::Stat::Defense => stats(0, n),
                ir::Stat::AttackDefense => stats(n, n),
                ir::Stat::Cost => Grant::Cost(n),
                other => return Err(format!("passive stat `{}` is not supported", other.name())),
            };
            (grant, *duration, *to)
        }
        Effect::MinusCostOther {
            amount,
            duration,
            to,
        } => {
            let n = constant(card, *amount)
                .ok_or_else(|| "a cost reduction must be a constant".to_owned())?;
            // Cards you play that match: the host's "allies in hand" scope
            // (the source on your field, the card in your hand).
            let flat = flat_filter(card, to.filter)
                .ok_or_else(|| no_flat_form(card, to.filter, "the cost reduction's"))?;
            let condition = passive_duration(card, ability, *duration)?;
            return Ok(Passive {
                grant: Grant::Cost(n.saturating_neg()),
                scope: PassiveScope::AlliesInHand(flat),
                condition,
            });
        }
        Effect::ReplaceDamage {
            change,
            damage,
            duration,
            next_time_only,
            to,
        } => {
            if *next_time_only {
                return Err(
                    "a continuous damage replacement is never used up: `NextTime` has no meaning here"
                        .to_owned(),
                );
            }
            let amount = |n: &ir::ValueId| {
                constant(card, *n).filter(|n| *n >= 0).ok_or_else(|| {
                    "a continuous damage replacement's amount must be a constant of 0 or more"
                        .to_owned()
                })
            };
            let change = match change {
                ir::DamageChange::Less(n) => DamageChange::Less(amount(n)?),
                ir::DamageChange::Nothing => DamageChange::Nothing,
                ir::DamageChange::AtMost(n) => DamageChange::AtMost(amount(n)?),
            };
            let damage = match damage {
                ir::DamageTaken::Any => DamageFilter::Any,
                ir::DamageTaken::Ability => DamageFilter::Ability,
                ir::DamageTaken::Combat => DamageFilter::Combat,
            };
            let grant = Grant::DamageTaken(DamageReplacement {
                change,
                damage,
                next_time_only: false,
            });
            (grant, *duration, *to)
        }
        Effect::InsteadOfCemetery { zone, duration, to } => {
            let zone = match zone {
                ir::InsteadZone::Banished => InsteadZone::Banished,
                ir::InsteadZone::ExArea => InsteadZone::ExArea,
                ir::InsteadZone::Hand => InsteadZone::Hand,
                ir::InsteadZone::DeckTop => InsteadZone::DeckTop,
                ir::InsteadZone::DeckBottom => InsteadZone::DeckBottom,
            };
            (Grant::InsteadOfCemetery(zone), *duration, *to)
        }
        // "While ..., it's a follower" (later-sets §12.6): the card's own
        // type while its condition holds.
        Effect::ChangeType { card_type, to } => {
            let card_type = match card_type {
                ir::CardType::Follower => CardType::Follower,
                ir::CardType::Amulet => CardType::Amulet,
                other => return Err(format!("a card can't become a {}", other.name())),
            };
            (
                Grant::BecomesType(card_type),
                ir::Duration::WhileOnField,
                *to,
            )
        }
        other => return Err(format!("passive effect {other:?} is not supported yet")),
    };
    let scope = match to.target {
        ir::Target::This => PassiveScope::ThisCard,
        // An equipment token's passives (later-sets §5.2).
        ir::Target::Equipped => PassiveScope::Equipped,
        ir::Target::EquippedFollower => PassiveScope::EquippedHas,
        ir::Target::AllPlayerCards => {
            let other = filter_has(card, to.filter, &FilterItem::NotSource);
            let flat = flat_filter(card, to.filter)
                .ok_or_else(|| no_flat_form(card, to.filter, "the passive's"))?;
            if other {
                let flat = CardFilter {
                    other: false,
                    ..flat
                };
                PassiveScope::OtherAlliesOnField(flat)
            } else {
                PassiveScope::AlliesOnField(flat)
            }
        }
        // A cost change over enemy cards would reach only their field,
        // where nothing is played: refused, naming the effect to use.
        ir::Target::AllOpponentCards if matches!(grant, Grant::Cost(_) | Grant::CostBy(_)) => {
            return Err(
                "a passive over enemy cards reaches their field only, where no card is played; \
                 \"cards your opponent plays cost more\" is `ChangePlayCost(n, window) to Opponent`"
                    .to_owned(),
            );
        }
        // "Enemy followers lose all abilities" (later-sets §12.2).
        ir::Target::AllOpponentCards => PassiveScope::EnemiesOnField(
            flat_filter(card, to.filter)
                .ok_or_else(|| no_flat_form(card, to.filter, "the passive's"))?,
        ),
        // "Your leader takes 1 less damage" while this card is on the
        // field (later-sets §12.14): your leader's card, in the leader
        // zone. Only the damage it takes can change: a leader has no
        // stats, keywords or cost for a passive to give.
        ir::Target::Leader if matches!(grant, Grant::DamageTaken(_)) => {
            PassiveScope::AlliesIn(AlliesIn {
                zones: sve_sdk::zone_set(&[Zone::Leader]),
                filter: sve_sdk::any_card(),
            })
        }
        ir::Target::Leader => {
            return Err(
                "a passive over your leader can only change the damage it takes (`TakeLessDamage`, ...)"
                    .to_owned(),
            );
        }
        other => {
            return Err(format!(
                "passives over `{}` are not supported",
                other.name()
            ));
        }
    };
    let condition = passive_duration(card, ability, duration)?;
    Ok(Passive {
        grant,
        scope,
        condition,
    })
}

/// When a passive is on, from its duration and condition.
fn passive_duration(
    card: &ir::Card,
    ability: &Ability,
    duration: ir::Duration,
) -> Result<PassiveCondition, String> {
    match (duration, ability.condition) {
        (ir::Duration::OpponentTurn, None) => Ok(PassiveCondition::OpponentTurn),
        (ir::Duration::EndOfTurn | ir::Duration::EndOfNextTurn, _) => {
            Err("a passive cannot last until the end of a turn".to_owned())
        }
        (_, None) => Ok(PassiveCondition::Always),
        (ir::Duration::WhileOnField, Some(condition)) => condition_of(card, condition.value)
            .ok_or_else(|| no_data_form(card, "the passive's condition")),
        (ir::Duration::OpponentTurn, Some(condition)) => host_value(card, condition.value)
            .map(|value| PassiveCondition::Value(on_opponent_turn(value)))
            .ok_or_else(|| no_data_form(card, "the passive's condition")),
    }
}

/// A `ModifiedCost` ability with `ReducedCost`: while the card is in your
/// hand (or EX area) and the condition holds, it costs that much less; the
/// host's "this card" cost passive.
fn reduced_cost(card: &ir::Card, ability: &Ability) -> Result<Passive, String> {
    let Effect::ReducedCost { amount } = &ability.effect else {
        return Err("alternate costs are not supported yet".to_owned());
    };
    let grant = match constant(card, *amount) {
        Some(n) => Grant::Cost(n.saturating_neg()),
        None => host_value(card, *amount)
            .map(|value| Grant::CostBy(negated(value)))
            .ok_or_else(|| "the cost reduction's amount has no data form".to_owned())?,
    };
    let condition = match ability.condition {
        None => PassiveCondition::Always,
        Some(condition) => condition_of(card, condition.value)
            .ok_or_else(|| "the cost reduction's condition has no data form".to_owned())?,
    };
    Ok(Passive {
        grant,
        scope: PassiveScope::ThisCard,
        condition,
    })
}

/// A condition as data: one of the host's named tests when it is one
/// (`o`, `c(3)`), else a value the host works out.
fn condition_of(card: &ir::Card, value: ir::ValueId) -> Option<PassiveCondition> {
    passive_condition(card, value).or_else(|| host_value(card, value).map(PassiveCondition::Value))
}

/// `condition o;` and its kin: a single test with the default operands
/// (0 when it fails, more when it holds).
fn passive_condition(card: &ir::Card, value: ir::ValueId) -> Option<PassiveCondition> {
    let ir::ValueNode::Cond { test, left, right } = card.value(value)? else {
        return None;
    };
    let plain = constant(card, *left) == Some(0) && constant(card, *right).is_some_and(|n| n > 0);
    if !plain {
        return None;
    }
    let at_least = |n: i32| u8::try_from(n.max(0)).unwrap_or(u8::MAX);
    Some(match *test {
        ir::CondTest::Overflow => PassiveCondition::Overflow,
        ir::CondTest::Sanguine => PassiveCondition::Sanguine,
        ir::CondTest::YourTurn => PassiveCondition::YourTurn,
        ir::CondTest::Combo(n) => PassiveCondition::Combo(at_least(n)),
        ir::CondTest::Spellchain(n) => PassiveCondition::Spellchain(at_least(n)),
        ir::CondTest::Necrocharge(n) => PassiveCondition::Necrocharge(at_least(n)),
        _ => return None,
    })
}

fn filter_has(card: &ir::Card, id: FilterId, item: &FilterItem) -> bool {
    card.filter(id)
        .is_some_and(|f| f.tests.iter().any(|t| !t.negated && &t.item == item))
}

/// The flat card-API form of a filter, if it has one (no alternatives and
/// only tests the flat filter can express).
pub fn flat_filter(card: &ir::Card, id: FilterId) -> Option<CardFilter> {
    let filter = card.filter(id)?;
    if filter.alternative.is_some() {
        return None;
    }
    let mut flat = sve_sdk::any_card();
    // Type tests intersect: start from every type and narrow.
    let all = [
        CardType::Follower,
        CardType::EvolvedFollower,
        CardType::Spell,
        CardType::Amulet,
    ];
    let mut types: Vec<CardType> = all.to_vec();
    let mut typed = false;
    for test in &filter.tests {
        let negated = test.negated;
        let narrow = |types: &mut Vec<CardType>, set: &[CardType]| {
            types.retain(|t| set.contains(t) != negated);
        };
        match &test.item {
            FilterItem::Follower => {
                narrow(&mut types, &[CardType::Follower, CardType::EvolvedFollower]);
                typed = true;
            }
            FilterItem::Spell => {
                narrow(&mut types, &[CardType::Spell]);
                typed = true;
            }
            FilterItem::Amulet => {
                narrow(&mut types, &[CardType::Amulet]);
                typed = true;
            }
            FilterItem::Evolved => {
                narrow(&mut types, &[CardType::EvolvedFollower]);
                typed = true;
            }
            FilterItem::Token => flat.token = Some(!negated),
            FilterItem::NotSource if !negated => flat.other = true,
            FilterItem::Reserved => flat.engaged = Some(negated),
            FilterItem::Engaged => flat.engaged = Some(!negated),
            FilterItem::Name(name) if !negated && flat.name.is_none() => {
                flat.name = Some(name.clone());
            }
            FilterItem::Name(name) if negated && flat.not_name.is_none() => {
                flat.not_name = Some(name.clone());
            }
            FilterItem::Traits(traits) if !negated && flat.traits_any.is_empty() => {
                flat.traits_any = traits.clone();
            }
            FilterItem::Keyword(k) => {
                let flag = keyword(*k)?;
                if negated {
                    flat.without_keywords |= flag.bits();
                } else {
                    flat.keywords |= flag.bits();
                }
            }
            FilterItem::Class(c) if !negated && flat.class.is_none() => {
                flat.class = Some(class(*c))
            }
            FilterItem::Cost(range) if !negated && flat.cost.is_none() => {
                flat.cost = Some(Range {
                    min: range.min,
                    max: range.max,
                });
            }
            FilterItem::Attack(range) if !negated && flat.attack.is_none() => {
                flat.attack = Some(Range {
                    min: range.min,
                    max: range.max,
                });
            }
            _ => return None,
        }
    }
    if typed {
        if types.is_empty() {
            return None;
        }
        flat.types = types;
    }
    Some(flat)
}

/// A cost's "select `count` cards matching `filter`", when both have a
/// data form.
fn selection(count: Option<u8>, filter: Option<CardFilter>) -> Option<sve_sdk::types::Selection> {
    Some(sve_sdk::types::Selection {
        count: count?,
        filter: filter?,
    })
}

/// A passive's attack and defense change.
fn stats(attack: i32, defense: i32) -> Grant {
    Grant::Stats(StatChange { attack, defense })
}

/// A cost moving the payer's own cards chosen (`TargetPlayerCard...`) or
/// all (`AllPlayerCards...`) from their field or EX area, when its filter
/// has a data form.
fn own_cards(card: &ir::Card, action: CostMove, from: Selection) -> Option<CostItem> {
    use ir::Target as T;
    let (zone, all) = match from.target {
        T::TargetPlayerCard => (CostZone::Field, false),
        T::TargetPlayerCardEx => (CostZone::ExArea, false),
        T::AllPlayerCards => (CostZone::Field, true),
        T::AllPlayerCardsEx => (CostZone::ExArea, true),
        T::AllPlayerCardsFieldAndEx => (CostZone::FieldAndExArea, true),
        _ => return None,
    };
    let (min, max) = match card.filter(from.filter)?.choose {
        None => (1, 1),
        Some(ir::Choose { min, max }) => (u8::try_from(min).ok()?, u8::try_from(max).ok()?),
    };
    Some(CostItem::MoveOwn(OwnCards {
        action,
        zone,
        filter: flat_filter(card, from.filter)?,
        min,
        max,
        all,
    }))
}
