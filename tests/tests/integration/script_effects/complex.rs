//! ComplexEffect scripts.

use super::*;
use sve_engine::engine::QuestionRole;

fn ledger(loaded: &LoadedPacks) -> Board {
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
fn the_yes_to_a_cost_the_script_asks_about_can_be_taken_back() {
    let loaded = load();
    let mut s = ledger(&loaded);
    s.play("Gambler's Ledger");
    let pay = s.game.decision().cloned().expect("pay the cost of Bounce?");
    assert!(matches!(
        pay.prompt,
        Prompt::Ability {
            role: QuestionRole::OptionalCost,
            ..
        }
    ));
    s.choose(|c| *c == Choice::Yes);
    let which = s.game.decision().cloned().expect("which followers return");
    assert!(matches!(
        which.prompt,
        Prompt::Ability {
            role: QuestionRole::Cost,
            ..
        }
    ));
    assert_eq!(which.options.last(), Some(&Choice::Cancel));
    s.choose(|c| *c == Choice::Cancel);
    assert_eq!(s.game.decision(), Some(&pay), "asked again");
    s.choose(|c| *c == Choice::No);
    assert_eq!(leader(&s, P2), 17, "only the revealed cost");
    assert_eq!(zone_names(&s, P1, Zone::Field), ["V1", "V2"]);
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
