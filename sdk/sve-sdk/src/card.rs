//! [`Card`]: a builder for card definitions.

use crate::types::{
    AbilityDef, AbilityKind, ActivationZone, CardDef, CardFilter, CardType, Class, CostItem,
    Counter, Keywords, Trigger,
};

/// Builds a [`CardDef`] step by step.
#[derive(Clone, Debug)]
pub struct Card {
    def: CardDef,
}

impl Card {
    fn new(id: &str, name: &str, class: Class, card_type: CardType) -> Card {
        Card {
            def: CardDef {
                id: id.to_owned(),
                name: name.to_owned(),
                class,
                card_type,
                traits: Vec::new(),
                cost: None,
                attack: None,
                defense: None,
                evolve_cost: None,
                keywords: Keywords::empty(),
                initial_counters: Vec::new(),
                is_token: false,
                abilities: Vec::new(),
                text: String::new(),
            },
        }
    }

    /// A follower with cost, attack and defense.
    pub fn follower(
        id: &str,
        name: &str,
        class: Class,
        cost: u8,
        attack: i32,
        defense: i32,
    ) -> Card {
        let mut card = Card::new(id, name, class, CardType::Follower);
        card.def.cost = Some(cost);
        card.def.attack = Some(attack);
        card.def.defense = Some(defense);
        card
    }

    /// An evolved follower (its name should end in ` (Evolved)`).
    pub fn evolved(id: &str, name: &str, class: Class, attack: i32, defense: i32) -> Card {
        let mut card = Card::new(id, name, class, CardType::EvolvedFollower);
        card.def.attack = Some(attack);
        card.def.defense = Some(defense);
        card
    }

    /// A spell with a cost. Give it its effect with [`Card::spell_effect`].
    pub fn spell(id: &str, name: &str, class: Class, cost: u8) -> Card {
        let mut card = Card::new(id, name, class, CardType::Spell);
        card.def.cost = Some(cost);
        card
    }

    /// An amulet with a cost.
    pub fn amulet(id: &str, name: &str, class: Class, cost: u8) -> Card {
        let mut card = Card::new(id, name, class, CardType::Amulet);
        card.def.cost = Some(cost);
        card
    }

    /// Traits, in printed order.
    pub fn traits(mut self, traits: &[&str]) -> Card {
        self.def.traits = traits.iter().map(|t| (*t).to_owned()).collect();
        self
    }

    /// Printed keywords.
    pub fn keywords(mut self, keywords: Keywords) -> Card {
        self.def.keywords |= keywords;
        self
    }

    /// The `[evolve]` cost.
    pub fn evolve_cost(mut self, cost: u8) -> Card {
        self.def.evolve_cost = Some(cost);
        self
    }

    /// Makes the card a token.
    pub fn token(mut self) -> Card {
        self.def.is_token = true;
        if !self.def.traits.iter().any(|t| t == "Token") {
            self.def.traits.push("Token".to_owned());
        }
        self
    }

    /// Counters the card enters the field with.
    pub fn counters(mut self, counter: Counter, count: u32) -> Card {
        self.def.initial_counters.push((counter, count));
        self
    }

    /// The printed card text (display only).
    pub fn text(mut self, text: &str) -> Card {
        self.def.text = text.to_owned();
        self
    }

    /// Adds an ability as data; its index is its position in the list.
    pub fn ability(mut self, name: &str, kind: AbilityKind, costs: Vec<CostItem>) -> Card {
        self.def.abilities.push(AbilityDef {
            name: name.to_owned(),
            kind,
            costs,
            once_per_turn: false,
            text: String::new(),
        });
        self
    }

    /// Marks the last ability once per turn.
    pub fn once_per_turn(mut self) -> Card {
        if let Some(last) = self.def.abilities.last_mut() {
            last.once_per_turn = true;
        }
        self
    }

    /// Sets the text of the last ability.
    pub fn ability_text(mut self, text: &str) -> Card {
        if let Some(last) = self.def.abilities.last_mut() {
            last.text = text.to_owned();
        }
        self
    }

    /// Adds a Fanfare ability.
    pub fn fanfare(self, text: &str) -> Card {
        self.ability(
            "Fanfare",
            AbilityKind::Triggered(Trigger::Fanfare),
            Vec::new(),
        )
        .ability_text(text)
    }

    /// Adds a Last Words ability.
    pub fn last_words(self, text: &str) -> Card {
        self.ability(
            "Last Words",
            AbilityKind::Triggered(Trigger::LastWords),
            Vec::new(),
        )
        .ability_text(text)
    }

    /// Adds an automatic ability with another trigger.
    pub fn on(self, name: &str, trigger: Trigger, text: &str) -> Card {
        self.ability(name, AbilityKind::Triggered(trigger), Vec::new())
            .ability_text(text)
    }

    /// Adds an activated ability usable from the field.
    pub fn activated(self, name: &str, costs: Vec<CostItem>, text: &str) -> Card {
        self.ability(
            name,
            AbilityKind::Activated((false, ActivationZone::Field)),
            costs,
        )
        .ability_text(text)
    }

    /// Adds a spell's effect (its main Spell ability).
    pub fn spell_effect(self, text: &str) -> Card {
        self.ability("Spell", AbilityKind::Spell, Vec::new())
            .ability_text(text)
    }

    /// The definition.
    pub fn build(self) -> CardDef {
        self.def
    }
}

/// A filter that matches every card; set fields to narrow it.
pub fn any_card() -> CardFilter {
    CardFilter {
        types: Vec::new(),
        traits_any: Vec::new(),
        keywords: Keywords::empty(),
        without_keywords: Keywords::empty(),
        name: None,
        not_name: None,
        class: None,
        token: None,
        cost: None,
        attack: None,
        engaged: None,
        other: false,
    }
}
