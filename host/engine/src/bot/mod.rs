//! Bots: players that answer decisions by themselves.
//!
//! - [`RandomBot`]: uniform over the legal options (and over the legal
//!   number of picks); the baseline for property tests and fast sims.
//! - [`GreedyBot`] (level *easy*): one ply over [`determinize`]d clones,
//!   with a fixed default policy until the next main-phase decision.
//! - [`SearchBot`] (levels *medium* and *hard*): determinized Monte Carlo
//!   tree search over the bot's own decisions of the turn, playouts by the
//!   heuristic [`policy`] through the opponent's reply, positions scored by
//!   [`eval`] (the [`tactics`] terms are an option no level uses yet);
//!   a lethal check first, a mulligan policy, a budget in iterations or
//!   milliseconds.
//! - *oracle*: the same search over the real match. It sees hidden cards
//!   and is for analysis only (how much hidden information is worth).
//!
//! **No bot but the oracle reads hidden information:** every bot that looks
//! ahead does so on [`determinize`]'s worlds, in which the opponent's hand
//! and deck and the bot's own deck order are re-dealt from what the bot
//! can't see, and the match RNG is reseeded. The no-cheat test
//! (`tests.rs`) gives two matches that differ only in hidden cards and
//! checks every level answers the same.
//!
//! Bots draw their randomness from their own seeded RNG, so a sim with a
//! seed is reproducible. Every bot ends its main phase after
//! [`MAX_BOT_ACTIONS_PER_TURN`] actions in one turn ([`ActionCap`]): a card
//! with a free ability that is always worth using must not keep a bot's
//! turn going forever.

mod determinize;
pub mod eval;
mod greedy;
pub mod policy;
mod random;
mod search;
pub mod tactics;
#[cfg(test)]
mod tests;
mod timing;

pub use determinize::determinize;
pub use greedy::GreedyBot;
pub use random::RandomBot;
pub use search::{OptionStats, SearchBot, SearchConfig};
pub use timing::DecisionTimes;

use crate::engine::{Action, Choice, Decision, Match, Prompt};
use rand_chacha::ChaCha8Rng;
use rand_core::Rng;
use std::fmt;
use std::str::FromStr;

/// Something that answers decisions.
pub trait Bot {
    /// Picks option indices for `decision` (valid for it).
    fn choose(&mut self, game: &Match, decision: &Decision) -> Vec<usize>;

    /// How long this bot's decisions took so far, for bots that measure it.
    fn decision_times(&self) -> Option<&DecisionTimes> {
        None
    }
}

/// The bots offered by the command line, the client and the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// [`RandomBot`].
    Random,
    /// [`GreedyBot`], the *easy* level.
    Greedy,
    /// [`SearchBot`] with a small budget.
    Medium,
    /// [`SearchBot`] with a large budget and a turn plan.
    Hard,
    /// [`SearchBot`] on the real match: sees hidden cards; analysis only.
    Oracle,
}

impl BotKind {
    /// Every kind, weakest first.
    pub const ALL: [BotKind; 5] = [
        BotKind::Random,
        BotKind::Greedy,
        BotKind::Medium,
        BotKind::Hard,
        BotKind::Oracle,
    ];

    /// The kinds a player may pick as an opponent (the oracle is left out:
    /// it reads hidden cards).
    pub const LEVELS: [BotKind; 4] = [
        BotKind::Random,
        BotKind::Greedy,
        BotKind::Medium,
        BotKind::Hard,
    ];

    /// The name the command line takes and prints (`random`, `easy`,
    /// `medium`, `hard`, `oracle`).
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "easy",
            BotKind::Medium => "medium",
            BotKind::Hard => "hard",
            BotKind::Oracle => "oracle",
        }
    }

    /// The name players see ("Easy bot", "Oracle bot (sees hidden
    /// cards)").
    pub fn label(self) -> &'static str {
        match self {
            BotKind::Random => "Random bot",
            BotKind::Greedy => "Easy bot",
            BotKind::Medium => "Medium bot",
            BotKind::Hard => "Hard bot",
            BotKind::Oracle => "Oracle bot (sees hidden cards)",
        }
    }

    /// Whether the bot reads hidden information (only the oracle does).
    pub fn sees_hidden_cards(self) -> bool {
        self == BotKind::Oracle
    }

    /// A bot of this kind with its own seed.
    pub fn build(self, seed: u64) -> Box<dyn Bot + Send> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Greedy => Box::new(GreedyBot::new(seed)),
            BotKind::Medium => Box::new(SearchBot::new(SearchConfig::medium(), seed)),
            BotKind::Hard => Box::new(SearchBot::new(SearchConfig::hard(), seed)),
            BotKind::Oracle => Box::new(SearchBot::new(SearchConfig::oracle(), seed)),
        }
    }

    /// A bot of this kind whose search stops after `limit` per decision
    /// (a server's bots, which must not hold a table up): the levels that
    /// search get a time limit, the others are as [`BotKind::build`] makes
    /// them. Its answers then depend on the machine's speed, so they are
    /// reproduced from the answers recorded, not from the seed.
    pub fn build_within(self, seed: u64, limit: std::time::Duration) -> Box<dyn Bot + Send> {
        let config = match self {
            BotKind::Random | BotKind::Greedy => return self.build(seed),
            BotKind::Medium => SearchConfig::medium(),
            BotKind::Hard => SearchConfig::hard(),
            BotKind::Oracle => SearchConfig::oracle(),
        };
        let config = SearchConfig {
            time_limit: Some(limit),
            ..config
        };
        Box::new(SearchBot::new(config, seed))
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for BotKind {
    type Err = String;

    fn from_str(s: &str) -> Result<BotKind, String> {
        match s.to_ascii_lowercase().as_str() {
            "random" => Ok(BotKind::Random),
            // `greedy` is the easy level's older name.
            "easy" | "greedy" => Ok(BotKind::Greedy),
            "medium" => Ok(BotKind::Medium),
            "hard" => Ok(BotKind::Hard),
            "oracle" => Ok(BotKind::Oracle),
            other => Err(format!(
                "unknown bot `{}`; expected random, easy (or greedy), medium, hard or oracle",
                sve_text::escape_line(other, 40)
            )),
        }
    }
}

/// Main-phase and Quick-window actions a bot takes in one turn before it
/// ends its main phase or passes; a real turn takes a dozen or so.
pub const MAX_BOT_ACTIONS_PER_TURN: u32 = 60;

/// Counts a bot's main-phase and Quick-window actions in the current turn;
/// past [`MAX_BOT_ACTIONS_PER_TURN`] it ends the main phase, or passes in a
/// Quick window (a free repeatable Quick ability must not loop either).
#[derive(Clone, Debug, Default)]
pub struct ActionCap {
    turn: u32,
    actions: u32,
}

impl ActionCap {
    /// The answer that ends the main phase when the bot has used up its
    /// actions this turn; `None` while it may act on.
    pub fn check(&mut self, game: &Match, decision: &Decision) -> Option<Vec<usize>> {
        let stop = match decision.prompt {
            Prompt::MainAction => Choice::Action(Action::EndMainPhase),
            Prompt::QuickWindow => Choice::Pass,
            _ => return None,
        };
        let turn = game.state().turn;
        if turn != self.turn {
            self.turn = turn;
            self.actions = 0;
        }
        self.actions += 1;
        if self.actions <= MAX_BOT_ACTIONS_PER_TURN {
            return None;
        }
        let end = decision.options.iter().position(|o| *o == stop)?;
        Some(vec![end])
    }
}

/// A uniformly random valid answer (never a cancel).
pub fn random_answer(rng: &mut ChaCha8Rng, decision: &Decision) -> Vec<usize> {
    let n = decision.choosable().len();
    let span = decision.max.saturating_sub(decision.min) + 1;
    let count = decision.min + (rng.next_u32() as usize % span);
    if count == 1 && n > 0 {
        // The shuffle below, cut short: its first pick is all it keeps
        // (the same draws, so the same answer), without the index list.
        return vec![rng.next_u32() as usize % n];
    }
    // Partial Fisher–Yates: the first `count` of a shuffled index list.
    let mut indices: Vec<usize> = (0..n).collect();
    for i in 0..count.min(n) {
        let j = i + rng.next_u32() as usize % (n - i);
        indices.swap(i, j);
    }
    indices.truncate(count.min(n));
    indices
}

/// A cheap fixed answer: the fewest picks, from the front; "no" to optional
/// questions; pass in Quick windows. Used inside greedy look-ahead.
pub fn default_answer(decision: &Decision) -> Vec<usize> {
    if decision.min == 1 && decision.max == 1 {
        let preferred = decision
            .options
            .iter()
            .position(|o| matches!(o, Choice::Pass | Choice::No));
        return vec![preferred.unwrap_or(0)];
    }
    (0..decision.min).collect()
}

/// The only answer a decision allows, when it allows just one (a single
/// option to pick, or every option to pick): no bot needs to think.
pub fn forced_answer(decision: &Decision) -> Option<Vec<usize>> {
    let n = decision.choosable().len();
    let only_one = n == 1 && decision.min == 1 && decision.max >= 1;
    let all = decision.min >= n && decision.max >= n;
    (only_one || all).then(|| (0..n.min(decision.max)).collect())
}
