//! `tests/packs/starter-rust` (issue 38): every starter card written again
//! in Rust, one pack standing in for `card-packs/starter-scripts` and
//! `card-packs/rust-starter` together. It loads alone with no diagnostic,
//! ships the six deck lists, defines the cards with the bundled packs' data,
//! plays clean bot matches of every deck with its code in the sandbox, and
//! plays seeded matches exactly as the bundled packs do: the same questions
//! with the same options, so the same answers and the same outcome.

use crate::packs::built;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;
use sve_engine::bot::{Bot, BotKind};
use sve_engine::cards::{AbilityKind, CardDb, CardType};
use sve_engine::engine::{Choice, Decision, DeckList, Event, Match, PlayerId, Prompt, Status};
use sve_packs::packs::{LoadedPacks, PackKind, read_manifest};
use sve_tests::Base;

/// The pack's folder (built when its sources changed).
fn pack_dir() -> PathBuf {
    built("tests/packs/starter-rust")
}

/// The Rust pack alone over the bundled vanilla cards.
fn rust_pack() -> LoadedPacks {
    sve_tests::pack_library(&[pack_dir()], Base::Starter).loaded()
}

/// The bundled packs (`card-packs/`) over the bundled vanilla cards, as
/// `sve` loads them.
fn bundled_packs() -> LoadedPacks {
    let root = sve_tests::workspace_root();
    sve_tests::pack_library(
        &[
            root.join("card-packs/starter-scripts"),
            root.join("card-packs/rust-starter"),
        ],
        Base::Starter,
    )
    .loaded()
}

/// A deck of the Rust pack's `decks/` folder, resolved against `db`.
fn pack_deck(db: &CardDb, name: &str) -> DeckList {
    let file = sve_packs::deck_files::load_deck_from_packs(name, &[pack_dir()])
        .unwrap_or_else(|e| panic!("deck {name} reads: {e:?}"));
    sve_engine::decks::resolve(&file, db).unwrap_or_else(|e| panic!("deck {name} resolves: {e:?}"))
}

#[test]
fn the_pack_loads_alone_with_every_starter_card() {
    let loaded = rust_pack();
    let problems: Vec<String> = loaded.diagnostics.iter().map(ToString::to_string).collect();
    assert!(problems.is_empty(), "{problems:#?}");
    assert!(
        loaded.fallback_cards.is_empty(),
        "{:?}",
        loaded.fallback_cards
    );
    let [pack] = loaded.packs.as_slice() else {
        panic!("one pack: {:?}", loaded.packs);
    };
    assert_eq!(pack.id, "starter-rust");
    let manifest = read_manifest(&pack.dir).expect("pack.toml reads");
    assert_eq!(manifest.kind, PackKind::Rust);

    // Every card the bundled packs define, this pack defines too, the six
    // BP01 leaders included (`Card::leader`).
    let bundled = bundled_packs();
    let mut missing = Vec::new();
    for (_, def) in bundled.db.iter() {
        if bundled.pack_of(&def.id).is_some() && loaded.pack_of(&def.id).is_none() {
            missing.push(def.id.clone());
        }
    }
    assert!(missing.is_empty(), "{missing:?}");
    assert_eq!(pack.cards, 122);
    let leaders: Vec<&str> = loaded
        .db
        .iter()
        .map(|(_, def)| def)
        .filter(|def| def.card_type == CardType::Leader && loaded.pack_of(&def.id).is_some())
        .map(|def| def.id.as_str())
        .collect();
    assert_eq!(
        leaders,
        [
            "BP01-LD01",
            "BP01-LD03",
            "BP01-LD05",
            "BP01-LD07",
            "BP01-LD09",
            "BP01-LD11"
        ]
    );
}

#[test]
fn the_cards_have_the_bundled_packs_card_data() {
    let (rust, bundled) = (rust_pack(), bundled_packs());
    let mut differences = Vec::new();
    let mut compared = 0;
    for (_, theirs) in bundled
        .db
        .iter()
        .filter(|(_, d)| bundled.pack_of(&d.id).is_some())
    {
        // The pack's own card, not the bundled vanilla card of that id.
        let ours = rust.db.by_card_id(&theirs.id).map(|id| rust.db.get(id));
        let Some(ours) = ours.filter(|_| rust.pack_of(&theirs.id).is_some()) else {
            differences.push(format!("{}: missing", theirs.id));
            continue;
        };
        compared += 1;
        let facts = |def: &sve_engine::cards::CardDef| {
            format!(
                "{:?}",
                (
                    &def.name,
                    def.class,
                    def.card_type,
                    &def.traits,
                    def.cost,
                    def.attack,
                    def.defense,
                    def.evolve_cost,
                    def.keywords,
                    def.is_token,
                    &def.text,
                    def.rarity,
                )
            )
        };
        if facts(ours) != facts(theirs) {
            differences.push(format!(
                "{}:\n  ours   {}\n  theirs {}",
                theirs.id,
                facts(ours),
                facts(theirs)
            ));
        }
        // The abilities the host plays, in order, with their costs (a
        // script's `Sequence` steps are sub-abilities the host never
        // plays; a Rust ability runs its steps itself).
        let played = |def: &sve_engine::cards::CardDef| {
            def.abilities
                .iter()
                .filter(|a| !matches!(a.kind, AbilityKind::Sub))
                .map(|a| format!("{:?} {:?} {}", a.kind, a.costs, a.once_per_turn))
                .collect::<Vec<_>>()
        };
        if played(ours) != played(theirs) {
            differences.push(format!(
                "{} abilities:\n  ours   {:?}\n  theirs {:?}",
                theirs.id,
                played(ours),
                played(theirs)
            ));
        }
    }
    assert_eq!(compared, 122);
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}

#[test]
fn the_pack_audits_clean() {
    let library = sve_tests::pack_library(&[pack_dir()], Base::Starter);
    let findings = sve_packs::packs::audit::audit(&library.pack_cards());
    let listed: Vec<String> = findings.iter().map(ToString::to_string).collect();
    assert!(
        listed.is_empty(),
        "card text and code disagree:\n{}",
        listed.join("\n")
    );
}

#[test]
fn the_pack_ships_the_six_starter_deck_lists() {
    let loaded = rust_pack();
    let names: Vec<String> = sve_packs::deck_files::pack_decks(&[pack_dir()])
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    assert_eq!(names, sve_tests::STARTER_DECK_NAMES);
    for name in sve_tests::STARTER_DECK_NAMES {
        let file = sve_packs::deck_files::load_deck_from_packs(name, &[pack_dir()])
            .expect("the deck reads");
        assert!(
            sve_engine::decks::check_deck(&file, &loaded.db).is_empty(),
            "{name} is legal"
        );
        // The same list as the bundled deck of that name.
        let bundled = sve_engine::decks::starter_deck(name).expect("bundled deck");
        assert_eq!(
            sve_engine::decks::resolve(&file, &loaded.db).map(|d| d.main),
            sve_engine::decks::resolve(&bundled, &loaded.db).map(|d| d.main),
            "{name}"
        );
    }
}

/// The pairings the clean-play test runs: SD01 against SD05 (the pairing
/// `sve sim` is benchmarked on), then each deck at least once.
const PAIRINGS: [[&str; 2]; 5] = [
    ["SD01", "SD05"],
    ["SD02", "SD03"],
    ["SD04", "SD06"],
    ["SD06", "SD01"],
    ["SD03", "SD05"],
];

#[test]
fn random_bot_matches_of_every_deck_play_clean_in_the_sandbox() {
    let loaded = rust_pack();
    let runner = loaded.runner();
    let mut problems = Vec::new();
    let mut played = 0;
    for [a, b] in PAIRINGS {
        let decks = [pack_deck(&loaded.db, a), pack_deck(&loaded.db, b)];
        let (problem, games) =
            sve_tests::clean_sim(&loaded.db, &runner, [(a, &decks[0]), (b, &decks[1])], 6, 38);
        played += games;
        problems.extend(problem);
    }
    assert_eq!(played, 6 * PAIRINGS.len() as u32);
    assert!(problems.is_empty(), "{problems:#?}");
    // Every ability ran in the Rust pack's component.
    let usage = runner.usage();
    assert!(
        usage.guest_calls >= u64::from(played) && usage.host_calls > usage.guest_calls,
        "{usage:?}"
    );
}

/// The bundled packs' scenario files that name an ability or an option in
/// the script's own words, with the word: each fails on that word alone.
/// The Rust pack names its abilities as printed ("Last Words", where the
/// script's ability is named after its trigger, `LastWords`) and labels
/// Conjure Golem's options with the tokens' names ("Guardform Golem",
/// where the script shows its sub-abilities' names, `Guardform`).
const WORDED_APART: [(&str, &str); 4] = [
    ("SD01-005-waltzing-fairy-last-words.scenario", "LastWords"),
    (
        "SD01-012-water-fairy-evolved-last-words.scenario",
        "LastWords",
    ),
    ("SD03-016-conjure-golem-guardform.scenario", "Guardform"),
    ("SD03-016-conjure-golem-strikeform.scenario", "Strikeform"),
];

#[test]
fn the_bundled_packs_scenario_files_pass_against_the_rust_pack() {
    let root = sve_tests::workspace_root();
    let mut paths = Vec::new();
    for pack in ["starter-scripts", "rust-starter"] {
        let tests = root.join("card-packs").join(pack).join("tests");
        let entries = std::fs::read_dir(&tests).expect("the pack's tests are readable");
        paths.extend(
            entries
                .flatten()
                .map(|entry| entry.path())
                .filter(|path| path.extension().is_some_and(|x| x == "scenario")),
        );
    }
    paths.sort();
    let catalog = sve_packs::catalog::Catalog::from_packs(rust_pack());
    let reports = sve_scenario::suite::run_files(&paths, &catalog);
    let mut unexpected = Vec::new();
    let mut worded_apart = Vec::new();
    for report in reports.iter().filter(|r| r.is_failure()) {
        let file = report
            .path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        let word = WORDED_APART.iter().find(|(name, _)| *name == file);
        match word {
            Some((name, word))
                if report.errors.is_empty()
                    && report.failures.iter().all(|f| f.text.contains(word)) =>
            {
                worded_apart.push(*name);
            }
            _ => unexpected.push(report.to_string()),
        }
    }
    assert!(unexpected.is_empty(), "{}", unexpected.join(""));
    assert_eq!(worded_apart, WORDED_APART.map(|(name, _)| name));
    assert!(reports.len() > 150, "{} scenario files", reports.len());
}

/// A decision as the bots see it: who answers, what kind of question,
/// the options and how many to pick. The words of a card's question and
/// of its labels are left out: the two packs word them their own way.
fn shape(decision: &Decision) -> String {
    let prompt = match &decision.prompt {
        Prompt::Ability {
            card,
            ability,
            role,
            series,
            ..
        } => format!("Ability {{ {card:?}, {ability:?}, {role:?}, {series:?} }}"),
        other => format!("{other:?}"),
    };
    let options: Vec<String> = decision
        .options
        .iter()
        .map(|option| match option {
            Choice::Label(_) => "Label".to_owned(),
            other => format!("{other:?}"),
        })
        .collect();
    format!(
        "{:?} {prompt} pick {}..={} of {options:?}",
        decision.player, decision.min, decision.max
    )
}

/// The public numbers of a match: each player's leader defense, play and
/// evolution points, and the size of each zone.
fn board(game: &Match) -> String {
    let state = game.state();
    let side = |player: PlayerId| {
        let p = state.player(player);
        format!(
            "def {} pp {}/{} ep {} hand {} deck {} field {} ex {} cemetery {} banished {}",
            p.leader_defense,
            p.pp,
            p.max_pp,
            p.ep,
            p.hand.len(),
            p.deck.len(),
            p.field.len(),
            p.ex_area.len(),
            p.cemetery.len(),
            p.banished.len()
        )
    };
    format!(
        "turn {}: {} | {}",
        state.turn,
        side(PlayerId(0)),
        side(PlayerId(1))
    )
}

/// Where two plays of one seeded match part: the decision (or outcome)
/// each showed there, with the board, and the events just before it.
#[derive(Debug)]
#[allow(dead_code)] // The fields are read through `Debug`, in the failure message.
struct Divergence {
    /// Answers given before they parted.
    answers: usize,
    bundled: String,
    rust: String,
    bundled_events: Vec<String>,
    rust_events: Vec<String>,
}

/// One seeded random-bot match, played by one set of cards and code.
struct Play {
    game: Match,
    bots: [Box<dyn Bot + Send>; 2],
    /// The last few events, for a divergence's diagnosis.
    recent: Vec<String>,
}

/// Events a [`Divergence`] shows.
const RECENT_EVENTS: usize = 12;

impl Play {
    /// The match `sve sim` plays for `seed` (the bots seeded as it seeds
    /// them), with `loaded`'s cards and code.
    fn new(loaded: &LoadedPacks, names: [&str; 2], seed: u64) -> Play {
        let decks = names.map(|name| pack_deck(&loaded.db, name));
        Play {
            game: Match::new(Arc::clone(&loaded.db), loaded.runner(), decks, seed),
            bots: [
                BotKind::Random.build(seed.wrapping_mul(2).wrapping_add(1)),
                BotKind::Random.build(seed.wrapping_mul(2).wrapping_add(2)),
            ],
            recent: Vec::new(),
        }
    }

    /// Runs to the next decision; what it shows (the decision's shape or
    /// the outcome, and the board) and whether the match is over. The
    /// cards whose abilities resolved on the way join `resolved`.
    fn advance(&mut self, resolved: &mut BTreeSet<String>) -> (String, bool) {
        let (now, over) = match self.game.step() {
            Status::GameOver(outcome) => (format!("game over: {outcome:?}"), true),
            Status::Decision(decision) => (shape(decision), false),
        };
        for event in self.game.take_events() {
            if let Event::AbilityResolved { def, .. } = &event {
                resolved.insert(self.game.db().get(*def).id.clone());
            }
            self.recent.push(format!("{event:?}"));
        }
        let old = self.recent.len().saturating_sub(RECENT_EVENTS);
        self.recent.drain(..old);
        (format!("{now}\n    {}", board(&self.game)), over)
    }

    /// The bot of the player to answer answers.
    fn answer(&mut self) {
        let Some(decision) = self.game.decision() else {
            return;
        };
        let player = decision.player;
        let picks = self.bots[player.idx()].choose(&self.game, decision);
        if let Err(rejection) = self.game.answer(player, &picks) {
            panic!("the bot's answer {picks:?} was rejected: {rejection}");
        }
    }
}

/// Most answers a compared match may take (the bots end far sooner).
const MAX_ANSWERS: usize = 20_000;

/// Plays one seeded random-bot match with both sets of cards side by side
/// and returns where they part, if they do. The cards whose abilities
/// resolved in the Rust pack's match join `resolved`.
fn compare(
    rust: &LoadedPacks,
    bundled: &LoadedPacks,
    names: [&str; 2],
    seed: u64,
    resolved: &mut BTreeSet<String>,
) -> Option<Divergence> {
    let mut ours = Play::new(rust, names, seed);
    let mut theirs = Play::new(bundled, names, seed);
    let mut ignored = BTreeSet::new();
    for answers in 0..MAX_ANSWERS {
        let (rust_now, rust_over) = ours.advance(resolved);
        let (bundled_now, _) = theirs.advance(&mut ignored);
        if rust_now != bundled_now {
            return Some(Divergence {
                answers,
                bundled: bundled_now,
                rust: rust_now,
                bundled_events: theirs.recent,
                rust_events: ours.recent,
            });
        }
        if rust_over {
            return None;
        }
        ours.answer();
        theirs.answer();
    }
    panic!("{names:?} seed {seed}: more than {MAX_ANSWERS} answers");
}

/// Seeds per ordered pairing of the six decks (36 pairings, mirrors
/// included).
const SEEDS_PER_PAIRING: u64 = 10;

/// The first seed compared.
const FIRST_SEED: u64 = 1_000;

#[test]
fn seeded_matches_play_the_same_as_with_the_bundled_packs() {
    let (rust, bundled) = (rust_pack(), bundled_packs());
    let mut resolved = BTreeSet::new();
    let mut agree = 0;
    let mut disagreements = Vec::new();
    for a in sve_tests::STARTER_DECK_NAMES {
        for b in sve_tests::STARTER_DECK_NAMES {
            for seed in FIRST_SEED..FIRST_SEED + SEEDS_PER_PAIRING {
                match compare(&rust, &bundled, [a, b], seed, &mut resolved) {
                    None => agree += 1,
                    Some(divergence) => {
                        disagreements.push(format!("{a} vs {b}, seed {seed}: {divergence:#?}"));
                    }
                }
            }
        }
    }
    let total = agree + disagreements.len();
    eprintln!("starter-rust: {agree} of {total} seeded random-bot matches play as with card-packs");
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));

    // The comparison reached every card of the six decks that has code:
    // each one's abilities resolved in some match.
    let mut never_resolved = BTreeSet::new();
    for name in sve_tests::STARTER_DECK_NAMES {
        let deck = pack_deck(&rust.db, name);
        for def in deck.main.iter().chain(&deck.evolve) {
            let def = rust.db.get(*def);
            let has_code = def
                .abilities
                .iter()
                .any(|a| !matches!(a.kind, AbilityKind::Passive(_) | AbilityKind::Sub));
            if has_code && !resolved.contains(&def.id) {
                never_resolved.insert(def.id.clone());
            }
        }
    }
    assert!(never_resolved.is_empty(), "{never_resolved:?}");
}
