//! `sve-ui --screenshots DIR`: the client photographs itself. It opens
//! the real window, plays a match against the random bot (SD01 against
//! SD02, seed 7, animations off) and takes a series of screenshots with
//! egui's own [`egui::ViewportCommand::Screenshot`], written as PNG into
//! `DIR`: the mulligan prompt, the board mid-game, the pinned large
//! preview, a zone panel, the card inspector, a prompt of card text and
//! the deck builder. Run it on a machine without a screen under `xvfb-run`
//! (`ui/screenshots.sh` does, into `docs/screenshots/`).
//!
//! The tour drives the window as a person would: it clicks widgets by
//! their accessible labels, hovers, types and presses keys, through an
//! egui plugin that reads the accessibility tree egui writes each frame
//! and adds pointer and key events to the next frame's input. Your seat's
//! decisions are answered by a small fixed policy through
//! [`crate::play::MatchScreen::answer`] (play the first card that can be played,
//! evolve, attack, end the turn), so the match is the same on every run.

use crate::app::{App, AppOptions, Screen};
use crate::catalog::Catalog;
use crate::config::{MatchConfig, Seat};
use crate::match_view::MatchView;
use crate::play::anim::AnimSpeed;
use egui::accesskit::Role;
use egui::{ColorImage, Context, Event, FullOutput, Modifiers, Pos2, RawInput, Rect};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use sve_engine::bot::BotKind;
use sve_engine::engine::{Action, Choice, PlayerId, Prompt};

/// The window's size, in points.
pub const WINDOW_SIZE: [f32; 2] = [1440.0, 900.0];

/// The seat the tour plays (the bot has the other).
const YOU: PlayerId = PlayerId(0);

/// The turn the mid-game board is photographed at (your main phase).
const MID_GAME_TURN: u32 = 9;

/// How long one step may take before the tour gives up.
const STEP_TIMEOUT: Duration = Duration::from_secs(30);

/// Frames to wait after an input before the next step, so the window has
/// redrawn what the input changed.
const SETTLE_FRAMES: u32 = 4;

/// What the tour did, for `main` to report when the window closes.
pub type TourOutcome = Arc<Mutex<Option<Result<Vec<PathBuf>, String>>>>;

/// The client taking its own screenshots.
pub struct ScreenshotTour {
    app: App,
    dir: PathBuf,
    steps: Vec<Step>,
    step_idx: usize,
    /// When the current step began, and frames since.
    step_started: Instant,
    step_frames: u32,
    /// Frames left to wait before the current step runs.
    settle: u32,
    shared: Arc<Mutex<Shared>>,
    /// A screenshot asked for and not yet saved: its file name.
    shooting: Option<&'static str>,
    /// The generation your last answer was sent in.
    answered: Option<u64>,
    written: Vec<PathBuf>,
    outcome: TourOutcome,
    started: bool,
}

impl ScreenshotTour {
    /// A tour over the cards of `catalog` that writes into `dir` and
    /// reports into `outcome`.
    pub fn new(catalog: Catalog, dir: PathBuf, outcome: TourOutcome) -> ScreenshotTour {
        let app = App::new(
            catalog,
            AppOptions {
                bot_delay: Duration::ZERO,
                anim_speed: AnimSpeed::Off,
                ..AppOptions::default()
            },
        );
        ScreenshotTour {
            app,
            dir,
            steps: tour(),
            step_idx: 0,
            step_started: Instant::now(),
            step_frames: 0,
            settle: 0,
            shared: Arc::new(Mutex::new(Shared::default())),
            shooting: None,
            answered: None,
            written: Vec::new(),
            outcome,
            started: false,
        }
    }
}

impl std::fmt::Debug for ScreenshotTour {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScreenshotTour")
            .field("dir", &self.dir)
            .field("step", &self.steps.get(self.step_idx))
            .finish()
    }
}

impl eframe::App for ScreenshotTour {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        if !self.started {
            self.started = true;
            // The tour finds widgets in the accessibility tree, which egui
            // writes only when asked.
            ctx.enable_accesskit();
            ctx.add_plugin(TourPlugin {
                shared: Arc::clone(&self.shared),
            });
        }
        self.app.ui(ui);
        ctx.request_repaint();
        if let Err(problem) = self.advance(&ctx) {
            self.finish(&ctx, Err(problem));
        }
    }
}

impl ScreenshotTour {
    /// Runs the current step one frame further.
    fn advance(&mut self, ctx: &Context) -> Result<(), String> {
        if self.step_idx >= self.steps.len() {
            return Ok(());
        }
        if let Some(name) = self.shooting {
            let taken = self.lock().screenshot.take();
            return match taken {
                Some(image) => {
                    self.shooting = None;
                    let path = self.dir.join(format!("{name}.png"));
                    save_png(&image, &path)?;
                    tracing::info!("wrote {}", path.display());
                    self.written.push(path);
                    self.settle = SETTLE_FRAMES;
                    Ok(())
                }
                None => self.check_timeout(&format!("the screenshot {name}")),
            };
        }
        if self.settle > 0 {
            self.settle -= 1;
            return Ok(());
        }
        let step = self.steps[self.step_idx].clone();
        self.step_frames += 1;
        let done = match &step {
            Step::StartMatch => {
                let config = self.config()?;
                self.app.play(config, ctx);
                true
            }
            Step::PlayUntil(goal) => self.play_until(ctx, goal),
            Step::Click(query) => match self.find(query) {
                Some(rect) => {
                    self.queue(click_events(rect.center()));
                    true
                }
                None => false,
            },
            Step::ClickFieldOf(text) => match self.find_field_of(text) {
                Some(rect) => {
                    self.queue(click_events(rect.center()));
                    true
                }
                None => false,
            },
            Step::Hover(query) => match self.find(query) {
                Some(rect) => {
                    self.queue(vec![Event::PointerMoved(rect.center())]);
                    true
                }
                None => false,
            },
            Step::PointerAway => {
                self.queue(vec![Event::PointerGone]);
                true
            }
            Step::Key(key) => {
                self.queue(key_events(*key));
                true
            }
            Step::Type(text) => {
                self.queue(vec![Event::Text((*text).to_owned())]);
                true
            }
            Step::Shot(name) => {
                self.shoot(ctx, name);
                true
            }
            Step::Finish => {
                let written = std::mem::take(&mut self.written);
                self.finish(ctx, Ok(written));
                true
            }
        };
        if done {
            self.step_idx += 1;
            self.step_started = Instant::now();
            self.step_frames = 0;
            self.settle = SETTLE_FRAMES;
            Ok(())
        } else {
            self.check_timeout(&step.describe()).map_err(|problem| {
                // Name what is on screen, to mend the tour.
                let near: Vec<String> = self
                    .lock()
                    .widgets
                    .iter()
                    .filter(|widget| match &step {
                        Step::Click(query) | Step::Hover(query) => {
                            widget.label.contains(query.text)
                        }
                        _ => false,
                    })
                    .map(|widget| format!("{:?} ({:?})", widget.label, widget.role))
                    .collect();
                format!("{problem}; widgets with that text: {near:?}")
            })
        }
    }

    /// Answers your decisions until `goal`; true then.
    fn play_until(&mut self, ctx: &Context, goal: &Goal) -> bool {
        if self.match_view().is_some_and(|view| view.outcome.is_some()) {
            tracing::warn!("the match ended before {goal:?}");
            return true;
        }
        let Some((generation, decision)) = self.your_decision() else {
            return false;
        };
        if self.answered == Some(generation) {
            // The answer is on its way (or was refused: try the end of
            // the turn after a while).
            if self.step_frames % 600 == 599 {
                self.answered = None;
            }
            return false;
        }
        let prompt = &decision.decision.prompt;
        let main_phase_of = |turn: u32| {
            matches!(prompt, Prompt::MainAction)
                && self
                    .match_view()
                    .and_then(|view| view.board(YOU))
                    .is_some_and(|board| board.turn >= turn)
        };
        match goal {
            Goal::Prompt(wanted) if same_prompt(prompt, wanted) => return true,
            Goal::MainPhaseOfTurn(turn) if main_phase_of(*turn) => return true,
            Goal::CardChoice { .. } if is_card_choice(prompt) => {
                self.shoot(ctx, "prompt-choice");
                return true;
            }
            Goal::CardChoice { by_turn } if main_phase_of(*by_turn) => {
                tracing::warn!("no card-choice prompt came by turn {by_turn}");
                return true;
            }
            _ => {}
        }
        let picks = pilot(&decision.decision);
        self.answered = Some(generation);
        if let Some(screen) = self.app.match_screen_mut() {
            screen.answer(picks);
        }
        false
    }

    /// Your pending decision and the generation it belongs to.
    fn your_decision(&self) -> Option<(u64, crate::session::DecisionView)> {
        let view = self.match_view()?;
        let decision = view.decision_for(YOU)?;
        Some((view.generation, decision.clone()))
    }

    fn match_view(&self) -> Option<&MatchView> {
        match self.app.screen() {
            Screen::Match(screen) => Some(screen.view()),
            _ => None,
        }
    }

    fn config(&self) -> Result<MatchConfig, String> {
        let db = self.app.catalog().db();
        let deck = |name: &str| {
            crate::start::load_checked(name, &db).map_err(|problems| problems.join("; "))
        };
        Ok(MatchConfig {
            seats: [Seat::Human, Seat::Bot(BotKind::Random)],
            decks: [deck("SD01")?, deck("SD02")?],
            seed: 7,
            bot_delay: Duration::ZERO,
            replay: None,
            opening: Vec::new(),
            turn_start: None,
        })
    }

    fn shoot(&mut self, ctx: &Context, name: &'static str) {
        self.shooting = Some(name);
        self.step_started = Instant::now();
        let shared = Arc::clone(&self.shared);
        let waker = ctx.clone();
        ctx.request_screenshot(move |image| {
            shared
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .screenshot = Some(image);
            waker.request_repaint();
        });
    }

    /// The `nth` widget matching `query`, counted top to bottom, then
    /// left to right (the tree's own order is not the screen's).
    fn find(&self, query: &Query) -> Option<Rect> {
        let shared = self.lock();
        let mut found: Vec<Rect> = shared
            .widgets
            .iter()
            .filter(|widget| query.matches(widget))
            .map(|widget| widget.rect)
            .collect();
        found.sort_by(|a, b| {
            a.top()
                .total_cmp(&b.top())
                .then(a.left().total_cmp(&b.left()))
        });
        found.get(query.nth).copied()
    }

    /// The text field right of the label `text` on its row (a field's
    /// own node carries no label of its own in the raw tree).
    fn find_field_of(&self, text: &str) -> Option<Rect> {
        let shared = self.lock();
        let label = shared
            .widgets
            .iter()
            .find(|widget| widget.label == text && widget.role == Role::Label)?
            .rect;
        shared
            .widgets
            .iter()
            .filter(|widget| widget.role == Role::TextInput)
            .filter(|widget| widget.rect.left() >= label.right() - 1.0)
            .filter(|widget| {
                widget.rect.center().y > label.top() && widget.rect.center().y < label.bottom()
            })
            .min_by(|a, b| a.rect.left().total_cmp(&b.rect.left()))
            .map(|widget| widget.rect)
    }

    fn queue(&self, events: Vec<Event>) {
        self.lock().events.extend(events);
    }

    fn check_timeout(&self, what: &str) -> Result<(), String> {
        if self.step_started.elapsed() > STEP_TIMEOUT {
            Err(format!("the screenshot tour gave up waiting for {what}"))
        } else {
            Ok(())
        }
    }

    fn finish(&mut self, ctx: &Context, outcome: Result<Vec<PathBuf>, String>) {
        self.step_idx = self.steps.len();
        *self.outcome.lock().unwrap_or_else(PoisonError::into_inner) = Some(outcome);
        ctx.send_viewport_cmd(egui::ViewportCommand::Close);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Shared> {
        self.shared.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// One step of the tour.
#[derive(Clone, Debug)]
enum Step {
    /// Start the match against the random bot.
    StartMatch,
    /// Answer your decisions until the goal.
    PlayUntil(Goal),
    /// Click the widget.
    Click(Query),
    /// Click the text field labelled this.
    ClickFieldOf(&'static str),
    /// Move the pointer onto the widget.
    Hover(Query),
    /// Take the pointer out of the window.
    PointerAway,
    /// Press and release a key.
    Key(egui::Key),
    /// Type text into the focused field.
    Type(&'static str),
    /// Take a screenshot into `<name>.png`.
    Shot(&'static str),
    /// Report and close the window.
    Finish,
}

impl Step {
    fn describe(&self) -> String {
        match self {
            Step::Click(query) => format!("a widget to click: {query:?}"),
            Step::Hover(query) => format!("a widget to hover: {query:?}"),
            other => format!("{other:?}"),
        }
    }
}

/// Where answering your decisions stops.
#[derive(Clone, Debug)]
enum Goal {
    /// Your pending decision asks this.
    Prompt(Prompt),
    /// Your main phase of this turn (or a later one).
    MainPhaseOfTurn(u32),
    /// A prompt that asks for cards or a choice made by card text, which
    /// is photographed as `prompt-choice.png`; or, when none has come,
    /// your main phase of `by_turn`.
    CardChoice {
        /// The last turn waited for.
        by_turn: u32,
    },
}

/// Which widget: by label (exact or a part of it), optionally by role,
/// the `nth` of those that match from the top of the window.
#[derive(Clone, Debug)]
struct Query {
    text: &'static str,
    exact: bool,
    role: Option<Role>,
    nth: usize,
}

impl Query {
    fn matches(&self, widget: &Widget) -> bool {
        let label_fits = if self.exact {
            widget.label == self.text
        } else {
            widget.label.contains(self.text)
        };
        label_fits && self.role.is_none_or(|role| role == widget.role)
    }
}

fn label(text: &'static str) -> Query {
    Query {
        text,
        exact: true,
        role: None,
        nth: 0,
    }
}

fn containing(text: &'static str) -> Query {
    Query {
        exact: false,
        ..label(text)
    }
}

/// The tour: what is photographed, in order.
fn tour() -> Vec<Step> {
    use Step::*;
    vec![
        StartMatch,
        PlayUntil(Goal::Prompt(Prompt::Mulligan)),
        PointerAway,
        Shot("prompt-mulligan"),
        PlayUntil(Goal::MainPhaseOfTurn(MID_GAME_TURN)),
        PointerAway,
        Shot("board-mid-game"),
        // The large preview, pinned with P, stays as the pointer leaves.
        Hover(containing("(field")),
        Key(egui::Key::P),
        PointerAway,
        Shot("preview-pinned"),
        Key(egui::Key::P),
        // Your evolve deck (the lower count: the opponent's half is at
        // the top) in the zone panel.
        Click(Query {
            nth: 1,
            ..containing("Evolve deck ")
        }),
        PointerAway,
        Shot("zone-panel"),
        Click(label("Close")),
        // The card inspector on a card of your field.
        Click(label("Debug")),
        Click(label("Card inspector")),
        Click(containing(" · P1 field ")),
        PointerAway,
        Shot("inspector"),
        Click(label("Board")),
        // A prompt of card text (the pilot evolves and plays on until one
        // comes).
        PlayUntil(Goal::CardChoice {
            by_turn: MID_GAME_TURN + 8,
        }),
        // The deck builder with a starter deck loaded.
        Click(label("New match")),
        Click(label("Yes, new match")),
        Click(label("Deck builder")),
        ClickFieldOf("Deck file"),
        Type("SD01"),
        Click(label("Load deck")),
        Click(containing("× Aria, Fairy Princess")),
        PointerAway,
        Shot("deck-builder"),
        Finish,
    ]
}

/// Your answer to a decision: in the main phase play the first card that
/// can be played, else evolve, else attack, else end the turn; pass
/// Quick windows; anything else takes the first options it must.
fn pilot(decision: &sve_engine::engine::Decision) -> Vec<usize> {
    let find = |wanted: fn(&Choice) -> bool| decision.options.iter().position(wanted);
    match decision.prompt {
        Prompt::MainAction => find(|choice| matches!(choice, Choice::Action(Action::Play { .. })))
            .or_else(|| find(|choice| matches!(choice, Choice::Action(Action::Evolve { .. }))))
            .or_else(|| find(|choice| matches!(choice, Choice::Action(Action::Attack { .. }))))
            .or_else(|| find(|choice| matches!(choice, Choice::Action(Action::EndMainPhase))))
            .map_or_else(Vec::new, |option| vec![option]),
        Prompt::QuickWindow => find(|choice| matches!(choice, Choice::Pass))
            .map_or_else(|| vec![0], |option| vec![option]),
        _ => {
            let count = decision
                .min
                .max(1)
                .min(decision.max)
                .min(decision.choosable().len());
            (0..count).collect()
        }
    }
}

/// A prompt that asks for cards or a choice made by card text (what the
/// "prompt-choice" screenshot shows), not a turn's routine.
fn is_card_choice(prompt: &Prompt) -> bool {
    !matches!(
        prompt,
        Prompt::MainAction
            | Prompt::QuickWindow
            | Prompt::Mulligan
            | Prompt::MulliganOrder
            | Prompt::ChooseFirstPlayer
            | Prompt::EngageWardOnEnter { .. }
            | Prompt::EngageWardFollowers
    )
}

fn same_prompt(a: &Prompt, b: &Prompt) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

fn click_events(pos: Pos2) -> Vec<Event> {
    let button = |pressed| Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    };
    vec![Event::PointerMoved(pos), button(true), button(false)]
}

fn key_events(key: egui::Key) -> Vec<Event> {
    let event = |pressed| Event::Key {
        key,
        physical_key: None,
        pressed,
        repeat: false,
        modifiers: Modifiers::NONE,
    };
    vec![event(true), event(false)]
}

/// Writes `image` as an RGB PNG (the window is opaque), compressed hard
/// to keep the files small.
fn save_png(image: &ColorImage, path: &Path) -> Result<(), String> {
    use image::ImageEncoder as _;
    let [width, height] = image.size;
    let rgb: Vec<u8> = image
        .pixels
        .iter()
        .flat_map(|pixel| [pixel.r(), pixel.g(), pixel.b()])
        .collect();
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|error| format!("{}: {error}", dir.display()))?;
    }
    let file =
        std::fs::File::create(path).map_err(|error| format!("{}: {error}", path.display()))?;
    let encoder = image::codecs::png::PngEncoder::new_with_quality(
        std::io::BufWriter::new(file),
        image::codecs::png::CompressionType::Best,
        image::codecs::png::FilterType::Adaptive,
    );
    let (Ok(width), Ok(height)) = (u32::try_from(width), u32::try_from(height)) else {
        return Err("the screenshot is too large".to_owned());
    };
    encoder
        .write_image(&rgb, width, height, image::ExtendedColorType::Rgb8)
        .map_err(|error| format!("{}: {error}", path.display()))
}

/// What the tour and its plugin share.
#[derive(Default)]
struct Shared {
    /// The widgets of the last frame.
    widgets: Vec<Widget>,
    /// Events for the next frame's input.
    events: Vec<Event>,
    /// The last screenshot, until the tour saves it.
    screenshot: Option<Arc<ColorImage>>,
}

/// A labelled widget in the accessibility tree.
struct Widget {
    label: String,
    role: Role,
    rect: Rect,
}

/// Reads the accessibility tree after each frame and feeds the tour's
/// events into the next.
struct TourPlugin {
    shared: Arc<Mutex<Shared>>,
}

impl egui::Plugin for TourPlugin {
    fn debug_name(&self) -> &'static str {
        "screenshot tour"
    }

    fn input_hook(&mut self, _ctx: &Context, input: &mut RawInput) {
        let mut shared = self.shared.lock().unwrap_or_else(PoisonError::into_inner);
        input.events.append(&mut shared.events);
    }

    fn output_hook(&mut self, ctx: &Context, output: &mut FullOutput) {
        let Some(update) = &output.platform_output.accesskit_update else {
            return;
        };
        let points_per_pixel = 1.0 / ctx.pixels_per_point();
        let widgets = update
            .nodes
            .iter()
            .filter_map(|(_, node)| {
                let label = node.label().or_else(|| node.value()).unwrap_or_default();
                let bounds = node.bounds()?;
                let rect = Rect::from_min_max(
                    Pos2::new(bounds.x0 as f32, bounds.y0 as f32) * points_per_pixel,
                    Pos2::new(bounds.x1 as f32, bounds.y1 as f32) * points_per_pixel,
                );
                Some(Widget {
                    label: label.to_owned(),
                    role: node.role(),
                    rect,
                })
            })
            .collect();
        self.shared
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .widgets = widgets;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sve_engine::engine::{CardRef, Decision};

    #[test]
    fn the_pilot_plays_before_ending_the_turn_and_picks_what_it_must() {
        let main = |options: Vec<Choice>| Decision::pick_one(YOU, Prompt::MainAction, options);
        let end = Choice::Action(Action::EndMainPhase);
        let play = Choice::Action(Action::Play { card: CardRef(3) });
        assert_eq!(pilot(&main(vec![end.clone(), play])), vec![1]);
        assert_eq!(pilot(&main(vec![end])), vec![0]);
        let multi = Decision {
            player: YOU,
            prompt: Prompt::HandLimit { discard: 2 },
            options: vec![
                Choice::Card(CardRef(1)),
                Choice::Card(CardRef(2)),
                Choice::Card(CardRef(5)),
            ],
            min: 2,
            max: 2,
        };
        assert_eq!(pilot(&multi), vec![0, 1]);
        assert!(is_card_choice(&multi.prompt));
        assert!(!is_card_choice(&Prompt::MainAction));
    }

    #[test]
    fn a_screenshot_is_written_as_a_small_rgb_png() {
        let dir = std::env::temp_dir().join(format!("sve-ui-shot-{}", std::process::id()));
        let path = dir.join("shot.png");
        let image = ColorImage::filled([40, 30], egui::Color32::from_rgb(20, 120, 200));
        save_png(&image, &path).expect("written");
        let read = image::open(&path).expect("a PNG").to_rgb8();
        assert_eq!(read.dimensions(), (40, 30));
        assert_eq!(read.get_pixel(5, 5).0, [20, 120, 200]);
    }
}
