//! The speed guard that can't flake: the instructions executed by full
//! matches with the starter packs' real abilities (SVE Script and Rust
//! packs), counted by valgrind's callgrind, against the baseline committed
//! in `tests/instruction_baseline.txt`. More than 20% above it fails.
//!
//! Instructions, not seconds: callgrind counts the same for the same
//! binary and input whatever else the machine does. The count is of this
//! test profile's (debug) `sve` binary, inside `run_sim` only (loading the
//! packs is not counted), for [`GAMES`] seeded random-bot matches.
//!
//! - Skipped, and says so, without valgrind, unless `SVE_REQUIRE_VALGRIND`
//!   is set, as in CI.
//! - After a change that makes matches faster or slower on purpose, write
//!   the new count with `SVE_UPDATE_INSTRUCTION_BASELINE=1 cargo test -p
//!   sve --test instruction_count` and commit the file
//!   (docs/performance.md).

use std::path::{Path, PathBuf};
use std::process::Command;

/// Matches counted (seeds 1 to `GAMES`, seats alternating).
const GAMES: &str = "6";
/// The most the count may grow over the baseline.
const TOLERANCE: f64 = 1.20;

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn baseline_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/instruction_baseline.txt")
}

/// `sve sim` over the starter packs with SD01 against SD05.
fn sim_args(games: &str) -> Vec<&str> {
    vec![
        "sim",
        "--deck",
        "SD01",
        "--deck",
        "SD05",
        "--games",
        games,
        "--no-invariants",
        "--json",
    ]
}

fn valgrind_available() -> bool {
    Command::new("valgrind")
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success())
}

/// The number callgrind prints as `Collected : N`.
fn collected(stderr: &str) -> Option<u64> {
    stderr.lines().find_map(|line| {
        let (_, count) = line.split_once("Collected :")?;
        count.trim().replace(',', "").parse().ok()
    })
}

/// The baseline's count: the file's first number (lines starting with `#`
/// are comments).
fn read_baseline(text: &str) -> Option<u64> {
    text.lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#'))?
        .parse()
        .ok()
}

#[test]
fn starter_pack_matches_execute_no_more_instructions_than_the_baseline_allows() {
    if !cfg!(debug_assertions) {
        eprintln!("skipped: the baseline counts the debug (test profile) binary");
        return;
    }
    if !valgrind_available() {
        assert!(
            std::env::var_os("SVE_REQUIRE_VALGRIND").is_none(),
            "SVE_REQUIRE_VALGRIND is set but valgrind does not run"
        );
        eprintln!("skipped: valgrind is not installed");
        return;
    }
    let sve = env!("CARGO_BIN_EXE_sve");
    let root = workspace_root();
    // Compile the packs' components natively first (into the workspace's
    // `target/sve-cache`): under valgrind compiling would take minutes.
    let warm = Command::new(sve)
        .args(sim_args("1"))
        .current_dir(&root)
        .output()
        .expect("sve runs");
    assert!(
        warm.status.success(),
        "sve sim failed: {}",
        String::from_utf8_lossy(&warm.stderr)
    );
    let out_file =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("callgrind-{}", std::process::id()));
    let counted = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out_file.display()))
        .arg("--toggle-collect=sve_engine::sim::run_sim*")
        .arg(sve)
        .args(sim_args(GAMES))
        .current_dir(&root)
        .output()
        .expect("valgrind runs");
    let _ = std::fs::remove_file(&out_file);
    let stderr = String::from_utf8_lossy(&counted.stderr);
    assert!(counted.status.success(), "valgrind failed: {stderr}");
    let stdout = String::from_utf8_lossy(&counted.stdout);
    let summary: serde_json::Value = stdout
        .lines()
        .last()
        .and_then(|line| serde_json::from_str(line).ok())
        .unwrap_or_else(|| panic!("no JSON summary from sve sim: {stdout}"));
    assert_eq!(summary["errors"], 0, "{summary}");
    assert!(
        summary["guest_calls_per_match"].as_f64() > Some(0.0),
        "{summary}"
    );
    let measured =
        collected(&stderr).unwrap_or_else(|| panic!("no count from callgrind: {stderr}"));

    let file = baseline_file();
    if std::env::var_os("SVE_UPDATE_INSTRUCTION_BASELINE").is_some() {
        let text = format!(
            "# Instructions callgrind counts in `run_sim` for {GAMES} SD01 vs SD05 matches\n\
             # with the starter packs, debug build (host/cli/tests/instruction_count.rs).\n\
             {measured}\n"
        );
        std::fs::write(&file, text).expect("baseline written");
        eprintln!("baseline written: {measured}");
        return;
    }
    let text = std::fs::read_to_string(&file).expect("the committed baseline");
    let baseline = read_baseline(&text).expect("a count in the baseline file");
    let ratio = measured as f64 / baseline as f64;
    eprintln!("instructions: {measured} (baseline {baseline}, ratio {ratio:.3})");
    assert!(
        ratio <= TOLERANCE,
        "starter-pack matches executed {measured} instructions, {:.1}% over the baseline \
         {baseline} (limit {:.0}%). Find what got slower (docs/performance.md), or if it is \
         meant, update the baseline with SVE_UPDATE_INSTRUCTION_BASELINE=1",
        (ratio - 1.0) * 100.0,
        (TOLERANCE - 1.0) * 100.0
    );
    if ratio < 0.9 {
        eprintln!(
            "note: {:.0}% under the baseline; lower it so the guard keeps its reach",
            (1.0 - ratio) * 100.0
        );
    }
}

#[test]
fn callgrind_and_baseline_numbers_parse() {
    assert_eq!(
        collected("==1== Events    : Ir\n==1== Collected : 279829369\n"),
        Some(279_829_369)
    );
    assert_eq!(collected("nothing"), None);
    assert_eq!(read_baseline("# a comment\n\n 1234 \n"), Some(1234));
    assert_eq!(read_baseline("# only a comment\n"), None);
}
