//! The debug tab: the events the UI received, the pending decision as the
//! engine states it, and the card inspector. The sandbox tools will be
//! [`DebugTool`]s here.

use crate::frame_times::FrameTimes;
use crate::match_view::MatchView;
use crate::play::inspector::InspectorPanel;
use egui::{RichText, Ui};

/// The tools of the debug tab.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DebugTool {
    /// Every event, newest at the bottom.
    #[default]
    Events,
    /// The pending decision with its options.
    Decision,
    /// A card's printed and current values, modifiers and abilities.
    Inspector,
}

/// The debug panel. It keeps which tool is open.
#[derive(Debug, Default)]
pub struct DebugPanel {
    tool: DebugTool,
    inspector: InspectorPanel,
}

impl DebugPanel {
    /// Draws the debug tab.
    pub fn ui(&mut self, ui: &mut Ui, view: &MatchView, frame_times: &FrameTimes) {
        let Self { tool, inspector } = self;
        ui.horizontal(|ui| {
            ui.selectable_value(tool, DebugTool::Events, "Events");
            ui.selectable_value(tool, DebugTool::Decision, "Decision");
            ui.selectable_value(tool, DebugTool::Inspector, "Card inspector");
            ui.separator();
            ui.label(RichText::new("Sandbox tools: coming in a later version.").weak());
        });
        ui.label(RichText::new(frame_times.summary()).weak());
        ui.separator();
        match tool {
            DebugTool::Events => events_ui(ui, view),
            DebugTool::Decision => decision_ui(ui, view),
            DebugTool::Inspector => inspector.ui(ui, view),
        }
    }
}

fn events_ui(ui: &mut Ui, view: &MatchView) {
    ui.label(format!(
        "{} events (hidden cards redacted for the viewer)",
        view.events.len()
    ));
    egui::ScrollArea::vertical()
        .id_salt("debug events")
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show_rows(ui, 16.0, view.events.len(), |ui, rows| {
            for idx in rows {
                if let Some(event) = view.events.get(idx) {
                    ui.monospace(format!("{idx:>5} {event:?}"));
                }
            }
        });
}

fn decision_ui(ui: &mut Ui, view: &MatchView) {
    ui.label(format!("Generation {}", view.generation));
    match view.waiting_on {
        Some(player) => ui.label(format!("Waiting on {}", view.seat_name(player))),
        None => ui.label("No decision pending."),
    };
    let Some(decision) = &view.decision else {
        if view.waiting_on.is_some() {
            ui.label("The bot's options are hidden from this seat.");
        }
        return;
    };
    let d = &decision.decision;
    ui.monospace(format!("{:?}", d.prompt));
    ui.label(format!(
        "Pick {} to {} of {} options:",
        d.min,
        d.max,
        d.options.len()
    ));
    egui::ScrollArea::vertical()
        .id_salt("debug decision")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for (idx, (choice, label)) in d.options.iter().zip(&decision.labels).enumerate() {
                ui.monospace(format!("{idx:>3}  {label}    {choice:?}"));
            }
        });
}
