//! Reading `[expect]` lines: zone, resource and card lines for a player,
//! `event` and `log` lines, `outcome` and `decision`.

use super::{
    CardProp, ErrorKind, Expectation, OutcomeSpec, malformed, parse_answer_items, parse_card_sel,
    split_head,
};
use crate::cards::Keywords;
use crate::engine::PlayerId;
use crate::gamelog::LineKind;
use crate::text::{ZoneName, parse_player, parse_resources, parse_zone_list};

/// Words that end a card name in a card expectation.
const CARD_PROPS: &[&str] = &[
    "attack", "defense", "damage", "cost", "engaged", "reserved", "keywords", "has", "lacks",
];

pub(super) fn parse_expect_line(line: &str) -> Result<Expectation, ErrorKind> {
    let (head, rest) = split_head(line);
    if let Some(player) = parse_player(head) {
        return parse_player_expectation(player, rest);
    }
    match head {
        "event" | "no" if !rest.is_empty() => {
            let (present, rest) = if head == "no" {
                match split_head(rest) {
                    ("event", words) => (false, words),
                    ("log", text) => return parse_log(false, text),
                    _ => return Err(ErrorKind::UnknownExpectation(line.to_owned())),
                }
            } else {
                (true, rest)
            };
            let words: Vec<String> = rest.split_whitespace().map(str::to_owned).collect();
            let Some(kind) = words.first() else {
                return Err(malformed(
                    "`event` needs a kind, e.g. `event Destroyed SD01-011`",
                ));
            };
            if LineKind::parse(kind).is_none() {
                let kinds: Vec<&str> = LineKind::ALL.iter().map(|k| k.as_str()).collect();
                return Err(malformed(format!(
                    "unknown event kind `{kind}`; expected one of {}",
                    kinds.join(", ")
                )));
            }
            Ok(Expectation::Event { present, words })
        }
        "log" => parse_log(true, rest),
        "outcome" => Ok(Expectation::Outcome(match rest {
            "none" => OutcomeSpec::None,
            "draw" => OutcomeSpec::Draw,
            "P1 wins" => OutcomeSpec::Win(PlayerId(0)),
            "P2 wins" => OutcomeSpec::Win(PlayerId(1)),
            other => {
                return Err(malformed(format!(
                    "`outcome {other}`: expected `P1 wins`, `P2 wins`, `draw` or `none`"
                )));
            }
        })),
        "decision" => {
            let (who, options) = match rest.split_once("options:") {
                Some((who, options)) => (who.trim(), Some(parse_answer_items(options.trim())?)),
                None => (rest, None),
            };
            let player = match who {
                "none" if options.is_none() => None,
                _ => Some(parse_player(who).ok_or_else(|| {
                    malformed(format!(
                        "`decision {rest}`: expected `none`, `P1`, `P2` or `P1 options: A, B`"
                    ))
                })?),
            };
            Ok(Expectation::Decision { player, options })
        }
        _ => Err(ErrorKind::UnknownExpectation(line.to_owned())),
    }
}

fn parse_log(present: bool, text: &str) -> Result<Expectation, ErrorKind> {
    let text = text.trim().trim_matches('"');
    if text.is_empty() {
        return Err(malformed("`log` needs the text to look for"));
    }
    Ok(Expectation::Log {
        present,
        text: text.to_owned(),
    })
}

fn parse_player_expectation(player: PlayerId, rest: &str) -> Result<Expectation, ErrorKind> {
    let (first, _) = split_head(rest);
    if let Some((zone, list)) = rest.split_once(':')
        && let (zone, ordered) = match zone.trim().strip_suffix(" in order") {
            Some(zone) => (zone.trim(), true),
            None => (zone.trim(), false),
        }
        && !zone.contains(char::is_whitespace)
    {
        let zone_name = ZoneName::parse(zone).ok_or_else(|| {
            malformed(format!(
                "unknown zone `{zone}`; expected leader, hand, field, ex, cemetery, banished, deck, evolve or used"
            ))
        })?;
        let list = list.trim();
        let entries = parse_zone_list(zone_name, list).map_err(ErrorKind::Malformed)?;
        return Ok(Expectation::Zone {
            player,
            zone: zone_name,
            list: list.to_owned(),
            entries,
            ordered,
        });
    }
    if matches!(first, "leader" | "pp" | "ep" | "sep" | "turns") {
        let values = parse_resources(rest).map_err(ErrorKind::Malformed)?;
        return Ok(Expectation::Resources { player, values });
    }
    let words: Vec<&str> = rest.split_whitespace().collect();
    let name_len = words
        .iter()
        .position(|w| CARD_PROPS.contains(w))
        .unwrap_or(words.len());
    if name_len == 0 {
        return Err(malformed(format!(
            "`{rest}`: a card line starts with the card, e.g. `P1 SD01-011 attack 2`"
        )));
    }
    let card = parse_card_sel(&words[..name_len].join(" "), false)?;
    let props = parse_props(&words[name_len..])?;
    if props.is_empty() {
        return Err(malformed(format!(
            "`{rest}`: nothing to check; expected {} after the card",
            CARD_PROPS.join(", ")
        )));
    }
    Ok(Expectation::Card {
        player,
        card,
        props,
    })
}

fn parse_props(words: &[&str]) -> Result<Vec<CardProp>, ErrorKind> {
    let mut props = Vec::new();
    let mut idx = 0;
    while let Some(word) = words.get(idx) {
        idx += 1;
        let mut number = || -> Result<i32, ErrorKind> {
            let value = words.get(idx).copied().unwrap_or("");
            idx += 1;
            value
                .parse()
                .map_err(|_| malformed(format!("`{word}` needs a number, found `{value}`")))
        };
        let prop = match *word {
            "attack" => CardProp::Attack(number()?),
            "defense" => CardProp::Defense(number()?),
            "damage" => CardProp::Damage(number()?),
            "cost" => CardProp::Cost(number()?),
            "engaged" => CardProp::Engaged(true),
            "reserved" => CardProp::Engaged(false),
            "keywords" | "has" | "lacks" => {
                // Keywords run to the next property word.
                let end = words[idx..]
                    .iter()
                    .position(|w| CARD_PROPS.contains(w))
                    .map_or(words.len(), |n| idx + n);
                let keywords = parse_keywords(&words[idx..end].join(" "))?;
                idx = end;
                match *word {
                    "keywords" => CardProp::Keywords(keywords),
                    "has" => CardProp::Has(keywords),
                    _ => CardProp::Lacks(keywords),
                }
            }
            other => {
                return Err(malformed(format!(
                    "unknown card property `{other}`; expected {}",
                    CARD_PROPS.join(", ")
                )));
            }
        };
        props.push(prop);
    }
    Ok(props)
}

fn parse_keywords(text: &str) -> Result<Keywords, ErrorKind> {
    let text = text.trim();
    if text == "-" {
        return Ok(Keywords::empty());
    }
    let mut keywords = Keywords::empty();
    let names: Vec<&str> = text
        .split([',', ' '])
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    if names.is_empty() {
        return Err(malformed("expected keywords (e.g. `Ward, Rush`) or `-`"));
    }
    for name in names {
        keywords |=
            Keywords::parse(name).ok_or_else(|| malformed(format!("unknown keyword `{name}`")))?;
    }
    Ok(keywords)
}
