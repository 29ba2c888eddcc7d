//! The table's journal: in a cluster, a match is written to a journal
//! (its start, then its answers, concession and clocks after each change)
//! under a lease, so that another server can take it up. Here: claiming
//! the lease and journaling the start ([`Table::open`]), journaling each
//! change before the viewers see it ([`Table::settle`]), stopping when the
//! lease is lost ([`Table::stop`]), and rebuilding a table from another
//! server's journal ([`Table::restore`]). The journal's storage and lease
//! are `server/remote`'s; the match itself is the parent module's.

use super::{BOT_THINK_LIMIT, Player, RECENT_EVENTS, Seat, Table, TableCmd};
use crate::cluster::records::{JournalEntry, StartRecord};
use crate::feed::{SeatFeed, Viewer};
use crate::server::lobby::{Lobby, Outgoing};
use crate::server::remote::Journal;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;
use sve_engine::bot::BotKind;
use sve_engine::engine::PlayerId;
use sve_engine::replay::Replay;
use tokio::sync::mpsc;
use tokio::time::Instant;

impl Table {
    /// A match rebuilt from its journal (`entries` after the start, whose
    /// last sequence is `last`), after its owner stopped renewing its
    /// lease, which this server now holds at `revision`.
    pub(crate) fn restore(
        lobby: Arc<Lobby>,
        code: String,
        start: &StartRecord,
        entries: &[JournalEntry],
        journal: Journal,
        commands: mpsc::Sender<TableCmd>,
    ) -> Result<Table, String> {
        let mut answers = Vec::new();
        let mut conceded = None;
        let mut time_left = [None, None];
        for entry in entries {
            match entry {
                JournalEntry::Start(_) => return Err("the journal starts twice".into()),
                JournalEntry::Moves {
                    answers: more,
                    time_left_ms,
                    conceded: gave_up,
                } => {
                    answers.extend(more.iter().cloned());
                    time_left = *time_left_ms;
                    conceded = conceded.or(*gave_up);
                }
                JournalEntry::Takeover { .. } => {}
            }
        }
        let replay = Replay {
            seed: start.seed,
            decks: start.decks.clone(),
            card_fingerprint: start.card_fingerprint,
            answers: answers.clone(),
            log_hash: 0,
            conceded,
            reloads: Vec::new(),
            // Only played here, to rebuild the match: nobody reads them.
            seats: Default::default(),
            sandbox: Vec::new(),
            bases: start.bases,
            fingerprint_with_text: false,
        };
        let config = &lobby.config;
        let (game, log) = replay
            .play(Arc::clone(&config.db), Arc::clone(&config.runner))
            .map_err(|err| format!("the journal does not replay here: {err}"))?;
        let now = Instant::now();
        let seats = [0u8, 1].map(|seat| {
            let i = usize::from(seat);
            let player = match start.bots[i].as_deref().map(BotKind::from_str) {
                Some(Ok(kind)) => Player::Bot(kind.build_within(
                    start.seed.wrapping_add(u64::from(seat) + 1),
                    BOT_THINK_LIMIT,
                )),
                // An unknown bot kind can't come from a server of this
                // version; the seat waits like an absent player's.
                _ => Player::Human {
                    conn: None,
                    away_since: Some(now),
                },
            };
            let mut feed = SeatFeed::new(Viewer::Seat(PlayerId(seat)));
            let shown = feed.events(&log);
            let skip = shown.len().saturating_sub(RECENT_EVENTS);
            Seat {
                name: start.names[i].clone(),
                token: start.tokens[i].clone(),
                player,
                feed,
                recent: shown.into_iter().skip(skip).collect(),
                time_left: time_left[i]
                    .or(start.clock.per_match_ms)
                    .map(Duration::from_millis),
                inspecting: Vec::new(),
                sent: crate::patch::Sent::new(),
                held: super::Held::default(),
            }
        });
        let bot_kinds = start
            .bots
            .each_ref()
            .map(|b| b.as_deref().and_then(|k| BotKind::from_str(k).ok()));
        Ok(Table {
            code,
            seed: start.seed,
            decks: start.decks.clone(),
            bases: start.bases,
            bot_kinds,
            seats,
            watchers: Vec::new(),
            clock: start.clock,
            seq: u32::try_from(answers.len()).unwrap_or(u32::MAX),
            asked_at: now,
            answers,
            answered_by: None,
            flush_held: false,
            log,
            conceded,
            dirty: true,
            commands,
            journal: Some(journal),
            restored: true,
            game,
            lobby,
        })
    }

    /// In a cluster: claims the match's lease and journals its start (or,
    /// restored, takes up the journal where it is), and starts taking
    /// commands from other servers.
    pub(super) async fn open(&mut self) -> Result<(), String> {
        if self.journal.is_none() {
            return Ok(());
        }
        if !self.restored {
            let start = StartRecord {
                seed: self.seed,
                decks: self.decks.clone(),
                card_fingerprint: self.game.db().fingerprint(),
                names: self.names(),
                tokens: [self.seats[0].token.clone(), self.seats[1].token.clone()],
                bots: self.bot_kinds.map(|k| k.map(|k| format!("{k:?}"))),
                clock: self.clock,
                bases: self.bases,
            };
            if let Some(journal) = &mut self.journal {
                journal.start(&start).await?;
            }
        }
        match &self.journal {
            Some(journal) => journal.serve(self.commands.clone()).await,
            None => Ok(()),
        }
    }

    /// Journals what is new, then sends it; `false` when the table must
    /// stop (it lost the match to another server).
    pub(super) async fn settle(&mut self) -> bool {
        if let Some(journal) = &mut self.journal {
            let time_left = [0, 1].map(|seat: usize| {
                self.seats[seat]
                    .time_left
                    .map(|left| left.as_millis() as u64)
            });
            if let Err(err) = journal
                .record(&self.answers, self.conceded, time_left)
                .await
            {
                tracing::warn!("table {}: {err}; it stops here", self.code);
                self.stop();
                return false;
            }
        }
        if self.dirty {
            self.dirty = false;
            self.publish(false);
        }
        true
    }

    /// Stops without finishing: every connection is told to come back
    /// with its seat token, which leads to the match's new owner.
    pub(super) fn stop(&mut self) {
        let reason = "this match moved to another server; reconnect with your seat token";
        for seat in &self.seats {
            if let Player::Human {
                conn: Some((_, out)),
                ..
            } = &seat.player
            {
                let _ = out.try_send(Outgoing::Close(reason.into()));
            }
        }
        for watcher in &self.watchers {
            let _ = watcher.out.try_send(Outgoing::Close(reason.into()));
        }
        if let Some(journal) = &self.journal {
            journal.disown();
        }
        self.lobby.abandoned(&self.code);
    }
}
