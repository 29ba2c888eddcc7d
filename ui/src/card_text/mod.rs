//! Card text for players: the community's markup (`[fanfare]`,
//! `[evolve][cost02]`, `[act][engage]`, ...) drawn as rich text with
//! badges and no brackets, and a reminder for every keyword.
//!
//! - `markup.rs`: the text split into plain runs and tags; untrusted text
//!   is capped and cleaned, malformed brackets never panic.
//! - `glossary.rs`: the player's words for keywords, tags and triggers,
//!   with their reminder texts: keywords' and triggers' from their
//!   `sve-vocab` lines, the card pool's declared keywords' from their
//!   declarations (`glossary::keyword_entries`, the one place a card's
//!   keywords become words and badges), the other tags' (markers) its own.
//! - `layout.rs`: the rich text ([`layout`]) and which reminder is under
//!   the pointer.
//! - `abilities.rs`: an ability definition's kind, timing and costs in
//!   words, for the inspector.
//!
//! Every screen that shows card text goes through here: card faces and
//! their hover (`play/card.rs`), the inspector and the deck builder's
//! preview.

pub mod abilities;
pub mod glossary;
mod layout;
mod markup;

pub use layout::{Reminder, RichCardText, TextStyle, layout, layout_in, plain_words};
pub use markup::MAX_CHARS;

use egui::{Pos2, Rect, Response, RichText, Sense, Ui};
use sve_engine::cards::{CardDb, Keywords};

/// Card text as a wrapped rich-text label in `ui`, at the body font size,
/// `db`'s declared keywords known. Hovering a badge or keyword shows its
/// reminder.
pub fn card_text_ui(ui: &mut Ui, db: &CardDb, text: &str) -> Response {
    let size = egui::TextStyle::Body.resolve(ui.style()).size;
    let style = TextStyle::new(size, ui.visuals().text_color(), ui.available_width());
    let rich = layout_in(text, &style, db.declared_keywords());
    let galley = ui.painter().layout_job(rich.job.clone());
    let (rect, response) = ui.allocate_exact_size(galley.size(), Sense::hover());
    let plain = rich.text().replace(['\u{a0}', '\u{200a}'], " ");
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &plain));
    let hovered = response
        .hover_pos()
        .and_then(|pointer| rich.reminder_at(&galley, pointer - rect.min))
        .cloned();
    ui.painter()
        .galley(rect.min, galley, ui.visuals().text_color());
    match hovered {
        Some(reminder) => response.on_hover_ui_at_pointer(|ui| reminder_ui(ui, &reminder)),
        None => response,
    }
}

/// Card text painted into `rect` (a card face), cut to the rows that fit,
/// `db`'s declared keywords known. Returns the reminder under `pointer`,
/// if any.
pub fn paint_card_text(
    ui: &Ui,
    db: &CardDb,
    rect: Rect,
    text: &str,
    size: f32,
    pointer: Option<Pos2>,
) -> Option<Reminder> {
    if rect.height() < size || rect.width() < size * 2.0 {
        return None;
    }
    let row_height = ui.fonts_mut(|fonts| fonts.row_height(&egui::FontId::proportional(size)));
    // Truncation keeps whole rows; at least one.
    let rows = ((rect.height() / row_height.max(1.0)).floor() as usize).max(1);
    let mut style = TextStyle::new(size, egui::Color32::from_gray(210), rect.width());
    style.max_rows = rows;
    let rich = layout_in(text, &style, db.declared_keywords());
    let galley = ui.painter().layout_job(rich.job.clone());
    let hovered = pointer
        .filter(|pointer| rect.contains(*pointer))
        .and_then(|pointer| rich.reminder_at(&galley, pointer - rect.min))
        .cloned();
    ui.painter().galley(rect.min, galley, egui::Color32::WHITE);
    hovered
}

/// A reminder: its word, then what it does.
pub fn reminder_ui(ui: &mut Ui, reminder: &Reminder) {
    ui.set_max_width(280.0);
    ui.strong(&reminder.title);
    ui.label(&reminder.text);
}

/// Every reminder in a list, each as "Word: what it does".
pub fn reminders_ui(ui: &mut Ui, reminders: &[Reminder]) {
    for reminder in reminders {
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = 0.0;
            ui.label(RichText::new(format!("{}: ", reminder.title)).strong());
            ui.label(RichText::new(&reminder.text).weak());
        });
    }
}

/// The reminders of a card: its keywords' first (player words, built-in
/// ones in the vocabulary's order, then those the card pool declares, as
/// `db` words them), then those of the tags and keywords in its text, each
/// once.
pub fn card_reminders(db: &CardDb, keywords: Keywords, text: &str) -> Vec<Reminder> {
    let mut out: Vec<Reminder> = glossary::keyword_entries(db, keywords)
        .map(|entry| entry.to_reminder())
        .collect();
    let rich = layout_in(
        text,
        &TextStyle::new(12.0, egui::Color32::WHITE, f32::INFINITY),
        db.declared_keywords(),
    );
    for reminder in rich.reminders() {
        if !out.iter().any(|r| r.title == reminder.title) {
            out.push(reminder.clone());
        }
    }
    out
}
