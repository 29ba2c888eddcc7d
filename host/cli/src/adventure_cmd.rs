//! `sve adventure`: roguelike runs of SVE fights on a map lit with torches
//! (`sve-adventure`, docs/adventure.md).
//!
//! - `new` plays a run at the terminal: the map, numbered choices, fights
//!   played by you (the `sve match` prompts) or by a bot (`--bot-fights`).
//!   A fight you play may be left half-played (`q`, then `l`): the save
//!   keeps its answers so far.
//! - `resume` goes on with a save, a fight left half-played at the very
//!   decision it was left at; `replay` rebuilds a run file's run and plays
//!   its recorded fights again, checking each ends as recorded.
//! - `sim` plays whole runs headless with a policy and prints a summary,
//!   as one JSON object on the last line with `--json`.
//!
//! `new` and `sim` add the loaded packs' `adventure.toml` content (relics,
//! scenarios, statuses, encounter decks, numbers) to the balance
//! (`sve_adventure::pack`); a run keeps its balance, so `resume` and
//! `replay` read it from the file.

use crate::human::Human;
use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use sve_adventure::balance::Balance;
use sve_adventure::content::{self, Content};
use sve_adventure::events::EventKind;
use sve_adventure::fight::{self, BotSeat, FightAnswer, FightOptions, FightSeat};
use sve_adventure::policy::PolicyKind;
use sve_adventure::run::{Choice, Phase, Run, RunDeck, RunSetup};
use sve_adventure::{load, save, sim};
use sve_engine::bot::{Bot, BotKind};
use sve_engine::cards::CardDb;
use sve_engine::decks::DeckFile;
use sve_engine::engine::{AbilityRunner, Decision, Match};
use sve_packs::deck_files;
use sve_packs::text_file::read_text_file;

/// `sve adventure` commands.
#[derive(Subcommand)]
pub enum AdventureCommand {
    /// Start a run and play it at the terminal.
    New(NewArgs),
    /// Go on with a saved run.
    Resume(ResumeArgs),
    /// Rebuild a run from its run file and print where it ended.
    Replay {
        /// The run file (`--run-file` of `new`).
        file: PathBuf,
    },
    /// Play whole runs headless and summarise them.
    Sim(SimArgs),
}

/// `sve adventure new`.
#[derive(Args)]
pub struct NewArgs {
    /// The run's seed (random if omitted; it is printed).
    #[arg(long)]
    seed: Option<u64>,
    /// The starting deck: a pack's `decks/NAME.txt`, a bundled deck (SD01..SD06) or a file.
    #[arg(long, default_value = "SD01")]
    deck: String,
    /// A balance file (TOML); the shipped defaults without it.
    #[arg(long)]
    balance: Option<PathBuf>,
    #[command(flatten)]
    play: PlayArgs,
}

/// `sve adventure resume`.
#[derive(Args)]
pub struct ResumeArgs {
    /// The save to go on with.
    file: PathBuf,
    #[command(flatten)]
    play: PlayArgs,
}

/// How a terminal run is played and kept.
#[derive(Args)]
pub struct PlayArgs {
    /// A bot plays your fights: random, easy, medium or hard.
    #[arg(long)]
    bot_fights: Option<String>,
    /// Write the run's save here after every choice (and, in a fight you
    /// play, before each of your decisions).
    #[arg(long)]
    save: Option<PathBuf>,
    /// Write the run file (seed and choices) here after every choice.
    #[arg(long)]
    run_file: Option<PathBuf>,
}

/// `sve adventure sim`.
#[derive(Args)]
pub struct SimArgs {
    /// Runs to play.
    #[arg(long, default_value_t = 10)]
    runs: u32,
    /// The bot playing the player's fights: random, easy, medium or hard.
    #[arg(long, default_value = "medium")]
    bot: String,
    /// The policy making the run's choices: cautious or dark.
    #[arg(long, default_value = "cautious")]
    policy: String,
    /// Base seed; run `i` uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The starting deck.
    #[arg(long, default_value = "SD01")]
    deck: String,
    /// A balance file (TOML).
    #[arg(long)]
    balance: Option<PathBuf>,
    /// Skip the per-step invariant checks in fights (faster).
    #[arg(long)]
    no_invariants: bool,
    /// Print the summary as one JSON object on the last line.
    #[arg(long)]
    json: bool,
}

/// Runs an `sve adventure` command with the loaded cards.
pub fn run(
    command: AdventureCommand,
    db: &Arc<CardDb>,
    runner: Arc<dyn AbilityRunner>,
    pack_dirs: &[PathBuf],
) -> Result<()> {
    let find_deck =
        |name: &str| -> Option<DeckFile> { deck_files::load_deck_from_packs(name, pack_dirs).ok() };
    match command {
        AdventureCommand::New(args) => {
            let balance = load_balance(args.balance.as_deref(), &find_deck, db, pack_dirs)?;
            let content = Content::new(Arc::clone(db), runner, &balance, &find_deck)?;
            let seed = args.seed.unwrap_or_else(crate::entropy_seed);
            println!("Adventure, seed {seed} (sve adventure new --seed {seed} plays it again)");
            let setup = setup(&args.deck, seed, balance, &content, pack_dirs)?;
            play(Run::new(setup), &content, &args.play)
        }
        AdventureCommand::Resume(args) => {
            let bytes = std::fs::read(&args.file)
                .with_context(|| format!("reading {}", args.file.display()))?;
            let run = save::load(&bytes).with_context(|| format!("{}", args.file.display()))?;
            let content = Content::new(Arc::clone(db), runner, run.balance(), &find_deck)?;
            if run.setup().card_fingerprint != content.fingerprint() {
                bail!(
                    "{} was saved with other card data: load the packs it was played with",
                    args.file.display()
                );
            }
            play(run, &content, &args.play)
        }
        AdventureCommand::Replay { file } => {
            let bytes =
                std::fs::read(&file).with_context(|| format!("reading {}", file.display()))?;
            let run_file =
                save::read_run_file(&bytes).with_context(|| format!("{}", file.display()))?;
            let content =
                Content::new(Arc::clone(db), runner, &run_file.setup.balance, &find_deck)?;
            let run = save::replay(&run_file, &content)
                .with_context(|| format!("replaying {}", file.display()))?;
            println!(
                "{} choices replayed: {}",
                run_file.choices.len(),
                status_line(&run)
            );
            print!("{}", summary_text(&run));
            let fights = save::verify_fights(&run_file, &content)
                .with_context(|| format!("replaying the fights of {}", file.display()))?;
            println!(
                "{} fights played again from their answers, each ended as recorded{}",
                fights.replayed,
                if fights.unrecorded > 0 {
                    format!(" ({} fights have no recorded answers)", fights.unrecorded)
                } else {
                    String::new()
                }
            );
            if fights.under_way > 0 {
                println!(
                    "a fight is under way: its {} answers so far play to the decision it waits on",
                    fights.under_way
                );
            }
            Ok(())
        }
        AdventureCommand::Sim(args) => run_sim(args, db, runner, pack_dirs, &find_deck),
    }
}

fn run_sim(
    args: SimArgs,
    db: &Arc<CardDb>,
    runner: Arc<dyn AbilityRunner>,
    pack_dirs: &[PathBuf],
    find_deck: &dyn Fn(&str) -> Option<DeckFile>,
) -> Result<()> {
    let bot: BotKind = sve_adventure::balance::parse_bot(&args.bot).map_err(anyhow::Error::msg)?;
    let policy: PolicyKind = args.policy.parse().map_err(anyhow::Error::msg)?;
    let balance = load_balance(args.balance.as_deref(), find_deck, db, pack_dirs)?;
    let content = Content::new(Arc::clone(db), runner, &balance, find_deck)?;
    let setup = setup(&args.deck, args.seed, balance, &content, pack_dirs)?;
    let summary = sim::run_sim(
        &setup,
        &content,
        sim::SimOptions {
            runs: args.runs,
            seed: args.seed,
            bot,
            policy,
            check_invariants: !args.no_invariants,
        },
        |done| tracing::info!("run {done}/{} done", args.runs),
    );
    println!(
        "{} runs ({} policy, {} bot): {} won, mean floor {:.2}, boss reached {}",
        summary.runs,
        summary.policy,
        summary.bot,
        summary.wins,
        summary.mean_floor,
        summary.boss_reached
    );
    println!(
        "fights {} (won {}), by light {:?}, win rate by light {:?}",
        summary.fights,
        summary.fights_won,
        summary.fights_by_light,
        summary.fight_win_rate_by_light
    );
    println!(
        "per fight won: {:.1} gold, {:.2} rewards; torches used {}",
        summary.gold_per_fight_won, summary.rewards_per_fight_won, summary.torches_used
    );
    println!(
        "errors {}, invariant violations {}, turn-cap hits {}",
        summary.errors, summary.invariant_violations, summary.turn_cap_hits
    );
    for sample in summary
        .error_samples
        .iter()
        .chain(&summary.violation_samples)
    {
        println!("  {sample}");
    }
    if args.json {
        println!("{}", serde_json::to_string(&summary)?);
    }
    Ok(())
}

/// The balance from a file, or the shipped defaults, with the loaded
/// packs' adventure content added: `sve_adventure::load`, as the client
/// loads it.
fn load_balance(
    path: Option<&Path>,
    find_deck: &dyn Fn(&str) -> Option<DeckFile>,
    db: &CardDb,
    pack_dirs: &[PathBuf],
) -> Result<Balance> {
    let exists = |name: &str| find_deck(name).is_some();
    let card_exists = |id: &str| db.by_card_id(id).is_some();
    let text = path
        .map(|path| read_text_file(path).map(|text| (path.display().to_string(), text)))
        .transpose()
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let file = text
        .as_ref()
        .map(|(file, text)| load::BalanceFile { file, text });
    let loaded = load::run_balance(
        file,
        pack_dirs,
        sve_adventure::pack::Lookups {
            deck_exists: &exists,
            card_exists: &card_exists,
        },
    )?;
    // A pack's numbers go over the balance: say so, where the JSON of a
    // sim can't be disturbed.
    for number in loaded.pack_numbers {
        eprintln!("{number} (a pack's number, over the balance)");
    }
    Ok(loaded.balance)
}

/// A new run's setup with the named starting deck.
fn setup(
    deck: &str,
    seed: u64,
    balance: Balance,
    content: &Content,
    pack_dirs: &[PathBuf],
) -> Result<RunSetup> {
    // Cards counted as bronze for want of a rarity: said where the JSON
    // of a sim can't be disturbed.
    if let Some(note) = content
        .pool()
        .unrated_note(balance.rewards.rarity_odds().is_some())
    {
        eprintln!("{note}");
    }
    let list = content::resolve_named(deck, content.db(), &|name| {
        deck_files::load_deck_from_packs(name, pack_dirs).ok()
    })?;
    Ok(RunSetup {
        seed,
        deck_name: deck.to_owned(),
        deck: RunDeck::from_list(&list, content.db()),
        balance,
        card_fingerprint: content.fingerprint(),
    })
}

/// Plays a run at the terminal until it ends or the player quits.
fn play(mut run: Run, content: &Content, args: &PlayArgs) -> Result<()> {
    let fight_bot = match &args.bot_fights {
        Some(name) => Some(sve_adventure::balance::parse_bot(name).map_err(anyhow::Error::msg)?),
        None => None,
    };
    loop {
        keep(&run, args)?;
        if run.outcome().is_some() {
            println!("{}", status_line(&run));
            print!("{}", summary_text(&run));
            return Ok(());
        }
        if let Some(spec) = run.fight().cloned() {
            println!(
                "Fight ({:?}) on floor {}: deck {} played by the {} bot, enemy defense {}, yours {}.",
                spec.kind,
                spec.floor,
                content.name_of(&spec.enemy_deck),
                spec.enemy_bot,
                spec.enemy_defense,
                spec.player_defense
            );
            if let Some(special) = spec
                .special
                .as_deref()
                .and_then(|id| run.balance().special_fight(id))
            {
                println!("  {}: {}", special.name, special.text);
            }
            for card in &spec.enemy_field {
                println!("  On the enemy's field: {}", content.name_of(card));
            }
            for card in &spec.player_cards {
                println!("  Relic on your field: {}", content.name_of(card));
            }
            for status in &spec.statuses {
                println!("  Status: {}", status.describe());
            }
            if !run.fight_progress().is_empty() {
                println!(
                    "The fight goes on where it was left, after {} answers.",
                    run.fight_progress().len()
                );
            }
            let report = match fight_bot {
                Some(kind) => sim::play_fight(&run, content, &spec, kind, FightOptions::default())
                    .map_err(anyhow::Error::msg)?,
                None => play_fight_by_hand(&run, content, &spec, args)?,
            };
            for sample in &report.error_samples {
                eprintln!("fight error: {sample}");
            }
            if report.left {
                run.keep_fight_progress(report.answers)?;
                keep(&run, args)?;
                println!(
                    "Fight left after {} answers{}.",
                    run.fight_progress().len(),
                    match &args.save {
                        Some(path) => format!(
                            "; `sve adventure resume {}` goes on from this decision",
                            path.display()
                        ),
                        None => " (no --save: it is not kept)".to_owned(),
                    }
                );
                return Ok(());
            }
            let notes = run.apply_fought(report.result, report.answers, content)?;
            print_notes(&notes);
            continue;
        }
        println!();
        print!("{}", map_text(&run));
        println!("{}", status_line(&run));
        if let Phase::Scenario(idx) = run.phase()
            && let Some(scenario) = run.balance().scenarios.get(*idx)
        {
            println!("{}", scenario.text);
        }
        let choices = run.choices();
        for (idx, choice) in choices.iter().enumerate() {
            println!("  {:>2}. {}", idx + 1, describe(choice, &run, content));
        }
        let Some(pick) = ask(choices.len())? else {
            println!("Run left on floor {}.", run.floor());
            return Ok(());
        };
        let Some(choice) = choices.get(pick).cloned() else {
            continue;
        };
        let notes = run.apply(choice, content)?;
        print_notes(&notes);
    }
}

/// The fight on now, with the player at the terminal, from its answers so
/// far if it was left half-played.
fn play_fight_by_hand(
    run: &Run,
    content: &Content,
    spec: &fight::FightSpec,
    args: &PlayArgs,
) -> Result<fight::FightReport> {
    let decks = run.fight_decks(content).map_err(anyhow::Error::msg)?;
    let mut enemy = sim::enemy_bot(spec).map_err(anyhow::Error::msg)?;
    let mut hand = Hand {
        run: run.clone(),
        args,
        kept: None,
    };
    let report = fight::play_on(
        spec,
        decks,
        content.db(),
        content.runner(),
        run.fight_progress(),
        [&mut hand, &mut BotSeat(enemy.as_mut())],
        FightOptions::default(),
    )
    .context("the save's answers of the fight so far don't replay")?;
    if let Some(error) = hand.kept {
        return Err(error);
    }
    Ok(report)
}

/// You at the terminal in a fight's seat: the `sve match` prompts. Before
/// each of your decisions the save and run file are written with the
/// fight's answers so far; a refused empty answer (`q`, or the end of
/// input) asks whether to concede or to leave the fight where it is.
struct Hand<'a> {
    run: Run,
    args: &'a PlayArgs,
    /// The first error writing the files, which stops the fight.
    kept: Option<anyhow::Error>,
}

impl FightSeat for Hand<'_> {
    fn answer(
        &mut self,
        game: &Match,
        decision: &Decision,
        so_far: &[FightAnswer],
    ) -> Option<Vec<usize>> {
        if self.args.save.is_some() || self.args.run_file.is_some() {
            let written = self
                .run
                .keep_fight_progress(so_far.to_vec())
                .map_err(anyhow::Error::from)
                .and_then(|()| keep(&self.run, self.args));
            if let Err(error) = written {
                self.kept = Some(error);
                return None;
            }
        }
        let picks = Human.choose(game, decision);
        if !picks.is_empty() || decision.validate(&picks).is_ok() {
            return Some(picks);
        }
        print!("Concede the fight (c), or leave it here to resume later (l)? > ");
        std::io::stdout().flush().ok();
        let mut line = String::new();
        // The end of input leaves: nothing is lost.
        std::io::stdin().lock().read_line(&mut line).ok();
        (line.trim() == "c").then_some(picks)
    }
}

/// Writes the save and run file the player asked for.
fn keep(run: &Run, args: &PlayArgs) -> Result<()> {
    if let Some(path) = &args.save {
        std::fs::write(path, save::save(run)?)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if let Some(path) = &args.run_file {
        std::fs::write(path, save::run_file(run)?)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}

/// Reads a choice number from stdin: `None` at `q` or the end of input.
fn ask(count: usize) -> Result<Option<usize>> {
    let stdin = std::io::stdin();
    loop {
        print!("(pick 1 to {count}; q quits) > ");
        std::io::stdout().flush()?;
        let mut line = String::new();
        if stdin.lock().read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let line = line.trim();
        if line == "q" {
            return Ok(None);
        }
        match line.parse::<usize>() {
            Ok(n) if (1..=count).contains(&n) => return Ok(Some(n - 1)),
            _ => println!("Type a number from 1 to {count}."),
        }
    }
}

fn print_notes(notes: &[String]) {
    for note in notes {
        println!("{note}");
    }
}

/// One line of the run's state.
fn status_line(run: &Run) -> String {
    let state = match run.outcome() {
        Some(true) => "boss beaten!".to_owned(),
        Some(false) => format!("run lost on floor {}", run.floor()),
        None => format!("floor {}/{}", run.floor(), run.map().floors()),
    };
    let statuses = run
        .pending_statuses()
        .iter()
        .map(|grant| {
            format!(
                "{} on {} ({} turns, {} fights)",
                grant.status,
                grant.target.name(),
                grant.turns,
                grant.fights
            )
        })
        .collect::<Vec<_>>();
    format!(
        "{state} · defense {}/{} · {} gold · {} torches · {} cards · relics: {}{}",
        run.defense(),
        run.max_defense(),
        run.gold(),
        run.torches(),
        run.deck().main.len(),
        if run.relics().is_empty() {
            "none".to_owned()
        } else {
            run.relics().join(", ")
        },
        if statuses.is_empty() {
            String::new()
        } else {
            format!(" · statuses: {}", statuses.join(", "))
        }
    )
}

/// The run's fights, one a line, and their totals: the terminal's run
/// summary.
fn summary_text(run: &Run) -> String {
    let fights = run.fights();
    let won = fights.iter().filter(|f| f.won).count();
    let gold: u32 = fights.iter().map(|f| f.gold).sum();
    let mut out = format!(
        "Run summary: {} fights, {won} won, {gold} gold from fights, {} torches placed, {} cards in the deck\n",
        fights.len(),
        run.torches_used(),
        run.deck().main.len()
    );
    for fight in fights {
        out.push_str(&format!(
            "  floor {:>2}  {:<7} {:<6} (light {})  {:<4} {:>3} gold\n",
            fight.floor,
            format!("{:?}", fight.kind).to_lowercase(),
            sve_adventure::light::Light::of(fight.light).name(),
            fight.light,
            if fight.won { "won" } else { "lost" },
            fight.gold
        ));
    }
    out
}

/// The map around the player: floors from two above the next down to the
/// player's, one cell per column. `@` marks the player, a letter the event
/// of a room whose event shows, `.` a dark room, `*` a twinkle, the digit
/// the light level.
fn map_text(run: &Run) -> String {
    let map = run.map();
    let here = run.floor();
    let top = (here + 3).min(map.floors());
    let mut out = String::new();
    for floor in (here.saturating_sub(1)..=top).rev() {
        out.push_str(&format!("{floor:>3} "));
        for column in 0..map.columns() {
            let cell = match map.at(floor, column) {
                None => "     ".to_owned(),
                Some(room) => {
                    let sight = run.sight(room);
                    let event = map.room(room).map_or(EventKind::Fight, |r| r.event);
                    let letter = if sight.event_shown {
                        event_letter(event)
                    } else {
                        '.'
                    };
                    let mark = if room == run.position() { '@' } else { ' ' };
                    let twinkle = if sight.twinkle { '*' } else { ' ' };
                    format!("{mark}{letter}{}{twinkle} ", sight.level.min(9))
                }
            };
            out.push_str(&cell);
        }
        out.push('\n');
    }
    out.push_str("    F fight E elite $ shop H heal ? random B boss S start . dark; digit = light, * = twinkle\n");
    out
}

fn event_letter(event: EventKind) -> char {
    match event {
        EventKind::Start => 'S',
        EventKind::Fight => 'F',
        EventKind::Elite => 'E',
        EventKind::Shop => '$',
        EventKind::Heal => 'H',
        EventKind::Random => '?',
        EventKind::Boss => 'B',
    }
}

/// A choice in words.
fn describe(choice: &Choice, run: &Run, content: &Content) -> String {
    match choice {
        Choice::Move(room) => {
            let map = run.map();
            let sight = run.sight(*room);
            let Some(there) = map.room(*room) else {
                return "move".to_owned();
            };
            let side = match there
                .column
                .cmp(&map.room(run.position()).map_or(0, |r| r.column))
            {
                std::cmp::Ordering::Less => "up-left",
                std::cmp::Ordering::Equal => "up",
                std::cmp::Ordering::Greater => "up-right",
            };
            let event = if sight.event_shown {
                there.event.name().to_owned()
            } else {
                "unknown".to_owned()
            };
            format!(
                "Move {side}: {event}, {} (light {}){}",
                sve_adventure::light::Light::of(sight.level).name(),
                sight.level,
                if sight.twinkle { ", a twinkle" } else { "" }
            )
        }
        Choice::PlaceTorch => {
            let new = sve_adventure::light::Torch {
                room: run.position(),
                radius: run.torch_radius(),
            };
            let changes = sve_adventure::light::preview(run.map(), run.placed(), new);
            let newly_lit = changes.iter().filter(|(_, before, _)| *before == 0).count();
            format!(
                "Place a torch here (radius {}: lights {} rooms, {newly_lit} of them dark now)",
                run.torch_radius(),
                changes.len()
            )
        }
        Choice::Fought(_) => "the fight's result".to_owned(),
        Choice::TakeCard(idx) => match run.phase() {
            Phase::Reward(reward) => reward.offer.get(*idx).map_or("take".to_owned(), |id| {
                format!(
                    "Take {} ({id}, cost {})",
                    content.name_of(id),
                    content.cost_of(id)
                )
            }),
            _ => "take".to_owned(),
        },
        Choice::SkipCard => "Skip the card".to_owned(),
        Choice::Buy(idx) => match run.phase() {
            Phase::Shop(shop) => shop
                .cards
                .get(*idx)
                .map_or("buy".to_owned(), |(id, price)| {
                    format!(
                        "Buy {} ({id}, cost {}) for {price} gold",
                        content.name_of(id),
                        content.cost_of(id)
                    )
                }),
            _ => "buy".to_owned(),
        },
        Choice::BuyTorch => match run.phase() {
            Phase::Shop(shop) => format!("Buy a torch for {} gold", shop.torch_price),
            _ => "buy a torch".to_owned(),
        },
        Choice::Sell(idx) => match run.phase() {
            Phase::Shop(shop) => card_at(
                run,
                content,
                *idx,
                &format!("Sell for {} gold:", shop.sell_price),
            ),
            _ => card_at(run, content, *idx, "Sell:"),
        },
        Choice::Remove(idx) => match run.phase() {
            Phase::Shop(shop) => card_at(
                run,
                content,
                *idx,
                &format!("Remove for {} gold:", shop.remove_price),
            ),
            _ => card_at(run, content, *idx, "Remove:"),
        },
        Choice::Leave => "Leave".to_owned(),
        Choice::Pick(option) => run.scenario_option(*option).map_or("pick".to_owned(), |o| {
            let terms = run.balance().option_terms(&o);
            if terms.is_empty() {
                o.label
            } else {
                format!("{} ({terms})", o.label)
            }
        }),
        Choice::Accept => "Accept the unique event".to_owned(),
        Choice::Decline => "Decline it".to_owned(),
    }
}

fn card_at(run: &Run, content: &Content, idx: usize, verb: &str) -> String {
    run.deck().main.get(idx).map_or(verb.to_owned(), |id| {
        let copies = run.deck().main.iter().filter(|c| *c == id).count();
        format!("{verb} {} ({id}, {copies} in deck)", content.name_of(id))
    })
}
