//! The card inspector's data and its words. The data itself is computed
//! by `sve_net::inspect`, the one implementation the server uses too: here,
//! a local match's worker computes it for the cards its viewers may see
//! (public zones and the hands of `hands_of`, so the debug tab never shows
//! a hidden card of the opponent); an online session takes what the server
//! sent. The inspector words the data as it draws it ([`keyword_label`],
//! [`change_words`], [`modifier_source_words`], [`duration_words`],
//! [`pending_words`]).

use super::InspectedCard;
use crate::card_text::abilities::keyword_list;
use crate::card_text::glossary::keyword_entries;
use sve_engine::cards::{CardDb, Keywords};
use sve_engine::engine::{Duration, GameState, PlayerId};
use sve_net::inspect::{self as data, Change, ModifierSource, Sight};

/// Every card the viewers may inspect, player by player, zone by zone.
/// `hands_of` lists the players whose hands are shown.
pub(crate) fn inspect_cards(
    state: &GameState,
    db: &CardDb,
    hands_of: &[PlayerId],
) -> Vec<InspectedCard> {
    data::inspect_cards(state, db, Sight::of_players(hands_of))
        .into_iter()
        .map(InspectedCard::from)
        .collect()
}

/// The automatic abilities waiting for Confirmation Timing, one line each.
pub(crate) fn pending_lines(state: &GameState, db: &CardDb) -> Vec<String> {
    // Their triggers were announced to everyone: both players may know.
    data::pending_abilities(state, db, Sight::public())
        .iter()
        .map(|line| pending_words(line, |player| player.to_string()))
        .collect()
}

/// "P1: Card: Ability", the player named by `player_name`.
pub(crate) fn pending_words(
    line: &data::PendingLine,
    player_name: impl Fn(PlayerId) -> String,
) -> String {
    format!("{}: {}", player_name(line.controller), line.ability)
}

/// The player's word for one keyword flag ("Ward", "Ignores Ward", a
/// declared keyword's name in `db`); "?" for no keyword. A line that
/// holds several (the inspector's data gives the declared keywords of a
/// card as one line) names them all.
pub(crate) fn keyword_label(db: &CardDb, keyword: Keywords) -> String {
    let words: Vec<&str> = keyword_entries(db, keyword).map(|e| e.label).collect();
    if words.is_empty() {
        "?".to_owned()
    } else {
        words.join(", ")
    }
}

/// What a persistent effect changes ("+2/+0", "gains Ward", "cost -1"),
/// keywords named as `db` names them.
pub(crate) fn change_words(db: &CardDb, change: &Change) -> String {
    match change {
        Change::Stats { attack, defense } => format!("{attack:+}/{defense:+}"),
        Change::Keywords(k) => format!("gains {}", keyword_list(db, *k)),
        Change::Cost(n) => format!("cost {n:+}"),
        Change::EvolveCost(n) => format!("evolve cost {n:+}"),
        Change::SetEvolveCost(n) => format!("evolve cost becomes {n}"),
        Change::Trait(name) => format!("gains the trait {name}"),
        Change::DamageTaken(replacement) => replacement.words(),
        Change::Maneuvered => "maneuvered: a follower until the end of the turn".to_owned(),
        Change::BecomesType(card_type) => format!("its card type becomes {}", card_type.name()),
        Change::InsteadOfCemetery(zone) => {
            format!("goes to {} instead of the cemetery", zone.words())
        }
    }
}

/// The card a persistent effect came from ("V1 (V1-001, #3)"; "a hidden
/// card" when the viewers may not know it).
pub(crate) fn modifier_source_words(source: &ModifierSource) -> String {
    match source {
        ModifierSource::Card(s) => format!("{} ({}, {})", s.name, s.id, s.card),
        ModifierSource::Hidden => "a hidden card".to_owned(),
    }
}

/// How long a persistent effect lasts ("until end of turn").
pub(crate) fn duration_words(duration: Duration) -> String {
    match duration {
        Duration::WhileInZone => "while in its zone".to_owned(),
        Duration::EndOfTurn => "until end of turn".to_owned(),
        Duration::EndOfOpponentNextTurn { controller } => {
            format!("until the end of {}'s next turn", controller.opponent())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sve_engine::board::{Board, Side};
    use sve_engine::engine::state::Effect;
    use sve_engine::engine::{EffectKind, Zone};
    use sve_net::inspect::KeywordSource;

    #[test]
    fn a_buffed_follower_is_worded_with_its_modifiers_and_keywords() {
        let s = Board::builder()
            .side(PlayerId(0), Side::new().field(["V2", "V1"]).hand(["V3"]))
            .side(PlayerId(1), Side::new().field(["V4"]).hand(["V5"]))
            .build();
        let follower = s.card(PlayerId(0), Zone::Field, "V2");
        let buffer = s.card(PlayerId(0), Zone::Field, "V1");
        let hidden = s.card(PlayerId(1), Zone::Hand, "V5");
        let mut state = s.game.state().clone();
        let db = s.game.db();
        for (kind, source) in [
            (
                EffectKind::Stats {
                    attack: 2,
                    defense: 0,
                },
                Some(buffer),
            ),
            (EffectKind::Keywords(Keywords::WARD), None),
            (EffectKind::Cost(-1), Some(hidden)),
        ] {
            state.effects.push(Effect {
                card: follower,
                object: state.card(follower).object,
                kind,
                duration: Duration::EndOfTurn,
                source,
                timestamp: state.next_timestamp,
                created_turn: state.turn,
            });
            state.next_timestamp += 1;
        }

        let cards = inspect_cards(&state, db, &[PlayerId(0)]);
        let v2 = cards
            .iter()
            .find(|c| c.card == follower)
            .expect("the field follower is inspected");
        let changes: Vec<String> = v2
            .modifiers
            .iter()
            .map(|m| change_words(db, &m.change))
            .collect();
        assert_eq!(changes, ["+2/+0", "gains Ward", "cost -1"]);
        assert_eq!(
            duration_words(v2.modifiers[0].duration),
            "until end of turn"
        );
        let sources: Vec<Option<String>> = v2
            .modifiers
            .iter()
            .map(|m| m.source.as_ref().map(modifier_source_words))
            .collect();
        assert!(
            sources[0].as_deref().is_some_and(|s| s.starts_with("V1 (")),
            "{sources:?}"
        );
        assert_eq!(sources[1], None);
        assert_eq!(sources[2].as_deref(), Some("a hidden card"));
        let keywords: Vec<(String, KeywordSource)> = v2
            .keywords
            .iter()
            .map(|line| (keyword_label(db, line.keyword), line.source))
            .collect();
        assert_eq!(keywords, [("Ward".to_owned(), KeywordSource::Effect)]);
        let names: Vec<&str> = cards.iter().map(|c| c.name.as_str()).collect();
        assert!(names.contains(&"V3"), "{names:?}");
        assert!(!names.contains(&"V5"), "{names:?}");
    }
}
