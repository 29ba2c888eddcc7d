//! The whole client scaled to its window. The screens are laid out for
//! about 1600×1000 points; on a larger window (a 4K screen at a scale of
//! 1, 3840×2160) everything would keep its size and the board would sit
//! small in a corner. So the client sets egui's zoom factor from the
//! window's size: cards, text, the side panels and the hit areas all grow
//! together, and the layout is the one tested at smaller sizes.
//!
//! The zoom is set again only when the window's size changes, so the
//! player's own zoom (Ctrl + and Ctrl −) holds until the next resize.
//!
//! Below the smallest size the screens are laid out for (the desktop
//! window's minimum, 1024×700), the zoom shrinks so the whole screen still
//! fits: a web page in a small browser window or on a phone held in
//! landscape (844×390 points: zoom 0.55) shows everything, smaller.
//!
//! The zoom grows in quarter steps once the window passes the design size (a
//! 4K window at a scale of 1 is zoomed 2×); the board's card width then fits
//! the room both across and down (`play/mod.rs`). `ui/tests/large_window.rs`,
//! a test binary of its own so its 4K snapshot renders alone, checks it.

use egui::{Context, Vec2};

/// The window size, in points at zoom 1, the screens are laid out for.
const DESIGN_SIZE: Vec2 = Vec2::new(1600.0, 1000.0);
/// The smallest window size, in points at zoom 1, the screens are laid out
/// for (the desktop window's minimum size).
const MIN_SIZE: Vec2 = Vec2::new(1024.0, 700.0);
/// The smallest zoom the client sets by itself.
const MIN_ZOOM: f32 = 0.5;
/// Zoom steps below 1: a twentieth.
const SHRINK_STEPS_PER_UNIT: f32 = 20.0;
/// The largest zoom the client sets by itself.
const MAX_ZOOM: f32 = 3.0;
/// Zoom steps: a quarter, so text keeps a few crisp sizes.
const STEPS_PER_UNIT: f32 = 4.0;

/// Follows the window's size with the zoom factor.
#[derive(Debug, Default)]
pub struct UiScale {
    /// The window size (points at zoom 1) the zoom was last set for.
    seen: Option<Vec2>,
}

impl UiScale {
    /// Sets the zoom for the window's size when the size changed since
    /// the last call. Call once per frame, before drawing.
    pub fn follow(&mut self, ctx: &Context) {
        let zoom = ctx.zoom_factor();
        // The window in points at zoom 1: the same whatever the zoom.
        let size = ctx.content_rect().size() * zoom;
        let size = Vec2::new(size.x.round(), size.y.round());
        if self.seen == Some(size) {
            return;
        }
        self.seen = Some(size);
        let wanted = zoom_for(size);
        if (wanted - zoom).abs() > f32::EPSILON {
            tracing::debug!("window {size:?}: zoom {zoom} → {wanted}");
            ctx.set_zoom_factor(wanted);
        }
    }
}

/// The zoom for a window of `size` points at zoom 1: below the smallest
/// size, what fits it (in twentieths, at least [`MIN_ZOOM`]); 1 up to the
/// design size, then as many quarter steps as the narrower way allows, at
/// most [`MAX_ZOOM`].
pub fn zoom_for(size: Vec2) -> f32 {
    let fit = (size.x / DESIGN_SIZE.x).min(size.y / DESIGN_SIZE.y);
    if !fit.is_finite() || size.x <= 0.0 || size.y <= 0.0 {
        return 1.0;
    }
    let small = (size.x / MIN_SIZE.x).min(size.y / MIN_SIZE.y);
    if small < 1.0 {
        let steps = (small * SHRINK_STEPS_PER_UNIT + 1e-3).floor();
        return (steps / SHRINK_STEPS_PER_UNIT).clamp(MIN_ZOOM, 1.0);
    }
    ((fit * STEPS_PER_UNIT).floor() / STEPS_PER_UNIT).clamp(1.0, MAX_ZOOM)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_zoom_grows_in_quarter_steps_with_the_window() {
        assert_eq!(zoom_for(Vec2::new(1024.0, 700.0)), 1.0);
        assert_eq!(zoom_for(Vec2::new(1440.0, 900.0)), 1.0);
        assert_eq!(zoom_for(Vec2::new(1920.0, 1080.0)), 1.0);
        assert_eq!(zoom_for(Vec2::new(2560.0, 1440.0)), 1.25);
        assert_eq!(zoom_for(Vec2::new(3840.0, 2160.0)), 2.0);
        assert_eq!(zoom_for(Vec2::new(7680.0, 4320.0)), MAX_ZOOM);
        assert_eq!(zoom_for(Vec2::new(0.0, 0.0)), 1.0);
    }

    #[test]
    fn a_small_window_shrinks_the_zoom_until_the_screen_fits() {
        // A phone held in landscape, and a laptop's browser window.
        assert_eq!(zoom_for(Vec2::new(844.0, 390.0)), 0.55);
        assert_eq!(zoom_for(Vec2::new(1366.0, 650.0)), 0.9);
        assert_eq!(zoom_for(Vec2::new(1024.0, 700.0)), 1.0);
        assert_eq!(zoom_for(Vec2::new(300.0, 200.0)), MIN_ZOOM);
    }
}
