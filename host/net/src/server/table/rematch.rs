//! After a match: its table stays a while to take rematch offers.
//!
//! Each player may offer a rematch ([`TableCmd::Rematch`]); against a
//! server bot the offer is taken at once, between two players once both
//! offered. The rematch is a new match through the lobby's path for a
//! fresh table ([`Lobby::rematch`]): a new code, the same decks, the
//! seats swapped and fresh seat tokens. In a cluster the finished table
//! still hears relayed commands (its subscription lives as long as the
//! table), and the new table starts on the same server, so the other
//! servers' connections follow it from its `Seated` message.
//!
//! A player who leaves, disconnects or starts something else declines
//! ([`TableCmd::Detach`]): the other player is told and the table ends.
//! So it does when an offer finds the other player gone, and when the
//! offers run out ([`REMATCH_WINDOW`]), telling both.

use super::{Player, Table, TableCmd, sleep_until};
use crate::protocol::{RematchNews, ServerMsg};
use crate::server::lobby::{Entrant, ReadyDeck, Sitter};
use sve_engine::decks::resolve;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// How long a finished table waits for rematch offers.
pub(crate) const REMATCH_WINDOW: std::time::Duration = std::time::Duration::from_secs(300);

impl Table {
    /// Takes rematch offers until a rematch starts, nobody is left to
    /// offer, or the window closes; then the lobby forgets the table.
    pub(super) async fn after_match(&mut self, commands: &mut mpsc::Receiver<TableCmd>) {
        self.take_offers(commands).await;
        self.lobby.retired(&self.code);
    }

    async fn take_offers(&mut self, commands: &mut mpsc::Receiver<TableCmd>) {
        // A bot always wants another match.
        let mut offered = [0, 1].map(|seat| matches!(self.seats[seat].player, Player::Bot(_)));
        let deadline = Some(Instant::now() + REMATCH_WINDOW);
        while self.someone_present() {
            tokio::select! {
                cmd = commands.recv() => match cmd {
                    Some(TableCmd::Rematch { seat }) => {
                        let seat = usize::from(seat % 2);
                        let other = 1 - seat;
                        if !self.present(other) {
                            // Gone before the match ended.
                            let reason = format!("{} has left the table", self.seats[other].name);
                            return self.no_rematch(&[seat as u8], reason);
                        }
                        offered[seat] = true;
                        if offered[other] {
                            return self.start_rematch().await;
                        }
                        self.send_to(seat as u8, ServerMsg::Rematch(RematchNews::Waiting));
                        let by = self.seats[seat].name.clone();
                        self.send_to(other as u8, ServerMsg::Rematch(RematchNews::Offered { by }));
                    }
                    Some(TableCmd::Detach { seat, conn }) => {
                        let s = &mut self.seats[usize::from(seat % 2)];
                        if let Player::Human { conn: slot, .. } = &mut s.player
                            && slot.as_ref().is_some_and(|(c, _)| *c == conn)
                        {
                            *slot = None;
                            // No rematch without this player: the table ends.
                            let reason = format!("{} has left the table", s.name);
                            return self.no_rematch(&[1 - seat % 2], reason);
                        }
                    }
                    Some(TableCmd::Inspect { seat, conn, cards }) => self.inspect(seat, conn, cards),
                    Some(TableCmd::Unwatch { conn }) => self.watchers.retain(|w| w.conn != conn),
                    Some(TableCmd::Stop) | None => return,
                    // The match is over: nothing else applies.
                    Some(
                        TableCmd::Answer { .. }
                        | TableCmd::Concede { .. }
                        | TableCmd::Attach { .. }
                        | TableCmd::Watch { .. },
                    ) => {}
                },
                () = sleep_until(deadline) => {
                    return self.no_rematch(&[0, 1], "the rematch offer ran out".to_owned());
                }
            }
        }
    }

    /// Ends the offers: the lobby forgets the table first, so that an
    /// offer made after hearing the news is answered by the lobby, then
    /// `seats` are told why.
    fn no_rematch(&self, seats: &[u8], reason: String) {
        self.lobby.retired(&self.code);
        for seat in seats {
            let reason = reason.clone();
            self.send_to(*seat, ServerMsg::Rematch(RematchNews::Declined { reason }));
        }
    }

    /// Whether the seat's player can still take part in a rematch (a bot
    /// always can).
    fn present(&self, seat: usize) -> bool {
        match &self.seats[seat].player {
            Player::Human { conn, .. } => conn.is_some(),
            Player::Bot(_) => true,
        }
    }

    fn someone_present(&self) -> bool {
        self.seats
            .iter()
            .any(|s| matches!(&s.player, Player::Human { conn: Some(_), .. }))
    }

    /// Starts the rematch: the same decks, the seats swapped.
    async fn start_rematch(&mut self) {
        let mut sitters = Vec::with_capacity(2);
        for old_seat in [1, 0] {
            match self.sitter(old_seat) {
                Ok(sitter) => sitters.push(sitter),
                Err(reason) => return self.rematch_failed(reason),
            }
        }
        let Ok(sitters) = <[Sitter; 2]>::try_from(sitters) else {
            unreachable!("two seats make two sitters");
        };
        let guests: Vec<(u64, u8)> = sitters
            .iter()
            .enumerate()
            .filter_map(|(seat, s)| match s {
                Sitter::Human(entrant) => Some((entrant.conn, seat as u8)),
                Sitter::Bot { .. } => None,
            })
            .collect();
        match self.lobby.rematch(sitters).await {
            Ok((code, table)) => {
                tracing::info!("table {}: rematch at table {code}", self.code);
                if let Some(remote) = &self.lobby.remote {
                    for (conn, seat) in guests {
                        remote.rehome_guest(conn, &table, seat);
                    }
                }
            }
            Err(reason) => self.rematch_failed(reason),
        }
    }

    fn rematch_failed(&self, reason: String) {
        tracing::warn!("table {}: no rematch: {reason}", self.code);
        self.no_rematch(&[0, 1], format!("the rematch could not start: {reason}"));
    }

    /// Who sits in the rematch for the player of `seat`.
    fn sitter(&self, seat: usize) -> Result<Sitter, String> {
        let recorded = &self.decks[seat];
        let list = resolve(
            &recorded.as_deck_file(self.bases[seat]),
            &self.lobby.config.db,
        )
        .map_err(|_| format!("{}'s deck no longer resolves", self.seats[seat].name))?;
        let deck = ReadyDeck {
            title: recorded.name.clone(),
            list,
        };
        match (&self.seats[seat].player, self.bot_kinds[seat]) {
            (
                Player::Human {
                    conn: Some((conn, out)),
                    ..
                },
                _,
            ) => Ok(Sitter::Human(Entrant {
                conn: *conn,
                name: self.seats[seat].name.clone(),
                deck,
                out: out.clone(),
                clock: self.clock,
            })),
            (Player::Bot(_), Some(kind)) => Ok(Sitter::Bot { kind, deck }),
            _ => Err(format!("{} has left the table", self.seats[seat].name)),
        }
    }
}
