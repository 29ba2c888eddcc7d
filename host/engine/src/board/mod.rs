//! Boards built by hand: a match set up in a given state, for rules and
//! card tests, scenario test files and the client's "save board".
//!
//! - [`Board`] and [`Side`]: a board builder: put these cards in these
//!   zones with these resources, act by card name, then read the board back
//!   as compact text. Engine tests use it with the test cards of
//!   [`fixtures`].
//! - [`board_as_text`] and [`BoardBuilder::with_text`]: a board as text
//!   and back (the client's "save board as scenario"; scenario test files
//!   hold their board in this text, and the `sve-scenario` crate reads and
//!   runs those files).
//!
//! ```
//! use sve_engine::board::{Board, Side};
//! use sve_engine::engine::PlayerId;
//!
//! let mut s = Board::builder()
//!     .side(PlayerId(0), Side::new().hand(["V2"]).pp(3))
//!     .side(PlayerId(1), Side::new().field(["V1"]))
//!     .build();
//! s.play("V2");
//! assert!(s.dump().contains("field V2 2/2"));
//! ```

pub mod fixtures;
pub mod text;

pub use text::{BoardTextError, board_as_text};

use crate::cards::CardDb;
use crate::engine::state::query::{EX_LIMIT, FIELD_LIMIT};
use crate::engine::state::{CardState, Phase, Zone};
use crate::engine::{
    AbilityRunner, Action, AttackTarget, CardRef, Choice, DeckList, Event, Match, ObjectId,
    PlayerId, Status,
};
use std::fmt::Write as _;
use std::sync::Arc;

/// One side of a scenario.
#[derive(Clone, Debug)]
pub struct Side {
    leader_card: Option<String>,
    hand: Vec<String>,
    field: Vec<FieldCard>,
    ex_area: Vec<String>,
    cemetery: Vec<String>,
    banished: Vec<String>,
    deck: Option<Vec<String>>,
    evolve_deck: Vec<String>,
    used_evolve_deck: Vec<String>,
    pp: i32,
    max_pp: Option<i32>,
    ep: i32,
    sep: i32,
    leader_defense: i32,
    turns_passed: u32,
    basis: crate::engine::state::Basis,
}

/// A card put on the field by a scenario.
#[derive(Clone, Debug)]
struct FieldCard {
    name: String,
    engaged: bool,
    new: bool,
    damage: i32,
    /// The evolved card linked to it.
    evolved: Option<String>,
}

impl Default for Side {
    fn default() -> Side {
        Side {
            leader_card: None,
            hand: Vec::new(),
            field: Vec::new(),
            ex_area: Vec::new(),
            cemetery: Vec::new(),
            banished: Vec::new(),
            deck: None,
            evolve_deck: Vec::new(),
            used_evolve_deck: Vec::new(),
            pp: 0,
            max_pp: None,
            ep: 0,
            sep: 1,
            leader_defense: 20,
            turns_passed: 5,
            basis: crate::engine::state::Basis::Class,
        }
    }
}

fn names<const N: usize>(cards: [&str; N]) -> impl Iterator<Item = String> {
    cards.into_iter().map(str::to_owned)
}

impl Side {
    /// An empty side: 20 defense, 0 PP, 1 SEP, ten filler cards (`V1`
    /// unless [`BoardBuilder::filler`] says otherwise) in the deck.
    pub fn new() -> Side {
        Side::default()
    }
    /// The leader card (default: see [`BoardBuilder::try_build`]).
    pub fn leader_card(mut self, card: &str) -> Side {
        self.leader_card = Some(card.to_owned());
        self
    }
    /// Cards in the banished zone.
    pub fn banished<const N: usize>(mut self, cards: [&str; N]) -> Side {
        self.banished.extend(names(cards));
        self
    }
    /// Cards in the hand (names or ids).
    pub fn hand<const N: usize>(mut self, cards: [&str; N]) -> Side {
        self.hand.extend(names(cards));
        self
    }
    /// Reserved cards on the field since before this turn.
    pub fn field<const N: usize>(mut self, cards: [&str; N]) -> Side {
        self.field.extend(names(cards).map(|name| FieldCard {
            name,
            engaged: false,
            new: false,
            damage: 0,
            evolved: None,
        }));
        self
    }
    /// Engaged cards on the field.
    pub fn engaged<const N: usize>(mut self, cards: [&str; N]) -> Side {
        self.field.extend(names(cards).map(|name| FieldCard {
            name,
            engaged: true,
            new: false,
            damage: 0,
            evolved: None,
        }));
        self
    }
    /// Cards that entered the field this turn.
    pub fn new_on_field<const N: usize>(mut self, cards: [&str; N]) -> Side {
        self.field.extend(names(cards).map(|name| FieldCard {
            name,
            engaged: false,
            new: true,
            damage: 0,
            evolved: None,
        }));
        self
    }
    /// Damage on the last field card added.
    pub fn damaged(mut self, damage: i32) -> Side {
        if let Some(last) = self.field.last_mut() {
            last.damage = damage;
        }
        self
    }
    /// The last field card added is evolved, linked to this evolved card.
    pub fn evolved(mut self, evolved: &str) -> Side {
        if let Some(last) = self.field.last_mut() {
            last.evolved = Some(evolved.to_owned());
        }
        self
    }
    /// Cards in the EX area.
    pub fn ex_area<const N: usize>(mut self, cards: [&str; N]) -> Side {
        self.ex_area.extend(names(cards));
        self
    }
    /// Cards in the cemetery.
    pub fn cemetery<const N: usize>(mut self, cards: [&str; N]) -> Side {
        self.cemetery.extend(names(cards));
        self
    }
    /// The deck, top card last (replaces the ten filler cards).
    pub fn deck<const N: usize>(mut self, cards: [&str; N]) -> Side {
        self.deck = Some(names(cards).collect());
        self
    }
    /// Face-down cards in the evolve deck.
    pub fn evolve_deck<const N: usize>(mut self, cards: [&str; N]) -> Side {
        self.evolve_deck.extend(names(cards));
        self
    }
    /// Face-up (used) cards in the evolve deck.
    pub fn used_evolve_deck<const N: usize>(mut self, cards: [&str; N]) -> Side {
        self.used_evolve_deck.extend(names(cards));
        self
    }
    /// Current play points (and maximum, unless set).
    pub fn pp(mut self, pp: i32) -> Side {
        self.pp = pp;
        self
    }
    /// Maximum play points.
    pub fn max_pp(mut self, max_pp: i32) -> Side {
        self.max_pp = Some(max_pp);
        self
    }
    /// Evolution points.
    pub fn ep(mut self, ep: i32) -> Side {
        self.ep = ep;
        self
    }
    /// Super-evolution points.
    pub fn sep(mut self, sep: i32) -> Side {
        self.sep = sep;
        self
    }
    /// Leader defense.
    pub fn leader(mut self, defense: i32) -> Side {
        self.leader_defense = defense;
        self
    }
    /// The deck is built on this universe (its number in
    /// `sve_vocab::UNIVERSES`; the class by default).
    pub fn universe(mut self, universe: u8) -> Side {
        self.basis = crate::engine::state::Basis::Universe(universe);
        self
    }
    /// Turns passed (default 5).
    pub fn turns_passed(mut self, turns: u32) -> Side {
        self.turns_passed = turns;
        self
    }
}

/// Builds a [`Board`].
pub struct BoardBuilder {
    db: Arc<CardDb>,
    runner: Arc<dyn AbilityRunner>,
    sides: [Side; 2],
    first: PlayerId,
    active: PlayerId,
    turn: u32,
    filler: String,
}

/// Why a [`BoardBuilder`] could not build its match.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// A card the database does not know.
    #[error("unknown card `{0}`")]
    UnknownCard(String),
    /// No leader was given and the database has no leader card.
    #[error("no leader card: give one with `P1 leader: CARD`")]
    NoLeader,
    /// A leader that is not a leader card.
    #[error("`{0}` is not a leader card")]
    NotALeader(String),
    /// More cards than a board may hold.
    #[error("the board has {0} cards; at most {MAX_BOARD_CARDS} fit")]
    TooManyCards(usize),
    /// More cards in a zone than the rules let it hold (the field and the
    /// EX area hold 5 each).
    #[error("{player}'s {zone} has {count} cards; it holds at most {limit}")]
    ZoneFull {
        /// Whose zone.
        player: PlayerId,
        /// The zone, in words (`field`, `EX area`).
        zone: &'static str,
        /// Cards given for it.
        count: usize,
        /// What it holds.
        limit: usize,
    },
}

/// Most cards a built board may hold (both sides, decks included).
pub const MAX_BOARD_CARDS: usize = 2000;

impl BoardBuilder {
    /// A builder over a card database and an ability runner: two empty
    /// sides, turn 9, P1 active and first, `V1` as the filler card.
    pub fn new(db: Arc<CardDb>, runner: Arc<dyn AbilityRunner>) -> BoardBuilder {
        BoardBuilder {
            db,
            runner,
            sides: [Side::new(), Side::new()],
            first: PlayerId(0),
            active: PlayerId(0),
            turn: 9,
            filler: "V1".to_owned(),
        }
    }
    /// Sets one side.
    pub fn side(mut self, player: PlayerId, side: Side) -> BoardBuilder {
        self.sides[player.idx()] = side;
        self
    }
    /// Whose turn it is (default P1). P1 goes first.
    pub fn active(mut self, player: PlayerId) -> BoardBuilder {
        self.active = player;
        self
    }
    /// Global turn number (default 9).
    pub fn turn(mut self, turn: u32) -> BoardBuilder {
        self.turn = turn;
        self
    }
    /// Uses another card database (it must hold the test cards, e.g. by
    /// starting from [`fixtures::test_cards`]).
    pub fn db(mut self, db: Arc<CardDb>) -> BoardBuilder {
        self.db = db;
        self
    }
    /// Uses another ability runner.
    pub fn runner(mut self, runner: Arc<dyn AbilityRunner>) -> BoardBuilder {
        self.runner = runner;
        self
    }
    /// The card ten copies of which make a deck that is not given (default
    /// `V1`, a test card; give a card of the database in use).
    pub fn filler(mut self, card: &str) -> BoardBuilder {
        self.filler = card.to_owned();
        self
    }

    /// The match, at the active player's main-phase action.
    ///
    /// Panics if a card name is unknown (scenarios are test code); see
    /// [`try_build`](BoardBuilder::try_build) for input from outside.
    pub fn build(self) -> Board {
        match self.try_build() {
            Ok(scenario) => scenario,
            Err(e) => panic!("scenario: {e}"),
        }
    }

    /// The match, at the active player's main-phase action, or why it
    /// cannot be built. A side without a leader card gets `TEST-LD` when
    /// the database has it, else the database's first leader.
    pub fn try_build(self) -> Result<Board, BuildError> {
        let db = self.db;
        let n_cards: usize = self
            .sides
            .iter()
            .map(|side| {
                side.hand.len()
                    + side.ex_area.len()
                    + side.cemetery.len()
                    + side.banished.len()
                    + side.evolve_deck.len()
                    + side.deck.as_ref().map_or(10, Vec::len)
                    + side.field.len() * 2
                    + 1
            })
            .sum();
        if n_cards > MAX_BOARD_CARDS {
            return Err(BuildError::TooManyCards(n_cards));
        }
        for (seat, side) in self.sides.iter().enumerate() {
            for (zone, count, limit) in [
                ("field", side.field.len(), FIELD_LIMIT),
                ("EX area", side.ex_area.len(), EX_LIMIT),
            ] {
                if count > limit {
                    return Err(BuildError::ZoneFull {
                        player: PlayerId(seat as u8),
                        zone,
                        count,
                        limit,
                    });
                }
            }
        }
        let known = |name: &str| db.by_card_id(name).or_else(|| db.by_name(name));
        for side in &self.sides {
            let deck = side.deck.iter().flatten();
            let names = side
                .hand
                .iter()
                .chain(&side.ex_area)
                .chain(&side.cemetery)
                .chain(&side.banished)
                .chain(&side.evolve_deck)
                .chain(&side.used_evolve_deck)
                .chain(deck)
                .chain(side.field.iter().map(|f| &f.name))
                .chain(side.field.iter().filter_map(|f| f.evolved.as_ref()));
            for name in names {
                if known(name).is_none() {
                    return Err(BuildError::UnknownCard(name.clone()));
                }
            }
            if side.deck.is_none() && known(&self.filler).is_none() {
                return Err(BuildError::UnknownCard(self.filler.clone()));
            }
        }
        let default_leader = known("TEST-LD").or_else(|| {
            db.iter()
                .find(|(_, def)| def.card_type == crate::cards::CardType::Leader)
                .map(|(id, _)| id)
        });
        let mut leaders = [None, None];
        for (seat, side) in self.sides.iter().enumerate() {
            leaders[seat] = match &side.leader_card {
                Some(name) => {
                    let id = known(name).ok_or_else(|| BuildError::UnknownCard(name.clone()))?;
                    if db.get(id).card_type != crate::cards::CardType::Leader {
                        return Err(BuildError::NotALeader(name.clone()));
                    }
                    Some(id)
                }
                None => default_leader,
            };
        }
        let [Some(leader1), Some(leader2)] = leaders else {
            return Err(BuildError::NoLeader);
        };
        let find = |name: &str| {
            // OK: every name was checked above.
            known(name).unwrap_or_else(|| unreachable!("card `{name}` was checked"))
        };
        let list = |leader| DeckList {
            leader,
            main: Vec::new(),
            evolve: Vec::new(),
            basis: crate::decks::DeckBasis::Class,
        };
        let mut game = Match::new(
            Arc::clone(&db),
            self.runner,
            [list(leader1), list(leader2)],
            1,
        );
        game.tasks.clear();
        let turn = self.turn;
        for (seat, side) in self.sides.iter().enumerate() {
            let owner = PlayerId(seat as u8);
            let place = |game: &mut Match, name: &str, zone: Zone| -> CardRef {
                // A scenario's boards and decks are far below the card
                // limit; the builder's checks refuse bigger ones.
                let card = CardRef::from_idx(game.state.cards.len())
                    .expect("a scenario holds fewer than 2^32 cards");
                let object = ObjectId(game.state.next_object);
                game.state.next_object += 1;
                game.state.cards.push(CardState {
                    face_up: !matches!(zone, Zone::Deck | Zone::Hand | Zone::EvolveDeck),
                    entered_turn: turn.saturating_sub(1),
                    ..CardState::new(find(name), owner, zone, object)
                });
                if let Some(list) = game.state.players[seat].zone_mut(zone) {
                    list.push(card);
                }
                card
            };
            let deck: Vec<String> = side
                .deck
                .clone()
                .unwrap_or_else(|| vec![self.filler.clone(); 10]);
            for name in &deck {
                place(&mut game, name, Zone::Deck);
            }
            for name in &side.hand {
                place(&mut game, name, Zone::Hand);
            }
            for name in &side.ex_area {
                place(&mut game, name, Zone::ExArea);
            }
            for name in &side.cemetery {
                place(&mut game, name, Zone::Cemetery);
            }
            for name in &side.banished {
                place(&mut game, name, Zone::Banished);
            }
            for name in &side.evolve_deck {
                place(&mut game, name, Zone::EvolveDeck);
            }
            for name in &side.used_evolve_deck {
                let card = place(&mut game, name, Zone::EvolveDeck);
                game.state.cards[card.idx()].face_up = true;
            }
            for spec in &side.field {
                let card = place(&mut game, &spec.name, Zone::Field);
                let def = db.get(game.state.cards[card.idx()].def);
                let c = &mut game.state.cards[card.idx()];
                c.engaged = spec.engaged;
                c.damage = spec.damage;
                if spec.new {
                    c.entered_turn = turn;
                }
                c.counters = def.initial_counters.iter().map(|(k, n)| (*k, *n)).collect();
                if let Some(evolved_name) = &spec.evolved {
                    let evolved = place(&mut game, evolved_name, Zone::EvolveZone);
                    game.state.evolve_zone_cards += 1;
                    game.state.cards[card.idx()].evolved_with = Some(evolved);
                    game.state.cards[card.idx()].evolved_turn = turn.saturating_sub(1);
                    game.state.cards[evolved.idx()].linked_to = Some(card);
                }
            }
            let p = &mut game.state.players[seat];
            p.pp = side.pp;
            p.max_pp = side.max_pp.unwrap_or(side.pp).max(side.pp.min(10));
            p.ep = side.ep;
            p.sep = side.sep;
            p.leader_defense = side.leader_defense;
            p.turns_passed = side.turns_passed;
            p.basis = side.basis;
            p.goes_first = owner == self.first;
        }
        game.state.turn = turn;
        game.state.active = self.active;
        game.state.phase = Phase::Main;
        game.tasks.push(crate::engine::runtime::Task::MainAction);
        // The state was set by hand, not by mutations.
        game.settled.forget();
        game.state.forget_characteristics();
        let mut scenario = Board { game };
        scenario.game.step();
        scenario.game.clear_events();
        Ok(scenario)
    }
}

/// A match under test, with helpers to act by card name and to dump the
/// board.
pub struct Board {
    /// The match.
    pub game: Match,
}

impl Board {
    /// A builder over the test card database and the test runner.
    pub fn builder() -> BoardBuilder {
        BoardBuilder::new(
            Arc::new(fixtures::test_db()),
            Arc::new(fixtures::test_runner()),
        )
    }

    /// The first card with this name (or id) in a player's zone.
    ///
    /// Panics if there is none.
    pub fn card(&self, player: PlayerId, zone: Zone, name: &str) -> CardRef {
        self.find(player, zone, name)
            .unwrap_or_else(|| panic!("no `{name}` in {player}'s {}", zone.name()))
    }

    /// The first card with this name (or id) in a player's zone, if any.
    pub fn find(&self, player: PlayerId, zone: Zone, name: &str) -> Option<CardRef> {
        let state = self.game.state();
        let db = self.game.db();
        state.player(player).zone(zone).iter().copied().find(|c| {
            let def = state.current_def(db, *c);
            def.name == name || def.id == name || db.get(state.card(*c).def).name == name
        })
    }

    /// The pending decision's options.
    pub fn options(&self) -> Vec<Choice> {
        self.game
            .decision()
            .map(|d| d.options.clone())
            .unwrap_or_default()
    }

    /// The labels the pending decision offers, in order (a card name to
    /// declare, an option of a card's text).
    pub fn offered_labels(&self) -> Vec<String> {
        self.options()
            .into_iter()
            .filter_map(|choice| match choice {
                Choice::Label(label) => Some(label),
                _ => None,
            })
            .collect()
    }

    /// Answers the pending decision with the first option matching `pick`.
    ///
    /// Panics if none matches or the answer is rejected.
    pub fn choose(&mut self, pick: impl Fn(&Choice) -> bool) {
        let decision = self
            .game
            .decision()
            .cloned()
            .unwrap_or_else(|| panic!("no decision pending; board:\n{}", self.dump()));
        let idx = decision
            .options
            .iter()
            .position(pick)
            .unwrap_or_else(|| panic!("no matching option in {:?}", decision.options));
        self.answer(decision.player, &[idx]);
    }

    /// Answers with explicit picks, then steps. Panics if rejected.
    pub fn answer(&mut self, player: PlayerId, picks: &[usize]) {
        if let Err(rejection) = self.game.answer(player, picks) {
            panic!("answer rejected: {rejection}");
        }
        self.game.step();
    }

    /// Takes an action from the pending main-phase or Quick decision.
    pub fn act(&mut self, action: Action) {
        self.choose(|c| *c == Choice::Action(action));
    }

    /// Whether an action is among the pending options.
    pub fn can(&self, action: Action) -> bool {
        self.options().contains(&Choice::Action(action))
    }

    /// The active player plays the named card from hand (or EX area).
    pub fn play(&mut self, name: &str) {
        let player = self.decider();
        let card = self
            .find(player, Zone::Hand, name)
            .or_else(|| self.find(player, Zone::ExArea, name))
            .unwrap_or_else(|| panic!("{player} has no `{name}` in hand or EX area"));
        self.act(Action::Play { card });
    }

    /// The active player's named follower attacks the opponent's named
    /// follower, or their leader when `target` is `"leader"`.
    pub fn attack(&mut self, attacker: &str, target: &str) {
        let action = self.attack_action(attacker, target);
        self.act(action);
    }

    /// The attack action for names (see [`attack`](Board::attack)).
    pub fn attack_action(&self, attacker: &str, target: &str) -> Action {
        let player = self.game.state().active;
        let attacker = self.card(player, Zone::Field, attacker);
        let target = if target == "leader" {
            AttackTarget::Leader(player.opponent())
        } else {
            let card = self.card(player.opponent(), Zone::Field, target);
            AttackTarget::Follower(card, self.game.state().card(card).object)
        };
        Action::Attack { attacker, target }
    }

    /// Ends the main phase and answers the rest of the turn with defaults
    /// (no Ward engaging, pass Quick windows) until the next main action.
    pub fn end_turn(&mut self) {
        self.act(Action::EndMainPhase);
        self.settle();
    }

    /// Answers non-main decisions with defaults (no / pass / fewest picks)
    /// until a main-phase action or the end.
    pub fn settle(&mut self) {
        for _ in 0..50 {
            let decision = match self.game.step() {
                Status::GameOver(_) => return,
                Status::Decision(d) => d.clone(),
            };
            if decision.prompt == crate::engine::Prompt::MainAction {
                return;
            }
            let picks = crate::bot::default_answer(&decision);
            self.answer(decision.player, &picks);
        }
    }

    /// Who must answer now.
    pub fn decider(&self) -> PlayerId {
        self.game
            .decision()
            .map_or(self.game.state().active, |d| d.player)
    }

    /// Takes the events since the last call, described one per line.
    pub fn events(&mut self) -> String {
        let events = self.game.take_events();
        let mut out = String::new();
        for event in &events {
            if let Some(line) = crate::gamelog::describe(event, self.game.state(), self.game.db()) {
                let _ = writeln!(out, "{line}");
            }
        }
        out
    }

    /// Takes the raw events since the last call.
    pub fn raw_events(&mut self) -> Vec<Event> {
        self.game.take_events()
    }

    /// The board as compact text: per side leader, resources, zones (field
    /// followers with attack/defense, `E` when engaged), then the decision.
    pub fn dump(&self) -> String {
        let state = self.game.state();
        let db = self.game.db();
        let mut out = String::new();
        let _ = writeln!(out, "turn {} {:?}", state.turn, state.phase);
        let list = |cards: &[CardRef]| -> String {
            if cards.is_empty() {
                return "-".to_owned();
            }
            cards
                .iter()
                .map(|c| {
                    let def = state.current_def(db, *c);
                    let stats = state.characteristics(db, *c);
                    let mut text = def.name.clone();
                    if stats.card_type.is_follower() && state.card(*c).zone == Zone::Field {
                        text.push_str(&format!(" {}/{}", stats.attack, stats.defense));
                    }
                    for (counter, n) in state.card(*c).counters.iter() {
                        text.push_str(&format!(" {}x{n}", db.counter_name(counter)));
                    }
                    if state.card(*c).engaged {
                        text.push_str(" E");
                    }
                    text
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        for player in PlayerId::BOTH {
            let p = state.player(player);
            let marker = if state.active == player { "*" } else { " " };
            let _ = writeln!(
                out,
                "{player}{marker} leader {} pp {}/{} ep {} sep {} deck {} | hand {} | field {} | ex {} | cemetery {}",
                p.leader_defense,
                p.pp,
                p.max_pp,
                p.ep,
                p.sep,
                p.deck.len(),
                list(&p.hand),
                list(&p.field),
                list(&p.ex_area),
                list(&p.cemetery),
            );
        }
        match state.outcome {
            Some(outcome) => {
                let _ = writeln!(out, "outcome {outcome:?}");
            }
            None => {
                if let Some(d) = self.game.decision() {
                    let _ = writeln!(out, "decision {} {:?}", d.player, d.prompt);
                }
            }
        }
        out
    }
}
