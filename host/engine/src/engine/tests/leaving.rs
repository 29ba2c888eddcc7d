//! rules-coverage.md §11.4: abilities that trigger on a card leaving the
//! field look back at the card as it was there (CR 10.7.4.1), and cards
//! that leave at the same moment see each other leave (CR 10.7.4.2).

use super::P1;
use crate::board::{Board, Side};
use crate::cards::Keywords;
use crate::engine::runtime::Task;
use crate::engine::{Duration, EffectKind, Prompt, Zone};

/// Runs a Confirmation Timing now (rules handling, then pending abilities).
fn check_timing(s: &mut Board) {
    s.game.tasks.push(Task::CheckTiming(0));
    s.game.decision = None;
    s.game.step();
}

fn hand(s: &Board) -> usize {
    s.game.state().player(P1).hand.len()
}

#[test]
fn s11_4_cr_10_7_4_2_followers_destroyed_together_each_see_the_other_leave() {
    // Two Mourners at 0 defense: rules handling destroys both at once
    // (CR 11.1.3), and each sees the other leave, although one of them is
    // moved first.
    let mut s = Board::builder()
        .side(
            P1,
            Side::new()
                .field(["Mourner"])
                .damaged(1)
                .field(["Mourner"])
                .damaged(1),
        )
        .build();
    check_timing(&mut s);
    assert_eq!(
        s.game.decision().map(|d| d.prompt.clone()),
        Some(Prompt::ChoosePendingAbility),
        "two abilities to order\n{}",
        s.dump()
    );
    s.answer(P1, &[0]);
    assert_eq!(s.game.state().player(P1).cemetery.len(), 2);
    assert_eq!(hand(&s), 2, "each Mourner drew\n{}", s.dump());
}

#[test]
fn s11_4_cr_10_7_4_2_a_follower_leaving_alone_is_seen_once() {
    let mut s = Board::builder()
        .side(
            P1,
            Side::new()
                .field(["Mourner", "V2"])
                .field(["V1"])
                .damaged(1),
        )
        .build();
    check_timing(&mut s);
    assert_eq!(hand(&s), 1, "{}", s.dump());
}

#[test]
fn s11_4_cr_10_7_4_1_a_leave_trigger_reads_the_card_as_it_was_on_the_field() {
    // The watcher wants an engaged evolved follower with Ward. In the
    // cemetery the card is none of these: it is a new object, not evolved,
    // reserved, and the effect that gave it Ward is gone (CR 4.1.4).
    let mut s = Board::builder()
        .side(
            P1,
            Side::new()
                .field(["Keen Watcher"])
                .engaged(["V1"])
                .evolved("V1 (Evolved)"),
        )
        .build();
    let v1 = s.card(P1, Zone::Field, "V1");
    s.game.add_effect(
        v1,
        EffectKind::Keywords(Keywords::WARD),
        Duration::WhileInZone,
        None,
    );
    s.game.destroy(v1, true);
    check_timing(&mut s);
    assert_eq!(s.game.state().card(v1).zone, Zone::Cemetery);
    assert_eq!(hand(&s), 1, "the watcher saw it\n{}", s.dump());
}

#[test]
fn s11_4_cr_10_7_4_1_a_leave_trigger_does_not_see_what_the_card_did_not_have() {
    // Reserved and without Ward: no trigger.
    let mut s = Board::builder()
        .side(
            P1,
            Side::new()
                .field(["Keen Watcher"])
                .field(["V1"])
                .evolved("V1 (Evolved)"),
        )
        .build();
    let v1 = s.card(P1, Zone::Field, "V1");
    s.game.destroy(v1, true);
    check_timing(&mut s);
    assert_eq!(hand(&s), 0, "{}", s.dump());
}

/// P1's "Voider" banishes enemy followers that would go to the cemetery
/// from the field; P2 has "Last Drawer" (Last Words: draw a card).
fn voider_board() -> Board {
    let mut cards = crate::board::fixtures::test_cards();
    let mut voider = super::copy("V1", "TEST-VOIDER", "Voider");
    voider.keywords |= Keywords::BANISHES_ENEMIES_INSTEAD;
    cards.push(voider);
    Board::builder()
        .db(std::sync::Arc::new(
            crate::cards::CardDb::new(cards).expect("a valid pool"),
        ))
        .side(P1, Side::new().field(["Voider"]))
        .side(
            super::P2,
            Side::new().field(["Last Drawer", "V2"]).deck(["V1", "V1"]),
        )
        .build()
}

#[test]
fn l11_2_re3_an_enemy_destroyed_is_banished_instead_and_its_last_words_do_not_trigger() {
    let mut s = voider_board();
    let p2 = super::P2;
    let drawer = s.card(p2, Zone::Field, "Last Drawer");
    let hand_before = s.game.state().player(p2).hand.len();
    s.game.destroy(drawer, true);
    check_timing(&mut s);
    assert_eq!(s.game.state().card(drawer).zone, Zone::Banished);
    assert_eq!(s.game.state().player(p2).hand.len(), hand_before, "no draw");
    // The replacement is the enemy's only: P1's own follower still goes
    // to the cemetery.
    let voider = s.card(P1, Zone::Field, "Voider");
    s.game.destroy(voider, true);
    assert_eq!(s.game.state().card(voider).zone, Zone::Cemetery);
}

#[test]
fn l11_2_re3_a_follower_that_cant_be_banished_goes_to_the_cemetery_and_draws() {
    let mut s = voider_board();
    let p2 = super::P2;
    let drawer = s.card(p2, Zone::Field, "Last Drawer");
    s.game.add_effect(
        drawer,
        EffectKind::Keywords(Keywords::CANNOT_BE_BANISHED),
        Duration::WhileInZone,
        None,
    );
    let hand_before = s.game.state().player(p2).hand.len();
    s.game.destroy(drawer, true);
    check_timing(&mut s);
    assert_eq!(s.game.state().card(drawer).zone, Zone::Cemetery);
    assert_eq!(
        s.game.state().player(p2).hand.len(),
        hand_before + 1,
        "its Last Words drew"
    );
}

#[test]
fn l11_2_a_follower_at_0_defense_is_banished_instead_too() {
    let mut s = voider_board();
    let p2 = super::P2;
    let v2 = s.card(p2, Zone::Field, "V2");
    s.game
        .deal_damage_to_follower(v2, 2, crate::engine::DamageKind::Ability, None);
    check_timing(&mut s);
    assert_eq!(s.game.state().card(v2).zone, Zone::Banished);
}

/// Last Drawer (Last Words: draw a card) with "if this card would be put
/// into the cemetery from the field, put it into its owner's `zone`
/// instead", on P2's field, Voider on P1's.
fn instead_board(zone: crate::cards::InsteadZone) -> Board {
    instead_board_with_ex(zone, [])
}

/// [`instead_board`] with P2's EX area holding `ex`.
fn instead_board_with_ex<const N: usize>(zone: crate::cards::InsteadZone, ex: [&str; N]) -> Board {
    use crate::cards::{AbilityKind, Grant, PassiveCondition, PassiveDef, PassiveScope};
    let mut cards = crate::board::fixtures::test_cards();
    let mut voider = super::copy("V1", "TEST-VOIDER", "Voider");
    voider.keywords |= Keywords::BANISHES_ENEMIES_INSTEAD;
    cards.push(voider);
    let drawer = cards
        .iter_mut()
        .find(|c| c.name == "Last Drawer")
        .expect("a test card");
    drawer.abilities.push(crate::board::fixtures::ability(
        "Elsewhere",
        AbilityKind::Passive(PassiveDef {
            grant: Grant::InsteadOfCemetery(zone),
            scope: PassiveScope::ThisCard,
            condition: PassiveCondition::Always,
        }),
    ));
    Board::builder()
        .db(std::sync::Arc::new(
            crate::cards::CardDb::new(cards).expect("a valid pool"),
        ))
        .side(P1, Side::new().field(["Voider"]))
        .side(
            super::P2,
            Side::new()
                .field(["Last Drawer", "V2"])
                .deck(["V1", "V1"])
                .ex_area(ex),
        )
        .build()
}

#[test]
fn l11_2_a_cards_own_replacement_sends_it_to_the_ex_area_instead_without_last_words() {
    let mut s = instead_board(crate::cards::InsteadZone::ExArea);
    let p2 = super::P2;
    let drawer = s.card(p2, Zone::Field, "Last Drawer");
    let hand_before = s.game.state().player(p2).hand.len();
    s.game.destroy(drawer, true);
    check_timing(&mut s);
    // Its own replacement comes before the enemy Voider's.
    assert_eq!(
        s.game.state().card(drawer).zone,
        Zone::ExArea,
        "{}",
        s.dump()
    );
    assert_eq!(s.game.state().player(p2).hand.len(), hand_before, "no draw");
    // Another follower of P2's is banished by Voider as before.
    let v2 = s.card(p2, Zone::Field, "V2");
    s.game.destroy(v2, true);
    assert_eq!(s.game.state().card(v2).zone, Zone::Banished);
}

#[test]
fn l11_2_to_the_bottom_of_the_deck_instead_and_a_banish_instead_that_cant_apply() {
    let mut s = instead_board(crate::cards::InsteadZone::DeckBottom);
    let p2 = super::P2;
    let drawer = s.card(p2, Zone::Field, "Last Drawer");
    s.game.destroy(drawer, true);
    check_timing(&mut s);
    assert_eq!(s.game.state().player(p2).deck.first(), Some(&drawer));
    // "Banished instead" on a card that can't be banished: the card goes
    // to the cemetery, Last Words and all (CR 1.3.3).
    let mut s = instead_board(crate::cards::InsteadZone::Banished);
    let drawer = s.card(p2, Zone::Field, "Last Drawer");
    s.game.add_effect(
        drawer,
        EffectKind::Keywords(Keywords::CANNOT_BE_BANISHED),
        Duration::WhileInZone,
        None,
    );
    let hand_before = s.game.state().player(p2).hand.len();
    s.game.destroy(drawer, true);
    check_timing(&mut s);
    assert_eq!(s.game.state().card(drawer).zone, Zone::Cemetery);
    assert_eq!(s.game.state().player(p2).hand.len(), hand_before + 1);
}

#[test]
fn l11_2_a_full_ex_area_takes_no_card_instead_so_it_goes_to_the_next_replacement() {
    // P2's EX area is full: Last Drawer can't go there, so Voider's
    // "banished instead" applies (CR 4.8.3.2, 10.10).
    let mut s = instead_board_with_ex(
        crate::cards::InsteadZone::ExArea,
        ["V1", "V1", "V1", "V1", "V1"],
    );
    let p2 = super::P2;
    let drawer = s.card(p2, Zone::Field, "Last Drawer");
    s.game.destroy(drawer, true);
    check_timing(&mut s);
    assert_eq!(
        s.game.state().card(drawer).zone,
        Zone::Banished,
        "{}",
        s.dump()
    );
    assert_eq!(s.game.state().player(p2).ex_area.len(), 5);
}

#[test]
fn l11_2_a_move_replacement_made_for_the_turn_applies_first_and_ends_with_it() {
    // An effect on V2 ("until the end of the turn, to the hand instead")
    // beats Voider's passive "banish instead"; made again, it lasts only
    // the turn.
    let mut s = voider_board();
    let p2 = super::P2;
    let v2 = s.card(p2, Zone::Field, "V2");
    s.game.add_effect(
        v2,
        EffectKind::InsteadOfCemetery(crate::cards::InsteadZone::Hand),
        Duration::EndOfTurn,
        None,
    );
    s.game.destroy(v2, true);
    check_timing(&mut s);
    assert_eq!(s.game.state().card(v2).zone, Zone::Hand, "{}", s.dump());
    let drawer = s.card(p2, Zone::Field, "Last Drawer");
    s.game.add_effect(
        drawer,
        EffectKind::InsteadOfCemetery(crate::cards::InsteadZone::Hand),
        Duration::EndOfTurn,
        None,
    );
    // The end of the turn ends it.
    s.game
        .apply(crate::engine::mutation::Mutation::ExpireEndOfTurnEffects);
    s.game.destroy(drawer, true);
    check_timing(&mut s);
    assert_eq!(
        s.game.state().card(drawer).zone,
        Zone::Banished,
        "{}",
        s.dump()
    );
}
