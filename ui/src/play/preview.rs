//! The large card preview: the card under the pointer (on the board, in
//! the hand, the EX area, a zone panel or the deck builder) drawn large
//! with its full text in a fixed place beside the board, and a pin that
//! keeps one card there while the pointer moves on.
//!
//! Cards report themselves as they are drawn ([`card_drawn`], called by
//! [`super::card::card_ui`]); the screen draws the preview afterwards in
//! the same pass ([`preview_area_ui`] over the match screen's side
//! panel, [`preview_ui`] in the deck builder's middle). `P` pins the
//! hovered card, or unpins; so do the board's right-click menu and the
//! preview's own button. What is hovered and pinned is purely visual
//! and lives in egui's memory, not in the match view: a pinned card
//! follows its changes (an attack buff, an evolve) because each frame
//! that draws it refreshes the pinned copy.

use super::card::{card_details_ui, paint_card_face};
use egui::{Context, Id, Rect, RichText, Ui, vec2};
use sve_engine::cards::CardDb;
use sve_engine::engine::view::CardView;

/// The width of the preview, card and text, where there is room for it.
pub const PREVIEW_WIDTH: f32 = 280.0;

/// The key that pins the hovered card, or unpins.
pub const PIN_KEY: egui::Key = egui::Key::P;

/// What the preview shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Previewed {
    /// The card, as last drawn.
    pub card: CardView,
    /// Pinned: it stays while the pointer moves elsewhere.
    pub pinned: bool,
}

/// Records that `card` was drawn this pass, `hovered` when under the
/// pointer: the preview shows it, and a pinned copy of it is refreshed.
pub fn card_drawn(ctx: &Context, card: &CardView, hovered: bool) {
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|data| {
        let memory = data.get_temp_mut_or_default::<PreviewMemory>(memory_id());
        if let Some(pinned) = &mut memory.pinned
            && same_card(pinned, card)
        {
            pinned.clone_from(card);
        }
        if hovered {
            memory.hovered = Some((card.clone(), pass));
        }
    });
}

/// The card the preview shows now: the pinned one, else the one hovered
/// in this pass.
pub fn previewed(ctx: &Context) -> Option<Previewed> {
    let pass = ctx.cumulative_pass_nr();
    ctx.data(|data| {
        let memory = data.get_temp::<PreviewMemory>(memory_id())?;
        if let Some(card) = memory.pinned {
            return Some(Previewed { card, pinned: true });
        }
        let (card, at) = memory.hovered?;
        (at == pass).then_some(Previewed {
            card,
            pinned: false,
        })
    })
}

/// Whether `card` is the pinned card.
pub fn is_pinned(ctx: &Context, card: &CardView) -> bool {
    ctx.data(|data| {
        data.get_temp::<PreviewMemory>(memory_id())
            .and_then(|memory| memory.pinned)
            .is_some_and(|pinned| same_card(&pinned, card))
    })
}

/// Pins `card`, or unpins it when it is the pinned card.
pub fn toggle_pin(ctx: &Context, card: &CardView) {
    ctx.data_mut(|data| {
        let memory = data.get_temp_mut_or_default::<PreviewMemory>(memory_id());
        memory.pinned = match &memory.pinned {
            Some(pinned) if same_card(pinned, card) => None,
            _ => Some(card.clone()),
        };
    });
}

/// Lets the pinned card go (the hot-seat cover does, so the next player
/// does not see a card of the other's hand).
pub fn unpin(ctx: &Context) {
    ctx.data_mut(|data| {
        data.get_temp_mut_or_default::<PreviewMemory>(memory_id())
            .pinned = None;
    });
}

/// `P` pins the hovered card (unpins it if it is the pinned one); with no
/// card under the pointer it unpins. Nothing happens while a text field
/// has the keyboard. Call after the cards are drawn.
pub fn pin_key_ui(ui: &Ui) {
    let ctx = ui.ctx();
    if ctx.egui_wants_keyboard_input() || !ui.input(|input| input.key_pressed(PIN_KEY)) {
        return;
    }
    let pass = ctx.cumulative_pass_nr();
    let hovered = ctx.data(|data| {
        data.get_temp::<PreviewMemory>(memory_id())
            .and_then(|memory| memory.hovered)
            .and_then(|(card, at)| (at == pass).then_some(card))
    });
    match hovered {
        Some(card) => toggle_pin(ctx, &card),
        None => unpin(ctx),
    }
}

/// The preview's contents: a heading naming the card (and whether it is
/// pinned) with the pin button, the face drawn large, then its full
/// text, `width` wide.
pub fn preview_ui(ui: &mut Ui, db: &CardDb, shown: &Previewed, width: f32) {
    let card = &shown.card;
    if !is_in(db, card) {
        // Pinned under other card data (the app unpins when the screen
        // changes; this is the last guard).
        return;
    }
    let face_def = db.get(card.evolved.unwrap_or(card.def));
    let base = db.get(card.def);
    ui.set_width(width);
    ui.horizontal(|ui| {
        let heading = if shown.pinned {
            format!("Pinned: {}", face_def.display_name())
        } else {
            format!("Preview: {}", face_def.display_name())
        };
        ui.label(RichText::new(heading).strong());
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if shown.pinned {
                let unpin = ui
                    .small_button("Unpin")
                    .on_hover_text("Let the preview follow the pointer again (P)");
                if unpin.clicked() {
                    toggle_pin(ui.ctx(), card);
                }
            } else {
                // The pointer leaves the card to reach this panel, so a
                // button here could never be clicked: the key pins.
                ui.weak("P pins");
            }
        });
    });
    if card.evolved.is_some() {
        ui.label(
            RichText::new(format!("Evolved side of {}", base.display_name()))
                .color(egui::Color32::from_rgb(250, 215, 90)),
        );
    }
    let face_width = (width - 20.0).min(200.0);
    let (rect, _) =
        ui.allocate_exact_size(vec2(face_width, face_width * 1.38), egui::Sense::hover());
    // Upright, whatever it is on the board: the preview is for reading.
    let upright = CardView {
        engaged: false,
        ..card.clone()
    };
    paint_card_face(ui, db, &upright, rect);
    ui.add_space(4.0);
    card_details_ui(ui, db, card);
}

/// The match screen's preview: over the top of `beside` (the side panel
/// next to the board), so it never covers the board. Scrolls when the
/// card's text is taller than the window.
pub fn preview_area_ui(ctx: &Context, db: &CardDb, beside: Rect) {
    let Some(shown) = previewed(ctx).filter(|shown| is_in(db, &shown.card)) else {
        return;
    };
    egui::Area::new(Id::unique("card preview"))
        .fixed_pos(beside.left_top() + vec2(4.0, 4.0))
        .order(egui::Order::Middle)
        .interactable(true)
        .show(ctx, |ui| {
            // An area's room is its size the frame before; the preview's is
            // the panel's height, whatever card was shown before.
            let height = (beside.height() - 8.0).max(120.0);
            // Inside the panel: the frame's margins and the scroll bar
            // take the rest.
            let width = (beside.width() - 36.0).clamp(120.0, PREVIEW_WIDTH);
            ui.set_max_height(height);
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("card preview scroll")
                    .max_height(height - 16.0)
                    .show(ui, |ui| preview_ui(ui, db, &shown, width));
            });
        });
}

/// The preview's state in egui's memory.
#[derive(Clone, Debug, Default)]
struct PreviewMemory {
    /// The last card under the pointer and the pass it was there in.
    hovered: Option<(CardView, u64)>,
    /// The pinned card, as last drawn.
    pinned: Option<CardView>,
}

/// Whether `db` has the card's definitions (a pin outlives nothing, but
/// a database from a server is another numbering).
fn is_in(db: &CardDb, card: &CardView) -> bool {
    let known = |def: sve_engine::engine::DefId| def.idx() < db.len();
    known(card.def) && card.evolved.is_none_or(known)
}

fn memory_id() -> Id {
    Id::unique("sve card preview")
}

/// The same card: the same object of the same printed card (an evolve or
/// a buff changes neither).
fn same_card(a: &CardView, b: &CardView) -> bool {
    a.card == b.card && a.def == b.def
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture;

    /// Runs one pass of `ctx`, doing `draw` in it.
    fn pass(ctx: &Context, mut draw: impl FnMut(&Context)) {
        ctx.run_ui(egui::RawInput::default(), |ui| draw(ui.ctx()))
            .drop_without_applying_deltas();
    }

    #[test]
    fn a_hovered_card_shows_for_its_pass_and_a_pinned_one_stays() {
        let db = fixture::db();
        let treant = fixture::card(&db, 7, "Treant");
        let goblin = fixture::card(&db, 8, "Goblin");
        let ctx = Context::default();
        let mut shown = None;
        pass(&ctx, |ctx| {
            card_drawn(ctx, &treant, true);
            card_drawn(ctx, &goblin, false);
            shown = previewed(ctx);
        });
        assert_eq!(
            shown,
            Some(Previewed {
                card: treant.clone(),
                pinned: false
            })
        );
        pass(&ctx, |ctx| shown = previewed(ctx));
        assert_eq!(shown, None, "the pointer moved on");

        // Pin the Treant; it stays, and follows what happens to it.
        pass(&ctx, |ctx| toggle_pin(ctx, &treant));
        let buffed = CardView {
            attack: 5,
            ..treant.clone()
        };
        pass(&ctx, |ctx| {
            card_drawn(ctx, &buffed, false);
            card_drawn(ctx, &goblin, true);
            shown = previewed(ctx);
        });
        assert_eq!(
            shown,
            Some(Previewed {
                card: buffed.clone(),
                pinned: true
            }),
            "the pin wins over the hover, with the card's new attack"
        );
        assert!(is_pinned(&ctx, &treant));
        assert!(!is_pinned(&ctx, &goblin));
        pass(&ctx, |ctx| toggle_pin(ctx, &treant));
        pass(&ctx, |ctx| shown = previewed(ctx));
        assert_eq!(shown, None, "unpinned");
    }

    #[test]
    fn a_card_of_other_card_data_is_not_shown() {
        let db = fixture::db();
        let mut stranger = fixture::card(&db, 1, "Treant");
        stranger.def = sve_engine::engine::DefId(u16::try_from(db.len()).unwrap_or(u16::MAX));
        assert!(!is_in(&db, &stranger));
        assert!(is_in(&db, &fixture::card(&db, 1, "Treant")));
    }
}
