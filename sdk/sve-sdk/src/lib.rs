//! `sve-sdk`: write Shadowverse: Evolve card packs in Rust.
//!
//! A pack is a WebAssembly component the host loads in a sandbox. It
//! declares its cards as data (stats, keywords, and every ability's trigger,
//! cost and timing) and runs its abilities' effects through a [`Game`]
//! handle. It keeps no state between calls: everything lives in the host.
//!
//! ```no_run
//! use sve_sdk::prelude::*;
//!
//! struct MyPack;
//!
//! impl Pack for MyPack {
//!     fn cards() -> Vec<CardDef> {
//!         vec![Card::follower("MY-001", "Spark Elf", Class::Forest, 2, 2, 2)
//!             .fanfare("Deal 1 damage to an enemy follower.")
//!             .text("[fanfare] Select an enemy follower and deal it 1 damage.")
//!             .build()]
//!     }
//!
//!     fn resolve(game: &mut Game, call: &Call) -> Result<(), Stop> {
//!         match (call.card_id.as_str(), call.ability) {
//!             ("MY-001", 0) => {
//!                 let targets = game.followers(game.opponent());
//!                 for card in game.select("Deal 1 damage to", targets, 1, 1)? {
//!                     game.damage_follower(card, 1);
//!                 }
//!                 Ok(())
//!             }
//!             _ => Err(Stop::unknown(call)),
//!         }
//!     }
//! }
//!
//! sve_sdk::export_pack!(MyPack);
//! ```
//!
//! Core concepts:
//! - [`Pack`]: the one trait an author implements (cards, resolve, condition).
//! - [`Card`]: a builder for card definitions that reads like the card.
//! - [`Game`]: queries, choices and actions during an ability.
//! - Choices are re-entrant: `game.select(..)?` either returns the answer or
//!   stops the ability with [`Stop::Halt`]; the host asks the player and runs
//!   the ability again from the start, this time with the answer. Write
//!   abilities as straight-line code and always propagate with `?`.
//!
//! Build a pack with `sve pack build PATH`; the host refuses packs built
//! against an API version it does not support.

#![deny(missing_docs)]

mod card;
mod game;

pub use card::{Card, any_card};
pub use game::{Call, Game, Stop};

/// The card API version this SDK builds packs against.
pub const API_VERSION: &str = "0.1.0";

/// Generated bindings (an implementation detail of [`export_pack!`]; not
/// covered by any stability promise).
#[doc(hidden)]
#[allow(clippy::too_many_arguments)] // Generated from the WIT.
pub mod bindings {
    wit_bindgen::generate!({
        path: "../../wit/since_v0.1.0",
        world: "pack",
        pub_export_macro: true,
        default_bindings_module: "sve_sdk::bindings",
        generate_all,
    });
}

/// Plain data types of the card API, re-exported from the bindings.
pub mod types {
    pub use crate::bindings::sve::cards::game::TurnRecord;
    pub use crate::bindings::sve::cards::types::{
        AbilityDef, AbilityKind, ActivationZone, CardClass as Class, CardDef, CardFilter, CardInfo,
        CardType, ChoiceOption, CostItem, Counter, Duration, Grant, Keywords, PassiveCondition,
        PassiveScope, PlayerInfo, Range, TokenDestination, Trigger, Zone,
    };
    pub use crate::bindings::sve::cards::types::{CardRef, Passive, Player};
}

/// Everything a pack author usually needs.
pub mod prelude {
    pub use crate::types::*;
    pub use crate::{Call, Card, Game, Pack, Stop};
}

/// A card pack. Implement it on a unit struct and register it with
/// [`export_pack!`].
pub trait Pack {
    /// The pack's card definitions.
    fn cards() -> Vec<types::CardDef>;

    /// Runs ability `call.ability` of card `call.card_id`.
    fn resolve(game: &mut Game, call: &Call) -> Result<(), Stop>;

    /// Whether the ability's condition holds now (a spell's play
    /// requirement, an activated ability's extra condition, an automatic
    /// ability's "if"). Defaults to always.
    fn condition(game: &Game, call: &Call) -> Result<bool, Stop> {
        let _ = (game, call);
        Ok(true)
    }
}

/// Glue used by [`export_pack!`]; not part of the public API.
#[doc(hidden)]
pub mod __private {
    use super::*;
    use crate::bindings::sve::cards::types::{AbilityCall, Manifest};

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
        Manifest { cards: P::cards() }
    }

    pub fn condition<P: Pack>(call: AbilityCall) -> Result<bool, String> {
        install_panic_hook();
        let call = Call::from(call);
        let game = Game::new(&call);
        P::condition(&game, &call).map_err(|stop| stop.into_message())
    }

    pub fn resolve<P: Pack>(call: AbilityCall) -> Result<(), String> {
        install_panic_hook();
        let call = Call::from(call);
        let mut game = Game::new(&call);
        P::resolve(&mut game, &call).map_err(|stop| stop.into_message())
    }
}

/// Exports a [`Pack`] implementation as the component's entry points and
/// records the API version the pack was built against.
#[macro_export]
macro_rules! export_pack {
    ($pack:ty) => {
        /// The card API version, read by the host before instantiation.
        #[unsafe(link_section = "sve:api-version")]
        #[used]
        static __SVE_API_VERSION: [u8; 5] = *b"0.1.0";

        struct __SvePackExport;

        impl $crate::bindings::Guest for __SvePackExport {
            fn manifest() -> $crate::bindings::sve::cards::types::Manifest {
                $crate::__private::manifest::<$pack>()
            }
            fn condition(
                call: $crate::bindings::sve::cards::types::AbilityCall,
            ) -> ::std::result::Result<bool, ::std::string::String> {
                $crate::__private::condition::<$pack>(call)
            }
            fn resolve(
                call: $crate::bindings::sve::cards::types::AbilityCall,
            ) -> ::std::result::Result<(), ::std::string::String> {
                $crate::__private::resolve::<$pack>(call)
            }
        }

        $crate::bindings::export!(__SvePackExport with_types_in $crate::bindings);
    };
}
