//! `sve-ui --bench-frames N`: the client measures its own frame time with
//! animations running. It opens straight into a bot-vs-bot match (two
//! random bots, SD01 against SD02, seed 7, the default bot pace and
//! animations at Normal), asks for a frame after every frame, records
//! eframe's CPU time of each frame for `N` frames, prints the quantiles
//! and how full egui's glyph atlas ended on standard output and closes
//! the window. Run it on a machine without
//! a screen under `xvfb-run`.
//!
//! eframe's figure is the CPU time of the frame before (the UI, layout
//! and tessellation; not the wait for the display), so each frame is
//! counted with whether animations played in the frame it measures.
//!
//! egui clears its glyph atlas, and lays out all text again, once the atlas
//! is more than 80% full. A card an animation grows or turns draws its text
//! at stepped sizes (`play::card::stepped_scale`), so it asks for a few sizes
//! rather than one per frame; the figure printed at the end shows how full
//! the atlas got.

use crate::app::{App, Screen};
use crate::catalog::Catalog;
use crate::config::{MatchConfig, Seat};
use crate::play::anim::AnimSpeed;
use std::time::Duration;
use sve_engine::bot::BotKind;

/// The client measuring its frames.
#[derive(Debug)]
pub struct FrameBench {
    app: App,
    frames: usize,
    /// Each measured frame: milliseconds, and whether animations played.
    times: Vec<(f32, bool)>,
    started: bool,
    /// Whether animations played in the last frame drawn.
    last_animated: bool,
    /// The figures were printed.
    reported: bool,
}

impl FrameBench {
    /// A bench of `frames` frames over the cards of `catalog`.
    pub fn new(catalog: Catalog, frames: usize) -> FrameBench {
        let app = App::new(
            catalog,
            crate::AppOptions {
                anim_speed: AnimSpeed::Normal,
                ..crate::AppOptions::default()
            },
        );
        FrameBench {
            app,
            frames,
            times: Vec::with_capacity(frames),
            started: false,
            last_animated: false,
            reported: false,
        }
    }

    /// The match the bench watches.
    fn config(&self) -> Result<MatchConfig, String> {
        let db = self.app.catalog().db();
        let deck = |name: &str| {
            crate::start::load_checked(name, &db).map_err(|problems| problems.join("; "))
        };
        Ok(MatchConfig {
            seats: [Seat::Bot(BotKind::Random); 2],
            decks: [deck("SD01")?, deck("SD02")?],
            seed: 7,
            bot_delay: Duration::from_millis(350),
            replay: None,
            opening: Vec::new(),
            turn_start: None,
        })
    }

    /// Whether animations play now.
    fn animating(&self, now: f64) -> bool {
        match self.app.screen() {
            Screen::Match(screen) => screen.animations().is_busy(now),
            _ => false,
        }
    }
}

impl eframe::App for FrameBench {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        if !self.started {
            self.started = true;
            match self.config() {
                Ok(config) => self.app.play(config, ui.ctx()),
                Err(problem) => {
                    eprintln!("bench: {problem}");
                    ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
                    return;
                }
            }
        } else if let Some(seconds) = frame.info().cpu_usage {
            self.times.push((seconds * 1000.0, self.last_animated));
        }
        self.app.ui(ui);
        self.last_animated = self.animating(ui.input(|input| input.time));
        if self.reported {
            // A frame may still come before the window closes.
            return;
        }
        if self.times.len() >= self.frames {
            self.reported = true;
            println!("{}", summary(&self.times));
            // egui clears its glyph atlas, and lays out every text again,
            // when the atlas passes 80% full: text at ever new sizes fills it.
            let fill = ui.ctx().fonts(|fonts| fonts.font_atlas_fill_ratio());
            println!("font atlas at the end: {:.1}% full", fill * 100.0);
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            return;
        }
        ui.ctx().request_repaint();
    }
}

/// The quantiles of the measured frames, all and animated alone.
pub fn summary(times: &[(f32, bool)]) -> String {
    let all: Vec<f32> = times.iter().map(|(ms, _)| *ms).collect();
    let animated: Vec<f32> = times
        .iter()
        .filter(|(_, animated)| *animated)
        .map(|(ms, _)| *ms)
        .collect();
    format!(
        "frame CPU time, all frames: {}\nframe CPU time, frames with animations playing: {}",
        quantiles(all),
        quantiles(animated)
    )
}

/// "p50 1.2 ms, p95 3.4 ms, max 5.0 ms over 600 frames".
fn quantiles(mut millis: Vec<f32>) -> String {
    millis.sort_by(f32::total_cmp);
    let at = |fraction: f32| {
        let last = millis.len().saturating_sub(1);
        millis
            .get(((last as f32) * fraction).round() as usize)
            .copied()
    };
    match (at(0.5), at(0.95), at(1.0)) {
        (Some(p50), Some(p95), Some(max)) => format!(
            "p50 {p50:.2} ms, p95 {p95:.2} ms, max {max:.2} ms over {} frames",
            millis.len()
        ),
        _ => "no frames".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_splits_animated_frames() {
        let times: Vec<(f32, bool)> = (1..=100).map(|ms| (ms as f32, ms > 50)).collect();
        assert_eq!(
            summary(&times),
            "frame CPU time, all frames: p50 51.00 ms, p95 95.00 ms, max 100.00 ms over 100 frames\n\
             frame CPU time, frames with animations playing: p50 76.00 ms, p95 98.00 ms, max 100.00 ms over 50 frames"
        );
        assert_eq!(quantiles(Vec::new()), "no frames");
    }
}
