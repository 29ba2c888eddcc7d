//! A WebSocket as the web page's link sees it: frames go out at once and
//! what happens comes back as [`SocketEvent`]s, taken one at a time
//! without waiting. The browser's WebSocket (`browser_socket.rs`) is one;
//! the tests run the page's link natively over a thread of their own
//! (`thread_socket.rs`).

use std::sync::Arc;
use std::time::Duration;

/// What a socket has to tell, in the order it happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum SocketEvent {
    /// The connection is open: frames may go out.
    Opened,
    /// One binary frame, as it came.
    Frame(Vec<u8>),
    /// The connection closed; `reason` is the server's close reason, empty
    /// when it gave none.
    Closed {
        /// The close frame's reason.
        reason: String,
    },
    /// The connection failed (or never opened), and why as far as known.
    Failed(String),
}

/// One connection, polled.
pub(super) trait Socket {
    /// Sends one binary frame; `Err` says why it could not go.
    fn send(&mut self, frame: Vec<u8>) -> Result<(), String>;

    /// The next event, if one came (never waits).
    fn next_event(&mut self) -> Option<SocketEvent>;

    /// Starts closing the connection; frames sent before go out first.
    fn close(&mut self);
}

/// Wakes the UI: it steps the link on its next frame.
pub(super) type Wake = Arc<dyn Fn() + Send + Sync>;

/// How the page's link reaches the network and the clock's alarms.
pub(super) trait Transport {
    /// Opens a connection to `url`; `wake` is called whenever an event
    /// comes. `Err` says why it could not even start.
    fn open(&self, url: &str, wake: Wake) -> Result<Box<dyn Socket>, String>;

    /// Calls `wake` once `delay` has passed, so a link waiting for a
    /// deadline is stepped then.
    fn wake_after(&self, delay: Duration, wake: Wake);
}
