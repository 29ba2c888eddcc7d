//! The Vanguard collab (later-sets §2.3–§2.5, CR 14.4.5–14.4.9, 11.10):
//! Single Drive and Twin Drive as Strike abilities, the trigger zone, the
//! four Trigger icons, Ride and Drive. Named `l2_<scenario>_...` after the
//! reference's tests VG-1..4, with our own test cards: Drive Knight (3/3,
//! Single Drive), Twin Lancer (2/2, Twin Drive), a Trigger card of each
//! icon (1/1 followers), Ride Squire (1/1; Ride (1): give this follower
//! Drive; On Drive: +1/+1 and your leader gains 1 defense) and Drive
//! Point.

use super::{P1, P2, copy};
use crate::board::fixtures::{ability, test_runner};
use crate::board::{Board, Side};
use crate::cards::{
    AbilityKind, ActivationZone, CardDb, CardDef, CardType, CostItem, Keywords, TriggerIcon,
};
use crate::engine::flow::universes::vanguard_universe;
use crate::engine::{AbilityIdx, AbilityRunner, Action, Choice, Event, Prompt, Zone};
use std::sync::Arc;

fn with_icon(id: &str, name: &str, icon: TriggerIcon) -> CardDef {
    let mut card = copy("V1", id, name);
    card.trigger_icon = Some(icon);
    card
}

fn board(p1: Side, p2: Side) -> Board {
    let mut cards = crate::board::fixtures::test_cards();
    let mut knight = copy("V3", "TEST-DRIVE", "Drive Knight");
    knight.keywords = Keywords::SINGLE_DRIVE;
    let mut lancer = copy("V2", "TEST-TWIN", "Twin Lancer");
    lancer.keywords = Keywords::TWIN_DRIVE;
    cards.extend([
        knight,
        lancer,
        with_icon("TEST-HEAL", "Heal Sprite", TriggerIcon::Heal),
        with_icon("TEST-DRAW", "Draw Sprite", TriggerIcon::Draw),
        with_icon("TEST-CRIT", "Critical Sprite", TriggerIcon::Critical),
        with_icon("TEST-STAND", "Stand Sprite", TriggerIcon::Stand),
    ]);
    let mut squire = copy("V1", "TEST-RIDER", "Ride Squire");
    let mut ride = ability(
        "Ride",
        AbilityKind::Activated {
            quick: false,
            zone: ActivationZone::Field,
        },
    );
    ride.advanced = true;
    ride.costs = vec![CostItem::PlayPoints(1), CostItem::DrivePoint];
    let on_drive = ability(
        "On Drive",
        AbilityKind::Triggered(crate::cards::Trigger::OnDrive),
    );
    squire.abilities = vec![ride, on_drive];
    let mut point = copy(
        "V1 (Evolved)",
        "TEST-DRIVE-POINT",
        crate::engine::DRIVE_POINT,
    );
    point.card_type = CardType::EvolvedFollower;
    let mut captain = copy("V4", "TEST-DRIVE-CAPTAIN", "Drive Captain");
    captain.abilities = vec![
        ability(
            "Watch",
            AbilityKind::Triggered(crate::cards::Trigger::OnDriveCheck(Default::default())),
        ),
        ability(
            "Cheer",
            AbilityKind::Triggered(crate::cards::Trigger::OnDriveCheckTrigger(
                Default::default(),
            )),
        ),
    ];
    let mut lookout = copy("Quick Bolt", "TEST-LOOKOUT", "Lookout");
    lookout.abilities = vec![ability("Spell", AbilityKind::Spell)];
    cards.extend([squire, point, captain, lookout]);
    let runner: Arc<dyn AbilityRunner> = Arc::new(
        test_runner()
            .ability("TEST-RIDER", 0, |cx| {
                let me = cx.source();
                cx.give_drive(me);
                Ok(())
            })
            // Drive Captain: each drive check of yours, your leader gains
            // 1 defense; each Trigger you resolve, 5 more.
            .ability("TEST-DRIVE-CAPTAIN", 0, |cx| {
                cx.change_leader_defense(cx.controller(), 1);
                Ok(())
            })
            .ability("TEST-DRIVE-CAPTAIN", 1, |cx| {
                cx.change_leader_defense(cx.controller(), 5);
                Ok(())
            })
            // Lookout: perform a drive check; if you drive-checked a
            // Trigger, your leader gains 2 defense.
            .ability("TEST-LOOKOUT", 0, |cx| {
                if let Some((_, true)) = cx.drive_check()? {
                    cx.change_leader_defense(cx.controller(), 2);
                }
                Ok(())
            })
            // On Drive: +1/+1, and the leader gains 1 defense.
            .ability("TEST-RIDER", 1, |cx| {
                let me = cx.source();
                cx.give_stats(me, 1, 1, crate::engine::Duration::WhileInZone);
                cx.change_leader_defense(cx.controller(), 1);
                Ok(())
            }),
    );
    Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .runner(runner)
        .side(P1, p1)
        .side(P2, p2)
        .build()
}

/// A side whose deck is built on the Vanguard universe.
fn vanguard() -> Side {
    Side::new().universe(vanguard_universe().expect("the vocabulary has Vanguard"))
}

fn names(s: &Board, zone: Zone) -> Vec<String> {
    let state = s.game.state();
    state
        .player(P1)
        .zone(zone)
        .iter()
        .map(|c| s.game.db().get(state.card(*c).def).name.clone())
        .collect()
}

fn leader(s: &Board, player: crate::engine::PlayerId) -> i32 {
    s.game.state().player(player).leader_defense
}

/// Drive Knight on P1's field (leader 10) over a deck whose top card is a
/// Heal Sprite, V1 under it.
fn knight_over_a_heal(p1: Side) -> Board {
    board(
        p1.field(["Drive Knight"])
            .deck(["V1", "Heal Sprite"])
            .leader(10),
        Side::new(),
    )
}

/// The pending decision is about a drive-checked Trigger.
fn asks_about_trigger(s: &Board) -> bool {
    s.game
        .decision()
        .is_some_and(|d| matches!(d.prompt, Prompt::DriveTrigger { .. }))
}

#[test]
fn l2_vg1_single_drive_reveals_a_heal_trigger_that_may_resolve() {
    let mut s = knight_over_a_heal(vanguard());
    s.attack("Drive Knight", "leader");
    assert!(asks_about_trigger(&s), "{}", s.dump());
    // The card waits in the trigger zone, public to both players.
    assert_eq!(names(&s, Zone::Trigger), ["Heal Sprite"]);
    let seen = s.game.view(P2).sides[P1.idx()].trigger_zone.clone();
    assert_eq!(seen.len(), 1);
    s.choose(|c| *c == Choice::Yes);
    s.settle();
    assert_eq!(leader(&s, P1), 13, "{}", s.dump());
    assert_eq!(leader(&s, P2), 17);
    assert_eq!(names(&s, Zone::Cemetery), ["Heal Sprite"]);
    assert_eq!(names(&s, Zone::Deck), ["V1"]);
    assert!(names(&s, Zone::Trigger).is_empty());
    let events = s.raw_events();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::TriggerResolved {
            icon: TriggerIcon::Heal,
            ..
        }
    )));
}

#[test]
fn l2_vg2_a_class_deck_resolves_no_trigger_and_the_card_goes_under() {
    let mut s = knight_over_a_heal(Side::new());
    s.attack("Drive Knight", "leader");
    assert!(!asks_about_trigger(&s), "{}", s.dump());
    s.settle();
    assert_eq!(leader(&s, P1), 10);
    // Top card last: the Heal card is now at the bottom.
    assert_eq!(names(&s, Zone::Deck), ["Heal Sprite", "V1"]);
    assert!(names(&s, Zone::Trigger).is_empty());
}

#[test]
fn l2_vg2_a_declined_trigger_goes_to_the_bottom_of_the_deck() {
    let mut s = knight_over_a_heal(vanguard());
    s.attack("Drive Knight", "leader");
    s.choose(|c| *c == Choice::No);
    s.settle();
    assert_eq!(leader(&s, P1), 10);
    assert_eq!(names(&s, Zone::Deck), ["Heal Sprite", "V1"]);
    assert!(names(&s, Zone::Cemetery).is_empty());
}

#[test]
fn l2_vg3_twin_drive_finishes_the_first_check_before_the_second() {
    let mut s = board(
        vanguard()
            .field(["Twin Lancer"])
            .deck(["Heal Sprite", "V1", "Draw Sprite"]),
        Side::new(),
    );
    s.attack("Twin Lancer", "leader");
    assert_eq!(names(&s, Zone::Trigger), ["Draw Sprite"]);
    s.choose(|c| *c == Choice::Yes);
    // The draw took V1, so the second check reveals the Heal card.
    assert_eq!(names(&s, Zone::Hand), ["V1"], "{}", s.dump());
    assert_eq!(names(&s, Zone::Trigger), ["Heal Sprite"]);
    s.choose(|c| *c == Choice::Yes);
    s.settle();
    assert_eq!(names(&s, Zone::Cemetery), ["Draw Sprite", "Heal Sprite"]);
    assert_eq!(leader(&s, P1), 23);
    assert!(names(&s, Zone::Deck).is_empty());
}

#[test]
fn l2_critical_gives_the_chosen_follower_two_attack_before_damage() {
    let mut s = board(
        vanguard()
            .field(["Drive Knight"])
            .deck(["V1", "Critical Sprite"]),
        Side::new(),
    );
    let knight = s.card(P1, Zone::Field, "Drive Knight");
    s.attack("Drive Knight", "leader");
    s.choose(|c| *c == Choice::Card(knight));
    s.settle();
    assert_eq!(leader(&s, P2), 15, "3 + 2 damage: {}", s.dump());
    let end = s.game.state().characteristics(s.game.db(), knight);
    assert_eq!(end.attack, 5, "until the end of the turn");
}

#[test]
fn a_bot_puts_a_critical_on_the_attacker_and_a_stand_on_an_engaged_follower() {
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;
    let bot_pick = |s: &Board| {
        let decision = s.game.decision().cloned().expect("a Trigger question");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let picks = crate::bot::policy::answer(&s.game, &decision, &mut rng, 0.0);
        decision.options[picks[0]].clone()
    };
    // A stronger V5 stands beside the attacking Drive Knight: the Critical
    // still goes to the Knight, whose attack it adds to.
    let mut s = board(
        vanguard()
            .field(["V5", "Drive Knight"])
            .deck(["V1", "Critical Sprite"]),
        Side::new(),
    );
    let knight = s.card(P1, Zone::Field, "Drive Knight");
    s.attack("Drive Knight", "leader");
    assert!(asks_about_trigger(&s), "{}", s.dump());
    assert_eq!(bot_pick(&s), Choice::Card(knight));
    // A Stand goes to the engaged V2, not the attacker nor a ready one.
    let mut s = board(
        vanguard()
            .field(["Drive Knight", "V5"])
            .engaged(["V2"])
            .deck(["V1", "Stand Sprite"]),
        Side::new(),
    );
    let v2 = s.card(P1, Zone::Field, "V2");
    s.attack("Drive Knight", "leader");
    assert!(asks_about_trigger(&s), "{}", s.dump());
    assert_eq!(bot_pick(&s), Choice::Card(v2));
}

#[test]
fn l2_stand_refreshes_a_follower_that_then_cant_attack_leaders() {
    let mut s = board(
        vanguard()
            .field(["Drive Knight"])
            .engaged(["V2"])
            .deck(["V1", "Stand Sprite"]),
        Side::new(),
    );
    let v2 = s.card(P1, Zone::Field, "V2");
    s.attack("Drive Knight", "leader");
    s.choose(|c| *c == Choice::Card(v2));
    s.settle();
    let state = s.game.state();
    assert!(!state.card(v2).engaged, "{}", s.dump());
    let keywords = state.characteristics(s.game.db(), v2).keywords;
    assert!(keywords.contains(Keywords::CANNOT_ATTACK_LEADERS));
    assert!(!s.can(s.attack_action("V2", "leader")));
}

#[test]
fn l2_a_drive_check_of_an_empty_deck_does_nothing_and_loses_nothing() {
    let mut s = board(vanguard().field(["Twin Lancer"]).deck([]), Side::new());
    s.attack("Twin Lancer", "leader");
    s.settle();
    assert!(s.game.state().outcome.is_none(), "{}", s.dump());
    assert_eq!(leader(&s, P2), 18);
    assert!(s.game.check_invariants().is_empty());
}

#[test]
fn l2_a_card_without_an_icon_goes_under_without_a_question() {
    let mut s = board(
        vanguard().field(["Drive Knight"]).deck(["V2", "V1"]),
        Side::new(),
    );
    s.attack("Drive Knight", "leader");
    assert!(!asks_about_trigger(&s));
    s.settle();
    assert_eq!(names(&s, Zone::Deck), ["V1", "V2"]);
    let log = s.events();
    assert!(
        log.contains("Drive Knight: Single Drive\nP1 drive checks with Drive Knight: V1 is revealed\nP1's V1 goes to the bottom of the deck"),
        "{log}"
    );
}

/// Ride Squire on P1's field, two Drive Points in the evolve deck, 0 PP
/// and 1 EP; V3 on the field with its evolved card there too.
fn ready_to_ride() -> Board {
    board(
        vanguard()
            .field(["Ride Squire", "V3"])
            .evolve_deck(["Drive Point", "Drive Point", "V3 (Evolved)"])
            .pp(0)
            .max_pp(3)
            .ep(1),
        Side::new(),
    )
}

fn ride(s: &Board, with_ep: bool) -> Action {
    let card = s.card(P1, Zone::Field, "Ride Squire");
    let ability = AbilityIdx(0);
    if with_ep {
        Action::ActivateWithEp { card, ability }
    } else {
        Action::Activate { card, ability }
    }
}

#[test]
fn a_bot_weighs_a_ride_as_an_evolve_not_as_any_activation() {
    use crate::bot::policy::action_value;
    let s = ready_to_ride();
    let with_ep = action_value(&s.game, P1, &ride(&s, true));
    // Ride Squire is ready: what an evolve of a ready follower with EP is
    // worth, above any other activation (1.5).
    assert!((with_ep - 2.7).abs() < 1e-9, "{with_ep}");
    use crate::bot::policy::Board as _;
    assert!(!s.game.rides(s.card(P1, Zone::Field, "V3"), AbilityIdx(0)));
}

#[test]
fn l2_vg4_ride_pays_ep_and_a_drive_point_and_gives_drive() {
    let mut s = ready_to_ride();
    let squire = s.card(P1, Zone::Field, "Ride Squire");
    assert!(!s.can(ride(&s, false)), "0 PP: only with EP");
    let action = ride(&s, true);
    s.act(action);
    s.settle();
    let state = s.game.state();
    let keywords = state.characteristics(s.game.db(), squire).keywords;
    assert!(
        keywords.contains(Keywords::DRIVE | Keywords::SINGLE_DRIVE | Keywords::RUSH),
        "{}",
        s.dump()
    );
    assert_eq!(state.player(P1).ep, 0);
    // On Drive: 2/2, leader 21.
    let stats = state.characteristics(s.game.db(), squire);
    assert_eq!((stats.attack, stats.defense), (2, 2));
    assert_eq!(state.player(P1).leader_defense, 21);
    let drive = &state.player(P1).drive_zone;
    assert_eq!(drive.len(), 1);
    assert_eq!(state.card(drive[0]).linked_to, Some(squire));
    // A Ride is the turn's evolve-equivalent ability (CR 14.4.9.5).
    let v3 = s.card(P1, Zone::Field, "V3");
    assert!(!s.can(Action::Evolve {
        card: v3,
        use_ep: true,
        super_evolve: false,
    }));
    // Both players see the Drive Point, linked.
    let seen = &s.game.view(P2).sides[P1.idx()].drive_zone;
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].follower, Some(squire));
    assert!(
        s.raw_events()
            .iter()
            .any(|e| matches!(e, Event::DriveGiven { card } if *card == squire))
    );
}

#[test]
fn l2_a_follower_rides_once_and_its_drive_point_returns_used_when_it_leaves() {
    let mut s = ready_to_ride();
    let action = ride(&s, true);
    s.act(action);
    s.settle();
    // Next turn, with PP: the squire still can't ride again.
    s.game.apply(crate::engine::mutation::Mutation::SetResource(
        P1,
        crate::engine::Resource::PlayPoints,
        3,
    ));
    s.game.apply(crate::engine::mutation::Mutation::SetFlag(
        P1,
        crate::engine::mutation::PlayerFlag::EvolvedThisTurn,
        false,
    ));
    s.game.tasks.push(crate::engine::runtime::Task::MainAction);
    s.game.decision = None;
    s.settle();
    assert!(!s.can(ride(&s, false)), "{}", s.dump());
    let squire = s.card(P1, Zone::Field, "Ride Squire");
    s.game.destroy(squire, true);
    s.game
        .tasks
        .push(crate::engine::runtime::Task::CheckTiming(0));
    s.game.decision = None;
    s.settle();
    let state = s.game.state();
    assert!(state.player(P1).drive_zone.is_empty(), "{}", s.dump());
    let used = state
        .player(P1)
        .evolve_deck
        .iter()
        .filter(|c| state.card(**c).face_up)
        .count();
    assert_eq!(used, 1, "the Drive Point is back face up, used");
    assert!(s.game.check_invariants().is_empty());
}

#[test]
fn l2_drive_is_given_once_per_object() {
    let mut s = ready_to_ride();
    let squire = s.card(P1, Zone::Field, "Ride Squire");
    assert!(s.game.give_drive(squire, None));
    assert!(!s.game.give_drive(squire, None), "the same object");
    let given = s
        .raw_events()
        .iter()
        .filter(|e| matches!(e, Event::DriveGiven { .. }))
        .count();
    assert_eq!(given, 1);
}

#[test]
fn l2_without_a_face_down_drive_point_there_is_no_ride() {
    let mut s = board(
        vanguard().field(["Ride Squire"]).pp(3).max_pp(3),
        Side::new(),
    );
    s.settle();
    assert!(!s.can(ride(&s, false)));
}

#[test]
fn l2_drive_points_may_be_built_into_the_evolve_deck_only() {
    use super::{deck_entry as entry, legal_test_main_deck as main, test_deck_file as deck};
    use crate::decks::check_deck;
    let s = ready_to_ride();
    let db = s.game.db();
    let ok = check_deck(&deck(main(), vec![entry("TEST-DRIVE-POINT", 3, 30)]), db);
    assert!(ok.is_empty(), "{ok:?}");
    let mut with_point = main();
    with_point.push(entry("TEST-DRIVE-POINT", 1, 31));
    let problems = check_deck(&deck(with_point, Vec::new()), db);
    assert!(
        problems
            .iter()
            .any(|p| p.to_string().contains("can't be in the main deck")),
        "{problems:?}"
    );
}

/// The starter cards with SD01's made Vanguard cards; its first amulet, or
/// follower when it has no amulet, is a Starting Amulet (when `amulets` is
/// 1), and a second card of another name too (when 2).
fn vanguard_db(amulets: usize) -> (crate::cards::CardDb, crate::decks::DeckFile) {
    use crate::cards::starter::starter_db;
    use crate::decks::{DeckBasis, DeckFile, starter_deck};
    let deck = DeckFile {
        source: "vanguard.deck".to_owned(),
        basis: DeckBasis::Universe,
        ..starter_deck("SD01").expect("bundled")
    };
    let db = starter_db().expect("bundled cards");
    let mut defs: Vec<_> = db.iter().map(|(_, d)| d.clone()).collect();
    let in_deck = |id: &str| {
        deck.leader
            .iter()
            .chain(&deck.main)
            .chain(&deck.evolve)
            .any(|entry| entry.card_id == id)
    };
    let main_ids: Vec<String> = deck.main.iter().map(|e| e.card_id.clone()).collect();
    for def in &mut defs {
        if in_deck(&def.id) {
            def.universe = vanguard_universe();
        }
        if let Some(n) = main_ids.iter().position(|id| *id == def.id)
            && n < amulets
        {
            def.keywords |= Keywords::STARTING_AMULET;
            // A Fanfare that must not trigger at set-up (later-sets §2.2).
            def.abilities.push(ability(
                "Fanfare",
                AbilityKind::Triggered(crate::cards::Trigger::Fanfare),
            ));
        }
    }
    (crate::cards::CardDb::new(defs).expect("a valid pool"), deck)
}

#[test]
fn l2_vg5_a_starting_amulet_waits_face_down_on_the_field_through_the_mulligans() {
    use crate::decks::{check_deck, resolve, starter_deck};
    use crate::engine::{Match, NoAbilities, Status};
    let (db, deck) = vanguard_db(1);
    let db = Arc::new(db);
    assert!(
        check_deck(&deck, &db).is_empty(),
        "{:?}",
        check_deck(&deck, &db)
    );
    let vanguard = resolve(&deck, &db).expect("resolves");
    let class = resolve(&starter_deck("SD02").expect("bundled"), &db).expect("resolves");
    let mut game = Match::new(Arc::clone(&db), Arc::new(NoAbilities), [vanguard, class], 3);
    // Until both mulligans are done the amulet is on P1's field, face down,
    // and P2 sees only that a card is there.
    let mut mulligans = 0;
    loop {
        let decision = match game.step() {
            Status::Decision(d) => d.clone(),
            Status::GameOver(o) => panic!("game over: {o:?}"),
        };
        if decision.prompt != Prompt::Mulligan && decision.prompt != Prompt::ChooseFirstPlayer {
            break;
        }
        let field = &game.state().player(P1).field;
        assert_eq!(field.len(), 1);
        let amulet = field[0];
        assert!(!game.state().card(amulet).face_up);
        let theirs = game.view(P2).sides[P1.idx()].clone();
        assert!(theirs.field.is_empty());
        assert_eq!(theirs.hidden_field, 1);
        let mine = game.view(P1).sides[P1.idx()].clone();
        assert_eq!(mine.field.len(), 1, "its owner sees it");
        assert!(game.spectator_view().sides[P1.idx()].field.is_empty());
        if decision.prompt == Prompt::Mulligan {
            mulligans += 1;
        }
        let keep = decision
            .options
            .iter()
            .position(|o| *o == Choice::No)
            .unwrap_or(0);
        game.answer(decision.player, &[keep])
            .expect("a legal answer");
    }
    assert_eq!(mulligans, 2);
    let events = game.take_events();
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::AbilityTriggered { .. })),
        "a face-down card triggers nothing: {events:?}"
    );
    // Its identity is hidden from the opponent in redacted events too.
    let put = events
        .iter()
        .find(|e| {
            matches!(
                e,
                Event::Moved {
                    cause: crate::engine::MoveCause::FaceDownSetup,
                    ..
                }
            )
        })
        .expect("put face down");
    assert!(matches!(
        crate::engine::view::redact(put, P2),
        Event::Moved { def: None, .. }
    ));
    assert!(matches!(
        crate::engine::view::redact(put, P1),
        Event::Moved { def: Some(_), .. }
    ));
    let field = &game.state().player(P1).field;
    assert_eq!(field.len(), 1);
    assert!(game.state().card(field[0]).face_up, "face up after both");
    assert_eq!(game.view(P2).sides[P1.idx()].field.len(), 1);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::TurnedFaceUp { .. }))
    );
    // A class deck gets none.
    assert!(game.state().player(P2).field.is_empty());
    assert!(game.check_invariants().is_empty());
}

#[test]
fn l2_a_vanguard_deck_needs_starting_amulets_of_one_name() {
    use crate::decks::check_deck;
    let (none, deck) = vanguard_db(0);
    let problems = check_deck(&deck, &none);
    assert!(
        problems
            .iter()
            .any(|p| p.to_string().contains("needs at least one Starting Amulet")),
        "{problems:?}"
    );
    let (two, deck) = vanguard_db(2);
    let problems = check_deck(&deck, &two);
    assert!(
        problems
            .iter()
            .any(|p| p.to_string().contains("Starting Amulets share one name")),
        "{problems:?}"
    );
}

#[test]
fn l2_a_vanguard_decks_triggers_are_of_its_leaders_class() {
    use crate::decks::check_deck;
    let (db, deck) = vanguard_db(1);
    let leader_class = db
        .get(db.by_card_id(&deck.leader[0].card_id).expect("the leader"))
        .class;
    let trigger_id = deck.main[1].card_id.clone();
    let with_trigger = |class| {
        let mut defs: Vec<_> = db.iter().map(|(_, d)| d.clone()).collect();
        for def in &mut defs {
            if def.id == trigger_id {
                def.trigger_icon = Some(TriggerIcon::Heal);
                def.class = class;
            }
        }
        crate::cards::CardDb::new(defs).expect("a valid pool")
    };
    let same = with_trigger(leader_class);
    assert!(
        check_deck(&deck, &same).is_empty(),
        "{:?}",
        check_deck(&deck, &same)
    );
    let other = if leader_class == crate::cards::Class::Sword {
        crate::cards::Class::Rune
    } else {
        crate::cards::Class::Sword
    };
    let problems = check_deck(&deck, &with_trigger(other));
    assert!(
        problems
            .iter()
            .any(|p| p.to_string().contains("Triggers are of its leader's class")),
        "{problems:?}"
    );
}

#[test]
fn l2_drive_check_triggers_wait_for_the_whole_drive_and_fire_per_check() {
    let mut s = board(
        vanguard()
            .field(["Twin Lancer", "Drive Captain"])
            .deck(["V2", "Heal Sprite", "V1"]),
        Side::new(),
    );
    s.attack("Twin Lancer", "leader");
    // The first card has no icon; the second is a Heal Trigger.
    s.choose(|c| *c == Choice::Yes);
    s.settle();
    // 20 + 3 (Heal) + 2 × 1 (two checks) + 5 (one Trigger resolved).
    assert_eq!(leader(&s, P1), 30, "{}", s.dump());
    let events = s.raw_events();
    let last_check = events
        .iter()
        .rposition(|e| matches!(e, Event::DriveChecked { .. }))
        .expect("checked");
    let first_watch = events
        .iter()
        .position(|e| {
            matches!(
                e,
                Event::AbilityResolved {
                    ability: crate::engine::PendingWhat::Ability(_),
                    ..
                }
            )
        })
        .expect("the captain's abilities resolved");
    assert!(first_watch > last_check, "they wait for the whole drive");
}

#[test]
fn l2_card_code_performs_a_drive_check_and_reads_whether_a_trigger_resolved() {
    for (answer, leader_after) in [(Choice::Yes, 25), (Choice::No, 20)] {
        let mut s = board(
            vanguard()
                .hand(["Lookout"])
                .deck(["V1", "Heal Sprite"])
                .pp(3),
            Side::new(),
        );
        s.play("Lookout");
        // The question comes from the spell's code; the Heal card is
        // revealed by then (the question names it).
        let asked = s.game.decision().cloned().expect("asked about the Trigger");
        assert!(
            matches!(&asked.prompt, Prompt::Ability { text, .. } if text.contains("Heal Trigger of Heal Sprite")),
            "{:?}",
            asked.prompt
        );
        s.choose(|c| *c == answer);
        s.settle();
        assert_eq!(leader(&s, P1), leader_after, "{}", s.dump());
        assert!(names(&s, Zone::Trigger).is_empty());
        assert!(s.game.check_invariants().is_empty());
    }
}

#[test]
fn l2_a_spells_drive_check_is_no_followers_and_wakes_no_follower_watcher() {
    let mut s = board(
        vanguard()
            .field(["Drive Captain"])
            .hand(["Lookout"])
            .deck(["V1", "Heal Sprite"])
            .pp(3),
        Side::new(),
    );
    s.play("Lookout");
    s.choose(|c| *c == Choice::Yes);
    s.settle();
    // 20 + 3 (Heal) + 2 (Lookout) + 5 (a Trigger drive-checked); no +1
    // for "a follower on your field performs a drive check".
    assert_eq!(leader(&s, P1), 30, "{}", s.dump());
}

#[test]
fn the_terminal_board_names_a_cards_trigger_icon() {
    // Later-sets §2.1: the text board shows the icon as the card prints it.
    let s = board(Side::new().field(["Heal Sprite", "V1"]), Side::new());
    let text = crate::gamelog::board_text(&s.game, P1);
    assert!(text.contains("Heal Sprite 1/1 [Heal Trigger]"), "{text}");
    assert!(!text.contains("V1 1/1 ["), "{text}");
}
