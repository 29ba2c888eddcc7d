//! `sve adventure`: headless runs summed up as JSON, and a terminal run
//! whose save and run file replay.

use std::process::{Command, Stdio};

fn sve(args: &[&str]) -> (bool, String, String) {
    sve_typed(args, "")
}

/// `sve --vanilla` with `args`, which must succeed: its stdout.
fn vanilla(args: &[&str]) -> String {
    let (ok, stdout, stderr) = sve(&[&["--vanilla"], args].concat());
    assert!(ok, "sve {args:?}: {stdout}\n{stderr}");
    stdout
}

/// `sve` with `input` typed at it, then the end of input (the run may end
/// before reading it all): whether it succeeded, its stdout and stderr.
fn sve_typed(args: &[&str], input: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sve"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sve runs");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        let _ = stdin.write_all(input.as_bytes());
    }
    let output = child.wait_with_output().expect("sve ends");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A temporary folder for one test, removed after it.
struct TempDir(std::path::PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("sve-adventure-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temp folder");
        TempDir(dir)
    }

    /// A file's path in it, as text.
    fn file(&self, name: &str) -> String {
        self.0.join(name).to_str().expect("a UTF-8 path").to_owned()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn adventure_sim_prints_its_summary_as_json_on_the_last_line() {
    let (ok, stdout, stderr) = sve(&[
        "--vanilla",
        "adventure",
        "sim",
        "--runs",
        "3",
        "--bot",
        "easy",
        "--policy",
        "dark",
        "--seed",
        "4",
        "--json",
    ]);
    assert!(ok, "{stdout}\n{stderr}");
    let last = stdout.lines().last().expect("a JSON line");
    let summary: serde_json::Value = serde_json::from_str(last).expect("JSON");
    for key in [
        "runs",
        "wins",
        "mean_floor",
        "torches_used",
        "errors",
        "invariant_violations",
        "fight_win_rate_by_light",
        "fight_win_rate_by_kind",
        "gold_per_fight_won",
        "rewards_per_fight_won",
    ] {
        assert!(summary.get(key).is_some(), "no `{key}` in {last}");
    }
    assert_eq!(summary["runs"], 3);
    assert_eq!(summary["errors"], 0, "{last}");
    assert_eq!(summary["invariant_violations"], 0, "{last}");
    // The dark policy never places a torch.
    assert_eq!(summary["torches_used"], 0);
    assert!(summary["mean_floor"].as_f64().expect("a number") >= 1.0);
    let by_light = summary["fight_win_rate_by_light"]
        .as_object()
        .expect("an object");
    assert!(by_light.keys().all(|level| level.parse::<u32>().is_ok()));
    let by_kind = summary["fights_by_kind"].as_object().expect("an object");
    assert!(
        by_kind
            .keys()
            .all(|kind| ["normal", "elite", "special", "boss"].contains(&kind.as_str())),
        "{last}"
    );
    let counted: u64 = by_kind.values().filter_map(serde_json::Value::as_u64).sum();
    assert_eq!(Some(counted), summary["fights"].as_u64(), "{last}");
}

#[test]
fn a_terminal_run_saves_and_its_run_file_replays() {
    let dir = TempDir::new("cli");
    let (save, run_file) = (dir.file("run.save"), dir.file("run.svar"));
    // Always the first choice, a dozen times, then quit.
    let (ok, stdout, _) = sve_typed(
        &[
            "--vanilla",
            "adventure",
            "new",
            "--seed",
            "3",
            "--bot-fights",
            "easy",
            "--save",
            &save,
            "--run-file",
            &run_file,
        ],
        &format!("{}q\n", "1\n".repeat(12)),
    );
    assert!(ok, "{stdout}");
    assert!(stdout.contains("Adventure, seed 3"), "{stdout}");
    let replayed = vanilla(&["adventure", "replay", &run_file]);
    assert!(replayed.contains("choices replayed"), "{replayed}");
    // The fights were played by a bot here: their answers are in the run
    // file, and the replay plays each again.
    assert!(
        replayed.contains("fights played again from their answers, each ended as recorded"),
        "{replayed}"
    );
    assert!(!replayed.contains(" 0 fights played again"), "{replayed}");
    // No input: the resumed run shows its map and is left at once.
    let resumed = vanilla(&["adventure", "resume", &save]);
    assert!(resumed.contains("floor "), "{resumed}");
}

#[test]
fn a_fight_left_half_played_at_the_terminal_resumes_at_the_same_decision() {
    let dir = TempDir::new("half-fight");
    let (save, run_file) = (dir.file("run.save"), dir.file("run.svar"));
    // Up to floor 1's fight, a few answers typed in it, then the end of
    // input: the fight is left, not conceded.
    let (ok, stdout, stderr) = sve_typed(
        &[
            "--vanilla",
            "adventure",
            "new",
            "--seed",
            "3",
            "--save",
            &save,
            "--run-file",
            &run_file,
        ],
        &"1\n".repeat(8),
    );
    assert!(ok, "{stdout}\n{stderr}");
    let left = stdout
        .split("Fight left after ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or_else(|| panic!("the fight was left: {stdout}"));
    assert!(left > 0, "{stdout}");
    assert!(stdout.contains("goes on from this decision"), "{stdout}");
    // The run file checks the answers so far.
    let replayed = vanilla(&["adventure", "replay", &run_file]);
    assert!(
        replayed.contains(&format!("a fight is under way: its {left} answers so far")),
        "{replayed}"
    );
    // Resumed with a bot playing on: the fight goes on from there to its
    // end, and the new run file replays it whole.
    let ended = dir.file("ended.svar");
    let resumed = vanilla(&[
        "adventure",
        "resume",
        &save,
        "--bot-fights",
        "easy",
        "--run-file",
        &ended,
    ]);
    assert!(
        resumed.contains(&format!(
            "The fight goes on where it was left, after {left} answers."
        )),
        "{resumed}"
    );
    assert!(
        resumed.contains("You won") || resumed.contains("You lost"),
        "{resumed}"
    );
    let replayed = vanilla(&["adventure", "replay", &ended]);
    assert!(
        replayed.contains("1 fights played again from their answers, each ended as recorded"),
        "{replayed}"
    );
}

/// A folder of packs for one test: the starter scripts and the Adventure
/// example pack, copied, so a test may change them.
struct PackRoot(TempDir);

impl PackRoot {
    fn new(name: &str) -> PackRoot {
        let root = TempDir::new(&format!("packs-{name}"));
        let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        for (from, to) in [
            ("card-packs/starter-scripts", "starter-scripts"),
            ("tests/packs/adventure-example", "adventure-example"),
        ] {
            copy_dir(&repo.join(from), &root.0.join(to));
        }
        PackRoot(root)
    }

    fn path(&self) -> &str {
        self.0.0.to_str().expect("a UTF-8 path")
    }

    /// A file's path in it.
    fn join(&self, name: &str) -> std::path::PathBuf {
        self.0.0.join(name)
    }
}

fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).expect("a folder");
    for entry in std::fs::read_dir(from).expect("a pack folder") {
        let entry = entry.expect("an entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("a type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copies");
        }
    }
}

/// A balance whose free rooms are all scenarios: packs' scenarios show up.
const ALL_SCENARIOS: &str =
    "[odds]\nfight = 0\nelite = 0\nshop = 0\nheal = 0\nrandom = 1\nrandom_other_percent = 0\n";

#[test]
fn a_packs_adventure_file_adds_scenarios_whose_statuses_play_in_fights() {
    let root = PackRoot::new("statuses");
    let balance = root.join("all-scenarios.toml");
    std::fs::write(&balance, ALL_SCENARIOS).expect("writes");
    let sim = || {
        let (ok, stdout, stderr) = sve(&[
            "--packs",
            root.path(),
            "adventure",
            "sim",
            "--runs",
            "3",
            "--bot",
            "easy",
            "--policy",
            "cautious",
            "--seed",
            "2",
            "--balance",
            balance.to_str().expect("a UTF-8 path"),
            "--json",
        ]);
        assert!(ok, "{stdout}\n{stderr}");
        assert!(!stderr.contains("error"), "{stderr}");
        stdout.lines().last().expect("a JSON line").to_owned()
    };
    let first = sim();
    let summary: serde_json::Value = serde_json::from_str(&first).expect("JSON");
    assert_eq!(summary["errors"], 0, "{first}");
    assert_eq!(summary["invariant_violations"], 0, "{first}");
    assert!(
        summary["fights_with_statuses"].as_u64().expect("a count") > 0,
        "the pack's scenarios give statuses: {first}"
    );
    // The same seed plays the same runs.
    assert_eq!(sim(), first);
}

#[test]
fn a_bad_pack_adventure_file_is_an_error_naming_its_file_and_line() {
    let root = PackRoot::new("bad");
    let file = root.join("adventure-example/adventure.toml");
    std::fs::write(
        &file,
        "[[relics]]\nid = \"odd\"\nname = \"Odd\"\ntext = \"Its card is missing.\"\ncard = \"ADV-999\"\n",
    )
    .expect("writes");
    let (ok, stdout, stderr) = sve(&[
        "--packs",
        root.path(),
        "adventure",
        "sim",
        "--runs",
        "1",
        "--json",
    ]);
    assert!(!ok, "{stdout}");
    assert!(stderr.contains("adventure.toml:5:"), "{stderr}");
    assert!(stderr.contains("ADV-999"), "{stderr}");
}

#[test]
fn a_packs_numbers_change_the_run_and_are_named_on_stderr() {
    let root = PackRoot::new("numbers");
    let file = root.join("adventure-example/adventure.toml");
    let mut text = std::fs::read_to_string(&file).expect("reads");
    // Fights that pay no gold, on a map of 10 floors (the pack's own
    // encounter deck is fought up to floor 9).
    text.push_str(
        "\n[balance.map]\nfloors = 10\n\n[balance.rewards]\nfight_gold = [0, 0]\nelite_gold = [0, 0]\nboss_gold = 0\n\n[balance.light]\ngold_per_torch_left = 0\n",
    );
    std::fs::write(&file, &text).expect("writes");
    let line_of = |needle: &str| {
        text.lines()
            .position(|line| line.starts_with(needle))
            .map(|idx| idx + 1)
            .expect("a line of the file")
    };
    let (ok, stdout, stderr) = sve(&[
        "--packs",
        root.path(),
        "adventure",
        "sim",
        "--runs",
        "2",
        "--bot",
        "easy",
        "--policy",
        "cautious",
        "--seed",
        "3",
        "--no-invariants",
        "--json",
    ]);
    assert!(ok, "{stdout}\n{stderr}");
    for (needle, said) in [
        ("floors", "map.floors = 10"),
        ("boss_gold", "rewards.boss_gold = 0"),
    ] {
        let want = format!(
            "adventure.toml:{}: {said} (a pack's number, over the balance)",
            line_of(needle)
        );
        assert!(stderr.contains(&want), "no `{want}` in {stderr}");
    }
    let last = stdout.lines().last().expect("a JSON line");
    let summary: serde_json::Value = serde_json::from_str(last).expect("JSON");
    assert_eq!(summary["errors"], 0, "{last}");
    assert!(
        summary["fights_won"].as_u64().expect("a count") > 0,
        "{last}"
    );
    assert_eq!(summary["gold_per_fight_won"], 0.0, "{last}");
    assert!(
        summary["mean_floor"].as_f64().expect("a number") <= 10.0,
        "{last}"
    );
}

#[test]
fn a_terminal_run_to_its_end_prints_its_summary() {
    let dir = TempDir::new("end");
    // Three floors: a fight, a heal, the boss.
    let balance = dir.file("short.toml");
    std::fs::write(&balance, "[map]\nfloors = 3\n").expect("writes");
    // Always the first choice, more often than a run this short asks.
    let (ok, stdout, _) = sve_typed(
        &[
            "--vanilla",
            "adventure",
            "new",
            "--seed",
            "5",
            "--bot-fights",
            "easy",
            "--balance",
            &balance,
        ],
        &"1\n".repeat(60),
    );
    assert!(ok, "{stdout}");
    assert!(
        stdout.contains("boss beaten!") || stdout.contains("run lost on floor"),
        "the run ended: {stdout}"
    );
    let summary = stdout
        .split("Run summary: ")
        .nth(1)
        .expect("a summary at the end");
    assert!(summary.contains("  floor  1  normal"), "{summary}");
}
