//! Animations on the board: the events the session sent, played out as
//! short overlays so a bot's turn can be followed, paced and skippable.
//!
//! The model has no egui in it and runs on a clock the caller passes in:
//! `script.rs` turns shown events into [`Beat`]s of [`AnimKind`]s,
//! `queue.rs` ([`AnimQueue`]) times them at the chosen [`AnimSpeed`]
//! (`speed.rs`). The drawing is a thin layer over it: the board records
//! where it drew each card and place (`spots.rs`), `draw.rs` paints each
//! playing animation there, and `layer.rs` ([`AnimLayer`]) is what the
//! match screen holds: it queues each snapshot's events, skips on Esc or
//! a click, and draws over the board.
//!
//! **Architecture Invariant:** animations never decide what the board
//! shows. The board is drawn from the latest snapshot whatever plays; an
//! animation is painted on top of it (a card flying, a number floating),
//! and no answer waits for one: answers go to the session at once. Only
//! the pace of the moves nobody at the screen makes follows them: the
//! layer tells a local match whether what it took in still plays
//! ([`AnimLayer::pace_word`]), and a bot's next answer waits until it has
//! played, on the screen's clock, so the board and its animations stay
//! in step.

mod beat;
pub mod draw;
mod layer;
mod queue;
mod script;
mod speed;
pub mod spots;

pub use beat::{Anim, AnimKind, Beat, Spot};
pub use layer::{AnimLayer, MAX_HOLD, SKIP_HINT, speed_menu_ui};
pub use queue::{AnimQueue, MAX_LAG, Playing};
pub use script::{anim_of, beats_of};
pub use speed::AnimSpeed;
