//! A run's fights are real SVE matches: the run's deck against an
//! encounter deck played by a bot, through the engine's `Match` like any
//! other match.
//!
//! The run's state enters the match through the engine's sandbox tools
//! ([`board`]): at the first decision after setup (setup itself sets both
//! leaders to 20) the player's carried leader defense, the enemy's defense
//! (floor, elite, light), the extra cards an enemy draws, the relic cards
//! put onto your field and the cards of statuses; at the start of each
//! turn what the statuses do. Each shows in the match's log as a sandbox
//! change, as in any sandboxed match; the engine needed no new option.
//!
//! Every answer is recorded ([`FightAnswer`]), so a run file can play its
//! fights again ([`replay()`]) and check they end the same. A fight may be
//! left half-played ([`FightSeat::answer`] gives no answer): the run keeps
//! its answers so far ([`crate::run::Run::fight_progress`]), and
//! [`play_on`] resumes it at the same decision.
//!
//! Invariants are checked after every step when asked; card code that
//! fails (a fizzle), a bot answer the engine rejects and invariant
//! violations are counted in the [`FightReport`], never a panic.

pub mod board;
pub mod replay;

use crate::status::FightStatus;
use board::StatusClock;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use sve_engine::bot::Bot;
use sve_engine::cards::CardDb;
use sve_engine::engine::{
    AbilityRunner, Decision, DeckList, Event, Match, Outcome, Phase, PlayerId, Status,
};

pub use replay::{FightAnswer, replay};

/// The player's seat in a fight.
pub const PLAYER: PlayerId = PlayerId(0);
/// The enemy's seat in a fight.
pub const ENEMY: PlayerId = PlayerId(1);

/// Answers a fight may take in one turn before it is stopped as a loop.
pub const MAX_ANSWERS_PER_TURN: u32 = 5_000;

/// What kind of fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FightKind {
    /// A fight room.
    Normal,
    /// An elite room.
    Elite,
    /// The boss.
    Boss,
    /// A unique event's special fight.
    Special,
}

impl FightKind {
    /// Its name, for text and JSON.
    pub fn name(self) -> &'static str {
        match self {
            FightKind::Normal => "normal",
            FightKind::Elite => "elite",
            FightKind::Boss => "boss",
            FightKind::Special => "special",
        }
    }
}

/// Everything a fight is: who against, how strong, with what seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FightSpec {
    /// What kind.
    pub kind: FightKind,
    /// The floor it is on.
    pub floor: u8,
    /// The room's light level when the player entered.
    pub light: u32,
    /// The enemy's deck, by name.
    pub enemy_deck: String,
    /// The enemy bot's level (a `BotKind` name).
    pub enemy_bot: String,
    /// The enemy leader's defense at the start.
    pub enemy_defense: i32,
    /// Cards the enemy draws at the start beyond the opening hand.
    pub enemy_cards: u32,
    /// The player leader's defense at the start (carried from the run).
    pub player_defense: i32,
    /// The match's seed (bots' seeds derive from it).
    pub seed: u64,
    /// Turns after which the fight is stopped and counts as lost.
    pub turn_cap: u32,
    /// Relic cards put onto your field at the start, by card id.
    pub player_cards: Vec<String>,
    /// The special fight it is ([`crate::balance::SpecialFight`]), by id.
    pub special: Option<String>,
    /// Cards put onto the enemy's field at the start, by card id: a
    /// special fight's special cards.
    pub enemy_field: Vec<String>,
    /// The statuses on either side ([`crate::status`]).
    pub statuses: Vec<FightStatus>,
}

/// How a fight ended, as the run records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FightResult {
    /// The player won.
    pub won: bool,
    /// The player leader's defense at the end.
    pub defense_left: i32,
    /// Turns played.
    pub turns: u32,
}

/// A played fight: its result and what went wrong on the way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FightReport {
    /// The result the run takes.
    pub result: FightResult,
    /// Fizzled abilities and rejected bot answers.
    pub errors: u32,
    /// Invariant violations and loops, described.
    pub violations: Vec<String>,
    /// The first few errors, described.
    pub error_samples: Vec<String>,
    /// The turn cap stopped it.
    pub turn_cap_hit: bool,
    /// Every answer given, both seats, in order: what a run file keeps to
    /// play the fight again.
    pub answers: Vec<FightAnswer>,
    /// A seat left the fight under way ([`FightSeat::answer`] gave no
    /// answer): [`FightReport::result`] is where it stood, not an end, and
    /// the answers are the fight's so far.
    pub left: bool,
}

/// Who answers one seat of a fight played by [`play_on`].
pub trait FightSeat {
    /// The picks for `decision`, or `None` to leave the fight where it is
    /// (to be resumed later from its answers so far, `so_far`, both
    /// seats').
    fn answer(
        &mut self,
        game: &Match,
        decision: &Decision,
        so_far: &[FightAnswer],
    ) -> Option<Vec<usize>>;

    /// `decision` is answered from the record of a fight resumed: a bot
    /// thinks over it as it did the first time, so that its randomness
    /// goes on as in the fight played without a break. A person is not
    /// asked: the default does nothing.
    fn answered(&mut self, game: &Match, decision: &Decision) {
        let _ = (game, decision);
    }
}

/// A bot in a fight's seat: it answers every decision, and thinks again
/// over those a resumed fight answers from its record.
pub struct BotSeat<'a>(pub &'a mut dyn Bot);

impl FightSeat for BotSeat<'_> {
    fn answer(
        &mut self,
        game: &Match,
        decision: &Decision,
        _: &[FightAnswer],
    ) -> Option<Vec<usize>> {
        Some(self.0.choose(game, decision))
    }

    fn answered(&mut self, game: &Match, decision: &Decision) {
        // Its answer then was the recorded one: only its state matters.
        self.0.choose(game, decision);
    }
}

/// Options for playing a fight.
#[derive(Clone, Copy, Debug, Default)]
pub struct FightOptions {
    /// Check the engine's invariants after every step.
    pub check_invariants: bool,
}

/// Plays a fight to its end: `player` answers seat 1's decisions, `enemy`
/// seat 2's. A player's empty answer that the decision refuses is a
/// concession (a person at a terminal typing `q`).
pub fn play(
    spec: &FightSpec,
    decks: [DeckList; 2],
    db: &Arc<CardDb>,
    runner: &Arc<dyn AbilityRunner>,
    mut player: impl FnMut(&Match, &Decision) -> Vec<usize>,
    enemy: &mut dyn Bot,
    options: FightOptions,
) -> FightReport {
    drive(
        spec,
        decks,
        db,
        runner,
        &mut |game, decision| {
            Some(if decision.player == PLAYER {
                player(game, decision)
            } else {
                enemy.choose(game, decision)
            })
        },
        options,
    )
}

/// Plays a fight from its answers so far (`given`, both seats', as a fight
/// left half-played recorded them) to its end, or until a seat leaves it:
/// the given answers are taken again in order (each seat's
/// [`FightSeat::answered`] hears its own), then `seats[0]` answers your
/// decisions and `seats[1]` the enemy's. With no answers given it is
/// [`play`]. The report's answers are all of them, the given included.
/// Given answers that don't fit the fight (another seat's, or more than
/// it takes) are a [`replay::ReplayError`].
pub fn play_on(
    spec: &FightSpec,
    decks: [DeckList; 2],
    db: &Arc<CardDb>,
    runner: &Arc<dyn AbilityRunner>,
    given: &[FightAnswer],
    seats: [&mut dyn FightSeat; 2],
    options: FightOptions,
) -> Result<FightReport, replay::ReplayError> {
    let [player, enemy] = seats;
    let mut so_far: Vec<FightAnswer> = Vec::with_capacity(given.len());
    let mut problem = None;
    let report = drive(
        spec,
        decks,
        db,
        runner,
        &mut |game, decision| {
            let seat: &mut dyn FightSeat = if decision.player == PLAYER {
                &mut *player
            } else {
                &mut *enemy
            };
            let picks = match given.get(so_far.len()) {
                Some(recorded) if recorded.seat != decision.player.0 => {
                    problem = Some(replay::ReplayError::Seat {
                        index: so_far.len(),
                        recorded: recorded.seat,
                        asked: decision.player.0,
                    });
                    return None;
                }
                Some(recorded) => {
                    seat.answered(game, decision);
                    recorded.picks.clone()
                }
                None => seat.answer(game, decision, &so_far)?,
            };
            so_far.push(FightAnswer {
                seat: decision.player.0,
                picks: picks.clone(),
            });
            Some(picks)
        },
        options,
    );
    if let Some(problem) = problem {
        return Err(problem);
    }
    if so_far.len() < given.len() {
        return Err(replay::ReplayError::TooMany {
            left: given.len() - so_far.len(),
            total: given.len(),
        });
    }
    Ok(report)
}

/// The one loop of a fight, for play and replay alike: `answer` gives the
/// picks for a decision, or `None` to stop the fight where it is (a replay
/// out of answers).
fn drive(
    spec: &FightSpec,
    decks: [DeckList; 2],
    db: &Arc<CardDb>,
    runner: &Arc<dyn AbilityRunner>,
    answer: &mut dyn FnMut(&Match, &Decision) -> Option<Vec<usize>>,
    options: FightOptions,
) -> FightReport {
    let mut game = Match::new(Arc::clone(db), Arc::clone(runner), decks, spec.seed);
    let mut report = FightReport {
        result: FightResult {
            won: false,
            defense_left: 0,
            turns: 0,
        },
        errors: 0,
        violations: Vec::new(),
        error_samples: Vec::new(),
        turn_cap_hit: false,
        answers: Vec::new(),
        left: false,
    };
    let mut clock: Option<StatusClock> = None;
    let mut answers_turn = (0u32, 0u32);
    loop {
        if let Status::GameOver(_) = game.step() {
            break;
        }
        count_fizzles(&game, &mut report);
        game.clear_events();
        if game.state().phase == Phase::Setup || game.state().turn == 0 {
            // Setup decisions (mulligans) come before the opening.
        } else if clock.is_none() {
            let (opened, problems) = StatusClock::open(&mut game, spec);
            clock = Some(opened);
            for problem in problems {
                report.errors += 1;
                sample(&mut report, format!("setting up the fight: {problem}"));
            }
            continue;
        } else if let Some(clock) = clock.as_mut() {
            let (changed, problems) = clock.tick(&mut game, spec);
            for problem in problems {
                report.errors += 1;
                sample(
                    &mut report,
                    format!("turn {}: {problem}", game.state().turn),
                );
            }
            if changed {
                continue;
            }
        }
        if options.check_invariants {
            for problem in game.check_invariants() {
                report
                    .violations
                    .push(format!("turn {}: {problem}", game.state().turn));
            }
        }
        if game.state().turn != answers_turn.0 {
            answers_turn = (game.state().turn, 0);
        }
        answers_turn.1 += 1;
        if answers_turn.1 > MAX_ANSWERS_PER_TURN {
            report.violations.push(format!(
                "turn {}: more than {MAX_ANSWERS_PER_TURN} answers in one turn",
                game.state().turn
            ));
            report.turn_cap_hit = true;
            break;
        }
        if game.state().turn > spec.turn_cap {
            report.turn_cap_hit = true;
            break;
        }
        let Some(decision) = game.decision() else {
            break;
        };
        let seat = decision.player;
        let Some(picks) = answer(&game, decision) else {
            report.left = true;
            break;
        };
        report.answers.push(FightAnswer {
            seat: seat.0,
            picks: picks.clone(),
        });
        if let Err(rejection) = game.answer(seat, &picks) {
            if seat == PLAYER && picks.is_empty() {
                game.concede(PLAYER);
                continue;
            }
            report.errors += 1;
            sample(
                &mut report,
                format!(
                    "turn {}: answer {picks:?} rejected: {rejection}",
                    game.state().turn
                ),
            );
            break;
        }
    }
    count_fizzles(&game, &mut report);
    let state = game.state();
    report.result = FightResult {
        won: matches!(state.outcome, Some(Outcome::Win(winner, _)) if winner == PLAYER),
        defense_left: state.player(PLAYER).leader_defense,
        turns: state.turn,
    };
    report
}

fn count_fizzles(game: &Match, report: &mut FightReport) {
    for event in game.events() {
        if let Event::AbilityFizzled { def, reason, .. } = event {
            report.errors += 1;
            let id = game.db().get(*def).id.clone();
            sample(report, format!("{id}: {reason}"));
        }
    }
}

fn sample(report: &mut FightReport, text: String) {
    if report.error_samples.len() < 3 {
        report.error_samples.push(text);
    }
}
