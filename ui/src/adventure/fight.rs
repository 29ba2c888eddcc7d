//! A run's fight on the client's own match screen: the run's deck in your
//! seat against the room's encounter deck and bot, started through the
//! same session as any match against a bot.
//!
//! The run's numbers enter the match as `sve-adventure`'s fights do
//! (`sve_adventure::fight::board`): sandbox changes made once at the first
//! decision after setup (`MatchConfig::opening`): your carried leader
//! defense, the enemy's defense and the extra cards it draws, your relic
//! cards, a guardian's special cards and the statuses' cards; and at the
//! first decision of each turn what the statuses do
//! (`MatchConfig::turn_start`, `board::turn_start`). They show in the log
//! as sandbox changes and the replay records them. The bar over the board
//! names the fight and its relic cards; each status is a badge on the
//! leader or card it sits on, with the turns it has left ([`super::badges`]).
//!
//! When the match ends (or passes the run's turn cap, which counts as a
//! loss, as in the CLI) the screen asks its session for the match's
//! answers, both seats', as a replay file in the adventure folder
//! ([`LAST_FIGHT_FILE`], watchable as any replay); then a dialog over the
//! board says how the fight ended, and "Back to the map" hands the result
//! and the answers to the run ([`super::game::RunGame::fought`]), which
//! plays them again and keeps them, so the run file replays the fight as
//! `sve adventure replay` checks it. Leaving a fight half-played ("New
//! match") asks the session for the answers so far the same way and hands
//! them to the run ([`super::game::RunGame::left_fight`]), which keeps
//! them in its save; started again, the fight gives your answers so far
//! to the match again, each when the match asks you, while the enemy's
//! bot answers as it did (the same seed, the same questions), with the
//! animations off and the board behind a notice, until the match stands
//! where you left it ([`CatchUp`]).

use crate::catalog::Catalog;
use crate::config::{ChosenDeck, MatchConfig, Seat, TurnStartHook};
use crate::frame_times::FrameTimes;
use crate::intent::Intent;
use crate::play::anim::AnimSpeed;
use crate::play::{MatchScreen, ScreenRequest};
use crate::session::PaceClock;
use egui::{RichText, Ui};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use sve_adventure::fight::{FightAnswer, FightKind, FightResult, FightSpec, PLAYER, board};
use sve_engine::bot::BotKind;
use sve_engine::cards::CardDb;
use sve_engine::engine::{CardRef, DeckList, Outcome};

use super::game::RunGame;

/// The replay file of the run's last fight, in the adventure folder: how
/// the screen gets its match's answers from the session, and a replay to
/// watch.
pub const LAST_FIGHT_FILE: &str = "last-fight.sver";

/// Frames the result waits for the session's replay file before it goes
/// to the run without its answers.
const ANSWERS_WAIT_FRAMES: u32 = 600;

/// What the fight asks of the Adventure screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FightRequest {
    /// Keep playing.
    Stay,
    /// Back to the map with the fight still to play, with its answers so
    /// far (both seats', in order) when the session kept them.
    Leave(Option<Vec<FightAnswer>>),
    /// The fight is over: hand the result, as the screen showed it, to the
    /// run with the match's answers (both seats', in order), when the
    /// session kept them.
    Done(FightResult, Option<Vec<FightAnswer>>),
}

/// Where the match's answers stand.
#[derive(Debug)]
enum Answers {
    /// The match is on.
    Playing,
    /// Asked of the session as a replay file; frames waited for it.
    Asked(u32),
    /// Read from the replay file, or `None`: none to have (a web page's
    /// match keeps no files) or the file never came.
    Kept(Option<Vec<FightAnswer>>),
}

/// A fight on the match screen.
#[derive(Debug)]
pub struct FightScreen {
    screen: Box<MatchScreen>,
    spec: FightSpec,
    /// The result, once the match ended.
    result: Option<FightResult>,
    /// The relic cards on your field, by name.
    relic_names: String,
    /// A guardian's special cards, by name.
    special_names: String,
    /// The replay file the match's answers come through, if files can be
    /// written ([`LAST_FIGHT_FILE`]).
    replay_file: Option<PathBuf>,
    answers: Answers,
    /// The fight is being left: its answers so far are asked for.
    leaving: bool,
    /// Your answers of the fight left half-played, given again.
    catch_up: CatchUp,
    /// The card object each status puts onto the field, by status index
    /// (`board::status_cards`): where its badge goes, whatever other
    /// copies stand beside it.
    status_cards: Vec<Option<CardRef>>,
}

/// Your answers of a fight left half-played, given again to the match
/// started anew, each when the match asks you: the enemy's bot, with the
/// same seed and the same questions, answers its own as it did, so the
/// match comes back to where you left it.
///
/// Caught up, the match's answers are asked of the session once more and
/// checked against the ones given: the enemy's bot answers as it did only
/// if it thinks as it did, which an undo during the fight can change (the
/// bot of the session then thought twice). The check's verdict is said
/// over the board; the match goes on as it stands either way.
#[derive(Debug, Default)]
struct CatchUp {
    /// Your picks still to give, in order.
    picks: std::collections::VecDeque<Vec<usize>>,
    /// Your answers in all.
    total: usize,
    /// The snapshot last answered, so that each decision is answered once.
    answered: Option<u64>,
    /// Both seats' answers so far, as the fight was left.
    given: Vec<FightAnswer>,
    /// The check: `None` until caught up and read back, then whether the
    /// match's answers begin with the given ones.
    same: Option<bool>,
}

impl CatchUp {
    /// Your answers among a fight's answers so far.
    fn of(given: &[FightAnswer]) -> CatchUp {
        let picks: std::collections::VecDeque<Vec<usize>> = given
            .iter()
            .filter(|answer| answer.seat == PLAYER.0)
            .map(|answer| answer.picks.clone())
            .collect();
        CatchUp {
            total: picks.len(),
            picks,
            answered: None,
            given: given.to_vec(),
            same: None,
        }
    }

    /// Whether the check is still to make: caught up, not read back yet.
    fn to_check(&self) -> bool {
        self.total > 0 && self.picks.is_empty() && self.same.is_none()
    }

    /// Gives the next answer if the match asks you now; whether answers
    /// are still to give (or one was given in this frame).
    fn step(&mut self, screen: &mut MatchScreen) -> bool {
        let view = screen.view();
        let asks_you = view
            .decision
            .as_ref()
            .is_some_and(|decision| decision.decision.player == PLAYER);
        let generation = view.generation;
        if asks_you
            && self.answered != Some(generation)
            && let Some(picks) = self.picks.pop_front()
        {
            self.answered = Some(generation);
            screen.act(Intent::Answer(picks));
            return true;
        }
        !self.picks.is_empty()
    }

    /// Your answers given again so far.
    fn given(&self) -> usize {
        self.total - self.picks.len()
    }
}

impl FightScreen {
    /// Starts the run's fight `spec` against its bot; `bot_delay` paces
    /// the bots as on the start screen. With `player_bot` a bot of that
    /// level plays your side from the fight's start and you watch.
    /// Otherwise a fight left half-played
    /// ([`sve_adventure::run::Run::fight_progress`]) goes on from there.
    pub fn start(
        game: &RunGame,
        spec: &FightSpec,
        catalog: &Catalog,
        save_dir: std::path::PathBuf,
        bot_delay: Duration,
        player_bot: Option<BotKind>,
        ctx: &egui::Context,
    ) -> Result<FightScreen, String> {
        let db = catalog.db();
        let (mut config, status_cards) = fight_config(game, spec, &db, bot_delay)?;
        let mut catch_up = CatchUp::of(game.run.fight_progress());
        if let Some(kind) = player_bot {
            // The bot plays the fight from its start.
            config.seats[0] = Seat::Bot(kind);
            catch_up = CatchUp::default();
        }
        let screen = MatchScreen::start_saving_to(config, catalog.clone(), save_dir, ctx);
        let names = |ids: &[String]| {
            if ids.is_empty() {
                String::new()
            } else {
                super::words::card_names(&game.content, ids)
            }
        };
        Ok(FightScreen {
            screen: Box::new(screen),
            spec: spec.clone(),
            result: None,
            relic_names: names(&spec.player_cards),
            special_names: names(&spec.enemy_field),
            replay_file: (!cfg!(target_arch = "wasm32")).then(|| game.dir.join(LAST_FIGHT_FILE)),
            answers: Answers::Playing,
            leaving: false,
            catch_up,
            status_cards,
        })
    }

    /// For a fight gone on with after it was left half-played: whether
    /// the match's answers, read back once your answers so far were given
    /// again, begin with the ones left (`None` before the check, or for a
    /// fight begun afresh).
    pub fn caught_up(&self) -> Option<bool> {
        self.catch_up.same
    }

    /// The match screen (for tests and tools).
    pub fn match_screen(&self) -> &MatchScreen {
        &self.screen
    }

    /// Draws the match, and the result dialog once it is over.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        frame_times: &FrameTimes,
        anim_speed: &mut AnimSpeed,
        pace_clock: PaceClock,
    ) -> FightRequest {
        let lines = self.bar_lines();
        egui::Panel::top("adventure fight bar").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(RichText::new("Adventure fight").strong());
                ui.separator();
                ui.label(format!(
                    "{} on floor {} · light {} · enemy deck {} ({} bot), defense {}",
                    kind_name(self.spec.kind),
                    self.spec.floor,
                    self.spec.light,
                    self.spec.enemy_deck,
                    self.spec.enemy_bot,
                    self.spec.enemy_defense
                ));
            });
            for line in lines {
                ui.label(RichText::new(line).small());
            }
        });
        let badges =
            super::badges::status_badges(&self.spec, &self.status_cards, self.screen.view());
        crate::play::board::lend_badges(ui.ctx(), badges);
        let catching_up = self.catch_up.step(&mut self.screen);
        let mut no_animations = AnimSpeed::Off;
        let speed = if catching_up {
            &mut no_animations
        } else {
            anim_speed
        };
        let request = self.screen.ui(ui, frame_times, speed, pace_clock);
        if catching_up {
            self.catch_up_notice(ui.ctx());
        }
        if self.result.is_none() {
            self.result = self.ended();
        }
        if self.catch_up.to_check() {
            if self.result.is_some() || self.leaving {
                // The match's answers are asked for its end instead.
                self.catch_up.same = Some(true);
                self.answers = Answers::Playing;
            } else if self.keep_answers(ui.ctx()) {
                let given = &self.catch_up.given;
                match self.kept_answers() {
                    // The enemy's bot has yet to give its answers of the
                    // fight left: asked again.
                    Some(read) if read.len() < given.len() && given.starts_with(&read) => {}
                    read => {
                        let same = read.is_none_or(|read| read.starts_with(given));
                        if !same {
                            tracing::warn!("the fight gone on with parts from the one left");
                        }
                        self.catch_up.same = Some(same);
                    }
                }
                self.answers = Answers::Playing;
            }
        }
        if let Some(result) = self.result {
            if !self.keep_answers(ui.ctx()) {
                return FightRequest::Stay;
            }
            return self.result_dialog(ui, result);
        }
        if request == ScreenRequest::NewMatch {
            self.leaving = true;
        }
        if self.leaving {
            if !self.keep_answers(ui.ctx()) {
                return FightRequest::Stay;
            }
            return FightRequest::Leave(self.kept_answers());
        }
        FightRequest::Stay
    }

    /// Over the board while your answers so far are given again: how far.
    fn catch_up_notice(&self, ctx: &egui::Context) {
        egui::Modal::new(egui::Id::unique("adventure fight catch-up")).show(ctx, |ui| {
            ui.heading("Going on with the fight");
            ui.label(format!(
                "Back to where you left it: {} of your {} answers given again.",
                self.catch_up.given(),
                self.catch_up.total
            ));
        });
        ctx.request_repaint();
    }

    /// The match's answers as read from the session, once in.
    fn kept_answers(&self) -> Option<Vec<FightAnswer>> {
        match &self.answers {
            Answers::Kept(answers) => answers.clone(),
            Answers::Playing | Answers::Asked(_) => None,
        }
    }

    /// The bar's lines under the fight's name: the relic cards and
    /// special cards put onto the field (the statuses are badges on the
    /// board).
    fn bar_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if !self.relic_names.is_empty() {
            lines.push(format!("Relic cards on your field: {}", self.relic_names));
        }
        if !self.special_names.is_empty() {
            lines.push(format!(
                "On the enemy's field from the start: {}",
                self.special_names
            ));
        }
        if self.catch_up.same == Some(false) {
            lines.push(
                "The enemy answered otherwise than in the fight you left (an undo there changed \
                 its thinking): the match goes on as it now stands."
                    .to_owned(),
            );
        }
        lines
    }

    /// The result once the match is over or past the turn cap.
    fn ended(&self) -> Option<FightResult> {
        let view = self.screen.view();
        let board = view.board(PLAYER)?;
        let result = |won| FightResult {
            won,
            defense_left: board.mine.leader_defense,
            turns: board.turn,
        };
        match view.outcome {
            Some(Outcome::Win(winner, _)) => Some(result(winner == PLAYER)),
            Some(Outcome::Draw) => Some(result(false)),
            None if board.turn > self.spec.turn_cap => Some(result(false)),
            None => None,
        }
    }

    /// Asks the session for the match's answers and reads them once
    /// written; true when they are in (or will not come).
    fn keep_answers(&mut self, ctx: &egui::Context) -> bool {
        match (&mut self.answers, &self.replay_file) {
            (Answers::Kept(_), _) => return true,
            (Answers::Playing, None) => self.answers = Answers::Kept(None),
            (Answers::Playing, Some(path)) => {
                // An older fight's file must not be read for this one's.
                std::fs::remove_file(path).ok();
                self.screen.act(Intent::SaveReplay(path.clone()));
                self.answers = Answers::Asked(0);
            }
            (Answers::Asked(frames), Some(path)) => {
                if let Some(answers) = read_answers(path) {
                    self.answers = Answers::Kept(Some(answers));
                } else if *frames >= ANSWERS_WAIT_FRAMES {
                    tracing::warn!("no replay of the fight came in {}", path.display());
                    self.answers = Answers::Kept(None);
                } else {
                    *frames += 1;
                }
            }
            (Answers::Asked(_), None) => self.answers = Answers::Kept(None),
        }
        ctx.request_repaint_after(Duration::from_millis(10));
        matches!(self.answers, Answers::Kept(_))
    }

    fn result_dialog(&self, ui: &mut Ui, result: FightResult) -> FightRequest {
        let mut done = false;
        egui::Modal::new(egui::Id::unique("adventure fight result")).show(ui.ctx(), |ui| {
            ui.set_width(360.0);
            let title = if result.won {
                "Fight won"
            } else {
                "Fight lost"
            };
            ui.heading(title);
            if !result.won && result.turns > self.spec.turn_cap {
                ui.label(format!(
                    "The fight passed the run's cap of {} turns: it counts as lost.",
                    self.spec.turn_cap
                ));
            }
            ui.label(format!(
                "Your leader's defense: {} after {} turns.",
                result.defense_left, result.turns
            ));
            if !result.won {
                ui.label("A lost fight ends the run.");
            }
            ui.add_space(8.0);
            done = ui.button("Back to the map").clicked();
        });
        if done {
            FightRequest::Done(result, self.kept_answers())
        } else {
            FightRequest::Stay
        }
    }
}

/// The match of a fight: your run's deck against the encounter deck and
/// its bot, the run's numbers as the opening's sandbox changes; and the
/// card object each status puts onto the field.
fn fight_config(
    game: &RunGame,
    spec: &FightSpec,
    db: &Arc<CardDb>,
    bot_delay: Duration,
) -> Result<(MatchConfig, Vec<Option<CardRef>>), String> {
    let bot = sve_adventure::balance::parse_bot(&spec.enemy_bot)?;
    let mine = game.run.deck().to_list(db).map_err(|e| e.to_string())?;
    let theirs = game
        .content
        .deck(&spec.enemy_deck)
        .ok_or_else(|| format!("no encounter deck `{}`", spec.enemy_deck))?;
    // The catalog may have reloaded since the run began: the enemy deck
    // goes over by card id.
    let theirs = rebase(theirs, game.content.db(), db)?;
    // The run's opening, as the CLI's fights make it: the defenses, the
    // enemy's extra cards, your relic cards, a guardian's special cards
    // and the statuses' cards; then, at the start of each turn, what the
    // statuses do.
    let opening = board::opening(spec, db)?;
    let status_cards = board::status_cards_of(spec, [mine.clone(), theirs.clone()], db);
    let statuses = spec.clone();
    let cards = status_cards.clone();
    let turn_start = (!spec.statuses.is_empty()).then(|| {
        TurnStartHook(Arc::new(move |game: &sve_engine::engine::Match| {
            board::turn_start(game, &statuses, &cards)
        }))
    });
    let config = MatchConfig {
        seats: [Seat::Human, Seat::Bot(bot)],
        decks: [
            ChosenDeck {
                title: format!("Your run deck ({})", game.run.setup().deck_name),
                source: "adventure".to_owned(),
                list: mine,
            },
            ChosenDeck {
                title: spec.enemy_deck.clone(),
                source: spec.enemy_deck.clone(),
                list: theirs,
            },
        ],
        seed: spec.seed,
        bot_delay,
        replay: None,
        opening,
        turn_start,
    };
    Ok((config, status_cards))
}

/// A deck list of one card database in another's numbers.
fn rebase(list: &DeckList, from: &CardDb, to: &CardDb) -> Result<DeckList, String> {
    let map = |def| {
        let id = &from.get(def).id;
        to.by_card_id(id)
            .ok_or_else(|| format!("card `{id}` of an encounter deck is no longer loaded"))
    };
    Ok(DeckList {
        leader: map(list.leader)?,
        main: list
            .main
            .iter()
            .map(|d| map(*d))
            .collect::<Result<_, _>>()?,
        evolve: list
            .evolve
            .iter()
            .map(|d| map(*d))
            .collect::<Result<_, _>>()?,
        basis: list.basis,
    })
}

/// The answers of the match in the replay file at `path`, both seats', as
/// a fight records them; a concession is your empty answer, as the
/// terminal gives it. `None` while the file is not (fully) written.
fn read_answers(path: &Path) -> Option<Vec<FightAnswer>> {
    let bytes = std::fs::read(path).ok()?;
    let replay = sve_engine::replay::Replay::decode(&bytes).ok()?;
    let mut answers: Vec<FightAnswer> = replay
        .answers
        .iter()
        .map(|answer| FightAnswer {
            seat: answer.player,
            picks: answer.picks.iter().map(|&pick| pick as usize).collect(),
        })
        .collect();
    if replay.conceded == Some(PLAYER.0) {
        answers.push(FightAnswer {
            seat: PLAYER.0,
            picks: Vec::new(),
        });
    }
    Some(answers)
}

/// A fight's kind for the player.
pub fn kind_name(kind: FightKind) -> &'static str {
    match kind {
        FightKind::Normal => "Fight",
        FightKind::Elite => "Elite fight",
        FightKind::Boss => "Boss fight",
        FightKind::Special => "Guardian's fight",
    }
}
