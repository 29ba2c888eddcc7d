//! The words event lines, logs and menus share: zone words, keyword lists
//! and ability names, with the name of the one resolution that has no
//! ability of its card ([`DRAIN`]); and the player's words of the game log
//! and menus (zones as places, abilities as "Glint Dragon's Fanfare").

use crate::cards::{AbilityDef, AbilityKind, CardDb, CardDef, DeclaredKeyword, Keywords};
use crate::engine::Zone;
use crate::engine::state::PendingWhat;

/// The name of an ability-less resolution: the Drain keyword's heal
/// (CR 12.13), pending as `PendingWhat::Drain` and resolved with no
/// ability index. It is the keyword's name in `sve_vocab`'s list, so the
/// game log, scenario lines, menus and the client's pending list all say
/// the same.
pub const DRAIN: &str = match Keywords::DRAIN.single_name() {
    Some(name) => name,
    None => panic!("sve_vocab declares the Drain keyword"),
};

/// The name of the Single Drive keyword ability (later-sets §2.4), pending
/// as `PendingWhat::DriveChecks(1)`.
pub const SINGLE_DRIVE: &str = match Keywords::SINGLE_DRIVE.single_name() {
    Some(name) => name,
    None => panic!("sve_vocab declares the Single Drive keyword"),
};

/// The name of the Twin Drive keyword ability, pending as
/// `PendingWhat::DriveChecks(2)`.
pub const TWIN_DRIVE: &str = match Keywords::TWIN_DRIVE.single_name() {
    Some(name) => name,
    None => panic!("sve_vocab declares the Twin Drive keyword"),
};

/// The name of one of `def`'s abilities, or of a keyword ability ([`DRAIN`],
/// [`SINGLE_DRIVE`], [`TWIN_DRIVE`]); `?` for an index the definition lacks.
pub fn ability_name(def: &CardDef, ability: PendingWhat) -> &str {
    match ability {
        PendingWhat::Drain => DRAIN,
        PendingWhat::DriveChecks(1) => SINGLE_DRIVE,
        PendingWhat::DriveChecks(_) => TWIN_DRIVE,
        PendingWhat::Ability(idx) => def
            .abilities
            .get(usize::from(idx.0))
            .map_or("?", |a| a.name.as_str()),
    }
}

/// An ability's name as players read it: its own name, or, for an
/// automatic ability named by its trigger's identifier (as SVE Script names
/// an ability given no name: `OnOtherEnterField`, `LastWords`) or not named
/// at all, the name the vocabulary gives its trigger ("Other Enters
/// Field", "Last Words"). Scenario lines keep [`ability_name`], the name
/// as card data writes it.
pub fn ability_words(ability: &AbilityDef) -> &str {
    if let AbilityKind::Triggered(trigger) = &ability.kind {
        let printed = trigger.ability_name();
        let by_identifier = sve_vocab::TRIGGERS
            .iter()
            .any(|info| info.name == printed && info.ident == ability.name);
        if ability.name.is_empty() || by_identifier {
            return printed;
        }
    }
    &ability.name
}

/// An ability as players read it in the log and menus: "Glint Dragon:
/// Fanfare", "Drainer: Drain" for a Drain heal (`ability` is `None`), and
/// "Angelic Snipe (spell)" for a spell's text, whose ability has no name
/// of its own; names in players' words ([`ability_words`]).
pub fn ability_phrase(def: &CardDef, ability: PendingWhat) -> String {
    ability_phrase_as(def.display_name(), def, ability)
}

/// [`ability_phrase`] with the card called `name` (its current name, when
/// it has evolved since).
pub(super) fn ability_phrase_as(name: &str, def: &CardDef, ability: PendingWhat) -> String {
    if is_spell(def, ability) {
        return format!("{name} (spell)");
    }
    let words = match ability {
        PendingWhat::Ability(idx) => def
            .abilities
            .get(usize::from(idx.0))
            .map_or("?", ability_words),
        PendingWhat::Drain => DRAIN,
        // Players read "Single Drive", as the card prints it.
        PendingWhat::DriveChecks(1) => "Single Drive",
        PendingWhat::DriveChecks(_) => "Twin Drive",
    };
    format!("{name}: {words}")
}

/// Whether `ability` is the text of a spell.
pub(super) fn is_spell(def: &CardDef, ability: PendingWhat) -> bool {
    ability
        .ability()
        .and_then(|idx| def.abilities.get(usize::from(idx.0)))
        .is_some_and(|a| a.kind == AbilityKind::Spell)
}

/// A zone as the game log names it ("the EX area"); `None` for the
/// nowhere tokens go when they cease to exist (CR 9.1.3).
pub(super) fn zone_place(zone: Zone) -> Option<&'static str> {
    match zone {
        Zone::RemovedFromGame => None,
        Zone::Leader
        | Zone::Deck
        | Zone::Hand
        | Zone::Field
        | Zone::ExArea
        | Zone::Cemetery
        | Zone::Banished
        | Zone::EvolveDeck
        | Zone::EvolveZone
        | Zone::Resolution
        | Zone::Equipment
        | Zone::Trigger
        | Zone::Drive => Some(zone.name()),
    }
}

/// Where a card is put, as the game log says it ("onto the field", "into
/// the hand"); `None` for ceasing to exist.
pub(super) fn put_place(zone: Zone) -> Option<String> {
    match zone {
        Zone::Field => Some("onto the field".to_owned()),
        Zone::EvolveZone => Some("under a follower".to_owned()),
        zone => zone_place(zone).map(|place| format!("into the {place}")),
    }
}

/// A keyword set as scenario lines write it: names in bit order joined by
/// `, `, or `-` for none. Built-in keywords only: [`keywords_text_in`]
/// names the card pool's declared ones too.
pub fn keywords_text(keywords: Keywords) -> String {
    keywords_text_in(&[], keywords)
}

/// [`keywords_text`] with the card pool's declared keywords named too
/// (after the built-in ones, by number), as `declared`
/// ([`CardDb::declared_keywords`]) names them; a declared bit it has no
/// declaration for is left out.
pub fn keywords_text_in(declared: &[DeclaredKeyword], keywords: Keywords) -> String {
    let names: Vec<&str> = keyword_names(declared, keywords).collect();
    if names.is_empty() {
        "-".to_owned()
    } else {
        names.join(", ")
    }
}

/// The names of the keywords of a set: the built-in ones in bit order,
/// then the declared ones `declared` has a declaration for.
pub(super) fn keyword_names<'a>(
    declared: &'a [DeclaredKeyword],
    keywords: Keywords,
) -> impl Iterator<Item = &'a str> {
    let builtin = keywords.names().map(|name| -> &'a str { name });
    builtin.chain(
        keywords
            .declared_numbers()
            .filter_map(|n| declared.get(usize::from(n)))
            .map(|keyword| keyword.name.as_str()),
    )
}

/// [`keywords_text_in`] with `db`'s declared keywords.
pub(super) fn keywords_text_of(db: &CardDb, keywords: Keywords) -> String {
    keywords_text_in(db.declared_keywords(), keywords)
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
        Zone::Equipment => "equipment",
        Zone::Trigger => "trigger",
        Zone::Drive => "drive",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::fixtures::test_db;
    use crate::engine::AbilityIdx;

    #[test]
    fn drain_is_the_keywords_name() {
        assert_eq!(DRAIN, "Drain");
        assert_eq!(Keywords::DRAIN.names().next(), Some(DRAIN));
    }

    #[test]
    fn ability_names_fall_back_to_drain_and_a_question_mark() {
        let db = test_db();
        let pinger = db.get(db.by_name("Pinger").expect("a test card"));
        assert_eq!(
            ability_name(pinger, PendingWhat::Ability(AbilityIdx(0))),
            "Fanfare"
        );
        assert_eq!(ability_name(pinger, PendingWhat::Drain), "Drain");
        assert_eq!(
            ability_name(pinger, PendingWhat::DriveChecks(1)),
            "SingleDrive"
        );
        assert_eq!(
            ability_name(pinger, PendingWhat::DriveChecks(2)),
            "TwinDrive"
        );
        assert_eq!(
            ability_name(pinger, PendingWhat::Ability(AbilityIdx(9))),
            "?"
        );
    }

    #[test]
    fn an_ability_named_by_its_triggers_identifier_is_worded_for_players() {
        let db = test_db();
        let mut fairy = db.get(db.by_name("Pinger").expect("a test card")).clone();
        fairy.abilities[0].kind = AbilityKind::Triggered(crate::cards::Trigger::LastWords);
        // As SVE Script names an ability given no name.
        fairy.abilities[0].name = "LastWords".to_owned();
        assert_eq!(
            ability_phrase(&fairy, PendingWhat::Ability(AbilityIdx(0))),
            "Pinger: Last Words"
        );
        // Scenario lines keep the name card data writes.
        assert_eq!(
            ability_name(&fairy, PendingWhat::Ability(AbilityIdx(0))),
            "LastWords"
        );
        fairy.abilities[0].name = String::new();
        assert_eq!(ability_words(&fairy.abilities[0]), "Last Words");
        fairy.abilities[0].name = "Parting Gift".to_owned();
        assert_eq!(ability_words(&fairy.abilities[0]), "Parting Gift");
    }

    #[test]
    fn ability_phrases_name_the_card_and_spells_say_so() {
        let db = test_db();
        let pinger = db.get(db.by_name("Pinger").expect("a test card"));
        assert_eq!(
            ability_phrase(pinger, PendingWhat::Ability(AbilityIdx(0))),
            "Pinger: Fanfare"
        );
        assert_eq!(ability_phrase(pinger, PendingWhat::Drain), "Pinger: Drain");
        let bolt = db
            .iter()
            .map(|(_, def)| def)
            .find(|def| def.abilities.iter().any(|a| a.kind == AbilityKind::Spell))
            .expect("a test spell");
        let spell = bolt
            .abilities
            .iter()
            .position(|a| a.kind == AbilityKind::Spell)
            .and_then(|idx| u8::try_from(idx).ok())
            .expect("a spell ability");
        assert_eq!(
            ability_phrase(bolt, PendingWhat::Ability(AbilityIdx(spell))),
            format!("{} (spell)", bolt.display_name())
        );
    }

    #[test]
    fn places_never_say_nowhere() {
        assert_eq!(put_place(Zone::Hand).as_deref(), Some("into the hand"));
        assert_eq!(put_place(Zone::Field).as_deref(), Some("onto the field"));
        assert_eq!(put_place(Zone::RemovedFromGame), None);
        assert_eq!(zone_place(Zone::RemovedFromGame), None);
    }

    #[test]
    fn keyword_lists_name_every_keyword_or_a_dash() {
        assert_eq!(keywords_text(Keywords::WARD | Keywords::BANE), "Ward, Bane");
        assert_eq!(keywords_text(Keywords::empty()), "-");
        let overheat = DeclaredKeyword {
            id: "OVH-K01".to_owned(),
            name: "Overheat".to_owned(),
            reminder: String::new(),
            badge: crate::cards::Badge::Lethal,
            abilities: Vec::new(),
        };
        let set = Keywords::WARD | Keywords::declared(0) | Keywords::declared(5);
        assert_eq!(keywords_text(set), "Ward");
        assert_eq!(
            keywords_text_in(std::slice::from_ref(&overheat), set),
            "Ward, Overheat"
        );
        assert_eq!(keywords_text_in(&[overheat], Keywords::declared(5)), "-");
    }
}
