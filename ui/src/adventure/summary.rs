//! The run's summary at its end: won or lost, how far, each fight with
//! its light and pay, what was gathered; then a new run or the start
//! screen.

use super::dialogs::DialogAction;
use super::fight::kind_name;
use super::game::RunGame;
use egui::Ui;

/// Draws the summary of an ended run.
pub fn summary_ui(ui: &mut Ui, game: &RunGame) -> Option<DialogAction> {
    let run = &game.run;
    let won = run.outcome() == Some(true);
    ui.label(if won {
        "You beat the boss.".to_owned()
    } else {
        format!(
            "You fell on floor {} of {}.",
            run.floor(),
            run.map().floors()
        )
    });
    egui::Grid::new("run summary")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            let fights_won = run.fights().iter().filter(|f| f.won).count();
            for (what, value) in [
                ("Seed", run.setup().seed.to_string()),
                ("Starting deck", run.setup().deck_name.clone()),
                (
                    "Fights won",
                    format!("{fights_won} of {}", run.fights().len()),
                ),
                ("Gold", run.gold().to_string()),
                (
                    "Torches",
                    format!("{} placed, {} left", run.torches_used(), run.torches()),
                ),
                ("Deck", format!("{} cards", run.deck().main.len())),
                ("Relics", relic_names(game)),
            ] {
                ui.label(what);
                ui.label(value);
                ui.end_row();
            }
        });
    if !run.fights().is_empty() {
        ui.add_space(6.0);
        egui::Grid::new("run fights")
            .num_columns(5)
            .striped(true)
            .show(ui, |ui| {
                for head in ["Floor", "Fight", "Light", "Result", "Gold"] {
                    ui.strong(head);
                }
                ui.end_row();
                for fight in run.fights() {
                    ui.label(fight.floor.to_string());
                    ui.label(kind_name(fight.kind));
                    ui.label(super::words::light_words(fight.light));
                    ui.label(if fight.won { "won" } else { "lost" });
                    ui.label(fight.gold.to_string());
                    ui.end_row();
                }
            });
    }
    ui.add_space(8.0);
    ui.horizontal(|ui| {
        if ui.button("New run").clicked() {
            Some(DialogAction::NewRun)
        } else if ui.button("Back to start").clicked() {
            Some(DialogAction::Leave)
        } else {
            None
        }
    })
    .inner
}

/// The run's relics by name, or "none".
pub fn relic_names(game: &RunGame) -> String {
    let run = &game.run;
    if run.relics().is_empty() {
        return "none".to_owned();
    }
    run.relics()
        .iter()
        .map(|id| {
            run.balance()
                .relic(id)
                .map_or(id.as_str(), |r| r.name.as_str())
        })
        .collect::<Vec<_>>()
        .join(", ")
}
