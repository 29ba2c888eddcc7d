//! A run being played: the `sve-adventure` [`Run`] with the cards it plays
//! with ([`Content`], built from the client's catalog), what the last
//! choice said, and its save file, written after every choice. A new run's
//! balance is a balance file's (the shipped one without) with the loaded
//! packs' `adventure.toml` added ([`run_balance`]), loaded as `sve
//! adventure new --balance FILE` loads it (`sve_adventure::load`).
//!
//! The save is the crate's own format (`SVAS`, versioned) in the client's
//! save folder ([`crate::save_folder::adventure_dir`]), beside a run file
//! (`SVAR`) that `sve adventure replay` reads. A save read back is checked
//! (size, format, card data, balance, deck) before anything is shown, and
//! every problem is an error message, never a panic.

use crate::catalog::{self, Catalog};
use std::io::Read as _;
use std::path::{Path, PathBuf};
use sve_adventure::balance::Balance;
use sve_adventure::content::{self, Content};
use sve_adventure::fight::{FightAnswer, FightResult};
use sve_adventure::load::{BalanceFile, LoadedBalance};
use sve_adventure::run::{Choice, Run, RunDeck, RunSetup};
use sve_adventure::save;
use sve_engine::decks::DeckFile;

/// The largest save file the client reads: a run's state is a few
/// kilobytes.
pub const MAX_SAVE_BYTES: u64 = 4 * 1024 * 1024;

/// The save's file name in the adventure folder.
pub const SAVE_FILE: &str = "run.svas";

/// The run file's name in the adventure folder.
pub const RUN_FILE: &str = "run.svar";

/// Where a new run's numbers come from, when not the shipped balance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BalanceSource {
    /// A balance file at a path (typed, or dropped on the desktop's page).
    Path(PathBuf),
    /// A balance file's text, read elsewhere: a file dropped on a web
    /// page, which has no paths to read.
    Text {
        /// The file's name, for messages (`easy.toml:3: ...`).
        name: String,
        /// Its text.
        text: String,
    },
}

impl BalanceSource {
    /// The file's path or name, as messages give it.
    pub fn name(&self) -> String {
        match self {
            BalanceSource::Path(path) => path.display().to_string(),
            BalanceSource::Text { name, .. } => name.clone(),
        }
    }
}

/// A run with its cards and its save.
pub struct RunGame {
    /// The run.
    pub run: Run,
    /// The cards, code and decks it plays with.
    pub content: Content,
    /// What the last choice did, in words.
    pub notes: Vec<String>,
    /// Where the run saves (the adventure folder).
    pub dir: PathBuf,
    /// The last save's problem, shown until a save works again.
    pub save_error: Option<String>,
}

impl std::fmt::Debug for RunGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RunGame")
            .field("seed", &self.run.setup().seed)
            .field("floor", &self.run.floor())
            .field("phase", self.run.phase())
            .finish_non_exhaustive()
    }
}

impl RunGame {
    /// A new run with `seed` and the starting deck `deck` (a pack's
    /// `decks/NAME.txt`, a starter deck or a deck file), saved in `dir`;
    /// its numbers from the balance file `balance` (the shipped ones
    /// without), with the packs' added ([`run_balance`]). On an error
    /// nothing is saved: the run saved before stays.
    pub fn start(
        catalog: &Catalog,
        deck: &str,
        seed: u64,
        balance: Option<&BalanceSource>,
        dir: PathBuf,
    ) -> Result<RunGame, String> {
        let loaded = match balance {
            None => run_balance(catalog, None),
            Some(BalanceSource::Path(path)) => run_balance(catalog, Some(path)),
            Some(BalanceSource::Text { name, text }) => run_balance_of(
                catalog,
                Some(BalanceFile {
                    file: name,
                    text: text.as_str(),
                }),
            ),
        };
        let LoadedBalance {
            balance: numbers,
            pack_numbers,
        } = loaded?;
        let balance_note = balance.map(|source| {
            format!(
                "The run's numbers come from {}.",
                catalog::shown(&source.name())
            )
        });
        let balance = numbers;
        let content = content_for(catalog, &balance)?;
        let unrated = content
            .pool()
            .unrated_note(balance.rewards.rarity_odds().is_some());
        let list = content::resolve_named(deck, content.db(), &finder(catalog))
            .map_err(|e| e.to_string())?;
        let run = Run::new(RunSetup {
            seed,
            deck_name: deck.to_owned(),
            deck: RunDeck::from_list(&list, content.db()),
            balance,
            card_fingerprint: content.fingerprint(),
        });
        let mut game = RunGame {
            run,
            content,
            notes: std::iter::once(format!(
                "A new run, seed {seed}, with {deck}. Climb to the boss; light your way."
            ))
            .chain(balance_note)
            .chain(unrated)
            .chain(
                pack_numbers
                    .iter()
                    .map(|number| super::words::note(&format!("A pack's number: {number}"))),
            )
            .collect(),
            dir,
            save_error: None,
        };
        game.save();
        Ok(game)
    }

    /// The run saved in `dir`, checked against the loaded cards.
    pub fn resume(catalog: &Catalog, dir: PathBuf) -> Result<RunGame, String> {
        let path = dir.join(SAVE_FILE);
        let bytes = read_capped(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let run = save::load(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        let finder = finder(catalog);
        let exists = |name: &str| finder(name).is_some();
        run.balance()
            .check("", &path.display().to_string(), &exists)
            .map_err(|e| e.to_string())?;
        let content = content_for(catalog, run.balance())?;
        if run.setup().card_fingerprint != content.fingerprint() {
            return Err(format!(
                "{} was saved with other card data: load the packs it was played with.",
                path.display()
            ));
        }
        run.deck()
            .to_list(content.db())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(RunGame {
            notes: vec![format!(
                "Run resumed on floor {} (seed {}).",
                run.floor(),
                run.setup().seed
            )],
            run,
            content,
            dir,
            save_error: None,
        })
    }

    /// Makes a choice (or hands in a fight's result) and saves; a choice
    /// the run refuses changes nothing and says why.
    pub fn choose(&mut self, choice: Choice) {
        match self.run.apply(choice, &self.content) {
            Ok(notes) => self.notes = notes.iter().map(|n| super::words::note(n)).collect(),
            Err(error) => self.notes = vec![format!("Not allowed: {error}")],
        }
        self.save();
    }

    /// Hands in a fight's result as the match screen showed it, with the
    /// match's answers when the session kept them. The answers are played
    /// again ([`save::fight_from_answers`]): when they lead to the result
    /// shown, the run keeps them, and its run file plays the fight again
    /// (`sve adventure replay`). Answers that don't (card packs reloaded or
    /// the board changed with the sandbox tools during the fight) are said
    /// in the notes, and the result goes in without them.
    pub fn fought(&mut self, shown: FightResult, answers: Option<Vec<FightAnswer>>) {
        let kept = answers.map(|answers| {
            save::fight_from_answers(&self.run, &self.content, answers).and_then(
                |(result, answers)| {
                    if result == shown {
                        Ok(answers)
                    } else {
                        Err(format!(
                            "played again they end {}, the match ended {}",
                            result_words(result),
                            result_words(shown)
                        ))
                    }
                },
            )
        });
        let (applied, unkept) = match kept {
            Some(Ok(answers)) => (self.run.apply_fought(shown, answers, &self.content), None),
            Some(Err(why)) => (
                self.run.apply(Choice::Fought(shown), &self.content),
                Some(why),
            ),
            None => (self.run.apply(Choice::Fought(shown), &self.content), None),
        };
        self.notes = match applied {
            Ok(notes) => notes.iter().map(|n| super::words::note(n)).collect(),
            Err(error) => vec![format!("Not allowed: {error}")],
        };
        if let Some(why) = unkept {
            self.notes.push(format!(
                "This fight's answers were not kept ({why}): the run file can't play it again."
            ));
        }
        self.save();
    }

    /// Keeps the answers so far of the fight on now, left half-played on
    /// the match screen (both seats', as the session kept them), and
    /// saves: started again, the fight goes on from there
    /// ([`super::fight::FightScreen::start`]). Answers that don't play to
    /// a decision still to make are said in the notes and not kept: the
    /// fight then starts again from its seed.
    pub fn left_fight(&mut self, answers: Option<Vec<FightAnswer>>) {
        let answers = answers.unwrap_or_default();
        let kept = save::check_fight_progress(&self.run, &self.content, &answers)
            .map_err(|why| why.to_string())
            .and_then(|()| {
                self.run
                    .keep_fight_progress(answers.clone())
                    .map_err(|e| e.to_string())
            });
        self.notes = vec![match kept {
            Ok(()) if answers.is_empty() => "You left the fight before it began.".to_owned(),
            Ok(()) => format!(
                "You left the fight after {} answers: it goes on from there.",
                answers.len()
            ),
            Err(why) => format!(
                "The fight's answers so far were not kept ({why}): it starts again from its seed."
            ),
        }];
        self.save();
    }

    /// Writes the save and the run file; a failure is kept in
    /// [`RunGame::save_error`].
    pub fn save(&mut self) {
        self.save_error = write_saves(&self.run, &self.dir).err();
    }
}

/// A fight's end in words: `won with 12 defense after 9 turns`.
fn result_words(result: FightResult) -> String {
    format!(
        "{} with {} defense after {} turns",
        if result.won { "won" } else { "lost" },
        result.defense_left,
        result.turns
    )
}

/// Whether `dir` holds a save to resume.
pub fn has_save(dir: &Path) -> bool {
    dir.join(SAVE_FILE).is_file()
}

fn write_saves(run: &Run, dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let saves = [
        (SAVE_FILE, save::save(run)),
        (RUN_FILE, save::run_file(run)),
    ];
    for (name, bytes) in saves {
        let bytes = bytes.map_err(|e| e.to_string())?;
        let path = dir.join(name);
        // Written aside, then moved over: a crash never leaves half a save.
        let aside = dir.join(format!("{name}.new"));
        std::fs::write(&aside, bytes)
            .and_then(|()| std::fs::rename(&aside, &path))
            .map_err(|e| format!("saving {}: {e}", path.display()))?;
    }
    Ok(())
}

/// Reads a regular file of at most [`MAX_SAVE_BYTES`].
fn read_capped(path: &Path) -> std::io::Result<Vec<u8>> {
    let metadata = std::fs::metadata(path)?;
    if !metadata.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(MAX_SAVE_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_SAVE_BYTES {
        return Err(std::io::Error::other("too large for a save"));
    }
    Ok(bytes)
}

/// A new run's balance, loaded as `sve adventure new` loads it
/// (`sve_adventure::load::run_balance`): the balance file at `file` (read
/// as the terminal reads it), or the shipped numbers without one, then the
/// loaded packs' adventure files added in the catalog's pack order (their
/// relics, scenarios, statuses, special fights, encounter decks, rarities
/// and numbers), with the numbers the packs set. A bad file, the balance's
/// or a pack's, is an error naming its file and line, and no run starts.
pub fn run_balance(catalog: &Catalog, file: Option<&Path>) -> Result<LoadedBalance, String> {
    let text = file
        .map(|path| catalog::read_text_file(path).map(|text| (path.display().to_string(), text)))
        .transpose()
        .map_err(|e| e.to_string())?;
    run_balance_of(
        catalog,
        text.as_ref().map(|(file, text)| BalanceFile { file, text }),
    )
}

/// [`run_balance`] with the balance file's text read already (a file
/// dropped on a web page).
pub fn run_balance_of(
    catalog: &Catalog,
    file: Option<BalanceFile<'_>>,
) -> Result<LoadedBalance, String> {
    let finder = finder(catalog);
    let exists = |name: &str| finder(name).is_some();
    let db = catalog.db();
    let card_exists = |id: &str| db.by_card_id(id).is_some();
    let dirs: Vec<PathBuf> = catalog.packs().into_iter().map(|pack| pack.dir).collect();
    sve_adventure::load::run_balance(
        file,
        &dirs,
        sve_adventure::pack::Lookups {
            deck_exists: &exists,
            card_exists: &card_exists,
        },
    )
    .map_err(|e| e.to_string())
}

/// The run's content from the catalog's cards and the packs' decks.
fn content_for(catalog: &Catalog, balance: &Balance) -> Result<Content, String> {
    Content::new(catalog.db(), catalog.runner(), balance, &finder(catalog))
        .map_err(|e| e.to_string())
}

/// Finds a deck by name: the packs' `decks/NAME.txt`, a starter deck, or
/// a deck file.
fn finder(catalog: &Catalog) -> impl Fn(&str) -> Option<DeckFile> {
    let dirs: Vec<PathBuf> = catalog.packs().into_iter().map(|pack| pack.dir).collect();
    move |name: &str| catalog::load_deck_from_packs(name, &dirs).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("target/test-saves/adventure-unit")
            .join(name);
        std::fs::remove_dir_all(&dir).ok();
        dir
    }

    #[test]
    fn a_run_saves_and_resumes_where_it_stood() {
        let catalog = Catalog::vanilla().expect("bundled cards");
        let dir = dir("resume");
        let mut game = RunGame::start(&catalog, "SD01", 11, None, dir.clone()).expect("a run");
        let first = game.run.choices()[0].clone();
        game.choose(first);
        assert_eq!(game.save_error, None);
        let resumed = RunGame::resume(&catalog, dir).expect("the save");
        assert_eq!(resumed.run, game.run);
    }

    #[test]
    fn a_fights_answers_that_dont_replay_are_said_and_the_result_still_counts() {
        use sve_adventure::fight::FightResult;
        let catalog = Catalog::vanilla().expect("bundled cards");
        let mut game = RunGame::start(&catalog, "SD01", 11, None, dir("unkept")).expect("a run");
        let up = game
            .run
            .choices()
            .into_iter()
            .find(|c| matches!(c, Choice::Move(_)))
            .expect("a move");
        game.choose(up);
        assert!(game.run.fight().is_some(), "floor 1 is a fight");
        let shown = FightResult {
            won: true,
            defense_left: 17,
            turns: 8,
        };
        // No answers at all: the match asks for more.
        game.fought(shown, Some(Vec::new()));
        assert_eq!(game.run.fights().len(), 1, "the result counts");
        assert!(game.run.fight_answers().is_empty());
        let said = game.notes.last().expect("a note");
        assert!(
            said.starts_with("This fight's answers were not kept (the answers ran out after 0")
                && said.ends_with("the run file can't play it again."),
            "{said}"
        );
    }

    #[test]
    fn a_damaged_or_missing_save_is_an_error_not_a_panic() {
        let catalog = Catalog::vanilla().expect("bundled cards");
        let dir = dir("damaged");
        assert!(RunGame::resume(&catalog, dir.clone()).is_err(), "no save");
        std::fs::create_dir_all(&dir).expect("a folder");
        std::fs::write(dir.join(SAVE_FILE), b"SVAS\x01garbage").expect("written");
        let error = RunGame::resume(&catalog, dir).expect_err("garbage");
        assert!(error.contains(SAVE_FILE), "{error}");
    }
}
