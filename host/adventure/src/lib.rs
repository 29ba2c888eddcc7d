//! Adventure: a roguelike run of SVE fights across a map of rooms that the
//! player lights with torches (issue 34, `docs/adventure.md`).
//!
//! A run climbs a seeded [`map`] of floors of rooms, each holding an
//! [`events`] event: fights, elites, shops, heals, random events and a boss,
//! plus unique events shown as twinkles. Torches ([`light`]) light the rooms
//! around them; a room's light level changes its fight and its pay. The
//! fights are real SVE matches played by the engine ([`fight`]) with the
//! cards and code the caller loads ([`content`]); rewards grow the deck
//! ([`rewards`], weighed by cost and [`rarity`]). Every number is
//! [`balance`] data, and packs add relics, scenarios, statuses,
//! encounter decks and numbers with an `adventure.toml` ([`pack`]); every
//! front end loads a new run's balance the same way ([`load`]). Relics
//! may be cards put onto your field in every fight, and [`status`]es act
//! on either side of a fight for some turns.
//!
//! A [`run::Run`] is a state machine: [`run::Run::choices`] lists what the
//! player may do, [`run::Run::apply`] does one; a fight is played outside
//! and its result applied as [`run::Choice::Fought`] (with its answers,
//! [`run::Run::apply_fought`]). Runs save and replay, fights included
//! ([`save`]); [`policy`] and [`sim`] play whole runs headless.
//!
//! ```
//! use std::sync::Arc;
//! use sve_adventure::{balance::Balance, content::Content, run::{Run, RunDeck, RunSetup}};
//! use sve_engine::{cards::starter::starter_db, decks, engine::{AbilityRunner, NoAbilities}};
//!
//! let db = Arc::new(starter_db().expect("bundled cards"));
//! let runner: Arc<dyn AbilityRunner> = Arc::new(NoAbilities);
//! let balance = Balance::default();
//! let content = Content::new(Arc::clone(&db), runner, &balance, &decks::starter_deck)
//!     .expect("the starter decks resolve");
//! let list = content::resolve_named("SD01", &db, &decks::starter_deck).expect("SD01");
//! # use sve_adventure::content;
//! let mut run = Run::new(RunSetup {
//!     seed: 7,
//!     deck_name: "SD01".into(),
//!     deck: RunDeck::from_list(&list, &db),
//!     card_fingerprint: content.fingerprint(),
//!     balance,
//! });
//! let first = run.choices()[0].clone(); // place a torch, or move up
//! run.apply(first, &content).expect("an offered choice");
//! ```
//!
//! **Architecture Invariant:** no packs, wasmtime or UI here: the front end
//! hands in the cards, their code and the deck lists ([`pack`] reads only a
//! pack folder's `adventure.toml`). All randomness comes
//! from the run's seed ([`rng`]).

pub mod balance;
pub mod content;
pub mod events;
pub mod fight;
pub mod light;
pub mod load;
pub mod map;
pub mod pack;
pub mod policy;
pub mod rarity;
pub mod rewards;
pub mod rng;
pub mod run;
pub mod save;
pub mod sim;
pub mod status;
#[cfg(test)]
mod testing;
