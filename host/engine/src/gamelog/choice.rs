//! Decision options as menu lines ("Play Elf Metallurgist (hand), cost 2"),
//! for the terminal and the client: player words, no brackets (card text
//! markup in an ability's text is the client's to draw).

use super::words::ability_phrase;
use crate::engine::{AbilityIdx, Action, AttackTarget, CardRef, Choice, Match, Zone};

/// The words of [`Choice::Cancel`] in menus.
pub const CANCEL_LABEL: &str = "Cancel: take the ability back and choose again";

/// A one-line description of a decision option, for menus.
pub fn describe_choice(choice: &Choice, game: &Match) -> String {
    let state = game.state();
    let db = game.db();
    let card_text = |card: CardRef| -> String {
        let def = state.current_def(db, card);
        let stats = state.characteristics(db, card);
        let zone = state.card(card).zone;
        if stats.card_type.is_follower() && zone == Zone::Field {
            format!(
                "{} {}/{} ({})",
                def.display_name(),
                stats.attack,
                stats.defense,
                zone.name()
            )
        } else {
            format!("{} ({})", def.display_name(), zone.name())
        }
    };
    match choice {
        Choice::Yes => "Yes".to_owned(),
        Choice::No => "No".to_owned(),
        Choice::Pass => "Pass".to_owned(),
        Choice::GoFirst => "Go first".to_owned(),
        Choice::GoSecond => "Go second".to_owned(),
        Choice::Card(card) => card_text(*card),
        Choice::Label(text) => text.clone(),
        Choice::Cancel => CANCEL_LABEL.to_owned(),
        Choice::Pending(idx) => match state.pending.get(*idx) {
            // A declared keyword's ability is its card's: "Blaze: Overheat".
            Some(p) if crate::cards::CardDb::keyword_of_def(p.def).is_some() => {
                let card = state.current_def(db, p.source).display_name();
                super::words::ability_phrase_as(card, db.get(p.def), p.what)
            }
            Some(p) => ability_phrase(db.get(p.def), p.what),
            None => format!("pending ability {idx}"),
        },
        Choice::Action(action) => match action {
            Action::Play { card } => {
                let cost = state.characteristics(db, *card).cost;
                format!("Play {}, cost {cost}", card_text(*card))
            }
            Action::Activate { card, ability } | Action::ActivateWithEp { card, ability } => {
                let def = state.current_def(db, *card);
                let pay = if matches!(action, Action::ActivateWithEp { .. }) {
                    " using 1 EP"
                } else {
                    ""
                };
                activate_label(def.display_name(), pay, def, *ability)
            }
            // "Activate Knight's Vent: ...": the keyword's ability is the
            // card's.
            Action::ActivateKeyword {
                card,
                keyword,
                ability,
            } => {
                let card_name = state.current_def(db, *card).display_name();
                let keyword_def = db.get(crate::cards::CardDb::keyword_def(*keyword));
                let name = format!("{card_name}'s {}", keyword_def.name);
                activate_label(&name, "", keyword_def, *ability)
            }
            Action::Evolve {
                card,
                use_ep,
                super_evolve,
            } => {
                let verb = if *super_evolve {
                    "Super-evolve"
                } else {
                    "Evolve"
                };
                let pay = if *use_ep { " using 1 EP" } else { "" };
                format!("{verb} {}{pay}", card_text(*card))
            }
            Action::Attack { attacker, target } => match target {
                AttackTarget::Leader(p) => {
                    format!("Attack {p}'s leader with {}", card_text(*attacker))
                }
                AttackTarget::Follower(card, _) => {
                    format!("Attack {} with {}", card_text(*card), card_text(*attacker))
                }
            },
            Action::EndMainPhase => "End the main phase".to_owned(),
        },
    }
}

/// "Activate `name``pay`: what it does": the ability's text, else its name
/// (script abilities have names, and the card text says what they do).
fn activate_label(
    name: &str,
    pay: &str,
    def: &crate::cards::CardDef,
    ability: AbilityIdx,
) -> String {
    let what = def
        .abilities
        .get(usize::from(ability.0))
        .map_or("", |a| if a.text.is_empty() { &a.name } else { &a.text });
    if what.is_empty() {
        format!("Activate {name}{pay}")
    } else {
        format!("Activate {name}{pay}: {what}")
    }
}
