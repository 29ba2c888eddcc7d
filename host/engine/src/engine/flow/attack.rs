//! The attack procedure (rules-coverage.md §8.3, CR 8.4.4–8.4.11), one step per
//! clause.

use crate::cards::Keywords;
use crate::engine::Match;
use crate::engine::event::{DamageKind, Event};
use crate::engine::ids::CardRef;
use crate::engine::mutation::Mutation;
use crate::engine::runtime::Task;
use crate::engine::state::{AttackTarget, Combat, PendingAbility, PendingWhat, Zone};

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
        // Steps 5–9, pushed in reverse.
        self.tasks.push(Task::AttackEnd);
        self.tasks.push(Task::CheckTiming(0)); // step 8 (CR 8.4.10)
        self.tasks.push(Task::AttackDamage); // step 7 (CR 8.4.9)
        self.tasks.push(Task::QuickWindow); // step 6 (CR 8.4.7–8.4.8)
        self.tasks.push(Task::CheckTiming(0)); // step 5 (CR 8.4.6)
    }

    /// §8.3 step 7 (CR 8.4.9): damage, only if the attacker is still on the
    /// field; all of it dealt simultaneously.
    pub(crate) fn attack_damage(&mut self) {
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
        let attack_power = base_damage(
            attacker_stats.attack,
            attacker_stats.max_defense - self.state.card(attacker).damage,
            attacker_stats.keywords,
        );
        let attack_damage_dealt = match combat.target {
            AttackTarget::Leader(player) => {
                let mut amount = attack_power;
                if attacker_stats
                    .keywords
                    .contains(Keywords::DOUBLE_LEADER_DAMAGE)
                {
                    amount = amount.saturating_mul(2);
                }
                self.deal_damage_to_leader(player, amount, DamageKind::Attack, Some(attacker))
            }
            AttackTarget::Follower(defender, defender_object) => {
                // The target left the field: no damage either way, no fight.
                if !self.state.is_same_object(defender, defender_object)
                    || self.state.card(defender).zone != Zone::Field
                {
                    return;
                }
                let defender_stats = self.state.characteristics(&self.db, defender);
                let mut to_defender = attack_power;
                if attacker_stats
                    .keywords
                    .contains(Keywords::DOUBLE_COMBAT_DAMAGE)
                {
                    to_defender = to_defender.saturating_mul(2);
                }
                let mut to_attacker = base_damage(
                    defender_stats.attack,
                    defender_stats.defense,
                    defender_stats.keywords,
                );
                if defender_stats
                    .keywords
                    .contains(Keywords::DOUBLE_COMBAT_DAMAGE)
                {
                    to_attacker = to_attacker.saturating_mul(2);
                }
                let dealt = self.deal_damage_to_follower(
                    defender,
                    to_defender,
                    DamageKind::Attack,
                    Some(attacker),
                );
                self.deal_damage_to_follower(
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

    /// §8.3 step 9 (CR 8.4.11): the attack ends.
    pub(crate) fn attack_end(&mut self) {
        self.apply(Mutation::SetCombat(None));
    }
}

/// Damage a fighting follower deals before the receiver's replacements:
/// attack (or defense with `UseDefAsAtk`), plus `PlusNDamage`, zero if it
/// can't deal damage.
fn base_damage(attack: i32, defense: i32, keywords: Keywords) -> i32 {
    if keywords.contains(Keywords::CANNOT_DEAL_DAMAGE) {
        return 0;
    }
    let base = if keywords.contains(Keywords::USE_DEF_AS_ATK) {
        defense
    } else {
        attack
    };
    base.saturating_add(keywords.plus_damage())
}
