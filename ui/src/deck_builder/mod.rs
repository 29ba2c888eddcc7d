//! The deck builder: browse every card of the catalog with filters, preview
//! one, add and remove cards, choose a leader, see every construction-rule
//! problem as the deck changes, save or load a deck file in the
//! community deck-list format, import or copy a deck code (`code.rs`),
//! and play the deck against the bot.
//!
//! Play this deck hands a legal draft to the start screen's config, with
//! the bot, the bot's deck, the seed and the pace chosen there. The draft
//! lives in the app, so it survives leaving the screen.

pub mod code;
pub mod draft;
pub mod filters;

use crate::config::ChosenDeck;
use crate::play::preview::{self, Previewed};
use code::{CodeOutcome, DeckCodeRow};
use draft::{DeckDraft, Part};
use egui::{Color32, RichText, Ui};
use filters::CardFilters;
use sve_engine::cards::{CardDb, CardDef};
use sve_engine::engine::view::CardView;
use sve_engine::engine::{CardRef, DefId};

/// What the deck builder asks of the app.
#[derive(Debug)]
pub enum DeckBuilderRequest {
    /// Keep showing the deck builder.
    Stay,
    /// Back to the start screen.
    Back,
    /// Play this (legal) deck against the bot, with the start screen's
    /// other settings.
    Play(Box<ChosenDeck>),
}

/// The deck builder's state: the draft and what the screen shows. It lives
/// as long as the app, so leaving and coming back keeps the deck.
#[derive(Debug, Default)]
pub struct DeckBuilder {
    draft: DeckDraft,
    filters: CardFilters,
    /// The card id in the preview.
    preview: Option<String>,
    /// The file to save to or load from.
    path: String,
    /// The outcome of the last save, load, import, copy or play.
    status: Option<Status>,
    /// The deck-code field.
    code: DeckCodeRow,
}

/// The outcome of a save or load.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Status {
    Done(String),
    Failed(Vec<String>),
}

const ROW_HEIGHT: f32 = 22.0;
const ERROR: Color32 = Color32::from_rgb(255, 110, 100);
const GOOD: Color32 = Color32::from_rgb(110, 230, 110);

impl DeckBuilder {
    /// The deck being built.
    pub fn draft(&self) -> &DeckDraft {
        &self.draft
    }

    /// Shows why the deck could not be played (the start screen refused
    /// the match).
    pub fn show_problems(&mut self, problems: Vec<String>) {
        self.status = Some(Status::Failed(problems));
    }

    /// Draws the screen.
    pub fn ui(&mut self, ui: &mut Ui, db: &CardDb) -> DeckBuilderRequest {
        let mut request = DeckBuilderRequest::Stay;
        egui::Panel::top("deck builder bar").show(ui, |ui| {
            request = self.bar_ui(ui, db);
        });
        egui::Panel::left("card browser")
            .resizable(true)
            .default_size(380.0)
            .show(ui, |ui| self.browser_ui(ui, db));
        egui::Panel::right("deck contents")
            .resizable(true)
            .default_size(420.0)
            .show(ui, |ui| self.deck_ui(ui, db));
        egui::CentralPanel::default().show(ui, |ui| self.preview_ui(ui, db));
        request
    }

    /// Back, title, file path, save and load; the deck code; Play this
    /// deck.
    fn bar_ui(&mut self, ui: &mut Ui, db: &CardDb) -> DeckBuilderRequest {
        let Self {
            draft,
            filters: _,
            preview: _,
            path,
            status,
            code,
        } = self;
        let mut request = DeckBuilderRequest::Stay;
        ui.horizontal(|ui| {
            if ui.button("Back").clicked() {
                request = DeckBuilderRequest::Back;
            }
            ui.separator();
            ui.heading("Deck builder");
            ui.separator();
            let title_label = ui.label("Deck title");
            ui.add(
                egui::TextEdit::singleline(&mut draft.title)
                    .hint_text("Untitled deck")
                    .desired_width(200.0),
            )
            .labelled_by(title_label.id);
            // A universe leader's deck may be built on its universe
            // instead of its class (CR 6.1.1.5).
            let universe = draft
                .leader
                .as_deref()
                .and_then(|id| db.by_card_id(id))
                .and_then(|def| db.get(def).universe_info());
            if let Some(universe) = universe {
                let mut on_universe = draft.basis == sve_engine::decks::DeckBasis::Universe;
                let label = format!("Built on {}", universe.name);
                if ui
                    .checkbox(&mut on_universe, label)
                    .on_hover_text("Only this universe's cards, of any class; otherwise the leader's class and Neutral.")
                    .changed()
                {
                    draft.basis = if on_universe {
                        sve_engine::decks::DeckBasis::Universe
                    } else {
                        sve_engine::decks::DeckBasis::Class
                    };
                }
            }
            ui.separator();
            let path_label = ui.label("Deck file");
            ui.add(
                egui::TextEdit::singleline(path)
                    .hint_text("path/to/deck.txt or SD01")
                    .desired_width(260.0),
            )
            .labelled_by(path_label.id);
            if ui.button("Save deck").clicked() {
                *status = Some(save(draft, path.trim(), db));
            }
            if ui.button("Load deck").clicked() {
                *status = Some(load(draft, path.trim()));
            }
        });
        ui.horizontal(|ui| {
            match code.ui(ui, draft) {
                Some(CodeOutcome::Done(text)) => *status = Some(Status::Done(text)),
                Some(CodeOutcome::Failed(text)) => *status = Some(Status::Failed(vec![text])),
                None => {}
            }
            ui.separator();
            if ui
                .button("Play this deck")
                .on_hover_text("Play this deck against the bot chosen on the start screen.")
                .clicked()
            {
                match draft.chosen(db) {
                    Ok(deck) => {
                        *status = None;
                        request = DeckBuilderRequest::Play(Box::new(deck));
                    }
                    Err(problems) => {
                        let mut lines = vec!["The deck can't be played yet:".to_owned()];
                        lines.extend(problems);
                        *status = Some(Status::Failed(lines));
                    }
                }
            }
        });
        match status {
            Some(Status::Done(text)) => {
                ui.colored_label(GOOD, text.as_str());
            }
            Some(Status::Failed(lines)) => {
                for line in lines {
                    ui.colored_label(ERROR, line.as_str());
                }
            }
            None => {}
        }
        request
    }

    fn browser_ui(&mut self, ui: &mut Ui, db: &CardDb) {
        let Self {
            draft,
            filters,
            preview,
            path: _,
            status: _,
            code: _,
        } = self;
        filters.ui(ui, db);
        ui.separator();
        let shown: Vec<(DefId, &CardDef)> =
            db.iter().filter(|(_, def)| filters.matches(def)).collect();
        ui.label(format!("{} of {} cards", shown.len(), db.len()));
        egui::ScrollArea::vertical()
            .id_salt("card list")
            .auto_shrink([false, false])
            .show_rows(ui, ROW_HEIGHT, shown.len(), |ui, rows| {
                for (def_id, def) in &shown[rows] {
                    ui.horizontal(|ui| {
                        ui.set_height(ROW_HEIGHT);
                        add_button_ui(ui, draft, def, false);
                        let cost = def.cost.map_or_else(|| "–".to_owned(), |c| c.to_string());
                        let text =
                            format!("{cost} · {} · {}", def.display_name(), def.card_type.name());
                        let selected = preview.as_deref() == Some(def.id.as_str());
                        let row = ui.selectable_label(selected, text);
                        preview::card_drawn(ui.ctx(), &printed_view(*def_id, def), row.hovered());
                        if row.clicked() {
                            *preview = Some(def.id.clone());
                        }
                    });
                }
            });
    }

    fn deck_ui(&mut self, ui: &mut Ui, db: &CardDb) {
        let Self {
            draft,
            filters: _,
            preview,
            path: _,
            status: _,
            code: _,
        } = self;
        let problems = draft.problems(db);
        egui::ScrollArea::vertical()
            .id_salt("deck list")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.strong("Leader");
                ui.horizontal(|ui| {
                    let leaders: Vec<&CardDef> = db
                        .iter()
                        .map(|(_, def)| def)
                        .filter(|def| Part::of(def) == Some(Part::Leader))
                        .collect();
                    let selected = draft
                        .leader
                        .as_deref()
                        .map_or_else(|| "No leader".to_owned(), |id| card_name(db, id));
                    egui::ComboBox::from_id_salt("leader")
                        .selected_text(selected)
                        .width(260.0)
                        .show_ui(ui, |ui| {
                            ui.selectable_value(&mut draft.leader, None, "No leader");
                            for def in leaders {
                                let text = format!("{} ({})", def.display_name(), def.class.name());
                                ui.selectable_value(&mut draft.leader, Some(def.id.clone()), text);
                            }
                        })
                        .response
                        .widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::ComboBox, true, "Leader")
                        });
                });
                for (part, heading) in [(Part::Main, "Main deck"), (Part::Evolve, "Evolve deck")] {
                    ui.add_space(8.0);
                    ui.strong(format!("{heading} ({})", draft.total(part)));
                    let entries = draft.part(part).to_vec();
                    if entries.is_empty() {
                        ui.weak("Empty: add cards from the list on the left.");
                    }
                    for (id, count) in entries {
                        let name = card_name(db, &id);
                        ui.horizontal(|ui| {
                            let minus = ui.small_button("−").on_hover_text("Remove one copy");
                            minus.widget_info(|| {
                                egui::WidgetInfo::labeled(
                                    egui::Role::Button,
                                    true,
                                    format!("Remove one {name}"),
                                )
                            });
                            if minus.clicked() {
                                draft.remove(part, &id);
                            }
                            let plus = ui.small_button("+").on_hover_text("Add one copy");
                            plus.widget_info(|| {
                                egui::WidgetInfo::labeled(
                                    egui::Role::Button,
                                    true,
                                    format!("Add one {name}"),
                                )
                            });
                            if plus.clicked() {
                                draft.add(part, &id);
                            }
                            let selected = preview.as_deref() == Some(id.as_str());
                            let text = format!("{count} × {name} ({id})");
                            let row = ui.selectable_label(selected, text);
                            if let Some(def_id) = db.by_card_id(&id) {
                                let card = printed_view(def_id, db.get(def_id));
                                preview::card_drawn(ui.ctx(), &card, row.hovered());
                            }
                            if row.clicked() {
                                *preview = Some(id.clone());
                            }
                        });
                    }
                }
                ui.add_space(8.0);
                ui.separator();
                if problems.is_empty() {
                    ui.colored_label(GOOD, "The deck is legal.");
                } else {
                    ui.strong(format!("Problems ({})", problems.len()));
                    for problem in &problems {
                        let text = match problem.line {
                            Some(line) => format!("line {line}: {}", problem.message),
                            None => problem.message.clone(),
                        };
                        ui.colored_label(ERROR, text);
                    }
                    ui.weak("Line numbers are those of the saved file.");
                }
            });
    }

    /// The card under the pointer in either list, else the pinned one,
    /// else the one last clicked, drawn large with its full text.
    fn preview_ui(&mut self, ui: &mut Ui, db: &CardDb) {
        let Self {
            draft,
            filters: _,
            preview,
            path: _,
            status: _,
            code: _,
        } = self;
        let shown = preview::previewed(ui.ctx()).or_else(|| {
            let def_id = preview.as_deref().and_then(|id| db.by_card_id(id))?;
            Some(Previewed {
                card: printed_view(def_id, db.get(def_id)),
                pinned: false,
            })
        });
        preview::pin_key_ui(ui);
        let Some(shown) = shown else {
            ui.weak("Point at a card in the lists, or click one, to see it here.");
            return;
        };
        let def = db.get(shown.card.def);
        egui::ScrollArea::vertical()
            .id_salt("deck builder preview")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.horizontal_top(|ui| {
                    ui.vertical(|ui| {
                        preview::preview_ui(ui, db, &shown, preview::PREVIEW_WIDTH);
                    });
                    ui.vertical(|ui| add_button_ui(ui, draft, def, true));
                });
            });
    }
}

/// The "add" button of a card: into the part its type belongs in. The short
/// form sits in list rows; the long one under the preview says where.
fn add_button_ui(ui: &mut Ui, draft: &mut DeckDraft, def: &CardDef, long: bool) {
    let part = Part::of(def);
    let (short, long_text, hover) = match part {
        Some(Part::Leader) => (
            "Set leader",
            "Set as leader",
            "Make this card the deck's leader",
        ),
        Some(Part::Main) => ("Add", "Add to main deck", "Add one copy to the main deck"),
        Some(Part::Evolve) => (
            "Add",
            "Add to evolve deck",
            "Add one copy to the evolve deck",
        ),
        None => ("Add", "Add", "Tokens are not built into decks"),
    };
    let (text, label) = if long {
        (long_text, format!("{long_text}: {}", def.display_name()))
    } else {
        (short, format!("{short} {}", def.display_name()))
    };
    let button = ui
        .add_enabled(
            part.is_some(),
            egui::Button::new(RichText::new(text).small()),
        )
        .on_hover_text(hover)
        .on_disabled_hover_text(hover);
    button.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, part.is_some(), &label));
    if let (true, Some(part)) = (button.clicked(), part) {
        draft.add(part, &def.id);
    }
}

/// A card as printed, for the preview.
fn printed_view(def_id: DefId, def: &CardDef) -> CardView {
    CardView {
        card: CardRef(0),
        def: def_id,
        evolved: None,
        attack: def.attack.unwrap_or(0),
        defense: def.defense.unwrap_or(0),
        cost: def.cost.map_or(0, i32::from),
        keywords: def.keywords,
        engaged: false,
        counters: def.initial_counters.clone(),
        raced: 0,
        taken: false,
    }
}

fn card_name(db: &CardDb, card_id: &str) -> String {
    db.by_card_id(card_id).map_or_else(
        || card_id.to_owned(),
        |def| db.get(def).display_name().to_owned(),
    )
}

fn save(draft: &DeckDraft, path: &str, db: &CardDb) -> Status {
    if path.is_empty() {
        return Status::Failed(vec!["Type a file path to save to.".to_owned()]);
    }
    let path_buf = std::path::Path::new(path);
    let written = path_buf
        .parent()
        .filter(|dir| !dir.as_os_str().is_empty())
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(path_buf, draft.to_text(db)));
    match written {
        Ok(()) => Status::Done(format!("Saved to {path}")),
        Err(error) => Status::Failed(vec![format!("Cannot save to {path}: {error}")]),
    }
}

fn load(draft: &mut DeckDraft, path: &str) -> Status {
    if path.is_empty() {
        return Status::Failed(vec![
            "Type a file path (or a starter deck name such as SD01) to load.".to_owned(),
        ]);
    }
    match crate::catalog::load_deck(path) {
        Ok(file) => {
            let (loaded, notes) = DeckDraft::from_file(&file);
            *draft = loaded;
            if notes.is_empty() {
                Status::Done(format!("Loaded {:?} from {path}", file.title))
            } else {
                let mut lines = vec![format!(
                    "Loaded {:?} from {path}, with changes:",
                    file.title
                )];
                lines.extend(notes);
                Status::Failed(lines)
            }
        }
        Err(errors) => Status::Failed(errors.iter().map(ToString::to_string).collect()),
    }
}
