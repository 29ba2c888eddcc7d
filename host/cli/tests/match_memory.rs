//! `sve match-memory` reports the heap a running match holds.

use std::process::Command;

#[test]
fn match_memory_reports_the_heap_of_each_held_match() {
    let output = Command::new(env!("CARGO_BIN_EXE_sve"))
        .args([
            "--vanilla",
            "match-memory",
            "--deck",
            "SD01",
            "--deck",
            "SD02",
            "--matches",
            "30",
            "--turn",
            "6",
            "--json",
        ])
        .output()
        .expect("sve runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let last = stdout.lines().last().expect("a JSON line");
    let figures: serde_json::Value = serde_json::from_str(last).expect("JSON");
    assert_eq!(figures["matches"], 30);
    let per_match = figures["heap_bytes_per_match"].as_u64().expect("a number");
    // A match holds its card arena, zones and effects: kilobytes, not
    // nothing and not megabytes.
    assert!(
        (2_000..1_000_000).contains(&per_match),
        "{per_match} bytes per match"
    );
    assert!(figures["mean_turn"].as_f64().expect("a number") >= 5.0);
}
