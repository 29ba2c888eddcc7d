//! Value functions (spec §9) and card filters (spec §8) evaluated against
//! the game.

use std::borrow::Cow;
use std::cell::OnceCell;
use sve_script::ir::{self, CondTest, FilterId, FilterItem, ValueId, ValueNode};
use sve_sdk::prelude::*;

/// What a value or filter is evaluated for.
#[derive(Clone, Copy, Debug)]
pub struct Scope<'a> {
    /// The module the card is in (its declarations name counter kinds).
    pub module: &'a ir::Module,
    /// The card whose pools are read.
    pub card: &'a ir::Card,
    /// "You": the ability's controller.
    pub me: Player,
    /// The source card of the ability.
    pub source: CardRef,
    /// "This card" of value operands (the source, or the acting target).
    pub this: CardRef,
    /// `_`: the amount passed by the caller (0 if none).
    pub amount: i32,
    /// ComplexEffect variable slots ([`ValueNode::Var`]); empty outside a
    /// ComplexEffect script.
    pub vars: &'a [i32],
}

impl Scope<'_> {
    /// The opponent of "you".
    pub fn opponent(&self) -> Player {
        self.me.opponent()
    }
}

/// A card as a filter reads it: its numbers and flags, and its text and
/// counters only if a test asks for them. Most filters test types, stats
/// and keywords, and [`Game::stats`] costs far less than [`Game::card`]
/// (no text is copied into the pack's memory).
pub struct FilterCard<'a> {
    game: &'a Game<'a>,
    stats: CardStats,
    info: OnceCell<Option<Cow<'a, CardInfo>>>,
}

impl<'a> FilterCard<'a> {
    /// `card` as it is now, or `None` if there is no such card.
    pub fn of(game: &'a Game<'a>, card: CardRef) -> Option<FilterCard<'a>> {
        let stats = game.stats(card)?;
        Some(FilterCard {
            game,
            stats,
            info: OnceCell::new(),
        })
    }

    /// A card whose whole information is already at hand.
    pub fn with_info(game: &'a Game<'a>, info: &'a CardInfo) -> FilterCard<'a> {
        FilterCard {
            game,
            stats: info.stats(),
            info: OnceCell::from(Some(Cow::Borrowed(info))),
        }
    }

    /// The card's numbers and flags.
    pub fn stats(&self) -> &CardStats {
        &self.stats
    }

    /// The card's whole information, asked for the first time it is needed.
    fn info(&self) -> Option<&CardInfo> {
        self.info
            .get_or_init(|| self.game.card(self.stats.card).map(Cow::Owned))
            .as_deref()
    }
}

/// "This card"'s numbers: as it is, or, once it has left the field this
/// turn and not moved since, as it was there (last-known information, CR
/// 10.7.4: a Last Words' "this follower's attack" is the attack it had).
fn this_stats(game: &Game, card: CardRef) -> Option<CardStats> {
    let now = game.stats(card)?;
    if now.zone == Zone::Field {
        return Some(now);
    }
    game.stats_as_it_was(card).or(Some(now))
}

/// Evaluates value `id`. A ComplexEffect variable that is not bound (yet)
/// reads 0.
pub fn value(game: &Game, scope: &Scope<'_>, id: ValueId) -> i32 {
    let Some(node) = scope.card.value(id) else {
        return 0;
    };
    let me = || game.player(scope.me);
    let this = || this_stats(game, scope.this);
    match node {
        ValueNode::Int(n) => *n,
        ValueNode::Amount => scope.amount,
        ValueNode::PaidX => paid_x(game),
        ValueNode::Var(slot) => usize::try_from(*slot)
            .ok()
            .and_then(|slot| scope.vars.get(slot))
            .copied()
            .unwrap_or(0),
        ValueNode::Combo => clamp(me().combo),
        ValueNode::HandCount(None) => clamp(me().hand_count),
        ValueNode::HandCount(Some(filter)) => count(game, scope, scope.me, Zone::Hand, *filter),
        ValueNode::LeaderDefense => me().leader_defense,
        ValueNode::ThisAttack => this().map_or(0, |c| c.attack),
        ValueNode::ThisDefense => this().map_or(0, |c| c.defense),
        ValueNode::ThisCost => this().map_or(0, |c| c.cost),
        ValueNode::ThisCounters(counter) => {
            let Some(counter) = crate::keywords::counter(game, scope.module, *counter) else {
                return 0;
            };
            game.card(scope.this).map_or(0, |c| {
                c.counters
                    .iter()
                    .filter(|(kind, _)| *kind == counter)
                    .map(|(_, n)| clamp(*n))
                    .sum()
            })
        }
        ValueNode::CountField(filter) => count(game, scope, scope.me, Zone::Field, *filter),
        ValueNode::CountEx(filter) => count(game, scope, scope.me, Zone::ExArea, *filter),
        ValueNode::CountCemetery(filter) => count(game, scope, scope.me, Zone::Cemetery, *filter),
        ValueNode::CountOpponentField(filter) => {
            count(game, scope, scope.opponent(), Zone::Field, *filter)
        }
        ValueNode::TurnStat { stat, filter } => turn_stat(game, scope, *stat, *filter),
        ValueNode::Neg(inner) => value(game, scope, *inner).saturating_neg(),
        ValueNode::Binary { op, left, right } => {
            let l = value(game, scope, *left);
            let r = value(game, scope, *right);
            binary(*op, l, r)
        }
        ValueNode::Cond { test, left, right } => {
            if test_holds(game, scope, *test) {
                value(game, scope, *right)
            } else {
                value(game, scope, *left)
            }
        }
    }
}

fn binary(op: ir::BinaryOp, l: i32, r: i32) -> i32 {
    op.apply(l, r)
}

/// Whether a conditional operator's test holds.
pub fn test_holds(game: &Game, scope: &Scope<'_>, test: CondTest) -> bool {
    let me = || game.player(scope.me);
    match test {
        CondTest::Combo(n) => clamp(me().combo) >= n,
        CondTest::Spellchain(n) => clamp(me().spellchain) >= n,
        CondTest::Necrocharge(n) => clamp(me().cemetery_count) >= n,
        CondTest::Overflow => me().overflow,
        CondTest::Sanguine => me().sanguine,
        CondTest::YourTurn => game.active_player() == scope.me,
        CondTest::ThisMatches(filter) => matches_card(game, scope, filter, scope.this),
        CondTest::Positive(v) => value(game, scope, v) > 0,
    }
}

fn clamp(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

fn clamp_len(n: usize) -> i32 {
    clamp(u32::try_from(n).unwrap_or(u32::MAX))
}

/// A per-turn statistic `#(stat[, filter])` (spec §9.2): the cards it
/// counts, matched as they are now.
fn turn_stat(game: &Game, scope: &Scope<'_>, stat: ir::TurnStat, filter: Option<FilterId>) -> i32 {
    use ir::TurnStat as T;
    let mine = || game.this_turn(scope.me);
    let cards: Vec<CardRef> = match stat {
        T::TurnsOnField => {
            let turns = game.turns_on_field(scope.this).unwrap_or(0);
            return clamp(turns);
        }
        // Either player's cards: "a follower was destroyed this turn".
        T::Destroyed => {
            let mut both = mine().destroyed;
            both.extend(game.this_turn(scope.opponent()).destroyed);
            both
        }
        T::Discarded => mine().discarded,
        T::Attacked => mine().attacked,
        T::SpellsPlayed => mine().spells_played,
        T::ReturnedToHandFromField => mine().returned_to_hand_from_field,
        T::BanishedFromEx => mine().banished_from_ex,
        T::UnionBursts => mine().union_bursts,
        T::Fused => game.fused_cards(),
        T::EvolveDeckFaceUp | T::EvolveDeckFaceDown => {
            let up = stat == T::EvolveDeckFaceUp;
            game.cards_in(scope.me, Zone::EvolveDeck)
                .into_iter()
                .filter(|card| game.is_face_up(*card) == up)
                .collect()
        }
    };
    let Some(filter) = filter else {
        return clamp_len(cards.len());
    };
    let n = cards
        .iter()
        .filter(|card| matches_card(game, scope, filter, **card))
        .count();
    clamp_len(n)
}

/// Cards of `player`'s `zone` matching `filter`.
fn count(game: &Game, scope: &Scope<'_>, player: Player, zone: Zone, filter: FilterId) -> i32 {
    clamp_len(cards_matching(game, scope, player, zone, filter).len())
}

/// Cards of `player`'s `zone` matching `filter`, in zone order.
pub fn cards_matching(
    game: &Game,
    scope: &Scope<'_>,
    player: Player,
    zone: Zone,
    filter: FilterId,
) -> Vec<CardRef> {
    game.cards_in(player, zone)
        .into_iter()
        .filter(|card| matches_card(game, scope, filter, *card))
        .collect()
}

/// Whether `card` exists and matches filter `id`.
pub fn matches_card(game: &Game, scope: &Scope<'_>, id: FilterId, card: CardRef) -> bool {
    FilterCard::of(game, card).is_some_and(|card| filter_holds(game, scope, id, &card))
}

/// Whether a card matches filter `id`.
pub fn matches(game: &Game, scope: &Scope<'_>, id: FilterId, info: &CardInfo) -> bool {
    filter_holds(game, scope, id, &FilterCard::with_info(game, info))
}

/// Whether a card matches filter `id`, reading its text only if a test
/// needs it.
pub fn filter_holds(game: &Game, scope: &Scope<'_>, id: FilterId, card: &FilterCard<'_>) -> bool {
    let Some(filter) = scope.card.filter(id) else {
        return false;
    };
    if let Some(alternative) = filter.alternative
        && filter_holds(game, scope, alternative, card)
    {
        return true;
    }
    filter
        .tests
        .iter()
        .all(|test| item_holds(game, scope, &test.item, card) != test.negated)
}

fn item_holds(game: &Game, scope: &Scope<'_>, item: &FilterItem, card: &FilterCard<'_>) -> bool {
    let info = card.stats();
    let follower = matches!(
        info.card_type,
        CardType::Follower | CardType::EvolvedFollower
    );
    match item {
        FilterItem::Follower => follower,
        FilterItem::Spell => info.card_type == CardType::Spell,
        FilterItem::Amulet => info.card_type == CardType::Amulet,
        FilterItem::Evolved => info.evolved || info.card_type == CardType::EvolvedFollower,
        FilterItem::Token => info.is_token,
        FilterItem::NotSource => info.card != scope.this,
        FilterItem::Reserved => !info.engaged,
        FilterItem::Engaged => info.engaged,
        FilterItem::Racing => game.is_racing(info.card),
        // The host knows every name a card has (its card name, and on the
        // field the names "its name is also X" gives, later-sets §8.2).
        FilterItem::Name(name) => game.matches(
            info.card,
            &sve_sdk::types::CardFilter {
                name: Some(name.clone()),
                ..sve_sdk::any_card()
            },
        ),
        // The name the running ability declared (later-sets §12.11).
        FilterItem::DeclaredName => crate::interp::resolution::current().is_some_and(|name| {
            game.matches(
                info.card,
                &sve_sdk::types::CardFilter {
                    name: Some(name),
                    ..sve_sdk::any_card()
                },
            )
        }),
        FilterItem::Traits(traits) => card
            .info()
            .is_some_and(|info| traits.iter().any(|t| info.traits.contains(t))),
        // `k(Evolve)` (`#e`): the derived keyword has no host flag; a card
        // has it while it can still evolve by its `[evolve]` cost, so an
        // unevolved follower with an evolve cost.
        FilterItem::Keyword(ir::Keyword::Evolve) => {
            info.card_type == CardType::Follower
                && !info.evolved
                && game.evolve_cost(info.card).is_some()
        }
        // A keyword the pack declares, by its name (the card pool numbers
        // it): printed or given, as the host reads it.
        FilterItem::Keyword(ir::Keyword::Declared(n)) => {
            crate::keywords::declared_name(scope.module, *n)
                .is_some_and(|name| game.has_declared_keyword(info.card, name))
        }
        FilterItem::Keyword(keyword) => {
            crate::keywords::keyword(*keyword).is_some_and(|flag| info.keywords.contains(flag))
        }
        FilterItem::Counters { counter, at_least } => {
            let Some(counter) = crate::keywords::counter(game, scope.module, *counter) else {
                return false;
            };
            let n: u32 = card.info().map_or(0, |info| {
                info.counters
                    .iter()
                    .filter(|(kind, _)| *kind == counter)
                    .map(|(_, n)| *n)
                    .sum()
            });
            n >= *at_least
        }
        FilterItem::Class(class) => info.class == crate::keywords::class(*class),
        FilterItem::ClassContains(text) => class_name(info.class).contains(text.as_str()),
        FilterItem::Attack(range) => follower && range.contains(info.attack),
        FilterItem::Defense(range) => follower && range.contains(info.defense),
        // Cards that cannot evolve have evolve cost -1 (spec §8.2).
        FilterItem::EvolveCost(range) => range.contains(game.evolve_cost(info.card).unwrap_or(-1)),
        FilterItem::Cost(range) => info.card_type != CardType::Leader && range.contains(info.cost),
        // "Costing X or less": the X paid (0 when none was, CR 14.5.1.5).
        FilterItem::CostUpToX { min } => {
            info.card_type != CardType::Leader && (*min..=paid_x(game)).contains(&info.cost)
        }
        FilterItem::TurnsOnField(range) => game
            .turns_on_field(info.card)
            .is_some_and(|turns| range.contains(clamp(turns))),
    }
}

/// X as the running resolution reads it: the X it paid itself for a
/// cost of a sub-ability ("you may pay X"), else the X the host paid for
/// the ability's `[costX]` (later-sets §1.3).
fn paid_x(game: &Game) -> i32 {
    crate::interp::resolution::paid_x().unwrap_or_else(|| game.paid_x())
}

/// A name without a trailing `(Evolved)`.
pub fn base_name(name: &str) -> &str {
    name.strip_suffix("(Evolved)").map_or(name, str::trim_end)
}

fn class_name(class: Class) -> &'static str {
    match class {
        Class::Forest => "forestcraft",
        Class::Sword => "swordcraft",
        Class::Rune => "runecraft",
        Class::Dragon => "dragoncraft",
        Class::Abyss => "abysscraft",
        Class::Haven => "havencraft",
        Class::Neutral => "neutral",
    }
}
