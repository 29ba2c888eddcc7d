//! Bots: players that answer decisions by themselves.
//!
//! - [`RandomBot`]: uniform over the legal options (and over the legal
//!   number of picks); the baseline for property tests and fast sims.
//! - [`GreedyBot`]: one ply: tries each option on a clone of the match,
//!   plays on with a fixed default policy until the next main-phase
//!   decision, and keeps the option whose position scores best.
//!
//! Bots draw their randomness from their own seeded RNG, so a sim with a
//! seed is reproducible. Every bot ends its main phase after
//! [`MAX_BOT_ACTIONS_PER_TURN`] actions in one turn ([`ActionCap`]): a card
//! with a free ability that is always worth using must not keep a bot's
//! turn going forever. The greedy bot evaluates clones of the real match,
//! so it sees hidden information; it is a testing opponent, not a fair one.

use crate::engine::{Action, Choice, Decision, Match, PlayerId, Prompt, Status};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use std::str::FromStr;

/// Something that answers decisions.
pub trait Bot {
    /// Picks option indices for `decision` (valid for it).
    fn choose(&mut self, game: &Match, decision: &Decision) -> Vec<usize>;
}

/// The bot kinds the command line offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotKind {
    /// [`RandomBot`].
    Random,
    /// [`GreedyBot`].
    Greedy,
}

impl FromStr for BotKind {
    type Err = String;

    fn from_str(s: &str) -> Result<BotKind, String> {
        match s.to_ascii_lowercase().as_str() {
            "random" => Ok(BotKind::Random),
            "greedy" => Ok(BotKind::Greedy),
            other => Err(format!("unknown bot `{other}`; expected random or greedy")),
        }
    }
}

impl BotKind {
    /// A bot of this kind with its own seed.
    pub fn build(self, seed: u64) -> Box<dyn Bot + Send> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Greedy => Box::new(GreedyBot::new(seed)),
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

/// Uniformly random legal answers.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: ChaCha8Rng,
    cap: ActionCap,
}

impl RandomBot {
    /// A random bot with a seed.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            cap: ActionCap::default(),
        }
    }
}

impl Bot for RandomBot {
    fn choose(&mut self, game: &Match, decision: &Decision) -> Vec<usize> {
        if let Some(end) = self.cap.check(game, decision) {
            return end;
        }
        random_answer(&mut self.rng, decision)
    }
}

/// A uniformly random valid answer.
pub fn random_answer(rng: &mut ChaCha8Rng, decision: &Decision) -> Vec<usize> {
    let n = decision.options.len();
    let span = decision.max.saturating_sub(decision.min) + 1;
    let count = decision.min + (rng.next_u32() as usize % span);
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

/// One-ply search over the options of each decision.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    rng: ChaCha8Rng,
    cap: ActionCap,
}

impl GreedyBot {
    /// A greedy bot with a seed (used to break ties and for multi-picks).
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            cap: ActionCap::default(),
        }
    }
}

/// Options a greedy bot evaluates at most; beyond that it answers at random.
const GREEDY_MAX_OPTIONS: usize = 40;

impl Bot for GreedyBot {
    fn choose(&mut self, game: &Match, decision: &Decision) -> Vec<usize> {
        let me = decision.player;
        if let Some(end) = self.cap.check(game, decision) {
            return end;
        }
        if decision.min != 1 || decision.max != 1 || decision.options.len() > GREEDY_MAX_OPTIONS {
            return random_answer(&mut self.rng, decision);
        }
        if decision.prompt == Prompt::Mulligan {
            // Keep hands with a cheap follower, redraw the others.
            return vec![0];
        }
        let mut best = (f64::NEG_INFINITY, 0);
        for idx in 0..decision.options.len() {
            let mut trial = game.clone();
            if trial.answer(me, &[idx]).is_err() {
                continue;
            }
            play_on(&mut trial, me);
            // A little noise breaks ties without preferring list order.
            let noise = f64::from(self.rng.next_u32() % 1000) / 1_000_000.0;
            let score = score(&trial, me) + noise;
            if score > best.0 {
                best = (score, idx);
            }
        }
        vec![best.1]
    }
}

/// Steps a trial match with default answers until the next main-phase
/// decision (anyone's) or the end.
fn play_on(trial: &mut Match, me: PlayerId) {
    for _ in 0..64 {
        let decision = match trial.step() {
            Status::GameOver(_) => return,
            Status::Decision(d) => d.clone(),
        };
        if decision.prompt == Prompt::MainAction {
            return;
        }
        let _ = me;
        if trial
            .answer(decision.player, &default_answer(&decision))
            .is_err()
        {
            return;
        }
    }
}

/// How good a position is for `me`.
pub fn score(game: &Match, me: PlayerId) -> f64 {
    use crate::engine::Outcome;
    match game.outcome() {
        Some(Outcome::Win(winner, _)) if winner == me => return 1e6,
        Some(Outcome::Win(..)) => return -1e6,
        Some(Outcome::Draw) => return 0.0,
        None => {}
    }
    let state = game.state();
    let db = game.db();
    let side = |player: PlayerId| -> f64 {
        let p = state.player(player);
        let board: f64 = p
            .field
            .iter()
            .map(|c| {
                let stats = state.characteristics(db, *c);
                f64::from(stats.attack.max(0)) + f64::from(stats.defense.max(0)) * 0.8 + 1.0
            })
            .sum();
        f64::from(p.leader_defense) * 1.2
            + board
            + p.hand.len() as f64 * 0.7
            + f64::from(p.ep) * 0.5
            + p.ex_area.len() as f64 * 0.5
    };
    side(me) - side(me.opponent())
}
