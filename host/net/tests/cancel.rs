//! Taking an activation back online: the engine's cancel is an ordinary
//! answer, the server takes it, the same question comes back, neither
//! seat is told anything hidden, and the server's replay replays it.

// Each test binary uses part of the shared helpers.
#[allow(dead_code)]
mod common;

use common::{deck, start};
use std::sync::{Arc, Mutex};
use sve_engine::board::fixtures::{test_db, test_runner};
use sve_engine::engine::{AbilityRunner, Action, Choice, Decision, DefId, Event, PlayerId, Prompt};
use sve_engine::replay::{Replay, log_hash};
use sve_net::client::Connection;
use sve_net::client::play::{Answerer, Entry, RandomAnswers, play};
use sve_net::protocol::{ClientMsg, ClockSpec, Opponent, Seating, ServerMsg, Update};
use sve_net::server::ServerConfig;
use tokio::sync::oneshot;

/// SD01 with the test card Sifter ([act] [cost01] [engage], discard two
/// cards: its leader gains 3 defense) in place of SD01-016.
fn sifter_deck() -> String {
    deck("SD01").replace("3 SD01-016", "3 TEST-SIFT")
}

/// What the cancelling seat saw.
#[derive(Debug, Default)]
struct Seen {
    /// The main-phase question the announcement answered.
    announced_at: Option<Decision>,
    /// The cancel was sent.
    cancelled: bool,
    /// The question asked right after the cancel.
    asked_again: Option<Decision>,
    /// The update after the cancel told of it.
    told_of_cancel: bool,
}

/// Plays at random, but plays a Sifter when it can and, the first time a
/// Sifter of its own offers its ability, announces it and cancels at the
/// first cost question.
struct CancelsOnce {
    random: RandomAnswers,
    sifter: DefId,
    seen: Arc<Mutex<Seen>>,
}

impl Answerer for CancelsOnce {
    fn answer(&mut self, update: &Update, seating: &Seating) -> Vec<u32> {
        let Some(decision) = &update.view.decision else {
            return Vec::new();
        };
        let mut seen = self.seen.lock().expect("not poisoned");
        if seen.cancelled && seen.asked_again.is_none() {
            seen.asked_again = Some(decision.clone());
            seen.told_of_cancel = update
                .events
                .iter()
                .any(|e| matches!(e, Event::ActivationCancelled { .. }));
        }
        if !seen.cancelled {
            if let Some(cancel) = decision.cancel_option() {
                seen.cancelled = true;
                return vec![cancel as u32];
            }
            if decision.prompt == Prompt::Mulligan {
                // Redraw a hand without a Sifter.
                let me = update.view.viewer.idx();
                let has_one = update.view.sides[me]
                    .hand
                    .iter()
                    .flatten()
                    .any(|c| c.def == self.sifter);
                let wanted = if has_one { Choice::No } else { Choice::Yes };
                if let Some(pick) = decision.options.iter().position(|o| *o == wanted) {
                    return vec![pick as u32];
                }
            }
            if decision.prompt == Prompt::MainAction {
                let me = update.view.viewer.idx();
                let side = &update.view.sides[me];
                let is_sifter = |card| {
                    side.field
                        .iter()
                        .chain(side.hand.iter().flatten())
                        .any(|c| c.card == card && c.def == self.sifter)
                };
                let wanted = decision.options.iter().position(|o| match o {
                    Choice::Action(Action::Activate { card, .. }) => {
                        // Only with two other cards to discard: then the
                        // cost asks which.
                        is_sifter(*card) && side.hand.len() > 2
                    }
                    _ => false,
                });
                if let Some(activate) = wanted {
                    seen.announced_at = Some(decision.clone());
                    return vec![activate as u32];
                }
                let play_one = decision.options.iter().position(
                    |o| matches!(o, Choice::Action(Action::Play { card }) if is_sifter(*card)),
                );
                if let Some(play) = play_one {
                    return vec![play as u32];
                }
            }
        }
        drop(seen);
        self.random.answer(update, seating)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancel_online_asks_again_leaks_nothing_and_replays() {
    let db = Arc::new(test_db());
    let runner: Arc<dyn AbilityRunner> = Arc::new(test_runner());
    let mut config = ServerConfig::new(Arc::clone(&db), Arc::clone(&runner));
    config.seed = Some(7);
    let server = start(config).await;
    let url = server.url();
    let seen = Arc::new(Mutex::new(Seen::default()));
    let mut host_answers = CancelsOnce {
        random: RandomAnswers::new(3),
        sifter: db.by_card_id("TEST-SIFT").expect("the test card"),
        seen: Arc::clone(&seen),
    };
    let (code_to, code) = oneshot::channel();
    let host = async {
        let mut conn = Connection::connect(&url, "Host").await.expect("connects");
        let report = play(
            &mut conn,
            &sifter_deck(),
            Entry::Create {
                opponent: Opponent::Human,
                clock: ClockSpec::default(),
                code: Some(code_to),
            },
            &mut host_answers,
        )
        .await
        .expect("plays");
        (conn, report)
    };
    let guest = async {
        let code = code.await.expect("the table's code");
        let mut conn = Connection::connect(&url, "Guest").await.expect("connects");
        play(
            &mut conn,
            deck("SD05"),
            Entry::Join(code),
            &mut RandomAnswers::new(4),
        )
        .await
        .expect("plays")
    };
    let ((mut host_conn, host_report), guest_report) = tokio::join!(host, guest);
    assert!(host_report.outcome.is_some());
    assert_eq!(host_report.outcome, guest_report.outcome);
    // Neither seat was told a card it can't see (the opponent's view of
    // the announcement and of the cancel included).
    assert_eq!(host_report.leaks + guest_report.leaks, 0);

    let seen = std::mem::take(&mut *seen.lock().expect("not poisoned"));
    assert!(
        seen.cancelled,
        "a Sifter's ability was announced and cancelled"
    );
    let announced_at = seen.announced_at.clone().expect("announced");
    assert_eq!(
        seen.asked_again.as_ref(),
        Some(&announced_at),
        "the same question"
    );
    assert!(
        seen.told_of_cancel,
        "the update after it told of the cancel"
    );
    let host_seat = host_report.seating.as_ref().and_then(|s| s.seat);
    assert_eq!(Some(announced_at.player), host_seat.map(PlayerId));

    // The server's replay holds the cancel and replays the same.
    let token = host_report
        .seating
        .and_then(|s| s.token)
        .expect("a seat token");
    host_conn
        .send(&ClientMsg::Replay { token })
        .await
        .expect("sends");
    let bytes = common::until(&mut host_conn, |m| match m {
        ServerMsg::Replay { bytes } => Some(bytes),
        _ => None,
    })
    .await;
    let replay = Replay::decode(&bytes).expect("a replay file");
    let (_, events) = replay.play(db, runner).expect("the replay plays");
    assert_eq!(
        log_hash(&events),
        replay.log_hash,
        "the replay is the match"
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::ActivationCancelled { .. }))
    );
}
