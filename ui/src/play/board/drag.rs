//! Dragging on the board: a follower dragged onto an enemy follower or
//! leader declares that attack, and a playable card dragged from the hand
//! (or the EX area) onto your field plays it. Both draw an arrow to the
//! pointer while the drag lasts.

use super::BoardContext;
use crate::intent::{Intent, Intents};
use egui::{Color32, CornerRadius, Stroke, StrokeKind, Ui};
use sve_engine::engine::view::CardView;
use sve_engine::engine::{CardRef, PlayerId};

/// What a dragged attacker can be dropped on.
#[derive(Clone, Copy, Debug)]
pub(super) enum DropTarget {
    /// An opponent's follower.
    Follower(sve_engine::engine::CardRef),
    /// The opponent's leader.
    Leader(PlayerId),
}

fn drop_targets_id() -> egui::Id {
    egui::Id::unique("sve attack drop targets")
}

pub(super) fn clear_drop_targets(ui: &Ui) {
    ui.ctx().data_mut(|data| {
        data.get_temp_mut_or_default::<Vec<(egui::Rect, DropTarget)>>(drop_targets_id())
            .clear()
    });
}

pub(super) fn register_drop_target(ui: &Ui, rect: egui::Rect, target: DropTarget) {
    ui.ctx().data_mut(|data| {
        data.get_temp_mut_or_default::<Vec<(egui::Rect, DropTarget)>>(drop_targets_id())
            .push((rect, target))
    });
}

/// Dragging a follower that can attack onto an enemy follower or leader
/// declares that attack (the same answer as clicking attacker then target).
pub(super) fn drag_attack_ui(
    ui: &Ui,
    cx: &BoardContext<'_>,
    card: &CardView,
    response: &egui::Response,
    intents: &mut Intents,
) {
    let Some(pointer) = ui.ctx().pointer_latest_pos() else {
        return;
    };
    if response.dragged() {
        // Remembered for the next frame, whose opponent half (drawn
        // first) marks this attacker's legal targets.
        ui.ctx()
            .data_mut(|data| data.insert_temp(dragged_attacker_id(), Some(card.card)));
        let painter = ui.ctx().layer_painter(egui::LayerId::new(
            egui::Order::Foreground,
            egui::Id::unique("attack arrow"),
        ));
        paint_arrow(
            &painter,
            response.rect.center(),
            pointer,
            Color32::from_rgb(240, 70, 60),
        );
    }
    if !response.drag_stopped() {
        return;
    }
    ui.ctx()
        .data_mut(|data| data.insert_temp(dragged_attacker_id(), None::<CardRef>));
    let targets = ui.ctx().data_mut(|data| {
        data.get_temp::<Vec<(egui::Rect, DropTarget)>>(drop_targets_id())
            .unwrap_or_default()
    });
    let Some((_, target)) = targets.iter().find(|(rect, _)| rect.contains(pointer)) else {
        return;
    };
    let option = match *target {
        DropTarget::Follower(target) => cx.moves.attack_on_follower(card.card, target),
        DropTarget::Leader(player) => cx.moves.attack_on_leader(card.card, player),
    };
    match option {
        Some(option) => intents.push(Intent::Answer(vec![option])),
        None => intents.push(Intent::Explain(
            "That attack is not legal: drop on a highlighted target.".to_owned(),
        )),
    }
}

/// The follower being dragged to attack, if a drag is going on: the
/// match screen treats it as the chosen attacker, so the board marks its
/// legal targets (and End turn waits) as it does after a click.
pub fn dragged_attacker(ctx: &egui::Context) -> Option<CardRef> {
    if ctx.dragged_id().is_none() {
        ctx.data_mut(|data| data.insert_temp(dragged_attacker_id(), None::<CardRef>));
        return None;
    }
    ctx.data(|data| data.get_temp::<Option<CardRef>>(dragged_attacker_id()))
        .flatten()
}

fn dragged_attacker_id() -> egui::Id {
    egui::Id::unique("sve dragged attacker")
}

pub(super) fn play_zone_id() -> egui::Id {
    egui::Id::unique("sve play drop zone")
}

/// Colour of the drop zone and arrow of a card dragged from the hand.
const PLAY_COLOUR: Color32 = Color32::from_rgb(110, 210, 120);

/// Dragging a playable card from the hand (or the EX area) onto your
/// field and EX area plays it (the same answer as clicking it); a card that needs a target
/// then asks through the prompt as usual. While it is dragged, the zone
/// is outlined and the card follows the pointer; dropped anywhere else,
/// nothing happens.
pub(super) fn drag_play_ui(
    ui: &mut Ui,
    cx: &BoardContext<'_>,
    card: &CardView,
    option: usize,
    response: &egui::Response,
    intents: &mut Intents,
) {
    let Some(pointer) = ui.ctx().pointer_latest_pos() else {
        return;
    };
    let zone = ui
        .ctx()
        .data(|data| data.get_temp::<egui::Rect>(play_zone_id()));
    let over_zone = zone.is_some_and(|zone| zone.expand(8.0).contains(pointer));
    if response.dragged() {
        let layer = egui::LayerId::new(egui::Order::Foreground, egui::Id::unique("sve hand drag"));
        let content = ui.ctx().content_rect();
        let mut over = ui.new_child(egui::UiBuilder::new().layer_id(layer).max_rect(content));
        over.set_clip_rect(content);
        if let Some(zone) = zone {
            let width = if over_zone { 4.0 } else { 2.0 };
            over.painter().rect_stroke(
                zone.expand(4.0),
                CornerRadius::same(8),
                Stroke::new(width, PLAY_COLOUR),
                StrokeKind::Outside,
            );
        }
        paint_arrow(over.painter(), response.rect.center(), pointer, PLAY_COLOUR);
        let ghost = egui::Rect::from_center_size(pointer, cx.card_size);
        crate::play::card::paint_card_face(&over, &cx.view.db, card, ghost);
    }
    if response.drag_stopped() && over_zone {
        intents.push(Intent::Answer(vec![option]));
    }
}

/// A thick arrow from `from` to `to` with a filled head at `to`.
fn paint_arrow(painter: &egui::Painter, from: egui::Pos2, to: egui::Pos2, colour: Color32) {
    const HEAD_LENGTH: f32 = 18.0;
    const HEAD_HALF_WIDTH: f32 = 10.0;
    let along = to - from;
    let length = along.length();
    if length < 1.0 {
        return;
    }
    let dir = along / length;
    let normal = egui::vec2(-dir.y, dir.x);
    let head = HEAD_LENGTH.min(length);
    let base = to - dir * head;
    painter.line_segment([from, base], Stroke::new(4.0, colour));
    painter.add(egui::Shape::convex_polygon(
        vec![
            to,
            base + normal * HEAD_HALF_WIDTH,
            base - normal * HEAD_HALF_WIDTH,
        ],
        colour,
        Stroke::NONE,
    ));
}
