//! What a match starts from: who sits in each seat, the two decks, the seed
//! and how fast bots move. The start screen builds a [`MatchConfig`]; the
//! session worker plays it.

use std::time::Duration;
use sve_engine::bot::BotKind;
use sve_engine::engine::{DeckList, PlayerId};

/// Who answers the decisions of one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person at this screen.
    Human,
    /// A bot of this kind, run on the session's worker thread.
    Bot(BotKind),
}

/// A deck chosen for a seat, already checked and resolved.
#[derive(Clone, Debug)]
pub struct ChosenDeck {
    /// The deck file's title line ("Regal Fairy Princess").
    pub title: String,
    /// Where it came from: a bundled deck name (`SD01`) or a file path.
    pub source: String,
    /// The resolved list the match is built from.
    pub list: DeckList,
}

/// Everything needed to start (or restart) a match.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Seat order: `seats[0]` is P1.
    pub seats: [Seat; 2],
    /// Seat order, like `seats`.
    pub decks: [ChosenDeck; 2],
    /// The match seed; with the decks and the answers it reproduces the match.
    pub seed: u64,
    /// Pause before each bot answer, so a person can follow the bot's turn.
    pub bot_delay: Duration,
    /// Watching a replay: both seats answer from its recorded answers (at
    /// the bot pace) instead of thinking.
    pub replay: Option<std::sync::Arc<sve_engine::replay::Replay>>,
    /// Sandbox changes made once, at the first decision after setup (an
    /// adventure fight's carried leader defenses and the enemy's extra
    /// cards); the replay records them as any sandbox change.
    pub opening: Vec<sve_engine::engine::SandboxAction>,
    /// Sandbox changes made at the first decision of each turn after the
    /// opening (an adventure fight's statuses); recorded as any sandbox
    /// change.
    pub turn_start: Option<TurnStartHook>,
}

/// What a match changes at the start of each turn
/// ([`MatchConfig::turn_start`]): called once at the first decision of each
/// turn (a side's `turns_passed` new) with the match, it gives the sandbox
/// changes to make.
#[derive(Clone)]
pub struct TurnStartHook(pub std::sync::Arc<TurnStartFn>);

/// The function of a [`TurnStartHook`].
pub type TurnStartFn =
    dyn Fn(&sve_engine::engine::Match) -> Vec<sve_engine::engine::SandboxAction> + Send + Sync;

impl std::fmt::Debug for TurnStartHook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TurnStartHook")
    }
}

/// How the seats are filled, which decides whose view the board shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchMode {
    /// One person against a bot; the board shows `human`'s view.
    VsBot {
        /// The person's seat.
        human: PlayerId,
    },
    /// Two people at one screen; the board shows the view of whoever decides.
    HotSeat,
    /// Two bots; the board shows both sides openly (a debugging aid).
    BotVsBot,
}

impl MatchConfig {
    /// The mode these seats make.
    pub fn mode(&self) -> MatchMode {
        match self.seats {
            [Seat::Human, Seat::Human] => MatchMode::HotSeat,
            [Seat::Human, Seat::Bot(_)] => MatchMode::VsBot { human: PlayerId(0) },
            [Seat::Bot(_), Seat::Human] => MatchMode::VsBot { human: PlayerId(1) },
            [Seat::Bot(_), Seat::Bot(_)] => MatchMode::BotVsBot,
        }
    }

    /// The seat of `player`.
    pub fn seat(&self, player: PlayerId) -> Seat {
        self.seats[player.idx()]
    }

    /// The same match settings with the next seed: a rematch is a new game,
    /// and still reproducible.
    pub fn rematch(&self) -> MatchConfig {
        if self.replay.is_some() {
            // "Rematch" of a replay watches it again.
            return self.clone();
        }
        MatchConfig {
            seed: self.seed.wrapping_add(1),
            ..self.clone()
        }
    }

    /// Watching a replay: its decks and seed, both seats answered from the
    /// recording. Unknown card ids are errors.
    pub fn from_replay(
        replay: sve_engine::replay::Replay,
        db: &sve_engine::cards::CardDb,
        bot_delay: Duration,
    ) -> Result<MatchConfig, Vec<String>> {
        let mut errors = Vec::new();
        let mut resolve = |deck: &sve_engine::replay::ReplayDeck,
                           basis: sve_engine::decks::DeckBasis|
         -> Option<ChosenDeck> {
            let mut id = |card: &String| match db.by_card_id(card) {
                Some(def) => Some(def),
                None => {
                    errors.push(format!(
                        "The replay's deck {} names unknown card {card}.",
                        deck.name
                    ));
                    None
                }
            };
            let leader = id(&deck.leader)?;
            let main: Vec<_> = deck.main.iter().filter_map(&mut id).collect();
            let evolve: Vec<_> = deck.evolve.iter().filter_map(&mut id).collect();
            Some(ChosenDeck {
                title: deck.name.clone(),
                source: "replay".to_owned(),
                list: DeckList {
                    leader,
                    main,
                    evolve,
                    basis,
                },
            })
        };
        let first = resolve(&replay.decks[0], replay.bases[0]);
        let second = resolve(&replay.decks[1], replay.bases[1]);
        let (Some(first), Some(second)) = (first, second) else {
            return Err(errors);
        };
        if !errors.is_empty() {
            return Err(errors);
        }
        let random = Seat::Bot(sve_engine::bot::BotKind::Random);
        Ok(MatchConfig {
            seats: [random, random],
            decks: [first, second],
            seed: replay.seed,
            bot_delay,
            replay: Some(std::sync::Arc::new(replay)),
            opening: Vec::new(),
            turn_start: None,
        })
    }
}

/// A seed from the wall clock, for a match started without one. It is shown
/// on the board, so the match can be replayed.
pub fn entropy_seed() -> u64 {
    // `web_time`: std's clock on the desktop; std's panics in a web page.
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map(|elapsed| elapsed.as_nanos() as u64)
        .unwrap_or(0)
}
