//! What the UI may see of a local match at one moment, from the seats of
//! its mode: the redacted events with their words, and the snapshot. The
//! match worker and the replay viewer both draw their pictures here, so a
//! watched replay shows exactly what a played match showed.

use super::{CardNote, DecisionView, Delta, LogLine, ShownEvent, Snapshot, inspect};
use crate::card_text;
use crate::config::MatchMode;
use sve_engine::engine::view::redact;
use sve_engine::engine::{Event, Match, PlayerId};
use sve_engine::gamelog;

/// Takes the match's new events: each is redacted for the viewers of
/// `mode`, rendered once (its log line goes to `log`, and its words with
/// the event to `events`) and returned unredacted.
pub(super) fn take_events(
    game: &mut Match,
    mode: MatchMode,
    log: &mut Delta<LogLine>,
    events: &mut Delta<ShownEvent>,
) -> Vec<Event> {
    let taken = game.take_events();
    for event in &taken {
        let shown = match mode {
            MatchMode::VsBot { human } => redact(event, human),
            // Two people share one log: hide what either may not know.
            MatchMode::HotSeat => redact(&redact(event, PlayerId(0)), PlayerId(1)),
            MatchMode::BotVsBot => event.clone(),
        };
        // Rendered once: the log line goes to the log and words the debug
        // tab's row, the scenario line standing in for an event with no
        // log line.
        let rendered = gamelog::render(&shown, game.state(), game.db());
        let text = match rendered.log {
            Some(line) => {
                let text = line.text.clone();
                log.items.push(line);
                Some(text)
            }
            None => rendered.line.map(|line| line.to_string()),
        };
        events.items.push(ShownEvent { event: shown, text });
    }
    taken
}

/// The snapshot of `game` for the viewers of `mode`, with the pending
/// decision when `decision_shown` says the UI may see it. Generation, log,
/// events, `bot_thinking` and `can_undo` are left empty for the caller.
pub(super) fn snapshot(game: &Match, mode: MatchMode, decision_shown: bool) -> Snapshot {
    let views = match mode {
        MatchMode::VsBot { human } => vec![game.view(human)],
        MatchMode::HotSeat | MatchMode::BotVsBot => {
            PlayerId::BOTH.iter().map(|p| game.view(*p)).collect()
        }
    };
    let waiting_on = game.decision().map(|d| d.player);
    let decision = game
        .decision()
        .filter(|_| decision_shown)
        .map(|d| DecisionView {
            decision: d.clone(),
            labels: d
                .options
                .iter()
                .map(|option| {
                    // Card text markup in an ability's text, as words.
                    card_text::plain_words(&gamelog::describe_choice(option, game))
                })
                .collect(),
        });
    // Hot-seat: two people share the debug tab, so no hand is shown.
    let hands = match mode {
        MatchMode::VsBot { human } => vec![human],
        MatchMode::HotSeat => Vec::new(),
        MatchMode::BotVsBot => PlayerId::BOTH.to_vec(),
    };
    let state = game.state();
    let notes = PlayerId::BOTH
        .iter()
        .flat_map(|p| state.player(*p).field.iter().copied())
        .map(|card| {
            let note = CardNote {
                entered_this_turn: state.card(card).entered_turn == state.turn,
            };
            (card, note)
        })
        .collect();
    Snapshot {
        generation: 0,
        views,
        decision,
        waiting_on,
        bot_thinking: false,
        outcome: game.outcome(),
        log: Delta::default(),
        events: Delta::default(),
        notes,
        can_undo: false,
        inspected: inspect::inspect_cards(state, game.db(), &hands),
        pending: inspect::pending_lines(state, game.db()),
        // A local match has no clocks.
        clocks: None,
    }
}
