//! Scenario files: a board as text, written from a running match ("save
//! board as scenario") and read back into a [`ScenarioBuilder`], so a board
//! becomes a regression test in one step.
//!
//! ```text
//! # a comment
//! turn 9
//! active P1
//! first P1
//! P1 leader 20 pp 3/5 ep 0 sep 1 turns 5
//! P1 hand: SD01-005, BP01-017
//! P1 field: SD01-003 engaged damage 1 evolved SD01-004, SD01-011 new
//! P1 ex: BP01-T03
//! P1 cemetery: -
//! P1 deck: SD01-001, SD01-002
//! P1 evolve: SD01-010
//! P2 leader 18 pp 0/4 ep 3 sep 1 turns 4
//! ```
//!
//! Cards are written by id (names may contain commas); names without commas
//! are accepted when reading. The deck lists its top card last. Persistent
//! effects, counters beyond a card's starting ones, pending abilities and the
//! phase are not kept: a scenario starts at the active player's main-phase
//! action.

use super::{FieldCard, ScenarioBuilder, Side};
use crate::cards::CardDb;
use crate::engine::{CardRef, Match, PlayerId};
use std::fmt::Write as _;

/// A problem in a scenario file, with its 1-based line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ScenarioError {
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
    }
    out
}

impl ScenarioBuilder {
    /// Reads scenario text onto this builder (its database must know every
    /// card). Every problem is reported with its line.
    pub fn with_text(mut self, text: &str) -> Result<ScenarioBuilder, Vec<ScenarioError>> {
        let mut errors = Vec::new();
        let mut sides = [Side::new(), Side::new()];
        for side in &mut sides {
            side.deck = Some(Vec::new());
        }
        for (idx, raw) in text.lines().enumerate() {
            let line_no = idx + 1;
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let mut error = |message: String| {
                errors.push(ScenarioError {
                    line: line_no,
                    message,
                })
            };
            let (head, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            let rest = rest.trim();
            match head {
                "turn" => match rest.parse::<u32>() {
                    Ok(turn) if turn >= 1 => self.turn = turn,
                    _ => error(format!("`turn` needs a number from 1, found `{rest}`")),
                },
                "active" | "first" => match parse_player(rest) {
                    Some(player) if head == "active" => self.active = player,
                    Some(player) => self.first = player,
                    None => error(format!("`{head}` needs P1 or P2, found `{rest}`")),
                },
                "P1" | "P2" => {
                    let Some(player) = parse_player(head) else {
                        continue;
                    };
                    let side = &mut sides[player.idx()];
                    if let Some((zone, list)) = rest.split_once(':') {
                        if let Err(message) = read_zone(side, zone.trim(), list.trim(), &self.db) {
                            error(message);
                        }
                    } else if let Err(message) = read_resources(side, rest) {
                        error(message);
                    }
                }
                other => error(format!(
                    "unknown line `{other}`; expected turn, active, first, P1 or P2"
                )),
            }
        }
        if errors.is_empty() {
            self.sides = sides;
            Ok(self)
        } else {
            Err(errors)
        }
    }
}

fn parse_player(text: &str) -> Option<PlayerId> {
    match text.trim() {
        "P1" => Some(PlayerId(0)),
        "P2" => Some(PlayerId(1)),
        _ => None,
    }
}

/// `leader 20 pp 3/5 ep 0 sep 1 turns 5`, any subset, any order.
fn read_resources(side: &mut Side, text: &str) -> Result<(), String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if !words.len().is_multiple_of(2) {
        return Err(format!("expected `key value` pairs, found `{text}`"));
    }
    for pair in words.chunks(2) {
        let (key, value) = (pair[0], pair[1]);
        let number = |v: &str| {
            v.parse::<i32>()
                .map_err(|_| format!("`{key}` needs a number, found `{v}`"))
        };
        match key {
            "leader" => side.leader_defense = number(value)?,
            "ep" => side.ep = number(value)?,
            "sep" => side.sep = number(value)?,
            "turns" => side.turns_passed = number(value)?.max(0) as u32,
            "pp" => {
                let (pp, max) = value.split_once('/').unwrap_or((value, value));
                side.pp = number(pp)?;
                side.max_pp = Some(number(max)?);
            }
            other => {
                return Err(format!(
                    "unknown resource `{other}`; expected leader, pp, ep, sep or turns"
                ));
            }
        }
    }
    Ok(())
}

/// `hand: A, B`, `field: X engaged damage 1 evolved Y, Z new`, ...
fn read_zone(side: &mut Side, zone: &str, list: &str, db: &CardDb) -> Result<(), String> {
    let entries: Vec<&str> = if list == "-" || list.is_empty() {
        Vec::new()
    } else {
        list.split(',').map(str::trim).collect()
    };
    let known = |card: &str| -> Result<String, String> {
        if db.by_card_id(card).is_some() || db.by_name(card).is_some() {
            Ok(card.to_owned())
        } else {
            Err(format!("unknown card `{card}`"))
        }
    };
    match zone {
        "hand" | "ex" | "cemetery" | "deck" | "evolve" => {
            let cards = entries
                .into_iter()
                .map(known)
                .collect::<Result<Vec<_>, _>>()?;
            match zone {
                "hand" => side.hand = cards,
                "ex" => side.ex_area = cards,
                "cemetery" => side.cemetery = cards,
                "deck" => side.deck = Some(cards),
                _ => side.evolve_deck = cards,
            }
        }
        "field" => {
            side.field.clear();
            for entry in entries {
                side.field.push(read_field_card(entry, &known)?);
            }
        }
        other => {
            return Err(format!(
                "unknown zone `{other}`; expected hand, field, ex, cemetery, deck or evolve"
            ));
        }
    }
    Ok(())
}

fn read_field_card(
    entry: &str,
    known: &impl Fn(&str) -> Result<String, String>,
) -> Result<FieldCard, String> {
    let mut words = entry.split_whitespace();
    let name = words.next().ok_or("an empty field entry")?;
    let mut card = FieldCard {
        name: known(name)?,
        engaged: false,
        new: false,
        damage: 0,
        evolved: None,
    };
    while let Some(word) = words.next() {
        match word {
            "engaged" => card.engaged = true,
            "new" => card.new = true,
            "damage" => {
                let value = words.next().unwrap_or("");
                card.damage = value
                    .parse()
                    .map_err(|_| format!("`damage` needs a number, found `{value}`"))?;
            }
            "evolved" => {
                let evolved = words.next().ok_or("`evolved` needs a card")?;
                card.evolved = Some(known(evolved)?);
            }
            other => {
                return Err(format!(
                    "unknown field flag `{other}`; expected engaged, new, damage N or evolved CARD"
                ));
            }
        }
    }
    Ok(card)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Zone;
    use crate::scenario::Scenario;

    #[test]
    fn a_saved_board_reads_back_to_the_same_board() {
        let s = Scenario::builder()
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
        let again = Scenario::builder()
            .with_text(&text)
            .expect("reads back")
            .build();
        assert_eq!(again.dump(), s.dump(), "{text}");
        assert_eq!(board_as_text(&again.game), text);
    }

    #[test]
    fn evolved_followers_are_kept() {
        let mut s = Scenario::builder()
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
        let again = Scenario::builder().with_text(&text).expect("reads").build();
        assert!(
            again.dump().contains("field V2 (Evolved) 4/4"),
            "{}",
            again.dump()
        );
        assert!(again.game.check_invariants().is_empty());
    }

    #[test]
    fn problems_are_reported_with_their_lines() {
        let errors = Scenario::builder()
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
                "line 3: unknown field flag `sideways`; expected engaged, new, damage N or evolved CARD",
                "line 4: unknown line `P3`; expected turn, active, first, P1 or P2",
                "line 5: expected `key value` pairs, found `leader`",
            ]
        );
    }
}
