//! `sve serve` and its card packs, as an operator meets them: started
//! outside the repository, the relative default `--packs card-packs`
//! finds nothing, and the server must say so and not start (it would
//! serve cards without abilities); with packs, its log names each pack
//! and its card count.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// An empty folder of its own for one test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("sve-serve-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `sve ARGS` run in `dir`, with the default log filter.
fn sve(dir: &Path, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_sve"))
        .args(args)
        .current_dir(dir)
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sve starts")
}

/// Waits for the process to end (it is killed, and the test fails, if it
/// is still running after `limit`).
fn ends_within(child: &mut Child, limit: Duration) -> ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("its status") {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("sve serve was still running after {limit:?}: it started without its packs");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn stderr_of(child: &mut Child) -> String {
    let mut text = String::new();
    if let Some(mut stderr) = child.stderr.take() {
        let _ = stderr.read_to_string(&mut text);
    }
    text
}

#[test]
fn serve_outside_the_repository_refuses_to_start_without_its_packs_folder() {
    let scratch = Scratch::new("missing");
    // The default `--packs card-packs`, relative to a folder without one.
    let mut child = sve(&scratch.0, &["serve", "--addr", "127.0.0.1:0"]);
    let status = ends_within(&mut child, Duration::from_secs(30));
    let stderr = stderr_of(&mut child);
    assert!(!status.success(), "{stderr}");
    assert!(stderr.contains("card-packs"), "names the folder: {stderr}");
    assert!(
        stderr.contains(&scratch.0.join("card-packs").display().to_string()),
        "says where it looked: {stderr}"
    );
    assert!(
        stderr.contains("--packs DIR"),
        "says how to fix it: {stderr}"
    );
    assert!(stderr.contains("--vanilla"), "says how to fix it: {stderr}");

    // An explicit folder that is not there is refused the same way.
    let mut child = sve(
        &scratch.0,
        &["--packs", "nowhere", "serve", "--addr", "127.0.0.1:0"],
    );
    let status = ends_within(&mut child, Duration::from_secs(30));
    let stderr = stderr_of(&mut child);
    assert!(!status.success(), "{stderr}");
    assert!(stderr.contains("nowhere"), "{stderr}");
}

/// The lines of a running `sve serve`'s stderr, until one has `wanted` (or
/// 60 s pass); the process is killed then.
fn stderr_until(mut child: Child, wanted: impl Fn(&str) -> bool) -> (Vec<String>, bool) {
    let stderr = child.stderr.take().expect("its stderr");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut lines = Vec::new();
    let mut found = false;
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        match rx.recv_timeout(left) {
            Ok(line) => {
                found = wanted(&line);
                lines.push(line);
                if found {
                    break;
                }
            }
            Err(_) => break,
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    (lines, found)
}

/// The number N of "N cards" in a line.
fn cards_in(line: &str) -> Option<usize> {
    let words: Vec<&str> = line.split_whitespace().collect();
    words
        .windows(2)
        .filter(|pair| pair[1].trim_end_matches([',', ')', ';']) == "cards")
        .find_map(|pair| pair[0].trim_start_matches('(').parse().ok())
}

#[test]
fn serve_logs_each_pack_it_loaded_with_its_card_count() {
    let scratch = Scratch::new("packs");
    let packs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../card-packs/starter-scripts");
    let packs = packs.to_str().expect("a UTF-8 path");
    let child = sve(
        &scratch.0,
        &["--packs", packs, "serve", "--addr", "127.0.0.1:0"],
    );
    let (lines, found) = stderr_until(child, |line| {
        line.contains("INFO")
            && line.contains("starter-scripts")
            && cards_in(line).is_some_and(|cards| cards > 100)
    });
    assert!(
        found,
        "no log line names the pack and its cards: {lines:#?}"
    );
}

#[test]
fn serve_with_vanilla_needs_no_packs_folder_and_says_so() {
    let scratch = Scratch::new("vanilla");
    let child = sve(&scratch.0, &["--vanilla", "serve", "--addr", "127.0.0.1:0"]);
    let (lines, found) = stderr_until(child, |line| {
        line.contains("INFO") && line.contains("--vanilla") && line.contains("no abilities")
    });
    assert!(
        found,
        "no log line says the cards have no abilities: {lines:#?}"
    );
}
