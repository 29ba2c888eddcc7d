//! The player's words for the game's vocabulary: what each keyword, card
//! text tag and trigger is called on screen and its reminder text (one or
//! two sentences, after docs/rules-coverage.md §12–§13), so no badge, menu or
//! tooltip shows an engine name such as `IgnoreWard` or `OnEvolve`.
//!
//! Keywords and triggers are declared once in `sve-vocab`, with the words
//! players read (`KeywordInfo::label` and `reminder`, `TriggerInfo::when`),
//! so a new keyword brings its words along. The keywords a card pool's
//! packs declare (`CardDb::declared_keywords`) bring theirs in their
//! declaration: [`keyword_entries`] words a card's keywords of both kinds,
//! and every screen that shows a card's keywords goes through it. Tags that
//! are not keywords (`[fanfare]`, `[act]`, `[cost02]`, ...) are
//! [`Marker`]s, worded here.

use super::Reminder;
use egui::Color32;
use sve_engine::cards::{CardDb, Class, DeclaredKeyword, Keywords};
use sve_vocab::{Family, KeywordInfo};

/// How a keyword or tag is shown: its word and its reminder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    /// The player-facing word ("Ward", "Ignores Ward", "Last Words").
    pub label: &'static str,
    /// What it does, in one or two sentences.
    pub reminder: &'static str,
}

/// A card text tag that is not a keyword of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// An ability marker (`[fanfare]`, `[act]`, `[engage]`, `[q]`, ...).
    Ability(&'static MarkerWords),
    /// `[costNN]`: pay N play points; `None` for `[costX]`.
    Cost(Option<u8>),
    /// `[attack]`.
    Attack,
    /// `[defense]`.
    Defense,
    /// A class icon (`[forestcraft]`).
    Class(Class),
}

/// An ability marker's tag words, label, reminder and colour.
#[derive(Debug, PartialEq, Eq)]
pub struct MarkerWords {
    /// The tag words that mean it (`evolve`, `evo`).
    pub tags: &'static [&'static str],
    /// Its label and reminder.
    pub words: Words,
    /// Its badge colour.
    pub colour: Color32,
}

/// What one tag word means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TagMeaning {
    /// A keyword of the vocabulary (`[ward]`, `[quick]`).
    Keyword(&'static KeywordInfo),
    /// Any other known tag.
    Marker(Marker),
    /// A tag nobody knows: shown as its word.
    Unknown,
}

const MARKERS: &[MarkerWords] = &[
    marker(
        &["fanfare"],
        "Fanfare",
        "Happens when this card is put onto the field: played, put there by an effect or summoned.",
        Color32::from_rgb(190, 140, 40),
    ),
    marker(
        &["lastwords"],
        "Last Words",
        "Happens when this card goes from the field to the cemetery (destroyed or otherwise). Not when it is banished or returned.",
        Color32::from_rgb(110, 70, 150),
    ),
    marker(
        &["evolve", "evo"],
        "Evolve",
        "Pay this cost (1 evolution point may pay 1 of it) to evolve this follower into its evolved card from your evolve deck. Once per turn, in your main phase.",
        Color32::from_rgb(200, 160, 30),
    ),
    marker(
        &["superevolve", "superevo", "sevo"],
        "Super Evolve",
        "Evolve this follower, also paying 1 super-evolution point, into its super-evolved form.",
        Color32::from_rgb(210, 90, 40),
    ),
    marker(
        &["act"],
        "Act",
        "An activated ability: in your main phase, pay the costs before the colon to use it.",
        Color32::from_rgb(50, 120, 70),
    ),
    marker(
        &["engage"],
        "Engage",
        "A cost: engage this card (turn it sideways). It must be reserved.",
        Color32::from_rgb(170, 100, 40),
    ),
    marker(
        &["q"],
        "Quick",
        "This activated ability can also be used in a Quick timing during your opponent's turn.",
        Color32::from_rgb(40, 130, 130),
    ),
    marker(
        &["adv"],
        "Advanced",
        "An advanced activated ability: 1 evolution point may pay 1 play point of its cost. It counts as your evolve for the turn.",
        Color32::from_rgb(150, 110, 40),
    ),
    marker(
        &["feed"],
        "Serve",
        "Pay this cost to race this follower: link a Carrot from your evolve deck to it. It then has Rush. Counts as your evolve for the turn.",
        Color32::from_rgb(190, 110, 30),
    ),
    marker(
        &["race"],
        "On Race",
        "Happens each time this follower races (a Carrot is linked to it).",
        Color32::from_rgb(190, 110, 30),
    ),
    marker(
        &["ride"],
        "Ride",
        "A Ride ability (Cardfight!! Vanguard cards); it counts as your evolve for the turn.",
        Color32::from_rgb(90, 90, 160),
    ),
    marker(
        &["ub"],
        "Union Burst",
        "A Union Burst ability (Princess Connect! Re:Dive cards).",
        Color32::from_rgb(200, 80, 120),
    ),
];

/// The colour of `[attack]` badges (as the card's attack box).
pub const ATTACK_COLOUR: Color32 = Color32::from_rgb(120, 60, 30);
/// The colour of `[defense]` badges (as the card's defense box).
pub const DEFENSE_COLOUR: Color32 = Color32::from_rgb(40, 70, 120);
/// The colour of cost badges (as the card's cost circle).
pub const COST_COLOUR: Color32 = Color32::from_rgb(40, 90, 190);

/// The words of a keyword, from its vocabulary line.
pub fn keyword_words(info: &KeywordInfo) -> Words {
    Words {
        label: info.label,
        reminder: info.reminder,
    }
}

/// One keyword of a card as the client shows it, built-in or declared by
/// the card pool: its badge's word and colour, and its reminder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeywordEntry<'a> {
    /// The word on its badge ("Ward", "Ignores Ward", "Overheat").
    pub label: &'a str,
    /// What it does.
    pub reminder: &'a str,
    /// What it is about: its badge's colour ([`family_colour`]).
    pub family: Family,
}

impl KeywordEntry<'static> {
    /// A built-in keyword's entry, from its vocabulary line.
    pub fn builtin(info: &'static KeywordInfo) -> KeywordEntry<'static> {
        KeywordEntry {
            label: info.label,
            reminder: info.reminder,
            family: info.family,
        }
    }
}

impl<'a> KeywordEntry<'a> {
    /// A declared keyword's entry, from its declaration: its name is its
    /// word, its badge its family.
    pub fn declared(keyword: &'a DeclaredKeyword) -> KeywordEntry<'a> {
        KeywordEntry {
            label: &keyword.name,
            reminder: &keyword.reminder,
            family: keyword.badge.family(),
        }
    }

    /// Its badge's colour.
    pub fn colour(&self) -> Color32 {
        family_colour(self.family)
    }

    /// Its reminder for a tooltip or a glossary: titled by its word.
    pub fn to_reminder(&self) -> Reminder {
        Reminder {
            title: self.label.to_owned(),
            text: self.reminder.to_owned(),
        }
    }
}

/// Every keyword in `keywords` as shown: the built-in ones in the
/// vocabulary's order, then the card pool's declared ones by number, as
/// `db` declares them (a declared bit `db` has no declaration for is
/// left out: nobody can say what it is).
pub fn keyword_entries(db: &CardDb, keywords: Keywords) -> impl Iterator<Item = KeywordEntry<'_>> {
    let builtin = keywords
        .infos()
        .map(|info| -> KeywordEntry<'_> { KeywordEntry::builtin(info) });
    builtin.chain(
        keywords
            .declared_numbers()
            .filter_map(|n| db.declared(n))
            .map(KeywordEntry::declared),
    )
}

/// A keyword badge's colour, by the keyword's family in the vocabulary.
pub fn keyword_colour(info: &KeywordInfo) -> Color32 {
    family_colour(info.family)
}

/// The badge colour of a keyword family, built-in and declared keywords'
/// alike.
pub fn family_colour(family: Family) -> Color32 {
    match family {
        Family::Defence => Color32::from_rgb(70, 110, 160),
        Family::Attack => Color32::from_rgb(170, 90, 40),
        Family::Lethal => Color32::from_rgb(120, 40, 60),
        Family::Timing => Color32::from_rgb(40, 130, 130),
        Family::Other => Color32::from_rgb(80, 80, 90),
    }
}

/// "When this evolves": a trigger as the player reads it, by the ability
/// name the vocabulary gives it (`Trigger::ability_name`). `None` for a
/// name no trigger has.
pub fn trigger_words(ability_name: &str) -> Option<&'static str> {
    sve_vocab::TRIGGERS
        .iter()
        .find(|info| info.name == ability_name)
        .map(|info| info.when)
}

/// What a tag word (as [`super::markup`] writes it) means.
pub fn tag_meaning(word: &str) -> TagMeaning {
    if let Some(marker) = MARKERS.iter().find(|m| m.tags.contains(&word)) {
        return TagMeaning::Marker(Marker::Ability(marker));
    }
    if let Some(info) = sve_vocab::KEYWORDS
        .iter()
        .find(|info| squash(info.name) == word || squash(keyword_words(info).label) == word)
    {
        return TagMeaning::Keyword(info);
    }
    match word {
        "attack" | "atk" => return TagMeaning::Marker(Marker::Attack),
        "defense" | "defence" | "def" => return TagMeaning::Marker(Marker::Defense),
        _ => {}
    }
    if let Some(amount) = word.strip_prefix("cost") {
        if amount == "x" {
            return TagMeaning::Marker(Marker::Cost(None));
        }
        if (1..=2).contains(&amount.len())
            && let Ok(n) = amount.parse::<u8>()
        {
            return TagMeaning::Marker(Marker::Cost(Some(n)));
        }
    }
    if let Some(class) = class_named(word) {
        return TagMeaning::Marker(Marker::Class(class));
    }
    TagMeaning::Unknown
}

impl Marker {
    /// The badge text ("Fanfare", "2", "ATK", "Forestcraft").
    pub fn label(&self) -> String {
        match self {
            Marker::Ability(marker) => marker.words.label.to_owned(),
            Marker::Cost(Some(n)) => n.to_string(),
            Marker::Cost(None) => "X".to_owned(),
            Marker::Attack => "ATK".to_owned(),
            Marker::Defense => "DEF".to_owned(),
            Marker::Class(class) => class.name().to_owned(),
        }
    }

    /// The tooltip's title and text.
    pub fn reminder(&self) -> (String, String) {
        match self {
            Marker::Ability(marker) => (
                marker.words.label.to_owned(),
                marker.words.reminder.to_owned(),
            ),
            Marker::Cost(Some(n)) => (
                format!("Cost {n}"),
                format!(
                    "Pay {n} play point{}.",
                    if *n == 1 { "" } else { "s" }
                ),
            ),
            Marker::Cost(None) => (
                "Cost X".to_owned(),
                "Pay X play points; the text says what X is.".to_owned(),
            ),
            Marker::Attack => (
                "Attack".to_owned(),
                "A follower's attack: the damage it deals in combat.".to_owned(),
            ),
            Marker::Defense => (
                "Defense".to_owned(),
                "A follower is destroyed when its defense reaches 0; a leader's defense is its life.".to_owned(),
            ),
            Marker::Class(class) => (
                class.name().to_owned(),
                format!("{} cards.", class.name()),
            ),
        }
    }
}

const fn words(label: &'static str, reminder: &'static str) -> Words {
    Words { label, reminder }
}

const fn marker(
    tags: &'static [&'static str],
    label: &'static str,
    reminder: &'static str,
    colour: Color32,
) -> MarkerWords {
    MarkerWords {
        tags,
        words: words(label, reminder),
        colour,
    }
}

/// `name` lower case with only letters and digits, as tag words are.
pub(super) fn squash(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// A class icon's tag word: the printed name squashed (`forestcraft`).
fn class_named(word: &str) -> Option<Class> {
    Class::ALL
        .iter()
        .copied()
        .find(|class| squash(class.name()) == word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_and_triggers_are_worded_by_the_vocabulary() {
        let ignore_ward = sve_vocab::keyword_named("IgnoreWard").expect("a keyword");
        assert_eq!(keyword_words(ignore_ward).label, "Ignores Ward");
        assert_eq!(trigger_words("Evolve"), Some("When this evolves"));
        assert_eq!(trigger_words("Serve"), None);
    }

    #[test]
    fn declared_keywords_are_entries_after_the_built_in_ones_in_their_badges_colour() {
        let db = crate::fixture::declared_db();
        let entries: Vec<KeywordEntry<'_>> =
            keyword_entries(&db, Keywords::declared(0) | Keywords::BANE).collect();
        let bane = sve_vocab::keyword_named("Bane").expect("a keyword");
        assert_eq!(
            entries,
            [
                KeywordEntry::builtin(bane),
                KeywordEntry {
                    label: "Overheat",
                    reminder: crate::fixture::OVERHEAT_REMINDER,
                    family: Family::Lethal,
                },
            ]
        );
        // A lethal keyword's badge, built-in or declared, is one colour.
        assert_eq!(entries[1].colour(), keyword_colour(bane));
        assert_eq!(
            entries[1].to_reminder(),
            Reminder {
                title: "Overheat".to_owned(),
                text: crate::fixture::OVERHEAT_REMINDER.to_owned(),
            }
        );
        // A bit the pool declares nothing for: nothing to show.
        assert_eq!(keyword_entries(&db, Keywords::declared(3)).count(), 0);
    }

    #[test]
    fn tags_mean_markers_keywords_costs_and_classes() {
        let label = |word: &str| match tag_meaning(word) {
            TagMeaning::Keyword(info) => format!("keyword {}", keyword_words(info).label),
            TagMeaning::Marker(marker) => marker.label(),
            TagMeaning::Unknown => "?".to_owned(),
        };
        assert_eq!(label("fanfare"), "Fanfare");
        assert_eq!(label("lastwords"), "Last Words");
        assert_eq!(label("evo"), "Evolve");
        assert_eq!(label("act"), "Act");
        assert_eq!(label("q"), "Quick");
        assert_eq!(label("quick"), "keyword Quick");
        assert_eq!(label("ward"), "keyword Ward");
        assert_eq!(label("ignoreward"), "keyword Ignores Ward");
        assert_eq!(label("cost02"), "2");
        assert_eq!(label("cost10"), "10");
        assert_eq!(label("costx"), "X");
        assert_eq!(label("cost"), "?");
        assert_eq!(label("cost123"), "?");
        assert_eq!(label("attack"), "ATK");
        assert_eq!(label("forestcraft"), "Forestcraft");
        assert_eq!(label("sparkle"), "?");
    }
}
