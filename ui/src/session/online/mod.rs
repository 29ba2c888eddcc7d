//! An online match: the server plays it, this session is the client's end.
//!
//! On the desktop an [`OnlineSession`] owns one thread with its own
//! current-thread tokio runtime, and that thread owns the
//! `sve_net::client::Connection` (`worker.rs`). A web page has no threads:
//! there the session holds a link the UI steps once per frame over the
//! browser's WebSocket (`page.rs`, `browser_socket.rs`). Both drive the same
//! protocol state (`table.rs`), which turns the server's `Update`s into the same
//! [`Snapshot`](super::Snapshot)s a local match sends (`snapshot.rs`), plus
//! the clocks' reading a local match lacks, so the board draws an online
//! match as it draws a local one, and it turns the board's answers into
//! `ClientMsg::Answer { seq, picks }`. The UI talks to
//! it with the local session's [`Command`]s and reads the same
//! [`Update`]s, plus an [`OnlineStatus`]: the connection, the table code,
//! the seating, who is away.
//!
//! Card faces: the client needs none of the server's packs. Right after the
//! hello the session asks `ClientMsg::CardData` and builds a card database
//! of faces without abilities, in the server's order, so the definition
//! numbers in views index it as they index the server's (`cards.rs`).
//! Card numbers (`CardRef`) are the server's per-viewer opaque numbers
//! (`sve_net::feed`); the board only compares them.
//!
//! **Architecture Invariant:** nothing the server sends reaches the UI
//! unchecked. A frame is hostile until `cards::check_update` has found
//! every seat a real seat and every definition one of the faces; one that
//! isn't ends the session with the reason.
//!
//! Reconnecting: a player who loses the connection gets it back
//! automatically with the seat token from `ServerMsg::Seated`
//! (`ClientMsg::Reconnect`); a spectator asks to watch again.

#[cfg(target_arch = "wasm32")]
mod browser_socket;
mod cards;
pub mod held_seat;
#[cfg(any(target_arch = "wasm32", test))]
mod page;
mod snapshot;
#[cfg(any(target_arch = "wasm32", test))]
mod socket;
mod table;
#[cfg(feature = "page-test-hook")]
pub mod test_hook;
#[cfg(all(test, feature = "desktop"))]
mod thread_socket;
#[cfg(feature = "desktop")]
mod worker;

use super::{Command, Update};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;
use sve_engine::bot::BotKind;
use sve_engine::cards::CardDb;
use sve_engine::engine::PlayerId;
use sve_net::protocol::{ClockSpec, Seating};
#[cfg(not(target_arch = "wasm32"))]
use tokio::sync::mpsc::UnboundedReceiver;
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};
use web_time::Instant;

/// The server's address the Play online screen starts with (`sve serve`'s
/// default).
pub const DEFAULT_SERVER: &str = "ws://127.0.0.1:7878/";

/// How to get to a match on the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineEntry {
    /// Open a table for another player, who joins with its code.
    CreateTable,
    /// Open a table against one of the server's bots.
    VsServerBot(BotKind),
    /// Sit at a waiting table.
    Join(String),
    /// Wait in the quick-match queue for anyone.
    QuickMatch,
    /// Watch a running table.
    Spectate(String),
    /// Take back a seat at a running table with its seat token (a web
    /// page that reloaded, `held_seat.rs`).
    Reconnect {
        /// The table's code.
        code: String,
        /// The seat token the server gave with the seating.
        token: String,
    },
}

/// Everything an online session starts from.
#[derive(Clone, Debug)]
pub struct OnlineSettings {
    /// The server (`ws://host:port/`).
    pub url: String,
    /// The player's display name.
    pub name: String,
    /// The deck as deck-file text (unused when spectating); the server
    /// checks it.
    pub deck: String,
    /// How to get to a match.
    pub entry: OnlineEntry,
    /// The time limits of a table this session opens
    /// ([`OnlineEntry::CreateTable`], [`OnlineEntry::VsServerBot`]); a
    /// table joined or watched has its opener's, a quick match none.
    pub clock: ClockSpec,
}

/// The state of the link to the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkState {
    /// Opening the connection.
    Connecting,
    /// Connected to this server (its name from the welcome).
    Connected {
        /// The server's name and version.
        server: String,
    },
    /// The connection dropped; trying again.
    Reconnecting {
        /// The attempt under way, from 1.
        attempt: u32,
        /// Why the last connection ended.
        reason: String,
    },
    /// The session is over: the connection closed and will not come back.
    Closed {
        /// Why, for the player.
        reason: String,
    },
}

/// What the session knows besides the match itself.
#[derive(Clone, Debug)]
pub struct OnlineStatus {
    /// The server's address (`ws://host:port/`).
    pub server: String,
    /// The link to the server.
    pub link: LinkState,
    /// The server's card faces as a database, once they arrived.
    pub cards: Option<Arc<CardDb>>,
    /// The code of the table opened for another player to join.
    pub table_code: Option<String>,
    /// Waiting in the quick-match queue.
    pub queued: bool,
    /// Where this connection sits, once the match started.
    pub seating: Option<Seating>,
    /// Per seat: when an absent player concedes unless they come back.
    pub away_until: [Option<Instant>; 2],
    /// The server said the match is over.
    pub over: bool,
}

impl OnlineStatus {
    fn new(server: &str) -> OnlineStatus {
        OnlineStatus {
            server: server.trim().to_owned(),
            link: LinkState::Connecting,
            cards: None,
            table_code: None,
            queued: false,
            seating: None,
            away_until: [None, None],
            over: false,
        }
    }

    /// The seat played at this screen (`None` when watching or not seated).
    pub fn seat(&self) -> Option<PlayerId> {
        self.seating.as_ref()?.seat.map(PlayerId)
    }

    /// Time left before an absent `seat` concedes, if they are away.
    pub fn away_left(&self, seat: PlayerId, now: Instant) -> Option<Duration> {
        let until = (*self.away_until.get(seat.idx())?)?;
        Some(until.saturating_duration_since(now))
    }
}

/// What the session's link tells its handle.
#[derive(Debug)]
enum Report {
    /// The link changed.
    Link(LinkState),
    /// The card faces, as a database.
    Cards(Arc<CardDb>),
    /// A table is open with this code.
    TableOpen(String),
    /// In the quick-match queue.
    Queued,
    /// Seated at a match (also after reconnecting).
    Seated(Box<Seating>),
    /// A seat's connection came or went.
    Presence {
        /// The seat (checked: 0 or 1).
        seat: PlayerId,
        /// Connected now.
        connected: bool,
        /// Grace left before an absent player concedes.
        grace: Duration,
    },
    /// The server said the match is over.
    GameOver,
    /// Something for the match screen, as a local match would send it.
    Match(Update),
}

/// The UI's handle on an online session.
#[derive(Debug)]
pub struct OnlineSession {
    commands: UnboundedSender<Command>,
    reports: Receiver<Report>,
    status: OnlineStatus,
    /// Match updates taken in but not yet polled.
    unpolled: Vec<Update>,
    /// The thread has stopped and that has been taken in.
    thread_gone: bool,
    /// The link the UI steps (a web page's; the desktop's runs on its own
    /// thread).
    #[cfg(any(target_arch = "wasm32", test))]
    page: Option<Box<page::PageLink>>,
}

impl OnlineSession {
    /// Starts the session: it connects, asks for the card faces and
    /// enters the match as `settings` say. `repaint` is called after every
    /// report. On the desktop a thread of its own does this; in a web page
    /// the UI's calls to [`pump`](Self::pump) do, over the browser's
    /// WebSocket.
    pub fn start(
        settings: OnlineSettings,
        repaint: impl Fn() + Send + Sync + 'static,
    ) -> OnlineSession {
        #[cfg(target_arch = "wasm32")]
        {
            #[cfg(feature = "page-test-hook")]
            let autoplay = test_hook::autoplay();
            #[cfg(not(feature = "page-test-hook"))]
            let autoplay = false;
            OnlineSession::polled(
                settings,
                Arc::new(repaint),
                Box::new(browser_socket::BrowserTransport),
                autoplay,
            )
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            OnlineSession::threaded(settings, Arc::new(repaint))
        }
    }

    /// The session's network thread (`worker.rs`); without the `desktop`
    /// feature a native build has none and the session closes at once.
    #[cfg(not(target_arch = "wasm32"))]
    fn threaded(settings: OnlineSettings, repaint: Arc<dyn Fn() + Send + Sync>) -> OnlineSession {
        let (command_tx, command_rx) = unbounded_channel();
        let (report_tx, report_rx) = mpsc::channel();
        let status = OnlineStatus::new(&settings.url);
        let linked = link(settings, command_rx, report_tx, repaint);
        let mut session = OnlineSession {
            commands: command_tx,
            reports: report_rx,
            status,
            unpolled: Vec::new(),
            thread_gone: false,
            #[cfg(test)]
            page: None,
        };
        if let Err(reason) = linked {
            session.thread_gone = true;
            session.status.link = LinkState::Closed { reason };
        }
        session
    }

    /// A session whose link [`pump`](Self::pump) steps, over `transport`.
    /// With `autoplay` (a test build's hook, `test_hook.rs`) it answers its
    /// own decisions.
    #[cfg(any(target_arch = "wasm32", test))]
    #[cfg_attr(
        not(any(test, feature = "page-test-hook")),
        expect(unused_variables, reason = "autoplay is a test build's")
    )]
    fn polled(
        settings: OnlineSettings,
        repaint: Arc<dyn Fn() + Send + Sync>,
        transport: Box<dyn socket::Transport>,
        autoplay: bool,
    ) -> OnlineSession {
        let (command_tx, command_rx) = unbounded_channel();
        let (report_tx, report_rx) = mpsc::channel();
        let status = OnlineStatus::new(&settings.url);
        let out = table::Outbox {
            reports: report_tx,
            repaint: Arc::clone(&repaint),
        };
        #[cfg_attr(
            not(any(test, feature = "page-test-hook")),
            expect(unused_mut, reason = "autoplay is a test build's")
        )]
        let mut table = table::Table::new(settings, out);
        #[cfg(any(test, feature = "page-test-hook"))]
        if autoplay {
            table.set_autoplay();
        }
        let link = page::PageLink::start(table, command_rx, transport, repaint, Instant::now());
        let mut session = OnlineSession {
            commands: command_tx,
            reports: report_rx,
            status,
            unpolled: Vec::new(),
            thread_gone: false,
            page: Some(Box::new(link)),
        };
        session.pump();
        session
    }

    /// The session's state after the reports taken in so far.
    pub fn status(&self) -> &OnlineStatus {
        &self.status
    }

    /// Takes in every report that arrived: the status changes now, match
    /// updates wait for [`OnlineSession::poll`].
    pub fn pump(&mut self) {
        #[cfg(any(target_arch = "wasm32", test))]
        if let Some(link) = &mut self.page {
            link.step(Instant::now());
        }
        while !self.thread_gone {
            match self.reports.try_recv() {
                Ok(report) => self.take(report),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    self.thread_gone = true;
                    if !matches!(self.status.link, LinkState::Closed { .. }) {
                        self.take(Report::Link(LinkState::Closed {
                            reason: "The online session stopped unexpectedly.".to_owned(),
                        }));
                    }
                }
            }
        }
    }

    /// Every match update since the last call (after [`pump`](Self::pump)).
    pub fn poll(&mut self) -> Vec<Update> {
        self.pump();
        std::mem::take(&mut self.unpolled)
    }

    /// Sends a command. Answers, concessions and replay downloads go to the
    /// server; undo, sandbox tools, scenario and bug-report files are for
    /// local matches and are answered with a notice.
    pub fn send(&self, command: Command) {
        // A send fails only when the thread is gone; `pump` reports that.
        self.commands.send(command).ok();
    }

    fn take(&mut self, report: Report) {
        let status = &mut self.status;
        match report {
            Report::Link(link) => {
                if let (LinkState::Closed { reason }, Some(_)) = (&link, &status.seating) {
                    // The board stays up with the last picture; say why
                    // it stopped moving.
                    self.unpolled.push(Update::Notice(reason.clone()));
                }
                status.link = link;
            }
            Report::Cards(cards) => status.cards = Some(cards),
            Report::TableOpen(code) => status.table_code = Some(code),
            Report::Queued => status.queued = true,
            Report::Seated(seating) => {
                status.queued = false;
                let rematch = status
                    .seating
                    .as_ref()
                    .is_some_and(|old| old.code != seating.code);
                if rematch {
                    // The board starts over before the new match's first
                    // picture, which follows in this list.
                    status.over = false;
                    status.away_until = [None, None];
                    self.unpolled.push(Update::Rematched(seating.clone()));
                }
                status.seating = Some(*seating);
            }
            Report::Presence {
                seat,
                connected,
                grace,
            } => {
                if let Some(slot) = status.away_until.get_mut(seat.idx()) {
                    *slot = (!connected).then(|| Instant::now() + grace);
                }
            }
            Report::GameOver => {
                status.over = true;
                status.away_until = [None, None];
            }
            Report::Match(update) => self.unpolled.push(update),
        }
    }
}

/// Starts the session's thread, which owns the connection (`worker.rs`);
/// `Err` says why it could not start.
#[cfg(feature = "desktop")]
fn link(
    settings: OnlineSettings,
    commands: UnboundedReceiver<Command>,
    reports: mpsc::Sender<Report>,
    repaint: Arc<dyn Fn() + Send + Sync>,
) -> Result<(), String> {
    std::thread::Builder::new()
        .name("sve-online".to_owned())
        .spawn(move || worker::run(settings, commands, reports, repaint))
        .map(drop)
        .map_err(|err| {
            tracing::error!("cannot start the online thread: {err}");
            format!("The client could not start its network thread: {err}")
        })
}

/// A native build without the `desktop` feature has no network client
/// (the page's link is the browser's): its session closes at once.
#[cfg(all(not(feature = "desktop"), not(target_arch = "wasm32")))]
fn link(
    _settings: OnlineSettings,
    _commands: UnboundedReceiver<Command>,
    _reports: mpsc::Sender<Report>,
    _repaint: Arc<dyn Fn() + Send + Sync>,
) -> Result<(), String> {
    Err(
        "This build of the client has no network client; build it with the desktop feature."
            .to_owned(),
    )
}

impl Drop for OnlineSession {
    fn drop(&mut self) {
        // The link leaves the table (a running match is conceded) and
        // closes the connection; the UI does not wait for it.
        self.commands.send(Command::Shutdown).ok();
        #[cfg(any(target_arch = "wasm32", test))]
        if let Some(link) = &mut self.page {
            link.step(Instant::now());
        }
    }
}
