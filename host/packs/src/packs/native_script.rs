//! Script packs run in the host's own process: the SVE Script runtime's
//! interpreter ([`Script`]) compiled into the host, calling the same game
//! API implementation as the sandboxed component (`host_api/mod.rs`) through
//! [`NativeGame`], with no WebAssembly boundary in between.
//!
//! Why this is safe to do for script packs and only for them: the runtime
//! is our own code, and a script pack gives it data, its compiled IR, which
//! [`Script::decode`] checks (every index in range, value nodes and filter
//! alternatives naming only earlier nodes, so evaluation cannot cycle). What
//! the sandbox bounds for a component, this path bounds as well:
//! - calls into the game: at most [`HOST_CALLS_PER_CALL`] per call, and
//!   none after the engine stopped the run; either ends the call like a
//!   trap, by unwinding to the runner ([`NativeTrap`]);
//! - stack: a card whose values or filters nest deeper than
//!   [`MAX_EVALUATION_DEPTH`] is refused at load, and the pack runs in the
//!   sandbox instead (the compiler caps nesting far below it);
//! - work without game calls: every loop of the interpreter either calls
//!   the game at each round or is bounded by the IR's size;
//! - a panic (a bug in the interpreter) is caught and the ability fizzles
//!   with its message, like a trap; the engine rolls the run back.
//!
//! Rust packs are third-party code and never run here.

use super::host_api::HostState;
use super::lazy_args::{self, MAX_ARGUMENT_TEXT_BYTES};
use super::limits::HOST_CALLS_PER_CALL;
use super::wit::adapt::{Adapt, adapt_record, adapt_variant};
use super::wit::latest::sve::cards::game::Host as _;
use super::wit::latest::sve::cards::{game as host_game, types as host};
use std::cell::{RefCell, RefMut};
use sve_engine::engine::QUESTION_OPTION_LIMIT;
use sve_script_runtime::Script;
use sve_sdk::GameApi;
use sve_sdk::bindings::sve::cards::{game as guest_game, types as guest};

/// How deep a card's value functions and filter alternatives may nest for
/// the card to run natively (each level is a native stack frame of the
/// evaluator).
pub(crate) const MAX_EVALUATION_DEPTH: usize = 256;

/// Decodes a script pack's IR for native runs; `Err` says why the pack
/// must run in the sandbox instead.
pub(crate) fn decode(pack_data: &[u8]) -> Result<Script, String> {
    let script = Script::decode(pack_data)?;
    for card in &script.module().cards {
        let depth = card.evaluation_depth();
        if depth > MAX_EVALUATION_DEPTH {
            return Err(format!(
                "card {}: values nest {depth} deep (at most {MAX_EVALUATION_DEPTH} natively)",
                card.id
            ));
        }
    }
    Ok(script)
}

/// What ends a native call early, as a trap ends a sandboxed one: it
/// unwinds the interpreter back to the runner, which catches it.
#[derive(Debug)]
pub(crate) struct NativeTrap(pub String);

/// Ends the call in progress: unwinds to the runner without running the
/// panic hook (this is not a bug, it is the sandbox's trap). A web page
/// can't unwind (wasm32 aborts): there it panics, so that the page's hook
/// shows the message instead of the page stopping without a word.
fn trap(message: &str) -> ! {
    #[cfg(target_arch = "wasm32")]
    panic!("a card's code stopped: {message}");
    #[cfg(not(target_arch = "wasm32"))]
    std::panic::resume_unwind(Box::new(NativeTrap(message.to_owned())))
}

/// The game API over a [`HostState`], for the interpreter running natively.
pub(crate) struct NativeGame<'s> {
    state: RefCell<&'s mut HostState>,
}

impl<'s> NativeGame<'s> {
    pub(crate) fn new(state: &'s mut HostState) -> NativeGame<'s> {
        NativeGame {
            state: RefCell::new(state),
        }
    }

    /// The host side of one game call, counted as the sandbox's call hook
    /// counts it (`component::count_host_call`).
    fn host(&self) -> RefMut<'_, &'s mut HostState> {
        let Ok(mut state) = self.state.try_borrow_mut() else {
            trap("a game call re-entered the game");
        };
        if state.halt.is_some() {
            drop(state);
            trap("the pack kept calling the game after the engine stopped it");
        }
        state.host_calls += 1;
        if state.host_calls > HOST_CALLS_PER_CALL {
            state.halt = Some(sve_engine::engine::Halt::Failed(format!(
                "stopped: it made more than {HOST_CALLS_PER_CALL} calls to the game in one run"
            )));
            drop(state);
            trap("too many calls to the game");
        }
        state
    }
}

// The card API's types as the SDK sees them (wit-bindgen's) and as the
// host implements them (wasmtime's): the same WIT, so field for field.
adapt_variant!(guest <-> host::Zone {
    Leader, Deck, Hand, Field, ExArea, Cemetery, Banished, EvolveDeck, EvolveZone, Resolution,
    Removed, Equipment, Trigger, Drive
});
adapt_variant!(guest <-> host::CardType { Follower, EvolvedFollower, Spell, Amulet, Leader, Crest });
adapt_variant!(guest <-> host::CardClass { Forest, Sword, Rune, Dragon, Abyss, Haven, Neutral });
adapt_variant!(guest -> host::Duration { WhileInZone, EndOfTurn, EndOfOpponentNextTurn });
adapt_variant!(guest -> host::TokenDestination { Field, ExArea, FieldOverflowToEx });
adapt_variant!(guest -> host::DelayedLasts { Once, OnceThisTurn, EveryTimeThisTurn });
adapt_variant!(guest -> host::MoveKind {
    Destroy, Banish, Bury, ReturnToHand, Discard, DeckTop, DeckBottom
});
adapt_record!(guest -> host::CardMove { card, kind });
adapt_variant!(guest -> host::DamageChange { Nothing; Less, AtMost });
adapt_variant!(guest -> host::DamageFilter { Any, Ability, Combat });
adapt_record!(guest -> host::DamageReplacement { change, damage, next_time_only });
adapt_variant!(guest -> host::PlayerEffect {
    NoStartPhaseDraw, NoMaxPpIncrease, CannotPlayFollowers, PlayFromBanished; PlayCost
});
adapt_variant!(guest -> host::TurnWindow { ThisTurn, NextTurn });
adapt_variant!(guest -> host::InsteadZone { Banished, ExArea, Hand, DeckTop, DeckBottom });
adapt_variant!(guest -> host::ChoiceOption { Yes, No; Card, Label });
adapt_variant!(host -> guest::Halt { NeedsDecision, Failed });
adapt_record!(guest -> host::Range { min, max });
adapt_record!(guest -> host::CardFilter {
    types, traits_any, keywords, without_keywords, name, not_name, class, token, cost, attack,
    engaged, other
});
adapt_record!(guest -> host::ChoiceRequest { player, text, options, min, max });
adapt_variant!(guest -> host::QuestionRole { Effect, OptionalCost, Cost });
adapt_record!(guest -> host::SeriesStep { step, count, up_to });
adapt_record!(host -> guest::AbilityCall {
    source, source_object, card_id, ability, controller, trigger_card, amount
});
adapt_record!(host -> guest::CounterCount { counter, count });
adapt_record!(host -> guest::CardInfo {
    card, object, id, name, card_type, class, traits, zone, owner, controller, engaged, evolved,
    is_token, attack, defense, max_defense, cost, keywords, counters, declared_keywords
});
adapt_record!(host -> guest::CardStats {
    card, object, card_type, class, zone, owner, controller, engaged, evolved, is_token, attack,
    defense, max_defense, cost, keywords, declared_keywords
});
adapt_record!(host -> guest::PlayerInfo {
    pp, max_pp, ep, sep, leader_defense, turns_passed, combo, spellchain, overflow, sanguine,
    cemetery_count, hand_count, deck_count
});
adapt_record!(host_game -> guest_game::TurnRecord {
    destroyed, discarded, attacked, spells_played, returned_to_hand_from_field, banished_from_ex,
    union_bursts
});

/// Writes [`GameApi`] methods as calls of the host's implementation
/// (`host_game::Host`), their arguments and results adapted.
macro_rules! native_methods {
    ($(fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty => $call:expr;)*) => {
        $(fn $name(&self, $($arg: $ty),*) -> $ret {
            let mut state = self.host();
            let state: &mut HostState = &mut state;
            #[allow(clippy::redundant_closure_call)]
            ($call)(state).adapt()
        })*
    };
}

impl GameApi for NativeGame<'_> {
    /// As the sandbox's `choose` (`lazy_args.rs`), with its size limits.
    fn choose(&self, request: &guest::ChoiceRequest) -> Result<Vec<u32>, guest::Halt> {
        self.ask(request, guest::QuestionRole::Effect, None)
    }

    /// As the sandbox's `ask` (`lazy_args.rs`), with its size limits.
    fn ask(
        &self,
        request: &guest::ChoiceRequest,
        role: guest::QuestionRole,
        series: Option<guest::SeriesStep>,
    ) -> Result<Vec<u32>, guest::Halt> {
        let mut state = self.host();
        let labels = request.options.iter().map(|option| match option {
            guest::ChoiceOption::Label(label) => label.len(),
            _ => 0,
        });
        let text = request.text.len() + labels.sum::<usize>();
        if request.options.len() > QUESTION_OPTION_LIMIT || text > MAX_ARGUMENT_TEXT_BYTES {
            lazy_args::refuse_state(&mut state, "a question");
            return Err(guest::Halt::Failed);
        }
        state
            .ask(request.clone().adapt(), role.adapt(), series.adapt())
            .adapt()
    }

    /// As the sandbox's `matches` (`lazy_args.rs`), with its size limits.
    fn matches(&self, card: u32, filter: &guest::CardFilter) -> bool {
        let mut state = self.host();
        let names =
            [&filter.name, &filter.not_name].map(|name| name.as_ref().map_or(0, String::len));
        let text =
            filter.traits_any.iter().map(String::len).sum::<usize>() + names.iter().sum::<usize>();
        let lists_fit = filter.types.len() <= QUESTION_OPTION_LIMIT
            && filter.traits_any.len() <= QUESTION_OPTION_LIMIT;
        if !lists_fit || text > MAX_ARGUMENT_TEXT_BYTES {
            lazy_args::refuse_state(&mut state, "a card filter");
            return false;
        }
        state.matches(card, filter.clone().adapt())
    }

    native_methods! {
    fn active_player() -> u8 => |h: &mut HostState| h.active_player();
    fn turn() -> u32 => |h: &mut HostState| h.turn();
    fn cards_in(owner: u8, zone: guest::Zone) -> Vec<u32>
        => |h: &mut HostState| h.cards_in(owner, zone.adapt());
    fn fused_cards() -> Vec<u32> => |h: &mut HostState| h.fused_cards();
    fn paid_x() -> i32 => |h: &mut HostState| h.paid_x();
    fn executing_union_burst() -> bool => |h: &mut HostState| h.executing_union_burst();
    fn player_granted(player: u8, keywords: u64) -> bool
        => |h: &mut HostState| h.player_granted(player, keywords);
    fn inspect_card(card: u32) -> Option<guest::CardInfo>
        => |h: &mut HostState| h.inspect_card(card);
    fn inspect_stats(card: u32) -> Option<guest::CardStats>
        => |h: &mut HostState| h.inspect_stats(card);
    fn last_known_stats(card: u32) -> Option<guest::CardStats>
        => |h: &mut HostState| h.last_known_stats(card);
    fn inspect_player(player: u8) -> guest::PlayerInfo
        => |h: &mut HostState| h.inspect_player(player);
    fn this_turn(player: u8) -> guest_game::TurnRecord
        => |h: &mut HostState| h.this_turn(player);
    fn turns_on_field(card: u32) -> Option<u32> => |h: &mut HostState| h.turns_on_field(card);
    fn evolve_cost(card: u32) -> Option<i32> => |h: &mut HostState| h.evolve_cost(card);
    fn face_up(card: u32) -> bool => |h: &mut HostState| h.face_up(card);
    fn came_from(card: u32) -> Option<guest::Zone> => |h: &mut HostState| h.came_from(card);
    fn racing(card: u32) -> bool => |h: &mut HostState| h.racing(card);
    fn can_race(card: u32, count: u8, use_ep: bool) -> bool
        => |h: &mut HostState| h.can_race(card, count, use_ep);
    fn select_cards(text: &str, candidates: &[u32], min: u32, max: u32)
        -> Result<Vec<u32>, guest::Halt>
        => |h: &mut HostState| h.select_cards(text.to_owned(), candidates.to_vec(), min, max);
    fn declare_card_name(text: &str) -> Result<String, guest::Halt>
        => |h: &mut HostState| h.declare_card_name(text.to_owned());
    fn random(n: u32) -> u32 => |h: &mut HostState| h.random(n);
    fn draw(player: u8, count: u32) -> () => |h: &mut HostState| h.draw(player, count);
    fn damage_follower(card: u32, amount: i32) -> ()
        => |h: &mut HostState| h.damage_follower(card, amount);
    fn damage_leader(player: u8, amount: i32) -> ()
        => |h: &mut HostState| h.damage_leader(player, amount);
    fn change_leader_defense(player: u8, delta: i32) -> ()
        => |h: &mut HostState| h.change_leader_defense(player, delta);
    fn destroy(card: u32) -> () => |h: &mut HostState| h.destroy(card);
    fn banish(card: u32) -> () => |h: &mut HostState| h.banish(card);
    fn bury(card: u32) -> () => |h: &mut HostState| h.bury(card);
    fn return_to_hand(card: u32) -> () => |h: &mut HostState| h.return_to_hand(card);
    fn put_into_deck(card: u32, bottom: bool) -> ()
        => |h: &mut HostState| h.put_into_deck(card, bottom);
    fn put_onto_field(card: u32) -> bool => |h: &mut HostState| h.put_onto_field(card);
    fn put_onto_field_for(card: u32, player: u8) -> bool
        => |h: &mut HostState| h.put_onto_field_for(card, player);
    fn put_into_ex_area(card: u32) -> bool => |h: &mut HostState| h.put_into_ex_area(card);
    fn discard(cards: &[u32]) -> () => |h: &mut HostState| h.discard(cards.to_vec());
    fn move_together(moves: &[guest::CardMove]) -> ()
        => |h: &mut HostState| h.move_together(moves.iter().map(|m| m.adapt()).collect());
    fn summon_token(player: u8, card_id: &str, count: u32, destination: guest::TokenDestination)
        -> Result<Vec<u32>, String>
        => |h: &mut HostState| h.summon_token(player, card_id.to_owned(), count, destination.adapt());
    fn equip(follower: u32, card_id: &str) -> Result<bool, String>
        => |h: &mut HostState| h.equip(follower, card_id.to_owned());
    fn give_drive(card: u32) -> bool => |h: &mut HostState| h.give_drive(card);
    fn drive_check() -> Result<Option<(u32, bool)>, guest::Halt>
        => |h: &mut HostState| h.drive_check();
    fn give_stats(card: u32, attack: i32, defense: i32, duration: guest::Duration) -> ()
        => |h: &mut HostState| h.give_stats(card, attack, defense, duration.adapt());
    fn maneuver(card: u32) -> bool => |h: &mut HostState| h.maneuver(card);
    fn change_type(card: u32, card_type: guest::CardType, duration: guest::Duration) -> bool
        => |h: &mut HostState| h.change_type(card, card_type.adapt(), duration.adapt());
    fn replace_follower_damage(
        card: u32,
        replacement: guest::DamageReplacement,
        duration: guest::Duration
    ) -> bool
        => |h: &mut HostState| h.replace_follower_damage(card, replacement.adapt(), duration.adapt());
    fn replace_cemetery_move(card: u32, instead: guest::InsteadZone, duration: guest::Duration) -> bool
        => |h: &mut HostState| h.replace_cemetery_move(card, instead.adapt(), duration.adapt());
    fn replace_leader_damage(
        player: u8,
        replacement: guest::DamageReplacement,
        duration: guest::Duration
    ) -> ()
        => |h: &mut HostState| h.replace_leader_damage(player, replacement.adapt(), duration.adapt());
    fn give_keywords(card: u32, keywords: u64, duration: guest::Duration) -> ()
        => |h: &mut HostState| h.give_keywords(card, keywords, duration.adapt());
    fn declared_keyword(name: &str) -> Option<u8>
        => |h: &mut HostState| h.declared_keyword(name.to_owned());
    fn give_declared_keywords(card: u32, keywords: u64, duration: guest::Duration) -> ()
        => |h: &mut HostState| h.give_declared_keywords(card, keywords, duration.adapt());
    fn change_cost(card: u32, delta: i32, duration: guest::Duration) -> ()
        => |h: &mut HostState| h.change_cost(card, delta, duration.adapt());
    fn change_evolve_cost(card: u32, delta: i32, duration: guest::Duration) -> ()
        => |h: &mut HostState| h.change_evolve_cost(card, delta, duration.adapt());
    fn set_evolve_cost(card: u32, cost: i32, duration: guest::Duration) -> ()
        => |h: &mut HostState| h.set_evolve_cost(card, cost, duration.adapt());
    fn give_trait(card: u32, name: &str, duration: guest::Duration) -> ()
        => |h: &mut HostState| h.give_trait(card, name.to_owned(), duration.adapt());
    fn add_counters(card: u32, counter: u8, delta: i32) -> ()
        => |h: &mut HostState| h.add_counters(card, counter, delta);
    fn declared_counter(name: &str) -> Option<u8>
        => |h: &mut HostState| h.declared_counter(name.to_owned());
    fn engage(card: u32) -> () => |h: &mut HostState| h.engage(card);
    fn refresh(card: u32) -> () => |h: &mut HostState| h.refresh(card);
    fn add_play_points(player: u8, delta: i32) -> ()
        => |h: &mut HostState| h.add_play_points(player, delta);
    fn add_max_play_points(player: u8, delta: i32) -> ()
        => |h: &mut HostState| h.add_max_play_points(player, delta);
    fn add_evolve_points(player: u8, delta: i32) -> ()
        => |h: &mut HostState| h.add_evolve_points(player, delta);
    fn evolve(card: u32) -> bool => |h: &mut HostState| h.evolve(card);
    fn shuffle(player: u8) -> () => |h: &mut HostState| h.shuffle(player);
    fn mill(player: u8, count: u32) -> () => |h: &mut HostState| h.mill(player, count);
    fn deck_to_hand(card: u32) -> () => |h: &mut HostState| h.deck_to_hand(card);
    fn extra_turn(player: u8) -> () => |h: &mut HostState| h.extra_turn(player);
    fn skip_next_turn(player: u8) -> () => |h: &mut HostState| h.skip_next_turn(player);
    fn add_player_effect(player: u8, effect: guest::PlayerEffect, window: guest::TurnWindow) -> ()
        => |h: &mut HostState| h.add_player_effect(player, effect.adapt(), window.adapt());
    fn create_delayed(ability: &str, watch: Option<u32>, lasts: guest::DelayedLasts)
        -> Result<(), String>
        => |h: &mut HostState| h.create_delayed(ability.to_owned(), watch, lasts.adapt());
    fn win_game(player: u8) -> () => |h: &mut HostState| h.win_game(player);
    fn take_control(card: u32, player: u8) -> bool
        => |h: &mut HostState| h.take_control(card, player);
    fn union_burst_abilities(card: u32) -> Vec<(u8, String)>
        => |h: &mut HostState| h.union_burst_abilities(card);
    fn execute_union_burst(card: u32, ability: u8) -> bool
        => |h: &mut HostState| h.execute_union_burst(card, ability);
    fn play_card(card: u32, cost: Option<i32>) -> bool
        => |h: &mut HostState| h.play_card(card, cost);
    fn play_cost(card: u32, cost: Option<i32>) -> Option<i32>
        => |h: &mut HostState| h.play_cost(card, cost);
    fn race(card: u32, count: u8, use_ep: bool) -> bool
        => |h: &mut HostState| h.race(card, count, use_ep);
    fn turn_face_down(card: u32) -> bool => |h: &mut HostState| h.turn_face_down(card);
    fn log(message: &str) -> () => |h: &mut HostState| h.log(message.to_owned());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sve_engine::engine::Halt;

    /// Runs `f` on a game API over an idle host state, as the runner runs a
    /// native call; returns the trap's message, if it trapped, and the
    /// state's halt.
    fn run(f: impl FnOnce(&NativeGame<'_>)) -> (Option<String>, Option<Halt>) {
        let mut state = HostState::default();
        let outcome = {
            let game = NativeGame::new(&mut state);
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(&game)))
        };
        let trap = outcome
            .err()
            .map(|payload| match payload.downcast::<NativeTrap>() {
                Ok(trap) => trap.0,
                Err(_) => "a panic, not a trap".to_owned(),
            });
        (trap, state.halt)
    }

    #[test]
    fn a_call_past_the_limit_of_game_calls_traps_and_halts_the_run() {
        let (trap, halt) = run(|game| {
            for _ in 0..HOST_CALLS_PER_CALL {
                game.turn();
            }
        });
        assert_eq!((trap, halt), (None, None), "the limit itself is allowed");
        let (trap, halt) = run(|game| {
            for _ in 0..=HOST_CALLS_PER_CALL {
                game.turn();
            }
        });
        assert_eq!(trap.as_deref(), Some("too many calls to the game"));
        assert!(
            matches!(&halt, Some(Halt::Failed(why)) if why.contains("more than 10000 calls")),
            "{halt:?}"
        );
    }

    #[test]
    fn a_call_after_the_engine_stopped_the_run_traps() {
        let (trap, halt) = run(|game| {
            // Too many candidates: the engine stops the run.
            let candidates = vec![0; QUESTION_OPTION_LIMIT + 1];
            assert_eq!(
                game.select_cards("Pick", &candidates, 0, 1),
                Err(guest::Halt::Failed)
            );
            game.turn();
        });
        assert_eq!(
            trap.as_deref(),
            Some("the pack kept calling the game after the engine stopped it")
        );
        assert!(
            matches!(&halt, Some(Halt::Failed(why)) if why.starts_with("a selection's candidates")),
            "{halt:?}"
        );
    }

    /// A one-card script pack's IR, its first card's values `extra` nodes
    /// deeper than the compiler made them.
    fn pack_data(extra: u32) -> Vec<u8> {
        let source = "name Spark;\nid NAT-001;\nclass Rune;\ntype Spell;\ncost 1;\n\
                      ability Spell { effect DealDamage(1c(2)2) to TargetOpponentCard F; }\n";
        let compiled = sve_script::compile_file("spark.txt", source);
        assert!(
            compiled.diagnostics.is_empty(),
            "{:?}",
            compiled.diagnostics
        );
        let mut module = compiled.into_module();
        let values = &mut module.cards[0].values;
        values.push(sve_script::ir::ValueNode::Int(1));
        for _ in 0..extra {
            let last = u32::try_from(values.len() - 1).expect("few nodes");
            values.push(sve_script::ir::ValueNode::Neg(sve_script::ir::ValueId(
                last,
            )));
        }
        module.to_bytes().expect("encodes")
    }

    #[test]
    fn ir_nested_deeper_than_the_native_evaluator_allows_is_left_to_the_sandbox() {
        let shallow = decode(&pack_data(10)).map(|_| ());
        assert_eq!(shallow, Ok(()));
        let deep = decode(&pack_data(MAX_EVALUATION_DEPTH as u32)).map(|_| ());
        let why = deep.expect_err("too deep to run natively");
        assert!(
            why.starts_with("card NAT-001: values nest 257 deep"),
            "{why}"
        );
        // Bytes that are not IR at all are refused, naming why.
        let garbage = decode(b"not a script pack").map(|_| ());
        assert!(garbage.is_err_and(|why| why.starts_with("bad script pack data")));
    }

    #[test]
    fn a_card_called_by_index_reads_no_card_id_and_says_the_same() {
        let script = decode(&pack_data(0)).expect("decodes");
        let index = script.card_index("NAT-001").expect("the card");
        assert_eq!(script.card_index("NAT-999"), None);
        let call = |card_id: &str, ability: u8| sve_sdk::Call {
            source: 1,
            source_object: 1,
            card_id: card_id.to_owned(),
            ability,
            controller: sve_sdk::Player::new(0),
            trigger_card: None,
            amount: 0,
        };
        let mut state = HostState::default();
        let api = NativeGame::new(&mut state);
        // An ability the card lacks fails before any game call, with the
        // same words by index (no id given) as by id.
        let (by_id, by_index) = (call("NAT-001", 9), call("", 9));
        let game = sve_sdk::Game::new(&by_id, &api);
        let expected = Err(sve_sdk::Stop::Error(
            "this pack has no ability 9 for card NAT-001".to_owned(),
        ));
        assert_eq!(script.condition(&game, &by_id), expected);
        let game = sve_sdk::Game::new(&by_index, &api);
        assert_eq!(script.condition_card(index, &game, &by_index), expected);
        let mut game = sve_sdk::Game::new(&by_index, &api);
        assert_eq!(
            script.resolve_card(index, &mut game, &by_index),
            expected.map(|_| ())
        );
        // An index past the module's cards is refused, not a panic.
        let game = sve_sdk::Game::new(&by_id, &api);
        assert!(script.condition_card(99, &game, &by_id).is_err());
    }

    #[test]
    fn an_oversized_question_halts_the_run_as_in_the_sandbox() {
        let (trap, halt) = run(|game| {
            let request = guest::ChoiceRequest {
                player: 0,
                text: "Pick".to_owned(),
                options: vec![guest::ChoiceOption::Yes; QUESTION_OPTION_LIMIT + 1],
                min: 1,
                max: 1,
            };
            assert_eq!(game.choose(&request), Err(guest::Halt::Failed));
        });
        assert_eq!(trap, None);
        assert!(
            matches!(&halt, Some(Halt::Failed(why)) if why.starts_with("a question is larger")),
            "{halt:?}"
        );
    }
}
