//! Decisions: the only way a player (human, bot, network, test) affects a
//! match. The engine computes the legal options; an answer picks some of
//! them by index and is validated against that set.

use crate::engine::ids::{AbilityIdx, CardRef, PlayerId};
use crate::engine::state::{AttackTarget, Zone};
use serde::{Deserialize, Serialize};

/// A question to one player, with every legal option.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// Who must answer.
    pub player: PlayerId,
    /// What is being asked.
    pub prompt: Prompt,
    /// The legal options; an answer picks indices into this list.
    pub options: Vec<Choice>,
    /// Fewest options the answer may pick (a [`Choice::Cancel`] is
    /// picked alone, whatever this says).
    pub min: usize,
    /// Most options the answer may pick.
    pub max: usize,
}

impl Decision {
    /// A decision where exactly one option is picked.
    pub fn pick_one(player: PlayerId, prompt: Prompt, options: Vec<Choice>) -> Decision {
        Decision {
            player,
            prompt,
            options,
            min: 1,
            max: 1,
        }
    }

    /// The index of the [`Choice::Cancel`] option, when the decision
    /// offers one (always the last option).
    pub fn cancel_option(&self) -> Option<usize> {
        match self.options.last() {
            Some(Choice::Cancel) => Some(self.options.len() - 1),
            _ => None,
        }
    }

    /// The options an answer picks among, without a trailing
    /// [`Choice::Cancel`]: what bots choose from (a bot never takes its
    /// own play back, so it can't loop announcing and cancelling).
    pub fn choosable(&self) -> &[Choice] {
        match self.cancel_option() {
            Some(cancel) => &self.options[..cancel],
            None => &self.options,
        }
    }

    /// Whether `picks` is the answer that cancels (the cancel option alone).
    pub fn is_cancel(&self, picks: &[usize]) -> bool {
        self.cancel_option().is_some_and(|cancel| picks == [cancel])
    }

    /// Checks an answer: distinct indices, in range, between `min` and `max`
    /// of them; or the cancel option alone, whatever `min` says.
    pub fn validate(&self, picks: &[usize]) -> Result<(), Rejection> {
        if self.is_cancel(picks) {
            return Ok(());
        }
        if let Some(cancel) = self.cancel_option()
            && picks.contains(&cancel)
        {
            return Err(Rejection::CancelNotAlone);
        }
        if picks.len() < self.min || picks.len() > self.max {
            return Err(Rejection::Count {
                got: picks.len(),
                min: self.min,
                max: self.max,
            });
        }
        for (i, pick) in picks.iter().enumerate() {
            if *pick >= self.options.len() {
                return Err(Rejection::OutOfRange {
                    pick: *pick,
                    options: self.options.len(),
                });
            }
            if picks[..i].contains(pick) {
                return Err(Rejection::Repeated { pick: *pick });
            }
        }
        Ok(())
    }
}

/// What a decision asks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Prompt {
    /// The chosen player decides who goes first (CR 6.2.1.6).
    ChooseFirstPlayer,
    /// Keep the opening hand or redraw all of it (CR 6.2.1.8).
    Mulligan,
    /// Order the returned hand: pick every card, the first pick goes to
    /// the very bottom of the deck.
    MulliganOrder,
    /// The active player's next main-phase action (rules-coverage.md §7.2).
    MainAction,
    /// The non-active player may play a Quick card or ability, or pass.
    QuickWindow,
    /// A Ward follower enters reserved: put it engaged instead? (CR 12.8.2 i)
    EngageWardOnEnter {
        /// The Ward follower.
        card: CardRef,
    },
    /// End phase: engage any reserved Ward followers (CR 7.4.3).
    EngageWardFollowers,
    /// Discard down to the hand limit (CR 7.4.7).
    HandLimit {
        /// How many cards must go.
        discard: usize,
    },
    /// Choose which of your pending abilities to play next (CR 10.5.2).
    ChoosePendingAbility,
    /// Pay the optional cost of an automatic ability? (CR 10.4.7.4)
    PayOptionalCost {
        /// Source card.
        card: CardRef,
    },
    /// Choose cards to pay a cost.
    CostCards {
        /// Source card.
        card: CardRef,
        /// What the cards are for.
        purpose: String,
        /// The cost is an automatic ability's optional cost, said yes to
        /// (a [`Choice::Cancel`] takes the yes back); otherwise it is an
        /// activation's (a cancel takes the activation back).
        optional: bool,
    },
    /// Over-full field or EX area: choose the cards that go to the
    /// cemetery, keeping the rest up to the limit (CR 11.4.1, 11.5.1).
    ZoneLimit {
        /// The field or the EX area.
        zone: Zone,
        /// How many cards must go.
        excess: usize,
    },
    /// The order of the replacements on damage this card takes (a leader
    /// card for leader damage), offered as the amounts it gives
    /// (CR 10.10.2).
    DamageOrder {
        /// The follower or leader taking the damage.
        card: CardRef,
        /// The damage each option deals, in option order.
        amounts: Vec<i32>,
    },
    /// Which replacement applies to a card that would go from the field to
    /// the cemetery, when more than one could send it elsewhere
    /// (CR 10.10.2): the options name the places, in the order the
    /// replacements would otherwise be tried.
    MoveReplacement {
        /// The card moving.
        card: CardRef,
    },
    /// Which evolved card, or which face of a double-faced one, the
    /// follower evolves into, when more than one fits (later-sets §10, CR
    /// 4.6.4): the options are the faces' names.
    EvolveInto {
        /// The follower evolving.
        card: CardRef,
    },
    /// Resolve the Trigger of the card a drive check revealed? (later-sets
    /// §2.3, CR 14.4.5.1.3): for Critical and Stand the options are the
    /// followers it may go to and a no; else yes and no.
    DriveTrigger {
        /// The card in the trigger zone.
        card: CardRef,
        /// Its Trigger icon.
        icon: crate::cards::TriggerIcon,
    },
    /// Choose X for an `[costX]` cost (later-sets §1.3): the options are
    /// X = 0 up to the most that can be paid, and a cancel while the
    /// activation can be taken back.
    ChooseX {
        /// The card whose ability is paid for.
        card: CardRef,
    },
    /// A choice asked by card code.
    Ability {
        /// Source card.
        card: CardRef,
        /// Which ability.
        ability: AbilityIdx,
        /// The question, for display.
        text: String,
        /// What the question is for, as the card code says.
        role: QuestionRole,
        /// Where the question stands in a series of like questions, when
        /// the card code says it is one.
        series: Option<SeriesStep>,
    },
}

/// What a question card code asks is for. The engine offers a
/// [`Choice::Cancel`] by it: a question of which cards pay an optional
/// cost that was just said yes to can take the yes back
/// (`AbilityCtx::choose_with`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum QuestionRole {
    /// A choice of the ability's effect.
    #[default]
    Effect,
    /// Whether to pay an optional cost ("Pay the cost of …?"): options
    /// yes and no, in that order.
    OptionalCost,
    /// Which cards pay a cost.
    Cost,
}

/// One question of a series of like questions: where each of 9 tokens
/// goes, which follower takes each of 3 damage, which of up to 2 options
/// resolves next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeriesStep {
    /// Which step this question is, from 1.
    pub step: u32,
    /// How many steps the series has (at most, when `up_to`).
    pub count: u32,
    /// Whether the series may end before `count` steps.
    pub up_to: bool,
}

/// One option of a decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Choice {
    /// Yes / do it.
    Yes,
    /// No / don't.
    No,
    /// Pass (Quick window).
    Pass,
    /// Go first.
    GoFirst,
    /// Go second.
    GoSecond,
    /// A main-phase or Quick action.
    Action(Action),
    /// A card.
    Card(CardRef),
    /// A pending ability, by index into the pending list.
    Pending(usize),
    /// A labelled option asked by card code.
    Label(String),
    /// Take back the activation whose costs are being paid: the match goes
    /// back to just before it was announced (`flow/cancel.rs`); or take
    /// back the yes to the optional cost being paid, which is asked again.
    /// Offered as the last option of a cost question, and picked alone.
    Cancel,
}

/// Actions a player can start (rules-coverage.md §7.2 step 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Play a card from the hand or EX area.
    Play {
        /// The card.
        card: CardRef,
    },
    /// Play an activated ability.
    Activate {
        /// Source card.
        card: CardRef,
        /// Which ability.
        ability: AbilityIdx,
    },
    /// Use the follower's evolve ability (rules-coverage.md §10).
    Evolve {
        /// The follower.
        card: CardRef,
        /// Pay 1 EP in lieu of 1 PP.
        use_ep: bool,
        /// Also pay 1 SEP to super-evolve.
        super_evolve: bool,
    },
    /// Attack with a follower.
    Attack {
        /// The attacker.
        attacker: CardRef,
        /// The target.
        target: AttackTarget,
    },
    /// End the main phase.
    EndMainPhase,
    /// Play an `[adv]` activated ability paying 1 PP of its cost with 1 EP
    /// instead (CR 12.16.3; later-sets §6.2). Appended last, so the other
    /// actions keep their encoding.
    ActivateWithEp {
        /// Source card.
        card: CardRef,
        /// Which ability.
        ability: AbilityIdx,
    },
    /// Play an activated ability of a declared keyword the card has
    /// (`cards/declared.rs`): the card's own by having the keyword.
    /// Appended last, so the other actions keep their encoding.
    ActivateKeyword {
        /// Source card: the card with the keyword.
        card: CardRef,
        /// The card pool's number of the keyword.
        keyword: u8,
        /// Which of the keyword's abilities.
        ability: AbilityIdx,
    },
}

/// Why an answer was rejected. The state is untouched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Rejection {
    /// The match is over.
    #[error("the match is over")]
    GameOver,
    /// Nothing is being asked.
    #[error("no decision is pending")]
    NoDecision,
    /// Another player must answer.
    #[error("it is {expected}'s decision, not {got}'s")]
    WrongPlayer {
        /// Who must answer.
        expected: PlayerId,
        /// Who tried.
        got: PlayerId,
    },
    /// Too few or too many picks.
    #[error("picked {got} options; this decision needs {min} to {max}")]
    Count {
        /// Picks given.
        got: usize,
        /// Fewest allowed.
        min: usize,
        /// Most allowed.
        max: usize,
    },
    /// A pick is not an option.
    #[error("option {pick} does not exist (there are {options})")]
    OutOfRange {
        /// The bad pick.
        pick: usize,
        /// Number of options.
        options: usize,
    },
    /// The cancel option together with other options.
    #[error("cancel is picked with other options; it must be picked alone")]
    CancelNotAlone,
    /// The same option twice.
    #[error("option {pick} is picked twice")]
    Repeated {
        /// The repeated pick.
        pick: usize,
    },
}
