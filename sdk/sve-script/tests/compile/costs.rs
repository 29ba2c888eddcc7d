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

#[test]
fn fuse_costs_and_their_place() {
    // Fuse (later-sets §9): exactly n, or 1 to n; the `fused` statistic
    // and the triggers.
    check_abilities(
        r#"
ability Act name Fuse {
    cost (Fuse, 2, F);
    effect DrawCard(#(fused, t(Condemned)));
}
ability Act name Wide {
    cost (FuseUpTo, 3);
    effect GiveCounter(Fusion, 1) to Self;
}
ability OnFuse { filter F; effect DrawCard(1); }
ability OnFused { effect DrawCard(1); }
"#,
        expect![[r##"
            #0 "Fuse" activated Act (line 8)
              costs: (Fuse, 2, F)
              effect: DrawCard(amount: #(fused,t(Condemned)))
            #1 "Wide" activated Act (line 12)
              costs: (FuseUpTo, 3)
              effect: GiveCounter(counter: Fusion, amount: 1) to Self
            #2 "OnFuse" triggered OnFuse (line 16)
              filter: F
              effect: DrawCard(amount: 1)
            #3 "OnFused" triggered OnFused (line 17)
              effect: DrawCard(amount: 1)
        "##]],
    );
    // A Fuse anywhere but an `Act` ability is an error at its place.
    check_abilities(
        r#"
ability Fanfare {
    cost (Fuse, 1);
    effect DrawCard(1);
}
"#,
        expect![[r#"
            (rejected)

            error[fuse-outside-act]: a Fuse cost on a `Fanfare` ability: Fuse is the cost of an `Act` ability, which then works in the hand
             --> cards.txt:9:10
              |
            9 |     cost (Fuse, 1);
              |          ^^^^^^^^^
              = note: in card `Test Card` (T-001)

        "#]],
    );
}

#[test]
fn skipping_the_next_turn_is_a_cost() {
    // "Skip your next turn" as a cost (later-sets §12.9, IR 23).
    check_abilities(
        r#"
ability Act {
    cost (SkipNextTurn);
    effect Evolve();
}
"#,
        expect![[r##"
            #0 "Act" activated Act (line 8)
              costs: (SkipNextTurn)
              effect: Evolve() to Self
            keywords: Evolve
        "##]],
    );
}

#[test]
fn the_adv_mark_is_for_act_abilities() {
    // `(Advanced)` marks an `[adv]` ability (later-sets §6.2); anywhere but
    // an `Act` ability it is an error at its place.
    check_abilities(
        r#"
ability Act name Overdrive {
    cost (Advanced), (PP, 2);
    effect DrawCard(1);
}
"#,
        expect![[r##"
            #0 "Overdrive" activated Act (line 8)
              costs: (Advanced), (PP, 2)
              effect: DrawCard(amount: 1)
        "##]],
    );
    check_abilities(
        r#"
ability Fanfare {
    cost (Advanced);
    effect DrawCard(1);
}
"#,
        expect![[r#"
            (rejected)

            error[advanced-outside-act]: `(Advanced)` on a `Fanfare` ability: `[adv]` marks an `Act` ability (a Ride is one)
             --> cards.txt:9:10
              |
            9 |     cost (Advanced);
              |          ^^^^^^^^^^
              = note: in card `Test Card` (T-001)

        "#]],
    );
}
