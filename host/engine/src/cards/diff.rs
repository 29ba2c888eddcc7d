//! What a card-data reload changed, card by card: the old and the new
//! definition of each changed card compared field by field (name, class,
//! type, cost, attack, defense, evolve cost, traits, keywords, starting
//! counters, token, text, whether it can be played) and ability by ability,
//! abilities matched by kind in printed order, so "a new Fanfare" is told
//! apart from "the Fanfare changed".
//!
//! This module only compares data; the words players read are the front
//! end's (the client writes "Goblin: attack 1 → 2; new fanfare" with its
//! glossary). It never fails: two definitions that differ only where no
//! listed field looks come out as [`CardChange::Other`], so a changed card
//! is never reported as unchanged.

use super::{AbilityDef, AbilityKind, CardChanges, CardDb, CardDef, CardType, Class, Keywords};

/// One card a reload touched.
#[derive(Clone, Debug, PartialEq)]
pub struct CardDiff {
    /// The card id.
    pub id: String,
    /// The card's shown name (the new one when it changed or was added,
    /// the last one when it was removed).
    pub name: String,
    /// What happened to it.
    pub kind: CardDiffKind,
}

/// Whether a card is new, gone, or changed (and how).
#[derive(Clone, Debug, PartialEq)]
pub enum CardDiffKind {
    /// The id was not defined before.
    Added,
    /// The id is no longer defined (matches keep its last definition).
    Removed,
    /// The definition changed; never empty.
    Changed(Vec<CardChange>),
}

/// One difference between two definitions of a card.
#[derive(Clone, Debug, PartialEq)]
pub enum CardChange {
    /// The name (the rules name, which evolved cards pair by).
    Name {
        /// Before.
        old: String,
        /// After.
        new: String,
    },
    /// The class.
    Class {
        /// Before.
        old: Class,
        /// After.
        new: Class,
    },
    /// The card type.
    Type {
        /// Before.
        old: CardType,
        /// After.
        new: CardType,
    },
    /// The play-point cost (`None` for a card without one).
    Cost {
        /// Before.
        old: Option<u8>,
        /// After.
        new: Option<u8>,
    },
    /// The printed attack.
    Attack {
        /// Before.
        old: Option<i32>,
        /// After.
        new: Option<i32>,
    },
    /// The printed defense.
    Defense {
        /// Before.
        old: Option<i32>,
        /// After.
        new: Option<i32>,
    },
    /// The evolve cost.
    EvolveCost {
        /// Before.
        old: Option<u8>,
        /// After.
        new: Option<u8>,
    },
    /// Traits gained and lost, in printed order.
    Traits {
        /// Traits the new definition has and the old did not.
        gained: Vec<String>,
        /// Traits the old definition had and the new has not.
        lost: Vec<String>,
    },
    /// Printed keywords gained and lost.
    Keywords {
        /// Keywords the new definition has and the old did not.
        gained: Keywords,
        /// Keywords the old definition had and the new has not.
        lost: Keywords,
    },
    /// The counters it enters the field with.
    Counters,
    /// The evolve costs its faces have of their own (later-sets §10).
    FaceEvolveCosts,
    /// It became a token (`true`) or stopped being one.
    Token(bool),
    /// The printed card text.
    Text,
    /// A new ability of this kind (one more than before).
    AbilityAdded(AbilityKey),
    /// An ability of this kind is gone (one fewer than before).
    AbilityRemoved(AbilityKey),
    /// An ability of this kind changed how it plays (trigger filter, costs,
    /// once per turn, what a passive grants, its name).
    AbilityChanged(AbilityKey),
    /// Only the text of an ability of this kind changed (reported when the
    /// card's own text did not change).
    AbilityText(AbilityKey),
    /// The card can no longer be played (`Some(reason)`), or can again.
    Unplayable(Option<String>),
    /// Something no other change names (the definitions still differ).
    Other,
}

/// An ability's kind, by which abilities of two definitions are matched:
/// the first Fanfare of the old card against the first of the new one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AbilityKey {
    /// An automatic ability, by its trigger's ability name in the
    /// vocabulary (`Trigger::ability_name`: "Fanfare", "Last Words").
    Triggered(&'static str),
    /// An activated ability.
    Activated,
    /// A spell's effect.
    Spell,
    /// A continuous (passive) ability.
    Passive,
    /// A sub-ability other abilities call.
    Sub,
    /// A delayed automatic ability, by its trigger's ability name.
    Delayed(&'static str),
}

impl AbilityKey {
    /// The key of an ability.
    pub fn of(ability: &AbilityDef) -> AbilityKey {
        match &ability.kind {
            AbilityKind::Triggered(trigger) => AbilityKey::Triggered(trigger.ability_name()),
            AbilityKind::Activated { .. } => AbilityKey::Activated,
            AbilityKind::Spell => AbilityKey::Spell,
            AbilityKind::Sub => AbilityKey::Sub,
            AbilityKind::Passive(_) => AbilityKey::Passive,
            AbilityKind::Delayed(trigger) => AbilityKey::Delayed(trigger.ability_name()),
        }
    }
}

/// Every card `changes` names, compared between `old` and `new`: changed
/// cards first (with what changed), then added, then removed cards, each
/// group in the order `changes` lists it. An id missing from the database
/// it should be in is left out (it cannot be described).
pub fn diff_dbs(old: &CardDb, new: &CardDb, changes: &CardChanges) -> Vec<CardDiff> {
    let def_in = |db: &CardDb, id: &str| db.by_card_id(id).map(|def| db.get(def).clone());
    let mut out = Vec::new();
    for id in &changes.changed {
        let (Some(before), Some(after)) = (def_in(old, id), def_in(new, id)) else {
            continue;
        };
        let card_changes = diff_card(&before, &after);
        if card_changes.is_empty() {
            continue;
        }
        out.push(CardDiff {
            id: id.clone(),
            name: after.display_name().to_owned(),
            kind: CardDiffKind::Changed(card_changes),
        });
    }
    for id in &changes.added {
        if let Some(after) = def_in(new, id) {
            out.push(CardDiff {
                id: id.clone(),
                name: after.display_name().to_owned(),
                kind: CardDiffKind::Added,
            });
        }
    }
    for id in &changes.removed {
        if let Some(before) = def_in(old, id).or_else(|| def_in(new, id)) {
            out.push(CardDiff {
                id: id.clone(),
                name: before.display_name().to_owned(),
                kind: CardDiffKind::Removed,
            });
        }
    }
    out
}

/// What differs between two definitions of one card, in the order of the
/// printed card: name, class, type, cost, stats, evolve cost, traits,
/// keywords, counters, token, text, abilities, playability. Empty when the
/// definitions are equal (a changed shown name alone counts as equal: it is
/// a translation, not card data).
pub fn diff_card(old: &CardDef, new: &CardDef) -> Vec<CardChange> {
    let mut out = Vec::new();
    if old.name != new.name {
        out.push(CardChange::Name {
            old: old.name.clone(),
            new: new.name.clone(),
        });
    }
    if old.class != new.class {
        out.push(CardChange::Class {
            old: old.class,
            new: new.class,
        });
    }
    if old.card_type != new.card_type {
        out.push(CardChange::Type {
            old: old.card_type,
            new: new.card_type,
        });
    }
    if old.cost != new.cost {
        out.push(CardChange::Cost {
            old: old.cost,
            new: new.cost,
        });
    }
    if old.attack != new.attack {
        out.push(CardChange::Attack {
            old: old.attack,
            new: new.attack,
        });
    }
    if old.defense != new.defense {
        out.push(CardChange::Defense {
            old: old.defense,
            new: new.defense,
        });
    }
    if old.evolve_cost != new.evolve_cost {
        out.push(CardChange::EvolveCost {
            old: old.evolve_cost,
            new: new.evolve_cost,
        });
    }
    if old.face_evolve_costs != new.face_evolve_costs {
        out.push(CardChange::FaceEvolveCosts);
    }
    let gained: Vec<String> = new
        .traits
        .iter()
        .filter(|t| !old.traits.contains(t))
        .cloned()
        .collect();
    let lost: Vec<String> = old
        .traits
        .iter()
        .filter(|t| !new.traits.contains(t))
        .cloned()
        .collect();
    if !gained.is_empty() || !lost.is_empty() {
        out.push(CardChange::Traits { gained, lost });
    }
    if old.keywords != new.keywords {
        out.push(CardChange::Keywords {
            gained: new.keywords - old.keywords,
            lost: old.keywords - new.keywords,
        });
    }
    if old.initial_counters != new.initial_counters {
        out.push(CardChange::Counters);
    }
    if old.is_token != new.is_token {
        out.push(CardChange::Token(new.is_token));
    }
    let text_changed = old.text != new.text;
    if text_changed {
        out.push(CardChange::Text);
    }
    out.extend(diff_abilities(
        &old.abilities,
        &new.abilities,
        !text_changed,
    ));
    if old.unplayable != new.unplayable {
        out.push(CardChange::Unplayable(new.unplayable.clone()));
    }
    if out.is_empty() && differs_beyond_shown_name(old, new) {
        out.push(CardChange::Other);
    }
    out
}

/// The ability changes between two printed lists, matched by kind in
/// order; `with_text` reports abilities whose text alone changed.
fn diff_abilities(old: &[AbilityDef], new: &[AbilityDef], with_text: bool) -> Vec<CardChange> {
    let mut keys: Vec<AbilityKey> = Vec::new();
    for ability in old.iter().chain(new) {
        let key = AbilityKey::of(ability);
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    let mut out = Vec::new();
    for key in keys {
        let of_kind = |list: &'_ [AbilityDef]| -> Vec<AbilityDef> {
            list.iter()
                .filter(|a| AbilityKey::of(a) == key)
                .cloned()
                .collect()
        };
        let (before, after) = (of_kind(old), of_kind(new));
        for (was, is) in before.iter().zip(&after) {
            if was == is {
                continue;
            }
            let rules_equal = AbilityDef {
                text: String::new(),
                ..was.clone()
            } == AbilityDef {
                text: String::new(),
                ..is.clone()
            };
            if !rules_equal {
                out.push(CardChange::AbilityChanged(key));
            } else if with_text {
                out.push(CardChange::AbilityText(key));
            }
        }
        for _ in after.len()..before.len() {
            out.push(CardChange::AbilityRemoved(key));
        }
        for _ in before.len()..after.len() {
            out.push(CardChange::AbilityAdded(key));
        }
    }
    out
}

/// Whether two definitions differ in anything but the shown name.
fn differs_beyond_shown_name(old: &CardDef, new: &CardDef) -> bool {
    let strip = |def: &CardDef| CardDef {
        shown_name: None,
        ..def.clone()
    };
    strip(old) != strip(new)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{CostItem, Trigger};

    fn follower(id: &str, name: &str, cost: u8, attack: i32, defense: i32) -> CardDef {
        CardDef {
            id: id.to_owned(),
            name: name.to_owned(),
            class: Class::Forest,
            card_type: CardType::Follower,
            traits: vec!["Fairy".to_owned()],
            cost: Some(cost),
            attack: Some(attack),
            defense: Some(defense),
            evolve_cost: None,
            keywords: Keywords::empty(),
            initial_counters: Vec::new(),
            is_token: false,
            abilities: Vec::new(),
            text: String::new(),
            shown_name: None,
            unplayable: None,
            declared_keywords: Vec::new(),
            declared_counters: Vec::new(),
            universe: None,
            rarity: None,
            advanced: false,
            also_named: Vec::new(),
            alternate_name: None,
            back_of: None,
            evolves_into: Vec::new(),
            face_evolve_costs: Vec::new(),
            equipment: false,
            trigger_icon: None,
            token_kind: None,
        }
    }

    fn ability(name: &str, kind: AbilityKind, text: &str) -> AbilityDef {
        AbilityDef {
            name: name.to_owned(),
            kind,
            costs: Vec::new(),
            once_per_turn: false,
            union_burst: false,
            advanced: false,
            text: text.to_owned(),
        }
    }

    fn fanfare(text: &str) -> AbilityDef {
        ability("Fanfare", AbilityKind::Triggered(Trigger::Fanfare), text)
    }

    #[test]
    fn a_cheaper_card_with_a_new_fanfare_lists_both() {
        let old = follower("SD01-005", "Waltzing Fairy", 3, 2, 2);
        let mut new = follower("SD01-005", "Waltzing Fairy", 2, 2, 2);
        new.abilities
            .push(fanfare("Put a Fairy into your EX area."));
        assert_eq!(
            diff_card(&old, &new),
            [
                CardChange::Cost {
                    old: Some(3),
                    new: Some(2)
                },
                CardChange::AbilityAdded(AbilityKey::Triggered("Fanfare")),
            ]
        );
    }

    #[test]
    fn a_faces_own_evolve_cost_is_a_change() {
        let old = follower("T-1", "Goblin", 1, 1, 2);
        let mut new = old.clone();
        new.face_evolve_costs = vec![super::super::FaceEvolveCost {
            name: "Goblin".to_owned(),
            cost: 4,
        }];
        assert_eq!(diff_card(&old, &new), [CardChange::FaceEvolveCosts]);
    }

    #[test]
    fn stats_traits_keywords_and_type_are_each_one_change() {
        let old = follower("T-1", "Goblin", 1, 1, 2);
        let mut new = follower("T-1", "Goblin", 1, 2, 1);
        new.traits = vec!["Goblin".to_owned()];
        new.keywords = Keywords::WARD;
        new.card_type = CardType::Amulet;
        assert_eq!(
            diff_card(&old, &new),
            [
                CardChange::Type {
                    old: CardType::Follower,
                    new: CardType::Amulet
                },
                CardChange::Attack {
                    old: Some(1),
                    new: Some(2)
                },
                CardChange::Defense {
                    old: Some(2),
                    new: Some(1)
                },
                CardChange::Traits {
                    gained: vec!["Goblin".to_owned()],
                    lost: vec!["Fairy".to_owned()]
                },
                CardChange::Keywords {
                    gained: Keywords::WARD,
                    lost: Keywords::empty()
                },
            ]
        );
    }

    #[test]
    fn abilities_are_matched_by_kind_in_order() {
        let mut old = follower("T-2", "Caster", 2, 1, 1);
        old.abilities = vec![
            fanfare("Draw a card."),
            ability(
                "Last Words",
                AbilityKind::Triggered(Trigger::LastWords),
                "Deal 1.",
            ),
        ];
        let mut new = old.clone();
        // The fanfare gains a cost (plays differently); the last words
        // only reads differently; a spell-like activated ability is new.
        new.abilities[0].costs.push(CostItem::PlayPoints(1));
        new.abilities[1].text = "Deal 1 damage.".to_owned();
        new.abilities.push(ability(
            "Act",
            AbilityKind::Activated {
                quick: false,
                zone: crate::cards::ActivationZone::Field,
            },
            "",
        ));
        assert_eq!(
            diff_card(&old, &new),
            [
                CardChange::AbilityChanged(AbilityKey::Triggered("Fanfare")),
                CardChange::AbilityText(AbilityKey::Triggered("Last Words")),
                CardChange::AbilityAdded(AbilityKey::Activated),
            ]
        );
        // Back again: the activated ability is removed.
        assert!(diff_card(&new, &old).contains(&CardChange::AbilityRemoved(AbilityKey::Activated)));
    }

    #[test]
    fn a_new_card_text_hides_the_ability_text_changes_it_includes() {
        let mut old = follower("T-3", "Speaker", 1, 1, 1);
        old.text = "[fanfare] Draw a card.".to_owned();
        old.abilities = vec![fanfare("Draw a card.")];
        let mut new = old.clone();
        new.text = "[fanfare] Draw two cards.".to_owned();
        new.abilities[0].text = "Draw two cards.".to_owned();
        assert_eq!(diff_card(&old, &new), [CardChange::Text]);
    }

    #[test]
    fn a_translation_alone_is_no_change_and_an_unnamed_difference_is_other() {
        let old = follower("T-4", "Fairy", 1, 1, 1);
        let mut translated = old.clone();
        translated.shown_name = Some("Fée".to_owned());
        assert!(diff_card(&old, &translated).is_empty());
        let mut unplayable = old.clone();
        unplayable.unplayable = Some("uses a construct".to_owned());
        assert_eq!(
            diff_card(&old, &unplayable),
            [CardChange::Unplayable(Some("uses a construct".to_owned()))]
        );
        let mut renamed_ability = old.clone();
        renamed_ability.abilities = vec![fanfare("")];
        let mut other = renamed_ability.clone();
        other.abilities[0].name = "Greeting".to_owned();
        assert_eq!(
            diff_card(&renamed_ability, &other),
            [CardChange::AbilityChanged(AbilityKey::Triggered("Fanfare"))]
        );
    }

    #[test]
    fn a_database_reload_lists_changed_then_added_then_removed_cards() {
        let goblin = follower("T-1", "Goblin", 1, 1, 1);
        let fairy = follower("T-2", "Fairy", 1, 1, 1);
        let old = CardDb::new(vec![goblin.clone(), fairy.clone()]).expect("db");
        let mut stronger = goblin.clone();
        stronger.attack = Some(2);
        let dragon = follower("T-3", "Dragon", 5, 5, 5);
        let (new, changes) = old
            .updated(vec![stronger, dragon])
            .expect("the update is valid");
        let diffs = diff_dbs(&old, &new, &changes);
        let summary: Vec<(&str, &CardDiffKind)> =
            diffs.iter().map(|d| (d.name.as_str(), &d.kind)).collect();
        assert_eq!(
            summary,
            [
                (
                    "Goblin",
                    &CardDiffKind::Changed(vec![CardChange::Attack {
                        old: Some(1),
                        new: Some(2)
                    }])
                ),
                ("Dragon", &CardDiffKind::Added),
                ("Fairy", &CardDiffKind::Removed),
            ]
        );
    }
}
