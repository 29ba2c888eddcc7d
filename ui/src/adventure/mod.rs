//! The Adventure screen: a roguelike run of SVE fights across a map of
//! rooms lit with torches (`sve-adventure`, `docs/adventure.md`).
//!
//! The screen has three faces: the setup page (a new run or the saved
//! one, [`setup`]), the map with the run beside it ([`map_view`],
//! [`sidebar`]) under the dialogs of the run's phase ([`dialogs`],
//! [`summary`]), and a fight on the client's own match screen
//! ([`fight`]). The run is the crate's state machine: the screen offers
//! only [`Run::choices`](sve_adventure::run::Run::choices), applies one
//! per click ([`game::RunGame::choose`]) and saves after each.
//!
//! Nothing here holds a match: a fight is a `MatchScreen` with its own
//! session worker, and only its result comes back to the run.

pub mod badges;
pub mod dialogs;
pub mod fight;
pub mod game;
pub mod map_view;
pub mod setup;
pub mod sidebar;
pub mod summary;
pub mod words;

use crate::catalog::Catalog;
use crate::frame_times::FrameTimes;
use crate::play::anim::AnimSpeed;
use crate::session::PaceClock;
use dialogs::DialogAction;
use egui::Ui;
use fight::{FightRequest, FightScreen};
use game::RunGame;
use setup::{SetupForm, SetupRequest};
use sidebar::TravelAction;
use std::path::{Path, PathBuf};
use std::time::Duration;
use sve_adventure::run::Choice;

/// What the Adventure screen asks of the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AdventureRequest {
    /// Keep showing it.
    Stay,
    /// Back to the start screen.
    Back,
}

/// What the app lends the screen each frame.
pub struct AdventureContext<'a> {
    /// The cards.
    pub catalog: &'a Catalog,
    /// The client's save folder ([`crate::save_folder`]).
    pub save_dir: &'a Path,
    /// Frame times, for the match screen's debug tab.
    pub frame_times: &'a FrameTimes,
    /// The board's animation speed.
    pub anim_speed: &'a mut AnimSpeed,
    /// Whose clock ends a fight's bot's wait for the animations.
    pub pace_clock: PaceClock,
}

/// The Adventure screen.
#[derive(Debug)]
pub struct AdventureScreen {
    setup: SetupForm,
    game: Option<Box<RunGame>>,
    fight: Option<Box<FightScreen>>,
    /// The torch preview waits for a confirmation.
    torch_chosen: bool,
    /// The bots' pace in fights.
    bot_delay: Duration,
    /// A fight that could not start, said on the map.
    fight_error: Option<String>,
}

impl AdventureScreen {
    /// The setup page; fights pace their bot by `bot_delay`.
    pub fn new(bot_delay: Duration) -> AdventureScreen {
        AdventureScreen {
            setup: SetupForm::default(),
            game: None,
            fight: None,
            torch_chosen: false,
            bot_delay,
            fight_error: None,
        }
    }

    /// The setup page's choices, for the client's next run.
    pub fn remembered(&self) -> crate::settings::AdventureChoices {
        self.setup.remembered()
    }

    /// Takes back the setup page's choices of an earlier run.
    pub fn restore(&mut self, choices: &crate::settings::AdventureChoices) {
        self.setup.restore(choices);
    }

    /// The setup page's form (for tests and tools).
    pub fn setup_mut(&mut self) -> &mut SetupForm {
        &mut self.setup
    }

    /// The run on screen, if any (for tests and tools).
    pub fn game(&self) -> Option<&RunGame> {
        self.game.as_deref()
    }

    /// The fight on screen, if any (for tests and tools).
    pub fn fight(&self) -> Option<&FightScreen> {
        self.fight.as_deref()
    }

    /// Draws the screen.
    pub fn ui(&mut self, ui: &mut Ui, cx: AdventureContext<'_>) -> AdventureRequest {
        let dir = crate::save_folder::adventure_dir(cx.save_dir);
        if let Some(fight) = &mut self.fight {
            match fight.ui(ui, cx.frame_times, cx.anim_speed, cx.pace_clock) {
                FightRequest::Stay => {}
                FightRequest::Leave(answers) => {
                    self.fight = None;
                    if let Some(game) = &mut self.game {
                        game.left_fight(answers);
                    }
                }
                FightRequest::Done(result, answers) => {
                    self.fight = None;
                    if let Some(game) = &mut self.game {
                        game.fought(result, answers);
                    }
                }
            }
            if self.fight.is_none() {
                crate::play::preview::unpin(ui.ctx());
                ui.ctx().request_repaint();
            }
            return AdventureRequest::Stay;
        }
        let Some(game) = &mut self.game else {
            return match self.setup.ui(ui, cx.catalog, &dir) {
                None => AdventureRequest::Stay,
                Some(SetupRequest::Back) => AdventureRequest::Back,
                Some(SetupRequest::Play(game)) => {
                    self.game = Some(game);
                    self.torch_chosen = false;
                    AdventureRequest::Stay
                }
            };
        };
        let output = egui::Panel::right("adventure panel")
            .resizable(false)
            .exact_size(340.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .show(ui, |ui| {
                        if let Some(error) = &self.fight_error {
                            ui.colored_label(egui::Color32::from_rgb(255, 110, 100), error);
                        }
                        sidebar::sidebar_ui(ui, game, self.torch_chosen)
                    })
                    .inner
            })
            .inner;
        let preview = (self.torch_chosen || output.torch_hovered)
            .then(|| sidebar::next_torch(&game.run))
            .filter(|_| game.run.choices().contains(&Choice::PlaceTorch));
        let moved = egui::CentralPanel::default()
            .show(ui, |ui| {
                let rect = ui.available_rect_before_wrap().shrink(8.0);
                map_view::map_ui(ui, rect, &game.run, preview)
            })
            .inner;
        if let Some(room) = moved {
            self.torch_chosen = false;
            game.choose(Choice::Move(room));
        }
        match output.action {
            Some(TravelAction::ChooseTorch) => self.torch_chosen = true,
            Some(TravelAction::CancelTorch) => self.torch_chosen = false,
            Some(TravelAction::PlaceTorch) => {
                self.torch_chosen = false;
                game.choose(Choice::PlaceTorch);
            }
            Some(TravelAction::Leave) => {
                game.save();
                self.game = None;
                return AdventureRequest::Back;
            }
            None => {}
        }
        let action = dialogs::dialog_ui(ui.ctx(), game);
        self.act(action, ui.ctx(), cx.catalog, cx.save_dir)
    }

    fn act(
        &mut self,
        action: Option<DialogAction>,
        ctx: &egui::Context,
        catalog: &Catalog,
        save_dir: &Path,
    ) -> AdventureRequest {
        let (Some(game), Some(action)) = (&mut self.game, action) else {
            return AdventureRequest::Stay;
        };
        ctx.request_repaint();
        match action {
            DialogAction::Choose(choice) => game.choose(choice),
            DialogAction::StartFight | DialogAction::BotFight(_) => {
                let Some(spec) = game.run.fight().cloned() else {
                    return AdventureRequest::Stay;
                };
                let player_bot = match action {
                    DialogAction::BotFight(kind) => Some(kind),
                    _ => None,
                };
                let save_dir: PathBuf = save_dir.to_path_buf();
                let fight = FightScreen::start(
                    game,
                    &spec,
                    catalog,
                    save_dir,
                    self.bot_delay,
                    player_bot,
                    ctx,
                );
                match fight {
                    Ok(fight) => {
                        self.fight_error = None;
                        self.fight = Some(Box::new(fight));
                    }
                    Err(error) => {
                        self.fight_error = Some(format!("The fight can't start: {error}"))
                    }
                }
            }
            DialogAction::NewRun => self.game = None,
            DialogAction::Leave => {
                self.game = None;
                return AdventureRequest::Back;
            }
        }
        AdventureRequest::Stay
    }
}
