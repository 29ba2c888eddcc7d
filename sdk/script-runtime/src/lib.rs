//! The SVE Script runtime: one card-pack component that plays any compiled
//! SVE Script pack.
//!
//! The host hands the runtime its pack's IR (`sve-script`'s
//! [`Module`](sve_script::ir::Module)) through the `script` import. The
//! runtime then works like any Rust pack written with `sve-sdk`, through
//! its lower-level entry for cards only known at runtime
//! ([`sve_sdk::runtime::RuntimePack`]: raw card data, called by card id and
//! ability index):
//! - [`manifest`] lowers each IR card to the card data the host reads (facts,
//!   triggers, costs, passives as data);
//! - [`interp`] runs an ability's effect through the same [`Game`] calls a
//!   Rust author makes, so one implementation per effect serves both paths;
//! - [`values`] evaluates value functions and card filters.
//!
//! Like every pack it keeps no state between calls except the decoded IR
//! and what is worked out from it once (the selections each ability
//! requires), which never change for the life of an instance.

#![deny(missing_docs)]

mod declared_reach;
pub mod host_value;
pub mod interp;
pub mod keywords;
pub mod manifest;
pub mod values;

use interp::extras::Extra;
use rustc_hash::FxHashMap;
use std::sync::OnceLock;
use sve_script::ir::{self, Module};
use sve_sdk::prelude::*;
use sve_sdk::runtime::RuntimePack;
use sve_sdk::wire::CardDef;

/// Generated bindings for the `script` import (the rest comes from sve-sdk).
#[allow(missing_docs, clippy::all)]
mod data {
    wit_bindgen::generate!({
        path: "../../wit/since_v0.3.0",
        world: "script-data",
    });
}

/// A script pack's compiled cards, decoded and checked once, with an index
/// by card id (every call names its card by id): what runs its abilities.
///
/// The component decodes its own from the `script` import, once per
/// instance. A host may also run a `Script` in its own process over its
/// own [`GameApi`](sve_sdk::GameApi): the IR is data, checked at decode
/// (every index in range, references only to earlier nodes; see
/// [`Module::from_bytes`]), and everything the runtime does to the game
/// goes through the same calls as from the sandbox.
pub struct Script {
    module: Module,
    by_id: FxHashMap<String, usize>,
    required: interp::RequiredSelections,
}

impl Script {
    /// Decodes and checks a pack's IR.
    pub fn decode(bytes: &[u8]) -> Result<Script, String> {
        let module = Module::from_bytes(bytes).map_err(|e| format!("bad script pack data: {e}"))?;
        // The first card of an id wins, as a search in source order would
        // find it (the compiler refuses duplicates anyway).
        let mut by_id = FxHashMap::with_capacity_and_hasher(module.cards.len(), Default::default());
        for (index, card) in module.cards.iter().enumerate() {
            by_id.entry(card.id.clone()).or_insert(index);
        }
        let required = interp::RequiredSelections::of_module(&module);
        Ok(Script {
            module,
            by_id,
            required,
        })
    }

    /// The decoded IR.
    pub fn module(&self) -> &Module {
        &self.module
    }

    /// Where the card with this id sits in [`Script::module`]'s cards (the
    /// first of that id), for [`Script::resolve_card`] and
    /// [`Script::condition_card`]: a host that calls the same cards again
    /// and again looks each up once.
    pub fn card_index(&self, card_id: &str) -> Option<usize> {
        self.by_id.get(card_id).copied()
    }

    /// The card a call is for.
    fn card_of(&self, call: &Call) -> Result<usize, Stop> {
        self.card_index(&call.card_id)
            .ok_or_else(|| Stop::unknown(call))
    }

    /// Runs ability `call.ability` of card `call.card_id`.
    pub fn resolve(&self, game: &mut Game, call: &Call) -> Result<(), Stop> {
        self.resolve_card(self.card_of(call)?, game, call)
    }

    /// Whether the ability's condition holds now.
    pub fn condition(&self, game: &Game, call: &Call) -> Result<bool, Stop> {
        self.condition_card(self.card_of(call)?, game, call)
    }

    /// Runs ability `call.ability` of the card at `card` in the module's
    /// cards (from [`Script::card_index`]), as [`Script::resolve`] runs the
    /// card named by `call.card_id`: nothing reads `call.card_id` then, so
    /// a host may leave it empty (messages name the card by its IR id).
    pub fn resolve_card(&self, card: usize, game: &mut Game, call: &Call) -> Result<(), Stop> {
        let (module, card) = (&self.module, self.card_at(card, call)?);
        match interp::extras::extra_of(card, call) {
            Some(Extra::Serve) => interp::serve::resolve(module, card, game, call),
            Some(Extra::Granted { ability, .. }) => {
                interp::granted::resolve(module, card, ability, game, call)
            }
            _ => interp::Interpreter::for_card(module, card, call)?
                .with_required(&self.required)
                .resolve(game),
        }
    }

    /// Whether the ability's condition holds now, for the card at `card`
    /// (see [`Script::resolve_card`]).
    pub fn condition_card(&self, card: usize, game: &Game, call: &Call) -> Result<bool, Stop> {
        let (module, card) = (&self.module, self.card_at(card, call)?);
        match interp::extras::extra_of(card, call) {
            Some(Extra::Serve) => Ok(interp::serve::condition(card, game, call)),
            Some(Extra::Granted { passive, ability }) => {
                interp::granted::condition(module, card, (passive, ability), game, call)
            }
            _ => interp::Interpreter::for_card(module, card, call)?
                .with_required(&self.required)
                .condition(game),
        }
    }

    /// The card at `index` in the module.
    fn card_at(&self, index: usize, call: &Call) -> Result<&ir::Card, Stop> {
        self.module
            .cards
            .get(index)
            .ok_or_else(|| Stop::unknown(call))
    }
}

/// The component's compiled cards, read from the `script` import at the
/// first call.
fn loaded() -> Result<&'static Script, Stop> {
    static LOADED: OnceLock<Result<Script, String>> = OnceLock::new();
    LOADED
        .get_or_init(|| Script::decode(&data::sve::cards::script::pack_data()))
        .as_ref()
        .map_err(|e| Stop::Error(e.clone()))
}

/// The runtime as a [`RuntimePack`].
pub struct ScriptPack;

impl RuntimePack for ScriptPack {
    fn cards() -> Vec<CardDef> {
        match loaded() {
            Ok(loaded) => manifest::cards(&loaded.module, &mut |problem| {
                sve_sdk::bindings::sve::cards::game::log(&format!("error: {problem}"));
            }),
            Err(Stop::Error(message)) => {
                sve_sdk::bindings::sve::cards::game::log(&format!("error: {message}"));
                Vec::new()
            }
            Err(Stop::Halt) => Vec::new(),
        }
    }

    fn keywords() -> Vec<sve_sdk::wire::KeywordDecl> {
        match loaded() {
            Ok(loaded) => manifest::declared_keywords(&loaded.module, &mut |problem| {
                sve_sdk::bindings::sve::cards::game::log(&format!("error: {problem}"));
            }),
            // `cards` reported it.
            Err(_) => Vec::new(),
        }
    }

    fn counters() -> Vec<sve_sdk::wire::CounterDecl> {
        match loaded() {
            Ok(loaded) => manifest::declared_counters(&loaded.module),
            // `cards` reported it.
            Err(_) => Vec::new(),
        }
    }

    fn token_kinds() -> Vec<sve_sdk::wire::TokenKindDecl> {
        match loaded() {
            Ok(loaded) => manifest::declared_token_kinds(&loaded.module),
            // `cards` reported it.
            Err(_) => Vec::new(),
        }
    }

    fn resolve(game: &mut Game, call: &Call) -> Result<(), Stop> {
        loaded()?.resolve(game, call)
    }

    fn condition(game: &Game, call: &Call) -> Result<bool, Stop> {
        loaded()?.condition(game, call)
    }
}

#[cfg(all(target_arch = "wasm32", not(feature = "in-process")))]
sve_sdk::export_runtime_pack!(ScriptPack);
