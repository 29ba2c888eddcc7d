//! What an online session does with the protocol, whatever carries its
//! frames: the request that enters the match and the one that takes a seat
//! back, the UI's commands as client messages, and the server's messages
//! as reports for the UI, each checked first (`cards.rs`).
//!
//! Nothing here waits or touches a socket: the desktop's network thread
//! (`worker.rs`, over `sve_net::client::Connection`) and the web page's
//! polled link (`page.rs`, over the browser's WebSocket) both drive a
//! [`Table`], so the two clients say the same things to the server and
//! take the same things from it.

use super::cards::{card_db, check_inspected, check_outcome, check_update, seat, shown_name};
use super::snapshot::Snapshots;
use super::{OnlineEntry, OnlineSettings, Report};
use crate::session::{Command, InspectedCard, Update};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::Sender;
use std::time::Duration;
use sve_engine::cards::{CardDb, DeclaredCounter, DeclaredTokenKind};
use sve_engine::engine::PlayerId;
use sve_net::client::text::Faces;
use sve_net::protocol::{
    CardFace, ClientMsg, KeywordFace, Opponent, RematchNews, Seating, ServerMsg,
};

/// How long opening a connection (TCP, WebSocket and hello) may take.
pub(super) const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// How long the server may take to send its card faces.
pub(super) const CARD_DATA_TIMEOUT: Duration = Duration::from_secs(30);

/// Reconnection attempts before giving up (about three minutes with the
/// back-off, longer than the server's default grace of two).
pub(super) const RECONNECT_ATTEMPTS: u32 = 60;

/// Reports for the UI, each followed by a repaint.
pub(super) struct Outbox {
    /// Where the UI's handle reads them.
    pub(super) reports: Sender<Report>,
    /// Wakes the UI.
    pub(super) repaint: Arc<dyn Fn() + Send + Sync>,
}

impl Outbox {
    /// Sends one report and wakes the UI.
    pub(super) fn report(&self, report: Report) {
        // A send fails only when the UI dropped the session; the next look
        // at the commands then stops the link.
        self.reports.send(report).ok();
        (self.repaint)();
    }

    /// A message for the match screen.
    pub(super) fn notice(&self, text: impl Into<String>) {
        self.report(Report::Match(Update::Notice(text.into())));
    }
}

/// Why serving a connection stopped.
#[derive(Debug)]
pub(super) enum Stop {
    /// The UI let go of the session.
    Shutdown,
    /// The session is over, for this reason (for the player).
    Closed(String),
    /// The connection dropped for this reason; it may be taken back.
    Lost(String),
}

/// One online session's state of play, between the transport and the UI.
pub(super) struct Table {
    settings: OnlineSettings,
    out: Outbox,
    /// The server's card faces as a database, once they arrived.
    cards: Option<Arc<CardDb>>,
    /// Set once the card faces arrived.
    snapshots: Option<Snapshots>,
    /// Where this connection sits, once seated.
    seating: Option<Seating>,
    /// A reconnect (or a new spectate) was sent and its seating has not
    /// come yet: a failure now ends the session.
    rejoining: bool,
    /// The server said the match is over.
    over: bool,
    /// The `decision_seq` of the latest update, when it asks this seat.
    pending_seq: Option<u32>,
    /// The generation last answered (a double click is sent once).
    answered: Option<u64>,
    /// Where the replay the server is asked for goes.
    replay_to: Option<PathBuf>,
    /// The page's own bot, when the test hook's autoplay is on.
    #[cfg(any(test, feature = "page-test-hook"))]
    autoplay: Autoplay,
}

/// The test hook's autoplay (`test_hook.rs`): the `greedy` client bot
/// answering this seat's decisions from what the server sent it.
#[cfg(any(test, feature = "page-test-hook"))]
#[derive(Default)]
struct Autoplay {
    /// Autoplay is on.
    on: bool,
    /// The bot, once the card faces came.
    bot: Option<sve_net::client::greedy::GreedyAnswers>,
    /// Its picks for the latest update's decision, not sent yet.
    picks: Option<Vec<u32>>,
}

impl Table {
    /// A session that has not connected yet.
    pub(super) fn new(settings: OnlineSettings, out: Outbox) -> Table {
        Table {
            settings,
            out,
            cards: None,
            snapshots: None,
            seating: None,
            rejoining: false,
            over: false,
            pending_seq: None,
            answered: None,
            replay_to: None,
            #[cfg(any(test, feature = "page-test-hook"))]
            autoplay: Autoplay::default(),
        }
    }

    /// Makes this session answer its own decisions (the test hook's
    /// autoplay), from the card faces on.
    #[cfg(any(test, feature = "page-test-hook"))]
    pub(super) fn set_autoplay(&mut self) {
        self.autoplay.on = true;
    }

    /// The answer autoplay chose for the decision pending now, as the
    /// board's click would send it; `None` when it has none to send.
    #[cfg(any(test, feature = "page-test-hook"))]
    pub(super) fn autoplay_answer(&mut self) -> Option<Command> {
        let picks = self.autoplay.picks.take()?;
        let generation = self.snapshots.as_ref()?.generation();
        let seat = self.seating.as_ref()?.seat?;
        Some(Command::Answer {
            generation,
            player: PlayerId(seat),
            picks: picks
                .into_iter()
                .map(|pick| usize::try_from(pick).unwrap_or(usize::MAX))
                .collect(),
        })
    }

    /// What the session started from.
    pub(super) fn settings(&self) -> &OnlineSettings {
        &self.settings
    }

    /// The UI's end of the reports.
    pub(super) fn out(&self) -> &Outbox {
        &self.out
    }

    /// Builds the card database from the server's card faces and tells
    /// the UI; `Err` closes the session (faces this client can't use).
    pub(super) fn card_data(
        &mut self,
        faces: Vec<CardFace>,
        keywords: &[KeywordFace],
        counters: &[DeclaredCounter],
        token_kinds: &[DeclaredTokenKind],
    ) -> Result<(), Stop> {
        let db = Arc::new(
            card_db(&faces, keywords, counters, token_kinds)
                .map_err(|reason| Stop::Closed(capitalized(&reason)))?,
        );
        self.cards = Some(Arc::clone(&db));
        self.out.report(Report::Cards(db));
        #[cfg(any(test, feature = "page-test-hook"))]
        if self.autoplay.on {
            self.autoplay.bot = Some(sve_net::client::greedy::GreedyAnswers::new(
                1,
                Faces(faces.clone()),
            ));
        }
        self.snapshots = Some(Snapshots::new(Faces(faces)));
        Ok(())
    }

    /// The request that enters the match.
    pub(super) fn entry_request(&self) -> ClientMsg {
        let deck = self.settings.deck.clone();
        match &self.settings.entry {
            OnlineEntry::CreateTable => ClientMsg::CreateTable {
                deck,
                opponent: Opponent::Human,
                clock: self.settings.clock,
            },
            OnlineEntry::VsServerBot(kind) => ClientMsg::CreateTable {
                deck,
                opponent: Opponent::Bot {
                    kind: crate::match_view::bot_name(*kind).to_owned(),
                    deck: None,
                },
                clock: self.settings.clock,
            },
            OnlineEntry::Join(code) => ClientMsg::JoinTable {
                code: code.trim().to_owned(),
                deck,
            },
            OnlineEntry::QuickMatch => ClientMsg::QuickMatch { deck },
            OnlineEntry::Spectate(code) => ClientMsg::Spectate {
                code: code.trim().to_owned(),
            },
            OnlineEntry::Reconnect { token, .. } => ClientMsg::Reconnect {
                token: token.clone(),
            },
        }
    }

    /// Whether a lost connection can be taken back: seated at a running
    /// match.
    pub(super) fn can_rejoin(&self) -> bool {
        self.seating.is_some() && !self.over
    }

    /// The request that takes the seat back (or watches again).
    pub(super) fn rejoin_request(&self) -> Option<ClientMsg> {
        let seating = self.seating.as_ref()?;
        Some(match &seating.token {
            Some(token) => ClientMsg::Reconnect {
                token: token.clone(),
            },
            None => ClientMsg::Spectate {
                code: seating.code.clone(),
            },
        })
    }

    /// The rejoin request went out on a new connection: until its seating
    /// comes, a failure ends the session, and no decision is pending.
    pub(super) fn rejoined(&mut self) {
        self.rejoining = true;
        self.pending_seq = None;
    }

    /// One command from the UI: the message for the server, if any.
    pub(super) fn command(&mut self, command: Command) -> Result<Option<ClientMsg>, Stop> {
        Ok(Some(match command {
            Command::Answer {
                generation, picks, ..
            } => {
                let current = self.snapshots.as_ref().map(Snapshots::generation);
                let Some(seq) = self.pending_seq.filter(|_| current == Some(generation)) else {
                    // Made for a picture that is gone: the match moved on.
                    return Ok(None);
                };
                if self.answered == Some(generation) {
                    return Ok(None);
                }
                self.answered = Some(generation);
                ClientMsg::Answer {
                    seq,
                    picks: picks
                        .into_iter()
                        .map(|pick| u32::try_from(pick).unwrap_or(u32::MAX))
                        .collect(),
                }
            }
            Command::Concede(_) => ClientMsg::Concede,
            // One card at a time: the one the inspector shows.
            Command::Inspect(card) => ClientMsg::Inspect { cards: vec![card] },
            Command::Rematch => ClientMsg::Rematch,
            Command::SaveReplay(path) => {
                let Some(token) = self.seating.as_ref().and_then(|s| s.token.clone()) else {
                    self.out
                        .notice("Only the match's players can download its replay.");
                    return Ok(None);
                };
                self.replay_to = Some(path);
                ClientMsg::Replay { token }
            }
            Command::Undo
            | Command::Replay(_)
            | Command::Sandbox(_)
            | Command::SaveScenario
            | Command::SaveBugReport => {
                self.out.notice("That is only available in a local match.");
                return Ok(None);
            }
            // The server paces its bots; the screen's animations can't.
            Command::Pace(_) => return Ok(None),
            Command::Shutdown => return Err(Stop::Shutdown),
        }))
    }

    /// One message from the server.
    pub(super) fn message(&mut self, msg: ServerMsg) -> Result<(), Stop> {
        match msg {
            ServerMsg::TableOpen { code } => self.out.report(Report::TableOpen(code)),
            ServerMsg::Queued => self.out.report(Report::Queued),
            ServerMsg::Seated(mut seating) => {
                // Untrusted text, shown on the board and in the log.
                seating.names = seating.names.each_ref().map(|name| shown_name(name));
                if let Some(number) = seating.seat {
                    seat(PlayerId(number), "seat of this connection").map_err(protocol)?;
                }
                self.rejoining = false;
                // A new table's seating is a rematch: a match to play.
                let rematch = self
                    .seating
                    .as_ref()
                    .is_some_and(|old| old.code != seating.code);
                if rematch {
                    self.over = false;
                }
                if let Some(snapshots) = &mut self.snapshots {
                    snapshots.set_names(seating.names.clone());
                }
                self.seating = Some((*seating).clone());
                self.out.report(Report::Seated(seating));
            }
            ServerMsg::Update(update) => {
                let (Some(snapshots), Some(cards)) = (&mut self.snapshots, &self.cards) else {
                    return Err(protocol("an update came before the card data".to_owned()));
                };
                if self.seating.is_none() {
                    return Err(protocol("an update came before the seating".to_owned()));
                }
                check_update(&update, cards).map_err(protocol)?;
                self.pending_seq = update.view.decision.as_ref().map(|_| update.decision_seq);
                self.answered = None;
                #[cfg(any(test, feature = "page-test-hook"))]
                if let Some(bot) = &mut self.autoplay.bot {
                    self.autoplay.picks = update
                        .view
                        .decision
                        .is_some()
                        .then(|| bot.pick(&update.view));
                }
                let snapshot = snapshots.snapshot(*update);
                self.out
                    .report(Report::Match(Update::Snapshot(Box::new(snapshot))));
            }
            ServerMsg::Rejected { reason } => {
                self.answered = None;
                self.out
                    .notice(format!("The server did not take that answer: {reason}"));
            }
            ServerMsg::Presence {
                seat: number,
                connected,
                grace_ms,
            } => {
                let player = PlayerId(number);
                seat(player, "seat whose connection changed").map_err(protocol)?;
                self.out.report(Report::Presence {
                    seat: player,
                    connected,
                    grace: Duration::from_millis(grace_ms),
                });
            }
            ServerMsg::Notice { text } => self.out.notice(text),
            ServerMsg::GameOver { outcome } => {
                check_outcome(outcome).map_err(protocol)?;
                self.over = true;
                self.out.report(Report::GameOver);
            }
            ServerMsg::DeckRefused { reasons } => {
                return Err(Stop::Closed(format!(
                    "The server refused your deck:\n{}",
                    reasons.join("\n")
                )));
            }
            ServerMsg::Failed { reason } => {
                if let (OnlineEntry::Reconnect { code, .. }, None) =
                    (&self.settings.entry, &self.seating)
                {
                    return Err(Stop::Closed(format!(
                        "Your seat at table {code} could not be taken back: {reason}."
                    )));
                }
                if self.rejoining || self.seating.is_none() {
                    return Err(Stop::Closed(capitalized(&reason)));
                }
                self.out.notice(capitalized(&reason));
            }
            ServerMsg::Replay { bytes } => self.save_replay(&bytes),
            ServerMsg::Refused { reason } => {
                return Err(Stop::Closed(format!(
                    "The server closed the connection: {reason}"
                )));
            }
            ServerMsg::Inspected { cards } => {
                let Some(known) = &self.cards else {
                    return Err(protocol(
                        "inspected cards came before the card data".to_owned(),
                    ));
                };
                check_inspected(&cards, known).map_err(protocol)?;
                let cards = cards.into_iter().map(InspectedCard::from).collect();
                self.out.report(Report::Match(Update::Inspected(cards)));
            }
            ServerMsg::Rematch(news) => self.out.notice(match news {
                RematchNews::Waiting => "Rematch offered; waiting for your opponent.".to_owned(),
                RematchNews::Offered { by } => format!("{by} offers a rematch."),
                RematchNews::Declined { reason } => format!("No rematch: {reason}."),
            }),
            ServerMsg::Welcome { .. } | ServerMsg::CardData { .. } | ServerMsg::Pong { .. } => {}
            // The transport hands patches on as whole updates.
            ServerMsg::Patch(_) => {
                return Err(protocol(
                    "a view patch the connection did not apply".to_owned(),
                ));
            }
        }
        Ok(())
    }

    fn save_replay(&mut self, bytes: &[u8]) {
        let Some(path) = self.replay_to.take() else {
            return;
        };
        let notice = match crate::session::replay_file::keep(&path, bytes) {
            Ok(kept) => format!("Replay saved to {kept}"),
            Err(why) => why,
        };
        self.out.notice(notice);
    }
}

/// The pause before reconnection attempt `attempt` (from 1): 250 ms,
/// doubling up to 4 s.
pub(super) fn backoff(attempt: u32) -> Duration {
    let doublings = attempt.saturating_sub(1).min(4);
    Duration::from_millis(250 << doublings)
}

/// A frame that breaks the protocol ends the session.
pub(super) fn protocol(reason: String) -> Stop {
    tracing::warn!("bad message from the server: {reason}");
    Stop::Closed(format!(
        "The server sent a message this client can't use ({reason})."
    ))
}

/// `text` with its first letter in upper case (the server's reasons are
/// lower-case fragments; the screen shows sentences).
pub(super) fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_grows_to_four_seconds() {
        assert_eq!(backoff(1), Duration::from_millis(250));
        assert_eq!(backoff(2), Duration::from_millis(500));
        assert_eq!(backoff(5), Duration::from_secs(4));
        assert_eq!(backoff(60), Duration::from_secs(4));
    }

    #[test]
    fn reasons_read_as_sentences() {
        assert_eq!(capitalized("no table waits"), "No table waits");
        assert_eq!(capitalized(""), "");
    }
}
