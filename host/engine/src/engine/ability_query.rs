//! What card code may read of a match ([`AbilityQuery`]): the state, the
//! card pool and the running ability's context, never a change. Card code
//! gets it from [`AbilityCtx::query`](super::AbilityCtx::query), and the
//! engine asks conditions through it (`flow/legal.rs`).

use super::AbilityInfo;
use super::ids::{CardRef, PlayerId};
use super::state::{Characteristics, GameState, Zone};
use crate::cards::{AbilityDef, CardDb, CardDef, CardFilter, Keywords};

/// Read-only access to a match for card code.
#[derive(Clone, Copy)]
pub struct AbilityQuery<'a> {
    state: &'a GameState,
    db: &'a CardDb,
    info: &'a AbilityInfo,
    /// Read by the ability's resolution (not its condition): it was played.
    resolving: bool,
}

impl<'a> AbilityQuery<'a> {
    /// For an ability's condition, asked before it is played.
    pub(crate) fn new(state: &'a GameState, db: &'a CardDb, info: &'a AbilityInfo) -> Self {
        AbilityQuery {
            state,
            db,
            info,
            resolving: false,
        }
    }

    /// For an ability's resolution (`AbilityCtx::query`).
    pub(crate) fn resolving(state: &'a GameState, db: &'a CardDb, info: &'a AbilityInfo) -> Self {
        AbilityQuery {
            state,
            db,
            info,
            resolving: true,
        }
    }

    /// The cards whose `[ub]` abilities `player` executed this turn, as
    /// card code counts them (later-sets §1.2): each execution is recorded
    /// as it is played, and a `[ub]` ability resolving now leaves its own
    /// out, so "if your `[ub]` abilities have executed N other times" reads
    /// the others (SVE Script's `#(unionBursts)`).
    pub fn union_bursts_this_turn(&self, player: PlayerId) -> Vec<CardRef> {
        let mut cards = self.state.player(player).this_turn.union_bursts.clone();
        if self.resolving
            && self.db.is_union_burst(self.info.def, self.info.ability)
            && let Some(own) = cards.iter().rposition(|c| *c == self.info.source)
        {
            cards.remove(own);
        }
        cards
    }

    /// Whether this condition is asked for executing a `[ub]` ability
    /// without its cost (later-sets §1.3): only the targets it must select
    /// count then.
    pub fn executing_union_burst(&self) -> bool {
        self.info.executing
    }

    /// Whether a card whose abilities work for `player` has `keywords`
    /// now: a player-wide permission such as "you may choose any number of
    /// options" (later-sets §4; [`GameState::field_grants`]).
    ///
    /// [`GameState::field_grants`]: crate::engine::state::GameState::field_grants
    pub fn player_granted(&self, player: PlayerId, keywords: Keywords) -> bool {
        self.state.field_grants(self.db, player, keywords)
    }

    /// Whether a follower could be served `count` Carrots now (see
    /// [`AbilityCtx::race`](super::AbilityCtx::race)).
    pub fn can_race(&self, card: CardRef, count: u8, use_ep: bool) -> bool {
        self.state.card(card).controller == self.info.controller
            && crate::engine::actions::can_race(self.state, self.db, card, count, use_ep)
    }

    /// What playing `card` by an effect of this ability's controller
    /// would charge now, in play points (the effects on the player
    /// included, later-sets §12.10), or `None` if it would be refused
    /// whatever they have (see [`AbilityCtx::play_card`](super::AbilityCtx::play_card)). Room on the
    /// field is not counted: paying a cost may make it.
    pub fn play_cost(&self, card: CardRef, cost: Option<i32>) -> Option<i32> {
        crate::engine::flow::play_rules::PlayRules {
            state: self.state,
            db: self.db,
        }
        .effect_play_cost(card, self.info.controller, cost, false)
    }

    /// The whole state.
    pub fn state(&self) -> &'a GameState {
        self.state
    }

    /// The card database.
    pub fn db(&self) -> &'a CardDb {
        self.db
    }

    /// What is running.
    pub fn info(&self) -> &'a AbilityInfo {
        self.info
    }

    /// The source card.
    pub fn source(&self) -> CardRef {
        self.info.source
    }

    /// The ability's controller ("you").
    pub fn controller(&self) -> PlayerId {
        self.info.controller
    }

    /// The running ability's definition.
    pub fn ability_def(&self) -> &'a AbilityDef {
        &self.db.get(self.info.def).abilities[usize::from(self.info.ability.0)]
    }

    /// The source card's definition.
    pub fn card_def(&self) -> &'a CardDef {
        self.db.get(self.info.def)
    }

    /// A card's current characteristics.
    pub fn characteristics(&self, card: CardRef) -> Characteristics {
        self.state.characteristics(self.db, card)
    }

    /// Cards of a player's zone that match a filter (relative to the source).
    pub fn cards(&self, player: PlayerId, zone: Zone, filter: &CardFilter) -> Vec<CardRef> {
        self.state
            .player(player)
            .zone(zone)
            .iter()
            .copied()
            .filter(|c| {
                self.state
                    .matches(self.db, *c, filter, Some(self.info.source))
            })
            .collect()
    }
}
