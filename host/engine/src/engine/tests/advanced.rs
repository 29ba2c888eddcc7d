//! Advanced cards and `[adv]` abilities (later-sets §6, CR 9.2, 12.16):
//! built into the evolve deck, never an evolved card, only ever on the
//! field, in an EX area, being played or in the evolve deck; an `[adv]`
//! ability is the turn's evolve-equivalent and 1 EP may pay 1 PP of it.
//! Named `l6_<scenario>_...` after the reference's tests ADV-1..4.

use super::{P1, P2, copy, deck_entry, legal_test_main_deck, test_deck_file};
use crate::board::fixtures::{ability, test_cards, test_runner};
use crate::board::{Board, Side};
use crate::cards::{AbilityKind, ActivationZone, CardDb, CardType, CostItem, Trigger};
use crate::decks::check_deck;
use crate::engine::runtime::Task;
use crate::engine::{AbilityIdx, AbilityRunner, Action, Zone};
use std::sync::Arc;

/// "Adv Herald" (an advanced follower: Last Words, draw a card), "V1" as
/// an advanced follower named like the base follower V1 ("Adv V1"), "Adv
/// Blast" (an advanced spell, cost 2: 3 damage to the enemy leader),
/// "Blaster" (a follower: activate, play an Adv Blast from your evolve
/// deck), "Summoner" (activate: put an Adv Herald from your evolve deck
/// onto the field) and "Adv Engine" (a follower with an `[adv]` ability,
/// cost 2: draw a card).
fn board(p1: Side) -> Board {
    let mut cards = test_cards();
    let mut herald = copy("V2", "TEST-ADV-HERALD", "Adv Herald");
    herald.advanced = true;
    herald.abilities = vec![ability(
        "Last Words",
        AbilityKind::Triggered(Trigger::LastWords),
    )];
    cards.push(herald);
    let mut twin = copy("V1", "TEST-ADV-V1", "V1");
    twin.advanced = true;
    cards.push(twin);
    let mut blast = copy("Quick Bolt", "TEST-ADV-BLAST", "Adv Blast");
    blast.advanced = true;
    blast.cost = Some(2);
    blast.abilities = vec![ability("Spell", AbilityKind::Spell)];
    cards.push(blast);
    let activated = |name: &str| {
        ability(
            name,
            AbilityKind::Activated {
                quick: false,
                zone: ActivationZone::Field,
            },
        )
    };
    let mut blaster = copy("V1", "TEST-BLASTER", "Blaster");
    blaster.abilities = vec![activated("Call Blast")];
    cards.push(blaster);
    let mut summoner = copy("V1", "TEST-SUMMONER", "Summoner");
    summoner.abilities = vec![activated("Call Herald")];
    cards.push(summoner);
    let mut engine = copy("V1", "TEST-ADV-ENGINE", "Adv Engine");
    let mut adv = activated("Overdrive");
    adv.advanced = true;
    adv.costs = vec![CostItem::PlayPoints(2)];
    engine.abilities = vec![adv];
    cards.push(engine);
    let in_evolve_deck = |cx: &crate::engine::AbilityCtx<'_>, name: &str| {
        let query = cx.query();
        let me = cx.controller();
        query
            .state()
            .player(me)
            .evolve_deck
            .iter()
            .copied()
            .find(|c| {
                let state = query.state().card(*c);
                !state.face_up && query.db().get(state.def).name == name
            })
    };
    let runner: Arc<dyn AbilityRunner> = Arc::new(
        test_runner()
            .ability("TEST-ADV-HERALD", 0, |cx| {
                cx.draw(cx.controller(), 1);
                Ok(())
            })
            .ability("TEST-ADV-BLAST", 0, |cx| {
                let enemy = cx.controller().opponent();
                cx.damage_leader(enemy, 3);
                Ok(())
            })
            .ability("TEST-BLASTER", 0, move |cx| {
                if let Some(blast) = in_evolve_deck(cx, "Adv Blast") {
                    cx.play_card(blast, None);
                }
                Ok(())
            })
            .ability("TEST-SUMMONER", 0, move |cx| {
                if let Some(herald) = in_evolve_deck(cx, "Adv Herald") {
                    cx.put_onto_field(herald);
                }
                Ok(())
            })
            .ability("TEST-ADV-ENGINE", 0, |cx| {
                cx.draw(cx.controller(), 1);
                Ok(())
            }),
    );
    Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .runner(runner)
        .side(P1, p1.leader(20))
        .side(P2, Side::new().leader(20))
        .build()
}

fn face_up_in_evolve_deck(s: &Board, name: &str) -> bool {
    let state = s.game.state();
    state
        .player(P1)
        .evolve_deck
        .iter()
        .any(|c| state.card(*c).face_up && s.game.db().get(state.card(*c).def).name == name)
}

fn activate(s: &Board, name: &str) -> Action {
    Action::Activate {
        card: s.card(P1, Zone::Field, name),
        ability: AbilityIdx(0),
    }
}

#[test]
fn l6_adv1_a_destroyed_advanced_follower_triggers_then_goes_face_up_to_the_evolve_deck() {
    let mut s = board(Side::new().field(["Adv Herald"]).deck(["V1"]));
    let herald = s.card(P1, Zone::Field, "Adv Herald");
    s.game.destroy(herald, true);
    s.game.tasks.push(Task::CheckTiming(0));
    s.game.decision = None;
    s.settle();
    assert_eq!(s.game.state().player(P1).hand.len(), 1, "{}", s.dump());
    assert!(s.game.state().player(P1).cemetery.is_empty());
    assert!(face_up_in_evolve_deck(&s, "Adv Herald"), "{}", s.dump());
}

#[test]
fn l6_adv2_a_returned_advanced_follower_counts_as_returned_and_goes_to_the_evolve_deck() {
    let mut s = board(Side::new().field(["Adv Herald"]));
    let herald = s.card(P1, Zone::Field, "Adv Herald");
    s.game.return_to_hand(herald);
    s.game.tasks.push(Task::CheckTiming(0));
    s.game.decision = None;
    s.settle();
    let p1 = s.game.state().player(P1);
    assert!(p1.hand.is_empty(), "{}", s.dump());
    assert!(face_up_in_evolve_deck(&s, "Adv Herald"));
    assert_eq!(p1.this_turn.returned_to_hand_from_field, [herald]);
}

#[test]
fn l6_adv3_an_advanced_spell_played_from_the_evolve_deck_is_paid_and_ends_face_up_there() {
    let mut s = board(
        Side::new()
            .field(["Blaster"])
            .evolve_deck(["Adv Blast"])
            .pp(3),
    );
    let call = activate(&s, "Blaster");
    s.act(call);
    s.settle();
    assert_eq!(s.game.state().player(P2).leader_defense, 17, "{}", s.dump());
    assert_eq!(s.game.state().player(P1).pp, 1, "its cost was paid");
    assert!(face_up_in_evolve_deck(&s, "Adv Blast"), "{}", s.dump());
    assert!(s.game.state().player(P1).cemetery.is_empty());
    // Used: activating again plays nothing.
    s.act(call);
    s.settle();
    assert_eq!(s.game.state().player(P2).leader_defense, 17);
}

#[test]
fn l6_an_effect_puts_a_face_down_advanced_card_from_the_evolve_deck_onto_the_field() {
    let mut s = board(Side::new().field(["Summoner"]).evolve_deck(["Adv Herald"]));
    let call = activate(&s, "Summoner");
    s.act(call);
    s.settle();
    assert!(
        s.find(P1, Zone::Field, "Adv Herald").is_some(),
        "{}",
        s.dump()
    );
}

#[test]
fn l6_an_advanced_card_is_never_the_evolved_card_of_a_follower() {
    let s = board(Side::new().field(["V1"]).evolve_deck(["TEST-ADV-V1"]).pp(5));
    let v1 = s.card(P1, Zone::Field, "V1");
    assert!(!s.game.can_evolve_into_any(v1), "{}", s.dump());
}

#[test]
fn l6_adv4_an_adv_ability_is_the_turns_evolve_and_ep_may_pay_1_pp() {
    let mut s = board(
        Side::new()
            .field(["Adv Engine", "V2"])
            .evolve_deck(["V2 (Evolved)"])
            .deck(["V1", "V1"])
            .pp(2)
            .ep(1),
    );
    let engine = s.card(P1, Zone::Field, "Adv Engine");
    let with_ep = Action::ActivateWithEp {
        card: engine,
        ability: AbilityIdx(0),
    };
    assert!(s.can(activate(&s, "Adv Engine")));
    assert!(s.can(with_ep), "1 EP for 1 PP: {}", s.dump());
    s.act(with_ep);
    s.settle();
    let p1 = s.game.state().player(P1);
    assert_eq!((p1.pp, p1.ep), (1, 0), "{}", s.dump());
    assert_eq!(p1.hand.len(), 1);
    // The turn's evolve is used: no evolving, no second activation.
    let v2 = s.card(P1, Zone::Field, "V2");
    let evolve = Action::Evolve {
        card: v2,
        use_ep: false,
        super_evolve: false,
    };
    assert!(!s.can(evolve), "{}", s.dump());
    assert!(!s.can(activate(&s, "Adv Engine")));
}

#[test]
fn l6_adv4_no_adv_ability_after_an_evolve_and_no_ep_payment_without_ep() {
    let mut s = board(
        Side::new()
            .field(["Adv Engine", "V2"])
            .evolve_deck(["V2 (Evolved)"])
            .pp(5),
    );
    let engine = s.card(P1, Zone::Field, "Adv Engine");
    assert!(!s.can(Action::ActivateWithEp {
        card: engine,
        ability: AbilityIdx(0),
    }));
    let v2 = s.card(P1, Zone::Field, "V2");
    s.act(Action::Evolve {
        card: v2,
        use_ep: false,
        super_evolve: false,
    });
    s.settle();
    assert!(!s.can(activate(&s, "Adv Engine")), "{}", s.dump());
}

#[test]
fn l6_decks_hold_advanced_cards_in_the_evolve_deck_only() {
    let s = board(Side::new());
    let db = s.game.db();
    let entry = deck_entry;
    let deck = test_deck_file;
    let main = legal_test_main_deck;
    let ok = check_deck(&deck(main(), vec![entry("TEST-ADV-BLAST", 1, 20)]), db);
    assert!(ok.is_empty(), "{ok:?}");
    let mut with_advanced = main();
    with_advanced.push(entry("TEST-ADV-BLAST", 1, 30));
    let problems = check_deck(&deck(with_advanced, Vec::new()), db);
    assert!(
        problems.iter().any(|p| p
            .to_string()
            .contains("is an advanced Spell and can't be in the main deck")),
        "{problems:?}"
    );
    assert_eq!(
        db.get(db.by_card_id("TEST-ADV-BLAST").expect("defined"))
            .card_type,
        CardType::Spell
    );
}
