//! The script runtime's effects, one small card each: the script pack
//! `tests/packs/script-effects` played over the starter cards and the test
//! cards. Each test builds a board, plays the card, answers its questions
//! and checks zones, stats and leaders, and that no ability fizzled. The
//! helpers live here; the tests sit in one module per family of effects.

use std::sync::Arc;
use sve_engine::board::{Board, BoardBuilder, Side};
use sve_engine::cards::Keywords;
use sve_engine::engine::{CardRef, Choice, Event, PlayerId, Prompt, Zone};
use sve_packs::packs::LoadedPacks;
use sve_tests::Base;

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

/// The effects pack over the starter cards and the test cards.
fn load() -> LoadedPacks {
    let root = sve_tests::workspace_root();
    let loaded = sve_tests::pack_library(
        &[root.join("tests/packs/script-effects")],
        Base::StarterAndTestCards,
    )
    .loaded();
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    loaded
}

fn scenario(loaded: &LoadedPacks) -> BoardBuilder {
    Board::builder()
        .db(Arc::clone(&loaded.db))
        .runner(loaded.runner())
}

/// Asserts that nothing fizzled since the scenario was built (or the last
/// call).
fn assert_clean(s: &mut Board) {
    let reasons: Vec<String> = s
        .raw_events()
        .into_iter()
        .filter_map(|e| match e {
            Event::AbilityFizzled { reason, .. } => Some(reason),
            _ => None,
        })
        .collect();
    assert!(reasons.is_empty(), "fizzled: {reasons:?}\n{}", s.dump());
}

/// Answers the pending question with this card, checking who is asked.
fn pick(s: &mut Board, player: PlayerId, card: CardRef) {
    assert_eq!(s.decider(), player, "who is asked\n{}", s.dump());
    s.choose(|c| *c == Choice::Card(card));
}

/// Answers the pending question with several cards at once.
fn pick_all(s: &mut Board, player: PlayerId, cards: &[CardRef]) {
    let options = s.options();
    let picks: Vec<usize> = cards
        .iter()
        .map(|card| {
            options
                .iter()
                .position(|o| *o == Choice::Card(*card))
                .unwrap_or_else(|| panic!("{card:?} not offered in {options:?}"))
        })
        .collect();
    s.answer(player, &picks);
}

/// Answers the pending question with the labelled option.
fn pick_label(s: &mut Board, label: &str) {
    s.choose(|c| *c == Choice::Label(label.to_owned()));
}

/// The labels the pending question offers.
fn labels(s: &Board) -> Vec<String> {
    s.options()
        .into_iter()
        .filter_map(|c| match c {
            Choice::Label(l) => Some(l),
            _ => None,
        })
        .collect()
}

fn has_keyword(s: &Board, card: CardRef, keyword: Keywords) -> bool {
    s.game
        .state()
        .characteristics(s.game.db(), card)
        .keywords
        .contains(keyword)
}

fn cost(s: &Board, card: CardRef) -> i32 {
    s.game.state().characteristics(s.game.db(), card).cost
}

fn leader(s: &Board, player: PlayerId) -> i32 {
    s.game.state().player(player).leader_defense
}

fn zone_names(s: &Board, player: PlayerId, zone: Zone) -> Vec<String> {
    let state = s.game.state();
    state
        .player(player)
        .zone(zone)
        .iter()
        .map(|c| state.current_def(s.game.db(), *c).name.clone())
        .collect()
}

fn at_main_action(s: &Board) -> bool {
    s.game.decision().map(|d| d.prompt.clone()) == Some(Prompt::MainAction)
}

fn attack_of(s: &Board, card: CardRef) -> i32 {
    s.game.state().characteristics(s.game.db(), card).attack
}

fn hand_size(s: &Board, player: PlayerId) -> usize {
    s.game.state().player(player).hand.len()
}

fn face_up(s: &Board, player: PlayerId) -> Vec<String> {
    let state = s.game.state();
    state
        .player(player)
        .evolve_deck
        .iter()
        .filter(|c| state.card(**c).face_up)
        .map(|c| state.current_def(s.game.db(), *c).name.clone())
        .collect()
}

fn activate(s: &Board, name: &str, ability: u8) -> sve_engine::engine::Action {
    sve_engine::engine::Action::Activate {
        card: s.card(P1, Zone::Hand, name),
        ability: sve_engine::engine::AbilityIdx(ability),
    }
}

fn serve_action(s: &Board, name: &str, ability: u8) -> sve_engine::engine::Action {
    sve_engine::engine::Action::Activate {
        card: s.card(P1, Zone::Field, name),
        ability: sve_engine::engine::AbilityIdx(ability),
    }
}

fn in_evolve_zone(s: &Board) -> usize {
    s.game
        .state()
        .cards
        .iter()
        .filter(|c| c.zone == Zone::EvolveZone)
        .count()
}

mod branch;
mod community;
mod complex;
mod costs;
mod moves;
mod playing;
mod racing;
mod sequences;
mod stats;
mod this_turn;
mod values;
