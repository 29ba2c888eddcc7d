//! What changes cards and players: draw, damage, destroy, move, create
//! tokens, give effects, evolve. Each action is made of mutations; the
//! replacement rules that belong to an action live with it (Stack counters
//! instead of leaving the field and cards leaving together in `leave.rs`,
//! tokens ceasing to exist, damage modifiers).
//! Procedures (who may do what, when) are in `flow/`.

mod batch;
mod equipment;
mod evolve;
mod leave;
mod race;
mod ride;
mod union_burst;

pub(crate) use batch::MoveBatch;
pub use batch::MoveKind;
pub(crate) use evolve::{EvolveOption, pays_evolve_cost};
pub(crate) use leave::{Leave, Leaving};
pub(crate) use race::can_race;
pub use ride::DRIVE_POINT;

use super::Match;
use super::ability::TokenDestination;
use super::event::{DamageKind, MoveCause, Resource};
use super::flow::damage_order::Hit;
use super::ids::{CardRef, DefId, PlayerId};
use super::mutation::{Mutation, Place, PlayerFlag};
use super::state::query::MAX_PP;
use super::state::{Duration, Effect, EffectKind, Zone};
use crate::cards::{Counter, Keywords};

impl Match {
    /// Moves a card, then removes it from the game if it is a token that
    /// went anywhere but the field, EX area or resolution zone (CR 9.1.3),
    /// or a token of a kind (a crest, a declared kind: `TokenRules`) that
    /// went anywhere its kind may not be: a crest anywhere but an EX area
    /// (CR 9.1.4.4). A token of a kind with one of a name per zone is not
    /// moved into a zone of its player holding one of its name (CR
    /// 9.1.5.1.3).
    pub(crate) fn move_card(
        &mut self,
        card: CardRef,
        to_player: PlayerId,
        to: Zone,
        place: Place,
        cause: MoveCause,
    ) {
        let def_id = self.state.card(card).def;
        let kind = self.db.token_rules(def_id);
        if kind.is_some_and(|rules| rules.one_per_name)
            && self.token_named_in(to_player, to, &self.db.get(def_id).name, Some(card))
        {
            return;
        }
        self.apply(Mutation::Move {
            card,
            to_player,
            to,
            place,
            cause,
        });
        let token = self.db.get(self.state.card(card).def);
        let is_token = token.is_token;
        let vanishes = if let Some(rules) = kind {
            // Being played passes through the resolution zone on its way
            // to the field.
            !match to {
                Zone::Field | Zone::Resolution => rules.field,
                Zone::ExArea => rules.ex_area,
                _ => false,
            }
        } else if token.equipment {
            // An equipment token exists only in an equipment zone
            // (later-sets §5, CR 4.16).
            to != Zone::Equipment
        } else {
            is_token && !matches!(to, Zone::Field | Zone::ExArea | Zone::Resolution)
        };
        if vanishes {
            self.apply(Mutation::Move {
                card,
                to_player,
                to: Zone::RemovedFromGame,
                place: Place::Top,
                cause: MoveCause::TokenRemoved,
            });
        } else if self.db.get(self.state.card(card).def).advanced
            && !matches!(
                to,
                Zone::Field | Zone::ExArea | Zone::Resolution | Zone::EvolveDeck
            )
        {
            // An advanced card is only ever on the field, in an EX area,
            // being played or in an evolve deck (CR 9.2.2): sent anywhere
            // else it goes there (the move's events happen), then right
            // after face up into its owner's evolve deck, used.
            let owner = self.state.card(card).owner;
            self.apply(Mutation::Move {
                card,
                to_player: owner,
                to: Zone::EvolveDeck,
                place: Place::Top,
                cause: MoveCause::RulesHandling,
            });
            self.apply(Mutation::SetFaceUp(card, true));
        }
    }

    /// Unlinks the cards of the equipment and drive zones linked to
    /// `follower`, which is leaving the field (CR 14.5.2.4, 11.10.1).
    pub(crate) fn unlink_cards_of(&mut self, follower: CardRef) {
        for player in PlayerId::BOTH {
            let p = &self.state.players[player.idx()];
            for card in p.equipment.iter().chain(p.drive_zone.iter()) {
                let state = &mut self.state.cards[card.idx()];
                if state.linked_to == Some(follower) {
                    state.linked_to = None;
                }
            }
        }
    }

    /// The player draws one card; from an empty deck they will lose at the
    /// next rules handling (CR 11.2.2), unless they can't lose now: then
    /// that draw never causes a loss, even after the card that kept them
    /// from losing is gone (later-sets §12.3).
    pub(crate) fn draw(&mut self, player: PlayerId) {
        match self.state.player(player).deck.last().copied() {
            Some(card) => self.move_card(card, player, Zone::Hand, Place::Top, MoveCause::Draw),
            None if self
                .state
                .field_grants(&self.db, player, Keywords::CANNOT_LOSE) => {}
            None => self.apply(Mutation::SetFlag(
                player,
                PlayerFlag::DrewFromEmptyDeck,
                true,
            )),
        }
    }

    /// Deals damage to a follower on the field after damage replacements
    /// (rules-coverage.md §9.3, later-sets §11.2). Damage of 0 or less is
    /// not dealt (CR 1.3.2.2). Returns the damage dealt.
    pub(crate) fn deal_damage_to_follower(
        &mut self,
        card: CardRef,
        amount: i32,
        kind: DamageKind,
        source: Option<CardRef>,
    ) -> i32 {
        let state = self.state.card(card);
        if state.zone != Zone::Field {
            return 0;
        }
        let keywords = self.state.characteristics(&self.db, card).keywords;
        let amount = self.replaced_damage(card, amount, kind, Some(keywords));
        self.deal_replaced_damage(card, amount, kind, source)
    }

    /// `amount` of damage of `kind` to `card` (a follower with `keywords`,
    /// or a leader), its replacements applied in the order that gives the
    /// least damage while using up the fewest "next time" effects, which
    /// end (later-sets §11.2): damage dealt from the sandbox. An attack's
    /// damage asks its taker (`flow/attack.rs`), and so does damage card
    /// code deals (`AbilityCtx::damage_follower`).
    fn replaced_damage(
        &mut self,
        card: CardRef,
        amount: i32,
        kind: DamageKind,
        keywords: Option<Keywords>,
    ) -> i32 {
        let outcome = self.damage_hit(card, amount, kind, keywords).least();
        self.use_up_effects(card, &outcome.used_up);
        outcome.amount
    }

    /// `amount` of damage of `kind` to `card` (a follower with `keywords`,
    /// or a leader's card with `None`) with its replacements, to be
    /// ordered (later-sets §11.2).
    pub(crate) fn damage_hit(
        &self,
        card: CardRef,
        amount: i32,
        kind: DamageKind,
        keywords: Option<Keywords>,
    ) -> Hit {
        let effects = self.state.damage_replacements(&self.db, card, kind);
        match kind {
            DamageKind::Ability => Hit::from_ability(amount, keywords, effects),
            DamageKind::Attack | DamageKind::Combat => {
                Hit::in_combat(amount, Keywords::empty(), keywords, effects)
            }
        }
    }

    /// Ends the "next time" effects on `card` that a damage used up.
    pub(crate) fn use_up_effects(&mut self, card: CardRef, timestamps: &[u32]) {
        for &timestamp in timestamps {
            self.apply(Mutation::UseUpEffect { card, timestamp });
        }
    }

    /// Deals damage to a follower on the field whose replacements were
    /// already applied (an attack's, `flow/damage_order.rs`). Returns the
    /// damage dealt.
    pub(crate) fn deal_replaced_damage(
        &mut self,
        card: CardRef,
        amount: i32,
        kind: DamageKind,
        source: Option<CardRef>,
    ) -> i32 {
        let state = self.state.card(card);
        if state.zone != Zone::Field || amount <= 0 {
            return 0;
        }
        if !self
            .state
            .characteristics(&self.db, card)
            .card_type
            .is_follower()
        {
            return 0;
        }
        self.apply(Mutation::DamageFollower {
            card,
            amount,
            kind,
            source,
        });
        amount
    }

    /// Deals damage to a leader after the replacements on it, in the
    /// order giving the least (later-sets §12.14), as the sandbox deals a
    /// follower's: for tests. Returns the damage dealt.
    #[cfg(test)]
    pub(crate) fn deal_damage_to_leader(
        &mut self,
        player: PlayerId,
        amount: i32,
        kind: DamageKind,
        source: Option<CardRef>,
    ) -> i32 {
        let leader = self.state.player(player).leader;
        let amount = self.replaced_damage(leader, amount, kind, None);
        self.deal_replaced_damage_to_leader(player, amount, kind, source)
    }

    /// Deals damage to a leader whose replacements were already applied
    /// (an attack's). Returns the damage dealt.
    pub(crate) fn deal_replaced_damage_to_leader(
        &mut self,
        player: PlayerId,
        amount: i32,
        kind: DamageKind,
        source: Option<CardRef>,
    ) -> i32 {
        if amount <= 0 {
            return 0;
        }
        self.apply(Mutation::DamageLeader {
            player,
            amount,
            kind,
            source,
        });
        amount
    }

    /// Gives a leader +N / −N defense (CR 5.27).
    pub(crate) fn change_leader_defense(&mut self, player: PlayerId, delta: i32) {
        if delta == 0 {
            return;
        }
        let now = self.state.player(player).leader_defense;
        self.apply(Mutation::SetLeaderDefense(
            player,
            now.saturating_add(delta),
        ));
    }

    /// Destroys a card on the field (CR 5.6). Destruction by an ability is
    /// prevented by "can't be destroyed by abilities".
    pub(crate) fn destroy(&mut self, card: CardRef, by_ability: bool) {
        self.leave_field(
            card,
            Zone::Cemetery,
            Place::Top,
            MoveCause::Destroy { by_ability },
        );
    }

    /// Banishes a card (CR 5.7).
    pub(crate) fn banish(&mut self, card: CardRef) {
        self.remove_to(card, Zone::Banished, Place::Top, MoveCause::Banish);
    }

    /// Puts a card into its owner's cemetery without destroying it (CR 5.34).
    pub(crate) fn bury(&mut self, card: CardRef) {
        self.remove_to(card, Zone::Cemetery, Place::Top, MoveCause::Bury);
    }

    /// Returns a card to its owner's hand.
    pub(crate) fn return_to_hand(&mut self, card: CardRef) {
        self.remove_to(card, Zone::Hand, Place::Top, MoveCause::ReturnToHand);
    }

    /// Puts a card on top of or under its owner's deck.
    pub(crate) fn put_into_deck(&mut self, card: CardRef, bottom: bool) {
        let place = if bottom { Place::Bottom } else { Place::Top };
        self.remove_to(card, Zone::Deck, place, MoveCause::ToDeck);
    }

    fn remove_to(&mut self, card: CardRef, to: Zone, place: Place, cause: MoveCause) {
        let state = self.state.card(card);
        match state.zone {
            Zone::Field => self.leave_field(card, to, place, cause),
            Zone::RemovedFromGame | Zone::Leader | Zone::EvolveZone => {}
            _ => {
                let owner = state.owner;
                self.move_card(card, owner, to, place, cause);
            }
        }
    }

    /// Puts a card onto `controller`'s field by an effect, if there is room
    /// (CR 4.4.4.2). Returns whether it went.
    pub(crate) fn put_onto_field(&mut self, card: CardRef, controller: PlayerId) -> bool {
        if self.state.field_room(controller) == 0 {
            return false;
        }
        let def = self.db.get(self.state.card(card).def);
        if !def.card_type.is_permanent() {
            return false;
        }
        self.enter_field(card, controller, MoveCause::PutByEffect);
        // A token its kind keeps off the field did not go.
        self.state.card(card).zone == Zone::Field
    }

    /// Moves a card onto a field and applies what entering does: counters it
    /// enters with, entering engaged, and the Ward choice (CR 12.8.2 i).
    pub(crate) fn enter_field(&mut self, card: CardRef, controller: PlayerId, cause: MoveCause) {
        self.move_card(card, controller, Zone::Field, Place::Top, cause);
        // A token its kind keeps off this field (one of its name is there)
        // did not arrive.
        if self.state.card(card).zone != Zone::Field {
            return;
        }
        let def = self.db.get(self.state.card(card).def);
        for (counter, n) in def.initial_counters.clone() {
            if self.state.card(card).counter(counter) == 0 {
                let n = i32::try_from(n).unwrap_or(i32::MAX);
                self.apply(Mutation::AddCounters(card, counter, n));
            }
        }
        let keywords = self.state.characteristics(&self.db, card).keywords;
        if keywords.contains(Keywords::PUT_ON_FIELD_ENGAGED) {
            self.apply(Mutation::SetEngaged(card, true));
        } else if keywords.contains(Keywords::WARD) {
            let object = self.state.card(card).object;
            self.schedule_ward_choice(card, object);
        }
    }

    /// Puts a card into its owner's EX area, if there is room (CR 4.8.3.2).
    pub(crate) fn put_into_ex_area(&mut self, card: CardRef) -> bool {
        let owner = self.state.card(card).owner;
        if self.state.ex_room(owner) == 0 {
            return false;
        }
        match self.state.card(card).zone {
            Zone::Field => self.leave_field(card, Zone::ExArea, Place::Top, MoveCause::PutByEffect),
            _ => self.move_card(
                card,
                owner,
                Zone::ExArea,
                Place::Top,
                MoveCause::PutByEffect,
            ),
        }
        // A token its kind keeps out (one of its name is there) did not go.
        self.state.card(card).zone == Zone::ExArea
    }

    /// Discards a card from its owner's hand (CR 5.12).
    pub(crate) fn discard(&mut self, card: CardRef) {
        let state = self.state.card(card);
        if state.zone != Zone::Hand {
            return;
        }
        let owner = state.owner;
        self.move_card(card, owner, Zone::Cemetery, Place::Top, MoveCause::Discard);
    }

    /// Whether `card` may go onto `player`'s field now: there is room and,
    /// for a token of a kind (later-sets §4, a declared kind), its kind may
    /// be on the field and, with one of a name per zone, none of its name is
    /// there (CR 9.1.5.1).
    pub(crate) fn field_takes(&self, player: PlayerId, card: CardRef) -> bool {
        self.play_rules().field_takes(player, card)
    }

    /// Whether `player`'s EX area has room for `card` besides `coming`
    /// cards already on their way there, and may hold it (a token of a
    /// kind with one of a name per zone whose name is there may not).
    pub(crate) fn ex_takes(&self, player: PlayerId, card: CardRef, coming: usize) -> bool {
        if self.state.ex_room(player) <= coming {
            return false;
        }
        let def = self.state.card(card).def;
        match self.db.token_rules(def) {
            None => true,
            Some(rules) => {
                !(rules.one_per_name
                    && self.token_named_in(
                        player,
                        Zone::ExArea,
                        &self.db.get(def).name,
                        Some(card),
                    ))
            }
        }
    }

    /// Whether `player`'s `zone` (the field or the EX area) holds a token
    /// of a kind with one of a name per zone, named `name`, other than
    /// `except` (a crest, later-sets §4, CR 9.1.5; a declared kind).
    fn token_named_in(
        &self,
        player: PlayerId,
        zone: Zone,
        name: &str,
        except: Option<CardRef>,
    ) -> bool {
        self.play_rules().token_named_in(player, zone, name, except)
    }

    /// Creates tokens (CR 9.1.2): those that don't fit are not created. A
    /// token of a kind is created only into a zone its kind may be in (a
    /// crest only into an EX area), and, for a kind with one of a name per
    /// zone, not into one that holds one of its name, even one created a
    /// moment before by the same process (later-sets §4, CR 9.1.4.2,
    /// 9.1.5.1.1–9.1.5.1.2).
    pub(crate) fn create_tokens(
        &mut self,
        player: PlayerId,
        def: DefId,
        count: u32,
        to: TokenDestination,
    ) -> Vec<CardRef> {
        let mut created = Vec::new();
        let kind = self.db.token_rules(def);
        let one_per_name = kind
            .filter(|rules| rules.one_per_name)
            .map(|_| self.db.get(def).name.clone());
        for _ in 0..count {
            // Where a token may go: a zone its kind allows, with room, not
            // holding one of its name when the kind allows one per zone.
            let fits = |zone: Zone, room: usize| {
                room > 0
                    && kind.is_none_or(|rules| match zone {
                        Zone::Field => rules.field,
                        _ => rules.ex_area,
                    })
                    && !one_per_name
                        .as_ref()
                        .is_some_and(|name| self.token_named_in(player, zone, name, None))
            };
            let field = fits(Zone::Field, self.state.field_room(player));
            let ex_area = fits(Zone::ExArea, self.state.ex_room(player));
            let zone = match to {
                TokenDestination::Field if field => Zone::Field,
                TokenDestination::ExArea if ex_area => Zone::ExArea,
                TokenDestination::FieldOverflowToEx if field => Zone::Field,
                TokenDestination::FieldOverflowToEx if ex_area => Zone::ExArea,
                _ => break,
            };
            let Some(card) = self.state.next_card_ref() else {
                // Marks the running ability to stop (limits.rs).
                self.room_for_card();
                break;
            };
            self.apply(Mutation::CreateCard { def, owner: player });
            if zone == Zone::Field {
                self.enter_field(card, player, MoveCause::TokenCreated);
            } else {
                self.move_card(card, player, zone, Place::Top, MoveCause::TokenCreated);
            }
            created.push(card);
        }
        created
    }

    /// Adds a persistent effect to a card's current object.
    pub(crate) fn add_effect(
        &mut self,
        card: CardRef,
        kind: EffectKind,
        duration: Duration,
        source: Option<CardRef>,
    ) {
        let object = self.state.card(card).object;
        self.apply(Mutation::AddEffect(Effect {
            card,
            object,
            kind,
            duration,
            source,
            timestamp: 0,
            created_turn: 0,
        }));
    }

    /// Puts or removes counters.
    /// A kind the pool doesn't declare, or a fifth declared kind on one
    /// card, is refused with a warning naming it.
    pub(crate) fn add_counters(&mut self, card: CardRef, counter: Counter, delta: i32) {
        if !self.db.has_counter(counter) {
            tracing::warn!(
                card = %self.db.get(self.state.card(card).def).id,
                "no counters put: counter number {} is not a kind this card pool declares",
                counter.index()
            );
            return;
        }
        if delta > 0 && !self.state.card(card).counters.has_room(counter) {
            tracing::warn!(
                card = %self.db.get(self.state.card(card).def).id,
                counter = self.db.counter_name(counter),
                "no counters put: a card carries at most {} kinds of declared counter",
                crate::engine::state::DECLARED_KINDS_PER_CARD
            );
            return;
        }
        self.apply(Mutation::AddCounters(card, counter, delta));
    }

    /// Engages or refreshes a card on the field.
    pub(crate) fn set_engaged(&mut self, card: CardRef, engaged: bool) {
        if self.state.card(card).zone == Zone::Field {
            self.apply(Mutation::SetEngaged(card, engaged));
        }
    }

    /// Pays for the turn's evolve (rules-coverage.md §10.1; serving pays the same):
    /// `cost` play points, or one less and 1 evolution point with `use_ep`,
    /// and the evolve is used for the turn. The caller checked it can pay.
    pub(crate) fn pay_turns_evolve(&mut self, player: PlayerId, cost: i32, use_ep: bool) {
        let pp = self.state.player(player).pp;
        self.apply(Mutation::SetResource(
            player,
            Resource::PlayPoints,
            pp - (cost - i32::from(use_ep)),
        ));
        self.use_turns_evolve(player, use_ep);
    }

    /// Uses the turn's evolve (an evolve, or an `[adv]` ability, its
    /// equivalent, CR 12.16.3), paying 1 EP with `use_ep` in lieu of 1 PP
    /// the caller pays the rest of.
    pub(crate) fn use_turns_evolve(&mut self, player: PlayerId, use_ep: bool) {
        if use_ep {
            let ep = self.state.player(player).ep;
            self.apply(Mutation::SetResource(
                player,
                Resource::EvolvePoints,
                ep - 1,
            ));
        }
        self.apply(Mutation::SetFlag(player, PlayerFlag::EvolvedThisTurn, true));
    }

    /// Turns a face-up card of an evolve deck face down; returns whether it
    /// was face up there.
    pub(crate) fn turn_face_down(&mut self, card: CardRef) -> bool {
        let c = self.state.card(card);
        if c.zone != Zone::EvolveDeck || !c.face_up {
            return false;
        }
        self.apply(Mutation::SetFaceUp(card, false));
        true
    }

    /// Changes current play points, within 0..=max (CR 3.2.4.2, 5.15.1.1).
    pub(crate) fn add_play_points(&mut self, player: PlayerId, delta: i32) {
        let p = self.state.player(player);
        let value = p.pp.saturating_add(delta).clamp(0, p.max_pp.max(p.pp));
        self.apply(Mutation::SetResource(player, Resource::PlayPoints, value));
    }

    /// Changes maximum play points within 0..=10 (CR 3.2.4.1).
    pub(crate) fn add_max_play_points(&mut self, player: PlayerId, delta: i32) {
        let value = self
            .state
            .player(player)
            .max_pp
            .saturating_add(delta)
            .clamp(0, MAX_PP);
        self.apply(Mutation::SetResource(
            player,
            Resource::MaxPlayPoints,
            value,
        ));
    }

    /// Changes evolution points (never below 0, no cap; CR 3.2.5).
    pub(crate) fn add_evolve_points(&mut self, player: PlayerId, delta: i32) {
        let value = self.state.player(player).ep.saturating_add(delta).max(0);
        self.apply(Mutation::SetResource(player, Resource::EvolvePoints, value));
    }

    /// Shuffles a deck.
    pub(crate) fn shuffle(&mut self, player: PlayerId) {
        self.apply(Mutation::Shuffle(player));
    }

    /// Puts the top `n` cards of a deck into the cemetery.
    pub(crate) fn mill(&mut self, player: PlayerId, n: u32) {
        for _ in 0..n {
            let Some(card) = self.state.player(player).deck.last().copied() else {
                return;
            };
            self.move_card(
                card,
                player,
                Zone::Cemetery,
                Place::Top,
                MoveCause::PutByEffect,
            );
        }
    }

    /// Moves a card from its owner's deck to their hand.
    pub(crate) fn deck_to_hand(&mut self, card: CardRef) {
        let state = self.state.card(card);
        if state.zone == Zone::Deck {
            let owner = state.owner;
            self.move_card(card, owner, Zone::Hand, Place::Top, MoveCause::PutByEffect);
        }
    }
}
