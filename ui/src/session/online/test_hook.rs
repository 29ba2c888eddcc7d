//! The web page's test hook: compiled only with `sve-ui`'s feature
//! `page-test-hook`, which `cargo xtask web --test-hook` turns on for the
//! browser test's bundle (`host/cli/tests/browser_match.rs`); the bundle
//! `cargo xtask web` builds for players has none of it.
//!
//! It does two things a test of the page in a real browser needs:
//!
//! - **Autoplay.** A page opened with `?autoplay` in its address (read by
//!   `web.rs`) answers its own decisions with the `greedy` client bot's
//!   rules of thumb (`sve_net::client::greedy`), from the view the server
//!   sent this seat and nothing else. The answer goes through the same
//!   [`Table::command`](super::table::Table::command) as a click's, over
//!   the page's WebSocket.
//! - **The frames it received.** Every connection's opening (the string
//!   `"open"`) and every binary frame the server sent (as lower-case hex)
//!   are pushed onto the page's global array `window.__sveFrames`, so that
//!   the test reads back exactly what the browser got and checks it
//!   (`sve_net::client::leaks`).
//! - **Frame times.** Each drawn frame's start and the CPU time eframe
//!   reports go onto `window.__sveFrameTimes` (`web.rs`), for the figures
//!   of frame time while the board animates.

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether the page answers its own decisions.
static AUTOPLAY: AtomicBool = AtomicBool::new(false);

/// Makes the online sessions started from now on answer their own
/// decisions (the page's `?autoplay`).
pub fn enable_autoplay() {
    AUTOPLAY.store(true, Ordering::Relaxed);
}

/// Whether sessions answer their own decisions.
pub(super) fn autoplay() -> bool {
    AUTOPLAY.load(Ordering::Relaxed)
}

/// The global array the page's received frames go onto.
#[cfg(target_arch = "wasm32")]
const FRAMES: &str = "__sveFrames";

/// The global array the page's drawn frames' times go onto.
#[cfg(target_arch = "wasm32")]
const FRAME_TIMES: &str = "__sveFrameTimes";

/// Records one drawn frame: when it began (`performance.now()`, ms) and
/// the CPU time eframe reported for the frame before it (ms), for the
/// browser test's frame-time figures.
#[cfg(target_arch = "wasm32")]
pub fn record_frame_time(now_ms: f64, cpu_ms: f64) {
    let pair = js_sys::Array::of2(
        &wasm_bindgen::JsValue::from_f64(now_ms),
        &wasm_bindgen::JsValue::from_f64(cpu_ms),
    );
    push_onto(FRAME_TIMES, pair.into());
}

/// Records that a connection opened: frames after it start a new view.
#[cfg(target_arch = "wasm32")]
pub(super) fn record_open() {
    push(wasm_bindgen::JsValue::from_str("open"));
}

/// Records one frame the server sent, as it came.
#[cfg(target_arch = "wasm32")]
pub(super) fn record_frame(bytes: &[u8]) {
    use std::fmt::Write as _;
    let mut hex = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        // Writing to a `String` can't fail.
        let _ = write!(hex, "{byte:02x}");
    }
    push(wasm_bindgen::JsValue::from_str(&hex));
}

#[cfg(target_arch = "wasm32")]
fn push(value: wasm_bindgen::JsValue) {
    push_onto(FRAMES, value);
}

/// Pushes `value` onto the page's global array `name`, made if missing.
#[cfg(target_arch = "wasm32")]
fn push_onto(name: &str, value: wasm_bindgen::JsValue) {
    use wasm_bindgen::JsCast as _;
    let Some(window) = web_sys::window() else {
        return;
    };
    let key = wasm_bindgen::JsValue::from_str(name);
    let frames = match js_sys::Reflect::get(&window, &key)
        .ok()
        .and_then(|found| found.dyn_into::<js_sys::Array>().ok())
    {
        Some(frames) => frames,
        None => {
            let frames = js_sys::Array::new();
            if let Err(err) = js_sys::Reflect::set(&window, &key, &frames) {
                tracing::warn!("cannot record the page's {name}: {err:?}");
                return;
            }
            frames
        }
    };
    frames.push(&value);
}
