//! rules-coverage.md §L3: a deck built on THE IDOLM@STER CINDERELLA GIRLS
//! starts with five Magical Items in its EX area (later-sets §3.1, CR
//! 14.3.1.2; test L-1). Lessons themselves are card code (a banish cost):
//! their scenarios are `tests/packs/later-sets/tests/l3-*`.

use super::{P1, P2};
use crate::cards::CardDb;
use crate::cards::starter::starter_db;
use crate::decks::{DeckBasis, DeckFile, check_deck, resolve, starter_deck};
use crate::engine::flow::universes::{MAGICAL_ITEM, magical_items_universe};
use crate::engine::{Match, NoAbilities, Prompt, Status};
use std::sync::Arc;

/// SD01 built on its leader's universe.
fn idol_deck() -> DeckFile {
    DeckFile {
        source: "idols.deck".to_owned(),
        basis: DeckBasis::Universe,
        ..starter_deck("SD01").expect("bundled")
    }
}

/// The starter cards, SD01's made CINDERELLA GIRLS cards, and (when
/// `with_item`) a Magical Item token.
fn idol_db(with_item: bool) -> CardDb {
    let db = starter_db().expect("bundled cards");
    let deck = idol_deck();
    let mut defs: Vec<_> = db.iter().map(|(_, d)| d.clone()).collect();
    for def in &mut defs {
        if deck
            .leader
            .iter()
            .chain(&deck.main)
            .chain(&deck.evolve)
            .any(|entry| entry.card_id == def.id)
        {
            def.universe = magical_items_universe();
        }
    }
    if with_item {
        let mut item = defs
            .iter()
            .find(|d| d.is_token)
            .expect("the starter cards hold a token")
            .clone();
        item.id = "IDOL-T01".to_owned();
        item.name = MAGICAL_ITEM.to_owned();
        defs.push(item);
    }
    CardDb::new(defs).expect("a valid pool")
}

#[test]
fn l3_1_l_1_a_cinderella_girls_deck_starts_with_five_magical_items_in_its_ex_area() {
    let db = Arc::new(idol_db(true));
    let idols = idol_deck();
    assert!(
        check_deck(&idols, &db).is_empty(),
        "{:?}",
        check_deck(&idols, &db)
    );
    let idols = resolve(&idols, &db).expect("resolves");
    let class = resolve(&starter_deck("SD02").expect("bundled"), &db).expect("resolves");
    let mut game = Match::new(Arc::clone(&db), Arc::new(NoAbilities), [idols, class], 3);
    // At the "choose turn order" decision the items are there already.
    match game.step() {
        Status::Decision(d) => assert_eq!(d.prompt, Prompt::ChooseFirstPlayer),
        Status::GameOver(o) => panic!("game over: {o:?}"),
    }
    let ex = &game.state().player(P1).ex_area;
    assert_eq!(ex.len(), 5);
    for card in ex.iter() {
        assert_eq!(db.get(game.state().card(*card).def).name, MAGICAL_ITEM);
    }
    // A class deck gets none, even with the token in the pool.
    assert!(game.state().player(P2).ex_area.is_empty());
    // Both players see which deck is built on the universe.
    let view = game.view(P2);
    assert_eq!(
        [view.sides[0].universe, view.sides[1].universe],
        [game.state().player(P1).basis.universe(), None]
    );
    assert!(view.sides[0].universe.is_some());
}

#[test]
fn l3_1_a_cinderella_girls_deck_without_the_token_in_the_pool_is_refused_naming_it() {
    let db = Arc::new(idol_db(false));
    let idols = idol_deck();
    let leader_line = idols.leader[0].line;
    let problems: Vec<String> = check_deck(&idols, &db)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        problems,
        [format!(
            "idols.deck:{leader_line}: the deck is built on THE IDOLM@STER CINDERELLA GIRLS, which starts with 5 Magical Items in the EX area, but no loaded card is a token named `Magical Item`"
        )],
    );
    // Started anyway, the match goes on without them.
    let idols = resolve(&idols, &db).expect("resolves");
    let class = resolve(&starter_deck("SD02").expect("bundled"), &db).expect("resolves");
    let mut game = Match::new(Arc::clone(&db), Arc::new(NoAbilities), [idols, class], 3);
    let _ = game.step();
    assert!(game.state().player(P1).ex_area.is_empty());
}
