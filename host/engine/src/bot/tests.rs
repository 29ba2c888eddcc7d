//! Bot tests: determinization keeps what a player knows, no bot but the
//! oracle answers differently when only hidden cards differ, and the
//! search bots play whole matches with legal answers.

use super::*;
use crate::cards::starter::starter_db;
use crate::engine::{DeckList, Match, NoAbilities, Outcome, PlayerId, Status, Zone};
use rand_core::SeedableRng;
use std::sync::Arc;

fn deck(db: &crate::cards::CardDb, name: &str) -> DeckList {
    let file = crate::decks::starter_deck(name).expect("a bundled starter deck");
    crate::decks::resolve(&file, db).expect("the starter deck resolves")
}

fn new_match(seed: u64) -> Match {
    let db = Arc::new(starter_db().expect("the bundled card data"));
    let decks = [deck(&db, "SD01"), deck(&db, "SD02")];
    Match::new(db, Arc::new(NoAbilities), decks, seed)
}

/// A match played by random bots up to a main-phase decision of turn 5 or
/// later with several options.
fn mid_game(seed: u64) -> Match {
    let mut game = new_match(seed);
    let mut bots = [RandomBot::new(seed + 1), RandomBot::new(seed + 2)];
    for _ in 0..5_000 {
        let decision = match game.step() {
            Status::GameOver(_) => break,
            Status::Decision(d) => d.clone(),
        };
        if game.state().turn >= 5
            && decision.prompt == Prompt::MainAction
            && decision.options.len() > 2
        {
            return game;
        }
        let picks = bots[decision.player.idx()].choose(&game, &decision);
        game.answer(decision.player, &picks)
            .expect("a legal answer");
    }
    panic!("seed {seed}: no main-phase decision with options by turn 5");
}

/// Small budgets keep the test quick in a debug build; the searches are
/// the levels' own but for the number of playouts.
fn test_bots(seed: u64) -> Vec<(&'static str, Box<dyn Bot>)> {
    let small = |config: SearchConfig| SearchConfig {
        iterations: 60,
        worlds: 4,
        ..config
    };
    vec![
        ("easy", Box::new(GreedyBot::new(seed))),
        (
            "medium",
            Box::new(SearchBot::new(small(SearchConfig::medium()), seed)),
        ),
        (
            "hard",
            Box::new(SearchBot::new(small(SearchConfig::hard()), seed)),
        ),
    ]
}

/// The same match with the opponent's hidden cards dealt differently: two
/// cards of different definitions swapped between the opponent's hand and
/// deck, the viewer's deck reordered, and a new match RNG.
fn with_other_hidden_cards(game: &Match, viewer: PlayerId, salt: u64) -> Match {
    let mut other = game.clone();
    let opponent = viewer.opponent();
    let state = &mut other.state;
    let hand = state.player(opponent).hand.clone();
    let deck = state.player(opponent).deck.clone();
    let mut swapped = false;
    'outer: for h in &hand {
        for d in &deck {
            if state.card(*h).def != state.card(*d).def {
                let (hd, dd) = (state.card(*h).def, state.card(*d).def);
                state.cards[h.idx()].def = dd;
                state.cards[d.idx()].def = hd;
                swapped = true;
                break 'outer;
            }
        }
    }
    assert!(swapped, "the opponent holds a card its deck doesn't repeat");
    let own_deck = state.player(viewer).deck.clone();
    if let [first, .., last] = own_deck.as_slice() {
        let (a, b) = (state.card(*first).def, state.card(*last).def);
        state.cards[first.idx()].def = b;
        state.cards[last.idx()].def = a;
    }
    state.rng = rand_chacha::ChaCha8Rng::seed_from_u64(salt);
    state.forget_characteristics();
    other
}

#[test]
fn no_bot_answers_by_hidden_cards() {
    for seed in [3, 17, 40] {
        let game = mid_game(seed);
        let decision = game.decision().expect("a decision").clone();
        let me = decision.player;
        let other = with_other_hidden_cards(&game, me, seed ^ 0xdead_beef);
        let first = test_bots(seed);
        let second = test_bots(seed);
        for ((name, mut a), (_, mut b)) in first.into_iter().zip(second) {
            let here = a.choose(&game, &decision);
            let there = b.choose(&other, &decision);
            assert_eq!(
                here, there,
                "seed {seed}: the {name} bot answered differently when only hidden cards differed"
            );
        }
        // The searches' whole statistics agree too, not just the answer.
        for config in [SearchConfig::medium(), SearchConfig::hard()] {
            let small = SearchConfig {
                iterations: 60,
                worlds: 4,
                ..config
            };
            let mut a = SearchBot::new(small.clone(), seed);
            let mut b = SearchBot::new(small, seed);
            a.choose(&game, &decision);
            b.choose(&other, &decision);
            assert!(
                !a.last_search().is_empty(),
                "seed {seed}: nothing was searched"
            );
            assert_eq!(a.last_search(), b.last_search(), "seed {seed}");
        }
    }
}

#[test]
fn the_oracle_sees_hidden_cards() {
    // The same check fails for the oracle: it searches the real match.
    let differs = [3, 17, 40].into_iter().any(|seed| {
        let game = mid_game(seed);
        let decision = game.decision().expect("a decision").clone();
        let other = with_other_hidden_cards(&game, decision.player, seed ^ 0xdead_beef);
        let small = SearchConfig {
            iterations: 60,
            ..SearchConfig::oracle()
        };
        let mut a = SearchBot::new(small.clone(), seed);
        let mut b = SearchBot::new(small, seed);
        a.choose(&game, &decision);
        b.choose(&other, &decision);
        a.last_search() != b.last_search()
    });
    assert!(
        differs,
        "the oracle's search never saw the hidden cards change"
    );
}

#[test]
fn determinizing_keeps_what_the_viewer_knows() {
    let game = mid_game(5);
    let me = game.decision().expect("a decision").player;
    let opponent = me.opponent();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let sorted_defs = |m: &Match, cards: &[crate::engine::CardRef]| {
        let mut defs: Vec<_> = cards.iter().map(|c| m.state().card(*c).def).collect();
        defs.sort();
        defs
    };
    let mut changed = false;
    for _ in 0..8 {
        let world = determinize(&game, me, &mut rng);
        let (real, dealt) = (game.state(), world.state());
        for zone in [
            Zone::Hand,
            Zone::Field,
            Zone::ExArea,
            Zone::Cemetery,
            Zone::Banished,
        ] {
            let cards = real.player(me).zone(zone);
            assert_eq!(
                sorted_defs(&game, cards),
                sorted_defs(&world, cards),
                "own {zone:?}"
            );
            if zone != Zone::Hand {
                let theirs = real.player(opponent).zone(zone);
                assert_eq!(sorted_defs(&game, theirs), sorted_defs(&world, theirs));
            }
        }
        // The same unseen pool, maybe dealt differently.
        let pool = |m: &Match| {
            let p = m.state().player(opponent);
            let all: Vec<_> = p.hand.iter().chain(&p.deck).copied().collect();
            sorted_defs(m, &all)
        };
        assert_eq!(pool(&game), pool(&world));
        assert_eq!(
            real.player(opponent).hand.len(),
            dealt.player(opponent).hand.len()
        );
        let hand_defs = |m: &Match| -> Vec<_> {
            m.state()
                .player(opponent)
                .hand
                .iter()
                .map(|c| m.state().card(*c).def)
                .collect()
        };
        changed |= hand_defs(&game) != hand_defs(&world);
        assert_eq!(world.decision(), game.decision());
    }
    assert!(changed, "eight deals never changed the opponent's hand");
}

#[test]
fn search_bots_play_whole_matches_with_legal_answers() {
    for (seed, kind) in [(1, SearchConfig::medium()), (2, SearchConfig::hard())] {
        let mut game = new_match(seed);
        let config = SearchConfig {
            iterations: 40,
            worlds: 3,
            ..kind
        };
        let mut bots: [Box<dyn Bot>; 2] = [
            Box::new(SearchBot::new(config, seed)),
            Box::new(RandomBot::new(seed)),
        ];
        let mut answers = 0;
        let outcome = loop {
            let decision = match game.step() {
                Status::GameOver(outcome) => break outcome,
                Status::Decision(d) => d.clone(),
            };
            let picks = bots[decision.player.idx()].choose(&game, &decision);
            game.answer(decision.player, &picks)
                .expect("a legal answer");
            answers += 1;
            assert!(answers < 20_000, "the match does not end");
        };
        assert!(matches!(outcome, Outcome::Win(..) | Outcome::Draw));
        let times = bots[0]
            .decision_times()
            .expect("search bots time themselves");
        assert!(times.count() > 0, "the search bot searched");
    }
}

#[test]
fn a_search_bot_takes_lethal() {
    // Find a position where the bot's side can win this turn by attacking
    // the leader, then check the bot's answer wins.
    for seed in 0..40 {
        let mut game = mid_game(seed);
        let me = game.decision().expect("a decision").player;
        let opponent = me.opponent();
        game.state.players[opponent.idx()].leader_defense = 1;
        game.state.forget_characteristics();
        let decision = game.decision().expect("a decision").clone();
        let can_hit = decision.options.iter().any(|o| {
            matches!(
                o,
                Choice::Action(Action::Attack {
                    target: crate::engine::state::AttackTarget::Leader(_),
                    ..
                })
            )
        });
        if !can_hit {
            continue;
        }
        let mut bot = SearchBot::new(
            SearchConfig {
                iterations: 20,
                worlds: 2,
                ..SearchConfig::medium()
            },
            seed,
        );
        let turn = game.state().turn;
        let pick = bot.choose(&game, &decision);
        game.answer(me, &pick).expect("a legal answer");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..200 {
            let decision = match game.step() {
                Status::GameOver(_) => break,
                Status::Decision(d) => d.clone(),
            };
            if game.state().turn != turn {
                break;
            }
            let pick = if decision.player == me {
                bot.choose(&game, &decision)
            } else {
                policy::answer(&game, &decision, &mut rng, 0.0)
            };
            game.answer(decision.player, &pick).expect("a legal answer");
        }
        assert!(
            matches!(game.outcome(), Some(Outcome::Win(w, _)) if w == me),
            "seed {seed}: the bot let a 1-defense leader live"
        );
        return;
    }
    panic!("no position with an attack on the leader in 40 seeds");
}

#[test]
fn the_tactical_evaluation_sees_lethal_on_board() {
    // A position where the player to act has a ready follower with some
    // attack: with the opposing leader at 1 defense that is lethal (unless
    // an engaged Ward follower stands in the way), at 100 it is not.
    for seed in 0..40 {
        let mut game = mid_game(seed);
        let me = game.state().active;
        let opponent = me.opponent();
        let db = game.db().clone();
        let state = game.state();
        let ready = state.player(me).field.iter().any(|card| {
            let stats = state.characteristics(&db, *card);
            !state.card(*card).engaged && stats.attack > 0
        });
        let wards = state.player(opponent).field.iter().any(|card| {
            state.card(*card).engaged
                && state
                    .characteristics(&db, *card)
                    .keywords
                    .contains(crate::cards::Keywords::WARD)
        });
        if !ready || wards {
            continue;
        }
        game.state.players[opponent.idx()].leader_defense = 100;
        game.state.forget_characteristics();
        assert!(!tactics::lethal_on_board(game.state(), &db, me));
        let far = eval::tactical_score(&game, me) - eval::score(&game, me);
        game.state.players[opponent.idx()].leader_defense = 1;
        game.state.forget_characteristics();
        assert!(tactics::lethal_on_board(game.state(), &db, me));
        let near = eval::tactical_score(&game, me) - eval::score(&game, me);
        assert!(
            (near - far - tactics::LETHAL_BONUS).abs() < 1e-9,
            "seed {seed}: lethal on board is worth the bonus to the player to act"
        );
        assert!(
            eval::win_chance_by(&game, me, eval::Evaluation::Tactical)
                > eval::win_chance(&game, me)
        );
        return;
    }
    panic!("no position with a ready follower in 40 seeds");
}
