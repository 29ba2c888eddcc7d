//! An online match's part of the top bar: the table's code and time
//! limits, the link to the server (connected, reconnecting, lost), an
//! absent player's countdown, and Concede and Leave behind a
//! confirmation (`confirm.rs`). A confirmed choice is pushed as
//! [`Intent::Concede`] or [`Intent::NewMatch`] (leaving drops the session,
//! which leaves the table). The clocks themselves are under the leaders (`clocks.rs`).

use super::confirm::{Confirm, confirm_ui};
use crate::intent::{Intent, Intents};
use crate::match_clocks::{clock_text, limits_text};
use crate::match_view::MatchView;
use crate::session::online::{LinkState, OnlineStatus};
use crate::table_link::TableLink;
use egui::{Color32, RichText, Ui};
use std::time::Duration;
use sve_engine::engine::PlayerId;
use web_time::Instant;

/// The online bar. It keeps only which confirmation is open.
#[derive(Debug, Default)]
pub struct OnlineBar {
    confirm: Option<Confirm>,
}

impl OnlineBar {
    /// Whether a confirmation dialog is open (keyboard shortcuts wait).
    pub fn is_confirming(&self) -> bool {
        self.confirm.is_some()
    }

    /// The bar's row: table code, Leave and Concede (right-aligned), and
    /// the confirmation dialog when one is open.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        view: &MatchView,
        status: &OnlineStatus,
        intents: &mut Intents,
    ) {
        let Self { confirm } = self;
        let seating = status.seating.as_ref();
        let code = seating.map_or("", |s| s.code.as_str());
        let watching = status.seat().is_none();
        let what = if watching {
            "Watching table"
        } else {
            "Online table"
        };
        ui.label(format!("{what} {code}"));
        if ui
            .small_button("Copy code")
            .on_hover_text("Copy the table's code (others can watch with it).")
            .clicked()
        {
            ui.ctx().copy_text(code.to_owned());
        }
        let watch = TableLink::Watch(code.to_owned()).url(&status.server);
        if let Some(link) = watch.filter(|_| !code.is_empty())
            && ui
                .small_button("Copy link")
                .on_hover_text(format!("{link}\nWatch this match in a browser."))
                .clicked()
        {
            ui.ctx().copy_text(link);
        }
        if let Some(limits) = seating.and_then(|s| limits_text(&s.clock)) {
            ui.label(RichText::new(format!("Clocks: {limits}")).small())
                .on_hover_text(
                    "The table's time limits. Each player's clocks are under their leader.",
                );
        }
        let running = view.outcome.is_none() && !status.over;
        let plays = running && !watching && !matches!(status.link, LinkState::Closed { .. });
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui.button("Leave").clicked() {
                if plays {
                    *confirm = Some(Confirm::Leave);
                } else {
                    intents.push(Intent::NewMatch);
                }
            }
            if ui
                .add_enabled(plays, egui::Button::new("Concede"))
                .clicked()
            {
                *confirm = Some(Confirm::Concede);
            }
        });
        if !plays {
            // The match ended meanwhile: there is nothing left to confirm.
            *confirm = None;
        }
        confirm_ui(ui, confirm, intents);
    }

    /// The line under the bar when something is wrong: the link is
    /// reconnecting or lost, or the opponent is away (with the time they
    /// have left to come back).
    pub fn link_ui(&self, ui: &mut Ui, view: &MatchView, status: &OnlineStatus) {
        let warning = Color32::from_rgb(255, 210, 90);
        let now = Instant::now();
        match &status.link {
            LinkState::Reconnecting { attempt, reason } => {
                ui.colored_label(
                    warning,
                    format!("Connection lost ({reason}). Reconnecting, attempt {attempt}…"),
                );
            }
            LinkState::Closed { reason } => {
                ui.colored_label(
                    Color32::from_rgb(255, 110, 100),
                    format!("Disconnected: {reason}"),
                );
            }
            LinkState::Connecting | LinkState::Connected { .. } => {}
        }
        let mut counting = false;
        for player in PlayerId::BOTH {
            if Some(player) == status.seat() {
                continue;
            }
            if let Some(left) = status.away_left(player, now) {
                counting = true;
                ui.colored_label(
                    warning,
                    format!(
                        "{} lost the connection: they concede in {} unless they come back.",
                        view.seat_name(player),
                        clock_text(left)
                    ),
                );
            }
        }
        if counting {
            ui.ctx().request_repaint_after(Duration::from_millis(500));
        }
    }
}
