//! The strip between the two halves of the board, where the prompt or
//! the game-over panel sits. It always has the same height, whatever it
//! holds, so the board below never moves when the question changes;
//! content taller than the strip scrolls inside it.

use egui::{Align, Color32, CornerRadius, Layout, Sense, Ui, UiBuilder, vec2};

/// The strip's height, margins included: room for a two-line question,
/// a row of buttons and a notice line.
pub const STRIP_HEIGHT: f32 = 112.0;

/// The strip's inner margin.
const MARGIN: f32 = 8.0;

/// Draws a strip of the full available width and [`STRIP_HEIGHT`],
/// filled with `fill`, and `add_contents` inside it, top-down.
pub fn strip_ui(ui: &mut Ui, id_salt: &str, fill: Color32, add_contents: impl FnOnce(&mut Ui)) {
    let size = vec2(ui.available_width(), STRIP_HEIGHT);
    let (rect, _) = ui.allocate_exact_size(size, Sense::hover());
    ui.painter().rect_filled(rect, CornerRadius::same(6), fill);
    // A child that does not grow the parent: the strip keeps its size.
    let mut inner = ui.new_child(
        UiBuilder::new()
            .max_rect(rect.shrink(MARGIN))
            .layout(Layout::top_down(Align::Min)),
    );
    egui::ScrollArea::vertical()
        .id_salt(id_salt)
        .auto_shrink([false, false])
        .max_height(rect.height() - 2.0 * MARGIN)
        .show(&mut inner, add_contents);
}
