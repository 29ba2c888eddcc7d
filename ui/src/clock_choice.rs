//! The time limits a player asks for when opening a table on a server (the
//! Play online screen's "Time limits"): a limit per decision and a
//! thinking-time budget per player, each none, a usual amount or a custom
//! one. The choice becomes the [`ClockSpec`] of `ClientMsg::CreateTable`;
//! the server keeps the clocks.

use egui::Ui;
use sve_net::protocol::ClockSpec;

/// The usual limits per decision, in seconds.
pub const DECISION_PRESETS: [u32; 3] = [30, 60, 90];

/// The usual thinking-time budgets per player, in minutes.
pub const MATCH_PRESETS: [u32; 3] = [10, 20, 30];

/// The custom limits allowed per decision, in seconds.
const DECISION_RANGE: std::ops::RangeInclusive<u32> = 5..=3600;

/// The custom budgets allowed per player, in minutes.
const MATCH_RANGE: std::ops::RangeInclusive<u32> = 1..=600;

/// One limit: none, an amount from the menu, or a custom amount.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// No limit.
    Off,
    /// This amount (in the limit's unit: seconds or minutes).
    Preset(u32),
    /// The amount typed into the custom field.
    Custom,
}

/// Both limits of a table, as chosen on the screen. The default is no
/// limit at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockChoice {
    /// The limit for each decision, in seconds.
    pub per_decision: Limit,
    /// The custom limit per decision, in seconds (used with
    /// [`Limit::Custom`]).
    pub custom_decision_s: u32,
    /// Each player's thinking time for the match, in minutes.
    pub per_match: Limit,
    /// The custom budget, in minutes (used with [`Limit::Custom`]).
    pub custom_match_min: u32,
}

impl Default for ClockChoice {
    fn default() -> ClockChoice {
        ClockChoice {
            per_decision: Limit::Off,
            custom_decision_s: 45,
            per_match: Limit::Off,
            custom_match_min: 15,
        }
    }
}

impl ClockChoice {
    /// A custom limit per decision brought into the allowed range.
    pub fn clamp_decision_s(seconds: u32) -> u32 {
        seconds.clamp(*DECISION_RANGE.start(), *DECISION_RANGE.end())
    }

    /// A custom thinking-time budget brought into the allowed range.
    pub fn clamp_match_min(minutes: u32) -> u32 {
        minutes.clamp(*MATCH_RANGE.start(), *MATCH_RANGE.end())
    }

    /// The limits as the server takes them.
    pub fn spec(&self) -> ClockSpec {
        let Self {
            per_decision,
            custom_decision_s,
            per_match,
            custom_match_min,
        } = *self;
        let seconds = |limit: Limit, custom: u32, range: std::ops::RangeInclusive<u32>| match limit
        {
            Limit::Off => None,
            Limit::Preset(amount) => Some(amount),
            Limit::Custom => Some(custom.clamp(*range.start(), *range.end())),
        };
        ClockSpec {
            per_decision_ms: seconds(per_decision, custom_decision_s, DECISION_RANGE)
                .map(|s| u64::from(s) * 1000),
            per_match_ms: seconds(per_match, custom_match_min, MATCH_RANGE)
                .map(|min| u64::from(min) * 60_000),
        }
    }

    /// Draws the two menus ("Decision limit" and "Thinking time limit" to
    /// a screen reader), each with its custom field when "Custom…" is
    /// chosen, as two rows of a two-column grid.
    pub fn ui(&mut self, ui: &mut Ui) {
        let Self {
            per_decision,
            custom_decision_s,
            per_match,
            custom_match_min,
        } = self;
        ui.label("Time per decision");
        ui.horizontal(|ui| {
            limit_ui(ui, "Decision limit", per_decision, &DECISION_PRESETS, |s| {
                format!("{s} s")
            })
            .on_hover_text(
                "When it runs out, the server plays the default answer (pass, no, \
                 or the first option).",
            );
            if *per_decision == Limit::Custom {
                ui.add(
                    egui::DragValue::new(custom_decision_s)
                        .range(DECISION_RANGE)
                        .suffix(" s"),
                )
                .accessible_name("Custom time per decision");
            }
        });
        ui.end_row();
        ui.label("Thinking time");
        ui.horizontal(|ui| {
            limit_ui(
                ui,
                "Thinking time limit",
                per_match,
                &MATCH_PRESETS,
                |min| format!("{min} min"),
            )
            .on_hover_text(
                "Each player's time for the whole match; it runs while they decide. \
                 Whoever runs out loses.",
            );
            if *per_match == Limit::Custom {
                ui.add(
                    egui::DragValue::new(custom_match_min)
                        .range(MATCH_RANGE)
                        .suffix(" min"),
                )
                .accessible_name("Custom thinking time");
            }
        });
        ui.end_row();
    }
}

/// One limit's menu: "No limit", the presets (written by `text`), then
/// "Custom…". `label` is the menu's accessible name.
fn limit_ui(
    ui: &mut Ui,
    label: &str,
    limit: &mut Limit,
    presets: &[u32],
    text: impl Fn(u32) -> String,
) -> egui::Response {
    let selected = match *limit {
        Limit::Off => "No limit".to_owned(),
        Limit::Preset(amount) => text(amount),
        Limit::Custom => "Custom…".to_owned(),
    };
    let response = egui::ComboBox::from_id_salt(("clock limit", label))
        .selected_text(selected)
        .width(120.0)
        .show_ui(ui, |ui| {
            ui.selectable_value(limit, Limit::Off, "No limit");
            for &amount in presets {
                ui.selectable_value(limit, Limit::Preset(amount), text(amount));
            }
            ui.selectable_value(limit, Limit::Custom, "Custom…");
        })
        .response;
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, label));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_limits_by_default() {
        assert_eq!(ClockChoice::default().spec(), ClockSpec::default());
    }

    #[test]
    fn presets_and_custom_amounts_become_milliseconds() {
        let choice = ClockChoice {
            per_decision: Limit::Preset(30),
            per_match: Limit::Preset(20),
            ..ClockChoice::default()
        };
        assert_eq!(
            choice.spec(),
            ClockSpec {
                per_decision_ms: Some(30_000),
                per_match_ms: Some(1_200_000),
            }
        );
        let custom = ClockChoice {
            per_decision: Limit::Custom,
            custom_decision_s: 75,
            per_match: Limit::Custom,
            custom_match_min: 0,
        };
        assert_eq!(
            custom.spec(),
            ClockSpec {
                per_decision_ms: Some(75_000),
                // Below the smallest budget: one minute.
                per_match_ms: Some(60_000),
            }
        );
    }
}
