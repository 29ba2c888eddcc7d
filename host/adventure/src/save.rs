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
//! A run saved in a fight left half-played keeps that fight's answers so
//! far ([`Run::fight_progress`]): loaded, the fight goes on at the same
//! decision ([`crate::fight::play_on`]).
//!
//! Version 2 added statuses, relic cards and fight answers; version 3
//! light's effect on heals, shops and scenarios (numbers in the balance,
//! prices in a shop) and special fights' guardians; version 4 appends the
//! answers so far of a fight under way after the body, which is otherwise
//! version 3's, so a version 3 file still loads (as a run with no fight
//! under way). An older file is refused with a message saying so.
//!
//! Files are outside input: sizes are capped, every problem is a
//! [`SaveError`], never a panic.

use crate::content::Content;
use crate::fight::{self, FightAnswer, FightResult};
use crate::run::{Choice, RecordedFight, Run, RunError, RunSetup};
use serde::{Deserialize, Serialize};

/// The first bytes of a save.
pub const SAVE_MAGIC: [u8; 4] = *b"SVAS";
/// The first bytes of a run file.
pub const RUN_FILE_MAGIC: [u8; 4] = *b"SVAR";
/// The format version both are written in.
pub const VERSION: u16 = 4;
/// The oldest version read: a version 3 file is a version 4 file without
/// the answers of a fight under way.
pub const OLDEST_VERSION: u16 = 3;
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
    /// The answers so far of the fight on at the end of the choices, left
    /// half-played ([`Run::fight_progress`]). Written after the body
    /// (version 4), so the field is no part of it.
    #[serde(skip)]
    pub fight_progress: Vec<FightAnswer>,
}

/// What [`verify_fights`] found: every recorded fight played again and
/// ended as recorded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FightsVerified {
    /// Fights played again from their answers.
    pub replayed: u32,
    /// Fights whose result came without answers (played elsewhere).
    pub unrecorded: u32,
    /// Answers of the fight under way at the end, played again to the
    /// decision it waits on (0: none under way).
    pub under_way: u32,
}

/// Why a save or run file can't be read or replayed.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// Not a file of this kind.
    #[error("not an adventure {0} (its first bytes are wrong)")]
    Magic(&'static str),
    /// A format version this build doesn't read.
    #[error("format version {found}, this build reads {OLDEST_VERSION} to {VERSION}{}", if *found < OLDEST_VERSION { " (the file is from an older build)" } else { "" })]
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
    encode(SAVE_MAGIC, run, run.fight_progress())
}

/// A run from a save's bytes.
pub fn load(bytes: &[u8]) -> Result<Run, SaveError> {
    let (mut run, progress) = decode::<Run>(SAVE_MAGIC, "save", bytes)?;
    if !progress.is_empty() {
        run.keep_fight_progress(progress)
            .map_err(|error| SaveError::Choice {
                index: run.log().len(),
                error,
            })?;
    }
    Ok(run)
}

/// A run file's bytes: the run's setup, its choices and its fights'
/// answers.
pub fn run_file(run: &Run) -> Result<Vec<u8>, SaveError> {
    let file = RunFile {
        setup: run.setup().clone(),
        choices: run.log().to_vec(),
        fights: run.fight_answers().to_vec(),
        fight_progress: run.fight_progress().to_vec(),
    };
    encode(RUN_FILE_MAGIC, &file, &file.fight_progress)
}

/// A run file from its bytes.
pub fn read_run_file(bytes: &[u8]) -> Result<RunFile, SaveError> {
    let (mut file, progress) = decode::<RunFile>(RUN_FILE_MAGIC, "run file", bytes)?;
    file.fight_progress = progress;
    Ok(file)
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
    if !file.fight_progress.is_empty() {
        run.keep_fight_progress(file.fight_progress.clone())
            .map_err(|error| SaveError::Choice {
                index: file.choices.len(),
                error,
            })?;
    }
    Ok(run)
}

/// Plays every recorded fight of a run file again from its answers and
/// checks each ends as the file says; the run is rebuilt on the way, as by
/// [`replay`]. Fights without answers are counted, not played. The answers
/// of a fight under way at the end must play to a decision still to make.
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
    if !file.fight_progress.is_empty() {
        check_fight_progress(&run, content, &file.fight_progress).map_err(|problem| {
            SaveError::FightReplay {
                choice: file.choices.len(),
                problem,
            }
        })?;
        found.under_way = file.fight_progress.len() as u32;
    }
    Ok(found)
}

/// Checks answers given so far in the fight on now in `run` (a fight left
/// half-played, its answers perhaps from elsewhere, as the client's match
/// screen keeps them): they must play to a decision still to make, not
/// past the fight's end. What [`Run::keep_fight_progress`] should take.
pub fn check_fight_progress(
    run: &Run,
    content: &Content,
    answers: &[FightAnswer],
) -> Result<(), String> {
    match replay_report(run, content, answers)? {
        Err(fight::replay::ReplayError::TooFew(_)) => Ok(()),
        Ok(_) => Err("the answers so far end the fight".to_owned()),
        Err(problem) => Err(problem.to_string()),
    }
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
    let decks = run.fight_decks(content)?;
    Ok(fight::replay(
        spec,
        decks,
        content.db(),
        content.runner(),
        answers,
    ))
}

/// The magic, the version, the body and (version 4) the answers so far of
/// a fight under way.
fn encode<T: Serialize>(
    magic: [u8; 4],
    body: &T,
    progress: &[FightAnswer],
) -> Result<Vec<u8>, SaveError> {
    encode_version(magic, VERSION, body, progress)
}

fn encode_version<T: Serialize>(
    magic: [u8; 4],
    version: u16,
    body: &T,
    progress: &[FightAnswer],
) -> Result<Vec<u8>, SaveError> {
    let mut bytes = magic.to_vec();
    bytes.extend_from_slice(&version.to_le_bytes());
    if version < 4 {
        return Ok(postcard::to_extend(body, bytes)?);
    }
    Ok(postcard::to_extend(&(body, progress), bytes)?)
}

/// The body and the answers so far of a fight under way (none in a
/// version 3 file).
fn decode<T: for<'de> Deserialize<'de>>(
    magic: [u8; 4],
    what: &'static str,
    bytes: &[u8],
) -> Result<(T, Vec<FightAnswer>), SaveError> {
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
    match u16::from_le_bytes(*version) {
        3 => Ok((postcard::from_bytes(body)?, Vec::new())),
        VERSION => Ok(postcard::from_bytes(body)?),
        found => Err(SaveError::Version { found }),
    }
}

#[cfg(test)]
mod tests {
    use super::{
        OLDEST_VERSION, RUN_FILE_MAGIC, SAVE_MAGIC, SaveError, encode_version, fight_from_answers,
        load, read_run_file, replay, run_file, save, verify_fights,
    };
    use crate::balance::Balance;
    use crate::content::Content;
    use crate::fight::{self, BotSeat, FightAnswer, FightOptions, FightSeat};
    use crate::policy::PolicyKind;
    use crate::run::{Choice, Run};
    use crate::sim::{play_fight, play_run};
    use crate::testing::{content, setup};
    use sve_engine::bot::{Bot, BotKind};
    use sve_engine::engine::{Decision, Match};

    /// A run of SD02 with `seed` on `balance`, not begun.
    fn new_run(seed: u64, balance: Balance) -> (Run, Content) {
        let content = content(&balance);
        let run = Run::new(setup(&content, "SD02", seed, balance));
        (run, content)
    }

    /// A run of `seed` played to its end by the cautious policy, the
    /// greedy bot fighting.
    fn played_run(seed: u64) -> (Run, Content) {
        let (mut run, content) = new_run(seed, Balance::default());
        let mut policy = PolicyKind::Cautious.build();
        play_run(
            &mut run,
            &content,
            policy.as_mut(),
            BotKind::Greedy,
            FightOptions::default(),
        );
        assert!(run.fights().len() > 1, "the run fought");
        (run, content)
    }

    /// A run on floor 1's fight, its turn cap `turn_cap`.
    fn at_first_fight(turn_cap: u32) -> (Run, Content) {
        let mut balance = Balance::default();
        balance.encounters.turn_cap = turn_cap;
        let (mut run, content) = new_run(15, balance);
        let up = run
            .choices()
            .into_iter()
            .find(|choice| matches!(choice, Choice::Move(_)))
            .expect("a move");
        run.apply(up, &content).expect("offered");
        assert!(run.fight().is_some(), "floor 1 is a fight");
        (run, content)
    }

    /// The fight on now played by greedy bots.
    fn bots_play(run: &Run, content: &Content) -> fight::FightReport {
        let spec = run.fight().expect("a fight").clone();
        play_fight(
            run,
            content,
            &spec,
            BotKind::Greedy,
            FightOptions::default(),
        )
        .expect("played")
    }

    #[test]
    fn a_save_loads_and_saves_to_the_same_bytes() {
        let (run, _) = played_run(11);
        let bytes = save(&run).expect("saves");
        let loaded = load(&bytes).expect("loads");
        assert_eq!(loaded, run);
        assert_eq!(save(&loaded).expect("saves again"), bytes);
    }

    #[test]
    fn replaying_a_run_file_reproduces_the_run() {
        let (run, content) = played_run(12);
        let file = read_run_file(&run_file(&run).expect("writes")).expect("reads");
        let replayed = replay(&file, &content).expect("replays");
        assert_eq!(replayed, run);
        assert_eq!(save(&replayed).expect("saves"), save(&run).expect("saves"));
    }

    #[test]
    fn damaged_and_foreign_files_are_errors() {
        let (run, content) = played_run(13);
        let bytes = save(&run).expect("saves");
        assert!(matches!(read_run_file(&bytes), Err(SaveError::Magic(_))));
        assert!(matches!(load(&bytes[..3]), Err(SaveError::Magic(_))));
        let mut other_version = bytes.clone();
        other_version[4] = 9;
        assert!(matches!(
            load(&other_version),
            Err(SaveError::Version { found: 9 })
        ));
        other_version[4] = 2;
        let older = load(&other_version).expect_err("version 2");
        assert!(older.to_string().contains("older build"), "{older}");
        assert!(load(&bytes[..bytes.len() / 2]).is_err());
        let mut file = read_run_file(&run_file(&run).expect("writes")).expect("reads");
        file.setup.card_fingerprint ^= 1;
        assert!(matches!(
            replay(&file, &content),
            Err(SaveError::Cards { .. })
        ));
    }

    #[test]
    fn a_version_3_file_still_loads_as_a_run_with_no_fight_under_way() {
        let (run, content) = played_run(16);
        let old_save = encode_version(SAVE_MAGIC, OLDEST_VERSION, &run, &[]).expect("encodes");
        assert_eq!(load(&old_save).expect("loads"), run);
        let file = read_run_file(&run_file(&run).expect("writes")).expect("reads");
        let old_file = encode_version(RUN_FILE_MAGIC, OLDEST_VERSION, &file, &[]).expect("encodes");
        let old = read_run_file(&old_file).expect("reads");
        assert_eq!(old, file);
        assert_eq!(replay(&old, &content).expect("replays"), run);
        // Saved again, it is a file of this version.
        assert_ne!(save(&run).expect("saves"), old_save);
    }

    #[test]
    fn a_run_files_fights_play_again_from_their_answers() {
        let (run, content) = played_run(14);
        let fights = run.fights().len() as u32;
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

    /// A bot in a fight's seat that, from the first of its decisions with
    /// `at` answers or more before it, notes the match as it stands there
    /// and, if `leave`, leaves the fight.
    struct Watch {
        bot: Box<dyn Bot>,
        at: usize,
        leave: bool,
        seen: Option<String>,
    }

    impl Watch {
        fn new(seed: u64, at: usize, leave: bool) -> Watch {
            Watch {
                bot: BotKind::Random.build(seed),
                at,
                leave,
                seen: None,
            }
        }
    }

    impl FightSeat for Watch {
        fn answer(
            &mut self,
            game: &Match,
            decision: &Decision,
            so_far: &[FightAnswer],
        ) -> Option<Vec<usize>> {
            if so_far.len() >= self.at && self.seen.is_none() {
                self.seen = Some(format!("{:?}\n{decision:?}", game.state()));
                if self.leave {
                    return None;
                }
            }
            BotSeat(self.bot.as_mut()).answer(game, decision, so_far)
        }

        fn answered(&mut self, game: &Match, decision: &Decision) {
            BotSeat(self.bot.as_mut()).answered(game, decision);
        }
    }

    #[test]
    fn a_fight_saved_half_played_goes_on_at_the_same_decision() {
        let (run, content) = at_first_fight(60);
        let spec = run.fight().expect("a fight").clone();
        // Random bots: their answers hang on their randomness, which a
        // resumed fight must carry on as it was.
        let play = |given: &[FightAnswer], at: usize, leave: bool| {
            let mut player = Watch::new(1, at, leave);
            let mut enemy = BotKind::Random.build(2);
            let report = fight::play_on(
                &spec,
                run.fight_decks(&content).expect("decks"),
                content.db(),
                content.runner(),
                given,
                [&mut player, &mut BotSeat(enemy.as_mut())],
                FightOptions {
                    check_invariants: true,
                },
            )
            .expect("the answers fit");
            (report, player.seen.expect("the player was asked"))
        };
        let (whole, whole_at_12) = play(&[], 12, false);
        assert!(!whole.left && whole.answers.len() > 20, "{whole:?}");
        // Left at the player's first decision from answer 12 on, and saved.
        let (half, left_at) = play(&[], 12, true);
        assert!(half.left);
        assert_eq!(left_at, whole_at_12);
        assert_eq!(half.answers[..], whole.answers[..half.answers.len()]);
        let mut saved = run.clone();
        saved
            .keep_fight_progress(half.answers.clone())
            .expect("a fight is on");
        let bytes = save(&saved).expect("saves");
        let loaded = load(&bytes).expect("loads");
        assert_eq!(loaded, saved);
        assert_eq!(save(&loaded).expect("saves again"), bytes, "byte-identical");
        // The run file carries them too, and checks them.
        let file = read_run_file(&run_file(&loaded).expect("writes")).expect("reads");
        assert_eq!(file.fight_progress, half.answers);
        assert_eq!(replay(&file, &content).expect("replays"), loaded);
        let found = verify_fights(&file, &content).expect("the answers so far replay");
        assert_eq!(found.under_way as usize, half.answers.len());
        // Resumed: the match stands where it was left, and goes on as the
        // fight played without a break.
        let (resumed, resumed_at) = play(loaded.fight_progress(), 0, false);
        assert_eq!(resumed_at, left_at, "the same match at the same decision");
        assert_eq!(resumed.answers, whole.answers);
        assert_eq!(resumed.result, whole.result);
        // The result drops the answers so far.
        let mut done = loaded;
        done.apply_fought(resumed.result, resumed.answers, &content)
            .expect("taken");
        assert!(done.fight_progress().is_empty());
        let file = read_run_file(&run_file(&done).expect("writes")).expect("reads");
        let found = verify_fights(&file, &content).expect("the fight replays");
        assert_eq!((found.replayed, found.under_way), (1, 0));
    }

    #[test]
    fn answers_so_far_that_end_the_fight_or_come_outside_one_are_refused() {
        let (run, content) = at_first_fight(60);
        let played = bots_play(&run, &content);
        let mut over = run.clone();
        over.keep_fight_progress(played.answers.clone())
            .expect("a fight is on");
        let file = read_run_file(&run_file(&over).expect("writes")).expect("reads");
        assert!(matches!(
            verify_fights(&file, &content),
            Err(SaveError::FightReplay { .. })
        ));
        let mut travel = run.clone();
        travel
            .apply_fought(played.result, played.answers.clone(), &content)
            .expect("taken");
        assert!(travel.keep_fight_progress(played.answers).is_err());
    }

    #[test]
    fn a_fight_played_elsewhere_is_taken_from_its_answers() {
        let (mut run, content) = at_first_fight(60);
        let played = bots_play(&run, &content);
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
        let (run, content) = at_first_fight(3);
        let played = bots_play(&run, &content);
        assert!(played.turn_cap_hit, "{:?}", played.result);
        // A match screen's bots played on after the cap.
        let mut on = played.answers.clone();
        on.extend(played.answers[..5].iter().cloned());
        let (result, answers) = fight_from_answers(&run, &content, on).expect("cut at the cap");
        assert_eq!((result, &answers), (played.result, &played.answers));
    }
}
