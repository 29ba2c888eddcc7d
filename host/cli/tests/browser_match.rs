//! A whole match in a real browser (issue 35). The test starts `sve serve`
//! with the cards of `card-packs/` and the test build of the web page
//! (`cargo xtask web --test-hook`); a `sve client --bot greedy` opens a
//! table; headless Chromium opens the page at `/?autoplay#join=CODE`, and
//! the page joins that table by its link and plays the match to its end,
//! answering with its own greedy bot (the page's test hook,
//! `ui/src/session/online/test_hook.rs`: the same commands a click sends,
//! over the browser's WebSocket). A second page watches at `#watch=CODE`.
//!
//! The hook puts every frame each page received on `window.__sveFrames`;
//! the test reads them back over the DevTools protocol and decodes them as
//! the page did (view patches through `sve_net::patch::Mirror`). It
//! asserts that both pages and the bot were told the same result, that
//! the page answered decisions of its own, and that no update either page
//! received held anything its viewer may not know (`sve_net::client::
//! leaks::count`: the opponent's hand or face-down evolve deck face up,
//! a card named between two hidden places, another seat's decision, an
//! inspected hidden card).
//!
//! It needs the test bundle and Chromium, which a plain `cargo test` does
//! not build or install: it runs when `SVE_WEB_TEST` is set (CI sets it)
//! and says it was skipped otherwise. `SVE_WEB_BUNDLE` names the bundle
//! folder (default `target/web-test`), `SVE_CHROMIUM` the browser
//! (default `chromium`). With `SVE_WEB_SCREENSHOT=FILE` it also saves a
//! PNG of the player's page mid-match (`docs/screenshots/web-match.png`
//! was taken so).
//!
//! ```sh
//! apt-get install chromium
//! cargo xtask web --test-hook
//! SVE_WEB_TEST=1 cargo test -p sve --test browser_match -- --nocapture
//! ```

mod browser;
mod support;

use browser::{Browser, Page};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use sve_engine::engine::Outcome;
use sve_net::client::leaks;
use sve_net::patch::Mirror;
use sve_net::protocol::{MAX_SERVER_FRAME_BYTES, ServerMsg, decode};

/// How long the whole match may take in the browser.
const MATCH_BUDGET: Duration = Duration::from_secs(600);

/// How long both pages may go without a new update before the test
/// gives up (the bot answers at once; the page within a few frames).
const STALL_BUDGET: Duration = Duration::from_secs(60);

/// The turn from which the player's page is photographed.
const SCREENSHOT_TURN: u32 = 7;

/// A child process killed when dropped.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// What one page was sent, decoded as the page decoded it.
#[derive(Debug, Default)]
struct Traffic {
    /// Entries of `window.__sveFrames` taken in.
    taken: usize,
    mirror: Mirror,
    /// The seating's seat: `None` before seating or for a spectator.
    seat: Option<u8>,
    seated: bool,
    /// Whole updates (views), as `Connection::recv` would hand them on.
    updates: u32,
    /// Updates that asked this page a decision.
    asked: u32,
    /// Things this viewer may not know (`leaks::count`).
    leaks: u32,
    /// The turn of the latest view.
    turn: u32,
    outcome: Option<Outcome>,
    frames: u32,
    bytes: usize,
}

impl Traffic {
    /// Takes in one entry of the page's record: `"open"` or a frame's hex.
    fn take(&mut self, entry: &str) {
        self.taken += 1;
        if entry == "open" {
            self.mirror = Mirror::new();
            return;
        }
        let bytes = hex(entry);
        self.frames += 1;
        self.bytes += bytes.len();
        let msg: ServerMsg = decode(&bytes, MAX_SERVER_FRAME_BYTES)
            .unwrap_or_else(|err| panic!("the page got a frame it can't read: {err}"));
        let update = match msg {
            ServerMsg::Seated(seating) => {
                self.seated = true;
                self.seat = seating.seat;
                return;
            }
            ServerMsg::GameOver { outcome } => {
                self.outcome = Some(outcome);
                return;
            }
            ServerMsg::Update(update) => self.mirror.whole(*update).clone(),
            ServerMsg::Patch(patch) => self
                .mirror
                .apply(*patch)
                .unwrap_or_else(|err| panic!("a patch the page could not apply: {err}"))
                .clone(),
            _ => return,
        };
        self.updates += 1;
        self.turn = update.view.turn;
        if update.view.decision.is_some() {
            self.asked += 1;
        }
        self.leaks += leaks::count(&update, self.seat);
    }

    /// Takes in what the page recorded since the last call.
    fn poll(&mut self, browser: &mut Browser, page: &Page) {
        let expression = format!("(window.__sveFrames || []).slice({})", self.taken);
        let entries = browser
            .eval(page, &expression)
            .unwrap_or_else(|err| panic!("reading the page's frames: {err}"));
        for entry in entries.as_array().expect("an array") {
            self.take(entry.as_str().expect("a string"));
        }
    }
}

/// Bytes from lower-case hex (the hook's record).
fn hex(text: &str) -> Vec<u8> {
    (0..text.len() / 2)
        .map(|at| u8::from_str_radix(&text[2 * at..2 * at + 2], 16).expect("hex"))
        .collect()
}

fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the workspace's folder")
}

/// Lines of a child's pipe, sent as they come (the pipe is drained to its
/// end, so the child never blocks on it).
fn lines(pipe: impl std::io::Read + Send + 'static) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(pipe).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    rx
}

/// The page's milestone `attribute` on `<body>`, once marked.
fn mark(browser: &mut Browser, page: &Page, attribute: &str) -> Option<f64> {
    let expression = format!("document.body.getAttribute('{attribute}')");
    browser.eval(page, &expression).ok()?.as_str()?.parse().ok()
}

#[test]
fn a_page_joins_by_link_plays_a_match_to_its_end_and_a_second_page_watches() {
    if std::env::var_os("SVE_WEB_TEST").is_none() {
        eprintln!(
            "skipped: set SVE_WEB_TEST=1 to run it (it needs `cargo xtask web --test-hook` and Chromium)"
        );
        return;
    }
    let root = workspace_root();
    let bundle = std::env::var_os("SVE_WEB_BUNDLE")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target/web-test"));
    assert!(
        bundle.join("index.html").is_file(),
        "no web bundle in {}: run `cargo xtask web --test-hook` first",
        bundle.display()
    );

    let mut server = Killed(
        Command::new(env!("CARGO_BIN_EXE_sve"))
            .args(["serve", "--addr", "127.0.0.1:0", "--packs"])
            .arg(root.join("card-packs"))
            .arg("--web")
            .arg(&bundle)
            .env_remove("RUST_LOG")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("sve serve starts"),
    );
    let ws = support::served_url(&mut server.0);
    let site = ws.replacen("ws://", "http://", 1);

    // The bot opens a table for a person and says its code.
    let mut bot = Killed(
        Command::new(env!("CARGO_BIN_EXE_sve"))
            .args(["client", "--connect", &ws, "--bot", "greedy", "--seed", "5"])
            .args(["--deck", "SD05", "--name", "Greedy"])
            .current_dir(&root)
            .env_remove("RUST_LOG")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("sve client starts"),
    );
    let bot_out = lines(bot.0.stdout.take().expect("piped"));
    let bot_err = lines(bot.0.stderr.take().expect("piped"));
    let code = loop {
        let line = bot_err
            .recv_timeout(Duration::from_secs(60))
            .expect("the bot opens a table within 60 s");
        if let Some(code) = line.strip_prefix("table open: your opponent joins with code ") {
            break code.trim().to_owned();
        }
    };

    let mut browser = Browser::launch(1366, 768);
    let player = browser.open(&format!("{site}?autoplay#join={code}"));
    let mut played = Traffic::default();
    let started = Instant::now();
    while !played.seated {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the page was not seated in 120 s; the browser said:\n{}",
            browser.output()
        );
        std::thread::sleep(Duration::from_millis(250));
        played.poll(&mut browser, &player);
    }
    let watcher = browser.open(&format!("{site}#watch={code}"));
    let mut watched = Traffic::default();
    let screenshot = std::env::var_os("SVE_WEB_SCREENSHOT").map(PathBuf::from);
    let mut photographed = false;
    let mut next_progress = Duration::from_secs(15);
    let (mut last_moved, mut last_move) = ((0, 0), Instant::now());

    while played.outcome.is_none() || watched.outcome.is_none() {
        assert!(
            started.elapsed() < MATCH_BUDGET,
            "no end in {MATCH_BUDGET:?}: the page at turn {} ({} updates), the watcher {} updates; the browser said:\n{}",
            played.turn,
            played.updates,
            watched.updates,
            browser.output()
        );
        std::thread::sleep(Duration::from_millis(250));
        played.poll(&mut browser, &player);
        watched.poll(&mut browser, &watcher);
        let moved = (played.updates, watched.updates);
        if moved != last_moved {
            last_moved = moved;
            last_move = Instant::now();
        }
        assert!(
            last_move.elapsed() < STALL_BUDGET,
            "nothing new for {STALL_BUDGET:?}: the page at turn {} ({} updates, {} asked), the watcher {} updates; the browser said:\n{}",
            played.turn,
            played.updates,
            played.asked,
            watched.updates,
            browser.output()
        );
        if started.elapsed() >= next_progress {
            next_progress += Duration::from_secs(15);
            eprintln!(
                "{:.0?}: the page at turn {}, {} updates, {} asked; the watcher {} updates",
                started.elapsed(),
                played.turn,
                played.updates,
                played.asked,
                watched.updates
            );
        }
        if let Some(path) = &screenshot
            && !photographed
            && played.turn >= SCREENSHOT_TURN
        {
            photographed = true;
            let png = browser.screenshot(&player);
            std::fs::write(path, png).expect("the screenshot is written");
            eprintln!("screenshot of turn {} in {}", played.turn, path.display());
        }
    }
    let elapsed = started.elapsed();

    // The bot's own report of the same match.
    let bot_status = bot.0.wait().expect("the bot ends");
    assert!(bot_status.success(), "sve client failed: {bot_status}");
    let bot_said: Vec<String> = bot_out.try_iter().collect();
    let bot_result = bot_said
        .iter()
        .find(|line| line.starts_with("You win") || line.starts_with("You lose"))
        .unwrap_or_else(|| panic!("the bot reports no result: {bot_said:?}"));
    assert!(
        bot_said
            .iter()
            .any(|line| line.ends_with("0 things you were told that you should not have been")),
        "{bot_said:?}"
    );

    let seat = played.seat.expect("the page had a seat");
    let outcome = played.outcome.expect("over");
    let Outcome::Win(winner, reason) = outcome else {
        panic!("a draw: {outcome:?}");
    };
    eprintln!(
        "the page (seat {seat}) {} ({reason:?}) on turn {} in {elapsed:.1?}: {} frames ({} bytes), {} updates, {} asked; the watcher {} updates",
        if winner.0 == seat { "won" } else { "lost" },
        played.turn,
        played.frames,
        played.bytes,
        played.updates,
        played.asked,
        watched.updates,
    );
    assert_eq!(
        bot_result.starts_with("You win"),
        winner.0 != seat,
        "the bot said `{bot_result}`, the server told the page {outcome:?} (seat {seat})"
    );
    assert_eq!(watched.outcome, Some(outcome), "the watcher's result");
    assert_eq!(watched.seat, None, "the watcher has no seat");
    assert!(
        played.asked >= 10,
        "the page answered {} decisions",
        played.asked
    );
    assert!(
        watched.updates >= 10,
        "the watcher saw {} updates",
        watched.updates
    );
    assert_eq!(played.leaks, 0, "things the player's page may not know");
    assert_eq!(watched.leaks, 0, "things the watcher's page may not know");
    // The page drew the board of the joined table.
    assert!(
        mark(&mut browser, &player, "data-sve-board-ms").is_some(),
        "the page marked no board"
    );
    assert!(mark(&mut browser, &watcher, "data-sve-board-ms").is_some());

    // Figures for docs/online.md: the player's page's milestones and its
    // frames while the board moved.
    let first_frame = mark(&mut browser, &player, "data-sve-first-frame-ms");
    let board = mark(&mut browser, &player, "data-sve-board-ms");
    eprintln!(
        "the player's page: first frame {first_frame:?} ms, board {board:?} ms after navigation"
    );
    let times = browser
        .eval(&player, "window.__sveFrameTimes || []")
        .unwrap_or_else(|err| panic!("reading the frame times: {err}"));
    let times: Vec<(f64, f64)> = times
        .as_array()
        .expect("an array")
        .iter()
        .filter_map(|pair| Some((pair.get(0)?.as_f64()?, pair.get(1)?.as_f64()?)))
        .collect();
    eprintln!("{}", frame_figures(&times));
}

/// Frame-time figures from `(start ms, CPU ms)` per drawn frame: the
/// frames drawn back to back (within 250 ms of the one before: the board
/// animating, or moving; WebGL in software draws a frame in about 80 ms
/// here), their interval, and eframe's CPU time of every frame.
fn frame_figures(times: &[(f64, f64)]) -> String {
    let quantile = |values: &mut Vec<f64>, fraction: f64| {
        values.sort_by(f64::total_cmp);
        let at = ((values.len().saturating_sub(1)) as f64 * fraction).round() as usize;
        values.get(at).copied().unwrap_or(f64::NAN)
    };
    let mut intervals = Vec::new();
    let mut cpu = Vec::new();
    for pair in times.windows(2) {
        let interval = pair[1].0 - pair[0].0;
        if interval < 250.0 {
            intervals.push(interval);
        }
        cpu.push(pair[1].1);
    }
    format!(
        "{} frames drawn, {} back to back: interval p50 {:.1} ms, p95 {:.1} ms; CPU per frame p50 {:.1} ms, p95 {:.1} ms, max {:.1} ms",
        times.len(),
        intervals.len(),
        quantile(&mut intervals, 0.5),
        quantile(&mut intervals, 0.95),
        quantile(&mut cpu, 0.5),
        quantile(&mut cpu, 0.95),
        quantile(&mut cpu, 1.0),
    )
}

#[test]
fn hex_reads_back_bytes() {
    assert_eq!(hex("00ff10"), vec![0, 255, 16]);
    assert_eq!(hex(""), Vec::<u8>::new());
}
