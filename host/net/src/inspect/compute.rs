//! The inspector's data for one card, or for every card a viewer may
//! inspect (leader, field, EX area, cemetery and banished zone of both
//! players, and the hands the [`Sight`] sees).

use super::{
    AbilityLine, AbilitySort, Change, InspectedCard, KeywordLine, KeywordSource, Modifier,
    ModifierSource, PrintedValues, ShownCard, Sight,
};
use sve_engine::cards::{AbilityDef, CardDb, CardDef, Keywords};
use sve_engine::engine::state::Effect;
use sve_engine::engine::{CardRef, EffectKind, GameState, PlayerId, Zone};

/// Every card the viewer may inspect, player by player, zone by zone:
/// leader, field, EX area, the hand when seen, cemetery, banished.
pub fn inspect_cards(state: &GameState, db: &CardDb, sight: Sight) -> Vec<InspectedCard> {
    let mut out = Vec::new();
    for player in PlayerId::BOTH {
        let side = state.player(player);
        let mut cards: Vec<CardRef> = vec![side.leader];
        cards.extend(&side.field);
        cards.extend(&side.ex_area);
        if sight.sees_hand_of(player) {
            cards.extend(&side.hand);
        }
        cards.extend(&side.cemetery);
        cards.extend(&side.banished);
        out.extend(
            cards
                .into_iter()
                .filter_map(|card| inspect_card(state, db, card, sight)),
        );
    }
    out
}

/// The inspector's data for `card`, or `None` when the viewer can't see it
/// (or it is not a card of this match).
pub fn inspect_card(
    state: &GameState,
    db: &CardDb,
    card: CardRef,
    sight: Sight,
) -> Option<InspectedCard> {
    let card_state = state.cards.get(card.idx())?;
    if !sight.sees(card_state.zone, card_state.owner) {
        return None;
    }
    // A face-down card on the field (a Starting Amulet during the
    // mulligans, later-sets §2.2) is seen as its owner's hand is.
    if card_state.zone == Zone::Field
        && !card_state.face_up
        && !sight.sees_hand_of(card_state.owner)
    {
        return None;
    }
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
            | EffectKind::Trait(_)
            | EffectKind::DamageTaken(_)
            | EffectKind::Maneuvered
            | EffectKind::BecomesType(_)
            | EffectKind::InsteadOfCemetery(_) => acc,
        });
    let keywords = current
        .keywords
        .iter()
        .map(|keyword| KeywordLine {
            keyword,
            source: if printed.keywords.contains(keyword) {
                KeywordSource::Printed
            } else if evolved_keywords.contains(keyword) {
                KeywordSource::Evolved
            } else if from_effects.contains(keyword) {
                KeywordSource::Effect
            } else {
                KeywordSource::Passive
            },
        })
        .collect();
    let modifiers = effects
        .iter()
        .map(|e| Modifier {
            change: change(state, e.kind),
            source: e.source.map(|source| {
                let source_state = state.card(source);
                if sight.sees(source_state.zone, source_state.owner) {
                    ModifierSource::Card(shown(state, db, source))
                } else {
                    ModifierSource::Hidden
                }
            }),
            duration: e.duration,
        })
        .collect();
    let mut abilities = ability_lines(def);
    if let Some(e) = evolved {
        abilities.extend(ability_lines(db.get(state.card(e).def)));
    }
    Some(InspectedCard {
        card,
        id: def.id.clone(),
        name: def.display_name().to_owned(),
        text: def.text.clone(),
        controller: card_state.controller,
        zone: card_state.zone,
        printed,
        current: current.into(),
        keywords,
        modifiers,
        damage: card_state.damage,
        counters: card_state
            .counters
            .iter()
            .map(|(kind, n)| (db.counter_name(kind).to_owned(), n))
            .collect(),
        engaged: card_state.engaged,
        evolved: evolved.map(|e| shown(state, db, e)),
        abilities,
    })
}

fn shown(state: &GameState, db: &CardDb, card: CardRef) -> ShownCard {
    let def = db.get(state.card(card).def);
    ShownCard {
        card,
        id: def.id.clone(),
        name: def.display_name().to_owned(),
    }
}

fn ability_lines(card: &CardDef) -> Vec<AbilityLine> {
    card.abilities
        .iter()
        .enumerate()
        .map(|(index, ability)| ability_line(card, index, ability))
        .collect()
}

fn ability_line(card: &CardDef, index: usize, ability: &AbilityDef) -> AbilityLine {
    AbilityLine {
        card: card.display_name().to_owned(),
        card_id: card.id.clone(),
        index,
        name: super::ability_words(ability).to_owned(),
        text: ability.text.clone(),
        kind: AbilitySort::of(ability),
        once_per_turn: ability.once_per_turn,
        costs: ability.costs.clone(),
    }
}

fn change(state: &GameState, kind: EffectKind) -> Change {
    match kind {
        EffectKind::Stats { attack, defense } => Change::Stats { attack, defense },
        EffectKind::Keywords(k) => Change::Keywords(k),
        EffectKind::Cost(n) => Change::Cost(n),
        EffectKind::EvolveCost(n) => Change::EvolveCost(n),
        EffectKind::SetEvolveCost(n) => Change::SetEvolveCost(n),
        EffectKind::Trait(id) => Change::Trait(state.granted_trait_name(id).to_owned()),
        EffectKind::DamageTaken(r) => Change::DamageTaken(r),
        EffectKind::Maneuvered => Change::Maneuvered,
        EffectKind::BecomesType(t) => Change::BecomesType(t),
        EffectKind::InsteadOfCemetery(zone) => Change::InsteadOfCemetery(zone),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sve_engine::board::{Board, Side};
    use sve_engine::engine::Duration;

    fn buff(state: &mut GameState, card: CardRef, kind: EffectKind, source: Option<CardRef>) {
        let effect = Effect {
            card,
            object: state.card(card).object,
            kind,
            duration: Duration::EndOfTurn,
            source,
            timestamp: state.next_timestamp,
            created_turn: state.turn,
        };
        state.next_timestamp += 1;
        state.effects.push(effect);
        // Written by hand, not by a mutation.
        state.forget_characteristics();
    }

    #[test]
    fn a_buffed_follower_shows_printed_and_current_values_with_the_modifier() {
        let s = Board::builder()
            .side(PlayerId(0), Side::new().field(["V2", "V1"]).hand(["V3"]))
            .side(PlayerId(1), Side::new().field(["V4"]).hand(["V5"]))
            .build();
        let follower = s.card(PlayerId(0), Zone::Field, "V2");
        let buffer = s.card(PlayerId(0), Zone::Field, "V1");
        let mut state = s.game.state().clone();
        let db = s.game.db();
        let stats = EffectKind::Stats {
            attack: 2,
            defense: 0,
        };
        buff(&mut state, follower, stats, Some(buffer));
        buff(
            &mut state,
            follower,
            EffectKind::Keywords(Keywords::WARD),
            None,
        );

        let cards = inspect_cards(&state, db, Sight::of_players(&[PlayerId(0)]));
        let v2 = cards
            .iter()
            .find(|c| c.card == follower)
            .expect("the field follower is inspected");
        assert_eq!((v2.printed.attack, v2.printed.defense), (Some(2), Some(2)));
        assert_eq!((v2.current.attack, v2.current.defense), (4, 2));
        assert_eq!(v2.modifiers.len(), 2);
        let first = &v2.modifiers[0];
        assert_eq!(
            first.change,
            Change::Stats {
                attack: 2,
                defense: 0
            }
        );
        assert_eq!(first.duration, Duration::EndOfTurn);
        assert!(
            matches!(&first.source, Some(ModifierSource::Card(c)) if c.name == "V1" && c.card == buffer),
            "{:?}",
            first.source
        );
        assert_eq!(v2.modifiers[1].source, None);
        assert_eq!(
            v2.keywords,
            [KeywordLine {
                keyword: Keywords::WARD,
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
    fn a_modifier_from_a_hidden_card_names_nothing() {
        let s = Board::builder()
            .side(PlayerId(0), Side::new().field(["V2"]))
            .side(PlayerId(1), Side::new().hand(["V5"]))
            .build();
        let follower = s.card(PlayerId(0), Zone::Field, "V2");
        let hidden = s.card(PlayerId(1), Zone::Hand, "V5");
        let mut state = s.game.state().clone();
        buff(&mut state, follower, EffectKind::Cost(-1), Some(hidden));
        let seat_0 = Sight::of_players(&[PlayerId(0)]);
        let card = inspect_card(&state, s.game.db(), follower, seat_0).expect("on the field");
        assert_eq!(card.modifiers[0].source, Some(ModifierSource::Hidden));
        // Its owner sees it, by name.
        let seat_1 = Sight::of_players(&[PlayerId(1)]);
        let card = inspect_card(&state, s.game.db(), follower, seat_1).expect("on the field");
        assert!(
            matches!(&card.modifiers[0].source, Some(ModifierSource::Card(c)) if c.name == "V5")
        );
        // The hand card itself is inspected by its owner only.
        assert!(inspect_card(&state, s.game.db(), hidden, seat_0).is_none());
        assert!(inspect_card(&state, s.game.db(), hidden, Sight::public()).is_none());
        assert!(inspect_card(&state, s.game.db(), hidden, seat_1).is_some());
    }

    #[test]
    fn printed_keywords_are_marked_printed_and_abilities_carry_their_kind() {
        let s = Board::builder()
            .side(PlayerId(0), Side::new().field(["Warden"]))
            .build();
        let warden = s.card(PlayerId(0), Zone::Field, "Warden");
        let cards = inspect_cards(s.game.state(), s.game.db(), Sight::public());
        let card = cards.iter().find(|c| c.card == warden).expect("inspected");
        assert_eq!(card.keywords[0].source, KeywordSource::Printed);
        assert!(card.abilities.is_empty());
        assert!(!card.engaged);
    }

    #[test]
    fn no_deck_card_is_ever_inspected() {
        let s = Board::builder()
            .side(PlayerId(0), Side::new().deck(["V1", "V2"]))
            .build();
        let both = Sight::of_players(&PlayerId::BOTH);
        for player in PlayerId::BOTH {
            for card in &s.game.state().player(player).deck {
                assert!(inspect_card(s.game.state(), s.game.db(), *card, both).is_none());
            }
        }
        assert!(inspect_card(s.game.state(), s.game.db(), CardRef(u32::MAX), both).is_none());
    }

    #[test]
    fn an_ability_named_by_its_triggers_identifier_is_listed_in_players_words() {
        let s = Board::builder()
            .side(PlayerId(0), Side::new().field(["Grower"]))
            .build();
        let grower = s.card(PlayerId(0), Zone::Field, "Grower");
        let db = crate::inspect::pending::tests::db_with_unnamed_grower(s.game.db());
        let card =
            inspect_card(s.game.state(), &db, grower, Sight::public()).expect("on the field");
        assert_eq!(card.abilities[0].name, "Other Enters Field");
        assert_eq!(
            card.abilities[0].kind,
            AbilitySort::Triggered {
                ability_name: "Other Enters Field".to_owned()
            }
        );
    }
}
