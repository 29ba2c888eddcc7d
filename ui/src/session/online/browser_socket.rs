//! The browser's WebSocket as a [`Socket`]: its callbacks queue
//! [`SocketEvent`]s and wake the UI, which takes them on its next frame.
//! Frames are binary (`ArrayBuffer`), one postcard message each, as on
//! the desktop. No thread and no waiting: everything runs on the page's
//! one thread between frames.

use super::socket::{Socket, SocketEvent, Transport, Wake};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::time::Duration;
use wasm_bindgen::JsCast as _;
use wasm_bindgen::closure::Closure;
use web_sys::{BinaryType, CloseEvent, Event, MessageEvent, WebSocket};

/// Opens browser WebSockets and sets browser timers.
#[derive(Debug, Default)]
pub(super) struct BrowserTransport;

impl Transport for BrowserTransport {
    fn open(&self, url: &str, wake: Wake) -> Result<Box<dyn Socket>, String> {
        Ok(Box::new(BrowserSocket::open(url, wake)?))
    }

    fn wake_after(&self, delay: Duration, wake: Wake) {
        let Some(window) = web_sys::window() else {
            return;
        };
        let callback = Closure::once_into_js(move || wake());
        let millis = i32::try_from(delay.as_millis()).unwrap_or(i32::MAX);
        if let Err(err) = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(callback.unchecked_ref(), millis)
        {
            tracing::warn!("the browser set no timer: {err:?}");
        }
    }
}

/// What the callbacks queue for the link.
type Queue = Rc<RefCell<VecDeque<SocketEvent>>>;

/// One browser WebSocket and the callbacks it holds.
struct BrowserSocket {
    ws: WebSocket,
    events: Queue,
    // Kept alive as long as the socket may call them.
    _on_open: Closure<dyn FnMut(Event)>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_close: Closure<dyn FnMut(CloseEvent)>,
    _on_error: Closure<dyn FnMut(Event)>,
}

impl BrowserSocket {
    fn open(url: &str, wake: Wake) -> Result<BrowserSocket, String> {
        let ws = WebSocket::new(url).map_err(|err| js_text(&err))?;
        ws.set_binary_type(BinaryType::Arraybuffer);
        let events: Queue = Rc::default();
        let push = {
            let events = Rc::clone(&events);
            move |event: SocketEvent| {
                events.borrow_mut().push_back(event);
                wake();
            }
        };
        let on_open = Closure::<dyn FnMut(Event)>::new({
            let push = push.clone();
            move |_| {
                #[cfg(feature = "page-test-hook")]
                super::test_hook::record_open();
                push(SocketEvent::Opened)
            }
        });
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new({
            let push = push.clone();
            move |event: MessageEvent| match event.data().dyn_into::<js_sys::ArrayBuffer>() {
                Ok(buffer) => {
                    let frame = js_sys::Uint8Array::new(&buffer).to_vec();
                    #[cfg(feature = "page-test-hook")]
                    super::test_hook::record_frame(&frame);
                    push(SocketEvent::Frame(frame))
                }
                // The server sends binary frames only.
                Err(_) => push(SocketEvent::Failed(
                    "the server sent a text frame".to_owned(),
                )),
            }
        });
        let on_close = Closure::<dyn FnMut(CloseEvent)>::new({
            let push = push.clone();
            move |event: CloseEvent| {
                push(SocketEvent::Closed {
                    reason: event.reason(),
                })
            }
        });
        let on_error = Closure::<dyn FnMut(Event)>::new(move |_| {
            // The browser tells a page nothing more, on purpose.
            push(SocketEvent::Failed(
                "the browser could not open or keep the connection".to_owned(),
            ))
        });
        ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        ws.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(BrowserSocket {
            ws,
            events,
            _on_open: on_open,
            _on_message: on_message,
            _on_close: on_close,
            _on_error: on_error,
        })
    }
}

impl Socket for BrowserSocket {
    fn send(&mut self, frame: Vec<u8>) -> Result<(), String> {
        self.ws
            .send_with_u8_array(&frame)
            .map_err(|err| js_text(&err))
    }

    fn next_event(&mut self) -> Option<SocketEvent> {
        self.events.borrow_mut().pop_front()
    }

    fn close(&mut self) {
        if let Err(err) = self.ws.close() {
            tracing::debug!("closing the socket: {}", js_text(&err));
        }
    }
}

impl Drop for BrowserSocket {
    fn drop(&mut self) {
        // The callbacks go with this value: the socket must not call them.
        self.ws.set_onopen(None);
        self.ws.set_onmessage(None);
        self.ws.set_onclose(None);
        self.ws.set_onerror(None);
        self.close();
    }
}

/// A JavaScript error as text.
fn js_text(err: &wasm_bindgen::JsValue) -> String {
    err.as_string()
        .or_else(|| {
            err.dyn_ref::<js_sys::Error>()
                .map(|err| String::from(err.message()))
        })
        .unwrap_or_else(|| format!("{err:?}"))
}
