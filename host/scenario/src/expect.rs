//! Checking `[expect]` lines against a match: each check reads the board
//! (or the events since the last checks) back in the file's own syntax and
//! compares, so a mismatch prints as expected against actual text.
//!
//! Events are written one per line as `KIND WORDS...` (`Destroyed P2
//! SD01-011 field cemetery`, `Damaged P2 leader 1 ability`), by the
//! engine's one event renderer (`gamelog::render`, which also writes the
//! game-log line `log` expectations read); an `event` line matches when its
//! words appear in that order in one event line.

use super::file::{CardProp, CardSel, Expectation, OutcomeSpec};
use super::options::{describe_decision, item_text, pick_options};
use super::run::{card_label, is_card};
use super::text::{ResourceValue, ZoneEntry, ZoneName};
use crate::engine::{CardRef, Match, Outcome, PlayerId, Prompt, Zone};
use crate::gamelog::{EventLine, EventText, keywords_text};

/// Whether `expected` (a kind then words) matches an event's line: the
/// same kind, then the other words in order.
pub(crate) fn event_matches(actual: &EventLine, expected: &[String]) -> bool {
    if expected.first().map(String::as_str) != Some(actual.kind.as_str()) {
        return false;
    }
    let mut rest = actual.words().skip(1);
    expected[1..]
        .iter()
        .all(|word| rest.any(|a| a.eq_ignore_ascii_case(word)))
}

/// Checks one expectation: `None` when it holds, else (expected, actual).
pub(crate) fn check(
    expectation: &Expectation,
    game: &Match,
    events: &[EventText],
) -> Option<(String, String)> {
    match expectation {
        Expectation::Zone {
            player,
            zone,
            list,
            entries,
            ordered,
        } => check_zone(game, *player, *zone, list, entries, *ordered),
        Expectation::Resources { player, values } => check_resources(game, *player, values),
        Expectation::Card {
            player,
            card,
            props,
        } => check_card(game, *player, card, props),
        Expectation::Event { present, words } => {
            let words = with_card_ids(game, words);
            let matching: Vec<&EventLine> = events
                .iter()
                .filter_map(|e| e.line.as_ref())
                .filter(|line| event_matches(line, &words))
                .collect();
            let wanted = words.join(" ");
            if *present && matching.is_empty() {
                Some((format!("an event `{wanted}`"), events_text(events)))
            } else if !*present && !matching.is_empty() {
                Some((
                    format!("no event `{wanted}`"),
                    matching
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join("\n"),
                ))
            } else {
                None
            }
        }
        Expectation::Log { present, text } => {
            let needle = text.to_lowercase();
            let found = events
                .iter()
                .filter_map(EventText::log_text)
                .any(|line| line.to_lowercase().contains(&needle));
            if found == *present {
                return None;
            }
            let log: Vec<&str> = events.iter().filter_map(EventText::log_text).collect();
            let actual = if log.is_empty() {
                "(no log lines)".to_owned()
            } else {
                log.join("\n")
            };
            let expected = if *present {
                format!("a log line containing `{text}`")
            } else {
                format!("no log line containing `{text}`")
            };
            Some((expected, actual))
        }
        Expectation::Outcome(spec) => {
            let actual = match game.outcome() {
                None => "none".to_owned(),
                Some(Outcome::Draw) => "draw".to_owned(),
                Some(Outcome::Win(player, reason)) => format!("{player} wins ({reason:?})"),
            };
            let holds = match (spec, game.outcome()) {
                (OutcomeSpec::None, None) | (OutcomeSpec::Draw, Some(Outcome::Draw)) => true,
                (OutcomeSpec::Win(p), Some(Outcome::Win(winner, _))) => *p == winner,
                _ => false,
            };
            let expected = match spec {
                OutcomeSpec::None => "none".to_owned(),
                OutcomeSpec::Draw => "draw".to_owned(),
                OutcomeSpec::Win(p) => format!("{p} wins"),
            };
            (!holds).then_some((expected, actual))
        }
        Expectation::Decision { player, options } => {
            check_decision(game, *player, options.as_deref())
        }
    }
}

fn check_decision(
    game: &Match,
    player: Option<PlayerId>,
    options: Option<&[super::file::AnswerItem]>,
) -> Option<(String, String)> {
    let question = game
        .decision()
        .filter(|d| d.prompt != Prompt::MainAction && game.outcome().is_none());
    let actual = match question {
        None => "none (the main-phase action or the end of the match)".to_owned(),
        Some(decision) => format!(
            "{} is asked {}",
            decision.player,
            describe_decision(game, decision)
        ),
    };
    let expected = match (player, options) {
        (None, _) => "none".to_owned(),
        (Some(p), None) => format!("{p} is asked a question"),
        (Some(p), Some(items)) => format!(
            "{p} is asked with options [{}]",
            items.iter().map(item_text).collect::<Vec<_>>().join(", ")
        ),
    };
    let holds = match (player, question) {
        (None, None) => true,
        (Some(p), Some(decision)) if decision.player == p => match options {
            None => true,
            // Every option but the cancel must be named; naming `cancel`
            // also checks that it is offered.
            Some(items) => pick_options(game, decision, items).is_ok_and(|picks| {
                let cancel = decision.cancel_option();
                picks.iter().filter(|p| Some(**p) != cancel).count() == decision.choosable().len()
            }),
        },
        _ => false,
    };
    (!holds).then_some((expected, actual))
}

fn check_zone(
    game: &Match,
    player: PlayerId,
    zone: ZoneName,
    list: &str,
    entries: &[ZoneEntry],
    ordered: bool,
) -> Option<(String, String)> {
    let state = game.state();
    let cards: Vec<CardRef> = state
        .player(player)
        .zone(zone.zone())
        .iter()
        .copied()
        // The evolve line lists the face-down cards, as boards write it.
        .filter(|c| match zone {
            ZoneName::Evolve => !state.card(*c).face_up,
            ZoneName::Used => state.card(*c).face_up,
            _ => true,
        })
        .collect();
    let mut expanded: Vec<&ZoneEntry> = entries
        .iter()
        .flat_map(|e| std::iter::repeat_n(e, e.copies))
        .collect();
    let holds = if ordered {
        // Card for card, in zone order (a deck's top card last).
        expanded.len() == cards.len()
            && expanded
                .iter()
                .zip(&cards)
                .all(|(entry, card)| entry_matches(game, *card, entry))
    } else {
        let mut unmatched = cards.clone();
        let mut all_found = true;
        // The most specific entries first, so `X engaged, X` matches
        // either way.
        expanded.sort_by_key(|e| std::cmp::Reverse(e.has_flags()));
        for entry in expanded {
            match unmatched
                .iter()
                .position(|c| entry_matches(game, *c, entry))
            {
                Some(idx) => {
                    unmatched.remove(idx);
                }
                None => all_found = false,
            }
        }
        all_found && unmatched.is_empty()
    };
    if holds {
        return None;
    }
    let expected = if list.is_empty() { "-" } else { list };
    let order = if ordered { " in order" } else { "" };
    Some((
        format!("{player} {}{order}: {expected}", zone.as_str()),
        format!(
            "{player} {}{order}: {}",
            zone.as_str(),
            zone_text(game, &cards, zone)
        ),
    ))
}

fn entry_matches(game: &Match, card: CardRef, entry: &ZoneEntry) -> bool {
    let state = game.state();
    let it = state.card(card);
    is_card(game, card, &entry.card)
        && entry.engaged.is_none_or(|e| e == it.engaged)
        && entry.damage.is_none_or(|d| d == it.damage)
        && (!entry.new || it.entered_turn >= state.turn)
        && entry.evolved.as_ref().is_none_or(|name| {
            it.evolved_with
                .is_some_and(|evolved| is_card(game, evolved, name))
        })
}

/// A zone as a board line writes it, repeated entries folded as `xN`.
fn zone_text(game: &Match, cards: &[CardRef], zone: ZoneName) -> String {
    let state = game.state();
    let db = game.db();
    let entries: Vec<String> = cards
        .iter()
        .map(|c| {
            let it = state.card(*c);
            let mut text = db.get(it.def).id.clone();
            if zone == ZoneName::Field {
                if it.engaged {
                    text.push_str(" engaged");
                }
                if it.damage > 0 {
                    text.push_str(&format!(" damage {}", it.damage));
                }
                if let Some(evolved) = it.evolved_with {
                    text.push_str(&format!(" evolved {}", db.get(state.card(evolved).def).id));
                }
            }
            text
        })
        .collect();
    if entries.is_empty() {
        return "-".to_owned();
    }
    let mut folded: Vec<(String, usize)> = Vec::new();
    for entry in entries {
        match folded.last_mut() {
            Some((last, n)) if *last == entry => *n += 1,
            _ => folded.push((entry, 1)),
        }
    }
    folded
        .into_iter()
        .map(|(entry, n)| {
            if n == 1 {
                entry
            } else {
                format!("{entry} x{n}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn check_resources(
    game: &Match,
    player: PlayerId,
    values: &[ResourceValue],
) -> Option<(String, String)> {
    let p = game.state().player(player);
    let mut expected = Vec::new();
    let mut actual = Vec::new();
    let mut holds = true;
    for value in values {
        let (want, have) = match *value {
            ResourceValue::Leader(n) => (
                format!("leader {n}"),
                format!("leader {}", p.leader_defense),
            ),
            ResourceValue::Ep(n) => (format!("ep {n}"), format!("ep {}", p.ep)),
            ResourceValue::Sep(n) => (format!("sep {n}"), format!("sep {}", p.sep)),
            ResourceValue::Turns(n) => (format!("turns {n}"), format!("turns {}", p.turns_passed)),
            ResourceValue::Pp { current, max: None } => {
                (format!("pp {current}"), format!("pp {}", p.pp))
            }
            ResourceValue::Pp {
                current,
                max: Some(max),
            } => (
                format!("pp {current}/{max}"),
                format!("pp {}/{}", p.pp, p.max_pp),
            ),
        };
        holds &= want == have;
        expected.push(want);
        actual.push(have);
    }
    (!holds).then(|| {
        (
            format!("{player} {}", expected.join(" ")),
            format!("{player} {}", actual.join(" ")),
        )
    })
}

/// Zones a card line looks in, in order.
const CARD_ZONES: [Zone; 7] = [
    Zone::Field,
    Zone::ExArea,
    Zone::Hand,
    Zone::Cemetery,
    Zone::Banished,
    Zone::Deck,
    Zone::EvolveDeck,
];

fn check_card(
    game: &Match,
    player: PlayerId,
    sel: &CardSel,
    props: &[CardProp],
) -> Option<(String, String)> {
    let state = game.state();
    let copies: Vec<CardRef> = CARD_ZONES
        .iter()
        .flat_map(|zone| state.player(player).zone(*zone).iter().copied())
        .filter(|c| is_card(game, *c, &sel.card))
        .collect();
    let nth = sel.nth.unwrap_or(1);
    let name = match sel.nth {
        Some(n) => format!("{}#{n}", sel.card),
        None => sel.card.clone(),
    };
    let expected: Vec<String> = props.iter().map(prop_text).collect();
    let expected = format!("{player} {name} {}", expected.join(" "));
    let Some(card) = copies.get(nth - 1).copied() else {
        return Some((
            expected,
            format!(
                "{player} has {} cop{} of {}",
                copies.len(),
                if copies.len() == 1 { "y" } else { "ies" },
                sel.card
            ),
        ));
    };
    let stats = state.characteristics(game.db(), card);
    let it = state.card(card);
    let mut holds = true;
    let mut actual = Vec::new();
    for prop in props {
        let have = match prop {
            CardProp::Attack(_) => CardProp::Attack(stats.attack),
            CardProp::Defense(_) => CardProp::Defense(stats.defense),
            CardProp::Damage(_) => CardProp::Damage(it.damage),
            CardProp::Cost(_) => CardProp::Cost(stats.cost),
            CardProp::Engaged(_) => CardProp::Engaged(it.engaged),
            CardProp::Keywords(_) => CardProp::Keywords(stats.keywords),
            CardProp::Has(wanted) => {
                holds &= stats.keywords.contains(*wanted);
                CardProp::Keywords(stats.keywords)
            }
            CardProp::Lacks(unwanted) => {
                holds &= !stats.keywords.intersects(*unwanted);
                CardProp::Keywords(stats.keywords)
            }
        };
        if !matches!(prop, CardProp::Has(_) | CardProp::Lacks(_)) {
            holds &= *prop == have;
        }
        actual.push(prop_text(&have));
    }
    actual.dedup();
    let zone = it.zone.name();
    (!holds).then(|| {
        (
            expected,
            format!(
                "{player} {name} {} ({} in the {zone})",
                actual.join(" "),
                card_label(game, card)
            ),
        )
    })
}

fn prop_text(prop: &CardProp) -> String {
    match prop {
        CardProp::Attack(n) => format!("attack {n}"),
        CardProp::Defense(n) => format!("defense {n}"),
        CardProp::Damage(n) => format!("damage {n}"),
        CardProp::Cost(n) => format!("cost {n}"),
        CardProp::Engaged(true) => "engaged".to_owned(),
        CardProp::Engaged(false) => "reserved".to_owned(),
        CardProp::Keywords(k) => format!("keywords {}", keywords_text(*k)),
        CardProp::Has(k) => format!("has {}", keywords_text(*k)),
        CardProp::Lacks(k) => format!("lacks {}", keywords_text(*k)),
    }
}

fn events_text(events: &[EventText]) -> String {
    let lines: Vec<String> = events
        .iter()
        .filter_map(|e| e.line.as_ref())
        .map(ToString::to_string)
        .collect();
    if lines.is_empty() {
        "(no events since the last checks)".to_owned()
    } else {
        lines.join("\n")
    }
}

/// Expected words with card names turned into ids, as event lines write
/// cards.
fn with_card_ids(game: &Match, words: &[String]) -> Vec<String> {
    let db = game.db();
    words
        .iter()
        .map(|word| match (db.by_card_id(word), db.by_name(word)) {
            (None, Some(def)) => db.get(def).id.clone(),
            _ => word.clone(),
        })
        .collect()
}
