//! Card text as egui rich text: [`layout`] turns parsed markup into a
//! [`LayoutJob`] where tags are coloured badges ("Fanfare", a cost "2")
//! and keywords printed as words ("Ward") are coloured and underlined, and
//! remembers which characters carry which reminder, so a hover can say
//! what the keyword under the pointer does ([`RichCardText::reminder_at`]).
//! [`layout_in`] knows the card pool's declared keywords too, and draws
//! them as the built-in ones.

use super::glossary::{
    self, ATTACK_COLOUR, COST_COLOUR, DEFENSE_COLOUR, KeywordEntry, Marker, TagMeaning, squash,
};
use super::markup::{self, Piece};
use crate::play::card::class_colour;
use egui::text::{CCursor, LayoutJob, TextFormat};
use egui::{Color32, FontId, Galley, Stroke, Vec2};
use std::ops::Range;
use sve_engine::cards::DeclaredKeyword;
use sve_vocab::Shown;

/// How card text is laid out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextStyle {
    /// The font size of the text; badges are a little smaller.
    pub size: f32,
    /// The colour of plain text.
    pub colour: Color32,
    /// Where rows wrap.
    pub wrap_width: f32,
    /// The most rows shown; the last ends with `…` when text is cut.
    pub max_rows: usize,
}

/// What a keyword or tag does, for a tooltip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reminder {
    /// Its word ("Ward", "Last Words", "Cost 2").
    pub title: String,
    /// What it does.
    pub text: String,
}

/// Card text laid out: the job to paint and what each part means.
#[derive(Clone, Debug)]
pub struct RichCardText {
    /// The rich text, ready for `Painter::layout_job`.
    pub job: LayoutJob,
    /// Character ranges of `job.text` and the index of their reminder.
    hints: Vec<(Range<usize>, usize)>,
    /// Every reminder of the text, each once, in reading order.
    reminders: Vec<Reminder>,
}

impl TextStyle {
    /// Text of `size` in `colour`, wrapped at `wrap_width`, every row shown.
    pub fn new(size: f32, colour: Color32, wrap_width: f32) -> TextStyle {
        TextStyle {
            size,
            colour,
            wrap_width,
            max_rows: usize::MAX,
        }
    }
}

/// Lays out card text. Never panics, whatever the text (see
/// [`markup::parse`] for how malformed markup reads).
pub fn layout(text: &str, style: &TextStyle) -> RichCardText {
    layout_in(text, style, &[])
}

/// [`layout`] knowing the card pool's declared keywords
/// (`CardDb::declared_keywords`): their names printed as words are picked
/// out and their tags (`[overheat]`) drawn as badges, with their
/// reminders, as built-in keywords are.
pub fn layout_in(text: &str, style: &TextStyle, declared: &[DeclaredKeyword]) -> RichCardText {
    let mut out = Builder {
        job: LayoutJob::default(),
        chars: 0,
        hints: Vec::new(),
        reminders: Vec::new(),
        style: *style,
        declared,
    };
    out.job.wrap.max_width = style.wrap_width.max(1.0);
    out.job.wrap.max_rows = style.max_rows.max(1);
    for piece in markup::parse(text) {
        match piece {
            Piece::Plain(text) => out.plain(&text),
            Piece::Tag(word) => out.tag(&word),
        }
    }
    RichCardText {
        job: out.job,
        hints: out.hints,
        reminders: out.reminders,
    }
}

/// Card text as plain words, without markup: tags become their words
/// (`[act][engage]: Draw` reads "Act Engage: Draw"). For button labels,
/// accessibility names and anything that is not rich text.
pub fn plain_words(text: &str) -> String {
    let mut out = String::new();
    for piece in markup::parse(text) {
        match piece {
            Piece::Plain(text) => out.push_str(&text),
            Piece::Tag(word) => {
                let label = tag_label(&word);
                // A badge is a word: keep it apart from its neighbours.
                if out.chars().last().is_some_and(|c| !c.is_whitespace()) {
                    out.push(' ');
                }
                out.push_str(&label);
            }
        }
    }
    out
}

impl RichCardText {
    /// The reminder of the character under `pos` (relative to the
    /// galley's top left), if it has one. `galley` must be laid out from
    /// this text's [`RichCardText::job`].
    pub fn reminder_at(&self, galley: &Galley, pos: Vec2) -> Option<&Reminder> {
        if !galley.rect.expand(1.0).contains(pos.to_pos2()) {
            return None;
        }
        let cursor = galley.cursor_from_pos(pos);
        let at = galley.pos_from_cursor(cursor);
        // The cursor is the nearest gap between characters: the character
        // under the pointer is the one after it, or the one before.
        let char_idx = if pos.x >= at.min.x {
            cursor.index.0
        } else {
            cursor.index.0.checked_sub(1)?
        };
        if galley.pos_from_cursor(CCursor::new(char_idx)).max.y + 1.0 < pos.y {
            return None;
        }
        self.hints
            .iter()
            .find(|(range, _)| range.contains(&char_idx))
            .and_then(|(_, idx)| self.reminders.get(*idx))
    }

    /// Every reminder of the text, each once, in reading order.
    pub fn reminders(&self) -> &[Reminder] {
        &self.reminders
    }

    /// The laid-out text without styling (what a screen reader reads).
    pub fn text(&self) -> &str {
        &self.job.text
    }
}

/// The word a tag shows.
fn tag_label(word: &str) -> String {
    match glossary::tag_meaning(word) {
        TagMeaning::Keyword(info) => KeywordEntry::builtin(info).label.to_owned(),
        TagMeaning::Marker(marker) => marker.label(),
        TagMeaning::Unknown => unknown_label(word),
    }
}

/// An unknown tag's word: capitalised, as the markup wrote it.
fn unknown_label(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

struct Builder<'a> {
    job: LayoutJob,
    /// Characters in `job.text` so far.
    chars: usize,
    hints: Vec<(Range<usize>, usize)>,
    reminders: Vec<Reminder>,
    style: TextStyle,
    /// The card pool's declared keywords.
    declared: &'a [DeclaredKeyword],
}

impl Builder<'_> {
    fn plain_format(&self) -> TextFormat {
        TextFormat::simple(FontId::proportional(self.style.size), self.style.colour)
    }

    fn append(&mut self, text: &str, format: TextFormat, reminder: Option<Reminder>) {
        if text.is_empty() {
            return;
        }
        let start = self.chars;
        self.chars += text.chars().count();
        self.job.append(text, 0.0, format);
        if let Some(reminder) = reminder {
            let idx = match self.reminders.iter().position(|r| *r == reminder) {
                Some(idx) => idx,
                None => {
                    self.reminders.push(reminder);
                    self.reminders.len() - 1
                }
            };
            self.hints.push((start..self.chars, idx));
        }
    }

    /// Plain text, with the keywords printed as words picked out.
    fn plain(&mut self, text: &str) {
        let mut rest = text;
        while !rest.is_empty() {
            match next_keyword_word(rest, self.declared) {
                Some((at, len, entry)) => {
                    self.append(&rest[..at], self.plain_format(), None);
                    let colour = lighter(entry.colour());
                    let mut format =
                        TextFormat::simple(FontId::proportional(self.style.size), colour);
                    format.underline = Stroke::new(1.0, colour.gamma_multiply(0.6));
                    self.append(&rest[at..at + len], format, Some(entry.to_reminder()));
                    rest = &rest[at + len..];
                }
                None => {
                    self.append(rest, self.plain_format(), None);
                    rest = "";
                }
            }
        }
    }

    /// A tag as a badge.
    fn tag(&mut self, word: &str) {
        let keyword = |entry: KeywordEntry<'_>| {
            (
                entry.label.to_owned(),
                entry.colour(),
                Some(entry.to_reminder()),
            )
        };
        let pool = self.declared;
        let declared = || pool.iter().find(|keyword| squash(&keyword.name) == word);
        let (label, colour, reminder) = match glossary::tag_meaning(word) {
            TagMeaning::Keyword(info) => keyword(KeywordEntry::builtin(info)),
            TagMeaning::Marker(marker) => {
                let (title, text) = marker.reminder();
                let colour = match marker {
                    Marker::Ability(words) => words.colour,
                    Marker::Cost(_) => COST_COLOUR,
                    Marker::Attack => ATTACK_COLOUR,
                    Marker::Defense => DEFENSE_COLOUR,
                    Marker::Class(class) => class_colour(class).gamma_multiply(0.7),
                };
                (marker.label(), colour, Some(Reminder { title, text }))
            }
            // A keyword of the card pool's packs, or shown as its word,
            // plainly: nobody knows what it means.
            TagMeaning::Unknown => match declared() {
                Some(declared) => keyword(KeywordEntry::declared(declared)),
                None => {
                    let label = unknown_label(word);
                    let mut format = self.plain_format();
                    format.italics = true;
                    self.append(&label, format, None);
                    return;
                }
            },
        };
        // Non-breaking spaces pad the badge and keep a two-word label on
        // one row.
        let text = format!("\u{a0}{}\u{a0}", label.replace(' ', "\u{a0}"));
        let mut format =
            TextFormat::simple(FontId::proportional(self.style.size * 0.92), Color32::WHITE);
        format.background = colour;
        format.valign = egui::Align::Center;
        self.append(&text, format, reminder);
        // A thin gap between two badges in a row (`[evolve][cost02]`).
        self.append("\u{200a}", self.plain_format(), None);
    }
}

/// The first keyword printed as a word in `text` (whole words, as
/// capitalised in the vocabulary or the declaration, e.g. "Ward" but not
/// "Wardrobe"): its byte offset, byte length and entry.
fn next_keyword_word<'a>(
    text: &str,
    declared: &'a [DeclaredKeyword],
) -> Option<(usize, usize, KeywordEntry<'a>)> {
    let builtin = sve_vocab::KEYWORDS
        .iter()
        .filter(|info| info.shown != Shown::Internal)
        .map(|info| -> (&'a str, KeywordEntry<'a>) { (info.name, KeywordEntry::builtin(info)) });
    let declared = declared
        .iter()
        .map(|keyword| (keyword.name.as_str(), KeywordEntry::declared(keyword)));
    let mut best: Option<(usize, usize, KeywordEntry<'a>)> = None;
    // An empty name is no word (and would be found everywhere).
    for (name, entry) in builtin.chain(declared).filter(|(name, _)| !name.is_empty()) {
        let mut from = 0;
        while let Some(found) = text[from..].find(name) {
            let at = from + found;
            let end = at + name.len();
            let before = text[..at].chars().next_back();
            let after = text[end..].chars().next();
            let whole = !before.is_some_and(char::is_alphanumeric)
                && !after.is_some_and(char::is_alphanumeric);
            if whole {
                if best.is_none_or(|(best_at, _, _)| at < best_at) {
                    best = Some((at, name.len(), entry));
                }
                break;
            }
            from = end;
        }
    }
    best
}

/// A badge colour made readable as text on the dark card.
fn lighter(colour: Color32) -> Color32 {
    let lift = |c: u8| c.saturating_add((255 - c) / 2);
    Color32::from_rgb(lift(colour.r()), lift(colour.g()), lift(colour.b()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn style() -> TextStyle {
        TextStyle::new(12.0, Color32::WHITE, 200.0)
    }

    /// The laid-out text with each badge in `<>` and each hinted word in
    /// `{}`, badge padding dropped.
    fn shape(text: &str) -> String {
        shape_in(text, &[])
    }

    /// [`shape`] with the card pool's declared keywords.
    fn shape_in(text: &str, declared: &[DeclaredKeyword]) -> String {
        let rich = layout_in(text, &style(), declared);
        let mut out = String::new();
        for section in &rich.job.sections {
            let part = &rich.job.text[section.byte_range.start.0..section.byte_range.end.0];
            let part = part
                .trim_matches(['\u{a0}', '\u{200a}'])
                .replace('\u{a0}', " ");
            if part.is_empty() {
                continue;
            }
            if section.format.background != Color32::TRANSPARENT {
                out.push_str(&format!("<{part}>"));
            } else if section.format.underline != Stroke::NONE {
                out.push_str(&format!("{{{part}}}"));
            } else {
                out.push_str(&part);
            }
        }
        out
    }

    #[test]
    fn each_kind_of_tag_becomes_a_badge_without_brackets() {
        assert_eq!(
            shape("[evolve][cost02]: Evolve this follower."),
            "<Evolve><2>: Evolve this follower."
        );
        assert_eq!(
            shape("[fanfare][lastwords] Draw."),
            "<Fanfare><Last Words> Draw."
        );
        assert_eq!(
            shape("[act][engage][q]: Draw."),
            "<Act><Engage><Quick>: Draw."
        );
        assert_eq!(shape("[quick] Deal 2."), "<Quick> Deal 2.");
        assert_eq!(
            shape("[ward][storm][rush][bane][drain][aura][intimidate]"),
            "<Ward><Storm><Rush><Bane><Drain><Aura><Intimidate>"
        );
        assert_eq!(
            shape("Give it [attack]+1/[defense]+1."),
            "Give it <ATK>+1/<DEF>+1."
        );
        assert_eq!(shape("[evo][cost10]"), "<Evolve><10>");
        assert_eq!(
            shape("[havencraft] [feed][cost01] [race]"),
            "<Havencraft> <Serve><1> <On Race>"
        );
    }

    #[test]
    fn an_unknown_tag_shows_its_word() {
        assert_eq!(shape("[sparkle] Draw."), "Sparkle Draw.");
        assert_eq!(plain_words("[sparkle] Draw."), "Sparkle Draw.");
    }

    #[test]
    fn text_without_tags_is_unchanged_and_keywords_as_words_are_hinted() {
        assert_eq!(shape("Draw a card."), "Draw a card.");
        assert_eq!(
            shape("Ward. Wardrobe gets Storm."),
            "{Ward}. Wardrobe gets {Storm}."
        );
        assert_eq!(shape(""), "");
    }

    #[test]
    fn declared_keywords_are_hinted_and_badged_as_built_in_ones() {
        let db = crate::fixture::declared_db();
        let declared = db.declared_keywords();
        assert_eq!(
            shape_in("Ward. Overheat. Overheated. [overheat]", declared),
            "{Ward}. {Overheat}. Overheated. <Overheat>"
        );
        // Unknown to a pool that does not declare it.
        assert_eq!(shape("Overheat. [overheat]"), "Overheat. Overheat");
        let rich = layout_in("[overheat] Overheat.", &style(), declared);
        assert_eq!(
            rich.reminders(),
            [Reminder {
                title: "Overheat".to_owned(),
                text: crate::fixture::OVERHEAT_REMINDER.to_owned(),
            }]
        );
        // A declared keyword's badge is its family's colour.
        let badge = rich
            .job
            .sections
            .iter()
            .find(|section| section.format.background != Color32::TRANSPARENT)
            .expect("a badge");
        assert_eq!(
            badge.format.background,
            glossary::family_colour(sve_vocab::Family::Lethal)
        );
    }

    #[test]
    fn malformed_markup_never_panics_and_shows_no_brackets() {
        for text in [
            "[cost0",
            "]]",
            "[[",
            "[[fanfare]",
            "[cost",
            "][",
            "[ ]",
            "[\u{0}]",
            "[é]",
            "[a[b]c]d]",
        ] {
            let rich = layout(text, &style());
            assert!(
                !rich.text().contains(['[', ']']),
                "{text:?}: {:?}",
                rich.text()
            );
            let plain = plain_words(text);
            assert!(!plain.contains(['[', ']']), "{text:?}: {plain:?}");
        }
        assert_eq!(shape("Pay [cost0"), "Pay cost0");
    }

    #[test]
    fn plain_words_spell_tags_out() {
        assert_eq!(
            plain_words("[act][engage]: Draw a card."),
            "Act Engage: Draw a card."
        );
        assert_eq!(
            plain_words("[evolve][cost02]: Evolve."),
            "Evolve 2: Evolve."
        );
        assert_eq!(plain_words("No tags."), "No tags.");
    }

    #[test]
    fn reminders_are_listed_once_in_reading_order() {
        let rich = layout("[fanfare] Ward. [fanfare] [cost02]", &style());
        let titles: Vec<&str> = rich.reminders().iter().map(|r| r.title.as_str()).collect();
        assert_eq!(titles, ["Fanfare", "Ward", "Cost 2"]);
    }

    #[test]
    fn the_reminder_under_the_pointer_is_its_keywords() {
        let ctx = egui::Context::default();
        let mut found = Vec::new();
        let mut output = ctx.run_ui(Default::default(), |ui| {
            let rich = layout("[fanfare] Give Ward.", &style());
            let galley = ui.painter().layout_job(rich.job.clone());
            let row = galley.rows.first().map_or(0.0, |r| r.rect().center().y);
            for x in [2.0, 150.0, 199.0] {
                found.push(
                    rich.reminder_at(&galley, Vec2::new(x, row))
                        .map(|r| r.title.clone()),
                );
            }
            // Ward: the last word but the full stop.
            let end = galley.rect.right();
            found.push(
                rich.reminder_at(&galley, Vec2::new(end - 12.0, row))
                    .map(|r| r.title.clone()),
            );
            found.push(
                rich.reminder_at(&galley, Vec2::new(2.0, row + 100.0))
                    .map(|r| r.title.clone()),
            );
        });
        output.textures_delta.clear();
        assert_eq!(found[0].as_deref(), Some("Fanfare"));
        assert_eq!(found[1], None, "past the end of the row");
        assert_eq!(found[3].as_deref(), Some("Ward"));
        assert_eq!(found[4], None, "below the text");
    }
}
