//! The card browser's filters: class, type, cost, trait and a text search
//! over name and card text. Each is "any" until chosen.

use egui::Ui;
use sve_engine::cards::{CardDb, CardDef, CardType, Class};

const TYPES: [CardType; 5] = [
    CardType::Leader,
    CardType::Follower,
    CardType::EvolvedFollower,
    CardType::Spell,
    CardType::Amulet,
];

/// What the browser shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardFilters {
    /// Only this class.
    pub class: Option<Class>,
    /// Only this type.
    pub card_type: Option<CardType>,
    /// Only this printed cost.
    pub cost: Option<u8>,
    /// Only cards with this trait.
    pub trait_name: Option<String>,
    /// Words that must all appear in the name or the text (any case).
    pub search: String,
}

impl CardFilters {
    /// Whether `def` passes every filter.
    pub fn matches(&self, def: &CardDef) -> bool {
        let words_found = || {
            let haystack = format!("{} {} {}", def.name, def.id, def.text).to_lowercase();
            self.search
                .split_whitespace()
                .all(|word| haystack.contains(&word.to_lowercase()))
        };
        self.class.is_none_or(|class| def.class == class)
            && self.card_type.is_none_or(|t| def.card_type == t)
            && self.cost.is_none_or(|cost| def.cost == Some(cost))
            && self
                .trait_name
                .as_deref()
                .is_none_or(|name| def.has_trait(name))
            && words_found()
    }

    /// The filter widgets; `db` supplies the costs and traits to choose from.
    pub fn ui(&mut self, ui: &mut Ui, db: &CardDb) {
        let Self {
            class,
            card_type,
            cost,
            trait_name,
            search,
        } = self;
        let search_label = ui.label("Search");
        ui.add(
            egui::TextEdit::singleline(search)
                .hint_text("name or text")
                .desired_width(f32::INFINITY),
        )
        .labelled_by(search_label.id);
        egui::Grid::new("card filters")
            .num_columns(2)
            .spacing([8.0, 4.0])
            .show(ui, |ui| {
                ui.label("Class");
                let text = class.map_or("Any class", Class::name);
                choice_ui(ui, "Class filter", text, |ui| {
                    ui.selectable_value(class, None, "Any class");
                    for option in Class::ALL.iter().copied() {
                        ui.selectable_value(class, Some(option), option.name());
                    }
                });
                ui.end_row();
                ui.label("Type");
                let text = card_type.map_or("Any type", CardType::name);
                choice_ui(ui, "Type filter", text, |ui| {
                    ui.selectable_value(card_type, None, "Any type");
                    for option in TYPES {
                        ui.selectable_value(card_type, Some(option), option.name());
                    }
                });
                ui.end_row();
                ui.label("Cost");
                let text = cost.map_or_else(|| "Any cost".to_owned(), |c| c.to_string());
                choice_ui(ui, "Cost filter", &text, |ui| {
                    ui.selectable_value(cost, None, "Any cost");
                    for option in costs(db) {
                        ui.selectable_value(cost, Some(option), option.to_string());
                    }
                });
                ui.end_row();
                ui.label("Trait");
                let text = trait_name.clone().unwrap_or_else(|| "Any trait".to_owned());
                choice_ui(ui, "Trait filter", &text, |ui| {
                    ui.selectable_value(trait_name, None, "Any trait");
                    for option in traits(db) {
                        let shown = option.clone();
                        ui.selectable_value(trait_name, Some(option), shown);
                    }
                });
                ui.end_row();
            });
        if ui.button("Clear filters").clicked() {
            *self = CardFilters::default();
        }
    }
}

/// A combo box with an accessible label (tests open it by that label).
fn choice_ui(ui: &mut Ui, label: &str, selected: &str, options: impl FnOnce(&mut Ui)) {
    egui::ComboBox::from_id_salt(label)
        .selected_text(selected)
        .width(170.0)
        .show_ui(ui, options)
        .response
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, label));
}

/// Every printed cost in `db`, ascending.
fn costs(db: &CardDb) -> Vec<u8> {
    let mut costs: Vec<u8> = db.iter().filter_map(|(_, def)| def.cost).collect();
    costs.sort_unstable();
    costs.dedup();
    costs
}

/// Every trait in `db` but `Token`, sorted.
fn traits(db: &CardDb) -> Vec<String> {
    let mut traits: Vec<String> = db
        .iter()
        .flat_map(|(_, def)| def.traits.iter().cloned())
        .filter(|name| name != "Token")
        .collect();
    traits.sort_unstable();
    traits.dedup();
    traits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture;

    fn names(db: &CardDb, filters: &CardFilters) -> Vec<String> {
        db.iter()
            .filter(|(_, def)| filters.matches(def))
            .map(|(_, def)| def.name.clone())
            .collect()
    }

    #[test]
    fn filters_combine_and_search_ignores_case() {
        let db = fixture::db();
        let all = names(&db, &CardFilters::default());
        assert_eq!(all.len(), db.len());
        let treants = CardFilters {
            search: "treANT".to_owned(),
            ..CardFilters::default()
        };
        assert!(names(&db, &treants).contains(&"Treant".to_owned()));
        let forest_leaders = CardFilters {
            class: Some(Class::Forest),
            card_type: Some(CardType::Leader),
            ..CardFilters::default()
        };
        for (_, def) in db.iter().filter(|(_, def)| forest_leaders.matches(def)) {
            assert_eq!(
                (def.class, def.card_type),
                (Class::Forest, CardType::Leader)
            );
        }
        assert!(!names(&db, &forest_leaders).is_empty());
    }
}
