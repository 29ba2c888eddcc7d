//! Deck files and deck construction (rules-coverage.md §5).
//!
//! The community deck-list text format is read unmodified: a title line,
//! then sections `# Leader`, `# Main Deck`, `# Evolve Deck`, each with lines
//! `N CARD-ID` (anything after the id, such as a card name, is ignored).
//! Blank lines are skipped; `//` starts a comment. A line `# Basis
//! universe` builds the deck on its leader's universe instead of its class
//! (CR 6.1.1.5: that universe's cards only, of any class); `# Basis class`
//! is the default.

pub mod code;

use crate::cards::{CardDb, CardType, Class};
use crate::engine::DeckList;
use std::fmt;
use sve_text::escape_line;

/// The starter deck lists shipped with the app, by name.
pub const STARTER_DECKS: &[(&str, &str)] = &[
    ("SD01", include_str!("../../data/decks/SD01.txt")),
    ("SD02", include_str!("../../data/decks/SD02.txt")),
    ("SD03", include_str!("../../data/decks/SD03.txt")),
    ("SD04", include_str!("../../data/decks/SD04.txt")),
    ("SD05", include_str!("../../data/decks/SD05.txt")),
    ("SD06", include_str!("../../data/decks/SD06.txt")),
];

/// A parsed deck file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckFile {
    /// Where it came from (a path or `SD01`).
    pub source: String,
    /// The title line.
    pub title: String,
    /// Leader entries.
    pub leader: Vec<DeckEntry>,
    /// Main deck entries.
    pub main: Vec<DeckEntry>,
    /// Evolve deck entries.
    pub evolve: Vec<DeckEntry>,
    /// What the deck is built on (`# Basis universe`; the class by
    /// default).
    pub basis: DeckBasis,
}

/// What a deck is built on (CR 6.1.1.5): its leader's class (cards of that
/// class and Neutral; universes don't matter) or its leader's universe
/// (only that universe's cards; classes don't matter).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum DeckBasis {
    /// The leader's class.
    #[default]
    Class,
    /// The leader's universe.
    Universe,
}

/// One `N CARD-ID` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckEntry {
    /// Number of copies.
    pub count: u32,
    /// Card id.
    pub card_id: String,
    /// 1-based line number.
    pub line: usize,
}

/// A problem with a deck file, located at a line where it has one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct DeckError {
    /// The file or deck name.
    pub source_name: String,
    /// 1-based line, if the problem belongs to one line.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for DeckError {
    /// `file:line: message`. Deck files may come with a pack: what the
    /// message quotes from the file is shown with control characters
    /// escaped and cut at 500 characters.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let source = escape_line(&self.source_name, usize::MAX);
        let message = escape_line(&self.message, 500);
        match self.line {
            Some(line) => write!(f, "{source}:{line}: {message}"),
            None => write!(f, "{source}: {message}"),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    None,
    Leader,
    Main,
    Evolve,
}

/// Parses a deck file's text. `source` names it in errors.
pub fn parse_deck(text: &str, source: &str) -> Result<DeckFile, Vec<DeckError>> {
    let mut deck = DeckFile {
        source: source.to_owned(),
        title: String::new(),
        leader: Vec::new(),
        main: Vec::new(),
        evolve: Vec::new(),
        basis: DeckBasis::Class,
    };
    let mut errors = Vec::new();
    let mut section = Section::None;
    let error = |line: usize, message: String| DeckError {
        source_name: source.to_owned(),
        line: Some(line),
        message,
    };
    // `\r\n`, a lone `\r` and a leading byte order mark read as plain lines.
    for (idx, raw) in sve_text::lines(text).enumerate() {
        let line_no = idx + 1;
        let line = raw.split("//").next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(heading) = line.strip_prefix('#') {
            let heading = heading.trim().to_ascii_lowercase();
            let words: Vec<&str> = heading.split_whitespace().collect();
            if let ["basis", basis] = words.as_slice() {
                match *basis {
                    "class" => deck.basis = DeckBasis::Class,
                    "universe" => deck.basis = DeckBasis::Universe,
                    other => errors.push(error(
                        line_no,
                        format!("unknown basis `{other}`; expected `# Basis class` or `# Basis universe`"),
                    )),
                }
                continue;
            }
            section = match heading.as_str() {
                "leader" => Section::Leader,
                "main deck" | "main" | "deck" => Section::Main,
                "evolve deck" | "evolve" => Section::Evolve,
                _ => {
                    errors.push(error(
                        line_no,
                        format!(
                            "unknown section `# {}`; expected `# Leader`, `# Main Deck` or `# Evolve Deck`",
                            heading
                        ),
                    ));
                    Section::None
                }
            };
            continue;
        }
        if section == Section::None {
            if deck.title.is_empty() {
                // Shown in lists: no control characters, one short line.
                deck.title = escape_line(line, 200);
            } else {
                errors.push(error(
                    line_no,
                    "card line before any section; add `# Leader`, `# Main Deck` or `# Evolve Deck`"
                        .to_owned(),
                ));
            }
            continue;
        }
        let mut words = line.split_whitespace();
        let (Some(count_text), Some(card_id)) = (words.next(), words.next()) else {
            errors.push(error(
                line_no,
                format!("expected `N CARD-ID`, found `{line}`"),
            ));
            continue;
        };
        let count_text = count_text.trim_end_matches(['x', 'X']);
        let Ok(count) = count_text.parse::<u32>() else {
            errors.push(error(
                line_no,
                format!("`{count_text}` is not a card count; expected `N CARD-ID`"),
            ));
            continue;
        };
        if count == 0 || count > 60 {
            errors.push(error(
                line_no,
                format!("card count {count} is out of range 1..=60"),
            ));
            continue;
        }
        let entry = DeckEntry {
            count,
            card_id: card_id.to_owned(),
            line: line_no,
        };
        match section {
            Section::Leader => deck.leader.push(entry),
            Section::Main => deck.main.push(entry),
            Section::Evolve => deck.evolve.push(entry),
            Section::None => {}
        }
    }
    if errors.is_empty() {
        Ok(deck)
    } else {
        Err(errors)
    }
}

/// A bundled starter deck by name (`SD01` ... `SD06`, case-insensitive).
pub fn starter_deck(name: &str) -> Option<DeckFile> {
    STARTER_DECKS
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .and_then(|(n, text)| parse_deck(text, n).ok())
}

/// Checks the construction rules of rules-coverage.md §5 and unknown card ids.
/// Returns every problem found, each with its line where it has one.
pub fn check_deck(deck: &DeckFile, db: &CardDb) -> Vec<DeckError> {
    let mut problems = Vec::new();
    let mut problem = |line: Option<usize>, message: String| {
        problems.push(DeckError {
            source_name: deck.source.clone(),
            line,
            message,
        })
    };
    let leader_count: u32 = deck.leader.iter().map(|e| e.count).sum();
    if leader_count != 1 {
        problem(
            deck.leader.first().map(|e| e.line),
            format!("a deck needs exactly 1 leader, found {leader_count}"),
        );
    }
    let mut leader_class = None;
    let mut leader_universe = None;
    for entry in &deck.leader {
        match db.by_card_id(&entry.card_id).map(|id| db.get(id)) {
            None => problem(
                Some(entry.line),
                format!("unknown card id `{}`", entry.card_id),
            ),
            Some(def) if def.card_type != CardType::Leader => problem(
                Some(entry.line),
                format!("`{}` ({}) is not a leader", entry.card_id, def.name),
            ),
            Some(def) if def.unplayable.is_some() => problem(
                Some(entry.line),
                format!(
                    "`{}` ({}) can't be played: {}",
                    entry.card_id,
                    def.name,
                    def.unplayable.as_deref().unwrap_or_default()
                ),
            ),
            Some(def) => {
                leader_class = Some(def.class);
                leader_universe = Some(def.universe);
            }
        }
    }
    if deck.basis == DeckBasis::Universe
        && let Some(None) = leader_universe
    {
        problem(
            deck.leader.first().map(|e| e.line),
            "the deck is built on its leader's universe (`# Basis universe`), but the leader belongs to none".to_owned(),
        );
    }
    // CR 14.3.1.2: such a deck starts with Magical Items, which a pack
    // must bring.
    use crate::engine::flow::universes;
    if deck.basis == DeckBasis::Universe
        && let Some(Some(universe)) = leader_universe
        && Some(universe) == universes::magical_items_universe()
        && universes::magical_item(db).is_none()
    {
        problem(
            deck.leader.first().map(|e| e.line),
            format!(
                "the deck is built on THE IDOLM@STER CINDERELLA GIRLS, which starts with {} Magical Items in the EX area, but no loaded card is a token named `{}`",
                universes::MAGICAL_ITEMS_AT_START,
                universes::MAGICAL_ITEM
            ),
        );
    }
    // CR 14.4.2.1.1, 14.4.4: a Vanguard deck holds Starting Amulets, all
    // of one name.
    if deck.basis == DeckBasis::Universe
        && let Some(Some(universe)) = leader_universe
        && Some(universe) == universes::vanguard_universe()
    {
        let mut amulet_names: Vec<&str> = Vec::new();
        for entry in &deck.main {
            let Some(def) = db.by_card_id(&entry.card_id).map(|id| db.get(id)) else {
                continue;
            };
            // CR 14.4.2.1.2: Trigger cards are of the leader's class, even
            // in a deck where classes otherwise don't matter.
            if let (Some(icon), Some(class)) = (def.trigger_icon, leader_class)
                && def.class != class
            {
                problem(
                    Some(entry.line),
                    format!(
                        "`{}` ({}) is a {} Trigger of {}, but a Cardfight!! Vanguard deck's Triggers are of its leader's class, {}",
                        entry.card_id,
                        def.name,
                        icon.name(),
                        def.class.name(),
                        class.name()
                    ),
                );
            }
            if def
                .keywords
                .contains(crate::cards::Keywords::STARTING_AMULET)
                && !amulet_names.contains(&def.name.as_str())
            {
                amulet_names.push(&def.name);
            }
        }
        match amulet_names.as_slice() {
            [] => problem(
                deck.leader.first().map(|e| e.line),
                "the deck is built on Cardfight!! Vanguard, which needs at least one Starting Amulet in the main deck".to_owned(),
            ),
            [_] => {}
            names => problem(
                None,
                format!(
                    "a Cardfight!! Vanguard deck's Starting Amulets share one name; found {}",
                    names.join(", ")
                ),
            ),
        }
    }
    let main_count: u32 = deck.main.iter().map(|e| e.count).sum();
    if !(40..=50).contains(&main_count) {
        problem(
            None,
            format!("the main deck needs 40 to 50 cards, found {main_count}"),
        );
    }
    let evolve_count: u32 = deck.evolve.iter().map(|e| e.count).sum();
    if evolve_count > 10 {
        problem(
            None,
            format!("the evolve deck holds at most 10 cards, found {evolve_count}"),
        );
    }
    for (entries, is_evolve) in [(&deck.main, false), (&deck.evolve, true)] {
        let mut copies: Vec<(String, u32, usize)> = Vec::new();
        for entry in entries {
            let Some(def) = db.by_card_id(&entry.card_id).map(|id| db.get(id)) else {
                problem(
                    Some(entry.line),
                    format!("unknown card id `{}`", entry.card_id),
                );
                continue;
            };
            // Advanced cards go in the evolve deck, never the main deck
            // (CR 6.1.1.2, 6.1.1.3, 9.2).
            // Drive Points go in the evolve deck too (later-sets §2.1).
            let allowed = if is_evolve {
                def.card_type == CardType::EvolvedFollower
                    || def.is_carrot()
                    || def.advanced
                    || def.name == crate::engine::DRIVE_POINT
            } else {
                matches!(
                    def.card_type,
                    CardType::Follower | CardType::Spell | CardType::Amulet
                ) && !def.is_carrot()
                    && !def.advanced
                    && def.name != crate::engine::DRIVE_POINT
            };
            if let Some(why) = &def.unplayable {
                problem(
                    Some(entry.line),
                    format!("`{}` ({}) can't be played: {why}", entry.card_id, def.name),
                );
            }
            if def.is_token {
                problem(
                    Some(entry.line),
                    format!(
                        "`{}` ({}) is a token; tokens are not built into decks",
                        entry.card_id, def.name
                    ),
                );
            } else if let Some(front) = &def.back_of {
                // A double-faced card is listed by its front face
                // (later-sets §10, CR 2.14.2.1).
                problem(
                    Some(entry.line),
                    format!(
                        "`{}` ({}) is the back face of `{front}`; list the card as `{front}`",
                        entry.card_id, def.name
                    ),
                );
            } else if !allowed {
                let zone = if is_evolve {
                    "evolve deck"
                } else {
                    "main deck"
                };
                let what = if def.advanced {
                    format!("an advanced {}", def.card_type.name())
                } else {
                    format!("a {}", def.card_type.name())
                };
                problem(
                    Some(entry.line),
                    format!(
                        "`{}` ({}) is {what} and can't be in the {zone}",
                        entry.card_id, def.name
                    ),
                );
            }
            if deck.basis == DeckBasis::Universe {
                // Built on the universe: its cards only, any class.
                if let Some(Some(wanted)) = leader_universe
                    && def.universe != Some(wanted)
                {
                    let universe = def.universe_info().map_or("no universe", |u| u.name);
                    problem(
                        Some(entry.line),
                        format!(
                            "`{}` ({}) is of {universe}, but the deck is built on its leader's universe",
                            entry.card_id, def.name
                        ),
                    );
                }
            } else if let Some(class) = leader_class
                && def.class != class
                && def.class != Class::Neutral
            {
                problem(
                    Some(entry.line),
                    format!(
                        "`{}` ({}) is {}, but the leader is {}",
                        entry.card_id,
                        def.name,
                        def.class.name(),
                        class.name()
                    ),
                );
            }
            if is_evolve && def.is_carrot() {
                // Carrots are limited by the evolve deck's 10 only.
                continue;
            }
            let name = def.base_name().to_owned();
            match copies.iter_mut().find(|(n, _, _)| *n == name) {
                Some((_, n, _)) => *n += entry.count,
                None => copies.push((name, entry.count, entry.line)),
            }
        }
        for (name, count, line) in copies {
            if count > 3 {
                let zone = if is_evolve {
                    "evolve deck"
                } else {
                    "main deck"
                };
                problem(
                    Some(line),
                    format!("{count} cards named `{name}` in the {zone}; the limit is 3"),
                );
            }
        }
    }
    problems
}

/// Resolves a deck's card ids against a database (no construction check).
pub fn resolve(deck: &DeckFile, db: &CardDb) -> Result<DeckList, Vec<DeckError>> {
    let mut errors = Vec::new();
    let mut ids = |entries: &[DeckEntry]| {
        let mut out = Vec::new();
        for entry in entries {
            match db.by_card_id(&entry.card_id) {
                Some(id) => out.extend(std::iter::repeat_n(id, entry.count as usize)),
                None => errors.push(DeckError {
                    source_name: deck.source.clone(),
                    line: Some(entry.line),
                    message: format!("unknown card id `{}`", entry.card_id),
                }),
            }
        }
        out
    };
    let leader = ids(&deck.leader);
    let main = ids(&deck.main);
    let evolve = ids(&deck.evolve);
    if leader.len() != 1 {
        errors.push(DeckError {
            source_name: deck.source.clone(),
            line: None,
            message: format!("a deck needs exactly 1 leader, found {}", leader.len()),
        });
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(DeckList {
        leader: leader[0],
        main,
        evolve,
        basis: deck.basis,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::starter::starter_db;

    /// The starter cards, with the Forest leader, a Forest follower and a
    /// Sword follower in the Umamusume universe.
    fn universe_db() -> CardDb {
        let db = starter_db().expect("bundled cards load");
        let mut defs: Vec<_> = db.iter().map(|(_, d)| d.clone()).collect();
        let uma = sve_vocab::UNIVERSES
            .iter()
            .position(|u| u.ident == "Umamusume")
            .and_then(|n| u8::try_from(n).ok());
        for def in &mut defs {
            // A Forest follower and a Sword one join the universe, and the
            // Forest leader with them.
            if matches!(def.id.as_str(), "SD01-003" | "SD02-003" | "BP01-LD01") {
                def.universe = uma;
            }
        }
        CardDb::new(defs).expect("a valid pool")
    }

    fn messages(deck: &DeckFile, db: &CardDb) -> Vec<String> {
        check_deck(deck, db)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn a_universe_deck_takes_its_universes_cards_of_any_class_and_nothing_else() {
        let db = universe_db();
        let text = "Uma\n# Basis universe\n# Leader\n1 BP01-LD01\n# Main Deck\n3 SD01-003\n3 SD02-003\n3 SD01-005\n";
        let deck = parse_deck(text, "uma.deck").expect("parses");
        assert_eq!(deck.basis, DeckBasis::Universe);
        let found = messages(&deck, &db);
        // SD02-003 is Swordcraft under a Forest leader: fine on a universe
        // basis. SD01-005 belongs to no universe: refused, at its line.
        assert!(!found.iter().any(|m| m.contains("SD02-003")), "{found:?}");
        assert!(
            found.iter().any(|m| m.starts_with("uma.deck:8: `SD01-005`")
                && m.ends_with(
                    "is of no universe, but the deck is built on its leader's universe"
                )),
            "{found:?}"
        );
        // On its class, the same deck refuses the Swordcraft card and takes
        // the classless one.
        let class = DeckFile {
            basis: DeckBasis::Class,
            ..deck
        };
        let found = messages(&class, &db);
        assert!(
            found
                .iter()
                .any(|m| m.contains("`SD02-003`") && m.contains("but the leader is Forestcraft")),
            "{found:?}"
        );
        assert!(!found.iter().any(|m| m.contains("SD01-005")), "{found:?}");
    }

    #[test]
    fn a_universe_deck_plays_on_its_universe_and_a_class_deck_on_none() {
        use crate::engine::state::Basis;
        use crate::engine::{FnRunner, Match, PlayerId};
        let db = std::sync::Arc::new(universe_db());
        let uma = "Uma\n# Basis universe\n# Leader\n1 BP01-LD01\n# Main Deck\n40 SD01-003\n";
        let uma = resolve(&parse_deck(uma, "uma.deck").expect("parses"), &db).expect("resolves");
        let class = resolve(&starter_deck("SD02").expect("bundled"), &db).expect("resolves");
        let game = Match::new(
            std::sync::Arc::clone(&db),
            std::sync::Arc::new(FnRunner::new()),
            [uma, class],
            1,
        );
        let umamusume = sve_vocab::UNIVERSES
            .iter()
            .position(|u| u.ident == "Umamusume")
            .and_then(|n| u8::try_from(n).ok())
            .expect("a universe");
        assert_eq!(
            game.state().player(PlayerId(0)).basis,
            Basis::Universe(umamusume)
        );
        assert_eq!(game.state().player(PlayerId(1)).basis, Basis::Class);
        let text = crate::board::board_as_text(&game);
        assert!(text.contains("P1 universe Umamusume\n"), "{text}");
        assert!(!text.contains("P2 universe"), "{text}");
        // The line reads back; an unknown universe is an error on its line.
        let board = crate::board::BoardBuilder::new(
            std::sync::Arc::clone(&db),
            std::sync::Arc::new(FnRunner::new()),
        )
        .filler("SD01-003")
        .with_text(&text)
        .expect("reads back")
        .build();
        assert_eq!(
            board.game.state().player(PlayerId(0)).basis,
            Basis::Universe(umamusume)
        );
        let errors = crate::board::text::check_board_syntax("P2 universe Narnia\n");
        assert_eq!(errors[0].line, 1);
        assert!(
            errors[0].message.contains("unknown universe `Narnia`"),
            "{errors:?}"
        );
    }

    #[test]
    fn a_universe_deck_needs_a_universe_leader_and_a_known_basis() {
        let db = starter_db().expect("bundled cards load");
        let text = "No\n# Basis universe\n# Leader\n1 BP01-LD03\n# Main Deck\n3 SD02-003\n";
        let deck = parse_deck(text, "no.deck").expect("parses");
        let found = messages(&deck, &db);
        assert!(
            found.contains(&"no.deck:4: the deck is built on its leader's universe (`# Basis universe`), but the leader belongs to none".to_owned()),
            "{found:?}"
        );
        let errors = parse_deck("X\n# Basis title\n", "x.deck").unwrap_err();
        assert_eq!(
            errors[0].to_string(),
            "x.deck:2: unknown basis `title`; expected `# Basis class` or `# Basis universe`"
        );
    }

    #[test]
    fn every_starter_deck_is_legal() {
        let db = starter_db().expect("bundled cards load");
        for (name, _) in STARTER_DECKS {
            let deck = starter_deck(name).expect("bundled deck parses");
            assert_eq!(check_deck(&deck, &db), vec![], "{name}");
            let list = resolve(&deck, &db).expect("resolves");
            assert_eq!(list.main.len(), 40, "{name}");
            assert_eq!(list.evolve.len(), 10, "{name}");
        }
    }

    #[test]
    fn malformed_lines_are_reported_with_line_numbers() {
        let text = "My deck\n# Leader\n1 BP01-LD01\n# Main Deck\nthree SD01-001\n5\n# Sideboard\n";
        let errors = parse_deck(text, "my.deck").unwrap_err();
        let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            messages,
            [
                "my.deck:5: `three` is not a card count; expected `N CARD-ID`",
                "my.deck:6: expected `N CARD-ID`, found `5`",
                "my.deck:7: unknown section `# sideboard`; expected `# Leader`, `# Main Deck` or `# Evolve Deck`",
            ]
        );
    }

    #[test]
    fn construction_rules_name_each_problem() {
        let db = starter_db().expect("bundled cards load");
        let text = "Bad\n# Leader\n1 BP01-LD01\n# Main Deck\n4 SD01-001\n3 SD02-001\n1 BP01-T03\n1 NOPE-1\n# Evolve Deck\n1 SD01-001\n";
        let deck = parse_deck(text, "bad.deck").expect("parses");
        let messages: Vec<String> = check_deck(&deck, &db)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert!(
            messages
                .iter()
                .any(|m| m.contains("needs 40 to 50 cards, found 9")),
            "{messages:?}"
        );
        assert!(
            messages
                .iter()
                .any(|m| m.starts_with("bad.deck:5: 4 cards named")),
            "{messages:?}"
        );
        assert!(
            messages.iter().any(
                |m| m.starts_with("bad.deck:6:") && m.contains("but the leader is Forestcraft")
            ),
            "{messages:?}"
        );
        assert!(
            messages
                .iter()
                .any(|m| m.starts_with("bad.deck:7:") && m.contains("token")),
            "{messages:?}"
        );
        assert!(
            messages
                .iter()
                .any(|m| m == "bad.deck:8: unknown card id `NOPE-1`"),
            "{messages:?}"
        );
        assert!(messages.iter().any(|m| m.starts_with("bad.deck:10:") && m.contains("can't be in the evolve deck")), "{messages:?}");
    }
}
