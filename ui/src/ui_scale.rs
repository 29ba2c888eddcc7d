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
//! The zoom grows in quarter steps once the window passes the design size (a
//! 4K window at a scale of 1 is zoomed 2×); the board's card width then fits
//! the room both across and down (`play/mod.rs`). `ui/tests/large_window.rs`,
//! a test binary of its own so its 4K snapshot renders alone, checks it.

use egui::{Context, Vec2};

/// The window size, in points at zoom 1, the screens are laid out for.
const DESIGN_SIZE: Vec2 = Vec2::new(1600.0, 1000.0);
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

/// The zoom for a window of `size` points at zoom 1: 1 up to the design
/// size, then as many quarter steps as the narrower way allows, at most
/// [`MAX_ZOOM`].
pub fn zoom_for(size: Vec2) -> f32 {
    let fit = (size.x / DESIGN_SIZE.x).min(size.y / DESIGN_SIZE.y);
    if !fit.is_finite() {
        return 1.0;
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
}
