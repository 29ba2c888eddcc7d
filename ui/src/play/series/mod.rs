//! "Up to N" choices in one step. Card code asks some effects one object
//! at a time, the same question again for each step:
//!
//! - a token series, Aria, Fairy Princess's fanfare (SD01-001): "Fairy
//!   token 1 of 9: where does it go?" with Field, EX area and Stop, nine
//!   times;
//! - a distribution, "deal 3 damage divided among up to 2 enemy
//!   followers": "Damage point 1 of 3: which follower?", the same
//!   followers each time, once per point;
//! - a choice of options, "choose up to 2 of the following": "choose an
//!   option (1 of up to 2)" with the options not yet chosen and Stop, each
//!   option resolving before the next question.
//!
//! The prompt turns such a series into one panel (`panel.rs`: how many
//! tokens go where, how many points each card takes, which options in
//! which order) and the match screen answers the engine's questions in
//! turn from that one answer (`plan.rs`).
//!
//! Nothing changes below the client: the engine asks the same questions
//! and gets the same answers a click per question would give, so undo,
//! replays, the network protocol, bots and the card API are untouched. A
//! question that does not continue the series ends the plan and the
//! player answers what is on screen as usual.

mod panel;
mod plan;
mod question;

pub use panel::{SeriesDraft, series_ui};
pub use plan::{PlanStep, SeriesPlan};
pub use question::{SeriesKind, SeriesQuestion};
