//! A local match in a real browser (issue 35): no server plays it. `sve
//! serve --vanilla` only hands out the test build of the page (`cargo xtask
//! web --test-hook`); headless Chromium opens it at `/?offline`, and the
//! page starts a match against the easy bot with the starter decks and
//! plays it to its end: the engine, the bot and the match worker run in
//! the page, stepped once per frame (`ui/src/session/worker/stepped.rs`),
//! and the page answers its own seat's decisions through the match
//! screen, as clicks would (`ui/src/web/offline_hook.rs`). The page marks
//! the result on `<body>` (`data-sve-outcome`).
//!
//! It also prints the frame-time figures of docs/online.md: the board
//! animates each move here (the bot waits 600 ms and for the screen), so
//! the frames drawn back to back are the animations'.
//!
//! Then the page saves the match's replay (`?replay`: the game-over
//! panel's Save replay, which in a page is a download), the test checks
//! the file with `sve --packs card-packs/starter-scripts replay --verify`
//! (the page's cards are that folder's, abilities and all: the desktop's
//! script host replays the same events) and counts the abilities that
//! resolved, and a second page opens
//! it with the start screen's "Watch a replay…" (the browser's file
//! picker, given the file over the DevTools protocol): the page's replay
//! viewer, stepped once per frame, plays a few moves at its pace, then
//! (`?seek`) seeks to the end as the replay bar's slider does, and shows
//! the same result (`data-sve-replay`, `ui/src/web/replay_hook.rs`).
//!
//! Like `browser_match.rs`, it runs only with `SVE_WEB_TEST` set:
//!
//! ```sh
//! cargo xtask web --test-hook
//! SVE_WEB_TEST=1 cargo test -p sve --test browser_offline -- --nocapture
//! ```

mod browser;
mod support;

use browser::Browser;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long the whole match may take in the browser.
const MATCH_BUDGET: Duration = Duration::from_secs(600);

/// A child process killed when dropped.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the workspace's folder")
}

/// The page's mark `attribute` on `<body>`, once marked.
fn mark_of(browser: &mut Browser, page: &browser::Page, attribute: &str) -> Option<String> {
    let expression = format!("document.body.getAttribute('{attribute}')");
    browser
        .eval(page, &expression)
        .ok()?
        .as_str()
        .map(str::to_owned)
}

/// Quantile `fraction` of `values` (sorted here).
fn quantile(values: &mut [f64], fraction: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    let at = ((values.len().saturating_sub(1)) as f64 * fraction).round() as usize;
    values.get(at).copied().unwrap_or(f64::NAN)
}

#[test]
fn a_page_plays_a_local_match_against_the_easy_bot_saves_its_replay_and_watches_it() {
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
            .args(["serve", "--vanilla", "--addr", "127.0.0.1:0", "--web"])
            .arg(&bundle)
            .env_remove("RUST_LOG")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("sve serve starts"),
    );
    let site = support::served_url(&mut server.0).replacen("ws://", "http://", 1);

    let mut browser = Browser::launch(1366, 768);
    let downloads = std::env::temp_dir().join(format!("sve-web-replays-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&downloads);
    std::fs::create_dir_all(&downloads).expect("a downloads folder");
    browser.allow_downloads(&downloads);
    let page = browser.open(&format!("{site}?offline&replay"));
    let started = Instant::now();
    let outcome = loop {
        assert!(
            started.elapsed() < MATCH_BUDGET,
            "no result in {MATCH_BUDGET:?}; the browser said:\n{}",
            browser.output()
        );
        std::thread::sleep(Duration::from_millis(500));
        let marked = browser
            .eval(&page, "document.body.getAttribute('data-sve-outcome')")
            .unwrap_or_else(|err| panic!("reading the page: {err}"));
        if let Some(outcome) = marked.as_str() {
            break outcome.to_owned();
        }
    };
    let elapsed = started.elapsed();
    eprintln!(
        "the page's cards loaded in {:?} ms, first frame {:?} ms after navigation",
        mark_of(&mut browser, &page, "data-sve-cards-ms"),
        mark_of(&mut browser, &page, "data-sve-first-frame-ms")
    );
    eprintln!("the local match ended in {elapsed:.1?}: {outcome}");
    assert!(outcome.starts_with("Win("), "{outcome}");
    assert!(!outcome.contains("Concede"), "played out: {outcome}");
    if let Some(path) = std::env::var_os("SVE_WEB_OFFLINE_SCREENSHOT") {
        std::fs::write(&path, browser.screenshot(&page)).expect("the screenshot is written");
    }

    // The replay the page saved, a download.
    let file = downloads.join("sve-replay-offline.sver");
    let asked = Instant::now();
    while !file.is_file() {
        assert!(
            asked.elapsed() < Duration::from_secs(60),
            "no replay downloaded into {}; the browser said:\n{}",
            downloads.display(),
            browser.output()
        );
        std::thread::sleep(Duration::from_millis(250));
    }
    // The page plays the starter scripts as the desktop loads that folder
    // alone: the same card data, and the same events when the desktop's
    // script host replays the answers.
    let starter_scripts = root.join("card-packs/starter-scripts");
    let verified = Command::new(env!("CARGO_BIN_EXE_sve"))
        .arg("--packs")
        .arg(&starter_scripts)
        .arg("replay")
        .arg(&file)
        .arg("--verify")
        .output()
        .expect("sve replay runs");
    let said = String::from_utf8_lossy(&verified.stdout).trim().to_owned();
    assert!(
        verified.status.success(),
        "the page's replay does not verify: {said}{}",
        String::from_utf8_lossy(&verified.stderr)
    );
    eprintln!("the replay the page downloaded: {said}");
    let catalog = sve_packs::catalog::Catalog::open(&starter_scripts, &root.join("target"))
        .expect("the starter scripts load");
    let replay = sve_engine::replay::Replay::decode(&std::fs::read(&file).expect("the replay"))
        .expect("a replay");
    let (_, log) = replay
        .play(catalog.db(), catalog.runner())
        .expect("it plays back");
    let resolved = log
        .iter()
        .filter(|event| matches!(event, sve_engine::engine::Event::AbilityResolved { .. }))
        .count();
    eprintln!("abilities resolved in the page's match: {resolved}");
    assert!(resolved > 0, "the page's match resolved no ability");
    let answers: usize = said
        .strip_prefix("ok: ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("no answer count in `{said}`"));

    // A second page watches it: picked in the start screen's file picker,
    // played by the page's replay viewer for a few moves, then sought to
    // its end.
    let viewer = browser.open(&format!("{site}?seek"));
    let opened = Instant::now();
    while mark_of(&mut browser, &viewer, "data-sve-first-frame-ms").is_none() {
        assert!(opened.elapsed() < Duration::from_secs(60), "no first frame");
        std::thread::sleep(Duration::from_millis(250));
    }
    browser.pick_file(&viewer, "#sve_replay_file", &file);
    let end = format!("{answers}/{answers} {outcome}");
    let watched = loop {
        assert!(
            opened.elapsed() < MATCH_BUDGET,
            "the replay did not play to `{end}` in {MATCH_BUDGET:?} (at {:?}); the browser said:\n{}",
            mark_of(&mut browser, &viewer, "data-sve-replay"),
            browser.output()
        );
        std::thread::sleep(Duration::from_millis(500));
        if let Some(at) = mark_of(&mut browser, &viewer, "data-sve-replay")
            && at.starts_with(&format!("{answers}/"))
            && at.contains(' ')
        {
            break at;
        }
    };
    eprintln!(
        "the page's replay viewer played it in {:.1?}: {watched}",
        opened.elapsed()
    );
    assert_eq!(watched, end, "the replay's end, as the viewer shows it");
    let _ = std::fs::remove_dir_all(&downloads);

    // Frame times: (start ms, CPU ms of the frame before) per drawn frame.
    let times = browser
        .eval(&page, "window.__sveFrameTimes || []")
        .unwrap_or_else(|err| panic!("reading the frame times: {err}"));
    let times: Vec<(f64, f64)> = times
        .as_array()
        .expect("an array")
        .iter()
        .filter_map(|pair| Some((pair.get(0)?.as_f64()?, pair.get(1)?.as_f64()?)))
        .collect();
    let mut intervals: Vec<f64> = times
        .windows(2)
        .map(|pair| pair[1].0 - pair[0].0)
        .filter(|interval| *interval < 250.0)
        .collect();
    let mut cpu: Vec<f64> = times.iter().skip(1).map(|time| time.1).collect();
    assert!(times.len() > 100, "{} frames drawn", times.len());
    eprintln!(
        "{} frames drawn, {} back to back (within 250 ms): interval p50 {:.1} ms, p95 {:.1} ms; CPU per frame p50 {:.1} ms, p95 {:.1} ms, max {:.1} ms",
        times.len(),
        intervals.len(),
        quantile(&mut intervals, 0.5),
        quantile(&mut intervals, 0.95),
        quantile(&mut cpu, 0.5),
        quantile(&mut cpu, 0.95),
        quantile(&mut cpu, 1.0),
    );
}
