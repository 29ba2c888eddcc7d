//! Drive checks (rules-coverage.md §L2; later-sets rules reference §2.3,
//! CR 14.4.5), as the Single Drive and Twin Drive keyword abilities make
//! them (§2.4, CR 14.4.6): one check after the other, each finished (its
//! Trigger resolved or declined, its card moved) before the next card is
//! revealed.
//!
//! One check by player P:
//! 1. an empty deck: nothing happens. It is not a draw, so it never loses
//!    the game (CR 1.3.2);
//! 2. P's top card goes to P's trigger zone, public;
//! 3. if P's deck is built on the Vanguard universe and the card has a
//!    Trigger icon that can resolve (Critical and Stand need a follower on
//!    P's field), P may resolve it (CR 14.4.5.1.3): [`Prompt::DriveTrigger`];
//! 4. a resolved card goes to P's cemetery, any other to the bottom of P's
//!    deck (CR 14.4.5.1.5).
//!
//! Abilities the check triggers wait for the next Confirmation Timing
//! (rulings CP03-039/065): the keyword ability runs inside one, so they
//! are played after the whole drive.

use crate::cards::{Keywords, TriggerIcon};
use crate::engine::Match;
use crate::engine::event::{Event, MoveCause};
use crate::engine::ids::{CardRef, PlayerId};
use crate::engine::mutation::Place;
use crate::engine::runtime::{Choice, Decision, Prompt, Resume, Task};
use crate::engine::state::{Duration, EffectKind, Zone};

/// Critical: the attack a follower gets (CR 14.4.5.1.3.1).
pub const CRITICAL_ATTACK: i32 = 2;

/// Heal: the defense the leader gets (CR 14.4.5.1.3.4).
pub const HEAL_DEFENSE: i32 = 3;

/// One drive check in a series: whose, for which card's ability, and how
/// many checks are left after this one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DriveCheck {
    /// The player who checks.
    pub player: PlayerId,
    /// The card whose ability performs the checks.
    pub source: CardRef,
    /// Checks still to come after this one.
    pub then: u8,
}

impl Match {
    /// Steps 1–3 of one drive check: reveals the top card into the trigger
    /// zone and asks whether to resolve its Trigger, or moves it on.
    pub(crate) fn drive_check(&mut self, check: DriveCheck) {
        let player = check.player;
        // Step 1 (CR 14.4.5.1.1): an empty deck does nothing, and no later
        // check of the series finds a card either.
        let Some(card) = self.state.player(player).deck.last().copied() else {
            return;
        };
        self.reveal_for_drive_check(player, card, check.source);
        let options = self.trigger_options(player, card);
        if options.is_empty() {
            self.finish_drive_check(check, card, false);
            return;
        }
        let icon = self.db.get(self.state.card(card).def).trigger_icon;
        let Some(icon) = icon else {
            self.finish_drive_check(check, card, false);
            return;
        };
        self.ask(
            Decision::pick_one(player, Prompt::DriveTrigger { card, icon }, options),
            Resume::DriveTrigger(check, card),
        );
    }

    /// Step 2: `card`, `player`'s top card, goes to their trigger zone,
    /// public; `by` is the card whose ability performs the check.
    pub(crate) fn reveal_for_drive_check(&mut self, player: PlayerId, card: CardRef, by: CardRef) {
        self.move_card(
            card,
            player,
            Zone::Trigger,
            Place::Top,
            MoveCause::DriveCheck,
        );
        self.emit(Event::DriveChecked { player, card, by });
    }

    /// What `player` may answer about the Trigger of `card`, just revealed:
    /// nothing when it can't resolve (no icon, a deck not built on the
    /// Vanguard universe, no follower for Critical or Stand); else the
    /// followers it may go to and a no (Critical, Stand), or yes and no.
    pub(crate) fn trigger_options(&self, player: PlayerId, card: CardRef) -> Vec<Choice> {
        let Some(icon) = self.db.get(self.state.card(card).def).trigger_icon else {
            return Vec::new();
        };
        if !self.state.drive_triggers_work(player) {
            return Vec::new();
        }
        if !icon.needs_follower() {
            return vec![Choice::Yes, Choice::No];
        }
        let mut options: Vec<Choice> = self
            .state
            .player(player)
            .field
            .iter()
            .filter(|c| {
                self.db
                    .get(self.state.current_def_id(**c))
                    .card_type
                    .is_follower()
            })
            .map(|c| Choice::Card(*c))
            .collect();
        if options.is_empty() {
            return options;
        }
        options.push(Choice::No);
        options
    }

    /// The answer about a Trigger: resolves it when the player said so
    /// (step 3), then step 4, then the next check of the series.
    pub(crate) fn answer_drive_trigger(&mut self, check: DriveCheck, card: CardRef, pick: Choice) {
        let resolved = self.resolve_trigger(check.player, card, pick);
        self.finish_drive_check(check, card, resolved);
    }

    /// Step 3 with `pick` the player's answer: resolves the Trigger of
    /// `card` (a follower picked for Critical and Stand, yes for Draw and
    /// Heal) and says whether it resolved.
    pub(crate) fn resolve_trigger(
        &mut self,
        player: PlayerId,
        card: CardRef,
        pick: Choice,
    ) -> bool {
        let icon = self.db.get(self.state.card(card).def).trigger_icon;
        let resolved = match (icon, pick) {
            (Some(TriggerIcon::Critical), Choice::Card(follower)) => {
                self.add_effect(
                    follower,
                    EffectKind::Stats {
                        attack: CRITICAL_ATTACK,
                        defense: 0,
                    },
                    Duration::EndOfTurn,
                    Some(card),
                );
                true
            }
            (Some(TriggerIcon::Stand), Choice::Card(follower)) => {
                self.set_engaged(follower, false);
                self.add_effect(
                    follower,
                    EffectKind::Keywords(Keywords::CANNOT_ATTACK_LEADERS),
                    Duration::EndOfTurn,
                    Some(card),
                );
                true
            }
            (Some(TriggerIcon::Draw), Choice::Yes) => {
                self.draw(player);
                true
            }
            (Some(TriggerIcon::Heal), Choice::Yes) => {
                self.change_leader_defense(player, HEAL_DEFENSE);
                true
            }
            _ => false,
        };
        if let (true, Some(icon)) = (resolved, icon) {
            self.emit(Event::TriggerResolved { player, card, icon });
        }
        resolved
    }

    /// Step 4, then the series' next check.
    fn finish_drive_check(&mut self, check: DriveCheck, card: CardRef, resolved: bool) {
        self.put_checked_card_away(card, resolved);
        if check.then > 0 {
            self.tasks.push(Task::DriveCheck(DriveCheck {
                then: check.then - 1,
                ..check
            }));
        }
    }

    /// Step 4 (CR 14.4.5.1.5): a resolved card goes to the cemetery, any
    /// other to the bottom of the deck.
    pub(crate) fn put_checked_card_away(&mut self, card: CardRef, resolved: bool) {
        if self.state.card(card).zone == Zone::Trigger {
            let (to, place) = if resolved {
                (Zone::Cemetery, Place::Top)
            } else {
                (Zone::Deck, Place::Bottom)
            };
            let owner = self.state.card(card).owner;
            self.move_card(card, owner, to, place, MoveCause::DriveCheck);
        }
    }
}
