//! The web page in a real browser (issue 35): `sve serve` hands out the
//! bundle `cargo xtask web` built, and headless Chromium loads it from the
//! server and draws the client's first frame, which the page marks on its
//! `<body>` (`data-sve-first-frame-ms`, `ui/src/web.rs`).
//!
//! It needs the bundle and a Chromium, which a plain `cargo test` does not
//! build or install: it runs when `SVE_WEB_TEST` is set and says it was
//! skipped otherwise. `SVE_WEB_BUNDLE` names another bundle folder
//! (default `target/web`), `SVE_CHROMIUM` another browser (default
//! `chromium`, Debian's package).
//!
//! ```sh
//! cargo xtask web && SVE_WEB_TEST=1 cargo test -p sve --test web_page -- --nocapture
//! ```

mod support;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long the browser may take to load the page and draw.
const BROWSER_BUDGET: Duration = Duration::from_secs(60);

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

/// The number after `attribute="` in `dom`.
fn marked(dom: &str, attribute: &str) -> Option<f64> {
    let start = dom.find(&format!("{attribute}=\""))? + attribute.len() + 2;
    let rest = dom.get(start..)?;
    rest.get(..rest.find('"')?)?.parse().ok()
}

#[test]
fn a_browser_loads_the_page_from_sve_serve_and_draws_a_first_frame() {
    if std::env::var_os("SVE_WEB_TEST").is_none() {
        eprintln!(
            "skipped: set SVE_WEB_TEST=1 to run it (it needs `cargo xtask web` and Chromium)"
        );
        return;
    }
    let root = workspace_root();
    let bundle = std::env::var_os("SVE_WEB_BUNDLE")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target/web"));
    assert!(
        bundle.join("index.html").is_file(),
        "no web bundle in {}: run `cargo xtask web` first",
        bundle.display()
    );
    let chromium = std::env::var("SVE_CHROMIUM").unwrap_or_else(|_| "chromium".to_owned());

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
    let ws = support::served_url(&mut server.0);
    let page = ws.replacen("ws://", "http://", 1);

    let profile = std::env::temp_dir().join(format!("sve-chromium-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let started = Instant::now();
    let browser = Command::new(&chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--enable-unsafe-swiftshader",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--window-size=1366,768",
            "--virtual-time-budget=30000",
            "--dump-dom",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(&page)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .unwrap_or_else(|err| panic!("{chromium} runs: {err}"));
    let _ = std::fs::remove_dir_all(&profile);
    let elapsed = started.elapsed();
    assert!(elapsed < BROWSER_BUDGET, "the browser took {elapsed:?}");
    let dom = String::from_utf8_lossy(&browser.stdout);
    let first_frame = marked(&dom, "data-sve-first-frame-ms")
        .unwrap_or_else(|| panic!("the page drew no frame in {elapsed:?}; its DOM:\n{dom}"));
    // Under --virtual-time-budget the page's clock is virtual: the mark
    // says a frame was drawn; the browser's whole run is wall-clock time.
    eprintln!("first frame drawn (virtual {first_frame} ms; {page}; browser run {elapsed:?})");
    // The loading line goes once the client runs (it would say why not).
    assert!(!dom.contains("id=\"sve_status\""), "{dom}");
}

#[test]
fn a_mark_is_read_from_the_dom() {
    let dom = r#"<body data-sve-first-frame-ms="812"><canvas id="sve_canvas"></canvas></body>"#;
    assert_eq!(marked(dom, "data-sve-first-frame-ms"), Some(812.0));
    assert_eq!(marked(dom, "data-sve-board-ms"), None);
}
