//! Invariants of a match: every card in exactly one place (card
//! conservation), resources within their bounds and zones within their
//! limits once rules handling has run; checked by tests and `sve sim` after
//! every step ([`Match::check_invariants`]).

use super::ids::{CardRef, PlayerId};
use super::runtime::Match;
use super::state::Zone;
use super::state::query::{EX_LIMIT, FIELD_LIMIT, MAX_PP};

impl Match {
    /// Whether the pending decision comes after rules handling: a main
    /// phase action, a Quick window, the order of pending abilities, the
    /// hand limit, engaging Ward followers at the end phase.
    fn at_settled_decision(&self) -> bool {
        use crate::engine::Prompt;
        self.decision.as_ref().is_some_and(|(decision, _)| {
            matches!(
                decision.prompt,
                Prompt::MainAction
                    | Prompt::QuickWindow
                    | Prompt::ChoosePendingAbility
                    | Prompt::HandLimit { .. }
                    | Prompt::EngageWardFollowers
            )
        })
    }

    /// Every broken invariant, described. Empty when all hold.
    pub fn check_invariants(&self) -> Vec<String> {
        let state = &self.state;
        let mut problems = Vec::new();
        let mut seen = vec![0u8; state.cards.len()];
        let mut note = |card: CardRef, zone: Zone, problems: &mut Vec<String>| {
            let Some(slot) = seen.get_mut(card.idx()) else {
                problems.push(format!(
                    "{card} in {} is not a card of the match",
                    zone.name()
                ));
                return;
            };
            *slot += 1;
            if state.card(card).zone != zone {
                problems.push(format!(
                    "{card} is listed in the {} but says it is in the {}",
                    zone.name(),
                    state.card(card).zone.name()
                ));
            }
        };
        for player in PlayerId::BOTH {
            let p = state.player(player);
            for zone in [
                Zone::Leader,
                Zone::Deck,
                Zone::Hand,
                Zone::Field,
                Zone::ExArea,
                Zone::Cemetery,
                Zone::Banished,
                Zone::EvolveDeck,
                Zone::Equipment,
                Zone::Trigger,
                Zone::Drive,
            ] {
                for &card in p.zone(zone) {
                    note(card, zone, &mut problems);
                    let c = state.card(card);
                    let expected_holder = match zone {
                        Zone::Field => c.controller,
                        // Equipment follows its follower's controller
                        // (CR 11.11.2), whoever owns it.
                        Zone::Equipment => player,
                        _ => c.owner,
                    };
                    if zone == Zone::Drive && self.db.get(c.def).name != super::actions::DRIVE_POINT
                    {
                        problems.push(format!("{card} is in a drive zone but is no Drive Point"));
                    }
                    if zone == Zone::Equipment && !self.db.get(c.def).equipment {
                        problems.push(format!(
                            "{card} is in an equipment zone but is no equipment"
                        ));
                    }
                    if expected_holder != player {
                        problems.push(format!("{card} is in the wrong player's {}", zone.name()));
                    }
                }
            }
            // A drive check holds its card in the trigger zone only while
            // its player decides on its Trigger (later-sets §2.3).
            let deciding_trigger = self.decision.as_ref().is_some_and(|(decision, _)| {
                matches!(decision.prompt, crate::engine::Prompt::DriveTrigger { .. })
            });
            // (A match that ended while one was asked keeps it there.)
            if p.trigger_zone.len() > usize::from(deciding_trigger) && state.outcome.is_none() {
                problems.push(format!(
                    "{player} has {} cards in the trigger zone",
                    p.trigger_zone.len()
                ));
            }
            if p.field.len() > FIELD_LIMIT && self.decision.is_some() {
                problems.push(format!("{player} has {} cards on the field", p.field.len()));
            }
            if p.ex_area.len() > EX_LIMIT && self.decision.is_some() {
                problems.push(format!(
                    "{player} has {} cards in the EX area",
                    p.ex_area.len()
                ));
            }
            if !(0..=MAX_PP).contains(&p.max_pp) {
                problems.push(format!("{player} has max PP {}", p.max_pp));
            }
            // Lowering the maximum leaves current PP above it until rules
            // handling (CR 11.9.1); a question asked while an effect
            // resolves (Ward on entering, a cost, card code) comes before
            // that, so only a settled decision must see PP within range.
            if p.pp < 0 || (p.pp > p.max_pp && self.at_settled_decision()) {
                problems.push(format!("{player} has PP {} of {}", p.pp, p.max_pp));
            }
            if p.ep < 0 || p.sep < 0 {
                problems.push(format!("{player} has EP {} and SEP {}", p.ep, p.sep));
            }
        }
        for &card in &state.resolution {
            note(card, Zone::Resolution, &mut problems);
        }
        for (idx, c) in state.cards.iter().enumerate() {
            if matches!(c.zone, Zone::EvolveZone | Zone::RemovedFromGame) {
                seen[idx] += 1;
            }
        }
        let in_evolve_zone = state
            .cards
            .iter()
            .filter(|c| c.zone == Zone::EvolveZone)
            .count();
        if in_evolve_zone != state.evolve_zone_cards as usize {
            problems.push(format!(
                "the evolve zone holds {in_evolve_zone} cards but is counted as {}",
                state.evolve_zone_cards
            ));
        }
        for (idx, count) in seen.iter().enumerate() {
            if *count != 1 {
                problems.push(format!(
                    "#{idx} ({}) is in {count} zones",
                    self.db.get(state.cards[idx].def).name
                ));
            }
        }
        problems
    }
}
