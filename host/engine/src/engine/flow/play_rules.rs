//! Whether and for how much a card may be played, read from a state and a
//! card pool alone (later-sets §12.10, §12.12, tokens' kinds): the engine's
//! legal actions and effect plays ask it through [`Match`], and card
//! code's read-only queries ([`AbilityQuery::play_cost`]) through the same
//! rules, so a pack asking "could this be played?" gets the engine's
//! answer.
//!
//! [`AbilityQuery::play_cost`]: crate::engine::ability::AbilityQuery::play_cost

use crate::cards::{CardDb, CardType, Keywords};
use crate::engine::Match;
use crate::engine::ids::{CardRef, PlayerId};
use crate::engine::state::{Characteristics, GameState, Phase, PlayerEffectKind, Zone};

/// The play rules over one state and card pool.
#[derive(Clone, Copy)]
pub(crate) struct PlayRules<'a> {
    /// The match's state.
    pub state: &'a GameState,
    /// Its card pool.
    pub db: &'a CardDb,
}

impl PlayRules<'_> {
    /// Whether `player`'s field has room for `card` and may hold it: a
    /// token of a kind that may not be on the field, or of a kind with one
    /// of a name per zone whose name is there, may not.
    pub fn field_takes(self, player: PlayerId, card: CardRef) -> bool {
        self.state.field_room(player) > 0 && self.field_may_hold(player, card)
    }

    /// Whether `player`'s field may hold `card`, room aside: a token of a
    /// kind that may not be on the field, or of a kind with one of a name
    /// per zone whose name is there, may not.
    pub fn field_may_hold(self, player: PlayerId, card: CardRef) -> bool {
        let def = self.state.card(card).def;
        match self.db.token_rules(def) {
            None => true,
            Some(rules) => {
                rules.field
                    && !(rules.one_per_name
                        && self.token_named_in(
                            player,
                            Zone::Field,
                            &self.db.get(def).name,
                            Some(card),
                        ))
            }
        }
    }

    /// Whether `player`'s `zone` (the field or the EX area) holds a token
    /// of a kind with one of a name per zone, named `name`, other than
    /// `except` (a crest, later-sets §4, CR 9.1.5; a declared kind).
    pub fn token_named_in(
        self,
        player: PlayerId,
        zone: Zone,
        name: &str,
        except: Option<CardRef>,
    ) -> bool {
        let cards = match zone {
            Zone::Field => &self.state.player(player).field,
            Zone::ExArea => &self.state.player(player).ex_area,
            _ => return false,
        };
        cards.iter().any(|&other| {
            let def = self.state.card(other).def;
            Some(other) != except
                && self
                    .db
                    .token_rules(def)
                    .is_some_and(|rules| rules.one_per_name)
                && self.db.get(def).name == name
        })
    }

    /// What `player` pays to play a card whose cost is `cost` now: changed
    /// by the effects on the player ("cards you play cost 1 more",
    /// later-sets §12.10), never below 0.
    pub fn play_cost(self, player: PlayerId, cost: i32) -> i32 {
        cost.saturating_add(self.state.play_cost_change(player))
            .max(0)
    }

    /// Whether an effect on `player` keeps them from playing a card of
    /// this type now: "can't play followers during your next main phase"
    /// (later-sets §12.10; plays by effects too).
    pub fn play_forbidden(self, player: PlayerId, card_type: CardType) -> bool {
        card_type == CardType::Follower
            && self.state.phase == Phase::Main
            && self
                .state
                .player_effect_applies(player, PlayerEffectKind::CannotPlayFollowers)
    }

    /// Whether the card can't be played from the zone it is in: "can't be
    /// played from the EX area" (later-sets §7, a condition for playing it
    /// that holds for plays by effects too).
    pub fn refused_from(self, card: CardRef, stats: &Characteristics) -> bool {
        self.state.card(card).zone == Zone::ExArea
            && stats.keywords.contains(Keywords::CANNOT_BE_PLAYED_FROM_EX)
    }

    /// What `player` would pay, in play points, for an effect to play
    /// `card` now for its cost or for `cost` instead, with the effects on
    /// the player (never below 0), or `None` if it can't be played
    /// whatever they have: not a follower, amulet or spell of `player`'s
    /// in their hand, EX area or cemetery (the banished zone while an
    /// effect allows it, an unused advanced card in the evolve deck) that
    /// fits on their field (with `count_room`, room included; without,
    /// only whether the field may hold it: paying a cost may make room),
    /// "can't be played from the EX area", or followers forbidden this
    /// turn. (A spell's play requirement is card code's to check: the
    /// runner cannot be asked during a run.)
    pub fn effect_play_cost(
        self,
        card: CardRef,
        player: PlayerId,
        cost: Option<i32>,
        count_room: bool,
    ) -> Option<i32> {
        let state = self.state.card(card);
        let card_type = self.db.get(state.def).card_type;
        let playable = match card_type {
            CardType::Spell => true,
            // A token of a kind that lives in the EX area only may not be
            // on the field.
            CardType::Follower | CardType::Amulet if count_room => self.field_takes(player, card),
            CardType::Follower | CardType::Amulet => self.field_may_hold(player, card),
            // A crest has no cost (later-sets §4, CR 2.5).
            CardType::EvolvedFollower | CardType::Leader | CardType::Crest => false,
        };
        // "Play it from your evolve deck": a face-down advanced card, its
        // cost paid (later-sets §6.1, CR 9.2). The banished zone while an
        // effect lets the player play from there (later-sets §12.12).
        let from_a_play_zone = matches!(state.zone, Zone::Hand | Zone::ExArea | Zone::Cemetery)
            || (state.zone == Zone::Banished
                && self
                    .state
                    .player_effect_applies(player, PlayerEffectKind::PlayFromBanished))
            || self.state.unused_advanced(self.db, card);
        if !playable
            || !from_a_play_zone
            || state.owner != player
            || self.play_forbidden(player, card_type)
        {
            return None;
        }
        let stats = self.state.characteristics(self.db, card);
        if self.refused_from(card, &stats) {
            return None;
        }
        Some(self.play_cost(player, cost.unwrap_or(stats.cost)))
    }
}

impl Match {
    /// The play rules over this match's state.
    pub(crate) fn play_rules(&self) -> PlayRules<'_> {
        PlayRules {
            state: &self.state,
            db: &self.db,
        }
    }
}
