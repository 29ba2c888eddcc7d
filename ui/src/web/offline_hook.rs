//! The page's offline test hook (feature `page-test-hook`, like the
//! online one in `session/online/test_hook.rs`): a page of the test build
//! opened at `?offline` starts a local match against the easy bot (`BotKind::Greedy`; SD01
//! against SD02, the page's bundled starter cards), and answers the
//! bottom seat's decisions itself with the `greedy` client bot's rules,
//! through the match screen's answer, as a click would. The match runs in
//! the page: the engine, the bot's search and the worker stepped once per
//! frame (`session/worker/stepped.rs`). The page marks the result on
//! `<body>` (`data-sve-outcome`) for the browser test
//! (`host/cli/tests/browser_offline.rs`), and with `?replay` then saves
//! the match's replay as the game-over panel does: a download,
//! `sve-replay-offline.sver`.

use crate::App;
use crate::config::{MatchConfig, Seat};
use crate::intent::Intent;
use std::path::PathBuf;
use std::time::Duration;
use sve_engine::bot::BotKind;
use sve_net::client::greedy::GreedyAnswers;
use sve_net::client::text::Faces;
use sve_net::protocol::CardFace;

/// The pause before each of the bot's answers: the start screen's
/// default, so the board animates as a player sees it.
const BOT_DELAY: Duration = Duration::from_millis(600);

/// The name the match's replay is saved as (`?replay`).
const REPLAY_FILE: &str = "sve-replay-offline.sver";

/// Answers the bottom seat of a local match.
pub(super) struct OfflineAutoplay {
    bot: GreedyAnswers,
    /// Save the replay once the match is over.
    save_replay: bool,
    /// The snapshot generation last answered.
    answered: Option<u64>,
    /// The result was marked.
    marked: bool,
}

impl OfflineAutoplay {
    /// Starts the local match in `app`, whose replay is saved once it is
    /// over when `save_replay`; `None` (logged) when the starter decks
    /// can't be built.
    pub(super) fn start(
        app: &mut App,
        ctx: &egui::Context,
        save_replay: bool,
    ) -> Option<OfflineAutoplay> {
        let db = app.catalog().db();
        let deck = |name: &str| match crate::start::load_checked(name, &db) {
            Ok(deck) => Some(deck),
            Err(problems) => {
                tracing::error!("test hook: deck {name}: {}", problems.join("; "));
                None
            }
        };
        let config = MatchConfig {
            seats: [Seat::Human, Seat::Bot(BotKind::Greedy)],
            decks: [deck("SD01")?, deck("SD02")?],
            seed: 7,
            bot_delay: BOT_DELAY,
            replay: None,
            opening: Vec::new(),
            turn_start: None,
        };
        let faces = Faces(db.iter().map(|(_, def)| CardFace::of(def)).collect());
        tracing::info!("test hook: a local match against the easy bot, answered by the page");
        app.play(config, ctx);
        Some(OfflineAutoplay {
            bot: GreedyAnswers::new(7, faces),
            save_replay,
            answered: None,
            marked: false,
        })
    }

    /// After a frame: answers a decision shown to the bottom seat, and
    /// marks the result once there is one.
    pub(super) fn after_frame(&mut self, app: &mut App) {
        let Some(screen) = app.match_screen_mut() else {
            return;
        };
        let view = screen.view();
        if let Some(outcome) = view.outcome {
            if !self.marked {
                self.marked = true;
                super::mark_text("data-sve-outcome", &format!("{outcome:?}"));
                if self.save_replay {
                    // As the game-over panel's Save replay does: in a
                    // page, a download.
                    tracing::info!("test hook: saving the replay as {REPLAY_FILE}");
                    screen.act(Intent::SaveReplay(PathBuf::from(REPLAY_FILE)));
                }
            }
            return;
        }
        let generation = view.generation;
        if view.decision.is_none() || self.answered == Some(generation) {
            return;
        }
        let Some(seen) = view.views.first() else {
            return;
        };
        // The decision as the screen shows it, on the seat's view.
        let mut seen = seen.clone();
        seen.decision = view.decision.as_ref().map(|shown| shown.decision.clone());
        let picks = self.bot.pick(&seen);
        self.answered = Some(generation);
        screen.answer(
            picks
                .into_iter()
                .map(|pick| usize::try_from(pick).unwrap_or(usize::MAX))
                .collect(),
        );
    }
}
