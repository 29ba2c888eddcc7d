//! Badges a front end lends the board for one frame (an Adventure fight's
//! statuses), drawn on the leader or the card they sit on.

use egui::{Color32, CornerRadius, FontId, Sense, Ui, vec2};
use sve_engine::engine::{CardRef, PlayerId};

/// A badge a front end lends the board, beside what the match shows.
#[derive(Clone, Debug, PartialEq)]
pub struct LentBadge {
    /// Its text on the board (`Poison 2`), also its accessible name.
    pub text: String,
    /// What pointing at it shows, in the player's words.
    pub tooltip: String,
    /// Its colour.
    pub colour: Color32,
}

/// The badges a front end lends the board for one frame, by where they
/// sit: a leader (by seat) or a card on the field or in an EX area.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LentBadges {
    /// On a leader.
    pub leaders: Vec<(PlayerId, LentBadge)>,
    /// On a card.
    pub cards: Vec<(CardRef, LentBadge)>,
}

/// Lends `badges` to the board drawn in this frame (pass) only: the front
/// end lends them again each frame, and a board drawn later without them
/// shows none.
pub fn lend_badges(ctx: &egui::Context, badges: LentBadges) {
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|data| data.insert_temp(lent_badges_id(), (pass, std::sync::Arc::new(badges))));
}

/// The badges lent for this frame.
pub(super) fn lent_badges(ctx: &egui::Context) -> Option<std::sync::Arc<LentBadges>> {
    let pass = ctx.cumulative_pass_nr();
    ctx.data(|data| data.get_temp::<(u64, std::sync::Arc<LentBadges>)>(lent_badges_id()))
        .filter(|(lent, _)| *lent == pass)
        .map(|(_, badges)| badges)
}

fn lent_badges_id() -> egui::Id {
    egui::Id::unique("sve board lent badges")
}

/// Draws `badges` left to right in `row`, each with its tooltip; when the
/// rest doesn't fit, one `+N` badge stands for it, its tooltip theirs.
pub(super) fn lent_badges_ui(ui: &mut Ui, row: egui::Rect, badges: &[&LentBadge]) {
    let font = FontId::proportional(10.0);
    let mut x = row.left();
    for (idx, badge) in badges.iter().enumerate() {
        let layout = |text: String| {
            ui.painter()
                .layout_no_wrap(text, font.clone(), Color32::WHITE)
        };
        let mut galley = layout(badge.text.clone());
        let mut tooltip = badge.tooltip.clone();
        let mut colour = badge.colour;
        let overflows = idx > 0 && x + galley.size().x + 6.0 > row.right();
        if overflows {
            let rest = badges.get(idx..).unwrap_or_default();
            galley = layout(format!("+{}", rest.len()));
            let all: Vec<&str> = rest.iter().map(|b| b.tooltip.as_str()).collect();
            tooltip = all.join("\n");
            colour = Color32::from_gray(90);
        }
        let rect =
            egui::Rect::from_min_size(egui::pos2(x, row.top()), galley.size() + vec2(6.0, 2.0));
        let label = galley.text().to_owned();
        ui.painter()
            .rect_filled(rect, CornerRadius::same(3), colour);
        ui.painter()
            .galley(rect.min + vec2(3.0, 1.0), galley, Color32::WHITE);
        // Hover only: a click goes on to the leader or card under it.
        let id = ui
            .scope_id()
            .with(("lent badge", row.min.x.to_bits(), row.min.y.to_bits(), idx));
        let response = ui.interact(rect, id, Sense::hover());
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
        response.on_hover_text(tooltip);
        if overflows {
            break;
        }
        x = rect.right() + 3.0;
    }
}
