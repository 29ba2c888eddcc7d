//! The server's updates as the [`Snapshot`]s the board draws.
//!
//! A local match's worker writes its snapshot from the engine's state; a
//! client has only the view and the events the server sent, so here the
//! decision's labels and the log lines are written from them with the
//! card faces (`sve_net::client::text`), with the other seat called by
//! the name the seating gave it where those words say "Opponent" (until
//! a seating names it), and the public fact the view does
//! not carry (which field cards entered this turn) is followed from the
//! events. The card inspector's data (for the cards followed) comes from
//! the server as data, which the inspector words as it draws it, and the
//! pending abilities are worded here (`session/inspect.rs`); undo, which
//! needs the engine's state, is off.

use crate::session::inspect;
use crate::session::{
    CardNote, ClockReading, DecisionView, Delta, InspectedCard, LogKind, LogLine, ShownEvent,
    Snapshot,
};
use std::collections::HashSet;
use std::time::Duration;
use sve_engine::engine::view::PlayerView;
use sve_engine::engine::{CardRef, Event, PlayerId, Zone};
use sve_net::client::text::{self, Faces};
use sve_net::protocol::{Clocks, Update};

/// Turns updates into snapshots, numbering them.
#[derive(Debug)]
pub(super) struct Snapshots {
    faces: Faces,
    /// Bumped by each update; the UI's answers carry it back.
    generation: u64,
    /// Cards that entered a field since the last turn began.
    entered_this_turn: HashSet<CardRef>,
    /// The players' names, seat order, for the pending abilities and the
    /// log.
    names: [String; 2],
    /// Whether `names` are the seating's (else the log says "Opponent").
    named: bool,
}

impl Snapshots {
    /// No update seen yet.
    pub(super) fn new(faces: Faces) -> Snapshots {
        Snapshots {
            faces,
            generation: 0,
            entered_this_turn: HashSet::new(),
            names: PlayerId::BOTH.map(|player| player.to_string()),
            named: false,
        }
    }

    /// The players' names from the seating (already cleaned:
    /// [`shown_name`](super::cards::shown_name)).
    pub(super) fn set_names(&mut self, names: [String; 2]) {
        self.names = names;
        self.named = true;
    }

    /// The generation of the latest snapshot.
    pub(super) fn generation(&self) -> u64 {
        self.generation
    }

    /// The snapshot of a (checked) update. A resync replaces the log and
    /// the event list with the recent log the server resent.
    pub(super) fn snapshot(&mut self, update: Update) -> Snapshot {
        self.generation += 1;
        let Update {
            view,
            events,
            waiting_on,
            resync,
            decision_seq: _,
            clocks,
            pending,
            inspected,
        } = update;
        if resync {
            self.entered_this_turn.clear();
        }
        let mut log = Vec::new();
        let mut shown = Vec::with_capacity(events.len());
        let other = self
            .names
            .get(view.viewer.opponent().idx())
            .filter(|name| self.named && !name.is_empty())
            .cloned();
        for event in events {
            self.follow(&event);
            let words = event_words(&event, &view, &self.faces, other.as_deref());
            if let Some(text) = &words {
                log.push(LogLine {
                    kind: log_kind(&event),
                    text: text.clone(),
                });
            }
            shown.push(ShownEvent { event, text: words });
        }
        let decision = view.decision.clone().map(|decision| DecisionView {
            labels: decision
                .options
                .iter()
                .map(|option| text::choice(option, &view, &self.faces))
                .collect(),
            decision,
        });
        let notes = view
            .sides
            .iter()
            .flat_map(|side| &side.field)
            .map(|card| {
                let note = CardNote {
                    entered_this_turn: self.entered_this_turn.contains(&card.card),
                };
                (card.card, note)
            })
            .collect();
        Snapshot {
            generation: self.generation,
            outcome: view.outcome,
            views: vec![view],
            decision,
            waiting_on,
            bot_thinking: false,
            log: Delta {
                reset: resync,
                items: log,
            },
            events: Delta {
                reset: resync,
                items: shown,
            },
            notes,
            can_undo: false,
            inspected: inspected.into_iter().map(InspectedCard::from).collect(),
            pending: pending
                .iter()
                .map(|line| {
                    inspect::pending_words(line, |player| {
                        // Checked: the server names seats 0 and 1 only.
                        self.names.get(player.idx()).cloned().unwrap_or_default()
                    })
                })
                .collect(),
            clocks: Some(clock_reading(clocks)),
        }
    }

    fn follow(&mut self, event: &Event) {
        match event {
            Event::TurnStarted { .. } => self.entered_this_turn.clear(),
            Event::Moved { card, to, .. } if *to == Zone::Field => {
                self.entered_this_turn.insert(*card);
            }
            Event::Moved { card, .. } => {
                self.entered_this_turn.remove(card);
            }
            _ => {}
        }
    }
}

/// The word for the other seat in `sve_net::client::text`'s lines.
const OPPONENT: &str = "Opponent";

/// An event's log line (`text::event`), with the other seat called
/// `other` where the line calls it "Opponent" and its name is known.
fn event_words(
    event: &Event,
    view: &PlayerView,
    faces: &Faces,
    other: Option<&str>,
) -> Option<String> {
    let line = text::event(event, view, faces)?;
    let Some(name) = other else {
        return Some(line);
    };
    // The events whose line names a seat as "You" or "Opponent" (other
    // seats are worded "your leader", "the opposing leader").
    let seat = match event {
        Event::GameStarted { first: player }
        | Event::TurnStarted { player, .. }
        | Event::CardPlayed { player, .. }
        | Event::Conceded { player } => *player,
        _ => return Some(line),
    };
    if seat == view.viewer {
        return Some(line);
    }
    Some(line.replacen(OPPONENT, name, 1))
}

/// The server's clocks in the UI's terms.
fn clock_reading(clocks: Clocks) -> ClockReading {
    let Clocks {
        match_left_ms,
        decision_left_ms,
    } = clocks;
    ClockReading {
        match_left: match_left_ms.map(|left| left.map(Duration::from_millis)),
        decision_left: decision_left_ms.map(Duration::from_millis),
    }
}

/// How the log styles an event's line.
fn log_kind(event: &Event) -> LogKind {
    match event {
        Event::TurnStarted { .. } => LogKind::TurnHeader,
        Event::Conceded { .. } | Event::GameOver { .. } => LogKind::GameOver,
        Event::EndlessLoop { .. } => LogKind::Error,
        _ => LogKind::Action,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sve_engine::board::{Board, Side};
    use sve_engine::cards::starter::starter_db;
    use sve_engine::engine::{Choice, Decision, Phase, PlayerId, Prompt};
    use sve_net::inspect::{PendingLine, Sight, inspect_cards};
    use sve_net::protocol::{CardFace, Clocks};

    fn faces() -> Faces {
        let db = starter_db().expect("bundled card data");
        Faces(db.iter().map(|(_, def)| CardFace::of(def)).collect())
    }

    fn update(events: Vec<Event>, resync: bool) -> Update {
        let db = crate::fixture::db();
        let mut mine = crate::fixture::side(&db, "Arisa", 1);
        mine.field.push(crate::fixture::card(&db, 4, "Fairy"));
        let theirs = crate::fixture::side(&db, "Erika", 1);
        let decision =
            Decision::pick_one(PlayerId(0), Prompt::Mulligan, vec![Choice::No, Choice::Yes]);
        Update {
            view: PlayerView {
                viewer: PlayerId(0),
                turn: 1,
                active: PlayerId(0),
                phase: Phase::Main,
                sides: [mine, theirs],
                decision: Some(decision),
                outcome: None,
            },
            events,
            decision_seq: 3,
            waiting_on: Some(PlayerId(0)),
            clocks: Clocks::default(),
            resync,
            pending: Vec::new(),
            inspected: Vec::new(),
        }
    }

    #[test]
    fn the_clocks_come_as_the_server_read_them() {
        let mut snapshots = Snapshots::new(faces());
        let mut timed = update(Vec::new(), false);
        timed.clocks = Clocks {
            match_left_ms: [Some(600_000), None],
            decision_left_ms: Some(29_500),
        };
        let reading = snapshots.snapshot(timed).clocks;
        assert_eq!(
            reading,
            Some(ClockReading {
                match_left: [Some(Duration::from_secs(600)), None],
                decision_left: Some(Duration::from_millis(29_500)),
            })
        );
    }

    #[test]
    fn each_update_is_a_new_generation_with_labels_and_log_lines() {
        let mut snapshots = Snapshots::new(faces());
        let turn = Event::TurnStarted {
            player: PlayerId(0),
            turn: 1,
        };
        let first = snapshots.snapshot(update(vec![turn], false));
        assert_eq!(first.generation, 1);
        let labels = first.decision.map(|d| d.labels).unwrap_or_default();
        assert_eq!(labels, ["No", "Yes"]);
        assert_eq!(first.log.items.len(), 1);
        assert_eq!(first.log.items[0].kind, LogKind::TurnHeader);
        assert_eq!(
            first.events.items[0].text.as_deref(),
            Some(first.log.items[0].text.as_str()),
            "the debug tab's row reuses the log line"
        );
        assert!(!first.log.reset);
        let second = snapshots.snapshot(update(Vec::new(), true));
        assert_eq!(second.generation, 2);
        assert!(
            second.log.reset && second.events.reset,
            "a resync replaces the log"
        );
    }

    #[test]
    fn the_log_names_the_other_seat_once_the_seating_does() {
        let turn = |player| Event::TurnStarted {
            player: PlayerId(player),
            turn: 2,
        };
        let lines = |snapshots: &mut Snapshots| {
            let events = vec![
                turn(1),
                turn(0),
                Event::Conceded {
                    player: PlayerId(1),
                },
            ];
            let snapshot = snapshots.snapshot(update(events, false));
            snapshot
                .log
                .items
                .into_iter()
                .map(|line| line.text)
                .collect::<Vec<_>>()
        };
        let mut snapshots = Snapshots::new(faces());
        assert_eq!(
            lines(&mut snapshots),
            [
                "— Turn 2: Opponent —",
                "— Turn 2: You —",
                "Opponent conceded."
            ],
            "no seating yet"
        );
        snapshots.set_names(["Ann".to_owned(), "Bo".to_owned()]);
        assert_eq!(
            lines(&mut snapshots),
            ["— Turn 2: Bo —", "— Turn 2: You —", "Bo conceded."]
        );
    }

    #[test]
    fn a_card_that_entered_the_field_this_turn_is_noted() {
        let mut snapshots = Snapshots::new(faces());
        let entered = Event::Moved {
            card: CardRef(4),
            def: None,
            owner: PlayerId(0),
            controller: PlayerId(0),
            from: Zone::Hand,
            to: Zone::Field,
            cause: sve_engine::engine::MoveCause::Play,
            evolved: None,
        };
        let snapshot = snapshots.snapshot(update(vec![entered], false));
        let note = snapshot.notes.iter().find(|(card, _)| *card == CardRef(4));
        assert_eq!(note.map(|(_, n)| n.entered_this_turn), Some(true));
        let next_turn = Event::TurnStarted {
            player: PlayerId(1),
            turn: 2,
        };
        let snapshot = snapshots.snapshot(update(vec![next_turn], false));
        let note = snapshot.notes.iter().find(|(card, _)| *card == CardRef(4));
        assert_eq!(note.map(|(_, n)| n.entered_this_turn), Some(false));
    }

    #[test]
    fn the_servers_inspector_data_and_pending_abilities_are_worded() {
        let s = Board::builder()
            .side(PlayerId(0), Side::new().field(["Warden"]))
            .build();
        let data = inspect_cards(s.game.state(), s.game.db(), Sight::public());
        let db = starter_db().expect("bundled card data");
        let mut snapshots =
            Snapshots::new(Faces(db.iter().map(|(_, def)| CardFace::of(def)).collect()));
        snapshots.set_names(["Ann".to_owned(), "Bo".to_owned()]);
        let fixture_db = crate::fixture::db();
        let side = crate::fixture::side(&fixture_db, "Arisa", 1);
        let update = Update {
            view: PlayerView {
                viewer: PlayerId(0),
                turn: 1,
                active: PlayerId(0),
                phase: Phase::Main,
                sides: [side.clone(), side],
                decision: None,
                outcome: None,
            },
            events: Vec::new(),
            decision_seq: 0,
            waiting_on: None,
            clocks: Clocks::default(),
            resync: false,
            pending: vec![PendingLine {
                controller: PlayerId(1),
                card: None,
                ability: "Grower: Grow".to_owned(),
            }],
            inspected: data.clone(),
        };
        let snapshot = snapshots.snapshot(update);
        assert_eq!(snapshot.pending, ["Bo: Grower: Grow"]);
        assert_eq!(snapshot.inspected.len(), data.len());
        let warden = snapshot
            .inspected
            .iter()
            .find(|c| c.name == "Warden")
            .expect("the Warden is worded");
        assert_eq!(
            inspect::keyword_label(&db, warden.keywords[0].keyword),
            "Ward"
        );
        assert!(warden.source.is_none(), "no source online");
    }
}
