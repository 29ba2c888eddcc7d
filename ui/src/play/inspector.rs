//! The card inspector: for one card the viewer may see, its text, its
//! printed against current values, the modifiers on it with their source and
//! duration, where each keyword comes from, damage, counters, engaged or
//! reserved, the evolved card, the abilities (their text through
//! [`crate::card_text`], with the file and line of their script), the
//! card's source (SVE Script, or a Rust pack's code) and its card pack. A script location opens in
//! the user's editor (`$VISUAL` or `$EDITOR`, [`crate::launch`]) or, with
//! none set, is copied as `path:line`.
//!
//! It shows in the debug tab, beside a list of every card in view, and in
//! a window over the board when a card's menu says "Inspect". The data is
//! computed on the worker ([`crate::session::InspectedCard`]); this panel
//! only draws it and keeps which card is picked.

use crate::card_text::abilities::{ability_sort_words, keyword_list};
use crate::card_text::card_text_ui;
use crate::intent::{Intent, Intents};
use crate::launch::Editor;
use crate::match_view::{MatchView, PlayMode};
use crate::session::inspect::{change_words, duration_words, keyword_label, modifier_source_words};
use crate::session::{CardSource, InspectedCard, SourceAt, SourceLanguage};
use egui::{RichText, Ui};
use sve_engine::engine::CardRef;
use sve_net::inspect::KeywordSource;

/// The inspector. It keeps which card is picked, whether its window is
/// open over the board, the user's editor and the location copied last.
#[derive(Debug)]
pub struct InspectorPanel {
    selected: Option<CardRef>,
    /// The window over the board is open.
    window_open: bool,
    /// The editor script locations open in; `None` offers a copy instead.
    editor: Option<Editor>,
    /// The `path:line` copied last, shown as confirmation.
    copied: Option<String>,
}

impl Default for InspectorPanel {
    /// An inspector with the environment's editor ([`Editor::from_env`]).
    fn default() -> InspectorPanel {
        InspectorPanel::with_editor(Editor::from_env())
    }
}

impl InspectorPanel {
    /// An inspector that opens script locations in `editor` (`None`: copy
    /// them instead).
    pub fn with_editor(editor: Option<Editor>) -> InspectorPanel {
        InspectorPanel {
            selected: None,
            window_open: false,
            editor,
            copied: None,
        }
    }

    /// Picks `card` and opens the window over the board.
    pub fn inspect(&mut self, card: CardRef) {
        self.selected = Some(card);
        self.window_open = true;
        self.copied = None;
    }

    /// The picked card.
    pub fn selected(&self) -> Option<CardRef> {
        self.selected
    }

    /// Draws the card list and the picked card (the debug tab).
    pub fn ui(&mut self, ui: &mut Ui, view: &MatchView, intents: &mut Intents) {
        let Self {
            selected,
            window_open: _,
            editor,
            copied,
        } = self;
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_width(260.0);
                let count = view.inspected.len();
                let heading = match view.mode {
                    // Online the server sends the card asked about only.
                    PlayMode::Online { .. } => {
                        format!("{count} cards asked about (middle-click a card to ask)")
                    }
                    PlayMode::Local(_) => format!("{count} cards in view"),
                };
                ui.label(RichText::new(heading).weak());
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
                                *copied = None;
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
                        let mut sources = SourceButtons {
                            editor: editor.as_ref(),
                            copied,
                            intents,
                        };
                        picked_ui(ui, view, card, &mut sources);
                    });
            });
        });
    }

    /// Draws the window over the board while it is open.
    pub fn window_ui(&mut self, ui: &mut Ui, view: &MatchView, intents: &mut Intents) {
        let Self {
            selected,
            window_open,
            editor,
            copied,
        } = self;
        let Some(card) = *selected else {
            return;
        };
        if !*window_open {
            return;
        }
        egui::Window::new("Card inspector")
            .id(egui::Id::unique("card inspector window"))
            .open(window_open)
            .default_size([480.0, 680.0])
            .collapsible(false)
            .show(ui.ctx(), |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("inspector window")
                    .show(ui, |ui| {
                        let mut sources = SourceButtons {
                            editor: editor.as_ref(),
                            copied,
                            intents,
                        };
                        picked_ui(ui, view, card, &mut sources);
                    });
            });
    }
}

/// What a script location's buttons need: the editor, the copied
/// location, and the intents an "Open" queues.
struct SourceButtons<'a> {
    editor: Option<&'a Editor>,
    copied: &'a mut Option<String>,
    intents: &'a mut Intents,
}

impl SourceButtons<'_> {
    /// `path:line`, with "Open in <editor>" when an editor is set, and
    /// "Copy location".
    fn location_ui(&mut self, ui: &mut Ui, at: &SourceAt) {
        let location = at.location();
        ui.horizontal_wrapped(|ui| {
            ui.monospace(&location);
            match self.editor {
                Some(editor) => {
                    if ui
                        .small_button(format!("Open in {}", editor.name()))
                        .on_hover_text(editor.describe(&location))
                        .clicked()
                    {
                        self.intents.push(match editor.open(at) {
                            Ok(launch) => Intent::Launch(launch),
                            Err(why) => Intent::Explain(why),
                        });
                    }
                }
                None => {
                    ui.label(RichText::new("(no $VISUAL or $EDITOR set)").weak().small())
                        .on_hover_text("Set $VISUAL or $EDITOR to open script lines from here.");
                }
            }
            if ui
                .small_button("Copy location")
                .on_hover_text(format!("Copy {location}"))
                .clicked()
            {
                ui.ctx().copy_text(location.clone());
                *self.copied = Some(location.clone());
            }
        });
        if self.copied.as_deref() == Some(location.as_str()) {
            ui.label(RichText::new(format!("Copied {location}")).weak());
        }
    }
}

/// The card's source: its location and lines, or for a Rust card found
/// only by its pack, the file its code is in.
fn source_ui(ui: &mut Ui, source: Option<&CardSource>, sources: &mut SourceButtons<'_>) {
    let Some(source) = source else {
        ui.strong("Source");
        ui.label("No source: the card comes from the bundled card data.");
        return;
    };
    match source.language {
        SourceLanguage::Script => ui.strong("Script source"),
        SourceLanguage::Rust => ui.strong("Rust source"),
    };
    if !source.found {
        ui.label(format!(
            "Written in Rust: {} (the source does not spell the card's id, so its lines are not shown)",
            source.at.path.display()
        ));
        sources.location_ui(ui, &source.at);
        return;
    }
    sources.location_ui(ui, &source.at);
    egui::Frame::group(ui.style()).show(ui, |ui| {
        // Source lines keep their shape: long ones scroll sideways.
        egui::ScrollArea::horizontal()
            .id_salt("inspector source")
            .show(ui, |ui| {
                for (offset, line) in source.lines.iter().enumerate() {
                    let number = u64::from(source.at.line) + offset as u64;
                    let text = RichText::new(format!("{number:>4}  {line}")).monospace();
                    ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend));
                }
            });
    });
}

/// The picked card, or a line saying it is out of sight.
fn picked_ui(ui: &mut Ui, view: &MatchView, card: CardRef, sources: &mut SourceButtons<'_>) {
    match view.inspected.iter().find(|c| c.card == card) {
        Some(inspected) => card_ui(ui, view, inspected, sources),
        None if matches!(view.mode, PlayMode::Online { .. }) => {
            ui.label(format!(
                "{card} is not in a zone you can see (or the server has not answered yet)."
            ));
        }
        None => {
            ui.label(format!("{card} is no longer in a zone you can see."));
        }
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
fn card_ui(ui: &mut Ui, view: &MatchView, card: &InspectedCard, sources: &mut SourceButtons<'_>) {
    ui.heading(format!("{} ({}) {}", card.name, card.id, card.card));
    ui.label(format!(
        "Controlled by {} · {} · {}",
        card.controller,
        card.zone.name(),
        if card.engaged { "engaged" } else { "reserved" }
    ));
    if !card.text.trim().is_empty() {
        ui.add_space(4.0);
        egui::Frame::group(ui.style()).show(ui, |ui| card_text_ui(ui, &view.db, &card.text));
    }
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
            ui.label(keyword_list(&view.db, card.printed.keywords));
            ui.label(keyword_list(&view.db, current.keywords));
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
        ui.label(format!(
            "{}: {source}",
            keyword_label(&view.db, keyword.keyword)
        ));
    }

    ui.add_space(4.0);
    ui.strong("Modifiers");
    if card.modifiers.is_empty() {
        ui.label("No persistent effects on this card.");
    }
    for modifier in &card.modifiers {
        let source = modifier
            .source
            .as_ref()
            .map_or_else(|| "no card".to_owned(), modifier_source_words);
        ui.label(format!(
            "{} from {source}, {}",
            change_words(&view.db, &modifier.change),
            duration_words(modifier.duration)
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
    for (index, ability) in card.abilities.iter().enumerate() {
        ui.label(RichText::new(format!("{} · {}", ability.card, ability.name)).strong());
        let kind = ability_sort_words(
            &view.db,
            &ability.kind,
            ability.once_per_turn,
            &ability.costs,
        );
        ui.label(RichText::new(kind).weak());
        card_text_ui(ui, &view.db, &ability.text);
        if let Some(at) = card.ability_source(index) {
            sources.location_ui(ui, at);
        }
    }

    ui.add_space(4.0);
    if matches!(view.mode, PlayMode::Online { .. }) {
        // Ability code and script source never leave the server.
        ui.strong("Source");
        ui.label("The card's source stays on the server.");
        return;
    }
    source_ui(ui, card.source.as_deref(), sources);

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture;
    use crate::session::CardSource;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable as _;
    use std::path::PathBuf;
    use std::sync::Arc;
    use sve_engine::cards::{CardType, Keywords};
    use sve_engine::engine::{PlayerId, Zone};
    use sve_net::inspect::{AbilityLine, AbilitySort, CurrentValues, PrintedValues};

    fn script_at(line: u32) -> SourceAt {
        SourceAt {
            path: PathBuf::from("/packs/sparks/cards.txt"),
            line,
        }
    }

    /// A view with one inspected script card, Script Spark, on P1's field.
    fn view_with_a_script_card() -> MatchView {
        let db = fixture::db();
        let mine = fixture::side(&db, "Arisa", 0);
        let theirs = fixture::side(&db, "Erika", 0);
        let mut view = fixture::vs_bot(db, mine, theirs, None);
        let lines = [
            "name Script Spark;",
            "id TEST-S01;",
            "class Rune;",
            "type Follower;",
            "cost 1;",
            "stats 1/1;",
            "text \"[fanfare] Deal 1 damage to the enemy leader.\";",
            "ability Fanfare {",
            "    effect DealDamage(1) to OpponentLeader;",
            "}",
        ];
        let data = sve_net::inspect::InspectedCard {
            card: CardRef(7),
            id: "TEST-S01".to_owned(),
            name: "Script Spark".to_owned(),
            text: "[fanfare] Deal 1 damage to the enemy leader.".to_owned(),
            controller: PlayerId(0),
            zone: Zone::Field,
            printed: PrintedValues {
                cost: Some(1),
                attack: Some(1),
                defense: Some(1),
                keywords: Keywords::empty(),
            },
            current: CurrentValues {
                card_type: CardType::Follower,
                attack: 1,
                defense: 1,
                max_defense: 1,
                cost: 1,
                keywords: Keywords::empty(),
                evolve_cost: None,
            },
            keywords: Vec::new(),
            modifiers: Vec::new(),
            damage: 0,
            counters: Vec::new(),
            engaged: false,
            evolved: None,
            abilities: vec![AbilityLine {
                card: "Script Spark".to_owned(),
                card_id: "TEST-S01".to_owned(),
                index: 0,
                name: "Fanfare".to_owned(),
                text: "Deal 1 damage to the enemy leader.".to_owned(),
                kind: AbilitySort::Triggered {
                    ability_name: "Fanfare".to_owned(),
                },
                once_per_turn: false,
                costs: Vec::new(),
            }],
        };
        view.inspected = vec![InspectedCard {
            data,
            ability_sources: vec![Some(script_at(11))],
            source: Some(Arc::new(CardSource {
                at: script_at(4),
                lines: lines.iter().map(|l| (*l).to_owned()).collect(),
                abilities: vec![script_at(11)],
                language: SourceLanguage::Script,
                found: true,
            })),
        }];
        view
    }

    /// A harness drawing the inspector's window on Script Spark; its state
    /// is the inspector and the queued intents.
    fn inspector_harness(editor: Option<Editor>) -> Harness<'static, (InspectorPanel, Intents)> {
        let view = view_with_a_script_card();
        let mut panel = InspectorPanel::with_editor(editor);
        panel.inspect(CardRef(7));
        Harness::builder().with_size([540.0, 900.0]).build_ui_state(
            move |ui, (panel, intents): &mut (InspectorPanel, Intents)| {
                panel.window_ui(ui, &view, intents);
            },
            (panel, Intents::default()),
        )
    }

    #[test]
    fn the_inspector_shows_the_script_source_and_copies_its_location() {
        let mut harness = inspector_harness(None);
        harness.run();
        assert!(harness.query_by_label("   4  name Script Spark;").is_some());
        assert!(
            harness.query_by_label("  13  }").is_some(),
            "the card's last line"
        );
        // With no editor set, a location is copied rather than opened.
        assert!(
            harness
                .query_all_by_label_contains("Open in")
                .next()
                .is_none()
        );
        let location = "/packs/sparks/cards.txt:4";
        assert!(harness.query_by_label(location).is_some());
        harness.remove_cursor();
        harness.run_ok();
        harness.snapshot("inspector_script_source");

        // The card's location: the second "Copy location" (the ability's
        // is first).
        let copy = harness
            .get_all_by_label("Copy location")
            .nth(1)
            .expect("two locations");
        copy.click();
        harness.run();
        assert!(
            harness
                .query_by_label(&format!("Copied {location}"))
                .is_some()
        );
        assert!(harness.state().1.is_empty(), "copying queues nothing");
    }

    #[test]
    fn with_an_editor_a_location_opens_at_its_line() {
        let vim = Editor::from_vars(Some("vim"), None);
        let mut harness = inspector_harness(vim);
        harness.run();
        // The ability's location comes first.
        let open = harness
            .get_all_by_label("Open in vim")
            .next()
            .expect("a button");
        open.click();
        harness.run();
        let [Intent::Launch(launch)] = harness.state().1.as_slice() else {
            panic!("one launch: {:?}", harness.state().1.as_slice());
        };
        assert_eq!(launch.program, std::ffi::OsString::from("vim"));
        let args: Vec<String> = launch
            .args
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(args, ["+11", "/packs/sparks/cards.txt"]);
    }

    #[test]
    fn a_rust_card_not_found_in_its_source_names_its_file() {
        let mut view = view_with_a_script_card();
        let path = std::path::PathBuf::from("/packs/rusty/src/lib.rs");
        view.inspected[0].source = Some(Arc::new(CardSource {
            at: SourceAt { path, line: 1 },
            lines: Vec::new(),
            abilities: Vec::new(),
            language: SourceLanguage::Rust,
            found: false,
        }));
        let mut panel = InspectorPanel::with_editor(None);
        panel.inspect(CardRef(7));
        let mut harness = Harness::builder().with_size([540.0, 900.0]).build_ui_state(
            move |ui, (panel, intents): &mut (InspectorPanel, Intents)| {
                panel.window_ui(ui, &view, intents);
            },
            (panel, Intents::default()),
        );
        harness.run();
        assert!(harness.query_by_label("Rust source").is_some());
        assert!(
            harness
                .query_all_by_label_contains("Written in Rust: /packs/rusty/src/lib.rs")
                .next()
                .is_some()
        );
    }
}
