//! A whole match in a real browser (issue 35), a reload in the middle of
//! it, and a rematch. The test starts `sve serve` with the cards of
//! `card-packs/` and the test build of the web page (`cargo xtask web
//! --test-hook`); a `sve client --bot greedy --rematch 1` opens a table;
//! headless Chromium opens the page at `/?autoplay&inspect&rematch#join=CODE`,
//! and the page joins that table by its link and plays, answering with its
//! own greedy bot (the page's test hook, `ui/src/session/online/test_hook.rs`:
//! the same commands a click sends, over the browser's WebSocket). A
//! second page watches at `#watch=CODE`.
//!
//! Mid-match (turn 4) the player's page is reloaded. The page kept its
//! seat token in local storage (`ui/src/session/online/held_seat.rs`), so
//! the reloaded page takes its seat back instead of joining again: the
//! test asserts it was seated again at the same table in the same seat,
//! and it plays on to the end. Meanwhile the page opens the card inspector
//! on a card on the field through the match screen (`?inspect`,
//! `ui/src/web/online_hook.rs`) and marks the card the server's data named;
//! when a match is over it saves the replay through the game-over panel's
//! path (`?replay`: the server sends it, the page hands it to the browser
//! as a download, which the test checks with `sve replay --verify`) and
//! after the first offers a rematch (`?rematch`); the bot offers too, and
//! the rematch (seats swapped, a new table) is played to its end as well. At the end the
//! page holds no seat in its storage and its address names no table.
//!
//! The hook puts every frame each page received on `window.__sveFrames`;
//! the test reads them back over the DevTools protocol and decodes them as
//! the page did (view patches through `sve_net::patch::Mirror`). It
//! asserts that both pages and the bot were told the same results, that
//! the page answered decisions of its own, and that no update either page
//! received held anything its viewer may not know (`sve_net::client::
//! leaks::count`: the opponent's hand or face-down evolve deck face up,
//! a card named between two hidden places, another seat's decision, an
//! inspected hidden card), before the reload and after it.
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

/// The turn of the first match from which the player's page is reloaded.
const RELOAD_TURN: u32 = 4;

/// The storage key of the seats a page holds
/// (`sve_ui::session::online::held_seat::HELD_SEATS_KEY`).
const HELD_SEATS_KEY: &str = "sve-ui held seats";

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
    /// Each seating the page was sent (table code, seat), in order: a
    /// reconnect's and a rematch's too.
    seatings: Vec<(String, Option<u8>)>,
    /// Whole updates (views), as `Connection::recv` would hand them on.
    updates: u32,
    /// Updates that asked this page a decision.
    asked: u32,
    /// Things this viewer may not know (`leaks::count`).
    leaks: u32,
    /// Inspector data received: `Inspected` answers and updates that
    /// carried the followed cards.
    inspected: u32,
    /// The turn of the latest view.
    turn: u32,
    /// Each match's result, with the seat the page had in it.
    outcomes: Vec<(Outcome, Option<u8>)>,
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
                self.seat = seating.seat;
                self.seatings.push((seating.code, seating.seat));
                return;
            }
            ServerMsg::GameOver { outcome } => {
                self.outcomes.push((outcome, self.seat));
                return;
            }
            ServerMsg::Inspected { cards } => {
                self.inspected += u32::from(!cards.is_empty());
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
        self.inspected += u32::from(!update.inspected.is_empty());
        self.turn = update.view.turn;
        if update.view.decision.is_some() {
            self.asked += 1;
        }
        self.leaks += leaks::count(&update, self.seat);
    }

    /// The page was reloaded: its record starts over (and its first
    /// entry, the new connection's `"open"`, starts a new view).
    fn reloaded(&mut self) {
        self.taken = 0;
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

/// The page's `localStorage` item `key` (`None` when it has none).
fn stored(browser: &mut Browser, page: &Page, key: &str) -> Option<String> {
    let expression = format!("localStorage.getItem('{key}')");
    browser
        .eval(page, &expression)
        .unwrap_or_else(|err| panic!("reading the page's storage: {err}"))
        .as_str()
        .map(str::to_owned)
}

/// The page's address's fragment (`#join=CODE`, or empty).
fn fragment(browser: &mut Browser, page: &Page) -> String {
    browser
        .eval(page, "location.hash")
        .ok()
        .and_then(|hash| hash.as_str().map(str::to_owned))
        .unwrap_or_default()
}

#[test]
fn a_page_joins_by_link_is_reloaded_inspects_plays_to_its_end_and_rematches() {
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

    // The bot opens a table for a person and says its code; after the
    // match it offers one rematch.
    let mut bot = Killed(
        Command::new(env!("CARGO_BIN_EXE_sve"))
            .args(["client", "--connect", &ws, "--bot", "greedy", "--seed", "5"])
            .args(["--deck", "SD05", "--name", "Greedy", "--rematch", "1"])
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
    let downloads = std::env::temp_dir().join(format!("sve-web-downloads-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&downloads);
    std::fs::create_dir_all(&downloads).expect("a downloads folder");
    browser.allow_downloads(&downloads);
    let player = browser.open(&format!(
        "{site}?autoplay&inspect&replay&rematch#join={code}"
    ));
    let mut played = Traffic::default();
    let started = Instant::now();
    while played.seatings.is_empty() {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the page was not seated in 120 s; the browser said:\n{}",
            browser.output()
        );
        std::thread::sleep(Duration::from_millis(250));
        played.poll(&mut browser, &player);
    }
    let first_seat = played.seat;
    let watcher = browser.open(&format!("{site}#watch={code}"));
    let mut watched = Traffic::default();
    let screenshot = std::env::var_os("SVE_WEB_SCREENSHOT").map(PathBuf::from);
    let mut photographed = false;
    let mut reloaded = None;
    let mut next_progress = Duration::from_secs(15);
    let (mut last_moved, mut last_move) = ((0, 0), Instant::now());

    while played.outcomes.len() < 2 || watched.outcomes.is_empty() {
        assert!(
            started.elapsed() < MATCH_BUDGET,
            "no end in {MATCH_BUDGET:?}: the page at turn {} ({} updates, {} results), the watcher {} updates; the browser said:\n{}",
            played.turn,
            played.updates,
            played.outcomes.len(),
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
                "{:.0?}: the page at turn {}, {} updates, {} asked, {} results; the watcher {} updates",
                started.elapsed(),
                played.turn,
                played.updates,
                played.asked,
                played.outcomes.len(),
                watched.updates
            );
        }
        if reloaded.is_none() && played.outcomes.is_empty() && played.turn >= RELOAD_TURN {
            reloaded = Some(reload_mid_match(&mut browser, &player, &mut played, &code));
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

    // The bot's own report of the same two matches.
    let bot_status = bot.0.wait().expect("the bot ends");
    assert!(bot_status.success(), "sve client failed: {bot_status}");
    let bot_said: Vec<String> = bot_out.try_iter().collect();
    let bot_results: Vec<&String> = bot_said
        .iter()
        .filter(|line| line.starts_with("You win") || line.starts_with("You lose"))
        .collect();
    assert_eq!(bot_results.len(), 2, "the bot's results: {bot_said:?}");
    let told: Vec<&String> = bot_said
        .iter()
        .filter(|line| line.contains("things you were told that you should not have been"))
        .collect();
    assert!(
        told.len() == 2 && told.iter().all(|line| line.contains("; 0 things")),
        "{bot_said:?}"
    );

    // The reload: the page came back at the same table, in the same seat,
    // by its token (a join would have been refused: the table had started).
    let reloaded = reloaded.expect("the page was reloaded mid-match");
    eprintln!(
        "reloaded at turn {}: seated again {:.1?} after the reload",
        reloaded.turn, reloaded.reseated_after
    );
    assert!(first_seat.is_some(), "the page had a seat");
    let seated_at: Vec<&str> = played
        .seatings
        .iter()
        .map(|(code, _)| code.as_str())
        .collect();
    assert_eq!(
        played.seatings.get(1),
        Some(&(code.clone(), first_seat)),
        "after the reload: {:?}",
        played.seatings
    );

    // Both matches' results, as the server told the page and the bot.
    for (index, ((outcome, seat), bot_result)) in
        played.outcomes.iter().zip(&bot_results).enumerate()
    {
        let seat = seat.expect("the page had a seat");
        let Outcome::Win(winner, reason) = outcome else {
            panic!("match {}: a draw: {outcome:?}", index + 1);
        };
        eprintln!(
            "match {}: the page (seat {seat}) {} ({reason:?})",
            index + 1,
            if winner.0 == seat { "won" } else { "lost" },
        );
        assert_eq!(
            bot_result.starts_with("You win"),
            winner.0 != seat,
            "match {}: the bot said `{bot_result}`, the server told the page {outcome:?} (seat {seat})",
            index + 1
        );
    }
    // The rematch: a new table, the seats swapped.
    let (rematch_code, rematch_seat) = played.seatings.last().expect("seatings").clone();
    assert_ne!(rematch_code, code, "the rematch's table");
    assert_eq!(
        rematch_seat.map(|seat| 1 - seat),
        first_seat,
        "the rematch swaps the seats"
    );
    assert_eq!(played.seatings.len(), 3, "seated at {seated_at:?}");

    eprintln!(
        "the page: {} frames ({} bytes), {} updates, {} asked, {} with inspector data, in {elapsed:.1?}; the watcher {} updates",
        played.frames,
        played.bytes,
        played.updates,
        played.asked,
        played.inspected,
        watched.updates,
    );
    assert_eq!(
        watched.outcomes.first().map(|(outcome, _)| *outcome),
        played.outcomes.first().map(|(outcome, _)| *outcome),
        "the watcher's result"
    );
    assert_eq!(watched.seat, None, "the watcher has no seat");
    assert!(
        played.asked >= 20,
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

    // The inspector: the page asked about a card on the field through its
    // match screen, the server answered, and the screen had its data.
    assert!(played.inspected > 0, "no inspector data came");
    let inspected = browser
        .eval(&player, "document.body.getAttribute('data-sve-inspected')")
        .ok()
        .and_then(|text| text.as_str().map(str::to_owned))
        .unwrap_or_default();
    eprintln!("the page's inspector showed: {inspected}");
    assert!(
        seated_at
            .iter()
            .any(|code| inspected.starts_with(&format!("{code} "))
                && inspected.len() > code.len() + 1),
        "the page marked no inspected card: {inspected:?}"
    );

    // Each match's replay, saved through the game-over panel's path: the
    // server sent it, the page handed it to the browser as a download,
    // and it plays the match again with the server's cards.
    for table in [code.as_str(), rematch_code.as_str()] {
        let file = downloads.join(format!("sve-replay-{table}.sver"));
        let asked = Instant::now();
        while !file.is_file() {
            assert!(
                asked.elapsed() < Duration::from_secs(60),
                "no replay of table {table} in {}: {:?}; the browser said:\n{}",
                downloads.display(),
                std::fs::read_dir(&downloads)
                    .map(|dir| dir.flatten().map(|e| e.file_name()).collect::<Vec<_>>()),
                browser.output()
            );
            std::thread::sleep(Duration::from_millis(250));
        }
        let verified = Command::new(env!("CARGO_BIN_EXE_sve"))
            .arg("--packs")
            .arg(root.join("card-packs"))
            .arg("replay")
            .arg(&file)
            .arg("--verify")
            .output()
            .expect("sve replay runs");
        let said = String::from_utf8_lossy(&verified.stdout);
        assert!(
            verified.status.success(),
            "the downloaded replay of {table} does not verify: {said}{}",
            String::from_utf8_lossy(&verified.stderr)
        );
        eprintln!(
            "the replay of table {table}, downloaded by the page: {}",
            said.trim()
        );
    }
    let _ = std::fs::remove_dir_all(&downloads);

    // The matches are over: the page holds no seat and its address names
    // no table.
    assert_eq!(stored(&mut browser, &player, HELD_SEATS_KEY), None);
    assert_eq!(fragment(&mut browser, &player), "");
    // The page drew the board of the joined table.
    assert!(
        mark(&mut browser, &player, "data-sve-board-ms").is_some(),
        "the page marked no board"
    );
    assert!(mark(&mut browser, &watcher, "data-sve-board-ms").is_some());

    // Figures for docs/online.md: the player's page's milestones (after
    // its reload: the seat taken back) and its frames while the board
    // moved.
    let first_frame = mark(&mut browser, &player, "data-sve-first-frame-ms");
    let board = mark(&mut browser, &player, "data-sve-board-ms");
    eprintln!(
        "the reloaded page: first frame {first_frame:?} ms, board {board:?} ms after navigation"
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

/// What the reload mid-match came to.
struct Reloaded {
    /// The turn the page was reloaded at.
    turn: u32,
    /// From the reload to the seating again.
    reseated_after: Duration,
}

/// Reloads the player's page at table `code`, once it holds its seat in
/// local storage and its address names the table; returns once the new
/// page is seated again (its traffic goes on in `played`).
fn reload_mid_match(
    browser: &mut Browser,
    player: &Page,
    played: &mut Traffic,
    code: &str,
) -> Reloaded {
    let held = stored(browser, player, HELD_SEATS_KEY).unwrap_or_default();
    assert!(
        held.contains(code),
        "the page holds no seat at {code} before the reload: {held:?}"
    );
    assert_eq!(fragment(browser, player), format!("#join={code}"));
    // What came before the reload is taken in first.
    played.poll(browser, player);
    let turn = played.turn;
    let seatings = played.seatings.len();
    eprintln!("reloading the player's page at turn {turn}");
    browser
        .eval(player, "window.__sveOldPage = true")
        .unwrap_or_else(|err| panic!("marking the old page: {err}"));
    let reloaded_at = Instant::now();
    browser.reload(player);
    // The new document is there once the old page's mark is gone.
    loop {
        assert!(
            reloaded_at.elapsed() < Duration::from_secs(60),
            "the page did not reload in 60 s; the browser said:\n{}",
            browser.output()
        );
        std::thread::sleep(Duration::from_millis(100));
        let old = browser.eval(player, "window.__sveOldPage === true");
        if old.ok().and_then(|old| old.as_bool()) == Some(false) {
            break;
        }
    }
    played.reloaded();
    while played.seatings.len() == seatings {
        assert!(
            reloaded_at.elapsed() < Duration::from_secs(120),
            "the reloaded page was not seated again in 120 s; the browser said:\n{}",
            browser.output()
        );
        std::thread::sleep(Duration::from_millis(100));
        played.poll(browser, player);
    }
    Reloaded {
        turn,
        reseated_after: reloaded_at.elapsed(),
    }
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
