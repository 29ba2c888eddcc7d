//! The board: both leaders with their resources and zone counts, each
//! side's field (5 slots), EX area (its cards only, beside the field or
//! under it when the window is narrow) and, while a drive check's card is
//! in it, trigger zone (after the EX area, the same way), your hand face
//! up and the opponent's as backs. A follower's equipment and Drive Point
//! are a line under it. Engaged cards lie sideways. A click on a zone's
//! count (cemetery, banished, evolve deck) opens its public cards in a
//! panel at the right of the board, which never covers it; the deck is a
//! count only. Every row keeps its
//! height whatever it holds, so the board does not jump. Clicks on cards and leaders become answers through
//! [`LegalMoves`]; a click that fits no option explains why.
//!
//! A follower dragged to attack draws an arrow with a head and counts as the
//! chosen attacker, so its legal targets are marked; a playable card dragged
//! from the hand (or the EX area) onto your field plays it.
//!
//! A front end may lend the board badges for a frame ([`lend_badges`]):
//! an Adventure fight's statuses, on the leader or the card they sit on,
//! each with its tooltip.

mod badges;
mod drag;

pub use badges::{LentBadge, LentBadges, lend_badges};
pub use drag::dragged_attacker;

use super::anim::Spot;
use super::anim::spots::{record_card, record_place};
use super::card::{
    CardLook, Highlight, card_back_ui, card_details_ui, card_ui, class_colour, empty_slot_ui,
};
use super::clicks::{Place, card_click, leader_click, look_of, option_intent};
use super::clocks::seat_clocks_ui;
use super::legal::{FIELD_SLOTS, LegalMoves};
use super::preview;
use super::selection::Selection;
use crate::intent::{Intent, Intents};
use crate::match_view::{Board, MatchView};
use crate::session::DecisionView;
use badges::{lent_badges, lent_badges_ui};
use drag::{
    DropTarget, clear_drop_targets, drag_attack_ui, drag_play_ui, play_zone_id,
    register_drop_target,
};
use egui::{
    Align2, Color32, CornerRadius, FontId, RichText, Sense, Stroke, StrokeKind, Ui, Vec2, vec2,
};
use sve_engine::engine::view::{CardView, SideView};
use sve_engine::engine::{Action, Choice, PlayerId};

/// Which half of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Half {
    /// The opponent's side, at the top.
    Theirs,
    /// The side of the seat the board is shown for, at the bottom.
    Mine,
}

/// Everything the board reads in one frame.
#[derive(Clone, Debug)]
pub struct BoardContext<'a> {
    /// The match.
    pub view: &'a MatchView,
    /// The board from the bottom seat.
    pub board: Board<'a>,
    /// The decision the bottom seat may answer now.
    pub decision: Option<&'a DecisionView>,
    /// Its options, by object.
    pub moves: LegalMoves,
    /// The answer being built.
    pub selection: &'a Selection,
    /// Card size for this frame.
    pub card_size: Vec2,
}

/// A zone whose cards can be browsed in the zone panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BrowsedZone {
    /// The cemetery.
    Cemetery,
    /// The banished zone.
    Banished,
    /// The evolve deck (its owner sees the face-down cards).
    EvolveDeck,
}

/// The board panel. It keeps only which zone the zone panel shows.
#[derive(Debug, Default)]
pub struct BoardPanel {
    browsing: Option<(Half, BrowsedZone)>,
}

/// Width of the leader box.
pub const LEADER_WIDTH: f32 = 176.0;

impl BoardPanel {
    /// Draws one half of the board.
    pub fn half_ui(
        &mut self,
        ui: &mut Ui,
        cx: &BoardContext<'_>,
        half: Half,
        intents: &mut Intents,
    ) {
        let side = side_of(cx, half);
        if half == Half::Theirs {
            // The opponent's half is drawn first: its cards register as drop
            // targets for an attacker dragged from the bottom half.
            clear_drop_targets(ui);
        }
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_width(LEADER_WIDTH);
                self.leader_ui(ui, cx, half, intents);
            });
            ui.vertical(|ui| match half {
                Half::Theirs => {
                    their_hand_ui(ui, cx, side);
                    zones_ui(ui, cx, half, intents);
                }
                Half::Mine => {
                    zones_ui(ui, cx, half, intents);
                    hand_ui(ui, cx, intents);
                }
            });
        });
    }

    fn leader_ui(&mut self, ui: &mut Ui, cx: &BoardContext<'_>, half: Half, intents: &mut Intents) {
        let side = side_of(cx, half);
        let player = player_of(cx, half);
        let def = cx.view.db.get(side.leader);
        let attacker = cx.selection.attacker;
        let is_target = attacker
            .and_then(|a| cx.moves.attack_on_leader(a, player))
            .is_some();
        let size = vec2(LEADER_WIDTH, 74.0);
        let (rect, response) = ui.allocate_exact_size(size, Sense::click());
        record_place(ui, Spot::Leader(player), rect);
        if half == Half::Theirs {
            register_drop_target(ui, rect, DropTarget::Leader(player));
        }
        let label = if is_target {
            format!("{} leader (target)", cx.view.seat_name(player))
        } else {
            format!("{} leader", cx.view.seat_name(player))
        };
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
        let painter = ui.painter();
        if is_target {
            painter.rect_stroke(
                rect.expand(3.0),
                CornerRadius::same(9),
                Stroke::new(3.0, Color32::from_rgb(240, 70, 60)),
                StrokeKind::Outside,
            );
        }
        let active = cx.board.active == player;
        painter.rect(
            rect,
            CornerRadius::same(6),
            if active {
                Color32::from_rgb(48, 50, 66)
            } else {
                Color32::from_rgb(32, 34, 42)
            },
            Stroke::new(3.0, class_colour(def.class)),
            StrokeKind::Inside,
        );
        painter.text(
            rect.left_top() + vec2(8.0, 6.0),
            Align2::LEFT_TOP,
            cx.view.seat_name(player),
            FontId::proportional(13.0),
            Color32::from_gray(200),
        );
        painter.text(
            rect.left_top() + vec2(8.0, 24.0),
            Align2::LEFT_TOP,
            def.display_name(),
            FontId::proportional(11.0),
            Color32::from_gray(160),
        );
        painter.text(
            rect.right_center() - vec2(10.0, -6.0),
            Align2::RIGHT_CENTER,
            side.leader_defense.to_string(),
            FontId::proportional(30.0),
            if side.leader_defense <= 5 {
                Color32::from_rgb(255, 110, 100)
            } else {
                Color32::WHITE
            },
        );
        painter.text(
            rect.left_bottom() + vec2(8.0, -6.0),
            Align2::LEFT_BOTTOM,
            "Defense",
            FontId::proportional(11.0),
            Color32::from_gray(160),
        );
        let badges = lent_badges(ui.ctx());
        let on_leader = badges.iter().flat_map(|b| &b.leaders);
        let on_leader: Vec<&LentBadge> = on_leader
            .filter(|(seat, _)| *seat == player)
            .map(|(_, badge)| badge)
            .collect();
        // Between the leader's name and "Defense", left of the number.
        let row = egui::Rect::from_min_max(
            rect.left_top() + vec2(8.0, 40.0),
            rect.right_top() + vec2(-58.0, 54.0),
        );
        lent_badges_ui(ui, row, &on_leader);
        if response.clicked() {
            intents.push(leader_click(cx, player));
        }
        if let Some(clocks) = &cx.view.clocks {
            seat_clocks_ui(ui, clocks, player, &cx.view.seat_name(player));
        }

        ui.label(
            RichText::new(format!(
                "PP {}/{}   EP {}   SEP {}",
                side.pp, side.max_pp, side.ep, side.sep
            ))
            .size(15.0)
            .strong(),
        );
        // Counts, effects on the player and delayed abilities
        // (`side_line.rs`). The line is there even when empty, so the
        // leader column (and the board under it) keeps its height when a
        // combo starts.
        let extras = super::side_line::SideLine::of(side, player, &cx.view.db);
        let line = ui.label(extras.text());
        if !extras.words.is_empty() {
            line.on_hover_text(extras.words.join("\n"));
        }
        let counts = ui.label(format!(
            "Deck {}   Hand {}",
            side.deck_count,
            side.hand.len()
        ));
        record_place(ui, Spot::Deck(player), counts.rect);
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = 4.0;
            let zones = [
                (
                    BrowsedZone::Cemetery,
                    format!("Cemetery {}", side.cemetery.len()),
                ),
                (
                    BrowsedZone::Banished,
                    format!("Banished {}", side.banished.len()),
                ),
                (
                    BrowsedZone::EvolveDeck,
                    match side.evolve_used.len() {
                        0 => format!("Evolve deck {}", side.evolve_deck.len()),
                        used => format!("Evolve deck {} ({used} used)", side.evolve_deck.len()),
                    },
                ),
            ];
            for (zone, text) in zones {
                let open = self.browsing == Some((half, zone));
                let who = cx.view.seat_name(player);
                let response = ui
                    .selectable_label(open, RichText::new(text).small())
                    .on_hover_text(format!("Browse {who}'s {}", zone_name(zone)));
                match zone {
                    BrowsedZone::Cemetery => {
                        record_place(ui, Spot::Cemetery(player), response.rect);
                    }
                    BrowsedZone::Banished => {
                        record_place(ui, Spot::Banished(player), response.rect);
                    }
                    BrowsedZone::EvolveDeck => {}
                }
                if response.clicked() {
                    self.browsing = if open { None } else { Some((half, zone)) };
                }
            }
        });
    }

    /// The zone being browsed, in a panel at the right of the board
    /// (drawn before the board, which takes the room left): the public
    /// cards of a cemetery, banished zone or evolve deck. Face-down cards
    /// its viewer may not see are only counted.
    pub fn zone_panel_ui(&mut self, ui: &mut Ui, view: &MatchView, board: Board<'_>) {
        let Some((half, zone)) = self.browsing else {
            return;
        };
        let (side, player) = match half {
            Half::Theirs => (board.theirs, board.me.opponent()),
            Half::Mine => (board.mine, board.me),
        };
        let (shown, hidden): (Vec<&CardView>, usize) = match zone {
            BrowsedZone::Cemetery => (side.cemetery.iter().collect(), 0),
            BrowsedZone::Banished => (side.banished.iter().collect(), 0),
            BrowsedZone::EvolveDeck => {
                let face_down: Vec<&CardView> = side.evolve_deck.iter().flatten().collect();
                let hidden = side.evolve_deck.len() - face_down.len();
                (
                    face_down.into_iter().chain(&side.evolve_used).collect(),
                    hidden,
                )
            }
        };
        let title = format!("{}'s {}", view.seat_name(player), zone_name(zone));
        let mut close = false;
        // Two columns of cards where there is room, one in a narrow
        // window, so the board keeps its width.
        let width = if ui.available_width() < NARROW_BOARD {
            ZONE_CARD_SIZE.x + 24.0
        } else {
            ZONE_PANEL_WIDTH
        };
        egui::Panel::right("zone panel")
            .resizable(false)
            .exact_size(width)
            .show(ui, |ui| {
                ui.add(egui::Label::new(RichText::new(&title).strong()).wrap());
                ui.horizontal(|ui| {
                    ui.label(RichText::new(format!("{} cards", shown.len() + hidden)).weak());
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        close = ui
                            .small_button("Close")
                            .on_hover_text("Close this zone")
                            .clicked();
                    });
                });
                if hidden > 0 {
                    ui.label(format!("{hidden} face down (hidden)."));
                }
                ui.separator();
                egui::ScrollArea::vertical()
                    .id_salt("zone panel cards")
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        if shown.is_empty() && hidden == 0 {
                            ui.weak("Empty.");
                        }
                        ui.horizontal_wrapped(|ui| {
                            for card in shown {
                                let name = zone_card_name(view, card);
                                let label = format!("{name} ({title})");
                                card_ui(
                                    ui,
                                    &view.db,
                                    card,
                                    ZONE_CARD_SIZE,
                                    CardLook::default(),
                                    &label,
                                );
                            }
                        });
                    });
            });
        if close {
            self.browsing = None;
        }
    }
}

/// The width of the zone panel: two columns of cards.
const ZONE_PANEL_WIDTH: f32 = 214.0;

/// Below this width the zone panel takes one column of cards.
const NARROW_BOARD: f32 = 820.0;

/// The size of a card in the zone panel.
const ZONE_CARD_SIZE: Vec2 = vec2(92.0, 127.0);

fn side_of<'a>(cx: &BoardContext<'a>, half: Half) -> &'a SideView {
    match half {
        Half::Theirs => cx.board.theirs,
        Half::Mine => cx.board.mine,
    }
}

fn player_of(cx: &BoardContext<'_>, half: Half) -> PlayerId {
    match half {
        Half::Theirs => cx.board.me.opponent(),
        Half::Mine => cx.board.me,
    }
}

fn zone_name(zone: BrowsedZone) -> &'static str {
    match zone {
        BrowsedZone::Cemetery => "cemetery",
        BrowsedZone::Banished => "banished zone",
        BrowsedZone::EvolveDeck => "evolve deck",
    }
}

fn card_name(cx: &BoardContext<'_>, card: &CardView) -> String {
    zone_card_name(cx.view, card)
}

fn zone_card_name(view: &MatchView, card: &CardView) -> String {
    view.db
        .get(card.evolved.unwrap_or(card.def))
        .display_name()
        .to_owned()
}

fn their_hand_ui(ui: &mut Ui, cx: &BoardContext<'_>, side: &SideView) {
    let small = cx.card_size * 0.5;
    let row = ui.horizontal(|ui| {
        // As tall with no cards as with some: the board under it stays.
        ui.set_min_height(small.y);
        ui.spacing_mut().item_spacing.x = 3.0;
        for card in &side.hand {
            match card {
                // Bot-vs-bot matches show both hands.
                Some(card) => {
                    let label = format!("{} (opponent's hand)", card_name(cx, card));
                    let response =
                        card_ui(ui, &cx.view.db, card, small, CardLook::default(), &label);
                    record_card(ui, card, response.rect);
                }
                None => {
                    card_back_ui(ui, small);
                }
            }
        }
        ui.label(RichText::new(format!("{} cards in hand", side.hand.len())).weak());
    });
    record_place(ui, Spot::Hand(cx.board.me.opponent()), row.response.rect);
}

fn zones_ui(ui: &mut Ui, cx: &BoardContext<'_>, half: Half, intents: &mut Intents) {
    let side = side_of(cx, half);
    let spacing = ui.spacing().item_spacing.x;
    let ex_width = if side.ex_area.is_empty() {
        EMPTY_EX_WIDTH
    } else {
        row_width(cx, &side.ex_area, side.ex_area.len(), spacing)
    };
    let mut blocks = vec![
        (
            ZoneBlock::Field,
            row_width(cx, &side.field, FIELD_SLOTS, spacing),
        ),
        (ZoneBlock::ExArea, ex_width),
    ];
    // Only while it holds a card, so a board without one is as before.
    if !side.trigger_zone.is_empty() {
        let n_cards = side.trigger_zone.len();
        let width = row_width(cx, &side.trigger_zone, n_cards, spacing);
        blocks.push((ZoneBlock::TriggerZone, width));
    }
    // Each zone goes beside the one before when the row has room, under
    // it otherwise, so a narrow window never pushes one under the log (and
    // a zone that comes and goes never moves the ones before it).
    let rows = zone_rows(&blocks, ui.available_width(), spacing);
    let zones = ui
        .vertical(|ui| {
            for row in rows {
                match row.as_slice() {
                    [block] => zone_block_ui(ui, cx, half, *block, intents),
                    blocks => {
                        ui.horizontal_top(|ui| {
                            for (block_idx, block) in blocks.iter().enumerate() {
                                if block_idx > 0 {
                                    ui.add_space(ZONE_GAP);
                                }
                                zone_block_ui(ui, cx, half, *block, intents);
                            }
                        });
                    }
                }
            }
        })
        .response
        .rect;
    if half == Half::Mine {
        // The hand is drawn after: a card dragged from it is dropped here.
        ui.ctx()
            .data_mut(|data| data.insert_temp(play_zone_id(), zones));
    }
}

/// A zone of one side's row of zones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ZoneBlock {
    Field,
    ExArea,
    TriggerZone,
}

/// `blocks` (each with its width) in rows no wider than `room`, in order.
fn zone_rows(blocks: &[(ZoneBlock, f32)], room: f32, spacing: f32) -> Vec<Vec<ZoneBlock>> {
    let mut rows: Vec<Vec<ZoneBlock>> = Vec::new();
    let mut row_end = 0.0;
    for &(block, width) in blocks {
        match rows.last_mut() {
            Some(row) if row_end + ZONE_GAP + spacing + width <= room => {
                row.push(block);
                row_end += ZONE_GAP + spacing + width;
            }
            _ => {
                rows.push(vec![block]);
                row_end = width;
            }
        }
    }
    rows
}

fn zone_block_ui(
    ui: &mut Ui,
    cx: &BoardContext<'_>,
    half: Half,
    block: ZoneBlock,
    intents: &mut Intents,
) {
    match block {
        ZoneBlock::Field => field_ui(ui, cx, half, intents),
        ZoneBlock::ExArea => ex_area_ui(ui, cx, half, intents),
        ZoneBlock::TriggerZone => trigger_zone_ui(ui, cx, half, intents),
    }
}

/// Room between the field and the EX area.
const ZONE_GAP: f32 = 14.0;

/// Width of the "EX area (empty)" label that stands for an empty EX area.
const EMPTY_EX_WIDTH: f32 = 100.0;

/// The width of a row of `slots` slots holding `cards` (engaged cards lie
/// sideways, as wide as a card is tall).
fn row_width(cx: &BoardContext<'_>, cards: &[CardView], slots: usize, spacing: f32) -> f32 {
    let card_width = |card: &CardView| {
        if card.engaged {
            cx.card_size.y
        } else {
            cx.card_size.x
        }
    };
    let cards_width: f32 = cards.iter().take(slots).map(card_width).sum();
    let empty = slots.saturating_sub(cards.len()) as f32 * cx.card_size.x;
    cards_width + empty + slots.saturating_sub(1) as f32 * spacing
}

fn field_ui(ui: &mut Ui, cx: &BoardContext<'_>, half: Half, intents: &mut Intents) {
    let side = side_of(cx, half);
    ui.vertical(|ui| {
        ui.label(RichText::new("Field").small().weak());
        ui.horizontal_top(|ui| {
            for slot in 0..FIELD_SLOTS {
                match side.field.get(slot) {
                    Some(card) => field_card_ui(ui, cx, card, Place::Field(half), intents),
                    // A face-down card you can't see (a Starting Amulet
                    // until both mulligans are done, later-sets §2.2).
                    None if slot < side.field.len() + side.hidden_field => {
                        super::card::card_back_ui(ui, cx.card_size).on_hover_text(
                            "A face-down card: turned face up once both players have mulliganed.",
                        );
                    }
                    None => {
                        ui.vertical(|ui| {
                            empty_slot_ui(ui, cx.card_size);
                            if half == Half::Mine {
                                ui.add_space(BUTTON_ROW);
                            }
                        });
                    }
                }
            }
        });
    });
}

/// The EX area: only the cards in it, or a short label when it is empty
/// (cards come to it from effects, never by a drop, so it needs no empty
/// slots).
fn ex_area_ui(ui: &mut Ui, cx: &BoardContext<'_>, half: Half, intents: &mut Intents) {
    let side = side_of(cx, half);
    ui.vertical(|ui| {
        if side.ex_area.is_empty() {
            ui.label(RichText::new("EX area (empty)").small().weak());
            return;
        }
        ui.label(RichText::new("EX area").small().weak());
        ui.horizontal_top(|ui| {
            for card in side.ex_area.iter().take(FIELD_SLOTS) {
                field_card_ui(ui, cx, card, Place::ExArea(half), intents);
            }
        });
    });
}

/// The trigger zone (later-sets §2.3): the card a drive check revealed,
/// face up to both players while its Trigger is decided. Drawn only while
/// it holds a card.
fn trigger_zone_ui(ui: &mut Ui, cx: &BoardContext<'_>, half: Half, intents: &mut Intents) {
    let side = side_of(cx, half);
    ui.vertical(|ui| {
        ui.label(RichText::new("Trigger zone").small().weak())
            .on_hover_text("Revealed by a drive check while its Trigger is decided.");
        ui.horizontal_top(|ui| {
            for card in &side.trigger_zone {
                card_with_actions_ui(ui, cx, card, Place::TriggerZone(half), intents);
            }
        });
    });
}

/// The equipment tokens equipping a field follower (later-sets §5), as a
/// small line under it, each with its details on hover. Nothing when it
/// has none, so boards without equipment look as before.
fn equipment_ui(ui: &mut Ui, cx: &BoardContext<'_>, card: &CardView) {
    let equipment: Vec<&CardView> = [cx.board.mine, cx.board.theirs]
        .into_iter()
        .flat_map(|side| &side.equipment)
        .filter(|equipped| equipped.follower == Some(card.card))
        .map(|equipped| &equipped.card)
        .collect();
    for token in equipment {
        let name = cx.view.db.get(token.def).display_name();
        ui.label(RichText::new(format!("Equip: {name}")).small())
            .on_hover_ui(|ui| super::card::card_details_ui(ui, &cx.view.db, token));
    }
    // Its Drive Point, once it rode (later-sets §2.5).
    let rode = [cx.board.mine, cx.board.theirs]
        .into_iter()
        .flat_map(|side| &side.drive_zone)
        .find(|point| point.follower == Some(card.card));
    if let Some(point) = rode {
        ui.label(RichText::new("Rode: Drive Point").small())
            .on_hover_ui(|ui| super::card::card_details_ui(ui, &cx.view.db, &point.card));
    }
}

/// Height of the row of buttons under your field cards.
const BUTTON_ROW: f32 = 22.0;

fn field_card_ui(
    ui: &mut Ui,
    cx: &BoardContext<'_>,
    card: &CardView,
    place: Place,
    intents: &mut Intents,
) {
    ui.vertical(|ui| {
        let rect = card_with_actions_ui(ui, cx, card, place, intents);
        let badges = lent_badges(ui.ctx());
        let on_card: Vec<&LentBadge> = badges
            .iter()
            .flat_map(|b| &b.cards)
            .filter(|(on, _)| *on == card.card)
            .map(|(_, badge)| badge)
            .collect();
        // Along the card's foot, over its face; a follower's just above
        // its attack and defense (as tall as `card.rs` paints them).
        let stats = if cx.view.db.get(card.def).card_type.is_follower() {
            20.0 * rect.width().min(rect.height()) / 100.0 + 2.0
        } else {
            0.0
        };
        let foot = rect.bottom() - stats;
        let row = egui::Rect::from_min_max(
            egui::pos2(rect.left() + 3.0, foot - 17.0),
            egui::pos2(rect.right() - 3.0, foot - 3.0),
        );
        lent_badges_ui(ui, row, &on_card);
        equipment_ui(ui, cx, card);
        if place == Place::Field(Half::Mine) {
            let moves = cx.moves.card(card.card);
            let labels = cx.decision.map(|d| d.labels.as_slice()).unwrap_or(&[]);
            let width = if card.engaged {
                cx.card_size.y
            } else {
                cx.card_size.x
            };
            ui.allocate_ui(vec2(width, BUTTON_ROW), |ui| {
                ui.horizontal(|ui| {
                    if !moves.evolve.is_empty() {
                        ui.menu_button("Evolve", |ui| {
                            for option in &moves.evolve {
                                let text = evolve_label(cx, *option, labels);
                                if ui.button(text).clicked() {
                                    intents.push(Intent::Answer(vec![*option]));
                                }
                            }
                        });
                    }
                    if !moves.activate.is_empty() {
                        ui.menu_button("Act", |ui| {
                            for option in &moves.activate {
                                let text = labels.get(*option).cloned().unwrap_or_default();
                                if ui.button(text).clicked() {
                                    intents.push(Intent::Answer(vec![*option]));
                                }
                            }
                        });
                    }
                });
            });
        }
        if card.engaged {
            // A card lying sideways is shorter: keep the row's height.
            ui.add_space(cx.card_size.y - cx.card_size.x);
        }
    });
}

fn hand_ui(ui: &mut Ui, cx: &BoardContext<'_>, intents: &mut Intents) {
    ui.label(RichText::new("Hand").small().weak());
    let hand = &cx.board.mine.hand;
    // The hand has room to spare: larger cards, as long as they fit the row.
    let room = ui.available_width() / hand.len().max(1) as f32 - ui.spacing().item_spacing.x;
    let width = (cx.card_size.x * 1.25).min(room).max(cx.card_size.x);
    let hand_cx = BoardContext {
        card_size: vec2(width, width * cx.card_size.y / cx.card_size.x),
        ..cx.clone()
    };
    let shown = egui::ScrollArea::horizontal()
        .id_salt("hand")
        .show(ui, |ui| {
            ui.horizontal_top(|ui| {
                // Room for the first card's glow inside the scroll area's clip.
                ui.add_space(8.0);
                for card in hand.iter().flatten() {
                    card_with_actions_ui(ui, &hand_cx, card, Place::Hand, intents);
                }
                if hand.is_empty() {
                    ui.label(RichText::new("(empty)").weak());
                }
            });
        });
    record_place(ui, Spot::Hand(cx.board.me), shown.inner_rect);
}

/// One face-up card: highlight from the legal moves, click to act, right
/// click for the full menu of its options and the preview's pin. Returns
/// where it was drawn.
fn card_with_actions_ui(
    ui: &mut Ui,
    cx: &BoardContext<'_>,
    card: &CardView,
    place: Place,
    intents: &mut Intents,
) -> egui::Rect {
    let look = look_of(cx, card, place);
    let name = card_name(cx, card);
    let status = match look.highlight {
        Highlight::Playable => ", can act",
        Highlight::Selected => ", attacking",
        Highlight::Target => ", target",
        Highlight::Pickable => ", pickable",
        Highlight::Picked(_) => ", picked",
        Highlight::None => "",
    };
    let label = format!("{name} ({}{status})", place.name());
    let response = card_ui(ui, &cx.view.db, card, cx.card_size, look, &label);
    record_card(ui, card, response.rect);
    if response.clicked() {
        intents.push(card_click(cx, card, place));
    }
    match place {
        Place::Field(Half::Theirs) => {
            register_drop_target(ui, response.rect, DropTarget::Follower(card.card));
        }
        Place::Field(Half::Mine) if cx.moves.can_attack(card.card) => {
            drag_attack_ui(ui, cx, card, &response, intents);
        }
        // A card played from the EX area can be dragged onto the field too.
        Place::Hand | Place::ExArea(Half::Mine) => {
            if let Some(option) = cx.moves.card(card.card).play {
                drag_play_ui(ui, cx, card, option, &response, intents);
            }
        }
        _ => {}
    }
    response.context_menu(|ui| card_menu_head_ui(ui, cx, card, intents));
    response.rect
}

/// The start of every card menu on the board: the preview's pin, the
/// card's details, and its options in the pending decision. The bench's
/// menu (`bench_menu.rs`) goes on from here.
pub(super) fn card_menu_head_ui(
    ui: &mut Ui,
    cx: &BoardContext<'_>,
    card: &CardView,
    intents: &mut Intents,
) {
    let pin = if preview::is_pinned(ui.ctx(), card) {
        "Unpin preview"
    } else {
        "Pin preview"
    };
    if ui.button(pin).clicked() {
        preview::toggle_pin(ui.ctx(), card);
        ui.close();
    }
    ui.separator();
    card_details_ui(ui, &cx.view.db, card);
    let Some(decision) = cx.decision else {
        return;
    };
    let options = cx.moves.card(card.card).all();
    if !options.is_empty() {
        ui.separator();
    }
    for option in options {
        let text = decision.labels.get(option).cloned().unwrap_or_default();
        if ui.button(text).clicked() {
            intents.push(option_intent(decision, option));
            ui.close();
        }
    }
}

fn evolve_label(cx: &BoardContext<'_>, option: usize, labels: &[String]) -> String {
    let Some(Choice::Action(Action::Evolve {
        card,
        use_ep,
        super_evolve,
    })) = cx.decision.and_then(|d| d.decision.options.get(option))
    else {
        return labels.get(option).cloned().unwrap_or_default();
    };
    let def = cx
        .board
        .mine
        .field
        .iter()
        .find(|c| c.card == *card)
        .map(|c| cx.view.db.get(c.def));
    // Faces may cost their own (later-sets §10): the range, asked later.
    let costs = def.map_or_else(Vec::new, |def| {
        def.evolve_cost
            .into_iter()
            .chain(def.face_evolve_costs.iter().map(|own| own.cost))
            .map(i32::from)
            .collect()
    });
    let low = costs.iter().copied().min().unwrap_or(0);
    let high = costs.iter().copied().max().unwrap_or(0);
    let ep = i32::from(*use_ep);
    let pp = if low == high {
        format!("{} PP", (low - ep).max(0))
    } else {
        format!("{}–{} PP", (low - ep).max(0), (high - ep).max(0))
    };
    let pay = if *use_ep { format!("1 EP + {pp}") } else { pp };
    if *super_evolve {
        format!("Super evolve ({pay} + 1 SEP)")
    } else {
        format!("Evolve ({pay})")
    }
}

#[cfg(test)]
mod tests;
