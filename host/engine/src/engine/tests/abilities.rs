//! rules-coverage.md §11 (Confirmation Timing, automatic abilities) and §12
//! (playing abilities, costs, passives), with the re-entrant runner.

use super::{P1, P2};
use crate::board::{Board, Side};
use crate::engine::{Action, Choice, Event, Prompt, Zone};

#[test]
fn s12_4_a_fanfare_that_selects_asks_and_resolves_after_the_answer() {
    let mut s = Board::builder()
        .side(P1, Side::new().hand(["Pinger"]).pp(2))
        .side(P2, Side::new().field(["V1", "V3"]))
        .build();
    s.play("Pinger");
    let decision = s.game.decision().cloned().expect("a target question");
    assert!(matches!(decision.prompt, Prompt::Ability { .. }));
    assert_eq!(decision.options.len(), 2);
    // Until answered, the ability has changed nothing.
    assert!(s.dump().contains("field V1 1/1, V3 3/3"));
    let v3 = s.card(P2, Zone::Field, "V3");
    s.choose(|c| *c == Choice::Card(v3));
    assert!(s.dump().contains("field V1 1/1, V3 3/2"), "{}", s.dump());
}

#[test]
fn s12_4_an_answer_outside_the_legal_set_is_rejected_with_state_untouched() {
    let mut s = Board::builder()
        .side(P1, Side::new().hand(["Pinger"]).pp(2))
        .side(P2, Side::new().field(["V1"]))
        .build();
    s.play("Pinger");
    let before = s.dump();
    assert!(s.game.answer(P1, &[5]).is_err());
    assert!(s.game.answer(P2, &[0]).is_err(), "wrong player");
    assert!(s.game.answer(P1, &[]).is_err(), "too few");
    assert_eq!(s.dump(), before);
}

#[test]
fn s11_4_last_words_triggers_on_destruction_and_resolves_at_check_timing() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["Last Drawer"]))
        .side(P2, Side::new().engaged(["V3"]))
        .build();
    s.attack("Last Drawer", "V3");
    assert_eq!(
        s.game.state().player(P1).hand.len(),
        1,
        "Last Words drew a card"
    );
}

#[test]
fn s11_2_the_active_players_pending_abilities_go_first() {
    // P1's Last Drawer and P2's Last Drawer die in the same fight.
    let mut s = Board::builder()
        .side(P1, Side::new().field(["Last Drawer"]))
        .side(P2, Side::new().engaged(["Last Drawer"]))
        .build();
    s.attack("Last Drawer", "Last Drawer");
    let events = s.raw_events();
    let resolved: Vec<crate::engine::PlayerId> = events
        .iter()
        .filter_map(|e| match e {
            Event::Moved {
                cause: crate::engine::MoveCause::Draw,
                owner,
                ..
            } => Some(*owner),
            _ => None,
        })
        .collect();
    assert_eq!(resolved, vec![P1, P2]);
}

#[test]
fn s11_2_a_player_orders_their_own_simultaneous_abilities() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["Last Drawer", "Last Drawer", "V5"]))
        .build();
    let drawers: Vec<_> = s.game.state().player(P1).field[..2].to_vec();
    for card in drawers {
        s.game.destroy(card, true);
    }
    s.game
        .tasks
        .push(crate::engine::runtime::Task::CheckTiming(0));
    s.game.decision = None;
    s.game.step();
    let decision = s.game.decision().cloned().expect("order question");
    assert_eq!(decision.prompt, Prompt::ChoosePendingAbility);
    assert_eq!(decision.options.len(), 2);
    s.answer(P1, &[1]);
    assert_eq!(s.game.state().player(P1).hand.len(), 2);
}

#[test]
fn s11_4_whenever_another_follower_enters_triggers_once_per_card() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["Grower"]).hand(["Fairy Ring"]).pp(1))
        .build();
    s.play("Fairy Ring");
    s.choose(|c| *c == Choice::Label("2 to the field".into()));
    s.settle();
    assert!(s.dump().contains("Grower 4/4"), "{}", s.dump());
    assert_eq!(s.game.state().player(P1).field.len(), 3);
}

#[test]
fn s11_2_cr_10_7_3_1_copies_of_one_ability_for_different_cards_are_ordered_by_the_player() {
    // Two tokens enter: Grower's ability is pending twice, each copy for
    // its own token. Their order is the player's choice.
    let mut s = Board::builder()
        .side(P1, Side::new().field(["Grower"]).hand(["Fairy Ring"]).pp(1))
        .build();
    s.play("Fairy Ring");
    s.choose(|c| *c == Choice::Label("2 to the field".into()));
    let decision = s.game.decision().cloned().expect("an order question");
    assert_eq!(decision.prompt, Prompt::ChoosePendingAbility);
    assert_eq!(decision.options.len(), 2);
    s.answer(P1, &[1]);
    assert!(s.dump().contains("Grower 4/4"), "{}", s.dump());
}

#[test]
fn s9_1_tokens_that_leave_the_field_cease_to_exist() {
    let mut s = Board::builder()
        .side(P1, Side::new().hand(["Fairy Ring"]).pp(1))
        .side(P2, Side::new().hand(["Quick Bolt"]).pp(0))
        .build();
    s.play("Fairy Ring");
    s.choose(|c| *c == Choice::Label("2 to the field".into()));
    let token = s.card(P1, Zone::Field, "Test Fairy");
    s.game.destroy(token, true);
    assert_eq!(s.game.state().card(token).zone, Zone::RemovedFromGame);
    assert!(
        s.game
            .state()
            .player(P1)
            .cemetery
            .iter()
            .all(|c| *c != token)
    );
    assert!(s.game.check_invariants().is_empty());
}

#[test]
fn s4_8_token_creation_stops_when_the_ex_area_is_full() {
    let mut s = Board::builder()
        .side(
            P1,
            Side::new()
                .hand(["Fairy Ring"])
                .pp(1)
                .ex_area(["V1", "V1", "V1"]),
        )
        .build();
    s.play("Fairy Ring");
    s.choose(|c| *c == Choice::Label("3 to the EX area".into()));
    assert_eq!(s.game.state().player(P1).ex_area.len(), 5);
}

#[test]
fn s12_6_once_per_turn_strike_refreshes_once() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["Striker"]))
        .build();
    s.attack("Striker", "leader");
    let striker = s.card(P1, Zone::Field, "Striker");
    assert!(!s.game.state().card(striker).engaged, "Strike refreshed it");
    s.attack("Striker", "leader");
    assert!(s.game.state().card(striker).engaged, "once per turn");
    assert_eq!(s.game.state().player(P2).leader_defense, 16);
}

#[test]
fn s12_3_activated_ability_pays_pp_and_engage_and_is_offered_only_when_payable() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["Forge"]).pp(1).leader(10))
        .build();
    let forge = s.card(P1, Zone::Field, "Forge");
    let action = Action::Activate {
        card: forge,
        ability: crate::engine::AbilityIdx(0),
    };
    s.act(action);
    let p1 = s.game.state().player(P1);
    assert_eq!((p1.pp, p1.leader_defense), (0, 12));
    assert!(!s.can(action), "engaged and out of PP");
}

#[test]
fn s12_7_passives_apply_while_the_source_is_on_the_field() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["Captain", "V2"]))
        .side(P2, Side::new().hand(["Quick Bolt"]).pp(1))
        .build();
    assert!(s.dump().contains("Captain 2/2, V2 3/2"), "{}", s.dump());
    let captain = s.card(P1, Zone::Field, "Captain");
    s.game.destroy(captain, true);
    assert!(s.dump().contains("field V2 2/2"), "{}", s.dump());
}

#[test]
fn a_failing_ability_fizzles_with_an_error_and_rolls_back_and_the_match_goes_on() {
    let mut s = Board::builder()
        .side(P1, Side::new().hand(["Broken Card"]).pp(1))
        .build();
    s.play("Broken Card");
    let events = s.raw_events();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::AbilityFizzled { reason, .. } if reason == "card code panicked"
    )));
    assert_eq!(
        s.game.state().player(P1).hand.len(),
        0,
        "the draw was rolled back"
    );
    assert_eq!(
        s.game.decision().map(|d| d.prompt.clone()),
        Some(Prompt::MainAction)
    );
}

#[test]
fn a_failing_ability_that_changed_many_cards_puts_every_card_back() {
    use crate::board::fixtures::test_runner;
    use crate::engine::{Halt, TokenDestination};
    use std::sync::Arc;
    // Broken Card's Fanfare here damages and engages an enemy follower,
    // engages one of its own, draws, creates two tokens and then fails:
    // the card arena's journal must put each card back as it was.
    let runner = test_runner().ability("TEST-BROKEN", 0, |cx| {
        let me = cx.controller();
        let enemy = cx.query().state().player(me.opponent()).field[0];
        let own = cx.query().state().player(me).field[0];
        cx.damage_follower(enemy, 1);
        cx.engage(enemy);
        cx.engage(own);
        cx.draw(me, 1);
        let token = cx
            .query()
            .db()
            .by_card_id("TEST-TOKEN")
            .ok_or_else(|| Halt::Failed("no token card".into()))?;
        cx.summon_token(me, token, 2, TokenDestination::ExArea);
        cx.damage_follower(enemy, 1);
        Err(Halt::Failed("card code panicked".into()))
    });
    let mut s = Board::builder()
        .runner(Arc::new(runner))
        .side(P1, Side::new().hand(["Broken Card"]).field(["V2"]).pp(1))
        .side(P2, Side::new().field(["V3"]))
        .build();
    s.play("Broken Card");
    assert!(s.raw_events().iter().any(|e| matches!(
        e,
        Event::AbilityFizzled { reason, .. } if reason == "card code panicked"
    )));
    // Only the play itself stays: Broken Card on the field, 1 play point
    // paid. No token, damage, engagement or draw.
    assert!(
        s.dump().contains("field V2 2/2, Broken Card 1/1"),
        "{}",
        s.dump()
    );
    assert!(s.dump().contains("field V3 3/3"), "{}", s.dump());
    let state = s.game.state();
    assert_eq!(state.player(P1).ex_area.len(), 0);
    assert_eq!(state.player(P1).hand.len(), 0);
    assert!(state.cards.iter().all(|c| !c.engaged), "{}", s.dump());
    let tokens = state
        .cards
        .iter()
        .filter(|c| s.game.db().get(c.def).id == "TEST-TOKEN")
        .count();
    assert_eq!(tokens, 0, "the tokens were taken out of the arena");
}

#[test]
fn s2_4_stack_amulet_loses_a_counter_instead_of_leaving_then_goes_to_the_cemetery() {
    let mut s = Board::builder()
        .side(P1, Side::new().field(["Stack Totem"]))
        .build();
    let totem = s.card(P1, Zone::Field, "Stack Totem");
    s.game.destroy(totem, true);
    assert_eq!(s.game.state().card(totem).zone, Zone::Field);
    s.game
        .tasks
        .push(crate::engine::runtime::Task::CheckTiming(0));
    s.game.decision = None;
    s.game.step();
    assert_eq!(
        s.game.state().card(totem).zone,
        Zone::Cemetery,
        "rules handling 11.7"
    );
}

#[test]
fn s12_7_a_passive_filter_on_keywords_reads_keywords_without_passives() {
    use crate::cards::{
        AbilityDef, AbilityKind, CardDb, CardFilter, Grant, Keywords, PassiveCondition, PassiveDef,
        PassiveScope,
    };
    // "Your Ward followers have Rush": its filter tests keywords, which
    // passives change. It sees keywords before passives, so it neither
    // recurses forever nor depends on other passives.
    let mut cards = crate::cards::starter::parse_cards(crate::cards::starter::STARTER_CARDS_JSON)
        .expect("bundled cards");
    cards.extend(crate::board::fixtures::test_cards());
    let mut drill = cards
        .iter()
        .find(|c| c.id == "TEST-V1")
        .cloned()
        .expect("fixture");
    drill.id = "TEST-DRILL".to_owned();
    drill.name = "Drill Master".to_owned();
    drill.abilities = vec![AbilityDef {
        name: "Passive".to_owned(),
        kind: AbilityKind::Passive(PassiveDef {
            grant: Grant::Keywords(Keywords::RUSH),
            scope: PassiveScope::AlliesOnField(CardFilter {
                keywords: Keywords::WARD,
                ..CardFilter::followers()
            }),
            condition: PassiveCondition::Always,
        }),
        costs: Vec::new(),
        once_per_turn: false,
        union_burst: false,
        advanced: false,
        text: String::new(),
    }];
    cards.push(drill);
    let db = std::sync::Arc::new(CardDb::new(cards).expect("unique ids"));
    let s = Board::builder()
        .db(db)
        .side(P1, Side::new().field(["Drill Master", "Warden", "V2"]))
        .build();
    let keywords = |name: &str| {
        let card = s.card(P1, Zone::Field, name);
        s.game.state().characteristics(s.game.db(), card).keywords
    };
    assert!(keywords("Warden").contains(Keywords::RUSH));
    assert!(!keywords("V2").contains(Keywords::RUSH));
}
