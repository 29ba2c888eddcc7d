//! [`MatchView`]: everything the UI knows about the running match, built
//! from the worker's snapshots (per-player views, redacted events, log
//! lines). Panels read it; nothing in it is engine state.

use crate::config::{MatchConfig, MatchMode, Seat};
use crate::session::{CardNote, DecisionView, InspectedCard, LogLine, Snapshot};
use std::collections::HashMap;
use std::sync::Arc;
use sve_host::cards::CardDb;
use sve_host::engine::view::{PlayerView, SideView};
use sve_host::engine::{CardRef, Event, Outcome, Phase, PlayerId};
use sve_host::packs::PackInfo;

/// The UI's picture of a match.
#[derive(Clone, Debug)]
pub struct MatchView {
    /// Card definitions (static data shared with the engine).
    pub db: Arc<CardDb>,
    /// Who sits where.
    pub seats: [Seat; 2],
    /// Deck titles, seat order.
    pub deck_titles: [String; 2],
    /// The match seed.
    pub seed: u64,
    /// How the seats are filled.
    pub mode: MatchMode,
    /// [`Snapshot::generation`] of the latest snapshot.
    pub generation: u64,
    /// The latest per-player views the UI may draw (see [`Snapshot::views`]).
    pub views: Vec<PlayerView>,
    /// The pending decision, when the UI may see it.
    pub decision: Option<DecisionView>,
    /// Who must answer now.
    pub waiting_on: Option<PlayerId>,
    /// A bot is choosing.
    pub bot_thinking: bool,
    /// The result, once over.
    pub outcome: Option<Outcome>,
    /// The game log, oldest first.
    pub log: Vec<LogLine>,
    /// Every event the UI was shown, oldest first.
    pub events: Vec<Event>,
    /// Public facts about field cards.
    pub notes: HashMap<CardRef, CardNote>,
    /// Undo would take something back.
    pub can_undo: bool,
    /// The card inspector's data (see [`Snapshot::inspected`]).
    pub inspected: Vec<InspectedCard>,
    /// Pending automatic abilities (see [`Snapshot::pending`]).
    pub pending: Vec<String>,
    /// The card packs loaded for this match (empty for the starter cards
    /// alone).
    pub packs: Vec<PackInfo>,
    /// Card id → the pack that defines it (cards of the bundled starter
    /// data have none).
    pub card_packs: std::collections::HashMap<String, PackInfo>,
}

/// The board from one seat: `me` at the bottom, the other side on top.
#[derive(Clone, Copy, Debug)]
pub struct Board<'a> {
    /// The seat at the bottom of the screen.
    pub me: PlayerId,
    /// The bottom side.
    pub mine: &'a SideView,
    /// The top side.
    pub theirs: &'a SideView,
    /// Turn number.
    pub turn: u32,
    /// Phase.
    pub phase: Phase,
    /// Whose turn it is.
    pub active: PlayerId,
}

impl MatchView {
    /// An empty view for a match that is starting.
    pub fn new(config: &MatchConfig, db: Arc<CardDb>) -> MatchView {
        MatchView {
            db,
            seats: config.seats,
            deck_titles: config.decks.clone().map(|deck| deck.title),
            seed: config.seed,
            mode: config.mode(),
            generation: 0,
            views: Vec::new(),
            decision: None,
            waiting_on: None,
            bot_thinking: false,
            outcome: None,
            log: Vec::new(),
            events: Vec::new(),
            notes: HashMap::new(),
            can_undo: false,
            inspected: Vec::new(),
            pending: Vec::new(),
            packs: Vec::new(),
            card_packs: std::collections::HashMap::new(),
        }
    }

    /// Takes in a snapshot from the worker.
    pub fn apply(&mut self, snapshot: Snapshot) {
        let Snapshot {
            generation,
            views,
            decision,
            waiting_on,
            bot_thinking,
            outcome,
            log,
            events,
            notes,
            can_undo,
            inspected,
            pending,
        } = snapshot;
        self.generation = generation;
        self.views = views;
        self.decision = decision;
        self.waiting_on = waiting_on;
        self.bot_thinking = bot_thinking;
        self.outcome = outcome;
        if log.reset {
            self.log.clear();
        }
        self.log.extend(log.items);
        if events.reset {
            self.events.clear();
        }
        self.events.extend(events.items);
        self.notes = notes.into_iter().collect();
        self.can_undo = can_undo;
        self.inspected = inspected;
        self.pending = pending;
    }

    /// Whether the first snapshot has arrived.
    pub fn is_ready(&self) -> bool {
        !self.views.is_empty()
    }

    /// The board as `me` sees it. In a bot-vs-bot match each side comes from
    /// its own player's view, so both hands show.
    pub fn board(&self, me: PlayerId) -> Option<Board<'_>> {
        let view_of = |player: PlayerId| self.views.iter().find(|v| v.viewer == player);
        let mine_view = view_of(me).or_else(|| self.views.first())?;
        let me = mine_view.viewer;
        let theirs = match self.mode {
            MatchMode::BotVsBot => view_of(me.opponent()).unwrap_or(mine_view),
            MatchMode::VsBot { .. } | MatchMode::HotSeat => mine_view,
        };
        Some(Board {
            me,
            mine: &mine_view.sides[me.idx()],
            theirs: &theirs.sides[me.opponent().idx()],
            turn: mine_view.turn,
            phase: mine_view.phase,
            active: mine_view.active,
        })
    }

    /// The decision if `player` may act on it from this screen.
    pub fn decision_for(&self, player: PlayerId) -> Option<&DecisionView> {
        self.decision
            .as_ref()
            .filter(|d| d.decision.player == player && self.seats[player.idx()] == Seat::Human)
    }

    /// "P1 (you)", "P2 (greedy bot)", "P1": how to name a seat on screen.
    pub fn seat_name(&self, player: PlayerId) -> String {
        match (self.mode, self.seats[player.idx()]) {
            (MatchMode::VsBot { human }, _) if human == player => format!("{player} (you)"),
            (_, Seat::Bot(kind)) => format!("{player} ({} bot)", bot_name(kind)),
            (_, Seat::Human) => player.to_string(),
        }
    }
}

/// A bot kind's name as the start screen shows it.
pub fn bot_name(kind: sve_host::bot::BotKind) -> &'static str {
    match kind {
        sve_host::bot::BotKind::Random => "random",
        sve_host::bot::BotKind::Greedy => "greedy",
    }
}
