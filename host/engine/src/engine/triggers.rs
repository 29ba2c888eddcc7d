//! Collecting automatic abilities from events (rules-coverage.md §11.4, CR 10.7.2):
//! every ability whose trigger an event satisfies becomes pending once per
//! occurrence. Leave-the-field triggers read the card as it was on the
//! field (look-back, CR 10.7.4.1), and cards leaving at the same moment see
//! each other leave (CR 10.7.4.2; see `actions/leave.rs`).

use super::Match;
use super::event::{DamageKind, Event, MoveCause};
use super::ids::{AbilityIdx, CardRef, DefId, ObjectId, PlayerId};
use super::mutation::Mutation;
use super::state::{AttackTarget, LookBack, PendingAbility, PendingWhat, Phase, Zone};
use crate::cards::{
    AbilityKind, CardDb, CardFilter, CardType, Keywords, Trigger, TriggerKinds, Whose,
};

/// Short for the kinds' constants.
type K = TriggerKinds;

impl Match {
    /// Adds the pending abilities an event triggers.
    pub(crate) fn collect_triggers(&mut self, event: &Event) {
        let mut found: Vec<PendingAbility> = Vec::new();
        if !self.state.delayed.is_empty() {
            self.collect_delayed(event, &mut found);
        }
        // A sandbox edit triggers nothing, nor does a card put onto the
        // field face down at set-up (a Starting Amulet does nothing until
        // it is turned face up, later-sets §2.2).
        let triggers_nothing = matches!(
            event,
            Event::Moved {
                cause: MoveCause::Sandbox | MoveCause::FaceDownSetup,
                ..
            }
        );
        if !self.db_has_triggers || triggers_nothing {
            for pending in found {
                self.apply(Mutation::AddPending(pending));
            }
            return;
        }
        let mut batched: Vec<PendingAbility> = Vec::new();
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
                    self.own_triggers(card, None, &mut found, K::FANFARE, |t| {
                        matches!(t, Trigger::Fanfare)
                    });
                    self.ally_triggers(
                        owner,
                        card,
                        &mut found,
                        K::ON_OTHER_ENTER_FIELD,
                        |t| match t {
                            Trigger::OnOtherEnterField(f) => Some(f),
                            _ => None,
                        },
                    );
                }
                if from == Zone::Field && to != Zone::Field {
                    // Look-back (CR 10.7.4.1): the card as it was on the
                    // field, kept before it moved.
                    let was = self.leaving.of(card);
                    let field_def = was.map_or(evolved.unwrap_or(def), |w| w.def);
                    let kinds = K::LAST_WORDS
                        .with(K::ON_LEAVE_FIELD)
                        .with(K::ON_RETURN_TO_HAND_FROM_FIELD);
                    self.lookback_triggers(card, field_def, controller, &mut found, kinds, |t| {
                        match t {
                            Trigger::LastWords => to == Zone::Cemetery,
                            Trigger::OnLeaveField => true,
                            Trigger::OnReturnToHandFromField => to == Zone::Hand,
                            _ => false,
                        }
                    });
                    if let Some(was) = was {
                        self.leave_watchers(
                            controller,
                            was,
                            &mut found,
                            K::ON_OTHER_LEAVE_FIELD,
                            |t| match t {
                                Trigger::OnOtherLeaveField(f) => Some(f),
                                _ => None,
                            },
                        );
                        self.leave_watchers(
                            controller.opponent(),
                            was,
                            &mut found,
                            K::ON_OPPONENT_CARD_LEAVE_FIELD,
                            |t| match t {
                                Trigger::OnOpponentCardLeaveField(f) => Some(f),
                                _ => None,
                            },
                        );
                        if matches!(cause, MoveCause::Destroy { .. }) {
                            self.leave_watchers(
                                controller.opponent(),
                                was,
                                &mut found,
                                K::ON_OPPONENT_CARD_DESTROYED,
                                |t| match t {
                                    Trigger::OnOpponentCardDestroyed(f) => Some(f),
                                    _ => None,
                                },
                            );
                        }
                    }
                }
                if self.db.all_trigger_kinds().meets(K::ON_MOVE) {
                    let start = found.len();
                    self.move_hooks(card, def, controller, (from, to, cause), &mut found);
                    // Once-per-batch hooks count this move in its batch
                    // (`actions/batch.rs`) rather than trigger now.
                    let mut at = start;
                    while at < found.len() {
                        if self.per_batch_hook(&found[at]) {
                            batched.push(found.remove(at));
                        } else {
                            at += 1;
                        }
                    }
                }
                if from == Zone::Hand && cause == MoveCause::Discard {
                    self.lookback_triggers(
                        card,
                        def,
                        controller,
                        &mut found,
                        K::ON_DISCARDED,
                        |t| matches!(t, Trigger::OnDiscarded),
                    );
                }
            }
            Event::Evolved {
                card, super_evolve, ..
            } => {
                let controller = self.state.card(card).controller;
                let kinds = K::ON_EVOLVE.with(K::ON_SUPER_EVOLVE);
                self.own_triggers(card, Some(card), &mut found, kinds, |t| match t {
                    Trigger::OnEvolve => true,
                    Trigger::OnSuperEvolve => super_evolve,
                    _ => false,
                });
                self.ally_triggers(
                    controller,
                    card,
                    &mut found,
                    K::ON_OTHER_EVOLVE,
                    |t| match t {
                        Trigger::OnOtherEvolve(f) => Some(f),
                        _ => None,
                    },
                );
            }
            // "Whenever a [ub] ability of another follower on your field is
            // executed" (later-sets §1.2): its follower must still be on the
            // field.
            Event::AbilityResolved {
                card,
                def,
                ability: PendingWhat::Ability(ability),
            } if self.db.is_union_burst(def, ability)
                && self.state.card(card).zone == Zone::Field
                && self
                    .state
                    .current_def(&self.db, card)
                    .card_type
                    .is_follower() =>
            {
                let controller = self.state.card(card).controller;
                self.ally_triggers(controller, card, &mut found, K::ON_OTHER_UNION_BURST, |t| {
                    match t {
                        Trigger::OnOtherUnionBurst(f) => Some(f),
                        _ => None,
                    }
                });
            }
            // "Whenever you fuse a [filter] card" (later-sets §9): once per
            // fused card, read in the cemetery (a fused token keeps its
            // printed information).
            Event::Fused { card, by, .. } => {
                let controller = self.state.card(by).controller;
                self.ally_triggers(controller, card, &mut found, K::ON_FUSE, |t| match t {
                    Trigger::OnFuse(f) => Some(f),
                    _ => None,
                });
                // "When this card is fused by your [filter] card's ability"
                // works in the cemetery, where the fused card now is.
                if self.state.card(card).zone == Zone::Cemetery {
                    self.push_matching(
                        &self.holder_now(card),
                        Some(by),
                        &mut found,
                        K::ON_FUSED,
                        |t| {
                            matches!(t, Trigger::OnFused(f)
                                if self.state.matches(&self.db, by, f, Some(card)))
                        },
                    );
                }
            }
            // "On Drive" (later-sets §2.4, CR 14.4.8): the follower's own.
            Event::DriveGiven { card } => {
                self.own_triggers(card, None, &mut found, K::ON_DRIVE, |t| {
                    matches!(t, Trigger::OnDrive)
                });
            }
            // "Whenever a follower on your field performs a drive check"
            // (later-sets §2.4): once per check, the performing follower
            // among the watchers; it waits for the Confirmation Timing
            // after the whole drive.
            Event::DriveChecked { player, by, .. }
                if self.state.card(by).zone == Zone::Field
                    && self.state.card(by).controller == player
                    && self
                        .db
                        .get(self.state.current_def_id(by))
                        .card_type
                        .is_follower() =>
            {
                self.field_watchers(player, by, &mut found, K::ON_DRIVE_CHECK, |t| match t {
                    Trigger::OnDriveCheck(f) => Some(f),
                    _ => None,
                });
            }
            // "When you drive check a Trigger" (later-sets §2.3, CR
            // 14.4.5.1.4): a resolved Trigger only.
            Event::TriggerResolved { player, card, .. } => {
                self.field_watchers(
                    player,
                    card,
                    &mut found,
                    K::ON_DRIVE_CHECK_TRIGGER,
                    |t| match t {
                        Trigger::OnDriveCheckTrigger(f) => Some(f),
                        _ => None,
                    },
                );
            }
            // "When a follower equips this" (later-sets §5, CR 14.5.2.2.2):
            // the token's own, in the equipment zone; the follower is the
            // trigger card.
            Event::Equipped { token, follower } => {
                self.own_triggers(token, Some(follower), &mut found, K::ON_EQUIPPED, |t| {
                    matches!(t, Trigger::OnEquipped)
                });
            }
            Event::AttackDeclared { attacker, target } => {
                let controller = self.state.card(attacker).controller;
                let at_leader = matches!(target, AttackTarget::Leader(_));
                let kinds = K::STRIKE.with(K::FOLLOWER_STRIKE).with(K::LEADER_STRIKE);
                self.own_triggers(attacker, Some(attacker), &mut found, kinds, |t| match t {
                    Trigger::Strike => true,
                    Trigger::FollowerStrike => !at_leader,
                    Trigger::LeaderStrike => at_leader,
                    _ => false,
                });
                self.ally_triggers(
                    controller,
                    attacker,
                    &mut found,
                    K::ON_OTHER_ATTACK,
                    |t| match t {
                        Trigger::OnOtherAttack(f) => Some(f),
                        _ => None,
                    },
                );
            }
            Event::CardPlayed { player, card, def }
                if self.db.get(def).card_type == CardType::Spell =>
            {
                self.ally_triggers(player, card, &mut found, K::ON_PLAY_SPELL, |t| match t {
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
                self.own_triggers(
                    source,
                    Some(card),
                    &mut found,
                    K::ON_DEAL_COMBAT_DAMAGE,
                    |t| matches!(t, Trigger::OnDealCombatDamage),
                );
            }
            Event::LeaderDefense { player, from, to } if to > from => {
                let leader = self.state.player(player).leader;
                self.ally_triggers(player, leader, &mut found, K::ON_LEADER_GAIN_DEFENSE, |t| {
                    match t {
                        Trigger::OnLeaderGainDefense => Some(&ANY),
                        _ => None,
                    }
                });
            }
            // "When your leader's defense becomes 0 or less" (later-sets
            // §12.3): it was more than 0.
            Event::LeaderDefense { player, from, to } if from > 0 && to <= 0 => {
                let leader = self.state.player(player).leader;
                self.ally_triggers(player, leader, &mut found, K::ON_LEADER_DEFENSE_ZERO, |t| {
                    match t {
                        Trigger::OnLeaderDefenseZero => Some(&ANY),
                        _ => None,
                    }
                });
            }
            Event::PhaseStarted { phase } => {
                let active = self.state.active;
                let kinds = K::START_MAIN_PHASE
                    .with(K::START_OPPONENT_MAIN_PHASE)
                    .with(K::START_END_PHASE)
                    .with(K::START_OPPONENT_END_PHASE);
                for player in PlayerId::BOTH {
                    let own = player == active;
                    for card in self.state.ability_cards(&self.db, player) {
                        self.own_triggers(card, None, &mut found, kinds, |t| match (phase, t) {
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
        for pending in batched {
            self.batch_hook_matched(pending);
        }
    }

    /// Whether a pending ability is a once-per-batch move hook's
    /// (`MoveHook::per_batch`).
    fn per_batch_hook(&self, pending: &PendingAbility) -> bool {
        let Some(idx) = pending.what.ability() else {
            return false;
        };
        self.db
            .get(pending.def)
            .abilities
            .get(usize::from(idx.0))
            .is_some_and(|ability| {
                matches!(&ability.kind, AbilityKind::Triggered(Trigger::OnMove(hook)) if hook.per_batch)
            })
    }

    /// Move hooks (`cards/hooks.rs`) a card's move answers: its own
    /// ("when this card moves"), read as it was where it was when it left
    /// the field, and those of the field cards watching other cards' moves
    /// (the cards leaving the field with it among them, as they were there).
    fn move_hooks(
        &self,
        card: CardRef,
        def: DefId,
        controller: PlayerId,
        (from, to, cause): (Zone, Zone, MoveCause),
        found: &mut Vec<PendingAbility>,
    ) {
        let came_from = self.state.card(card).came_from;
        let owner = self.state.card(card).owner;
        let was = self.leaving.of(card);
        let own_def = was.map_or(def, |w| w.def);
        self.lookback_triggers(card, own_def, controller, found, K::ON_MOVE, |t| match t {
            Trigger::OnMove(hook) => {
                (hook.this_card || hook.with_this_card) && hook.answers(from, to, came_from, cause)
            }
            _ => false,
        });
        let staying = PlayerId::BOTH
            .into_iter()
            .flat_map(|player| self.state.ability_cards(&self.db, player))
            .filter(|c| *c != card && !self.leaving.contains(*c))
            .map(|c| self.holder_before_leaving(c));
        let going = self
            .leaving
            .cards
            .iter()
            .filter(|other| other.card != card)
            .map(Holder::from);
        let watchers: Vec<Holder<'_>> = staying.chain(going).collect();
        for watcher in &watchers {
            self.push_matching(watcher, Some(card), found, K::ON_MOVE, |t| {
                let Trigger::OnMove(hook) = t else {
                    return false;
                };
                let whose = match hook.whose {
                    Whose::Yours => owner == watcher.controller,
                    Whose::Opponents => owner != watcher.controller,
                    Whose::Anyone => true,
                };
                whose
                    && !hook.this_card
                    && hook.answers(from, to, came_from, cause)
                    && match was {
                        Some(was) => self.state.matched_where_it_was(
                            &self.db,
                            was,
                            &hook.filter,
                            Some(watcher.card),
                        ),
                        None => {
                            self.state
                                .matches(&self.db, card, &hook.filter, Some(watcher.card))
                        }
                    }
            });
        }
    }

    /// Triggers of a card in its current zone: the field, or a crest's EX
    /// area (later-sets §4).
    fn own_triggers(
        &self,
        card: CardRef,
        trigger_card: Option<CardRef>,
        found: &mut Vec<PendingAbility>,
        kinds: TriggerKinds,
        wants: impl Fn(&Trigger) -> bool,
    ) {
        if !self.state.abilities_work_here(&self.db, card) {
            return;
        }
        self.push_matching(&self.holder_now(card), trigger_card, found, kinds, wants);
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
            let holder = Holder {
                card: spell,
                object: state.object,
                def: state.def,
                controller: active,
                ability_uses: &state.ability_uses,
                declared: self.declared_keywords_of(spell),
                lost: false,
            };
            self.push_matching(&holder, Some(spell), found, K::START_END_PHASE, |t| {
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
        kinds: TriggerKinds,
        wants: impl Fn(&Trigger) -> bool,
    ) {
        // A card that left the field had the keywords it had there.
        // A card that left the field had the keywords it had there, and had
        // lost its abilities if it had there (later-sets §11.1 LB-2).
        let now = self.holder_now(card);
        let (declared, lost) = match self.leaving.of(card) {
            Some(was) => (
                Keywords::from_declared(was.stats.keywords.declared_bits()),
                was.stats.keywords.contains(Keywords::LOSES_ALL_ABILITIES),
            ),
            None => (now.declared, now.lost),
        };
        let holder = Holder {
            def,
            controller,
            declared,
            lost,
            ..now
        };
        self.push_matching(&holder, Some(card), found, kinds, wants);
    }

    /// "Other card on your field" triggers of `player`'s field cards.
    fn ally_triggers(
        &self,
        player: PlayerId,
        cause_card: CardRef,
        found: &mut Vec<PendingAbility>,
        kinds: TriggerKinds,
        filter_of: impl Fn(&Trigger) -> Option<&CardFilter> + Copy,
    ) {
        self.watchers(player, cause_card, false, found, kinds, filter_of);
    }

    /// "Whenever a follower on your field ..." triggers: as
    /// [`Match::ally_triggers`], the cause card among the watchers.
    fn field_watchers(
        &self,
        player: PlayerId,
        cause_card: CardRef,
        found: &mut Vec<PendingAbility>,
        kinds: TriggerKinds,
        filter_of: impl Fn(&Trigger) -> Option<&CardFilter> + Copy,
    ) {
        self.watchers(player, cause_card, true, found, kinds, filter_of);
    }

    /// Triggers of `player`'s cards whose abilities work, for `cause_card`
    /// matching their filter; the cause card's own only when
    /// `cause_watches`.
    fn watchers(
        &self,
        player: PlayerId,
        cause_card: CardRef,
        cause_watches: bool,
        found: &mut Vec<PendingAbility>,
        kinds: TriggerKinds,
        filter_of: impl Fn(&Trigger) -> Option<&CardFilter> + Copy,
    ) {
        if !self.db.all_trigger_kinds().meets(kinds) {
            return;
        }
        for watcher in self.state.ability_cards(&self.db, player) {
            if watcher == cause_card && !cause_watches {
                continue;
            }
            self.push_matching(
                &self.holder_now(watcher),
                Some(cause_card),
                found,
                kinds,
                |t| {
                    filter_of(t)
                        .is_some_and(|f| self.state.matches(&self.db, cause_card, f, Some(watcher)))
                },
            );
        }
    }

    /// "Whenever another card leaves the field" triggers of `player`'s
    /// cards, for the card that left as it `was` there (CR 10.7.4.1). The
    /// cards leaving at the same moment watch too, as they were on the
    /// field, so each sees the others go (CR 10.7.4.2).
    fn leave_watchers(
        &self,
        player: PlayerId,
        was: &LookBack,
        found: &mut Vec<PendingAbility>,
        kinds: TriggerKinds,
        filter_of: impl Fn(&Trigger) -> Option<&CardFilter> + Copy,
    ) {
        if !self.db.all_trigger_kinds().meets(kinds) {
            return;
        }
        let staying = self
            .state
            .ability_cards(&self.db, player)
            .filter(|c| !self.leaving.contains(*c))
            .map(|c| self.holder_before_leaving(c));
        let going = self
            .leaving
            .cards
            .iter()
            .filter(|other| other.controller == player)
            .map(Holder::from);
        let watchers: Vec<Holder<'_>> = staying.chain(going).collect();
        for watcher in watchers.iter().filter(|w| w.card != was.card) {
            self.push_matching(watcher, Some(was.card), found, kinds, |t| {
                filter_of(t).is_some_and(|f| {
                    self.state
                        .matched_where_it_was(&self.db, was, f, Some(watcher.card))
                })
            });
        }
    }

    /// A card that stays on the field, watching cards leave it: as it is
    /// now, but with what the passives gave or took before they moved,
    /// where that was kept (`Leaving::watchers`, CR 10.7.4.1): a keyword a
    /// leaving card gave it by a continuous ability still counts, and
    /// abilities a leaving card's passive took stay lost.
    fn holder_before_leaving(&self, card: CardRef) -> Holder<'_> {
        let object = self.state.card(card).object;
        let (declared, lost_to_a_passive) = match self.leaving.watcher_before(card, object) {
            Some(was) => (was.declared, was.lost_to_a_passive),
            None => self.passives_on_now(card),
        };
        self.holder(card, declared, lost_to_a_passive)
    }

    /// A card as it is now: its current definition (the evolved card's on
    /// the field), controller and declared keywords.
    fn holder_now(&self, card: CardRef) -> Holder<'_> {
        let (declared, lost_to_a_passive) = self.passives_on_now(card);
        self.holder(card, declared, lost_to_a_passive)
    }

    /// What the passives in play give a card and take from it now, as its
    /// triggers read them: its declared keywords, and whether a passive
    /// took all its abilities. A passive that takes all abilities takes
    /// the declared keywords too (passives have no timestamps: all of
    /// them).
    pub(crate) fn passives_on_now(&self, card: CardRef) -> (Keywords, bool) {
        let lost_to_a_passive = self.state.lost_to_a_passive(&self.db, card);
        let declared = if lost_to_a_passive {
            Keywords::empty()
        } else {
            self.declared_keywords_of(card)
        };
        (declared, lost_to_a_passive)
    }

    /// A card as it is now but for what the passives give and take, given.
    fn holder(&self, card: CardRef, declared: Keywords, lost_to_a_passive: bool) -> Holder<'_> {
        let state = self.state.card(card);
        Holder {
            card,
            object: state.object,
            def: self.state.current_def_id(card),
            controller: state.controller,
            ability_uses: &state.ability_uses,
            declared,
            lost: lost_to_a_passive || self.state.lost_abilities(&self.db, card),
        }
    }

    /// The declared keywords a card has now (none, cheaply, in a pool that
    /// declares none): printed, given by an effect, or by a continuous
    /// ability in a pool where one gives such a keyword. Triggers are
    /// collected in the middle of a change, where the cached
    /// characteristics may not hold yet (`state/cache.rs`), so they are
    /// read from the card itself, or worked out afresh with the passives.
    fn declared_keywords_of(&self, card: CardRef) -> Keywords {
        if !self.db.has_declared_keywords() {
            return Keywords::empty();
        }
        let keywords = if self.db.passives_give_declared_keywords() {
            self.state.keywords_afresh(&self.db, card)
        } else {
            self.state.own_keywords(&self.db, card)
        };
        Keywords::from_declared(keywords.declared_bits())
    }

    fn push_matching(
        &self,
        holder: &Holder<'_>,
        trigger_card: Option<CardRef>,
        found: &mut Vec<PendingAbility>,
        kinds: TriggerKinds,
        wants: impl Fn(&Trigger) -> bool,
    ) {
        // Most cards have no trigger of the kinds an event sets off. A card
        // that lost all its abilities has none of its own (later-sets
        // §12.2); declared keywords given afterwards still work.
        if self.db.trigger_kinds(holder.def).meets(kinds) && !holder.lost {
            self.push_abilities_of(holder, holder.def, trigger_card, found, &wants);
        }
        // A declared keyword's abilities are the card's (cards/declared.rs),
        // in keyword order after its own.
        if !holder.declared.is_empty()
            && self.db.declared_trigger_kinds(holder.declared).meets(kinds)
        {
            for n in holder.declared.declared_numbers() {
                let def = CardDb::keyword_def(n);
                if self.db.trigger_kinds(def).meets(kinds) {
                    self.push_abilities_of(holder, def, trigger_card, found, &wants);
                }
            }
        }
    }

    /// The automatic abilities of definition `def` (the holder's own, or a
    /// declared keyword's) that `wants` takes, as the holder's.
    fn push_abilities_of(
        &self,
        holder: &Holder<'_>,
        def: DefId,
        trigger_card: Option<CardRef>,
        found: &mut Vec<PendingAbility>,
        wants: &impl Fn(&Trigger) -> bool,
    ) {
        for (idx, ability) in self.db.get(def).abilities.iter().enumerate() {
            let AbilityKind::Triggered(trigger) = &ability.kind else {
                continue;
            };
            if !wants(trigger) {
                continue;
            }
            let ability_idx = AbilityIdx(idx as u8);
            // A declared keyword's once-per-turn ability is counted apart
            // from the card's own (`AbilityUses::key`).
            if ability.once_per_turn
                && holder.ability_uses.used_in(
                    crate::engine::state::AbilityUses::key(def, ability_idx),
                    self.state.turn,
                )
            {
                continue;
            }
            // A Union Burst ability works only in a Princess Connect deck
            // (CR 14.5.1.2).
            if ability.union_burst && !self.state.union_burst_works(holder.card) {
                continue;
            }
            found.push(PendingAbility {
                source: holder.card,
                source_object: holder.object,
                def,
                what: PendingWhat::Ability(ability_idx),
                controller: holder.controller,
                trigger_card,
                amount: 0,
            });
        }
    }
}

/// A card whose automatic abilities are checked: one as it is now, or one
/// that is leaving the field, as it was there.
struct Holder<'a> {
    card: CardRef,
    object: ObjectId,
    def: DefId,
    controller: PlayerId,
    ability_uses: &'a crate::engine::state::AbilityUses,
    /// The declared keywords it has (there), whose abilities are its own.
    declared: Keywords,
    /// It has lost all its abilities (there; later-sets §12.2).
    lost: bool,
}

impl<'a> From<&'a LookBack> for Holder<'a> {
    fn from(was: &'a LookBack) -> Holder<'a> {
        Holder {
            card: was.card,
            object: was.object,
            def: was.def,
            controller: was.controller,
            ability_uses: &was.ability_uses,
            declared: Keywords::from_declared(was.stats.keywords.declared_bits()),
            lost: was.stats.keywords.contains(Keywords::LOSES_ALL_ABILITIES),
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
