//! The resumable state machine (docs/architecture.md): a match is
//! [`GameState`] plus a stack of pending [`Task`]s plus at most one pending
//! [`Decision`]. [`Match::step`] runs tasks until a decision is needed or the
//! match ends; [`Match::answer`] validates a choice against the legal set and
//! continues. No thread ever waits for a player, so a match can be cloned,
//! saved, replayed and hot-swapped at any decision point.

mod decision;
pub(crate) mod limits;
mod reload;
mod rollback;
mod sandbox;

pub use sandbox::{SANDBOX_DAMAGE_LIMIT, SandboxAction, SandboxError};

pub use decision::{Action, Choice, Decision, Prompt, QuestionRole, Rejection, SeriesStep};

use super::ability::{AbilityRunner, Halt};
use super::event::Event;
use super::ids::{CardRef, DefId, MAX_DECK_OBJECTS, ObjectId, PlayerId};
use super::state::{
    CardList, GameState, Outcome, PendingWhat, Phase, PlayerState, TurnRecord, Zone,
};
use crate::cards::CardDb;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::sync::Arc;

/// A deck resolved against a [`CardDb`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckList {
    /// The leader.
    pub leader: DefId,
    /// Main deck cards (40–50 in a legal deck).
    pub main: Vec<DefId>,
    /// Evolve deck cards (0–10).
    pub evolve: Vec<DefId>,
    /// What the deck is built on (`# Basis universe`: its leader's
    /// universe; the class by default).
    pub basis: crate::decks::DeckBasis,
}

/// Where a match stands after [`Match::step`].
#[derive(Debug)]
pub enum Status<'a> {
    /// A player must answer this.
    Decision(&'a Decision),
    /// The match is over.
    GameOver(Outcome),
}

/// A match in progress. Cloning it is cheap (a few hundred small vectors)
/// and gives an independent match: bots search with clones.
#[derive(Clone)]
pub struct Match {
    pub(crate) state: GameState,
    pub(crate) tasks: Vec<Task>,
    pub(crate) decision: Option<(Decision, Resume)>,
    pub(crate) events: Vec<Event>,
    pub(crate) db: Arc<CardDb>,
    pub(crate) db_has_triggers: bool,
    pub(crate) runner: Arc<dyn AbilityRunner>,
    /// Counters behind the limits on card code's work (`limits.rs`).
    pub(crate) work: limits::Work,
    /// The cards leaving the field at this moment, as they were there
    /// (look-back for the triggers of a move; empty between moves).
    pub(crate) leaving: super::actions::Leaving,
    /// The batch of moves in progress (`actions/batch.rs`; closed between
    /// moves).
    pub(crate) batch: super::actions::MoveBatch,
    /// The cards the player chose to send from an over-full zone, for the
    /// rules handling that follows the choice (CR 11.4.1, 11.5.1).
    pub(crate) limit_excess: Vec<CardRef>,
    /// The replacements players chose for cards rules handling sends from
    /// the field to the cemetery, for the round after the choice
    /// (CR 10.10.2).
    pub(crate) move_choices: Vec<(CardRef, crate::cards::InsteadZone)>,
    /// What rules handling last found, for as long as no mutation follows
    /// (`rules_handling.rs`); forgotten when the state or the card data
    /// changes some other way (a reload, a determinized world, a test
    /// scenario's setup).
    pub(crate) settled: crate::engine::rules_handling::Settled,
    /// The state the ability run in progress would roll back to, copied at
    /// its first change (`rollback.rs`).
    pub(crate) run_snapshot: rollback::RunSnapshot,
}

impl std::fmt::Debug for Match {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Match")
            .field("turn", &self.state.turn)
            .field("phase", &self.state.phase)
            .field("tasks", &self.tasks.len())
            .field("decision", &self.decision.as_ref().map(|d| &d.0))
            .finish_non_exhaustive()
    }
}

/// Pending work (the "stack of pending work" of the architecture guide).
#[derive(Clone, Debug)]
pub(crate) enum Task {
    /// A random player decides who goes first (CR 6.2.1.6).
    ChooseFirstPlayer,
    /// Draw opening hands.
    DrawOpeningHands,
    /// A player's mulligan decision.
    Mulligan(PlayerId),
    /// Set starting resources and begin the first turn.
    FinishSetup,
    /// Start phase steps 1–4.
    BeginTurn,
    /// Main phase step 1.
    StartMainPhase,
    /// Main phase step 3: the active player's next action.
    MainAction,
    /// End phase step 1.
    StartEndPhase,
    /// End phase step 3.
    WardStep,
    /// A Quick window for the non-active player.
    QuickWindow,
    /// End phase step 7.
    HandLimit,
    /// End phase steps 8–9.
    EndTurn,
    /// Confirmation Timing (rules-coverage.md §11.2); counts abilities played in it.
    CheckTiming(u32),
    /// Attack step 7, with the damage amounts chosen so far.
    AttackDamage(super::flow::ChosenDamage),
    /// Attack step 9.
    AttackEnd,
    /// A played card resolves (CR 10.6.2.8).
    ResolvePlayedCard(CardRef),
    /// A resolved spell leaves the resolution zone.
    FinishSpell(CardRef),
    /// A Ward follower just entered: offer to engage it.
    WardOnEnter(CardRef, ObjectId),
    /// Pay the cost items of an ability from this index on.
    PayCosts(Box<AbilityRun>, usize),
    /// Run an ability.
    Run(Box<AbilityRun>),
    /// One drive check of a series (later-sets §2.3).
    DriveCheck(super::flow::DriveCheck),
}

/// What to do with the answer to the pending decision.
#[derive(Clone, Debug)]
pub(crate) enum Resume {
    FirstPlayer(PlayerId),
    Mulligan(PlayerId),
    MulliganOrder(PlayerId),
    MainAction,
    QuickWindow,
    WardOnEnter(CardRef),
    WardStep,
    HandLimit,
    ChoosePending(PlayerId, u32),
    OptionalCost(Box<AbilityRun>),
    CostCards(Box<AbilityRun>, usize),
    Ability(Box<AbilityRun>),
    /// Whether (and to which follower) to resolve the Trigger of the card
    /// a drive check revealed.
    DriveTrigger(super::flow::DriveCheck, CardRef),
    /// A question rules handling asked (which cards of an over-full zone
    /// go, or which replacement applies to a card it moves: `instead`
    /// holds that card and the places the options name); Confirmation
    /// Timing goes on.
    RulesHandling {
        played: u32,
        instead: Option<(CardRef, Vec<crate::cards::InsteadZone>)>,
    },
    /// The evolved card and face a follower evolves into, out of
    /// `options`; its cost is paid then.
    EvolveInto {
        card: CardRef,
        use_ep: bool,
        super_evolve: bool,
        options: Vec<crate::engine::actions::EvolveOption>,
    },
    /// X of the `[costX]` cost item `item` of `run`: the pick is X.
    ChooseX(Box<AbilityRun>, usize),
    /// The result of one damage of an attack to `taker`, out of
    /// `results`: each an amount and the "next time" effects it uses up.
    DamageOrder {
        chosen: super::flow::ChosenDamage,
        taker: CardRef,
        attacker: bool,
        results: Vec<(i32, Vec<u32>)>,
    },
}

/// One run of an ability, with the answers gathered so far.
#[derive(Clone, Debug)]
pub(crate) struct AbilityRun {
    pub source: CardRef,
    pub source_object: ObjectId,
    pub def: DefId,
    pub what: PendingWhat,
    pub controller: PlayerId,
    pub trigger_card: Option<CardRef>,
    pub amount: i32,
    pub origin: RunOrigin,
    /// Answers so far, with the player who gave each.
    pub answers: Vec<(PlayerId, Vec<usize>)>,
    /// Automatic abilities: the optional cost was decided (and paid).
    pub cost_settled: bool,
    /// An activation (or an automatic ability whose optional cost was said
    /// yes to) whose costs are being paid: where a cancel goes back
    /// to (`flow/cancel.rs`). Dropped once the costs are paid.
    pub cancel: Option<Arc<super::flow::CancelPoint>>,
    /// While the card code asks which cards pay an optional cost it asked
    /// about: how many of `answers` to keep when the player takes the yes
    /// back (the answers before that yes), so the run asks it again.
    pub take_back: Option<usize>,
    /// The cards its Fuse cost fused (later-sets §9), or chose so far
    /// while it is being paid.
    pub fused: Vec<CardRef>,
    /// Play points of its cost already paid otherwise: 1 when 1 EP paid
    /// 1 PP of an `[adv]` ability's cost (CR 12.16.3).
    pub pp_paid_by_ep: u8,
    /// X of an `[costX]` cost, once paid; 0 without one or when the
    /// ability is executed without paying its cost (CR 14.5.1.5).
    pub x: i32,
}

/// Why an ability runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RunOrigin {
    /// A pending automatic ability played at Confirmation Timing.
    Triggered,
    /// A spell's text as it resolves.
    Spell,
    /// An activated ability whose costs were paid.
    Activated,
}

/// The basis a deck list plays on: its leader's universe when it is built on
/// one (a leader with none leaves it on its class: `decks::check_deck`
/// refuses such a deck before a match).
fn basis_of(leader: &crate::cards::CardDef, basis: crate::decks::DeckBasis) -> super::state::Basis {
    match (basis, leader.universe) {
        (crate::decks::DeckBasis::Universe, Some(universe)) => {
            super::state::Basis::Universe(universe)
        }
        _ => super::state::Basis::Class,
    }
}

impl Match {
    /// Sets up a match: leaders, decks and evolve decks in place; the first
    /// [`step`](Match::step) asks who goes first. `seed` drives every random
    /// event of the match.
    ///
    /// Callers check decks first (`decks::check_deck`): a seat's main and
    /// evolve decks past [`MAX_DECK_OBJECTS`] cards are cut there, so decks
    /// can never fill the match's card arena (tokens need room too).
    pub fn new(
        db: Arc<CardDb>,
        runner: Arc<dyn AbilityRunner>,
        decks: [DeckList; 2],
        seed: u64,
    ) -> Match {
        let db_has_triggers = db.iter().any(|(_, def)| !def.abilities.is_empty());
        let mut cards = Vec::new();
        let mut players: Vec<PlayerState> = Vec::with_capacity(2);
        for (seat, deck) in decks.iter().enumerate() {
            let owner = PlayerId(seat as u8);
            let main = &deck.main[..deck.main.len().min(MAX_DECK_OBJECTS)];
            let evolve = &deck.evolve[..deck.evolve.len().min(MAX_DECK_OBJECTS - main.len())];
            if main.len() + evolve.len() < deck.main.len() + deck.evolve.len() {
                tracing::error!(
                    "seat {}: a deck of {} cards was cut to {MAX_DECK_OBJECTS}",
                    seat + 1,
                    deck.main.len() + deck.evolve.len()
                );
            }
            let mut new_card = |def: DefId, zone: Zone| {
                // At most 2 × (1 + MAX_DECK_OBJECTS) cards: far below the
                // arena's limit.
                let card = CardRef::from_idx(cards.len()).unwrap_or(CardRef(u32::MAX));
                cards.push(super::state::CardState {
                    face_up: zone == Zone::Leader,
                    ..super::state::CardState::new(def, owner, zone, ObjectId(cards.len() as u32))
                });
                card
            };
            let leader = new_card(deck.leader, Zone::Leader);
            let deck_cards = main.iter().map(|d| new_card(*d, Zone::Deck)).collect();
            let evolve_deck = evolve
                .iter()
                .map(|d| new_card(*d, Zone::EvolveDeck))
                .collect();
            players.push(PlayerState {
                leader,
                deck: deck_cards,
                hand: CardList::default(),
                field: CardList::default(),
                ex_area: CardList::default(),
                cemetery: CardList::default(),
                banished: CardList::default(),
                evolve_deck,
                equipment: CardList::default(),
                trigger_zone: CardList::default(),
                drive_zone: CardList::default(),
                pp: 0,
                max_pp: 0,
                ep: 0,
                sep: 0,
                leader_defense: 20,
                turns_passed: 0,
                goes_first: false,
                evolved_this_turn: false,
                drew_from_empty_deck: false,
                lost_defense_this_turn: false,
                cards_played_this_turn: 0,
                spells_played_this_turn: 0,
                this_turn: TurnRecord::default(),
                conceded: false,
                skip_next_turn: false,
                basis: basis_of(db.get(deck.leader), deck.basis),
            });
        }
        let next_object = cards.len() as u32;
        let [p0, p1]: [PlayerState; 2] = match players.try_into() {
            Ok(both) => both,
            // OK: exactly two decks were given, so exactly two players exist.
            Err(_) => unreachable!("two decks make two players"),
        };
        let state = GameState {
            cards: cards.into(),
            players: [p0, p1],
            resolution: Vec::new(),
            turn: 0,
            active: PlayerId(0),
            phase: Phase::Setup,
            effects: Vec::new(),
            pending: Vec::new(),
            combat: None,
            extra_turns: Vec::new(),
            player_effects: Vec::new(),
            delayed: Vec::new(),
            last_known: Vec::new(),
            next_object,
            next_timestamp: 0,
            rng: ChaCha8Rng::seed_from_u64(seed),
            outcome: None,
            granted_traits: Vec::new(),
            evolve_zone_cards: 0,
            cache: Default::default(),
        };
        Match {
            state,
            tasks: vec![Task::ChooseFirstPlayer],
            decision: None,
            events: Vec::new(),
            db,
            db_has_triggers,
            runner,
            work: limits::Work::default(),
            leaving: super::actions::Leaving::default(),
            batch: super::actions::MoveBatch::default(),
            limit_excess: Vec::new(),
            move_choices: Vec::new(),
            settled: Default::default(),
            run_snapshot: Default::default(),
        }
    }

    /// The current state.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// The card database of this match.
    pub fn db(&self) -> &Arc<CardDb> {
        &self.db
    }

    /// Mutations applied since the match began, those of undone ability
    /// runs included: the engine's unit of work (`sve sim` reports time
    /// per mutation).
    pub fn mutations_applied(&self) -> u64 {
        self.work.changes()
    }

    /// The pending decision, if any.
    pub fn decision(&self) -> Option<&Decision> {
        self.decision.as_ref().map(|(d, _)| d)
    }

    /// The result, once the match is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome
    }

    /// Events since the last call (or since the start).
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    /// Drops the events gathered so far (keeps the buffer's capacity).
    pub fn clear_events(&mut self) {
        self.events.clear();
    }

    /// Events since the last [`take_events`](Match::take_events), without
    /// taking them.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Replaces the ability runner (hot reload swaps packs this way between
    /// two steps).
    pub fn set_runner(&mut self, runner: Arc<dyn AbilityRunner>) {
        self.runner = runner;
        self.settled.forget();
    }

    /// Runs until a decision is needed or the match is over.
    pub fn step(&mut self) -> Status<'_> {
        loop {
            if let Some(outcome) = self.state.outcome {
                return Status::GameOver(outcome);
            }
            if self.decision.is_some() {
                break;
            }
            match self.tasks.pop() {
                Some(_) if self.count_task() => {}
                Some(task) => self.run_task(task),
                None => {
                    // Every turn pushes the next; an empty stack means a
                    // broken invariant. End the match as a draw rather than
                    // spin.
                    tracing::error!("engine task stack ran empty");
                    self.apply(super::mutation::Mutation::SetOutcome(Outcome::Draw));
                }
            }
        }
        match &self.decision {
            Some((decision, _)) => Status::Decision(decision),
            // OK: the loop only breaks with a decision pending.
            None => unreachable!("step stops only at a decision or the end"),
        }
    }

    /// Answers the pending decision with the indices of the picked options.
    /// An invalid answer is rejected with the reason and changes nothing.
    pub fn answer(&mut self, player: PlayerId, picks: &[usize]) -> Result<(), Rejection> {
        if self.state.outcome.is_some() {
            return Err(Rejection::GameOver);
        }
        let Some((decision, _)) = &self.decision else {
            return Err(Rejection::NoDecision);
        };
        if decision.player != player {
            return Err(Rejection::WrongPlayer {
                expected: decision.player,
                got: player,
            });
        }
        decision.validate(picks)?;
        let Some((decision, resume)) = self.decision.take() else {
            return Err(Rejection::NoDecision);
        };
        self.work.new_action();
        self.resume(resume, decision, picks);
        Ok(())
    }

    /// The player concedes: they lose at once (CR 1.2.3).
    pub fn concede(&mut self, player: PlayerId) {
        if self.state.outcome.is_some() {
            return;
        }
        self.decision = None;
        self.apply(super::mutation::Mutation::Concede(player));
        self.apply(super::mutation::Mutation::SetOutcome(Outcome::Win(
            player.opponent(),
            super::state::WinReason::Concede,
        )));
    }

    /// Asks a decision; `resume` handles the answer.
    pub(crate) fn ask(&mut self, decision: Decision, resume: Resume) {
        self.decision = Some((decision, resume));
    }

    /// A uniform random number in `0..n` from the match RNG (0 if n is 0).
    pub(crate) fn random(&mut self, n: u32) -> u32 {
        use rand_core::Rng;
        if n == 0 {
            return 0;
        }
        self.before_change();
        (self.state.rng.next_u64() % u64::from(n)) as u32
    }

    fn run_task(&mut self, task: Task) {
        match task {
            Task::ChooseFirstPlayer => self.choose_first_player(),
            Task::DrawOpeningHands => self.draw_opening_hands(),
            Task::Mulligan(player) => self.ask_mulligan(player),
            Task::FinishSetup => self.finish_setup(),
            Task::BeginTurn => self.begin_turn(),
            Task::StartMainPhase => self.start_main_phase(),
            Task::MainAction => self.ask_main_action(),
            Task::StartEndPhase => self.start_end_phase(),
            Task::WardStep => self.ward_step(),
            Task::QuickWindow => self.quick_window(),
            Task::HandLimit => self.hand_limit(),
            Task::EndTurn => self.end_turn(),
            Task::CheckTiming(played) => self.check_timing(played),
            Task::AttackDamage(chosen) => self.attack_damage(chosen),
            Task::AttackEnd => self.attack_end(),
            Task::ResolvePlayedCard(card) => self.resolve_played_card(card),
            Task::FinishSpell(card) => self.finish_spell(card),
            Task::WardOnEnter(card, object) => self.ward_on_enter(card, object),
            Task::PayCosts(run, item) => self.pay_costs(run, item),
            Task::Run(run) => self.run_ability(run),
            Task::DriveCheck(check) => self.drive_check(check),
        }
    }

    fn resume(&mut self, resume: Resume, decision: Decision, picks: &[usize]) {
        let chosen: Vec<&super::runtime::Choice> =
            picks.iter().map(|i| &decision.options[*i]).collect();
        match resume {
            Resume::FirstPlayer(chooser) => {
                let first = match chosen.first() {
                    Some(Choice::GoSecond) => chooser.opponent(),
                    _ => chooser,
                };
                self.set_first_player(first);
            }
            Resume::Mulligan(player) => {
                let redraw = matches!(chosen.first(), Some(Choice::Yes));
                self.mulligan(player, redraw);
            }
            Resume::MulliganOrder(player) => {
                let order = chosen_cards(&chosen);
                self.finish_mulligan(player, &order);
            }
            Resume::MainAction => match chosen.first() {
                Some(Choice::Action(action)) => {
                    let cancel = self.cancel_point(*action, &decision, &Resume::MainAction);
                    // After the action: Confirmation Timing, then the next
                    // action (rules-coverage.md §7.2 step 4).
                    if *action != Action::EndMainPhase {
                        self.tasks.push(Task::MainAction);
                        self.tasks.push(Task::CheckTiming(0));
                    }
                    self.start_action(*action, cancel);
                }
                _ => tracing::error!("main action answer is not an action"),
            },
            Resume::QuickWindow => {
                // Passing closes the window; a play reopens it afterwards.
                if let Some(Choice::Action(action)) = chosen.first() {
                    let cancel = self.cancel_point(*action, &decision, &Resume::QuickWindow);
                    self.tasks.push(Task::QuickWindow);
                    self.tasks.push(Task::CheckTiming(0));
                    self.start_action(*action, cancel);
                }
            }
            Resume::WardOnEnter(card) => {
                if matches!(chosen.first(), Some(Choice::Yes)) {
                    self.set_engaged(card, true);
                }
            }
            Resume::WardStep => {
                for choice in chosen {
                    if let Choice::Card(card) = choice {
                        self.set_engaged(*card, true);
                    }
                }
                self.tasks.push(Task::CheckTiming(0));
            }
            Resume::HandLimit => {
                let cards = chosen_cards(&chosen);
                // One discard of all of them (later-sets §11.1).
                self.together(|m| {
                    for card in cards {
                        m.discard(card);
                    }
                });
                // Confirmation Timing after the discard, then check again.
                self.tasks.push(Task::HandLimit);
                self.tasks.push(Task::CheckTiming(0));
            }
            Resume::ChoosePending(player, played) => {
                if let Some(Choice::Pending(idx)) = chosen.first() {
                    self.play_pending(player, *idx, played);
                }
            }
            Resume::OptionalCost(mut run) => {
                if matches!(chosen.first(), Some(Choice::Yes)) {
                    run.cancel = self.optional_cost_cancel_point(&run, &decision);
                    run.cost_settled = true;
                    self.tasks.push(Task::PayCosts(run, 0));
                } else {
                    run.cost_settled = true;
                }
            }
            Resume::ChooseX(run, item) => {
                if decision.is_cancel(picks) && self.cancel_activation(&run) {
                    return;
                }
                let x = picks.first().map_or(0, |pick| *pick as i32);
                self.pay_x(run, item, x);
            }
            Resume::CostCards(run, item) => {
                if decision.is_cancel(picks) && self.cancel_activation(&run) {
                    return;
                }
                let cards = chosen_cards(&chosen);
                self.cost_cards_chosen(run, item, cards);
            }
            Resume::Ability(mut run) => {
                match run.take_back.take() {
                    Some(keep) if decision.is_cancel(picks) => {
                        // The run asks the optional cost's question again;
                        // nothing of it was kept while it asked (see
                        // `run_card_code`), so nothing is to restore.
                        run.answers.truncate(keep);
                        if let Some(ability) = run.what.ability() {
                            self.emit(Event::activation_cancelled(run.source, run.def, ability));
                        }
                    }
                    _ => run.answers.push((decision.player, picks.to_vec())),
                }
                self.tasks.push(Task::Run(run));
            }
            Resume::RulesHandling { played, instead } => {
                match instead {
                    Some((card, places)) => {
                        let zone = picks.first().and_then(|i| places.get(*i));
                        if let Some(zone) = zone {
                            self.move_choices.push((card, *zone));
                        }
                    }
                    // Each over-full zone's choice adds to the others'
                    // (two zones may be over their limits at once).
                    None => self.limit_excess.extend(chosen_cards(&chosen)),
                }
                self.tasks.push(Task::CheckTiming(played));
            }
            Resume::EvolveInto {
                card,
                use_ep,
                super_evolve,
                options,
            } => {
                if let Some(option) = picks.first().and_then(|i| options.get(*i)) {
                    self.pay_and_evolve(card, *option, use_ep, super_evolve);
                }
            }
            Resume::DamageOrder {
                mut chosen,
                taker,
                attacker,
                results,
            } => {
                let result = picks.first().and_then(|i| results.get(*i));
                if let Some((_, used_up)) = result {
                    self.use_up_effects(taker, used_up);
                }
                let amount = result.map(|(amount, _)| *amount);
                if attacker {
                    chosen.to_attacker = amount;
                } else {
                    chosen.to_target = amount;
                }
                self.tasks.push(Task::AttackDamage(chosen));
            }
            Resume::DriveTrigger(check, card) => {
                let pick = chosen.first().map_or(Choice::No, |c| (*c).clone());
                self.answer_drive_trigger(check, card, pick);
            }
        }
    }

    /// Runs an ability through the runner, rolling back on a question or a
    /// failure (see `ability.rs`).
    pub(crate) fn run_card_code(&mut self, run: &AbilityRun) -> Result<(), Halt> {
        let Some(ability) = run.what.ability() else {
            return Ok(());
        };
        if self.count_run(run.source) {
            return Ok(());
        }
        let rollback = self.begin_rollback();
        let events_len = self.events.len();
        // Work the run scheduled (a Ward choice for a follower it put out)
        // is rolled back with it; the run only ever pushes tasks.
        let tasks_len = self.tasks.len();
        let info = super::ability::AbilityInfo {
            source: run.source,
            source_object: run.source_object,
            def: run.def,
            ability,
            controller: run.controller,
            trigger_card: run.trigger_card,
            amount: run.amount,
            fused: run.fused.clone(),
            x: run.x,
            executing: false,
        };
        let runner = Arc::clone(&self.runner);
        let mark = self.work.begin_run();
        // A Union Burst ability counts as executed from the moment it is
        // played (later-sets §1.2), within the run: undone with it.
        if self.db.is_union_burst(run.def, ability) {
            let player = self.state.card(run.source).controller;
            self.apply(crate::engine::mutation::Mutation::RecordUnionBurst {
                player,
                card: run.source,
            });
        }
        let result = {
            let mut cx = super::ability::AbilityCtx {
                m: self,
                info,
                answers: &run.answers,
                asked: 0,
                optional_yes: None,
                pending: None,
                executing_depth: 0,
            };
            let result = runner.resolve(&mut cx);
            (result, cx.pending.take())
        };
        // A question an action asked (only ever before a limit was passed)
        // comes first: whatever card code did after it is undone, and its
        // answer changes the run. Else a run past a limit is stopped
        // whatever the card code returned (see `limits.rs`).
        let (result, pending) = result;
        let result = match (pending, self.work.end_run(mark)) {
            (Some(halt), _) => Err(halt),
            (None, Some(reason)) => Err(Halt::Failed(format!("stopped: {reason}"))),
            (None, None) => result,
        };
        self.end_rollback(rollback, result.is_err());
        if result.is_err() {
            self.events.truncate(events_len);
            self.tasks.truncate(tasks_len);
        }
        result
    }
}

/// The cards among picked options.
fn chosen_cards(chosen: &[&Choice]) -> Vec<CardRef> {
    chosen
        .iter()
        .filter_map(|c| match c {
            Choice::Card(card) => Some(*card),
            _ => None,
        })
        .collect()
}
