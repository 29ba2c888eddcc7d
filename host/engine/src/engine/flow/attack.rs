//! The attack procedure (rules-coverage.md §8.3, CR 8.4.4–8.4.11), one step per
//! clause.

use super::damage_order::{Hit, damage_order_question};
use crate::cards::Keywords;
use crate::engine::Match;
use crate::engine::event::{DamageKind, Event};
use crate::engine::ids::{CardRef, PlayerId};
use crate::engine::mutation::Mutation;
use crate::engine::runtime::{Resume, Task};
use crate::engine::state::{
    AttackTarget, Characteristics, Combat, PendingAbility, PendingWhat, Zone,
};

impl Match {
    /// Steps 3–6: engage, attack (Strike triggers), Confirmation Timing, the
    /// opponent's Quick window; steps 7–9 follow as tasks.
    pub(crate) fn declare_attack(&mut self, attacker: CardRef, target: AttackTarget) {
        let object = self.state.card(attacker).object;
        // §8.3 step 3 (CR 8.4.4): engage the attacker.
        self.apply(Mutation::SetEngaged(attacker, true));
        // §8.3 step 4 (CR 8.4.5): it attacks; attacker and a follower target
        // are in combat.
        self.apply(Mutation::SetCombat(Some(Combat {
            attacker: (attacker, object),
            target,
        })));
        self.emit(Event::AttackDeclared { attacker, target });
        self.drive_on_attack(attacker);
        // Steps 5–9, pushed in reverse.
        self.tasks.push(Task::AttackEnd);
        self.tasks.push(Task::CheckTiming(0)); // step 8 (CR 8.4.10)
        self.tasks.push(Task::AttackDamage(ChosenDamage::default())); // step 7 (CR 8.4.9)
        self.tasks.push(Task::QuickWindow); // step 6 (CR 8.4.7–8.4.8)
        self.tasks.push(Task::CheckTiming(0)); // step 5 (CR 8.4.6)
    }

    /// §8.3 step 7 (CR 8.4.9): damage, only if the attacker is still on the
    /// field; all of it dealt simultaneously. Where the order of damage
    /// replacements changes an amount, the player taking it chooses first
    /// (CR 10.10.2): `chosen` holds the amounts chosen so far.
    pub(crate) fn attack_damage(&mut self, mut chosen: ChosenDamage) {
        let Some(combat) = self.state.combat else {
            return;
        };
        let (attacker, attacker_object) = combat.attacker;
        if !self.state.is_same_object(attacker, attacker_object)
            || self.state.card(attacker).zone != Zone::Field
        {
            return;
        }
        let attacker_stats = self.state.characteristics(&self.db, attacker);
        let attack_damage_dealt = match combat.target {
            AttackTarget::Leader(player) => {
                let leader = self.state.player(player).leader;
                let hit = Hit::in_combat(
                    damage_start(&attacker_stats),
                    attacker_stats.keywords,
                    None,
                    self.state
                        .damage_replacements(&self.db, leader, DamageKind::Attack),
                );
                let Some(amount) =
                    self.choose_damage(&hit, &mut chosen, Taker::Target(leader, player))
                else {
                    return;
                };
                self.deal_replaced_damage_to_leader(
                    player,
                    amount,
                    DamageKind::Attack,
                    Some(attacker),
                )
            }
            AttackTarget::Follower(defender, defender_object) => {
                // The target left the field: no damage either way, no fight.
                if !self.state.is_same_object(defender, defender_object)
                    || self.state.card(defender).zone != Zone::Field
                {
                    return;
                }
                let defender_stats = self.state.characteristics(&self.db, defender);
                let to_defender = Hit::in_combat(
                    damage_start(&attacker_stats),
                    attacker_stats.keywords,
                    Some(defender_stats.keywords),
                    self.state
                        .damage_replacements(&self.db, defender, DamageKind::Attack),
                );
                let to_attacker = Hit::in_combat(
                    damage_start(&defender_stats),
                    defender_stats.keywords,
                    Some(attacker_stats.keywords),
                    self.state
                        .damage_replacements(&self.db, attacker, DamageKind::Combat),
                );
                let defender_player = self.state.card(defender).controller;
                let attacker_player = self.state.card(attacker).controller;
                let Some(to_defender) = self.choose_damage(
                    &to_defender,
                    &mut chosen,
                    Taker::Target(defender, defender_player),
                ) else {
                    return;
                };
                let Some(to_attacker) = self.choose_damage(
                    &to_attacker,
                    &mut chosen,
                    Taker::Attacker(attacker, attacker_player),
                ) else {
                    return;
                };
                let dealt = self.deal_replaced_damage(
                    defender,
                    to_defender,
                    DamageKind::Attack,
                    Some(attacker),
                );
                self.deal_replaced_damage(
                    attacker,
                    to_attacker,
                    DamageKind::Combat,
                    Some(defender),
                );
                // Both still on the field: they fought (CR 8.4.9.2); Bane
                // marks the other for rules handling (CR 11.3.2).
                self.emit(Event::Fought { attacker, defender });
                if defender_stats.keywords.contains(Keywords::BANE) {
                    self.apply(Mutation::SetFoughtBane(attacker, true));
                }
                if attacker_stats.keywords.contains(Keywords::BANE) {
                    self.apply(Mutation::SetFoughtBane(defender, true));
                }
                dealt
            }
        };
        // Drain (CR 12.13): an automatic ability on attack damage dealt.
        if attack_damage_dealt > 0 && attacker_stats.keywords.contains(Keywords::DRAIN) {
            let state = self.state.card(attacker);
            let pending = PendingAbility {
                source: attacker,
                source_object: state.object,
                def: self.state.current_def_id(attacker),
                what: PendingWhat::Drain,
                controller: state.controller,
                trigger_card: Some(attacker),
                amount: attack_damage_dealt,
            };
            self.apply(Mutation::AddPending(pending));
        }
    }

    /// Single Drive and Twin Drive (later-sets §2.4, CR 14.4.6.2–14.4.6.3):
    /// Strike abilities, pending with the attacker's other Strike abilities
    /// for this step's Confirmation Timing. A follower with both has both.
    fn drive_on_attack(&mut self, attacker: CardRef) {
        let keywords = self.state.characteristics(&self.db, attacker).keywords;
        for (keyword, checks) in [(Keywords::SINGLE_DRIVE, 1), (Keywords::TWIN_DRIVE, 2)] {
            if !keywords.contains(keyword) {
                continue;
            }
            let state = self.state.card(attacker);
            let pending = PendingAbility {
                source: attacker,
                source_object: state.object,
                def: self.state.current_def_id(attacker),
                what: PendingWhat::DriveChecks(checks),
                controller: state.controller,
                trigger_card: Some(attacker),
                amount: 0,
            };
            self.apply(Mutation::AddPending(pending));
        }
    }

    /// The amount of one damage of the attack: the one chosen already, the
    /// only one its replacements can give (using up its "next time"
    /// effects, and kept in `chosen` so that a question about the other
    /// damage doesn't work it out again), or `None` after asking the
    /// player who takes it to choose (CR 10.10.2).
    fn choose_damage(&mut self, hit: &Hit, chosen: &mut ChosenDamage, taker: Taker) -> Option<i32> {
        let (already, card, player) = match taker {
            Taker::Target(card, player) => (chosen.to_target, card, player),
            Taker::Attacker(card, player) => (chosen.to_attacker, card, player),
        };
        if let Some(amount) = already {
            return Some(amount);
        }
        let mut outcomes = hit.outcomes();
        if outcomes.len() <= 1 {
            let outcome = outcomes.pop()?;
            self.use_up_effects(card, &outcome.used_up);
            match taker {
                Taker::Target(..) => chosen.to_target = Some(outcome.amount),
                Taker::Attacker(..) => chosen.to_attacker = Some(outcome.amount),
            }
            return Some(outcome.amount);
        }
        let question = damage_order_question(player, card, &outcomes);
        let results = outcomes
            .into_iter()
            .map(|outcome| (outcome.amount, outcome.used_up))
            .collect();
        self.ask(
            question,
            Resume::DamageOrder {
                chosen: *chosen,
                taker: card,
                attacker: matches!(taker, Taker::Attacker(..)),
                results,
            },
        );
        None
    }

    /// §8.3 step 9 (CR 8.4.11): the attack ends.
    pub(crate) fn attack_end(&mut self) {
        self.apply(Mutation::SetCombat(None));
    }
}

/// What a fighting follower's damage starts from: its attack, or its
/// defense with "deals damage equal to its defense".
fn damage_start(stats: &Characteristics) -> i32 {
    if stats.keywords.contains(Keywords::USE_DEF_AS_ATK) {
        stats.defense
    } else {
        stats.attack
    }
}

/// The amounts of an attack's damage chosen so far (CR 10.10.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ChosenDamage {
    /// The attacker's damage to its target.
    pub to_target: Option<i32>,
    /// The target follower's damage to the attacker.
    pub to_attacker: Option<i32>,
}

/// Who takes one damage of an attack: the card (a leader card for a
/// leader) and the player who chooses the order.
#[derive(Clone, Copy)]
enum Taker {
    Target(CardRef, PlayerId),
    Attacker(CardRef, PlayerId),
}
