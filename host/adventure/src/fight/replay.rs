//! A fight played again from its recorded answers.
//!
//! [`super::play`] records every answer of both seats ([`FightAnswer`]);
//! [`replay`] runs the same loop as a played fight with the same seed, the
//! same opening and statuses, answering each decision with the next
//! recorded answer ([`super::play_on`] with no seat to go on). The engine is deterministic, so the replay ends as the
//! fight did; a run file's check ([`crate::save::verify_fights`]) compares
//! the two results. Answers that don't fit (a decision of the other seat,
//! too few, too many) are a [`ReplayError`], never a panic.

use super::{FightOptions, FightReport, FightSeat, FightSpec, play_on};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use sve_engine::cards::CardDb;
use sve_engine::engine::{AbilityRunner, Decision, DeckList, Match};

/// One answer of a fight: the seat (0 you, 1 the enemy) and its picks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FightAnswer {
    /// The seat that answered.
    pub seat: u8,
    /// The picks, as `Match::answer` takes them.
    pub picks: Vec<usize>,
}

/// Why recorded answers don't replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// Answer `index` was given by the other seat.
    #[error("answer {index} was seat {recorded}'s, the match asks seat {asked}")]
    Seat {
        /// The answer's 0-based index.
        index: usize,
        /// The seat it was recorded for.
        recorded: u8,
        /// The seat the match asks.
        asked: u8,
    },
    /// The match still asks after the last answer.
    #[error("the answers ran out after {0}: the match goes on")]
    TooFew(usize),
    /// The match ended with answers left.
    #[error("the match ended with {left} of {total} answers left")]
    TooMany {
        /// Answers not used.
        left: usize,
        /// Answers recorded.
        total: usize,
    },
}

/// Plays a fight again with its recorded `answers`; the report's result is
/// how it ends now.
pub fn replay(
    spec: &FightSpec,
    decks: [DeckList; 2],
    db: &Arc<CardDb>,
    runner: &Arc<dyn AbilityRunner>,
    answers: &[FightAnswer],
) -> Result<FightReport, ReplayError> {
    let report = play_on(
        spec,
        decks,
        db,
        runner,
        answers,
        [&mut Recorded, &mut Recorded],
        FightOptions::default(),
    )?;
    if report.left {
        return Err(ReplayError::TooFew(answers.len()));
    }
    Ok(report)
}

/// A seat answered from the record alone: past it, it leaves the fight.
struct Recorded;

impl FightSeat for Recorded {
    fn answer(&mut self, _: &Match, _: &Decision, _: &[FightAnswer]) -> Option<Vec<usize>> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{ReplayError, replay};
    use crate::fight::board::tests::{setup, spec, status};
    use crate::fight::{FightOptions, play};
    use crate::status::Target;
    use sve_engine::bot::BotKind;

    #[test]
    fn a_fight_plays_again_from_its_answers() {
        let (db, runner, decks) = setup();
        let mut poison = status(Target::You, 3);
        poison.leader_damage = 1;
        let spec = spec(vec![poison], vec!["SD01-002".to_owned()]);
        let mut player = BotKind::Greedy.build(7);
        let mut enemy = BotKind::Greedy.build(8);
        let played = play(
            &spec,
            decks.clone(),
            &db,
            &runner,
            |game, decision| player.choose(game, decision),
            enemy.as_mut(),
            FightOptions::default(),
        );
        assert!(played.answers.len() > 10, "{played:?}");
        let again = replay(&spec, decks.clone(), &db, &runner, &played.answers).expect("replays");
        assert_eq!(again.result, played.result);
        assert_eq!(again.answers, played.answers);

        let short = &played.answers[..played.answers.len() / 2];
        assert!(matches!(
            replay(&spec, decks.clone(), &db, &runner, short),
            Err(ReplayError::TooFew(_))
        ));
        let mut long = played.answers.clone();
        long.push(long[0].clone());
        assert!(matches!(
            replay(&spec, decks.clone(), &db, &runner, &long),
            Err(ReplayError::TooMany { left: 1, .. })
        ));
        let mut swapped = played.answers.clone();
        swapped[0].seat = 1 - swapped[0].seat;
        assert!(matches!(
            replay(&spec, decks, &db, &runner, &swapped),
            Err(ReplayError::Seat { index: 0, .. })
        ));
    }
}
