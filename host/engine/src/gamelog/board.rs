//! The board as compact text, for the terminal.

use super::words::keyword_names;
use crate::cards::{CardDb, DeclaredKeyword, TriggerIcon};
use crate::engine::view::{CardView, PlayerView};
use crate::engine::{DefId, Match, PlayerId};
use std::fmt::Write as _;

/// A compact text picture of the board as `viewer` sees it, the card
/// pool's declared keywords named.
pub fn board_text(game: &Match, viewer: PlayerId) -> String {
    let db: &CardDb = game.db();
    let card = |def| {
        let def = db.get(def);
        (
            def.display_name(),
            def.card_type.is_follower(),
            def.trigger_icon,
        )
    };
    pictured(&game.view(viewer), &card, db.declared_keywords())
}

/// The same picture from a view alone; `card` names a definition, says
/// whether it is a follower and gives its Trigger icon (later-sets §2.1;
/// a network client knows cards only by their faces). Built-in keywords
/// only.
pub fn view_text<'a>(
    view: &PlayerView,
    card: &dyn Fn(DefId) -> (&'a str, bool, Option<TriggerIcon>),
) -> String {
    pictured(view, card, &[])
}

/// The picture, declared keywords named as `declared` declares them.
fn pictured<'a>(
    view: &PlayerView,
    card: &dyn Fn(DefId) -> (&'a str, bool, Option<TriggerIcon>),
    declared: &[DeclaredKeyword],
) -> String {
    let viewer = view.viewer;
    let mut out = String::new();
    for seat in [viewer.opponent(), viewer] {
        let side = &view.sides[seat.idx()];
        let who = if seat == viewer { "You" } else { "Opponent" };
        let _ = writeln!(
            out,
            "{who} ({seat}): leader {} | PP {}/{} | EP {} | SEP {} | deck {} | hand {} | cemetery {}",
            side.leader_defense,
            side.pp,
            side.max_pp,
            side.ep,
            side.sep,
            side.deck_count,
            side.hand.len(),
            side.cemetery.len()
        );
        let cards = |cards: &[CardView]| -> String {
            cards
                .iter()
                .map(|c| {
                    let (name, follower, _) = card(c.evolved.unwrap_or(c.def));
                    // The icon is the base card's (an evolved card has
                    // none of its own).
                    let (_, _, trigger) = card(c.def);
                    let mut text = if follower {
                        format!("{name} {}/{}", c.attack, c.defense)
                    } else {
                        name.to_owned()
                    };
                    if c.engaged {
                        text.push_str(" (engaged)");
                    }
                    let mut keywords: Vec<&str> = keyword_names(declared, c.keywords).collect();
                    // Its Trigger icon, as the card prints it (the
                    // Vanguard collab).
                    let icon = trigger.map(|icon| format!("{} Trigger", icon.name()));
                    keywords.extend(icon.as_deref());
                    if !keywords.is_empty() {
                        text.push_str(&format!(" [{}]", keywords.join(", ")));
                    }
                    text
                })
                .collect::<Vec<_>>()
                .join(" | ")
        };
        let _ = writeln!(out, "  field: {}", cards(&side.field));
        if !side.ex_area.is_empty() {
            let _ = writeln!(out, "  EX area: {}", cards(&side.ex_area));
        }
        if seat == viewer {
            let hand: Vec<CardView> = side.hand.iter().flatten().cloned().collect();
            let _ = writeln!(out, "  hand: {}", cards(&hand));
        }
        // Effects on the player for a window of turns (later-sets §12.10,
        // §12.12).
        for effect in &side.player_effects {
            let _ = writeln!(out, "  {}", effect.words(seat));
        }
    }
    out
}
