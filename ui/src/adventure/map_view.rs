//! The map, drawn: floors of rooms bottom-up, the paths between them, each
//! torch's light as a square glow over the rooms it covers, event icons
//! where a room's event shows (lit, or dim next to the player), twinkles
//! for unique events even in the dark, the path walked and the current
//! room.
//!
//! Only the moves [`Run::choices`] offers are buttons ("Move to ..."), so
//! nothing else on the map can be clicked into the run. A torch preview
//! draws the glow a new torch would add, outlined, and marks each room it
//! would change with its level before and after.

use super::words;
use egui::{Color32, CornerRadius, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, Vec2};
use sve_adventure::events::EventKind;
use sve_adventure::light::{self, Light, Torch};
use sve_adventure::map::{Map, RoomId};
use sve_adventure::run::{Choice, Run};

/// The warm light of a placed torch.
const GLOW: Color32 = Color32::from_rgba_premultiplied(70, 45, 10, 40);
/// The cooler light of a torch being previewed.
const PREVIEW_GLOW: Color32 = Color32::from_rgba_premultiplied(40, 60, 80, 50);
const PATH: Color32 = Color32::from_rgb(62, 62, 74);
const WALKED: Color32 = Color32::from_rgb(200, 200, 215);
const MOVE: Color32 = Color32::from_rgb(90, 220, 120);
const TWINKLE: Color32 = Color32::from_rgb(200, 235, 255);

/// Where the map puts rooms on the screen.
struct Grid {
    rect: Rect,
    cell: Vec2,
}

impl Grid {
    fn new(rect: Rect, map: &Map) -> Grid {
        let rows = f32::from(map.floors()) + 1.0;
        let columns = f32::from(map.columns().max(1));
        Grid {
            rect,
            cell: Vec2::new(rect.width() / columns, rect.height() / rows),
        }
    }

    /// The centre of the cell at a column and floor (fractions allowed).
    fn at(&self, column: f32, floor: f32) -> Pos2 {
        Pos2::new(
            self.rect.left() + (column + 0.5) * self.cell.x,
            self.rect.bottom() - (floor + 0.5) * self.cell.y,
        )
    }

    fn centre(&self, map: &Map, room: RoomId) -> Pos2 {
        map.room(room).map_or(self.rect.center(), |r| {
            self.at(f32::from(r.column), f32::from(r.floor))
        })
    }

    fn radius(&self) -> f32 {
        (self.cell.x.min(self.cell.y) * 0.32).clamp(6.0, 22.0)
    }

    /// The square a torch lights: the cells within its radius, edge to
    /// edge.
    fn glow_rect(&self, map: &Map, torch: Torch) -> Rect {
        let Some(room) = map.room(torch.room) else {
            return Rect::NOTHING;
        };
        let r = f32::from(torch.radius);
        let (c, f) = (f32::from(room.column), f32::from(room.floor));
        Rect::from_min_max(
            Pos2::new(
                self.rect.left() + (c - r) * self.cell.x,
                self.rect.bottom() - (f + r + 1.0) * self.cell.y,
            ),
            Pos2::new(
                self.rect.left() + (c + r + 1.0) * self.cell.x,
                self.rect.bottom() - (f - r) * self.cell.y,
            ),
        )
        .intersect(self.rect)
    }
}

/// Draws the map in `rect`; returns the room the player clicked to move
/// to (only offered moves can be clicked). `preview` is a torch to show
/// before it is placed.
pub fn map_ui(ui: &mut Ui, rect: Rect, run: &Run, preview: Option<Torch>) -> Option<RoomId> {
    let map = run.map();
    let grid = Grid::new(rect, map);
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, CornerRadius::same(6), Color32::from_rgb(14, 14, 20));
    for torch in run.placed() {
        paint_glow(&painter, &grid, map, *torch, GLOW);
    }
    if let Some(torch) = preview {
        paint_glow(&painter, &grid, map, torch, PREVIEW_GLOW);
        painter.rect_stroke(
            grid.glow_rect(map, torch),
            CornerRadius::same(8),
            Stroke::new(1.5, Color32::from_rgb(150, 200, 255)),
            StrokeKind::Inside,
        );
    }
    let moves: Vec<RoomId> = run
        .choices()
        .into_iter()
        .filter_map(|choice| match choice {
            Choice::Move(room) => Some(room),
            _ => None,
        })
        .collect();
    paint_floor_numbers(&painter, &grid, map);
    paint_paths(&painter, &grid, run, &moves);
    let changes = preview.map(|torch| light::preview(map, run.placed(), torch));
    let mut clicked = None;
    for room in map.ids() {
        let centre = grid.centre(map, room);
        let radius = grid.radius();
        let sight = run.sight(room);
        paint_room(&painter, &grid, run, room, sight);
        if run.placed().iter().any(|t| t.room == room) {
            paint_flame(
                &painter,
                centre + Vec2::new(-radius, -radius) * 0.85,
                radius,
            );
        }
        if let Some((_, before, after)) = changes
            .as_ref()
            .and_then(|c| c.iter().find(|(r, _, _)| *r == room))
        {
            painter.circle_stroke(
                centre,
                radius + 4.0,
                Stroke::new(1.5, Color32::from_rgb(150, 200, 255)),
            );
            painter.text(
                centre + Vec2::new(radius + 2.0, radius * 0.6),
                egui::Align2::LEFT_CENTER,
                format!("{before}»{after}"),
                egui::FontId::proportional(11.0),
                Color32::from_rgb(170, 215, 255),
            );
        }
        let hit = Rect::from_center_size(centre, Vec2::splat(radius * 2.2));
        let offered = moves.contains(&room);
        let id = ui.scope_id().with(("room", room.0));
        let line = words::room_line(map, room, sight);
        let place = words::place(map, room);
        let response = if offered {
            let label = format!("Move to {place}: {line}");
            let response = ui.interact(hit, id, Sense::click());
            response
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, label.clone()));
            response
        } else {
            ui.interact(hit, id, Sense::hover())
        };
        if response.hovered() {
            let width = if offered { 3.0 } else { 1.0 };
            painter.circle_stroke(centre, radius + 2.0, Stroke::new(width, Color32::WHITE));
        }
        let effect = map
            .room(room)
            .and_then(|r| words::event_light_words(run.balance(), r.event, sight.level));
        let twinkle = map
            .room(room)
            .and_then(|r| r.unique)
            .filter(|_| sight.twinkle);
        let response = response.on_hover_ui(|ui| {
            ui.label(egui::RichText::new(format!("{line} ({place})")).strong());
            if sight.event_shown
                && let Some(effect) = &effect
            {
                ui.label(format!("Here: {effect}"));
            }
            if twinkle.is_some() {
                ui.label("A twinkle: a unique event, woken when the room is bright (light 2+).");
            }
            if offered {
                ui.label("Click to move here.");
            }
        });
        if offered && response.clicked() {
            clicked = Some(room);
        }
    }
    clicked
}

fn paint_glow(painter: &egui::Painter, grid: &Grid, map: &Map, torch: Torch, colour: Color32) {
    let rect = grid.glow_rect(map, torch);
    // Two layers: the square the torch lights, and a softer halo around
    // its own room.
    painter.rect_filled(rect, CornerRadius::same(10), colour);
    let centre = grid.centre(map, torch.room);
    painter.circle_filled(centre, grid.radius() * 2.2, colour.gamma_multiply(1.4));
}

/// The floors' numbers down the left edge, the boss's floor named.
fn paint_floor_numbers(painter: &egui::Painter, grid: &Grid, map: &Map) {
    for floor in 0..=map.floors() {
        let text = match floor {
            0 => "start".to_owned(),
            f if f == map.floors() => "boss".to_owned(),
            f => f.to_string(),
        };
        painter.text(
            egui::pos2(grid.rect.left() + 6.0, grid.at(0.0, f32::from(floor)).y),
            egui::Align2::LEFT_CENTER,
            text,
            egui::FontId::proportional(11.0),
            Color32::from_rgb(110, 110, 125),
        );
    }
}

fn paint_paths(painter: &egui::Painter, grid: &Grid, run: &Run, moves: &[RoomId]) {
    let map = run.map();
    for room in map.ids() {
        let from = grid.centre(map, room);
        for next in map.next(room) {
            painter.line_segment([from, grid.centre(map, *next)], Stroke::new(1.5, PATH));
        }
    }
    // The path walked: the start, then every room moved to.
    let mut at = map.start();
    for choice in run.log() {
        if let Choice::Move(room) = choice {
            painter.line_segment(
                [grid.centre(map, at), grid.centre(map, *room)],
                Stroke::new(3.0, WALKED),
            );
            at = *room;
        }
    }
    let here = grid.centre(map, run.position());
    for room in moves {
        painter.line_segment([here, grid.centre(map, *room)], Stroke::new(3.0, MOVE));
    }
}

fn paint_room(painter: &egui::Painter, grid: &Grid, run: &Run, room: RoomId, sight: light::Sight) {
    let map = run.map();
    let centre = grid.centre(map, room);
    let radius = grid.radius();
    let event = map.room(room).map_or(EventKind::Fight, |r| r.event);
    let fill = if sight.event_shown {
        let base = event_colour(event);
        if sight.dim {
            base.gamma_multiply(0.45)
        } else {
            base
        }
    } else {
        Color32::from_rgb(26, 26, 32)
    };
    painter.circle_filled(centre, radius, fill);
    let ring = match Light::of(sight.level) {
        Light::Dark => Stroke::new(1.0, Color32::from_rgb(70, 70, 84)),
        Light::Lit => Stroke::new(2.0, Color32::from_rgb(230, 170, 70)),
        Light::Bright => Stroke::new(3.0, Color32::from_rgb(255, 230, 130)),
    };
    painter.circle_stroke(centre, radius, ring);
    if sight.event_shown {
        painter.text(
            centre,
            egui::Align2::CENTER_CENTER,
            words::event_letter(event),
            egui::FontId::proportional(radius * 1.05),
            Color32::from_rgb(250, 250, 250),
        );
    }
    if sight.twinkle {
        paint_twinkle(
            painter,
            centre + Vec2::new(radius, -radius) * 0.9,
            radius * 0.55,
        );
    }
    if room == run.position() {
        painter.circle_stroke(centre, radius + 3.5, Stroke::new(3.0, Color32::WHITE));
        painter.circle_stroke(
            centre,
            radius + 6.5,
            Stroke::new(1.5, Color32::from_rgb(120, 200, 255)),
        );
    }
}

/// A four-pointed star.
fn paint_twinkle(painter: &egui::Painter, at: Pos2, size: f32) {
    let stroke = Stroke::new(1.5, TWINKLE);
    painter.line_segment(
        [at - Vec2::new(size, 0.0), at + Vec2::new(size, 0.0)],
        stroke,
    );
    painter.line_segment(
        [at - Vec2::new(0.0, size), at + Vec2::new(0.0, size)],
        stroke,
    );
    let diagonal = size * 0.45;
    painter.line_segment(
        [at - Vec2::splat(diagonal), at + Vec2::splat(diagonal)],
        Stroke::new(1.0, TWINKLE),
    );
    painter.line_segment(
        [
            at + Vec2::new(-diagonal, diagonal),
            at + Vec2::new(diagonal, -diagonal),
        ],
        Stroke::new(1.0, TWINKLE),
    );
    painter.circle_filled(at, size * 0.22, Color32::WHITE);
}

/// A small flame: where a torch stands.
fn paint_flame(painter: &egui::Painter, at: Pos2, radius: f32) {
    let h = radius * 0.7;
    let w = radius * 0.28;
    let outer = vec![
        at + Vec2::new(0.0, -h),
        at + Vec2::new(w, 0.0),
        at + Vec2::new(0.0, h * 0.4),
        at + Vec2::new(-w, 0.0),
    ];
    painter.add(egui::Shape::convex_polygon(
        outer,
        Color32::from_rgb(255, 140, 40),
        Stroke::new(1.0, Color32::from_rgb(255, 220, 120)),
    ));
}

/// The colour of an event's room.
pub fn event_colour(event: EventKind) -> Color32 {
    match event {
        EventKind::Start => Color32::from_rgb(110, 110, 130),
        EventKind::Fight => Color32::from_rgb(170, 60, 55),
        EventKind::Elite => Color32::from_rgb(140, 60, 170),
        EventKind::Shop => Color32::from_rgb(175, 140, 30),
        EventKind::Heal => Color32::from_rgb(50, 140, 80),
        EventKind::Random => Color32::from_rgb(40, 120, 160),
        EventKind::Boss => Color32::from_rgb(210, 40, 40),
    }
}
