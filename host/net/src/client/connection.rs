//! A [`Connection`] to a server over tokio-tungstenite: the hello, frames
//! in and out, and the server's view patches applied as they come.

use super::text;
use crate::patch::{Mirror, PatchError};
use crate::protocol::{
    ClientMsg, FrameError, MAX_SERVER_FRAME_BYTES, PROTOCOL_VERSION, ServerMsg, Update, decode,
    encode,
};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// What can go wrong on the client side.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The server could not be reached.
    #[error("can't connect to {url}: {source}")]
    Connect {
        /// The server's URL.
        url: String,
        /// Why.
        source: Box<tokio_tungstenite::tungstenite::Error>,
    },
    /// The connection failed.
    #[error("connection error: {0}")]
    Socket(#[from] Box<tokio_tungstenite::tungstenite::Error>),
    /// The server sent a frame this client can't read.
    #[error("bad frame from the server: {0}")]
    Frame(#[from] FrameError),
    /// The server refused or closed the connection, with its reason.
    #[error("the server closed the connection: {0}")]
    Refused(String),
    /// The connection closed without a reason.
    #[error("the connection closed")]
    Closed,
    /// The server said no to a request.
    #[error("{0}")]
    Failed(String),
    /// The server's messages did not follow the protocol.
    #[error("unexpected message from the server: {0}")]
    Unexpected(String),
    /// A view patch from the server did not fit the last view.
    #[error("bad view patch from the server: {0}")]
    Patch(#[from] PatchError),
}

/// A message from [`Connection::recv_view`].
#[derive(Debug)]
pub enum Received<'a> {
    /// The match moved on: the whole update, patched in place.
    Update(&'a Update),
    /// Any other message (never an update or a patch).
    Other(ServerMsg),
}

/// A connection to a server, after the hello.
pub struct Connection {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The server's name, from its welcome.
    pub server: String,
    /// The last view, which the server's patches apply to.
    mirror: Mirror,
}

impl Connection {
    /// Connects to `url` (`ws://host:port/`) and says hello as `name`.
    pub async fn connect(url: &str, name: &str) -> Result<Connection, ClientError> {
        let mut conn = Connection::open(url).await?;
        conn.send(&ClientMsg::Hello {
            protocol: PROTOCOL_VERSION,
            name: name.to_owned(),
        })
        .await?;
        match conn.recv().await? {
            ServerMsg::Welcome { server, .. } => {
                conn.server = server;
                Ok(conn)
            }
            other => Err(ClientError::Unexpected(format!("{other:?}"))),
        }
    }

    /// Connects without saying hello (tests send their own first frame).
    pub async fn open(url: &str) -> Result<Connection, ClientError> {
        let config = WebSocketConfig::default()
            .read_buffer_size(crate::protocol::READ_BUFFER_BYTES)
            .max_message_size(Some(MAX_SERVER_FRAME_BYTES))
            .max_frame_size(Some(MAX_SERVER_FRAME_BYTES));
        let (ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true)
            .await
            .map_err(|source| ClientError::Connect {
                url: url.to_owned(),
                source: Box::new(source),
            })?;
        Ok(Connection {
            ws,
            server: String::new(),
            mirror: Mirror::new(),
        })
    }

    /// Sends one message.
    pub async fn send(&mut self, msg: &ClientMsg) -> Result<(), ClientError> {
        self.send_raw(encode(msg)).await
    }

    /// Sends one binary frame as it is (tests send malformed ones).
    pub async fn send_raw(&mut self, frame: Vec<u8>) -> Result<(), ClientError> {
        self.ws
            .send(Message::Binary(frame.into()))
            .await
            .map_err(|e| ClientError::Socket(Box::new(e)))
    }

    /// The next message. A [`ServerMsg::Refused`] comes back as
    /// [`ClientError::Refused`], and a [`ServerMsg::Patch`] as the whole
    /// [`ServerMsg::Update`] it stands for (a patch that does not fit the
    /// last view is [`ClientError::Patch`]).
    pub async fn recv(&mut self) -> Result<ServerMsg, ClientError> {
        Ok(match self.recv_view().await? {
            Received::Update(update) => ServerMsg::Update(Box::new(update.clone())),
            Received::Other(msg) => msg,
        })
    }

    /// The next message, an update as the whole update it stands for,
    /// borrowed from the connection (no copy of the board is made).
    pub async fn recv_view(&mut self) -> Result<Received<'_>, ClientError> {
        Ok(match self.recv_raw().await? {
            ServerMsg::Update(update) => Received::Update(self.mirror.whole(*update)),
            ServerMsg::Patch(patch) => Received::Update(self.mirror.apply(*patch)?),
            msg => Received::Other(msg),
        })
    }

    /// The next message as the server sent it (patches unapplied).
    pub async fn recv_raw(&mut self) -> Result<ServerMsg, ClientError> {
        let frame = self.recv_frame().await?;
        match decode(&frame, MAX_SERVER_FRAME_BYTES)? {
            ServerMsg::Refused { reason } => Err(ClientError::Refused(reason)),
            msg => Ok(msg),
        }
    }

    /// The next binary frame as it came, undecoded (for a client that
    /// decodes frames itself, as the web page's link does; its tests run
    /// it over this connection). A close is [`ClientError::Refused`] with
    /// the server's reason, or [`ClientError::Closed`].
    pub async fn recv_frame(&mut self) -> Result<bytes::Bytes, ClientError> {
        loop {
            let Some(frame) = self.ws.next().await else {
                return Err(ClientError::Closed);
            };
            match frame.map_err(|e| ClientError::Socket(Box::new(e)))? {
                Message::Binary(bytes) => return Ok(bytes),
                Message::Close(frame) => {
                    return Err(match frame {
                        Some(frame) if !frame.reason.is_empty() => {
                            ClientError::Refused(frame.reason.to_string())
                        }
                        _ => ClientError::Closed,
                    });
                }
                Message::Text(_) => {
                    return Err(ClientError::Unexpected("a text frame".into()));
                }
                Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => {}
            }
        }
    }

    /// Asks for the server's card faces and waits for them (messages in
    /// between are dropped: ask before entering a match).
    pub async fn card_faces(&mut self) -> Result<text::Faces, ClientError> {
        self.send(&ClientMsg::CardData).await?;
        loop {
            if let ServerMsg::CardData { cards, .. } = self.recv().await? {
                return Ok(text::Faces(cards));
            }
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}
