//! Legal actions (rules-coverage.md §7.2, §8.1–8.2, §10, §11.6). The engine only
//! offers actions that can be carried out completely (CR 8.1.2), so nothing
//! is ever rolled back; the same list serves the UI, bots and the network.
//!
//! Listing runs at every decision, so it first asks what is cheap to know from
//! the card database's indexes and the card's own state: a Quick window passes
//! over hand cards that can't have Quick, a main phase over cards that cost
//! more than the play points and that nothing can make cheaper, and over cards
//! without an activated ability in their zone (`cards/activations.rs`).

use crate::cards::{AbilityKind, ActivationZone, CardDb, CardDef, CardType, Keywords};
use crate::engine::Match;
use crate::engine::ability::{AbilityInfo, AbilityQuery};
use crate::engine::ids::{AbilityIdx, CardRef, DefId, PlayerId};
use crate::engine::runtime::Action;
use crate::engine::state::{AbilityUses, AttackTarget, Characteristics, PlayerEffectKind, Zone};

/// Turns passed needed to super-evolve: first player 7, second player 6
/// (CR 12.2.4).
pub const SUPER_EVOLVE_TURNS: [u32; 2] = [7, 6];

impl Match {
    /// Every legal main-phase action of the active player, ending with
    /// [`Action::EndMainPhase`].
    pub fn legal_main_actions(&self, player: PlayerId) -> Vec<Action> {
        // Room for a usual main phase's list, so it is not grown step by
        // step.
        let mut actions = Vec::with_capacity(16);
        let p = self.state.player(player);
        for &card in p.hand.iter().chain(&p.ex_area) {
            if self.can_play(player, card, false) {
                actions.push(Action::Play { card });
            }
        }
        self.push_cemetery_plays(player, &mut actions);
        self.push_banished_plays(player, &mut actions);
        self.push_activations(player, false, &mut actions);
        for &card in &p.field {
            self.push_evolutions(player, card, &mut actions);
        }
        // Attacks read the characteristics of both fields again and again:
        // work them out once.
        let field = self.field_now();
        for &attacker in &p.field {
            if self.may_attack(attacker, &field) {
                self.for_each_attack_target(attacker, &field, |target| {
                    actions.push(Action::Attack { attacker, target });
                });
            }
        }
        if !self.must_attack_first(player, &actions) {
            actions.push(Action::EndMainPhase);
        }
        actions
    }

    /// Plays of cards that may be played from the cemetery (later-sets
    /// §12.12): played as from the hand, their cost paid as usual.
    fn push_cemetery_plays(&self, player: PlayerId, out: &mut Vec<Action>) {
        if !self.db.may_print_or_grant(Keywords::PLAYABLE_FROM_CEMETERY) {
            return;
        }
        for &card in &self.state.player(player).cemetery {
            let keywords = self.state.characteristics(&self.db, card).keywords;
            if keywords.contains(Keywords::PLAYABLE_FROM_CEMETERY)
                && self.can_play(player, card, false)
            {
                out.push(Action::Play { card });
            }
        }
    }

    /// Plays from the banished zone while an effect lets `player` play
    /// from there (later-sets §12.12): as from the hand, the cost paid.
    fn push_banished_plays(&self, player: PlayerId, out: &mut Vec<Action>) {
        if !self
            .state
            .player_effect_applies(player, PlayerEffectKind::PlayFromBanished)
        {
            return;
        }
        for &card in &self.state.player(player).banished {
            if self.can_play(player, card, false) {
                out.push(Action::Play { card });
            }
        }
    }

    /// What `player` pays to play `card` now: its cost, changed by the
    /// effects on the player ("cards you play cost 1 more", later-sets
    /// §12.10), never below 0.
    pub(crate) fn play_cost(&self, player: PlayerId, cost: i32) -> i32 {
        self.play_rules().play_cost(player, cost)
    }

    /// Whether an effect on `player` keeps them from playing `card` now:
    /// "can't play followers during your next main phase" (later-sets
    /// §12.10; plays by effects too).
    pub(crate) fn play_forbidden(&self, player: PlayerId, card_type: CardType) -> bool {
        self.play_rules().play_forbidden(player, card_type)
    }

    /// Whether `player` may not end the main phase yet: an enemy card says
    /// each of their followers must attack once a turn if able, and one
    /// that has not attacked this turn has an attack among `actions`
    /// (later-sets §12.10).
    fn must_attack_first(&self, player: PlayerId, actions: &[Action]) -> bool {
        if !self.db.may_print_or_grant(Keywords::ENEMIES_MUST_ATTACK)
            || !self
                .state
                .field_grants(&self.db, player.opponent(), Keywords::ENEMIES_MUST_ATTACK)
        {
            return false;
        }
        let attacked = &self.state.player(player).this_turn.attacked;
        actions.iter().any(|action| {
            matches!(action, Action::Attack { attacker, .. } if !attacked.contains(attacker))
        })
    }

    /// Quick plays available to the non-active player in a Quick window.
    pub fn legal_quick_actions(&self, player: PlayerId) -> Vec<Action> {
        let mut actions = Vec::new();
        let p = self.state.player(player);
        // The banished zone too while an effect lets the player play from
        // there (later-sets §12.12; one made this turn in the opponent's).
        let banished: &[CardRef] = if self
            .state
            .player_effect_applies(player, PlayerEffectKind::PlayFromBanished)
        {
            &p.banished
        } else {
            &[]
        };
        for &card in p.hand.iter().chain(&p.ex_area).chain(banished) {
            if self.can_play(player, card, true) {
                actions.push(Action::Play { card });
            }
        }
        self.push_activations(player, true, &mut actions);
        actions
    }

    /// Whether `player` can play `card` now (cost, room, play requirement).
    fn can_play(&self, player: PlayerId, card: CardRef, quick_window: bool) -> bool {
        let state = self.state.card(card);
        let def = self.db.get(state.def);
        let Some(printed_cost) = def.cost else {
            return false;
        };
        let pp = self.state.player(player).pp;
        // A card nothing makes cheaper costs at least what it prints: say
        // so without working out its characteristics.
        if i32::from(printed_cost) > pp && !self.cost_may_be_lowered(player, card) {
            return false;
        }
        if self.play_forbidden(player, def.card_type) {
            return false;
        }
        // Most hand cards can't have Quick: say so without working out
        // their characteristics (a Quick window lists at every attack).
        if quick_window && !self.may_have_quick(card, def) {
            return false;
        }
        let stats = self.state.characteristics(&self.db, card);
        if quick_window && !stats.keywords.contains(Keywords::QUICK) {
            return false;
        }
        if self.play_cost(player, stats.cost) > pp || self.refused_from(card, &stats) {
            return false;
        }
        match def.card_type {
            // CR 10.6.2.6: it must fit on the field, and may be there (a
            // token of a kind that lives in the EX area only may not).
            CardType::Follower | CardType::Amulet => self.field_takes(player, card),
            CardType::Spell => match def
                .abilities
                .iter()
                .position(|a| matches!(a.kind, AbilityKind::Spell))
            {
                // The main Spell ability's condition is a play requirement.
                Some(idx) => self.condition_holds(card, player, AbilityIdx(idx as u8), None),
                None => true,
            },
            // A crest has no cost (later-sets §4, CR 2.5).
            CardType::EvolvedFollower | CardType::Leader | CardType::Crest => false,
        }
    }

    /// Whether the card can't be played from the zone it is in: "can't be
    /// played from the EX area" (later-sets §7, a condition for playing it
    /// that holds for plays by effects too).
    pub(crate) fn refused_from(
        &self,
        card: CardRef,
        stats: &crate::engine::state::Characteristics,
    ) -> bool {
        self.play_rules().refused_from(card, stats)
    }

    /// Whether a hand or EX-area card's cost could be below its printed
    /// cost: an effect on it, or some card's passive, may lower it.
    fn cost_may_be_lowered(&self, player: PlayerId, card: CardRef) -> bool {
        self.db.passive_lowers_costs()
            || self.state.cost_lowered_by_effects(card)
            || self.state.play_cost_change(player) < 0
    }

    /// Whether a hand or EX-area card could have Quick: printed, given by
    /// an effect on it, or by some card's passive.
    fn may_have_quick(&self, card: CardRef, def: &CardDef) -> bool {
        def.keywords.contains(Keywords::QUICK)
            || self.db.passive_keywords().contains(Keywords::QUICK)
            || self.state.effect_keywords(card).contains(Keywords::QUICK)
    }

    fn push_activations(&self, player: PlayerId, quick_window: bool, out: &mut Vec<Action>) {
        // Most card pools have no activated ability at all.
        if self.db.all_activations().is_empty() {
            return;
        }
        // Most pools declare no keyword with an activated ability.
        let keyword_activations = !self.db.keyword_activators().is_empty();
        let p = self.state.player(player);
        let zones: [(&[CardRef], ActivationZone); 4] = [
            (&p.field, ActivationZone::Field),
            (&p.hand, ActivationZone::Hand),
            (&p.ex_area, ActivationZone::ExArea),
            (&p.cemetery, ActivationZone::Cemetery),
        ];
        for (cards, zone) in zones {
            // Most zones of most card pools hold no activated ability.
            if !self.db.all_activations().from(zone, quick_window) {
                continue;
            }
            for &card in cards {
                let def_id = self.state.current_def_id(card);
                if self.db.activations(def_id).from(zone, quick_window) {
                    for (idx, advanced) in self.activated_from(def_id, zone, quick_window) {
                        if self.can_activate(player, card, def_id, idx) {
                            out.push(Action::Activate { card, ability: idx });
                        }
                        // 1 EP may pay 1 PP of an `[adv]` ability's cost
                        // (CR 12.16.3).
                        if advanced && self.can_activate_with_ep(player, card, idx) {
                            out.push(Action::ActivateWithEp { card, ability: idx });
                        }
                    }
                }
                if keyword_activations {
                    self.push_keyword_activations(player, card, zone, quick_window, out);
                }
            }
        }
    }

    /// The activated abilities of definition `def` that work from `zone`
    /// now, each with whether it is `[adv]`.
    fn activated_from(
        &self,
        def: DefId,
        zone: ActivationZone,
        quick_window: bool,
    ) -> impl Iterator<Item = (AbilityIdx, bool)> + '_ {
        let abilities = self.db.get(def).abilities.iter().enumerate();
        abilities.filter_map(move |(idx, ability)| match ability.kind {
            AbilityKind::Activated {
                quick,
                zone: ability_zone,
            } if ability_zone == zone && (quick || !quick_window) => {
                // OK: a definition has at most MAX_ABILITIES (64).
                Some((AbilityIdx(idx as u8), ability.advanced))
            }
            _ => None,
        })
    }

    /// The activated abilities of the declared keywords `card` has,
    /// printed or from an effect (`cards/declared.rs`), that work from
    /// `zone`.
    fn push_keyword_activations(
        &self,
        player: PlayerId,
        card: CardRef,
        zone: ActivationZone,
        quick_window: bool,
        out: &mut Vec<Action>,
    ) {
        // Given by a continuous ability too, in a pool where one gives a
        // declared keyword.
        let keywords = if self.db.passives_give_declared_keywords() {
            self.state.characteristics(&self.db, card).keywords
        } else {
            self.state.own_keywords(&self.db, card)
        } & self.db.keyword_activators();
        for keyword in keywords.declared_numbers() {
            let def = CardDb::keyword_def(keyword);
            if !self.db.activations(def).from(zone, quick_window) {
                continue;
            }
            // A declared keyword's abilities are never `[adv]`
            // (`DeclaredKeyword::unsupported`).
            for (ability, _) in self.activated_from(def, zone, quick_window) {
                if self.can_activate(player, card, def, ability) {
                    out.push(Action::ActivateKeyword {
                        card,
                        keyword,
                        ability,
                    });
                }
            }
        }
    }

    /// Whether an activated ability of definition `def` (the card's
    /// current one, or a declared keyword's it has) can be played now:
    /// once-per-turn use, the card's abilities not lost, costs payable in
    /// full (CR 10.4.2.2), condition.
    fn can_activate(
        &self,
        player: PlayerId,
        card: CardRef,
        def: DefId,
        ability: AbilityIdx,
    ) -> bool {
        self.can_activate_paying(player, card, def, ability, 0)
    }

    /// Whether an `[adv]` ability can be played now with 1 EP paying 1 PP
    /// of its cost: the player has the EP and the cost has play points.
    fn can_activate_with_ep(&self, player: PlayerId, card: CardRef, ability: AbilityIdx) -> bool {
        let def = self.state.current_def_id(card);
        let costs = &self.db.get(def).abilities[usize::from(ability.0)].costs;
        let has_pp = costs
            .iter()
            .any(|cost| matches!(cost, crate::cards::CostItem::PlayPoints(n) if *n >= 1));
        has_pp
            && self.state.player(player).ep >= 1
            && self.can_activate_paying(player, card, def, ability, 1)
    }

    /// [`Match::can_activate`] with `pp_by_ep` play points paid by EP.
    fn can_activate_paying(
        &self,
        player: PlayerId,
        card: CardRef,
        def: DefId,
        ability: AbilityIdx,
        pp_by_ep: i32,
    ) -> bool {
        let state = self.state.card(card);
        let ability_def = &self.db.get(def).abilities[usize::from(ability.0)];
        if ability_def.once_per_turn
            && state
                .ability_uses
                .used_in(AbilityUses::key(def, ability), self.state.turn)
        {
            return false;
        }
        // A card that lost all its abilities has none to activate
        // (later-sets §12.2); a declared keyword an effect gave it after
        // the loss works (its keywords here are those it has now,
        // `push_keyword_activations`), unless a passive takes them all.
        let lost = if CardDb::keyword_of_def(def).is_some() {
            self.state.lost_to_a_passive(&self.db, card)
        } else {
            self.state.lost_abilities_now(&self.db, card)
        };
        if lost {
            return false;
        }
        // Nor a Union Burst ability outside a Princess Connect deck
        // (CR 14.5.1.2).
        if ability_def.union_burst && !self.state.union_burst_works(card) {
            return false;
        }
        // An `[adv]` ability is the turn's evolve-equivalent ability: not
        // after an evolve or another `[adv]` ability this turn, even where
        // any number of evolves is allowed (CR 12.16.3, 8.3.2.1).
        if ability_def.advanced && self.state.player(player).evolved_this_turn {
            return false;
        }
        self.can_pay_costs_with(player, card, &ability_def.costs, pp_by_ep)
            && self.condition_holds_of(card, def, player, ability, None)
    }

    /// Asks the runner whether an ability of the card's current definition
    /// holds its condition; an error counts as "no" (and is logged).
    pub(crate) fn condition_holds(
        &self,
        card: CardRef,
        controller: PlayerId,
        ability: AbilityIdx,
        trigger_card: Option<CardRef>,
    ) -> bool {
        let def = self.state.current_def_id(card);
        self.condition_holds_of(card, def, controller, ability, trigger_card)
    }

    /// [`Match::condition_holds`] for an ability of definition `def`: the
    /// card's current one, or a declared keyword's it has.
    fn condition_holds_of(
        &self,
        card: CardRef,
        def: DefId,
        controller: PlayerId,
        ability: AbilityIdx,
        trigger_card: Option<CardRef>,
    ) -> bool {
        let run = ConditionCall {
            source: card,
            source_object: self.state.card(card).object,
            def,
            controller,
            trigger_card,
            amount: 0,
            executing: false,
        };
        self.condition_of(&run, ability)
    }

    /// Asks the runner whether an ability's condition holds, for an ability
    /// of a given definition: a pending ability keeps the definition it
    /// triggered from (an evolved follower's Last Words, once the card is in
    /// the cemetery as its base card, is still the evolved card's).
    pub(crate) fn condition_of(&self, run: &ConditionCall, ability: AbilityIdx) -> bool {
        let def_id = run.def;
        let info = AbilityInfo {
            source: run.source,
            source_object: run.source_object,
            def: def_id,
            ability,
            controller: run.controller,
            trigger_card: run.trigger_card,
            amount: run.amount,
            fused: Vec::new(),
            x: 0,
            executing: run.executing,
        };
        let query = AbilityQuery::new(&self.state, &self.db, &info);
        match self.runner.condition(&query) {
            Ok(holds) => holds,
            Err(message) => {
                let def = self.db.get(def_id);
                tracing::warn!(card = %def.id, %message, "ability condition failed");
                false
            }
        }
    }

    fn push_evolutions(&self, player: PlayerId, card: CardRef, out: &mut Vec<Action>) {
        let p = self.state.player(player);
        if self.state.phase != crate::engine::state::Phase::Main {
            return;
        }
        // Once per turn, unless a card on the field lifts the limit for
        // evolve abilities (later-sets §12.1; serving keeps it).
        if p.evolved_this_turn
            && !self
                .state
                .field_grants(&self.db, player, Keywords::EVOLVE_ANY_NUMBER)
        {
            return;
        }
        // An evolved follower can't evolve again (`evolve_options`), and
        // without a printed evolve cost no effect gives one: both are
        // cheaper to see than the characteristics.
        let state = self.state.card(card);
        if state.evolved_with.is_some() || self.db.get(state.def).evolve_cost.is_none() {
            return;
        }
        let Some(cost) = self.state.characteristics(&self.db, card).evolve_cost else {
            return;
        };
        if !self.can_evolve_into_any(card) {
            return;
        }
        let seat = if p.goes_first { 0 } else { 1 };
        let can_super = p.sep >= 1 && p.turns_passed >= SUPER_EVOLVE_TURNS[seat];
        for super_evolve in [false, true] {
            if super_evolve && !can_super {
                continue;
            }
            if self.evolve_payable(card, cost, false, p.pp) {
                out.push(Action::Evolve {
                    card,
                    use_ep: false,
                    super_evolve,
                });
            }
            // 1 EP in lieu of 1 PP, only if the cost includes PP (CR 12.2.3).
            if p.ep >= 1 && self.evolve_payable(card, cost, true, p.pp) {
                out.push(Action::Evolve {
                    card,
                    use_ep: true,
                    super_evolve,
                });
            }
        }
    }

    /// Both fields' characteristics now: as rules handling last read them
    /// when nothing has changed since, else read again.
    fn field_now(&self) -> std::borrow::Cow<'_, [(CardRef, Characteristics)]> {
        match self.settled_field() {
            Some(field) => {
                // Test builds check the reuse against a fresh reading.
                debug_assert_eq!(
                    field,
                    self.state.field_characteristics(&self.db).as_slice(),
                    "rules handling's reading of the fields went stale"
                );
                std::borrow::Cow::Borrowed(field)
            }
            None => std::borrow::Cow::Owned(self.state.field_characteristics(&self.db)),
        }
    }

    /// Whether a follower may attack (rules-coverage.md §8.1, CR 8.4.2).
    pub fn can_attack(&self, attacker: CardRef) -> bool {
        let field = self.field_now();
        self.may_attack(attacker, &field) && !self.attack_targets_on(attacker, &field).is_empty()
    }

    /// Legal targets for an attacker (rules-coverage.md §8.2).
    pub fn attack_targets(&self, attacker: CardRef) -> Vec<AttackTarget> {
        let field = self.field_now();
        self.attack_targets_on(attacker, &field)
    }

    /// [`Match::can_attack`] but for its targets: the attacker is a ready
    /// follower that may attack this turn. `field` is
    /// [`GameState::field_characteristics`](crate::engine::state::GameState::field_characteristics).
    fn may_attack(&self, attacker: CardRef, field: &[(CardRef, Characteristics)]) -> bool {
        let state = self.state.card(attacker);
        if state.zone != Zone::Field || state.engaged {
            return false;
        }
        let Some(stats) = characteristics_in(field, attacker) else {
            return false;
        };
        if !stats.card_type.is_follower() || stats.keywords.contains(Keywords::CANNOT_ATTACK) {
            return false;
        }
        let since_turn_start = state.entered_turn < self.state.turn;
        let evolved_now = state.evolved_turn == self.state.turn;
        since_turn_start
            || evolved_now
            || stats.keywords.intersects(Keywords::STORM | Keywords::RUSH)
    }

    /// [`Match::attack_targets`] with both fields' characteristics given.
    fn attack_targets_on(
        &self,
        attacker: CardRef,
        field: &[(CardRef, Characteristics)],
    ) -> Vec<AttackTarget> {
        let mut targets = Vec::new();
        self.for_each_attack_target(attacker, field, |target| targets.push(target));
        targets
    }

    /// Hands each legal target of `attacker` to `visit`, in field order
    /// and then the leader, without collecting them: legal actions list
    /// them at every main-phase decision.
    fn for_each_attack_target(
        &self,
        attacker: CardRef,
        field: &[(CardRef, Characteristics)],
        mut visit: impl FnMut(AttackTarget),
    ) {
        let state = self.state.card(attacker);
        let player = state.controller;
        let opponent = player.opponent();
        let keywords = characteristics_in(field, attacker)
            .unwrap_or_else(|| self.state.characteristics(&self.db, attacker))
            .keywords;
        let assail = keywords.contains(Keywords::ASSAIL);
        let opponents = &self.state.player(opponent).field;
        // A follower the attacker may attack, and whether it is an engaged
        // Ward follower.
        let attackable = |card: CardRef| -> Option<bool> {
            let target = self.state.card(card);
            let stats = characteristics_in(field, card)?;
            if !stats.card_type.is_follower()
                || stats.keywords.contains(Keywords::INTIMIDATE)
                || !(target.engaged || assail)
            {
                return None;
            }
            Some(target.engaged && stats.keywords.contains(Keywords::WARD))
        };
        // While an engaged Ward follower can be attacked, only those can
        // (unless the attacker ignores Ward), and not the leader.
        let ward_lock = !keywords.contains(Keywords::IGNORE_WARD)
            && opponents.iter().any(|&card| attackable(card) == Some(true));
        for &card in opponents {
            match attackable(card) {
                Some(ward) if ward || !ward_lock => {
                    visit(AttackTarget::Follower(card, self.state.card(card).object));
                }
                _ => {}
            }
        }
        if ward_lock {
            return;
        }
        let since_turn_start = state.entered_turn < self.state.turn;
        if (since_turn_start || keywords.contains(Keywords::STORM))
            && !keywords.contains(Keywords::CANNOT_ATTACK_LEADERS)
        {
            visit(AttackTarget::Leader(opponent));
        }
    }
}

/// A field card's entry in a list of field characteristics.
fn characteristics_in(
    field: &[(CardRef, Characteristics)],
    card: CardRef,
) -> Option<Characteristics> {
    field
        .iter()
        .find(|(c, _)| *c == card)
        .map(|(_, stats)| *stats)
}

/// Whose ability a condition is asked for (see [`Match::condition_of`]).
pub(crate) struct ConditionCall {
    pub source: CardRef,
    pub source_object: crate::engine::ObjectId,
    pub def: crate::engine::DefId,
    pub controller: PlayerId,
    pub trigger_card: Option<CardRef>,
    pub amount: i32,
    /// Asked for executing a `[ub]` ability without its cost
    /// ([`AbilityInfo::executing`]).
    pub executing: bool,
}
