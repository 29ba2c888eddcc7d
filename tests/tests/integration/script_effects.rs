//! The script runtime's effects, one small card each: the script pack
//! `tests/packs/script-effects` played over the starter cards and the test
//! cards. Each test builds a board, plays the card, answers its questions
//! and checks zones, stats and leaders, and that no ability fizzled.

use std::sync::Arc;
use sve_host::cards::Keywords;
use sve_host::cards::starter::{STARTER_CARDS_JSON, parse_cards};
use sve_host::engine::{CardRef, Choice, Event, PlayerId, Prompt, Zone};
use sve_host::packs::{LoadOptions, LoadedPacks, load_packs};
use sve_host::scenario::{Scenario, ScenarioBuilder, Side, fixtures};

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

/// The effects pack over the starter cards and the test cards.
fn load() -> LoadedPacks {
    let root = sve_tests::workspace_root();
    let mut base = parse_cards(STARTER_CARDS_JSON).expect("bundled cards");
    base.extend(fixtures::test_cards());
    let loaded = load_packs(
        &[root.join("tests/packs/script-effects")],
        &LoadOptions {
            base,
            cache_dir: Some(root.join("target/sve-cache")),
            build_target_dir: None,
            language: None,
        },
    )
    .expect("the pack engine starts");
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    loaded
}

fn scenario(loaded: &LoadedPacks) -> ScenarioBuilder {
    Scenario::builder()
        .db(Arc::clone(&loaded.db))
        .runner(loaded.runner())
}

/// Asserts that nothing fizzled since the scenario was built (or the last
/// call).
fn assert_clean(s: &mut Scenario) {
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
fn pick(s: &mut Scenario, player: PlayerId, card: CardRef) {
    assert_eq!(s.decider(), player, "who is asked\n{}", s.dump());
    s.choose(|c| *c == Choice::Card(card));
}

/// Answers the pending question with several cards at once.
fn pick_all(s: &mut Scenario, player: PlayerId, cards: &[CardRef]) {
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
fn pick_label(s: &mut Scenario, label: &str) {
    s.choose(|c| *c == Choice::Label(label.to_owned()));
}

/// The labels the pending question offers.
fn labels(s: &Scenario) -> Vec<String> {
    s.options()
        .into_iter()
        .filter_map(|c| match c {
            Choice::Label(l) => Some(l),
            _ => None,
        })
        .collect()
}

fn has_keyword(s: &Scenario, card: CardRef, keyword: Keywords) -> bool {
    s.game
        .state()
        .characteristics(s.game.db(), card)
        .keywords
        .contains(keyword)
}

fn cost(s: &Scenario, card: CardRef) -> i32 {
    s.game.state().characteristics(s.game.db(), card).cost
}

fn leader(s: &Scenario, player: PlayerId) -> i32 {
    s.game.state().player(player).leader_defense
}

fn zone_names(s: &Scenario, player: PlayerId, zone: Zone) -> Vec<String> {
    let state = s.game.state();
    state
        .player(player)
        .zone(zone)
        .iter()
        .map(|c| state.current_def(s.game.db(), *c).name.clone())
        .collect()
}

fn at_main_action(s: &Scenario) -> bool {
    s.game.decision().map(|d| d.prompt.clone()) == Some(Prompt::MainAction)
}

// ---- Restricted sequences and amounts ----

#[test]
fn target_for_sequence_acts_on_the_selected_follower_only_and_still_hits_the_leader() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Sequence Squire"])
                .pp(1)
                .field(["V1", "V2"]),
        )
        .build();
    s.play("Sequence Squire");
    let v2 = s.card(P1, Zone::Field, "V2");
    pick(&mut s, P1, v2);
    let v1 = s.card(P1, Zone::Field, "V1");
    let squire = s.card(P1, Zone::Field, "Sequence Squire");
    let dump = s.dump();
    assert!(
        dump.contains("field V1 1/1, V2 3/3, Sequence Squire 1/1"),
        "{dump}"
    );
    assert!(has_keyword(&s, v2, Keywords::RUSH));
    assert!(!has_keyword(&s, v1, Keywords::RUSH));
    assert!(!has_keyword(&s, squire, Keywords::RUSH));
    assert_eq!(leader(&s, P2), 19, "Self-less modes are not restricted");
    assert_clean(&mut s);
}

#[test]
fn target_for_sequence_without_a_target_does_nothing() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Sequence Squire"]).pp(1))
        .build();
    s.play("Sequence Squire");
    assert!(at_main_action(&s), "nothing to select\n{}", s.dump());
    assert_eq!(leader(&s, P2), 20, "the ability as a whole does nothing");
    assert_clean(&mut s);
}

#[test]
fn target_for_sequence_with_target_amount_passes_the_targets_attack() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Measured Strike"]).pp(1))
        .side(P2, Side::new().field(["V2", "V3"]))
        .build();
    s.play("Measured Strike");
    let v3 = s.card(P2, Zone::Field, "V3");
    pick(&mut s, P1, v3);
    assert_eq!(zone_names(&s, P2, Zone::Cemetery), ["V3"], "3 damage");
    assert!(s.dump().contains("field V2 2/2"), "{}", s.dump());
    assert_eq!(leader(&s, P1), 23, "_ = 3 reaches every sub-ability");
    assert_clean(&mut s);
}

#[test]
fn perform_with_target_amount_passes_the_amount_without_restricting_targets() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Borrowed Might"]).pp(1).field(["V2"]))
        .side(P2, Side::new().field(["V1", "V3"]))
        .build();
    s.play("Borrowed Might");
    let v2 = s.card(P1, Zone::Field, "V2");
    pick(&mut s, P1, v2);
    assert_eq!(s.game.state().player(P1).hand.len(), 2, "drew P = 2");
    assert_eq!(zone_names(&s, P2, Zone::Cemetery), ["V1"]);
    assert!(s.dump().contains("field V3 3/1"), "{}", s.dump());
    assert_clean(&mut s);
}

#[test]
fn perform_as_each_target_acts_as_each_other_follower_in_the_chosen_order() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Rally Captain"])
                .pp(3)
                .field(["V1", "V2"]),
        )
        .build();
    s.play("Rally Captain");
    let v1 = s.card(P1, Zone::Field, "V1");
    let v2 = s.card(P1, Zone::Field, "V2");
    // Two actors: one question orders them (the last goes last).
    assert_eq!(s.options(), [Choice::Card(v1), Choice::Card(v2)]);
    pick(&mut s, P1, v2);
    // V2 deals its attack 2, V1 deals 1; each grows itself, the Captain (X)
    // does nothing.
    assert_eq!(leader(&s, P2), 17);
    let dump = s.dump();
    assert!(
        dump.contains("field V1 2/1, V2 3/2, Rally Captain 3/3"),
        "{dump}"
    );
    assert_clean(&mut s);
}

#[test]
fn destroy_and_controller_perform_lets_the_destroyed_cards_controller_draw() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Grim Bargain"]).pp(1).field(["V1"]))
        .side(P2, Side::new().field(["V2"]))
        .build();
    s.play("Grim Bargain");
    let v2 = s.card(P2, Zone::Field, "V2");
    pick(&mut s, P1, v2);
    assert_eq!(zone_names(&s, P2, Zone::Cemetery), ["V2"]);
    assert_eq!(
        s.game.state().player(P2).hand.len(),
        2,
        "the opponent draws"
    );
    assert_eq!(s.game.state().player(P1).hand.len(), 0);
    assert_clean(&mut s);
}

#[test]
fn destroy_and_controller_perform_does_nothing_more_when_nothing_was_destroyed() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Grim Bargain"]).pp(1))
        .side(P2, Side::new().field(["Unbreakable"]))
        .build();
    s.play("Grim Bargain");
    let unbreakable = s.card(P2, Zone::Field, "Unbreakable");
    pick(&mut s, P1, unbreakable);
    assert_eq!(zone_names(&s, P2, Zone::Field), ["Unbreakable"]);
    assert_eq!(s.game.state().player(P2).hand.len(), 0, "nobody draws");
    assert_clean(&mut s);
}

#[test]
fn opponent_perform_effect_makes_the_opponent_choose_what_to_discard() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Tithe Collector", "V4"]).pp(1))
        .side(P2, Side::new().hand(["V1", "V2"]))
        .build();
    s.play("Tithe Collector");
    let v2 = s.card(P2, Zone::Hand, "V2");
    let v1 = s.card(P2, Zone::Hand, "V1");
    assert_eq!(
        s.options(),
        [Choice::Card(v1), Choice::Card(v2)],
        "P2's hand"
    );
    pick(&mut s, P2, v2);
    assert_eq!(zone_names(&s, P2, Zone::Cemetery), ["V2"]);
    assert_eq!(zone_names(&s, P2, Zone::Hand), ["V1"]);
    assert_eq!(zone_names(&s, P1, Zone::Hand), ["V4"], "yours is untouched");
    assert_clean(&mut s);
}

#[test]
fn opponent_perform_effect_with_targets_restricts_the_opponents_run() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Cruel Bargain"]).pp(1).field(["V2"]))
        .side(P2, Side::new().field(["V1", "V3"]))
        .build();
    s.play("Cruel Bargain");
    let v3 = s.card(P2, Zone::Field, "V3");
    pick(&mut s, P1, v3);
    assert_eq!(zone_names(&s, P2, Zone::Cemetery), ["V3"]);
    assert_eq!(zone_names(&s, P2, Zone::Field), ["V1"]);
    assert_eq!(
        zone_names(&s, P1, Zone::Field),
        ["V2"],
        "not the opponent's"
    );
    assert_eq!(
        s.game.state().player(P2).hand.len(),
        1,
        "the opponent draws"
    );
    assert_eq!(s.game.state().player(P1).hand.len(), 0);
    assert_clean(&mut s);
}

#[test]
fn opponent_perform_effect_selections_leave_out_your_aura_followers() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Forced Hand"])
                .pp(1)
                .field(["Aura Guard", "V2"]),
        )
        .build();
    s.play("Forced Hand");
    // The opponent selects among your followers: Aura protects from them.
    let v2 = s.card(P1, Zone::Field, "V2");
    assert_eq!(s.options(), [Choice::Card(v2)]);
    pick(&mut s, P2, v2);
    assert!(
        s.dump().contains("field Aura Guard 1/1, V2 2/1"),
        "{}",
        s.dump()
    );
    assert_clean(&mut s);
}

#[test]
fn opponent_perform_effect_puts_cards_onto_the_opponents_field() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Gift of Return"]).pp(1))
        .side(P2, Side::new().cemetery(["V2"]))
        .build();
    s.play("Gift of Return");
    let v2 = s.card(P2, Zone::Cemetery, "V2");
    pick(&mut s, P2, v2);
    assert_clean(&mut s);
    assert_eq!(
        zone_names(&s, P2, Zone::Field),
        ["V2"],
        "the performer's field"
    );
    assert!(zone_names(&s, P1, Zone::Field).is_empty());
}

// ---- Choices ----

#[test]
fn choose_amount_from_list_runs_two_different_available_options() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Menu of Choices"]).pp(1))
        .build();
    s.play("Menu of Choices");
    // Mend's condition (leader below 20) is false: not offered.
    assert_eq!(labels(&s), ["Draw One", "Ping Leader"]);
    pick_label(&mut s, "Ping Leader");
    // An option runs once; after the minimum the player may stop.
    assert_eq!(labels(&s), ["Draw One", "Stop"]);
    pick_label(&mut s, "Draw One");
    assert_eq!(leader(&s, P2), 18);
    assert_eq!(s.game.state().player(P1).hand.len(), 1);
    assert!(at_main_action(&s), "two options at most\n{}", s.dump());
    assert_clean(&mut s);
}

#[test]
fn choose_amount_from_list_may_stop_after_the_minimum() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Menu of Choices"]).pp(1).leader(15))
        .build();
    s.play("Menu of Choices");
    assert_eq!(labels(&s), ["Draw One", "Ping Leader", "Mend"]);
    pick_label(&mut s, "Mend");
    pick_label(&mut s, "Stop");
    assert_eq!(leader(&s, P1), 18);
    assert_eq!(leader(&s, P2), 20);
    assert_clean(&mut s);
}

#[test]
fn roll_dice_resolves_the_face_the_match_rng_rolls() {
    let loaded = load();
    let roll = || {
        let mut s = scenario(&loaded)
            .side(P1, Side::new().hand(["Fate Dice"]).pp(1))
            .build();
        s.play("Fate Dice");
        assert_clean(&mut s);
        20 - leader(&s, P2)
    };
    let first = roll();
    assert!((1..=6).contains(&first), "rolled {first}");
    assert_eq!(roll(), first, "the match RNG is seeded");
}

// ---- Moving cards ----

#[test]
fn summon_token_and_target_gives_only_the_new_tokens_rush() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Sprite Caller"]).pp(1).field(["V1"]))
        .build();
    s.play("Sprite Caller");
    let field = s.game.state().player(P1).field.clone();
    assert_eq!(
        zone_names(&s, P1, Zone::Field),
        ["V1", "Effect Sprite", "Effect Sprite"]
    );
    assert!(!has_keyword(&s, field[0], Keywords::RUSH));
    assert!(has_keyword(&s, field[1], Keywords::RUSH));
    assert!(has_keyword(&s, field[2], Keywords::RUSH));
    assert_clean(&mut s);
}

#[test]
fn summon_token_and_target_with_one_free_slot_targets_the_one_token_made() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Sprite Caller"])
                .pp(1)
                .field(["V1", "V1", "V1", "V1"]),
        )
        .build();
    s.play("Sprite Caller");
    let field = s.game.state().player(P1).field.clone();
    assert_eq!(field.len(), 5, "{}", s.dump());
    let sprites: Vec<CardRef> = field
        .iter()
        .copied()
        .filter(|c| has_keyword(&s, *c, Keywords::RUSH))
        .collect();
    assert_eq!(sprites.len(), 1);
    assert_clean(&mut s);
}

#[test]
fn hand_to_ex_and_target_discounts_only_the_moved_card() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new().hand(["Stash Away", "V3"]).pp(1).ex_area(["V4"]),
        )
        .build();
    s.play("Stash Away");
    let v3 = s.card(P1, Zone::Hand, "V3");
    pick(&mut s, P1, v3);
    assert_eq!(zone_names(&s, P1, Zone::ExArea), ["V4", "V3"]);
    let v4 = s.card(P1, Zone::ExArea, "V4");
    assert_eq!((cost(&s, v3), cost(&s, v4)), (2, 4));
    assert_clean(&mut s);
}

#[test]
fn cemetery_to_field_and_target_gives_the_revived_follower_storm() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Raise Again"])
                .pp(1)
                .cemetery(["V2"])
                .new_on_field(["V1"]),
        )
        .build();
    s.play("Raise Again");
    let v2 = s.card(P1, Zone::Cemetery, "V2");
    pick(&mut s, P1, v2);
    let v1 = s.card(P1, Zone::Field, "V1");
    assert!(has_keyword(&s, v2, Keywords::STORM));
    assert!(!s.game.can_attack(v1), "V1 got nothing");
    s.attack("V2", "leader");
    assert_eq!(leader(&s, P2), 18);
    assert_clean(&mut s);
}

#[test]
fn search_and_target_puts_the_found_card_onto_the_field_with_more_defense() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Seek Ally"])
                .pp(1)
                .field(["V1"])
                .deck(["V1", "V3", "V1"]),
        )
        .build();
    s.play("Seek Ally");
    let v3 = s.card(P1, Zone::Deck, "V3");
    pick(&mut s, P1, v3);
    assert!(s.dump().contains("field V1 1/1, V3 3/5"), "{}", s.dump());
    assert_eq!(zone_names(&s, P1, Zone::Deck), ["V1", "V1"]);
    assert_clean(&mut s);
}

#[test]
fn top_deck_to_ex_and_target_discounts_the_two_top_cards() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Unearth"])
                .pp(1)
                .ex_area(["V3"])
                .deck(["V1", "V4", "V5"]),
        )
        .build();
    s.play("Unearth");
    assert_eq!(zone_names(&s, P1, Zone::ExArea), ["V3", "V5", "V4"]);
    let costs: Vec<i32> = s
        .game
        .state()
        .player(P1)
        .ex_area
        .iter()
        .map(|c| cost(&s, *c))
        .collect();
    assert_eq!(costs, [3, 4, 3]);
    assert_clean(&mut s);
}

#[test]
fn top_deck_to_ex_stops_when_the_ex_area_is_full() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Set Aside"])
                .pp(1)
                .ex_area(["V1", "V1", "V1", "V1"])
                .deck(["V2", "V3", "V4"]),
        )
        .build();
    s.play("Set Aside");
    assert_eq!(
        zone_names(&s, P1, Zone::ExArea),
        ["V1", "V1", "V1", "V1", "V4"]
    );
    assert_eq!(zone_names(&s, P1, Zone::Deck), ["V2", "V3"]);
    assert_clean(&mut s);
}

#[test]
fn put_ex_to_field_and_target_gives_the_chosen_card_storm() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new().hand(["Call Forth"]).pp(1).ex_area(["V2", "V3"]),
        )
        .build();
    s.play("Call Forth");
    let v3 = s.card(P1, Zone::ExArea, "V3");
    pick(&mut s, P1, v3);
    assert_eq!(zone_names(&s, P1, Zone::ExArea), ["V2"]);
    s.attack("V3", "leader");
    assert_eq!(leader(&s, P2), 17);
    assert_clean(&mut s);
}

#[test]
fn redraw_hand_returns_the_hand_and_draws_as_many() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Fresh Start", "V4", "V5"]).pp(1))
        .build();
    s.play("Fresh Start");
    let p1 = s.game.state().player(P1);
    assert_eq!((p1.hand.len(), p1.deck.len()), (2, 10), "{}", s.dump());
    assert_clean(&mut s);
}

#[test]
fn discard_to_bottom_deck_puts_the_chosen_card_under_the_deck() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Tuck Away", "V4", "V5"])
                .pp(1)
                .deck(["V1", "V2"]),
        )
        .build();
    s.play("Tuck Away");
    let decision = s.game.decision().cloned().expect("a choice");
    assert_eq!((decision.min, decision.max), (0, 2), "up to 2");
    let v5 = s.card(P1, Zone::Hand, "V5");
    pick_all(&mut s, P1, &[v5]);
    assert_eq!(zone_names(&s, P1, Zone::Deck), ["V5", "V1", "V2"]);
    assert_eq!(zone_names(&s, P1, Zone::Hand), ["V4"]);
    assert_clean(&mut s);
}

#[test]
fn discard_from_opponent_hand_lets_you_choose_among_their_followers() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Mind Rot"]).pp(1))
        .side(P2, Side::new().hand(["Stack Totem", "V2"]))
        .build();
    s.play("Mind Rot");
    let v2 = s.card(P2, Zone::Hand, "V2");
    assert_eq!(s.options(), [Choice::Card(v2)], "followers only");
    pick(&mut s, P1, v2);
    assert_eq!(zone_names(&s, P2, Zone::Cemetery), ["V2"]);
    assert_eq!(zone_names(&s, P2, Zone::Hand), ["Stack Totem"]);
    assert_clean(&mut s);
}

#[test]
fn search_filtered_options_lets_the_player_pick_the_action_of_a_card_matching_two() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Sorting Hat"])
                .pp(1)
                .deck(["V1", "V4", "Stack Totem"]),
        )
        .build();
    s.play("Sorting Hat");
    let v1 = s.card(P1, Zone::Deck, "V1");
    let v4 = s.card(P1, Zone::Deck, "V4");
    assert_eq!(
        s.options(),
        [Choice::Card(v1), Choice::Card(v4)],
        "followers"
    );
    pick_all(&mut s, P1, &[v1, v4]);
    // V4 only matches `F`: into the hand. V1 also costs 2 or less.
    assert_eq!(
        labels(&s),
        ["V1: put into your hand", "V1: put onto your field"]
    );
    pick_label(&mut s, "V1: put onto your field");
    assert_eq!(zone_names(&s, P1, Zone::Field), ["V1"]);
    assert_eq!(zone_names(&s, P1, Zone::Hand), ["V4"]);
    assert_eq!(zone_names(&s, P1, Zone::Deck), ["Stack Totem"]);
    assert_clean(&mut s);
}

#[test]
fn top_or_bottom_deck_puts_the_target_on_the_chosen_end() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Tidal Shift"]).pp(1))
        .side(P2, Side::new().field(["V3"]).deck(["V1", "V2"]))
        .build();
    s.play("Tidal Shift");
    let v3 = s.card(P2, Zone::Field, "V3");
    pick(&mut s, P1, v3);
    pick_label(&mut s, "Bottom of the deck");
    assert_eq!(zone_names(&s, P2, Zone::Deck), ["V3", "V1", "V2"]);
    assert_clean(&mut s);
}

// ---- Damage and counters ----

#[test]
fn draw_then_damage_evaluates_the_damage_after_drawing() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Study and Strike"]).pp(1))
        .side(P2, Side::new().field(["V3"]))
        .build();
    s.play("Study and Strike");
    let v3 = s.card(P2, Zone::Field, "V3");
    pick(&mut s, P1, v3);
    // The hand was empty when the targets were chosen: H counts the draws.
    assert_eq!(s.game.state().player(P1).hand.len(), 2);
    assert!(s.dump().contains("field V3 3/1"), "{}", s.dump());
    assert_clean(&mut s);
}

#[test]
fn move_counter_moves_the_amount_from_this_card_to_the_target() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Counter Keeper"]).pp(1).field(["V2"]))
        .build();
    s.play("Counter Keeper");
    let v2 = s.card(P1, Zone::Field, "V2");
    pick(&mut s, P1, v2);
    // 1 from `keyword Spell`, +2, then 2 move.
    let dump = s.dump();
    assert!(
        dump.contains("field V2 2/2 Spellx2, Counter Keeper 1/1 Spellx1"),
        "{dump}"
    );
    assert_clean(&mut s);
}

// ---- ComplexEffect ----

fn ledger(loaded: &LoadedPacks) -> Scenario {
    scenario(loaded)
        .side(
            P1,
            Side::new()
                .hand(["Gambler's Ledger"])
                .pp(1)
                .field(["V1", "V2"])
                .deck(["V1", "V2", "V3"]),
        )
        .build()
}

#[test]
fn complex_effect_reveals_pays_passes_amounts_and_branches() {
    let loaded = load();
    let mut s = ledger(&loaded);
    s.play("Gambler's Ledger");
    // Revealed V3: 3 damage. Then the optional cost of Bounce.
    assert_eq!(s.options(), [Choice::Yes, Choice::No]);
    s.choose(|c| *c == Choice::Yes);
    let v1 = s.card(P1, Zone::Field, "V1");
    let v2 = s.card(P1, Zone::Field, "V2");
    pick_all(&mut s, P1, &[v1, v2]);
    // Two cards moved: 4 damage. V3's cost is odd: draw it.
    assert_eq!(leader(&s, P2), 20 - 3 - 4);
    assert_eq!(zone_names(&s, P1, Zone::Hand), ["V1", "V2", "V3"]);
    assert_eq!(zone_names(&s, P1, Zone::Deck), ["V1", "V2"]);
    assert_clean(&mut s);
}

#[test]
fn complex_effect_ends_when_the_cost_is_declined() {
    let loaded = load();
    let mut s = ledger(&loaded);
    s.play("Gambler's Ledger");
    s.choose(|c| *c == Choice::No);
    assert_eq!(leader(&s, P2), 17, "only the revealed cost");
    assert_eq!(zone_names(&s, P1, Zone::Field), ["V1", "V2"]);
    assert_eq!(s.game.state().player(P1).hand.len(), 0, "no branch ran");
    assert_clean(&mut s);
}

#[test]
fn reduced_cost_applies_in_hand_while_its_condition_holds() {
    let loaded = load();
    let cost = |max_pp: i32| {
        let s = scenario(&loaded)
            .side(
                P1,
                Side::new()
                    .hand(["Discount Golem"])
                    .pp(max_pp)
                    .max_pp(max_pp),
            )
            .build();
        let golem = s.card(P1, Zone::Hand, "Discount Golem");
        s.game.state().characteristics(s.game.db(), golem).cost
    };
    assert_eq!(cost(6), 5, "no overflow: full cost");
    assert_eq!(cost(7), 3, "overflow: 2 less");
}

#[test]
fn minus_cost_other_makes_your_matching_cards_in_hand_cheaper_while_on_the_field() {
    let loaded = load();
    let s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Spell Patron"])
                .hand(["Discount Golem", "TEST-E22"]),
        )
        .side(P2, Side::new().hand(["TEST-E22"]))
        .build();
    let cost_of = |player, name: &str| {
        let card = s.card(player, Zone::Hand, name);
        s.game.state().characteristics(s.game.db(), card).cost
    };
    let spell = loaded
        .db
        .get(loaded.db.by_card_id("TEST-E22").expect("test spell"));
    let printed = i32::from(spell.cost.expect("a spell has a cost"));
    assert_eq!(
        cost_of(P1, &spell.name),
        printed - 1,
        "your spell costs 1 less"
    );
    assert_eq!(cost_of(P1, "Discount Golem"), 5, "not a spell");
    assert_eq!(
        cost_of(P2, &spell.name),
        printed,
        "the opponent's spell is unchanged"
    );
}

#[test]
fn transform_banishes_the_target_and_puts_the_token_on_its_owners_side() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Polymorph"]).pp(1))
        .side(P2, Side::new().field(["V2", "V1"]))
        .build();
    s.play("Polymorph");
    let v2 = s.card(P2, Zone::Field, "V2");
    pick(&mut s, P1, v2);
    assert_clean(&mut s);
    assert_eq!(zone_names(&s, P2, Zone::Banished), ["V2"]);
    let mut field = zone_names(&s, P2, Zone::Field);
    field.sort();
    assert_eq!(field, ["Effect Sprite", "V1"]);
    assert!(zone_names(&s, P1, Zone::Field).is_empty());
}

// ---- Per-turn statistics and the evolve deck ----

fn attack_of(s: &Scenario, card: CardRef) -> i32 {
    s.game.state().characteristics(s.game.db(), card).attack
}

fn hand_size(s: &Scenario, player: PlayerId) -> usize {
    s.game.state().player(player).hand.len()
}

#[test]
fn destroyed_this_turn_counts_either_players_followers_and_a_new_turn_clears_it() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().field(["V3"]).hand(["Grave Counter"]).pp(1))
        .side(P2, Side::new().engaged(["V1"]))
        .build();
    let v1 = s.card(P2, Zone::Field, "V1");
    s.attack("V3", "V1");
    let record = &s.game.state().player(P2).this_turn;
    assert_eq!(record.destroyed, [v1], "{}", s.dump());
    assert_eq!(s.game.state().player(P1).this_turn.attacked.len(), 1);
    s.play("Grave Counter");
    assert_eq!(
        hand_size(&s, P1),
        1,
        "one follower destroyed: one card drawn"
    );
    assert_clean(&mut s);
    s.end_turn();
    assert_eq!(s.game.state().active, P2);
    for player in [P1, P2] {
        let record = &s.game.state().player(player).this_turn;
        assert!(
            record.destroyed.is_empty() && record.attacked.is_empty(),
            "{record:?}"
        );
    }
}

#[test]
fn nothing_destroyed_this_turn_draws_nothing() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Grave Counter"]).pp(1))
        .build();
    s.play("Grave Counter");
    assert_eq!(hand_size(&s, P1), 0);
    assert_clean(&mut s);
}

#[test]
fn spells_played_this_turn_counts_the_spell_being_played() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Spell Echo", "Spell Echo"]).pp(2))
        .build();
    s.play("Spell Echo");
    assert_eq!(leader(&s, P2), 19, "the first spell counts itself");
    s.play("Spell Echo");
    assert_eq!(leader(&s, P2), 17, "the second counts both");
    assert_eq!(s.game.state().player(P1).this_turn.spells_played.len(), 2);
    assert_clean(&mut s);
}

#[test]
fn discarded_this_turn_counts_the_card_the_fanfare_discarded() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Scavenger", "V1", "V2"]).pp(1))
        .build();
    s.play("Scavenger");
    let v1 = s.card(P1, Zone::Hand, "V1");
    pick(&mut s, P1, v1);
    let scavenger = s.card(P1, Zone::Field, "Scavenger");
    assert_eq!(attack_of(&s, scavenger), 2, "{}", s.dump());
    assert_eq!(zone_names(&s, P1, Zone::Cemetery), ["V1"]);
    assert_clean(&mut s);
}

#[test]
fn attacked_this_turn_counts_your_followers_that_attacked() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["V1", "V2"])
                .hand(["War Chronicler"])
                .pp(1),
        )
        .build();
    s.attack("V1", "leader");
    s.attack("V2", "leader");
    assert_eq!(leader(&s, P2), 17, "{}", s.dump());
    s.play("War Chronicler");
    assert_eq!(leader(&s, P2), 15, "two followers attacked");
    assert_clean(&mut s);
}

#[test]
fn turns_on_field_zero_matches_only_followers_that_entered_this_turn() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["V1"])
                .hand(["V2", "Fresh Recruiter"])
                .pp(3),
        )
        .build();
    s.play("V2");
    s.play("Fresh Recruiter");
    let v1 = s.card(P1, Zone::Field, "V1");
    let v2 = s.card(P1, Zone::Field, "V2");
    let recruiter = s.card(P1, Zone::Field, "Fresh Recruiter");
    assert_eq!(
        (
            attack_of(&s, v1),
            attack_of(&s, v2),
            attack_of(&s, recruiter)
        ),
        (1, 3, 1),
        "{}",
        s.dump()
    );
    assert_clean(&mut s);
}

#[test]
fn evolve_cost_filter_offers_only_followers_that_evolve_cheaply_enough() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Evolve Breaker"]).pp(1))
        .side(
            P2,
            Side::new()
                .field(["V1", "V5", "V2"])
                .evolved("V2 (Evolved)"),
        )
        .build();
    s.play("Evolve Breaker");
    let v1 = s.card(P2, Zone::Field, "V1");
    // V5 evolves for 3; an evolved follower cannot evolve (cost -1).
    assert_eq!(s.options(), [Choice::Card(v1)], "{}", s.dump());
    pick(&mut s, P1, v1);
    assert_eq!(
        zone_names(&s, P2, Zone::Field),
        ["V5", "V2 (Evolved)"],
        "{}",
        s.dump()
    );
    assert_clean(&mut s);
}

fn face_up(s: &Scenario, player: PlayerId) -> Vec<String> {
    let state = s.game.state();
    state
        .player(player)
        .evolve_deck
        .iter()
        .filter(|c| state.card(**c).face_up)
        .map(|c| state.current_def(s.game.db(), *c).name.clone())
        .collect()
}

#[test]
fn flip_evolve_deck_face_down_turns_the_chosen_used_card_face_down() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Evolve Restorer"])
                .pp(1)
                .evolve_deck(["V3 (Evolved)"])
                .used_evolve_deck(["V1 (Evolved)", "V2 (Evolved)"]),
        )
        .build();
    s.play("Evolve Restorer");
    let evolve_deck = s.game.state().player(P1).evolve_deck.clone();
    let offered: Vec<Choice> = evolve_deck[1..].iter().map(|c| Choice::Card(*c)).collect();
    assert_eq!(s.options(), offered, "only face-up cards\n{}", s.dump());
    pick(&mut s, P1, evolve_deck[1]);
    assert_eq!(face_up(&s, P1), ["V2 (Evolved)"]);
    assert_eq!(hand_size(&s, P1), 1, "one face-up card left: one draw");
    assert_clean(&mut s);
}

#[test]
fn flip_evolve_deck_face_down_without_a_count_turns_every_used_card_face_down() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Evolve Renewal"])
                .pp(1)
                .used_evolve_deck(["V1 (Evolved)", "V2 (Evolved)"]),
        )
        .build();
    s.play("Evolve Renewal");
    assert!(face_up(&s, P1).is_empty(), "{}", s.dump());
    assert_eq!(s.game.state().player(P1).evolve_deck.len(), 2);
    assert_clean(&mut s);
}

#[test]
fn returned_to_hand_from_field_counts_the_follower_just_returned() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().field(["V1"]).hand(["Recall Scout"]).pp(1))
        .build();
    s.play("Recall Scout");
    let v1 = s.card(P1, Zone::Field, "V1");
    pick(&mut s, P1, v1);
    assert_eq!(hand_size(&s, P1), 2, "V1 back in hand and one card drawn");
    assert_eq!(
        s.game
            .state()
            .player(P1)
            .this_turn
            .returned_to_hand_from_field,
        [v1]
    );
    assert_clean(&mut s);
}

#[test]
fn a_ward_follower_put_out_before_a_question_offers_its_engage_choice_once() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Ward Summoner"]).pp(1))
        .side(P2, Side::new().field(["V3"]))
        .build();
    s.play("Ward Summoner");
    // The target question rolls the run back and runs it again; the Warden
    // it put out asks about Ward once, after the ability.
    let v3 = s.card(P2, Zone::Field, "V3");
    pick(&mut s, P1, v3);
    let mut ward_questions = 0;
    while let Some(decision) = s.game.decision() {
        match decision.prompt {
            Prompt::EngageWardOnEnter { .. } => {
                ward_questions += 1;
                s.choose(|c| *c == Choice::No);
            }
            _ => break,
        }
    }
    assert_eq!(ward_questions, 1, "{}", s.dump());
    assert!(at_main_action(&s), "{}", s.dump());
    assert_clean(&mut s);
}

// ---- Playing a spell from the cemetery ----

#[test]
fn play_spell_from_cemetery_plays_it_for_its_cost_after_the_ability() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Spell Recall"])
                .cemetery(["Spell Echo", "V1"])
                .pp(2),
        )
        .build();
    s.play("Spell Recall");
    let echo = s.card(P1, Zone::Cemetery, "Spell Echo");
    assert_eq!(
        s.options(),
        [Choice::Card(echo)],
        "spells only\n{}",
        s.dump()
    );
    pick(&mut s, P1, echo);
    // Spell Echo counts the two spells played this turn.
    assert_eq!(leader(&s, P2), 18, "{}", s.dump());
    assert_eq!(s.game.state().player(P1).pp, 0, "both costs paid");
    // Spell Recall stays in the resolution zone until its effect, the
    // played spell included, is done.
    assert_eq!(
        zone_names(&s, P1, Zone::Cemetery),
        ["V1", "Spell Echo", "Spell Recall"]
    );
    assert!(at_main_action(&s), "{}", s.dump());
    assert_clean(&mut s);
}

#[test]
fn play_spell_from_cemetery_offers_nothing_you_cannot_pay_for() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Spell Recall"])
                .cemetery(["Spell Echo"])
                .pp(1),
        )
        .build();
    s.play("Spell Recall");
    assert!(at_main_action(&s), "no question\n{}", s.dump());
    assert_eq!(leader(&s, P2), 20);
    assert_eq!(
        zone_names(&s, P1, Zone::Cemetery),
        ["Spell Echo", "Spell Recall"]
    );
    assert_clean(&mut s);
}

#[test]
fn play_spell_from_cemetery_set_cost_plays_it_for_the_set_cost() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Free Recall"])
                .cemetery(["Spell Echo"])
                .pp(1),
        )
        .build();
    s.play("Free Recall");
    let echo = s.card(P1, Zone::Cemetery, "Spell Echo");
    pick(&mut s, P1, echo);
    assert_eq!(leader(&s, P2), 18, "{}", s.dump());
    assert_eq!(s.game.state().player(P1).pp, 0);
    assert_clean(&mut s);
}

// ---- Alternative costs ----

fn activate(s: &Scenario, name: &str, ability: u8) -> sve_host::engine::Action {
    sve_host::engine::Action::Activate {
        card: s.card(P1, Zone::Hand, name),
        ability: sve_host::engine::AbilityIdx(ability),
    }
}

#[test]
fn an_alternative_cost_plays_the_card_without_play_points() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new().field(["V1", "V2"]).hand(["Sacrifice Giant"]),
        )
        .build();
    let giant = s.card(P1, Zone::Hand, "Sacrifice Giant");
    assert!(
        !s.can(sve_host::engine::Action::Play { card: giant }),
        "0 PP: no normal play"
    );
    s.act(activate(&s, "Sacrifice Giant", 0));
    // Exactly two followers: the cost takes both without asking.
    assert_eq!(
        zone_names(&s, P1, Zone::Field),
        ["Sacrifice Giant"],
        "{}",
        s.dump()
    );
    assert_eq!(zone_names(&s, P1, Zone::Cemetery), ["V1", "V2"]);
    assert_eq!(s.game.state().player(P1).this_turn.spells_played.len(), 0);
    assert!(
        s.raw_events().iter().any(|e| matches!(
            e,
            Event::CardPlayed { card, .. } if *card == giant
        )),
        "the card is played"
    );
    assert_clean(&mut s);
}

#[test]
fn an_alternative_cost_that_cannot_be_paid_is_not_offered() {
    let loaded = load();
    let s = scenario(&loaded)
        .side(P1, Side::new().field(["V1"]).hand(["Sacrifice Giant"]))
        .build();
    assert!(!s.can(activate(&s, "Sacrifice Giant", 0)), "one follower");
    let no_cost = scenario(&loaded)
        .side(P1, Side::new().hand(["Sacrifice Giant"]))
        .build();
    assert!(
        !no_cost.can(activate(&no_cost, "Sacrifice Giant", 0)),
        "no follower"
    );
}

#[test]
fn an_alternative_cost_that_clears_the_field_plays_onto_a_full_field() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["V1", "V2", "V3", "V4", "V5"])
                .hand(["Sacrifice Giant"]),
        )
        .build();
    // The costs are paid before the card is played: they make the room.
    s.act(activate(&s, "Sacrifice Giant", 0));
    let v1 = s.card(P1, Zone::Field, "V1");
    let v2 = s.card(P1, Zone::Field, "V2");
    pick_all(&mut s, P1, &[v1, v2]);
    assert_eq!(
        zone_names(&s, P1, Zone::Field),
        ["V3", "V4", "V5", "Sacrifice Giant"],
        "{}",
        s.dump()
    );
    assert_clean(&mut s);
}

#[test]
fn an_alternative_cost_with_play_points_pays_them_and_resolves_the_spell() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Grave Bolt"])
                .cemetery(["Spell Echo", "Spell Echo", "V1"])
                .pp(1),
        )
        .build();
    s.act(activate(&s, "Grave Bolt", 1));
    if s.game
        .decision()
        .is_some_and(|d| d.prompt != Prompt::MainAction)
    {
        let spells: Vec<CardRef> = s.game.state().player(P1).cemetery[..2].to_vec();
        pick_all(&mut s, P1, &spells);
    }
    assert_eq!(leader(&s, P2), 17, "{}", s.dump());
    assert_eq!(s.game.state().player(P1).pp, 0);
    assert_eq!(
        zone_names(&s, P1, Zone::Banished),
        ["Spell Echo", "Spell Echo"]
    );
    assert_eq!(zone_names(&s, P1, Zone::Cemetery), ["V1", "Grave Bolt"]);
    assert_clean(&mut s);
}

#[test]
fn an_alternative_cost_asks_which_followers_go_when_there_are_more() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["V1", "V2", "V3"])
                .hand(["Sacrifice Giant"]),
        )
        .build();
    s.act(activate(&s, "Sacrifice Giant", 0));
    let v1 = s.card(P1, Zone::Field, "V1");
    let v3 = s.card(P1, Zone::Field, "V3");
    pick_all(&mut s, P1, &[v1, v3]);
    assert_eq!(
        zone_names(&s, P1, Zone::Field),
        ["V2", "Sacrifice Giant"],
        "{}",
        s.dump()
    );
    assert_clean(&mut s);
}

// ---- Umamusume racing ----

fn serve_action(s: &Scenario, name: &str, ability: u8) -> sve_host::engine::Action {
    sve_host::engine::Action::Activate {
        card: s.card(P1, Zone::Field, name),
        ability: sve_host::engine::AbilityIdx(ability),
    }
}

fn in_evolve_zone(s: &Scenario) -> usize {
    s.game
        .state()
        .cards
        .iter()
        .filter(|c| c.zone == Zone::EvolveZone)
        .count()
}

#[test]
fn serving_races_the_follower_with_rush_and_runs_on_race_once_per_carrot() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Turf Runner"])
                .evolve_deck(["Carrot", "Carrot", "Carrot"])
                .pp(2),
        )
        .build();
    // Turf Runner's own ability is index 0 (On Race); Serve follows it.
    assert_eq!(
        sve_host::gamelog::describe_choice(
            &Choice::Action(serve_action(&s, "Turf Runner", 1)),
            &s.game
        ),
        "Activate Turf Runner: Serve",
        "the menu names the ability"
    );
    s.act(serve_action(&s, "Turf Runner", 1));
    let runner = s.card(P1, Zone::Field, "Turf Runner");
    assert_eq!(leader(&s, P2), 18, "two races\n{}", s.dump());
    assert_eq!(in_evolve_zone(&s), 2, "two Carrots linked");
    assert_eq!(s.game.state().card(runner).raced, 2);
    assert!(has_keyword(&s, runner, Keywords::RUSH));
    let me = s.game.state().player(P1);
    assert_eq!((me.pp, me.evolved_this_turn), (0, true));
    assert!(!s.can(serve_action(&s, "Turf Runner", 1)), "served already");
    assert_clean(&mut s);
}

#[test]
fn serving_asks_whether_an_evolution_point_replaces_a_play_point() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Turf Runner"])
                .evolve_deck(["Carrot", "Carrot"])
                .pp(2)
                .ep(1),
        )
        .build();
    s.act(serve_action(&s, "Turf Runner", 1));
    s.choose(|c| *c == Choice::Yes);
    let me = s.game.state().player(P1);
    assert_eq!((me.pp, me.ep), (1, 0), "{}", s.dump());
    assert_eq!(leader(&s, P2), 18);
    assert_clean(&mut s);
}

#[test]
fn serving_needs_enough_carrots_play_points_and_the_turns_evolve() {
    let loaded = load();
    let one_carrot = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Turf Runner"])
                .evolve_deck(["Carrot"])
                .pp(2),
        )
        .build();
    assert!(!one_carrot.can(serve_action(&one_carrot, "Turf Runner", 1)));
    let one_pp = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Turf Runner"])
                .evolve_deck(["Carrot", "Carrot"])
                .pp(1),
        )
        .build();
    assert!(!one_pp.can(serve_action(&one_pp, "Turf Runner", 1)));
    let mut evolved = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Turf Runner", "V2"])
                .evolve_deck(["Carrot", "Carrot", "V2 (Evolved)"])
                .pp(4),
        )
        .build();
    let v2 = evolved.card(P1, Zone::Field, "V2");
    evolved.act(sve_host::engine::Action::Evolve {
        card: v2,
        use_ep: false,
        super_evolve: false,
    });
    assert!(
        !evolved.can(serve_action(&evolved, "Turf Runner", 1)),
        "serving is the turn's evolve"
    );
}

#[test]
fn a_card_with_several_serve_keywords_asks_how_many_carrots() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Versatile Runner"])
                .evolve_deck(["Carrot", "Carrot", "Carrot"])
                .pp(2),
        )
        .build();
    s.act(serve_action(&s, "Versatile Runner", 0));
    // 3 needs 3 play points: only 1 and 2 are offered.
    assert_eq!(
        labels(&s),
        ["Serve 1 Carrot", "Serve 2 Carrots"],
        "{}",
        s.dump()
    );
    pick_label(&mut s, "Serve 2 Carrots");
    assert_eq!(in_evolve_zone(&s), 2);
    assert_eq!(s.game.state().player(P1).pp, 0);
    assert_clean(&mut s);
}

#[test]
fn racing_followers_match_c_and_their_carrots_return_face_up_when_they_leave() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Turf Runner", "V1"])
                .hand(["Pace Setter", "Recall Scout"])
                .evolve_deck(["Carrot", "Carrot"])
                .pp(4),
        )
        .build();
    s.act(serve_action(&s, "Turf Runner", 1));
    s.play("Pace Setter");
    let runner = s.card(P1, Zone::Field, "Turf Runner");
    let v1 = s.card(P1, Zone::Field, "V1");
    assert_eq!(
        (attack_of(&s, runner), attack_of(&s, v1)),
        (3, 1),
        "{}",
        s.dump()
    );
    s.play("Recall Scout");
    pick(&mut s, P1, runner);
    assert_eq!(in_evolve_zone(&s), 0, "{}", s.dump());
    assert_eq!(face_up(&s, P1), ["Carrot", "Carrot"]);
    assert_clean(&mut s);
}

#[test]
fn another_card_of_yours_reacts_to_each_race() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Turf Runner", "Cheering Crowd"])
                .evolve_deck(["Carrot", "Carrot"])
                .pp(2),
        )
        .build();
    s.act(serve_action(&s, "Turf Runner", 1));
    // Two races: On Race twice, the Crowd twice.
    assert_eq!(leader(&s, P2), 16, "{}", s.dump());
    assert_clean(&mut s);
}

#[test]
fn give_trait_gives_the_target_a_trait_that_filters_then_see() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["V1", "V2"])
                .hand(["Drill Sergeant"])
                .pp(1),
        )
        .build();
    s.play("Drill Sergeant");
    let v2 = s.card(P1, Zone::Field, "V2");
    pick(&mut s, P1, v2);
    let v1 = s.card(P1, Zone::Field, "V1");
    assert_eq!(
        (attack_of(&s, v1), attack_of(&s, v2)),
        (1, 3),
        "{}",
        s.dump()
    );
    let traits = s.game.state().traits(s.game.db(), v2);
    assert!(traits.iter().any(|t| t == "Officer"), "{traits:?}");
    assert_clean(&mut s);
}

#[test]
fn an_evolve_deck_may_hold_up_to_ten_carrots_and_no_other_spell() {
    let loaded = load();
    let main: String = (0..40).map(|_| "1 TEST-V1\n").collect();
    let deck = |evolve: &str| {
        let text =
            format!("Racers\n# Leader\n1 TEST-LD\n# Main Deck\n{main}# Evolve Deck\n{evolve}");
        sve_host::decks::parse_deck(&text, "racers.txt").expect("parses")
    };
    let problems = |evolve: &str| -> Vec<String> {
        sve_host::decks::check_deck(&deck(evolve), &loaded.db)
            .iter()
            .map(ToString::to_string)
            .filter(|m| !m.contains("main deck"))
            .collect()
    };
    assert_eq!(
        problems("6 TEST-E60\n"),
        Vec::<String>::new(),
        "Carrots: no copy limit"
    );
    let spell = problems("1 TEST-E41\n");
    assert!(
        spell
            .iter()
            .any(|m| m.contains("can't be in the evolve deck")),
        "{spell:?}"
    );
    let eleven = problems("11 TEST-E60\n");
    assert!(
        eleven.iter().any(|m| m.contains("at most 10")),
        "{eleven:?}"
    );
    let in_main = sve_host::decks::check_deck(
        &sve_host::decks::parse_deck(
            &format!("Racers\n# Leader\n1 TEST-LD\n# Main Deck\n{main}1 TEST-E60\n"),
            "racers.txt",
        )
        .expect("parses"),
        &loaded.db,
    );
    assert!(
        in_main
            .iter()
            .any(|e| e.to_string().contains("TEST-E60") && e.to_string().contains("main deck")),
        "{in_main:?}"
    );
}

// ---- Branch extensions ----

#[test]
fn fanfare_hand_and_not_hand_tell_where_the_card_came_from() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .hand(["Hand Herald", "Raise Again"])
                .cemetery(["Hand Herald"])
                .pp(2),
        )
        .build();
    s.play("Hand Herald");
    // Both Fanfares trigger; only the one whose origin fits does anything.
    s.settle();
    assert_eq!(leader(&s, P2), 19, "from the hand\n{}", s.dump());
    assert_eq!(hand_size(&s, P1), 1, "no draw");
    s.play("Raise Again");
    let herald = s.card(P1, Zone::Cemetery, "Hand Herald");
    pick(&mut s, P1, herald);
    s.settle();
    assert_eq!(leader(&s, P2), 19, "from the cemetery: no damage");
    assert_eq!(hand_size(&s, P1), 1, "one draw\n{}", s.dump());
    assert_clean(&mut s);
}

#[test]
fn returned_to_hand_from_field_fires_for_a_return_and_not_for_a_destruction() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Homing Pigeon", "V1", "V2", "V3"])
                .hand(["Recall Scout", "Sacrifice Giant"])
                .pp(1),
        )
        .build();
    s.play("Recall Scout");
    let v1 = s.card(P1, Zone::Field, "V1");
    pick(&mut s, P1, v1);
    // V1 back, Recall Scout's draw and the Pigeon's draw.
    assert_eq!(hand_size(&s, P1), 4, "{}", s.dump());
    s.act(activate(&s, "Sacrifice Giant", 0));
    let v2 = s.card(P1, Zone::Field, "V2");
    let v3 = s.card(P1, Zone::Field, "V3");
    pick_all(&mut s, P1, &[v2, v3]);
    assert_eq!(
        hand_size(&s, P1),
        3,
        "the Giant left the hand, nothing drawn\n{}",
        s.dump()
    );
    assert_clean(&mut s);
}

#[test]
fn an_alternative_cost_works_from_the_ex_area_too() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new().field(["V1", "V2"]).ex_area(["Sacrifice Giant"]),
        )
        .build();
    let giant = s.card(P1, Zone::ExArea, "Sacrifice Giant");
    // Its own ability (index 0) works from the hand; the copy after it
    // from the EX area.
    let from_ex = sve_host::engine::Action::Activate {
        card: giant,
        ability: sve_host::engine::AbilityIdx(1),
    };
    assert!(s.can(from_ex), "{}", s.dump());
    s.act(from_ex);
    assert_eq!(
        zone_names(&s, P1, Zone::Field),
        ["Sacrifice Giant"],
        "{}",
        s.dump()
    );
    assert_clean(&mut s);
}

#[test]
fn give_ability_gives_your_followers_the_named_last_words() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Fairy Matron", "V1", "V2"])
                .hand(["Sacrifice Giant"]),
        )
        .build();
    // Both followers go to the cemetery as the alternative cost: each has
    // the given Last Words.
    s.act(activate(&s, "Sacrifice Giant", 0));
    s.settle();
    assert_eq!(hand_size(&s, P1), 2, "two Last Words\n{}", s.dump());
    assert_clean(&mut s);
}

#[test]
fn give_ability_gives_a_fanfare_only_while_the_giver_is_on_the_field() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().field(["Herald Banner"]).hand(["V1"]).pp(1))
        .build();
    s.play("V1");
    s.settle();
    assert_eq!(leader(&s, P2), 19, "V1's given Fanfare\n{}", s.dump());
    assert_clean(&mut s);
    let mut off = scenario(&loaded)
        .side(P1, Side::new().hand(["V1", "Herald Banner"]).pp(1))
        .build();
    off.play("V1");
    off.settle();
    assert_eq!(leader(&off, P2), 20, "no Banner on the field");
    assert_clean(&mut off);
}
