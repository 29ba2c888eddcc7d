//! `sve-ui`: the Shadowverse: Evolve client, an eframe app.
//!
//! ```no_run
//! use sve_ui::catalog::Catalog;
//! use sve_ui::{App, AppOptions};
//!
//! // The starter cards with the packs of `card-packs/` (abilities in wasm).
//! let catalog = Catalog::open("card-packs".as_ref(), "target".as_ref()).expect("bundled card data");
//! let app = App::new(catalog, AppOptions::default());
//! eframe::run_native(
//!     "Shadowverse: Evolve",
//!     eframe::NativeOptions::default(),
//!     Box::new(|_| Ok(Box::new(app))),
//! )
//! .expect("window");
//! ```
//!
//! Built with the `desktop` feature (the default) it is the desktop client:
//! card packs from folders, hot reload, Rust packs, the editor launch, the
//! Arena and the network thread. Without it, it is what a web page can run
//! (`wasm32-unknown-unknown`), over the bundled starter cards
//! ([`catalog`]).
//!
//! Core concepts:
//! - [`session::Session`]: the match runs on a worker thread that owns the
//!   engine's `Match` and the bots. The UI sends commands (answer, undo,
//!   concede, save replay) and receives snapshots, so it never waits for a
//!   bot and never touches engine state.
//! - [`session::online::OnlineSession`]: the same boundary for a match on a
//!   server (`sve serve`): a thread with its own tokio runtime owns the
//!   connection and turns the server's redacted updates into the same
//!   snapshots, with card data built from the server's card faces. The
//!   Play online screen ([`online`]) starts one.
//! - [`match_view::MatchView`]: the UI's picture of the match, built from
//!   per-player views, redacted events and log lines.
//! - Panels (`play::board`, `play::prompt`, `play::log`, ...) read the view
//!   and push [`intent::Intent`]s; the match screen applies them after
//!   drawing. A click becomes an answer only through the decision's legal
//!   options ([`play::legal::LegalMoves`]); any other click is explained.
//! - [`play::anim`]: the board's animations. Each snapshot's shown events
//!   become timed overlays (a played card shown large, attacks, damage,
//!   deaths) on a clock the screen passes in; they never decide what the
//!   board shows and nothing waits for them.
//! - Undo is replay-based: the worker rebuilds the match from seed and
//!   decks and re-applies every answer but the last human one and the bot
//!   answers after it. A watched replay moves the same way: its own worker
//!   (`session::replay`) goes forward by applying answers and back by
//!   rebuilding, and `play::replay_bar` holds its controls.

#![warn(missing_docs)]

pub mod adventure;
pub mod app;
#[cfg(feature = "desktop")]
pub mod arena_screen;
pub mod bench;
pub mod bot_choice;
pub mod card_art;
pub mod card_text;
pub mod catalog;
pub mod clock_choice;
pub mod config;
pub mod deck_builder;
pub mod deck_choice;
#[cfg(test)]
mod fixture;
pub mod frame_times;
pub mod intent;
pub mod launch;
pub mod match_clocks;
pub mod match_view;
pub mod online;
#[cfg(feature = "desktop")]
pub mod packs_panel;
pub mod play;
pub mod save_folder;
#[cfg(feature = "desktop")]
pub mod screenshots;
pub mod session;
pub mod settings;
pub mod start;
pub mod table_link;
pub mod ui_scale;
#[cfg(target_arch = "wasm32")]
pub mod web;

pub use app::{App, AppOptions};
