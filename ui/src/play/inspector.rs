//! The card inspector of the debug tab: a list of every card the viewer may
//! see, and for the picked one its printed against current values, the
//! modifiers on it with their source and duration, where each keyword comes
//! from, damage, counters, engaged or reserved, the evolved card, the
//! abilities (their text through [`crate::card_text`]) and the card
//! packs. The data is computed on the worker
//! ([`crate::session::InspectedCard`]); this panel only draws it.

use crate::card_text::abilities::keyword_list;
use crate::card_text::card_text_ui;
use crate::match_view::MatchView;
use crate::session::{InspectedCard, KeywordSource};
use egui::{RichText, Ui};
use sve_host::engine::CardRef;

/// The inspector. It keeps which card is picked.
#[derive(Debug, Default)]
pub struct InspectorPanel {
    selected: Option<CardRef>,
}

impl InspectorPanel {
    /// Draws the card list and the picked card.
    pub fn ui(&mut self, ui: &mut Ui, view: &MatchView) {
        let Self { selected } = self;
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_width(260.0);
                ui.label(RichText::new(format!("{} cards in view", view.inspected.len())).weak());
                egui::ScrollArea::vertical()
                    .id_salt("inspector list")
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        for card in &view.inspected {
                            let label = list_label(card);
                            if ui
                                .selectable_label(*selected == Some(card.card), label)
                                .clicked()
                            {
                                *selected = Some(card.card);
                            }
                        }
                    });
            });
            ui.separator();
            ui.vertical(|ui| {
                egui::ScrollArea::vertical()
                    .id_salt("inspector card")
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        let Some(card) = *selected else {
                            ui.label("Pick a card on the left to inspect it.");
                            return;
                        };
                        match view.inspected.iter().find(|c| c.card == card) {
                            Some(inspected) => card_ui(ui, view, inspected),
                            None => {
                                ui.label(format!("{card} is no longer in a zone you can see."));
                            }
                        }
                    });
            });
        });
    }
}

/// "V2 · P1 field #12": a card in the list.
fn list_label(card: &InspectedCard) -> String {
    format!(
        "{} · {} {} {}",
        card.name,
        card.controller,
        card.zone.name(),
        card.card
    )
}

fn optional(value: Option<i32>) -> String {
    value.map_or_else(|| "—".to_owned(), |v| v.to_string())
}

/// Draws one inspected card.
pub fn card_ui(ui: &mut Ui, view: &MatchView, card: &InspectedCard) {
    ui.heading(format!("{} ({}) {}", card.name, card.id, card.card));
    ui.label(format!(
        "Controlled by {} · {} · {}",
        card.controller,
        card.zone.name(),
        if card.engaged { "engaged" } else { "reserved" }
    ));
    ui.add_space(4.0);

    let current = &card.current;
    let defense = if card.damage > 0 {
        format!(
            "{} ({} − {} damage)",
            current.defense, current.max_defense, card.damage
        )
    } else {
        current.defense.to_string()
    };
    egui::Grid::new("inspector values")
        .num_columns(3)
        .striped(true)
        .show(ui, |ui| {
            ui.strong("");
            ui.strong("Printed");
            ui.strong("Current");
            ui.end_row();
            ui.label("Cost");
            ui.label(optional(card.printed.cost));
            ui.label(format!("cost now {}", current.cost));
            ui.end_row();
            ui.label("Attack");
            ui.label(optional(card.printed.attack));
            ui.label(format!("attack now {}", current.attack));
            ui.end_row();
            ui.label("Defense");
            ui.label(optional(card.printed.defense));
            ui.label(format!("defense now {defense}"));
            ui.end_row();
            ui.label("Keywords");
            ui.label(keyword_list(card.printed.keywords));
            ui.label(keyword_list(current.keywords));
            ui.end_row();
        });
    ui.label(format!(
        "Printed {}/{} · current {}/{}",
        optional(card.printed.attack),
        optional(card.printed.defense),
        current.attack,
        current.defense
    ));

    ui.add_space(4.0);
    ui.strong("Keyword sources");
    if card.keywords.is_empty() {
        ui.label("No keywords.");
    }
    for keyword in &card.keywords {
        let source = match keyword.source {
            KeywordSource::Printed => "printed",
            KeywordSource::Evolved => "from the evolved card",
            KeywordSource::Effect => "from an effect",
            KeywordSource::Passive => "from a passive ability",
        };
        ui.label(format!("{}: {source}", keyword.name));
    }

    ui.add_space(4.0);
    ui.strong("Modifiers");
    if card.modifiers.is_empty() {
        ui.label("No persistent effects on this card.");
    }
    for modifier in &card.modifiers {
        let source = modifier.source.as_deref().unwrap_or("no card");
        ui.label(format!(
            "{} from {source}, {}",
            modifier.change, modifier.duration
        ));
    }

    ui.add_space(4.0);
    ui.label(format!("Damage: {}", card.damage));
    if card.counters.is_empty() {
        ui.label("Counters: none");
    } else {
        let counters: Vec<String> = card
            .counters
            .iter()
            .map(|(kind, n)| format!("{n} {kind}"))
            .collect();
        ui.label(format!("Counters: {}", counters.join(", ")));
    }
    match &card.evolved {
        Some(evolved) => ui.label(format!(
            "Evolved card: {} ({}) {}",
            evolved.name, evolved.id, evolved.card
        )),
        None => ui.label("Not evolved."),
    };

    ui.add_space(4.0);
    ui.strong("Abilities");
    if card.abilities.is_empty() {
        ui.label("No abilities (a vanilla card).");
    }
    for ability in &card.abilities {
        ui.label(RichText::new(format!("{} · {}", ability.card, ability.name)).strong());
        ui.label(RichText::new(&ability.kind).weak());
        card_text_ui(ui, &ability.text);
    }

    ui.add_space(4.0);
    ui.strong("Card pack");
    match view.card_packs.get(&card.id) {
        Some(pack) => ui.label(format!(
            "{} is defined by pack {} {} ({}; card API {}, build {})",
            card.id, pack.id, pack.version, pack.name, pack.api_version, pack.content_hash
        )),
        None => ui.label(format!(
            "{} comes from the bundled starter card data (no ability code).",
            card.id
        )),
    };
}
