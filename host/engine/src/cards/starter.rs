//! The starter decks' card facts (`data/starter-cards.json`) as vanilla card
//! definitions: stats, keywords, evolve costs and text, no abilities. Card
//! abilities arrive with the card packs; until then sims play these decks
//! with vanilla behaviour.

use super::{CardDb, CardDef, CardType, Class, Counter, Keywords, Rarity};
use serde::Deserialize;

/// The bundled card data file.
pub const STARTER_CARDS_JSON: &str = include_str!("../../data/starter-cards.json");

/// Errors reading card data.
#[derive(Debug, thiserror::Error)]
pub enum StarterDataError {
    /// The JSON did not parse.
    #[error("card data is not valid JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// A field had a value the engine does not know.
    #[error("card `{id}`: unknown {field} `{value}`")]
    UnknownValue {
        /// Card id.
        id: String,
        /// Which field.
        field: &'static str,
        /// The value found.
        value: String,
    },
    /// The database refused the definitions.
    #[error(transparent)]
    Db(#[from] super::CardDbError),
}

#[derive(Deserialize)]
struct RawCard {
    id: String,
    name: String,
    class: String,
    #[serde(rename = "type")]
    card_type: String,
    traits: Vec<String>,
    cost: Option<u8>,
    attack: Option<i32>,
    defense: Option<i32>,
    evolve_cost: Option<u8>,
    keywords: Vec<String>,
    text: String,
    token: bool,
    /// The printed rarity (`Bronze`, ...), if given.
    #[serde(default)]
    rarity: Option<String>,
    /// An advanced card (CR 9.2), if the data says so.
    #[serde(default)]
    advanced: bool,
}

/// Parses card facts in the `starter-cards.json` format into definitions.
pub fn parse_cards(json: &str) -> Result<Vec<CardDef>, StarterDataError> {
    let raw: Vec<RawCard> = serde_json::from_str(json)?;
    raw.into_iter().map(convert).collect()
}

/// The bundled starter cards as a database.
pub fn starter_db() -> Result<CardDb, StarterDataError> {
    Ok(CardDb::new(parse_cards(STARTER_CARDS_JSON)?)?)
}

fn convert(raw: RawCard) -> Result<CardDef, StarterDataError> {
    let unknown = |field: &'static str, value: &str| StarterDataError::UnknownValue {
        id: raw.id.clone(),
        field,
        value: value.to_owned(),
    };
    let class = Class::parse(&raw.class).ok_or_else(|| unknown("class", &raw.class))?;
    let card_type =
        CardType::parse(&raw.card_type).ok_or_else(|| unknown("type", &raw.card_type))?;
    let mut keywords = Keywords::empty();
    let mut initial_counters = Vec::new();
    for name in &raw.keywords {
        if let Some(counter) = Counter::parse(name).filter(|_| name != "Stack") {
            initial_counters.push((counter, 1));
        } else if let Some(k) = Keywords::parse(name) {
            if k == Keywords::STACK {
                initial_counters.push((Counter::Stack, 1));
            }
            keywords |= k;
        } else {
            return Err(unknown("keyword", name));
        }
    }
    let rarity = match raw.rarity.as_deref() {
        Some(text) => Some(Rarity::parse(text).ok_or_else(|| unknown("rarity", text))?),
        None => None,
    };
    Ok(CardDef {
        id: raw.id,
        name: raw.name,
        class,
        card_type,
        traits: raw.traits,
        cost: raw.cost,
        attack: raw.attack,
        defense: raw.defense,
        evolve_cost: raw.evolve_cost,
        keywords,
        initial_counters,
        is_token: raw.token,
        abilities: Vec::new(),
        text: raw.text,
        shown_name: None,
        unplayable: None,
        declared_keywords: Vec::new(),
        declared_counters: Vec::new(),
        universe: None,
        rarity,
        advanced: raw.advanced,
        also_named: Vec::new(),
        alternate_name: None,
        back_of: None,
        evolves_into: Vec::new(),
        face_evolve_costs: Vec::new(),
        equipment: false,
        trigger_icon: None,
        token_kind: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_starter_cards_load() {
        let db = starter_db().expect("bundled data loads");
        assert_eq!(db.len(), 122);
        let fairy = db.by_name("Fairy").expect("Fairy token exists");
        assert!(db.get(fairy).is_token);
        let veteran = db.by_card_id("BP01-046").expect("Veteran Lancer");
        assert!(db.get(veteran).keywords.contains(Keywords::WARD));
    }

    #[test]
    fn unknown_class_is_named() {
        let json = r#"[{"id":"X-1","name":"X","class":"Moon","type":"Follower","traits":[],
            "cost":1,"attack":1,"defense":1,"evolve_cost":null,"keywords":[],"text":"","token":false}]"#;
        let err = parse_cards(json).unwrap_err().to_string();
        assert_eq!(err, "card `X-1`: unknown class `Moon`");
    }
}
