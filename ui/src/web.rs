//! The web page's entry (wasm32 only): `index.html` loads the module that
//! wasm-bindgen makes of this library (`cargo xtask web`), whose start
//! function runs the client in the page's canvas with eframe's web
//! runner, over the bundled starter cards and the starter decks' SVE
//! Script pack, whose abilities run in the page ([`crate::catalog`]).
//!
//! The page plays on the server it came from: the Play online screen's
//! server is the page's own host, and an address whose fragment names a
//! table (`#join=CODE`, `#watch=CODE`, [`TableLink`]) opens straight into
//! it. Settings are kept in the browser's local storage (eframe's
//! persistence), as the desktop keeps them in a file.
//!
//! The page marks its milestones on `<body>` for tools and tests to read
//! (`--dump-dom` of a headless browser): `data-sve-first-frame-ms`, the
//! time from the start of navigation to the end of the first frame, and
//! `data-sve-board-ms`, to the first frame of a match's board (a table
//! link's table joined), and `data-sve-cards-ms`, the time the starter
//! cards took to load (their scripts compiled and lowered).
//!
//! A test build (`cargo xtask web --test-hook`, feature `page-test-hook`)
//! also reads `?autoplay` in the address: the page then answers its own
//! decisions and records the frames it receives
//! (`session/online/test_hook.rs`); and `?offline`: it starts a local
//! match against the easy bot and answers for the bottom seat
//! (`web/offline_hook.rs`); `?inspect`, `?replay` and `?rematch`: it opens
//! the card inspector, saves each match's replay (a download) and offers a
//! rematch through the match screen (`web/online_hook.rs`).
//!
//! The start screen's "Watch a replay…" opens the browser's file picker
//! (`web/replay_picker.rs`); a test build marks the watched replay's
//! position and result on `<body>` (`data-sve-replay`) and with `?seek`
//! seeks to its end after a few moves (`web/replay_hook.rs`).
//!
//! A page seated at a running match keeps the seat's token in local
//! storage and its address says `#join=CODE`, so that a reload takes the
//! seat back (`session/online/held_seat.rs`).

use crate::app::Screen;
use crate::catalog::Catalog;
use crate::session::online::held_seat::{self, Held, SeatKeeper};
use crate::settings::Settings;
use crate::table_link::{TableLink, server_of_page};
use crate::{App, AppOptions};
use wasm_bindgen::JsCast as _;
use wasm_bindgen::prelude::wasm_bindgen;

#[cfg(feature = "page-test-hook")]
mod offline_hook;
#[cfg(feature = "page-test-hook")]
mod online_hook;
#[cfg(feature = "page-test-hook")]
mod replay_hook;
pub mod replay_picker;

/// The id of the page's canvas (`index.html`).
const CANVAS_ID: &str = "sve_canvas";

/// The id of the page's loading line, which says why the client did not
/// start (`index.html`).
const STATUS_ID: &str = "sve_status";

/// Runs when the page loads the module: starts the client in the canvas.
#[wasm_bindgen(start)]
pub fn start() {
    // `tracing`'s events go on as `log` records to the browser's console.
    if let Err(err) = eframe::WebLogger::init(log::LevelFilter::Info) {
        web_sys::console::warn_1(&format!("no logger: {err}").into());
    }
    // A panic stops the page (wasm32 can't unwind): say so on the page,
    // not only in the console. eframe's runner keeps this hook and calls
    // it after its own.
    let previous_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        show_status(&format!(
            "The client stopped: {info}. Reload the page to start again."
        ));
        previous_hook(info);
    }));
    wasm_bindgen_futures::spawn_local(async {
        if let Err(problem) = run().await {
            tracing::error!("the client did not start: {problem}");
            show_status(&format!("The client did not start: {problem}"));
        }
    });
}

/// Starts eframe's web runner with the app.
async fn run() -> Result<(), String> {
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let canvas = document
        .get_element_by_id(CANVAS_ID)
        .ok_or_else(|| format!("the page has no #{CANVAS_ID}"))?
        .dyn_into::<web_sys::HtmlCanvasElement>()
        .map_err(|_| format!("#{CANVAS_ID} is not a canvas"))?;
    let location = window.location();
    let protocol = location.protocol().unwrap_or_default();
    let host = location.host().unwrap_or_default();
    let hash = location.hash().unwrap_or_default();
    #[cfg(feature = "page-test-hook")]
    let search = location.search().unwrap_or_default();
    #[cfg(feature = "page-test-hook")]
    let asks = |word: &str| {
        search
            .trim_start_matches('?')
            .split('&')
            .any(|pair| pair == word)
    };
    #[cfg(feature = "page-test-hook")]
    if asks("autoplay") {
        tracing::info!("test hook: this page answers its own decisions");
        crate::session::online::test_hook::enable_autoplay();
    }
    #[cfg(feature = "page-test-hook")]
    let offline = asks("offline");
    #[cfg(feature = "page-test-hook")]
    let asks_replay = asks("replay");
    #[cfg(feature = "page-test-hook")]
    let asks_seek = asks("seek");
    #[cfg(feature = "page-test-hook")]
    let online_hook =
        online_hook::OnlineHook::new(asks("inspect"), asks_replay, u32::from(asks("rematch")));
    let loading = web_time::Instant::now();
    let catalog = Catalog::starter().map_err(|err| format!("the starter cards: {err}"))?;
    mark_duration("data-sve-cards-ms", "the cards loaded", loading.elapsed());
    let server = (!host.is_empty()).then(|| server_of_page(&protocol, &host));
    let link = TableLink::from_fragment(&hash);
    eframe::WebRunner::new()
        .start(
            canvas,
            eframe::WebOptions::default(),
            Box::new(move |creation| {
                let mut app = App::new(catalog, AppOptions::default());
                if let Err(err) = replay_picker::install(&creation.egui_ctx) {
                    tracing::warn!("no replay file picker: {err}");
                }
                if let Some(storage) = creation.storage {
                    app.restore(&Settings::load(storage));
                }
                let mut held = None;
                if let Some(server) = &server {
                    match &link {
                        Some(link) => {
                            // A seat this browser holds at the link's table
                            // is taken back rather than joined again.
                            let (entry, seat) =
                                held_seat::entry_for(link, server, creation.storage);
                            if let Some(seat) = &seat {
                                tracing::info!("taking back the seat held at table {}", seat.code);
                            }
                            held = seat;
                            app.enter_online(entry, server, &creation.egui_ctx);
                        }
                        None => app.set_server(server),
                    }
                }
                #[cfg(feature = "page-test-hook")]
                let offline = offline
                    .then(|| {
                        offline_hook::OfflineAutoplay::start(
                            &mut app,
                            &creation.egui_ctx,
                            asks_replay,
                        )
                    })
                    .flatten();
                hide_status();
                Ok(Box::new(PageApp {
                    app,
                    seats: SeatKeeper::new(held),
                    first_frame: false,
                    board: false,
                    #[cfg(feature = "page-test-hook")]
                    offline,
                    #[cfg(feature = "page-test-hook")]
                    online_hook,
                    #[cfg(feature = "page-test-hook")]
                    replay_marks: replay_hook::ReplayMarks::new(asks_seek),
                }))
            }),
        )
        .await
        .map_err(|err| format!("{err:?}"))
}

/// The app as the page runs it: it marks the page's milestones.
struct PageApp {
    app: App,
    /// The seat kept for a reload (`session/online/held_seat.rs`).
    seats: SeatKeeper,
    /// The first frame was marked.
    first_frame: bool,
    /// The first board was marked.
    board: bool,
    /// The test hook's local match, answered by the page (`?offline`).
    #[cfg(feature = "page-test-hook")]
    offline: Option<offline_hook::OfflineAutoplay>,
    /// The test hook's inspector and rematch (`?inspect`, `?rematch`).
    #[cfg(feature = "page-test-hook")]
    online_hook: Option<online_hook::OnlineHook>,
    /// The test hook's marks of a watched replay.
    #[cfg(feature = "page-test-hook")]
    replay_marks: replay_hook::ReplayMarks,
}

impl eframe::App for PageApp {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        #[cfg(feature = "page-test-hook")]
        if let Some(now) = web_sys::window().and_then(|window| window.performance()) {
            let cpu = frame.info().cpu_usage.unwrap_or(0.0);
            crate::session::online::test_hook::record_frame_time(
                now.now(),
                f64::from(cpu) * 1000.0,
            );
        }
        eframe::App::ui(&mut self.app, ui, frame);
        if let Some(storage) = frame.storage_mut() {
            let changed = self.seats.follow(self.app.online_status(), storage);
            for held in changed {
                name_table(&held);
            }
        }
        if !self.first_frame {
            self.first_frame = true;
            mark("data-sve-first-frame-ms", "first frame");
        }
        if !self.board && matches!(self.app.screen(), Screen::Match(_)) {
            self.board = true;
            mark("data-sve-board-ms", "first board");
        }
        #[cfg(feature = "page-test-hook")]
        if let Some(offline) = &mut self.offline {
            offline.after_frame(&mut self.app);
        }
        #[cfg(feature = "page-test-hook")]
        if let Some(hook) = &mut self.online_hook {
            hook.after_frame(&mut self.app);
        }
        #[cfg(feature = "page-test-hook")]
        self.replay_marks.after_frame(&mut self.app);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::App::save(&mut self.app, storage);
    }

    fn persist_egui_memory(&self) -> bool {
        eframe::App::persist_egui_memory(&self.app)
    }
}

/// Marks how long a step of the page's start took, in ms (as [`mark`]).
fn mark_duration(attribute: &str, what: &str, took: std::time::Duration) {
    let ms = took.as_secs_f64() * 1000.0;
    tracing::info!("{what} in {ms:.0} ms");
    let body = web_sys::window()
        .and_then(|window| window.document())
        .and_then(|document| document.body());
    if let Some(body) = body
        && let Err(err) = body.set_attribute(attribute, &format!("{ms:.0}"))
    {
        tracing::warn!("cannot mark {what}: {err:?}");
    }
}

/// Writes the time since the start of navigation, in milliseconds, as
/// `attribute` of the page's body.
fn mark(attribute: &str, what: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(now) = window.performance().map(|performance| performance.now()) else {
        return;
    };
    tracing::info!("{what} after {now:.0} ms");
    let body = window.document().and_then(|document| document.body());
    if let Some(body) = body
        && let Err(err) = body.set_attribute(attribute, &format!("{now:.0}"))
    {
        tracing::warn!("cannot mark the {what}: {err:?}");
    }
}

/// Writes `text` as `attribute` of the page's body.
#[cfg(feature = "page-test-hook")]
fn mark_text(attribute: &str, text: &str) {
    let body = web_sys::window()
        .and_then(|window| window.document())
        .and_then(|document| document.body());
    if let Some(body) = body
        && let Err(err) = body.set_attribute(attribute, text)
    {
        tracing::warn!("cannot mark {attribute}: {err:?}");
    }
}

/// Keeps the page's address naming the table it holds a seat at, so that
/// a reload takes that seat back: `#join=CODE` while a seat is held (a
/// table opened in the page, or a rematch's new table, too), no fragment
/// once it is released. The address changes in place (no navigation and
/// no history entry).
fn name_table(held: &Held) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let here = format!(
        "{}{}",
        location.pathname().unwrap_or_default(),
        location.search().unwrap_or_default()
    );
    let address = match held {
        Held::Kept(seat) => format!("{here}#join={}", seat.code),
        Held::Released(seat) => {
            // Only the link to that table goes.
            let link = TableLink::from_fragment(&location.hash().unwrap_or_default());
            if link != Some(TableLink::Join(seat.code.clone())) {
                return;
            }
            here
        }
    };
    let replaced = window.history().and_then(|history| {
        history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&address))
    });
    if let Err(err) = replaced {
        tracing::warn!("cannot change the page's address: {err:?}");
    }
}

/// Writes `text` in the page's loading line.
fn show_status(text: &str) {
    let status = status_element().or_else(|| {
        // The line is removed once the client runs: put it back.
        let document = web_sys::window()?.document()?;
        let status = document.create_element("div").ok()?;
        status.set_id(STATUS_ID);
        document.body()?.append_child(&status).ok()?;
        Some(status)
    });
    if let Some(status) = status {
        status.set_text_content(Some(text));
    }
}

/// Hides the loading line once the client runs.
fn hide_status() {
    if let Some(status) = status_element() {
        status.remove();
    }
}

fn status_element() -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(STATUS_ID)
}
