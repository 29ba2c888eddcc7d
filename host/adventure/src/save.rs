//! Saves and run files, postcard behind a magic and a version.
//!
//! - A **save** ([`save`], [`load`]) is the whole run state at one moment:
//!   resume it with the same cards. Saving a loaded save gives the same
//!   bytes.
//! - A **run file** ([`run_file`], [`read_run_file`], [`replay`]) is the
//!   run's setup (seed, deck, balance, card fingerprint), its list of
//!   choices and the answers of its fights; replaying it rebuilds the run
//!   choice by choice. A fight enters the list as its result
//!   ([`Choice::Fought`]), and [`replay`] takes the result; the fights'
//!   recorded answers ([`crate::run::RecordedFight`]) let
//!   [`verify_fights`] play each match again and check it ends the same.
//!
//! Version 2 added statuses, relic cards and fight answers; version 3
//! light's effect on heals, shops and scenarios (numbers in the balance,
//! prices in a shop) and special fights' guardians. An older file is
//! refused with a message saying so.
//!
//! Files are outside input: sizes are capped, every problem is a
//! [`SaveError`], never a panic.

use crate::content::Content;
use crate::fight::{self, FightResult};
use crate::run::{Choice, RecordedFight, Run, RunError, RunSetup};
use serde::{Deserialize, Serialize};

/// The first bytes of a save.
pub const SAVE_MAGIC: [u8; 4] = *b"SVAS";
/// The first bytes of a run file.
pub const RUN_FILE_MAGIC: [u8; 4] = *b"SVAR";
/// The format version of both; a file of another version is refused.
pub const VERSION: u16 = 3;
/// The most bytes a save or run file may have.
pub const MAX_FILE_BYTES: usize = 16 << 20;

/// A run file's content: where the run started and what was chosen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunFile {
    /// The run's setup.
    pub setup: RunSetup,
    /// Every choice, fight results included, in order.
    pub choices: Vec<Choice>,
    /// The answers of the fights that recorded them, in order.
    pub fights: Vec<RecordedFight>,
}

/// What [`verify_fights`] found: every recorded fight played again and
/// ended as recorded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FightsVerified {
    /// Fights played again from their answers.
    pub replayed: u32,
    /// Fights whose result came without answers (played elsewhere).
    pub unrecorded: u32,
}

/// Why a save or run file can't be read or replayed.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// Not a file of this kind.
    #[error("not an adventure {0} (its first bytes are wrong)")]
    Magic(&'static str),
    /// Another format version.
    #[error("format version {found}, this build reads {VERSION}{}", if *found < VERSION { " (the file is from an older build)" } else { "" })]
    Version {
        /// The file's version.
        found: u16,
    },
    /// Too big.
    #[error("more than {MAX_FILE_BYTES} bytes")]
    TooBig,
    /// The bytes don't decode.
    #[error("damaged file: {0}")]
    Decode(#[from] postcard::Error),
    /// The run was made with other card data.
    #[error(
        "the run was made with other card data (fingerprint {file:016x}, loaded {loaded:016x})"
    )]
    Cards {
        /// The file's fingerprint.
        file: u64,
        /// The loaded cards' fingerprint.
        loaded: u64,
    },
    /// A choice of the file is refused by the run.
    #[error("choice {index} of the run file: {error}")]
    Choice {
        /// Its 0-based index.
        index: usize,
        /// Why.
        error: RunError,
    },
    /// A recorded fight can't be played again.
    #[error("the fight of choice {choice} doesn't replay: {problem}")]
    FightReplay {
        /// The index of its result in the choices.
        choice: usize,
        /// Why.
        problem: String,
    },
    /// A recorded fight, played again, ends otherwise than recorded.
    #[error(
        "the fight of choice {choice} ends otherwise when played again: recorded {recorded:?}, replayed {replayed:?}"
    )]
    FightDiffers {
        /// The index of its result in the choices.
        choice: usize,
        /// The result the file records.
        recorded: FightResult,
        /// The result of playing it again.
        replayed: FightResult,
    },
}

/// A save's bytes.
pub fn save(run: &Run) -> Result<Vec<u8>, SaveError> {
    encode(SAVE_MAGIC, run)
}

/// A run from a save's bytes.
pub fn load(bytes: &[u8]) -> Result<Run, SaveError> {
    decode(SAVE_MAGIC, "save", bytes)
}

/// A run file's bytes: the run's setup and its choices.
pub fn run_file(run: &Run) -> Result<Vec<u8>, SaveError> {
    let file = RunFile {
        setup: run.setup().clone(),
        choices: run.log().to_vec(),
        fights: run.fight_answers().to_vec(),
    };
    encode(RUN_FILE_MAGIC, &file)
}

/// A run file from its bytes.
pub fn read_run_file(bytes: &[u8]) -> Result<RunFile, SaveError> {
    decode(RUN_FILE_MAGIC, "run file", bytes)
}

/// The run a run file describes, rebuilt choice by choice with the loaded
/// cards (which must be those the run was made with).
pub fn replay(file: &RunFile, content: &Content) -> Result<Run, SaveError> {
    if file.setup.card_fingerprint != content.fingerprint() {
        return Err(SaveError::Cards {
            file: file.setup.card_fingerprint,
            loaded: content.fingerprint(),
        });
    }
    let mut run = Run::new(file.setup.clone());
    let mut recorded = file.fights.iter().peekable();
    for (index, choice) in file.choices.iter().enumerate() {
        let answers = recorded.next_if(|fight| fight.choice as usize == index);
        match (choice, answers) {
            (Choice::Fought(result), Some(fight)) => {
                run.apply_fought(*result, fight.answers.clone(), content)
            }
            _ => run.apply(choice.clone(), content),
        }
        .map_err(|error| SaveError::Choice { index, error })?;
    }
    if let Some(stray) = recorded.next() {
        return Err(SaveError::FightReplay {
            choice: stray.choice as usize,
            problem: "answers recorded for a choice that is no fight's result".to_owned(),
        });
    }
    Ok(run)
}

/// Plays every recorded fight of a run file again from its answers and
/// checks each ends as the file says; the run is rebuilt on the way, as by
/// [`replay`]. Fights without answers are counted, not played.
pub fn verify_fights(file: &RunFile, content: &Content) -> Result<FightsVerified, SaveError> {
    if file.setup.card_fingerprint != content.fingerprint() {
        return Err(SaveError::Cards {
            file: file.setup.card_fingerprint,
            loaded: content.fingerprint(),
        });
    }
    let mut found = FightsVerified::default();
    let mut run = Run::new(file.setup.clone());
    for (index, choice) in file.choices.iter().enumerate() {
        if let Choice::Fought(recorded) = choice {
            match file.fights.iter().find(|f| f.choice as usize == index) {
                Some(fight) => {
                    let replayed =
                        replay_fight(&run, content, &fight.answers).map_err(|problem| {
                            SaveError::FightReplay {
                                choice: index,
                                problem,
                            }
                        })?;
                    if replayed != *recorded {
                        return Err(SaveError::FightDiffers {
                            choice: index,
                            recorded: *recorded,
                            replayed,
                        });
                    }
                    found.replayed += 1;
                }
                None => found.unrecorded += 1,
            }
        }
        run.apply(choice.clone(), content)
            .map_err(|error| SaveError::Choice { index, error })?;
    }
    Ok(found)
}

/// The fight on now in `run`, played again with `answers`.
fn replay_fight(
    run: &Run,
    content: &Content,
    answers: &[fight::FightAnswer],
) -> Result<FightResult, String> {
    match replay_report(run, content, answers)? {
        Ok(report) => Ok(report.result),
        Err(problem) => Err(problem.to_string()),
    }
}

/// The fight on now in `run`, played again from answers given elsewhere
/// (the client's match screen keeps its match's answers): the result they
/// lead to and the answers the fight took, which
/// [`Run::apply_fought`] records. A match that went on past the run's
/// turn cap (a bot playing on) gave answers the fight never takes: they
/// are dropped. Answers that don't replay are an error saying why.
pub fn fight_from_answers(
    run: &Run,
    content: &Content,
    mut answers: Vec<fight::FightAnswer>,
) -> Result<(FightResult, Vec<fight::FightAnswer>), String> {
    match replay_report(run, content, &answers)? {
        Ok(report) => Ok((report.result, answers)),
        Err(fight::replay::ReplayError::TooMany { left, total }) => {
            answers.truncate(total - left);
            match replay_report(run, content, &answers)? {
                Ok(report) if report.turn_cap_hit => Ok((report.result, answers)),
                Ok(_) => Err(format!(
                    "the match ended with {left} of {total} answers left"
                )),
                Err(problem) => Err(problem.to_string()),
            }
        }
        Err(problem) => Err(problem.to_string()),
    }
}

/// The fight on now in `run` played again with `answers`: its report, or
/// why the answers don't fit it; the outer error is a fight that can't be
/// set up.
fn replay_report(
    run: &Run,
    content: &Content,
    answers: &[fight::FightAnswer],
) -> Result<Result<fight::FightReport, fight::replay::ReplayError>, String> {
    let spec = run
        .fight()
        .ok_or_else(|| "no fight is on there".to_owned())?;
    let player = run
        .deck()
        .to_list(content.db())
        .map_err(|e| e.to_string())?;
    let enemy = content
        .deck(&spec.enemy_deck)
        .cloned()
        .ok_or_else(|| format!("no encounter deck `{}`", spec.enemy_deck))?;
    Ok(fight::replay(
        spec,
        [player, enemy],
        content.db(),
        content.runner(),
        answers,
    ))
}

fn encode<T: Serialize>(magic: [u8; 4], value: &T) -> Result<Vec<u8>, SaveError> {
    let mut bytes = magic.to_vec();
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    Ok(postcard::to_extend(value, bytes)?)
}

fn decode<T: for<'de> Deserialize<'de>>(
    magic: [u8; 4],
    what: &'static str,
    bytes: &[u8],
) -> Result<T, SaveError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(SaveError::TooBig);
    }
    let Some((head, rest)) = bytes.split_first_chunk::<4>() else {
        return Err(SaveError::Magic(what));
    };
    if *head != magic {
        return Err(SaveError::Magic(what));
    }
    let Some((version, body)) = rest.split_first_chunk::<2>() else {
        return Err(SaveError::Magic(what));
    };
    let found = u16::from_le_bytes(*version);
    if found != VERSION {
        return Err(SaveError::Version { found });
    }
    Ok(postcard::from_bytes(body)?)
}

#[cfg(test)]
mod tests {
    use super::{SaveError, load, read_run_file, replay, run_file, save};
    use crate::balance::Balance;
    use crate::content::{self, Content};
    use crate::fight::FightOptions;
    use crate::policy::PolicyKind;
    use crate::run::{Run, RunDeck, RunSetup};
    use crate::sim::play_run;
    use std::sync::Arc;
    use sve_engine::bot::BotKind;
    use sve_engine::decks::starter_deck;
    use sve_engine::engine::{AbilityRunner, NoAbilities};

    fn content() -> Content {
        let db = Arc::new(sve_engine::cards::starter::starter_db().expect("bundled cards"));
        let runner: Arc<dyn AbilityRunner> = Arc::new(NoAbilities);
        Content::new(db, runner, &Balance::default(), &starter_deck).expect("starter decks")
    }

    fn played_run(content: &Content, seed: u64) -> Run {
        let list = content::resolve_named("SD02", content.db(), &starter_deck).expect("SD02");
        let mut run = Run::new(RunSetup {
            seed,
            deck_name: "SD02".to_owned(),
            deck: RunDeck::from_list(&list, content.db()),
            balance: Balance::default(),
            card_fingerprint: content.fingerprint(),
        });
        let mut policy = PolicyKind::Cautious.build();
        play_run(
            &mut run,
            content,
            policy.as_mut(),
            BotKind::Greedy,
            FightOptions::default(),
        );
        run
    }

    #[test]
    fn a_save_loads_and_saves_to_the_same_bytes() {
        let content = content();
        let run = played_run(&content, 11);
        assert!(run.fights().len() > 1, "the run fought");
        let bytes = save(&run).expect("saves");
        let loaded = load(&bytes).expect("loads");
        assert_eq!(loaded, run);
        assert_eq!(save(&loaded).expect("saves again"), bytes);
    }

    #[test]
    fn replaying_a_run_file_reproduces_the_run() {
        let content = content();
        let run = played_run(&content, 12);
        let bytes = run_file(&run).expect("writes");
        let file = read_run_file(&bytes).expect("reads");
        let replayed = replay(&file, &content).expect("replays");
        assert_eq!(replayed, run);
        assert_eq!(save(&replayed).expect("saves"), save(&run).expect("saves"));
    }

    #[test]
    fn damaged_and_foreign_files_are_errors() {
        let content = content();
        let run = played_run(&content, 13);
        let bytes = save(&run).expect("saves");
        assert!(matches!(read_run_file(&bytes), Err(SaveError::Magic(_))));
        assert!(matches!(load(&bytes[..3]), Err(SaveError::Magic(_))));
        let mut other_version = bytes.clone();
        other_version[4] = 9;
        assert!(matches!(
            load(&other_version),
            Err(SaveError::Version { found: 9 })
        ));
        assert!(load(&bytes[..bytes.len() / 2]).is_err());
        let mut file = read_run_file(&run_file(&run).expect("writes")).expect("reads");
        file.setup.card_fingerprint ^= 1;
        assert!(matches!(
            replay(&file, &content),
            Err(SaveError::Cards { .. })
        ));
    }

    #[test]
    fn a_run_files_fights_play_again_from_their_answers() {
        use super::verify_fights;
        use crate::run::Choice;
        let content = content();
        let run = played_run(&content, 14);
        let fights = run.fights().len() as u32;
        assert!(fights > 1);
        assert_eq!(run.fight_answers().len() as u32, fights);
        let file = read_run_file(&run_file(&run).expect("writes")).expect("reads");
        let found = verify_fights(&file, &content).expect("the fights replay");
        assert_eq!((found.replayed, found.unrecorded), (fights, 0));
        // A result the answers don't lead to is found out.
        let mut forged = file.clone();
        let first = forged.fights[0].choice as usize;
        if let Some(Choice::Fought(result)) = forged.choices.get_mut(first) {
            result.defense_left += 1;
        }
        assert!(matches!(
            verify_fights(&forged, &content),
            Err(SaveError::FightDiffers { choice, .. }) if choice == first
        ));
        // Answers cut short don't replay.
        let mut cut = file.clone();
        cut.fights[0].answers.truncate(3);
        assert!(matches!(
            verify_fights(&cut, &content),
            Err(SaveError::FightReplay { .. })
        ));
    }

    /// A run on floor 1's fight, its turn cap `turn_cap`.
    fn at_first_fight(content: &Content, turn_cap: u32) -> Run {
        use crate::run::Choice;
        let list = content::resolve_named("SD02", content.db(), &starter_deck).expect("SD02");
        let mut balance = Balance::default();
        balance.encounters.turn_cap = turn_cap;
        let mut run = Run::new(RunSetup {
            seed: 15,
            deck_name: "SD02".to_owned(),
            deck: RunDeck::from_list(&list, content.db()),
            balance,
            card_fingerprint: content.fingerprint(),
        });
        let up = run
            .choices()
            .into_iter()
            .find(|choice| matches!(choice, Choice::Move(_)))
            .expect("a move");
        run.apply(up, content).expect("offered");
        assert!(run.fight().is_some(), "floor 1 is a fight");
        run
    }

    #[test]
    fn a_fight_played_elsewhere_is_taken_from_its_answers() {
        use super::{fight_from_answers, verify_fights};
        use crate::sim::play_fight;
        let content = content();
        let mut run = at_first_fight(&content, 60);
        let spec = run.fight().expect("a fight").clone();
        let played = play_fight(
            &run,
            &content,
            &spec,
            BotKind::Greedy,
            FightOptions::default(),
        )
        .expect("played");
        assert!(!played.turn_cap_hit);
        let (result, answers) =
            fight_from_answers(&run, &content, played.answers.clone()).expect("they replay");
        assert_eq!((result, &answers), (played.result, &played.answers));
        // Answers after the match's end, or that don't fit it, are refused.
        let mut long = played.answers.clone();
        long.push(long[0].clone());
        assert!(
            fight_from_answers(&run, &content, long).is_err_and(|e| e.contains("ended with 1 of")),
            "answers left after the end"
        );
        let mut swapped = played.answers.clone();
        swapped[0].seat = 1 - swapped[0].seat;
        assert!(fight_from_answers(&run, &content, swapped).is_err());
        // Taken, the fight's answers play again from the run file.
        run.apply_fought(result, answers, &content).expect("taken");
        let file = read_run_file(&run_file(&run).expect("writes")).expect("reads");
        let found = verify_fights(&file, &content).expect("the fight replays");
        assert_eq!((found.replayed, found.unrecorded), (1, 0));
    }

    #[test]
    fn answers_given_past_the_turn_cap_are_dropped() {
        use super::fight_from_answers;
        use crate::sim::play_fight;
        let content = content();
        let run = at_first_fight(&content, 3);
        let spec = run.fight().expect("a fight").clone();
        let played = play_fight(
            &run,
            &content,
            &spec,
            BotKind::Greedy,
            FightOptions::default(),
        )
        .expect("played");
        assert!(played.turn_cap_hit, "{:?}", played.result);
        // A match screen's bots played on after the cap.
        let mut on = played.answers.clone();
        on.extend(played.answers[..5].iter().cloned());
        let (result, answers) = fight_from_answers(&run, &content, on).expect("cut at the cap");
        assert_eq!((result, &answers), (played.result, &played.answers));
    }
}
