//! Names of the IR mapped onto the card API's types.

use sve_script::ir;
use sve_sdk::types::{CardType, Class, Counter, Keywords};
use sve_sdk::{Game, Stop};

/// The card-API flag of a keyword, found by its name in the vocabulary
/// (`sve-vocab`); `None` for script keywords the host has no flag for (the
/// derived `Evolve`, and Umamusume's `serve`). `sve-script` checks that every
/// vocabulary keyword scripts can write has its IR keyword of the same name.
pub fn keyword(keyword: ir::Keyword) -> Option<Keywords> {
    Keywords::named(keyword.name())
}

/// The name of the module's `n`-th keyword declaration (a
/// `type Keyword;` card), the keyword `ir::Keyword::Declared(n)` names.
pub fn declared_name(module: &ir::Module, n: u16) -> Option<&str> {
    module
        .cards
        .iter()
        .filter(|card| card.card_type == ir::CardType::Keyword)
        .nth(usize::from(n))
        .map(|card| card.name.as_str())
}

/// All flags of a keyword list (keywords without a flag are left out).
pub fn keywords(list: &[ir::Keyword]) -> Keywords {
    list.iter()
        .filter_map(|k| keyword(*k))
        .fold(Keywords::empty(), |all, k| all | k)
}

/// The card-API counter of a built-in counter kind; `None` for a kind the
/// module declares, whose number only the card pool knows
/// ([`counter`]).
pub fn builtin_counter(counter: ir::Counter) -> Option<Counter> {
    match counter {
        ir::Counter::Stack => Some(Counter::Stack),
        ir::Counter::Spell => Some(Counter::Spell),
        ir::Counter::Prayer => Some(Counter::Prayer),
        ir::Counter::Fable => Some(Counter::Fable),
        ir::Counter::Fusion => Some(Counter::Fusion),
        ir::Counter::Declared(_) => None,
    }
}

/// The name of the module's `n`-th counter declaration (a
/// `type Counter;` card), the kind `ir::Counter::Declared(n)` names.
pub fn declared_counter_name(module: &ir::Module, n: u16) -> Option<&str> {
    module
        .cards
        .iter()
        .filter(|card| card.card_type == ir::CardType::Counter)
        .nth(usize::from(n))
        .map(|card| card.name.as_str())
}

/// The card-API counter of a counter kind in this match: a built-in kind
/// by the vocabulary, a declared one by its name, which the card pool
/// numbers; `None` when no loaded pack declares it (the manifest named it,
/// so the host made the card unplayable then).
pub fn counter(game: &Game, module: &ir::Module, counter: ir::Counter) -> Option<Counter> {
    match counter {
        ir::Counter::Declared(n) => game.declared_counter(declared_counter_name(module, n)?),
        builtin => builtin_counter(builtin),
    }
}

/// [`counter`], or an error naming the kind, for effects and costs.
pub fn counter_or_stop(
    game: &Game,
    module: &ir::Module,
    kind: ir::Counter,
) -> Result<Counter, Stop> {
    counter(game, module, kind).ok_or_else(|| {
        let name = match kind {
            ir::Counter::Declared(n) => declared_counter_name(module, n).unwrap_or("?"),
            builtin => builtin.name(),
        };
        Stop::Error(format!("no loaded pack declares the counter `{name}`"))
    })
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
        ir::CardType::Crest => CardType::Crest,
        // A keyword declaration is no card: its abilities cross as an
        // `amulet`'s would (`manifest::keywords`), never as a card; a
        // counter or token kind declaration never crosses as one.
        ir::CardType::Keyword | ir::CardType::Counter | ir::CardType::TokenKind => CardType::Amulet,
    }
}
