//! The game API is written in two places that must agree: the WIT
//! `game` interface packs import and the engine's `AbilityCtx` that
//! implements it (`host_api/mod.rs` is only glue, and the compiler already holds
//! it to the WIT). This test holds the other pair: every WIT function
//! has its `AbilityCtx`/`AbilityQuery` counterpart and the other way
//! round, with the few differences named below.

use std::collections::BTreeSet;
use std::path::Path;

/// WIT functions answered by reading the state through `AbilityQuery`
/// (no one-to-one method), or by the host alone.
const READ_FROM_STATE: &[&str] = &[
    "active_player",
    "declared_keyword",
    "declared_counter",
    "turn",
    "cards_in",
    "inspect_card",
    "inspect_stats",
    "last_known_stats",
    "inspect_player",
    "matches",
    "fused_cards",
    "paid_x",
    "executing_union_burst",
    "this_turn",
    "turns_on_field",
    "evolve_cost",
    "face_up",
    "came_from",
    "racing",
    // The pack's log lines go to the host's log, not the match.
    "log",
];

/// WIT names whose engine method is named otherwise.
const RENAMED: &[(&str, &str)] = &[
    ("choose", "choose_for"),
    ("ask", "choose_with"),
    // Declared keywords are bits of the same set the engine gives.
    ("give_declared_keywords", "give_keywords"),
    // One engine method puts a damage replacement on a follower or on
    // a leader's card.
    ("replace_follower_damage", "replace_damage"),
    ("replace_leader_damage", "replace_damage"),
];

/// Engine methods that are not card API: reads of the run itself,
/// conveniences over `choose_for` for Rust runners, and constructors.
const ENGINE_ONLY: &[&str] = &[
    "state",
    "db",
    "info",
    "source",
    "controller",
    "ability_def",
    "card_def",
    "characteristics",
    "cards",
    "query",
    "stopped",
    // The host reads it after each action (`HostState::act`).
    "pending",
    // Card code reads it through `this-turn`.
    "union_bursts_this_turn",
    "choose_option",
    "yes_no",
    "choose_cards",
    "new",
    "ability",
    "condition",
];

fn wit_game_functions() -> BTreeSet<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let wit = std::fs::read_to_string(root.join("wit/since_v0.3.0/cards.wit"))
        .expect("the card API's WIT");
    let start = wit.find("interface game").expect("interface game");
    let body = &wit[start..];
    let end = body.find("\n}").unwrap_or(body.len());
    body[..end]
        .lines()
        .filter_map(|line| line.trim().split_once(": func"))
        .map(|(name, _)| name.trim().replace('-', "_"))
        .collect()
}

/// The public methods of `AbilityCtx` and `AbilityQuery`, read from
/// their sources (`AbilityCtx`'s `[ub]` execution lives with the rest
/// of Union Burst).
fn engine_methods() -> BTreeSet<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    ["ability.rs", "ability_query.rs", "actions/union_burst.rs"]
        .iter()
        .flat_map(|file| {
            std::fs::read_to_string(root.join("engine/src/engine").join(file))
                .unwrap_or_else(|_| panic!("the engine's {file}"))
                .lines()
                .filter_map(|line| line.strip_prefix("    pub fn "))
                .filter_map(|rest| rest.split(['(', '<']).next())
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn every_game_function_has_its_engine_method_and_back() {
    let wit = wit_game_functions();
    let engine = engine_methods();
    let engine_name = |name: &str| {
        RENAMED
            .iter()
            .find(|(w, _)| *w == name)
            .map_or(name.to_owned(), |(_, e)| (*e).to_owned())
    };
    let missing_in_engine: Vec<&String> = wit
        .iter()
        .filter(|f| !READ_FROM_STATE.contains(&f.as_str()))
        .filter(|f| !engine.contains(&engine_name(f)))
        .collect();
    assert!(
        missing_in_engine.is_empty(),
        "WIT game functions with no AbilityCtx method: {missing_in_engine:?}"
    );
    let wit_as_engine: BTreeSet<String> = wit.iter().map(|f| engine_name(f)).collect();
    let missing_in_wit: Vec<&String> = engine
        .iter()
        .filter(|m| !ENGINE_ONLY.contains(&m.as_str()))
        .filter(|m| !wit_as_engine.contains(*m))
        .collect();
    assert!(
        missing_in_wit.is_empty(),
        "AbilityCtx methods packs cannot call (add them to the WIT, or to ENGINE_ONLY with why): {missing_in_wit:?}"
    );
}
