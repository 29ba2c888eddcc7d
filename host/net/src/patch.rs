//! View patches: an update sent as what changed since the last view its
//! connection was sent, instead of the whole board.
//!
//! A table sends each connection one whole [`Update`] first (on sitting
//! down, reconnecting or starting to watch), then a
//! [`ServerMsg::Patch`](crate::protocol::ServerMsg::Patch) per change: the
//! new events, clocks, decision and pending abilities as they are, and of
//! the board only the lists and numbers that changed ([`ViewPatch`]). A
//! patch is made from two views already redacted and renamed for that
//! viewer ([`crate::feed::SeatFeed::view`]), so it carries nothing the
//! whole view would not have: every card it names lands in the view the
//! client rebuilds, which the leak check reads.
//!
//! The client side is a [`Mirror`]: it keeps the last update and turns
//! each patch back into the whole [`Update`], in place ([`crate::client::Connection::recv`]
//! does it for every client). Each patch says how many patches came
//! before it since the last whole update ([`UpdatePatch::after`]), so a
//! lost or repeated message is an error, never a wrong board.

use crate::inspect::{InspectedCard, PendingLine};
use crate::protocol::{Clocks, Update};
use serde::{Deserialize, Serialize};
use sve_engine::engine::view::{
    CardView, DelayedView, EquipmentView, PlayerEffectView, PlayerView, SideView,
};
use sve_engine::engine::{Decision, DefId, Event, Outcome, Phase, PlayerId};

/// Most entries a list of a view may have after a patch (a side has at
/// most a few hundred cards; a longer list is a hostile frame).
const MAX_LIST: usize = 4096;

/// What changed in a list: the new list is the old one's first `front`
/// entries, then `middle`, then the old one's last `back` entries.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ListPatch<T> {
    /// Entries kept from the start of the old list.
    pub front: u32,
    /// Entries kept from the end of the old list.
    pub back: u32,
    /// The new entries between them.
    pub middle: Vec<T>,
}

impl<T: Clone + PartialEq> ListPatch<T> {
    /// The patch from `old` to `new`, or `None` when they are equal.
    pub fn between(old: &[T], new: &[T]) -> Option<ListPatch<T>> {
        if old == new {
            return None;
        }
        let front = old.iter().zip(new).take_while(|(a, b)| a == b).count();
        let room = old.len().min(new.len()) - front;
        let back = old
            .iter()
            .rev()
            .zip(new.iter().rev())
            .take(room)
            .take_while(|(a, b)| a == b)
            .count();
        Some(ListPatch {
            front: front as u32,
            back: back as u32,
            middle: new[front..new.len() - back].to_vec(),
        })
    }

    /// Applies the patch to `list`; a patch that keeps more entries than
    /// the list has, or makes it too long, is an error and leaves the list
    /// as it was.
    pub fn apply(self, list: &mut Vec<T>, what: &'static str) -> Result<(), PatchError> {
        let (front, back) = (self.front as usize, self.back as usize);
        let kept = front.saturating_add(back);
        if kept > list.len() {
            return Err(PatchError::Keeps {
                what,
                kept,
                len: list.len(),
            });
        }
        if kept + self.middle.len() > MAX_LIST {
            return Err(PatchError::TooLong { what });
        }
        let end = list.len() - back;
        list.splice(front..end, self.middle);
        Ok(())
    }
}

/// A side's numbers, sent whole when any of them changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideNumbers {
    /// [`SideView::leader`].
    pub leader: DefId,
    /// [`SideView::leader_defense`].
    pub leader_defense: i32,
    /// [`SideView::pp`].
    pub pp: i32,
    /// [`SideView::max_pp`].
    pub max_pp: i32,
    /// [`SideView::ep`].
    pub ep: i32,
    /// [`SideView::sep`].
    pub sep: i32,
    /// [`SideView::deck_count`].
    pub deck_count: u32,
    /// [`SideView::hidden_field`].
    #[serde(default)]
    pub hidden_field: u32,
    /// [`SideView::combo`].
    pub combo: u32,
    /// [`SideView::spellchain`].
    pub spellchain: u32,
    /// [`SideView::turns_passed`].
    pub turns_passed: u32,
}

impl SideNumbers {
    fn of(side: &SideView) -> SideNumbers {
        SideNumbers {
            leader: side.leader,
            leader_defense: side.leader_defense,
            pp: side.pp,
            max_pp: side.max_pp,
            ep: side.ep,
            sep: side.sep,
            deck_count: side.deck_count as u32,
            hidden_field: side.hidden_field as u32,
            combo: side.combo,
            spellchain: side.spellchain,
            turns_passed: side.turns_passed,
        }
    }

    fn write(self, side: &mut SideView) {
        side.leader = self.leader;
        side.leader_defense = self.leader_defense;
        side.pp = self.pp;
        side.max_pp = self.max_pp;
        side.ep = self.ep;
        side.sep = self.sep;
        side.deck_count = self.deck_count as usize;
        side.hidden_field = self.hidden_field as usize;
        side.combo = self.combo;
        side.spellchain = self.spellchain;
        side.turns_passed = self.turns_passed;
    }
}

/// What changed on one side of the board; `None` is unchanged.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SidePatch {
    /// The side's numbers.
    pub numbers: Option<SideNumbers>,
    /// [`SideView::hand`].
    pub hand: Option<ListPatch<Option<CardView>>>,
    /// [`SideView::field`].
    pub field: Option<ListPatch<CardView>>,
    /// [`SideView::ex_area`].
    pub ex_area: Option<ListPatch<CardView>>,
    /// [`SideView::cemetery`].
    pub cemetery: Option<ListPatch<CardView>>,
    /// [`SideView::banished`].
    pub banished: Option<ListPatch<CardView>>,
    /// [`SideView::evolve_deck`].
    pub evolve_deck: Option<ListPatch<Option<CardView>>>,
    /// [`SideView::evolve_used`].
    pub evolve_used: Option<ListPatch<CardView>>,
    /// [`SideView::equipment`].
    #[serde(default)]
    pub equipment: Option<ListPatch<EquipmentView>>,
    /// [`SideView::trigger_zone`].
    #[serde(default)]
    pub trigger_zone: Option<ListPatch<CardView>>,
    /// [`SideView::drive_zone`].
    #[serde(default)]
    pub drive_zone: Option<ListPatch<EquipmentView>>,
    /// [`SideView::player_effects`], whole when it changed (a few at
    /// most).
    #[serde(default)]
    pub player_effects: Option<Vec<PlayerEffectView>>,
    /// [`SideView::delayed`], whole when it changed (a few at most).
    #[serde(default)]
    pub delayed: Option<Vec<DelayedView>>,
}

impl SidePatch {
    /// The patch from `old` to `new`. Every field of [`SideView`] is
    /// named, so a new one can't be left out of patches.
    pub fn between(old: &SideView, new: &SideView) -> SidePatch {
        let SideView {
            leader: _,
            leader_defense: _,
            pp: _,
            max_pp: _,
            ep: _,
            sep: _,
            deck_count: _,
            hidden_field: _,
            hand,
            field,
            ex_area,
            cemetery,
            banished,
            evolve_deck,
            evolve_used,
            equipment,
            trigger_zone,
            drive_zone,
            combo: _,
            spellchain: _,
            turns_passed: _,
            player_effects,
            delayed,
            // Set when the match begins and never changed: the whole view
            // a seat gets first carries it.
            universe: _,
        } = new;
        let numbers = SideNumbers::of(new);
        SidePatch {
            numbers: (SideNumbers::of(old) != numbers).then_some(numbers),
            hand: ListPatch::between(&old.hand, hand),
            field: ListPatch::between(&old.field, field),
            ex_area: ListPatch::between(&old.ex_area, ex_area),
            cemetery: ListPatch::between(&old.cemetery, cemetery),
            banished: ListPatch::between(&old.banished, banished),
            evolve_deck: ListPatch::between(&old.evolve_deck, evolve_deck),
            evolve_used: ListPatch::between(&old.evolve_used, evolve_used),
            equipment: ListPatch::between(&old.equipment, equipment),
            trigger_zone: ListPatch::between(&old.trigger_zone, trigger_zone),
            drive_zone: ListPatch::between(&old.drive_zone, drive_zone),
            player_effects: (old.player_effects != *player_effects).then(|| player_effects.clone()),
            delayed: (old.delayed != *delayed).then(|| delayed.clone()),
        }
    }

    /// Applies the patch to `side`.
    pub fn apply(self, side: &mut SideView) -> Result<(), PatchError> {
        fn list<T: Clone + PartialEq>(
            patch: Option<ListPatch<T>>,
            list: &mut Vec<T>,
            what: &'static str,
        ) -> Result<(), PatchError> {
            patch.map_or(Ok(()), |p| p.apply(list, what))
        }
        // A garbage frame may claim any number of effects on a player.
        if self
            .player_effects
            .as_ref()
            .is_some_and(|effects| effects.len() > MAX_LIST)
        {
            return Err(PatchError::TooLong {
                what: "effects on a player",
            });
        }
        if self
            .delayed
            .as_ref()
            .is_some_and(|delayed| delayed.len() > MAX_LIST)
        {
            return Err(PatchError::TooLong {
                what: "delayed abilities",
            });
        }
        list(self.hand, &mut side.hand, "hand")?;
        list(self.field, &mut side.field, "field")?;
        list(self.ex_area, &mut side.ex_area, "EX area")?;
        list(self.cemetery, &mut side.cemetery, "cemetery")?;
        list(self.banished, &mut side.banished, "banished zone")?;
        list(self.evolve_deck, &mut side.evolve_deck, "evolve deck")?;
        list(self.evolve_used, &mut side.evolve_used, "used evolve cards")?;
        list(self.equipment, &mut side.equipment, "equipment zone")?;
        list(self.trigger_zone, &mut side.trigger_zone, "trigger zone")?;
        list(self.drive_zone, &mut side.drive_zone, "drive zone")?;
        if let Some(effects) = self.player_effects {
            side.player_effects = effects;
        }
        if let Some(delayed) = self.delayed {
            side.delayed = delayed;
        }
        if let Some(numbers) = self.numbers {
            numbers.write(side);
        }
        Ok(())
    }
}

/// What changed in a [`PlayerView`]: the turn, phase, decision and result
/// as they are now, and each side's changes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ViewPatch {
    /// [`PlayerView::turn`].
    pub turn: u32,
    /// [`PlayerView::active`].
    pub active: PlayerId,
    /// [`PlayerView::phase`].
    pub phase: Phase,
    /// Each side's changes, seat order.
    pub sides: [SidePatch; 2],
    /// [`PlayerView::decision`].
    pub decision: Option<Decision>,
    /// [`PlayerView::outcome`].
    pub outcome: Option<Outcome>,
}

impl ViewPatch {
    /// The patch from `old` to `new` (the same viewer's views).
    pub fn between(old: &PlayerView, new: &PlayerView) -> ViewPatch {
        let PlayerView {
            viewer: _,
            turn,
            active,
            phase,
            sides,
            decision,
            outcome,
        } = new;
        ViewPatch {
            turn: *turn,
            active: *active,
            phase: *phase,
            sides: [
                SidePatch::between(&old.sides[0], &sides[0]),
                SidePatch::between(&old.sides[1], &sides[1]),
            ],
            decision: decision.clone(),
            outcome: *outcome,
        }
    }

    /// Applies the patch to `view`. On an error `view` may be half
    /// patched: a [`Mirror`] then forgets it.
    pub fn apply(self, view: &mut PlayerView) -> Result<(), PatchError> {
        let [a, b] = self.sides;
        a.apply(&mut view.sides[0])?;
        b.apply(&mut view.sides[1])?;
        view.turn = self.turn;
        view.active = self.active;
        view.phase = self.phase;
        view.decision = self.decision;
        view.outcome = self.outcome;
        Ok(())
    }
}

/// An [`Update`] as what changed since the connection's last one
/// (`resync` is always false).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UpdatePatch {
    /// Patches sent to this connection since its last whole update,
    /// before this one.
    pub after: u32,
    /// The board's changes.
    pub view: ViewPatch,
    /// [`Update::events`].
    pub events: Vec<Event>,
    /// [`Update::decision_seq`].
    pub decision_seq: u32,
    /// [`Update::waiting_on`].
    pub waiting_on: Option<PlayerId>,
    /// [`Update::clocks`].
    pub clocks: Clocks,
    /// [`Update::pending`].
    pub pending: Vec<PendingLine>,
    /// [`Update::inspected`].
    pub inspected: Vec<InspectedCard>,
}

/// A patch that does not fit the view it is applied to.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PatchError {
    /// A patch came before any whole update.
    #[error("a view patch came before any whole view")]
    NoView,
    /// Messages were lost or repeated in between.
    #[error("view patch out of step: it follows {after} patches, this client applied {applied}")]
    OutOfStep {
        /// The patch's [`UpdatePatch::after`].
        after: u32,
        /// Patches applied since the last whole update.
        applied: u32,
    },
    /// A list patch keeps more entries than the list has.
    #[error("view patch keeps {kept} cards of a {what} of {len}")]
    Keeps {
        /// Which list.
        what: &'static str,
        /// Entries kept.
        kept: usize,
        /// The list's length.
        len: usize,
    },
    /// A list would grow past any real board.
    #[error("view patch makes the {what} too long")]
    TooLong {
        /// Which list.
        what: &'static str,
    },
}

/// The server's side of one connection's updates: the last view it was
/// sent, from which the next one is patched.
#[derive(Clone, Debug, Default)]
pub struct Sent {
    last: Option<PlayerView>,
    patches: u32,
}

impl Sent {
    /// Nothing sent yet (or the connection changed): the next update goes
    /// whole.
    pub fn new() -> Sent {
        Sent::default()
    }

    /// Forgets the last view, so that the next update goes whole (a new
    /// connection, or a message that could not be sent).
    pub fn forget(&mut self) {
        self.last = None;
    }

    /// Records that `update` goes out whole.
    pub fn whole(&mut self, update: &Update) {
        match &mut self.last {
            Some(last) => last.clone_from(&update.view),
            None => self.last = Some(update.view.clone()),
        }
        self.patches = 0;
    }

    /// The update as it goes on the wire: a patch from the last view
    /// sent, or the whole update when there is none.
    pub fn message(&mut self, update: Update) -> crate::protocol::ServerMsg {
        use crate::protocol::ServerMsg;
        let Some(last) = &mut self.last else {
            self.whole(&update);
            return ServerMsg::Update(Box::new(update));
        };
        if update.resync {
            self.whole(&update);
            return ServerMsg::Update(Box::new(update));
        }
        let Update {
            view,
            events,
            decision_seq,
            waiting_on,
            clocks,
            resync: _,
            pending,
            inspected,
        } = update;
        let patch = UpdatePatch {
            after: self.patches,
            view: ViewPatch::between(last, &view),
            events,
            decision_seq,
            waiting_on,
            clocks,
            pending,
            inspected,
        };
        *last = view;
        self.patches += 1;
        ServerMsg::Patch(Box::new(patch))
    }
}

/// The client's side: the last update it was sent, which patches apply
/// to in place.
#[derive(Clone, Debug, Default)]
pub struct Mirror {
    last: Option<Update>,
    applied: u32,
}

impl Mirror {
    /// No view yet.
    pub fn new() -> Mirror {
        Mirror::default()
    }

    /// A whole update: the base of the patches that follow.
    pub fn whole(&mut self, update: Update) -> &Update {
        self.applied = 0;
        self.last.insert(update)
    }

    /// The whole update a patch stands for. On an error the mirror
    /// forgets its view: only a whole update can follow.
    pub fn apply(&mut self, patch: UpdatePatch) -> Result<&Update, PatchError> {
        let Some(mut last) = self.last.take() else {
            return Err(PatchError::NoView);
        };
        if patch.after != self.applied {
            return Err(PatchError::OutOfStep {
                after: patch.after,
                applied: self.applied,
            });
        }
        patch.view.apply(&mut last.view)?;
        self.applied += 1;
        last.events = patch.events;
        last.decision_seq = patch.decision_seq;
        last.waiting_on = patch.waiting_on;
        last.clocks = patch.clocks;
        last.resync = false;
        last.pending = patch.pending;
        last.inspected = patch.inspected;
        Ok(self.last.insert(last))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        // Any list to any list: the patch rebuilds the new list, and keeps
        // what the two share at the ends.
        #[test]
        fn list_patches_rebuild_the_new_list(
            old in proptest::collection::vec(0u8..4, 0..12),
            new in proptest::collection::vec(0u8..4, 0..12),
        ) {
            let mut list = old.clone();
            match ListPatch::between(&old, &new) {
                None => prop_assert_eq!(&old, &new),
                Some(patch) => {
                    prop_assert!(patch.middle.len() <= new.len());
                    patch.apply(&mut list, "list").expect("fits");
                    prop_assert_eq!(list, new);
                }
            }
        }

        // Hostile patches: an error or a list, never a panic.
        #[test]
        fn hostile_list_patches_fail_cleanly(
            len in 0usize..8,
            front in any::<u32>(),
            back in any::<u32>(),
            middle in proptest::collection::vec(any::<u8>(), 0..4),
        ) {
            let mut list = vec![0u8; len];
            let patch = ListPatch { front, back, middle };
            if patch.apply(&mut list, "list").is_err() {
                prop_assert_eq!(list.len(), len);
            }
        }
    }

    #[test]
    fn a_card_played_from_the_middle_of_the_hand_sends_nothing_else() {
        let patch = ListPatch::between(&[1, 2, 3, 4], &[1, 2, 4]).expect("changed");
        assert_eq!(
            patch,
            ListPatch {
                front: 2,
                back: 1,
                middle: vec![]
            }
        );
        let grown = ListPatch::between(&[1, 2], &[1, 2, 3]).expect("changed");
        assert_eq!(grown.middle, vec![3]);
    }

    #[test]
    fn a_patch_that_keeps_too_much_is_refused_in_words() {
        let mut list = vec![1, 2];
        let err = ListPatch {
            front: 2,
            back: 1,
            middle: vec![9],
        }
        .apply(&mut list, "hand")
        .expect_err("keeps 3 of 2");
        assert_eq!(err.to_string(), "view patch keeps 3 cards of a hand of 2");
        assert_eq!(list, vec![1, 2]);
    }

    /// Updates of a random match as seat 0 sees them, one per decision.
    fn updates(count: usize) -> Vec<Update> {
        use crate::feed::{SeatFeed, Viewer};
        use std::sync::Arc;
        use sve_engine::bot::{Bot, RandomBot};
        use sve_engine::cards::starter::starter_db;
        use sve_engine::decks::{resolve, starter_deck};
        use sve_engine::engine::{Match, NoAbilities, Status};
        let db = Arc::new(starter_db().expect("starter data"));
        let deck = |name| resolve(&starter_deck(name).expect("bundled"), &db).expect("resolves");
        let mut game = Match::new(
            Arc::clone(&db),
            Arc::new(NoAbilities),
            [deck("SD01"), deck("SD05")],
            4,
        );
        let mut feed = SeatFeed::new(Viewer::Seat(PlayerId(0)));
        let mut bot = RandomBot::new(4);
        let mut out = Vec::new();
        while out.len() < count {
            let Status::Decision(decision) = game.step() else {
                break;
            };
            let decision = decision.clone();
            let events = feed.events(&game.take_events());
            out.push(Update {
                view: feed.view(&game),
                events,
                decision_seq: out.len() as u32,
                waiting_on: Some(decision.player),
                clocks: Clocks::default(),
                resync: false,
                pending: Vec::new(),
                inspected: Vec::new(),
            });
            let picks = bot.choose(&game, &decision);
            game.answer(decision.player, &picks).expect("legal");
        }
        out
    }

    #[test]
    fn a_lost_patch_is_an_error_and_a_whole_update_mends_it() {
        use crate::protocol::ServerMsg;
        let updates = updates(6);
        let mut sent = Sent::new();
        let mut mirror = Mirror::new();
        let msgs: Vec<ServerMsg> = updates.iter().map(|u| sent.message(u.clone())).collect();
        let patch = |i: usize| match &msgs[i] {
            ServerMsg::Patch(p) => (**p).clone(),
            other => panic!("update {i} went whole: {other:?}"),
        };
        assert_eq!(mirror.apply(patch(1)).err(), Some(PatchError::NoView));
        let ServerMsg::Update(first) = &msgs[0] else {
            panic!("the first update goes whole");
        };
        mirror.whole((**first).clone());
        assert_eq!(mirror.apply(patch(1)).expect("fits").view, updates[1].view);
        // Update 2 is lost.
        assert_eq!(
            mirror.apply(patch(3)).err(),
            Some(PatchError::OutOfStep {
                after: 2,
                applied: 1
            })
        );
        assert_eq!(mirror.apply(patch(4)).err(), Some(PatchError::NoView));
        // The server sends the next one whole after a resync.
        let mut resync = updates[5].clone();
        resync.resync = true;
        let ServerMsg::Update(whole) = sent.message(resync) else {
            panic!("a resync goes whole");
        };
        mirror.whole(*whole);
        let next = sent.message(updates[4].clone());
        let ServerMsg::Patch(next) = next else {
            panic!("after the resync, patches");
        };
        assert_eq!(mirror.apply(*next).expect("fits").view, updates[4].view);
    }
}
