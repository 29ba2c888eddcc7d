//! Opening a replay file in the web page: a page can't read a path, so
//! the start screen's Watch replay asks the browser's file picker
//! ([`open`]), through a hidden `<input type="file">` the page makes at
//! start ([`install`]). The file picked is read whole, as the desktop
//! reads one (at most [`MAX_REPLAY_BYTES`]), and waits for the start
//! screen to take it ([`take`]), which watches it in the replay viewer
//! (stepped once per frame in a page: `session/replay/stepped.rs`).

use crate::start::MAX_REPLAY_BYTES;
use std::cell::RefCell;
use wasm_bindgen::JsCast as _;
use wasm_bindgen::closure::Closure;

/// The id of the page's file input.
pub const INPUT_ID: &str = "sve_replay_file";

/// A file the player picked.
#[derive(Debug)]
pub struct Picked {
    /// Its name, as the browser gives it.
    pub name: String,
    /// Its bytes, or why they could not be read.
    pub bytes: Result<Vec<u8>, String>,
}

thread_local! {
    /// The file picked and read, until the start screen takes it.
    static PICKED: RefCell<Option<Picked>> = const { RefCell::new(None) };
}

/// Makes the page's hidden file input; each file picked with it is read
/// and `ctx` repainted once it is there.
pub fn install(ctx: &egui::Context) -> Result<(), String> {
    let js = |err: wasm_bindgen::JsValue| format!("{err:?}");
    let document = web_sys::window()
        .and_then(|window| window.document())
        .ok_or("no document")?;
    let body = document.body().ok_or("no body")?;
    let input: web_sys::HtmlInputElement = document
        .create_element("input")
        .map_err(js)?
        .dyn_into()
        .map_err(|_| "not an input".to_owned())?;
    input.set_type("file");
    input.set_id(INPUT_ID);
    input.set_accept(".sver");
    input.set_hidden(true);
    let ctx = ctx.clone();
    let reader = input.clone();
    let changed = Closure::<dyn FnMut()>::new(move || {
        read_picked(&reader, &ctx);
    });
    input
        .add_event_listener_with_callback("change", changed.as_ref().unchecked_ref())
        .map_err(js)?;
    // The input lives as long as the page.
    changed.forget();
    body.append_child(&input).map_err(js)?;
    Ok(())
}

/// Opens the browser's file picker; what is picked comes later ([`take`]).
pub fn open() {
    let input = web_sys::window()
        .and_then(|window| window.document())
        .and_then(|document| document.get_element_by_id(INPUT_ID))
        .and_then(|element| element.dyn_into::<web_sys::HtmlElement>().ok());
    match input {
        Some(input) => input.click(),
        None => tracing::warn!("the page has no #{INPUT_ID}"),
    }
}

/// The file picked and read since the last call, if any.
pub fn take() -> Option<Picked> {
    PICKED.with(|picked| picked.borrow_mut().take())
}

/// Reads the file `input` holds now, then lets the input pick the same
/// file again.
fn read_picked(input: &web_sys::HtmlInputElement, ctx: &egui::Context) {
    let Some(file) = input.files().and_then(|files| files.get(0)) else {
        return;
    };
    input.set_value("");
    let name = file.name();
    if file.size() > MAX_REPLAY_BYTES as f64 {
        let why = format!(
            "larger than {} MiB, too large for a replay",
            MAX_REPLAY_BYTES / (1024 * 1024)
        );
        return keep(name, Err(why), ctx);
    }
    let ctx = ctx.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let read = wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await;
        let bytes = read
            .map(|buffer| js_sys::Uint8Array::new(&buffer).to_vec())
            .map_err(|err| format!("the browser did not read it: {err:?}"));
        keep(name, bytes, &ctx);
    });
}

/// Keeps what was read for the start screen and wakes it.
fn keep(name: String, bytes: Result<Vec<u8>, String>, ctx: &egui::Context) {
    PICKED.with(|picked| *picked.borrow_mut() = Some(Picked { name, bytes }));
    ctx.request_repaint();
}
