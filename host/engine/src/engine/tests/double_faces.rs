//! Double-faced evolved cards (later-sets §10, CR 2.14, 4.6.4): the evolve
//! ability may show either face whose name it names, the follower then
//! uses that face, an effect's evolution takes the follower's own name
//! only, and a card that leaves the evolve zone is its front face again.
//! Named `l10_<scenario>_...` after the reference's tests DF-1..3.

use super::{P1, P2, copy};
use crate::board::fixtures::{ability, test_runner};
use crate::board::{Board, Side};
use crate::cards::{AbilityKind, CardDb, CardDbError, CardDef, FaceEvolveCost};
use crate::engine::runtime::Task;
use crate::engine::state::{Duration, EffectKind};
use crate::engine::{AbilityRunner, Action, Choice, Prompt, Zone};
use std::sync::Arc;

const GENTLE: &str = "Paula, Gentle Warmth";
const PASSIONATE: &str = "Paula, Passionate Warmth";

/// "Icy Paula" (a V2, evolve cost 1, whose evolve ability names both
/// faces), the double-faced evolved card Gentle (4/4) / Passionate (3/3),
/// "Cinder" and its double-faced card whose back face shares its name,
/// and "Rekindle" (a spell: evolve every follower on your field).
fn pool() -> Vec<CardDef> {
    let mut cards = crate::board::fixtures::test_cards();
    let mut paula = copy("V2", "TEST-PAULA", "Icy Paula");
    paula.evolve_cost = Some(1);
    paula.evolves_into = vec![GENTLE.to_owned(), PASSIONATE.to_owned()];
    cards.push(paula);
    cards.push(copy("V2 (Evolved)", "TEST-PAULA-E", GENTLE));
    let mut back = copy("V2 (Evolved)", "TEST-PAULA-EB", PASSIONATE);
    back.attack = Some(3);
    back.defense = Some(3);
    back.back_of = Some("TEST-PAULA-E".to_owned());
    cards.push(back);
    cards.push(copy("V1", "TEST-CINDER", "Cinder"));
    cards.push(copy(
        "V1 (Evolved)",
        "TEST-CINDER-E",
        "Cinder Pup (Evolved)",
    ));
    let mut cinder_back = copy("V1 (Evolved)", "TEST-CINDER-EB", "Cinder (Evolved)");
    cinder_back.back_of = Some("TEST-CINDER-E".to_owned());
    cards.push(cinder_back);
    let mut rekindle = copy("Quick Bolt", "TEST-REKINDLE", "Rekindle");
    rekindle.abilities = vec![ability("Spell", AbilityKind::Spell)];
    cards.push(rekindle);
    cards
}

fn board(p1: Side) -> Board {
    let runner: Arc<dyn AbilityRunner> =
        Arc::new(test_runner().ability("TEST-REKINDLE", 0, |cx| {
            let me = cx.controller();
            for card in cx.query().state().player(me).field.clone() {
                cx.evolve(card);
            }
            Ok(())
        }));
    Board::builder()
        .db(Arc::new(CardDb::new(pool()).expect("a valid pool")))
        .runner(runner)
        .side(P1, p1)
        .side(P2, Side::new().leader(10))
        .build()
}

fn evolve(card: crate::engine::CardRef) -> Action {
    Action::Evolve {
        card,
        use_ep: false,
        super_evolve: false,
    }
}

#[test]
fn l10_df1_either_face_may_be_shown_and_the_follower_uses_it() {
    let mut s = board(Side::new().field(["Icy Paula"]).pp(1).evolve_deck([GENTLE]));
    let paula = s.card(P1, Zone::Field, "Icy Paula");
    s.act(evolve(paula));
    let decision = s.game.decision().cloned().expect("a question");
    assert_eq!(decision.prompt, Prompt::EvolveInto { card: paula });
    assert_eq!(s.offered_labels(), [GENTLE, PASSIONATE]);
    s.choose(|c| *c == Choice::Label(PASSIONATE.to_owned()));
    s.settle();
    let state = s.game.state();
    let db = s.game.db();
    assert_eq!(state.current_def(db, paula).name, PASSIONATE);
    let stats = state.characteristics(db, paula);
    assert_eq!((stats.attack, stats.defense), (3, 3), "{}", s.dump());
    assert_eq!(stats.cost, 2, "the base card's cost (CR 5.16.1.2)");
    assert_eq!(state.player(P1).pp, 0);
    // Both players see the back face in the evolve zone.
    let back = db.by_card_id("TEST-PAULA-EB");
    for viewer in [P1, P2] {
        let view = s.game.view(viewer);
        let follower = view.sides[P1.idx()]
            .field
            .iter()
            .find(|c| c.card == paula)
            .expect("Paula on the field");
        assert_eq!(follower.evolved, back, "{viewer}'s view");
    }
}

#[test]
fn l10_df1_a_single_fitting_face_asks_nothing() {
    let mut s = board(
        Side::new()
            .field(["V2"])
            .pp(2)
            .evolve_deck(["V2 (Evolved)"]),
    );
    let v2 = s.card(P1, Zone::Field, "V2");
    s.act(evolve(v2));
    s.settle();
    assert_eq!(
        s.game.state().current_def(s.game.db(), v2).name,
        "V2 (Evolved)"
    );
}

#[test]
fn l10_df2_an_effect_evolves_only_into_the_followers_own_name() {
    let mut s = board(
        Side::new()
            .field(["Icy Paula", "Cinder"])
            .hand(["Rekindle"])
            .pp(5)
            .evolve_deck([GENTLE, "Cinder Pup (Evolved)"]),
    );
    s.play("Rekindle");
    s.settle();
    let state = s.game.state();
    let db = s.game.db();
    let paula = s.card(P1, Zone::Field, "Icy Paula");
    assert!(
        state.card(paula).evolved_with.is_none(),
        "no face of Paula's card bears her name (CR 5.16.1.1): {}",
        s.dump()
    );
    // Cinder's card shows the back face, the one of Cinder's name.
    let cinder = s.card(P1, Zone::Field, "Cinder (Evolved)");
    assert_eq!(state.current_def(db, cinder).id, "TEST-CINDER-EB");
}

#[test]
fn l10_df3_a_destroyed_back_face_returns_as_its_front_face() {
    let mut s = board(Side::new().field(["Icy Paula"]).pp(1).evolve_deck([GENTLE]));
    let paula = s.card(P1, Zone::Field, "Icy Paula");
    s.act(evolve(paula));
    s.choose(|c| *c == Choice::Label(PASSIONATE.to_owned()));
    s.settle();
    let evolved = s.game.state().card(paula).evolved_with.expect("evolved");
    s.game.destroy(paula, true);
    s.game.tasks.push(Task::CheckTiming(0));
    s.game.decision = None;
    s.settle();
    let state = s.game.state();
    let card = state.card(evolved);
    assert_eq!(card.zone, Zone::EvolveDeck, "{}", s.dump());
    assert!(
        card.face_up,
        "used: face up in the evolve deck area (CR 11.6.1)"
    );
    assert_eq!(s.game.db().get(card.def).name, GENTLE);
}

#[test]
fn l10_a_back_face_must_pair_with_an_evolved_front_face() {
    let mut lone = pool();
    for card in &mut lone {
        if card.id == "TEST-PAULA-EB" {
            card.back_of = Some("TEST-NOWHERE".to_owned());
        }
    }
    let err = CardDb::new(lone).expect_err("an unknown front face");
    assert!(matches!(err, CardDbError::BadBackFace { .. }), "{err}");
    assert!(err.to_string().contains("TEST-NOWHERE"), "{err}");
    let mut follower_back = pool();
    for card in &mut follower_back {
        if card.id == "TEST-PAULA-EB" {
            card.back_of = Some("TEST-PAULA".to_owned());
        }
    }
    let err = CardDb::new(follower_back).expect_err("a follower has no back face");
    assert!(err.to_string().contains("only evolved cards"), "{err}");
}

#[test]
fn l10_a_deck_lists_the_front_face_only() {
    let db = CardDb::new(pool()).expect("a valid pool");
    let text = "# Leader\n1 TEST-LD\n# Main Deck\n40 TEST-V1\n# Evolve Deck\n1 TEST-PAULA-EB\n";
    let deck = crate::decks::parse_deck(text, "test.txt").expect("a deck file");
    let problems = crate::decks::check_deck(&deck, &db);
    assert!(
        problems
            .iter()
            .any(|p| p.message.contains("back face of `TEST-PAULA-E`")),
        "{problems:?}"
    );
    assert!(
        !db.declarable_names().iter().any(|n| n == PASSIONATE),
        "a back face's name is not declared (plan C8)"
    );
}

/// The pool with Paula's evolve into her back face costing 4 of its own
/// (BP09-018's form: one face for 1, the other for 4).
fn board_with_face_cost(p1: Side) -> Board {
    let mut cards = pool();
    for card in &mut cards {
        if card.id == "TEST-PAULA" {
            card.face_evolve_costs = vec![FaceEvolveCost {
                name: PASSIONATE.to_owned(),
                cost: 4,
            }];
        }
    }
    Board::builder()
        .db(Arc::new(CardDb::new(cards).expect("a valid pool")))
        .runner(Arc::new(test_runner()))
        .side(P1, p1)
        .side(P2, Side::new().leader(10))
        .build()
}

#[test]
fn l10_a_face_with_a_cost_of_its_own_is_offered_only_when_paid() {
    // 1 PP pays the front face's 1, not the back face's 4: no question.
    let mut s = board_with_face_cost(Side::new().field(["Icy Paula"]).pp(1).evolve_deck([GENTLE]));
    let paula = s.card(P1, Zone::Field, "Icy Paula");
    s.act(evolve(paula));
    s.settle();
    let state = s.game.state();
    assert_eq!(state.current_def(s.game.db(), paula).name, GENTLE);
    assert_eq!(state.player(P1).pp, 0, "{}", s.dump());
}

#[test]
fn l10_each_face_costs_its_own_and_the_question_says_so() {
    let mut s = board_with_face_cost(Side::new().field(["Icy Paula"]).pp(5).evolve_deck([GENTLE]));
    let paula = s.card(P1, Zone::Field, "Icy Paula");
    s.act(evolve(paula));
    assert_eq!(
        s.offered_labels(),
        [format!("{GENTLE}: 1 PP"), format!("{PASSIONATE}: 4 PP")]
    );
    assert_eq!(
        s.game.state().player(P1).pp,
        5,
        "paid once the face is chosen"
    );
    s.choose(|c| *c == Choice::Label(format!("{PASSIONATE}: 4 PP")));
    s.settle();
    let state = s.game.state();
    assert_eq!(state.current_def(s.game.db(), paula).name, PASSIONATE);
    assert_eq!(state.player(P1).pp, 1, "{}", s.dump());
}

#[test]
fn l10_an_evolve_point_pays_1_of_a_faces_own_cost() {
    // 3 PP and 1 EP pay the back face's 4; the front face's 1 too.
    let mut s = board_with_face_cost(
        Side::new()
            .field(["Icy Paula"])
            .pp(3)
            .ep(1)
            .evolve_deck([GENTLE]),
    );
    let paula = s.card(P1, Zone::Field, "Icy Paula");
    s.act(Action::Evolve {
        card: paula,
        use_ep: true,
        super_evolve: false,
    });
    assert_eq!(
        s.offered_labels(),
        [
            format!("{GENTLE}: 1 EP + 0 PP"),
            format!("{PASSIONATE}: 1 EP + 3 PP")
        ]
    );
    s.choose(|c| *c == Choice::Label(format!("{PASSIONATE}: 1 EP + 3 PP")));
    s.settle();
    let state = s.game.state();
    assert_eq!(state.current_def(s.game.db(), paula).name, PASSIONATE);
    assert_eq!((state.player(P1).pp, state.player(P1).ep), (0, 0));
}

#[test]
fn l10_an_evolve_cost_effect_changes_a_faces_own_cost() {
    let mut s = board_with_face_cost(Side::new().field(["Icy Paula"]).pp(2).evolve_deck([GENTLE]));
    let paula = s.card(P1, Zone::Field, "Icy Paula");
    s.game
        .add_effect(paula, EffectKind::EvolveCost(-2), Duration::EndOfTurn, None);
    // The back face now costs 2, the front 0.
    s.act(evolve(paula));
    s.choose(|c| *c == Choice::Label(format!("{PASSIONATE}: 2 PP")));
    s.settle();
    assert_eq!(s.game.state().player(P1).pp, 0, "{}", s.dump());
}

#[test]
fn l10_a_face_cost_needs_an_evolve_ability_that_names_the_face() {
    let mut paula = copy("V2", "TEST-PAULA", "Icy Paula");
    paula.evolves_into = vec![GENTLE.to_owned()];
    paula.face_evolve_costs = vec![FaceEvolveCost {
        name: PASSIONATE.to_owned(),
        cost: 4,
    }];
    let problem = paula.face_cost_problem().expect("a face it doesn't name");
    assert!(
        problem.contains("doesn't name that evolved card"),
        "{problem}"
    );
    paula.evolves_into.push(PASSIONATE.to_owned());
    assert_eq!(paula.face_cost_problem(), None);
    paula
        .face_evolve_costs
        .push(paula.face_evolve_costs[0].clone());
    let problem = paula.face_cost_problem().expect("given twice");
    assert!(problem.contains("given twice"), "{problem}");
    paula.face_evolve_costs.pop();
    let one = paula.face_evolve_costs[0].clone();
    let mut many = paula.clone();
    many.face_evolve_costs = vec![one; 9];
    let problem = many.face_cost_problem().expect("too many");
    assert!(problem.contains("more than the 8"), "{problem}");
    paula.evolve_cost = None;
    let problem = paula.face_cost_problem().expect("no evolve ability");
    assert!(problem.contains("no evolve ability"), "{problem}");
}
