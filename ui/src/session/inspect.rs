//! The card inspector's data, computed on the worker thread from engine
//! state: printed against current values, the persistent modifiers with
//! their source and duration, where each keyword comes from, and the
//! abilities. Only cards in public zones (leader area, field, EX area,
//! cemetery, banished) and the hands of `hands_of` are inspected, so the
//! debug tab never shows a hidden card of the opponent.

use super::{
    AbilityLine, InspectedCard, KeywordLine, KeywordSource, Modifier, PrintedValues, ShownCard,
};
use crate::card_text::abilities::{ability_kind_words, keyword_list};
use crate::card_text::glossary::keyword_words;
use sve_host::cards::{AbilityDef, CardDb, CardDef, Keywords};
use sve_host::engine::state::Effect;
use sve_host::engine::{CardRef, Duration, EffectKind, GameState, PlayerId, Zone};

/// The zones whose cards anyone may inspect.
const PUBLIC_ZONES: [Zone; 5] = [
    Zone::Leader,
    Zone::Field,
    Zone::ExArea,
    Zone::Cemetery,
    Zone::Banished,
];

/// Every card the viewers may inspect, player by player, zone by zone.
/// `hands_of` lists the players whose hands are shown.
pub(crate) fn inspect_cards(
    state: &GameState,
    db: &CardDb,
    hands_of: &[PlayerId],
) -> Vec<InspectedCard> {
    let mut out = Vec::new();
    for player in PlayerId::BOTH {
        let side = state.player(player);
        let mut cards: Vec<CardRef> = vec![side.leader];
        cards.extend(&side.field);
        cards.extend(&side.ex_area);
        if hands_of.contains(&player) {
            cards.extend(&side.hand);
        }
        cards.extend(&side.cemetery);
        cards.extend(&side.banished);
        out.extend(
            cards
                .into_iter()
                .map(|card| inspect(state, db, card, hands_of)),
        );
    }
    out
}

/// Whether the viewers may see which card `card` is.
fn is_visible(state: &GameState, card: CardRef, hands_of: &[PlayerId]) -> bool {
    let card_state = state.card(card);
    PUBLIC_ZONES.contains(&card_state.zone)
        || matches!(card_state.zone, Zone::EvolveZone | Zone::Resolution)
        || (card_state.zone == Zone::Hand && hands_of.contains(&card_state.controller))
        || (card_state.zone == Zone::EvolveDeck && card_state.face_up)
}

fn shown(state: &GameState, db: &CardDb, card: CardRef) -> ShownCard {
    let def = db.get(state.card(card).def);
    ShownCard {
        card,
        id: def.id.clone(),
        name: def.display_name().to_owned(),
    }
}

/// The inspector's data for one card.
fn inspect(state: &GameState, db: &CardDb, card: CardRef, hands_of: &[PlayerId]) -> InspectedCard {
    let card_state = state.card(card);
    let def = db.get(card_state.def);
    let current = state.characteristics(db, card);
    let printed = PrintedValues {
        cost: def.cost.map(i32::from),
        attack: def.attack,
        defense: def.defense,
        keywords: def.keywords,
    };
    let evolved = card_state
        .evolved_with
        .filter(|_| card_state.zone == Zone::Field);
    let evolved_keywords =
        evolved.map_or(Keywords::empty(), |e| db.get(state.card(e).def).keywords);
    let effects: Vec<&Effect> = state
        .effects
        .iter()
        .filter(|e| e.card == card && e.object == card_state.object)
        .collect();
    let from_effects = effects
        .iter()
        .fold(Keywords::empty(), |acc, e| match e.kind {
            EffectKind::Keywords(k) => acc | k,
            EffectKind::Stats { .. }
            | EffectKind::Cost(_)
            | EffectKind::EvolveCost(_)
            | EffectKind::SetEvolveCost(_)
            | EffectKind::Trait(_) => acc,
        });
    let keywords = current
        .keywords
        .iter()
        .flat_map(|k| k.infos().map(move |info| (k, keyword_words(info).label)))
        .map(|(flag, name)| KeywordLine {
            name: name.to_owned(),
            source: if printed.keywords.contains(flag) {
                KeywordSource::Printed
            } else if evolved_keywords.contains(flag) {
                KeywordSource::Evolved
            } else if from_effects.contains(flag) {
                KeywordSource::Effect
            } else {
                KeywordSource::Passive
            },
        })
        .collect();
    let modifiers = effects
        .iter()
        .map(|e| Modifier {
            change: describe_kind(state, e.kind),
            source: e.source.map(|s| {
                if is_visible(state, s, hands_of) {
                    let s = shown(state, db, s);
                    format!("{} ({}, {})", s.name, s.id, s.card)
                } else {
                    "a hidden card".to_owned()
                }
            }),
            duration: describe_duration(e.duration),
        })
        .collect();
    let mut abilities: Vec<AbilityLine> = def
        .abilities
        .iter()
        .enumerate()
        .map(|(idx, a)| ability_line(def, idx, a))
        .collect();
    if let Some(e) = evolved {
        let evolved_def = db.get(state.card(e).def);
        abilities.extend(
            evolved_def
                .abilities
                .iter()
                .enumerate()
                .map(|(idx, a)| ability_line(evolved_def, idx, a)),
        );
    }
    InspectedCard {
        card,
        id: def.id.clone(),
        name: def.display_name().to_owned(),
        text: def.text.clone(),
        controller: card_state.controller,
        zone: card_state.zone,
        printed,
        current,
        keywords,
        modifiers,
        damage: card_state.damage,
        counters: card_state
            .counters
            .iter()
            .map(|(kind, n)| (kind.name().to_owned(), n))
            .collect(),
        engaged: card_state.engaged,
        evolved: evolved.map(|e| shown(state, db, e)),
        abilities,
        source: None,
    }
}

fn ability_line(card: &CardDef, index: usize, ability: &AbilityDef) -> AbilityLine {
    AbilityLine {
        card: card.display_name().to_owned(),
        name: ability.name.clone(),
        kind: ability_kind_words(ability),
        text: ability.text.clone(),
        card_id: card.id.clone(),
        index,
        source: None,
    }
}

fn describe_kind(state: &GameState, kind: EffectKind) -> String {
    match kind {
        EffectKind::Stats { attack, defense } => format!("{attack:+}/{defense:+}"),
        EffectKind::Keywords(k) => format!("gains {}", keyword_list(k)),
        EffectKind::Cost(n) => format!("cost {n:+}"),
        EffectKind::EvolveCost(n) => format!("evolve cost {n:+}"),
        EffectKind::SetEvolveCost(n) => format!("evolve cost becomes {n}"),
        EffectKind::Trait(id) => format!("gains the trait {}", state.granted_trait_name(id)),
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
    use sve_host::scenario::{Scenario, Side};

    #[test]
    fn a_buffed_follower_shows_printed_and_current_values_with_the_modifier() {
        let s = Scenario::builder()
            .side(PlayerId(0), Side::new().field(["V2", "V1"]).hand(["V3"]))
            .side(PlayerId(1), Side::new().field(["V4"]).hand(["V5"]))
            .build();
        let follower = s.card(PlayerId(0), Zone::Field, "V2");
        let buffer = s.card(PlayerId(0), Zone::Field, "V1");
        let mut state = s.game.state().clone();
        let db = s.game.db();
        state.effects.push(Effect {
            card: follower,
            object: state.card(follower).object,
            kind: EffectKind::Stats {
                attack: 2,
                defense: 0,
            },
            duration: Duration::EndOfTurn,
            source: Some(buffer),
            timestamp: state.next_timestamp,
            created_turn: state.turn,
        });
        state.effects.push(Effect {
            card: follower,
            object: state.card(follower).object,
            kind: EffectKind::Keywords(Keywords::WARD),
            duration: Duration::WhileInZone,
            source: None,
            timestamp: state.next_timestamp + 1,
            created_turn: state.turn,
        });

        let cards = inspect_cards(&state, db, &[PlayerId(0)]);
        let v2 = cards
            .iter()
            .find(|c| c.card == follower)
            .expect("the field follower is inspected");
        assert_eq!((v2.printed.attack, v2.printed.defense), (Some(2), Some(2)));
        assert_eq!((v2.current.attack, v2.current.defense), (4, 2));
        assert_eq!(v2.modifiers.len(), 2);
        let buff = &v2.modifiers[0];
        assert_eq!(buff.change, "+2/+0");
        assert_eq!(buff.duration, "until end of turn");
        assert!(
            buff.source
                .as_deref()
                .is_some_and(|s| s.starts_with("V1 (")),
            "{:?}",
            buff.source
        );
        assert_eq!(
            v2.keywords,
            [KeywordLine {
                name: "Ward".to_owned(),
                source: KeywordSource::Effect
            }]
        );

        // The viewer's hand is there; the opponent's is not.
        let names: Vec<&str> = cards.iter().map(|c| c.name.as_str()).collect();
        assert!(names.contains(&"V3"), "{names:?}");
        assert!(!names.contains(&"V5"), "{names:?}");
        assert!(names.contains(&"V4"), "{names:?}");
    }

    #[test]
    fn printed_keywords_are_marked_printed() {
        let s = Scenario::builder()
            .side(PlayerId(0), Side::new().field(["Warden"]))
            .build();
        let warden = s.card(PlayerId(0), Zone::Field, "Warden");
        let cards = inspect_cards(s.game.state(), s.game.db(), &[]);
        let card = cards.iter().find(|c| c.card == warden).expect("inspected");
        assert_eq!(card.keywords[0].source, KeywordSource::Printed);
        assert!(card.abilities.is_empty());
        assert!(!card.engaged);
    }
}
