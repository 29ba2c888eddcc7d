//! The 0.2.0 game API, run by the current one: every function adapts its
//! arguments, calls the current implementation (`packs/host_api/mod.rs`) and
//! adapts the result back. Nothing in the game's behaviour differs between
//! versions. (`choose`, `ask` and `matches` are registered again over these
//! by `lazy_args.rs`.)

use super::sve::cards::{game as old_game, types as old};
use crate::packs::host_api::HostState;
use crate::packs::wit::adapt::{Adapt, delegate_game};

impl old::Host for HostState {}

impl old_game::Host for HostState {
    delegate_game! {
        crate::packs::wit::latest::sve::cards::game::Host;
        fn active_player() -> u8;
        fn turn() -> u32;
        fn cards_in(owner: u8, zone: old::Zone) -> Vec<u32>;
        fn inspect_card(card: u32) -> Option<old::CardInfo>;
        fn inspect_stats(card: u32) -> Option<old::CardStats>;
        fn inspect_player(player: u8) -> old::PlayerInfo;
        fn matches(card: u32, filter: old::CardFilter) -> bool;
        fn this_turn(player: u8) -> old_game::TurnRecord;
        fn turns_on_field(card: u32) -> Option<u32>;
        fn evolve_cost(card: u32) -> Option<i32>;
        fn face_up(card: u32) -> bool;
        fn came_from(card: u32) -> Option<old::Zone>;
        fn racing(card: u32) -> bool;
        fn can_race(card: u32, count: u8, use_ep: bool) -> bool;
        fn choose(request: old::ChoiceRequest) -> Result<Vec<u32>, old::Halt>;
        fn ask(request: old::ChoiceRequest, role: old::QuestionRole, series: Option<old::SeriesStep>) -> Result<Vec<u32>, old::Halt>;
        fn select_cards(text: String, candidates: Vec<u32>, min: u32, max: u32) -> Result<Vec<u32>, old::Halt>;
        fn random(n: u32) -> u32;
        fn draw(player: u8, count: u32) -> ();
        fn damage_follower(card: u32, amount: i32) -> ();
        fn damage_leader(player: u8, amount: i32) -> ();
        fn change_leader_defense(player: u8, delta: i32) -> ();
        fn destroy(card: u32) -> ();
        fn banish(card: u32) -> ();
        fn bury(card: u32) -> ();
        fn return_to_hand(card: u32) -> ();
        fn put_into_deck(card: u32, bottom: bool) -> ();
        fn put_onto_field(card: u32) -> bool;
        fn put_onto_field_for(card: u32, player: u8) -> bool;
        fn put_into_ex_area(card: u32) -> bool;
        fn discard(cards: Vec<u32>) -> ();
        fn summon_token(player: u8, card_id: String, count: u32, destination: old::TokenDestination) -> Result<Vec<u32>, String>;
        fn give_stats(card: u32, attack: i32, defense: i32, duration: old::Duration) -> ();
        fn give_keywords(card: u32, keywords: u64, duration: old::Duration) -> ();
        fn change_cost(card: u32, delta: i32, duration: old::Duration) -> ();
        fn change_evolve_cost(card: u32, delta: i32, duration: old::Duration) -> ();
        fn set_evolve_cost(card: u32, cost: i32, duration: old::Duration) -> ();
        fn give_trait(card: u32, name: String, duration: old::Duration) -> ();
        fn add_counters(card: u32, counter: u8, delta: i32) -> ();
        fn engage(card: u32) -> ();
        fn refresh(card: u32) -> ();
        fn add_play_points(player: u8, delta: i32) -> ();
        fn add_max_play_points(player: u8, delta: i32) -> ();
        fn add_evolve_points(player: u8, delta: i32) -> ();
        fn evolve(card: u32) -> bool;
        fn shuffle(player: u8) -> ();
        fn mill(player: u8, count: u32) -> ();
        fn deck_to_hand(card: u32) -> ();
        fn extra_turn(player: u8) -> ();
        fn play_card(card: u32, cost: Option<i32>) -> bool;
        fn race(card: u32, count: u8, use_ep: bool) -> bool;
        fn turn_face_down(card: u32) -> bool;
        fn log(message: String) -> ();
    }
}
