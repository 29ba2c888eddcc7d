//! Leaving the field: what replaces it (Stack, CR 13.3.2.2; "banished
//! instead" and other zones instead of the cemetery, later-sets §11.2),
//! what prevents
//! it ("can't be destroyed by abilities"), and cards that leave at the same
//! moment (rules-coverage.md §11.4, CR 10.7.4.2).
//!
//! Cards that leave together are moved one after the other, but each is
//! decided and remembered as it was before any of them moved: every
//! replacement and prevention is read from the same state, and the
//! triggers of each see the others leave (`triggers.rs` reads
//! [`Leaving`]: a card that already went still watches, as it was on the
//! field, for the ones after it).

use crate::cards::{Counter, InsteadZone, Keywords};
use crate::engine::Match;
use crate::engine::event::MoveCause;
use crate::engine::ids::{CardRef, ObjectId, PlayerId};
use crate::engine::mutation::{Mutation, Place};
use crate::engine::runtime::{Choice, Decision, Prompt};
use crate::engine::state::{EffectKind, LookBack, Zone};

/// One card to move off the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Leave {
    /// The card (on the field; others are left alone).
    pub card: CardRef,
    /// Where it goes (its owner's zone).
    pub to: Zone,
    /// Where in that zone.
    pub place: Place,
    /// Why.
    pub cause: MoveCause,
    /// The replacement its controller chose, when more than one could send
    /// it elsewhere than the cemetery (CR 10.10.2,
    /// [`Match::cemetery_replacement_choices`]); `None`: the first that
    /// can apply.
    pub instead: Option<InsteadZone>,
}

impl Leave {
    /// A card leaving for `to` with no replacement chosen.
    pub fn new(card: CardRef, to: Zone, place: Place, cause: MoveCause) -> Leave {
        Leave {
            card,
            to,
            place,
            cause,
            instead: None,
        }
    }
}

/// The cards leaving the field at this moment, as they were there (empty
/// between moves). Kept by the match while a move happens, so the
/// triggers it collects can look back.
#[derive(Clone, Debug, Default)]
pub(crate) struct Leaving {
    /// The cards, as they were before any of them moved.
    pub cards: Vec<LookBack>,
    /// What every card with abilities on either side had from the
    /// passives in play before the first of `cards` moved, in a pool where
    /// a continuous ability gives a declared keyword or takes all
    /// abilities (empty elsewhere): a card that has a keyword, or lost its
    /// abilities, only while a leaving card's passive reaches it watches as
    /// it was (CR 10.7.4.1; `triggers.rs`).
    pub watchers: Vec<WatcherWas>,
    /// A group of cards is leaving together: keep `cards` until it is done.
    together: bool,
}

/// What a card had from the passives in play before a leaving card moved
/// ([`Leaving::watchers`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct WatcherWas {
    /// The card.
    pub card: CardRef,
    /// The object it was (a card that moved since is another object).
    pub object: ObjectId,
    /// Its declared keywords then, with the passives then in play (none
    /// when a passive took its abilities).
    pub declared: Keywords,
    /// A passive then in play took all its abilities.
    pub lost_to_a_passive: bool,
}

impl Leaving {
    /// The look-back information of a card leaving now.
    pub fn of(&self, card: CardRef) -> Option<&LookBack> {
        self.cards.iter().rev().find(|l| l.card == card)
    }

    /// Whether the card is one of those leaving now.
    pub fn contains(&self, card: CardRef) -> bool {
        self.cards.iter().any(|l| l.card == card)
    }

    /// What `card` had from the passives before the leaving cards moved,
    /// if it was kept ([`Leaving::watchers`]) and it is still the same
    /// object.
    pub fn watcher_before(&self, card: CardRef, object: ObjectId) -> Option<&WatcherWas> {
        self.watchers
            .iter()
            .find(|w| w.card == card && w.object == object)
    }

    /// Forgets the cards and what the others were.
    fn clear(&mut self) {
        self.cards.clear();
        self.watchers.clear();
    }

    /// Keeps the cards that leave from now on until [`Leaving::release`]:
    /// a group is leaving together. Returns whether one already was.
    pub fn hold(&mut self) -> bool {
        std::mem::replace(&mut self.together, true)
    }

    /// Ends what [`Leaving::hold`] began (`outer`: what it returned): the
    /// cards are forgotten unless an outer group is still leaving.
    pub fn release(&mut self, outer: bool) {
        self.together = outer;
        if !outer {
            self.clear();
        }
    }
}

/// What happens to a card that would leave the field
/// ([`Match::leave_fate`]).
enum LeaveFate {
    /// A prohibition keeps it there.
    Stays,
    /// It is a Stack card: it loses a Stack counter instead.
    LosesStack,
    /// It leaves; its keywords now, for the replacements.
    Leaves(Keywords),
}

impl Match {
    /// Moves one card off the field, honouring Stack and "can't be
    /// destroyed by abilities".
    pub(crate) fn leave_field(&mut self, card: CardRef, to: Zone, place: Place, cause: MoveCause) {
        self.leave_field_together(&[Leave::new(card, to, place, cause)]);
    }

    /// Moves cards off the field at the same moment (CR 10.7.4.2). For
    /// each, from the state before any moves: destruction by an ability is
    /// prevented by "can't be destroyed by abilities" (CR 11.3.2.1); a
    /// Stack card with Stack counters loses one instead of leaving
    /// (CR 13.3.2.2); the others leave, each remembered as it was.
    pub(crate) fn leave_field_together(&mut self, leaves: &[Leave]) {
        let mut going: Vec<Leave> = Vec::new();
        let mut stacked: Vec<CardRef> = Vec::new();
        // Cards of each owner sent to the EX area instead so far: the
        // area's limit holds for the batch (CR 4.8.3.2).
        let mut to_ex = [0usize; 2];
        for leave in leaves {
            let card = leave.card;
            let seen = going.iter().any(|l| l.card == card) || stacked.contains(&card);
            if seen {
                continue;
            }
            match self.leave_fate(leave) {
                LeaveFate::Stays => {}
                LeaveFate::LosesStack => stacked.push(card),
                LeaveFate::Leaves(keywords) => {
                    going.push(self.instead_of_cemetery(*leave, keywords, &mut to_ex));
                }
            }
        }
        let outer = self.leaving.hold();
        if self.db_has_triggers {
            for leave in &going {
                self.remember_leaving(leave.card);
            }
        }
        for card in stacked {
            self.apply(Mutation::AddCounters(card, Counter::Stack, -1));
        }
        for leave in going {
            let owner = self.state.card(leave.card).owner;
            self.move_card(leave.card, owner, leave.to, leave.place, leave.cause);
        }
        self.leaving.release(outer);
    }

    /// What happens to a card that would leave the field, from the state
    /// now: destruction by an ability is prevented by "can't be destroyed
    /// by abilities" (CR 11.3.2.1), any destruction by "can't be
    /// destroyed", a banish by "can't be banished"; a Stack card with Stack
    /// counters loses one instead of leaving (CR 13.3.2.2).
    fn leave_fate(&self, leave: &Leave) -> LeaveFate {
        if self.state.card(leave.card).zone != Zone::Field {
            return LeaveFate::Stays;
        }
        let keywords = self.state.characteristics(&self.db, leave.card).keywords;
        if leave.cause == (MoveCause::Destroy { by_ability: true })
            && keywords.contains(Keywords::CANNOT_DESTROY_BY_ABILITIES)
        {
            return LeaveFate::Stays;
        }
        // "Can't be banished" (by abilities: the one cause that
        // banishes from the field; later-sets §12.7).
        if leave.cause == MoveCause::Banish && keywords.contains(Keywords::CANNOT_BE_BANISHED) {
            return LeaveFate::Stays;
        }
        // "Can't be destroyed", read at each attempt (a passive's
        // condition included): no destruction at all.
        if matches!(leave.cause, MoveCause::Destroy { .. })
            && keywords.contains(Keywords::CANNOT_BE_DESTROYED)
        {
            return LeaveFate::Stays;
        }
        if self.state.card(leave.card).counter(Counter::Stack) > 0
            && keywords.contains(Keywords::STACK)
        {
            return LeaveFate::LosesStack;
        }
        LeaveFate::Leaves(keywords)
    }

    /// Where the card of `leave` could go instead of the cemetery, if it
    /// left the field alone now (the EX area's room as it is: a batch that
    /// fills it first sends a card that chose it to the next place): one
    /// entry per place, in the order
    /// [`Match::instead_of_cemetery`] tries them. With two or more its
    /// controller chooses which replacement applies (CR 10.10.2): card
    /// code's moves ask inside the action (`AbilityCtx`), rules handling
    /// before it carries out its round (`rules_handling.rs`).
    pub(crate) fn cemetery_replacement_choices(&self, leave: &Leave) -> Vec<InsteadZone> {
        match self.leave_fate(leave) {
            LeaveFate::Leaves(keywords) if leave.to == Zone::Cemetery => {
                self.cemetery_replacements_that_apply(leave, keywords, &[0, 0])
            }
            _ => Vec::new(),
        }
    }

    /// Whether a card going from the field to the cemetery could have a
    /// replacement now: the pool's cards give one, or an effect made one.
    /// The cheap question asked before [`Match::cemetery_replacement_choices`].
    pub(crate) fn may_replace_cemetery_moves(&self) -> bool {
        self.db.has_move_passives()
            || self
                .db
                .may_print_or_grant(Keywords::BANISHES_ENEMIES_INSTEAD)
            // Effects: "instead" on a card, or "banish instead" given to one
            // (which `may_print_or_grant` does not know of).
            || self.state.effects.iter().any(|e| match e.kind {
                EffectKind::InsteadOfCemetery(_) => true,
                EffectKind::Keywords(k) => k.contains(Keywords::BANISHES_ENEMIES_INSTEAD),
                _ => false,
            })
    }

    /// The question to the controller of `card` of which of the
    /// replacements sending it to `options` applies (CR 10.10.2).
    pub(crate) fn move_replacement_question(
        &self,
        card: CardRef,
        options: &[InsteadZone],
    ) -> Decision {
        let player = self.state.card(card).controller;
        let labels = options
            .iter()
            .map(|zone| Choice::Label(zone.words().to_owned()))
            .collect();
        Decision::pick_one(player, Prompt::MoveReplacement { card }, labels)
    }

    /// Where a card that would go from the field to the cemetery goes
    /// instead (later-sets §11.2), read from the state before the cards
    /// move: the replacement its controller chose, if it can apply, else
    /// the first of [`Match::cemetery_replacements_that_apply`]. The card
    /// then no longer goes to the cemetery, so no other applies (each at
    /// most once, CR 10.10). It was not destroyed or put into the
    /// cemetery, so its Last Words don't trigger (CR 10.10.1.1).
    fn instead_of_cemetery(
        &self,
        leave: Leave,
        keywords: Keywords,
        to_ex: &mut [usize; 2],
    ) -> Leave {
        if leave.to != Zone::Cemetery {
            return leave;
        }
        let options = self.cemetery_replacements_that_apply(&leave, keywords, to_ex);
        let chosen = leave.instead.filter(|zone| options.contains(zone));
        let Some(instead) = chosen.or_else(|| options.first().copied()) else {
            return leave;
        };
        let owner = self.state.card(leave.card).owner;
        if instead == InsteadZone::ExArea {
            to_ex[owner.idx()] += 1;
        }
        let (to, place, cause) = match instead {
            InsteadZone::Banished => (Zone::Banished, Place::Top, MoveCause::Banish),
            InsteadZone::ExArea => (Zone::ExArea, Place::Top, MoveCause::PutByEffect),
            InsteadZone::Hand => (Zone::Hand, Place::Top, MoveCause::ReturnToHand),
            InsteadZone::DeckTop => (Zone::Deck, Place::Top, MoveCause::ToDeck),
            InsteadZone::DeckBottom => (Zone::Deck, Place::Bottom, MoveCause::ToDeck),
        };
        Leave {
            to,
            place,
            cause,
            ..leave
        }
    }

    /// The replacements that could send a card going from the field to the
    /// cemetery elsewhere, one per place (two sending it to the same place
    /// give the same result): the effects on it and the passives reaching
    /// it ("if this follower would be put into the cemetery from the
    /// field, put it into your EX area instead"), in the order
    /// `GameState::cemetery_replacements` gives, then "an enemy follower
    /// that would go from the field to the cemetery is banished instead" (a
    /// card with `BANISHES_ENEMIES_INSTEAD` on the other field). A card
    /// that can't be banished is not banished instead, nor one put into an
    /// EX area without room for it (`to_ex`: the cards of each owner this
    /// batch already sends there) or that its token kind keeps out
    /// (CR 1.3.3, 4.8.3.2).
    fn cemetery_replacements_that_apply(
        &self,
        leave: &Leave,
        keywords: Keywords,
        to_ex: &[usize; 2],
    ) -> Vec<InsteadZone> {
        let may_banish = !keywords.contains(Keywords::CANNOT_BE_BANISHED);
        let owner = self.state.card(leave.card).owner;
        let may_go = |zone: &InsteadZone| match zone {
            InsteadZone::Banished => may_banish,
            InsteadZone::ExArea => self.ex_takes(owner, leave.card, to_ex[owner.idx()]),
            _ => true,
        };
        let mut options: Vec<InsteadZone> = Vec::new();
        for zone in self.state.cemetery_replacements(&self.db, leave.card) {
            if may_go(&zone) && !options.contains(&zone) {
                options.push(zone);
            }
        }
        let enemies_banish = may_banish
            && !options.contains(&InsteadZone::Banished)
            && self.state.field_grants(
                &self.db,
                self.state.card(leave.card).controller.opponent(),
                Keywords::BANISHES_ENEMIES_INSTEAD,
            )
            && self
                .state
                .characteristics(&self.db, leave.card)
                .card_type
                .is_follower();
        if enemies_banish {
            options.push(InsteadZone::Banished);
        }
        options
    }

    /// Remembers a card that leaves the field by itself (not through
    /// [`Match::leave_field_together`]: a sandbox move, a card played from
    /// the field), just before it moves.
    pub(crate) fn remember_leaving(&mut self, card: CardRef) {
        let object = self.state.card(card).object;
        let known = self
            .leaving
            .of(card)
            .is_some_and(|was| was.object == object);
        if self.db_has_triggers && !known {
            if self.leaving.cards.is_empty()
                && (self.db.passives_give_declared_keywords()
                    || self.db.has_ability_loss_passives())
            {
                self.remember_watchers();
            }
            let was = self.state.look_back(&self.db, card);
            self.leaving.cards.push(was);
        }
    }

    /// Keeps what every card with abilities on either side has from the
    /// passives now, before the first leaving card moves
    /// ([`Leaving::watchers`]).
    fn remember_watchers(&mut self) {
        let watchers = PlayerId::BOTH
            .into_iter()
            .flat_map(|player| self.state.ability_cards(&self.db, player))
            .map(|card| {
                let (declared, lost_to_a_passive) = self.passives_on_now(card);
                WatcherWas {
                    card,
                    object: self.state.card(card).object,
                    declared,
                    lost_to_a_passive,
                }
            })
            .collect();
        self.leaving.watchers = watchers;
    }

    /// Forgets the cards that left, unless a group is still leaving.
    pub(crate) fn forget_leaving(&mut self) {
        if !self.leaving.together {
            self.leaving.clear();
        }
    }
}
