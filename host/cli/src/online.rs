//! Online play from the command line: `sve serve`, `sve client` (a bot, or
//! a human at the terminal) and `sve loadtest`.

use anyhow::{Context, Result, bail};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use sve_engine::cards::CardDb;
use sve_engine::engine::AbilityRunner;
use sve_net::client::Connection;
use sve_net::client::greedy::GreedyAnswers;
use sve_net::client::loadtest::{self, LoadtestOptions};
use sve_net::client::play::{
    Answerer, DefaultAnswers, Entry, PlayReport, RandomAnswers, follow, play,
};
use sve_net::client::terminal::{TerminalPlayer, Typed};
use sve_net::client::text::{self, Faces};
use sve_net::cluster::ClusterConfig;
use sve_net::protocol::{ClientMsg, ClockSpec, Opponent, ServerMsg, Update};
use sve_net::server::{Server, ServerConfig, WebPage};

/// `sve serve` options.
#[derive(clap::Args, Debug)]
pub(crate) struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:7878")]
    pub addr: String,
    /// Seconds an absent player's seat waits before they concede.
    #[arg(long = "grace", default_value_t = 120)]
    pub grace_secs: u64,
    /// Seed of the server's match seeds (random if omitted).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Join a cluster of servers sharing this NATS server (with
    /// JetStream), e.g. nats://127.0.0.1:4222 (docs/online.md).
    #[arg(long)]
    pub nats: Option<String>,
    /// This server's id in the cluster (random if omitted).
    #[arg(long)]
    pub server_id: Option<String>,
    /// Milliseconds a match's lease lasts unless renewed: how long a
    /// match waits before another server takes it over from a dead one.
    #[arg(long, default_value_t = 3000)]
    pub lease_ms: u64,
    /// Let clients play the oracle bot, which sees hidden cards: for
    /// analysis on a server of your own, never for a public one.
    #[arg(long)]
    pub allow_oracle: bool,
    /// The web client's bundle, handed out at http://ADDR/ (`cargo xtask
    /// web` builds it into target/web); without one, / says how to build
    /// it.
    #[arg(long, value_name = "DIR", default_value = "target/web")]
    pub web: std::path::PathBuf,
}

/// `sve serve`'s packs folder must be there (without `--vanilla`): a
/// server started outside the repository would otherwise find no
/// `card-packs` and serve the starter cards with no abilities, silently.
pub(crate) fn check_packs_folder(packs: &Path) -> Result<()> {
    if packs.is_dir() {
        return Ok(());
    }
    let full = std::path::absolute(packs).unwrap_or_else(|_| packs.to_owned());
    let what = if packs.exists() {
        "is not a folder"
    } else {
        "does not exist"
    };
    bail!(
        "the card packs folder {} ({}) {what}; without packs the server would play the bundled \
         starter cards with no abilities. Pass --packs DIR with your folder of card packs, or \
         --vanilla to serve the starter cards without abilities",
        packs.display(),
        full.display()
    )
}

/// Runs the server until the process is stopped.
pub(crate) fn serve(
    db: Arc<CardDb>,
    runner: Arc<dyn AbilityRunner>,
    args: ServeArgs,
) -> Result<()> {
    let runtime = runtime()?;
    runtime.block_on(async move {
        let mut config = ServerConfig::new(db, runner);
        config.grace = Duration::from_secs(args.grace_secs);
        config.seed = args.seed;
        config.server_id = args.server_id;
        config.allow_oracle = args.allow_oracle;
        let web = WebPage::new(args.web);
        config.web = web.clone();
        config.cluster = args.nats.map(|url| {
            let mut cluster = ClusterConfig::new(url);
            cluster.lease = Duration::from_millis(args.lease_ms.max(300));
            cluster
        });
        let server = Server::start(&args.addr, config).await?;
        match server.id() {
            Some(id) => println!(
                "serving on {} as {id} in the cluster (Ctrl-C stops)",
                server.url()
            ),
            None => println!("serving on {} (Ctrl-C stops)", server.url()),
        }
        // The second line: the first is the WebSocket address tests read
        // (and may stop reading after, so a closed pipe is no error here).
        let mut out = std::io::stdout();
        let _ = if web.is_built() {
            writeln!(out, "web client: http://{}/", server.addr())
        } else {
            writeln!(
                out,
                "no web client in {} (build it with `cargo xtask web`)",
                web.dir().display()
            )
        };
        server.run().await;
        Ok(())
    })
}

/// How `sve client` gets to a match.
#[derive(clap::Args, Debug)]
pub(crate) struct ClientArgs {
    /// The server, e.g. ws://127.0.0.1:7878/
    #[arg(long = "connect")]
    pub url: String,
    /// Your name at the table.
    #[arg(long, default_value = "Player")]
    pub name: String,
    /// Your deck: a file, a pack's deck name, or a bundled deck.
    #[arg(long, default_value = "SD01")]
    pub deck: String,
    /// Join the table with this code.
    #[arg(long)]
    pub join: Option<String>,
    /// Wait in the quick-match queue.
    #[arg(long)]
    pub queue: bool,
    /// Play against the server's bot of this level (random, easy, medium, hard).
    #[arg(long)]
    pub vs_bot: Option<String>,
    /// Watch the table with this code.
    #[arg(long)]
    pub spectate: Option<String>,
    /// Answer as a client bot (random, first, or greedy: the search bots'
    /// rules of thumb on this seat's view) instead of a human.
    #[arg(long)]
    pub bot: Option<String>,
    /// Seed of the client bot.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Take back your seat at a running match with the seat token `sve
    /// client` printed when you sat down (after a lost connection).
    #[arg(long, conflicts_with_all = ["join", "queue", "vs_bot", "spectate"])]
    pub reconnect: Option<String>,
    /// Download the match's replay here when it ends.
    #[arg(long)]
    pub save_replay: Option<PathBuf>,
    /// After the match, offer this many rematches in a row (the same
    /// decks, seats swapped); each starts once the opponent offers too (at
    /// once against a server bot).
    #[arg(long, default_value_t = 0)]
    pub rematch: u32,
}

/// Plays (or watches) one match on a server.
pub(crate) fn client(args: ClientArgs, pack_dirs: &[PathBuf]) -> Result<()> {
    let deck = if args.spectate.is_some() || args.reconnect.is_some() {
        String::new()
    } else {
        deck_text(&args.deck, pack_dirs)?
    };
    let runtime = runtime()?;
    runtime.block_on(async move {
        let mut conn = Connection::connect(&args.url, &args.name).await?;
        eprintln!("connected to {}", conn.server);
        if let Some(code) = &args.spectate {
            return watch(&mut conn, code).await;
        }
        let mut answerer: Box<dyn Answerer> = match args.bot.as_deref() {
            None | Some("human") => return human(conn, &deck, &args).await,
            Some("random") => Box::new(RandomAnswers::new(args.seed)),
            Some("first") => Box::new(DefaultAnswers),
            Some("greedy") => Box::new(GreedyAnswers::new(
                args.seed,
                conn.card_faces().await?,
            )),
            Some(other) => bail!(
                "unknown client bot `{other}`: a client bot sees only its own view, so it is random, first or greedy (ask the server for a stronger opponent with --vs-bot easy, medium or hard)"
            ),
        };
        let (code_tx, code_rx) = tokio::sync::oneshot::channel();
        tokio::spawn(async move {
            if let Ok(code) = code_rx.await {
                eprintln!("table open: your opponent joins with code {code}");
            }
        });
        let mut report = match &args.reconnect {
            Some(token) => {
                conn.send(&ClientMsg::Reconnect {
                    token: token.clone(),
                })
                .await?;
                let mut report = PlayReport::default();
                follow(&mut conn, answerer.as_mut(), &mut report, &mut None).await?;
                report
            }
            None => {
                let entry = entry(&args, Some(code_tx));
                play(&mut conn, &deck, entry, answerer.as_mut()).await?
            }
        };
        print_result(&report);
        for _ in 0..args.rematch {
            eprintln!("offering a rematch");
            conn.send(&ClientMsg::Rematch).await?;
            report = PlayReport::default();
            follow(&mut conn, answerer.as_mut(), &mut report, &mut None).await?;
            print_result(&report);
        }
        if let (Some(path), Some(token)) = (
            args.save_replay,
            report.seating.as_ref().and_then(|s| s.token.clone()),
        ) {
            save_replay(&mut conn, token, &path).await?;
        }
        conn.close().await;
        Ok(())
    })
}

/// How the arguments enter a match (without `--reconnect`).
fn entry(args: &ClientArgs, code: Option<tokio::sync::oneshot::Sender<String>>) -> Entry {
    match (&args.join, args.queue, &args.vs_bot) {
        (Some(code), _, _) => Entry::Join(code.clone()),
        (None, true, _) => Entry::Queue,
        (None, false, Some(kind)) => Entry::Create {
            opponent: Opponent::Bot {
                kind: kind.clone(),
                deck: None,
            },
            clock: ClockSpec::default(),
            code: None,
        },
        (None, false, None) => Entry::Create {
            opponent: Opponent::Human,
            clock: ClockSpec::default(),
            code,
        },
    }
}

fn print_result(report: &PlayReport) {
    let seat = report.seating.as_ref().and_then(|s| s.seat);
    match (report.outcome, seat) {
        (Some(sve_engine::engine::Outcome::Win(winner, reason)), Some(seat)) => {
            let who = if winner.0 == seat {
                "You win"
            } else {
                "You lose"
            };
            println!("{who} ({reason:?}).");
        }
        (Some(outcome), _) => println!("Match over: {outcome:?}"),
        (None, _) => println!("The match did not finish."),
    }
    println!(
        "{} answers; {} things you were told that you should not have been",
        report.answers, report.leaks
    );
}

async fn save_replay(conn: &mut Connection, token: String, path: &Path) -> Result<()> {
    conn.send(&ClientMsg::Replay { token }).await?;
    loop {
        match conn.recv().await? {
            ServerMsg::Replay { bytes } => {
                std::fs::write(path, bytes)
                    .with_context(|| format!("writing {}", path.display()))?;
                println!("replay saved to {}", path.display());
                return Ok(());
            }
            ServerMsg::Failed { reason } => bail!("no replay: {reason}"),
            _ => {}
        }
    }
}

/// Watches a table and prints what happens.
async fn watch(conn: &mut Connection, code: &str) -> Result<()> {
    let faces = conn.card_faces().await?;
    conn.send(&ClientMsg::Spectate { code: code.into() })
        .await?;
    loop {
        match conn.recv().await? {
            ServerMsg::Seated(s) => println!("watching {} vs {}", s.names[0], s.names[1]),
            ServerMsg::Update(u) => print_events(&u, &faces),
            ServerMsg::Notice { text } => println!("{text}"),
            ServerMsg::GameOver { outcome } => {
                println!("Match over: {outcome:?}");
                return Ok(());
            }
            ServerMsg::Failed { reason } => bail!("{reason}"),
            _ => {}
        }
    }
}

fn print_events(update: &Update, faces: &Faces) {
    for event in &update.events {
        if let Some(line) = text::event(event, &update.view, faces) {
            println!("{line}");
        }
    }
}

/// Lines typed at the terminal, read on a thread of their own (reading
/// blocks) so that the match is shown while the player types; `None` once
/// input ends.
fn typed_lines() -> tokio::sync::mpsc::UnboundedReceiver<String> {
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        loop {
            let mut line = String::new();
            match stdin.lock().read_line(&mut line) {
                Ok(0) | Err(_) => return,
                Ok(_) => {
                    if tx.send(line).is_err() {
                        return;
                    }
                }
            }
        }
    });
    rx
}

fn say(lines: &[String]) {
    for line in lines {
        println!("{line}");
    }
}

fn ask(player: &TerminalPlayer) {
    print!("{}", player.question());
    let _ = std::io::stdout().flush();
}

/// A person at the terminal: the log as it happens, the board and the
/// question when a decision is theirs, typed option numbers as answers.
/// After input ends, each decision gets its default answer.
async fn human(mut conn: Connection, deck: &str, args: &ClientArgs) -> Result<()> {
    let mut player = TerminalPlayer::new(conn.card_faces().await?);
    let first = match &args.reconnect {
        Some(token) => ClientMsg::Reconnect {
            token: token.clone(),
        },
        None => entry(args, None).into_request(deck).0,
    };
    conn.send(&first).await?;
    let mut input = typed_lines();
    let mut input_open = true;
    let mut rematches = args.rematch;
    loop {
        tokio::select! {
            msg = conn.recv() => {
                let said = player.receive(msg?);
                say(&said.lines);
                if let Some(reason) = said.fatal {
                    bail!("{reason}");
                }
                if said.over.is_some() {
                    if rematches == 0 {
                        break;
                    }
                    rematches -= 1;
                    println!("Offering a rematch.");
                    conn.send(&ClientMsg::Rematch).await?;
                    continue;
                }
                if said.ask {
                    if input_open {
                        ask(&player);
                    } else if let Some(answer) = player.default_answer() {
                        conn.send(&answer).await?;
                    }
                }
            }
            line = input.recv(), if input_open => match line {
                Some(line) => match player.typed(&line) {
                    Typed::Send(msg) => conn.send(&msg).await?,
                    Typed::Say(text) => {
                        if !text.is_empty() {
                            print!("{text}");
                            if !text.ends_with(' ') {
                                println!();
                            }
                            let _ = std::io::stdout().flush();
                        }
                    }
                },
                None => {
                    input_open = false;
                    println!();
                    println!("(end of input: each decision now gets its default answer)");
                    if let Some(answer) = player.default_answer() {
                        conn.send(&answer).await?;
                    }
                }
            },
        }
    }
    if let (Some(path), Some(token)) = (
        &args.save_replay,
        player.seating().and_then(|s| s.token.clone()),
    ) {
        save_replay(&mut conn, token, path).await?;
    }
    conn.close().await;
    Ok(())
}

/// `sve loadtest` options.
#[derive(clap::Args, Debug)]
pub(crate) struct LoadArgs {
    /// The server, e.g. ws://127.0.0.1:7878/; repeat it for several
    /// servers of one cluster (each match's players then sit on two
    /// different servers).
    #[arg(long = "connect", required = true)]
    pub urls: Vec<String>,
    /// Matches to play.
    #[arg(long, default_value_t = 100)]
    pub matches: u32,
    /// Matches at once.
    #[arg(long, default_value_t = 10)]
    pub concurrency: u32,
    /// Both players' deck.
    #[arg(long, default_value = "SD01")]
    pub deck: String,
    /// Seed of the bots.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Mean milliseconds a bot thinks before each answer (drawn evenly
    /// from 0 to twice this); 0 answers at once and saturates the
    /// server.
    #[arg(long, default_value_t = 0)]
    pub think_ms: u64,
    /// Print the figures as one JSON object on the last line.
    #[arg(long)]
    pub json: bool,
}

/// Plays many bot matches against a server and prints the figures.
pub(crate) fn loadtest(args: LoadArgs, pack_dirs: &[PathBuf]) -> Result<()> {
    let deck = deck_text(&args.deck, pack_dirs)?;
    let runtime = runtime()?;
    let report = runtime.block_on(loadtest::run(LoadtestOptions {
        urls: args.urls,
        matches: args.matches,
        concurrency: args.concurrency,
        deck,
        seed: args.seed,
        think: Duration::from_millis(args.think_ms),
    }));
    if !args.json {
        println!(
            "{} matches, {} completed, {} errors, {} leaks; answer latency p50 {:.2} ms, p99 {:.2} ms; {:.1} matches/s",
            report.matches,
            report.completed,
            report.errors,
            report.leaks,
            report.answer_p50_ms,
            report.answer_p99_ms,
            report.matches_per_sec
        );
        for err in &report.first_errors {
            println!("error: {err}");
        }
    }
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    }
    if report.errors > 0 || report.leaks > 0 {
        bail!("{} errors, {} leaks", report.errors, report.leaks);
    }
    Ok(())
}

/// A deck's text: a file, a pack's `decks/NAME.txt`, or a bundled deck.
fn deck_text(arg: &str, pack_dirs: &[PathBuf]) -> Result<String> {
    let path = Path::new(arg);
    if path.is_file() {
        return sve_packs::text_file::read_text_file(path)
            .with_context(|| format!("reading deck {arg}"));
    }
    if let Some((_, path)) = sve_packs::deck_files::pack_decks(pack_dirs)
        .into_iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(arg))
    {
        return sve_packs::text_file::read_text_file(&path)
            .with_context(|| format!("reading deck {}", path.display()));
    }
    sve_engine::decks::STARTER_DECKS
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(arg))
        .map(|(_, text)| (*text).to_owned())
        .with_context(|| format!("no deck file or deck named `{arg}`"))
}

fn runtime() -> Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the network runtime")
}
