//! The Arena screen: a deck against a gauntlet of decks, played by bots
//! of one level on a background thread (`sve_packs::arena`), with progress
//! and the results as a heatmap and one bar per matchup with its 95%
//! interval.

use crate::catalog::Catalog;
use crate::deck_choice::{DeckChoice, StarterTitles};
use egui::{Color32, RichText, Sense, Ui, vec2};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use sve_engine::bot::BotKind;
use sve_engine::decks::STARTER_DECKS;
use sve_packs::arena::{self, ArenaOptions, ArenaReport, Entrant, Matchup};

/// What the screen asks the app for.
#[derive(Debug, PartialEq, Eq)]
pub enum ArenaRequest {
    /// Keep showing it.
    Stay,
    /// Back to the start screen.
    Back,
}

/// The Arena screen's choices and its run.
#[derive(Debug)]
pub struct ArenaScreen {
    deck: DeckChoice,
    titles: StarterTitles,
    /// Starter decks and whether each is in the gauntlet.
    gauntlet: Vec<(String, bool)>,
    bot: BotKind,
    games: u32,
    problems: Vec<String>,
    run: Option<ArenaRun>,
}

/// A run on its thread: progress, the stop flag and, at the end, the report.
#[derive(Debug)]
struct ArenaRun {
    done: Arc<AtomicU32>,
    total: u32,
    stop: Arc<AtomicBool>,
    report: Arc<Mutex<Option<ArenaReport>>>,
    /// The matchups' names, your deck first: the heatmap's order.
    names: Vec<String>,
}

impl Default for ArenaScreen {
    fn default() -> ArenaScreen {
        ArenaScreen {
            deck: DeckChoice::starter("SD01"),
            titles: StarterTitles::default(),
            gauntlet: STARTER_DECKS
                .iter()
                .map(|(name, _)| ((*name).to_owned(), *name != "SD01"))
                .collect(),
            bot: BotKind::Greedy,
            games: 20,
            problems: Vec::new(),
            run: None,
        }
    }
}

impl ArenaScreen {
    /// Draws the screen.
    pub fn ui(&mut self, ui: &mut Ui, catalog: &Catalog) -> ArenaRequest {
        let mut request = ArenaRequest::Stay;
        egui::Panel::top("arena bar").show(ui, |ui| {
            ui.horizontal(|ui| {
                if ui.button("Back").clicked() {
                    request = ArenaRequest::Back;
                }
                ui.separator();
                ui.heading("Arena");
            });
        });
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                self.settings_ui(ui, catalog);
                ui.add_space(12.0);
                self.run_ui(ui);
            });
        });
        request
    }

    fn settings_ui(&mut self, ui: &mut Ui, catalog: &Catalog) {
        let running = self.is_running();
        ui.add_enabled_ui(!running, |ui| {
            egui::Grid::new("arena settings")
                .num_columns(2)
                .spacing([12.0, 8.0])
                .show(ui, |ui| {
                    ui.label("Your deck");
                    self.deck.ui(ui, "arena deck", "Your deck", &self.titles);
                    ui.end_row();
                    ui.label("Against");
                    ui.horizontal_wrapped(|ui| {
                        for (name, on) in &mut self.gauntlet {
                            ui.checkbox(on, name.as_str())
                                .on_hover_text(self.titles.text(name));
                        }
                    });
                    ui.end_row();
                    ui.label("Bots");
                    crate::bot_choice::bot_level_radios(ui, &mut self.bot);
                    ui.end_row();
                    let games = ui.label("Games per matchup");
                    ui.add(egui::Slider::new(&mut self.games, 2..=400).step_by(2.0))
                        .labelled_by(games.id);
                    ui.end_row();
                });
            if ui.button("Start arena").clicked() {
                self.start(ui.ctx(), catalog);
            }
        });
        for problem in &self.problems {
            ui.colored_label(Color32::from_rgb(200, 60, 60), problem);
        }
    }

    /// Whether a run is still playing.
    pub fn is_running(&self) -> bool {
        self.run
            .as_ref()
            .is_some_and(|run| run.report.lock().map(|r| r.is_none()).unwrap_or(false))
    }

    /// The finished run's report, if any.
    pub fn report(&self) -> Option<ArenaReport> {
        let run = self.run.as_ref()?;
        run.report.lock().ok()?.clone()
    }

    fn start(&mut self, ctx: &egui::Context, catalog: &Catalog) {
        self.problems.clear();
        let db = catalog.db();
        let mine = match crate::start::load_checked(&self.deck.arg(), &db) {
            Ok(deck) => deck,
            Err(problems) => {
                self.problems = problems;
                return;
            }
        };
        let mine_name = format!("{} (yours)", mine.source);
        let mut matchups = Vec::new();
        for (name, _) in self.gauntlet.iter().filter(|(_, on)| *on) {
            match crate::start::load_checked(name, &db) {
                Ok(theirs) => matchups.push(Matchup {
                    a: Entrant {
                        name: mine_name.clone(),
                        bot: self.bot,
                        deck: mine.list.clone(),
                    },
                    b: Entrant {
                        name: name.clone(),
                        bot: self.bot,
                        deck: theirs.list,
                    },
                    games: self.games,
                    decks_stay_with_seats: false,
                }),
                Err(problems) => self.problems.extend(problems),
            }
        }
        if matchups.is_empty() {
            self.problems
                .push("Tick at least one deck to play against.".to_owned());
            return;
        }
        let run = ArenaRun {
            done: Arc::default(),
            total: matchups.iter().map(|m| m.games.div_ceil(2) * 2).sum(),
            stop: Arc::default(),
            report: Arc::default(),
            names: std::iter::once(mine_name)
                .chain(matchups.iter().map(|m| m.b.name.clone()))
                .collect(),
        };
        let (done, stop, report) = (
            Arc::clone(&run.done),
            Arc::clone(&run.stop),
            Arc::clone(&run.report),
        );
        let runners = catalog.runner_factory();
        let ctx = ctx.clone();
        let threads = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
        std::thread::spawn(move || {
            let options = ArenaOptions {
                seed: 1,
                threads,
                turn_cap: 200,
            };
            let result = arena::run(&db, runners.as_ref(), &matchups, options, |n, _| {
                done.store(n, Ordering::Relaxed);
                ctx.request_repaint();
                !stop.load(Ordering::Relaxed)
            });
            if let Ok(mut slot) = report.lock() {
                *slot = Some(result);
            }
            ctx.request_repaint();
        });
        self.run = Some(run);
    }

    fn run_ui(&mut self, ui: &mut Ui) {
        let Some(run) = &self.run else {
            ui.label("Bots of the chosen level play your deck against each deck you tick, seats alternating.");
            return;
        };
        let report = run.report.lock().ok().and_then(|r| r.clone());
        let Some(report) = report else {
            let done = run.done.load(Ordering::Relaxed);
            ui.add(
                egui::ProgressBar::new(done as f32 / run.total.max(1) as f32)
                    .text(format!("{done} of {} games", run.total)),
            );
            if ui.button("Stop").clicked() {
                run.stop.store(true, Ordering::Relaxed);
            }
            return;
        };
        ui.label(
            RichText::new(format!("{} games in {:.1} s", report.games, report.seconds)).strong(),
        );
        ui.add_space(8.0);
        for pair in &report.pairs {
            matchup_bar(ui, pair);
        }
        ui.add_space(12.0);
        ui.label(RichText::new("Score rates, row against column").strong());
        heatmap(ui, &report, &run.names);
    }
}

/// One matchup: "SD01 (yours) against SD02", a bar to its score rate, the
/// 95% interval as a whisker, and the 50% line.
fn matchup_bar(ui: &mut Ui, pair: &arena::MatchupResult) {
    let text = format!(
        "{} against {}: {:.1}% (95% interval {:.1}–{:.1}%), {} won, {} lost, {} drawn",
        pair.a,
        pair.b,
        pair.a_rate * 100.0,
        pair.a_ci95[0] * 100.0,
        pair.a_ci95[1] * 100.0,
        pair.a_wins,
        pair.b_wins,
        pair.draws
    );
    ui.label(&text);
    let (rect, _) =
        ui.allocate_exact_size(vec2(ui.available_width().min(480.0), 14.0), Sense::hover());
    let painter = ui.painter_at(rect);
    let x = |rate: f64| rect.left() + rect.width() * rate.clamp(0.0, 1.0) as f32;
    painter.rect_filled(rect, 2.0, Color32::from_gray(60));
    let filled = egui::Rect::from_min_max(rect.min, egui::pos2(x(pair.a_rate), rect.max.y));
    painter.rect_filled(filled, 2.0, rate_colour(pair.a_rate));
    let stroke = egui::Stroke::new(2.0, Color32::WHITE);
    let mid = rect.center().y;
    painter.line_segment(
        [
            egui::pos2(x(pair.a_ci95[0]), mid),
            egui::pos2(x(pair.a_ci95[1]), mid),
        ],
        stroke,
    );
    for bound in pair.a_ci95 {
        painter.line_segment(
            [
                egui::pos2(x(bound), rect.top() + 2.0),
                egui::pos2(x(bound), rect.bottom() - 2.0),
            ],
            stroke,
        );
    }
    painter.line_segment(
        [
            egui::pos2(x(0.5), rect.top()),
            egui::pos2(x(0.5), rect.bottom()),
        ],
        egui::Stroke::new(1.0, Color32::from_gray(200)),
    );
    ui.add_space(4.0);
}

/// A grid of score rates between the named entrants, coloured from red
/// (0%) through grey (50%) to green (100%); "–" where two never met.
fn heatmap(ui: &mut Ui, report: &ArenaReport, names: &[String]) {
    egui::Grid::new("arena heatmap")
        .spacing([2.0, 2.0])
        .show(ui, |ui| {
            ui.label("");
            for column in names {
                ui.label(RichText::new(column).small());
            }
            ui.end_row();
            for row in names {
                ui.label(RichText::new(row).small());
                for column in names {
                    let rate = (row != column).then(|| report.rate(row, column)).flatten();
                    let (text, fill) = match rate {
                        Some(rate) => (format!("{:.0}%", rate * 100.0), rate_colour(rate)),
                        None => ("–".to_owned(), Color32::from_gray(40)),
                    };
                    egui::Frame::new()
                        .fill(fill)
                        .inner_margin(egui::Margin::symmetric(6, 2))
                        .show(ui, |ui| {
                            ui.label(RichText::new(text).color(Color32::WHITE));
                        });
                }
                ui.end_row();
            }
        });
}

/// Red for 0, grey for 0.5, green for 1.
fn rate_colour(rate: f64) -> Color32 {
    let t = rate.clamp(0.0, 1.0) as f32;
    let lerp = |a: u8, b: u8, t: f32| (f32::from(a) + (f32::from(b) - f32::from(a)) * t) as u8;
    if t < 0.5 {
        let t = t * 2.0;
        Color32::from_rgb(lerp(180, 90, t), lerp(50, 90, t), lerp(50, 90, t))
    } else {
        let t = (t - 0.5) * 2.0;
        Color32::from_rgb(lerp(90, 50, t), lerp(90, 150, t), lerp(90, 60, t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_run_from_red_through_grey_to_green() {
        let red = rate_colour(0.0);
        let grey = rate_colour(0.5);
        let green = rate_colour(1.0);
        assert!(red.r() > red.g());
        assert_eq!((grey.r(), grey.g(), grey.b()), (90, 90, 90));
        assert!(green.g() > green.r());
    }
}
