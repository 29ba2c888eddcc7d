//! For tests: a [`Socket`] over `sve_net::client::Connection`, on a thread
//! with its own tokio runtime, so the web page's polled link runs natively
//! against an in-process server. Frames pass through as bytes, undecoded,
//! as the browser hands them over.

use super::socket::{Socket, SocketEvent, Transport, Wake};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;
use sve_net::client::{ClientError, Connection};
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};

/// Opens thread sockets. Alarms are not set: the tests step the link in a
/// loop.
#[derive(Debug, Default)]
pub(super) struct ThreadTransport;

impl Transport for ThreadTransport {
    fn open(&self, url: &str, wake: Wake) -> Result<Box<dyn Socket>, String> {
        let (frames_tx, mut frames_rx) = unbounded_channel::<Option<Vec<u8>>>();
        let (events_tx, events_rx) = mpsc::channel();
        let url = url.to_owned();
        std::thread::Builder::new()
            .name("sve-test-socket".to_owned())
            .spawn(move || {
                let push = |event| {
                    events_tx.send(event).ok();
                    wake();
                };
                let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                else {
                    push(SocketEvent::Failed("no runtime".to_owned()));
                    return;
                };
                runtime.block_on(async {
                    let mut conn = match Connection::open(&url).await {
                        Ok(conn) => conn,
                        Err(err) => return push(SocketEvent::Failed(err.to_string())),
                    };
                    push(SocketEvent::Opened);
                    loop {
                        tokio::select! {
                            frame = frames_rx.recv() => match frame {
                                Some(Some(frame)) => {
                                    if let Err(err) = conn.send_raw(frame).await {
                                        return push(SocketEvent::Failed(err.to_string()));
                                    }
                                }
                                Some(None) | None => return conn.close().await,
                            },
                            frame = conn.recv_frame() => match frame {
                                Ok(bytes) => push(SocketEvent::Frame(bytes.to_vec())),
                                Err(ClientError::Refused(reason)) => {
                                    return push(SocketEvent::Closed { reason });
                                }
                                Err(ClientError::Closed) => {
                                    return push(SocketEvent::Closed { reason: String::new() });
                                }
                                Err(err) => return push(SocketEvent::Failed(err.to_string())),
                            },
                        }
                    }
                });
            })
            .map_err(|err| err.to_string())?;
        Ok(Box::new(ThreadSocket {
            frames: frames_tx,
            events: events_rx,
        }))
    }

    fn wake_after(&self, _delay: Duration, _wake: Wake) {}
}

/// The link's end of a thread socket.
struct ThreadSocket {
    /// Frames to send; `None` closes.
    frames: UnboundedSender<Option<Vec<u8>>>,
    events: Receiver<SocketEvent>,
}

impl Socket for ThreadSocket {
    fn send(&mut self, frame: Vec<u8>) -> Result<(), String> {
        self.frames
            .send(Some(frame))
            .map_err(|_| "the socket's thread is gone".to_owned())
    }

    fn next_event(&mut self) -> Option<SocketEvent> {
        self.events.try_recv().ok()
    }

    fn close(&mut self) {
        self.frames.send(None).ok();
    }
}
