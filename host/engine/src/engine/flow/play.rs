//! Starting actions (rules-coverage.md §7.2 step 3) and the play procedure for cards
//! (rules-coverage.md §12.4, CR 10.6.2) and activated abilities (CR 8.3).

use super::CancelPoint;
use crate::cards::{AbilityKind, CardDb, CardType, Keywords};
use crate::engine::Match;
use crate::engine::actions::{EvolveOption, pays_evolve_cost};
use crate::engine::event::{Event, MoveCause, Resource};
use crate::engine::ids::{AbilityIdx, CardRef, DefId, ObjectId, PlayerId};
use crate::engine::mutation::{Mutation, Place};
use crate::engine::runtime::{
    AbilityRun, Action, Choice, Decision, Prompt, Resume, RunOrigin, Task,
};
use crate::engine::state::{PendingWhat, Zone};
use std::sync::Arc;

impl Match {
    /// Carries out a chosen action. Main-phase continuations are pushed by
    /// the caller; `cancel` is where taking an activation back goes
    /// (`cancel.rs`).
    pub(crate) fn start_action(&mut self, action: Action, cancel: Option<Arc<CancelPoint>>) {
        match action {
            Action::EndMainPhase => self.tasks.push(Task::StartEndPhase),
            Action::Play { card } => self.play_card(card),
            Action::Activate { card, ability } => {
                let def = self.state.current_def_id(card);
                self.activate(card, def, ability, cancel, false);
            }
            Action::ActivateWithEp { card, ability } => {
                let def = self.state.current_def_id(card);
                self.activate(card, def, ability, cancel, true);
            }
            Action::ActivateKeyword {
                card,
                keyword,
                ability,
            } => self.activate(card, CardDb::keyword_def(keyword), ability, cancel, false),
            Action::Evolve {
                card,
                use_ep,
                super_evolve,
            } => self.evolve_with_ability(card, use_ep, super_evolve),
            Action::Attack { attacker, target } => self.declare_attack(attacker, target),
        }
    }

    /// CR 10.6.2: reveal and move to the resolution zone, pay, "has been
    /// played", then resolve (as a task, so the card's choices can ask).
    fn play_card(&mut self, card: CardRef) {
        let player = self.state.card(card).controller;
        let cost = self.state.characteristics(&self.db, card).cost;
        self.play_procedure(card, player, self.play_cost(player, cost));
    }

    /// An effect plays a card from where it is ("play a spell from your
    /// cemetery", an alternative cost paid from the hand), for its cost or
    /// for `cost` play points instead. It resolves right after the running
    /// ability. Returns whether it was played: see
    /// [`Match::effect_play_cost`], and they can pay for it.
    pub(crate) fn play_by_effect(
        &mut self,
        card: CardRef,
        player: PlayerId,
        cost: Option<i32>,
    ) -> bool {
        let Some(cost) = self.effect_play_cost(card, player, cost) else {
            return false;
        };
        if cost > self.state.player(player).pp {
            return false;
        }
        self.play_procedure(card, player, cost);
        true
    }

    /// What `player` would pay for an effect to play `card` now, or
    /// `None` if it can't be played ([`PlayRules::effect_play_cost`]).
    ///
    /// [`PlayRules::effect_play_cost`]: super::play_rules::PlayRules::effect_play_cost
    pub(crate) fn effect_play_cost(
        &self,
        card: CardRef,
        player: PlayerId,
        cost: Option<i32>,
    ) -> Option<i32> {
        self.play_rules().effect_play_cost(card, player, cost, true)
    }

    /// The play procedure from step 1 (CR 10.6.2): `player` plays `card`
    /// for `cost` play points.
    fn play_procedure(&mut self, card: CardRef, player: PlayerId, cost: i32) {
        let state = self.state.card(card);
        let owner = state.owner;
        let def_id = state.def;
        let is_spell = self.db.get(def_id).card_type == CardType::Spell;
        // 1. To the resolution zone.
        self.move_card(card, owner, Zone::Resolution, Place::Top, MoveCause::Play);
        // 5. Pay the cost.
        let pp = self.state.player(player).pp;
        self.apply(Mutation::SetResource(
            player,
            Resource::PlayPoints,
            pp - cost,
        ));
        // 7. It has been played: Combo counts it, "when you play" triggers.
        self.apply(Mutation::CountPlay {
            player,
            spell: is_spell,
        });
        self.emit(Event::CardPlayed {
            player,
            card,
            def: def_id,
        });
        // 8. Resolve.
        self.tasks.push(Task::ResolvePlayedCard(card));
    }

    /// CR 10.6.2.8: a follower or amulet goes onto the field; a spell's text
    /// is performed, then it goes to the cemetery.
    pub(crate) fn resolve_played_card(&mut self, card: CardRef) {
        let state = self.state.card(card);
        if state.zone != Zone::Resolution {
            return;
        }
        let player = state.owner;
        let def_id = state.def;
        let def = self.db.get(def_id);
        if def.card_type.is_permanent() {
            if self.field_takes(player, card) {
                self.enter_field(card, player, MoveCause::Play);
            } else {
                // The field filled up meanwhile (or took a token of its
                // name and one-per-name kind): it can't be put there.
                self.move_card(card, player, Zone::Cemetery, Place::Top, MoveCause::Play);
            }
            return;
        }
        self.tasks.push(Task::FinishSpell(card));
        if let Some(idx) = def
            .abilities
            .iter()
            .position(|a| matches!(a.kind, AbilityKind::Spell))
        {
            let object = state.object;
            self.tasks.push(Task::Run(Box::new(AbilityRun {
                source: card,
                source_object: object,
                def: def_id,
                what: PendingWhat::Ability(AbilityIdx(idx as u8)),
                controller: player,
                trigger_card: None,
                amount: 0,
                origin: RunOrigin::Spell,
                answers: Vec::new(),
                cost_settled: true,
                cancel: None,
                take_back: None,
                fused: Vec::new(),
                pp_paid_by_ep: 0,
                x: 0,
            })));
        }
    }

    /// CR 10.6.2.8.2.3: what is left in the resolution zone goes to the
    /// cemetery (tokens cease to exist).
    pub(crate) fn finish_spell(&mut self, card: CardRef) {
        let state = self.state.card(card);
        if state.zone == Zone::Resolution {
            let owner = state.owner;
            self.move_card(
                card,
                owner,
                Zone::Cemetery,
                Place::Top,
                MoveCause::SpellResolved,
            );
        }
    }

    /// CR 8.3: record the use, pay the costs, then resolve. An `[adv]`
    /// ability uses the turn's evolve (CR 12.16.3), and with `use_ep` 1 EP
    /// pays 1 PP of its cost. `def_id`: the card's current definition, or
    /// that of a declared keyword the card has.
    fn activate(
        &mut self,
        card: CardRef,
        def_id: DefId,
        ability: AbilityIdx,
        cancel: Option<Arc<CancelPoint>>,
        use_ep: bool,
    ) {
        let state = self.state.card(card);
        let controller = state.controller;
        let object = state.object;
        let ability_def = &self.db.get(def_id).abilities[usize::from(ability.0)];
        let once = ability_def.once_per_turn;
        let advanced = ability_def.advanced;
        self.emit(Event::activated(card, def_id, ability));
        if once {
            self.apply(Mutation::UseAbility(
                card,
                crate::engine::state::AbilityUses::key(def_id, ability),
            ));
        }
        if advanced {
            self.use_turns_evolve(controller, use_ep);
        }
        let run = Box::new(AbilityRun {
            source: card,
            source_object: object,
            def: def_id,
            what: PendingWhat::Ability(ability),
            controller,
            trigger_card: None,
            amount: 0,
            origin: RunOrigin::Activated,
            answers: Vec::new(),
            cost_settled: true,
            cancel,
            take_back: None,
            fused: Vec::new(),
            pp_paid_by_ep: u8::from(advanced && use_ep),
            x: 0,
        });
        self.tasks.push(Task::PayCosts(run, 0));
    }

    /// Rules.md §10.1: evolve with the evolve ability. Which evolved card,
    /// and which face, when more than one fits (later-sets §10, CR 4.6.4):
    /// asked first, since faces may cost their own; then
    /// [`Match::pay_and_evolve`].
    fn evolve_with_ability(&mut self, card: CardRef, use_ep: bool, super_evolve: bool) {
        let player = self.state.card(card).controller;
        let pp = self.state.player(player).pp;
        let mut options = self.evolve_options(card, true);
        options.retain(|option| {
            self.state
                .evolve_cost_into(&self.db, card, option.face)
                .is_some_and(|cost| pays_evolve_cost(cost, use_ep, pp))
        });
        match options.as_slice() {
            [] => {}
            [only] => self.pay_and_evolve(card, *only, use_ep, super_evolve),
            _ => {
                let costs: Vec<i32> = options
                    .iter()
                    .map(|o| {
                        self.state
                            .evolve_cost_into(&self.db, card, o.face)
                            .unwrap_or(0)
                    })
                    .collect();
                let same_cost = costs.windows(2).all(|pair| pair[0] == pair[1]);
                let labels = options
                    .iter()
                    .zip(&costs)
                    .map(|(option, cost)| {
                        let name = self.db.get(option.face).display_name();
                        Choice::Label(if same_cost {
                            name.to_owned()
                        } else if use_ep {
                            format!("{name}: 1 EP + {} PP", cost - 1)
                        } else {
                            format!("{name}: {cost} PP")
                        })
                    })
                    .collect();
                self.ask(
                    Decision::pick_one(player, Prompt::EvolveInto { card }, labels),
                    Resume::EvolveInto {
                        card,
                        use_ep,
                        super_evolve,
                        options,
                    },
                );
            }
        }
    }

    /// Pays the evolve cost of evolving into `option`'s face (1 EP may
    /// replace 1 PP, 1 SEP to super-evolve), uses the turn's evolve, then
    /// evolves.
    pub(crate) fn pay_and_evolve(
        &mut self,
        card: CardRef,
        option: EvolveOption,
        use_ep: bool,
        super_evolve: bool,
    ) {
        let player = self.state.card(card).controller;
        let cost = self
            .state
            .evolve_cost_into(&self.db, card, option.face)
            .unwrap_or(0);
        // Asked and answered across a hot reload, the cost may have
        // changed since the face was offered: nothing is paid or evolved.
        if !pays_evolve_cost(cost, use_ep, self.state.player(player).pp) {
            tracing::warn!(
                "{player} can no longer pay {cost} to evolve into {}: the evolve is not made",
                self.db.get(option.face).display_name()
            );
            return;
        }
        self.pay_turns_evolve(player, cost, use_ep);
        if super_evolve {
            let sep = self.state.player(player).sep;
            self.apply(Mutation::SetResource(
                player,
                Resource::SuperEvolvePoints,
                sep - 1,
            ));
        }
        self.evolve_into(card, option, super_evolve);
    }

    /// Offer to put a Ward follower engaged as it enters (CR 12.8.2 i).
    pub(crate) fn schedule_ward_choice(&mut self, card: CardRef, object: ObjectId) {
        self.tasks.push(Task::WardOnEnter(card, object));
    }

    pub(crate) fn ward_on_enter(&mut self, card: CardRef, object: ObjectId) {
        if !self.state.is_same_object(card, object) {
            return;
        }
        let state = self.state.card(card);
        if state.zone != Zone::Field || state.engaged {
            return;
        }
        if !self
            .state
            .characteristics(&self.db, card)
            .keywords
            .contains(Keywords::WARD)
        {
            return;
        }
        let controller = state.controller;
        self.ask(
            Decision::pick_one(
                controller,
                Prompt::EngageWardOnEnter { card },
                vec![Choice::Yes, Choice::No],
            ),
            Resume::WardOnEnter(card),
        );
    }
}
