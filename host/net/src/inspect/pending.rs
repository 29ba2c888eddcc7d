//! The automatic abilities waiting for Confirmation Timing
//! (rules-coverage.md §11.4), as a viewer may know them. Their triggering
//! is public (`Event::AbilityTriggered` names card and ability to every
//! viewer), so each line names the ability; the card's number is given
//! only while the viewer can see the card.

use super::Sight;
use serde::{Deserialize, Serialize};
use sve_engine::cards::{AbilityKind, CardDb, CardDef};
use sve_engine::engine::{CardRef, GameState, PendingWhat, PlayerId};
use sve_engine::gamelog;

/// One pending automatic ability.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingLine {
    /// Who plays it.
    pub controller: PlayerId,
    /// Its card, while the viewer can see that card (online: the viewer's
    /// number for it).
    pub card: Option<CardRef>,
    /// "Card name: ability name" in players' words, as the game log names
    /// it ("Grower: Grow"), an ability given no name of its own by its
    /// trigger's ("Okami: Other Enters Field"), never by an identifier.
    pub ability: String,
}

/// The pending automatic abilities, in the order the engine keeps them.
pub fn pending_abilities(state: &GameState, db: &CardDb, sight: Sight) -> Vec<PendingLine> {
    state
        .pending
        .iter()
        .map(|pending| {
            let def = db.get(pending.def);
            let seen = state
                .cards
                .get(pending.source.idx())
                .is_some_and(|c| sight.sees(c.zone, c.owner));
            PendingLine {
                controller: pending.controller,
                card: seen.then_some(pending.source),
                ability: ability_phrase(def, pending.what),
            }
        })
        .collect()
}

/// "Card name: ability name", as the game log names it
/// ([`gamelog::ability_phrase`]), with an automatic ability named in
/// players' words ([`super::ability_words`]), never by an identifier.
fn ability_phrase(def: &CardDef, ability: PendingWhat) -> String {
    match ability
        .ability()
        .and_then(|idx| def.abilities.get(usize::from(idx.0)))
    {
        Some(a) if matches!(a.kind, AbilityKind::Triggered(_)) => {
            format!("{}: {}", def.display_name(), super::ability_words(a))
        }
        _ => gamelog::ability_phrase(def, ability),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use sve_engine::board::{Board, Side};
    use sve_engine::engine::state::PendingAbility;
    use sve_engine::engine::{AbilityIdx, Zone};

    #[test]
    fn each_pending_ability_is_named_and_its_card_given_only_when_seen() {
        let p1 = PlayerId(0);
        let p2 = PlayerId(1);
        let s = Board::builder()
            .side(p1, Side::new().field(["Grower"]))
            .side(p2, Side::new().hand(["Pinger"]))
            .build();
        let grower = s.card(p1, Zone::Field, "Grower");
        let pinger = s.card(p2, Zone::Hand, "Pinger");
        let mut state = s.game.state().clone();
        for (source, controller) in [(grower, p1), (pinger, p2)] {
            state.pending.push(PendingAbility {
                source,
                source_object: state.card(source).object,
                def: state.card(source).def,
                what: PendingWhat::Ability(AbilityIdx(0)),
                controller,
                trigger_card: None,
                amount: 0,
            });
        }
        let lines = pending_abilities(&state, s.game.db(), Sight::of_players(&[p1]));
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].card, Some(grower));
        assert_eq!(lines[0].ability, "Grower: Grow");
        assert_eq!(lines[0].controller, p1);
        assert_eq!(
            lines[1].card, None,
            "a card in the other hand has no number"
        );
        assert_eq!(lines[1].controller, p2);
        let theirs = pending_abilities(&state, s.game.db(), Sight::of_players(&[p2]));
        assert_eq!(theirs[1].card, Some(pinger));
    }

    /// The test cards, with Grower's ability named as a script names an
    /// ability it gives no name: by its trigger's identifier.
    pub(crate) fn db_with_unnamed_grower(db: &CardDb) -> CardDb {
        let defs = db
            .iter()
            .map(|(_, def)| {
                let mut def = def.clone();
                if def.name == "Grower" {
                    def.abilities[0].name = "OnOtherEnterField".to_owned();
                }
                def
            })
            .collect();
        CardDb::new(defs).expect("the test cards, renamed")
    }

    #[test]
    fn an_ability_named_by_its_triggers_identifier_is_named_in_players_words() {
        let p1 = PlayerId(0);
        let s = Board::builder()
            .side(p1, Side::new().field(["Grower"]))
            .build();
        let grower = s.card(p1, Zone::Field, "Grower");
        let db = db_with_unnamed_grower(s.game.db());
        let mut state = s.game.state().clone();
        state.pending.push(PendingAbility {
            source: grower,
            source_object: state.card(grower).object,
            def: state.card(grower).def,
            what: PendingWhat::Ability(AbilityIdx(0)),
            controller: p1,
            trigger_card: None,
            amount: 0,
        });
        let lines = pending_abilities(&state, &db, Sight::public());
        assert_eq!(lines[0].ability, "Grower: Other Enters Field");
    }
}
