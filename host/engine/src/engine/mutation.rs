//! The one choke point through which the state changes. A small set of
//! [`Mutation`]s (move a card, set a value, add or remove a counter or an
//! effect, shuffle) is applied here, and the [`Event`]s are derived from
//! each mutation here, so the log can never disagree with the state.
//! Triggers are collected from those events (`triggers.rs`).
//!
//! It also keeps each player's `TurnRecord` (cards destroyed, discarded,
//! that attacked, spells played, cards returned from the field this turn),
//! which card text counts and a new turn clears, and it tells the caches what
//! each mutation may have changed: the cards whose own data it touched
//! (`Mutation::touched`, for `state/cache.rs`), whether rules handling could
//! find work after it (`Mutation::concerns_rules`) and whether it could alter
//! the fields' characteristics (`Mutation::concerns_field`; see
//! `rules_handling.rs`).

use super::Match;
use super::event::{DamageKind, Event, MoveCause, Resource};
use super::ids::{AbilityIdx, CardRef, DefId, ObjectId, PlayerId};
use super::state::cache::Touched;
use super::state::query::PassivesInPlay;
use super::state::{CardState, Combat, Effect, GameState, Outcome, PendingAbility, Phase, Zone};
use crate::cards::{CardType, Counter};
use rand_core::Rng;

/// Where in an ordered zone a moved card goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Place {
    /// On top (decks) or at the end (other zones).
    Top,
    /// At the bottom of a deck.
    Bottom,
}

/// Player flags set by the rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlayerFlag {
    /// The turn's evolve ability was used.
    EvolvedThisTurn,
    /// The player had to draw from an empty deck.
    DrewFromEmptyDeck,
    /// The player's next turn does not begin.
    SkipNextTurn,
}

/// A change to the state. Every state change is one of these.
#[derive(Clone, Debug)]
pub enum Mutation {
    /// Move a card to a zone of `to_player` (its owner's zone unless it goes
    /// onto a field). The card becomes a new object.
    Move {
        /// The card.
        card: CardRef,
        /// Whose zone it goes to.
        to_player: PlayerId,
        /// Which zone.
        to: Zone,
        /// Where in the zone.
        place: Place,
        /// Why.
        cause: MoveCause,
    },
    /// Engage or refresh a card.
    SetEngaged(CardRef, bool),
    /// Turn a card face up or down.
    SetFaceUp(CardRef, bool),
    /// Link an equipment token to the follower it equips (later-sets §5,
    /// CR 14.5.2.2).
    Equip {
        /// The equipment token, in an equipment zone.
        token: CardRef,
        /// The follower on the field.
        follower: CardRef,
    },
    /// Link a Drive Point in a drive zone to the follower whose Ride put
    /// it there (later-sets §2.5, CR 14.4.9.2).
    LinkDrivePoint {
        /// The Drive Point.
        point: CardRef,
        /// The follower on the field.
        follower: CardRef,
    },
    /// This follower's object is given Drive (later-sets §2.4): marks it
    /// (`CardState::given_drive`) and raises its On Drive abilities.
    GiveDrive(CardRef),
    /// A double-faced evolved card in the evolve zone shows this face, its
    /// back (later-sets §10, CR 2.14.3): while it does, the card uses that
    /// face's information. Any move shows its front again.
    ShowFace(CardRef, DefId),
    /// Damage a follower on the field (adds to its damage).
    DamageFollower {
        /// The follower.
        card: CardRef,
        /// Amount (> 0).
        amount: i32,
        /// Kind.
        kind: DamageKind,
        /// Source card.
        source: Option<CardRef>,
    },
    /// Damage a leader (lowers leader defense).
    DamageLeader {
        /// Whose leader.
        player: PlayerId,
        /// Amount (> 0).
        amount: i32,
        /// Kind.
        kind: DamageKind,
        /// Source card.
        source: Option<CardRef>,
    },
    /// Create a new card object (a token) outside every zone; a `Move`
    /// follows.
    CreateCard {
        /// Its definition.
        def: DefId,
        /// Its owner.
        owner: PlayerId,
    },
    /// Set a player flag.
    SetFlag(PlayerId, PlayerFlag, bool),
    /// Count a played card for Combo (and spells).
    CountPlay {
        /// Who played.
        player: PlayerId,
        /// It was a spell.
        spell: bool,
    },
    /// Record an execution of a Union Burst ability of `card` for
    /// `player` as it is played (CR 14.5.1.3; counted from the moment it is
    /// played, later-sets §1.2): inside its run, so a run rolled back or
    /// failed never counts.
    RecordUnionBurst {
        /// The card's controller.
        player: PlayerId,
        /// The card whose ability executes.
        card: CardRef,
    },
    /// Record a use of a once-per-turn ability by the card's object.
    UseAbility(CardRef, AbilityIdx),
    /// Mark a follower evolved this turn (and super-evolved).
    SetEvolved {
        /// The follower.
        card: CardRef,
        /// Super evolution.
        super_evolve: bool,
    },
    /// Mark a follower as having fought a Bane follower (CR 11.3.2).
    SetFoughtBane(CardRef, bool),
    /// Decide the first player (CR 6.2.1.6).
    SetFirstPlayer(PlayerId),
    /// Start or end an attack.
    SetCombat(Option<Combat>),
    /// `player` takes another turn after this one (CR 5.28).
    AddExtraTurn(PlayerId),
    /// Add an effect on a player (later-sets §12.10, §12.12); its
    /// `created_turn` is set here.
    AddPlayerEffect(crate::engine::state::PlayerEffect),
    /// `to` takes control of a field card: it moves to their field as the
    /// same object, keeping its damage, counters, evolution, engaged state
    /// and effects, and counts as having come there this turn (CR 5.22).
    ChangeControl {
        /// The card on a field.
        card: CardRef,
        /// Its new controller.
        to: PlayerId,
    },
    /// `player` concedes (CR 1.2.3).
    Concede(PlayerId),
    /// Set a player's resource.
    SetResource(PlayerId, Resource, i32),
    /// Set a player's leader defense.
    SetLeaderDefense(PlayerId, i32),
    /// Change a counter on a card by a signed amount (never below 0).
    AddCounters(CardRef, Counter, i32),
    /// Add a persistent effect.
    AddEffect(Effect),
    /// Remove the effects that end at the end of this turn.
    ExpireEndOfTurnEffects,
    /// Clear a card's damage: an amulet maneuvered again starts from its
    /// printed numbers (later-sets §12.4).
    ClearDamage(CardRef),
    /// Remove a "next time" effect on `card` that was used up (later-sets
    /// §11.2): the effect with this timestamp.
    UseUpEffect {
        /// The follower or leader it is on.
        card: CardRef,
        /// The effect's timestamp.
        timestamp: u32,
    },
    /// Link an evolved card (already in the evolve zone) to a follower.
    Link {
        /// The field follower.
        base: CardRef,
        /// The evolved card.
        evolved: CardRef,
    },
    /// Link a Carrot (already in the evolve zone) to a racing follower.
    LinkCarrot {
        /// The field follower.
        base: CardRef,
        /// The Carrot.
        carrot: CardRef,
    },
    /// A delayed trigger begins to wait (`engine/delayed.rs`).
    AddDelayed(Box<crate::engine::DelayedTrigger>),
    /// The delayed trigger at this index stops waiting (fired, expired, or
    /// its watched card moved).
    RemoveDelayed(usize),
    /// Queue a pending automatic ability.
    AddPending(PendingAbility),
    /// Take a pending ability out of the queue.
    TakePending(usize),
    /// Shuffle a player's deck.
    Shuffle(PlayerId),
    /// Begin a turn: sets the active player and turn number, counts the
    /// active player's turns passed (CR 3.3.2) and resets both players'
    /// per-turn counters.
    SetTurn {
        /// Active player.
        active: PlayerId,
        /// Global turn number.
        turn: u32,
    },
    /// Enter a phase.
    SetPhase(Phase),
    /// End the match.
    SetOutcome(Outcome),
    /// Add a trait name effects may give ([`EffectKind::Trait`] indexes
    /// [`GameState::granted_traits`]); the caller checked it is new.
    ///
    /// [`EffectKind::Trait`]: super::state::EffectKind::Trait
    /// [`GameState::granted_traits`]: super::state::GameState::granted_traits
    NameTrait(String),
}

impl Mutation {
    /// Whether rules handling could find work after this change, in
    /// `state` as it is before it, with `passives` on the fields. Rules
    /// handling reads leaders' defense and the players' flags and PP, the
    /// field, EX area and evolve zone, and the field cards'
    /// characteristics. Without passives on the fields a card's
    /// characteristics depend on its own data alone, so turns, phases,
    /// engaging, pending abilities and moves between other zones change
    /// nothing it reads; with plain ones, changes to a field card's data
    /// count too (see [`Mutation::concerns_field`]). With other passives
    /// any change might (a passive can count cards in a hand, or read the
    /// turn), but for the pending abilities' bookkeeping and a trait's
    /// name. No catch-all arm: a new mutation is classified here too.
    fn concerns_rules(&self, state: &GameState, passives: PassivesInPlay) -> bool {
        let watched = |zone: Zone| {
            matches!(
                zone,
                Zone::Field | Zone::ExArea | Zone::EvolveZone | Zone::Equipment | Zone::Drive
            )
        };
        if let Some(counts) = self.counts_through_passives(state, passives) {
            return counts;
        }
        match self {
            Mutation::Move { card, to, .. } => watched(*to) || watched(state.card(*card).zone),
            Mutation::ChangeControl { .. } => true,
            // Drive Points' links decide rules handling 11.10.
            Mutation::LinkDrivePoint { .. } => true,
            Mutation::GiveDrive(_) => false,
            // Decided by `counts_through_passives`.
            Mutation::AddPending(_)
            | Mutation::TakePending(_)
            | Mutation::AddDelayed(_)
            | Mutation::RemoveDelayed(_)
            | Mutation::NameTrait(_) => false,
            Mutation::SetEngaged(..)
            | Mutation::CountPlay { .. }
            | Mutation::RecordUnionBurst { .. }
            | Mutation::UseAbility(..)
            | Mutation::SetFirstPlayer(_)
            | Mutation::SetCombat(_)
            | Mutation::AddExtraTurn(_)
            | Mutation::AddPlayerEffect(_)
            | Mutation::Shuffle(_)
            | Mutation::SetTurn { .. }
            | Mutation::SetPhase(_) => false,
            Mutation::SetFaceUp(..)
            | Mutation::ShowFace(..)
            | Mutation::Equip { .. }
            | Mutation::DamageFollower { .. }
            | Mutation::DamageLeader { .. }
            | Mutation::CreateCard { .. }
            | Mutation::SetFlag(..)
            | Mutation::SetEvolved { .. }
            | Mutation::SetFoughtBane(..)
            | Mutation::Concede(_)
            | Mutation::SetResource(..)
            | Mutation::SetLeaderDefense(..)
            | Mutation::AddCounters(..)
            | Mutation::AddEffect(_)
            | Mutation::ExpireEndOfTurnEffects
            | Mutation::UseUpEffect { .. }
            | Mutation::ClearDamage(_)
            | Mutation::Link { .. }
            | Mutation::LinkCarrot { .. }
            | Mutation::SetOutcome(_) => true,
        }
    }

    /// Whether this change could alter what
    /// [`GameState::field_characteristics`] reads (which cards are on the
    /// fields, in what order, and their characteristics), in `state` as it
    /// is before it, with `passives` on the fields. Without passives there
    /// a card's characteristics come from its own definition, evolved
    /// card, effects and damage. Plain passives read the data of the cards
    /// they reach and of their sources, all on the fields: a change
    /// touching a field card's data counts too. Other passives make any
    /// change count (a passive's condition can read the turn, a count, the
    /// PP), but for the pending abilities' bookkeeping and a trait's name.
    /// Implies [`Mutation::concerns_rules`] (rules handling reads the
    /// fields' characteristics). No catch-all arm: a new mutation is
    /// classified here too.
    fn concerns_field(&self, state: &GameState, passives: PassivesInPlay) -> bool {
        // An evolved card's zone decides nothing a base card reads, but
        // moves into and out of the evolve zone come with relinking: count
        // them too.
        let watched = |zone: Zone| matches!(zone, Zone::Field | Zone::EvolveZone | Zone::Equipment);
        if let Some(counts) = self.counts_through_passives(state, passives) {
            return counts;
        }
        match self {
            Mutation::Move { card, to, .. } => watched(*to) || watched(state.card(*card).zone),
            Mutation::ChangeControl { .. } => true,
            Mutation::DamageFollower { .. }
            | Mutation::CreateCard { .. }
            | Mutation::SetEvolved { .. }
            | Mutation::AddEffect(_)
            | Mutation::ExpireEndOfTurnEffects
            | Mutation::UseUpEffect { .. }
            | Mutation::ClearDamage(_)
            | Mutation::Link { .. }
            | Mutation::ShowFace(..)
            | Mutation::Equip { .. }
            | Mutation::LinkCarrot { .. } => true,
            // Links and marks no characteristic reads.
            Mutation::LinkDrivePoint { .. } | Mutation::GiveDrive(_) => false,
            // Decided by `counts_through_passives`.
            Mutation::AddPending(_)
            | Mutation::TakePending(_)
            | Mutation::AddDelayed(_)
            | Mutation::RemoveDelayed(_)
            | Mutation::NameTrait(_) => false,
            Mutation::SetEngaged(..)
            | Mutation::SetFaceUp(..)
            | Mutation::DamageLeader { .. }
            | Mutation::SetFlag(..)
            | Mutation::CountPlay { .. }
            | Mutation::RecordUnionBurst { .. }
            | Mutation::UseAbility(..)
            | Mutation::SetFoughtBane(..)
            | Mutation::SetFirstPlayer(_)
            | Mutation::SetCombat(_)
            | Mutation::AddExtraTurn(_)
            | Mutation::AddPlayerEffect(_)
            | Mutation::Concede(_)
            | Mutation::SetResource(..)
            | Mutation::SetLeaderDefense(..)
            | Mutation::AddCounters(..)
            | Mutation::Shuffle(_)
            | Mutation::SetTurn { .. }
            | Mutation::SetPhase(_)
            | Mutation::SetOutcome(_) => false,
        }
    }

    /// What [`Mutation::concerns_rules`] and [`Mutation::concerns_field`]
    /// share, if it decides: the pending abilities' bookkeeping and a
    /// trait's name never count; with passives other than plain ones on
    /// the fields everything else does; with plain ones, a change to a
    /// field card's data does. `None`: as without passives on the fields.
    fn counts_through_passives(&self, state: &GameState, passives: PassivesInPlay) -> Option<bool> {
        match (self, passives) {
            (
                Mutation::AddPending(_)
                | Mutation::TakePending(_)
                | Mutation::AddDelayed(_)
                | Mutation::RemoveDelayed(_)
                | Mutation::NameTrait(_),
                _,
            ) => Some(false),
            (_, PassivesInPlay::Any) => Some(true),
            (_, PassivesInPlay::Plain) if self.touches_field_card(state) => Some(true),
            _ => None,
        }
    }

    /// Whether this change touches the data ([`Mutation::touched`]) of a
    /// card now on a field or in the evolve zone.
    fn touches_field_card(&self, state: &GameState) -> bool {
        let on_field = |card: CardRef| {
            matches!(
                state.card(card).zone,
                Zone::Field | Zone::EvolveZone | Zone::Equipment
            )
        };
        match self.touched() {
            Touched::None => false,
            Touched::One(card) => on_field(card),
            Touched::Two(a, b) => on_field(a) || on_field(b),
            Touched::All => true,
        }
    }

    /// The cards whose own data (definition, zone, controller, object,
    /// damage, engaged state, evolved card, effects on them) this mutation
    /// may change:
    /// their cached characteristics are worked out again
    /// (`state/cache.rs`). Every mutation forgets those worked out with
    /// passives in play. No catch-all arm: a new mutation is classified
    /// here.
    fn touched(&self) -> Touched {
        match self {
            Mutation::Move { card, .. }
            | Mutation::ChangeControl { card, .. }
            | Mutation::SetEngaged(card, _)
            | Mutation::SetFaceUp(card, _)
            | Mutation::ShowFace(card, _)
            | Mutation::DamageFollower { card, .. }
            | Mutation::UseAbility(card, _)
            | Mutation::SetEvolved { card, .. }
            | Mutation::SetFoughtBane(card, _)
            | Mutation::AddCounters(card, _, _) => Touched::One(*card),
            Mutation::AddEffect(effect) => Touched::One(effect.card),
            Mutation::UseUpEffect { card, .. } | Mutation::ClearDamage(card) => Touched::One(*card),
            Mutation::Link { base, evolved } => Touched::Two(*base, *evolved),
            Mutation::Equip { token, follower } => Touched::Two(*token, *follower),
            Mutation::LinkDrivePoint { point, follower } => Touched::Two(*point, *follower),
            Mutation::GiveDrive(card) => Touched::One(*card),
            Mutation::LinkCarrot { base, carrot } => Touched::Two(*base, *carrot),
            // Rare: a new card, or effects of any card ending.
            Mutation::CreateCard { .. } | Mutation::ExpireEndOfTurnEffects => Touched::All,
            Mutation::DamageLeader { .. }
            | Mutation::SetFlag(..)
            | Mutation::CountPlay { .. }
            | Mutation::RecordUnionBurst { .. }
            | Mutation::SetFirstPlayer(_)
            | Mutation::SetCombat(_)
            | Mutation::AddExtraTurn(_)
            | Mutation::AddPlayerEffect(_)
            | Mutation::Concede(_)
            | Mutation::SetResource(..)
            | Mutation::SetLeaderDefense(..)
            | Mutation::AddPending(_)
            | Mutation::TakePending(_)
            | Mutation::AddDelayed(_)
            | Mutation::RemoveDelayed(_)
            | Mutation::Shuffle(_)
            | Mutation::SetTurn { .. }
            | Mutation::SetPhase(_)
            | Mutation::SetOutcome(_)
            | Mutation::NameTrait(_) => Touched::None,
        }
    }
}

impl Match {
    /// Applies one mutation and records its events.
    pub(crate) fn apply(&mut self, mutation: Mutation) {
        self.before_change();
        self.work.count_change();
        let passives = self.passives_as_read();
        if mutation.concerns_rules(&self.state, passives) {
            self.work.count_rules_change();
        }
        if mutation.concerns_field(&self.state, passives) {
            self.work.count_field_change();
        }
        if matches!(
            mutation,
            Mutation::Move { .. }
                | Mutation::ChangeControl { .. }
                | Mutation::SetFaceUp(..)
                | Mutation::CreateCard { .. }
        ) {
            self.work.count_move();
        }
        // Without passives in the card data nothing is cached (`query.rs`).
        let touched = self.db.has_passives().then(|| mutation.touched());
        self.change(mutation);
        // After the change, not before: the triggers a mutation collects
        // may read characteristics of the state half-changed, and those
        // are forgotten too.
        if let Some(touched) = touched {
            self.state.note_change(touched);
        }
    }

    /// [`Match::apply`]'s change itself.
    fn change(&mut self, mutation: Mutation) {
        match mutation {
            Mutation::Move {
                card,
                to_player,
                to,
                place,
                cause,
            } => self.apply_move(card, to_player, to, place, cause),
            Mutation::ChangeControl { card, to } => self.change_control(card, to),
            Mutation::SetEngaged(card, engaged) => {
                let state = &mut self.state.cards[card.idx()];
                if state.engaged == engaged {
                    // A card can't be put into a state it already has (CR 1.3.2.1).
                    return;
                }
                state.engaged = engaged;
                self.emit(if engaged {
                    Event::Engaged { card }
                } else {
                    Event::Refreshed { card }
                });
            }
            Mutation::SetFaceUp(card, face_up) => {
                self.state.cards[card.idx()].face_up = face_up;
            }
            Mutation::ShowFace(card, face) => self.state.cards[card.idx()].def = face,
            Mutation::Equip { token, follower } => {
                self.state.cards[token.idx()].linked_to = Some(follower);
                self.emit(Event::Equipped { token, follower });
            }
            Mutation::LinkDrivePoint { point, follower } => {
                self.state.cards[point.idx()].linked_to = Some(follower);
            }
            Mutation::GiveDrive(card) => {
                self.state.cards[card.idx()].given_drive = true;
                self.emit(Event::DriveGiven { card });
            }
            Mutation::DamageFollower {
                card,
                amount,
                kind,
                source,
            } => {
                self.state.cards[card.idx()].damage =
                    self.state.cards[card.idx()].damage.saturating_add(amount);
                self.emit(Event::FollowerDamaged {
                    card,
                    amount,
                    kind,
                    source,
                });
            }
            Mutation::DamageLeader {
                player,
                amount,
                kind,
                source,
            } => {
                let p = &mut self.state.players[player.idx()];
                let from = p.leader_defense;
                p.leader_defense = p.leader_defense.saturating_sub(amount);
                p.lost_defense_this_turn = true;
                let to = p.leader_defense;
                self.emit(Event::LeaderDamaged {
                    player,
                    amount,
                    kind,
                    source,
                });
                self.emit(Event::LeaderDefense { player, from, to });
            }
            Mutation::CreateCard { def, owner } => {
                if !self.room_for_card() {
                    return;
                }
                let object = ObjectId(self.state.next_object);
                self.state.next_object += 1;
                let since = self.state.next_timestamp;
                self.state.next_timestamp += 1;
                self.state.cards.push(CardState {
                    face_up: true,
                    entered_turn: self.state.turn,
                    since,
                    ..CardState::new(def, owner, Zone::RemovedFromGame, object)
                });
            }
            Mutation::SetFlag(player, flag, value) => {
                let p = &mut self.state.players[player.idx()];
                match flag {
                    PlayerFlag::EvolvedThisTurn => p.evolved_this_turn = value,
                    PlayerFlag::DrewFromEmptyDeck => p.drew_from_empty_deck = value,
                    PlayerFlag::SkipNextTurn => p.skip_next_turn = value,
                }
            }
            Mutation::RecordUnionBurst { player, card } => {
                self.state.players[player.idx()]
                    .this_turn
                    .union_bursts
                    .push(card);
            }
            Mutation::CountPlay { player, spell } => {
                let p = &mut self.state.players[player.idx()];
                p.cards_played_this_turn += 1;
                if spell {
                    p.spells_played_this_turn += 1;
                }
            }
            Mutation::UseAbility(card, ability) => {
                let turn = self.state.turn;
                self.state.cards[card.idx()]
                    .ability_uses
                    .record(ability, turn);
            }
            Mutation::SetEvolved { card, super_evolve } => {
                let turn = self.state.turn;
                let c = &mut self.state.cards[card.idx()];
                c.evolved_turn = turn;
                c.super_evolved = super_evolve;
            }
            Mutation::SetFoughtBane(card, value) => {
                self.state.cards[card.idx()].fought_bane = value;
            }
            Mutation::SetFirstPlayer(first) => {
                self.state.players[first.idx()].goes_first = true;
                self.state.active = first;
                self.emit(Event::GameStarted { first });
            }
            Mutation::SetCombat(combat) => {
                self.state.combat = combat;
            }
            Mutation::AddExtraTurn(player) => {
                self.state.extra_turns.push(player);
            }
            Mutation::AddPlayerEffect(mut effect) => {
                if !self.room_for_player_effect() {
                    return;
                }
                effect.created_turn = self.state.turn;
                self.state.player_effects.push(effect);
                self.emit(Event::PlayerEffectAdded {
                    player: effect.player,
                    kind: effect.kind,
                    window: effect.window,
                });
            }
            Mutation::Concede(player) => {
                self.state.players[player.idx()].conceded = true;
                self.emit(Event::Conceded { player });
            }
            Mutation::SetResource(player, resource, value) => {
                let p = &mut self.state.players[player.idx()];
                let slot = match resource {
                    Resource::PlayPoints => &mut p.pp,
                    Resource::MaxPlayPoints => &mut p.max_pp,
                    Resource::EvolvePoints => &mut p.ep,
                    Resource::SuperEvolvePoints => &mut p.sep,
                };
                let from = *slot;
                if from == value {
                    return;
                }
                *slot = value;
                self.emit(Event::ResourceChanged {
                    player,
                    resource,
                    from,
                    to: value,
                });
            }
            Mutation::SetLeaderDefense(player, value) => {
                let p = &mut self.state.players[player.idx()];
                let from = p.leader_defense;
                if from == value {
                    return;
                }
                p.leader_defense = value;
                if value < from {
                    p.lost_defense_this_turn = true;
                }
                self.emit(Event::LeaderDefense {
                    player,
                    from,
                    to: value,
                });
            }
            Mutation::AddCounters(card, counter, delta) => {
                let counters = &mut self.state.cards[card.idx()].counters;
                let from = counters.get(counter);
                // Saturates at both ends: a pack's huge delta never wraps.
                let to =
                    u32::try_from((i64::from(from) + i64::from(delta)).max(0)).unwrap_or(u32::MAX);
                // `Match::add_counters` checked the room; a mutation
                // replayed from a record that had none changes nothing.
                let set = counters.set(counter, to);
                if set && from != to {
                    self.emit(Event::CountersChanged {
                        card,
                        counter,
                        from,
                        to,
                    });
                }
            }
            Mutation::AddEffect(mut effect) => {
                if !self.room_for_effect() {
                    return;
                }
                effect.timestamp = self.state.next_timestamp;
                effect.created_turn = self.state.turn;
                self.state.next_timestamp += 1;
                let event = Event::EffectAdded {
                    card: effect.card,
                    kind: effect.kind,
                    duration: effect.duration,
                    source: effect.source,
                };
                self.state.effects.push(effect);
                self.emit(event);
            }
            Mutation::ExpireEndOfTurnEffects => {
                let before = self.state.effects.len();
                let (ending_player, turn) = (self.state.active, self.state.turn);
                self.state.effects.retain(|e| match e.duration {
                    super::state::Duration::WhileInZone => true,
                    super::state::Duration::EndOfTurn => false,
                    // Ends with the opponent's next turn: a turn of theirs
                    // that began after the effect was made (one made in
                    // their turn lasts through their following turn,
                    // rules-coverage.md §7.3).
                    super::state::Duration::EndOfOpponentNextTurn { controller } => {
                        ending_player == controller || turn <= e.created_turn
                    }
                });
                let count = (before - self.state.effects.len()) as u32;
                if count > 0 {
                    self.emit(Event::EffectsExpired { count });
                }
                if !self.state.player_effects.is_empty() {
                    let mut ended = Vec::new();
                    self.state.player_effects.retain(|e| {
                        let ends = e.ends_with(turn, ending_player);
                        if ends {
                            ended.push(*e);
                        }
                        !ends
                    });
                    for effect in ended {
                        self.emit(Event::PlayerEffectEnded {
                            player: effect.player,
                            kind: effect.kind,
                        });
                    }
                }
            }
            Mutation::ClearDamage(card) => {
                self.state.cards[card.idx()].damage = 0;
            }
            Mutation::UseUpEffect { card, timestamp } => {
                let Some(at) = self
                    .state
                    .effects
                    .iter()
                    .position(|e| e.card == card && e.timestamp == timestamp)
                else {
                    return;
                };
                let effect = self.state.effects.remove(at);
                self.emit(Event::EffectUsedUp {
                    card,
                    kind: effect.kind,
                });
            }
            Mutation::Link { base, evolved } => {
                self.state.cards[base.idx()].evolved_with = Some(evolved);
                self.state.cards[evolved.idx()].linked_to = Some(base);
            }
            Mutation::LinkCarrot { base, carrot } => {
                let base_state = &mut self.state.cards[base.idx()];
                base_state.raced = base_state.raced.saturating_add(1);
                self.state.cards[carrot.idx()].linked_to = Some(base);
            }
            Mutation::AddPending(pending) => {
                if let Some(ability) = pending.what.ability()
                    && self.db.get(pending.def).abilities[usize::from(ability.0)].once_per_turn
                    && self
                        .state
                        .is_same_object(pending.source, pending.source_object)
                {
                    let turn = self.state.turn;
                    self.state.cards[pending.source.idx()].ability_uses.record(
                        crate::engine::state::AbilityUses::key(pending.def, ability),
                        turn,
                    );
                }
                let event = Event::AbilityTriggered {
                    card: pending.source,
                    def: pending.def,
                    ability: pending.what,
                    controller: pending.controller,
                };
                self.state.pending.push(pending);
                self.events.push(event);
            }
            Mutation::TakePending(idx) => {
                if idx < self.state.pending.len() {
                    self.state.pending.remove(idx);
                }
            }
            Mutation::AddDelayed(delayed) => {
                let event = Event::DelayedCreated {
                    card: delayed.source,
                    def: delayed.def,
                    ability: delayed.ability,
                    controller: delayed.controller,
                };
                self.state.delayed.push(*delayed);
                self.events.push(event);
            }
            Mutation::RemoveDelayed(idx) => {
                if idx < self.state.delayed.len() {
                    self.state.delayed.remove(idx);
                }
            }
            Mutation::Shuffle(player) => {
                let deck = &mut self.state.players[player.idx()].deck;
                // Fisher–Yates with the match RNG.
                for i in (1..deck.len()).rev() {
                    let j = (self.state.rng.next_u64() % (i as u64 + 1)) as usize;
                    deck.swap(i, j);
                }
                self.emit(Event::Shuffled { player });
            }
            Mutation::SetTurn { active, turn } => {
                self.state.active = active;
                self.state.turn = turn;
                self.state.players[active.idx()].turns_passed += 1;
                for p in &mut self.state.players {
                    p.evolved_this_turn = false;
                    p.cards_played_this_turn = 0;
                    p.spells_played_this_turn = 0;
                    p.lost_defense_this_turn = false;
                    p.this_turn.clear();
                }
                self.state.last_known.clear();
                self.emit(Event::TurnStarted {
                    player: active,
                    turn,
                });
            }
            Mutation::SetPhase(phase) => {
                self.state.phase = phase;
                self.emit(Event::PhaseStarted { phase });
            }
            Mutation::SetOutcome(outcome) => {
                if self.state.outcome.is_none() {
                    self.state.outcome = Some(outcome);
                    self.state.phase = Phase::GameOver;
                    self.emit(Event::GameOver { outcome });
                }
            }
            Mutation::NameTrait(name) => self.state.granted_traits.push(name),
        }
    }

    /// [`Mutation::ChangeControl`]: field to field, the same object.
    fn change_control(&mut self, card: CardRef, to: PlayerId) {
        let c = self.state.card(card);
        let from = c.controller;
        if c.zone != Zone::Field || from == to {
            return;
        }
        let (owner, def) = (c.owner, c.def);
        let evolved = c.evolved_with.map(|e| self.state.card(e).def);
        self.state.players[from.idx()].field.retain(|f| *f != card);
        self.state.players[to.idx()].field.push(card);
        let turn = self.state.turn;
        let c = &mut self.state.cards[card.idx()];
        c.controller = to;
        // It has not been on its new controller's field since the turn
        // began (CR 8.4.2.1): it can't attack this turn without Storm or
        // Rush.
        c.entered_turn = turn;
        self.emit(Event::Moved {
            card,
            def: Some(def),
            owner,
            controller: from,
            from: Zone::Field,
            to: Zone::Field,
            cause: MoveCause::ControlChange,
            evolved,
        });
    }

    fn apply_move(
        &mut self,
        card: CardRef,
        to_player: PlayerId,
        to: Zone,
        place: Place,
        cause: MoveCause,
    ) {
        if self.state.card(card).zone == Zone::Field
            && to != Zone::Field
            && cause != MoveCause::Sandbox
        {
            // Look-back (CR 10.7.4.1): the card as it was, before it moves.
            self.remember_leaving(card);
        }
        let (from, from_player, controller, owner) = {
            let c = self.state.card(card);
            let from_player = if c.zone == Zone::Field {
                c.controller
            } else {
                c.owner
            };
            (c.zone, from_player, c.controller, c.owner)
        };
        // Take the card out of its zone.
        if from == Zone::Resolution {
            self.state.resolution.retain(|c| *c != card);
        } else if let Some(list) = self.state.players[from_player.idx()].zone_mut(from)
            && let Some(pos) = list.iter().position(|c| *c == card)
        {
            list.remove(pos);
        }
        if from == Zone::EvolveZone {
            self.state.evolve_zone_cards = self.state.evolve_zone_cards.saturating_sub(1);
        }
        if to == Zone::EvolveZone {
            self.state.evolve_zone_cards += 1;
        }
        // Put it into the new zone.
        if to == Zone::Resolution {
            self.state.resolution.push(card);
        } else if let Some(list) = self.state.players[to_player.idx()].zone_mut(to) {
            match place {
                Place::Top => list.push(card),
                Place::Bottom => list.insert(0, card),
            }
        }
        let evolved_link = self.state.card(card).evolved_with;
        let evolved_def = evolved_link.map(|e| self.state.card(e).def);
        let object = ObjectId(self.state.next_object);
        self.state.next_object += 1;
        // Its passives' timestamp: now, also when it keeps its object.
        let since = self.state.next_timestamp;
        self.state.next_timestamp += 1;
        let turn = self.state.turn;
        let keeps_state = matches!(
            (from, to),
            // EX area / resolution zone → field keep effects and counters
            // (CR 4.8.3.3, 10.6.2.8.1.1); EX → resolution too (10.6.2.1.3).
            (Zone::ExArea, Zone::Field)
                | (Zone::Resolution, Zone::Field)
                | (Zone::ExArea, Zone::Resolution)
        );
        let old_object = self.state.card(card).object;
        // A double-faced card shows its front face again anywhere but in
        // the evolve zone it was shown in (later-sets §10, CR 2.14.2.1).
        let front = self.db.front_face(self.state.card(card).def);
        {
            let c = &mut self.state.cards[card.idx()];
            if let Some(front) = front {
                c.def = front;
            }
            c.zone = to;
            c.since = since;
            c.controller = if to == Zone::Field {
                to_player
            } else {
                c.owner
            };
            // A sandbox placement counts as having been there since the turn
            // began, so the card can act at once.
            c.entered_turn = if cause == MoveCause::Sandbox {
                turn.saturating_sub(1)
            } else {
                turn
            };
            c.engaged = false;
            c.damage = 0;
            c.fought_bane = false;
            c.super_evolved = false;
            c.evolved_turn = 0;
            c.ability_uses.clear();
            if !keeps_state {
                c.counters.clear();
            }
            c.face_up = !matches!(to, Zone::Deck | Zone::Hand | Zone::EvolveDeck);
            if from != Zone::Resolution {
                c.came_from = Some(from);
            }
            if from == Zone::Field {
                // The evolved card stays in the evolve zone, unlinked, until
                // rules handling returns it (CR 11.6.1).
                c.evolved_with = None;
                // Its Carrots are unlinked too (CR 14.2, rules handling 11.8).
                c.raced = 0;
            }
            if from == Zone::EvolveZone || (from == Zone::Equipment && to != Zone::Equipment) {
                c.linked_to = None;
            }
            if !keeps_state {
                // A new object has never been given Drive.
                c.given_drive = false;
            }
            c.object = if keeps_state { old_object } else { object };
        }
        if !keeps_state {
            self.state
                .effects
                .retain(|e| !(e.card == card && e.object == old_object));
        }
        if from == Zone::Field && to != Zone::Field {
            // Its equipment (CR 14.5.2.4) and its Drive Point (CR 11.10.1)
            // are no longer linked; rules handling moves them on.
            self.unlink_cards_of(card);
        }
        // What card code may read of it now (last-known information).
        if from == Zone::Field
            && to != Zone::Field
            && let Some(was) = self.leaving.of(card).filter(|was| was.object == old_object)
        {
            let was = was.clone();
            self.state.keep_last_known(was);
        }
        // A token that ceases to exist (CR 9.1.3) keeps what it was on the
        // field: its Last Words still read it.
        if cause == MoveCause::TokenRemoved {
            let now = self.state.card(card).object;
            for known in &mut self.state.last_known {
                if known.was.card == card && known.became == old_object {
                    known.became = now;
                }
            }
        }
        let def = self.state.card(card).def;
        self.emit(Event::Moved {
            card,
            def: Some(def),
            owner,
            controller,
            from,
            to,
            cause,
            evolved: evolved_def,
        });
        self.forget_leaving();
    }

    /// Records an event and collects the automatic abilities it triggers.
    pub(crate) fn emit(&mut self, event: Event) {
        self.record_this_turn(&event);
        self.collect_triggers(&event);
        self.events.push(event);
    }

    /// Keeps the per-turn record card text counts (`TurnRecord`).
    fn record_this_turn(&mut self, event: &Event) {
        let (player, list, card) = match *event {
            Event::Moved {
                card,
                controller,
                owner,
                from,
                to,
                cause,
                ..
            } => match cause {
                MoveCause::Destroy { .. } => (controller, Record::Destroyed, card),
                MoveCause::Discard => (owner, Record::Discarded, card),
                // Returned by an effect or as a cost; a sandbox move is not
                // part of the game.
                MoveCause::Sandbox => return,
                _ if from == Zone::Field && to == Zone::Hand => {
                    (controller, Record::ReturnedToHand, card)
                }
                // Played from the EX area is not banished from it
                // (later-sets §3.2, L-4): the card goes to the resolution
                // zone first.
                _ if from == Zone::ExArea && to == Zone::Banished => {
                    (controller, Record::BanishedFromEx, card)
                }
                _ => return,
            },
            Event::AttackDeclared { attacker, .. } => (
                self.state.card(attacker).controller,
                Record::Attacked,
                attacker,
            ),
            Event::CardPlayed { player, card, def }
                if self.db.get(def).card_type == CardType::Spell =>
            {
                (player, Record::SpellsPlayed, card)
            }
            _ => return,
        };
        let record = &mut self.state.players[player.idx()].this_turn;
        let list = match list {
            Record::Destroyed => &mut record.destroyed,
            Record::Discarded => &mut record.discarded,
            Record::Attacked => &mut record.attacked,
            Record::SpellsPlayed => &mut record.spells_played,
            Record::ReturnedToHand => &mut record.returned_to_hand_from_field,
            Record::BanishedFromEx => &mut record.banished_from_ex,
        };
        list.push(card);
    }
}

/// Which list of a [`TurnRecord`] an event adds to.
enum Record {
    Destroyed,
    Discarded,
    Attacked,
    SpellsPlayed,
    ReturnedToHand,
    BanishedFromEx,
}
