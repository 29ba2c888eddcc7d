//! Collecting automatic abilities from events (rules-coverage.md §11.4, CR 10.7.2):
//! every ability whose trigger an event satisfies becomes pending once per
//! occurrence. Leave-zone triggers use look-back information carried by the
//! event (CR 10.7.4).

use super::Match;
use super::event::{DamageKind, Event, MoveCause};
use super::ids::{AbilityIdx, CardRef, DefId, PlayerId};
use super::mutation::Mutation;
use super::state::{AttackTarget, PendingAbility, PendingWhat, Phase, Zone};
use crate::cards::{AbilityKind, CardFilter, CardType, Trigger};

impl Match {
    /// Adds the pending abilities an event triggers.
    pub(crate) fn collect_triggers(&mut self, event: &Event) {
        if !self.db_has_triggers {
            return;
        }
        if matches!(
            event,
            Event::Moved {
                cause: MoveCause::Sandbox,
                ..
            }
        ) {
            return;
        }
        let mut found: Vec<PendingAbility> = Vec::new();
        match *event {
            Event::Moved {
                card,
                def: Some(def),
                controller,
                from,
                to,
                cause,
                evolved,
                ..
            } => {
                if to == Zone::Field && from != Zone::Field {
                    let owner = self.state.card(card).controller;
                    self.own_triggers(card, None, &mut found, |t| matches!(t, Trigger::Fanfare));
                    self.ally_triggers(owner, card, &mut found, |t| match t {
                        Trigger::OnOtherEnterField(f) => Some(f),
                        _ => None,
                    });
                }
                if from == Zone::Field && to != Zone::Field {
                    // Look-back: the card's information on the field.
                    let field_def = evolved.unwrap_or(def);
                    self.lookback_triggers(card, field_def, controller, &mut found, |t| match t {
                        Trigger::LastWords => to == Zone::Cemetery,
                        Trigger::OnLeaveField => true,
                        Trigger::OnReturnToHandFromField => to == Zone::Hand,
                        _ => false,
                    });
                    self.ally_triggers(controller, card, &mut found, |t| match t {
                        Trigger::OnOtherLeaveField(f) => Some(f),
                        _ => None,
                    });
                    if matches!(cause, MoveCause::Destroy { .. }) {
                        self.ally_triggers(controller.opponent(), card, &mut found, |t| match t {
                            Trigger::OnOpponentCardDestroyed(f) => Some(f),
                            _ => None,
                        });
                    }
                }
                if from == Zone::Hand && cause == MoveCause::Discard {
                    self.lookback_triggers(card, def, controller, &mut found, |t| {
                        matches!(t, Trigger::OnDiscarded)
                    });
                }
            }
            Event::Evolved {
                card, super_evolve, ..
            } => {
                let controller = self.state.card(card).controller;
                self.own_triggers(card, Some(card), &mut found, |t| match t {
                    Trigger::OnEvolve => true,
                    Trigger::OnSuperEvolve => super_evolve,
                    _ => false,
                });
                self.ally_triggers(controller, card, &mut found, |t| match t {
                    Trigger::OnOtherEvolve(f) => Some(f),
                    _ => None,
                });
            }
            Event::AttackDeclared { attacker, target } => {
                let controller = self.state.card(attacker).controller;
                let at_leader = matches!(target, AttackTarget::Leader(_));
                self.own_triggers(attacker, Some(attacker), &mut found, |t| match t {
                    Trigger::Strike => true,
                    Trigger::FollowerStrike => !at_leader,
                    Trigger::LeaderStrike => at_leader,
                    _ => false,
                });
                self.ally_triggers(controller, attacker, &mut found, |t| match t {
                    Trigger::OnOtherAttack(f) => Some(f),
                    _ => None,
                });
            }
            Event::CardPlayed { player, card, def }
                if self.db.get(def).card_type == CardType::Spell =>
            {
                self.ally_triggers(player, card, &mut found, |t| match t {
                    Trigger::OnPlaySpell(f) => Some(f),
                    _ => None,
                });
            }
            Event::FollowerDamaged {
                kind: DamageKind::Attack | DamageKind::Combat,
                source: Some(source),
                card,
                ..
            } => {
                self.own_triggers(source, Some(card), &mut found, |t| {
                    matches!(t, Trigger::OnDealCombatDamage)
                });
            }
            Event::LeaderDefense { player, from, to } if to > from => {
                let leader = self.state.player(player).leader;
                self.ally_triggers(player, leader, &mut found, |t| match t {
                    Trigger::OnLeaderGainDefense => Some(&ANY),
                    _ => None,
                });
            }
            Event::PhaseStarted { phase } => {
                let active = self.state.active;
                for player in PlayerId::BOTH {
                    let own = player == active;
                    let field = self.state.player(player).field.clone();
                    for card in field {
                        self.own_triggers(card, None, &mut found, |t| match (phase, t) {
                            (Phase::Main, Trigger::StartMainPhase) => own,
                            (Phase::Main, Trigger::StartOpponentMainPhase) => !own,
                            (Phase::End, Trigger::StartEndPhase) => own,
                            (Phase::End, Trigger::StartOpponentEndPhase) => !own,
                            _ => false,
                        });
                    }
                }
                if phase == Phase::End {
                    self.played_spell_end_phase(active, &mut found);
                }
            }
            _ => {}
        }
        for pending in found {
            self.apply(Mutation::AddPending(pending));
        }
    }

    /// Triggers of a card in its current zone (the field, normally).
    fn own_triggers(
        &self,
        card: CardRef,
        trigger_card: Option<CardRef>,
        found: &mut Vec<PendingAbility>,
        wants: impl Fn(&Trigger) -> bool,
    ) {
        let state = self.state.card(card);
        if state.zone != Zone::Field {
            return;
        }
        let def_id = match state.evolved_with {
            Some(evolved) => self.state.card(evolved).def,
            None => state.def,
        };
        self.push_matching(card, def_id, state.controller, trigger_card, found, |t| {
            wants(t)
        });
    }

    /// A spell's "at the start of your end phase" ability is a delayed
    /// trigger (rules-coverage.md §11.4): played this turn, the spell's
    /// ability fires at the start of this turn's end phase wherever the
    /// spell now is.
    fn played_spell_end_phase(&self, active: PlayerId, found: &mut Vec<PendingAbility>) {
        for &spell in &self.state.player(active).this_turn.spells_played {
            let state = self.state.card(spell);
            if state.zone == Zone::Field || self.db.get(state.def).card_type != CardType::Spell {
                continue;
            }
            self.push_matching(spell, state.def, active, Some(spell), found, |t| {
                matches!(t, Trigger::StartEndPhase)
            });
        }
    }

    /// Triggers read from the information a card had where it was.
    fn lookback_triggers(
        &self,
        card: CardRef,
        def: DefId,
        controller: PlayerId,
        found: &mut Vec<PendingAbility>,
        wants: impl Fn(&Trigger) -> bool,
    ) {
        self.push_matching(card, def, controller, Some(card), found, wants);
    }

    /// "Other card on your field" triggers of `player`'s field cards.
    fn ally_triggers(
        &self,
        player: PlayerId,
        cause_card: CardRef,
        found: &mut Vec<PendingAbility>,
        filter_of: impl Fn(&Trigger) -> Option<&CardFilter> + Copy,
    ) {
        for &ally in &self.state.player(player).field {
            if ally == cause_card {
                continue;
            }
            let state = self.state.card(ally);
            let def_id = match state.evolved_with {
                Some(evolved) => self.state.card(evolved).def,
                None => state.def,
            };
            self.push_matching(
                ally,
                def_id,
                state.controller,
                Some(cause_card),
                found,
                |t| {
                    filter_of(t).is_some_and(|f| {
                        self.state.card(cause_card).zone == Zone::RemovedFromGame
                            || self.state.matches(&self.db, cause_card, f, Some(ally))
                    })
                },
            );
        }
    }

    fn push_matching(
        &self,
        card: CardRef,
        def_id: DefId,
        controller: PlayerId,
        trigger_card: Option<CardRef>,
        found: &mut Vec<PendingAbility>,
        wants: impl Fn(&Trigger) -> bool,
    ) {
        let def = self.db.get(def_id);
        for (idx, ability) in def.abilities.iter().enumerate() {
            let AbilityKind::Triggered(trigger) = &ability.kind else {
                continue;
            };
            if !wants(trigger) {
                continue;
            }
            let ability_idx = AbilityIdx(idx as u8);
            let state = self.state.card(card);
            if ability.once_per_turn
                && state
                    .ability_uses
                    .iter()
                    .any(|(a, turn)| *a == ability_idx && *turn == self.state.turn)
            {
                continue;
            }
            found.push(PendingAbility {
                source: card,
                source_object: state.object,
                def: def_id,
                what: PendingWhat::Ability(ability_idx),
                controller,
                trigger_card,
                amount: 0,
            });
        }
    }
}

static ANY: CardFilter = CardFilter {
    types: Vec::new(),
    traits_any: Vec::new(),
    keywords: crate::cards::Keywords::empty(),
    without_keywords: crate::cards::Keywords::empty(),
    name: None,
    not_name: None,
    class: None,
    token: None,
    cost: None,
    attack: None,
    engaged: None,
    other: false,
};
