//! Board files: a board as text, written from a running match ("save
//! board as scenario") and read back into a [`BoardBuilder`], so a board
//! becomes a regression test in one step. Scenario files
//! (`docs/scenarios.md`, read by the `sve-scenario` crate) use the same
//! lines for their `[board]` and `[expect]` sections.
//!
//! ```text
//! # a comment
//! turn 9
//! active P1
//! first P1
//! P1 leader 20 pp 3/5 ep 0 sep 1 turns 5
//! P1 leader: BP01-LD01
//! P1 universe Idolmaster
//! P1 hand: SD01-005, BP01-017
//! P1 field: SD01-003 engaged damage 1 evolved SD01-004, SD01-011 new
//! P1 ex: BP01-T03 x2
//! P1 cemetery: -
//! P1 banished: -
//! P1 deck: SD01-001, SD01-002
//! P1 evolve: SD01-010
//! P2 leader 18 pp 0/4 ep 3 sep 1 turns 4
//! ```
//!
//! Cards are written by id (names may contain commas); names without commas
//! are accepted when reading. `xN` after an entry repeats it N times. The
//! deck lists its top card last; a side without a `deck:` line gets the
//! builder's filler deck. Persistent effects, counters beyond a card's
//! starting ones, pending abilities and the phase are not kept: a scenario
//! starts at the active player's main-phase action.

use super::{BoardBuilder, FieldCard, Side};
use crate::engine::state::query::{EX_LIMIT, FIELD_LIMIT};
use crate::engine::{CardRef, Match, PlayerId, Zone};
use std::fmt::Write as _;
use std::sync::Arc;

/// A problem in a scenario file, with its 1-based line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct BoardTextError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// The board of a match as scenario text (see the module docs).
pub fn board_as_text(game: &Match) -> String {
    let state = game.state();
    let db = game.db();
    let mut out = String::new();
    let first = PlayerId::BOTH
        .into_iter()
        .find(|p| state.player(*p).goes_first)
        .unwrap_or(PlayerId(0));
    let _ = writeln!(out, "# saved board: turn {}", state.turn);
    let _ = writeln!(out, "turn {}", state.turn.max(1));
    let _ = writeln!(out, "active {}", state.active);
    let _ = writeln!(out, "first {first}");
    let ids = |cards: &[CardRef]| -> String {
        if cards.is_empty() {
            return "-".to_owned();
        }
        cards
            .iter()
            .map(|c| db.get(state.card(*c).def).id.clone())
            .collect::<Vec<_>>()
            .join(", ")
    };
    for player in PlayerId::BOTH {
        let p = state.player(player);
        let _ = writeln!(
            out,
            "{player} leader {} pp {}/{} ep {} sep {} turns {}",
            p.leader_defense, p.pp, p.max_pp, p.ep, p.sep, p.turns_passed
        );
        if let Some(universe) = p.basis.universe_info() {
            let _ = writeln!(out, "{player} universe {}", universe.ident);
        }
        let _ = writeln!(out, "{player} hand: {}", ids(&p.hand));
        let field: Vec<String> = p
            .field
            .iter()
            .map(|c| {
                let card = state.card(*c);
                let mut entry = db.get(card.def).id.clone();
                if card.engaged {
                    entry.push_str(" engaged");
                }
                if card.entered_turn >= state.turn {
                    entry.push_str(" new");
                }
                if card.damage > 0 {
                    entry.push_str(&format!(" damage {}", card.damage));
                }
                if let Some(evolved) = card.evolved_with {
                    entry.push_str(&format!(" evolved {}", db.get(state.card(evolved).def).id));
                }
                entry
            })
            .collect();
        let field = if field.is_empty() {
            "-".to_owned()
        } else {
            field.join(", ")
        };
        let _ = writeln!(out, "{player} field: {field}");
        let _ = writeln!(out, "{player} ex: {}", ids(&p.ex_area));
        let _ = writeln!(out, "{player} cemetery: {}", ids(&p.cemetery));
        let _ = writeln!(out, "{player} deck: {}", ids(&p.deck));
        let unused: Vec<CardRef> = p
            .evolve_deck
            .iter()
            .copied()
            .filter(|c| !state.card(*c).face_up)
            .collect();
        let _ = writeln!(out, "{player} evolve: {}", ids(&unused));
        let used: Vec<CardRef> = p
            .evolve_deck
            .iter()
            .copied()
            .filter(|c| state.card(*c).face_up)
            .collect();
        if !used.is_empty() {
            let _ = writeln!(out, "{player} used: {}", ids(&used));
        }
    }
    out
}

impl BoardBuilder {
    /// Reads scenario text onto this builder (its database must know every
    /// card). Every problem is reported with its line. A side without a
    /// `deck:` line gets the builder's filler deck (see
    /// [`BoardBuilder::filler`]).
    pub fn with_text(mut self, text: &str) -> Result<BoardBuilder, Vec<BoardTextError>> {
        let db = Arc::clone(&self.db);
        let board = read_board(text, &|card| {
            db.by_card_id(card).is_some() || db.by_name(card).is_some()
        })?;
        if let Some(turn) = board.turn {
            self.turn = turn;
        }
        if let Some(active) = board.active {
            self.active = active;
        }
        if let Some(first) = board.first {
            self.first = first;
        }
        self.sides = board.sides;
        Ok(self)
    }
}

/// Board text read but not yet applied to a builder.
struct Board {
    turn: Option<u32>,
    active: Option<PlayerId>,
    first: Option<PlayerId>,
    sides: [Side; 2],
}

/// Checks board text for everything but card names: what a scenario file
/// can check before it knows its card database.
pub fn check_board_syntax(text: &str) -> Vec<BoardTextError> {
    read_board(text, &|_| true).err().unwrap_or_default()
}

fn read_board(text: &str, known: &dyn Fn(&str) -> bool) -> Result<Board, Vec<BoardTextError>> {
    let mut errors = Vec::new();
    let mut board = Board {
        turn: None,
        active: None,
        first: None,
        sides: [Side::new(), Side::new()],
    };
    for (idx, raw) in sve_text::lines(text).enumerate() {
        let line_no = idx + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut error = |message: String| {
            errors.push(BoardTextError {
                line: line_no,
                message,
            })
        };
        let (head, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match head {
            "turn" => match rest.parse::<u32>() {
                Ok(turn) if turn >= 1 => board.turn = Some(turn),
                _ => error(format!("`turn` needs a number from 1, found `{rest}`")),
            },
            "active" | "first" => match parse_player(rest) {
                Some(player) if head == "active" => board.active = Some(player),
                Some(player) => board.first = Some(player),
                None => error(format!("`{head}` needs P1 or P2, found `{rest}`")),
            },
            "P1" | "P2" => {
                let Some(player) = parse_player(head) else {
                    continue;
                };
                let side = &mut board.sides[player.idx()];
                if let Some(name) = rest.strip_prefix("universe ") {
                    match sve_vocab::universe_named(name) {
                        Some(info) => side.basis = universe_basis(info),
                        None => error(format!(
                            "unknown universe `{}`; expected one of {}",
                            name.trim(),
                            universe_idents()
                        )),
                    }
                    continue;
                }
                let result = match rest.split_once(':') {
                    Some((zone, list)) => read_zone(side, zone.trim(), list.trim(), known),
                    None => parse_resources(rest).map(|values| apply_resources(side, &values)),
                };
                if let Err(message) = result {
                    error(message);
                }
            }
            other => error(format!(
                "unknown line `{other}`; expected turn, active, first, P1 or P2"
            )),
        }
    }
    if errors.is_empty() {
        Ok(board)
    } else {
        Err(errors)
    }
}

/// The basis of a deck built on `info`'s universe.
fn universe_basis(info: &sve_vocab::UniverseInfo) -> crate::engine::state::Basis {
    let number = sve_vocab::UNIVERSES
        .iter()
        .position(|u| u.ident == info.ident)
        .and_then(|n| u8::try_from(n).ok())
        .unwrap_or(0);
    crate::engine::state::Basis::Universe(number)
}

/// The universes' identifiers, for an error message.
fn universe_idents() -> String {
    sve_vocab::UNIVERSES
        .iter()
        .map(|u| u.ident)
        .collect::<Vec<_>>()
        .join(", ")
}

/// `P1` or `P2`.
pub fn parse_player(text: &str) -> Option<PlayerId> {
    match text.trim() {
        "P1" => Some(PlayerId(0)),
        "P2" => Some(PlayerId(1)),
        _ => None,
    }
}

/// One value of a resource line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResourceValue {
    /// `leader N`: leader defense.
    Leader(i32),
    /// `pp N` or `pp N/M`: play points, and the maximum when written.
    Pp {
        /// Current play points.
        current: i32,
        /// Maximum play points, when written.
        max: Option<i32>,
    },
    /// `ep N`.
    Ep(i32),
    /// `sep N`.
    Sep(i32),
    /// `turns N`: turns passed.
    Turns(i32),
}

/// `leader 20 pp 3/5 ep 0 sep 1 turns 5`, any subset, any order.
pub fn parse_resources(text: &str) -> Result<Vec<ResourceValue>, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if !words.len().is_multiple_of(2) {
        return Err(format!("expected `key value` pairs, found `{text}`"));
    }
    let mut values = Vec::new();
    for pair in words.chunks(2) {
        let [key, value] = pair else {
            continue;
        };
        let number = |v: &str| {
            v.parse::<i32>()
                .map_err(|_| format!("`{key}` needs a number, found `{v}`"))
        };
        values.push(match *key {
            "leader" => ResourceValue::Leader(number(value)?),
            "ep" => ResourceValue::Ep(number(value)?),
            "sep" => ResourceValue::Sep(number(value)?),
            "turns" => ResourceValue::Turns(number(value)?),
            "pp" => match value.split_once('/') {
                Some((pp, max)) => ResourceValue::Pp {
                    current: number(pp)?,
                    max: Some(number(max)?),
                },
                None => ResourceValue::Pp {
                    current: number(value)?,
                    max: None,
                },
            },
            other => {
                return Err(format!(
                    "unknown resource `{other}`; expected leader, pp, ep, sep or turns"
                ));
            }
        });
    }
    Ok(values)
}

fn apply_resources(side: &mut Side, values: &[ResourceValue]) {
    for value in values {
        match *value {
            ResourceValue::Leader(defense) => side.leader_defense = defense,
            ResourceValue::Ep(ep) => side.ep = ep,
            ResourceValue::Sep(sep) => side.sep = sep,
            ResourceValue::Turns(turns) => side.turns_passed = turns.max(0) as u32,
            ResourceValue::Pp { current, max } => {
                side.pp = current;
                side.max_pp = Some(max.unwrap_or(current));
            }
        }
    }
}

/// The zones a board line can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZoneName {
    /// `leader:` the leader card.
    Leader,
    /// `hand:`.
    Hand,
    /// `field:`.
    Field,
    /// `ex:`.
    Ex,
    /// `cemetery:`.
    Cemetery,
    /// `banished:`.
    Banished,
    /// `deck:` (top card last).
    Deck,
    /// `evolve:` the face-down evolve deck.
    Evolve,
    /// `used:` the face-up (used) cards of the evolve deck.
    Used,
    /// `equipment:` the equipment zone (later-sets §5); expectations
    /// only: equipment is made linked to a follower by an equip effect.
    Equipment,
    /// `trigger:` the trigger zone (later-sets §2.3); expectations only: a
    /// drive check puts a card there.
    Trigger,
    /// `drive:` the drive zone (later-sets §2.5); expectations only: a
    /// Ride puts a Drive Point there.
    Drive,
}

impl ZoneName {
    /// Every zone, in the order boards are written.
    pub const ALL: [ZoneName; 12] = [
        ZoneName::Leader,
        ZoneName::Hand,
        ZoneName::Field,
        ZoneName::Ex,
        ZoneName::Cemetery,
        ZoneName::Banished,
        ZoneName::Deck,
        ZoneName::Evolve,
        ZoneName::Used,
        ZoneName::Equipment,
        ZoneName::Trigger,
        ZoneName::Drive,
    ];

    /// Reads a zone name as boards write it.
    pub fn parse(text: &str) -> Option<ZoneName> {
        ZoneName::ALL.into_iter().find(|z| z.as_str() == text)
    }

    /// The name boards write.
    pub fn as_str(self) -> &'static str {
        match self {
            ZoneName::Leader => "leader",
            ZoneName::Hand => "hand",
            ZoneName::Field => "field",
            ZoneName::Ex => "ex",
            ZoneName::Cemetery => "cemetery",
            ZoneName::Banished => "banished",
            ZoneName::Deck => "deck",
            ZoneName::Evolve => "evolve",
            ZoneName::Used => "used",
            ZoneName::Equipment => "equipment",
            ZoneName::Trigger => "trigger",
            ZoneName::Drive => "drive",
        }
    }

    /// The engine zone.
    pub fn zone(self) -> Zone {
        match self {
            ZoneName::Leader => Zone::Leader,
            ZoneName::Hand => Zone::Hand,
            ZoneName::Field => Zone::Field,
            ZoneName::Ex => Zone::ExArea,
            ZoneName::Cemetery => Zone::Cemetery,
            ZoneName::Banished => Zone::Banished,
            ZoneName::Deck => Zone::Deck,
            ZoneName::Evolve | ZoneName::Used => Zone::EvolveDeck,
            ZoneName::Equipment => Zone::Equipment,
            ZoneName::Trigger => Zone::Trigger,
            ZoneName::Drive => Zone::Drive,
        }
    }
}

fn unknown_zone(zone: &str) -> String {
    format!(
        "unknown zone `{zone}`; expected leader, hand, field, ex, cemetery, banished, deck, evolve or used"
    )
}

/// One entry of a zone list: `SD01-011`, `SD01-011 x3`, and on the field
/// `SD01-003 engaged damage 1 evolved SD01-004 new`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ZoneEntry {
    /// Card id or name.
    pub card: String,
    /// `xN`: the entry stands for N copies (default 1).
    pub copies: usize,
    /// `engaged` (`Some(true)`) or `reserved` (`Some(false)`).
    pub engaged: Option<bool>,
    /// `new`: entered the field this turn.
    pub new: bool,
    /// `damage N`.
    pub damage: Option<i32>,
    /// `evolved CARD`: the evolved card linked to it.
    pub evolved: Option<String>,
}

impl ZoneEntry {
    /// Whether the entry has flags other than a copy count.
    pub fn has_flags(&self) -> bool {
        self.engaged.is_some() || self.new || self.damage.is_some() || self.evolved.is_some()
    }
}

/// Reads a zone list (`-` is empty); flags are allowed on field entries
/// only.
pub fn parse_zone_list(zone: ZoneName, list: &str) -> Result<Vec<ZoneEntry>, String> {
    if list == "-" || list.is_empty() {
        return Ok(Vec::new());
    }
    let mut entries = Vec::new();
    for text in list.split(',').map(str::trim) {
        let entry = parse_entry(text)?;
        if entry.has_flags() && zone != ZoneName::Field {
            return Err(format!(
                "`{text}`: flags (engaged, reserved, new, damage, evolved) are for field cards only"
            ));
        }
        entries.push(entry);
    }
    if zone == ZoneName::Leader && entries.iter().map(|e| e.copies).sum::<usize>() != 1 {
        return Err("`leader:` needs exactly one card".to_owned());
    }
    Ok(entries)
}

fn parse_entry(text: &str) -> Result<ZoneEntry, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    // A name may have spaces: it runs up to the first flag word.
    let name_len = words
        .iter()
        .position(|w| is_flag_word(w))
        .unwrap_or(words.len());
    if name_len == 0 {
        return Err(format!("`{text}`: an entry needs a card"));
    }
    let mut entry = ZoneEntry {
        card: words[..name_len].join(" "),
        copies: 1,
        ..ZoneEntry::default()
    };
    let mut rest = words[name_len..].iter();
    while let Some(word) = rest.next() {
        match *word {
            "engaged" => entry.engaged = Some(true),
            "reserved" => entry.engaged = Some(false),
            "new" => entry.new = true,
            "damage" => {
                let value = rest.next().copied().unwrap_or("");
                entry.damage = Some(
                    value
                        .parse()
                        .map_err(|_| format!("`damage` needs a number, found `{value}`"))?,
                );
            }
            "evolved" => {
                let evolved = rest.next().ok_or("`evolved` needs a card")?;
                entry.evolved = Some((*evolved).to_owned());
            }
            copies if copies.starts_with('x') => {
                entry.copies = copies[1..]
                    .parse()
                    .ok()
                    .filter(|n| (1..=60).contains(n))
                    .ok_or_else(|| format!("`{copies}`: a copy count is x1 to x60"))?;
            }
            other => {
                return Err(format!(
                    "unknown flag `{other}`; expected engaged, reserved, new, damage N, evolved CARD or xN"
                ));
            }
        }
    }
    Ok(entry)
}

/// Words that end a card name in a zone entry.
fn is_flag_word(word: &str) -> bool {
    matches!(word, "engaged" | "reserved" | "new" | "damage" | "evolved")
        || (word.len() > 1
            && word.starts_with('x')
            && word[1..].bytes().all(|b| b.is_ascii_digit()))
}

/// `hand: A, B`, `field: X engaged damage 1 evolved Y, Z new`, ...
fn read_zone(
    side: &mut Side,
    zone: &str,
    list: &str,
    known: &dyn Fn(&str) -> bool,
) -> Result<(), String> {
    let zone_name = ZoneName::parse(zone).ok_or_else(|| unknown_zone(zone))?;
    let entries = parse_zone_list(zone_name, list)?;
    let check = |card: &str| -> Result<String, String> {
        if known(card) {
            Ok(card.to_owned())
        } else {
            Err(format!("unknown card `{card}`"))
        }
    };
    let mut cards = Vec::new();
    for entry in &entries {
        if zone_name == ZoneName::Field && !known(&entry.card) {
            // `SD01-003 sideways`: a known card followed by a word that is
            // not a flag reads better as a bad flag than as a bad name.
            if let Some((first, rest)) = entry.card.split_once(' ')
                && known(first)
            {
                return Err(format!(
                    "unknown flag `{rest}`; expected engaged, reserved, new, damage N, evolved CARD or xN"
                ));
            }
        }
        check(&entry.card)?;
        if let Some(evolved) = &entry.evolved {
            check(evolved)?;
        }
        for _ in 0..entry.copies {
            cards.push(entry.card.clone());
        }
    }
    // A board the rules could never show is an error, not a board with
    // cards silently left out.
    let limit = match zone_name {
        ZoneName::Field => Some((FIELD_LIMIT, "field")),
        ZoneName::Ex => Some((EX_LIMIT, "EX area")),
        _ => None,
    };
    if let Some((limit, zone_words)) = limit
        && cards.len() > limit
    {
        return Err(format!(
            "`{zone}:` lists {} cards; the {zone_words} holds at most {limit}",
            cards.len()
        ));
    }
    match zone_name {
        ZoneName::Leader => side.leader_card = cards.pop(),
        ZoneName::Hand => side.hand = cards,
        ZoneName::Ex => side.ex_area = cards,
        ZoneName::Cemetery => side.cemetery = cards,
        ZoneName::Banished => side.banished = cards,
        ZoneName::Deck => side.deck = Some(cards),
        ZoneName::Evolve => side.evolve_deck = cards,
        ZoneName::Used => side.used_evolve_deck = cards,
        ZoneName::Equipment => {
            return Err(
                "`equipment:` can't be set on a board: equipment is made linked to a follower by an equip effect; expect it after one"
                    .to_owned(),
            );
        }
        ZoneName::Drive => {
            return Err(
                "`drive:` can't be set on a board: a Ride puts a Drive Point there, linked to its follower; expect it after one"
                    .to_owned(),
            );
        }
        ZoneName::Trigger => {
            return Err(
                "`trigger:` can't be set on a board: a drive check puts a card there; expect it while its Trigger is asked about"
                    .to_owned(),
            );
        }
        ZoneName::Field => {
            side.field.clear();
            for entry in entries {
                for _ in 0..entry.copies {
                    side.field.push(FieldCard {
                        name: entry.card.clone(),
                        engaged: entry.engaged.unwrap_or(false),
                        new: entry.new,
                        damage: entry.damage.unwrap_or(0),
                        evolved: entry.evolved.clone(),
                    });
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::engine::Zone;

    #[test]
    fn a_saved_board_reads_back_to_the_same_board() {
        let s = Board::builder()
            .turn(7)
            .active(PlayerId(1))
            .side(
                PlayerId(0),
                Side::new()
                    .hand(["V1", "Pinger"])
                    .engaged(["V3"])
                    .damaged(1)
                    .ex_area(["Test Fairy"])
                    .deck(["V2", "V1"])
                    .evolve_deck(["V2 (Evolved)"])
                    .pp(2)
                    .max_pp(5)
                    .leader(17),
            )
            .side(
                PlayerId(1),
                Side::new().new_on_field(["Warden"]).cemetery(["V5"]).ep(3),
            )
            .build();
        let text = board_as_text(&s.game);
        let again = Board::builder()
            .with_text(&text)
            .expect("reads back")
            .build();
        assert_eq!(again.dump(), s.dump(), "{text}");
        assert_eq!(board_as_text(&again.game), text);
    }

    #[test]
    fn evolved_followers_are_kept() {
        let mut s = Board::builder()
            .side(
                PlayerId(0),
                Side::new()
                    .field(["V2"])
                    .pp(2)
                    .evolve_deck(["V2 (Evolved)"]),
            )
            .build();
        let v2 = s.card(PlayerId(0), Zone::Field, "V2");
        s.act(crate::engine::Action::Evolve {
            card: v2,
            use_ep: false,
            super_evolve: false,
        });
        let text = board_as_text(&s.game);
        assert!(
            text.contains("P1 field: TEST-V2 evolved TEST-V2E"),
            "{text}"
        );
        let again = Board::builder().with_text(&text).expect("reads").build();
        assert!(
            again.dump().contains("field V2 (Evolved) 4/4"),
            "{}",
            again.dump()
        );
        assert!(again.game.check_invariants().is_empty());
    }

    #[test]
    fn problems_are_reported_with_their_lines() {
        let errors = Board::builder()
            .with_text(
                "turn zero\nP1 hand: V1, Nope\nP2 field: V2 sideways\nP3 hand: V1\nP1 leader\n",
            )
            .err()
            .expect("errors");
        let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            messages,
            [
                "line 1: `turn` needs a number from 1, found `zero`",
                "line 2: unknown card `Nope`",
                "line 3: unknown flag `sideways`; expected engaged, reserved, new, damage N, evolved CARD or xN",
                "line 4: unknown line `P3`; expected turn, active, first, P1 or P2",
                "line 5: expected `key value` pairs, found `leader`",
            ]
        );
    }
}
