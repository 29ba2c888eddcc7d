//! Taking an activation back while its costs are paid (`flow/cancel.rs`):
//! the cancel restores the match exactly, asks the same question again,
//! is offered only while nothing irreversible happened, and replays.

use super::{P1, P2};
use crate::board::{Board, Side};
use crate::bot::{Bot, RandomBot};
use crate::engine::{AbilityIdx, Action, Choice, Event, Prompt, QuestionRole, Rejection, Zone};

/// Sifter ([act] [q] once per turn, [cost01] [engage], discard a card,
/// discard a card: +3 leader defense) on P1's field, three cards in hand.
fn sifter_board() -> Board {
    Board::builder()
        .side(
            P1,
            Side::new()
                .field(["Sifter"])
                .hand(["V1", "V2", "V3"])
                .pp(3)
                .leader(10),
        )
        .build()
}

fn sift(s: &Board) -> Action {
    Action::Activate {
        card: s.card(P1, Zone::Field, "Sifter"),
        ability: AbilityIdx(0),
    }
}

/// The whole state as text: equal texts, equal states.
fn state_text(s: &Board) -> String {
    format!("{:?}", s.game.state())
}

#[test]
fn cancel_at_the_cost_question_restores_the_match_and_asks_the_main_question_again() {
    let mut s = sifter_board();
    let before = state_text(&s);
    let question = s.game.decision().cloned();
    s.raw_events();
    s.act(sift(&s));
    // PP paid and the Sifter engaged, then the first card question: the
    // cards in hand and the cancel, last.
    let decision = s.game.decision().cloned().expect("a cost question");
    assert!(matches!(decision.prompt, Prompt::CostCards { .. }));
    assert_eq!(decision.options.last(), Some(&Choice::Cancel));
    assert_eq!(decision.choosable().len(), 3);
    assert_eq!(s.game.state().player(P1).pp, 2);

    s.choose(|c| *c == Choice::Cancel);
    assert_eq!(state_text(&s), before, "the state is exactly as before");
    assert_eq!(s.game.decision().cloned(), question, "the same question");
    let events = s.raw_events();
    assert!(matches!(
        events.last(),
        Some(Event::ActivationCancelled { ability, .. }) if *ability == AbilityIdx(0)
    ));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::AbilityActivated { .. }))
    );
    assert!(s.events().is_empty());

    // The once-per-turn use came back too: it can be activated and paid
    // for in full now.
    s.act(sift(&s));
    let v1 = s.card(P1, Zone::Hand, "V1");
    s.choose(|c| *c == Choice::Card(v1));
    // A card was discarded: the second question can't take it back.
    let second = s.game.decision().cloned().expect("the second question");
    assert!(matches!(second.prompt, Prompt::CostCards { .. }));
    assert_eq!(second.cancel_option(), None);
    assert!(!second.options.contains(&Choice::Cancel));
    let v2 = s.card(P1, Zone::Hand, "V2");
    s.choose(|c| *c == Choice::Card(v2));
    let p1 = s.game.state().player(P1);
    assert_eq!((p1.pp, p1.leader_defense, p1.hand.len()), (2, 13, 1));
    assert_eq!(
        s.game.decision().map(|d| &d.prompt),
        Some(&Prompt::MainAction)
    );
    assert!(!s.can(sift(&s)), "used this turn");
}

#[test]
fn the_cancel_is_picked_alone_whatever_the_count() {
    let mut s = sifter_board();
    s.act(sift(&s));
    let decision = s.game.decision().cloned().expect("a cost question");
    let cancel = decision.cancel_option().expect("a cancel");
    assert_eq!(
        s.game.answer(P1, &[0, cancel]),
        Err(Rejection::CancelNotAlone)
    );
    assert_eq!(s.game.decision(), Some(&decision), "nothing changed");
    s.answer(P1, &[cancel]);
    assert_eq!(
        s.game.decision().map(|d| &d.prompt),
        Some(&Prompt::MainAction)
    );
}

#[test]
fn an_ability_announced_from_the_hand_offers_no_cancel() {
    // Announcing it showed the card: a cancel can't hide it again.
    let mut s = Board::builder()
        .side(P1, Side::new().hand(["Palm Reader", "V1", "V2"]).leader(10))
        .build();
    let palm = s.card(P1, Zone::Hand, "Palm Reader");
    s.act(Action::Activate {
        card: palm,
        ability: AbilityIdx(0),
    });
    let decision = s.game.decision().cloned().expect("a cost question");
    assert!(matches!(decision.prompt, Prompt::CostCards { .. }));
    assert_eq!(decision.cancel_option(), None);
}

#[test]
fn a_quick_activation_cancelled_asks_the_quick_question_again() {
    let mut s = Board::builder()
        .active(P2)
        .side(P2, Side::new().field(["V1"]))
        .side(
            P1,
            Side::new()
                .field(["Sifter"])
                .hand(["V1", "V2"])
                .pp(1)
                .leader(10),
        )
        .build();
    s.attack("V1", "leader");
    let quick = s.game.decision().cloned().expect("a Quick window");
    assert_eq!(quick.prompt, Prompt::QuickWindow);
    let before = state_text(&s);
    s.act(sift(&s));
    s.choose(|c| *c == Choice::Cancel);
    assert_eq!(state_text(&s), before);
    assert_eq!(s.game.decision(), Some(&quick));
    // Pass: the attack goes on.
    s.choose(|c| *c == Choice::Pass);
    assert_eq!(s.game.state().player(P1).leader_defense, 9);
}

#[test]
fn bots_never_pick_the_cancel_and_determinized_worlds_drop_it() {
    let mut s = sifter_board();
    s.act(sift(&s));
    let decision = s.game.decision().cloned().expect("a cost question");
    let cancel = decision.cancel_option().expect("a cancel");
    for seed in 0..200 {
        let picks = RandomBot::new(seed).choose(&s.game, &decision);
        assert!(!picks.contains(&cancel), "seed {seed}: {picks:?}");
    }
    let mut rng = <rand_chacha::ChaCha8Rng as rand_core::SeedableRng>::seed_from_u64(1);
    let world = crate::bot::determinize(&s.game, P1, &mut rng);
    let asked = world.decision().expect("the same question");
    assert_eq!(asked.cancel_option(), None);
    assert_eq!(asked.options.len(), decision.options.len() - 1);
}

#[test]
fn a_sandbox_change_ends_the_chance_to_cancel() {
    let mut s = sifter_board();
    s.act(sift(&s));
    s.game
        .sandbox(crate::engine::SandboxAction::SetLeaderDefense {
            player: P2,
            defense: 5,
        })
        .expect("applies");
    let decision = s.game.decision().expect("still the cost question");
    assert!(matches!(decision.prompt, Prompt::CostCards { .. }));
    assert_eq!(decision.cancel_option(), None);
}

#[test]
fn a_replay_with_a_cancel_replays_the_same() {
    use crate::board::fixtures::{test_db, test_runner};
    use crate::engine::{AbilityRunner, Match, SandboxAction, Status};
    use crate::replay::{RecordedAnswer, RecordedSandbox, Replay, ReplaySeat, log_hash};
    use std::sync::Arc;

    let db = Arc::new(test_db());
    let runner: Arc<dyn AbilityRunner> = Arc::new(test_runner());
    let deck = |name: &str| {
        let file = crate::decks::starter_deck(name).expect("a starter deck");
        crate::decks::resolve(&file, &db).expect("resolves")
    };
    let decks = [deck("SD01"), deck("SD02")];
    let seed = 11;
    let mut game = Match::new(Arc::clone(&db), Arc::clone(&runner), decks.clone(), seed);
    let mut bots = [RandomBot::new(1), RandomBot::new(2)];
    let mut answers = Vec::new();
    let mut log = Vec::new();
    // Bots up to the first main-phase question.
    let me = loop {
        let Status::Decision(decision) = game.step() else {
            panic!("the match ended in its setup");
        };
        let decision = decision.clone();
        if decision.prompt == Prompt::MainAction {
            break decision.player;
        }
        let picks = bots[decision.player.idx()].choose(&game, &decision);
        log.extend(game.take_events());
        game.answer(decision.player, &picks).expect("legal");
        answers.push(RecordedAnswer::new(decision.player, &picks));
    };
    // The sandbox puts a Sifter out, two more cards in hand, and PP.
    let sifter = db.by_card_id("TEST-SIFT").expect("the test card");
    let mut sandbox = Vec::new();
    for action in [
        SandboxAction::PutCard {
            player: me,
            def: sifter,
            zone: Zone::Field,
        },
        SandboxAction::Draw {
            player: me,
            count: 2,
        },
        SandboxAction::SetPlayPoints {
            player: me,
            pp: 3,
            max_pp: 3,
        },
    ] {
        sandbox.push(RecordedSandbox::new(answers.len(), &action, &db).expect("recorded"));
        game.sandbox(action).expect("applies");
        game.step();
    }
    // Announce, cancel, announce again and pay, then end the turn.
    let mut answer = |game: &mut Match, wanted: &dyn Fn(&Choice) -> bool| {
        let decision = game.decision().cloned().expect("a question");
        let pick = decision.options.iter().position(wanted).expect("offered");
        log.extend(game.take_events());
        game.answer(decision.player, &[pick]).expect("legal");
        answers.push(RecordedAnswer::new(decision.player, &[pick]));
        game.step();
    };
    let sifter_card = *game.state().player(me).field.last().expect("the Sifter");
    let activate = Choice::Action(Action::Activate {
        card: sifter_card,
        ability: AbilityIdx(0),
    });
    answer(&mut game, &|c| *c == activate);
    answer(&mut game, &|c| *c == Choice::Cancel);
    assert_eq!(
        game.decision().map(|d| &d.prompt),
        Some(&Prompt::MainAction)
    );
    answer(&mut game, &|c| *c == activate);
    answer(&mut game, &|c| matches!(c, Choice::Card(_)));
    answer(&mut game, &|c| matches!(c, Choice::Card(_)));
    answer(&mut game, &|c| *c == Choice::Action(Action::EndMainPhase));
    log.extend(game.take_events());
    assert!(
        log.iter()
            .any(|e| matches!(e, Event::ActivationCancelled { .. }))
    );

    let recorded = Replay {
        seed,
        decks: [
            Replay::deck_of("SD01", &decks[0], &db),
            Replay::deck_of("SD02", &decks[1], &db),
        ],
        card_fingerprint: db.fingerprint(),
        answers,
        log_hash: log_hash(&log),
        conceded: None,
        reloads: Vec::new(),
        seats: [ReplaySeat::Unknown, ReplaySeat::Unknown],
        sandbox,
        bases: Default::default(),
        fingerprint_with_text: false,
    };
    let read = Replay::decode(&recorded.encode()).expect("reads back");
    assert_eq!(read, recorded);
    let (replayed, replayed_log) = read.play(Arc::clone(&db), runner).expect("replays");
    assert_eq!(log_hash(&replayed_log), recorded.log_hash);
    assert_eq!(
        format!("{:?}", replayed.state()),
        format!("{:?}", game.state())
    );
}

/// Trader (Fanfare: you may discard a card; if you do, draw 2) in P1's
/// hand with two more cards and 3 play points.
fn trader_board() -> Board {
    Board::builder()
        .side(P1, Side::new().hand(["Trader", "V1", "V2"]).pp(3))
        .build()
}

#[test]
fn the_yes_to_an_optional_cost_is_taken_back_at_its_card_question() {
    let mut s = trader_board();
    let trader = s.card(P1, Zone::Hand, "Trader");
    s.act(Action::Play { card: trader });
    let pay = s.game.decision().cloned().expect("the optional cost");
    assert!(matches!(pay.prompt, Prompt::PayOptionalCost { .. }));
    let before = state_text(&s);
    s.choose(|c| *c == Choice::Yes);
    let which = s.game.decision().cloned().expect("which card pays");
    assert!(matches!(
        which.prompt,
        Prompt::CostCards { optional: true, .. }
    ));
    assert_eq!(which.options.last(), Some(&Choice::Cancel));
    assert_eq!(which.choosable().len(), 2, "V1 and V2");

    s.raw_events();
    s.choose(|c| *c == Choice::Cancel);
    assert_eq!(state_text(&s), before, "the state is as before the yes");
    assert_eq!(s.game.decision().cloned(), Some(pay), "asked again");
    assert!(matches!(
        s.raw_events().last(),
        Some(Event::ActivationCancelled { .. })
    ));
    // Declined this time: nothing discarded, nothing drawn.
    s.choose(|c| *c == Choice::No);
    let p1 = s.game.state().player(P1);
    assert_eq!(p1.hand.len(), 2);
    assert_eq!(
        s.game.decision().map(|d| &d.prompt),
        Some(&Prompt::MainAction)
    );
}

#[test]
fn a_paid_optional_cost_resolves_as_before() {
    let mut s = trader_board();
    let deck_before = s.game.state().player(P1).deck.len();
    let trader = s.card(P1, Zone::Hand, "Trader");
    s.act(Action::Play { card: trader });
    s.choose(|c| *c == Choice::Yes);
    let v1 = s.card(P1, Zone::Hand, "V1");
    s.choose(|c| *c == Choice::Card(v1));
    let p1 = s.game.state().player(P1);
    // V2 and the two drawn.
    assert_eq!((p1.hand.len(), p1.deck.len()), (3, deck_before - 2));
}

/// Barterer (Fanfare: you may pay 1 play point and discard 2 cards, one at
/// a time: draw 3; its code asks about the cost) in P1's hand with three
/// more cards and 3 play points.
fn barterer_board() -> Board {
    Board::builder()
        .side(P1, Side::new().hand(["Barterer", "V1", "V2", "V3"]).pp(3))
        .build()
}

/// The role of a question card code asked, or `None` for the engine's.
fn role_of(decision: &crate::engine::Decision) -> Option<QuestionRole> {
    match decision.prompt {
        Prompt::Ability { role, .. } => Some(role),
        _ => None,
    }
}

/// Plays Barterer and says yes to its cost: P1 is asked for the first
/// discard.
fn barter_yes(s: &mut Board) -> crate::engine::Decision {
    let barterer = s.card(P1, Zone::Hand, "Barterer");
    s.act(Action::Play { card: barterer });
    s.choose(|c| *c == Choice::Yes);
    s.game.decision().cloned().expect("the first discard")
}

#[test]
fn the_yes_to_an_optional_cost_asked_by_card_code_is_taken_back_at_its_card_question() {
    let mut s = barterer_board();
    let barterer = s.card(P1, Zone::Hand, "Barterer");
    s.act(Action::Play { card: barterer });
    let pay = s.game.decision().cloned().expect("the optional cost");
    assert_eq!(role_of(&pay), Some(QuestionRole::OptionalCost));
    assert_eq!(pay.cancel_option(), None, "nothing to take back yet");
    let before = state_text(&s);
    s.choose(|c| *c == Choice::Yes);
    let discard = s.game.decision().cloned().expect("the first discard");
    assert_eq!(role_of(&discard), Some(QuestionRole::Cost));
    // The play point paid changed a public number only.
    assert_eq!(discard.options.last(), Some(&Choice::Cancel));
    assert_eq!(discard.choosable().len(), 3, "V1, V2 and V3");
    assert_eq!(state_text(&s), before, "a question keeps none of the run");

    s.raw_events();
    s.choose(|c| *c == Choice::Cancel);
    assert_eq!(state_text(&s), before);
    assert_eq!(s.game.decision().cloned(), Some(pay), "asked again");
    assert!(matches!(
        s.raw_events().last(),
        Some(Event::ActivationCancelled { ability, .. }) if *ability == AbilityIdx(0)
    ));
    s.choose(|c| *c == Choice::No);
    let p1 = s.game.state().player(P1);
    assert_eq!(
        (p1.pp, p1.hand.len()),
        (2, 3),
        "Barterer's 1 play point only"
    );
    assert_eq!(
        s.game.decision().map(|d| &d.prompt),
        Some(&Prompt::MainAction)
    );
}

#[test]
fn after_a_card_moved_the_optional_cost_can_no_longer_be_taken_back() {
    let mut s = barterer_board();
    barter_yes(&mut s);
    let v1 = s.card(P1, Zone::Hand, "V1");
    s.choose(|c| *c == Choice::Card(v1));
    let second = s.game.decision().cloned().expect("the second discard");
    assert_eq!(role_of(&second), Some(QuestionRole::Cost));
    assert_eq!(second.cancel_option(), None, "V1 was discarded");
    let v2 = s.card(P1, Zone::Hand, "V2");
    s.choose(|c| *c == Choice::Card(v2));
    let p1 = s.game.state().player(P1);
    // 3 - 1 (Barterer) - 1 (the cost); V3 and the three drawn.
    assert_eq!((p1.pp, p1.hand.len(), p1.cemetery.len()), (1, 4, 2));
}

#[test]
fn a_yes_taken_back_can_be_given_again_and_bots_never_take_it_back() {
    let mut s = barterer_board();
    let discard = barter_yes(&mut s);
    let cancel = discard.cancel_option().expect("a cancel");
    for seed in 0..100 {
        let picks = RandomBot::new(seed).choose(&s.game, &discard);
        assert!(!picks.contains(&cancel), "seed {seed}: {picks:?}");
    }
    s.choose(|c| *c == Choice::Cancel);
    s.choose(|c| *c == Choice::Yes);
    let v3 = s.card(P1, Zone::Hand, "V3");
    s.choose(|c| *c == Choice::Card(v3));
    let v1 = s.card(P1, Zone::Hand, "V1");
    s.choose(|c| *c == Choice::Card(v1));
    let p1 = s.game.state().player(P1);
    assert_eq!((p1.pp, p1.hand.len()), (1, 4), "paid in full, drew 3");
}
