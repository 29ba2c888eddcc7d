//! The Adventure screen's words: rooms, light levels and what light does
//! to a room's event, shared by the map's tooltips, the torch preview and
//! the dialogs.

use sve_adventure::balance::Balance;
use sve_adventure::content::Content;
use sve_adventure::events::{EventKind, UniqueKind};
use sve_adventure::light::{Light, Sight};
use sve_adventure::map::{Map, RoomId};

/// An event's name for the player.
pub fn event_name(event: EventKind) -> &'static str {
    match event {
        EventKind::Start => "Start",
        EventKind::Fight => "Fight",
        EventKind::Elite => "Elite fight",
        EventKind::Shop => "Shop",
        EventKind::Heal => "Rest",
        EventKind::Random => "Random event",
        EventKind::Boss => "Boss",
    }
}

/// The letter drawn in a room whose event shows.
pub fn event_letter(event: EventKind) -> &'static str {
    match event {
        EventKind::Start => "S",
        EventKind::Fight => "F",
        EventKind::Elite => "E",
        EventKind::Shop => "$",
        EventKind::Heal => "H",
        EventKind::Random => "?",
        EventKind::Boss => "B",
    }
}

/// A unique event's kind, for the player.
pub fn unique_name(kind: UniqueKind) -> &'static str {
    match kind {
        UniqueKind::Relic => "a relic no one else finds",
        UniqueKind::Fight => "a guardian's special fight (a relic and costly cards)",
    }
}

/// "dark", "lit (1)", "bright (3)".
pub fn light_words(level: u32) -> String {
    match Light::of(level) {
        Light::Dark => "dark".to_owned(),
        light => format!("{} ({level})", light.name()),
    }
}

/// What a light level does to a fight there: the enemy's extra defense
/// and cards, and the pay.
pub fn light_effect_words(balance: &Balance, level: u32) -> String {
    let effect = balance.light_effect(level);
    let mut enemy = format!("enemy defense {:+}", effect.enemy_defense);
    if effect.enemy_cards > 0 {
        enemy.push_str(&format!(", +{} cards", effect.enemy_cards));
    }
    format!(
        "{enemy}; pays {}% gold, {} pick{}, {}% torch",
        effect.gold_percent,
        effect.card_picks,
        if effect.card_picks == 1 { "" } else { "s" },
        effect.torch_percent
    )
}

/// Where a room is: "floor 3, column 2".
pub fn place(map: &Map, room: RoomId) -> String {
    map.room(room).map_or_else(
        || "somewhere".to_owned(),
        |r| format!("floor {}, column {}", r.floor, r.column + 1),
    )
}

/// A room as the player sees it now, in one line.
pub fn room_line(map: &Map, room: RoomId, sight: Sight) -> String {
    let event = map.room(room).map(|r| r.event);
    let what = match event {
        Some(event) if sight.event_shown => event_name(event).to_owned(),
        _ => "unseen room".to_owned(),
    };
    let dim = if sight.dim { ", dimly seen" } else { "" };
    let twinkle = if sight.twinkle { ", a twinkle" } else { "" };
    format!("{what}, {}{dim}{twinkle}", light_words(sight.level))
}

/// A card's name and cost: "Goblin (cost 1)".
pub fn card_words(content: &Content, id: &str) -> String {
    format!("{} (cost {})", content.name_of(id), content.cost_of(id))
}

/// Cards by name, joined: "Dragonguard, Dual Flames" ("none" for none).
pub fn card_names(content: &Content, ids: &[String]) -> String {
    if ids.is_empty() {
        return "none".to_owned();
    }
    ids.iter()
        .map(|id| content.name_of(id))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A line the run wrote, made safe to show: one line, capped, and in the
/// glyphs the client's font has (the run writes an arrow).
pub fn note(text: &str) -> String {
    crate::catalog::shown(&text.replace('→', "to"))
}
