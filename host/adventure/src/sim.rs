//! Whole runs headless: a [`Policy`] makes the run's choices, the engine's
//! bots play the fights, and a [`SimSummary`] counts what happened.
//!
//! Run `i` uses seed `seed + i`. A fight's errors (fizzled card code,
//! rejected answers, a deck that no longer resolves) and invariant
//! violations are counted, never a panic; a run whose fight could not be
//! played stops there.

use crate::content::Content;
use crate::fight::{self, BotSeat, FightOptions, FightReport};
use crate::policy::{Policy, PolicyKind};
use crate::run::{Run, RunSetup};
use serde::Serialize;
use std::collections::BTreeMap;
use sve_engine::bot::{Bot, BotKind};

/// Choices one run may take before it is stopped as a loop.
pub const MAX_CHOICES_PER_RUN: usize = 10_000;

/// Options of a sim.
#[derive(Clone, Copy, Debug)]
pub struct SimOptions {
    /// Runs to play.
    pub runs: u32,
    /// Base seed.
    pub seed: u64,
    /// The bot playing the player's fights.
    pub bot: BotKind,
    /// The policy making the run's choices.
    pub policy: PolicyKind,
    /// Check the engine's invariants after every step of every fight.
    pub check_invariants: bool,
}

/// What a sim found. Light levels are keys as text ("0", "1", "2", ...).
#[derive(Clone, Debug, Default, Serialize)]
pub struct SimSummary {
    /// Runs played.
    pub runs: u32,
    /// Runs that beat the boss.
    pub wins: u32,
    /// The policy.
    pub policy: String,
    /// The player's bot.
    pub bot: String,
    /// The mean floor the runs ended on (the boss's floor for a win).
    pub mean_floor: f64,
    /// Runs that reached the boss's room.
    pub boss_reached: u32,
    /// Torches placed, over all runs.
    pub torches_used: u32,
    /// Fight errors: fizzled card code, rejected answers, unplayable fights.
    pub errors: u32,
    /// Invariant violations found in fights.
    pub invariant_violations: u32,
    /// Fights stopped by the turn cap (counted as lost).
    pub turn_cap_hits: u32,
    /// Fights played.
    pub fights: u32,
    /// Fights won.
    pub fights_won: u32,
    /// Fights with a status on either side.
    pub fights_with_statuses: u32,
    /// Fights with relic cards on your field.
    pub fights_with_relic_cards: u32,
    /// Fights by the room's light level.
    pub fights_by_light: BTreeMap<String, u32>,
    /// The share of fights won, by the room's light level.
    pub fight_win_rate_by_light: BTreeMap<String, f64>,
    /// Fights by kind (`normal`, `elite`, `special`, `boss`).
    pub fights_by_kind: BTreeMap<String, u32>,
    /// The share of fights won, by kind.
    pub fight_win_rate_by_kind: BTreeMap<String, f64>,
    /// Gold from fights per fight won (the boss's included).
    pub gold_per_fight_won: f64,
    /// Card picks, torches and relics from fights per fight won.
    pub rewards_per_fight_won: f64,
    /// The first few errors, with their run's seed.
    pub error_samples: Vec<String>,
    /// The first few violations, with their run's seed.
    pub violation_samples: Vec<String>,
}

/// What one headless run came to.
#[derive(Clone, Debug, Default)]
pub struct RunReport {
    /// Fight errors.
    pub errors: u32,
    /// Invariant violations.
    pub violations: Vec<String>,
    /// Error descriptions.
    pub error_samples: Vec<String>,
    /// Fights stopped by the turn cap.
    pub turn_cap_hits: u32,
}

/// Plays `run` to its end (or to a fight that can't be played): `policy`
/// chooses, a `bot` plays the player's fights.
pub fn play_run(
    run: &mut Run,
    content: &Content,
    policy: &mut dyn Policy,
    bot: BotKind,
    fight_options: FightOptions,
) -> RunReport {
    let mut report = RunReport::default();
    for _ in 0..MAX_CHOICES_PER_RUN {
        if run.outcome().is_some() {
            return report;
        }
        if let Some(spec) = run.fight().cloned() {
            match play_fight(run, content, &spec, bot, fight_options) {
                Ok(fought) => {
                    report.errors += fought.errors;
                    report.error_samples.extend(fought.error_samples);
                    report.violations.extend(fought.violations);
                    report.turn_cap_hits += u32::from(fought.turn_cap_hit);
                    if let Err(error) = run.apply_fought(fought.result, fought.answers, content) {
                        report.errors += 1;
                        report.error_samples.push(error.to_string());
                        return report;
                    }
                }
                Err(problem) => {
                    report.errors += 1;
                    report.error_samples.push(problem);
                    return report;
                }
            }
            continue;
        }
        let choices = run.choices();
        if choices.is_empty() {
            report.errors += 1;
            report
                .error_samples
                .push(format!("no choice in phase {:?}", run.phase()));
            return report;
        }
        let pick = policy.choose(run, content, &choices).min(choices.len() - 1);
        if let Err(error) = run.apply(choices[pick].clone(), content) {
            report.errors += 1;
            report.error_samples.push(error.to_string());
            return report;
        }
    }
    report.errors += 1;
    report.error_samples.push(format!(
        "more than {MAX_CHOICES_PER_RUN} choices in one run"
    ));
    report
}

/// Plays the fight on now with bots on both seats, from its answers so
/// far if it was left half-played ([`Run::fight_progress`]).
pub fn play_fight(
    run: &Run,
    content: &Content,
    spec: &fight::FightSpec,
    bot: BotKind,
    options: FightOptions,
) -> Result<FightReport, String> {
    let decks = run.fight_decks(content)?;
    let mut player = bot.build(spec.seed.wrapping_mul(2).wrapping_add(1));
    let mut enemy = enemy_bot(spec)?;
    fight::play_on(
        spec,
        decks,
        content.db(),
        content.runner(),
        run.fight_progress(),
        [&mut BotSeat(player.as_mut()), &mut BotSeat(enemy.as_mut())],
        options,
    )
    .map_err(|problem| format!("the fight's answers so far don't replay: {problem}"))
}

/// The enemy's bot of a fight, seeded from the fight's seed as every front
/// end seeds it.
pub fn enemy_bot(spec: &fight::FightSpec) -> Result<Box<dyn Bot>, String> {
    let kind = crate::balance::parse_bot(&spec.enemy_bot)?;
    Ok(kind.build(spec.seed.wrapping_mul(2).wrapping_add(2)))
}

/// Plays `options.runs` runs from `setup` (its seed replaced by each run's)
/// and sums them up; `progress` hears each run's number as it ends.
pub fn run_sim(
    setup: &RunSetup,
    content: &Content,
    options: SimOptions,
    mut progress: impl FnMut(u32),
) -> SimSummary {
    let mut summary = SimSummary {
        policy: options.policy.name().to_owned(),
        bot: options.bot.name().to_owned(),
        ..SimSummary::default()
    };
    let mut floors: u64 = 0;
    let mut won_by_light: BTreeMap<u32, u32> = BTreeMap::new();
    let mut fought_by_light: BTreeMap<u32, u32> = BTreeMap::new();
    let mut won_by_kind: BTreeMap<&str, u32> = BTreeMap::new();
    let mut fought_by_kind: BTreeMap<&str, u32> = BTreeMap::new();
    let mut gold_won: u64 = 0;
    let mut rewards_won: u64 = 0;
    for idx in 0..options.runs {
        let seed = options.seed.wrapping_add(u64::from(idx));
        let mut run = Run::new(RunSetup {
            seed,
            ..setup.clone()
        });
        let mut policy = options.policy.build();
        let report = play_run(
            &mut run,
            content,
            policy.as_mut(),
            options.bot,
            FightOptions {
                check_invariants: options.check_invariants,
            },
        );
        tracing::debug!(seed, floor = run.floor(), won = ?run.outcome(), "run over");
        summary.runs += 1;
        summary.wins += u32::from(run.outcome() == Some(true));
        summary.boss_reached += u32::from(run.position() == run.map().boss());
        floors += u64::from(run.floor());
        summary.torches_used += run.torches_used();
        summary.errors += report.errors;
        summary.invariant_violations += report.violations.len() as u32;
        summary.turn_cap_hits += report.turn_cap_hits;
        for sample in report.error_samples.iter().take(3) {
            if summary.error_samples.len() < 10 {
                summary.error_samples.push(format!("seed {seed}: {sample}"));
            }
        }
        for sample in report.violations.iter().take(3) {
            if summary.violation_samples.len() < 10 {
                summary
                    .violation_samples
                    .push(format!("seed {seed}: {sample}"));
            }
        }
        for record in run.fights() {
            summary.fights += 1;
            summary.fights_with_statuses += u32::from(record.statuses > 0);
            summary.fights_with_relic_cards += u32::from(record.relic_cards > 0);
            *fought_by_light.entry(record.light).or_default() += 1;
            *fought_by_kind.entry(record.kind.name()).or_default() += 1;
            if record.won {
                summary.fights_won += 1;
                *won_by_light.entry(record.light).or_default() += 1;
                *won_by_kind.entry(record.kind.name()).or_default() += 1;
                gold_won += u64::from(record.gold);
                rewards_won += u64::from(record.rewards);
            }
        }
        progress(idx + 1);
    }
    summary.mean_floor = floors as f64 / f64::from(summary.runs.max(1));
    for (level, fought) in &fought_by_light {
        let won = won_by_light.get(level).copied().unwrap_or(0);
        summary.fights_by_light.insert(level.to_string(), *fought);
        summary.fight_win_rate_by_light.insert(
            level.to_string(),
            f64::from(won) / f64::from((*fought).max(1)),
        );
    }
    for (kind, fought) in &fought_by_kind {
        let won = won_by_kind.get(kind).copied().unwrap_or(0);
        summary.fights_by_kind.insert((*kind).to_owned(), *fought);
        summary.fight_win_rate_by_kind.insert(
            (*kind).to_owned(),
            f64::from(won) / f64::from((*fought).max(1)),
        );
    }
    let won = f64::from(summary.fights_won.max(1));
    summary.gold_per_fight_won = gold_won as f64 / won;
    summary.rewards_per_fight_won = rewards_won as f64 / won;
    summary
}

#[cfg(test)]
mod tests {
    use super::{SimOptions, run_sim};
    use crate::balance::Balance;
    use crate::policy::PolicyKind;
    use crate::testing::{content, setup};
    use sve_engine::bot::BotKind;

    #[test]
    fn a_sim_plays_whole_runs_without_errors() {
        let content = content(&Balance::default());
        let setup = setup(&content, "SD03", 0, Balance::default());
        for policy in PolicyKind::ALL {
            let summary = run_sim(
                &setup,
                &content,
                SimOptions {
                    runs: 2,
                    seed: 5,
                    bot: BotKind::Greedy,
                    policy,
                    check_invariants: true,
                },
                |_| {},
            );
            assert_eq!(summary.runs, 2);
            assert_eq!(
                (summary.errors, summary.invariant_violations),
                (0, 0),
                "{summary:?}"
            );
            assert!(
                summary.fights >= 2 && summary.mean_floor >= 1.0,
                "{summary:?}"
            );
            if policy == PolicyKind::Dark {
                assert_eq!(summary.torches_used, 0);
            }
        }
    }

    #[test]
    fn the_same_seed_plays_the_same_sim() {
        let content = content(&Balance::default());
        let setup = setup(&content, "SD04", 0, Balance::default());
        let options = SimOptions {
            runs: 3,
            seed: 21,
            bot: BotKind::Greedy,
            policy: PolicyKind::Cautious,
            check_invariants: false,
        };
        let json = |summary| serde_json::to_string(&summary).expect("JSON");
        let first = json(run_sim(&setup, &content, options, |_| {}));
        let second = json(run_sim(&setup, &content, options, |_| {}));
        assert_eq!(first, second);
    }
}
