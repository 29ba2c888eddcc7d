//! The easy level: one ply. Each option is tried on a clone of a
//! determinized world, the match is played on with fixed default answers
//! until the next main-phase decision, and the best-scoring option wins.
//! This is the greedy bot of before the levels, made honest: it once
//! tried options on clones of the real match, which showed it the
//! opponent's hand and the next draws.

use super::{ActionCap, Bot, default_answer, determinize, eval, policy, random_answer};
use crate::engine::{Decision, Match, PlayerId, Prompt, Status};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// One-ply search over the options of each decision.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    rng: ChaCha8Rng,
    cap: ActionCap,
}

impl GreedyBot {
    /// A greedy bot with a seed (for its worlds, ties and multi-picks).
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
        if decision.min != 1 || decision.max != 1 || decision.choosable().len() > GREEDY_MAX_OPTIONS
        {
            return random_answer(&mut self.rng, decision);
        }
        match decision.prompt {
            // Keeps every opening hand.
            Prompt::Mulligan => return vec![0],
            // Goes first, as every level does: one ply can't see why (the
            // first player wins about 62% of easy-against-easy games).
            Prompt::ChooseFirstPlayer => return policy::answer(game, decision, &mut self.rng, 0.0),
            _ => {}
        }
        let world = determinize(game, me, &mut self.rng);
        let mut best = (f64::NEG_INFINITY, 0);
        // Never the cancel: taking a play back only to be asked again
        // could loop.
        for idx in 0..decision.choosable().len() {
            let mut trial = world.clone();
            if trial.answer(me, &[idx]).is_err() {
                continue;
            }
            play_on(&mut trial);
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
fn play_on(trial: &mut Match) {
    for _ in 0..64 {
        let decision = match trial.step() {
            Status::GameOver(_) => return,
            Status::Decision(d) => d,
        };
        if decision.prompt == Prompt::MainAction {
            return;
        }
        let (player, answer): (PlayerId, Vec<usize>) = (decision.player, default_answer(decision));
        if trial.answer(player, &answer).is_err() {
            return;
        }
    }
}

/// How good a position is for `me`: the greedy bot's own measure (life,
/// board stats, hand, EP and the EX area), simpler than [`eval::score`].
fn score(game: &Match, me: PlayerId) -> f64 {
    use crate::engine::Outcome;
    match game.outcome() {
        Some(Outcome::Win(winner, _)) if winner == me => return eval::WIN,
        Some(Outcome::Win(..)) => return -eval::WIN,
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
