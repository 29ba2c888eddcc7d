//! [`MatchView`]: everything the UI knows about the running match, built
//! from the session's snapshots (per-player views, redacted events, log
//! lines), whether the match runs on the local worker or on a server.
//! Panels read it; nothing in it is engine state.
//!
//! [`Board`] is that picture from one seat (who sits at the bottom), and
//! [`PlayMode`] says whether the match is local (its `MatchMode`) or online
//! (the seat played here, or none when watching).

use crate::catalog::PackInfo;
use crate::catalog::shown;
use crate::config::{MatchConfig, MatchMode, Seat};
use crate::match_clocks::MatchClocks;
use crate::session::{
    CardNote, DecisionView, InspectedCard, LogLine, ReplayPosition, ShownEvent, Snapshot,
};
use std::collections::HashMap;
use std::sync::Arc;
use sve_engine::bot::BotKind;
use sve_engine::cards::CardDb;
use sve_engine::engine::view::{PlayerView, SideView};
use sve_engine::engine::{CardRef, Outcome, Phase, PlayerId};
use sve_engine::replay::ReplaySeat;

/// The UI's picture of a match.
#[derive(Clone, Debug)]
pub struct MatchView {
    /// Card definitions (static data shared with the engine).
    pub db: Arc<CardDb>,
    /// Who sits where (online: both seats are people, one of them at this
    /// screen, see [`PlayMode::Online`]).
    pub seats: [Seat; 2],
    /// How each seat is named on screen ("P1 (you)", "Ann", "greedy bot").
    pub names: [String; 2],
    /// Deck titles, seat order (empty online: the server keeps them).
    pub deck_titles: [String; 2],
    /// The match seed (0 online: the server keeps it).
    pub seed: u64,
    /// Where the match runs and whose eyes this screen shows it through.
    pub mode: PlayMode,
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
    /// Every event the UI was shown, with its words, oldest first.
    pub events: Vec<ShownEvent>,
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
    /// The clocks of an online table with time limits, counting down from
    /// the latest snapshot's reading (`None` for a local match or a table
    /// without limits).
    pub clocks: Option<MatchClocks>,
    /// Where a watched replay stands (`None` for a match being played).
    pub replay: Option<ReplayPosition>,
    /// Where a local match saves scenarios and bug reports (`None`
    /// online).
    pub save_dir: Option<std::path::PathBuf>,
}

/// Where a match runs and whose eyes the screen shows it through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayMode {
    /// On this computer, with these seats.
    Local(MatchMode),
    /// On a server: this screen plays `seat`, or watches when it is `None`
    /// (public information only, no decisions).
    Online {
        /// The seat played at this screen.
        seat: Option<PlayerId>,
    },
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
        let mode = config.mode();
        let names = PlayerId::BOTH.map(|player| match &config.replay {
            // A replay names who played, as the recording says.
            Some(replay) => recorded_seat_name(&replay.seats[player.idx()], player),
            None => local_seat_name(mode, config.seat(player), player),
        });
        MatchView::empty(
            db,
            config.seats,
            names,
            config.decks.clone().map(|deck| deck.title),
            config.seed,
            PlayMode::Local(mode),
        )
    }

    /// An empty view of an online match: `names` from the server's seating,
    /// `seat` the one played at this screen (`None` to watch), `db` built
    /// from the server's card faces.
    pub fn online(db: Arc<CardDb>, names: &[String; 2], seat: Option<PlayerId>) -> MatchView {
        let names = PlayerId::BOTH.map(|player| {
            let name = &names[player.idx()];
            if seat == Some(player) {
                format!("{name} (you)")
            } else {
                name.clone()
            }
        });
        MatchView::empty(
            db,
            [Seat::Human, Seat::Human],
            names,
            [String::new(), String::new()],
            0,
            PlayMode::Online { seat },
        )
    }

    fn empty(
        db: Arc<CardDb>,
        seats: [Seat; 2],
        names: [String; 2],
        deck_titles: [String; 2],
        seed: u64,
        mode: PlayMode,
    ) -> MatchView {
        MatchView {
            db,
            seats,
            names,
            deck_titles,
            seed,
            mode,
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
            clocks: None,
            replay: None,
            save_dir: None,
        }
    }

    /// Takes in a snapshot from the worker. `now` is the screen's time
    /// (egui's `input.time`) as it arrives: its clocks count down from
    /// then.
    pub fn apply(&mut self, snapshot: Snapshot, now: f64) {
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
            clocks,
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
        self.clocks = clocks.and_then(|reading| MatchClocks::new(reading, waiting_on, now));
    }

    /// Takes in hot-reloaded card data: the board draws printed values
    /// from the new cards from now on, and the packs panel lists the new
    /// packs.
    pub fn take_cards(&mut self, report: &crate::session::ReloadReport) {
        self.db = Arc::clone(&report.db);
        self.packs = report.packs.clone();
        self.card_packs = report.card_packs.clone();
    }

    /// Stops the clocks where they stand at `now` (the match is over, or
    /// the server is gone): nothing counts down any more.
    pub fn stop_clocks(&mut self, now: f64) {
        self.clocks = self.clocks.map(|clocks| clocks.stopped(now));
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
            PlayMode::Local(MatchMode::BotVsBot) => view_of(me.opponent()).unwrap_or(mine_view),
            PlayMode::Local(MatchMode::VsBot { .. } | MatchMode::HotSeat)
            | PlayMode::Online { .. } => mine_view,
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
        let at_this_screen = match self.mode {
            PlayMode::Local(_) => self.seats.get(player.idx()) == Some(&Seat::Human),
            PlayMode::Online { seat } => seat == Some(player),
        };
        self.decision
            .as_ref()
            .filter(|d| d.decision.player == player && at_this_screen)
    }

    /// "P1 (you)", "P2 (greedy bot)", "Ann (you)": how to name a seat on
    /// screen.
    pub fn seat_name(&self, player: PlayerId) -> String {
        self.names
            .get(player.idx())
            .cloned()
            .unwrap_or_else(|| player.to_string())
    }

    /// The seat a person plays at this screen when there is one fixed seat
    /// (against a bot, or online); `None` for hot-seat, bot-vs-bot and
    /// watching.
    pub fn my_seat(&self) -> Option<PlayerId> {
        match self.mode {
            PlayMode::Local(MatchMode::VsBot { human }) => Some(human),
            PlayMode::Online { seat } => seat,
            PlayMode::Local(MatchMode::HotSeat | MatchMode::BotVsBot) => None,
        }
    }
}

/// "P1 (you)", "P2 (greedy bot)", "P1": a local seat's name.
fn local_seat_name(mode: MatchMode, seat: Seat, player: PlayerId) -> String {
    match (mode, seat) {
        (MatchMode::VsBot { human }, _) if human == player => format!("{player} (you)"),
        (_, Seat::Bot(kind)) => format!("{player} ({} bot)", bot_name(kind)),
        (_, Seat::Human) => player.to_string(),
    }
}

/// "P1 (human)", "P2 (Ann)", "P2 (greedy bot)", "P1": a seat of a
/// recording, named as its file says. The file comes from anywhere: an
/// unknown bot kind is shown escaped.
fn recorded_seat_name(seat: &ReplaySeat, player: PlayerId) -> String {
    match seat {
        ReplaySeat::Unknown => player.to_string(),
        ReplaySeat::Human(name) if name.is_empty() => format!("{player} (human)"),
        ReplaySeat::Human(name) => format!("{player} ({})", shown(name)),
        ReplaySeat::Bot(kind) => match kind.parse::<BotKind>() {
            Ok(kind) => format!("{player} ({} bot)", bot_name(kind)),
            Err(_) => format!("{player} ({} bot)", shown(kind)),
        },
    }
}

/// A bot kind's name as seat labels show it ("easy", "hard").
pub fn bot_name(kind: sve_engine::bot::BotKind) -> &'static str {
    kind.name()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recorded_seat_is_named_as_the_file_says_and_shown_safely() {
        let name = |seat: ReplaySeat| recorded_seat_name(&seat, PlayerId(1));
        assert_eq!(name(ReplaySeat::Unknown), "P2");
        assert_eq!(name(ReplaySeat::human("")), "P2 (human)");
        assert_eq!(name(ReplaySeat::human("Ann")), "P2 (Ann)");
        assert_eq!(name(ReplaySeat::bot("easy")), "P2 (easy bot)");
        // The easy level's older name, as older files have it.
        assert_eq!(name(ReplaySeat::bot("GREEDY")), "P2 (easy bot)");
        // A kind this build does not know, with a terminal escape in it.
        let odd = name(ReplaySeat::Bot("zorg\u{1b}[2J".to_owned()));
        assert!(!odd.contains('\u{1b}'), "{odd}");
        assert!(
            odd.starts_with("P2 (zorg") && odd.ends_with(" bot)"),
            "{odd}"
        );
    }
}
