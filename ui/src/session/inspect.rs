//! The card inspector's data in the player's words. The data itself is
//! computed by `sve_net::inspect`, the one implementation the server uses
//! too: here, a local match's worker computes it for the cards its
//! viewers may see (public zones and the hands of `hands_of`, so the
//! debug tab never shows a hidden card of the opponent), and an online
//! session words what the server sent ([`worded`], [`pending_words`]).

use super::{
    AbilityLine, InspectedCard, KeywordLine, KeywordSource, Modifier, PrintedValues, ShownCard,
};
use crate::card_text::abilities::{ability_sort_words, keyword_list};
use crate::card_text::glossary::keyword_words;
use sve_engine::cards::CardDb;
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
        .iter()
        .map(worded)
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

/// The inspector's data in the player's words (no source: the match
/// worker and the replay viewer add a pack's source locally).
pub(crate) fn worded(card: &data::InspectedCard) -> InspectedCard {
    InspectedCard {
        card: card.card,
        id: card.id.clone(),
        name: card.name.clone(),
        text: card.text.clone(),
        controller: card.controller,
        zone: card.zone,
        printed: PrintedValues {
            cost: card.printed.cost,
            attack: card.printed.attack,
            defense: card.printed.defense,
            keywords: card.printed.keywords,
        },
        current: card.current,
        keywords: card
            .keywords
            .iter()
            .map(|line| KeywordLine {
                name: line.keyword.infos().next().map_or_else(
                    || "?".to_owned(),
                    |info| keyword_words(info).label.to_owned(),
                ),
                source: match line.source {
                    data::KeywordSource::Printed => KeywordSource::Printed,
                    data::KeywordSource::Evolved => KeywordSource::Evolved,
                    data::KeywordSource::Effect => KeywordSource::Effect,
                    data::KeywordSource::Passive => KeywordSource::Passive,
                },
            })
            .collect(),
        modifiers: card
            .modifiers
            .iter()
            .map(|m| Modifier {
                change: describe_change(&m.change),
                source: m.source.as_ref().map(|source| match source {
                    ModifierSource::Card(s) => format!("{} ({}, {})", s.name, s.id, s.card),
                    ModifierSource::Hidden => "a hidden card".to_owned(),
                }),
                duration: describe_duration(m.duration),
            })
            .collect(),
        damage: card.damage,
        counters: card.counters.clone(),
        engaged: card.engaged,
        evolved: card.evolved.as_ref().map(|e| ShownCard {
            card: e.card,
            id: e.id.clone(),
            name: e.name.clone(),
        }),
        abilities: card
            .abilities
            .iter()
            .map(|a| AbilityLine {
                card: a.card.clone(),
                name: a.name.clone(),
                kind: ability_sort_words(&a.kind, a.once_per_turn, &a.costs),
                text: a.text.clone(),
                card_id: a.card_id.clone(),
                index: a.index,
                source: None,
            })
            .collect(),
        source: None,
    }
}

fn describe_change(change: &Change) -> String {
    match change {
        Change::Stats { attack, defense } => format!("{attack:+}/{defense:+}"),
        Change::Keywords(k) => format!("gains {}", keyword_list(*k)),
        Change::Cost(n) => format!("cost {n:+}"),
        Change::EvolveCost(n) => format!("evolve cost {n:+}"),
        Change::SetEvolveCost(n) => format!("evolve cost becomes {n}"),
        Change::Trait(name) => format!("gains the trait {name}"),
    }
}

fn describe_duration(duration: Duration) -> String {
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
    use sve_engine::cards::Keywords;
    use sve_engine::engine::state::Effect;
    use sve_engine::engine::{EffectKind, Zone};

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
        let changes: Vec<&str> = v2.modifiers.iter().map(|m| m.change.as_str()).collect();
        assert_eq!(changes, ["+2/+0", "gains Ward", "cost -1"]);
        assert_eq!(v2.modifiers[0].duration, "until end of turn");
        assert!(
            v2.modifiers[0]
                .source
                .as_deref()
                .is_some_and(|s| s.starts_with("V1 (")),
            "{:?}",
            v2.modifiers[0].source
        );
        assert_eq!(v2.modifiers[1].source, None);
        assert_eq!(v2.modifiers[2].source.as_deref(), Some("a hidden card"));
        assert_eq!(
            v2.keywords,
            [KeywordLine {
                name: "Ward".to_owned(),
                source: KeywordSource::Effect
            }]
        );
        let names: Vec<&str> = cards.iter().map(|c| c.name.as_str()).collect();
        assert!(names.contains(&"V3"), "{names:?}");
        assert!(!names.contains(&"V5"), "{names:?}");
    }
}
