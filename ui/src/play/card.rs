//! Cards drawn by the program (no card art is shipped; a picture from the
//! user's art folder, `card_art.rs`, goes under the type line): a frame
//! in the class colour, cost, name, type, badges (a Trigger icon,
//! keywords, counters), the ability text (cut to fit; the full text in
//! the large preview, `preview.rs`) and stats, with current values
//! compared against the printed ones. Card text and keyword words
//! come from [`crate::card_text`]; hovering a badge or a keyword shows
//! what it does.

use super::preview;
use crate::card_art;
use crate::card_text::glossary::keyword_entries;
use crate::card_text::{self, Reminder};
use egui::{
    Align2, Color32, CornerRadius, FontId, Pos2, Rect, Response, RichText, Sense, Stroke,
    StrokeKind, Ui, Vec2, vec2,
};
use sve_engine::cards::{CardDb, CardDef, Class, TriggerIcon, base_name_of};
use sve_engine::engine::view::CardView;

/// How a card is marked on top of its face.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Highlight {
    /// Nothing to do with it.
    #[default]
    None,
    /// It can be played or can act (legal action).
    Playable,
    /// It is the attacker being declared.
    Selected,
    /// A legal target for the selected attacker.
    Target,
    /// A legal object of the current prompt.
    Pickable,
    /// Picked for the answer being built; the number is the pick order.
    Picked(usize),
}

/// Everything about a card's look besides the card itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardLook {
    /// The mark on top.
    pub highlight: Highlight,
    /// Not a legal object of the current prompt: drawn darker.
    pub dimmed: bool,
    /// Drawn by an animation at a size that changes every frame: its text
    /// and marks scale in steps ([`stepped_scale`]).
    pub in_motion: bool,
}

/// Steps of a moving card's scale per doubling of its size.
const SCALE_STEPS_PER_DOUBLING: f32 = 8.0;

/// What a card another player took control of is (later-sets §12.8, CR
/// 5.22), for its badge and its details.
const TAKEN_WORDS: &str = "Taken: its controller took it from its owner; it goes to its owner's zones when it leaves the field.";

/// `scale` rounded to a step of about 9% (an eighth of a doubling). egui
/// rasterizes the glyphs of every new font size and uploads them to its
/// atlas, so a card growing or turning over smoothly would ask for new
/// sizes in every frame of its animation; in steps, the few sizes are
/// drawn once and then reused.
pub fn stepped_scale(scale: f32) -> f32 {
    if !scale.is_finite() || scale <= 0.0 {
        return scale;
    }
    ((scale.log2() * SCALE_STEPS_PER_DOUBLING).round() / SCALE_STEPS_PER_DOUBLING).exp2()
}

/// The frame colour of a class.
pub fn class_colour(class: Class) -> Color32 {
    match class {
        Class::Forest => Color32::from_rgb(86, 168, 72),
        Class::Sword => Color32::from_rgb(212, 170, 64),
        Class::Rune => Color32::from_rgb(92, 116, 222),
        Class::Dragon => Color32::from_rgb(222, 118, 48),
        Class::Abyss => Color32::from_rgb(170, 62, 110),
        Class::Haven => Color32::from_rgb(226, 218, 172),
        Class::Neutral => Color32::from_rgb(150, 150, 150),
    }
}

/// The colour of a highlight.
pub fn highlight_colour(highlight: Highlight) -> Option<Color32> {
    match highlight {
        Highlight::None => None,
        Highlight::Playable => Some(Color32::from_rgb(70, 225, 255)),
        Highlight::Selected => Some(Color32::from_rgb(255, 205, 40)),
        Highlight::Target => Some(Color32::from_rgb(240, 60, 50)),
        Highlight::Pickable => Some(Color32::from_rgb(200, 140, 255)),
        Highlight::Picked(_) => Some(Color32::from_rgb(150, 80, 255)),
    }
}

/// Higher than printed: green; lower: red; else plain.
pub fn compare_colour(current: i32, printed: Option<i32>) -> Color32 {
    match printed {
        Some(printed) if current > printed => Color32::from_rgb(110, 230, 110),
        Some(printed) if current < printed => Color32::from_rgb(255, 110, 100),
        _ => Color32::WHITE,
    }
}

/// A face-up card. `label` is its accessible name (tests click by it).
/// Hovering shows it in the large preview ([`preview`]) and the reminder
/// of the badge or keyword under the pointer; while another card is
/// pinned in the preview, the hover shows the full text instead. `size` is the upright card's; an engaged
/// card lies sideways, `size` turned (as wide as it is tall).
pub fn card_ui(
    ui: &mut Ui,
    db: &CardDb,
    card: &CardView,
    size: Vec2,
    look: CardLook,
    label: &str,
) -> Response {
    let size = if card.engaged {
        vec2(size.y, size.x)
    } else {
        size
    };
    // Clicks act; a drag declares an attack (see `board/drag.rs`).
    let (rect, response) = ui.allocate_exact_size(size, Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, label));
    let mut pointed = None;
    if ui.is_rect_visible(rect) {
        let pointer = response.hover_pos();
        pointed = paint_card(ui, db, card, rect, look, pointer);
    }
    let hovered = response.hovered();
    preview::card_drawn(ui.ctx(), card, hovered);
    // The large preview beside the board shows the hovered card; while
    // another card is pinned there, the hover shows this one's text.
    let preview_taken = hovered
        && preview::previewed(ui.ctx())
            .is_some_and(|shown| shown.pinned && !preview::is_pinned(ui.ctx(), card));
    if pointed.is_none() && !preview_taken {
        return response;
    }
    response.on_hover_ui(|ui| {
        // The badge or keyword under the pointer first, then the card.
        if let Some(reminder) = &pointed {
            egui::Frame::group(ui.style())
                .fill(Color32::from_rgb(36, 44, 60))
                .show(ui, |ui| card_text::reminder_ui(ui, reminder));
            ui.add_space(4.0);
        }
        if preview_taken {
            card_details_ui(ui, db, card);
        }
    })
}

/// The back of a card (the opponent's hand, a deck).
pub fn card_back_ui(ui: &mut Ui, size: Vec2) -> Response {
    let (rect, response) = ui.allocate_exact_size(size, Sense::hover());
    paint_card_back(ui.painter(), rect);
    response
}

/// Paints a card face in `rect` with no widget behind it: nothing to
/// click or hover, no accessible node (animations drawn over the board).
pub fn paint_card_face(ui: &Ui, db: &CardDb, card: &CardView, rect: Rect) {
    paint_card(ui, db, card, rect, CardLook::default(), None);
}

/// Paints the face of a card an animation moves, grows or turns over:
/// its text scales in steps ([`stepped_scale`]).
pub fn paint_moving_card_face(ui: &Ui, db: &CardDb, card: &CardView, rect: Rect) {
    let look = CardLook {
        in_motion: true,
        ..CardLook::default()
    };
    paint_card(ui, db, card, rect, look, None);
}

/// Paints the back of a card in `rect`.
pub fn paint_card_back(painter: &egui::Painter, rect: Rect) {
    let size = rect.size();
    painter.rect(
        rect,
        CornerRadius::same(4),
        Color32::from_rgb(48, 40, 72),
        Stroke::new(1.5, Color32::from_rgb(120, 100, 170)),
        StrokeKind::Inside,
    );
    painter.rect_stroke(
        rect.shrink(size.x * 0.18),
        CornerRadius::same(2),
        Stroke::new(1.0, Color32::from_rgb(120, 100, 170)),
        StrokeKind::Inside,
    );
}

/// An empty field or EX-area slot.
pub fn empty_slot_ui(ui: &mut Ui, size: Vec2) -> Response {
    let (rect, response) = ui.allocate_exact_size(size, Sense::hover());
    ui.painter().rect_stroke(
        rect,
        CornerRadius::same(6),
        Stroke::new(1.0, Color32::from_gray(70)),
        StrokeKind::Inside,
    );
    response
}

/// The full text of a card and its current values, for hover and menus:
/// keywords as badges, the rules text as rich text, then what each
/// keyword and marker on it does.
pub fn card_details_ui(ui: &mut Ui, db: &CardDb, card: &CardView) {
    let base = db.get(card.def);
    let shown = db.get(card.evolved.unwrap_or(card.def));
    // No wider than the room given (the preview panel), nor than 320.
    ui.set_max_width(ui.available_width().min(320.0));
    ui.strong(shown.display_name());
    let mut line = format!("{} · {}", shown.class.name(), shown.card_type.name());
    if !shown.traits.is_empty() {
        line.push_str(&format!(" · {}", shown.traits.join(" / ")));
    }
    ui.label(line);
    for fact in later_set_facts(db, base, shown) {
        ui.label(fact);
    }
    if let Some(cost) = base.cost {
        ui.label(stat_line("Cost", card.cost, i32::from(cost)));
    }
    if shown.card_type.is_follower() {
        if let Some(attack) = shown.attack {
            ui.label(stat_line("Attack", card.attack, attack));
        }
        if let Some(defense) = shown.defense {
            ui.label(stat_line("Defense", card.defense, defense));
        }
    }
    if let Some(evolve_cost) = base.evolve_cost {
        ui.label(format!("Evolve cost: {evolve_cost}"));
    }
    if !card.keywords.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = 4.0;
            for entry in keyword_entries(db, card.keywords) {
                let badge = RichText::new(entry.label)
                    .small()
                    .color(Color32::WHITE)
                    .background_color(entry.colour());
                ui.label(badge).on_hover_text(entry.reminder);
            }
        });
    }
    for (counter, count) in &card.counters {
        ui.label(format!("{} counters: {count}", db.counter_name(*counter)));
    }
    if card.raced > 0 {
        ui.label(format!("Racing: {} Carrot(s)", card.raced));
    }
    if card.taken {
        ui.label(TAKEN_WORDS);
    }
    if card.engaged {
        ui.label("Engaged");
    }
    if card.evolved.is_some() {
        ui.label(format!("Evolved from {}", base.display_name()));
    }
    if !shown.text.is_empty() {
        ui.separator();
        card_text::card_text_ui(ui, db, &shown.text);
    }
    let reminders = card_text::card_reminders(db, card.keywords, &shown.text);
    if !reminders.is_empty() {
        ui.separator();
        card_text::reminders_ui(ui, &reminders);
    }
    ui.weak(&shown.id);
}

/// What the later sets' mechanics add to a card's details, one line each
/// (later-sets §2, §4, §5, §6, §8, §10): its Trigger icon, a crest's home,
/// equipment, an advanced card, its other names, what its evolve ability
/// names, and its faces. `base` is the card, `shown` the face or evolved
/// card whose information it uses.
pub fn later_set_facts(db: &CardDb, base: &CardDef, shown: &CardDef) -> Vec<String> {
    let mut facts = Vec::new();
    if let Some(icon) = shown.trigger_icon {
        facts.push(format!(
            "Trigger: {} — {}",
            icon.name(),
            trigger_effect(icon)
        ));
    }
    if shown.card_type == sve_engine::cards::CardType::Crest {
        facts
            .push("A crest: it stays in the EX area, one per name, and can't be played".to_owned());
    }
    // A token of a kind a pack declares: where it may be, and its reminder.
    if let Some(kind) = shown
        .token_kind
        .as_deref()
        .and_then(|name| db.declared_token_kinds().iter().find(|k| k.name == name))
    {
        let rules = kind.rules;
        let one = if rules.one_per_name {
            ", one of a name there"
        } else {
            ""
        };
        let played = if rules.field {
            ""
        } else {
            "; it can't be played"
        };
        facts.push(format!(
            "A {} token: only in {}{one}{played}. {}",
            kind.name,
            rules.zones_words(),
            kind.reminder
        ));
    }
    if shown.equipment {
        facts.push(
            "Equipment: linked to the follower it equips; gone once that follower leaves the field"
                .to_owned(),
        );
    }
    if shown.advanced {
        facts.push("Advanced: built into the evolve deck; it returns there".to_owned());
    }
    if shown.abilities.iter().any(|a| a.union_burst) {
        facts.push(
            "Union Burst: its [ub] abilities work only in a deck built on Princess Connect! Re:Dive"
                .to_owned(),
        );
    }
    for name in &shown.also_named {
        facts.push(format!("Also named {name} while on the field"));
    }
    if let Some(name) = &shown.alternate_name {
        facts.push(format!("Also printed as {name}"));
    }
    if !base.evolves_into.is_empty() {
        // A face with an evolve cost of its own says it (later-sets §10).
        let into: Vec<String> = base
            .evolves_into
            .iter()
            .map(|name| {
                let own = base
                    .face_evolve_costs
                    .iter()
                    .find(|own| base_name_of(&own.name) == base_name_of(name));
                match own {
                    Some(own) => format!("{name} (evolve cost {})", own.cost),
                    None => name.clone(),
                }
            })
            .collect();
        facts.push(format!("Evolves into {}", into.join(" or ")));
    } else if let Some(own) = base.face_evolve_costs.first() {
        // Its own name's evolved card, at a cost of its own.
        facts.push(format!(
            "Evolves into {} (evolve cost {})",
            own.name, own.cost
        ));
    }
    let face = |id: &str| db.by_card_id(id).map(|d| db.get(d));
    if let Some(front) = shown.back_of.as_deref().and_then(face) {
        facts.push(format!(
            "Back face shown; its front is {}",
            front.display_name()
        ));
    } else if let Some(back) = db.by_card_id(&shown.id).and_then(|id| db.back_face(id)) {
        facts.push(format!(
            "Double-faced: its back is {}",
            db.get(back).display_name()
        ));
    }
    facts
}

/// What resolving a Trigger does (later-sets §2.3, CR 14.4.5.1.3), in the
/// player's words.
fn trigger_effect(icon: TriggerIcon) -> &'static str {
    match icon {
        TriggerIcon::Critical => "a follower on your field gets +2/+0 until the end of the turn",
        TriggerIcon::Draw => "draw a card",
        TriggerIcon::Stand => "refresh a follower on your field; it can't attack leaders this turn",
        TriggerIcon::Heal => "your leader gets +3 defense",
    }
}

/// A Trigger icon's badge on the card face, in the log's words ("the
/// Heal Trigger").
fn trigger_badge(icon: TriggerIcon) -> String {
    format!("{} Trigger", icon.name())
}

/// A Trigger icon's badge colour: one per icon, none a keyword family's.
fn trigger_colour(icon: TriggerIcon) -> Color32 {
    match icon {
        TriggerIcon::Critical => Color32::from_rgb(176, 136, 20),
        TriggerIcon::Draw => Color32::from_rgb(140, 90, 170),
        TriggerIcon::Stand => Color32::from_rgb(40, 120, 200),
        TriggerIcon::Heal => Color32::from_rgb(50, 140, 70),
    }
}

/// What pointing at a Trigger icon's badge says: when it works and what
/// it does.
fn trigger_reminder(icon: TriggerIcon) -> Reminder {
    Reminder {
        title: trigger_badge(icon),
        text: format!(
            "When a drive check reveals this card, you may resolve its Trigger \
             (a deck built on the Vanguard universe only): {}.",
            trigger_effect(icon)
        ),
    }
}

fn stat_line(what: &str, current: i32, printed: i32) -> String {
    if current == printed {
        format!("{what}: {current}")
    } else {
        format!("{what}: {current} (printed {printed})")
    }
}

/// Paints a card face; returns the reminder of the badge or keyword under
/// `pointer`.
fn paint_card(
    ui: &Ui,
    db: &CardDb,
    card: &CardView,
    rect: Rect,
    look: CardLook,
    pointer: Option<Pos2>,
) -> Option<Reminder> {
    let hovered = pointer.is_some();
    let mut pointed = None;
    let painter = ui.painter();
    let def = db.get(card.evolved.unwrap_or(card.def));
    let base = db.get(card.def);
    // The short side sets the scale, so a card lying sideways keeps its
    // fonts and lays its text out wider.
    let scale = rect.width().min(rect.height()) / 100.0;
    let scale = if look.in_motion {
        stepped_scale(scale)
    } else {
        scale
    };
    let small = FontId::proportional(10.5 * scale);
    let class = class_colour(def.class);

    if let Some(glow) = highlight_colour(look.highlight) {
        // A soft halo under a solid line, so the mark stands out from the
        // class-coloured frame.
        painter.rect_stroke(
            rect.expand(4.0),
            CornerRadius::same(10),
            Stroke::new(7.0, glow.gamma_multiply(0.35)),
            StrokeKind::Outside,
        );
        painter.rect_stroke(
            rect.expand(1.0),
            CornerRadius::same(7),
            Stroke::new(3.0, glow),
            StrokeKind::Outside,
        );
    }
    let fill = if hovered {
        Color32::from_rgb(44, 46, 56)
    } else {
        Color32::from_rgb(30, 32, 40)
    };
    painter.rect(
        rect,
        CornerRadius::same(6),
        fill,
        Stroke::new(3.0 * scale.max(0.7), class),
        StrokeKind::Inside,
    );
    if card.evolved.is_some() {
        painter.rect_stroke(
            rect.shrink(4.0 * scale),
            CornerRadius::same(4),
            Stroke::new(1.5, Color32::from_rgb(250, 215, 90)),
            StrokeKind::Inside,
        );
    }

    let inner = rect.shrink(6.0 * scale);
    let mut cursor_y = inner.top();

    // Cost, top left.
    if let Some(printed_cost) = base.cost {
        let radius = 11.0 * scale;
        let centre = Pos2::new(inner.left() + radius, inner.top() + radius);
        painter.circle_filled(centre, radius, Color32::from_rgb(40, 90, 190));
        painter.text(
            centre,
            Align2::CENTER_CENTER,
            card.cost.to_string(),
            FontId::proportional(14.0 * scale),
            compare_colour(-card.cost, Some(-i32::from(printed_cost))),
        );
    }
    // Name, right of the cost.
    let name_left = inner.left() + 24.0 * scale;
    let galley = painter.layout(
        def.display_name().to_owned(),
        FontId::proportional(11.5 * scale),
        Color32::WHITE,
        inner.right() - name_left,
    );
    let name_height = galley.size().y;
    painter.galley(Pos2::new(name_left, inner.top()), galley, Color32::WHITE);
    cursor_y = cursor_y.max(inner.top() + name_height.max(24.0 * scale));

    // Type line.
    let type_text = if card.evolved.is_some() {
        "Evolved".to_owned()
    } else {
        match def.traits.first() {
            Some(first) => format!("{} · {first}", short_type(def)),
            None => short_type(def).to_owned(),
        }
    };
    let type_galley = painter.layout(
        type_text,
        small.clone(),
        Color32::from_gray(170),
        inner.width(),
    );
    let type_height = type_galley.size().y;
    painter.galley(
        Pos2::new(inner.left(), cursor_y + 2.0),
        type_galley,
        Color32::GRAY,
    );
    cursor_y += type_height + 4.0;

    // The card's picture from the art folder, when it has one: a band
    // under the type line, cropped to fill it. An evolved card without a
    // picture of its own shows its base card's.
    let art = card_art::texture_for(ui.ctx(), &def.id).or_else(|| {
        card.evolved
            .and_then(|_| card_art::texture_for(ui.ctx(), &base.id))
    });
    if let Some(texture) = art {
        let band_height = (inner.bottom() - cursor_y) * 0.4;
        if band_height > 8.0 {
            let band = Rect::from_min_size(
                Pos2::new(inner.left(), cursor_y),
                vec2(inner.width(), band_height),
            );
            painter.image(
                texture.id(),
                band,
                cover_uv(texture.size_vec2(), band.size()),
                Color32::WHITE,
            );
            cursor_y = band.bottom() + 3.0;
        }
    }

    // The Trigger icon, then keyword and counter badges, wrapping, in the
    // player's words.
    let mut badges: Vec<(String, Color32, Option<Reminder>)> = def
        .trigger_icon
        .map(|icon| {
            (
                trigger_badge(icon),
                trigger_colour(icon),
                Some(trigger_reminder(icon)),
            )
        })
        .into_iter()
        .collect();
    badges.extend(keyword_entries(db, card.keywords).map(|entry| {
        (
            entry.label.to_owned(),
            entry.colour(),
            Some(entry.to_reminder()),
        )
    }));
    badges.extend(card.counters.iter().map(|(counter, count)| {
        (
            // A declared kind's name is its pack's.
            format!("{} {count}", db.counter_name(*counter)),
            Color32::from_rgb(120, 80, 150),
            None,
        )
    }));
    if card.raced > 0 {
        badges.push((
            format!("Racing {}", card.raced),
            Color32::from_rgb(190, 110, 30),
            None,
        ));
    }
    if card.taken {
        badges.push((
            "Taken".to_owned(),
            Color32::from_rgb(170, 60, 120),
            Some(Reminder {
                title: "Taken".to_owned(),
                text: TAKEN_WORDS.to_owned(),
            }),
        ));
    }
    let mut x = inner.left();
    let mut badge_bottom = cursor_y;
    for (text, colour, reminder) in badges {
        let galley = painter.layout_no_wrap(text, small.clone(), Color32::WHITE);
        let badge_size = galley.size() + vec2(6.0, 2.0);
        if x + badge_size.x > inner.right() && x > inner.left() {
            x = inner.left();
            cursor_y += badge_size.y + 2.0;
        }
        let badge = Rect::from_min_size(Pos2::new(x, cursor_y), badge_size);
        painter.rect_filled(badge, CornerRadius::same(3), colour);
        painter.galley(badge.min + vec2(3.0, 1.0), galley, Color32::WHITE);
        if pointer.is_some_and(|p| badge.contains(p)) {
            pointed = reminder;
        }
        badge_bottom = badge.bottom() + 2.0;
        x += badge_size.x + 3.0;
    }
    cursor_y = cursor_y.max(badge_bottom);

    // The ability text, cut to the room above the stats.
    let stats_top = if def.card_type.is_follower() {
        inner.bottom() - 20.0 * scale - 2.0
    } else {
        inner.bottom()
    };
    if !def.text.is_empty() && stats_top > cursor_y {
        let text_rect = Rect::from_min_max(
            Pos2::new(inner.left(), cursor_y + 1.0),
            Pos2::new(inner.right(), stats_top),
        );
        let text_pointed =
            card_text::paint_card_text(ui, db, text_rect, &def.text, 8.5 * scale, pointer);
        pointed = pointed.or(text_pointed);
    }

    // Attack and defense, bottom corners.
    if def.card_type.is_follower() {
        let stat_font = FontId::proportional(16.0 * scale);
        let box_size = vec2(24.0 * scale, 20.0 * scale);
        let attack_box = Rect::from_min_size(
            Pos2::new(inner.left(), inner.bottom() - box_size.y),
            box_size,
        );
        let defense_box = Rect::from_min_size(
            Pos2::new(inner.right() - box_size.x, inner.bottom() - box_size.y),
            box_size,
        );
        painter.rect_filled(
            attack_box,
            CornerRadius::same(4),
            Color32::from_rgb(120, 60, 30),
        );
        painter.rect_filled(
            defense_box,
            CornerRadius::same(4),
            Color32::from_rgb(40, 70, 120),
        );
        painter.text(
            attack_box.center(),
            Align2::CENTER_CENTER,
            card.attack.to_string(),
            stat_font.clone(),
            compare_colour(card.attack, def.attack),
        );
        painter.text(
            defense_box.center(),
            Align2::CENTER_CENTER,
            card.defense.to_string(),
            stat_font,
            compare_colour(card.defense, def.defense),
        );
    }

    if card.engaged {
        // Lying sideways says it; a small tag between the stats says it in
        // words.
        painter.rect_filled(rect, CornerRadius::same(6), Color32::from_black_alpha(50));
        let tag = painter.layout_no_wrap(
            "Engaged".to_owned(),
            FontId::proportional(10.0 * scale),
            Color32::BLACK,
        );
        let tag_rect = Rect::from_center_size(
            Pos2::new(rect.center().x, inner.bottom() - 10.0 * scale),
            tag.size() + vec2(8.0, 2.0),
        );
        painter.rect_filled(
            tag_rect,
            CornerRadius::same(3),
            Color32::from_rgb(220, 140, 50),
        );
        painter.galley(tag_rect.min + vec2(4.0, 1.0), tag, Color32::BLACK);
    }
    if look.dimmed {
        painter.rect_filled(rect, CornerRadius::same(6), Color32::from_black_alpha(140));
    }
    if let Highlight::Picked(order) = look.highlight {
        let radius = 11.0 * scale;
        let centre = Pos2::new(rect.right() - radius - 2.0, rect.top() + radius + 2.0);
        painter.circle_filled(centre, radius, Color32::from_rgb(150, 80, 255));
        painter.text(
            centre,
            Align2::CENTER_CENTER,
            order.to_string(),
            FontId::proportional(13.0 * scale),
            Color32::WHITE,
        );
    }
    pointed
}

/// The part of a picture of `picture` size that fills `frame` without
/// stretching (the middle, cropped at the sides or top and bottom).
fn cover_uv(picture: Vec2, frame: Vec2) -> Rect {
    let full = Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0));
    if picture.x <= 0.0 || picture.y <= 0.0 || frame.x <= 0.0 || frame.y <= 0.0 {
        return full;
    }
    let picture_ratio = picture.x / picture.y;
    let frame_ratio = frame.x / frame.y;
    if picture_ratio > frame_ratio {
        // Wider than the frame: crop the sides.
        let kept = frame_ratio / picture_ratio;
        Rect::from_min_max(
            Pos2::new((1.0 - kept) / 2.0, 0.0),
            Pos2::new((1.0 + kept) / 2.0, 1.0),
        )
    } else {
        let kept = picture_ratio / frame_ratio;
        Rect::from_min_max(
            Pos2::new(0.0, (1.0 - kept) / 2.0),
            Pos2::new(1.0, (1.0 + kept) / 2.0),
        )
    }
}

fn short_type(def: &CardDef) -> &'static str {
    def.card_type.name()
}

#[cfg(test)]
mod later_set_facts_tests {
    use super::*;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable as _;
    use sve_engine::cards::{CardType, Keywords};
    use sve_engine::engine::CardRef;

    /// The fixture pool with a follower naming both faces of a
    /// double-faced evolved card, an advanced card with another name, a
    /// crest and a card with a Critical Trigger icon.
    fn db() -> CardDb {
        let mut defs: Vec<CardDef> = crate::fixture::db()
            .iter()
            .map(|(_, def)| def.clone())
            .collect();
        let template = defs
            .iter()
            .find(|d| d.card_type == CardType::Follower)
            .cloned()
            .expect("a follower in the fixture");
        let card = |id: &str, name: &str, card_type: CardType| CardDef {
            id: id.to_owned(),
            name: name.to_owned(),
            card_type,
            text: String::new(),
            abilities: Vec::new(),
            ..template.clone()
        };
        let mut maiden = card("T-1", "Frost Maiden", CardType::Follower);
        maiden.evolves_into = vec!["Gentle Thaw".to_owned(), "Burning Heart".to_owned()];
        maiden.face_evolve_costs = vec![sve_engine::cards::FaceEvolveCost {
            name: "Burning Heart".to_owned(),
            cost: 4,
        }];
        let mut front = card("T-2", "Gentle Thaw", CardType::EvolvedFollower);
        front.cost = None;
        let mut back = card("T-3", "Burning Heart", CardType::EvolvedFollower);
        back.cost = None;
        back.back_of = Some("T-2".to_owned());
        let mut herald = card("T-4", "Herald", CardType::Follower);
        herald.advanced = true;
        herald.also_named = vec!["Puppet".to_owned()];
        herald.alternate_name = Some("Shining Herald".to_owned());
        let mut crest = card("T-5", "Guild Crest", CardType::Crest);
        crest.is_token = true;
        crest.cost = None;
        let mut critical = card("T-6", "Critical Sprite", CardType::Follower);
        critical.trigger_icon = Some(TriggerIcon::Critical);
        let mut relic = card("T-7", "Relic: Aegis", CardType::Amulet);
        relic.is_token = true;
        relic.token_kind = Some("Relic".to_owned());
        let mut guild = card("T-8", "Guild Drillmaster", CardType::Follower);
        guild.abilities = vec![sve_engine::cards::AbilityDef {
            name: "Drill".to_owned(),
            kind: sve_engine::cards::AbilityKind::Activated {
                quick: false,
                zone: sve_engine::cards::ActivationZone::Field,
            },
            costs: Vec::new(),
            once_per_turn: false,
            union_burst: true,
            advanced: false,
            text: String::new(),
        }];
        defs.extend([maiden, front, back, herald, crest, critical, relic, guild]);
        let relics = sve_engine::cards::DeclaredTokenKind {
            name: "Relic".to_owned(),
            reminder: "Relics guard the EX area.".to_owned(),
            rules: sve_engine::cards::TokenRules::CREST,
        };
        let declarations = sve_engine::cards::Declarations {
            token_kinds: vec![relics],
            ..Default::default()
        };
        // OK: fixed data.
        CardDb::with_declarations(defs, declarations).expect("a valid pool")
    }

    fn facts(db: &CardDb, base: &str, shown: &str) -> Vec<String> {
        let get = |id: &str| db.get(db.by_card_id(id).expect("a test card"));
        later_set_facts(db, get(base), get(shown))
    }

    #[test]
    fn each_later_set_mechanic_says_itself_in_the_details() {
        let db = db();
        assert_eq!(
            facts(&db, "T-1", "T-1"),
            ["Evolves into Gentle Thaw or Burning Heart (evolve cost 4)"]
        );
        assert_eq!(
            facts(&db, "T-2", "T-2"),
            ["Double-faced: its back is Burning Heart"]
        );
        assert_eq!(
            facts(&db, "T-1", "T-3"),
            [
                "Evolves into Gentle Thaw or Burning Heart (evolve cost 4)",
                "Back face shown; its front is Gentle Thaw"
            ]
        );
        let herald = facts(&db, "T-4", "T-4");
        assert_eq!(herald.len(), 3, "{herald:?}");
        assert!(herald[0].starts_with("Advanced"));
        assert_eq!(herald[1], "Also named Puppet while on the field");
        assert_eq!(herald[2], "Also printed as Shining Herald");
        assert!(facts(&db, "T-5", "T-5")[0].starts_with("A crest"));
        assert_eq!(
            facts(&db, "T-6", "T-6"),
            ["Trigger: Critical — a follower on your field gets +2/+0 until the end of the turn"]
        );
        assert_eq!(
            facts(&db, "T-7", "T-7"),
            [
                "A Relic token: only in an EX area, one of a name there; it can't be played. Relics guard the EX area."
            ]
        );
        assert_eq!(
            facts(&db, "T-8", "T-8"),
            [
                "Union Burst: its [ub] abilities work only in a deck built on Princess Connect! Re:Dive"
            ]
        );
    }

    #[test]
    fn the_details_of_a_follower_evolved_into_a_back_face_show_both_faces() {
        let db = std::sync::Arc::new(db());
        let maiden = db.by_card_id("T-1").expect("Frost Maiden");
        let view = CardView {
            card: CardRef(0),
            def: maiden,
            evolved: db.by_card_id("T-3"),
            attack: 3,
            defense: 3,
            cost: 2,
            keywords: Keywords::empty(),
            engaged: false,
            counters: Vec::new(),
            raced: 0,
            taken: false,
        };
        let shown = db.clone();
        let harness = Harness::new_ui(move |ui| card_details_ui(ui, &shown, &view));
        harness.get_by_label("Burning Heart");
        harness.get_by_label("Back face shown; its front is Gentle Thaw");
        harness.get_by_label("Evolved from Frost Maiden");
    }

    #[test]
    fn a_taken_card_says_so_in_its_details() {
        // Later sets §12.8: a card on the field of the player who took it.
        let db = std::sync::Arc::new(db());
        let maiden = db.by_card_id("T-1").expect("Frost Maiden");
        let view = CardView {
            card: CardRef(0),
            def: maiden,
            evolved: None,
            attack: 2,
            defense: 2,
            cost: 2,
            keywords: Keywords::empty(),
            engaged: false,
            counters: Vec::new(),
            raced: 0,
            taken: true,
        };
        let shown = db.clone();
        let harness = Harness::new_ui(move |ui| card_details_ui(ui, &shown, &view));
        harness.get_by_label(TAKEN_WORDS);
    }
}

#[cfg(test)]
mod stepped_scale_tests {
    use super::stepped_scale;

    #[test]
    fn a_growing_card_scales_in_a_few_steps() {
        // A card growing from 60 to 240 pixels high, a pixel a frame.
        let mut scales: Vec<f32> = (60..=240)
            .map(|h| stepped_scale(h as f32 / 100.0))
            .collect();
        scales.dedup();
        assert_eq!(
            scales.len(),
            17,
            "two doublings, eight steps each: {scales:?}"
        );
        for (h, want) in [(100.0, 1.0), (200.0, 2.0), (50.0, 0.5)] {
            assert!((stepped_scale(h / 100.0) - want).abs() < 1e-6);
        }
        let near = stepped_scale(1.03);
        assert!((near - 1.0).abs() < 1e-6, "{near}");
        assert_eq!(stepped_scale(0.0), 0.0);
    }
}
