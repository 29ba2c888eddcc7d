//! The packs panel: the card packs that loaded (id, version, card API
//! version, priority, card count with the cards another pack's version
//! replaces, folder), which pack plays the cards several packs define
//! (declared `overrides`, or the higher priority: the notes), and every
//! problem found while loading them, located as `file:line:col`. Cards a
//! pack defines that don't play as that pack's version (a clash decided
//! them, `FallbackCard`) are listed apart, never left to be found in play.
//! Clicking a problem copies its location, to paste into an editor's "go
//! to file".

use egui::{Color32, RichText, Ui};
use sve_packs::packs::{FallbackCard, PackDiagnostic, PackInfo, Severity};

/// The packs panel's own state: the location copied last.
#[derive(Debug, Default)]
pub struct PacksPanel {
    copied: Option<String>,
}

impl PacksPanel {
    /// Draws the packs, the cards that don't play as a pack defines them,
    /// and the diagnostics.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        packs: &[PackInfo],
        fallback_cards: &[FallbackCard],
        diagnostics: &[PackDiagnostic],
        reloads: &[String],
    ) {
        let Self { copied } = self;
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.strong(format!("Loaded packs ({})", packs.len()));
                if packs.is_empty() {
                    ui.weak("No card packs loaded: the starter cards play without ability code.");
                } else {
                    egui::Grid::new("packs")
                        .num_columns(8)
                        .striped(true)
                        .spacing([16.0, 4.0])
                        .show(ui, |ui| {
                            for heading in [
                                "Id", "Name", "Version", "Card API", "Priority", "Cards", "Build",
                                "Folder",
                            ] {
                                ui.strong(heading);
                            }
                            ui.end_row();
                            for pack in packs {
                                ui.label(&pack.id);
                                ui.label(&pack.name);
                                ui.label(&pack.version);
                                ui.label(&pack.api_version);
                                ui.label(pack.priority.to_string());
                                ui.label(cards_cell(pack));
                                ui.monospace(&pack.content_hash);
                                ui.label(pack.dir.display().to_string());
                                ui.end_row();
                            }
                        });
                }
                let (notes, problems): (Vec<&PackDiagnostic>, Vec<&PackDiagnostic>) = diagnostics
                    .iter()
                    .partition(|d| d.severity == Severity::Note);
                if !notes.is_empty() {
                    ui.add_space(12.0);
                    ui.strong(format!("Cards in more than one pack ({})", notes.len()));
                    for note in &notes {
                        ui.monospace(&note.message);
                    }
                }
                if !fallback_cards.is_empty() {
                    ui.add_space(12.0);
                    ui.strong(format!(
                        "Cards that don't play as their pack defines them ({})",
                        fallback_cards.len()
                    ));
                    for card in fallback_cards {
                        ui.label(
                            RichText::new(card.to_string())
                                .monospace()
                                .color(Color32::from_rgb(240, 200, 80)),
                        );
                    }
                }
                ui.add_space(12.0);
                ui.strong(format!("Load problems ({})", problems.len()));
                if problems.is_empty() {
                    ui.weak("No problems.");
                } else {
                    ui.weak("Click a problem to copy its location.");
                }
                for diagnostic in problems {
                    let colour = match diagnostic.severity {
                        Severity::Error => Color32::from_rgb(255, 110, 100),
                        Severity::Warning => Color32::from_rgb(240, 200, 80),
                        Severity::Note => Color32::from_rgb(150, 190, 255),
                    };
                    let text = RichText::new(diagnostic.to_string())
                        .monospace()
                        .color(colour);
                    let response = ui
                        .add(egui::Button::new(text).frame(false))
                        .on_hover_text("Copy the location");
                    if response.clicked() {
                        let location = location(diagnostic);
                        ui.ctx().copy_text(location.clone());
                        *copied = Some(location);
                    }
                }
                if let Some(location) = copied {
                    ui.add_space(8.0);
                    ui.label(format!("Copied {location}"));
                }
                ui.add_space(12.0);
                ui.strong(format!("Reloads ({})", reloads.len()));
                if reloads.is_empty() {
                    ui.weak("No pack was reloaded yet; edit a pack's files to reload it.");
                }
                for line in reloads {
                    ui.monospace(line);
                }
            });
    }
}

/// A pack's card count, with the cards it defines that do not play.
fn cards_cell(pack: &PackInfo) -> String {
    let mut cell = pack.cards.to_string();
    let mut unused = Vec::new();
    if pack.cards_shadowed > 0 {
        unused.push(format!("{} in another pack's version", pack.cards_shadowed));
    }
    if pack.cards_in_conflict > 0 {
        unused.push(format!("{} in conflict", pack.cards_in_conflict));
    }
    if !unused.is_empty() {
        cell.push_str(&format!(
            " ({} used; {})",
            pack.cards_used(),
            unused.join(", ")
        ));
    }
    cell
}

/// `file:line:col`, as far as it is known.
pub fn location(diagnostic: &PackDiagnostic) -> String {
    let mut text = diagnostic.file.display().to_string();
    if let Some(line) = diagnostic.line {
        text.push_str(&format!(":{line}"));
        if let Some(col) = diagnostic.col {
            text.push_str(&format!(":{col}"));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable as _;
    use std::path::PathBuf;
    use sve_packs::packs::{FallbackReason, PlayedVersion};

    #[test]
    fn packs_are_listed_and_a_click_copies_a_problem_location() {
        let packs = vec![
            PackInfo {
                id: "rust-starter".to_owned(),
                name: "Rust starter".to_owned(),
                version: "0.1.0".to_owned(),
                api_version: "0.1.0".to_owned(),
                cards: 7,
                dir: PathBuf::from("card-packs/rust-starter"),
                content_hash: "00000000deadbeef".to_owned(),
                priority: 0,
                cards_shadowed: 0,
                cards_in_conflict: 0,
            },
            PackInfo {
                id: "community".to_owned(),
                name: "community".to_owned(),
                version: "0.0.0".to_owned(),
                api_version: "0.2.0".to_owned(),
                cards: 505,
                dir: PathBuf::from("card-packs/community"),
                content_hash: "00000000cafef00d".to_owned(),
                priority: -1,
                cards_shadowed: 122,
                cards_in_conflict: 0,
            },
        ];
        let diagnostics = vec![
            PackDiagnostic {
                file: PathBuf::from("card-packs/broken/src/lib.rs"),
                line: Some(12),
                col: Some(5),
                severity: Severity::Error,
                message: "expected `;`".to_owned(),
            },
            PackDiagnostic {
                file: PathBuf::from("card-packs/fixes/pack.toml"),
                line: None,
                col: None,
                severity: Severity::Note,
                message: "pack `fixes` replaces card `SD02-001` of pack `rust-starter` (declared in `overrides`)".to_owned(),
            },
            PackDiagnostic {
                file: PathBuf::from("card-packs/community"),
                line: None,
                col: None,
                severity: Severity::Note,
                message: "pack `community`: 122 cards also in pack `starter-scripts`, whose versions are used (priority 0 over -1): `SD01-001`, `SD01-002` and 120 more".to_owned(),
            },
        ];
        let fallback = vec![FallbackCard {
            card: "SD01-001".to_owned(),
            not_played: vec!["aaa-x".to_owned()],
            played: PlayedVersion::Pack("starter-scripts".to_owned()),
            reason: FallbackReason::Sets,
        }];
        let fallback_line = fallback[0].to_string();
        let mut harness = Harness::new_ui_state(
            move |ui, panel: &mut PacksPanel| {
                panel.ui(
                    ui,
                    &packs,
                    &fallback,
                    &diagnostics,
                    &[
                        "reloaded pack `rust-starter` in 640 ms: 1 changed, 0 added, 0 removed"
                            .to_owned(),
                    ],
                )
            },
            PacksPanel::default(),
        );
        harness.run();
        assert!(harness.query_by_label("rust-starter").is_some());
        assert!(
            harness
                .query_by_label("505 (383 used; 122 in another pack's version)")
                .is_some()
        );
        assert!(harness.query_by_label("-1").is_some(), "the priority");
        assert!(
            harness
                .query_by_label("Cards in more than one pack (2)")
                .is_some()
        );
        assert!(
            harness
                .query_by_label("pack `community`: 122 cards also in pack `starter-scripts`, whose versions are used (priority 0 over -1): `SD01-001`, `SD01-002` and 120 more")
                .is_some()
        );
        assert!(
            harness
                .query_by_label("pack `fixes` replaces card `SD02-001` of pack `rust-starter` (declared in `overrides`)")
                .is_some()
        );
        assert!(
            harness
                .query_by_label("Cards that don't play as their pack defines them (1)")
                .is_some()
        );
        assert!(harness.query_by_label(&fallback_line).is_some());
        assert!(harness.query_by_label("Load problems (1)").is_some());
        assert!(
            harness
                .query_by_label(
                    "reloaded pack `rust-starter` in 640 ms: 1 changed, 0 added, 0 removed"
                )
                .is_some()
        );
        harness
            .get_by_label("card-packs/broken/src/lib.rs:12:5: error: expected `;`")
            .click();
        harness.run();
        assert_eq!(
            harness.state().copied.as_deref(),
            Some("card-packs/broken/src/lib.rs:12:5")
        );
        assert!(
            harness
                .query_by_label("Copied card-packs/broken/src/lib.rs:12:5")
                .is_some()
        );
    }
}
