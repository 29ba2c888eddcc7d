//! The sandbox tools of the debug tab: put any card into any zone, set
//! resources, draw; save the board as a scenario file and save a bug-report
//! bundle. Every change is sent to the match worker as an intent and applied
//! by the engine's sandbox API (through its mutation choke point).

use crate::intent::{Intent, Intents};
use crate::match_view::MatchView;
use egui::{RichText, Ui};
use sve_host::engine::{PlayerId, SandboxAction, Zone};

/// Zones a card can be put into, with their labels.
const ZONES: [(Zone, &str); 7] = [
    (Zone::Hand, "Hand"),
    (Zone::Field, "Field"),
    (Zone::ExArea, "EX area"),
    (Zone::Cemetery, "Cemetery"),
    (Zone::Banished, "Banished"),
    (Zone::Deck, "Top of deck"),
    (Zone::EvolveDeck, "Evolve deck"),
];

/// The sandbox panel's own state (what is typed, not the match).
#[derive(Debug)]
pub struct SandboxPanel {
    player: PlayerId,
    card: String,
    zone: Zone,
    pp: i32,
    max_pp: i32,
    ep: i32,
    sep: i32,
    leader: i32,
    draw: u32,
}

impl Default for SandboxPanel {
    fn default() -> SandboxPanel {
        SandboxPanel {
            player: PlayerId(0),
            card: String::new(),
            zone: Zone::Hand,
            pp: 10,
            max_pp: 10,
            ep: 3,
            sep: 1,
            leader: 20,
            draw: 1,
        }
    }
}

impl SandboxPanel {
    /// Draws the tools; changes become intents.
    pub fn ui(&mut self, ui: &mut Ui, view: &MatchView, intents: &mut Intents) {
        let Self {
            player,
            card,
            zone,
            pp,
            max_pp,
            ep,
            sep,
            leader,
            draw,
        } = self;
        ui.label(
            RichText::new(
                "Sandbox changes happen outside the rules and are not part of the replay or undo.",
            )
            .weak(),
        );
        ui.horizontal(|ui| {
            ui.label("Player:");
            ui.selectable_value(player, PlayerId(0), "P1");
            ui.selectable_value(player, PlayerId(1), "P2");
        });
        ui.separator();
        ui.horizontal(|ui| {
            let label = ui.label("Card id or name:");
            ui.add(egui::TextEdit::singleline(card).desired_width(220.0))
                .labelled_by(label.id);
            egui::ComboBox::from_id_salt("sandbox zone")
                .selected_text(zone_label(*zone))
                .show_ui(ui, |ui| {
                    for (z, label) in ZONES {
                        ui.selectable_value(zone, z, label);
                    }
                });
            if ui.button("Put card").clicked() {
                let name = card.trim();
                match view.db.by_card_id(name).or_else(|| view.db.by_name(name)) {
                    Some(def) => intents.push(Intent::Sandbox(SandboxAction::PutCard {
                        player: *player,
                        def,
                        zone: *zone,
                    })),
                    None => intents.push(Intent::Explain(format!("No card `{name}` is loaded."))),
                }
            }
        });
        ui.horizontal(|ui| {
            ui.label("PP");
            ui.add(egui::DragValue::new(pp).range(0..=10));
            ui.label("/");
            ui.add(egui::DragValue::new(max_pp).range(0..=10));
            if ui.button("Set play points").clicked() {
                intents.push(Intent::Sandbox(SandboxAction::SetPlayPoints {
                    player: *player,
                    pp: *pp,
                    max_pp: *max_pp,
                }));
            }
        });
        ui.horizontal(|ui| {
            ui.label("EP");
            ui.add(egui::DragValue::new(ep).range(0..=20));
            if ui.button("Set EP").clicked() {
                intents.push(Intent::Sandbox(SandboxAction::SetEvolvePoints {
                    player: *player,
                    ep: *ep,
                }));
            }
            ui.label("SEP");
            ui.add(egui::DragValue::new(sep).range(0..=5));
            if ui.button("Set SEP").clicked() {
                intents.push(Intent::Sandbox(SandboxAction::SetSuperEvolvePoints {
                    player: *player,
                    sep: *sep,
                }));
            }
        });
        ui.horizontal(|ui| {
            ui.label("Leader defense");
            ui.add(egui::DragValue::new(leader).range(-20..=99));
            if ui.button("Set leader defense").clicked() {
                intents.push(Intent::Sandbox(SandboxAction::SetLeaderDefense {
                    player: *player,
                    defense: *leader,
                }));
            }
            ui.label("Draw");
            ui.add(egui::DragValue::new(draw).range(1..=40));
            if ui.button("Draw cards").clicked() {
                intents.push(Intent::Sandbox(SandboxAction::Draw {
                    player: *player,
                    count: *draw,
                }));
            }
        });
        ui.separator();
        ui.horizontal(|ui| {
            if ui.button("Save board as scenario").clicked() {
                intents.push(Intent::SaveScenario);
            }
            if ui.button("Save bug report").clicked() {
                intents.push(Intent::SaveBugReport);
            }
        });
    }
}

fn zone_label(zone: Zone) -> &'static str {
    ZONES
        .iter()
        .find(|(z, _)| *z == zone)
        .map_or("?", |(_, label)| label)
}
