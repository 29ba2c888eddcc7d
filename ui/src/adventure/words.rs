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

/// What a light level does to a room's event, for the events light
/// changes: a fight's enemy and pay, a rest's heal, a shop's prices and a
/// scenario's gains and costs (a random room may turn out a fight).
pub fn event_light_words(balance: &Balance, event: EventKind, level: u32) -> Option<String> {
    let effect = balance.light_effect(level);
    match event {
        EventKind::Fight | EventKind::Elite | EventKind::Boss => {
            Some(light_effect_words(balance, level))
        }
        EventKind::Heal => Some(format!(
            "restores {}% of a rest ({} defense)",
            effect.heal_percent,
            effect.heal(balance.heal.amount)
        )),
        EventKind::Shop => Some(format!(
            "prices {}%, pays {}% for your cards",
            effect.shop_price_percent, effect.shop_sell_percent
        )),
        EventKind::Random => Some(format!(
            "an event's gains {}%, its costs {}%",
            effect.scenario_gain_percent, effect.scenario_cost_percent
        )),
        EventKind::Start => None,
    }
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

/// The statuses of the fight on now, or those the next fight will hold,
/// with their durations: every relic's (each fight) and the events' (for
/// their next fights).
pub fn status_lines(run: &sve_adventure::run::Run) -> Vec<String> {
    if let Some(spec) = run.fight() {
        return spec
            .statuses
            .iter()
            .map(|status| format!("Status, this fight: {}", status.describe()))
            .collect();
    }
    let balance = run.balance();
    let relic_grants = run
        .relics()
        .iter()
        .filter_map(|id| balance.relic(id))
        .filter_map(|relic| Some((relic.status.as_ref()?, Some(relic.name.as_str()))));
    let event_grants = run.pending_statuses().iter().map(|grant| (grant, None));
    relic_grants
        .chain(event_grants)
        .filter_map(|(grant, relic)| {
            let def = balance.status(&grant.status)?;
            let status = sve_adventure::status::FightStatus::new(def, grant);
            let lasting = match relic {
                Some(name) => format!("every fight ({name})"),
                None if grant.fights == 1 => "the next fight".to_owned(),
                None => format!("the next {} fights", grant.fights),
            };
            Some(format!("Status, {lasting}: {}", status.describe()))
        })
        .collect()
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
