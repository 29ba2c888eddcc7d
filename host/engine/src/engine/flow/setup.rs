//! Game setup (rules-coverage.md §6, CR 6.2.1): shuffle, first player, opening hands,
//! mulligans, starting resources.

use crate::engine::Match;
use crate::engine::event::{Event, MoveCause, Resource};
use crate::engine::ids::{CardRef, PlayerId};
use crate::engine::mutation::{Mutation, Place};
use crate::engine::runtime::{Choice, Decision, Prompt, Resume, Task};
use crate::engine::state::Zone;

/// Opening hand size (CR 6.2.1.7).
pub const OPENING_HAND: usize = 4;

impl Match {
    /// CR 6.2.1.4–6.2.1.6: what universe decks start with (CR 14.3.1.2),
    /// shuffle both decks, then a random player decides who goes first.
    pub(crate) fn choose_first_player(&mut self) {
        self.universe_setup();
        for player in PlayerId::BOTH {
            self.apply(Mutation::Shuffle(player));
        }
        let chooser = PlayerId(self.random(2) as u8);
        self.ask(
            Decision::pick_one(
                chooser,
                Prompt::ChooseFirstPlayer,
                vec![Choice::GoFirst, Choice::GoSecond],
            ),
            Resume::FirstPlayer(chooser),
        );
    }

    pub(crate) fn set_first_player(&mut self, first: PlayerId) {
        self.apply(Mutation::SetFirstPlayer(first));
        self.tasks.push(Task::FinishSetup);
        self.tasks.push(Task::Mulligan(first.opponent()));
        self.tasks.push(Task::Mulligan(first));
        self.tasks.push(Task::DrawOpeningHands);
    }

    /// CR 6.2.1.7: each player draws 4.
    pub(crate) fn draw_opening_hands(&mut self) {
        let first = self.state.active;
        for player in [first, first.opponent()] {
            for _ in 0..OPENING_HAND {
                self.draw(player);
            }
        }
    }

    /// CR 6.2.1.8: first player, then second player, may redraw once.
    pub(crate) fn ask_mulligan(&mut self, player: PlayerId) {
        self.ask(
            Decision::pick_one(player, Prompt::Mulligan, vec![Choice::No, Choice::Yes]),
            Resume::Mulligan(player),
        );
    }

    /// The whole hand goes to the bottom of the deck, then 4 new cards are
    /// drawn; the deck is not shuffled (rules-coverage.md §6 step 8).
    pub(crate) fn mulligan(&mut self, player: PlayerId, redraw: bool) {
        self.emit(Event::Mulligan {
            player,
            redrew: redraw,
        });
        if !redraw {
            return;
        }
        // The player chooses the order the cards go to the bottom in.
        let hand = self.state.player(player).hand.clone();
        let count = hand.len();
        self.ask(
            Decision {
                player,
                prompt: Prompt::MulliganOrder,
                options: hand.into_iter().map(Choice::Card).collect(),
                min: count,
                max: count,
            },
            Resume::MulliganOrder(player),
        );
    }

    /// Puts the hand on the bottom of the deck in the chosen order (the
    /// first pick ends up at the very bottom), then draws 4.
    pub(crate) fn finish_mulligan(&mut self, player: PlayerId, bottom_first: &[CardRef]) {
        for card in bottom_first.iter().rev() {
            self.move_card(
                *card,
                player,
                Zone::Deck,
                Place::Bottom,
                MoveCause::Mulligan,
            );
        }
        for _ in 0..OPENING_HAND {
            self.draw(player);
        }
    }

    /// CR 6.2.1.9–6.2.1.14: resources, then the first turn.
    pub(crate) fn finish_setup(&mut self) {
        self.turn_starting_amulets_face_up();
        let first = self.state.active;
        for player in PlayerId::BOTH {
            let ep = if player == first { 0 } else { 3 };
            self.apply(Mutation::SetResource(player, Resource::PlayPoints, 0));
            self.apply(Mutation::SetResource(player, Resource::MaxPlayPoints, 0));
            self.apply(Mutation::SetResource(player, Resource::EvolvePoints, ep));
            self.apply(Mutation::SetResource(
                player,
                Resource::SuperEvolvePoints,
                1,
            ));
            self.apply(Mutation::SetLeaderDefense(player, 20));
        }
        self.tasks.push(Task::BeginTurn);
    }
}
