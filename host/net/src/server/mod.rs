//! The authoritative match server (`sve serve`).
//!
//! - [`conn`]: one WebSocket connection: frame limits, rate limit, the
//!   hello handshake, routing requests to the lobby or to a table.
//! - [`lobby`]: tables waiting, running and finished; codes, seat tokens,
//!   the quick-match queue and the kept replays.
//! - [`table`]: one match, run by its own task: answers, server bots,
//!   clocks, reconnects and redacted updates for each seat and spectator.
//! - [`limits`]: the bounds of the clocks a client may ask a table for.
//! - [`page`]: the web client's files, handed out at `/` to a browser
//!   (a request that asks for no WebSocket).
//!
//! Each table is a task of its own and a connection never waits for a
//! table (commands go through bounded queues), so a slow client or a busy
//! table can't hold up another.

mod conn;
mod limits;
mod lobby;
pub mod page;
mod remote;
mod table;

pub use limits::{ClockBounds, ClockError, Limit};
pub use page::WebPage;

use crate::cluster::{Cluster, ClusterConfig, ClusterError};
use axum::Router;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::{FromRef, Path, State, WebSocketUpgrade};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::serve::ListenerExt;
use lobby::Lobby;
use remote::Remote;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use sve_engine::cards::CardDb;
use sve_engine::engine::AbilityRunner;
use tokio::net::TcpListener;
use tokio::task::JoinHandle;

/// Everything a server is started with.
#[derive(Clone)]
pub struct ServerConfig {
    /// The cards every match plays with.
    pub db: Arc<CardDb>,
    /// Their abilities.
    pub runner: Arc<dyn AbilityRunner>,
    /// How long an absent player's seat waits before they concede.
    pub grace: Duration,
    /// Seed of the server's match seeds; `None` draws one from the OS.
    pub seed: Option<u64>,
    /// Messages one connection may send per second, sustained.
    pub messages_per_sec: u32,
    /// Messages one connection may send in a burst.
    pub message_burst: u32,
    /// Finished matches whose replays are kept (oldest dropped first).
    pub kept_replays: usize,
    /// The server's name, for the welcome.
    pub name: String,
    /// Join a cluster of servers over NATS (`None`: this server is alone).
    pub cluster: Option<ClusterConfig>,
    /// This server's id in a cluster (`None`: a random one).
    pub server_id: Option<String>,
    /// The clocks a table may ask for; a table asking for others is
    /// refused with the bound.
    pub clock_bounds: ClockBounds,
    /// Whether a client may play the oracle bot, which sees hidden cards
    /// (`sve serve --allow-oracle`): for analysis on a server of one's
    /// own, never as a public opponent. Off by default.
    pub allow_oracle: bool,
    /// The web client's bundle, handed out at `/` (default `target/web`,
    /// relative to the folder the server starts in; `cargo xtask web`
    /// builds it there).
    pub web: WebPage,
}

impl ServerConfig {
    /// The defaults of `sve serve` for these cards.
    pub fn new(db: Arc<CardDb>, runner: Arc<dyn AbilityRunner>) -> ServerConfig {
        ServerConfig {
            db,
            runner,
            grace: Duration::from_secs(120),
            seed: None,
            messages_per_sec: 200,
            message_burst: 400,
            kept_replays: 10_000,
            name: format!("sve {}", env!("CARGO_PKG_VERSION")),
            cluster: None,
            server_id: None,
            clock_bounds: ClockBounds::DEFAULT,
            allow_oracle: false,
            web: WebPage::new("target/web"),
        }
    }
}

/// A server that is listening.
pub struct Server {
    addr: SocketAddr,
    task: JoinHandle<()>,
    /// The cluster's background tasks.
    cluster_tasks: Vec<JoinHandle<()>>,
    id: Option<String>,
}

/// The server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The address could not be bound.
    #[error("can't listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: String,
        /// Why.
        source: std::io::Error,
    },
    /// The cluster could not be joined.
    #[error(transparent)]
    Cluster(#[from] ClusterError),
    /// The server id can't be used in NATS subjects.
    #[error("server id `{0}` must be 1 to 32 letters, digits, `-` or `_`")]
    ServerId(String),
}

impl Server {
    /// Binds `addr` (`127.0.0.1:0` picks a free port) and serves in the
    /// background of the current tokio runtime.
    pub async fn start(addr: &str, config: ServerConfig) -> Result<Server, ServeError> {
        let bind_error = |source| ServeError::Bind {
            addr: addr.to_owned(),
            source,
        };
        let listener = TcpListener::bind(addr).await.map_err(bind_error)?;
        if config.allow_oracle {
            tracing::warn!("clients may play the oracle bot, which sees hidden cards");
        }
        let local = listener.local_addr().map_err(bind_error)?;
        let page = Arc::new(config.web.clone());
        if page.is_built() {
            tracing::info!(
                "web client: http://{local}/ (from {})",
                page.dir().display()
            );
        } else {
            tracing::info!(
                "no web client in {}: `cargo xtask web` builds one (http://{local}/ says so)",
                page.dir().display()
            );
        }
        let (lobby, cluster_tasks, id) = match config.cluster.clone() {
            None => (Lobby::new(config, None), Vec::new(), None),
            Some(cluster_config) => {
                let id = match config.server_id.clone() {
                    Some(id) => valid_server_id(id)?,
                    None => random_server_id(),
                };
                let cluster = Cluster::connect(&cluster_config, id.clone()).await?;
                let (remote, relayed) = Remote::new(cluster);
                let lobby = Lobby::new(config, Some(Arc::clone(&remote)));
                let tasks = remote.spawn(&lobby, relayed).await?;
                tracing::info!("server {id} joined the cluster at {}", cluster_config.url);
                (lobby, tasks, Some(id))
            }
        };
        let app = Router::new()
            .route("/", get(root))
            .route("/{file}", get(bundle_file))
            .with_state(Routes { lobby, page });
        // Decisions are small frames answered at once: don't let Nagle's
        // algorithm hold them back.
        let listener = listener.tap_io(|tcp| {
            if let Err(err) = tcp.set_nodelay(true) {
                tracing::warn!("can't set TCP_NODELAY: {err}");
            }
        });
        let task = tokio::spawn(async move {
            if let Err(err) = axum::serve(listener, app).await {
                tracing::error!("server stopped: {err}");
            }
        });
        tracing::info!("serving on ws://{local}/");
        Ok(Server {
            addr: local,
            task,
            cluster_tasks,
            id,
        })
    }

    /// This server's id in its cluster.
    pub fn id(&self) -> Option<&str> {
        self.id.as_deref()
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The URL clients connect to.
    pub fn url(&self) -> String {
        format!("ws://{}/", self.addr)
    }

    /// Serves until the process ends.
    pub async fn run(self) {
        if let Err(err) = self.task.await {
            tracing::error!("server task ended: {err}");
        }
    }

    /// Stops listening and leaves the cluster (running tables end with
    /// the runtime).
    pub fn stop(&self) {
        self.task.abort();
        for task in &self.cluster_tasks {
            task.abort();
        }
    }
}

/// A server id goes into NATS subjects: nothing but letters, digits, `-`
/// and `_`.
fn valid_server_id(id: String) -> Result<String, ServeError> {
    let ok = (1..=32).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if ok {
        Ok(id)
    } else {
        Err(ServeError::ServerId(id))
    }
}

fn random_server_id() -> String {
    let mut bytes = [0u8; 4];
    if let Err(err) = getrandom::fill(&mut bytes) {
        tracing::warn!("the OS random source failed ({err}); the server id is the process id");
        return format!("s{}", std::process::id());
    }
    format!(
        "s{}",
        bytes.iter().map(|b| format!("{b:02x}")).collect::<String>()
    )
}

/// What the routes share: the lobby for WebSockets, the web page's files
/// for browsers.
#[derive(Clone)]
struct Routes {
    lobby: Arc<Lobby>,
    page: Arc<WebPage>,
}

impl FromRef<Routes> for Arc<Lobby> {
    fn from_ref(routes: &Routes) -> Arc<Lobby> {
        Arc::clone(&routes.lobby)
    }
}

/// `/`: a WebSocket for a client, the web page for a browser.
async fn root(
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
    State(routes): State<Routes>,
    headers: HeaderMap,
) -> Response {
    match ws {
        Ok(ws) => upgrade(ws, State(routes.lobby)).await,
        // A WebSocket asked for wrongly is told why.
        Err(rejection) if headers.contains_key(header::UPGRADE) => rejection.into_response(),
        Err(_) => routes.page.get("", &headers).await,
    }
}

/// `/NAME`: a file of the web page's bundle.
async fn bundle_file(
    Path(file): Path<String>,
    State(routes): State<Routes>,
    headers: HeaderMap,
) -> Response {
    routes.page.get(&file, &headers).await
}

async fn upgrade(ws: WebSocketUpgrade, State(lobby): State<Arc<Lobby>>) -> Response {
    ws.max_message_size(crate::protocol::MAX_CLIENT_FRAME_BYTES)
        .max_frame_size(crate::protocol::MAX_CLIENT_FRAME_BYTES)
        // The reader zeroes this much before every socket read; the default
        // (128 KiB) made that a tenth of the server's time under load.
        // Client frames are small; a bigger one takes several reads.
        .read_buffer_size(crate::protocol::READ_BUFFER_BYTES)
        .on_upgrade(move |socket| conn::serve(socket, lobby))
}
