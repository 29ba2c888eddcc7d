//! A match's journal and lease, held by the table that runs it.

use super::{Owned, Remote};
use crate::cluster::records::{JournalEntry, RelayCmd, StartRecord, TokenRecord, decode};
use crate::cluster::{Cluster, ClusterError};
use crate::server::table::TableCmd;
use futures_util::StreamExt;
use std::sync::Arc;
use sve_engine::replay::RecordedAnswer;
use tokio::sync::mpsc;

/// A match's journal and lease, held by the table that runs it.
pub(crate) struct Journal {
    remote: Arc<Remote>,
    code: String,
    /// Sequence of the journal's last entry (0 before the start).
    last: u64,
    /// Answers journaled so far.
    written: usize,
    /// Whether the concession is journaled.
    conceded: bool,
    /// The lease's revision when it was claimed or taken over.
    revision: u64,
}

impl Journal {
    /// The journal of a new match, not yet started.
    pub fn new(remote: &Arc<Remote>, code: &str) -> Journal {
        Journal {
            remote: Arc::clone(remote),
            code: code.to_owned(),
            last: 0,
            written: 0,
            conceded: false,
            revision: 0,
        }
    }

    /// The journal of a match taken over, read up to `last`.
    pub(super) fn resumed(
        remote: &Arc<Remote>,
        code: &str,
        last: u64,
        moves: &[JournalEntry],
        revision: u64,
    ) -> Journal {
        let mut journal = Journal::new(remote, code);
        journal.last = last;
        journal.revision = revision;
        for entry in moves {
            if let JournalEntry::Moves {
                answers, conceded, ..
            } = entry
            {
                journal.written += answers.len();
                journal.conceded |= conceded.is_some();
            }
        }
        journal
    }

    fn cluster(&self) -> &Cluster {
        &self.remote.cluster
    }

    /// Claims the new match's lease, journals its start and records its
    /// seat tokens.
    pub async fn start(&mut self, start: &StartRecord) -> Result<(), String> {
        let error = |err: ClusterError| err.to_string();
        let code = self.code.clone();
        let Some(revision) = self.cluster().claim(&code).await.map_err(error)? else {
            return Err(format!("table code {code} is already in use"));
        };
        self.revision = revision;
        let entry = JournalEntry::Start(Box::new(start.clone()));
        self.last = self
            .cluster()
            .append(&code, &entry, 0)
            .await
            .map_err(error)?;
        for (seat, token) in start.tokens.iter().enumerate() {
            if let Some(token) = token {
                let record = TokenRecord {
                    code: code.clone(),
                    seat: seat as u8,
                };
                self.cluster()
                    .put_token(token, &record)
                    .await
                    .map_err(error)?;
            }
        }
        self.cluster().close_waiting(&code).await;
        Ok(())
    }

    /// Starts taking commands from other servers' connections and keeps
    /// the lease renewed.
    pub async fn serve(&self, table: mpsc::Sender<TableCmd>) -> Result<(), String> {
        let subject = self.cluster().table_subject(&self.code);
        let mut commands = self
            .cluster()
            .client()
            .subscribe(subject.clone())
            .await
            .map_err(|err| format!("can't subscribe to {subject}: {err}"))?;
        self.remote.owned().insert(
            self.code.clone(),
            Owned {
                revision: self.revision,
                table: table.clone(),
            },
        );
        let remote = Arc::clone(&self.remote);
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    message = commands.next() => {
                        let Some(message) = message else { break };
                        match decode::<RelayCmd>(&message.payload, "relayed command") {
                            Ok(cmd) => remote.forward(&table, cmd),
                            Err(err) => tracing::warn!("{err}"),
                        }
                    }
                    () = table.closed() => break,
                }
            }
            let _ = commands.unsubscribe().await;
        });
        Ok(())
    }

    /// Journals the answers after the last journaled one, and the
    /// concession if it is new.
    pub async fn record(
        &mut self,
        answers: &[RecordedAnswer],
        conceded: Option<u8>,
        time_left_ms: [Option<u64>; 2],
    ) -> Result<(), ClusterError> {
        let new_concession = conceded.is_some() && !self.conceded;
        if self.written >= answers.len() && !new_concession {
            return Ok(());
        }
        let entry = JournalEntry::Moves {
            answers: answers[self.written.min(answers.len())..].to_vec(),
            time_left_ms,
            conceded: conceded.filter(|_| new_concession),
        };
        let code = self.code.clone();
        self.last = self.cluster().append(&code, &entry, self.last).await?;
        self.written = answers.len();
        self.conceded |= new_concession;
        Ok(())
    }

    /// Stops renewing the lease (the table stops here).
    pub fn disown(&self) {
        self.remote.owned().remove(&self.code);
    }

    /// The match is over: its replay is kept for its players' tokens, its
    /// tokens and journal are dropped and its lease released.
    pub async fn finish(&self, tokens: &[String], replay: &[u8]) {
        for token in tokens {
            if let Err(err) = self.cluster().put_replay(token, replay).await {
                tracing::warn!("table {}: {err}", self.code);
            }
            self.cluster().drop_token(token).await;
        }
        self.cluster().purge_journal(&self.code).await;
        self.remote.owned().remove(&self.code);
        self.cluster().release(&self.code).await;
    }
}
