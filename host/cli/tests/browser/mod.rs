//! Headless Chromium driven over the DevTools protocol, for the web page's
//! real-browser tests (issue 35): Debian's `chromium` started with
//! `--remote-debugging-port=0`, one WebSocket to the browser (tungstenite,
//! blocking, with a read timeout), and a session per page (`Target.
//! attachToTarget` with `flatten`). A page is evaluated in
//! (`Runtime.evaluate`), reloaded (`Page.reload`) and photographed
//! (`Page.captureScreenshot`), its downloads go to a folder
//! (`Browser.setDownloadBehavior`) and its file inputs are given files
//! (`DOM.setFileInputFiles`);
//! nothing else is needed, so no browser-automation crate.
//!
//! The flags are the ones this closed network needs
//! (`--disable-background-networking` and company: without them Chromium
//! tries Google's hosts at every start), plus `--enable-unsafe-swiftshader`
//! for WebGL2 in software, which eframe draws with.

use base64::Engine as _;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};
use tungstenite::{Message, WebSocket};

/// How long one DevTools call may take.
const CALL_TIMEOUT: Duration = Duration::from_secs(60);

/// The browser's last lines of output kept for a failure's message.
const KEPT_LINES: usize = 200;

/// A headless Chromium and the DevTools connection to it; the browser is
/// killed and its profile removed when this is dropped.
pub struct Browser {
    child: Child,
    socket: WebSocket<TcpStream>,
    next_id: u64,
    profile: PathBuf,
    /// The browser's output (stderr), its last lines.
    output: Arc<Mutex<Vec<String>>>,
}

/// One page (a DevTools target) the browser shows.
#[derive(Debug, Clone)]
pub struct Page {
    session: String,
}

impl Browser {
    /// Starts `SVE_CHROMIUM` (default `chromium`) headless with an empty
    /// profile and a window of `width`×`height`, and connects to it.
    pub fn launch(width: u32, height: u32) -> Browser {
        let chromium = std::env::var("SVE_CHROMIUM").unwrap_or_else(|_| "chromium".to_owned());
        static LAUNCHED: AtomicU32 = AtomicU32::new(0);
        let profile = std::env::temp_dir().join(format!(
            "sve-cdp-{}-{}",
            std::process::id(),
            LAUNCHED.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&profile);
        let mut child = Command::new(&chromium)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--enable-unsafe-swiftshader",
                "--disable-quic",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-default-apps",
                "--disable-extensions",
                "--no-first-run",
                "--no-default-browser-check",
                // Pages behind others keep drawing: each plays its part.
                "--disable-background-timer-throttling",
                "--disable-renderer-backgrounding",
                "--disable-backgrounding-occluded-windows",
                "--enable-logging=stderr",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--window-size={width},{height}"))
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|err| panic!("{chromium} starts: {err} (apt-get install chromium)"));
        let stderr = child.stderr.take().expect("piped");
        let output = Arc::new(Mutex::new(Vec::new()));
        let (url_tx, url_rx) = mpsc::channel();
        {
            let output = Arc::clone(&output);
            std::thread::spawn(move || {
                // Drained to the end, or the browser blocks on a full pipe.
                for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                    if let Some(at) = line.find("ws://")
                        && line.contains("DevTools listening on")
                    {
                        url_tx.send(line[at..].trim().to_owned()).ok();
                    }
                    let mut kept = output.lock().expect("the output's lock");
                    if kept.len() == KEPT_LINES {
                        kept.remove(0);
                    }
                    kept.push(line);
                }
            });
        }
        let url = url_rx
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| {
                let _ = child.kill();
                panic!(
                    "{chromium} gave no DevTools address in 60 s; its output:\n{}",
                    output.lock().expect("lock").join("\n")
                )
            });
        let host = url
            .strip_prefix("ws://")
            .and_then(|rest| rest.split('/').next())
            .expect("a ws:// address")
            .to_owned();
        let stream = TcpStream::connect(&host).expect("the DevTools port takes a connection");
        stream
            .set_read_timeout(Some(Duration::from_millis(500)))
            .expect("a read timeout");
        let (socket, _) = tungstenite::client(url.as_str(), stream).expect("a DevTools handshake");
        Browser {
            child,
            socket,
            next_id: 0,
            profile,
            output,
        }
    }

    /// Opens `url` in a new window and attaches to it. Each page gets a
    /// window of its own: a tab behind another is hidden, and a hidden
    /// page gets no animation frames, which is when eframe steps the app.
    pub fn open(&mut self, url: &str) -> Page {
        let target = self.call(
            None,
            "Target.createTarget",
            json!({ "url": url, "newWindow": true, "background": false }),
        );
        let target_id = target["targetId"].as_str().expect("a target id").to_owned();
        let attached = self.call(
            None,
            "Target.attachToTarget",
            json!({ "targetId": target_id, "flatten": true }),
        );
        let session = attached["sessionId"]
            .as_str()
            .expect("a session id")
            .to_owned();
        Page { session }
    }

    /// The value of `expression` in `page` (awaited if it is a promise),
    /// as JSON; `Err` with the page's exception.
    pub fn eval(&mut self, page: &Page, expression: &str) -> Result<Value, String> {
        let result = self.call(
            Some(&page.session),
            "Runtime.evaluate",
            json!({ "expression": expression, "returnByValue": true, "awaitPromise": true }),
        );
        if let Some(exception) = result.get("exceptionDetails") {
            return Err(exception.to_string());
        }
        Ok(result["result"]["value"].clone())
    }

    /// Reloads `page` as the browser's reload button does (`Page.reload`);
    /// returns once the reload has started. A mark left on the old page's
    /// `window` tells when the new document is there.
    #[allow(dead_code, reason = "only some of the browser tests reload a page")]
    pub fn reload(&mut self, page: &Page) {
        self.call(Some(&page.session), "Page.reload", json!({}));
    }

    /// Lets pages download files into `folder` without asking
    /// (`Browser.setDownloadBehavior`).
    #[allow(dead_code, reason = "only some of the browser tests download")]
    pub fn allow_downloads(&mut self, folder: &std::path::Path) {
        self.call(
            None,
            "Browser.setDownloadBehavior",
            json!({ "behavior": "allow", "downloadPath": folder.display().to_string() }),
        );
    }

    /// Gives the file input `selector` of `page` the file at `path`, as a
    /// person picking it in the browser's file picker would
    /// (`DOM.setFileInputFiles`, which fires the input's `change`).
    #[allow(dead_code, reason = "only some of the browser tests pick files")]
    pub fn pick_file(&mut self, page: &Page, selector: &str, path: &std::path::Path) {
        let session = Some(page.session.as_str());
        let document = self.call(session, "DOM.getDocument", json!({ "depth": 0 }));
        let root = document["root"]["nodeId"].clone();
        let found = self.call(
            session,
            "DOM.querySelector",
            json!({ "nodeId": root, "selector": selector }),
        );
        let node = found["nodeId"].as_u64().unwrap_or(0);
        assert!(node != 0, "the page has no {selector}");
        self.call(
            session,
            "DOM.setFileInputFiles",
            json!({ "files": [path.display().to_string()], "nodeId": node }),
        );
    }

    /// A PNG of what `page` shows.
    pub fn screenshot(&mut self, page: &Page) -> Vec<u8> {
        let shot = self.call(
            Some(&page.session),
            "Page.captureScreenshot",
            json!({ "format": "png" }),
        );
        let data = shot["data"].as_str().expect("the picture's data");
        base64::engine::general_purpose::STANDARD
            .decode(data)
            .expect("base64 from the browser")
    }

    /// The browser's last lines of output (its console messages among
    /// them), for a failure's message.
    pub fn output(&self) -> String {
        self.output.lock().expect("the output's lock").join("\n")
    }

    /// One DevTools call and its result; panics on an error reply or no
    /// reply in time (a test's browser that stops answering is a failure).
    fn call(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut request = json!({ "id": id, "method": method, "params": params });
        if let Some(session) = session {
            request["sessionId"] = json!(session);
        }
        self.socket
            .send(Message::text(request.to_string()))
            .unwrap_or_else(|err| panic!("{method} goes to the browser: {err}"));
        let deadline = Instant::now() + CALL_TIMEOUT;
        loop {
            assert!(
                Instant::now() < deadline,
                "the browser did not answer {method} in {CALL_TIMEOUT:?}"
            );
            let message = match self.socket.read() {
                Ok(message) => message,
                Err(tungstenite::Error::Io(err))
                    if matches!(
                        err.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    continue;
                }
                Err(err) => panic!(
                    "the DevTools connection broke during {method}: {err}\n{}",
                    self.output()
                ),
            };
            let Message::Text(text) = message else {
                continue;
            };
            let reply: Value = serde_json::from_str(text.as_str()).expect("DevTools JSON");
            // Events (no id) and other calls' replies are not ours.
            if reply["id"].as_u64() != Some(id) {
                continue;
            }
            if let Some(error) = reply.get("error") {
                panic!("{method} failed: {error}");
            }
            return reply["result"].clone();
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}
