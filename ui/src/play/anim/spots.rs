//! Where things are on screen this frame, for the drawing layer: the board
//! records each card's rectangle (with the card as drawn) and the places
//! of leaders, hands, decks and zones while it draws, then the animations
//! read them. Cards that left keep their last place and look
//! ([`SeenCards`]), so a destroyed card fades where it stood.
//!
//! Recording goes through egui's frame-local memory, as the attack drop
//! targets do, so the board's drawing functions need no extra parameter.

use super::beat::Spot;
use egui::{Id, Rect, Ui, Vec2};
use std::collections::HashMap;
use sve_engine::engine::CardRef;
use sve_engine::engine::view::CardView;

/// The places recorded in one frame.
#[derive(Clone, Debug, Default)]
pub struct FrameSpots {
    /// Leaders, hands, decks, zones and the stage.
    pub places: HashMap<Spot, Rect>,
    /// Cards drawn on the board, with how they were drawn.
    pub cards: HashMap<CardRef, (Rect, CardView)>,
    /// The size of a field card this frame.
    pub card_size: Vec2,
}

/// Where each card was last drawn, and how: kept across frames for the
/// cards that have since left the board.
#[derive(Clone, Debug, Default)]
pub struct SeenCards {
    cards: HashMap<CardRef, (Rect, CardView)>,
}

impl SeenCards {
    /// Takes in this frame's cards (a card drawn again moves to its new
    /// place).
    pub fn remember(&mut self, frame: &FrameSpots) {
        for (card, seen) in &frame.cards {
            self.cards.insert(*card, seen.clone());
        }
    }

    /// Where `card` was last drawn, and how.
    pub fn get(&self, card: CardRef) -> Option<&(Rect, CardView)> {
        self.cards.get(&card)
    }
}

fn spots_id() -> Id {
    Id::unique("sve animation spots")
}

/// Starts a frame's record: nothing is placed yet; cards are `card_size`.
pub fn begin_frame(ui: &Ui, card_size: Vec2) {
    ui.ctx().data_mut(|data| {
        data.insert_temp(
            spots_id(),
            FrameSpots {
                card_size,
                ..FrameSpots::default()
            },
        );
    });
}

/// Records where a place is drawn this frame.
pub fn record_place(ui: &Ui, spot: Spot, rect: Rect) {
    ui.ctx().data_mut(|data| {
        data.get_temp_mut_or_default::<FrameSpots>(spots_id())
            .places
            .insert(spot, rect);
    });
}

/// Records where a card is drawn this frame, and how.
pub fn record_card(ui: &Ui, card: &CardView, rect: Rect) {
    ui.ctx().data_mut(|data| {
        data.get_temp_mut_or_default::<FrameSpots>(spots_id())
            .cards
            .insert(card.card, (rect, card.clone()));
    });
}

/// This frame's record.
pub fn frame_spots(ui: &Ui) -> FrameSpots {
    ui.ctx()
        .data(|data| data.get_temp::<FrameSpots>(spots_id()))
        .unwrap_or_default()
}
