//! The debug tab: the events the UI received, the pending decision as the
//! engine states it, the card inspector and the sandbox tools. Online only
//! the events and the decision are shown: the inspector's data and the
//! sandbox need the match's state, which stays on the server.

use crate::frame_times::FrameTimes;
use crate::intent::Intents;
use crate::match_view::MatchView;
use crate::play::inspector::InspectorPanel;
use crate::play::sandbox::SandboxPanel;
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
    /// Change the match outside the rules; save scenarios and bug reports.
    Sandbox,
}

/// The debug panel. It keeps which tool is open.
#[derive(Debug, Default)]
pub struct DebugPanel {
    tool: DebugTool,
    inspector: InspectorPanel,
    sandbox: SandboxPanel,
    event_filter: String,
    /// Online: no card inspector and no sandbox.
    online: bool,
}

impl DebugPanel {
    /// The debug tab of an online match: events and the decision only.
    pub fn online() -> DebugPanel {
        DebugPanel {
            online: true,
            ..DebugPanel::default()
        }
    }

    /// Draws the debug tab.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        view: &MatchView,
        frame_times: &FrameTimes,
        intents: &mut Intents,
    ) {
        let Self {
            tool,
            inspector,
            sandbox,
            event_filter,
            online,
        } = self;
        ui.horizontal(|ui| {
            ui.selectable_value(tool, DebugTool::Events, "Events");
            ui.selectable_value(tool, DebugTool::Decision, "Decision");
            if !*online {
                ui.selectable_value(tool, DebugTool::Inspector, "Card inspector");
                ui.selectable_value(tool, DebugTool::Sandbox, "Sandbox");
            }
        });
        if *online && matches!(tool, DebugTool::Inspector | DebugTool::Sandbox) {
            *tool = DebugTool::Events;
        }
        ui.label(RichText::new(frame_times.summary()).weak());
        ui.separator();
        match tool {
            DebugTool::Events => events_ui(ui, view, event_filter),
            DebugTool::Decision => decision_ui(ui, view),
            DebugTool::Inspector => inspector.ui(ui, view),
            DebugTool::Sandbox => sandbox.ui(ui, view, intents),
        }
    }
}

fn events_ui(ui: &mut Ui, view: &MatchView, filter: &mut String) {
    ui.horizontal(|ui| {
        ui.label(format!(
            "{} events (hidden cards redacted for the viewer)",
            view.events.len()
        ));
        let label = ui.label("Event filter");
        ui.text_edit_singleline(filter).labelled_by(label.id);
    });
    let needle = filter.trim().to_lowercase();
    let shown: Vec<(usize, String)> = view
        .events
        .iter()
        .enumerate()
        .map(|(idx, event)| (idx, format!("{event:?}")))
        .filter(|(_, text)| needle.is_empty() || text.to_lowercase().contains(&needle))
        .collect();
    egui::ScrollArea::vertical()
        .id_salt("debug events")
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show_rows(ui, 16.0, shown.len(), |ui, rows| {
            for row in rows {
                if let Some((idx, text)) = shown.get(row) {
                    ui.monospace(format!("{idx:>5} {text}"));
                }
            }
        });
}

fn decision_ui(ui: &mut Ui, view: &MatchView) {
    ui.label(format!("Generation {}", view.generation));
    if view.pending.is_empty() {
        ui.label("No automatic abilities pending.");
    } else {
        ui.label(RichText::new("Pending automatic abilities:").strong());
        for pending in &view.pending {
            ui.monospace(pending);
        }
    }
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
