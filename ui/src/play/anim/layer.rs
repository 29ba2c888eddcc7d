//! [`AnimLayer`]: the match screen's animations. It queues the events of
//! each snapshot as it arrives, skips on Esc or a click, and draws what
//! plays over the board after the board is drawn.

use super::beat::AnimKind;
use super::draw::{self, Places};
use super::queue::AnimQueue;
use super::script::beats_of;
use super::speed::AnimSpeed;
use super::spots::{self, SeenCards};
use crate::match_view::MatchView;
use crate::session::{Delta, PaceClock, ScreenPace, ShownEvent};
use egui::{Id, Key, LayerId, Modifiers, Order, Rect, Ui, UiBuilder, vec2};
use sve_engine::engine::PlayerId;

/// The longest the screen holds the match after taking a snapshot in, in
/// seconds of its clock: a screen that asks more (a bug, a huge backlog)
/// can't stall it.
pub const MAX_HOLD: f64 = 10.0;

/// The hover text of the Skip button.
pub const SKIP_HINT: &str = "Skip the animations (Esc, or a click anywhere).";

/// The animations of one match screen.
#[derive(Debug, Default)]
pub struct AnimLayer {
    queue: AnimQueue,
    seen: SeenCards,
    /// What the match was last told of the pace (`None`: nothing yet).
    told: Option<ScreenPace>,
    /// The newest snapshot generation taken in, and when: the hold it
    /// makes ends by [`MAX_HOLD`] later.
    taken: Option<(u64, f64)>,
}

impl AnimLayer {
    /// Queues the animations of a snapshot's new events. `me` is the seat
    /// played at this screen (its own plays are not shown large). A list
    /// that was replaced (undo, an online resync) is not played back: the
    /// board simply shows the match as it is.
    pub fn take_events(
        &mut self,
        events: &Delta<ShownEvent>,
        me: Option<PlayerId>,
        now: f64,
        speed: AnimSpeed,
    ) {
        if events.reset || speed == AnimSpeed::Off {
            self.queue.skip(now);
            return;
        }
        let beats = beats_of(events.items.iter().map(|shown| &shown.event), me);
        self.queue.schedule(beats, now, speed);
    }

    /// What to tell a local match of the pace at `now`: the newest
    /// snapshot taken in (`generation`) and whether what it and the ones
    /// before it moved has played out, or that animations are off. While
    /// it plays the word comes every frame (the screen is alive); after,
    /// only when it changes. The match holds its bots and replay steps by
    /// it, so the board and its animations stay in step.
    pub fn pace_word(
        &mut self,
        generation: u64,
        now: f64,
        speed: AnimSpeed,
        clock: PaceClock,
    ) -> Option<ScreenPace> {
        let word = if speed == AnimSpeed::Off {
            ScreenPace::Off
        } else {
            ScreenPace::Playing {
                generation,
                done: !self.holds(generation, now),
                clock,
            }
        };
        let playing = matches!(word, ScreenPace::Playing { done: false, .. });
        if !playing && self.told == Some(word) {
            return None;
        }
        self.told = Some(word);
        Some(word)
    }

    /// Whether the match should still wait at `now` for the animations of
    /// the snapshots up to `generation`: until they played, and no longer
    /// than [`MAX_HOLD`] after the snapshot was taken in.
    fn holds(&mut self, generation: u64, now: f64) -> bool {
        let taken_at = match self.taken {
            Some((taken, at)) if taken == generation => at,
            _ => {
                self.taken = Some((generation, now));
                now
            }
        };
        now < self.queue.done_at().min(taken_at + MAX_HOLD)
    }

    /// The last word [`AnimLayer::pace_word`] gave (for tests and tools:
    /// what the match was told).
    pub fn last_word(&self) -> Option<ScreenPace> {
        self.told
    }

    /// The animations playing at `now` (for tests and tools).
    pub fn playing(&self, now: f64) -> Vec<AnimKind> {
        self.queue.playing(now).map(|it| it.kind.clone()).collect()
    }

    /// When what is queued has played: the moment a new batch would
    /// start (for tests and tools).
    pub fn done_at(&self) -> f64 {
        self.queue.done_at()
    }

    /// Whether anything plays or waits at `now`.
    pub fn is_busy(&self, now: f64) -> bool {
        self.queue.is_busy(now)
    }

    /// Drops every animation.
    pub fn skip(&mut self, now: f64) {
        self.queue.skip(now);
    }

    /// While animations play, Esc or a press anywhere skips them. Call it
    /// before the board's shortcuts: Esc that skips does not also cancel
    /// the selection. A click still does what it does besides.
    pub fn skip_input_ui(&mut self, ui: &Ui, now: f64) {
        if !self.queue.is_busy(now) {
            return;
        }
        let escape = ui.input_mut(|input| input.consume_key(Modifiers::NONE, Key::Escape));
        let pressed = ui.input(|input| input.pointer.any_pressed());
        if escape || pressed {
            self.queue.skip(now);
        }
    }

    /// Draws what plays at `now` over the board, whose visible area is
    /// `board`; call it after the board is drawn (it reads the places the
    /// board recorded this frame).
    pub fn ui(&mut self, ui: &mut Ui, view: &MatchView, board: Rect, now: f64) {
        let frame = spots::frame_spots(ui);
        self.seen.remember(&frame);
        if !self.queue.is_busy(now) {
            return;
        }
        // Each frame moves the animations on.
        ui.ctx().request_repaint();
        let layer = LayerId::new(Order::Foreground, Id::unique("sve animations"));
        let mut over = ui.new_child(UiBuilder::new().layer_id(layer).max_rect(board));
        over.set_clip_rect(board);
        let places = Places {
            frame: &frame,
            seen: &self.seen,
            board,
        };
        for playing in self.queue.playing(now) {
            match playing.kind {
                AnimKind::ShowPlayed { .. } => draw::played_ui(&over, &places, view, playing),
                _ => draw::paint(&mut over, &places, view, playing),
            }
        }
        let mut skip = false;
        egui::Area::new(Id::unique("sve skip animations"))
            .order(Order::Foreground)
            .fixed_pos(board.right_bottom() - vec2(90.0, 40.0))
            .show(ui.ctx(), |ui| {
                skip = ui.button("Skip").on_hover_text(SKIP_HINT).clicked();
            });
        if skip {
            self.queue.skip(now);
        }
    }
}

/// The animation speed menu ("Animations: Normal"); returns the speed
/// picked this frame, if one was.
pub fn speed_menu_ui(ui: &mut Ui, speed: &mut AnimSpeed) -> Option<AnimSpeed> {
    let before = *speed;
    egui::ComboBox::from_label("Animations")
        .selected_text(speed.name())
        .show_ui(ui, |ui| {
            for choice in AnimSpeed::ALL {
                ui.selectable_value(speed, choice, choice.name());
            }
        })
        .response
        .on_hover_text("How fast the board plays out what happens; Off shows changes at once.");
    (*speed != before).then_some(*speed)
}
