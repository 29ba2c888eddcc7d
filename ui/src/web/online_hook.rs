//! The page's online test hook for the match screen (feature
//! `page-test-hook`, beside the autoplay in `session/online/test_hook.rs`,
//! which answers decisions): what a player does on the board besides
//! answering, done through the match screen as a click does, for the
//! browser test (`host/cli/tests/browser_match.rs`).
//!
//! - `?inspect`: at each table, once the board shows a card, the page
//!   opens the card inspector on one (an opponent's card on the field if
//!   there is one, else one of its own there), as "Inspect card" in the card's
//!   menu does; when the server's data for it has come, the page marks
//!   `data-sve-inspected` on `<body>` as `CODE NAME` (the table's code and
//!   the name the inspector shows).
//! - `?replay`: when a match is over, the page saves its replay as the
//!   game-over panel's Save replay does (`sve-replay-CODE.sver`): the
//!   server sends it, and the page hands it to the browser as a download.
//! - `?rematch`: when the first match is over, the page offers a rematch,
//!   as the game-over panel's button does (once: the rematch's own end is
//!   left alone).

use crate::App;
use crate::intent::Intent;
use std::path::PathBuf;
use sve_engine::engine::{CardRef, PlayerId};

/// What the page does on the board by itself.
#[derive(Debug, Default)]
pub(super) struct OnlineHook {
    /// Open the inspector on a card at each table.
    inspect: bool,
    /// Save each match's replay.
    replay: bool,
    /// Rematches still to offer.
    rematches: u32,
    /// The table at which the inspector was opened, and on which card.
    asked: Option<(String, CardRef)>,
    /// The table whose inspected card was marked.
    marked: Option<String>,
    /// The table whose end was answered with a rematch offer.
    offered: Option<String>,
    /// The table whose replay was asked for.
    saved: Option<String>,
}

impl OnlineHook {
    /// A hook that inspects a card at each table (`inspect`), saves each
    /// match's replay (`replay`) and offers `rematches` rematches; `None`
    /// when it has nothing to do.
    pub(super) fn new(inspect: bool, replay: bool, rematches: u32) -> Option<OnlineHook> {
        (inspect || replay || rematches > 0).then(|| OnlineHook {
            inspect,
            replay,
            rematches,
            ..OnlineHook::default()
        })
    }

    /// After a frame: inspects, marks and offers as the module's doc says.
    pub(super) fn after_frame(&mut self, app: &mut App) {
        let Some(screen) = app.match_screen_mut() else {
            return;
        };
        let Some(status) = screen.online_status() else {
            return;
        };
        let Some(seating) = &status.seating else {
            return;
        };
        let code = seating.code.clone();
        let over = status.over;
        let view = screen.view();
        let seat = view.my_seat();
        if self.inspect {
            let asked_here = self.asked.as_ref().filter(|(at, _)| *at == code);
            match asked_here {
                None if view.outcome.is_none() => {
                    if let Some(card) = card_to_inspect(view, seat) {
                        tracing::info!("test hook: inspecting card {card:?} at table {code}");
                        self.asked = Some((code.clone(), card));
                        screen.act(Intent::Inspect(card));
                    }
                }
                Some((_, card)) if self.marked.as_ref() != Some(&code) => {
                    let shown = view.inspected.iter().find(|shown| shown.data.card == *card);
                    if let Some(shown) = shown {
                        let text = format!("{code} {}", shown.data.name);
                        tracing::info!("test hook: inspected {text}");
                        super::mark_text("data-sve-inspected", &text);
                        self.marked = Some(code.clone());
                    }
                }
                _ => {}
            }
        }
        let ended = over && screen.view().outcome.is_some();
        if ended && self.replay && self.saved.as_ref() != Some(&code) {
            self.saved = Some(code.clone());
            let name = format!("sve-replay-{code}.sver");
            tracing::info!("test hook: saving the replay of table {code} as {name}");
            screen.act(Intent::SaveReplay(PathBuf::from(name)));
        }
        if ended && self.rematches > 0 && self.offered.as_ref() != Some(&code) {
            self.rematches -= 1;
            self.offered = Some(code.clone());
            tracing::info!("test hook: offering a rematch at table {code}");
            screen.act(Intent::Rematch);
        }
    }
}

/// A card the page may inspect: an opponent's card on the field, else
/// one of its own there; none while both fields are empty.
fn card_to_inspect(view: &crate::match_view::MatchView, seat: Option<PlayerId>) -> Option<CardRef> {
    let me = seat?;
    let seen = view.views.iter().find(|seen| seen.viewer == me)?;
    let theirs = seen.sides.get(me.opponent().idx())?;
    let mine = seen.sides.get(me.idx())?;
    theirs
        .field
        .first()
        .or_else(|| mine.field.first())
        .map(|card| card.card)
}
