//! The sandbox tools of the debug tab: put any card into any zone, set
//! resources, draw; save the board as a scenario file and save a bug-report
//! bundle, in the save folder shown under the buttons with a button that
//! opens each folder ([`crate::save_folder`]). Every change is sent to the
//! match worker as an intent and applied by the engine's sandbox API
//! (through its mutation choke point). The board's right-click menu
//! (`bench_menu.rs`) offers the same changes where they apply.

use crate::intent::{Intent, Intents};
use crate::launch::open_folder;
use crate::match_view::MatchView;
use crate::save_folder::{bug_reports_dir, scenarios_dir};
use egui::{RichText, Ui};
use sve_engine::engine::{PlayerId, SandboxAction, Zone};

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
                "Sandbox changes happen outside the rules. Replays record them; undo keeps those made before the answer it takes back.",
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
            egui::ComboBox::from_label("Zone")
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
            let label = ui.label("PP");
            ui.add(egui::DragValue::new(pp).range(0..=10))
                .labelled_by(label.id);
            let label = ui.label("/");
            ui.add(egui::DragValue::new(max_pp).range(0..=10))
                .on_hover_text("Max play points")
                .labelled_by(label.id);
            if ui.button("Set play points").clicked() {
                intents.push(Intent::Sandbox(SandboxAction::SetPlayPoints {
                    player: *player,
                    pp: *pp,
                    max_pp: *max_pp,
                }));
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label("EP");
            ui.add(egui::DragValue::new(ep).range(0..=20))
                .labelled_by(label.id);
            if ui.button("Set EP").clicked() {
                intents.push(Intent::Sandbox(SandboxAction::SetEvolvePoints {
                    player: *player,
                    ep: *ep,
                }));
            }
            let label = ui.label("SEP");
            ui.add(egui::DragValue::new(sep).range(0..=5))
                .labelled_by(label.id);
            if ui.button("Set SEP").clicked() {
                intents.push(Intent::Sandbox(SandboxAction::SetSuperEvolvePoints {
                    player: *player,
                    sep: *sep,
                }));
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label("Leader defense");
            ui.add(egui::DragValue::new(leader).range(-20..=99))
                .labelled_by(label.id);
            if ui.button("Set leader defense").clicked() {
                intents.push(Intent::Sandbox(SandboxAction::SetLeaderDefense {
                    player: *player,
                    defense: *leader,
                }));
            }
            let label = ui.label("Draw");
            ui.add(egui::DragValue::new(draw).range(1..=40))
                .labelled_by(label.id);
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
        if let Some(save_dir) = &view.save_dir {
            let folders = [
                (
                    "Scenarios",
                    scenarios_dir(save_dir),
                    "Open scenarios folder",
                ),
                (
                    "Bug reports",
                    bug_reports_dir(save_dir),
                    "Open bug reports folder",
                ),
            ];
            egui::Grid::new("sandbox save folders")
                .num_columns(3)
                .show(ui, |ui| {
                    for (what, folder, button) in folders {
                        ui.label(format!("{what} are saved in"));
                        ui.monospace(folder.display().to_string());
                        if ui.button(button).clicked() {
                            intents.push(Intent::Launch(open_folder(&folder)));
                        }
                        ui.end_row();
                    }
                });
        }
    }
}

fn zone_label(zone: Zone) -> &'static str {
    ZONES
        .iter()
        .find(|(z, _)| *z == zone)
        .map_or("?", |(_, label)| label)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable as _;
    use std::path::PathBuf;

    #[test]
    fn the_save_folders_are_shown_with_a_button_that_opens_each() {
        let db = fixture::db();
        let mine = fixture::side(&db, "Arisa", 0);
        let theirs = fixture::side(&db, "Erika", 0);
        let mut view = fixture::vs_bot(db, mine, theirs, None);
        view.save_dir = Some(PathBuf::from("/home/ann/Documents/SVE Bench"));
        let mut harness = Harness::builder().with_size([900.0, 360.0]).build_ui_state(
            move |ui, (panel, intents): &mut (SandboxPanel, Intents)| {
                panel.ui(ui, &view, intents);
            },
            (SandboxPanel::default(), Intents::default()),
        );
        harness.run();
        assert!(
            harness
                .query_by_label("/home/ann/Documents/SVE Bench/scenarios")
                .is_some()
        );
        assert!(
            harness
                .query_by_label("/home/ann/Documents/SVE Bench/bug-reports")
                .is_some()
        );
        harness.get_by_label("Open bug reports folder").click();
        harness.run();
        let [Intent::Launch(launch)] = harness.state().1.as_slice() else {
            panic!("one launch: {:?}", harness.state().1.as_slice());
        };
        let folder = PathBuf::from("/home/ann/Documents/SVE Bench/bug-reports");
        assert_eq!(launch.args, [folder.clone().into_os_string()]);
        assert_eq!(launch.creates, Some(folder), "made if missing");
        harness.remove_cursor();
        harness.run_ok();
        harness.snapshot("sandbox_save_folders");
    }
}
