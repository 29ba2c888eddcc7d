//! Token kinds a pack declares (`cards/declared.rs`, `TokenRules`): the
//! rules crests keep (later-sets §4), made a declaration. The made-up kinds
//! here: Relic (only in an EX area, one of a name there, its abilities work
//! there, as a crest's) and Banner (only on the field, one of a name there).

use super::{P1, P2, copy};
use crate::board::fixtures::{ability, test_cards, test_runner};
use crate::board::{Board, Side};
use crate::cards::{
    AbilityKind, CardDb, CardDbError, CardDef, CardFilter, Declarations, DeclaredTokenKind, Grant,
    Keywords, PassiveCondition, PassiveDef, PassiveScope, TokenRules,
};
use crate::engine::mutation::Place;
use crate::engine::{AbilityRunner, Action, MoveCause, TokenDestination, Zone};
use std::sync::Arc;

fn relic_kind() -> DeclaredTokenKind {
    DeclaredTokenKind {
        name: "Relic".into(),
        reminder: "A Relic stays in the EX area, one of each name.".into(),
        rules: TokenRules {
            field: false,
            ex_area: true,
            one_per_name: true,
        },
    }
}

fn banner_kind() -> DeclaredTokenKind {
    DeclaredTokenKind {
        name: "Banner".into(),
        reminder: "A Banner stands on the field, one of each name.".into(),
        rules: TokenRules {
            field: true,
            ex_area: false,
            one_per_name: true,
        },
    }
}

/// Totems may be on the field or in an EX area, one of a name in each.
fn totem_kind() -> DeclaredTokenKind {
    DeclaredTokenKind {
        name: "Totem".into(),
        reminder: "One of each name on the field and in the EX area.".into(),
        rules: TokenRules {
            field: true,
            ex_area: true,
            one_per_name: true,
        },
    }
}

fn declarations() -> Declarations {
    Declarations {
        token_kinds: vec![relic_kind(), banner_kind(), totem_kind()],
        ..Declarations::default()
    }
}

/// A token amulet of a declared kind, as its pack writes it: the pool makes
/// it a token.
fn token_of(kind: &str, id: &str, name: &str) -> CardDef {
    let mut card = copy("Stack Totem", id, name);
    card.keywords = Keywords::empty();
    card.initial_counters.clear();
    card.token_kind = Some(kind.into());
    card.traits = vec!["Token".into(), kind.into()];
    card
}

/// "Relic: Aegis" (a Relic: your followers have Ward), "War Banner" (a
/// Banner), and "Relic Forge" (a spell: put two Relic: Aegis into your EX
/// area, one onto your field, and two War Banners onto your field, the
/// rest into your EX area).
fn cards() -> Vec<CardDef> {
    let mut cards = test_cards();
    let mut aegis = token_of("Relic", "TEST-RELIC-AEGIS", "Relic: Aegis");
    aegis.abilities = vec![ability(
        "Aegis",
        AbilityKind::Passive(PassiveDef {
            grant: Grant::Keywords(Keywords::WARD),
            scope: PassiveScope::AlliesOnField(CardFilter::followers()),
            condition: PassiveCondition::Always,
        }),
    )];
    cards.push(aegis);
    cards.push(token_of("Banner", "TEST-BANNER", "War Banner"));
    cards.push(token_of("Totem", "TEST-TOTEM-STONE", "Stone Totem"));
    let mut forge = copy("Quick Bolt", "TEST-RELIC-FORGE", "Relic Forge");
    forge.abilities = vec![ability("Spell", AbilityKind::Spell)];
    cards.push(forge);
    cards
}

fn runner() -> Arc<dyn AbilityRunner> {
    Arc::new(test_runner().ability("TEST-RELIC-FORGE", 0, |cx| {
        let me = cx.controller();
        let db = cx.query().db();
        let (Some(aegis), Some(banner)) = (db.by_name("Relic: Aegis"), db.by_name("War Banner"))
        else {
            return Err(crate::engine::Halt::Failed("no token cards".into()));
        };
        cx.summon_token(me, aegis, 2, TokenDestination::ExArea);
        cx.summon_token(me, aegis, 1, TokenDestination::Field);
        cx.summon_token(me, banner, 2, TokenDestination::FieldOverflowToEx);
        Ok(())
    }))
}

fn board(p1: Side, p2: Side) -> Board {
    let db = CardDb::with_declarations(cards(), declarations()).expect("a valid pool");
    Board::builder()
        .db(Arc::new(db))
        .runner(runner())
        .side(P1, p1.leader(10))
        .side(P2, p2.leader(10))
        .build()
}

fn names(s: &Board, player: crate::engine::PlayerId, zone: Zone) -> Vec<String> {
    let state = s.game.state();
    let p = state.player(player);
    let cards = match zone {
        Zone::ExArea => &p.ex_area,
        Zone::Field => &p.field,
        _ => unreachable!("a zone the tests read"),
    };
    cards
        .iter()
        .map(|c| s.game.db().get(state.card(*c).def).name.clone())
        .collect()
}

fn has_ward(s: &Board, player: crate::engine::PlayerId, name: &str) -> bool {
    let card = s.card(player, Zone::Field, name);
    s.game
        .state()
        .characteristics(s.game.db(), card)
        .keywords
        .contains(Keywords::WARD)
}

#[test]
fn tokens_of_a_kind_are_made_only_where_it_lives_one_of_a_name_there() {
    let mut s = board(
        Side::new().hand(["Relic Forge"]).field(["V1"]).pp(5),
        Side::new(),
    );
    s.play("Relic Forge");
    // Two Relics asked for the EX area, one made; none on the field.
    assert_eq!(
        names(&s, P1, Zone::ExArea),
        ["Relic: Aegis"],
        "{}",
        s.dump()
    );
    // Two Banners asked for the field, one made, and none overflows into
    // the EX area, where Banners may not be.
    assert_eq!(
        names(&s, P1, Zone::Field),
        ["V1", "War Banner"],
        "{}",
        s.dump()
    );
    let aegis = s.card(P1, Zone::ExArea, "Relic: Aegis");
    assert!(s.game.db().get(s.game.state().card(aegis).def).is_token);
}

#[test]
fn a_kind_living_in_the_ex_area_works_there_and_is_never_played() {
    let s = board(
        Side::new().ex_area(["Relic: Aegis"]).field(["V1"]).pp(10),
        Side::new().field(["V2"]),
    );
    assert!(has_ward(&s, P1, "V1"), "{}", s.dump());
    assert!(!has_ward(&s, P2, "V2"), "only its controller's followers");
    let aegis = s.card(P1, Zone::ExArea, "Relic: Aegis");
    assert!(
        !s.can(Action::Play { card: aegis }),
        "a Relic may not be on the field: {}",
        s.dump()
    );
}

#[test]
fn a_token_moved_where_its_kind_may_not_be_ceases_to_exist() {
    let mut s = board(
        Side::new().ex_area(["Relic: Aegis"]).field(["War Banner"]),
        Side::new().ex_area(["Relic: Aegis"]),
    );
    let aegis = s.card(P1, Zone::ExArea, "Relic: Aegis");
    let banner = s.card(P1, Zone::Field, "War Banner");
    // Into an EX area holding a Relic of its name: not moved.
    s.game
        .move_card(aegis, P2, Zone::ExArea, Place::Top, MoveCause::PutByEffect);
    assert_eq!(s.game.state().card(aegis).zone, Zone::ExArea);
    assert_eq!(s.game.state().card(aegis).controller, P1, "not moved");
    // A Banner put into an EX area, a Relic onto the field: gone.
    s.game
        .move_card(banner, P1, Zone::ExArea, Place::Top, MoveCause::PutByEffect);
    assert_eq!(s.game.state().card(banner).zone, Zone::RemovedFromGame);
    s.game
        .move_card(aegis, P1, Zone::Field, Place::Top, MoveCause::PutByEffect);
    assert_eq!(s.game.state().card(aegis).zone, Zone::RemovedFromGame);
    assert!(names(&s, P1, Zone::ExArea).is_empty(), "{}", s.dump());
}

#[test]
fn the_pool_refuses_bad_token_kinds_by_name() {
    let refused = |cards: Vec<CardDef>, kinds: Vec<DeclaredTokenKind>| {
        let declarations = Declarations {
            token_kinds: kinds,
            ..Declarations::default()
        };
        match CardDb::with_declarations(cards, declarations) {
            Err(error) => error.to_string(),
            Ok(_) => panic!("the pool was accepted"),
        }
    };
    let unknown = refused(cards(), vec![relic_kind()]);
    assert!(
        unknown.contains("`TEST-BANNER` is a `Banner` token, a kind no loaded pack declares"),
        "{unknown}"
    );
    let twice = refused(cards(), vec![relic_kind(), banner_kind(), relic_kind()]);
    assert_eq!(twice, "token kind `Relic` is declared twice");
    let mut spell = copy("Quick Bolt", "TEST-RELIC-SPELL", "Relic Spell");
    spell.token_kind = Some("Relic".into());
    let mut pool = cards();
    pool.push(spell);
    let not_permanent = refused(pool, vec![relic_kind(), banner_kind(), totem_kind()]);
    assert!(
        not_permanent
            .contains("`TEST-RELIC-SPELL` is a `Relic` token, but only a follower or an amulet"),
        "{not_permanent}"
    );
    let nowhere = DeclaredTokenKind {
        rules: TokenRules {
            field: false,
            ex_area: false,
            one_per_name: false,
        },
        ..relic_kind()
    };
    let nowhere = refused(cards(), vec![nowhere, banner_kind()]);
    assert!(
        nowhere.contains("`Relic` may exist in no zone"),
        "{nowhere}"
    );
    let crest = DeclaredTokenKind {
        name: "Crest".into(),
        ..relic_kind()
    };
    assert!(matches!(
        CardDb::with_declarations(
            test_cards(),
            Declarations {
                token_kinds: vec![crest],
                ..Declarations::default()
            }
        ),
        Err(CardDbError::UnsupportedTokenKind(_))
    ));
}

#[test]
fn a_kinds_rules_are_in_the_fingerprint_and_its_reminder_is_not() {
    let fingerprint = |kinds: Vec<DeclaredTokenKind>| {
        let declarations = Declarations {
            token_kinds: kinds,
            ..Declarations::default()
        };
        CardDb::with_declarations(cards(), declarations)
            .expect("a valid pool")
            .fingerprint()
    };
    let base = fingerprint(vec![relic_kind(), banner_kind(), totem_kind()]);
    let reworded = DeclaredTokenKind {
        reminder: "Other words.".into(),
        ..relic_kind()
    };
    assert_eq!(
        base,
        fingerprint(vec![reworded, banner_kind(), totem_kind()])
    );
    let many = DeclaredTokenKind {
        rules: TokenRules {
            one_per_name: false,
            ..relic_kind().rules
        },
        ..relic_kind()
    };
    assert_ne!(base, fingerprint(vec![many, banner_kind(), totem_kind()]));
    // A pool that declares no kind keeps the fingerprint it had before
    // kinds could be declared.
    let plain = CardDb::new(test_cards()).expect("a valid pool");
    let with_none =
        CardDb::with_declarations(test_cards(), Declarations::default()).expect("a valid pool");
    assert_eq!(plain.fingerprint(), with_none.fingerprint());
}

#[test]
fn a_reload_takes_a_kinds_new_rules() {
    let old = CardDb::with_declarations(cards(), declarations()).expect("a valid pool");
    let banners_anywhere = DeclaredTokenKind {
        rules: TokenRules {
            ex_area: true,
            ..banner_kind().rules
        },
        ..banner_kind()
    };
    let fresh = CardDb::with_declarations(
        cards(),
        Declarations {
            token_kinds: vec![relic_kind(), banners_anywhere, totem_kind()],
            ..Declarations::default()
        },
    )
    .expect("a valid pool");
    let (reloaded, _) = old.updated_from(&fresh).expect("a valid reload");
    let banner = reloaded.by_card_id("TEST-BANNER").expect("the banner");
    assert_eq!(
        reloaded.token_rules(banner).map(|rules| rules.ex_area),
        Some(true)
    );
}

#[test]
fn a_token_whose_name_is_on_the_field_is_not_played_there() {
    // A Stone Totem on the field and one in the EX area: the one in the EX
    // area can't be played (it could never arrive), nor put there.
    let mut s = board(
        Side::new()
            .field(["Stone Totem"])
            .ex_area(["Stone Totem"])
            .pp(5),
        Side::new(),
    );
    let in_ex = s.card(P1, Zone::ExArea, "Stone Totem");
    assert!(!s.can(Action::Play { card: in_ex }), "{}", s.dump());
    assert!(!s.game.put_onto_field(in_ex, P1));
    assert_eq!(s.game.state().card(in_ex).zone, Zone::ExArea);
    // Without one on the field, it can.
    let s = board(Side::new().ex_area(["Stone Totem"]).pp(5), Side::new());
    let in_ex = s.card(P1, Zone::ExArea, "Stone Totem");
    assert!(s.can(Action::Play { card: in_ex }), "{}", s.dump());
}
