//! The words event lines, logs and menus share: zone words, keyword lists
//! and ability names, with the name of the one resolution that has no
//! ability of its card ([`DRAIN`]).

use crate::cards::{CardDef, Keywords};
use crate::engine::{AbilityIdx, Zone};

/// The name of an ability-less resolution: the Drain keyword's heal
/// (CR 12.13), pending as `PendingWhat::Drain` and resolved with no
/// ability index. It is the keyword's name in `sve_vocab`'s list, so the
/// game log, scenario lines, menus and the client's pending list all say
/// the same.
pub const DRAIN: &str = match Keywords::DRAIN.single_name() {
    Some(name) => name,
    None => panic!("sve_vocab declares the Drain keyword"),
};

/// The name of one of `def`'s abilities, [`DRAIN`] for none (`ability` is
/// `None` for a Drain heal), `?` for an index the definition lacks.
pub fn ability_name(def: &CardDef, ability: Option<AbilityIdx>) -> &str {
    match ability {
        None => DRAIN,
        Some(idx) => def
            .abilities
            .get(usize::from(idx.0))
            .map_or("?", |a| a.name.as_str()),
    }
}

/// A keyword set as scenario lines write it: names in bit order joined by
/// `, `, or `-` for none.
pub fn keywords_text(keywords: Keywords) -> String {
    let names: Vec<&str> = keywords.names().collect();
    if names.is_empty() {
        "-".to_owned()
    } else {
        names.join(", ")
    }
}

/// A zone as scenario event lines write it (`ex`, `evolve`, `gone`).
pub(super) fn zone_word(zone: Zone) -> &'static str {
    match zone {
        Zone::Leader => "leader",
        Zone::Deck => "deck",
        Zone::Hand => "hand",
        Zone::Field => "field",
        Zone::ExArea => "ex",
        Zone::Cemetery => "cemetery",
        Zone::Banished => "banished",
        Zone::EvolveDeck => "evolve",
        Zone::EvolveZone => "evolved",
        Zone::Resolution => "resolution",
        Zone::RemovedFromGame => "gone",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::fixtures::test_db;

    #[test]
    fn drain_is_the_keywords_name() {
        assert_eq!(DRAIN, "Drain");
        assert_eq!(Keywords::DRAIN.names().next(), Some(DRAIN));
    }

    #[test]
    fn ability_names_fall_back_to_drain_and_a_question_mark() {
        let db = test_db();
        let pinger = db.get(db.by_name("Pinger").expect("a test card"));
        assert_eq!(ability_name(pinger, Some(AbilityIdx(0))), "Fanfare");
        assert_eq!(ability_name(pinger, None), "Drain");
        assert_eq!(ability_name(pinger, Some(AbilityIdx(9))), "?");
    }

    #[test]
    fn keyword_lists_name_every_keyword_or_a_dash() {
        assert_eq!(keywords_text(Keywords::WARD | Keywords::BANE), "Ward, Bane");
        assert_eq!(keywords_text(Keywords::empty()), "-");
    }
}
