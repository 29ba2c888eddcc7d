//! The search bot (levels *medium*, *hard* and the *oracle*):
//! determinized Monte Carlo tree search, in the manner of single-observer
//! information-set MCTS.
//!
//! For each decision worth thinking about:
//! 1. **Worlds.** A few [`determinize`]d matches are drawn: the opponent's
//!    hand and deck and the bot's deck order dealt again from what the bot
//!    can't see (the oracle uses the real match instead).
//! 2. **Lethal check.** At a main-phase decision, an option after which an
//!    all-out attack wins this turn in every world is taken at once.
//! 3. **Search.** Each iteration takes the next world, walks a tree of the
//!    bot's own one-pick decisions of this turn (edges are options, so the
//!    same action is one edge in every world; a child is chosen by UCB over
//!    the edges legal in that world, counting how often each was
//!    available), adds one edge, then plays on with the [`policy`] for
//!    both players until the bot's next turn begins and scores the
//!    position with [`eval::win_chance_by`] (the configured
//!    [`Evaluation`]: every level uses the basic one).
//! 4. **Answer.** The most visited option. With a turn plan (*hard*) the
//!    subtree under it is kept for the turn's next decision.
//!
//! The budget is a number of iterations (answers are then reproducible)
//! and, optionally, a time limit. The mulligan, who goes first and
//! decisions with several picks are left to the policy.

use super::eval::{self, Evaluation};
use super::{ActionCap, Bot, DecisionTimes, determinize, forced_answer, policy};
use crate::engine::{Action, Choice, Decision, Match, PlayerId, Prompt, Status};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use std::time::Duration;
// `std::time::Instant::now` panics in a web page (the client's offline
// match); natively this is std's.
use web_time::Instant;

/// How a search bot thinks.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// Playouts per decision.
    pub iterations: u32,
    /// Worlds drawn per decision (determinizations).
    pub worlds: u32,
    /// Stop early when a decision has thought this long (answers then
    /// depend on the machine's speed).
    pub time_limit: Option<Duration>,
    /// UCB's exploration constant (values are chances to win, 0..=1).
    pub exploration: f64,
    /// Keep the search tree between the decisions of one turn.
    pub turn_plan: bool,
    /// Search the real match (the oracle): sees hidden cards.
    pub sees_hidden_cards: bool,
    /// The policy's chance of a random action in playouts.
    pub playout_noise: f64,
    /// How playouts are scored.
    pub evaluation: Evaluation,
}

impl SearchConfig {
    /// The *medium* level: a small budget, 50 playouts over 3 worlds.
    /// It was 300 over 6 until issue 15 spaced the levels: hard's larger
    /// budget buys little past a few hundred playouts, so medium was cut
    /// to leave a step on both sides (it still beats easy clearly; see
    /// docs/bots.md, "Levels spaced").
    pub fn medium() -> SearchConfig {
        SearchConfig {
            iterations: 50,
            worlds: 3,
            time_limit: None,
            exploration: 0.6,
            turn_plan: false,
            sees_hidden_cards: false,
            playout_noise: policy::NOISE,
            evaluation: Evaluation::Basic,
        }
    }

    /// The *hard* level: a large budget and a turn plan. (The tactical
    /// evaluation with 3% playout noise was measured for it and bought
    /// nothing over 400 games; neither did three times the budget, 6,000
    /// playouts over 24 worlds, in issue 38, nor less or more playout
    /// noise, another exploration constant, lethal-aware playouts or the
    /// opponent's next turn in the tree; see docs/bots.md.)
    pub fn hard() -> SearchConfig {
        SearchConfig {
            iterations: 2000,
            worlds: 16,
            turn_plan: true,
            ..SearchConfig::medium()
        }
    }

    /// The *oracle*: hard's budget on the real match.
    pub fn oracle() -> SearchConfig {
        SearchConfig {
            worlds: 1,
            sees_hidden_cards: true,
            ..SearchConfig::hard()
        }
    }
}

/// Answers the playouts give at most before they are scored as they stand.
const MAX_PLAYOUT_ANSWERS: u32 = 400;

/// Main-phase and Quick actions a player takes in one turn of a playout
/// before the policy ends the phase (a free repeatable ability must not
/// make a playout spin).
const MAX_PLAYOUT_ACTIONS_PER_TURN: u32 = 30;

/// Worlds the lethal check plays out at most.
const LETHAL_WORLDS: usize = 4;

/// A bot that searches (see the module docs).
#[derive(Debug)]
pub struct SearchBot {
    config: SearchConfig,
    rng: ChaCha8Rng,
    cap: ActionCap,
    times: DecisionTimes,
    plan: Option<Plan>,
    last: Vec<OptionStats>,
}

/// What the last search found for one option of its decision.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionStats {
    /// The option.
    pub choice: Choice,
    /// Playouts through it.
    pub visits: u32,
    /// Their mean value: the chance to win the bot saw after it.
    pub mean: f64,
}

/// The search tree kept for the rest of a turn.
#[derive(Debug)]
struct Plan {
    turn: u32,
    tree: Tree,
    node: usize,
}

impl SearchBot {
    /// A search bot with its configuration and seed.
    pub fn new(config: SearchConfig, seed: u64) -> SearchBot {
        SearchBot {
            config,
            rng: ChaCha8Rng::seed_from_u64(seed),
            cap: ActionCap::default(),
            times: DecisionTimes::default(),
            plan: None,
            last: Vec::new(),
        }
    }

    /// Its configuration.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// What the last search found for each option it tried (empty after
    /// a lethal or when nothing was searched yet): why the bot chose.
    pub fn last_search(&self) -> &[OptionStats] {
        &self.last
    }
}

impl Bot for SearchBot {
    fn choose(&mut self, game: &Match, decision: &Decision) -> Vec<usize> {
        if let Some(only) = forced_answer(decision) {
            return only;
        }
        if let Some(end) = self.cap.check(game, decision) {
            return end;
        }
        if !is_tree_decision(decision) {
            return policy::answer(game, decision, &mut self.rng, 0.0);
        }
        let started = Instant::now();
        let pick = self.search(game, decision, started);
        self.times.record(started.elapsed());
        vec![pick]
    }

    fn decision_times(&self) -> Option<&DecisionTimes> {
        Some(&self.times)
    }
}

/// Decisions the tree holds: one pick among several options, past the
/// opening (the mulligan and who goes first are the policy's).
fn is_tree_decision(decision: &Decision) -> bool {
    decision.min == 1
        && decision.max == 1
        && decision.choosable().len() > 1
        && !matches!(
            decision.prompt,
            Prompt::ChooseFirstPlayer | Prompt::Mulligan | Prompt::MulliganOrder
        )
}

impl SearchBot {
    fn search(&mut self, game: &Match, decision: &Decision, started: Instant) -> usize {
        let me = decision.player;
        let turn = game.state().turn;
        let worlds: Vec<Match> = (0..self.config.worlds.max(1))
            .map(|_| {
                if self.config.sees_hidden_cards {
                    let mut world = game.clone();
                    world.clear_events();
                    world
                } else {
                    determinize(game, me, &mut self.rng)
                }
            })
            .collect();
        if decision.prompt == Prompt::MainAction
            && let Some(lethal) = lethal_option(&worlds, decision, &mut self.rng)
        {
            self.plan = None;
            self.last.clear();
            return lethal;
        }
        let (mut tree, root) = match self.plan.take() {
            Some(plan) if plan.turn == turn && self.config.turn_plan => (plan.tree, plan.node),
            _ => (Tree::default(), Tree::ROOT),
        };
        if tree.nodes.is_empty() {
            tree.nodes.push(Node::default());
        }
        let search = Search {
            me,
            turn,
            exploration: self.config.exploration,
            noise: self.config.playout_noise,
            evaluation: self.config.evaluation,
        };
        let budget = self.config.iterations.max(1);
        for iteration in 0..budget {
            let world = &worlds[iteration as usize % worlds.len()];
            search.iterate(&mut tree, root, world.clone(), &mut self.rng);
            if iteration % 16 == 15 {
                let out_of_time = self
                    .config
                    .time_limit
                    .is_some_and(|limit| started.elapsed() >= limit);
                if out_of_time || tree.settled(root, budget - iteration - 1) {
                    break;
                }
            }
        }
        self.last = tree.nodes[root]
            .edges
            .iter()
            .map(|e| OptionStats {
                choice: e.choice.clone(),
                visits: e.visits,
                mean: e.value / f64::from(e.visits.max(1)),
            })
            .collect();
        let best = tree.most_visited(root, &decision.options);
        let pick = best.map_or(0, |(option, _)| option);
        if self.config.turn_plan
            && let Some((_, edge)) = best
        {
            let node = tree.child_of(root, edge);
            self.plan = Some(Plan { turn, tree, node });
        }
        pick
    }
}

/// The fixed parts of one decision's search.
struct Search {
    me: PlayerId,
    turn: u32,
    exploration: f64,
    noise: f64,
    evaluation: Evaluation,
}

impl Search {
    /// One iteration: down the tree, one new edge, a playout, and the
    /// result back up the path.
    fn iterate(&self, tree: &mut Tree, root: usize, mut world: Match, rng: &mut ChaCha8Rng) {
        let mut path: Vec<(usize, usize)> = Vec::new();
        let mut node = root;
        loop {
            if let Status::GameOver(_) = world.step() {
                break;
            }
            let Some(decision) = world.decision() else {
                break;
            };
            if decision.player != self.me
                || world.state().turn != self.turn
                || !is_tree_decision(decision)
            {
                break;
            }
            let (option, edge, expanded) = tree.select(node, decision, self.exploration, rng);
            if world.answer(self.me, &[option]).is_err() {
                break;
            }
            path.push((node, edge));
            if expanded {
                break;
            }
            node = tree.child_of(node, edge);
        }
        let value = self.playout(&mut world, rng);
        for (node, edge) in path {
            let edge = &mut tree.nodes[node].edges[edge];
            edge.visits += 1;
            edge.value += value;
        }
    }

    /// Plays both sides with the policy until `me`'s next turn begins (or
    /// the end), then scores the position for `me`.
    fn playout(&self, world: &mut Match, rng: &mut ChaCha8Rng) -> f64 {
        let mut actions = (world.state().turn, 0u32);
        for _ in 0..MAX_PLAYOUT_ANSWERS {
            if let Status::GameOver(_) = world.step() {
                break;
            }
            let state = world.state();
            if state.turn > self.turn && state.active == self.me {
                break;
            }
            let Some(decision) = world.decision() else {
                break;
            };
            if state.turn != actions.0 {
                actions = (state.turn, 0);
            }
            let acting = matches!(decision.prompt, Prompt::MainAction | Prompt::QuickWindow);
            actions.1 += u32::from(acting);
            let picks = if acting && actions.1 > MAX_PLAYOUT_ACTIONS_PER_TURN {
                vec![phase_end(decision)]
            } else {
                policy::answer(world, decision, rng, self.noise)
            };
            let player = decision.player;
            if world.answer(player, &picks).is_err() {
                break;
            }
        }
        eval::win_chance_by(world, self.me, self.evaluation)
    }
}

/// The option that ends the main phase or passes (else the first).
fn phase_end(decision: &Decision) -> usize {
    decision
        .options
        .iter()
        .position(|o| matches!(o, Choice::Action(Action::EndMainPhase) | Choice::Pass))
        .unwrap_or(0)
}

/// An option after which attacking with everything (the policy, leaders
/// first) wins this turn in every world tried.
fn lethal_option(worlds: &[Match], decision: &Decision, rng: &mut ChaCha8Rng) -> Option<usize> {
    let me = decision.player;
    let turn = worlds.first()?.state().turn;
    let tried = &worlds[..worlds.len().min(LETHAL_WORLDS)];
    (0..decision.choosable().len()).find(|&option| {
        tried.iter().all(|world| {
            let mut trial = world.clone();
            if trial.answer(me, &[option]).is_err() {
                return false;
            }
            all_out(&mut trial, me, turn, rng);
            matches!(trial.outcome(), Some(crate::engine::Outcome::Win(w, _)) if w == me)
        })
    })
}

/// Plays `me`'s turn with leader attacks first, the opponent with the
/// policy, until the turn ends.
fn all_out(trial: &mut Match, me: PlayerId, turn: u32, rng: &mut ChaCha8Rng) {
    for _ in 0..MAX_PLAYOUT_ANSWERS {
        if let Status::GameOver(_) = trial.step() {
            return;
        }
        if trial.state().turn != turn {
            return;
        }
        let Some(decision) = trial.decision() else {
            return;
        };
        let face = (decision.player == me && decision.prompt == Prompt::MainAction)
            .then(|| leader_attack(trial, decision))
            .flatten();
        let picks = match face {
            Some(option) => vec![option],
            None => policy::answer(trial, decision, rng, 0.0),
        };
        let player = decision.player;
        if trial.answer(player, &picks).is_err() {
            return;
        }
    }
}

/// The strongest attack on the opposing leader among the options.
fn leader_attack(game: &Match, decision: &Decision) -> Option<usize> {
    let state = game.state();
    decision
        .options
        .iter()
        .enumerate()
        .filter_map(|(idx, option)| match option {
            Choice::Action(Action::Attack {
                attacker,
                target: crate::engine::state::AttackTarget::Leader(_),
            }) => Some((state.characteristics(game.db(), *attacker).attack, idx)),
            _ => None,
        })
        .max()
        .map(|(_, idx)| idx)
}

/// The search tree: nodes are the bot's decisions, edges its options.
#[derive(Debug, Default)]
struct Tree {
    nodes: Vec<Node>,
}

/// One decision of the bot in the tree.
#[derive(Debug, Default)]
struct Node {
    edges: Vec<Edge>,
}

/// One option at a node, with its statistics.
#[derive(Debug)]
struct Edge {
    choice: Choice,
    /// Playouts through this edge.
    visits: u32,
    /// Iterations in which it was legal where its node was reached.
    available: u32,
    /// Sum of the playouts' values.
    value: f64,
    /// The node below, once an iteration went through it.
    child: Option<usize>,
}

impl Tree {
    const ROOT: usize = 0;

    /// Picks the option to follow at `node` for `decision`: a legal option
    /// with no edge yet (added now, `expanded`), else the legal edge with
    /// the best upper confidence bound. Returns (option, edge, expanded).
    fn select(
        &mut self,
        node: usize,
        decision: &Decision,
        exploration: f64,
        rng: &mut ChaCha8Rng,
    ) -> (usize, usize, bool) {
        let edges = &mut self.nodes[node].edges;
        // Bots never cancel (a cancel asks the same question again).
        let mut legal: Vec<(usize, Option<usize>)> = decision
            .choosable()
            .iter()
            .enumerate()
            .map(|(option, choice)| (option, edges.iter().position(|e| e.choice == *choice)))
            .collect();
        for (_, edge) in &legal {
            if let Some(edge) = edge {
                edges[*edge].available += 1;
            }
        }
        let untried: Vec<usize> = legal
            .iter()
            .filter(|(_, edge)| edge.is_none())
            .map(|(option, _)| *option)
            .collect();
        if !untried.is_empty() {
            let option = untried[rng.next_u32() as usize % untried.len()];
            edges.push(Edge {
                choice: decision.options[option].clone(),
                visits: 0,
                available: 1,
                value: 0.0,
                child: None,
            });
            return (option, edges.len() - 1, true);
        }
        legal.retain(|(_, edge)| edge.is_some());
        let mut best = (f64::NEG_INFINITY, 0, 0);
        for (option, edge) in legal {
            let Some(edge_idx) = edge else { continue };
            let e = &edges[edge_idx];
            let visits = f64::from(e.visits.max(1));
            let ucb = e.value / visits
                + exploration * (f64::from(e.available.max(1)).ln() / visits).sqrt();
            if ucb > best.0 {
                best = (ucb, option, edge_idx);
            }
        }
        (best.1, best.2, false)
    }

    /// The node under an edge, made when first needed.
    fn child_of(&mut self, node: usize, edge: usize) -> usize {
        if let Some(child) = self.nodes[node].edges[edge].child {
            return child;
        }
        let child = self.nodes.len();
        self.nodes.push(Node::default());
        self.nodes[node].edges[edge].child = Some(child);
        child
    }

    /// The most visited edge at `node` among `options` (ties to the better
    /// mean): (option index, edge index).
    fn most_visited(&self, node: usize, options: &[Choice]) -> Option<(usize, usize)> {
        let edges = &self.nodes[node].edges;
        let mut best: Option<(u32, f64, usize, usize)> = None;
        for (option, choice) in options.iter().enumerate() {
            let Some(edge_idx) = edges.iter().position(|e| e.choice == *choice) else {
                continue;
            };
            let e = &edges[edge_idx];
            let mean = e.value / f64::from(e.visits.max(1));
            let better =
                best.is_none_or(|(v, m, _, _)| e.visits > v || (e.visits == v && mean > m));
            if better {
                best = Some((e.visits, mean, option, edge_idx));
            }
        }
        best.map(|(_, _, option, edge)| (option, edge))
    }

    /// Whether the most visited edge at `node` can't be overtaken in the
    /// `remaining` iterations.
    fn settled(&self, node: usize, remaining: u32) -> bool {
        let mut visits: Vec<u32> = self.nodes[node].edges.iter().map(|e| e.visits).collect();
        visits.sort_unstable_by(|a, b| b.cmp(a));
        match visits.as_slice() {
            [first, second, ..] => first - second > remaining,
            _ => false,
        }
    }
}
