//! The panel beside the map: the run's leader defense, gold, torches,
//! deck and relics, what the last choice did, and the travel actions,
//! among them placing a torch with its preview.
//!
//! Placing a torch takes two steps: "Place a torch…" (or hovering it)
//! shows on the map which rooms would light up, and here how each would
//! change; "Place the torch" confirms. A room still unseen stays unseen in
//! the preview: it says only that its event will show.

use super::game::RunGame;
use super::summary::relic_names;
use super::words;
use egui::{Color32, RichText, Ui};
use std::collections::BTreeMap;
use sve_adventure::light::{self, Light, Torch};
use sve_adventure::run::{Choice, Run};

/// What the panel asks of the Adventure screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TravelAction {
    /// Show the torch preview and ask to confirm.
    ChooseTorch,
    /// Place the torch previewed.
    PlaceTorch,
    /// Put the preview away.
    CancelTorch,
    /// Back to the start screen (the run stays saved).
    Leave,
}

/// What the panel did this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SidebarOutput {
    /// A button clicked.
    pub action: Option<TravelAction>,
    /// The torch button is hovered: preview it on the map.
    pub torch_hovered: bool,
}

/// The torch the player would place now.
pub fn next_torch(run: &Run) -> Torch {
    Torch {
        room: run.position(),
        radius: run.torch_radius(),
    }
}

/// Draws the panel; `torch_chosen` is whether the preview waits for a
/// confirmation.
pub fn sidebar_ui(ui: &mut Ui, game: &RunGame, torch_chosen: bool) -> SidebarOutput {
    let run = &game.run;
    let mut out = SidebarOutput::default();
    ui.heading("Adventure");
    egui::Grid::new("run status").num_columns(2).show(ui, |ui| {
        for (what, value) in [
            (
                "Floor",
                format!("{} of {}", run.floor(), run.map().floors()),
            ),
            (
                "Leader defense",
                format!("{} / {}", run.defense(), run.max_defense()),
            ),
            ("Gold", run.gold().to_string()),
            (
                "Torches",
                format!("{} (radius {})", run.torches(), run.torch_radius()),
            ),
            ("Relics", relic_names(game)),
            ("Seed", run.setup().seed.to_string()),
        ] {
            ui.label(what);
            ui.label(value);
            ui.end_row();
        }
    });
    for id in run.relics() {
        if let Some(relic) = run.balance().relic(id) {
            ui.label(RichText::new(format!("{}: {}", relic.name, relic.text)).small());
        }
    }
    let relic_cards = run.relic_cards();
    if !relic_cards.is_empty() {
        ui.label(
            RichText::new(format!(
                "Relic cards on your field in every fight: {}",
                words::card_names(&game.content, &relic_cards)
            ))
            .small(),
        );
    }
    for line in words::status_lines(run) {
        ui.label(RichText::new(line).small());
    }
    ui.separator();
    for note in &game.notes {
        ui.label(RichText::new(note).italics());
    }
    if let Some(error) = &game.save_error {
        ui.colored_label(Color32::from_rgb(255, 110, 100), error);
    }
    ui.separator();
    if run.choices().contains(&Choice::PlaceTorch) {
        if torch_chosen {
            preview_list(ui, run);
            ui.horizontal(|ui| {
                if ui
                    .button(RichText::new("Place the torch").strong())
                    .clicked()
                {
                    out.action = Some(TravelAction::PlaceTorch);
                }
                if ui.button("Cancel").clicked() {
                    out.action = Some(TravelAction::CancelTorch);
                }
            });
        } else {
            let response = ui
                .button("Place a torch…")
                .on_hover_text("Shows which rooms it would light before you confirm.");
            out.torch_hovered = response.hovered();
            if response.clicked() {
                out.action = Some(TravelAction::ChooseTorch);
            }
        }
    } else if matches!(run.phase(), sve_adventure::run::Phase::Travel) {
        ui.label(if run.torches() == 0 {
            "No torches left."
        } else {
            "A torch stands here already."
        });
    }
    if matches!(run.phase(), sve_adventure::run::Phase::Travel) {
        ui.label("Click a room above with a green path to move there.");
    }
    ui.separator();
    map_key(ui);
    ui.separator();
    deck_list(ui, game);
    ui.separator();
    if ui.button("Save and leave").clicked() {
        out.action = Some(TravelAction::Leave);
    }
    out
}

/// How each room ahead would change with a torch here.
fn preview_list(ui: &mut Ui, run: &Run) {
    let map = run.map();
    let floor = run.floor();
    // Rooms below are behind you: the preview names those ahead and yours.
    let changes: Vec<_> = light::preview(map, run.placed(), next_torch(run))
        .into_iter()
        .filter(|(room, _, _)| map.room(*room).is_some_and(|r| r.floor >= floor))
        .collect();
    ui.label(RichText::new(format!("A torch here would light {} rooms:", changes.len())).strong());
    for (room, before, after) in changes {
        let Some(there) = map.room(room) else {
            continue;
        };
        let sight = run.sight(room);
        let place = words::place(map, room);
        let change = format!(
            "{} to {}",
            words::light_words(before),
            words::light_words(after)
        );
        let line = if sight.event_shown {
            let mut line = format!("{} ({place}): {change}", words::event_name(there.event));
            if Light::of(before) != Light::of(after)
                && let Some(effect) = words::event_light_words(run.balance(), there.event, after)
            {
                line.push_str(&format!("; {effect}"));
            }
            line
        } else {
            format!("Unseen room ({place}): {change}, its event will show")
        };
        ui.label(line);
        if sight.twinkle && room == run.position() && after >= 2 {
            ui.label("The twinkle here wakes in the bright light.");
        }
    }
}

/// The deck, card by card with counts.
fn deck_list(ui: &mut Ui, game: &RunGame) {
    let deck = game.run.deck();
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for id in &deck.main {
        *counts
            .entry(words::card_words(&game.content, id))
            .or_default() += 1;
    }
    egui::CollapsingHeader::new(format!("Deck: {} cards", deck.main.len()))
        .id_salt("run deck")
        .show(ui, |ui| {
            ui.label(format!("Leader: {}", game.content.name_of(&deck.leader)));
            egui::ScrollArea::vertical()
                .max_height(260.0)
                .show(ui, |ui| {
                    for (card, count) in counts {
                        ui.label(format!("{count}× {card}"));
                    }
                });
        });
}

/// What the map's marks mean.
fn map_key(ui: &mut Ui) {
    egui::CollapsingHeader::new("Map key")
        .id_salt("map key")
        .default_open(true)
        .show(ui, |ui| {
            use sve_adventure::events::EventKind;
            ui.horizontal_wrapped(|ui| {
                for event in [
                    EventKind::Fight,
                    EventKind::Elite,
                    EventKind::Shop,
                    EventKind::Heal,
                    EventKind::Random,
                    EventKind::Boss,
                ] {
                    let letter = RichText::new(format!(" {} ", words::event_letter(event)))
                        .background_color(super::map_view::event_colour(event))
                        .color(Color32::WHITE);
                    ui.label(letter);
                    ui.label(words::event_name(event));
                }
            });
            ui.label(
                "A ring of amber: lit (1 torch); of gold: bright (2+). Dark rooms hide \
                 their event unless they are next to you. A star is a twinkle: a unique \
                 event, woken by bright light. Dark fights are harder and pay more.",
            );
        });
}
