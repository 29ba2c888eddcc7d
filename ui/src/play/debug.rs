//! The debug tab: the events the UI received (in the log's words, the
//! raw form a toggle away), the pending decision as the
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
    /// Every event in the game log's words, newest at the bottom; the raw
    /// form one toggle away.
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
    /// The events tool shows each event's raw (debug) form under its words.
    show_raw: bool,
    /// Online: no sandbox; the inspector shows the cards asked about.
    online: bool,
}

impl DebugPanel {
    /// The debug tab of an online match: events, the decision and the
    /// inspector, no sandbox.
    pub fn online() -> DebugPanel {
        DebugPanel {
            online: true,
            ..DebugPanel::default()
        }
    }

    /// Opens the card inspector on `card`, in its window over the board.
    pub fn inspect(&mut self, card: sve_engine::engine::CardRef) {
        self.inspector.inspect(card);
    }

    /// Draws the card inspector's window over the board, while open.
    pub fn inspector_window_ui(&mut self, ui: &mut Ui, view: &MatchView, intents: &mut Intents) {
        self.inspector.window_ui(ui, view, intents);
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
            show_raw,
            online,
        } = self;
        ui.horizontal(|ui| {
            ui.selectable_value(tool, DebugTool::Events, "Events");
            ui.selectable_value(tool, DebugTool::Decision, "Decision");
            ui.selectable_value(tool, DebugTool::Inspector, "Card inspector");
            if !*online {
                ui.selectable_value(tool, DebugTool::Sandbox, "Sandbox");
            }
        });
        if *online && matches!(tool, DebugTool::Sandbox) {
            *tool = DebugTool::Events;
        }
        ui.label(RichText::new(frame_times.summary()).weak());
        ui.separator();
        match tool {
            DebugTool::Events => events_ui(ui, view, event_filter, show_raw),
            DebugTool::Decision => decision_ui(ui, view),
            DebugTool::Inspector => inspector.ui(ui, view, intents),
            DebugTool::Sandbox => sandbox.ui(ui, view, intents),
        }
    }
}

fn events_ui(ui: &mut Ui, view: &MatchView, filter: &mut String, show_raw: &mut bool) {
    ui.horizontal(|ui| {
        ui.label(format!(
            "{} events (hidden cards redacted for the viewer)",
            view.events.len()
        ));
        let label = ui.label("Event filter");
        ui.text_edit_singleline(filter).labelled_by(label.id);
        ui.checkbox(show_raw, "Show raw");
    });
    let needle = filter.trim().to_lowercase();
    let shown: Vec<EventRow> = view
        .events
        .iter()
        .enumerate()
        .map(|(idx, shown)| EventRow {
            idx,
            words: shown.text.clone(),
            raw: format!("{:?}", shown.event),
        })
        .filter(|row| needle.is_empty() || row.matches(&needle))
        .collect();
    let line_height = ui.text_style_height(&egui::TextStyle::Monospace);
    // Rows are one line, or two with the raw form under the words (an
    // event with no words is one line either way: `show_rows` only uses
    // the height to place the rows, so it just leaves a gap).
    let row_height = if *show_raw {
        2.0 * line_height + ui.spacing().item_spacing.y
    } else {
        line_height
    };
    egui::ScrollArea::vertical()
        .id_salt("debug events")
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show_rows(ui, row_height, shown.len(), |ui, rows| {
            for row in rows {
                let Some(event) = shown.get(row) else {
                    continue;
                };
                let idx = event.idx;
                match (&event.words, *show_raw) {
                    (Some(words), false) => {
                        ui.monospace(format!("{idx:>5} {words}"));
                    }
                    (Some(words), true) => {
                        ui.monospace(format!("{idx:>5} {words}"));
                        ui.monospace(RichText::new(format!("      {}", event.raw)).weak());
                    }
                    // No words for it (a setup draw, an online event the
                    // log skips): the event's kind, the rest under the
                    // toggle.
                    (None, false) => {
                        let kind = event.kind();
                        ui.monospace(
                            RichText::new(format!("{idx:>5} {kind} (no log line)")).weak(),
                        );
                    }
                    (None, true) => {
                        ui.monospace(RichText::new(format!("{idx:>5} {}", event.raw)).weak());
                    }
                }
            }
        });
}

/// One row of the events tool: the event's words and its raw form.
struct EventRow {
    /// Its place in the match's event list.
    idx: usize,
    /// The log line or scenario line, when the client has one.
    words: Option<String>,
    /// The event's debug form.
    raw: String,
}

impl EventRow {
    /// The event's kind: its variant's name, the start of the raw form.
    fn kind(&self) -> &str {
        self.raw
            .split(|c: char| !c.is_alphanumeric())
            .next()
            .unwrap_or_default()
    }

    /// Whether the lowercase `needle` is in its words or its raw form (so
    /// a variant name finds its events with the raw form hidden too).
    fn matches(&self, needle: &str) -> bool {
        self.words
            .as_deref()
            .is_some_and(|words| words.to_lowercase().contains(needle))
            || self.raw.to_lowercase().contains(needle)
    }
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
