//! Rules handling (rules-coverage.md §11.3, CR 11): a table of processes, each
//! adding what it finds to one plan; the plan is carried out at once
//! because the rules make those actions simultaneous (CR 11.1.3), and the
//! whole thing repeats until nothing applies.
//!
//! The cards the plan moves off the field leave together (CR 10.7.4.2).
//! Before a round, a player whose field or EX area is over its limit is
//! asked which cards go (CR 11.4.1, 11.5.1), and the controller of a card
//! the round sends from the field to the cemetery which replacement
//! applies when more than one could send it elsewhere (CR 10.10.2).
//!
//! To add a rule: add an entry to [`PROCESSES`].
//!
//! It runs after every task, so it keeps two clocks (`Settled`). One counts
//! the mutations it could find work after (`Work::rules_changes`,
//! `Mutation::concerns_rules`): with none since it last found nothing, it is
//! skipped (debug builds check every skip). The other counts the mutations
//! that could alter the fields' characteristics (`Work::field_changes`,
//! `Mutation::concerns_field`): its last reading of the fields serves the next
//! rules handling and the legal actions until one comes. Which mutations count
//! follows the passives on the fields at the last reading (`PassivesInPlay`):
//! with none, a card's characteristics depend on its own data, so turns,
//! phases, play points, engaging and moves between other zones don't count;
//! with plain ones, a field card's data counts too; with any other passive,
//! every change but the pending abilities' bookkeeping does. A mutation that
//! changes which passives are on the fields counts, so the next rules
//! handling reads them again. A state changed without mutations (a reload, a
//! determinized world, a hand-set board, a cancel) forgets both
//! (`Settled::forget`).

use super::Match;
use super::actions::Leave;
use super::event::MoveCause;
use super::ids::{CardRef, PlayerId};
use super::mutation::{Mutation, Place};
use super::runtime::{Choice, Decision, Prompt};
use super::state::query::{Characteristics, PassivesInPlay};
use super::state::query::{EX_LIMIT, FIELD_LIMIT};
use super::state::{GameState, Outcome, WinReason, Zone};
use crate::cards::{Counter, InsteadZone, Keywords};

/// A question rules handling stops at: the decision, and for a move
/// replacement's the card and the places its options name, in order.
pub(crate) struct RulesQuestion {
    pub decision: Decision,
    pub instead: Option<(CardRef, Vec<InsteadZone>)>,
}

/// What rules handling last found: nothing to do, valid while no mutation
/// it could find work after has come since, and both fields'
/// characteristics as it last read them, valid while no mutation that
/// could alter them has (legal actions, listed right after, and the next
/// rules handling would read them again).
#[derive(Debug, Default)]
pub(crate) struct Settled {
    /// The count of mutations rules handling could find work after
    /// (`Work::rules_changes`, `runtime/limits.rs`) when it last found
    /// nothing to do: until the next such mutation it would find nothing
    /// again, so it is skipped.
    at: Option<u64>,
    /// Both fields' characteristics, with the count of mutations that could
    /// alter them (`Work::field_changes`) they were read at.
    field: Option<(u64, Vec<(CardRef, Characteristics)>)>,
    /// The passives on the fields when rules handling last read them
    /// (`None`: not read since the state or the card data changed without
    /// a mutation). They decide which mutations concern the fields and
    /// rules handling until the next reading: the mutations that change
    /// them (a card moving onto or off a field, a field card's data)
    /// concern both, so the next rules handling reads them again.
    passives: Option<PassivesInPlay>,
}

impl Settled {
    /// Forgets what was found: the state or the card data changed without
    /// a mutation.
    pub(crate) fn forget(&mut self) {
        self.at = None;
        self.field = None;
        self.passives = None;
    }
}

impl Clone for Settled {
    /// A clone keeps the count (its state is the same) but not the
    /// characteristics: cloning stays cheap, and a clone reads the fields
    /// again when it needs them.
    fn clone(&self) -> Settled {
        Settled {
            at: self.at,
            field: None,
            passives: self.passives,
        }
    }
}

/// One rules-handling process: its clause and what it adds to the plan.
struct RuleProcess {
    #[allow(dead_code)] // Documentation: the clause each entry implements.
    clause: &'static str,
    collect: fn(&Board<'_>, &mut Plan),
}

/// What the processes read: the state, and the characteristics of every
/// field card, computed once per round (every process that looks at the
/// field needs them, and rules handling runs after every action).
struct Board<'a> {
    state: &'a GameState,
    field: &'a [(CardRef, Characteristics)],
    /// The cards players chose to send from over-full zones.
    excess: &'a [CardRef],
}

/// What rules handling will do, all at once.
#[derive(Default)]
struct Plan {
    losers: Vec<(PlayerId, WinReason)>,
    destroy: Vec<(CardRef, bool)>,
    to_cemetery: Vec<CardRef>,
    to_evolve_deck: Vec<CardRef>,
    clamp_pp: Vec<PlayerId>,
    /// Equipment tokens no longer linked: removed (CR 11.11.1).
    unlinked_equipment: Vec<CardRef>,
    /// Equipment in another player's zone than its follower's controller's,
    /// with that player (CR 11.11.2).
    equipment_to: Vec<(CardRef, PlayerId)>,
}

impl Plan {
    fn is_empty(&self) -> bool {
        self.losers.is_empty()
            && self.destroy.is_empty()
            && self.to_cemetery.is_empty()
            && self.to_evolve_deck.is_empty()
            && self.clamp_pp.is_empty()
            && self.unlinked_equipment.is_empty()
            && self.equipment_to.is_empty()
    }
}

const PROCESSES: &[RuleProcess] = &[
    RuleProcess {
        clause: "11.2 losses",
        collect: losses,
    },
    RuleProcess {
        clause: "11.3 follower destruction",
        collect: follower_destruction,
    },
    RuleProcess {
        clause: "11.4 field limit",
        collect: field_limit,
    },
    RuleProcess {
        clause: "11.5 EX area limit",
        collect: ex_limit,
    },
    RuleProcess {
        clause: "11.6 illegal evolutions",
        collect: illegal_evolutions,
    },
    RuleProcess {
        clause: "11.7 Stack",
        collect: empty_stack,
    },
    RuleProcess {
        clause: "11.9 play-point limit",
        collect: play_point_limit,
    },
    RuleProcess {
        clause: "11.10 drive points",
        collect: drive_points,
    },
    RuleProcess {
        clause: "11.11 equipment",
        collect: equipment,
    },
];

impl Match {
    /// Performs rules handling until nothing applies. Stops with the
    /// question to ask first when a player has to choose what stays in an
    /// over-full zone (CR 11.4.1, 11.5.1), or which replacement applies to
    /// a card the round sends from the field to the cemetery (CR 10.10.2);
    /// the answer is kept in `limit_excess` or `move_choices` for the
    /// rules handling after it.
    pub(crate) fn rules_handling(&mut self) -> Option<RulesQuestion> {
        // What rules handling finds depends only on the state, the card data
        // and the chosen excess; with no mutation it could find work after
        // since it last found nothing (`Mutation::concerns_rules`), it
        // finds nothing again (it runs after every task, and most tasks
        // change nothing it reads).
        if self.limit_excess.is_empty() && self.settled.at == Some(self.work.rules_changes()) {
            // Debug builds check the skip: the mutations since the last
            // settle must have left nothing to do.
            #[cfg(debug_assertions)]
            self.assert_still_settled();
            return None;
        }
        // The last reading is used again while it holds, else its vector
        // is filled again.
        let (mut read_at, mut field) = self
            .settled
            .field
            .take()
            .map_or((None, Vec::new()), |(at, field)| (Some(at), field));
        self.settled.at = None;
        // Each round changes zones or ends the game, so this terminates; the
        // bound guards against a bug looping forever.
        for _ in 0..100 {
            if self.state.outcome.is_some() {
                return None;
            }
            if let Some(decision) = self.zone_limit_question() {
                return Some(RulesQuestion {
                    decision,
                    instead: None,
                });
            }
            if read_at != Some(self.work.field_changes()) {
                self.state.field_characteristics_into(&self.db, &mut field);
                read_at = Some(self.work.field_changes());
                self.settled.passives = Some(self.state.passives_in_play(&self.db));
            }
            let plan = self.plan_round(&field);
            if plan.is_empty() {
                // "Fought a Bane follower since the previous rules handling"
                // starts over (protected followers survive it).
                // Only a field card can have fought (a move clears it).
                let fought = |c: &CardRef| self.state.card(*c).fought_bane;
                if self.state.field_cards().any(|c| fought(&c)) {
                    let fought: Vec<CardRef> = self.state.field_cards().filter(fought).collect();
                    for card in fought {
                        self.apply(Mutation::SetFoughtBane(card, false));
                    }
                }
                self.settled.at = Some(self.work.rules_changes());
                self.settled.field = read_at.map(|at| (at, field));
                // A choice for a card that did not move this time is no
                // choice for a later one.
                self.move_choices.clear();
                return None;
            }
            if let Some(question) = self.move_replacement_question_of(&plan) {
                self.settled.field = read_at.map(|at| (at, field));
                return Some(question);
            }
            self.limit_excess.clear();
            self.carry_out(plan);
            self.move_choices.clear();
        }
        tracing::error!("rules handling did not settle after 100 rounds");
        None
    }

    /// What one round of rules handling would do now: every process's
    /// findings, given both fields' characteristics now.
    fn plan_round(&self, field: &[(CardRef, Characteristics)]) -> Plan {
        let board = Board {
            state: &self.state,
            field,
            excess: &self.limit_excess,
        };
        let mut plan = Plan::default();
        for process in PROCESSES {
            (process.collect)(&board, &mut plan);
        }
        plan
    }

    /// Panics if rules handling would find something to do now: it is
    /// skipped only while no mutation it could find work after has come
    /// (`Mutation::concerns_rules`).
    #[cfg(debug_assertions)]
    fn assert_still_settled(&self) {
        if self.state.outcome.is_some() {
            return;
        }
        assert!(
            self.zone_limit_question().is_none(),
            "rules handling was skipped with a zone over its limit"
        );
        let plan = self.plan_round(&self.state.field_characteristics(&self.db));
        assert!(
            plan.is_empty(),
            "rules handling was skipped after a change that left it work: \
             losers {:?}, destroy {:?}, to the cemetery {:?}, to the evolve deck {:?}, \
             PP {:?}, equipment {:?} {:?}",
            plan.losers,
            plan.destroy,
            plan.to_cemetery,
            plan.to_evolve_deck,
            plan.clamp_pp,
            plan.unlinked_equipment,
            plan.equipment_to
        );
    }

    /// The passives on the fields as rules handling last read them: what
    /// decides which mutations concern the fields and rules handling
    /// (`Mutation::concerns_field`). Before a reading, any passive in the
    /// card data might be there.
    pub(crate) fn passives_as_read(&self) -> PassivesInPlay {
        self.settled.passives.unwrap_or(if self.db.has_passives() {
            PassivesInPlay::Any
        } else {
            PassivesInPlay::None
        })
    }

    /// Both fields' characteristics as rules handling last read them, while
    /// no mutation that could alter them has come since (`None` otherwise).
    pub(crate) fn settled_field(&self) -> Option<&[(CardRef, Characteristics)]> {
        match &self.settled.field {
            Some((at, field)) if *at == self.work.field_changes() => Some(field),
            _ => None,
        }
    }

    /// The question for the first over-full field or EX area whose player
    /// has not chosen which cards go (the active player's zones first):
    /// exactly the excess, from the zone's cards newest first, so the
    /// default answer sends the newest.
    fn zone_limit_question(&self) -> Option<Decision> {
        for player in [self.state.active, self.state.non_active()] {
            let p = self.state.player(player);
            for (zone, cards, limit) in [
                (Zone::Field, &p.field, FIELD_LIMIT),
                (Zone::ExArea, &p.ex_area, EX_LIMIT),
            ] {
                let excess = cards.len().saturating_sub(limit);
                let chosen = self
                    .limit_excess
                    .iter()
                    .filter(|c| cards.contains(c))
                    .count();
                if excess == 0 || chosen == excess {
                    continue;
                }
                return Some(Decision {
                    player,
                    prompt: Prompt::ZoneLimit { zone, excess },
                    options: cards.iter().rev().map(|c| Choice::Card(*c)).collect(),
                    min: excess,
                    max: excess,
                });
            }
        }
        None
    }

    /// The cards the plan sends from the field to the cemetery, as it
    /// sends them (destroyed, or put there by the rules).
    fn field_to_cemetery(&self, plan: &Plan) -> Vec<Leave> {
        let destroyed = plan.destroy.iter().map(|&(card, by_ability)| {
            Leave::new(
                card,
                Zone::Cemetery,
                Place::Top,
                MoveCause::Destroy { by_ability },
            )
        });
        let put = plan
            .to_cemetery
            .iter()
            .filter(|card| self.state.card(**card).zone == Zone::Field)
            .map(|&card| Leave::new(card, Zone::Cemetery, Place::Top, MoveCause::RulesHandling));
        destroyed
            .chain(put)
            .map(|leave| Leave {
                instead: self.chosen_replacement(leave.card),
                ..leave
            })
            .collect()
    }

    /// The replacement the card's controller chose for this round.
    fn chosen_replacement(&self, card: CardRef) -> Option<InsteadZone> {
        self.move_choices
            .iter()
            .find(|(chosen, _)| *chosen == card)
            .map(|(_, zone)| *zone)
    }

    /// The question for the first card the plan sends from the field to
    /// the cemetery that more than one replacement could send elsewhere,
    /// and whose controller has not chosen yet (CR 10.10.2).
    fn move_replacement_question_of(&self, plan: &Plan) -> Option<RulesQuestion> {
        // A round with a loser ends the match before anything moves.
        if !plan.losers.is_empty()
            || (plan.destroy.is_empty() && plan.to_cemetery.is_empty())
            || !self.may_replace_cemetery_moves()
        {
            return None;
        }
        self.field_to_cemetery(plan)
            .into_iter()
            .filter(|leave| leave.instead.is_none())
            .find_map(|leave| {
                let options = self.cemetery_replacement_choices(&leave);
                (options.len() >= 2).then(|| RulesQuestion {
                    decision: self.move_replacement_question(leave.card, &options),
                    instead: Some((leave.card, options)),
                })
            })
    }

    /// Carries out a plan; its moves are one batch (CR 11.1.3, 10.7.4).
    fn carry_out(&mut self, plan: Plan) {
        self.together(|m| m.carry_out_together(plan));
    }

    /// [`Match::carry_out`] inside its batch.
    fn carry_out_together(&mut self, plan: Plan) {
        if !plan.losers.is_empty() {
            let outcome = if plan.losers.iter().any(|(p, _)| *p == PlayerId(0))
                && plan.losers.iter().any(|(p, _)| *p == PlayerId(1))
            {
                // Both lose at once: a draw (CR 1.2.2).
                Outcome::Draw
            } else {
                let (loser, reason) = plan.losers[0];
                Outcome::Win(loser.opponent(), reason)
            };
            self.apply(Mutation::SetOutcome(outcome));
            return;
        }
        // Destruction and the moves to the cemetery happen at once: the
        // cards leave the field together (CR 10.7.4.2).
        for (card, by_ability) in &plan.destroy {
            if *by_ability {
                self.apply(Mutation::SetFoughtBane(*card, false));
            }
        }
        let leaving = self.field_to_cemetery(&plan);
        for card in &plan.to_cemetery {
            if self.state.card(*card).zone == Zone::ExArea {
                let owner = self.state.card(*card).owner;
                self.move_card(
                    *card,
                    owner,
                    Zone::Cemetery,
                    Place::Top,
                    MoveCause::RulesHandling,
                );
            }
        }
        self.leave_field_together(&leaving);
        for card in plan.to_evolve_deck {
            let owner = self.state.card(card).owner;
            self.move_card(
                card,
                owner,
                Zone::EvolveDeck,
                Place::Top,
                MoveCause::RulesHandling,
            );
            // Used evolved cards return face up and can't be used again
            // (CR 4.6.3).
            self.apply(Mutation::SetFaceUp(card, true));
        }
        for player in plan.clamp_pp {
            let max = self.state.player(player).max_pp;
            self.apply(Mutation::SetResource(
                player,
                super::event::Resource::PlayPoints,
                max,
            ));
        }
        for token in plan.unlinked_equipment {
            let owner = self.state.card(token).owner;
            self.apply(Mutation::Move {
                card: token,
                to_player: owner,
                to: Zone::RemovedFromGame,
                place: Place::Top,
                cause: MoveCause::TokenRemoved,
            });
        }
        for (token, player) in plan.equipment_to {
            // Between equipment zones the link stays (`apply_move`).
            self.apply(Mutation::Move {
                card: token,
                to_player: player,
                to: Zone::Equipment,
                place: Place::Top,
                cause: MoveCause::RulesHandling,
            });
        }
    }
}

/// CR 11.2: leader defense 0 or less, or a draw from an empty deck; not
/// while a card on the player's field says they can't lose (later-sets
/// §12.3, CR 1.3.3: the prohibition wins; read anew at each check).
fn losses(board: &Board<'_>, plan: &mut Plan) {
    let state = board.state;
    for player in PlayerId::BOTH {
        let p = state.player(player);
        if board.field.iter().any(|(card, stats)| {
            stats.keywords.contains(Keywords::CANNOT_LOSE) && state.card(*card).controller == player
        }) {
            continue;
        }
        if p.leader_defense <= 0 {
            plan.losers.push((player, WinReason::LeaderDefense));
        } else if p.drew_from_empty_deck {
            plan.losers.push((player, WinReason::DeckOut));
        }
    }
}

/// CR 11.3: followers at 0 defense or less, and followers that fought a
/// Bane follower (destruction by an ability, CR 11.3.2.1).
fn follower_destruction(board: &Board<'_>, plan: &mut Plan) {
    for (card, stats) in board.field {
        if !stats.card_type.is_follower() {
            continue;
        }
        if stats.keywords.contains(Keywords::CANNOT_BE_DESTROYED) {
            // It stays, whatever its defense (later-sets §13 H-5): asked
            // again at each check, so a passive's condition decides anew.
            continue;
        }
        if stats.defense <= 0 {
            plan.destroy.push((*card, false));
        } else if board.state.card(*card).fought_bane
            && !stats
                .keywords
                .contains(Keywords::CANNOT_DESTROY_BY_ABILITIES)
        {
            plan.destroy.push((*card, true));
        }
    }
}

/// CR 11.4.1: an over-full field keeps the cards its player chose to keep;
/// the others go to the cemetery.
fn field_limit(board: &Board<'_>, plan: &mut Plan) {
    for player in &board.state.players {
        over_limit(&player.field, FIELD_LIMIT, board.excess, plan);
    }
}

/// CR 11.5.1: the same for the EX area.
fn ex_limit(board: &Board<'_>, plan: &mut Plan) {
    for player in &board.state.players {
        over_limit(&player.ex_area, EX_LIMIT, board.excess, plan);
    }
}

/// The cards of an over-full zone that go: the ones chosen (asked before
/// the round, see `zone_limit_question`), or else the newest.
fn over_limit(cards: &[CardRef], limit: usize, chosen: &[CardRef], plan: &mut Plan) {
    let excess = cards.len().saturating_sub(limit);
    if excess == 0 {
        return;
    }
    let picked: Vec<CardRef> = chosen
        .iter()
        .copied()
        .filter(|c| cards.contains(c))
        .collect();
    if picked.len() == excess {
        plan.to_cemetery.extend(picked);
    } else {
        plan.to_cemetery.extend(cards.iter().skip(limit).copied());
    }
}

/// CR 11.6 and 11.8: evolved cards and Carrots not linked to a field
/// follower go back to the evolve deck area face up.
fn illegal_evolutions(board: &Board<'_>, plan: &mut Plan) {
    let state = board.state;
    if state.evolve_zone_cards == 0 {
        return;
    }
    // Rules handling runs after every action. Usually every card in the
    // evolve zone is the evolved card of a field follower: count those from
    // the field (a few cards) and stop if they are all of the zone.
    let held = board
        .field
        .iter()
        .filter(|(base, _)| {
            state.card(*base).evolved_with.is_some_and(|evolved| {
                let evolved = state.card(evolved);
                evolved.zone == Zone::EvolveZone && evolved.linked_to == Some(*base)
            })
        })
        .count();
    if held == state.evolve_zone_cards as usize {
        return;
    }
    // Otherwise (a Carrot, or a card left unlinked) look at the evolve
    // zone's cards, in a plain loop over the card arena.
    for (idx, card) in state.cards.iter().enumerate() {
        if card.zone != Zone::EvolveZone {
            continue;
        }
        let Some(this) = CardRef::from_idx(idx) else {
            continue;
        };
        // An evolved card is linked while its follower holds it; a Carrot
        // while its follower is still racing (CR 11.8: illegal racing).
        let linked = card.linked_to.is_some_and(|base| {
            let base = state.card(base);
            base.zone == Zone::Field && (base.evolved_with == Some(this) || base.raced > 0)
        });
        if !linked {
            plan.to_evolve_deck.push(this);
        }
    }
}

/// CR 11.7: a Stack card on the field without Stack counters goes to the
/// cemetery.
fn empty_stack(board: &Board<'_>, plan: &mut Plan) {
    for (card, stats) in board.field {
        if board.state.card(*card).counter(Counter::Stack) == 0
            && stats.keywords.contains(Keywords::STACK)
        {
            plan.to_cemetery.push(*card);
        }
    }
}

/// CR 11.10.1: a Drive Point no longer linked to a follower on the field
/// returns face up to its owner's evolve deck, used (with the illegal
/// evolutions' cards, `to_evolve_deck`).
fn drive_points(board: &Board<'_>, plan: &mut Plan) {
    let state = board.state;
    for player in PlayerId::BOTH {
        for point in state.player(player).drive_zone.iter().copied() {
            let linked = state
                .card(point)
                .linked_to
                .is_some_and(|follower| state.card(follower).zone == Zone::Field);
            if !linked {
                plan.to_evolve_deck.push(point);
            }
        }
    }
}

/// CR 11.11: equipment no longer linked to a follower on the field is
/// removed; linked equipment follows its follower's controller.
fn equipment(board: &Board<'_>, plan: &mut Plan) {
    let state = board.state;
    for player in PlayerId::BOTH {
        for token in state.player(player).equipment.iter().copied() {
            let linked = state
                .card(token)
                .linked_to
                .map(|follower| state.card(follower))
                .filter(|follower| follower.zone == Zone::Field);
            match linked {
                None => plan.unlinked_equipment.push(token),
                Some(follower) if follower.controller != player => {
                    plan.equipment_to.push((token, follower.controller));
                }
                Some(_) => {}
            }
        }
    }
}

/// CR 11.9: current PP above the maximum drop to it.
fn play_point_limit(board: &Board<'_>, plan: &mut Plan) {
    for player in PlayerId::BOTH {
        let p = board.state.player(player);
        if p.pp > p.max_pp {
            plan.clamp_pp.push(player);
        }
    }
}
