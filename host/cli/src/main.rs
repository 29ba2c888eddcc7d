//! `sve`: the headless command line. Plays matches in the terminal, runs
//! bot simulations, prints and verifies replays, checks deck files.

mod adventure_cmd;
mod arena_cmd;
mod human;
mod live;
mod memory_cmd;
mod online;
mod pack_cmd;
mod reload_bench;
mod test_cmd;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use live::{LivePacks, open_library, play_roots};
use pack_cmd::pack_command;
use std::path::PathBuf;
use std::sync::Arc;
use sve_engine::bot::{Bot, BotKind};
use sve_engine::cards::{CardDb, starter::starter_db};
use sve_engine::decks::{self, DeckFile};
use sve_engine::engine::view::redact;
use sve_engine::engine::{
    AbilityRunner, DeckList, Event, Match, NoAbilities, Outcome, PlayerId, Status,
};
use sve_engine::gamelog;
use sve_engine::replay::{Replay, ReplaySeat, log_hash};
use sve_engine::sim::{self, PlayOptions, SimOptions};
use sve_packs::catalog::RunnerFactory;
use sve_packs::deck_files;

/// mimalloc in place of glibc's allocator: a match allocates small,
/// short-lived lists at every step, and glibc's malloc and free were about
/// an eighth of a packs sim's time (docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Shadowverse: Evolve simulator, headless.
#[derive(Parser)]
#[command(name = "sve", version, about)]
struct Cli {
    /// Folder of card packs loaded on top of the bundled starter cards.
    #[arg(long, global = true, default_value = "card-packs")]
    packs: PathBuf,
    /// Use only the bundled vanilla starter cards (no packs).
    #[arg(long, global = true)]
    vanilla: bool,
    /// A Rust pack that is your own working copy: built with cargo from its
    /// sources when they changed (at start and, with --watch, at each
    /// edit), and loaded even if it lies outside --packs. Repeatable.
    /// Building runs the pack's build script and macros with your rights,
    /// so name only code you trust; every other pack loads its shipped
    /// component and is never built.
    #[arg(long = "dev-pack", global = true, value_name = "DIR")]
    dev_pack: Vec<PathBuf>,
    /// Watch the pack folder and reload changed packs into running matches.
    #[arg(long, global = true)]
    watch: bool,
    /// With --watch: after each successful reload, play a short batch of
    /// bot matches with the starter decks that use the changed cards and
    /// report errors and invariant violations.
    #[arg(long, global = true)]
    smoke_test: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a match in the terminal (a human picks from numbered choices).
    Match {
        /// Deck file, or a deck name: a pack's `decks/NAME.txt`, else a bundled deck (SD01..SD06); give it twice.
        #[arg(long, num_args = 1, required = true)]
        deck: Vec<String>,
        /// Match seed (random if omitted).
        #[arg(long)]
        seed: Option<u64>,
        /// Seat 1: human, or a bot: random, easy, medium, hard, oracle.
        #[arg(long, default_value = "human")]
        p1: String,
        /// Seat 2: human, or a bot: random, easy, medium, hard, oracle.
        #[arg(long, default_value = "greedy")]
        p2: String,
        /// Write the replay here when the match ends.
        #[arg(long)]
        save_replay: Option<PathBuf>,
        /// Stop after this many turns.
        #[arg(long, default_value_t = 200)]
        turn_cap: u32,
    },
    /// Play many bot-vs-bot matches and summarise them.
    Sim {
        /// Deck file, or a deck name (a pack's `decks/NAME.txt`, else bundled); give it twice.
        #[arg(long, num_args = 1, required = true)]
        deck: Vec<String>,
        /// Number of matches.
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// Base seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The bot of both seats: random, easy, medium, hard or oracle.
        #[arg(long, default_value = "random")]
        bot: String,
        /// Stop a match after this many turns (reported as a turn-cap hit).
        #[arg(long, default_value_t = 200)]
        turn_cap: u32,
        /// Skip the per-step invariant checks (faster).
        #[arg(long)]
        no_invariants: bool,
        /// Print the summary as one JSON object on the last line.
        #[arg(long)]
        json: bool,
    },
    /// Adventure: a roguelike run of fights on a map lit with torches.
    Adventure {
        #[command(subcommand)]
        command: adventure_cmd::AdventureCommand,
    },
    /// Bot levels (or decks) against each other: win rates with 95%
    /// intervals, first-player rates, decision times and ratings.
    Arena(arena_cmd::ArenaArgs),
    /// Measure the heap one running match holds: play many matches to a
    /// turn with random bots, keep them all, and divide the heap they take.
    MatchMemory {
        /// Deck file, or a deck name (a pack's `decks/NAME.txt`, else bundled); give it twice.
        #[arg(long, num_args = 1, required = true)]
        deck: Vec<String>,
        /// Matches held at once.
        #[arg(long, default_value_t = 500)]
        matches: u32,
        /// Play each match to a main-phase decision on this turn.
        #[arg(long, default_value_t = 8)]
        turn: u32,
        /// Seed of the first match.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print the figures as one JSON object on the last line.
        #[arg(long)]
        json: bool,
    },
    /// Print or verify a replay file.
    Replay {
        /// The replay file.
        file: PathBuf,
        /// Replay it and check that the event log is identical.
        #[arg(long)]
        verify: bool,
    },
    /// Measure hot reload: edit a copy of a pack N times and time each edit
    /// from the file write to the new version being live in a running match.
    ReloadBench {
        /// The pack folder to copy and edit.
        pack: PathBuf,
        /// Number of edits.
        #[arg(long, default_value_t = 20)]
        edits: u32,
        /// Print one JSON object with p50_ms, p95_ms and max_ms.
        #[arg(long)]
        json: bool,
    },
    /// Run a match server for online play (docs/online.md).
    Serve(online::ServeArgs),
    /// Play or watch a match on a server: a human at the terminal, or a bot.
    /// Without --join, --queue or --vs-bot it opens a table and prints its
    /// code.
    Client(online::ClientArgs),
    /// Play many bot matches against a server at once and report answer
    /// latencies, errors and leaks.
    Loadtest(online::LoadArgs),
    /// Deck files.
    Deck {
        #[command(subcommand)]
        command: DeckCommand,
    },
    /// Card packs.
    Pack {
        #[command(subcommand)]
        command: PackCommand,
    },
    /// Run every scenario file (*.scenario, docs/scenarios.md) under a
    /// path with the cards of --packs; exits non-zero if any fails.
    Test {
        /// A scenario file, or a folder searched recursively.
        path: PathBuf,
        /// Print one JSON object with every file's result and a summary.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
pub(crate) enum PackCommand {
    /// List the loaded packs.
    List,
    /// Load a pack (or a folder of packs) and report every problem.
    Check {
        /// Pack folder or folder of packs.
        path: PathBuf,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Compare each card's text with its abilities: markers without an
    /// implementation, implementations without text, abilities that
    /// re-implement a rule, cards implemented twice.
    Audit {
        /// Pack folder or folder of packs.
        path: PathBuf,
        /// Print one JSON object (counts per kind and the findings).
        #[arg(long)]
        json: bool,
    },
    /// Build a pack into one component file: a Rust pack with cargo, a
    /// script pack as the script runtime carrying the compiled scripts.
    Build {
        /// The pack folder (with pack.toml; Cargo.toml for Rust packs).
        path: PathBuf,
        /// Also copy the component here.
        #[arg(short, long)]
        out: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
enum DeckCommand {
    /// Check a deck against the construction rules.
    Check {
        /// Deck file or bundled deck name.
        file: String,
    },
}

/// The log filter without `RUST_LOG`: errors only, but a server's log
/// (`sve serve`) says what it loaded, who connects and how matches end.
fn default_log_filter(command: &Command) -> &'static str {
    match command {
        Command::Serve(_) => "warn,sve=info,sve_net=info",
        _ => "error",
    }
}

fn main() -> Result<()> {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| {
                tracing_subscriber::EnvFilter::new(default_log_filter(&cli.command))
            }),
        )
        .with_writer(std::io::stderr)
        // No colour codes in a log that goes to a file.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    if let Command::Pack { command } = &cli.command {
        return pack_command(command, &cli.packs, &cli.dev_pack);
    }
    if let Command::ReloadBench { pack, edits, json } = &cli.command {
        return reload_bench::run(pack, *edits, *json);
    }
    if let Command::Client(_) | Command::Loadtest(_) = &cli.command {
        // Clients play the server's cards: they load no packs of their own
        // beyond the deck lists in the pack folder.
        let pack_dirs =
            sve_packs::packs::layout::pack_dirs(std::slice::from_ref(&cli.packs), &mut Vec::new());
        return match cli.command {
            Command::Client(args) => online::client(args, &pack_dirs),
            Command::Loadtest(args) => online::loadtest(args, &pack_dirs),
            _ => Ok(()),
        };
    }
    if let Command::Test { path, json } = &cli.command {
        return test_cmd::run(path, &cli.packs, &cli.dev_pack, cli.vanilla, *json);
    }
    if let Command::Serve(_) = &cli.command
        && !cli.vanilla
    {
        // A server started elsewhere than the repository finds no
        // `card-packs` there: it must not serve cards without abilities
        // by mistake.
        online::check_packs_folder(&cli.packs)?;
    }
    let mut live = None;
    // Pack folders, where `--deck NAME` looks for `decks/NAME.txt` first.
    let mut pack_dirs: Vec<PathBuf> = Vec::new();
    let (db, runners): (_, RunnerFactory) =
        if cli.vanilla || (!cli.packs.exists() && cli.dev_pack.is_empty()) {
            let db = Arc::new(starter_db().context("loading the bundled card data")?);
            let why = match cli.vanilla {
                true => "--vanilla".to_owned(),
                false => format!("no folder {}", cli.packs.display()),
            };
            tracing::info!(
                "no card packs ({why}): the {} bundled starter cards, with no abilities",
                db.len()
            );
            (
                db,
                Arc::new(|| Arc::new(NoAbilities) as Arc<dyn AbilityRunner>),
            )
        } else {
            let library = open_library(&play_roots(&cli.packs, &cli.dev_pack), &cli.dev_pack)?;
            let loaded = library.loaded();
            for diagnostic in &loaded.diagnostics {
                eprintln!("{diagnostic}");
            }
            // A card an error kept from playing as a pack defines it is
            // never played in silence.
            for warning in loaded.fallback_warnings() {
                eprintln!("{warning}");
            }
            live::log_packs(&cli.packs, &loaded);
            pack_dirs = loaded.packs.iter().map(|p| p.dir.clone()).collect();
            if cli.watch {
                let watcher = library
                    .watcher()
                    .with_context(|| format!("watching {}", cli.packs.display()))?;
                eprintln!("watching {} for changes", cli.packs.display());
                live = Some(LivePacks {
                    library,
                    watcher,
                    smoke_test: cli.smoke_test,
                });
            }
            let db = Arc::clone(&loaded.db);
            (db, Arc::new(move || loaded.runner()))
        };
    let runner = runners();
    match cli.command {
        Command::Match {
            deck,
            seed,
            p1,
            p2,
            save_replay,
            turn_cap,
        } => {
            let decks = load_two(&deck, &db, &pack_dirs)?;
            let seed = seed.unwrap_or_else(entropy_seed);
            play_match(
                &db,
                runner,
                decks,
                seed,
                [&p1, &p2],
                save_replay,
                turn_cap,
                live.as_mut(),
            )
        }
        Command::Sim {
            deck,
            games,
            seed,
            bot,
            turn_cap,
            no_invariants,
            json,
        } => {
            let decks = load_two(&deck, &db, &pack_dirs)?;
            let bot: BotKind = bot.parse().map_err(anyhow::Error::msg)?;
            run_sim(
                &db,
                &runner,
                decks,
                SimArgs {
                    games,
                    seed,
                    bot,
                    turn_cap,
                    check_invariants: !no_invariants,
                    json,
                },
                live.as_mut(),
            )
        }
        Command::Arena(args) => {
            let decks = load_decks(&args.decks(), &db, &pack_dirs)?;
            arena_cmd::run(&db, runners.as_ref(), decks, args)
        }
        Command::Adventure { command } => adventure_cmd::run(command, &db, runner, &pack_dirs),
        Command::Replay { file, verify } => replay(&db, runner, &file, verify),
        Command::Serve(args) => online::serve(db, runner, args),
        Command::Deck {
            command: DeckCommand::Check { file },
        } => deck_check(&db, &file),
        Command::MatchMemory {
            deck,
            matches,
            turn,
            seed,
            json,
        } => {
            let [(_, a), (_, b)] = load_two(&deck, &db, &pack_dirs)?;
            memory_cmd::run(
                &db,
                &runner,
                [a, b],
                memory_cmd::MemoryArgs {
                    matches,
                    turn,
                    seed,
                    json,
                },
            )
        }
        Command::Pack { .. }
        | Command::ReloadBench { .. }
        | Command::Test { .. }
        | Command::Client(_)
        | Command::Loadtest(_) => Ok(()),
    }
}

/// The one place a seed may come from outside the engine: a new match
/// without `--seed`. It is printed so the match can be replayed.
fn entropy_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

fn load_two(
    args: &[String],
    db: &CardDb,
    pack_dirs: &[PathBuf],
) -> Result<[(DeckFile, DeckList); 2]> {
    if args.len() != 2 {
        bail!(
            "give exactly two decks (--deck A --deck B), got {}",
            args.len()
        );
    }
    let [a, b]: [(DeckFile, DeckList); 2] = load_decks(args, db, pack_dirs)?
        .try_into()
        .map_err(|_| anyhow::anyhow!("two decks were given"))?;
    Ok([a, b])
}

/// Loads and checks deck files or names.
fn load_decks(
    args: &[String],
    db: &CardDb,
    pack_dirs: &[PathBuf],
) -> Result<Vec<(DeckFile, DeckList)>> {
    let load = |arg: &String| -> Result<(DeckFile, DeckList)> {
        let file = deck_files::load_deck_from_packs(arg, pack_dirs).map_err(join_errors)?;
        let problems = decks::check_deck(&file, db);
        if !problems.is_empty() {
            bail!("deck {arg} is not legal:\n{}", join_errors(problems));
        }
        let list = decks::resolve(&file, db).map_err(join_errors)?;
        Ok((file, list))
    };
    args.iter().map(load).collect()
}

fn join_errors(errors: Vec<decks::DeckError>) -> anyhow::Error {
    anyhow::anyhow!(
        "{}",
        errors
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    )
}

#[allow(clippy::too_many_arguments)]
fn play_match(
    db: &Arc<CardDb>,
    runner: Arc<dyn AbilityRunner>,
    decks: [(DeckFile, DeckList); 2],
    seed: u64,
    seats: [&str; 2],
    save_replay: Option<PathBuf>,
    turn_cap: u32,
    mut live: Option<&mut LivePacks>,
) -> Result<()> {
    println!("{} vs {} (seed {seed})", decks[0].0.title, decks[1].0.title);
    let mut players: Vec<Box<dyn Bot + Send>> = Vec::new();
    for (i, seat) in seats.iter().enumerate() {
        players.push(match seat.to_ascii_lowercase().as_str() {
            "human" => Box::new(human::Human),
            other => other
                .parse::<BotKind>()
                .map_err(anyhow::Error::msg)?
                .build(seed.wrapping_add(i as u64 + 1)),
        });
    }
    // With exactly one human at the table, the log shows what that player may
    // know; bot-vs-bot and hot-seat matches show everything.
    let humans: Vec<PlayerId> = seats
        .iter()
        .enumerate()
        .filter(|(_, s)| s.eq_ignore_ascii_case("human"))
        .map(|(i, _)| PlayerId(i as u8))
        .collect();
    let viewer = (humans.len() == 1).then(|| humans[0]);
    let lists = [decks[0].1.clone(), decks[1].1.clone()];
    let mut game = Match::new(Arc::clone(db), runner, lists, seed);
    let mut answers = Vec::new();
    let mut log = Vec::new();
    let mut conceded = None;
    let mut reloads = Vec::new();
    loop {
        if let Some(live) = live.as_deref_mut() {
            live.apply(&mut game);
        }
        let status = game.step();
        let decision = match status {
            Status::GameOver(_) => None,
            Status::Decision(d) => Some(d.clone()),
        };
        let events = game.take_events();
        for event in &events {
            if let Event::CardsReloaded { source, .. } = event {
                reloads.push(sve_engine::replay::RecordedReload {
                    after_answers: u32::try_from(answers.len()).unwrap_or(u32::MAX),
                    card_fingerprint: game.db().fingerprint(),
                    source: source.clone(),
                });
            }
            let shown = match viewer {
                Some(viewer) => redact(event, viewer),
                None => event.clone(),
            };
            if let Some(line) = gamelog::describe(&shown, game.state(), db) {
                println!("{line}");
            }
        }
        log.extend(events);
        let Some(decision) = decision else { break };
        if game.state().turn > turn_cap {
            println!("Turn cap {turn_cap} reached; stopping.");
            break;
        }
        let player = decision.player;
        let picks = players[player.idx()].choose(&game, &decision);
        if picks.is_empty() && decision.min > 0 {
            conceded = Some(player.0);
            game.concede(player);
            continue;
        }
        match game.answer(player, &picks) {
            Ok(()) => answers.push(sve_engine::replay::RecordedAnswer::new(player, &picks)),
            Err(rejection) => println!("Not allowed: {rejection}"),
        }
    }
    if let Some(Outcome::Win(..) | Outcome::Draw) = game.outcome() {
        // The outcome line was printed from its event.
    }
    if let Some(path) = save_replay {
        let replay = Replay {
            seed,
            decks: [
                Replay::deck_of(&decks[0].0.title, &decks[0].1, db),
                Replay::deck_of(&decks[1].0.title, &decks[1].1, db),
            ],
            card_fingerprint: db.fingerprint(),
            answers,
            log_hash: log_hash(&log),
            conceded,
            reloads,
            seats: seats.map(|seat| match seat.to_ascii_lowercase().as_str() {
                "human" => ReplaySeat::human(""),
                kind => ReplaySeat::bot(kind),
            }),
            sandbox: Vec::new(),
            bases: [decks[0].1.basis, decks[1].1.basis],
            fingerprint_with_text: false,
        };
        std::fs::write(&path, replay.encode())
            .with_context(|| format!("writing replay {}", path.display()))?;
        println!("Replay saved to {}", path.display());
    }
    Ok(())
}

/// `sve sim` options after parsing.
struct SimArgs {
    games: u32,
    seed: u64,
    bot: BotKind,
    turn_cap: u32,
    check_invariants: bool,
    json: bool,
}

fn run_sim(
    db: &Arc<CardDb>,
    runner: &Arc<dyn AbilityRunner>,
    decks: [(DeckFile, DeckList); 2],
    args: SimArgs,
    mut live: Option<&mut LivePacks>,
) -> Result<()> {
    let SimArgs {
        games,
        seed,
        bot,
        turn_cap,
        check_invariants,
        json,
    } = args;
    let mut current_db = Arc::clone(db);
    let bar = indicatif::ProgressBar::new(u64::from(games));
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} matches {per_sec} eta {eta}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let names = [decks[0].0.source.clone(), decks[1].0.source.clone()];
    let summary = sim::run_sim(
        db,
        runner,
        [(&names[0], &decks[0].1), (&names[1], &decks[1].1)],
        SimOptions {
            games,
            seed,
            bot,
            play: PlayOptions {
                turn_cap,
                check_invariants,
                keep_log: false,
            },
        },
        |done| {
            if done % 16 == 0 || done == games {
                bar.set_position(u64::from(done));
            }
            let live = live.as_deref_mut()?;
            let (db, runner) = live.reload_for_next_matches(&current_db)?;
            current_db = Arc::clone(&db);
            Some((db, runner))
        },
    );
    bar.finish_and_clear();
    let pct = |n: u32| 100.0 * f64::from(n) / f64::from(summary.games.max(1));
    println!("games:                {}", summary.games);
    println!(
        "wins:                 {} {} ({:.1}%), {} {} ({:.1}%)",
        names[0],
        summary.wins[0],
        pct(summary.wins[0]),
        names[1],
        summary.wins[1],
        pct(summary.wins[1])
    );
    println!("draws:                {}", summary.draws);
    println!(
        "first-player wins:    {} ({:.1}%)",
        summary.first_player_wins,
        pct(summary.first_player_wins)
    );
    println!("mean turns:           {:.1}", summary.mean_turns);
    println!("turn-cap hits:        {}", summary.turn_cap_hits);
    println!("errors:               {}", summary.errors);
    for sample in &summary.error_samples {
        println!("  {sample}");
    }
    println!("invariant violations: {}", summary.invariant_violations);
    for sample in &summary.violation_samples {
        println!("  {sample}");
    }
    println!("matches/s:            {:.0}", summary.matches_per_sec);
    println!(
        "card code:            {:.1}% of wall time, {:.0} calls and {:.0} game calls per match",
        100.0 * summary.wasm_share,
        summary.guest_calls_per_match,
        summary.host_calls_per_match
    );
    println!(
        "engine:               {:.0} ns per mutation outside card code ({:.0} mutations, {:.0} decisions per match)",
        summary.engine_ns_per_mutation, summary.mutations_per_match, summary.decisions_per_match
    );
    if json {
        let wins = serde_json::json!({ names[0].clone(): summary.wins[0], names[1].clone(): summary.wins[1] });
        let object = serde_json::json!({
            "games": summary.games,
            "wins": wins,
            "draws": summary.draws,
            "first_player_wins": summary.first_player_wins,
            "mean_turns": summary.mean_turns,
            "errors": summary.errors,
            "turn_cap_hits": summary.turn_cap_hits,
            "invariant_violations": summary.invariant_violations,
            "matches_per_sec": summary.matches_per_sec,
            "wasm_share": summary.wasm_share,
            "guest_calls_per_match": summary.guest_calls_per_match,
            "host_calls_per_match": summary.host_calls_per_match,
            "mutations_per_match": summary.mutations_per_match,
            "decisions_per_match": summary.decisions_per_match,
            "engine_ns_per_mutation": summary.engine_ns_per_mutation,
        });
        println!("{object}");
    }
    Ok(())
}

fn replay(
    db: &Arc<CardDb>,
    runner: Arc<dyn AbilityRunner>,
    file: &PathBuf,
    verify: bool,
) -> Result<()> {
    let bytes = std::fs::read(file).with_context(|| format!("reading {}", file.display()))?;
    let replay = Replay::decode(&bytes).with_context(|| format!("{}", file.display()))?;
    let (game, log) = replay
        .play(Arc::clone(db), runner)
        .with_context(|| format!("replaying {}", file.display()))?;
    if verify {
        let hash = log_hash(&log);
        if hash != replay.log_hash {
            bail!(
                "replay {} does not reproduce its match: log hash {hash:016x}, recorded {:016x}",
                file.display(),
                replay.log_hash
            );
        }
        println!(
            "ok: {} answers, {} events, identical log ({hash:016x})",
            replay.answers.len(),
            log.len()
        );
        return Ok(());
    }
    // Deck names come from the replay file: shown escaped.
    println!(
        "{} vs {} (seed {})",
        sve_packs::text_file::shown(&replay.decks[0].name),
        sve_packs::text_file::shown(&replay.decks[1].name),
        replay.seed
    );
    if replay.seats.iter().any(|seat| *seat != ReplaySeat::Unknown) {
        println!(
            "P1: {}, P2: {}",
            seat_words(&replay.seats[0]),
            seat_words(&replay.seats[1])
        );
    }
    for event in &log {
        if let Some(line) = gamelog::describe(event, game.state(), db) {
            println!("{line}");
        }
    }
    Ok(())
}

/// Who sat in a replay's seat, in words ("Ann", "a person", "greedy bot");
/// the file's text is shown escaped.
fn seat_words(seat: &ReplaySeat) -> String {
    match seat {
        ReplaySeat::Unknown => "unknown".to_owned(),
        ReplaySeat::Human(name) if name.is_empty() => "a person".to_owned(),
        ReplaySeat::Human(name) => sve_packs::text_file::shown(name),
        ReplaySeat::Bot(kind) => format!("{} bot", sve_packs::text_file::shown(kind)),
    }
}

fn deck_check(db: &CardDb, file: &str) -> Result<()> {
    let deck = deck_files::load_deck(file).map_err(join_errors)?;
    let problems = decks::check_deck(&deck, db);
    if problems.is_empty() {
        let main: u32 = deck.main.iter().map(|e| e.count).sum();
        let evolve: u32 = deck.evolve.iter().map(|e| e.count).sum();
        println!("{file}: ok ({main} main, {evolve} evolve)");
        Ok(())
    } else {
        bail!("{}", join_errors(problems))
    }
}
