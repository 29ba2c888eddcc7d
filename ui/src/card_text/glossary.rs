//! The player's words for the game's vocabulary: what each keyword, card
//! text tag and trigger is called on screen and its reminder text (one or
//! two sentences from docs/rules.md §12–§13, §15.1), so no badge, menu or
//! tooltip shows an engine name such as `IgnoreWard` or `OnEvolve`.
//!
//! Keywords and triggers are declared once in `sve-vocab`; the tables here
//! are keyed by the vocabulary's identifiers, and the tests fail when a
//! vocabulary entry has no words here, so a new keyword can't be
//! forgotten. Tags that are not keywords (`[fanfare]`, `[act]`,
//! `[cost02]`, ...) are [`Marker`]s.

use egui::Color32;
use sve_engine::cards::{Class, Keywords};
use sve_vocab::{Family, KeywordInfo};

/// How a keyword or tag is shown: its word and its reminder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    /// The player-facing word ("Ward", "Ignores Ward", "Last Words").
    pub label: &'static str,
    /// What it does, in one or two sentences.
    pub reminder: &'static str,
}

/// A keyword's words by its `sve-vocab` identifier.
const KEYWORD_WORDS: &[(&str, Words)] = &[
    (
        "WARD",
        words(
            "Ward",
            "While this follower is engaged, enemy followers must attack it (or another engaged Ward follower). When it is put onto the field, you may put it engaged.",
        ),
    ),
    (
        "STORM",
        words(
            "Storm",
            "This follower can attack the turn it is put onto the field, the enemy leader included.",
        ),
    ),
    (
        "RUSH",
        words(
            "Rush",
            "This follower can attack enemy followers (not the leader) the turn it is put onto the field.",
        ),
    ),
    (
        "ASSAIL",
        words(
            "Assail",
            "This follower can attack reserved enemy followers, not only engaged ones.",
        ),
    ),
    (
        "INTIMIDATE",
        words(
            "Intimidate",
            "This follower can't be chosen as an attack target. Abilities can still choose it.",
        ),
    ),
    (
        "DRAIN",
        words(
            "Drain",
            "When this follower deals damage by attacking, your leader gains that much defense.",
        ),
    ),
    (
        "BANE",
        words(
            "Bane",
            "A follower that fights this follower is destroyed, however much damage it took.",
        ),
    ),
    (
        "AURA",
        words(
            "Aura",
            "While this card is on the field, your opponent's cards and abilities can't select it.",
        ),
    ),
    (
        "QUICK",
        words(
            "Quick",
            "You may play this card in a Quick timing during your opponent's turn, paying with your own play points.",
        ),
    ),
    (
        "IGNORE_WARD",
        words(
            "Ignores Ward",
            "This follower may attack any legal target, even while the opponent has an engaged Ward follower.",
        ),
    ),
    (
        "PUT_ON_FIELD_ENGAGED",
        words("Enters engaged", "This card is put onto the field engaged."),
    ),
    (
        "USE_DEF_AS_ATK",
        words(
            "Hits with defense",
            "In combat, this follower deals damage equal to its defense instead of its attack.",
        ),
    ),
    (
        "RUNE_FOLLOWERS_FOR_SPELLCHAIN",
        words(
            "Followers count for Spellchain",
            "Runecraft followers in your cemetery count toward your Spellchain.",
        ),
    ),
    (
        "CANNOT_DESTROY_BY_ABILITIES",
        words(
            "Can't be destroyed by abilities",
            "Abilities, Bane included, can't destroy this card. It is still destroyed when its defense reaches 0.",
        ),
    ),
    (
        "CANNOT_ATTACK",
        words("Can't attack", "This follower can't attack."),
    ),
    (
        "CANNOT_ATTACK_LEADERS",
        words(
            "Can't attack leaders",
            "This follower can't attack leaders. It can still attack followers.",
        ),
    ),
    (
        "PLUS1_DAMAGE",
        words(
            "+1 damage",
            "This follower deals 1 more damage when it fights or attacks.",
        ),
    ),
    (
        "PLUS2_DAMAGE",
        words(
            "+2 damage",
            "This follower deals 2 more damage when it fights or attacks.",
        ),
    ),
    (
        "PLUS3_DAMAGE",
        words(
            "+3 damage",
            "This follower deals 3 more damage when it fights or attacks.",
        ),
    ),
    (
        "PLUS4_DAMAGE",
        words(
            "+4 damage",
            "This follower deals 4 more damage when it fights or attacks.",
        ),
    ),
    (
        "DAMAGE_REDUCTION1",
        words(
            "Takes 1 less in combat",
            "This follower takes 1 less damage in combat.",
        ),
    ),
    (
        "DAMAGE_REDUCTION_ABILITIES1",
        words(
            "Takes 1 less from abilities",
            "This follower takes 1 less damage from abilities.",
        ),
    ),
    (
        "CANNOT_DEAL_DAMAGE",
        words(
            "Deals no combat damage",
            "This follower deals no damage in combat.",
        ),
    ),
    (
        "DOES_NOT_TAKE_DAMAGE",
        words("Takes no damage", "This follower takes no damage at all."),
    ),
    (
        "DOES_NOT_TAKE_COMBAT_DAMAGE",
        words(
            "Takes no combat damage",
            "This follower takes no damage in combat.",
        ),
    ),
    (
        "DOUBLE_COMBAT_DAMAGE",
        words(
            "Double damage to followers",
            "In combat, this follower deals double damage to followers.",
        ),
    ),
    (
        "DOUBLE_LEADER_DAMAGE",
        words(
            "Double damage to leaders",
            "This follower deals double damage to leaders.",
        ),
    ),
    (
        "STACK",
        words(
            "Stack",
            "This amulet holds Stack counters. Earth Rite costs remove them; an amulet with none left goes to the cemetery.",
        ),
    ),
    (
        "EARTH_RITE",
        words(
            "Earth Rite",
            "An Earth Rite cost removes Stack counters from one of your Stack amulets.",
        ),
    ),
];

/// The words of a trigger of automatic abilities, by its `sve-vocab`
/// identifier: when it happens, as a sentence start.
const TRIGGER_WORDS: &[(&str, &str)] = &[
    ("Fanfare", "When this is put onto the field"),
    ("LastWords", "When this goes from the field to the cemetery"),
    ("OnLeaveField", "When this leaves the field"),
    (
        "OnReturnToHandFromField",
        "When this returns from the field to the hand",
    ),
    (
        "OnOtherEnterField",
        "Whenever another card is put onto your field",
    ),
    (
        "OnOtherLeaveField",
        "Whenever another card leaves your field",
    ),
    (
        "OnOpponentCardDestroyed",
        "Whenever an enemy card is destroyed",
    ),
    (
        "OnOpponentCardLeaveField",
        "Whenever an enemy card leaves the field",
    ),
    ("OnDiscarded", "When this is discarded"),
    ("OnEvolve", "When this evolves"),
    ("OnSuperEvolve", "When this super-evolves"),
    (
        "OnOtherEvolve",
        "Whenever another follower on your field evolves",
    ),
    ("Strike", "When this follower attacks"),
    ("FollowerStrike", "When this follower attacks a follower"),
    ("LeaderStrike", "When this follower attacks a leader"),
    (
        "OnOtherAttack",
        "Whenever another card on your field attacks",
    ),
    ("OnPlaySpell", "Whenever you play a spell"),
    (
        "OnDealCombatDamage",
        "When this follower deals combat damage",
    ),
    ("OnLeaderGainDefense", "Whenever your leader gains defense"),
    ("StartMainPhase", "At the start of your main phase"),
    (
        "StartOpponentMainPhase",
        "At the start of your opponent's main phase",
    ),
    ("StartEndPhase", "At the start of your end phase"),
    (
        "StartOpponentEndPhase",
        "At the start of your opponent's end phase",
    ),
];

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

/// The words of a keyword. A keyword the table lacks (the tests rule that
/// out) shows its vocabulary name and description.
pub fn keyword_words(info: &KeywordInfo) -> Words {
    KEYWORD_WORDS
        .iter()
        .find(|(ident, _)| *ident == info.ident)
        .map_or(
            Words {
                label: info.name,
                reminder: info.doc,
            },
            |(_, words)| *words,
        )
}

/// The words of every keyword in `keywords`, in the vocabulary's order.
pub fn keywords_words(keywords: Keywords) -> impl Iterator<Item = Words> {
    keywords.infos().map(keyword_words)
}

/// A keyword badge's colour, by the keyword's family in the vocabulary.
pub fn keyword_colour(info: &KeywordInfo) -> Color32 {
    match info.family {
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
    let info = sve_vocab::TRIGGERS
        .iter()
        .find(|info| info.name == ability_name)?;
    TRIGGER_WORDS
        .iter()
        .find(|(ident, _)| *ident == info.ident)
        .map(|(_, text)| *text)
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
fn squash(name: &str) -> String {
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
    fn every_vocabulary_keyword_has_player_words_and_a_reminder() {
        for info in sve_vocab::KEYWORDS {
            let entry = KEYWORD_WORDS.iter().find(|(ident, _)| *ident == info.ident);
            let Some((_, words)) = entry else {
                panic!("keyword {} has no words in KEYWORD_WORDS", info.ident);
            };
            assert!(
                !words.label.is_empty() && words.reminder.len() > 10,
                "{}",
                info.ident
            );
            assert!(
                !is_identifier(words.label),
                "{}: {}",
                info.ident,
                words.label
            );
        }
        for (ident, _) in KEYWORD_WORDS {
            assert!(
                sve_vocab::KEYWORDS.iter().any(|info| info.ident == *ident),
                "{ident} is not a vocabulary keyword"
            );
        }
    }

    #[test]
    fn every_vocabulary_trigger_has_player_words() {
        for info in sve_vocab::TRIGGERS {
            assert!(
                TRIGGER_WORDS.iter().any(|(ident, _)| *ident == info.ident),
                "trigger {} has no words in TRIGGER_WORDS",
                info.ident
            );
            // Ability names find their trigger: they are unique.
            assert_eq!(
                sve_vocab::TRIGGERS
                    .iter()
                    .filter(|t| t.name == info.name)
                    .count(),
                1,
                "{}",
                info.name
            );
        }
        assert_eq!(trigger_words("Evolve"), Some("When this evolves"));
        assert_eq!(trigger_words("Serve"), None);
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

    /// CamelCase or SCREAMING_CASE: a Rust name, not a word.
    fn is_identifier(text: &str) -> bool {
        text.contains('_')
            || text
                .split_whitespace()
                .any(|word| word.chars().skip(1).any(|c| c.is_ascii_uppercase()))
    }
}
