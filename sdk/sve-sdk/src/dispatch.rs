//! The dispatch table [`export_pack!`](crate::export_pack) builds from a
//! [`Pack`](crate::Pack)'s cards: the host calls an ability by card id and
//! index in the card's ability list, and the table finds its code.

use std::collections::HashMap;

use crate::card::{Ability, Card, Condition, Effect};
use crate::game::{Call, Game, Stop};
use crate::wire;

/// Every card's abilities' code, by card id, in ability order.
#[derive(Debug, Default)]
pub struct Table {
    cards: HashMap<String, Vec<Ability>>,
}

impl Table {
    /// The card data for the host and the table of their code.
    pub fn build(cards: Vec<Card>) -> (Vec<wire::CardDef>, Table) {
        let mut table = Table::default();
        let mut defs = Vec::with_capacity(cards.len());
        for card in cards {
            let (def, abilities) = card.into_parts();
            // A duplicate id is the host's to report; the first one's code
            // stays, as its data does.
            table.cards.entry(def.id.clone()).or_insert(abilities);
            defs.push(def);
        }
        (defs, table)
    }

    /// The table of the one card `call` names, found in `cards` (the first
    /// of its id, as [`Table::build`] keeps): what a single call needs,
    /// without the card data or the rest of the table.
    pub fn find(cards: Vec<Card>, call: &Call) -> Table {
        let mut table = Table::default();
        if let Some(card) = cards.into_iter().find(|card| card.id() == call.card_id) {
            table
                .cards
                .insert(call.card_id.clone(), card.into_abilities());
        }
        table
    }

    fn ability(&self, call: &Call) -> Option<&Ability> {
        self.cards
            .get(&call.card_id)?
            .get(usize::from(call.ability))
    }

    /// The effect of the called ability.
    pub fn effect(&self, call: &Call) -> Option<Effect> {
        self.ability(call)?.effect
    }

    /// The condition of the called ability (`None`: always).
    pub fn condition(&self, call: &Call) -> Option<Condition> {
        self.ability(call)?.condition
    }

    /// Runs the called ability.
    pub fn resolve(&self, game: &mut Game, call: &Call) -> Result<(), Stop> {
        let effect = self.effect(call).ok_or_else(|| Stop::unknown(call))?;
        effect(game)
    }

    /// Whether the called ability's condition holds (an ability without
    /// one, or one this table does not know, always may: running it is
    /// where an unknown ability fails).
    pub fn holds(&self, game: &Game, call: &Call) -> bool {
        self.condition(call).is_none_or(|condition| condition(game))
    }
}

#[cfg(test)]
mod tests {
    use super::Table;
    use crate::prelude::*;

    /// Abilities that name themselves in their error, so a test sees which
    /// one ran without a host.
    fn fanfare(_: &mut Game) -> Result<(), Stop> {
        Err(Stop::Error("fanfare".to_owned()))
    }
    fn strike(_: &mut Game) -> Result<(), Stop> {
        Err(Stop::Error("strike".to_owned()))
    }
    fn spell(_: &mut Game) -> Result<(), Stop> {
        Err(Stop::Error("spell".to_owned()))
    }

    fn cards() -> Vec<Card> {
        vec![
            Card::follower("T-001", "Twofold", Class::Neutral, 2, 2, 2)
                .fanfare("Fanfare.", fanfare)
                .on(Trigger::Strike, "Strike.", strike)
                .condition(|_| false),
            Card::spell("T-002", "Bolt", Class::Neutral, 1).spell_effect("Spell.", spell),
            Card::follower("T-003", "Vanilla", Class::Neutral, 1, 1, 1),
        ]
    }

    fn call(card_id: &str, ability: u8) -> Call {
        Call {
            source: 7,
            source_object: 7,
            card_id: card_id.to_owned(),
            ability,
            controller: Player::new(0),
            trigger_card: None,
            amount: 0,
        }
    }

    fn run(table: &Table, card_id: &str, ability: u8) -> Result<(), Stop> {
        let call = call(card_id, ability);
        table.resolve(&mut Game::new(&call, &crate::api::Imports), &call)
    }

    #[test]
    fn the_host_data_lists_abilities_in_builder_order_with_their_names() {
        let (defs, _) = Table::build(cards());
        let names: Vec<Vec<&str>> = defs
            .iter()
            .map(|d| d.abilities.iter().map(|a| a.name.as_str()).collect())
            .collect();
        assert_eq!(names, [vec!["Fanfare", "Strike"], vec!["Spell"], vec![]]);
    }

    #[test]
    fn each_index_runs_the_code_given_with_its_ability() {
        let (_, table) = Table::build(cards());
        let error = |message: &str| Err(Stop::Error(message.to_owned()));
        assert_eq!(run(&table, "T-001", 0), error("fanfare"));
        assert_eq!(run(&table, "T-001", 1), error("strike"));
        assert_eq!(run(&table, "T-002", 0), error("spell"));
    }

    #[test]
    fn reordering_the_builder_calls_moves_the_code_with_the_ability() {
        let card = Card::follower("T-001", "Twofold", Class::Neutral, 2, 2, 2)
            .on(Trigger::Strike, "Strike.", strike)
            .fanfare("Fanfare.", fanfare);
        let (defs, table) = Table::build(vec![card]);
        assert_eq!(defs[0].abilities[0].name, "Strike");
        assert_eq!(run(&table, "T-001", 0), Err(Stop::Error("strike".into())));
        assert_eq!(run(&table, "T-001", 1), Err(Stop::Error("fanfare".into())));
    }

    #[test]
    fn a_condition_belongs_to_the_ability_before_it() {
        let (_, table) = Table::build(cards());
        let holds = |card_id: &str, ability: u8| {
            let call = call(card_id, ability);
            table.holds(&Game::new(&call, &crate::api::Imports), &call)
        };
        assert!(holds("T-001", 0));
        assert!(!holds("T-001", 1));
        assert!(holds("T-002", 0));
    }

    #[test]
    fn a_single_call_finds_the_same_code_as_the_whole_table() {
        let (_, whole) = Table::build(cards());
        let cases = [
            ("T-001", 0),
            ("T-001", 1),
            ("T-001", 2),
            ("T-002", 0),
            ("T-003", 0),
        ];
        for (card_id, ability) in cases.into_iter().chain([("NOPE", 0)]) {
            let call = call(card_id, ability);
            let found = Table::find(cards(), &call);
            let lean = {
                let _code_only = crate::card::CodeOnly::begin(card_id);
                cards()
            };
            let found_lean = Table::find(lean, &call);
            assert_eq!(
                run(&found_lean, card_id, ability),
                run(&whole, card_id, ability)
            );
            assert_eq!(run(&found, card_id, ability), run(&whole, card_id, ability));
            let game = Game::new(&call, &crate::api::Imports);
            assert_eq!(found.holds(&game, &call), whole.holds(&game, &call));
        }
    }

    #[test]
    fn cards_built_for_a_call_keep_ids_and_code_but_not_their_words() {
        let lean = {
            let _code_only = crate::card::CodeOnly::begin("T-001");
            cards()
        };
        // The called card keeps its id and code; the others are shells,
        // without id or abilities, so a call allocates for one card.
        let (defs, table) = Table::build(lean);
        let ids: Vec<&str> = defs.iter().map(|d| d.id.as_str()).collect();
        assert_eq!(ids, ["T-001", "", ""]);
        assert_eq!(defs[0].abilities.len(), 2);
        assert!(defs[1..].iter().all(|d| d.abilities.is_empty()));
        assert!(defs.iter().all(|d| d.name.is_empty() && d.text.is_empty()));
        assert!(
            defs.iter()
                .flat_map(|d| &d.abilities)
                .all(|a| a.name.is_empty() && a.text.is_empty())
        );
        assert_eq!(run(&table, "T-001", 1), Err(Stop::Error("strike".into())));
        let call = call("T-001", 1);
        assert!(!table.holds(&Game::new(&call, &crate::api::Imports), &call));
        // The guard is gone: the manifest's cards have their words again.
        let (defs, _) = Table::build(cards());
        assert_eq!(defs[0].name, "Twofold");
        assert_eq!(defs[0].abilities[1].text, "Strike.");
    }

    #[test]
    fn an_ability_the_pack_does_not_have_is_an_error_naming_it() {
        let (_, table) = Table::build(cards());
        let unknown = "this pack has no ability 0 for card T-003".to_owned();
        assert_eq!(run(&table, "T-003", 0), Err(Stop::Error(unknown)));
        assert!(run(&table, "NOPE", 0).is_err());
        assert!(run(&table, "T-001", 2).is_err());
    }

    #[test]
    fn a_condition_without_an_ability_is_refused_when_the_cards_are_listed() {
        let listed = std::panic::catch_unwind(|| {
            Card::follower("T-009", "Early", Class::Neutral, 1, 1, 1).condition(|_| true)
        });
        let panic = listed.expect_err("a condition needs an ability before it");
        let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
        assert!(
            message.contains("card T-009: `condition` modifies the ability just added"),
            "{message}"
        );
    }
}
