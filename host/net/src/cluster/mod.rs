//! Scale-out: several `sve serve --nats URL` processes sharing one NATS
//! server with JetStream (docs/online.md, "Several servers").
//!
//! This module is the cluster's storage and messaging, typed; it knows
//! nothing of lobbies or tables (`server/remote.rs` uses it):
//!
//! - **KV buckets** (`<ns>_leases`, `_tokens`, `_waiting`, `_queue`,
//!   `_replays`, `_servers`): who owns each running match (a [`Lease`]
//!   renewed by its owner and taken over by compare-and-swap once it
//!   lapses), where seat tokens lead, which server holds a table waiting
//!   for a player, the one player waiting for a quick match, finished
//!   matches' replays, and each server's heartbeat.
//! - **The journal stream** (`<NS>_JOURNAL`, subject `<ns>.journal.<code>`):
//!   each match's start and every answer, appended as they happen with an
//!   expected last sequence, so a server that lost its lease can't append
//!   after the one that took it.
//! - **Core subjects**: `<ns>.conn.<server>.<conn>` carries messages to a
//!   connection another server holds, `<ns>.table.<code>` commands to the
//!   match's owner, `<ns>.lobby.<server>` requests to a server's lobby.
//!
//! No broker or consensus of our own: ownership is the KV's
//! compare-and-swap, order is the stream's.

pub mod nats_server;
pub mod records;

use async_nats::jetstream::{self, kv, stream};
use bytes::Bytes;
use records::{
    JournalEntry, Lease, LobbyReply, LobbyRequest, QueueRecord, RelayCmd, RelayOut, TokenRecord,
    decode, encode,
};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// How a server joins a cluster.
#[derive(Clone, Debug)]
pub struct ClusterConfig {
    /// The NATS server, e.g. `nats://127.0.0.1:4222`.
    pub url: String,
    /// How long a match's lease lasts unless renewed: the time a match
    /// waits before another server takes it over from a dead owner.
    pub lease: Duration,
    /// Prefix of every bucket, stream and subject, so that several
    /// clusters can share one NATS server.
    pub namespace: String,
}

impl ClusterConfig {
    /// The defaults of `sve serve --nats URL`.
    pub fn new(url: impl Into<String>) -> ClusterConfig {
        ClusterConfig {
            url: url.into(),
            lease: Duration::from_secs(3),
            namespace: "sve".into(),
        }
    }
}

/// A cluster operation that failed.
#[derive(Debug, thiserror::Error)]
pub enum ClusterError {
    /// The NATS server could not be reached.
    #[error("can't connect to NATS at {url}: {reason}")]
    Connect {
        /// The URL.
        url: String,
        /// Why.
        reason: String,
    },
    /// A bucket, stream or subscription could not be set up or used.
    #[error("NATS: can't {what}: {reason}")]
    Nats {
        /// What was being done.
        what: String,
        /// Why.
        reason: String,
    },
    /// Another server appended to the match's journal: this one no longer
    /// owns it.
    #[error("the match's journal moved on without this server (it lost the match's lease)")]
    Fenced,
    /// A stored record could not be read.
    #[error("{0}")]
    Record(String),
}

fn nats(what: impl Into<String>) -> impl FnOnce(&dyn std::fmt::Display) -> ClusterError {
    let what = what.into();
    move |err| ClusterError::Nats {
        what,
        reason: err.to_string(),
    }
}

/// Unix time in milliseconds (leases compare wall clocks: keep the
/// servers' clocks in sync, as NTP does, well within a lease).
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// This server's handle on the cluster.
pub struct Cluster {
    id: String,
    ns: String,
    lease: Duration,
    client: async_nats::Client,
    js: jetstream::Context,
    leases: kv::Store,
    tokens: kv::Store,
    waiting: kv::Store,
    queue: kv::Store,
    replays: kv::Store,
    servers: kv::Store,
    journal: stream::Stream,
}

/// The quick-match queue's one key.
const QUEUE_KEY: &str = "next";

impl Cluster {
    /// Connects as server `id` and makes sure the buckets and the stream
    /// exist (creating them is idempotent: every server does it).
    pub async fn connect(config: &ClusterConfig, id: String) -> Result<Cluster, ClusterError> {
        let client = async_nats::ConnectOptions::new()
            .name(format!("sve serve {id}"))
            .connect(&config.url)
            .await
            .map_err(|err| ClusterError::Connect {
                url: config.url.clone(),
                reason: err.to_string(),
            })?;
        let js = jetstream::new(client.clone());
        let ns = config.namespace.clone();
        let bucket = |name: &str| {
            let js = js.clone();
            let bucket = format!("{ns}_{name}");
            async move {
                js.create_key_value(kv::Config {
                    bucket: bucket.clone(),
                    history: 1,
                    ..Default::default()
                })
                .await
                .map_err(|err| nats(format!("open the KV bucket {bucket}"))(&err))
            }
        };
        let leases = bucket("leases").await?;
        let tokens = bucket("tokens").await?;
        let waiting = bucket("waiting").await?;
        let queue = bucket("queue").await?;
        let replays = bucket("replays").await?;
        let servers = bucket("servers").await?;
        let name = format!("{}_JOURNAL", ns.to_ascii_uppercase());
        let journal = js
            .get_or_create_stream(stream::Config {
                name: name.clone(),
                subjects: vec![format!("{ns}.journal.>")],
                // Matches that ended are purged; this catches the rest.
                max_age: Duration::from_secs(7 * 24 * 3600),
                allow_direct: true,
                ..Default::default()
            })
            .await
            .map_err(|err| nats(format!("open the stream {name}"))(&err))?;
        Ok(Cluster {
            id,
            ns,
            lease: config.lease,
            client,
            js,
            leases,
            tokens,
            waiting,
            queue,
            replays,
            servers,
            journal,
        })
    }

    /// This server's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// How long a lease lasts.
    pub fn lease_time(&self) -> Duration {
        self.lease
    }

    /// The NATS client (for subscriptions).
    pub fn client(&self) -> &async_nats::Client {
        &self.client
    }

    // --- subjects ---

    /// Messages for connection `conn` on `server`.
    pub fn conn_subject(&self, server: &str, conn: u64) -> String {
        format!("{}.conn.{server}.{conn}", self.ns)
    }

    /// Every message for this server's connections.
    pub fn my_conns_subject(&self) -> String {
        format!("{}.conn.{}.*", self.ns, self.id)
    }

    /// Commands for the match at `code`.
    pub fn table_subject(&self, code: &str) -> String {
        format!("{}.table.{code}", self.ns)
    }

    /// Requests to `server`'s lobby.
    pub fn lobby_subject(&self, server: &str) -> String {
        format!("{}.lobby.{server}", self.ns)
    }

    fn journal_subject(&self, code: &str) -> String {
        format!("{}.journal.{code}", self.ns)
    }

    // --- relaying ---

    /// Sends a message to a connection another server holds.
    pub async fn relay_out(&self, server: &str, conn: u64, out: &RelayOut) {
        let subject = self.conn_subject(server, conn);
        if let Err(err) = self.client.publish(subject, encode(out)).await {
            tracing::warn!("can't relay a message to connection {conn} on {server}: {err}");
        }
    }

    /// Sends a table command to the match's owner, wherever it is.
    pub async fn relay_cmd(&self, code: &str, cmd: &RelayCmd) {
        let subject = self.table_subject(code);
        if let Err(err) = self.client.publish(subject, encode(cmd)).await {
            tracing::warn!("can't relay a command to table {code}: {err}");
        }
    }

    /// Asks `server`'s lobby; a server that doesn't answer in time is an
    /// error in the player's words.
    pub async fn ask_lobby(&self, server: &str, request: &LobbyRequest) -> LobbyReply {
        let ask = self
            .client
            .request(self.lobby_subject(server), encode(request));
        match tokio::time::timeout(Duration::from_secs(5), ask).await {
            Ok(Ok(reply)) => decode::<LobbyReply>(&reply.payload, "lobby reply")?,
            Ok(Err(err)) => Err(format!(
                "the server holding that table did not answer: {err}"
            )),
            Err(_) => Err("the server holding that table did not answer in time".into()),
        }
    }

    // --- leases ---

    /// The lease on `code` and its revision, if there is one.
    pub async fn lease(&self, code: &str) -> Result<Option<(Lease, u64)>, ClusterError> {
        let entry = self
            .leases
            .entry(code)
            .await
            .map_err(|err| nats(format!("read the lease of {code}"))(&err))?;
        match entry {
            Some(entry) if entry.operation == kv::Operation::Put => {
                let lease = decode(&entry.value, "lease").map_err(ClusterError::Record)?;
                Ok(Some((lease, entry.revision)))
            }
            _ => Ok(None),
        }
    }

    fn my_lease(&self) -> Bytes {
        encode(&Lease {
            owner: self.id.clone(),
            expires_ms: now_ms() + self.lease.as_millis() as u64,
        })
    }

    /// Claims a new match's lease; `Ok(None)` when the code is taken.
    pub async fn claim(&self, code: &str) -> Result<Option<u64>, ClusterError> {
        match self.leases.create(code, self.my_lease()).await {
            Ok(revision) => Ok(Some(revision)),
            Err(err) if err.kind() == kv::CreateErrorKind::AlreadyExists => Ok(None),
            Err(err) => Err(nats(format!("claim the lease of {code}"))(&err)),
        }
    }

    /// Renews (or, with a lapsed lease's revision, takes over) a lease;
    /// `Ok(None)` when another server changed it first.
    pub async fn renew(&self, code: &str, revision: u64) -> Result<Option<u64>, ClusterError> {
        match self.leases.update(code, self.my_lease(), revision).await {
            Ok(revision) => Ok(Some(revision)),
            Err(err) if err.kind() == kv::UpdateErrorKind::WrongLastRevision => Ok(None),
            Err(err) => Err(nats(format!("renew the lease of {code}"))(&err)),
        }
    }

    /// Gives up a finished match's lease, if this server still holds it
    /// (at whatever revision its last renewal left).
    pub async fn release(&self, code: &str) {
        let Ok(Some((lease, revision))) = self.lease(code).await else {
            return;
        };
        if lease.owner != self.id {
            return;
        }
        if let Err(err) = self
            .leases
            .delete_expect_revision(code, Some(revision))
            .await
        {
            tracing::debug!("lease of {code} not released: {err}");
        }
    }

    // --- servers ---

    /// Says this server is alive for another lease.
    pub async fn beat(&self) -> Result<(), ClusterError> {
        let until = now_ms() + self.lease.as_millis() as u64;
        self.servers
            .put(&self.id, Bytes::from(until.to_string()))
            .await
            .map(drop)
            .map_err(|err| nats("record this server's heartbeat")(&err))
    }

    /// Whether `server` said it was alive within a lease.
    pub async fn is_alive(&self, server: &str) -> Result<bool, ClusterError> {
        let value = self
            .servers
            .get(server)
            .await
            .map_err(|err| nats("read a server's heartbeat")(&err))?;
        let until = value.and_then(|v| std::str::from_utf8(&v).ok()?.parse::<u64>().ok());
        Ok(until.is_some_and(|until| until > now_ms()))
    }

    // --- tokens, waiting tables, replays ---

    /// Records where a seat token leads.
    pub async fn put_token(&self, token: &str, record: &TokenRecord) -> Result<(), ClusterError> {
        self.tokens
            .put(token, encode(record))
            .await
            .map(drop)
            .map_err(|err| nats("record a seat token")(&err))
    }

    /// Where a seat token leads.
    pub async fn token(&self, token: &str) -> Result<Option<TokenRecord>, ClusterError> {
        let value = self
            .tokens
            .get(token)
            .await
            .map_err(|err| nats("read a seat token")(&err))?;
        value
            .map(|v| decode(&v, "seat token").map_err(ClusterError::Record))
            .transpose()
    }

    /// Forgets a seat token (its match is over).
    pub async fn drop_token(&self, token: &str) {
        if let Err(err) = self.tokens.purge(token).await {
            tracing::debug!("seat token not dropped: {err}");
        }
    }

    /// Announces a table waiting here; `Ok(false)` when the code is taken.
    pub async fn open_waiting(&self, code: &str) -> Result<bool, ClusterError> {
        match self
            .waiting
            .create(code, Bytes::from(self.id.clone()))
            .await
        {
            Ok(_) => Ok(true),
            Err(err) if err.kind() == kv::CreateErrorKind::AlreadyExists => Ok(false),
            Err(err) => Err(nats("announce a waiting table")(&err)),
        }
    }

    /// The server holding the table waiting at `code`.
    pub async fn waiting_server(&self, code: &str) -> Result<Option<String>, ClusterError> {
        let value = self
            .waiting
            .get(code)
            .await
            .map_err(|err| nats("look up a waiting table")(&err))?;
        Ok(value.map(|v| String::from_utf8_lossy(&v).into_owned()))
    }

    /// The table at `code` no longer waits.
    pub async fn close_waiting(&self, code: &str) {
        if let Err(err) = self.waiting.purge(code).await {
            tracing::debug!("waiting table {code} not withdrawn: {err}");
        }
    }

    /// Keeps a finished match's replay for a seat token.
    pub async fn put_replay(&self, token: &str, bytes: &[u8]) -> Result<(), ClusterError> {
        self.replays
            .put(token, Bytes::copy_from_slice(bytes))
            .await
            .map(drop)
            .map_err(|err| nats("keep a replay")(&err))
    }

    /// A finished match's replay, by seat token.
    pub async fn replay(&self, token: &str) -> Result<Option<Vec<u8>>, ClusterError> {
        let value = self
            .replays
            .get(token)
            .await
            .map_err(|err| nats("read a replay")(&err))?;
        Ok(value.map(|v| v.to_vec()))
    }

    // --- the quick-match queue ---

    /// The player waiting for a quick match, with the entry's revision.
    pub async fn queued(&self) -> Result<Option<(QueueRecord, u64)>, ClusterError> {
        let entry = self
            .queue
            .entry(QUEUE_KEY)
            .await
            .map_err(|err| nats("read the quick-match queue")(&err))?;
        match entry {
            Some(entry) if entry.operation == kv::Operation::Put => {
                let record = decode(&entry.value, "queue entry").map_err(ClusterError::Record)?;
                Ok(Some((record, entry.revision)))
            }
            _ => Ok(None),
        }
    }

    /// Waits in the queue; `Ok(false)` when someone got there first.
    pub async fn enqueue(&self, record: &QueueRecord) -> Result<bool, ClusterError> {
        match self.queue.create(QUEUE_KEY, encode(record)).await {
            Ok(_) => Ok(true),
            Err(err) if err.kind() == kv::CreateErrorKind::AlreadyExists => Ok(false),
            Err(err) => Err(nats("join the quick-match queue")(&err)),
        }
    }

    /// Takes the waiting player at `revision` out of the queue; `false`
    /// when another server took them first (or they left).
    pub async fn dequeue(&self, revision: u64) -> bool {
        self.queue
            .delete_expect_revision(QUEUE_KEY, Some(revision))
            .await
            .is_ok()
    }

    /// Takes this connection out of the queue if it is the one waiting.
    pub async fn withdraw(&self, conn: u64) {
        if let Ok(Some((record, revision))) = self.queued().await
            && record.server == self.id
            && record.conn == conn
        {
            self.dequeue(revision).await;
        }
    }

    // --- the journal ---

    /// Appends to a match's journal, expecting `last` to be the sequence of
    /// its latest entry (0 for the first); returns the new entry's.
    pub async fn append(
        &self,
        code: &str,
        entry: &JournalEntry,
        last: u64,
    ) -> Result<u64, ClusterError> {
        let publish = jetstream::message::PublishMessage::build()
            .payload(encode(entry))
            .expected_last_subject_sequence(last);
        let ack = self
            .js
            .send_publish(self.journal_subject(code), publish)
            .await
            .map_err(|err| nats(format!("journal an answer of {code}"))(&err))?;
        match ack.await {
            Ok(ack) => Ok(ack.sequence),
            Err(err) if err.kind() == jetstream::context::PublishErrorKind::WrongLastSequence => {
                Err(ClusterError::Fenced)
            }
            Err(err) => Err(nats(format!("journal an answer of {code}"))(&err)),
        }
    }

    /// A match's whole journal and the sequence of its last entry.
    pub async fn read_journal(&self, code: &str) -> Result<(Vec<JournalEntry>, u64), ClusterError> {
        use futures_util::StreamExt;
        let subject = self.journal_subject(code);
        let last = match self.journal.get_last_raw_message_by_subject(&subject).await {
            Ok(message) => message.sequence,
            Err(err) if err.kind() == stream::LastRawMessageErrorKind::NoMessageFound => {
                return Ok((Vec::new(), 0));
            }
            Err(err) => return Err(nats(format!("read the journal of {code}"))(&err)),
        };
        let what = || format!("read the journal of {code}");
        let consumer = self
            .journal
            .create_consumer(jetstream::consumer::pull::OrderedConfig {
                filter_subject: subject,
                deliver_policy: jetstream::consumer::DeliverPolicy::All,
                ..Default::default()
            })
            .await
            .map_err(|err| nats(what())(&err))?;
        let mut messages = consumer
            .messages()
            .await
            .map_err(|err| nats(what())(&err))?;
        let mut entries = Vec::new();
        while let Some(message) = messages.next().await {
            let message = message.map_err(|err| nats(what())(&err))?;
            let sequence = message
                .info()
                .map_err(|err| nats(what())(&*err))?
                .stream_sequence;
            entries.push(decode(&message.payload, "journal entry").map_err(ClusterError::Record)?);
            if sequence >= last {
                break;
            }
        }
        Ok((entries, last))
    }

    /// Drops a finished match's journal (its replay is kept).
    pub async fn purge_journal(&self, code: &str) {
        if let Err(err) = self
            .journal
            .purge()
            .filter(self.journal_subject(code))
            .await
        {
            tracing::debug!("journal of {code} not purged: {err}");
        }
    }
}
