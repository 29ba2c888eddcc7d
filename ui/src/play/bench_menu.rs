//! The playtesting bench on the board: a middle click on a card opens the
//! card inspector on it, and a right click on a card, a leader,
//! a hand, a deck count, the cemetery or the banished zone opens a menu of
//! what a designer does there: inspect the card, destroy it or deal it
//! damage (on the field), put copies of cards into zones, draw, set leader
//! defense, play points and evolve points. Each
//! change is a [`SandboxAction`] sent to the match worker, which applies it
//! through the engine's sandbox API and confirms it with a notice.
//!
//! The board draws itself (`board/`); this layer reads where it drew
//! what (the frame's spots, `anim::spots`) and answers right clicks that
//! land there, after the board has drawn. A card's menu starts with what
//! the board's own card menu offers (the preview's pin, the card's details
//! and its options in the pending decision: one function draws both), so it replaces that menu in a local match rather
//! than competing with it: egui keeps one popup open, the last one opened.
//! Online the layer is not drawn; in a watched replay it offers only the
//! inspector (a middle click, and a card's menu without the sandbox).

use super::anim::Spot;
use super::anim::spots::frame_spots;
use super::board::{BoardContext, card_menu_head_ui};
use crate::intent::{Intent, Intents};
use egui::containers::menu::menu_style;
use egui::{
    Align, Id, Layout, Popup, PopupAnchor, PopupCloseBehavior, RichText, SetOpenCommand, Ui,
};
use sve_engine::engine::view::{CardView, SideView};
use sve_engine::engine::{PlayerId, SANDBOX_DAMAGE_LIMIT, SandboxAction, Zone};

/// What a right click landed on.
#[derive(Clone, Debug, PartialEq)]
enum Target {
    /// A face-up card, and whose it is.
    Card {
        /// The card as drawn.
        card: CardView,
        /// Who controls it.
        player: PlayerId,
    },
    /// A place of the board.
    Place(Spot),
}

/// The bench menu's own state: what it was opened on, and what is typed
/// or dialled in it.
#[derive(Debug)]
pub struct BenchMenu {
    target: Option<Target>,
    /// The card id or name typed for "Put a card".
    card_name: String,
    /// Leader defense, play points, max play points, EP, SEP dialled in the
    /// leader's menu (set from the side when the menu opens).
    leader: i32,
    pp: i32,
    max_pp: i32,
    ep: i32,
    sep: i32,
    /// The damage dialled in a follower's menu.
    damage: i32,
}

impl Default for BenchMenu {
    fn default() -> BenchMenu {
        BenchMenu {
            target: None,
            card_name: String::new(),
            leader: 20,
            pp: 0,
            max_pp: 0,
            ep: 0,
            sep: 0,
            damage: 1,
        }
    }
}

/// The zones a card can be put into from a card's menu, with their words.
const CARD_ZONES: [(Zone, &str); 5] = [
    (Zone::Hand, "hand"),
    (Zone::Field, "field"),
    (Zone::ExArea, "EX area"),
    (Zone::Cemetery, "cemetery"),
    (Zone::Deck, "deck (top)"),
];

impl BenchMenu {
    /// Opens the menu on a right click that landed on the board this
    /// frame, and draws the open menu. Call after the board is drawn.
    /// Without `sandbox` (a watched replay) only cards have a menu, and it
    /// changes nothing.
    pub fn ui(&mut self, ui: &mut Ui, cx: &BoardContext<'_>, sandbox: bool, intents: &mut Intents) {
        let clicked_at = ui
            .input(|input| {
                input
                    .pointer
                    .secondary_clicked()
                    .then(|| input.pointer.interact_pos())
            })
            .flatten()
            // Not a click on a window over the board.
            .filter(|pos| ui.ctx().layer_id_at(*pos) == Some(ui.layer_id()));
        // A middle click on a card inspects it at once.
        let middle_clicked_at = ui
            .input(|input| {
                input
                    .pointer
                    .button_clicked(egui::PointerButton::Middle)
                    .then(|| input.pointer.interact_pos())
            })
            .flatten()
            .filter(|pos| ui.ctx().layer_id_at(*pos) == Some(ui.layer_id()));
        if let Some(pos) = middle_clicked_at
            && let Some(Target::Card { card, .. }) = target_at(ui, cx, pos)
        {
            intents.push(Intent::Inspect(card.card));
        }
        let mut open_now = false;
        if let Some(pos) = clicked_at
            && let Some(target) = target_at(ui, cx, pos)
            && (sandbox || matches!(target, Target::Card { .. }))
        {
            self.open_on(cx, target);
            open_now = true;
        }
        if self.target.is_none() {
            return;
        }
        let shown = Popup::new(
            popup_id(),
            ui.ctx().clone(),
            PopupAnchor::PointerFixed,
            ui.layer_id(),
        )
        .kind(egui::PopupKind::Menu)
        .layout(Layout::top_down_justified(Align::Min))
        .style(menu_style)
        .close_behavior(PopupCloseBehavior::CloseOnClickOutside)
        .accessible_name("Bench menu")
        .open_memory(open_now.then_some(SetOpenCommand::Bool(true)))
        .show(|ui| self.menu_ui(ui, cx, sandbox, intents));
        if shown.is_none() {
            self.target = None;
        }
    }

    /// Starts a menu on `target`, its dials set from the board.
    fn open_on(&mut self, cx: &BoardContext<'_>, target: Target) {
        if let Target::Place(Spot::Leader(player)) = &target {
            let side = side_of(cx, *player);
            self.leader = side.leader_defense;
            self.pp = side.pp;
            self.max_pp = side.max_pp;
            self.ep = side.ep;
            self.sep = side.sep;
        }
        self.target = Some(target);
    }

    fn menu_ui(
        &mut self,
        ui: &mut Ui,
        cx: &BoardContext<'_>,
        sandbox: bool,
        intents: &mut Intents,
    ) {
        let Some(target) = self.target.clone() else {
            return;
        };
        match target {
            Target::Card { card, player } => {
                let damage = sandbox.then_some(&mut self.damage);
                card_menu_ui(ui, cx, &card, player, damage, intents);
            }
            Target::Place(spot) => self.place_menu_ui(ui, cx, spot, intents),
        }
    }

    fn place_menu_ui(
        &mut self,
        ui: &mut Ui,
        cx: &BoardContext<'_>,
        spot: Spot,
        intents: &mut Intents,
    ) {
        let Self {
            target: _,
            card_name,
            leader,
            pp,
            max_pp,
            ep,
            sep,
            damage: _,
        } = self;
        let (player, zone, title) = match spot {
            Spot::Leader(player) => (player, None, format!("{player}'s leader")),
            Spot::Hand(player) => (player, Some(Zone::Hand), format!("{player}'s hand")),
            Spot::Deck(player) => (player, Some(Zone::Deck), format!("{player}'s deck")),
            Spot::Cemetery(player) => {
                (player, Some(Zone::Cemetery), format!("{player}'s cemetery"))
            }
            Spot::Banished(player) => (
                player,
                Some(Zone::Banished),
                format!("{player}'s banished zone"),
            ),
            Spot::Card(_) | Spot::Stage => return,
        };
        ui.label(RichText::new(format!("Sandbox: {title}")).strong());
        let mut send = |action: SandboxAction, ui: &mut Ui| {
            intents.push(Intent::Sandbox(action));
            ui.close();
        };
        let draws = matches!(zone, None | Some(Zone::Hand | Zone::Deck));
        if draws && ui.button(format!("Draw a card ({player})")).clicked() {
            send(SandboxAction::Draw { player, count: 1 }, ui);
        }
        if zone.is_none() {
            ui.separator();
            dial_ui(ui, "Leader defense", leader, -20..=99);
            if ui.button("Set leader defense").clicked() {
                send(
                    SandboxAction::SetLeaderDefense {
                        player,
                        defense: *leader,
                    },
                    ui,
                );
            }
            dial_ui(ui, "Play points", pp, 0..=10);
            dial_ui(ui, "Max play points", max_pp, 0..=10);
            if ui.button("Set play points").clicked() {
                send(
                    SandboxAction::SetPlayPoints {
                        player,
                        pp: *pp,
                        max_pp: *max_pp,
                    },
                    ui,
                );
            }
            dial_ui(ui, "Evolve points", ep, 0..=20);
            if ui.button("Set evolve points").clicked() {
                send(SandboxAction::SetEvolvePoints { player, ep: *ep }, ui);
            }
            dial_ui(ui, "Super-evolve points", sep, 0..=5);
            if ui.button("Set super-evolve points").clicked() {
                send(
                    SandboxAction::SetSuperEvolvePoints { player, sep: *sep },
                    ui,
                );
            }
        }
        ui.separator();
        ui.horizontal(|ui| {
            let label = ui.label("Card id or name:");
            ui.add(egui::TextEdit::singleline(card_name).desired_width(160.0))
                .labelled_by(label.id);
        });
        let zones: Vec<(Zone, &str)> = match zone {
            Some(zone) => CARD_ZONES
                .iter()
                .copied()
                .chain([(Zone::Banished, "banished zone")])
                .filter(|(z, _)| *z == zone)
                .collect(),
            None => CARD_ZONES.to_vec(),
        };
        let mut unknown = None;
        for (zone, words) in zones {
            if ui
                .button(format!("Put it into {player}'s {words}"))
                .clicked()
            {
                let name = card_name.trim();
                let db = &cx.view.db;
                match db.by_card_id(name).or_else(|| db.by_name(name)) {
                    Some(def) => send(SandboxAction::PutCard { player, def, zone }, ui),
                    None => unknown = Some(format!("No card `{name}` is loaded.")),
                }
            }
        }
        if let Some(explanation) = unknown {
            intents.push(Intent::Explain(explanation));
        }
    }
}

/// A card's menu: the board's own card menu (pin, details, options), then
/// Inspect, and with the sandbox (its damage dial given) on the field
/// Destroy and Deal damage, and the sandbox's copies.
fn card_menu_ui(
    ui: &mut Ui,
    cx: &BoardContext<'_>,
    card: &CardView,
    player: PlayerId,
    damage: Option<&mut i32>,
    intents: &mut Intents,
) {
    card_menu_head_ui(ui, cx, card, intents);
    ui.separator();
    if ui
        .button("Inspect card")
        .on_hover_text("A middle click on a card inspects it too.")
        .clicked()
    {
        intents.push(Intent::Inspect(card.card));
        ui.close();
    }
    let Some(damage) = damage else {
        return;
    };
    ui.label(RichText::new("Sandbox").weak());
    if on_field(cx, card.card) {
        field_card_ui(ui, cx, card, damage, intents);
        ui.separator();
    }
    // Only permanents go onto the field (the engine refuses the rest).
    let permanent = cx.view.db.get(card.def).card_type.is_permanent();
    for (zone, words) in CARD_ZONES {
        if zone == Zone::Field && !permanent {
            continue;
        }
        if ui
            .button(format!("Put a copy into {player}'s {words}"))
            .clicked()
        {
            intents.push(Intent::Sandbox(SandboxAction::PutCard {
                player,
                def: card.def,
                zone,
            }));
            ui.close();
        }
    }
}

/// Destroy and Deal damage, for a card on the field (damage to
/// followers only).
fn field_card_ui(
    ui: &mut Ui,
    cx: &BoardContext<'_>,
    card: &CardView,
    damage: &mut i32,
    intents: &mut Intents,
) {
    if ui
        .button("Destroy")
        .on_hover_text("Destroy it as the rules do: its last words trigger.")
        .clicked()
    {
        intents.push(Intent::Sandbox(SandboxAction::Destroy { card: card.card }));
        ui.close();
    }
    let def = cx.view.db.get(card.evolved.unwrap_or(card.def));
    if !def.card_type.is_follower() {
        return;
    }
    dial_ui(ui, "Damage", damage, 1..=SANDBOX_DAMAGE_LIMIT);
    if ui
        .button(format!("Deal {damage} damage"))
        .on_hover_text("Damage from no card; its own damage rules apply.")
        .clicked()
    {
        intents.push(Intent::Sandbox(SandboxAction::DealDamage {
            card: card.card,
            amount: *damage,
        }));
        ui.close();
    }
}

/// Whether a card is on either field.
fn on_field(cx: &BoardContext<'_>, card: sve_engine::engine::CardRef) -> bool {
    cx.board
        .mine
        .field
        .iter()
        .chain(&cx.board.theirs.field)
        .any(|c| c.card == card)
}

fn dial_ui(ui: &mut Ui, label: &str, value: &mut i32, range: std::ops::RangeInclusive<i32>) {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        ui.add(egui::DragValue::new(value).range(range))
            .labelled_by(label.id);
    });
}

fn popup_id() -> Id {
    Id::unique("sve bench menu")
}

/// What is drawn at `pos` this frame: a card first, else a place.
fn target_at(ui: &Ui, cx: &BoardContext<'_>, pos: egui::Pos2) -> Option<Target> {
    let spots = frame_spots(ui);
    if let Some((card, (_, view))) = spots.cards.iter().find(|(_, (rect, _))| rect.contains(pos)) {
        let player = controller_of(cx, *card)?;
        return Some(Target::Card {
            card: view.clone(),
            player,
        });
    }
    spots
        .places
        .iter()
        .find(|(spot, rect)| rect.contains(pos) && !matches!(spot, Spot::Card(_) | Spot::Stage))
        .map(|(spot, _)| Target::Place(*spot))
}

/// Who controls a card drawn face up on the board (its field, EX area,
/// trigger zone or hand).
fn controller_of(cx: &BoardContext<'_>, card: sve_engine::engine::CardRef) -> Option<PlayerId> {
    let holds = |side: &SideView| {
        side.field
            .iter()
            .chain(&side.ex_area)
            .chain(&side.trigger_zone)
            .chain(side.hand.iter().flatten())
            .any(|c| c.card == card)
    };
    if holds(cx.board.mine) {
        Some(cx.board.me)
    } else if holds(cx.board.theirs) {
        Some(cx.board.me.opponent())
    } else {
        None
    }
}

fn side_of<'a>(cx: &BoardContext<'a>, player: PlayerId) -> &'a SideView {
    if player == cx.board.me {
        cx.board.mine
    } else {
        cx.board.theirs
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture;
    use crate::play::selection::Selection;
    use sve_engine::engine::CardRef;

    #[test]
    fn a_card_in_a_trigger_zone_is_its_sides_for_the_menu_and_the_inspector() {
        // Later sets §2.3: the card a drive check revealed is face up, so
        // a right or middle click on it reaches its menu and the inspector.
        let db = fixture::declared_db();
        let mut mine = fixture::side(&db, "Arisa", 2);
        mine.trigger_zone.push(fixture::card(&db, 1, "Goblin"));
        let mut theirs = fixture::side(&db, "Erika", 2);
        theirs.trigger_zone.push(fixture::card(&db, 2, "Fighter"));
        let view = fixture::vs_bot(db, mine, theirs, None);
        fixture::with_board(&view, &Selection::default(), |cx| {
            assert_eq!(controller_of(cx, CardRef(1)), Some(PlayerId(0)));
            assert_eq!(controller_of(cx, CardRef(2)), Some(PlayerId(1)));
            assert_eq!(controller_of(cx, CardRef(3)), None);
        });
    }
}
