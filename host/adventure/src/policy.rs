//! Bot policies for a run's own choices (path, torches, shops, events,
//! rewards); the fights are the engine's bots'.
//!
//! - `cautious` lights the path ahead: it places a torch whenever a room it
//!   may move to is dark, buys torches, and walks toward light.
//! - `dark` never places or buys a torch and walks by the events it can
//!   see (dim rooms next to it show theirs).
//!
//! Both answer rewards, shops, scenarios and unique events the same way
//! otherwise, so the figures compare light alone.

use crate::content::Content;
use crate::events::{EventKind, UniqueKind};
use crate::run::{Choice, Phase, Run};
use std::fmt;
use std::str::FromStr;

/// Something that makes a run's choices.
pub trait Policy {
    /// Picks one of `choices` (not empty) by index.
    fn choose(&mut self, run: &Run, content: &Content, choices: &[Choice]) -> usize;
}

/// The policies by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PolicyKind {
    /// Lights the path ahead.
    Cautious,
    /// Never places a torch.
    Dark,
}

impl PolicyKind {
    /// Every policy.
    pub const ALL: [PolicyKind; 2] = [PolicyKind::Cautious, PolicyKind::Dark];

    /// Its name (`cautious`, `dark`).
    pub fn name(self) -> &'static str {
        match self {
            PolicyKind::Cautious => "cautious",
            PolicyKind::Dark => "dark",
        }
    }

    /// A policy of this kind.
    pub fn build(self) -> Box<dyn Policy + Send> {
        Box::new(Heuristic {
            uses_light: self == PolicyKind::Cautious,
        })
    }
}

impl fmt::Display for PolicyKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for PolicyKind {
    type Err = String;

    fn from_str(s: &str) -> Result<PolicyKind, String> {
        match s.to_ascii_lowercase().as_str() {
            "cautious" => Ok(PolicyKind::Cautious),
            "dark" => Ok(PolicyKind::Dark),
            _ => Err("unknown policy; expected cautious or dark".to_owned()),
        }
    }
}

/// The two shipped policies: one heuristic, with or without light.
struct Heuristic {
    uses_light: bool,
}

impl Policy for Heuristic {
    fn choose(&mut self, run: &Run, content: &Content, choices: &[Choice]) -> usize {
        let score = |choice: &Choice| self.score(run, content, choice);
        // The best score; ties go to the earliest choice.
        let mut best = 0;
        let mut best_score = i64::MIN;
        for (idx, choice) in choices.iter().enumerate() {
            let s = score(choice);
            if s > best_score {
                best = idx;
                best_score = s;
            }
        }
        best
    }
}

impl Heuristic {
    fn score(&self, run: &Run, content: &Content, choice: &Choice) -> i64 {
        let hurt = run.defense() * 2 < run.max_defense();
        match choice {
            Choice::PlaceTorch => {
                let ahead_dark = run
                    .map()
                    .next(run.position())
                    .iter()
                    .any(|room| run.light(*room) == 0);
                if self.uses_light && ahead_dark {
                    1_000
                } else {
                    -1_000
                }
            }
            Choice::Move(room) => {
                let sight = run.sight(*room);
                let event = run.map().room(*room).map(|r| r.event);
                let mut s = match (sight.event_shown, event) {
                    (true, Some(EventKind::Heal)) => {
                        if hurt {
                            30
                        } else {
                            5
                        }
                    }
                    (true, Some(EventKind::Elite)) => {
                        if hurt {
                            -30
                        } else {
                            -5
                        }
                    }
                    (true, Some(EventKind::Shop)) => {
                        if run.gold() >= 60 {
                            8
                        } else {
                            0
                        }
                    }
                    (true, Some(EventKind::Random)) => 4,
                    (true, _) => 0,
                    (false, _) => -2,
                };
                if self.uses_light {
                    s += 20 * i64::from(sight.level.min(2));
                    if sight.twinkle {
                        s += 6;
                    }
                }
                s
            }
            Choice::TakeCard(idx) => match run.phase() {
                // The cheaper card: a starter deck's curve is low.
                Phase::Reward(reward) => reward
                    .offer
                    .get(*idx)
                    .map_or(0, |id| 20 - i64::from(content.cost_of(id))),
                _ => 0,
            },
            Choice::SkipCard => 0,
            Choice::BuyTorch => {
                if self.uses_light && run.torches() < 3 {
                    100
                } else {
                    -100
                }
            }
            Choice::Buy(_) | Choice::Sell(_) => -50,
            Choice::Remove(_) => {
                if matches!(run.phase(), Phase::RemoveCard { .. }) {
                    1
                } else {
                    -50
                }
            }
            Choice::Leave => 0,
            Choice::Pick(option_idx) => {
                let Some(option) = run.scenario_option(*option_idx) else {
                    return 0;
                };
                let defense_weight = if hurt { 6 } else { 2 };
                let torch_weight = if self.uses_light { 12 } else { 0 };
                let status = option
                    .status
                    .as_ref()
                    .map_or(0, |grant| status_value(run, grant));
                status
                    + i64::from(option.gold) / 5
                    + i64::from(option.defense) * defense_weight
                    + i64::from(option.torches) * torch_weight
                    + i64::from(option.card_pick) * 3
                    + i64::from(option.relic.is_some()) * 15
            }
            Choice::Accept => match run.phase() {
                Phase::Unique(UniqueKind::Fight) if hurt => -1,
                _ => 1,
            },
            Choice::Decline => 0,
            Choice::Fought(_) => 0,
        }
    }
}

/// What a status given for the next fights is worth to the player: the
/// defense and play points it costs its side (good on the enemy, bad on
/// you). A status's card is not judged (its sign is the pack's).
fn status_value(run: &Run, grant: &crate::status::StatusGrant) -> i64 {
    let Some(def) = run.balance().status(&grant.status) else {
        return 0;
    };
    let per_turn = i64::from(def.leader_damage) * 2 - i64::from(def.play_points) * 3;
    let harm = per_turn * i64::from(grant.turns) * i64::from(grant.fights);
    match grant.target {
        crate::status::Target::You => -harm,
        crate::status::Target::Enemy => harm,
    }
}
