//! `sve client` as a person meets it at the terminal, against `sve serve`
//! and one of its bots: the client's input and output are pipes (it needs
//! no tty), and the test types as a player would. It checks that the
//! opponent's turn is shown, options are numbered from 1, `0` is refused
//! with the valid range, and the seat token it prints takes the seat back
//! with `sve client --reconnect TOKEN`. No step depends on speed: every
//! wait is for a line, with a generous limit.

mod support;

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long any one expected line may take to come.
const PATIENCE: Duration = Duration::from_secs(120);

/// A running `sve` process, killed when dropped.
struct Proc(Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `sve --vanilla serve` on a free port, and its URL.
fn serve() -> (Proc, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sve"))
        .args(["--vanilla", "serve", "--addr", "127.0.0.1:0", "--seed", "7"])
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("sve serve starts");
    let url = support::served_url(&mut child);
    (Proc(child), url)
}

/// A client at the terminal: what it printed so far, and its keyboard.
struct Client {
    proc: Proc,
    input: ChildStdin,
    output: Arc<Mutex<String>>,
    /// How much of `output` the test has gone past.
    seen: usize,
    /// The threads copying its output, done once it has ended.
    readers: Vec<std::thread::JoinHandle<()>>,
}

impl Client {
    fn start(args: &[&str]) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sve"))
            .arg("client")
            .args(args)
            .env_remove("RUST_LOG")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("sve client starts");
        let input = child.stdin.take().expect("its input");
        let output = Arc::new(Mutex::new(String::new()));
        // Both streams into one transcript, in chunks (a prompt has no
        // line end).
        let mut readers = Vec::new();
        for stream in [
            Box::new(child.stdout.take().expect("its output")) as Box<dyn Read + Send>,
            Box::new(child.stderr.take().expect("its errors")),
        ] {
            let output = Arc::clone(&output);
            readers.push(std::thread::spawn(move || {
                let mut stream = stream;
                let mut buf = [0u8; 4096];
                while let Ok(n) = stream.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    let text = String::from_utf8_lossy(&buf[..n]).into_owned();
                    output.lock().expect("the transcript").push_str(&text);
                }
            }));
        }
        Client {
            proc: Proc(child),
            input,
            output,
            seen: 0,
            readers,
        }
    }

    fn transcript(&self) -> String {
        self.output.lock().expect("the transcript").clone()
    }

    /// Waits until the output past what was seen holds `wanted`; moves
    /// past it and returns the text up to and including it.
    fn expect(&mut self, wanted: &str) -> String {
        let start = Instant::now();
        loop {
            let text = self.transcript();
            if let Some(at) = text[self.seen..].find(wanted) {
                let end = self.seen + at + wanted.len();
                let got = text[self.seen..end].to_owned();
                self.seen = end;
                return got;
            }
            if start.elapsed() > PATIENCE {
                panic!("no `{wanted}` after {PATIENCE:?}; the client printed:\n{text}");
            }
            if let Ok(Some(status)) = self.proc.0.try_wait() {
                // All it printed is in once its output is read to the end.
                for reader in self.readers.drain(..) {
                    let _ = reader.join();
                }
                let text = self.transcript();
                if text[self.seen..].contains(wanted) {
                    continue;
                }
                panic!("the client ended ({status}) without `{wanted}`:\n{text}");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits for the next prompt (`... > `) and returns what came before.
    fn prompt(&mut self) -> String {
        self.expect(" > ")
    }

    fn type_line(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("the client reads its input");
        self.input.flush().expect("the client reads its input");
    }
}

/// The number printed before an option whose text has `label`, in the
/// text of one prompt.
fn option_number(prompt: &str, label: &str) -> Option<u32> {
    prompt.lines().find_map(|line| {
        let (number, text) = line.trim_start().split_once(". ")?;
        let number = number.parse().ok()?;
        text.contains(label).then_some(number)
    })
}

/// What to type at a prompt to keep the match going: end the turn when
/// possible, otherwise as few options as allowed.
fn some_answer(prompt: &str) -> String {
    if let Some(end) = option_number(prompt, "End your turn") {
        return end.to_string();
    }
    let hint = prompt.lines().last().unwrap_or_default();
    let fewest: u32 = hint
        .split_once("pick ")
        .and_then(|(_, rest)| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    (1..=fewest)
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_person_plays_a_server_bot_at_the_terminal_and_rejoins_by_seat_token() {
    let (_server, url) = serve();
    let mut client = Client::start(&["--connect", &url, "--vs-bot", "random", "--name", "Ann"]);

    // The seat token, to come back with.
    client.expect("seat token: ");
    let token_line = client.expect("\n");
    let token = token_line
        .split_whitespace()
        .next()
        .unwrap_or_else(|| panic!("no token in `{token_line}`"))
        .to_owned();

    // The first question: options numbered from 1, a clear count.
    let first = client.prompt();
    assert!(
        first.lines().any(|l| l.trim_start().starts_with("1. ")),
        "options start at 1:\n{first}"
    );
    let options = first
        .lines()
        .filter(|l| {
            l.trim_start()
                .split_once(". ")
                .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
        })
        .count();
    assert!(options >= 1, "{first}");
    assert!(
        first
            .lines()
            .last()
            .unwrap_or_default()
            .starts_with("pick "),
        "the prompt says how many to pick:\n{first}"
    );

    // `0` and one past the last are refused, naming the range; the same
    // question is asked again.
    let range = format!("the options are 1 to {options}");
    client.type_line("0");
    let refused = client.prompt();
    assert!(refused.contains("no option 0"), "{refused}");
    assert!(refused.contains(&range), "{refused}");
    client.type_line(&(options + 1).to_string());
    let refused = client.prompt();
    assert!(
        refused.contains(&format!("no option {}", options + 1)),
        "{refused}"
    );
    assert!(refused.contains(&range), "{refused}");

    // Play on until the opponent's turn has been shown.
    let mut prompt = first;
    let mut shown = String::new();
    for _ in 0..200 {
        client.type_line(&some_answer(&prompt));
        prompt = client.prompt();
        shown.push_str(&prompt);
        if shown.contains(": Opponent —") && shown.contains("Opponent draws") {
            break;
        }
    }
    assert!(
        shown.contains(": Opponent —"),
        "the opponent's turn starts in the log:\n{}",
        client.transcript()
    );
    assert!(
        shown.contains("Opponent draws"),
        "what the opponent did is shown:\n{}",
        client.transcript()
    );

    // The connection goes; the seat token takes the seat back.
    drop(client);
    let mut back = Client::start(&["--connect", &url, "--reconnect", &token]);
    back.expect("seat token: ");
    let prompt = back.prompt();
    assert!(
        prompt.lines().any(|l| l.trim_start().starts_with("1. ")),
        "the pending question is asked again:\n{prompt}"
    );
    back.type_line("concede");
    back.expect("You lose");
}
