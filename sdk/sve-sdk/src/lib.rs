//! `sve-sdk`: write Shadowverse: Evolve card packs in Rust.
//!
//! A pack is a WebAssembly component the host loads in a sandbox. It
//! declares its cards as data (stats, keywords, and every ability's trigger,
//! cost and timing), each ability together with the function that runs it,
//! and runs those functions through a [`Game`] handle. It keeps no state
//! between calls: everything lives in the host.
//!
//! ```no_run
//! use sve_sdk::prelude::*;
//!
//! struct MyPack;
//!
//! impl Pack for MyPack {
//!     fn cards() -> Vec<Card> {
//!         vec![
//!             Card::follower("MY-001", "Spark Elf", Class::Forest, 2, 2, 2)
//!                 .text("[fanfare] Select an enemy follower and deal it 1 damage.")
//!                 .fanfare("Deal 1 damage to an enemy follower.", spark_elf),
//!         ]
//!     }
//! }
//!
//! fn spark_elf(game: &mut Game) -> Result<(), Stop> {
//!     let targets = game.followers(game.opponent());
//!     for card in game.select("Deal 1 damage to", targets, 1, 1)? {
//!         game.damage_follower(card, 1);
//!     }
//!     Ok(())
//! }
//!
//! sve_sdk::export_pack!(MyPack);
//! ```
//!
//! Core concepts:
//! - [`Pack`]: the one trait an author implements: the list of cards.
//! - [`Card`]: a builder for a card that reads like the card. Each ability
//!   takes its code ([`Effect`]) where it is added, and
//!   [`Card::condition`] gives the ability just added its condition, so an
//!   ability cannot lack code and reordering abilities rewires nothing.
//! - [`Game`]: queries, choices and actions during an ability, about
//!   [`Player`]s and cards.
//! - [`Choice`]: "choose one" over an enum of your own;
//!   `game.choose::<Mode>("...")?` returns the variant.
//! - Choices are re-entrant: `game.select(..)?` either returns the answer or
//!   stops the ability with [`Stop::Halt`]; the host asks the player and runs
//!   the ability again from the start, this time with the answer. Write
//!   abilities as straight-line code and always propagate with `?`.
//! - Optional costs your code asks about: `game.may_pay("...")?`, then the
//!   cards with `game.choose_cards_to_pay(..)?`, so the player may take the
//!   yes back at those questions. A series of like questions (where each
//!   of 9 tokens goes) says each step with `game.ask_with(..)`, so a client
//!   can ask the whole series at once.
//! - [`runtime`]: the lower-level entry for a pack whose cards are only
//!   known when it runs (the SVE Script runtime); an ordinary pack never
//!   needs it.
//!
//! Build a pack with `sve pack build PATH`; the host refuses packs built
//! against an API version it does not support.

#![deny(missing_docs)]

pub mod api;
pub mod call_arena;
mod card;
mod choice;
mod dispatch;
mod game;
mod player;
mod vocab;

pub use api::GameApi;
pub use card::{AbilityKind, Card, Condition, Effect, any_card, lesson, move_ways, zone_set};
pub use choice::Choice;
pub use game::{Call, CardInfo, CardStats, Game, Stop};
pub use player::Player;
pub use vocab::{Counter, Keywords};

/// A pack's allocator: a bump arena in the instance's first memory, since
/// every call into a pack gets a fresh instance ([`call_arena`]). On by
/// default; a pack that brings its own `#[global_allocator]` turns the
/// `call-arena` feature off (`default-features = false`).
#[cfg(all(
    feature = "call-arena",
    not(feature = "in-process"),
    target_arch = "wasm32",
    not(target_feature = "atomics")
))]
#[global_allocator]
static ALLOCATOR: call_arena::CallArena = call_arena::CallArena::new();

/// The card API version this SDK builds packs against.
pub const API_VERSION: &str = "0.3.0";

/// [`API_VERSION`] as the bytes of the component's `sve:api-version`
/// section (written by the export macros).
#[doc(hidden)]
pub const API_VERSION_BYTES: [u8; API_VERSION.len()] = {
    let text = API_VERSION.as_bytes();
    let mut bytes = [0; API_VERSION.len()];
    let mut idx = 0;
    while idx < text.len() {
        bytes[idx] = text[idx];
        idx += 1;
    }
    bytes
};

/// Generated bindings (an implementation detail of [`export_pack!`]; not
/// covered by any stability promise).
#[doc(hidden)]
#[allow(clippy::too_many_arguments)] // Generated from the WIT.
pub mod bindings {
    wit_bindgen::generate!({
        path: "../../wit/since_v0.3.0",
        world: "pack",
        pub_export_macro: true,
        default_bindings_module: "sve_sdk::bindings",
        generate_all,
    });
}

/// Plain data types of the card API, re-exported from the bindings (the
/// SDK's own [`Player`], [`CardInfo`], [`AbilityKind`], [`Keywords`] and
/// [`Counter`] replace the wire forms that carry a bare number).
pub mod types {
    pub use crate::bindings::sve::cards::game::TurnRecord;
    pub use crate::bindings::sve::cards::types::{
        Activation, ActivationZone, AlliesIn, CardClass as Class, CardFilter, CardMove, CardType,
        ChoiceOption, CostItem, CostMove, CostZone, CounterCount, DamageChange, DamageFilter,
        DamageReplacement, DeclaredCounterCount, DelayedLasts, Duration, FuseCost, Grant,
        InsteadZone, KeywordBadge, MoveHook, MoveKind, OwnCards, PassiveCondition, PassiveScope,
        PlayerEffect, PlayerInfo, QuestionRole, Range, Rarity, Selection, SeriesStep, StatChange,
        TokenDestination, Trigger, TriggerIcon, TurnWindow, Whose, Zone,
    };
    pub use crate::bindings::sve::cards::types::{CardRef, Passive};
    pub use crate::vocab::{Counter, Keywords};
}

/// The card data exactly as it crosses to the host, for [`runtime`] packs
/// that build it themselves.
pub mod wire {
    pub use crate::bindings::sve::cards::types::{
        AbilityDef, AbilityKind, CardDef, CounterDecl, DeclaredCounterCount, FaceEvolveCost,
        KeywordBadge, KeywordDecl, TokenKindDecl,
    };
}

/// Everything a pack author usually needs.
pub mod prelude {
    pub use crate::types::*;
    pub use crate::{
        AbilityKind, Call, Card, CardInfo, CardStats, Choice, Condition, Counter, Effect, Game,
        Keywords, Pack, Player, Stop,
    };
}

/// A card pack. Implement it on a unit struct and register it with
/// [`export_pack!`].
///
/// [`cards`](Pack::cards) is called when the host reads the pack and again
/// in each instance that runs an ability, to find the ability's code (or
/// [`cards_for_call`](Pack::cards_for_call), where a pack narrows it): keep
/// it a plain list, without side effects.
pub trait Pack {
    /// The pack's cards, each ability with its code.
    fn cards() -> Vec<Card>;

    /// The cards among which a call into the card `id` finds its code:
    /// all of [`Pack::cards`] by default. Every call gets a fresh instance
    /// and builds this list again, so a large pack may answer with a part
    /// of it that holds `id` (its set's cards, say) to make each call
    /// cheaper. A list without `id` fails the card's resolutions, naming
    /// the card (its conditions then answer yes: an ability the list does
    /// not know fails where it runs).
    ///
    /// ```
    /// use sve_sdk::prelude::*;
    ///
    /// fn forest() -> Vec<Card> {
    ///     vec![Card::follower("MY-001", "Sprout", Class::Forest, 1, 1, 1)]
    /// }
    /// fn haven() -> Vec<Card> {
    ///     vec![Card::amulet("MY-101", "Small Shrine", Class::Haven, 1)]
    /// }
    ///
    /// struct Sets;
    /// impl Pack for Sets {
    ///     fn cards() -> Vec<Card> {
    ///         [forest(), haven()].concat()
    ///     }
    ///     fn cards_for_call(id: &str) -> Vec<Card> {
    ///         match id.strip_prefix("MY-") {
    ///             Some(number) if number.starts_with('0') => forest(),
    ///             _ => haven(),
    ///         }
    ///     }
    /// }
    /// assert_eq!(Sets::cards_for_call("MY-001").len(), 1);
    /// ```
    fn cards_for_call(id: &str) -> Vec<Card> {
        let _ = id;
        Self::cards()
    }

    /// The counter kinds the pack declares (none by default): a name and a
    /// reminder each. Cards enter with them
    /// ([`Card::declared_counters`]), and card code puts, counts and
    /// removes them through [`Game::declared_counter`].
    ///
    /// ```
    /// use sve_sdk::prelude::*;
    /// use sve_sdk::wire::CounterDecl;
    ///
    /// struct Chapel;
    /// impl Pack for Chapel {
    ///     fn cards() -> Vec<Card> {
    ///         vec![Card::amulet("MY-010", "Chapel of Grace", Class::Haven, 2)
    ///             .declared_counters("Grace", 2)]
    ///     }
    ///     fn counters() -> Vec<CounterDecl> {
    ///         vec![CounterDecl {
    ///             name: "Grace".to_owned(),
    ///             reminder: "Spent by Haven's prayers.".to_owned(),
    ///         }]
    ///     }
    /// }
    /// assert_eq!(Chapel::counters()[0].name, "Grace");
    /// ```
    fn counters() -> Vec<wire::CounterDecl> {
        Vec::new()
    }

    /// The token kinds the pack declares (none by default): a name, a
    /// reminder and the rules its tokens keep, as a crest's (it may be on
    /// the field, in an EX area or both; one of a name per zone or not). A
    /// kind that may only be in an EX area has its abilities work there
    /// and can't be played. Cards are tokens of it by
    /// [`Card::token_kind`].
    ///
    /// ```
    /// use sve_sdk::prelude::*;
    /// use sve_sdk::wire::TokenKindDecl;
    ///
    /// struct Relics;
    /// impl Pack for Relics {
    ///     fn cards() -> Vec<Card> {
    ///         vec![Card::amulet("MY-T01", "Relic: Aegis", Class::Neutral, 1)
    ///             .token_kind("Relic")]
    ///     }
    ///     fn token_kinds() -> Vec<TokenKindDecl> {
    ///         vec![TokenKindDecl {
    ///             name: "Relic".to_owned(),
    ///             reminder: "Kept in the EX area, one of each name.".to_owned(),
    ///             field: false,
    ///             ex_area: true,
    ///             one_per_name: true,
    ///         }]
    ///     }
    /// }
    /// assert_eq!(Relics::token_kinds()[0].name, "Relic");
    /// ```
    fn token_kinds() -> Vec<wire::TokenKindDecl> {
        Vec::new()
    }
}

/// The lower-level entry, for packs whose cards are only known when they
/// run: the SVE Script runtime builds its cards from compiled scripts it
/// reads from the host. Such a pack lists raw card data ([`wire`]) and is
/// called by card id and ability index (its index in the card's ability
/// list), and must keep the two in step itself. Everything else should be
/// a [`Pack`]: there the builder keeps data and code together.
pub mod runtime {
    use crate::{Call, Game, Stop, wire};

    /// A pack whose cards are generated at runtime. Register it with
    /// [`export_runtime_pack!`](crate::export_runtime_pack).
    pub trait RuntimePack {
        /// The pack's card data.
        fn cards() -> Vec<wire::CardDef>;

        /// The keywords the pack declares (none by default).
        fn keywords() -> Vec<wire::KeywordDecl> {
            Vec::new()
        }

        /// The counter kinds the pack declares (none by default).
        fn counters() -> Vec<wire::CounterDecl> {
            Vec::new()
        }

        /// The token kinds the pack declares (none by default).
        fn token_kinds() -> Vec<wire::TokenKindDecl> {
            Vec::new()
        }

        /// Runs ability `call.ability` of card `call.card_id`.
        fn resolve(game: &mut Game, call: &Call) -> Result<(), Stop>;

        /// Whether the ability's condition holds now (a spell's play
        /// requirement, an activated ability's extra condition, an
        /// automatic ability's "if"). Defaults to always. The host asks
        /// it only for abilities whose card data says `has_condition`.
        fn condition(game: &Game, call: &Call) -> Result<bool, Stop> {
            let _ = (game, call);
            Ok(true)
        }
    }
}

/// Glue used by [`export_pack!`]; not part of the public API.
#[doc(hidden)]
pub mod __private {
    use super::*;
    use crate::bindings::sve::cards::types::{AbilityCall, Manifest};
    use crate::runtime::RuntimePack;

    pub use crate::dispatch::Table;

    fn install_panic_hook() {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            std::panic::set_hook(Box::new(|info| {
                crate::bindings::sve::cards::game::log(&format!("panic: {info}"));
            }));
        });
    }

    pub fn manifest<P: Pack>() -> Manifest {
        install_panic_hook();
        let (cards, keywords) = crate::Card::split_declarations(P::cards());
        Manifest {
            cards: Table::build(cards).0,
            keywords,
            counters: P::counters(),
            token_kinds: P::token_kinds(),
        }
    }

    // The host gives every call into a pack a fresh instance, so a call
    // finds its one ability in the pack's cards rather than building the
    // whole table (and the card data) for a single use.

    pub fn condition<P: Pack>(call: AbilityCall) -> Result<bool, String> {
        install_panic_hook();
        let call = Call::from(call);
        let game = Game::on_imports(&call);
        Ok(Table::find(code_only::<P>(&call), &call).holds(&game, &call))
    }

    pub fn resolve<P: Pack>(call: AbilityCall) -> Result<(), String> {
        install_panic_hook();
        let call = Call::from(call);
        let mut game = Game::on_imports(&call);
        Table::find(code_only::<P>(&call), &call)
            .resolve(&mut game, &call)
            .map_err(|stop| stop.into_message())
    }

    /// The pack's cards as finding one ability's code needs them
    /// (`card::CodeOnly`): the called card with its id and code but not its
    /// words, every other card an empty shell.
    fn code_only<P: Pack>(call: &Call) -> Vec<crate::Card> {
        let _code_only = crate::card::CodeOnly::begin(&call.card_id);
        P::cards_for_call(&call.card_id)
    }

    pub fn runtime_manifest<P: RuntimePack>() -> Manifest {
        install_panic_hook();
        Manifest {
            cards: P::cards(),
            keywords: P::keywords(),
            counters: P::counters(),
            token_kinds: P::token_kinds(),
        }
    }

    pub fn runtime_condition<P: RuntimePack>(call: AbilityCall) -> Result<bool, String> {
        install_panic_hook();
        let call = Call::from(call);
        let game = Game::on_imports(&call);
        P::condition(&game, &call).map_err(|stop| stop.into_message())
    }

    pub fn runtime_resolve<P: RuntimePack>(call: AbilityCall) -> Result<(), String> {
        install_panic_hook();
        let call = Call::from(call);
        let mut game = Game::on_imports(&call);
        P::resolve(&mut game, &call).map_err(|stop| stop.into_message())
    }
}

/// Exports a [`Pack`] as the component's entry points, with the dispatch
/// table built from its cards, and records the API version the pack was
/// built against.
#[macro_export]
macro_rules! export_pack {
    ($pack:ty) => {
        $crate::__export_entry_points! {
            manifest => $crate::__private::manifest::<$pack>(),
            condition(call) => $crate::__private::condition::<$pack>(call),
            resolve(call) => $crate::__private::resolve::<$pack>(call),
        }
    };
}

/// Exports a [`runtime::RuntimePack`] (cards generated at runtime) as the
/// component's entry points and records the API version the pack was built
/// against.
#[macro_export]
macro_rules! export_runtime_pack {
    ($pack:ty) => {
        $crate::__export_entry_points! {
            manifest => $crate::__private::runtime_manifest::<$pack>(),
            condition(call) => $crate::__private::runtime_condition::<$pack>(call),
            resolve(call) => $crate::__private::runtime_resolve::<$pack>(call),
        }
    };
}

/// The component exports and the API version section, shared by
/// [`export_pack!`] and [`export_runtime_pack!`].
#[doc(hidden)]
#[macro_export]
macro_rules! __export_entry_points {
    (
        manifest => $manifest:expr,
        condition($ccall:ident) => $condition:expr,
        resolve($rcall:ident) => $resolve:expr,
    ) => {
        /// The card API version, read by the host before instantiation.
        #[unsafe(link_section = "sve:api-version")]
        #[used]
        static __SVE_API_VERSION: [u8; $crate::API_VERSION.len()] = $crate::API_VERSION_BYTES;

        struct __SvePackExport;

        impl $crate::bindings::Guest for __SvePackExport {
            fn manifest() -> $crate::bindings::sve::cards::types::Manifest {
                $manifest
            }
            fn condition(
                $ccall: $crate::bindings::sve::cards::types::AbilityCall,
            ) -> ::std::result::Result<bool, ::std::string::String> {
                $condition
            }
            fn resolve(
                $rcall: $crate::bindings::sve::cards::types::AbilityCall,
            ) -> ::std::result::Result<(), ::std::string::String> {
                $resolve
            }
        }

        $crate::bindings::export!(__SvePackExport with_types_in $crate::bindings);
    };
}
