//! Costs (spec §7).

use crate::check_abilities;
use expect_test::expect;

#[test]
fn cost_items() {
    check_abilities(
        r#"
ability Act name One {
    cost (PP, 2) (LeaderDef, 1), (Discard, 1, S), (BanishFromCemetery, 2, F);
    effect Draw(1);
}
ability Act name Two {
    costs (ReturnToHand, TargetPlayerCard, FX), (Banish, Self), (RemoveCounters, Stack, 1, TargetPlayerCard, A);
    effect Draw(1);
}
ability Act name Three {
    cost (EarthRite, 2);
    effect Draw(1);
}
"#,
        expect![[r##"
            #0 "One" activated Act (line 8)
              costs: (PP, 2), (LeaderDefense, 1), (Discard, 1, S), (BanishFromCemetery, 2, F)
              effect: DrawCard(amount: 1)
            #1 "Two" activated Act (line 12)
              costs: (ReturnToHand, TargetPlayerCard, FX), (Banish, Self), (RemoveCounters, Stack, 1, TargetPlayerCard, A)
              effect: DrawCard(amount: 1)
            #2 "Three" activated Act (line 16)
              costs: (EarthRite, 2)
              effect: DrawCard(amount: 1)
            keywords: EarthRite
        "##]],
    );
}
