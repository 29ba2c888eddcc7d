//! [`GameApi`]: the card API's `game` interface as a trait, so one
//! [`Game`](crate::Game) serves card code wherever it runs.
//!
//! In a pack component the host's imports implement it ([`Imports`]). A
//! host that runs trusted card code in its own process (the SVE Script
//! runtime, whose input is data) implements it itself and hands it to
//! [`Game::new`](crate::Game::new); the types are the card API's own, so
//! both paths see exactly the same contract.

use crate::bindings::sve::cards::game as host;
use crate::bindings::sve::cards::game::TurnRecord;
use crate::bindings::sve::cards::types::{
    CardFilter, CardInfo, CardMove, CardRef, CardStats, CardType, ChoiceRequest, Counter,
    DamageReplacement, DelayedLasts, Duration, Halt, InsteadZone, Keywords, Player, PlayerEffect,
    PlayerInfo, QuestionRole, SeriesStep, TokenDestination, TurnWindow, Zone,
};

/// Every function of the card API's `game` interface, one method each, in
/// the interface's order and with its wire types (`wit/since_v0.3.0`).
/// The WIT documents what each one does.
///
/// Methods take `&self`: conditions only read, and an implementation that
/// changes the game keeps its state behind interior mutability.
#[allow(missing_docs)] // One-to-one with the documented WIT functions.
pub trait GameApi {
    fn active_player(&self) -> Player;
    fn turn(&self) -> u32;
    fn cards_in(&self, owner: Player, zone: Zone) -> Vec<CardRef>;
    fn inspect_card(&self, card: CardRef) -> Option<CardInfo>;
    fn inspect_stats(&self, card: CardRef) -> Option<CardStats>;
    fn last_known_stats(&self, card: CardRef) -> Option<CardStats>;
    fn inspect_player(&self, player: Player) -> PlayerInfo;
    fn matches(&self, card: CardRef, filter: &CardFilter) -> bool;
    fn fused_cards(&self) -> Vec<CardRef>;
    fn paid_x(&self) -> i32;
    fn executing_union_burst(&self) -> bool;
    fn player_granted(&self, player: Player, keywords: u64) -> bool;
    fn this_turn(&self, player: Player) -> TurnRecord;
    fn turns_on_field(&self, card: CardRef) -> Option<u32>;
    fn evolve_cost(&self, card: CardRef) -> Option<i32>;
    fn face_up(&self, card: CardRef) -> bool;
    fn came_from(&self, card: CardRef) -> Option<Zone>;
    fn racing(&self, card: CardRef) -> bool;
    fn can_race(&self, card: CardRef, count: u8, use_ep: bool) -> bool;
    fn choose(&self, request: &ChoiceRequest) -> Result<Vec<u32>, Halt>;
    fn ask(
        &self,
        request: &ChoiceRequest,
        role: QuestionRole,
        series: Option<SeriesStep>,
    ) -> Result<Vec<u32>, Halt>;
    fn select_cards(
        &self,
        text: &str,
        candidates: &[CardRef],
        min: u32,
        max: u32,
    ) -> Result<Vec<CardRef>, Halt>;
    fn declare_card_name(&self, text: &str) -> Result<String, Halt>;
    fn random(&self, n: u32) -> u32;
    fn draw(&self, player: Player, count: u32);
    fn damage_follower(&self, card: CardRef, amount: i32);
    fn damage_leader(&self, player: Player, amount: i32);
    fn change_leader_defense(&self, player: Player, delta: i32);
    fn destroy(&self, card: CardRef);
    fn banish(&self, card: CardRef);
    fn bury(&self, card: CardRef);
    fn return_to_hand(&self, card: CardRef);
    fn put_into_deck(&self, card: CardRef, bottom: bool);
    fn put_onto_field(&self, card: CardRef) -> bool;
    fn put_onto_field_for(&self, card: CardRef, player: Player) -> bool;
    fn put_into_ex_area(&self, card: CardRef) -> bool;
    fn discard(&self, cards: &[CardRef]);
    fn move_together(&self, moves: &[CardMove]);
    fn summon_token(
        &self,
        player: Player,
        card_id: &str,
        count: u32,
        destination: TokenDestination,
    ) -> Result<Vec<CardRef>, String>;
    fn equip(&self, follower: CardRef, card_id: &str) -> Result<bool, String>;
    fn give_drive(&self, card: CardRef) -> bool;
    fn drive_check(&self) -> Result<Option<(CardRef, bool)>, Halt>;
    fn give_stats(&self, card: CardRef, attack: i32, defense: i32, duration: Duration);
    fn maneuver(&self, card: CardRef) -> bool;
    fn change_type(&self, card: CardRef, card_type: CardType, duration: Duration) -> bool;
    fn replace_follower_damage(
        &self,
        card: CardRef,
        replacement: DamageReplacement,
        duration: Duration,
    ) -> bool;
    fn replace_leader_damage(
        &self,
        player: Player,
        replacement: DamageReplacement,
        duration: Duration,
    );
    fn replace_cemetery_move(
        &self,
        card: CardRef,
        instead: InsteadZone,
        duration: Duration,
    ) -> bool;
    fn give_keywords(&self, card: CardRef, keywords: Keywords, duration: Duration);
    fn declared_keyword(&self, name: &str) -> Option<u8>;
    fn give_declared_keywords(&self, card: CardRef, keywords: u64, duration: Duration);
    fn change_cost(&self, card: CardRef, delta: i32, duration: Duration);
    fn change_evolve_cost(&self, card: CardRef, delta: i32, duration: Duration);
    fn set_evolve_cost(&self, card: CardRef, cost: i32, duration: Duration);
    fn give_trait(&self, card: CardRef, name: &str, duration: Duration);
    fn add_counters(&self, card: CardRef, counter: Counter, delta: i32);
    fn declared_counter(&self, name: &str) -> Option<u8>;
    fn engage(&self, card: CardRef);
    fn refresh(&self, card: CardRef);
    fn add_play_points(&self, player: Player, delta: i32);
    fn add_max_play_points(&self, player: Player, delta: i32);
    fn add_evolve_points(&self, player: Player, delta: i32);
    fn evolve(&self, card: CardRef) -> bool;
    fn shuffle(&self, player: Player);
    fn mill(&self, player: Player, count: u32);
    fn deck_to_hand(&self, card: CardRef);
    fn extra_turn(&self, player: Player);
    fn skip_next_turn(&self, player: Player);
    fn add_player_effect(&self, player: Player, effect: PlayerEffect, window: TurnWindow);
    fn create_delayed(
        &self,
        ability: &str,
        watch: Option<CardRef>,
        lasts: DelayedLasts,
    ) -> Result<(), String>;
    fn win_game(&self, player: Player);
    fn take_control(&self, card: CardRef, player: Player) -> bool;
    /// `union-burst-abilities`.
    fn union_burst_abilities(&self, card: CardRef) -> Vec<(u8, String)>;
    /// `execute-union-burst`.
    fn execute_union_burst(&self, card: CardRef, ability: u8) -> bool;
    fn play_card(&self, card: CardRef, cost: Option<i32>) -> bool;
    fn play_cost(&self, card: CardRef, cost: Option<i32>) -> Option<i32>;
    fn race(&self, card: CardRef, count: u8, use_ep: bool) -> bool;
    fn turn_face_down(&self, card: CardRef) -> bool;
    fn log(&self, message: &str);
}

/// The component's imports: the game API of a pack running in the host's
/// sandbox. (Outside WebAssembly there are no imports to call; a native
/// host gives [`Game`](crate::Game) its own [`GameApi`].)
#[derive(Clone, Copy, Debug, Default)]
pub struct Imports;

impl GameApi for Imports {
    fn active_player(&self) -> Player {
        host::active_player()
    }
    fn turn(&self) -> u32 {
        host::turn()
    }
    fn cards_in(&self, owner: Player, zone: Zone) -> Vec<CardRef> {
        host::cards_in(owner, zone)
    }
    fn inspect_card(&self, card: CardRef) -> Option<CardInfo> {
        host::inspect_card(card)
    }
    fn inspect_stats(&self, card: CardRef) -> Option<CardStats> {
        host::inspect_stats(card)
    }
    fn last_known_stats(&self, card: CardRef) -> Option<CardStats> {
        host::last_known_stats(card)
    }
    fn inspect_player(&self, player: Player) -> PlayerInfo {
        host::inspect_player(player)
    }
    fn matches(&self, card: CardRef, filter: &CardFilter) -> bool {
        host::matches(card, filter)
    }
    fn fused_cards(&self) -> Vec<CardRef> {
        host::fused_cards()
    }
    fn paid_x(&self) -> i32 {
        host::paid_x()
    }
    fn executing_union_burst(&self) -> bool {
        host::executing_union_burst()
    }
    fn player_granted(&self, player: Player, keywords: u64) -> bool {
        host::player_granted(player, keywords)
    }
    fn this_turn(&self, player: Player) -> TurnRecord {
        host::this_turn(player)
    }
    fn turns_on_field(&self, card: CardRef) -> Option<u32> {
        host::turns_on_field(card)
    }
    fn evolve_cost(&self, card: CardRef) -> Option<i32> {
        host::evolve_cost(card)
    }
    fn face_up(&self, card: CardRef) -> bool {
        host::face_up(card)
    }
    fn came_from(&self, card: CardRef) -> Option<Zone> {
        host::came_from(card)
    }
    fn racing(&self, card: CardRef) -> bool {
        host::racing(card)
    }
    fn can_race(&self, card: CardRef, count: u8, use_ep: bool) -> bool {
        host::can_race(card, count, use_ep)
    }
    fn choose(&self, request: &ChoiceRequest) -> Result<Vec<u32>, Halt> {
        host::choose(request)
    }
    fn ask(
        &self,
        request: &ChoiceRequest,
        role: QuestionRole,
        series: Option<SeriesStep>,
    ) -> Result<Vec<u32>, Halt> {
        host::ask(request, role, series)
    }
    fn select_cards(
        &self,
        text: &str,
        candidates: &[CardRef],
        min: u32,
        max: u32,
    ) -> Result<Vec<CardRef>, Halt> {
        host::select_cards(text, candidates, min, max)
    }
    fn declare_card_name(&self, text: &str) -> Result<String, Halt> {
        host::declare_card_name(text)
    }
    fn random(&self, n: u32) -> u32 {
        host::random(n)
    }
    fn draw(&self, player: Player, count: u32) {
        host::draw(player, count);
    }
    fn damage_follower(&self, card: CardRef, amount: i32) {
        host::damage_follower(card, amount);
    }
    fn damage_leader(&self, player: Player, amount: i32) {
        host::damage_leader(player, amount);
    }
    fn change_leader_defense(&self, player: Player, delta: i32) {
        host::change_leader_defense(player, delta);
    }
    fn destroy(&self, card: CardRef) {
        host::destroy(card);
    }
    fn banish(&self, card: CardRef) {
        host::banish(card);
    }
    fn bury(&self, card: CardRef) {
        host::bury(card);
    }
    fn return_to_hand(&self, card: CardRef) {
        host::return_to_hand(card);
    }
    fn put_into_deck(&self, card: CardRef, bottom: bool) {
        host::put_into_deck(card, bottom);
    }
    fn put_onto_field(&self, card: CardRef) -> bool {
        host::put_onto_field(card)
    }
    fn put_onto_field_for(&self, card: CardRef, player: Player) -> bool {
        host::put_onto_field_for(card, player)
    }
    fn put_into_ex_area(&self, card: CardRef) -> bool {
        host::put_into_ex_area(card)
    }
    fn discard(&self, cards: &[CardRef]) {
        host::discard(cards);
    }
    fn move_together(&self, moves: &[CardMove]) {
        host::move_together(moves);
    }
    fn summon_token(
        &self,
        player: Player,
        card_id: &str,
        count: u32,
        destination: TokenDestination,
    ) -> Result<Vec<CardRef>, String> {
        host::summon_token(player, card_id, count, destination)
    }
    fn equip(&self, follower: CardRef, card_id: &str) -> Result<bool, String> {
        host::equip(follower, card_id)
    }
    fn give_drive(&self, card: CardRef) -> bool {
        host::give_drive(card)
    }
    fn drive_check(&self) -> Result<Option<(CardRef, bool)>, Halt> {
        host::drive_check()
    }
    fn give_stats(&self, card: CardRef, attack: i32, defense: i32, duration: Duration) {
        host::give_stats(card, attack, defense, duration);
    }
    fn maneuver(&self, card: CardRef) -> bool {
        host::maneuver(card)
    }
    fn change_type(&self, card: CardRef, card_type: CardType, duration: Duration) -> bool {
        host::change_type(card, card_type, duration)
    }
    fn replace_follower_damage(
        &self,
        card: CardRef,
        replacement: DamageReplacement,
        duration: Duration,
    ) -> bool {
        host::replace_follower_damage(card, replacement, duration)
    }
    fn replace_leader_damage(
        &self,
        player: Player,
        replacement: DamageReplacement,
        duration: Duration,
    ) {
        host::replace_leader_damage(player, replacement, duration);
    }
    fn replace_cemetery_move(
        &self,
        card: CardRef,
        instead: InsteadZone,
        duration: Duration,
    ) -> bool {
        host::replace_cemetery_move(card, instead, duration)
    }
    fn give_keywords(&self, card: CardRef, keywords: Keywords, duration: Duration) {
        host::give_keywords(card, keywords, duration);
    }
    fn declared_keyword(&self, name: &str) -> Option<u8> {
        host::declared_keyword(name)
    }
    fn give_declared_keywords(&self, card: CardRef, keywords: u64, duration: Duration) {
        host::give_declared_keywords(card, keywords, duration);
    }
    fn change_cost(&self, card: CardRef, delta: i32, duration: Duration) {
        host::change_cost(card, delta, duration);
    }
    fn change_evolve_cost(&self, card: CardRef, delta: i32, duration: Duration) {
        host::change_evolve_cost(card, delta, duration);
    }
    fn set_evolve_cost(&self, card: CardRef, cost: i32, duration: Duration) {
        host::set_evolve_cost(card, cost, duration);
    }
    fn give_trait(&self, card: CardRef, name: &str, duration: Duration) {
        host::give_trait(card, name, duration);
    }
    fn add_counters(&self, card: CardRef, counter: Counter, delta: i32) {
        host::add_counters(card, counter, delta);
    }
    fn declared_counter(&self, name: &str) -> Option<u8> {
        host::declared_counter(name)
    }
    fn engage(&self, card: CardRef) {
        host::engage(card);
    }
    fn refresh(&self, card: CardRef) {
        host::refresh(card);
    }
    fn add_play_points(&self, player: Player, delta: i32) {
        host::add_play_points(player, delta);
    }
    fn add_max_play_points(&self, player: Player, delta: i32) {
        host::add_max_play_points(player, delta);
    }
    fn add_evolve_points(&self, player: Player, delta: i32) {
        host::add_evolve_points(player, delta);
    }
    fn evolve(&self, card: CardRef) -> bool {
        host::evolve(card)
    }
    fn shuffle(&self, player: Player) {
        host::shuffle(player);
    }
    fn mill(&self, player: Player, count: u32) {
        host::mill(player, count);
    }
    fn deck_to_hand(&self, card: CardRef) {
        host::deck_to_hand(card);
    }
    fn skip_next_turn(&self, player: Player) {
        host::skip_next_turn(player);
    }
    fn add_player_effect(&self, player: Player, effect: PlayerEffect, window: TurnWindow) {
        host::add_player_effect(player, effect, window);
    }
    fn create_delayed(
        &self,
        ability: &str,
        watch: Option<CardRef>,
        lasts: DelayedLasts,
    ) -> Result<(), String> {
        host::create_delayed(ability, watch, lasts)
    }
    fn win_game(&self, player: Player) {
        host::win_game(player);
    }
    fn take_control(&self, card: CardRef, player: Player) -> bool {
        host::take_control(card, player)
    }
    fn union_burst_abilities(&self, card: CardRef) -> Vec<(u8, String)> {
        host::union_burst_abilities(card)
    }
    fn execute_union_burst(&self, card: CardRef, ability: u8) -> bool {
        host::execute_union_burst(card, ability)
    }
    fn extra_turn(&self, player: Player) {
        host::extra_turn(player);
    }
    fn play_card(&self, card: CardRef, cost: Option<i32>) -> bool {
        host::play_card(card, cost)
    }
    fn play_cost(&self, card: CardRef, cost: Option<i32>) -> Option<i32> {
        host::play_cost(card, cost)
    }
    fn race(&self, card: CardRef, count: u8, use_ep: bool) -> bool {
        host::race(card, count, use_ep)
    }
    fn turn_face_down(&self, card: CardRef) -> bool {
        host::turn_face_down(card)
    }
    fn log(&self, message: &str) {
        host::log(message);
    }
}
