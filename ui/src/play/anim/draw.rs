//! The drawing layer over the animation model: each playing
//! [`AnimKind`] painted on a foreground layer over the board, placed by
//! the frame's [`FrameSpots`] (a card's last place when it has left). It
//! paints only; the one widget is the played card's caption, so tests and
//! screen readers can find it. Nothing here is clicked: a click goes
//! through to the board.

use super::beat::{AnimKind, Spot};
use super::queue::Playing;
use super::spots::{FrameSpots, SeenCards};
use crate::match_view::MatchView;
use crate::play::card::{paint_card_back, paint_moving_card_face};
use egui::emath::easing;
use egui::{
    Align2, Color32, CornerRadius, FontId, Id, Order, Pos2, Rect, RichText, Stroke, StrokeKind, Ui,
    UiBuilder, Vec2, vec2,
};
use sve_engine::cards::CardDb;
use sve_engine::engine::view::CardView;
use sve_engine::engine::{CardRef, DefId};

/// The caption over a card another player played: "P2 (greedy bot)
/// plays Goblin".
pub fn played_caption(
    view: &MatchView,
    player: sve_engine::engine::PlayerId,
    def: DefId,
) -> String {
    format!(
        "{} plays {}",
        view.seat_name(player),
        view.db.get(def).display_name()
    )
}

/// Where things are for this frame's animations.
pub struct Places<'a> {
    /// This frame's record.
    pub frame: &'a FrameSpots,
    /// Cards' last places.
    pub seen: &'a SeenCards,
    /// The board's visible area.
    pub board: Rect,
}

impl Places<'_> {
    /// A card's rectangle and look, now or when last drawn.
    fn card(&self, card: CardRef) -> Option<&(Rect, CardView)> {
        self.frame.cards.get(&card).or_else(|| self.seen.get(card))
    }

    /// Where the large played card stands: the middle of the board.
    fn stage(&self) -> Rect {
        let height = (self.board.height() * 0.5).clamp(180.0, 360.0);
        Rect::from_center_size(self.board.center(), vec2(height / 1.38, height))
    }

    /// A card-sized rectangle at `spot`.
    fn rect(&self, spot: Spot) -> Option<Rect> {
        match spot {
            Spot::Card(card) => self.card(card).map(|(rect, _)| *rect),
            Spot::Stage => Some(self.stage()),
            Spot::Leader(_)
            | Spot::Hand(_)
            | Spot::Deck(_)
            | Spot::Cemetery(_)
            | Spot::Banished(_) => {
                let place = self.frame.places.get(&spot)?;
                Some(Rect::from_center_size(place.center(), self.frame.card_size))
            }
        }
    }
}

/// Paints one playing animation.
pub fn paint(ui: &mut Ui, places: &Places<'_>, view: &MatchView, playing: Playing<'_>) {
    let t = playing.progress;
    match playing.kind {
        AnimKind::Move {
            card,
            def,
            from,
            to,
        } => {
            let (Some(from), Some(to)) = (places.rect(*from), places.rect(*to)) else {
                return;
            };
            let eased = easing::cubic_in_out(t);
            let rect = lerp_rect(from, to, eased);
            // Fades into the card drawn where it lands.
            let alpha = 1.0 - easing::cubic_in(((t - 0.7) / 0.3).clamp(0.0, 1.0));
            let face = def.map(|def| face_of(places, &view.db, *card, def));
            paint_ghost(ui, &view.db, face.as_ref(), rect, alpha);
        }
        AnimKind::ShowPlayed { .. } => {
            // A widget with a caption: `played_ui`.
        }
        AnimKind::Lunge { attacker, target } => {
            let (Some((from, face)), Some(to)) = (places.card(*attacker), places.rect(*target))
            else {
                return;
            };
            // Out fast, back slower.
            let reach = if t < 0.4 {
                easing::cubic_out(t / 0.4)
            } else {
                1.0 - easing::cubic_in_out((t - 0.4) / 0.6)
            };
            let offset = (to.center() - from.center()) * 0.6 * reach;
            cover(ui, *from);
            let moved = from.translate(offset);
            ui.painter().rect_filled(
                moved.translate(vec2(4.0, 6.0)),
                CornerRadius::same(6),
                Color32::from_black_alpha(90),
            );
            paint_moving_card_face(ui, &view.db, face, moved);
        }
        AnimKind::Change { at, amount } => {
            let Some(rect) = places.rect(*at) else {
                return;
            };
            let (text, colour) = if *amount < 0 {
                (amount.to_string(), Color32::from_rgb(255, 80, 70))
            } else {
                (format!("+{amount}"), Color32::from_rgb(110, 235, 120))
            };
            let rise = 40.0 * easing::cubic_out(t);
            let alpha = 1.0 - easing::cubic_in(t);
            let centre = rect.center() - vec2(0.0, rise);
            let font = FontId::proportional(34.0);
            let painter = ui.painter();
            for offset in [
                vec2(2.0, 2.0),
                vec2(-2.0, 2.0),
                vec2(2.0, -2.0),
                vec2(-2.0, -2.0),
            ] {
                painter.text(
                    centre + offset,
                    Align2::CENTER_CENTER,
                    &text,
                    font.clone(),
                    Color32::BLACK.gamma_multiply(alpha),
                );
            }
            painter.text(
                centre,
                Align2::CENTER_CENTER,
                &text,
                font,
                colour.gamma_multiply(alpha),
            );
        }
        AnimKind::Destroyed { card, owner } => {
            let Some((from, face)) = places.card(*card) else {
                return;
            };
            let to = places.rect(Spot::Cemetery(*owner)).unwrap_or(*from);
            let eased = easing::cubic_in(t);
            let centre = from.center() + (to.center() - from.center()) * eased;
            let rect = Rect::from_center_size(centre, from.size() * (1.0 - 0.5 * eased));
            paint_ghost(ui, &view.db, Some(face), rect, 1.0 - t);
        }
        AnimKind::Evolve { card, super_evolve } => {
            let Some((rect, face)) = places.card(*card) else {
                return;
            };
            // A flip: the card turns edge-on, and comes back evolved.
            let width = (std::f32::consts::PI * t).cos().abs().max(0.04);
            let turned =
                Rect::from_center_size(rect.center(), vec2(rect.width() * width, rect.height()));
            cover(ui, *rect);
            if t < 0.5 {
                paint_card_back(ui.painter(), turned);
            } else {
                paint_moving_card_face(ui, &view.db, face, turned);
            }
            let colour = if *super_evolve {
                Color32::from_rgb(200, 130, 255)
            } else {
                Color32::from_rgb(255, 220, 100)
            };
            let glow = 1.0 - t;
            ui.painter().rect_filled(
                *rect,
                CornerRadius::same(6),
                colour.gamma_multiply(0.45 * glow),
            );
            ui.painter().rect_stroke(
                rect.expand(4.0 + 14.0 * t),
                CornerRadius::same(10),
                Stroke::new(4.0, colour.gamma_multiply(glow)),
                StrokeKind::Outside,
            );
        }
        AnimKind::Token { card } => {
            let Some((rect, face)) = places.card(*card) else {
                return;
            };
            let scale = 0.3 + 0.7 * easing::back_out(t);
            cover(ui, *rect);
            let grown = Rect::from_center_size(rect.center(), rect.size() * scale);
            paint_ghost(ui, &view.db, Some(face), grown, easing::cubic_out(t));
            ui.painter().rect_stroke(
                rect.expand(2.0 + 16.0 * t),
                CornerRadius::same(10),
                Stroke::new(
                    3.0,
                    Color32::from_rgb(140, 230, 255).gamma_multiply(1.0 - t),
                ),
                StrokeKind::Outside,
            );
        }
    }
}

/// The large card another player played, with its caption: it grows in,
/// stays, and fades. A non-interactive area: clicks go through.
pub fn played_ui(ui: &Ui, places: &Places<'_>, view: &MatchView, playing: Playing<'_>) {
    let AnimKind::ShowPlayed { player, card, def } = playing.kind else {
        return;
    };
    let t = playing.progress;
    let grow = easing::cubic_out((t / 0.15).min(1.0));
    let alpha = grow * (1.0 - easing::cubic_in(((t - 0.8) / 0.2).clamp(0.0, 1.0)));
    let stage = places.stage();
    let rect = Rect::from_center_size(stage.center(), stage.size() * (0.7 + 0.3 * grow));
    let face = printed(&view.db, *card, *def);
    egui::Area::new(Id::unique("sve played card").with(card))
        .order(Order::Foreground)
        .interactable(false)
        .fixed_pos(rect.left_top() - vec2(0.0, 30.0))
        .show(ui.ctx(), |ui| {
            ui.multiply_opacity(alpha);
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(RichText::new(played_caption(view, *player, *def)).strong());
            });
            ui.painter().rect_filled(
                rect.translate(vec2(6.0, 8.0)),
                CornerRadius::same(8),
                Color32::from_black_alpha(110),
            );
            paint_moving_card_face(ui, &view.db, &face, rect);
        });
}

/// A card face (or back, when `face` is `None`) at `rect`, `alpha` opaque.
fn paint_ghost(ui: &mut Ui, db: &CardDb, face: Option<&CardView>, rect: Rect, alpha: f32) {
    let mut faded = ui.new_child(UiBuilder::new().max_rect(ui.max_rect()));
    faded.set_clip_rect(ui.clip_rect());
    faded.multiply_opacity(alpha.clamp(0.0, 1.0));
    match face {
        Some(face) => paint_moving_card_face(&faded, db, face, rect),
        None => paint_card_back(faded.painter(), rect),
    }
}

/// Hides the card drawn at `rect` while its animation stands in for it.
fn cover(ui: &Ui, rect: Rect) {
    ui.painter().rect_filled(
        rect.expand(2.0),
        CornerRadius::same(6),
        ui.visuals().panel_fill,
    );
}

/// How `card` looks: as drawn now or last, or as printed.
fn face_of(places: &Places<'_>, db: &CardDb, card: CardRef, def: DefId) -> CardView {
    places
        .card(card)
        .map(|(_, face)| face.clone())
        .unwrap_or_else(|| printed(db, card, def))
}

/// A card as printed, reserved, with no counters.
fn printed(db: &CardDb, card: CardRef, def: DefId) -> CardView {
    let printed = db.get(def);
    CardView {
        card,
        def,
        evolved: None,
        attack: printed.attack.unwrap_or(0),
        defense: printed.defense.unwrap_or(0),
        cost: printed.cost.map_or(0, i32::from),
        keywords: printed.keywords,
        engaged: false,
        counters: Vec::new(),
        raced: 0,
        taken: false,
    }
}

fn lerp_rect(from: Rect, to: Rect, t: f32) -> Rect {
    let centre = from.center() + (to.center() - from.center()) * t;
    let size: Vec2 = from.size() + (to.size() - from.size()) * t;
    Rect::from_center_size(Pos2::new(centre.x, centre.y), size)
}
